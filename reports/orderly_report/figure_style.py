"""The shared figure style: matplotlib set-up, one colour and marker per curve in every figure,
log-log panels that record what they draw, and saving a figure with its data beside it.

A panel draws only what it is given: points, and lines the study wrote into its JSON. What a
panel draws is what goes into the figure's data file (schema orderly.figure-data/1), so the data
file and the picture cannot disagree."""

from __future__ import annotations

import json
import math
from collections import defaultdict
from pathlib import Path

from . import model

FIGURE_DATA_SCHEMA = "orderly.figure-data/1"

# Plotted values stay inside this range: matplotlib's log axis cannot tick near the ends of the
# double range. A value beyond it is drawn on the panel's edge, like a blow-up or a zero.
PLOT_MIN, PLOT_MAX = 1e-300, 1e300

# No "x" or "v": those glyphs mark blow-ups and zero errors on the panel edges.
MARKERS = ["o", "s", "^", "D", "P", "<", ">", "h", "*", "p", "d", "H"]

# Log-axis margins: a factor beyond the extreme points on each axis.
X_MARGIN, Y_MARGIN = 1.6, 6.0

PANEL_WIDTH, PANEL_HEIGHT = 7.6, 4.6   # inches, legend included
MIN_FIGURE_WIDTH = 11.0
KEY_STRIP_HEIGHT = 0.8
PNG_DPI = 100

FIT_LINE_WIDTH, FIT_LINE_ALPHA = 6, 0.28   # the study's fitted line: wide and pale under the points
DECLARED_LINE_WIDTH = 1.5                  # the declared order: dotted

# What a panel with nothing to plot shows. Its data file says the same under "empty", so an empty
# panel is a statement the figure makes, not a drawing that went missing.
NO_FINITE_VALUES = "no finite values"


def setup() -> None:
    import matplotlib
    matplotlib.use("Agg")
    matplotlib.rcParams.update({
        "svg.hashsalt": "orderly",      # reproducible SVG ids
        "svg.fonttype": "none",         # text stays text: smaller, searchable
        # Names come from users' files: a "$" is a dollar sign, never the start of mathtext (one
        # "$" would stop the drawing, two would draw the text between them as a formula).
        "text.parse_math": False,
        "font.size": 9,
        "axes.titlesize": 10,
        "axes.labelsize": 9,
        "axes.spines.top": False,
        "axes.spines.right": False,
        "legend.fontsize": 7.5,
    })


def plottable(value) -> bool:
    return value is not None and PLOT_MIN <= value <= PLOT_MAX


class SeriesStyle:
    """A colour, marker and line style per curve key, the same in every figure. Keys are numbered
    within their group (a panel shows one group), so a panel's colours are as distinct as the
    palette allows; past ten curves the colours repeat with another marker and a dash-dot line."""

    def __init__(self, keys_by_group: dict):
        import matplotlib
        palette = matplotlib.colormaps["tab10"].colors
        self.style = {}
        for keys in keys_by_group.values():
            for i, key in enumerate(sorted(set(keys))):
                cycle = i // len(palette)
                self.style[key] = (palette[i % len(palette)], MARKERS[(i + 5 * cycle) % len(MARKERS)],
                                   "-" if cycle % 2 == 0 else "-.")

    def __call__(self, key):
        return self.style[key]


def _padded(lo: float, hi: float, factor: float):
    """Log-axis limits with a margin, kept finite and positive at the ends of the double range."""
    low = lo / factor if lo / factor > 0.0 else lo
    high = hi * factor if math.isfinite(hi * factor) else hi
    return low, high


def _hex(colour) -> str:
    import matplotlib.colors
    return matplotlib.colors.to_hex(colour)


