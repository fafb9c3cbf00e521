"""Positions as dicts and JSON (format 1), validated on the way in.

The keys are listed on the positions page of the docs.  Loading checks
everything: the keys, the seats, the phase, every card and meld, and that the
cards are exactly the rule set's deck; a malformed position raises
:class:`~rummy500.errors.PositionError` (a :class:`ValueError`) naming the
offending key and value.  Loading is strict: it accepts exactly what the
position's JSON Schema accepts (cards as ``"TS"``, never ``"ts"`` nor
``"10S"``), and refuses the rest; the lenient readers of notation
(:func:`~rummy500.cards.parse_cards`, :func:`~rummy500.notation.parse_move`)
are for text typed by people.

>>> from rummy500 import new_game, GameState
>>> state = new_game(seed=3)
>>> data = state.to_dict()
>>> data["format"], data["rules"], data["phase"], len(data["hands"])
(1, {'preset': 'pagat'}, 'draw', 2)
>>> GameState.from_dict(data) == state
True
>>> GameState.from_dict({**data, "phase": "dance"})
Traceback (most recent call last):
...
rummy500.errors.PositionError: position 'phase': expected one of 'draw', 'play', ..., got 'dance'
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from typing import Any

import attrs

from rummy500._engine import SEED_BOUND, is_legal, legal_moves, score_hand
from rummy500._engine.codes.shape import STATE, StateField, fields_at
from rummy500.cards import JOKER, Card, card_from_text
from rummy500.errors import CardParseError, InvalidMeldError, NotationError, PositionError, shown
from rummy500.jsontext import MAX_JSON_DEPTH, load_json, seed_from_data, seed_to_data, too_deep
from rummy500.meldcards import MeldCard, meld_card_from_text
from rummy500.melds import make_meld
from rummy500.moves import Discard, Draw, EndHand, Move, Pass
from rummy500.rules import FirstDiscard, GoingOut, Rules
from rummy500.rulesdata import rules_from_data, rules_to_data
from rummy500.seating import next_seat
from rummy500.state import (
    EndReason,
    GameState,
    JokerEffect,
    Phase,
    PositionFormat,
    TableMeld,
    open_cards,
    table_cards,
    use_position_format,
)

__all__ = [
    "FORMAT",
    "MAX_JSON_DEPTH",
    "MAX_POSITION_LENGTH",
    "load_json",
    "meld_to_dict",
    "rules_from_data",
    "rules_to_data",
    "state_from_dict",
    "state_from_json",
    "state_to_dict",
    "state_to_json",
    "too_deep",
]

#: The position format version written by :func:`state_to_dict`.
FORMAT = 1
#: The longest position JSON text :func:`state_from_json` reads, in characters.
MAX_POSITION_LENGTH = 1_000_000

# The keys of format 1 come from the state's fields (rummy500._engine.codes.shape): each
# field's key, and its codec for the simple ones (seats, counts, flags).
_KEYS = {"format", *(field.key[0] for field in STATE)}
_REQUIRED = ("format", *dict.fromkeys(field.key[0] for field in STATE if field.default is None))
#: The optional keys that are omitted or hold a value (``last_discarder`` and ``seed`` may
#: also be null).
_NOT_NULL = _KEYS - {*_REQUIRED, "last_discarder", "seed"}
#: The seats at the top of a position (``dealer``, ``to_move``): always written, required.
_SEATS = tuple(field for field in STATE if field.codec == "seat" and len(field.key) == 1)
#: The counts (``turn.points`` …, ``idle_turns``): written when not 0, 0 when omitted.
_COUNTS = tuple(field for field in STATE if field.codec == "count")
#: The fields of the key ``went_out``: the seat that went out and how (flags).
_WENT_OUT = fields_at("went_out")
#: The fields of the key ``turn``: the cards taken and the turn's counts.
_TURN = fields_at("turn")
#: Each field's value in a state made with its defaults.
_DEFAULTS = {
    field.name: field.default
    for field in attrs.fields(GameState)
    if field.default is not attrs.NOTHING
}


def state_to_dict(state: GameState) -> dict[str, Any]:
    """The position as a JSON-ready dict (format 1)."""
    data: dict[str, Any] = {
        "format": FORMAT,
        "rules": rules_to_data(state.rules),
        **{field.key[0]: getattr(state, field.name) for field in _SEATS},
        "phase": state.phase.value,
        "hands": [[str(card) for card in hand] for hand in state.hands],
        "stock": [str(card) for card in state.stock],
        "discard": [str(card) for card in state.discard],
        "melds": [meld_to_dict(table_meld) for table_meld in state.melds],
        "last_discarder": state.last_discarder,
        "turn": {"taken": [str(card) for card in state.taken]},
        "seed": None if state.seed is None else seed_to_data(state.seed),
    }
    # The keys of variants are written only when they differ from their value
    # at the start of a fresh hand (format 1: omitted keys take that value).
    if state.opened:
        data["opened"] = sorted(state.opened)
    for field in _COUNTS:  # a count of the turn goes into the dict "turn", written above
        value = getattr(state, field.name)
        if value:
            (data[field.key[0]] if len(field.key) > 1 else data)[field.key[-1]] = value
    if state.went_out is not None:
        data["went_out"] = {field.key[1]: getattr(state, field.name) for field in _WENT_OUT}
    if state.result is not None:
        data["result"] = {
            "went_out": state.result.went_out,
            "reason": state.result.reason.value,
        }
    if state.rules.dealers_gambit:
        data["gambit"] = {
            "effect": None if state.joker_effect is None else state.joker_effect.value,
            "dealer_joker": state.dealer_joker,
            "blocked_by": state.blocked_by,
            "dead": [str(card) for card in state.dead],
        }
    if any(state.known):
        data["known"] = [[str(card) for card in cards] for cards in state.known]
    return data


def state_to_json(state: GameState) -> str:
    """The position as compact JSON text (format 1)."""
    return json.dumps(state_to_dict(state), separators=(",", ":"))


def state_from_json(text: str) -> GameState:
    """Rebuild a position from JSON text; raises :class:`PositionError` on bad input.

    The text is at most :data:`MAX_POSITION_LENGTH` characters, nested at
    most :data:`MAX_JSON_DEPTH` deep.

    >>> GameState.from_json("[" * 100 + "]" * 100)
    Traceback (most recent call last):
    ...
    rummy500.errors.PositionError: position is not valid JSON: nested more than 32 deep
    """
    return state_from_dict(load_json(text, "position", MAX_POSITION_LENGTH, PositionError))


def _fail(where: str, message: str) -> PositionError:
    return PositionError(f"position {where!r}: {message}")


def _seat(data: Mapping[str, Any], key: str, players: int) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise _fail(key, f"expected a seat 0..{players - 1}, got {shown(value)}")
    return value


def _optional_seat(data: Mapping[str, Any], key: str, players: int) -> int | None:
    return None if data.get(key) is None else _seat(data, key, players)


def _known_of(value: Any, hands: tuple[tuple[Card, ...], ...]) -> tuple[tuple[Card, ...], ...]:
    """The key ``known``: per seat, cards its hand holds (absent: nothing known)."""
    if value is None:
        return ((),) * len(hands)
    if not isinstance(value, list) or len(value) != len(hands):
        raise _fail("known", f"expected a list of {len(hands)} lists of cards, got {shown(value)}")
    known = []
    for seat, cards in enumerate(value):
        held = tuple(sorted(_cards(cards, f"known[{seat}]")))
        missing = Counter(held) - Counter(hands[seat])
        if missing:
            extra = " ".join(map(str, sorted(missing.elements())))
            raise _fail(f"known[{seat}]", f"{shown(extra)} not in the hand of p{seat}")
        known.append(held)
    return tuple(known)


def _cards(value: Any, where: str) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise _fail(where, f"expected a list of cards, got {shown(value)}")
    cards = []
    for index, text in enumerate(value):
        try:
            cards.append(card_from_text(text))
        except CardParseError as error:
            raise _fail(f"{where}[{index}]", str(error)) from None
    return tuple(cards)


def state_from_dict(data: Any) -> GameState:
    """Rebuild and validate a position (format 1).

    Checks the keys, the seats, the phase, every card and meld, and that the
    cards are exactly the rule set's deck for that many players.

    Values have exact types: a seat or a count is an integer (not ``true``,
    not ``1.0``), a flag is ``true`` or ``false``, and text is spelled
    exactly as :func:`state_to_dict` writes it: a card ``"TS"`` (not
    ``"ts"``, ``" TS"``, ``"10S"`` nor ``"T♠"``), a meld card ``"JK=8H"``,
    a phase ``"draw"``.  An optional key is omitted or holds a value: only
    ``last_discarder`` and ``seed`` may be ``null``.  A hand that is not over
    must let some seat move.  Lists and dicts nest at most
    :data:`MAX_JSON_DEPTH` deep.

    Raises:
        PositionError: (a :class:`ValueError`) naming the offending key and
            value (quoting at most 80 characters of it).
    """
    rules, players = _header(data)
    hands = tuple(
        tuple(sorted(_cards(hand, f"hands[{seat}]"))) for seat, hand in enumerate(data["hands"])
    )
    fields: dict[str, Any] = {field.name: _seat(data, field.key[0], players) for field in _SEATS}
    dealer, to_move = fields["dealer"], fields["to_move"]
    phase = _phase_of(data)
    stock = _cards(data["stock"], "stock")
    discard = _cards(data["discard"], "discard")
    melds = _melds(data.get("melds", []), rules, players)
    last_discarder = _last_discarder_of(data, rules, players, phase, to_move)
    turn = _turn_of(data)
    taken = _cards(turn.get("taken", []), "turn.taken")
    if taken and phase is Phase.DRAW:
        raise _fail("turn.taken", "no card has been taken yet in phase 'draw'")
    for field in _COUNTS:
        where = ".".join(field.key)
        fields[field.name] = _count(turn if len(field.key) > 1 else data, field.key[-1], where)
    opened = _opened_of(data, players)
    fields.update(_went_out_of(data.get("went_out"), players))
    went_out = fields["went_out"]
    seed = _seed_of(data.get("seed"))
    effect, dealer_joker, blocked_by, dead = _gambit_of(data, rules, phase, dealer, to_move)
    _check_conservation(rules, players, hands, stock, discard, melds, dealer_joker, dead)
    if taken and phase is Phase.PLAY:
        _check_taken(taken, hands[to_move], melds, dead)
    _check_variant_keys(rules, phase, opened)
    _check_hands_going_on(data, rules, phase, hands, went_out)
    known = _known_of(data.get("known"), hands)
    result = None
    if phase is Phase.OVER:
        fields["went_out"], reason = _end_of(data, hands, stock, players, went_out)
        result = score_hand(
            rules,
            hands,
            melds,
            fields["went_out"],
            reason,
            going_rummy=fields["went_out_rummy"],
            seven_card_run=fields["went_out_long_run"],
        )
    state = GameState(
        rules=rules,
        phase=phase,
        hands=hands,
        stock=stock,
        discard=discard,
        melds=melds,
        last_discarder=last_discarder,
        taken=taken,
        result=result,
        seed=seed,
        opened=opened,
        joker_effect=effect,
        dealer_joker=dealer_joker,
        blocked_by=blocked_by,
        dead=dead,
        known=known,
        **fields,
    )
    if not _someone_can_move(state):
        raise PositionError(
            f"position is stuck: the hand is not over (phase {phase.value!r}) but no seat has "
            f"a legal move (p{to_move} can neither finish the turn nor do anything else)"
        )
    return state


def _seed_of(value: Any) -> int | None:
    """The key ``seed``: null, an integer, or a wide one as its decimal text."""
    if value is None:
        return None
    seed = seed_from_data(value)
    if seed is None:
        raise _fail("seed", f"expected an integer, its decimal text or null, got {shown(value)}")
    if not -SEED_BOUND < seed < SEED_BOUND:
        raise _fail("seed", f"expected a seed between -2**64 and 2**64, got {shown(value)}")
    return seed


def _someone_can_move(state: GameState) -> bool:
    """Whether a hand that goes on has a legal move: the cheap candidates first."""
    if state.phase is Phase.OVER:
        return True
    player = state.to_move
    candidates: list[Move] = [Draw(player), EndHand(player), Pass(player)]
    candidates.extend(Discard(player, card) for card in sorted(set(state.hands[player])))
    return any(is_legal(state, move) for move in candidates) or bool(legal_moves(state))


def _header(data: Any) -> tuple[Rules, int]:
    """The keys, the format, the rules and the number of players of a position."""
    if not isinstance(data, Mapping):
        raise PositionError(f"a position must be a dict, got {type(data).__name__}")
    if too_deep(data):
        raise PositionError(f"a position nests lists and dicts more than {MAX_JSON_DEPTH} deep")
    unknown = sorted((key for key in data if key not in _KEYS), key=shown)
    if unknown:
        raise PositionError(f"position has unknown keys {shown(unknown)}")
    for key in _REQUIRED:
        if key not in data:
            raise _fail(key, "missing")
    for key in sorted(_NOT_NULL):
        if key in data and data[key] is None:
            raise _fail(key, "expected a value, got None (an omitted key takes its default)")
    if type(data["format"]) is not int or data["format"] != FORMAT:
        raise _fail("format", f"expected {FORMAT}, got {shown(data['format'])}")
    try:
        rules = rules_from_data(data["rules"])
    except ValueError as error:
        raise _fail("rules", str(error)) from None
    hands_data = data["hands"]
    if not isinstance(hands_data, list):
        raise _fail("hands", f"expected a list of hands, got {shown(hands_data)}")
    players = len(hands_data)
    try:
        rules.check_players(players)
    except ValueError as error:
        raise _fail("hands", str(error)) from None
    return rules, players


def _phase_of(data: Mapping[str, Any]) -> Phase:
    phases = [phase.value for phase in Phase]
    if not isinstance(data["phase"], str) or data["phase"] not in phases:
        listed = ", ".join(repr(p) for p in phases)
        raise _fail("phase", f"expected one of {listed}, got {shown(data['phase'])}")
    return Phase(data["phase"])


def _last_discarder_of(
    data: Mapping[str, Any], rules: Rules, players: int, phase: Phase, to_move: int
) -> int | None:
    last_discarder = _optional_seat(data, "last_discarder", players)
    if last_discarder is not None:
        if phase is not Phase.DRAW:
            raise _fail(
                "last_discarder", "a discard's 'Rummy!' window is open only in phase 'draw'"
            )
        if next_seat(rules, players, last_discarder) != to_move:
            raise _fail(
                "last_discarder",
                f"p{last_discarder} discarded last, so p{to_move} cannot be the seat to move",
            )
    return last_discarder


def _turn_of(data: Mapping[str, Any]) -> Mapping[str, Any]:
    """The key ``turn``, a dict of the turn's keys only: the cards taken and the counts."""
    turn = data.get("turn", {})
    if not isinstance(turn, Mapping) or set(turn) - {field.key[1] for field in _TURN}:
        raise _fail("turn", f"expected {_spelled(_TURN)}, got {shown(turn)}")
    return turn


