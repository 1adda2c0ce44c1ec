"""The game-agnostic kernel: the State protocol, actions, RNG, events, options, content."""

from .actions import Action, ActionCodec
from .errors import ContentError, GamenightError, IllegalAction
from .events import Event
from .options import Option
from .registry import game_class, games, load, make, register, replay
from .rng import Rng
from .state import GameRecord, Outcome, State

__all__ = [
    "Action",
    "ActionCodec",
    "ContentError",
    "Event",
    "GameRecord",
    "GamenightError",
    "IllegalAction",
    "Option",
    "Outcome",
    "Rng",
    "State",
    "game_class",
    "games",
    "load",
    "make",
    "register",
    "replay",
]
