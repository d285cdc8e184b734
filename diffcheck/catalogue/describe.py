"""What ``diffcheck cards`` shows: a card's layers under each ruleset, a listing, one card in full."""

from __future__ import annotations

from typing import Any, Iterable

from tabulate import tabulate

from diffcheck.catalogue.formats import AS_OF, FORMATS, Format
from diffcheck.catalogue.model import Card, CardEffect
from diffcheck.pyyaml import yaml
from engines.board import (
    CHANGELING, CHANGELING_ABILITY, COLORS, Effect, Ids, StaticAbility, indicator_text, parts_from_dict,
)
from engines.layers.plan import Planner
from rulesets import RULESETS, Ruleset

__all__ = ["layers", "card_json", "listing", "detail", "format_summary"]


def layers(card: Card, ruleset: Ruleset) -> list[str]:
    """The sublayers the card's effects apply in under ``ruleset``, in layer order, as the engines place them
    (``Planner.plan``: a `cda: true` ability is characteristic-defining only where the ruleset says it can be,
    old 405.2; 2009 604.3a).

    Counts every part of its static abilities (and of the abilities they grant), of its spell or abilities'
    effects, and its counters (old 6c; 2009 7d); and the abilities its printed characteristics stand for:
    changeling, every creature type in the type layer (502.73a of 2007-10; 702.73a), and a color indicator,
    read as the Oracle text that said the card is its color until 202.2e of 2011-09-30 made it a printed
    color (decision color_indicator_text).
    """
    planner = _planner(ruleset)
    bodies: list[StaticAbility | Effect] = []
    for ability in card.static:
        bodies += _with_granted(StaticAbility.from_dict(ability))
    for effect in card.effects:
        made = Effect("effect", "effect", "you", 0, Ids(()), parts_from_dict(effect.with_x(0)))
        bodies.append(made)
        for part in made.parts:
            bodies += [b for added in getattr(part, "add", ()) if isinstance(added, StaticAbility)
                       for b in _with_granted(added)]
    if CHANGELING in card.printed.get("abilities", ()):
        bodies.append(CHANGELING_ABILITY)
    if card.printed.get("color_indicator") and not ruleset.color_indicators:
        bodies.append(indicator_text(card.name, tuple(card.printed["color_indicator"])))
    keys = {key for body in bodies for key in planner.plan(body).at}
    if card.printed.get("counters"):
        keys.add(ruleset.counters_sublayer)
    order = [s.key for s in ruleset.sublayers]
    return sorted(keys, key=order.index)


def _with_granted(ability: StaticAbility) -> list[StaticAbility]:
    """The ability and every static ability it grants, all the way down."""
    out = [ability]
    for part in ability.parts:
        for added in getattr(part, "add", ()):
            if isinstance(added, StaticAbility):
                out += _with_granted(added)
    return out


_PLANNERS: dict[int, tuple[Ruleset, Planner]] = {}


def _planner(ruleset: Ruleset) -> Planner:
    """One planner per ruleset (a ruleset holds mappings, so it is kept by identity, with the ruleset itself)."""
    kept = _PLANNERS.get(id(ruleset))
    if kept is None or kept[0] is not ruleset:
        kept = _PLANNERS[id(ruleset)] = (ruleset, Planner(ruleset))
    return kept[1]


def usage(card: Card) -> list[str]:
    """How a board names the card: one line per form."""
    if card.is_spell and not card.effects:  # its own abilities only (Ghostfire): a card outside the battlefield
        return [f"stack: {{PLAYER: [card: {card.name}]}}, or a card in a graveyard"]
    if card.is_spell:
        return [f"cast: {card.name}, targets: [{_targets(card.effects[0])}]{_choices_hint(card.effects[0].choices)}"]
    lines = [f"card: {card.name}{_choices_hint(card.choices)}"]
    for effect in card.effects:
        lines.append(
            f"cast: {card.name}, ability: {effect.label}, targets: [{_targets(effect)}]{_choices_hint(effect.choices)}"
        )
    return lines


def _targets(effect: CardEffect) -> str:
    if effect.on_self:
        return "ITSELF"
    if effect.targets is None:
        return "EVERY OBJECT IT AFFECTED"
    return ", ".join(["ID"] * effect.targets)


def _choices_hint(choices: Iterable[Any]) -> str:
    listed = [f"{c.name}: {c.kind.upper()}{'' if not c.optional else ' (optional)'}" for c in choices]
    return f", choices: {{{', '.join(listed)}}}" if listed else ""


