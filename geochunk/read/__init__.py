"""Reading: bytes, paths and streams into text (size-capped, regular files only), which files are documents, server folders, Unicode normalisation, and PDF/HTML/DOCX extraction.

See ARCHITECTURE.md for the modules and the arrows between the stages.
"""
