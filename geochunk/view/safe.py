"""Strings from documents made safe to serialise: lone surrogates become visible escapes.

A JSON document may spell a lone surrogate (``"id": "\\ud800"``); decoded, it is a Python
string that UTF-8 (pyarrow, protobuf, the browser) refuses. Display code passes every document
string through :func:`printable` (or :func:`printable_tree` for nested metadata), which keeps
well-formed text unchanged and shows each lone surrogate as its escape, e.g. ``\\ud800``.

>>> printable("parcel-\\ud800-7")
'parcel-\\\\ud800-7'
>>> printable("Zürich")
'Zürich'
"""

from __future__ import annotations

from typing import Any

__all__ = ["printable", "printable_tree"]


def printable(text: str) -> str:
    """``text`` with each lone surrogate replaced by its ``\\uXXXX`` escape (linear time)."""
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        return text.encode("utf-8", "backslashreplace").decode("utf-8")


def printable_tree(value: Any) -> Any:
    """:func:`printable` applied to every string (keys too) in nested dicts, lists and tuples.

    >>> printable_tree({"id": "\\udfff", "ids": ["a", "\\ud800"]})
    {'id': '\\\\udfff', 'ids': ['a', '\\\\ud800']}
    """
    if isinstance(value, str):
        return printable(value)
    if isinstance(value, dict):
        return {printable_tree(k): printable_tree(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(printable_tree(v) for v in value)
    return value
