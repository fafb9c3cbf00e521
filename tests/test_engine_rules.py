"""The rules of a hand, rule by rule (RULES.md §1, §3–§6), under the default rules.

Each test is named after the rule id it checks, and the worked examples of
RULES.md each have a test of their own.  Positions are built with
:func:`tests.positions.position` (the unused cards fill the stock); every
move played or refused goes through :func:`tests.positions.play` or
:func:`tests.positions.illegal`, which also check that ``is_legal``,
``check_move`` and ``legal_moves`` agree on it, that an error names its rule,
and that the state passed in is never changed.
"""

from __future__ import annotations

import pytest

from rummy500 import (
    CallRummy,
    Card,
    Discard,
    Draw,
    EndHand,
    EndReason,
    GameState,
    HandResult,
    IllegalMoveError,
    LayoffMove,
    MeldMove,
    Move,
    Phase,
    Reason,
    Rules,
    Take,
    apply_move,
    format_move,
    is_legal,
    legal_moves,
    new_game,
    parse_cards,
    parse_move,
)
from tests.positions import agree, illegal, play, position, texts


def cards(text: str) -> tuple[Card, ...]:
    """Cards in the order given (not sorted)."""
    return parse_cards(text)


def hand(text: str) -> tuple[Card, ...]:
    """A hand as the state stores it: sorted."""
    return tuple(sorted(parse_cards(text)))


def calls(state: GameState) -> list[str]:
    return [str(move) for move in legal_moves(state) if isinstance(move, CallRummy)]


def result_of(state: GameState) -> HandResult:
    assert state.result is not None
    return state.result


# ---------------------------------------------------------------------------
# §1 Cards and deal


@pytest.mark.parametrize(("players", "dealer"), [(2, 0), (2, 1), (3, 2), (4, 1), (5, 4)])
def test_d5_deal_one_card_at_a_time_starting_left_of_the_dealer(players, dealer):
    rules = Rules()
    deck = list(reversed(rules.deck(players)))
    state = new_game(rules, players, deck=deck, dealer=dealer)
    size = 13 if players == 2 else 7
    first = (dealer + 1) % players
    for offset in range(players):
        seat = (first + offset) % players
        dealt = deck[offset : size * players : players]
        assert state.hands[seat] == tuple(sorted(dealt))
    assert state.discard == (deck[size * players],)  # the upcard
    assert state.stock == tuple(deck[size * players + 1 :])
    assert state.dealer == dealer


@pytest.mark.parametrize(("players", "dealer"), [(2, 0), (2, 1), (3, 2), (4, 0)])
def test_d7_player_left_of_dealer_plays_first_then_clockwise(players, dealer):
    state = new_game(Rules(), players, seed=11, dealer=dealer)
    expected = (dealer + 1) % players
    assert (state.to_move, state.phase) == (expected, Phase.DRAW)
    for _ in range(players + 1):
        state = play(state, "draw")
        state = play(state, Discard(state.to_move, state.hands[state.to_move][0]))
        expected = (expected + 1) % players
        assert (state.to_move, state.phase) == (expected, Phase.DRAW)


def test_d8_discard_pile_is_spread_in_order():
    state = position(["2S 5D KC", "TD 8D 3H"], discard="2C 9D 4H", stock="QS")
    assert state.discard == cards("2C 9D 4H")
    assert state.to_dict()["discard"] == ["2C", "9D", "4H"]
    state = play(state, "draw")
    state = play(state, "discard KC")
    assert state.discard == cards("2C 9D 4H KC")
    assert state.to_dict()["discard"] == ["2C", "9D", "4H", "KC"]
    # Every card of the pile is available, in its order: a deep take takes
    # exactly the top cards and leaves the rest in place.
    state = play(state, "take 3 meld 8D 9D TD")
    assert state.discard == cards("2C")


# ---------------------------------------------------------------------------
# §2 Melds: identity


def test_m5_meld_numbers_are_the_order_laid_down_and_never_change():
    state = position(
        ["5S 6S 7S 8S 9H 9D 9C KD 2D", "2H"],
        melds=[("2C 3C 4C", 1)],
        phase="play",
    )
    state = play(state, "meld 5S 6S 7S")
    state = play(state, "meld 9H 9D 9C")
    assert [str(m) for m in state.melds] == ["2C 3C 4C", "5S 6S 7S", "9H 9D 9C"]
    state = play(state, "layoff 1 8S")
    assert [str(m) for m in state.melds] == ["2C 3C 4C", "5S 6S 7S 8S", "9H 9D 9C"]
    assert [m.by for m in state.melds] == [(1, 1, 1), (0, 0, 0, 0), (0, 0, 0)]
    state = play(state, "discard KD")
    state = play(state, "draw")
    assert [str(m) for m in state.melds] == ["2C 3C 4C", "5S 6S 7S 8S", "9H 9D 9C"]


