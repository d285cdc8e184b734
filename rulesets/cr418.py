"""``cr418``: the six-layer rules of 418.5 as the document of 2006-10-01 has them (edition 2005-10).

P/T is layer 6, in five sublayers: 6a characteristic-setting abilities; 6b setting, and
modifying by resolved spells and abilities, interleaved by timestamp; 6c counters;
6d modifying by static abilities; 6e switching (418.5a, 418.5i). Abilities are gained and
lost in layer 5 together with colors. Characteristic-setting abilities apply first in layers
1-5 and take part in dependency, which may move them later (418.5d). The ruleset is the
edition's, from the chain of rule changes (``rulesets.editions``).
"""

from rulesets.editions import ruleset_for

RULESET = ruleset_for("cr418")
