"""The board's value classes are records (``engines.board.record``): each names its fields in ``__match_args__``
and spells out its ``__init__`` (so that the compiled build compiles it: ``engines/board/board.py``'s docstring);
each ``__init__`` must take exactly those fields, in order, with their defaults, and compute its derived fields as
the rules need them. Records answer as frozen dataclasses of the same fields do."""

import ast
import dataclasses
import pickle
from pathlib import Path

import pytest

from engines.board import abilities, board, trace, values
from engines.compiled import source
from engines.board.board import Board, Effect, Filter, Ids, Permanent, PTModifyPart, PTSetPart, StaticAbility
from engines.board.record import Record
from engines.board.values import Count, TAPPED, TOKEN
from rulesets.record import FrozenInstanceError, fields, is_record, replace

MODULES = (board, abilities, values, trace)


def _record_definitions():
    """(module, class definition) for each class of the modules that declares ``__match_args__``."""
    for module in MODULES:
        tree = ast.parse(Path(source(module.__name__)).read_text())
        for node in tree.body:
            if isinstance(node, ast.ClassDef) and _declared_fields(node) is not None:
                yield module, node


def _declared_fields(cls: ast.ClassDef) -> list[str] | None:
    for n in cls.body:
        if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name) and n.target.id == "__match_args__":
            return list(ast.literal_eval(n.value))
    return None


def _annotated(cls: ast.ClassDef) -> list[str]:
    """The attributes the class body annotates (its fields, then the ones derived from them), ``ClassVar`` aside."""
    return [n.target.id for n in cls.body if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)
            and "ClassVar" not in ast.unparse(n.annotation)]


def _init(cls: ast.ClassDef) -> ast.FunctionDef | None:
    return next((n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name == "__init__"), None)


def _init_parameters(cls: ast.ClassDef) -> list[str]:
    init = _init(cls)
    return [] if init is None else [a.arg for a in init.args.args[1:]] + [a.arg for a in init.args.kwonlyargs]


def _set_by_init(cls: ast.ClassDef) -> set[str]:
    """The attributes ``__init__`` sets: ``object.__setattr__(self, "name", ...)`` (or a helper's same call)."""
    init = _init(cls)
    if init is None:
        return set()
    return {call.args[1].value for call in ast.walk(init) if isinstance(call, ast.Call)
            and len(call.args) >= 2 and isinstance(call.args[1], ast.Constant) and isinstance(call.args[1].value, str)
            and ast.unparse(call.args[0]) == "self"}


RECORDS = list(_record_definitions())


@pytest.mark.parametrize("cls", [c for _, c in RECORDS], ids=lambda c: c.name)
def test_an_init_takes_its_fields_in_order_and_sets_every_attribute(cls):
    declared = _declared_fields(cls)
    assert _init_parameters(cls) == declared
    annotated = _annotated(cls)
    assert annotated[:len(declared)] == declared  # the fields first, in order; then what is derived from them
    assert _set_by_init(cls) == set(annotated)
    # No class-body default: the defaults are __init__'s (a native class would compute one for every object).
    assert all(n.value is None for n in cls.body if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)
               and "ClassVar" not in ast.unparse(n.annotation))


def test_every_value_class_is_a_record_that_declares_its_fields():
    classes = list(_value_classes())
    assert len(classes) >= 44
    assert {c.__name__ for c in classes} == {c.name for _, c in RECORDS}
    for cls in classes:
        assert is_record(cls) and not dataclasses.is_dataclass(cls), cls
    assert {"Permanent", "Card", "Effect", "Board", "StaticAbility", "Ids", "Matching", "Filter", "Count",
            "TypePart", "PTSetPart", "PTModifyPart", "AbilityPart", "CopyPart"} <= {c.__name__ for c in classes}