def _spelled(fields: tuple[StateField, ...]) -> str:
    """A dict of the format as its errors spell it: ``{'seat': n, 'rummy': b}``."""
    kinds = {"count": "n", "seat": "n", "flag": "b", "cards": "[...]"}
    return "{" + ", ".join(f"'{field.key[-1]}': {kinds[field.codec]}" for field in fields) + "}"


def _opened_of(data: Mapping[str, Any], players: int) -> frozenset[int]:
    opened = data.get("opened", [])
    if (
        not isinstance(opened, list)
        or not all(
            isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < players
            for seat in opened
        )
        or len(set(opened)) != len(opened)
    ):
        raise _fail(
            "opened", f"expected a list of distinct seats 0..{players - 1}, got {shown(opened)}"
        )
    return frozenset(opened)


def _check_hands_going_on(
    data: Mapping[str, Any],
    rules: Rules,
    phase: Phase,
    hands: tuple[tuple[Card, ...], ...],
    went_out: int | None,
) -> None:
    """A hand that goes on has no result, and only floaters have no cards (E1, E2, E4)."""
    if phase is Phase.OVER:
        return
    if phase is Phase.FINAL_LAYOFF:
        if went_out is None or hands[went_out]:
            raise _fail("went_out", "the final lay-offs follow a seat that went out (E4)")
        return
    if "result" in data and data["result"] is not None:
        raise _fail("result", "a hand that is not over has no result")
    empty = [seat for seat, hand in enumerate(hands) if not hand]
    if empty and rules.going_out is not GoingOut.FLOATING:
        raise _fail("hands", f"p{empty[0]} has no cards, so the hand is over (E1)")
    if went_out is not None:
        raise _fail("went_out", "nobody has gone out in a hand that goes on")


