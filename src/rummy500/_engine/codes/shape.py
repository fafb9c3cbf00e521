"""The shape of a game state, declared once: its fields, where each is stored, how each is shown.

Internal.  :data:`STATE` lists the fields of
:class:`~rummy500.state.GameState` in the order its constructor takes them,
each with its type, its default, where the state stores it (a slot of its
own, the turn's record that each new phase of a turn clears, or the hand's
record of fields that change a few times a hand at most), the slot holding
its cards as codes, what a seat's view shows of it, and its key and codec in
the position format (format 1).  :data:`VIEW_FIELDS` lists the fields of a
:class:`~rummy500.views.PlayerView`: the state's fields a seat may see, and
the view's own.  :data:`BUILDERS` describes the engine's positional builders
of the next state by the fields each sets.

``scripts/generate_state.py`` writes from this declaration the code that
must spell the fields out one by one for speed (the storage
:mod:`~rummy500._engine.codes.storage` and its records
:mod:`~rummy500._engine.codes.fields`, the builders
:mod:`rummy500._engine.states`, the parts of :mod:`rummy500.state` and
:mod:`rummy500.playerview` that list the fields); the services read the
field lists they need from it at run time (:func:`fields_at`,
:func:`coded`).  Adding a state field is one entry at the end of
:data:`STATE` (a state built positionally by older code stays valid), its
place in :data:`VIEW_FIELDS` if a view shows it, then
``python scripts/generate_state.py``.

>>> [field.name for field in STATE][:4]
['rules', 'dealer', 'to_move', 'phase']
>>> [field.name for field in fields_at("went_out")]
['went_out', 'went_out_rummy', 'went_out_long_run']
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

__all__ = [
    "BUILDERS",
    "HAND",
    "HIDDEN",
    "NAMES",
    "SEAT",
    "SHOWN",
    "SHOWN_FIELDS",
    "SLOT",
    "STATE",
    "TURN",
    "VIEW_FIELDS",
    "VIEW_SUMMARY",
    "Builder",
    "StateField",
    "ViewField",
    "coded",
    "field_named",
    "fields_at",
    "put",
    "view_fields_at",
]

#: Where a field is stored: a slot of the state itself (the fields that change from move
#: to move) ...
SLOT: Final = "slot"
#: ... the turn's record, which every new phase of a turn clears (shared meanwhile) ...
TURN: Final = "turn"
#: ... or the hand's record of the fields that change a few times a hand at most.
HAND: Final = "hand"

#: What a seat's view shows of a field: the field itself ...
SHOWN: Final = "shown"
#: ... nothing (the seed would give the stock away) ...
HIDDEN: Final = "hidden"
#: ... or what the seat may see of it, as fields of the view's own (the hands, the stock).
SEAT: Final = "seat"


class StateField(NamedTuple):
    """One field of a game state.

    Attributes:
        name: The field's name (a constructor argument and an attribute).
        type: Its type, as source text (names from :data:`NAMES`).
        default: Its default as source text, ``None`` when required; a field
            whose default depends on the others (``known``) names a function
            of the state (``attrs.Factory(..., takes_self=True)``).
        store: :data:`SLOT`, :data:`TURN` or :data:`HAND`.
        doc: Its docstring (the summary line, a blank line, more).
        codes: For cards stored as codes: the slot that holds them (the hands
            and the known cards of every seat share ``_seat_codes``).
        codes_name: The attribute that reads those codes (``stock_codes``;
            ``hand_codes`` is unpacked from ``_seat_codes``).
        view: :data:`SHOWN`, :data:`HIDDEN` or :data:`SEAT`.
        view_doc: What the view's docstring says of a shown field, when it is
            not the summary line of :attr:`doc`.
        key: Its key in a position (and a view) dict: ``("idle_turns",)`` at
            the top, ``("turn", "points")`` inside the ``turn`` dict.
        codec: How the position format writes and reads it: ``"count"`` (a
            whole number, omitted while 0), ``"seat"``, ``"flag"`` (true or
            false) are read and written from this declaration; the others
            (``"cards"``, ``"melds"``, ``"rules"`` …) by their own functions
            in :mod:`rummy500.positions`.
    """

    name: str
    type: str
    default: str | None
    store: str
    doc: str
    codes: str = ""
    codes_name: str = ""
    view: str = SHOWN
    view_doc: str = ""
    key: tuple[str, ...] = ()
    codec: str = ""

    @property
    def stored(self) -> str:
        """The name the engine sets it by: its codes' slot for cards, else its own name."""
        return self.codes or self.name

    @property
    def summary(self) -> str:
        """The first line of :attr:`doc`."""
        return self.doc.split("\n", 1)[0]


