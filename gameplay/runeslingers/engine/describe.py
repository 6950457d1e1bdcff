"""The game in words: sentences for actions, events and decisions, with card and player names.

PURE. Players are named by the names the caller passes (seat 0's, seat 1's); cards by their
catalog names, looked up through the state's handles. Hidden information stays hidden: a card
the viewer may not see (a concentration, a card in a hand or deck) is "a concentration" /
"a card"; ``viewer`` None is the public (spectator, log) sense. Handles and seat codes appear in
the structured fields only (``cards``, ``subject``, ``targets``), never in a text.

Calls: `describe_move` (one log entry for an applied action and its events), `prompt` (what the
viewer must do, or who is choosing what), `labels` / `choices` (the viewer's legal actions as
button labels and as structured, grouped choices).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from gameplay.runeslingers.engine import core
from gameplay.runeslingers.engine.actions import Action, parse_action
from gameplay.runeslingers.engine.compiled import AILMENTS
from gameplay.runeslingers.engine.effects import order_options
from gameplay.runeslingers.engine.legal import legal_actions, pending
from gameplay.runeslingers.engine.state import C_HANDLE, State, target_player

Names = Sequence[str]
Entry = dict[str, Any]


# --- names -------------------------------------------------------------------------------------


def ailment_name(kind: str) -> str:
    return kind.capitalize()


def ailment_list(kinds: Sequence[str]) -> str:
    """ "Curse ×2 and Insanity": counted, in first-seen order."""
    counts = Counter(kinds)
    return _and([ailment_name(a) + (f" ×{n}" if n > 1 else "") for a, n in counts.items()])


def _and(parts: Sequence[str]) -> str:
    parts = list(parts)
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _handle(text: str | None) -> int:
    if text is None or not text.startswith("c") or not text[1:].isdigit():
        return -1
    return int(text[1:])


def kind_name(card_id: str | None) -> str:
    if card_id is None:
        return "a card"
    found = core.bound_compiled().catalog.find_card(card_id)
    return found.name if found is not None else "a card"


def _where(state: State, h: int) -> tuple[str, int]:
    """The zone of handle h and its owner (hidden zones: hand, deck, concentration)."""
    for q, pl in enumerate(state.players):
        if h in pl.hand:
            return "hand", q
        if h in pl.deck:
            return "deck", q
        if any(c[C_HANDLE] == h for c in pl.concs):
            return "concentration", q
    return "open", state.owner(h) if h in state.cards else -1


def visible(state: State, h: int, viewer: int | None) -> bool:
    """The viewer may see which card handle h is."""
    if h not in state.cards:
        return False
    zone, owner = _where(state, h)
    return zone == "open" or (zone != "deck" and viewer is not None and owner == viewer)


def card_name(state: State, h: int, viewer: int | None = None, revealed: bool = False) -> str:
    """The card's name when the viewer may see it (or ``revealed``: the action shows it), else
    "a concentration" / "a card"."""
    if h not in state.cards:
        return "a card"
    if revealed or visible(state, h, viewer):
        return core.kind_of(state, h).card.name
    return "a concentration" if _where(state, h)[0] == "concentration" else "a card"


def target_name(state: State, target: str, names: Names, viewer: int | None) -> str:
    if target in ("p1", "p2"):
        return names[int(target[1]) - 1]
    if ":" in target:  # an exposed ailment of a player: "p2:burn"
        who, kind = target.split(":", 1)
        return f"{names[int(who[1]) - 1]}'s {ailment_name(kind)}"
    h = _handle(target)
    if h < 0:
        return ""
    if _where(state, h)[0] == "concentration" and not visible(state, h, viewer):
        return f"{names[state.owner(h)]}'s concentration"
    return card_name(state, h, viewer)


def _targets(state: State, targets: Sequence[str], names: Names, viewer: int | None) -> str:
    found = [target_name(state, t, names, viewer) for t in targets if t != "-"]
    return _and(list(dict.fromkeys(t for t in found if t)))  # "at Romin", not "at Romin and Romin"


# --- actions: (imperative verb, third-person verb, the rest) -----------------------------------

Phrase = tuple[str, str, str]
Ctx = tuple[State, int, Names, int | None]  # the state before, the actor, names, the viewer


# What an effect does to the target it aims at, for a card whose targets play different roles.
_ROLES: dict[str, str] = {
    "damage": "{amount} damage to {x}",
    "lose_health": "{amount} health loss to {x}",
    "gain_health": "{amount} health to {x}",
    "sear": "sear {x}",
    "destroy": "destroy {x}",
    "apply_ailment": "an ailment on {x}",
    "discard": "{x} discards",
    "draw": "{x} draws",
}


def _roles(state: State, act: Action, ab: Any, names: Names, viewer: int | None) -> str:
    """ "3 damage to Eva's Aegis, sear Romin": each target with what the card does to it, when the
    ability aims at two or more different targets with different effects; "" otherwise."""
    if ab is None or len(ab.troles) != len(act.targets) or len(act.targets) < 2:
        return ""
    if len({(ce.op, ce.params.get("amount")) for ce in ab.troles}) < 2:
        return ""
    if len({t for t in act.targets if t != "-"}) < 2:  # all on one: "at Romin" says it
        return ""
    parts = []
    for t, ce in zip(act.targets, ab.troles, strict=True):
        if t == "-":
            continue
        x = target_name(state, t, names, viewer)
        parts.append(_ROLES.get(ce.op, "{x}").format(x=x, amount=ce.params.get("amount", "")))
    return ", ".join(parts)


def _aimed(state: State, act: Action, names: Names, viewer: int | None, ab: Any = None) -> str:
    roles = _roles(state, act, ab, names, viewer)
    at = _targets(state, act.targets, names, viewer)
    out = f": {roles}" if roles else f" at {at}" if at else ""
    if act.choice is not None:
        out += f" (option {act.choice})"
    if act.ailments:
        out += f", choosing {ailment_list(act.ailments)}"
    return out


def _set(act: Action, ctx: Ctx) -> Phrase:
    state, _p, _names, viewer = ctx
    h = _handle(act.subject)
    if visible(state, h, viewer):
        return "Set", "sets", f" {card_name(state, h, viewer)} as a concentration"
    return "Set", "sets", " a concentration"


def _light(act: Action, ctx: Ctx) -> Phrase:
    state, _p, _names, viewer = ctx
    h = _handle(act.subject)
    what = f"the concentration {card_name(state, h, viewer)}" if visible(state, h, viewer) else "a concentration"
    return "Use", "uses", f" {what} for 1 light"


def _play(act: Action, ctx: Ctx) -> Phrase:
    state, p, names, viewer = ctx
    h = _handle(act.subject)
    kind = core.kind_of(state, h)
    name = kind.card.name
    spot = act.option("on")
    rest = f" {name}"
    if kind.ctype == "boon" and spot is not None:
        rest += f" on {target_name(state, spot, names, viewer)}"
    rest += _aimed(state, act, names, viewer, kind.ability("play"))
    ail = act.option("ail")
    if ail is not None:
        rest += f", taking {ailment_name(ail)}"
    if kind.is_runespell and not kind.is_defense:
        answering = state.answer == p
        return "Sling", "slings", rest + (" in answer" if answering else "")
    return "Play", "plays", rest


def _activate(act: Action, ctx: Ctx) -> Phrase:
    state, p, names, viewer = ctx
    compiled = core.bound_compiled()
    catalog = compiled.catalog
    subject = str(act.subject)
    classic = compiled.classic.abilities if compiled.classic is not None else {}
    if subject == "inherent":
        what = catalog.runeslingers[state.players[p].rs].inherent.name
    elif subject[:1] == "c" and subject[1:].isdigit():  # a Classic trinket's Activate
        what = card_name(state, _handle(subject), viewer, revealed=True)
    else:
        equip = catalog.equips.get(subject) or classic.get(subject)
        what = equip.name if equip is not None else "an ability"
    return "Activate", "activates", f" {what}{_aimed(state, act, names, viewer)}"


def _field_card(verb: str, third: str) -> Callable[[Action, Ctx], Phrase]:
    def phrase(act: Action, ctx: Ctx) -> Phrase:
        state, _p, names, viewer = ctx
        h = _handle(act.subject)
        return verb, third, f" {card_name(state, h, viewer, revealed=True)}{_aimed(state, act, names, viewer)}"

    return phrase


def _charge(act: Action, ctx: Ctx) -> Phrase:
    state, _p, _names, viewer = ctx
    return "Charge", "charges", f" {card_name(state, _handle(act.subject), viewer, revealed=True)} (+1 token)"


def _end(act: Action, ctx: Ctx) -> Phrase:
    return "End the Play Phase", "ends the Play Phase", ""


def _continue(act: Action, ctx: Ctx) -> Phrase:
    return "Go on to the Play Phase", "goes on to the Play Phase", ""


def _pass(act: Action, ctx: Ctx) -> Phrase:
    state, _p, _names, viewer = ctx
    if act.subject == "draw":
        return "Skip the Play Phase and draw", "skips the Play Phase and draws", ""
    ret = act.option("return")
    if ret is not None:
        h = _handle(ret)
        what = f"the concentration {card_name(state, h, viewer)}" if visible(state, h, viewer) else "a concentration"
        return "Skip the Play Phase and return", "skips the Play Phase and returns", f" {what} to hand"
    pend = pending(state)
    kind = pend.kind if pend is not None else ""
    if kind == "answer":
        return "Pass (no answer)", "does not answer", ""
    if kind == "block":
        return "Pass (take the damage)", "does not block", ""
    return "Pass", "passes", ""


def _block(act: Action, ctx: Ctx) -> Phrase:
    state, p, _names, viewer = ctx
    h = _handle(act.option("discard"))
    value = core.block_value(state, p)
    return "Block", "blocks", f" {value} by discarding {card_name(state, h, viewer, revealed=True)}"


def _discard(act: Action, ctx: Ctx) -> Phrase:
    state, _p, _names, viewer = ctx
    return "Discard", "discards", f" {card_name(state, _handle(act.subject), viewer, revealed=True)}"


def _remove(act: Action, ctx: Ctx) -> Phrase:
    return "Remove", "removes", f" {ailment_list(act.ailments)}"


def _decision_card(state: State) -> str:
    """The card a fate, targets, copy or charge decision is about, by name."""
    d = state.decision or {}
    copy = d.get("copy")
    if copy is not None:
        return str(core.Env.compiled.kinds[copy[0]].card.name)
    source = d.get("source", d.get("card", -1))
    return card_name(state, source, revealed=True) if source in state.cards else "the card"


def _choose(act: Action, ctx: Ctx) -> Phrase:
    state = ctx[0]
    kind = (state.decision or {}).get("kind", "")
    return _CHOOSE.get(kind, _choose_option)(act, ctx)


def _choose_option(act: Action, ctx: Ctx) -> Phrase:
    state = ctx[0]
    return "Choose", "chooses", f" option {act.subject} of {_decision_card(state)}"


def _choose_order(act: Action, ctx: Ctx) -> Phrase:
    state = ctx[0]
    labels = order_options(state)
    index = int(act.subject or 1) - 1
    label = labels[index] if 0 <= index < len(labels) else ""
    return "Resolve", "resolves", f" {_order_label(state, index, label)} first"


def _order_label(state: State, index: int, label: str) -> str:
    if label.startswith("ailment:"):
        return ailment_name(label.split(":", 1)[1])
    items = state.stack[-1][2]["items"] if state.stack else []
    source = items[index][1].get("s", -1) if 0 <= index < len(items) else -1
    return f"the effect of {card_name(state, source, revealed=True)}" if source in state.cards else "an effect"


def _choose_unique(act: Action, ctx: Ctx) -> Phrase:
    state, _p, names, _viewer = ctx
    target = (state.decision or {}).get("target", 0)
    return "Give", "gives", f" {names[target]} {ailment_list(act.ailments)}"


def _choose_return(act: Action, ctx: Ctx) -> Phrase:
    state, _p, _names, viewer = ctx
    cards = _and([card_name(state, _handle(t), viewer, revealed=True) for t in act.targets])
    return "Return", "returns", f" {cards or 'nothing'} from the discard pile"


def _choose_targets(act: Action, ctx: Ctx) -> Phrase:
    state, _p, names, viewer = ctx
    at = _targets(state, act.targets, names, viewer)
    return "Aim", "aims", f" {_decision_card(state)} at {at or 'nothing'}"


def _choose_copy(act: Action, ctx: Ctx) -> Phrase:
    state, _p, names, viewer = ctx
    return "Copy", "copies", f" {_decision_card(state)}{_aimed(state, act, names, viewer)}"


_CHOOSE: dict[str, Callable[[Action, Ctx], Phrase]] = {
    "fate": _choose_option,
    "order": _choose_order,
    "unique": _choose_unique,
    "return": _choose_return,
    "targets": _choose_targets,
    "copy": _choose_copy,
}

PHRASES: dict[str, Callable[[Action, Ctx], Phrase]] = {
    "set": _set,
    "light": _light,
    "play": _play,
    "activate": _activate,
    "use": _field_card("Use", "uses"),
    "sling": _field_card("Sling", "slings"),
    "charge": _charge,
    "end": _end,
    "continue": _continue,
    "pass": _pass,
    "block": _block,
    "discard": _discard,
    "remove": _remove,
    "choose": _choose,
}


def action_phrase(state: State, player: int, action: Action | str, names: Names, viewer: int | None) -> Phrase:
    act = parse_action(action)
    return PHRASES[act.kind](act, (state, player, names, viewer))


def describe_action(state: State, player: int, action: Action | str, names: Names, viewer: int | None = None) -> str:
    """ "Eva slings Fireball at Romin": the action taken in ``state`` by ``player``, as ``viewer`` sees it."""
    _verb, third, rest = action_phrase(state, player, action, names, viewer)
    return f"{names[player]} {third}{rest}"


def action_label(state: State, player: int, action: Action | str, names: Names) -> str:
    """ "Sling Fireball at Romin": a button for the player's own legal action."""
    verb, _third, rest = action_phrase(state, player, action, names, player)
    act = parse_action(action) if isinstance(action, str) else action
    if act.kind == "pass" and act.subject == "draw" and _deck_empty(state, player):
        rest += " (your deck is empty: this costs you a power)"
    return f"{verb}{rest}"


