"""Loading a game's content files (TOML) and validating them against a schema.

Card definitions are loaded once per process and shared by every state: states hold small
integer ids, never copies of card data.
"""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from .errors import ContentError

M = TypeVar("M", bound=BaseModel)


class Localized(BaseModel):
    """A text in several languages; English is required."""

    model_config = ConfigDict(extra="allow", frozen=True)
    en: str

    def get(self, lang: str) -> str:
        """The text in `lang`, falling back to English."""
        return getattr(self, lang, None) or self.en


class ContentModel(BaseModel):
    """Base of content schemas: unknown fields are errors, values are immutable."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def load_content(source: str | Path, model: type[M], package: str | None = None) -> M:
    """Load a TOML file and validate it, or raise `ContentError` naming file, card and field.

    `source` is a path, or a file name inside `package` when `package` is given.
    """
    if package is not None:
        name = str(source)
        try:
            text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
        except OSError as exc:
            raise ContentError(f"{name}: cannot read: {exc}") from None
    else:
        name = str(source)
        try:
            text = Path(source).read_text(encoding="utf-8")
        except OSError as exc:
            raise ContentError(f"{name}: cannot read: {exc}") from None
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{name}: not valid TOML: {exc}") from None
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise ContentError(_describe(name, raw, exc)) from None


def _describe(name: str, raw: dict[str, Any], exc: ValidationError) -> str:
    lines = []
    for error in exc.errors():
        loc = error["loc"]
        where = ".".join(str(part) for part in loc)
        card = _card_at(raw, loc)
        prefix = f"{name}: card {card!r}, " if card else f"{name}: "
        field = f"field {where!r}: " if where else ""  # empty for whole-file checks
        # A validator's own message, without pydantic's "Value error, " in front.
        cause = error.get("ctx", {}).get("error") if error["type"] == "value_error" else None
        message = str(cause) if cause is not None else error["msg"]
        lines.append(f"{prefix}{field}{message}")
    return "\n".join(lines)


def _card_at(raw: Any, loc: tuple[Any, ...]) -> str | None:
    """The id (or English name) of the card a validation error points into, if any."""
    node, card = raw, None
    for part in loc:
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            break
        if isinstance(node, dict) and isinstance(node.get("id"), str):
            card = node["id"]
    return card
