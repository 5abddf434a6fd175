"""The scene interpreter: what each seat sees, options, checks, outcomes, events."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from storybook import load_world
from storybook.format import EventCard, Outcome, Scene
from storybook.interpreter import (
    ChoiceError,
    Facts,
    ReadContext,
    answers,
    describe_condition,
    evaluate,
    first_match,
    option_views,
    outcome_ranges,
    pick_event_scene,
    prerequisite_met,
    read_scene,
    required_successes,
    resolve,
    scene_text,
    select_outcome,
    text_keys,
)
from storybook.source import parse

HERE = Path(__file__).resolve().parent


def scene(yaml: str) -> Scene:
    return Scene.model_validate(parse(yaml, "scenes/x.yaml").data)


SEASONS = scene(
    """
number: 104
title: The ferry
text:
  - The river runs high.
  - variants:
      - {month: december, text: Lanterns hang from the ferry for midwinter.}
      - {season: winter, text: Ice grinds against the hull.}
      - {season: summer, text: Dragonflies skim the water.}
  - {text: The ferryman is at church on Sundays., weekday: sunday}
  - {text: Take card 202 from the library and keep it ready., story_master: true}
  - {text: The ferryman grins at a fellow sailor., if_yes: sailor}
questions:
  - id: sailor
    ask: Are you a sailor?
    test: {has_tag: sailor}
  - id: marked
    ask: Has the ferryman marked you?
    secret: true
options:
  - label: Pay the fare.
    cost: 2
    result:
      text: You cross in comfort.
      effects:
        - end: true
  - label: Take the oars yourself.
    starry: sailor
    verbs: [row]
    check: {skill: survival, difficulty: medium}
    outcomes:
      - min: 3
        text: You cross in record time.
        effects:
          - prestige: 1
          - end: true
      - min: 2
        text: You cross, soaked.
        effects:
          - status: 202
          - end: true
      - text: The current wins.
        effects:
          - go: 105
  - label: Swim.
    result:
      effects: [{end: true}]
"""
)


def texts(views) -> list[str]:
    return [v.text for v in views]


@pytest.mark.parametrize(
    "month,weekday,expected",
    [
        ("december", "monday", "Lanterns hang from the ferry for midwinter."),
        ("january", "monday", "Ice grinds against the hull."),
        ("february", "monday", "Ice grinds against the hull."),
        ("march", "monday", "Dragonflies skim the water."),
        ("august", "monday", "Dragonflies skim the water."),
        ("september", "monday", "Ice grinds against the hull."),
    ],
)
def test_text_variants_follow_month_and_season(month, weekday, expected):
    shown = texts(scene_text(SEASONS, ReadContext(month=month, weekday=weekday, seat="player")))
    assert shown == ["The river runs high.", expected]


def test_weekday_paragraphs_appear_only_on_their_day():
    sunday = scene_text(SEASONS, ReadContext(month="june", weekday="sunday", seat="player"))
    assert "The ferryman is at church on Sundays." in texts(sunday)
    monday = scene_text(SEASONS, ReadContext(month="june", weekday="monday", seat="player"))
    assert "The ferryman is at church on Sundays." not in texts(monday)


def test_story_master_text_is_absent_for_player_and_table_seats():
    sm = scene_text(SEASONS, ReadContext(seat="story_master"))
    assert [v for v in sm if v.story_master] == [
        type(sm[0])("0104.p4", "Take card 202 from the library and keep it ready.", True)
    ]
    for seat in ("player", "table"):
        view = read_scene(SEASONS, ReadContext(seat=seat))
        dumped = json.dumps(dataclasses.asdict(view))
        assert "Take card 202" not in dumped
        assert "marked you" not in dumped  # the secret question too
        assert all(o.outcomes is None for o in view.options)  # outcomes hidden
    sm_view = read_scene(SEASONS, ReadContext(seat="story_master"))
    assert [q.id for q in sm_view.questions] == ["sailor", "marked"]
    assert sm_view.options[1].outcomes is not None


def test_paragraph_keys_are_stable():
    keys = text_keys(SEASONS)
    assert keys["0104.title"] == "The ferry"
    assert keys["0104.p2.v3"] == "Dragonflies skim the water."
    assert keys["0104.q1"] == "Are you a sailor?"
    assert keys["0104.o2"] == "Take the oars yourself."
    assert keys["0104.o2.r3.p1"] == "The current wins."
    shown = scene_text(SEASONS, ReadContext(month="july"))
    assert [v.key for v in shown] == ["0104.p1", "0104.p2.v3", "0104.p4"]


def test_a_starry_option_is_locked_with_a_reason_until_a_yes():
    unknown = option_views(SEASONS, ReadContext(seat="player"))[1]
    assert unknown.starry and not unknown.available
    assert unknown.locked_reason == "Starry option: opens with a yes to “Are you a sailor?”"

    said_no = option_views(SEASONS, ReadContext(answers={"sailor": False}))[1]
    assert said_no.locked_reason == "Starry option: the answer to “Are you a sailor?” was no"

    tracked = ReadContext(facts=Facts(tags=frozenset({"sailor"})))
    opened = option_views(SEASONS, tracked)[1]
    assert opened.available and opened.locked_reason is None
    # the yes also shows the paragraph that depends on it
    assert "The ferryman grins at a fellow sailor." in texts(scene_text(SEASONS, tracked))

    tracked_no = ReadContext(facts=Facts(tags=frozenset()), answers={"sailor": True})
    assert answers(SEASONS, tracked_no)["sailor"] is False  # tracked state wins


def test_a_chosen_option_locked_afterwards_shows_no_outcome():
    # A starry option chosen with a yes; then the answer (or the day, or the tracked
    # campaign) changed: reading the scene must not fail, and must not reveal an outcome.
    opened = read_scene(SEASONS, ReadContext(answers={"sailor": True}), option=1, successes=3)
    assert opened.result is not None and opened.result.text
    closed = read_scene(SEASONS, ReadContext(answers={"sailor": False}), option=1, successes=3)
    assert closed.result is None and not closed.options[1].available
    with pytest.raises(ChoiceError, match="was no"):
        resolve(SEASONS, 1, ReadContext(answers={"sailor": False}), 3)


def test_gold_cost_locks_an_option_only_when_gold_is_tracked_and_short():
    assert option_views(SEASONS, ReadContext())[0].available
    poor = option_views(SEASONS, ReadContext(facts=Facts(gold=1)))[0]
    assert poor.cost == 2 and not poor.available
    assert poor.locked_reason == "Costs 2 gold; the active player has 1"
    assert option_views(SEASONS, ReadContext(facts=Facts(gold=2)))[0].available


def test_required_successes_by_difficulty_and_challenge_mode():
    partner = scene(
        """
