"""The catalogue kept in the user's cache folder (diffcheck.catalogue.index): the same catalogue as one read
from the YAML files, read again when a card file changes, and never trusted when it cannot be read."""

from __future__ import annotations

import os
import pickle

from diffcheck.catalogue import index


def _fresh(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    index.catalogue.cache_clear()


def test_the_cached_catalogue_is_the_catalogue(monkeypatch, tmp_path):
    _fresh(monkeypatch, tmp_path)
    built = index.catalogue()
    (cache,) = (tmp_path / "diffcheck").iterdir()
    index.catalogue.cache_clear()
    again = index.catalogue()
    assert again is not built  # read from the cache file...
    assert again.cards == built.cards and again.uncovered == built.uncovered  # ...and equal (frozen records)
    assert pickle.loads(cache.read_bytes())[1].get("Humility") == built.get("Humility")


def test_a_changed_card_file_is_read_again(monkeypatch, tmp_path):
    # The key: each file's name, size and modification time (as Python's bytecode cache checks a source).
    card_file = tmp_path / "0-creatures.yaml"
    card_file.write_text("- {name: X}\n")
    first = index._cache_key([card_file])
    card_file.write_text("- {name: XY}\n")
    second = index._cache_key([card_file])
    os.utime(card_file, ns=(1, 1))
    assert len({first, second, index._cache_key([card_file])}) == 3
    # A catalogue kept under another key is built again, and kept under this one.
    _fresh(monkeypatch, tmp_path)
    index.catalogue()
    cache = tmp_path / "diffcheck" / index.CACHE_FILE
    key, kept = pickle.loads(cache.read_bytes())
    monkeypatch.setattr(index, "_cache_key", lambda files: ("edited",))
    index.catalogue.cache_clear()
    again = index.catalogue()
    assert again._by_name  # built from the files (a kept catalogue reads no card until one is looked up)
    assert pickle.loads(cache.read_bytes())[0] == ("edited",) and key != ("edited",)


def test_an_unreadable_cache_is_ignored_and_replaced(monkeypatch, tmp_path):
    _fresh(monkeypatch, tmp_path)
    index.catalogue()
    (cache,) = (tmp_path / "diffcheck").iterdir()
    cache.write_bytes(b"not a pickle")
    index.catalogue.cache_clear()
    assert index.catalogue().get("Humility") is not None
    assert pickle.loads(cache.read_bytes())[1].get("Humility") is not None


def test_no_cache_when_asked(monkeypatch, tmp_path):
    _fresh(monkeypatch, tmp_path)
    monkeypatch.setenv("DIFFCHECK_NO_CACHE", "1")
    index.catalogue()
    assert not (tmp_path / "diffcheck").exists()
    index.catalogue.cache_clear()


def test_a_new_catalogue_replaces_the_old_one(monkeypatch, tmp_path):
    _fresh(monkeypatch, tmp_path)
    stale = tmp_path / "diffcheck" / "catalogue-000000000000000000000000.pickle"
    stale.parent.mkdir(parents=True)
    stale.write_bytes(b"from cards since edited")
    index.catalogue()
    assert [p.name for p in (tmp_path / "diffcheck").iterdir()] != [stale.name]
    assert not stale.exists() and len(list((tmp_path / "diffcheck").iterdir())) == 1


def test_the_cached_catalogue_reads_a_card_as_it_is_looked_up(monkeypatch, tmp_path):
    # judge looks up the few cards of its board: the cache keeps each card's pickle apart, read on first use.
    _fresh(monkeypatch, tmp_path)
    built = index.catalogue()
    index.catalogue.cache_clear()
    again = index.catalogue()
    assert again._by_name == {}  # nothing read yet
    assert again.get("humility") == built.get("Humility") and list(again._by_name) == ["humility"]
    assert again.get("No Such Card") is None and len(again) == len(built)
    assert [card.name for card in again] == [card.name for card in built]  # every card, in the files' order
    assert pickle.loads(pickle.dumps(again)).cards == built.cards


def test_a_board_of_card_names_reads_only_its_cards(monkeypatch, tmp_path):
    # judge --cards: reading the names of a list (where a name with a comma, Urborg, Tomb of Yawgmoth, may be two
    # pieces of it) reads no card the list does not name; the most pieces a name has is kept with the cache.
    from diffcheck.boards.notation import board_from_cards

    _fresh(monkeypatch, tmp_path)
    built = index.catalogue()
    assert built.name_pieces == 2  # Urborg, Tomb of Yawgmoth
    index.catalogue.cache_clear()
    again = index.catalogue()
    board = board_from_cards("Grizzly Bears, Urborg, Tomb of Yawgmoth, Glorious Anthem")
    assert [o["card"] for o in board["objects"]] == ["Grizzly Bears", "Urborg, Tomb of Yawgmoth", "Glorious Anthem"]
    assert again.name_pieces == 2
    assert set(again._by_name) == {"grizzly bears", "urborg tomb of yawgmoth", "glorious anthem"}
