"""Munchkin in the terminal: whole games played at the prompt, and what the prompts show."""

from __future__ import annotations

import io
import random
from types import SimpleNamespace

from rich.console import Console

import gamenight
from gamenight import agents
from gamenight import ui as render
from gamenight.cli.human import MAX_LISTED, HumanAgent
from gamenight.games.munchkin.actions import DECLINE, DONE, TREASURES, Ask
from gamenight.play import play
from gamenight.testing import rigged

DRAW = render.renderer("munchkin")
WIDTH = 80


class Typist(io.StringIO):
    """A person who answers each prompt with a number from 1 to `top` (a number that is
    not a choice is asked again), or ``p``."""

    def __init__(self, seed: int, top: int = 3) -> None:
        super().__init__()
        self.rng = random.Random(seed)
        self.top = top

    def readline(self, size: int | None = -1) -> str:
        return self.rng.choice([*map(str, range(1, self.top + 1)), "p"]) + "\n"


class Counting(HumanAgent):
    """The human seat, counting the choices each prompt lists."""

    listed: list[int]

    def _pick(self, items, skip_words, words=None):
        self.listed.append(len(items))
        return super()._pick(items, skip_words, words)


def play_at_the_prompt(players: int, seed: int) -> tuple[gamenight.State, Counting, str]:
    state = gamenight.make("munchkin", players, seed=seed)
    out = io.StringIO()
    console = Console(file=out, width=WIDTH, color_system=None, highlight=False)
    human = Counting(0, DRAW, console=console, stdin=Typist(seed))
    human.listed = []
    bots = [agents.make("heuristic", "munchkin", seed + s) for s in range(1, players)]
    play(state, [human, *bots])
    human.catch_up(state)
    human.console.print(DRAW.result(state.view(0), "en", me=0))
    return state, human, out.getvalue()


def test_a_whole_game_at_three_and_at_six_players():
    for players, seed in ((3, 3), (6, 2)):
        state, human, text = play_at_the_prompt(players, seed)
        assert state.is_over()
        assert human.listed, "the human was asked"
        assert "Your hand" in text and "Combat" in text and "strength" in text
        assert "you win!" in text or "you lose." in text
        # a prompt's line also holds the rule the console draws after the typed answer
        assert all(len(line) <= WIDTH for line in text.splitlines() if "Choice [" not in line)
        # nothing left unsaid as a raw event (the renderer's fallback is "kind: {data}"; a
        # wrapped table line may start with "play:" too)
        for line in text.splitlines():
            assert not line.startswith(tuple(f"{kind}: {{" for kind in ("play", "use", "win")))


def test_no_prompt_lists_more_than_forty_choices():
    # the prompts alone: the table and the events are not drawn, to keep the test quick
    quiet = SimpleNamespace(
        table=lambda view, lang, me=None: "",
        events=lambda events, lang, me=None: [],
        choice=DRAW.choice,
        group=DRAW.group,
    )
    for seed in range(3, 6):
        players = 3 + seed % 4
        state = gamenight.make("munchkin", players, seed=seed)
        human = Counting(0, quiet, console=Console(file=io.StringIO()), stdin=Typist(seed, 6))
        human.listed = []
        bots = [agents.make("heuristic", "munchkin", seed + s) for s in range(1, players)]
        play(state, [human, *bots], max_actions=500)
        assert 0 < max(human.listed) <= MAX_LISTED


def test_other_hands_show_as_counts_and_known_cards_only():
    state = gamenight.make("munchkin", 4, seed=9)
    play(state, [agents.make("heuristic", "munchkin", s) for s in range(4)], max_actions=200)
    view = state.view(0)
    shown = io.StringIO()
    Console(file=shown, width=WIDTH, color_system=None).print(DRAW.table(view, "en", me=0))
    cs = type(state).CS
    text = shown.getvalue()
    for seat in view["seats"][1:]:
        known = set(seat["known_hand"])
        for card in state.hands[seat["seat"]]:
            name = cs.cards[card].name.en
            mine = {cs.cards[c].name.en for c in [*state.hands[0], *known]}
            in_play = {cs.cards[c["card"]].name.en for s in view["seats"] for c in s["table"]}
            if name not in mine | in_play and card not in known:
                assert name not in text, f"seat {seat['seat']}'s hidden {name} is shown"


def test_every_choice_and_event_is_put_in_words():
    for seed in range(4):
        state = gamenight.make("munchkin", 3 + seed, seed=seed)
        rng = random.Random(seed)
        while not state.is_over() and len(state.history) < 600:
            seat = state.actors()[0]
            view = state.view(seat)
            legal = state.legal_actions(seat)
            for action in legal:
                assert DRAW.choice(view, action, "en") != str(action)
            state.apply(seat, rng.choice(legal))
        for event in state.events:
            for line in DRAW.events([event], "en", me=0):
                assert not line.startswith(f"{event.kind}:"), line


def test_an_offer_is_declined_with_p():
    state = rigged("munchkin", players=3, levels=[2, 2, 1], monsters=["moody_goblin"])
    for action in (Ask(1), DONE, TREASURES[1], DONE):
        state.apply(0, action)
    out = io.StringIO()
    console = Console(file=out, width=WIDTH, color_system=None, highlight=False)
    human = HumanAgent(1, DRAW, console=console, stdin=io.StringIO("p\n"))
    assert human.act(state.view(1), state.legal_actions(1), state=state) == DECLINE
    assert "p  Decline" in out.getvalue() and "Offer 0 from seat 0 to you" in out.getvalue()
