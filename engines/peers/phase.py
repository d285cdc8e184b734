"""phase.rs (github.com/phase-rs/phase), through its Python bindings (``phase-python``), as an engine.

A board is not played out: it is written straight into phase's persisted game state as phase's own card loader
would hold it, and phase's layer system evaluates it when the state is loaded. Each permanent becomes a game
object on the battlefield with its printed values as phase's base characteristics, its counters and its
timestamp; each static ability becomes the definition phase's Oracle parser (``phase.build_oracle_face``) makes
of a real card with that ability; each resolved effect becomes the transient continuous effects phase registers
when such a spell resolves: one for each object it affected, with the effect's controller and timestamp. The
outcome is read back from phase's battlefield.

The forms, by part of the vocabulary, and the real cards whose reading each is (tests/peers/test_phase.py builds
those cards with phase's loader and compares, part by part):

- pt_modify: AddPower / AddToughness, layer 7c (Glorious Anthem, Giant Growth);
- pt_set: SetPower / SetToughness, layer 7b (Humility); the mana value: SetPowerDynamic (Opalescence);
- pt_switch: SwitchPowerToughness (Twisted Image);
- colors: SetColor (Darkest Hour), AddColor (Deep Freeze);
- abilities: AddKeyword (Levitation), RemoveKeyword (Gravity Sphere), RemoveAllAbilities (Humility);
- types: AddType (Mycosynth Lattice), RemoveType; types_set: SetCardTypes (Imprisoned in the Moon);
- subtypes: AddSubtype (Urborg, Tomb of Yawgmoth), RemoveSubtype; subtypes_set: SetBasicLandType (Blood Moon), and
  for other sets RemoveAllSubtypes of the set, then AddSubtype (Lignify);
- every_creature_type: a printed changeling is the keyword and a characteristic-defining AddAllCreatureTypes
  (Amoeboid Changeling); "is every creature type" is AddAllCreatureTypes (Maskwood Nexus); "loses all creature
  types" is RemoveAllSubtypes of the creature types (Ego Erasure);
- supertypes: AddSupertype (Leyline of Singularity), RemoveSupertype (Thermal Flux);
- control: ChangeController (Control Magic, Act of Treason);
- mana_value: the recipient's ObjectManaValue (Opalescence, March of the Machines);
- cda: characteristic_defining; P/T in layer 7a as SetDynamicPower / SetDynamicToughness (Tarmogoyf), colors in
  every zone (Transguild Courier), subtypes set as Lignify's are;
- attached: the permanent EnchantedBy or EquippedBy the ability's object (Song of the Dryads, Bonesplitter);
- counters: P1P1 and M1M1, phase's own names of the kinds;
- filter_bounds: PtComparison and Cmc (Reprisal, Abrupt Decay).

Where phase's parser reads a card otherwise than the rules do (Turn to Frog's "becomes a Frog" sets the card
types; "loses all creature types" also removes the keyword changeling; the tests say how), the board's meaning is
written in the form phase gives the cards it reads right.

What phase's state can hold is ``IMPLEMENTS`` (the parts of the board vocabulary: ``engines.board.features``); a
run sends this engine no other board. Within them, a keyword ability phase has no word for is refused
(``EngineError``, kind ``error``), as an outside engine would answer ``{"error": ...}``.

A worker process makes the engine, the empty game and the unchanging text of its JSON once (``_Template``); a
board is then the JSON text of the state (``PhaseEngine.game_state``): that text and the few keys that hold the
board, which phase reads from text faster than from Python objects.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from functools import cached_property
from importlib import metadata
from typing import Any

from engines.errors import EngineError
from engines.board.board import (
    AbilityPart, Attached, Board, ColorPart, ControlPart, Effect, Ids, ManaValue, Matching, Permanent, PTModifyPart,
    PTSetPart, PTSwitchPart, Self_, StaticAbility, TypePart,
)
from engines.board.outcome import Outcome
from engines.board.values import Filter
from engines.board.vocabulary import CHANGELING, EVERY_CREATURE_TYPE

# The parts of the board vocabulary phase's state can be given (engines.board.features.FEATURES). Left out, and why:
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


def _keyword_key(keyword: Any) -> str:
    """A keyword of phase's (a word, or a word with its parameter) as one string, to look its board word up by."""
    return keyword if isinstance(keyword, str) else json.dumps(keyword, sort_keys=True)


