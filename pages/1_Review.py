"""Review: only the flagged chunks, why each is flagged, a map of it, and a decision.

Decisions are kept in SQLite (``geochunk.reviews``), keyed by the document's digest and the
chunk's identity, with who and when: a refresh, a restart or a second tab loses nothing.
"""

import streamlit as st

from geochunk.ui import sections, services, widgets
from geochunk.ui.review import (DECISION_STATUSES, Decision, chunk_key, decided_caption,
                                decisions_table, flagged_chunks)
from geochunk.ui.state import StateKeys

widgets.setup_page("Review")
st.title("Review flagged chunks")

doc, run, cs = widgets.chunked_document()
store = services.review_store()
decisions = services.review_decisions(store, doc.digest)

flagged = flagged_chunks(cs)
st.metric("Flagged chunks", f"{len(flagged)} of {len(cs.chunks)}")
if not flagged:
    st.success("No chunk needs review at these settings.")
    st.stop()

decisions_table(cs, decisions, doc.name)

selected, moved = sections.selected_chunk(cs, "review")
if selected is not None and selected not in flagged:
    selected = None


def next_flagged() -> None:
    later = [i for i in flagged if selected is None or i > selected]
    sections.select_chunk(cs, (later or flagged)[0], "review")


def describe(c: object) -> str:
    return f"{sections.chunk_label(c)} · {decisions.get(chunk_key(c), Decision()).status}"


pick, step = st.columns([4, 1], vertical_alignment="bottom")
with pick:
    sections.chunk_picker(cs, selected, scope="review", indices=flagged,
                          label="Flagged chunk to review", describe=describe)
step.button("Next flagged ▸", on_click=next_flagged, key=StateKeys.REVIEW_NEXT, width="stretch")
if moved:
    st.info(moved)
if selected is None:
    st.caption("Pick a flagged chunk (or press Next flagged) to see its map, its text and to "
               "record a decision.")
    st.stop()

key = chunk_key(cs.chunks[selected])
left, right = st.columns([3, 2])
with left:
    sections.chunk_map(run, cs, selected, key="review", only=[selected], scope="review",
                       bboxes=run.bboxes)
with right:
    current = decisions.get(key, Decision())
    if current.decided_at:
        st.caption(decided_caption(current))
    with st.form(f"decision-{key}"):
        status = st.radio("Decision", DECISION_STATUSES, horizontal=True,
                          index=DECISION_STATUSES.index(current.status),
                          key=f"{StateKeys.REVIEW_STATUS}-{key}")
        note = st.text_input("Note", value=current.note, key=f"{StateKeys.REVIEW_NOTE}-{key}")
        reviewer = st.text_input("Reviewer", key=StateKeys.REVIEWER,
                                 help="your name, saved with the decision")
        if st.form_submit_button("Save decision"):
            store.save(doc.digest, key, status, note=note, reviewer=reviewer, doc_id=doc.name)
            st.rerun()
    sections.chunk_detail(cs, selected, run)
