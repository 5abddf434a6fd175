"""The shared display plays a seat no device holds (games/services/access.py ``act_for``): allowed for
the display's own credential and an unheld seat only; the move runs as that seat, its roles
checked against it; pages show that seat's private parts only after the hand-over.
"""

import time
from unittest import mock

import pytest
from django.test import Client
from django.urls import reverse

from games.core.engine import RuleError
from games.core.registry import all_games
from games.models import Claim
from games.services import access, tables, turns
from games.services.access import AccessDenied, Credential, SeatHeld
from games.web import credentials
from tests.games.services.test_tables_loaded_state import (  # noqa: F401 (world: a fixture)
    sample_cases,
    world,
)
from tests.seating import claim, cookie_value, sit

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def table():
    return tables.create_table("tally", "Friday", {"players": ["Ada", "Bo"]})


def held_by(table, secret):
    return access.claim_access(table.code, secret)


# -- access: who may play for whom -----------------------------------------------------------


def test_the_shared_display_may_play_a_seat_no_device_holds(table):
    display = held_by(table, claim(table, "table"))
    playing = access.act_for(table, display, "p2")
    assert (playing.seat, playing.via, playing.claim_id) == ("p2", "table", display.claim_id)
    assert playing.view_seat == "p2" and playing.require_seat() == "p2"
    assert playing.own == display  # what the device holds itself


def test_a_seat_a_device_holds_is_never_played_on_the_display(table):
    display = held_by(table, claim(table, "table"))
    claim(table, "p2")
    with pytest.raises(SeatHeld, match="A device holds “Bo”"):
        access.act_for(table, display, "p2")


def test_only_the_shared_display_plays_for_another_seat(table):
    phone = held_by(table, claim(table, "p1"))
    keeper = held_by(table, claim(table, None, keeper=True))
    for who in (phone, keeper, access.ANONYMOUS):
        with pytest.raises(AccessDenied):
            access.act_for(table, who, "p2")
    # A seat the device holds is its own: nothing changes.
    assert access.act_for(table, phone, "p1") == phone


def test_the_display_plays_no_seat_the_table_lacks(table):
    display = held_by(table, claim(table, "table"))
    for seat in ("p9", "table", "sm"):
        if seat == "table":
            assert access.act_for(table, display, seat) == display
            continue
        with pytest.raises(RuleError, match="There is no seat"):
            access.act_for(table, display, seat)


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize(
    "slug, options",
    sorted(sample_cases(), key=lambda case: case[0]),
    ids=lambda value: value if isinstance(value, str) else "-".join(map(str, value.values())),
)
def test_every_game_can_be_played_for_an_unheld_seat(slug, options):
    """In every game and mode (Galzyr's reader and campaign), each seat no device holds can be
    played from the display, as that seat: its view, its moves (the engine's roles for it)."""
    table = tables.create_table(slug, "One tablet", options)
    game = all_games()[slug]
    display = held_by(table, claim(table, "table"))
    state = game.load(table.state)
    for seat in game.seats_fn(state):
        if seat.kind == "table":
            continue
        playing = access.act_for(table, display, seat.id)
        assert playing.seat == seat.id and playing.via == "table"
        assert game.may(state, playing.seat) == game.may(state, seat.id)
        assert game.view_fn(state, playing.view_seat) == game.view_fn(state, seat.id)


# -- services: the move runs as the seat played --------------------------------------------


def test_a_move_as_an_unheld_seat_runs_as_that_seat(table):
    secret = claim(table, "table")
    written = turns.apply_move(
        table.code, "add", {"points": 3}, expected_version=1, seat=Credential(secret, "p1")
    )
    assert written.move.seat == "p1" and written.move.sentence == "Ada added 3."
    assert written.held.seat == "p1" and written.held.via == "table"


