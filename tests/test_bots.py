"""Bots (rummy500.bots): legal, deterministic, and GreedyBot better than chance.

Every move a bot makes goes through :func:`rummy500.bots.iter_hand`, which
rejects a move the bot's view does not offer and applies it with
:func:`rummy500.apply_move`, which rejects an illegal one; so a hand played
to the end is a hand of legal moves.

Rule ids: none of their own (the driver asks the seats in playing order, R1
and T9; whole hands and matches under every preset, G1–G4).
"""

from __future__ import annotations

from collections.abc import Sequence
from statistics import mean

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummy500 import (
    CallRummy,
    GameState,
    LayoffMove,
    MeldMove,
    Move,
    Rules,
    legal_moves,
    new_game,
    presets,
)
from rummy500.bots import Bot, GreedyBot, RandomBot, Step, iter_hand, play_hand
from rummy500.testing import playable_rules
from rummy500.views import KnownCards, PlayerView, observe, track
from tests.helpers import PLAYED_PRESETS
from tests.positions import position
from tests.strategies import tracked_states


def bots_for(players: int, kinds: str, seed: int) -> list[Bot]:
    """One bot per seat: ``kinds`` is a string of ``g`` (greedy) and ``r`` (random)."""
    bots: list[Bot] = []
    for seat in range(players):
        kind = kinds[seat % len(kinds)]
        bots.append(GreedyBot(seed + seat) if kind == "g" else RandomBot(seed + seat))
    return bots


def checked_steps(state: GameState, bots: Sequence[Bot]) -> list[Step]:
    """Play a hand and check every step: legal, tracked, and the hand over at the end."""
    steps = list(iter_hand(state, bots, max_moves=5000))
    known = KnownCards.start(state)
    for number, step in enumerate(steps):
        assert step.move in legal_moves(step.before), (number, str(step.move))
        known = track(known, step.before, step.move)
        assert step.known == known
        if number:
            assert step.before is steps[number - 1].after
    assert steps[-1].after.is_over
    return steps


# ---------------------------------------------------------------------------
# Single choices


@given(tracked_states(), st.integers(0, 2**16))
def test_bots_choose_one_of_their_legal_moves(
    tracked: tuple[GameState, KnownCards], seed: int
) -> None:
    state, known = tracked
    for seat in range(state.num_players):
        view = observe(state, seat, known)
        for bot in (RandomBot(seed), GreedyBot(seed)):
            move = bot.choose(view)
            if move is None:
                assert not view.is_my_turn or not view.legal_moves
            else:
                assert move in view.legal_moves


@given(tracked_states(), st.integers(0, 2**16))
def test_bots_are_deterministic_given_the_seed_and_view(
    tracked: tuple[GameState, KnownCards], seed: int
) -> None:
    state, known = tracked
    view = observe(state, state.to_move, known)
    again = observe(GameState.from_dict(state.to_dict()), state.to_move, known)
    for make in (RandomBot, GreedyBot):
        assert make(seed).choose(view) == make(seed).choose(again)


def test_random_bot_uses_its_seed() -> None:
    state = position(["2S 3D 4H 9C KD QS", "5S"], discard="TC", phase="play")
    view = observe(state, 0)
    chosen = {str(RandomBot(seed).choose(view)) for seed in range(40)}
    assert len(chosen) > 3
    assert chosen <= {str(move) for move in view.legal_moves}


def test_random_bot_may_let_a_call_go_by() -> None:
    state = position(
        ["2S 3S 9D", "4C 5C 8D", "JD QD 2H 3H"],
        discard="TC 6H",
        melds=[("7H 8H 9H", 0)],
        to_move=1,
        last_discarder=0,
    )
    view = observe(state, 2)
    assert [str(move) for move in view.legal_moves] == ["p2: rummy 1 layoff 0 6H"]
    chosen = {RandomBot(seed).choose(view) for seed in range(40)}
    assert chosen == {None, view.legal_moves[0]}


def test_bots_are_bots() -> None:
    assert isinstance(RandomBot(), Bot)
    assert isinstance(GreedyBot(), Bot)
    assert RandomBot(3) == RandomBot(seed=3)
    assert hash(GreedyBot(1)) == hash(GreedyBot(1))


# ---------------------------------------------------------------------------
# GreedyBot's heuristic


def greedy_move(state: GameState, seat: int | None = None) -> str:
    move = GreedyBot().choose(observe(state, state.to_move if seat is None else seat))
    return str(move)


def test_greedy_melds_the_most_points_first() -> None:
    state = position(["2S 3S 4S KH KD KC 9D", "5C"], discard="TC", phase="play")
    assert greedy_move(state) == "p0: meld KH KD KC"


def test_greedy_does_not_break_a_group_to_lengthen_a_run() -> None:
    # 5-8H is the biggest meld, but 8S 8H 8D and 5-7H score more together.
    state = position(["5H 6H 7H 8H 8S 8D 2C", "5C"], discard="TC", phase="play")
    assert greedy_move(state) == "p0: meld 8S 8H 8D"


