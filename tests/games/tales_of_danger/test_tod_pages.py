"""Tales of Danger over the platform: the new-table form, the card catalog, Acts 1 and 2.

Form fields are posted the way the panel's forms send them: repeated names for lists, JSON
objects for the options that carry a pick or a payment. Act 3 is in test_tod_act3_pages.py,
the REST API in test_tod_api.py; the helpers are in pages.py.
"""

import json
import re

import pytest
from django.urls import reverse

from games.models import Table
from games.services import catalogs, tables
from games.tales_of_danger.game import game
from librarians import make_librarian
from tests.games.tales_of_danger.pages import (
    POOL,
    QUEEN_HAND,
    forms,
    new_table,
    page,
    pick,
    post_move,
    seated,
    table_from,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def librarian_client(client):
    """The test client signed in as a librarian: saving the group's card data is theirs."""
    client.force_login(make_librarian("librarian")[0])
    return client


# -- the new-table form and the card catalog ----------------------------------------------


def test_new_table_form_takes_the_first_player(client):
    response = client.get(reverse("games:new", args=["tales-of-danger"]))
    assert b'name="opt_first_player"' in response.content
    client.post(
        reverse("games:new", args=["tales-of-danger"]),
        {"name": "Voyage", "player": ["Ada", "Bo", "Cy"], "opt_first_player": "2"},
    )
    state = Table.objects.get().state
    assert state["first_player"] == 1 and state["active"] == 1
    assert len(state["sponsors"]) == 4


def test_a_first_player_beyond_the_table_is_refused_on_the_form(client):
    response = client.post(
        reverse("games:new", args=["tales-of-danger"]),
        {"name": "Voyage", "player": ["Ada", "Bo"], "opt_first_player": "5"},
    )
    assert b"There is no player 5 among 2." in response.content
    assert not Table.objects.exists()
    # "Who takes the first turn?" names the players typed (QAF new problem 5); the seats
    # left empty stay "Player N". Each option carries the field index player-names.js reads.
    first = response.content.decode().split("Who takes the first turn?")[1].split("</select>")[0]
    options = re.findall(r'data-player-label="(\d)" data-numbered="([^"]*)"[^>]*>([^<]*)<', first)
    assert options == [
        ("0", "Player 1", "Ada"),
        ("1", "Player 2", "Bo"),
        *[(str(i), f"Player {i + 1}", f"Player {i + 1}") for i in range(2, 6)],
    ]
    assert re.search(r'value="5"[^>]*selected', first)  # the refused choice stays chosen


def test_the_groups_card_data_is_saved_once_and_used_by_new_tables(librarian_client):
    yaml = "sponsors:\n  queen:\n    rank: 1\n    start: 3\npeople:\n  nun:\n    crew: 1\n"
    response = librarian_client.post(
        reverse("games:catalog", args=["tales-of-danger"]), {"yaml": yaml}
    )
    assert b"Saved." in response.content
    table = tables.create_table("tales-of-danger", "x", {"players": ["A", "B"]})
    catalog = game.load(table.state).catalog
    assert (catalog.sponsor("queen").rank, catalog.sponsor("queen").start) == (1, 3)
    assert catalog.sponsor("queen").plans == 6  # shipped with the app, not in the YAML
    assert catalog.person("nun").crew == 1
    download = librarian_client.get(reverse("games:catalog-download", args=["tales-of-danger"]))
    # The same data back (PostgreSQL's jsonb keeps keys in its own order, not ours).
    assert catalogs.parse_yaml(game, download.content.decode()) == catalogs.parse_yaml(game, yaml)


def test_catalog_mistakes_are_refused_with_the_line(librarian_client):
    response = librarian_client.post(
        reverse("games:catalog", args=["tales-of-danger"]),
        {"yaml": "sponsors:\n  queen:\n    rank: 9\n"},
    )
    assert response.status_code == 400
    assert b"line 3" in response.content
    assert not catalogs.saved(game)


def test_a_tables_entries_are_kept_for_the_group(librarian_client, tod):
    table = tables.create_table("tales-of-danger", "x", {"players": ["A", "B"]})
    seated(librarian_client, table, "table")
    post_move(
        librarian_client,
        table,
        "set-sponsor-card",
        {"sponsor": "bishop", "rank": "2", "market": "3"},
    )
    post_move(
        librarian_client,
        table,
        "set-person-card",
        {"person": "nun", "crew": "0", "icons": ["queen=2", "bishop=0", ""], "free": ["queen=yes"]},
    )
    nun = game.load(Table.objects.get().state).catalog.person("nun")
    assert (nun.crew, nun.ribbon, nun.free_for) == (0, {"queen": 2, "bishop": 0}, ["queen"])
    html = page(librarian_client, table)
    assert "Keep this table's entries for new tables" in html
    # The entry forms come with ?cards=1 (fetched when “Card data” is opened).
    assert "set-person-card" not in forms(html) and 'hx-get="/t/' in html
    html = librarian_client.get(
        reverse("games:table", args=[table.code]), {"cards": "1"}
    ).content.decode()
    assert {"set-sponsor-card", "set-person-card"} <= set(forms(html))
    librarian_client.post(
        reverse("games:catalog", args=["tales-of-danger"]), {"from_table": table.code}
    )
    assert catalogs.saved(game) == {
        "sponsors": {"bishop": {"rank": 2, "market": 3}},
        "people": {"nun": {"ribbon": {"queen": 2, "bishop": 0}, "crew": 0, "free_for": ["queen"]}},
    }


def test_the_panel_lists_what_is_still_unknown_and_links_the_catalog(client):
    table = tables.create_table("tales-of-danger", "x", {"players": ["A", "B"]})
    html = seated(client, table, "table") and page(client, table)
    assert 'href="/catalog/tales-of-danger/"' in html
    assert "Still unknown: enter from your cards" in html
    assert '<strong>Queen</strong>: <span class="muted">name, title, rank, icon, Start hand' in html
    assert 'Nun</strong>: <span class="muted">evidence, plans, sponsor icons and stars' in html


# -- the table page -----------------------------------------------------------------------


def test_table_page_for_the_shared_display(client, tod, django_assert_num_queries):
    table = new_table(tod)
    seated(client, table, "table")
    # The table with the seats devices hold (the shared display's hand-over), the recent log.
    with django_assert_num_queries(2):
        response = client.get(reverse("games:table", args=[table.code]))
    html = response.content.decode()
    # One player at a time: the next without a hand; the pool once everyone is dealt.
    assert "Deal 3 face-up cards to Ada" in html and "Deal to Bo" not in html
    assert forms(html).count("deal") == 1 and "refill-pool" not in forms(html)
    assert len(response.content) < 40_000
    post_move(client, table, "deal", {"player": "p1", "people": ["nun", "nun", "monk"]})
    html = page(client, table)
    assert "Deal to Bo" in html and "Deal to Ada" not in html


def test_a_phone_deals_only_its_own_hand(client, tod):
    table = new_table(tod)
    html = page(seated(client, table, "p2"), table)
    assert "Deal to Bo" in html and "Deal to Ada" not in html
    assert "refill-pool" not in forms(html)  # the first player's seat or the table flips
    response = post_move(client, table, "deal", {"player": "p2", "people": ["nun", "monk", "nun"]})
    assert b"Bo was dealt Nun, Monk and Nun." in response.content
    assert "deal" not in forms(response.content.decode())


def deal_everyone(client, table):
    seated(client, table, "table")
    hands = (QUEEN_HAND, ["nun"] * 3, ["monk"] * 3, ["farmer"] * 3)
    for seat, hand in zip(("p1", "p2", "p3", "p4"), hands, strict=True):
        post_move(client, table, "deal", {"player": seat, "people": hand})
    return post_move(client, table, "refill-pool", {"people": POOL})


def test_act_1_recruit_secure_and_discard_over_htmx(client, tod):
    table = new_table(tod, players=4)  # all six sponsors
    response = deal_everyone(client, table)
    html = response.content.decode()
    assert "Everyone is dealt in: Ada takes the first turn." in html
    assert forms(html)[:1] == ["recruit"]
    assert "Can I secure a sponsor?" in html and "data-tod-helper" in html
    response = post_move(
        client,
        table,
        "recruit",
        {
            "picks": [pick("monk"), pick("nun", source="deck"), ""],
            "deck_discards": ["deacon"],
            "refill": ["royal-guard", "farmer", ""],
        },
    )
    html = response.content.decode()
    assert (
        "Ada recruited Monk from the pool and Nun from the deck (discarding Deacon from the "
        "pool); the pool was refilled with Royal Guard and Farmer." in html
    )
    assert {"secure-sponsor", "end-turn"} <= set(forms(html))
    assert "recruit" not in forms(html)
    response = post_move(
        client, table, "secure-sponsor", {"sponsor": "queen", "people": [*QUEEN_HAND, "monk"]}
    )
    html = response.content.decode()
    assert "Ada secured the Queen and moves to Act 2" in html
    assert "keeps 3 cards" in html and "discard-down" in forms(html)
    response = post_move(client, table, "discard-down", {"player": "p1", "people": ["monk", "nun"]})
    assert b"Ada discarded Monk and Nun and starts Act 2; Bo is next." in response.content
    state = game.load(Table.objects.get().state)
    assert state.players[0].hand == QUEEN_HAND and state.active == 1


def test_recruiting_past_the_limit_is_refused_in_place(client, tod):
    six = ["nun", "nun", "sailor", "sailor", "farmer", "farmer"]
    table = table_from(tod.arranged([six, ["nun"]], POOL))
    seated(client, table, "p1")
    html = page(client, table)
    assert "Hand limit 7: tap 1 card to discard" in html
    response = post_move(client, table, "recruit", {"picks": [pick("monk"), pick("deacon")]})
    assert response["HX-Trigger"] == "tk:refused"
    assert b'role="alert"' in response.content
    assert b"would hold 8 cards but the Act 1 hand limit is 7" in response.content
    table.refresh_from_db()
    assert table.version == 1 and table.state["players"][0]["hand"] == six


def test_securing_with_no_insider_is_refused_in_place(client, tod):
    # Minstrel, Innkeeper and Captain show the Queen's icon without stars.
    hand = ["minstrel", "innkeeper", "captain"]
    table = table_from(tod.arranged([hand, ["monk"]], POOL, step="acted"))
    seated(client, table, "table")
    html = page(client, table)
    assert "no insider" in html
    response = post_move(client, table, "secure-sponsor", {"sponsor": "queen", "people": hand})
    assert b"None of these people is an insider (stars by the icon) for the Queen." in (
        response.content
    )
    table.refresh_from_db()
    assert table.version == 1 and table.state["players"][0]["act"] == 1


def test_the_secure_helper_counts_each_person_towards_each_sponsor(client, tod):
    table = table_from(tod.arranged([QUEEN_HAND, ["monk"]], POOL, step="acted"))
    html = page(seated(client, table, "p1"), table)
    assert 'data-sponsor="queen" data-needs-evidence="4" data-needs-plans="6"' in html
    assert "yes: can secure" in html
    values = json.loads(re.search(r'id="tod-secure-values"[^>]*>(.*?)</script>', html).group(1))
    assert values["sailor"]["queen"] == [1, 2, 1]  # evidence, plans, stars
    assert values["minstrel"]["queen"] == [2, 2, 0]
    # A player who is not to play sees no helper.
    assert 'id="tod-secure-values"' not in page(seated(client, table, "p2"), table)


def test_a_waiting_player_gets_no_turn_forms(client, tod):
    table = table_from(tod.arranged([QUEEN_HAND, ["monk"]], POOL))
    html = page(seated(client, table, "p2"), table)
    assert "It is Ada's turn" in html
    assert [f for f in forms(html) if not f.startswith("set-")] == []


def test_act_2_free_cards_then_gather(client, tod):
    pool = ["doctor", "monk", "farmer", "deacon", "innkeeper"]  # the Doctor is free for the Queen
    table = table_from(tod.arranged([QUEEN_HAND, ["nun"]], pool, ["queen", None]))
    html = page(seated(client, table, "table"), table)
    assert forms(html)[:1] == ["take-free-cards"] and "gather" not in forms(html)
    response = post_move(client, table, "take-free-cards", {"refill": ["sailor"]})
    assert b"Ada took Doctor free from the pool; the pool was refilled with Sailor." in (
        response.content
    )
    assert "gather" in forms(response.content.decode())
    response = post_move(
        client, table, "gather", {"picks": [pick("monk"), pick("farmer")], "refill": ["nun", "nun"]}
    )
    assert b"Ada gathered Monk from the pool and Farmer from the pool" in response.content
