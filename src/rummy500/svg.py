"""Pictures: cards, melds and tables drawn as SVG, for notebooks and web pages.

:func:`render` draws a :class:`~rummy500.cards.Card`, a meld card, a
:class:`~rummy500.melds.Meld` or :class:`~rummy500.state.TableMeld`, a hand
(a list or tuple of cards, such as a view's ``hand``), a
:class:`~rummy500.state.GameState` or a :class:`~rummy500.views.PlayerView`
and returns an :class:`Svg`: a ``str`` of SVG markup that Jupyter shows as a
picture.  Those classes have a ``_repr_svg_`` method too (set by this module,
which ``import rummy500`` loads), so a notebook cell ending in a state or a
view shows the table.

Everything is drawn here from plain shapes and text: no card art, no font
or file beyond the text fonts of the viewer.

- A card shows its rank and suit symbol, red for hearts and diamonds, black
  for spades and clubs; a joker shows a star, and in a meld the card it
  stands for (M4).
- A meld shows its number (M5) and, under each card, the seat it is
  credited to (L5); a multiplier (V6) or a doubling joker (V7) is noted,
  and on a table so is the value of each ace of four aces credited to one
  seat (V8).
- A table shows each seat's hand (the seat to move marked, the dealer
  named), the stock as a card back with its count, the discard pile spread
  oldest first with the depth of each card above it (``take 3`` takes the
  cards marked 1 to 3, T3), the melds with their numbers and credits, and
  whose turn it is or how the hand ended.  A view draws what its seat may
  see: its own hand, the known cards of the others (outlined in gold, as
  in a state), and a card back for every hidden card.

>>> from rummy500 import Card, new_game, observe
>>> from rummy500.svg import render
>>> picture = render(Card.parse("QH"))
>>> picture.startswith("<svg"), 'data-card="QH"' in picture
(True, True)
>>> table = render(observe(new_game(seed=7), 0))
>>> table.count('class="card back"')  # p1's 13 hidden cards and the stock
14

Each card is a ``<g class="card">`` group with a ``data-card`` attribute
(``data-as`` for what a joker stands for); a back has none.  Every card,
face up or down, also has a ``data-id`` that no other card of the picture
has, even with two decks, where two cards may be the same ``7H``: it names
where the card lies and its place there.

- a hand: ``hand-0``, ``hand-1`` … in the order of the hand;
- a table: ``p1-0``, ``p1-1`` … for seat 1's row (its faces, then its
  backs), ``stock``, ``dealer-joker``, ``pile-1`` for the top card of the
  pile, ``pile-2`` under it …, and ``meld0-0``, ``meld0-1`` … for the cards
  of meld 0;
- a meld: ``meld-0``, ``meld-1`` …; a single card: ``card``.

>>> hand = render(observe(new_game(seed=7), 0).hand)
>>> hand.count('class="card"'), 'data-id="hand-12"' in hand
(13, True)

The markup depends only on what it draws: two views that are equal give the
same text.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from rummy500._engine import legal_moves
from rummy500.cards import JOKER, Card, Rank, Suit, as_cards
from rummy500.meldcards import MeldCard
from rummy500.melds import Meld, MeldKind, four_aces
from rummy500.moves import CallRummy
from rummy500.presets import nearest
from rummy500.rules import RummyCall
from rummy500.state import GameState, HandResult, JokerEffect, Phase, TableMeld
from rummy500.views import PlayerView

__all__ = ["CARD_HEIGHT", "CARD_WIDTH", "Svg", "render"]

#: The size of a card, in SVG units (pixels at 100 %).
CARD_WIDTH = 46
CARD_HEIGHT = 64

_RADIUS = 5
_HAND_STEP = 27  # the visible strip of a card under the next one, in a hand
_MELD_STEP = 25
_MARGIN = 16
_LABEL = 104  # the seats' labels, left of their hands
_MIN_WIDTH = 640

_FONT = "DejaVu Sans, Segoe UI Symbol, Noto Sans Symbols, Arial, sans-serif"


# XML escapes written out here: the standard library's (xml.sax.saxutils) import
# urllib, http and the email package: a fifth of the time `import rummy500` took.
_TEXT_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})
_ATTRIBUTE_ESCAPES = str.maketrans(
    {
        "&": "&amp;",
        "<": "&lt;",
        ">": "&gt;",
        '"': "&quot;",
        "\n": "&#10;",
        "\r": "&#13;",
        "\t": "&#9;",
    }
)


def _escape(text: str) -> str:
    """``text`` as XML character data (``&``, ``<`` and ``>`` escaped)."""
    return text.translate(_TEXT_ESCAPES)


def _quoteattr(value: str) -> str:
    """``value`` as a double-quoted XML attribute value, escaped."""
    return '"' + value.translate(_ATTRIBUTE_ESCAPES) + '"'


_RED = "#c0392b"
_BLACK = "#1c1c1c"
_JOKER = "#7d3c98"
_FELT = "#1f6b45"
_FELT_TEXT = "#f3efe2"
_FAINT = "#b9d8c4"
_KNOWN = "#f1c40f"
_BACK = "#2c5aa0"
#: The colour of each seat's credits (L5).
_SEATS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#e67e22", "#17a2b8", "#8c564b", "#e84393")


class Svg(str):
    """SVG markup: a ``str`` that Jupyter (and anything that asks ``_repr_svg_``) shows drawn."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)


