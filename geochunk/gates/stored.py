"""Stored chunks checked against their sources without chunking again (``geochunk validate
--chunks FILE.jsonl SOURCE...``): chunks geochunk wrote, or any other tool's.

Two record layouts are read, one JSON object per line (see ``docs/validate.md``):

* geochunk's chunk schema (``geochunk chunk`` output: ``start``, ``end``, ``token_count``,
  ``tokenizer``, ``crs``, ``flags`` ...), read with :meth:`~geochunk.model.Chunk.from_dict`;
* a minimal foreign schema: the text (``text``, ``page_content`` or ``content``) and, if known,
  its offsets (``start``/``end``, ``start_index``, ``start_char_idx``/``end_char_idx``, at the
  top or under ``metadata``: LangChain's ``add_start_index``, LlamaIndex nodes) and the document
  (``doc_id``, ``source``, ``file_path``, top or ``metadata``). A record without offsets is
  found in its source after the previous one's start. Nothing else is assumed: no frame, no
  flags, the count the gate makes.

>>> src = "Intro.\\n\\nPOINT (1 2)\\n"
>>> recs = [{"text": "Intro.\\n\\n"}, {"page_content": "POINT (1 2)\\n", "metadata": {"start_index": 8}}]
>>> [(c.start, c.end, c.core_start) for c in stored_chunks(recs, src, "a.md", get_counter("cl100k_base"))]
[(0, 8, 0), (8, 20, 8)]
"""

from __future__ import annotations

import json
import os
from dataclasses import fields, replace
from typing import Any, Iterable, Mapping, Sequence

from geochunk.errors import InputError
from geochunk.model import Chunk
from geochunk.tokens.counting import TokenCounter, get_counter

__all__ = ["read_records", "records_for", "stored_chunks", "record_doc"]

_CHUNK_FIELDS = frozenset(f.name for f in fields(Chunk))
_TEXT_KEYS = ("text", "page_content", "content")
_DOC_KEYS = ("doc_id", "source", "file_path", "path", "document")


def read_records(path: str | os.PathLike[str]) -> list[dict[str, Any]]:
    """The JSON objects of a JSON Lines file (blank lines skipped); a line that is not a JSON
    object is an :class:`~geochunk.errors.InputError` naming the line."""
    out: list[dict[str, Any]] = []
    try:
        with open(path, encoding="utf-8") as fh:
            for n, line in enumerate(fh, 1):
                if not line.strip():
                    continue
                try:
                    rec = json.loads(line)
                except ValueError as e:
                    raise InputError(f"{os.fspath(path)}:{n}: not JSON ({e})") from None
                if not isinstance(rec, dict):
                    raise InputError(f"{os.fspath(path)}:{n}: a chunk must be a JSON object, got {type(rec).__name__}")
                out.append(rec)
    except OSError as e:
        raise InputError(f"cannot read --chunks {os.fspath(path)!r}: {e.strerror or e}") from None
    except UnicodeDecodeError as e:
        raise InputError(f"{os.fspath(path)} is not UTF-8 ({e.reason} at byte {e.start})") from None
    return out


def _get(rec: Mapping[str, Any], keys: Iterable[str]) -> Any:
    meta = rec.get("metadata") if isinstance(rec.get("metadata"), Mapping) else {}
    for k in keys:
        if rec.get(k) is not None:
            return rec[k]
        if meta.get(k) is not None:
            return meta[k]
    return None


def record_doc(rec: Mapping[str, Any]) -> str | None:
    """The document a record names (``doc_id``, ``source``, ``file_path`` ...), if any."""
    doc = _get(rec, _DOC_KEYS)
    return doc if isinstance(doc, str) else None


def records_for(records: Sequence[Mapping[str, Any]], source: str, sources: Sequence[str]) -> list[Mapping[str, Any]]:
    """The records of ``source`` (one of ``sources``): those naming it (its path as given, the
    same file, or its file name when that is unique among the sources); with a single source,
    also every record that names no document."""
    base = os.path.basename(source)
    unique_base = sum(os.path.basename(s) == base for s in sources) == 1

    def mine(doc: str | None) -> bool:
        if doc is None:
            return len(sources) == 1
        if doc == source or os.path.abspath(doc) == os.path.abspath(source):
            return True
        return unique_base and os.path.basename(doc) == base

    return [r for r in records if mine(record_doc(r))]