def _end_of(
    data: Mapping[str, Any],
    hands: tuple[tuple[Card, ...], ...],
    stock: tuple[Card, ...],
    players: int,
    went_out: int | None,
) -> tuple[int | None, EndReason]:
    """Who went out of a finished hand, and why it ended."""
    result_went_out, reason = _result_of(data.get("result"), hands, stock, players)
    if went_out is not None and went_out != result_went_out:
        raise _fail(
            "went_out", f"p{went_out} differs from the result's went_out {shown(result_went_out)}"
        )
    return result_went_out, reason


def _gambit_of(
    data: Mapping[str, Any], rules: Rules, phase: Phase, dealer: int, to_move: int
) -> tuple[JokerEffect | None, bool, int | None, tuple[Card, ...]]:
    """The dealer's gambit keys (V7): the effect, the dealer's joker, the blocker, dead cards."""
    value = data.get("gambit")
    if not rules.dealers_gambit:
        if value is not None:
            raise _fail("gambit", "only dealer's gambit has a 'gambit' key (V7)")
        if phase is Phase.NOMINATE:
            raise _fail("phase", "'nominate' needs the rule dealers_gambit=True (V7)")
        return None, False, None, ()
    keys = {"effect", "dealer_joker", "blocked_by", "dead"}
    if value is None:  # omitted: as in a fresh hand
        value = {"effect": None, "dealer_joker": True, "blocked_by": None, "dead": []}
    if not isinstance(value, Mapping) or set(value) != keys:
        raise _fail(
            "gambit",
            "expected {'effect': ..., 'dealer_joker': b, 'blocked_by': seat or null, "
            f"'dead': [...]}}, got {shown(value)}",
        )
    effects = [effect.value for effect in JokerEffect]
    effect_data = value.get("effect")
    if effect_data is not None and effect_data not in effects:
        raise _fail("gambit.effect", f"expected one of {effects} or null, got {shown(effect_data)}")
    effect = None if effect_data is None else JokerEffect(effect_data)
    if (effect is None) != (phase is Phase.NOMINATE):
        raise _fail(
            "gambit.effect",
            "the jokers' effect is null exactly while the dealer nominates (phase 'nominate'), "
            f"got {shown(effect_data)} in phase {phase.value!r}",
        )
    if phase is Phase.NOMINATE and to_move != dealer:
        raise _fail("to_move", f"the dealer, p{dealer}, nominates: got p{to_move}")
    dealer_joker = value.get("dealer_joker", True)
    if not isinstance(dealer_joker, bool):
        raise _fail("gambit.dealer_joker", f"expected true or false, got {shown(dealer_joker)}")
    players = len(data["hands"])
    blocked_by = value.get("blocked_by")
    if blocked_by is not None and (
        isinstance(blocked_by, bool)
        or not isinstance(blocked_by, int)
        or not 0 <= blocked_by < players
    ):
        raise _fail(
            "gambit.blocked_by",
            f"expected a seat 0..{players - 1} or null, got {shown(blocked_by)}",
        )
    if blocked_by is not None and (dealer_joker or blocked_by == dealer):
        raise _fail(
            "gambit.blocked_by",
            "a seat other than the dealer blocks, and the dealer's joker is then not beside "
            f"the stock: got p{blocked_by} with dealer_joker={dealer_joker}",
        )
    dead = _cards(value.get("dead", []), "gambit.dead")
    if blocked_by is not None and dead.count(JOKER) < 2:
        raise _fail("gambit.dead", "a blocked dealer's joker and its blocker are out of play")
    return effect, dealer_joker, blocked_by, dead


