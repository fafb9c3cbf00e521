"""Taking from the discard pile (rules §4.1): T2–T4.

T2 the top discard alone goes to the hand (T3a: with no play); T3 a deeper
card must be melded or laid off at once, the cards above it going to the
hand; T4 the variants of taking: ``discard_take = top_only``,
``top_discard_must_meld`` and ``deepest_card_use = new_meld_only``.
"""

from __future__ import annotations

import random

from rummy500 import (
    GameState,
    Phase,
    Reason,
    Take,
    apply_move,
    legal_moves,
    new_game,
    parse_move,
    presets,
)
from rummy500._engine.codes.seats import hand_of
from rummy500._engine.meldgen import Pool
from rummy500._engine.plays import could_meld, play_parts
from rummy500._engine.ruleset import profile
from rummy500._engine.targets import target_index
from tests.helpers import both, cards, hand, knobs, legal, under, with_keys
from tests.positions import illegal, play, position, texts

# ---------------------------------------------------------------------------
# T2 the top discard alone


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


# ---------------------------------------------------------------------------
# T3 a deeper card must be played at once


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
# The quick test before a depth's plays are listed (T3)


def _depths_turned_down(state: GameState) -> int:
    """How many depths of the pile ``could_meld`` turns down; each must have no play."""
    rules, player, pile = state.rules, state.to_move, state.discard_codes
    pool = Pool(hand_of(state._seat_codes, player))
    index = target_index(state.melds)
    turned_down = 0
    for count in range(1, len(pile) + 1):
        deepest = pile[-count]
        pool.add(deepest)
        if not could_meld(pool, deepest, profile(rules), index):
            turned_down += 1
            parts = play_parts(profile(rules), state.melds, player, pool, deepest, index=index)
            assert not any(parts), (rules, count, state)
    return turned_down


def test_t3_could_meld_lets_through_every_depth_with_a_play():
    """``could_meld`` is a necessary condition: a depth it turns down has no play.

    Along random hands of every preset (but dealer's gambit, whose pools leave
    some jokers out), 2 and 4 players: each depth of the pile in the draw phase,
    the pool holding the hand and the cards above.
    """
    turned_down = 0
    for name in presets.names():
        rules = presets.get(name)
        for players in (2, 4):
            if rules.dealers_gambit or not rules.min_players <= players <= rules.max_players:
                continue
            rng = random.Random(f"{name} {players}")
            for seed in range(6):
                state = new_game(rules, players, seed=seed)
                while not state.is_over:
                    if state.phase is Phase.DRAW:
                        turned_down += _depths_turned_down(state)
                    state = apply_move(state, rng.choice(legal_moves(state)))
    assert turned_down > 1000
