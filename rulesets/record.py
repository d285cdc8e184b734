"""Frozen value classes without ``dataclasses``: ``@record`` and its ``replace`` and ``fields``.

A ruleset's values (``Ruleset``, ``Sublayer``, ``Document``, ``RuleChange``...) and the catalogue's cards are
records: made from their fields, equal and hashed by them, ordered by them if asked, shown as
``Name(field=value, ...)``, and frozen, as frozen dataclasses are. They were frozen dataclasses; but importing
``dataclasses`` imports ``inspect`` (and with it ``ast``, ``dis`` and ``tokenize``), and ``@dataclass`` writes
six methods per class as source and compiles them at every start: with the board's classes, about a fifth of
``diffcheck judge``'s CPU. ``@record`` writes no source: a class's methods are closures over its field names,
read once from its annotations. Type checkers read a record as a frozen dataclass (``dataclass_transform``).

What it keeps of ``dataclasses``, no more: fields are the class's own annotated names (not ``ClassVar``), in
order, each with the default its class body gives; a default may not be a list, dict or set; ``__post_init__``
runs after the fields are set; ``__match_args__`` lists the fields. A record is pickled and copied by its
``__dict__``, as a frozen dataclass is. A record does not inherit fields from a base class.

The board's compiled value classes (``engines.board.record``) cannot take a class decorator and stay native, so
they declare ``__match_args__`` themselves; ``replace``, ``fields`` and ``FrozenInstanceError`` serve both.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from operator import attrgetter

TYPE_CHECKING = False  # typing.TYPE_CHECKING's value: judge's start imports no typing (diffcheck.cli.judging)
if TYPE_CHECKING:
    from typing import Any, TypeVar, dataclass_transform, overload

    _T = TypeVar("_T")
else:  # what the two decorators do at run time, near enough: nothing that reads a record
    def overload(function):
        return function

    def dataclass_transform(**kwargs):
        return lambda function: function


class FrozenInstanceError(AttributeError):
    """An assignment to (or deletion of) a record's field: records are frozen."""


@overload
def record(cls: type[_T], /) -> type[_T]: ...


@overload
def record(*, order: bool = False) -> Callable[[type[_T]], type[_T]]: ...


@dataclass_transform(frozen_default=True)
def record(cls: type[_T] | None = None, /, *, order: bool = False) -> Any:
    """Make ``cls`` a frozen record of its annotated fields (``order``: compared by them as tuples too)."""
    if cls is None:
        return lambda c: _make(c, order)
    return _make(cls, order)


def fields(obj: Any) -> tuple[str, ...]:
    """The field names of a record, or of a record class, in order: what its ``__init__`` takes."""
    cls = obj if isinstance(obj, type) else type(obj)
    if not is_record(cls):
        raise TypeError(f"{cls.__qualname__} is not a record")
    return tuple(cls.__match_args__)  # type: ignore[attr-defined]


def is_record(obj: Any) -> bool:
    """Whether ``obj`` is a record or a record class (``@record``, or a board value of ``engines.board.record``)."""
    return bool(getattr(obj if isinstance(obj, type) else type(obj), "__record__", False))


def replace(obj: _T, /, **changes: Any) -> _T:
    """A new record of ``obj``'s class: its fields, with ``changes`` (fields derived from them are made again)."""
    names = fields(obj)
    unknown = changes.keys() - set(names)
    if unknown:
        raise TypeError(f"{type(obj).__qualname__} has no field {sorted(unknown)[0]!r}")
    made = getattr(type(obj), "_record_made", None)  # a @record's: its fields set without reading arguments again
    if made is None:  # a compiled board value: its fields are attributes
        return type(obj)(**{n: changes[n] if n in changes else getattr(obj, n) for n in names})
    own = obj.__dict__  # a @record's fields are its __dict__'s, in order (read there: a getattr asks the class first)
    return made({n: changes[n] if n in changes else own[n] for n in names})