def _check_variant_keys(rules: Rules, phase: Phase, opened: frozenset[int]) -> None:
    """Phases and keys that only some rule sets can produce."""
    if phase is Phase.FIRST_DISCARD and rules.first_discard is not FirstDiscard.CHOOSER:
        raise _fail("phase", "'first_discard' needs the rule first_discard='chooser' (D6)")
    if phase is Phase.FINAL_LAYOFF and not rules.final_layoff:
        raise _fail("phase", "'final_layoff' needs the rule final_layoff=True (E4)")
    if opened and not rules.opening_minimum:
        raise _fail("opened", "seats open only under an opening minimum (T8)")


def meld_to_dict(table_meld: TableMeld) -> dict[str, Any]:
    """A table meld as in positions: its cards, their credits, any multiplier (V6, V7).

    A meld doubled by a joker (V7) has ``"doubled": true``; its multiplier
    includes the doubling.
    """
    data: dict[str, Any] = {
        "cards": [str(spec) for spec in table_meld.specs],
        "by": list(table_meld.by),
    }
    if table_meld.multiplier != 1:
        data["multiplier"] = table_meld.multiplier
    if table_meld.doubled:
        data["doubled"] = True
    return data


def _count(data: Mapping[str, Any], key: str, where: str) -> int:
    value = data.get(key, 0)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise _fail(where, f"expected a whole number of 0 or more, got {shown(value)}")
    return value


