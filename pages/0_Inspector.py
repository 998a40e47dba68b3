"""geochunk Inspector: load a document, tune the chunker, look at the chunks on a map.

Run with ``streamlit run app.py``. Works offline: Leaflet is served from ``static/`` and the
default basemap is "none". Widgets and layout only; the work is in ``geochunk``.
"""

import streamlit as st

from geochunk.ui import sections, widgets
from geochunk.view.highlight import escape_markdown

widgets.setup_page("Inspector")
st.title("geochunk · Inspector")

doc, run, cs = widgets.chunked_document("Pick a bundled sample, upload a file or paste text in the sidebar.")

st.subheader(f"Summary · {escape_markdown(doc.name)}")
sections.summary(run, cs)

st.subheader("Map")
selected = sections.chunk_picker(cs)
sections.chunk_map(run, cs, selected)

st.subheader("Chunks")
sections.chunk_table(cs)
if selected is not None:
    st.markdown(f"**Chunk #{selected}**")
    sections.chunk_detail(cs, selected)
else:
    st.caption("Select a chunk (table row or the picker above the map) to see its text.")

st.subheader("Download")
sections.downloads(cs)
