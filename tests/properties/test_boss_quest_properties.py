"""Boss Quest: invariants over many random games (hypothesis picks sizes, seeds, options
and which seats are played by the heuristic bot rather than uniformly at random).

At every step: the 35 weapons, 23 spells and 8 bosses are each in exactly one place;
hearts stay within 0..start and never grow, keys never shrink; the public bust flags and
hidden-value bounds are true; the game goes on exactly while no end rule applies; actors
and legal actions agree. Every few steps, and at the end: no view or event a seat may
see shows it a hidden weapon it does not know or the unrevealed Mystery spell,
determinization keeps each seat's view and is reproducible, and the state round-trips
through JSON. At the end: the winners and losers follow the end rules, and the game
replays exactly from its record.
"""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

import gamenight
from gamenight.agents import make
from gamenight.games.boss_quest import BossQuestState
from gamenight.games.boss_quest.content import BOSS_HP, NUM_WEAPONS, SPELLS, WEAPON_VALUE

from .strategies import (
    RANDOM_GAMES,
    check_actors,
    check_json_ready,
    check_round_trips,
    ints_under,
    option_values,
)

CHECK_EVERY = 9  # views, events, determinization and JSON every so many actions
WEAPON_FIELDS = ("weapons", "weapon", "gave", "got", "visible", "hidden")  # in events
PRIVATE_KINDS = ("hidden_weapon", "exchange_hidden")  # the only events sent to one seat

OPTIONS = option_values(
    hearts=st.integers(1, 3),
    key_target=st.integers(1, 6),
    spells_per_round=st.integers(1, 10),
    mystery=st.booleans(),
    max_rounds=st.integers(1, 12),
)


@st.composite
def games(draw: st.DrawFn) -> tuple[BossQuestState, list]:
    players = draw(st.integers(2, 6))
    seed = draw(st.integers(0, 2**40))
    state = gamenight.make("boss-quest", players=players, seed=seed, **draw(OPTIONS))
    bots = draw(
        st.lists(
            st.sampled_from(["random", "random", "heuristic"]), min_size=players, max_size=players
        )
    )
    return state, [make(name, "boss-quest", seed=seed + seat) for seat, name in enumerate(bots)]


# ----- every step --------------------------------------------------------------------------


def check_components(state: BossQuestState) -> None:
    held = [*state.weapon_deck, *state.hidden]
    for weapons in state.visible:
        held += weapons
    assert sorted(held) == list(range(NUM_WEAPONS)), "a weapon was lost or duplicated"
    spells = [*state.slots, *state.spell_deck, *state.spell_discard, *state.spell_discard_unseen]
    assert sorted(spells) == list(range(len(SPELLS))), "a spell was lost or duplicated"
    bosses = [state.boss, *state.boss_deck, *state.boss_discard]
    assert sorted(bosses) == list(range(len(BOSS_HP))), "a boss was lost or duplicated"


def check_counters(state: BossQuestState, before: tuple[list[int], list[int]]) -> None:
    hearts, keys = before
    for seat in range(state.num_players):
        assert 0 <= state.hearts[seat] <= hearts[seat] <= state.options["hearts"]
        assert state.keys[seat] >= keys[seat]


def check_round(state: BossQuestState) -> None:
    """While the game goes on: no end rule applies, and the public facts are true."""
    options, hp = state.options, state.boss_hp()
    assert max(state.keys) < options["key_target"]
    assert min(state.hearts) > 0
    assert state.round <= options["max_rounds"]
    for seat in range(state.num_players):
        assert state.bust[seat] == (state.attack(seat) > hp)
        assert state.hidden_lo[seat] <= WEAPON_VALUE[state.hidden[seat]] <= state.hidden_hi[seat]


# ----- every few steps ---------------------------------------------------------------------


def known_by(state: BossQuestState) -> list[set[int]]:
    """Who knows each seat's hidden weapon, from the round's public events alone: its owner;
    after a Swap, also the seat that held it a moment ago; after an Exchange, only its owner.
    """
    known = [{s} for s in range(state.num_players)]
    for event in round_events(state, None):
        if event.kind == "swap":
            a, b = event.data["seat"], event.data["target"]
            known[a], known[b] = known[b] | {a}, known[a] | {b}
        elif event.kind == "exchange" and event.data["gave"] is None:
            known[event.data["seat"]] = {event.data["seat"]}
    return known


def knows(state: BossQuestState, seat: int | None, holder: int) -> bool:
    return seat is not None and bool(state.known[holder] >> seat & 1)


def unknown_hidden(state: BossQuestState, seat: int | None) -> set[int]:
    """The hidden weapons `seat` must not learn."""
    n = state.num_players
    return {state.hidden[s] for s in range(n) if not knows(state, seat, s)}


