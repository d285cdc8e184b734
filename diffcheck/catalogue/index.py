"""The catalogue as a whole: every card by name, lookup that forgives case, search, nearest names."""

from __future__ import annotations

import os
import pickle
import re
import sys
from collections.abc import Iterable, Iterator
from functools import lru_cache

from diffcheck.catalogue.model import Card, CatalogueError, card_from_entry
from diffcheck.pyyaml import yaml
from diffcheck.words import fold_name, or_list, q
from rulesets.record import record, replace

TYPE_CHECKING = False  # typing.TYPE_CHECKING's value: judge's start imports no typing (diffcheck.cli.judging)
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

__all__ = ["Catalogue", "Uncovered", "catalogue", "fold"]

# The card files are beside this module, read by path: importlib.resources (and tempfile, which it imports) cost
# some 7 ms to import and set up, and judge reads the catalogue every time. _cache_file reads this module's own
# source by path too.
CARDS_FOLDER = "cards"
UNCOVERED_FILE = "uncovered.yaml"
# libyaml's safe loader where PyYAML was built with it (7 times faster on the catalogue: judge reads it every
# time), else the pure-Python one; both build the same plain data.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


fold = fold_name  # a card name as lookup compares it (``diffcheck.words.fold_name``); the imported pool's keys too


# Where a message sends a reader of the command line; the page says the same in its own terms
# (``diffcheck.page.answers.PAGE_TERMS``).
SEARCH_HINT = "(diffcheck cards lists and searches it)"
UNCOVERED_HINT = "(docs/cards.md lists such cards; an object written out in full may approximate it)"


@record
class Uncovered:
    """Real cards the board vocabulary cannot express, and why (a row of docs/cards.md)."""

    title: str
    names: tuple[str, ...]
    why: str

    def message(self, name: str) -> str:
        """Why ``name`` is not in the catalogue, as plain text (the table's Markdown marks dropped)."""
        why = self.why.replace("*", "").replace("`", "")
        return (
            f"{name} is not in the catalogue: the board vocabulary cannot express it. {why} {UNCOVERED_HINT}"
        )


class Catalogue:
    """Cards by name, in the order of their files and entries.

    Pickled (the user's cache: ``catalogue``), it keeps each card as a pickle of its own, read when the card is
    first looked up: judge looks up the few cards of its board, and unpickling all of them cost it some 15 ms.
    """

    def __init__(self, cards: Iterable[Card], uncovered: Iterable[Uncovered] = ()) -> None:
        self._set_uncovered(uncovered)
        self._by_name: dict[str, Card] = {}
        for card in cards:
            key = fold(card.name)
            if key in self._by_name:
                raise CatalogueError(f"{card.name}: listed twice (also in {self._by_name[key].group})")
            self._by_name[key] = card
        self._records: dict[str, bytes] = {}  # folded name -> a pickled card not read yet
        self._cards: tuple[Card, ...] | None = tuple(self._by_name.values())
        # The most pieces a card's name falls into when split on commas (2: Urborg, Tomb of Yawgmoth): how many
        # pieces of a comma-separated list of names (``diffcheck.boards.notation``) may be one name. Kept with
        # the pickle, so that asking it reads no card.
        self.name_pieces: int = max((card.name.count(",") + 1 for card in self._cards), default=1)

    def _set_uncovered(self, uncovered: Iterable[Uncovered]) -> None:
        self.uncovered: tuple[Uncovered, ...] = tuple(uncovered)
        self._uncovered = {fold(name): (name, entry) for entry in self.uncovered for name in entry.names}

    def __reduce__(self) -> tuple[Any, ...]:
        records = self._records or {
            key: pickle.dumps(card, protocol=pickle.HIGHEST_PROTOCOL) for key, card in self._by_name.items()
        }
        return _from_records, (records, self.uncovered, self.name_pieces)

    @property
    def cards(self) -> tuple[Card, ...]:
        if self._cards is None:
            self._cards = tuple(self._card(key) for key in self._keys())
        return self._cards

    def _keys(self) -> Iterator[str]:
        """The folded names, in the catalogue's order (one of the two dicts holds them all)."""
        return iter(self._records or self._by_name)

    def _card(self, key: str) -> Card | None:
        found = self._by_name.get(key)
        if found is None and key in self._records:
            found = self._by_name[key] = pickle.loads(self._records[key])
        return found

    def __len__(self) -> int:
        return len(self._records or self._by_name)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def get(self, name: str) -> Card | None:
        """The card called ``name``, or None; "mishras factory" finds Mishra's Factory. A card this catalogue lacks
        is looked for among the user's imported cards (``diffcheck cards import``): the catalogue stays the
        reference, the pool reaches further."""
        key = fold(name)
        found = self._card(key)
        if found is None and key:
            found = imported_card(key)
        return found

    def not_covered(self, name: str) -> str | None:
        """Why ``name``, a real card, is not in the catalogue; None if it is not listed as such."""
        found = self._uncovered.get(fold(name))
        return found[1].message(found[0]) if found else None

    def unknown(self, name: str) -> str:
        """What to say of a name the catalogue does not have: why, for a real card it cannot express; else the
        nearest names (the wording every place that looks a card up by name uses)."""
        why_not = self.not_covered(name)
        if why_not is not None:
            return why_not
        near = self.nearest(name)
        hint = f"; did you mean {or_list([q(n) for n in near])}?" if near else ""
        where = "the catalogue or the imported cards" if _imported_pool() is not None else "the catalogue"
        return f"no card called {q(name)} in {where}{hint} {SEARCH_HINT}"

    def nearest(self, name: str, n: int = 3) -> list[str]:
        """The catalogue's names closest to a misspelt one, best first (for "did you mean")."""
        import difflib  # here: only a misspelling needs it, and judge on a good board does without it

        key = fold(name)
        folded = {fold(card.name): card.name for card in self.cards}
        close = difflib.get_close_matches(key, list(folded), n=n, cutoff=0.6)
        pool = _imported_pool() if key else None
        if pool is not None:  # the imported cards' names too, ranked with the catalogue's
            for k in pool.nearest(key, n):
                card = imported_card(k) if k not in folded else None
                if card is not None:
                    folded[k] = card.name
                    close.append(k)
            close = sorted(close, key=lambda k: -difflib.SequenceMatcher(None, key, k).ratio())[:n]
        if not close and key:
            # A fragment ("factory", "moon") is not close to a whole name, but is in it.
            close = [k for k in folded if key in k][:n]
        return [folded[k] for k in close]

    def search(self, query: str | None) -> list[Card]:
        """Cards whose name, type line, description or group holds every word of ``query``."""
        if not query:
            return list(self.cards)
        words = fold(query).split()
        found = []
        for card in self.cards:
            haystack = fold(" ".join((card.name, card.type_line(), card.about, card.group)))
            if all(word in haystack for word in words):
                found.append(card)
        return found


