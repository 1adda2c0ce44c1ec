"""``python -m gamenight``: the `gamenight` command line."""

from gamenight.cli.app import main

main()
