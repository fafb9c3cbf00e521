"""The adapters: the token action space, the observations, and the three environments.

The token action space needs nothing beyond the library and is always
tested.  The environments are tested with their ecosystems' own checkers
(PettingZoo's ``api_test`` and ``seed_test``, Gymnasium's ``check_env``,
OpenSpiel's ``random_sim_test``), each skipped when its library is missing
(extras ``pettingzoo``, ``gymnasium``, ``openspiel``).

Rule ids: T3a (a take alone is a whole move only when the card need not be
melded at once), R1 and T9 (moves out of turn, offered in polling order),
V5 (a side's score), V7 (the dealer's gambit tokens).
"""

from __future__ import annotations

import copy
import itertools
import pickle
import random
import subprocess
import sys
import warnings
from collections import Counter
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummy500 import (
    CallRummy,
    Discard,
    Draw,
    GameState,
    InvalidArgumentError,
    LayoffMove,
    MeldMove,
    Nominate,
    Rules,
    Split,
    Take,
    apply_move,
    legal_moves,
    new_game,
    polling_order,
    presets,
)
from rummy500.adapters.actions import ActionSpace, TokenGame, moves_by_seat, resolve_rules
from rummy500.views import KnownCards, make_view

#: Presets and player counts the environments are checked under (one and two decks).
CONFIGS = [("pagat", 2), ("wikipedia", 3), ("dealers_gambit", 2), ("persian", 4), ("pagat", 5)]


def random_token_game(preset: str, players: int, seed: int, tokens: int | None = None) -> TokenGame:
    """A hand played by random tokens, ``tokens`` of them (all: to its end)."""
    rules = presets.get(preset)
    game = TokenGame(new_game(rules, players, seed=seed))
    rng = random.Random(seed)
    count = 0
    while not game.is_over and (tokens is None or count < tokens):
        game.step(rng.choice(game.legal_tokens()))
        count += 1
    return game


# ---------------------------------------------------------------------------
# The token action space


def test_the_vocabulary_is_sized_for_the_largest_deck_whatever_the_deck() -> None:
    one_deck = ActionSpace(Rules(), 2)
    assert (one_deck.size, one_deck.max_depth, one_deck.max_melds) == (555, 112, 37)
    assert one_deck.deck == 54
    two_decks = ActionSpace(Rules(), 5)
    assert (two_decks.size, two_decks.max_depth, two_decks.max_melds) == (555, 112, 37)
    assert two_decks.deck == 108
    assert two_decks.names == one_deck.names
    assert ActionSpace(presets.get("wikipedia"), 2).names == one_deck.names
    assert len(set(one_deck.names)) == one_deck.size
    assert one_deck.names[: ActionSpace.NOMINATE + 3] == (
        "draw",
        "end",
        "pass",
        "block",
        "decline",
        "stop",
        "double",
        "meld",
        "nominate wild",
        "nominate double",
        "nominate split",
    )


def test_moves_spell_as_documented() -> None:
    space = ActionSpace()
    state = new_game(seed=7)
    assert space.describe(space.encode(Take(1, 3, MeldMove(1, "4S 4H 4D")))) == (
        "take 3 | meld | 4S | 4H | 4D | stop"
    )
    assert space.describe(space.encode(CallRummy(0, 1, LayoffMove(0, 2, "9H")))) == (
        "rummy 1 | layoff 2 | 9H | stop"
    )
    assert space.describe(space.encode(MeldMove(1, "6H 7H JK=8H", doubled=True))) == (
        "meld | 6H | 7H | JK=8H | double"
    )
    assert space.describe(space.encode(Split(1, 2, MeldMove(1, "9S 9H 9D")))) == (
        "split 2 | meld | 9S | 9H | 9D | stop"
    )
    assert space.describe(space.encode(Nominate(0, "split"))) == "nominate split"
    assert space.describe(space.encode(Discard(1, "JK"))) == "discard JK"
    assert space.decode(space.encode(Draw(1)), state) == Draw(1)
    assert space.decode(space.encode(Discard(0, "QC")), state, seat=0) == Discard(0, "QC")


