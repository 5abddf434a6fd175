"""Which games this server knows. A game module builds one ``Game`` and is listed here."""

from __future__ import annotations

from functools import cache
from importlib import import_module

from games.core.engine import Game

# slug -> module that defines ``game``; the order is the order on the home page.
GAME_MODULES: dict[str, str] = {
    "dark-tales": "games.dark_tales.game",
    "tales-of-danger": "games.tales_of_danger.game",
    "tavern-tales": "games.tavern_tales.game",
    "galzyr": "games.galzyr.game",
}

# slug -> the module of a game's own routes, for a game with pages beyond the platform's (most
# have none): its ``pages`` join games/web/urls.py's (named ``games:<name>``), its ``api`` join
# games/api/urls.py's (under /api/). The views are the game's own, over the services.
GAME_URLS: dict[str, str] = {
    "galzyr": "games.galzyr.urls",
}


# slug -> "module:callable" giving the supplier of what a game's rules need beyond a state's
# JSON (games/core/needs.py), from its Django side; resolved by games/services/handed.py, so
# the platform's services name no game. A game that needs nothing has no line.
GAME_SUPPLIERS: dict[str, str] = {
    "galzyr": "games.galzyr.shelf:DatabaseShelf",
}


# slug -> the module of a game's card-data sheet (every card on one page; the game's Django side
# over its catalog, made of games/services/card_sheets/base.py's parts), for a game whose group
# enters its cards' values; resolved by games/services/card_sheets, so the platform names no game.
GAME_SHEETS: dict[str, str] = {
    "tales-of-danger": "games.tales_of_danger.card_sheet",
    "dark-tales": "games.dark_tales.card_sheet",
    "tavern-tales": "games.tavern_tales.card_sheet",
}


@cache  # one value: the games of GAME_MODULES, built once per process
def all_games() -> dict[str, Game]:
    return {slug: load(slug, module) for slug, module in GAME_MODULES.items()}


def load(slug: str, module: str) -> Game:
    """The ``game`` that ``module`` builds, checked against its registry line."""
    game = import_module(module).game
    if game.slug != slug:
        raise RuntimeError(f"{module} declares slug {game.slug!r}, registry says {slug!r}")
    unknown = sorted(game.backup_after - game.moves.keys())
    if unknown:
        # A renamed move would silently stop the backups: fail at start-up instead.
        raise RuntimeError(f"{module}: backup_after names unknown moves {unknown}")
    return game


def add(game: Game) -> None:
    """Register ``game`` beside GAME_MODULES' (a test's own game); a taken slug is refused, so
    a second game never silently replaces the first."""
    games = all_games()
    if game.slug in games:
        raise RuntimeError(
            f"Another game is registered as “{game.slug}” already: give {game.title} a slug "
            "of its own."
        )
    games[game.slug] = game


def get_game(slug: str) -> Game:
    try:
        return all_games()[slug]
    except KeyError:
        raise LookupError(f"Unknown game “{slug}”.") from None
