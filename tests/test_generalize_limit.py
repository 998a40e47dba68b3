"""Generalize honestly: a simplification that destroys the shape is refused, the original kept
and flagged, and the reason says why (ChunkConfig.max_area_change, --max-area-change)."""

from __future__ import annotations

import json

import pytest

from geochunk import ChunkConfig, chunk_text
from geochunk.cli import main
from geochunk.errors import ConfigError
from geochunk.model import Flag
from geochunk.view.reasons import flag_reasons


def _boundary(n: int = 3000) -> str:
    """A wiggly circle of ``n`` vertices in British National Grid metres."""
    import math

    pts = [(530000 + 1000 * math.cos(2 * math.pi * k / n) * (1 + 0.02 * math.sin(40 * k)),
            180000 + 1000 * math.sin(2 * math.pi * k / n) * (1 + 0.02 * math.sin(40 * k)))
           for k in range(n)]
    ring = ", ".join(f"{x:.1f} {y:.1f}" for x, y in pts + pts[:1])
    return f"Parish boundary.\n\nSRID=27700;POLYGON (({ring}))\n\nThe end.\n"


BOUNDARY = _boundary()


def _big(cs):
    return [c for c in cs.chunks if c.generalized is not None and c.generalized.vertices_before >= 3000]


def test_without_a_limit_the_boundary_becomes_a_shape_destroying_triangle() -> None:
    cs = chunk_text(BOUNDARY, ChunkConfig(budget=32, oversize="generalize", doc_id="b"))
    [c] = _big(cs)
    assert c.text_kind == "generalized" and c.generalized.area_change > 0.5
    assert Flag.NEEDS_FALLBACK in c.flags  # destroyed and still over budget


@pytest.mark.parametrize("limit", [0.0, 0.2, 0.5])
def test_a_limit_keeps_the_original_flagged_with_the_reason(limit: float) -> None:
    cs = chunk_text(BOUNDARY, ChunkConfig(budget=32, oversize="generalize", max_area_change=limit,
                                          doc_id="b"))
    [c] = _big(cs)
    assert c.text_kind == "source" and c.text == BOUNDARY[c.start:c.end]
    assert c.flags[:2] == (Flag.OVERSIZED, Flag.NEEDS_FALLBACK) and Flag.GENERALIZED not in c.flags
    assert not c.generalized.fits and c.generalized.area_change > limit
    [why] = [r for r in flag_reasons(c, 32) if r.startswith("needs_fallback")]
    assert "generalizing was refused and the original kept" in why and "area by" in why
    # every generalized chunk that was kept respects the limit
    assert all(g.generalized.area_change <= limit for g in cs.chunks if g.text_kind == "generalized")


def test_a_limit_lets_good_simplifications_through() -> None:
    cs = chunk_text(BOUNDARY, ChunkConfig(budget=400, oversize="generalize", max_area_change=0.2,
                                          doc_id="b"))
    [c] = _big(cs)
    assert c.text_kind == "generalized" and c.generalized.fits and c.generalized.area_change < 0.2


@pytest.mark.parametrize("bad", [-0.1, float("inf"), float("nan"), True, "x"])
def test_bad_limits_are_refused(bad: object) -> None:
    with pytest.raises(ConfigError, match="max_area_change must be a share"):
        ChunkConfig(max_area_change=bad)  # type: ignore[arg-type]


def test_cli_max_area_change(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = tmp_path / "boundary.txt"
    doc.write_text(BOUNDARY, encoding="utf-8")
    args = ["chunk", str(doc), "--budget", "32", "--oversize", "generalize"]
    assert main(args + ["--max-area-change", "0.2"]) == 0
    chunks = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    big = [c for c in chunks if c["generalized"] and c["generalized"]["vertices_before"] >= 3000]
    assert big and all(c["text_kind"] == "source" and "needs_fallback" in c["flags"] for c in big)
    assert main(args + ["--max-area-change", "-1"]) == 2
    assert "max_area_change must be a share" in capsys.readouterr().err
