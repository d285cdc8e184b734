"""The rules nearest to an answer: which editions, or editions with one of the chain's rule changes added
or reverted, give an outcome (an outside engine's) on a board.

An engine author reads "answers like current without switch-last" rather than a bare difference. The
editions that give the answer come first, with the edition the engine is compared with a change away (about
35 evaluations of one board); only if none of those gives it are the one-change neighbours of every edition
tried (each edition's own changes reverted one at a time, every later change added one at a time): 18
editions and about 35 changes, some 600 evaluations.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from diffcheck.catalogue import expand_board
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

    def describe(self, compared: str | None = None) -> str:
        """``answers like 2020-04 without counters-with-modifiers``; the edition an engine is compared with is
        named as the user named it (``compared``: ``answers like current without switch-last``)."""
        edition = edition_of(compared) if compared else None
        name = compared if edition is not None and edition.key == self.edition else self.edition
        text = f"answers like {name}"
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
    return "; ".join(_ranges(found) + [n.describe() for n in found if n.added or n.reverted])


def _ranges(found: tuple[Nearest, ...]) -> list[str]:
    """The whole editions among ``found``, runs of consecutive ones as ranges, in the order of the editions."""
    keys = [e.key for e in EDITIONS]
    plain = sorted((n.edition for n in found if not n.added and not n.reverted), key=keys.index)
    runs: list[list[str]] = []
    for key in plain:
        if runs and keys.index(runs[-1][-1]) + 1 == keys.index(key):
            runs[-1].append(key)
        else:
            runs.append([key])
    return [f"answers like {r[0]}" if len(r) == 1 else f"answers like the editions from {r[0]} to {r[-1]}"
            for r in runs]


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


def in_brief(found: tuple[Nearest, ...], compared: str | None = None, most: int = 3) -> str:
    """At most ``most`` of the rules in ``found``, in one line, nearest first, and how many others there are.

    Against ``compared`` (the edition an engine is compared with, named as the user named it: ``current``),
    that edition with a change added or reverted leads ("answers like current without switch-last"); then the
    whole editions that give the answer, as ranges, newest first; then the other editions a change away, newest
    first (an engine of today's rules is best read against the newest)."""
    if not found:
        return describe_all(found)
    edition = edition_of(compared) if compared else None
    order = {e.key: i for i, e in enumerate(EDITIONS)}
    changed = [n for n in found if n.added or n.reverted]
    own = [n.describe(compared) for n in changed if edition is not None and n.edition == edition.key]
    others = sorted((n for n in changed if edition is None or n.edition != edition.key),
                    key=lambda n: -order[n.edition])
    told = own + _ranges(found)[::-1] + [n.describe() for n in others]
    more = len(told) - most
    return "; ".join(told[:most]) + (f" (and {more} other near rules)" if more > 0 else "")


def nearest_rules(data: dict, outcome: dict, engine: str, compared: str) -> dict:
    """What a group of a run against an engine without rules (``engine``) records of its minimal board (``data``,
    on which that engine answered ``outcome``): the nearest rules to the answer, in brief and in full."""
    found = nearest(Board.from_dict(expand_board(data)), outcome, compared)
    return {"engine": engine, "brief": in_brief(found, compared) if found else None,
            "rules": [n.to_json() for n in found]}


def nearest(board: Board, target: dict, compared: str | None = None) -> tuple[Nearest, ...]:
    """The rules near ``target``'s objects on ``board``: the editions that give them; the edition ``compared``
    (a key, an alias or a date: the edition an engine is compared with) with one rule change added or reverted,
    where that gives them; and if neither, every edition with one rule change added or reverted that does.
    Nothing if nothing near gives them."""
    wanted = target["objects"]
    same = tuple(Nearest(e.key) for e in EDITIONS if get_engine(e.key).evaluate(board)["objects"] == wanted)
    edition = edition_of(compared) if compared else None
    around = tuple(_one_change_away(board, wanted, edition.key)) if edition is not None else ()
    if same or around:
        return around + same
    return tuple(n for e in EDITIONS for n in _one_change_away(board, wanted, e.key))


def _one_change_away(board: Board, wanted: dict, key: str):
    """Edition ``key`` with each rule change in turn reverted (its own) or added (a later one), where that gives
    ``wanted``."""
    chain = chain_of(key)
    for change in CHANGES:
        toggled = chain - {change.key} if change.key in chain else chain | {change.key}
        if hybrid(key, frozenset(toggled)).evaluate(board)["objects"] == wanted:
            yield Nearest(key, () if change.key in chain else (change.key,),
                          (change.key,) if change.key in chain else ())


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
