"""The board's value classes spell out their ``__init__`` (so that the compiled build compiles it:
``engines/board/board.py``'s docstring); each must take exactly its dataclass fields, in order, with their
defaults, and compute its derived fields as the rules need them."""

import ast
import dataclasses

import pytest

from engines.board import abilities, board, values
from engines.compiled import source
from engines.board.board import Board, Effect, Filter, Ids, Permanent, PTModifyPart, PTSetPart, StaticAbility
from engines.board.values import Count, TAPPED, TOKEN

MODULES = (board, abilities, values)


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
