"""Munchkin's observation encoder's loops in C (`_observe.c`): `observation.encode_state`
calls it when it is built."""

from collections.abc import MutableSequence
from typing import Any

def write_fields(
    values: MutableSequence[float],  # a writable float32 buffer
    state: Any,
    seat: int,
    players: int,
    starts: tuple[int, ...],
    rules: tuple[float, ...],
    actors: tuple[int, ...],
    doors: bytes,
    phase_index: dict[str, int],
    window_index: dict[str, int],
    frame_index: dict[str, int],
    hook: int,
    cards: int,
) -> None:
    """Write every piece but the run's and the offer's into a float32 buffer of zeros."""

def rules_key(state: Any, names: tuple[str, ...]) -> bytes:
    """The named integer fields of a state packed into bytes (the rules' figures' memo key)."""
