"""The storybook's refusal: a sentence for whoever asked (a writer, a librarian, a reader) and
nothing changed. Pure: it imports nothing.

Its pages and API answer it themselves (``storybook.web``); a game that calls the storybook from
a move turns it into its own refusal where it calls (Galzyr's moves raise ``games.core.engine``'s
``RuleError`` with the same sentence), so the storybook knows no game.
"""

from __future__ import annotations


class StorybookRefused(Exception):
    """Refused, with a sentence a person understands as its message; nothing changed."""
