"""Every Comprehensive Rules document from 1999 to 2026, and which one is in force on a day.

A document is known by the date on its file; it takes effect on the date it states (a
few state none: then the file date). The rules in force on a day are those of the last
document in effect by then. Which edition of the layer rules a document belongs to is
``rulesets.editions``' business.
"""

from __future__ import annotations

from bisect import bisect_right
from datetime import date

from rulesets.record import record


@record(order=True)
class Document:
    """One Comprehensive Rules document: the date it took effect, and its file's date."""

    effective: str  # ISO date the rules in it took effect
    file_date: str  # ISO date on the document (its file name: CR-<file_date>)

    @property
    def name(self) -> str:
        return f"Comprehensive Rules {self.file_date}"

    def __str__(self) -> str:
        if self.effective == self.file_date:
            return self.name
        return f"{self.name} (in force from {self.effective})"


# (file date, effective date), oldest first.
_DATES = (
    ('1999-04-23', '1999-04-23'),  # no date stated: its file date
    ('1999-11-01', '1999-11-01'),
    ('2001-07-23', '2001-07-23'),
    ('2001-09-24', '2001-09-24'),
    ('2002-02-20', '2002-02-20'),
    ('2002-10-07', '2002-10-07'),
    ('2003-03-15', '2003-03-15'),
    ('2003-07-01', '2003-07-01'),
    ('2003-10-01', '2003-10-01'),
    ('2003-12-01', '2003-12-01'),
    ('2004-02-01', '2004-02-01'),
    ('2004-06-01', '2004-06-01'),
    ('2004-10-01', '2004-10-01'),
    ('2005-02-01', '2005-02-01'),
    ('2005-08-01', '2005-08-01'),
    ('2005-10-01', '2005-10-01'),
    ('2006-02-01', '2006-02-01'),
    ('2006-05-01', '2006-05-01'),
    ('2006-07-15', '2006-07-15'),
    ('2006-10-01', '2006-10-01'),
    ('2007-02-01', '2007-02-01'),
    ('2007-05-01', '2007-05-01'),
    ('2007-07-13', '2007-07-13'),
    ('2007-09-07', '2007-09-07'),
    ('2007-10-01', '2007-10-01'),
    ('2008-02-01', '2008-02-01'),
    ('2008-05-01', '2008-05-01'),
    ('2008-07-15', '2008-07-15'),
    ('2008-10-01', '2008-10-01'),
    ('2009-02-01', '2009-02-01'),
    ('2009-05-01', '2009-05-01'),
    ('2009-07-08', '2009-07-11'),
    ('2009-09-04', '2009-09-04'),
    ('2009-10-05', '2009-10-01'),
    ('2010-02-01', '2010-02-01'),
    ('2010-04-23', '2010-04-23'),
    ('2010-06-18', '2010-06-18'),
    ('2010-07-16', '2010-07-16'),
    ('2010-10-01', '2010-10-01'),
    ('2011-02-04', '2011-02-04'),
    ('2011-04-01', '2011-04-01'),
    ('2011-05-01', '2011-05-01'),
    ('2011-06-17', '2011-06-17'),
    ('2011-07-15', '2011-07-15'),
    ('2011-09-30', '2011-09-30'),
    ('2012-02-01', '2012-02-01'),
    ('2012-05-01', '2012-05-01'),
    ('2012-06-01', '2012-06-01'),
    ('2012-07-01', '2012-07-01'),
    ('2012-10-01', '2012-10-01'),
    ('2013-02-01', '2013-02-01'),
    ('2013-04-29', '2013-04-29'),  # no date stated: its file date
    ('2013-07-11', '2013-07-13'),
    ('2013-09-27', '2013-09-27'),
    ('2013-11-01', '2013-11-01'),
    ('2014-02-01', '2014-02-01'),
    ('2014-05-01', '2014-05-01'),
    ('2014-06-01', '2014-06-01'),
    ('2014-07-18', '2014-07-18'),
    ('2014-09-26', '2014-09-25'),
    ('2015-01-23', '2015-01-23'),
    ('2015-03-27', '2015-03-27'),
    ('2015-07-17', '2015-07-17'),
    ('2015-09-26', '2015-09-26'),
    ('2015-11-13', '2015-11-13'),
    ('2016-01-16', '2016-01-16'),
    ('2016-04-08', '2016-04-08'),
    ('2016-07-22', '2016-07-22'),
    ('2016-08-26', '2016-08-26'),  # no date stated: its file date
    ('2016-09-30', '2016-09-30'),  # no date stated: its file date
    ('2016-11-11', '2016-11-11'),
    ('2017-01-19', '2017-01-20'),
    ('2017-04-28', '2017-04-28'),
    ('2017-06-05', '2017-06-05'),
    ('2017-07-07', '2017-07-08'),
    ('2017-08-25', '2017-08-25'),
    ('2017-09-29', '2017-09-29'),
    ('2018-01-19', '2018-01-19'),
    ('2018-04-27', '2018-04-27'),
    ('2018-06-08', '2018-06-08'),
    ('2018-07-13', '2018-07-13'),
    ('2018-08-10', '2018-08-10'),
    ('2018-10-05', '2018-10-05'),
    ('2019-01-25', '2019-01-25'),
    ('2019-05-03', '2019-05-03'),
    ('2019-06-12', '2019-06-14'),
    ('2019-07-12', '2019-07-12'),
    ('2019-08-23', '2019-08-23'),
    ('2019-10-04', '2019-10-04'),
    ('2020-01-22', '2020-01-24'),
    ('2020-04-17', '2020-04-17'),
    ('2020-06-01', '2020-06-01'),
    ('2020-07-03', '2020-07-03'),
    ('2020-08-07', '2020-08-07'),
    ('2020-09-25', '2020-09-25'),
    ('2020-11-20', '2020-11-20'),
    ('2021-02-02', '2021-02-05'),
    ('2021-02-24', '2021-02-15'),
    ('2021-04-19', '2021-04-22'),
    ('2021-06-09', '2021-06-18'),
    ('2021-07-12', '2021-07-23'),
    ('2021-11-15', '2021-11-19'),
    ('2022-02-18', '2022-02-18'),
    ('2022-04-29', '2022-04-29'),
    ('2022-06-10', '2022-06-10'),
    ('2022-07-08', '2022-07-08'),
    ('2022-09-08', '2022-09-08'),
    ('2022-10-07', '2022-10-07'),
    ('2022-11-18', '2022-11-18'),  # no date stated: its file date
    ('2023-04-14', '2023-04-14'),
    ('2023-10-13', '2023-10-13'),
    ('2023-11-17', '2023-11-17'),
    ('2024-02-06', '2024-02-02'),
    ('2024-03-08', '2024-03-08'),
    ('2024-06-07', '2024-06-07'),
    ('2024-08-02', '2024-07-30'),
    ('2024-11-08', '2024-11-08'),
    ('2025-02-07', '2025-02-07'),
    ('2025-04-04', '2025-04-04'),
    ('2025-06-06', '2025-06-06'),
    ('2025-07-25', '2025-07-25'),
    ('2025-09-19', '2025-09-19'),
    ('2025-11-14', '2025-11-14'),
    ('2026-01-16', '2026-01-16'),
)

