"""The card vocabulary: what a card, an ailment, a runeslinger and an effect script may say.

PURE (no Django, no I/O). This module decides the closed vocabulary that card data is written
in and that the rules engine executes; `lint.py` checks data against it and `docs/cards.md`
documents it (a test keeps the two in step).

Words:
- *card type*: spirit / attack / utility (runespells) or trinket / boon / chant (defense cards).
  A runespell with a defense value is a *defense runespell* (Hex, Lava Stream).
- *keyword*: the keyword bar (Distract, Pain N, ...), resolved left to right when played.
- *ability*: one line of a script: a trigger (``when``), an optional condition (``if``), and
  either effects (``do``) or, for ``when: static``, continuous modifiers (``modifiers``).
- *effect*: one ``op`` with its parameters (see `OP_SPECS`); effects never hold free text.
- *target*: a closed descriptor (see `TARGETS`); "chosen" targets are declared on play.
- *amount*: an int, or ``{base, per, each}`` meaning base + each x quantity(per).
- *duration*: how long a temporary modification lasts.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class CardType(StrEnum):
    SPIRIT = "spirit"
    ATTACK = "attack"
    UTILITY = "utility"
    TRINKET = "trinket"
    BOON = "boon"
    CHANT = "chant"

    @property
    def is_runespell(self) -> bool:
        return self in RUNESPELL_TYPES

    @property
    def is_defense_type(self) -> bool:
        """Trinkets, boons and chants are always defense cards (001 p.6)."""
        return self in DEFENSE_TYPES


RUNESPELL_TYPES = frozenset({CardType.SPIRIT, CardType.ATTACK, CardType.UTILITY})
DEFENSE_TYPES = frozenset({CardType.TRINKET, CardType.BOON, CardType.CHANT})


class EquipKind(StrEnum):
    STANCE = "stance"
    ABILITY = "ability"


class TrinketSubtype(StrEnum):
    WEAPON = "weapon"
    CURIO = "curio"
    ARMOUR = "armour"


class CardClass(StrEnum):
    """Class affiliation. On deck cards it is an affiliation only, never a restriction (001 p.6)."""

    BASIC = "basic"
    RUNESEER = "runeseer"
    STRIKER = "striker"
    WARDEN = "warden"
    HEXER = "hexer"


RUNESLINGER_CLASSES = tuple(c for c in CardClass if c is not CardClass.BASIC)


class Rarity(StrEnum):
    """Booster slots collate by rarity; every X card is mythic and every mythic is an X card."""

    COMMON = "common"
    UNCOMMON = "uncommon"
    RARE = "rare"
    MYTHIC = "mythic"


class Keyword(StrEnum):
    DISTRACT = "distract"
    PAIN = "pain"
    AIL = "ail"
    SEAR = "sear"
    FATE = "fate"
    CHOICE = "choice"
    SHOUT = "shout"
    PIERCE = "pierce"
    CHARGE = "charge"
    TOKEN = "token"
    USE = "use"
    QUICK = "quick"

    @property
    def takes_value(self) -> bool:
        return self in VALUED_KEYWORDS


VALUED_KEYWORDS = frozenset({Keyword.PAIN, Keyword.AIL, Keyword.SEAR, Keyword.TOKEN})


class AilmentType(StrEnum):
    BURN = "burn"
    CURSE = "curse"
    FRAGMENT = "fragment"
    WEAKEN = "weaken"
    INSANITY = "insanity"
    DEBILITATE = "debilitate"


LEVEL_II_THRESHOLD = 4
"""Level II of an ailment is active while its bearer has this many instances or more."""


class DamageMode(StrEnum):
    NORMAL = "normal"
    PIERCE = "pierce"
    DIRECT = "direct"


class Duration(StrEnum):
    END_OF_TURN = "end_of_turn"
    END_OF_NEXT_TURN = "end_of_next_turn"
    WHILE_IN_PLAY = "while_in_play"
    PERMANENT = "permanent"


class Zone(StrEnum):
    """Where a bounced or returned card goes (always its owner's)."""

    HAND = "hand"
    TOP_OF_DECK = "top_of_deck"


class TokenKind(StrEnum):
    BASIC = "basic"
    MASTERY = "mastery"


class Chooser(StrEnum):
    YOU = "you"  # Choice keyword: the card's controller picks a bullet
    ENEMY = "enemy"  # Fate keyword: target enemy Runeslinger picks a bullet


class Who(StrEnum):
    """Whom a static modifier affects, seen from the controller of its source."""

    YOU = "you"
    ENEMIES = "enemies"
    ALL = "all"


class TargetCategory(StrEnum):
    RUNESLINGER = "runeslinger"
    CARD = "card"
    MIXED = "mixed"  # a Runeslinger or a defense card


@dataclass(frozen=True)
class TargetSpec:
    name: str
    category: TargetCategory
    chosen: bool  # declared when played; the card cannot be played without a valid one
    group: bool  # affects every matching object
    doc: str


def _t(name: str, category: TargetCategory, chosen: bool, group: bool, doc: str) -> TargetSpec:
    return TargetSpec(name, category, chosen, group, doc)


_R, _C, _M = TargetCategory.RUNESLINGER, TargetCategory.CARD, TargetCategory.MIXED

TARGETS: dict[str, TargetSpec] = {
    t.name: t
    for t in (
        _t("any", _M, True, False, 'target Runeslinger or defense card in play ("any target")'),
        _t("any_enemy", _M, True, False, "target enemy Runeslinger or defense card an enemy controls"),
        _t("runeslinger", _R, True, False, "target Runeslinger (any player)"),
        _t("enemy_runeslinger", _R, True, False, "target enemy Runeslinger"),
        _t("self", _R, False, False, "you: the controller of the source"),
        _t("each_enemy", _R, False, True, "every enemy Runeslinger, not targeted"),
        _t("each_runeslinger", _R, False, True, "every Runeslinger including you, not targeted"),
        _t("hit", _R, False, False, "the Runeslinger the enclosing damage hit (only inside on_hit)"),
        _t(
            "previous_controller",
            _R,
            False,
            False,
            "controller of the previous effect's target (a Runeslinger controls itself)",
        ),
        _t("previous_owner", _R, False, False, "owner of the previous effect's target card"),
        _t("event_player", _R, False, False, "the player whose action fired the trigger"),
        _t("card", _C, True, False, "target card in play: a runespell (ladder included) or defense card"),
        _t("enemy_card", _C, True, False, "target card in play that an enemy controls"),
        _t("runespell", _C, True, False, "target runespell in play or on the ladder"),
        _t("spirit_runespell", _C, True, False, "target spirit runespell in play or on the ladder"),
        _t("attack_runespell", _C, True, False, "target attack runespell in play or on the ladder"),
        _t("utility_runespell", _C, True, False, "target utility runespell in play or on the ladder"),
        _t("spirit_or_attack_runespell", _C, True, False, "target spirit or attack runespell"),
        _t("defense_card", _C, True, False, "target defense card (any controller)"),
        _t("enemy_defense_card", _C, True, False, "target defense card an enemy controls"),
        _t("own_defense_card", _C, True, False, "target defense card you control"),
        _t("trinket", _C, True, False, "target trinket"),
        _t("boon", _C, True, False, "target boon"),
        _t("chant", _C, True, False, "target chant"),
        _t("concentration", _C, True, False, "target exposed concentration (any controller)"),
        _t("enemy_concentration", _C, True, False, "target exposed concentration an enemy controls"),
        _t("this", _C, False, False, "the card (or ailment) whose script this is"),
        _t("under_this", _C, False, False, "the card(s) placed under this card"),
        _t("previous", _C, False, False, "the same object as the previous effect's target"),
        _t("event_card", _C, False, False, "the card whose play/sling fired the trigger"),
        _t("all_boons", _C, False, True, "every boon in play on all fields"),
        _t("all_trinkets", _C, False, True, "every trinket in play on all fields"),
        _t("all_chants", _C, False, True, "every chant in play on all fields"),
        _t("all_defense_cards", _C, False, True, "every defense card in play on all fields"),
        _t("all_enemy_defense_cards", _C, False, True, "every defense card enemies control"),
    )
}

RUNESLINGER_TARGETS = frozenset(n for n, t in TARGETS.items() if t.category is _R)
CARD_TARGETS = frozenset(n for n, t in TARGETS.items() if t.category is _C)
DAMAGEABLE_TARGETS = (
    frozenset(n for n, t in TARGETS.items() if t.category is _M)
    | RUNESLINGER_TARGETS
    | {
        "card",
        "enemy_card",
        "defense_card",
        "enemy_defense_card",
        "own_defense_card",
        "trinket",
        "boon",
        "chant",
        "this",
        "previous",
        "all_boons",
        "all_trinkets",
        "all_chants",
        "all_defense_cards",
        "all_enemy_defense_cards",
    }
)


class Quantity(StrEnum):
    """Counts an amount may scale with (``{per: ..., each: N}``)."""

    TOKENS_ON_THIS = "tokens_on_this"
    CARDS_UNDER_THIS = "cards_under_this"
    AILMENTS_ON_TARGET = "ailments_on_target"  # exposed instances on the effect's target
    UNIQUE_AILMENTS_ON_TARGET = "unique_ailments_on_target"
    AILMENTS_ON_YOU = "ailments_on_you"
    CARDS_IN_HAND = "cards_in_hand"
    CONCENTRATIONS_YOU_CONTROL = "concentrations_you_control"
    DEFENSE_CARDS_YOU_CONTROL = "defense_cards_you_control"
    BOONS_YOU_CONTROL = "boons_you_control"
    POWER_YOU_LOST = "power_you_lost"
    DEBILITATE_ON_YOU = "debilitate_on_you"


class ParamKind(StrEnum):
    INT = "int"  # a whole number (may be negative where the spec says so)
    AMOUNT = "amount"  # non-negative int or {base, per, each}
    BOOL = "bool"
    TARGET = "target"
    AILMENT = "ailment"  # an AilmentType, or "chosen" (declared on play) where allowed, or "any"
    ENUM = "enum"  # one of `choices`
    CARD_TYPES = "card_types"  # list of CardType values or ["any"]
    EFFECTS = "effects"  # nested list of effects
    OPTIONS = "options"  # list of bullets, each {do: [effects]}
    CONDITION = "condition"
    INFLICTS = "inflicts"  # list of {ailment, count}
    HANDLER = "handler"


@dataclass(frozen=True)
class ParamSpec:
    kind: ParamKind
    required: bool = True
    choices: tuple[str, ...] = ()  # allowed values for ENUM / AILMENT / TARGET
    default: object = None
    negative_ok: bool = False
    doc: str = ""


@dataclass(frozen=True)
class OpSpec:
    name: str
    summary: str
    params: dict[str, ParamSpec]
    deals_damage: bool = False


def _p(
    kind: ParamKind,
    required: bool = True,
    choices: tuple[str, ...] | frozenset[str] = (),
    default: object = None,
    negative_ok: bool = False,
    doc: str = "",
) -> ParamSpec:
    return ParamSpec(kind, required, tuple(sorted(choices)), default, negative_ok, doc)


_AILMENTS = tuple(a.value for a in AilmentType)
_DURATIONS = tuple(d.value for d in Duration)
_RS = RUNESLINGER_TARGETS
_CARDS = CARD_TARGETS
_AMOUNT = _p(ParamKind.AMOUNT)
_COUNT = _p(ParamKind.AMOUNT, doc="how many")
_DURATION = _p(ParamKind.ENUM, False, _DURATIONS, Duration.END_OF_TURN.value)

OP_SPECS: dict[str, OpSpec] = {
    s.name: s
    for s in (
        OpSpec(
            "damage",
            "Deal damage to the target; on a hit (1+ damage to a Runeslinger) inflict ailments then run on_hit.",
            {
                "target": _p(ParamKind.TARGET, choices=DAMAGEABLE_TARGETS),
                "amount": _AMOUNT,
                "mode": _p(ParamKind.ENUM, False, tuple(m.value for m in DamageMode), DamageMode.NORMAL.value),
                "inflict": _p(ParamKind.INFLICTS, False, doc="ailments applied on a hit"),
                "on_hit": _p(ParamKind.EFFECTS, False, doc="effects run after a hit"),
            },
            deals_damage=True,
        ),
        OpSpec(
            "lose_health",
            "The target loses health (not damage; cannot be blocked; pierces).",
            {"target": _p(ParamKind.TARGET, choices=_RS), "amount": _AMOUNT},
        ),
        OpSpec(
            "gain_health",
            "The target gains health, never above its maximum.",
            {"target": _p(ParamKind.TARGET, choices=_RS), "amount": _AMOUNT},
        ),
        OpSpec(
            "apply_ailment",
            "Apply count instances of one ailment type to the target.",
            {
                "target": _p(ParamKind.TARGET, choices=_RS),
                "ailment": _p(ParamKind.AILMENT, choices=(*_AILMENTS, "chosen")),
                "count": _COUNT,
            },
        ),
        OpSpec(
            "apply_unique_ailments",
            "Apply one instance each of count different ailment types, chosen by the effect's controller.",
            {"target": _p(ParamKind.TARGET, choices=_RS), "count": _COUNT},
        ),
        OpSpec(
            "cleanse",
            "Remove count exposed ailment instances (of one type or any) from the "
            "target; the target's controller picks which when ailment is any.",
            {
                "target": _p(ParamKind.TARGET, choices=_RS),
                "count": _COUNT,
                "ailment": _p(ParamKind.AILMENT, False, (*_AILMENTS, "any"), "any"),
            },
        ),
        OpSpec(
            "convert_ailment",
            "Remove count instances then apply as many of another type, one at a time.",
            {
                "target": _p(ParamKind.TARGET, choices=_RS),
                "count": _COUNT,
                "from": _p(ParamKind.AILMENT, False, (*_AILMENTS, "any"), "any"),
                "to": _p(ParamKind.AILMENT, choices=(*_AILMENTS, "chosen")),
            },
        ),
        OpSpec("draw", "The target draws count cards.", {"target": _p(ParamKind.TARGET, choices=_RS), "count": _COUNT}),
        OpSpec(
            "sear",
            "The target puts the top count cards of its deck into its discard pile.",
            {"target": _p(ParamKind.TARGET, choices=_RS), "count": _COUNT},
        ),
        OpSpec(
            "void",
            "The target puts the top count cards of its deck into its void pile.",
            {"target": _p(ParamKind.TARGET, choices=_RS), "count": _COUNT},
        ),
        OpSpec(
            "discard",
            "The target discards count cards from hand (its choice, or at random).",
            {
                "target": _p(ParamKind.TARGET, choices=_RS),
                "count": _COUNT,
                "random": _p(ParamKind.BOOL, False, default=False),
            },
        ),
        OpSpec(
            "destroy",
            "Destroy the target card(s): into the owner's discard pile.",
            {"target": _p(ParamKind.TARGET, choices=_CARDS)},
        ),
        OpSpec(
            "void_card",
            "Put the target card in play into its owner's void pile.",
            {"target": _p(ParamKind.TARGET, choices=_CARDS)},
        ),
        OpSpec(
            "bounce",
            "Return the target card to its owner's hand or the top of its deck (not destroyed).",
            {
                "target": _p(ParamKind.TARGET, choices=_CARDS),
                "to": _p(ParamKind.ENUM, choices=tuple(z.value for z in Zone)),
            },
        ),
        OpSpec(
            "place_under",
            "Place the target card under this card (concealed, out of play).",
            {"target": _p(ParamKind.TARGET, choices=_CARDS)},
        ),
        OpSpec(
            "add_tokens",
            "Put tokens on the target card.",
            {
                "target": _p(ParamKind.TARGET, False, _CARDS, "this"),
                "count": _COUNT,
                "token": _p(ParamKind.ENUM, False, tuple(k.value for k in TokenKind), "basic"),
            },
        ),
        OpSpec(
            "remove_tokens",
            "Remove up to count tokens from the target card.",
            {
                "target": _p(ParamKind.TARGET, False, _CARDS, "this"),
                "count": _COUNT,
                "token": _p(ParamKind.ENUM, False, tuple(k.value for k in TokenKind), "basic"),
            },
        ),
        OpSpec(
            "modify_damage",
            "Damage from sources of card_types you control is changed by amount for the duration.",
            {
                "amount": _p(ParamKind.INT, negative_ok=True),
                "card_types": _p(ParamKind.CARD_TYPES),
                "duration": _DURATION,
            },
        ),
        OpSpec(
            "modify_block",
            "The target's block value changes by amount for the duration.",
            {
                "target": _p(ParamKind.TARGET, choices=_RS),
                "amount": _p(ParamKind.INT, negative_ok=True),
                "duration": _DURATION,
            },
        ),
        OpSpec(
            "modify_defense",
            "The target card's defense changes by amount for the duration.",
            {
                "target": _p(ParamKind.TARGET, choices=_CARDS),
                "amount": _p(ParamKind.INT, negative_ok=True),
                "duration": _DURATION,
            },
        ),
        OpSpec(
            "modify_max_health",
            "The target's maximum health changes by amount.",
            {
                "target": _p(ParamKind.TARGET, choices=_RS),
                "amount": _p(ParamKind.INT, negative_ok=True),
                "duration": _DURATION,
            },
        ),
        OpSpec(
            "barrier",
            "Apply a barrier that prevents up to amount damage to the target until "
            "end of turn, like a block barrier (does not use your block).",
            {"target": _p(ParamKind.TARGET, choices=DAMAGEABLE_TARGETS), "amount": _AMOUNT},
        ),
        OpSpec("gain_light", "Add amount light to your pool (removed at end of turn).", {"amount": _AMOUNT}),
        OpSpec(
            "add_concentration",
            "Set the top card of your deck face-down as a concentration.",
            {"count": _COUNT, "ready": _p(ParamKind.BOOL, False, default=False)},
        ),
        OpSpec(
            "return_from_discard",
            "Return count cards of card_types from your discard pile "
            "(your choice) to your hand or the top of your deck.",
            {
                "count": _COUNT,
                "card_types": _p(ParamKind.CARD_TYPES),
                "to": _p(ParamKind.ENUM, choices=tuple(z.value for z in Zone)),
            },
        ),
        OpSpec(
            "choose",
            "Choice (chooser you) or Fate (chooser enemy: target enemy Runeslinger "
            "picks): exactly one bullet runs; only bullets with a valid target may be picked.",
            {"chooser": _p(ParamKind.ENUM, choices=tuple(c.value for c in Chooser)), "options": _p(ParamKind.OPTIONS)},
        ),
        OpSpec(
            "if",
            "Run then when the condition holds at resolution, else otherwise.",
            {"cond": _p(ParamKind.CONDITION), "then": _p(ParamKind.EFFECTS), "else": _p(ParamKind.EFFECTS, False)},
        ),
        OpSpec(
            "handler",
            "Run a named Python handler for a rule the vocabulary cannot say.",
            {"name": _p(ParamKind.HANDLER)},
        ),
    )
}


class Trigger(StrEnum):
    """When an ability runs. `filter` keys allowed per trigger are in `TRIGGER_FILTERS`."""

    PLAY = "play"  # runespell slung / card played: its main effects
    SLING = "sling"  # a defense runespell's "Sling:" ability (then discarded at end of turn)
    USE = "use"  # the Use keyword: turn this card horizontal
    ACTIVATE = "activate"  # a Runeslinger or equip ability paid with light / determinations
    STATIC = "static"  # continuous modifiers while the source is in play / equipped / ailing
    START_OF_YOUR_TURN = "start_of_your_turn"
    END_OF_YOUR_TURN = "end_of_your_turn"
    START_OF_ENEMY_TURN = "start_of_enemy_turn"
    END_OF_ENEMY_TURN = "end_of_enemy_turn"
    YOU_SLING = "you_sling"
    ENEMY_SLINGS = "enemy_slings"
    YOU_PLAY = "you_play"
    ENEMY_PLAYS = "enemy_plays"
    LEAVES_FIELD = "leaves_field"  # this card leaves the field for any reason
    DESTROYED = "destroyed"  # this card is destroyed (by damage or an effect)
    CHARGED = "charged"  # a token is added to this card by Charge
    YOU_BLOCK = "you_block"  # before the barrier value is computed
    YOU_ARE_HIT = "you_are_hit"
    YOUR_DAMAGE_HITS = "your_damage_hits"
    YOU_LOSE_POWER = "you_lose_power"
    INSTANCE_APPLIED = "instance_applied"  # ailments only: each new instance applied to the bearer


TRIGGER_FILTERS: dict[Trigger, frozenset[str]] = {
    Trigger.YOU_SLING: frozenset({"card_types"}),
    Trigger.ENEMY_SLINGS: frozenset({"card_types"}),
    Trigger.YOU_PLAY: frozenset({"card_types"}),
    Trigger.ENEMY_PLAYS: frozenset({"card_types"}),
    Trigger.YOUR_DAMAGE_HITS: frozenset({"card_types"}),
}


@dataclass(frozen=True)
class ConditionSpec:
    name: str
    summary: str
    params: dict[str, ParamSpec]


CONDITION_SPECS: dict[str, ConditionSpec] = {
    c.name: c
    for c in (
        ConditionSpec("hit", "the previous damage effect of this ability hit", {}),
        ConditionSpec(
            "target_has_ailment",
            "the object has at least at_least exposed instances of ailment (any type when ailment is any)",
            {
                "target": _p(ParamKind.TARGET, choices=_RS),
                "ailment": _p(ParamKind.AILMENT, False, (*_AILMENTS, "any"), "any"),
                "at_least": _p(ParamKind.INT, False, default=1),
            },
        ),
        ConditionSpec("tokens_on_this", "this card has at least at_least tokens", {"at_least": _p(ParamKind.INT)}),
        ConditionSpec("controller_is_not_owner", "this card's controller does not own it", {}),
        ConditionSpec("conceals_ailment", "this boon conceals at least one ailment", {}),
        ConditionSpec(
            "you_control",
            "you control at least at_least cards of card_types",
            {"card_types": _p(ParamKind.CARD_TYPES), "at_least": _p(ParamKind.INT, False, default=1)},
        ),
        ConditionSpec(
            "health_at_most",
            "the Runeslinger has at most amount health",
            {"target": _p(ParamKind.TARGET, choices=_RS), "amount": _p(ParamKind.INT)},
        ),
        ConditionSpec(
            "power_at_most",
            "the Runeslinger has at most amount power",
            {"target": _p(ParamKind.TARGET, choices=_RS), "amount": _p(ParamKind.INT)},
        ),
        ConditionSpec(
            "hand_size_at_most",
            "the Runeslinger holds at most count cards",
            {"target": _p(ParamKind.TARGET, choices=_RS), "count": _p(ParamKind.INT)},
        ),
    )
}
CONDITION_COMMON_PARAMS: dict[str, ParamSpec] = {
    "negate": _p(ParamKind.BOOL, False, default=False, doc="true inverts the condition"),
}


@dataclass(frozen=True)
class ModifierSpec:
    name: str
    summary: str
    params: dict[str, ParamSpec]


_WHO = _p(ParamKind.ENUM, False, tuple(w.value for w in Who), Who.YOU.value)

MODIFIER_SPECS: dict[str, ModifierSpec] = {
    m.name: m
    for m in (
        ModifierSpec(
            "damage",
            "damage dealt by sources of card_types that `who` control "
            "changes by amount (counted when the effect is created)",
            {"amount": _p(ParamKind.INT, negative_ok=True), "card_types": _p(ParamKind.CARD_TYPES), "who": _WHO},
        ),
        ModifierSpec(
            "damage_taken",
            "damage dealt to `who` changes by amount (not below 0)",
            {"amount": _p(ParamKind.INT, negative_ok=True), "who": _WHO},
        ),
        ModifierSpec(
            "block",
            "block value of `who` changes by amount",
            {"amount": _p(ParamKind.INT, negative_ok=True), "who": _WHO},
        ),
        ModifierSpec(
            "defense",
            "defense of card_types that `who` control changes by amount",
            {"amount": _p(ParamKind.INT, negative_ok=True), "card_types": _p(ParamKind.CARD_TYPES), "who": _WHO},
        ),
        ModifierSpec(
            "max_health",
            "maximum health of `who` changes by amount (an amount may scale, given as a negative each)",
            {
                "amount": _p(ParamKind.INT, False, negative_ok=True, default=0),
                "per": _p(ParamKind.ENUM, False, tuple(q.value for q in Quantity)),
                "each": _p(ParamKind.INT, False, negative_ok=True, default=0),
                "who": _WHO,
            },
        ),
        ModifierSpec(
            "max_hand_size", "maximum hand size of `who` becomes value", {"value": _p(ParamKind.INT), "who": _WHO}
        ),
        ModifierSpec(
            "cost",
            "light cost of card_types that `who` play changes by amount (never below 0)",
            {"amount": _p(ParamKind.INT, negative_ok=True), "card_types": _p(ParamKind.CARD_TYPES), "who": _WHO},
        ),
        ModifierSpec("cannot_block", "`who` cannot block", {"who": _WHO}),
    )
}

HANDLERS: dict[str, str] = {
    "mirror_ward": "Mirror Ward: the next spirit runespell an enemy slings this turn targets "
    "its own controller instead (a retarget the vocabulary cannot express).",
    "echo": "Echo: copy the last utility runespell you slung this turn, with new targets.",
    "time_warp": "Time Warp (X): after this turn ends, take another turn; its Draw Phase draws 1 card.",
}


ABILITY_KEYS = frozenset({"when", "filter", "if", "do", "modifiers"})
CARD_KEYS_REQUIRED = frozenset({"id", "name", "type", "class", "cost", "rarity", "text", "script"})
CARD_KEYS_OPTIONAL = frozenset({"subtype", "defense", "keywords", "x"})
RUNESLINGER_KEYS = frozenset({"id", "name", "class", "health", "block", "text", "inherent"})
INHERENT_KEYS = frozenset({"name", "light_cost", "text", "script"})
EQUIP_KEYS = frozenset({"id", "name", "class", "kind", "text", "script", "determinations"})
AILMENT_KEYS = frozenset({"id", "name", "level_1", "level_2"})
LEVEL_KEYS = frozenset({"text", "script"})
STARTER_KEYS = frozenset({"id", "name", "runeslinger", "equips", "cards"})
MAX_KEYWORDS_PRINTED = 3

# Classic (rulebook 000): a Classic card has no light cost and no rarity printed by 000; a Classic
# Runeslinger ability is a passive or an activate ability bearing its Runeslinger's name.
CLASSIC_SECTIONS = ("cards", "abilities", "starter_decks")
CLASSIC_STARTER_KEYS = frozenset({"id", "name", "runeslinger", "abilities", "cards"})
CLASSIC_DECK_SIZE = 30  # 000: "Each deck must contain exactly 30 cards"
CLASSIC_MAX_COPIES = 2  # 000: "Each deck cannot contain more than 2 copies of any single card"
CLASSIC_CARD_KEYS_REQUIRED = frozenset({"id", "name", "type", "class", "text", "script"})
CLASSIC_CARD_KEYS_OPTIONAL = frozenset({"subtype", "defense", "keywords"})
CLASSIC_ABILITY_KEYS = frozenset({"id", "name", "runeslinger", "kind", "text", "script", "determinations"})
CLASSIC_ABILITY_KINDS = ("passive", "activate")
# What Classic does not have: chants, the keywords Token, Use and Quick, light, Use abilities.
AWAKENING_ONLY_TYPES = frozenset({CardType.CHANT})
AWAKENING_ONLY_KEYWORDS = frozenset({Keyword.TOKEN, Keyword.USE, Keyword.QUICK})
AWAKENING_ONLY_OPS = frozenset({"gain_light"})
AWAKENING_ONLY_MODIFIERS = frozenset({"cost"})
AWAKENING_ONLY_TRIGGERS = frozenset({Trigger.USE})
