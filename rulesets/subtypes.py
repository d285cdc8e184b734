"""Which subtypes each document lists, in which set, and which card types each set goes with.

A subtype belongs to a set (artifact, enchantment, land, planeswalker, spell, creature and
battle types: 205.3g-q today, 204.3f-k from July 2009, the glossary's "... Type" entries from
2003-12 and 2004-10 before that), and a set to the card types whose subtypes it holds (205.3d
from 2004-10). ``SUBTYPES`` is a history: by the date each document took effect, the words it
added to a set's list and the words it dropped; a set's first list is given whole, and before
it the words the document names as the set's. A document's sets are every change up to its
date. Words are in board spelling (lowercase, apostrophes and hyphens kept); a listed subtype
that can't be so written (the two-word creature type Time Lord) is left out. Plane and dungeon
types are left out too: no plane or dungeon is ever a permanent. The kinds of keyword counter
each document names (122.1b, from April 2020) are here as well.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType

from rulesets.documents import Document, as_of
from rulesets.model import SubtypeSets

SETS: tuple[str, ...] = ("artifact", "enchantment", "land", "planeswalker", "spell", "creature", "battle")

# (effective date, set, words added, words removed), oldest first. Before a set's first list, the
# words the document names as the set's: the basic land types, the creature types its rules and
# examples call so, Equipment. The first list restates them (a word added twice stays in its set);
# a word is never in two sets at once.
# Dandân and El-Hajjâj are spelled with a circumflex from 2006-07-15 (the archive's text lost the
# letter); in board spelling they stay dandan and el-hajjaj.
SUBTYPES: tuple[tuple[str, str, str, str], ...] = (
    # CR-1999-04-23 214.9d: the basic lands (a land's type was its name: 212.2c of 1999-11-01 to 2003-03).
    ("1999-04-23", "land", "forest island mountain plains swamp", ""),
    # CR-1999-04-23 212.2, 214.7a-b, 215.2, 216.1 and the glossary's Wall: creature types named, no list.
    ("1999-04-23", "creature", "goblin legend merfolk minotaur ogre wall wizard", ""),
    ("1999-11-01", "creature", "golem", ""),  # CR-1999-11-01 212.2a
    ("2003-10-01", "artifact", "equipment", ""),  # CR-2003-10-01 205.3b, 212.2g: named, no list
    # CR-2003-12-01 glossary, Creature Type (through Mirrodin): the first list, complete (212.1e)
    ("2003-12-01", "creature",
     ("abomination aboroth advisor aladdin albatross alchemist ali-baba ali-from-cairo alligator ambush-party "
      "ancestor angel ant antelope ape archaeologist archer asp assassin assembly-worker atog aurochs avatar "
      "avenger avizoa badger ball-lightning bandit banshee barbarian barishi basilisk bat bear beast bee beeble "
      "behemoth being berserker bird boar bodyguard brother brownie brushwagg bull bureaucrat butterfly camarid "
      "camel caravan caribou carnivore carriage carrier cat cavalry cave-people centaur cephalid cheetah chicken "
      "chimera citizen clamfolk cleric clone cobra cockatrice constable cow crab crocodile crusader dandan demon "
      "dervish deserter devil devouring-deep dinosaur djinn dog doppelganger dragon dragonfly drake drill-sergeant "
      "drone druid dryad dwarf eater eel effigy efreet egg el-hajjaj elder elemental elephant elf enchantress "
      "entity erne essence exorcist faerie fallen farmer ferret fiend fish flagbearer flying-men force fox frog "
      "frostbeast fungus fungusaur gaea's-avenger gaea's-liege gargoyle gatekeeper general ghost ghoul giant gnome "
      "goat goblin golem gorgon graveborn gremlin griffin guardian gus gypsy hag harlequin hell's-caretaker heretic "
      "hero hipparion hippo homarid hornet horror horse horseman hound human hunter hydra hyena illusion imp "
      "incarnation infernal-denizen inquisitor insect island-fish jackal jellyfish kavu keeper kelp king kithkin "
      "knight kobold kraken lady-of-proper-etiquette leech legend legionnaire lemure leper leviathan lhurgoyf "
      "lichenthrope licid lion lizard lord lurker lycanthrope mage maggot maiden mammoth manticore mantis marid "
      "martyr master medusa meerkat mercenary merchant merfolk mindsucker minion minor minotaur miracle-worker mist "
      "mistfolk mob mold-demon monger mongoose monkey monster mosquito mummy murk-dwellers mutant myr mystic "
      "nameless-race narwhal necrosavant nekrataal niall-silvain nightmare nightstalker noble nomad octopus ogre "
      "ooze orb orc orgg ouphe ox oyster paladin peacekeeper pegasus pentavite people-of-the-woods pest phantasm "
      "phelddagrif phoenix pig pikemen pirate pixie-queen plant poison-snake poltergeist pony preacher priest prism "
      "pyknite rabbit raider ranger rat rebel reflection rhino robber roc rock-sled rogue rukh sage salamander sand "
      "saproling satyr scavenger scorpion scout serf serpent shade shaman shapeshifter shark sheep ship shyft "
      "sindbad singing-tree sister skeleton slith sliver slug smith snake soldier sorceress spawn speaker specter "
      "spellshaper sphinx spider spike spirit sponge sprite spuzzem spy squire squirrel stangg-twin starfish stone "
      "strider survivor swarm tactician tarpan taskmaster tetravite "
      "the-biggest-baddest-nastiest-scariest-creature-you'll-ever-see thief thopter thrull thundermare tiger titan "
      "toad tombspawn tortoise townsfolk tracker treefolk troll turtle uncle-istvan undead unicorn vampire vedalken "
      "viashino villain viper volver vulture walking-dead wall war-rider warrior warthog wasp wave whale "
      "whippoorwill wight wiitigo wildebeest will-o'-the-wisp witch wizard wolf wolverine wolverine-pack "
      "wolves-of-the-hunt wombat wood worm wraith wretched wurm yeti zombie"),
     ""),
    # CR-2004-02-01 glossary, Creature Type (through Darksteel)
    ("2004-02-01", "creature", "artificer blinkmoth brood twin wirefly", ""),
    # CR-2004-06-01 glossary, Creature Type (through Fifth Dawn)
    ("2004-06-01", "creature", "bringer pincher", "brood"),
    # CR-2004-10-01 glossary, Land Type (through Champions of Kamigawa): the first list
    ("2004-10-01", "land", "desert forest island lair locus mine mountain plains power-plant swamp tower urza's", ""),
    # CR-2004-10-01 glossary, Artifact Type (through Champions of Kamigawa): the first list
    ("2004-10-01", "artifact", "equipment", ""),
    # CR-2004-10-01 glossary, Enchantment Type (through Champions of Kamigawa): the first list
    ("2004-10-01", "enchantment", "shrine", ""),
    # CR-2004-10-01 glossary, Instant Type and Sorcery Type (through Champions of Kamigawa): the first list
    ("2004-10-01", "spell", "arcane", ""),
    # CR-2004-10-01 glossary, Creature Type (through Champions of Kamigawa): Legend leaves (now a supertype)
    ("2004-10-01", "creature", "monk moonfolk samurai zubera", "legend"),
    # CR-2005-02-01 glossary, Creature Type (through Betrayers of Kamigawa)
    ("2005-02-01", "creature", "child designer donkey gamer ninja paratrooper teddy waiter", ""),
    ("2005-08-01", "enchantment", "aura", ""),  # CR-2005-08-01 glossary, Enchantment Type (through Ninth Edition)
    # CR-2005-08-01 glossary, Creature Type (through Ninth Edition)
    ("2005-08-01", "creature",
     "kirin",
     "behemoth clone force hell's-caretaker monkey nekrataal rukh will-o'-the-wisp"),
    # CR-2005-10-01 glossary, Creature Type (through Ravnica: City of Guilds)
    ("2005-10-01", "creature",
     "archon dreadnought expansion-symbol lammasu mime penguin",
     "ancestor maggot mantis meerkat stone tombspawn wave wood"),
    # CR-2006-02-01 glossary, Creature Type (through Guildpact)
    ("2006-02-01", "creature",
     "construct cyclops juggernaut nephilim weird",
     "butterfly lichenthrope lion mindsucker necrosavant warthog wildebeest"),
    ("2006-07-15", "creature", "", "mistfolk"),  # CR-2006-07-15 glossary, Creature Type (through Coldsnap)
    # CR-2006-10-01 glossary, Creature Type (through Time Spiral)
    ("2006-10-01", "creature",
     "dauthi eye kor soltari splinter triskelavite",
     "cavalry dandan dervish flying-men gaea's-liege hunter mosquito sindbad sprite squire taskmaster uncle-istvan"),
    ("2007-02-01", "creature", "hellion", ""),  # CR-2007-02-01 glossary, Creature Type (through Time Spiral)
    # CR-2007-05-01 glossary, Artifact Type (through Future Sight)
    ("2007-05-01", "artifact", "contraption fortification", ""),
    # CR-2007-05-01 glossary, Creature Type (through Future Sight)
    ("2007-05-01", "creature", "coward rigger", "aboroth avizoa barishi gatekeeper peacekeeper thundermare undead"),
    # CR-2007-07-13 glossary, Creature Type (through Tenth Edition)
    ("2007-07-13", "creature", "homunculus masticore metathran", "martyr wasp"),
    # CR-2007-09-07 glossary, Creature Type (through Tenth Edition)
    ("2007-09-07", "creature",
     "",
     ("archaeologist avenger ball-lightning brother doppelganger eater fallen lemure mist mob poison-snake preacher "
      "raider singing-tree speaker strider swarm tortoise villain war-rider witch")),
    # CR-2007-10-01 glossary, Planeswalker Type (through Lorwyn): the first list
    ("2007-10-01", "planeswalker", "ajani chandra garruk jace liliana", ""),
    # CR-2007-10-01 glossary, Creature Type (through Lorwyn)
    ("2007-10-01", "creature",
     "anemone anteater elk harpy nautilus scarecrow squid thalakos",
     ("abomination aladdin albatross alchemist ali-baba ali-from-cairo alligator ambush-party ant asp bandit "
      "banshee bee being bodyguard brownie bull bureaucrat caravan carnivore carriage cave-people cheetah chicken "
      "child clamfolk cobra constable cow crusader designer devouring-deep dinosaur dog donkey dragonfly "
      "drill-sergeant eel effigy el-hajjaj enchantress entity erne essence exorcist expansion-symbol farmer fiend "
      "frostbeast fungusaur gaea's-avenger gamer general ghost ghoul guardian gus gypsy harlequin heretic hero "
      "hipparion hornet horseman hyena infernal-denizen inquisitor island-fish jackal keeper kelp king "
      "lady-of-proper-etiquette legionnaire leper lord lurker lycanthrope mage maiden mammoth marid master medusa "
      "merchant mime minor miracle-worker mold-demon monster mummy murk-dwellers nameless-race narwhal "
      "niall-silvain noble paladin paratrooper penguin people-of-the-woods phantasm pig pikemen pixie-queen "
      "poltergeist pony priest pyknite ranger robber roc rock-sled sage scavenger shark ship shyft sister smith "
      "sorceress spuzzem spy stangg-twin tactician tarpan teddy "
      "the-biggest-baddest-nastiest-scariest-creature-you'll-ever-see thief tiger titan toad townsfolk tracker twin "
      "viper vulture waiter walking-dead whippoorwill wight wiitigo wirefly wolverine-pack wolves-of-the-hunt "
      "wretched")),
    # CR-2008-02-01 glossary, Creature Type (through Morningtide)
    ("2008-02-01", "creature", "hyena", "anemone gremlin"),
    ("2008-07-15", "creature", "noggle", ""),  # CR-2008-07-15 glossary, Creature Type (through Eventide)
    # CR-2008-10-01 glossary, Planeswalker Type (through Shards of Alara)
    ("2008-10-01", "planeswalker", "elspeth sarkhan tezzeret", ""),
    ("2009-02-01", "planeswalker", "bolas", ""),  # CR-2009-02-01 glossary, Planeswalker Type (through Conflux)
    ("2009-07-11", "creature", "siren", ""),  # CR-2009-07-08 204.3k
    ("2009-10-01", "spell", "trap", ""),  # CR-2009-10-05 204.3j
    ("2009-10-01", "planeswalker", "nissa sorin", ""),  # CR-2009-10-05 204.3i
    ("2009-10-01", "creature", "ally surrakar", ""),  # CR-2009-10-05 204.3k
    ("2010-02-01", "creature", "eldrazi", ""),  # CR-2010-02-01 204.3k
    ("2010-04-23", "planeswalker", "gideon", ""),  # CR-2010-04-23 204.3i
    ("2010-07-16", "creature", "", "egg"),  # CR-2010-07-16 204.3k
    ("2010-10-01", "planeswalker", "koth venser", ""),  # CR-2010-10-01 204.3i
    ("2010-10-01", "creature", "hippogriff", ""),  # CR-2010-10-01 204.3k
    ("2011-02-04", "creature", "germ gremlin", ""),  # CR-2011-02-04 204.3k
    ("2011-05-01", "planeswalker", "karn", ""),  # CR-2011-05-01 204.3i
    ("2011-05-01", "creature", "praetor", ""),  # CR-2011-05-01 204.3k
    ("2011-09-30", "enchantment", "curse", ""),  # CR-2011-09-30 205.3h
    ("2011-09-30", "creature", "werewolf", ""),  # CR-2011-09-30 205.3m
    ("2012-05-01", "planeswalker", "tamiyo tibalt", ""),  # CR-2012-05-01 205.3j
    ("2012-10-01", "land", "gate", ""),  # CR-2012-10-01 205.3i
    ("2012-10-01", "planeswalker", "vraska", ""),  # CR-2012-10-01 205.3j
    ("2013-02-01", "planeswalker", "domri", ""),  # CR-2013-02-01 205.3j
    ("2013-04-29", "planeswalker", "ral", ""),  # CR-2013-04-29 205.3j
    ("2013-09-27", "planeswalker", "ashiok xenagos", ""),  # CR-2013-09-27 205.3j
    ("2013-09-27", "creature", "god nymph sable", ""),  # CR-2013-09-27 205.3m
    ("2014-02-01", "planeswalker", "kiora", ""),  # CR-2014-02-01 205.3j
    ("2014-05-01", "creature", "lamia", ""),  # CR-2014-05-01 205.3m
    ("2014-06-01", "planeswalker", "dack", ""),  # CR-2014-06-01 205.3j
    ("2014-09-25", "creature", "naga", ""),  # CR-2014-09-26 205.3m
    ("2015-01-23", "creature", "", "anteater"),  # CR-2015-01-23 205.3m
    ("2015-03-27", "planeswalker", "daretti freyalise nahiri narset nixilis teferi ugin", ""),  # CR-2015-03-27 205.3j
    ("2015-09-26", "creature", "processor scion", ""),  # CR-2015-09-26 205.3m
    ("2016-04-08", "artifact", "clue", ""),  # CR-2016-04-08 205.3g
    ("2016-04-08", "planeswalker", "arlinn", ""),  # CR-2016-04-08 205.3j
    ("2016-04-08", "creature", "mole", ""),  # CR-2016-04-08 205.3m
    ("2016-08-26", "planeswalker", "kaya", ""),  # CR-2016-08-26 205.3j
    ("2016-09-30", "artifact", "vehicle", ""),  # CR-2016-09-30 205.3g
    ("2016-09-30", "planeswalker", "dovin saheeli", ""),  # CR-2016-09-30 205.3j
    ("2016-09-30", "creature", "aetherborn monkey pilot servo", ""),  # CR-2016-09-30 205.3m
    ("2017-04-28", "enchantment", "cartouche", ""),  # CR-2017-04-28 205.3h
    ("2017-04-28", "creature", "jackal", ""),  # CR-2017-04-28 205.3m
    ("2017-07-08", "planeswalker", "samut", ""),  # CR-2017-07-07 205.3j
    ("2017-09-29", "artifact", "treasure", ""),  # CR-2017-09-29 205.3g
    ("2017-09-29", "planeswalker", "huatli", ""),  # CR-2017-09-29 205.3j
    ("2017-09-29", "creature", "dinosaur trilobite", ""),  # CR-2017-09-29 205.3m
    ("2018-01-19", "planeswalker", "angrath", ""),  # CR-2018-01-19 205.3j
    ("2018-04-27", "enchantment", "saga", ""),  # CR-2018-04-27 205.3h
    ("2018-04-27", "planeswalker", "jaya", ""),  # CR-2018-04-27 205.3j
    ("2018-06-08", "planeswalker", "rowan will yanggu yanling", ""),  # CR-2018-06-08 205.3j
    ("2018-06-08", "creature", "azra pangolin", ""),  # CR-2018-06-08 205.3m
    ("2018-07-13", "planeswalker", "vivien", ""),  # CR-2018-07-13 205.3j
    ("2018-07-13", "creature", "egg", ""),  # CR-2018-07-13 205.3m
    ("2018-08-10", "planeswalker", "aminatou estrid windgrace", ""),  # CR-2018-08-10 205.3j
    ("2019-05-03", "planeswalker", "davriel kasmina teyo", ""),  # CR-2019-05-03 205.3j
    ("2019-05-03", "creature", "army", ""),  # CR-2019-05-03 205.3m
    ("2019-08-23", "planeswalker", "serra wrenn", ""),  # CR-2019-08-23 205.3j
    ("2019-08-23", "creature", "sculpture", ""),  # CR-2019-08-23 205.3m
    ("2019-10-04", "artifact", "food", ""),  # CR-2019-10-04 205.3g
    ("2019-10-04", "spell", "adventure", ""),  # CR-2019-10-04 205.3k
    ("2019-10-04", "planeswalker", "oko", ""),  # CR-2019-10-04 205.3j
    ("2019-10-04", "creature", "mouse noble peasant warlock", ""),  # CR-2019-10-04 205.3m
    ("2020-01-24", "artifact", "gold", ""),  # CR-2020-01-22 205.3g
    ("2020-01-24", "planeswalker", "calix", ""),  # CR-2020-01-22 205.3j
    ("2020-01-24", "creature", "demigod tentacle", ""),  # CR-2020-01-22 205.3m
    ("2020-04-17", "planeswalker", "lukka", ""),  # CR-2020-04-17 205.3j
    ("2020-04-17", "creature", "otter shark", ""),  # CR-2020-04-17 205.3m
    ("2020-07-03", "planeswalker", "basri", ""),  # CR-2020-07-03 205.3j
    ("2020-07-03", "creature", "dog", "hound"),  # CR-2020-07-03 205.3m
    ("2021-02-05", "enchantment", "rune shard", ""),  # CR-2021-02-02 205.3h
    ("2021-02-05", "planeswalker", "jeska niko szat tyvar", ""),  # CR-2021-02-02 205.3j
    ("2021-02-05", "creature", "phyrexian", ""),  # CR-2021-02-02 205.3m
    ("2021-04-22", "spell", "lesson", ""),  # CR-2021-04-19 205.3k
    ("2021-04-22", "creature", "fractal inkling", ""),  # CR-2021-04-19 205.3m
    ("2021-06-18", "planeswalker", "dakkon dihada grist", ""),  # CR-2021-06-09 205.3j
    ("2021-06-18", "creature", "ranger", ""),  # CR-2021-06-09 205.3m
    ("2021-07-23", "enchantment", "class", ""),  # CR-2021-07-12 205.3h
    ("2021-07-23", "planeswalker", "bahamut ellywick lolth mordenkainen zariel", ""),  # CR-2021-07-12 205.3j
    ("2021-07-23", "creature", "bard beholder gnoll halfling hamster tiefling", ""),  # CR-2021-07-12 205.3m
    ("2021-11-19", "artifact", "blood", ""),  # CR-2021-11-15 205.3g
    ("2022-02-18", "planeswalker", "kaito", ""),  # CR-2022-02-18 205.3j
    ("2022-04-29", "creature", "raccoon", ""),  # CR-2022-04-29 205.3m
    ("2022-06-10", "enchantment", "background", ""),  # CR-2022-06-10 205.3h
    ("2022-06-10", "planeswalker", "elminster minsc tasha", ""),  # CR-2022-06-10 205.3j
    ("2022-06-10", "creature", "gith walrus", ""),  # CR-2022-06-10 205.3m
    ("2022-09-08", "artifact", "powerstone", ""),  # CR-2022-09-08 205.3g
    ("2022-09-08", "planeswalker", "sivitri", ""),  # CR-2022-09-08 205.3j
    ("2022-10-07", "artifact", "attraction", ""),  # CR-2022-10-07 205.3g
    ("2022-10-07", "planeswalker", "comet", ""),  # CR-2022-10-07 205.3j
    # CR-2022-10-07 205.3m
    ("2022-10-07", "creature",
     ("alien astartes balloon c'tan child clown custodes employee gamer guest inquisitor necron performer primarch "
      "robot tyranid"),
     ""),
    ("2022-11-18", "planeswalker", "jared urza", ""),  # CR-2022-11-18 205.3j
    ("2023-04-14", "land", "sphere", ""),  # CR-2023-04-14 205.3i
    ("2023-04-14", "artifact", "incubator", ""),  # CR-2023-04-14 205.3g
    ("2023-04-14", "creature", "mite", ""),  # CR-2023-04-14 205.3m
    ("2023-04-14", "battle", "siege", ""),  # CR-2023-04-14 205.3q: the first list
    ("2023-10-13", "enchantment", "role", ""),  # CR-2023-10-13 205.3h
    ("2023-10-13", "planeswalker", "guff vronos", ""),  # CR-2023-10-13 205.3j
    # CR-2023-10-13 205.3m; and Time Lord, two words (205.3b), which no board word can be
    ("2023-10-13", "creature", "cyberman dalek detective doctor scientist", ""),
    ("2023-11-17", "artifact", "map", ""),  # CR-2023-11-17 205.3g
    ("2023-11-17", "creature", "capybara snail", ""),  # CR-2023-11-17 205.3m
    ("2024-02-02", "land", "cave", ""),  # CR-2024-02-06 205.3i
    ("2024-02-02", "enchantment", "case", ""),  # CR-2024-02-06 205.3h
    ("2024-03-08", "artifact", "bobblehead junk", ""),  # CR-2024-03-08 205.3g
    ("2024-03-08", "creature", "llama sloth synth", ""),  # CR-2024-03-08 205.3m
    # CR-2024-06-07 205.3m (which from now names Time Lord apart)
    ("2024-06-07", "creature", "armadillo beaver coyote mount porcupine possum varmint", "cephalid naga viashino"),
    ("2024-07-30", "creature", "skunk weasel", ""),  # CR-2024-08-02 205.3m
    ("2024-11-08", "enchantment", "room", ""),  # CR-2024-11-08 205.3h
    ("2024-11-08", "creature", "glimmer toy", ""),  # CR-2024-11-08 205.3m
    ("2025-02-07", "planeswalker", "quintorius", ""),  # CR-2025-02-07 205.3j
    ("2025-02-07", "creature", "seal", ""),  # CR-2025-02-07 205.3m
    ("2025-04-04", "spell", "omen", ""),  # CR-2025-04-04 205.3k
    ("2025-06-06", "land", "town", ""),  # CR-2025-06-06 205.3i
    ("2025-06-06", "creature", "hero moogle qu", ""),  # CR-2025-06-06 205.3m
    ("2025-07-25", "land", "planet", ""),  # CR-2025-07-25 205.3i
    ("2025-07-25", "artifact", "lander spacecraft", ""),  # CR-2025-07-25 205.3g
    ("2025-07-25", "creature", "drix echidna hedgehog lobster", ""),  # CR-2025-07-25 205.3m
    ("2025-09-19", "artifact", "infinity stone", ""),  # CR-2025-09-19 205.3g
    ("2025-09-19", "creature", "symbiote villain", ""),  # CR-2025-09-19 205.3m
    ("2025-11-14", "creature", "bison kangaroo lemur platypus", ""),  # CR-2025-11-14 205.3m
    ("2026-01-16", "creature", "sorcerer", ""),  # CR-2026-01-16 205.3m
)

# The card types each set's subtypes go with, by the document that first says so. A card type in no
# set has no subtypes: artifacts until 2003-10, instants and sorceries until 2004-10 (212.2d, 205.3d).
_CREATURE = frozenset({"creature"})
SET_CARD_TYPES: tuple[tuple[str, Mapping[str, frozenset[str]]], ...] = (
    # CR-1999-04-23 212.2, 214.9g (212.2a-d from 1999-11-01: none for artifacts, instants, sorceries).
    ("1999-04-23", {"creature": _CREATURE, "enchantment": frozenset({"enchantment"}), "land": frozenset({"land"})}),
    ("2003-10-01", {"artifact": frozenset({"artifact"})}),  # CR-2003-10-01 205.3b, 205.3e
    ("2004-10-01", {"spell": frozenset({"instant", "sorcery"})}),  # CR-2004-10-01 205.3d
    ("2007-05-01", {"creature": _CREATURE | {"tribal"}}),  # CR-2007-05-01 205.3d (kindred from 2024-06-07)
    ("2007-10-01", {"planeswalker": frozenset({"planeswalker"})}),  # CR-2007-10-01 205.3d
    ("2023-04-14", {"battle": frozenset({"battle"})}),  # CR-2023-04-14 205.3q
)

# The sets whose board words a document gives all of: a word it doesn't list is not of that set.
# Enchantment's subtypes were "enchant ..." phrases until 2004-10 (212.2b, 205.3c), never a board
# word; creature types were any noun (214.7a until 2002-02), then any existing one, unlisted; land
# types were the land's name, then (2003-07) any word after the dash, unlisted.
EXHAUSTIVE: tuple[tuple[str, frozenset[str]], ...] = (
    ("1999-04-23", frozenset({"enchantment"})),  # CR-1999-04-23 212.2: "enchant ..." phrases only
    ("2003-12-01", frozenset({"creature"})),  # CR-2003-12-01 212.1e: the glossary's complete list
    # CR-2004-10-01 212.1e: complete lists of every set in the glossary.
    ("2004-10-01", frozenset({"artifact", "land", "spell"})),
    ("2007-10-01", frozenset({"planeswalker"})),  # CR-2007-10-01 205.3d, 212.9c
    ("2023-04-14", frozenset({"battle"})),  # CR-2023-04-14 205.3q
)

# Where each document lists each set.
LIST_RULES: tuple[tuple[str, Mapping[str, str]], ...] = (
    ("2003-12-01", {"creature": "Creature Type (glossary)"}),
    ("2004-10-01", {"artifact": "Artifact Type (glossary)", "enchantment": "Enchantment Type (glossary)",
                    "land": "Land Type (glossary)", "spell": "Instant Type, Sorcery Type (glossary)"}),
    ("2007-05-01", {"spell": "Spell Type (glossary)"}),
    ("2007-10-01", {"planeswalker": "Planeswalker Type (glossary)"}),
    ("2009-07-11", {"artifact": "204.3f", "enchantment": "204.3g", "land": "204.3h", "planeswalker": "204.3i",
                    "spell": "204.3j", "creature": "204.3k"}),
    ("2011-09-30", {"artifact": "205.3g", "enchantment": "205.3h", "land": "205.3i", "planeswalker": "205.3j",
                    "spell": "205.3k", "creature": "205.3m"}),
    ("2023-04-14", {"battle": "205.3q"}),
)

# The kinds of keyword counter (122.1b), added by date; each also stands for "any variants" of its
# keyword, which no kind names. Board spelling: lowercase words, single spaces.
KEYWORD_COUNTERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    # CR-2020-04-17 122.1b: the first list.
    ("2020-04-17", ("flying", "first strike", "double strike", "deathtouch", "haste", "hexproof",
                    "indestructible", "lifelink", "menace", "reach", "trample", "vigilance")),
    ("2023-10-13", ("shadow",)),  # CR-2023-10-13 122.1b
    ("2024-06-07", ("exalted",)),  # CR-2024-06-07 122.1b
    ("2025-04-04", ("decayed",)),  # CR-2025-04-04 122.1b
)


@lru_cache(maxsize=None)
def _as_of(effective: str) -> tuple[Mapping[str, str], Mapping[str, tuple[str, str, str]]]:
    """Every word's set as of ``effective``, and how each word it does not list but another date does is read
    (``_readings``): both from one pass over ``SUBTYPES``, which also checks every row.

    One pass for each date asked about, keeping no table for each date of the history: copying each of some
    ninety dates' tables of some four hundred words was a tenth of building a ruleset, which ``diffcheck judge``
    does at every start."""
    table: dict[str, str] = {}
    listed: Mapping[str, str] = MappingProxyType({})
    until: dict[str, tuple[str, str, str]] = {}
    since_then: dict[str, tuple[str, str, str]] = {}
    touched: dict[str, str | None] = {}  # the words the date's rows change -> each one's set before the date
    for index, (since, name, added, gone) in enumerate(SUBTYPES):
        for word in gone.split():
            touched.setdefault(word, table.get(word))
            if table.pop(word, None) != name:
                raise ValueError(f"{since}: {word!r} is removed from {name} types but isn't one")
        for word in added.split():
            touched.setdefault(word, table.get(word))
            if table.setdefault(word, name) != name:
                raise ValueError(f"{since}: {word!r} is added to {name} types but is a {table[word]} type")
        if index + 1 < len(SUBTYPES) and SUBTYPES[index + 1][0] == since:
            continue  # not the date's last row
        if since <= effective:
            # A word the date drops (in its set before the date, in none after) is read in that set until the
            # date; the last drop wins.
            until.update((word, (was, "until", since)) for word, was in touched.items()
                         if was is not None and word not in table)
            if index + 1 == len(SUBTYPES) or SUBTYPES[index + 1][0] > effective:
                listed = MappingProxyType(dict(table))
        else:
            # A word first listed after ``effective`` is read in its set from the first date that lists it (which
            # added it that day: a word in the table and not listed at ``effective`` was added since).
            for word in touched:
                if word in table and word not in listed and word not in since_then:
                    since_then[word] = (table[word], "from", since)
        touched.clear()
    found = {**since_then, **until}  # a drop before the date wins over an addition after it
    # Sorted: the words came from sets, whose order changes from one process to the next.
    readings = MappingProxyType({word: found[word] for word in sorted(found) if word not in listed})
    return listed, readings


def _subtype_sets(effective: str) -> Mapping[str, str]:
    """Every word's set as of ``effective``: that of the last date ``SUBTYPES`` changes on up to it."""
    return _as_of(effective)[0]


