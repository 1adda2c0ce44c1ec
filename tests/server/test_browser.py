"""People at tables in a real browser: Debian's Chromium driven by Playwright (never a
downloaded browser). Screenshots are kept in the test's folder, under ``artifacts/``."""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import threading
import time
import urllib.request
from collections.abc import Iterator

import pytest

from gamenight.server import create_app

playwright = pytest.importorskip("playwright.sync_api", reason="needs the playwright package")
uvicorn = pytest.importorskip("uvicorn")

CHROMIUM = os.environ.get("GAMENIGHT_CHROMIUM", "/usr/bin/chromium")
if not os.path.exists(CHROMIUM):
    pytest.skip(
        f"no Chromium at {CHROMIUM} (Debian: apt-get install chromium)", allow_module_level=True
    )

DESKTOP = {"width": 1280, "height": 720}
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def server(store) -> Iterator[str]:
    """The application served by uvicorn in a thread of the test; its address."""
    config = uvicorn.Config(create_app(store), host="127.0.0.1", port=0, log_level="warning")
    served = uvicorn.Server(config)
    thread = threading.Thread(target=served.run, daemon=True)
    thread.start()
    while not served.started:
        time.sleep(0.02)
    port = served.servers[0].sockets[0].getsockname()[1]
    yield f"http://127.0.0.1:{port}"
    served.should_exit = True
    thread.join(10)


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    with playwright.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield browser
        browser.close()


def create(server: str, body: dict) -> dict:
    request = urllib.request.Request(
        f"{server}/api/tables", json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())


def seat_people(browser, server, created, sizes) -> list[object]:
    """Open each invitation in its own browser context and take the seat."""
    pages = []
    for invite, size in zip(created["invites"], sizes, strict=True):
        page = browser.new_context(viewport=size).new_page()
        page.goto(server + invite["link"])
        page.fill("#name", f"Player {invite['seat'] + 1}")
        page.click("#take-seat")
        pages.append(page)
    return pages