@pytest.mark.parametrize(
    ("tokens", "message"),
    [
        ((), "at least one"),
        ((ActionSpace.STOP,), "no move begins"),
        ((ActionSpace.DECLINE,), "no move begins"),
        ((ActionSpace.DRAW, ActionSpace.DRAW), "go on after a whole move"),
        ((ActionSpace.MELD, ActionSpace.STOP), "one meld card or more"),
        ((ActionSpace.MELD, 300), "does not end with stop"),
        ((555,), "0..554"),
        ((True,), "0..554"),
    ],
)
def test_decode_refuses_tokens_that_spell_no_move(tokens: tuple[int, ...], message: str) -> None:
    with pytest.raises(InvalidArgumentError, match=message):
        ActionSpace().decode(tokens, new_game(seed=1))


def test_encode_refuses_what_lies_beyond_the_maxima() -> None:
    space = ActionSpace()
    with pytest.raises(InvalidArgumentError, match="beyond"):
        space.encode(Take(0, 113))
    with pytest.raises(InvalidArgumentError, match="beyond"):
        space.encode(LayoffMove(0, 37, "9H"))
    with pytest.raises(InvalidArgumentError, match="not a move"):
        space.encode("draw")  # type: ignore[arg-type]


def test_a_take_alone_is_a_whole_move_only_when_the_card_need_not_be_melded_T3a() -> None:
    assert ActionSpace(presets.get("pagat")).completes_take(1)
    assert not ActionSpace(presets.get("pagat")).completes_take(2)
    assert not ActionSpace(presets.get("wikipedia")).completes_take(1)


def _prefix_free(encodings: list[tuple[int, ...]]) -> bool:
    ordered = sorted(encodings)
    return all(later[: len(earlier)] != earlier for earlier, later in itertools.pairwise(ordered))


@given(
    preset=st.sampled_from(presets.names()),
    seed=st.integers(0, 2**32),
    players=st.sampled_from([2, 3, 4, 5]),
)
def test_every_legal_move_round_trips_and_the_spellings_are_prefix_free(
    preset: str, seed: int, players: int
) -> None:
    rules = presets.get(preset)
    players = min(max(players, rules.min_players), rules.max_players)
    space = ActionSpace(rules, players)
    state = new_game(rules, players, seed=seed)
    rng = random.Random(seed)
    for _ in range(60):
        if state.is_over:
            break
        for seat, moves in moves_by_seat(state).items():
            encodings = [space.encode(move) for move in moves]
            assert len(set(encodings)) == len(encodings)
            assert _prefix_free(encodings)
            for move, tokens in zip(moves, encodings, strict=True):
                assert space.decode(tokens, state, seat) == move
                assert space.first_token(move) == tokens[0]
        state = apply_move(state, rng.choice(legal_moves(state)))


@given(preset=st.sampled_from(presets.names()), seed=st.integers(0, 2**32))
def test_the_mask_is_the_next_tokens_of_the_actors_legal_moves(preset: str, seed: int) -> None:
    rules = presets.get(preset)
    game = TokenGame(new_game(rules, rules.min_players, seed=seed))
    space = game.space
    rng = random.Random(seed)
    for _ in range(150):
        if game.is_over:
            break
        actor = game.actor
        assert actor is not None
        moves = [move for move in legal_moves(game.state) if move.player == actor]
        expected = space.next_tokens(moves, game.prefix, may_decline=game.may_decline)
        assert game.legal_tokens() == expected
        mask = space.mask(moves, game.prefix, may_decline=game.may_decline)
        assert [token for token, bit in enumerate(mask) if bit] == list(expected)
        game.step(rng.choice(expected))


def test_a_hand_played_by_tokens_ends_with_the_returns_of_its_scores() -> None:
    for preset, players in CONFIGS:
        game = random_token_game(preset, players, seed=11)
        assert game.is_over
        assert game.result is not None
        assert game.legal_tokens() == ()
        if presets.get(preset).partnerships:  # V5: each seat gets its side's score
            sides = game.result.team_scores
            assert game.returns() == tuple(float(sides[seat % 2]) for seat in range(players))
        else:
            assert game.returns() == tuple(float(score) for score in game.result.scores)


