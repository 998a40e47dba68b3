"""Context: what travels with a geometry (ids, attributes, records, headings, fences, sentences, periods, boxes) and the no-cut units built from it.

See ARCHITECTURE.md for the modules and the arrows between the stages.
"""
