"""The Boss Quest heuristic bot: its choices in rigged positions, and legal, deterministic
play over many games.

Seat 0 acts in every position (the Armorer is the last seat). The rivals' hidden weapons
are unknown to it: only their public range (narrowed by bust announcements) is.
"""

from __future__ import annotations

import random

import pytest

import gamenight
from gamenight import agents
from gamenight.games.boss_quest.actions import (
    Activate,
    ChoosePlayer,
    ChooseSpell,
    ChooseWeapon,
    Discard,
    Equip,
)
from gamenight.games.boss_quest.bots import MAX_DRAWS, HeuristicBot, _uses, read_table
from gamenight.games.boss_quest.content import SPELLS
from gamenight.games.boss_quest.model import Phase
from gamenight.kernel import Action
from gamenight.play.table import ask, next_actor, play

from .helpers import game, wid

HARMLESS = ["bonus-key", "runner-up", "pair"]  # no use to a bot that is bust


def decide(state, seed: int = 0) -> Action:
    """The bot's choice for the seat to act, from that seat's view alone."""
    (seat,) = state.actors()
    return HeuristicBot(seed).act(state.view(seat), state.legal_actions(seat))


def visit(state) -> list[Action]:
    """The bot's choice, then its target if that choice activated a spell that needs one
    (both applied)."""
    (seat,) = state.actors()
    choices = [decide(state)]
    state.apply(seat, choices[0])
    if state.decisions:
        choices.append(decide(state))
        state.apply(seat, choices[1])
    return choices


def slot_of(state, key: str) -> int:
    return next(slot for slot, spell in enumerate(state.slots) if SPELLS[spell].key == key)


def three_seats(**setup) -> object:
    """Three players, seat 0 to act first; the rivals hold low weapons unless rigged."""
    hidden = {1: "purple 1", 2: "yellow 1", **setup.pop("hidden", {})}
    visible = {1: ["purple 2"], 2: ["yellow 2"], **setup.pop("visible", {})}
    setup.setdefault("boss", 17)
    return game(3, armorer=2, turn=0, hidden=hidden, visible=visible, **setup)


# ----- drawing or stopping -------------------------------------------------------------------


def test_it_stops_drawing_one_below_the_hp():
    # 16 against 17: every card but a 1 busts, and nothing on the table could save it.
    state = three_seats(hidden={0: "red 7"}, visible={0: ["blue 6", "green 3"]}, spells=HARMLESS)
    assert state.boss_hp() - state.attack(0) == 1
    assert type(decide(state)) is not Equip


def test_it_draws_when_no_card_can_bust_it():
    # 5 against 17: even a 7 leaves it at 12.
    state = three_seats(hidden={0: "red 2"}, visible={0: ["blue 3"]}, spells=HARMLESS)
    assert type(decide(state)) is Equip


@pytest.mark.parametrize(("hearts", "draws"), [(3, True), (1, False)])
def test_four_below_it_draws_with_hearts_to_spare_but_not_on_its_last_heart(hearts, draws):
    # 16 against 20: a 5, 6 or 7 busts (about 3 cards in 7). Worth a spare heart for the
    # chance of closing in, not the last heart, which would lose the game.
    state = three_seats(
        boss=20,
        hearts=[hearts, 3, 3],
        hidden={0: "red 1"},
        visible={0: ["blue 6", "purple 3", "yellow 6"]},
        spells=HARMLESS,
    )
    assert state.boss_hp() - state.attack(0) == 4
    assert (type(decide(state)) is Equip) == draws


@pytest.mark.parametrize(("given", "draws"), [("green 7", False), ("green 4", True)])
def test_it_draws_knowing_the_weapon_an_exchange_put_on_top(given, draws):
    # 16 against 20 with hearts to spare: it would draw (see above), but seat 2 has just
    # given its face-up weapon to the deck, so everybody knows the next card: a 7 busts
    # it, a 4 is a perfect hit.
    state = game(
        3,
        boss=20,
        armorer=1,
        turn=2,
        hidden={0: "red 1", 1: "purple 1", 2: "yellow 1"},
        visible={0: ["blue 6", "purple 3", "yellow 6"], 1: ["purple 2"], 2: [given]},
        spells=["exchange", *HARMLESS],
    )
    state.apply(2, Activate(slot_of(state, "exchange")))
    state.apply(2, ChooseWeapon(wid(given)))
    assert state.actors() == (0,) and state.view(0)["deck_top"]["id"] == wid(given)
    assert (decide(state) == Equip(1)) == draws