def test_greedy_lays_off() -> None:
    state = position(["QS 2D 9C", "5C"], discard="TC", melds=[("9S TS JS", 1)], phase="play")
    assert greedy_move(state) == "p0: layoff 0 QS"


def test_greedy_discards_its_highest_deadwood_card_and_keeps_jokers() -> None:
    state = position(["2C 9D AH JK 7S", "5C"], discard="TC", phase="play")
    assert greedy_move(state) == "p0: discard AH"
    state = position(["JK 9D 5S", "5C"], discard="TC", phase="play")
    assert greedy_move(state) == "p0: discard 9D"


def test_greedy_keeps_partial_melds_over_deadwood() -> None:
    # 9S 9D may become a group: the 5H goes, though the nines are worth more.
    state = position(["9D 9S 4C 5H", "5C"], discard="TC", phase="play")
    assert greedy_move(state) == "p0: discard 5H"


def test_greedy_takes_a_deep_card_that_melds() -> None:
    state = position(["KS KH 2C 5D 9H", "5C"], discard="KD 3C 7S", to_move=0, last_discarder=1)
    assert greedy_move(state) == "p0: take 3 meld KS KH KD"


def test_greedy_draws_rather_than_take_deadwood() -> None:
    state = position(["2S 3S 7H 8H JC", "5C"], discard="KD", to_move=0, last_discarder=1)
    assert greedy_move(state) == "p0: draw"


def test_greedy_calls_rummy_and_lets_a_useless_chance_go() -> None:
    table = {"melds": [("7H 8H 9H", 0)], "to_move": 1, "last_discarder": 0}
    hands = ["2S 3S 9D", "4C 5C 8D", "JD QD 2H 3H"]
    state = position(hands, discard="TC 6H", **table)  # type: ignore[arg-type]
    assert greedy_move(state, 2) == "p2: rummy 1 layoff 0 6H"
    assert GreedyBot().choose(observe(state, 0)) is None  # the discarder has no move
    # Laying off 6H would cost taking KC too, which the hand cannot use: no call.
    state = position(hands, discard="TC 6H KC", **table)  # type: ignore[arg-type]
    assert [str(move) for move in observe(state, 2).legal_moves] == ["p2: rummy 2 layoff 0 6H"]
    assert GreedyBot().choose(observe(state, 2)) is None


# ---------------------------------------------------------------------------
# Whole hands


@pytest.mark.parametrize("preset", PLAYED_PRESETS)
@pytest.mark.parametrize(("players", "kinds"), [(2, "gr"), (3, "rgg"), (4, "g"), (5, "rg")])
def test_bots_play_whole_hands_under_the_presets(preset: str, players: int, kinds: str) -> None:
    rules = presets.get(preset)
    players = max(rules.min_players, min(players, rules.max_players))
    for seed in range(3):
        checked_steps(
            new_game(rules, players, seed=seed, dealer=seed % players),
            bots_for(players, kinds, seed),
        )


@given(
    playable_rules(),
    st.integers(2, 8),
    st.integers(0, 2**32 - 1),
    st.sampled_from(["gr", "r", "g"]),
)
def test_bots_play_whole_hands_under_random_rules(
    rules: Rules, players: int, seed: int, kinds: str
) -> None:
    players = max(rules.min_players, min(players, rules.max_players))
    checked_steps(new_game(rules, players, seed=seed), bots_for(players, kinds, seed))


def test_hands_between_bots_are_deterministic() -> None:
    for preset in PLAYED_PRESETS:
        rules = presets.get(preset)
        players = max(rules.min_players, min(3, rules.max_players))
        state = new_game(rules, players, seed=11)
        first = list(iter_hand(state, bots_for(players, "grg", 5)))
        again = list(iter_hand(state, bots_for(players, "grg", 5)))
        assert [step.move for step in again] == [step.move for step in first]
        assert play_hand(state, bots_for(players, "grg", 5)) == first[-1].after


def test_play_hand_tracks_known_cards_from_a_position() -> None:
    state = position(["2S 3D JC QC", "4S 4D 9C 8H 8S TC"], discard="KC 4H 8D", to_move=1)
    steps = list(iter_hand(state, [GreedyBot(1), GreedyBot(2)], KnownCards(["", ""])))
    assert str(steps[0].move) == "p1: take 2 meld 4S 4H 4D"
    assert steps[0].known == KnownCards(["", "8D"])
    assert steps[-1].after == play_hand(state, [GreedyBot(1), GreedyBot(2)])


def test_greedy_bot_beats_random_bot() -> None:
    """Over 200 two-player hands (each bot in each seat half the time), pagat rules."""
    greedy, chance = [], []
    for hand in range(200):
        seat = hand % 2
        bots: list[Bot] = [RandomBot(hand), RandomBot(hand)]
        bots[seat] = GreedyBot(hand)
        scores = play_hand(new_game(seed=hand, dealer=hand % 2), bots).result.scores  # type: ignore[union-attr]
        greedy.append(scores[seat])
        chance.append(scores[1 - seat])
    wins = sum(g > r for g, r in zip(greedy, chance, strict=True))
    assert mean(greedy) > mean(chance) + 50, (mean(greedy), mean(chance))
    assert wins > 150, wins


