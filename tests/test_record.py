"""``rulesets.record``: the rulesets' and the catalogue's values answer as frozen dataclasses of the same fields do
(made, compared, hashed, ordered, shown, frozen, replaced, pickled). That judge's start imports no
``dataclasses`` is tests/cli/test_quick.py's."""

import dataclasses
import pickle

import pytest

from diffcheck.catalogue import catalogue
from diffcheck.catalogue.model import Card, CardEffect, Choice
from rulesets import CR418, CR613
from rulesets.changes import CHANGES, RuleChange
from rulesets.documents import DOCUMENTS, Document
from rulesets.editions import EDITIONS, Edition
from rulesets.inexpressible import NOT_EXPRESSIBLE, Inexpressible
from rulesets.model import Decision, Ruleset, Sublayer, SubtypeSets
from rulesets.record import FrozenInstanceError, fields, is_record, record, replace


def _twin(cls: type, order: bool = False) -> type:
    """A frozen dataclass of ``cls``'s fields with its defaults: what a record is held to."""
    spec = [(n, object, dataclasses.field(default=cls.__dict__[n])) if n in cls.__dict__ else (n, object)
            for n in fields(cls)]
    made = dataclasses.make_dataclass(cls.__name__, spec, frozen=True, order=order)
    made.__qualname__ = cls.__qualname__
    return made


def _hashable(o) -> bool:
    try:
        hash(o)
    except TypeError:
        return False
    return True


def _picklable(o) -> bool:
    try:
        pickle.dumps(o)
    except (TypeError, AttributeError, pickle.PicklingError):
        return False
    return True


SAMPLES = {
    Ruleset: [CR418, CR613],
    Sublayer: list(CR613.sublayers) + list(CR418.sublayers),
    Decision: list(CR418.decisions) + list(CR613.decisions),
    SubtypeSets: [CR418.subtypes, CR613.subtypes],
    Document: list(DOCUMENTS),
    Edition: list(EDITIONS),
    RuleChange: list(CHANGES)[:20],
    Inexpressible: list(NOT_EXPRESSIBLE),
    Card: [catalogue().get(n) for n in ("Grizzly Bears", "Glorious Anthem", "Humility", "Opalescence")],
}


@pytest.mark.parametrize("cls", list(SAMPLES), ids=lambda c: c.__name__)
def test_a_record_answers_as_a_frozen_dataclass_of_its_fields(cls):
    objects = SAMPLES[cls]
    assert len(objects) >= 2 and is_record(cls) and not dataclasses.is_dataclass(cls)
    twin = _twin(cls, order=cls is Document)
    twins = [twin(**{n: getattr(o, n) for n in fields(o)}) for o in objects]
    for o, t in zip(objects, twins):
        assert repr(o) == repr(t)
        if _hashable(t):
            assert hash(o) == hash(t)
        assert replace(o) == o and replace(o) is not o
        with pytest.raises(FrozenInstanceError):
            setattr(o, fields(o)[0], None)
        with pytest.raises(FrozenInstanceError):
            delattr(o, fields(o)[0])
        if _picklable(vars(o)):  # not a ruleset's mapping proxies, nor a rule change's function
            back = pickle.loads(pickle.dumps(o))
            assert back == o and type(back) is cls and vars(back) == vars(o)
    for (a, ta), (b, tb) in zip(zip(objects, twins), zip(objects[1:], twins[1:])):
        assert (a == b) == (ta == tb) and (a != b) == (ta != tb)
        if cls is Document:  # documents sort by date (order=True): as the dataclass did
            assert (a < b, a <= b, a > b, a >= b) == (ta < tb, ta <= tb, ta > tb, ta >= tb)


def test_a_record_is_made_as_a_dataclass_is():
    # Positional and keyword fields, defaults; the same errors for a missing, unknown or repeated field.
    s = Sublayer("7a", "characteristic-defining abilities", "613.4a")
    assert s == Sublayer(key="7a", title="characteristic-defining abilities", rule="613.4a", cda_first=False, topic="")
    assert s.cda_first is False and fields(Sublayer) == ("key", "title", "rule", "cda_first", "topic")
    with pytest.raises(TypeError, match="missing field 'rule'"):
        Sublayer("7a", "x")
    with pytest.raises(TypeError, match="no field 'layer'"):
        Sublayer("7a", "x", "613.4a", layer=7)
    with pytest.raises(TypeError, match="field 'key' twice"):
        Sublayer("7a", "x", "613.4a", key="7b")
    with pytest.raises(TypeError, match="takes 5 fields"):
        Sublayer("7a", "x", "613.4a", False, "", "extra")
    with pytest.raises(TypeError, match="no field 'layer'"):
        replace(s, layer=7)
    with pytest.raises(TypeError, match="not a record"):
        fields(object())
    # __post_init__ runs on every record made, replace's too: a ruleset checks its placement.
    with pytest.raises(ValueError, match="placement names unknown sublayers"):
        replace(CR613, counters_sublayer="9z")
    # Records of different classes are never equal, even with equal fields.
    assert Decision("a", "b", "c") != Sublayer("a", "b", "c") and Decision("a", "b", "c") == Decision("a", "b", "c")
    # The catalogue's records too (their eq and hash hold in the catalogue's indexes).
    choice = Choice("type", "creature_type")
    effect = CardEffect("Giant Growth", None, "spell", "+3/+3", 1, {"pt": {"modify": [3, 3]}}, (choice,))
    assert replace(effect, choices=()) != effect and replace(effect, choices=(choice,)) == effect


def test_a_record_refuses_what_a_dataclass_refuses():
    with pytest.raises(ValueError, match="mutable default"):
        @record
        class Shared:
            items: list = []  # noqa: RUF012
    with pytest.raises(TypeError, match="without a default follows one with a default"):
        @record
        class Misordered:
            a: int = 0
            b: int

