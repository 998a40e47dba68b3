"""The Review page's pieces: which chunks need review, their decisions, the decisions table.

Decisions are stored by :mod:`geochunk.reviews` (read through :func:`services.review_store`);
here they are :class:`~geochunk.view.tables.Decision` objects keyed by :func:`chunk_key`.
"""

from __future__ import annotations

from typing import Any, Mapping

import streamlit as st

from ..view.reasons import needs_review
from ..view.tables import DECISION_STATUSES, Decision, chunk_key, decisions_csv, review_frame
from .sections import CHUNK_COLUMNS

__all__ = ["DECISION_STATUSES", "Decision", "chunk_key", "flagged_chunks", "decisions_table"]


def flagged_chunks(cs: Any) -> list[int]:
    """Indices of the chunks of ``cs`` that need review, in order."""
    return [c.index for c in cs.chunks if needs_review(c)]


def decisions_table(cs: Any, decisions: Mapping[str, Decision], doc_name: str) -> None:
    """The flagged chunks with their decisions, and the decisions as a CSV download."""
    table = review_frame(cs.chunks, cs.config.budget, decisions)
    st.dataframe(table.drop(columns=["key"]), hide_index=True, width="stretch", height=260,
                 column_config=CHUNK_COLUMNS)
    st.download_button(
        "Export decisions (CSV)",
        decisions_csv(cs.chunks, cs.config.budget, decisions, doc_id=doc_name),
        file_name=f"{doc_name.rsplit('.', 1)[0]}.review.csv",
        mime="text/csv",
        on_click="ignore",
    )
