"""Dealer's gambit (rules V7), interpretation by interpretation: every V7 test.

Rule ids: V7, and the rules it changes or meets, named second in the test
names (D3–D7, M4, T3, T4, T7–T9, T11, E3, E4, R1, S1–S3, N1, G1).  The
numbered interpretations of the engine (the deal, the nomination, the
dealer's joker, blocking, the ``wild``, ``double`` and ``split`` effects,
jokers in hand, scoring, the match, move generation) each have worked
examples here, named after the rule id, followed by the rule set's checks,
positions, notation, and a Hypothesis property over random hands.

Positions are built with :func:`gambit_position`, which writes the
``"gambit"`` key and accounts for the dealer's joker, the jokers doubling
melds and the cards out of play when it fills the stock with the rest of the
deck.  Every move played or refused goes through :func:`tests.positions.play`
or :func:`tests.positions.illegal`, which check that ``is_legal``,
``check_move`` and ``legal_moves`` agree on it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy500 import (
    JOKER,
    Block,
    Card,
    CardValues,
    Discard,
    Draw,
    EndHand,
    GameState,
    JokerEffect,
    KnownCards,
    LayoffMove,
    MeldMove,
    Move,
    Nominate,
    NotationError,
    Phase,
    Reason,
    Rules,
    RulesError,
    Split,
    Take,
    apply_move,
    format_move,
    is_legal,
    legal_moves,
    new_game,
    observe,
    parse_move,
    presets,
    track,
)
from rummy500.match import MatchState, apply_match_move, match_legal_moves, new_match
from rummy500.positions import rules_from_data, rules_to_data
from tests.helpers import cards, hand, legal, play_all, result_of
from tests.positions import illegal, play, position, texts

GAMBIT = presets.get("dealers_gambit")

# ---------------------------------------------------------------------------
# Helpers


def gambit_knobs(**changes: Any) -> dict[str, Any]:
    """Rules data for a position: the dealer's gambit preset with ``changes``."""
    return {"preset": "dealers_gambit", **changes}


def gambit_position(
    hands: Sequence[str],
    *,
    effect: str | None = "wild",
    to_move: int = 0,
    dealer: int | None = None,
    rules: Any = "dealers_gambit",
    dealer_joker: bool = True,
    blocked_by: int | None = None,
    dead: str = "",
    **cards: Any,
) -> GameState:
    """A dealer's gambit position with the given cards; the rest of the deck fills the stock.

    As :func:`tests.positions.position` (whose other keywords it passes on,
    ``doubled`` among them), with the keys of the ``"gambit"`` dict
    (``effect``, ``dealer_joker``, ``blocked_by``, ``dead``).  The dealer
    defaults to the seat before ``to_move`` in the direction of play (the seat
    *after* it in seat numbers when play goes counterclockwise).
    """
    if dealer is None:
        step = -1 if rules_from_data(rules).direction.value == "counterclockwise" else 1
        dealer = (to_move - step) % len(hands)
    gambit = {
        "effect": effect,
        "dealer_joker": dealer_joker,
        "blocked_by": blocked_by,
        "dead": dead.split(),
    }
    return position(hands, to_move=to_move, dealer=dealer, rules=rules, gambit=gambit, **cards)


def stacked_deck(players: int, joker_at: Sequence[int]) -> list[Card]:
    """The preset's deck for ``players`` with its jokers moved to the positions ``joker_at``."""
    deck = [card for card in GAMBIT.deck(players) if not card.is_joker]
    for index in sorted(joker_at):
        deck.insert(index, JOKER)
    return deck


# ---------------------------------------------------------------------------
# 1. The deal: the dealer's joker set aside; dealt counterclockwise (D5, V7)


def test_v7_deal_sets_the_first_joker_aside_beside_the_stock() -> None:
    """A stacked deck's first joker lies beside the stock; the rest is dealt from the right."""
    deck = stacked_deck(3, joker_at=(4, 30))
    state = new_game(GAMBIT, 3, deck=deck, dealer=0)
    assert state.dealer_joker
    rest = deck[:4] + deck[5:]  # the first joker is set aside before dealing
    # Dealt one at a time from the dealer's right (counterclockwise): seat 2, 1, 0.
    for offset, seat in enumerate((2, 1, 0)):
        assert state.hands[seat] == tuple(sorted(rest[offset:21:3]))
    assert state.discard == (rest[21],)
    assert state.stock == tuple(rest[22:])
    assert JOKER in state.stock  # the second joker is an ordinary card of the deck
    assert state.all_cards() == Counter(GAMBIT.deck(3))
    assert (state.phase, state.to_move, state.joker_effect) == (Phase.NOMINATE, 0, None)


@pytest.mark.parametrize("seed", range(4))
def test_v7_shuffled_deal_keeps_one_joker_beside_the_stock(seed: int) -> None:
    """A shuffled deal sets one joker aside; the other is an ordinary card of the deck."""
    state = new_game(GAMBIT, 4, seed=seed, dealer=seed % 4)
    assert state.dealer_joker
    assert state.all_cards() == Counter(GAMBIT.deck(4))
    in_play = [card for card in Counter(state.stock + state.discard).elements() if card.is_joker]
    held = sum(seat_hand.count(JOKER) for seat_hand in state.hands)
    assert len(in_play) + held == 1
    assert len(state.stock) == 54 - 1 - 4 * 7 - 1


# ---------------------------------------------------------------------------
# 2. Nomination (Phase.NOMINATE, Nominate)


def test_v7_nomination_is_the_dealers_only_move_then_the_seat_right_of_the_dealer_draws() -> None:
    """The hand opens with the dealer's nomination; then the seat after the dealer draws."""
    state = new_game(GAMBIT, 3, seed=5, dealer=1)
    assert (state.phase, state.to_move) == (Phase.NOMINATE, 1)
    assert texts(state) == ["p1: nominate wild", "p1: nominate double", "p1: nominate split"]
    illegal(state, "p0: draw", Reason.WRONG_PHASE, "V7")
    illegal(state, "p1: draw", Reason.WRONG_PHASE, "V7")
    illegal(state, "p0: nominate wild", Reason.NOT_YOUR_TURN, "V7")
    illegal(state, "p2: nominate split", Reason.NOT_YOUR_TURN, "V7")
    for effect in JokerEffect:
        after = play(state, Nominate(1, effect))
        assert after.joker_effect is effect
        # Counterclockwise: the seat after the dealer is seat - 1.
        assert (after.phase, after.to_move, after.last_discarder) == (Phase.DRAW, 0, None)
        assert after.hands == state.hands
        assert after.dealer_joker
        assert "p0: draw" in legal(after)


def test_v7_nominating_again_or_outside_dealers_gambit_is_refused() -> None:
    """A second nomination, or one outside dealer's gambit, is the wrong phase (V7)."""
    state = play(new_game(GAMBIT, 2, seed=3, dealer=0), "p0: nominate double")
    error = illegal(state, "p0: nominate wild", Reason.WRONG_PHASE, "V7")
    assert "already: double" in str(error)
    illegal(state, "p1: nominate wild", Reason.WRONG_PHASE, "V7")
    pagat = position(["5S 6S", "7S 8S"])
    illegal(pagat, "p1: nominate wild", Reason.WRONG_PHASE, "V7")


def test_v7_d6_chooser_starts_the_pile_after_the_nomination() -> None:
    """Under first_discard='chooser' the nomination comes first, then the chooser discards."""
    rules = GAMBIT.evolve(first_discard="chooser")
    state = new_game(rules, 3, seed=2, dealer=1)
    assert (state.phase, state.to_move, state.discard) == (Phase.NOMINATE, 1, ())
    assert [len(seat_hand) for seat_hand in state.hands] == [8, 7, 7]
    state = play(state, "p1: nominate split")
    assert (state.phase, state.to_move) == (Phase.FIRST_DISCARD, 0)
    assert legal(state) == {f"p0: discard {card}" for card in state.hands[0]}


