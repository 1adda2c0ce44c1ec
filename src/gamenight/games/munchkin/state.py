"""The Munchkin state: set-up and the State contract, on the fields of `model.py`.

One engine serves every card set: `state_class` builds the `State` subclass of a set
(its game id, title, player counts and codec come from the set's ``[ruleset]``). The
turn lives in `flow.py`, the door and combat in `combat.py`, the effect vocabulary in
`effects.py` and `triggers.py`, deals in `deals.py`, views and determinization in
`views.py`; the fields, vocabularies and event data in `model.py`.
"""

from __future__ import annotations

from gamenight.kernel import Action, DecisionStack, Offers, Option, Outcome
from gamenight.kernel.errors import N_
from gamenight.kernel.rng import Rng

from . import flow, views
from .actions import MAX_SEATS, ActionTable
from .content import CardSet
from .model import (
    PER_SEAT,
    EventKind,
    MunchkinModel,
    Phase,
    SetupData,
    WindowKind,
)

# Bound once: `is_over` runs at every step of every game.
OVER = Phase.OVER


class MunchkinState(MunchkinModel):
    """A game of a Munchkin card set (see `state_class`)."""

    # ----- set-up -----------------------------------------------------------------------

    def _setup(self) -> None:
        n, rng, cs = self.num_players, self.rng, self.CS
        for name in self.fields.tuples:  # empty, then the ones that start filled
            setattr(self, name, ())
        for name in PER_SEAT:
            setattr(self, name, (0,) * n)
        self.level = (1,) * n
        doors, treasures = list(cs.doors), list(cs.treasures)
        rng.shuffle(doors)
        rng.shuffle(treasures)
        self.door_deck, self.treasure_deck = tuple(doors), tuple(treasures)
        self.hands = self.table = ((),) * n
        self.turn = rng.below(n)
        self.turn_number = self.fought = self.combat_no = self.charmed = 0
        self.drawn = self.sales = self.sale_bonus_used = self.turn_actions = 0
        self.helper = self.run_mon = self.roll = self.roll_seat = self.door_card = -1
        self.phase, self.window_kind, self.truncated = Phase.SETUP, WindowKind.NONE, False
        self.window = None
        self.stack = DecisionStack()
        self.offers = Offers(n)
        self.log(EventKind.SETUP, **SetupData(first=self.turn))
        for seat in range(n):
            flow.deal_start_hand(self, seat)
        self.drawn = 0
        flow.settle(self)

    # ----- the contract -----------------------------------------------------------------

    # The contract's hot methods are the rules' functions themselves (no extra call).
    actors = flow.actors

    def is_over(self) -> bool:
        return self.phase == OVER

    def outcome(self) -> Outcome:
        if self.phase != OVER:
            raise ValueError("the game is not over")
        return Outcome(
            tuple(self.winners), tuple(float(level) for level in self.level), self.truncated
        )

    def view(self, seat: int | None) -> views.MunchkinView:
        """Exactly what `seat` may know (``None``: a spectator)."""
        return views.view(self, seat)

    def stats(self) -> dict[str, float | list[float]]:
        """Turns and combats played; per seat: the final level, monsters killed (as the
        fighter), combats helped to win, deaths."""
        n = self.num_players
        kills, helped, deaths = [0.0] * n, [0.0] * n, [0.0] * n
        for event in self.events:
            if event.kind == EventKind.WIN:
                kills[event.data["seat"]] += len(event.data["monsters"])
                if event.data["helper"] >= 0:
                    helped[event.data["helper"]] += 1
            elif event.kind == EventKind.DEATH:
                deaths[event.data["seat"]] += 1
        return {
            "turns": float(self.turn_number),
            "combats": float(self.combat_no),
            "levels": [float(level) for level in self.level],
            "kills": kills,
            "helped": helped,
            "deaths": deaths,
        }

    def _legal(self, seat: int) -> list[Action]:
        key = (seat, len(self.history))
        if self._legal_key != key:
            self._legal_list = flow.legal(self, seat)
            self._legal_key = key
        return self._legal_list.copy()

    def _is_legal(self, seat: int, action: Action) -> bool:
        key = (seat, len(self.history))
        if self._legal_key != key:
            self._legal_list = flow.legal(self, seat)
            self._legal_key = key
        legal = self._legal_list
        for candidate in legal:
            if candidate is action:  # the codec's own instance: canonical
                return True
        return action in legal and self.codec.is_canonical(action)

    def _default_action(self, seat: int, legal: list[Action]) -> Action:
        return flow.default_action(self, seat, legal)

    _apply = flow.act

    def _resample_hidden(self, seat: int | None, rng: Rng) -> None:
        views.resample_hidden(self, seat, rng)


def state_class(cs: CardSet) -> type[MunchkinState]:
    """The `State` subclass of a card set (its ``[ruleset]`` names it)."""
    rules = cs.rules
    table = ActionTable(cs)
    options: tuple[Option, ...] = (
        Option(
            "max_turns",
            N_("safety limit: after this many turns the game ends, the highest level winning"),
            300,
            min=1,
            max=100_000,
        ),
        Option(
            "max_turn_actions",
            N_(
                "safety limit: a turn (or the set-up) that reaches this many actions ends the"
                " game, the highest level winning"
            ),
            2000,
            min=100,
            max=1_000_000,
        ),
    )
    if rules.fast_start:
        options += (
            Option(
                "fast_play",
                N_(
                    "fast play: start hands (and hands after death) of {cards} Door and"
                    " {cards} Treasure cards"
                ),
                False,
                type=bool,
                help_fields=(("cards", rules.fast_start),),
            ),
        )
    name = "".join(part.title() for part in rules.game_id.split("-")) + "State"
    return type(
        name,
        (MunchkinState,),
        {
            "__module__": __name__,
            "__doc__": f"A game of {rules.title} for {rules.min_players}-{rules.max_players} players.",
            "game_id": rules.game_id,
            "title": rules.title,
            "min_players": rules.min_players,
            "max_players": min(rules.max_players, MAX_SEATS),
            "options_spec": options,
            "codec": table.codec,
            "CS": cs,
            "A": table,
            "draw_cap": cs.size,
        },
    )