def play_to_the_end(pages, moves: random.Random, seconds: float = 90.0) -> None:
    """Each person clicks one of their controls when they have some, until the game ends."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if pages[0].locator("#banner:not([hidden])").count():
            return
        for page in pages:
            controls = page.locator("[data-action]")
            count = controls.count()
            if count:
                try:
                    controls.nth(moves.randrange(count)).click(timeout=2000)
                except playwright.Error:
                    continue  # redrawn under the pointer: look again
                page.wait_for_timeout(20)
    raise AssertionError("the game did not end in time")


def shoot(pages, folder, name) -> None:
    folder.mkdir(exist_ok=True)
    for seat, page in enumerate(pages):
        page.screenshot(path=str(folder / f"{name}-seat{seat}.png"), full_page=True)


def test_three_people_and_a_bot_finish_a_game_of_boss_quest(browser, server, tmp_path):
    created = create(
        server,
        {
            "game": "boss-quest",
            "seats": [{"kind": "human"}] * 3 + [{"kind": "bot"}],
            "seed": 21,
            "bot_delay_ms": 0,
            "turn_seconds": 0,
            "options": {"key_target": 2},
        },
    )
    pages = seat_people(browser, server, created, [DESKTOP, DESKTOP, PHONE])
    pages[0].wait_for_selector("#seats li", timeout=10_000)
    shoot(pages, tmp_path / "artifacts", "boss-quest-start")
    play_to_the_end(pages, random.Random(21))
    shoot(pages, tmp_path / "artifacts", "boss-quest-end")
    for page in pages:
        page.wait_for_selector("#banner:not([hidden])")
        assert "The game is over" in page.inner_text("#banner")
        assert page.inner_text("#log").strip()


def test_three_people_and_a_bot_finish_a_game_of_meow(browser, server, tmp_path):
    created = create(
        server,
        {
            "game": "meow-dark-lord",
            "seats": [{"kind": "human"}] * 3 + [{"kind": "bot"}],
            "seed": 22,
            "bot_delay_ms": 0,
            "turn_seconds": 0,
            "options": {"coin_target": 4},
        },
    )
    pages = seat_people(browser, server, created, [DESKTOP, PHONE, DESKTOP])
    play_to_the_end(pages, random.Random(22))
    shoot(pages, tmp_path / "artifacts", "meow-end")
    assert all("The game is over" in page.inner_text("#banner") for page in pages)


def test_a_person_grabs_a_token_in_a_round_of_ninja_master(browser, server, tmp_path):
    created = create(
        server,
        {
            "game": "ninja-master",
            "seats": [
                {"kind": "human"},
                {"kind": "bot", "bot": "easy"},
                {"kind": "bot", "bot": "easy"},
            ],
            "seed": 23,
            "bot_delay_ms": 0,
            "turn_seconds": 0,
        },
    )
    (page,) = seat_people(browser, server, created, [DESKTOP])
    page.click("#ready")
    free = page.locator('[data-action*="Grab"]').first
    free.wait_for(timeout=10_000)
    free.click()
    # A locator wait, not a string predicate: polling a string needs eval, which the CSP refuses.
    playwright.expect(page.locator("#log")).to_contain_text("You grab", timeout=10_000)
    shoot([page], tmp_path / "artifacts", "ninja-master-grab")
    assert re.search(r"You grab the \w+ token at \d+ ms", page.inner_text("#log"))


def test_a_person_answers_a_munchkin_window_in_the_browser(browser, server, tmp_path):
    created = create(
        server,
        {
            "game": "munchkin",
            "seats": [{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}],
            "seed": 24,
            "bot_delay_ms": 0,
            "turn_seconds": 0,
            "window_seconds": 120,
        },
    )
    (page,) = seat_people(browser, server, created, [DESKTOP])
    script_errors: list[str] = []
    page.on("pageerror", lambda error: script_errors.append(str(error)))
    page.wait_for_selector("#mk-turn", timeout=10_000)
    reach_a_window(page)
    assert page.locator("#mk-answer").inner_text().startswith("Window:")
    playwright.expect(page.locator("#mk-pass .clock")).to_have_text(re.compile(r"^ \d+ s$"))
    assert page.locator("#mk-hand .mk-card").count() > 0
    folder = tmp_path / "artifacts"
    shoot([page], folder, "munchkin-window")
    before = page.inner_text("#log")
    page.click("#mk-pass")
    playwright.expect(page.locator("#log")).not_to_have_text(before)  # the game went on
    assert not page.inner_text("#error")
    page.set_viewport_size(PHONE)
    shoot([page], folder, "munchkin-phone")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"] + 1, f"the phone's page is {width} px wide"
    assert not script_errors


def reach_a_window(page, seconds: float = 60.0) -> None:
    """Play the person's seat by its plainest moves (a sex, the start hand as dealt, the
    door kicked open, the turn ended) until a window asks it to play a card or pass."""
    plain_moves = (
        '#mk-answer [data-action*="Begin"]',
        '#mk-answer [data-action*="Done"]',
        "#mk-kick",
        "#mk-loot",
        '#mk-die[data-action], #mk-die [data-action*="Roll"]',
        "#mk-end-turn",
        '#mk-answer [data-action*="Cancel"]',
        '#mk-offers [data-action*="Decline"]',
    )
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if page.locator("#mk-pass").count() and page.locator("#mk-answer").inner_text().startswith(
            "Window:"
        ):
            return
        for selector in plain_moves:
            move = page.locator(selector)
            if move.count():
                with contextlib.suppress(playwright.Error):  # redrawn under the pointer
                    move.first.click(timeout=2000)
                break
        page.wait_for_timeout(50)
    raise AssertionError("no window came for the person")


@pytest.mark.parametrize(
    ("lang", "locale", "words"),
    [
        # asked for in the address
        (
            "ja",
            "en-US",
            {"create": "テーブルを作る", "watch": "観戦", "rules": "ルール", "boss": "ボス"},
        ),
        # the browser's own language, kept in the links from then on
        (
            "uk",
            "uk-UA",
            {"create": "Створити стіл", "watch": "Дивитися", "rules": "Правила", "boss": "БОС"},
        ),
    ],
)
def test_the_lobby_and_a_table_speak_the_chosen_language(
    browser, server, tmp_path, lang, locale, words
):
    create(
        server,
        {
            "game": "boss-quest",
            "seats": [{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}],
            "seed": 4,
            "turn_seconds": 0,
        },
    )
    page = browser.new_context(viewport=DESKTOP, locale=locale).new_page()
    page.goto(server + ("/" if locale.startswith(lang) else f"/?lang={lang}"))
    page.wait_for_selector("#open table", timeout=10_000)
    assert page.inner_text("#create-table") == words["create"]
    assert page.input_value("#lang") == lang
    assert page.evaluate("document.documentElement.lang") == lang
    shoot([page], tmp_path / "artifacts", f"lobby-{lang}")
    watch = page.locator("#open a.button", has_text=words["watch"])
    assert watch.get_attribute("href").endswith(f"?lang={lang}")
    watch.click()
    page.wait_for_selector("#seats li", timeout=10_000)
    page.wait_for_selector("#boss text")
    assert words["rules"] in page.inner_text("#buttons")
    assert page.locator("#boss text").first.text_content() == words["boss"]
    shoot([page], tmp_path / "artifacts", f"table-{lang}")


def test_an_unknown_language_is_refused_on_the_page_with_the_list(browser, server):
    page = browser.new_context(viewport=DESKTOP).new_page()
    page.goto(f"{server}/?lang=de")
    playwright.expect(page.locator("#page-error")).to_contain_text("unknown language 'de'")
    error = page.inner_text("#page-error")
    assert "unknown language 'de'" in error and "uk (українська)" in error


def test_a_browser_language_gamenight_does_not_speak_means_english(browser, server):
    page = browser.new_context(viewport=DESKTOP, locale="de-DE").new_page()
    page.goto(server)
    playwright.expect(page.locator("#lang")).to_have_value("en")
    assert page.inner_text("#create-table") == "Create the table"
    assert page.inner_text("#page-error") == ""
