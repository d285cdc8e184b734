"""Benchmark: importing a whole card-data file, and judge's start with a pool imported.

    python benchmarks/bench_import.py [--cards 32000] [--file AtomicCards.json]

Without ``--file``, a file of the real AtomicCards.json's size is made from the test fixtures' cards (the 1,244
catalogue cards of tests/cardpool/fixtures/catalogue-oracle.json and the sample's), each copied under new names
until there are ``--cards``, its numbers and creature types varied so that sentences repeat no more than a few
times (the reader reads a sentence once): the same shapes, so the reader's work per card is like the real
file's. Each card is padded with what the real file holds besides (foreign names and texts, rulings,
legalities, printings) to about 4 KB, so that the file is as large as the real one (129.5 MB in November 2026)
and its JSON costs as much to read. Prints the import's CPU time (reading, Oracle text read, index written; one
process, this one's), the index's size, and the CPU time (user + system) of ``diffcheck judge`` on two cards
with the pool imported, once naming only catalogue cards and once a card of the pool, the median of 9 runs
each, taking turns, with the bytecode cached as on a user's machine; every figure of one run of the script (the
machines are shared and noisy: compare figures from one run only).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = [ROOT / "tests" / "cardpool" / "fixtures" / name
            for name in ("catalogue-oracle.json", "AtomicCards-sample.json")]
LANGUAGES = ("German", "Spanish", "French", "Italian", "Japanese", "Portuguese (Brazil)", "Russian",
             "Chinese Simplified", "Chinese Traditional", "Korean")
KINDS = [w.capitalize() for w in ("advisor ally angel ape archer assassin bat bear beast berserker bird cat centaur "
                                  "cleric construct crab demon devil dinosaur djinn dog dragon drake druid dwarf "
                                  "elemental elephant elf faerie fish fox frog giant gnome goat goblin golem gorgon "
                                  "griffin horror horse human hydra illusion imp insect knight kithkin kor kraken "
                                  "leviathan lizard merfolk minotaur monk mouse mutant naga ninja noble ogre ooze "
                                  "orc peasant pegasus phoenix pirate plant rat rebel rhino rogue salamander samurai "
                                  "saproling scout serpent shade shaman skeleton sliver snake soldier sphinx spider "
                                  "spirit squirrel thopter treefolk troll turtle unicorn vampire wall warrior whale "
                                  "wizard wolf wurm zombie").split()]


def synthetic(n: int, out: Path) -> None:
    """An AtomicCards-shaped file of ``n`` cards, the fixtures' cards copied under new names and padded."""
    items: dict = {}
    meta = {}
    for fixture in FIXTURES:
        sample = json.loads(fixture.read_text(encoding="utf-8"))
        items.update(sample["data"])
        meta = sample["meta"]
    cards = list(items.items())
    data = {}
    for i in range(n):
        name, faces = cards[i % len(cards)]
        new = f"{name} {i}" if i >= len(cards) else name
        kind = KINDS[i % len(KINDS)]
        copied = []
        for face in faces:
            face = dict(face, name=new)
            if "faceName" in face:
                face["faceName"] = f"{face['faceName']} {i}"
            text = face.get("text", "").replace(name.split(" // ")[0], new)
            for word in ("Goblin", "Merfolk", "Soldier"):
                text = text.replace(word, kind)
            face["text"] = text.replace("+1/+1", f"+{i % 4}/+{i // 4 % 4}")
            copied.append({**face, **_padding(new, face["text"])})
        data[new] = copied
    out.write_text(json.dumps({"meta": meta, "data": data}), encoding="utf-8")


def _padding(name: str, text: str) -> dict:
    """What the real file holds for a card besides what the import reads: about 4 KB."""
    return {
        "foreignData": [{"language": language, "name": f"{name} ({language})", "text": text, "type": "Kreatur"}
                        for language in LANGUAGES],
        "rulings": [{"date": "2020-01-01", "text": "A ruling on how this card works with others, in a sentence "
                                                  "or two of plain words."}] * 6,
        "legalities": {f: "Legal" for f in ("commander", "duel", "legacy", "oathbreaker", "penny", "vintage",
                                            "modern", "pauper", "pioneer", "premodern", "oldschool")},
        "printings": ["LEA", "LEB", "2ED", "3ED", "4ED", "5ED", "6ED", "7ED", "8ED", "9ED", "10E", "M10", "M11"],
        "identifiers": {"scryfallOracleId": "0" * 36, "cardKingdomId": "123456", "mtgjsonV4Id": "0" * 36},
        "purchaseUrls": {"cardKingdom": "https://mtgjson.com/links/" + "0" * 16},
        "edhrecRank": 1000, "edhrecSaltiness": 0.5, "firstPrinting": "LEA", "colorIdentity": face_colors(text),
    }


def face_colors(text: str) -> list[str]:
    return [c for c in "WUBRG" if "{" + c + "}" in text]


def judge_cpu(env: dict[str, str], boards: list[str], runs: int = 9) -> list[float]:
    """Median CPU seconds (user + system) of ``diffcheck judge --cards CARDS`` in a process of its own, for each
    of ``boards``, the boards taking turns."""
    times: list[list[float]] = [[] for _ in boards]
    for round in range(runs + 1):  # the first fills the catalogue's cache and the bytecode
        for cards, spent in zip(boards, times):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            subprocess.run([sys.executable, "-m", "diffcheck", "judge", "--cards", cards], env=env, check=True,
                           capture_output=True)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            if round:
                spent.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return [statistics.median(spent) for spent in times]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=32000)
    parser.add_argument("--file", type=Path, default=None)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench-import-"))
    os.environ["XDG_DATA_HOME"] = str(work / "data")
    path = args.file
    if path is None:
        path = work / "AtomicCards.json"
        synthetic(args.cards, path)
    from diffcheck.cardpool.importing import import_pool
    from diffcheck.cardpool.paths import pool_path

    env = {**os.environ, "XDG_CACHE_HOME": str(work / "cache")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # the pure modules' bytecode cached, as on a user's machine
    start = time.process_time()
    pool = import_pool(path)
    spent = time.process_time() - start
    # Two catalogue cards; and one of the catalogue with one of the pool (the fixture's Veteran Armorsmith, which
    # the catalogue lacks).
    without, with_pool = judge_cpu(env, ["Grizzly Bears, Glorious Anthem", "Grizzly Bears, Veteran Armorsmith"])
    print(f"{path.name}: {path.stat().st_size / 1e6:.1f} MB, {pool.size:,} cards")
    print(f"import: {spent:.1f} s of CPU; index {pool_path().stat().st_size / 1e6:.1f} MB")
    print(f"judge on two cards, a pool imported: {without * 1000:.0f} ms of CPU with two catalogue cards "
          f"(Grizzly Bears, Glorious Anthem), "
          f"{with_pool * 1000:.0f} ms with one card from the pool (Grizzly Bears, Veteran Armorsmith); medians of 9, "
          f"taking turns")


if __name__ == "__main__":
    main()