# --- events ------------------------------------------------------------------------------------


def _ev_damage(ev: dict[str, Any], before: State, after: State, names: Names) -> str:
    n = ev["amount"]
    return f"{names[ev['p']]} takes {n} damage" if n > 0 else f"{names[ev['p']]} takes no damage"


def _ev_damage_card(ev: dict[str, Any], before: State, after: State, names: Names) -> str:
    return f"{_public_card(ev['card'], before, after)} takes {ev['amount']} damage"


def _ev_lose_health(ev: dict[str, Any], before: State, after: State, names: Names) -> str:
    return f"{names[ev['p']]} loses {ev['amount']} health"


def _ev_power_lost(ev: dict[str, Any], before: State, after: State, names: Names) -> str:
    left = ev["power"]
    said = f"{names[ev['p']]} loses a power ({left} left)"
    if ev.get("reset") and left > 0:  # health reached 0: it returns to its maximum (001 p.4)
        said += f"; {names[ev['p']]}'s health resets to {core.max_health(after, ev['p'])}"
    return said


def _ev_reshuffled(ev: dict[str, Any], before: State, after: State, names: Names) -> str:
    return f"{names[ev['p']]} shuffles the discard pile into a new deck"


def _ev_overdraw(ev: dict[str, Any], before: State, after: State, names: Names) -> str:
    return f"{names[ev['p']]}'s hand is full: {_public_card(ev['card'], before, after)} is discarded"


