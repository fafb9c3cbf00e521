"""Playing (rules §4.2): T7–T9.

T7 melds and lay-offs in any order and number; T8 ``opening_minimum`` (the
first melds must reach it; no lay-off before); T9 ``out_of_turn_melding``.
"""

from __future__ import annotations

from rummy500 import EndReason, Phase, Reason, apply_move, legal_moves, parse_move
from tests.helpers import (
    OPENING,
    both,
    calls,
    hand,
    knobs,
    legal,
    play_all,
    result_of,
    under,
    with_keys,
)
from tests.positions import illegal, play, position

# ---------------------------------------------------------------------------
# T7 melds and lay-offs in any order and number


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
# T8 opening_minimum


def test_t8_opening_minimum_before_opening_no_lay_off_and_melds_must_reach_it():
    default, state = both(
        OPENING,
        hands=["5S 6S 7S 9D 9H 9C TD 2C", "3H 4H"],
        melds=[("JD QD KD", 1)],
        phase="play",
    )
    play(default, "layoff 0 TD")
    illegal(state, "layoff 0 TD", Reason.NOT_OPENED, "T8")
    assert legal(default) - legal(state) == {"p0: layoff 0 TD", "p0: layoff 0 9D TD"}
    # A player who has melded nothing may discard as usual.
    play(state, "discard 2C")
    state = play(state, "meld 5S 6S 7S")
    assert (state.turn_points, state.opened) == (18, frozenset())
    illegal(state, "discard 2C", Reason.NOT_OPENED, "T8")
    illegal(state, "layoff 0 TD", Reason.NOT_OPENED, "T8")
    state = play(state, "meld 9D 9H 9C")
    assert (state.turn_points, state.opened) == (45, frozenset({0}))
    # Opened at once: may lay off in the same turn.
    state = play_all(state, "layoff 0 TD", "discard 2C")
    assert state.opened == frozenset({0})


def test_t8_n1_no_first_meld_that_cannot_reach_the_minimum():
    default, state = both(OPENING, hands=["2H 3H 4H 9C KD", "5S"], phase="play")
    play(default, "meld 2H 3H 4H")
    illegal(state, "meld 2H 3H 4H", Reason.DEAD_END, "N1")
    assert "p0: meld 2H 3H 4H" not in legal(state)
    default, state = both(OPENING, hands=["2H 3H 4H", "5S"], phase="play")
    assert result_of(play(default, "meld 2H 3H 4H")).went_out == 0
    illegal(state, "meld 2H 3H 4H", Reason.DEAD_END, "T8")


def test_t8_opening_minimum_in_a_take_and_lay_off_once_opened():
    default, state = both(
        OPENING,
        hands=["5S 6S 2C 4D", "3H"],
        melds=[("9H 9D 9C", 1)],
        discard="KD 9S 7S",
    )
    play(default, "take 2 layoff 0 9S")
    illegal(state, "take 2 layoff 0 9S", Reason.NOT_OPENED, "T8")
    opened = with_keys(state, opened=[0])
    play(opened, "take 2 layoff 0 9S")
    assert "p0: take 2 layoff 0 9S" in legal(opened)
    assert "p0: take 2 layoff 0 9S" not in legal(state)


def test_t8_unopened_player_may_not_lay_off_at_the_final_lay_off():
    state = position(
        ["KD", "8S 2C"],
        melds=[("5S 6S 7S", 0)],
        phase="play",
        rules=knobs(opening_minimum=30, final_layoff=True),
    )
    state = with_keys(state, opened=[0])
    state = play(state, "discard KD")
    assert legal(state) == {"p1: pass"}
    illegal(state, "p1: layoff 0 8S", Reason.NOT_OPENED, "T8")


def test_t8_a_take_whose_new_meld_reaches_the_minimum_opens():
    state = position(
        ["JS QS 2C 4D", "3H"], melds=[("9H 9D 9C", 1)], discard="KD KS 9S", rules=OPENING
    )
    # The lay-off of the 9♠ is not offered before opening; the run of 30 is.
    assert "p0: take 2 meld JS QS KS" in legal(state)
    assert not any("layoff" in text for text in legal(state))
    state = play(state, "take 2 meld JS QS KS")
    assert (state.turn_points, state.opened) == (30, frozenset({0}))
    play(state, "layoff 0 9S")


def test_t8_r1_unopened_caller_may_only_meld_and_the_call_counts_toward_opening():
    # p0 discards 7♣ onto 5♣ 6♣: the call's meld 5-6-7♣ is 18 points.
    where = {
        "discard": "2D 5C 6C",
        "melds": [("JH QH KH", 1)],
        "phase": "play",
        "rules": OPENING,
    }
    completes = play(position(["7C TH", "2H 5H", "9S 9H 9D 4H"], **where), "discard 7C")
    assert calls(completes) == ["p2: rummy 3 meld 5C 6C 7C"]
    called = play(completes, "p2: rummy 3 meld 5C 6C 7C")
    assert (called.turn_points, called.opened) == (18, frozenset())
    illegal(called, "p2: discard 4H", Reason.NOT_OPENED, "T8")
    called = play(called, "p2: meld 9S 9H 9D")
    assert called.opened == frozenset({2})
    short = play(position(["7C TH", "2H 5H", "4H 3C"], **where), "discard 7C")
    assert calls(short) == []
    illegal(short, "p2: rummy 3 meld 5C 6C 7C", Reason.DEAD_END, "N1")
    # Without the minimum both calls are offered, and so is the lay-off of 10♥.
    tens = play(position(["TH 8D", "2H 5H", "4H 3C"], **where), "discard TH")
    assert calls(tens) == []
    assert calls(under(tens, "pagat")) == ["p2: rummy 1 layoff 0 TH"]
    illegal(tens, "p2: rummy 1 layoff 0 TH", Reason.NOT_OPENED, "T8")


