"""A collection's licence read for retrieval: ``allowed``, ``excluded`` or ``unknown``, with the reason.

"Retrieval" here means indexing a collection's text, embedding it and quoting its passages in the
context an LLM answers from. A licence string is read in two ways:

1. **Phrases that restrict** (read first, and they win over any grant in the same string): no
   AI / no TDM / no retrieval, no reuse, all rights reserved (unless the string also grants a
   licence, as a BSD header does), non-commercial (unless it says "commercial and non-commercial"),
   confidential / internal / personal / research use only. Words are read after NFKC with one
   linear scan (CamelCase and ``LicenseRef-NoAI`` split into words), never a backtracking pattern.
2. **An SPDX expression** (``MIT OR Apache-2.0``, ``CC-BY-NC-4.0``, ``GPL-2.0+ WITH
   Classpath-exception-2.0``), parsed and normalised by the ``license-expression`` library
   (aboutcode; offline, its bundled ScanCode LicenseDB index gives each id's category), or one of
   a few common names (``MIT License``, ``Apache License, Version 2.0``, ``CC BY-SA 4.0``, ``Open
   Government Licence v3.0``, ``public domain``). Each id's category decides: permissive, public
   domain and copyleft licences allow it (copyleft with its share-alike terms named); a
   non-commercial one (``-NC-``) excludes it (:data:`NON_COMMERCIAL`); a no-derivatives one and
   every other category (proprietary, commercial, source-available ...) is ``unknown``: the
   terms must be read. ``OR`` takes the best choice, ``AND`` the worst; an exception (``WITH``)
   only adds permissions.

Nothing declared (``unspecified``, ``NOASSERTION``, ``UNKNOWN``, empty) is ``unknown``.

>>> read_licence("MIT OR Apache-2.0").status, read_licence("CC-BY-NC-4.0").status
('allowed', 'excluded')
>>> v = read_licence("All rights reserved, no reuse")
>>> v.status, v.reason
('excluded', 'all rights reserved; no reuse')
>>> read_licence("LicenseRef-NoAI").reason
'no AI use'
>>> read_licence("unspecified").status
'unknown'
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

__all__ = ["LicenceVerdict", "read_licence", "STATUSES", "NON_COMMERCIAL"]

STATUSES = ("allowed", "unknown", "excluded")  # best first
#: what a non-commercial licence gets: a retrieval service may be run commercially, and
#: non-commercial terms do not grant that
NON_COMMERCIAL = "excluded"

_WORD = re.compile(r"[a-z0-9]+")
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")
_NOT_DECLARED = frozenset({"", "unspecified", "unknown", "noassertion", "none", "n/a", "na", "tbd", "other"})

#: restricting phrases (word sequences) and the reason each gives
_RESTRICTIONS: tuple[tuple[tuple[str, ...], str], ...] = (
    (("no", "ai"), "no AI use"),
    (("noai",), "no AI use"),
    (("not", "for", "ai"), "no AI use"),
    (("no", "artificial", "intelligence"), "no AI use"),
    (("no", "machine", "learning"), "no AI use"),
    (("not", "for", "machine", "learning"), "no AI use"),
    (("ai", "training", "prohibited"), "no AI use"),
    (("ai", "use", "prohibited"), "no AI use"),
    (("no", "a", "i"), "no AI use"),  # "No A.I."
    (("do", "not", "use", "for", "ai"), "no AI use"),
    (("not", "be", "used", "for", "ai"), "no AI use"),
    (("ai", "training", "not", "permitted"), "no AI use"),
    (("ai", "training", "is", "not", "permitted"), "no AI use"),
    (("ai", "use", "not", "permitted"), "no AI use"),
    (("ai", "training", "forbidden"), "no AI use"),
    (("no", "tdm"), "no text and data mining"),
    (("notdm",), "no text and data mining"),
    (("no", "text", "and", "data", "mining"), "no text and data mining"),
    (("tdm", "reserved"), "no text and data mining"),
    (("text", "and", "data", "mining", "reserved"), "no text and data mining"),
    (("no", "retrieval"), "no retrieval"),
    (("no", "reuse"), "no reuse"),
    (("no", "re", "use"), "no reuse"),
    (("not", "for", "reuse"), "no reuse"),
    (("do", "not", "reuse"), "no reuse"),
    (("may", "not", "be", "reused"), "no reuse"),
    (("may", "not", "be", "reproduced"), "no reuse"),
    (("no", "redistribution"), "no redistribution"),
    (("all", "rights", "reserved"), "all rights reserved"),
    (("confidential",), "confidential"),
    (("internal", "use", "only"), "internal use only"),
    (("non", "commercial"), "non-commercial only"),
    (("noncommercial",), "non-commercial only"),
    (("not", "for", "commercial"), "non-commercial only"),
    (("by", "nc"), "non-commercial only"),  # "CC BY-NC 4.0" written with spaces
    (("no", "commercial", "use"), "non-commercial only"),
    (("commercial", "use", "prohibited"), "non-commercial only"),
    (("commercial", "use", "not", "permitted"), "non-commercial only"),
    (("personal", "use", "only"), "personal use only"),
    (("research", "use", "only"), "research use only"),
)
#: a restriction followed by one of these is lifted, not imposed ("no reuse restrictions")
_LIFTED = frozenset({"restriction", "restrictions", "restricted", "limits", "limitation", "limitations"})
#: phrases that grant a licence (an "all rights reserved" header above a BSD grant is not a refusal)
_GRANTS: tuple[tuple[str, ...], ...] = (
    ("permission", "is", "hereby", "granted"), ("redistribution", "and", "use"), ("licensed", "under"),
    ("released", "under"), ("available", "under"),
)
#: common names for SPDX ids, as word sequences (read when the string is no SPDX expression)
_NAMES: tuple[tuple[tuple[str, ...], str], ...] = (
    (("mit", "license"), "MIT"), (("mit", "licence"), "MIT"), (("mit",), "MIT"),
    (("apache", "license", "version", "2", "0"), "Apache-2.0"), (("apache", "license", "2", "0"), "Apache-2.0"),
    (("apache", "2", "0"), "Apache-2.0"), (("apache", "software", "license"), "Apache-2.0"),
    (("asl", "2"), "Apache-2.0"), (("isc", "license"), "ISC"), (("isc",), "ISC"),
    (("3", "clause", "bsd"), "BSD-3-Clause"), (("2", "clause", "bsd"), "BSD-2-Clause"),
    (("modified", "bsd"), "BSD-3-Clause"), (("new", "bsd"), "BSD-3-Clause"), (("simplified", "bsd"), "BSD-2-Clause"),
    (("bsd",), "BSD-3-Clause"),  # the family: every variant is permissive
    (("psfl",), "PSF-2.0"), (("python",), "PSF-2.0"),
    (("gpl", "3"), "GPL-3.0-or-later"), (("gpl", "2"), "GPL-2.0-or-later"), (("lgpl",), "LGPL-2.1-or-later"),
    (("open", "government", "licence"), "OGL-UK-3.0"), (("open", "government", "license"), "OGL-UK-3.0"),
    (("ogl",), "OGL-UK-3.0"),
    (("open", "database", "license"), "ODbL-1.0"), (("odbl",), "ODbL-1.0"),
    (("cc0",), "CC0-1.0"), (("no", "rights", "reserved"), "CC0-1.0"), (("unlicense",), "Unlicense"),
)
_CC = re.compile(r"(?i)\b(?:cc|creative commons)[ -]+(by(?:[ -](?:nc|sa|nd))*)[ -]+v?([1-4]\.[0-9])\b")
_CC_WORDS = {"attribution": "BY", "noncommercial": "NC", "non-commercial": "NC", "sharealike": "SA",
             "share-alike": "SA", "noderivatives": "ND", "noderivs": "ND", "no-derivatives": "ND"}
_CC_LONG = re.compile(r"(?i)\bcreative commons ((?:attribution|non-?commercial|share-?alike|no-?deriv(?:ative)?s)"
                      r"(?:[ -]+(?:attribution|non-?commercial|share-?alike|no-?deriv(?:ative)?s))*)[ -]+([1-4]\.[0-9])\b")
_PUBLIC_DOMAIN = (("public", "domain"), ("no", "known", "copyright", "restrictions"))


@dataclass(frozen=True)
class LicenceVerdict:
    """What a licence string allows for retrieval: ``status`` (``allowed`` / ``excluded`` /
    ``unknown``), the ``reason`` (short, for a caveat), the SPDX expression read (normalised;
    None when none could be read) and its ids."""

    licence: str
    status: str
    reason: str
    spdx: str | None = None
    ids: tuple[str, ...] = ()

    @property
    def excluded(self) -> bool:
        return self.status == "excluded"


def _words(text: str) -> list[str]:
    """Lower-case words, read after NFKC (full-width and other compatibility forms fold)."""
    return _WORD.findall(_CAMEL.sub(" ", unicodedata.normalize("NFKC", text)).lower())


def _find(words: list[str], phrase: tuple[str, ...]) -> list[int]:
    """Start positions of ``phrase`` in ``words`` (linear in the words for these short phrases)."""
    n = len(phrase)
    return [i for i in range(len(words) - n + 1) if words[i] == phrase[0] and tuple(words[i:i + n]) == phrase]


def _restrictions(words: list[str], granted: bool) -> list[str]:
    """The restrictions the words state, in the order the text states them."""
    found: dict[str, int] = {}
    for phrase, why in _RESTRICTIONS:
        for i in _find(words, phrase):
            after = words[i + len(phrase)] if i + len(phrase) < len(words) else ""
            if after in _LIFTED:
                continue
            if why == "non-commercial only" and "commercial" in words[max(0, i - 3):i]:
                continue  # "free for commercial and non-commercial use"
            if why == "all rights reserved" and granted:
                continue  # a copyright header above the licence that grants the use
            if phrase == ("no", "ai") and after in ("restriction", "restrictions"):
                continue
            found[why] = min(found.get(why, i), i)
            break
    return sorted(found, key=lambda w: (found[w], w))


@lru_cache(maxsize=1)
def _licensing() -> Any:
    from license_expression import get_spdx_licensing

    return get_spdx_licensing()


@lru_cache(maxsize=1)
def _categories() -> dict[str, str]:
    """SPDX id (lower case) -> ScanCode LicenseDB category, from the library's bundled index."""
    from license_expression import get_license_index

    out: dict[str, str] = {}
    for entry in get_license_index():
        cat = entry.get("category") or ""
        for key in [entry.get("spdx_license_key"), *entry.get("other_spdx_license_keys", [])]:
            if key:
                out.setdefault(key.lower(), cat)
    return out


