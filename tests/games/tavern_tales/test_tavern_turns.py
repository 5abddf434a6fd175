"""Setup, turns, hand limits and 3-5 player claims, played through the game object as the
platform does (JSON state in, JSON state and a sentence out)."""

from __future__ import annotations

import json

import pytest

from games.core.engine import ArgsError, RuleError
from games.tavern_tales.game import game
from games.tavern_tales.state import State
from tests.games.tavern_tales.deciding import act

# Facts a group would enter from its cards (test data, not the rulebook's numbers), copies
# included, so naming a feat asks nothing (games/tavern_tales/copies.py).
CARDS = {
    "feats": [
        {"name": "Gold", "kind": "treasure", "count": 15},
        {"name": "Dragon Egg", "kind": "treasure", "track": [-3], "count": 5},
        {"name": "Troll", "kind": "monster", "track": [2], "count": 40},
        {"name": "Secret Door", "count": 1},
        {"name": "Boss Armor", "count": 1},
    ]
}
DWARF = {"hero": "Dwarf"}  # the rulebook's example specialist, at the Mineshaft
MINE = {"kind": "specialist", "depths": ["Mineshaft"]}


def new_game(players=("Mara", "Bo", "Cy"), seed=11, **options):
    options = {"players": list(players), "first_player": 0, "catalog": CARDS, **options}
    return game.setup(options, seed)


def lay(state, depth, *feats):
    state, _ = act(state, "show-feats", depth=depth, feats=[{"feat": f} for f in feats])
    return state


def win_claim(state, feats=("Troll",), depth="Mineshaft", tap=None):
    """The active player claims the first feat(s) at a depth and everyone else passes."""
    state = lay(state, depth, *feats, *["Troll"] * (3 - len(feats)))
    tap = tap or {"kind": "specialist", "depths": [depth]}
    state, sentence = act(state, "stake-claim", depth=depth, slots=list(range(len(feats))), **tap)
    while state["phase"] == "claim":
        state, sentence = act(state, "pass-claim")
    return state, sentence


def player(state, index):
    return game.view(state, "table")["players"][index]


@pytest.mark.parametrize(
    ("players", "modules", "hero_deck", "hero_discard"),
    [
        (["A", "B", "C"], {}, 45 - 12, 0),
        (["A", "B", "C", "D", "E"], {}, 45 - 20, 0),
        (["A", "B", "C", "D"], {"elite_heroes": True}, 48 - 16, 0),
        (["A", "B"], {}, 45 - 10, 2),  # deal 5, each discards 1 face-down
    ],
)
def test_setup_deals_the_depths_and_opening_hands(players, modules, hero_deck, hero_discard):
    state = new_game(players, modules=modules)
    view = game.view(state, "table")
    assert [d["name"] for d in view["depths"]] == [
        "Mineshaft",
        "Ice Caves",
        "Caverns",
        "Catacombs",
        "Inferno",
    ]
    assert all(len(d["feats"]) == 3 for d in view["depths"])
    assert view["decks"] == {"feats": 71 - 15, "heroes": hero_deck, "hero_discard": hero_discard}
    assert [p["hand"] for p in view["players"]] == [4] * len(players)
    assert view["target"] == 30
    assert game.outcome(state).finished is False


def test_seats_are_the_table_and_one_per_player():
    seats = game.seats(new_game())
    assert [(s.id, s.label, s.kind) for s in seats] == [
        ("table", "Table", "table"),
        ("p1", "Mara", "player"),
        ("p2", "Bo", "player"),
        ("p3", "Cy", "player"),
    ]


def test_the_first_player_is_drawn_from_the_seed_when_not_given():
    firsts = {game.setup({"players": ["A", "B", "C"]}, seed)["active"] for seed in range(30)}
    assert firsts == {0, 1, 2}
    assert game.setup({"players": ["A", "B", "C"]}, 5) == game.setup(
        {"players": ["A", "B", "C"]}, 5
    )


