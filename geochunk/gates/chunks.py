"""The gates that read only the chunks' ranges, texts and counts: ``budget``,
``reconstruction``, ``no_empty``, ``tokens`` and the optional ``fallback_rate`` (see
:mod:`geochunk.gates`).

>>> from geochunk.model import Chunk
>>> c = Chunk("d", 0, 0, 4, 0, "abcd", 40, "cl100k_base", "document", "paragraph")
>>> budget([c], 32).detail
'1 chunk over budget: chunk 0: 40 tokens > budget 32 and not flagged needs_fallback'
"""

from __future__ import annotations

import unicodedata
from typing import Sequence

from geochunk.model import Chunk, Flag
from geochunk.gates.report import Gate, shown, verdict

__all__ = ["budget", "fallback_rate", "no_empty", "reconstruction", "tokens"]


def budget(chunks: Sequence[Chunk], limit: int, recounts: Sequence[int | None] = ()) -> Gate:
    """Every chunk is within ``limit`` tokens, or carries ``needs_fallback`` (the consumer needs a
    fallback for it). A chunk's tokens are the larger of its ``token_count`` and the gate's own
    recount (``recounts``, index-aligned; ``None`` where it could not recount), so a chunk that
    claims 5 tokens and holds 300 is over a budget of 256."""
    problems = []
    over = []
    for k, c in enumerate(chunks):
        again = recounts[k] if k < len(recounts) else None
        n = c.token_count if again is None or not isinstance(c.token_count, int) else max(c.token_count, again)
        if not isinstance(n, int) or n <= limit:
            continue
        if c.needs_fallback or Flag.NEEDS_FALLBACK in c.flags:
            over.append(n)
        else:
            problems.append(f"chunk {c.index}: {n} tokens > budget {limit} and not flagged needs_fallback")
    note = f"; {len(over)} over it, flagged needs_fallback (largest {max(over)})" if over else ""
    return verdict(
        "budget",
        problems,
        f"{len(chunks) - len(over)} chunks within {limit} tokens{note}",
        ("chunk over budget", "chunks over budget"),
    )


def reconstruction(text: str, chunks: Sequence[Chunk]) -> Gate:
    """The cores, in index order, tile the document exactly; a source chunk's text is its range."""
    problems = []
    for k, c in enumerate(chunks):
        if c.index != k:
            problems.append(f"chunk {c.index}: index out of sequence at position {k}")
            break
    pos = 0
    previous: Chunk | None = None
    for c in chunks:
        if not 0 <= c.start <= c.core_start <= c.end <= len(text):
            problems.append(
                f"chunk {c.index}: range start {c.start}, core_start {c.core_start}, end {c.end} "
                f"is not ordered within a document of {len(text)} characters"
            )
            previous = c
            continue
        same_part = (
            previous is not None
            and c.part is not None
            and previous.part is not None
            and previous.part.feature_id == c.part.feature_id
            and (previous.core_start, previous.end) == (c.core_start, c.end)
        )
        if not same_part and c.core_start != pos:
            gap = c.core_start - pos
            what = f"gap of {gap}" if gap > 0 else f"overlap of {-gap}"
            problems.append(
                f"chunk {c.index}: core starts at {c.core_start} but the previous core ends at "
                f"{pos} ({what} characters)"
            )
        pos = c.end
        if c.text_kind == "source" and c.text != _source_text(text, c):
            problems.append(
                f"chunk {c.index}: source text differs from the document at [{c.start}, {c.end})"
            )
        previous = c
    if pos != len(text):
        last = chunks[-1].index if chunks else None
        where = f"chunk {last}" if last is not None else "no chunks"
        problems.append(f"{where}: cores end at {pos}, the document at {len(text)}")
    return verdict(
        "reconstruction",
        problems,
        f"{len(chunks)} chunk cores rebuild all {len(text)} characters exactly",
        ("reconstruction error", "reconstruction errors"),
    )


def _source_text(text: str, c: Chunk) -> str:
    """What a source chunk's text must be: ``text[c.start:c.end]``, in the Unicode form the
    chunk names when it was normalised (``--normalize``)."""
    got = text[c.start : c.end]
    form = getattr(c, "normalization", None)
    return unicodedata.normalize(form, got) if form in ("NFC", "NFKC") else got


def no_empty(text: str, chunks: Sequence[Chunk]) -> Gate:
    """No chunk text is empty, nor whitespace-only unless the whole document is."""
    blank_document = not text.strip()
    problems = []
    for c in chunks:
        if not c.text:
            problems.append(f"chunk {c.index}: empty text")
        elif not blank_document and not c.text.strip():
            problems.append(f"chunk {c.index}: whitespace-only text")
    return verdict(
        "no_empty",
        problems,
        f"{len(chunks)} chunks all have content",
        ("empty chunk", "empty chunks"),
    )


def tokens(chunks: Sequence[Chunk], recounts: Sequence[int | None] = (), recounted_by: str | None = None) -> Gate:
    """Every chunk has a positive integer ``token_count``, all name one tokenizer, and the
    gate's recount of every chunk's text (``recounts``, by ``recounted_by``) agrees: equal, or
    at least as large for a chunk whose count is flagged as the estimate (``token_estimate``,
    ``tokens_estimated``: the estimate is an upper bound, so it may exceed the real count but
    never fall short of it)."""
    problems = []
    for c in chunks:
        if isinstance(c.token_count, bool) or not isinstance(c.token_count, int):
            problems.append(f"chunk {c.index}: token_count {c.token_count!r} is not an integer")
        elif c.token_count <= 0:
            problems.append(f"chunk {c.index}: token_count {c.token_count} is not positive")
        if not isinstance(c.tokenizer, str) or not c.tokenizer.strip():
            problems.append(f"chunk {c.index}: no tokenizer named")
    names = sorted({c.tokenizer for c in chunks if isinstance(c.tokenizer, str) and c.tokenizer})
    if len(names) > 1:
        problems.append(f"chunks use {len(names)} tokenizers: {', '.join(names)}")
    checked = 0
    for c, again in zip(chunks, recounts):
        if again is None or isinstance(c.token_count, bool) or not isinstance(c.token_count, int):
            continue
        checked += 1
        if _ESTIMATE_FLAGS & set(c.flags):
            if c.token_count < again:
                problems.append(f"chunk {c.index}: estimated token_count {c.token_count} is below the "
                                f"recount {again} by {recounted_by}: not an upper bound")
        elif c.token_count != again:
            problems.append(f"chunk {c.index}: token_count {c.token_count}, recounted {again} by {recounted_by}")
    total = sum(c.token_count for c in chunks if isinstance(c.token_count, int))
    if recounted_by is None:
        note = "; not recounted (the tokenizer is not loadable here: pass encoding=)"
    else:
        note = f"; {checked} recounted by {recounted_by}"
    return verdict(
        "tokens",
        problems,
        f"{total} tokens counted by {names[0] if names else 'no tokenizer'}{note}",
        ("token count problem", "token count problems"),
    )


_ESTIMATE_FLAGS = frozenset({Flag.TOKEN_ESTIMATE, Flag.TOKENS_ESTIMATED})


def fallback_rate(chunks: Sequence[Chunk], rate: float, limit: float) -> Gate:
    """The share of chunks that need a fallback is at most ``limit``."""
    detail = f"needs_fallback share {rate:.1%} (limit {limit:.1%})"
    if rate <= limit:
        return Gate("fallback_rate", True, detail)
    worst = [f"chunk {c.index}: {c.token_count} tokens" for c in chunks if c.needs_fallback]
    return Gate("fallback_rate", False, f"{detail}; {shown(worst)}")