# ---------------------------------------------------------------------------
# §3 Laying off


def test_l1_lay_off_on_own_and_on_another_players_meld():
    state = position(
        ["KS", "4H 9H KC QD"],
        melds=[("5H 6H 7H", 0), ("9S 9D 9C", 1)],
        to_move=1,
        phase="play",
    )
    moves = texts(state)
    assert "p1: layoff 0 4H" in moves  # p0's meld
    assert "p1: layoff 1 9H" in moves  # p1's own meld
    state = play(state, "layoff 0 4H")
    state = play(state, "layoff 1 9H")
    assert str(state.melds[0]) == "4H 5H 6H 7H"
    assert state.melds[0].by == (1, 0, 0, 0)
    assert str(state.melds[1]) == "9S 9H 9D 9C"
    assert state.melds[1].by == (1, 1, 1, 1)


def test_l1_no_such_meld():
    state = position(["4H KC", "2C"], melds=[("5H 6H 7H", 1)], phase="play")
    illegal(state, LayoffMove(0, 1, "4H"), Reason.NO_SUCH_MELD, "L1")


def test_l2_group_takes_a_missing_suit_or_a_joker():
    state = position(
        ["9H JK 8H KC", "2C"],
        melds=[("9S 9D 9C", 1)],
        phase="play",
    )
    play(state, "layoff 0 9H")
    after = play(state, "layoff 0 JK=9")
    assert str(after.melds[0]) == "9S 9D 9C JK=9"
    illegal(state, "layoff 0 8H", Reason.INVALID_LAYOFF, "L2")
    illegal(state, "layoff 0 JK", Reason.INVALID_LAYOFF, "M4")


def test_l2_group_of_four_is_full():
    state = position(
        ["JK 2S KC", "2C"],
        melds=[("9S 9H 9D 9C", 1)],
        phase="play",
    )
    illegal(state, "layoff 0 JK=9", Reason.INVALID_LAYOFF, "L2")


def test_l2_group_takes_no_second_card_of_a_suit_with_two_decks():
    state = position(
        ["6S 6C KC", "2C", "3C", "4C", "5C"],
        melds=[("6S 6H 6D", 1)],
        phase="play",
    )
    assert state.rules.deck(5).count(state.hands[0][0]) == 2
    illegal(state, "layoff 0 6S", Reason.INVALID_LAYOFF, "L2")
    play(state, "layoff 0 6C")


def test_l3_run_extends_at_either_end_with_several_cards():
    state = position(
        ["3H 4H 8H 9H TH JK KS", "2C"],
        melds=[("5H 6H 7H", 1)],
        phase="play",
    )
    after = play(state, "layoff 0 4H 8H")  # both ends at once
    assert str(after.melds[0]) == "4H 5H 6H 7H 8H"
    assert after.melds[0].by == (0, 1, 1, 1, 0)
    after = play(state, "layoff 0 3H 4H 8H 9H TH")
    assert str(after.melds[0]) == "3H 4H 5H 6H 7H 8H 9H TH"
    after = play(state, "layoff 0 JK=4H")  # a joker is declared as a rank of the run
    assert str(after.melds[0]) == "JK=4H 5H 6H 7H"
    illegal(state, "layoff 0 9H", Reason.INVALID_LAYOFF, "L3")  # leaves a gap
    illegal(state, "layoff 0 KS", Reason.INVALID_LAYOFF, "L3")


def test_l3_pair_laid_off_together():
    # [W]: a pair 6-7 may be laid off together on 8-9-10.
    state = position(["6S 7S KC", "2C"], melds=[("8S 9S TS", 1)], phase="play")
    after = play(state, "layoff 0 6S 7S")
    assert str(after.melds[0]) == "6S 7S 8S 9S TS"
    illegal(state, "layoff 0 6S", Reason.INVALID_LAYOFF, "L3")


def test_l3_ace_goes_high_after_king_or_low_before_two_never_both():
    state = position(
        ["JS 2S AH KC", "2C"],
        melds=[("QS KS AS", 1), ("2H 3H 4H", 1)],
        phase="play",
    )
    assert str(play(state, "layoff 0 JS").melds[0]) == "JS QS KS AS"
    assert str(play(state, "layoff 1 AH").melds[1]) == "AH 2H 3H 4H"
    illegal(state, "layoff 0 2S", Reason.INVALID_LAYOFF, None)  # K-A-2 is not a run (M3)