@pytest.mark.parametrize(
    "options",
    [
        {"players": ["A"]},
        {"players": ["A", "B", "C", "D", "E", "F"]},
        {"players": ["A", "a"]},
        {"players": ["A", "B", "C"], "epic_duel": True},
        {"players": ["A", "B"], "drinks": ["Boblin's Bubbly"]},  # module off
        {"players": ["A", "B", "C"], "modules": {"rooms": True}, "room_depths": ["Inferno"]},
    ],
)
def test_bad_options_are_refused(options):
    with pytest.raises(ArgsError):
        game.setup(options, 1)


def test_the_2_player_game_only_uses_two_of_the_drinks():
    options = {"players": ["A", "B"], "modules": {"specialty_drinks": True}}
    with pytest.raises(RuleError, match="doesn't use Magician's Mead"):
        game.setup({**options, "drinks": ["Magician's Mead"]}, 1)
    game.setup({**options, "drinks": ["Boblin's Bubbly", "Slime'n'Lime"]}, 1)


def test_rooms_lay_their_tiles_and_may_set_a_face_down_layout():
    state = new_game(modules={"rooms": True}, room_depths=["Mineshaft", "Caverns", "Inferno"])
    view = game.view(state, "table")
    assert [d["room"] for d in view["depths"]] == ["", None, "", None, ""]
    assert view["depths"][0]["room_layout_known"] is False
    feats = [{"feat": "Gold"}, {"face_down": True}, {"feat": "Troll"}, {"face_down": True}]
    state, _ = act(state, "show-feats", depth="Mineshaft", feats=feats, room="Arcane Antechamber")
    assert state["feat_deck"] == 71 - 16
    with pytest.raises(RuleError, match="face-down feat stays unknown"):
        act(state, "show-feats", depth="Mineshaft", feats=[{"feat": "Gold", "face_down": True}] * 4)
    with pytest.raises(RuleError, match="keeps its layout"):
        act(state, "show-feats", depth="Ice Caves", feats=[{"feat": "Gold"}] * 4)
    # Claiming the face-down feat: the winner taps what it turned out to be.
    state, _ = act(state, "stake-claim", depth="Mineshaft", slots=[0, 1], **DWARF)
    state, _ = act(state, "pass-claim")
    state, sentence = act(state, "pass-claim")
    assert state["phase"] == "collect" and state["claim"]["needs"] == ["reveal", "bonus"]
    with pytest.raises(RuleError, match="Tap which feats"):
        act(state, "collect", seat="p1")
    state, sentence = act(state, "collect", seat="p1", reveal=["Gold"], bonus=2)
    assert sentence == "Mara collects Gold (+1), Gold (+1), bonus (+2): 0 → 4 prestige."
    assert state["depths"][0]["slots"][1] == {"feat": None, "face_down": True, "empty": False}


@pytest.mark.parametrize(
    ("prestige", "drink", "limit"),
    [
        (0, None, 4),
        (15, None, 4),
        (16, None, 3),
        (40, None, 3),
        (15, "Magician's Mead", 5),
        (16, "Magician's Mead", 3),
    ],
)
def test_hand_limit(prestige, drink, limit):
    state = new_game(modules={"specialty_drinks": True}, drinks=[drink])
    state, _ = act(state, "adjust-prestige", player=0, points=prestige)
    assert player(state, 0)["hand_limit"] == limit


