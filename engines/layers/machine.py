"""The layer machine: one implementation of continuous-effect interaction, driven by a ruleset.

For each sublayer of the ruleset, in order, the machine gathers the effects with a part
there, and applies them one at a time: characteristic-defining abilities first where the
ruleset says so, then by timestamp, except that an effect that depends on another waits
for it, and effects in a dependency loop go by timestamp (418.5c-d / 613.7). Dependency is
decided from the state by trial application (``engines.layers.dependency``): apply A to a copy of
the objects it touches and see whether B's existence, text, affected objects or values
change. Before October 2003 the steps are stages, and until July 2003 an effect can depend on
one of a later stage, which then applies first, at the start of the earlier one.

An effect that has started to apply keeps the objects it started with in later sublayers,
even if its ability is gone (418.5b / 613.5); an effect from a resolved spell or ability
affects its fixed objects (418.3b / 611.2c).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable

from engines.board.board import (
    CHANGELING, CHANGELING_ABILITY, AbilityPart, Board, Effect, Ids, PTModifyPart, counter_pt_change,
)
from engines.layers.dependency import Trials, changed_bits, strongly_connected
from engines.layers.explaining import Explaining, describe
from engines.layers.plan import ALL, MachineRules, Planner
from engines.layers.reading import card_views
from engines.layers.resolution import Fixed, fix_amounts
from engines.layers.state import Instance, Obj, obj_from_permanent
from engines.layers.zones import card_objects, cards_by_object_id, indicator_instance
from engines.board.trace import Applied, Change, Entry, Heading, Note
from rulesets.model import Sublayer

TYPE_CHECKING = False  # typing.TYPE_CHECKING's value: judge's start imports no typing (diffcheck.cli.judging)
if TYPE_CHECKING:
    from typing import Final

MAX_PASSES: Final = 8


class Machine(MachineRules):
    """Evaluates boards under one ruleset. Stateless between calls; safe to reuse. What it takes from the ruleset
    once, and its passes read, is ``MachineRules`` (``engines.layers.plan``), so that a pass needs nothing of this
    module."""

    def evaluate(self, board: Board, trace: list[Entry] | None = None) -> dict[str, Obj]:
        """The objects' final characteristics; with ``trace`` given, the explanation is appended to it."""
        return self.run(board, trace).state

    def run(self, board: Board, trace: list[Entry] | None = None, until: int | None = None) -> "_Run":
        """The last pass of an evaluation: its state, and which effects started, with their objects; with
        ``until``, of the first ``until`` sublayers only (what an amount that reads no later one needs).

        A granted static ability with parts in a layer before the one that grants it applies
        there only on a further pass (decision ``granted_earlier_layer``). Pass n+1 assumes,
        from layer 1, the abilities that pass n really granted and that are still there at its
        end; the passes stop when those are exactly the ones assumed. An assumed ability that
        no effect grants again does not confirm itself, so the answer is a consistent state:
        every granted ability in it is granted by an effect that applies in it.
        """
        fixed: tuple[Fixed, ...] = ()
        if board.variable_effects:  # amounts read as an effect resolved: read them first, as they were then
            board, fixed = fix_amounts(self, board)
        early: dict = {}
        zoned = board.reaches_cards
        tried: list[frozenset] = []
        notes: list[Entry] = []
        first: _Run | None = None
        ever: dict = {}  # every granted ability any pass found, for the notes
        for number in range(1, MAX_PASSES + 1):
            current = _Run(self, board, early, [] if trace is not None else None, zoned, until)
            found = current.execute()
            first = first or current
            keys = frozenset(found)
            ever.update(found)
            if keys == frozenset(early):
                break
            tried.append(frozenset(early))
            if keys in tried or number == MAX_PASSES:
                current = self._unsettled(board, tried, keys, ever, first, notes, number, trace, zoned, until)
                break
            notes.append(self._note(
                f"pass {number}: abilities granted in a later layer have parts in earlier layers "
                f"({_labels(found, keys)}); the layers are run again with them present from layer 1"
            ))
            early = found
        if trace is not None:
            trace.extend(self._note_fixed(f) for f in fixed)
            trace.extend(notes)
            trace.extend(current.trace or ())
        return current

    def _unsettled(self, board, tried, keys, ever, first, notes, number, trace, zoned, until) -> "_Run":
        """The passes cycle: apply backwards only the abilities granted in every pass of the cycle,
        if a pass that assumes them grants them all again; otherwise none (the first pass)."""
        cycle = tried[tried.index(keys):] if keys in tried else tried
        common = frozenset.intersection(keys, *cycle)
        if common:
            early = {k: ever[k] for k in common}
            run = _Run(self, board, early, [] if trace is not None else None, zoned, until)
            if common <= frozenset(run.execute()):
                notes.append(self._note(
                    f"pass {number}: the granted abilities do not settle; a last pass applies backwards only "
                    f"those granted in every pass ({_labels(ever, common)}), which it grants again"
                ))
                return run
        notes.append(self._note(
            f"pass {number}: the granted abilities do not settle ({_labels(ever, ever)} come and go); "
            "none applies backwards: the first pass stands, each granted ability present only "
            "from the layer that grants it"
        ))
        return first

    def _note_fixed(self, fixed: Fixed) -> Note:
        """Tell the judge what a resolved effect's amounts came to as it resolved, and from what."""
        e = fixed.original
        what = "; ".join(("P/T set to " if kind == "pt_set" else "P/T ") + amounts for kind, amounts in fixed.pairs)
        r = self.ruleset
        return Note(None, f"{e.source} [ts {e.timestamp}]: its amounts were read once, as it resolved: {what}, from "
                          f"the board as it stood at timestamp {e.timestamp} (the objects and effects before it, "
                          "and the objects it affected)",
                    (r.cite("variable_once"), r.cite("information_once"), "decision: resolved_values"))

    def _note(self, text: str) -> Note:
        d = next(d for d in self.ruleset.decisions if d.key == "granted_earlier_layer")
        return Note(None, text, (d.rule, "decision: granted_earlier_layer"))