class Panel:
    """One log-log panel. Every draw call also records its data for the figure's data file."""

    def __init__(self, ax, title: str):
        self.ax, self.title = ax, title
        self.series = []
        self._xs, self._ys = [], []
        self._edges = []
        self._legend = []
        self.empty = None     # set by finish() when the panel has nothing to plot
        ax.set_xscale("log")
        ax.set_yscale("log")

    def _bound(self, xs, ys):
        self._xs += [x for x in xs if plottable(x)]
        self._ys += [y for y in ys if plottable(y)]

    def measured(self, label: str, xs: list, ys: list, in_window: list, statuses: list, colour,
                 marker: str, linestyle: str = "-") -> None:
        """Measured points joined by a line: filled in the study's fit window, hollow outside.
        A point without a finite positive error in range goes to an edge (see edge_markers)."""
        shown = sorted((x, y, w) for x, y, w, s in zip(xs, ys, in_window, statuses)
                       if plottable(x) and plottable(y) and s != "below-reference")
        if shown:
            self.ax.plot([x for x, _, _ in shown], [y for _, y, _ in shown], linestyle=linestyle,
                         color=colour, linewidth=1.1, zorder=3)
            inside = [(x, y) for x, y, w in shown if w]
            outside = [(x, y) for x, y, w in shown if not w]
            if inside:
                self.ax.plot(*zip(*inside), linestyle="none", marker=marker, color=colour,
                             markersize=5.5, zorder=4)
            if outside:
                self.ax.plot(*zip(*outside), linestyle="none", marker=marker, markerfacecolor="white",
                             markeredgecolor=colour, markersize=5.5, zorder=4)
        self._bound([x for x in xs if x is not None], [y for _, y, _ in shown])
        edges = []
        for x, y, s in zip(xs, ys, statuses):
            if not plottable(x) or (plottable(y) and s != "below-reference"):
                continue
            top = s == "unstable" or (y is not None and y > PLOT_MAX)
            edges.append({"x": x, "status": s, "edge": "top" if top else "bottom"})
            self._edges.append((x, top, colour))
        self.series.append({"label": label, "role": "measured", "colour": _hex(colour),
                            "x": [x for x, _, _ in shown], "y": [y for _, y, _ in shown],
                            "in_window": [w for _, _, w in shown], "edge_points": edges})

    def line(self, label: str, role: str, line, colour, **style) -> bool:
        """A line the study wrote ({"h": [h1, h2], "error": [e1, e2]}), drawn as given; nothing
        when the JSON has none or it leaves the plottable range."""
        if not isinstance(line, dict):
            return False
        xs, ys = line.get("h"), line.get("error")
        if not (isinstance(xs, list) and isinstance(ys, list) and len(xs) == len(ys) >= 2):
            return False
        if not all(isinstance(v, (int, float)) and not isinstance(v, bool) and plottable(v)
                   for v in xs + ys):
            return False
        self.ax.plot(xs, ys, color=colour, zorder=2, **style)
        self._bound(xs, ys)
        self.series.append({"label": label, "role": role, "colour": _hex(colour), "x": list(xs),
                            "y": list(ys)})
        return True

    def data(self) -> dict:
        """The panel in the figure's data file: its series and, when it drew none, why."""
        out = {"title": self.title, "series": self.series}
        if self.empty:
            out["empty"] = self.empty
        return out

    def legend_entry(self, label: str, colour, marker: str, linestyle: str) -> None:
        self._legend.append((label, colour, marker, linestyle))

    def finish(self, xlabel: str, ylabel: str) -> None:
        from matplotlib.lines import Line2D
        ax = self.ax
        if self._xs:
            ax.set_xlim(*_padded(min(self._xs), max(self._xs), X_MARGIN))
        if self._ys:
            ax.set_ylim(*_padded(min(self._ys), max(self._ys), Y_MARGIN))
        else:
            ax.set_ylim(1e-16, 1.0)
            self.empty = NO_FINITE_VALUES
            ax.text(0.5, 0.5, self.empty, transform=ax.transAxes, ha="center", va="center", color="0.4")
        transform = ax.get_xaxis_transform()
        for x, top, colour in self._edges:
            if top:
                ax.plot([x], [1.0], marker="x", color=colour, markersize=8, markeredgewidth=2,
                        transform=transform, clip_on=False, zorder=5)
            else:
                ax.plot([x], [0.0], marker="v", color=colour, markersize=7, transform=transform,
                        clip_on=False, zorder=5)
        ax.set_title(self.title)
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)
        ax.grid(True, which="major", alpha=0.3)
        handles = [Line2D([], [], color=c, marker=m, linestyle=ls, label=label)
                   for label, c, m, ls in self._legend]
        if handles:
            ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False,
                      borderaxespad=0.0)