def render(
    obj: Card | MeldCard | Meld | TableMeld | GameState | PlayerView | Sequence[Card | str],
) -> Svg:
    """Draw a card, a meld card, a meld, a table meld, a hand, a state or a player view.

    Args:
        obj: What to draw.  A hand is a list or tuple of cards (or of card
            text, ``["QH", "JK"]``), drawn overlapping in its order.  A
            :class:`~rummy500.state.GameState` is the referee's table (every
            hand face up); a :class:`~rummy500.views.PlayerView` is one
            seat's table (the hidden cards as backs).

    Returns:
        The picture: SVG markup with its size set, in an :class:`Svg`.

    Raises:
        TypeError: for anything else.
        CardParseError: (a :class:`ValueError`) for card text that is not a card.
    """
    if isinstance(obj, Card):
        body = _card(0, 0, obj, ident="card")
        return _picture(CARD_WIDTH, CARD_HEIGHT, body, f"the card {_name(obj)}")
    if isinstance(obj, MeldCard):
        body = _meld_card(0, 0, obj, ident="card")
        return _picture(CARD_WIDTH, CARD_HEIGHT, body, f"the meld card {_spec_name(obj)}")
    if isinstance(obj, (Meld, TableMeld)):
        table_meld = obj if isinstance(obj, TableMeld) else None
        meld = obj.meld if isinstance(obj, TableMeld) else obj
        width, height, body = _meld(0, 0, meld, table_meld, None, 0)
        return _picture(width, height, body, f"the {meld.kind.value} {meld}")
    if isinstance(obj, (GameState, PlayerView)):
        return _table(_Table.of(obj))
    if isinstance(obj, (list, tuple)):
        return _hand(as_cards(obj))
    raise TypeError(f"render draws cards, melds, hands, states and views, not {type(obj).__name__}")


def _repr_svg_(self: Any) -> str:
    """The picture of ``self`` (:func:`render`), for Jupyter."""
    return str(render(self))


# The value types get their picture here, where the drawing lives, rather than
# importing this module from theirs (which would point imports upwards).
for _class in (Card, MeldCard, Meld, TableMeld, GameState, PlayerView):
    _class._repr_svg_ = _repr_svg_  # type: ignore[union-attr]
del _class


# ---------------------------------------------------------------------------
# Cards


def _color(suit: Suit | None) -> str:
    return _RED if suit in (Suit.HEARTS, Suit.DIAMONDS) else _BLACK


def _rank_text(rank: Rank) -> str:
    return "10" if rank is Rank.TEN else rank.symbol


def _name(card: Card) -> str:
    if card.rank is None or card.suit is None:
        return "joker"
    return _rank_text(card.rank) + card.suit.symbol