def _is_geochunk(rec: Mapping[str, Any]) -> bool:
    return all(k in rec for k in ("index", "start", "end", "core_start", "token_count", "tokenizer"))


def stored_chunks(
    records: Sequence[Mapping[str, Any]], source: str, doc_id: str, counter: TokenCounter | None = None
) -> list[Chunk]:
    """The records as :class:`~geochunk.model.Chunk` objects over ``source``, in order.

    A foreign record's missing count is left for the gates' recount (it takes the recount of
    ``counter``, which names the tokenizer); a record whose text is not in the source keeps its
    claimed (or the next) offsets, so the reconstruction gate reports it."""
    counter = counter or get_counter("cl100k_base")
    out: list[Chunk] = []
    prev_start, prev_end = -1, 0
    for k, rec in enumerate(records):
        if _is_geochunk(rec):
            heads = rec.get("headings", [])
            if not isinstance(heads, list) or not all(isinstance(h, str) for h in heads):
                raise InputError(f"chunk {k} of {doc_id}: headings must be a list of strings, got {heads!r:.60}")
            c = Chunk.from_dict({key: v for key, v in rec.items() if key in _CHUNK_FIELDS})
            c = _normalization(c, doc_id, k)
        else:
            c = _foreign(rec, source, doc_id, counter, k, prev_start, prev_end)
        out.append(c)
        prev_start, prev_end = c.start, c.end
    return out


def _normalization(c: Chunk, doc_id: str, k: int) -> Chunk:
    """The chunk with its ``normalization`` checked and in upper case (the form the gates
    compare its text in).

    >>> c = Chunk("d", 0, 0, 2, 0, "hi", 1, "cl100k_base", "document", "paragraph", normalization="nfc")
    >>> _normalization(c, "d", 0).normalization
    'NFC'
    >>> _normalization(replace(c, normalization="NFD"), "d", 0)
    Traceback (most recent call last):
    ...
    geochunk.errors.InputError: chunk 0 of d: normalization 'NFD' is none of NFC, NFKC (or null)
    """
    form = c.normalization
    if form is not None:
        if not isinstance(form, str) or form.upper() not in ("NFC", "NFKC"):
            raise InputError(f"chunk {k} of {doc_id}: normalization {form!r} is none of NFC, NFKC (or null)")
        if form != form.upper():
            c = replace(c, normalization=form.upper())
    return c


def _int(v: Any) -> int | None:
    return v if isinstance(v, int) and not isinstance(v, bool) else None


def _foreign(rec: Mapping[str, Any], source: str, doc_id: str, counter: TokenCounter, k: int,
             prev_start: int, prev_end: int) -> Chunk:
    text = _get(rec, _TEXT_KEYS)
    if not isinstance(text, str):
        raise InputError(f"chunk {k} of {doc_id}: no text (looked for {', '.join(_TEXT_KEYS)})")
    start = _int(_get(rec, ("start", "start_index", "start_char_idx")))
    end = _int(_get(rec, ("end", "end_index", "end_char_idx")))
    if start is None:
        found = source.find(text, prev_start + 1) if text else -1
        start = found if found >= 0 else prev_end
    if end is None:
        end = start + len(text)
    count = _int(_get(rec, ("token_count", "tokens", "n_tokens")))
    flags = _get(rec, ("flags",))
    flags = tuple(str(f) for f in flags) if isinstance(flags, (list, tuple)) else ()
    return Chunk(
        doc_id=doc_id, index=k, start=start, end=end, core_start=min(max(start, prev_end), end),
        text=text, token_count=count if count is not None else counter.count(text),
        tokenizer=str(_get(rec, ("tokenizer",)) or counter.name), unit="document", strategy="stored",
        needs_fallback=bool(_get(rec, ("needs_fallback",))) or "needs_fallback" in flags,
        oversized=bool(_get(rec, ("oversized",))), flags=flags,
    )
