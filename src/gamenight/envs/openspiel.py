"""Every gamenight game as an OpenSpiel Python game, ``gamenight_<game>``.

>>> import pyspiel
>>> import gamenight.envs.openspiel  # registers the games
>>> game = pyspiel.load_game("gamenight_boss_quest(players=4)")
>>> state = game.new_initial_state()

How the kernel maps onto OpenSpiel (docs/rl.md tells more):

- Sequential, imperfect information, general sum, terminal rewards (the final
  ``outcome().scores``). Player ids are seats; actions are codec ids. The current
  player is the seat the table loop would ask (`gamenight.play.table.next_actor`: one of
  ``actors()`` without seat-order bias, a pure function of the state); in a real-time
  step each action is a sealed proposal the engine resolves once all acting seats
  proposed.
- Chance: a gamenight state owns its generator, so all its chance follows from its seed.
  The root is one explicit chance node, the deal: outcome ``k`` of ``deals`` starts the
  game with seed ``rng_seed * deals + k``; there are no other chance nodes
  (``EXPLICIT_STOCHASTIC``). ``SAMPLED_STOCHASTIC`` would need ``Game::GetRNGState`` to
  serialize, which a Python game cannot provide.
- Parameters: ``players``, ``rng_seed``, ``deals`` and every game option; ``-1`` for an
  integer option whose default depends on the player count means that default.
- Observation tensor and string: the game's encoder on ``view(player)`` (a public
  observer, ``private_info=NONE``, sees the spectator's view). The information state
  string (perfect recall) is the player's visible event log and its view (which holds
  its own sealed proposal, if any).
- ``resample_from_infostate(player, sampler)`` is ``determinize(player, seed)`` with a
  seed drawn from `sampler` (other seats' sealed proposals are hidden information and
  are redrawn), so OpenSpiel's Python ``ISMCTSBot`` searches fairly.
- Serialization pickles the state as ``to_json`` text (restored by `gamenight.load`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

from gamenight.kernel import IllegalAction, Option, State, game_class, games, load
from gamenight.kernel.limits import quote
from gamenight.play.table import next_actor

from .encoding import Encoding

try:
    from ._masks import floats
except ImportError:  # not built (a plain source tree): NumPy's, the same list

    def floats(tensor: object, /) -> list[float]:
        return list(np.asarray(tensor).tolist())


DEFAULT_FROM_PLAYERS = -1  # an integer option's "default for the player count"
DEALS = 1 << 12  # default of the ``deals`` parameter


def game_name(game_id: str) -> str:
    """The OpenSpiel short name of a game: ``gamenight_boss_quest``."""
    return "gamenight_" + game_id.replace("-", "_")


class GamenightGame(pyspiel.Game):
    """One gamenight game at the player count and options its parameters name."""

    game_id: str  # set by each game's subclass (see `register`)
    game_type: pyspiel.GameType

    def __init__(self, params: dict[str, Any]) -> None:
        options = {
            option.name: params[option.name]
            for option in game_class(self.game_id).options_spec
            if option.name in params and params[option.name] != DEFAULT_FROM_PLAYERS
        }
        self.encoding = Encoding(self.game_id, params["players"], options)
        self.deals: int = params["deals"]
        if self.deals < 1:
            raise ValueError(f"deals must be at least 1, got {self.deals}")
        self.rng_seed: int = params["rng_seed"]
        low, high = self.encoding.scores
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.num_actions,
            max_chance_outcomes=self.deals,
            num_players=self.encoding.players,
            min_utility=low,
            max_utility=high,
            utility_sum=None,
            max_game_length=self.encoding.max_actions,
        )
        super().__init__(self.game_type, info, params)

    @functools.cached_property
    def deal_outcomes(self) -> list[tuple[int, float]]:
        """The chance node's outcomes, uniform (built once: the list is long)."""
        chance = 1.0 / self.deals
        return [(k, chance) for k in range(self.deals)]

    def new_initial_state(self) -> GamenightState:
        """The chance node before the deal."""
        return GamenightState(self)

    def deal_seed(self, outcome: int) -> int:
        """The gamenight seed of the deal a chance outcome picks."""
        return self.rng_seed * self.deals + outcome

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> Observer:
        """An observer for `iig_obs_type` (see the module docstring for what is offered)."""
        if params:
            raise ValueError(f"observation parameters are not supported, got {quote(params)}")
        return Observer(self.encoding, iig_obs_type or pyspiel.IIGObservationType(False))


