"""The convergence section's figures: error against h (with the study's fitted and declared
lines), error against right-hand-side evaluations, energy error against h. One figure per
problem, one panel per (family, scalar); drawn from the runs, fitted nowhere."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from ... import figure_style
from ... import numbers as fmt
from ...numbers import finite, safe_name
from .runs import UNJUDGED, Run, family_key, run_key, scalar_key

H_LABEL = "step size h (problem time units)"
WORK_LABEL = "right-hand-side evaluations (count)"
ERROR_LABELS = {
    "final": "error ‖y_N − y(t_N)‖₂ (state units)",
    "l2": "RMS over steps of ‖y_n − y(t_n)‖₂ (state units)",
    "linf": "max over steps of ‖y_n − y(t_n)‖₂ (state units)",
}
ENERGY_LABEL = "energy error max_n |H(y_n) − H(y_0)| (energy units)"

EDGE_KEY = [
    ("unstable (blow-up) or error > 1e300, on the top edge", "x", "none", {"markeredgewidth": 2}),
    ("error 0 or below the reference's accuracy, on the bottom edge", "v", "none", {}),
]
POINTS_KEY = [
    ("points in the study's fit window", "o", "-", {}),
    ("points outside the window (pre-asymptotic, round-off)", "o", "-", {"markerfacecolor": "white"}),
]
FIT_KEY = ("the study's fitted C·h^p over the window", "", "-",
           {"linewidth": figure_style.FIT_LINE_WIDTH, "alpha": figure_style.FIT_LINE_ALPHA})
DECLARED_KEY = ("declared order (articles' integrators: claimed) over the window", "", ":",
                {"linewidth": figure_style.DECLARED_LINE_WIDTH})
ADAPTIVE_KEY = ("adaptive run: tolerance sweep", "o", "--", {})


def error_label(norm: str) -> str:
    return ERROR_LABELS.get(norm, f"error, norm {norm} (state units)")


def make_style(runs: list) -> figure_style.SeriesStyle:
    return figure_style.SeriesStyle(figure_style.group_keys((r.family, r.series_key) for r in runs))


def panels(runs: list) -> list:
    """(family, scalar) -> runs, in family then scalar order."""
    groups = defaultdict(list)
    for run in runs:
        groups[(run.family, run.scalar)].append(run)
    keys = sorted(groups, key=lambda k: (family_key(k[0]), scalar_key(k[1])))
    return [(key, sorted(groups[key], key=run_key)) for key in keys]


def _measured(panel, run: Run, points: list, xs: list, colour, marker, linestyle, label):
    panel.measured(label, xs, [p.error for p in points], [p.in_window for p in points],
                   [p.status for p in points], colour, marker, linestyle)


def convergence_figure(problem: str, runs: list, style, directory: Path, prefix: str):
    fixed = [r for r in runs if r.points]
    if not fixed:
        return None
    norm = fixed[0].norm
    layout = panels(fixed)
    figure = figure_style.GridFigure(f"{problem}: error against step size h (norm {norm})",
                                     [key for key, _ in layout])
    declared_drawn = False
    for key, panel_runs in layout:
        panel = figure.panels[key]
        for run in panel_runs:
            colour, marker, line = style(run.series_key)
            _measured(panel, run, run.points, [p.x for p in run.points], colour, marker, line, run.label)
            panel.line(f"{run.label}: fitted", "fit_line", run.fit_line, colour,
                       linewidth=figure_style.FIT_LINE_WIDTH, alpha=figure_style.FIT_LINE_ALPHA,
                       solid_capstyle="butt")
            declared_drawn |= panel.line(f"{run.label}: declared order", "declared_line",
                                         run.declared_line, colour, linestyle=":",
                                         linewidth=figure_style.DECLARED_LINE_WIDTH)
            summary = ("no order" if run.measured is None
                       else f"p = {fmt.measured(run.measured, run.uncertainty)}")
            claimed = run.claimed
            declared = (f"claimed {fmt.order_value(claimed)}" if claimed is not None
                        else f"declared {fmt.order_value(run.declared)}")
            mark = "" if run.verdict in ("pass", UNJUDGED) else f" [{run.verdict}]"
            panel.legend_entry(f"{run.label}: {summary} ({declared}){mark}", colour, marker, line)
    figure.key(POINTS_KEY + EDGE_KEY + [FIT_KEY] + ([DECLARED_KEY] if declared_drawn else []))
    caption = (
        f"Error against step size h on {problem} (norm {norm}), one panel per method family and "
        "scalar. Filled markers are the points the study fitted over (its asymptotic window); "
        "hollow ones lie outside it (pre-asymptotic or round-off). The wide pale line is the "
        "study's fitted C·h^p over that window and the dotted line has the declared order (for the "
        "articles' integrators, the order their article claims): where the two are parallel the "
        "method attains its order; points flatter than the dotted line show a lost order. "
        "The legend gives each method's measured order and, when it is not a pass, its verdict.")
    return figure.save(directory, f"convergence_{safe_name(problem)}", prefix, caption, H_LABEL,
                       error_label(norm))


def work_figure(problem: str, runs: list, style, directory: Path, prefix: str):
    usable = [r for r in runs if any(p.rhs_evaluations for p in r.points + r.adaptive_points)]
    if not usable:
        return None
    norm = usable[0].norm
    layout = panels(usable)
    figure = figure_style.GridFigure(f"{problem}: error against right-hand-side evaluations",
                                     [key for key, _ in layout])
    adaptive = False
    for key, panel_runs in layout:
        panel = figure.panels[key]
        for run in panel_runs:
            colour, marker, line = style(run.series_key)
            if run.points:
                _measured(panel, run, run.points, [p.rhs_evaluations for p in run.points], colour,
                          marker, line, f"{run.label} fixed step")
                panel.legend_entry(f"{run.label} fixed step", colour, marker, line)
            if run.adaptive_points:
                adaptive = True
                _measured(panel, run, run.adaptive_points,
                          [p.rhs_evaluations for p in run.adaptive_points], colour, marker, "--",
                          f"{run.label} adaptive")
                slope = finite((run.adaptive or {}).get("slope_error_vs_tol"))
                extra = f", error ∝ tol^{slope:.2f}" if slope is not None else ""
                panel.legend_entry(f"{run.label} adaptive{extra}", colour, marker, "--")
    figure.key(POINTS_KEY[:1] + EDGE_KEY + ([ADAPTIVE_KEY] if adaptive else []))
    caption = (
        f"Error against work on {problem} (norm {norm}): fixed-step runs as solid lines"
        + (", adaptive tolerance sweeps dashed" if adaptive else "") + ". Work is counted in "
        "right-hand-side evaluations, so methods with different stage counts compare fairly: a "
        "curve lower at the same abscissa reaches that accuracy for less work, and a steeper curve "
        "means a higher order pays off as the accuracy demanded grows.")
    return figure.save(directory, f"work_{safe_name(problem)}", prefix, caption, WORK_LABEL,
                       error_label(norm))


def energy_figure(problem: str, runs: list, style, directory: Path, prefix: str):
    with_energy = [r for r in runs if r.energy_points]
    if not with_energy:
        return None
    layout = panels(with_energy)
    figure = figure_style.GridFigure(f"{problem}: energy error against step size h",
                                     [key for key, _ in layout])
    for key, panel_runs in layout:
        panel = figure.panels[key]
        for run in panel_runs:
            colour, marker, line = style(run.series_key)
            pts = run.energy_points
            _measured(panel, run, pts, [p.x for p in pts], colour, marker, line, run.label)
            panel.line(f"{run.label}: fitted", "fit_line", run.energy.get("fit_line"), colour,
                       linewidth=figure_style.FIT_LINE_WIDTH, alpha=figure_style.FIT_LINE_ALPHA,
                       solid_capstyle="butt")
            order = finite(run.energy.get("measured_order"))
            unc = finite(run.energy.get("order_uncertainty"))
            summary = f"p = {fmt.measured(order, unc)}" if order is not None else "no order"
            panel.legend_entry(f"{run.label}: {summary}", colour, marker, line)
    figure.key(POINTS_KEY + EDGE_KEY + [FIT_KEY])
    caption = (
        f"Largest energy error over the run against step size h on {problem}. The slope is the "
        "order of the energy error; the wide pale line is the study's fit over its window. "
        "The error shown is the largest over the whole interval, so a curve falling as h^p "
        "bounds the energy error on that interval to order p.")
    return figure.save(directory, f"energy_{safe_name(problem)}", prefix, caption, H_LABEL,
                       ENERGY_LABEL)


def render_problem(problem: str, runs: list, style, directory: Path, prefix: str) -> list:
    """All figures of one problem (its runs in one norm), as model.Figure records."""
    figure_style.setup()
    out = [convergence_figure(problem, runs, style, directory, prefix),
           work_figure(problem, runs, style, directory, prefix),
           energy_figure(problem, runs, style, directory, prefix)]
    return [f for f in out if f is not None]