def _id_verdict(key: str) -> tuple[str, str]:
    """(status, reason) for one SPDX id."""
    low = key.lower()
    cat = _categories().get(low)
    if cat is None:
        return "unknown", f"{key} is not an SPDX licence this geochunk knows"
    if "-nc" in low or low.endswith("-nc"):
        return NON_COMMERCIAL, f"{key}: non-commercial only"
    if "-nd" in low:
        return "unknown", f"{key}: no derivatives (whether chunks and embeddings are derivatives is not settled)"
    if cat in ("Permissive", "Public Domain"):
        return "allowed", f"{key} ({cat.lower()})"
    if cat in ("Copyleft", "Copyleft Limited"):
        return "allowed", f"{key} (copyleft: share-alike terms apply)"
    return "unknown", f"{key} ({cat.lower() or 'no category'}): read its terms"


def _combine(node: Any) -> tuple[str, list[str]]:
    """(status, reasons) of a parsed expression: OR the best branch, AND the worst."""
    from license_expression import AND, OR, LicenseWithExceptionSymbol

    if isinstance(node, LicenseWithExceptionSymbol):
        return _combine(node.license_symbol)
    if isinstance(node, (AND, OR)):
        parts = [_combine(a) for a in node.args]
        rank = [STATUSES.index(s) for s, _ in parts]
        pick = min(rank) if isinstance(node, OR) else max(rank)
        reasons = [r for (s, rs) in parts if STATUSES.index(s) == pick for r in rs]
        return STATUSES[pick], reasons[:1] if isinstance(node, OR) else reasons
    status, reason = _id_verdict(str(node.key))
    return status, [reason]


