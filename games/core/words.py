"""Words every game's sentences share: one rule for a possessive, a count of things and a list
of alternatives.

Pure (no Django): the games' rules write their sentences with these. The pages write the same
possessive in their translated sentences ("{{ name }}'s turn"), so a name reads alike in a
rule's sentence and on the page: "Hollins's inventory" next to "Hollins's turn".
"""

from __future__ import annotations

from gettext import ngettext


def possessive(name: str) -> str:
    """``Ada's``, ``Marrow Hollins's``: 's after every name, ending in s or not (one form
    everywhere, as the pages write it)."""
    return f"{name}'s"


def count(n: int, singular: str, plural: str) -> str:
    """``1 card``, ``3 cards``, ``0 cards``: the number and the noun that fits it (ngettext, so
    a translation can give each language its own plural forms)."""
    return f"{n} {ngettext(singular, plural, n)}"


def either(items: list[str]) -> str:
    """``the shared display``, ``Ada or the keeper``, ``Ada, the story master or the keeper``:
    the alternatives a sentence names, "or" before the last only."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} or {items[-1]}"
