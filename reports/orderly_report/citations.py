"""The seed articles, cited by author and title.

A study's JSON names a seed by its data file (seed.source); a reader must never see that name.
This table is the one place that maps it to a citation."""

from __future__ import annotations

import dataclasses


@dataclasses.dataclass(frozen=True)
class Citation:
    author: str
    title: str
    venue: str
    edition: str

    @property
    def short(self) -> str:
        """As cited in running text: author, "title"."""
        return f"{self.author}, “{self.title}”" if self.author else f"“{self.title}”"

    @property
    def full(self) -> str:
        parts = [self.short, self.venue, self.edition]
        return ", ".join(p for p in parts if p)


FIEDLER = "Glenn Fiedler"
GAFFER = "Gaffer on Games"

SEED_CITATIONS = {
    "000_edcde5cb7fcc9b43.txt": Citation(
        "", "Practical application of the Runge-Kutta method",
        "a blog article extending Fiedler's “Integration Basics”",
        "generic tableau RK and an RK4/5 Fehlberg step"),
    "001_95d7b2db0cda6143.txt": Citation(FIEDLER, "Integration Basics", GAFFER,
                                         "an earlier posting, with its reader comments"),
    "002_1e501917c6a20107.txt": Citation("", "Runge-Kutta Integration",
                                         "CS-116B: Computer Graphics Algorithms", "course slides"),
    "003_e2ae4d947220ff7a.txt": Citation(FIEDLER, "Integration Basics", GAFFER, "2018 revision"),
    "004_cf4b508dfc170f67.txt": Citation(FIEDLER, "Integration Basics", GAFFER, "2006 page"),
}

UNKNOWN = Citation("", "an article not in the report's citation table", "", "")


def cite(source) -> Citation:
    """The citation of a seed data file; a file missing from the table is named as uncited,
    never by its file name."""
    return SEED_CITATIONS.get(source, UNKNOWN) if isinstance(source, str) else UNKNOWN