@pytest.mark.parametrize(
    "holder, as_seat, refusal",
    [
        ("table", "p2", SeatHeld),  # Bo's phone holds p2
        ("p1", "p2", AccessDenied),  # a phone plays only its own seat
        (None, "p1", AccessDenied),  # a stranger holds nothing
    ],
)
def test_a_move_as_another_seat_is_refused_without_a_change(table, holder, as_seat, refusal):
    claim(table, "p2")
    secret = claim(table, holder) if holder else "not-a-credential"
    with pytest.raises(refusal):
        turns.apply_move(
            table.code, "add", {"points": 3}, expected_version=1, seat=Credential(secret, as_seat)
        )
    table.refresh_from_db()
    assert table.version == 1 and table.moves.count() == 0


# -- pages: nothing private before the hand-over ---------------------------------------------


def page_view(client, table, **headers):
    response = client.get(reverse("games:table", args=[table.code]), headers=headers)
    assert response.status_code == 200
    return response


def test_the_display_offers_the_hand_over_for_unheld_seats_only(client, table):
    sit(client, table, "table")
    claim(table, "p2")  # Bo has a phone
    html = page_view(client, table).content.decode()
    hand_over = reverse("games:hand-over", args=[table.code, "p1"])
    assert f'href="{hand_over}"' in html and "Hand the tablet to Ada" in html
    assert "Hand the tablet to Bo" not in html
    # A phone is offered no hand-over.
    html = page_view(sit(Client(), table, "p1"), table).content.decode()
    assert "Hand the tablet to" not in html


def test_private_parts_show_only_after_the_hand_over(client, table):
    game = all_games()["tally"]
    sit(client, table, "table")
    secret_of_ada = f"(secret {game.load(table.state).secrets[0]})"
    before = page_view(client, table)
    assert before.context["view"] == game.view(table.state, "table")
    assert secret_of_ada not in before.content.decode()
    # The hand-over screen itself shows nothing of Ada's.
    url = reverse("games:hand-over", args=[table.code, "p1"])
    screen = client.get(url)
    assert screen.status_code == 200 and "view" not in screen.context
    assert "Hand the tablet to Ada" in screen.content.decode()
    assert secret_of_ada not in screen.content.decode()
    # Ada's deliberate tap.
    response = client.post(url)
    assert response.status_code == 302 and response["Location"] == reverse(
        "games:table", args=[table.code]
    )
    after = page_view(client, table, **{"HX-Request": "true"})
    assert after.context["view"] == game.view(table.state, "p1")
    assert after.context["seat"].id == "p1"
    assert secret_of_ada in after.content.decode() and "Done, hide again" in after.content.decode()
    # The poll (over htmx) keeps showing Ada's part while she plays.
    poll = client.get(reverse("games:poll", args=[table.code]) + "?v=0", **HTMX)
    assert poll.context["view"] == game.view(table.state, "p1")
    # Done: hidden again.
    response = client.post(reverse("games:hide-again", args=[table.code]))
    assert response.status_code == 302
    again = page_view(client, table)
    assert again.context["view"] == game.view(table.state, "table")
    assert secret_of_ada not in again.content.decode()


def test_a_move_after_the_hand_over_is_made_as_that_seat_over_htmx(client, table):
    sit(client, table, "table")
    client.post(reverse("games:hand-over", args=[table.code, "p1"]))
    response = client.post(
        reverse("games:move", args=[table.code, "add"]), {"version": 1, "points": 2}, **HTMX
    )
    assert response.status_code == 200 and "HX-Trigger" not in response
    assert response.context["view"] == all_games()["tally"].view(
        access.find_table(table.code).state, "p1"
    )
    assert table.moves.get().seat == "p1"


def test_a_phone_taking_the_seat_hides_it_on_the_display(client, table):
    game = all_games()["tally"]
    sit(client, table, "table")
    client.post(reverse("games:hand-over", args=[table.code, "p1"]))
    claim(table, "p1")  # Ada's phone joins while the display shows her part
    assert page_view(client, table).context["view"] == game.view(table.state, "table")
    response = client.post(
        reverse("games:move", args=[table.code, "add"]), {"version": 1, "points": 2}, **HTMX
    )
    assert response["HX-Trigger"] == "tk:refused"
    assert "A device holds “Ada”" in response.content.decode()
    assert response.context["view"] == game.view(table.state, "table")
    table.refresh_from_db()
    assert table.version == 1
    # The hand-over itself is refused too, with the reason.
    response = client.post(reverse("games:hand-over", args=[table.code, "p1"]))
    assert response.status_code == 403 and "A device holds “Ada”" in response.content.decode()