def _from_records(records: dict[str, bytes], uncovered: tuple[Uncovered, ...], name_pieces: int) -> Catalogue:
    """A catalogue as ``Catalogue.__reduce__`` pickled it: its cards read as they are looked up."""
    found = Catalogue.__new__(Catalogue)
    found._set_uncovered(uncovered)
    found._by_name, found._records, found._cards = {}, records, None
    found.name_pieces = name_pieces
    return found


@lru_cache(maxsize=1)
def _imported_pool() -> Any:
    """The imported pool (``diffcheck.cardpool.store.Pool``), or None if there is none: with none, nothing more
    is imported."""
    from diffcheck.cardpool.paths import pool_file

    if not os.path.exists(pool_file()):
        return None
    from diffcheck.cardpool.store import load_pool

    return load_pool()


def imported_matches(query: str, limit: int = 40) -> list[Card]:
    """The imported cards (not in the catalogue) whose name holds every word of ``query``, shortest names first."""
    pool = _imported_pool()
    if pool is None or not query.strip():
        return []
    found = (imported_card(key) for key in pool.names_holding(fold(query).split(), limit))
    return [card for card in found if card is not None]


def forget_imported() -> None:
    """Read the imported pool again at the next lookup (after an import in this process)."""
    _imported_pool.cache_clear()
    imported_card.cache_clear()


@lru_cache(maxsize=256)
def imported_card(key: str) -> Card | None:
    """The imported card of folded name ``key`` as a catalogue card, its source how much of it was read; None if
    none (or it is of no type a board holds)."""
    pool = _imported_pool()
    found = pool.card(key) if pool is not None else None
    return None if found is None else card_of_imported(found, pool)


def card_of_imported(found: dict[str, Any], pool: Any, group: str = "imported") -> Card | None:
    """A card as the pool's index keeps it (``diffcheck.cardpool.importing.pool_entry``) as a catalogue card, its
    source how much of it was read; None for a card of no type a board holds. Raises ``CatalogueError`` where its
    reading makes an entry the catalogue refuses."""
    from diffcheck.cardpool.store import catalogue_entry

    entry = catalogue_entry(found, pool)
    if entry is None:
        return None
    card = card_from_entry(entry, group, f"imported card {found['name']!r}")
    return replace(card, source=found["reading"]["status"])