@lru_cache(maxsize=None)
def _set_card_types(effective: str) -> Mapping[str, frozenset[str]]:
    return MappingProxyType(as_of(SET_CARD_TYPES, effective))


@lru_cache(maxsize=None)
def _list_rules(effective: str) -> Mapping[str, str]:
    return MappingProxyType(as_of(LIST_RULES, effective))


@lru_cache(maxsize=None)
def _exhaustive(effective: str) -> frozenset[str]:
    return frozenset().union(*(names for since, names in EXHAUSTIVE if since <= effective))


@lru_cache(maxsize=None)
def _keyword_counters(effective: str) -> frozenset[str]:
    return frozenset(kind for since, kinds in KEYWORD_COUNTERS if since <= effective for kind in kinds)


def subtype_sets(document: Document) -> Mapping[str, str]:
    """Subtype (board word) -> its set, for every word ``document`` lists or, before a set's list, names."""
    return _subtype_sets(document.effective)


def set_words(document: Document, name: str) -> frozenset[str]:
    """The board words of set ``name`` under ``document``."""
    return frozenset(w for w, s in subtype_sets(document).items() if s == name)


def set_card_types(document: Document) -> Mapping[str, frozenset[str]]:
    """Set -> the card types (board words; tribal for kindred) whose subtypes it holds, for the sets
    ``document`` has; a card type in none of them has no subtypes."""
    return _set_card_types(document.effective)


