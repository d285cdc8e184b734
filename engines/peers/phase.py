"""phase.rs (github.com/phase-rs/phase), through its Python bindings (``phase-python``), as an engine.

A board is not played out: it is written straight into phase's persisted game state, and phase's own layer
system evaluates it when the state is loaded. Each permanent becomes a game object on the battlefield with
its printed values as phase's base characteristics, its counters and its timestamp; each static ability
becomes one of phase's continuous-effect definitions on its object; each resolved effect becomes one of
phase's transient continuous effects, with its controller and timestamp. The outcome is read back from
phase's battlefield.

What phase's state can hold is ``IMPLEMENTS`` (the parts of the board vocabulary: ``engines.features``); a
run sends this engine no other board. Within them, a keyword ability phase has no word for is refused
(``EngineError``, kind ``error``), as an outside engine would answer ``{"error": ...}``.
"""

from __future__ import annotations

import functools
import json
from functools import cached_property
from importlib import metadata
from typing import Any

from engines import EngineError
from engines.board import (
    AbilityPart, Attached, Board, ColorPart, ControlPart, Ids, ManaValue, Matching, Permanent, PTModifyPart,
    PTSetPart, PTSwitchPart, Self_, StaticAbility, TypePart,
)
from engines.outcome import Outcome
from engines.values import Filter
from engines.vocabulary import CHANGELING, EVERY_CREATURE_TYPE

# The parts of the board vocabulary phase's state can be given (engines.features.FEATURES). Left out, and why:
# copy effects, text-changing effects, a card's full text and granted static abilities have no
# definition a board can write without playing the card;
# phase's conditions and amounts are its own vocabulary, of which the mana value alone maps one to one;
# cards outside the battlefield, face-down permanents, soulbond, two objects with one timestamp and the
# rare filter keys (owner, name, no abilities, status) are left for a later adapter.
IMPLEMENTS = frozenset({
    "pt_modify", "pt_set", "pt_switch", "colors", "abilities", "types", "types_set", "subtypes", "subtypes_set",
    "every_creature_type", "supertypes", "control", "mana_value", "cda", "attached", "counters",
    "filter_bounds",
})

CARD_TYPES = ("artifact", "battle", "creature", "enchantment", "land", "planeswalker", "tribal")
_CORE_TYPE = {t: t.capitalize() for t in CARD_TYPES} | {"tribal": "Kindred"}
_CARD_TYPE = {"Kindred": "kindred"} | {v: k for k, v in _CORE_TYPE.items() if k != "tribal"}
_COLOR = {c: c.capitalize() for c in ("white", "blue", "black", "red", "green")}
# Keyword abilities: the board's word and phase's serde form.
_KEYWORDS: dict[str, Any] = {
    "flying": "Flying", "haste": "Haste", "trample": "Trample", "vigilance": "Vigilance",
    "first strike": "FirstStrike", "double strike": "DoubleStrike", "deathtouch": "Deathtouch",
    "lifelink": "Lifelink", "reach": "Reach", "menace": "Menace", "hexproof": "Hexproof",
    "indestructible": "Indestructible", "defender": "Defender", "shroud": "Shroud", "fear": "Fear",
    "intimidate": "Intimidate", "shadow": "Shadow", "flanking": "Flanking", "horsemanship": "Horsemanship",
    "banding": "Banding", CHANGELING: "Changeling",
    **{f"{land}walk": {"Landwalk": land.capitalize()} for land in ("plains", "island", "swamp", "mountain", "forest")},
    **{f"protection from {color}": {"Protection": {"Color": color.capitalize()}} for color in _COLOR},
}
_WORD_OF = {json.dumps(v, sort_keys=True): k for k, v in _KEYWORDS.items()}
_COUNTERS = {"+1/+1": "plus1plus1", "-1/-1": "minus1minus1"}  # as phase's state writes its counter kinds
# A creature type no board uses: phase gives an object every creature type by adding each type its game
# knows (CR 702.73a as phase reads it); the game is told the board's creature types and this one, so that
# an object that has it has every creature type, and an object that lacks it does not.
_EVERY = "Allcreaturetypes"
_MANA_VALUE = {"type": "Ref", "qty": {"type": "ObjectManaValue", "scope": {"type": "Recipient"}}}


