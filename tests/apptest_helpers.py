"""Shared AppTest probes: metric values and the st_folium component's arguments."""

from __future__ import annotations

import json

from streamlit.testing.v1 import AppTest


def metric(at: AppTest, label: str) -> str:
    return next(m.value for m in at.metric if m.label == label)


def map_args(at: AppTest) -> list[dict]:
    return [json.loads(e.proto.json_args) for e in at.get("component_instance")
            if e.proto.component_name == "streamlit_folium.st_folium"]


def picker(at: AppTest, prefix: str = "gc_chunk-inspector-"):
    """The chunk picker of the current chunk set (its key changes with the chunk set)."""
    [box] = [s for s in at.selectbox if s.key and s.key.startswith(prefix)]
    return box
