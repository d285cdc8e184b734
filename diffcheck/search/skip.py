"""Boards two editions cannot answer differently, told apart without evaluating them: a run's static skip.

The built-in engines are one layer machine (``engines.layers.machine``) configured by two rulesets, and the machine
reads a ruleset only through its fields. Where two rulesets agree on a field, no board can come out
differently because of it; where they differ, only a board holding something the field is read for can. So
``Skip.between`` sorts the fields that differ, once per run, and ``Skip.skips`` asks of each board whether it
holds anything one of them is read for; a board that holds nothing of the kind comes out the same under
both, and a run need not evaluate it. The reasons are the machine's, field by field:

- ``WORDING``: what an answer says about itself (its name, document, rule numbers, terms, the decisions and
  stages a trace names); never an object's characteristics, the only part of an outcome a run compares.
- ``PLAN`` (``sublayers``, ``placement``, ``counters_sublayer``): the machine runs the sublayers in order and,
  inside one, orders the effects there by characteristic-defining ability first (where ``cda_first``),
  timestamp and dependency; a sublayer nothing on the board is placed in does nothing. So two plans that
  place the board's (part kind, origin) pairs alike (the same ones together, in the same order, with the
  same ``cda_first``) run the board alike, whatever the sublayers are called and however many there are
  (``Skip._plans_agree``; ``tests/search/test_skip.py`` holds it to a comparison of the whole plans); counters
  count among the pairs when the board has any.
- ``GUARDS``: each field the machine reads only for boards with some feature, and which (``_features``): a
  characteristic-defining ability, a copy effect, a granted static ability, a face-down permanent...
- ``keyword_counters`` and ``subtypes``: read per counter kind and per word, so compared on the board's
  counters and words (``_words_differ``).
- Any other field that differs (``dependency_across_stages``, ``reevaluate_loops``: they reach every board with
  two effects; a field added later that no one sorted here): nothing is skipped (``between`` gives None).

Sound by construction, then, as long as these lists say what the machine reads; ``tests/search/test_skip.py``
checks that every field of ``Ruleset`` is sorted here, and that the boards skipped between every two adjacent
editions (and cr418 and cr613) come out the same under both engines.
"""

from __future__ import annotations

from typing import Final, Iterable, Iterator

from engines.board import (
    CHANGELING, CHANGELING_ABILITY, EVERY_CREATURE_TYPE, AbilityPart, Board, CopyPart, StaticAbility, TypePart,
)
from engines.layers.plan import counters_with_modifiers, text_after_others
from engines.layers.plan import NOT_STARTED_READS, Planner, characteristic
from rulesets.model import CDA, COUNTERS, ORIGINS, PART_KINDS, RESOLVED, STATIC, Ruleset
from rulesets.record import fields, is_record

# Features of a board (bits of ``_features``): what some ruleset field is read for.
CDA_ABILITY: Final = 1  # a `cda: true` ability (printed, granted or on a card), changeling, or a color indicator
INDICATOR: Final = 2  # a color indicator (202.2e from 2011-09; before, Oracle text: decision color_indicator_text)
MIXED_TYPE_BODY: Final = 4  # one effect that changes types and something else (418.5b of 2003-12: applied whole)
GRANTED: Final = 8  # an effect that grants a static ability (418.5f / 613.6a: its timestamp)
COPY: Final = 16  # a copy effect (706, 707): copied abilities' timestamps, copiable values, face-down copies
COPY_EXCEPTIONS: Final = 32  # a copy effect with exceptions (706.8d of 2011-02: no copied CDA for an excepted value)
TEXT: Final = 64  # a text-changing effect (creature types as proper nouns 2001-2002; text after other effects)
SUBTYPES_SET: Final = 128  # setting subtypes (212.6e / 305.7: basic land types remove a land's own abilities)
SUBTYPES_GAINED: Final = 256  # adding or setting subtypes, changeling, a copy exception's subtypes (205.3d, 2011-09)
FACE_DOWN: Final = 512  # a face-down permanent (504.2 of 2003-07: its copiable values)
TURNED: Final = 1024  # a permanent that turned face up or down, or transformed, after it entered (613.6e-f, 2015)
NOT_ACTIVE: Final = 2048  # a permanent the active player does not control (613.7k of 2020: APNAP order)
AURA_TOGETHER: Final = 4096  # an Aura that entered with what it enchants (Timestamp Order of 1999-11 to 2003-03)
CARD_COUNTERS: Final = 8192  # counters on a card outside the battlefield (121.1a of 2011-06)
PT_COUNTERS: Final = 16384  # +X/+Y or -X/-Y counters on a permanent (the counters step of the plan)
TRIBAL: Final = 32768  # the card type tribal, kindred from 2024-06 (205.2a): what an outcome calls it
BACK_FACE: Final = 1048576  # a transformed permanent, its back face up (711.4b of 2016-04: the front face's mana value)
TYPE_PART: Final = 65536  # an effect that changes types: which sets go with which card types (204.3c of 2009-10; 205.3d)
EVERY_TYPE: Final = 131072  # every creature type (changeling, 702.70a of 2009-10; "gains all creature types")
SUBTYPES_REMOVED: Final = 262144  # removing subtypes (every creature type but some: the document's list, 205.3m)
FULL_TEXT: Final = 524288  # an effect that gives a card's full text (612.5 of 2009-10): its abilities, a second time
SPLIT: Final = 2097152  # a split card outside the battlefield (708.4 of 2017-04: its halves combined)

