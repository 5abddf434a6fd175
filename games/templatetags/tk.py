"""Small template helpers shared by every game's panel."""

import json

from django import template

register = template.Library()


@register.filter
def label(value) -> str:
    """`gold_coin` → `Gold coin`: rules code names as words."""
    text = str(value).replace("_", " ").replace("-", " ").strip()
    return text[:1].upper() + text[1:]


@register.simple_tag
def as_json(**fields) -> str:
    """A JSON object for an option's value: `{% as_json card=name at='common' %}`."""
    return json.dumps({key: value for key, value in fields.items() if value is not None})


@register.filter
def get(mapping, key):
    """`{{ supply|get:item }}`: look up by a variable key."""
    try:
        return mapping[key]
    except (KeyError, IndexError, TypeError):
        return None


@register.filter
def numbers(count) -> range:
    """`{% for n in spare|numbers %}`: 1 to ``count``, one form field per card."""
    try:
        return range(1, int(count) + 1)
    except (TypeError, ValueError):
        return range(0)
