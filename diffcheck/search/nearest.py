"""The rules nearest to an answer: which editions, or editions with one of the chain's rule changes added
or reverted, give an outcome (an outside engine's) on a board.

An engine author reads "answers like 2020-04 without counters-with-modifiers" rather than a bare
difference. Editions come first; only if none gives the answer are the one-change neighbours of every
edition tried (each edition's own changes reverted one at a time, every later change added one at a time):
18 editions and about 35 changes, some 600 evaluations of one board.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from engines import get_engine
from engines.board import Board
from engines.layered import LayerEngine
from rulesets.base import BASE
from rulesets.changes import CHANGES, derive
from rulesets.editions import EDITIONS, edition_of, speak


@dataclass(frozen=True)
class Nearest:
    """An edition, with the rule changes added to or reverted from its chain."""

    edition: str
    added: tuple[str, ...] = ()
    reverted: tuple[str, ...] = ()

    def describe(self) -> str:
        """``answers like 2020-04 without counters-with-modifiers``."""
        text = f"answers like {self.edition}"
        if self.added:
            text += f" with {', '.join(self.added)}"
        if self.reverted:
            text += f"{',' if self.added else ''} without {', '.join(self.reverted)}"
        return text

    def to_json(self) -> dict:
        return {"edition": self.edition, "added": list(self.added), "reverted": list(self.reverted)}

    @classmethod
    def from_json(cls, data: dict) -> "Nearest":
        return cls(data["edition"], tuple(data["added"]), tuple(data["reverted"]))


def describe_all(found: tuple[Nearest, ...]) -> str:
    """What ``found`` comes to, in one line: runs of consecutive editions as ranges ("answers like the editions
    from 2009-07 to 2025-07"), then the others; or that nothing near gives the answer."""
    if not found:
        return "no edition, nor an edition with one rule change added or reverted, gives it"
    keys = [e.key for e in EDITIONS]
    plain = [n.edition for n in found if not n.added and not n.reverted]
    runs: list[list[str]] = []
    for key in plain:
        if runs and keys.index(runs[-1][-1]) + 1 == keys.index(key):
            runs[-1].append(key)
        else:
            runs.append([key])
    parts = [f"answers like {r[0]}" if len(r) == 1 else f"answers like the editions from {r[0]} to {r[-1]}"
             for r in runs]
    parts += [n.describe() for n in found if n.added or n.reverted]
    return "; ".join(parts)


def meaning(found: tuple[Nearest, ...], newest: str) -> str | None:
    """What the nearest rules say about an engine meant to follow ``newest``'s rules, in the rule changes' own
    words: the change it misses ("still as before: ..."), or the change it applies too early; for a run of
    editions ending before ``newest``, the changes of the edition that follows the run. ``newest`` is an
    edition's name (a key, an alias such as current, or a date). None when ``found`` is empty, ``newest`` names
    no edition, or ``newest`` itself is among them."""
    if not found:
        return None
    edition = edition_of(newest)
    if edition is None:
        return None
    keys = [e.key for e in EDITIONS]
    newest = edition.key
    # The answer nearest to the newest rules: the latest edition, with the fewest changes toggled.
    best = max(found, key=lambda n: (keys.index(n.edition), -len(n.added) - len(n.reverted)))
    titles = {c.key: c.title for c in CHANGES}
    if best.reverted or best.added:
        parts = [f"still as before the rule change {k} ({titles[k]})" for k in best.reverted]
        parts += [f"already as after the rule change {k} ({titles[k]})" for k in best.added]
        return f"that is, it answers as {best.edition}'s rules do, {' and '.join(parts)}"
    at = keys.index(best.edition)
    if at >= keys.index(newest):
        return None
    following = EDITIONS[at + 1]
    changes = "; ".join(f"{c.key} ({c.title})" for c in following.rule_changes)
    return f"that is, it answers as the rules did before edition {following.key}, which brought: {changes}"


def in_brief(found: tuple[Nearest, ...]) -> str:
    """``describe_all`` when it is short; else the rules nearest to the newest edition among ``found`` (an
    engine of today's rules is best read against today's), and how many others there are."""
    whole = describe_all(found)
    if len(whole) <= 100:
        return whole
    order = {e.key: i for i, e in enumerate(EDITIONS)}
    best = max(found, key=lambda n: (order[n.edition], -len(n.added) - len(n.reverted)))
    return f"{best.describe()} (and {len(found) - 1} other near rules)"


def nearest(board: Board, target: dict) -> tuple[Nearest, ...]:
    """The editions whose outcome's objects are ``target``'s; if none, every edition with one rule change added
    or reverted that gives them; if none either, nothing."""
    wanted = target["objects"]
    same = tuple(Nearest(e.key) for e in EDITIONS if get_engine(e.key).evaluate(board)["objects"] == wanted)
    if same:
        return same
    found = []
    for edition in EDITIONS:
        chain = chain_of(edition.key)
        for change in CHANGES:
            toggled = chain - {change.key} if change.key in chain else chain | {change.key}
            if hybrid(edition.key, frozenset(toggled)).evaluate(board)["objects"] == wanted:
                found.append(Nearest(edition.key, () if change.key in chain else (change.key,),
                                     (change.key,) if change.key in chain else ()))
    return tuple(found)


@lru_cache(maxsize=None)
def chain_of(key: str) -> frozenset[str]:
    """Every rule change up to and including those of the edition ``key``."""
    keys: set[str] = set()
    for e in EDITIONS:
        keys.update(c.key for c in e.rule_changes)
        if e.key == key:
            return frozenset(keys)
    raise KeyError(key)


@lru_cache(maxsize=2048)
def hybrid(edition_key: str, changes: frozenset[str]) -> LayerEngine:
    """The rules of ``changes`` applied to the first edition, speaking the document of ``edition_key``."""
    edition = next(e for e in EDITIONS if e.key == edition_key)
    return LayerEngine(speak(derive(BASE, changes), edition.documents[0], edition_key))