def test_the_hand_over_is_refused_to_anyone_but_the_display(table):
    url = reverse("games:hand-over", args=[table.code, "p2"])
    phone = sit(Client(), table, "p1")
    response = phone.post(url)
    assert response.status_code == 403
    assert "Only the shared display plays for a seat" in response.content.decode()
    # Even with the display's hand-over cookie copied: it is bound to the display's credential.
    display = sit(Client(), table, "table")
    display.post(url)
    phone.cookies[credentials.hand_over_cookie(table.code)] = display.cookies[
        credentials.hand_over_cookie(table.code)
    ].value
    game = all_games()["tally"]
    assert page_view(phone, table).context["view"] == game.view(table.state, "p1")
    # A stranger is sent to the seat page.
    response = Client().post(url)
    assert response.status_code == 302 and response["Location"].endswith("/seat/")


def test_a_forged_hand_over_opens_nothing(client, table):
    sit(client, table, "table")
    client.cookies[credentials.hand_over_cookie(table.code)] = "p1:forged"
    game = all_games()["tally"]
    assert page_view(client, table).context["view"] == game.view(table.state, "table")


def test_taking_another_seat_ends_the_hand_over(client, table):
    secret = claim(table, "table", keeper=True)
    client.cookies[credentials.cookie_name(table.code)] = cookie_value(table.code, secret)
    client.post(reverse("games:hand-over", args=[table.code, "p1"]))
    response = client.post(reverse("games:seat", args=[table.code]), {"seat": "p2"})
    assert response.status_code == 302
    assert client.cookies[credentials.hand_over_cookie(table.code)].value == ""
    assert Claim.objects.get(token_hash=access.digest(secret)).seat == "p2"


def test_pages_read_the_held_seats_with_the_table(client, table, django_assert_num_queries):
    sit(client, table, "table")
    claim(table, "p2")  # Bo's phone
    url = reverse("games:table", args=[table.code])
    # The claim joined with its table and the seats devices hold, the recent log.
    with django_assert_num_queries(2):
        html = client.get(url).content.decode()
    assert "Hand the tablet to Ada" in html and "Hand the tablet to Bo" not in html
    client.post(reverse("games:hand-over", args=[table.code, "p1"]))
    # One more: the check that the display may still play Ada's seat asks again (act_for).
    with django_assert_num_queries(3):
        client.get(url, **HTMX)


def test_the_displays_move_answer_asks_nothing_after_its_write(
    client, table, django_assert_num_queries
):
    """The held seats come with the locked row: the answer reads only the recent log, and
    still offers exactly the seats no device holds the moment the move is made."""
    sit(client, table, "table")
    claim(table, "p2")  # Bo's phone, a moment before the move
    url = reverse("games:move", args=[table.code, "add"])
    # savepoint, the locked row (the claim and the held seats with it), update it, insert
    # the move, release, the recent log (the savepoint pair: a test transaction's)
    with django_assert_num_queries(6):
        response = client.post(url, {"version": 1, "points": 2}, **HTMX)
    html = response.content.decode()
    assert response.status_code == 200 and "HX-Trigger" not in response
    assert "Hand the tablet to Ada" in html and "Hand the tablet to Bo" not in html
    Claim.objects.filter(table=table, seat="p2").delete()  # Bo's phone leaves the seat
    claim(table, "p1")  # Ada's phone takes hers
    html = client.post(url, {"version": 2, "points": 2}, **HTMX).content.decode()
    assert "Hand the tablet to Bo" in html and "Hand the tablet to Ada" not in html
    Claim.objects.filter(table=table, seat="p1").delete()  # no phone at all: both offered
    html = client.post(url, {"version": 3, "points": 2}, **HTMX).content.decode()
    assert "Hand the tablet to Ada" in html and "Hand the tablet to Bo" in html


