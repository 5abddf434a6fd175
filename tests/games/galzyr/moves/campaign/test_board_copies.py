"""'Move a card' names the copy it moves (issue 16 item 8): card #170 of the sample world is a
curio with five variants (two copper thimbles); a number held by an adventurer also has copies
in the trays. When the copies the number could mean differ — another variant, or another place —
the rules refuse with a sentence naming each one, and the move says which with ``source`` (where
the copy is) and ``variant``; copies alike in one place are one card to pull."""

from __future__ import annotations

from games.galzyr.campaign.text import possessive
from games.galzyr.moves.campaign.board import copy_choices
from games.galzyr.seat_view.campaign import campaign_trays
from games.galzyr.state import State
from tests.games.galzyr.worlds import game

from .test_board_holdings import campaign, new, numbers, refused, run

MARROWS, ODILES = possessive("Marrow Hollins"), possessive("Odile Brackwater")


def marrow_holds_a_curio() -> tuple[dict, str]:
    """Marrow (player 2) takes #170 at random: the curio the app drew, by name."""
    s, said = run(new(), "campaign-take-card", {"number": 170, "pick": "random", "player": 2})
    (cid,) = campaign(s).places["items:marrow"]
    return s, campaign(s).copies[cid].name


def test_an_ambiguous_number_is_refused_naming_every_copy_and_nothing_moves():
    s, curio = marrow_holds_a_curio()
    said = refused(s, "campaign-move-card", {"number": 170, "to": "vault"})
    assert said.startswith("Card #170 has different copies: ")
    assert said.endswith(". Say which one to move.")
    assert f"card #170 ({curio}) in {MARROWS} inventory" in said
    assert "card #170 (Bell-clapper charm) in the library" in said
    assert numbers(s, "vault").count(170) == 0  # refused: the state is the one given


def test_the_copy_named_by_where_it_is_moves_and_the_sentence_names_it():
    s, curio = marrow_holds_a_curio()
    args = {"number": 170, "to": "library", "source": "items:marrow"}
    after, said = run(s, "campaign-move-card", args)
    assert said == f"Return card #170 ({curio}) from {MARROWS} inventory to the library."
    assert numbers(after, "items:marrow") == []


def test_a_variant_in_the_library_is_named_by_its_place_and_variant():
    s, _curio = marrow_holds_a_curio()
    args = {"number": 170, "to": "vault", "source": "library", "variant": 0}
    after, said = run(s, "campaign-move-card", args)
    assert said == "Move card #170 (Bell-clapper charm) from the library to the vault."
    c = campaign(after)
    assert [c.copies[cid].name for cid in c.places["vault"]] == ["Bell-clapper charm"]


def test_identical_copies_in_two_places_are_asked_about_too():
    s, _said = run(new(), "campaign-take-card", {"number": 150, "player": 1})
    said = refused(s, "campaign-move-card", {"number": 150, "to": "vault"})
    assert said == (
        f"Card #150 is in several places: card #150 in {ODILES} inventory and "
        "2 copies of card #150 in the library. Say which one to move."
    )


def test_copies_alike_in_one_place_are_one_card_to_pull():
    # Three storm lanterns, all in the library: any of them is the card to move.
    after, said = run(new(), "campaign-move-card", {"number": 150, "to": "vault"})
    assert said == "Move card #150 from the library to the vault."
    assert numbers(after, "vault").count(150) == 1


def test_no_copy_to_move_is_refused_with_where_it_is():
    s, _said = run(new(), "campaign-move-card", {"number": 152, "to": "vault"})  # one boathook
    assert refused(s, "campaign-move-card", {"number": 152, "to": "vault"}) == (
        "Card #152 is in the vault."
    )


def test_the_page_offers_each_copy_with_the_moves_arguments():
    s, curio = marrow_holds_a_curio()
    choices = copy_choices(State.model_validate(s), 170, "vault", "sm")
    labels = [x["label"] for x in choices]
    assert f"card #170 ({curio}) in {MARROWS} inventory" in labels
    # five variants in the library (two copper thimbles: one choice while both are there)
    assert len(choices) == (6 if curio == "Copper thimble" else 5)
    for x in choices:  # each choice, sent as the move's arguments, is not ambiguous
        args = {"number": 170, "to": "vault", "source": x["source"], "variant": x["variant"]}
        run(s, "campaign-move-card", args)


def test_the_event_deck_shown_and_drawn_is_the_trays_after_move_a_card():
    """'Move a card' takes an event card out of the event deck: the reader's count and the top
    card drawn follow the trays (one list), not a copy of the deck kept beside them."""
    s = new()
    top, *rest = numbers(s, "event_deck")
    s, _ = run(s, "campaign-move-card", {"number": top, "to": "vault"})
    assert numbers(s, "event_deck") == rest
    assert game.view(s, "sm")["deck"] == len(rest)
    drawn, _ = run(s, "draw-event")
    assert numbers(drawn, "drawn") == [rest[0]] and State.model_validate(drawn).deck == rest[1:]
    s, _ = run(s, "campaign-move-card", {"number": top, "to": "event_deck"})
    assert numbers(s, "event_deck") == [*rest, top]
    assert State.model_validate(s).deck == [*rest, top]


def test_the_trays_say_each_copys_variant_for_move_a_card():
    """An API client picks ``variant`` from the trays' own listing, not the catalog's order."""
    s = new()
    library = next(
        t for t in campaign_trays(State.model_validate(s))["trays"] if t["key"] == "library"
    )
    curios = [card for card in library["cards"] if card["number"] == 170]
    assert sorted({card["variant"] for card in curios}) == [0, 1, 2, 3, 4]
    pick = next(card for card in curios if card["name"] == "Bell-clapper charm")
    after, said = run(
        s, "campaign-move-card", {"number": 170, "to": "vault", "variant": pick["variant"]}
    )
    assert said == "Move card #170 (Bell-clapper charm) from the library to the vault."