def _labels(found: dict, keys) -> str:
    return ", ".join(sorted(found[k][1].label for k in keys))


class _Run(Explaining):
    """One pass of one evaluation: the state, which effects have started, and the trace."""

    def __init__(self, machine: Machine, board: Board, early: dict, trace: list[Entry] | None,
                 zoned: bool = False, until: int | None = None) -> None:
        self.machine = machine
        self.until = until  # how many sublayers to run: all (None), or as far as an amount read then needs
        self.ruleset = machine.ruleset
        self.planner = machine.planner
        self.board = board
        self.trace = trace
        # Whether the board's cards outside the battlefield are objects of the state (``engines.layers.zones``).
        self.zoned = zoned
        self.sets = machine.subtypes  # which words are creature types, for filters (every creature type)
        if zoned:
            self.cards, self.zones = cards_by_object_id(board), None  # counts read the card objects
        elif board.graveyards or board.exile:  # most boards have neither: nothing to build per pass
            self.cards = board.cards()
            keywords = machine.ruleset.keyword_counters
            each_half = not machine.ruleset.split_cards_combined
            # The cards as a count reads them before and after their counters apply (``_card_counters_counted``).
            self.zones = {
                counted: {"graveyard": card_views(board.graveyards, "graveyard", counted, keywords, each_half),
                          "exile": card_views(board.exile, "exile", counted, keywords, each_half)}
                for counted in {False, machine.ruleset.card_counters}}
        else:
            self.cards, self.zones = _NO_CARDS, _NO_ZONES
        planner = self.planner  # planner.plan(a) rather than a bound method kept: compiled, a native call
        words = machine.text_after_others
        turning = self.ruleset.turning_timestamps
        # APNAP (613.7k): the active player's objects first, then each other player's in turn order;
        # each player's in the board's order. Spaced wider than the loader's limit on objects.
        rank = {player: n * 100_000 for n, player in enumerate(board.players)} if self.ruleset.apnap_timestamps else None
        # 1999-11 to 2003-03 (Timestamp Order, 418.5c): a local enchantment comes after what it enchants.
        behind = _enchanted_first(board) if self.ruleset.auras_after_enchanted else None
        indicators = self.ruleset.color_indicators
        state: dict[str, Obj] = {}
        for position, p in enumerate(board.objects):
            if rank is not None:
                position += rank.get(p.controller, 0)
            if behind:
                position += behind.get(p.id, 0)
            ts = p.latest_timestamp if turning else p.timestamp
            if p.face_down is not None:  # no text: none of its abilities exists (504.2; 707.2 / 708.2)
                state[p.id] = o = obj_from_permanent(p, position, (), words)
                o.timestamp = ts
                continue
            statics = tuple(
                Instance(("p", p.id, i), a.label, a, planner.plan(a), p.id, None, ts, (ts, 0, position, i))
                for i, a in enumerate(p.static)
            )
            if p.plain:
                state[p.id] = o = obj_from_permanent(p, position, statics, words)
                o.timestamp = ts
                continue
            # An ability that works only elsewhere (an Incarnation's) does not function here (112.6b / 113.6b).
            dormant = tuple(s for s in statics if "battlefield" not in s.ability.functions_in)
            if dormant:
                statics = tuple(s for s in statics if "battlefield" in s.ability.functions_in)
            if CHANGELING in p.abilities:  # key "w": the ability a keyword word stands for
                statics += (Instance(("w", p.id), CHANGELING, CHANGELING_ABILITY, planner.plan(CHANGELING_ABILITY),
                                     p.id, None, ts, (ts, 0, position, len(statics))),)
            if p.color_indicator and not indicators:  # decision color_indicator_text
                statics += (indicator_instance(p.name, p.color_indicator, p.id, ts, position, len(statics), planner),)
            state[p.id] = o = obj_from_permanent(p, position, statics, words)
            o.timestamp = ts
            o.dormant = dormant
            if p.transformed:
                o.mana_cost = ""  # a back face has no mana cost (711.4b; 712.8e), in every edition
                if not self.ruleset.back_face_mana_value:
                    o.mana_value = 0  # 711.4b until 2016-04: nor a mana value (the board gives the front's)
            if p.color_indicator and indicators:  # 202.2e (2011-09-30): a printed characteristic
                o.colors = o.colors | frozenset(p.color_indicator)
        if zoned:
            state.update(card_objects(board, self.planner, words, self.ruleset.keyword_counters))
        for object_id, instance in early.values():
            o = state[object_id]
            o.statics = o.statics + (instance,)
        self.state = state
        self.resolved = [
            Instance(("e", e.id), e.source, e, planner.plan(e), None, e.controller, e.timestamp,
                     (e.timestamp, 1, position, 0))
            for position, e in enumerate(board.effects)
        ]
        if machine.counters_with_modifiers:
            self.resolved += _counters_as_effects(board, planner)
        if self.ruleset.keyword_counters:
            self.resolved += _keyword_counters(board, planner, self.ruleset.keyword_counters)
        # Effects that have started to apply, with the objects they started with (613.5): key -> (the effect, its
        # objects, and the same sorted, the order it applies to them in).
        self.started: dict = {}
        self.granted: set = set()  # keys of the static abilities an effect granted during this pass
        self.abilities_changed = False  # set when an application gives or takes static abilities
        self.last_changes = 0  # what the last application changed (plan bits) ...
        self.last_moved: Collection[str] = ()  # ... and of which objects (at least)
        # Before July 2003 (Ruleset.dependency_across_stages): effects applied in an earlier stage than
        # their own because an effect there depends on them. Key -> the stage they apply in; stage ->
        # those effects (as applied there); key -> (their own stage, the labels of the effects that wait).
        self.moved: dict = {}
        self.pulled: dict = {}
        self.pulled_for: dict = {}

    # ------------------------------------------------------------ the pass

    def execute(self) -> dict:
        """Run every layer; the granted abilities this pass found applying backwards (see ``run``)."""
        buckets = self._buckets()
        step = self.ruleset.step_word.capitalize()
        across = self.ruleset.dependency_across_stages
        sublayers = self.ruleset.sublayers if self.until is None else self.ruleset.sublayers[:self.until]
        # The counters' own step, where they have one (read once: a ruleset's attributes are slow to reach from here).
        counters = None if self.machine.counters_with_modifiers else self.ruleset.counters_sublayer
        for sublayer in sublayers:
            key = sublayer.key
            if self.trace is not None:
                self.trace.append(Heading(key, self.ruleset.say(sublayer.title), sublayer.rule, step))
            if key == counters:
                self._counters(sublayer)
                continue
            units = buckets.get(key)
            if units and self.moved:
                units = [u for u in units if u.key not in self.moved]
            if across:
                units = (units or []) + self._pulled_forward(key, units or (), buckets)
            if units:
                self.abilities_changed = False
                self._sublayer(sublayer, units)
                if self.abilities_changed:
                    buckets = self._buckets()
        return self._granted_backwards()

    def _granted_backwards(self) -> dict:
        """Granted abilities present at the end whose parts sit before the layer that grants them.

        Only those an effect granted during this pass count: one assumed from layer 1 that
        nothing granted again would otherwise confirm itself.
        """
        limit = self.machine.ability_sublayer
        granted = self.granted
        found = {}
        for o in self.state.values():
            for s in o.statics:
                if s.granted and s.plan.first < limit and s.key in granted:
                    found[s.key] = (o.id, s)
        return found

    def _counters(self, sublayer: Sublayer) -> None:
        """+X/+Y and -X/-Y counters (418.5a 6c, 200.10 / 613.3d, 120.1a): no timestamp, every object at once."""
        for p in self.board.objects:
            if not p.counters:
                continue
            dp, dt = p.counter_pt
            if not (dp or dt):
                continue
            o = self.state[p.id]
            before = (o.power, o.toughness)
            o.power = (o.power or 0) + dp
            o.toughness = (o.toughness or 0) + dt
            if self.trace is not None:
                counts = ", ".join(f"{n} {kind}" for kind, n in p.pt_counters)
                self.trace.append(Applied(
                    sublayer.key, f"counters on {p.id} ({counts})", None, (p.id,), "counters apply in their own sublayer",
                    (sublayer.rule, self.ruleset.cite("counters")) + self.machine.counters_rules,
                    _pt_changes(p.id, before, (o.power, o.toughness)),
                ))

    # ------------------------------------------------------------ one sublayer

    def _gather(self, key: str, applied: set) -> list[Instance]:
        """The effects with a part in this sublayer not yet applied here, after abilities changed."""
        units = [u for u in self._in_play(key) if u.key not in applied]
        if not self.moved:  # the layers: no effect applies outside its own step
            return units
        units = [u for u in units if self.moved.get(u.key, key) == key]
        for u in self.pulled.get(key, ()):
            if u.key in applied:
                continue
            if u.source is not None and u.key not in self.started:
                current = self._current(u, key, self.state)
                if current is None:
                    continue  # its ability is gone before its effect started
                if current.body is not u.body:  # its text changed meanwhile
                    u = current
            units.append(u)
        return units

    def _sublayer(self, sublayer: Sublayer, units: list[Instance]) -> None:
        key = sublayer.key
        order: Callable[[Instance], tuple] = _cda_first_order if sublayer.cda_first else _timestamp_order
        if key in self.pulled:  # effects of later stages that one here depends on go first (before July 2003)
            early, base = {u.key for u in self.pulled[key]}, order
            order = lambda u: (u.key not in early, base(u))  # noqa: E731
        applied: set = set()
        waited: dict = {}  # unit key -> labels of the effects it was found to depend on
        pending = sorted(units, key=order)
        deps: dict | None = None  # None: to be decided (again) by trial
        trials: Trials | None = None  # the trials behind ``deps``, kept for the next search
        independent = False  # no pending effect reads anything another writes: base order throughout
        # Whether that was asked of the pending effects since they were gathered. Once it says some may depend, it
        # is not asked again as they apply: the earliest that waits for none still goes first (``_waits``).
        asked = False
        # A dependency loop, once free to go, goes whole, in base order (418.5d / 613.7b): its members,
        # and the keys of those still to apply.
        loop_members: tuple = ()
        loop: tuple  # the other members of the loop the effect applied goes with, if any
        ahead: tuple  # the labels of the effects it goes ahead of
        loop_rest: list = []
        while pending:
            unit: Instance | None = None
            if loop_rest:
                by_key = {u.key: u for u in pending}
                while loop_rest and unit is None:
                    unit = by_key.get(loop_rest.pop(0))  # a member whose ability is gone meanwhile is skipped
                if unit is not None:
                    loop, ahead = tuple(u for u in loop_members if u.key != unit.key), ()
            if unit is None:
                if len(pending) == 1 or independent:
                    unit, loop, ahead = pending[0], (), ()
                else:
                    if deps is None and not asked:
                        independent = not self._may_depend(pending, key)
                        asked = True
                    if independent:
                        unit, loop, ahead = pending[0], (), ()
                    elif deps is None and self.trace is None and not self._waits(
                            pending[0], pending, key, question := Trials()):
                        # The earliest waits for nothing: it goes next, whatever the others wait for. (A trace
                        # tells what each effect waited for, so it makes the whole search.)
                        unit, loop, ahead = pending[0], (), ()
                        trials = None  # what this application changes is not recorded for kept trials
                        if self.machine.check_dependencies:
                            self._check_first(pending, key)
                    else:
                        if deps is None:
                            if trials is None:
                                # The trials the earliest's question made (above), in the state the search is
                                # made in; a trace asks no question.
                                trials = question if self.trace is None else Trials()
                            deps = self._dependencies(pending, key, trials)
                            if self.machine.check_dependencies:
                                self._check(pending, key, deps)
                        unit, loop, ahead = self._choose(pending, deps, waited)
                        if loop and not self.ruleset.reevaluate_loops:
                            loop_members = (unit,) + loop
                            loop_rest = [u.key for u in loop]
            changed_existence = self._apply(
                unit, key, sublayer, waited.get(unit.key, ()), loop, ahead,
                measure=deps is not None and len(pending) > 1,
            )
            applied.add(unit.key)
            if changed_existence:
                self.abilities_changed = True
                before = pending
                pending = sorted(self._gather(key, applied), key=order)
                if self.trace is not None:
                    self._note_lost(unit, before, pending, sublayer)
                deps, trials = None, None
                independent = asked = False
                continue
            pending.remove(unit)
            if deps is not None:
                if trials is not None:
                    trials.applied(self.last_changes, self.last_moved)
                deps = self._after(unit, key, pending, deps)

    def _check(self, pending: list[Instance], key: str, deps: dict) -> None:
        """With ``Machine.check_dependencies``: that the kept trials, of the pairs worth one, answered as trials
        of every pair made afresh do."""
        fresh = self._dependencies(pending, key, every_pair=True)
        if _pairs(deps) != _pairs(fresh):
            raise AssertionError(f"sublayer {key}: kept trials found {sorted(_pairs(deps))}, "
                                 f"fresh ones {sorted(_pairs(fresh))}")

    def _check_first(self, pending: list[Instance], key: str) -> None:
        """With ``Machine.check_dependencies``: that the whole search would also apply the earliest effect next."""
        chosen = self._choose(pending, self._dependencies(pending, key, every_pair=True), {})[0]
        if chosen is not pending[0]:
            raise AssertionError(f"sublayer {key}: the earliest, {pending[0].label}, waits for no effect, but the "
                                 f"whole search applies {chosen.label} first")

    def _after(self, unit: Instance, key: str, pending: list[Instance], deps: dict) -> dict | None:
        """The dependencies among the effects still pending, once ``unit`` has applied.

        They can only have changed if ``unit`` changed something one of them reads (its
        affected set, values or existence), or the object one of them comes from; otherwise drop
        ``unit`` and keep the rest.
        """
        writes = self.last_changes
        if writes:
            moved = self.last_moved
            for b in pending:
                if writes & self._reads(b, key) or b.source in moved:  # as Trials: what is "yours" (109.5)
                    return None
        kept = {}
        for b, on in deps.items():
            if b is not unit:
                on = [a for a in on if a is not unit]
                if on:
                    kept[b] = on
        return kept

    def _may_depend(self, pending: list[Instance], key: str) -> bool:
        """Whether any pending effect reads something another writes: if not, none ever depends here.

        Reads and writes are fixed per effect (an effect's reads only shrink once it starts), so
        the answer holds until the set of pending effects changes.
        """
        for group in self._groups(pending):
            writes = 0
            for u in group:
                writes |= u.plan.at[key].writes
            if writes:
                for b in group:
                    if (self._reads(b, key) | self._own_reads(b)) & writes:
                        return True
        return False

    def _choose(self, pending: list[Instance], deps: dict, waited: dict) -> tuple[Instance, tuple, tuple]:
        """The first effect, in base order, of the first group that waits for nothing outside itself.

        A group is one effect, or a dependency loop (418.5d / 613.7b): a loop waits as a whole
        until every effect outside it that one of its members depends on has applied, then its
        members go in base order. Also returns the other members of its loop, if any, and the
        labels of the effects it goes ahead of.
        """
        if not deps:
            return pending[0], (), ()
        for b, on in deps.items():
            names = waited.setdefault(b.key, [])
            for a in on:
                if a.label not in names:
                    names.append(a.label)
        loops = strongly_connected(pending, deps)
        blocked = set()  # the ids of loops (sets of effects) that wait for an effect outside them
        for b, on in deps.items():
            group = loops[b]
            if any(a not in group for a in on):
                blocked.add(id(group))
        for n, unit in enumerate(pending):
            group = loops[unit]
            if id(group) not in blocked:
                loop = tuple(u for u in pending if u in group and u is not unit) if len(group) > 1 else ()
                return unit, loop, tuple(u.label for u in pending[:n])
        raise AssertionError("a dependency graph always has a free strongly connected component")

    # ------------------------------------------------------------ applying

    def _apply(
        self, unit: Instance, key: str, sublayer: Sublayer, waited: Iterable[str] = (), loop: tuple = (),
        ahead: tuple = (), measure: bool = False,
    ) -> bool:
        """Apply ``unit``'s parts in this sublayer for real, tracing if asked. True if abilities may have changed.

        With ``measure``, record in ``last_changes`` what the application really changed.
        """
        if unit.key not in self.started:
            condition = unit.plan.condition
            if condition is not None and not self._holds(condition, unit, self.state, self._you(unit, self.state), key):
                self.last_changes, self.last_moved = 0, ()
                if self.trace is not None:
                    self._note_condition(unit, sublayer)
                return False
            affected = self._affected(unit, self.state)
            self.started[unit.key] = (unit, affected, sorted(affected))  # sorted once, for each of its steps
        objects = self.started[unit.key][2]
        if self.trace is None:
            state = self.state
            if not measure:
                return self._apply_parts(unit, key, state, None, objects)
            before = [state[oid].clone() for oid in objects]
            existence = self._apply_parts(unit, key, state, None, objects)
            # What really changed decides whether the remaining dependencies must be tried again.
            bits = 0
            moved = []
            for old in before:
                now = changed_bits(old, state[old.id])
                if now:
                    bits |= now
                    moved.append(old.id)
            self.last_changes, self.last_moved = bits, moved
            return existence
        kindred = self.ruleset.kindred
        described = {oid: describe(self.state[oid], kindred) for oid in objects}
        words = self._words_replaced(unit, key, objects)
        rests_on = self._decisions_before(unit.plan.at[key].parts, objects)  # read before the parts change them
        changed = self._apply_parts(unit, key, self.state, None, objects)
        self.last_changes, self.last_moved = ALL, objects
        changes = words + tuple(
            Change(oid, name, old, new)
            for oid in objects
            for (name, old), new in zip(described[oid].items(), describe(self.state[oid], kindred).values())
            if old != new
        )
        why, rules = self._why(unit, sublayer, waited, loop, ahead, rests_on)
        self.trace.append(Applied(key, self._name(unit), unit.timestamp, tuple(objects), why, rules, changes))
        if any(part.kind == "copy" for part in unit.plan.at[key].parts):
            self._note_undefined_choices(objects, key)
        return changed



