"""Tournaments: every pair of bots plays the same deals, with ratings and intervals.

:func:`tournament` plays a round robin between bots named by their specs
(:mod:`rummy500.botspecs`: ``"greedy"``, ``"search:iterations=400"``,
``"exec:COMMAND"``).  Every *pairing* (two bots, the first seated at the
even seats and the second at the odd ones) plays ``hands`` hands.  With
``duplicate=True`` (the default) each deal is played twice, once per
seating of the same cards (the bots swap seats): the luck of the deal
cancels, and a deal is one unit of the statistics.  Without it every hand
has its own deal and the seatings alternate.

The result gives, per bot and per pairing, hands played, mean score per
hand, wins, the win rate (wins plus half the draws, over the hands), an Elo
rating with its 95% interval, the *point lead* per hand (its score minus
the opponent's) with its 95% interval, and the share of *matches to 500*
won: the pairing's hands, in order and per seating, are chained into
matches that end when a side reaches the rules' target score (the highest
total at or above it wins), a measure that weighs points and wins as a
match does.  A hand wins for the bot that went out (else the single best
score; a tie is a draw).

>>> from rummy500.tournaments import tournament
>>> result = tournament(["greedy", "random"], hands=8, seed=1)
>>> [(bot.spec, bot.hands, bot.wins) for bot in result.bots]
[('greedy', 8, 8), ('random', 8, 0)]
>>> result.pairings[0].lead.mean > 0
True

Programs (``exec:``) run one process per bot and worker; a program's fault
(:class:`~rummy500.BotError`) forfeits the hand, which counts as lost by the
bot at fault (no points are counted for it), and the program is started
afresh for the next hand.  The faults are counted per bot.

Same seed, same result, with or without an executor: each deal's seed
derives from the tournament's seed, the pairing and the deal's number, and
the results are added up in deal order.  An optional SPRT
(``sprt=(elo0, elo1)``) stops a pairing, as fishtest does, at the first deal
after which its log-likelihood ratio leaves the bounds (deals played past
that point on other workers are not counted).
"""

from __future__ import annotations

import concurrent.futures
import itertools
import math
import random
import sys
from collections.abc import Iterator, Sequence
from typing import Any, TextIO

import attrs

import rummy500.presets as presets
from rummy500._engine import new_game
from rummy500.bots import iter_hand, tell_hand_end
from rummy500.botspecs import BotPool, spec_maker, worker_pool
from rummy500.errors import BotError, InvalidArgumentError, shown
from rummy500.jsontext import seed_to_data
from rummy500.progress import ProgressBar
from rummy500.ratings import Interval, Sprt, elo_interval, interval, sprt
from rummy500.rules import Rules
from rummy500.svg import Svg

__all__ = ["BotStanding", "PairingResult", "TournamentResult", "tournament"]


# ---------------------------------------------------------------------------
# Work sent to the workers


@attrs.frozen
class _Deals:
    """A batch of deals of one pairing, as sent to a worker (picklable)."""

    rules: Rules
    players: int
    pairing: int
    specs: tuple[str, str]
    duplicate: bool
    first: int
    seeds: tuple[int, ...]


@attrs.frozen
class HandOutcome:
    """One hand of a pairing, as the first bot of the pairing saw it.

    Attributes:
        seating: 0 (the first bot at the even seats) or 1 (swapped).
        points: Each bot's mean score per seat, in pairing order.
        winner: The bot (0 or 1) whose seat won the hand, or ``None`` for a tie.
        fault: The bot (0 or 1) whose program failed, or ``None``.
        error: The fault's message (empty without one).
    """

    seating: int
    points: tuple[float, float]
    winner: int | None
    fault: int | None = None
    error: str = ""


@attrs.frozen
class DealOutcome:
    """One deal of a pairing: its hands (two with duplicate deals, else one).

    Attributes:
        pairing: The pairing's number.
        index: The deal's number in the pairing.
        hands: Its hands.
    """

    pairing: int
    index: int
    hands: tuple[HandOutcome, ...]


def _deal_seed(seed: int, pairing: int, index: int) -> int:
    return random.Random(f"rummy500 tournament {seed} {pairing} {index}").getrandbits(63)


