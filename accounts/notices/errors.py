"""Why a notices request was refused."""

from __future__ import annotations

from enum import StrEnum


class NoticeRefusal(StrEnum):
    NOTICE_UNKNOWN = "notice-unknown"
    SWITCH_UNKNOWN = "switch-unknown"
    PUSH_OFF = "push-off"
    PUSH_SUBSCRIPTION_BAD = "push-subscription-bad"
