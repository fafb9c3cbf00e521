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

import re

from rummy500.cards import parse_card
from rummy500.errors import CardParseError, InvalidArgumentError, NotationError
from rummy500.meldcards import MeldCard, parse_meld_card, split_tokens
from rummy500.melds import canonical_layoff_cards, canonical_meld_cards
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
from rummy500.state import GameState

__all__ = ["format_move", "parse_move"]


_PREFIX = re.compile(r"^\s*p\s*(\S*?)\s*:(.*)$", re.IGNORECASE | re.DOTALL)


def parse_move(state: GameState, text: str) -> Move:
    """Parse a move in the notation above for ``state``.

    The seat prefix ``pN:`` is optional (default: the seat to move).  Cards
    of melds and lay-offs may be typed in any order: a valid meld or lay-off
    is put in canonical order.  Only syntax, cards and seats are checked,
    never legality: :func:`rummy500.check_move` explains an illegal move.

    Raises:
        NotationError: naming the offending token.
    """
    if not isinstance(text, str):
        raise NotationError(f"expected move text such as 'p0: draw', got {text!r}")
    player = state.to_move
    body = text
    match = _PREFIX.match(text)
    if match:
        seat_text = match.group(1)
        if not seat_text.isdigit():
            raise NotationError(
                f"bad seat {('p' + seat_text)!r} in {text!r} (expected p0, p1, ...)"
            )
        player = int(seat_text)
        if player >= state.num_players:
            raise NotationError(
                f"no seat p{player} in {text!r}: the seats are p0..p{state.num_players - 1}"
            )
        body = match.group(2)
    tokens = split_tokens(body)
    if not tokens:
        raise NotationError(f"empty move {text!r}")
    parser = _MoveParser(state, text, tokens, player)
    move = parser.move()
    parser.finish()
    return move


class _MoveParser:
    """A cursor over the tokens of one move."""

    def __init__(self, state: GameState, text: str, tokens: list[str], player: int) -> None:
        self.state = state
        self.text = text
        self.tokens = tokens
        self.player = player
        self.position = 0

    def error(self, message: str) -> NotationError:
        return NotationError(f"{message} in {self.text!r}")

    def next_token(self, expected: str) -> str:
        if self.position >= len(self.tokens):
            raise self.error(f"missing {expected} at the end")
        token = self.tokens[self.position]
        self.position += 1
        return token

    def finish(self) -> None:
        if self.position < len(self.tokens):
            raise self.error(f"unexpected {self.tokens[self.position]!r}")

    def number(self, what: str, minimum: int) -> int:
        token = self.next_token(what)
        if not token.isdigit() or int(token) < minimum:
            raise self.error(f"bad {what} {token!r} (expected a whole number ≥ {minimum})")
        return int(token)

    def specs(self) -> tuple[MeldCard, ...]:
        specs = []
        while self.position < len(self.tokens):
            token = self.tokens[self.position]
            if token.lower() == "double":
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
        keyword = self.next_token("a move").lower()
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
            effect = self.next_token("the joker effect (wild, double or split)").lower()
            try:
                return Nominate(player, effect)
            except InvalidArgumentError as error:
                raise self.error(str(error)) from None
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
        raise self.error(
            f"unknown move {keyword!r} "
            "(expected draw, take, meld, layoff, discard, rummy, end, pass, nominate, block "
            "or split)"
        )

    def play(self) -> Play:
        keyword = self.next_token("meld or layoff").lower()
        if keyword == "meld":
            cards = canonical_meld_cards(self.specs(), self.state.rules)
            doubled = self.position < len(self.tokens) and self.tokens[self.position].lower() == (
                "double"
            )
            self.position += doubled
            return MeldMove(self.player, cards, doubled)
        if keyword == "layoff":
            target = self.number("meld number", 0)
            specs = self.specs()
            melds = self.state.melds
            if target < len(melds):
                specs = canonical_layoff_cards(melds[target].meld, specs, self.state.rules)
            return LayoffMove(self.player, target, specs)
        raise self.error(f"expected meld or layoff, got {keyword!r}")