class GamenightState(pyspiel.State):
    """An OpenSpiel state wrapping a gamenight state (none yet at the chance node)."""

    def __init__(self, game: GamenightGame) -> None:
        super().__init__(game)
        # OpenSpiel clones and serializes a Python state through its __dict__: keep the
        # gamenight state in one attribute that copies with `clone` and pickles as JSON.
        self._table = _Table()

    @property
    def game(self) -> State | None:
        """The gamenight state (``None`` before the deal). Read it; change it only
        through OpenSpiel's API."""
        return self._table.state

    def current_player(self) -> int:
        table = self._table
        return pyspiel.PlayerId.CHANCE if table.state is None else table.player()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.get_game().deal_outcomes

    def legal_actions(self, player: int | None = None) -> list[int]:
        """OpenSpiel's ``legal_actions()`` and ``legal_actions(player)``, the same answers,
        answered here when a Python caller asks for the seat to move: through C++ one call
        asks `current_player` three times and `is_terminal` once, and converts the list
        twice. Every other case (the deal, a finished game, another seat) is C++'s."""
        table = self._table
        if table.state is not None:
            current = table.player()
            if current >= 0 and (player is None or player == current):
                return list(self._legal_actions(current))
        return super().legal_actions() if player is None else super().legal_actions(player)

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """OpenSpiel's ``observation_tensor``, the same answer, answered here for a seat of
        a dealt game: C++ would call the observer, copy its pieces one by one and convert
        the floats. Every other case is C++'s."""
        table = self._table
        game = table.state
        if game is not None:
            seat = table.player() if player is None else player
            if 0 <= seat < game.num_players:
                return floats(table.tensor(self.get_game().encoding, seat))
        return (
            super().observation_tensor() if player is None else super().observation_tensor(player)
        )

    def _legal_actions(self, player: int) -> list[int]:
        encoding, table = self.get_game().encoding, self._table
        return table.memo(("legal", player), lambda: encoding.legal_ids(table.state, player))

    def _apply_action(self, action: int) -> None:
        game, state = self.get_game(), self._table.state
        if state is None:
            self._table.state = game.encoding.new_state(game.deal_seed(action))
        else:
            seat = self._table.player()
            if seat == pyspiel.PlayerId.TERMINAL:
                raise IllegalAction("the game is over")
            state.apply(seat, game.encoding.decode(action))

    def _action_to_string(self, player: int, action: int) -> str:
        game = self.get_game()
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {game.deal_seed(action)}"
        return game.encoding.action_names[action]

    def is_terminal(self) -> bool:
        state = self._table.state
        return state is not None and state.is_over()

    def returns(self) -> list[float]:
        state = self.game
        if state is None or not state.is_over():
            return [0.0] * self.num_players()
        return [float(score) for score in state.outcome().scores]

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> GamenightState:
        """A state `player_id` cannot tell from this one: ``determinize`` with a seed
        drawn from `probability_sampler` (uniform floats in ``[0, 1)``)."""
        new = self.clone()
        state = self._table.state
        if state is not None:
            seed = int(probability_sampler() * (1 << 53))
            new._table = _Table(state.determinize(player_id, seed))
        return new

    def __str__(self) -> str:
        return "before the deal" if self._table.state is None else self._table.json()


class Observer:
    """OpenSpiel's Python observer protocol (``tensor``, ``dict``, ``set_from``,
    ``string_from``) over the game's encoder. Before the deal it sees nothing (zeros, "")."""

    def __init__(self, encoding: Encoding, iig_obs_type: pyspiel.IIGObservationType) -> None:
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS or not iig_obs_type.public_info:
            raise ValueError("gamenight observes one seat's view, or the public one")
        self.encoding = encoding
        self.public = private == pyspiel.PrivateInfoType.NONE
        self.perfect_recall = iig_obs_type.perfect_recall
        # A perfect-recall history has no fixed length: it is offered as a string only.
        self.tensor = None if self.perfect_recall else np.zeros(encoding.size, np.float32)
        # The pieces by name, as OpenSpiel's own observers offer them: views into `tensor`.
        self.dict = {}
        if self.tensor is not None:
            for piece in encoding.pieces.pieces:
                where = encoding.pieces.slices[piece.name]
                self.dict[piece.name] = self.tensor[where].reshape(piece.shape)

    def set_from(self, state: GamenightState, player: int) -> None:
        if self.tensor is None:
            return
        table = state._table
        if table.state is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = table.tensor(self.encoding, self._seat(player))

    def string_from(self, state: GamenightState, player: int) -> str:
        table, seat = state._table, self._seat(player)
        game = table.state
        if game is None:
            return ""
        text = table.memo(("text", seat), lambda: self.encoding.text(game, seat))
        if not self.perfect_recall:
            return text
        seen = table.memo(("recall", seat), lambda: _recall(game, seat))
        return f"{seen}\n{text}"

    def _seat(self, player: int) -> int | None:
        return None if self.public else player