def _spec_name(spec: MeldCard) -> str:
    if not spec.is_joker:
        return _name(spec.card)
    if spec.rank is None:
        return "joker"
    suit = spec.suit.symbol if spec.suit is not None else ""
    return f"joker as {_rank_text(spec.rank)}{suit}"


def _text(
    x: float,
    y: float,
    text: str,
    *,
    size: int = 12,
    fill: str = _FELT_TEXT,
    anchor: str = "start",
    weight: str = "normal",
    cls: str | None = None,
) -> str:
    extra = f' text-anchor="{anchor}"' if anchor != "start" else ""
    extra += f' font-weight="{weight}"' if weight != "normal" else ""
    extra += f' class="{cls}"' if cls else ""
    return (
        f'<text x="{x:g}" y="{y:g}" font-size="{size}" fill="{fill}"{extra}>{_escape(text)}</text>'
    )


def _frame(fill: str, stroke: str, width: float = 1) -> str:
    return (
        f'<rect x="0.5" y="0.5" width="{CARD_WIDTH - 1}" height="{CARD_HEIGHT - 1}" '
        f'rx="{_RADIUS}" fill="{fill}" stroke="{stroke}" stroke-width="{width:g}"/>'
    )


def _face(rank: str, suit: str, color: str) -> list[str]:
    """The corner index (rank over suit) and the large suit symbol of a face."""
    return [
        _text(5, 16, rank, size=14, fill=color, weight="bold"),
        _text(5, 30, suit, size=14, fill=color),
        _text(CARD_WIDTH - 11, CARD_HEIGHT - 12, suit, size=24, fill=color, anchor="middle"),
    ]


def _card(x: float, y: float, card: Card, *, ident: str, known: bool = False) -> str:
    """A face-up card at (x, y), with its ``data-id``; ``known``: outlined as a known card."""
    stroke, width = (_KNOWN, 2.5) if known else ("#7f8c8d", 1.0)
    classes = "card known" if known else "card"
    title = f"<title>{_escape(_name(card))}</title>"
    if card.rank is None or card.suit is None:
        parts = [
            _frame("#fdf6e3", _KNOWN if known else _JOKER, width),
            _text(5, 16, "JK", size=12, fill=_JOKER, weight="bold"),
            _text(CARD_WIDTH - 11, CARD_HEIGHT - 12, "★", size=24, fill=_JOKER, anchor="middle"),
        ]
    else:
        color = _color(card.suit)
        parts = [
            _frame("#ffffff", stroke, width),
            *_face(_rank_text(card.rank), card.suit.symbol, color),
        ]
    attributes = f' data-card="{card}" data-id="{ident}"'
    return _group(x, y, classes, attributes, title + "".join(parts))


def _meld_card(x: float, y: float, spec: MeldCard, *, ident: str) -> str:
    """A card of a meld at (x, y): a natural card, or a joker showing what it stands for."""
    if not spec.is_joker:
        return _card(x, y, spec.card, ident=ident)
    if spec.rank is None:  # a joker among jokers (sets_only)
        return _card(x, y, spec.card, ident=ident)
    suit = spec.suit.symbol if spec.suit is not None else "✱"
    color = _color(spec.suit) if spec.suit is not None else _JOKER
    declared = f"{spec.rank.symbol}{spec.suit if spec.suit is not None else ''}"
    parts = [
        _frame("#f6eefa", _JOKER, 1.5),
        _text(5, 16, _rank_text(spec.rank), size=14, fill=color, weight="bold"),
        _text(5, 30, suit, size=14, fill=color),
        _text(5, 44, "JK", size=9, fill=_JOKER, weight="bold"),
        _text(CARD_WIDTH - 11, CARD_HEIGHT - 12, "★", size=22, fill=_JOKER, anchor="middle"),
    ]
    title = f"<title>{_escape(_spec_name(spec))}</title>"
    attributes = f' data-card="JK" data-as="{declared}" data-id="{ident}"'
    return _group(x, y, "card joker", attributes, title + "".join(parts))