def test_v7_nobody_sees_their_hand_while_the_dealer_nominates() -> None:
    """Views hide every hand during the nomination, before anyone looks at their cards."""
    state = new_game(GAMBIT, 3, seed=4, dealer=2)
    for seat in range(3):
        view = observe(state, seat)
        assert view.hand == ()
        assert view.hand_sizes == (7, 7, 7)
    state = play(state, "p2: nominate wild")
    for seat in range(3):
        assert observe(state, seat).hand == state.hands[seat]


# ---------------------------------------------------------------------------
# 3. The dealer's joker


def test_v7_dealer_uses_the_dealers_joker_as_a_wild_card() -> None:
    """Under wild the dealer melds the dealer's joker as if it were in hand; it is then used."""
    state = gambit_position(["5S 6S 9D 2C", "3H 4H"], phase="play", to_move=0, dealer=0)
    assert {"p0: meld 5S 6S JK=7S", "p0: meld JK=4S 5S 6S"} <= legal(state)
    after = play(state, "meld 5S 6S JK=7S")
    assert after.hands[0] == hand("9D 2C")
    assert not after.dealer_joker
    assert after.blocked_by is None
    assert after.melds[0].by == (0, 0, 0)
    assert after.all_cards() == state.all_cards()
    # Used once: no second joker to play.
    illegal(after, "meld 9D JK=9 JK=9", Reason.CARDS_NOT_AVAILABLE, "T7")


def test_v7_dealers_joker_is_used_before_a_joker_the_dealer_holds() -> None:
    """The dealer's joker goes first; a second joker in the play comes from the hand."""
    state = gambit_position(["5S 6S 9D JK", "3H 4H"], phase="play", to_move=0, dealer=0)
    after = play(state, "meld 5S 6S JK=7S")
    assert after.hands[0] == hand("9D JK")
    assert not after.dealer_joker
    # Two jokers in one meld: the dealer's joker and the one in hand.
    both = play(state, "meld 5S JK=6S JK=7S")
    assert both.hands[0] == hand("6S 9D")
    assert not both.dealer_joker


def test_v7_only_the_dealer_uses_the_dealers_joker() -> None:
    """Another seat cannot play the dealer's joker."""
    state = gambit_position(["9D 2C", "5S 6S 3H"], phase="play", to_move=1, dealer=0)
    illegal(state, "meld 5S 6S JK=7S", Reason.CARDS_NOT_AVAILABLE, "T7")
    assert not any("JK" in text for text in texts(state))


def test_v7_dealers_joker_doubles_a_meld_before_a_joker_the_dealer_holds() -> None:
    """Under double the dealer's joker doubles the dealer's meld before a held joker does."""
    state = gambit_position(
        ["5S 6S 7S 9D 2C", "3H 4H"], effect="double", phase="play", to_move=0, dealer=0
    )
    after = play(state, "meld 5S 6S 7S double")
    assert after.hands[0] == hand("9D 2C")
    assert not after.dealer_joker
    assert after.melds[0].doubled
    assert after.all_cards() == state.all_cards()
    holding = gambit_position(
        ["5S 6S 7S JK 2C", "3H 4H"], effect="double", phase="play", to_move=0, dealer=0
    )
    after = play(holding, "meld 5S 6S 7S double")
    assert after.hands[0] == hand("JK 2C")
    assert not after.dealer_joker


def test_v7_t3_dealers_joker_serves_in_a_takes_play() -> None:
    """The dealer's joker may complete the meld of a deep take's deepest card."""
    state = gambit_position(["5S 9D 2C", "3H 4H"], discard="KD 7S 9C", to_move=0, dealer=0)
    after = play(state, "take 2 meld 5S JK=6S 7S")
    assert after.hands[0] == hand("9D 2C 9C")
    assert not after.dealer_joker
    assert after.taken == cards("7S 9C")


def test_v7_dealers_joker_cannot_be_discarded_and_is_not_a_card_in_hand() -> None:
    """The dealer's joker is not in the hand: it cannot be discarded."""
    state = gambit_position(["9D 2C", "3H 4H"], phase="play", to_move=0, dealer=0)
    illegal(state, "discard JK", Reason.CARDS_NOT_AVAILABLE, "T10")
    assert legal(state) == {"p0: discard 9D", "p0: discard 2C"}
    assert state.hands[0] == hand("9D 2C")
    assert state.to_dict()["hands"][0] == ["9D", "2C"]


def test_v7_dealer_goes_out_while_the_dealers_joker_lies_beside_the_stock() -> None:
    """The dealer goes out with the dealer's joker unused; it scores for nobody."""
    state = gambit_position(["5S 6S 7S 9D", "3H 4H"], phase="play", to_move=0, dealer=0)
    over = play_all(state, "meld 5S 6S 7S", "discard 9D")
    result = result_of(over)
    assert over.dealer_joker  # still beside the stock, unused
    assert (result.went_out, result.melded, result.in_hand) == (0, (18, 0), (0, 7))
    assert result.scores == (18, -7)
    assert over.all_cards() == state.all_cards()


def test_v7_dealer_goes_out_by_melding_with_the_dealers_joker() -> None:
    """The dealer may meld the last cards of the hand with the dealer's joker and go out."""
    state = gambit_position(["5S 6S", "3H 4H"], phase="play", to_move=0, dealer=0)
    over = play(state, "meld 5S 6S JK=7S")
    result = result_of(over)
    assert (result.went_out, result.scores) == (0, (11, -7))
    assert not over.dealer_joker


def test_v7_t3_pile_joker_that_must_be_melded_is_played_itself() -> None:
    """A joker taken as the deepest card is melded itself, not the dealer's joker."""
    state = gambit_position(["5S 6S 9D 2C", "3H 4H"], discard="KD JK 8C", to_move=0, dealer=0)
    after = play(state, "take 2 meld 5S 6S JK=7S")
    assert after.dealer_joker  # the pile's joker was melded, not the dealer's
    assert after.hands[0] == hand("9D 2C 8C")
    # A second joker in the same meld is the dealer's joker.
    two = play(state, "take 2 meld 5S JK=6S JK=7S")
    assert not two.dealer_joker
    assert two.hands[0] == hand("6S 9D 2C 8C")


def test_v7_r1_dealers_joker_is_not_used_in_a_rummy_call() -> None:
    """A 'Rummy!' call uses only pile cards: never the dealer's joker."""
    # Three players counterclockwise: p2 discarded, p1 is to draw, the dealer p0 may call.
    state = gambit_position(
        ["9D 2C", "3H 4H KC", "QC"], discard="KD 5S 6S", to_move=1, dealer=0, last_discarder=2
    )
    illegal(state, "p0: rummy 2 meld 5S 6S JK=7S", Reason.CARDS_NOT_AVAILABLE, "T7")
    assert legal(state) == {"p1: draw", "p1: take 1"}


def test_v7_t9_dealers_joker_is_not_used_out_of_turn() -> None:
    """Out of turn (T9) the dealer cannot play the dealer's joker."""
    state = gambit_position(
        ["7S 8S 2C", "3H 4H KC", "QC KD"],
        melds=[("9H TH JH", 2)],
        to_move=1,
        dealer=0,
        rules=gambit_knobs(out_of_turn_melding=True),
    )
    illegal(state, "p0: meld 7S 8S JK=9S", Reason.CARDS_NOT_AVAILABLE, "T7")
    illegal(state, "p0: layoff 0 JK=QH", Reason.CARDS_NOT_AVAILABLE, "T7")
    assert legal(state) == {"p1: draw"}


def test_v7_e4_dealer_lays_off_the_dealers_joker_in_the_final_lay_offs() -> None:
    """In the final lay-offs (E4) the dealer lays off the dealer's joker first."""
    state = gambit_position(
        ["JK 8S 2C", "5S 6S 7S KD", "9H 9C"],
        melds=[("9S TS JS", 2)],
        phase="play",
        to_move=1,
        dealer=0,
        rules=gambit_knobs(final_layoff=True),
    )
    state = play_all(state, "meld 5S 6S 7S", "discard KD")
    assert (state.phase, state.to_move) == (Phase.FINAL_LAYOFF, 0)
    after = play(state, "p0: layoff 0 JK=8S")
    assert after.hands[0] == hand("JK 8S 2C")  # the dealer's joker went first
    assert not after.dealer_joker
    after = play(after, "p0: layoff 1 8S")
    assert after.hands[0] == hand("JK 2C")


