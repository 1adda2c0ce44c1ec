"""Ninja Master: the state, the rounds, the hand-over and the end of the game.

A round is one *simultaneous, timed* step. The dice are rolled when the round starts (from
the state's generator: the next round's dice do not exist before then), then `actors()`
lists every seat still grabbing that has no sealed proposal, in seat order. Each seat
proposes its next timed action (`actions.py`), hidden from the others; once all have,
the engine resolves the earliest together and asks again those whose plans it changed
(`resolution.py`, the one resolution code for live play, simulation and RL). When every
seat is out, the calls are settled and the round is scored (`scoring.py`); the Katana
goes to the leader, the Shuriken to the next seat clockwise, and the next round is rolled.

Seats are numbered clockwise: the seat after ``s`` is ``s + 1``. The state's fields, the
game's vocabularies and its events' data are declared in `model.py`; the view's type is
`views.NinjaMasterView`.

The end follows the rules page: one player at the target wins; several in one round play
sudden-death rounds. A ``max_rounds`` safety limit (not in the rulebook; default 25) ends a
game that would not finish, as *truncated* (`Outcome.truncated`; the highest score wins,
ties sharing): bots finish in 3 to 7 rounds on average, but players who keep calling
wrong numbers (uniformly random agents do, nearly every round) stay at 0 points forever.
"""

from __future__ import annotations

import math
from typing import Any, cast

from gamenight.kernel import Action, IllegalAction, Option, Outcome
from gamenight.kernel.errors import N_
from gamenight.kernel.rng import Rng

from . import resolution, views
from .actions import BUCKET_MS, CALL_SPANS, CODEC, DONE, GRABS, MAX_MS, WAIT, Grab, bucket
from .content import NUM_TOKENS
from .dice import roll
from .model import (
    SOURCE_POINTS,
    EventKind,
    GameOverData,
    NinjaMasterModel,
    Phase,
    RollData,
    RoundSummary,
    ScoreData,
    SmokeRule,
    SuddenDeathData,
)
from .scoring import WON_SOURCES, score_round

# Bound once: an enum member looked up on its class costs a Python call, and `is_over` runs
# at every step of every game.
GRAB, OVER = Phase.GRAB, Phase.OVER
_ROLL, _SCORE = EventKind.ROLL, EventKind.SCORE


