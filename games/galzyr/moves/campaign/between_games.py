"""Campaign moves between games and at their ends: a new campaign for a new table, game setup
(each player's adventurer, Discord or Harmony, challenge mode), saving, continuing, resets.

A new table is set up with the adventurers and the play (Discord or Harmony) chosen on the
new-table form (``Options.adventurers`` / ``Options.play``), by default the world's adventurers
in order, co-operatively. Until something happens in that first game the players may still
choose again: the move rebuilds the campaign from its seed to be sure nothing would be lost
(a card, a figure or a dial moved refuses it), then sets the first game up with their choices.
"""

from __future__ import annotations

from types import SimpleNamespace

from pydantic import BaseModel, Field

from games.core.engine import RuleError
from games.core.moves import MoveSet
from games.galzyr import campaign as core
from games.galzyr.campaign.facts import PlayerNumber
from games.galzyr.campaign.readiness import campaign_refusal
from games.galzyr.campaign.setup import first_turn
from games.galzyr.campaign.text import adventurer_name
from games.galzyr.reader.book import Book
from games.galzyr.reading import put_away
from games.galzyr.state import MANAGERS, UNCHOSEN, Play, State
from games.galzyr.tracking import (
    adventurer_of,
    campaign_of,
    deal_events,
    keep,
    say,
    sync,
)

moves = MoveSet("galzyr.campaign.between_games")


def start_campaign(
    state: State,
    book: Book,
    seed: int,
    *,
    adventurers: list[str] | None = None,
    play: Play = "cooperative",
) -> None:
    """A fresh campaign from the world's catalog and map, then the game setup for the players
    (their adventurers in the world's order unless chosen; challenge mode from the table)."""
    world = SimpleNamespace(slug=book.slug, info=book.info, cards=book.catalog)
    if not book.catalog:
        raise RuleError(f"The world “{book.name}” has no card catalog: campaign mode needs one.")
    refused = campaign_refusal(book.info, book.catalog, book.numbers)  # what lint reports
    if refused:
        raise RuleError(refused)
    advs = [a.id for a in book.info.adventurers]
    if len(state.players) > len(advs):
        raise RuleError(f"The world has {len(advs)} adventurers: at most that many players.")
    campaign, _ = core.new_campaign(world, seed)  # type: ignore[arg-type]
    campaign.seed = seed
    state.mode = "campaign"
    state.campaign = campaign
    state.adventurers = chosen_adventurers(state, campaign, adventurers or [])
    steps = core.setup_game(campaign, state.adventurers, play, challenge=state.challenge)
    deal_events(state)
    sync(state)
    keep(state, "Game setup", steps)


def chosen_adventurers(state: State, c: core.Campaign, chosen: list[str]) -> list[str]:
    """One adventurer per player: the ones chosen, never two alike; a player left unchosen
    ("-") takes the next of the world's order that nobody chose (so do all, when none is)."""
    order = [a.id for a in c.world.adventurers]
    n = len(state.players)
    picks = list(chosen)
    while len(picks) > n and picks[-1] == UNCHOSEN:
        picks.pop()  # the new-table form's rows for players who are not there
    if not picks:
        return order[:n]
    if len(picks) != n:
        raise RuleError(
            f"Choose one adventurer for each player ({n} at the table, not {len(picks)})."
        )
    named = [aid for aid in picks if aid != UNCHOSEN]
    for aid in named:
        if aid not in order:
            raise RuleError(f"This world has no adventurer “{aid}”.")
    for i, aid in enumerate(named):
        if aid in named[:i]:
            raise RuleError(
                f"{adventurer_name(c, aid)} is chosen twice: each player plays a different "
                "adventurer."
            )
    free = iter(aid for aid in order if aid not in named)
    return [next(free) if aid == UNCHOSEN else aid for aid in picks]


# -- setting up, saving, continuing ---------------------------------------------------------------
class SetupArgs(BaseModel):
    adventurers: list[str] = Field(default_factory=list, max_length=6)  # per player, in order
    mode: Play = "cooperative"
    challenge: bool = False