# ---------------------------------------------------------------------------
# 4. Blocking (Block)


def test_v7_block_covers_the_dealers_joker_and_both_leave_play() -> None:
    """A block puts both jokers out of play and records the blocker; the turn goes on."""
    state = gambit_position(["5S 6S 9D 2C", "JK 3H 4H 8C"], phase="play", to_move=1, dealer=0)
    assert "p1: block" in legal(state)
    after = play(state, "block")
    assert after.hands[1] == hand("3H 4H 8C")
    assert (after.dealer_joker, after.blocked_by, after.dead) == (False, 1, (JOKER, JOKER))
    assert (after.phase, after.to_move) == (Phase.PLAY, 1)  # the turn goes on
    assert after.all_cards() == state.all_cards()
    assert after.to_dict()["gambit"] == {
        "effect": "wild",
        "dealer_joker": False,
        "blocked_by": 1,
        "dead": ["JK", "JK"],
    }
    after = play(after, "discard 8C")
    # The dealer has no joker to play any more.
    after = play(after, "p0: draw")
    illegal(after, "p0: meld 5S 6S JK=7S", Reason.CARDS_NOT_AVAILABLE, "T7")


@pytest.mark.parametrize("effect", ["double", "split"])
def test_v7_block_whatever_the_nomination(effect: str) -> None:
    """Blocking does not depend on the jokers' effect."""
    state = gambit_position(
        ["5S 6S 9D 2C", "JK 3H 4H"], effect=effect, phase="play", to_move=1, dealer=0
    )
    after = play(state, "block")
    assert (after.dealer_joker, after.blocked_by) == (False, 1)


def test_v7_dealer_cannot_block_their_own_joker() -> None:
    """The dealer may not block the dealer's joker (CANNOT_BLOCK, V7)."""
    state = gambit_position(["5S 6S 9D 2C JK", "3H 4H 8C"], phase="play", to_move=0, dealer=0)
    error = illegal(state, "block", Reason.CANNOT_BLOCK, "V7")
    assert "dealer" in str(error)


def test_v7_block_needs_a_joker_in_hand() -> None:
    """Blocking needs a joker in hand (CANNOT_BLOCK, V7)."""
    state = gambit_position(["5S 6S 9D 2C", "3H 4H 8C"], phase="play", to_move=1, dealer=0)
    illegal(state, "block", Reason.CANNOT_BLOCK, "V7")


def test_v7_block_only_once() -> None:
    """A blocked dealer's joker cannot be blocked again."""
    state = gambit_position(
        ["5S 6S 9D 2C", "JK 3H 4H 8C", "JK KC QC"],
        phase="play",
        to_move=1,
        dealer=0,
        rules=gambit_knobs(jokers_per_deck=4),
    )
    state = play_all(state, "block", "discard 8C")
    state = play(state, "p0: draw")
    state = play(state, f"p0: discard {state.hands[0][0]}")
    state = play(state, "p2: draw")
    error = illegal(state, "p2: block", Reason.CANNOT_BLOCK, "V7")
    assert "blocked by p1" in str(error)


def test_v7_block_not_after_the_dealers_joker_is_used() -> None:
    """A used dealer's joker cannot be blocked."""
    state = gambit_position(
        ["9D 2C", "JK 3H 4H 8C"],
        melds=[("5S 6S JK=7S", 0)],
        dealer_joker=False,
        phase="play",
        to_move=1,
        dealer=0,
    )
    error = illegal(state, "block", Reason.CANNOT_BLOCK, "V7")
    assert "(used)" in str(error)


def test_v7_block_may_not_use_the_last_card() -> None:
    """A block must leave a card in hand: it never goes out."""
    # Interpretation 4: a block never goes out.  (The engine gives DEAD_END, rule V7.)
    state = gambit_position(["5S 6S 9D 2C", "JK"], phase="play", to_move=1, dealer=0)
    illegal(state, "block", Reason.DEAD_END, "V7")
    assert legal(state) == {"p1: discard JK"}


def test_v7_n1_block_may_not_leave_the_player_unable_to_end_the_turn() -> None:
    """A block that leaves only the card taken alone (T11) strands the player (N1)."""
    # p1 took the 9♣ alone (T11): after blocking only the 9♣ would be left.
    state = gambit_position(["5S 6S 9D 2C", "JK 9C"], phase="play", to_move=1, dealer=0, taken="9C")
    illegal(state, "block", Reason.DEAD_END, "N1")
    assert legal(state) == {"p1: discard JK"}


def test_v7_block_only_in_the_play_phase_of_ones_own_turn() -> None:
    """Blocking is a move of one's own play phase: not before drawing, not out of turn."""
    state = gambit_position(["5S 6S 9D 2C", "JK 9C 3D", "QC KC"], to_move=1, dealer=0)
    illegal(state, "p1: block", Reason.WRONG_PHASE, "T1")
    illegal(state, "p2: block", Reason.NOT_YOUR_TURN, "D7")
    playing = play(state, "p1: draw")
    illegal(playing, "p2: block", Reason.NOT_YOUR_TURN, "D7")


def test_v7_e4_no_block_in_the_final_lay_offs() -> None:
    """The final lay-offs (E4) allow lay-offs and pass only: no block."""
    state = gambit_position(
        ["5S 6S 9D 2C", "JK QC KC", "8S 8H 8D 4C"],
        phase="play",
        to_move=2,
        dealer=0,
        rules=gambit_knobs(final_layoff=True),
    )
    state = play_all(state, "meld 8S 8H 8D", "discard 4C")
    assert (state.phase, state.to_move) == (Phase.FINAL_LAYOFF, 1)
    illegal(state, "p1: block", Reason.WRONG_PHASE, "E4")


def test_v7_block_outside_dealers_gambit_is_refused() -> None:
    """Without dealer's gambit there is no dealer's joker to block."""
    state = position(["JK 9C 3D", "5S"], phase="play")
    illegal(state, "block", Reason.CANNOT_BLOCK, "V7")


# ---------------------------------------------------------------------------
# 5. wild


def test_v7_m4_wild_jokers_in_groups_and_runs_are_worth_zero() -> None:
    """Under wild, jokers fill groups and runs and score 0."""
    # The dealer plays the dealer's joker in the group, their own in the run.
    state = gambit_position(["9S 9H 5D 6D JK 2C", "3H 4H"], phase="play", to_move=0, dealer=0)
    state = play_all(state, "meld 9S 9H JK=9", "meld 5D 6D JK=7D")
    assert state.turn_points == 18 + 11
    assert GAMBIT.card_values.joker == 0
    result = result_of(play(state, "discard 2C"))
    assert result.melded == (29, 0)
    assert result.scores == (29, -7)


# ---------------------------------------------------------------------------
# 6. double


def test_v7_s2_doubled_meld_scores_double_for_the_melder() -> None:
    """A doubled meld counts twice, all for its melder; the joker over it is worth 0."""
    state = gambit_position(
        ["8S 9D 2C KH", "JK 5S 6S 7S KC"],
        effect="double",
        melds=[("AH 2H 3H", 0)],
        phase="play",
        to_move=1,
        dealer=0,
    )
    after = play(state, "meld 5S 6S 7S double")
    table_meld = after.melds[1]
    assert (table_meld.doubled, table_meld.multiplier, table_meld.by) == (True, 2, (1, 1, 1))
    assert str(table_meld) == "5S 6S 7S"  # the joker lies over it, not in it
    assert (after.melds[0].doubled, after.melds[0].multiplier) == (False, 1)
    assert after.turn_points == 2 * 18
    assert after.hands[1] == hand("KC")
    assert after.all_cards() == state.all_cards()
    result = result_of(play(after, "discard KC"))
    assert result.melded == (1 + 2 + 3, 2 * 18)
    assert result.scores == (6 - 29, 36)