def _state_with_a_call() -> GameState:
    """A position where a seat that is not to move may call "Rummy!" (R1)."""
    for seed in range(500):
        state = new_game(presets.get("pagat"), 3, seed=seed)
        rng = random.Random(seed)
        for _ in range(200):
            if state.is_over:
                break
            if any(
                isinstance(move, CallRummy) and move.player != state.to_move
                for move in legal_moves(state)
            ):
                return state
            state = apply_move(state, rng.choice(legal_moves(state)))
    raise AssertionError("no position with a call found")


def test_seats_out_of_turn_are_asked_first_in_polling_order_and_may_decline_R1() -> None:
    state = _state_with_a_call()
    game = TokenGame(state)
    by_seat = moves_by_seat(state)
    asked = [seat for seat in polling_order(state) if seat in by_seat]
    assert asked[-1] == state.to_move
    seen = []
    while game.actor != state.to_move:
        seen.append(game.actor)
        assert game.may_decline
        assert ActionSpace.DECLINE in game.legal_tokens()
        game.decline()
        assert game.state is state
    assert [*seen, game.actor] == asked
    assert not game.may_decline
    assert ActionSpace.DECLINE not in game.legal_tokens()
    with pytest.raises(InvalidArgumentError, match="may not decline"):
        game.decline()


def test_a_seat_that_has_begun_a_move_may_not_decline() -> None:
    state = _state_with_a_call()
    game = TokenGame(state)
    caller = game.actor
    call = next(move for move in game.moves(caller) if isinstance(move, CallRummy))  # type: ignore[arg-type]
    game.step(game.space.encode(call)[0])
    assert not game.may_decline
    assert ActionSpace.DECLINE not in game.legal_tokens()


def test_an_illegal_token_is_refused_and_changes_nothing() -> None:
    game = TokenGame(new_game(seed=7))
    before = (game.state, game.actor, game.prefix)
    with pytest.raises(InvalidArgumentError, match="not legal"):
        game.step(ActionSpace.MELD)
    with pytest.raises(InvalidArgumentError, match="not legal"):
        game.step(True)
    assert (game.state, game.actor, game.prefix) == before
    assert not game.is_legal(ActionSpace.MELD)
    with pytest.raises(InvalidArgumentError, match="not a legal move"):
        game.play(Draw(0))


def test_copies_are_independent_and_share_the_positions() -> None:
    game = random_token_game("pagat", 2, seed=5, tokens=20)
    clone = copy.deepcopy(game)
    assert clone.state is game.state
    assert clone.legal_tokens() == game.legal_tokens()
    clone.step(clone.legal_tokens()[0])
    assert clone.state is not game.state or clone.prefix != game.prefix
    assert copy.copy(game).state is game.state


def test_a_pickled_game_comes_back_at_the_same_seat_and_spelling() -> None:
    """A token game pickles as its position, the seats past and the tokens spelled (both
    builds: the compiled one keeps its playing part in native fields)."""
    state = _state_with_a_call()
    declined = TokenGame(state)
    declined.decline()
    spelling = next(
        game
        for seed in range(50)
        for tokens in range(5, 60)
        if (game := random_token_game("pagat", 2, seed=seed, tokens=tokens)).prefix
    )
    for original in (declined, spelling, TokenGame(state), random_token_game("pagat", 3, 1)):
        copied = pickle.loads(pickle.dumps(original))
        assert type(copied) is TokenGame
        assert (copied.state, copied.actor, copied.prefix) == (
            original.state,
            original.actor,
            original.prefix,
        )
        assert copied.legal_tokens() == original.legal_tokens()
        assert copied.space == original.space


def test_the_game_checks_its_space_and_the_rules_arguments() -> None:
    with pytest.raises(InvalidArgumentError, match="another rule set"):
        TokenGame(new_game(seed=1), ActionSpace(Rules(), 3))
    with pytest.raises(InvalidArgumentError, match="not both"):
        resolve_rules(Rules(), "pagat", None)
    assert resolve_rules(None, "persian", None) == (presets.get("persian"), 4)
    with pytest.raises(InvalidArgumentError, match="2 to 8 players"):
        resolve_rules(None, None, 9)


