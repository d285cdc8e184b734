"""Dependency (418.5b-d / 613.7-613.8): which effects of one step depend on which, decided by trial.

``Depending`` is a mixin of the layer machine's pass (``engines.layers.machine``): apply effect A to
a copy of the objects it touches and see whether B's existence, text, affected objects or
values change (``_changed``): for the earliest effect alone where that settles what applies next
(``_waits``), else for every pair worth a trial (``_dependencies``, keeping what the search before it
found where it still holds: ``Trials``). Also, before July 2003, when no rule bounded dependency by
stage: the effects of later stages that an effect of a stage depends on, applied there first
(``_pulled_forward``, decision dependency_across_stages). Two pure helpers: what a trial
changed (``changed_bits``), and dependency loops (``strongly_connected``).
"""

from __future__ import annotations

from collections.abc import Iterable

from engines.layers.apply import Applying
from engines.board.board import (
    ON_BATTLEFIELD, AbilityPart, ControlPart, CopyPart, Count, Matching, PTModifyPart, PTOf, PTSetPart, TextPart, TypePart,
)
from engines.layers.plan import (
    ABILITIES, ALL, COLORS, CONTROLLER, COPIABLE, EXIST, LAND, NOT_STARTED_READS, PT, TEXT, TYPES, Plan, Step,
)
from engines.layers.reading import matches, read_pt
from engines.layers.state import Instance, Obj, copiable_snapshot
from engines.layers.text import words_found
from engines.board.values import Filter, Greatest, per_object
from rulesets.model import ALL_EFFECTS, NO_CDA


def changed_bits(before: Obj, after: Obj) -> int:
    """Which characteristics (plan bits) differ between two versions of one object."""
    # A clone shares every value it has not changed, so identity settles most comparisons before equality is
    # asked (a set's != does not test identity first, and an int or str that may be None is compared generically).
    bits = 0
    if (before.types is not after.types and before.types != after.types
            or before.subtypes is not after.subtypes and before.subtypes != after.subtypes
            or before.supertypes is not after.supertypes and before.supertypes != after.supertypes):
        bits |= TYPES
        if ("land" in before.types) != ("land" in after.types):
            bits |= LAND
    if before.colors is not after.colors and before.colors != after.colors:
        bits |= COLORS
    if (before.keywords is not after.keywords and before.keywords != after.keywords
            or before.statics is not after.statics):
        bits |= ABILITIES | EXIST | TEXT
    if before.controller != after.controller:
        bits |= CONTROLLER
    if (before.power is not after.power and before.power != after.power
            or before.toughness is not after.toughness and before.toughness != after.toughness):
        bits |= PT
    if (before.name is not after.name and before.name != after.name or before.mana_value != after.mana_value
            or before.mana_cost != after.mana_cost):
        bits |= COPIABLE
    return bits


def strongly_connected(units: list[Instance], deps: dict) -> dict:
    """Tarjan's algorithm over 'depends on' edges: each unit -> the set of units in its loop. By the units
    themselves, not their keys: an object hashes by identity, a key (a tuple) element by element."""
    search = _Tarjan(deps)
    for u in units:
        if u not in search.index:
            search.visit(u)
    return search.group


class _Tarjan:
    """One run of Tarjan's algorithm. A class rather than a recursive closure: a closure that calls itself
    is a reference cycle, which only the cyclic garbage collector could free, and a run's workers keep that
    collector off their hot path."""

    __slots__ = ("deps", "index", "low", "stack", "on_stack", "group")

    def __init__(self, deps: dict) -> None:
        self.deps = deps
        self.index: dict = {}
        self.low: dict = {}
        self.stack: list = []
        self.on_stack: set = set()
        self.group: dict = {}

    def visit(self, u: Instance) -> None:
        index, low = self.index, self.low
        index[u] = low[u] = len(index)
        self.stack.append(u)
        self.on_stack.add(u)
        for w in self.deps.get(u, ()):
            if w not in index:
                self.visit(w)
                low[u] = min(low[u], low[w])
            elif w in self.on_stack:
                low[u] = min(low[u], index[w])
        if low[u] == index[u]:
            members = set()
            while True:
                w = self.stack.pop()
                self.on_stack.discard(w)
                members.add(w)
                if w is u:
                    break
            for k in members:
                self.group[k] = members


