"""What every RL adapter shares: a game's observation encoder, masks, seats and seeds.

A game plugs into all the adapters with one module, ``games/<game>/observation.py``,
pure Python and built from ``view(seat)`` only:

- ``pieces(players, options) -> Pieces``: the observation's named pieces with their shapes
  and bounds (`gamenight.kernel.observation`); the flat layout derives from them;
- ``encode(view) -> list[float]``: the observation, the pieces one after the other;
- optionally ``encode_state(state, seat, values)``: writes the floats of
  ``encode(state.view(seat))`` into `values` (zeros, as long as the observation: the
  adapters pass a float32 NumPy array), read from the state's own fields (faster; a
  test compares the two);
- ``text(view) -> str``: a short readable form (OpenSpiel's observation string);
- ``SCORES = (low, high)``: the range of ``outcome().scores``;
- ``max_actions(players, options) -> int``: an upper bound on the actions of one game.

Everything else (spaces, masks, seeding) is generic and lives here; every adapter asks
the seat `gamenight.play.table.next_actor` draws, as the table loop does.
"""

from __future__ import annotations

import operator
import random
import struct
from collections.abc import Mapping
from types import ModuleType
from typing import Any

import numpy as np
from gymnasium import spaces

from gamenight.kernel import Action, IllegalAction, State, make
from gamenight.kernel.limits import quote
from gamenight.kernel.observation import Pieces
from gamenight.kernel.registry import game_class, spec

try:
    from ._masks import Index as IdentityIndex
    from ._masks import ids as ids_by_identity
    from ._masks import mask as mask_by_identity

    NATIVE_MASKS = True
except ImportError:  # not built (a plain source tree): the Python loop sets the same bytes
    NATIVE_MASKS = False

# Built once: `np.frombuffer` with a dtype object, not a type, skips a conversion each call
# (half its cost, paid twice in every AEC step).
FLOAT32 = np.dtype(np.float32)
INT8 = np.dtype(np.int8)

ENCODER_API = ("pieces", "encode", "text", "SCORES", "max_actions")
AGENT_PREFIX = "player_"


class MissingEncoder(LookupError):
    """A game has no (complete) observation encoder, so no RL adapter can serve it."""


def encoder(game_id: str) -> ModuleType:
    """The game's ``observation`` module (its `GameSpec`), checked for the full encoder API."""
    module = spec(game_id).part("observation")
    if module is None:
        raise MissingEncoder(
            f"{game_id} has no observation encoder: name a module with "
            f"{', '.join(ENCODER_API)} as its GameSpec's observation (see docs/rl.md)"
        )
    missing = [name for name in ENCODER_API if not hasattr(module, name)]
    if missing:
        raise MissingEncoder(f"{module.__name__} lacks {', '.join(missing)} (see docs/rl.md)")
    return module


def env_id(game_id: str) -> str:
    """The registry id of a game's environments: ``gamenight/<game>-v0``."""
    return f"gamenight/{game_id}-v0"


def agent_name(seat: int) -> str:
    """The agent id of a seat: ``player_0``, ``player_1``..."""
    return f"{AGENT_PREFIX}{seat}"


def seat_of(agent: str) -> int:
    """The seat of an agent id (inverse of `agent_name`)."""
    return int(agent[len(AGENT_PREFIX) :])


