"""The board's values as records: equal, hashed and shown by their fields, as frozen dataclasses are.

Every value class of the board (``engines.board.values``, ``abilities``, ``board``, ``trace``) is a
``@dataclass(slots=True, eq=False, repr=False)`` on ``Record``, frozen by ``Record``. ``dataclasses`` would write
an ``__eq__``, a ``__hash__``, a ``__repr__`` and, frozen, a ``__setattr__`` and a ``__delattr__`` for each class as
source and compile them at every start (some 0.1 ms a method: a tenth of a judge's start for the board's 44
classes); ``Record``'s read each class's fields once, and compiled with the machine they are native calls where
the generated ones ran as interpreted Python. They answer as the generated ones do: equal only to an object of
the very same class whose compared fields are equal, hashed by those fields, shown as ``Name(field=value, ...)``,
refusing any assignment with ``dataclasses.FrozenInstanceError``, and pickled by their fields
(``tests/test_value_classes.py``). A class's own ``__init__`` sets its fields with ``object.__setattr__``.
"""

from __future__ import annotations

import dataclasses
from operator import attrgetter
from typing import Any, Callable, Final


class Record:
    """A frozen value: the base of the board's value classes (see the module's docstring)."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        key = _key(self.__class__)
        return bool(key(self) == key(other))

    def __hash__(self) -> int:
        return hash(_key(self.__class__)(self))

    def __repr__(self) -> str:
        names = _shown(self.__class__)
        return f"{self.__class__.__qualname__}({', '.join([f'{n}={getattr(self, n)!r}' for n in names])})"

    def __setattr__(self, name: str, value: object) -> None:
        raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")

    # Pickled as a frozen dataclass with slots is: its fields' values in order, set back past __setattr__.
    def __getstate__(self) -> list:
        return [getattr(self, f.name) for f in dataclasses.fields(self)]  # type: ignore[arg-type]

    def __setstate__(self, state: list) -> None:
        for f, value in zip(dataclasses.fields(self), state):  # type: ignore[arg-type]
            object.__setattr__(self, f.name, value)


# Class -> what its values are compared and hashed by, and the fields it shows: made once per class, on first use.
_KEYS: Final[dict[type, Callable[[Any], Any]]] = {}
_SHOWN: Final[dict[type, tuple[str, ...]]] = {}


def _key(cls: type) -> Callable[[Any], Any]:
    key = _KEYS.get(cls)
    if key is None:
        fields = dataclasses.fields(cls)
        # A field left out of comparison is left out of the hash too (every such field says hash=False or
        # nothing, which dataclasses reads as the same).
        assert all(bool(f.compare) == bool(f.compare if f.hash is None else f.hash) for f in fields), cls
        key = _KEYS[cls] = _getter(tuple(f.name for f in fields if f.compare))
    return key


def _getter(names: tuple[str, ...]) -> Callable[[Any], Any]:
    """The compared fields' values of an object, as one tuple (a dataclass compares and hashes that tuple)."""
    if not names:
        return _nothing
    if len(names) == 1:
        one = attrgetter(names[0])
        return lambda o: (one(o),)
    return attrgetter(*names)


def _nothing(o: Any) -> tuple:
    return ()


def _shown(cls: type) -> tuple[str, ...]:
    names = _SHOWN.get(cls)
    if names is None:
        names = _SHOWN[cls] = tuple(f.name for f in dataclasses.fields(cls) if f.repr)
    return names
