"""How the game looks: its terminal renderer and its live app (named by its `GameSpec`)."""