class Encoding:
    """One game at one player count and set of options, as the RL adapters see it.

    `players` defaults to the game's minimum. Bad arguments raise `ValueError` as
    `gamenight.make` does.
    """

    def __init__(self, game_id: str, players: int | None, options: Mapping[str, Any]) -> None:
        if players is None:
            players = game_class(game_id).min_players
        probe = make(game_id, players, seed=0, **options)  # validates, resolves defaults
        self.game_id = game_id
        self.players = players
        self.options: dict[str, Any] = dict(probe.options)
        self.codec = probe.codec
        self.action_names = [str(action) for action in self.codec.actions]  # by codec id
        self.encoder = encoder(game_id)
        self.pieces: Pieces = self.encoder.pieces(players, self.options)
        features = self.pieces.layout()
        self.names = [name for name, _, _ in features]
        self.low = np.array([low for _, low, _ in features], dtype=np.float32)
        self.high = np.array([high for _, _, high in features], dtype=np.float32)
        self.scores: tuple[float, float] = tuple(self.encoder.SCORES)
        self.max_actions: int = self.encoder.max_actions(players, self.options)
        # Packs an encoder's list straight into a new float32 array: about a third of the
        # time numpy takes to convert a list of Python numbers.
        self._packer = struct.Struct(f"={self.size}f")
        # The encoder's `encode_state` (if the game has one) writes a new observation
        # straight into a float32 array of zeros: building the view and reading it back
        # is most of the cost of an observation.
        self._encode_state = getattr(self.encoder, "encode_state", None)
        self._no_actions = bytes(self.codec.size)  # a mask's zeros (copying is cheapest)
        # The codec id of each of the codec's own action objects (which games hand out),
        # found by identity in C.
        self._identity_index = IdentityIndex(self.codec.actions) if NATIVE_MASKS else None

    @property
    def size(self) -> int:
        """The length of an observation vector."""
        return len(self.names)

    @property
    def num_actions(self) -> int:
        """The ``N`` of the ``Discrete(N)`` action space (the codec's size)."""
        return self.codec.size

    def new_state(self, seed: int) -> State:
        """A new game with these settings."""
        return make(self.game_id, self.players, seed=seed, **self.options)

    def observation(self, state: State, seat: int | None) -> np.ndarray:
        """The encoded ``view(seat)`` as float32 (``None``: a spectator's view)."""
        if self._encode_state is not None:
            # NumPy's zeros cost less than any Python buffer viewed as an array after.
            values = np.zeros(self.size, FLOAT32)
            self._encode_state(state, seat, values)
            return values
        buffer = bytearray(self._packer.size)
        self._packer.pack_into(buffer, 0, *self.encoder.encode(state.view(seat)))
        return np.frombuffer(buffer, FLOAT32)

    def text(self, state: State, seat: int | None) -> str:
        """The encoder's short text of ``view(seat)``."""
        return self.encoder.text(state.view(seat))

    def observation_space(self) -> spaces.Dict:
        """A new ``Dict(observation=Box(float32), action_mask=Box(int8))`` space."""
        return spaces.Dict(
            {
                "observation": spaces.Box(self.low, self.high, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (self.num_actions,), dtype=np.int8),
            }
        )

    def action_space(self) -> spaces.Discrete:
        """A new ``Discrete(N)`` space over the codec's ids."""
        return spaces.Discrete(self.num_actions)

    def observe(self, state: State, seat: int) -> dict[str, np.ndarray]:
        """`seat`'s observation in the shape of `observation_space`."""
        return {"observation": self.observation(state, seat), "action_mask": self.mask(state, seat)}

    def observe_into(
        self, state: State, seat: int, observations: np.ndarray, masks: np.ndarray, row: int
    ) -> None:
        """Write `seat`'s observation and mask into row `row` of a batch, as `observe`
        gives them: `observations` is the float32 ``(n, size)`` array and `masks` the int8
        ``(n, N)`` array, zeros where not set."""
        if self._encode_state is not None:  # straight into the row, which holds zeros
            self._encode_state(state, seat, observations[row])
        else:
            observations[row] = self.observation(state, seat)
        masks[row, self.codec.encode_all(state.legal_actions(seat))] = 1

    def legal_ids(self, state: State, seat: int) -> list[int]:
        """The sorted codec ids of `seat`'s legal actions (``[]`` when it may not act)."""
        legal = state.legal_actions(seat)
        if NATIVE_MASKS and self._identity_index is not None:
            found = ids_by_identity(legal, self._identity_index)
            if found is not None:
                return found
        return sorted(self.codec.encode_all(legal))

    def mask(self, state: State, seat: int) -> np.ndarray:
        """The int8 action mask of `seat`: 1 for each legal codec id."""
        legal = state.legal_actions(seat)
        if NATIVE_MASKS and self._identity_index is not None:
            found = mask_by_identity(legal, self._identity_index)
            if found is not None:
                return np.frombuffer(found, INT8)
        # Set in a copy of zero bytes, then viewed as int8: cheaper than NumPy's `put` or
        # fancy indexing, even for a hundred actions.
        mask = bytearray(self._no_actions)
        for index in self.codec.encode_all(legal):
            mask[index] = 1
        return np.frombuffer(mask, INT8)

    def render(self, state: State, seat: int | None, mode: str | None) -> str | None:
        """``view(seat)`` as text for a render mode: ``ansi`` returns it, ``human`` prints it."""
        if mode is None:
            return None
        text = self.text(state, seat)
        if mode != "human":
            return text
        print(text)
        return None

    def decode(self, action: Any) -> Action:
        """The action of a codec id (any integer type but a bool); anything else raises
        `IllegalAction`."""
        if type(action) is int:  # the common case, checked by the codec
            return self.codec.decode(action)
        try:
            if isinstance(action, bool | np.bool_):  # operator.index takes True for 1
                raise TypeError
            index = operator.index(action)
        except TypeError:
            raise IllegalAction(f"an action is an integer codec id, got {quote(action)}") from None
        return self.codec.decode(index)


