"""Stage 1 of loading a board: from a file's bytes to plain data.

The file is not absurdly large (checked before it is read), its bytes are UTF-8, and its
text is valid JSON or YAML; a syntax error carries its line and column. The readers are
strict where the formats are lax: a key repeated in one mapping is an error, not a value
silently replaced, and a YAML scalar that cannot be built is reported at its position.
"""

from __future__ import annotations

import json
import os
import re

from diffcheck.boards.limits import MAX_DEPTH, MAX_FILE_BYTES
from diffcheck.boards.problems import BoardError
from diffcheck.pyyaml import OnFirstUse, yaml
from diffcheck.words import q

__all__ = ["read_document"]

TYPE_CHECKING = False  # typing.TYPE_CHECKING's value: judge's start imports no typing (diffcheck.cli.judging)
if TYPE_CHECKING:  # annotations only: pathlib, with what it imports, is a tenth of judge's start
    from pathlib import Path
    from typing import Any


def read_document(path: str | Path, file: str) -> Any:
    """The parsed document in ``path``; the parser is chosen by the file's extension."""
    raw = _read_bytes(path, file)
    text = _decode(raw, file)
    suffix = os.path.splitext(path)[1].lower()
    if suffix == ".json":
        return _parse_json(text, file)
    if suffix in (".yaml", ".yml"):
        return _parse_yaml(text, file)
    return parse_text(text, file)


def parse_text(text: str, file: str) -> Any:
    """A document given as text with no file name to go by (a board posted to the page): JSON, else YAML."""
    try:
        return _parse_json(text, file)
    except BoardError:
        # YAML's errors are the more useful ones for a file that is not JSON.
        return _parse_yaml(text, file)


def _read_bytes(path: str | Path, file: str) -> bytes:
    """The file's bytes; a file larger than MAX_FILE_BYTES is refused before it is read."""
    try:
        with open(path, "rb") as f:
            size = os.fstat(f.fileno()).st_size
            if size > MAX_FILE_BYTES:
                raise BoardError(file, "", _too_large_message(f"is {_size_phrase(size)}"))
            # A pipe or a device has no size: read one byte past the limit, no more.
            raw = f.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise BoardError(file, "", f"cannot read the file: {exc.strerror or exc}") from None
    if len(raw) > MAX_FILE_BYTES:
        raise BoardError(file, "", _too_large_message("holds more"))
    return raw


def _too_large_message(found: str) -> str:
    return f"the file {found}; the most a board file may hold is {_size_phrase(MAX_FILE_BYTES)}"


def _size_phrase(size: int) -> str:
    """``100 MB (104,857,600 bytes)``, ``512 KB (524,288 bytes)``, ``900 bytes``."""
    for unit, scale in (("MB", 1024 * 1024), ("KB", 1024)):
        if size >= scale:
            return f"{size / scale:,.1f} {unit} ({size:,} bytes)".replace(f".0 {unit}", f" {unit}")
    return f"{size:,} bytes"