_WORD_OF = {_keyword_key(v): k for k, v in _KEYWORDS.items()}
_COUNTERS = {"+1/+1": "P1P1", "-1/-1": "M1M1"}  # phase's own names of the kinds, as its state writes them back
# phase's subtype sets (RemoveAllSubtypes), by the set a word belongs to in today's rules (205.3).
_SUBTYPE_SET = {"artifact": "Artifact", "battle": "Battle", "creature": "Creature", "enchantment": "Enchantment",
                "land": "Land", "planeswalker": "Planeswalker", "spell": "Spell"}
# A creature type no board uses: phase gives an object every creature type by adding each type its game
# knows (CR 702.73a as phase reads it); the game is told the board's creature types and this one, so that
# an object that has it has every creature type, and an object that lacks it does not.
_EVERY = "Allcreaturetypes"
_MANA_VALUE = {"type": "Ref", "qty": {"type": "ObjectManaValue", "scope": {"type": "Recipient"}}}
# The zones a characteristic-defining ability of colors functions in, as phase's parser writes Transguild
# Courier's "is all colors" (604.3: a characteristic-defining ability functions everywhere).
_EVERY_ZONE = ("Library", "Hand", "Battlefield", "Graveyard", "Stack", "Exile", "Command")
# A printed changeling: the keyword, and the characteristic-defining ability phase's loader adds for it
# (702.73a; phase's synthesize_changeling_cda), applied first in layer 4 (613.3).
_CHANGELING_CDA = json.dumps({
    "mode": "Continuous", "affected": {"type": "SelfRef"}, "modifications": [{"type": "AddAllCreatureTypes"}],
    "condition": None, "affected_zone": None, "effect_zone": None, "active_zones": [],
    "characteristic_defining": True, "description": None,
}, separators=(",", ":"))
# What phase's state holds about the board (written per board); every other key of the empty game is kept.
_BOARD_KEYS = ("objects", "battlefield", "all_creature_types", "transient_continuous_effects",
               "next_continuous_effect_id", "next_object_id", "next_timestamp")
# A game object's keys the adapter writes for each (``_Writer._object``, ``_printed``); its other keys are the
# empty game's object's, but for those every object of a board has (``_PERMANENT``).
_OBJECT_KEYS = (
    "id", "card_id", "name", "base_name", "timestamp", "owner", "controller", "base_controller", "card_types",
    "base_card_types", "power", "toughness", "base_power", "base_toughness", "color", "base_color", "keywords",
    "base_keywords", "mana_cost", "base_mana_cost", "static_definitions", "base_static_definitions", "tapped",
    "counters", "attached_to", "attachments",
)
# A permanent with no activated, triggered or replacement abilities (a board's abilities are keywords and static
# ones), its base characteristics given (phase's loader's objects; phase fills in none).
_PERMANENT = {"zone": "Battlefield", "abilities": [], "base_abilities": [], "trigger_definitions": [],
              "replacement_definitions": [], "base_characteristics_initialized": True}
_encode = json.JSONEncoder(separators=(",", ":")).encode


def _fixed(n: int) -> dict:
    return {"type": "Fixed", "value": n}


@dataclass(frozen=True)
class _Template:
    """The empty game as JSON text, made once per process: ``state`` is the persisted state with the keys that
    hold a board left out and its inner object left open (a board's keys close it); ``object`` is a game object's
    unchanging keys, without braces; ``first_id`` is the first object id the game has not used."""

    state: str
    object: str
    first_id: int


