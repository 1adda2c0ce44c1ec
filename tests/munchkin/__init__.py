"""Tests of the Munchkin engine. Importing the package registers its card sets for the
tests only (the engine is not yet listed in the kernel's registry of games)."""

import gamenight.games.munchkin  # noqa: F401  (registers the card sets' games)
