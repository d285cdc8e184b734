"""A witness board for people: what differs on it, and why, from both engines' traces.

A changelog (``diffcheck.reports.changelog``) and the timeline (``diffcheck.reports.timeline``) show each
finding through its smallest minimal boards. For each, a reader needs three things and no
more: which characteristics of which objects differ (only those), the board itself, and
the reason, told from the two traces: which effects reached that characteristic of that
object, in which layer (or stage), in what order and why, under each edition.

Objects are named as a judge would: a card's name, or a name the board gives, with the
board's id after it when the name alone does not say which object.
"""

from __future__ import annotations

from dataclasses import dataclass

from typing import Any, Iterable, Mapping, Sequence

from diffcheck.catalogue import expand_board
from diffcheck.pyyaml import yaml
from diffcheck.reports.document import Block, Code, Fold, List, Paragraph, Table
from diffcheck.reports.render import ABSENT, pt_cell, show
from diffcheck.search.findings import PT, differences
from engines import get_engine
from engines.board import CARD_ZONES, Board
from engines.board.trace import Applied, Change

_TRACED = {PT: ("power", "toughness")}  # a finding's characteristic -> the trace's names for it


def object_names(board: Mapping[str, Any]) -> dict[str, str]:
    """Each object id's name for people: ``Grizzly Bears (o4)``, or the id where the board names nothing."""
    names = {}
    for obj in board.get("objects") or ():
        oid = obj.get("id")
        name = obj.get("card") or obj.get("name")
        # A card's id is often its name in lower case with hyphens: then the name alone says which.
        plain = "".join(c if c.isalnum() else "" if c in "'\u2019" else "-" for c in (name or "").lower())
        names[oid] = oid if not name or name == oid else name if "-".join(filter(None, plain.split("-"))) == oid \
            else f"{name} ({oid})"
    return names


def value(fields: Mapping[str, Any] | None, characteristic: str) -> str:
    """One characteristic of one object in an outcome, as a table cell (P/T as ``2/2``)."""
    if fields is None:
        return ABSENT
    if characteristic == PT:
        return pt_cell(fields)
    if characteristic == "object":
        return "present"
    return show(fields.get(characteristic)) or "-"


def differing_rows(board: Mapping[str, Any], x: Mapping[str, Any], y: Mapping[str, Any]) -> list[tuple[str, str, str, str]]:
    """(object, characteristic, old value, new value) for exactly what differs, objects named."""
    names = object_names(board)
    return [(names.get(oid, oid), characteristic, value(x["objects"].get(oid), characteristic),
             value(y["objects"].get(oid), characteristic)) for oid, characteristic in differences(x, y)]


def _touches(entry: Applied, oid: str, names: Iterable[str]) -> bool:
    return oid in entry.objects or any(c.object == oid and c.characteristic in names for c in entry.changes)


def _changed(changes: Sequence[Change], oid: str, characteristic: str) -> str:
    """What one applied effect did to the object: the characteristic asked about first, then any other."""
    mine = [c for c in changes if c.object == oid]
    if not mine:
        return "changes nothing on it"
    by_name = {c.characteristic: c for c in mine}
    told = []
    if "power" in by_name and "toughness" in by_name:
        p, t = by_name.pop("power"), by_name.pop("toughness")
        told.append(f"P/T {_cell(p.before)}/{_cell(t.before)} to {_cell(p.after)}/{_cell(t.after)}")
    first = _TRACED.get(characteristic, (characteristic,))
    ordered = sorted(by_name.values(), key=lambda c: (c.characteristic not in first, c.characteristic))
    told += [f"{c.characteristic} {_cell(c.before)} to {_cell(c.after)}" for c in ordered]
    return ", ".join(told)


def _cell(v: Any) -> str:
    if isinstance(v, (set, frozenset, list, tuple)):
        return ", ".join(sorted(str(x) for x in v)) or "none"
    return show(v) or "none"


def _why(entry: Applied) -> str:
    """The trace's reason without the timestamp, which the sentence already gives."""
    parts = [p for p in entry.why.split("; ") if not p.startswith("timestamp ")]
    return "; ".join(parts)


def story(trace: Sequence[Any], oid: str, characteristic: str, step: str = "layer") -> list[str]:
    """What one trace did to one characteristic of one object, effect by effect, in order."""
    names = _TRACED.get(characteristic, (characteristic,))
    told = []
    for entry in trace:
        if not isinstance(entry, Applied) or not _touches(entry, oid, names):
            continue
        when = f", timestamp {entry.timestamp}" if entry.timestamp is not None else ""
        why = _why(entry)
        told.append(f"{step} {entry.sublayer}: {entry.effect}{when}{f' ({why})' if why else ''}: "
                    f"{_changed(entry.changes, oid, characteristic)}")
    return told


def reasons(board: Mapping[str, Any], old: Any, new: Any) -> list[str] | None:
    """For each difference on the board, one paragraph: the old engine's story, then the new one's.

    None when an engine cannot explain itself (an outside engine gives no trace).
    """
    if not (hasattr(old, "explain") and hasattr(new, "explain")):
        return None
    plain = Board.from_dict(expand_board(dict(board)))
    (x, old_trace), (y, new_trace) = old.explain(plain), new.explain(plain)
    names = object_names(board)
    out = []
    for oid, characteristic in differences(x, y):
        told = []
        for engine, outcome, trace in ((old, x, old_trace), (new, y, new_trace)):
            step = "stage" if getattr(getattr(engine, "ruleset", None), "stages", False) else "layer"
            steps = story(trace, oid, characteristic, step) or ["nothing reaches it"]
            result = value(outcome["objects"].get(oid), characteristic)
            told.append(f"{engine.name}: " + "; then ".join(steps) + f"; so {result}.")
        out.append(f"{characteristic} of {names.get(oid, oid)}. " + " ".join(told))
    return out


