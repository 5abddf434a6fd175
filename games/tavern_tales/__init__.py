"""Tavern Tales: Legends of Dungeon Drop. Its rules are pure (no Django, no I/O).

- ``game``: the ``Game`` the platform drives, gathering every move module's ``MoveSet``
- ``state``: ``State`` and ``Options`` (a new table's choices), with small shared helpers
- ``rules``: setup, the seats, the turn's moves (Think'n'Drink, claims, passing, flipping
  the table), the outcome and the invariants
- ``claims``: staking a claim, one-upmanship and collecting, called by ``rules``' moves
- ``powers``: the Adventurer Powers
- ``manual``: the by-hand moves (card facts read off the cards, corrections) and reading a
  table's card data back (``catalog_from_state``)
- ``catalog``: the cards a table plays with (``Cards``: the rulebook's facts with the group's
  entries), and the card data a group saves (``SavedCatalog``, the game's ``Catalog``)
- ``scoring``: what a claim's winner scores
- ``seat_view``: what each seat may see

Django side, beside the rules and never imported by them: ``card_sheet``, the card-data sheet
(every card on one page, the registry's ``GAME_SHEETS`` line).
"""
