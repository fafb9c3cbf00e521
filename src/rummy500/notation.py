"""Reading moves: the move notation, parsed for a state.

The grammar (formatting is :func:`rummy500.format_move`, also ``str(move)``)::

    move      := [ "p" SEAT ":" ] body        # seat prefix; default = the seat to move
    body      := "draw"                       # from the stock
               | "take" N [ play ]            # take the top N discards; play melds the deepest
               | "meld" spec+ [ "double" ]    # lay down a new meld ("double": V7)
               | "layoff" ID spec+            # add to table meld number ID (0-based)
               | "discard" CARD
               | "rummy" N play               # call Rummy!, taking the top N discards
               | "end"                        # end the hand (empty stock, no discard draw)
               | "pass"                       # draw nothing (play_on), or end one's final lay-offs
               | "nominate" EFFECT            # V7: wild, double or split
               | "block" | "split" N play     # V7
    play      := "meld" spec+ [ "double" ] | "layoff" ID spec+
    spec      := CARD | "JK=" RANK SUIT | "JK=" RANK

>>> from rummy500 import new_game, parse_move
>>> state = new_game(seed=1)
>>> parse_move(state, "take 1"), parse_move(state, "p0: meld 4d 4s 4h")
(<Take 'p1: take 1'>, <MeldMove 'p0: meld 4S 4H 4D'>)
"""

from __future__ import annotations

from rummy500._engine.codes.memo import store
from rummy500.cards import parse_card
from rummy500.errors import CardParseError, InvalidArgumentError, NotationError, shown
from rummy500.meldcards import MeldCard, parse_meld_card, split_tokens
from rummy500.melds import Meld, canonical_layoff_cards, canonical_meld_cards
from rummy500.moves import (
    Block,
    CallRummy,
    Discard,
    Draw,
    EndHand,
    LayoffMove,
    MeldMove,
    Move,
    Nominate,
    Pass,
    Play,
    Split,
    Take,
    format_move,
)
from rummy500.rules import Rules
from rummy500.state import GameState

__all__ = ["MAX_MOVE_LENGTH", "MAX_NUMBER_DIGITS", "format_move", "parse_move"]


#: The longest move text :func:`parse_move` reads, in characters.
MAX_MOVE_LENGTH = 1000
#: The most digits of a number in a move (a count of cards, a meld number, a seat).
MAX_NUMBER_DIGITS = 9

# The plays read last, so that a reader of many moves (a player view's legal moves, as text and
# as dicts) orders and checks each meld once: pure functions of their keys, kept in bounded
# tables (emptied when they hold _MEMO_LIMIT entries).
_MEMO_LIMIT = 4096
_CANONICAL_MELDS: dict[tuple[tuple[int, ...], Rules], tuple[MeldCard, ...]] = {}
_CANONICAL_LAYOFFS: dict[tuple[Meld, tuple[int, ...], Rules], tuple[MeldCard, ...]] = {}
_MELD_MOVES: dict[tuple[int, tuple[int, ...], bool], MeldMove] = {}

_KEYWORDS = "draw, take, meld, layoff, discard, rummy, end, pass, nominate, block or split"
_EFFECTS = ("wild", "double", "split")