def _fixed(n: int) -> dict:
    return {"type": "Fixed", "value": n}


class PhaseEngine:
    """The phase.rs engine, one game state per board (``evaluate``). ``implements`` is ``IMPLEMENTS``."""

    name = "phase"
    ruleset = None  # phase implements today's rules; it has no ruleset of diffcheck's to apply changes to
    implements = IMPLEMENTS

    def __init__(self) -> None:
        try:
            import phase  # noqa: F401  (checked here, so that a missing package is one line, not a traceback)
        except ImportError:
            raise ImportError("the phase-python package is not installed; install it with "
                              "pip install 'diffcheck[phase]'") from None

    @cached_property
    def version(self) -> str:
        return metadata.version("phase-python")

    @property
    def description(self) -> str:
        return (f"phase.rs rules engine through phase-python {self.version}: boards written into its game state, "
                "evaluated by its layer system")

    def __reduce__(self):
        return PhaseEngine, ()  # a worker process builds its own game template

    @cached_property
    def _engine(self):
        import phase

        # phase needs a card database to start a game; one basic land is enough, and no board's object is a card
        # of it (each is written into the state with its own characteristics).
        face = phase.build_oracle_face(
            {"name": "Plains", "types": ["Land"], "supertypes": ["Basic"], "subtypes": ["Plains"], "text": "",
             "layout": "normal", "manaCost": "", "colors": [], "colorIdentity": [], "manaValue": 0,
             "identifiers": {}, "type": "Basic Land — Plains"}, None)
        return phase.Engine.from_json(json.dumps({"plains": face}))

    @cached_property
    def _templates(self) -> tuple[str, str]:
        """A started two-player game at the first player's priority, with no objects, and one of its game objects
        (the shape every object is written in): both as JSON."""
        game = self._engine.new_game(["Plains"] * 40, ["Plains"] * 40, seed=1, first_player=0)
        for _ in range(50):
            waiting = game.waiting_for()
            if waiting["type"] == "Priority":
                break
            pending = (waiting.get("data") or {}).get("pending") or [{"player": 0}]
            game.apply(pending[0]["player"], game.actions()[0])
        state = game.state()
        inner = state["state"]
        template = next(iter(inner["objects"].values()))
        inner["objects"] = {}
        for player in inner["players"]:
            player["hand"], player["library"], player["graveyard"] = [], [], []
        inner["battlefield"] = []
        inner["zone_changes_this_turn"], inner["deck_pools"] = [], []
        inner["zone_change_library_knowledge_stamps"] = []
        return json.dumps(state), json.dumps(template)

    # ------------------------------------------------------------ the Engine protocol

    def evaluate(self, board: Board) -> Outcome:
        state_template, object_template = self._templates
        state = json.loads(state_template)
        writer = _Writer(board, state["state"], object_template)
        try:
            game = self._engine.load_game(state)
        except ValueError as exc:  # phase refused the state: a bug of this adapter or of phase, told as an error
            raise EngineError(self.name, f"phase refused the game state: {exc}", kind="error") from None
        return writer.outcome(game.battlefield())


