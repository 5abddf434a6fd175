"""The reader's book and what stands on a book alone: the book and the shelves books come from
(``book``), a scene's effects (``scene_effects``), the dice and the book-only calendar. Pure (no
Django), and below the game's ``State`` (tests/test_layout.py): reading a scene at a table,
which changes the whole game's state, is games/galzyr/reading.py, and the printed box's event
cards games/galzyr/printed_events.py. The Django side that reads stored worlds' books is
games/galzyr/shelf.py."""
