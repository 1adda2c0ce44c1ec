"""Declared game options, validated with clear messages."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .limits import QUOTE_CHARS, clip, quote


@dataclass(frozen=True)
class Option:
    """One option a game accepts in `gamenight.make`.

    ``default`` is a value, or a function of the player count.
    """

    name: str
    help: str
    default: Any | Callable[[int], Any]
    type: type = int
    min: int | None = None
    max: int | None = None
    choices: tuple[Any, ...] | None = None

    def default_for(self, players: int) -> Any:
        return self.default(players) if callable(self.default) else self.default

    def check(self, game_id: str, value: Any) -> Any:
        where = f"{game_id} option {self.name!r}"
        if self.type is bool:
            if not isinstance(value, bool):
                raise ValueError(f"{where} must be true or false, got {quote(value)}")
            return value
        if self.type is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise ValueError(f"{where} must be an integer, got {quote(value)}")
        if self.type is str and not isinstance(value, str):
            raise ValueError(f"{where} must be a string, got {quote(value)}")
        if self.min is not None and value < self.min:
            raise ValueError(f"{where} must be at least {self.min}, got {quote(value)}")
        if self.max is not None and value > self.max:
            raise ValueError(f"{where} must be at most {self.max}, got {quote(value)}")
        if self.choices is not None and value not in self.choices:
            raise ValueError(f"{where} must be one of {list(self.choices)}, got {quote(value)}")
        return value


def resolve_options(
    game_id: str, specs: Sequence[Option], players: int, given: Mapping[str, Any]
) -> dict[str, Any]:
    """Every option's value: the given ones checked, the rest filled with defaults."""
    by_name = {spec.name: spec for spec in specs}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        known = ", ".join(sorted(by_name)) or "none"
        names = clip(", ".join(unknown), QUOTE_CHARS)
        raise ValueError(f"unknown option(s) {names} for {game_id}; known: {known}")
    return {
        spec.name: spec.check(game_id, given[spec.name])
        if given.get(spec.name) is not None
        else spec.default_for(players)
        for spec in specs
    }
