"""Declared game options, validated with clear messages."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import N_, InvalidInput
from .limits import QUOTE_CHARS, clip, quote


@dataclass(frozen=True)
class Option:
    """One option a game accepts in `gamenight.make`.

    ``default`` is a value, or a function of the player count. ``help`` is an English
    template marked with `N_` (the interface translates it where it is shown), filled with
    ``help_fields`` (`described`).
    """

    name: str
    help: str
    default: Any | Callable[[int], Any]
    type: type = int
    min: int | None = None
    max: int | None = None
    choices: tuple[Any, ...] | None = None
    help_fields: tuple[tuple[str, object], ...] = ()

    def described(self, translate: Callable[[str], str] = str) -> str:
        """The help in words: its template passed through `translate` (a catalog's
        ``gettext``; by default the English) and filled with its fields."""
        return translate(self.help).format(**dict(self.help_fields))

    def default_for(self, players: int) -> Any:
        return self.default(players) if callable(self.default) else self.default

    def check(self, game_id: str, value: Any) -> Any:
        """`value` if the option may take it, else `InvalidInput` saying what it takes."""
        if self.type is bool:
            if not isinstance(value, bool):
                raise self._refusal(
                    N_("{game} option {option} must be true or false, got {value}"), game_id, value
                )
            return value
        if self.type is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise self._refusal(
                N_("{game} option {option} must be an integer, got {value}"), game_id, value
            )
        if self.type is str and not isinstance(value, str):
            raise self._refusal(
                N_("{game} option {option} must be a string, got {value}"), game_id, value
            )
        if self.min is not None and value < self.min:
            raise self._refusal(
                N_("{game} option {option} must be at least {least}, got {value}"),
                game_id,
                value,
                least=self.min,
            )
        if self.max is not None and value > self.max:
            raise self._refusal(
                N_("{game} option {option} must be at most {most}, got {value}"),
                game_id,
                value,
                most=self.max,
            )
        if self.choices is not None and value not in self.choices:
            raise self._refusal(
                N_("{game} option {option} must be one of {choices}, got {value}"),
                game_id,
                value,
                choices=list(self.choices),
            )
        return value

    def _refusal(self, template: str, game_id: str, value: Any, **fields: object) -> InvalidInput:
        return InvalidInput(
            template, game=game_id, option=repr(self.name), value=quote(value), **fields
        )


def resolve_options(
    game_id: str, specs: Sequence[Option], players: int, given: Mapping[str, Any]
) -> dict[str, Any]:
    """Every option's value: the given ones checked, the rest filled with defaults."""
    by_name = {spec.name: spec for spec in specs}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        names = clip(", ".join(unknown), QUOTE_CHARS)
        if not by_name:
            raise InvalidInput(
                N_("unknown option(s) {names} for {game}; known: none"), names=names, game=game_id
            )
        raise InvalidInput(
            N_("unknown option(s) {names} for {game}; known: {known}"),
            names=names,
            game=game_id,
            known=", ".join(sorted(by_name)),
        )
    return {
        spec.name: spec.check(game_id, given[spec.name])
        if given.get(spec.name) is not None
        else spec.default_for(players)
        for spec in specs
    }
