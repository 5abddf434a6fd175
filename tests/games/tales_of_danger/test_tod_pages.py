"""Tales of Danger over the platform: the panel per seat, moves over HTMX and the API, catalog.

The card values come from conftest.py's test catalog (invented, not the real cards). Form
fields are posted the way the panel's forms send them: repeated names for lists, JSON
objects for the options that carry a pick or a payment.
"""

import json
import re

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from games import catalogs, services
from games.models import Table
from games.tales_of_danger.rules import game
from storybook.librarian import make_librarian
from tests.seating import api_as, sit

pytestmark = pytest.mark.django_db


@pytest.fixture
def librarian_client(client):
    """The test client signed in as a librarian: saving the group's card data is theirs."""
    client.force_login(make_librarian("librarian")[0])
    return client


HTMX = {"HTTP_HX_REQUEST": "true"}
POOL = ["monk", "farmer", "deacon", "captain", "innkeeper"]
QUEEN_HAND = ["sailor", "business-man", "minstrel"]  # can secure the Queen (test catalog)


def new_table(tod, players=3, **options):
    return services.create_table(
        "tales-of-danger",
        "Voyage night",
        {"players": tod.NAMES[:players], "first_player": 1, **tod.full_catalog(), **options},
    )


def table_from(driver) -> Table:
    """A saved table holding a state built by the rules tests' driver."""
    return Table.objects.create(game="tales-of-danger", name="Mid-game", state=driver.data)


def seated(client, table, seat):
    return sit(client, table, seat)


def page(client, table) -> str:
    return client.get(reverse("games:table", args=[table.code])).content.decode()


def post_move(client, table, name, data):
    table.refresh_from_db()
    return client.post(
        reverse("games:move", args=[table.code, name]),
        {"version": table.version, **data},
        **HTMX,
    )


def pick(person, **more):
    return json.dumps({"person": person, **more})


def forms(html: str) -> list[str]:
    """The moves the page offers a form for."""
    return re.findall(r'hx-post="/t/\w+/move/([\w-]+)/"', html)


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


def test_the_groups_card_data_is_saved_once_and_used_by_new_tables(librarian_client):
    yaml = "sponsors:\n  queen:\n    rank: 1\n    start: 3\npeople:\n  nun:\n    crew: 1\n"
    response = librarian_client.post(
        reverse("games:catalog", args=["tales-of-danger"]), {"yaml": yaml}
    )
    assert b"Saved." in response.content
    table = services.create_table("tales-of-danger", "x", {"players": ["A", "B"]})
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
    table = services.create_table("tales-of-danger", "x", {"players": ["A", "B"]})
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
    table = services.create_table("tales-of-danger", "x", {"players": ["A", "B"]})
    html = seated(client, table, "table") and page(client, table)
    assert 'href="/catalog/tales-of-danger/"' in html
    assert "Still unknown: enter from your cards" in html
    assert '<strong>Queen</strong>: <span class="muted">name, title, rank, icon, Start hand' in html
    assert 'Nun</strong>: <span class="muted">evidence, plans, sponsor icons and stars' in html


# -- the table page -----------------------------------------------------------------------


def test_table_page_for_the_shared_display(client, tod, django_assert_num_queries):
    table = new_table(tod)
    seated(client, table, "table")
    with django_assert_num_queries(2):  # the table, the recent log
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
    assert b"Ada discarded Monk and Nun and starts Act 2." in response.content
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


def test_act_3_begins_with_the_transition_steps(client, tod):
    seven = [*QUEEN_HAND, "monk", "monk", "farmer", "farmer"]
    nine = ["nun"] * 5 + ["royal-guard"] * 4
    pool = ["monk", "farmer", "deacon", "innkeeper", "captain"]
    table = table_from(tod.arranged([seven, nine], pool, ["queen", "bishop"]))
    seated(client, table, "table")
    response = post_move(
        client,
        table,
        "gather",
        {"picks": [pick("deacon"), pick("captain")], "discard": ["monk"]},
    )
    html = response.content.decode()
    assert "Act 3 begins" in html and "Unclaimed sponsors leave the table" in html
    assert "prepare-segment" in forms(html) and "Difficulty 3" in html
    # Hands are private now: the table shows counts, each phone its own hand.
    assert "Royal Guard" not in html.split("What happened")[0].split("Act 3 begins")[1]
    assert "Royal Guard" in page(seated(client, table, "p2"), table)


