"""Cards and deal (rules §1): D1–D8, under the default rules and the variant knobs.

D1 jokers per deck, D2 player counts, D3 decks, D4 hand sizes, D5 the deal
(one card at a time from the dealer's left, or right when play goes
counterclockwise), D6 the upcard or the chooser's first discard, D7 who plays
first and who deals next (``next_dealer``), D8 the discard pile.  Moves go
through :func:`tests.positions.play` and :func:`tests.positions.illegal`,
which check that ``is_legal``, ``check_move`` and ``legal_moves`` agree.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rummy500 import (
    JOKER,
    CallRummy,
    Discard,
    Draw,
    GameState,
    InvalidArgumentError,
    LayoffMove,
    Phase,
    Reason,
    Rules,
    RulesError,
    make_deck,
    new_game,
    presets,
)
from rummy500._engine.deal import deal
from rummy500._engine.ruleset import profile
from rummy500.match import apply_match_move, hand_seed, match_legal_moves, new_match
from rummy500.positions import rules_from_data
from tests.helpers import (
    CHOOSER,
    PAGAT,
    SEED,
    all_cards,
    both,
    cards,
    exhaust,
    go_out,
    hand,
    knobs,
    legal,
    random_move,
    start,
    under,
)
from tests.positions import illegal, play, position, texts

# ---------------------------------------------------------------------------
# D1 jokers per deck (jokers_per_deck: 0, 1, 2, 4)


@pytest.mark.parametrize(
    ("decks", "jokers_per_deck", "size"),
    [(1, 0, 52), (1, 1, 53), (1, 2, 54), (1, 4, 56), (2, 0, 104), (2, 2, 108), (2, 4, 112)],
)
def test_d1_d3_deck_sizes(decks, jokers_per_deck, size):
    deck = make_deck(decks, jokers_per_deck)
    assert len(deck) == size
    counts = Counter(deck)
    assert counts[JOKER] == decks * jokers_per_deck
    assert all(counts[card] == decks for card in counts if not card.is_joker)
    assert len(counts) == 52 + (jokers_per_deck > 0)


def test_d1_default_deck_is_52_cards_and_2_jokers():
    assert len(make_deck()) == 54
    assert len(Rules().deck(2)) == 54


def test_d1_no_jokers_variant_has_52_cards():
    assert len(Rules(jokers_per_deck=0).deck(3)) == 52


def test_d1_persian_rummy_has_56_cards():
    assert len(presets.get("persian").deck(4)) == 56
    assert make_deck(1, 4).count(JOKER) == 4


@pytest.mark.parametrize(("decks", "jokers_per_deck"), [(0, 2), (3, 2), (1, 3), (1, 5), (2, -1)])
def test_d1_d3_impossible_decks_are_refused(decks, jokers_per_deck):
    with pytest.raises(ValueError, match="must be"):
        make_deck(decks, jokers_per_deck)


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
# D2 player counts


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


# ---------------------------------------------------------------------------
# D3 decks (decks: auto, 1, 2)


@pytest.mark.parametrize(("players", "decks", "size"), [(2, 1, 54), (4, 1, 54), (5, 2, 108)])
def test_d3_two_decks_from_five_players(players, decks, size):
    rules = Rules()
    assert rules.num_decks(players) == decks
    assert len(rules.deck(players)) == size


def test_d3_explicit_deck_count():
    assert Rules(decks=2).num_decks(2) == 2
    assert len(Rules(decks=2).deck(2)) == 108
    assert Rules(decks=1, max_players=4).num_decks(4) == 1


def test_d3_a_single_deck_too_small_for_the_players_is_refused():
    # 8 players get 7 cards each: 56 cards plus the upcard and a stock card > 54.
    # The rules are valid (fewer players can be dealt); the deal names both.
    with pytest.raises(ValueError, match=r"8 players need 58 cards .* one deck has 54"):
        new_game(Rules(decks=1, max_players=8), 8)


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
    rules = Rules(decks=1)  # valid: 2 to 7 players can be dealt from one deck
    with pytest.raises(InvalidArgumentError, match=r"8 players need 58 cards .* one deck has 54"):
        new_game(rules, 8, seed=1)
    with pytest.raises(RulesError, match="no player count can be dealt: 8 players need 58"):
        Rules(decks=1, min_players=8)


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


def test_d3_d4_hand_sizes_the_deck_cannot_hold_are_refused():
    rules = Rules(hand_size={2: 27, 3: 7, 4: 7, 5: 7, 6: 7, 7: 7, 8: 7})
    with pytest.raises(InvalidArgumentError, match=r"2 players need 56 cards .* \(D3, D4\)"):
        new_game(rules, 2, seed=1)
    assert len(new_game(rules, 3, seed=1).hands[0]) == 7
    with pytest.raises(RulesError, match=r"2 players need 56 cards .* \(D3, D4\)"):
        Rules(hand_size={2: 27}, max_players=2)


# ---------------------------------------------------------------------------
# D4 hand sizes (hand_size as a mapping: [B] 10/7/6)


@pytest.mark.parametrize(("players", "size"), [(2, 13), (3, 7), (4, 7), (8, 7)])
def test_d4_hand_sizes(players, size):
    assert Rules().hand_size_for(players) == size


def test_d4_basic_rummy_hand_sizes():
    basic = presets.get("basic_rummy")
    assert [basic.hand_size_for(n) for n in range(2, 7)] == [10, 7, 7, 6, 6]


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


# ---------------------------------------------------------------------------
# D5 the deal


@pytest.mark.parametrize(("players", "dealer"), [(2, 0), (2, 1), (3, 2), (4, 1), (5, 4)])
def test_d5_deal_one_card_at_a_time_starting_left_of_the_dealer(players, dealer):
    rules = Rules()
    deck = list(reversed(rules.deck(players)))
    state = new_game(rules, players, deck=deck, dealer=dealer)
    size = 13 if players == 2 else 7
    first = (dealer + 1) % players
    for offset in range(players):
        seat = (first + offset) % players
        dealt = deck[offset : size * players : players]
        assert state.hands[seat] == tuple(sorted(dealt))
    assert state.discard == (deck[size * players],)  # the upcard
    assert state.stock == tuple(deck[size * players + 1 :])
    assert state.dealer == dealer


@pytest.mark.parametrize("preset", ["pagat", "dealers_gambit", "basic_rummy"])
@pytest.mark.parametrize("players", [2, 4])
def test_d5_d6_a_new_game_is_the_state_its_public_constructor_builds(preset, players):
    rules = presets.get(preset)
    state = new_game(rules, players, seed=7, dealer=1)
    dealt = deal(profile(rules), players, seed=7, dealer=1)
    built = GameState(
        rules=rules,
        dealer=1,
        to_move=state.to_move,
        phase=state.phase,
        hands=dealt.hands,
        stock=dealt.stock,
        discard=dealt.discard,
        seed=dealt.seed,
        dealer_joker=dealt.dealer_joker,
    )
    assert type(state) is GameState
    assert state == built
    assert hash(state) == hash(built)
    assert [getattr(state, name) for name in GameState.__match_args__] == [
        getattr(built, name) for name in GameState.__match_args__
    ]


def test_d5_move_by_a_seat_that_does_not_exist_names_the_rule():
    state = position(["4H 9C KC", "3H", "2S"], discard="2D 6S", melds=[("7S 8S 9S", 1)])
    illegal(state, Draw(3), Reason.NOT_A_MOVE, "D5")
    illegal(state, CallRummy(9, 1, LayoffMove(9, 0, "6S")), Reason.NOT_A_MOVE, "D5")


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


# ---------------------------------------------------------------------------
# D6 the upcard, or first_discard = chooser


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
# D7 who plays first; next_dealer (left, winner); hands dealt from the match seed


@pytest.mark.parametrize(("players", "dealer"), [(2, 0), (2, 1), (3, 2), (4, 0)])
def test_d7_player_left_of_dealer_plays_first_then_clockwise(players, dealer):
    state = new_game(Rules(), players, seed=11, dealer=dealer)
    expected = (dealer + 1) % players
    assert (state.to_move, state.phase) == (expected, Phase.DRAW)
    for _ in range(players + 1):
        state = play(state, "draw")
        state = play(state, Discard(state.to_move, state.hands[state.to_move][0]))
        expected = (expected + 1) % players
        assert (state.to_move, state.phase) == (expected, Phase.DRAW)


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


@pytest.mark.parametrize(("players", "dealer", "following"), [(2, 0, 1), (3, 1, 2), (4, 3, 0)])
def test_d7_next_dealer_is_left_of_the_dealer(players: int, dealer: int, following: int) -> None:
    match = go_out(start(PAGAT, players), 0, dealer=dealer)
    assert match.history[0].dealer == dealer
    assert match.hand.dealer == following
    assert match.hand.to_move == (following + 1) % players  # D7: left of the dealer plays first


def test_d7_next_dealer_left_also_after_stock_exhaustion() -> None:
    match = exhaust(start(PAGAT, 3), 0, dealer=2)
    assert match.hand.dealer == 0


def test_d7_next_dealer_left_is_the_next_seat_in_playing_order() -> None:
    rules = Rules(direction="counterclockwise")
    match = go_out(start(rules, 3), 0, dealer=1)
    assert match.hand.dealer == 0
    match = go_out(match, 1, dealer=0)
    assert match.hand.dealer == 2


@pytest.mark.parametrize("out", [0, 1, 2])
def test_d7_next_dealer_winner_is_the_seat_that_went_out(out: int) -> None:
    rules = Rules(next_dealer="winner")
    match = go_out(start(rules, 3), out, dealer=1)
    assert match.hand.dealer == out


def test_d7_next_dealer_winner_without_a_winner_is_left_of_the_dealer() -> None:
    rules = Rules(next_dealer="winner")
    match = exhaust(start(rules, 3), 0, dealer=2)
    assert match.hand.dealer == 0


def test_d7_next_dealer_first_hand_is_dealt_by_the_given_dealer() -> None:
    for dealer in range(3):
        match = new_match(PAGAT, 3, seed=SEED, dealer=dealer)
        assert match.hand.dealer == dealer
        assert match.hand.to_move == (dealer + 1) % 3


def test_d7_next_dealer_hands_are_dealt_from_the_match_seed() -> None:
    rules = Rules(target_score=10_000, hand_limit=3)
    match = new_match(rules, 3, seed=SEED, dealer=2)
    assert match.hand == new_game(rules, 3, seed=hand_seed(SEED, 1), dealer=2)
    rng = random.Random(5)
    hands = [match.hand]
    while not match.is_over:
        before = match.number
        match = apply_match_move(match, random_move(match_legal_moves(match), rng))
        if match.number != before and not match.is_over:
            hands.append(match.hand)
    assert len(hands) == len(match.history) >= 2
    for number, (dealt, record) in enumerate(zip(hands, match.history, strict=True), start=1):
        assert record.number == number
        assert record.seed == hand_seed(SEED, number)
        assert record.dealer == dealt.dealer == (2 + number - 1) % 3
        assert dealt == new_game(rules, 3, seed=hand_seed(SEED, number), dealer=dealt.dealer)


# ---------------------------------------------------------------------------
# D8 the discard pile


def test_d8_discard_pile_is_spread_in_order():
    state = position(["2S 5D KC", "TD 8D 3H"], discard="2C 9D 4H", stock="QS")
    assert state.discard == cards("2C 9D 4H")
    assert state.to_dict()["discard"] == ["2C", "9D", "4H"]
    state = play(state, "draw")
    state = play(state, "discard KC")
    assert state.discard == cards("2C 9D 4H KC")
    assert state.to_dict()["discard"] == ["2C", "9D", "4H", "KC"]
    # Every card of the pile is available, in its order: a deep take takes
    # exactly the top cards and leaves the rest in place.
    state = play(state, "take 3 meld 8D 9D TD")
    assert state.discard == cards("2C")


@pytest.mark.parametrize("size", [2, 3, 52, 53, 54, 104, 108])
def test_d3_the_shuffle_is_the_standard_librarys(size):
    # The engine's shuffle writes out random.Random.shuffle (so that it runs
    # compiled in the compiled build): the same permutation for every seed.
    from rummy500._engine.deal import shuffle

    for seed in range(60):
        expected = list(range(size))
        random.Random(seed).shuffle(expected)
        found = list(range(size))
        shuffle(random.Random(seed), found)
        assert found == expected
