"""What each seat sees of the reader: plain JSON, filtered on the server.

The story master's seat gets everything (story-master-only text, secret questions, every
outcome of the chosen option). Every other seat — the shared display and the players — gets
what is read aloud: the interpreter leaves out story-master text, secret questions and the
outcomes, and a check's result appears only once its successes are known.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from games.core.engine import RuleError, Seat
from games.galzyr import printed_events
from games.galzyr.campaign.text import adventurer_name
from games.galzyr.moves import scenes
from games.galzyr.reader import calendar, scene_effects
from games.galzyr.reader import dice as dice_rules
from games.galzyr.reader.book import Book
from games.galzyr.reading import (
    between_games,
    conceal_outcomes,
    optional_effects,
    printed,
    scene_of,
    turn_key,
)
from games.galzyr.seat_view.campaign import campaign_view
from games.galzyr.state import (
    MANAGERS,
    State,
    is_story_master,
    player_reads,
    prestige_counts,
    read_context,
    reading_player,
    role,
)
from storybook.format import MONTHS
from storybook.interpreter import pick_event_scene, prerequisite_met, read_scene

LIST_LIMIT = 300  # scenes listed for browsing; beyond that, the keypad

# Which buttons a seat is shown is not decided here: each move declares its roles
# (``@moves.move(..., roles=...)``) and the pages read ``may`` (``Game.may``) from that
# declaration. The view only leaves out the data a seat has no button for.


def seats(state: State) -> list[Seat]:
    """The seats; while a player reads as story master (``player_reads``) the Story master
    seat is of the shared display's kind (``role``): not offered to hand the tablet to."""
    kind = "table" if player_reads(state) else "sm"
    return [
        Seat("table", "Table", "table"),
        Seat("sm", "Story master", kind),
        *(Seat(f"p{i + 1}", name, "player") for i, name in enumerate(state.players)),
    ]


def _timer_stacks(state: State) -> dict[int, list[int]]:
    """Campaign mode: each calendar slot's timer tokens as card numbers, topmost first (a
    token placed later goes on top, as the rulebook stacks them)."""
    c = state.campaign
    stacks: dict[int, list[int]] = {}
    if c is None:
        return stacks
    for t in reversed(c.calendar.timers):
        stacks.setdefault(t.day, []).append(c.copies[t.copy_id].number)
    return stacks


def view(state: State, seat: str) -> dict[str, Any]:
    r = role(state, seat)
    try:
        book: Book | None = state.book()
        error = None
    except RuleError as exc:
        book, error = None, str(exc)
    prestige = prestige_counts(state)
    # A partner joins one scene: once it is over (or before the next opens) nobody is partner.
    partner = state.partner if state.scene is not None and not state.locked else None
    between = between_games(state)  # no scene is read, nobody's turn: the next game's setup
    out: dict[str, Any] = {
        "role": r,
        "between_games": between,
        "sees_all": r == "sm",
        "players": [
            {
                "number": i + 1,
                "name": name,
                "active": i == state.active and not between,
                "partner": i == partner,
                "prestige": prestige[i],
            }
            for i, name in enumerate(state.players)
        ],
        "active": state.players[state.active],
        "partner": state.players[partner] if partner is not None else None,
        "challenge": state.challenge,
        "months": list(MONTHS),
        "month": state.month,
        "side": calendar.board_side(state.month) if state.month else None,
        "weekday": state.weekday if state.month else None,
        "week": calendar.row(state.day) + 1,
        "day": state.day if state.month else None,  # with may.set_day, the calendar's key
        "calendar": calendar.rows(state.day if state.month else None, _timer_stacks(state)),
        "last_day": state.day >= calendar.last_day(),
        # in a campaign the trays are the one list of the event deck
        "deck": len(state.campaign.places["event_deck"]) if state.campaign else len(state.deck),
        "event": _event(state, seat, book),
        "earned": {
            "active": state.earned[0],
            "partner": state.earned[1],
            # who was the partner of the scene whose prestige this is (kept after it ends)
            "partner_name": state.players[state.partner] if state.partner is not None else None,
        },
        "world": {"slug": state.world, "name": state.world},
        "scene": None,
        "error": error,
        "campaign": None,
        "effects": [],
        "effects_left": 0,
        "optional": [],  # the optional effects "continue" asks about, one yes or no each
        "tracked": state.mode == "campaign",  # the campaign answers the book's questions
        "by_hand": state.by_hand,
        "hide_outcomes": state.hide_outcomes,  # the story master's reading setting
        # whose device the setting shows on, when not this one's (a player reads: QAF)
        "reading_elsewhere": _reads_elsewhere(state, seat),
    }
    if state.mode == "campaign":
        out["campaign"] = campaign_view(state, seat)
        # (a past turn's scene is not shown, nor what of it could not be applied)
        out["effects"] = [] if _past(state) else _effects(state)
        out["effects_left"] = sum(not e["done"] for e in out["effects"])
    if book is None:
        return out
    out["world"]["name"] = book.name
    out["world"]["version"] = book.version
    out["printed"] = printed(book)  # scenes read from the printed book, effects by hand
    if out["printed"] and r in MANAGERS:  # the draw form: the number of the card drawn
        out["event_cards"] = printed_events.draw_choices(state, book)
    if out["printed"] and out["event"] and r in MANAGERS:
        # where it goes after: asked of every seat that may draw it, the shared display too
        # (a group reading from the tablet alone draws and closes there; the card stays unnamed)
        out["event"]["places"] = printed_events.place_choices(state)
    reading = state.scene is not None and not state.locked
    opens = scenes.moves.specs["open-scene"].allows(r)  # its declared roles
    # The list on the story master's and the shared display's screens (a player's phone uses
    # the keypad), left out while a scene is being read: it is most of the bytes of every
    # answer on a big book (make bench), and the keypad still jumps anywhere.
    if opens and r in MANAGERS and not reading:
        out["scene_list"] = book.listing(LIST_LIMIT)
        out["scene_list_more"] = max(0, len(book.titles) - LIST_LIMIT)
    if opens:  # the scenes the location cards offer on this side of the board
        out["side_scenes"] = [
            {"location": name, "scenes": scenes}
            for name, scenes in book.side_scenes(out["side"] or "summer")
        ]
    if state.scene is not None and not _past(state):
        out.update(_scene(state, seat, book))
    return out