class NinjaMasterState(NinjaMasterModel):
    """A game of Ninja Master (Reiner Knizia, itten, 2022) for 2-5 players."""

    game_id = "ninja-master"
    title = "Ninja Master"
    min_players = 2
    max_players = 5
    codec = CODEC
    real_time = True
    options_spec = (
        Option("target", N_("points that win (the rules: 20)"), 20, min=1, max=1000),
        Option(
            "start_score", N_("points every player starts with (the rules: 3)"), 3, min=0, max=1000
        ),
        Option(
            "time_limit_ms",
            N_("if nobody calls, the grab ends after this many ms"),
            10_000,
            min=BUCKET_MS[0],
            max=MAX_MS,
        ),
        Option(
            "tie_window_ms",
            N_("calls this many ms after the first call count as the same moment"),
            100,
            min=0,
            max=5_000,
        ),
        Option(
            "reaction_ms",
            N_(
                "nobody acts sooner than this many ms after what they react to "
                "(the dice shown, a grab, a call)"
            ),
            150,
            min=0,
            max=2_000,
        ),
        Option(
            "smoke_rule",
            N_(
                "'parity': each Smoke of a colour flips its token's sign; "
                "'single': only exactly one Smoke makes it negative"
            ),
            SmokeRule.PARITY.value,
            str,
            choices=tuple(rule.value for rule in SmokeRule),
        ),
        Option(
            "max_rounds",
            N_("safety limit: after this many rounds the highest score wins (ties share)"),
            25,
            min=1,
            max=10_000,
        ),
    )

    # ----- set-up and rounds ------------------------------------------------------------

    def _setup(self) -> None:
        n = self.num_players
        self.round = 0
        self.scores = [self.options["start_score"]] * n
        self.katana_owner = self.shuriken = self.rng.below(n)
        self.sudden_death = self.truncated = False
        self.winners = []
        self.last_round = None
        for name in SOURCE_POINTS:
            setattr(self, name, [0] * n)
        self.won = [0] * len(WON_SOURCES)
        self._start_round()

    def _start_round(self) -> None:
        self.round += 1
        self.phase = GRAB
        self.dice = roll(self.rng)
        self.holder = [-1] * NUM_TOKENS
        self.taken_at = [-1] * NUM_TOKENS
        self.contest = [0] * NUM_TOKENS
        self.calls = []
        self.now = 0
        self.floor = self.reaction_ms
        self.sealed = [None] * self.num_players
        self.grabbing = list(range(self.num_players))
        rolled: RollData = {
            "round": self.round,
            "roller": self.shuriken,
            "faces": list(self.dice.faces),
        }
        self.log(_ROLL, **rolled)

    def _end_round(self) -> None:
        """Everybody is out: settle the calls, score, hand the tokens over, maybe end."""
        n, dice = self.num_players, self.dice
        call_points, call_winner = resolution.settle_calls(self.calls, dice.total, n, self.rng)
        points = score_round(
            dice,
            self.holder,
            self.katana_owner,
            self.shuriken,
            self.scores,
            call_points,
            self.options["smoke_rule"],
        )
        self.scores = points.scores
        by_source = points.by_source()  # in `Source` order
        for totals, gained in zip(self.source_totals(), by_source.values(), strict=True):
            for s, p in enumerate(gained):
                totals[s] += p
        for i, source in enumerate(WON_SOURCES):
            self.won[i] += sum(p for p in by_source[source] if p > 0)
        top = max(self.scores)
        leaders = [s for s in range(n) if self.scores[s] == top]
        owner = self.katana_owner
        self.katana_owner = (
            leaders[self.rng.below(len(leaders))] if len(leaders) > 1 else leaders[0]
        )
        summary: RoundSummary = {
            "round": self.round,
            "total": dice.total,
            "katana_takeable": dice.katana_takeable,
            "holders": list(self.holder),
            "calls": [list(c) for c in self.calls],
            "call_winner": call_winner,
            "points": by_source,
            "scores": list(self.scores),
        }
        self.last_round = summary
        # The score event explains every change of score on its own (a replay tells each
        # action's events alone): it repeats the round's dice, grabs and calls, and says
        # who owned the Katana and who rolled. `katana_owner` is the Katana's new owner.
        scored: ScoreData = {
            **summary,
            "faces": list(dice.faces),
            "roller": self.shuriken,
            "katana_owner_before": owner,
            "smoke_rule": self.options["smoke_rule"],
            "katana_owner": self.katana_owner,
        }
        self.log(_SCORE, **scored)
        self.shuriken = (self.shuriken + 1) % n
        self.winners = self._winners(top, leaders)
        if self.winners:
            self.phase = OVER
            self.grabbing = []
            over: GameOverData = {"winners": list(self.winners), "scores": list(self.scores)}
            self.log(EventKind.GAME_OVER, **over)
        else:
            self._start_round()

    def _winners(self, top: int, leaders: list[int]) -> list[int]:
        """Who won with this round (``[]``: play on).

        One player at or above the target wins. Several in the same round start sudden
        death: after each further round, a single highest score at or above the target
        wins. At the `max_rounds` safety limit the highest score wins, ties sharing.
        """
        target = self.options["target"]
        if not self.sudden_death:
            reached = [s for s in range(self.num_players) if self.scores[s] >= target]
            if len(reached) == 1:
                return reached
            if len(reached) > 1:
                self.sudden_death = True
                sudden_death: SuddenDeathData = {"seats": reached}
                self.log(EventKind.SUDDEN_DEATH, **sudden_death)
        elif top >= target and len(leaders) == 1:
            return leaders
        if self.round < self.options["max_rounds"]:
            return []
        self.truncated = True
        return leaders

    # ----- the contract -----------------------------------------------------------------

    def actors(self) -> tuple[int, ...]:
        sealed = self.sealed
        # A list comprehension builds the tuple faster than a generator: `actors` runs
        # several times for every action.
        return tuple([s for s in self.grabbing if sealed[s] is None])

    def is_over(self) -> bool:
        return self.phase == OVER

    def outcome(self) -> Outcome:
        if self.phase != OVER:
            raise ValueError("the game is not over")
        scores = tuple(float(s) for s in self.scores)
        return Outcome(tuple(self.winners), scores, self.truncated)

    def view(self, seat: int | None) -> dict[str, Any]:
        """Exactly what `seat` may know (``None``: a spectator), as a `views.NinjaMasterView`."""
        # The kernel types every game's view as a plain dict, which mypy does not take a
        # TypedDict for (a TypedDict is only a Mapping): the typed view goes out as that.
        return cast(dict[str, Any], views.view(self, seat))

    def stats(self) -> dict[str, float | list[float]]:
        """Rounds played; the share of the points won that each source gave (``share_ninja``...:
        a seat's positive result of a source in a round counts as won); and per seat the net
        points from each source (``floor_points``: given back by the floor at 0, so the
        starting score plus every source is the final score)."""
        figures: dict[str, float | list[float]] = {"rounds": float(self.round)}
        won = sum(self.won)
        for source, points in zip(WON_SOURCES, self.won, strict=True):
            figures[f"share_{source}"] = points / won if won else 0.0
        for name, totals in zip(SOURCE_POINTS, self.source_totals(), strict=True):
            figures[name] = [float(p) for p in totals]
        return figures

    def moments(self) -> list[float]:
        """When the sealed timed proposals happen (ms, earliest first).

        For a live table, which must not show one before every person had the chance to
        act at the same moment (`gamenight.play.live`). Never part of a view.
        """
        moments = (resolution.moment(p) for p in self.sealed if p is not None)
        return sorted(m for m in moments if 0 <= m < math.inf)

    def has_sealed(self, seat: int) -> bool:
        """Whether `seat`, still grabbing, has a proposal sealed and not yet resolved (a
        live table holds a key pressed meanwhile). Never part of a view."""
        return self.sealed[seat] is not None and seat in self.grabbing

    def held_moves(self, seat: int) -> list[Action]:
        """While `seat`'s sealed move waits (`has_sealed`), the moves a second key may be
        held for (a live table seals it once that move is resolved): the step's moves now,
        without the sealed move's own token or call, and without waiting. ``[]`` when no
        move of `seat`'s waits. Never part of a view."""
        if not self.has_sealed(seat):
            return []
        sealed = self.sealed[seat]
        assert sealed is not None  # `has_sealed`
        return [a for a in self._legal(seat) if a is not WAIT and not _repeats(a, sealed)]

    def next_moment(self) -> float | None:
        """When the earliest sealed timed proposal happens (ms; ``None``: there is none)."""
        moments = self.moments()
        return moments[0] if moments else None

    def apply(self, seat: int, action: Action) -> None:
        """Apply `seat`'s action; a refused one raises `IllegalAction` saying why."""
        try:
            super().apply(seat, action)
        except IllegalAction as exc:
            if type(seat) is not int or seat not in self.actors() or not isinstance(action, Action):
                raise
            raise IllegalAction(f"{exc}: {resolution.refusal(self, seat, action)}") from None

    def refusal(self, seat: int, action: Action) -> str | None:
        """Why a grabbing `seat` may not take `action` now (``None``: it may)."""
        if not isinstance(action, Action):
            return f"expected an action, got {action!r}"
        return resolution.refusal(self, seat, action)

    def timed_step(self) -> int:
        """The timed step in progress (the round): a live table stops when it changes."""
        return self.round

    def _legal(self, seat: int) -> list[Action]:
        """Timed actions at the representative times from the floor to the deadline."""
        # Buckets from the floor to the deadline (`bucket(ms + 1)`: the buckets up to ms);
        # after a call, grabs up to the call's moment only.
        lo = bucket(self.floor)
        calls_end = bucket(self.deadline() + 1)
        grabs_end = bucket(self.calls[0][2] + 1) if self.calls else calls_end
        holder = self.holder
        actions: list[Action] = []
        if holder.count(seat) < resolution.MAX_HELD and lo < grabs_end:
            for token in range(NUM_TOKENS):
                if holder[token] < 0:
                    actions.extend(GRABS[token][lo:grabs_end])
        if max(holder) >= 0 and lo < calls_end:
            actions.extend(CALL_SPANS[lo][calls_end])
        actions.append(DONE)
        actions.append(WAIT)
        return actions

    def _is_legal(self, seat: int, action: Action) -> bool:
        return resolution.refusal(self, seat, action) is None

    def _apply(self, seat: int, action: Action) -> None:
        resolution.propose(self, seat, action)
        if not self.grabbing:
            self._end_round()

    def _default_action(self, seat: int, legal: list[Action]) -> Action:
        return DONE

    # ----- determinization ---------------------------------------------------------------

    def _resample_hidden(self, seat: int | None, rng: Rng) -> None:
        """Only the other seats' sealed proposals are hidden (rolled dice are public, and
        the kernel reseeds the future): each is redrawn among that seat's legal actions."""
        for other, proposal in enumerate(self.sealed):
            if proposal is not None and other != seat:
                self.sealed[other] = rng.choice(self._legal(other))


def _repeats(action: Action, sealed: Action) -> bool:
    """Whether `action` is the sealed move again at another time: a grab of its token, a
    call after a call, done after done."""
    if type(action) is not type(sealed):
        return False
    return type(action) is not Grab or action.token == cast(Grab, sealed).token
