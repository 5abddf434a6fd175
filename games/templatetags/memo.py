"""``{% memo "name" value… %}…{% endmemo %}``: a fragment rendered once per distinct data.

Every move answers with the whole live region, and most of it shows what it showed before
the move: a card moved between two trays leaves the adventurers' boards, the forms and the
calendar as they were. The template engine is most of what a move costs (``make bench``), so
a fragment is kept, per process, under a digest of the values it is given and rendered again
only when one of them changes.

The project's one fragment cache. Django's ``{% cache %}`` was the other: it keys on the
``str()`` of its values, so a block holding a form would keep one device's CSRF token and an
old version, and it stores in the default cache, which ``make serve`` points at a folder on
disk (the guess throttle's, shared by the workers) — a file read per fragment.

The contract: the block may read only the values named in its tag, plus what every key holds
anyway: the table's code, the device's seat and the language. The table's version and the
CSRF token change with every answer yet sit in every form: the block renders stand-ins for
them, replaced in its output each time. tests/games/galzyr/test_memo.py walks random games
and checks every page against a render without the memo.
"""

from __future__ import annotations

import functools
import hashlib
import html
import marshal

from django import template
from django.conf import settings
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

register = template.Library()

VERSION = "\x00tk-version\x00"
CSRF = "\x00tk-csrf\x00"


class _VersionHidden:
    """The table, with a stand-in for its version (whatever else the block reads of it)."""

    version = VERSION

    def __init__(self, table):
        self._table = table

    def __getattr__(self, name):
        return getattr(self._table, name)


def enabled() -> bool:
    return getattr(settings, "TALEKEEPER_MEMO", True)


# 1024 fragments per process, the least recently used dropped first: a Galzyr table shows
# ~25 blocks per seat (the campaign's parts, one per tray, the panel's), so the current ones of
# ten busy tables with four seats each fit. Most are a few KB; a campaign's forms with 500 card
# copies ~100 KB, a few of them per table. The key is a digest of what the block shows, so a
# kept fragment is never stale: it is only not asked for again.
@functools.lru_cache(maxsize=1024)
def _slot(key: tuple) -> list[str]:
    """The one-item box the first render of ``key`` fills (empty until then)."""
    return []


def forget() -> None:
    _slot.cache_clear()


class MemoNode(template.Node):
    def __init__(self, name: str, values: list, nodelist: template.NodeList):
        self.name, self.values, self.nodelist = name, values, nodelist

    def render(self, context: template.Context) -> str:
        table, seat, token = context.get("table"), context.get("seat"), context.get("csrf_token")
        if not enabled() or table is None or not token or token == "NOTPROVIDED":
            return self.nodelist.render(context)
        try:
            data = marshal.dumps([v.resolve(context) for v in self.values], 2)
        except ValueError:  # a value marshal can't write (an object): no memo, no risk
            return self.nodelist.render(context)
        key = (
            self.name,
            get_language(),
            getattr(table, "code", None),
            getattr(seat, "id", None),
            hashlib.blake2b(data, digest_size=16).digest(),
        )
        slot = _slot(key)
        if not slot:  # two requests may both render it: the same text, the first one stays
            with context.push(table=_VersionHidden(table), csrf_token=CSRF):
                slot.append(self.nodelist.render(context))
        fragment = slot[0]
        version = str(table.version)
        return mark_safe(fragment.replace(VERSION, version).replace(CSRF, html.escape(str(token))))


@register.tag
def memo(parser, token):
    bits = token.split_contents()
    if len(bits) < 2:
        raise template.TemplateSyntaxError("memo needs a name and the values the block reads")
    name = bits[1].strip("\"'")
    values = [parser.compile_filter(bit) for bit in bits[2:]]
    nodelist = parser.parse(("endmemo",))
    parser.delete_first_token()
    return MemoNode(name, values, nodelist)


@register.filter
def without(data: dict, keys: str) -> dict:
    """``data`` less some keys (comma-separated): a memo's key leaves out what its block
    doesn't show."""
    left_out = keys.split(",")
    return {k: v for k, v in data.items() if k not in left_out}
