"""The table loop that drives games with agents (used by the CLI, the server and sim/)."""

from .table import play

__all__ = ["play"]