# phase answers one game state alike every time, and a shrink gives it the same state again and again: boards that
# differ where the adapter writes nothing (half the states of the committed peer run's shrinks). Each process
# keeps the last answers, as read-only data (``_Writer.outcome`` only reads them), some 4 KB of text each.
ANSWERS_KEPT = 1024


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

    @cached_property
    def source(self) -> dict | None:
        """Which phase this is, as its maintainers name it: the engine crate's version and the commit of phase.rs
        it was built from, which the phase-python wheel records in its software bill of materials (CycloneDX);
        None if the wheel has none."""
        return _source_of(metadata.distribution("phase-python"))

    # How a maintainer runs a board's game state (``native_input``) with phase alone.
    native_hint = ("python -c \"import json, phase; print(phase.Engine.from_json('{}').load_game("
                   "json.load(open('KEY.state.json'))).battlefield())\"")

    def __reduce__(self):
        return PhaseEngine, ()  # a worker process builds its own engine and template

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
    def _template(self) -> _Template:
        return _template_of(self._started_game())

    def _started_game(self) -> dict:
        """The persisted state of a started two-player game at the first player's priority (past the mulligans)."""
        game = self._engine.new_game(["Plains"] * 40, ["Plains"] * 40, seed=1, first_player=0)
        for _ in range(50):
            waiting = game.waiting_for()
            if waiting["type"] == "Priority":
                break
            pending = (waiting.get("data") or {}).get("pending") or [{"player": 0}]
            game.apply(pending[0]["player"], game.actions()[0])
        return game.state()

    # ------------------------------------------------------------ the Engine protocol

    def game_state(self, board: Board) -> str:
        """The JSON text of phase's persisted game state that holds ``board`` (what ``evaluate`` loads)."""
        return _Writer(board, self._template).text()

    def native_input(self, board: Board) -> dict:
        """The board as phase's own input: the game state its ``load_game`` takes, which phase evaluates with no
        code of diffcheck's (``Engine.load_game(state).battlefield()``)."""
        return json.loads(self.game_state(board))

    def evaluate(self, board: Board) -> Outcome:
        writer = _Writer(board, self._template)
        text = writer.text()
        # Keyed by what follows the template, the part that differs from board to board.
        key = text[len(self._template.state):]
        answers = self._answers
        battlefield = answers.get(key)
        if battlefield is None:
            try:
                game = self._engine.load_game(text)
            except ValueError as exc:  # phase refused the state: a bug of this adapter or of phase, told as an error
                raise EngineError(self.name, f"phase refused the game state: {exc}", kind="error") from None
            battlefield = game.battlefield()
            if len(answers) >= ANSWERS_KEPT:
                del answers[next(iter(answers))]  # the oldest
            answers[key] = battlefield
        return writer.outcome(battlefield)

    @cached_property
    def _answers(self) -> dict[str, list[dict]]:
        """phase's battlefields for the last ``ANSWERS_KEPT`` game states it was given, by the state's text."""
        return {}


def _source_of(distribution) -> dict | None:
    """The phase-engine component of a phase-python distribution's CycloneDX SBOM: its version, and the commit
    its package URL names (``pkg:cargo/phase-engine@V?vcs_url=git+https://github.com/phase-rs/phase@COMMIT``)."""
    from urllib.parse import unquote

    for file in distribution.files or ():
        if file.name.endswith(".cyclonedx.json"):
            components = json.loads(file.read_text(encoding="utf-8")).get("components") or ()
            engine = next((c for c in components if c.get("name") == "phase-engine"), None)
            if engine is None:
                return None
            url = unquote(engine.get("purl", "").partition("vcs_url=")[2])
            repository, _, commit = url.removeprefix("git+").rpartition("@")
            return {"engine": f"phase-engine {engine.get('version')}", "commit": commit,
                    "repository": repository.removesuffix(".git"),
                    "package": f"phase-python {distribution.version}"}
    return None


def _template_of(state: dict) -> _Template:
    """A started game's state emptied of its objects and history, as text (``_Template``)."""
    inner = state["state"]
    some_object = next(iter(inner["objects"].values()))
    for player in inner["players"]:
        player["hand"], player["library"], player["graveyard"] = [], [], []
    inner["zone_changes_this_turn"], inner["deck_pools"] = [], []
    inner["zone_change_library_knowledge_stamps"] = []
    # The journal of the rules the starting game resolved (its draws) is history no board has; left out, it is
    # phase's default, the empty journal, and the state is a sixth of its size.
    del inner["resolved_rules_journal"]
    first_id = inner["next_object_id"]
    for key in _BOARD_KEYS:
        del inner[key]
    state_text = _encode(state)
    assert state_text.endswith("}}")
    unchanging = {k: v for k, v in some_object.items() if k not in _OBJECT_KEYS} | _PERMANENT
    return _Template(state_text[:-2] + ",", _encode(unchanging)[1:-1], first_id)