def test_a_hand_over_nobody_ends_hides_itself_after_half_an_hour(client, table):
    game = all_games()["tally"]
    sit(client, table, "table")
    client.post(reverse("games:hand-over", args=[table.code, "p1"]))
    assert page_view(client, table).context["view"] == game.view(table.state, "p1")
    later = time.time() + credentials.HAND_OVER_MAX_AGE + 1
    with mock.patch("django.core.signing.time.time", return_value=later):
        assert page_view(client, table).context["view"] == game.view(table.state, "table")
        # An idle page learns it from its poll, with nothing moved.
        poll = reverse("games:poll", args=[table.code]) + f"?v={table.version}&s={table.seating}"
        response = client.get(poll, **HTMX)
        assert response.status_code == 200
        assert response.context["view"] == game.view(table.state, "table")


@pytest.mark.usefixtures("world")
def test_a_group_with_one_tablet_hands_it_to_the_story_master_for_a_secret(client):
    """Lands of Galzyr with no story master's device: the display answers a secret question
    only as the story master, after the hand-over; before it, the question is not on it."""
    table = tables.create_table("galzyr", "One tablet", all_games()["galzyr"].sample_options[0])
    for name, args in (("pick-month", {"month": "march"}), ("open-scene", {"number": 1004})):
        table, _ = turns.apply_move(
            table.code, name, args, expected_version=table.version, seat="sm"
        )
    secret_question = "Is Quillon the clerk here in the hall?"
    sit(client, table, "table")
    assert secret_question not in page_view(client, table).content.decode()
    answer = {"question": "clerk", "yes": "true", "version": table.version}
    url = reverse("games:move", args=[table.code, "answer-secret"])
    response = client.post(url, answer, **HTMX)
    assert "“Answer in secret” is for the story master" in response.content.decode()
    client.post(reverse("games:hand-over", args=[table.code, "sm"]))
    html = page_view(client, table).content.decode()
    assert secret_question in html and "Done, hide again" in html
    response = client.post(url, answer, **HTMX)
    assert "HX-Trigger" not in response
    table.refresh_from_db()
    assert table.moves.first().seat == "sm" and table.moves.first().name == "answer-secret"
    client.post(reverse("games:hide-again", args=[table.code]))
    assert secret_question not in page_view(client, table).content.decode()


def test_the_poll_hides_a_seat_a_device_took_with_nothing_moved(client, table):
    """A device taking the handed seat (here without the seating service, which would also
    announce it) moves no mark: the display's poll still draws its page again."""
    game = all_games()["tally"]
    sit(client, table, "table")
    client.post(reverse("games:hand-over", args=[table.code, "p1"]))
    poll = reverse("games:poll", args=[table.code]) + f"?v={table.version}&s={table.seating}"
    assert client.get(poll, **HTMX).status_code == 204  # still Ada's: nothing to draw
    claim(table, "p1")  # Ada's phone joins
    response = client.get(poll, **HTMX)
    assert response.status_code == 200
    assert response.context["view"] == game.view(table.state, "table")
    assert client.cookies[credentials.hand_over_cookie(table.code)].value == ""  # forgotten
    assert client.get(poll, **HTMX).status_code == 204


def test_the_poll_costs_nothing_more_without_a_hand_over(client, table, django_assert_num_queries):
    sit(client, table, "table")
    poll = reverse("games:poll", args=[table.code]) + f"?v={table.version}&s={table.seating}"
    with django_assert_num_queries(1):  # the version
        assert client.get(poll, **HTMX).status_code == 204
    client.post(reverse("games:hand-over", args=[table.code, "p1"]))
    with django_assert_num_queries(2):  # the version, whether a device took Ada's seat
        assert client.get(poll, **HTMX).status_code == 204


def test_the_hand_over_screen_costs_two_queries(client, table, django_assert_num_queries):
    sit(client, table, "table")
    url = reverse("games:hand-over", args=[table.code, "p1"])
    with django_assert_num_queries(2):  # the claim joined with its table, the held seats
        response = client.get(url, **HTMX)
    assert response.status_code == 200 and "I am Ada: show my part" in response.content.decode()