def test_hand_limit_shrinks_at_16_and_comes_back_at_15():
    state = new_game(modules={"specialty_drinks": True}, drinks=["Magician's Mead"])
    state, _ = act(state, "think-n-drink", seat="p1")  # 4 + 3 - 1 = 6, down to 5
    assert player(state, 0)["hand"] == 5
    state, _ = win_claim(state)  # Bo
    state, _ = win_claim(state)  # Cy
    state, _ = act(state, "adjust-prestige", player=0, points=15 - player(state, 0)["prestige"])
    state, sentence = win_claim(state, ("Gold",))  # Mara: 15 -> 16 with 4 cards left
    assert "Mara discards down to 3 cards." in sentence
    assert (player(state, 0)["prestige"], player(state, 0)["hand"]) == (16, 3)
    assert player(state, 0)["hand_limit"] == 3
    state, _ = win_claim(state)
    state, _ = win_claim(state)
    with pytest.raises(RuleError, match="began the turn at the hand limit of 3"):
        act(state, "think-n-drink", seat="p1")
    state, _ = win_claim(state, ("Dragon Egg",))  # 16 -> 13: Magician's Mead works again
    assert (player(state, 0)["prestige"], player(state, 0)["hand_limit"]) == (13, 5)
    state, _ = win_claim(state)
    state, _ = win_claim(state)
    state, sentence = act(state, "think-n-drink", seat="p1")
    assert player(state, 0)["hand"] == 4  # 2 + 3 - 1
    assert sentence.startswith("Mara took a Think'n'Drink: drew 3, discarded 1, 4 in hand.")


def test_think_n_drink_is_refused_at_the_hand_limit():
    state = new_game()
    with pytest.raises(RuleError, match="began the turn at the hand limit of 4"):
        act(state, "think-n-drink")
    assert "think-n-drink" not in game.view(state, "p1")["moves"]


def test_think_n_drink_shuffles_the_discard_pile_back_when_the_deck_runs_out():
    state = new_game()
    raw = State.model_validate(state)
    raw.hero_deck, raw.hero_discard, raw.players[0].hand = 1, 5, 1
    raw.hero_total = 1 + 5 + 1 + 8
    state, sentence = act(raw.model_dump(mode="json"), "think-n-drink")
    assert (state["hero_deck"], state["hero_discard"], state["players"][0]["hand"]) == (3, 1, 3)


@pytest.mark.parametrize(
    ("tap", "slots", "message"),
    [
        ({"kind": "elite"}, [0], "Elite heroes are not in this game"),
        ({"kind": "adventurer", "depths": ["Mineshaft", "Ice Caves"]}, [0, 1], "at most 1 feat"),
        (DWARF, [0, 1, 2], "at most 2"),
        ({"kind": "specialist", "depths": ["Inferno"]}, [0], "doesn't show the Mineshaft"),
        ({"hero": "Boblin"}, [0], "tap the hero's type"),
        ({"kind": "adventurer", "depths": ["Inferno"]}, [0], "shows 2 depth"),
        (DWARF, [0, 0], "only once"),
        (DWARF, [5], "no feat in that place"),
    ],
)
def test_a_claim_must_fit_its_hero(tap, slots, message):
    with pytest.raises(RuleError, match=message):
        act(new_game(), "stake-claim", depth="Mineshaft", slots=slots, **tap)


def test_an_elite_hero_cannot_start_a_claim_but_can_one_up_any_depth():
    state = new_game(modules={"elite_heroes": True})
    with pytest.raises(RuleError, match="elite hero can't start a claim"):
        act(state, "stake-claim", depth="Mineshaft", slots=[0], hero="Darkmander")
    state, _ = act(state, "stake-claim", depth="Mineshaft", slots=[0], **DWARF)
    state, sentence = act(state, "one-up", seat="p2", hero="Darkmander")
    assert sentence == "Bo one-upped with the Darkmander."


# Who acts, in order, after Mara (p1) stakes; "up" one-ups with a Mineshaft hero.
PASS_SEQUENCES = [
    ([("p2", "pass"), ("p3", "pass"), ("p4", "pass")], "p1"),
    ([("p2", "up"), ("p3", "pass"), ("p4", "pass"), ("p1", "pass")], "p2"),
    # Bo passes, later one-ups after Cy did; then everyone else passes in a row.
    (
        [("p2", "pass"), ("p3", "up"), ("p4", "pass"), ("p1", "pass"), ("p2", "up")]
        + [("p3", "pass"), ("p4", "pass"), ("p1", "pass")],
        "p2",
    ),
    # Mara takes her own claim back after being one-upped.
    (
        [("p2", "up"), ("p3", "pass"), ("p4", "pass"), ("p1", "up")]
        + [("p2", "pass")] * 1
        + [("p3", "pass"), ("p4", "pass")],
        "p1",
    ),
]


