"""Compare: a naive fixed-size token splitter and a plain recursive splitter beside geochunk."""

import streamlit as st

from geochunk.ui import escape_markdown, sections, services, widgets
from geochunk.ui.state import StateKeys

widgets.setup_page("Compare")
st.title("Compare splitters at the same budget")

doc, run, cs = widgets.chunked_document()
stats = services.get_comparison(cs)

st.caption(
    f"{escape_markdown(doc.name)}: {len(run.analysis.features):,} geometries, budget "
    f"{run.config.budget} tokens ({escape_markdown(run.analysis.tokenizer)}). A geometry is "
    "severed when a chunk boundary falls inside it."
)
columns = st.columns(len(stats))
for col, s in zip(columns, stats):
    col.metric(f"{s.name}: severed geometries", len(s.severed), help=f"{s.chunks} chunks")
sections.compare_table(stats)

st.subheader("Chunk sizes")
sections.sizes(stats, run.config.budget)

st.subheader("Severed geometries")
names = [s.name for s in stats]
choice = st.radio("Show the cuts of", names, horizontal=True, key=StateKeys.COMPARE_SPLITTER)
sections.severed_map(run, cs, stats[names.index(choice or names[0])])
