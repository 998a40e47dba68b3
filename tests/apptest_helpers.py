"""Shared AppTest helpers: open the app on a page, metric values, the st_folium component's
arguments, the chunk picker, everything a page sends."""

from __future__ import annotations

import json
from pathlib import Path

from streamlit.testing.v1 import AppTest

from geochunk.ui.state import StateKeys


def open_app(app_dir: Path, page: str | None = None, sample: str | None = None) -> AppTest:
    """The app run once (the Inspector on its default sample), then on ``sample`` and ``page``
    when given; no exception on the way."""
    at = AppTest.from_file(str(app_dir / "app.py"), default_timeout=120)
    at.run()
    if sample is not None:
        at.selectbox(key=StateKeys.SAMPLE).set_value(sample).run()
    if page is not None:
        at.switch_page(page).run()
    assert not at.exception, at.exception
    return at


def metric(at: AppTest, label: str) -> str:
    return next(m.value for m in at.metric if m.label == label)


def map_args(at: AppTest) -> list[dict]:
    return [json.loads(e.proto.json_args) for e in at.get("component_instance")
            if e.proto.component_name == "streamlit_folium.st_folium"]


def picker(at: AppTest, prefix: str = "gc_chunk-inspector-"):
    """The chunk picker of the current chunk set (its key changes with the chunk set)."""
    [box] = [s for s in at.selectbox if s.key and s.key.startswith(prefix)]
    return box


def review_table(at: AppTest):
    """The Review page's decisions table (an escaped HTML table) as a DataFrame with the
    columns of ``view.tables.review_frame`` (``reviewer``, ``decided at``); empty cells ''."""
    from io import StringIO

    import pandas as pd

    [body] = [h.proto.body for h in at.get("html") if 'class="gc-review"' in h.proto.body]
    [frame] = pd.read_html(StringIO(body), flavor="lxml", keep_default_na=False)
    return frame.rename(columns={"by": "reviewer", "when (UTC)": "decided at"})


def page_output(at: AppTest) -> str:
    """Everything the page sends to the browser: every element's protobuf (text, HTML,
    component arguments) and every table's cells."""
    parts: list[str] = []

    def walk(node) -> None:
        proto = getattr(node, "proto", None)
        if proto is not None:
            parts.append(str(proto))
        value = getattr(node, "value", None) if type(node).__name__ == "Dataframe" else None
        if value is not None:
            parts.append(value.to_csv())
        for child in getattr(node, "children", {}).values():
            walk(child)

    walk(at._tree)
    return "\n".join(parts)
