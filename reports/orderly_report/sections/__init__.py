"""The report's sections: one module per study JSON schema.

A section module registers itself at import:

    from . import Section, register

    def build(documents, context):      # -> model.SectionPage
        ...

    register(Section(key="energy", schemas=("orderly.energy/2",), order=20, build=build))

Every module in this package is imported by all_sections(), so a new section is one new file.
`documents` are that schema's files (documents.Document: name, schema, data); `context` gives
the section's output directory and the user's options (SectionContext). A section validates what
it reads (raise errors.InputError for bad input), draws through figure_style, and returns plain
data (model.py); the page template renders it. A section draws the study's numbers and lines: it
never fits.
"""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
from pathlib import Path
from typing import Callable


@dataclasses.dataclass(frozen=True)
class SectionContext:
    directory: Path        # where the section writes its files (created on demand)
    page_prefix: str       # the same directory as a path relative to the page
    norm: str              # preferred error norm for figures
    jobs: int              # processes a section may use to draw


@dataclasses.dataclass(frozen=True)
class Section:
    key: str               # anchor on the page and subdirectory of the section's files
    schemas: tuple         # the JSON schemas it reads
    order: int             # position on the page, smaller first
    build: Callable        # (list[Document], SectionContext) -> model.SectionPage


_REGISTRY: dict = {}


def register(section: Section) -> Section:
    taken = {s for other in _REGISTRY.values() for s in other.schemas}
    if section.key in _REGISTRY or taken & set(section.schemas):
        raise RuntimeError(f"section {section.key}: key or schema registered twice")
    _REGISTRY[section.key] = section
    return section


def all_sections() -> list:
    """Every section module of this package, imported once, in page order."""
    for info in pkgutil.iter_modules([str(Path(__file__).parent)]):
        importlib.import_module(f"{__name__}.{info.name}")
    return sorted(_REGISTRY.values(), key=lambda s: (s.order, s.key))
