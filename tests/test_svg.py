"""Pictures (rummy500.svg): cards, melds and tables as SVG, parsed back as XML.

Rule ids: M4 (a joker shows the card it stands for), M5 (meld numbers), L5
(credits), T3 (the pile's depths), and the views' promise: a view's picture
shows no hidden card (the leak property itself is in tests/test_views.py).
"""

from __future__ import annotations

import random
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy500 import (
    JOKER,
    Card,
    GameState,
    Meld,
    MeldCard,
    PlayerView,
    TableMeld,
    apply_move,
    legal_moves,
    new_game,
    observe,
    presets,
    svg,
)
from rummy500.svg import Svg, render
from rummy500.testing import states
from tests.positions import play, position
from tests.strategies import tracked_states

NS = {"svg": "http://www.w3.org/2000/svg"}


def parse(picture: str) -> ET.Element:
    root = ET.fromstring(picture)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert float(root.attrib["width"]) > 0
    assert float(root.attrib["height"]) > 0
    return root


def card_groups(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter("{http://www.w3.org/2000/svg}g") if "card" in g.get("class", "")]


def faces(root: ET.Element) -> Counter[str]:
    return Counter(g.attrib["data-card"] for g in card_groups(root) if "data-card" in g.attrib)


def backs(root: ET.Element) -> int:
    return sum(1 for g in card_groups(root) if g.get("class") == "card back")


def texts(element: ET.Element) -> list[str]:
    return [node.text or "" for node in element.iter("{http://www.w3.org/2000/svg}text")]


def fills(element: ET.Element) -> set[str]:
    return {node.attrib["fill"] for node in element.iter("{http://www.w3.org/2000/svg}text")}


# ---------------------------------------------------------------------------
# Cards and melds


@pytest.mark.parametrize(
    ("text", "rank", "suit", "red"),
    [
        ("QH", "Q", "♥", True),
        ("TD", "10", "♦", True),
        ("AS", "A", "♠", False),
        ("7C", "7", "♣", False),
    ],
)
def test_a_card_shows_its_rank_and_suit_symbol_in_red_or_black(
    text: str, rank: str, suit: str, red: bool
) -> None:
    picture = render(Card.parse(text))
    assert isinstance(picture, Svg)
    root = parse(picture)
    (group,) = card_groups(root)
    assert group.attrib["data-card"] == text
    assert rank in texts(group)
    assert suit in texts(group)
    assert fills(group) == ({"#c0392b"} if red else {"#1c1c1c"})


def test_a_joker_is_drawn_as_a_joker() -> None:
    root = parse(render(JOKER))
    (group,) = card_groups(root)
    assert group.attrib["data-card"] == "JK"
    assert "JK" in texts(group)


def test_m4_a_joker_in_a_meld_shows_the_card_it_stands_for() -> None:
    root = parse(render(MeldCard.parse("JK=8H")))
    (group,) = card_groups(root)
    assert (group.attrib["data-card"], group.attrib["data-as"]) == ("JK", "8H")
    assert {"8", "♥", "JK"} <= set(texts(group))
    group_joker = card_groups(parse(render(MeldCard.parse("JK=9"))))[0]
    assert group_joker.attrib["data-as"] == "9"
    assert "9" in texts(group_joker)


def test_m5_l5_a_table_meld_shows_its_cards_and_credits() -> None:
    meld = Meld.parse("6H 7H JK=8H 9H")
    root = parse(render(meld))
    assert [g.attrib["data-card"] for g in card_groups(root)] == ["6H", "7H", "JK", "9H"]
    assert not [t for t in texts(root) if t.startswith("p")]  # a bare meld has no credits
    table_meld = TableMeld(meld, (0, 0, 2, 1), multiplier=2)
    root = parse(render(table_meld))
    credits = [
        node.text
        for node in root.iter("{http://www.w3.org/2000/svg}text")
        if node.get("class") == "credit"
    ]
    assert credits == ["p0", "p0", "p2", "p1"]
    assert any("×2" in text for text in texts(root))


