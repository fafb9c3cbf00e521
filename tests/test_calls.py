"""Calling "Rummy!" (rules §5): R1–R4.

R1 after a discard, a player other than the discarder and the player about
to draw may call for cards of the pile that make a meld or lay-off, then
plays on and discards; R2 ``rummy_call = layoff_top`` (the top card alone,
laid off, no discard); R3 ``rummy_call = none``; R4 no call once the hand
has ended.  A call that would strand its caller (N1) is in
tests/test_dead_ends.py.
"""

from __future__ import annotations

from typing import Any

import pytest

from rummy500 import (
    CallRummy,
    Discard,
    EndReason,
    GameState,
    LayoffMove,
    MeldMove,
    Phase,
    Reason,
    legal_moves,
    parse_cards,
    parse_move,
)
from tests.helpers import (
    assert_over,
    calls,
    cards,
    hand,
    knobs,
    legal,
    play_all,
    result_of,
    under,
    with_keys,
)
from tests.positions import agree, illegal, play, position, texts

# ---------------------------------------------------------------------------
# R1 calling "Rummy!" for cards of the pile


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
    # A meld move keeps its cards in canonical order, however given.
    assert agree(state, CallRummy(2, 5, MeldMove(2, "KC QC JC")))
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


def test_r1_counterclockwise_call_then_play_passes_to_the_callers_left():
    # p0 discarded 8S: p2 is to draw (counterclockwise); p1 may call, and play
    # goes on with the seat after the caller in playing order, p0.
    state = position(
        ["9D 2C", "4H KC QC", "3H JD"],
        melds=[("5S 6S 7S", 2)],
        discard="TC 8S",
        to_move=2,
        last_discarder=0,
        rules=knobs(direction="counterclockwise"),
    )
    assert calls(state) == ["p1: rummy 1 layoff 0 8S"]
    state = play(state, "p1: rummy 1 layoff 0 8S")
    state = play(state, "p1: discard KC")
    assert (state.to_move, state.phase, state.last_discarder) == (0, Phase.DRAW, 1)


# ---------------------------------------------------------------------------
# R2 rummy_call = layoff_top


LAYOFF_TOP = knobs(rummy_call="layoff_top")


def _after_discard(players: int, rules: Any = "pagat") -> GameState:
    """p0 has discarded 8♠ with 5-6-7♠ on the table; p1 is to draw."""
    hands = ["2C 3D", "9S KC", "4D 5D"][:players]
    return position(
        hands,
        melds=[("5S 6S 7S", 0)],
        discard="4H 8S",
        to_move=1,
        last_discarder=0,
        rules=rules,
    )


def test_r2_layoff_top_caller_does_not_discard():
    default = _after_discard(2)
    state = under(default, LAYOFF_TOP)
    # The player about to draw may call too.
    assert calls(state) == ["p1: rummy 1 layoff 0 8S"]
    assert calls(default) == []
    illegal(default, "p1: rummy 1 layoff 0 8S", Reason.RUMMY_NOT_ALLOWED, "R1")
    after = play(state, "p1: rummy 1 layoff 0 8S")
    assert str(after.melds[0]) == "5S 6S 7S 8S"
    assert after.melds[0].by == (0, 0, 0, 1)  # it scores for the caller
    assert after.discard == parse_cards("4H")
    assert after.hands[1] == hand("9S KC")
    # The turn goes on: p1 still draws, and the window is closed.
    assert (after.to_move, after.phase, after.last_discarder) == (1, Phase.DRAW, None)
    assert calls(after) == []
    assert "p1: draw" in legal(after)


def test_r2_layoff_top_play_continues_with_the_player_whose_turn_it_was():
    default = _after_discard(3)
    state = under(default, LAYOFF_TOP)
    assert calls(state) == ["p1: rummy 1 layoff 0 8S", "p2: rummy 1 layoff 0 8S"]
    assert calls(default) == ["p2: rummy 1 layoff 0 8S"]
    after = play(state, "p2: rummy 1 layoff 0 8S")
    assert (after.to_move, after.phase) == (1, Phase.DRAW)
    assert after.hands[2] == hand("4D 5D")
    # Under the default R1 the caller plays on and must discard.
    called = play(default, "p2: rummy 1 layoff 0 8S")
    assert (called.to_move, called.phase) == (2, Phase.PLAY)


def test_r2_layoff_top_only_the_top_card_alone_never_from_the_discarder():
    state = _after_discard(3, LAYOFF_TOP)
    illegal(state, "p0: rummy 1 layoff 0 8S", Reason.RUMMY_NOT_ALLOWED, "R2")
    illegal(state, "p2: rummy 2 layoff 0 8S", Reason.RUMMY_NOT_ALLOWED, "R2")
    # No hand cards with it: p1 holds 9♠ but may not lay it off in the call.
    illegal(state, "p1: rummy 1 layoff 0 8S 9S", Reason.RUMMY_USES_HAND, "R2")


def test_r2_layoff_top_unopened_player_may_not_call():
    state = _after_discard(3, knobs(rummy_call="layoff_top", opening_minimum=30))
    state = with_keys(state, opened=[2])
    assert calls(state) == ["p2: rummy 1 layoff 0 8S"]
    illegal(state, "p1: rummy 1 layoff 0 8S", Reason.NOT_OPENED, "T8")


def test_r2_t6_a_layoff_top_call_resets_the_idle_count_under_play_on():
    rules = knobs(rummy_call="layoff_top", stock_exhausted="play_on")
    start = position(
        ["8S 2C", "4D 5D"],
        melds=[("5S 6S 7S", 1)],
        phase="play",
        stock="",
        rest="pile",
        rules=rules,
    )
    state = play(start, "discard 8S")
    assert state.idle_turns == 1
    called = play(state, "p1: rummy 1 layoff 0 8S")
    assert called.idle_turns == 0
    called = play_all(called, "p1: pass", "p1: discard 4D")
    assert (called.idle_turns, called.is_over) == (1, False)
    # Without the call the round is idle and the hand ends.
    idle = play_all(state, "p1: pass", "p1: discard 4D")
    assert result_of(idle).reason is EndReason.STOCK_EXHAUSTED


# ---------------------------------------------------------------------------
# R3 rummy_call = none


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


def test_r3_rummy_call_none_removes_the_call():
    default = _after_discard(3)
    state = under(default, knobs(rummy_call="none"))
    assert calls(default) == ["p2: rummy 1 layoff 0 8S"]
    assert calls(state) == []
    illegal(state, "p2: rummy 1 layoff 0 8S", Reason.RUMMY_NOT_ALLOWED, "R3")


# ---------------------------------------------------------------------------
# R4 no call after the hand has ended


def test_r4_no_rummy_call_after_the_hand_has_ended():
    # The last discard would be a "Rummy!" card (6♠ beside 7-8-9♠).
    state = position(["6S", "2C", "3C"], melds=[("7S 8S 9S", 1)], phase="play")
    state = play(state, "discard 6S")
    assert_over(state, 0)
    for seat in (1, 2):
        illegal(state, CallRummy(seat, 1, LayoffMove(seat, 0, "6S")), Reason.HAND_OVER, "E1")
        illegal(state, f"p{seat}: layoff 0 6S", Reason.HAND_OVER, "E1")
