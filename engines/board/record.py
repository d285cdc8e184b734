"""The board's values as records: equal, hashed, shown and frozen by their fields, as frozen dataclasses are.

Every value class of the board (``engines.board.values``, ``abilities``, ``board``, ``trace``) is a ``Record``
that names its fields in ``__match_args__``, in the order its ``__init__`` takes them; its other attributes are
derived from them (a filter's status bits, a permanent's sets) and take no part in equality, hash or repr.
``Record`` answers as a frozen dataclass of those fields would: equal only to an object of the very same class
whose fields are equal, hashed by them, shown as ``Name(field=value, ...)``, refusing any assignment with
``rulesets.record.FrozenInstanceError``, and pickled and copied by its fields through its ``__init__``
(``tests/test_value_classes.py``). A class's own ``__init__`` sets its fields with ``object.__setattr__``.

Why not ``dataclasses``: a compiled class stays native only without a class decorator other than
``@dataclass``, and ``@dataclass`` costs every start the import of ``dataclasses`` and ``inspect`` and its work
on each class; compiled with the machine, ``Record``'s methods are native calls. ``rulesets.record`` makes the
rulesets' and the catalogue's records, and its ``replace`` and ``fields`` serve these too.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter

from rulesets.record import FrozenInstanceError, shown

TYPE_CHECKING = False  # typing.TYPE_CHECKING's value: judge's start imports no typing (diffcheck.cli.judging)
if TYPE_CHECKING:
    from typing import Any, ClassVar, Final


class Record:
    """A frozen value: the base of the board's value classes (see the module's docstring)."""

    __slots__ = ()
    __match_args__: ClassVar[tuple[str, ...]] = ()
    __record__: ClassVar[bool] = True  # what rulesets.record.is_record asks

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        key = _key(self.__class__)
        return bool(key(self) == key(other))

    def __hash__(self) -> int:
        return hash(_key(self.__class__)(self))

    def __repr__(self) -> str:
        return shown(self, self.__class__.__match_args__)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __reduce__(self) -> tuple[Any, tuple]:
        return self.__class__, _key(self.__class__)(self)


# Class -> its fields' values as one tuple (what it is compared and hashed by): made once per class, on first use.
_KEYS: Final[dict[type, Callable[[Any], tuple]]] = {}


def _key(cls: type) -> Callable[[Any], tuple]:
    key = _KEYS.get(cls)
    if key is None:
        key = _KEYS[cls] = _getter(cls.__match_args__)  # type: ignore[attr-defined]
    return key


def _getter(names: tuple[str, ...]) -> Callable[[Any], tuple]:
    """The fields' values as one tuple, as a dataclass compares and hashes them. (``rulesets.record._values_of``
    does the same for the pure records; this one is compiled, so that the machine's hashing stays native.)"""
    if not names:
        return _nothing
    if len(names) == 1:
        one = attrgetter(names[0])
        return lambda o: (one(o),)
    return attrgetter(*names)


def _nothing(o: Any) -> tuple:
    return ()