def test_l4_worked_example_nine_of_hearts_chooses_run_or_nines():
    # A (p0) melded 5-6-7♥, B (p1) melded 9-9-9; B lays off 8♥ on A's run;
    # C lays off 9♥ on the run or on the nines; only if it went on the run
    # may D then lay off 10♥ on the run.
    state = position(
        ["KS KC", "8H 2C 3D", "9H 4C 5D", "TH 6C 7D"],
        melds=[("5H 6H 7H", 0), ("9S 9D 9C", 1)],
        to_move=1,
        phase="play",
        stock="QS QD",
    )
    state = play(state, "layoff 0 8H")
    assert str(state.melds[0]) == "5H 6H 7H 8H"
    assert state.melds[0].by == (0, 0, 0, 1)
    state = play(state, "discard 2C")
    state = play(state, "p2: draw")
    moves = texts(state)
    assert "p2: layoff 0 9H" in moves
    assert "p2: layoff 1 9H" in moves

    on_run = play(state, "p2: layoff 0 9H")
    on_run = play(on_run, "p2: discard 4C")
    on_run = play(on_run, "p3: draw")
    on_run = play(on_run, "p3: layoff 0 TH")
    assert str(on_run.melds[0]) == "5H 6H 7H 8H 9H TH"
    assert on_run.melds[0].by == (0, 0, 0, 1, 2, 3)

    on_nines = play(state, "p2: layoff 1 9H")
    on_nines = play(on_nines, "p2: discard 4C")
    on_nines = play(on_nines, "p3: draw")
    illegal(on_nines, "p3: layoff 0 TH", Reason.INVALID_LAYOFF, "L3")
    # Once played, the 9♥ stays where it was put.
    assert str(on_nines.melds[1]) == "9S 9H 9D 9C"
    assert on_nines.melds[1].by == (1, 2, 1, 1)


def test_l4_ten_fits_the_run_and_the_tens_and_the_player_chooses():
    state = position(
        ["TS KC", "2C"],
        melds=[("7S 8S 9S", 1), ("TH TD TC", 1)],
        phase="play",
    )
    assert {"p0: layoff 0 TS", "p0: layoff 1 TS"} <= set(texts(state))
    assert str(play(state, "layoff 0 TS").melds[0]) == "7S 8S 9S TS"
    assert str(play(state, "layoff 1 TS").melds[1]) == "TS TH TD TC"


def test_l5_s2_lay_off_scores_for_the_player_who_laid_it_off_and_score_may_be_negative():
    state = position(
        ["KS AD", "8H 4C"],
        melds=[("5H 6H 7H", 0)],
        to_move=1,
        phase="play",
    )
    state = play(state, "layoff 0 8H")
    assert state.melds[0].by == (0, 0, 0, 1)
    state = play(state, "discard 4C")
    result = result_of(state)
    assert result.melded == (5 + 6 + 7, 8)  # the 8♥ scores for p1, not the meld's owner
    assert result.in_hand == (10 + 15, 0)
    assert result.scores == (18 - 25, 8)
    assert result.scores[0] < 0


def test_s1_low_ace_scores_one_on_the_table_and_fifteen_in_hand():
    state = position(
        ["AD", "AC 5D"],
        melds=[("2C 3C 4C", 0)],
        to_move=1,
        phase="play",
    )
    state = play(state, "layoff 0 AC")
    state = play(state, "discard 5D")
    assert result_of(state).melded == (9, 1)
    assert result_of(state).in_hand == (15, 0)
    assert result_of(state).scores == (-6, 1)


# ---------------------------------------------------------------------------
# §4.1 Drawing


def test_t1_draw_takes_the_top_stock_card_into_the_hand():
    state = position(["2S 5D 9C", "3H"], discard="4H", stock="KD QS")
    stock = state.stock
    after = play(state, "draw")
    assert after.hands[0] == hand("2S 5D 9C KD")
    assert after.stock == stock[1:]
    assert after.discard == state.discard
    assert (after.to_move, after.phase, after.taken) == (0, Phase.PLAY, ())


def test_t1_take_from_the_pile():
    state = position(["2S 5D 9C", "3H"], discard="4H KH", stock="KD")
    after = play(state, "take 1")
    assert after.hands[0] == hand("2S 5D 9C KH")
    assert after.discard == cards("4H")
    assert after.stock == state.stock
    assert (after.phase, after.taken) == (Phase.PLAY, cards("KH"))


def test_t1_draw_first_then_play():
    state = position(["5S 6S 7S 9C", "3H"], discard="4H", stock="KD")
    illegal(state, "meld 5S 6S 7S", Reason.WRONG_PHASE, "T1")
    illegal(state, "discard 9C", Reason.WRONG_PHASE, "T1")
    illegal(state, "p1: draw", Reason.NOT_YOUR_TURN, "D7")
    illegal(state, "take 2 meld 4H 5H 6H", Reason.PILE_TOO_SHORT, "T1")
    after = play(state, "draw")
    illegal(after, "draw", Reason.WRONG_PHASE, "T1")
    illegal(after, "take 1", Reason.WRONG_PHASE, "T1")
    assert [type(m) for m in legal_moves(state)] == [Draw, Take]


