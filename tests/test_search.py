"""The search bot: legal and reproducible moves, its budgets, and its rollout policy.

Its strength is measured by ``benchmarks/bench_search.py``, not here.

Rule ids: R1 (a seat out of turn may let its call go by), E1 (hands end).
"""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy500 import (
    Bot,
    Card,
    GreedyBot,
    InvalidArgumentError,
    apply_move,
    legal_moves,
    new_game,
    observe,
    play_hand,
    presets,
)
from rummy500._engine.rollout import RolloutPolicy, _Hand, _Weigher
from rummy500.bots import iter_hand
from rummy500.cards import JOKER_CODE
from rummy500.search import SearchBot, rollout_move


def test_the_search_bot_plays_legal_hands_under_every_preset() -> None:
    for name in presets.names():
        rules = presets.get(name)
        players = rules.min_players
        bots = [
            SearchBot(iterations=4, horizon=6, seed=seat, search_plays=seat == 0)
            for seat in range(players)
        ]
        final = play_hand(new_game(rules, players, seed=4), bots)
        assert final.is_over


def test_an_iteration_budget_is_deterministic_for_a_seed() -> None:
    def play() -> list[str]:
        bots: list[Bot] = [SearchBot(iterations=6, horizon=10, seed=5), GreedyBot(seed=6)]
        return [str(step.move) for step in iter_hand(new_game(seed=8), bots)]

    assert play() == play()


def test_a_time_budget_answers() -> None:
    view = observe(new_game(seed=7), 1)
    move = SearchBot(iterations=None, time_limit=0.05, seed=1).choose(view)
    assert move in view.legal_moves


def test_the_play_phase_follows_greedybot_unless_searched() -> None:
    state = new_game(seed=7)
    state = apply_move(state, legal_moves(state)[0])  # p1 draws: its play phase
    view = observe(state, 1)
    assert SearchBot(iterations=4, seed=3).choose(view) == GreedyBot(seed=3).choose(view)
    searched = SearchBot(iterations=8, horizon=4, seed=3, search_plays=True).choose(view)
    assert searched in view.legal_moves


def test_out_of_turn_the_bot_may_let_its_chance_go_by_R1() -> None:
    # Find a view of a seat that may call "Rummy!" out of turn.
    for seed in range(300):
        state = new_game(presets.get("pagat"), 3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            others = {m.player for m in legal_moves(state)} - {state.to_move}
            if others:
                seat = others.pop()
                view = observe(state, seat)
                move = SearchBot(iterations=16, seed=2).choose(view)
                assert move is None or move in view.legal_moves
                return
            state = apply_move(state, rng.choice(legal_moves(state)))
    raise AssertionError("no call out of turn found")


def test_one_option_needs_no_search() -> None:
    view = observe(new_game(seed=7), 1)
    assert SearchBot(iterations=1).choose(observe(new_game(seed=7), 0)) is None
    assert SearchBot(iterations=1, candidates=1).choose(view) in view.legal_moves


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"iterations": 0}, "iterations must be positive"),
        ({"iterations": None}, "give a budget"),
        ({"time_limit": -1.0}, "time_limit must be positive"),
        ({"candidates": 0}, "candidates must be 1 or more"),
        ({"horizon": 0}, "horizon must be positive"),
    ],
)
def test_bad_budgets(arguments: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidArgumentError, match=message):
        SearchBot(**arguments)  # type: ignore[arg-type]


def test_the_rollout_policy_plays_legal_moves_to_the_end() -> None:
    for name in presets.names():
        rules = presets.get(name)
        state = new_game(rules, rules.min_players, seed=2)
        rng = random.Random(2)
        for _ in range(2000):
            if state.is_over:
                break
            move = rollout_move(state, rng)
            assert move in legal_moves(state)
            state = apply_move(state, move)
        assert state.is_over


def test_the_rollout_policy_takes_the_top_discard_that_completes_a_group() -> None:
    # The top discard is not in the hand: two queens held make it a group of three.
    state = new_game(presets.get("pagat"), 2, seed=1)
    seat = state.to_move
    hands = list(state.hands)
    hands[seat] = tuple(Card.parse(text) for text in ("QS", "QH", "3D", "8C", "5S", "JD", "9H"))
    state = attrs.evolve(state, hands=tuple(hands), discard=(Card.parse("QC"),))
    assert str(rollout_move(state, random.Random(1))) == f"p{seat}: take 1"


# The rollout policy's arithmetic: every card at once, and the change a drawn card makes.

_NATURALS = st.integers(0, JOKER_CODE - 1)
_HANDS = st.lists(st.one_of(_NATURALS, st.just(JOKER_CODE)), max_size=16)


@given(codes=_HANDS, wild=st.booleans(), wrap=st.booleans())
def test_the_uses_of_a_hand_are_those_of_each_card(
    codes: list[int], wild: bool, wrap: bool
) -> None:
    # The uses of every held card at once are those of each card asked alone, as
    # the card added to the rest of the hand.
    hand = _Hand(codes)
    melded, partnered = hand.uses(wild, wrap)
    for index, code in enumerate(codes):
        if code == JOKER_CODE:
            continue
        suit, rank = divmod(code, 13)
        rest = _Hand(codes[:index] + codes[index + 1 :])
        in_meld, partner = rest.uses_of_added(code, wild, wrap)
        assert bool(melded[suit] >> rank & 1) == in_meld
        assert bool(partnered[suit] >> rank & 1) == partner
        assert hand.held_uses(code, wild, wrap) == (in_meld, partner)


@settings(max_examples=60)
@given(
    preset=st.sampled_from(presets.names()),
    seed=st.integers(0, 2**16),
    moves=st.integers(0, 60),
    extra=st.lists(_NATURALS, max_size=3),
    drawn=_NATURALS,
)
def test_a_drawn_cards_change_of_potential_is_the_whole_hands(
    preset: str, seed: int, moves: int, extra: list[int], drawn: int
) -> None:
    rules = presets.get(preset)
    state = new_game(rules, rules.min_players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):  # a table with melds on it, now and then
        if state.is_over:
            break
        state = apply_move(state, rng.choice(legal_moves(state)))
    policy = RolloutPolicy(rules)
    codes = [card.code for card in state.hands[state.to_move]] + extra
    hand = _Hand(codes)
    whole = policy._tenths(state, [*codes, drawn]) - policy._tenths(state, codes, hand)
    assert _Weigher(policy, state, hand).change_with(drawn) == whole
