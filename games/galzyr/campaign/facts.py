"""The rulebook's numbers, as data: limits, tables and the card ranges of the reset procedure.

Everything here comes from the Lands of Galzyr rulebook (the section is named beside each
value) so that the tests can be written from the same tables.
"""

from __future__ import annotations

from games.core.bounds import index_below, upto

# The format's bounds of an adventurer are the rulebook's ("Adventurers": the gold dial goes
# up to 20, a new adventurer starts with 10; "Skills and skill marks": at most 2 on one
# skill): written once, where the world files are checked, and used here as the rules'.
from storybook.format import (
    MAX_GOLD,
    MAX_MARKS_PER_SKILL,
    MONTHS,
    START_GOLD,
    WEEKDAYS,
    ResetPlan,
    season_of,
)

__all__ = [
    "CHALLENGE_SUCCESSES",
    "MAX_GOLD",
    "MAX_ITEMS",
    "MAX_MARKS_PER_SKILL",
    "MAX_QUESTS",
    "MONTHS",
    "NOTICEBOARD_SIZE",
    "REGULAR_SUCCESSES",
    "SKILL_MARKS",
    "START_GOLD",
    "TRAVEL_MOVES",
    "WEEKDAYS",
    "GALZYR_PLAN",
    "ResetPlan",
    "ending_card",
    "ending_scene",
    "required_successes",
    "round_limit",
    "season_of",
    "story_master",
]

# "Skills and skill marks": always 4 marks (at most MAX_MARKS_PER_SKILL on one skill).
SKILL_MARKS = 4
# "Item cards" / "Quest cards": at most 3 of each; a 4th forces a discard / an abandon.
MAX_ITEMS = 3
MAX_QUESTS = 3
# "Quest cards and quest slot": refilled to 3 whenever it holds 2 or fewer.
NOTICEBOARD_SIZE = 3
# "Travel": up to 2 moves, changed by the movement keyword, never below 0.
TRAVEL_MOVES = 2

# What the box's pieces can hold (issue 12): every number a campaign keeps is bounded by these.
Gold = upto(MAX_GOLD)
Marks = upto(MAX_MARKS_PER_SKILL)
Prestige = upto(99)  # the track runs 0-10 and the token's +10 side doubles it; room to spare
MAX_COPIES = 20 * 1000  # copies 1-20 of each card number #000-#999 (docs/book-format.md)
CopyId = index_below(MAX_COPIES)
MAX_DAY = 365  # calendar slots from the top row's Monday; a game lasts at most 8 rounds
Day = upto(MAX_DAY)
MAX_PLAYERS = 6  # players at one table (the new-table form's limit)
PlayerIndex = index_below(MAX_PLAYERS)  # a player, from 0
PlayerNumber = upto(MAX_PLAYERS, low=1)  # a player, from 1 (as the pages and API count)
RoundNumber = upto(8, low=1)  # the longest round limit (1 player) is 8
Moves = upto(9)  # travel moves left: 2, changed by the movement keyword
TimerDays = upto(28, low=1)  # a card's timer box, in days (as the format allows)

# "Game end": the round limit by player count (the Discord and Harmony cards show it).
ROUND_LIMITS = {1: 8, 2: 7, 3: 6}
ROUND_LIMIT_4_PLUS = 5


def round_limit(players: int) -> int:
    if players < 1:
        raise ValueError("a game has at least one player")
    return ROUND_LIMITS.get(players, ROUND_LIMIT_4_PLUS)


# "Game end": the scene on Discord (competitive) or Harmony (solo / co-operative). These are
# the published box's cards #064 and #065 and the scenes their faces name; another world's
# Discord and Harmony cards name their own scenes (``ending_scenes``, from its catalog).
DISCORD_CARD = 64
HARMONY_CARD = 65
DISCORD_SCENE = 150
HARMONY_SCENE = 200
ENDING_CARDS = {"competitive": "discord", "cooperative": "harmony"}  # the cards' names


def ending_scene(mode: str) -> int:
    """The published box's ending scene for a mode (its Discord and Harmony cards)."""
    return DISCORD_SCENE if mode == "competitive" else HARMONY_SCENE


def ending_card(mode: str) -> str:
    """ "Discord" for competitive play, "Harmony" for solo and co-operative play."""
    return ENDING_CARDS["competitive" if mode == "competitive" else "cooperative"].capitalize()


# "Skill checks" and "Challenge mode": successes required; None is the unknown difficulty.
REGULAR_SUCCESSES: dict[str, int | None] = {"easy": 1, "medium": 2, "hard": 3, "unknown": None}
CHALLENGE_SUCCESSES: dict[str, int | None] = {"easy": 2, "medium": 3, "hard": 4, "unknown": None}


def required_successes(difficulty: str, *, challenge: bool, partner_scene: bool) -> int | None:
    """Challenge mode raises the number by one, and only in scenes where a partner may join."""
    table = CHALLENGE_SUCCESSES if challenge and partner_scene else REGULAR_SUCCESSES
    return table[difficulty]


def story_master(players: int, active: int) -> int:
    """The seat (index in clockwise order) that reads the scene to ``active``.

    "Book of Adventures": solo, the player themself; 2 players, the other one; 3 players, the
    one to the right of the active player (clockwise play passes to the left, so that is the
    previous seat); 4 players, the one opposite. The base game has 4 adventurers; for more
    players (expansions) the seat opposite, rounded down, is an extrapolation.
    """
    if not 0 <= active < players:
        raise ValueError("the active player must sit at the table")
    if players == 1:
        return active
    if players == 2:
        return 1 - active
    if players == 3:
        return (active - 1) % 3
    return (active + players // 2) % players


# "Resetting the game", the rulebook's plan (the format's ``ResetPlan``: a world may declare
# its own in world.yaml): the d12 month card to the global save slot; #064–#089 (26 cards, the
# 12 event cards among them shuffled) to the global save slot; #127–#148 (22) shuffled into the
# quest slot and its 3 frontmost to the global save slot; #296–#299 (8 cards) to the vault; for
# each adventurer #000 and #111 with their icon from the library to their save slot, gold 10
# and the board's skill marks. Resetting Mor or Aysala also puts #296 / #297 into the vault if
# it is not there already.
GALZYR_PLAN = ResetPlan(
    months=list(range(1, 13)),
    to_global=list(range(64, 90)),
    to_quest_slot=list(range(127, 149)),
    to_vault=list(range(296, 300)),
    per_adventurer=[0, 111],
    vault_on_reset={"mor": [296], "aysala": [297]},
)


# "Game setup", the last step: a player holding quest #111 (each adventurer's starting quest,
# one per icon) skips placing their figure and picking up quests, as an Isolated one does.
START_QUEST = 111


def month_index(name: str) -> int:
    return MONTHS.index(name)


def weekday_name(day: int) -> str:
    """Day 0 is the top row's Monday; "the days loop from Sunday to the next row's Monday"."""
    return WEEKDAYS[day % 7]


def calendar_slot(day: int) -> str:
    return f"{weekday_name(day).capitalize()} of row {day // 7 + 1}"
