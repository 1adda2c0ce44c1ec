"""The `gamenight` command line. Its help texts are read when its modules are imported,
so the locale's language is made the one in use first (`--lang` comes too late for
them)."""

from gamenight import i18n

i18n.activate(i18n.default_language())

from gamenight.cli import library_words  # noqa: E402  (after the language is chosen)

library_words.translate()