class ViewField(NamedTuple):
    """A field of a seat's view: a state field it shows as is, or one of the view's own.

    Attributes:
        name: The field's name.
        type: Its type, as source text.
        doc: What the view's docstring says of it.
        key: Its key in the view's dict.
        default: Its default as source text, ``None`` when required.
        codec: A shown state field's codec (:attr:`StateField.codec`); empty
            for the view's own fields.
    """

    name: str
    type: str
    doc: str
    key: tuple[str, ...]
    default: str | None = None
    codec: str = ""


class Builder(NamedTuple):
    """A positional builder of the engine: a state from another and the fields it sets.

    The generated function takes ``state`` (unless :attr:`fresh`) and the
    :attr:`params` in order; a parameter named as a stored field sets that
    field; :attr:`sets` sets others to expressions (of the parameters, or
    fixed values); every other field is the state's own (or, when
    :attr:`fresh`, its default).  A record is shared when none of its fields
    changes (each new value is compared with the one held: by ``!=`` for
    numbers and flags, by identity otherwise).

    Attributes:
        name: The function's name.
        params: ``(name, type)`` of each parameter after ``state``.
        doc: Its docstring.
        sets: ``(stored field, expression)`` for the fields set otherwise.
        fresh: Whether the state is built from nothing: no ``state``
            parameter, and the fields not set take their defaults.
        cleared: A record whose fields all take their defaults (``"turn"``:
            the shared cleared record).
        when: A parameter that may be ``None``: the fields of
            :attr:`guarded` are set only when it is not (else the state's own).
        guarded: ``(stored field, expression)`` set when :attr:`when` is not ``None``.
        names: ``(module, name)`` the expressions read.
    """

    name: str
    params: tuple[tuple[str, str], ...]
    doc: str
    sets: tuple[tuple[str, str], ...] = ()
    fresh: bool = False
    cleared: str = ""
    when: str = ""
    guarded: tuple[tuple[str, str], ...] = ()
    names: tuple[tuple[str, str], ...] = ()


#: The modules the names in the fields' types come from; a name of the cards or the rules
#: may be imported at run time by the storage (they import nothing of the state).
NAMES: Final[dict[str, str]] = {
    "Card": "rummy500.cards",
    "Rules": "rummy500.rules",
    "Phase": "rummy500.statevalues",
    "TableMeld": "rummy500.statevalues",
    "HandResult": "rummy500.statevalues",
    "JokerEffect": "rummy500.statevalues",
}

_CARDS: Final = "tuple[Card, ...]"
_BY_SEAT: Final = "tuple[tuple[Card, ...], ...]"

