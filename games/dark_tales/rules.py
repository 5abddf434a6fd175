"""Dark Tales: the pure rules (no Django). The physical game is on the table; this mirrors it.

A turn is draw → optional item → play a card. The app tracks the deck as a count (cards
are known by name only when a player taps them), the hands (named cards + a count of
unnamed ones), the cards in play, the discard pile, the item supply with its hard
limits, and each player's face-down VP total. Once the deck is empty, a player who
begins a turn with no cards ends the game; then the B setting card scores and the
totals are revealed.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from games.core.engine import RuleError
from games.core.moves import MoveSet, NoArgs
from games.core.rng import Rng
from games.core.words import possessive
from games.dark_tales import effects
from games.dark_tales.catalog import (
    ITEM_LIMITS,
    NIGHT,
    PLAYING_CARDS,
    Cards,
    an_item,
    table_entries,
    table_settings,
)
from games.dark_tales.effects import PlayCardArgs, Played, PlayItemArgs, draw_from_deck
from games.dark_tales.scoring import end_score, outcome
from games.dark_tales.seat_view import offered
from games.dark_tales.state import (
    ANY_SEAT,
    ENDED,
    OVER,
    SCORING,
    TURN,
    Options,
    Player,
    State,
    check_copies,
    check_self_or_table,
    join,
    no_draw,
    no_items,
    require_player,
    resolve,
    take_from_hand,
)

HAND_SIZE = 3


def setup(options: Options, seed: int, needs: None) -> State:
    rng = Rng(seed)
    cards, settings = table_entries(options.cards), table_settings(options.settings)
    catalog = Cards(cards, settings)
    if catalog.known_total() > PLAYING_CARDS:
        raise RuleError(
            f"The card data counts more than the deck's {PLAYING_CARDS} cards: correct the "
            "copies on the card-data sheet."
        )
    codes = sorted(catalog.settings)
    setting_a = options.setting_a or rng.choice([c for c in codes if c.startswith("A")])
    setting_b = options.setting_b or rng.choice([c for c in codes if c.startswith("B")])
    names = options.players
    first = names.index(options.first_player) if options.first_player else rng.randbelow(len(names))
    return State(
        rng=rng.state,
        players=[Player(name=n, hand_unknown=HAND_SIZE) for n in names],
        setting_a=setting_a,
        setting_b=setting_b,
        first=first,
        active=first,
        phase="draw",
        deck=PLAYING_CARDS - 1 - HAND_SIZE * len(names),
        common=[NIGHT],
        supply=dict(ITEM_LIMITS),
        cards=cards,
        settings=settings,
    )


moves = MoveSet("dark_tales.rules")


# -- turn order --------------------------------------------------------------------------


def begin_turn(state: State) -> str:
    """Start the active player's turn; the game ends here if the deck and hand are empty."""
    player = state.current
    state.item_played = False
    state.gained = no_items()
    if state.deck == 0 and player.hand_count == 0:
        state.phase = "scoring"
        state.ended_by = state.active
        setting = state.catalog().settings[state.setting_b]
        return (
            f" The deck is empty and {player.name} has no cards: the game is over."
            f" Now score the B card, {setting.name}."
        )
    whose = possessive(player.name)
    if state.deck == 0:
        state.phase = "item"
        return f" {whose} turn (the deck is empty: no draw)."
    if no_draw(state, state.active):
        state.phase = "item"
        return f" {whose} turn ({player.name} may not draw)."
    state.phase = "draw"
    return f" {whose} turn."


def end_turn(state: State) -> str:
    state.active = (state.active + 1) % len(state.players)
    state.turn += 1
    return begin_turn(state)


def over(state: State, move: str) -> str | None:
    """Once the game has ended, a move its phase doesn't offer (``offered``: the scoring and
    the corrections until the reveal, the card data always) is refused to every seat with
    this: the game's ``over_fn``, said before whose turn it would be (no one's)."""
    if state.phase not in ENDED or move in offered(state):
        return None
    return SCORING if state.phase == "scoring" else OVER


def require_phase(state: State, *phases: str) -> None:
    """Refuse a move of another phase of the turn (the ended game's are refused by ``over``)."""
    if state.phase in phases:
        return
    if state.phase == "reveal":
        raise RuleError("First play the card the Wizard turned over, or leave it on the deck.")
    if state.phase == "draw":
        raise RuleError(f"{state.current.name} draws a card first: tap “Draw a card”.")
    if "draw" in phases:
        if state.deck == 0:
            raise RuleError("The deck is empty, so no one draws: play an item or a card.")
        if no_draw(state, state.active):
            raise RuleError(
                f"{state.current.name} may not draw cards (a card in front stops it): play an "
                "item or a card."
            )
        raise RuleError(
            f"{state.current.name} has drawn this turn already: play an item or a card."
        )
    if "item" in phases and state.item_played:
        raise RuleError("One item a turn, and this turn's is played: play a card now.")
    if "item" in phases:
        raise RuleError(
            "Items are played before the card, and this turn's card is next: play a card "
            "now, the item next turn."
        )
    raise RuleError("No card is waiting to be played from the deck: play a card from your hand.")


def card_sentence(who: str, played: Played) -> str:
    comma = "," if len(played.phrases) > 1 else ""
    return f"{who} {', '.join(played.phrases)}{comma} and scored {played.vp} VP.{played.kept}"


def after_card(state: State, played: Played) -> str:
    if played.reveal:
        state.phase = "reveal"
        return " Turn over the top card of the deck: play it now or leave it."
    return end_turn(state)


