"""Lands of Galzyr's moves, one module per area, each declaring ``moves = MoveSet(...)``;
games/galzyr/game.py gathers them. Campaign mode's own moves are in ``campaign/``."""
