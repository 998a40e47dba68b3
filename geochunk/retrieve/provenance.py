"""What made an index row: the chunker, the tokenizer, the budget, the options, the version.

Every row of the ``chunks`` table records its :class:`Recipe` (chunker version, tokenizer name and
the sha256 of its ranks or JSON, budget, the options that change chunks, the collection version
of the build that made it) next to the document's sha256. A build compares each document's
sha256 and recipe digest with what the index holds: both equal, the document is *unchanged*
and is not read again; either differs, its rows are *replaced*, and :func:`differences` says
why (``budget 512 → 256``).

>>> a = Recipe("geochunk/0.1.0", "cl100k_base", "223921b7", 512, '{"strategy": "auto"}', "1")
>>> b = Recipe("geochunk/0.1.0", "cl100k_base", "223921b7", 256, '{"strategy": "auto"}', "1")
>>> a.digest == b.digest, differences(a, b)
(False, 'budget 512 → 256')
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, fields
from typing import Any

from geochunk.model import CHUNKER_VERSION, ChunkConfig

__all__ = ["CHUNK_OPTIONS", "Recipe", "recipe_for", "differences"]

#: The :class:`~geochunk.model.ChunkConfig` fields besides the budget and the encoding that change
#: chunks: every field but those that only label them (``doc_id``, ``collection``, ``version``),
#: so an option added to ``ChunkConfig`` is part of the recipe without a change here.
CHUNK_OPTIONS: tuple[str, ...] = tuple(
    f.name for f in fields(ChunkConfig) if f.name not in ("budget", "encoding", "doc_id", "collection", "version"))


@dataclass(frozen=True)
class Recipe:
    """What made a document's rows. ``options`` is canonical JSON (sorted keys)."""

    chunker_version: str
    tokenizer: str
    tokenizer_sha256: str | None
    budget: int
    options: str
    corpus_version: str

    @property
    def digest(self) -> str:
        """16 hex digits over every field: equal digests, equal recipes."""
        body = json.dumps([self.chunker_version, self.tokenizer, self.tokenizer_sha256, self.budget,
                           self.options, self.corpus_version], ensure_ascii=False)
        return hashlib.sha256(body.encode("utf-8")).hexdigest()[:16]


def _plain(v: Any) -> Any:
    return v if v is None or isinstance(v, (bool, int, float, str)) else repr(v)


def recipe_for(config: ChunkConfig, corpus_version: str) -> Recipe:
    """The recipe of a build with ``config`` under ``corpus_version`` (loads the tokenizer).

    >>> r = recipe_for(ChunkConfig(budget=64, encoding="o200k_base"), "v2")
    >>> r.budget, r.tokenizer in ("o200k_base", "estimate(o200k_base)"), r.corpus_version
    (64, True, 'v2')
    """
    from geochunk.tokens.counting import get_counter

    counter = get_counter(config.encoding)
    options = json.dumps({k: _plain(getattr(config, k)) for k in CHUNK_OPTIONS}, sort_keys=True)
    return Recipe(CHUNKER_VERSION, counter.name, counter.sha256, int(config.budget), options,
                  str(corpus_version))


def differences(old: Recipe | None, new: Recipe) -> str:
    """Why ``new`` re-chunks a document made with ``old`` (``None``: made before rows recorded
    their recipe), in a few words; empty when the recipes are equal.

    >>> differences(None, recipe_for(ChunkConfig(budget=64), "1"))
    'made before rows recorded what made them'
    """
    if old is None:
        return "made before rows recorded what made them"
    out = []
    if old.chunker_version != new.chunker_version:
        out.append(f"chunker {old.chunker_version} → {new.chunker_version}")
    if old.tokenizer != new.tokenizer:
        out.append(f"tokenizer {old.tokenizer} → {new.tokenizer}")
    elif old.tokenizer_sha256 != new.tokenizer_sha256:
        out.append(f"tokenizer {new.tokenizer} ranks changed")
    if old.budget != new.budget:
        out.append(f"budget {old.budget} → {new.budget}")
    if old.options != new.options:
        try:
            a, b = json.loads(old.options), json.loads(new.options)
            changed = sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))
        except ValueError:
            changed = []
        out.append("options " + (", ".join(f"{k} {a.get(k)!r} → {b.get(k)!r}" for k in changed)
                                 if changed else "changed"))
    if old.corpus_version != new.corpus_version:
        out.append(f"version {old.corpus_version} → {new.corpus_version}")
    return "; ".join(out)
