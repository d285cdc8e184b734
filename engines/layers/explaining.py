"""How the layer machine explains itself: the reasons, rule numbers and notes of a trace.

``Explaining`` is the part of one evaluation (``engines.layers.machine._Run``) that only runs when a
trace is asked for (``diffcheck judge --explain``): why each effect applied when it did, in the
words and rule numbers of the ruleset's document, and which decisions an answer rests on. It
reads the run's state and never changes it.
"""

from __future__ import annotations

from collections.abc import Iterable

from engines.board.board import FACE_DOWN, PTOf, counter_pt_change, subtypes_given
from engines.layers.dependency import Depending
from engines.layers.judge_words import why_not
from engines.board.outcome import spoken_types
from engines.layers.state import Instance, Obj
from engines.layers.text import words_found
from engines.board.trace import Change, Entry, Note
from rulesets.model import STATIC, Sublayer


class Explaining(Depending):
    """Methods of ``_Run`` for its trace; they use its ``state``, ``ruleset``, ``board``, ``cards``,
    ``planner``, ``started`` and ``trace``, and its ``_affected``, ``_amount`` and ``_buckets``."""

    def _say(self, entry: Entry) -> None:
        """Add to the trace: the methods here run only when one is asked for."""
        if self.trace is not None:
            self.trace.append(entry)

    def _note_lost(self, unit: Instance, before: list[Instance], now: list[Instance], sublayer: Sublayer) -> None:
        """Tell the judge which waiting effects ``unit`` took away before they started (418.5b / 613.5)."""
        still = {u.key for u in now}
        for gone in before:
            if gone is not unit and gone.key not in still:
                self._say(Note(
                    sublayer.key,
                    f"{self._name(gone)}: its ability is gone (taken by {self._name(unit)}) before its effect "
                    "started, so it does not apply; only an effect that has started keeps applying",
                    (self.ruleset.cite("lock_in"),),
                ))

    def _note_condition(self, unit: Instance, sublayer: Sublayer) -> None:
        """Tell the judge, in the table's words, what is missing for a conditional ability's condition here, so
        its effect does not exist in this sublayer (decision condition_each_layer)."""
        o = self.state[unit.source] if unit.source is not None else None
        name = (o.name or o.id) if o is not None else unit.label
        why = why_not(unit.plan.condition, self._you(unit, self.state), name)
        self._say(Note(
            sublayer.key,
            f"{why}: {name}'s ability \"{unit.label}\" does nothing here",
            (self.ruleset.cite("lock_in"), "decision: condition_each_layer"),
        ))

    def _note_undefined_choices(self, objects, key: str) -> None:
        """Tell the judge which copied abilities refer to a choice the copy never made (503.7 / 706.7a)."""
        for oid in objects:
            for s in self.state[oid].statics:
                if s.key[0] == "c" and self._copied_from_choice(s):
                    self._say(Note(
                        key, f"{oid}: its copy of \"{s.label}\" refers to a choice made for another permanent, "
                        "which is not copied: the parts that refer to it do nothing", (self.ruleset.cite("undefined_choice"),),
                    ))

    def _copied_from_choice(self, s: Instance) -> bool:
        """Whether a copied ability is, at the root of its copies, a printed ability with chosen words that the
        copy did not choose anew (a copy's own choices, ``chooses``, keep their words: 706.6 / 707.6)."""
        root = s.key[2]
        original = self.board.object(root[1]).static[root[2]] if root[0] == "p" else None
        return original is not None and len(s.ability.chosen) < len(original.chosen)

    def _words_replaced(self, unit: Instance, key: str, objects) -> tuple[Change, ...]:
        """For the trace, before a text change applies: each word it will replace in each object's
        text (418.6a / 612.1), as a change of ``text``; a chosen value is no word of it."""
        out = []
        for part in unit.plan.at[key].parts:
            if part.kind == "text":
                swaps = dict(part.swaps)
                for oid in objects:
                    out += [Change(oid, "text", word, swaps[word]) for word in sorted(words_found(self.state[oid], swaps))]
        return tuple(out)

    def _name(self, unit: Instance) -> str:
        if unit.key[0] == "k":
            return unit.label
        if unit.source is None:
            return f"{unit.label} (effect {unit.key[1]})" if unit.label != unit.key[1] else f"effect {unit.label}"
        how = ""
        if unit.granted:
            how = f", granted by {_grantor(unit.key[2])}"
        elif unit.key[0] == "c":
            how = ", copied"
        return f"{unit.source}: {unit.label}{how}"

    def _loop_order(self, unit: Instance, sublayer: Sublayer, loop: tuple) -> str:
        """Which order a dependency loop goes in, and why ``unit`` is first of what is left of it."""
        names = ", ".join(u.label for u in loop)
        if self.ruleset.reevaluate_loops:
            return (f"in a dependency loop with {names}: dependency is set aside there and the earliest timestamp "
                    f"goes first ({unit.timestamp}); the order of the rest is determined again after it")
        if unit.cda and sublayer.cda_first and not all(u.cda for u in loop):
            return (f"in a dependency loop with {names}: dependency is set aside there, and "
                    f"{_plural(self.ruleset.cda_term)} still apply first in it, then the rest in timestamp order")
        return (f"in a dependency loop with {names}: dependency is set aside there and the whole loop goes in "
                f"timestamp order; timestamp {unit.timestamp} is the earliest left in it")

    def _why(
        self, unit: Instance, sublayer: Sublayer, waited: Iterable[str], loop: tuple, ahead: tuple,
        rests_on: tuple[str, ...] = (),
    ) -> tuple[str, tuple[str, ...]]:
        r = self.ruleset
        reasons: list[str] = []
        rules: list[str] = [sublayer.rule]
        parts = unit.plan.at[sublayer.key].parts
        if r.type_effects_whole and sublayer.key == r.placement[("type", STATIC)] and any(
                p.kind != "type" for p in parts) and any(p.kind == "type" for p in parts):
            reasons.append(f"the effect changes types, so all of it applies in this {r.step_word}"
                           + (": initial values, which every later stage's effects override" if r.stages else ""))
            rules.append(r.cite("type_effects"))
        if unit.key[0] == "c":
            rules.append("decision: copied_ability_timestamp")
        pulled = self.pulled_for.get(unit.key)
        if pulled is not None:
            home, dependents = pulled
            verb = "depends" if len(dependents) == 1 else "depend"
            reasons.append(f"applied here, ahead of its own {r.step_word} {home}, because {', '.join(dependents)} "
                           f"{verb} on it")
            rules += [r.cite("dependency"), r.cite("dependency_order"), "decision: dependency_across_stages"]
        decided = self.machine.decided
        if "is_statements" in decided and getattr(unit.body, "cda", False):
            rules.append("decision: is_statements")  # what a card says it is, before July 2003
            if "star_as_printed" in decided and any(p.kind == "pt_set" for p in parts):
                rules += [r.citations.get("star", "208.2"), "decision: star_as_printed"]  # 2001-07 to 2003-03
        if "basic_land_change" in decided and any(getattr(p, "sets_basic_land_types", False) for p in parts):
            rules.append("decision: basic_land_change")
        if "type_changing_abilities" in decided and any(p.kind == "type" for p in parts):
            rules.append("decision: type_changing_abilities")  # what is one, before the numbered layers
        if unit.key[0] == "i":
            reasons.append("what its color indicator says, as its Oracle text said it before color indicators had a "
                           "rule")
            rules.append("decision: color_indicator_text")
        if unit.cda and sublayer.cda_first:
            reasons.append(f"{r.cda_term}: applies first")
            rules.append(r.cite("cda_first"))
        elif unit.key[0] == "k":
            if parts[0].kind == "ability":
                reasons.append(f"a {unit.key[2]} counter gives its keyword, at the timestamp of the newest of "
                               f"them, {unit.timestamp}")
                rules.append(r.citations.get("keyword_counters", "122.1b"))
            else:
                reasons.append(f"counters apply with the modifying effects, at the timestamp of the newest of "
                               f"them, {unit.timestamp}")
                rules.append(r.cite("counters"))
            rules.append(r.citations.get("timestamp_counters", "613.7c"))
            source = self.board.object(unit.key[1])
            if unit.key[2] not in dict(source.counter_timestamps):
                rules.append("decision: counters_timestamp")
        else:
            reasons.append(f"timestamp {unit.timestamp}")
            rules.append(r.cite("timestamp_resolved" if unit.source is None else "timestamp_static"))
        for other, by_rule in self._tied(unit, sublayer.key):
            if by_rule == "apnap":
                reasons.append(f"shares timestamp {unit.timestamp} with {other}: the active player's objects "
                               "come first (APNAP)")
                rules.append(r.cite("simultaneous"))
            elif by_rule == "granted":
                reasons.append(f"shares timestamp {unit.timestamp} with {other}: the object's own abilities keep "
                               "their order before those granted to it")
                rules.append(r.cite("own_and_granted"))
            elif by_rule == "aura":
                reasons.append(f"shares timestamp {unit.timestamp} with {other}: a local enchantment comes after "
                               "what it enchants")
                rules.append(r.citations.get("aura_timestamp", r.cite("simultaneous")))
            else:
                reasons.append(f"shares timestamp {unit.timestamp} with {other}: in the board's order, which "
                               "stands for the active player's choice")
                rules += [r.cite("simultaneous"), "decision: simultaneous_timestamps"]
        refused = self._subtypes_refused(unit, parts)
        if refused:
            reasons.append(refused)
            rules.append(r.citations.get("subtype_fits", "205.3d"))
        rules += rests_on  # decisions seen before the effect applied (``_decisions_before``)
        kept = self._copies_kept(unit, sublayer.key)
        if kept:
            reasons.append(kept)
            rules.append(r.cite("copy_kept"))
        read, read_rules = self._values_read(unit, sublayer.key)
        reasons += read
        rules += read_rules
        if loop:
            reasons.append(self._loop_order(unit, sublayer, loop))
            rules += [r.cite("loop"), r.cite("reevaluate") if r.reevaluate_loops else "decision: dependency_state"]
            if unit.cda and sublayer.cda_first and not all(u.cda for u in loop):
                rules.append("decision: loop_cda_first")
        elif waited:
            reasons.append(f"depends on {', '.join(waited)}: applied after it")
            rules += [r.cite("dependency"), r.cite("dependency_order")]
            if unit.cda and sublayer.cda_first and "cda_dependency" in r.citations:
                rules.append(r.cite("cda_dependency"))  # a CSA moved by dependency (418.5d, 2005; a decision before)
        if ahead and not loop:
            reasons.append(f"goes ahead of {', '.join(ahead)}: they wait for it, directly or through another effect")
            if not waited:
                rules += [r.cite("dependency"), r.cite("dependency_order")]
        if unit.source is not None and unit.key in self.started and not self.state[unit.source].has_static(unit.key) \
                and self.planner.index[sublayer.key] > unit.plan.first:
            reasons.append("its ability is gone, but the effect had started: same objects as before")
            rules.append(r.cite("lock_in"))
        elif unit.source is None and unit.key[0] != "k":
            rules.append(r.cite("fixed_set"))
        return "; ".join(reasons), tuple(dict.fromkeys(rules))

    def _subtypes_refused(self, unit: Instance, parts) -> str:
        """From 2011-09 (205.3d): the subtypes ``unit`` would give that go with none of an object's card types,
        so it does not gain them; "" if none."""
        if not self.ruleset.subtypes_match_types:
            return ""
        sets = self.ruleset.subtypes
        words = [w for _, w in subtypes_given(parts)]
        out = []
        for oid in sorted(self._affected(unit, self.state)) if words else ():
            o = self.state[oid]
            refused = [w for w in words if not sets.fits(w, o.types)]
            if refused:
                out.append(f"{', '.join(refused)} goes with none of {oid}'s card types: not gained")
        return "; ".join(out)

    def _decisions_before(self, parts, objects: Iterable[str]) -> tuple[str, ...]:
        """The decisions what ``parts`` do to ``objects`` rests on, seen before they apply: the set of a subtype
        the document does not list, or a color indicator read as an ability of the object's text that they
        take away or rewrite."""
        objects = tuple(objects)
        out: tuple[str, ...] = ("decision: unlisted_subtypes",) if self._unlisted_subtypes(parts, objects) else ()
        takes_text = any(p.kind == "text" or (p.kind == "ability" and (p.remove_all or p.remove))
                         or getattr(p, "sets_basic_land_types", False) for p in parts)
        if "color_indicator_text" in self.machine.decided and takes_text and any(
                s.key[0] == "i" for oid in objects for s in self.state[oid].statics):
            out += ("decision: color_indicator_text",)
        if any(p.kind == "full_text" for p in parts):
            out += ("decision: full_text_keeps_ability",)
        # The face-down rule (none before 2002-10: such a board is an anachronism) where a copy effect copies a
        # face-down permanent or, from July 2003, does nothing to one.
        face_down = tuple(r for r in (self.ruleset.citations.get("face_down"),) if r)
        for p in parts:
            if p.kind != "copy":
                continue
            if self.state[p.of].status & FACE_DOWN:
                out += face_down + (
                    ("decision: face_down_copied",) if "face_down_copied" in self.machine.decided else ())
            if self.ruleset.face_down_copiable and any(self.state[oid].status & FACE_DOWN for oid in objects):
                out += face_down
        return tuple(dict.fromkeys(out))

    def _unlisted_subtypes(self, parts, objects: Iterable[str]) -> bool:
        """Whether the set of a subtype the document lists in no set (decision unlisted_subtypes) matters to
        what ``parts`` do to ``objects``, as they are before: a subtype they set (or from 2011-09 add,
        205.3d), or one of an object whose subtypes of some sets they replace or whose card types they
        change."""
        sets, fitting = self.ruleset.subtypes, self.ruleset.subtypes_match_types
        words = {w for how, w in subtypes_given(parts) if how == "set" or fitting}
        # Whether the objects' own subtypes are sorted into sets too: setting subtypes replaces those of the
        # same sets; changing card types hides or brings back whole sets.
        whole = any(p.kind == "type" and (p.characteristic == "types" or (p.characteristic == "subtypes"
                                                                            and p.op == "set")) for p in parts)
        if whole:
            for oid in objects:
                o = self.state[oid]
                words.update(o.subtypes)
                words.update(o.hidden or ())
        return any(sets.by_decision(w) for w in words)

    def _copies_kept(self, unit: Instance, key: str) -> str:
        """From July 2018 (706.2b / 707.2b): which later copy effects on what ``unit`` copies it does not wait
        for, since a copy keeps the values it took; "" if none."""
        if not self.ruleset.copies_keep_values:
            return ""
        out = []
        for part in unit.plan.at[key].parts:
            if part.kind != "copy":
                continue
            later = [self._name(u) for u in self._buckets().get(key, ())
                     if u.order > unit.order and any(p.kind == "copy" for p in u.plan.at[key].parts)
                     and part.of in self._affected(u, self.state)]
            if later:
                out.append(f"copies {part.of} as it was at timestamp {unit.timestamp}: a later copy effect on it "
                           f"({', '.join(later)}) does not change the copy")
        return "; ".join(out)

    def _tied(self, unit: Instance, key: str) -> list[tuple[str, str | None]]:
        """The other effects in this sublayer with ``unit``'s timestamp that apply to an object it applies
        to, each with the rule that orders the two, if one does: "apnap" (from 2020, 613.7k: sources of
        different controllers), "aura" (1999-11 to 2003-03: a local enchantment after what it enchants),
        "granted" (from 2021-02-24, 613.7a: an object's own abilities before those granted to it);
        None where the active player's choice does (decision simultaneous_timestamps)."""
        state = self.state
        mine = self._affected(unit, state)
        out = []
        for u in self._buckets().get(key, ()):
            if u.key == unit.key or u.timestamp != unit.timestamp or self._affected(u, state).isdisjoint(mine):
                continue
            name = u.label if u.source is None else f"{u.source}'s {u.label}"
            by_rule = None if None in (u.source, unit.source) else self._tie_rule(u, unit)
            if (name, by_rule) not in out:
                out.append((name, by_rule))
        return out

    def _tie_rule(self, u: Instance, v: Instance) -> str | None:
        """The rule that orders the effects of two static abilities that share a timestamp, if one does (see
        ``_tied``); "granted" from 2021-02-24 (613.7a), for an object's own ability and one granted to it."""
        a, b = u.source, v.source
        if a is None or b is None:
            return None  # a resolved effect: timestamps alone order it
        if a == b and u.granted != v.granted and "own_and_granted" in self.ruleset.citations:
            return "granted"
        held_a, held_b = self.state.get(a), self.state.get(b)
        if held_a is None or held_b is None or held_a.zone != "battlefield" or held_b.zone != "battlefield":
            return None  # a card outside the battlefield: these rules order permanents that entered together
        if self.ruleset.apnap_timestamps and held_a.controller != held_b.controller:
            return "apnap"
        if self.ruleset.auras_after_enchanted:
            for aura, other in ((a, b), (b, a)):
                p = self.board.object(aura)
                if "enchantment" in p.types and p.attached_to == other:
                    return "aura"
        return None

    def _values_read(self, unit: Instance, key: str) -> tuple[list[str], list[str]]:
        """What each value that reads another object's P/T comes to; for a card in a graveyard or in
        exile, whether its counters counted (121.1a from 2011-06: on a creature card in any zone;
        before, on a permanent only; until 2020 only once their sublayer has come). Also the rules
        that says so, when a card was read."""
        out = []
        rules: list[str] = []
        for part in unit.plan.at[key].parts:
            for value in (getattr(part, "power", None), getattr(part, "toughness", None)):
                if not isinstance(value, PTOf):
                    continue
                amount = self._amount(value, unit, self.state, "", key)
                card = self.cards.get(value.of)
                if card is not None:
                    rules.append(self.ruleset.cite("counters"))  # whether a card's counters count (121.1a, 2011-06)
                if card is None:
                    how = ("as the effects applied so far leave it" if "creature" in self.state[value.of].types
                           else "not a creature, so it has none")
                    text = f"reads {value.of}'s {value.characteristic}: {amount} ({how})"
                    if text not in out:
                        out.append(text)
                    continue
                # A card that is an object of the layers (engines.layers.zones) has the value they have left it,
                # which its characteristic-defining ability may define (405.2 of 2007-05; 604.3).
                printed = getattr(card, value.characteristic)
                o = self.state.get(value.of) if self.zoned else None
                base = getattr(o, value.characteristic) if o is not None else printed
                if base != printed:
                    rules.append(self.ruleset.cite("cda"))
                    as_is, its = "as the layers so far leave the card", f"{base} as the layers so far leave it"
                else:
                    as_is, its = "as printed", f"printed {printed}"
                if not any(n and counter_pt_change(kind) for kind, n in card.counters):
                    how = as_is
                elif not self.ruleset.card_counters:
                    how = f"{as_is}: counters count on permanents only"
                elif "creature" not in card.types:
                    how = f"{as_is}: counters count on creature cards only"
                elif not self._card_counters_counted(key):
                    how = f"{as_is}: its counters apply later, in {self.ruleset.counters_sublayer}"
                    rules.append(self.ruleset.cite("pt_counters"))
                elif self.machine.counters_with_modifiers:
                    how = f"{its}, with its counters, which apply in {key} before every effect there"
                    rules += [self.ruleset.cite("pt_counters"), "decision: counters_timestamp"]
                else:
                    how = f"{its}, with its counters"
                text = f"reads {value.of}'s {value.characteristic}: {amount} ({how})"
                if text not in out:
                    out.append(text)
        return out, rules


def _plural(term: str) -> str:
    return term[:-1] + "ies" if term.endswith("y") else term + "s"


def _grantor(key: tuple) -> str:
    """Who granted an ability, from the granting instance's key."""
    if key[0] == "e":
        return f"effect {key[1]}"
    return f"{key[1]}'s ability"


def describe(o: Obj, kindred: bool = False) -> dict:
    return {
        "name": o.name,
        "controller": o.controller,
        "types": spoken_types(o.types, kindred),
        "subtypes": o.subtypes,
        "supertypes": o.supertypes,
        "colors": o.colors,
        "abilities": o.ability_words,
        "power": o.power,
        "toughness": o.toughness,
    }