def test_render_refuses_what_it_cannot_draw() -> None:
    with pytest.raises(TypeError, match="not str"):
        render("QH")  # type: ignore[arg-type]


def test_the_value_types_show_their_picture_in_jupyter() -> None:
    state = new_game(seed=7)
    view = observe(state, 0)
    meld = Meld.parse("9S 9H 9D")
    for value in (Card.parse("5S"), MeldCard.parse("JK=5S"), meld, TableMeld(meld, (1, 1, 1))):
        assert value._repr_svg_() == render(value)  # type: ignore[union-attr]
    assert state._repr_svg_() == render(state)  # type: ignore[attr-defined]
    assert view._repr_svg_() == render(view)  # type: ignore[attr-defined]
    assert render(state)._repr_svg_() == str(render(state))


def test_the_pictures_are_there_whatever_module_is_imported_first() -> None:
    code = "from rummy500.cards import Card; print(Card.parse('5S')._repr_svg_()[:4])"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "<svg"


# ---------------------------------------------------------------------------
# Tables


def test_v8_a_table_notes_four_aces_credited_to_one_seat() -> None:
    rules = {"preset": "pagat", "four_aces_value": 25}
    state = position(
        ["AC 2C", "3D"],
        melds=[("AS AH AD", 0), ("KS KH KD", 1)],
        phase="play",
        rules=rules,
    )
    assert not any("aces" in text for text in texts(parse(render(state))))
    state = play(state, "layoff 0 AC")
    for picture in (render(state), render(observe(state, 1))):
        labels = [
            node.text
            for node in parse(picture).iter("{http://www.w3.org/2000/svg}text")
            if node.get("class") == "meld-label"
        ]
        assert labels == ["meld 0, 4 aces: 25 each", "meld 1"]
    # another seat's ace: no four aces, and none under the default rules
    other = position(["3D", "AC 2C"], melds=[("AS AH AD", 0)], to_move=1, phase="play", rules=rules)
    assert not any("aces" in text for text in texts(parse(render(play(other, "p1: layoff 0 AC")))))
    plain = position(["AC 2C", "3D"], melds=[("AS AH AD", 0)], phase="play")
    assert not any("aces" in text for text in texts(parse(render(play(plain, "layoff 0 AC")))))


def test_t3_a_state_shows_every_hand_the_stock_the_pile_with_depths_and_the_melds() -> None:
    state = position(
        ["5S 6S 7S 2C", "KD QD 4H"],
        discard="9C 3D 2H",
        melds=[("8H 9H TH", [0, 0, 1]), ("JS JH JD", 1)],
        to_move=1,
    )
    root = parse(render(state))
    for seat, hand in enumerate(state.hands):
        (row,) = [
            g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("data-seat") == str(seat)
        ]
        assert faces(row) == Counter(map(str, hand))
    assert backs(root) == 1  # the stock
    assert f"stock {len(state.stock)}" in texts(root)
    depths = [
        node.text
        for node in root.iter("{http://www.w3.org/2000/svg}text")
        if node.get("class") == "depth"
    ]
    assert depths == ["3", "2", "1"]  # oldest first: the top card is depth 1
    pile = next(g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "pile")
    assert [g.attrib["data-card"] for g in card_groups(pile)] == ["9C", "3D", "2H"]
    melds = [
        g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("data-meld") is not None
    ]
    assert [g.attrib["data-meld"] for g in melds] == ["0", "1"]
    assert "▶ p1" in texts(root)
    assert "p1 to draw" in texts(root)


def test_a_state_outlines_the_known_cards() -> None:
    state = position(["5S 6S 7S 2C", "KD QD 4H"], discard="2H", to_move=1, last_discarder=0)
    state = play(state, "take 1")
    root = parse(render(state))
    known = [g.attrib["data-card"] for g in card_groups(root) if "known" in g.get("class", "")]
    assert known == ["2H"]


