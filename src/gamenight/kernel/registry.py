"""The game registry: `games`, `spec`, `make`, `load` and `replay`.

Games are found through their manifests (`GameSpec`) in the ``gamenight.games`` entry
point group, loaded on first use, so `import gamenight` imports no game.
"""

from __future__ import annotations

import functools
import json
import secrets
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from .errors import N_, IllegalAction, InvalidInput
from .limits import MAX_SNAPSHOT_CHARS, QUOTE_CHARS, clip, parse_json, quote
from .options import resolve_options
from .spec import GameSpec
from .state import GameRecord, State, check_envelope, check_seed

ENTRY_POINTS = "gamenight.games"  # the entry point group of game manifests (`GameSpec`)
_SPECS: dict[str, GameSpec] = {}  # loaded manifests, and games registered in-process


def register(spec: GameSpec) -> GameSpec:
    """Make a game available under its id in this process (a test game; an installed
    package names its `GameSpec` in the ``gamenight.games`` entry point group instead)."""
    if not isinstance(spec, GameSpec):
        raise TypeError(f"register takes a GameSpec, got {quote(spec)}")
    _SPECS[spec.game_id] = spec
    return spec


@functools.cache
def _installed() -> dict[str, EntryPoint]:
    """The game manifests of every installed distribution, by game id."""
    return {point.name: point for point in entry_points(group=ENTRY_POINTS)}


def refresh() -> None:
    """Look for installed games again (after a package was installed in this process)."""
    _installed.cache_clear()


def games() -> list[str]:
    """The ids of every installed game, sorted."""
    return sorted(_installed())


def spec(game_id: str) -> GameSpec:
    """The manifest of a game id, loaded on first use (`ValueError` naming the known ids)."""
    if not isinstance(game_id, str):
        raise InvalidInput(N_("a game id is a string, got {value}"), value=quote(game_id))
    found = _SPECS.get(game_id)
    if found is not None:
        return found
    point = _installed().get(game_id)
    if point is None:
        raise InvalidInput(
            N_("unknown game {game}; known games: {games}"),
            game=quote(game_id),
            games=", ".join(games()),
        )
    loaded = point.load()
    if not isinstance(loaded, GameSpec) or loaded.game_id != game_id:
        raise ValueError(f"the entry point of {game_id} ({point.value}) is not its GameSpec")
    return register(loaded)


def game_class(game_id: str) -> type[State]:
    """The `State` class of a game id (raises `ValueError` naming the known ids)."""
    return spec(game_id).state


def make(game_id: str, players: int, seed: int | None = None, **options: Any) -> State:
    """Start a new game.

    A bad game id, player count or option raises `ValueError` with a clear message.
    Without a seed a random one is drawn (and kept in the state's record).
    """
    cls = game_class(game_id)
    if isinstance(players, bool) or not isinstance(players, int):
        raise InvalidInput(N_("players must be an integer, got {value}"), value=quote(players))
    if not cls.min_players <= players <= cls.max_players:
        raise InvalidInput(
            N_("{game} takes {least} to {most} players, got {players}"),
            game=game_id,
            least=cls.min_players,
            most=cls.max_players,
            players=players,
        )
    if seed is None:
        seed = secrets.randbits(63)
    else:
        check_seed(seed)
    resolved = resolve_options(game_id, cls.options_spec, players, options)
    return cls(players, resolved, seed)


def load(text: str) -> State:
    """Restore a state from `State.to_json` output.

    Only a state the game can reach is accepted: the game is rebuilt from the snapshot's
    own record (game, players, options, seed and history, replayed in time linear in the
    history) and the snapshot must be that state exactly; else `ValueError` names the
    first field that differs. Anything malformed raises `ValueError` naming what is
    wrong, text past the bounds of `kernel.limits` (`MAX_SNAPSHOT_CHARS`,
    `MAX_JSON_DEPTH`) included. (`State.from_snapshot` restores without this check, for
    snapshots from a trusted store or rigged test positions.)
    """
    try:
        snapshot = parse_json(text, MAX_SNAPSHOT_CHARS)
        if not isinstance(snapshot, dict):
            raise TypeError(f"a state is a JSON object, got {type(snapshot).__name__}")
        cls = game_class(snapshot["game"])
        check_envelope(cls, snapshot)
        record = GameRecord(
            cls.game_id,
            snapshot["players"],
            snapshot["options"],
            snapshot["seed"],
            tuple((seat, action) for seat, action in snapshot["history"]),
        )
        state = replay(record)
        difference = first_difference(json.loads(state.to_json()), snapshot)
        if difference is not None:
            raise ValueError(f"{difference} is not what the game's own record gives")
        return state
    except (KeyError, TypeError, IndexError, AttributeError, ValueError) as exc:
        # ValueError covers JSON errors and IllegalAction; the others, malformed fields.
        raise ValueError(f"not a gamenight state: {clip(str(exc), QUOTE_CHARS)}") from None


def first_difference(expected: Any, given: Any, path: str = "") -> str | None:
    """The path of the first place where `given` differs from `expected` (``None``: equal),
    e.g. ``state.armorer`` or ``events[3].data``."""
    if type(expected) is not type(given):
        return path or "the snapshot"
    if isinstance(expected, dict):
        for key in sorted(expected.keys() | given.keys()):
            where = f"{path}.{key}" if path else key
            if key not in expected or key not in given:
                return where
            found = first_difference(expected[key], given[key], where)
            if found is not None:
                return found
        return None
    if isinstance(expected, list):
        for i, (mine, theirs) in enumerate(zip(expected, given, strict=False)):
            found = first_difference(mine, theirs, f"{path}[{i}]")
            if found is not None:
                return found
        return f"{path}[{min(len(expected), len(given))}]" if len(expected) != len(given) else None
    return None if expected == given else path


def replay(record: GameRecord) -> State:
    """Rebuild a game from its record by replaying every action."""
    state = make(record.game_id, record.players, record.seed, **record.options)
    for i, (seat, action_json) in enumerate(record.actions):
        try:
            state.apply(seat, state.codec.from_json(action_json))
        except IllegalAction as exc:
            raise InvalidInput(
                N_("record action {number} does not replay: {reason}"), number=i, reason=exc
            ) from None
    return state