# ----- spells for itself -----------------------------------------------------------------------


def test_bust_by_two_it_raises_the_hp_by_two_for_a_perfect_hit():
    state = three_seats(
        hidden={0: "red 7"}, visible={0: ["blue 6", "green 6"]}, spells=["hp+2", *HARMLESS]
    )
    assert state.attack(0) == 19 and state.bust[0]
    assert visit(state) == [Activate(slot_of(state, "hp+2"))]
    assert state.boss_hp() == state.attack(0) == 19


def test_bust_beyond_any_fix_it_takes_mercy():
    # 21 against 17: no spell on the table brings it back under the HP; Mercy keeps its heart.
    state = three_seats(
        hidden={0: "red 7"}, visible={0: ["blue 7", "green 7"]}, spells=["mercy", *HARMLESS]
    )
    assert visit(state) == [Activate(slot_of(state, "mercy"))]


def test_bust_by_three_it_exchanges_its_highest_weapon():
    # 20 against 17. Giving the 7 back leaves 13: only a 5, 6 or 7 from the deck busts.
    # Giving the 6 leaves 14 (4 and up bust); giving the hidden 2 leaves 18: bust for sure.
    state = three_seats(
        hidden={0: "red 2"},
        visible={0: ["blue 7", "green 6", "red 5"]},
        spells=["exchange", *HARMLESS],
    )
    assert visit(state) == [Activate(slot_of(state, "exchange")), ChooseWeapon(wid("blue 7"))]


def test_bust_by_two_it_swaps_its_hidden_seven_with_a_seat_known_to_hide_a_low_weapon():
    # Seat 1 shows 15 and has not announced a bust against 17: its hidden weapon is a 1 or
    # a 2, so the swap brings the bot to 13 or 14 (and busts seat 1 with the 7).
    # Seat 2's hidden weapon could be anything.
    state = three_seats(
        hidden={0: "red 7", 1: "blue 1", 2: "green 6"},
        visible={0: ["blue 7", "green 5"], 1: ["yellow 7", "purple 6", "red 2"], 2: ["yellow 2"]},
        spells=["swap", *HARMLESS],
    )
    assert state.view(0)["seats"][1]["hidden_range"] == [1, 2]
    assert visit(state) == [Activate(slot_of(state, "swap")), ChoosePlayer(1)]
    assert not state.bust[0] and state.bust[1]


def test_it_cancels_the_hp_minus_two_that_busts_it():
    # 16 against 17 - 2 = 15: cancelling HP -2 makes it 16 against 17 again.
    state = three_seats(
        hidden={0: "red 7"},
        visible={0: ["blue 7", "green 2"]},
        spells=["cancel", *HARMLESS],
        active=["hp-2"],
    )
    assert state.bust[0]
    assert visit(state) == [Activate(slot_of(state, "cancel")), ChooseSpell(slot_of(state, "hp-2"))]
    assert not state.bust[0]


# ----- spells against the rivals -----------------------------------------------------------


def test_attack_plus_two_goes_to_the_leader_near_the_hp():
    # Seat 1 has 4 keys, has visited the Mage, and shows 15 without a bust against 17: it
    # will hit 16 or 17 and win the round (and the game). +2 busts it either way.
    state = three_seats(
        visited=[1],
        keys=[1, 4, 0],
        hidden={0: "red 7", 1: "blue 1"},
        visible={0: ["blue 6", "red 1", "green 1"], 1: ["green 7", "yellow 7", "purple 1"]},
        spells=["attack+2", "bonus-key", "hp-1", "pair"],
    )
    assert state.view(0)["seats"][1]["hidden_range"] == [1, 2]
    assert visit(state) == [Activate(slot_of(state, "attack+2")), ChoosePlayer(1)]
    assert state.bust[1]


