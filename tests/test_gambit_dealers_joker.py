"""Dealer's gambit (rules V7): the deal, the nomination, the dealer's joker and blocking.

Rule ids: V7, and the rules it meets here, named second in the test names
(D6, T3, T9, E4, R1, N1).  The engine's first interpretations of V7, each
with worked examples: the deal sets the dealer's joker aside beside the
stock, the dealer nominates the jokers' effect, the dealer uses the dealer's
joker first, and another player may block it with a joker from hand.

Positions come from :func:`tests.gambit.gambit_position`; moves are played and
refused with :func:`tests.positions.play` and :func:`tests.positions.illegal`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest

from rummy500 import (
    JOKER,
    Card,
    JokerEffect,
    Nominate,
    Phase,
    Reason,
    new_game,
    observe,
)
from tests.gambit import GAMBIT, gambit_knobs, gambit_position
from tests.helpers import cards, hand, legal, play_all, result_of
from tests.positions import illegal, play, position, texts


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