def _spdx(text: str) -> Any | None:
    """The parsed expression when every id in it is a known SPDX one (else None)."""
    from license_expression import ExpressionError

    licensing = _licensing()
    try:
        expr = licensing.parse(text, validate=False, strict=False)
    except (ExpressionError, TypeError, ValueError):
        return None
    if expr is None:
        return None
    keys = licensing.license_keys(expr)
    if not keys or any(k.lower() not in _categories() for k in keys):
        return None
    return expr


def _cc_ids(text: str) -> list[str]:
    """``CC BY-SA 4.0`` / ``Creative Commons Attribution-NonCommercial 4.0`` -> SPDX ids."""
    out = []
    for m in _CC.finditer(text):
        out.append("CC-" + "-".join(p.upper() for p in re.split(r"[ -]+", m.group(1))) + "-" + m.group(2))
    for m in _CC_LONG.finditer(text):
        spec = m.group(1).lower()
        for joined in ("non-commercial", "share-alike", "no-derivatives", "no-derivs"):
            spec = spec.replace(joined, joined.replace("-", ""))
        parts = [_CC_WORDS.get(w, "") for w in re.split(r"[ -]+", spec)]
        parts = [p for p in parts if p] or ["BY"]
        if parts[0] != "BY":
            parts.insert(0, "BY")
        out.append("CC-" + "-".join(dict.fromkeys(parts)) + "-" + m.group(2))
    return out


