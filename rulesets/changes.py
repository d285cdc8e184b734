"""The rule changes from the six-layer rules (418.5) to the 2009 seven-layer rules (613), as data.

Each ``RuleChange`` names the old and the new rules, says in one sentence what changed, and
knows how to change a ruleset accordingly. ``derive(CR418, changes)`` builds the hybrid
ruleset with any subset of them applied; with all of them it behaves as ``CR613`` does
(tests check the data and the outcomes). They are every behavioural difference between the
two documents that a board can show; ``NOT_EXPRESSIBLE`` lists, with rule numbers, the
differences the board format cannot express, so no board shows them. Titles, citations and
words differ too, but they change what a trace says, not what a board comes to.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Callable, Iterable

from rulesets.model import CDA, RESOLVED, STATIC, Ruleset, Sublayer

PT_KINDS = ("pt_set", "pt_modify", "pt_switch")


@dataclass(frozen=True)
class RuleChange:
    key: str
    title: str
    old_rule: str
    new_rule: str
    summary: str  # one plain sentence, in our words
    apply: Callable[[Ruleset], Ruleset]


# ---------------------------------------------------------------- helpers over a ruleset's plan


def _with_plan(r: Ruleset, sublayers: list[Sublayer], placement: dict, counters: str | None = None) -> Ruleset:
    """The ruleset with a new plan; sublayers nothing is placed in are dropped, the rest renumbered."""
    counters = counters or r.counters_sublayer
    used = set(placement.values()) | {counters}
    sublayers = [s for s in sublayers if s.key in used]
    renamed = _numbering(sublayers, placement, counters)
    return replace(
        r,
        sublayers=tuple(replace(s, key=renamed[s.key]) for s in sublayers),
        placement=MappingProxyType({k: renamed[v] for k, v in placement.items()}),
        counters_sublayer=renamed[counters],
    )


def _numbering(sublayers: list[Sublayer], placement: dict, counters: str) -> dict[str, str]:
    """Layers 1..n for the sublayers before P/T, then n+1 a, b, c... for the P/T sublayers (418.5a, 613.1)."""
    pt = {v for (kind, _), v in placement.items() if kind in PT_KINDS} | {counters}
    names, layer, letter = {}, 0, 0
    for s in sublayers:
        if s.key in pt:
            if letter == 0:
                layer += 1
            names[s.key] = f"{layer}{'abcdefgh'[letter]}"
            letter += 1
        else:
            layer += 1
            names[s.key] = str(layer)
    return names


def _insert_after(sublayers: list[Sublayer], after: str, new: Sublayer) -> list[Sublayer]:
    i = next(n for n, s in enumerate(sublayers) if s.key == after)
    return sublayers[: i + 1] + [new] + sublayers[i + 1:]


def _insert_before(sublayers: list[Sublayer], before: str, new: Sublayer) -> list[Sublayer]:
    i = next(n for n, s in enumerate(sublayers) if s.key == before)
    return sublayers[:i] + [new] + sublayers[i:]


def _move(placement: dict, kind: str, origins: Iterable[str], to: str) -> dict:
    out = dict(placement)
    for origin in origins:
        if (kind, origin) in out:
            out[(kind, origin)] = to
    return out


MODIFY = "modify"  # the key a new modifying sublayer is made under, before renumbering


def _modify_sublayer(r: Ruleset) -> str | None:
    """A sublayer before counters that holds modifying effects and nothing else (2009 7c), if any."""
    keys = [s.key for s in r.sublayers]
    for key in keys[: keys.index(r.counters_sublayer)]:
        if {kind for (kind, _), where in r.placement.items() if where == key} == {"pt_modify"}:
            return key
    return None


# ---------------------------------------------------------------- the changes


def _abilities_own_layer(r: Ruleset) -> Ruleset:
    colors = r.placement[("color", STATIC)]
    if r.placement[("ability", STATIC)] != colors:
        return r
    sublayers = [replace(s, title="color-changing effects") if s.key == colors else s for s in r.sublayers]
    # The new layer keeps what old layer 5 did for ability changes: characteristic-defining
    # abilities first (418.5a -> 613.2), though none can add or remove abilities (405.2 / 604.3).
    sublayers = _insert_after(sublayers, colors, Sublayer(
        "abilities", "ability-adding and ability-removing effects", "613.1f", cda_first=True))
    return _with_plan(r, sublayers, _move(dict(r.placement), "ability", (STATIC, RESOLVED, CDA), "abilities"))


def _resolved_modify_after_set(r: Ruleset) -> Ruleset:
    setting = r.placement[("pt_set", STATIC)]
    if r.placement[("pt_modify", RESOLVED)] != setting:
        return r
    existing = _modify_sublayer(r)
    sublayers = list(r.sublayers)
    if existing is None:
        existing = MODIFY
        sublayers = _insert_after(sublayers, setting, Sublayer(MODIFY, "P/T modifying", "613.3c"))
    return _with_plan(r, sublayers, _move(dict(r.placement), "pt_modify", (RESOLVED,), existing))


def _static_modify_before_counters(r: Ruleset) -> Ruleset:
    keys = [s.key for s in r.sublayers]
    where = r.placement[("pt_modify", STATIC)]
    if keys.index(where) < keys.index(r.counters_sublayer):
        return r
    existing = _modify_sublayer(r)
    sublayers = list(r.sublayers)
    if existing is None:
        existing = MODIFY
        sublayers = _insert_before(sublayers, r.counters_sublayer, Sublayer(MODIFY, "P/T modifying", "613.3c"))
    return _with_plan(r, sublayers, _move(dict(r.placement), "pt_modify", (STATIC,), existing))


def _cda_out_of_dependency(r: Ruleset) -> Ruleset:
    return replace(r, cda_in_dependency=False)


def _cda_defines_fewer(r: Ruleset) -> Ruleset:
    return replace(r, cda_characteristics=frozenset({"subtypes", "colors", "pt"}))


CHANGES: tuple[RuleChange, ...] = (
    RuleChange(
        "resolved-modifiers-after-setting", "Resolved P/T modifiers apply after P/T setting",
        "418.5a (6b)", "613.3c (7c)",
        "A +N/+N from a resolved spell or ability no longer shares a sublayer with effects that set P/T, "
        "where the later timestamp won; it now applies after every setting effect, so it is never overwritten.",
        _resolved_modify_after_set,
    ),
    RuleChange(
        "static-modifiers-before-counters", "Static P/T modifiers apply before counters",
        "418.5a (6d)", "613.3c (7c)",
        "A +N/+N from a static ability no longer waits until after counters; it applies with the other "
        "modifying effects, before counters, which matters when an effect reads P/T.",
        _static_modify_before_counters,
    ),
    RuleChange(
        "abilities-own-layer", "Ability-changing effects get a layer of their own",
        "418.5a (layer 5)", "613.1f (layer 6)",
        "Effects that add or remove abilities no longer share layer 5 with color changes, ordered by "
        "timestamp and dependency; they now apply in a new layer 6, after every color change (where, as in "
        "old layer 5, characteristic-defining abilities would apply first, 613.2).",
        _abilities_own_layer,
    ),
    RuleChange(
        "cda-out-of-dependency", "Characteristic-defining abilities leave dependency",
        "418.5c-d", "613.7a(c)",
        "A characteristic-defining ability can no longer depend on another effect or be depended on, so "
        "a dependency can no longer move it after other effects in its layer.",
        _cda_out_of_dependency,
    ),
    RuleChange(
        "cda-defines-fewer-characteristics", "A characteristic-defining ability defines colors, subtypes or P/T only",
        "405.2", "604.3a(1)",
        "An ability that sets its own object's card types or supertypes no longer counts as "
        "characteristic-defining: it applies in timestamp order and can take part in dependency.",
        _cda_defines_fewer,
    ),
)

BY_KEY = {c.key: c for c in CHANGES}


@dataclass(frozen=True)
class Inexpressible:
    """A difference between the two documents that no board in the board format can show."""

    old_rule: str
    new_rule: str
    summary: str  # what differs, and why a board cannot show it


NOT_EXPRESSIBLE: tuple[Inexpressible, ...] = (
    Inexpressible(
        "402.8a, 405.2a", "604.3",
        "2009 characteristic-defining abilities work in every zone; in 2006 only those that set types, "
        "subtypes, supertypes or colors did, and a * power or toughness was 0 out of play. Boards hold "
        "permanents on the battlefield, and graveyard cards only for counts, with printed characteristics.",
    ),
    Inexpressible(
        "405.2", "604.3a(5)",
        "2009 denies characteristic-defining status to an ability that sets a characteristic only under a "
        "condition; a board's abilities have no conditions.",
    ),
    Inexpressible(
        "212.1b", "204.1a",
        "2009 keeps the subtypes of a removed card type that are also subtypes of a kept one (creature "
        "types on a tribal object); the 2006 document has no tribal or planeswalker card type, so no board "
        "true to it can show the difference (the machine applies the 2009 rule to both).",
    ),
    Inexpressible(
        "418.5e", "613.6c-d",
        "2009 gives a Fortification a new timestamp when it becomes attached, as Auras and Equipment; "
        "Fortification is unknown in 2006, and a board states timestamps rather than attachment events.",
    ),
    Inexpressible(
        "418.5e", "613.6e-f",
        "2009 timestamps face-up plane and vanguard cards; neither is a permanent a board can hold.",
    ),
    Inexpressible(
        "-", "613.9-613.10",
        "2009 places continuous effects on players and on game rules after those on objects, which the "
        "2006 text does not order; boards hold only effects on objects.",
    ),
)


def derive(base: Ruleset, changes: Iterable[str | RuleChange], name: str | None = None) -> Ruleset:
    """``base`` with the given rule changes applied, in the canonical order of ``CHANGES``."""
    wanted = {c if isinstance(c, str) else c.key for c in changes}
    unknown = wanted - set(BY_KEY)
    if unknown:
        raise KeyError(f"unknown rule changes: {', '.join(sorted(unknown))}")
    r = base
    for change in CHANGES:
        if change.key in wanted:
            r = change.apply(r)
    label = "+".join(c.key for c in CHANGES if c.key in wanted)
    return replace(r, name=name or (f"{base.name}+{label}" if label else base.name))
