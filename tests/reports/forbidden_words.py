"""The words a missing or non-finite number turns into when code prints it unchecked, found as
whole tokens in text a reader sees.

A token is a run of letters, digits and the characters _ . + - (so "l-inf", "linf", "nonlinear",
"infinite" and "Nantes" are single tokens that are not forbidden), with a leading sign and a
trailing full stop taken off ("-nan", "inf." and "(NaN)" are forbidden). Case matters: "none" is
an English word, "None" is Python's null."""

from __future__ import annotations

import re

# Python's None and the spellings of NaN and infinity that C++ streams, printf, Python's repr and
# format() and JavaScript produce.
FORBIDDEN = frozenset({"nan", "NaN", "NAN", "inf", "Inf", "INF", "None", "Infinity"})

TOKEN = re.compile(r"[A-Za-z0-9_.+\-]+")
# Characters of context quoted either side of a forbidden word in a message.
CONTEXT_CHARS = 40


def forbidden_in(text: str) -> list:
    """(word, the text around it) for every forbidden token in `text`, in order."""
    found = []
    for match in TOKEN.finditer(text):
        word = match.group().lstrip("+-").rstrip(".")
        if word in FORBIDDEN:
            start, end = max(0, match.start() - CONTEXT_CHARS), match.end() + CONTEXT_CHARS
            found.append((word, " ".join(text[start:end].split())))
    return found