number: 200
partner: true
options:
  - label: Heave.
    check: {skill: might, difficulty: hard}
    outcomes:
      - {min: 3, effects: [{end: true}]}
      - {effects: [{end: true}]}
  - label: Guess.
    check: {skill: knowledge, difficulty: unknown}
    outcomes:
      - {min: 4, effects: [{end: true}]}
      - {effects: [{end: true}]}
"""
    )
    heave, guess = (o.check for o in partner.options)
    assert required_successes(partner, heave, ReadContext()) == 3
    assert required_successes(partner, heave, ReadContext(challenge=True)) == 4
    assert required_successes(partner, guess, ReadContext(challenge=True)) is None
    # not a partner scene: challenge mode changes nothing
    row = SEASONS.options[1].check
    assert required_successes(SEASONS, row, ReadContext(challenge=True)) == 2
    # and the outcome thresholds move with it
    assert select_outcome(partner, 0, 3, ReadContext()) == 0
    assert select_outcome(partner, 0, 3, ReadContext(challenge=True)) == 1
    assert select_outcome(partner, 0, 4, ReadContext(challenge=True)) == 0
    sm = read_scene(partner, ReadContext(challenge=True)).options[0]
    assert sm.check.required == 4 and sm.check.challenge
    assert [o.label for o in sm.outcomes] == ["4+", "0–3"]


def test_the_first_matching_outcome_from_the_left_wins():
    ctx = ReadContext(answers={"sailor": True})
    assert [select_outcome(SEASONS, 1, n, ctx) for n in range(6)] == [2, 2, 1, 0, 0, 0]
    assert select_outcome(SEASONS, 1, -3, ctx) == 2  # never below 0
    labels = [o.label for o in read_scene(SEASONS, ctx).options[1].outcomes]
    assert labels == ["3+", "2", "0–1"]


def test_resolve_returns_text_and_effects_as_data():
    ctx = ReadContext(answers={"sailor": True}, seat="player")
    res = resolve(SEASONS, 1, ctx, successes=2)
    assert res.key == "0104.o2.r2"
    assert texts(res.text) == ["You cross, soaked."]
    assert [(x.verb, x.who, x.args) for x in res.effects] == [
        ("status", "active", {"card": 202, "pick": "any"}),
        ("end", "active", {"end": True}),
    ]
    assert res.effects[0].text == "Active player: gain the status card 202."
    assert res.ends_scene and res.go is None
    fail = resolve(SEASONS, 1, ctx, successes=0)
    assert fail.go == 105 and not fail.ends_scene
    paid = resolve(SEASONS, 0, ctx)
    assert [x.text for x in paid.effects] == [
        "Active player: pay 2 gold for this option.",
        "The scene ends.",
    ]
    assert paid.effects[0].args == {"gold": -2, "cost": True}
    with pytest.raises(ChoiceError, match="give the successes"):
        resolve(SEASONS, 1, ctx)
    with pytest.raises(ChoiceError, match="opens with a yes"):
        resolve(SEASONS, 1, ReadContext(), successes=3)
    with pytest.raises(ChoiceError, match="Costs 2 gold; the active player has 0"):
        resolve(SEASONS, 0, ReadContext(facts=Facts(gold=0)))
    with pytest.raises(ChoiceError, match="no option 9"):
        resolve(SEASONS, 8, ctx)


def test_a_player_sees_a_check_result_only_once_successes_are_in():
    ctx = ReadContext(seat="player", answers={"sailor": True})
    assert read_scene(SEASONS, ctx, option=1).result is None
    assert read_scene(SEASONS, ctx, option=1, successes=5).result.outcome == 0
    assert read_scene(SEASONS, ctx, option=0).result.key == "0104.o1.r1"


def test_effects_as_data_cover_every_verb():
    sc = scene(
        """