class _Writer:
    """One board written as one phase game state, and phase's battlefield read back as an outcome."""

    def __init__(self, board: Board, template: _Template) -> None:
        if len(board.players) != 2:
            raise EngineError("phase", "phase is given two-player boards only", kind="error")
        self.board = board
        self.template = template
        self.seat = {player: i for i, player in enumerate(board.players)}
        self.oid = {o.id: template.first_id + i for i, o in enumerate(board.objects)}
        self.id_of = {v: k for k, v in self.oid.items()}
        words = {w for o in board.objects for w in o.subtypes} | _effect_subtypes(board)
        sets = _current_subtypes()
        self.creature_types = [w.capitalize() for w in sorted(words) if sets.of(w) == "creature"] + [_EVERY]

    # ------------------------------------------------------------ writing

    def text(self) -> str:
        """The state's JSON: the template's text, then the board's keys, which close it."""
        objects, first_id = self.board.objects, self.template.first_id
        attachments: dict[str, list[int]] = {}
        for o in objects:
            if o.attached_to is not None:
                attachments.setdefault(o.attached_to, []).append(self.oid[o.id])
        written = ",".join(f'"{self.oid[o.id]}":{self._object(o, attachments)}' for o in objects)
        effects = [(oid, effect) for effect in self.board.effects for oid in self._affected_ids(effect.affects)]
        transient = ",".join(self._effect(number, oid, effect) for number, (oid, effect) in enumerate(effects, 1))
        stamps = [o.timestamp for o in objects] + [e.timestamp for e in self.board.effects]
        rest = {
            "battlefield": [self.oid[o.id] for o in objects],
            "all_creature_types": self.creature_types,
            "next_continuous_effect_id": len(effects) + 1,
            "next_object_id": first_id + len(objects),
            "next_timestamp": max(stamps, default=0) + 1,
        }
        return (f'{self.template.state}"objects":{{{written}}},"transient_continuous_effects":[{transient}],'
                f'{_encode(rest)[1:]}}}')

    def _object(self, o: Permanent, attachments: dict[str, list[int]]) -> str:
        """A permanent as phase's loader holds a card's object (``_printed``), where this board has it."""
        oid, seat = self.oid[o.id], self.seat[o.controller]
        fields = {
            "id": oid, "card_id": oid, "timestamp": o.timestamp, "owner": self.seat[o.owner], "controller": seat,
            "base_controller": seat, "tapped": o.tapped,
            "counters": {_COUNTERS[k]: n for k, n in o.counters if k in _COUNTERS and n},
            "attached_to": None if o.attached_to is None else {"type": "Object", "data": self.oid[o.attached_to]},
            "attachments": attachments.get(o.id, []),
        }
        printed = _printed(o.name, o.types, o.subtypes, o.supertypes, o.colors, o.power, o.toughness, o.mana_value,
                           o.abilities)
        statics = self._statics(o)
        return (f'{{{self.template.object},{printed},"static_definitions":{statics},'
                f'"base_static_definitions":{statics},{_encode(fields)[1:]}')

    def _statics(self, o: Permanent) -> str:
        """An object's static abilities as phase's definitions (JSON), a printed changeling's last, as phase's
        loader adds it after the parsed ones."""
        texts = [self._static(s, o) for s in o.static]
        if CHANGELING in o.abilities:
            texts.append(_CHANGELING_CDA)
        return f"[{','.join(texts)}]"

    def _static(self, ability: StaticAbility, holder: Permanent) -> str:
        if isinstance(ability.affects, Ids):  # the only form that names the board's objects
            affected = _one_of([{"type": "SpecificObject", "id": i} for i in self._affected_ids(ability.affects)])
            return _encode(_static_definition(ability, affected))
        if not isinstance(ability.affects, Attached):
            return _static_text(ability, None)
        if holder.attached_to is None:
            return _static_text(ability, "None")
        return _static_text(ability, "EnchantedBy" if "enchantment" in holder.types else "EquippedBy")

    def _affected_ids(self, affects: Ids) -> list[int]:
        return [self.oid[i] for i in affects.ids if i in self.oid]

    def _effect(self, number: int, oid: int, effect: Effect) -> str:
        """One object's part of a resolved effect, as phase registers a resolved spell's: a transient effect for
        each object it affected (phase's GenericEffect and Pump resolution), with the effect's controller and
        timestamp, in force as long as the board is (a board has no end of turn). The spell is gone from the board:
        the source is the object, named as the board names the effect (phase reads a source's controller only for
        amounts the adapter does not write)."""
        modifications = _modifications_text(effect.parts)
        return (f'{{"id":{number},"source_id":{oid},"source_name":{_encode(effect.source)},'
                f'"controller":{self.seat[effect.controller]},"timestamp":{effect.timestamp},"duration":"Permanent",'
                f'"affected":{{"type":"SpecificObject","id":{oid}}},"modifications":{modifications}}}')

    # ------------------------------------------------------------ reading

    def outcome(self, battlefield: list[dict]) -> Outcome:
        objects: dict[str, Any] = {}
        for obj in battlefield:
            oid = self.id_of.get(obj["id"])
            if oid is not None:
                objects[oid] = self._characteristics(obj)
        missing = [o.id for o in self.board.objects if o.id not in objects]
        if missing:
            raise EngineError("phase", f"phase's battlefield lost {', '.join(missing)}", kind="error")
        return {"ruleset": "phase", "objects": {o.id: objects[o.id] for o in self.board.objects}}

    def _characteristics(self, obj: dict) -> dict:
        types = sorted(_CARD_TYPE[t] for t in obj["card_types"]["core_types"])
        subtypes = {s.lower() for s in obj["card_types"]["subtypes"]}
        if _EVERY.lower() in subtypes:
            # Every creature type: the outcome's one word for them all (docs/board-format.md).
            subtypes = {s for s in subtypes if s.capitalize() not in self.creature_types} | {EVERY_CREATURE_TYPE}
        abilities = {_WORD_OF.get(key, key) for key in map(_keyword_key, obj["keywords"])}
        abilities |= {s["description"] for s in obj.get("static_definitions", []) if s.get("description")}
        creature = "creature" in types
        return {
            "name": obj["name"], "controller": self.board.players[obj["controller"]], "types": types,
            "subtypes": sorted(subtypes), "supertypes": sorted(s.lower() for s in obj["card_types"]["supertypes"]),
            "colors": sorted(c.lower() for c in obj["color"]), "abilities": sorted(abilities),
            # A creature's P/T as phase left it: null where nothing defined it (a noncreature with no printed P/T
            # that became a creature), which the outcome says rather than 0 (docs/external-engines.md).
            "power": obj["power"] if creature else None,
            "toughness": obj["toughness"] if creature else None,
        }


