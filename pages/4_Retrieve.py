"""Retrieve: ask an index by place and meaning; see the collection shortlist, the region and
every score component. The library does the work (geochunk.retrieve); this page lays it out."""

import streamlit as st

from geochunk.ui import GeochunkError, error_line, escape_markdown, services, widgets
from geochunk.ui import retrieve as svc
from geochunk.ui.retrieve import RetrieveKeys as K

widgets.setup_page("Retrieve")
svc.ensure_leaflet_draw_assets(widgets.APP_DIR)
st.title("Retrieve")

# -- the index: bundled samples (built once into the cache) or an allowed folder --------------
source = st.sidebar.radio("Index", ("Bundled samples", "Folder"), key=K.INDEX_SOURCE)
bar = st.sidebar.empty()


def progress(done: int, total: int, name: str) -> None:
    bar.progress(done / total, text=f"indexing {done}/{total} · {escape_markdown(name)}")


index_path = st.session_state.get(K.INDEX_PATH)
if source == "Bundled samples":
    names = st.sidebar.multiselect("Samples", list(services.sample_options()),
                                   default=list(svc.DEFAULT_SAMPLES), key=K.SAMPLES)
    if names and st.sidebar.button("Use / build the samples index", type="primary"):
        try:
            index_path, report = svc.build_samples_index(names, progress)
            st.session_state[K.INDEX_PATH] = str(index_path)
        except GeochunkError as exc:
            st.sidebar.error(escape_markdown(error_line(exc)))
else:
    policy = services.corpus_policy()
    if policy is None:
        st.sidebar.caption("Reading folders on the server is off; the operator can allow folders "
                           "with GEOCHUNK_CORPUS_ROOTS.")
    else:
        folder = st.sidebar.text_input("Folder", key=K.FOLDER, help=f"inside {escape_markdown(policy.describe())}")
        collection = st.sidebar.text_input("Collection", "folder", key=K.COLLECTION)
        licence = st.sidebar.text_input("Licence", "unspecified", key=K.LICENCE)
        if folder.strip() and st.sidebar.button("Build the folder index", type="primary"):
            try:
                jobs, _ = services.corpus_folder_jobs(policy, folder)
                texts = [(j.name, services.corpus_document(j).text) for j in jobs]
                index_path, _ = svc.build_folder_index(texts, collection=collection, licence=licence,
                                                       progress=progress)
                st.session_state[K.INDEX_PATH] = str(index_path)
            except GeochunkError as exc:
                st.sidebar.error(escape_markdown(error_line(exc, paths=[folder])))

if not index_path:
    st.info("Pick the bundled samples (or a folder) in the sidebar and build the index.")
    st.stop()
try:  # the app's own samples index, if damaged, is built again; any other says what is wrong
    ix, index_path = svc.current_index(index_path, names if source == "Bundled samples" else (),
                                       progress)
except GeochunkError as exc:  # the file by its name: its folder is the server's (home, user)
    st.error(f"{escape_markdown(error_line(exc, paths=[index_path]))} "
             "Build the index again in the sidebar.")
    st.stop()
svc.status_section(ix)

# -- the question and the region -------------------------------------------------------------
question = st.text_input("Question", "allotment gardens and community growing", key=K.QUESTION)
mode = st.radio("Region", ("Draw on the map", "Box", "Near a point"), horizontal=True, key=K.REGION_MODE)
c1, c2, c3, c4 = st.columns(4)
decay = c1.selectbox("Distance decay", svc.DECAYS, key=K.DECAY)
half_life = c2.number_input("Half-life (m, 0 = auto)", 0.0, 1e7, 0.0, step=100.0, key=K.HALF_LIFE)
k = c3.number_input("Results", 1, 100, 10, key=K.K)
no_extent = c4.checkbox("search chunks without extent", key=K.NO_EXTENT)

region = None
try:
    if mode == "Box":
        region = svc.box_region(st.text_input("w,s,e,n (WGS 84)", "-3.25,55.92,-3.15,55.97",
                                              key=K.BBOX))
    elif mode == "Near a point":
        point = st.text_input("lon,lat", "-3.19,55.95", key=K.NEAR)
        region = svc.near_region(point, st.number_input("radius (m)", 1.0, 2e7, 2000.0,
                                                        key=K.RADIUS))
    elif st.session_state.get(K.DRAWN):
        region = svc.drawn_region(st.session_state[K.DRAWN])
except GeochunkError as exc:
    st.error(escape_markdown(error_line(exc)))

result = None
if region is not None and question.strip():
    try:
        result = svc.run_query(ix, question, region, k=int(k), decay=decay,
                               half_life_m=half_life or None, include_no_extent=no_extent)
    except GeochunkError as exc:
        st.error(escape_markdown(error_line(exc, paths=[ix.path])))

# -- the answer --------------------------------------------------------------------------------
left, right = st.columns([3, 2])
with left:
    drawn = svc.answer_map(ix, result, key=K.MAP, region=region)
    if mode == "Draw on the map" and drawn and drawn != st.session_state.get(K.DRAWN):
        st.session_state[K.DRAWN] = drawn
        st.rerun()
with right:
    if mode == "Draw on the map" and region is None:
        st.caption("Draw a rectangle, polygon or circle on the map to search there.")
    if result is not None:
        for line in svc.staleness_lines(result):
            st.caption(escape_markdown(line))
        st.subheader("Collections")
        st.html(svc.shortlist_html(result))  # wraps: reasons read whole in the narrow column
if result is not None:
    st.subheader(f"Results in {escape_markdown(result.region.description)}")
    if result.rows:
        st.html(svc.results_html(result, question))
    else:
        st.info("No chunk in the region matches the question.")
    with st.expander("Every score component", expanded=False):
        st.html(svc.scores_html(result))