#: The fields of a game state, in the order its constructor takes them.
STATE: Final[tuple[StateField, ...]] = (
    StateField("rules", "Rules", None, SLOT, "The rule set.", key=("rules",), codec="rules"),
    StateField("dealer", "int", None, HAND, "The dealer's seat.", key=("dealer",), codec="seat"),
    StateField(
        "to_move", "int", None, SLOT, "The seat whose turn it is.", key=("to_move",), codec="seat"
    ),
    StateField(
        "phase",
        "Phase",
        None,
        SLOT,
        "The phase of that seat's turn.",
        key=("phase",),
        codec="phase",
    ),
    StateField(
        "hands",
        _BY_SEAT,
        None,
        SLOT,
        "Each seat's cards, sorted (built from :attr:`hand_codes`).",
        codes="_seat_codes",
        codes_name="hand_codes",
        view=SEAT,
        key=("hands",),
        codec="hands",
    ),
    StateField(
        "stock",
        _CARDS,
        None,
        SLOT,
        "The stock; ``stock[0]`` is the next card drawn (built from :attr:`stock_codes`).",
        codes="stock_codes",
        codes_name="stock_codes",
        view=SEAT,
        key=("stock",),
        codec="cards",
    ),
    StateField(
        "discard",
        _CARDS,
        None,
        SLOT,
        "The discard pile, oldest first, top last (built from :attr:`discard_codes`).",
        codes="discard_codes",
        codes_name="discard_codes",
        view_doc="The discard pile, oldest first (top last); it is spread face up (D8).",
        key=("discard",),
        codec="cards",
    ),
    StateField(
        "melds",
        "tuple[TableMeld, ...]",
        "()",
        SLOT,
        "The table melds; the index is the meld's number (M5).",
        view_doc="The table melds with their credits (L5).",
        key=("melds",),
        codec="melds",
    ),
    StateField(
        "last_discarder",
        "int | None",
        "None",
        SLOT,
        'The seat that discarded last, while the "Rummy!" window of that discard is open '
        "(phase ``DRAW``), else ``None``.",
        key=("last_discarder",),
        codec="last_discarder",
    ),
    StateField(
        "taken",
        _CARDS,
        "()",
        SLOT,
        "The cards taken from the pile in this turn (built from :attr:`taken_codes`).",
        codes="taken_codes",
        codes_name="taken_codes",
        view_doc="The cards the seat to move took from the pile this turn (public: everyone "
        "sees what is taken from the pile).",
        key=("turn", "taken"),
        codec="cards",
    ),
    StateField(
        "result",
        "HandResult | None",
        "None",
        TURN,
        "The result once the hand is over, else ``None``.",
        key=("result",),
        codec="result",
    ),
    StateField(
        "seed",
        "int | None",
        "None",
        HAND,
        "The seed for any later reshuffle (the deal's seed).",
        view=HIDDEN,
        key=("seed",),
        codec="seed",
    ),
    StateField(
        "opened",
        "frozenset[int]",
        "frozenset()",
        HAND,
        "The seats that have opened (T8; empty without an opening minimum).",
        key=("opened",),
        codec="seats",
    ),
    StateField(
        "turn_points",
        "int",
        "0",
        TURN,
        "Points of the new melds laid down in this turn (T8).",
        key=("turn", "points"),
        codec="count",
    ),
    StateField(
        "turn_cards",
        "int",
        "0",
        TURN,
        "Cards the seat to move put on the table in this turn (S3).\n\n"
        "As credited to it in the melds: a doubling joker lies over a meld and\n"
        "is not counted (V7).",
        key=("turn", "cards"),
        codec="count",
    ),
    StateField(
        "turn_longest_run",
        "int",
        "0",
        TURN,
        "The longest run laid down in this turn (S5).",
        key=("turn", "longest_run"),
        codec="count",
    ),
    StateField(
        "stock_rebuilds",
        "int",
        "0",
        HAND,
        "How many times the stock was rebuilt from the pile (T6).",
        key=("stock_rebuilds",),
        codec="count",
    ),
    StateField(
        "idle_turns",
        "int",
        "0",
        HAND,
        "Turns in a row ended with an empty stock and no card put on the table (T6).\n\n"
        "Counted under ``play_on``.",
        view_doc="Turns in a row ended with an empty stock and nothing put on the table "
        "(T6 ``play_on``).",
        key=("idle_turns",),
        codec="count",
    ),
    StateField(
        "went_out",
        "int | None",
        "None",
        TURN,
        "The seat that went out, during the final lay-offs (E4) and once the hand is over.",
        key=("went_out", "seat"),
        codec="seat",
    ),
    StateField(
        "went_out_rummy",
        "bool",
        "False",
        TURN,
        "Whether that seat went out in one turn having put no card on the table before (S3).",
        key=("went_out", "rummy"),
        codec="flag",
    ),
    StateField(
        "went_out_long_run",
        "bool",
        "False",
        TURN,
        "Whether that seat laid down a run of 7 or more cards in the turn it went out (S5).",
        key=("went_out", "long_run"),
        codec="flag",
    ),
    StateField(
        "joker_effect",
        "JokerEffect | None",
        "None",
        HAND,
        "Dealer's gambit: what jokers do this hand, once nominated (V7); else ``None``.",
        key=("gambit", "effect"),
        codec="effect",
    ),
    StateField(
        "dealer_joker",
        "bool",
        "False",
        HAND,
        "Dealer's gambit: whether the dealer's joker lies face up beside the stock (V7).\n\n"
        "It is then usable by the dealer: neither used nor blocked.",
        key=("gambit", "dealer_joker"),
        codec="flag",
    ),
    StateField(
        "blocked_by",
        "int | None",
        "None",
        HAND,
        "Dealer's gambit: the seat that blocked the dealer's joker with its own joker, if any.",
        key=("gambit", "blocked_by"),
        codec="blocker",
    ),
    StateField(
        "dead",
        _CARDS,
        "()",
        HAND,
        "Cards out of play for the rest of the hand (V7).\n\n"
        "Under dealer's gambit: the cards inside a split and the joker that\n"
        "split the pile, and a blocked dealer's joker with the joker blocking it.",
        view_doc="Dealer's gambit: the cards out of play (all public: they came from the "
        "pile, or are jokers).",
        key=("gambit", "dead"),
        codec="cards",
    ),
    StateField(
        "known",
        _BY_SEAT,
        "_nothing_known",
        SLOT,
        "For each seat, the cards every player knows it holds (built from :attr:`known_codes`).\n\n"
        'The cards it took from the pile (a take, a "Rummy!" call, a split) and\n'
        "has not melded, laid off or discarded since (one copy at a time: with\n"
        "two decks, playing one of two identical cards leaves one known), sorted.\n"
        ":func:`rummy500.apply_move` keeps it; it is public information, shown\n"
        "to every seat by :func:`rummy500.observe`.",
        codes="_seat_codes",
        codes_name="known_codes",
        view=SEAT,
        key=("known",),
        codec="known",
    ),
)

