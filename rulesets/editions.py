"""Every edition of the rules on continuous effects from 1999 to 2026, each its predecessor plus named rule changes.

An *edition* is a stretch of documents under which every board comes to the same answer.
Its ruleset is the first edition's (``rulesets.base``) with every rule change up to it
applied, in order (``rulesets.changes``). A ruleset *speaks* a document: the document's
rule numbers, terms and date (``rulesets.language``); ``ruleset_for`` gives the ruleset of
an edition as one document speaks it. Names: an edition's key (the month its first document
took effect, ``2009-07``), its aliases (``cr418``, ``cr613``, ``current``), or any date
(``2010-06-01``: the document in force that day, and its edition).
"""

from __future__ import annotations

import re
from functools import lru_cache

from rulesets import language, subtypes
from rulesets.base import BASE
from rulesets.changes import BY_KEY, RuleChange
from rulesets.inexpressible import NOT_EXPRESSIBLE, Inexpressible
from rulesets.documents import ARCHIVE_GAPS, DOCUMENTS, DateOutOfRange, Document, archive_gap, by_file_date, in_force
from rulesets.model import Ruleset
from rulesets.record import record, replace


@record
class Edition:
    key: str  # YYYY-MM of the first document
    title: str
    since: str  # the date its first document took effect
    changes: tuple[str, ...]  # the rule changes from the edition before, in order
    aliases: tuple[str, ...] = ()
    # The document an alias speaks, when not the edition's first (cr418: the document of 2006-10-01); "newest"
    # stands for the edition's newest document (current: today's rules are today's document).
    alias_documents: tuple[tuple[str, str], ...] = ()
    # Decisions of earlier editions on cases this edition's documents decide (as the decision did).
    settles: tuple[str, ...] = ()

    @property
    def rule_changes(self) -> tuple[RuleChange, ...]:
        return tuple(BY_KEY[k] for k in self.changes)

    @property
    def not_expressible(self) -> tuple[Inexpressible, ...]:
        return tuple(i for i in NOT_EXPRESSIBLE if i.edition == self.key)

    @property
    def documents(self) -> tuple[Document, ...]:
        until = self.until
        return tuple(d for d in DOCUMENTS if d.effective >= self.since and (until is None or d.effective < until))

    @property
    def until(self) -> str | None:
        """The date the next edition took effect (None for the newest)."""
        later = [e.since for e in EDITIONS if e.since > self.since]
        return min(later) if later else None

    @property
    def archive_gaps(self) -> tuple[tuple[str, str], ...]:
        """The stretches inside this edition's time from which the archive holds no document."""
        until = self.until or "9999-12-31"
        return tuple((a, b) for a, b in ARCHIVE_GAPS if self.since <= a < until)

    @property
    def ruleset(self) -> Ruleset:
        """The edition as its first document speaks it."""
        return ruleset_for(self.key)


EDITIONS: tuple[Edition, ...] = (
    Edition("1999-04", "Before layers: initial values, counters, then all other effects (Classic Sixth Edition)",
            "1999-04-23", ()),
    Edition("1999-11", "Before layers, timestamps defined: a local enchantment after what it enchants",
            "1999-11-01", ("aura-after-enchanted",)),
    Edition(
        "2001-07", "Before layers, the order written out, copy rules, creature types as proper nouns (Apocalypse)",
        "2001-07-23", ("star-as-printed", "creature-types-proper-nouns"),
        settles=("copies_before_rules",),  # 418.5e and 503 of July 2001
    ),
    Edition("2002-10", "Before layers, creature types changeable by text changes (Onslaught)", "2002-10-07",
            ("creature-types-changeable",)),
    Edition(
        "2003-07", "Before layers: copy, text, characteristic-setting, type, counters, the rest (Eighth Edition)",
        "2003-07-01",
        ("dependency-within-stage", "text-changing-step", "csa-step", "face-down-copiable", "aura-order-chosen"),
        settles=("basic_land_change", "face_down_copied"),  # 212.6e and 503.2 of July 2003
    ),
    Edition("2003-10", "Six layers, P/T in one layer (Mirrodin)", "2003-10-01", ("numbered-layers",)),
    Edition(
        "2005-10", "Six-layer rules (counters in 6c)", "2005-10-01",
        ("type-effects-split", "pt-sublayers", "switch-last", "granted-ability-timestamp"),
        aliases=("cr418",), alias_documents=(("cr418", "2006-10-01"),),
        settles=("started_effects", "csa_dependency"),  # 418.5b and 418.5d of October 2005
    ),
    Edition(
        "2007-05", "Six layers with characteristic-defining abilities (Future Sight)", "2007-05-01",
        ("cda-out-of-dependency", "cda-defines-fewer-characteristics", "cda-unconditional", "cda-every-zone"),
    ),
    Edition(
        "2009-07", "Seven-layer rules (counters in 7d)", "2009-07-11",
        ("abilities-own-layer", "resolved-modifiers-after-setting", "static-modifiers-before-counters"),
        aliases=("cr613",), alias_documents=(("cr613", "2009-10-05"),),
    ),
    Edition(
        "2011-02", "Seven layers, order determined again after each effect", "2011-02-04",
        ("order-reevaluated", "land-types-set", "copy-exceptions-skip-cda"),
    ),
    Edition("2011-06", "Seven layers, counters on creature cards in every zone (Commander)", "2011-06-17",
            ("counters-on-cards",)),
    Edition("2011-09", "Seven layers, subtypes only of the object's card types, color indicators (Innistrad)",
            "2011-09-30", ("subtypes-match-types", "color-indicators"), settles=("color_indicator_text",)),
    Edition("2012-05", "Seven layers, characteristic-defining abilities depend on each other", "2012-05-01",
            ("cdas-depend-on-each-other",)),
    Edition("2015-07", "Seven layers, new timestamps on turning face up and transforming", "2015-07-17",
            ("new-timestamp-on-turning",)),
    Edition("2016-04", "Seven layers, a transformed permanent's mana value from its front face (Shadows over "
            "Innistrad)", "2016-04-08", ("back-face-mana-value",)),
    Edition("2017-04", "Seven layers, a split card's halves combined (Amonkhet)", "2017-04-28",
            ("split-cards-combined",)),
    Edition("2018-07", "Seven layers, a copy keeps what it copied (Core Set 2019)", "2018-07-13",
            ("copies-keep-values",)),
    Edition("2020-04", "Seven layers, counters in 7c with timestamps (Ikoria)", "2020-04-17",
            ("counters-with-modifiers", "keyword-counters", "apnap-timestamps")),
    Edition("2021-02", "Seven layers, a copy that is a type in addition keeps its type-defining abilities",
            "2021-02-05", ("copy-additions-copy-cda",)),
    Edition("2024-06", "Seven layers, the tribal card type called kindred (Modern Horizons 3)", "2024-06-07",
            ("kindred",)),
    Edition("2025-07", "Seven layers, static effects before simultaneous resolving ones", "2025-07-25", (),
            aliases=("current",), alias_documents=(("current", "newest"),)),
)