def test_prepare_a_segment_from_the_difficulty_card(client, tod):
    table = table_from(tod.act3([["monk"], ["nun"]], [None, (1, ["crew"])]))
    state = game.load(table.state)
    state.step = "prepare"
    table.state = state.model_dump(mode="json")
    table.save()
    seated(client, table, "p1")
    response = post_move(
        client,
        table,
        "prepare-segment",
        {"difficulty": "2", "source": "deck", "costs": ["illness"]},
    )
    assert b"A difficulty-2 segment gets exactly 2 cost card(s)." in response.content
    response = post_move(
        client,
        table,
        "prepare-segment",
        {"difficulty": "2", "source": "deck", "person": "", "costs": ["illness", "great-fishing"]},
    )
    assert b"Ada prepared a difficulty-2 segment costing Illness: 3 crew, Great Fishing!" in (
        response.content
    )


def test_complete_shows_what_is_owed_after_cancels_and_refuses_paying_too_little(client, tod):
    hand = ["doctor", "nun", "monk", "sailor"]
    table = table_from(tod.act3([hand, ["nun"]], [(3, ["illness", "illness", "supply"]), None]))
    html = page(seated(client, table, "p1"), table)
    assert "To pay: <strong>6 crew, 1 supplies</strong>" in html
    assert "A Doctor cancels every Illness:\n      0 crew, 1 supplies left" in html
    assert 'Doctor <span class="muted">(cancels Illness)</span>' in html
    owed = json.loads(re.search(r'id="tod-owed"[^>]*>(.*?)</script>', html).group(1))
    assert owed == {"": {"crew": 6, "supplies": 1}, "illness": {"crew": 0, "supplies": 1}}
    response = post_move(client, table, "complete-segment", {"pay": [pick("doctor")]})
    assert b"That pays nothing, but the segment still costs 1 supply: 1 supply short." in (
        response.content
    )
    table.refresh_from_db()
    assert table.version == 1
    # The Doctor and a Nun (1 supply): the rulebook's example.
    response = post_move(client, table, "complete-segment", {"pay": [pick("doctor"), pick("nun")]})
    assert b"Ada completed a difficulty-3 segment (Illness cancelled), paying Doctor and Nun" in (
        response.content
    )
    assert "write-journal" in forms(response.content.decode())


def test_the_table_pays_with_named_or_counted_cards(client, tod):
    table = table_from(
        tod.act3([["monk", "?", "nun"], ["nun"]], [(2, ["crew", "two-supplies"]), None])
    )
    html = page(seated(client, table, "table"), table)
    assert "The cards paid (name them, or give their crew and supplies)" in html
    response = post_move(
        client,
        table,
        "complete-segment",
        {"pay": [json.dumps({"crew": 1, "supplies": 0}), pick("monk"), ""]},
    )
    assert b"paying an unnamed card and Monk (1 crew wasted)" in response.content


def test_great_fishing_only_needs_no_payment(client, tod):
    table = table_from(tod.act3([["monk"], ["nun"]], [(1, ["great-fishing"]), None]))
    seated(client, table, "p1")
    response = post_move(client, table, "complete-segment", {"bonus": ["sailor"]})
    assert b"with nothing to pay; Great Fishing gives 1 bonus card(s)" in response.content
    assert table.__class__.objects.get().state["players"][0]["hand"] == ["monk", "sailor"]


def test_cards_named_into_a_hand_stay_out_of_the_log_and_other_seats(client, tod):
    table = table_from(tod.act3([["monk"], ["nun"]], [(1, ["crew"]), None]))
    seated(client, table, "p1")
    post_move(client, table, "forage", {"cost": "supply", "to_hand": ["doctor", "priest", ""]})
    table.refresh_from_db()
    sentence = table.moves.get().sentence
    assert sentence.startswith("Ada foraged: “1 supply” joins the segment and 3 cards go to hand")
    assert "Doctor" not in sentence and "Priest" not in sentence
    assert table.state["players"][0]["hand"] == ["monk", "doctor", "priest", "?"]
    mine = page(client, table)
    assert '<li class="chip">Doctor <small' in mine
    other = page(seated(client, table, "p2"), table)
    assert '<li class="chip">Doctor' not in other and "an unnamed card" not in other
    state = api_as(table, "table").get(f"/api/tables/{table.code}/").json()["state"]
    assert "hand" not in state["players"][0] and state["players"][0]["hand_count"] == 4
    history = f"/api/tables/{table.code}/history/"
    assert APIClient().get(history).json()[0]["args"] is None  # nobody's seat
    assert api_as(table, "p2").get(history).json()[0]["args"] is None  # another seat's