def _ev_copy(ev: dict[str, Any], before: State, after: State, names: Names) -> str:
    who = names[ev["p"]]
    if ev.get("kind") is None:
        return f"{who} has nothing to copy"
    what = kind_name(ev["kind"])
    return f"{who}'s copy of {what} has no target" if ev.get("fizzled") else f"{who} copies {what}"


def _ev_redirected(ev: dict[str, Any], before: State, after: State, names: Names) -> str:
    return f"{_public_card(ev['card'], before, after)} turns back on its own slinger"


_DESTINATIONS = {
    "discard": "the discard pile",
    "void": "the void",
    "hand": "its owner's hand",
    "top_of_deck": "the top of its owner's deck",
    "under": "under another card",
}


def _ev_leaves(ev: dict[str, Any], before: State, after: State, names: Names) -> str:
    return f"{kind_name(ev.get('kind'))} goes to {_DESTINATIONS.get(ev.get('to', ''), 'another zone')}"


def _public_card(h: int, before: State, after: State) -> str:
    """A card an event names: by name when it is open in the state after (else before) the action."""
    for state in (after, before):
        if visible(state, h, None):
            return card_name(state, h)
    return "a card"


EVENTS: dict[str, Callable[[dict[str, Any], State, State, Names], str] | None] = {
    "action": None,  # the action itself: its own sentence
    "play": None,  # the play action's sentence says it
    "block": None,  # the block action's sentence says it
    "effective_damage": None,  # the damage events say what was dealt
    "damage": _ev_damage,
    "damage_card": _ev_damage_card,
    "lose_health": _ev_lose_health,
    "power_lost": _ev_power_lost,
    "reshuffled": _ev_reshuffled,
    "overdraw": _ev_overdraw,
    "copy": _ev_copy,
    "redirected": _ev_redirected,
    "leaves": _ev_leaves,
    "ailment": None,  # counted together: see `_ailments`
}


