"""``{% memo "name" value… %}…{% endmemo %}``: a fragment rendered once per distinct data.

Every move answers with the whole live region, and most of it shows what it showed before
the move: a card moved between two trays leaves the adventurers' boards, the forms and the
calendar as they were. The template engine is most of what a move costs (``make bench``), so
a fragment is kept, per process, under a digest of the values it is given and rendered again
only when one of them changes.

The contract: the block may read only the values named in its tag, plus what every key holds
anyway: the table's code, the device's seat and the language. The table's version and the
CSRF token change with every answer yet sit in every form: the block renders stand-ins for
them, replaced in its output each time. tests/games/galzyr/test_memo.py walks random games
and checks every page against a render without the memo.
"""

from __future__ import annotations

import hashlib
import html
import marshal
import threading
from collections import OrderedDict

from django import template
from django.conf import settings
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

register = template.Library()

VERSION = "\x00tk-version\x00"
CSRF = "\x00tk-csrf\x00"
MAX_CHARS = 16_000_000  # kept per process at most; the least recently used go first

_fragments: OrderedDict[tuple, str] = OrderedDict()
_kept = 0  # characters in _fragments
_lock = threading.Lock()


class _VersionHidden:
    """The table, with a stand-in for its version (whatever else the block reads of it)."""

    version = VERSION

    def __init__(self, table):
        self._table = table

    def __getattr__(self, name):
        return getattr(self._table, name)


def enabled() -> bool:
    return getattr(settings, "TALEKEEPER_MEMO", True)


def forget() -> None:
    global _kept
    with _lock:
        _fragments.clear()
        _kept = 0


def _keep(key: tuple, fragment: str) -> None:
    global _kept
    with _lock:
        old = _fragments.pop(key, None)
        _kept += len(fragment) - (len(old) if old is not None else 0)
        _fragments[key] = fragment
        while _kept > MAX_CHARS and len(_fragments) > 1:
            _kept -= len(_fragments.popitem(last=False)[1])


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
        with _lock:
            fragment = _fragments.get(key)
            if fragment is not None:
                _fragments.move_to_end(key)  # least recently used goes first
        if fragment is None:
            with context.push(table=_VersionHidden(table), csrf_token=CSRF):
                fragment = self.nodelist.render(context)
            _keep(key, fragment)
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
