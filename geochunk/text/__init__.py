"""Plain-text helpers every stage uses: line index, character runs, bounded lower-casing, a size-bounded memo, text made safe for one terminal line.

See ARCHITECTURE.md for the modules and the arrows between the stages.
"""
