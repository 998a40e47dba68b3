"""geochunk Inspector: load a document, tune the chunker, look at the chunks on a map.

Run with ``streamlit run app.py``. Works offline: Leaflet is served from ``static/`` and the
default basemap is "none". Widgets and layout only; the work is in ``geochunk``.
"""

import streamlit as st

from geochunk.ui import document, escape_markdown, sections, widgets
from geochunk.ui.state import StateKeys

widgets.setup_page("Inspector")
st.title("geochunk · Inspector")

doc, run, cs = widgets.chunked_document("Pick a bundled sample, upload a file or paste text in the sidebar.")

st.subheader(f"Summary · {escape_markdown(doc.name)}")
sections.summary(run, cs)

st.subheader("Map")
selected, moved = sections.selected_chunk(cs)
sections.chunk_picker(cs, selected)
if moved:
    st.info(moved)
color_by, layers = sections.map_controls(cs)
sections.chunk_map(run, cs, selected, bboxes=run.bboxes, color_by=color_by, layers=layers)

st.subheader("Document")
document.document_view(cs, selected)

st.subheader("Chunks")
find_col, flag_col = st.columns([3, 1], vertical_alignment="bottom")
find = find_col.text_input("Find a feature id", key=StateKeys.FIND, placeholder="e.g. LU-0042")
flagged_only = flag_col.toggle("Flagged only", key=StateKeys.FLAGGED_ONLY)
sections.chunk_table(cs, selected, find=find, flagged_only=flagged_only, run=run)
if selected is not None:
    st.markdown(f"**Chunk #{selected}**")
    sections.chunk_detail(cs, selected, run)
else:
    st.caption("Select a chunk (a table row, a feature on the map, or the picker above the map) "
               "to see its text.")

st.subheader("Tuning")
if st.toggle("Budget sweep", key=StateKeys.SWEEP, help="how the chunks change with the budget"):
    sections.budget_sweep(cs)

st.subheader("Download")
sections.downloads(cs)
