"""An exception as one line a page may show: no traceback, no server path (no Streamlit).

An error's text often names files by their absolute path (DuckDB's "The file "/home/ana/.cache/
geochunk/retrieve/folder-3f2a.duckdb" exists, but ..."), which tells a visitor the server's
home folder and user name. :func:`error_line` keeps what is wrong and names each file by its
base name: the ``paths`` the caller knows are replaced first (whole, even with spaces in them),
then one left-to-right pass replaces every other absolute path (``/...``, ``~/...``,
``~ana/...``, ``file://host/...``, ``C:\\...``, ``\\\\server\\share``; a quoted one up to its
closing quote, spaces and all) it finds. The pass is a plain character loop (linear, no
regular expression), so no message makes it slow.

>>> error_line(OSError('IO Error: The file "/home/ana/x.duckdb" exists, but it is not valid!'))
'IO Error: The file "x.duckdb" exists, but it is not valid!'
"""

from __future__ import annotations

import os
from typing import Sequence

from geochunk.text.terminal import shown
from geochunk.view.safe import printable

__all__ = ["MAX_CHARS", "error_line", "strip_paths"]

#: The longest line shown (an ellipsis ends a longer one).
MAX_CHARS = 300
#: How much of a message is read at all (the rest could never be shown).
_READ_CHARS = 20_000
_SPACE = frozenset(" \t\r\n\f\v\u00a0\u2028\u2029\x85")
#: Characters that end a path: white space, quotes and brackets.
_STOP = _SPACE | frozenset("\"'`()[]{}<>|")
#: Punctuation that ends a path when white space (or the end) follows it: "at /tmp/x.db: ..."
_TRAIL = frozenset(":;,.!?")
#: Bidirectional controls: shown as escapes, so a document's text cannot reorder the line.
_BIDI_ESCAPES = {c: f"\\u{c:04x}" for c in (0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A))}
#: A character right before "/" that makes it part of a word ("and/or", "a/b"), not a path.
_JOINED = frozenset("_.-/\\~$%@")


def _starts_path(text: str, i: int) -> bool:
    """Whether an absolute path starts at ``text[i]``."""
    if i and (text[i - 1].isalnum() or text[i - 1] in _JOINED):
        return False
    c = text[i]
    nxt = text[i + 1] if i + 1 < len(text) else ""
    if c == "/":  # a URL's "://" stays (its host and path are not the server's), "file:" not
        url = i and text[i - 1] == ":" and nxt == "/" and text[i + 2 : i + 3] != "/"
        return not url or text[max(0, i - 5) : i].lower() == "file:"
    if c == "~":  # ~/x, and ~ana/x (a user's home: its name is the user's)
        if nxt == "/" or nxt == "\\":
            return True
        if not (nxt.isalpha() or nxt == "_"):
            return False
        k = i + 2  # linear: a path cannot start inside the name (alphanumeric or _JOINED)
        while k < len(text) and (text[k].isalnum() or text[k] in "_.-"):
            k += 1
        return k < len(text) and text[k] == "/"
    if c == "\\":
        return nxt == "/" or nxt == "\\"
    if c.isascii() and c.isalpha() and nxt == ":":
        return i + 2 < len(text) and text[i + 2] in "/\\"
    return False


def _quoted_end(text: str, i: int) -> int:
    """Where the quote closing a path that starts at ``text[i]`` right after a quote is (a
    quoted path may hold spaces: ``"/home/ana/my data/x.db"``); -1 when it is not quoted or
    not closed on its line. Linear overall: each scan stops at the next such quote."""
    q = text[i - 1] if i else ""
    if q not in ("\"", "'"):
        return -1
    j = i
    while j < len(text) and text[j] != q:
        if text[j] in "\r\n":
            return -1
        j += 1
    return j if j < len(text) else -1


def _base(token: str) -> str:
    """The last named segment of a path (``/a/b/`` -> ``b``); the token itself when it has
    none (``/``)."""
    name = ""
    for seg in token.replace("\\", "/").split("/"):
        if seg:
            name = seg
    return name if name and name != token else token