def _back(x: float, y: float, ident: str) -> str:
    """A card face down, with its ``data-id``."""
    inner = (
        f'<rect x="0.5" y="0.5" width="{CARD_WIDTH - 1}" height="{CARD_HEIGHT - 1}" '
        f'rx="{_RADIUS}" fill="{_BACK}" stroke="#f8f9fa" stroke-width="1"/>'
        f'<rect x="5" y="5" width="{CARD_WIDTH - 10}" height="{CARD_HEIGHT - 10}" rx="3" '
        f'fill="none" stroke="#a9c4ee" stroke-width="1.2" stroke-dasharray="3 2"/>'
        f'<path d="M{CARD_WIDTH / 2:g} 14 L{CARD_WIDTH - 12:g} {CARD_HEIGHT / 2:g} '
        f'L{CARD_WIDTH / 2:g} {CARD_HEIGHT - 14:g} L12 {CARD_HEIGHT / 2:g} Z" '
        f'fill="#a9c4ee" opacity="0.5"/>'
    )
    attributes = f' data-id="{ident}"'
    return _group(x, y, "card back", attributes, "<title>a card face down</title>" + inner)


def _group(x: float, y: float, classes: str, attributes: str, body: str) -> str:
    return f'<g class="{classes}"{attributes} transform="translate({x:g} {y:g})">{body}</g>'


# ---------------------------------------------------------------------------
# Melds


def _meld(
    x: float, y: float, meld: Meld, table_meld: TableMeld | None, number: int | None, aces: int
) -> tuple[float, float, str]:
    """A meld at (x, y), with its number and credits: (width, height, markup).

    ``aces`` is what each ace scores if the meld is four aces (V8), else 0.
    """
    parts = []
    top = y
    specs = meld.specs
    width = CARD_WIDTH + (len(specs) - 1) * _MELD_STEP
    label = [] if number is None else [f"meld {number}"]
    if table_meld is not None and table_meld.doubled:
        label.append("doubled by a joker")
    if aces:
        label.append(f"4 aces: {aces} each")
    if table_meld is not None and table_meld.multiplier != 1:
        label.append(f"×{table_meld.multiplier}")
    if label:
        color = _FELT_TEXT if number is not None else _BLACK
        parts.append(_text(x, y + 11, ", ".join(label), size=11, fill=color, cls="meld-label"))
        top = y + 16
    prefix = "meld-" if number is None else f"meld{number}-"
    for index, spec in enumerate(specs):
        parts.append(_meld_card(x + index * _MELD_STEP, top, spec, ident=f"{prefix}{index}"))
    height = top - y + CARD_HEIGHT
    if table_meld is not None:
        for index, seat in enumerate(table_meld.by):
            parts.append(
                _text(
                    x + index * _MELD_STEP + 12,
                    top + CARD_HEIGHT + 12,
                    f"p{seat}",
                    size=10,
                    fill=_SEATS[seat % len(_SEATS)],
                    anchor="middle",
                    weight="bold",
                    cls="credit",
                )
            )
        height += 16
        width = max(width, CARD_WIDTH + (len(specs) - 1) * _MELD_STEP + 4)
    data = f' data-meld="{number}"' if number is not None else ""
    kind = "group" if meld.kind is MeldKind.GROUP else "run"
    body = f'<g class="meld {kind}"{data}>{"".join(parts)}</g>'
    return width, height, body


# ---------------------------------------------------------------------------
# Tables


@attrs.frozen
class _Seat:
    """A seat as drawn: its hand's faces (known ones marked) and its hidden cards."""

    faces: tuple[Card, ...]
    known: tuple[bool, ...]
    hidden: int
    note: str


