"""Act 1's question “can this hand secure that sponsor?”, asked by the moves and the pages alike.

``check_secure`` answers it for one sponsor and the people presented; ``secure_checks`` for
every sponsor still on the table and the whole hand, which is what the Move the Story Along
rule asks (the hints a player sees come from it too).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.core.engine import RuleError
from games.tales_of_danger.catalog import UNKNOWN, Cards, need
from games.tales_of_danger.state import State


def without_sponsor(state: State) -> list[int]:
    return [i for i, p in enumerate(state.players) if p.sponsor is None]


def available_sponsors(state: State) -> list[str]:
    taken = {p.sponsor for p in state.players}
    return [s for s in state.sponsors if s not in taken]


def must_secure(state: State, index: int) -> bool:
    """The Move the Story Along rule: the last player without a sponsor must take one."""
    return without_sponsor(state) == [index]


@dataclass
class SecureCheck:
    """The answer to “can I secure this sponsor with these people?”."""

    sponsor: str
    evidence: int = 0
    plans: int = 0
    evidence_needed: int = 0
    plans_needed: int = 0
    insiders: list[str] = field(default_factory=list)
    counted: list[str] = field(default_factory=list)  # people showing the sponsor's icon
    ok: bool = False
    reason: str = ""


def check_secure(catalog: Cards, sponsor_ref: str, people: list[str]) -> SecureCheck:
    """Count evidence and plans on the people showing the sponsor's icon, and look for insiders.

    Raises RuleError asking for any value of the catalog it needs and lacks.
    """
    sponsor = catalog.sponsor(sponsor_ref)
    who = sponsor.called
    check = SecureCheck(
        sponsor=sponsor.id,
        evidence_needed=need(sponsor.evidence, f"how much evidence {who} needs"),
        plans_needed=need(sponsor.plans, f"how many plans {who} needs"),
    )
    unknown = [catalog.person(p).name for p in people if catalog.person(p).ribbon is None]
    if unknown:
        listed = ", ".join(sorted(set(unknown)))
        raise RuleError(f"The app does not know the sponsor icons on: {listed} ({UNKNOWN}).")
    for ref in people:
        card = catalog.person(ref)
        if sponsor.id not in card.ribbon:
            continue
        check.counted.append(card.id)
        check.evidence += need(card.evidence, f"the evidence on the {card.name}")
        check.plans += need(card.plans, f"the plans on the {card.name}")
        if card.ribbon[sponsor.id] > 0:
            check.insiders.append(card.id)
    if not check.insiders:
        check.reason = f"None of these people is an insider (stars by the icon) for {who}."
    elif check.evidence < check.evidence_needed or check.plans < check.plans_needed:
        check.reason = (
            f"{sponsor.called_first} needs {check.evidence_needed} evidence and {check.plans_needed} plans; "
            f"the people showing that icon give {check.evidence} and {check.plans}."
        )
    else:
        check.ok = True
        check.reason = f"These people can secure {who}."
    return check


def secure_checks(state: State, index: int) -> dict[str, SecureCheck | RuleError]:
    """Could the player's whole hand secure each sponsor still on the table?

    The whole hand is the most a player can present: a person without the sponsor's icon
    counts for nothing, and each one with it only adds. A RuleError stands for a sponsor the
    catalog cannot answer for yet (it names the missing value).
    """
    hand = state.players[index].hand
    checks: dict[str, SecureCheck | RuleError] = {}
    for sponsor in available_sponsors(state):
        try:
            checks[sponsor] = check_secure(state.catalog, sponsor, hand)
        except RuleError as exc:
            checks[sponsor] = exc
    return checks


def securable(checks: dict[str, SecureCheck | RuleError]) -> list[str]:
    """The sponsors the checks say the hand can secure."""
    return [s for s, c in checks.items() if isinstance(c, SecureCheck) and c.ok]


def require_unable(state: State, index: int) -> None:
    """Refuse the lowest-ranking sponsor to a player who can secure one of their choice.

    Move the Story Along gives the lowest-ranking sponsor left only to a player unable to
    secure any; when the catalog cannot tell, the group enters the value it lacks first.
    """
    checks = secure_checks(state, index)
    player = state.players[index].name
    able = securable(checks)
    if able:
        listed = " or ".join(state.catalog.sponsor(s).called for s in able)
        raise RuleError(
            f"{player} can secure {listed}: the lowest-ranking sponsor is given only to a "
            f"player who can secure none. Secure one of your choice."
        )
    unknown = [c for c in checks.values() if isinstance(c, RuleError)]
    if unknown:
        raise RuleError(
            f"The app can't tell yet whether {player} can secure a sponsor. {unknown[0]}"
        )
