"""What one pass of the layer machine holds, and whom an effect applies to.

``LayerPass`` is the base of the pass (``engines.layers.machine._Run``): the working state, the
effects that have started with the objects they started with (418.5b / 613.5), and the
board they come from. Values and conditions (``engines.layers.amounts``), dependency trials
(``engines.layers.dependency``) and the trace (``engines.layers.explaining``) build on it in one line of
inheritance, so that each part of the pass can be compiled as a native class; the methods
the pass itself defines, and the parts use, are declared here.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from engines.board.board import ON_BATTLEFIELD, Attached, Board, Ids, Self_
from engines.layers.plan import MachineRules, Planner
from engines.layers.reading import matches
from engines.layers.state import Instance, Obj
from engines.layers.subtype_index import SubtypeIndex
from engines.board.trace import Entry
from rulesets.model import Ruleset

TYPE_CHECKING = False  # typing.TYPE_CHECKING's value: judge's start imports no typing (diffcheck.cli.judging)
if TYPE_CHECKING:
    from typing import Final

EMPTY: Final[frozenset[str]] = frozenset()


class LayerPass:
    """One pass of one evaluation: its state, which effects have started, and whom each affects."""

    machine: MachineRules
    ruleset: Ruleset
    planner: Planner
    board: Board
    trace: list[Entry] | None
    zoned: bool  # whether the board's cards outside the battlefield are objects of the state (``engines.layers.zones``)
    until: int | None  # how many sublayers the pass runs: None, all
    sets: SubtypeIndex  # the ruleset's subtype sets (``MachineRules.subtypes``)
    cards: dict
    zones: dict | None
    state: dict[str, Obj]
    resolved: list[Instance]
    started: dict  # effect key -> (the effect, the objects it started with, the same sorted): 613.5
    granted: set
    abilities_changed: bool
    last_changes: int
    last_moved: Collection[str]
    moved: dict
    pulled: dict
    pulled_for: dict

    # ------------------------------------------------------------ whom

    def _you(self, unit: Instance, state: dict[str, Obj]) -> str:
        """The effect's controller: a resolved effect's is fixed; a static ability's is its object's now."""
        if unit.source is None:
            return unit.controller  # type: ignore[return-value]  # a resolved effect always has one
        return state[unit.source].controller

    def _affected(self, unit: Instance, state: dict[str, Obj]) -> frozenset:
        """The objects the effect applies to in ``state``: those it started with, once it has (613.5)."""
        locked = self.started.get(unit.key)
        if locked is not None:
            return locked[1]
        affects = unit.body.affects
        if isinstance(affects, Ids):
            return frozenset(affects.ids)
        source = unit.source
        assert source is not None, "a resolved effect affects fixed objects (611.2c)"
        if isinstance(affects, Self_):
            return frozenset((source,))
        if isinstance(affects, Attached):
            target = state[source].attached_to
            return frozenset((target,)) if target is not None else EMPTY
        you = state[source].controller
        f = affects.filter
        sets = self.sets
        if not self.zoned:
            if f.zones is not None and ON_BATTLEFIELD.isdisjoint(f.zones):
                return EMPTY  # it reaches only cards outside the battlefield (Yixlid Jailer), and none is on the board
            return frozenset(o.id for o in state.values() if matches(f, o, you, source, sets))
        zones = f.zones or ON_BATTLEFIELD  # it may reach cards outside the battlefield: they are in the state
        return frozenset(o.id for o in state.values() if o.zone in zones and matches(f, o, you, source, sets))

    def _permanents(self, state: dict[str, Obj]) -> Iterable[Obj]:
        """The objects on the battlefield: the whole state, unless cards outside it are objects too."""
        if not self.zoned:
            return state.values()
        return [o for o in state.values() if o.zone == "battlefield"]

    # ------------------------------------------------------------ what applies where

    def _buckets(self) -> dict[str, list[Instance]]:
        """Sublayer key -> the effects with a part there (``_in_play``).

        Built once, and again only after an application gave or took static abilities;
        sublayers with no bucket are skipped.
        """
        buckets: dict[str, list[Instance]] = {}
        for u in self._in_play():
            for key in u.plan.at:
                bucket = buckets.get(key)  # not setdefault(key, []): that makes a list each time
                if bucket is None:
                    buckets[key] = [u]
                else:
                    bucket.append(u)
        return buckets

    def _in_play(self, key: str | None = None) -> list[Instance]:
        """Every effect now (with ``key``, those with a part in that sublayer): the resolved ones, the static
        abilities of the objects, and those that started but whose ability is gone (418.5b / 613.5), in that
        order."""
        state = self.state
        if key is None:
            found: list[Instance] = list(self.resolved)
            for o in state.values():
                found.extend(o.statics)
        else:
            found = [u for u in self.resolved if key in u.plan.at]
            for o in state.values():
                for s in o.statics:
                    if key in s.plan.at:
                        found.append(s)
        for k, (instance, _, _) in self.started.items():
            source = instance.source
            # A static ability is only ever on its own object (``Instance``): gone from there, it is gone.
            if source is not None and (key is None or key in instance.plan.at):
                holder = state.get(source)
                if holder is None or not holder.has_static(k):
                    found.append(instance)
        return found
