"""Text from outside (file, collection and feature names, questions, chunk ids) made safe to print
on one terminal line: every control character is shown as its escape.

A name holding ESC can recolour or move the cursor, a CR can overwrite the line already printed
and a newline can forge a result row; a lone surrogate (a file name that is not UTF-8, read
with ``surrogateescape``) cannot be written to a UTF-8 stream at all. :func:`shown` keeps
ordinary text (tabs and all printable Unicode) unchanged and escapes the rest, in one
``str.translate`` pass (linear time): C0 and C1 controls and DEL as ``\\xNN`` (``\\n``, ``\\r``
and ``\\t`` as themselves), line and paragraph separators and lone surrogates as ``\\uXXXX``.

>>> shown("parcels\\x1b[2J\\rA.md")
'parcels\\\\x1b[2J\\\\rA.md'
>>> shown("Zürich\\tnord"), shown("bad-\\udcff.md")
('Zürich\\tnord', 'bad-\\\\udcff.md')
"""

from __future__ import annotations

from typing import Callable, Sequence

__all__ = ["listed", "name_problem", "shown"]

_NAMED = {0x0A: "\\n", 0x0D: "\\r"}
_TABLE: dict[int, str] = {}
for _c in [*range(0x00, 0x20), 0x7F, *range(0x80, 0xA0)]:
    if _c != 0x09:
        _TABLE[_c] = _NAMED.get(_c, f"\\x{_c:02x}")
for _c in [0x2028, 0x2029, *range(0xD800, 0xE000)]:
    _TABLE[_c] = f"\\u{_c:04x}"
del _c


def shown(text: object) -> str:
    """``text`` (``str()`` of anything) with every control character escaped, for one line."""
    return str(text).translate(_TABLE)


def name_problem(name: str) -> str | None:
    """Why a file name cannot name a document in an index (its id is stored and printed as
    text), or ``None``: bytes that are not UTF-8 (lone surrogates here) or a line break.

    >>> name_problem("parcels.md") is None, name_problem("a\\nb.md"), name_problem("\\udcff.md")
    (True, 'the file name holds a line break', 'the file name is not valid UTF-8')
    """
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return "the file name is not valid UTF-8"
    if "\n" in name or "\u2028" in name or "\u2029" in name:
        return "the file name holds a line break"
    return None


def listed(title: str, pairs: "Sequence[tuple[str, str]]", limit: int, show: "Callable[[str], str]" = str) -> list[str]:
    """A report's section: ``title:`` then ``  what: why`` for at most ``limit`` pairs and a
    count of the rest; nothing when there are no pairs (the build and chunk reports' one form).

    >>> listed("failed", [("a.md", "empty"), ("b.md", "binary")], 1)
    ['failed:', '  a.md: empty', '  ... and 1 more']
    >>> listed("skipped", [], 5)
    []
    """
    if not pairs:
        return []
    out = [f"{title}:", *(f"  {show(what)}: {show(why)}" for what, why in pairs[:limit])]
    if len(pairs) > limit:
        out.append(f"  ... and {len(pairs) - limit} more")
    return out
