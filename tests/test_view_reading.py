"""Reading player views back: what the reader keeps between views changes no outcome.

:meth:`PlayerView.from_dict` keeps the rule sets, tables, melds and legal
moves it read (bounded tables of values, under keys that hold the exact JSON
value read and all its reading depends on), and checks the nesting depth only
when reading fails.  These tests read views along whole hands of every
preset, as a bot does (each view once, through JSON text), with the tables
warm and emptied, and read edited views both ways: the same view or the same
error, message for message.

Rule ids: none of their own (the format of views).
"""

from __future__ import annotations

import copy
import json
from collections import OrderedDict
from typing import Any

import pytest
from hypothesis import given

import rummy500.notation as notation
import rummy500.playerview as playerview
import rummy500.rulesdata as rulesdata
import rummy500.viewreader as viewreader
from rummy500 import (
    Bot,
    GreedyBot,
    Move,
    PlayerView,
    PositionError,
    RandomBot,
    new_game,
    observe,
    play_hand,
    presets,
)
from rummy500.jsontext import MAX_JSON_DEPTH, json_key
from tests.helpers import PLAYED_PRESETS
from tests.test_schema_agreement import mutated, nested, outcome, positions_and_views


def forget() -> None:
    """Empty every table the reader of views keeps (as in a fresh process)."""
    for table in (
        viewreader._MELDS,
        viewreader._TABLES,
        viewreader._MOVES,
        rulesdata._READ,
        notation._CANONICAL_MELDS,
        notation._CANONICAL_LAYOFFS,
        notation._MELD_MOVES,
    ):
        table.clear()
    playerview._LAST_TABLE[0] = ((), [])
    playerview._deck_counts.cache_clear()


class _Reading:
    """A bot that reads each view it is asked about back from its JSON, as a program bot does."""

    def __init__(self, bot: Bot, seen: list[tuple[PlayerView, str]]) -> None:
        self.bot = bot
        self.seen = seen

    def choose(self, view: PlayerView) -> Move | None:
        text = view.to_json()
        assert PlayerView.from_dict(json.loads(text)) == view
        self.seen.append((view, text))
        return self.bot.choose(view)


@pytest.mark.parametrize("preset", PLAYED_PRESETS)
def test_views_read_back_along_seeded_hands_of_every_preset(preset: str) -> None:
    rules = presets.get(preset)
    seen: list[tuple[PlayerView, str]] = []
    players = max(2, rules.min_players)
    for seed in range(2):
        bots: list[Bot] = [_Reading(GreedyBot(seed), seen)]
        bots += [_Reading(RandomBot(seed + seat), seen) for seat in range(1, players)]
        play_hand(new_game(rules, players, seed=seed), bots)
    assert seen
    for view, text in seen:  # read again, every table warm
        assert PlayerView.from_dict(json.loads(text)) == view
        assert PlayerView.from_json(text) == view
    forget()
    for view, text in seen[::7]:  # and afresh
        assert PlayerView.from_dict(json.loads(text)) == view


@given(data=mutated("view"))
def test_an_edited_view_reads_alike_with_the_tables_warm_or_empty(data: dict[str, Any]) -> None:
    for view in positions_and_views()[1]:  # the views it was edited from are kept
        PlayerView.from_dict(view)
    warm = outcome(PlayerView.from_dict, PositionError, copy.deepcopy(data))
    forget()
    assert outcome(PlayerView.from_dict, PositionError, data) == warm


def _view_and_dict() -> tuple[PlayerView, dict[str, Any]]:
    """A view with melds on the table and a meld to lay down, and its dict (read once: kept)."""
    for seed in range(40):
        seen: list[tuple[PlayerView, str]] = []
        play_hand(
            new_game(seed=seed), [_Reading(GreedyBot(seed), seen), _Reading(GreedyBot(1), seen)]
        )
        for view, text in seen:
            data = json.loads(text)
            if view.melds and any(move["kind"] == "meld" for move in data["moves"]):
                return view, data
    raise AssertionError("no view with melds on the table and a meld to lay down")


