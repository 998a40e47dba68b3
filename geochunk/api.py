"""The one-call face: ``geochunk.chunk(text, budget=512, **options) -> list[Chunk]``.

Options are the command line's, with underscores (``--paragraph-threshold`` is
``paragraph_threshold``; ``--no-context`` is ``attach_context=False``, ``--no-prose-context``
is ``attach_prose=False``) and the same defaults,
except ``budget``, which defaults to 512 here (a common embedding-model window; the command's
default is 800). A wrong option name or value raises :class:`~geochunk.errors.ConfigError`, a
``ValueError`` whose message lists the valid names or values.

``encoding`` takes ``"cl100k_base"`` / ``"o200k_base"``, a path to a Hugging Face
``tokenizer.json``, a ``tokenizers.Tokenizer``, any ``Callable[[str], int]`` or a
:class:`~geochunk.tokens.counting.TokenCounter`; every chunk's ``token_count`` is that tokenizer's count
of ``chunk.text`` and ``chunk.tokenizer`` names it.

>>> from geochunk import chunk
>>> [c.text for c in chunk("Gauge 4 at POINT (-2.9 51.2).\\n\\nIt flooded.", budget=16)]
['Gauge 4 at POINT (-2.9 51.2).\\n\\n', 'It flooded.']
>>> chunk("text", budget=64, stratgy="feature")
Traceback (most recent call last):
...
geochunk.errors.ConfigError: unknown option 'stratgy'; valid options: budget, encoding, ...
"""

from __future__ import annotations

import os
from dataclasses import fields
from typing import Any, Sequence

from geochunk.errors import ConfigError
from geochunk.model import Chunk, ChunkConfig

__all__ = ["OPTIONS", "chunk", "chunk_file", "make_config"]

#: Every option with its default (the ``ChunkConfig`` fields; ``budget`` defaults to 512 here).
OPTIONS: dict[str, Any] = {
    f.name: (512 if f.name == "budget" else f.default) for f in fields(ChunkConfig)
}

_HINTS = {
    "no_context": "use attach_context=False",
    "context": "use attach_context=True/False",
    "chunk_size": "use budget=",
    "chunk_overlap": "use overlap=, in whole sentences or features, not tokens",
    "max_tokens": "use budget=",
    "tokenizer": "pass the tokenizer as encoding=",
}


def make_config(budget: int = 512, **options: Any) -> ChunkConfig:
    """A checked :class:`~geochunk.model.ChunkConfig` from keyword options.

    >>> make_config(256, strategy="feature").strategy
    'feature'
    >>> make_config(context=False)
    Traceback (most recent call last):
    ...
    geochunk.errors.ConfigError: unknown option 'context' (use attach_context=True/False); valid options: budget, encoding, ...
    """
    for name in options:
        if name not in OPTIONS or name == "budget":
            hint = f" ({_HINTS[name]})" if name in _HINTS else ""
            raise ConfigError(f"unknown option {name!r}{hint}; valid options: {', '.join(OPTIONS)}")
    return ChunkConfig(budget=budget, **options)


def _check_text(text: Any) -> str:
    if isinstance(text, str):
        return text
    hint = " (decode it first, or use geochunk.chunk_file)" if isinstance(text, (bytes, bytearray)) else ""
    raise ConfigError(f"text must be a str, got {type(text).__name__}{hint}")


def chunk(text: str, budget: int = 512, **options: Any) -> list[Chunk]:
    """Chunk ``text`` so that no boundary falls inside a geometry and every chunk fits ``budget``.

    Returns the chunks in order: ``chunk.text == text[chunk.start:chunk.end]`` unless
    ``chunk.text_kind`` says the text was generalized, split by part or rewrapped (with
    ``normalize="nfc"``/``"nfkc"`` it is that form of the slice: ``chunk.normalization``), and
    ``"".join(text[c.core_start:c.end] for c in chunks) == text``. Options: see :data:`OPTIONS`
    and docs/command.md. For the analysis and the strategy's reason use
    :func:`geochunk.chunk_text` (it returns a ``ChunkSet``). The chunks are detached: each
    holds its own text, so one kept does not keep the document alive (a ``ChunkSet``'s chunks
    read it from the document: :meth:`~geochunk.model.Chunk.detach` the ones you keep).

    >>> [c.token_count for c in chunk("A well at POINT (530000 180000).", 32, encoding=len)]
    [32]
    """
    text = _check_text(text)
    config = make_config(budget, **options)
    from geochunk.pipeline import chunk_text

    return _detached(chunk_text(text, config).chunks)


def _detached(chunks: Sequence[Chunk]) -> list[Chunk]:
    """The chunks, each holding its own text (:meth:`Chunk.detach`): the list is all the caller
    gets, and a sliced chunk kept from it would keep the whole document alive."""
    return [c.detach() for c in chunks]


def chunk_file(
    path: str | os.PathLike[str], budget: int = 512, *, max_bytes: int | None = None, **options: Any
) -> list[Chunk]:
    """Read ``path`` (strict UTF-8, no newline translation, at most ``max_bytes``: the command's
    ``--max-bytes``) and :func:`chunk` it; ``doc_id`` defaults to the path. A ``.pdf``,
    ``.html``/``.htm`` or ``.docx`` file is extracted first (:mod:`geochunk.read.extract`) and its
    chunks carry ``source_pages`` (PDF) or ``section_path`` (HTML, DOCX).

    >>> from geochunk.samples import sample_path
    >>> cs = chunk_file(sample_path("sparse_prose"), budget=256)
    >>> cs[0].doc_id.endswith("sparse_prose.txt"), all(c.token_count <= 256 for c in cs)
    (True, True)
    """
    if not isinstance(path, (str, os.PathLike)):
        raise ConfigError(f"path must be a str or os.PathLike, got {type(path).__name__}")
    options.setdefault("doc_id", str(path))
    config = make_config(budget, **options)
    from geochunk.pipeline import chunk_text
    from geochunk.read.source import DEFAULT_MAX_BYTES, read_document

    from geochunk.read.extract import extract, extractable, locate

    limit = DEFAULT_MAX_BYTES if max_bytes is None else max_bytes
    if extractable(path):  # PDF, HTML, .docx: chunks carry source_pages / section_path
        ex = extract(path, max_bytes=limit)
        return _detached(locate(chunk_text(ex.text, config).chunks, ex))
    text = read_document(path, max_bytes=limit)
    return _detached(chunk_text(text, config).chunks)