@pytest.mark.parametrize(("steps", "winner"), PASS_SEQUENCES)
def test_a_claim_ends_when_all_the_others_pass_in_a_row(steps, winner):
    state = lay(new_game(("Mara", "Bo", "Cy", "Dee")), "Mineshaft", "Gold", "Troll", "Troll")
    state, _ = act(state, "stake-claim", depth="Mineshaft", slots=[0], **DWARF)
    for i, (seat, what) in enumerate(steps):
        assert state["phase"] == "claim", f"the claim ended early, before step {i}"
        assert game.view(state, "table")["claim"]["responder"] == seat
        if what == "pass":
            state, _ = act(state, "pass-claim", seat=seat)
        else:
            state, _ = act(state, "one-up", seat=seat, **MINE)
    winner_index = int(winner[1]) - 1
    assert state["phase"] == "turn" and state["claim"] is None
    assert state["players"][winner_index]["feats"] == [{"feat": "Gold", "stack": "Gold"}]
    assert state["active"] == 1  # play passes to the starter's left, whoever won
    played = 1 + sum(1 for _, what in steps if what == "up")
    assert state["hero_discard"] == played


def test_only_the_seat_whose_decision_it_is_may_answer():
    state = lay(new_game(), "Mineshaft", "Gold", "Troll", "Troll")
    with pytest.raises(RuleError, match="^It is Mara's turn.$"):
        act(state, "stake-claim", seat="p2", depth="Mineshaft", slots=[0], **DWARF)
    state, _ = act(state, "stake-claim", seat="p1", depth="Mineshaft", slots=[0], **DWARF)
    with pytest.raises(RuleError, match="^It is Bo's turn.$"):
        act(state, "pass-claim", seat="p3")
    # The shared display makes no player's decision as itself (QA8 item 7): only handed over
    # to a seat no device holds, when it moves as that seat (tests/games/tavern_tales/
    # test_tavern_decisions.py).
    with pytest.raises(RuleError, match="^“Pass” is for the player whose decision it is, not"):
        act(state, "pass-claim", seat="table")
    with pytest.raises(RuleError, match="There is no seat “p7” at this table."):
        act(state, "pass-claim", seat="p7")
    with pytest.raises(RuleError, match="doesn't match the Mineshaft"):
        act(state, "one-up", seat="p2", kind="specialist", depths=["Inferno"])
    assert game.view(state, "p2")["moves"][:2] == ["pass-claim", "one-up"]
    assert game.view(state, "p3")["moves"] == ["show-feats", "edit-catalog", "adjust-prestige"]