def test_forage_from_the_table(client, tod):
    table = table_from(tod.act3([["monk"], ["nun"]], [(1, ["crew"]), None]))
    seated(client, table, "table")
    response = post_move(client, table, "forage", {"cost": "bad-luck"})
    assert (
        b"Ada foraged: \xe2\x80\x9cBad Luck: 2 crew, 3 supplies\xe2\x80\x9d joins the segment"
        in (response.content)
    )


def test_a_sixth_segment_is_refused(client, tod):
    legs = [(2, 2)] * 5
    t = tod.act3([["monk", "nun"], ["nun"], ["monk"]], [None, (1, ["crew"]), (1, ["crew"])],
                 [legs, [], []])  # fmt: skip
    state = t.state
    state.final_round_by, state.final_turns, state.active = 0, [1, 2], 1
    t.put(state)
    table = table_from(t)
    seated(client, table, "p1")
    html = page(client, table)
    assert "prepare-segment" not in forms(html) and "complete-segment" not in forms(html)
    assert "Final round" in html and "Ada completed a fifth segment" in html
    response = post_move(client, table, "prepare-segment", {"difficulty": "1", "costs": ["crew"]})
    assert b"Ada has completed 5 segments: a voyage has no sixth." in response.content
    table.refresh_from_db()
    assert table.version == 1


def test_journals_stay_on_their_owners_seat_until_the_reveal(client, tod):
    t = tod.act3([["monk", "nun", "sailor"], ["nun"]], [(1, ["great-fishing"]), (1, ["crew"])])
    table = table_from(t)
    seated(client, table, "p1")
    post_move(client, table, "complete-segment", {})
    html = page(client, table)
    assert "Place the journal face down" in html
    response = post_move(client, table, "write-journal", {"person": "sailor", "value": "3"})
    assert b"Ada wrote a face-down journal for segment 1." in response.content
    assert "<strong data-journal>3</strong>" in page(client, table)  # her own seat shows it
    for seat in ("table", "p2"):
        html = page(seated(client, table, seat), table)
        assert "<strong data-journal>" not in html and "face down" in html
        assert "write-journal" not in forms(html)
    for seat in ("table", "p2"):
        state = api_as(table, seat).get(f"/api/tables/{table.code}/").json()["state"]
        assert state["scoreboard"]["rows"][0]["segments"][0]["journal"] is None
        assert '"journal": 3' not in json.dumps(state)
        assert "sailor" not in json.dumps(state["players"][0])
    history = api_as(table, "p2").get(f"/api/tables/{table.code}/history/").json()
    assert history[0]["name"] == "write-journal" and history[0]["args"] is None
    mine = api_as(table, "p1").get(f"/api/tables/{table.code}/history/").json()
    assert mine[0]["args"] == {"person": "sailor", "value": "3"}
    # The history page shows sentences only.
    history_page = client.get(reverse("games:history", args=[table.code])).content.decode()
    assert "face-down journal" in history_page and "Sailor" not in history_page


def test_a_journal_is_refused_on_the_table_seat(client, tod):
    t = tod.act3([["monk", "nun"], ["nun"]], [(1, ["great-fishing"]), (1, ["crew"])])
    table = table_from(t)
    seated(client, table, "table")
    post_move(client, table, "complete-segment", {})
    html = page(client, table)
    assert "Place the journal face down" not in html and "write-journal" not in forms(html)
    response = post_move(client, table, "write-journal", {"value": "2"})
    # The engine refuses the role the move leaves out, before the move runs.
    assert response["HX-Trigger"] == "tk:refused"
    assert "“Write journal” is for a player, not for the shared display." in (
        response.content.decode()
    )
    table.refresh_from_db()
    assert table.version == 2 and table.state["players"][0]["voyage"][0]["journal"] is None


