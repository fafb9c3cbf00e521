"""The chart of the presets: how hands end and what they score, from a seeded simulation.

At each documentation build, greedy bots play :data:`HANDS` hands of every
preset (two players, four for the partnership presets), dealt from the seeds
``SEED``, ``SEED + 1`` …, and the chart is drawn as plain SVG into
``docs/_generated/presets.svg``.  The numbers are kept beside it with a key of
the library's sources, so a build after no change to ``src/`` draws the chart
from them without playing again.
"""

from __future__ import annotations

import concurrent.futures
import hashlib
import html
import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sphinx.application import Sphinx

#: Hands played per preset, and the seed of the first.
HANDS = 50
SEED = 500

#: How a hand ended, in the order of the bars.
ENDINGS = ("went out with a discard", "went out by melding", "the stock ran out")
_COLOURS = ("#2e7d32", "#81c784", "#b0bec5")
_VERSION = 1  # of the numbers' layout: a change plays the hands again


def preset_numbers(name: str, hands: int = HANDS, seed: int = SEED) -> dict[str, Any]:
    """Play ``hands`` hands of preset ``name`` between greedy bots and count the endings.

    >>> numbers = preset_numbers("pagat", hands=2)
    >>> numbers["players"], sum(numbers["endings"])
    (2, 2)
    """
    from rummy500 import Discard, EndReason, GreedyBot, iter_hand, new_game, presets

    rules = presets.get(name)
    players = max(2, rules.min_players)
    endings = [0] * len(ENDINGS)
    points = moves = 0
    for index in range(hands):
        bots = [GreedyBot(seed=seed + index * players + seat) for seat in range(players)]
        steps = list(iter_hand(new_game(rules, players, seed=seed + index), bots))
        result = steps[-1].after.result
        assert result is not None
        if result.reason is EndReason.STOCK_EXHAUSTED:
            endings[2] += 1
        elif isinstance(steps[-1].move, Discard):
            endings[0] += 1
        else:
            endings[1] += 1
        points += sum(result.scores)
        moves += len(steps)
    return {
        "name": name,
        "players": players,
        "hands": hands,
        "endings": endings,
        "points": points / (hands * players),
        "moves": moves / hands,
    }


def _sources_key() -> str:
    import rummy500

    digest = hashlib.sha256(f"{_VERSION} {HANDS} {SEED}".encode())
    for path in sorted(Path(rummy500.__file__).parent.rglob("*.py")):
        digest.update(path.read_bytes())
    return digest.hexdigest()


def all_numbers(cache: Path | None = None) -> list[dict[str, Any]]:
    """The numbers of every preset, from ``cache`` when it holds those of these sources."""
    from rummy500 import presets

    key = _sources_key()
    if cache is not None and cache.exists():
        kept = json.loads(cache.read_text(encoding="utf-8"))
        if kept.get("key") == key:
            return list(kept["presets"])
    names = presets.names()
    workers = max(1, min(len(names), os.cpu_count() or 1))
    if workers > 1:
        with concurrent.futures.ProcessPoolExecutor(max_workers=workers) as pool:
            numbers = list(pool.map(preset_numbers, names))
    else:
        numbers = [preset_numbers(name) for name in names]
    if cache is not None:
        cache.write_text(json.dumps({"key": key, "presets": numbers}, indent=1), encoding="utf-8")
    return numbers


def _text(x: float, y: float, text: str, anchor: str = "start", **style: str) -> str:
    extra = "".join(f' {key.replace("_", "-")}="{value}"' for key, value in style.items())
    return f'<text x="{x:g}" y="{y:g}" text-anchor="{anchor}"{extra}>{html.escape(text)}</text>'


def draw(numbers: list[dict[str, Any]]) -> str:
    """The chart as SVG: per preset, a bar of how its hands ended and its points per hand.

    >>> svg = draw([{"name": "pagat", "players": 2, "hands": 4, "endings": [3, 1, 0],
    ...              "points": 97.5, "moves": 41.0}])
    >>> svg.startswith("<svg") and "pagat" in svg and "97.5" in svg
    True
    """
    label, bar, gap, right = 112, 300, 24, 200
    row, top = 30, 58
    width = label + bar + gap + right
    height = top + row * len(numbers) + 34
    most = max((entry["points"] for entry in numbers), default=1) or 1
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'role="img" aria-labelledby="chart-title" '
        f'font-family="-apple-system, Segoe UI, Helvetica, Arial, sans-serif" font-size="13">',
        '<title id="chart-title">How hands end, and the points per hand, for each preset</title>',
        _text(label, 18, "How the hands ended", font_weight="bold"),
        _text(label + bar + gap, 18, "Points per player, per hand", font_weight="bold"),
    ]
    x = label
    for colour, ending in zip(_COLOURS, ENDINGS, strict=True):
        parts.append(f'<rect x="{x}" y="30" width="11" height="11" fill="{colour}"/>')
        parts.append(_text(x + 15, 40, ending, font_size="11"))
        x += 22 + 6.2 * len(ending)
    for index, entry in enumerate(numbers):
        y = top + index * row
        parts.append(_text(label - 8, y + 15, entry["name"], "end"))
        x = float(label)
        for colour, count in zip(_COLOURS, entry["endings"], strict=True):
            share = count / max(entry["hands"], 1)
            if share:
                parts.append(
                    f'<rect x="{x:.1f}" y="{y}" width="{bar * share:.1f}" height="20" '
                    f'fill="{colour}"><title>{entry["name"]}: {count} of {entry["hands"]} '
                    f"hands</title></rect>"
                )
            x += bar * share
        length = max(1.0, right * 0.62 * max(entry["points"], 0) / most)
        left = label + bar + gap
        parts.append(
            f'<rect x="{left}" y="{y + 3}" width="{length:.1f}" height="14" fill="#5c6bc0"/>'
        )
        parts.append(_text(left + length + 5, y + 15, f"{entry['points']:.1f}"))
    hands = {entry["hands"] for entry in numbers}
    note = (
        f"{'/'.join(map(str, sorted(hands)))} hands per preset between greedy bots, seeded; "
        "two players, four for the partnership presets"
    )
    parts.append(_text(label, height - 10, note, font_size="11", fill="#555"))
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _draw_chart(app: Sphinx) -> None:
    folder = Path(app.srcdir) / "_generated"
    folder.mkdir(exist_ok=True)
    svg = draw(all_numbers(folder / "presets.json"))
    path = folder / "presets.svg"
    if not path.exists() or path.read_text(encoding="utf-8") != svg:
        path.write_text(svg, encoding="utf-8")


def setup(app: Sphinx) -> dict[str, Any]:
    """Draw the chart when the build starts."""
    app.connect("builder-inited", _draw_chart)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