def strip_paths(text: str) -> str:
    """``text`` with every absolute path replaced by its base name (one linear pass).

    >>> strip_paths(r"no index at ~/.cache/g/ix.duckdb; see C:\\Users\\ana\\log.txt, and/or 1/2")
    'no index at ix.duckdb; see log.txt, and/or 1/2'
    """
    out: list[str] = []
    n = len(text)
    i = 0
    while i < n:
        if not _starts_path(text, i):
            out.append(text[i])
            i += 1
            continue
        j = _quoted_end(text, i)
        if j < 0:
            j = i
            while j < n and text[j] not in _STOP:
                if text[j] in _TRAIL and (j + 1 == n or text[j + 1] in _STOP):
                    break
                j += 1
        out.append(_base(text[i:j]) if j > i + 1 else text[i:j])
        i = max(j, i + 1)
    return "".join(out)


def _forms(path: str) -> list[str]:
    """A known path as a message may spell it: as given, resolved, and under ``~``."""
    forms = {path, path.rstrip("/\\")}
    try:
        forms.add(os.path.realpath(path))
        forms.add(os.path.abspath(path))
    except (OSError, ValueError):
        pass
    home = os.path.expanduser("~")
    for f in list(forms):
        if home not in ("", "/") and f.startswith(home + os.sep):
            forms.add("~" + f[len(home):])
    return [f for f in forms if len(f) > 1]


def _visible(text: str) -> str:
    """``text`` with control characters (a tab as a space; :func:`~geochunk.text.terminal.shown`)
    and bidi controls as escapes."""
    return shown(text.replace("\t", " ")).translate(_BIDI_ESCAPES)


def _replace_whole(text: str, form: str, base: str) -> str:
    """``text`` with ``form`` replaced by ``base``; where a name goes on after it (``/srv/data``
    in ``/srv/data2/x``) by ``/`` and ``base``, so :func:`strip_paths` still sees a path there."""
    out: list[str] = []
    start = 0
    k = text.find(form)
    while k >= 0:
        end = k + len(form)
        more = end < len(text) and (text[end].isalnum() or text[end] in "_.-~")
        out.append(text[start:k])
        out.append("/" + base if more else base)
        start = end
        k = text.find(form, end)
    out.append(text[start:])
    return "".join(out)


def error_line(exc: BaseException | str, *, paths: Sequence[str | os.PathLike[str]] = ()) -> str:
    """``exc``'s message as one line for a page: its first line (nothing from ``Traceback``
    on), each of ``paths`` (and any other absolute path in it) named by its base name, lone
    surrogates, control and bidi characters shown as escapes, at most :data:`MAX_CHARS`
    characters; the exception's type name when no text is left. Escape it for Markdown where
    it is shown.

    >>> error_line(RuntimeError("/srv/my data/ix.duckdb: damaged\\nTraceback (most recent call last)"),
    ...            paths=["/srv/my data/ix.duckdb"])
    'ix.duckdb: damaged'
    """
    try:  # a broken __str__ must not turn the error shown into another error
        text = exc if isinstance(exc, str) else str(exc)
    except Exception:  # noqa: BLE001 - the type's name is shown instead
        text = ""
    text = printable(text[:_READ_CHARS])
    forms = {f for p in paths for f in _forms(printable(os.fsdecode(os.fspath(p))))}
    for form in sorted(forms, key=len, reverse=True):  # a file before the folder holding it
        text = _replace_whole(text, form, _base(form))
    cut = text.find("Traceback")
    if cut >= 0:
        text = text[:cut]
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    line = strip_paths(lines[0]) if lines else ""
    line = _visible(line)
    if not line:
        line = type(exc).__name__ if not isinstance(exc, str) else "error"
    if len(line) > MAX_CHARS:
        line = line[: MAX_CHARS - 1] + "…"
    return line
