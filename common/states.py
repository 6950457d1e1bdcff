"""Status machines: a model's statuses move only along the table it declares.

A model mixes in ``StatusMachine`` and declares ``TRANSITIONS``, mapping each status to the
statuses it may move to. ``set_status`` is then the one way to change ``status``: a move the
table does not hold raises ``IllegalTransition`` (naming both statuses in words) and changes
nothing; an allowed one sets the field and calls ``status_changed``, where a model that needs an
audit row writes it, then sends ``status_moved``. Saving the row stays with the caller, who usually
saves other fields too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from django.dispatch import Signal

#: Sent after every allowed move (``sender`` the model class; ``instance``, ``old``, ``new``), for
#: what follows a move from outside the model: the events' live pages (``tournaments.receivers``).
status_moved = Signal()


class IllegalTransition(ValueError):
    """A status change the model's transition table does not allow."""

    def __init__(self, model: type[Any], current: str, new: str, message: str) -> None:
        super().__init__(message)
        self.model = model
        self.current = current
        self.new = new


class StatusMachine:
    """Mixin for a Django model with a ``status`` field whose choices are ``Status``."""

    TRANSITIONS: ClassVar[Mapping[str, frozenset[str]]]
    status: Any  # the model's CharField
    # How a refusal names the row, e.g. "An event" in "An event that is running cannot move to ...".
    STATUS_SUBJECT: ClassVar[str] = "This"

    def can_move_to(self, new: str) -> bool:
        return new in self.TRANSITIONS[self._current_status()]

    def set_status(self, new: str, *, by: Any = None, note: str = "") -> None:
        """Move to ``new`` or raise ``IllegalTransition`` (nothing changed); ``by`` and ``note``
        go to ``status_changed`` for the models that keep an audit row."""
        old = self._current_status()
        if new not in self.TRANSITIONS[old]:
            labels = dict(self._meta.get_field("status").flatchoices)  # type: ignore[attr-defined]
            now, then = str(labels.get(old, old)).lower(), str(labels.get(new, new)).lower()
            message = f"{self.STATUS_SUBJECT} that is {now} cannot move to {then}."
            raise IllegalTransition(type(self), old, new, message)
        self.status = new
        self.status_changed(old, new, by=by, note=note)
        status_moved.send(sender=type(self), instance=self, old=old, new=new)

    def status_changed(self, old: str, new: str, *, by: Any, note: str) -> None:
        """Called after every allowed move; models that audit their moves override it."""

    def _current_status(self) -> str:
        return str(self.status)
