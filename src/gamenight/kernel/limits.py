"""Bounds on outside input: how large and how deeply nested the JSON that the kernel
parses may be (snapshots for `gamenight.load`, records for `GameRecord.from_json`), and
how much of a bad input an error message may quote.

Input past a bound is refused with a `ValueError` before it is parsed, so a snapshot or
a record can neither exhaust the memory nor the stack (a list nested 2,000 deep raises a
`ValueError`, never a `RecursionError`), and no error message echoes a huge input.
"""

from __future__ import annotations

import itertools
import json
import math
import re
import reprlib
from typing import Any

# A finished game's snapshot is tens of kilobytes, its record a few; the bounds leave
# room for games played to their safety limits.
MAX_SNAPSHOT_CHARS = 32 * 2**20
"""The longest text `gamenight.load` parses (32 MiB)."""
MAX_RECORD_CHARS = 16 * 2**20
"""The longest text `GameRecord.from_json` parses (16 MiB); `gamenight replay` reads no
larger file."""
MAX_JSON_DEPTH = 32
"""The deepest nesting of lists and objects in a snapshot or a record (games use 6)."""
QUOTE_CHARS = 200
"""The most characters of an input that an error message quotes (a message that wraps
another error's text repeats at most this many characters of it)."""

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_DEPTH_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def parse_json(text: Any, max_chars: int) -> Any:
    """Parse JSON text of at most `max_chars` characters and `MAX_JSON_DEPTH` levels.

    Refused with a `ValueError`: anything but ``str``, ``bytes`` or ``bytearray``, text
    past a bound, malformed JSON, ``NaN`` and ``Infinity`` (also as ``1e999``), and an
    object that names a key twice (parsers disagree on which value counts).
    """
    if isinstance(text, bytes | bytearray):
        text = bytes(text).decode("utf-8")  # UnicodeDecodeError is a ValueError
    if not isinstance(text, str):
        raise ValueError(f"expected JSON text, got {type(text).__name__}")
    if len(text) > max_chars:
        raise ValueError(f"the text is {len(text):,} characters long; the limit is {max_chars:,}")
    if _depth(text) > MAX_JSON_DEPTH:
        raise ValueError(f"lists and objects are nested deeper than {MAX_JSON_DEPTH} levels")
    return json.loads(
        text,
        parse_constant=_refuse_constant,
        parse_float=_finite_float,
        object_pairs_hook=_unique_keys,
    )


def quote(value: Any) -> str:
    """`value`'s repr for an error message: at most `QUOTE_CHARS` characters, cut in the
    middle of long strings and after the first items of long lists and deep nesting."""
    try:
        text = _QUOTER.repr(value)
    except (ValueError, RecursionError):  # an integer of over 4,300 digits, say
        text = f"<{type(value).__name__}>"
    return clip(text, QUOTE_CHARS)


def clip(text: str, limit: int) -> str:
    """`text` cut to at most `limit` characters, ending with ``...`` when cut."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _depth(text: str) -> int:
    """The deepest nesting of brackets outside strings (a linear scan, no recursion)."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(itertools.accumulate(map(_DEPTH_STEP.__getitem__, brackets)), default=0)


def _refuse_constant(name: str) -> float:
    raise ValueError(f"{name} is not a JSON number")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {clip(text, QUOTE_CHARS)} is out of range")
    return value


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data = dict(pairs)
    if len(data) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise ValueError(f"an object names the key {quote(key)} twice")
            seen.add(key)
    return data


_QUOTER = reprlib.Repr()
_QUOTER.maxlevel = 3
_QUOTER.maxdict = _QUOTER.maxlist = _QUOTER.maxtuple = _QUOTER.maxset = 8
_QUOTER.maxstring = _QUOTER.maxlong = _QUOTER.maxother = QUOTE_CHARS
