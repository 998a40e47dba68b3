"""What the gates hand back: one :class:`Gate` verdict per gate, the :class:`GateReport` of a
run, and :func:`verdict`, the one way a gate words its problems.

>>> verdict("no_empty", [], "3 chunks all have content", ("empty chunk", "empty chunks")).passed
True
>>> verdict("no_empty", ["chunk 1: empty text"], "", ("empty chunk", "empty chunks")).detail
'1 empty chunk: chunk 1: empty text'
"""

from __future__ import annotations

from dataclasses import dataclass

from geochunk.errors import ConfigError, ValidationError

__all__ = ["GATES", "SHOWN", "Gate", "GateReport", "shown", "verdict"]

#: The gates, in the order they are run and reported.
GATES: tuple[str, ...] = (
    "geometries_parse",
    "no_swallowing",
    "no_severing",
    "frames",
    "budget",
    "round_trip",
    "reconstruction",
    "no_empty",
    "tokens",
)

SHOWN = 5  # problems spelled out per gate


@dataclass(frozen=True)
class Gate:
    """One gate's verdict; ``detail`` says what was checked or, on failure, where it broke."""

    name: str
    passed: bool
    detail: str


@dataclass(frozen=True)
class GateReport:
    """The verdicts of every gate on one chunk list.

    >>> r = GateReport((Gate("budget", True, "ok"), Gate("tokens", False, "chunk 0: none")),
    ...                oversize_rate=0.0, chunks=1, features=0)
    >>> r.passed, r.lines()[1]
    (False, 'FAIL tokens           chunk 0: none')
    """

    gates: tuple[Gate, ...]
    oversize_rate: float
    chunks: int
    features: int
    fallback_rate: float = 0.0  # share of chunks with needs_fallback (reported apart from oversized)

    @property
    def passed(self) -> bool:
        """True when every gate passed."""
        return all(g.passed for g in self.gates)

    @property
    def failures(self) -> tuple[Gate, ...]:
        """The gates that failed."""
        return tuple(g for g in self.gates if not g.passed)

    def gate(self, name: str) -> Gate:
        """The verdict of gate ``name`` (one of :data:`GATES`)."""
        for g in self.gates:
            if g.name == name:
                return g
        raise ConfigError(f"unknown gate {name!r}; valid values: {', '.join(GATES)}")

    def lines(self) -> list[str]:
        """One line per gate, then a summary line."""
        out = [f"{'PASS' if g.passed else 'FAIL'} {g.name:<17} {g.detail}" for g in self.gates]
        passed = sum(g.passed for g in self.gates)
        out.append(
            f"{passed}/{len(self.gates)} gates passed; {self.chunks} chunks, {self.features} "
            f"features, oversize rate {self.oversize_rate:.1%}, needs_fallback {self.fallback_rate:.1%}"
        )
        return out

    def raise_if_failed(self) -> None:
        """Raise :class:`~geochunk.errors.ValidationError` listing the failed gates, if any."""
        failed = self.failures
        if failed:
            raise ValidationError(
                f"{len(failed)} validation gate(s) failed: {', '.join(g.name for g in failed)}",
                tuple(f"{g.name}: {g.detail}" for g in failed),
            )


def verdict(name: str, problems: list[str], ok_detail: str, what: tuple[str, str]) -> Gate:
    """A passing gate with ``ok_detail``, or a failing one listing the first problems.

    ``what`` names one problem and several, e.g. ``("empty chunk", "empty chunks")``.
    """
    if not problems:
        return Gate(name, True, ok_detail)
    count = f"1 {what[0]}" if len(problems) == 1 else f"{len(problems)} {what[1]}"
    return Gate(name, False, f"{count}: {shown(problems)}")


def shown(problems: list[str]) -> str:
    """The first :data:`SHOWN` problems, then how many more.

    >>> shown([f"chunk {k}" for k in range(7)])
    'chunk 0; chunk 1; chunk 2; chunk 3; chunk 4; ... and 2 more'
    """
    more = f"; ... and {len(problems) - SHOWN} more" if len(problems) > SHOWN else ""
    return "; ".join(problems[:SHOWN]) + more