def test_it_requires_a_colour_it_holds_and_the_leader_lacks():
    # Seat 1 (4 keys, visited) has a perfect hit with three yellows and a hidden 1: a
    # round win plus a perfect hit ends the game. Requiring red, which the bot holds and
    # seat 1 most likely lacks, takes both away. Requiring blue would rule the bot out;
    # Runner-up would give it the round but leave seat 1 its fifth key.
    state = three_seats(
        visited=[1],
        keys=[2, 4, 1],
        hidden={0: "red 7", 1: "blue 1"},
        visible={0: ["green 7", "green 2"], 1: ["yellow 7", "yellow 6", "yellow 3"]},
        spells=["colour-red", "colour-blue", "bonus-key", "runner-up"],
    )
    assert visit(state) == [Activate(slot_of(state, "colour-red"))]


def test_it_discards_a_spell_that_would_only_help_a_rival():
    # The bot has a perfect hit (17). Seat 1, bust at 19 and still to visit the Mage, would
    # take HP +2 for a perfect hit of its own, and move the bot off its own.
    state = three_seats(
        keys=[1, 3, 0],
        hidden={0: "red 7", 1: "blue 5"},
        visible={0: ["blue 6", "red 4"], 1: ["green 7", "yellow 7"]},
        spells=["hp+2", "colour-purple", "pair", "runner-up"],
    )
    assert state.attack(0) == 17 and state.bust == [False, True, False]
    assert decide(state) == Discard(slot_of(state, "hp+2"))


def test_leading_one_below_the_hp_it_calls_last_call_on_rivals_far_behind():
    # At 16 against 17 the bot wins the round unless a rival closes in. Its rivals stand at
    # 3 and 4: after Last call each may take one card, at most a 7.
    state = three_seats(
        keys=[3, 1, 1],
        hidden={0: "red 7", 1: "blue 1", 2: "green 1"},
        visible={0: ["blue 7", "green 2"], 1: ["yellow 2"], 2: ["purple 3"]},
        spells=["last-call", "hp+1", "colour-purple", "runner-up"],
    )
    assert visit(state) == [Activate(slot_of(state, "last-call"))]
    assert state.phase == Phase.LAST_CALL


def test_it_counts_a_cancelled_last_call_as_giving_the_rivals_their_turns_back():
    state = three_seats(spells=["last-call", "cancel", *HARMLESS])
    state.apply(0, Activate(slot_of(state, "last-call")))
    assert state.actors() == (1,)
    table = read_table(state.view(1))
    assert table.position.rival_draws == 1
    uses = dict(_uses(table, table.position.settle(1), "cancel"))
    ((_, after),) = uses[ChooseSpell(slot_of(state, "last-call"))]
    assert after.rival_draws == MAX_DRAWS
    assert all(key != "last-call" for _, key, _ in after.spells)


# ----- the Mystery spell -----------------------------------------------------------------------


def test_bust_on_its_last_heart_with_nothing_visible_to_save_it_it_tries_the_mystery():
    # 18 against 17 on its last heart: the face-up spells cannot help; the face-down one
    # might (HP +1/+2, attack -1/-2, Mercy, Exchange...).
    state = three_seats(
        hearts=[1, 3, 3],
        hidden={0: "red 7"},
        visible={0: ["blue 7", "green 4"]},
        spells=[*HARMLESS, "colour-purple"],
        mystery=True,
    )
    assert state.bust[0]
    assert decide(state) == Activate(state.mystery)


def test_it_never_activates_the_mystery_blind_when_not_bust():
    for gap in range(2, 9):
        state = three_seats(
            hearts=[1, 3, 3],
            hidden={0: "red 1"},
            visible={0: ["blue 7", f"green {9 - gap}"]},
            spells=[*HARMLESS, "colour-purple"],
            mystery=True,
        )
        assert state.boss_hp() - state.attack(0) == gap
        assert decide(state) != Activate(state.mystery)