def test_t2_t3a_take_one_needs_no_meld_and_has_no_play():
    state = position(["QS QH 2S", "3H"], discard="4H QC")
    assert "p0: take 1" in texts(state)
    assert not [m for m in legal_moves(state) if isinstance(m, Take) and m.count == 1 and m.play]
    assert parse_move(state, "take 1") == Take(0, 1)
    illegal(state, "take 1 meld QS QH QC", Reason.UNEXPECTED_PLAY, "T3a")
    # Taking the top card and melding it later is two moves.
    after = play(state, "take 1")
    assert after.hands[0] == hand("QS QH QC 2S")
    after = play(after, "meld QS QH QC")
    assert str(after.melds[0]) == "QS QH QC"


def test_t2_top_card_need_not_be_melded():
    state = position(["2S 5D 9C", "3H"], discard="4H KH")
    after = play(state, "take 1")
    after = play(after, "discard 2S")
    assert after.hands[0] == hand("5D 9C KH")
    assert after.melds == ()


def test_t3_deep_take_requires_meld():
    state = position(["4H 9C KC", "3H"], discard="2D 4S 4D")
    error = illegal(state, "take 2", Reason.MUST_MELD_TAKEN_CARD, "T3")
    assert "4S" in str(error)
    assert "p0: take 2" not in texts(state)


def test_t3_worked_example_take_four_of_spades_with_the_four_of_diamonds_above():
    # Taking 4♠ together with the 4♦ above it to meld 4-4-4 with a 4 from hand.
    state = position(["4H 9C KC", "3H"], discard="2D 4S 4D")
    assert "p0: take 2 meld 4S 4H 4D" in texts(state)
    after = play(state, "take 2 meld 4S 4H 4D")
    assert [str(m) for m in after.melds] == ["4S 4H 4D"]
    assert after.melds[0].by == (0, 0, 0)
    assert after.hands[0] == hand("9C KC")
    assert after.discard == cards("2D")
    assert (after.phase, after.taken) == (Phase.PLAY, cards("4S 4D"))


def test_t3_other_cards_taken_go_to_the_hand():
    state = position(["TS JS QS 5D", "3H"], discard="2D 9S 8S KH 3C")
    after = play(state, "take 4 meld 9S TS JS")
    assert after.hands[0] == hand("QS 5D 8S KH 3C")
    assert after.discard == cards("2D")
    assert after.taken == cards("9S 8S KH 3C")
    # The cards taken may be melded later in the turn.
    after = play(after, "layoff 0 8S")
    assert str(after.melds[0]) == "8S 9S TS JS"
    # The cards taken may themselves go into the meld of the deepest card.
    assert "p0: take 4 meld 8S 9S TS JS QS" in texts(state)


def test_t3_play_must_contain_the_deepest_card():
    state = position(["TS JS QS 5D", "3H"], discard="2D 9S 8S KH 3C")
    illegal(state, "take 4 meld TS JS QS", Reason.PLAY_MISSES_DEEPEST_CARD, "T3")
    illegal(state, "take 3 meld 8S TS JS", Reason.INVALID_MELD, "M2")


def test_t3_deepest_card_may_be_laid_off():
    state = position(["3S", "9D"], discard="KC 8H 2D", melds=[("5H 6H 7H", 1)])
    after = play(state, "take 2 layoff 0 8H")
    assert str(after.melds[0]) == "5H 6H 7H 8H"
    assert after.melds[0].by == (1, 1, 1, 0)
    assert after.hands[0] == hand("3S 2D")


def test_t3_several_card_lay_off_containing_the_deepest_card_counts():
    # 8♥ then 9♥ onto 5-6-7♥, where 9♥ is the deepest card.
    state = position(["3S", "9D"], discard="KC 9H 8H", melds=[("5H 6H 7H", 1)])
    after = play(state, "take 2 layoff 0 8H 9H")
    assert str(after.melds[0]) == "5H 6H 7H 8H 9H"
    assert after.hands[0] == hand("3S")
    illegal(state, "take 2 layoff 0 9H", Reason.INVALID_LAYOFF, "L3")
    # The 8♥ may also come from the hand.
    state = position(["8H 3S", "9D"], discard="KC 9H 2D", melds=[("5H 6H 7H", 1)])
    after = play(state, "take 2 layoff 0 8H 9H")
    assert after.hands[0] == hand("3S 2D")


def test_t6_empty_stock_offers_end_beside_the_takes_and_no_draw():
    state = position(["2S 5D", "9C KC"], melds=[("5H 6H 7H", 1)], discard="QD", rest="pile")
    assert state.stock == ()
    moves = legal_moves(state)
    assert EndHand(0) in moves
    assert Take(0, 1) in moves
    assert Draw(0) not in moves
    illegal(state, "draw", Reason.STOCK_EMPTY, "T6")
    after = play(state, "end")
    assert after.phase is Phase.OVER
    assert after.is_over
    assert result_of(after).reason is EndReason.STOCK_EXHAUSTED
    assert result_of(after).went_out is None
    assert result_of(after).scores == (-(2 + 5), 18 - (9 + 10))
    assert legal_moves(after) == ()


