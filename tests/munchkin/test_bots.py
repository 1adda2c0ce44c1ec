"""The heuristic bot: it plays whole games from its view alone and beats random play."""

from __future__ import annotations

import gamenight
from gamenight.agents.random_agent import RandomAgent
from gamenight.games.munchkin.actions import (
    ACCEPT,
    DECLINE,
    DONE,
    KICK,
    LOOT,
    ROLL,
    SELL,
    TREASURES,
    Ask,
    Equip,
    Pick,
    Play,
    Unequip,
)
from gamenight.games.munchkin.bots import BOTS, HeuristicBot
from gamenight.kernel import PASS, Rng

from .helpers import GAME, card, events, game, play, to_fighter


def finish(state, agents) -> None:
    rng = Rng(state.seed)
    while not state.is_over():
        seat = rng.choice(state.actors())
        state.apply(seat, agents[seat].act(state.view(seat), state.legal_actions(seat)))


def test_heuristic_bots_finish_their_games_by_the_rules():
    for seed in range(3):
        state = gamenight.make(GAME, 4, seed=seed, max_turns=150)
        finish(state, [HeuristicBot(seed + i) for i in range(4)])
        assert not state.outcome().truncated and max(state.level) == 10


def test_the_heuristic_beats_random_play():
    wins = 0
    for seed in range(4):
        state = gamenight.make(GAME, 4, seed=seed, max_turns=150)
        agents = [HeuristicBot(seed) if i % 2 == 0 else RandomAgent(seed + i) for i in range(4)]
        finish(state, agents)
        wins += any(w % 2 == 0 for w in state.outcome().winners)
    assert wins >= 3


def test_it_asks_for_help_when_losing_and_helps_only_when_safe():
    bot = BOTS["heuristic"](1)
    state = game(door=["moody_goblin"], levels=[2, 2, 1])
    state.apply(0, KICK)
    while state.actors() != (0,):
        state.apply(state.actors()[0], PASS)
    assert bot.act(state.view(0), state.legal_actions(0)) == Ask(1)  # seat 2 would not win it
    play(state, (0, Ask(1)), (0, DONE), (0, TREASURES[1]), (0, DONE))
    assert bot.act(state.view(1), state.legal_actions(1)) == ACCEPT  # 2 + 2 beat 3, for a treasure
    near = game(door=["vampire_landlord"], levels=[9, 2, 1])
    near.apply(0, KICK)
    while near.actors() != (0,):
        near.apply(near.actors()[0], PASS)
    play(near, (0, Ask(1)), (0, DONE), (0, TREASURES[1]), (0, DONE))
    assert bot.act(near.view(1), near.legal_actions(1)) == DECLINE  # it would win the game


def test_stats_count_kills_help_and_deaths():
    state = gamenight.make(GAME, 4, seed=1, max_turns=150)
    finish(state, [HeuristicBot(i) for i in range(4)])
    stats = state.stats()
    assert stats["levels"] == [float(level) for level in state.level]
    assert sum(stats["kills"]) >= 5 and len(stats["deaths"]) == 4
    assert stats["turns"] == state.turn_number


# ----- scenarios: each thing the heuristic does -----------------------------------------------


def decide(state, seat: int):
    """The heuristic's move for `seat` now."""
    return HeuristicBot(seat).act(state.view(seat), state.legal_actions(seat))


def test_it_looks_for_trouble_only_with_a_monster_it_beats():
    weak = game(hands={0: ["grumpy_chest", "tentacle_lawyer"]}, levels=[3, 1, 1], phase="loot")
    assert decide(weak, 0) == Play(card("grumpy_chest"))
    strong = game(hands={0: ["tentacle_lawyer"]}, levels=[3, 1, 1], phase="loot")
    assert decide(strong, 0) == LOOT


def test_it_plays_the_smallest_one_shot_that_decides_its_fight_and_keeps_them_otherwise():
    close = game(
        hands={0: ["magic_missile", "sleep_potion"]}, levels=[2, 1, 1], monsters=["moody_goblin"]
    )
    assert decide(close, 0) == Play(card("sleep_potion"))  # 2 + 2 beat 3; the +5 is kept
    hopeless = game(hands={0: ["sleep_potion"]}, levels=[2, 1, 1], monsters=["tentacle_lawyer"])
    assert decide(hopeless, 0) == PASS  # +2 cannot beat 13, and nobody can help: it runs