class SeatedEnv:
    """What the PettingZoo environments share: agents named after seats, one
    observation and one action space per agent (the same objects on every call), the
    episode seeds, and the spectator's view as the rendering."""

    metadata: dict[str, Any]
    state: State  # the game in progress, set by reset

    def __init__(
        self,
        game: str,
        players: int | None,
        seed: int | None,
        render_mode: str | None,
        options: Mapping[str, Any],
    ) -> None:
        self.encoding = Encoding(game, players, options)
        self.metadata = {
            "name": env_id(game),
            "render_modes": ["ansi", "human"],
            "is_parallelizable": False,
        }
        self.render_mode = render_mode
        self.possible_agents = [agent_name(seat) for seat in range(self.encoding.players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.agents: list[str] = []
        self._seeds = SeedStream(seed)
        self._observation_spaces = {
            a: self.encoding.observation_space() for a in self.possible_agents
        }
        self._action_spaces = {a: self.encoding.action_space() for a in self.possible_agents}

    def observation_space(self, agent: str) -> spaces.Dict:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._action_spaces[agent]

    @property
    def game(self) -> State:
        """The game in progress (read it; act only through the environment)."""
        return self.state

    def render(self) -> str | None:
        """The spectator's view as text (``ansi`` returns it, ``human`` prints it)."""
        return self.encoding.render(self.game, None, self.render_mode)

    def close(self) -> None:
        """Nothing to release."""

    def _new_game(self, seed: int | None) -> None:
        """Start the next game of the episode stream (restarted from `seed` if given)."""
        if seed is not None:
            self._seeds.restart(seed)
        self.state = self.encoding.new_state(self._seeds.next())
        self.agents = self.possible_agents.copy()


class SeedStream:
    """Game seeds for successive episodes of one environment.

    ``SeedStream(seed)`` draws from a stream seeded with `seed` (fresh entropy if it is
    ``None``). ``restart(k)`` restarts it from the pair ``(seed, k)``, so ``reset(seed=k)``
    gives the same game on every environment built with the same `seed`, and environments
    built with different seeds play different games even when reset with the same `k`.
    """

    def __init__(self, seed: int | None) -> None:
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise ValueError(f"seed must be an integer or None, got {quote(seed)}")
        self.seed = seed
        self._stream = random.Random(seed)

    def restart(self, k: int) -> None:
        """Restart the stream from ``(seed, k)``."""
        self._stream = random.Random(f"{self.seed or 0}:{k}")

    def next(self) -> int:
        """The next game seed."""
        return self._stream.getrandbits(63)
