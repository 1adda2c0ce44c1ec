"""Balance figures and the report: one self-contained page whose every plot renders in a
headless browser, and a figure-only PNG export."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

import gamenight
from gamenight import agents
from gamenight.cli.app import app
from gamenight.play import play
from gamenight.sim.balance import features
from gamenight.sim.report import build_report
from gamenight.sim.tournament import TournamentConfig, run_tournament, summarize

runner = CliRunner()
CHROMIUM = Path("/usr/bin/chromium")  # Debian's: the tests never download a browser
# Each game's own balance views: the groups of its figures.
GROUPS = {
    "boss-quest": {"spell"},
    "meow-dark-lord": {"cat"},
    "ninja-master": {"points"},
    "munchkin": {"class", "race", "card"},
}


def finished(game_id: str, players: int = 3, seed: int = 1) -> gamenight.State:
    state = gamenight.make(game_id, players, seed)
    bot = agents.default(game_id)
    return play(state, [agents.make(bot, game_id, seat) for seat in range(players)])


@pytest.mark.parametrize("game_id", sorted(GROUPS))
def test_each_game_has_its_own_balance_figures(game_id):
    state = finished(game_id)
    figures = features(state)
    assert {key.partition(":")[0] for key in figures} >= GROUPS[game_id]
    for values in figures.values():
        assert len(values) == state.num_players and all(
            v >= 0 or game_id == "ninja-master" for v in values
        )
    if game_id == "munchkin":  # one class (or none) and one race (or human) per seat
        for group in ("class", "race"):
            for seat in range(state.num_players):
                assert sum(v[seat] for k, v in figures.items() if k.startswith(group + ":")) >= 1


def report_of(tmp_path: Path, game_id: str, games: int = 3, players: int = 3):
    config = TournamentConfig(game_id, players, (agents.default(game_id), "random"), games, 3)
    store = run_tournament(config, tmp_path / f"{game_id}.sqlite")
    summary = summarize(store)
    store.close()
    return build_report(summary)


@pytest.mark.parametrize("game_id", ["boss-quest", "meow-dark-lord", "ninja-master"])
def test_the_report_has_the_common_figures_and_the_games_own(tmp_path, game_id):
    report = report_of(tmp_path, game_id)
    names = [plot.name for plot in report.plots]
    assert names[:4] == ["seats", "agents", "first-player", "length"]
    assert "margin" in names and set(names) >= GROUPS[game_id]
    assert report.html.count("data:image/png;base64,") == len(report.plots)
    assert "http" not in report.html  # self-contained: nothing to fetch
    paths = report.save_pngs(tmp_path / "png")
    assert paths[0].name == "01-seats.png"
    assert all(p.read_bytes().startswith(b"\x89PNG") for p in paths)


def test_the_command_writes_the_page_and_the_figures(tmp_path):
    page, pngs, db = tmp_path / "r.html", tmp_path / "png", tmp_path / "g.sqlite"
    args = ["report", "meow-dark-lord", "--out", str(page), "--png", str(pngs), "-n", "3"]
    result = runner.invoke(app, [*args, "-p", "2", "--db", str(db)])
    assert result.exit_code == 0, result.output
    assert "Report of 3 games" in result.stdout and page.read_text().startswith("<!DOCTYPE html>")
    assert len(list(pngs.iterdir())) == page.read_text().count("<img")
    other = runner.invoke(app, ["report", "boss-quest", "--db", str(db), "--out", str(page)])
    assert other.exit_code == 2 and "meow-dark-lord" in other.stderr


@pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium")
def test_every_plot_renders_in_a_headless_browser(tmp_path):
    sync_api = pytest.importorskip("playwright.sync_api")
    report = report_of(tmp_path, "boss-quest", games=2)
    page_path = tmp_path / "report.html"
    report.save(page_path)
    with sync_api.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        try:
            page = browser.new_page()
            fetched: list[str] = []
            page.on("request", lambda request: fetched.append(request.url))
            page.goto(page_path.as_uri())
            sizes = page.eval_on_selector_all(
                "img", "images => images.map(i => [i.complete, i.naturalWidth, i.naturalHeight])"
            )
        finally:
            browser.close()
    assert all(url.startswith(("file:", "data:")) for url in fetched)  # self-contained
    assert len(sizes) == len(report.plots)
    assert all(complete and width > 100 and height > 50 for complete, width, height in sizes)