_HURTS = ("damage", "lose_health")


def cause_first(events: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The events with each power lost to damage told after that damage. The engine records the
    power lost (health reached 0) while the damage is dealt, and the damage once it is dealt: the
    powers lost just before a player's damage or health loss are its effect, and their health
    resets (``"reset"``)."""
    out: list[dict[str, Any]] = []
    held: list[dict[str, Any]] = []
    for ev in events:
        if ev["e"] == "power_lost":
            held.append(ev)
            continue
        if held and ev["e"] in _HURTS and all(lost["p"] == ev["p"] for lost in held):
            out += [ev, *({**lost, "reset": True} for lost in held)]
        else:
            out += [*held, ev]
        held = []
    return out + held


def describe_events(events: Sequence[dict[str, Any]], before: State, after: State, names: Names) -> list[str]:
    """One public sentence per event worth telling, cause before effect (`cause_first`); a
    player's ailments are counted in one sentence (where the first one came) and health lost in
    a row is added up."""
    events = cause_first(events)
    out: list[str] = []
    ailments: dict[int, list[str]] = {}
    at: dict[int, int] = {}
    last: dict[str, Any] = {}
    for ev in events:
        if ev["e"] == "ailment":
            kind = ev["type"]
            at.setdefault(ev["p"], len(out) + len(at))
            ailments.setdefault(ev["p"], []).append(AILMENTS[kind] if isinstance(kind, int) else str(kind))
            continue
        if ev["e"] == "lose_health" and last.get("e") == "lose_health" and last["p"] == ev["p"]:
            last = {**ev, "amount": last["amount"] + ev["amount"]}
            out[-1] = _ev_lose_health(last, before, after, names)
            continue
        fn = EVENTS.get(ev["e"])
        if fn is not None:
            out.append(fn(ev, before, after, names))
            last = ev
    for p, index in sorted(at.items(), key=lambda item: item[1]):
        out.insert(index, f"{names[p]} gets {ailment_list(ailments[p])}")
    return out


def describe_move(
    before: State, action: Action | str, events: Sequence[dict[str, Any]], after: State, names: Names
) -> Entry:
    """The public log entry of an applied action: ``{"seat", "text", "cards"}``; ``cards`` are the
    handles it is about that anyone may see in the state after it."""
    pend = pending(before)
    player = pend.player if pend is not None else 0
    act = parse_action(action)
    text = describe_action(before, player, act, names)
    told = [t for t in describe_events(events, before, after, names) if not text.startswith(t)]
    if told:
        text += ": " + "; ".join(told)
    return {"seat": f"p{player + 1}", "text": text, "cards": _open_cards(act, after)}


def _open_cards(act: Action, after: State) -> list[str]:
    mentioned = [act.subject, act.option("on"), act.option("discard"), act.option("return"), *act.targets]
    out = []
    for text in mentioned:
        h = _handle(text)
        if h >= 0 and h in after.cards and _where(after, h)[0] in ("open", "concentration") and text not in out:
            out.append(str(text))
    return out


# --- decisions ---------------------------------------------------------------------------------


def _ladder_top(state: State) -> str:
    for rung in reversed(state.ladder):
        if rung["s"] in state.cards:
            return card_name(state, rung["s"], revealed=True)
    return "the runespell"


def _answer_prompt(state: State, viewer: int) -> str:
    """Answer the top rung; asked again after the enemy passed over the viewer's own answer
    (Classic, 000 "Answering"), add another answer."""
    if state.ladder and state.ladder[-1]["c"] == viewer:
        return "Add another answer to the ladder, or pass"
    return f"Answer {_ladder_top(state)} with a Shout, or pass"


def _block_target(state: State, names: Names, viewer: int | None) -> str:
    t = (state.decision or {}).get("target", -1)
    if t < 0:
        p = target_player(t)
        return "you" if p == viewer else names[p]
    return card_name(state, t, viewer)


def _count(n: int, one: str, many: str) -> str:
    return one if n == 1 else f"{n} {many}"


def _deck_empty(state: State, p: int) -> bool:
    return not state.players[p].deck


def _remove_cost(decision: dict[str, Any]) -> str:
    """The Ailment Phase's removal (8+ exposed ailments) costs a power whatever is chosen."""
    if decision.get("why") != "phase":
        return ""
    return f". This costs you a power: you have {decision.get('n')} or more exposed ailments"


def _prompt_mine(state: State, kind: str, names: Names, viewer: int) -> str:
    d = state.decision or {}
    n = int(d.get("n", 1))
    prompts: dict[str, Callable[[], str]] = {
        "setup": lambda: "Choose a card from your hand to set as a concentration",
        "play": lambda: "Your Play Phase: play cards, or end the phase",
        "draw": lambda: (
            "Go on to the Play Phase, or skip it to draw or return a concentration"
            + (". Your deck is empty: drawing costs you a power" if _deck_empty(state, viewer) else "")
        ),
        "answer": lambda: _answer_prompt(state, viewer),
        "charge": lambda: f"Charge {_decision_card(state)}, or sling it now",
        "block": lambda: f"Block the damage to {_block_target(state, names, viewer)} by discarding a card, or pass",
        "discard": lambda: f"Choose {_count(n, 'a card', 'cards')} to discard",
        "fate": lambda: f"Choose which option of {_decision_card(state)} {names[1 - viewer]} gets",
        "targets": lambda: f"Choose the targets of {_decision_card(state)}",
        "order": lambda: "Choose which effect resolves first",
        "remove": lambda: f"Choose {_count(n, 'an ailment', 'ailments')} to remove" + _remove_cost(d),
        "unique": lambda: f"Choose {n} different ailments for {names[int(d.get('target', 0))]}",
        "return": lambda: f"Choose {_count(n, 'a card', 'cards')} to return from your discard pile",
        "copy": lambda: f"Choose how to copy {_decision_card(state)}",
    }
    return prompts.get(kind, lambda: "Your decision")()


_AWAITED = {
    "setup": "is choosing a concentration to set",
    "play": "is playing their Play Phase",
    "draw": "is choosing whether to go on to the Play Phase",
    "answer": "may answer with a Shout",
    "charge": "is choosing whether to charge or sling a runespell",
    "block": "is choosing whether to block",
    "discard": "is choosing cards to discard",
    "fate": "is choosing an option for their opponent's card",
    "targets": "is choosing targets",
    "order": "is choosing the order of effects",
    "remove": "is choosing ailments to remove",
    "unique": "is choosing ailments",
    "return": "is choosing cards to return from the discard pile",
    "copy": "is choosing how to copy a runespell",
}


def prompt(state: State, viewer: int | None, names: Names) -> str:
    """What the viewer must do now, or what is awaited ("Romin is choosing whether to block");
    "" when the game is over."""
    pend = pending(state)
    if pend is None:
        return ""
    if pend.player == viewer:
        return _prompt_mine(state, pend.kind, names, viewer)
    return f"{names[pend.player]} {_AWAITED.get(pend.kind, 'is deciding')}"


def _group(act: Action, state: State, names: Names, viewer: int) -> str:
    """The heading grouping choices: the verb and the card (or ability) they are about."""
    verb, _third, rest = action_phrase(state, viewer, act, names, viewer)
    if act.kind in ("play", "use", "sling"):
        return f"{verb} {card_name(state, _handle(act.subject), viewer, revealed=True)}"
    if act.kind == "activate":
        bare = _activate(Action.make("activate", act.subject), (state, viewer, names, viewer))
        return f"{verb}{bare[2]}"
    if act.kind == "remove":
        return "Remove ailments"
    if act.kind in ("choose", "block"):
        return verb
    return f"{verb}{rest}"


def _subject(act: Action) -> str | None:
    for text in (act.subject, act.option("discard"), act.option("return")):
        if _handle(text) >= 0:
            return text
    return None


def choices(state: State, viewer: int | None, names: Names) -> list[dict[str, Any]]:
    """The viewer's legal actions, structured for the board (no choices for a spectator)."""
    if viewer is None:
        return []
    out = []
    for act in legal_actions(state, viewer):
        text = act.to_text()
        spot = act.option("on")
        out.append(
            {
                "action": text,
                "subject": _subject(act),
                "targets": [t for t in act.targets if t != "-"],
                "on": spot,
                "group": _group(act, state, names, viewer),
                "label": action_label(state, viewer, act, names),
            }
        )
    return out


def labels(state: State, viewer: int | None, names: Names) -> dict[str, str]:
    """``{action text: label}`` for each legal action of the viewer."""
    if viewer is None:
        return {}
    return {act.to_text(): action_label(state, viewer, act, names) for act in legal_actions(state, viewer)}
