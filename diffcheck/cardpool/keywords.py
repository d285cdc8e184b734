"""Keywords: the words a keyword line lists, and which of them the layers' vocabulary knows.

A keyword line ("Flying, protection from black and from red", "Annihilator 2", "Flashback {2}{R}") lists keyword
abilities only (702). The layers' vocabulary compares and grants the keywords of ``KEYWORDS``; a numbered one
keeps its number, as the catalogue writes it ("annihilator 2"); one with a cost is its name alone
("flashback"). Exalted, battle cry and prowess are triggered abilities whose effects reach the layers, and are
read as those too (``TRIGGERED_KEYWORDS``).
"""

from __future__ import annotations

import re

from engines.board.vocabulary import COLORS

__all__ = ["KEYWORDS", "TRIGGERED_KEYWORDS", "keyword_line"]

KEYWORDS = (
    "flying", "first strike", "double strike", "deathtouch", "trample", "vigilance", "haste", "lifelink", "reach",
    "menace", "defender", "indestructible", "hexproof", "shroud", "flash", "fear", "intimidate", "shadow",
    "horsemanship", "prowess", "infect", "wither", "changeling", "banding", "flanking", "skulk", "exalted",
    *(f"protection from {w}" for w in (*COLORS, "everything", "artifacts", "creatures", "all colors",
                                       "enchantments")),
    *(f"{t}walk" for t in ("plains", "island", "swamp", "mountain", "forest")),
)

# Keywords a line may list beside those of the layers' vocabulary: a numbered one keeps its number ("annihilator
# 2", as the catalogue writes it), one with a cost is its name alone ("flashback"). "Enchant creature" says what an
# Aura may enchant, which a board already says by where it puts it.
_NUMBERED = re.compile(r"^(annihilator|rampage|bushido|ward|dredge|afflict|toxic|fading|vanishing|modular|suspend|"
                       r"absorb|frenzy|bloodthirst|crew|renown|afterlife|fabricate|tribute|amplify|graft|soulshift|"
                       r"poisonous|bands with other [a-z ]+) ?(\d+)?$")
_COSTED = re.compile(r"^(flashback|echo|cycling|[a-z]+cycling|morph|megamorph|kicker|multikicker|equip|madness|evoke|"
                     r"ninjutsu|dash|buyback|unearth|cumulative upkeep|entwine|overload|retrace|escape|emerge|surge|"
                     r"embalm|eternalize|ward|replicate|transmute|prowl|miracle|spectacle|disturb|blitz|channel|"
                     r"reconfigure|bestow|outlast|level up|scavenge|encore|foretell|mutate|plot|craft|suspend|"
                     r"recover|aura swap|transfigure|reinforce|forecast|splice onto [a-z]+|fortify|awaken)\b")
_PLAIN = {"cascade", "convoke", "delve", "storm", "split second", "rebound", "persist", "undying", "living weapon",
          "provoke", "sunburst", "affinity for artifacts", "devoid", "phasing", "battle cry", "evolve", "extort",
          "unleash", "partner", "ascend", "mentor", "riot", "improvise", "epic", "haunt", "gravestorm", "conspire",
          "retrace", "exploit", "dethrone", "hideaway", "lure", "champion a creature", "cipher", "totem armor",
          "soulbond", "undaunted", "myriad", "melee", "training", "decayed", "cleave", "demonstrate", "casualty",
          "enlist", "read ahead", "ravenous", "for mirrodin!", "sacrifice when targeted"}
_ENCHANT = re.compile(r"^enchant [a-z ]+$")

# Keywords that are triggered abilities whose effects reach the layers, as the catalogue writes them: exalted
# (702.83a: the lone attacker gets +1/+1), battle cry (702.91a: each other attacking creature gets +1/+0), prowess
# (702.108a: the creature itself gets +1/+1).
TRIGGERED_KEYWORDS = {
    "exalted": {"ability": "exalted", "about": "Exalted: a creature that attacks alone gets +1/+1 until end of turn.",
                "effect": {"pt": {"modify": [1, 1]}}},
    "battle cry": {"ability": "battle cry", "about": "Battle cry: each other attacking creature gets +1/+0 until end "
                                                    "of turn.", "effect": {"pt": {"modify": [1, 0]}}},
    "prowess": {"ability": "prowess", "about": "Prowess: after a noncreature spell is cast, this creature gets +1/+1 "
                                               "until end of turn.", "targets": "self",
                "effect": {"pt": {"modify": [1, 1]}}},
}


def keyword_line(text: str) -> tuple[str, ...] | None:
    """The keywords of a line that lists only keywords ("Flying, protection from black and from red",
    "Flashback {2}{R}"), or None for any other line."""
    found: list[str] = []
    for part in re.split(r"[,;]\s*", text.rstrip(".")):
        word = re.sub(r"^and ", "", part.strip()).lower()
        numbered = _NUMBERED.match(word)
        costed = _COSTED.match(word)
        if word in KEYWORDS or word in _PLAIN or numbered and (numbered.group(2) or word.startswith("bands")) \
                or re.fullmatch(r"protection from [a-z ]+", word):
            found.append(word)
        elif costed and (word == costed.group(0) or word[len(costed.group(0))] in " —") and ":" not in word:
            found.append(costed.group(1))
        elif not _ENCHANT.match(word):
            return None
    return tuple(found)
