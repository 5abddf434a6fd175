"""A refused new-table form comes back as the group filled it, for every game: the players'
names in their seats, the table's name and group, and the game's own options; it shows why
it was refused, and creates nothing.

Each test reads the returned form the way a browser would send it again, and compares that
with what was sent.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from games.core.registry import all_games
from games.galzyr.shelf import forget_books
from games.models import Table
from games.services import tables
from games.web.home import player_slots
from tests.games.services.test_tables_loaded_state import sample_cases

pytestmark = pytest.mark.django_db


class _Resubmission(HTMLParser):
    """What a browser would send for the page's POST form, left as it is."""

    def __init__(self) -> None:
        super().__init__()
        self.fields: dict[str, list[str]] = {}
        self.in_form = False
        self.select: str | None = None
        self.options: list[tuple[str, bool]] = []
        self.option: dict | None = None

    def add(self, name: str, value: str) -> None:
        self.fields.setdefault(name, []).append(value)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form" and a.get("method") == "post":
            self.in_form = True
        if not self.in_form:
            return
        if tag == "input" and a.get("name") and a.get("type") != "hidden":
            kind = a.get("type", "text")
            if kind not in ("checkbox", "radio") or "checked" in a:
                self.add(a["name"], a.get("value") or ("on" if kind == "checkbox" else ""))
        elif tag == "select":
            self.select, self.options = a["name"], []
        elif tag == "option" and self.select:
            self.option = {"value": a.get("value"), "selected": "selected" in a, "text": ""}

    def handle_data(self, data):
        if self.option is not None:
            self.option["text"] += data

    def handle_endtag(self, tag):
        if tag == "form":
            self.in_form = False
        elif tag == "option" and self.option is not None:
            o = self.option
            value = o["value"] if o["value"] is not None else o["text"].strip()
            self.options.append((value, o["selected"]))
            self.option = None
        elif tag == "select" and self.select:
            chosen = [v for v, selected in self.options if selected]
            self.add(self.select, chosen[-1] if chosen else self.options[0][0])  # the first
            self.select = None


def resubmitted(html: str) -> dict[str, list[str]]:
    parser = _Resubmission()
    parser.feed(html)
    return parser.fields


def as_sent(data: dict) -> dict[str, list[str]]:
    return {k: v if isinstance(v, list) else [v] for k, v in data.items()}


def post(client, slug: str, data: dict, **headers):
    return client.post(reverse("games:new", args=[slug]), data, **headers)


def refused(client, slug: str, data: dict, says: str, **headers) -> str:
    return came_back(post(client, slug, data, **headers), data, says)


def came_back(response, data: dict, says: str) -> str:
    html = response.content.decode()
    assert response.status_code == 200, response.status_code
    assert says in html and 'role="alert"' in html
    assert not Table.objects.exists()
    assert resubmitted(html) == as_sent(data)
    return html


def seats(*names: str, game: str = "tally") -> list[str]:
    """The form's player inputs: ``names``, then blanks up to the game's most (tally: 4)."""
    return [*names] + [""] * (player_slots(all_games()[game]) - len(names))


# -- every registered game ------------------------------------------------------------------


def check_the_form_starts_a_table(client, slug: str, options: dict) -> None:
    """The game's form (its ``options_template`` among the fields) starts a table of each of
    its sample options: the players' names in their seats, the rest as the form's JSON."""
    page = client.get(reverse("games:new", args=[slug]))
    assert page.status_code == 200
    rest = {key: value for key, value in options.items() if key != "players"}
    data = {"name": "From the form", "player": seats(*options.get("players", []), game=slug)}
    response = post(client, slug, {**data, "options_json": json.dumps(rest)})
    assert response.status_code == 302, response.content.decode()[:500]
    table = Table.objects.filter(name="From the form").latest("pk")
    assert table.game == slug
    labels = " ".join(seat.label for seat in tables.game_of(table).seats(table.state))
    assert all(name in labels for name in options.get("players", [])), labels