def test_game_over_shows_the_breakdown_and_links_the_scores(client, tod):
    t = tod.act3([["monk", "nun"], ["nun"]], [(1, ["crew"]), (1, ["crew"])],
                 [[(2, 3)] * 4, [(3, 1)]])  # fmt: skip
    t.do("complete-segment", {"pay": [{"person": "monk"}]})
    t.do("forage", {"cost": "crew"}, seat="p2")
    table = table_from(t)
    html = page(seated(client, table, "p2"), table)
    assert "Waiting for journals from Ada." in html
    ada_row = re.search(r'<tr data-seat="p1".*?</tr>', html, re.S).group(0)
    assert "<strong data-journal>" not in ada_row and "face down" in ada_row
    seated(client, table, "p1")
    post_move(client, table, "write-journal", {"person": "nun", "value": "1"})
    html = page(seated(client, table, "p2"), table)
    assert "Game over" in html and "Ada wins with 22 points." in html
    assert "Final round" not in html
    ada_row = re.search(r'<tr data-seat="p1".*?</tr>', html, re.S).group(0)
    assert ada_row.count("<strong data-journal>3</strong>") == 4
    assert (
        "<strong>22</strong>" in ada_row
        and '<small class="muted" data-breakdown>9+13</small>' in ada_row
    )
    assert f'href="/t/{table.code}/scores/"' in html
    assert client.get(reverse("games:scores", args=[table.code])).status_code == 200


# -- the REST API -------------------------------------------------------------------------


def test_api_creates_a_table_and_plays_the_deal(tod):
    response = APIClient().post(
        "/api/tables/",
        {
            "game": "tales-of-danger",
            "name": "API voyage",
            "options": {"players": ["Ada", "Bo"], "first_player": 2, **tod.full_catalog()},
        },
        format="json",
    )
    assert response.status_code == 201
    body = response.json()
    code = body["code"]
    assert len(body["state"]["sponsors"]) == 3 and body["state"]["moves"][:1] == ["deal"]
    # The creating device keeps the table and holds no seat: it makes no move.
    keeper = APIClient()
    keeper.credentials(HTTP_AUTHORIZATION=f"Bearer {body['token']}")
    response = keeper.post(
        f"/api/tables/{code}/moves/",
        {"move": "deal", "args": {"player": "p1", "people": ["nun"] * 3}, "version": 1},
        format="json",
    )
    assert response.status_code == 403
    table = Table.objects.get(code=code)
    moves = [
        ("deal", {"player": "p1", "people": ["nun", "nun", "monk"]}, "table"),
        ("deal", {"people": ["sailor", "monk", "farmer"], "player": "p2"}, "p2"),
        ("refill-pool", {"people": POOL}, "table"),
    ]
    for version, (move, args, seat) in enumerate(moves, start=1):
        response = api_as(table, seat).post(
            f"/api/tables/{code}/moves/",
            {"move": move, "args": args, "version": version},
            format="json",
        )
        assert response.status_code == 200, response.json()
    assert response.json()["table"]["state"]["prompt"] == "Bo recruits 2 people."
    assert response.json()["table"]["may"]["write_journal"] is False  # the shared display
    response = api_as(table, "p1").post(
        f"/api/tables/{code}/moves/",
        {"move": "recruit", "args": {"picks": [{"person": "monk"}]}, "version": 4},
        format="json",
    )
    assert response.status_code == 400
    assert response.json() == {"error": "It is Bo's turn: only Bo's seat or the table can do that."}
    response = api_as(table, "table").post(
        f"/api/tables/{code}/undo/", {"version": 4}, format="json"
    )
    assert response.status_code == 200
    assert response.json()["table"]["state"]["stage"] == "deal"


def test_api_refuses_bad_options_and_bad_arguments(tod):
    api = APIClient()
    response = api.post(
        "/api/tables/",
        {"game": "tales-of-danger", "options": {"players": ["Ada"]}},
        format="json",
    )
    assert response.status_code == 400
    table = new_table(tod)
    response = api_as(table, "table").post(
        f"/api/tables/{table.code}/moves/",
        {"move": "deal", "args": {"player": "p1", "people": ["nun"]}, "version": 1},
        format="json",
    )
    assert response.status_code == 400
    assert "people" in response.json()["error"]


def test_schema_lists_the_moves():
    schemas = APIClient().get("/api/schema/", {"format": "json"}).json()["components"]["schemas"]
    # MoveRequest is any game's union; each game's moves are a union of their own.
    games = [u["$ref"].rsplit("/", 1)[-1] for u in schemas["MoveRequest"]["anyOf"]]
    moves = [v["$ref"].rsplit("/", 1)[-1] for g in games for v in schemas[g]["oneOf"]]
    said = [schemas[m]["description"] for m in moves]
    assert any(
        d.startswith("Tales of Danger #1: Days of Discovery: Complete segment.") for d in said
    )
