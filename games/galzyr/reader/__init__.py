"""The reader: a book of numbered scenes read aloud at the table. Its pure rules: the book,
reading a scene, its effects, the dice, the book-only calendar and the printed box's event
cards (no Django; games/galzyr/shelf.py is the Django side, installed at start-up)."""