@pytest.mark.parametrize(("slug", "options"), sample_cases())
def test_every_game_starts_a_table_from_its_form(client, world, slug, options):
    check_the_form_starts_a_table(client, slug, options)


# -- the platform (the test game) ------------------------------------------------------------


def test_a_fresh_form_sends_blank_seats(client):
    html = client.get(reverse("games:new", args=["tally"])).content.decode()
    assert resubmitted(html) == {"name": [""], "group": [""], "player": seats()}


def test_the_form_offers_as_many_players_as_the_game_seats(client):
    """Tavern Tales seats five at most: five name inputs, not the six of a game with no limit."""
    html = client.get(reverse("games:new", args=["tavern-tales"])).content.decode()
    assert html.count('name="player"') == 5


def test_a_refused_form_keeps_the_names_in_their_seats(client, django_assert_num_queries):
    data = {"name": "x" * 81, "group": "Fridays", "player": seats("Cy", "", "Di", "Ezra")}
    with django_assert_num_queries(0):  # refused before the database
        response = post(client, "tally", data)
    came_back(response, data, "at most 80 characters")


def test_a_refused_form_keeps_the_names_however_it_was_posted(client):
    """The form is a plain POST, not an HTMX one: the page is the same either way."""
    data = {"name": "Friday", "group": "g" * 61, "player": seats("Ada", "Bo")}
    refused(client, "tally", data, "at most 60 characters", HTTP_HX_REQUEST="true")


def test_too_many_players_are_refused_and_kept(client):
    data = {"name": "Friday", "group": "", "player": seats("A", "B", "C", "D", "E")}
    refused(client, "tally", data, "at most 4 items")


@pytest.mark.parametrize(
    ("extra", "says"),
    [
        ({"options_json": "{"}, "The options field is not valid JSON"),
        ({"opt_a": "1", "opt_a.b": "2"}, "The game options contradict each other."),
    ],
)
def test_unreadable_options_are_a_message_not_an_error_page(client, extra, says):
    data = {"name": "Friday", "group": "", "player": seats("Ada", "Bo")}
    response = client.post(reverse("games:new", args=["tally"]), {**data, **extra})
    html = response.content.decode()
    assert response.status_code == 200 and says in html and not Table.objects.exists()
    assert resubmitted(html) == as_sent(data)


# -- each game's options ---------------------------------------------------------------------


def test_dark_tales(client):
    data = {
        "name": "x" * 81,  # refused
        "group": "Fridays",
        "player": seats("Mara", "Bo", "Cy", game="dark-tales"),
        "opt_setting_a": "A3",
        "opt_setting_b": "B2",
        "opt_first_player": "Bo",  # one of the names typed, chosen from the list
    }
    html = refused(client, "dark-tales", data, "at most 80 characters")
    assert 'value="A3" selected' in html and 'value="B2" selected' in html


def test_dark_tales_first_player_is_one_of_the_names_typed(client):
    """ "Who takes the first turn?" offers the names typed in the player fields, as Tales of
    Danger's does, and sends the name (the option's value, which static/js/player-names.js
    keeps to the typing); a field left empty offers no one. A name no player has, posted by
    hand, is refused with the names to choose from."""
    data = {
        "name": "Tale night",
        "group": "",
        "player": seats("Mara", "Bo", "Cy", game="dark-tales"),
        "opt_first_player": "Zed",
    }
    html = post(client, "dark-tales", data).content.decode()
    said = "The first player must be Mara, Bo or Cy, not “Zed” (or left out: drawn at random)."
    assert said in html
    first = html.split("Who takes the first turn?")[1].split("</select>")[0]
    offered = re.findall(r'<option value="([^"]*)" data-player-label="(\d)"([^>]*)>', first)
    assert [(value, i) for value, i, rest in offered if "hidden" not in rest] == [
        ("Mara", "0"),
        ("Bo", "1"),
        ("Cy", "2"),
    ]
    assert [i for value, i, rest in offered if "hidden disabled" in rest] == ["3", "4", "5"]
    assert not Table.objects.exists()
    # spacing and case aside, a typed name is the player's
    assert post(client, "dark-tales", {**data, "opt_first_player": " bo "}).status_code == 302
    assert Table.objects.get().state["active"] == 1