def _past(state: State) -> bool:
    """A campaign's scene read to its end in an earlier turn: the next active player's phone
    opened on it, "The scene is over." (QA 8); the log keeps it, the opener comes first."""
    return state.locked and bool(state.scene_turn) and state.scene_turn != turn_key(state)


def _scene(state: State, seat: str, book: Book) -> dict[str, Any]:
    scene = scene_of(book, state.scene) if state.scene is not None else None
    if scene is None:
        return {"error": f"The book has no scene {state.scene:04d} any more."}
    ctx = read_context(state, seat)
    option = state.option
    check = scene.options[option].check if option is not None else None
    seen = read_scene(
        scene,
        ctx,
        option=option,
        successes=state.successes if check is not None else None,
        names=book.names,
    )
    data = asdict(seen)
    _name_cards(data, book)
    for opt in data["options"]:
        if opt["check"] is not None:
            opt["check"]["skill_name"] = book.skill_name(opt["check"]["skill"])
    # The story master by role (the reading player of a campaign too, on their device or on
    # the shared display handed to them), not the fixed seat: their outcomes wait for the check.
    hidden = is_story_master(state, seat) and conceal_outcomes(state, data["options"])
    # A scene that is over stays on screen into the next turn: checked again, it would be
    # checked against the next active player (None: nothing to check any more)
    met = prerequisite_met(scene, ctx) if not state.locked else None
    return {
        "scene": data,
        "prerequisite_met": met,
        "chosen": option,
        "outcomes_hidden": hidden,
        "chosen_option": data["options"][option] if option is not None else None,
        "check": _check(state, book, check, data) if check is not None else None,
        "locked": state.locked,
        "trail": [_step(state, seat, book, step) for step in state.trail],
        "can_continue": _can_continue(state, scene),
        "optional": _optional(seen, state.partner is not None) if not state.locked else [],
        "next_scene": _next_scene(scene, seen),
    }


def _optional(seen, partner: bool) -> list[dict[str, Any]]:
    """The optional effects of what "continue" resolves now, in the book's order: the move
    takes one answer for each (``optional``), as the page's yes/no."""
    effects = list(seen.effects) + (list(seen.result.effects) if seen.result is not None else [])
    return [
        {"number": i, "text": x.text, "who": x.who}
        for i, x in enumerate(optional_effects(effects, partner), 1)
    ]


def _next_scene(scene, seen) -> int | None:
    """The scene "continue" opens, once the way on is known."""
    if seen.result is not None:
        return seen.result.go
    if not scene.options and scene.effects:
        return getattr(scene.effects[-1], "go", None)
    return None


def _can_continue(state: State, scene) -> bool:
    if state.locked:
        return False
    if not scene.options:
        return True
    if state.option is None:
        return False
    return scene.options[state.option].check is None or state.successes is not None