# -- moves -------------------------------------------------------------------------------


class DrawArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")

    card: str | None = None  # tap the card drawn if you want the app to know it (kept private)


@moves.move(DrawArgs, label="Draw a card", roles=TURN)
def draw(state: State, args: DrawArgs, seat: str) -> str:
    """Phase 1: take the top card of the deck into your hand."""
    require_phase(state, "draw")
    public = state.deck_top
    draw_from_deck(state, state.active, args.card)
    state.phase = "item"
    what = f"the face-up {public}" if public else "a card"
    return f"{state.current.name} drew {what} ({state.deck} left in the deck)."


@moves.move(label="Play no item", roles=TURN)
def skip_item(state: State, args: NoArgs, seat: str) -> str:
    """Phase 2 is optional: go straight to playing a card."""
    require_phase(state, "item")
    state.phase = "card"
    return f"{state.current.name} played no item."


@moves.move(PlayItemArgs, label="Play an item", roles=TURN)
def play_item(state: State, args: PlayItemArgs, seat: str) -> str:
    """Phase 2: return an item to the supply and apply the A setting card's effect for it."""
    require_phase(state, "item")
    phrases = effects.play_item(state, state.active, args)
    state.item_played = True
    state.phase = "card"
    detail = f": {join(phrases)}" if phrases else ""
    return f"{state.current.name} played {an_item(args.item)}{detail}."


@moves.move(PlayCardArgs, label="Play a card", roles=TURN)
def play_card(state: State, args: PlayCardArgs, seat: str) -> str:
    """Phase 3: play a card from your hand (tap its name); its VP and effects apply."""
    require_phase(state, "item", "card")
    name = resolve(state, args.card)
    take_from_hand(state, state.active, name)
    played = effects.play_card(state, state.active, name, args)
    return card_sentence(state.current.name, played) + after_card(state, played)


@moves.move(PlayCardArgs, label="Play the revealed card", roles=TURN)
def play_revealed(state: State, args: PlayCardArgs, seat: str) -> str:
    """After a Wizard: play the card turned over from the deck at once, as if from your hand."""
    require_phase(state, "reveal")
    name = resolve(state, args.card)
    if state.deck_top is not None and name != state.deck_top:
        raise RuleError(
            f"The card turned over is the {state.deck_top}: choose the {state.deck_top}."
        )
    if state.deck_top is None:
        check_copies(state, name)
    state.deck_top = None
    state.deck -= 1
    played = effects.play_card(state, state.active, name, args)
    return card_sentence(state.current.name, played) + after_card(state, played)


class RevealedArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")

    card: str  # the card turned over (everyone sees it)


@moves.move(RevealedArgs, label="Leave the revealed card", roles=TURN)
def leave_revealed(state: State, args: RevealedArgs, seat: str) -> str:
    """After a Wizard: don't play the card turned over; it stays face up on the deck."""
    require_phase(state, "reveal")
    name = resolve(state, args.card)
    if state.deck_top is not None and name != state.deck_top:
        raise RuleError(
            f"The card turned over is the {state.deck_top}: choose the {state.deck_top}."
        )
    if state.deck_top is None:
        check_copies(state, name)
    state.deck_top = name
    return f"The {name} stays face up on top of the deck." + end_turn(state)


@moves.move(label="Pass (no cards)", roles=TURN)
def pass_turn(state: State, args: NoArgs, seat: str) -> str:
    """End the turn when you have no card to play."""
    require_phase(state, "item", "card")
    if state.current.hand_count:
        raise RuleError("A player with cards in hand plays one: choose a card to play.")
    return f"{state.current.name} had no card to play." + end_turn(state)


class BonusArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")

    player: str  # seat id, "p2"
    vp: int = Field(ge=0, le=199)
    note: str = Field(default="", max_length=200)


@moves.move(BonusArgs, label="Enter B-card points", roles=ANY_SEAT)
def enter_bonus(state: State, args: BonusArgs, seat: str) -> str:
    """End of game: the B card's points the app can't work out, entered from the card."""
    require_phase(state, "scoring")
    i = require_player(state, args.player)
    check_self_or_table(state, seat, i)
    player = state.players[i]
    score = end_score(state, i)
    if not score.missing:
        raise RuleError(
            f"The app has worked out {possessive(player.name)} points already: enter points only "
            "for the players it names."
        )
    player.bonus_manual, player.bonus_note = args.vp, args.note
    return f"{player.name}: {args.vp} VP entered by hand for {join(score.missing)}."


@moves.move(label="Reveal the scores", roles=ANY_SEAT)
def reveal_scores(state: State, args: NoArgs, seat: str) -> str:
    """Add the B card's points and turn every VP pile face up: the end."""
    require_phase(state, "scoring")
    scores = [end_score(state, i) for i in range(len(state.players))]
    waiting = [
        p.name
        for p, s in zip(state.players, scores, strict=True)
        if s.missing and p.bonus_manual is None
    ]
    if waiting:
        raise RuleError(f"First enter the B-card points for {join(waiting)}.")
    for p, s in zip(state.players, scores, strict=True):
        p.bonus = s.auto + (p.bonus_manual or 0)
        p.bonus_lines = s.lines + ([f"entered by hand: {p.bonus_manual} VP"] * bool(s.missing))
        p.vp += p.bonus
    state.phase = "over"
    totals = ", ".join(f"{p.name} {p.vp}" for p in state.players)
    return f"Scores revealed: {totals}. {outcome(state).summary}"