# ---------------------------------------------------------------- phase's definitions (the same for every board)


@functools.lru_cache(maxsize=4096)
def _printed(name: str, types: tuple[str, ...], subtypes: tuple[str, ...], supertypes: tuple[str, ...],
             colors: tuple[str, ...], power: int | None, toughness: int | None, mana_value: int,
             keywords: tuple[str, ...]) -> str:
    """A permanent's printed characteristics as phase's loader holds a card's (JSON keys, without braces): both as
    its base characteristics and as the values the layers start from (613.1). Kept, as ``_static_text`` is."""
    card_types = {"supertypes": [s.capitalize() for s in supertypes], "core_types": [_CORE_TYPE[t] for t in types],
                  "subtypes": [s.capitalize() for s in subtypes]}
    words = [_keyword(k) for k in keywords]
    cost = {"type": "Cost", "shards": [], "generic": mana_value} if mana_value else {"type": "NoCost"}
    hues = [_COLOR[c] for c in colors]
    return _encode({
        "name": name, "base_name": name, "card_types": card_types, "base_card_types": card_types, "power": power,
        "toughness": toughness, "base_power": power, "base_toughness": toughness, "color": hues, "base_color": hues,
        "keywords": words, "base_keywords": words, "mana_cost": cost, "base_mana_cost": cost,
    })[1:-1]