DOCUMENTS: tuple[Document, ...] = tuple(sorted(Document(effective, file_date) for file_date, effective in _DATES))
FIRST, LAST = DOCUMENTS[0], DOCUMENTS[-1]
_EFFECTIVE = [d.effective for d in DOCUMENTS]


# Stretches of time from which the archive holds no document, as (last document before, first after).
# The rules of such a day are taken to be those of the document before; what changed in between is unknown.
ARCHIVE_GAPS: tuple[tuple[str, str], ...] = (("1999-11-01", "2001-07-23"),)


def archive_gap(day: str) -> str | None:
    """What to say about ``day`` (YYYY-MM-DD) if no known document was in force on it for sure; else None."""
    for last, first in ARCHIVE_GAPS:
        if last < day < first:
            return (f"the archive holds no Comprehensive Rules document between {last} and {first}: the rules in "
                    f"force on {day} are taken to be those of {last}, and any change made in between is unknown")
    return None


class DateOutOfRange(ValueError):
    """A date before the first document took effect (or not a date at all)."""


def parse_date(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except (TypeError, ValueError):
        raise DateOutOfRange(f"{text!r} is not a date (expected YYYY-MM-DD)") from None


def in_force(day: str | date) -> Document:
    """The document in force on ``day`` (YYYY-MM-DD): the last one in effect by then.

    A day after the newest document is still under it; a day before the first is an error
    that names the range.
    """
    day = day if isinstance(day, date) else parse_date(day)
    if day > date.today():
        raise DateOutOfRange(
            f"{day.isoformat()} is in the future; dates from {FIRST.effective} to today are known "
            f"(the newest document is {LAST.file_date})"
        )
    iso = day.isoformat()
    i = bisect_right(_EFFECTIVE, iso)
    if i == 0:
        raise DateOutOfRange(
            f"{iso} is before the first Comprehensive Rules document ({FIRST.effective}); "
            f"dates from {FIRST.effective} to today are known (the newest document is {LAST.file_date})"
        )
    return DOCUMENTS[i - 1]


def by_file_date(file_date: str) -> Document:
    for d in DOCUMENTS:
        if d.file_date == file_date:
            return d
    raise KeyError(file_date)


def as_of(history, effective: str) -> dict:
    """A table kept as a history, ``(date, {key: value})`` oldest first, as it stands on ``effective``: every
    entry dated on or before it, later ones over earlier ones (citations, terms, subtype sets by document)."""
    table: dict = {}
    for since, updates in history:
        if since <= effective:
            table.update(updates)
    return table
