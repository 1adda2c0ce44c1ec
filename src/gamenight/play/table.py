"""The table loop: drives a state with one agent per seat."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from gamenight.agents.base import Agent, Clock
from gamenight.kernel import Action, State

Observer = Callable[[State, int, Action], None]


def play(
    state: State,
    agents: Sequence[Agent],
    observer: Observer | None = None,
    max_actions: int | None = None,
) -> State:
    """Play `state` to the end (or for `max_actions`), asking each actor's agent in turn.

    When several seats may act (a response window), they are asked in seat order and each
    answer is applied at once, so a material play re-opens the window as the rules say.
    `observer(state, seat, action)` is called after every applied action.
    """
    if len(agents) != state.num_players:
        raise ValueError(
            f"{state.num_players} seats need {state.num_players} agents, got {len(agents)}"
        )
    done = 0
    clock = Clock()
    while not state.is_over() and (max_actions is None or done < max_actions):
        seat = state.actors()[0]
        agent = agents[seat]
        legal = state.legal_actions(seat)
        if getattr(agent, "needs_state", False):
            action = agent.act(state.view(seat), legal, clock, state=state)
        else:
            action = agent.act(state.view(seat), legal, clock)
        state.apply(seat, action)
        done += 1
        if observer is not None:
            observer(state, seat, action)
    return state