class Trials:
    """The dependency trials of one step, kept from one application to the next.

    Which effects depend on which is asked again after every application (418.5c / 613.7a are
    about the effects still to apply, in the state as it is now), but an application changes
    only some objects (``moved``), and only some characteristics of them (``written``, plan bits).
    So a search keeps, from the one before:

    - A's trial (A applied to a copy of the state), unless A's values read something written
      (``Step.values``; a copy effect reads all it copies), its affected set is another now, an
      object it touched has moved, or A's own object has (what is "yours" follows its controller: 109.5);
    - the answer to "does B depend on A?", if A's trial is the same as before (kept, or made again
      with the same result), none of the objects it changed has moved, and B reads nothing written
      beyond those objects (``Step.whole``: a condition, a greatest value, its affected set where
      its parts compare only the affected objects); the rest of B's reading is on the objects the
      trial changed, which are as they were.

    ``Machine(check_dependencies=True)`` checks every search that keeps something against a
    search made afresh; the property tests run it on generated boards under every edition.
    """

    __slots__ = ("touches", "tried", "answers", "written", "moved")

    def __init__(self) -> None:
        self.touches: dict = {}  # effect -> the objects it would apply to now
        # effect -> its trial state, what it changed there, the objects it touched, those it applied to
        self.tried: dict = {}
        self.answers: dict = {}  # (A, B) -> whether B depends on A
        self.written = 0  # what the applications since the last search changed (plan bits) ...
        self.moved: set = set()  # ... and of which objects

    def applied(self, written: int, moved: Iterable[str]) -> None:
        """Another effect applied, changing ``written`` of the objects ``moved``."""
        self.written |= written
        self.moved.update(moved)