def test_the_environments_take_a_preset_name_in_any_case_as_rules_or_preset() -> None:
    persian = (presets.get("persian"), 4)
    assert resolve_rules("Persian", None, None) == resolve_rules(None, "PERSIAN", None) == persian
    assert ActionSpace("wikipedia", 2) == ActionSpace(presets.get("wikipedia"), 2)
    with pytest.raises(InvalidArgumentError, match="unknown preset 'persia'; known presets: pagat"):
        resolve_rules(None, "persia", None)


def test_importing_the_library_and_the_action_space_imports_no_optional_package() -> None:
    code = (
        "import sys, rummy500, rummy500.adapters, rummy500.adapters.actions, rummy500.simulate, "
        "rummy500.search; "
        "print(sorted(m for m in ('numpy', 'pettingzoo', 'gymnasium', 'pyspiel', 'tqdm', "
        "'dask', 'distributed', 'ray') if m in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"


# ---------------------------------------------------------------------------
# Observations


def _swapped(state: GameState, known: KnownCards, seat: int, rng: random.Random) -> GameState:
    """``state`` with the cards ``seat`` cannot see dealt again among the other hands and stock.

    Each other hand keeps its size and its known cards; the stock keeps its size.
    """
    pool: list[Any] = list(state.stock)
    kept: dict[int, list[Any]] = {}
    for other, hand in enumerate(state.hands):
        if other == seat:
            continue
        hidden = Counter(hand)
        hidden.subtract(known.cards[other])
        pool.extend(hidden.elements())
        kept[other] = list(known.cards[other])
    rng.shuffle(pool)
    hands = list(state.hands)
    position = 0
    for other, cards in kept.items():
        missing = len(state.hands[other]) - len(cards)
        hands[other] = tuple(sorted(cards + pool[position : position + missing]))
        position += missing
    stock = tuple(pool[position:])
    assert len(stock) == len(state.stock)
    return GameState.from_dict({**state.to_dict(), "hands": [[str(c) for c in h] for h in hands],
                                "stock": [str(c) for c in stock]})  # fmt: skip


@pytest.mark.parametrize("encoding", ["compact", "full"])
@pytest.mark.parametrize(("preset", "players"), CONFIGS)
def test_observations_are_the_same_when_hidden_cards_are_swapped(
    preset: str, players: int, encoding: str
) -> None:
    pytest.importorskip("numpy")
    from rummy500.adapters.encodings import make_layout

    for seed in range(3):
        game = random_token_game(preset, players, seed, tokens=40 + 17 * seed)
        if game.is_over:
            continue
        layout = make_layout(game.space, encoding)
        rng = random.Random(seed)
        for seat in range(players):
            prefix = game.prefix if seat == game.actor else ()
            moves = game.moves(seat)
            view = make_view(game.state, seat, game.known, moves)
            expected = layout.encode(view, prefix)
            mask = game.space.next_tokens(moves, prefix)
            for _ in range(3):
                swapped = _swapped(game.state, game.known, seat, rng)
                assert swapped != game.state or len(game.state.stock) < 2
                other_moves = moves_by_seat(swapped).get(seat, ())
                other_view = make_view(swapped, seat, game.known, other_moves)
                assert (layout.encode(other_view, prefix) == expected).all()
                assert (layout.encode_state(swapped, seat, prefix) == expected).all()
                assert game.space.next_tokens(other_moves, prefix) == mask
                assert layout.text(other_view, prefix) == layout.text(view, prefix)


@pytest.mark.parametrize("encoding", ["compact", "full"])
@pytest.mark.parametrize(("preset", "players"), CONFIGS)
def test_encoding_a_state_gives_the_vector_of_its_view(
    preset: str, players: int, encoding: str
) -> None:
    """``encode_state`` (what the environments call) reads of the state just what the view shows."""
    pytest.importorskip("numpy")
    from rummy500.adapters.encodings import make_layout

    totals = tuple(range(10, 10 * players + 1, 10))
    for seed in range(4):
        game = TokenGame(new_game(presets.get(preset), players, seed=seed))
        layout = make_layout(game.space, encoding)
        rng = random.Random(seed)
        while True:
            for seat in range(players):
                prefix = game.prefix if seat == game.actor else ()
                view = make_view(game.state, seat, None, game.moves(seat))
                expected = layout.encode(view, prefix, totals=totals)
                assert (
                    layout.encode_state(game.state, seat, prefix, totals=totals) == expected
                ).all()
            if game.is_over:
                break
            game.step(rng.choice(game.legal_tokens()))


#: Every preset with its fewest and its most players (one deck and two).
EVERY_PRESET_AND_COUNT = sorted(
    {
        (name, count)
        for name in presets.names()
        for count in (presets.get(name).min_players, presets.get(name).max_players)
    }
)


@pytest.mark.parametrize(("preset", "players"), EVERY_PRESET_AND_COUNT)
def test_the_compact_observation_read_from_the_codes_is_the_views_under_every_preset(
    preset: str, players: int
) -> None:
    """What the environments hand out, read from the state's codes (the engine's encoder,
    compiled in the compiled build), equals the vector built from the seat's view, value for
    value: as a vector, as float32 bytes and as OpenSpiel's list of floats, every seat, every
    state of random hands, with the tokens spelled and match totals."""
    np = pytest.importorskip("numpy")
    from rummy500.adapters.compact import CompactLayout

    rules = presets.get(preset)
    layout = CompactLayout(ActionSpace(rules, players))
    totals = tuple((-1) ** seat * 37 * seat for seat in range(players))
    for seed in range(2):
        game = TokenGame(new_game(rules, players, seed=seed))
        encoders = [layout.seat_encoder(seat) for seat in range(players)]
        rng = random.Random(seed)
        while True:
            for seat in range(players):
                prefix = game.prefix if seat == game.actor else ()
                for kept in ((), totals):
                    expected = layout.encode(
                        make_view(game.state, seat, None, ()), prefix, totals=kept
                    )
                    encoder = encoders[seat]
                    vector = encoder.observation(game.state, kept, prefix)
                    assert vector.dtype == np.float32
                    assert vector.tobytes() == expected.tobytes()
                    assert encoder.vector_bytes(game.state, kept, prefix) == expected.tobytes()
                    assert encoder.tensor(game.state, kept, prefix) == expected.tolist()
                    assert (
                        layout.encode_state(game.state, seat, prefix, totals=kept) == expected
                    ).all()
            if game.is_over:
                break
            game.step(rng.choice(game.legal_tokens()))


def test_a_seat_encoder_gives_each_state_its_vector_in_any_order() -> None:
    """The kept pieces (by identity) never leak from one state into another's vector."""
    pytest.importorskip("numpy")
    from rummy500.adapters.encodings import make_layout

    states = []
    for seed in range(6):
        game = TokenGame(new_game(presets.get("pagat"), 2, seed=seed))
        rng = random.Random(seed)
        while not game.is_over:
            states.append(game.state)
            game.step(rng.choice(game.legal_tokens()))
        states.append(game.state)
    random.Random(1).shuffle(states)
    layout = make_layout(ActionSpace(presets.get("pagat"), 2), "compact")
    encoders = [layout.seat_encoder(seat) for seat in range(2)]
    for index, state in enumerate(states + states[:50]):
        seat = index % 2
        totals = (index % 7, 3)
        vector = encoders[seat].encode(state, totals)
        assert (vector == layout.encode_state(state, seat, totals=totals)).all()


def test_observations_lie_within_their_bounds_and_name_their_pieces() -> None:
    np = pytest.importorskip("numpy")
    from rummy500.adapters.encodings import make_layout
    from rummy500.adapters.observation import score_bound

    for (preset, players), encoding in itertools.product(CONFIGS, ["compact", "full"]):
        layout = make_layout(ActionSpace(presets.get(preset), players), encoding)
        low, high = layout.bounds()
        assert sum(int(np.prod(shape)) for _name, shape in layout.shapes) == layout.size
        game = TokenGame(new_game(presets.get(preset), players, seed=3))
        rng = random.Random(3)
        while True:
            for seat in range(players):
                prefix = game.prefix if seat == game.actor else ()
                vector = layout.encode(game.view(seat), prefix)
                assert vector.dtype == np.float32
                assert ((low <= vector) & (vector <= high)).all()
            if game.is_over:
                break
            game.step(rng.choice(game.legal_tokens()))
        assert all(abs(score) <= score_bound(game.state.rules, players) for score in
                   game.returns())  # fmt: skip


# ---------------------------------------------------------------------------
# PettingZoo


@pytest.mark.parametrize(("preset", "players"), CONFIGS)
def test_pettingzoo_api_test(preset: str, players: int) -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from rummy500.adapters.pettingzoo import env

    with warnings.catch_warnings():
        # PettingZoo advises Box observations; dict observations with an action
        # mask are its own convention for card games.
        warnings.simplefilter("ignore", UserWarning)
        api_test(env(preset=preset, players=players), num_cycles=2000)


@pytest.mark.parametrize(("preset", "players"), [("pagat", 2), ("dealers_gambit", 3)])
def test_pettingzoo_seed_test(preset: str, players: int) -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import seed_test

    from rummy500.adapters.pettingzoo import env

    seed_test(lambda: env(preset=preset, players=players), num_cycles=2000)


def test_pettingzoo_plays_a_hand_to_its_scores_and_renders_the_table() -> None:
    pytest.importorskip("pettingzoo")
    np = pytest.importorskip("numpy")
    from rummy500.adapters.pettingzoo import env, raw_env

    table = env(preset="partnership", players=4, render_mode="ansi", reward="score")
    table.reset(seed=5)
    rng = np.random.default_rng(5)
    rewards = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        observation, reward, termination, truncation, _info = table.last()
        rewards[agent] += reward
        if termination or truncation:
            table.step(None)
            continue
        table.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    game = table.unwrapped.game
    assert game.is_over
    assert tuple(rewards.values()) == game.returns()
    assert rewards["player_0"] == rewards["player_2"]  # V5: partners share the side's score
    assert "over (" in table.render()
    with pytest.raises(InvalidArgumentError, match="render_mode"):
        raw_env(render_mode="human")


def test_pettingzoo_illegal_tokens() -> None:
    pytest.importorskip("pettingzoo")
    from rummy500.adapters.pettingzoo import env, raw_env

    raw = raw_env()
    raw.reset(seed=1)
    with pytest.raises(InvalidArgumentError, match="not legal"):
        raw.step(ActionSpace.MELD)
    wrapped = env()
    wrapped.reset(seed=1)
    offender = wrapped.agent_selection
    wrapped.step(ActionSpace.MELD)
    assert all(wrapped.terminations.values())
    assert wrapped.rewards[offender] == -1
    assert wrapped.infos[offender]["illegal_action"]


def test_pettingzoo_starts_from_a_given_position() -> None:
    pytest.importorskip("pettingzoo")
    from rummy500.adapters.pettingzoo import raw_env

    state = new_game(presets.get("wikipedia"), 3, seed=4)
    raw = raw_env(preset="wikipedia", players=3)
    raw.reset(options={"state": state})
    assert raw.game is not None
    assert raw.game.state is state


# ---------------------------------------------------------------------------
# Gymnasium


@pytest.mark.parametrize(
    ("preset", "players", "seat"),
    [("pagat", 2, 0), ("wikipedia", 3, 2), ("dealers_gambit", 2, 1), ("partnership", 4, 1)],
)
def test_gymnasium_check_env(preset: str, players: int, seat: int) -> None:
    gymnasium = pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env

    from rummy500.adapters.gymnasium import ENV_ID

    environment = gymnasium.make(
        ENV_ID, preset=preset, players=players, seat=seat, render_mode="ansi"
    )
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the checker must find nothing to warn about
        check_env(environment.unwrapped)


def test_gymnasium_episode_ends_with_the_learners_score() -> None:
    pytest.importorskip("gymnasium")
    np = pytest.importorskip("numpy")
    from rummy500.adapters.gymnasium import Rummy500Env

    environment = Rummy500Env(preset="pagat", seat=1, opponents=["random"], reward="score")
    observation, info = environment.reset(seed=2)
    rng = np.random.default_rng(2)
    total, done, steps = 0.0, False, 0
    while not done:
        assert environment.observation_space.contains(observation)
        assert (environment.action_masks() == info["action_mask"].astype(bool)).all()
        action = rng.choice(np.flatnonzero(info["action_mask"]))
        observation, reward, done, truncated, info = environment.step(action)
        assert not truncated
        total += float(reward)
        steps += 1
    game = environment.game
    assert game is not None
    assert game.result is not None
    assert total == game.result.scores[1]
    assert not info["action_mask"].any()
    with pytest.raises(InvalidArgumentError, match="reset"):
        environment.step(0)


def test_gymnasium_illegal_token_costs_and_changes_nothing() -> None:
    pytest.importorskip("gymnasium")
    from rummy500.adapters.gymnasium import Rummy500Env

    environment = Rummy500Env(illegal_reward=-2.5)
    observation, _info = environment.reset(seed=9)
    state = environment.game.state if environment.game else None
    after, reward, done, truncated, info = environment.step(ActionSpace.MELD)
    assert (reward, done, truncated, info["illegal_action"]) == (-2.5, False, False, True)
    assert environment.game is not None
    assert environment.game.state is state
    assert (after == observation).all()


def test_gymnasium_opponents_and_arguments() -> None:
    pytest.importorskip("gymnasium")
    from rummy500 import GreedyBot
    from rummy500.adapters.gymnasium import Rummy500Env

    environment = Rummy500Env(preset="wikipedia", players=3, opponents=[GreedyBot, "random"])
    environment.reset(seed=1)
    assert isinstance(environment.bots[1], GreedyBot)
    with pytest.raises(InvalidArgumentError, match="one opponent per other seat"):
        Rummy500Env(players=3, opponents=["random"])
    with pytest.raises(InvalidArgumentError, match="unknown bot"):
        Rummy500Env(opponents="smart")
    with pytest.raises(InvalidArgumentError, match="seat must be"):
        Rummy500Env(seat=2)


# ---------------------------------------------------------------------------
# OpenSpiel


@pytest.mark.parametrize(("preset", "players"), CONFIGS)
def test_openspiel_random_sim_test(preset: str, players: int) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from rummy500.adapters.openspiel import load_game

    game = load_game(preset=preset, players=players)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_openspiel_deals_by_chance_and_draws_by_chance() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from rummy500.adapters.openspiel import load_game

    game = pyspiel.load_game("python_rummy500")
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 53
    assert sum(probability for _action, probability in outcomes) == pytest.approx(1.0)
    assert dict(outcomes)[52] == pytest.approx(2 / 54)  # two jokers
    rng = random.Random(1)
    while state.is_chance_node():
        actions, probabilities = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(actions, probabilities)[0])
    assert state.current_player() == 1
    hand = state.token_game().state.hands[0]
    text = state.information_state_string(1)
    assert " ".join(map(str, hand)) not in text  # p1 does not see p0's cards
    assert " ".join(map(str, state.token_game().state.hands[1])) in text
    state.apply_action(ActionSpace.DRAW)
    assert state.is_chance_node()  # the card drawn is chance
    stock = Counter(card.code for card in state.token_game().state.stock)
    assert {action for action, _p in state.chance_outcomes()} == set(stock)
    clone = state.clone()
    clone.apply_action(clone.chance_outcomes()[0][0])
    assert state.is_chance_node()
    assert not clone.is_chance_node()
    custom = load_game(rules=presets.get("wikipedia").evolve(opening_minimum=50), players=3)
    assert custom.new_initial_state().get_game().rules.opening_minimum == 50
    with pytest.raises(InvalidArgumentError, match="not both"):
        load_game(rules=Rules(), preset="pagat")