_NO_CARDS: Final[dict] = {}
_NO_ZONES: Final = {False: {"graveyard": (), "exile": ()}, True: {"graveyard": (), "exile": ()}}


def _counters_as_effects(board: Board, planner: Planner) -> list[Instance]:
    """Each kind of P/T counter on an object as one modifying effect on it, with the timestamp of the
    newest counter of that kind (613.7c), or the object's when the board gives none (decision
    counters_timestamp)."""
    out = []
    for position, p in enumerate(board.objects):
        if not p.counters:
            continue
        for kind, n in p.pt_counters:
            dp, dt = counter_pt_change(kind) or (0, 0)  # a P/T kind: pt_counters holds no other
            ts = p.counter_timestamp(kind)
            label = f"{n} {kind} counter{'s' if n > 1 else ''} on {p.id}"
            body = Effect(f"{p.id} {kind}", label, p.controller, ts, Ids((p.id,)), (PTModifyPart(dp * n, dt * n),))
            out.append(Instance(("k", p.id, kind), label, body, planner.plan(body), None, p.controller, ts,
                                (ts, 0, position, -1)))
    return out


def _enchanted_first(board: Board) -> dict[str, int]:
    """How far back each local enchantment goes among the objects that share its timestamp: one step
    behind the object it enchants (the glossary's Timestamp Order of 1999-11 to 2003-03, 418.5c from
    2001), more if that one is a local enchantment too. Spaced wider than the loader's limit on objects,
    under the APNAP spacing, which no edition uses with this one."""
    by_id = {p.id: p for p in board.objects}
    return {p.id: 1_000 * n for p in board.objects if (n := _steps_behind(p, by_id))}


