"""The command line's tests read English unless they pass --lang: no locale leaks in."""

from __future__ import annotations

import pytest

from gamenight.i18n import LOCALE_VARIABLES


@pytest.fixture(autouse=True)
def english_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in LOCALE_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