def cards_line(board: Mapping[str, Any]) -> str:
    """The catalogue cards a board names (``card:``, ``cast:``), as one sentence; "" if none."""
    objects = [o for o in board.get("objects") or [] if isinstance(o, dict) and isinstance(o.get("card"), str)]
    casts = [e for e in board.get("effects") or [] if isinstance(e, dict) and isinstance(e.get("cast"), str)]
    parts = []
    if objects:
        parts.append("Cards: " + ", ".join(o["card"] for o in objects) + ".")
    for effect in casts:
        ability = f"'s {effect['ability']} ability" if isinstance(effect.get("ability"), str) else ""
        on = ", ".join(t for t in effect.get("targets") or [] if isinstance(t, str))
        parts.append(f"Cast: {effect['cast']}{ability} on {on}." if on else f"Cast: {effect['cast']}{ability}.")
    return " ".join(parts)


# ---------------------------------------------------------------- a witness as a document


@dataclass(frozen=True)
class Sides:
    """The two engines a witness is shown under: their names, and the engines themselves to explain it
    with (None when one is not installed: an outside engine gives no trace)."""

    old: str
    new: str
    engines: tuple[Any, Any] | None

    @classmethod
    def of(cls, old: str, new: str) -> "Sides":
        try:
            return cls(old, new, (get_engine(old), get_engine(new)))
        except Exception:  # noqa: BLE001 - an engine the run named by command: no traces to tell from
            return cls(old, new, None)


def witness_fold(g: Mapping[str, Any], n: int, sides: Sides) -> Fold:
    """One witness, folded: what differs in the summary; the board, the table and the reasons inside."""
    old, new = sides.old, sides.new
    x, y = g["outcomes"][old], g["outcomes"][new]
    rows = differing_rows(g["board"], x, y)
    summary = f"Witness {n}: " + "; ".join(f"{c} of {o}: {a} in {old}, {b} in {new}" for o, c, a, b in rows)
    inside: list[Block] = []
    cards = cards_line(g["board"])
    if cards:
        inside.append(Paragraph(cards))
    found = ""
    if isinstance(g.get("first_board"), int) and isinstance(g.get("seed"), int):
        found = f" Board {g['first_board']:,} of seed {g['seed']}, shrunk."
    inside += [
        Paragraph(f"The board (minimal: take anything away and the difference goes).{found}"),
        Code(board_yaml(g["board"]), "yaml"),
        Table(("object", "characteristic", old, new), tuple(rows)),
    ]
    told = reasons(g["board"], *sides.engines) if sides.engines else None
    if told:
        inside.append(Paragraph("Why, from the two traces:"))
        inside.append(List(tuple(told)))
    return Fold(summary, tuple(inside))


def board_yaml(board: Mapping[str, Any]) -> str:
    """A board as YAML, its keys in the order of the board format, flow style for short lists."""
    return yaml.safe_dump(_board_order(board), sort_keys=False, default_flow_style=None,
                          allow_unicode=True).rstrip("\n")


# Board keys in the order of the board format (docs/board-format.md), so minimal boards read as they are written.
_BOARD_KEYS = ("players", "objects", "graveyards", "exile", "hands", "libraries", "stack", "life", "hand_size",
               "effects")
_OBJECT_KEYS = ("card", "id", "name", "controller", "owner", "types", "subtypes", "supertypes", "colors",
                "color_indicator", "power", "toughness", "mana_value", "abilities", "counters", "counter_timestamps",
                "timestamp", "face_up_at", "face_down", "face_down_at", "transformed_at", "attached_to", "tapped",
                "paired_with", "choices", "static")
_EFFECT_KEYS = ("cast", "ability", "id", "text", "source", "controller", "timestamp", "affects", "targets",
                "choices", "cda", "functions_in", "condition", "copy", "control", "change_text", "types", "subtypes",
                "creature_types", "supertypes", "colors", "abilities", "pt")


def _ordered_keys(data: Any, order: Sequence[str]) -> Any:
    if not isinstance(data, dict):
        return data
    keys = [k for k in order if k in data] + [k for k in data if k not in order]
    return {k: data[k] for k in keys}


def _effect(data: Any) -> Any:
    data = _ordered_keys(data, _EFFECT_KEYS)
    if isinstance(data, dict) and isinstance(data.get("abilities"), dict):
        abilities = dict(data["abilities"])
        if isinstance(abilities.get("add"), list):
            abilities["add"] = [_effect(a) for a in abilities["add"]]
        data["abilities"] = abilities
    return data


def _board_order(board: Mapping[str, Any]) -> dict:
    out = _ordered_keys(dict(board), _BOARD_KEYS)
    if isinstance(out.get("objects"), list):
        out["objects"] = [_holder_order(obj) for obj in out["objects"]]
    for zone in CARD_ZONES:  # cards outside the battlefield, in the order of an object's keys
        if isinstance(out.get(zone), dict):
            out[zone] = {player: [_holder_order(card) for card in cards] if isinstance(cards, list) else cards
                         for player, cards in out[zone].items()}
    if isinstance(out.get("effects"), list):
        out["effects"] = [_effect(e) for e in out["effects"]]
    return out


def _holder_order(holder: Any) -> Any:
    """An object or a card with its keys, and its static abilities' keys, in the board format's order."""
    holder = _ordered_keys(holder, _OBJECT_KEYS)
    if isinstance(holder, dict) and isinstance(holder.get("static"), list):
        holder["static"] = [_effect(s) for s in holder["static"]]
    return holder


