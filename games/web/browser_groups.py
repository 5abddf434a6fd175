"""The groups a browser saved card data for before any table of theirs (the card-data sheet).

A group is known by its key (``Table.group_key``, random, games/services/group_results.py). A browser
keeps the key of each group it plays with through its tables; a group that saved its
card-data sheet before its first game has no table yet, so the browser that saved it keeps
its key here instead: a signed cookie (key -> name) only this server writes, read like the
groups of the tables this browser keeps (the sheet saves for them; a new table of the same
name joins the key).
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from django.http import HttpRequest, HttpResponse

from games.models import Table
from games.services.group_results import same_name
from games.web.credentials import set_device_cookie

COOKIE = "groups"
SALT = "talekeeper.groups"
MAX_AGE = 60 * 60 * 24 * 365 * 2
MAX_GROUPS = 20  # a cookie stays small


def remembered(request: HttpRequest) -> dict[str, str]:
    """The groups this browser saved a sheet for (key -> name); none for a bad cookie."""
    value = request.get_signed_cookie(COOKIE, default=None, salt=SALT, max_age=MAX_AGE)
    try:
        found = json.loads(value) if value else {}
    except ValueError:
        return {}
    if not isinstance(found, dict):
        return {}
    return {k: v for k, v in found.items() if isinstance(k, str) and isinstance(v, str)}


def remember(response: HttpResponse, request: HttpRequest, key: str, name: str) -> None:
    """Keep ``key`` (the group ``name``) in this browser, the most recent first."""
    groups = {key: name, **{k: v for k, v in remembered(request).items() if k != key}}
    value = json.dumps(dict(list(groups.items())[:MAX_GROUPS]), separators=(",", ":"))
    set_device_cookie(response, COOKIE, value, salt=SALT, max_age=MAX_AGE)


def names(request: HttpRequest, tables: Iterable[Table]) -> list[str]:
    """The names of the groups this browser plays with (its ``tables``' and those it saved a
    sheet for), each spelling once: a group-name field offers them, so a typo doesn't split
    a group. Only this browser's: another group's name on this server is none of its business."""
    found: list[str] = []
    for name in [*(t.group for t in tables), *remembered(request).values()]:
        if name and not any(same_name(name, known) for known in found):
            found.append(name)
    return sorted(found, key=str.casefold)


def latest(request: HttpRequest, tables: list[Table]) -> str:
    """The group this browser saved a sheet for last, else that of its latest table with one
    (``tables``, newest first): the new-table form starts with it, so the group's card data
    isn't left behind by an empty field."""
    for name in remembered(request).values():
        return name
    return next((t.group for t in tables if t.group), "")