class _Writer:
    """One board written into one phase game state, and phase's battlefield read back as an outcome."""

    def __init__(self, board: Board, state: dict, object_template: str) -> None:
        if len(board.players) != 2:
            raise EngineError("phase", "phase is given two-player boards only", kind="error")
        self.board = board
        self.state = state
        self.seat = {player: i for i, player in enumerate(board.players)}
        first = state["next_object_id"]
        self.oid = {o.id: first + i for i, o in enumerate(board.objects)}
        self.id_of = {v: k for k, v in self.oid.items()}
        subtypes = _current_subtypes()
        words = {w for o in board.objects for w in o.subtypes} | _effect_subtypes(board)
        self.all_subtypes = [w.capitalize() for w in sorted(words)] + [_EVERY]
        creature_words = sorted(w for w in words if subtypes.of(w) == "creature")
        self.creature_types = [w.capitalize() for w in creature_words] + [_EVERY]
        state["all_creature_types"] = self.creature_types
        objects = state["objects"]
        for o in board.objects:
            objects[str(self.oid[o.id])] = self._object(o, json.loads(object_template))
            state["battlefield"].append(self.oid[o.id])
        for o in board.objects:
            if o.attached_to is not None:
                objects[str(self.oid[o.attached_to])]["attachments"].append(self.oid[o.id])
        state["transient_continuous_effects"] = [self._effect(i, e) for i, e in enumerate(board.effects, start=1)]
        state["next_continuous_effect_id"] = len(board.effects) + 1
        state["next_object_id"] = first + len(board.objects)
        stamps = [o.timestamp for o in board.objects] + [e.timestamp for e in board.effects]
        state["next_timestamp"] = max(stamps, default=0) + 1

    # ------------------------------------------------------------ writing

    def _object(self, o: Permanent, obj: dict) -> dict:
        oid, seat = self.oid[o.id], self.seat[o.controller]
        types = {"supertypes": [s.capitalize() for s in o.supertypes],
                 "core_types": [_CORE_TYPE[t] for t in o.types],
                 "subtypes": [s.capitalize() for s in o.subtypes]}
        keywords = [self._keyword(k) for k in o.abilities]
        statics = [self._static(s, o) for s in o.static]
        cost = {"type": "Cost", "shards": [], "generic": o.mana_value} if o.mana_value else {"type": "NoCost"}
        obj.update(
            id=oid, card_id=oid, name=o.name, base_name=o.name, zone="Battlefield", timestamp=o.timestamp,
            owner=self.seat[o.owner], controller=seat, base_controller=seat,
            card_types=types, base_card_types=types, power=o.power, toughness=o.toughness,
            base_power=o.power, base_toughness=o.toughness, color=[_COLOR[c] for c in o.colors],
            base_color=[_COLOR[c] for c in o.colors], keywords=keywords, base_keywords=keywords,
            mana_cost=cost, base_mana_cost=cost, abilities=[], static_definitions=statics,
            trigger_definitions=[], replacement_definitions=[], tapped=o.tapped,
            counters={_COUNTERS[k]: n for k, n in o.counters if k in _COUNTERS and n},
            attached_to=None if o.attached_to is None else {"type": "Object", "data": self.oid[o.attached_to]},
            attachments=[],
            # phase takes its base values from the live ones when this is false (sync_missing_base_characteristics),
            # which is how its static definitions become the object's printed ones.
            base_characteristics_initialized=False,
        )
        return obj

    def _keyword(self, word: str) -> Any:
        if word not in _KEYWORDS:
            raise EngineError("phase", f"phase has no keyword for {word!r} in this adapter", kind="error")
        return _KEYWORDS[word]

    def _static(self, ability: StaticAbility, holder: Permanent) -> dict:
        return {
            "mode": "Continuous", "affected": self._affected(ability.affects, holder),
            "modifications": self._modifications(ability.parts, self.seat[holder.controller]),
            "condition": None, "affected_zone": None, "effect_zone": None, "active_zones": [],
            # Today a characteristic-defining ability defines colors, subtypes or P/T, never card types (604.3a);
            # a board's cda flag on another ability is the older rules' characteristic-setting ability (405.2).
            "characteristic_defining": ability.cda and all(
                isinstance(p, (PTSetPart, ColorPart)) or (isinstance(p, TypePart) and p.characteristic == "subtypes")
                for p in ability.parts),
            "description": ability.label,
        }

    def _effect(self, number: int, effect) -> dict:
        seat = self.seat[effect.controller]
        return {
            "id": number, "source_id": self.oid[effect.affects.ids[0]], "controller": seat,
            "timestamp": effect.timestamp, "duration": "Permanent",
            "affected": self._affected(effect.affects, None), "modifications": self._modifications(effect.parts, seat),
        }

    def _affected(self, affects, holder: Permanent | None) -> dict:
        if isinstance(affects, Self_):
            return {"type": "SelfRef"}
        if isinstance(affects, Attached):
            if holder is None or holder.attached_to is None:
                return {"type": "None"}
            return {"type": "SpecificObject", "id": self.oid[holder.attached_to]}
        if isinstance(affects, Ids):
            ids = [{"type": "SpecificObject", "id": self.oid[i]} for i in affects.ids if i in self.oid]
            return ids[0] if len(ids) == 1 else {"type": "Or", "filters": ids}
        assert isinstance(affects, Matching)
        return self._filter(affects.filter)

    def _filter(self, f: Filter) -> dict:
        type_filters: list[Any] = [_CORE_TYPE[t] for t in sorted(f.types)]
        type_filters += [{"Subtype": s.capitalize()} for s in sorted(f.subtypes)]
        type_filters += [{"Non": _CORE_TYPE[t]} for t in sorted(f.not_types)]
        type_filters += [{"Non": {"Subtype": s.capitalize()}} for s in sorted(f.not_subtypes)]
        props: list[dict] = [{"type": "HasColor", "color": _COLOR[c]} for c in sorted(f.colors)]
        props += [{"type": "NotColor", "color": _COLOR[c]} for c in sorted(f.not_colors)]
        props += [{"type": "HasSupertype", "value": s.capitalize()} for s in sorted(f.supertypes)]
        props += [{"type": "NotSupertype", "value": s.capitalize()} for s in sorted(f.not_supertypes)]
        props += [{"type": "WithKeyword", "value": self._keyword(k)} for k in sorted(f.abilities)]
        if f.other:
            props.append({"type": "Another"})
        bounds = (("power_at_least", "Power", "GE"), ("power_at_most", "Power", "LE"),
                  ("toughness_at_least", "Toughness", "GE"), ("toughness_at_most", "Toughness", "LE"))
        for key, stat, comparator in bounds:
            if getattr(f, key) is not None:
                props.append({"type": "PtComparison", "stat": stat, "scope": "Current", "comparator": comparator,
                              "value": _fixed(getattr(f, key))})
        for key, comparator in (("mana_value_at_least", "GE"), ("mana_value_at_most", "LE")):
            if getattr(f, key) is not None:
                props.append({"type": "Cmc", "comparator": comparator, "value": _fixed(getattr(f, key))})
        controller = {"you": "You", "opponent": "Opponent"}.get(f.controller or "")
        return {"type": "Typed", "type_filters": type_filters, "controller": controller, "properties": props}

    def _modifications(self, parts, seat: int) -> list[dict]:
        out: list[dict] = []
        for part in parts:
            if isinstance(part, PTModifyPart):
                out += [self._amount("Add", "Power", part.power), self._amount("Add", "Toughness", part.toughness)]
            elif isinstance(part, PTSetPart):
                out += [self._amount("Set", "Power", part.power), self._amount("Set", "Toughness", part.toughness)]
            elif isinstance(part, PTSwitchPart):
                out.append({"type": "SwitchPowerToughness"})
            elif isinstance(part, ColorPart):
                colors = [_COLOR[c] for c in part.values]
                out += ([{"type": "SetColor", "colors": colors}] if part.op == "set"
                        else [{"type": "AddColor", "color": c} for c in colors])
            elif isinstance(part, TypePart):
                out += self._types(part)
            elif isinstance(part, AbilityPart):
                if part.remove_all:
                    out.append({"type": "RemoveAllAbilities"})
                out += [{"type": "RemoveKeyword", "keyword": self._keyword(k)} for k in part.remove]
                out += [{"type": "AddKeyword", "keyword": self._keyword(k)} for k in part.add if isinstance(k, str)]
            elif isinstance(part, ControlPart):
                out.append({"type": "ChangeController"})
        return out

    def _amount(self, op: str, characteristic: str, value) -> dict:
        if isinstance(value, ManaValue):  # the affected object's own (Opalescence's form in phase's parser)
            return {"type": f"{op}{characteristic}Dynamic" if op == "Set" else f"{op}Dynamic{characteristic}",
                    "value": _MANA_VALUE}
        return {"type": f"{op}{characteristic}", "value": value}

    def _types(self, part: TypePart) -> list[dict]:
        if part.characteristic == "types":
            if part.op == "set":  # exactly these card types: phase removes each other one and adds these
                return ([{"type": "RemoveType", "core_type": _CORE_TYPE[t]} for t in CARD_TYPES
                         if t not in part.values]
                        + [{"type": "AddType", "core_type": _CORE_TYPE[t]} for t in part.values])
            verb = "AddType" if part.op == "add" else "RemoveType"
            return [{"type": verb, "core_type": _CORE_TYPE[t]} for t in part.values]
        if part.characteristic == "supertypes":
            verb = "AddSupertype" if part.op == "add" else "RemoveSupertype"
            return [{"type": verb, "supertype": s.capitalize()} for s in part.values]
        if EVERY_CREATURE_TYPE in part.values:
            if part.op == "add":
                return [{"type": "AddAllCreatureTypes"}]
            return [{"type": "RemoveSubtype", "subtype": t} for t in self.creature_types]
        if part.op == "set":
            if part.sets_basic_land_types:  # Blood Moon, in phase's own form (305.7), then any other basic type
                return [{"type": "SetBasicLandType", "land_type": part.values[0].capitalize()}] + [
                    {"type": "AddSubtype", "subtype": s.capitalize()} for s in part.values[1:]]
            # Otherwise: the subtypes the board knows of the sets these belong to (creature types, land types...)
            # removed, then these added: setting creature types leaves an object's land types alone (205.3).
            sets = _current_subtypes()
            replaced = {sets.of(v) for v in part.values}
            return ([{"type": "RemoveSubtype", "subtype": w} for w in self.all_subtypes
                     if (w == _EVERY and "creature" in replaced) or (w != _EVERY and sets.of(w.lower()) in replaced)
                     and w.lower() not in part.values]
                    + [{"type": "AddSubtype", "subtype": s.capitalize()} for s in part.values])
        verb = "AddSubtype" if part.op == "add" else "RemoveSubtype"
        return [{"type": verb, "subtype": s.capitalize()} for s in part.values]

    # ------------------------------------------------------------ reading

    def outcome(self, battlefield: list[dict]) -> Outcome:
        objects: dict[str, Any] = {}
        players = self.board.players
        for obj in battlefield:
            oid = self.id_of.get(obj["id"])
            if oid is None:
                continue
            types = sorted(_CARD_TYPE[t] for t in obj["card_types"]["core_types"])
            subtypes = {s.lower() for s in obj["card_types"]["subtypes"]}
            if _EVERY.lower() in subtypes:
                # Every creature type: the outcome's one word for them all (docs/board-format.md).
                subtypes = {s for s in subtypes if s.capitalize() not in self.creature_types} | {EVERY_CREATURE_TYPE}
            abilities = {_WORD_OF.get(json.dumps(k, sort_keys=True), json.dumps(k)) for k in obj["keywords"]}
            abilities |= {s["description"] for s in obj.get("static_definitions", []) if s.get("description")}
            creature = "creature" in types
            objects[oid] = {
                "name": obj["name"], "controller": players[obj["controller"]], "types": types,
                "subtypes": sorted(subtypes), "supertypes": sorted(s.lower() for s in obj["card_types"]["supertypes"]),
                "colors": sorted(c.lower() for c in obj["color"]), "abilities": sorted(abilities),
                "power": (obj["power"] or 0) if creature else None,
                "toughness": (obj["toughness"] or 0) if creature else None,
            }
        missing = [o.id for o in self.board.objects if o.id not in objects]
        if missing:
            raise EngineError("phase", f"phase's battlefield lost {', '.join(missing)}", kind="error")
        return {"ruleset": "phase", "objects": {o.id: objects[o.id] for o in self.board.objects}}


def _effect_subtypes(board: Board) -> set[str]:
    """The subtype words effects and abilities name, in what they do and in whom they affect: with the
    objects', the creature types phase must know (an object with every creature type is a Soldier only
    if the game knows Soldier)."""
    words: set[str] = set()

    def parts(ps):
        for p in ps:
            if isinstance(p, TypePart) and p.characteristic == "subtypes":
                words.update(w for w in p.values if w != EVERY_CREATURE_TYPE)

    def affects(a):
        if isinstance(a, Matching):
            words.update(a.filter.subtypes | a.filter.not_subtypes)

    for o in board.objects:
        for s in o.static:
            parts(s.parts)
            affects(s.affects)
    for e in board.effects:
        parts(e.parts)
        affects(e.affects)
    return words


@functools.cache
def _current_subtypes():
    """Today's subtype sets: phase implements today's rules, so a word's set is today's."""
    from rulesets.editions import ruleset_for

    return ruleset_for("current").subtypes


def engine() -> PhaseEngine:
    """The entry point's factory: builds the engine, or says in one line how to install phase."""
    return PhaseEngine()