#: The names of the state's fields a seat's view shows as they are, in the state's order.
SHOWN_FIELDS: Final[tuple[str, ...]] = tuple(field.name for field in STATE if field.view == SHOWN)

#: The first paragraph of :class:`~rummy500.views.PlayerView`'s docstring.
VIEW_SUMMARY: Final = (
    "One seat's view of a hand: everything that seat may know, and nothing more.\n\n"
    "Build one with :func:`observe`.  Views are frozen and compare by value:\n"
    "two states that differ only in what the seat cannot see give equal views."
)

_SEAT_ONLY: Final = (
    ViewField("seat", "int", "The seat whose view this is.", ("seat",)),
    ViewField(
        "hand",
        _CARDS,
        "The seat's own cards, sorted; empty while the dealer nominates under dealer's gambit, "
        "before anyone looks at their cards (V7).",
        ("hand",),
    ),
    ViewField("hand_sizes", "tuple[int, ...]", "How many cards each seat holds.", ("hand_sizes",)),
    ViewField(
        "known",
        _BY_SEAT,
        "For each seat, the cards it is known to hold (see :class:`KnownCards`); the seat's "
        "own entry is ``()`` (its whole hand is :attr:`hand`).  Once the hand is over the "
        "hands are laid open for the count (S2), so every other seat's entry is its whole hand.",
        ("known",),
    ),
    ViewField("stock_size", "int", "How many cards the stock holds.", ("stock_size",)),
    ViewField(
        "legal_moves",
        "tuple[Move, ...]",
        "The legal moves of this seat (those with ``move.player == seat``), in the engine's "
        "order; empty when the seat may not act now.  They depend on the seat's own hand and "
        "the public fields only, with one exception: under ``out_of_turn_melding`` the engine "
        "refuses an out-of-turn play that would leave the player to move unable to end the "
        "turn (T9, N1), and whether it would depends on that player's hand.",
        ("legal_moves",),
    ),
)