def test_v7_doubled_meld_is_sealed_against_lay_offs() -> None:
    """Nobody may lay off on a doubled meld (SEALED_MELD, V7)."""
    state = gambit_position(
        ["8S 9D 2C KH", "JK 5S 6S 7S 4S QC KC"],
        effect="double",
        phase="play",
        to_move=1,
        dealer=0,
    )
    state = play(state, "meld 5S 6S 7S double")
    illegal(state, "layoff 0 4S", Reason.SEALED_MELD, "V7")
    assert not any("layoff" in text for text in texts(state))
    state = play_all(state, "discard KC", "p0: draw")
    illegal(state, "p0: layoff 0 8S", Reason.SEALED_MELD, "V7")
    assert "p0: discard 8S" in legal(state)


def test_v7_r1_t9_e4_sealed_meld_takes_no_call_no_out_of_turn_and_no_final_lay_off() -> None:
    """A sealed meld takes no lay-off in a call, out of turn, nor in the final lay-offs."""
    call = gambit_position(
        ["5D 9D 3C KH", "4H 4D 2C", "AC QC"],
        effect="double",
        melds=[("5S 6S 7S", 2)],
        doubled=[0],
        discard="KD 8S",
        to_move=1,
        dealer=0,
        last_discarder=2,
    )
    illegal(call, "p0: rummy 1 layoff 0 8S", Reason.SEALED_MELD, "V7")
    out_of_turn = gambit_position(
        ["8S 9D", "4H 4D 2C"],
        effect="double",
        melds=[("5S 6S 7S", 1)],
        doubled=[0],
        to_move=1,
        dealer=0,
        rules=gambit_knobs(out_of_turn_melding=True),
    )
    illegal(out_of_turn, "p0: layoff 0 8S", Reason.SEALED_MELD, "V7")
    final = gambit_position(
        ["8S 2C", "JK 5S 6S 7S KD", "9H 9C"],
        effect="double",
        phase="play",
        to_move=1,
        dealer=0,
        rules=gambit_knobs(final_layoff=True),
    )
    final = play_all(final, "meld 5S 6S 7S double", "discard KD")
    assert (final.phase, final.to_move) == (Phase.FINAL_LAYOFF, 0)
    illegal(final, "p0: layoff 0 8S", Reason.SEALED_MELD, "V7")
    assert legal(final) == {"p0: pass"}


def test_v7_e3_a_sealed_meld_does_not_make_the_last_card_playable() -> None:
    """Under E3 a last card that fits only a sealed meld may be discarded."""
    rules = gambit_knobs(going_out="floating", final_discard_must_be_unplayable=True)
    sealed = gambit_position(
        ["5D 9D 3C KH", "8S"],
        effect="double",
        melds=[("5S 6S 7S", 0)],
        doubled=[0],
        phase="play",
        to_move=1,
        dealer=0,
        rules=rules,
    )
    assert legal(sealed) == {"p1: discard 8S"}
    assert result_of(play(sealed, "discard 8S")).went_out == 1
    open_meld = gambit_position(
        ["5D 9D 3C KH", "8S"],
        effect="double",
        melds=[("5S 6S 7S", 0)],
        phase="play",
        to_move=1,
        dealer=0,
        rules=rules,
    )
    illegal(open_meld, "discard 8S", Reason.PLAYABLE_FINAL_DISCARD, "E3")


@pytest.mark.parametrize("effect", ["double", "split"])
def test_v7_e3_a_joker_that_is_not_wild_may_be_the_last_discard(effect: str) -> None:
    """Under E3 a last joker may be discarded when jokers are not wild: it fits no meld.

    Found by the random-rules soak: a floating player who drew a joker had no
    legal move (the joker counted as playable on a run, yet could not be laid off).
    """
    rules = gambit_knobs(going_out="floating", final_discard_must_be_unplayable=True)
    state = gambit_position(
        ["5D 9D 3C KH", "JK"],
        effect=effect,
        melds=[("5S 6S 7S", 0)],
        phase="play",
        to_move=1,
        dealer=0,
        dealer_joker=False,
        dead="JK" if effect == "split" else "",
        rules=rules,
    )
    assert legal(state) == {"p1: discard JK"}
    assert result_of(play(state, "discard JK")).went_out == 1
    wild = gambit_position(
        ["5D 9D 3C KH", "JK"],
        effect="wild",
        melds=[("5S 6S 7S", 0)],
        phase="play",
        to_move=1,
        dealer=0,
        rules=rules,
    )
    illegal(wild, "discard JK", Reason.PLAYABLE_FINAL_DISCARD, "E3")


def test_v7_m4_jokers_are_not_wild_under_double() -> None:
    """Under double no meld or lay-off may hold a joker (JOKER_EFFECT, V7)."""
    state = gambit_position(
        ["8S 9D 2C KH", "JK 5S 6S 4H 4D 4C"],
        effect="double",
        melds=[("9H TH JH", 0)],
        phase="play",
        to_move=1,
        dealer=0,
    )
    illegal(state, "meld 5S 6S JK=7S", Reason.JOKER_EFFECT, "V7")
    illegal(state, "meld 4H 4D 4C JK=4", Reason.JOKER_EFFECT, "V7")
    illegal(state, "layoff 0 JK=QH", Reason.JOKER_EFFECT, "V7")
    assert not any("JK=" in text for text in texts(state))
    # A joker may still be discarded.
    assert "p1: discard JK" in legal(state)


@pytest.mark.parametrize("effect", ["wild", "split"])
def test_v7_doubled_meld_only_when_the_dealer_nominated_double(effect: str) -> None:
    """Doubling under wild or split is refused (JOKER_EFFECT, V7)."""
    state = gambit_position(
        ["8S 9D 2C KH", "JK 5S 6S 7S 4H"], effect=effect, phase="play", to_move=1, dealer=0
    )
    illegal(state, "meld 5S 6S 7S double", Reason.JOKER_EFFECT, "V7")
    assert not any("double" in text for text in texts(state))


def test_v7_doubled_meld_outside_dealers_gambit_is_refused() -> None:
    """Doubling outside dealer's gambit is refused (JOKER_EFFECT, V7)."""
    state = position(["JK 5S 6S 7S 4H", "2C"], phase="play")
    illegal(state, "meld 5S 6S 7S double", Reason.JOKER_EFFECT, "V7")


def test_v7_doubling_needs_a_joker() -> None:
    """A doubled meld needs a joker to lay over it."""
    state = gambit_position(
        ["8S 9D 2C KH", "5S 6S 7S 4H"], effect="double", phase="play", to_move=1, dealer=0
    )
    illegal(state, "meld 5S 6S 7S double", Reason.CARDS_NOT_AVAILABLE, "T7")
    assert legal(state) >= {"p1: meld 5S 6S 7S"}
    assert "p1: meld 5S 6S 7S double" not in legal(state)


def test_v7_t8_a_doubled_meld_counts_double_toward_the_opening_minimum() -> None:
    """A doubled meld counts twice toward the opening minimum (T8)."""
    rules = rules_to_data(GAMBIT.evolve(opening_minimum=30))
    state = gambit_position(
        ["4D 9D 3C KH", "JK 7S 8S 9S 2C"],
        effect="double",
        phase="play",
        to_move=1,
        dealer=0,
        rules=rules,
    )
    # 7-8-9♠ is 24 points alone, 48 doubled.
    illegal(state, "meld 7S 8S 9S", Reason.DEAD_END, "N1")
    after = play(state, "meld 7S 8S 9S double")
    assert (after.turn_points, after.opened) == (48, frozenset({1}))
    assert after.hands[1] == hand("2C")


def test_v7_v8_a_doubled_group_of_four_aces_scores_double_the_four_aces_value() -> None:
    """The doubling joker lies over the meld, not in it: four aces stay four aces (V8)."""
    rules = rules_to_data(GAMBIT.evolve(four_aces_value=25))
    state = gambit_position(
        ["4D 9D 3C KH", "JK AS AH AD AC 2C"],
        effect="double",
        phase="play",
        to_move=1,
        dealer=0,
        rules=rules,
    )
    after = play(state, "meld AS AH AD AC double")
    assert (after.turn_points, after.melds[0].multiplier) == (200, 2)
    assert result_of(play(after, "discard 2C")).melded == (0, 200)


