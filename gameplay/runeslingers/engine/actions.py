"""Actions: what a player may ask for, as a frozen value with a JSON form and a text form.

PURE. Text notation (one line, round-trips with `Action.from_text` / `to_text`)::

    set c12                      set a concentration from hand
    light c3                     use an exposed ready concentration: +1 light
    play c12 on=c3 target=p2 ailment=burn choice=1 ail=weaken
    activate inherent target=c7  activate the Runeslinger's inherent ability (light)
    activate flame-of-nim target=p2   an equipped ability (determinations)
    use c14 target=p2            a defense card's Use ability
    sling c20 target=p2          a defense runespell's Sling ability
    charge c14                   Charge: +1 token
    end                          end the Play Phase
    continue                     after drawing: go on to the Play Phase
    pass draw | pass return=c3   after drawing: skip the Play Phase and draw or return a concentration
    pass                         decline (an answer window, a block)
    block discard=c7             block the damage about to be dealt, discarding c7
    discard c7                   discard c7 (an effect made you discard)
    choose 2                     pick bullet 2 (Fate) or what resolves next (an order)
    choose ailment=burn ailment=weaken  the types of "apply N unique ailments"
    remove ailment=burn ailment=curse   the exposed ailments you remove (Ailment Phase, cleanse)

Targets: ``p1``/``p2`` (Runeslingers), ``cN`` (a card or concentration), ``-`` (no target: the
unused bullets of a Choice card). ``on=`` is a concentration ``cN``, a utility slot ``uN``, an
exposed ailment ``p2:burn`` or a boon ``cN`` (boons); when left out the engine places the card.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gameplay.runeslingers.engine.errors import NotationError

KINDS = (
    "remove",
    "set",
    "light",
    "play",
    "activate",
    "use",
    "sling",
    "charge",
    "end",
    "continue",
    "pass",
    "block",
    "discard",
    "choose",
)
SUBJECT_KINDS = frozenset({"set", "light", "play", "activate", "use", "sling", "charge", "discard", "choose"})
_OPTION_KEYS = ("on", "ail", "discard", "return")


@dataclass(frozen=True)
class Action:
    kind: str
    subject: str | None = None
    targets: tuple[str, ...] = ()
    ailments: tuple[str, ...] = ()
    choice: int | None = None
    options: tuple[tuple[str, str], ...] = field(default=())  # sorted (key, value): on / ail / discard / return

    def option(self, key: str) -> str | None:
        return next((v for k, v in self.options if k == key), None)

    def to_text(self) -> str:
        parts = [self.kind]
        if self.subject is not None:
            parts.append(self.subject)
        parts += [f"{k}={v}" for k, v in self.options if k == "on"]
        parts += [f"target={t}" for t in self.targets]
        parts += [f"ailment={a}" for a in self.ailments]
        if self.choice is not None:
            parts.append(f"choice={self.choice}")
        parts += [f"{k}={v}" for k, v in self.options if k != "on"]
        return " ".join(parts)

    def __str__(self) -> str:
        return self.to_text()

    @classmethod
    def from_text(cls, text: str) -> Action:
        words = text.split()
        if not words or words[0] not in KINDS:
            raise NotationError(f"unknown action {text!r}")
        kind, rest = words[0], words[1:]
        subject = None
        if rest and "=" not in rest[0]:
            subject, rest = rest[0], rest[1:]
        targets: list[str] = []
        ailments: list[str] = []
        choice = None
        options: list[tuple[str, str]] = []
        for word in rest:
            key, sep, value = word.partition("=")
            if not sep or not value:
                raise NotationError(f"expected key=value, got {word!r} in {text!r}")
            if key == "target":
                targets.append(value)
            elif key == "ailment":
                ailments.append(value)
            elif key == "choice":
                choice = _int(value, text)
            elif key in _OPTION_KEYS:
                options.append((key, value))
            else:
                raise NotationError(f"unknown key {key!r} in {text!r}")
        return cls.make(kind, subject, targets, ailments, choice, dict(options))

    @classmethod
    def make(
        cls,
        kind: str,
        subject: str | None = None,
        targets: list[str] | tuple[str, ...] = (),
        ailments: list[str] | tuple[str, ...] = (),
        choice: int | None = None,
        options: dict[str, str] | None = None,
    ) -> Action:
        if kind not in KINDS:
            raise NotationError(f"unknown action kind {kind!r}")
        return cls(kind, subject, tuple(targets), tuple(ailments), choice, tuple(sorted((options or {}).items())))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.kind}
        if self.subject is not None:
            out["card"] = self.subject
        if self.targets:
            out["targets"] = list(self.targets)
        if self.ailments:
            out["ailments"] = list(self.ailments)
        if self.choice is not None:
            out["choice"] = self.choice
        for k, v in self.options:
            out[k] = v
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Action:
        if not isinstance(data, dict) or "type" not in data:
            raise NotationError(f"an action is an object with a type: {data!r}")
        unknown = set(data) - {"type", "card", "targets", "ailments", "choice", *_OPTION_KEYS}
        if unknown:
            raise NotationError(f"unknown action keys {sorted(unknown)}")
        options = {k: str(data[k]) for k in _OPTION_KEYS if k in data}
        choice = data.get("choice")
        if choice is not None and not isinstance(choice, int):
            raise NotationError("choice must be an int")
        return cls.make(
            str(data["type"]),
            data.get("card"),
            [str(t) for t in data.get("targets", [])],
            [str(a) for a in data.get("ailments", [])],
            choice,
            options,
        )


_object_new = object.__new__


def new_action(
    kind: str,
    subject: str | None = None,
    targets: tuple[str, ...] = (),
    ailments: tuple[str, ...] = (),
    choice: int | None = None,
    options: tuple[tuple[str, str], ...] = (),
) -> Action:
    """`Action(...)` without the frozen dataclass's per-field `object.__setattr__` (the same value,
    built faster: the engine makes many while listing legal actions)."""
    a = _object_new(Action)
    d = a.__dict__
    d["kind"] = kind
    d["subject"] = subject
    d["targets"] = targets
    d["ailments"] = ailments
    d["choice"] = choice
    d["options"] = options
    return a


def _int(value: str, text: str) -> int:
    try:
        return int(value)
    except ValueError as exc:
        raise NotationError(f"expected a number, got {value!r} in {text!r}") from exc


def parse_action(action: Action | str | dict[str, Any]) -> Action:
    if isinstance(action, Action):
        return action
    if isinstance(action, str):
        return Action.from_text(action)
    return Action.from_json(action)
