"""Player views (rummy500.views): what a seat sees, known cards, and resampling.

The central property: a view depends only on what its seat may know.  Any
reshuffle of the cards it cannot see — the other hands less their known
cards, and the stock — and any other seed leave the view, its known cards,
its repr, its str, its dict, its JSON and its picture (SVG) exactly as they
were.  Known cards are checked move by move on
scripted hands, and :func:`resample` must give a valid position that looks
the same from the seat.

Rule ids: none of their own (the views of every rule's moves: R1 calls, T9
out-of-turn plays, E4 final lay-offs, V7's blind nomination).  The strategy
:func:`~tests.strategies.tracked_states` plays random hands and tracks the
known cards; the bots of tests/test_bots.py use it too.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummy500 import (
    Card,
    Draw,
    EndHand,
    GameState,
    LayoffMove,
    MeldMove,
    Pass,
    Phase,
    PositionError,
    Take,
    legal_moves,
    new_game,
    parse_move,
    presets,
)
from rummy500._engine import mover_stranded
from rummy500._engine.dead_ends import mover_may_be_stranded
from rummy500._engine.ruleset import profile
from rummy500.state import open_cards
from rummy500.svg import render
from rummy500.testing import states
from rummy500.views import KnownCards, PlayerView, observe, resample, track
from tests.helpers import PLAYED_PRESETS
from tests.positions import play, position
from tests.strategies import preset_rules, tracked_states


def hidden_shuffle(state: GameState, seat: int, known: KnownCards, rng: random.Random) -> GameState:
    """``state`` with every card ``seat`` cannot see dealt anew among the hidden places.

    The hidden places are the other hands less their known cards (all of each
    hand once the hand is over: the hands are then laid open) and the stock;
    each keeps its size.  The seed changes too.
    """
    hidden_hands: list[list[Card]] = []
    pool: list[Card] = []
    for other, hand in enumerate(state.hands):
        if other == seat or state.is_over:
            hidden_hands.append([])
            continue
        rest = Counter(hand) - Counter(known.of(other))
        hidden_hands.append(sorted(rest.elements()))
        pool.extend(rest.elements())
    pool.extend(state.stock)
    rng.shuffle(pool)
    hands = []
    for other, hand in enumerate(state.hands):
        if other == seat or state.is_over:
            hands.append(hand)
            continue
        count = len(hidden_hands[other])
        dealt, pool = pool[:count], pool[count:]
        hands.append(tuple(sorted([*known.of(other), *dealt])))
    assert len(pool) == len(state.stock)
    seed = None if state.seed is None else state.seed + 1
    return attrs.evolve(state, hands=tuple(hands), stock=tuple(pool), seed=seed)


def reveals_mover(state: GameState, seat: int) -> bool:
    """Whether the legal moves of ``seat`` may depend on the hand of the player to move.

    Under out-of-turn melding (T9) the engine refuses a play that would leave
    the player to move unable to end the turn (N1), which depends on that
    player's hand: only then may the other seats' out-of-turn plays differ.
    """
    return (
        state.rules.out_of_turn_melding
        and seat != state.to_move
        and mover_may_be_stranded(profile(state.rules), state)
    )


def assert_same_view(first: PlayerView, second: PlayerView, *, moves: bool = True) -> None:
    """The two views are equal; with ``moves=False`` their legal moves may differ.

    They may then differ only by out-of-turn plays (see :func:`reveals_mover`).
    """
    if not moves:
        for move in set(first.legal_moves) ^ set(second.legal_moves):
            assert isinstance(move, (MeldMove, LayoffMove))
        first = attrs.evolve(first, legal_moves=())
        second = attrs.evolve(second, legal_moves=())
    assert first == second
    assert first.known == second.known
    assert repr(first) == repr(second)
    assert str(first) == str(second)
    assert first.to_dict() == second.to_dict()
    assert first.to_json() == second.to_json()
    assert render(first) == render(second)
    assert hash(first) == hash(second)


# ---------------------------------------------------------------------------
# Nothing hidden leaks


@given(states(), st.data())
def test_view_of_a_state_without_history_hides_every_hidden_card(
    state: GameState, data: st.DataObject
) -> None:
    seat = data.draw(st.integers(0, state.num_players - 1))
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    known = KnownCards(state.known)
    view = observe(state, seat)
    for _ in range(3):
        shuffled = hidden_shuffle(state, seat, known, rng)
        assert_same_view(observe(shuffled, seat), view, moves=not reveals_mover(state, seat))


@given(tracked_states(), st.data())
def test_view_hides_every_card_but_the_known_ones(
    tracked: tuple[GameState, KnownCards], data: st.DataObject
) -> None:
    state, known = tracked
    seat = data.draw(st.integers(0, state.num_players - 1))
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    view = observe(state, seat, known)
    for _ in range(3):
        shuffled = hidden_shuffle(state, seat, known, rng)
        moves = not reveals_mover(state, seat)
        assert_same_view(observe(shuffled, seat, known), view, moves=moves)


@given(tracked_states(preset_rules()), st.data())
def test_view_hides_every_card_but_the_known_ones_under_the_presets(
    tracked: tuple[GameState, KnownCards], data: st.DataObject
) -> None:
    state, known = tracked
    seat = data.draw(st.integers(0, state.num_players - 1))
    view = observe(state, seat, known)
    shuffled = hidden_shuffle(state, seat, known, random.Random(data.draw(st.integers())))
    assert_same_view(observe(shuffled, seat, known), view, moves=not reveals_mover(state, seat))


@given(tracked_states())
def test_view_shows_own_hand_counts_public_fields_and_own_moves(
    tracked: tuple[GameState, KnownCards],
) -> None:
    state, known = tracked
    every_move = legal_moves(state)
    for seat in range(state.num_players):
        view = observe(state, seat, known)
        # The dealer nominates before anyone looks at their cards (V7).
        assert view.hand == (() if state.phase is Phase.NOMINATE else state.hands[seat])
        assert view.hand_sizes == tuple(map(len, state.hands))
        assert (view.joker_effect, view.dealer_joker, view.blocked_by, view.dead) == (
            state.joker_effect,
            state.dealer_joker,
            state.blocked_by,
            state.dead,
        )
        assert view.stock_size == len(state.stock)
        assert (view.discard, view.melds, view.taken) == (state.discard, state.melds, state.taken)
        assert (view.to_move, view.phase, view.result) == (state.to_move, state.phase, state.result)
        assert view.floating == state.floating
        assert view.legal_moves == tuple(move for move in every_move if move.player == seat)
        assert view.known[seat] == ()
        for other in range(state.num_players):
            if other != seat:
                expected = state.hands[other] if state.is_over else known.of(other)
                assert view.known[other] == expected
        assert len(view.unseen) == view.stock_size + sum(
            size - len(cards)
            for other, (size, cards) in enumerate(zip(view.hand_sizes, view.known, strict=True))
            if other != seat or view.blind  # the own hand is unseen while the dealer nominates
        )
        # unseen counts by code what open_cards names: the deck less every card the view shows
        shown = open_cards(view.discard, view.melds, view.dealer_joker, view.dead)
        shown.update(view.hand)
        for cards in view.known:
            shown.update(cards)
        deck = Counter(view.rules.deck(view.num_players))
        deck.subtract(shown)
        assert view.unseen == tuple(sorted(deck.elements()))


@given(tracked_states())
def test_known_cards_are_always_in_their_hands(tracked: tuple[GameState, KnownCards]) -> None:
    state, known = tracked
    for seat, cards in enumerate(known.cards):
        assert not Counter(cards) - Counter(state.hands[seat])


def test_view_dict_has_no_hidden_key_and_is_json() -> None:
    state = new_game(seed=11)
    view = observe(state, 0)
    data = view.to_dict()
    assert not {"hands", "stock", "seed"} & set(data)
    assert json.loads(view.to_json()) == data
    assert data["hand"] == [str(card) for card in state.hands[0]]
    assert data["known"] == [[], []]
    assert str(state.seed) not in view.to_json()
    assert "seed" not in repr(view)
    assert "seed" not in str(view)


def test_view_dict_of_a_finished_hand_holds_the_result() -> None:
    state = position(
        ["5S 6S 7S", "KD QD"],
        discard="2C",
        melds=[("9S 9H 9D", 0)],
        phase="play",
        to_move=0,
    )
    state = play(state, "meld 5S 6S 7S")
    assert state.is_over
    data = observe(state, 0).to_dict()
    assert data["result"]["scores"] == list(state.result.scores)  # type: ignore[union-attr]
    assert data["result"]["reason"] == "went_out"
    assert data["known"] == [[], ["QD", "KD"]]  # the hands are laid open for the count


def test_view_str_shows_own_hand_and_counts() -> None:
    state = position(["5S 6S 7S 2C", "KD QD 4H"], discard="2H", to_move=1, last_discarder=0)
    state = play(state, "take 1")
    known = KnownCards(["", "2H"])
    assert str(observe(state, 0, known)) == (
        "  p0 [ 4] 5S 6S 7S 2C  (you)\n"
        "> p1 [ 4] ?? ?? ?? 2H\n"
        f"  stock {len(state.stock)}, pile (top last): -\n"
        "  p1 to play"
    )


def test_observe_rejects_bad_seats_and_foreign_trackers() -> None:
    state = new_game(seed=3)
    with pytest.raises(ValueError, match=r"seat must be a seat 0\.\.1"):
        observe(state, 2)
    with pytest.raises(ValueError, match="for 3 seats"):
        observe(state, 0, KnownCards(["", "", ""]))
    missing = next(card for card in state.stock if card not in state.hands[1])
    with pytest.raises(ValueError, match="which its hand does not hold"):
        observe(state, 0, KnownCards(["", str(missing)]))


def test_views_are_frozen_values() -> None:
    state = new_game(seed=3)
    view = observe(state, 1)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        view.hand = ()  # type: ignore[misc]
    assert observe(new_game(seed=3), 1) == view
    assert {view: 1}[observe(state, 1)] == 1
    assert observe(state, 0) != view


# ---------------------------------------------------------------------------
# Known cards, move by move


def step(state: GameState, known: KnownCards, text: str) -> tuple[GameState, KnownCards]:
    """Play a legal move given as text; return the next state and known cards."""
    move = parse_move(state, text)
    return play(state, move), track(known, state, move)


def test_known_cards_of_takes_melds_and_discards() -> None:
    state = position(
        ["2S 3D JC QC", "4S 4D 9C 8H 8S TC"],
        discard="KC 4H 8D",
        to_move=1,
        last_discarder=0,
    )
    known = KnownCards.start(state)
    script = [
        ("take 2 meld 4S 4H 4D", ["", "8D"]),  # 4H and 8D taken, 4H melded at once
        ("discard 9C", ["", "8D"]),
        ("draw", ["", "8D"]),  # a stock draw tells the others nothing
        ("discard QC", ["", "8D"]),
        ("take 1", ["", "8D QC"]),
        ("meld 8S 8H 8D", ["", "QC"]),  # 8D is on the table now
        ("discard TC", ["", "QC"]),
        ("draw", ["", "QC"]),
        ("discard JC", ["", "QC"]),
        ("draw", ["", "QC"]),
        ("discard QC", ["", ""]),  # discarded: no longer known
    ]
    for text, expected in script:
        state, known = step(state, known, text)
        assert known == KnownCards(expected), text
        assert observe(state, 0, known).known == ((), KnownCards(expected).of(1))
        assert observe(state, 1, known).known == (KnownCards(expected).of(0), ())


def test_known_cards_of_a_card_taken_beside_an_identical_one() -> None:
    # Two decks: after p1 plays one of its two 7H, nobody can say which one went.
    rules = {"preset": "pagat", "decks": 2}
    state = position(["AS 4D 6C JS", "7H 2C 3C KD 9S"], discard="5D 7H", to_move=1, rules=rules)
    known = KnownCards.start(state)
    state, known = step(state, known, "take 1")
    assert known == KnownCards(["", "7H"])
    assert Counter(state.hands[1])[Card.parse("7H")] == 2
    for text in ("discard 2C", "draw", "discard JS", "draw"):
        state, known = step(state, known, text)
    assert known == KnownCards(["", "7H"])
    state, known = step(state, known, "discard 7H")
    assert known == KnownCards(["", ""])
    assert Card.parse("7H") in state.hands[1]


def test_known_cards_of_a_rummy_call() -> None:
    state = position(
        ["2S 3S 9D KS", "4C 5C 8D", "JD QD 2H 3H"],
        discard="TC 6H",
        melds=[("7H 8H 9H", 0)],
        to_move=0,
        phase="play",
    )
    known = KnownCards.start(state)
    state, known = step(state, known, "discard KS")
    state, known = step(state, known, "p2: rummy 2 layoff 0 6H")  # takes 6H and KS (R1)
    assert known == KnownCards(["", "", "KS"])
    assert (state.to_move, state.phase) == (2, Phase.PLAY)
    state, known = step(state, known, "discard 2H")
    assert known == KnownCards(["", "", "KS"])
    assert observe(state, 1, known).known == ((), (), (Card.parse("KS"),))


def test_known_cards_of_a_layoff_top_call_do_not_change() -> None:
    # R2: the top discard goes straight onto the table, not through the hand.
    rules = {"preset": "pagat", "decks": 2, "rummy_call": "layoff_top"}
    state = position(
        ["2S 3S 9D 6H KS", "6H 4C 5C 8D"],
        discard="TC",
        melds=[("7H 8H 9H", 0)],
        to_move=0,
        phase="play",
        rules=rules,
    )
    known = KnownCards(["", "6H"])
    state, known = step(state, known, "discard 6H")
    state, known = step(state, known, "p1: rummy 1 layoff 0 6H")
    assert known == KnownCards(["", "6H"])
    assert Card.parse("6H") in state.hands[1]


def test_known_cards_of_out_of_turn_melds_and_final_layoffs() -> None:
    rules = {"preset": "pagat", "out_of_turn_melding": True, "final_layoff": True}
    state = position(
        ["5S 6S 7S 2D", "5C 6C 7C 8S KD"],
        discard="JH",
        to_move=0,
        phase="play",
        rules=rules,
    )
    known = KnownCards(["", "5C 8S"])
    state, known = step(state, known, "p1: meld 5C 6C 7C")  # out of turn (T9)
    assert known == KnownCards(["", "8S"])
    state, known = step(state, known, "meld 5S 6S 7S")
    state, known = step(state, known, "discard 2D")  # p0 goes out: final lay-offs (E4)
    assert state.phase is Phase.FINAL_LAYOFF
    state, known = step(state, known, "p1: layoff 1 8S")
    assert known == KnownCards(["", ""])


def test_known_cards_ignore_draws_passes_and_ends() -> None:
    state = position(["2S 3D", "4S 4D"], discard="KC", stock="", to_move=1, rest="pile")
    known = KnownCards(["", "4S"])
    assert track(known, state, EndHand(1)) is known
    assert track(known, state, Pass(1)) is known
    dealt = new_game(seed=1)
    nothing = KnownCards.start(dealt)
    assert track(nothing, dealt, Draw(1)) is nothing
    assert track(nothing, dealt, Take(1, 1)) == KnownCards(["", str(dealt.discard[-1])])


def test_tracker_repr_rebuilds_it() -> None:
    known = KnownCards(["2C 7H", "", "JK"])
    assert repr(known) == "KnownCards(['7H 2C', '', 'JK'])"
    assert eval(repr(known)) == known
    assert known.after(new_game(players=3, seed=1), Draw(1)) == known


def test_track_rejects_a_tracker_of_another_table() -> None:
    with pytest.raises(ValueError, match="for 3 seats"):
        track(KnownCards(["", "", ""]), new_game(seed=1), Draw(1))


# ---------------------------------------------------------------------------
# Resampling


@given(tracked_states(), st.data())
def test_resample_gives_a_valid_state_with_the_same_view(
    tracked: tuple[GameState, KnownCards], data: st.DataObject
) -> None:
    state, known = tracked
    seat = data.draw(st.integers(0, state.num_players - 1))
    view = observe(state, seat, known)
    guess = resample(view, random.Random(data.draw(st.integers())))
    rebuilt = GameState.from_dict(guess.to_dict())  # a valid position
    # The rules are compared apart: a custom card value table equal to a named
    # one comes back from a position under its name (a serialize issue).
    assert attrs.evolve(rebuilt, rules=guess.rules) == guess
    assert rebuilt.rules.card_values.table == guess.rules.card_values.table
    moves = not reveals_mover(state, seat)
    assert_same_view(observe(guess, seat, known), view, moves=moves)
    assert_same_view(observe(guess, seat, KnownCards(view.known)), view, moves=moves)
    if view.blind:  # the dealer nominates before anyone looks at their cards (V7)
        assert view.hand == ()
        assert len(guess.hands[seat]) == len(state.hands[seat])
    else:
        assert guess.hands[seat] == state.hands[seat]
    assert guess.seed != state.seed


@pytest.mark.parametrize("preset", PLAYED_PRESETS)
@given(data=st.data())
def test_resample_gives_a_valid_state_with_the_same_view_under_every_preset(
    preset: str, data: st.DataObject
) -> None:
    """``observe(resample(v), seat) == v`` and the guess is a valid position (every preset)."""
    state, _ = data.draw(tracked_states(st.just(presets.get(preset))))
    seat = data.draw(st.integers(0, state.num_players - 1))
    view = observe(state, seat)
    guess = resample(view, data.draw(st.integers()))
    assert GameState.from_dict(guess.to_dict()) == guess
    assert_same_view(observe(guess, seat), view, moves=not reveals_mover(state, seat))
    assert guess.known == view.known


def test_resample_keeps_the_cards_taken_this_turn_with_the_seat_to_move() -> None:
    # A position without history: nothing is known, but p1 took 3D from the pile
    # this turn and has not melded it, so p1 holds it.
    state = position(
        ["2S 4D JC QC 9C", "3D 8H 9H 4C 5D 6S"], discard="8D", to_move=1, phase="play", taken="3D"
    )
    assert state.known == ((), ())
    for seed in range(30):
        guess = resample(observe(state, 0), seed)
        assert Card.parse("3D") in guess.hands[1]
        assert GameState.from_dict(guess.to_dict()) == guess


def test_resample_n1_deals_the_seat_to_move_a_hand_that_can_finish_the_turn() -> None:
    # T8 under the wikipedia preset: p1 melded 15 points taking 3D and must reach 30
    # this turn; the engine allowed it, so p1's hidden hand can (N1).
    state = position(
        ["2S 4D JC QC 9H", "KS KH KD 4C 5D 3S 3H"],
        discard="8D 3D",
        to_move=1,
        last_discarder=0,
        rules="wikipedia",
    )
    state = play(state, "take 1 meld 3S 3H 3D")
    assert (state.turn_points, state.opened) == (15, frozenset())
    for seed in range(30):
        guess = resample(observe(state, 0), seed)
        assert not mover_stranded(guess)
        assert GameState.from_dict(guess.to_dict()) == guess


def test_resample_is_deterministic_given_the_generator() -> None:
    view = observe(new_game(seed=4), 0)
    assert resample(view, random.Random(9)) == resample(view, 9)
    assert resample(view, 9) != resample(view, 10)


def test_resample_deals_every_unseen_card_alike() -> None:
    state = new_game(seed=4)
    view = observe(state, 0)
    rng = random.Random(1)
    in_hand: Counter[Card] = Counter()
    samples = 400
    for _ in range(samples):
        in_hand.update(resample(view, rng).hands[1])
    share = 13 / len(view.unseen)  # 13 of the 40 unseen cards are in p1's hand
    for card in set(view.unseen):
        copies = view.unseen.count(card)
        assert abs(in_hand[card] / samples / copies - share) < 0.12, card


def test_resample_keeps_known_cards_and_the_laid_open_hands() -> None:
    state = position(["2S 3D JC QC", "4S 4D 9C 8H"], discard="KC 4H 8D", to_move=1)
    known = KnownCards.start(state)
    state, known = step(state, known, "take 2 meld 4S 4H 4D")
    for seed in range(20):
        assert Card.parse("8D") in resample(observe(state, 0, known), seed).hands[1]
    over = position(["5S 6S 7S", "KD QD"], discard="2C", phase="play", to_move=0)
    over = play(over, "meld 5S 6S 7S")
    guess = resample(observe(over, 0), 3)
    assert guess.hands == over.hands
    assert guess.result == over.result
    assert sorted(guess.stock) == sorted(over.stock)


def test_resample_rejects_a_view_whose_counts_do_not_fit() -> None:
    view = observe(new_game(seed=4), 0)
    with pytest.raises(ValueError, match="counts do not match"):
        resample(attrs.evolve(view, stock_size=view.stock_size + 1), 1)
    with pytest.raises(ValueError, match="is known to hold"):
        resample(attrs.evolve(view, known=((), tuple(view.unseen[:14]))), 1)
    with pytest.raises(ValueError, match="does not hold"):
        attrs.evolve(view, discard=view.discard + view.hand).unseen  # noqa: B018


@given(tracked_states(), st.data())
def test_the_state_keeps_the_known_cards_as_the_tracker_does(
    tracked: tuple[GameState, KnownCards], data: st.DataObject
) -> None:
    """``apply_move`` maintains ``GameState.known``; it is what ``track`` deduces move by move."""
    state, known = tracked
    assert state.known == known.cards
    assert GameState.from_dict(state.to_dict()) == state


# ---------------------------------------------------------------------------
# Views as data: to_dict / from_dict, to_json / from_json


@given(tracked_states(), st.data())
def test_view_dict_and_json_round_trip_exactly(
    tracked: tuple[GameState, KnownCards], data: st.DataObject
) -> None:
    state, _ = tracked
    seat = data.draw(st.integers(0, state.num_players - 1))
    view = observe(state, seat)
    written = view.to_dict()
    again = PlayerView.from_dict(written)
    assert again == view
    assert again.to_dict() == written
    assert PlayerView.from_json(view.to_json()) == view
    assert PlayerView.from_dict(json.loads(json.dumps(written))) == view


@pytest.mark.parametrize("preset", PLAYED_PRESETS)
@given(data=st.data())
def test_view_dict_round_trips_under_every_preset(preset: str, data: st.DataObject) -> None:
    state, _ = data.draw(tracked_states(st.just(presets.get(preset))))
    for seat in range(state.num_players):
        view = observe(state, seat)
        assert PlayerView.from_json(view.to_json()) == view
        # to_json assembles kept pieces: the same text as the dict written whole
        assert view.to_json() == json.dumps(view.to_dict(), separators=(",", ":"))


def _edited(data: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    """A deep copy of ``data`` with the key at ``path`` (dotted) set to ``value``."""
    copy = json.loads(json.dumps(data))
    *parents, last = path.split(".")
    target = copy
    for key in parents:
        target = target[int(key)] if isinstance(target, list) else target[key]
    if isinstance(target, list):
        target[int(last)] = value
    else:
        target[last] = value
    return copy


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        ("format", 2, "'format': expected 1"),
        ("seat", True, "'seat': expected a seat 0..1, got True"),
        ("rules", "poker", "'rules': unknown preset"),
        ("phase", "dance", "'phase': expected one of"),
        ("hand.0", "ZZ", "'hand[0]'"),
        ("hand.0", "as", "'as' is not a card in canonical form (e.g. 'AS')"),
        ("hand_sizes", [13], "'hand_sizes': these rules are for 2 to 8 players"),
        ("hand_sizes", [12, 13], "'hand': expected 12 cards"),
        ("known", [["KS"], []], "the seat's own entry is empty"),
        ("known", [[], ["JK", "JK", "JK"]], "does not hold"),
        ("stock_size", 28, "the counts do not match the cards"),
        ("stock_size", 1.0, "'stock_size': expected a whole number"),
        ("melds", [{"cards": ["2S", "3S"], "by": [0, 0]}], "'melds[0].cards'"),
        ("turn", {"taken": []}, "'turn': missing keys"),
        ("went_out", {"seat": 0}, "'went_out': missing keys"),
        ("legal_moves", ["p1: draw"], "expected a move of p0"),
        ("legal_moves", ["p0: fly"], "'legal_moves[0]'"),
        ("gambit", {}, "'gambit': expected null"),
        ("result", {"scores": [1, 2]}, "'result': missing keys"),
        ("extra", 1, "'view': unknown keys ['extra']"),
    ],
)
def test_view_from_dict_names_what_is_wrong(path: str, value: Any, message: str) -> None:
    data = observe(new_game(seed=7), 0).to_dict()
    with pytest.raises(PositionError) as info:
        PlayerView.from_dict(_edited(data, path, value))
    assert message in str(info.value)
    assert isinstance(info.value, ValueError)


def test_view_from_json_refuses_what_is_not_a_view() -> None:
    for text in ("[]", "{", "[" * 100 + "]" * 100, '"view"'):
        with pytest.raises(PositionError):
            PlayerView.from_json(text)
    data = observe(new_game(seed=7), 0).to_dict()
    del data["stock_size"]
    with pytest.raises(PositionError, match="missing keys"):
        PlayerView.from_dict(data)