def test_v7_t3_take_and_double_the_new_meld() -> None:
    """A take may meld its deepest card in a doubled meld."""
    state = gambit_position(
        ["5D 9D 3C KH", "JK 4H 4D 2C"], effect="double", discard="KD 4S 9C", to_move=1, dealer=0
    )
    assert {"p1: take 2 meld 4S 4H 4D", "p1: take 2 meld 4S 4H 4D double"} <= legal(state)
    after = play(state, "take 2 meld 4S 4H 4D double")
    assert after.melds[0].doubled
    assert after.hands[1] == hand("2C 9C")
    assert after.turn_points == 2 * 12


@pytest.mark.parametrize("effect", ["double", "split"])
def test_v7_t3_a_joker_from_the_pile_cannot_be_melded_when_jokers_are_not_wild(effect: str) -> None:
    """Under double or split a deep take whose deepest card is a joker is impossible."""
    state = gambit_position(
        ["5D 9D 3C KH", "4H 4D 2C"],
        effect=effect,
        discard="KD JK 4S",
        to_move=1,
        dealer=0,
    )
    illegal(state, "take 2 meld 4S 4H 4D JK", Reason.JOKER_EFFECT, "V7")
    assert not any(text.startswith("p1: take 2") for text in texts(state))
    assert legal(state) == {"p1: draw", "p1: take 1"}


def test_v7_t3_a_joker_from_the_pile_may_double_the_new_meld() -> None:
    """A joker taken from the pile above the deepest card may double the new meld."""
    state = gambit_position(
        ["5D 9D 3C KH", "4H 4D 2C"], effect="double", discard="KD 4S JK", to_move=1, dealer=0
    )
    after = play(state, "take 2 meld 4S 4H 4D double")
    assert after.melds[0].doubled
    assert after.hands[1] == hand("2C")


def test_v7_r1_a_call_doubles_only_with_a_joker_from_the_pile() -> None:
    """A call doubles with a joker from the pile, never one from the hand or the dealer's."""
    from_pile = gambit_position(
        ["5D 9D 3C KH", "4H 4D 2C", "AC QC"],
        effect="double",
        discard="KD 7S JK 8S 9S",
        to_move=1,
        dealer=0,
        last_discarder=2,
    )
    assert "p0: rummy 4 meld 7S 8S 9S double" in legal(from_pile)
    after = play(from_pile, "p0: rummy 4 meld 7S 8S 9S double")
    assert after.melds[0].doubled
    assert after.hands[0] == hand("5D 9D 3C KH")
    assert after.dealer_joker  # the dealer called, with the pile's joker
    from_hand = gambit_position(
        ["5D 9D 3C KH JK", "4H 4D 2C", "AC QC"],
        effect="double",
        discard="KD 7S 8S 9S",
        to_move=1,
        dealer=0,
        last_discarder=2,
    )
    illegal(from_hand, "p0: rummy 3 meld 7S 8S 9S double", Reason.RUMMY_USES_HAND, "R1")
    dealers = gambit_position(
        ["5D 9D 3C KH", "4H 4D 2C", "AC QC"],
        effect="double",
        discard="KD 7S 8S 9S",
        to_move=1,
        dealer=0,
        last_discarder=2,
    )
    illegal(dealers, "p0: rummy 3 meld 7S 8S 9S double", Reason.CARDS_NOT_AVAILABLE, "T7")


def test_v7_t9_out_of_turn_meld_may_be_doubled() -> None:
    """An out-of-turn meld (T9) may be doubled with a joker from the hand."""
    state = gambit_position(
        ["5D 9D 3C KH", "4H 4D 2C", "JK 7S 8S 9S 2D"],
        effect="double",
        to_move=1,
        dealer=0,
        rules=gambit_knobs(out_of_turn_melding=True),
    )
    assert "p2: meld 7S 8S 9S double" in legal(state)
    after = play(state, "p2: meld 7S 8S 9S double")
    assert after.melds[0].doubled
    assert (after.melds[0].by, after.hands[2]) == ((2, 2, 2), hand("2D"))
    assert (after.to_move, after.phase) == (1, Phase.DRAW)
    # Out of turn the dealer has no joker to double with: the dealer's joker stays aside.
    dealer = gambit_position(
        ["5D 6D 7D KH", "4H 4D 2C", "7S 8S 9S 2D"],
        effect="double",
        to_move=1,
        dealer=0,
        rules=gambit_knobs(out_of_turn_melding=True),
    )
    illegal(dealer, "p0: meld 5D 6D 7D double", Reason.CARDS_NOT_AVAILABLE, "T7")
    assert play(dealer, "p0: meld 5D 6D 7D").dealer_joker


# ---------------------------------------------------------------------------
# 7. split


SPLIT_PILE = "2C 3D 7S KS QD"  # top QD


def _split_position(**where: Any) -> GameState:
    defaults: dict[str, Any] = {
        "effect": "split",
        "discard": SPLIT_PILE,
        "to_move": 1,
        "dealer": 0,
    }
    defaults.update(where)
    hands = defaults.pop("hands", ["5D 9D 3C KH", "JK 5S 6S 9H 9C", "AC QC"])
    return gambit_position(hands, **defaults)


def test_v7_split_inside_cards_leave_play_outside_cards_go_to_the_hand() -> None:
    """A split: cards below the chosen one leave play, cards above go to the hand."""
    state = _split_position()
    assert legal(state) == {
        "p1: draw",
        "p1: take 1",
        "p1: take 3 meld 5S 6S 7S",
        "p1: split 3 meld 5S 6S 7S",
    }
    after = play(state, "split 3 meld 5S 6S 7S")
    # The chosen card, 7♠, is melded; 2♣ 3♦ below it leave play with the joker;
    # K♠ Q♦ above it go to the hand.
    assert after.dead == (*cards("2C 3D"), JOKER)
    assert after.discard == ()
    assert after.hands[1] == hand("9H 9C KS QD")
    assert after.taken == cards("7S KS QD")
    assert str(after.melds[0]) == "5S 6S 7S"
    assert (after.phase, after.to_move, after.turn_points) == (Phase.PLAY, 1, 18)
    assert after.dealer_joker  # a player's own joker split the pile
    assert after.all_cards() == state.all_cards()


def test_v7_split_chosen_card_must_be_melded_at_once() -> None:
    """The split's play must meld the chosen card, without jokers."""
    state = _split_position(hands=["5D 3C KH", "JK 5S 6S 9H 9C 9D", "AC QC"])
    illegal(state, "split 3 meld 9H 9D 9C", Reason.PLAY_MISSES_DEEPEST_CARD, "V7")
    illegal(state, "split 3 meld 5S 6S JK=7S", Reason.JOKER_EFFECT, "V7")
    with pytest.raises(NotationError, match="missing meld or layoff"):
        parse_move(state, "split 3")


def test_v7_t4_split_lays_off_the_chosen_card_whatever_the_t4_knobs() -> None:
    """A split may lay off the chosen card at any depth whatever the T4 knobs."""
    state = _split_position(
        hands=["5D 9D 3C KH", "JK 9H 9C", "AC QC"],
        melds=[("5S 6S 7S", 0)],
        discard="2C 3D 8S KS QD",
        rules=gambit_knobs(deepest_card_use="new_meld_only", discard_take="top_only"),
    )
    illegal(state, "take 3 layoff 0 8S", Reason.DEEP_TAKE_NOT_ALLOWED, "T4")
    assert legal(state) == {"p1: draw", "p1: take 1", "p1: split 3 layoff 0 8S"}
    after = play(state, "split 3 layoff 0 8S")
    assert after.melds[0].by == (0, 0, 0, 1)
    assert after.hands[1] == hand("9H 9C KS QD")
    assert after.dead == (*cards("2C 3D"), JOKER)


