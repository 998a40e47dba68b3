"""Session-state keys: each is unique and used by the app (an unused key is dead weight that
reads as if something stored it)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from geochunk.ui.retrieve import RetrieveKeys
from geochunk.ui.state import StateKeys

APP_DIR = Path(__file__).resolve().parents[1]
SOURCES = "\n".join(p.read_text(encoding="utf-8") for p in [
    APP_DIR / "app.py", *(APP_DIR / "pages").glob("*.py"), *(APP_DIR / "geochunk" / "ui").glob("*.py")
])


def _keys(cls: type) -> dict[str, str]:
    return {k: v for k, v in vars(cls).items() if k.isupper() and isinstance(v, str)}


@pytest.mark.parametrize("cls, alias", [(StateKeys, "StateKeys"), (RetrieveKeys, "K")])
def test_every_key_is_used_and_unique(cls: type, alias: str) -> None:
    keys = _keys(cls)
    assert len(keys) >= 10
    assert len(set(keys.values())) == len(keys)
    unused = [k for k in keys if not re.search(rf"\b{alias}\.{k}\b", SOURCES)]
    assert unused == []


def test_state_and_retrieve_keys_do_not_collide() -> None:
    assert not set(_keys(StateKeys).values()) & set(_keys(RetrieveKeys).values())
    assert set(StateKeys.PERSISTENT) <= set(_keys(StateKeys).values())