def test_a_view_shows_its_hand_known_cards_and_backs_for_the_rest() -> None:
    state = position(["5S 6S 7S 2C", "KD QD 4H"], discard="2H", to_move=1, last_discarder=0)
    state = play(state, "take 1")
    view = observe(state, 0)
    root = parse(render(view))
    shown = faces(root)
    assert shown == Counter(["5S", "6S", "7S", "2C", "2H"])  # no pile left: 2H is p1's, known
    assert backs(root) == 3 + 1  # p1's three hidden cards, the stock
    for card in ("KD", "QD", "4H"):
        assert card not in render(view)


def test_a_finished_hand_shows_the_result() -> None:
    state = position(["5S 6S 7S", "KD QD"], discard="2C", phase="play", to_move=0)
    state = play(state, "meld 5S 6S 7S")
    root = parse(render(observe(state, 0)))
    assert any(text.startswith("hand over (went_out); went out: p0") for text in texts(root))
    assert "went out" in texts(root)
    assert faces(root)["KD"] == 1  # the hands are laid open for the count


@pytest.mark.parametrize("preset", presets.names())
def test_every_preset_draws_its_tables(preset: str) -> None:
    rules = presets.get(preset)
    rng = random.Random(preset)
    state = new_game(rules, max(2, rules.min_players), seed=1)
    for _ in range(40):
        if state.is_over:
            break
        state = apply_move(state, rng.choice(legal_moves(state)))
    parse(render(state))
    for seat in range(state.num_players):
        parse(render(observe(state, seat)))


# ---------------------------------------------------------------------------
# Nothing hidden in a view's picture


def view_cards(view: PlayerView) -> Counter[str]:
    """The cards a view may show face up: its hand, the known cards, the pile, the table."""
    cards: Counter[str] = Counter(map(str, view.hand))
    for known in view.known:
        cards.update(map(str, known))
    cards.update(map(str, view.discard))
    for table_meld in view.melds:
        cards.update(str(card) for card in table_meld.cards)
    if view.dealer_joker:
        cards["JK"] += 1
    return cards


@given(tracked_states(), st.data())
@settings(max_examples=60)
def test_a_views_picture_shows_exactly_the_cards_the_view_holds(
    tracked: tuple[GameState, object], data: st.DataObject
) -> None:
    state, _ = tracked
    seat = data.draw(st.integers(0, state.num_players - 1))
    view = observe(state, seat)
    root = parse(render(view))
    assert faces(root) == view_cards(view)
    hidden = sum(view.hand_sizes) - len(view.hand) - sum(map(len, view.known))
    assert backs(root) == hidden + (1 if view.stock_size else 0)


@given(states())
@settings(max_examples=40)
def test_swapping_two_hidden_cards_leaves_a_views_picture_as_it_was(state: GameState) -> None:
    if state.is_over or not state.stock:
        return
    seat = state.to_move
    other = (seat + 1) % state.num_players
    hand = list(state.hands[other])
    known = Counter(state.known[other])
    hidden = [index for index, card in enumerate(hand) if not known[card]]
    if not hidden:
        return
    index = hidden[0]
    stock = list(state.stock)
    hand[index], stock[0] = stock[0], hand[index]
    hands = list(state.hands)
    hands[other] = tuple(sorted(hand))
    swapped = attrs.evolve(state, hands=tuple(hands), stock=tuple(stock))
    assert render(observe(swapped, seat)) == render(observe(state, seat))
    if hand != list(state.hands[other]):
        assert render(swapped) != render(state)  # the referee's table shows the change


def _xml_char(char: str) -> bool:
    """Whether XML 1.0 can hold the character at all."""
    code = ord(char)
    return char in "\t\n\r" or 0x20 <= code <= 0xD7FF or 0xE000 <= code <= 0xFFFD or code >= 0x10000


@given(st.text(st.characters().filter(_xml_char)))
def test_the_pictures_escape_any_text_as_xml_reads_it_back(text):
    # The pictures escape their text themselves (the standard library's escapes cost a
    # fifth of `import rummy500`): any text, as character data or as an attribute
    # value, must read back unchanged (character data reads line ends back as "\n").
    element = ET.fromstring(f"<x y={svg._quoteattr(text)}>{svg._escape(text)}</x>")
    assert element.get("y") == text
    assert (element.text or "") == text.replace("\r\n", "\n").replace("\r", "\n")
