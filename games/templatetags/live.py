"""``{% poll_seconds %}``: the table page's fallback poll interval (``TALEKEEPER_POLL_SECONDS``,
2 s; the browser test of the stream raises it to prove the push alone brings a move)."""

from django import template
from django.conf import settings

register = template.Library()


@register.simple_tag
def poll_seconds() -> int:
    return getattr(settings, "TALEKEEPER_POLL_SECONDS", 2)