def test_t6_end_needs_an_empty_stock():
    state = position(["2S 5D", "9C KC"], discard="QD")
    assert EndHand(0) not in legal_moves(state)
    illegal(state, "end", Reason.CANNOT_END, "T6")


# ---------------------------------------------------------------------------
# §4.2 Playing


def test_t7_melds_and_lay_offs_in_any_order_and_number():
    state = position(
        ["5S 6S 7S 8S 9H 9D 9C 4H KD", "2C"],
        melds=[("5H 6H 7H", 1)],
        stock="QC",
    )
    state = play(state, "draw")
    for text in ("layoff 0 4H", "meld 9H 9D 9C", "meld 5S 6S 7S", "layoff 2 8S"):
        state = play(state, text)
        assert (state.to_move, state.phase) == (0, Phase.PLAY)
    assert [str(m) for m in state.melds] == ["4H 5H 6H 7H", "9H 9D 9C", "5S 6S 7S 8S"]
    assert state.hands[0] == hand("KD QC")


# ---------------------------------------------------------------------------
# §4.3 Discarding


def test_t10_turn_ends_with_a_discard():
    state = position(["5S 6S 7S KD 2H", "2C"], phase="play", discard="3D")
    assert {type(m) for m in legal_moves(state)} == {MeldMove, Discard}
    after = play(state, "discard KD")
    assert after.hands[0] == hand("5S 6S 7S 2H")
    assert after.discard == cards("3D KD")
    assert (after.to_move, after.phase, after.last_discarder) == (1, Phase.DRAW, 0)
    illegal(state, "discard 9C", Reason.CARDS_NOT_AVAILABLE, "T10")


def test_t10_one_discard_per_distinct_card_with_two_decks():
    state = position(["7H 7H 8C", "2C", "3C", "4C", "5C"], phase="play")
    moves = legal_moves(state)
    assert len(set(moves)) == len(moves)
    assert texts(state) == ["p0: discard 7H", "p0: discard 8C"]


def test_t11_top_discard_taken_alone_may_not_be_discarded():
    state = position(["2S 5D 9C", "3H"], discard="3D KH")
    state = play(state, "take 1")
    error = illegal(state, "discard KH", Reason.DISCARD_TAKEN_CARD, "T11")
    assert "KH" in str(error)
    assert "p0: discard KH" not in texts(state)
    play(state, "discard 2S")


def test_t11_no_identical_copy_either_with_two_decks():
    state = position(["7H 2S 9C", "2C", "3C", "4C", "5C"], discard="3D 7H")
    state = play(state, "take 1")
    assert state.hands[0] == hand("7H 7H 2S 9C")
    illegal(state, "discard 7H", Reason.DISCARD_TAKEN_CARD, "T11")
    assert texts(state) == ["p0: discard 2S", "p0: discard 9C"]


def test_t11_after_taking_several_cards_the_previous_top_card_may_be_discarded():
    state = position(["4H 4C 9C", "3H"], discard="2D 4S KH")
    state = play(state, "take 2 meld 4S 4H 4C")
    assert state.hands[0] == hand("9C KH")
    after = play(state, "discard KH")
    assert after.discard == cards("2D KH")


# ---------------------------------------------------------------------------
# §4.5 No dead ends


def test_n1_melding_all_but_the_top_discard_just_taken_is_a_dead_end():
    state = position(["5S 6S 7S", "3H"], discard="2C KD")
    state = play(state, "take 1")
    error = illegal(state, "meld 5S 6S 7S", Reason.DEAD_END, "N1")
    assert "N1" in str(error)
    assert "T11" in str(error)
    assert "p0: meld 5S 6S 7S" not in texts(state)


def test_n1_unless_the_top_discard_can_itself_be_melded():
    state = position(["5S 6S 7S", "3H"], discard="2C KD", melds=[("TD JD QD", 1)])
    state = play(state, "take 1")
    state = play(state, "meld 5S 6S 7S")
    state = play(state, "layoff 0 KD")
    assert state.is_over
    assert result_of(state).went_out == 0


def test_n1_take_one_that_leaves_only_copies_of_the_taken_card():
    # Two decks: holding only 7♥, taking the other 7♥ would leave nothing to discard.
    state = position(["7H", "2C", "3C", "4C", "5C"], discard="3D 7H")
    illegal(state, "take 1", Reason.DEAD_END, "N1")
    assert texts(state) == ["p0: draw"]


# ---------------------------------------------------------------------------
# §4.4 Going out and the end of a hand


def _assert_over(state: GameState, went_out: int | None) -> None:
    assert state.phase is Phase.OVER
    assert result_of(state).went_out == went_out
    assert result_of(state).reason is EndReason.WENT_OUT
    assert legal_moves(state) == ()
    assert GameState.from_dict(state.to_dict()) == state
    for seat in range(state.num_players):
        for move in (
            Draw(seat),
            EndHand(seat),
            Take(seat, 1),
            Discard(seat, "2C"),
            MeldMove(seat, "2C 3C 4C"),
            LayoffMove(seat, 0, "2C"),
        ):
            illegal(state, move, Reason.HAND_OVER, "E1")


