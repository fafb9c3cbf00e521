"""Dealer's gambit (rules V7) in positions: the ``"gambit"`` key and doubled melds.

Rule id: V7.  Positions of every V7 stage round-trip through dicts and
JSON; the ``"gambit"`` key is written, read when present (a fresh hand
when absent) and refused, naming the key, when malformed or outside the
dealer's gambit.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from rummy500 import (
    GameState,
    Phase,
    new_game,
    presets,
)
from tests.gambit import GAMBIT, gambit_position
from tests.gambit import split_position as _split_position
from tests.positions import play, position

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