number: 300
effects:
  - {gold: 3, who: everyone}
  - {prestige: 2, who: partner}
  - {take: {card: 805, pick: random}}
  - {take: {card: 827, pick: icon}, optional: true}
  - {take: 401, from: vault, at: here}
  - {companion: 250}
  - {local_status: 402, at: mill}
  - {global_status: 12}
  - {discard: this}
  - {put: {card: 201, into: save_slot, slot: global}}
  - {put: {card: event, into: event_deck, position: top}}
  - {put: {card: 140, into: quest_slot}}
  - {timer: {card: 202}}
  - {delay: {card: 202, days: 2}}
  - {hasten: {card: 202, days: 1}}
  - {gain_tag: brave}
  - {lose_tag: brave}
  - {skill_mark: {from: any, to: might}}
  - {note: Shuffle the event deck.}
  - {end: true}
"""
    )
    view = read_scene(sc, ReadContext())
    said = [x.text for x in view.effects]
    assert said == [
        "Everyone: gain 3 gold.",
        "Partner: gain 2 prestige.",
        "Active player: take a random card 805 from the library.",
        "Active player: take card 827 with the active adventurer's icon from the library (optional).",
        "Active player: take card 401 from the vault, placed at the active player's space.",
        "Active player: gain the companion card 250.",
        "Active player: place the local status card 402 at mill.",
        "Put the global status card 012 into play.",
        "Active player: discard this card.",
        "Put card 201 into the global save slot.",
        "Put the event card at the top of the event deck.",
        "Put card 140 into the quest slot.",
        "Active player: place a timer token for card 202, as its timer box shows.",
        "Active player: delay the timer of card 202 by 2 days.",
        "Active player: hasten the timer of card 202 by 1 day.",
        "Active player: gain the tag brave.",
        "Active player: lose the tag brave.",
        "Active player: move a skill mark from any skill to might.",
        "Shuffle the event deck.",
        "The scene ends.",
    ]
    assert view.effects[2].args == {"card": 805, "pick": "random", "from": "library"}
    assert view.effects[9].args == {"card": 201, "into": "save_slot", "slot": "global"}
    assert view.ends_scene
    json.dumps(dataclasses.asdict(view))  # plain data all the way down


def test_conditions_are_three_valued():
    sc = scene(
        """
number: 400
prerequisite:
  all:
    - at: [mill, wood]
    - any: [{has_tag: sailor}, {gold_at_least: 5}]
    - not: {season: winter}
