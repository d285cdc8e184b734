"""The built-in engine for the old six-layer rules (418.5): the layer machine with ruleset ``cr418``."""

from engines.layered import LayerEngine
from rulesets import CR418

ENGINE = LayerEngine(CR418)