def _named_ids(words: list[str]) -> list[str]:
    ids: list[str] = []
    used = [False] * len(words)
    for phrase, key in _NAMES:
        for i in _find(words, phrase):
            if any(used[i:i + len(phrase)]):
                continue
            for j in range(i, i + len(phrase)):
                used[j] = True
            if key not in ids:
                ids.append(key)
    return ids


def read_licence(licence: str | None) -> LicenceVerdict:
    """Read a licence string (SPDX expression or free text) into a :class:`LicenceVerdict`.

    >>> read_licence("BSD-3-Clause AND (MIT OR CC-BY-NC-4.0)").status
    'allowed'
    >>> read_licence("MIT AND CC-BY-NC-4.0").reason
    'CC-BY-NC-4.0: non-commercial only'
    >>> read_licence("GPL-2.0+").spdx
    'GPL-2.0-or-later'
    >>> read_licence("This library is free for commercial and non-commercial use").status
    'unknown'
    """
    text = "" if licence is None else str(licence).strip()
    if text.lower() in _NOT_DECLARED:
        return LicenceVerdict(text, "unknown", "no licence declared")
    words = _words(text)
    expr = _spdx(text)
    cc = _cc_ids(text) if expr is None else []
    named = _named_ids(words) if expr is None and not cc else []
    granted = expr is not None or bool(cc) or bool(named) or any(_find(words, g) for g in _GRANTS)
    # an SPDX expression of known ids says what it restricts through its ids (CC-BY-NC-4.0)
    restricted = [] if expr is not None else _restrictions(words, granted)
    spdx = None if expr is None else str(expr)
    ids = tuple(_licensing().license_keys(expr)) if expr is not None else tuple(cc or named)
    if restricted:
        return LicenceVerdict(text, "excluded", "; ".join(restricted), spdx, ids)
    if expr is not None:
        status, reasons = _combine(expr)
        return LicenceVerdict(text, status, "; ".join(reasons), spdx, ids)
    if ids:  # common names: every licence named must allow it (how they combine is not said)
        verdicts = [_id_verdict(k) for k in ids]
        worst = max(STATUSES.index(s) for s, _ in verdicts)
        reason = "; ".join(r for s, r in verdicts if STATUSES.index(s) == worst)
        return LicenceVerdict(text, STATUSES[worst], f"read as {' + '.join(ids)}: {reason}", None, ids)
    if any(_find(words, p) for p in _PUBLIC_DOMAIN):
        return LicenceVerdict(text, "allowed", "public domain")
    return LicenceVerdict(text, "unknown", "not an SPDX expression or a licence this geochunk recognises")
