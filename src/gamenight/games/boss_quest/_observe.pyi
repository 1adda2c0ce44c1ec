"""Boss Quest's observation encoder and view in C (`_observe.c`): `observation.encode_state`
and `views.view` are its functions when it is built."""

from collections.abc import Callable, Mapping, MutableSequence
from typing import Any

def encode_state(state: Any, seat: int | None, values: MutableSequence[float]) -> None:
    """Write `encode(view(seat))` into `values` (zeros, as long as the observation): a
    float32 buffer in C, anything else by the Python code handed to `configure`."""

def configure(
    layouts: Mapping[int, tuple[tuple[int, int] | int, ...]],
    slots: int,
    phases: tuple[str, ...],
    over: int,
    statuses: tuple[str, ...],
    active: int,
    spell_keys: tuple[int, ...],
    dark: tuple[int, ...],
    hp_shift: tuple[int, ...],
    attack: tuple[int, ...],
    weapon_values: tuple[int, ...],
    boss_hp: tuple[int, ...],
    python: Callable[[Any, int | None, MutableSequence[float]], None],
) -> None:
    """Hand over, once, where each piece starts and its size for each player count (in the
    order of `observation._NATIVE_PIECES`, then the observation's length), the spell slots,
    the phases and the slot statuses (with the index of the end and of an active spell),
    per spell id its key's index, whether it is dark, and its shifts of the boss's HP and
    of an attack, per weapon id its value, per boss its printed HP, and the Python encoder."""

def view(state: Any, seat: int | None) -> Any:
    """Exactly what `seat` may know (``None``: a spectator): `views.view` in C."""

def configure_view(
    colour_names: tuple[str, ...],
    weapon_values: tuple[int, ...],
    spell_keys: tuple[str, ...],
    effects: tuple[int, ...],
    amounts: tuple[int, ...],
    boss_hp: tuple[int, ...],
    over: str,
    active: str,
) -> None:
    """Hand over, once, per weapon id its colour's name and value, per spell id its key,
    what it changes when active (0: nothing, 1: an attack, 2: the boss's HP) and by how
    much, per boss its printed HP, and the phase over and the status active."""