# What traces, descriptions and warnings say, never what an outcome's objects are (the machine reads ``decisions``
# and ``stages`` for its trace alone; ``card_types``, a document's list of card types, for the loader's warnings).
WORDING: Final = frozenset({
    "name", "title", "document", "document_date", "cda_term", "citations", "decisions", "words", "card_types",
    "edition", "caveat", "stages",
})
# The layer plan: compared on a board's (part kind, origin) pairs (``Skip._plans_agree``).
PLAN: Final = frozenset({"sublayers", "placement", "counters_sublayer"})
# Field -> the features the machine reads it for: a board with none of them comes out alike either way.
GUARDS: Final = {
    "color_indicators": INDICATOR,
    # Planner._build: a body whose parts are all type changes goes to the type layer either way.
    "type_effects_whole": MIXED_TYPE_BODY,
    # apply._timestamp: read for a granted ability and for abilities a copy effect gives.
    "grant_timestamps": GRANTED | COPY,
    # apply.change_types, Planner._build, the dependency trial: only a subtypes part that sets basic land types
    # (which a text change can make of one that sets others).
    "land_types_set_always": SUBTYPES_SET,
    "turning_timestamps": TURNED,
    # machine._Run: a transformed permanent's mana value; apply.copy_onto, a copy of one.
    "back_face_mana_value": BACK_FACE,
    "split_cards_combined": SPLIT,  # reading.matches, on a split card's views (zones.card_objects, card_views)
    # _Run: the APNAP rank moves only the positions of the permanents the active player does not control.
    "apnap_timestamps": NOT_ACTIVE,
    "auras_after_enchanted": AURA_TOGETHER,
    "face_down_copiable": FACE_DOWN,  # apply.copy_onto, onto a face-down permanent
    "copy_exceptions_skip_cda": COPY_EXCEPTIONS,  # apply.copy_onto
    "copy_additions_copy_cda": COPY_EXCEPTIONS,  # apply.copy_onto
    "card_counters": CARD_COUNTERS,  # the cards a count reads, the cards an outcome lists
    "copies_keep_values": COPY,  # the dependency trial of a copy effect
    "text_changes_creature_types": TEXT,  # Planner._build, for text parts only
    "subtypes_match_types": SUBTYPES_GAINED,
    "kindred": TRIBAL,
}
# Read per word and per counter kind (``_words_differ``), not per feature.
BY_WORD: Final = frozenset({"subtypes", "keyword_counters"})
# Read only for abilities marked characteristic-defining (``Planner.origin``, ``_Run._groups``, ``zones.functions``),
# each for some of them (``_cda_alike``).
CDA_FIELDS: Final = frozenset({"cda_dependency", "cda_characteristics", "cda_unconditional", "cda_every_zone"})
# Read for any two effects that may depend on each other, in any layer (418.5c-d before July 2003; 613.7c's
# loops from 2011-02): a difference in one of them skips no board.
EVERYWHERE: Final = frozenset({"dependency_across_stages", "reevaluate_loops"})


