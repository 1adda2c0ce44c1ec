"""The pages' own words in the five languages: ``GET /api/words`` serves every message of
the pages' catalog (and of a game's browser table) with its plural forms and rule."""

from __future__ import annotations

import pytest

from gamenight import i18n
from gamenight.games.boss_quest.content import SPELLS
from gamenight.games.meow_dark_lord.content import CATS
from gamenight.kernel import spec

TRANSLATED = [lang for lang in i18n.LANGUAGES if lang != i18n.SOURCE]
WEB_GAMES = ["boss-quest", "meow-dark-lord", "munchkin", "munchkin-fu", "ninja-master"]


def keys(package: str) -> set[str]:
    """The keys `words.js` looks up for the messages of `package`'s template."""
    found = set()
    for message in i18n.template(package):
        if not message.id:
            continue
        singular = message.id if isinstance(message.id, str) else message.id[0]
        found.add(singular if message.context is None else f"{message.context}\x04{singular}")
    return found


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_every_word_of_the_pages_is_served_in_each_language(client, lang):
    answer = client.get(f"/api/words?lang={lang}")
    assert answer.status_code == 200, answer.text
    served = answer.json()
    assert served["lang"] == lang
    assert served["languages"] == i18n.LANGUAGES
    assert keys(i18n.WEB) - served["words"].keys() == set()
    assert served["words"]["Create the table"]
    if lang != i18n.SOURCE:
        assert served["words"]["Create the table"] != "Create the table"


@pytest.mark.parametrize("game", WEB_GAMES)
@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_games_table_gets_its_own_words_too(client, game, lang):
    served = client.get(f"/api/words?lang={lang}&game={game}").json()["words"]
    web = spec(game).web
    assert web is not None
    package = web.rpartition(".")[0]
    assert keys(package) | keys(i18n.WEB) <= served.keys()
    page_words = {
        message if isinstance(message, str) else message[0]
        for path in i18n.page_files(package)
        for message, context in i18n.page_messages(path)
        if context is None
    }
    assert page_words, "the game's table.js has words of its own"
    assert all(served[word] for word in page_words)


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_plural_forms_and_the_rule_of_each_language(client, lang):
    served = client.get(f"/api/words?lang={lang}").json()
    forms = served["words"]["{n} player"]
    assert len(forms) == {"en": 2, "ja": 1}.get(lang, 3)
    table = served["plurals"]
    rule = i18n.plural_index(lang)
    for count in range(100_000):  # as words.js reads the table for any count
        index = table[count] if count < len(table) else table[100 + count % 100]
        assert index == rule(count), count
    assert len({table[count] for count in range(len(table))}) == len(forms)


def test_the_plural_forms_read_right_in_russian(client):
    served = client.get("/api/words?lang=ru").json()
    forms, table = served["words"]["{n} player"], served["plurals"]
    assert [forms[table[n]].format(n=n) for n in (1, 3, 5, 21, 111)] == [
        "1 игрок",
        "3 игрока",
        "5 игроков",
        "21 игрок",
        "111 игроков",
    ]


def test_an_unknown_language_is_refused_with_the_list(client):
    for query in ("lang=de", "lang=de&game=munchkin", "lang=" + "x" * 5000):
        answer = client.get(f"/api/words?{query}")
        assert answer.status_code == 422
        error = answer.json()["error"]
        assert error.startswith("unknown language '")
        assert error.endswith("the languages are " + i18n.known_languages())
    answer = client.get("/api/words?lang=ja&game=chess")
    assert answer.status_code == 404
    assert answer.json() == {"error": "no such game"}


def test_boss_quests_spells_and_meows_cats_are_named_in_the_tables_language(client):
    spells = client.get("/api/games/boss-quest/catalog?lang=ru").json()["spells"]
    for spell in SPELLS:
        assert spells[spell.key] == spell.name.get("ru")
    cats = client.get("/api/games/meow-dark-lord/catalog?lang=ru").json()["cats"]
    for cat in CATS:
        assert cats[cat.key] == cat.name.get("ru")
    english = client.get("/api/games/meow-dark-lord/catalog?lang=en").json()["cats"]
    assert english["necro"] == "Necromeower"
    assert client.get("/api/games/boss-quest/catalog?lang=xx").status_code == 422