def test_e1_going_out_by_melding_everything():
    state = position(["5S 6S 7S", "3H"], phase="play")
    state = play(state, "meld 5S 6S 7S")
    assert state.hands[0] == ()
    _assert_over(state, 0)
    assert result_of(state).scores == (18, -3)


def test_e1_going_out_by_the_play_of_a_take():
    state = position(["4H", "3H"], discard="2D 4S 4D")
    state = play(state, "take 2 meld 4S 4H 4D")
    _assert_over(state, 0)


def test_e1_going_out_by_discarding_the_last_card():
    state = position(["KD", "3H"], phase="play", discard="2D")
    state = play(state, "discard KD")
    _assert_over(state, 0)
    assert state.discard == cards("2D KD")
    assert state.last_discarder is None


def test_r4_no_rummy_call_after_the_hand_has_ended():
    # The last discard would be a "Rummy!" card (6♠ beside 7-8-9♠).
    state = position(["6S", "2C", "3C"], melds=[("7S 8S 9S", 1)], phase="play")
    state = play(state, "discard 6S")
    _assert_over(state, 0)
    for seat in (1, 2):
        illegal(state, CallRummy(seat, 1, LayoffMove(seat, 0, "6S")), Reason.HAND_OVER, "E1")
        illegal(state, f"p{seat}: layoff 0 6S", Reason.HAND_OVER, "E1")


# ---------------------------------------------------------------------------
# §5 Calling "Rummy!"


def _after_discard_of(card: str) -> GameState:
    """Four players, 7-8-9♠ on the table; p0 has just discarded ``card``."""
    state = position(
        [f"{card} 2D", "2C 3C", "4D 5D", "QH KH 2H"],
        melds=[("7S 8S 9S", 1)],
        phase="play",
        stock="KC",
    )
    return play(state, f"discard {card}")


@pytest.mark.parametrize(("card", "meld"), [("6S", "6S 7S 8S 9S"), ("TS", "7S 8S 9S TS")])
def test_r1_worked_example_run_on_the_table_and_a_six_or_ten_discarded(card, meld):
    state = _after_discard_of(card)
    assert (state.to_move, state.last_discarder) == (1, 0)
    assert calls(state) == [f"p2: rummy 1 layoff 0 {card}", f"p3: rummy 1 layoff 0 {card}"]
    called = play(state, f"p3: rummy 1 layoff 0 {card}")
    assert str(called.melds[0]) == meld
    assert called.melds[0].by == ((3, 1, 1, 1) if card == "6S" else (1, 1, 1, 3))
    assert called.discard == ()
    assert called.hands[3] == hand("QH KH 2H")
    assert (called.to_move, called.phase, called.last_discarder) == (3, Phase.PLAY, None)


def test_r1_who_may_call_not_the_discarder_not_the_player_about_to_draw():
    state = _after_discard_of("6S")
    illegal(state, "p0: rummy 1 layoff 0 6S", Reason.RUMMY_NOT_ALLOWED, "R1")
    error = illegal(state, "p1: rummy 1 layoff 0 6S", Reason.RUMMY_NOT_ALLOWED, "R1")
    assert "take 1" in str(error)
    # The player about to draw simply takes the card and lays it off.
    taken = play(state, "p1: take 1")
    taken = play(taken, "p1: layoff 0 6S")
    assert taken.melds[0].by == (1, 1, 1, 1)


def test_r1_caller_plays_on_and_discards_then_play_passes_to_the_callers_left():
    state = _after_discard_of("6S")
    state = play(state, "p3: rummy 1 layoff 0 6S")
    # The window is closed: the first call applied wins.
    illegal(state, "p2: rummy 1 layoff 0 6S", Reason.RUMMY_NOT_ALLOWED, "R1")
    moves = legal_moves(state)
    assert moves
    assert all(m.player == 3 for m in moves)
    assert {type(m) for m in moves} <= {MeldMove, LayoffMove, Discard}
    assert Discard(3, "QH") in moves
    illegal(state, "p3: draw", Reason.WRONG_PHASE, "T1")
    state = play(state, "p3: discard QH")
    # p1 and p2 lose their turn.
    assert (state.to_move, state.phase, state.last_discarder) == (0, Phase.DRAW, 3)