@attrs.frozen
class _Table:
    """What a table shows, read from a state (everything) or a view (what its seat sees)."""

    title: str
    seats: tuple[_Seat, ...]
    to_move: int
    dealer: int
    over: bool
    status: tuple[str, ...]
    stock_size: int
    discard: tuple[Card, ...]
    melds: tuple[TableMeld, ...]
    aces: tuple[int, ...]
    dealer_joker: bool
    went_out: int | None

    @classmethod
    def of(cls, table: GameState | PlayerView) -> _Table:
        if isinstance(table, GameState):
            seats = tuple(
                _seat(hand, _marks(hand, known), 0, "")
                for hand, known in zip(table.hands, table.known, strict=True)
            )
            return cls._build(table, seats, len(table.stock), "the table")
        built = []
        for seat, size in enumerate(table.hand_sizes):
            if seat == table.seat:
                if table.blind:  # the dealer nominates before looking (V7)
                    built.append(_seat((), (), size, "you"))
                else:
                    built.append(_seat(table.hand, (False,) * len(table.hand), 0, "you"))
                continue
            known = table.known[seat]
            laid_open = table.is_over
            marks = (not laid_open,) * len(known)
            built.append(_seat(known, marks, size - len(known), ""))
        title = f"the table as p{table.seat} sees it"
        return cls._build(table, tuple(built), table.stock_size, title)

    @classmethod
    def _build(
        cls,
        table: GameState | PlayerView,
        seats: tuple[_Seat, ...],
        stock_size: int,
        title: str,
    ) -> _Table:
        return cls(
            title=title,
            seats=seats,
            to_move=table.to_move,
            dealer=table.dealer,
            over=table.is_over,
            status=_status(table),
            stock_size=stock_size,
            discard=table.discard,
            melds=table.melds,
            aces=tuple(
                table.rules.four_aces_value
                if four_aces(meld.meld.codes, meld.by, table.rules)
                else 0
                for meld in table.melds
            ),
            dealer_joker=table.dealer_joker,
            went_out=table.went_out,
        )


def _seat(faces: Sequence[Card], known: Sequence[bool], hidden: int, note: str) -> _Seat:
    return _Seat(tuple(faces), tuple(known), hidden, note)


def _marks(hand: Sequence[Card], known: Sequence[Card]) -> tuple[bool, ...]:
    """For each card of ``hand``, whether it is one of the ``known`` (one copy each)."""
    left = Counter(known)
    marks = []
    for card in hand:
        marks.append(left[card] > 0)
        left[card] -= 1
    return tuple(marks)


def _rules_name(table: GameState | PlayerView) -> str:
    name, overrides = nearest(table.rules)
    return name if not overrides else f"{name}, {len(overrides)} knobs changed"


def _status(table: GameState | PlayerView) -> tuple[str, ...]:
    """The lines under the title: the rules, whose turn it is, or how the hand ended."""
    players = len(table.hands) if isinstance(table, GameState) else table.num_players
    lines = [f"{players} players, rules: {_rules_name(table)}"]
    result: HandResult | None = table.result
    if result is not None:
        out = "nobody" if result.went_out is None else f"p{result.went_out}"
        scores = ", ".join(f"p{seat} {score:+d}" for seat, score in enumerate(result.scores))
        lines.append(f"hand over ({result.reason.value}); went out: {out}; scores {scores}")
    else:
        lines.append(f"p{table.to_move} to {_phase_text(table.phase)}")
    if table.taken and table.phase is Phase.PLAY:
        taken = " ".join(_name(card) for card in table.taken)
        lines.append(f"p{table.to_move} took from the pile this turn: {taken}")
    callers = _callers(table)
    if callers:
        rule = "R2" if table.rules.rummy_call is RummyCall.LAYOFF_TOP else "R1"
        who = " and ".join(f"p{seat}" for seat in callers)
        lines.append(f"{who} can call 'Rummy!' on p{table.last_discarder}'s discard ({rule})")
    if table.rules.dealers_gambit:
        effect = table.joker_effect
        nominated = "not nominated yet" if effect is None else effect.value
        line = f"jokers: {nominated}"
        if table.blocked_by is not None:
            line += f"; dealer's joker blocked by p{table.blocked_by}"
        if table.dead:
            line += f"; {len(table.dead)} cards out of play"
        lines.append(line)
        if effect is JokerEffect.SPLIT:
            lines[-1] += " (a joker splits the pile)"
    return tuple(lines)