def _went_out_of(value: Any, players: int) -> dict[str, Any]:
    """The key ``went_out``: the seat that went out and its flags, by field name."""
    if value is None:
        return {field.name: _DEFAULTS[field.name] for field in _WENT_OUT}
    if not isinstance(value, Mapping) or set(value) - {field.key[1] for field in _WENT_OUT}:
        raise _fail("went_out", f"expected {_spelled(_WENT_OUT)}, got {shown(value)}")
    found = {}
    for field in _WENT_OUT:
        key = field.key[1]
        if field.codec == "seat":
            found[field.name] = _seat(value, key, players)
        else:
            found[field.name] = value.get(key, _DEFAULTS[field.name])
    flags = [field for field in _WENT_OUT if field.codec == "flag"]
    if not all(isinstance(found[field.name], bool) for field in flags):
        listed = " and ".join(repr(field.key[1]) for field in flags)
        raise _fail("went_out", f"{listed} must be true or false, got {shown(value)}")
    return found


def _melds(value: Any, rules: Rules, players: int) -> tuple[TableMeld, ...]:
    if not isinstance(value, list):
        raise _fail("melds", f"expected a list of melds, got {shown(value)}")
    melds = []
    for number, item in enumerate(value):
        where = f"melds[{number}]"
        if not isinstance(item, Mapping) or not {"cards", "by"} <= set(item) <= {
            "cards",
            "by",
            "multiplier",
            "doubled",
        }:
            raise _fail(where, f"expected {{'cards': [...], 'by': [...]}}, got {shown(item)}")
        doubled = item.get("doubled", False)
        if not isinstance(doubled, bool) or (doubled and not rules.dealers_gambit):
            raise _fail(
                f"{where}.doubled",
                "expected true or false, and true only under dealer's gambit (V7), "
                f"got {shown(doubled)}",
            )
        factor = 2 if doubled else 1
        multiplier = item.get("multiplier", factor)
        allowed = sorted({factor, rules.group_of_four_multiplier * factor})
        if type(multiplier) is not int or multiplier not in allowed:
            listed = " or ".join(map(str, allowed))
            raise _fail(
                f"{where}.multiplier", f"expected {listed} (V6, V7), got {shown(multiplier)}"
            )
        cards, by = item["cards"], item["by"]
        if not isinstance(cards, list) or not isinstance(by, list):
            raise _fail(where, f"'cards' and 'by' must be lists, got {shown(item)}")
        specs = _meld_cards(cards, f"{where}.cards")
        try:
            meld = make_meld(specs, rules)
        except InvalidMeldError as error:
            raise _fail(f"{where}.cards", str(error)) from None
        if meld.specs != specs:
            raise _fail(f"{where}.cards", f"not in meld order: expected {meld}")
        if len(by) != len(specs) or not all(
            isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < players
            for seat in by
        ):
            raise _fail(
                f"{where}.by", f"expected one seat 0..{players - 1} per card, got {shown(by)}"
            )
        if multiplier != factor and (meld.kind.value != "group" or len(specs) != 4):
            raise _fail(f"{where}.multiplier", "only a group of four counts more (V6)")
        melds.append(TableMeld(meld, tuple(by), multiplier, bool(doubled)))
    return tuple(melds)