# ---------------------------------------------------------------------------
# T9 out_of_turn_melding


OUT_OF_TURN = knobs(out_of_turn_melding=True)


def test_t9_meld_and_lay_off_during_another_players_turn():
    default, state = both(OUT_OF_TURN, hands=["2C 3D 9H", "5S 6S 7S 8S 9D"], stock="KC")
    illegal(default, "p1: meld 5S 6S 7S", Reason.NOT_YOUR_TURN, "D7")
    assert "p1: meld 5S 6S 7S" in legal(state)
    assert not any(text.startswith("p1:") for text in legal(default))
    state = play(state, "p1: meld 5S 6S 7S")
    assert (state.to_move, state.phase) == (0, Phase.DRAW)
    assert state.hands[1] == hand("8S 9D")
    state = play(state, "draw")
    state = play(state, "p1: layoff 0 8S")
    assert (state.to_move, state.phase) == (0, Phase.PLAY)
    assert state.melds[0].by == (1, 1, 1, 1)
    state = play(state, "discard KC")
    assert (state.to_move, state.phase) == (1, Phase.DRAW)


def test_t9_out_of_turn_play_that_empties_the_hand_goes_out():
    state = position(["2C 3D 9H", "5S 6S 7S"], rules=OUT_OF_TURN)
    over = play(state, "p1: meld 5S 6S 7S")
    assert result_of(over).went_out == 1
    assert result_of(over).reason is EndReason.WENT_OUT


def test_t9_out_of_turn_play_floats_under_floating_and_is_refused_under_discard_required():
    floating = position(
        ["2C 3D 9H", "5S 6S 7S"], rules=knobs(out_of_turn_melding=True, going_out="floating")
    )
    after = play(floating, "p1: meld 5S 6S 7S")
    assert (after.is_over, after.floating, after.to_move) == (False, (1,), 0)
    required = under(floating, knobs(out_of_turn_melding=True, going_out="discard_required"))
    illegal(required, "p1: meld 5S 6S 7S", Reason.DEAD_END, "E2")
    assert not any(text.startswith("p1:") for text in legal(required))


def test_t9_not_during_the_first_discard_nor_the_final_lay_offs():
    state = position(
        ["5S 6S 7S 2C", "9D 4H KC"],
        phase="first_discard",
        to_move=1,
        discard="",
        rules=knobs(out_of_turn_melding=True, first_discard="chooser"),
    )
    illegal(state, "p0: meld 5S 6S 7S", Reason.NOT_YOUR_TURN, "T9")
    state = position(
        ["KD", "8S 2C", "JH QH KH"],
        melds=[("5S 6S 7S", 0)],
        phase="play",
        rules=knobs(out_of_turn_melding=True, final_layoff=True),
    )
    state = play(state, "discard KD")
    assert state.phase is Phase.FINAL_LAYOFF
    illegal(state, "p2: meld JH QH KH", Reason.NOT_YOUR_TURN, "T9")


def test_t9_t8_out_of_turn_opening_is_one_meld_worth_the_minimum():
    state = position(
        ["2C 3D 9H", "5S 6S 7S JS QS KS 4D"],
        rules=knobs(out_of_turn_melding=True, opening_minimum=30),
    )
    illegal(state, "p1: meld 5S 6S 7S", Reason.NOT_OPENED, "T8")
    assert "p1: meld 5S 6S 7S" not in legal(state)
    state = play(state, "p1: meld JS QS KS")
    assert state.opened == frozenset({1})
    play(state, "p1: meld 5S 6S 7S")


def test_t9_n1_an_out_of_turn_play_may_not_strand_the_player_to_move():
    # p0 floats and takes the top discard 8♠ alone: it may not discard it
    # (T11), so it must lay it off on 5-6-7♠ (N1).  p1 then lays off a joker
    # as the 8♠ out of turn: p0 can neither discard nor meld its card, and the
    # hand has no legal move left.  Expected: that lay-off is refused (N1), or
    # at least the seat to move keeps a legal move.
    rules = knobs(going_out="floating", out_of_turn_melding=True)
    state = position(["", "JK 2C 3D"], melds=[("5S 6S 7S", 0)], discard="9D 8S", rules=rules)
    state = play(state, "take 1")
    assert legal(state) == {"p0: layoff 0 8S", "p1: layoff 0 JK=4S"}
    illegal(state, parse_move(state, "p1: layoff 0 JK=8S"), Reason.DEAD_END, "N1")
    for move in legal_moves(state):
        after = apply_move(state, move)
        assert after.is_over or any(m.player == after.to_move for m in legal_moves(after)), (
            f"after {move} the hand is stuck:\n{after}"
        )