class Depending(Applying):
    """Dependency trials for a pass of the machine (``_Run``), which holds the state and applies effects."""

    # ------------------------------------------------------------ dependency across stages (before July 2003)

    def _pulled_forward(self, key: str, units: Iterable[Instance],
                        buckets: dict[str, list[Instance]]) -> list[Instance]:
        """The effects of later stages that an effect of this stage depends on (418.5b-c of 1999-2003, which
        no stage bounds), each made to apply here, ahead of it (decision dependency_across_stages).

        Found by the same trial as any dependency: apply the later effect's parts now, to a copy of
        the state, and see whether an effect of this stage changes. What a pulled effect depends on
        in turn is pulled too.
        """
        index = self.planner.index
        here = index[key]
        state = self.state
        moved = self.moved
        outside = self.ruleset.cda_dependency == NO_CDA  # "is" statements are no effects (402.3)
        here_keys = {u.key for u in units}  # an effect with parts here too applies those here, the rest later
        later: dict[object, Instance] = {}
        for k, us in buckets.items():
            if index[k] > here:
                for u in us:
                    u_key = u.key
                    if u_key not in moved and u_key not in later and u_key not in here_keys and not (
                            outside and u.cda):
                        later[u_key] = u
        waiting = [u for u in units if not (outside and u.cda)]
        # An "is" statement is part of the card: no effect removes it, but a text change rewrites it (the
        # 2001-2003 glossary's dual land edited to read "plains"), so it waits for text changes only.
        statements = [u for u in units if outside and u.cda]
        pulled: list[Instance] = []
        # Effect -> the objects it would apply to now (no trial changes the state). A later effect's are those of
        # its parts made to apply here (``ahead``): the same body, the same objects.
        touches: dict = {}
        while (waiting or statements) and later:
            reads = 0
            for x in waiting:
                reads |= self._reads(x, key) | self._own_reads(x)
            if statements:
                reads |= TEXT
            found = []
            for y in list(later.values()):
                writes = 0  # what its later parts write, as they would apply here
                for k, step in y.plan.at.items():
                    if index[k] > here:
                        writes |= step.writes
                # Only an effect that writes something these read can change them (no copy made for the others) ...
                if not writes & reads:
                    continue
                rewrites = statements if statements and _changes_text(y, here, index) else []
                # ... where they read it, as within a step (``_writers_for``); its parts moved here only then.
                if not rewrites and not self._writes_for_any(waiting, [(y, writes)], key, state, touches):
                    if self.machine.check_dependencies and self._depending_on(
                            ahead(y, key, index), key, waiting, touches.get(y)):
                        raise AssertionError(f"sublayer {key}: {y.label} was not tried, but one here depends on it")
                    continue
                early = ahead(y, key, index)
                dependents = self._depending_on(early, key, waiting + rewrites, touches.get(y))
                if dependents:
                    del later[y.key]
                    found.append(early)
                    home = min((k for k in y.plan.at if index[k] > here), key=index.__getitem__)
                    self.pulled_for[y.key] = (home, tuple(x.label for x in dependents))
            pulled += found
            waiting, statements = found, []
        for u in pulled:
            moved[u.key] = key
        if pulled:
            self.pulled[key] = pulled
        return pulled

    def _writes_for_any(self, waiting: list[Instance], writers: list[tuple[Instance, int]], key: str,
                        state: dict[str, Obj], touches: dict) -> bool:
        """Whether one of ``writers`` writes something one of ``waiting`` reads, where it reads it
        (``_writers_for``)."""
        for x in waiting:
            if self._writers_for(x, writers, key, state, touches):
                return True
        return False

    def _depending_on(self, a: Instance, key: str, effects: list[Instance],
                      objects: frozenset | None = None, kept: dict | None = None) -> list[Instance]:
        """Those of ``effects`` that applying ``a`` now would change (418.5b), by trial; ``objects``: those ``a``
        would apply to now, where the caller has them. With ``kept`` (a ``Trials``'s ``tried``), the trial goes
        there, as a search keeps it."""
        if objects is None:
            objects = self._affected(a, self.state)
        trial, changed, touched = self._trial(a, key, objects)
        if kept is not None:
            kept[a.key] = (trial, changed, touched, objects)
        if not changed:
            return []
        matched: dict = {}
        copier = a.order if a.plan.at[key].writes & COPIABLE else None
        return [b for b in effects if b is not a and self._changed(b, key, trial, changed, matched, copier)]

    def _trial(self, a: Instance, key: str, objects) -> tuple[dict[str, Obj], dict[str, int], set[str]]:
        """``a`` applied to a copy of the state: the copy, what it changed, object by object (plan bits), and
        the objects it touched."""
        state = self.state
        trial = dict(state)
        touched: set[str] = set()
        self._apply_parts(a, key, trial, touched, sorted(objects))
        changed: dict[str, int] = {}
        for oid in touched:
            bits = changed_bits(state[oid], trial[oid])
            if bits:
                changed[oid] = bits
        return trial, changed, touched

    def _current(self, unit: Instance, key: str, state: dict[str, Obj]) -> Instance | None:
        """An effect whose ability has not started, as its source's text now gives it (None: the ability is
        gone), read in sublayer ``key``: with its parts moved there if it was pulled ahead (before July 2003)."""
        assert unit.source is not None, "only an ability has not started"
        current = state[unit.source].static(unit.key)
        if current is None or key in current.plan.at:
            return current
        return ahead(current, key, self.planner.index)

    # ------------------------------------------------------------ dependency (418.5c / 613.7a)

    def _reads(self, unit: Instance, key: str) -> int:
        bits = unit.plan.at[key].reads
        if unit.source is not None and unit.key not in self.started:
            bits |= NOT_STARTED_READS
        return bits

    def _own_reads(self, unit: Instance) -> int:
        """What an effect reads of its own object alone: a static ability, its object's controller, whose "you" it
        is (109.5; a condition such as "your turn" names no other characteristic), and until it starts, whether it
        is still there and its text (418.5c(b) / 613.7a(b)). A resolved effect's controller is fixed."""
        if unit.source is None:
            return 0
        return CONTROLLER if unit.key in self.started else CONTROLLER | NOT_STARTED_READS

    def _dependencies(self, pending: list[Instance], key: str, trials: Trials | None = None,
                      every_pair: bool = False) -> dict:
        """B -> [A, ...]: the pending effects each pending effect depends on, decided by trial; with ``trials``,
        those of the last search kept where nothing applied since can have changed them (``Trials``). Only the
        pairs where A writes something B reads are tried (``_candidates``); with ``every_pair`` (the check of
        ``Machine(check_dependencies=True)``), every pair within a group."""
        state = self.state
        if trials is None:
            trials = Trials()
        written, moved = trials.written, trials.moved
        touches = trials.touches  # a -> the objects it would apply to now
        again: set = set()  # effects whose trial must be made again
        unsure: set = set()  # effects whose answers must be decided again, whatever the trial
        if written:
            for u in pending:
                # What is "yours" follows the controller of the effect's object (109.5; the 1999 glossary's
                # You/Your), which no plan bit of a filter on owners, life or hands names: a change to its own
                # object unsettles all.
                own = u.source in moved
                step = u.plan.at[key]
                if own or self._reads(u, key) & written:
                    touches.pop(u, None)  # its affected set may differ
                # A copy effect takes every characteristic of what it copies, not only those its plan reads
                # (before July 2003 an effect of a later stage may apply among the copies: decision
                # dependency_across_stages).
                if own or (ALL if step.writes & COPIABLE else step.values) & written:
                    again.add(u)
                if own or step.whole & written:
                    unsure.add(u)
        candidates: dict[Instance, list[Instance]] = {}
        for group in self._groups(pending):
            if every_pair:
                for a in group:
                    candidates[a] = [b for b in group if b is not a]
            else:
                self._candidates(group, key, state, touches, candidates)
        kept_trials, answers, before = {}, {}, trials.answers
        deps: dict = {}
        matched: dict = {}  # (filter, object, you, source) -> whether it matches in the state: every trial asks
        for a, bs in candidates.items():
            # What the trial changed, object by object; B need only look at objects whose changes it reads.
            objects = touches.get(a)
            if objects is None:
                objects = touches[a] = self._affected(a, state)
            tried = trials.tried.get(a.key)
            # Made again if what applying A reads has changed: its values, its affected set, its objects.
            if tried is None or a in again or tried[3] != objects or not moved.isdisjoint(tried[2]):
                new = self._trial(a, key, objects) + (objects,)
                # The same trial as before (the same objects changed, and to the same characteristics) leaves
                # the answers about it as they were.
                same = tried is not None and _same_trial(tried, new)
                tried = new
            else:
                same = True
                for oid in moved:  # the objects changed since, as they are now (none that the trial touched)
                    tried[0][oid] = state[oid]
            kept_trials[a.key] = tried
            trial, changed = tried[0], tried[1]
            if not changed:
                continue
            copier = a.order if a.plan.at[key].writes & COPIABLE else None
            # An answer read only on the objects the trial changed stands while none of them has moved since.
            kept = same and moved.isdisjoint(changed)
            for b in bs:
                pair = (a.key, b.key)
                # B's own object changed by the trial: its controller may be compared, on its whole signature.
                answer = before.get(pair) if kept and b not in unsure and b.source not in changed else None
                if answer is None:
                    answer = self._changed(b, key, trial, changed, matched, copier)
                answers[pair] = answer
                if answer:
                    deps.setdefault(b, []).append(a)
        # Only what this search confirmed is kept: a trial or answer it did not need was not kept up to date.
        trials.tried, trials.answers, trials.written, trials.moved = kept_trials, answers, 0, set()
        return deps

    def _candidates(
            self, taking_part: list[Instance], key: str, state: dict[str, Obj], touches: dict,
            candidates: dict[Instance, list[Instance]],
    ) -> None:
        """A -> [B, ...]: the pairs of one group worth a trial, because A writes something B reads."""
        writers = [(a, a.plan.at[key].writes) for a in taking_part]
        for b in taking_part:
            for a in self._writers_for(b, writers, key, state, touches):
                bs = candidates.get(a)  # as in ``_buckets``: no list made for nothing
                if bs is None:
                    candidates[a] = [b]
                else:
                    bs.append(b)

    def _writers_for(self, b: Instance, writers: list[tuple[Instance, int]], key: str, state: dict[str, Obj],
                     touches: dict) -> list[Instance]:
        """The effects of ``writers`` (each with what it writes here) that B could depend on: they write
        something B reads, where B reads it."""
        # What any object's change can alter (B's affected set, its counts), what only a change to an object
        # B applies to can alter, and what only a change to B's own object can (``_own_reads``).
        local = b.plan.at[key].local
        broad = b.plan.at[key].reads & ~local
        own = self._own_reads(b)
        found: list[Instance] = []
        if not (broad or local or own):
            return found
        for a, writes in writers:
            if a is b:
                continue
            if writes & broad:
                found.append(a)
                continue
            if writes & local:
                mine, theirs = touches.get(b), touches.get(a)
                if mine is None:
                    mine = touches[b] = self._affected(b, state)
                if theirs is None:
                    theirs = touches[a] = self._affected(a, state)
                if not mine.isdisjoint(theirs):
                    found.append(a)
                    continue
            # Not "elif": what A writes may be read both where B applies and on B's own object (a text change
            # read by a text change on another object: A changing B's text changes what B does, 418.5c(b) /
            # 613.7a(b)).
            if writes & own:
                objects = touches.get(a)
                if objects is None:
                    objects = touches[a] = self._affected(a, state)
                if b.source in objects:
                    found.append(a)
        return found

    def _waits(self, b: Instance, pending: list[Instance], key: str, trials: Trials) -> bool:
        """Whether B depends on another pending effect (418.5c / 613.7a), by trial. Asked first of the
        earliest effect in base order: if it waits for none, no loop holds it, and it applies next
        (418.5d / 613.7b), whatever the others depend on; so most steps need no more trials than this.

        The trials it makes go in ``trials`` (which must be new), as a search keeps them: if B waits,
        the whole search follows in the same state, and makes none of them again."""
        state = self.state
        touches = trials.touches
        for group in self._groups(pending):
            if b in group:
                writers = [(a, a.plan.at[key].writes) for a in group]
                for a in self._writers_for(b, writers, key, state, touches):
                    objects = touches.get(a)
                    if objects is None:
                        objects = touches[a] = self._affected(a, state)
                    if self._depending_on(a, key, [b], objects, trials.tried):
                        return True
                return False
        return False  # counters take part in no dependency (``_groups``)

    def _changed(
            self, b: Instance, key: str, trial: dict[str, Obj], changed: dict[str, int], matched: dict,
            copier: tuple | None,
    ) -> bool:
        """Whether a trial changes B (418.5c(b) / 613.7a(b)); ``changed`` maps each object it changed
        to what changed (plan bits). ``copier``: the order (timestamp) of the effect tried if it is a copy
        effect, the only kind that changes what a copy effect copies (copiable values: 503.2 / 706.2); in
        layer 1 every effect is one, but before July 2003 another can be tried against a copy effect.
        From July 2018 (706.2b, later 707.2b) a copy keeps what it copied: a copy effect later than B
        that changes B's original does not change what B copies, so B does not depend on it.

        Only those objects can differ between the state and the trial, so B's existence,
        text, affected set and counts are compared on them alone; a change of B's controller
        ("you") falls back to comparing B's whole signature.
        """
        state = self.state
        source = b.source
        started = b.key in self.started
        if source is not None and source in changed:
            before, after = state[source], trial[source]
            if not started:
                was, now = before.static(b.key), after.static(b.key)
                if (was is None) != (now is None):
                    return True  # existence
                if was is not None and now is not None and was.body is not now.body:
                    return True  # text
            if before.controller != after.controller:
                return self._signature(b, key, state) != self._signature(b, key, trial)
        reads = b.plan.at[key].reads
        relevant = [oid for oid, bits in changed.items() if bits & reads]
        if not relevant:
            return False
        you = self._you(b, state)
        sets = self.sets
        condition = b.plan.condition
        if condition is not None and not started and self._holds(condition, b, state, you, key) != self._holds(
                condition, b, trial, you, key):
            return True  # existence: whether a conditional ability's condition holds (418.5c(b) / 613.8a(b))
        affects = b.body.affects
        if not started and isinstance(affects, Matching):
            bits = b.plan.affects_reads
            oids = [oid for oid in relevant if changed[oid] & bits]
            if oids and _matches_differ(affects.filter, oids, state, trial, you, source, matched, sets, self.zoned):
                return True
        for part in b.plan.at[key].parts:
            if isinstance(part, (PTSetPart, PTModifyPart)):
                for value in (part.power, part.toughness):
                    if type(value) is int:
                        continue
                    if isinstance(value, PTOf):
                        of = value.of  # a card outside the battlefield is never in ``changed``
                        if of in changed and read_pt(state[of], value) != read_pt(trial[of], value):
                            return True
                        continue
                    if isinstance(value, Count):
                        if value.zone == "battlefield":
                            if _matches_differ(value.filter, relevant, state, trial, you, source, matched, sets,
                                               self.zoned):
                                return True
                        elif self.zoned and self._amount(value, b, state, you, key) != self._amount(
                                value, b, trial, you, key):
                            return True  # cards outside the battlefield are objects: an effect may change one
                    elif type(value) is Greatest:
                        # Only an object that matches, before or after, can change the greatest: most trials
                        # touch none, and then the whole battlefield need not be read twice.
                        f = value.among
                        if any(matches(f, state[oid], you, source, sets) or matches(f, trial[oid], you, source, sets)
                               for oid in relevant) and self._amount(value, b, state, you, key) != self._amount(
                                value, b, trial, you, key):
                            return True
                    elif per_object(value):  # it reads the affected objects' own mana values
                        for oid in self._affected(b, state).intersection(relevant):
                            if self._amount(value, b, state, you, key, oid) != self._amount(
                                    value, b, trial, you, key, oid):
                                return True
                    elif self._amount(value, b, state, you, key) != self._amount(value, b, trial, you, key):
                        return True
            elif isinstance(part, CopyPart):
                if copier is not None and part.of in changed and not (
                        self.ruleset.copies_keep_values and copier > b.order) and copiable_snapshot(
                        state[part.of]) != copiable_snapshot(trial[part.of]):
                    return True
            elif isinstance(part, AbilityPart) and part.add_activated_of is not None:
                # What it gains is what the objects it reads have (613.8a(b): what it does).
                count = part.add_activated_of
                if self._activated_of(count, b, state, you) != self._activated_of(count, b, trial, you):
                    return True
            elif isinstance(part, TextPart):
                # Another text change can change which words this one finds (418.5c(b) / 613.7a(b)).
                swaps = part.mapping
                for oid in self._affected(b, state).intersection(relevant):
                    if words_found(state[oid], swaps) != words_found(trial[oid], swaps):
                        return True
            elif isinstance(part, TypePart) and part.sets_basic_land_types:
                # Making an object a land (or not) decides whether B takes its abilities (212.6e / 305.7).
                # Until 2011, whether its land types already are the new ones decides it too.
                kept = None if self.machine.land_types_set_always else part.value_set
                sets = self.sets
                for oid in self._affected(b, state).intersection(relevant):
                    if ("land" in state[oid].types) != ("land" in trial[oid].types):
                        return True
                    if kept is not None and (sets.in_set(state[oid].subtypes, "land") == kept) != (
                            sets.in_set(trial[oid].subtypes, "land") == kept):
                        return True
        return False

    def _signature(self, unit: Instance, key: str, state: dict[str, Obj]) -> tuple | None:
        """What 418.5c(b) / 613.7a(b) compares: existence, text, objects affected, what it does."""
        if unit.source is not None and unit.key not in self.started:
            current = self._current(unit, key, state)
            if current is None:
                return None  # the ability is gone before its effect started: it no longer exists
            unit = current
        objects = self._affected(unit, state)
        condition = unit.plan.condition
        holds = condition is None or unit.key in self.started or self._holds(
            condition, unit, state, self._you(unit, state), key)
        return (id(unit.body), holds, objects, self._values(unit, key, state, objects))

    def _values(self, unit: Instance, key: str, state: dict[str, Obj], objects: frozenset) -> tuple:
        out: list = []
        you = self._you(unit, state)
        for part in unit.plan.at[key].parts:
            if isinstance(part, (PTSetPart, PTModifyPart)):
                if type(part.power) is not int or type(part.toughness) is not int:
                    out.append(tuple(self._pt_values(part, unit, state, you, sorted(objects), key)))
            elif isinstance(part, CopyPart):
                out.append(copiable_snapshot(state[part.of]))
            elif isinstance(part, ControlPart):
                out.append(you if part.player == "you" else part.player)
        return tuple(out)

    def _groups(self, pending: list[Instance]) -> list[list[Instance]]:
        """The sets of pending effects within which dependency is possible (418.5c / 613.7a(c)).

        Until 2007 every effect takes part; then no characteristic-defining ability does; from
        2012 one may depend on another, but never on, or for, an effect of another kind. Counters,
        which from 2020 apply among the modifying effects, are no effect: they never take part
        (613.8a names effects only), and go in timestamp order.
        """
        if any(u.counters for u in pending):
            pending = [u for u in pending if not u.counters]
        mode = self.machine.cda_dependency
        if mode == ALL_EFFECTS:
            return [pending]
        others = [u for u in pending if not u.cda]
        if mode == NO_CDA:
            return [others]
        return [[u for u in pending if u.cda], others]