def _seat_bot(seat: int, seating: int) -> int:
    """The bot (0 or 1 of the pairing) at ``seat`` in ``seating``."""
    return (seat + seating) % 2


def _play_hand(deals: _Deals, seed: int, index: int, seating: int, pool: BotPool) -> HandOutcome:
    players = deals.players
    owners = [_seat_bot(seat, seating) for seat in range(players)]
    bots = []
    for seat, owner in enumerate(owners):
        try:
            bots.append(pool.bot(deals.specs[owner], seed + seat, owner))
        except BotError as error:  # a program that cannot start, or fails the handshake
            return _forfeit(seating, owner, str(error))
    state = new_game(deals.rules, players, seed=seed, dealer=index % players)
    try:
        for step in iter_hand(state, bots):
            state = step.after
        assert state.result is not None
        tell_hand_end(bots, state.result)
    except BotError as error:
        at_fault = owners[error.seat] if error.seat is not None else owners[0]
        return _forfeit(seating, at_fault, str(error))
    result = state.result
    points = [0.0, 0.0]
    for seat, score in enumerate(result.scores):
        points[owners[seat]] += score / owners.count(owners[seat])
    if result.went_out is not None:
        winner: int | None = owners[result.went_out]
    else:
        best = max(result.scores)
        leaders = {owners[seat] for seat, score in enumerate(result.scores) if score == best}
        winner = leaders.pop() if len(leaders) == 1 else None
    return HandOutcome(seating, (points[0], points[1]), winner)


def _forfeit(seating: int, fault: int, error: str) -> HandOutcome:
    return HandOutcome(seating, (0.0, 0.0), 1 - fault, fault, error)


def _run_deals(deals: _Deals, pool: BotPool | None = None) -> tuple[DealOutcome, ...]:
    """Play one batch of deals (at module level, so that process pools can send it)."""
    if pool is None:
        pool = worker_pool()
    outcomes = []
    for offset, seed in enumerate(deals.seeds):
        index = deals.first + offset
        seatings = (0, 1) if deals.duplicate else (index % 2,)
        hands = tuple(_play_hand(deals, seed, index, seating, pool) for seating in seatings)
        outcomes.append(DealOutcome(deals.pairing, index, hands))
    return tuple(outcomes)


# ---------------------------------------------------------------------------
# Results


@attrs.frozen
class PairingResult:
    """What one pairing gave, from the first bot's side.

    Attributes:
        bots: The two bots' numbers in the tournament.
        hands: Hands played (faults included).
        deals: Deals played (the statistics' units with duplicate deals).
        wins: Each bot's wins.
        draws: Hands that nobody won.
        faults: Each bot's forfeited hands.
        score: The first bot's score: wins plus half the draws, over the hands.
        elo: The first bot's Elo difference against the second, with its interval.
        lead: The first bot's point lead per hand, with its interval.
        matches: Matches to the target score formed from the hands.
        match_wins: Each bot's matches won.
        sprt: The SPRT, if one was asked for.
    """

    bots: tuple[int, int]
    hands: int
    deals: int
    wins: tuple[int, int]
    draws: int
    faults: tuple[int, int]
    score: float
    elo: Interval
    lead: Interval
    matches: int
    match_wins: tuple[int, int]
    sprt: Sprt | None = None

    def to_dict(self) -> dict[str, Any]:
        """The pairing as JSON-ready data."""
        return {
            "bots": list(self.bots),
            "hands": self.hands,
            "deals": self.deals,
            "wins": list(self.wins),
            "draws": self.draws,
            "faults": list(self.faults),
            "score": round(self.score, 4),
            "elo": self.elo.to_dict(),
            "lead": self.lead.to_dict(),
            "matches": self.matches,
            "match_wins": list(self.match_wins),
            "sprt": None if self.sprt is None else self.sprt.to_dict(),
        }