def test_derived_fields_are_computed_by_the_spelled_out_inits():
    grizzly = Permanent("a", "Grizzly Bears", "p1", "p1", 1, ("creature",), power=2, toughness=2, tapped=True,
                        token=True)
    assert grizzly.status == TAPPED | TOKEN and grizzly.plain
    assert not Permanent("b", "Changeling", "p1", "p1", 2, abilities=("changeling",)).plain
    # A +X/+X whose amount is read from the game is fixed as its effect resolved (611.2d): "variable".
    count = Count(Filter(types=frozenset({"creature"})))
    assert Effect("e", "e", "p1", 3, Ids(("a",)), (PTModifyPart(count, count),)).variable
    assert not Effect("e", "e", "p1", 3, Ids(("a",)), (PTModifyPart(1, 1),)).variable
    assert PTSetPart(count, 1).per_object is False and PTModifyPart(1, 1).per_object is False
    tapped = Filter(tapped=True)
    assert (tapped.status_mask, tapped.status_wanted, tapped.rare) == (TAPPED, TAPPED, True)
    assert not Filter(types=frozenset({"creature"})).rare and Filter(attached=False).rare
    b = Board(("p1", "p2"), (grizzly,))
    assert b.object("a") is grizzly and not b.reaches_cards and not b.variable_effects
    assert replace(b, objects=()).objects == () and replace(b, objects=())._by_id == {}


def test_the_values_stay_frozen_and_compare_by_fields():
    a = StaticAbility("anthem", board.SELF, (PTModifyPart(1, 1),))
    assert a == StaticAbility("anthem", board.SELF, (PTModifyPart(1, 1),)) and hash(a) == hash(
        StaticAbility("anthem", board.SELF, (PTModifyPart(1, 1),)))
    with pytest.raises(FrozenInstanceError):
        a.label = "other"  # type: ignore[misc]


def _value_classes():
    """Every record class of the board's value modules (the trace's entries too)."""
    for module in MODULES:
        for obj in vars(module).values():
            if isinstance(obj, type) and issubclass(obj, Record) and obj.__module__ == module.__name__:
                yield obj


def _twin(cls: type) -> type:
    """A plain frozen dataclass of ``cls``'s fields: what ``dataclasses`` writes ``__eq__``, ``__hash__`` and
    ``__repr__`` for, to hold ``Record``'s to."""
    made = dataclasses.make_dataclass(cls.__name__, [(name, object) for name in fields(cls)], frozen=True)
    made.__qualname__ = cls.__qualname__
    return made


def test_every_value_class_answers_as_a_frozen_dataclass_of_its_fields():
    # engines.board.record: on the objects of real boards, each class's equality, hash, repr, freezing, replace
    # and pickling answer as a frozen dataclass of the same fields does.
    from diffcheck.boards.generate import LARGE, seeded_boards

    seen: dict[type, list] = {}

    def walk(value) -> None:
        if is_record(value) and not isinstance(value, type):
            seen.setdefault(type(value), []).append(value)
            for name in fields(value):
                walk(getattr(value, name))
        elif isinstance(value, (tuple, list, frozenset)):
            for v in value:
                walk(v)

    for data in seeded_boards(3, 40, LARGE):
        walk(Board.from_dict(data))
    assert len(seen) >= 15
    for cls, objects in seen.items():
        twin = _twin(cls)
        as_twins = [twin(**{name: getattr(o, name) for name in fields(o)}) for o in objects[:60]]
        for o, t in zip(objects, as_twins):
            assert repr(o) == repr(t) and hash(o) == hash(t)
        for (a, ta), (b, tb) in zip(zip(objects, as_twins), zip(objects[1:], as_twins[1:])):
            assert (a == b) == (ta == tb) and (a != b) == (ta != tb)
        copy = replace(objects[0])
        assert copy == objects[0] and hash(copy) == hash(objects[0]) and copy is not objects[0]
        # Frozen, as a frozen dataclass is.
        first = fields(objects[0])[0] if fields(objects[0]) else "anything"
        with pytest.raises(FrozenInstanceError):
            setattr(objects[0], first, None)
        with pytest.raises(FrozenInstanceError):
            delattr(objects[0], first)
        # Pickled by its fields through its __init__, which computes the derived ones again: compiled or not.
        back = pickle.loads(pickle.dumps(objects[0]))
        # (Not compared by repr: a frozenset unpickled may list its members in another order.)
        assert back == objects[0] and type(back) is cls
        assert all(getattr(back, name) == getattr(objects[0], name) for name in _derived(cls))
    # Equal fields in another class are not equal (a dataclass compares only objects of its own class).
    assert values.ManaValue() == values.ManaValue() and values.ManaValue() != values.YourTurn()


def _derived(cls: type) -> list[str]:
    definition = next(c for _, c in RECORDS if c.name == cls.__name__)
    return [name for name in _annotated(definition) if name not in fields(cls)]