def test_adventurer_powers_go_back_to_the_deck_and_add_a_feat_from_next_door():
    state = lay(new_game(), "Mineshaft", "Secret Door", "Troll", "Troll")
    state, _ = act(state, "stake-claim", depth="Mineshaft", slots=[0], **DWARF)
    state, _ = act(state, "pass-claim")
    state, sentence = act(state, "pass-claim")
    assert sentence.endswith("collects Secret Door (+1): 0 → 1 prestige.")
    state, _ = win_claim(state)
    state, _ = win_claim(state)
    state = lay(state, "Ice Caves", "Gold", "Troll", "Troll")
    state = lay(state, "Caverns", "Gold", "Troll", "Troll")
    adventurer = {"kind": "adventurer", "depths": ["Ice Caves", "Inferno"]}
    power = {"powers": ["Secret Door"], "extra": [{"depth": "Caverns", "slot": 0}]}
    with pytest.raises(RuleError, match="only be used when an adventurer"):
        act(state, "stake-claim", depth="Mineshaft", slots=[1], hero="Dwarf", **power)
    far = {"powers": ["Secret Door"], "extra": [{"depth": "Inferno", "slot": 0}]}
    with pytest.raises(RuleError, match="next to the Ice Caves .* not from the Inferno"):
        act(state, "stake-claim", depth="Ice Caves", slots=[1], **adventurer, **far)
    deck = state["feat_deck"]
    state, sentence = act(state, "stake-claim", depth="Ice Caves", slots=[1], **adventurer, **power)
    assert "on 2 feats at the Ice Caves" in sentence
    assert state["feat_deck"] == deck + 1 and state["players"][0]["feats"] == []
    state, _ = act(state, "pass-claim")
    state, sentence = act(state, "pass-claim")
    assert "collects Troll (+2), Gold (+1): 1 → 4 prestige." in sentence
    assert state["depths"][2]["slots"][0] == {"feat": None, "face_down": False, "empty": False}


def test_choices_are_asked_of_the_winner_then_the_turn_ends():
    state = lay(new_game(), "Mineshaft", "Boss Armor", "Troll", "Troll")
    state, _ = act(state, "stake-claim", depth="Mineshaft", slots=[0, 1], **DWARF)
    state, _ = act(state, "pass-claim")
    state, sentence = act(state, "pass-claim")
    assert sentence == "Cy passed. Mara wins the claim; choose for the Boss Armor, then collect."
    assert state["claim"]["needs"] == ["boss_armor"]
    assert game.view(state, "p1")["moves"][0] == "collect"
    with pytest.raises(RuleError, match="Choose for the Boss Armor"):
        act(state, "collect", seat="p1")
    with pytest.raises(RuleError, match="^It is Mara's turn.$"):
        act(state, "collect", seat="p2", boss_armor="two")
    state, sentence = act(state, "collect", seat="p1", boss_armor="per-monster")
    assert sentence == "Mara collects Troll (+2), Boss Armor (+2): 0 → 4 prestige."
    assert state["active"] == 1 and state["phase"] == "turn"


def test_victory_is_checked_at_the_end_of_any_players_turn():
    state = new_game()
    state, _ = act(state, "adjust-prestige", player=1, points=30, reason="test")
    assert state["phase"] == "turn" and not game.outcome(state).finished
    state, sentence = win_claim(state)  # Mara's turn ends: Bo already has 30
    assert sentence.endswith("Bo reaches 30 prestige and wins!")
    outcome = game.outcome(state)
    assert outcome.finished and outcome.winners == ("p2",) and outcome.scores["p2"] == 30
    # No one's decision any more: every seat hears that the game is over (before: whose
    # decision it would be, "… is for the player whose decision it is"), the winner's too.
    for seat in ("p1", "p2", "table"):
        with pytest.raises(RuleError, match="^The game is over.$"):
            act(state, "stake-claim", seat=seat, depth="Mineshaft", slots=[0], **DWARF)
        with pytest.raises(RuleError, match="^The game is over.$"):
            act(state, "think-n-drink", seat=seat)
    with pytest.raises(RuleError, match="^The game is over; undo the last move to correct it.$"):
        act(state, "adjust-prestige", seat="p2", player=1, points=-1)


def test_state_round_trips_through_json_exactly():
    modules = {"rooms": True, "elite_heroes": True}
    state = new_game(modules=modules, room_depths=["Ice Caves", "Caverns", "Inferno"])
    state, _ = act(state, "stake-claim", depth="Mineshaft", slots=[0], **DWARF)
    state, _ = act(state, "one-up", seat="p2", **MINE)
    text = json.dumps(state, sort_keys=True)
    again = State.model_validate(json.loads(text)).model_dump(mode="json")
    assert json.dumps(again, sort_keys=True) == text
    assert game.invariants_fn(State.model_validate(again)) == []
