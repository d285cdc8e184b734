"""The formats judges run, as data: what each admits, and what a catalogue entry's ``formats:`` may claim.

A card's ``formats:`` lists the formats it is legal in (a restricted card is legal) as of the catalogue's
date, ``AS_OF``. Legality is a fact about the card's printings and the format's lists, which change; the
catalogue records it, and ``diffcheck cards --format KEY`` lists what it holds of a format so that a judge
knows before an event. What can be checked from the entry itself is checked (``check``): a card first
printed after a format's last set cannot be in it.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["AS_OF", "FORMATS", "Format", "format_named"]

# The date the catalogue's legalities were last checked against the formats' lists.
AS_OF = "2026-11-01"


@dataclass(frozen=True)
class Format:
    """A format, by the key entries use (``premodern``), its name, and which cards it admits."""

    key: str
    name: str
    admits: str  # one plain sentence a judge can check a card against
    # No card first printed after this date can be legal (the format's last set came out then); None: no bound.
    last_printing: str | None = None


FORMATS: dict[str, Format] = {f.key: f for f in (
    Format("oldschool", "Old School 93/94",
           "cards printed in the sets of 1993 and 1994, Limited Edition Alpha to Fallen Empires, less a short "
           "banned list; some events leave out Fallen Empires, so the card's first set is shown",
           last_printing="1994-12-31"),
    Format("premodern", "Premodern",
           "cards printed in the core sets and expansions from Fourth Edition (1995) to Scourge (2003), "
           "less its banned list", last_printing="2003-05-26"),
    Format("pauper", "Pauper", "cards printed at common in a paper set or on Magic Online, less its banned list"),
    Format("modern", "Modern",
           "cards printed in the core sets and expansions from Eighth Edition and Mirrodin (2003) on, and the "
           "Modern Horizons sets, less its banned list"),
    Format("legacy", "Legacy", "every card but those on its banned list"),
    Format("vintage", "Vintage", "every card but those on its banned list; a restricted card is legal"),
    Format("commander", "Commander", "every card but those on its banned list"),
)}


def format_named(key: str) -> Format | None:
    """The format called ``key`` (its key, or its name in any case: "Old School 93/94", "premodern")."""
    folded = key.strip().casefold().replace(" ", "").replace("-", "")
    for fmt in FORMATS.values():
        if folded in (fmt.key, fmt.name.casefold().replace(" ", "").replace("-", "")):
            return fmt
    return None


def check(formats: object, first_printed: str | None, where: str) -> tuple[str, ...]:
    """An entry's ``formats:`` as a tuple of keys; a message (ValueError) where it names an unknown format, a
    format twice, or one whose last set came out before the card was first printed."""
    if not isinstance(formats, list) or not all(isinstance(f, str) for f in formats):
        raise ValueError(f"{where}: formats is a list of format keys ({', '.join(FORMATS)})")
    unknown = [f for f in formats if f not in FORMATS]
    if unknown or len(set(formats)) != len(formats):
        raise ValueError(f"{where}: formats names {unknown or 'a format twice'}; the keys are {', '.join(FORMATS)}")
    for key in formats:
        last = FORMATS[key].last_printing
        if last is not None and first_printed is not None and first_printed > last:
            raise ValueError(f"{where}: first printed {first_printed}, after {FORMATS[key].name}'s last set")
    return tuple(sorted(formats, key=list(FORMATS).index))
