"""The reader's steps shared by its moves: opening a scene, where the event card goes, the
check in progress, prestige. Pure; each function changes the state it is given."""

from __future__ import annotations

from typing import Any

from games.core.engine import RuleError
from games.galzyr.campaign import begin_story as core_begin_story
from games.galzyr.campaign import winners as core_winners
from games.galzyr.reader import dice as dice_rules
from games.galzyr.reader.book import Book
from games.galzyr.reader.scene_effects import pending_from
from games.galzyr.state import State, read_context
from storybook.format import Scene
from storybook.interpreter import EffectView, pick_event_scene


def need_month(state: State) -> None:
    if state.month is None:
        raise RuleError("Pick the month first: the book reads differently by month and day.")


def between_games(state: State) -> bool:
    """Campaign mode, the game saved or packed up: no scene, no active player, no event card."""
    c = state.campaign
    return state.mode == "campaign" and c is not None and c.phase in ("saved", "packed")


def need_game(state: State) -> None:
    if between_games(state):
        raise RuleError("Scenes are read during a game: set up a game (or continue playing) first.")


def put_away(state: State) -> None:
    """Saving ends the game and a new one starts with no scene: the last scene, its trail,
    choice and prestige, leave the screen (the log keeps them)."""
    state.scene, state.scene_turn, state.trail = None, "", []
    state.answers, state.option, state.successes, state.dice = {}, None, None, None
    state.locked, state.by_hand, state.partner = False, False, None
    state.earned, state.effects, state.drawn = [0, 0], [], None


def printed(book: Book) -> bool:
    """The world has no scenes here (the published box's facts): the story master reads them
    from the printed Book of Adventures and the effects are entered by hand."""
    return not book.numbers


def scene_of(book: Book, number: int) -> Scene | None:
    """The scene with this number; read from the printed book, a bare scene holding only its
    number (the app knows no scene text: nothing is invented)."""
    if printed(book):
        return Scene(number=number)
    return book.scene(number)


def start(state: State, number: int, book: Book, *, fresh: bool) -> Scene:
    scene = scene_of(book, number)
    if scene is None:
        raise RuleError(f"The book has no scene {number:04d}.")
    if fresh:
        one_scene_a_turn(state)
        state.scene_turn = turn_key(state)
        state.trail = []
        state.earned = [0, 0]
        state.partner = None
        state.effects = []  # a new scene: what was left of the last one is not applied
        state.by_hand = False
    state.scene = number
    state.answers = {}
    state.option = None
    state.successes = None
    state.dice = None
    state.locked = False
    return scene


def turn_key(state: State) -> str:
    """Campaign mode: the turn a scene is opened in (the ending scene's is the game's end)."""
    c = state.campaign
    if state.mode != "campaign" or c is None or c.game is None:
        return ""
    g = c.game
    return f"{c.phase}:{c.month}:{c.calendar.day}:{g.number}:{g.turn}"


def step_key(state: State) -> str:
    """Campaign mode: where the group is, the turn and its step (travel, the story), so a
    checklist kept at one step reads as done before once the group is at the next (the last
    turn's end while this turn's scene is read)."""
    c = state.campaign
    step = c.game.step if c is not None and c.game is not None else ""
    return f"{turn_key(state)}|{step}"


def one_scene_a_turn(state: State) -> None:
    """A turn resolves one story scene: once it is resolved, the next opens on the next turn
    (the story master's by-hand way out is the event deck, ``draw-event``)."""
    c = state.campaign
    if c is None or c.phase not in ("playing", "over") or state.scene is None:
        return
    if state.locked and state.scene_turn and state.scene_turn == turn_key(state):
        then = (
            "it was the game's ending scene; save the game next"
            if c.phase == "over"
            else "a turn resolves one story scene; the next opens on the next turn (“End the turn”)"
        )
        raise RuleError(f"Scene {state.scene:04d} is resolved: {then}.")


def release_event(state: State, *, top: bool) -> str:
    """The held event card goes back into the deck (its scene was left or didn't say). The
    sentence, which every seat reads in the history, does not name it: the story master looked
    at it privately and the deck is face down, so its number would tell the next draws."""
    if state.drawn is None:
        return ""
    card = state.drawn.card
    state.drawn = None
    if top:
        state.deck.insert(0, card)
        return " The event card goes back on top of the event deck."
    state.deck.append(card)
    return " The event card goes to the bottom of the event deck."