def test_it_asks_the_helper_most_likely_to_accept_for_half_the_treasures():
    state = game(
        levels=[2, 3, 4],
        table={1: ["singing_sword"], 2: ["kneecap_hammer", "rude_rapier"]},
        monsters=["moody_goblin"],
        enhancers=[("enraged", 0)],  # strength 8, 3 treasures
    )
    assert decide(state, 0) == Ask(1)  # both win it; seat 1 is the lower level
    play(state, (0, Ask(1)), (0, DONE))
    assert decide(state, 0) == TREASURES[2]  # half of 3, rounded up


def test_it_helps_for_a_bribe_and_not_for_nothing_nor_a_leader_for_one():
    def asked(levels, treasures):
        state = game(levels=levels, monsters=["moody_goblin"])
        play(state, (0, Ask(1)), (0, DONE), (0, TREASURES[treasures]))
        if TREASURES[0] != TREASURES[treasures]:
            play(state, (0, DONE))
        return decide(state, 1)

    assert asked([2, 2, 1], 1) == ACCEPT
    assert asked([2, 2, 1], 0) == DECLINE  # nothing in it
    assert asked([7, 5, 1], 1) == DECLINE  # a player close to winning pays two
    assert asked([7, 5, 1], 2) == ACCEPT


def test_it_never_asks_for_help_with_the_winning_kill():
    state = game(levels=[9, 5, 5], monsters=["tentacle_lawyer"])
    assert decide(state, 0) == PASS  # nobody would help it to level 10: it runs


def test_it_enhances_the_monster_when_that_turns_the_leaders_win_into_a_loss():
    state = game(hands={1: ["enraged", "ancient"]}, levels=[8, 5, 1], monsters=["moody_goblin"])
    assert decide(state, 1) == Play(card("enraged"))  # +5 is enough against 8 vs 3
    short = game(hands={1: ["armored"]}, levels=[8, 5, 1], monsters=["moody_goblin"])
    assert decide(short, 1) == PASS  # +4 is not: the card is kept
    trailing = game(hands={1: ["enraged"]}, levels=[3, 5, 1], monsters=["grumpy_chest"])
    assert decide(trailing, 1) == PASS  # the fighter is behind: not worth a card


def test_it_curses_the_leader_in_the_leaders_fight():
    state = game(hands={1: ["curse_lose_level"]}, levels=[8, 5, 1], monsters=["moody_goblin"])
    assert decide(state, 1) == Play(card("curse_lose_level"))


def test_it_escapes_deadly_bad_stuff_with_a_card():
    state = game(hands={0: ["invisibility_potion"]}, levels=[1, 1, 1], monsters=["elder_wyrm"])
    to_fighter(state)
    state.apply(0, PASS)  # it cannot win: it runs
    while 0 not in state.actors():
        state.apply(state.actors()[0], PASS)
    action = decide(state, 0)
    assert action != ROLL and getattr(action, "card", None) == card("invisibility_potion")


def test_it_wears_the_better_item_and_sells_what_does_not_count():
    worn = game(table={0: ["helm_of_nerve", ("pot_helmet", False)]})
    assert decide(worn, 0) in (Unequip(card("helm_of_nerve")), Equip(card("pot_helmet")))
    seller = game(
        table={0: ["rude_rapier"]}, hands={0: ["magic_lamp", "flight_potion", "loaded_die"]}
    )
    assert decide(seller, 0) == SELL
    seller.apply(0, SELL)
    for _ in range(6):
        if not seller.stack:
            break
        seller.apply(0, decide(seller, 0))
    sold = events(seller, "sold")
    assert sold and card("rude_rapier") not in sold[0]["cards"]


def test_it_gives_its_least_useful_card_to_charity():
    hand = [
        "napalm_staff",
        "magic_missile",
        "pointy_stick",
        "ribbon_bow",
        "mithril_mail",
        "pot_helmet",
    ]
    state = game(hands={0: hand}, levels=[3, 1, 1], phase="charity")
    assert decide(state, 0) == Pick(card("pointy_stick"))


def test_it_never_helps_when_an_extra_level_makes_the_kill_a_winning_one():
    state = game(levels=[8, 2, 1], monsters=["moody_goblin"], enhancers=[("veteran", 0)])
    assert decide(state, 0) == PASS  # 8 + 1 + 1: nobody would help it, so it asks nobody
    play(state, (0, Ask(1)), (0, DONE), (0, TREASURES[2]), (0, DONE))
    assert decide(state, 1) == DECLINE  # even for every treasure
