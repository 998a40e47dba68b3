"""Review: only the flagged chunks, why each is flagged, a map of it, and a decision."""

import streamlit as st

from geochunk.ui import sections, widgets
from geochunk.ui.state import StateKeys
from geochunk.view.reasons import needs_review
from geochunk.view.tables import DECISION_STATUSES, Decision, chunk_key, decisions_csv, review_frame

widgets.setup_page("Review")
st.title("Review flagged chunks")

doc, run, cs = widgets.chunked_document()
decisions = st.session_state.setdefault(StateKeys.DECISIONS, {}).setdefault(doc.digest, {})

flagged = [c.index for c in cs.chunks if needs_review(c)]
st.metric("Flagged chunks", f"{len(flagged)} of {len(cs.chunks)}")
if not flagged:
    st.success("No chunk needs review at these settings.")
    st.stop()

table = review_frame(cs.chunks, cs.config.budget, decisions)
st.dataframe(table.drop(columns=["key"]), hide_index=True, width="stretch", height=260)
st.download_button(
    "Export decisions (CSV)",
    decisions_csv(cs.chunks, cs.config.budget, decisions, doc_id=doc.name),
    file_name=f"{doc.name.rsplit('.', 1)[0]}.review.csv",
    mime="text/csv",
    on_click="ignore",
)

selected = sections.chunk_picker(cs, key=StateKeys.REVIEW_CHUNK, indices=flagged,
                                 label="Flagged chunk to review")
if selected is None:
    st.caption("Pick a flagged chunk to see its map, its text and to record a decision.")
    st.stop()

key = chunk_key(cs.chunks[selected])
left, right = st.columns([3, 2])
with left:
    sections.chunk_map(run, cs, selected, key="review", only=[selected])
with right:
    current = decisions.get(key, Decision())
    with st.form(f"decision-{key}"):
        status = st.radio("Decision", DECISION_STATUSES, horizontal=True,
                          index=DECISION_STATUSES.index(current.status),
                          key=f"{StateKeys.REVIEW_STATUS}-{key}")
        note = st.text_input("Note", value=current.note, key=f"{StateKeys.REVIEW_NOTE}-{key}")
        if st.form_submit_button("Save decision"):
            decisions[key] = Decision(status, note)
            st.rerun()
    sections.chunk_detail(cs, selected)
