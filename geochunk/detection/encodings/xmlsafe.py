"""A safe expat parser: no DTD, no entity declarations, no external entities.

Every XML parse in geochunk goes through :func:`safe_parser`. A document that declares a DOCTYPE
or an entity is refused (:class:`XmlRefused`), so neither XXE nor entity expansion ("billion
laughs") can happen; only the five predefined entities and character references are read.

>>> p = safe_parser()
>>> p.Parse(b"<a>1 &amp; 2</a>", True)
1
>>> safe_parser().Parse(b'<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>', True)
Traceback (most recent call last):
...
geochunk.detection.encodings.xmlsafe.XmlRefused: a DOCTYPE is not read (no DTDs, no entities)
"""

from __future__ import annotations

from typing import Any
from xml.parsers import expat

__all__ = ["XmlRefused", "safe_parser", "XML_ERRORS"]


class XmlRefused(ValueError):
    """The text declares something geochunk will not read (a DTD, an entity)."""


def _refuse_doctype(*_: Any) -> None:
    raise XmlRefused("a DOCTYPE is not read (no DTDs, no entities)")


def _refuse_entity(*_: Any) -> None:
    raise XmlRefused("entity declarations are not read")


def _refuse_external(*_: Any) -> int:
    raise XmlRefused("external entities are not read")


def safe_parser(*, namespaces: bool = False) -> Any:
    """An expat parser (UTF-8 input) that refuses DTDs and entities.

    With ``namespaces=True`` element and attribute names come as ``"uri local"`` and an
    undeclared prefix is an error; without, names are the qualified names as written.
    """
    p = expat.ParserCreate("UTF-8", " " if namespaces else None)
    p.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    p.StartDoctypeDeclHandler = _refuse_doctype
    p.EntityDeclHandler = _refuse_entity
    p.ExternalEntityRefHandler = _refuse_external
    p.buffer_text = True
    return p


#: What a failed parse raises.
XML_ERRORS = (expat.ExpatError, XmlRefused, RecursionError, ValueError)