def _callers(table: GameState | PlayerView) -> tuple[int, ...]:
    """The seats that can call "Rummy!" now (R1, R2), as far as ``table`` shows.

    A state shows every seat's calls; a view shows its own seat's only.
    """
    if (
        table.last_discarder is None
        or table.phase is not Phase.DRAW
        or table.rules.rummy_call is RummyCall.NONE
    ):
        return ()
    moves = legal_moves(table) if isinstance(table, GameState) else table.legal_moves
    return tuple(sorted({move.player for move in moves if isinstance(move, CallRummy)}))


def _phase_text(phase: Phase) -> str:
    return {
        Phase.DRAW: "draw",
        Phase.PLAY: "meld, lay off and discard",
        Phase.FIRST_DISCARD: "start the pile",
        Phase.FINAL_LAYOFF: "lay off before the count",
        Phase.NOMINATE: "nominate what jokers do",
        Phase.OVER: "nothing: the hand is over",
    }[phase]


def _table(table: _Table) -> Svg:
    parts: list[str] = []
    y: float = _MARGIN + 6
    parts.append(_text(_MARGIN, y + 8, table.title, size=15, weight="bold", cls="title"))
    y += 14
    for line in table.status:
        y += 17
        parts.append(_text(_MARGIN, y, line, size=12, fill=_FAINT, cls="status"))
    y += 16
    width: float = _MIN_WIDTH
    for number, seat in enumerate(table.seats):
        row, row_width = _seat_row(table, number, seat, y)
        parts.append(row)
        width = max(width, row_width)
        y += CARD_HEIGHT + 14
    y += 20
    stock, stock_width = _stock_and_pile(table, y, width)
    parts.append(stock)
    width = max(width, stock_width)
    y += CARD_HEIGHT + 52
    melds, height = _melds(table.melds, table.aces, y, width)
    parts.append(melds)
    y += height + _MARGIN
    background = f'<rect width="{width:g}" height="{y:g}" rx="12" fill="{_FELT}"/>'
    return _picture(width, y, background + "".join(parts), table.title)


def _seat_row(table: _Table, number: int, seat: _Seat, y: float) -> tuple[str, float]:
    """One seat: its label, then its cards (faces, then backs); (markup, width needed)."""
    parts = []
    turn = number == table.to_move and not table.over
    marker = "▶ " if turn else ""
    label_color = _KNOWN if turn else _FELT_TEXT
    name = f"{marker}p{number}"
    parts.append(_text(_MARGIN, y + 20, name, size=14, fill=label_color, weight="bold"))
    count = len(seat.faces) + seat.hidden
    dealer = "dealer" if number == table.dealer else ""
    notes = [
        ", ".join(role for role in (dealer, seat.note) if role),
        "went out" if number == table.went_out else "",
        f"{count} card{'s' if count != 1 else ''}",
    ]
    for index, note in enumerate(note for note in notes if note):
        parts.append(_text(_MARGIN, y + 36 + 13 * index, note, size=11, fill=_FAINT))
    x = _LABEL
    cards: list[str] = []
    for index, (card, known) in enumerate(zip(seat.faces, seat.known, strict=True)):
        ident = f"p{number}-{index}"
        cards.append(_card(x + index * _HAND_STEP, y, card, ident=ident, known=known))
    offset = len(seat.faces)
    for index in range(seat.hidden):
        place = offset + index
        cards.append(_back(x + place * _HAND_STEP, y, f"p{number}-{place}"))
    if not count and not table.over:
        parts.append(_text(x, y + 36, "no cards (floating)", size=12, fill=_FAINT))
    group = f'<g class="seat" data-seat="{number}">{"".join(parts)}{"".join(cards)}</g>'
    width = x + max(count - 1, 0) * _HAND_STEP + CARD_WIDTH + _MARGIN
    return group, width


