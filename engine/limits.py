"""The sizes the engine accepts from outside, and one bounded JSON reader.

Everything that comes from outside (a record, a bridge request, an action, a variant)
is measured against these bounds before anything is built from it, so that a small
input can never make the engine allocate or compute without end. The limits are
documented in ``docs/reference/records.md``; an input beyond one is refused with an
engine error naming the field and the limit.

>>> from engine.errors import RecordError
>>> read_json('{"a": [1, 2]}', RecordError, "record")
{'a': [1, 2]}
>>> read_json('[' * 100 + ']' * 100, RecordError, "record")
Traceback (most recent call last):
...
engine.errors.RecordError: record: nested deeper than 32 levels
"""

from __future__ import annotations

import json
import re
from typing import Any

from .errors import EngineError

__all__ = [
    "MAX_JSON_BYTES", "MAX_JSON_DEPTH", "MAX_INT_DIGITS", "MAX_TEXT", "MAX_PLAYERS", "MAX_DEALS",
    "MAX_ACTIONS", "MAX_DECK", "MAX_BUDGET", "MAX_TIME_BUDGET", "MAX_SEED", "MAX_ACTION_VALUE", "read_json",
]

MAX_JSON_BYTES = 4 * 1024 * 1024
"""The largest JSON text read (a record or a bridge request): 4 MiB. A whole game of
the longest game here (Рамс from 200 at seven players) records in well under 200 KiB."""
MAX_JSON_DEPTH = 32
"""The deepest nesting of arrays and objects in a JSON text (a record needs 4)."""
MAX_INT_DIGITS = 20
"""The most digits an integer literal in a JSON text may have."""
MAX_TEXT = 1_000
"""The longest string accepted in a field other than a record's ``comment``."""
MAX_COMMENT = 100_000
"""The longest ``comment`` of a record."""
MAX_PLAYERS = 16
"""The most players a record or request may name (every game here seats at most 7)."""
MAX_DEALS = 10_000
"""The most deals a record may hold."""
MAX_ACTIONS = 200_000
"""The most actions a record may hold."""
MAX_DECK = 52
"""The most cards in one deal's deck."""
MAX_BUDGET = 1_000
"""The most playouts per move the sampling bot accepts (its default is 48)."""
MAX_TIME_BUDGET = 10_000
"""The most milliseconds per move the sampling bot may be given (the table gives it 200)."""
MAX_SEED = 2**63 - 1
"""Seeds are integers from ``-MAX_SEED`` to ``MAX_SEED``."""
MAX_ACTION_VALUE = 10**9
"""An action's integer value lies strictly between ``-MAX_ACTION_VALUE`` and ``MAX_ACTION_VALUE``."""

# a JSON string (with its escapes), or one bracket: what decides the nesting depth
_JSON_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def _depth_exceeds(text: str, limit: int) -> bool:
    depth = 0
    for token in _JSON_TOKENS.finditer(text):
        char = token.group()
        if char in "[{":
            depth += 1
            if depth > limit:
                return True
        elif char in "]}":
            depth -= 1
    return False


def read_json(text: str | bytes | bytearray, error: type[EngineError], what: str) -> Any:
    """Parse JSON text within the limits, or raise ``error`` naming ``what``: text over
    :data:`MAX_JSON_BYTES`, nesting over :data:`MAX_JSON_DEPTH`, an integer of more than
    :data:`MAX_INT_DIGITS` digits, ``NaN``/``Infinity``, a duplicate key in an object."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_JSON_BYTES:
            raise error(f"{what}: {len(text):,} bytes, more than the {MAX_JSON_BYTES:,} accepted")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise error(f"{what}: not UTF-8 text") from None
    if not isinstance(text, str):
        raise error(f"{what}: expected JSON text, not {type(text).__name__}")
    if len(text) > MAX_JSON_BYTES:
        raise error(f"{what}: {len(text):,} characters, more than the {MAX_JSON_BYTES:,} accepted")
    if (text.count("[") + text.count("{") > MAX_JSON_DEPTH) and _depth_exceeds(text, MAX_JSON_DEPTH):
        raise error(f"{what}: nested deeper than {MAX_JSON_DEPTH} levels")

    def parse_int(digits: str) -> int:
        if len(digits.lstrip("-")) > MAX_INT_DIGITS:
            raise error(f"{what}: an integer of {len(digits.lstrip('-')):,} digits "
                        f"(at most {MAX_INT_DIGITS} are accepted)")
        return int(digits)

    def parse_constant(name: str) -> Any:
        raise error(f"{what}: {name} is not a JSON number")

    def parse_float(digits: str) -> float:
        number = float(digits)
        if number in (float("inf"), float("-inf")):
            raise error(f"{what}: the number {digits[:40]} is too large")
        return number

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        obj: dict[str, Any] = {}
        for key, value in items:
            if key in obj:
                raise error(f"{what}: the key {key[:40]!r} appears twice in one object")
            obj[key] = value
        return obj

    try:
        return json.loads(text, parse_int=parse_int, parse_float=parse_float, parse_constant=parse_constant, object_pairs_hook=pairs)
    except EngineError:
        raise
    except json.JSONDecodeError as exc:
        raise error(f"{what}: not JSON ({exc.msg} at line {exc.lineno}, column {exc.colno})") from None
    except (RecursionError, ValueError) as exc:  # a float literal too large, or the stack
        raise error(f"{what}: cannot be read as JSON ({type(exc).__name__})") from None