def exhaustive_sets(document: Document) -> frozenset[str]:
    """The sets whose board words ``document`` gives all of: a word it doesn't list is none of theirs.
    Of any other set it has, an unlisted word may be one (creature types until 2003-12, land types
    and Equipment's artifact types until 2004-10)."""
    return _exhaustive(document.effective)


def list_rule(document: Document, name: str) -> str | None:
    """Where ``document`` lists set ``name``; None before it lists it."""
    return _list_rules(document.effective).get(name)


def keyword_counters(document: Document) -> frozenset[str]:
    """The kinds of keyword counter ``document`` names (122.1b); none before April 2020."""
    return _keyword_counters(document.effective)


def _readings(effective: str) -> Mapping[str, tuple[str, str, str]]:
    """Each word the document of ``effective`` does not list but some other one does -> (its set, "until" or
    "from", a date): the set of the last document before that listed it (which dropped it on that date),
    else of the first one after (which added it on that date)."""
    return _as_of(effective)[1]


def reading(document: Document, word: str) -> tuple[str, str, str] | None:
    """How the machine reads a subtype ``document`` does not list but another document does (decision
    unlisted_subtypes): (set, "until", the date a later document dropped it) or (set, "from", the date a
    later document first listed it); None for a word ``document`` lists or no document lists."""
    return _readings(document.effective).get(word)


@lru_cache(maxsize=None)
def _sets_read(effective: str) -> SubtypeSets:
    own = _subtype_sets(effective)
    open_sets = frozenset(_set_card_types(effective)) - _exhaustive(effective)
    readings = _readings(effective)
    return SubtypeSets(
        MappingProxyType({word: name for word, (name, _, _) in readings.items()} | dict(own)),
        # Sets only ever gained card types (tribal in 2007-05), and a set arrived with its card type (artifact
        # types with Equipment, planeswalker types with planeswalkers): where a document has a set or card
        # type, it gives the set the card types every later one does; where it has neither, the later ones' do.
        _set_card_types(SET_CARD_TYPES[-1][0]),
        # A word it doesn't list is its own reading only if it falls in a set it has but gives no whole list of.
        unlisted=frozenset(word for word, (name, _, _) in readings.items() if name not in open_sets),
        creature_list_complete="creature" not in open_sets,
    )


def sets_read(document: Document) -> SubtypeSets:
    """The subtype sets the layer machine reads under ``document``: each word it lists in that set, each
    word it doesn't in the set of the nearest document that lists it (``reading``), any other word a
    creature type; and the card types each set goes with."""
    return _sets_read(document.effective)
