"""``cr613``: the seven-layer rules of 613 as the document of 2009-10-05 has them (edition 2009-07).

Abilities get a layer of their own (6). P/T is layer 7: 7a characteristic-defining
abilities; 7b setting; 7c modifying, from any origin; 7d counters; 7e switching (613.3).
Characteristic-defining abilities apply first in layers 1-6 (613.2) and never take part in
dependency (613.7a(c)); only colors, subtypes and P/T can be defined by one (604.3a(1)).
The ruleset is the edition's, from the chain of rule changes (``rulesets.editions``).
"""

from rulesets.editions import ruleset_for

RULESET = ruleset_for("cr613")