def _meld_cards(value: list[Any], where: str) -> tuple[MeldCard, ...]:
    specs = []
    for index, text in enumerate(value):
        try:
            specs.append(meld_card_from_text(text))
        except NotationError as error:
            raise _fail(f"{where}[{index}]", str(error)) from None
    return tuple(specs)


def _check_conservation(
    rules: Rules,
    players: int,
    hands: tuple[tuple[Card, ...], ...],
    stock: tuple[Card, ...],
    discard: tuple[Card, ...],
    melds: tuple[TableMeld, ...],
    dealer_joker: bool,
    dead: tuple[Card, ...],
) -> None:
    have = open_cards(discard, melds, dealer_joker, dead)
    have.update(stock)
    for hand in hands:
        have.update(hand)
    want = Counter(rules.deck(players))
    if have != want:
        extra = _listed(have - want)
        missing = _listed(want - have)
        raise PositionError(
            f"position cards are not the rule set's deck for {players} players: "
            f"extra {extra}; missing {missing}"
        )


def _listed(cards: Counter[Card], most: int = 20) -> str:
    """Cards in order, at most ``most`` of them (then how many more), or ``none``."""
    ordered = sorted(cards.elements())
    text = " ".join(map(str, ordered[:most])) or "none"
    return text if len(ordered) <= most else f"{text} and {len(ordered) - most} more"


