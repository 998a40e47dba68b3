"""Corpus: many documents at once, one row each (density, strategy, chunks, oversize, flags)."""

import streamlit as st

from geochunk.errors import GeochunkError
from geochunk.ui import services, widgets
from geochunk.ui.state import StateKeys
from geochunk.view.highlight import escape_markdown
from geochunk.view.tables import corpus_frame

widgets.setup_page("Corpus")
st.title("Corpus")
config = widgets.corpus_controls()

uploads = st.file_uploader("Upload documents", type=list(services.UPLOAD_TYPES),
                           accept_multiple_files=True, key=StateKeys.CORPUS_UPLOAD)
folder = st.text_input("…or a folder path on the server", key=StateKeys.CORPUS_PATH,
                       placeholder="/data/reports")
use_samples = st.checkbox("…or the bundled samples", key=StateKeys.CORPUS_SAMPLES)

items = [(f.name, lambda f=f: services.read_upload(f.getvalue(), f.name)) for f in uploads or []]
if folder.strip():
    try:
        paths = services.corpus_sources(folder.strip())
    except GeochunkError as exc:
        st.error(escape_markdown(str(exc)))
        paths = []
    items += [(str(p), lambda p=p: services.read_upload(p.read_bytes(), str(p), "path"))
              for p in paths]
if use_samples:
    items += [(services.sample_options()[n], lambda n=n: services.sample_document(n))
              for n in services.sample_options()]

if st.button(f"Chunk {len(items)} document(s)", disabled=not items, type="primary"):
    bar = st.progress(0.0, text="Starting…")

    def progress(done: int, total: int, name: str) -> None:
        bar.progress(done / total, text=f"{done}/{total} · {escape_markdown(name)}")

    st.session_state[StateKeys.CORPUS_ROWS] = services.run_corpus(items, config, progress)

rows = st.session_state.get(StateKeys.CORPUS_ROWS)
if rows:
    frame = corpus_frame(rows)
    st.dataframe(
        frame, hide_index=True, width="stretch",
        column_config={
            "density": st.column_config.NumberColumn(format="percent"),
            "oversize_rate": st.column_config.NumberColumn("oversize rate", format="percent"),
            "seconds": st.column_config.NumberColumn(format="%.2f"),
        },
    )
    st.download_button("Corpus table (CSV)", frame.to_csv(index=False), "corpus.csv", "text/csv")
