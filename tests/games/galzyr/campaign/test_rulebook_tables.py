"""The rulebook's tables, one row per case: round limits, challenge mode, the story master."""

from __future__ import annotations

import pytest

from games.galzyr.campaign import required_successes, round_limit, story_master
from games.galzyr.campaign.facts import (
    CHALLENGE_SUCCESSES,
    DISCORD_SCENE,
    HARMONY_SCENE,
    MAX_GOLD,
    MAX_ITEMS,
    MAX_MARKS_PER_SKILL,
    MAX_QUESTS,
    NOTICEBOARD_SIZE,
    SKILL_MARKS,
    START_GOLD,
    TRAVEL_MOVES,
    ending_scene,
)

# "Game end": player count → rounds.
ROUND_LIMITS = [(1, 8), (2, 7), (3, 6), (4, 5), (5, 5), (6, 5)]


@pytest.mark.parametrize(("players", "rounds"), ROUND_LIMITS)
def test_round_limit_by_player_count(players, rounds):
    assert round_limit(players) == rounds


def test_round_limit_needs_a_player():
    with pytest.raises(ValueError):
        round_limit(0)


# "Challenge mode": regular and challenge skill checks.
CHECKS = [
    ("easy", 1, 2),
    ("medium", 2, 3),
    ("hard", 3, 4),
    ("unknown", None, None),
]


@pytest.mark.parametrize(("difficulty", "regular", "challenge"), CHECKS)
def test_challenge_mode_raises_each_number_by_one_in_partner_scenes(difficulty, regular, challenge):
    assert required_successes(difficulty, challenge=False, partner_scene=True) == regular
    assert required_successes(difficulty, challenge=True, partner_scene=True) == challenge
    assert CHALLENGE_SUCCESSES[difficulty] == challenge


@pytest.mark.parametrize(("difficulty", "regular", "_challenge"), CHECKS)
def test_challenge_mode_changes_nothing_outside_partner_scenes(difficulty, regular, _challenge):
    assert required_successes(difficulty, challenge=True, partner_scene=False) == regular


# "Book of Adventures": who reads to the active player (seats in clockwise order).
SEATS = [
    (1, 0, 0),  # solo: the player themself
    (2, 0, 1),  # 2 players: the other player
    (2, 1, 0),
    (3, 0, 2),  # 3 players: the one to the right (clockwise play passes left)
    (3, 1, 0),
    (3, 2, 1),
    (4, 0, 2),  # 4 players: the one opposite
    (4, 1, 3),
    (4, 2, 0),
    (4, 3, 1),
]


@pytest.mark.parametrize(("players", "active", "reader"), SEATS)
def test_story_master_seat(players, active, reader):
    assert story_master(players, active) == reader


def test_story_master_is_never_the_active_player_with_company():
    for players in range(2, 7):
        for active in range(players):
            assert story_master(players, active) != active


def test_ending_scenes():
    assert ending_scene("competitive") == DISCORD_SCENE == 150
    assert ending_scene("cooperative") == HARMONY_SCENE == 200


def test_the_rulebook_limits():
    assert (MAX_GOLD, START_GOLD) == (20, 10)
    assert (SKILL_MARKS, MAX_MARKS_PER_SKILL) == (4, 2)
    assert (MAX_ITEMS, MAX_QUESTS, NOTICEBOARD_SIZE, TRAVEL_MOVES) == (3, 3, 3, 2)
