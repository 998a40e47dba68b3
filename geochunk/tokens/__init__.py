"""Tokens: offline tiktoken and other tokenizers, counting, the per-document token index, and the estimate.

``geochunk.tokens`` keeps the public names of :mod:`geochunk.tokens.counting`.

>>> from geochunk.tokens import get_counter
>>> get_counter("cl100k_base").count("POINT (1 2)") > 0
True
"""

from geochunk.tokens.counting import (
    ENV_VAR,
    TOKENIZER_MODES,
    ESTIMATE_UNIT,
    PINNED_SHA256,
    ANALYSED_PAT_SHA256,
    TokenCounter,
    TokenIndex,
    get_counter,
    cache_dir,
    CACHE_ENV_VAR,
    hf_counter,
    callable_counter,
    clear_cache,
    clean_boundary,
    split_boundary,
    estimate_count,
    check_growth,
    guarded,
    Outage,
)

__all__ = ['ENV_VAR', 'TOKENIZER_MODES', 'ESTIMATE_UNIT', 'PINNED_SHA256', 'ANALYSED_PAT_SHA256', 'TokenCounter', 'TokenIndex', 'get_counter', 'cache_dir', 'CACHE_ENV_VAR', 'hf_counter', 'callable_counter', 'clear_cache', 'clean_boundary', 'split_boundary', 'estimate_count', 'check_growth', 'guarded', 'Outage']