@lru_cache(maxsize=1)
def catalogue() -> Catalogue:
    """The repository's catalogue, read once per process.

    Reading and checking the YAML files takes some 70 ms, which every ``judge`` paid; the catalogue built
    from them is kept in the user's cache folder with what it was built from (``_cache_key``: the files and the
    code that builds it), so that an edited card or model is read again and an unchanged one is not.
    """
    # By os.path, not pathlib: pathlib, with what it imports, is a tenth of judge's start.
    folder = os.path.join(_HERE, CARDS_FOLDER)
    names = sorted((n for n in os.listdir(folder) if n.endswith(".yaml")), key=lambda n: n[: -len(".yaml")])
    files = [os.path.join(folder, name) for name in names]
    uncovered_file = os.path.join(_HERE, UNCOVERED_FILE)
    cache = _cache_file()
    key = _cache_key([*files, uncovered_file, *_READING_CODE])
    found = _cached(cache, key)
    if found is not None:
        return found
    texts = [(name, _text(f)) for name, f in zip(names, files)]
    uncovered_text = _text(uncovered_file)
    cards: list[Card] = []
    for name, text in texts:
        # A theme may span files: "4-types.yaml" and "4-types.premodern.yaml" are both of "types".
        group = re.sub(r"^\d+-", "", name.split(".")[0])
        entries = yaml.load(text, Loader=_LOADER) or []
        if not isinstance(entries, list):
            raise CatalogueError(f"{CARDS_FOLDER}/{name}: expected a list of cards")
        for number, entry in enumerate(entries):
            cards.append(card_from_entry(entry, group, f"{CARDS_FOLDER}/{name}[{number}]"))
    rows = yaml.load(uncovered_text, Loader=_LOADER)
    uncovered = [Uncovered(row["title"], tuple(row["names"]), row["why"]) for row in rows]
    built = Catalogue(cards, uncovered)
    _keep(cache, key, built)
    return built


def _text(file: str) -> str:
    with open(file, encoding="utf-8") as f:
        return f.read()


_HERE = os.path.dirname(__file__)
# The code that builds the catalogue from the card files: an edit to it builds the catalogue again.
_READING_CODE = (__file__, os.path.join(_HERE, "model.py"), os.path.join(_HERE, "formats.py"))
CACHE_FILE = "catalogue.pickle"


def _cache_file() -> str | None:
    """Where the built catalogue is kept (None: no cache folder, or DIFFCHECK_NO_CACHE set)."""
    if os.environ.get("DIFFCHECK_NO_CACHE"):
        return None
    home = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    if not os.path.isabs(home):
        return None
    return os.path.join(home, "diffcheck", CACHE_FILE)


def _cache_key(files: Iterable[str | Path]) -> tuple:
    """What a kept catalogue was built from: this Python, and the name, size and modification time (ns) of each
    card file and of the code that reads them. An edited file is read again, as Python's own bytecode cache
    compiles an edited source again; hashing every card file's bytes cost judge some 5 ms, most of it importing
    OpenSSL's hashes."""
    return (sys.version, tuple((os.path.basename(f), stat.st_size, stat.st_mtime_ns)
                               for f in files for stat in (os.stat(f),)))


def _cached(cache: str | None, key: tuple) -> Catalogue | None:
    """The catalogue kept in ``cache`` if it was built from what ``key`` says."""
    if cache is None:
        return None
    try:
        with open(cache, "rb") as f:
            found = pickle.loads(f.read())  # the user's own cache, written by _keep below
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError, ValueError):
        return None
    if isinstance(found, tuple) and len(found) == 2 and found[0] == key and isinstance(found[1], Catalogue):
        return found[1]
    return None


def _keep(cache: str | None, key: tuple, built: Catalogue) -> None:
    """Write the cache atomically, with the key it was built from, and drop the files of older versions of this
    cache; a folder that cannot be written only means no cache."""
    if cache is None:
        return
    import tempfile  # here: only a catalogue built anew is written

    tmp = None
    try:
        folder = os.path.dirname(cache)
        os.makedirs(folder, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".catalogue-", dir=folder)
        with os.fdopen(fd, "wb") as out:
            pickle.dump((key, built), out, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, cache)
        tmp = None
        for old in os.listdir(folder):  # an earlier version's, keyed by their names
            if old.startswith("catalogue-") and old.endswith(".pickle"):
                _remove(os.path.join(folder, old))
    except (OSError, pickle.PicklingError):
        pass
    finally:
        if tmp is not None:
            _remove(tmp)


def _remove(file: str) -> None:
    try:
        os.remove(file)
    except FileNotFoundError:
        pass