BY_NAME: dict[str, Edition] = {e.key: e for e in EDITIONS} | {a: e for e in EDITIONS for a in e.aliases}
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}\Z")


class UnknownEdition(LookupError):
    pass


def edition_in_force(document: Document) -> Edition:
    """The edition a document belongs to."""
    return [e for e in EDITIONS if e.since <= document.effective][-1]


def resolve(name: str) -> tuple[Edition, Document, str]:
    """An edition key, an alias or a date -> (edition, the document spoken, the name to show).

    Raises UnknownEdition or DateOutOfRange with a message that says what is known.
    """
    if _DATE.match(name):
        document = in_force(name)
        return edition_in_force(document), document, name
    edition = BY_NAME.get(name)
    if edition is None:
        raise UnknownEdition(
            f"no edition named {name!r}; editions: {', '.join(e.key for e in EDITIONS)}, aliases: "
            f"{', '.join(a for e in EDITIONS for a in e.aliases)}, or a date YYYY-MM-DD"
        )
    spoken = dict(edition.alias_documents).get(name)
    if spoken is None:
        document = edition.documents[0]
    else:
        document = edition.documents[-1] if spoken == "newest" else by_file_date(spoken)
    return edition, document, name


def is_edition_name(name: str) -> bool:
    return name in BY_NAME or bool(_DATE.match(name))


@lru_cache(maxsize=None)
def behaviour(key: str) -> Ruleset:
    """The edition's ruleset as data, before any document speaks it: the base plus every change up to it."""
    r = BASE
    for edition in EDITIONS:
        for change in edition.rule_changes:
            r = change.apply(r)
        if edition.settles:
            r = replace(r, decisions=tuple(d for d in r.decisions if d.key not in edition.settles))
        if edition.key == key:
            return replace(r, name=key, title=edition.title, edition=key)
    raise UnknownEdition(key)


@lru_cache(maxsize=None)
def ruleset_for(name: str) -> Ruleset:
    """The ruleset an edition name, alias or date stands for, speaking its document."""
    edition, document, shown = resolve(name)
    r = speak(behaviour(edition.key), document, shown)
    caveat = archive_gap(name) if _DATE.match(name) else None
    return replace(r, caveat=caveat) if caveat else r


def speak(r: Ruleset, document: Document, name: str | None = None) -> Ruleset:
    """``r`` as ``document`` says it: its rule numbers, its terms, its date."""
    cites, titles = language.citations(document), language.titles(document)
    return replace(
        r,
        name=name or r.name,
        document=f"Magic: The Gathering {document.name}",
        document_date=document.effective,
        citations=cites,
        card_types=language.card_types(document),
        sublayers=tuple(
            replace(s, rule=cites.get(s.topic, s.rule), title=titles.get(s.topic, s.title)) for s in r.sublayers
        ),
        words=language.words(document),
        cda_term=language.cda_term(document),
        subtypes=subtypes.sets_read(document),
        # Keyword counters, once the rules have them (122.1b), are the kinds this document names.
        keyword_counters=(subtypes.keyword_counters(document) or r.keyword_counters) if r.keyword_counters
        else frozenset(),
    )


def edition_of(name: str) -> Edition | None:
    """The edition an engine name stands for (a key, an alias or a date); None for any other engine."""
    if not is_edition_name(name):
        return None
    try:
        return resolve(name)[0]
    except (UnknownEdition, DateOutOfRange):
        return None


def changes_between(old: str | None, new: str | None) -> tuple[RuleChange, ...]:
    """The rule changes from edition ``old`` (exclusive) to edition ``new`` (inclusive), in order.

    Keys, aliases or dates. An unknown ``new`` (an engine from outside) means up to the newest
    edition; an unknown ``old``, or one not before ``new``, gives no changes.
    """
    first, last = edition_of(old or ""), edition_of(new or "") or EDITIONS[-1]
    if first is None or first.since >= last.since:
        return ()
    return tuple(c for e in EDITIONS if first.since < e.since <= last.since for c in e.rule_changes)


def not_expressible_between(old: str | None, new: str | None) -> tuple[Inexpressible, ...]:
    first, last = edition_of(old or ""), edition_of(new or "") or EDITIONS[-1]
    if first is None or first.since >= last.since:
        return ()
    return tuple(i for e in EDITIONS if first.since < e.since <= last.since for i in e.not_expressible)