def _recall(game: State, seat: int | None) -> str:
    """What `seat` remembers: every event it saw and every action it took (an action may
    change what it may do next without an event, e.g. a trade begun and dropped)."""
    # The engine writes each event's data in a fixed order, so repr is canonical here.
    lines = [f"{event.kind} {event.data!r}" for event in game.events_for(seat)]
    if seat is not None:
        lines += [f"mine {action!r}" for who, action in game.history if who == seat]
    return "\n".join(lines)


class _Table:
    """Holds the gamenight state: OpenSpiel's clone deep-copies it (with ``State.clone``)
    and its serialization pickles it (as ``to_json`` text).

    OpenSpiel asks the same questions of a state many times (its tests compare every
    clone's ``ToString``, read every player's legal actions and observations at every
    move, and a real-time step asks each seat in turn of one unchanged state): answers
    are kept in `memo` until the next action (the history grows with each), and a clone,
    being identical, shares them.
    """

    __slots__ = ("_memo", "_memo_at", "_player", "_player_at", "state")

    def __init__(self, state: State | None = None) -> None:
        self.state = state
        self._memo: dict[Any, Any] = {}
        self._memo_at = -1
        self._player = pyspiel.PlayerId.TERMINAL  # `player()`, kept for the history's
        self._player_at = -1  # length `_player_at`

    def player(self) -> int:
        """OpenSpiel's current player of the dealt state: the seat `next_actor` asks, or
        ``TERMINAL`` once the game is over. OpenSpiel asks several times a move (to apply,
        to list the legal actions): the answer is kept until the next action."""
        state = self.state
        if state is None:
            raise ValueError("the game is not dealt yet")
        if self._player_at != len(state.history):
            self._player_at = len(state.history)
            self._player = pyspiel.PlayerId.TERMINAL if state.is_over() else next_actor(state)
        return self._player

    def memo(self, key: Any, compute: Callable[[], Any]) -> Any:
        """`compute()`, kept under `key` until the state's next action."""
        if self.state is None:
            raise ValueError("the game is not dealt yet")
        length = len(self.state.history)
        if self._memo_at != length:
            self._memo, self._memo_at = {}, length
        if key not in self._memo:
            self._memo[key] = compute()
        return self._memo[key]

    def tensor(self, encoding: Encoding, seat: int | None) -> np.ndarray:
        """`seat`'s observation (None: the public one), kept until the state's next action."""
        state = self.state
        if state is None:
            raise ValueError("the game is not dealt yet")
        return self.memo(("tensor", seat), lambda: encoding.observation(state, seat))

    def json(self) -> str:
        """``to_json`` of the state (which must be dealt)."""
        if self.state is None:
            raise ValueError("the game is not dealt yet")
        return self.memo("json", self.state.to_json)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Table:
        if self.state is None:
            return _Table()
        copy = _Table(self.state.clone())
        copy._memo, copy._memo_at = dict(self._memo), self._memo_at
        copy._player, copy._player_at = self._player, self._player_at
        return copy

    def __reduce__(self) -> tuple[Callable[..., _Table], tuple[Any, ...]]:
        if self.state is None:
            return _Table, ()
        return _restore, (self.json(),)


def _restore(text: str) -> _Table:
    return _Table(load(text))


def _parameter(option: Option) -> Any:
    """An option's OpenSpiel parameter default (None: not offered)."""
    if not callable(option.default):
        return option.default
    return DEFAULT_FROM_PLAYERS if option.type is int else None


def register(game_id: str) -> None:
    """Register a gamenight game with OpenSpiel as ``gamenight_<game>`` (once; importing
    this module registers every game of `gamenight.games`, a test game needs this)."""
    if game_name(game_id) in pyspiel.registered_names():
        return
    cls = game_class(game_id)
    parameters: dict[str, Any] = {"players": cls.min_players, "rng_seed": 0, "deals": DEALS}
    for option in cls.options_spec:
        default = _parameter(option)
        if default is not None:
            parameters[option.name] = default
    game_type = pyspiel.GameType(
        short_name=game_name(game_id),
        long_name=f"gamenight {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )
    # OpenSpiel keeps the factory until the process ends: a class (never freed before
    # then), not a closure, whose release after the interpreter's shutdown would abort it.
    name = "".join(part.title() for part in game_id.split("-")) + "Game"
    factory = type(name, (GamenightGame,), {"game_id": game_id, "game_type": game_type})
    pyspiel.register_game(game_type, factory)


for _game in games():
    register(_game)
