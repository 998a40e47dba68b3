"""The Review page's pieces: which chunks need review, their decisions, the decisions table.

Decisions are stored by :mod:`geochunk.reviews` (read through :func:`services.review_store`);
here they are :class:`~geochunk.view.tables.Decision` objects keyed by :func:`chunk_key`.
"""

from __future__ import annotations

from typing import Any, Mapping

import streamlit as st

from geochunk.view.highlight import escape_markdown
from geochunk.view.reasons import needs_review
from geochunk.view.tables import (DECISION_STATUSES, REVIEW_TABLE_CSS, Decision, chunk_key,
                           decisions_csv, review_frame, review_table_html)


__all__ = ["DECISION_STATUSES", "Decision", "chunk_key", "decided_caption", "flagged_chunks",
           "decisions_table"]


def flagged_chunks(cs: Any) -> list[int]:
    """Indices of the chunks of ``cs`` that need review, in order."""
    return [c.index for c in cs.chunks if needs_review(c)]


def decided_caption(decision: Decision) -> str:
    """"Decided <when> by <who>" as Markdown, the reviewer's name (anyone can type it, and every
    other reviewer sees it) through the one escaping rule: a name like ``![t](http://h/p.png)``
    shows as text and makes no browser fetch anything.

    >>> print(decided_caption(Decision("accepted", "", "![t](http://h/p.png)", "2026-01-02")))
    Decided 2026\\-01\\-02 by \\!\\[t\\]\\(http\\://h/p\\.png\\)
    """
    who = decision.reviewer or "someone"
    return f"Decided {escape_markdown(str(decision.decided_at))} by {escape_markdown(who)}"


def decisions_table(cs: Any, decisions: Mapping[str, Decision], doc_name: str) -> None:
    """The flagged chunks with their decisions, and the decisions as a CSV download."""
    table = review_frame(cs.chunks, cs.config.budget, decisions)
    # an HTML table: reasons and notes wrap, so every cell is read whole at 1400 px
    st.html(REVIEW_TABLE_CSS + review_table_html(table))
    st.download_button(
        "Export decisions (CSV)",
        decisions_csv(cs.chunks, cs.config.budget, decisions, doc_id=doc_name),
        file_name=f"{doc_name.rsplit('.', 1)[0]}.review.csv",
        mime="text/csv",
        on_click="ignore",
    )