class Skip:
    """Which boards two rulesets answer alike, known from the boards alone (see the module's docstring)."""

    def __init__(self, old: Ruleset, new: Ruleset, guards: int, cda: frozenset[str] = frozenset()) -> None:
        self.old, self.new = old, new
        self.guards = guards  # the features some differing field is read for
        self.cda = cda  # the fields on characteristic-defining abilities that differ
        self.counter_words = old.keyword_counters ^ new.keyword_counters
        # Words each document sorts into different sets (sets.of), and whether the sets' card types or the
        # creature types listed differ (a type change hides a set's subtypes; every creature type but some).
        a, b = old.subtypes, new.subtypes
        self.words = frozenset(w for w in set(a.sets) | set(b.sets) if a.of(w) != b.of(w))
        self.set_types_differ = a.card_types != b.card_types
        self.creature_words_differ = _creature_words(a) != _creature_words(b)
        self.planners: tuple | None = None  # each ruleset's, to read effects' reads and writes: made when needed
        # The two plans compared once for every (part kind, origin) pair and every two of them, so that a board
        # is compared by set lookups (``_plans_agree``; the same answer as comparing the whole plans, a test checks).
        # A pair the plans treat apart (placed or not, its effects applied or not, with CDAs first or not) ...
        self.apart = frozenset(p for p in _PAIRS if _attributes(old, p, False) != _attributes(new, p, False))
        self.apart_cda = frozenset(p for p in _PAIRS if _attributes(old, p, True) != _attributes(new, p, True))
        # ... and, for each pair, those whose order against it differs (earlier, the same sublayer, later).
        self.crossed = {p: frozenset(q for q in _PAIRS if _order(old, p, q) != _order(new, p, q)) for p in _PAIRS}
        self.counters_alike = counters_with_modifiers(old) == counters_with_modifiers(new)
        # Run-wide facts every board's check reads.
        self.keyword_counters = old.keyword_counters | new.keyword_counters
        self.with_modifiers = counters_with_modifiers(old) or counters_with_modifiers(new)
        self.text_alike = text_after_others(old) == text_after_others(new)

    @classmethod
    def between(cls, old: Ruleset | None, new: Ruleset | None) -> "Skip | None":
        """The skip between two rulesets; None when one is missing, or a field that differs is one no board
        is safe from (or one this module does not know)."""
        if old is None or new is None:
            return None
        guards = 0
        cda: set[str] = set()
        for name in fields(Ruleset):
            if name in WORDING or name in PLAN or name in BY_WORD or getattr(old, name) == getattr(new, name):
                continue
            if name in CDA_FIELDS:
                cda.add(name)
                continue
            if name not in GUARDS:  # EVERYWHERE, or a field not sorted here
                return None
            guards |= GUARDS[name]
        if cda and (old.dependency_across_stages or new.dependency_across_stages):
            guards |= CDA_ABILITY  # "is" statements wait for effects of later stages (418.5c, 1999-2003)
        return cls(old, new, guards, frozenset(cda))

    def skips(self, board: Board) -> bool:
        """Whether ``board`` comes out the same under both rulesets, so that it need not be evaluated."""
        found, pairs, kinds = _features(board, bool(self.keyword_counters))
        if found & self.guards:
            return False
        if kinds & self.counter_words:  # a keyword counter under one only (122.1b, 2020 and the lists after)
            return False
        if found & INDICATOR:  # the color indicator as text (decision color_indicator_text): a CDA
            pairs |= {("color", CDA), ("color", STATIC)}
        if found & PT_COUNTERS and self.with_modifiers:
            pairs.add(("pt_modify", RESOLVED))  # counters as modifying effects (613.7c from 2020)
        if kinds & self.keyword_counters:
            pairs.add(("ability", RESOLVED))  # the keywords keyword counters give (613.1f)
        if found & GRANTED:
            pairs.add(("ability", STATIC))  # granted abilities with earlier parts apply backwards (decision
            # granted_earlier_layer)
        if not self._plans_agree(pairs, bool(found & (PT_COUNTERS | CARD_COUNTERS)), bool(found & CDA_ABILITY),
                                 bool(found & TEXT)):
            return False
        if self.cda and found & CDA_ABILITY and not self._cda_alike(board, found):
            return False
        return not self._words_differ(board, found)  # last: it reads every word of the board

    def _plans_agree(self, pairs: set, counters: bool, cda: bool, text: bool) -> bool:
        """Whether the two plans run a board of these pairs alike, from what ``__init__`` compared once."""
        if counters:
            if not self.counters_alike:
                return False
            pairs = pairs | {_COUNTERS}
        if text and not self.text_alike:
            return False
        if not (self.apart_cda if cda else self.apart).isdisjoint(pairs):
            return False
        crossed = self.crossed
        return all(crossed[p].isdisjoint(pairs) for p in pairs)

    def _cda_alike(self, board: Board, found: int) -> bool:
        """Whether the board's abilities marked characteristic-defining work alike under both rulesets:

        - each is one under both or under neither (``Planner.origin``): it defines no characteristic only one
          ruleset counts (405.2 / 604.3a(1)), and has no condition where one ruleset lets a condition make it
          an ordinary static ability (604.3a(5));
        - the board's cards outside the battlefield are no objects of the machine (``Board.reaches_cards``),
          the only ones it asks in which zones such an ability works (405.2 / 604.3);
        - no effect one ruleset counts in dependency with another and the other does not (418.5c; 613.7a(c):
          ``_Run._groups``) could depend on the other: where none writes what another reads (``_touching``),
          the machine tries no dependency between them under either, and the effects go in the same order.
        """
        old, new, cda = self.old, self.new, self.cda
        if found & INDICATOR:  # its Oracle text, an ability the machine makes (decision color_indicator_text)
            return False
        if "cda_every_zone" in cda and board.reaches_cards:
            return False
        bodies = list(_bodies(board))
        changed = old.cda_characteristics ^ new.cda_characteristics if "cda_characteristics" in cda else ()
        for body, static, _, _ in bodies:
            if static and body.cda and (
                    (body.condition is not None and "cda_unconditional" in cda)
                    or any(characteristic(part) in changed for part in body.parts)):
                return False
        if "cda_dependency" not in cda:
            return True
        # An ability copied (706.2 / 503.2) or had as full text is a second effect: the two may depend on each
        # other. So none marked characteristic-defining may be on what a copy or full-text effect takes.
        holders = {holder for body, static, granted, holder in bodies if static and body.cda}
        if any(granted and body.cda for body, _, granted, _ in bodies):
            return False  # granted to each object the granting effect affects
        if holders and found & (COPY | FULL_TEXT):
            ids = {p.id for p in board.objects}
            if any(target in holders or target not in ids for target in _taken(bodies)):
                return False
        return not any(_touching(planner, bodies) for planner in self._planners())

    def _planners(self) -> tuple:
        if self.planners is None:
            self.planners = (Planner(self.old), Planner(self.new))
        return self.planners

    def _words_differ(self, board: Board, found: int) -> bool:
        if self.set_types_differ and found & (TYPE_PART | COPY):
            return True
        if self.creature_words_differ and found & EVERY_TYPE and found & SUBTYPES_REMOVED:
            return True
        return bool(self.words) and not self.words.isdisjoint(_strings(board))


