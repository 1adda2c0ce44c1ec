"""Boss Quest's observation encoder's loops in C (`_observe.c`): `observation.encode_state`
calls it when it is built."""

from array import array
from typing import Any

def write_tables(
    values: array[float],
    state: Any,
    seat: int,
    players: int,
    starts: tuple[int, ...],
    bonuses: list[int],
    status_index: dict[Any, int],
    spell_of_id: tuple[int, ...],
    dark_of_id: tuple[bool, ...],
    weapon_value: tuple[int, ...],
    keys: int,
    statuses: int,
    weapons: int,
) -> None:
    """Write the pieces of `observation._TABLE_PIECES` into a float32 buffer of zeros."""
