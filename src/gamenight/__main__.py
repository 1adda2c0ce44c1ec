"""The `gamenight` command (its script and ``python -m gamenight``).

Importing this module loads nothing of the command line: a worker process started with
``spawn`` imports the script's module again before its first task, and needs the games,
not Typer and every command (about a third of a second of CPU per worker)."""


def main() -> None:
    """Run the command line on this process's arguments."""
    from gamenight.cli.app import main as command_line

    command_line()


if __name__ == "__main__":
    main()
