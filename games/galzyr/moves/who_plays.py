"""Who plays: the active player the scenes are read to, and a partner joining a handshake
scene (in campaign mode, as the campaign's turn order and the board allow)."""

from __future__ import annotations

from pydantic import BaseModel

from games.core.engine import RuleError
from games.core.moves import MoveSet
from games.galzyr import campaign as core
from games.galzyr.campaign.facts import PlayerNumber
from games.galzyr.campaign.text import adventurer_name, possessive
from games.galzyr.reading import reading
from games.galzyr.state import MANAGERS, State, tracked_board

moves = MoveSet("galzyr.who_plays")


class PlayerArgs(BaseModel):
    player: PlayerNumber


def _player(state: State, number: int) -> int:
    if number > len(state.players):
        raise RuleError(f"There is no player {number} at this table.")
    return number - 1


@moves.move(PlayerArgs, roles=MANAGERS)
def set_active(state: State, args: PlayerArgs, seat: str) -> str:
    """Whose turn it is: the active player the scenes are read to. In campaign mode the
    campaign's turn order says it; after the game's end, a competitive game's ending scene is
    read to a winner."""
    index = _player(state, args.player)
    if tracked_board(state):
        _campaign_active(state, index)
    state.active = index
    if state.partner == state.active:
        state.partner = None
    return f"{state.players[state.active]} is the active player."


@moves.move(PlayerArgs, roles=MANAGERS)
def join_partner(state: State, args: PlayerArgs, seat: str) -> str:
    """A player on the same space joins a handshake scene as the partner."""
    scene = reading(state, state.book())
    if not scene.partner:
        raise RuleError(f"Scene {scene.key} has no handshake: nobody can join as a partner.")
    index = _player(state, args.player)
    if index == state.active:
        raise RuleError(f"{state.players[index]} is the active player, not a partner.")
    if tracked_board(state):
        _same_space(state, index)
    state.partner = index
    return f"{state.players[index]} joins {state.players[state.active]} as the partner."


@moves.move(label="Leave as partner", roles=MANAGERS)
def leave_partner(state: State, args, seat: str) -> str:
    """The partner leaves (before the scene goes on without them)."""
    if state.partner is None:
        raise RuleError("There is no partner in this scene.")
    name = state.players[state.partner]
    state.partner = None
    return f"{name} is no longer the partner."


# -- campaign mode: who may be the active player and the partner ---------------------------------
def _campaign_active(state: State, index: int) -> None:
    """The reader's active player is the campaign's: during a game its turn order, after the
    game's end (its ending scene) a winner of a competitive game, or anyone in a co-operative
    one (the most valuable player reads it)."""
    c = state.campaign
    assert c is not None
    aid = state.adventurers[index]
    name = adventurer_name(c, aid)
    if c.phase == "playing":
        if aid == core.active(c):
            return
        turn = adventurer_name(c, core.active(c))
        raise RuleError(
            f"It is {possessive(turn)} turn in the campaign: {name} becomes the active player "
            "when their turn comes (“End the turn”)."
        )
    won = core.winners(c)
    if won and aid not in won:
        who = " and ".join(adventurer_name(c, a) for a in won)
        raise RuleError(
            f"The ending scene is read to the winners ({who}): {name} did not win this game."
        )


def _same_space(state: State, index: int) -> None:
    """A partner's figure is on the active adventurer's space (the handshake's rule)."""
    c = state.campaign
    assert c is not None
    me = c.adventurer(state.adventurers[state.active])
    them = c.adventurer(state.adventurers[index])
    name, active = adventurer_name(c, them.id), adventurer_name(c, me.id)
    if me.position is None:
        raise RuleError(f"{possessive(active)} figure is off the board: nobody shares its space.")
    if them.position != me.position:
        where = f"at {c.location_name(them.position)}" if them.position else "off the board"
        raise RuleError(
            f"{name} is {where}, not at {c.location_name(me.position)} with {active}: a partner "
            "must be on the same space."
        )