effects: [{end: true}]
"""
    )
    summer = ReadContext(month="june")
    assert prerequisite_met(sc, summer) is None  # location not tracked
    assert prerequisite_met(sc, ReadContext(month="december")) is False  # winter decides
    at_mill = Facts(location="mill", tags=frozenset(), gold=None)
    assert prerequisite_met(sc, ReadContext(month="june", facts=at_mill)) is None
    rich = Facts(location="mill", tags=frozenset(), gold=6)
    assert prerequisite_met(sc, ReadContext(month="june", facts=rich)) is True
    assert (
        describe_condition(sc.prerequisite, {"mill": "The Mill"})
        == "at The Mill or wood and (has the tag sailor or has at least 5 gold) and not in winter"
    )


def test_each_condition_kind_evaluates():
    def cond(yaml: str):
        return scene(f"number: 1\nprerequisite: {yaml}\neffects: [{{end: true}}]\n").prerequisite

    facts = Facts(
        adventurer="pell",
        cards=frozenset({201}),
        cards_here=frozenset({402}),
        cards_in_play=frozenset({12, 201}),
        card_places={297: "vault"},
        marks={"might": 2},
    )
    ctx = ReadContext(month="march", weekday="friday", facts=facts, partner=True)
    assert evaluate(cond("{month: [march, april]}"), ctx) is True
    assert evaluate(cond("{weekday: saturday}"), ctx) is False
    assert evaluate(cond("{has_card: 201}"), ctx) is True
    assert evaluate(cond("{card_here: 401}"), ctx) is False
    assert evaluate(cond("{card_in_play: 12}"), ctx) is True
    assert evaluate(cond("{card_in: {card: 297, place: vault}}"), ctx) is True
    assert evaluate(cond("{card_in: {card: 296, place: vault}}"), ctx) is False
    assert evaluate(cond("{adventurer: quill}"), ctx) is False
    assert evaluate(cond("{marks_at_least: {might: 2}}"), ctx) is True
    assert evaluate(cond("{marks_at_least: {might: 1, knowledge: 1}}"), ctx) is False
    assert evaluate(cond("{partner: true}"), ctx) is True
    assert evaluate(cond("{partner: true}"), ReadContext()) is None


def test_an_event_card_opens_the_first_scene_whose_prerequisite_is_met():
    event = EventCard.model_validate(
        parse(
            """
card: 80
scenes:
  - {scene: 2001, prerequisite: {season: winter}}
  - {scene: 2002, prerequisite: {at: mill}}
  - {scene: 2003, prerequisite: {weekday: sunday}}
  - {scene: 2004}
""",
            "events.yaml",
        ).data
    )
    assert pick_event_scene(event, ReadContext(month="january")).scene == 2001
    at_wood = Facts(location="wood")
    assert pick_event_scene(event, ReadContext(month="june", facts=at_wood)).scene == 2004
    sunday = ReadContext(month="june", weekday="sunday", facts=at_wood)
    assert pick_event_scene(event, sunday).scene == 2003
    at_mill = ReadContext(month="june", weekday="sunday", facts=Facts(location="mill"))
    assert pick_event_scene(event, at_mill).scene == 2002  # earlier entries win
    # untracked location: the story master is asked, then the answer decides
    asked = pick_event_scene(event, ReadContext(month="june"), names={"mill": "The Mill"})
    assert (asked.scene, asked.entry, asked.ask) == (None, 1, "at The Mill")
    assert pick_event_scene(event, ReadContext(month="june"), {1: True}).scene == 2002
    assert pick_event_scene(event, ReadContext(month="june"), {1: False}).scene == 2004


def test_reading_the_minimal_world_from_disk(minimal_path):
    world = load_world(minimal_path)
    pick = pick_event_scene(world.event(78), ReadContext(month="november"))
    assert pick.scene == 1004
    view = read_scene(world.scene(1004), ReadContext(seat="player"))
    assert view.ends_scene and view.options == []
    names = world.names()
    assert names["wood"] == "Hollow Wood" and names["might"] == "Might"


def test_bad_month_names_are_refused():
    with pytest.raises(ValueError):
        ReadContext(month="smarch")


ranges = st.lists(
    st.tuples(st.integers(0, 6), st.one_of(st.none(), st.integers(0, 6))).map(
        lambda r: (r[0], r[1] if r[1] is None or r[1] >= r[0] else r[0])
    ),
    min_size=1,
    max_size=5,
)


@given(ranges, st.integers(0, 12), st.booleans())
def test_select_outcome_is_the_leftmost_range_holding_the_count(rs, n, challenge):
    outcomes = [Outcome(min=lo or None, max=hi) for lo, hi in rs]
    shifted = outcome_ranges(outcomes, challenge)
    i = first_match(shifted, n)
    if i is not None:
        lo, hi = shifted[i]
        assert lo <= n and (hi is None or n <= hi)
    for lo, hi in shifted[: i if i is not None else len(shifted)]:
        assert not (lo <= n and (hi is None or n <= hi))