def test_v7_split_needs_a_joker() -> None:
    """A player without a joker cannot split the pile (JOKER_EFFECT, V7)."""
    state = _split_position(hands=["5D 9D 3C KH", "5S 6S 9H 9C", "AC QC"])
    illegal(state, "split 3 meld 5S 6S 7S", Reason.JOKER_EFFECT, "V7")
    assert "p1: take 3 meld 5S 6S 7S" in legal(state)


@pytest.mark.parametrize("effect", ["wild", "double"])
def test_v7_split_only_when_the_dealer_nominated_split(effect: str) -> None:
    """Splitting under wild or double is refused (JOKER_EFFECT, V7)."""
    state = _split_position(effect=effect)
    illegal(state, "split 3 meld 5S 6S 7S", Reason.JOKER_EFFECT, "V7")
    assert not any("split" in text for text in texts(state))


def test_v7_split_outside_dealers_gambit_is_refused() -> None:
    """Splitting outside dealer's gambit is refused (JOKER_EFFECT, V7)."""
    state = position(["JK 5S 6S 9H", "2C"], discard="2D 7S KD")
    illegal(state, "split 2 meld 5S 6S 7S", Reason.JOKER_EFFECT, "V7")


def test_v7_split_is_a_move_of_the_draw_phase_at_a_depth_the_pile_holds() -> None:
    """A split replaces the draw of the seat to move, at a depth the pile holds."""
    state = _split_position()
    illegal(state, "split 9 meld 5S 6S 7S", Reason.PILE_TOO_SHORT, "V7")
    illegal(state, "p2: split 3 meld 5S 6S 7S", Reason.NOT_YOUR_TURN, "D7")
    playing = _split_position(phase="play")
    illegal(playing, "split 3 meld 5S 6S 7S", Reason.WRONG_PHASE, "T1")


def test_v7_t11_split_at_the_top_card_counts_as_taking_it_alone() -> None:
    """A split at the top card is taking it alone: no discarding a copy this turn (T11)."""
    rules = gambit_knobs(decks=2)
    hands = ["5D 9D 3C KH", "JK 5S 6S 7S 9H 9C", "AC QC"]
    top = _split_position(hands=hands, discard="2C 3D 7S", rules=rules)
    after = play(top, "split 1 meld 5S 6S 7S")
    assert after.taken == cards("7S")
    assert after.dead == (*cards("2C 3D"), JOKER)
    illegal(after, "discard 7S", Reason.DISCARD_TAKEN_CARD, "T11")
    assert legal(after) == {"p1: discard 9H", "p1: discard 9C"}
    deeper = _split_position(hands=hands, discard="2C 7S 3D", rules=rules)
    after = play(deeper, "split 2 meld 5S 6S 7S")
    assert after.taken == cards("7S 3D")
    play(after, "discard 7S")


def test_v7_dealer_splits_with_the_dealers_joker_first() -> None:
    """The dealer splits with the dealer's joker, before any joker in hand."""
    state = _split_position(hands=["5D 9D 3C KH", "5S 6S 9H 9C", "AC QC"], dealer=1)
    after = play(state, "split 3 meld 5S 6S 7S")
    assert not after.dealer_joker
    assert after.dead == (*cards("2C 3D"), JOKER)
    assert after.hands[1] == hand("9H 9C KS QD")
    assert after.all_cards() == state.all_cards()
    holding = _split_position(dealer=1)
    after = play(holding, "split 3 meld 5S 6S 7S")
    assert not after.dealer_joker
    assert after.hands[1] == hand("JK 9H 9C KS QD")


def test_v7_once_the_dealers_joker_is_used_the_dealer_splits_with_their_own() -> None:
    """Once the dealer's joker is out of play the dealer needs a joker in hand to split."""
    where: dict[str, Any] = {"dealer_joker": False, "dead": "2H JK", "dealer": 1}
    without = _split_position(hands=["5D 9D 3C", "5S 6S 9H 9C", "AC QC"], **where)
    illegal(without, "split 3 meld 5S 6S 7S", Reason.JOKER_EFFECT, "V7")
    holding = _split_position(hands=["5D 9D 3C", "JK 5S 6S 9H 9C", "AC QC"], **where)
    after = play(holding, "split 3 meld 5S 6S 7S")
    assert after.hands[1] == hand("9H 9C KS QD")
    assert after.dead == (*cards("2H JK 2C 3D"), JOKER)


def test_v7_split_cards_taken_are_public() -> None:
    """The cards a split puts in the hand are known to every seat; dead cards are public."""
    state = _split_position()
    move = parse_move(state, "split 3 meld 5S 6S 7S")
    known = track(KnownCards.start(state), state, move)
    assert known.of(1) == hand("KS QD")
    after = apply_move(state, move)
    view = observe(after, 0, known)
    assert view.known[1] == hand("KS QD")
    assert view.dead == (*cards("2C 3D"), JOKER)


# ---------------------------------------------------------------------------
# 8–9. Jokers in hand count zero; scoring


def test_v7_s1_jokers_left_in_hand_count_zero() -> None:
    """A joker left in hand counts 0 against its holder."""
    state = gambit_position(
        ["5S 6S 7S 9D", "JK KD", "2C"], melds=[("9H TH JH", 2)], phase="play", to_move=0
    )
    result = result_of(play_all(state, "meld 5S 6S 7S", "discard 9D"))
    assert result.in_hand == (0, 10, 2)
    assert result.scores == (18, -10, 29 - 2)


def test_v7_s2_dead_cards_and_the_unused_dealers_joker_count_for_nobody() -> None:
    """Cards out of play and the unused dealer's joker score for nobody."""
    state = _split_position(hands=["5D 9D 3C KH", "JK 5S 6S", "2H"], discard="AC 3D 7S", dealer=2)
    # Split at the top: A♣ 3♦ leave play, the 7♠ is melded and p1 goes out.
    over = play(state, "split 1 meld 5S 6S 7S")
    result = result_of(over)
    assert (over.dead, over.dealer_joker) == ((*cards("AC 3D"), JOKER), True)
    assert result.melded == (0, 18, 0)
    assert result.in_hand == (5 + 9 + 3 + 10, 0, 2)
    assert result.scores == (-27, 18, -2)
    assert over.all_cards() == state.all_cards()


# ---------------------------------------------------------------------------
# S3 going rummy with jokers: the cards credited on the table this turn

GOING_RUMMY = gambit_knobs(scoring="winner_takes_hands", going_rummy_multiplier=2)


@pytest.mark.parametrize(
    ("second_hand", "effect", "dealer", "meld"),
    [
        ("JK 5S 6S KC", "wild", 0, "meld 5S 6S JK=7S"),  # a wild joker from the hand
        ("5S 6S KC", "wild", 1, "meld 5S 6S JK=7S"),  # the dealer's joker, wild
        ("JK 5S 6S 7S KC", "double", 0, "meld 5S 6S 7S double"),  # a held doubling joker
        ("5S 6S 7S KC", "double", 1, "meld 5S 6S 7S double"),  # the dealer's, doubling
    ],
)
def test_v7_s3_going_out_in_one_turn_with_jokers_is_going_rummy(
    second_hand: str, effect: str, dealer: int, meld: str
) -> None:
    """Going out in one turn with a wild or doubling joker, held or the dealer's, is going rummy."""
    state = gambit_position(
        ["8S 9D 2C KH", second_hand],
        effect=effect,
        phase="play",
        to_move=1,
        dealer=dealer,
        rules=GOING_RUMMY,
    )
    result = result_of(play_all(state, meld, "discard KC"))
    assert (result.going_rummy, result.scores) == (True, (0, 2 * 29))


def test_v7_s3_t9_out_of_turn_doubled_meld_going_out_is_going_rummy() -> None:
    """Going out with a first, out-of-turn, doubled meld is going rummy (S3, T9)."""
    state = gambit_position(
        ["5D 9D 3C KH", "4H 4D 2C", "JK 7S 8S 9S"],
        effect="double",
        to_move=1,
        dealer=0,
        rules=gambit_knobs(out_of_turn_melding=True, **GOING_RUMMY),
    )
    result = result_of(play(state, "p2: meld 7S 8S 9S double"))
    assert result.went_out == 2
    assert result.going_rummy


