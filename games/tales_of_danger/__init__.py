"""Tales of Danger #1: Days of Discovery. Its rules are pure (no Django, no I/O).

- ``game``: the ``Game`` the platform drives, gathering every move module's ``MoveSet``
- ``state``: ``State`` and ``Options`` (a new table's choices)
- ``rules``: setup, the invariants and who is to act
- moves: ``acts`` (dealing and Act 1), ``market`` (Act 2), ``voyage`` (Act 3),
  ``card_entry`` (card data read off the box, and the card-data sheet)
- ``sponsors``: whether a hand can secure a sponsor (moves and pages ask alike)
- ``common``: small helpers the acts share (seats, hands, the deck, the pool)
- ``catalog``: the cards a table plays with (``Cards``: the rulebook's facts with the group's
  entries), the values a move lays over them (``CatalogPatch``), and the card data a group
  saves (``SavedCatalog``, the game's ``Catalog``)
- ``scoring``: the scores and ties
- ``seat_view``: the seats and what each one may see

Django side, beside the rules and never imported by them: ``card_sheet``, the card-data sheet
(every card on one page, the registry's ``GAME_SHEETS`` line).
"""