def _matches_differ(
        f: Filter, oids: list[str], state: dict[str, Obj], trial: dict[str, Obj], you: str, source, matched: dict,
        sets, zoned: bool,
) -> bool:
    """Whether filter ``f`` matches one of ``oids`` in the trial and not in the state, or the other way;
    ``matched`` keeps what it answered in the state, which every trial of one search asks again. Only
    objects in the filter's zones count (a card outside them changes nothing it reads)."""
    if not zoned and f.zones is not None and ON_BATTLEFIELD.isdisjoint(f.zones):
        return False  # it reaches only cards outside the battlefield, and the board has none that take part
    zones = f.zones or ON_BATTLEFIELD if zoned else None
    for oid in oids:
        if zones is not None and state[oid].zone not in zones:
            continue
        k = (id(f), oid, you, source)
        was = matched.get(k)
        if was is None:
            was = matched[k] = matches(f, state[oid], you, source, sets)
        if was != matches(f, trial[oid], you, source, sets):
            return True
    return False


def _same_trial(old: tuple, new: tuple) -> bool:
    """Whether two trials of one effect changed the same objects to the same characteristics."""
    if old[1] != new[1]:
        return False
    before, after = old[0], new[0]
    return all(not changed_bits(before[oid], after[oid]) for oid in new[1])


def _changes_text(unit: Instance, here: int, index: dict[str, int]) -> bool:
    """Whether a part of ``unit`` in a step after sublayer number ``here`` changes text."""
    for k, step in unit.plan.at.items():
        if index[k] > here:
            for p in step.parts:
                if p.kind == "text":
                    return True
    return False


def ahead(unit: Instance, key: str, index: dict) -> Instance:
    """``unit`` as it applies when moved to sublayer ``key``: its parts from the later steps, all there."""
    plan = unit.plan
    here = index[key]
    keys = sorted((k for k in plan.at if index[k] > here), key=index.__getitem__)
    steps = [plan.at[k] for k in keys]
    parts = tuple(p for step in steps for p in step.parts)
    reads = local = broad = writes = whole = values = 0
    for step in steps:
        reads |= step.reads
        local |= step.local
        broad |= step.reads & ~step.local
        writes |= step.writes
        whole |= step.whole
        values |= step.values
    moved = Plan(plan.origin, {key: Step(parts, reads, local & ~broad, writes, whole, values)}, min(plan.first, here),
                 plan.affects_reads, plan.condition)
    return Instance(unit.key, unit.label, unit.body, moved, unit.source, unit.controller, unit.timestamp, unit.order,
                    unit.granted)