# ----- any game ----------------------------------------------------------------------------


class CheckedBot(HeuristicBot):
    """The heuristic bot, checking that every answer is among the legal actions."""

    def act(self, view, legal, clock=None, state=None):
        assert state is None  # it plays from its view alone
        action = super().act(view, legal, clock)
        assert action in legal
        return action

    def act_in(self, state, seat, legal, clock=None):
        action = super().act_in(state, seat, legal, clock)
        assert action in legal
        return action


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_it_always_answers_a_legal_action(players):
    rng = random.Random(players)
    for seed in range(12):
        state = gamenight.make(
            "boss-quest",
            players=players,
            seed=seed,
            spells_per_round=rng.randint(1, 10),
            mystery=rng.random() < 0.8,
        )
        seats = [
            CheckedBot(seed + s)
            if rng.random() < 0.6
            else agents.make("random", "boss-quest", seed + s)
            for s in range(players)
        ]
        play(state, seats)
        assert state.is_over()


def test_the_same_seeds_play_the_same_game():
    def game_record(seed: int) -> str:
        state = gamenight.make("boss-quest", players=4, seed=seed)
        play(state, [agents.make("heuristic", "boss-quest", seed=seed + s) for s in range(4)])
        return state.record().to_json()

    assert game_record(5) == game_record(5)
    assert game_record(5) != game_record(6)


def test_it_wins_far_more_often_than_random_players():
    # One heuristic against three random players: a random player would win about 1 in 4.
    wins, games = 0, 60
    for seed in range(games):
        state = gamenight.make("boss-quest", players=4, seed=seed)
        seat = seed % 4
        seats = [agents.make("random", "boss-quest", seed * 10 + s) for s in range(4)]
        seats[seat] = agents.make("heuristic", "boss-quest", seed)
        play(state, seats)
        wins += seat in state.outcome().winners
    assert wins >= games * 0.6


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_it_chooses_from_the_state_as_from_its_view(players):
    """The table asks it `act_in` (it reads its seat's share of the state, not the view):
    at every decision of bot games, the same action and the same draws of its generator
    as `act` on the seat's view."""
    state = gamenight.make("boss-quest", players, seed=70 + players)
    by_state = [HeuristicBot(seat) for seat in range(players)]
    by_view = [HeuristicBot(seat) for seat in range(players)]
    assert all(bot.reads_state for bot in by_state)
    decisions = 0
    while not state.is_over():
        seat = next_actor(state)
        legal = state.legal_actions(seat)
        action = ask(by_state[seat], state, seat)
        assert by_view[seat].act(state.view(seat), legal) == action
        assert by_view[seat]._rng.getstate() == by_state[seat]._rng.getstate()
        decisions += len(legal) > 1
        state.apply(seat, action)
    assert decisions > 20


@pytest.mark.parametrize("players", [2, 4, 6])
def test_its_choices_are_the_same_in_every_world_its_seat_cannot_tell_apart(players):
    """The rivals' hidden weapons and the deck's order are unknown to it: asked at every
    decision of a bot game, with its generator where it was, in worlds determinized for
    its seat (those hidden cards dealt otherwise), it chooses as in the real game, from
    the world's view and from the world's state as the table asks it (`act_in`)."""
    state = gamenight.make("boss-quest", players, seed=40 + players)
    bots = [HeuristicBot(seat) for seat in range(players)]
    other_worlds = 0
    while not state.is_over():
        (seat,) = state.actors()
        bot, legal = bots[seat], state.legal_actions(seat)
        before = bot._rng.getstate()
        action = bot.act(state.view(seat), legal)
        after = bot._rng.getstate()
        for k in range(2):
            world = state.determinize(seat, k)
            other_worlds += world.hidden != state.hidden or world.weapon_deck != state.weapon_deck
            assert world.legal_actions(seat) == legal
            bot._rng.setstate(before)
            assert bot.act(world.view(seat), legal) == action
            bot._rng.setstate(before)
            assert ask(bot, world, seat) == action
        bot._rng.setstate(after)
        state.apply(seat, action)
    assert other_worlds > 20