def pick_event(state: State, book: Book) -> str:
    drawn = state.drawn
    assert drawn is not None
    event = book.event(drawn.card)
    if event is None and printed(book):
        return (
            " The story master reads the event card and opens the first of its scenes whose "
            "prerequisite is met, by its number."
        )
    assert event is not None
    confirmed = {int(k): v for k, v in drawn.confirmed.items()}
    pick = pick_event_scene(event, read_context(state), confirmed, book.names)
    if pick.scene is not None:
        drawn.asking = None
        scene = start(state, pick.scene, book, fresh=True)
        title = f" “{scene.title}”" if scene.title else ""
        return f" Scene {scene.key}{title} opens."
    if pick.ask is not None:
        drawn.asking = pick.entry
        return " The story master checks a prerequisite on the card."
    card = drawn.card
    state.drawn = None
    state.deck.append(card)
    raise RuleError(f"No scene of event card {card:03d} can open now.")


def leave_event(state: State, book: Book) -> str:
    """Opening a scene by its number: a held event card goes back on top of the deck, unless
    it was drawn for the scene being opened now (read from the printed book, the story master
    looks the event's scene up on the card and enters its number)."""
    if printed(book) and state.drawn is not None and state.scene is None:
        return ""
    return release_event(state, top=True)


def reading(state: State, book: Book) -> Scene:
    if state.scene is None:
        raise RuleError("Open a scene first.")
    scene = scene_of(book, state.scene)
    if scene is None:
        raise RuleError(f"The book has no scene {state.scene:04d} any more.")
    if state.locked:
        raise RuleError(f"Scene {scene.key} is over: open the next scene.")
    return scene


def check_started(state: State) -> bool:
    return state.successes is not None or (state.dice is not None and state.dice.rolls > 0)


def chosen_check(state: State) -> tuple[Scene, str]:
    """The scene and the tested skill, while the chosen option's check is unresolved."""
    scene = reading(state, state.book())
    if state.option is None:
        raise RuleError("Choose an option first.")
    opt = scene.options[state.option]
    if opt.check is None:
        raise RuleError(f"“{opt.label}” has no skill check.")
    return scene, opt.check.skill


def unresolved(state: State) -> tuple[Scene, str]:
    scene, skill = chosen_check(state)
    if state.successes is not None:
        raise RuleError("The skill check is resolved: continue, or enter the successes again.")
    return scene, skill


def dice_total(state: State, skill: str, book: Book) -> int:
    d = state.dice
    assert d is not None
    shown = dice_rules.dice_successes(d.pool, d.rolled, skill, book.skills) if d.rolls else 0
    return dice_rules.total(shown, d.stars, d.broken)


def es(n: int) -> str:
    return "" if n == 1 else "es"


# Not carried out, so never asked about: a note is the story master's, go and end finish it.
NOT_ASKED = ("note", "go", "end")


def optional_effects(effects: list[EffectView], partner: bool) -> list[EffectView]:
    """The effects the player may choose not to take (``optional: true``), in the book's order:
    "continue" asks about each of them — but not about one for the partner when nobody joined
    (it goes to the partner "if there is one": there is nothing to take or decline)."""
    return [
        x
        for x in effects
        if x.optional and x.verb not in NOT_ASKED and (partner or x.who != "partner")
    ]


def take_optional(
    effects: list[EffectView], answers: list[bool] | None, partner: bool
) -> tuple[list[EffectView], list[EffectView]]:
    """(the effects resolved, the optional ones declined): ``answers`` holds one yes or no per
    optional effect, in order; an optional effect nobody answered is asked about first."""
    asked = optional_effects(effects, partner)
    given = answers or []
    if len(given) < len(asked):
        eff = asked[len(given)]
        raise RuleError(
            f"{quoted(eff.text)} is optional: say whether the player takes it (yes or no) "
            "before continuing."
        )
    if len(given) > len(asked):
        raise RuleError(
            f"{len(given)} answers for {len(asked)} optional effect"
            f"{'s' if len(asked) != 1 else ''}: answer once for each optional effect."
        )
    declined = [eff for eff, yes in zip(asked, given, strict=True) if not yes]
    return [x for x in effects if not any(x is d for d in declined)], declined


def declined_text(state: State, declined: list[EffectView]) -> str:
    if not declined:
        return ""
    return f" {state.players[state.active]} declines " + ", ".join(quoted(x.text) for x in declined)


def quoted(text: str) -> str:
    return f"“{text}”"


def stop(text: str) -> str:
    """End a log sentence once: “Browse the fish market.” needs no second full stop."""
    bare = text.rstrip("”’\"'")
    return text if bare.endswith((".", "!", "?", "…")) else text + "."