def _values_of(names: tuple[str, ...]) -> Callable[[Any], tuple]:
    """A record's values of the fields ``names``, as one tuple: what it is compared and hashed by."""
    if not names:
        return lambda o: ()
    if len(names) == 1:
        one = attrgetter(names[0])
        return lambda o: (one(o),)
    return attrgetter(*names)


def shown(obj: Any, names: tuple[str, ...]) -> str:
    """``Name(field=value, ...)``: how a record is shown."""
    return f"{type(obj).__qualname__}({', '.join([f'{n}={getattr(obj, n)!r}' for n in names])})"


def _frozen_setattr(self: Any, name: str, value: Any) -> None:
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _frozen_delattr(self: Any, name: str) -> None:
    raise FrozenInstanceError(f"cannot delete field {name!r}")


_NO_DEFAULT: Any = object()


def _make(cls: type[_T], order: bool) -> type[_T]:
    annotations: Mapping[str, Any] = cls.__dict__.get("__annotations__", {})
    names = tuple(n for n, a in annotations.items() if not str(a).startswith(("ClassVar", "typing.ClassVar")))
    defaults = {n: cls.__dict__[n] for n in names if n in cls.__dict__}
    for name, default in defaults.items():
        if isinstance(default, (list, dict, set)):
            raise ValueError(f"{cls.__qualname__}.{name}: a mutable default would be shared by every record")
    required = [n for n in names if n not in defaults]
    if required and names.index(required[-1]) >= len(required):
        raise TypeError(f"{cls.__qualname__}: field {required[-1]!r} without a default follows one with a default")
    known = frozenset(names)
    key = _values_of(names)
    post_init = getattr(cls, "__post_init__", None)
    qualname = cls.__qualname__

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        if len(args) > len(names):
            raise TypeError(f"{qualname}() takes {len(names)} fields but {len(args)} were given")
        given = dict(zip(names, args))
        for name, value in kwargs.items():
            if name not in known:
                raise TypeError(f"{qualname}() has no field {name!r}")
            if name in given:
                raise TypeError(f"{qualname}() got field {name!r} twice")
            given[name] = value
        own = self.__dict__
        for name in names:  # in field order, as vars() and pickling show them
            value = given.get(name, defaults.get(name, _NO_DEFAULT))
            if value is _NO_DEFAULT:
                raise TypeError(f"{qualname}() missing field {name!r}")
            own[name] = value
        if post_init is not None:
            post_init(self)

    def made(values: dict[str, Any]) -> Any:  # replace's: every field given, in order, and known
        new = object.__new__(cls)
        new.__dict__.update(values)
        if post_init is not None:
            post_init(new)
        return new

    def __eq__(self: Any, other: Any) -> Any:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return key(self) == key(other)

    def __hash__(self: Any) -> int:
        return hash(key(self))

    def __repr__(self: Any) -> str:
        return shown(self, names)

    methods: dict[str, Any] = {
        "__init__": __init__, "__eq__": __eq__, "__hash__": __hash__, "__repr__": __repr__,
        "__setattr__": _frozen_setattr, "__delattr__": _frozen_delattr, "__match_args__": names, "__record__": True,
    }
    if order:
        methods.update(_ordering(key))
    for name, method in methods.items():
        if callable(method):
            method.__qualname__ = f"{qualname}.{name}"
        setattr(cls, name, method)
    made.__qualname__ = f"{qualname}._record_made"
    setattr(cls, "_record_made", staticmethod(made))
    return cls


def _ordering(key: Callable[[Any], tuple]) -> dict[str, Callable[[Any, Any], Any]]:
    def compare(test: Callable[[tuple, tuple], bool]) -> Callable[[Any, Any], Any]:
        def method(self: Any, other: Any) -> Any:
            if other.__class__ is not self.__class__:
                return NotImplemented
            return test(key(self), key(other))
        return method

    return {"__lt__": compare(tuple.__lt__), "__le__": compare(tuple.__le__),
            "__gt__": compare(tuple.__gt__), "__ge__": compare(tuple.__ge__)}