class GridFigure:
    """Panels keyed (row group, column): one row per group with its columns left to right, or,
    when every group has one column, two panels a row. A strip at the bottom holds the key to
    the glyphs."""

    def __init__(self, title: str, keys: list):
        import matplotlib.pyplot as plt
        groups = list(dict.fromkeys(g for g, _ in keys))
        per_group = {g: [c for h, c in keys if h == g] for g in groups}
        ncols = max(len(v) for v in per_group.values())
        if ncols > 1:
            nrows = len(groups)
            slot = {(g, c): groups.index(g) * ncols + per_group[g].index(c) for g, c in keys}
        else:
            ncols = min(2, len(keys))
            nrows = math.ceil(len(keys) / ncols)
            slot = {key: i for i, key in enumerate(keys)}
        self.fig = plt.figure(figsize=(max(MIN_FIGURE_WIDTH, PANEL_WIDTH * ncols),
                                       PANEL_HEIGHT * nrows + KEY_STRIP_HEIGHT + 0.6),
                              layout="constrained")
        self.fig.get_layout_engine().set(h_pad=0.1, hspace=0.04)
        grid, self.key_strip = self.fig.subfigures(
            2, 1, height_ratios=[PANEL_HEIGHT * nrows + 0.6, KEY_STRIP_HEIGHT])
        axes = grid.subplots(nrows, ncols, squeeze=False).ravel()
        for i, ax in enumerate(axes):
            if i not in slot.values():
                ax.set_axis_off()
        grid.suptitle(title, fontsize=12)
        self.title = title
        self.panels = {key: Panel(axes[i], f"{key[0]} · {key[1]}") for key, i in slot.items()}
        self.order = keys

    def key(self, entries: list) -> None:
        """The glyph key: (label, marker, linestyle, extra Line2D keyword arguments)."""
        from matplotlib.lines import Line2D
        grey = "0.35"
        handles = [Line2D([], [], color=grey, marker=m, linestyle=ls, label=label, **extra)
                   for label, m, ls, extra in entries]
        self.key_strip.legend(handles=handles, loc="center", ncols=3 if self.fig.get_figwidth() > 14 else 2,
                              fontsize=8, frameon=False)

    def save(self, directory: Path, stem: str, page_prefix: str, caption: str, xlabel: str,
             ylabel: str) -> model.Figure:
        """SVG and PNG, and the plotted data as JSON beside them."""
        import matplotlib.pyplot as plt
        for panel in self.panels.values():
            panel.finish(xlabel, ylabel)
        directory.mkdir(parents=True, exist_ok=True)
        for ext in ("svg", "png"):
            meta = {"Date": None} if ext == "svg" else {"Software": None}
            self.fig.savefig(directory / f"{stem}.{ext}", dpi=PNG_DPI if ext == "png" else None,
                             metadata=meta)
            # The layout is solved once: the second format reuses it.
            self.fig.set_layout_engine("none")
        plt.close(self.fig)
        data = {"schema": FIGURE_DATA_SCHEMA, "title": self.title, "caption": caption,
                "x_label": xlabel, "y_label": ylabel, "x_scale": "log", "y_scale": "log",
                "panels": [self.panels[k].data() for k in self.order]}
        (directory / f"{stem}.json").write_text(json.dumps(data, indent=1, allow_nan=False) + "\n",
                                                encoding="utf-8")
        return model.Figure(title=self.title, svg=f"{page_prefix}/{stem}.svg",
                            png=f"{page_prefix}/{stem}.png", data=f"{page_prefix}/{stem}.json",
                            caption=caption)


def group_keys(pairs) -> dict:
    """{group: [keys]} from (group, key) pairs, for SeriesStyle."""
    out = defaultdict(list)
    for group, key in pairs:
        out[group].append(key)
    return out


def panel_grid(count: int, per_row: int):
    """A figure of `count` panels of the standard size, `per_row` to a row; the panels as a flat
    list (spare cells of the last row hidden)."""
    import matplotlib.pyplot as plt
    ncols = max(1, min(per_row, count))
    nrows = max(1, math.ceil(count / ncols))
    fig, axes = plt.subplots(nrows, ncols, squeeze=False, layout="constrained",
                             figsize=(PANEL_WIDTH * ncols, PANEL_HEIGHT * nrows))
    axes = axes.ravel()
    for ax in axes[count:]:
        ax.set_axis_off()
    return fig, list(axes)


def save_figure(fig, directory: Path, stem: str, page_prefix: str, title: str, caption: str,
                panels: list, x_scale: str = "log", y_scale: str = "log", x_label: str = "",
                y_label: str = "") -> model.Figure:
    """Any matplotlib figure a section drew itself: SVG and PNG, and beside them the data it
    plotted (panels: [{"title", "series": [{"label", "x", "y", ...}]}], in the data-file schema
    the log-log grids use), so a reader can take the numbers instead of reading them off."""
    import matplotlib.pyplot as plt
    directory.mkdir(parents=True, exist_ok=True)
    for ext in ("svg", "png"):
        meta = {"Date": None} if ext == "svg" else {"Software": None}
        fig.savefig(directory / f"{stem}.{ext}", dpi=PNG_DPI if ext == "png" else None, metadata=meta,
                    bbox_inches="tight")
    plt.close(fig)
    data = {"schema": FIGURE_DATA_SCHEMA, "title": title, "caption": caption, "x_label": x_label,
            "y_label": y_label, "x_scale": x_scale, "y_scale": y_scale, "panels": panels}
    (directory / f"{stem}.json").write_text(json.dumps(data, indent=1, allow_nan=False) + "\n",
                                            encoding="utf-8")
    return model.Figure(title=title, svg=f"{page_prefix}/{stem}.svg", png=f"{page_prefix}/{stem}.png",
                        data=f"{page_prefix}/{stem}.json", caption=caption)