def parse_move(state: GameState, text: str, *, seat: int | None = None) -> Move:
    """Parse a move in the notation above for ``state``.

    The seat prefix ``pN:`` is optional: without it the move is ``seat``'s,
    or the seat to move's when ``seat`` is ``None``.  Given ``seat``, text
    whose prefix names another seat raises, so a server that reads one
    player's text never credits the move to another seat:

    >>> from rummy500 import new_game
    >>> state = new_game(seed=1)  # p1 is to move
    >>> parse_move(state, "draw"), parse_move(state, "draw", seat=0)
    (<Draw 'p1: draw'>, <Draw 'p0: draw'>)
    >>> parse_move(state, "p1: draw", seat=0)
    Traceback (most recent call last):
    ...
    rummy500.errors.NotationError: 'p1: draw' is p1's move, not p0's

    Cards of melds and lay-offs may be typed in any order: a valid meld or
    lay-off is put in canonical order.  Only syntax, cards and seats are checked,
    never legality: :func:`rummy500.check_move` explains an illegal move.

    Numbers (seats, counts, meld numbers) are written with the ASCII digits
    0-9, at most :data:`MAX_NUMBER_DIGITS` of them; the text is at most
    :data:`MAX_MOVE_LENGTH` characters long.  Parsing takes time linear in
    the length of the text.

    Raises:
        NotationError: naming the offending token (quoting at most 80
            characters of it), or a prefix naming another seat than ``seat``.
        InvalidArgumentError: for a ``seat`` that is not at the table.

    >>> parse_move(new_game(seed=1), "take ²")
    Traceback (most recent call last):
    ...
    rummy500.errors.NotationError: bad number of cards to take '²' (expected a whole number ≥ 1) ...
    """
    if not isinstance(text, str):
        raise NotationError(f"expected move text such as 'p0: draw', got {shown(text)}")
    if len(text) > MAX_MOVE_LENGTH:
        raise NotationError(
            f"move text of {len(text)} characters is too long (at most {MAX_MOVE_LENGTH}): "
            f"{shown(text)}"
        )
    if seat is not None and (
        isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.num_players
    ):
        raise InvalidArgumentError(
            f"seat must be a seat 0..{state.num_players - 1}, got {shown(seat)}"
        )
    player = state.to_move if seat is None else seat
    seat_text, body = _split_prefix(text)
    if seat_text is not None:
        if not _is_number(seat_text):
            raise NotationError(
                f"bad seat {shown('p' + seat_text)} in {shown(text)} (expected p0, p1, ...)"
            )
        player = int(seat_text)
        if player >= state.num_players:
            raise NotationError(
                f"no seat p{player} in {shown(text)}: the seats are p0..p{state.num_players - 1}"
            )
        if seat is not None and player != seat:
            raise NotationError(f"{shown(text)} is p{player}'s move, not p{seat}'s")
    tokens = split_tokens(body)
    if not tokens:
        raise NotationError(f"empty move {shown(text)}")
    parser = _MoveParser(state, text, tokens, player)
    move = parser.move()
    parser.finish()
    # The canonical form adds the seat prefix: it must be readable again.
    if len(text) > MAX_MOVE_LENGTH - len("p0: ") and len(format_move(move)) > MAX_MOVE_LENGTH:
        raise NotationError(
            f"move of {len(format_move(move))} characters in canonical form is too long "
            f"(at most {MAX_MOVE_LENGTH}): {shown(text)}"
        )
    return move


def _split_prefix(text: str) -> tuple[str | None, str]:
    """The seat of a prefix ``pN:`` (``None`` without one) and the rest of the text.

    A prefix is a ``p`` at the start, then one word (the seat, possibly
    empty) up to the first colon; whitespace around them is free.  Linear in
    the length of the text.
    """
    stripped = text.lstrip()
    if stripped[:1] not in ("p", "P"):
        return None, text
    colon = stripped.find(":")
    if colon < 0:
        return None, text
    words = stripped[1:colon].split()
    if len(words) > 1:
        return None, text
    return (words[0] if words else ""), stripped[colon + 1 :]


def _is_number(token: str) -> bool:
    """Whether ``token`` is a number of the notation: ASCII digits, not too many."""
    return 0 < len(token) <= MAX_NUMBER_DIGITS and token.isascii() and token.isdigit()


def _keyword(token: str) -> str:
    """A token in lower case if it is ASCII (a keyword is), else unchanged."""
    return token.lower() if token.isascii() else token


