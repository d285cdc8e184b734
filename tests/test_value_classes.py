"""The board's value classes spell out their ``__init__`` (so that the compiled build compiles it:
``engines/board/board.py``'s docstring); each must take exactly its dataclass fields, in order, with their
defaults, and compute its derived fields as the rules need them."""

import ast
import dataclasses
import pickle

import pytest

from engines.board import abilities, board, trace, values
from engines import COMPILED
from engines.compiled import source
from engines.board.board import Board, Effect, Filter, Ids, Permanent, PTModifyPart, PTSetPart, StaticAbility
from engines.board.values import Count, TAPPED, TOKEN

MODULES = (board, abilities, values, trace)


def _classes_with_an_init():
    """(module, class definition) for each dataclass of the modules whose source spells out ``__init__``."""
    for module in MODULES:
        tree = ast.parse(source(module.__name__).read_text())
        for node in tree.body:
            if isinstance(node, ast.ClassDef) and any(isinstance(d, ast.Call) and getattr(d.func, "id", "") == "dataclass"
                                                      for d in node.decorator_list):
                if any(isinstance(n, ast.FunctionDef) and n.name == "__init__" for n in node.body):
                    yield module, node


def _init_fields(cls: ast.ClassDef) -> list[tuple[str, str | None]]:
    """The fields the generated ``__init__`` would take: name and default's source (None: no default)."""
    out = []
    for n in cls.body:
        if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name) and "ClassVar" not in ast.unparse(n.annotation):
            value = n.value
            if isinstance(value, ast.Call) and getattr(value.func, "id", "") == "field":
                if any(k.arg == "init" and isinstance(k.value, ast.Constant) and k.value.value is False
                       for k in value.keywords):
                    continue
                value = next((k.value for k in value.keywords if k.arg == "default"), None)
            out.append((n.target.id, None if value is None else ast.unparse(value)))
    return out


def _init_parameters(cls: ast.ClassDef) -> list[tuple[str, str | None]]:
    init = next(n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name == "__init__")
    names = [a.arg for a in init.args.args[1:]]
    defaults = [None] * (len(names) - len(init.args.defaults)) + [ast.unparse(d) for d in init.args.defaults]
    return list(zip(names, defaults))


SPELLED_OUT = list(_classes_with_an_init())


@pytest.mark.parametrize("cls", [c for _, c in SPELLED_OUT], ids=lambda c: c.name)
def test_an_init_takes_its_fields_in_order_with_their_defaults(cls):
    assert _init_parameters(cls) == _init_fields(cls)


def test_the_board_values_spell_out_their_init():
    assert {"Permanent", "Card", "Effect", "Board", "StaticAbility", "Ids", "Matching", "Filter", "Count",
            "TypePart", "PTSetPart", "PTModifyPart", "AbilityPart", "CopyPart"} <= {c.name for _, c in SPELLED_OUT}


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
    assert dataclasses.replace(b, objects=()).objects == () and dataclasses.replace(b, objects=())._by_id == {}


def test_the_values_stay_frozen_and_compare_by_fields():
    a = StaticAbility("anthem", board.SELF, (PTModifyPart(1, 1),))
    assert a == StaticAbility("anthem", board.SELF, (PTModifyPart(1, 1),)) and hash(a) == hash(
        StaticAbility("anthem", board.SELF, (PTModifyPart(1, 1),)))
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.label = "other"  # type: ignore[misc]


def _value_classes():
    """Every dataclass of the board's value modules (the trace's entries too)."""
    for module in MODULES:
        for obj in vars(module).values():
            if isinstance(obj, type) and dataclasses.is_dataclass(obj) and obj.__module__ == module.__name__:
                yield obj


def _twin(cls: type) -> type:
    """A plain frozen dataclass with ``cls``'s fields (names, compare, hash, repr): what ``dataclasses`` writes
    ``__eq__``, ``__hash__`` and ``__repr__`` for, to hold ``Record``'s to."""
    fields = dataclasses.fields(cls)
    made = dataclasses.make_dataclass(
        cls.__name__, [(f.name, object, dataclasses.field(compare=f.compare, hash=f.hash, repr=f.repr)) for f in fields],
        frozen=True)
    made.__qualname__ = cls.__qualname__
    return made


def test_every_value_class_is_a_record_with_a_dataclass_s_equality_hash_and_repr():
    # engines.board.record: each class takes Record's three methods, which dataclasses is told not to write
    # (eq=False, repr=False); on the objects of real boards they answer as a dataclass of the same fields does.
    from diffcheck.boards.generate import LARGE, seeded_boards
    from engines.board.record import Record

    classes = list(_value_classes())
    assert len(classes) >= 44
    for cls in classes:
        assert issubclass(cls, Record), cls
        params = cls.__dataclass_params__  # type: ignore[attr-defined]
        assert not params.frozen and not params.eq and not params.repr, cls  # Record freezes it

    seen: dict[type, list] = {}

    def walk(value) -> None:
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            seen.setdefault(type(value), []).append(value)
            for f in dataclasses.fields(value):
                walk(getattr(value, f.name))
        elif isinstance(value, (tuple, list, frozenset)):
            for v in value:
                walk(v)

    for data in seeded_boards(3, 40, LARGE):
        walk(Board.from_dict(data))
    assert len(seen) >= 15
    for cls, objects in seen.items():
        twin = _twin(cls)
        as_twins = [twin(**{f.name: getattr(o, f.name) for f in dataclasses.fields(o)}) for o in objects[:60]]
        for o, t in zip(objects, as_twins):
            assert repr(o) == repr(t) and hash(o) == hash(t)
        for (a, ta), (b, tb) in zip(zip(objects, as_twins), zip(objects[1:], as_twins[1:])):
            assert (a == b) == (ta == tb) and (a != b) == (ta != tb)
        copy = dataclasses.replace(objects[0])
        assert copy == objects[0] and hash(copy) == hash(objects[0]) and copy is not objects[0]
        # Frozen, as a frozen dataclass is.
        first = dataclasses.fields(objects[0])[0].name if dataclasses.fields(objects[0]) else "anything"
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(objects[0], first, None)
        with pytest.raises(dataclasses.FrozenInstanceError):
            delattr(objects[0], first)
        if not COMPILED:  # a compiled class makes its objects through its __init__ only, so pickle cannot
            back = pickle.loads(pickle.dumps(objects[0]))
            assert back == objects[0] and repr(back) == repr(objects[0]) and type(back) is cls
    # Equal fields in another class are not equal (a dataclass compares only objects of its own class).
    assert values.ManaValue() == values.ManaValue() and values.ManaValue() != values.YourTurn()