def _check(state: State, book: Book, check, data: dict) -> dict[str, Any]:
    circle = book.skills
    skill = check.skill
    chosen = data["options"][state.option]["check"]
    out: dict[str, Any] = {
        "skill": skill,
        "skill_name": book.skill_name(skill),
        "difficulty": check.difficulty,
        "required": chosen["required"],
        "challenge": chosen["challenge"],
        "resolved": state.successes is not None,
        "successes": state.successes,
        "neighbours": [book.skill_name(s) for s in dice_rules.neighbours(skill, circle)]
        if skill in circle
        else [],
    }
    remembered = state.marks[state.active]
    out["marks"] = [
        {"skill": s, "name": book.skill_name(s), "count": remembered.count(s)} for s in circle
    ]
    d = state.dice
    if d is None:
        out["dice"] = None
        return out
    faces = dice_rules.shown(d.pool, d.rolled, circle) if d.rolls else []
    shown = sum(face.count(skill) for face in faces)
    out["dice"] = {
        "rolls": d.rolls,
        "can_roll": d.rolls == 0,
        "can_reroll": d.rolls == 1,
        "stars": d.stars,
        "broken": d.broken,
        "shown": shown,
        "total": dice_rules.total(shown, d.stars, d.broken),
        "dice": [
            {
                "kind": kind,
                "name": None if kind == dice_rules.BASE else book.skill_name(kind),
                "face": [book.skill_name(s) for s in face],
                "hits": face.count(skill),
            }
            for kind, face in zip(d.pool, faces, strict=True)
        ],
    }
    return out


def _step(state: State, seat: str, book: Book, step) -> dict[str, Any]:
    scene = book.scene(step.scene)
    if scene is None:
        return {"number": step.scene, "title": None, "option": None, "result": None}
    ctx = read_context(state, seat, step.answers)
    check = scene.options[step.option].check if step.option is not None else None
    seen = read_scene(
        scene,
        ctx,
        option=step.option,
        successes=step.successes if check is not None else None,
        names=book.names,
    )
    data = {
        "number": scene.number,
        "key": scene.key,
        "title": scene.title,
        "option": seen.options[step.option].label if step.option is not None else None,
        "successes": step.successes,
        "effects": [asdict(x) for x in seen.effects],
        "result": asdict(seen.result) if seen.result is not None else None,
    }
    _name_cards(data, book)
    return data


def _name_cards(data: Any, book: Book) -> None:
    """Give every effect about a numbered card that card's name (``card_name``)."""
    if isinstance(data, list):
        for item in data:
            _name_cards(item, book)
    elif isinstance(data, dict):
        if "verb" in data and "args" in data:
            card = data["args"].get("card")
            if isinstance(card, int) and card in book.cards:
                data["card_name"] = f"#{card:03d} {book.cards[card]}"
            return
        for value in data.values():
            if isinstance(value, list | dict):
                _name_cards(value, book)


def _effects(state: State) -> list[dict[str, Any]]:
    """Campaign mode: the scene's effects waiting to be applied (or applied already)."""
    c = state.campaign
    if c is None:
        return []
    out = []
    for i, p in enumerate(state.effects):
        aid = state.adventurers[p.player]
        out.append(
            {
                "index": i + 1,
                "text": p.text,
                "who": adventurer_name(c, aid),
                "done": p.done,
                "by_hand": p.by_hand,
                "said": p.said,
                "choices": [] if p.done else scene_effects.choices(c, p, aid),
                "make_room": None if p.done else scene_effects.make_room(c, p, aid),
            }
        )
    return out


def _event(state: State, seat: str, book: Book | None) -> dict[str, Any] | None:
    drawn = state.drawn
    if drawn is None:
        return None
    out: dict[str, Any] = {"waiting": drawn.asking is not None, "card": None, "ask": None}
    if not is_story_master(state, seat):
        return out  # the story master looks at the card privately
    out["card"] = drawn.card
    if drawn.asking is not None and book is not None:
        event = book.event(drawn.card)
        if event is not None:
            confirmed = {int(k): v for k, v in drawn.confirmed.items()}
            pick = pick_event_scene(event, read_context(state), confirmed, book.names)
            out["ask"] = pick.ask
    return out


def _reads_elsewhere(state: State, seat: Seat) -> str | None:
    """The reading player's name while a player reads as story master and ``seat`` is not
    theirs: the reveal setting changed here shows on that player's device, not on this one
    (the Story master seat then runs the table as a display and sees no outcome list)."""
    if not player_reads(state):
        return None
    reader = reading_player(state)
    if reader is None or reader == seat:
        return None
    return state.players[int(reader[1:]) - 1]
