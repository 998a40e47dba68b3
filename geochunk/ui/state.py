"""Session-state and widget keys used by the app's pages (one place, no string typos).

>>> StateKeys.BUDGET
'gc_budget'
>>> StateKeys.DOCUMENT in StateKeys.PERSISTENT
False
"""

from __future__ import annotations

__all__ = ["StateKeys"]


class StateKeys:
    """Keys into ``st.session_state``. Widget keys are listed in :attr:`PERSISTENT` so their
    values survive switching pages (see :func:`geochunk.ui.widgets.setup_page`)."""

    # data (not widgets)
    DOCUMENT = "gc_document"  # ui.services.Document currently loaded
    CORPUS_ROWS = "gc_corpus_rows"  # list[view.tables.CorpusRow] of the last corpus run
    CORPUS_JOBS = "gc_corpus_jobs"  # {document name: view.corpus.CorpusJob} of that run
    SELECTION = "gc_selection"  # {(scope, doc digest): view.selection.Selection}

    # document loader widgets
    SOURCE = "gc_source"
    SAMPLE = "gc_sample"
    UPLOAD = "gc_upload"
    PASTE = "gc_paste"

    # chunking controls
    BUDGET = "gc_budget"
    ENCODING = "gc_encoding"
    STRATEGY = "gc_strategy"
    OVERSIZE = "gc_oversize"
    TOLERANCE_MODE = "gc_tolerance_mode"
    TOLERANCE = "gc_tolerance"
    OVERLAP = "gc_overlap"
    ATTACH = "gc_attach"
    ATTACH_PROSE = "gc_attach_prose"
    UNIT = "gc_unit"
    REWRAP = "gc_rewrap"

    # display controls
    BASEMAP = "gc_basemap"
    DISPLAY_MAX_VERTICES = "gc_display_max_vertices"
    CDN_LEAFLET = "gc_cdn_leaflet"

    # page widgets
    CHUNK = "gc_chunk"  # prefix of the chunk picker's key (one picker per chunk set)
    CHUNK_TABLE = "gc_chunk_table"  # prefix of the chunk table's key
    TABLE_SCROLL = "gc_table_scroll"  # prefix of the key of what scrolls a table to its row
    FIND = "gc_find"  # feature id search in the chunk table
    FLAGGED_ONLY = "gc_flagged_only"
    BBOXES = "gc_bboxes"  # which chunk bboxes the map draws
    COLOR_BY = "gc_color_by"  # what the chunk map's features are coloured by
    LAYERS = "gc_layers"  # which of the chunk map's layers are shown
    SWEEP = "gc_sweep"  # show the budget sweep
    DOC_VIEW = "gc_doc_view"  # prefix of the document view's key
    DOC_WINDOW = "gc_doc_window"  # {digest: (window start, selected chunk's start)}
    MAX_AREA_CHANGE = "gc_max_area_change"
    REVIEWER = "gc_reviewer"
    REVIEW_STATUS = "gc_review_status"
    REVIEW_NOTE = "gc_review_note"
    REVIEW_NEXT = "gc_review_next"
    COMPARE_SPLITTER = "gc_compare_splitter"
    CORPUS_UPLOAD = "gc_corpus_upload"
    CORPUS_PATH = "gc_corpus_path"
    CORPUS_SAMPLES = "gc_corpus_samples"
    CORPUS_PICK = "gc_corpus_pick"
    CORPUS_OPEN = "gc_corpus_open"

    PERSISTENT: tuple[str, ...] = (
        SOURCE,
        SAMPLE,
        PASTE,
        BUDGET,
        ENCODING,
        STRATEGY,
        OVERSIZE,
        TOLERANCE_MODE,
        TOLERANCE,
        OVERLAP,
        MAX_AREA_CHANGE,
        ATTACH,
        ATTACH_PROSE,
        UNIT,
        REWRAP,
        BASEMAP,
        BBOXES,
        COLOR_BY,
        LAYERS,
        SWEEP,
        DISPLAY_MAX_VERTICES,
        CDN_LEAFLET,
        COMPARE_SPLITTER,
        CORPUS_PATH,
        REVIEWER,
    )
