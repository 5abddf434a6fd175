"""The card-data sheet pages: one page per game, one Save for the group, refusals in place."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.core.registry import get_game
from games.models import GameCatalog, GroupCatalog
from games.services import catalogs, tables, turns
from librarians import make_librarian
from tests.games.services.card_sheets.card_sheet_data import FILLED, post_for
from tests.seating import sit

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
SLUGS = list(FILLED)


def sheet_url(slug: str) -> str:
    return reverse("games:card-sheet", args=[slug])


def group_table(slug: str, group: str = "Thursday"):
    return tables.create_table(
        slug, "Tonight", {"players": ["Ada", "Bo", "Cy"]}, group=group, group_key=""
    )


@pytest.mark.parametrize("slug", SLUGS)
def test_anyone_reads_the_sheet_with_every_card(client, slug, django_assert_num_queries):
    with django_assert_num_queries(1):  # the server's card data (no cookie: no tables)
        response = client.get(sheet_url(slug))
    html = response.content.decode()
    assert response.status_code == 200
    # A browser with no group: the sheet asks for the group's name by its Save button.
    assert 'id="sheet-group"' in html and 'id="sheet-save"' in html
    assert html.count('type="number"') > 20
    assert 'inputmode="numeric"' in html


@pytest.mark.parametrize("slug", SLUGS)
def test_the_keeper_saves_the_groups_sheet_in_one_post(slug, django_assert_num_queries):
    table = group_table(slug)
    client = sit(Client(), table, None, keeper=True)
    with django_assert_num_queries(3):  # the browser's claims, the group's data, the server's
        html = client.get(sheet_url(slug)).content.decode()
    assert 'id="sheet-save"' in html and "For the group Thursday" in html
    data = catalogs.validate(get_game(slug), FILLED[slug]())
    post = post_for(slug, data, group=table.group_key)
    # The browser's claims, the group's and the server's data; then the save's transaction
    # (a savepoint under the test's, and its release) around update_or_create: its savepoint,
    # the select, get_or_create's savepoint, the insert, both releases.
    with django_assert_num_queries(11):
        response = client.post(sheet_url(slug), post, **HTMX)
    html = response.content.decode()
    assert response.status_code == 200 and "tk:refused" not in response.get("HX-Trigger", "")
    assert 'id="sheet-saved"' in html and "<html" not in html  # the sheet, swapped in place
    saved = GroupCatalog.objects.get(group_key=table.group_key, game=slug).data
    assert saved == catalogs.saved(get_game(slug), table.group_key)
    assert not GameCatalog.objects.exists()
    # The group's next table starts with it.
    later = tables.create_table(
        slug, "Next week", {"players": ["Ada", "Bo"]}, group="Thursday", group_key=table.group_key
    )
    game = get_game(slug)
    assert game.catalog_from_state_fn(game.load(later.state)) == game.catalog_from_state_fn(
        game.load(game.setup({"players": ["Ada", "Bo"], **saved}, 1))
    )


def test_bad_input_comes_back_as_typed_and_saves_nothing(django_assert_num_queries):
    table = group_table("tales-of-danger")
    client = sit(Client(), table, None, keeper=True)
    post = post_for("tales-of-danger", {}, group=table.group_key)
    post |= {"sponsors-1-evidence": "7", "people-3-plans": "eleven"}
    with django_assert_num_queries(3):  # claims, the group's and the server's data; no write
        response = client.post(sheet_url("tales-of-danger"), post, **HTMX)
    html = response.content.decode()
    assert response.status_code == 200 and response["HX-Trigger"] == "tk:refused"
    assert "People, Minstrel ×8, Plans: “eleven” is not a whole number." in html
    assert 'name="people-3-plans" value="eleven"' in html
    assert 'name="sponsors-1-evidence" value="7"' in html  # the rest as typed too
    assert not GroupCatalog.objects.exists()
    full = client.post(sheet_url("tales-of-danger"), post)  # without htmx: the page, 400
    assert full.status_code == 400 and b"<html" in full.content


def test_every_bad_cell_is_reported_and_marked_beside_its_field():
    """Not only the first: each refused cell is marked (aria-invalid) with its sentence beside
    it, and listed, linked, by the Save button."""
    table = group_table("tales-of-danger")
    client = sit(Client(), table, None, keeper=True)
    post = post_for("tales-of-danger", {}, group=table.group_key)
    bad = {"people-3-plans": "eleven", "people-5-evidence": "12", "sponsors-0-rank": "first"}
    response = client.post(sheet_url("tales-of-danger"), post | bad, **HTMX)
    html = response.content.decode()
    assert response["HX-Trigger"] == "tk:refused"
    assert "3 values don&#x27;t fit: each is marked on the sheet." in html
    for name in bad:
        field = html.split(f'id="{name}"')[1].split(">")[0]
        assert f'aria-invalid="true" aria-describedby="{name}-fault"' in field, name
        assert f'<small class="sheet-fault" id="{name}-fault">' in html
        assert f'<li><a href="#{name}">' in html
    assert html.count('aria-invalid="true"') == 3
    assert not GroupCatalog.objects.exists()


def test_a_refusal_about_some_cards_marks_their_fields_and_keeps_the_sheet_as_typed():
    """Two sponsors with one rank, a new card on the sheet twice: not one sentence for the
    whole sheet, but each field it is about marked, its sentence beside it and linked."""
    for slug, bad, names in [
        (
            "tales-of-danger",
            {"sponsors-1-rank": "3", "sponsors-5-rank": "3", "people-3-plans": "4"},
            ["sponsors-1-rank", "sponsors-5-rank"],
        ),
        ("dark-tales", {"cards-12-name": "Witch", "cards-12-vp": "4"}, ["cards-12-name"]),
    ]:
        table = group_table(slug)
        client = sit(Client(), table, None, keeper=True)
        post = post_for(slug, {}, group=table.group_key) | bad
        html = client.post(sheet_url(slug), post, **HTMX).content.decode()
        for name in names:
            field = html.split(f'id="{name}"')[1].split(">")[0]
            assert f'aria-invalid="true" aria-describedby="{name}-fault"' in field, name
            assert f'<small class="sheet-fault" id="{name}-fault">' in html
            assert f'<li><a href="#{name}">' in html
        assert html.count('aria-invalid="true"') == len(names)
        for name, value in bad.items():
            assert f'name="{name}" value="{value}"' in html  # as typed
        assert not GroupCatalog.objects.exists()


def test_a_player_who_keeps_no_table_of_the_group_cannot_save_it():
    table = group_table("tavern-tales")
    player = sit(Client(), table, "p1")
    post = post_for("tavern-tales", FILLED["tavern-tales"](), group=table.group_key)
    response = player.post(sheet_url("tavern-tales"), post, **HTMX)
    assert response["HX-Trigger"] == "tk:refused"
    # The group is not theirs to pick: the sheet asks for a group of their own.
    assert "Enter your group&#x27;s name to save its card data." in response.content.decode()
    assert not GroupCatalog.objects.exists() and not GameCatalog.objects.exists()


def test_a_librarian_saves_the_servers_sheet(client):
    client.force_login(make_librarian("ada", password="x-long-pass-9")[0])
    post = post_for("dark-tales", FILLED["dark-tales"](), group="")
    response = client.post(sheet_url("dark-tales"), post)
    assert response.status_code == 200 and b"every new table of Dark Tales" in response.content
    assert len(GameCatalog.objects.get(game="dark-tales").data["cards"]) == 14


def test_a_table_opens_its_groups_sheet_and_keeps_its_entries(django_assert_num_queries):
    table = group_table("tales-of-danger")
    keeper = sit(Client(), table, None, keeper=True)
    response = keeper.get(reverse("games:table-card-sheet", args=[table.code]))
    assert response.status_code == 302
    assert f"group={table.group_key}" in response["Location"]
    assert f"table={table.code}" in response["Location"]
    stranger = Client().get(reverse("games:table-card-sheet", args=[table.code]))
    assert table.group_key not in stranger["Location"]  # the key opens the group's results
    page = keeper.get(response["Location"]).content.decode()
    assert "Back to the table" in page
    keeper.post(reverse("games:table-card-sheet", args=[table.code]))
    assert GroupCatalog.objects.filter(group_key=table.group_key).exists()


def test_the_home_page_and_new_table_form_link_the_sheets(client):
    home = client.get("/").content.decode()
    for slug in SLUGS:
        assert f'href="{sheet_url(slug)}"' in home
    assert (
        'id="card-sheet-link"'
        in client.get(reverse("games:new", args=["dark-tales"])).content.decode()
    )
    assert (
        'id="card-sheet-link"'
        not in client.get(reverse("games:new", args=["tally"])).content.decode()
    )


def test_a_dark_tales_question_keeps_the_card_and_the_typed_vp():
    table = tables.create_table(
        "dark-tales",
        "Friday",
        {"players": ["Mara", "Bo"], "setting_a": "A1", "setting_b": "B1", "first_player": "Mara"},
    )
    client = sit(Client(), table, "p1")

    def play(data):
        table.refresh_from_db()
        url = reverse("games:move", args=[table.code, "play-card"])
        return client.post(url, {"version": table.version, **data}, **HTMX).content.decode()

    client.post(
        reverse("games:move", args=[table.code, "draw"]), {"version": table.version}, **HTMX
    )
    # The Princess's facts are not printed in the rulebook: the app asks for all it still
    # lacks at once (where it goes was typed), keeping what was typed.
    html = play({"card": "Princess", "goes": "front", "bonus_vp": "1"})
    assert (
        "The app does not know these of the Princess yet: its VP, its type and its copies (the "
        "number after the set letter)." in html
    )
    assert "(13 still to enter there)" in html
    assert "<option selected>Princess</option>" in html
    assert '<option value="front" selected>' in html
    assert 'name="bonus_vp" min="0" max="99" inputmode="numeric" value="1"' in html
    answers = {"vp": "2", "goes": "front", "card_type": "female", "count": "2"}
    html = play({"card": "Princess", "bonus_vp": "1", **answers})
    assert "Mara played the Princess, 1 VP from its text, and scored 3 VP" in html
    # Bo's Princess asks nothing, and the count of cards still to enter went down.
    bo = sit(Client(), table, "p2")
    table.refresh_from_db()
    bo.post(reverse("games:move", args=[table.code, "draw"]), {"version": table.version}, **HTMX)
    table.refresh_from_db()
    url = reverse("games:move", args=[table.code, "play-card"])
    html = bo.post(url, {"version": table.version, "card": "Ogre"}, **HTMX).content.decode()
    assert "(12 still to enter there)" in html
    html = bo.post(url, {"version": table.version, "card": "Princess"}, **HTMX).content.decode()
    assert "Bo played the Princess and scored 2 VP" in html


def test_from_a_refusal_the_sheet_enters_the_cards_at_the_table(django_assert_num_queries):
    table = tables.create_table(
        "dark-tales",
        "Tonight",
        {"players": ["Ada", "Bo"], "setting_a": "A1", "setting_b": "B1", "first_player": "Ada"},
        group="Thursday",
    )
    client = sit(Client(), table, "p1", keeper=True)

    def move(name, data):
        table.refresh_from_db()
        url = reverse("games:move", args=[table.code, name])
        return client.post(url, {"version": table.version, **data}, **HTMX).content.decode()

    move("draw", {})
    refused = move("play-card", {"card": "Princess"})
    flash = refused.split('role="alert">', 1)[1].split("</p>", 1)[0]
    assert "The app does not know these of the Princess yet" in flash
    link = reverse("games:table-card-sheet", args=[table.code])
    assert f'href="{link}"' in flash  # the refusal links the sheet
    url = client.get(link)["Location"]
    # This browser's claims, then its claim here with the table (the sheet shows the table's
    # own card data: no catalog query).
    with django_assert_num_queries(2):
        page = client.get(url).content.decode()
    table.refresh_from_db()
    assert 'id="sheet-table"' in page and f'name="version" value="{table.version}"' in page
    post = post_for("dark-tales", FILLED["dark-tales"](), group=table.group_key, table=table.code)
    post["version"] = str(table.version)
    html = client.post(sheet_url("dark-tales"), post, **HTMX).content.decode()
    assert "Entered at the table" in html and "Saved for Thursday" in html
    table.refresh_from_db()
    assert table.moves.first().name == "enter-card-sheet"
    # The move it refused now goes through without a question.
    played = move("play-card", {"card": "Princess"})
    assert "Ada played the Princess" in played and 'role="alert"' not in played


def test_a_player_seat_enters_the_sheet_at_its_table_without_saving_the_groups():
    table = group_table("dark-tales")
    player = sit(Client(), table, "p1")
    data = FILLED["dark-tales"]()
    post = post_for("dark-tales", data, group="", table=table.code)
    post["version"] = str(table.version)
    html = player.post(sheet_url("dark-tales"), post, **HTMX).content.decode()
    assert "Entered at the table" in html and "Saved for" not in html
    table.refresh_from_db()
    assert get_game("dark-tales").load(table.state).catalog().known_total() == 48
    assert not GroupCatalog.objects.exists() and not GameCatalog.objects.exists()


def test_the_tales_of_danger_card_data_section_stays_open_after_a_save():
    table = group_table("tales-of-danger")
    client = sit(Client(), table, "table")
    url = reverse("games:move", args=[table.code, "set-person-card"])
    html = client.post(
        url, {"version": table.version, "person": "nun", "crew": "1"}, **HTMX
    ).content.decode()
    assert 'id="tod-cards" open' in html and 'class="grid2" id="tod-card-forms"' in html
    table.refresh_from_db()
    url = reverse("games:move", args=[table.code, "end-turn"])
    html = client.post(url, {"version": table.version}, **HTMX).content.decode()
    assert 'id="tod-cards" open' not in html


def test_a_tavern_tales_track_question_links_the_sheet():
    copies = {"feats": [{"name": "Dragon Egg", "count": 3}, {"name": "Gold", "count": 9}]}
    options = {"players": ["Mara", "Bo", "Cy"], "first_player": 0, "catalog": copies}
    table = tables.create_table("tavern-tales", "T", options, group="G")
    feats = [{"feat": "Dragon Egg"}, {"feat": "Gold"}, {"feat": "Gold"}]
    for name, args, seat in [
        ("show-feats", {"depth": "Mineshaft", "feats": feats}, "table"),
        ("stake-claim", {"depth": "Mineshaft", "slots": [0, 1], "hero": "Dwarf"}, "p1"),
        ("pass-claim", {}, "p2"),  # each player's decision is their own seat's
        ("pass-claim", {}, "p3"),
    ]:
        table.refresh_from_db()
        turns.apply_move(table.code, name, args, expected_version=table.version, seat=seat)
    client = sit(Client(), table, "p1")
    link = f'href="{reverse("games:table-card-sheet", args=[table.code])}"'
    page = client.get(reverse("games:table", args=[table.code])).content.decode()
    question = page.split("Enter the scoring track of Dragon Egg", 1)[1].split("</p>", 1)[0]
    assert link in question
    table.refresh_from_db()
    url = reverse("games:move", args=[table.code, "collect"])
    refused = client.post(url, {"version": table.version}, **HTMX).content.decode()
    flash = refused.split('role="alert">', 1)[1].split("</p>", 1)[0]
    assert "Enter the scoring track" in flash and link in flash
