"""Drawing (rules §4.1): T1, T5 and T6.

T1 a turn starts by drawing from the stock or taking from the pile; T5
``stock_draw_count`` (boathouse rum's two-card draw); T6 the empty stock:
``end_hand`` (the default: "end" replaces the draw), ``reshuffle`` (with
``max_stock_rebuilds``) and ``play_on`` ("pass" and the idle count).  Taking
from the pile (T2–T4) is in tests/test_taking.py.
"""

from __future__ import annotations

from collections import Counter

from rummy500 import (
    Draw,
    EndHand,
    EndReason,
    Pass,
    Phase,
    Reason,
    Take,
    legal_moves,
    new_game,
    parse_cards,
    presets,
)
from tests.helpers import (
    PLAY_ON,
    RESHUFFLE,
    both,
    cards,
    hand,
    knobs,
    last_stock_card,
    legal,
    play_all,
    result_of,
    under,
    with_keys,
)
from tests.positions import illegal, play, position

# ---------------------------------------------------------------------------
# T1 draw from the stock or take from the pile, then play


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


# ---------------------------------------------------------------------------
# T5 stock_draw_count = 2


def test_t5_boathouse_rum_draws_two_cards():
    default, state = both(knobs(stock_draw_count=2), hands=["9D 2C", "3H"], stock="5H 6H 7H")
    after = play(state, "draw")
    assert after.hands[0] == hand("9D 2C 5H 6H")
    assert after.stock[0] == parse_cards("7H")[0]
    before = play(default, "draw")
    assert before.hands[0] == hand("9D 2C 5H")
    assert len(after.stock) == len(before.stock) - 1
    assert legal(after) - legal(before) == {"p0: discard 6H"}


def test_t5_two_card_draw_with_one_card_left_takes_that_card():
    state = position(["9D 2C", "3H"], stock="5H", rest="pile", rules=knobs(stock_draw_count=2))
    after = play(state, "draw")
    assert after.hands[0] == hand("9D 2C 5H")
    assert after.stock == ()


def test_t5_v3_boathouse_with_two_card_draws():
    rules = presets.get("boathouse").evolve(stock_draw_count=2)
    state = new_game(rules, 3, seed=4)
    stock = state.stock
    state = play(state, "draw")
    assert len(state.hands[state.to_move]) == 9
    assert state.stock == stock[2:]


# ---------------------------------------------------------------------------
# T6 the empty stock: end_hand (the default)


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
# T6 stock_exhausted = reshuffle (max_stock_rebuilds)


def test_t6_reshuffle_rebuilds_the_stock_from_the_pile_but_its_top_card():
    state = last_stock_card(RESHUFFLE)
    pile = state.discard
    after = play(state, "discard KD")
    assert after.stock_rebuilds == 1
    assert after.discard == parse_cards("KD")
    assert Counter(after.stock) == Counter(pile)
    assert len(after.stock) == len(pile) > 1
    assert (after.to_move, after.phase) == (1, Phase.DRAW)
    assert "p1: draw" in legal(after)
    assert "p1: end" not in legal(after)
    # The knob changes what the next player may do: under end_hand the stock
    # stays empty and the hand may be ended.
    default = play(under(state, "pagat"), "discard KD")
    assert (default.stock, default.stock_rebuilds) == ((), 0)
    assert "p1: end" in legal(default)
    assert "p1: draw" not in legal(default)
    illegal(default, "p1: draw", Reason.STOCK_EMPTY, "T6")


def test_t6_reshuffle_is_deterministic_from_the_seed_and_the_rebuild_number():
    state = last_stock_card(RESHUFFLE)
    first = play(state, "discard KD")
    assert play(state, "discard KD").stock == first.stock
    other_seed = play(with_keys(state, seed=12345), "discard KD")
    assert Counter(other_seed.stock) == Counter(first.stock)
    assert other_seed.stock != first.stock
    later = play(with_keys(state, stock_rebuilds=1), "discard KD")
    assert later.stock_rebuilds == 2
    assert later.stock != first.stock


def test_t6_reshuffle_stops_after_max_stock_rebuilds():
    state = with_keys(last_stock_card(RESHUFFLE), stock_rebuilds=3)
    after = play(state, "discard KD")
    assert (after.stock, after.stock_rebuilds) == ((), 3)
    assert "p1: end" in legal(after)
    ended = play(after, "p1: end")
    assert result_of(ended).reason is EndReason.STOCK_EXHAUSTED
    # max_stock_rebuilds is a knob: with 4 allowed, a fourth rebuild happens.
    more = with_keys(
        last_stock_card(knobs(stock_exhausted="reshuffle", max_stock_rebuilds=4)), stock_rebuilds=3
    )
    assert play(more, "discard KD").stock_rebuilds == 4
    none = play(
        last_stock_card(knobs(stock_exhausted="reshuffle", max_stock_rebuilds=0)), "discard KD"
    )
    rebuilt = play(last_stock_card(RESHUFFLE), "discard KD")
    assert none.stock == ()
    assert "p1: end" in legal(none) - legal(rebuilt)
    assert "p1: draw" in legal(rebuilt) - legal(none)


