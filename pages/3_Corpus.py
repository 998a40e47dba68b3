"""Corpus: many documents at once, one row each (density, strategy, chunks, oversize, flags).

Folder input is off unless the operator names the folders it may read
(``GEOCHUNK_CORPUS_ROOTS``); pick a row to open that document in the Inspector or Review.
"""

import streamlit as st

from geochunk.ui import GeochunkError, error_line, escape_markdown, sections, services, widgets
from geochunk.ui.state import StateKeys

widgets.setup_page("Corpus")
st.title("Corpus")
config = widgets.corpus_controls()

uploads = st.file_uploader(
    "Upload documents", type=list(services.UPLOAD_TYPES), accept_multiple_files=True,
    key=StateKeys.CORPUS_UPLOAD,
    help=f"UTF-8 text, or PDF/HTML/.docx, up to {services.MAX_DOCUMENT_BYTES // 2**20} MB each",
)
jobs = services.upload_jobs(uploads)

try:
    policy = services.corpus_policy()
except GeochunkError as exc:
    st.error(f"Folder input is misconfigured: {escape_markdown(error_line(exc))}")
    policy = None
if policy is None:
    st.caption("Reading folders on the server is off. The operator can allow some folders "
               "with the GEOCHUNK_CORPUS_ROOTS environment variable.")
else:
    folder = st.text_input("…or a folder on the server", key=StateKeys.CORPUS_PATH,
                           help=f"inside {escape_markdown(policy.describe())}; files directly in it are read")
    if folder.strip():
        try:
            found, summary = services.corpus_folder_jobs(policy, folder)
            (st.caption if found else st.warning)(escape_markdown(summary))
            jobs += found
        except GeochunkError as exc:
            st.error(escape_markdown(error_line(exc, paths=[folder])))

if st.checkbox("…or the bundled samples", key=StateKeys.CORPUS_SAMPLES):
    jobs += services.sample_jobs()

if st.button(f"Chunk {len(jobs)} document(s)", disabled=not jobs, type="primary"):
    bar = st.progress(0.0, text="Starting…")

    def progress(done: int, total: int, name: str) -> None:
        bar.progress(done / total, text=f"{done}/{total} · {escape_markdown(name)}")

    st.session_state[StateKeys.CORPUS_ROWS] = services.run_corpus(jobs, config, progress)
    st.session_state[StateKeys.CORPUS_JOBS] = {j.name: j for j in jobs}

rows = st.session_state.get(StateKeys.CORPUS_ROWS)
if rows:
    sections.corpus_table(rows)
    known = st.session_state.get(StateKeys.CORPUS_JOBS, {})
    names = [r.document for r in rows if not r.error and r.document in known]
    if names:
        left, mid, right = st.columns([3, 1, 1], vertical_alignment="bottom")
        name = left.selectbox("Open a document", names, key=StateKeys.CORPUS_PICK)
        for col, label, page in ((mid, "in the Inspector", "pages/0_Inspector.py"),
                                 (right, "in Review", "pages/1_Review.py")):
            if col.button(label, key=f"{StateKeys.CORPUS_OPEN}-{page}"):
                try:
                    widgets.open_document(services.corpus_document(known[name]))
                except GeochunkError as exc:
                    st.error(escape_markdown(error_line(exc)))
                else:
                    st.switch_page(page)