def _bodies(board: Board) -> Iterator[tuple]:
    """Every effect body the machine may make a unit of that takes part in dependency (counters take none,
    613.8a): (the body, whether it is a static ability, whether it is granted, the object it is on: a card's
    id, or "" for a card that has none)."""
    for p in board.objects:
        for s in p.static:
            yield from _ability_bodies(s, False, p.id)
        if CHANGELING in p.abilities:
            yield CHANGELING_ABILITY, True, False, p.id
    for e in board.effects:
        yield e, False, False, None
        yield from _granted(e.parts)
    if board.reaches_cards:  # else its cards are no objects (``engines.layers.zones``)
        for _, _, _, _, card in board.zone_cards():
            for s in card.static:
                yield from _ability_bodies(s, False, card.id or "")
            if CHANGELING in card.abilities:
                yield CHANGELING_ABILITY, True, False, card.id or ""


def _ability_bodies(s: StaticAbility, granted: bool, holder: str | None) -> Iterator[tuple]:
    yield s, True, granted, holder
    yield from _granted(s.parts)


def _granted(parts) -> Iterator[tuple]:
    for part in parts:
        if part.kind == "ability":
            for added in part.add:
                if isinstance(added, StaticAbility):
                    yield from _ability_bodies(added, True, None)


def _taken(bodies: list) -> Iterator[str]:
    """The objects and cards copy and full-text effects take values and abilities from."""
    for body, _, _, _ in bodies:
        for part in body.parts:
            if part.kind == "copy" or part.kind == "full_text":
                yield part.of