@attrs.frozen
class BotStanding:
    """One bot's results over all its pairings.

    Attributes:
        spec: The bot's spec.
        hands: Hands played.
        mean_score: Mean score per hand (per seat it held).
        wins: Hands won.
        draws: Hands nobody won.
        faults: Hands forfeited by its program's faults.
        win_rate: Wins plus half the draws, over the hands.
        lead: Point lead per hand over its opponents, with its interval.
        elo: Its Elo rating (the bots' ratings average 0), with its interval.
        matches: Matches to the target score it played.
        match_wins: Matches it won.
    """

    spec: str
    hands: int
    mean_score: float
    wins: int
    draws: int
    faults: int
    win_rate: float
    lead: Interval
    elo: Interval
    matches: int
    match_wins: int

    @property
    def match_share(self) -> float:
        """The share of its matches to the target score that it won."""
        return self.match_wins / self.matches if self.matches else 0.0

    def to_dict(self) -> dict[str, Any]:
        """The standing as JSON-ready data."""
        return {
            "spec": self.spec,
            "hands": self.hands,
            "mean_score": round(self.mean_score, 4),
            "wins": self.wins,
            "draws": self.draws,
            "faults": self.faults,
            "win_rate": round(self.win_rate, 4),
            "lead": self.lead.to_dict(),
            "elo": self.elo.to_dict(),
            "matches": self.matches,
            "match_wins": self.match_wins,
        }


@attrs.frozen
class TournamentResult:
    """The result of :func:`tournament`.

    Attributes:
        specs: The bots' specs, in the order given.
        preset: The rules' preset name (``None`` for other rules).
        players: Players a hand.
        hands: Hands asked for per pairing.
        duplicate: Whether each deal was played once per seating.
        seed: The tournament's seed.
        bots: Each bot's standing, in the order of ``specs``.
        pairings: Each pairing's result.
        errors: The first faults' messages (at most 10).
    """

    specs: tuple[str, ...]
    preset: str | None
    players: int
    hands: int
    duplicate: bool
    seed: int
    bots: tuple[BotStanding, ...]
    pairings: tuple[PairingResult, ...]
    errors: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON-ready data (schema ``tournament``, :func:`rummy500.json_schema`)."""
        return {
            "format": "rummy500-tournament",
            "version": 1,
            "preset": self.preset,
            "players": self.players,
            "hands": self.hands,
            "duplicate": self.duplicate,
            "seed": seed_to_data(self.seed),
            "bots": [bot.to_dict() for bot in self.bots],
            "pairings": [pairing.to_dict() for pairing in self.pairings],
            "errors": list(self.errors),
        }

    def chart(self) -> Svg:
        """The bots' Elo ratings with their 95% intervals, as an SVG chart."""
        from rummy500.ratingchart import rating_chart

        kind = ", duplicate deals" if self.duplicate else ""
        title = f"{self.hands} hands a pairing{kind}, {self.preset or 'custom rules'}"
        return rating_chart(self.specs, [bot.elo for bot in self.bots], title)

    def table(self) -> str:
        """The standings and the pairings as text tables."""
        width = max(8, *(len(spec) for spec in self.specs))
        lines = [
            f"{'bot':{width}} {'hands':>6} {'score/hand':>10} {'win rate':>8} "
            f"{'lead/hand [95%]':>24} {'Elo [95%]':>24} {'matches won':>12} {'faults':>6}"
        ]
        for bot in self.bots:
            lines.append(
                f"{bot.spec:{width}} {bot.hands:6} {bot.mean_score:10.1f} {bot.win_rate:8.1%} "
                f"{bot.lead!s:>24} {bot.elo!s:>24} "
                f"{bot.match_share:7.1%} of {bot.matches:<3} {bot.faults:4}"
            )
        lines.append("")
        lines.append(
            f"{'pairing':{2 * width + 4}} {'hands':>6} {'W-L-D':>11} {'win rate':>8} "
            f"{'lead/hand [95%]':>24} {'Elo [95%]':>24} {'sprt':>10}"
        )
        for pairing in self.pairings:
            first, second = (self.specs[index] for index in pairing.bots)
            verdict = "" if pairing.sprt is None else pairing.sprt.verdict
            wins = f"{pairing.wins[0]}-{pairing.wins[1]}-{pairing.draws}"
            lines.append(
                f"{first + ' vs ' + second:{2 * width + 4}} {pairing.hands:6} {wins:>11} "
                f"{pairing.score:8.1%} {pairing.lead!s:>24} {pairing.elo!s:>24} {verdict:>10}"
            )
        return "\n".join(line.rstrip() for line in lines)


