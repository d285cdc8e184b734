"""The built-in engine for the 2009 seven-layer rules (613): the layer machine with ruleset ``cr613``."""

from engines.layered import LayerEngine
from rulesets import CR613

ENGINE = LayerEngine(CR613)