def _steps_behind(p, by_id: dict) -> int:
    # Not a closure in _enchanted_first: one that calls itself is a reference cycle, freed only by the
    # cyclic garbage collector, which a run's workers keep off their hot path.
    target = by_id.get(p.attached_to) if p.attached_to is not None and "enchantment" in p.types else None
    if target is None or target.timestamp != p.timestamp:
        return 0
    return 1 + _steps_behind(target, by_id)


def _keyword_counters(board: Board, planner: Planner, kinds: frozenset[str]) -> list[Instance]:
    """Each kind of keyword counter on an object (122.1b, from 2020) as the ability it gives, added in the
    ability layer (613.1f) at the timestamp of the newest counter of that kind (613.7c), or the object's
    when the board gives none (decision counters_timestamp). Like P/T counters, no effect: no dependency."""
    out = []
    for position, p in enumerate(board.objects):
        for kind, n in p.counters:
            if n and kind in kinds:
                ts = p.counter_timestamp(kind)
                label = f"{kind} counter{'s' if n > 1 else ''} on {p.id}"
                body = Effect(f"{p.id} {kind}", label, p.controller, ts, Ids((p.id,)), (AbilityPart(add=(kind,)),))
                out.append(Instance(("k", p.id, kind), label, body, planner.plan(body), None, p.controller, ts,
                                    (ts, 0, position, -1)))
    return out


def _timestamp_order(unit: Instance) -> tuple:
    return unit.order


def _cda_first_order(unit: Instance) -> tuple:
    return (not unit.cda, unit.order)


def _pt_changes(oid: str, before: tuple, after: tuple) -> tuple[Change, ...]:
    return tuple(
        Change(oid, name, b, a) for name, b, a in zip(("power", "toughness"), before, after) if b != a
    )


def _pairs(deps: dict) -> set[tuple[str, str]]:
    """A dependency graph as (B, A) key pairs: B depends on A."""
    return {(b.key, a.key) for b, on in deps.items() for a in on}