def _match_wins(hands: Sequence[HandOutcome], target: int) -> tuple[int, tuple[int, int]]:
    """Matches formed by chaining the hands of each seating in order, and each bot's wins."""
    played = 0
    wins = [0, 0]
    for seating in (0, 1):
        totals = [0.0, 0.0]
        for hand in hands:
            if hand.seating != seating or hand.fault is not None:
                continue
            totals = [totals[0] + hand.points[0], totals[1] + hand.points[1]]
            best = max(totals)
            if best >= target and totals[0] != totals[1]:
                played += 1
                wins[totals.index(best)] += 1
                totals = [0.0, 0.0]
    return played, (wins[0], wins[1])


def _pairing_result(
    bots: tuple[int, int],
    deals: Sequence[DealOutcome],
    target: int,
    test: tuple[float, float] | None,
) -> PairingResult:
    hands = [hand for deal in deals for hand in deal.hands]
    wins = (sum(hand.winner == 0 for hand in hands), sum(hand.winner == 1 for hand in hands))
    draws = len(hands) - wins[0] - wins[1]
    faults = (sum(hand.fault == 0 for hand in hands), sum(hand.fault == 1 for hand in hands))
    unit_scores = [_unit_score(deal) for deal in deals]
    leads = [lead for deal in deals if (lead := _unit_lead(deal)) is not None]
    matches, match_wins = _match_wins(hands, target)
    return PairingResult(
        bots=bots,
        hands=len(hands),
        deals=len(deals),
        wins=wins,
        draws=draws,
        faults=faults,
        score=(wins[0] + draws / 2) / max(len(hands), 1),
        elo=elo_interval(unit_scores),
        lead=interval(leads),
        matches=matches,
        match_wins=match_wins,
        sprt=None if test is None else sprt(unit_scores, *test),
    )


def _unit_score(deal: DealOutcome) -> float:
    """The first bot's score over a deal's hands: 1 a win, 1/2 a draw."""
    return sum(
        1.0 if h.winner == 0 else 0.5 if h.winner is None else 0.0 for h in deal.hands
    ) / len(deal.hands)


def _unit_lead(deal: DealOutcome) -> float | None:
    """The first bot's mean point lead per hand over a deal's hands without a fault."""
    leads = [hand.points[0] - hand.points[1] for hand in deal.hands if hand.fault is None]
    return sum(leads) / len(leads) if leads else None


def _standing(
    index: int, spec: str, pairings: Sequence[PairingResult], outcomes: dict[int, list[DealOutcome]]
) -> tuple[BotStanding, list[float], float]:
    """A bot's standing (its Elo to be filled in), its per-unit leads and its points."""
    hands = wins = draws = faults = matches = match_wins = 0
    points: list[float] = []
    leads: list[float] = []
    for number, pairing in enumerate(pairings):
        if index not in pairing.bots:
            continue
        side = pairing.bots.index(index)
        hands += pairing.hands
        wins += pairing.wins[side]
        draws += pairing.draws
        faults += pairing.faults[side]
        matches += pairing.matches
        match_wins += pairing.match_wins[side]
        for deal in outcomes[number]:
            points += [hand.points[side] for hand in deal.hands if hand.fault is None]
            lead = _unit_lead(deal)
            if lead is not None:
                leads.append(lead if side == 0 else -lead)
    standing = BotStanding(
        spec=spec,
        hands=hands,
        mean_score=sum(points) / len(points) if points else 0.0,
        wins=wins,
        draws=draws,
        faults=faults,
        win_rate=(wins + draws / 2) / max(hands, 1),
        lead=interval(leads),
        elo=Interval(0.0, 0.0, 0.0),
        matches=matches,
        match_wins=match_wins,
    )
    return standing, leads, 0.0