def _check_taken(
    taken: tuple[Card, ...],
    hand: tuple[Card, ...],
    melds: tuple[TableMeld, ...],
    dead: tuple[Card, ...],
) -> None:
    """Cards taken this turn are in the mover's hand, on the table or (V7) out of play."""
    available = table_cards(melds)
    available.update(hand)
    available.update(dead)
    missing = Counter(taken) - available
    if missing:
        listed = _listed(missing)
        raise _fail(
            "turn.taken",
            f"{listed} not in the hand of the seat to move, on the table or out of play",
        )


def _result_of(
    value: Any, hands: tuple[tuple[Card, ...], ...], stock: tuple[Card, ...], players: int
) -> tuple[int | None, EndReason]:
    if value is None:
        empty = [seat for seat, hand in enumerate(hands) if not hand]
        if empty:
            return empty[0], EndReason.WENT_OUT
        if stock:
            raise _fail("result", "missing: nobody went out and the stock is not empty")
        return None, EndReason.STOCK_EXHAUSTED
    if not isinstance(value, Mapping) or set(value) != {"went_out", "reason"}:
        raise _fail(
            "result", f"expected {{'went_out': seat or null, 'reason': ...}}, got {shown(value)}"
        )
    reasons = [reason.value for reason in EndReason]
    if value["reason"] not in reasons:
        raise _fail("result.reason", f"expected one of {reasons}, got {shown(value['reason'])}")
    went_out = _optional_seat(value, "went_out", players)
    reason = EndReason(value["reason"])
    if reason is EndReason.WENT_OUT and (went_out is None or hands[went_out]):
        raise _fail(
            "result.went_out", f"the seat that went out has no cards left, got {shown(went_out)}"
        )
    if reason is EndReason.STOCK_EXHAUSTED and (went_out is not None or stock):
        raise _fail(
            "result", "a hand ends by stock exhaustion only with an empty stock and nobody out"
        )
    return went_out, reason


use_position_format(PositionFormat(state_to_dict, state_from_dict, state_to_json, state_from_json))