def _decode(raw: bytes, file: str) -> str:
    """The file's text; a byte-order mark, which some editors write, is dropped."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise BoardError(
            file,
            f"line {line}, column {column}",
            f"the file is not UTF-8 text: byte 0x{raw[exc.start]:02x} cannot be decoded; save it as UTF-8",
        ) from None
    return text.removeprefix("\ufeff")


# The JSON and YAML readers recurse once (or a few times) per level of nesting, so a
# document thousands of levels deep exhausts the interpreter's stack while it is read;
# the RecursionError is caught there and reported as this.
_TOO_DEEP = f"the document is nested too deeply to read; a board is at most {MAX_DEPTH} levels deep"

# Reading JSON text with the YAML reader, only to find where a key repeats, costs seconds
# per megabyte; above this size the message goes without a position.
_YAML_POSITION_MAX_CHARS = 256 * 1024


class _DuplicateKey(Exception):
    """A JSON object that repeats a key (the json module would silently keep the last)."""


def _unique_pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _DuplicateKey(key)
        out[key] = value
    return out


def _parse_json(text: str, file: str) -> Any:
    try:
        return json.loads(text, object_pairs_hook=_unique_pairs)
    except json.JSONDecodeError as exc:
        raise BoardError(file, f"line {exc.lineno}, column {exc.colno}", f"JSON syntax error: {exc.msg}") from None
    except _DuplicateKey as exc:
        # json gives no position; the YAML reader, which reads JSON too, finds one.
        where = _yaml_duplicate_position(text)
        raise BoardError(file, where, f"JSON error: key {q(exc.args[0])} appears twice in one object") from None
    except RecursionError:
        raise BoardError(file, "", _TOO_DEEP) from None
    except ValueError:
        # The json module's only other ValueError: an integer longer than Python converts
        # (sys.get_int_max_str_digits), raised without a position.
        raise BoardError(file, "", "JSON error: a number has too many digits to read") from None


def _yaml_duplicate_position(text: str) -> str:
    """Where the YAML reader finds a repeated key in ``text``, or "" if it cannot tell."""
    if len(text) > _YAML_POSITION_MAX_CHARS:
        return ""
    try:
        yaml.load(text, Loader=_StrictLoader)
    except yaml.MarkedYAMLError as exc:
        if exc.problem and "appears twice" in exc.problem and exc.problem_mark is not None:
            return _mark_position(exc.problem_mark)
    except Exception:  # noqa: BLE001 - only a best-effort position for a message
        pass
    return ""


class _Forbidden:
    """The characters YAML forbids in a text (YAML 1.1, 5.1), as PyYAML's reader finds them: ``search`` and every
    other attribute are a compiled pattern's.

    They are named directly: PyYAML's own pattern names the characters allowed, and costs ``re`` some 25 ms to
    build (``diffcheck.pyyaml``); this one, some 1 ms. A text of ASCII alone, as boards mostly are, is searched
    by the class's ASCII part, which costs next to nothing; the whole class is built for the first text that is
    not."""

    ASCII = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")

    def __init__(self) -> None:
        self.whole = OnFirstUse("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\udfff\ufffe\uffff]")

    def search(self, text: str) -> re.Match[str] | None:
        return (self.ASCII if text.isascii() else self.whole).search(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.whole, name)


class _Strict:
    """What the board's YAML readers build beyond ``yaml.SafeLoader``: repeated keys rejected, bad scalars reported
    with their position."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        # Only the mapping's own keys count; keys merged in with "<<" may be overridden.
        # A node that is no mapping (!!set on a scalar) and an unhashable key (!!set on a
        # key) are left to the base class, which reports them with their position.
        seen: set[Any] = set()
        for key_node, _ in node.value if isinstance(node, yaml.MappingNode) else ():
            if key_node.tag == "tag:yaml.org,2002:merge" or not isinstance(key_node, yaml.ScalarNode):
                continue
            key = self.construct_object(key_node)  # type: ignore[attr-defined]
            try:
                hash(key)
            except TypeError:
                continue
            if key in seen:
                raise yaml.constructor.ConstructorError(
                    "while reading a mapping", node.start_mark,
                    f"key {q(key)} appears twice in one mapping", key_node.start_mark,
                )
            seen.add(key)
        return super().construct_mapping(node, deep=deep)  # type: ignore[misc]

    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
        # A scalar that matches a YAML type but cannot be built (month 13, an integer of
        # 5000 digits) raises a plain ValueError without a position; give it one.
        try:
            return super().construct_object(node, deep=deep)  # type: ignore[misc]
        except (ValueError, OverflowError) as exc:
            reason = "a number with too many digits" if "digits" in str(exc) else str(exc)
            raise yaml.constructor.ConstructorError(
                None, None, f"cannot read this value ({reason})", node.start_mark
            ) from None
        except _CONSTRUCTION_ERRORS:
            # PyYAML's constructors trust an explicit tag (!!timestamp x, !!set [a]) to fit its value.
            raise yaml.constructor.ConstructorError(
                None, None, f"cannot read this value as {_tag_name(node.tag)}", node.start_mark
            ) from None


class _StrictLoader(_Strict, yaml.SafeLoader):
    """``yaml.SafeLoader`` that rejects repeated keys and reports bad scalars with their position."""

    NON_PRINTABLE = _Forbidden()


# libyaml's parser, where PyYAML was built with it.
_LIBYAML: tuple[type, ...] = (yaml.cyaml.CParser,) if yaml.__with_libyaml__ else ()