def card_json(card: Card) -> dict[str, Any]:
    """One card as plain data, for ``diffcheck cards --json``."""
    return {
        "name": card.name,
        "group": card.group,
        "type_line": card.type_line(),
        **{key: card.printed[key] for key in ("types", "subtypes", "supertypes", "colors", "color_indicator",
                                               "mana_value", "power", "toughness", "abilities", "counters")
           if key in card.printed},
        "about": card.about,
        "first_printing": None if card.first_printing is None
        else {"set": card.first_printing[0], "date": card.first_printing[1]},
        "formats": list(card.formats),
        "caveats": list(card.caveats),
        "layers": {name: layers(card, ruleset) for name, ruleset in RULESETS.items()},
        "usage": usage(card),
        "choices": [{"name": c.name, "kind": c.kind, "optional": c.optional} for c in card.choices],
        "static": [dict(a) for a in card.static],
        "effects": [
            {"ability": e.label, "how": e.how, "about": e.about, "targets": "self" if e.on_self else e.targets,
             "choices": [{"name": c.name, "kind": c.kind, "optional": c.optional} for c in e.choices],
             "effect": dict(e.body)}
            for e in card.effects
        ],
    }


def listing(cards: Iterable[Card]) -> str:
    """A table of cards: name, type line, mana value, P/T, and their layers under cr418 and cr613."""
    rows = []
    for card in cards:
        rows.append([
            card.name,
            card.type_line(),
            card.printed.get("mana_value", 0),
            card.pt(),
            " ".join(layers(card, RULESETS["cr418"])),
            " ".join(layers(card, RULESETS["cr613"])),
        ])
    return tabulate(rows, headers=["card", "type", "mv", "p/t", "cr418 layers", "cr613 layers"], tablefmt="simple")


_READ_AS = {"no layer text": "has no ability that acts in the layers", "read": "read in full",
            "partly read": "read in part (the caveats name what is not)", "not read": "not read (see the caveats)"}


def detail(card: Card) -> str:
    """One card in full: facts, description, caveats, layers, how to use it, its encoding."""
    halves = card.printed.get("halves")
    cost = " // ".join(f"{h['name']} {h['mana_cost']}" for h in halves) if halves else card.printed.get("mana_cost")
    facts = [f"{card.name}", f"  {card.type_line()}    " + (f"{cost}, " if cost else "")
             + f"mana value {card.printed.get('mana_value', 0)}"]
    # A color indicator gives its colors (202.2e from 2011-09-30; before, the Oracle text said so): a card
    # with one is never "colorless".
    indicator = card.printed.get("color_indicator") or []
    colors = [c for c in COLORS if c in card.printed.get("colors", ()) or c in indicator] or ["colorless"]
    line = f"  {', '.join(colors)}"
    if indicator:
        line += " (its color indicator)" if set(indicator) == set(colors) else f" (color indicator: {', '.join(indicator)})"
    if card.pt():
        line += f"    {card.pt()}"
    if card.printed.get("abilities"):
        line += "    " + ", ".join(card.printed["abilities"])
    if card.printed.get("counters"):
        line += "    enters with " + ", ".join(f"{n} {k}" for k, n in card.printed["counters"].items())
    facts.append(line)
    if card.source != "checked":
        facts.append(f"  imported, not checked: its Oracle text {_READ_AS.get(card.source, card.source)}")
    if card.first_printing is not None:
        facts.append(f"  first printed in {card.first_printing[0]}, {card.first_printing[1]}")
    if card.formats:
        facts.append(f"  legal in {', '.join(FORMATS[key].name for key in card.formats)} (as of {AS_OF})")
    out = facts + ["", f"  {card.about}"]
    for caveat in card.caveats:
        out.append(f"  Caveat: {caveat}")
    out.append("")
    for name, ruleset in RULESETS.items():
        out.append(f"  layers under {name} ({ruleset.document_date}): {', '.join(layers(card, ruleset)) or 'none'}")
    out += ["", "  In a board:"] + [f"    {line}" for line in usage(card)]
    for effect in card.effects:
        if effect.label is not None:
            out.append(f"  {effect.how} ability {effect.label}: {effect.about}")
    if card.static:
        out += ["", "  Static abilities, in board vocabulary:"] + _yaml([dict(a) for a in card.static])
    for effect in card.effects:
        name = "Effect" if effect.label is None else f"Effect of {effect.label}"
        out += ["", f"  {name}, in board vocabulary:"] + _yaml(dict(effect.body))
    return "\n".join(out)


def _yaml(data: Any) -> list[str]:
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=None, width=100)
    return ["    " + line for line in text.splitlines()]


def format_summary(cards: list[Card], fmt: Format, searched: bool) -> str:
    """What the listing of one format's cards holds: how many, and how many of them act in the layers."""
    acting = sum(1 for card in cards if layers(card, RULESETS["cr613"]))
    scope = "of them match the search" if searched else "are in the catalogue"
    return (f"{fmt.name} admits {fmt.admits}. {len(cards)} of its cards {scope} (legal as of {AS_OF}): "
            f"{acting} whose abilities act in the layers, {len(cards) - acting} that boards hold for their "
            "printed characteristics.")