def test_t6_reshuffle_with_nothing_under_the_top_discard_rebuilds_nothing():
    # rules §10: every card but the pile's one is on the table or in a hand.
    state = position(
        ["KD 2C", "AC JK JK"],
        melds=[
            ("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS", 1),
            ("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", 1),
            ("3C 4C 5C 6C 7C 8C 9C TC JC QC KC", 1),
            ("AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD", 1),
        ],
        phase="play",
        discard="",
        rest="pile",
        rules=RESHUFFLE,
    )
    assert state.stock == state.discard == ()
    after = play(state, "discard 2C")
    assert (after.stock, after.discard, after.stock_rebuilds) == ((), parse_cards("2C"), 0)
    assert "p1: end" in legal(after)
    assert result_of(play(after, "p1: end")).reason is EndReason.STOCK_EXHAUSTED


# ---------------------------------------------------------------------------
# T6 stock_exhausted = play_on


def test_t6_play_on_offers_pass_instead_of_end():
    default, state = both(PLAY_ON, hands=["9D 2C", "3H 4D"], stock="", rest="pile")
    assert "p0: end" in legal(default)
    assert "p0: pass" not in legal(default)
    illegal(default, "pass", Reason.WRONG_PHASE, "T6")
    assert "p0: pass" in legal(state)
    assert "p0: end" not in legal(state)
    illegal(state, "end", Reason.CANNOT_END, "T6")
    illegal(state, "draw", Reason.STOCK_EMPTY, "T6")
    assert Pass(0) in legal_moves(state)
    after = play(state, "pass")
    assert (after.phase, after.hands[0]) == (Phase.PLAY, hand("9D 2C"))
    illegal(after, "pass", Reason.WRONG_PHASE, "T6")


def test_t6_play_on_hand_ends_after_a_full_round_without_table_play():
    state = position(["9D 2C 5S 6S 7S", "3H 4D"], stock="", rest="pile", rules=PLAY_ON)
    state = play_all(state, "pass", "discard 9D")
    assert (state.idle_turns, state.to_move, state.is_over) == (1, 1, False)
    # Taking from the pile is still allowed; a turn without table play is idle.
    state = play_all(state, "p1: take 1", "p1: discard 3H")
    result = result_of(state)
    assert (result.reason, result.went_out) == (EndReason.STOCK_EXHAUSTED, None)
    assert state.idle_turns == 2


def test_t6_play_on_table_play_resets_the_idle_count():
    start = position(["9D 2C KH 5S 6S 7S", "3H 4D"], stock="", rest="pile", rules=PLAY_ON)
    state = play_all(start, "pass", "meld 5S 6S 7S", "discard 9D")
    assert (state.idle_turns, state.is_over) == (0, False)
    state = play_all(state, "p1: pass", "p1: discard 3H")
    assert (state.idle_turns, state.is_over) == (1, False)
    state = play_all(state, "pass", "discard 2C")
    assert result_of(state).reason is EndReason.STOCK_EXHAUSTED


def test_t6_t9_an_out_of_turn_play_resets_the_idle_count_under_play_on():
    rules = knobs(stock_exhausted="play_on", out_of_turn_melding=True)
    start = position(["9D 2C 5S 6S 7S", "3H 4D"], stock="", rest="pile", rules=rules)
    state = play_all(start, "pass", "discard 9D")
    assert state.idle_turns == 1
    melded = play(state, "p0: meld 5S 6S 7S")
    assert (melded.to_move, melded.idle_turns) == (1, 0)
    melded = play_all(melded, "p1: pass", "p1: discard 3H")
    assert (melded.idle_turns, melded.is_over) == (1, False)
    idle = play_all(state, "p1: pass", "p1: discard 3H")
    assert result_of(idle).reason is EndReason.STOCK_EXHAUSTED


def test_t6_play_on_floater_who_passes_ends_the_turn_at_once():
    rules = knobs(stock_exhausted="play_on", going_out="floating")
    state = position(["", "3H 4D"], melds=[("5S 6S 7S", 0)], stock="", rest="pile", rules=rules)
    assert state.floating == (0,)
    after = play(state, "pass")
    assert (after.to_move, after.phase, after.idle_turns) == (1, Phase.DRAW, 1)
    assert after.floating == (0,)
