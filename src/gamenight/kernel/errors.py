"""Errors raised by the kernel and the games."""

from __future__ import annotations


class GamenightError(Exception):
    """Base class of every error gamenight raises on purpose."""


class IllegalAction(GamenightError, ValueError):
    """An action that the rules do not allow now. The state is left exactly as it was."""


class ContentError(GamenightError, ValueError):
    """A content file (cards, dice, decks) that does not match its schema.

    The message names the file, the card and the field.
    """