def _ratings(count: int, pairings: Sequence[PairingResult]) -> list[Interval]:
    """Each bot's Elo rating, averaging 0: the least-squares fit of the pairings' differences.

    In a round robin each rating is the mean of the bot's differences
    against every bot (itself counted as 0); its interval adds the
    pairings' variances (the pairings are independent).
    """
    sums = [0.0] * count
    variances = [0.0] * count
    for pairing in pairings:
        first, second = pairing.bots
        half = (pairing.elo.high - pairing.elo.low) / 2
        for bot, sign in ((first, 1.0), (second, -1.0)):
            sums[bot] += sign * pairing.elo.mean
            variances[bot] += half * half
    ratings = []
    for bot in range(count):
        mean = sums[bot] / count
        half = math.sqrt(variances[bot]) / count
        ratings.append(Interval(mean, mean - half, mean + half))
    return ratings


def _checked(
    specs: Sequence[str],
    hands: int,
    rules: Rules | str | None,
    players: int,
    sprt_bounds: tuple[float, float] | None,
) -> tuple[tuple[str, ...], Rules, tuple[float, float] | None]:
    if isinstance(specs, str) or not isinstance(specs, Sequence) or len(specs) < 2:
        raise InvalidArgumentError(f"a tournament needs at least two bot specs, got {shown(specs)}")
    for spec in specs:
        spec_maker(spec)  # text that is not a spec, or options the bot refuses
    if isinstance(hands, bool) or not isinstance(hands, int) or hands < 1:
        raise InvalidArgumentError(f"hands must be 1 or more, got {shown(hands)}")
    rules = presets.as_rules(rules)
    rules.check_players(players)
    if sprt_bounds is not None:
        if (
            not isinstance(sprt_bounds, Sequence)
            or len(sprt_bounds) != 2
            or not all(isinstance(x, (int, float)) and math.isfinite(x) for x in sprt_bounds)
            or not sprt_bounds[0] < sprt_bounds[1]
        ):
            raise InvalidArgumentError(
                f"sprt must be two Elo differences elo0 < elo1, got {shown(sprt_bounds)}"
            )
        sprt_bounds = (float(sprt_bounds[0]), float(sprt_bounds[1]))
    return tuple(specs), rules, sprt_bounds


class _Collector:
    """Gathers a pairing's deals in order, and stops it when its SPRT decides."""

    def __init__(self, test: tuple[float, float] | None, planned: int) -> None:
        self.test = test
        self.planned = planned
        self.found: dict[int, DealOutcome] = {}
        self.ordered: list[DealOutcome] = []
        self.scores: list[float] = []
        self.stopped = False

    def add(self, deal: DealOutcome) -> None:
        if self.stopped:
            return
        self.found[deal.index] = deal
        while not self.stopped and len(self.ordered) in self.found:
            ready = self.found.pop(len(self.ordered))
            self.ordered.append(ready)
            self.scores.append(_unit_score(ready))
            if self.test is not None and sprt(self.scores, *self.test).verdict != "continue":
                self.stopped = True

    @property
    def done(self) -> bool:
        return self.stopped or len(self.ordered) >= self.planned


def _batches(
    specs: tuple[str, ...],
    rules: Rules,
    players: int,
    duplicate: bool,
    seed: int,
    deals: int,
    batch_size: int,
) -> Iterator[_Deals]:
    for pairing, (first, second) in enumerate(itertools.combinations(range(len(specs)), 2)):
        seeds = [_deal_seed(seed, pairing, index) for index in range(deals)]
        for start in range(0, deals, batch_size):
            yield _Deals(
                rules,
                players,
                pairing,
                (specs[first], specs[second]),
                duplicate,
                start,
                tuple(seeds[start : start + batch_size]),
            )


