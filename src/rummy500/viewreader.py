"""Reading a player view back from its dict: the checks of :meth:`PlayerView.from_dict`.

:func:`view_fields` reads what :meth:`PlayerView.to_dict
<rummy500.views.PlayerView.to_dict>` writes, as strictly as the view's JSON
Schema: every key there and no other, values of the exact JSON types, and
text spelled exactly as the library writes it (cards ``"TS"``, meld cards
``"JK=8H"``, moves in canonical notation, and again as move dicts).  It returns the view's fields;
:meth:`PlayerView.from_dict <rummy500.views.PlayerView.from_dict>` builds
the view from them and checks that its counts add up.

>>> from rummy500 import new_game, observe
>>> data = observe(new_game(seed=7), 1).to_dict()
>>> fields = view_fields(data)
>>> fields["seat"], fields["stock_size"], fields["hand_sizes"]
(1, 27, (13, 13))
>>> view_fields({**data, "hand": ["ts", *data["hand"][1:]]})
Traceback (most recent call last):
...
rummy500.errors.PositionError: view 'hand[0]': 'ts' is not a card in canonical form (e.g. 'TS')
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any

import attrs

from rummy500._engine.codes.memo import store
from rummy500._engine.codes.shape import VIEW_FIELDS, coded, fields_at, view_fields_at
from rummy500.cards import Card, card_from_text, make_deck
from rummy500.errors import (
    CardParseError,
    InvalidArgumentError,
    InvalidMeldError,
    NotationError,
    PositionError,
    shown,
)
from rummy500.jsontext import MAX_JSON_DEPTH, json_key, too_deep
from rummy500.meldcards import meld_card_from_text
from rummy500.melds import Meld, make_meld
from rummy500.movedata import move_from_dict
from rummy500.moves import Move
from rummy500.notation import MAX_NUMBER_DIGITS, parse_move
from rummy500.positions import FORMAT
from rummy500.rules import Rules
from rummy500.rulesdata import rules_from_data
from rummy500.state import EndReason, GameState, HandResult, JokerEffect, Phase, TableMeld

__all__ = ["view_fields"]

# The keys of the view's fields (rummy500._engine.codes.shape), the format's and the moves'.
_VIEW_KEYS = frozenset({"format", "moves", *(field.key[0] for field in VIEW_FIELDS)})
_TURN_KEYS = frozenset(field.key[1] for field in view_fields_at("turn"))
_WENT_OUT_KEYS = frozenset(field.key[1] for field in view_fields_at("went_out"))
_GAMBIT_KEYS = frozenset(field.key[1] for field in view_fields_at("gambit"))
#: The seats, the counts and the flags a view shows: read from the declaration.
_SEATS = coded("seat", top=True, shown=True)
_COUNTS = coded("count", shown=True)
#: Each count's field name, key and the key as messages spell it.
_COUNT_KEYS = tuple((field.name, field.key, ".".join(field.key)) for field in _COUNTS)
_WENT_OUT = fields_at("went_out")
#: The fields of ``went_out`` while nobody has gone out: their defaults.
_NOBODY_OUT = {
    field.name: field.default
    for field in attrs.fields(GameState)
    if field.name in {out.name for out in _WENT_OUT}
}
_MELD_KEYS = frozenset({"cards", "by", "multiplier", "doubled"})
_RESULT_KEYS = frozenset(field.name for field in attrs.fields(HandResult))
#: The card of each card's canonical text (what card_from_text reads), and the type it reads.
_CARD_OF_TEXT = {str(card): card for card in make_deck(1, 1)}
_STR = frozenset({str})
_INT = frozenset({int})
#: The members of the enumerations a view holds, by value.
_MEMBERS: dict[type[enum.Enum], dict[str, Any]] = {
    kind: {member.value: member for member in kind} for kind in (Phase, JokerEffect, EndReason)
}

# What the reader keeps between views, so that a bot reading a view at every decision of a hand
# reads each meld and each legal move once: values (frozen, shared safely), kept only once read
# and checked in full, under keys that hold everything their reading depends on.  Each table is
# emptied when it holds its limit of entries.
#: The most melds and moves kept.
_MEMO_LIMIT = 4096
#: The table melds, by rule set and cards (the json_key of the list of their texts).
_MELDS: dict[tuple[Rules, bytes], Meld] = {}
#: The tables (the list of melds), by rule set, number of players and list.
_TABLES: dict[tuple[Rules, int, bytes], tuple[TableMeld, ...]] = {}
#: The most tables kept: a table changes seldom, and its key is long.
_TABLES_LIMIT = 512
#: The legal moves, by notation, move dict (its json_key) and what reading the notation depends
#: on: the rule set, the seats, and for a lay-off the table meld it names.
_MOVES: dict[tuple[Any, ...], Move] = {}


def _bad(where: str, message: str) -> PositionError:
    return PositionError(f"view {where!r}: {message}")


def _keys(value: Any, where: str, required: frozenset[str], allowed: frozenset[str]) -> None:
    if type(value) is dict and required <= value.keys() <= allowed:
        return
    if not isinstance(value, Mapping):
        raise _bad(where, f"expected a dict, got {shown(value)}")
    missing = sorted(required - set(value))
    if missing:
        raise _bad(where, f"missing keys {shown(missing)}")
    unknown = sorted((key for key in value if key not in allowed), key=shown)
    if unknown:
        raise _bad(where, f"unknown keys {shown(unknown)}")


def _int(value: Any, where: str, low: int | None = 0, high: int | None = None) -> int:
    if type(value) is not int or (low is not None and value < low):
        kind = "an integer" if low is None else f"a whole number of {low} or more"
        raise _bad(where, f"expected {kind}, got {shown(value)}")
    if high is not None and value > high:
        raise _bad(where, f"expected at most {high}, got {shown(value)}")
    return value


def _ints(value: Any, where: str, size: int | None, low: int | None) -> tuple[int, ...]:
    if (
        type(value) is list
        and (size is None or len(value) == size)
        and {*map(type, value)} <= _INT
        and (low is None or not value or min(value) >= low)
    ):
        return tuple(value)
    if not isinstance(value, list) or (size is not None and len(value) != size):
        count = "" if size is None else f" of {size}"
        raise _bad(where, f"expected a list{count} of integers, got {shown(value)}")
    return tuple(_int(item, f"{where}[{index}]", low) for index, item in enumerate(value))


def _bool(value: Any, where: str) -> bool:
    if type(value) is not bool:
        raise _bad(where, f"expected true or false, got {shown(value)}")
    return value


def _seat_of(value: Any, where: str, players: int) -> int:
    if type(value) is not int or not 0 <= value < players:
        raise _bad(where, f"expected a seat 0..{players - 1}, got {shown(value)}")
    return value


def _maybe_seat(value: Any, where: str, players: int) -> int | None:
    return None if value is None else _seat_of(value, where, players)


def _card_list(value: Any, where: str) -> tuple[Card, ...]:
    if type(value) is list and {*map(type, value)} <= _STR:
        try:
            return tuple([_CARD_OF_TEXT[text] for text in value])
        except KeyError:  # not a card in canonical form: named below
            pass
    if not isinstance(value, list):
        raise _bad(where, f"expected a list of cards, got {shown(value)}")
    cards = []
    for index, text in enumerate(value):
        try:
            cards.append(card_from_text(text))
        except CardParseError as error:
            raise _bad(f"{where}[{index}]", str(error)) from None
    return tuple(cards)


def _sorted_cards(value: Any, where: str) -> tuple[Card, ...]:
    cards = _card_list(value, where)
    codes = [card.code for card in cards]  # cards sort by their codes
    if codes != sorted(codes):
        raise _bad(where, f"the cards are not in order, got {shown(value)}")
    return cards


def _enum_of(kind: type[enum.Enum], value: Any, where: str) -> Any:
    member = _MEMBERS[kind].get(value) if isinstance(value, str) else None
    if member is not None:
        return member
    values = [member.value for member in kind]
    if not isinstance(value, str) or value not in values:
        raise _bad(where, f"expected one of {', '.join(map(repr, values))}, got {shown(value)}")
    return kind(value)


def _view_melds(value: Any, rules: Rules, players: int) -> tuple[TableMeld, ...]:
    """The key ``melds``: the table melds, kept by their list (the table changes seldom)."""
    frozen = json_key(value)
    key = None if frozen is None else (rules, players, frozen)
    melds = None if key is None else _TABLES.get(key)
    if melds is None:
        melds = _table_melds(value, rules, players)
        if key is not None:
            store(_TABLES, key, melds, _TABLES_LIMIT)
    return melds


def _table_melds(value: Any, rules: Rules, players: int) -> tuple[TableMeld, ...]:
    """:func:`_view_melds`, read afresh (each meld's cards are kept, by themselves)."""
    if not isinstance(value, list):
        raise _bad("melds", f"expected a list of melds, got {shown(value)}")
    melds = []
    for number, item in enumerate(value):
        where = f"melds[{number}]"
        _keys(item, where, frozenset({"cards", "by"}), _MELD_KEYS)
        cards = item["cards"]
        frozen = json_key(cards)
        key = None if frozen is None else (rules, frozen)
        meld = None if key is None else _MELDS.get(key)
        if meld is None:
            meld = _meld_of(cards, rules, where)
            if key is not None:
                store(_MELDS, key, meld, _MEMO_LIMIT)
        by = item["by"]
        if not isinstance(by, list) or len(by) != len(cards):
            raise _bad(f"{where}.by", f"expected one seat per card, got {shown(by)}")
        seats = tuple(_seat_of(seat, f"{where}.by[{i}]", players) for i, seat in enumerate(by))
        doubled = _bool(item.get("doubled", False), f"{where}.doubled")
        if "doubled" in item and not doubled:
            raise _bad(f"{where}.doubled", "written only when true")
        multiplier = _int(item.get("multiplier", 1), f"{where}.multiplier", 1)
        if "multiplier" in item and multiplier == 1:
            raise _bad(f"{where}.multiplier", "written only when not 1")
        melds.append(TableMeld(meld, seats, multiplier, doubled))
    return tuple(melds)


def _meld_of(cards: Any, rules: Rules, where: str) -> Meld:
    """The meld of a table meld's ``cards``: meld cards in canonical form and in meld order."""
    if not isinstance(cards, list):
        raise _bad(f"{where}.cards", f"expected a list of meld cards, got {shown(cards)}")
    specs = []
    for index, text in enumerate(cards):
        try:
            specs.append(meld_card_from_text(text))
        except NotationError as error:
            raise _bad(f"{where}.cards[{index}]", str(error)) from None
    try:
        meld = make_meld(specs, rules)
    except InvalidMeldError as error:
        raise _bad(f"{where}.cards", str(error)) from None
    if [str(spec) for spec in meld.specs] != cards:
        raise _bad(f"{where}.cards", f"not in meld order: expected {meld}")
    return meld


def _view_result(value: Any, players: int) -> HandResult | None:
    if value is None:
        return None
    _keys(value, "result", _RESULT_KEYS, _RESULT_KEYS)
    team_scores = _ints(value["team_scores"], "result.team_scores", None, None)
    if len(team_scores) not in (0, 2):
        raise _bad("result.team_scores", f"expected 0 or 2 scores, got {shown(team_scores)}")
    return HandResult(
        scores=_ints(value["scores"], "result.scores", players, None),
        melded=_ints(value["melded"], "result.melded", players, None),
        in_hand=_ints(value["in_hand"], "result.in_hand", players, None),
        went_out=_maybe_seat(value["went_out"], "result.went_out", players),
        reason=_enum_of(EndReason, value["reason"], "result.reason"),
        bonuses=_ints(value["bonuses"], "result.bonuses", None, None),
        going_rummy=_bool(value["going_rummy"], "result.going_rummy"),
        team_scores=team_scores,
    )


@attrs.define
class _Table:
    """What the notation of a view's moves is read against: the public part of its state."""

    rules: Rules
    dealer: int
    to_move: int
    phase: Phase
    players: int
    discard: tuple[Card, ...]
    melds: tuple[TableMeld, ...]
    _reader: GameState | None = None

    @property
    def reader(self) -> GameState:
        """A state of these fields, without hands nor stock, to read notation with (made once)."""
        if self._reader is None:
            self._reader = GameState(
                self.rules,
                self.dealer,
                self.to_move,
                self.phase,
                ((),) * self.players,
                (),
                self.discard,
                self.melds,
            )
        return self._reader


def _view_moves(texts: Any, items: Any, table: _Table, seat: int) -> tuple[Move, ...]:
    """The keys ``legal_moves`` and ``moves``: the legal moves in notation, and as move dicts.

    Each move is read once (notation and dict) and kept under a key that
    holds all its reading depends on; a view whose moves are all kept costs
    their keys only.  Whatever is not kept is read afresh, in the order of
    the checks: every notation, then every dict, so that the first problem
    found is the one a fresh reading finds.
    """
    if type(texts) is not list or type(items) is not list or len(texts) != len(items):
        read = _moves_from_notation(texts, table.reader, seat)
        _check_move_dicts(items, read)
        return read
    context = (table.rules, table.players, table.to_move, seat)
    # The notation of a lay-off reads its table meld, if there is one.  Moves are kept only
    # once read in canonical notation, which spells "layoff N": text without it reads no
    # table meld, wherever it is read.
    keys = [
        None
        if type(text) is not str or frozen is None
        else (text, frozen, context, _target(text, table.melds))
        if "layoff" in text
        else (text, frozen, context)
        for text, frozen in zip(texts, map(json_key, items), strict=True)
    ]
    found = [None if key is None else _MOVES.get(key) for key in keys]
    kept = [move is not None for move in found]
    if all(kept):  # each move is its text in canonical notation: equal moves, equal texts
        if len(set(texts)) != len(texts):
            raise _bad("legal_moves", "a move is listed twice")
        return tuple(found)  # type: ignore[arg-type]
    moves = [
        _move_from_notation(text, index, table.reader, seat) if move is None else move
        for index, (text, move) in enumerate(zip(texts, found, strict=True))
    ]
    if len(set(moves)) != len(moves):
        raise _bad("legal_moves", "a move is listed twice")
    for index, (item, move, known) in enumerate(zip(items, moves, kept, strict=True)):
        if not known:
            _check_move_dict(item, index, move)
    for key, move, known in zip(keys, moves, kept, strict=True):
        if key is not None and not known:
            store(_MOVES, key, move, _MEMO_LIMIT)
    return tuple(moves)


def _target(text: str, melds: tuple[TableMeld, ...]) -> Meld | int | None:
    """The table meld the lay-off ``text`` names, as canonical notation spells it ("layoff N").

    The meld ``N`` if the table has one, else ``None``; ``-1`` for text not spelled so (read
    afresh then: it is not canonical).
    """
    number = text.partition("layoff ")[2].partition(" ")[0]
    if not number.isascii() or not number.isdigit() or len(number) > MAX_NUMBER_DIGITS:
        return -1
    target = int(number)
    return melds[target].meld if target < len(melds) else None


def _moves_from_notation(value: Any, reader: GameState, seat: int) -> tuple[Move, ...]:
    """The key ``legal_moves``: the seat's moves in canonical notation, each once."""
    if not isinstance(value, list):
        raise _bad("legal_moves", f"expected a list of moves, got {shown(value)}")
    moves = [_move_from_notation(text, index, reader, seat) for index, text in enumerate(value)]
    if len(set(moves)) != len(moves):
        raise _bad("legal_moves", "a move is listed twice")
    return tuple(moves)


def _move_from_notation(text: Any, index: int, reader: GameState, seat: int) -> Move:
    """``legal_moves[index]``: a move of ``seat`` in canonical notation."""
    where = f"legal_moves[{index}]"
    if not isinstance(text, str):
        raise _bad(where, f"expected a move in notation, got {shown(text)}")
    try:
        move = parse_move(reader, text)
    except NotationError as error:
        raise _bad(where, str(error)) from None
    if move.player != seat or str(move) != text:
        raise _bad(where, f"expected a move of p{seat} in canonical notation, got {shown(text)}")
    return move


def _check_move_dicts(value: Any, moves: tuple[Move, ...]) -> None:
    """The key ``moves``: the legal moves again, as move dicts with their ``"text"``."""
    if not isinstance(value, list) or len(value) != len(moves):
        raise _bad("moves", f"expected a list of {len(moves)} move dicts, got {shown(value)}")
    for index, (item, move) in enumerate(zip(value, moves, strict=True)):
        _check_move_dict(item, index, move)


def _check_move_dict(item: Any, index: int, move: Move) -> None:
    """``moves[index]``: the dict of ``move``, with its ``"text"``."""
    where = f"moves[{index}]"
    if not isinstance(item, Mapping) or "text" not in item:
        raise _bad(where, f"expected a move dict with its 'text', got {shown(item)}")
    try:
        found = move_from_dict(item)
    except InvalidArgumentError as error:
        raise _bad(where, str(error)) from None
    if found != move:
        raise _bad(where, f"expected the move of legal_moves[{index}], {str(move)!r}")


def view_fields(data: Any) -> dict[str, Any]:
    """The fields of the view ``data`` holds, by name: the keyword arguments of a view.

    Raises:
        PositionError: (a :class:`ValueError`) naming the offending key and value.
    """
    try:
        return _fields(data)
    except Exception:
        _check_depth(data)
        raise


def _check_depth(data: Any) -> None:
    """Refuse a view that nests lists and dicts more than :data:`MAX_JSON_DEPTH` deep.

    A view that reads well nests them five deep at most (the cards of the
    meld of a take, in ``moves``), so the depth is checked only when reading
    fails: the problem reported is then the depth, whatever else is wrong.

    Raises:
        PositionError: (a :class:`ValueError`) when ``data`` nests too deep.
    """
    if isinstance(data, Mapping) and too_deep(data):
        raise PositionError(
            f"a view nests lists and dicts more than {MAX_JSON_DEPTH} deep"
        ) from None


def _fields(data: Any) -> dict[str, Any]:
    """:func:`view_fields` of a view that nests no deeper than a view does."""
    _keys(data, "view", _VIEW_KEYS, _VIEW_KEYS)
    if type(data["format"]) is not int or data["format"] != FORMAT:
        raise _bad("format", f"expected {FORMAT}, got {shown(data['format'])}")
    try:
        rules = rules_from_data(data["rules"])
    except ValueError as error:
        raise _bad("rules", str(error)) from None
    hand_sizes = _ints(data["hand_sizes"], "hand_sizes", None, 0)
    players = len(hand_sizes)
    try:
        rules.check_players(players)
    except InvalidArgumentError as error:
        raise _bad("hand_sizes", str(error)) from None
    seat = _seat_of(data["seat"], "seat", players)
    phase = _enum_of(Phase, data["phase"], "phase")
    hand = _sorted_cards(data["hand"], "hand")
    expected = 0 if phase is Phase.NOMINATE else hand_sizes[seat]
    if len(hand) != expected:
        raise _bad("hand", f"expected {expected} cards (hand_sizes[{seat}]), got {len(hand)}")
    known_data = data["known"]
    if not isinstance(known_data, list) or len(known_data) != players:
        raise _bad("known", f"expected a list of {players} lists of cards, got {shown(known_data)}")
    known = tuple(_sorted_cards(cards, f"known[{i}]") for i, cards in enumerate(known_data))
    for other, cards in enumerate(known):
        if other == seat and cards:
            raise _bad(f"known[{other}]", "the seat's own entry is empty (its hand is 'hand')")
        if len(cards) > hand_sizes[other]:
            raise _bad(f"known[{other}]", f"more cards than p{other} holds ({hand_sizes[other]})")
    turn = data["turn"]
    _keys(turn, "turn", _TURN_KEYS, _TURN_KEYS)
    fields: dict[str, Any] = _went_out_fields(data["went_out"], players)
    opened = _ints(data["opened"], "opened", None, 0)
    if list(opened) != sorted(set(opened)) or any(other >= players for other in opened):
        raise _bad("opened", f"expected distinct seats in order, got {shown(data['opened'])}")
    gambit = data["gambit"]
    effect, dealer_joker, blocked_by = None, False, None
    dead: tuple[Card, ...] = ()
    if not rules.dealers_gambit:
        if gambit is not None:
            raise _bad("gambit", f"expected null without dealer's gambit, got {shown(gambit)}")
    else:
        _keys(gambit, "gambit", _GAMBIT_KEYS, _GAMBIT_KEYS)
        if gambit["effect"] is not None:
            effect = _enum_of(JokerEffect, gambit["effect"], "gambit.effect")
        dealer_joker = _bool(gambit["dealer_joker"], "gambit.dealer_joker")
        blocked_by = _maybe_seat(gambit["blocked_by"], "gambit.blocked_by", players)
        dead = _card_list(gambit["dead"], "gambit.dead")
    for field in _SEATS:
        fields[field.name] = _seat_of(data[field.key[0]], field.key[0], players)
    discard = _card_list(data["discard"], "discard")
    melds = _view_melds(data["melds"], rules, players)
    table = _Table(rules, fields["dealer"], fields["to_move"], phase, players, discard, melds)
    legal_moves = _view_moves(data["legal_moves"], data["moves"], table, seat)
    for name, key, where in _COUNT_KEYS:
        fields[name] = _int((turn if len(key) > 1 else data)[key[-1]], where)
    return {
        **fields,
        "seat": seat,
        "rules": rules,
        "phase": phase,
        "hand": hand,
        "hand_sizes": hand_sizes,
        "known": known,
        "stock_size": _int(data["stock_size"], "stock_size"),
        "discard": discard,
        "melds": melds,
        "last_discarder": _maybe_seat(data["last_discarder"], "last_discarder", players),
        "taken": _card_list(turn["taken"], "turn.taken"),
        "opened": frozenset(opened),
        "result": _view_result(data["result"], players),
        "legal_moves": legal_moves,
        "joker_effect": effect,
        "dealer_joker": dealer_joker,
        "blocked_by": blocked_by,
        "dead": dead,
    }


def _went_out_fields(value: Any, players: int) -> dict[str, Any]:
    """The key ``went_out``: null, or the seat that went out and its flags; by field name."""
    if value is None:
        return dict(_NOBODY_OUT)
    _keys(value, "went_out", _WENT_OUT_KEYS, _WENT_OUT_KEYS)
    fields = {}
    for field in _WENT_OUT:
        where = ".".join(field.key)
        if field.codec == "seat":
            fields[field.name] = _seat_of(value[field.key[1]], where, players)
        else:
            fields[field.name] = _bool(value[field.key[1]], where)
    return fields
