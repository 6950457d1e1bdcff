"""What a weighty button will do, in names and numbers, for its confirmation page.

Each function reads the event as it is now and returns a :class:`Confirmation`: the question
("Start UX Swiss Open with 8 players?"), the consequences, any warnings, and a ``blocker`` when
the step cannot be taken yet (the page then shows the reason and no Confirm button). The page
itself is ``templates/common/confirm.html``; the POST it sends carries ``confirm=yes``
(``common.web.require_confirmed``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from common.web import Choice, Confirmation
from common.words import agree, count
from tournaments.errors import EventError
from tournaments.models import DeckVersion, Event, Registration, Round
from tournaments.pairing import NotEnoughPlayersError, cut_stage_matches, cut_stage_words, top_cut_players
from tournaments.services import registration as registrations
from tournaments.services import rounds as round_steps
from tournaments.services import standings as reading
from tournaments.services.common import active_registrations, played_round_count, rounds_of
from tournaments.services.desk import NO_LIST_FIELD, NoListChoice, start_warnings, without_legal_list
from tournaments.structures import structure_of


def _names(registrations_: list[Registration]) -> str:
    return ", ".join(r.player.public_name for r in registrations_)


def start(event: Event) -> Confirmation:
    plan = registrations.start_plan(event)
    consequences = ["Registration closes."]
    if plan.no_shows:
        consequences.append(f"Players not checked in become no-shows: {_names(plan.no_shows)}.")
    if plan.rounds:
        consequences.append(_rounds_planned(event, plan.rounds))
    needed = registrations.players_needed(event)
    blocker = ""
    if len(plan.players) < needed:
        blocker = f"{event.name} needs at least {needed} players to start; it has {len(plan.players)}."
    unlisted = without_legal_list(event, [r.player_id for r in plan.players])
    return Confirmation(
        f"Start {event.name} with {count(len(plan.players), 'player', 'players')}?",
        "Start the event",
        consequences,
        start_warnings(event),
        blocker,
        choices=_unlisted_choice(unlisted, "Let them play, marked as without a legal list", START_DROP),
    )


def _rounds_planned(event: Event, rounds: int) -> str:
    """The rounds the start fixes, as the structure plays them (a pod event has no Swiss)."""
    return structure_of(event).rounds_planned_words(rounds)


START_DROP = "Drop them: they become no-shows"
PUBLISH_DROP = "Drop them and pair the round again without them (you check it before publishing)"


def _unlisted_choice(unlisted: list[Registration], pair: str, drop: str | None) -> list[Choice]:
    """The question for players without a legal list (none when everyone has one); ``drop``: None
    where they cannot be dropped (the top cut)."""
    if not unlisted:
        return []
    names = _names(unlisted)
    have = agree(len(unlisted), "has", "have")
    options = [(NoListChoice.PAIR.value, pair)]
    if drop is not None:
        options.append((NoListChoice.DROP.value, drop))
    return [Choice(NO_LIST_FIELD, f"{names} {have} no legal deck list. What happens to them?", options)]


def pair(event: Event) -> Confirmation:
    number = rounds_of(event).count() + 1
    if event.status == Event.Status.TOP_CUT:
        question = f"Pair {event.cut_round_words(number)}?"
        consequences = ["The winners of the last cut round are paired as the bracket says, as a preview."]
    else:
        question = f"Pair round {number} of {event.rounds}?"
        playing = active_registrations(event).count()
        into = structure_of(event).pairing_words()[0]
        still = count(playing, "player still in the event is", "players still in the event are")
        consequences = [f"{still} paired{into} as a preview."]
    tables = structure_of(event).pairing_words()[1]
    consequences.append(f"Players see nothing until you publish it; you can {tables} or discard it first.")
    cut = event.status == Event.Status.TOP_CUT
    state = reading.bracket(event) if cut else None
    players = [p for m in state.current for p in (m.a, m.b)] if state is not None else None
    unlisted = without_legal_list(event, players) if event.is_under_way else []
    drop = None if cut else "Drop them from the event, then pair"
    choices = _unlisted_choice(unlisted, "Pair them anyway, marked as without a legal list", drop)
    return Confirmation(question, "Pair the round", consequences, choices=choices)


def cut(event: Event) -> Confirmation:
    size = event.top_cut
    question = f"Cut to the top {size}?"
    try:
        seeds = top_cut_players([row.standing for row in reading.standings(event)], size)
    except NotEnoughPlayersError as exc:
        return Confirmation(question, "Cut", blocker=str(exc).capitalize() + ".")
    names = {r.player_id: r.player.public_name for r in Registration.objects.filter(event=event, player__in=seeds)}
    seeded = ", ".join(f"{names[p]} (seed {n})" for n, p in enumerate(seeds, 1))
    first = cut_stage_words(cut_stage_matches(size, 1))
    consequences = [
        f"{seeded} play {first}, paired as a preview.",
        "The Swiss is over: everyone else's standings are final.",
    ]
    return Confirmation(question, f"Cut to top {size}", consequences)


def finish(event: Event) -> Confirmation:
    consequences = ["The standings become final."]
    state = reading.bracket(event) if event.status == Event.Status.TOP_CUT else None
    if state is not None and state.champion is not None:
        champion = Registration.objects.select_related("player").get(event=event, player_id=state.champion)
        consequences.append(f"{champion.player.public_name} is the champion.")
    elif event.status == Event.Status.RUNNING:
        rows = reading.standings(event)
        if rows:
            consequences.append(f"{rows[0].player.public_name} finishes first ({rows[0].standing.points} pts).")
    consequences.append("Nothing about the event can change afterwards: no results, drops or settings.")
    blocker = round_steps.finish_refusal(event)
    return Confirmation(f"Finish {event.name}?", "Finish the event", consequences, blocker=blocker)


def delete(event: Event) -> Confirmation:
    entries = Registration.objects.filter(event=event).count()
    consequences = [
        f"The event, its {count(entries, 'registration', 'registrations')} and any deck lists are deleted for good.",
        "This cannot be undone.",
    ]
    return Confirmation(
        f"Delete {event.name}?",
        "Delete the event",
        consequences,
        blocker=registrations.delete_refusal(event),
        danger=True,
    )


EVENT_STEPS = {"start": start, "pair": pair, "cut": cut, "finish": finish, "delete": delete}


@dataclass(frozen=True)
class PreviewEdits:
    """The preview's pairings as the organiser's form held them when Publish was pressed (saved or
    not): Swiss tables or pods, and the form's fields, which the Confirm POST sends again."""

    fields: list[tuple[str, str]]
    tables: list[round_steps.Table] | None = None
    seating: list[list[int]] | None = None


