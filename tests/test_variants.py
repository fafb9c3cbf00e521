"""The variant knobs of RULES.md §1–§6 (knob index §9), knob value by knob value.

For each knob value that is not the default there are two kinds of test:

* the worked examples of RULES.md for that variant, named after the rule id;
* a test that the knob *changes* something relative to the default
  ``Rules()`` — the same position dict read under two rule sets gives
  different legal moves or a different :class:`~rummy500.HandResult` — so a
  knob the engine silently ignored would fail.

Where RULES.md leaves room, the interpretations the engine implements for
each knob are normative (the numbered interpretations of the variants, e.g.
"a stock draw of two cards takes the last card alone").  Every move played or
refused goes through :func:`tests.positions.play` or
:func:`tests.positions.illegal`, which check that ``is_legal``,
``check_move`` and ``legal_moves`` agree on it.  The presets the engine
implements (every preset; dealer's gambit has its own tests in
tests/test_gambit.py) are played end to end with random legal moves.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from rummy500 import (
    CallRummy,
    Card,
    CardValues,
    EndReason,
    GameState,
    HandResult,
    Phase,
    Reason,
    Rules,
    RulesError,
    apply_move,
    check_move,
    is_legal,
    legal_moves,
    make_meld,
    meld_value,
    new_game,
    parse_cards,
    parse_move,
    presets,
)
from rummy500.moves import Pass
from rummy500.positions import rules_from_data, rules_to_data
from rummy500.values import BASIC, FIVES, STANDARD
from tests.positions import illegal, play, position, texts

# ---------------------------------------------------------------------------
# Helpers


def knobs(**changes: Any) -> dict[str, Any]:
    """Rules data for a position: the default (pagat) rules with ``changes``."""
    return {"preset": "pagat", **changes}


def under(state: GameState, rules: Rules | str | dict[str, Any]) -> GameState:
    """The same position dict read under other rules."""
    data = state.to_dict()
    data["rules"] = rules_to_data(rules) if isinstance(rules, Rules) else rules
    return GameState.from_dict(data)


def both(rules: dict[str, Any], **where: Any) -> tuple[GameState, GameState]:
    """One position dict under the default rules and under ``rules``."""
    default = position(**where)
    return default, under(default, rules)


def with_keys(state: GameState, **keys: Any) -> GameState:
    """The position with some top-level keys of its dict changed (``opened``, ``seed``…)."""
    data = state.to_dict()
    data.update(keys)
    return GameState.from_dict(data)


def legal(state: GameState) -> set[str]:
    """The legal moves in notation, as a set."""
    return set(texts(state))


def calls(state: GameState) -> list[str]:
    return [str(move) for move in legal_moves(state) if isinstance(move, CallRummy)]


def result_of(state: GameState) -> HandResult:
    assert state.is_over
    assert state.result is not None
    return state.result


def hand(text: str) -> tuple[Card, ...]:
    """A hand as the state stores it: sorted."""
    return tuple(sorted(parse_cards(text)))


def all_cards(state: GameState) -> Counter[Card]:
    """Every card of a position: hands, stock, pile and table."""
    return state.all_cards()


def play_all(state: GameState, *moves: str) -> GameState:
    for move in moves:
        state = play(state, move)
    return state


# ---------------------------------------------------------------------------
# D1 jokers_per_deck: 0, 1, 4


@pytest.mark.parametrize("jokers", [0, 1, 2, 4])
def test_d1_jokers_per_deck_sets_the_jokers_of_each_deck(jokers):
    rules = Rules(jokers_per_deck=jokers)
    deck = rules.deck(2)
    assert len(deck) == 52 + jokers
    assert sum(card.is_joker for card in deck) == jokers
    assert len(rules.deck(5)) == 2 * (52 + jokers)
    state = new_game(rules, 2, seed=3)
    assert all_cards(state) == Counter(deck)
    assert len(state.stock) == 52 + jokers - 2 * 13 - 1


@pytest.mark.parametrize("jokers", [0, 1, 4])
def test_d1_jokers_per_deck_changes_the_deck_a_position_must_hold(jokers):
    # The same dict is a valid position only for the deck it was built for.
    default = position(["JK 5S 6S", "7S 8S"], phase="play")
    with pytest.raises(ValueError, match="not the rule set's deck"):
        under(default, knobs(jokers_per_deck=jokers))
    assert len(new_game(Rules(jokers_per_deck=jokers), 2, seed=3).stock) != len(
        new_game(Rules(), 2, seed=3).stock
    )


def test_d1_no_jokers_means_no_joker_in_any_deal():
    rules = Rules(jokers_per_deck=0)
    for seed in range(5):
        state = new_game(rules, 5, seed=seed)
        assert not any(card.is_joker for card in all_cards(state))
        assert len(all_cards(state)) == 52


# ---------------------------------------------------------------------------
# D3 decks: 1, 2


@pytest.mark.parametrize("players", range(2, 9))
def test_d3_decks_auto_is_one_deck_up_to_four_players_two_from_five(players):
    assert len(Rules().deck(players)) == (54 if players <= 4 else 108)


def test_d3_two_decks_for_two_players():
    rules = Rules(decks=2)
    state = new_game(rules, 2, seed=1)
    assert sum(all_cards(state).values()) == 108
    assert len(state.stock) == 108 - 26 - 1
    assert len(new_game(Rules(), 2, seed=1).stock) == 54 - 26 - 1


def test_d3_one_deck_for_five_players():
    rules = Rules(decks=1, max_players=7)
    state = new_game(rules, 5, seed=1)
    assert sum(all_cards(state).values()) == 54
    assert len(state.stock) == 54 - 5 * 7 - 1
    assert len(new_game(Rules(), 5, seed=1).stock) == 108 - 5 * 7 - 1


def test_d3_one_deck_cannot_hold_eight_hands_of_seven():
    with pytest.raises(RulesError, match="8 players need 58 cards"):
        Rules(decks=1)


def test_d3_m1_two_decks_hold_duplicates_but_a_group_still_needs_different_suits():
    state = position(["6S 6S 6H 6D 2C", "3D"], phase="play", rules=knobs(decks=2))
    illegal(state, "meld 6S 6S 6H", Reason.INVALID_MELD, "M1")
    after = play(state, "meld 6S 6H 6D")
    assert after.hands[0] == hand("6S 2C")
    # One discard per distinct card (two 6♠ are one move).
    assert [text for text in texts(state) if "discard" in text] == [
        "p0: discard 6S",
        "p0: discard 6H",
        "p0: discard 6D",
        "p0: discard 2C",
    ]
    with pytest.raises(ValueError, match="not the rule set's deck"):
        under(state, "pagat")


# ---------------------------------------------------------------------------
# D4 hand_size as a mapping ([B] 10/7/6)

BASIC_SIZES = {2: 10, 3: 7, 4: 7, 5: 6, 6: 6}


@pytest.mark.parametrize(("players", "size"), BASIC_SIZES.items())
def test_d4_hand_size_mapping_of_basic_rummy(players, size):
    rules = Rules(hand_size=BASIC_SIZES, max_players=6)
    assert rules.hand_size_for(players) == size
    state = new_game(rules, players, seed=players)
    assert [len(seat_hand) for seat_hand in state.hands] == [size] * players
    assert len(state.stock) == len(rules.deck(players)) - players * size - 1
    default = new_game(Rules(max_players=6), players, seed=players)
    assert len(default.hands[0]) == (13 if players == 2 else 7)


@pytest.mark.parametrize(("players", "size"), BASIC_SIZES.items())
def test_d4_v4_basic_rummy_deals_ten_seven_or_six_from_one_deck(players, size):
    state = new_game(presets.get("basic_rummy"), players, seed=players)
    assert [len(seat_hand) for seat_hand in state.hands] == [size] * players
    assert sum(all_cards(state).values()) == 52


def test_d4_hand_size_mapping_must_cover_every_player_count():
    with pytest.raises(RulesError, match=r"no entry for \[4, 5, 6, 7, 8\] players"):
        Rules(hand_size={2: 10, 3: 7})
    assert Rules(hand_size={2: 10, 3: 7}, max_players=3).hand_size_for(3) == 7


def test_d4_hand_size_mapping_in_position_rules_data():
    rules = rules_from_data(
        knobs(hand_size={str(k): v for k, v in BASIC_SIZES.items()}, max_players=6)
    )
    assert rules.hand_size_for(2) == 10
    assert rules == Rules(hand_size=BASIC_SIZES, max_players=6)


def test_d3_d4_hand_sizes_the_deck_cannot_hold_are_refused():
    with pytest.raises(RulesError, match=r"2 players need 56 cards .* \(D3, D4\)"):
        Rules(hand_size={2: 27, 3: 7, 4: 7, 5: 7, 6: 7, 7: 7, 8: 7})


# ---------------------------------------------------------------------------
# D6 first_discard = chooser


CHOOSER = knobs(first_discard="chooser")


def test_d6_chooser_gets_the_upcard_and_starts_the_pile_by_discarding():
    rules = Rules(first_discard="chooser")
    deck = list(reversed(rules.deck(2)))
    default = new_game(Rules(), 2, deck=deck, dealer=0)
    state = new_game(rules, 2, deck=deck, dealer=0)
    upcard = default.discard[-1]
    assert (state.phase, state.to_move, state.discard) == (Phase.FIRST_DISCARD, 1, ())
    # Interpretation: the extra card is the card that would have been the upcard.
    assert state.hands[1] == tuple(sorted((*default.hands[1], upcard)))
    assert state.hands[0] == default.hands[0]
    assert state.stock == default.stock
    # The knob changes the first legal moves: discards only, no draw.
    assert legal(default) == {"p1: draw", "p1: take 1"}
    assert legal(state) == {f"p1: discard {card}" for card in state.hands[1]}
    illegal(state, "draw", Reason.WRONG_PHASE, "D6")
    state = play(state, f"discard {upcard}")
    assert (state.phase, state.to_move, state.last_discarder) == (Phase.DRAW, 0, 1)
    assert state.discard == (upcard,)
    assert len(state.hands[1]) == 13


def test_d6_chooser_may_not_meld_and_the_next_player_draws():
    state = position(
        ["2C 3D 4H", "5S 6S 7S 9D KC", "8H 9H"],
        phase="first_discard",
        to_move=1,
        dealer=0,
        discard="",
        rules=CHOOSER,
    )
    assert legal(state) == {
        "p1: discard 5S",
        "p1: discard 6S",
        "p1: discard 7S",
        "p1: discard 9D",
        "p1: discard KC",
    }
    illegal(state, "meld 5S 6S 7S", Reason.WRONG_PHASE, "D6")
    illegal(state, "take 1", Reason.WRONG_PHASE, "D6")
    illegal(state, "p2: draw", Reason.NOT_YOUR_TURN, None)
    state = play(state, "discard KC")
    assert (state.phase, state.to_move, state.last_discarder) == (Phase.DRAW, 2, 1)
    assert state.hands[1] == hand("5S 6S 7S 9D")
    assert "p2: take 1" in legal(state)


def test_d6_chooser_is_right_of_the_dealer_when_play_goes_counterclockwise():
    rules = Rules(first_discard="chooser", direction="counterclockwise")
    state = new_game(rules, 4, seed=8, dealer=1)
    assert (state.phase, state.to_move) == (Phase.FIRST_DISCARD, 0)
    assert [len(seat_hand) for seat_hand in state.hands] == [8, 7, 7, 7]
    state = play(state, f"discard {state.hands[0][0]}")
    assert (state.to_move, state.last_discarder) == (3, 0)


# ---------------------------------------------------------------------------
# direction = counterclockwise (D5, D7 mirrored; V7)


def test_d5_counterclockwise_deals_and_plays_to_seat_minus_one():
    rules = Rules(direction="counterclockwise")
    deck = list(rules.deck(3))
    state = new_game(rules, 3, deck=deck, dealer=0)
    default = new_game(Rules(), 3, deck=deck, dealer=0)
    # Dealt one at a time from the dealer's right: seat 2, then 1, then 0.
    for offset, seat in enumerate((2, 1, 0)):
        assert state.hands[seat] == tuple(sorted(deck[offset:21:3]))
    for offset, seat in enumerate((1, 2, 0)):
        assert default.hands[seat] == tuple(sorted(deck[offset:21:3]))
    assert (state.to_move, default.to_move) == (2, 1)
    order = []
    for _ in range(4):
        order.append(state.to_move)
        state = play(state, "draw")
        state = play(state, f"discard {state.hands[state.to_move][0]}")
    assert order == [2, 1, 0, 2]


def test_d7_counterclockwise_changes_who_moves_after_a_discard():
    default, state = both(
        knobs(direction="counterclockwise"),
        hands=["9D 2C", "3H 4H", "QS KS"],
        phase="play",
        dealer=1,
    )
    assert legal(play(default, "discard 2C")) >= {"p1: draw"}
    after = play(state, "discard 2C")
    assert (after.to_move, after.last_discarder) == (2, 0)
    assert "p2: draw" in legal(after)
    assert "p1: draw" not in legal(after)


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
# M2 min_run_length = 4


def test_m2_runs_of_four_variant():
    default, state = both(knobs(min_run_length=4), hands=["5S 6S 7S 8S 2D", "3C"], phase="play")
    play(default, "meld 5S 6S 7S")
    illegal(state, "meld 5S 6S 7S", Reason.INVALID_MELD, "M2")
    illegal(state, "meld 6S 7S 8S", Reason.INVALID_MELD, "M2")
    play(state, "meld 5S 6S 7S 8S")
    assert legal(default) - legal(state) == {
        "p0: meld 5S 6S 7S",
        "p0: meld 6S 7S 8S",
    }
    # A group of three is still a meld.
    _, groups = both(knobs(min_run_length=4), hands=["9S 9H 9D 2D", "3C"], phase="play")
    play(groups, "meld 9S 9H 9D")


def test_m2_runs_of_four_deep_take_needs_four_cards():
    default, state = both(knobs(min_run_length=4), hands=["5S 6S 2D", "3C"], discard="8S 7S KD")
    play(default, "take 2 meld 5S 6S 7S")
    illegal(state, "take 2 meld 5S 6S 7S", Reason.INVALID_MELD, "M2")
    play(state, "take 3 meld 5S 6S 7S 8S")
    assert "p0: take 3 meld 5S 6S 7S 8S" in legal(state)
    assert not any(text.startswith("p0: take 2") for text in legal(state))


# ---------------------------------------------------------------------------
# M3 ace = low, around_the_corner


def test_m3_ace_low_only():
    default, state = both(knobs(ace="low"), hands=["QH KH AH 2C 3C AC 4D", "5D"], phase="play")
    play(default, "meld QH KH AH")
    illegal(state, "meld QH KH AH", Reason.INVALID_MELD, "M3")
    play(state, "meld AC 2C 3C")
    assert "p0: meld QH KH AH" in legal(default)
    assert "p0: meld QH KH AH" not in legal(state)


def test_m3_ace_low_only_no_lay_off_after_the_king():
    default, state = both(
        knobs(ace="low"), hands=["AH 9D", "5D"], melds=[("JH QH KH", 1)], phase="play"
    )
    play(default, "layoff 0 AH")
    illegal(state, "layoff 0 AH", Reason.INVALID_LAYOFF, "L3")
    assert legal(default) - legal(state) == {"p0: layoff 0 AH"}


def test_m3_around_the_corner_worked_examples_k_a_2_and_q_k_a_2_3():
    default, state = both(
        knobs(ace="around_the_corner"),
        hands=["KH AH 2H QC KC AC 2C 3C 9D", "5D"],
        phase="play",
    )
    for meld in ("KH AH 2H", "QC KC AC 2C 3C"):
        illegal(default, f"meld {meld}", Reason.INVALID_MELD, "M3")
        after = play(state, f"meld {meld}")
        assert str(after.melds[-1]) == meld
    # Typed in any order, a wrapping run is written in sequence order.
    assert str(parse_move(state, "meld 2H AH KH")) == "p0: meld KH AH 2H"
    assert "p0: meld KH AH 2H" in legal(state)
    assert "p0: meld KH AH 2H" not in legal(default)


def test_m3_around_the_corner_lay_off_across_the_ace():
    default, state = both(
        knobs(ace="around_the_corner"),
        hands=["AH 2H 9D", "5D"],
        melds=[("JH QH KH", 1)],
        phase="play",
    )
    illegal(default, "layoff 0 AH 2H", Reason.INVALID_LAYOFF, "L3")
    after = play(state, "layoff 0 AH 2H")
    assert str(after.melds[0]) == "JH QH KH AH 2H"
    assert after.melds[0].by == (1, 1, 1, 0, 0)


def test_m3_around_the_corner_lay_off_completing_all_thirteen_is_written_ace_to_king():
    state = position(
        ["TH JH 2C", "3D"],
        melds=[("QH KH AH 2H 3H 4H 5H 6H 7H 8H 9H", 1)],
        phase="play",
        rules=knobs(ace="around_the_corner"),
    )
    assert {"p0: layoff 0 TH", "p0: layoff 0 JH", "p0: layoff 0 TH JH"} <= legal(state)
    after = play(state, "layoff 0 TH JH")
    assert str(after.melds[0]) == "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"
    assert after.melds[0].by == (1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 1, 1)


def test_m3_around_the_corner_run_never_holds_a_rank_twice():
    rules = Rules(ace="around_the_corner")
    thirteen = "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"
    assert str(make_meld("7H 8H 9H TH JH QH KH AH 2H 3H 4H 5H 6H", rules)) == thirteen
    state = position(
        ["JK 9D", "5D"], melds=[(thirteen, 1)], phase="play", rules=knobs(ace="around_the_corner")
    )
    assert not any("layoff" in text for text in texts(state))


def test_s1_around_the_corner_ace_in_k_a_2_scores_full_value():
    # RULES.md §10: the low-ace exception applies only to an ace that is the
    # lowest card of a run that does not wrap.
    rules = Rules(ace="around_the_corner")
    assert meld_value(make_meld("KH AH 2H", rules), STANDARD) == 10 + 15 + 2
    assert meld_value(make_meld("AH 2H 3H", rules), STANDARD) == 1 + 2 + 3
    state = position(["KH AH 2H 9D", "5D"], phase="play", rules=knobs(ace="around_the_corner"))
    state = play_all(state, "meld KH AH 2H", "discard 9D")
    assert result_of(state).scores == (27, -5)


# ---------------------------------------------------------------------------
# M4 jokers = sets_only (Persian rummy's jokers)

PERSIAN_JOKERS = knobs(jokers="sets_only", jokers_per_deck=4)


def test_m4_sets_only_jokers_form_groups_of_jokers_only():
    # Four jokers a deck under both rule sets: only the jokers knob differs.
    wild = position(["JK JK JK 6H 7H 2C", "5D"], phase="play", rules=knobs(jokers_per_deck=4))
    state = under(wild, PERSIAN_JOKERS)
    after = play(state, "meld JK JK JK")
    assert str(after.melds[0]) == "JK JK JK"
    illegal(state, "meld 6H 7H JK=8H", Reason.INVALID_MELD, "M4")
    play(wild, "meld 6H 7H JK=8H")
    illegal(wild, "meld JK JK JK", Reason.INVALID_MELD, "M4")
    assert "p0: meld JK JK JK" in legal(state)
    assert "p0: meld JK JK JK" not in legal(wild)
    assert not any("JK=" in text for text in legal(state))


def test_m4_sets_only_jokers_lay_off_only_on_a_group_of_jokers():
    state = position(
        ["JK 8H 9D", "5D"],
        melds=[("JK JK JK", 1), ("5H 6H 7H", 1)],
        phase="play",
        rules=PERSIAN_JOKERS,
    )
    illegal(state, "layoff 1 JK=4H", Reason.INVALID_LAYOFF, "M4")
    after = play(state, "layoff 0 JK")
    assert str(after.melds[0]) == "JK JK JK JK"
    assert after.melds[0].by == (1, 1, 1, 0)
    assert "p0: layoff 1 8H" in legal(state)


def test_m4_sets_only_group_of_jokers_scores_the_joker_value():
    state = position(["JK JK JK 9D", "5D"], phase="play", rules=PERSIAN_JOKERS)
    state = play_all(state, "meld JK JK JK", "discard 9D")
    assert result_of(state).scores == (45, -5)


# ---------------------------------------------------------------------------
# T4 discard_take = top_only


def test_t4_top_only_no_deep_take():
    default, state = both(
        knobs(discard_take="top_only"), hands=["5S 6S 9D 2C", "3H"], discard="KD 7S 4H"
    )
    play(default, "take 2 meld 5S 6S 7S")
    illegal(state, "take 2 meld 5S 6S 7S", Reason.DEEP_TAKE_NOT_ALLOWED, "T4")
    assert legal(state) == {"p0: draw", "p0: take 1"}
    assert "p0: take 2 meld 5S 6S 7S" in legal(default)
    # The top card goes into the hand and need not be melded.
    after = play(state, "take 1")
    assert after.hands[0] == hand("5S 6S 9D 2C 4H")


def test_t4_v4_basic_rummy_takes_only_the_top_discard():
    state = position(["5S 6S 9D 2C", "3H"], discard="KD 7S 4H", rules="basic_rummy")
    assert legal(state) == {"p0: draw", "p0: take 1"}


# ---------------------------------------------------------------------------
# T4 top_discard_must_meld


MUST_MELD = knobs(top_discard_must_meld=True)


def test_t4_t3a_top_discard_must_meld_take_one_carries_a_play():
    default, state = both(MUST_MELD, hands=["5S 6S 9D 2C", "3H"], discard="KD 7S")
    play(default, "take 1")
    illegal(default, "take 1 meld 5S 6S 7S", Reason.UNEXPECTED_PLAY, "T3a")
    illegal(state, "take 1", Reason.MUST_MELD_TAKEN_CARD, "T3")
    after = play(state, "take 1 meld 5S 6S 7S")
    assert after.hands[0] == hand("9D 2C")
    assert str(after.melds[0]) == "5S 6S 7S"
    assert "p0: take 1" in legal(default)
    assert "p0: take 1" not in legal(state)
    assert "p0: take 1 meld 5S 6S 7S" in legal(state)


def test_t4_top_discard_must_meld_lay_off_counts_as_melding():
    state = position(["9D 2C", "3H"], melds=[("5S 6S 7S", 1)], discard="KD 8S", rules=MUST_MELD)
    assert legal(state) == {"p0: draw", "p0: take 1 layoff 0 8S"}
    after = play(state, "take 1 layoff 0 8S")
    assert after.melds[0].by == (1, 1, 1, 0)


def test_t4_top_discard_must_meld_unmeldable_top_card_cannot_be_taken():
    state = position(["9D 2C", "3H"], discard="KD 8S", rules=MUST_MELD)
    assert legal(state) == {"p0: draw"}
    illegal(state, "take 1", Reason.MUST_MELD_TAKEN_CARD, "T3")


def test_t11_top_discard_must_meld_still_forbids_discarding_an_identical_copy():
    # Two decks: the 7♠ taken is melded, and the other 7♠ may not be discarded.
    state = position(
        ["5S 6S 7S 9D", "3H"], discard="KD 7S", rules=knobs(top_discard_must_meld=True, decks=2)
    )
    state = play(state, "take 1 meld 5S 6S 7S")
    assert state.hands[0] == hand("7S 9D")
    illegal(state, "discard 7S", Reason.DISCARD_TAKEN_CARD, "T11")
    play(state, "discard 9D")


# ---------------------------------------------------------------------------
# T4 deepest_card_use = new_meld_only

NEW_MELD_ONLY = knobs(deepest_card_use="new_meld_only")


def test_t4_new_meld_only_deepest_card_may_not_be_laid_off():
    default, state = both(
        NEW_MELD_ONLY,
        hands=["8H 8D 2C", "3H"],
        melds=[("5S 6S 7S", 1)],
        discard="KD 8S 4H",
    )
    play(default, "take 2 layoff 0 8S")
    illegal(state, "take 2 layoff 0 8S", Reason.NEW_MELD_REQUIRED, "T4")
    play(state, "take 2 meld 8S 8H 8D")
    assert legal(default) - legal(state) == {"p0: take 2 layoff 0 8S"}


def test_t4_new_meld_only_also_binds_the_top_card_under_top_discard_must_meld():
    rules = knobs(deepest_card_use="new_meld_only", top_discard_must_meld=True)
    state = position(["8H 8D 2C", "3H"], melds=[("5S 6S 7S", 1)], discard="KD 8S", rules=rules)
    illegal(state, "take 1 layoff 0 8S", Reason.NEW_MELD_REQUIRED, "T4")
    assert legal(state) == {"p0: draw", "p0: take 1 meld 8S 8H 8D"}
    must_meld = under(state, MUST_MELD)
    assert "p0: take 1 layoff 0 8S" in legal(must_meld)


def test_t4_v2_wikipedia_any_card_from_the_pile_into_a_new_meld_of_three():
    state = position(
        ["8H 8D 9D 2C", "3H"], melds=[("5S 6S 7S", 1)], discard="KD 8S", rules="wikipedia"
    )
    state = with_keys(state, opened=[0])  # past the opening minimum (T8)
    assert legal(state) == {"p0: draw", "p0: take 1 meld 8S 8H 8D"}
    illegal(state, "take 1", Reason.MUST_MELD_TAKEN_CARD, "T3")


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
# T6 stock_exhausted = reshuffle (max_stock_rebuilds) and play_on

RESHUFFLE = knobs(stock_exhausted="reshuffle")


def _last_stock_card(rules: Any) -> GameState:
    """p0 draws the last stock card; a long pile lies below."""
    state = position(["9D 2C", "3H 4D"], stock="KD", rest="pile", rules=rules)
    return play(state, "draw")


def test_t6_reshuffle_rebuilds_the_stock_from_the_pile_but_its_top_card():
    state = _last_stock_card(RESHUFFLE)
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
    state = _last_stock_card(RESHUFFLE)
    first = play(state, "discard KD")
    assert play(state, "discard KD").stock == first.stock
    other_seed = play(with_keys(state, seed=12345), "discard KD")
    assert Counter(other_seed.stock) == Counter(first.stock)
    assert other_seed.stock != first.stock
    later = play(with_keys(state, stock_rebuilds=1), "discard KD")
    assert later.stock_rebuilds == 2
    assert later.stock != first.stock


def test_t6_reshuffle_stops_after_max_stock_rebuilds():
    state = with_keys(_last_stock_card(RESHUFFLE), stock_rebuilds=3)
    after = play(state, "discard KD")
    assert (after.stock, after.stock_rebuilds) == ((), 3)
    assert "p1: end" in legal(after)
    ended = play(after, "p1: end")
    assert result_of(ended).reason is EndReason.STOCK_EXHAUSTED
    # max_stock_rebuilds is a knob: with 4 allowed, a fourth rebuild happens.
    more = with_keys(
        _last_stock_card(knobs(stock_exhausted="reshuffle", max_stock_rebuilds=4)), stock_rebuilds=3
    )
    assert play(more, "discard KD").stock_rebuilds == 4
    none = play(
        _last_stock_card(knobs(stock_exhausted="reshuffle", max_stock_rebuilds=0)), "discard KD"
    )
    rebuilt = play(_last_stock_card(RESHUFFLE), "discard KD")
    assert none.stock == ()
    assert "p1: end" in legal(none) - legal(rebuilt)
    assert "p1: draw" in legal(rebuilt) - legal(none)


def test_t6_reshuffle_with_nothing_under_the_top_discard_rebuilds_nothing():
    # RULES.md §10: every card but the pile's one is on the table or in a hand.
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


def test_v4_basic_rummy_reshuffles_the_pile():
    state = _last_stock_card("basic_rummy")
    after = play(state, "discard KD")
    assert after.stock_rebuilds == 1
    assert "p1: draw" in legal(after)


PLAY_ON = knobs(stock_exhausted="play_on")


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


# ---------------------------------------------------------------------------
# T8 opening_minimum

OPENING = knobs(opening_minimum=30)


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


def test_v2_wikipedia_opening_minimum_uses_fives_values():
    # Under fives, 5-6-7♠ is 15 and Q-K-A♦ is 35.
    state = position(["5S 6S 7S QD KD AD 2C", "3H"], phase="play", rules="wikipedia")
    assert "p0: meld 5S 6S 7S" in legal(state)  # completable with Q-K-A
    after = play(state, "meld 5S 6S 7S")
    assert after.turn_points == 15
    illegal(after, "discard 2C", Reason.NOT_OPENED, "T8")
    after = play(after, "meld QD KD AD")
    assert (after.turn_points, after.opened) == (50, frozenset({0}))
    lone = position(["5S 6S 7S 2C 9D", "3H"], phase="play", rules="wikipedia")
    illegal(lone, "meld 5S 6S 7S", Reason.DEAD_END, "N1")


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


# ---------------------------------------------------------------------------
# E2 going_out = discard_required (the boathouse rule)

DISCARD_REQUIRED = knobs(going_out="discard_required")


def test_e2_discard_required_last_card_may_not_be_melded():
    default, state = both(DISCARD_REQUIRED, hands=["5S 6S 7S", "2C"], phase="play")
    assert result_of(play(default, "meld 5S 6S 7S")).went_out == 0
    illegal(state, "meld 5S 6S 7S", Reason.DEAD_END, "E2")
    assert legal(state) == {"p0: discard 5S", "p0: discard 6S", "p0: discard 7S"}


def test_e2_discard_required_goes_out_by_discarding():
    state = position(["5S 6S 7S 2C", "3D"], phase="play", rules=DISCARD_REQUIRED)
    state = play_all(state, "meld 5S 6S 7S", "discard 2C")
    assert result_of(state).went_out == 0
    assert result_of(state).scores == (18, -3)


def test_e2_discard_required_no_take_that_leaves_no_discard():
    default, state = both(DISCARD_REQUIRED, hands=["5S 6S", "2C"], discard="3D 8S 7S")
    assert result_of(play(default, "take 2 meld 5S 6S 7S 8S")).went_out == 0
    illegal(state, "take 2 meld 5S 6S 7S 8S", Reason.DEAD_END, "E2")
    play(state, "take 2 meld 6S 7S 8S")


def test_v3_boathouse_cannot_pick_up_a_card_that_leaves_no_discard():
    # Boathouse: the top card taken must go into a new meld, and a card must
    # be kept to discard: with only 5-6♠ in hand the 7♠ cannot be taken.
    state = with_keys(position(["5S 6S", "2C"], discard="3D 7S", rules="boathouse"), opened=[0])
    assert legal(state) == {"p0: draw"}
    wikipedia = under(state, "wikipedia")
    assert legal(wikipedia) == {"p0: draw", "p0: take 1 meld 5S 6S 7S"}


# ---------------------------------------------------------------------------
# E2 going_out = floating: the four options of the floater

FLOATING = knobs(going_out="floating")


def test_e2_floating_melding_the_last_card_ends_the_turn_and_floats():
    default, state = both(FLOATING, hands=["5S 6S 7S", "2C 3D"], phase="play")
    assert result_of(play(default, "meld 5S 6S 7S")).went_out == 0
    after = play(state, "meld 5S 6S 7S")
    assert (after.is_over, after.floating) == (False, (0,))
    assert (after.to_move, after.phase, after.last_discarder) == (1, Phase.DRAW, None)
    assert after.hands[0] == ()


def _floater(**where: Any) -> GameState:
    """p0 floats with an empty hand, to draw; 5-6-7♠ is on the table."""
    where.setdefault("melds", [("5S 6S 7S", 0)])
    state = position(["", "QH KH 4D"], rules=FLOATING, **where)
    assert state.floating == (0,)
    return state


def test_e2_floating_player_draws_and_discards_to_go_out():
    state = play(_floater(stock="2C"), "draw")
    assert legal(state) == {"p0: discard 2C"}
    over = play(state, "discard 2C")
    assert result_of(over).went_out == 0
    assert result_of(over).scores == (18, -24)


def test_e2_floating_player_takes_several_melds_all_but_one_and_discards_it():
    state = play(_floater(discard="9D 8S 3H"), "take 2 layoff 0 8S")
    assert state.hands[0] == hand("3H")
    # Several cards were taken: the previous top card may be discarded (T11).
    over = play(state, "discard 3H")
    assert result_of(over).went_out == 0


def test_e2_floating_player_melds_the_card_drawn_and_floats_again():
    state = play(_floater(stock="8S"), "draw")
    state = play(state, "layoff 0 8S")
    assert (state.is_over, state.floating, state.to_move) == (False, (0,), 1)


def test_e2_floating_player_melds_all_cards_taken_and_floats_again():
    state = play(_floater(discard="2C 9S 8S"), "take 2 layoff 0 8S 9S")
    assert (state.is_over, state.floating, state.to_move) == (False, (0,), 1)
    assert str(state.melds[0]) == "5S 6S 7S 8S 9S"


def test_e2_floating_player_takes_melds_some_discards_and_plays_on():
    state = play(_floater(discard="9D 8S 4C 3H"), "take 3 layoff 0 8S")
    assert state.hands[0] == hand("4C 3H")
    state = play(state, "discard 3H")
    assert (state.is_over, state.floating, state.to_move) == (False, (), 1)
    assert state.hands[0] == hand("4C")


def test_e2_t11_floater_cannot_go_out_with_the_previous_players_discard():
    state = _floater(discard="9D 2C")
    assert "p0: take 1" not in legal(state)
    illegal(state, "take 1", Reason.DEAD_END, "N1")
    # A top discard the floater can meld may be taken, but not discarded again.
    state = _floater(discard="9D 8S")
    state = play(state, "take 1")
    illegal(state, "discard 8S", Reason.DISCARD_TAKEN_CARD, "T11")
    assert legal(state) == {"p0: layoff 0 8S"}
    state = play(state, "layoff 0 8S")
    assert state.floating == (0,)


# ---------------------------------------------------------------------------
# E3 final_discard_must_be_unplayable (needs floating)

UNPLAYABLE = knobs(going_out="floating", final_discard_must_be_unplayable=True)


def test_e3_playable_last_card_must_be_laid_off_and_the_player_floats():
    default = position(["8S", "2C 3D"], melds=[("5S 6S 7S", 1)], phase="play")
    floating = under(default, FLOATING)
    state = under(default, UNPLAYABLE)
    assert result_of(play(default, "discard 8S")).went_out == 0
    assert result_of(play(floating, "discard 8S")).went_out == 0
    illegal(state, "discard 8S", Reason.PLAYABLE_FINAL_DISCARD, "E3")
    assert legal(state) == {"p0: layoff 0 8S"}
    assert legal(floating) == {"p0: layoff 0 8S", "p0: discard 8S"}
    after = play(state, "layoff 0 8S")
    assert (after.is_over, after.floating) == (False, (0,))


def test_e3_floater_draws_a_playable_card():
    state = play(under(_floater(stock="8S"), UNPLAYABLE), "draw")
    illegal(state, "discard 8S", Reason.PLAYABLE_FINAL_DISCARD, "E3")
    state = play(under(_floater(stock="2C"), UNPLAYABLE), "draw")
    assert result_of(play(state, "discard 2C")).went_out == 0


def test_e3_a_joker_fits_every_meld_so_it_is_never_a_final_discard():
    state = position(["JK", "2C 3D"], melds=[("5S 6S 7S", 1)], phase="play", rules=UNPLAYABLE)
    illegal(state, "discard JK", Reason.PLAYABLE_FINAL_DISCARD, "E3")
    assert "p0: layoff 0 JK=8S" in legal(state)


def test_e3_sets_only_joker_is_playable_only_on_a_group_of_jokers():
    rules = knobs(
        going_out="floating",
        final_discard_must_be_unplayable=True,
        jokers="sets_only",
        jokers_per_deck=4,
    )
    on_run = position(["JK", "3D"], melds=[("5S 6S 7S", 1)], phase="play", rules=rules)
    assert legal(on_run) == {"p0: discard JK"}
    assert result_of(play(on_run, "discard JK")).went_out == 0
    on_jokers = position(["JK", "3D"], melds=[("JK JK JK", 1)], phase="play", rules=rules)
    illegal(on_jokers, "discard JK", Reason.PLAYABLE_FINAL_DISCARD, "E3")
    assert legal(on_jokers) == {"p0: layoff 0 JK"}


# ---------------------------------------------------------------------------
# E4 final_layoff

FINAL_LAYOFF = knobs(final_layoff=True)


def test_e4_after_going_out_each_other_player_lays_off_in_turn_then_passes():
    default, state = both(
        FINAL_LAYOFF,
        hands=["KD", "8S 2C", "9S QH"],
        melds=[("5S 6S 7S", 0)],
        phase="play",
    )
    assert result_of(play(default, "discard KD")).scores == (18, -10, -19)
    state = play(state, "discard KD")
    assert (state.phase, state.to_move, state.went_out, state.is_over) == (
        Phase.FINAL_LAYOFF,
        1,
        0,
        False,
    )
    assert legal(state) == {"p1: layoff 0 8S", "p1: pass"}
    illegal(state, "p1: discard 2C", Reason.WRONG_PHASE, "E4")
    illegal(state, "p2: layoff 0 8S", Reason.NOT_YOUR_TURN, None)
    state = play_all(state, "p1: layoff 0 8S", "p1: pass")
    assert (state.phase, state.to_move) == (Phase.FINAL_LAYOFF, 2)
    assert legal(state) == {"p2: layoff 0 9S", "p2: pass"}
    state = play_all(state, "p2: layoff 0 9S", "p2: pass")
    result = result_of(state)
    assert (result.went_out, result.reason) == (0, EndReason.WENT_OUT)
    assert result.scores == (18, 8 - 2, 9 - 10)


def test_e4_counterclockwise_final_lay_offs_go_to_seat_minus_one():
    state = position(
        ["KD", "8S 2C", "9S QH"],
        melds=[("5S 6S 7S", 0)],
        phase="play",
        rules=knobs(final_layoff=True, direction="counterclockwise"),
    )
    state = play(state, "discard KD")
    assert (state.phase, state.to_move) == (Phase.FINAL_LAYOFF, 2)
    assert legal(state) == {"p2: pass"}
    state = play(state, "p2: pass")
    assert legal(state) == {"p1: layoff 0 8S", "p1: pass"}
    state = play_all(state, "p1: layoff 0 8S", "p1: pass")
    assert result_of(state).scores == (18, 6, -19)


def test_e4_final_lay_offs_lower_the_winners_score_under_winner_takes_hands():
    rules = knobs(final_layoff=True, scoring="winner_takes_hands")
    state = position(["KD", "8S 2C", "QH"], melds=[("5S 6S 7S", 0)], phase="play", rules=rules)
    state = play_all(state, "discard KD", "p1: layoff 0 8S", "p1: pass", "p2: pass")
    assert result_of(state).scores == (2 + 10, 0, 0)


def test_e4_final_lay_offs_start_after_the_player_who_went_out_by_melding():
    state = position(
        ["2C 3D", "JD QD KD", "9D TD"],
        melds=[("AS 2S 3S", 0)],
        phase="play",
        to_move=1,
        rules=FINAL_LAYOFF,
    )
    state = play(state, "meld JD QD KD")
    assert (state.phase, state.to_move, state.went_out) == (Phase.FINAL_LAYOFF, 2, 1)
    state = play_all(state, "p2: layoff 1 9D TD", "p2: pass")
    assert (state.phase, state.to_move) == (Phase.FINAL_LAYOFF, 0)
    assert legal(state) == {"p0: pass"}
    state = play(state, "p0: pass")
    result = result_of(state)
    assert result.went_out == 1
    assert result.scores == (6 - 5, 30, 19)


# ---------------------------------------------------------------------------
# R2 rummy_call = layoff_top; R3 none

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


def test_r3_rummy_call_none_removes_the_call():
    default = _after_discard(3)
    state = under(default, knobs(rummy_call="none"))
    assert calls(default) == ["p2: rummy 1 layoff 0 8S"]
    assert calls(state) == []
    illegal(state, "p2: rummy 1 layoff 0 8S", Reason.RUMMY_NOT_ALLOWED, "R3")


# ---------------------------------------------------------------------------
# S1 card_values: fives, basic, custom

# p0 goes out by discarding K♦ with A-2-3♥ and 8-9-10♣ on the table; p1 has
# Q-K-A♠ on the table and A♦ 4♣ joker 10♠ in hand.
CUSTOM_TABLES = {
    "standard": (STANDARD, (33, 35 - 44)),
    "fives": (FIVES, (35, 35 - 45)),
    "basic": (BASIC, (33, 21 - 15)),
    "aces 25": (CardValues.custom(ace=25), (57, 45 - 54)),
    "aces 15 always": (CardValues.custom(ace=15, low_ace=15), (47, 35 - 44)),
    "all other cards 5": (CardValues.custom(ace=15, others=5), (40, 25 - 40)),
    "fives divided by five": (FIVES.divided_by(5), (7, 7 - 9)),
}


def _scored(rules: Any) -> HandResult:
    state = position(
        ["KD", "AD 4C JK TS"],
        melds=[("AH 2H 3H", 0), ("8C 9C TC", 0), ("QS KS AS", 1)],
        phase="play",
        rules=rules,
    )
    return result_of(play(state, "discard KD"))


@pytest.mark.parametrize("name", list(CUSTOM_TABLES))
def test_s1_card_value_tables_score_the_same_hand_differently(name):
    table, scores = CUSTOM_TABLES[name]
    data = table.name if table.name is not None else table.to_dict()
    result = _scored(knobs(card_values=data))
    assert result.scores == scores
    if name != "standard":
        assert result.scores != _scored("pagat").scores


def test_s1_fives_low_ace_counts_five_melded_and_fifteen_in_hand():
    values = FIVES
    assert meld_value(make_meld("AH 2H 3H", Rules()), values) == 15
    assert meld_value(make_meld("QH KH AH", Rules()), values) == 35
    assert [values.of(card) for card in parse_cards("AS 2S 9S TS JS QS KS JK")] == [
        15,
        5,
        5,
        10,
        10,
        10,
        10,
        15,
    ]


def test_s1_basic_values_ace_one_everywhere():
    assert [BASIC.of(card) for card in parse_cards("AS 2S 9S TS KS")] == [1, 2, 9, 10, 10]
    assert meld_value(make_meld("QH KH AH", Rules()), BASIC) == 21


def test_s1_custom_table_round_trips_in_a_position():
    table = CardValues.custom(ace=25, others=5, joker=20)
    state = position(["KD", "AD"], phase="play", rules=knobs(card_values=table.to_dict()))
    assert state.rules.card_values == table
    assert GameState.from_dict(state.to_dict()) == state
    assert result_of(play(state, "discard KD")).scores == (0, -25)


# ---------------------------------------------------------------------------
# S2–S4 scoring, S2 stock_out_penalty, S5 bonuses

WINNER = knobs(scoring="winner_takes_hands")
GOING_RUMMY = knobs(scoring="winner_takes_hands", going_rummy_multiplier=2)
ADD_HANDS = knobs(scoring="add_opponent_hands")


def _goes_out_with_an_earlier_meld(rules: Any) -> HandResult:
    """3 players: p0 (5-6-7♠ melded earlier) discards its last card; p1 holds 10, p2 10."""
    state = position(["KD", "8S 2C", "QH"], melds=[("5S 6S 7S", 0)], phase="play", rules=rules)
    return result_of(play(state, "discard KD"))


def _goes_rummy(rules: Any, *moves: str) -> HandResult:
    """3 players: p0 has nothing on the table and goes out in this turn."""
    state = position(
        ["5S 6S 7S KD", "8S 2C", "QH"], melds=[("9H 9D 9C", 1)], phase="play", rules=rules
    )
    return result_of(play_all(state, *moves))


def test_s3_winner_takes_hands_only_the_player_who_went_out_scores():
    default = _goes_out_with_an_earlier_meld("pagat")
    result = _goes_out_with_an_earlier_meld(WINNER)
    assert default.scores == (18, -10, -10)
    assert result.scores == (20, 0, 0)
    assert (result.went_out, result.going_rummy) == (0, False)
    # Not going rummy: the multiplier does not apply.
    assert _goes_out_with_an_earlier_meld(GOING_RUMMY).scores == (20, 0, 0)


def test_s3_going_rummy_doubles_the_score():
    doubled = _goes_rummy(GOING_RUMMY, "meld 5S 6S 7S", "discard KD")
    assert doubled.going_rummy
    assert doubled.scores == (40, 0, 0)
    single = _goes_rummy(WINNER, "meld 5S 6S 7S", "discard KD")
    assert (single.going_rummy, single.scores) == (True, (20, 0, 0))
    assert _goes_rummy("pagat", "meld 5S 6S 7S", "discard KD").scores == (18, 17, -10)


def test_s3_going_rummy_by_melding_every_card():
    state = position(["5S 6S 7S 9D 9H 9C", "8S 2C", "QH"], phase="play", rules=GOING_RUMMY)
    result = result_of(play_all(state, "meld 5S 6S 7S", "meld 9D 9H 9C"))
    assert (result.going_rummy, result.scores) == (True, (40, 0, 0))


def test_s3_going_rummy_after_a_floating_turn_is_not_rummy():
    rules = knobs(scoring="winner_takes_hands", going_rummy_multiplier=2, going_out="floating")
    state = position(["", "QH KH 4D"], melds=[("5S 6S 7S", 0)], stock="2C", rules=rules)
    state = play(state, "draw")
    result = result_of(play(state, "discard 2C"))
    assert (result.going_rummy, result.scores) == (False, (24, 0))


def test_v4_basic_rummy_going_rummy_with_basic_values():
    state = position(
        ["5S 6S 7S KD", "AS 2C"], melds=[("9H 9D 9C", 1)], phase="play", rules="basic_rummy"
    )
    result = result_of(play_all(state, "meld 5S 6S 7S", "discard KD"))
    assert result.going_rummy
    assert result.scores == (2 * (1 + 2), 0)


def test_s4_add_opponent_hands_goes_to_the_player_who_went_out():
    result = _goes_out_with_an_earlier_meld(ADD_HANDS)
    assert result.scores == (18 + 10 + 10, 0, 0)
    assert _goes_rummy(ADD_HANDS, "meld 5S 6S 7S", "discard KD").scores == (38, 27, 0)


def _stock_out(players: int, rules: Any) -> HandResult:
    """The stock is empty and p0 ends the hand: p0 24 on the table and 14 in hand,
    p1 30 and 12, p2 (if any) 0 and 4."""
    hands = ["5S 9D", "2C KS", "4D"][:players]
    state = position(
        hands,
        melds=[("7C 8C 9C", 0), ("TH JH QH", 1)],
        stock="",
        rest="pile",
        rules=rules,
    )
    return result_of(play(state, "end"))


def test_s4_stock_exhausted_with_two_players_each_adds_the_opponents_hand():
    assert _stock_out(2, "pagat").scores == (24 - 14, 30 - 12)
    result = _stock_out(2, ADD_HANDS)
    assert result.scores == (24 + 12, 30 + 14)
    assert (result.went_out, result.reason) == (None, EndReason.STOCK_EXHAUSTED)


def test_s4_stock_exhausted_with_three_players_nobody_adds_anything():
    assert _stock_out(3, "pagat").scores == (24 - 14, 30 - 12, -4)
    assert _stock_out(3, ADD_HANDS).scores == (24, 30, 0)


def test_s3_stock_exhausted_nobody_scores_under_winner_takes_hands():
    assert _stock_out(2, WINNER).scores == (0, 0)
    assert _stock_out(3, GOING_RUMMY).scores == (0, 0, 0)


def test_s2_stock_out_penalty_false_subtracts_no_hand():
    no_penalty = knobs(stock_out_penalty=False)
    assert _stock_out(2, no_penalty).scores == (24, 30)
    assert _stock_out(3, no_penalty).scores == (24, 30, 0)
    # Only at stock exhaustion: going out still costs the others their hands.
    assert _goes_out_with_an_earlier_meld(no_penalty).scores == (18, -10, -10)


def test_v2_wikipedia_has_no_stock_out_penalty():
    assert _stock_out(2, "wikipedia").scores == (5 + 5 + 5, 10 + 10 + 10)


def test_s5_going_out_bonus_goes_to_the_player_who_went_out():
    bonus = knobs(going_out_bonus=25)
    result = _goes_out_with_an_earlier_meld(bonus)
    assert result.scores == (18 + 25, -10, -10)
    assert result.bonuses == (25, 0, 0)
    assert _goes_out_with_an_earlier_meld("pagat").bonuses == (0, 0, 0)
    assert _goes_out_with_an_earlier_meld(
        knobs(going_out_bonus=25, scoring="winner_takes_hands")
    ).scores == (20 + 25, 0, 0)
    assert _goes_out_with_an_earlier_meld(
        knobs(going_out_bonus=25, scoring="add_opponent_hands")
    ).scores == (
        38 + 25,
        0,
        0,
    )
    # Nobody goes out at stock exhaustion: no bonus.
    assert _stock_out(2, bonus).bonuses == (0, 0)


SEVEN = knobs(seven_card_run_bonus=500)


def test_s5_seven_card_run_then_discarding_the_last_card_scores_500():
    default, state = both(SEVEN, hands=["3S 4S 5S 6S 7S 8S 9S KD", "2C"], phase="play")
    moves = ("meld 3S 4S 5S 6S 7S 8S 9S", "discard KD")
    assert result_of(play_all(default, *moves)).scores == (42, -2)
    result = result_of(play_all(state, *moves))
    assert result.scores == (42 + 500, -2)
    assert result.bonuses == (500, 0)


def test_s5_no_seven_card_run_bonus_for_a_run_made_by_laying_off_or_laid_earlier():
    state = position(["3S 4S 5S 6S 7S 8S 9S KD", "2C"], phase="play", rules=SEVEN)
    result = result_of(play_all(state, "meld 3S 4S 5S 6S 7S 8S", "layoff 0 9S", "discard KD"))
    assert result.bonuses == (0, 0)
    earlier = position(["KD", "2C"], melds=[("3S 4S 5S 6S 7S 8S 9S", 0)], phase="play", rules=SEVEN)
    assert result_of(play(earlier, "discard KD")).bonuses == (0, 0)


# ---------------------------------------------------------------------------
# Positions of the variants (format 1 keys of the variants) round-trip


def _first_discard() -> GameState:
    return position(
        ["2C 3D", "5S 6S 9D"], phase="first_discard", to_move=1, discard="", rules=CHOOSER
    )


def _opening_turn() -> GameState:
    state = position(["5S 6S 7S 9D 9H 9C 2C", "3H"], phase="play", rules=OPENING)
    return play(state, "meld 5S 6S 7S")


def _final_layoffs() -> GameState:
    state = position(
        ["5S 6S 7S KD", "8S 2C"], phase="play", rules=knobs(final_layoff=True, **GOING_RUMMY)
    )
    return play_all(state, "meld 5S 6S 7S", "discard KD")


def _rebuilt() -> GameState:
    return play(with_keys(_last_stock_card(RESHUFFLE), seed=7), "discard KD")


def _idle() -> GameState:
    state = position(["9D 2C 3C", "3H 4D"], stock="", rest="pile", rules=PLAY_ON)
    return play_all(state, "pass", "discard 9D")


def _floating() -> GameState:
    return _floater(stock="2C")


def _rummy_over() -> GameState:
    state = position(["5S 6S 7S KD", "8S 2C"], phase="play", rules=GOING_RUMMY)
    return play_all(state, "meld 5S 6S 7S", "discard KD")


def _seven_over() -> GameState:
    state = position(["3S 4S 5S 6S 7S 8S 9S KD", "2C"], phase="play", rules=SEVEN)
    return play_all(state, "meld 3S 4S 5S 6S 7S 8S 9S", "discard KD")


@pytest.mark.parametrize(
    ("build", "key"),
    [
        (_first_discard, "phase"),
        (_opening_turn, "turn"),
        (_final_layoffs, "went_out"),
        (_rebuilt, "stock_rebuilds"),
        (_idle, "idle_turns"),
        (_floating, "hands"),
        (_rummy_over, "went_out"),
        (_seven_over, "went_out"),
    ],
)
def test_positions_of_the_variants_round_trip(build, key):
    state = build()
    data = state.to_dict()
    assert key in data
    assert GameState.from_dict(data) == state
    assert GameState.from_json(state.to_json()) == state
    if state.is_over:
        assert GameState.from_dict(data).result == state.result


def test_final_layoff_position_resumes_with_the_going_rummy_flag():
    state = _final_layoffs()
    assert state.to_dict()["went_out"] == {"seat": 0, "rummy": True, "long_run": False}
    resumed = GameState.from_json(state.to_json())
    result = result_of(play_all(resumed, "p1: layoff 0 8S", "p1: pass"))
    assert result.going_rummy
    assert result.scores == (2 * 2, 0)


# ---------------------------------------------------------------------------
# Presets end to end

PLAYABLE = ["pagat", "wikipedia", "boathouse", "basic_rummy", "partnership", "persian"]


@pytest.mark.parametrize("name", PLAYABLE)
def test_v1_v6_presets_play_to_the_end(name):
    rules = presets.get(name)
    span = rules.max_players - rules.min_players + 1
    for hand_number in range(20):
        players = rules.min_players + hand_number % span
        state = new_game(rules, players, seed=1000 + hand_number)
        rng = random.Random(hand_number)
        for _ in range(20000):
            if state.is_over:
                break
            moves = legal_moves(state)
            assert moves, f"no legal move in\n{state}"
            move = rng.choice(moves)
            assert check_move(state, move) is None
            assert is_legal(state, move)
            state = apply_move(state, move)
        else:
            pytest.fail(f"{name}: hand {hand_number} did not end")
        result = result_of(state)
        assert len(result.scores) == players
        assert result.reason in (EndReason.WENT_OUT, EndReason.STOCK_EXHAUSTED)
        assert (result.went_out is None) == (result.reason is EndReason.STOCK_EXHAUSTED)
        assert legal_moves(state) == ()
        assert all_cards(state) == Counter(rules.deck(players))


def test_v5_v6_partnership_presets_score_each_side_as_a_unit():
    for name in ("partnership", "persian"):
        rules = presets.get(name)
        state = new_game(rules, 4, seed=21)
        rng = random.Random(21)
        while not state.is_over:
            state = play(state, rng.choice(legal_moves(state)))
        result = result_of(state)
        assert len(result.team_scores) == 2
        if rules.scoring.value != "add_opponent_hands":
            scores = result.scores
            assert result.team_scores == (scores[0] + scores[2], scores[1] + scores[3])


def test_v6_persian_group_of_four_laid_down_at_once_counts_double():
    # RULES.md V6: four jokers together 160; three jokers 60 and the fourth,
    # laid off later, 20; four 6s together 48, three 6s 18 and the fourth 6.
    start = position(
        ["JK JK JK JK 6S 6H 6D 6C 2C", "3D", "4D", "5D"], phase="play", rules="persian"
    )
    later = play_all(
        start, "meld JK JK JK", "layoff 0 JK", "meld 6S 6H 6D", "layoff 1 6C", "discard 2C"
    )
    assert result_of(later).melded == (60 + 20 + 18 + 6, 0, 0, 0)
    at_once = play_all(start, "meld JK JK JK JK", "meld 6S 6H 6D 6C")
    assert at_once.turn_points == 160 + 48
    at_once = play(at_once, "discard 2C")
    assert result_of(at_once).melded == (160 + 48, 0, 0, 0)
    assert result_of(at_once).scores == (160 + 48 + 25, -3, -4, -5)


def test_v6_t8_a_group_of_four_laid_at_once_counts_double_toward_the_opening_minimum():
    # Four nines laid down at once are worth 2 × 36 = 72 under the doubling,
    # which is what the reducer counts (turn points): the move generator and
    # the N1 look-ahead must count the same.
    rules = knobs(group_of_four_multiplier=2, opening_minimum=50)
    state = position(["9S 9H 9D 9C 2C 3D", "4D"], phase="play", rules=rules)
    after = play(state, "meld 9S 9H 9D 9C")
    assert (after.turn_points, after.opened) == (72, frozenset({0}))
    out_of_turn = position(
        ["2C 3D", "9S 9H 9D 9C 4D"], rules=knobs(out_of_turn_melding=True, **rules)
    )
    assert play(out_of_turn, "p1: meld 9S 9H 9D 9C").opened == frozenset({1})
    # 2-3-4♥ (9 points) can be completed to the minimum by the four nines.
    state = position(["2H 3H 4H 9S 9H 9D 9C 5D", "4D"], phase="play", rules=rules)
    state = play_all(state, "meld 2H 3H 4H", "meld 9S 9H 9D 9C")
    assert (state.turn_points, state.opened) == (81, frozenset({0}))


def test_v7_dealers_gambit_is_playable_from_a_deal_and_a_position():
    state = new_game(presets.get("dealers_gambit"), 2, seed=1)
    assert state.phase is Phase.NOMINATE
    assert state.dealer_joker
    data = position(["5S 6S", "7S 8S"]).to_dict()
    data["rules"] = "dealers_gambit"
    with pytest.raises(ValueError, match="jokers"):
        GameState.from_dict(data)  # the deck has a joker fewer than dealer's gambit needs


# ---------------------------------------------------------------------------
# D2 player counts; V8 the other [W] variants, each expressed through knobs


@pytest.mark.parametrize("players", range(2, 9))
def test_d2_two_to_eight_players_by_default(players: int) -> None:
    state = new_game(Rules(), players, seed=players)
    assert state.num_players == players


@pytest.mark.parametrize("players", [1, 9])
def test_d2_fewer_than_two_or_more_than_eight_players_are_refused(players: int) -> None:
    with pytest.raises(ValueError, match="D2"):
        new_game(Rules(), players, seed=1)


def test_d2_basic_rummy_plays_two_to_six() -> None:
    rules = presets.get("basic_rummy")
    assert (rules.min_players, rules.max_players) == (2, 6)
    with pytest.raises(ValueError, match="D2"):
        new_game(rules, 7, seed=1)


def test_v8_other_variants_are_knobs() -> None:
    rules = Rules(
        min_run_length=4,
        ace="around_the_corner",
        card_values=CardValues.custom(ace=25, low_ace=25),
        stock_draw_count=2,
        out_of_turn_melding=True,
        first_discard="chooser",
        next_dealer="winner",
    )
    state = new_game(rules, 3, seed=8)
    assert state.phase is Phase.FIRST_DISCARD
    assert rules.card_values.ace == 25
    # "4 aces = 100": four aces laid down at once under aces-25 values.
    meld = make_meld("AS AH AD AC", rules)
    assert meld_value(meld, rules.card_values) == 100