def _stock_and_pile(table: _Table, y: float, width: float) -> tuple[str, float]:
    """The stock (a back and its count), the dealer's joker (V7) and the spread pile."""
    parts = []
    x = _MARGIN
    y += 8  # the cards of this row lie under the pile's depth numbers
    if table.stock_size:
        parts.append(_back(x, y, "stock"))
    else:
        parts.append(
            f'<rect x="{x + 0.5:g}" y="{y + 0.5:g}" width="{CARD_WIDTH - 1}" '
            f'height="{CARD_HEIGHT - 1}" rx="{_RADIUS}" fill="none" stroke="{_FAINT}" '
            'stroke-dasharray="4 3"/>'
        )
    parts.append(
        _text(
            x + CARD_WIDTH / 2,
            y + CARD_HEIGHT + 14,
            f"stock {table.stock_size}",
            size=11,
            anchor="middle",
            cls="stock",
        )
    )
    x += CARD_WIDTH + 22
    if table.dealer_joker:
        parts.append(_card(x, y, JOKER, ident="dealer-joker"))
        parts.append(
            _text(x + CARD_WIDTH / 2, y + CARD_HEIGHT + 14, "dealer's", size=10, anchor="middle")
        )
        x += CARD_WIDTH + 22
    pile = table.discard
    parts.append(_text(x, y - 14, "pile (depth above each card)", size=11, fill=_FAINT))
    if not pile:
        parts.append(_text(x, y + 36, "empty", size=12, fill=_FAINT))
        return '<g class="stock-and-pile">' + "".join(parts) + "</g>", x + CARD_WIDTH + _MARGIN
    room = max(width - x - CARD_WIDTH - _MARGIN, 0)
    step = _HAND_STEP if len(pile) == 1 else max(16.0, min(_HAND_STEP, room / (len(pile) - 1)))
    cards = []
    for index, card in enumerate(pile):
        left = x + index * step
        depth = len(pile) - index
        cards.append(_card(left, y, card, ident=f"pile-{depth}"))
        parts.append(
            _text(
                left + min(step, CARD_WIDTH) / 2,
                y - 4,
                str(depth),
                size=10,
                fill=_KNOWN if depth == 1 else _FELT_TEXT,
                anchor="middle",
                cls="depth",
            )
        )
    needed = x + (len(pile) - 1) * step + CARD_WIDTH + _MARGIN
    body = "".join(parts) + f'<g class="pile">{"".join(cards)}</g>'
    return f'<g class="stock-and-pile">{body}</g>', needed


def _melds(
    melds: Iterable[TableMeld], aces: Sequence[int], y: float, width: float
) -> tuple[str, float]:
    """The table melds, in rows as wide as the table; (markup, height).

    ``aces`` holds, for each meld, what each ace scores if it is four aces (V8), else 0.
    """
    melds = tuple(melds)
    parts = [_text(_MARGIN, y - 8, "melds" if melds else "no melds yet", size=12, fill=_FAINT)]
    x, top, row_height = float(_MARGIN), y, 0.0
    for number, table_meld in enumerate(melds):
        meld_width = CARD_WIDTH + (len(table_meld.specs) - 1) * _MELD_STEP
        if x > _MARGIN and x + meld_width > width - _MARGIN:
            x, top = float(_MARGIN), top + row_height + 12
            row_height = 0.0
        used, height, body = _meld(x, top, table_meld.meld, table_meld, number, aces[number])
        parts.append(body)
        x += used + 22
        row_height = max(row_height, height)
    return "".join(parts), top - y + row_height


def _hand(cards: tuple[Card, ...]) -> Svg:
    """A hand: its cards overlapping from left to right, in its order."""
    parts = [
        _card(index * _HAND_STEP, 0, card, ident=f"hand-{index}")
        for index, card in enumerate(cards)
    ]
    if not cards:
        parts.append(_text(4, CARD_HEIGHT / 2, "no cards", size=12, fill=_BLACK))
    width = CARD_WIDTH + max(len(cards) - 1, 0) * _HAND_STEP
    names = ", ".join(_name(card) for card in cards) or "no cards"
    body = f'<g class="hand">{"".join(parts)}</g>'
    return _picture(width, CARD_HEIGHT, body, f"a hand of {len(cards)}: {names}")


def _picture(width: float, height: float, body: str, label: str) -> Svg:
    return Svg(
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
        f'viewBox="0 0 {width:g} {height:g}" font-family={_quoteattr(_FONT)} role="img" '
        f"aria-label={_quoteattr(label)}><title>{_escape(label)}</title>{body}</svg>"
    )
