"""A filter and a condition in a judge's words, for the trace: "a red creature", "you control no Forest".

Only explanations use these (``engines.layers.explaining``): where a conditional static ability's condition does not
hold, the trace says what is missing on the board in the words of the table, not in the machine's.
"""

from __future__ import annotations

from engines.board.values import (
    AllOf, AnyOf, AttachedIs, CardTypesAmong, Compare, Controls, Count, Filter, Is, ManaValue, Not, PlayerNumber,
    PTOf, YourTurn,
)

__all__ = ["noun", "why_not"]

_COLOR_ORDER = ("white", "blue", "black", "red", "green")


def noun(f: Filter) -> str:
    """What a filter matches, as a noun phrase without article: "red creature", "Forest", "nonland permanent"."""
    words = [c for c in _COLOR_ORDER if c in f.colors]
    words += [f"non{c}" for c in _COLOR_ORDER if c in f.not_colors]
    if f.tapped is not None:
        words.append("tapped" if f.tapped else "untapped")
    if f.transformed is not None:
        words.append("transformed" if f.transformed else "untransformed")
    if f.token is not None:
        words.append("nontoken" if not f.token else "")
    words += sorted(f.supertypes)
    words += [f"non-{_title(s)}" for s in sorted(f.not_subtypes)]
    words += [f"non{t}" for t in sorted(f.not_types)]
    words += [_title(s) for s in sorted(f.subtypes)]
    words += sorted(f.types)
    if f.token:
        words.append("token")
    elif not (f.types or f.subtypes):
        words.append("permanent")
    phrase = " ".join(w for w in words if w)
    if f.was_cast is not None:
        phrase += " that was cast" if f.was_cast else " that wasn't cast"
    if f.abilities:
        phrase += " with " + " and ".join(sorted(f.abilities))
    if f.name is not None:
        phrase += f" named {f.name}"
    return phrase


def why_not(condition, player: str, name: str) -> str:
    """Why ``condition`` does not hold, for the ability of the object called ``name`` controlled by ``player``
    (the board's name for them; "you" reads as such)."""
    kind = type(condition)
    if kind is Controls:
        if condition.player == "you":
            return f"{_subject(player)} {'control' if player == 'you' else 'controls'} no {noun(condition.filter)}"
        return f"no opponent of {_subject(player)} controls {_a(noun(condition.filter))}"
    if kind is Is:
        return f"{name} {_is_not(condition.filter)}"
    if kind is AttachedIs:
        return f"{name} is attached to nothing, or what it is attached to {_is_not(condition.filter)}"
    if kind is YourTurn:
        whose = "your" if player == "you" else f"{_subject(player)}'s"
        return f"it is {'not ' if condition.yours else ''}{whose} turn"
    if kind is Compare:
        bounds = [f"at least {condition.at_least}"] if condition.at_least is not None else []
        bounds += [f"at most {condition.at_most}"] if condition.at_most is not None else []
        return f"{_amount(condition.value, player)} is not {' and '.join(bounds)}"
    if kind is AllOf:
        return "not all of these hold: " + "; ".join(_holds(c, player, name) for c in condition.conditions)
    if kind is AnyOf:
        return "none of these holds: " + "; ".join(_holds(c, player, name) for c in condition.conditions)
    if kind is Not:
        return _holds(condition.condition, player, name)
    return "its condition does not hold"


def _is_not(f: Filter) -> str:
    """Why an object fails ``f``: "is not a red creature"; for a filter of negations alone, what it is instead
    ("is a creature", not "is not a noncreature permanent")."""
    negated = [*f.not_types, *map(_title, f.not_subtypes), *f.not_colors]
    if negated and f == Filter(not_types=f.not_types, not_subtypes=f.not_subtypes, not_colors=f.not_colors):
        return "is " + " or ".join(_a(w) if w in f.not_types or w[:1].isupper() else w for w in sorted(negated))
    return f"is not {_a(noun(f))}"


def _holds(condition, player: str, name: str) -> str:
    """What the board shows that makes a condition true, said positively where it can be."""
    kind = type(condition)
    if kind is Controls and condition.player == "you":
        return f"{_subject(player)} {'control' if player == 'you' else 'controls'} {_a(noun(condition.filter))}"
    if kind is Is:
        return f"{name} is {_a(noun(condition.filter))}"
    return f"not ({why_not(condition, player, name)})"


def _amount(value, player: str) -> str:
    kind = type(value)
    if kind is PlayerNumber:
        named = player if value.player == "you" else value.player
        whose = "your" if named == "you" else f"{_subject(named)}'s"
        return f"{whose} {'life total' if value.what == 'life' else 'number of cards in hand'}"
    if kind is Count:
        where = "on the battlefield" if value.zone == "battlefield" else f"in {value.zone}s"
        return f"the number of {noun(value.filter)}s {where}"
    if kind is CardTypesAmong:
        return f"the number of card types among cards in {value.zone}s"
    if kind is PTOf:
        return f"{value.of}'s {value.characteristic}"
    if kind is ManaValue:
        return "its mana value"
    return "the amount it reads"


def _a(phrase: str) -> str:
    return ("an " if phrase[:1].lower() in "aeiou" else "a ") + phrase


def _subject(player: str) -> str:
    """A player as the board names them: "you", "the opponent" (the default names) or by name."""
    return "the opponent" if player == "opponent" else player



def _title(word: str) -> str:
    return "-".join(part.capitalize() for part in word.split("-"))
