"""The Lands of Galzyr campaign, pure: every card copy, the adventurers, the calendar, the
rounds and the rulebook's procedures (reset, setup, save, continue) as checklists.

No Django. A ``Campaign`` round-trips through JSON exactly; functions mutate the campaign they
are given and return the physical actions to mirror, or raise ``RuleError`` unchanged.
"""

from .build import ADDABLE, add_copy, build_campaign
from .calendar import advance_day, delay, hasten, place_timer, stack, timer_of
from .cards import (
    abandon_quest,
    choose_copy,
    discard_card,
    draw_event,
    move_card,
    pick_up_quest,
    place_drawn_event,
    refill_noticeboard,
    take_card,
    tray,
)
from .copies import Copy
from .facts import GALZYR_PLAN, ResetPlan, required_successes, round_limit, story_master
from .invariants import check
from .procedures import (
    continue_playing,
    new_campaign,
    pack_up,
    reset_adventurer,
    reset_game,
    save_game,
    setup_game,
)
from .regain import gain_again, held_status
from .rounds import (
    active,
    begin_story,
    change_gold,
    change_prestige,
    distance,
    end_turn,
    gain_tag,
    lose_tag,
    move_mark,
    movement,
    place_figure,
    quest_turn,
    reached_end,
    story_master_of,
    tags_of,
    travel,
    winners,
)
from .state import Adventurer, Calendar, Campaign, Round, Timer
from .text import Checklist, Step
from .where import where_all, where_is

__all__ = [
    "GALZYR_PLAN",
    "Adventurer",
    "Calendar",
    "Campaign",
    "Checklist",
    "Copy",
    "ResetPlan",
    "Round",
    "Step",
    "Timer",
    "abandon_quest",
    "active",
    "advance_day",
    "begin_story",
    "ADDABLE",
    "add_copy",
    "gain_again",
    "held_status",
    "build_campaign",
    "change_gold",
    "change_prestige",
    "check",
    "choose_copy",
    "continue_playing",
    "delay",
    "discard_card",
    "distance",
    "draw_event",
    "end_turn",
    "gain_tag",
    "hasten",
    "lose_tag",
    "move_card",
    "move_mark",
    "movement",
    "new_campaign",
    "pack_up",
    "pick_up_quest",
    "place_drawn_event",
    "place_figure",
    "place_timer",
    "quest_turn",
    "reached_end",
    "refill_noticeboard",
    "required_successes",
    "reset_adventurer",
    "reset_game",
    "round_limit",
    "save_game",
    "setup_game",
    "stack",
    "story_master",
    "story_master_of",
    "tags_of",
    "take_card",
    "timer_of",
    "travel",
    "tray",
    "where_all",
    "where_is",
    "winners",
]
