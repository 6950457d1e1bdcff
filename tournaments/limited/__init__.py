"""Limited play: seeded boosters, the draft pod state machine, bots, sealed pools, auto-built decks.

PURE (no Django, Celery, Redis or I/O; a test enforces it). The Django side adapts models to
these values, calls one function, and stores the result (each pick as a row). Modules:

- `cards`: `PoolCard`, `CardSet` (the plain card data everything else reads);
- `catalog`: `card_set_from_catalog`, `rate_card`, `default_loadout` (the only catalog bridge);
- `rng`: sub-seeds and the sha256 stream; `boosters`: packs, draft packs, seed commitments;
- `draft`: the pod state machine; `serial`: its JSON form; `timing`: default pick times;
- `bots`: rating bots, auto-pick; `sealed`: sealed pools; `autobuild`: decks for late players.

See `docs/limited.md` for the rules and every decision taken where the rulebook is silent.
"""

from __future__ import annotations

from tournaments.limited.autobuild import DRAFT_DECK, SEALED_DECK, BuiltDeck, DeckRules, PoolTooSmallError, build_deck
from tournaments.limited.boosters import (
    BOOSTER_ALGORITHM,
    DEFAULT_SLOTS,
    Booster,
    BoosterSlots,
    InvalidSeedError,
    SheetTooSmallError,
    draft_pack,
    new_event_seed,
    pack,
    seed_commitment,
    verify_commitment,
)
from tournaments.limited.bots import (
    DRAFT_BOT_LEVELS,
    Bot,
    RatingBot,
    SearchBot,
    auto_pick,
    choose_auto_pick,
    draft_bot,
    run_bots,
)
from tournaments.limited.cards import CardSet, CardSetError, PoolCard, Sheet, pool_counts
from tournaments.limited.catalog import Loadout, card_set_from_catalog, default_loadout, rate_card
from tournaments.limited.draft import (
    CARDS_PER_PICK,
    MAX_SEATS,
    MIN_SEATS,
    ROUNDS,
    DraftError,
    DraftSetupError,
    DraftState,
    IllegalPickError,
    NotYourPackError,
    PendingPack,
    Pick,
    PickError,
    PickRefusal,
    StalePickError,
    all_picks,
    apply_picks,
    current_pack,
    current_round,
    is_finished,
    is_forced,
    is_round_complete,
    new_draft,
    pending_packs,
    pick,
    pools,
    replay,
    start_draft,
    was_forced,
)
from tournaments.limited.sealed import SEALED_PACKS, sealed_cards, sealed_pool
from tournaments.limited.serial import DraftDataError, from_json, to_json
from tournaments.limited.timing import DEFAULT_TIMES, DraftTimes

__all__ = [
    "BOOSTER_ALGORITHM",
    "CARDS_PER_PICK",
    "DEFAULT_SLOTS",
    "DEFAULT_TIMES",
    "DRAFT_BOT_LEVELS",
    "DRAFT_DECK",
    "MAX_SEATS",
    "MIN_SEATS",
    "ROUNDS",
    "SEALED_DECK",
    "SEALED_PACKS",
    "Booster",
    "BoosterSlots",
    "Bot",
    "BuiltDeck",
    "CardSet",
    "CardSetError",
    "DeckRules",
    "DraftDataError",
    "DraftError",
    "DraftSetupError",
    "DraftState",
    "DraftTimes",
    "IllegalPickError",
    "InvalidSeedError",
    "Loadout",
    "NotYourPackError",
    "PendingPack",
    "Pick",
    "PickError",
    "PickRefusal",
    "PoolCard",
    "PoolTooSmallError",
    "RatingBot",
    "SearchBot",
    "Sheet",
    "SheetTooSmallError",
    "StalePickError",
    "all_picks",
    "apply_picks",
    "auto_pick",
    "build_deck",
    "card_set_from_catalog",
    "choose_auto_pick",
    "current_pack",
    "current_round",
    "default_loadout",
    "draft_bot",
    "draft_pack",
    "from_json",
    "is_finished",
    "is_forced",
    "is_round_complete",
    "new_draft",
    "new_event_seed",
    "pack",
    "pending_packs",
    "pick",
    "pool_counts",
    "pools",
    "rate_card",
    "replay",
    "run_bots",
    "sealed_cards",
    "sealed_pool",
    "seed_commitment",
    "start_draft",
    "to_json",
    "verify_commitment",
    "was_forced",
]
