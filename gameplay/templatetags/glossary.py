"""``{% explain "concentration" %}``: a word linked to its glossary entry, its explanation as the
link's title. ``{% explain "concentration" "concentrations" %}`` shows other words for it;
``{% glossary_url "concentration" %}`` is the link alone. A slug the glossary lacks fails the
page loudly (a page naming an unexplained word is a bug): ``gameplay/glossary``."""

from __future__ import annotations

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

from gameplay import glossary

register = template.Library()


@register.simple_tag
def explain(slug: str, words: str = "", edition: str = "awakening") -> SafeString:
    found = glossary.explain(slug, edition)
    link = '<a class="gloss" href="{}" title="{}">{}</a>'
    return format_html(link, found["url"], found["short"], words or found["term"])


@register.simple_tag
def glossary_url(slug: str) -> str:
    return glossary.explain(slug)["url"]


@register.inclusion_tag("includes/board_explanations.html")
def board_explanations(board: str, edition: str = "awakening") -> dict[str, object]:
    """``{% board_explanations "runeslingers" edition %}``: the explanations of every counter a
    play board draws, rendered once into the page (hidden); the counters point at them with
    ``aria-describedby`` and ``static/js/explain.js`` shows them on hover, focus and tap."""
    return {"terms": glossary.board_explanations(board, edition)}
