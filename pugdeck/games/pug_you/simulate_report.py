"""How `pugdeck simulate` shows its `Summary` rows: a text table and a PNG chart.

The chart is drawn with Pillow (already a dependency) rather than matplotlib: four small
bar panels, one bar per player count, nothing that needs a font beyond Pillow's own.
"""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from pugdeck.atomic import write_files
from pugdeck.games.pug_you.simulate import Summary

COLUMNS = (  # header, width, value
    ("players", 7, lambda s: s.players),
    ("turns", 6, lambda s: f"{s.mean_turns:g}"),
    ("actions", 8, lambda s: f"{s.mean_actions:.0f}"),
    ("questions", 10, lambda s: f"{s.mean_questions:.1f}"),
    ("tie rate", 9, lambda s: f"{s.tie_rate:.1%}"),
    ("2nd q/game", 11, lambda s: f"{s.second_questions_per_game:.2f}"),
    ("reshuffles", 11, lambda s: f"{s.reshuffles_per_game:.2f}"),
    ("out of cards", 13, lambda s: f"{s.games_out_of_cards}/{s.games}"),
    ("spread", 7, lambda s: f"{s.mean_badge_spread:.1f}"),
    ("losers", 7, lambda s: f"{s.mean_losers:.2f}"),
    ("lose w/ mutt", 13, lambda s: _share(s.loss_rate_with_mutt)),
    ("lose w/o mutt", 14, lambda s: _share(s.loss_rate_without_mutt)),
    ("build check", 12, lambda s: {True: "playable", False: "not playable", None: "-"}[s.build_says_playable]),
)


def _share(value: float | None) -> str:
    return "-" if value is None else f"{value:.1%}"


def text_report(summaries: list[Summary], games: int, seed: int, bots: str) -> list[str]:
    """A table with one row per player count, then what the columns mean."""
    lines = [f"{games} games per player count, seed {seed}, bots {bots}", ""]
    lines.append(" ".join(h.rjust(w) for h, w, _ in COLUMNS))
    for summary in summaries:
        lines.append(" ".join(str(value(summary)).rjust(w) for _, w, value in COLUMNS))
    lines += ["", "questions: asked per game, tie questions included;",
              "tie rate: ties per question asked; spread: most minus fewest badges at the end;",
              "losers: players tied for most badges; lose w/ mutt: share of players holding a",
              "scored mutt at the end who lost, against everyone else; build check: what",
              "`pugdeck build` claimed for this player count."]
    for summary in summaries:
        histogram = ", ".join(f"{k} loser{'s' * (k != '1')}: {v}"
                              for k, v in summary.losers_histogram.items())
        lines.append(f"  {summary.players} players: {histogram}")
    disagree = [s.players for s in summaries if s.build_says_playable and s.games_out_of_cards]
    if disagree:
        lines.append(f"warning: the build marked {disagree} playable, but games ran out of cards")
    return lines


PANELS = (
    ("tie rate (%)", lambda s: 100 * s.tie_rate),
    ("reshuffles per game", lambda s: s.reshuffles_per_game),
    ("badge spread", lambda s: s.mean_badge_spread),
    ("games with 2+ losers (%)",
     lambda s: 100 * (s.games - s.losers_histogram.get("1", 0)) / max(1, s.games)),
)


def plot_summaries(summaries: list[Summary], path: str | Path) -> None:
    """Write a PNG with one bar panel per statistic; bars are player counts."""
    width, height, pad = 900, 640, 40
    image = Image.new("RGB", (width, height), "white")
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default()
    panel_w, panel_h = (width - 3 * pad) // 2, (height - 3 * pad) // 2
    for k, (title, value) in enumerate(PANELS):
        left = pad + (k % 2) * (panel_w + pad)
        top = pad + (k // 2) * (panel_h + pad)
        _bar_panel(draw, font, (left, top, panel_w, panel_h), title,
                   [(str(s.players), value(s)) for s in summaries])
    png = io.BytesIO()
    image.save(png, format="PNG")
    write_files({Path(path): png.getvalue()})  # whole or not at all; WriteError on failure


def _bar_panel(draw, font, box, title, bars) -> None:
    left, top, w, h = box
    draw.text((left, top - 16), title, fill="black", font=font)
    draw.rectangle((left, top, left + w, top + h), outline="#888888")
    top_value = max((v for _, v in bars), default=0) or 1
    slot = w / max(1, len(bars))
    for i, (label, v) in enumerate(bars):
        bar_h = (h - 30) * v / top_value
        x0 = left + i * slot + slot * 0.2
        x1 = left + (i + 1) * slot - slot * 0.2
        draw.rectangle((x0, top + h - 16 - bar_h, x1, top + h - 16), fill="#c0504d")
        draw.text((x0, top + h - 14), label, fill="black", font=font)
        draw.text((x0, top + h - 30 - bar_h), f"{v:.1f}", fill="black", font=font)
