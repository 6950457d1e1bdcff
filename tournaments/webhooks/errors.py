"""Refusals of the webhooks app: the event refusal classes with the webhooks' own reasons."""

from __future__ import annotations

from enum import StrEnum


class WebhookRefusal(StrEnum):
    """Why an endpoint or a delivery refused a request."""

    BAD_KINDS = "bad-kinds"
    BAD_URL = "bad-url"
    ENDPOINT_OFF = "endpoint-off"
    HOST_NOT_FOUND = "host-not-found"
    INSECURE_URL = "insecure-url"
    NOT_REDELIVERABLE = "not-redeliverable"
    PING_TOO_SOON = "ping-too-soon"
    PRIVATE_ADDRESS = "private-address"
    REDELIVERED_TOO_SOON = "redelivered-too-soon"
    TOO_MANY_ENDPOINTS = "too-many-endpoints"
    UNKNOWN_ACTION = "unknown-action"
    USERINFO_IN_URL = "userinfo-in-url"