# ---------------------------------------------------------------------------
# 10. Match: dealing passes counterclockwise; the preset plays to 250 (D7, G1)


def _draw_and_discard(match: MatchState) -> MatchState:
    """Play the current hand to stock exhaustion: nominate, then draw and discard."""
    number = match.number
    while match.number == number and not match.is_over:
        state = match.hand
        seat = state.to_move
        move: Move
        if state.phase is Phase.NOMINATE:
            move = Nominate(seat, JokerEffect.WILD)
        elif state.phase is Phase.DRAW:
            move = Draw(seat) if state.stock else EndHand(seat)
        else:
            move = Discard(seat, state.hands[seat][0])
        match = apply_match_move(match, move)
    return match


def test_v7_d7_dealing_passes_counterclockwise() -> None:
    """Under next_dealer='left' the deal passes to seat - 1 (counterclockwise)."""
    match = new_match(GAMBIT, 3, seed=11, dealer=0)
    assert (match.hand.phase, match.hand.to_move) == (Phase.NOMINATE, 0)
    for _ in range(3):
        match = _draw_and_discard(match)
    assert [record.dealer for record in match.history] == [0, 2, 1]
    assert (match.hand.dealer, match.hand.to_move, match.hand.phase) == (0, 0, Phase.NOMINATE)


def test_v7_g1_the_preset_plays_to_250() -> None:
    """The preset's match ends when a total reaches 250."""
    assert (GAMBIT.target_score, GAMBIT.direction.value) == (250, "counterclockwise")
    match = new_match(GAMBIT, 3, seed=4, dealer=0)
    rng = random.Random(4)
    for _ in range(5000):
        if match.is_over:
            break
        match = apply_match_move(match, rng.choice(match_legal_moves(match)))
    assert match.result is not None
    assert max(match.result.totals) >= 250
    assert all(max(record.totals) < 250 for record in match.history[:-1])


# ---------------------------------------------------------------------------
# The rule set (RulesError, V7; D3, D4)


def test_v7_preset_knobs() -> None:
    """The preset: two jokers a deck, jokers='wild', jokers worth 0, aces 15 or 1."""
    assert GAMBIT.dealers_gambit
    assert GAMBIT.jokers_per_deck == 2
    assert GAMBIT.jokers.value == "wild"
    assert GAMBIT.card_values.joker == 0
    assert (GAMBIT.card_values.ace, GAMBIT.card_values.low_ace) == (15, 1)
    assert GAMBIT.evolve(jokers_per_deck=4).dealers_gambit


def test_v7_dealers_gambit():
    rules = presets.get("dealers_gambit")
    assert len(rules.deck(4)) in (54, 56)
    assert rules.target_score == 250


@pytest.mark.parametrize("jokers", [0, 1])
def test_v7_rules_need_two_jokers_a_deck(jokers: int) -> None:
    """Fewer than two jokers a deck is a RulesError (V7)."""
    with pytest.raises(RulesError, match=rf"at least 2 jokers per deck.*={jokers} \(V7\)"):
        GAMBIT.evolve(jokers_per_deck=jokers)


def test_v7_rules_need_wild_jokers() -> None:
    """Jokers 'sets_only' is a RulesError (V7)."""
    with pytest.raises(RulesError, match=r"requires jokers='wild'.*\(V7\)"):
        GAMBIT.evolve(jokers="sets_only")


@pytest.mark.parametrize(
    "values", [CardValues.custom(ace=15, low_ace=1, joker=15), "standard", "fives"]
)
def test_v7_rules_need_jokers_worth_zero(values: CardValues | str) -> None:
    """Jokers worth anything but 0 is a RulesError (V7)."""
    with pytest.raises(RulesError, match=r"jokers worth 0 .*\(V7\)"):
        GAMBIT.evolve(card_values=values)
    with pytest.raises(RulesError, match=r"\(V7\)"):
        Rules(dealers_gambit=True, card_values=values)


def test_v7_d3_d4_deck_size_counts_the_dealers_joker() -> None:
    """The deck-size check (D3, D4) counts the joker set aside."""
    Rules(max_players=2, hand_size={2: 26})  # 52 + pile + stock card = 54
    with pytest.raises(RulesError, match=r"2 players need 55 cards .* \(D3, D4\)"):
        GAMBIT.evolve(max_players=2, hand_size={2: 26})
    rules = GAMBIT.evolve(max_players=2, hand_size={2: 25})
    state = new_game(rules, 2, seed=3)
    assert (len(state.stock), len(state.discard), state.dealer_joker) == (2, 1, True)


# ---------------------------------------------------------------------------
# Positions: the "gambit" key, doubled melds


def _fresh() -> GameState:
    return new_game(GAMBIT, 3, seed=9, dealer=2)


def _nominated() -> GameState:
    return play(_fresh(), "p2: nominate double")


def _blocked() -> GameState:
    state = gambit_position(["5S 6S 9D 2C", "JK 3H 4H 8C"], phase="play", to_move=1, dealer=0)
    return play(state, "block")


def _split() -> GameState:
    return play(_split_position(), "split 3 meld 5S 6S 7S")


def _doubled() -> GameState:
    state = gambit_position(
        ["8S 9D 2C KH", "JK 5S 6S 7S QC KC"], effect="double", phase="play", to_move=1, dealer=0
    )
    return play(state, "meld 5S 6S 7S double")


def _over() -> GameState:
    return play(_doubled(), "discard KC")


@pytest.mark.parametrize("build", [_fresh, _nominated, _blocked, _split, _doubled, _over])
def test_v7_positions_round_trip_with_the_gambit_key(build: Callable[[], GameState]) -> None:
    """Positions with the 'gambit' key round-trip through dicts and JSON."""
    state = build()
    data = state.to_dict()
    assert set(data["gambit"]) == {"effect", "dealer_joker", "blocked_by", "dead"}
    assert data["gambit"]["effect"] == (
        None if state.joker_effect is None else state.joker_effect.value
    )
    assert GameState.from_dict(data) == state
    assert GameState.from_json(state.to_json()) == state
    if state.is_over:
        assert GameState.from_dict(data).result == state.result


def test_v7_positions_write_the_gambit_fields() -> None:
    """The 'gambit' key holds the effect, the dealer's joker, the blocker and the dead cards."""
    assert _fresh().to_dict()["phase"] == "nominate"
    assert _fresh().to_dict()["gambit"] == {
        "effect": None,
        "dealer_joker": True,
        "blocked_by": None,
        "dead": [],
    }
    assert _split().to_dict()["gambit"] == {
        "effect": "split",
        "dealer_joker": True,
        "blocked_by": None,
        "dead": ["2C", "3D", "JK"],
    }
    assert _doubled().to_dict()["melds"] == [
        {"cards": ["5S", "6S", "7S"], "by": [1, 1, 1], "multiplier": 2, "doubled": True}
    ]
    assert "gambit" not in position(["5S 6S", "7S 8S"]).to_dict()


def test_v7_position_without_the_gambit_key_is_a_fresh_hand() -> None:
    """An omitted 'gambit' key reads as a fresh hand, in the nomination."""
    state = _fresh()
    data = state.to_dict()
    del data["gambit"]
    assert GameState.from_dict(data) == state
    # A fresh hand is in the nomination: a later phase needs the key.
    data = _nominated().to_dict()
    del data["gambit"]
    with pytest.raises(ValueError, match=r"'gambit\.effect'"):
        GameState.from_dict(data)


def test_v7_dealers_gambit_is_playable_from_a_deal_and_a_position():
    state = new_game(presets.get("dealers_gambit"), 2, seed=1)
    assert state.phase is Phase.NOMINATE
    assert state.dealer_joker
    data = position(["5S 6S", "7S 8S"]).to_dict()
    data["rules"] = "dealers_gambit"
    with pytest.raises(ValueError, match="jokers"):
        GameState.from_dict(data)  # the deck has a joker fewer than dealer's gambit needs


def _set(*path: str | int, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


def _drop(*path: str | int) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]

    return change


