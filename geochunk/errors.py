"""Exceptions raised by geochunk.

Every error the library raises on purpose derives from :class:`GeochunkError`, so a caller can
catch one type. Option errors are also :class:`ValueError` and list the valid values.

>>> from geochunk.errors import ConfigError, GeochunkError
>>> issubclass(ConfigError, ValueError) and issubclass(ConfigError, GeochunkError)
True
"""

from __future__ import annotations

__all__ = [
    "GeochunkError",
    "ConfigError",
    "InputError",
    "TokenizerError",
    "ValidationError",
]


class GeochunkError(Exception):
    """Base class of every error geochunk raises on purpose."""


class ConfigError(GeochunkError, ValueError):
    """A setting is out of range or not one of the valid values (the message lists them)."""


class InputError(GeochunkError, ValueError):
    """A document cannot be read as text: missing, empty, binary, not UTF-8, or too large."""


class TokenizerError(GeochunkError, RuntimeError):
    """A real tokenizer could not be loaded (callers usually fall back to the estimate)."""


class ValidationError(GeochunkError):
    """One or more validation gates failed; ``.failures`` lists them."""

    def __init__(self, message: str, failures: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.failures = failures