def _touching(planner: Planner, bodies: list) -> bool:
    """Whether, in some sublayer, an effect that is characteristic-defining under ``planner``'s ruleset and
    another effect there could depend one on the other: one writes what the other reads, or, for a static
    ability not yet started, its existence, text or copiable values (``engines.layers.dependency``'s candidates)."""
    plans = [planner.plan(body) for body, _, _, _ in bodies]
    for n, mine in enumerate(plans):
        if mine.origin != CDA:
            continue
        for m, (theirs, (_, static, _, _)) in enumerate(zip(plans, bodies)):
            if m == n:
                continue
            for key in mine.at.keys() & theirs.at.keys():  # the sublayers both have parts in
                here, there = mine.at[key], theirs.at[key]
                if there.writes & (here.reads | NOT_STARTED_READS) or here.writes & (
                        there.reads | (NOT_STARTED_READS if static else 0)):
                    return True
    return False


def _creature_words(sets) -> frozenset[str]:
    return frozenset(w for w, s in sets.sets.items() if s == "creature")


_COUNTERS: Final = (COUNTERS, "")  # the counters' step, as a pair
_PAIRS: Final = tuple((kind, origin) for kind in PART_KINDS for origin in ORIGINS) + (_COUNTERS,)


def _where(r: Ruleset, pair: tuple[str, str]) -> str | None:
    return r.counters_sublayer if pair == _COUNTERS else r.placement.get(pair)


def _attributes(r: Ruleset, pair: tuple[str, str], cda: bool) -> tuple:
    """What a plan says of one pair besides its order: placed or not, applied or not, CDAs first or not."""
    key = _where(r, pair)
    idle = pair != _COUNTERS and key is not None and key == r.counters_sublayer and not counters_with_modifiers(r)
    return key is None, idle, (r.sublayer(key).cda_first if cda and key is not None else None)


def _order(r: Ruleset, p: tuple[str, str], q: tuple[str, str]) -> int | None:
    """Whether ``p``'s sublayer comes before ``q``'s (-1), is the same (0) or after (1); None if either is unplaced."""
    a, b = _where(r, p), _where(r, q)
    if a is None or b is None:
        return None
    index = [s.key for s in r.sublayers]
    return (index.index(a) > index.index(b)) - (index.index(a) < index.index(b))