def _view_layout(required: tuple[str, ...], optional: tuple[str, ...]) -> tuple[ViewField, ...]:
    """The view's fields by name: the seat's own, and the state's shown ones with their types.

    The view's fields in ``optional`` take the state field's default (they
    came to views later: a view built positionally by older code stays valid).
    """
    own = {field.name: field for field in _SEAT_ONLY}
    state = {field.name: field for field in STATE}
    fields = []
    for name in required + optional:
        if name in own:
            fields.append(own[name])
            continue
        shown = state[name]
        doc = shown.view_doc or shown.summary
        default = shown.default if name in optional else None
        fields.append(ViewField(name, shown.type, doc, shown.key, default, shown.codec))
    return tuple(fields)


#: The fields of a seat's view, in the order its constructor takes them: the seat's own
#: (:data:`SEAT` fields cut to what the seat sees, its seat, its legal moves) and every
#: :data:`SHOWN` field of the state, as is.  A shown field appears here once; a field added
#: to states later goes to the end, with its default.
VIEW_FIELDS: Final[tuple[ViewField, ...]] = _view_layout(
    (
        "seat",
        "rules",
        "dealer",
        "to_move",
        "phase",
        "hand",
        "hand_sizes",
        "known",
        "stock_size",
        "discard",
        "melds",
        "last_discarder",
        "taken",
        "opened",
        "turn_points",
        "turn_cards",
        "turn_longest_run",
        "stock_rebuilds",
        "idle_turns",
        "went_out",
        "went_out_rummy",
        "went_out_long_run",
        "result",
        "legal_moves",
    ),
    ("joker_effect", "dealer_joker", "blocked_by", "dead"),
)

_PLAY: Final = ("rummy500._engine.boundary", "PLAY")
#: What a take from the pile sets: the play phase begins with ``taken``, what is left of
#: the pile is ``pile``, and the "Rummy!" window of the last discard closes.
_TOOK: Final = (
    ("phase", "PLAY"),
    ("discard_codes", "pile"),
    ("last_discarder", "None"),
    ("taken_codes", "taken"),
)