MALFORMED: list[tuple[Callable[[], GameState], Callable[[dict[str, Any]], None], str]] = [
    (_doubled, _set("gambit", value="double"), "'gambit'"),
    (_doubled, _set("gambit", "colour", value="red"), "'gambit'"),
    (_doubled, _set("gambit", "effect", value="tame"), "'gambit.effect'"),
    (_doubled, _set("gambit", "effect", value=None), "'gambit.effect'"),
    (_fresh, _set("gambit", "effect", value="wild"), "'gambit.effect'"),
    (_fresh, _set("to_move", value=0), "'to_move'"),
    (_doubled, _set("gambit", "dealer_joker", value="yes"), "'gambit.dealer_joker'"),
    (_doubled, _set("gambit", "dealer_joker", value=1), "'gambit.dealer_joker'"),
    (_blocked, _set("gambit", "blocked_by", value=0), "'gambit.blocked_by'"),
    (_blocked, _set("gambit", "blocked_by", value=7), "blocked_by'"),
    (_blocked, _set("gambit", "dealer_joker", value=True), "'gambit.blocked_by'"),
    (_blocked, _set("gambit", "dead", value=[]), "'gambit.dead'"),
    (_split, _set("gambit", "dead", value="2C 3D JK"), "'gambit.dead'"),
    (_split, _set("gambit", "dead", value=["2C", "XX", "JK"]), r"'gambit.dead\[1\]'"),
    (_split, _set("gambit", "dead", value=["2C", "JK"]), "not the rule set's deck"),
    (_doubled, _set("melds", 0, "doubled", value="yes"), r"'melds\[0\]\.doubled'"),
    (_doubled, _set("melds", 0, "multiplier", value=1), r"'melds\[0\]\.multiplier'"),
    (_doubled, _drop("melds", 0, "doubled"), r"'melds\[0\]\.multiplier'"),
]


@pytest.mark.parametrize(("build", "change", "key"), MALFORMED)
def test_v7_malformed_gambit_keys_raise_value_error_naming_the_key(
    build: Callable[[], GameState], change: Callable[[dict[str, Any]], None], key: str
) -> None:
    """A malformed dealer's gambit key is a ValueError naming the key."""
    data = build().to_dict()
    change(data)
    with pytest.raises(ValueError, match=key):
        GameState.from_dict(data)


def test_v7_gambit_keys_only_under_dealers_gambit() -> None:
    """The 'gambit' key, phase 'nominate' and doubled melds need dealer's gambit."""
    data = position(["5S 6S", "7S 8S"]).to_dict()
    with pytest.raises(ValueError, match="'gambit'"):
        GameState.from_dict({**data, "gambit": {}})
    with pytest.raises(ValueError, match="'phase'"):
        GameState.from_dict({**data, "phase": "nominate"})
    melds = [{"cards": ["5S", "6S", "7S"], "by": [0, 0, 0], "doubled": True}]
    with pytest.raises(ValueError, match=r"'melds\[0\]\.doubled'"):
        GameState.from_dict({**data, "hands": [["5C"], ["8S"]], "melds": melds})


# ---------------------------------------------------------------------------
# Notation


NOTATION: list[tuple[str, str, Move | None]] = [
    ("nominate wild", "p1: nominate wild", Nominate(1, JokerEffect.WILD)),
    ("p0: NOMINATE Double", "p0: nominate double", Nominate(0, JokerEffect.DOUBLE)),
    ("nominate split", "p1: nominate split", Nominate(1, "split")),
    ("block", "p1: block", Block(1)),
    ("split 3 meld 5S 6S 7S", "p1: split 3 meld 5S 6S 7S", Split(1, 3, MeldMove(1, "5S 6S 7S"))),
    ("split 1 layoff 0 8S", "p1: split 1 layoff 0 8S", Split(1, 1, LayoffMove(1, 0, "8S"))),
    ("meld 7S 8S 9S double", "p1: meld 7S 8S 9S double", MeldMove(1, "7S 8S 9S", True)),
    ("meld 9S 7S 8S DOUBLE", "p1: meld 7S 8S 9S double", MeldMove(1, "7S 8S 9S", True)),
    (
        "take 3 meld 4S 4H 4D double",
        "p1: take 3 meld 4S 4H 4D double",
        Take(1, 3, MeldMove(1, "4S 4H 4D", True)),
    ),
    ("p2: rummy 4 meld 7S 8S 9S double", "p2: rummy 4 meld 7S 8S 9S double", None),
    ("p0: meld 4D 4S 4H double", "p0: meld 4S 4H 4D double", None),
]


@pytest.mark.parametrize(("text", "written", "expected"), NOTATION)
def test_v7_notation_round_trip(text: str, written: str, expected: Move | None) -> None:
    """The moves of dealer's gambit read and write back in canonical notation."""
    state = _split_position()
    move = parse_move(state, text)
    if expected is not None:
        assert move == expected
    assert str(move) == format_move(move) == written
    assert parse_move(state, written) == move


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("nominate tame", "not a joker effect"),
        ("nominate", "missing the joker effect"),
        ("split 0 meld 5S 6S 7S", "depth of the chosen card"),
        ("split 3", "missing meld or layoff"),
        ("meld 7S 8S 9S double double", "unexpected 'double'"),
        ("layoff 0 8S double", "unexpected 'double'"),
        ("block 2", "unexpected '2'"),
    ],
)
def test_v7_notation_errors(text: str, message: str) -> None:
    """Malformed dealer's gambit moves are notation errors."""
    with pytest.raises(NotationError, match=message):
        parse_move(_split_position(), text)


def test_v7_nominate_rejects_an_unknown_effect() -> None:
    """Nominate accepts only wild, double or split."""
    with pytest.raises(ValueError, match="not a joker effect: 'tame'"):
        Nominate(0, "tame")


# ---------------------------------------------------------------------------
# 11. Move generation: a property over random hands

GAMBIT_VARIANTS: list[dict[str, Any]] = [
    {},
    {"out_of_turn_melding": True},
    {"final_layoff": True},
    {"opening_minimum": 30},
    {"first_discard": "chooser"},
    {"going_out": "floating"},
    {"stock_exhausted": "reshuffle"},
    {"rummy_call": "layoff_top"},
    {"discard_take": "top_only", "top_discard_must_meld": True},
]
MOVE_LIMIT = 3000


def _interesting(moves: Sequence[Move], rng: random.Random) -> Move:
    """A random move, more often one of the gambit's own (takes, splits, blocks, melds)."""
    special = [move for move in moves if not isinstance(move, (Draw, Discard))]
    if special and rng.random() < 0.6:
        return rng.choice(special)
    return rng.choice(list(moves))


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 4),
    effect=st.sampled_from(JokerEffect),
    changes=st.sampled_from(GAMBIT_VARIANTS),
)
def test_v7_random_hands_are_consistent_conserve_cards_round_trip_and_end(
    seed: int, players: int, effect: JokerEffect, changes: dict[str, Any]
) -> None:
    """Random hands: legal moves accepted, cards conserved, positions round-trip, hands end."""
    rules = GAMBIT.evolve(**changes)
    deck = Counter(rules.deck(players))
    state = new_game(rules, players, seed=seed, dealer=seed % players)
    rng = random.Random(seed)
    for _ in range(MOVE_LIMIT):
        assert state.all_cards() == deck
        assert GameState.from_dict(state.to_dict()) == state
        assert not (state.dealer_joker and state.blocked_by is not None)
        if state.is_over:
            break
        moves = legal_moves(state)
        assert moves, f"dead end in phase {state.phase.value}:\n{state}"
        assert len(set(moves)) == len(moves)
        for move in moves:
            assert is_legal(state, move), str(move)
        if state.phase is Phase.NOMINATE:
            move = Nominate(state.dealer, effect)
            assert move in moves
        else:
            move = _interesting(moves, rng)
        assert parse_move(state, str(move)) == move
        state = apply_move(state, move)
        assert state.joker_effect is effect
    else:
        pytest.fail(f"the hand did not end in {MOVE_LIMIT} moves")
    assert legal_moves(state) == ()
    assert result_of(state).reason.value in ("went_out", "stock_exhausted")
