"""Setup: sponsors by player count, rank order, first player, seats, options."""

import pytest

from games.core.engine import ArgsError
from games.tales_of_danger.game import game


@pytest.mark.parametrize("players, sponsors", [(2, 3), (3, 4), (4, 6), (5, 6), (6, 6)])
def test_sponsors_by_player_count(tod, players, sponsors):
    state = tod.Table(players).state
    assert len(state.sponsors) == sponsors
    ranks = [state.catalog.sponsor(s).rank for s in state.sponsors]
    assert ranks == sorted(ranks), "sponsors are shown in rank order"


def test_the_sponsors_for_two_players_are_drawn_with_the_seeded_generator(tod):
    draws = {tuple(tod.Table(2, seed=seed).state.sponsors) for seed in range(30)}
    assert len(draws) > 3
    assert tod.Table(2, seed=11).state.sponsors == tod.Table(2, seed=11).state.sponsors


def test_without_ranks_the_catalog_order_is_kept_until_they_are_entered(tod):
    state = tod.Table(4, catalog=False).state
    assert state.sponsors == [s.id for s in state.catalog.sponsors]
    t = tod.Table(4, catalog=False)
    for rank, sponsor in enumerate(["sponsor-f", "bishop", "queen", "sponsor-d", "sponsor-e"], 1):
        t.do("set-sponsor-card", {"sponsor": sponsor, "rank": rank})
    assert t.state.sponsors[-1] == "knights-templar"  # still unranked: sorted last
    t.do("set-sponsor-card", {"sponsor": "knights-templar", "rank": 6})
    assert t.state.sponsors == ["sponsor-f", "bishop", "queen", "sponsor-d", "sponsor-e",
                                "knights-templar"]  # fmt: skip


def test_first_player_is_chosen_or_drawn(tod):
    assert tod.Table(3, first_player=2).state.first_player == 1
    drawn = {game.load(game.setup({"players": ["A", "B", "C"]}, s)).first_player for s in range(20)}
    assert drawn == {0, 1, 2}


def test_seats_are_the_table_and_one_per_player(tod):
    seats = game.seats(tod.Table(3).data)
    assert [(s.id, s.label, s.kind) for s in seats] == [
        ("table", "Table", "table"),
        ("p1", "Ada", "player"),
        ("p2", "Bo", "player"),
        ("p3", "Cy", "player"),
    ]


@pytest.mark.parametrize(
    "options",
    [
        {"players": ["Solo"]},
        {"players": ["A", "B", "C", "D", "E", "F", "G"]},
        {"players": ["A", "a"]},
        {"players": ["A", " "]},
        {"players": ["A", "B"], "first_player": 3},
        {"players": ["A", "B"], "sponsors": {"queen": {"rank": 9}}},
        {"players": ["A", "B"], "people": {"nun": {"ribbon": {"pope": 1}}}},
    ],
)
def test_bad_options_are_refused(options):
    with pytest.raises(ArgsError):
        game.setup(options, 1)


def test_state_round_trips_through_json_exactly(tod):
    t = tod.Table(4)
    state = game.load(t.data)
    assert state.model_dump(mode="json") == t.data
    assert game.load(state.model_dump(mode="json")) == state
