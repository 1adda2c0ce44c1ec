"""Meow, Dark Lord!: the state, the set-up and the action dispatch.

The fields, the vocabularies and the queries every rule module shares are in `model.py`;
the turn's phases in `turn.py`, abilities and the stack of steps in `abilities.py`, dice
in `combat.py`, coins in `coins.py`, card moves in `cards.py`, the end of the game in
`end.py`, views and determinization in `views.py`.
"""

from __future__ import annotations

from gamenight.kernel import Action, DecisionStack, Option, Outcome
from gamenight.kernel.errors import N_
from gamenight.kernel.rng import Rng

from . import abilities, end, turn, views
from .actions import CODEC, MAX_SEATS, Draw, EndDungeon, FromTreasury, Hire
from .content import CATS, KEYS, NUM_CATS, RIGOR, TOTAL_COINS
from .model import EndReason, EventKind, MeowModel, Phase


def _default_coin_target(players: int) -> int:
    return 15 if players == 2 else 10 if players <= 4 else 7


_DEFAULTS = (EndDungeon, Draw, FromTreasury)  # what a missed deadline prefers, any of them
_OVER = Phase.OVER  # bound once: `actors` is asked several times a move


class MeowState(MeowModel):
    """A game of Meow, Dark Lord! for 2-6 players."""

    game_id = "meow-dark-lord"
    title = "Meow, Dark Lord!"
    min_players = 2
    max_players = MAX_SEATS
    codec = CODEC
    options_spec = (
        Option(
            "coin_target",
            N_("coins that win at once (default 15 with 2 players, 10 with 3-4, 7 with 5-6)"),
            _default_coin_target,
            min=1,
            max=TOTAL_COINS,
        ),
        Option("deal", N_("cats dealt to each player at the start"), 5, min=0, max=8),
        Option(
            "rigor_bottom_half",
            N_("shuffle the Rigor Mortis cards into the Tower's bottom half only"),
            True,
            bool,
        ),
        Option(
            "max_turns",
            N_("safety limit: after this many turns the game ends as if the Dark Lord returned"),
            400,
            min=1,
            max=100_000,
        ),
    )

    # ----- set-up -----------------------------------------------------------------------

    def _setup(self) -> None:
        n, rng, deal = self.num_players, self.rng, self.options["deal"]
        if n * deal > NUM_CATS:
            raise ValueError(f"{NUM_CATS} cats cannot deal {deal} to each of {n} players")
        cats = list(range(NUM_CATS))
        rng.shuffle(cats)
        self.hands = [cats[s * deal : (s + 1) * deal] for s in range(n)]
        rest = cats[n * deal :]
        # Split the rest in two halves, shuffle the Rigor Mortis cards into the bottom
        # half and put the top half on it: the first draws are safe, and all know it.
        top = rest[: len(rest) // 2] if self.options["rigor_bottom_half"] else []
        bottom = rest[len(top) :] + list(RIGOR)
        rng.shuffle(bottom)
        self.tower = bottom + top
        self.safe_top = len(top)
        self.dungeons = [[] for _ in range(n)]
        self.coins = [0] * n
        self.treasury = TOTAL_COINS
        self.hearts = [0] * NUM_CATS
        self.graveyard, self.track, self.acted, self.revealed = [], [], [], []
        self.stack = DecisionStack()
        self.winner, self.end_reason, self.decided_by = -1, "", ""
        self.turn_number = 0
        first = rng.below(n)
        self.log(EventKind.SETUP, first=first, tower=len(self.tower), safe_top=self.safe_top)
        for s in range(n):
            self.log(EventKind.DEAL, (s,), seat=s, cards=list(self.hands[s]))
        turn.start_turn(self, first)

    # ----- the contract -----------------------------------------------------------------

    def actors(self) -> tuple[int, ...]:
        if self.phase == _OVER:
            return ()
        if self.stack:
            return (self.stack[-1].seat,)  # the top step decides
        return (self.turn,)

    def outcome(self) -> Outcome:
        if not self.is_over():
            raise ValueError("the game is not over")
        return end.outcome(self)

    def view(self, seat: int | None) -> views.MeowView:
        return views.view(self, seat)

    def stats(self) -> dict[str, float | list[float]]:
        """Turns played, how the game ended, coins per seat, and per cat design, per seat:
        ``hired:<key>`` (1 if the seat hired a copy of it) and ``hired_won:<key>`` (1 if it
        also won), so that a simulation's sums give each cat's hirers' win rate."""
        n = self.num_players
        hired = {key: [0.0] * n for key in KEYS}
        for seat, action in self.history:
            if type(action) is Hire:
                hired[CATS[action.card].key][seat] = 1.0
        stats: dict[str, float | list[float]] = {
            "turns": float(self.turn_number),
            "rigor_mortis_end": float(self.end_reason == EndReason.RIGOR_MORTIS),
            "turn_limit_end": float(self.end_reason == EndReason.TURN_LIMIT),
            "coins": [float(c) for c in self.coins],
        }
        for key, flags in hired.items():
            stats[f"hired:{key}"] = flags
            stats[f"hired_won:{key}"] = [f * (s == self.winner) for s, f in enumerate(flags)]
        return stats

    def _legal(self, seat: int) -> list[Action]:
        return turn.legal(self, seat)

    def _default_action(self, seat: int, legal: list[Action]) -> Action:
        """A missed deadline takes the plain move: end the dungeon phase, draw instead of
        hiring, take a stolen coin from the treasury; else the first choice."""
        return next((a for a in legal if type(a) in _DEFAULTS), legal[0])

    def _apply(self, seat: int, action: Action) -> None:
        if self.stack:
            abilities.resolve(self, self.stack.pop(), action)
        else:
            turn.act(self, seat, action)
        turn.settle(self)

    # ----- determinization -------------------------------------------------------------

    def _resample_hidden(self, seat: int | None, rng: Rng) -> None:
        views.resample_hidden(self, seat, rng)
