"""Card faces: what a player sees on a card, as plain JSON-able dicts.

PURE (no Django). One face dict per catalog object (a deck card, a Runeslinger, an equip), drawn
the same way by the template partial ``includes/card_face.html`` and by ``static/js/cards.js``.
The shape is the card face contract (docs/card-faces.md): a page embeds the faces it needs with
``json_script`` (element id ``card-faces``) and the JS renderer reads them from there.

Words: a face's ``text_parts`` are its rules text cut into ``[text, is_keyword]`` runs, so that
both renderers can set the card's own keywords in bold without parsing the text again.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from gameplay import glossary
from gameplay.runeslingers.cards.catalog import Catalog
from gameplay.runeslingers.cards.model import Card, ClassicAbility, ClassicCatalog, Equip, KeywordValue, Runeslinger
from gameplay.runeslingers.cards.schema import Keyword

Face = dict[str, Any]

# A keyword's help is its glossary entry (gameplay/glossary/terms.yaml: one text for the faces,
# the card pages and the rules pages); a keyword's glossary slug is the keyword itself.
KEYWORD_HELP: dict[Keyword, str] = {keyword: glossary.term(keyword.value).short for keyword in Keyword}


# Keywords that say when a card may be played or used: they join the type line.
SPEED_KEYWORDS = (Keyword.SHOUT, Keyword.QUICK, Keyword.DISTRACT)


def keyword_face(keyword: KeywordValue, edition: str = "awakening") -> dict[str, str]:
    """A keyword on a face: its label ("Sear 2"), its help (the Classic meaning on a Classic face)
    and the link to its glossary entry."""
    explained = glossary.explain(keyword.keyword.value, edition)
    return {"label": str(keyword), "help": explained["short"], "url": explained["url"]}


def type_line(card: Card) -> str:
    """ "Attack Runespell · Shout", "Trinket — Weapon", "Boon": the type, subtype and speed words."""
    line = card.type.value.capitalize()
    if card.type.is_runespell:
        line += " Runespell"
    if card.subtype is not None:
        line += f" — {card.subtype.value.capitalize()}"
    speeds = [k.keyword.value.capitalize() for k in card.keywords if k.keyword in SPEED_KEYWORDS]
    return " · ".join([line, *speeds])


def text_parts(text: str, keywords: tuple[KeywordValue, ...]) -> list[list[Any]]:
    """The text cut into ``[run, is_keyword]`` pairs; the card's keywords (with their value, as
    "Sear 2", written with a capital as on the card) are the keyword runs. Joining the runs gives
    the text back unchanged."""
    words = sorted({k.keyword.value.capitalize() for k in keywords}, key=len, reverse=True)
    if not words or not text:
        return [[text, False]] if text else []
    pattern = re.compile(r"\b(?:" + "|".join(re.escape(w) for w in words) + r")\b(?: \d+| X)?")
    parts: list[list[Any]] = []
    at = 0
    for match in pattern.finditer(text):
        if match.start() > at:
            parts.append([text[at : match.start()], False])
        parts.append([match.group(0), True])
        at = match.end()
    if at < len(text):
        parts.append([text[at:], False])
    return parts


def face_of_card(card: Card) -> Face:
    return {
        "id": card.id,
        "kind": "card",
        "name": card.name,
        "class": card.card_class.value,
        "class_name": card.card_class.value.capitalize(),
        "cost": card.cost,
        "x": card.x,
        "type": card.type.value,
        "type_line": type_line(card),
        "rarity": card.rarity.value,
        "rarity_name": card.rarity.value.capitalize(),
        "keywords": [keyword_face(k) for k in card.keywords],
        "text": card.text,
        "text_parts": text_parts(card.text, card.keywords),
        "defense": card.defense,
    }


def face_of_runeslinger(runeslinger: Runeslinger) -> Face:
    inherent = runeslinger.inherent
    return {
        "id": runeslinger.id,
        "kind": "runeslinger",
        "name": runeslinger.name,
        "class": runeslinger.card_class.value,
        "class_name": runeslinger.card_class.value.capitalize(),
        "type_line": f"Runeslinger · {runeslinger.card_class.value.capitalize()}",
        "health": runeslinger.health,
        "block": runeslinger.block,
        "text": runeslinger.text,
        "inherent": {"name": inherent.name, "cost": inherent.light_cost, "text": inherent.text},
    }


def face_of_equip(equip: Equip) -> Face:
    kind = equip.kind.value
    return {
        "id": equip.id,
        "kind": kind,
        "name": equip.name,
        "class": equip.card_class.value,
        "class_name": equip.card_class.value.capitalize(),
        "type_line": f"{kind.capitalize()} · {equip.card_class.value.capitalize()}",
        "text": equip.text,
        "determinations": equip.determinations,
    }


CLASSIC_MARK = {"edition": "classic", "edition_name": "Classic"}  # a Classic face's small mark
CLASSIC_MAX_HEALTH = 18  # 000: every Runeslinger's maximum health (the engine's CLASSIC rule set says the same)


def classic_face_of_card(card: Card) -> Face:
    """A card's Classic edition (rulebook 000): its Classic text, marked "Classic"; no light cost."""
    return {**face_of_card(card), "keywords": [keyword_face(k, "classic") for k in card.keywords], **CLASSIC_MARK}