def publish(round_: Round, edits: PreviewEdits | None = None) -> Confirmation:
    stale = _stale(round_, "Publish", Round.Status.PREVIEW)
    if stale:
        return stale
    question, label = f"Publish {round_.label.lower()}?", f"Publish {round_.label.lower()}"
    changes: list[str] = []
    carry = edits.fields if edits is not None else []
    structure = structure_of(round_.event)
    try:
        if edits is not None:
            changes = structure.preview_changes(round_, edits)
    except EventError as exc:
        blocker = f"Your unsaved changes cannot be used: {exc} Change them and press Publish again, or discard them."
        return Confirmation(question, label, blocker=blocker)
    if changes:
        changes = ["Your changes, not saved yet, are saved as the round is published:"] + [
            line[0].upper() + line[1:] for line in changes
        ]
    consequences, players = structure.publish_consequences(round_, edits)
    unlisted = without_legal_list(round_.event, players)
    drop = None if round_.is_top_cut else PUBLISH_DROP
    choices = _unlisted_choice(unlisted, "Publish with them, marked as without a legal list", drop)
    warnings = _cannot_play_here(round_.event, unlisted)
    return Confirmation(question, label, consequences, warnings, changes=changes, carry=carry, choices=choices)


def _cannot_play_here(event: Event, unlisted: list[Registration]) -> list[str]:
    """In an event played on the site a player with no list at all has no deck to play with."""
    if not event.played_on_site:
        return []
    listed = set(DeckVersion.objects.filter(deck__event=event).values_list("deck__player_id", flat=True))
    missing = [r for r in unlisted if r.player_id not in listed]
    if not missing:
        return []
    return [
        f"{_names(missing)}: no list at all, and a match played here needs one to start. Enter their lists, "
        "or drop them; publishing with them is refused."
    ]


def discard(round_: Round) -> Confirmation:
    consequences = [
        "Its pairings, with any changes you made, are deleted; no player has seen them.",
        "You can pair the round again.",
    ]
    return Confirmation(f"Discard the preview of {round_.label.lower()}?", "Discard the preview", consequences)


_ROUND_STATES: dict[str, str] = {
    Round.Status.PREVIEW: "is still a preview that players have not seen",
    Round.Status.OPEN: "is already in progress",
    Round.Status.ENDED: "has already ended",
}


def _stale(round_: Round, step: str, wanted: str) -> Confirmation | None:
    """A page opened from an old tab: the round has moved on, so say so instead of offering the step."""
    if round_.status == wanted:
        return None
    blocker = f"{round_.label} {_ROUND_STATES[round_.status]}, so there is nothing to {step.lower()}."
    return Confirmation(f"{step} {round_.label.lower()}?", f"{step} {round_.label.lower()}", blocker=blocker)


def end(round_: Round) -> Confirmation:
    stale = _stale(round_, "End", Round.Status.OPEN)
    if stale:
        return stale
    question = f"End {round_.label.lower()}?"
    return structure_of(round_.event).end_confirmation(round_, question)


def after_end(round_: Round) -> str:
    """What comes after ending the round, in words (the last line of its confirmation)."""
    event = round_.event
    if round_.stage == Round.Stage.TOP_CUT and event.cut_matches(round_.number) == 1:
        return "That was the final; next: finish the event."
    if round_.stage == Round.Stage.TOP_CUT:
        return f"Next: pair {event.cut_round_words(round_.number + 1)}."
    if event.rounds is not None and round_.number < event.rounds:
        return f"Next: pair round {round_.number + 1}."
    if event.wants_top_cut:
        return f"That was the last Swiss round; next: cut to the top {event.top_cut}."
    return "That was the last round; next: finish the event."


ROUND_STEPS: dict[str, Callable[[Round], Confirmation]] = {"publish": publish, "discard": discard, "end": end}


def drop(entry: Registration, by_self: bool) -> Confirmation:
    event = entry.event
    name = entry.player.public_name
    who, whose = ("You", "your") if by_self else (name, f"{name}'s")
    question = f"Drop from {event.name}?" if by_self else f"Drop {name} from {event.name}?"
    label = "Drop" if by_self else f"Drop {name}"
    if event.status == Event.Status.REGISTRATION:
        consequences = [f"{who} leave{'' if by_self else 's'} the player list; registering again is possible "
                        "while registration is open."]  # fmt: skip
    else:
        following = played_round_count(event) + 1
        consequences = [
            f"{who} will not be paired from round {following} on.",
            f"Any match under way is still played; {whose} results so far stay in the standings.",
            f"The drop can be undone until round {following} is paired.",
        ]
    return Confirmation(question, label, consequences, danger=True)
