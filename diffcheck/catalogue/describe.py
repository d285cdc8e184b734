"""What ``diffcheck cards`` shows: a card's layers under each ruleset, a listing, one card in full."""

from __future__ import annotations

from typing import Any, Iterable, Mapping

import yaml
from tabulate import tabulate

from diffcheck.catalogue.model import Card, CardEffect
from engines.board import StaticAbility, parts_from_dict
from engines.plan import characteristic
from rulesets import CDA, RESOLVED, RULESETS, STATIC, Ruleset

__all__ = ["layers", "card_json", "listing", "detail"]


def layers(card: Card, ruleset: Ruleset) -> list[str]:
    """The sublayers the card's effects apply in under ``ruleset``, in layer order.

    Counts every part of its static abilities (and of the abilities they grant), of its
    spell or abilities' effects, and its counters (old 6c; 2009 7d). A `cda: true` ability
    counts as characteristic-defining only where the ruleset says it can define all of
    its parts (old 405.2; 2009 604.3a(1)), as the engines decide.
    """
    keys: set[str] = set()
    for ability in card.static:
        _static_keys(ability, ruleset, keys)
    for effect in card.effects:
        for part in parts_from_dict(effect.body):
            keys.add(ruleset.placement[(part.kind, RESOLVED)])
        _granted_keys(effect.body, ruleset, keys)
    if card.printed.get("counters"):
        keys.add(ruleset.counters_sublayer)
    order = [s.key for s in ruleset.sublayers]
    return sorted(keys, key=order.index)


def _static_keys(ability: Mapping[str, Any], ruleset: Ruleset, keys: set[str]) -> None:
    static = StaticAbility.from_dict(ability)
    cda = static.cda and all(characteristic(p) in ruleset.cda_characteristics for p in static.parts)
    for part in static.parts:
        keys.add(ruleset.placement[(part.kind, CDA if cda else STATIC)])
    _granted_keys(ability, ruleset, keys)


def _granted_keys(body: Mapping[str, Any], ruleset: Ruleset, keys: set[str]) -> None:
    for granted in body.get("abilities", {}).get("add", ()):
        if isinstance(granted, dict):
            _static_keys(granted, ruleset, keys)


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


def detail(card: Card) -> str:
    """One card in full: facts, description, caveats, layers, how to use it, its encoding."""
    facts = [f"{card.name}", f"  {card.type_line()}    mana value {card.printed.get('mana_value', 0)}"]
    colors = card.printed.get("colors") or ["colorless"]
    line = f"  {', '.join(colors)}"
    if card.printed.get("color_indicator"):
        line += f" (color indicator: {', '.join(card.printed['color_indicator'])})"
    if card.pt():
        line += f"    {card.pt()}"
    if card.printed.get("abilities"):
        line += "    " + ", ".join(card.printed["abilities"])
    if card.printed.get("counters"):
        line += "    enters with " + ", ".join(f"{n} {k}" for k, n in card.printed["counters"].items())
    facts.append(line)
    if card.first_printing is not None:
        facts.append(f"  first printed in {card.first_printing[0]}, {card.first_printing[1]}")
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
