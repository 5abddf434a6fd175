"""Lands of Galzyr: the storybook reader and, in campaign mode, the campaign assistant.

Pure rules (no Django, no I/O; tests/test_layout.py checks them):

- ``game``: the ``Game`` the platform drives, gathering every move module's ``MoveSet``
- ``state``: the whole game's ``State`` (the reader's, holding the campaign's in campaign
  mode) and ``Options``, the seats' roles, the outcome and the invariants
- ``moves/``: the moves, one module per area (``scenes``, ``book_calendar``, ``who_plays``,
  ``checks``, ``effects``) and campaign mode's in ``moves/campaign/``
- ``tracking``: what the campaign move modules share
- ``reading``: what the reader's moves and views share: opening a scene in the game's state,
  the check in progress, prestige; ``printed_events``: the printed box's event cards
- ``reader/``: the book of numbered scenes and what stands on a book alone (a scene's effects,
  the dice, the book-only calendar), below ``state``
- ``campaign/``: the campaign core (card copies, adventurers, calendar, rounds, the rulebook's
  procedures, a world's readiness)
- ``seat_view/``: what each seat may see (``reader``: the seats and the view; ``campaign``)
- ``playtest/``: a world's book played many times with these rules

Django side, the game's own: ``shelf`` (the books of the stored worlds, which the services
hand the rules: games/services/handed.py; the new-table form's worlds), ``apps``, ``web``
(the trays and "where is" pages and their API) and ``urls`` (their routes, which the
registry's ``GAME_URLS`` adds to the platform's), ``templatetags`` and ``management`` (its
commands).
"""
