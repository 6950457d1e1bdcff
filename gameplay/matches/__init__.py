"""Matches played on the site: the engine's games stored as rows, clocks and answer windows."""