@pytest.mark.parametrize("slug", ["dark-tales", "tales-of-danger"])
def test_an_empty_player_list_keeps_the_options(client, slug):
    data = {"name": "Tonight", "group": "", "player": seats(game=slug), "opt_first_player": "2"}
    if slug == "dark-tales":
        # its first player is one of the names typed: with none typed, none is offered
        data |= {"opt_setting_a": "A1", "opt_setting_b": "B3", "opt_first_player": ""}
    refused(client, slug, data, "players: field required")


def test_tales_of_danger(client):
    data = {
        "name": "Voyage",
        "group": "",
        "player": seats("Ada", "Bo", game="tales-of-danger"),
        "opt_first_player": "5",
    }
    html = refused(client, "tales-of-danger", data, "There is no player 5 among 2.")
    assert 'value="5" selected' in html


def test_tavern_tales(client):
    data = {
        "name": "Friday",
        "group": "Tavern",
        "player": seats("Mara", "Bo", "Cy", game="tavern-tales"),
        "opt_modules.rooms": "on",
        "opt_modules.specialty_drinks": "on",
        "opt_epic_duel": "on",  # refused: for 2 players
        "opt_first_player": "0",
        "opt_room_depths": ["Mineshaft", "Caverns", "Inferno"],
        "opt_drinks": ["-", "Magician's Mead", "Slime'n'Lime", "-", "-"],
    }
    html = refused(client, "tavern-tales", data, "The Epic Duel is for 2 players")
    assert html.count("<details open>") == 2  # the rooms and the drinks chosen are in sight


def test_tavern_tales_with_nothing_ticked_draws_the_first_player(client):
    data = {
        "name": "",
        "group": "",
        "player": seats("Mara", game="tavern-tales"),
        "opt_first_player": "",
        "opt_drinks": ["-"] * 5,
    }
    html = refused(client, "tavern-tales", data, "at least 2 items")
    assert '<input type="radio" name="opt_first_player" value="" checked>' in html
    assert "<details open>" not in html


@pytest.fixture
def world():
    forget_books()
    call_command("load_world", "fixtures/worlds/sallowmere-marches", stdout=StringIO())
    call_command("load_world", "fixtures/worlds/_minimal", "--slug", "minimal", stdout=StringIO())


def galzyr_form(**fields) -> dict:
    return {
        "name": "Friday",
        "group": "Marches",
        "player": seats("Mara", "Bo", game="galzyr"),
        "opt_world": "sallowmere-marches",
        "opt_challenge": "true",
        "opt_mode": "campaign",
        # Without JavaScript every world's adventurers are offered: Pell is the other world's.
        "opt_adventurers": ["pell", "wren", "-", "-", "-", "-"],
        "opt_play": "competitive",
        **fields,
    }


def test_galzyr_campaign_with_another_worlds_adventurer(client, world, django_assert_num_queries):
    data = galzyr_form()
    # the group's card data (its own box's named cards, 2), the book, to refuse (3); the form
    # (as on a GET, 1)
    with django_assert_num_queries(6):
        response = post(client, "galzyr", data)
    came_back(response, data, "This world has no adventurer “pell”.")


def test_galzyr_campaign_with_an_unknown_adventurer_keeps_the_rest(client, world):
    data = galzyr_form(opt_adventurers=["bumir", "wren", "-", "-", "-", "-"])
    html = post(client, "galzyr", data).content.decode()
    assert "no adventurer “bumir”" in html and not Table.objects.exists()
    # not an adventurer the form offers: that row is back on "the next in the book's order"
    assert resubmitted(html) == as_sent({**data, "opt_adventurers": ["-", "wren", *["-"] * 4]})


def test_galzyr_book_only(client, world):
    data = galzyr_form(name="n" * 81, opt_adventurers=["-"] * 6, opt_play="cooperative")
    del data["opt_mode"], data["opt_challenge"]
    refused(client, "galzyr", data, "at most 80 characters")