def test_r1_worked_example_king_and_queen_in_the_pile_and_jack_on_top():
    state = position(
        ["JC 8H", "2H 5H", "9C TC 4H"],
        discard="2D KC 5D QC 3S",
        phase="play",
    )
    state = play(state, "discard JC")
    assert (state.to_move, state.last_discarder) == (1, 0)
    assert "p2: rummy 5 meld JC QC KC" in calls(state)
    # Only cards from the pile: not the 10♣ from the hand.
    illegal(state, "p2: rummy 5 meld TC JC QC KC", Reason.RUMMY_USES_HAND, "R1")
    illegal(state, CallRummy(2, 5, MeldMove(2, "KC QC JC")), Reason.NOT_CANONICAL, None)
    # Only the cards taken: the K♣ stays in the pile with a call of 3 cards.
    assert not agree(state, parse_move(state, "p2: rummy 3 meld JC QC KC"))
    state = play(state, "p2: rummy 5 meld JC QC KC")
    assert [str(m) for m in state.melds] == ["JC QC KC"]
    assert state.melds[0].by == (2, 2, 2)
    assert state.discard == cards("2D")
    assert state.hands[2] == hand("9C TC 4H 5D 3S")
    # The caller may then meld and lay off from the hand too, and discards.
    state = play(state, "p2: layoff 0 9C TC")
    assert str(state.melds[0]) == "9C TC JC QC KC"
    state = play(state, "p2: discard 3S")
    assert (state.to_move, state.phase) == (0, Phase.DRAW)


def test_r1_worked_example_three_of_spades_fourth_from_the_top():
    # p0 draws 4♠ and melds 4-5-6♠ while 3♠ lies fourth from the top of the pile.
    state = position(
        ["5S 6S 9D 2D", "2H 3H", "7C 8D"],
        discard="2C 3S 8C KD",
        melds=[("TH JH QH", 1)],
        stock="4S",
    )
    state = play(state, "draw")
    state = play(state, "meld 4S 5S 6S")
    state = play(state, "discard 9D")
    assert state.discard == cards("2C 3S 8C KD 9D")
    assert calls(state) == ["p2: rummy 4 layoff 1 3S"]
    illegal(state, "p0: rummy 4 layoff 1 3S", Reason.RUMMY_NOT_ALLOWED, "R1")
    illegal(state, "p1: rummy 4 layoff 1 3S", Reason.RUMMY_NOT_ALLOWED, "R1")
    assert "p1: take 4 layoff 1 3S" in texts(state)
    called = play(state, "p2: rummy 4 layoff 1 3S")
    assert str(called.melds[1]) == "3S 4S 5S 6S"
    assert called.melds[1].by == (2, 0, 0, 0)
    assert called.hands[2] == hand("7C 8D 8C KD 9D")
    assert called.discard == cards("2C")


def test_r1_a_call_may_not_use_hand_cards():
    state = position(["6S 2D", "2C 3C", "7S 8S"], phase="play")
    state = play(state, "discard 6S")
    assert calls(state) == []
    illegal(state, "p2: rummy 1 meld 6S 7S 8S", Reason.RUMMY_USES_HAND, "R1")


def test_n1_r1_no_call_that_leaves_only_a_copy_of_the_card_taken():
    # Two decks: p2 holds only the other 6♠; after calling for the discarded 6♠
    # it could neither discard its 6♠ (T11) nor meld it.
    state = position(
        ["6S 2D", "2C 3C", "6S", "QH KH", "4D"],
        melds=[("7S 8S 9S", 1)],
        phase="play",
    )
    state = play(state, "discard 6S")
    assert calls(state) == ["p3: rummy 1 layoff 0 6S", "p4: rummy 1 layoff 0 6S"]
    illegal(state, "p2: rummy 1 layoff 0 6S", Reason.DEAD_END, "N1")


def test_r1_window_closes_when_the_next_player_draws():
    state = _after_discard_of("6S")
    state = play(state, "p1: draw")
    assert calls(state) == []
    illegal(state, "p2: rummy 1 layoff 0 6S", Reason.RUMMY_NOT_ALLOWED, "R1")


def test_r1_no_call_before_any_discard():
    state = position(["2D", "2C 3C", "4D"], discard="6S", melds=[("7S 8S 9S", 1)])
    assert calls(state) == []
    illegal(state, "p2: rummy 1 layoff 0 6S", Reason.RUMMY_NOT_ALLOWED, "R1")


def test_r1_no_call_with_two_players():
    state = position(["6S 2D", "2C 3C"], melds=[("7S 8S 9S", 1)], phase="play")
    state = play(state, "discard 6S")
    assert calls(state) == []
    illegal(state, "p0: rummy 1 layoff 0 6S", Reason.RUMMY_NOT_ALLOWED, "R1")
    illegal(state, "p1: rummy 1 layoff 0 6S", Reason.RUMMY_NOT_ALLOWED, "R1")


def test_r3_no_calls_under_rummy_call_none():
    rules = {"preset": "pagat", "rummy_call": "none"}
    state = position(
        ["6S 2D", "2C 3C", "4D 5D", "QH KH 2H"],
        melds=[("7S 8S 9S", 1)],
        phase="play",
        rules=rules,
    )
    state = play(state, "discard 6S")
    assert calls(state) == []
    for seat in (2, 3):
        illegal(state, f"p{seat}: rummy 1 layoff 0 6S", Reason.RUMMY_NOT_ALLOWED, "R3")