#: Values equal (``==``) to those of a meld's move dict, of another type than JSON reads.
_RETYPED = {
    "seat as a bool": ("seat", bool),
    "seat as a float": ("seat", float),
    "doubled as an int": ("doubled", int),
    "cards as a tuple": ("cards", tuple),
}


@pytest.mark.parametrize("edit", sorted(_RETYPED))
def test_a_kept_move_is_not_found_again_under_an_equal_value_of_another_type(edit: str) -> None:
    view, data = _view_and_dict()
    assert PlayerView.from_dict(data) == view  # kept
    index = next(i for i, move in enumerate(data["moves"]) if move["kind"] == "meld")
    key, retype = _RETYPED[edit]
    edited = copy.deepcopy(data)
    if key == "seat" and retype is bool and edited["moves"][index]["seat"] > 1:
        pytest.skip("no bool equals this seat")
    edited["moves"][index][key] = retype(edited["moves"][index][key])
    assert retype is tuple or edited["moves"][index] == data["moves"][index]
    assert json_key(edited["moves"][index]) != json_key(data["moves"][index])
    with pytest.raises(PositionError, match=rf"'moves\[{index}\]'"):
        PlayerView.from_dict(edited)


def test_a_kept_table_and_hand_refuse_a_subclass_of_str() -> None:
    class Text(str):
        """A str that is not one."""

    view, data = _view_and_dict()
    assert PlayerView.from_dict(data) == view
    edited = copy.deepcopy(data)
    edited["hand"][0] = Text(edited["hand"][0])
    with pytest.raises(PositionError, match=r"'hand\[0\]'"):
        PlayerView.from_dict(edited)
    edited = copy.deepcopy(data)
    edited["melds"][0]["cards"][0] = Text(edited["melds"][0]["cards"][0])
    with pytest.raises(PositionError, match=r"'melds\[0\]\.cards\[0\]'"):
        PlayerView.from_dict(edited)


def test_mappings_other_than_dicts_are_read_as_before() -> None:
    view, data = _view_and_dict()
    edited = {**data, "moves": [OrderedDict(move) for move in data["moves"]]}
    edited["rules"] = OrderedDict(data["rules"])
    edited["melds"] = [OrderedDict(meld) for meld in data["melds"]]
    assert PlayerView.from_dict(OrderedDict(edited)) == view
    forget()
    assert PlayerView.from_dict(OrderedDict(edited)) == view


@pytest.mark.parametrize("key", ["rules", "melds", "moves", "result", "hand"])
def test_a_view_nesting_too_deep_anywhere_is_refused_for_its_depth(key: str) -> None:
    data = observe(new_game(seed=7), 0).to_dict()
    PlayerView.from_dict(data)
    deep = nested(MAX_JSON_DEPTH + 1)
    edited = {**data, key: deep if key != "rules" else {"preset": "pagat", "ace": deep}}
    for _ in range(2):
        with pytest.raises(
            PositionError, match=f"nests lists and dicts more than {MAX_JSON_DEPTH}"
        ):
            PlayerView.from_dict(edited)
    itself: list[Any] = []
    itself.append(itself)
    with pytest.raises(PositionError, match="nests lists and dicts more than"):
        PlayerView.from_dict({**data, key: itself})


def test_the_tables_are_bounded() -> None:
    for table in (viewreader._MELDS, viewreader._MOVES):
        assert len(table) <= viewreader._MEMO_LIMIT
    assert len(viewreader._TABLES) <= viewreader._TABLES_LIMIT
    for table in (notation._CANONICAL_MELDS, notation._CANONICAL_LAYOFFS, notation._MELD_MOVES):
        assert len(table) <= notation._MEMO_LIMIT
    assert len(rulesdata._READ) <= rulesdata._READ_LIMIT