def earn(state: State, effects: list[EffectView]) -> str:
    """Count the prestige effects, each for the players it names: the active player, the
    partner (if there is one) or everyone at the table — as the campaign applies them. A
    token never goes below 0 on the track, so a loss stops there, effect by effect.

    Book-only mode: this tally is the game's prestige. Campaign mode: the adventurers' track
    is, and it moves when the prestige effect is applied to the campaign (``pend``), so
    nothing is counted, or said, here."""
    if state.mode == "campaign":
        return ""
    n = len(state.players)
    got = [0] * n
    for eff in effects:
        if eff.verb != "prestige":
            continue
        amount = eff.args.get("prestige", 0)
        for i in _named(eff.who, state.active, state.partner, n):
            after = max(0, state.prestige[i] + amount)
            got[i] += after - state.prestige[i]
            state.prestige[i] = after
    partner = got[state.partner] if state.partner is not None else 0
    state.earned = [state.earned[0] + got[state.active], state.earned[1] + partner]
    order = [state.active] + [i for i in range(n) if i != state.active]
    parts = [f"{state.players[i]} {got[i]:+d} prestige" for i in order if got[i]]
    return (" — " + ", ".join(parts)) if parts else ""


def _named(who: str, active: int, partner: int | None, n: int) -> list[int]:
    if who == "everyone":
        return list(range(n))
    if who == "partner":
        return [] if partner is None else [partner]
    return [active]


def place_event(state: State, effects: list[EffectView]) -> str:
    """Follow what the scene says about the drawn event card."""
    if state.drawn is None:
        return ""
    for eff in effects:
        if eff.args.get("card") != "event" or eff.verb not in ("put", "discard"):
            continue
        card = state.drawn.card
        state.drawn = None
        if eff.verb == "put" and eff.args.get("into") == "event_deck":
            if eff.args.get("position") == "top":  # unnamed, as in release_event
                state.deck.insert(0, card)
                return " The event card goes on top of the event deck."
            state.deck.append(card)
            return " The event card goes to the bottom of the event deck."
        where = (
            "the library" if eff.verb == "discard" else eff.args.get("into", "").replace("_", " ")
        )
        return f" Event card {card:03d} leaves the event deck for {where}."
    return ""


def pend(state: State, scene: Scene, effects: list[EffectView]) -> str:
    """Campaign mode: the resolved effects wait under the scene to be applied one by one."""
    if state.mode != "campaign" or state.campaign is None:
        return ""
    n = len(state.players)
    new = pending_from(effects, scene.number, state.active, state.partner, n)
    c = state.campaign
    if c.phase == "over":  # several winners are all active players: each gets the active's share
        theirs = [e for e in effects if e.who not in ("everyone", "partner")]
        for aid in core_winners(c):
            i = state.adventurers.index(aid)
            if i not in (state.active, state.partner):
                new += pending_from(theirs, scene.number, i, None, n)
    state.effects += new
    if not new:
        return ""
    return f" {len(new)} effect{'s' if len(new) != 1 else ''} to apply to the campaign."


def left_unapplied(state: State) -> str:
    """Said when a new scene opens before the last one's effects were all applied."""
    n = sum(not p.done for p in state.effects)
    if not n:
        return ""
    return f" {n} effect{'s' if n != 1 else ''} of the last scene {'were' if n != 1 else 'was'} not applied."


def outcomes_hidden(state: State) -> bool:
    """Whether a skill check's outcomes are hidden now from the story master as from everyone
    (the rulebook reveals them after the check is resolved; the story master's reading setting
    ``hide_outcomes``, on by default, keeps it so on their device too)."""
    return state.hide_outcomes and state.successes is None


def conceal_outcomes(state: State, options: list[dict[str, Any]]) -> bool:
    """Remove the outcomes of every option with a skill check from what the story master's
    seat is sent while they are hidden (the chosen one's come back once its check is
    resolved); True when something was removed. Other seats never get outcomes."""
    if not state.hide_outcomes:
        return False
    hidden = False
    for opt in options:
        if opt.get("check") is None or opt.get("outcomes") is None:
            continue
        if outcomes_hidden(state) or opt["index"] != state.option:
            opt["outcomes"] = None
            hidden = True
    return hidden


def story_begins(state: State) -> str:
    """Campaign mode: a scene opened (or an event card drawn) while the active player could
    still travel begins their story, as "Begin the story" does: travel is over, and the turn
    can end once the scene is read. Returns the sentence saying so."""
    c = state.campaign
    if state.mode != "campaign" or c is None or c.phase != "playing":
        return ""
    if c.game is None or c.game.phase != "adventure" or c.game.step != "travel":
        return ""
    return "".join(f" {step}" for step in core_begin_story(c))