# ---------------------------------------------------------------------------
# Contract: immutability, errors, notation


def test_apply_move_never_changes_the_state_passed_in():
    state = position(["4H 9C KC", "3H"], discard="2D 4S 4D")
    before = state.to_dict()
    saved_moves = legal_moves(state)
    with pytest.raises(IllegalMoveError):
        apply_move(state, Take(0, 2))
    after = apply_move(state, parse_move(state, "take 2 meld 4S 4H 4D"))
    apply_move(after, parse_move(after, "discard KC"))
    assert state.to_dict() == before
    assert legal_moves(state) == saved_moves
    assert state.phase is Phase.DRAW


def test_every_illegal_move_names_its_rule():
    state = position(["4H 9C KC 5S", "3H", "2S"], discard="2D 4S 4D", melds=[("6S 7S 8S", 1)])
    moves: list[Move] = [
        Draw(1),
        Take(0, 2),
        Take(0, 9, MeldMove(0, "4S 4H 4D")),
        Take(0, 1, MeldMove(0, "4S 4H 4D")),
        Take(0, 2, MeldMove(0, "4H 4D 4S")),
        Take(0, 2, LayoffMove(0, 0, "5S")),
        MeldMove(0, "4S 4H 4D"),
        Discard(0, "KC"),
        EndHand(0),
        CallRummy(1, 1, LayoffMove(1, 0, "4D")),
    ]
    for move in moves:
        assert not agree(state, move), str(move)
        with pytest.raises(IllegalMoveError) as raised:
            apply_move(state, move)
        error = raised.value
        assert error.rule, str(move)
        assert f"rule {error.rule}" in str(error), str(move)
        assert isinstance(error.reason, Reason)


def test_d5_move_by_a_seat_that_does_not_exist_names_the_rule():
    state = position(["4H 9C KC", "3H", "2S"], discard="2D 6S", melds=[("7S 8S 9S", 1)])
    illegal(state, Draw(3), Reason.NOT_A_MOVE, "D5")
    illegal(state, CallRummy(9, 1, LayoffMove(9, 0, "6S")), Reason.NOT_A_MOVE, "D5")


def test_parse_move_puts_typed_cards_in_canonical_order():
    state = position(
        ["4H 9C KC JK 6H 7H 8H 9H", "3S", "2S"],
        discard="2D 4S 4D",
        melds=[("5C 6C 7C", 1), ("TH JH QH", 1)],
    )
    cases = {
        "take 2 meld 4d 4h 4s": Take(0, 2, MeldMove(0, "4S 4H 4D")),
        "TAKE 2 MELD 4H 4S 4D": Take(0, 2, MeldMove(0, "4S 4H 4D")),
        "meld 7h jk=8h 6h": MeldMove(0, "6H 7H JK=8H"),
        "meld 4♦ 4♠ 4h": MeldMove(0, "4S 4H 4D"),
        "layoff 1 kh 9h": LayoffMove(0, 1, "9H KH"),
        "layoff 0 8c 4c": LayoffMove(0, 0, "4C 8C"),
        "p2: rummy 3 layoff 1 jk=9h 8h": CallRummy(2, 3, LayoffMove(2, 1, "8H JK=9H")),
        "p1:  discard 3s": Discard(1, "3S"),
        "take 1": Take(0, 1),
        "draw": Draw(0),
        "end": EndHand(0),
    }
    for text, move in cases.items():
        assert parse_move(state, text) == move, text
        assert parse_move(state, format_move(move)) == move
        assert is_legal(state, move) == (move in legal_moves(state))
    for move in legal_moves(state):
        assert parse_move(state, format_move(move)) == move


def test_moves_out_of_canonical_order_are_rejected():
    state = position(
        ["4H 4D 4C 9C 5S 6S 7S 8H 9H KC", "3H"],
        discard="2D 4S QS",
        melds=[("5H 6H 7H", 1)],
    )
    illegal(state, Take(0, 2, MeldMove(0, "4H 4S 4D")), Reason.NOT_CANONICAL, None)
    assert agree(state, Take(0, 2, MeldMove(0, "4S 4H 4D")))
    state = play(state, "draw")
    illegal(state, MeldMove(0, "7S 5S 6S"), Reason.NOT_CANONICAL, None)
    illegal(state, MeldMove(0, "4C 4H 4D"), Reason.NOT_CANONICAL, None)
    assert agree(state, MeldMove(0, "5S 6S 7S"))
    assert agree(state, MeldMove(0, "4H 4D 4C"))
    illegal(state, LayoffMove(0, 0, "9H 8H"), Reason.NOT_CANONICAL, None)
    assert agree(state, LayoffMove(0, 0, "8H 9H"))
