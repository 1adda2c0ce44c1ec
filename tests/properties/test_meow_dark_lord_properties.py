"""Meow, Dark Lord!: invariants over many random games (hypothesis picks seeds and sizes).

Every game must end without a crash, keep the 60 cats and 4 Rigor Mortis cards and the 36
coins, keep hearts within 0..printed, never show a seat another hand or the Tower's order
(not in views, not in its events), keep views unchanged under determinization, and replay
exactly from its record and its JSON.
"""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

import gamenight
from gamenight.games.meow_dark_lord import MeowState
from gamenight.games.meow_dark_lord.actions import CODEC
from gamenight.games.meow_dark_lord.content import HEARTS, NUM_CARDS, NUM_CATS, TOTAL_COINS

from .strategies import RANDOM_GAMES

VIEW_EVERY = 15  # check views and determinization every so many actions


def card_ids(value, found):
    """Collect every int under a ``"card"``/``"cards"`` key of a JSON-ready value."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key in ("card", "cards"):
                if isinstance(item, list):
                    found.update(item)
                elif item is not None:
                    found.add(item)
            else:
                card_ids(item, found)
    elif isinstance(value, list):
        for item in value:
            card_ids(item, found)
    return found


def hidden_from(state: MeowState, seat: int | None) -> set[int]:
    """The cards `seat` may not know the place of: other hands (less seen cards), the Tower."""
    seen = set(state.revealed)
    hidden = {c for s, hand in enumerate(state.hands) if s != seat for c in hand if c not in seen}
    return hidden | set(state.tower)


def check_invariants(state: MeowState) -> None:
    zones = [*state.tower, *state.graveyard, *state.track]
    for hand, dungeon in zip(state.hands, state.dungeons, strict=True):
        zones += hand
        zones += dungeon
    assert sorted(zones) == list(range(NUM_CARDS)), "a card was lost or duplicated"
    assert state.treasury + sum(state.coins) == TOTAL_COINS
    assert state.treasury >= 0 and min(state.coins) >= 0
    in_dungeon = {c for dungeon in state.dungeons for c in dungeon}
    for card in range(NUM_CATS):
        low = 1 if card in in_dungeon else 0
        high = HEARTS[card] if card in in_dungeon else 0
        assert low <= state.hearts[card] <= high
    if state.is_over():
        assert state.actors() == () and 0 <= state.winner < state.num_players
    else:
        (actor,) = state.actors()
        legal = state.legal_actions(actor)
        assert legal and all(0 <= CODEC.encode(a) < CODEC.size for a in legal)
        assert state.legal_actions((actor + 1) % state.num_players) == []


def check_views(state: MeowState, rng: random.Random) -> None:
    for seat in (None, *range(state.num_players)):
        view = state.view(seat)
        for info in view["seats"]:
            assert (info["hand"] is not None) == (info["seat"] == seat)
        assert not card_ids(view, set()) & hidden_from(state, seat)
        copy = state.determinize(seat, rng.randrange(1 << 30))
        check_invariants(copy)
        assert copy.view(seat) == view


@RANDOM_GAMES
@given(seed=st.integers(0, 2**40), players=st.integers(2, 6))
def test_random_games_keep_every_invariant(seed, players):
    state = gamenight.make("meow-dark-lord", players=players, seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not state.is_over():
        check_invariants(state)
        if steps % VIEW_EVERY == 0:
            check_views(state, rng)
        seat = rng.choice(state.actors())  # a random actor, never the first by rule
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
        steps += 1
    check_invariants(state)
    check_views(state, rng)
    outcome = state.outcome()
    assert (
        outcome.winners == (state.winner,) and max(outcome.scores) == outcome.scores[state.winner]
    )
    # No event a seat may see names a card still hidden from it.
    for seat in (None, *range(players)):
        seen = card_ids([event.data for event in state.events_for(seat)], set())
        assert not seen & hidden_from(state, seat)
    text = state.to_json()
    assert gamenight.load(text).to_json() == text
    assert gamenight.replay(state.record()).to_json() == text