def check_view(state: BossQuestState, seat: int | None) -> None:
    if seat is not None:
        assert [seat in k for k in known_by(state)] == [
            knows(state, seat, s) for s in range(state.num_players)
        ]
    view = state.view(seat)
    check_json_ready(view)
    for info in view["seats"]:
        holder = info["seat"]
        if knows(state, seat, holder):
            assert info["hidden"]["id"] == state.hidden[holder]
            assert info["attack"] == state.attack(holder)
        else:
            assert info["hidden"] is None and info["attack"] is None
    assert not ints_under(view, ["id"]) & unknown_hidden(state, seat)
    for slot in view["spells"]:
        assert slot["mystery"] == (slot["slot"] == state.mystery)
        if slot["mystery"]:
            assert slot["spell"] is None
    assert len(view["spell_discard"]) == len(state.spell_discard)  # not the face-down ones


def round_events(state: BossQuestState, seat: int | None) -> list:
    """The events `seat` sees from the start of this round until its battle."""
    events = state.events_for(seat)
    start = max(i for i, e in enumerate(events) if e.kind == "round")
    current = []
    for event in events[start:]:
        if event.kind == "battle":  # it reveals every hidden weapon of the round
            break
        current.append(event)
    return current


def check_events(state: BossQuestState, seat: int | None) -> None:
    for event in state.events_for(seat):
        if event.to is not None:
            assert event.kind in PRIVATE_KINDS and event.to == (event.data["seat"],)
    public_weapons = set()
    for event in round_events(state, seat):
        check_json_ready(event.data)
        if event.to is None:
            public_weapons |= ints_under(event.data, WEAPON_FIELDS)
        if state.mystery >= 0 and event.data.get("slot") == state.mystery:
            assert event.data.get("spell") is None, "the Mystery spell was shown"
        if event.kind == "round" and state.mystery >= 0:
            assert event.data["spells"][state.mystery] is None
    assert not public_weapons & unknown_hidden(state, seat)


def check_determinize(state: BossQuestState, seat: int | None, seed: int) -> None:
    before = state.to_json()
    world = state.determinize(seat, seed)
    assert state.to_json() == before, "determinize changed the real game"
    assert world.view(seat) == state.view(seat)
    check_components(world)
    if not state.is_over():
        check_round(world)
    if seat in state.actors():  # what it may do follows from what it sees
        assert world.legal_actions(seat) == state.legal_actions(seat)
    assert state.determinize(seat, seed).to_json() == world.to_json()


def check_secrets(state: BossQuestState, rng: random.Random) -> None:
    for seat in (None, *range(state.num_players)):
        check_view(state, seat)
        check_events(state, seat)
        check_determinize(state, seat, rng.randrange(1 << 30))
    text = state.to_json()
    assert gamenight.load(text).to_json() == text


# ----- the end -----------------------------------------------------------------------------


def best(state: BossQuestState, seats: list[int]) -> tuple[int, ...]:
    top = max((state.keys[s], state.hearts[s]) for s in seats)
    return tuple(s for s in seats if (state.keys[s], state.hearts[s]) == top)


def check_end(state: BossQuestState) -> None:
    """Key target first; else a lost last heart (the best of the others win, of everyone
    if all fell); else the round limit. Whoever fell and does not win has lost."""
    everyone = list(range(state.num_players))
    at_target = [s for s in everyone if state.keys[s] >= state.options["key_target"]]
    fallen = [s for s in everyone if state.hearts[s] == 0]
    if at_target:
        winners = best(state, at_target)
    elif fallen:
        winners = best(state, [s for s in everyone if s not in fallen] or everyone)
    else:
        assert state.round == state.options["max_rounds"]
        winners = best(state, everyone)
    losers = [s for s in fallen if s not in winners]
    outcome = state.outcome()
    assert outcome.winners == winners
    assert outcome.scores == tuple(
        1.0 if s in winners else -1.0 if s in losers else 0.0 for s in everyone
    )
    assert state.losers == losers


# ----- the property ------------------------------------------------------------------------


@RANDOM_GAMES
@given(game=games())
def test_random_games_keep_every_invariant(game):
    state, agents = game
    rng = random.Random(state.seed)
    steps = 0
    while not state.is_over():
        check_components(state)
        check_round(state)
        check_actors(state)
        if steps % CHECK_EVERY == 0:
            check_secrets(state, rng)
        before = (list(state.hearts), list(state.keys))
        seat = rng.choice(state.actors())  # a random actor, never the first by rule
        legal = state.legal_actions(seat)
        state.apply(seat, agents[seat].act(state.view(seat), legal))
        check_counters(state, before)
        steps += 1
    check_components(state)
    check_actors(state)
    check_secrets(state, rng)
    check_end(state)
    check_round_trips(state)
