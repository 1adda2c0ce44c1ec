"""Munchkin Fu's tests: its mechanics on the shared Munchkin engine."""