@functools.lru_cache(maxsize=4096)
def _static_text(ability: StaticAbility, attached_by: str | None) -> str:
    """A static ability that names no object of the board, as phase's definition (JSON); ``attached_by`` is how an
    Aura's or Equipment's ability finds its object. Kept: a shrinker's boards share most of their abilities."""
    if attached_by is None:
        affected = {"type": "SelfRef"} if isinstance(ability.affects, Self_) else _filter(ability.affects.filter)
    elif attached_by == "None":
        affected = {"type": "None"}  # an Aura or Equipment attached to nothing affects nothing
    else:
        # "Enchanted permanent" (Song of the Dryads), "equipped creature" (Bonesplitter): the permanent the Aura or
        # Equipment is attached to, whatever its card types (a board is a snapshot, which keeps an Equipment on a
        # noncreature that 301.5c would unattach).
        affected = {"type": "Typed", "type_filters": ["Permanent"], "controller": None,
                    "properties": [{"type": attached_by}]}
    return _encode(_static_definition(ability, affected))


def _static_definition(ability: StaticAbility, affected: dict) -> dict:
    # Today a characteristic-defining ability defines colors, subtypes or P/T, never card types (604.3a); a
    # board's cda flag on another ability is the older rules' characteristic-setting ability (405.2).
    cda = ability.cda and all(
        isinstance(p, (PTSetPart, ColorPart)) or (isinstance(p, TypePart) and p.characteristic == "subtypes")
        for p in ability.parts)
    colors_only = cda and all(isinstance(p, ColorPart) for p in ability.parts)
    return {
        "mode": "Continuous", "affected": affected, "modifications": _modifications(ability.parts, cda),
        "condition": None, "affected_zone": None, "effect_zone": None,
        "active_zones": _EVERY_ZONE if colors_only else [],
        "characteristic_defining": cda, "description": ability.label,
    }


def _one_of(filters: list[dict]) -> dict:
    return filters[0] if len(filters) == 1 else {"type": "Or", "filters": filters}


def _keyword(word: str) -> Any:
    if word not in _KEYWORDS:
        raise EngineError("phase", f"phase has no keyword for {word!r} in this adapter", kind="error")
    return _KEYWORDS[word]


def _filter(f: Filter) -> dict:
    type_filters: list[Any] = [_CORE_TYPE[t] for t in sorted(f.types)]
    type_filters += [{"Subtype": s.capitalize()} for s in sorted(f.subtypes)]
    if not type_filters:
        # "All permanents", "nonland permanents" (Mycosynth Lattice, Leyline of Singularity): every object a board
        # holds is a permanent.
        type_filters.append("Permanent")
    type_filters += [{"Non": _CORE_TYPE[t]} for t in sorted(f.not_types)]
    type_filters += [{"Non": {"Subtype": s.capitalize()}} for s in sorted(f.not_subtypes)]
    props: list[dict] = [{"type": "HasColor", "color": _COLOR[c]} for c in sorted(f.colors)]
    props += [{"type": "NotColor", "color": _COLOR[c]} for c in sorted(f.not_colors)]
    props += [{"type": "HasSupertype", "value": s.capitalize()} for s in sorted(f.supertypes)]
    props += [{"type": "NotSupertype", "value": s.capitalize()} for s in sorted(f.not_supertypes)]
    props += [{"type": "WithKeyword", "value": _keyword(k)} for k in sorted(f.abilities)]
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


@functools.lru_cache(maxsize=4096)
def _modifications_text(parts: tuple) -> str:
    """A resolved effect's modifications (JSON), kept as ``_static_text`` is."""
    return _encode(_modifications(parts, False))


def _modifications(parts, cda: bool) -> list[dict]:
    out: list[dict] = []
    for part in parts:
        if isinstance(part, PTModifyPart):
            out += [_amount("Add", "Power", part.power), _amount("Add", "Toughness", part.toughness)]
        elif isinstance(part, PTSetPart):
            out += _pt_set(part, cda)
        elif isinstance(part, PTSwitchPart):
            out.append({"type": "SwitchPowerToughness"})
        elif isinstance(part, ColorPart):
            colors = [_COLOR[c] for c in part.values]
            out += ([{"type": "SetColor", "colors": colors}] if part.op == "set"
                    else [{"type": "AddColor", "color": c} for c in colors])
        elif isinstance(part, TypePart):
            out += _types(part)
        elif isinstance(part, AbilityPart):
            if part.remove_all:
                out.append({"type": "RemoveAllAbilities"})
            out += [{"type": "RemoveKeyword", "keyword": _keyword(k)} for k in part.remove]
            out += [{"type": "AddKeyword", "keyword": _keyword(k)} for k in part.add if isinstance(k, str)]
        elif isinstance(part, ControlPart):
            # To the effect's controller (613.1b): phase's effect carries it (a static's is its object's).
            out.append({"type": "ChangeController"})
    return out


