"""Wilson intervals and the aggregation of game figures."""

from __future__ import annotations

import pytest

from gamenight.sim import Rate, wilson_interval
from gamenight.sim.stats import GameSummary, Tally


@pytest.mark.parametrize(
    ("wins", "trials", "low", "high"),
    [
        # Reference values of the 95% Wilson score interval (as statsmodels'
        # proportion_confint(method="wilson") gives them); 0/n has the closed form
        # high = z^2 / (n + z^2) = 3.8415 / 13.8415.
        (0, 10, 0.0, 0.27753),
        (1, 10, 0.01788, 0.40415),
        (5, 10, 0.23659, 0.76341),
        (10, 10, 0.72247, 1.0),
        (50, 100, 0.40383, 0.59617),
    ],
)
def test_wilson_interval_matches_reference_values(wins, trials, low, high):
    got_low, got_high = wilson_interval(wins, trials)
    assert got_low == pytest.approx(low, abs=1e-5)
    assert got_high == pytest.approx(high, abs=1e-5)


def test_wilson_interval_without_trials_is_uninformative():
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_rate_reports_its_interval():
    rate = Rate(5, 10)
    assert rate.rate == 0.5
    assert rate.to_dict()["ci95"] == list(wilson_interval(5, 10))


def _games() -> list[GameSummary]:
    return [
        # Game 1: "a" in seat 0, "b" in seats 1-2; seats 0 and 2 share the win.
        GameSummary(("a", "b", "b"), (0, 2), 40, {"rounds": 4.0, "hits": [1.0, 0.0, 2.0]}),
        # Game 2: rotated; seat 0 ("b") wins alone.
        GameSummary(("b", "a", "b"), (0,), 60, {"rounds": 6.0, "hits": [0.0, 3.0, 1.0]}),
    ]


def test_tally_counts_shared_wins_for_each_winner_and_credits_figures_to_agents():
    tally = Tally()
    for game in _games():
        tally.add(game)
    assert tally.games == 2 and tally.actions == 100
    assert tally.seat_wins == {0: 2, 1: 0, 2: 1}
    assert tally.seat_games == {0: 2, 1: 2, 2: 2}
    assert tally.agent_seats == {"a": 2, "b": 4}
    assert tally.agent_wins == {"a": 1, "b": 2}
    assert tally.figures == {"rounds": 10.0}
    # "a" played 4 + 6 rounds with 1 + 3 hits; "b" 2 * 4 + 2 * 6 rounds with 0+2+0+1 hits.
    assert tally.agent_rounds == {"a": 10.0, "b": 20.0}
    assert tally.agent_figures == {"a": {"hits": 4.0}, "b": {"hits": 3.0}}


def test_merging_tallies_equals_adding_every_game_to_one():
    one, first, second = Tally(), Tally(), Tally()
    for game in _games():
        one.add(game)
    first.add(_games()[0])
    second.add(_games()[1])
    first.merge(second)
    assert first == one