def _features(board: Board, keyword_counters: bool) -> tuple[int, set, frozenset]:
    """What a board holds that some ruleset field is read for: feature bits, its (part kind, origin) pairs,
    and its counter kinds (when some ruleset has keyword counters)."""
    found = 0
    pairs: set = set()
    kinds: set = set()
    active = board.players[0]
    for p in board.objects:
        if p.controller != active:
            found |= NOT_ACTIVE
        if "tribal" in p.types:
            found |= TRIBAL
        if p.face_down is not None:
            found |= FACE_DOWN
        if p.transformed:
            found |= BACK_FACE
        if p.face_up_at is not None or p.face_down_at is not None or p.transformed_at is not None:
            if p.latest_timestamp != p.timestamp:
                found |= TURNED
        if p.color_indicator:
            found |= INDICATOR | CDA_ABILITY
        if CHANGELING in p.abilities:  # the ability the keyword stands for: CHANGELING_ABILITY
            found |= CDA_ABILITY | SUBTYPES_GAINED | EVERY_TYPE | TYPE_PART
            pairs |= {("type", CDA), ("type", STATIC)}
        if p.counters:
            if p.pt_counters:
                found |= PT_COUNTERS
            if keyword_counters:
                kinds.update(kind for kind, n in p.counters if n)
        for s in p.static:
            found |= _static(s, pairs)
    for e in board.effects:
        found |= _parts(e.parts, (RESOLVED,), pairs)
    if board.graveyards or board.exile or board.hands or board.libraries or board.stack:
        for _, _, _, _, card in board.zone_cards():
            if "tribal" in card.types:
                found |= TRIBAL
            if card.color_indicator:
                found |= INDICATOR | CDA_ABILITY
            if card.halves:
                found |= SPLIT
            if card.counters:
                found |= CARD_COUNTERS
                if keyword_counters:
                    kinds.update(kind for kind, n in card.counters if n)
            if CHANGELING in card.abilities:
                found |= CDA_ABILITY | SUBTYPES_GAINED | EVERY_TYPE | TYPE_PART
                pairs |= {("type", CDA), ("type", STATIC)}
            for s in card.static:
                found |= _static(s, pairs)
    if _aura_together(board):
        found |= AURA_TOGETHER
    return found, pairs, frozenset(kinds)


def _static(s: StaticAbility, pairs: set) -> int:
    """A static ability's features; its parts count as a characteristic-defining ability's too if it is
    marked one (whether it is one is the ruleset's: ``Planner.origin``)."""
    if s.cda:
        return CDA_ABILITY | _parts(s.parts, (STATIC, CDA), pairs)
    return _parts(s.parts, (STATIC,), pairs)


def _parts(parts: Iterable, origins: tuple[str, ...], pairs: set) -> int:
    found = 0
    kinds = set()
    for part in parts:
        kind = part.kind
        kinds.add(kind)
        for origin in origins:
            pairs.add((kind, origin))
        if kind == "type":
            found |= TYPE_PART | _type_part(part)
        elif kind == "ability":
            found |= _ability_part(part, pairs)
        elif kind == "copy":
            found |= COPY | _copy_part(part)
        elif kind == "text":
            found |= TEXT
        elif kind == "full_text":
            found |= FULL_TEXT
    if "type" in kinds and len(kinds) > 1:
        found |= MIXED_TYPE_BODY
    return found


def _type_part(part: TypePart) -> int:
    found = 0
    if part.characteristic == "types":
        if "tribal" in part.values:
            found |= TRIBAL
    elif part.characteristic == "subtypes":
        if part.op == "set":
            found |= SUBTYPES_SET
        if part.op == "remove":
            found |= SUBTYPES_REMOVED
        elif part.values:
            found |= SUBTYPES_GAINED
        if EVERY_CREATURE_TYPE in part.values:
            found |= EVERY_TYPE
    return found


def _ability_part(part: AbilityPart, pairs: set) -> int:
    found = 0
    for added in part.add:
        if isinstance(added, StaticAbility):
            found |= GRANTED | _static(added, pairs)
    return found


def _copy_part(part: CopyPart) -> int:
    if not part.exceptions:
        return 0
    found = COPY_EXCEPTIONS
    for name, value in part.exceptions:
        if name in ("subtypes", "add_subtypes") and value:
            found |= SUBTYPES_GAINED
        elif name in ("types", "add_types") and isinstance(value, tuple) and "tribal" in value:
            found |= TRIBAL
    return found


def _aura_together(board: Board) -> bool:
    """An enchantment attached to an object with its own timestamp: what ``machine._enchanted_first`` moves."""
    by_id = None
    for p in board.objects:
        if p.attached_to is not None and "enchantment" in p.types:
            by_id = by_id or {o.id: o for o in board.objects}
            target = by_id.get(p.attached_to)
            if target is not None and target.timestamp == p.timestamp:
                return True
    return False


def _strings(value) -> Iterator[str]:
    """Every string in a board's values, all the way down: the words any rule could sort into sets."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, (tuple, list, frozenset, set)):
        for item in value:
            yield from _strings(item)
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(k)
            yield from _strings(v)
    elif is_record(value):
        for name in fields(value):
            yield from _strings(getattr(value, name))
