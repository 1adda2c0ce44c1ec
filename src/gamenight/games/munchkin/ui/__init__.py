"""How the game looks: its terminal renderer (named by its `GameSpec`)."""
