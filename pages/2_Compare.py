"""Compare: a naive fixed-size token splitter and a plain recursive splitter beside geochunk."""

import streamlit as st

from geochunk.ui import sections, services, widgets
from geochunk.ui.render import show_map
from geochunk.ui.state import StateKeys
from geochunk.view.charts import compare_frame, sizes_chart
from geochunk.view.highlight import escape_markdown
from geochunk.view.features import document_bounds, span_map_features
from geochunk.view.layers import severed_layer
from geochunk.view.maps import base_map, severed_legend_html

widgets.setup_page("Compare")
st.title("Compare splitters at the same budget")

doc, run, cs = widgets.chunked_document()
stats = services.get_comparison(cs)

st.caption(
    f"{escape_markdown(doc.name)}: {len(run.analysis.features):,} geometries, budget "
    f"{run.config.budget} tokens ({run.analysis.tokenizer}). A geometry is severed when a chunk "
    "boundary falls inside it."
)
columns = st.columns(len(stats))
for col, s in zip(columns, stats):
    col.metric(f"{s.name}: severed geometries", len(s.severed), help=f"{s.chunks} chunks")
st.dataframe(compare_frame(stats), hide_index=True, width="stretch")

st.subheader("Chunk sizes")
sections.vega_chart(sizes_chart(stats, run.config.budget), width="content")

st.subheader("Severed geometries")
names = [s.name for s in stats]
choice = st.radio("Show the cuts of", names, horizontal=True, key=StateKeys.COMPARE_SPLITTER)
chosen = stats[names.index(choice or names[0])]
bounds = document_bounds(run.analysis.features)
if bounds is None:
    st.info("No geometry in this document has a known position: nothing to map.")
else:
    cache = services.display_cache(doc.digest, run.analysis.encoding, run.display_max_vertices)
    features = span_map_features(run.analysis, chosen.severed, splitter=chosen.name,
                                 display_max_vertices=run.display_max_vertices, cache=cache)
    base = base_map(bounds, run.basemap, local_assets=run.local_assets,
                    legend_html=severed_legend_html())
    show_map(base, severed_layer(features), key=f"compare-{doc.digest[:16]}",
             basemap=run.basemap, local_assets=run.local_assets)
