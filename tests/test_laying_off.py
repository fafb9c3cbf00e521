"""Laying off (rules §3): L1–L5, worked examples first, then Hypothesis properties.

L1 lay-offs on any meld on the table, L2 on a group, L3 on a run (at either
end, several cards at once, the ace high or low), L4 a card that fits
several melds, L5 a lay-off scores for the player who laid it off.  Each
section checks :func:`rummy500.layoff` on melds, then the engine's moves on
positions; the properties compare lay-offs with the reference model of
:mod:`tests.reference`.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummy500 import InvalidMeldError, LayoffMove, MeldCard, Reason, Rules, layoff, make_meld
from rummy500._engine.meldgen import Pool, layoffs_from_pool, run_layoff_cards
from rummy500._engine.ruleset import profile
from rummy500.meldcards import SPEC_PHYSICAL, SPEC_SUIT
from rummy500.melds import MeldKind, layoff_problem, meld_points
from rummy500.values import STANDARD
from tests import reference
from tests.helpers import ALL_ACES, AROUND, DEFAULT, LOW, LOW_OR_HIGH, refused_layoff, result_of
from tests.positions import illegal, play, position, texts
from tests.strategies import layoff_texts, rules_and_meld_texts

# ---------------------------------------------------------------------------
# L1 laying off on one's own or another player's meld


def test_l1_a_lay_off_needs_a_card():
    assert refused_layoff(make_meld("7H 8H 9H", DEFAULT), "") == "L1"


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


# ---------------------------------------------------------------------------
# L2 laying off on a group


def test_l2_a_natural_of_a_missing_suit_or_a_joker_goes_on_a_group():
    group = make_meld("7S 7H 7D", DEFAULT)
    assert str(layoff(group, "7C", DEFAULT)) == "7S 7H 7D 7C"
    assert str(layoff(group, "JK=7", DEFAULT)) == "7S 7H 7D JK=7"
    assert str(layoff(make_meld("7H 7D 7C", DEFAULT), "7S", DEFAULT)) == "7S 7H 7D 7C"


def test_l2_two_cards_at_once_on_a_group():
    group = make_meld("7S JK=7 7H", DEFAULT)
    assert refused_layoff(group, "7D 7C") == "L2"
    assert str(layoff(make_meld("7S 7H JK=7", DEFAULT), "7C", DEFAULT)) == "7S 7H 7C JK=7"


@pytest.mark.parametrize(
    ("specs", "rule"),
    [("7S", "L2"), ("8S", "L2"), ("JK", "M4"), ("JK=7C", "M4"), ("JK=8", "M4")],
)
def test_l2_what_does_not_go_on_a_group(specs, rule):
    assert refused_layoff(make_meld("7S 7H 7D", DEFAULT), specs) == rule


def test_l2_a_full_group_takes_nothing():
    full = make_meld("7S 7H 7D 7C", DEFAULT)
    for specs in ("7S", "JK=7"):
        assert refused_layoff(full, specs) == "L2"


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


# ---------------------------------------------------------------------------
# L3 laying off on a run


def test_l3_a_pair_6_7_laid_off_together():
    run = make_meld("8H 9H TH", DEFAULT)
    assert str(layoff(run, "6H 7H", DEFAULT)) == "6H 7H 8H 9H TH"
    assert str(layoff(run, "7H 6H", DEFAULT)) == "6H 7H 8H 9H TH"
    assert refused_layoff(run, "6H") == "L3"


def test_l3_both_ends_at_once():
    run = make_meld("7H 8H 9H", DEFAULT)
    assert str(layoff(run, "TH 6H", DEFAULT)) == "6H 7H 8H 9H TH"
    assert str(layoff(run, "5H 6H TH JH", DEFAULT)) == "5H 6H 7H 8H 9H TH JH"


@pytest.mark.parametrize("specs", ["JH", "5H", "6H JH", "TS", "8H", "TH TH", "JK=T", "JK=TS", "JK"])
def test_l3_what_does_not_extend_a_run(specs):
    assert refused_layoff(make_meld("7H 8H 9H", DEFAULT), specs) in ("L3", "M4")


def test_l3_jokers_laid_off_on_a_run_are_declared_cards():
    run = make_meld("7H 8H 9H", DEFAULT)
    assert str(layoff(run, "JK=TH", DEFAULT)) == "7H 8H 9H JK=TH"
    assert str(layoff(run, "JK=6H JK=5H", DEFAULT)) == "JK=5H JK=6H 7H 8H 9H"


def test_l3_min_run_length_does_not_apply_to_lay_offs():
    four = Rules(min_run_length=4)
    assert str(layoff(make_meld("7H 8H 9H TH", four), "JH", four)) == "7H 8H 9H TH JH"


def test_l3_an_ace_laid_off_on_2_to_k_goes_high_under_low_or_high():
    two_to_king = make_meld(" ".join(r + "H" for r in "23456789TJQK"), DEFAULT)
    full = layoff(two_to_king, "AH", LOW_OR_HIGH)
    assert str(full) == "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"
    assert meld_points(full, STANDARD)[-1] == 15
    assert make_meld(str(full), LOW_OR_HIGH) == full


def test_l3_an_ace_on_2_to_k_around_the_corner_makes_the_run_a_to_k():
    two_to_king = make_meld(" ".join(r + "H" for r in "23456789TJQK"), AROUND)
    assert str(layoff(two_to_king, "AH", AROUND)) == " ".join(r + "H" for r in "A23456789TJQK")


@pytest.mark.parametrize(
    ("rules", "expected"),
    [(LOW, None), (LOW_OR_HIGH, "JH QH KH AH"), (AROUND, "JH QH KH AH")],
)
def test_l3_an_ace_on_j_q_k(rules, expected):
    run = make_meld("JH QH KH", rules)
    if expected is None:
        assert refused_layoff(run, "AH", rules) == "L3"
    else:
        assert str(layoff(run, "AH", rules)) == expected


@pytest.mark.parametrize("rules", ALL_ACES)
def test_l3_an_ace_on_2_3_4_goes_low(rules):
    assert str(layoff(make_meld("2H 3H 4H", rules), "AH", rules)) == "AH 2H 3H 4H"


def test_l3_laying_off_round_the_corner():
    assert str(layoff(make_meld("AH 2H 3H", AROUND), "KH", AROUND)) == "KH AH 2H 3H"
    assert str(layoff(make_meld("QH KH AH", AROUND), "2H", AROUND)) == "QH KH AH 2H"
    assert refused_layoff(make_meld("AH 2H 3H", LOW_OR_HIGH), "KH", LOW_OR_HIGH) == "L3"
    assert refused_layoff(make_meld("QH KH AH", LOW_OR_HIGH), "2H", LOW_OR_HIGH) == "L3"


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


def test_l3_a_lay_off_that_closes_the_circle_around_the_corner_is_listed_in_meld_order():
    # Ten cards laid off on 5H 6H 7H at once make all thirteen hearts, which start with the ace.
    state = position(
        ["AH 2H 3H 4H 8H 9H TH JH QH KH KS", "2C"],
        melds=[("5H 6H 7H", 1)],
        phase="play",
        rules={"preset": "pagat", "ace": "around_the_corner"},
    )
    whole = "layoff 0 AH 2H 3H 4H 8H 9H TH JH QH KH"
    assert f"p0: {whole}" in texts(state)
    after = play(state, whole)
    assert str(after.melds[0]) == "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"


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


# ---------------------------------------------------------------------------
# L4 a card that fits several melds: the player chooses


def test_l4_the_ten_that_fits_7_8_9_and_10_10_10():
    run = make_meld("7S 8S 9S", DEFAULT)
    tens = make_meld("TH TD TC", DEFAULT)
    on_run = layoff(run, "TS", DEFAULT)
    on_tens = layoff(tens, "TS", DEFAULT)
    assert str(on_run) == "7S 8S 9S TS"
    assert str(on_tens) == "TS TH TD TC"
    # Separate choices: laying it off on one leaves the other meld as it was.
    assert str(run) == "7S 8S 9S"
    assert str(tens) == "TH TD TC"


def test_l4_hearts_run_and_nines():
    # rules L4: A melded 5-6-7♥, B melded 9-9-9; B lays off 8♥ on A's run;
    # C lays off 9♥ on the run or on the nines; only if it went on the run may
    # D lay off 10♥ on the run.
    run = layoff(make_meld("5H 6H 7H", DEFAULT), "8H", DEFAULT)
    nines = make_meld("9S 9D 9C", DEFAULT)
    assert str(run) == "5H 6H 7H 8H"

    nine_on_run = layoff(run, "9H", DEFAULT)
    assert str(nine_on_run) == "5H 6H 7H 8H 9H"
    assert str(layoff(nine_on_run, "TH", DEFAULT)) == "5H 6H 7H 8H 9H TH"

    nine_on_nines = layoff(nines, "9H", DEFAULT)
    assert str(nine_on_nines) == "9S 9H 9D 9C"
    assert refused_layoff(run, "TH") == "L3"
    assert refused_layoff(nine_on_nines, "TH") == "L2"


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


# ---------------------------------------------------------------------------
# L5 a lay-off scores for the player who laid it off


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


# ---------------------------------------------------------------------------
# Properties: lay-offs against the reference model


@given(st.data())
def test_layoff_agrees_with_the_reference_model(data):
    meld_rules, texts = data.draw(rules_and_meld_texts())
    meld = make_meld(texts, meld_rules)
    added = data.draw(layoff_texts(texts))
    expected = reference.layoff_result(
        [reference.parse_spec(t) for t in texts],
        meld.kind.value,
        [reference.parse_spec(t) for t in added],
        meld_rules,
    )
    if expected is None:
        with pytest.raises(InvalidMeldError) as info:
            layoff(meld, added, meld_rules)
        assert layoff_problem(meld, added, meld_rules) == str(info.value)
    else:
        result = layoff(meld, added, meld_rules)
        assert str(result) == expected
        assert result.kind == meld.kind
        assert make_meld(str(result), meld_rules) == result
        added_codes = [MeldCard.parse(text).code for text in added]
        assert Counter(result.codes) == Counter(meld.codes) + Counter(added_codes)
        assert layoff_problem(meld, added, meld_rules) is None


@given(st.data())
def test_layoff_results_stay_valid_melds(data):
    meld_rules, texts = data.draw(rules_and_meld_texts())
    meld = make_meld(texts, meld_rules)
    for _ in range(3):
        added = data.draw(layoff_texts([str(spec) for spec in meld.specs]))
        try:
            meld = layoff(meld, added, meld_rules)
        except InvalidMeldError:
            continue
        assert make_meld(str(meld), meld_rules) == meld


@given(st.data())
def test_l3_every_listed_lay_off_is_the_one_layoff_makes_and_runs_list_the_same_cards(data):
    meld_rules, texts = data.draw(rules_and_meld_texts())
    meld = make_meld(texts, meld_rules)
    suit = next((SPEC_SUIT[code] for code in meld.codes if SPEC_SUIT[code] >= 0), 0)
    near = st.one_of(st.integers(suit * 13, suit * 13 + 12), st.integers(0, 52), st.just(52))
    codes = data.draw(st.lists(near, max_size=12))
    pool = Pool(bytes(codes))
    required = data.draw(
        st.one_of(st.none(), st.sampled_from([*codes, 52]) if codes else st.none())
    )
    knobs = profile(meld_rules)
    listed = layoffs_from_pool(meld, pool, knobs.jokers_wild, knobs.ace, required)
    for laid, result in listed:
        assert layoff(meld, [MeldCard.from_code(code) for code in laid], meld_rules) == result
        if required is not None:
            assert required in {SPEC_PHYSICAL[code] for code in laid}
    if meld.kind is MeldKind.RUN:
        held = pool.suit_masks[suit]
        cards = run_layoff_cards(meld, held, pool.jokers, knobs.jokers_wild, knobs.ace, required)
        assert cards == tuple(laid for laid, _result in listed)


@pytest.mark.parametrize("preset", ["pagat", "basic_rummy", "persian", "dealers_gambit"])
def test_the_lay_off_targets_after_a_play_are_those_of_the_table_read_afresh(preset):
    # After a play, the generator's index of the melds that take lay-offs is
    # derived from the previous table's: it must equal the index read afresh.
    import random

    from rummy500 import apply_move, legal_moves, new_game
    from rummy500._engine.targets import _INDEXES, TargetIndex, target_index, target_of
    from rummy500.presets import PRESETS

    rules = PRESETS[preset]
    rng = random.Random(7)
    checked = derived = 0
    for seed in range(12):
        state = new_game(rules, rules.min_players, seed=seed)
        while not state.is_over:
            before = state.melds
            state = apply_move(state, rng.choice(legal_moves(state)))
            if state.melds is not before and id(state.melds) in _INDEXES:
                derived += 1  # indexed by the play itself, not read afresh below
            found = target_index(state.melds)
            fresh = TargetIndex(
                [t for n, m in enumerate(state.melds) if (t := target_of(n, m)) is not None]
            )
            assert (found.every, found.group_ranks, found.run_suits) == (
                fresh.every,
                fresh.group_ranks,
                fresh.run_suits,
            )
            checked += bool(state.melds)
    assert checked > 50
    assert derived > 5


def test_l5_equal_credits_of_table_melds_are_one_tuple():
    # A table meld is rebuilt at every lay-off on it, and a hand's states keep every
    # version: equal credits (who laid each card, L5) share one tuple.
    import random

    from rummy500 import apply_move, legal_moves, new_game
    from rummy500._engine.credits import _CREDITS

    _CREDITS.clear()  # a table emptied when full may start afresh between two equal credits
    rng = random.Random(3)
    seen: dict[tuple[int, ...], tuple[int, ...]] = {}
    built = 0  # table melds built by the moves (new melds and lay-offs)
    for seed in range(8):
        state = new_game(seed=seed)
        while not state.is_over:
            before = state.melds
            state = apply_move(state, rng.choice(legal_moves(state)))
            for number, table_meld in enumerate(state.melds):
                assert seen.setdefault(table_meld.by, table_meld.by) is table_meld.by
                built += number >= len(before) or table_meld is not before[number]
    assert len(seen) > 5
    assert built > 2 * len(seen)


def test_l5_a_lay_off_keeps_the_old_cards_credits_and_credits_the_new_ones():
    # Along random hands of every preset: each lay-off's credits are the old meld's,
    # card for card (each code's old credits in order), and the player's for the
    # cards laid off, as a count of the credits by code says.
    import random

    from rummy500 import apply_move, legal_moves, new_game, presets

    checked = 0
    for name in presets.names():
        rules = presets.get(name)
        rng = random.Random(name)
        for seed in range(4):
            state = new_game(rules, rules.min_players, seed=seed)
            while not state.is_over:
                move = rng.choice(legal_moves(state))
                after = apply_move(state, move)
                play = getattr(move, "play", move)
                if isinstance(play, LayoffMove):
                    old, new = state.melds[play.target], after.melds[play.target]
                    expected: dict[int, list[int]] = {}
                    for code, seat in zip(old.meld.codes, old.by, strict=True):
                        expected.setdefault(code, []).append(seat)
                    credits = [
                        expected[code].pop(0) if expected.get(code) else play.player
                        for code in new.meld.codes
                    ]
                    assert new.by == tuple(credits), (name, old, new)
                    checked += 1
                state = after
    assert checked > 100
