"""Dark Tales: rules assistant and score tracker. Its rules are pure (no Django, no I/O).

- ``game``: the ``Game`` the platform drives, gathering every move module's ``MoveSet``
- ``state``: ``State`` and ``Options`` (a new table's choices), with the helpers moves share
- ``rules``: setup and the turn's moves (draw, item, play a card)
- ``effects``: what a card or an item does when played
- ``questions``: what a play asks about a card (or a tale's item) the card data lacks, kept
- ``manual``: the by-hand moves (card text, corrections, naming the cards in a hand)
- ``card_entry``: the card-data sheet's move
- ``catalog``: the cards and setting cards a table plays with (``Cards``: the rulebook's facts
  with the group's entries), and the card data a group saves (``SavedCatalog``, the game's
  ``Catalog``)
- ``scoring``: the end of the game, winners and the invariants
- ``seat_view``: the seats and what each one may see

Django side, beside the rules and never imported by them: ``card_sheet``, the card-data sheet
(every card on one page, the registry's ``GAME_SHEETS`` line).
"""