def tournament(
    specs: Sequence[str],
    *,
    hands: int,
    rules: Rules | str | None = None,
    players: int = 2,
    duplicate: bool = True,
    seed: int = 0,
    executor: concurrent.futures.Executor | None = None,
    sprt: tuple[float, float] | None = None,
    progress: bool | TextIO = False,
    batch_size: int | None = None,
) -> TournamentResult:
    """Play a round robin between bots; their standings, ratings and pairwise results.

    Args:
        specs: Two or more bot specs (:mod:`rummy500.botspecs`).
        hands: Hands each pairing plays (with ``duplicate``, an odd number is
            rounded up: each deal is played twice).
        rules: The rule set, or a preset's name (``None``: ``pagat``).
        players: Players a hand; the pairing's first bot holds the even
            seats and the second the odd ones (then the other way round).
        duplicate: Whether each deal is played once per seating of its cards.
        seed: The tournament's seed: the same seed gives the same result.
        executor: Any :class:`concurrent.futures.Executor` to play the
            batches of deals on (a process pool, Dask's
            ``Client.get_executor()``, :class:`~rummy500.simulate.RayExecutor`).
        sprt: ``(elo0, elo1)``: stop each pairing when the SPRT of the first
            bot's Elo difference (``elo0`` against ``elo1``, 5% error rates)
            decides.
        progress: ``True`` shows the progress on standard error, a stream
            shows it there (see :func:`~rummy500.simulate.simulate`).
        batch_size: Deals per task (default: at most 16).

    Raises:
        InvalidArgumentError: for fewer than two specs, text that is not a
            spec, a bad number of hands, rules that do not allow ``players``,
            or bad SPRT bounds.
    """
    checked, rules_checked, test = _checked(specs, hands, rules, players, sprt)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidArgumentError(f"seed must be an integer, got {shown(seed)}")
    deals = math.ceil(hands / 2) if duplicate else hands
    pairs = list(itertools.combinations(range(len(checked)), 2))
    if batch_size is None:
        batch_size = max(1, min(16, math.ceil(deals * len(pairs) / 64)))
    elif isinstance(batch_size, bool) or not isinstance(batch_size, int) or batch_size < 1:
        raise InvalidArgumentError(f"batch_size must be 1 or more, got {shown(batch_size)}")
    batches = list(
        _batches(checked, rules_checked, players, bool(duplicate), seed, deals, batch_size)
    )
    collectors = [_Collector(test, deals) for _ in pairs]
    stream: TextIO | None = sys.stderr if progress is True else (progress or None)
    per_deal = 2 if duplicate else 1
    bar = ProgressBar(stream, deals * per_deal * len(pairs), "hands", 5.0, label="tournament")
    try:
        for batch_outcomes in _results(batches, executor, collectors):
            for deal in batch_outcomes:
                collectors[deal.pairing].add(deal)
            bar.update(len(batch_outcomes) * per_deal)
    finally:
        bar.close()
    target = rules_checked.target_score
    outcomes = {number: collector.ordered for number, collector in enumerate(collectors)}
    pairings = tuple(
        _pairing_result(pair, outcomes[number], target, test) for number, pair in enumerate(pairs)
    )
    ratings = _ratings(len(checked), pairings)
    standings = tuple(
        attrs.evolve(_standing(index, spec, pairings, outcomes)[0], elo=ratings[index])
        for index, spec in enumerate(checked)
    )
    errors = [
        hand.error
        for number in range(len(pairs))
        for deal in outcomes[number]
        for hand in deal.hands
        if hand.error
    ]
    return TournamentResult(
        specs=checked,
        preset=presets.name_of(rules_checked),
        players=players,
        hands=hands,
        duplicate=bool(duplicate),
        seed=seed,
        bots=standings,
        pairings=pairings,
        errors=tuple(errors[:10]),
    )


def _results(
    batches: list[_Deals],
    executor: concurrent.futures.Executor | None,
    collectors: list[_Collector],
) -> Iterator[tuple[DealOutcome, ...]]:
    """Each batch's deals as it finishes; batches of a pairing already decided are skipped."""
    if executor is None:
        pool = BotPool()
        try:
            for batch in batches:
                if not collectors[batch.pairing].done:
                    yield _run_deals(batch, pool)
        finally:
            pool.close()
        return
    futures = {executor.submit(_run_deals, batch): batch for batch in batches}
    decided: set[int] = set()
    try:
        for future in concurrent.futures.as_completed(futures):
            if future.cancelled():
                continue
            yield future.result()
            for pairing, collector in enumerate(collectors):
                if collector.done and pairing not in decided:
                    decided.add(pairing)
                    for other, batch in futures.items():
                        if batch.pairing == pairing:
                            other.cancel()
    finally:
        for future in futures:
            future.cancel()