class _QuickLoader(_Strict, yaml.composer.Composer, *_LIBYAML, yaml.constructor.SafeConstructor,
                   yaml.resolver.Resolver):
    """``_StrictLoader`` with libyaml's parser in place of PyYAML's pure-Python reader, scanner and parser, some six
    times faster: the events are libyaml's, the nodes and the data are built by the same Python code.

    Taken only where PyYAML has libyaml, only for a text ``_quick`` lets through (``_parse_yaml``), and only for its
    answer when it has one: whatever it refuses, the pure-Python reader reads again and says what is wrong."""

    def __init__(self, stream: str) -> None:
        yaml.cyaml.CParser.__init__(self, stream)
        yaml.composer.Composer.__init__(self)
        yaml.constructor.SafeConstructor.__init__(self)
        yaml.resolver.Resolver.__init__(self)


# What only the pure-Python reader reads (``_quick``): a tab, a tag's ``!``, a ``?``, a byte-order mark, a Unicode
# line break, and a block scalar's header with a comment right after it.
_NOT_QUICK = re.compile("[\t!?\ufeff\x85\u2028\u2029]|[|>][-+0-9]*#")


def _quick(text: str) -> bool:
    """Whether ``_QuickLoader`` may read ``text``: PyYAML has libyaml, and nothing in the text is ``_NOT_QUICK``.

    Without those, libyaml and PyYAML's pure-Python reader give the same data for every text both read, and
    libyaml reads no text the other refuses (tests/boards/test_reading.py compares them on generated texts).
    With them they part: libyaml is laxer with tabs, with tags, with a ``?`` inside a plain scalar in a flow
    collection (``{a: b?c}``) and with a comment that touches a block scalar's header (``|#``), and reads a
    byte-order mark or a Unicode line break (U+0085, U+2028, U+2029) otherwise. A text that holds one is read by
    the pure-Python reader alone, as every text was before."""
    return bool(_LIBYAML) and _NOT_QUICK.search(text) is None


# What PyYAML's constructors raise, besides their own errors, on a value that does not fit
# an explicit tag. Raised while a node is built, they get its position (construct_object
# above); raised while a collection is filled in afterwards, they get none (_parse_yaml).
_CONSTRUCTION_ERRORS = (TypeError, AttributeError, KeyError, IndexError, ValueError, OverflowError)


def _tag_name(tag: str) -> str:
    return "!!" + tag.removeprefix("tag:yaml.org,2002:") if tag.startswith("tag:yaml.org,2002:") else tag


def _parse_yaml(text: str, file: str) -> Any:
    if _quick(text):
        try:
            return yaml.load(text, Loader=_QuickLoader)
        except Exception:  # noqa: BLE001 - whatever libyaml refuses, the pure-Python reader reads and explains
            pass
    try:
        return yaml.load(text, Loader=_StrictLoader)
    except yaml.MarkedYAMLError as exc:
        raise BoardError(file, _mark_position(exc.problem_mark or exc.context_mark), _yaml_message(exc)) from None
    except yaml.reader.ReaderError as exc:
        raise BoardError(
            file, _offset_position(text, exc.position),
            f"YAML syntax error: character U+{exc.character:04X} is not allowed in YAML text"
            if isinstance(exc.character, int) else f"YAML syntax error: {exc.reason}",
        ) from None
    except yaml.YAMLError as exc:
        raise BoardError(file, "", f"YAML syntax error: {exc}") from None
    except RecursionError:
        raise BoardError(file, "", _TOO_DEEP) from None
    except _CONSTRUCTION_ERRORS:
        raise BoardError(
            file, "", "YAML error: a value does not fit its explicit tag (such as !!set or !!omap; a board needs none)"
        ) from None


def _yaml_message(exc: yaml.MarkedYAMLError) -> str:
    message = f"YAML syntax error: {exc.problem}"
    if exc.context and exc.context_mark is not None and exc.context_mark is not exc.problem_mark:
        message += f" ({exc.context} at line {exc.context_mark.line + 1})"
    return message


def _mark_position(mark: Any) -> str:
    return "" if mark is None else f"line {mark.line + 1}, column {mark.column + 1}"


def _offset_position(text: str, offset: int) -> str:
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return f"line {line}, column {column}"
