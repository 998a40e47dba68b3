"""A listing's lines whose last line (every frame that fits) is written when first read
(``candidates.Lines``): everything that reads a frame's evidence gets what the tuple gives."""

from __future__ import annotations

import copy
import pickle
from dataclasses import replace

import numpy as np
import pytest

from geochunk.crs import candidates
from geochunk.crs.candidates import Lines, listing
from geochunk.model import FALLBACK_FRAME, Evidence

POINTS = [(155000.0, 463000.0), (500000.0, 5_500_000.0), (400000.0, 200000.0),
          (2_600_000.0, 1_200_000.0), (1_700_000.0, 5_900_000.0)]


class _Count:
    def __init__(self, line: str) -> None:
        self.line, self.calls = line, 0

    def __call__(self) -> str:
        self.calls += 1
        return self.line


def _lines(head: tuple, last: str = "z") -> tuple[Lines, _Count]:
    make = _Count(last)
    return Lines(head, make), make


@pytest.mark.parametrize("n", [0, 1, 2, 5, 6, 9])
def test_reads_as_the_tuple(n: int) -> None:
    head = tuple(f"line {i}" for i in range(n))
    full = head + ("z",)
    for first in ("index", "slice", "whole"):  # read before and after the line is written
        lines, _ = _lines(head)
        if first == "whole":
            tuple(lines)
        for i in range(-len(full) - 2, len(full) + 2):
            if -len(full) <= i < len(full):
                assert lines[i] == full[i]
            else:
                with pytest.raises(IndexError):
                    lines[i]
        for a in (None, -9, -3, -1, 0, 1, 2, 5, 9):
            for b in (None, -9, -2, -1, 0, 1, 3, 6, 9):
                for step in (None, 1, 2, -1, -2):
                    got = lines[a:b:step]
                    assert type(got) is tuple and got == full[a:b:step]
        assert len(lines) == len(full) and bool(lines)
        assert list(lines) == list(full) and list(reversed(lines)) == list(reversed(full))
        assert repr(lines) == repr(full) and str(lines) == str(full)
        assert hash(lines) == hash(full)
        assert lines == full and full == lines and not (lines != full) and not (full != lines)
        assert lines != full[:-1] and full[:-1] != lines and lines != list(full)
        assert lines != full[:-1] + ("y",) and full[:-1] + ("y",) != lines
        assert lines + ("x",) == full + ("x",) and ("x",) + lines == ("x",) + full
        assert lines * 2 == full * 2 and 2 * lines == 2 * full
        assert ("z" in lines) and ("nope" not in lines)
        assert lines.index("z") == full.index("z") and lines.count("z") == 1
        assert (lines < full + ("a",)) and (lines <= full) and (lines >= full)
        assert pickle.loads(pickle.dumps(lines)) == full
        assert type(pickle.loads(pickle.dumps(lines))) is tuple
        assert copy.copy(lines) == full and copy.deepcopy(lines) == full
        assert "; ".join(lines) == "; ".join(full)


def test_lines_equal_each_other() -> None:
    a, _ = _lines(("a", "b"))
    b, _ = _lines(("a", "b"))
    c, _ = _lines(("a", "b"), "y")
    assert a == b and hash(a) == hash(b) and a != c and not (a == c)


def test_length_head_and_brief_do_not_write_the_line() -> None:
    head = tuple(f"line {i}" for i in range(8))
    lines, made = _lines(head)
    ev = Evidence(coordinates=("(1, 2)",), considered=lines)
    assert len(lines) == 9 and lines[0] == "line 0" and lines[-2] == "line 7"
    assert lines[1:4] == head[1:4] and lines[:4] == head[:4]
    brief = ev.brief()
    assert brief.considered == head[:4] + ("... 5 more (geochunk inspect lists them all)",)
    assert brief != ev  # as a chunk's brief_frame compares them: lengths differ
    assert made.calls == 0
    assert repr(ev) == repr(Evidence(coordinates=("(1, 2)",), considered=head + ("z",)))
    assert made.calls == 1
    hash(ev), ev.to_dict(), ev.lines(), repr(ev)
    assert made.calls == 1  # written once


@pytest.mark.parametrize("xy", POINTS)
def test_listing_evidence_is_the_tuples(xy: tuple[float, float]) -> None:
    got = listing(np.array([xy]))
    assert isinstance(got.lines, Lines)
    full = tuple(got.lines)
    assert full[-1].startswith("every frame that fits, most central first: ")
    lazy, eager = listing(np.array([xy])), candidates.Listing(got.codes, full)
    assert lazy == eager and repr(lazy) == repr(eager) and lazy.note() == eager.note()
    ev_lazy = Evidence(coordinates=("c",), considered=listing(np.array([xy])).lines)
    ev = Evidence(coordinates=("c",), considered=full)
    assert ev_lazy.brief() == ev.brief() and repr(ev_lazy.brief()) == repr(ev.brief())
    assert ev_lazy == ev and ev == ev_lazy and hash(ev_lazy) == hash(ev)
    assert repr(ev_lazy) == repr(ev) and ev_lazy.to_dict() == ev.to_dict()
    assert ev_lazy.lines() == ev.lines()
    frame_lazy, frame = replace(FALLBACK_FRAME, evidence=ev_lazy), replace(FALLBACK_FRAME, evidence=ev)
    assert frame_lazy == frame and hash(frame_lazy) == hash(frame)
    assert repr(frame_lazy) == repr(frame) and frame_lazy.to_dict() == frame.to_dict()
    back = pickle.loads(pickle.dumps(frame_lazy))
    assert back == frame and repr(back) == repr(frame)
    assert type(back.evidence.considered) is tuple


def test_note_made_once() -> None:
    got = listing(np.array([POINTS[0]]))
    assert got.note() is got.note()
    assert got.note() == candidates.Listing(got.codes, tuple(got.lines)).note()


def test_a_bare_documents_report_reads_as_with_tuples() -> None:
    import crs_hard_cases as hard

    from geochunk import chunk_text
    from geochunk.chunking import brief_frame
    from geochunk.crs import resolve_frames
    from geochunk.detect import detect
    from geochunk.geometry import parse_span

    cases = [c for c in hard.generate(6, 12) if c.cls in ("bare", "overlap")]
    lazy_seen = 0
    for case in cases:
        det = detect(case.text)
        report = resolve_frames(case.text, det, [parse_span(s).geometry for s in det.spans])
        frames = [report.frame_for(i) for i in range(len(det.spans))]
        lazy_seen += sum(isinstance(f.evidence.considered, Lines) for f in frames
                         if f.evidence is not None)
        briefs = [brief_frame(f) for f in frames]
        back = pickle.loads(pickle.dumps(report))  # the evidence as plain tuples
        assert repr(back) == repr(report) and back.describe() == report.describe()
        for i, f in enumerate(frames):
            assert back.frame_for(i) == f and hash(back.frame_for(i)) == hash(f)
            assert repr(back.frame_for(i)) == repr(f)
            assert brief_frame(back.frame_for(i)) == briefs[i]
        chunks = chunk_text(case.text).chunks
        assert chunks
    assert lazy_seen