#: The engine's positional builders of the next state (see :class:`Builder`).
BUILDERS: Final[tuple[Builder, ...]] = (
    Builder(
        "turn_phase",
        (
            ("to_move", "int"),
            ("phase", "Phase"),
            ("_seat_codes", "bytes"),
            ("stock_codes", "bytes"),
            ("discard_codes", "bytes"),
            ("last_discarder", "int | None"),
            ("stock_rebuilds", "int"),
            ("idle_turns", "int"),
        ),
        "The state as a phase of a turn begins: the turn's fields cleared.\n\n"
        "The most frequent successor (every draw and every turn's end), written\n"
        "out: the turn's fields are the shared "
        ":data:`~rummy500._engine.codes.fields.CLEARED_TURN`,\n"
        "no card is taken yet, and the state's record of the hand's quiet fields is\n"
        "kept when the stock rebuilds and idle turns are those it holds.",
        sets=(("taken_codes", 'b""'),),
        cleared=TURN,
    ),
    Builder(
        "after_play_state",
        (
            ("_seat_codes", "bytes"),
            ("melds", "tuple[TableMeld, ...]"),
            ("opened", "frozenset[int]"),
            ("turn_points", "int"),
            ("turn_cards", "int"),
            ("turn_longest_run", "int"),
            ("pile", "bytes | None"),
            ("taken", "bytes"),
        ),
        "The state after a meld or lay-off in turn, with the take that brought it if any.\n\n"
        "The second most frequent successor, written out like :func:`turn_phase`:\n"
        "the mover's seats, the table and the turn's tallies change, and the count\n"
        "of idle turns starts again (T6, ``play_on``: a turn that puts a card on\n"
        "the table is not idle).  With ``pile`` (the pile less the cards a take or split\n"
        "took), the turn's play phase begins: ``taken`` are the cards taken and\n"
        'no "Rummy!" window stays open; without, the state\'s own phase, pile and\n'
        "taken cards stay.",
        sets=(("idle_turns", "0"),),
        when="pile",
        guarded=_TOOK,
        names=(_PLAY,),
    ),
    Builder(
        "took",
        (("_seat_codes", "bytes"), ("pile", "bytes"), ("taken", "bytes")),
        "The state after taking ``taken`` from the pile without a play: the play phase begins.\n\n"
        '``pile`` is what is left of the pile; the "Rummy!" window of the last\n'
        "discard closes.",
        sets=_TOOK,
        names=(_PLAY,),
    ),
    Builder(
        "dealt_state",
        (
            ("rules", "Rules"),
            ("dealer", "int"),
            ("to_move", "int"),
            ("phase", "Phase"),
            ("hands", "tuple[bytes, ...]"),
            ("stock", "bytes"),
            ("discard", "bytes"),
            ("seed", "int | None"),
            ("dealer_joker", "bool"),
        ),
        "The first state of a hand from the dealt cards' codes (what ``GameState(...)`` "
        "builds).\n\n"
        "Nothing is played, taken or known yet; every count of the hand starts at 0.",
        sets=(
            ("_seat_codes", 'pack(hands, (b"",) * len(hands))'),
            ("stock_codes", "stock"),
            ("discard_codes", "discard"),
        ),
        fresh=True,
        names=(("rummy500._engine.codes.seats", "pack"),),
    ),
)


def field_named(name: str) -> StateField:
    """The state field ``name``.

    Raises:
        LookupError: for a name that is no state field.
    """
    for field in STATE:
        if field.name == name:
            return field
    raise LookupError(f"a state has no field {name!r}")


def coded(codec: str, *, top: bool = False, shown: bool = False) -> tuple[StateField, ...]:
    """The state fields of a codec (``"count"``, ``"seat"``, ``"flag"``), in order.

    With ``top``, only those at the top of a position (not inside a group such
    as ``turn``); with ``shown``, only those a seat's view shows.
    """
    return tuple(
        field
        for field in STATE
        if field.codec == codec
        and not (top and len(field.key) > 1)
        and not (shown and field.view != SHOWN)
    )


def put(data: dict[str, Any], key: tuple[str, ...], value: object) -> None:
    """Set ``value`` at ``key`` in a position or view dict (the dict of its group exists)."""
    (data[key[0]] if len(key) > 1 else data)[key[-1]] = value


def fields_at(group: str) -> tuple[StateField, ...]:
    """The state fields kept in the position format's dict ``group`` (``"turn"``, ``"gambit"`` …).

    In the order of :data:`STATE`, which is the order of their keys in that dict.
    """
    return tuple(field for field in STATE if len(field.key) > 1 and field.key[0] == group)


def view_fields_at(group: str) -> tuple[ViewField, ...]:
    """The view's fields kept in its dict's ``group`` (``"turn"``, ``"went_out"`` …), in order."""
    return tuple(field for field in VIEW_FIELDS if len(field.key) > 1 and field.key[0] == group)