def classic_face_of_runeslinger(runeslinger: Runeslinger) -> Face:
    """A Runeslinger in Classic: health 18 and no inherent light-cost ability (its abilities carry
    its name)."""
    return {**face_of_runeslinger(runeslinger), "health": CLASSIC_MAX_HEALTH, "inherent": None, **CLASSIC_MARK}


def face_of_classic_ability(ability: ClassicAbility, runeslinger: Runeslinger | None) -> Face:
    """A Classic Runeslinger ability, drawn as a stance (passive) or an ability (activate)."""
    owner = runeslinger.name if runeslinger else ability.runeslinger
    card_class = runeslinger.card_class.value if runeslinger else "basic"
    return {
        "id": ability.id,
        "kind": "ability" if ability.kind == "activate" else "stance",
        "name": ability.name,
        "class": card_class,
        "class_name": card_class.capitalize(),
        "type_line": f"{ability.kind.capitalize()} · {owner}",
        "text": ability.text,
        "determinations": ability.determinations,
        **CLASSIC_MARK,
    }


def catalog_faces(catalog: Catalog, edition: str = "awakening") -> dict[str, Face]:
    """Every card, Runeslinger and equip of the catalog as a face, keyed by catalog id; for the
    ``"classic"`` edition, the Classic edition's cards and the Classic Runeslinger abilities."""
    if edition == "classic" and catalog.classic is not None:
        return _classic_faces(catalog, catalog.classic)
    faces: dict[str, Face] = {}
    faces.update({r.id: face_of_runeslinger(r) for r in catalog.runeslingers.values()})
    faces.update({e.id: face_of_equip(e) for e in catalog.equips.values()})
    faces.update({c.id: face_of_card(c) for c in catalog.cards.values()})
    return faces


def _classic_faces(catalog: Catalog, classic: ClassicCatalog) -> dict[str, Face]:
    faces: dict[str, Face] = {r.id: classic_face_of_runeslinger(r) for r in catalog.runeslingers.values()}
    faces.update(
        {a.id: face_of_classic_ability(a, catalog.runeslingers.get(a.runeslinger)) for a in classic.abilities.values()}
    )
    faces.update({c.id: classic_face_of_card(c) for c in classic.cards.values()})
    return faces


def deck_faces(
    catalog: Catalog,
    runeslinger: str | None,
    equips: Iterable[str],
    cards: Mapping[str, int],
    edition: str = "awakening",
) -> dict[str, Any]:
    """A deck as faces: ``{"runeslinger": face | None, "equips": [face], "cards": [{"face", "count"}],
    "missing": n}``, the cards by cost then name; ``missing`` counts the ids (of a Runeslinger, an
    equip or a card, with its copies) the catalog no longer has. ``edition``: whose faces (a
    Classic deck's are the Classic edition's cards and Classic abilities)."""
    drawn = catalog_faces(catalog, edition)
    equip_ids = tuple(equips)
    slinger = drawn.get(runeslinger or "")
    known = sorted((drawn[c] for c in cards if c in drawn), key=lambda f: (f["cost"], f["name"]))
    missing = sum(1 for e in equip_ids if e not in drawn)
    missing += sum(int(n) for c, n in cards.items() if c not in drawn)
    missing += 1 if runeslinger and slinger is None else 0
    return {
        "runeslinger": slinger,
        "equips": [drawn[e] for e in equip_ids if e in drawn],
        "cards": [{"face": face, "count": int(cards[face["id"]])} for face in known],
        "missing": missing,
    }
