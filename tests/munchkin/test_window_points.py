"""The window points: the door card revealed, after a material play in a combat, before
the combat resolves, after each run-away roll, and the end of a turn.

At each, a seat that is not fighting plays a card and changes the outcome; a seat that
had passed must answer again after the play resets the window, and plays; and every
eligible seat is listed in `actors()`, even one whose only legal action is to pass.
"""

from __future__ import annotations

from gamenight.games.munchkin.actions import (
    CHOOSE_VALUE,
    END_TURN,
    KICK,
    ROLL,
    ChooseMonster,
    ChooseSeat,
    Play,
)
from gamenight.kernel import PASS

from .helpers import card, events, game, pass_all, play

PLAYERS = 4


def everybody_waits(state, first: int) -> None:
    """Every living seat is waiting, from `first` round the table; a seat with nothing
    to play is listed too, its only action a pass."""
    living = [p for p in range(PLAYERS) if not state.dead[p]]
    order = sorted(living, key=lambda p: (p - first) % PLAYERS)
    assert state.actors() == tuple(order)
    assert state.legal_actions(3) == [PASS]  # seat 3 holds nothing


def test_the_door_card_revealed():
    state = game(
        PLAYERS,
        door=["elf"],
        hands={1: ["bribe_gm"], 2: ["curse_lose_level"]},
        levels=[3, 1, 1, 1],
    )
    state.apply(0, KICK)
    assert state.window_kind == "reveal"
    everybody_waits(state, 1)
    state.apply(1, PASS)
    play(state, (2, Play(card("curse_lose_level"))), (2, ChooseSeat(0)), (0, PASS))
    assert state.level[0] == 2  # the kicker is cursed before the card reaches a hand
    everybody_waits(state, 3)  # reset after seat 2: seat 1 answers again
    state.apply(1, Play(card("bribe_gm")))
    everybody_waits(state, 2)
    pass_all(state)
    assert state.level == (2, 2, 1, 1) and state.hands[0] == (card("elf"),)


def test_a_curse_kicked_open_hits_the_kicker_at_once():
    """Rules, sections 2 (kick open the door) and 3 (curses): a curse kicked open hits
    the drawer at once; the kicker answers it (takes it, or cancels it) before anybody
    else may play."""
    state = game(PLAYERS, door=["curse_lose_level"], hands={1: ["bribe_gm"]}, levels=[3, 1, 1, 1])
    state.apply(0, KICK)
    assert state.actors() == (0,) and state.legal_actions(0) == [PASS]
    state.apply(0, PASS)
    assert state.level[0] == 2


def test_after_a_material_play_in_a_combat():
    state = game(
        PLAYERS,
        monsters=["moody_goblin"],
        door=["elf"],
        hands={1: ["enraged"], 2: ["baby"]},
        levels=[4, 1, 1, 1],
    )
    everybody_waits(state, 1)
    state.apply(2, PASS)  # out of order: any waiting seat may answer
    state.apply(1, Play(card("enraged")))  # 3 + 5 against 4: the fighter would lose
    assert not state.view(None)["combat"]["winning"]
    everybody_waits(state, 2)  # seat 2, which had passed, answers again first
    state.apply(2, Play(card("baby")))  # 8 - 5 = 3 against 4: winning again
    everybody_waits(state, 3)
    pass_all(state)
    assert state.level[0] == 5 and state.phase == "after"


def test_before_the_combat_resolves():
    state = game(
        PLAYERS,
        monsters=["moody_goblin"],
        door=["elf"],
        hands={1: ["bribe_gm"], 2: ["enraged"]},
        levels=[4, 1, 1, 1],
        dice=[6],
    )
    for seat in (0, 1, 3):  # the fighter too: everybody but seat 2 has passed
        state.apply(seat, PASS)
    assert state.actors() == (2,)  # its pass would resolve the combat (a win)
    state.apply(2, Play(card("enraged")))
    assert state.phase == "combat"
    everybody_waits(state, 3)  # those who had passed answer again, the fighter too
    state.apply(1, Play(card("bribe_gm")))  # seat 1, which had passed, plays
    pass_all(state)
    assert state.phase == "run" and state.level[:2] == (4, 2)  # lost: running, no level


def test_after_each_run_away_roll():
    state = game(
        PLAYERS,
        monsters=["haunted_teapot", "clattering_skeleton"],
        enhancers=[("ancient", 0)],
        door=["elf"],
        table={0: ["leather_vest"]},
        hands={1: ["bribe_gm"], 2: ["loaded_die"], 3: ["curse_lead_boots"]},
        levels=[5, 1, 1, 1],
        dice=[5, 5],  # both rolls would escape
    )
    pass_all(state)
    play(state, (0, ChooseMonster(0)), (0, ROLL))
    assert state.window_kind == "roll" and state.actors() == (1, 2, 3, 0)
    state.apply(1, PASS)
    play(state, (2, Play(card("loaded_die"))), (2, CHOOSE_VALUE[2]))
    assert state.actors() == (3, 0, 1, 2)  # reset: seat 1 answers again
    state.apply(1, Play(card("bribe_gm")))
    pass_all(state)
    assert events(state, "ran")[-1]["escaped"] is False and state.level[0] == 4  # teapot
    state.apply(0, ROLL)  # the skeleton, the last monster
    assert state.window_kind == "roll" and state.actors() == (1, 2, 3, 0)
    play(state, (3, Play(card("curse_lead_boots"))), (3, ChooseSeat(0)), (0, PASS))
    assert state.view(None)["run"]["total"] == 3  # 5 - 2: caught
    pass_all(state)
    assert not events(state, "ran")[-1]["escaped"] and state.table[0] == ()  # armor lost


def test_the_end_of_a_turn():
    state = game(
        PLAYERS,
        hands={1: ["bribe_gm"], 2: ["curse_lose_level"]},
        levels=[3, 1, 1, 1],
        phase="after",
    )
    state.apply(0, END_TURN)
    assert state.window_kind == "end"
    everybody_waits(state, 1)
    state.apply(1, PASS)
    play(state, (2, Play(card("curse_lose_level"))), (2, ChooseSeat(0)), (0, PASS))
    everybody_waits(state, 3)
    state.apply(1, Play(card("bribe_gm")))
    pass_all(state)
    assert state.level == (2, 2, 1, 1) and state.turn == 1 and state.phase == "start"


def test_a_dead_seat_is_not_eligible():
    state = game(PLAYERS, monsters=["elder_wyrm"], door=["elf"], levels=[3, 4, 2, 1], dice=[1])
    pass_all(state)
    state.apply(0, ROLL)
    while state.phase != "end":
        seat = state.actors()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, PASS if PASS in legal else legal[0])
    assert state.dead[0] and state.actors() == (1, 2, 3)