@moves.move(SetupArgs, label="Set up a game", roles=MANAGERS)
def campaign_setup(state: State, args: SetupArgs, seat: str) -> str:
    """Game setup (every card in the trays): each player's adventurer, competitive (Discord)
    or co-operative (Harmony), challenge mode; the round limit follows the player count."""
    c = campaign_of(state)
    chosen = chosen_adventurers(state, c, args.adventurers)
    steps = core.setup_game(c, chosen, args.mode, challenge=args.challenge)
    state.adventurers = chosen
    state.challenge = args.challenge
    deal_events(state)
    put_away(state)  # a new game starts with no scene (a table saved before this was kept)
    g = c.game
    assert g is not None
    card = "Discord" if g.mode == "competitive" else "Harmony"
    challenge = ", challenge mode" if args.challenge else ""
    lead = f"A {g.mode} game ({card}{challenge}) of {g.limit} rounds."
    return say(state, "Game setup", steps, lead)


@moves.move(SetupArgs, label="Set up the first game again", roles=MANAGERS)
def campaign_first_setup(state: State, args: SetupArgs, seat: str) -> str:
    """Before anything happens in a new campaign: the first game set up again with each
    player's adventurer, the mode and challenge mode (the same month, decks and quests)."""
    c = campaign_of(state)
    chosen = chosen_adventurers(state, c, args.adventurers)
    if not first_turn(c) or c.game is None or c.seed is None:
        raise RuleError(
            "Only a new campaign's first game can be set up again, before its first scene: "
            "choose at the next game's setup instead."
        )
    book = state.book()
    # Rebuilt from the same seed with the same choices, an untouched campaign is equal to
    # this one: anything else means a card, a figure or a dial has moved since.
    again = State(world=state.world, players=list(state.players), rng=0, challenge=c.game.challenge)
    start_campaign(again, book, c.seed, adventurers=state.adventurers, play=c.game.mode)
    if again.campaign != c:
        raise RuleError(
            "Something has already changed in this game (a card, a figure or a dial): undo it "
            "first, or choose at the next game's setup."
        )
    state.challenge = args.challenge
    start_campaign(state, book, c.seed, adventurers=chosen, play=args.mode)
    g = state.campaign.game if state.campaign else None
    assert g is not None
    card = "Discord" if g.mode == "competitive" else "Harmony"
    challenge = ", challenge mode" if args.challenge else ""
    lead = f"The first game is set up again: {g.mode} ({card}{challenge}), {g.limit} rounds."
    steps = [core.Step(s.text, s.manual) for s in state.checklist]  # start_campaign's
    return say(state, "Game setup", steps, lead)


@moves.move(label="Reset the whole game", roles=MANAGERS)
def campaign_reset_game(state: State, args, seat: str) -> str:
    """Reset the whole campaign: every card back where a new box starts (between games)."""
    return say(state, "Reset the whole game", core.reset_game(campaign_of(state)))


class SaveArgs(BaseModel):
    pack: bool = True


@moves.move(SaveArgs, label="Save the game", roles=MANAGERS)
def campaign_save(state: State, args: SaveArgs, seat: str) -> str:
    """Save the game: timers off, save effects, then (pack) every card into the save slots.
    The scene's effects come first (the ending scene is played before the save)."""
    left = sum(not p.done for p in state.effects)
    if left:
        them = "them" if left != 1 else "it"
        raise RuleError(
            f"{left} effect{'s' if left != 1 else ''} of scene {state.effects[-1].scene:04d} "
            f"{'wait' if left != 1 else 'waits'} to be applied: apply {them}, or mark {them} "
            f"“Done by hand” if the group made {them} already, before saving (or undo the scene)."
        )
    steps = core.save_game(campaign_of(state), pack=args.pack)
    put_away(state)  # the game is over: between games the screen shows what comes next
    return say(state, "Save the game", steps)


@moves.move(label="Pack up", roles=MANAGERS)
def campaign_pack_up(state: State, args, seat: str) -> str:
    """Pack the saved game into the box after all (the group chose to continue, then stopped)."""
    return say(state, "Pack up", core.pack_up(campaign_of(state)))


@moves.move(label="Continue playing", roles=MANAGERS)
def campaign_continue(state: State, args, seat: str) -> str:
    """Continue playing right after saving without packing up."""
    steps = core.continue_playing(campaign_of(state))
    deal_events(state)
    return say(state, "Continue playing", steps)


class PlayerArgs(BaseModel):
    player: PlayerNumber


@moves.move(PlayerArgs, label="Reset an adventurer", roles=MANAGERS)
def campaign_reset_adventurer(state: State, args: PlayerArgs, seat: str) -> str:
    """Reset one player's adventurer to a clean slate (between games)."""
    c = campaign_of(state)
    aid = adventurer_of(state, args.player)
    return say(state, f"Reset {adventurer_name(c, aid)}", core.reset_adventurer(c, aid))