class _MoveParser:
    """A cursor over the tokens of one move."""

    def __init__(self, state: GameState, text: str, tokens: list[str], player: int) -> None:
        self.state = state
        self.text = text
        self.tokens = tokens
        self.player = player
        self.position = 0

    def error(self, message: str) -> NotationError:
        return NotationError(f"{message} in {shown(self.text)}")

    def next_token(self, expected: str) -> str:
        if self.position >= len(self.tokens):
            raise self.error(f"missing {expected} at the end")
        token = self.tokens[self.position]
        self.position += 1
        return token

    def finish(self) -> None:
        if self.position < len(self.tokens):
            raise self.error(f"unexpected {shown(self.tokens[self.position])}")

    def number(self, what: str, minimum: int) -> int:
        token = self.next_token(what)
        if len(token) > MAX_NUMBER_DIGITS and token.isascii() and token.isdigit():
            raise self.error(f"bad {what} {shown(token)} (more than {MAX_NUMBER_DIGITS} digits)")
        if not _is_number(token) or int(token) < minimum:
            raise self.error(f"bad {what} {shown(token)} (expected a whole number ≥ {minimum})")
        return int(token)

    def specs(self) -> tuple[MeldCard, ...]:
        specs = []
        while self.position < len(self.tokens):
            token = self.tokens[self.position]
            if _keyword(token) == "double":
                break
            try:
                specs.append(parse_meld_card(token))
            except NotationError as error:
                raise self.error(f"token {self.position + 1}: {error}") from None
            self.position += 1
        if not specs:
            raise self.error("missing cards at the end")
        return tuple(specs)

    def move(self) -> Move:
        keyword = _keyword(self.next_token("a move"))
        player = self.player
        if keyword == "draw":
            return Draw(player)
        if keyword == "end":
            return EndHand(player)
        if keyword == "pass":
            return Pass(player)
        if keyword == "block":
            return Block(player)
        if keyword == "nominate":
            effect = _keyword(self.next_token("the joker effect (wild, double or split)"))
            if effect not in _EFFECTS:
                raise self.error(
                    f"not a joker effect: {shown(effect)} (expected {', '.join(_EFFECTS)})"
                )
            return Nominate(player, effect)
        if keyword == "split":
            count = self.number("depth of the chosen card", 1)
            return Split(player, count, self.play())
        if keyword == "discard":
            token = self.next_token("the card to discard")
            try:
                return Discard(player, parse_card(token))
            except CardParseError as error:
                raise self.error(str(error)) from None
        if keyword in ("meld", "layoff"):
            self.position -= 1
            return self.play()
        if keyword == "take":
            count = self.number("number of cards to take", 1)
            play = self.play() if self.position < len(self.tokens) else None
            return Take(player, count, play)
        if keyword == "rummy":
            count = self.number("number of cards to take", 1)
            return CallRummy(player, count, self.play())
        raise self.error(f"unknown move {shown(keyword)} (expected {_KEYWORDS})")

    def play(self) -> Play:
        keyword = _keyword(self.next_token("meld or layoff"))
        if keyword == "meld":
            cards = _canonical_meld(self.specs(), self.state.rules)
            following = self.tokens[self.position] if self.position < len(self.tokens) else ""
            doubled = _keyword(following) == "double"
            self.position += doubled
            return meld_move(self.player, cards, doubled)
        if keyword == "layoff":
            target = self.number("meld number", 0)
            specs = self.specs()
            melds = self.state.melds
            if target < len(melds):
                specs = _canonical_layoff(melds[target].meld, specs, self.state.rules)
            return LayoffMove(self.player, target, specs)
        raise self.error(f"expected meld or layoff, got {shown(keyword)}")


def meld_move(player: int, cards: tuple[MeldCard, ...], doubled: bool) -> MeldMove:
    """``MeldMove(player, cards, doubled)``, kept for the moves made last (moves are values).

    The readers of moves (notation here, dicts in :mod:`rummy500.movedata`)
    make their melds with it: putting the cards in meld order is most of
    the cost of a meld move, and a view's legal moves hold each twice.
    """
    if type(player) is not int or type(doubled) is not bool:  # refused by MeldMove, or not kept
        return MeldMove(player, cards, doubled)
    key = (player, tuple([card.code for card in cards]), doubled)
    move = _MELD_MOVES.get(key)
    if move is None:
        move = store(_MELD_MOVES, key, MeldMove(player, cards, doubled), _MEMO_LIMIT)
    return move


def _canonical_meld(specs: tuple[MeldCard, ...], rules: Rules) -> tuple[MeldCard, ...]:
    """:func:`~rummy500.melds.canonical_meld_cards`, kept for the melds read last."""
    key = (tuple([spec.code for spec in specs]), rules)
    cards = _CANONICAL_MELDS.get(key)
    if cards is None:
        cards = store(_CANONICAL_MELDS, key, canonical_meld_cards(specs, rules), _MEMO_LIMIT)
    return cards


def _canonical_layoff(
    meld: Meld, specs: tuple[MeldCard, ...], rules: Rules
) -> tuple[MeldCard, ...]:
    """:func:`~rummy500.melds.canonical_layoff_cards`, kept for the lay-offs read last."""
    key = (meld, tuple([spec.code for spec in specs]), rules)
    cards = _CANONICAL_LAYOFFS.get(key)
    if cards is None:
        cards = canonical_layoff_cards(meld, specs, rules)
        store(_CANONICAL_LAYOFFS, key, cards, _MEMO_LIMIT)
    return cards
