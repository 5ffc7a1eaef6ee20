"""The studies' JSON files: found under the input directories, parsed, and routed by schema."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

from .errors import InputError


@dataclasses.dataclass(frozen=True)
class Document:
    name: str      # the file's path as the user gave it, for messages
    schema: str
    data: dict


def _no_value(_constant: str):
    # NaN and Infinity are not JSON, though Python's parser accepts them: they mean "no value".
    return None


def read_document(path: Path, name: str) -> Document:
    try:
        data = json.loads(path.read_text(encoding="utf-8"), parse_constant=_no_value)
    except (OSError, UnicodeDecodeError) as e:
        raise InputError(f"{name}: cannot read: {e}") from None
    except json.JSONDecodeError as e:
        raise InputError(f"{name}: malformed JSON: {e.msg} at line {e.lineno} column {e.colno}") from None
    except RecursionError:
        raise InputError(f"{name}: nested deeper than a study writes (arrays or objects within each other "
                         "beyond Python's recursion limit)") from None
    if not isinstance(data, dict):
        raise InputError(f"{name}: top level is not a JSON object")
    schema = data.get("schema")
    if not isinstance(schema, str):
        raise InputError(f"{name}: no 'schema' field")
    return Document(name=name, schema=schema, data=data)


def load_documents(input_dirs: list, known_schemas: set) -> dict:
    """Every *.json file under the input directories (recursively, in name order), grouped by
    schema. A schema no section reads is bad input: the report would silently leave it out."""
    files = []
    for directory in input_dirs:
        if not directory.exists():
            raise InputError(f"--input: directory {directory} does not exist")
        if not directory.is_dir():
            raise InputError(f"--input: {directory} is not a directory")
        found = sorted(p for p in directory.rglob("*.json") if p.is_file())
        if not found:
            raise InputError(f"--input: no JSON files in {directory}")
        files += found
    by_schema: dict = {}
    for path in files:
        document = read_document(path, str(path))
        if document.schema not in known_schemas:
            raise InputError(f"{document.name}: unknown schema '{document.schema}' "
                             f"(known: {', '.join(sorted(known_schemas))})")
        by_schema.setdefault(document.schema, []).append(document)
    return by_schema


def add_optional(by_schema: dict, path: Path, schema: str) -> None:
    """A file outside the input directories (the speed table `make bench` leaves in the build
    tree), added when the inputs hold no file of its schema: a copy in an input wins."""
    if by_schema.get(schema):
        return
    document = read_document(path, str(path))
    if document.schema != schema:
        raise InputError(f"{document.name}: schema '{document.schema}', expected '{schema}'")
    by_schema[schema] = [document]
