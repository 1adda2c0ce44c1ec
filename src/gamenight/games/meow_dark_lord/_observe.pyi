"""Meow, Dark Lord!'s observation encoder in C (`_observe.c`): `observation.encode_state` is
its function when it is built."""

from collections.abc import Callable, Mapping, MutableSequence
from typing import Any

def encode_state(state: Any, seat: int | None, values: MutableSequence[float]) -> None:
    """Write `encode(view(seat))` into `values`: a float32 buffer of zeros as long as the
    observation in C, anything else by the Python code `configure` was given."""

def configure(
    layouts: Mapping[int, tuple[tuple[int, int] | int, ...]],
    phases: tuple[str, ...],
    over: int,
    pending: tuple[str, ...],
    end_reasons: tuple[str, ...],
    cats: int,
    actors: Callable[[Any], tuple[int, ...]],
    fallback: Callable[[Any, int | None, MutableSequence[float]], None],
) -> None:
    """Hand over, once, where each piece starts and its size for each player count (in the
    order of `observation._NATIVE_PIECES`, then the observation's length), the
    vocabularies of the one-hot pieces in their order, `MeowState.actors` (which it
    follows in C for a class that keeps it) and the Python encoder."""