def _amount(op: str, characteristic: str, value) -> dict:
    if isinstance(value, ManaValue):  # the affected object's own (Opalescence's form in phase's parser)
        return {"type": f"{op}{characteristic}Dynamic" if op == "Set" else f"{op}Dynamic{characteristic}",
                "value": _MANA_VALUE}
    return {"type": f"{op}{characteristic}", "value": value}


def _pt_set(part: PTSetPart, cda: bool) -> list[dict]:
    """Setting P/T: in layer 7b (613.4b), or, by a characteristic-defining ability, in layer 7a (613.4a), which
    phase's parser writes as SetDynamicPower / SetDynamicToughness (Tarmogoyf)."""
    if not cda:
        return [_amount("Set", "Power", part.power), _amount("Set", "Toughness", part.toughness)]
    return [{"type": "SetDynamicPower", "value": _quantity(part.power)},
            {"type": "SetDynamicToughness", "value": _quantity(part.toughness)}]


def _quantity(value) -> dict:
    return _MANA_VALUE if isinstance(value, ManaValue) else _fixed(value)


def _types(part: TypePart) -> list[dict]:
    if part.characteristic == "types":
        if part.op == "set":  # exactly these card types (205.1a): Imprisoned in the Moon's form
            return [{"type": "SetCardTypes", "core_types": [_CORE_TYPE[t] for t in part.values]}]
        verb = "AddType" if part.op == "add" else "RemoveType"
        return [{"type": verb, "core_type": _CORE_TYPE[t]} for t in part.values]
    if part.characteristic == "supertypes":
        verb = "AddSupertype" if part.op == "add" else "RemoveSupertype"
        return [{"type": verb, "supertype": s.capitalize()} for s in part.values]
    if EVERY_CREATURE_TYPE in part.values:
        # "Is every creature type" (Maskwood Nexus); "loses all creature types" (Ego Erasure, whose reading by phase
        # also removes the keyword changeling, which the rules do not: the object keeps the ability, 205.3m).
        if part.op == "add":
            return [{"type": "AddAllCreatureTypes"}]
        return [{"type": "RemoveAllSubtypes", "set": "Creature"}]
    if part.op == "set":
        return _set_subtypes(part.values)
    verb = "AddSubtype" if part.op == "add" else "RemoveSubtype"
    return [{"type": verb, "subtype": s.capitalize()} for s in part.values]


def _set_subtypes(values: tuple[str, ...]) -> list[dict]:
    """Setting subtypes replaces those of the sets the new ones belong to, and no others (205.1a; a creature that
    becomes a Treefolk keeps its land types)."""
    if TypePart("subtypes", "set", values).sets_basic_land_types:
        # Blood Moon's form (305.7), then any other basic land type.
        return [{"type": "SetBasicLandType", "land_type": values[0].capitalize()}] + [
            {"type": "AddSubtype", "subtype": s.capitalize()} for s in values[1:]]
    sets = _current_subtypes()
    replaced = sorted({_SUBTYPE_SET[sets.of(v)] for v in values})  # Lignify's form
    return ([{"type": "RemoveAllSubtypes", "set": s} for s in replaced]
            + [{"type": "AddSubtype", "subtype": v.capitalize()} for v in values])


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
    return words


@functools.cache
def _current_subtypes():
    """Today's subtype sets: phase implements today's rules, so a word's set is today's."""
    from rulesets.editions import ruleset_for

    return ruleset_for("current").subtypes


def engine() -> PhaseEngine:
    """The entry point's factory: builds the engine, or says in one line how to install phase."""
    return PhaseEngine()
