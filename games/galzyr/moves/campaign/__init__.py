"""Campaign mode's moves: thin moves over the pure campaign core (games/galzyr/campaign/)."""