# ---------------------------------------------------------------------------
# The driver's policy and errors


class FirstMove:
    """A bot that makes its first legal move, and never lets a chance go by."""

    def choose(self, view: PlayerView) -> Move | None:
        return view.legal_moves[0] if view.legal_moves else None


class Lazy:
    """A bot that never moves."""

    def choose(self, view: PlayerView) -> Move | None:
        return None


class Cheat:
    """A bot that always draws, whatever its view offers."""

    def choose(self, view: PlayerView) -> Move | None:
        from rummy500 import Draw

        return Draw(view.seat)


def test_seats_not_to_move_are_asked_first_in_playing_order() -> None:
    # p0 discarded; p1 is to draw; p2 and p3 could both call: p2 comes first (R1).
    state = position(
        ["2S 3S 9D", "4C 5C 8D", "JD QD 2H 3H", "KC QC 2D 3D"],
        discard="TC 6H",
        melds=[("7H 8H 9H", 0)],
        to_move=1,
        last_discarder=0,
    )
    first = next(iter_hand(state, [FirstMove(), FirstMove(), FirstMove(), FirstMove()]))
    assert isinstance(first.move, CallRummy)
    assert first.move.player == 2
    first = next(iter_hand(state, [FirstMove(), FirstMove(), Lazy(), FirstMove()]))
    assert str(first.move) == "p3: rummy 1 layoff 0 6H"
    first = next(iter_hand(state, [FirstMove(), FirstMove(), Lazy(), Lazy()]))
    assert first.move.player == 1  # everyone let it go by: p1 draws


def test_out_of_turn_plays_are_offered_to_the_other_seats() -> None:
    rules = {"preset": "pagat", "out_of_turn_melding": True}
    state = position(["5S 6S 7S 2D", "5C 6C 7C 8S KD"], discard="JH", phase="play", rules=rules)
    first = next(iter_hand(state, [GreedyBot(), GreedyBot()]))
    assert isinstance(first.move, (MeldMove, LayoffMove))
    assert first.move.player == 1


def test_driver_errors() -> None:
    state = new_game(seed=2)
    with pytest.raises(ValueError, match="one bot per seat"):
        play_hand(state, [RandomBot()])
    with pytest.raises(ValueError, match="returned None"):
        play_hand(state, [Lazy(), Lazy()])
    with pytest.raises(ValueError, match="does not offer"):
        play_hand(state, [Cheat(), Cheat()])
    with pytest.raises(RuntimeError, match="within 5 moves"):
        play_hand(state, [RandomBot(), RandomBot()], max_moves=5)


def test_a_bot_sees_only_its_view() -> None:
    seen: list[PlayerView] = []

    class Spy:
        def choose(self, view: PlayerView) -> Move | None:
            seen.append(view)
            return GreedyBot().choose(view)

    final = play_hand(new_game(seed=8), [Spy(), RandomBot(1)])
    assert final.is_over
    assert seen
    assert all(isinstance(view, PlayerView) for view in seen)
    assert {view.seat for view in seen} == {0}


def test_greedy_bot_knows_a_joker_fits_a_group_of_jokers_under_sets_only() -> None:
    """Under Persian rummy (jokers in sets only, V6) a joker lays off on a group of jokers."""
    from rummy500 import JOKER
    from rummy500.bots import _Evaluator

    state = position(
        ["JK 5S 9D KH", "2C 3C 8H", "4D 6D 7C", "2S 3S 8C"],
        melds=[("JK JK JK", 1)],
        phase="play",
        rules="persian",
    )
    assert _Evaluator(observe(state, 0)).lays_off(JOKER.code)
    assert "p0: layoff 0 JK" in [str(move) for move in legal_moves(state)]


@pytest.mark.parametrize("preset", PLAYED_PRESETS)
def test_bots_play_a_whole_match_to_a_winner_under_every_preset(preset: str) -> None:
    """A match between GreedyBot and RandomBot ends with a winner under every preset (G1–G4)."""
    from rummy500.match import apply_match_move, new_match
    from rummy500.seating import sides

    rules = presets.get(preset)
    players = rules.min_players
    match = new_match(rules, players, seed=7)
    bots: list[Bot] = [GreedyBot(seat) if seat % 2 == 0 else RandomBot(seat) for seat in range(2)]
    bots = [bots[seat % 2] for seat in range(players)]
    for _ in range(100):  # hands
        if match.is_over:
            break
        number = match.number
        for step in iter_hand(match.hand, bots):
            assert step.before == match.hand
            match = apply_match_move(match, step.move)
        assert match.is_over or match.number == number + 1
    result = match.result
    assert result is not None
    assert result.seats == sides(rules, players)[result.winner]
    assert len(result.hands) == len(match.history) >= 1
