"""Report section "Adaptive stepping" (schema orderly.adaptive/1, written by `orderly adaptive`):
embedded pairs judged whole -- the error estimate's order and reliability, tolerance
proportionality (DETEST's measures), and step-size control stability under each controller,
decided from the linearised step-size map and confirmed by runs on a stability-limited problem.

Draws and tabulates only: every number comes from the JSON."""

from __future__ import annotations

import math

import numpy as np

from .. import figure_style, model
from ..errors import InputError, object_list
from ..numbers import DASH, finite, sci
from . import Section, register

SCHEMA = "orderly.adaptive/1"
STUDY = "adaptive"
# The pair whose h(t) under every controller is drawn: the textbook case.
TEXTBOOK_PAIRS = ("dopri54", "runge_kutta_dopri5")
# The window of the h(t) figure (well after the start transient) and its range of h / h*.
STEP_WINDOW = (2.0, 2.25)
STEP_RATIO_LIMITS = (0.55, 1.45)

ORDER_VERDICT = {"matches": "pass", "wrong": "fail", "inconclusive": "inconclusive"}
STABILITY_VERDICT = {"stable": "pass", "unstable": "fail", "marginal": "inconclusive"}


def _num(value, digits: int = 3) -> str:
    x = finite(value)
    return DASH if x is None else f"{x:.{digits}g}"


def _pairs(document) -> list:
    return object_list(document.data, "pairs", document.name)


def _estimate_table(pairs: list) -> model.Table:
    rows = []
    for p in pairs:
        e = p.get("estimate") or {}
        verdict = str(e.get("verdict"))
        rows.append([model.Cell(str(p.get("pair"))), model.Cell(str(p.get("origin"))),
                     model.Cell(f"{p.get('order')}"), model.Cell(f"{p.get('estimate_order')}"),
                     model.Cell(_num(e.get("measured_order"), 3)), model.Cell(_num(e.get("true_order"), 3)),
                     model.Cell(_num(e.get("ratio_at_finest"), 3)), model.Cell(str(e.get("scalar"))),
                     model.Cell(verdict, str(e.get("reason") or ""), ORDER_VERDICT.get(verdict, ""))])
    return model.Table(["pair", "origin", "order p", "estimate order (declared)", "estimate order (measured)",
                        "true local error order (measured)", "estimate / true at finest h", "scalar", "verdict"],
                       rows, caption=(
                           "One step from the start of the order problem for h = 0.25 / 2^j: the estimate's 2-norm "
                           "and the propagated solution's true local error (against rkf78 substeps refined in "
                           "float128 to 1e-3 of it), least-squares slopes of the four finest resolved points, "
                           "minus 1. A pair that propagates its higher order (local extrapolation) has "
                           "estimate / true ~ 1/h; one that propagates its lower order ~ 1."))


def _reliability_verdict(sweep: dict, declared) -> tuple:
    """The sweep's verdict: pass when no tolerance was deceived and the estimate's order along the
    runs is the declared one; the reasons otherwise."""
    reasons = [f"tol {r.get('tolerance'):.0e}: {r.get('reason')}" for r in sweep.get("reliability") or []
               if r.get("verdict") != "reliable"]
    prop = sweep.get("proportionality") or {}
    if prop.get("along_runs_verdict") == "inconsistent":
        reasons.append(f"estimate order along the runs {_num(prop.get('estimate_order_along_runs'))}, "
                       f"declared {declared}")
    return ("fail" if reasons else "pass"), "; ".join(reasons)


def _reliability_rows(pairs: list) -> list:
    rows = []
    for p in pairs:
        for s in p.get("sweeps") or []:
            rel = s.get("reliability") or []
            prop = s.get("proportionality") or {}
            worst = max((finite(r.get("deceived_fraction")) or 0 for r in rel), default=0)
            medians = [r["log10_ratio_quantiles"][3] for r in rel if len(r.get("log10_ratio_quantiles") or []) == 7]
            verdict, reason = _reliability_verdict(s, p.get("estimate_order"))
            rows.append([model.Cell(str(p.get("pair"))), model.Cell(str(s.get("problem"))),
                         model.Cell(f"{100 * worst:.1f} %"),
                         model.Cell(DASH if not medians else f"{10 ** min(medians):.3g} … {10 ** max(medians):.3g}"),
                         model.Cell(_num(prop.get("estimate_order_along_runs"), 3)),
                         model.Cell("reliable" if verdict == "pass" else "flagged", reason, verdict)])
    return rows


def _proportionality_rows(pairs: list) -> list:
    rows = []
    for p in pairs:
        for s in p.get("sweeps") or []:
            prop = s.get("proportionality") or {}
            rows.append([model.Cell(str(p.get("pair"))), model.Cell(str(s.get("problem"))),
                         model.Cell(_num(prop.get("exponent"), 3)), model.Cell(sci(prop.get("constant"))),
                         model.Cell(_num(prop.get("cost_per_digit"), 4))])
    return rows


def _stability_rows(pairs: list) -> list:
    rows = []
    for p in pairs:
        st = p.get("stability") or {}
        boundary = st.get("boundary") or {}
        for c in st.get("controllers") or []:
            run = c.get("run") or {}
            verdict = str(c.get("verdict"))
            agrees = c.get("run_agrees")
            rows.append([model.Cell(str(p.get("pair"))), model.Cell(_num(boundary.get("z"), 5)),
                         model.Cell(str(c.get("controller"))), model.Cell(_num(c.get("spectral_radius"), 4)),
                         model.Cell(verdict, f"margin 1 - rho = {_num(c.get('margin'), 3)}",
                                    STABILITY_VERDICT.get(verdict, "")),
                         model.Cell(f"{run.get('accepted', DASH)}"), model.Cell(_num(run.get("rejected_fraction"), 3)),
                         model.Cell(_num(run.get("log_step_ratio_rms"), 3)),
                         model.Cell(_num(run.get("mean_step_over_boundary_step"), 4)),
                         model.Cell(DASH if agrees is None else ("yes" if agrees else "no"), "",
                                    "" if agrees is None else ("pass" if agrees else "fail"))])
        od = st.get("odeint_run")
        if od:
            rows.append([model.Cell(str(p.get("pair"))), model.Cell(_num(boundary.get("z"), 5)),
                         model.Cell(str(od.get("controller"))), model.Cell(DASH), model.Cell(DASH),
                         model.Cell(f"{od.get('accepted')}"), model.Cell(_num(od.get("rejected_fraction"), 3)),
                         model.Cell(_num(od.get("log_step_ratio_rms"), 3)),
                         model.Cell(_num(od.get("mean_step_over_boundary_step"), 4)), model.Cell(DASH)])
    return rows


def _step_figure(pairs: list, data: dict, context):
    """h(t) / h* per controller, one small panel each, in a window of the run where the step has long
    reached the boundary: the textbook pair under Orderly's controllers, and odeint's controller on
    odeint's dopri5."""
    import matplotlib.pyplot as plt
    by_name = {p.get("pair"): p for p in pairs}
    problem = data.get("stability_problem") or {}
    lam = finite(problem.get("lambda")) or -1.0
    runs = []
    for name in TEXTBOOK_PAIRS:
        p = by_name.get(name)
        if not p:
            continue
        st = p.get("stability") or {}
        z = finite((st.get("boundary") or {}).get("z"))
        if z is None:
            continue
        if name == TEXTBOOK_PAIRS[0]:
            runs += [(name, c.get("controller"), c.get("verdict"), c.get("spectral_radius"), c.get("run") or {}, z)
                     for c in st.get("controllers") or []]
        if st.get("odeint_run"):
            runs.append((name, "odeint controlled_runge_kutta", None, None, st["odeint_run"], z))
    if not runs:
        return None
    fig, axes = plt.subplots(len(runs), 1, figsize=(11, 1.25 * len(runs) + 0.6), sharex=True, squeeze=False,
                             layout="constrained")
    panels = []
    for ax, (pair, controller, verdict, radius, run, z) in zip(axes[:, 0], runs):
        boundary_step = z / lam
        steps = [s for s in run.get("steps") or [] if isinstance(s, list) and len(s) == 2
                 and STEP_WINDOW[0] <= s[0] <= STEP_WINDOW[1]]
        x = [s[0] for s in steps]
        y = [s[1] / boundary_step for s in steps]
        ax.plot(x, y, lw=0.9, marker=".", ms=2.5, color={"unstable": "tab:red", "stable": "tab:blue"}.get(verdict, "tab:gray"))
        ax.axhline(1.0, color="black", ls=":", lw=1)
        ax.set_ylim(*STEP_RATIO_LIMITS)
        what = "" if radius is None else f", ρ = {radius:.4f} ({verdict})"
        ax.set_title(f"{pair}, {controller}{what}: {run.get('accepted')} steps, "
                     f"{100 * (finite(run.get('rejected_fraction')) or 0):.1f} % rejected, RMS log step ratio "
                     f"{_num(run.get('log_step_ratio_rms'))}", fontsize=8, loc="left")
        ax.set_ylabel("h / h*", fontsize=8)
        panels.append(_panel(ax, f"{pair}, {controller}", [{"label": controller, "x": x, "y": y}]))
    axes[-1, 0].set_xlabel("t")
    caption = (f"Accepted steps over t in [{STEP_WINDOW[0]}, {STEP_WINDOW[1]}] on {problem.get('name')} "
               f"(λ = {problem.get('lambda')}, tol {problem.get('tolerance')}), divided by the boundary step "
               "h* = z*/λ (dotted). Where the linearised step-size map is unstable (red: spectral radius above 1) "
               "the step keeps oscillating about h* with rejections; where it is stable (blue) it settles on h*. "
               "The last panel is odeint's controlled_runge_kutta on its dopri5.")
    return figure_style.save_figure(fig, context.directory, "adaptive_step_sizes", context.page_prefix,
                                    "Step size against time on the stability-limited problem", caption, panels,
                                    x_scale="linear", y_scale="linear", x_label="t", y_label="h / h*")


def _panel_per_problem(pairs: list):
    """The sweeps' problems in order of appearance, and a row of one panel per problem."""
    import matplotlib.pyplot as plt
    problems = []
    for p in pairs:
        for s in p.get("sweeps") or []:
            if s.get("problem") not in problems:
                problems.append(s.get("problem"))
    if not problems:
        return problems, None, None
    fig, axes = plt.subplots(1, len(problems), figsize=(5.2 * len(problems), 4.6), squeeze=False,
                             layout="constrained")
    return problems, fig, axes


def _proportionality_figure(pairs: list, context):
    problems, fig, axes = _panel_per_problem(pairs)
    if not problems:
        return None
    panels = []
    for ax, problem in zip(axes[0], problems):
        series, tolerances = [], []
        for i, p in enumerate(pairs):
            for s in p.get("sweeps") or []:
                if s.get("problem") != problem:
                    continue
                pts = [q for q in (s.get("proportionality") or {}).get("points") or []
                       if figure_style.plottable(finite(q.get("global_error")))]
                x = [q["tolerance"] for q in pts]
                y = [q["global_error"] for q in pts]
                tolerances += x
                ax.loglog(x, y, marker=figure_style.MARKERS[i % len(figure_style.MARKERS)], ms=3, lw=0.8,
                          color=f"C{i % 10}", label=f"{p.get('pair')} (E = {_num(s['proportionality'].get('exponent'))})")
                series.append({"label": str(p.get("pair")), "x": x, "y": y})
                od = s.get("odeint_controller") or {}
                pts = [q for q in od.get("points") or [] if figure_style.plottable(finite(q.get("global_error")))]
                if pts:
                    label = f"{p.get('pair')} under odeint's controller (E = {_num(od.get('exponent'))})"
                    ax.loglog([q["tolerance"] for q in pts], [q["global_error"] for q in pts], ls="--", lw=0.8,
                              marker=figure_style.MARKERS[i % len(figure_style.MARKERS)], ms=3, mfc="none",
                              color=f"C{i % 10}", label=label)
                    series.append({"label": label, "x": [q["tolerance"] for q in pts],
                                   "y": [q["global_error"] for q in pts]})
        if tolerances:
            lo, hi = min(tolerances), max(tolerances)
            ax.loglog([lo, hi], [lo, hi], color="black", ls=":", lw=1.5, label="ideal: error = tol (slope 1)")
            series.append({"label": "ideal", "x": [lo, hi], "y": [lo, hi]})
        ax.set_title(str(problem))
        ax.set_xlabel("tolerance (atol = rtol)")
        ax.set_ylabel("global error at the end (relative, max norm)")
        ax.legend(fontsize=6)
        panels.append(_panel(ax, str(problem), series))
    caption = ("DETEST's tolerance proportionality: the global error should follow C tol^E with E near 1 "
               "(the dotted line is error = tol). The legend gives each pair's fitted exponent E under Orderly's "
               "default controller (solid) and, for odeint's pairs, under odeint's controlled_runge_kutta at the "
               "same atol = rtol (dashed).")
    return figure_style.save_figure(fig, context.directory, "adaptive_proportionality", context.page_prefix,
                                    "Global error against tolerance", caption, panels,
                                    x_label="tolerance", y_label="global error")


# Bins of the estimate/true histograms.
HISTOGRAM_BINS = 40


def _panel(ax, title: str, series: list) -> dict:
    """A panel's data entry; a panel with nothing to plot says so on the figure and under "empty"."""
    entry = {"title": title, "series": series}
    if not any(s.get("x") and s.get("y") for s in series):
        entry["empty"] = figure_style.NO_FINITE_VALUES
        ax.text(0.5, 0.5, figure_style.NO_FINITE_VALUES, transform=ax.transAxes, ha="center", va="center",
                color="0.4")
    return entry


def _distribution_figure(pairs: list, data: dict, context):
    problems, fig, axes = _panel_per_problem(pairs)
    if not problems:
        return None
    panels = []
    factor = finite((data.get("policy") or {}).get("deceived_factor")) or 10
    for ax, problem in zip(axes[0], problems):
        series = []
        for i, p in enumerate(pairs):
            for s in p.get("sweeps") or []:
                if s.get("problem") != problem:
                    continue
                values = [v for r in s.get("reliability") or [] for v in r.get("log10_ratios") or []
                          if finite(v) is not None]
                if not values:
                    continue
                density, edges = np.histogram(values, bins=HISTOGRAM_BINS, density=True)
                centres = [float((a + b) / 2) for a, b in zip(edges[:-1], edges[1:])]
                # Drawn as a line through each bin's centre and density, the plotted data beside it.
                ax.plot(centres, density, drawstyle="steps-mid", color=f"C{i % 10}", label=str(p.get("pair")))
                series.append({"label": str(p.get("pair")), "x": centres, "y": [float(d) for d in density]})
        ax.axvline(-math.log10(factor), color="black", ls=":", lw=1.2, label=f"deceived: estimate < true / {factor:g}")
        ax.set_title(str(problem))
        ax.set_xlabel("log10(estimate / true local error), accepted steps, every tolerance")
        ax.set_ylabel("density")
        ax.legend(fontsize=6)
        panels.append(_panel(ax, str(problem), series))
    caption = ("The estimate against the true local error of the step taken, over the checked accepted steps of "
               "every run. Steps left of the dotted line deceived the controller (DETEST); far to the right, the "
               "estimate overstates the error and the controller wastes steps.")
    return figure_style.save_figure(fig, context.directory, "adaptive_estimate_distribution", context.page_prefix,
                                    "Estimate / true local error along real runs", caption, panels,
                                    x_scale="linear", y_scale="linear", x_label="log10 ratio", y_label="density")


def _grid(pairs: list, data: dict) -> list:
    entries = []
    stability_problem = str((data.get("stability_problem") or {}).get("name"))
    order_problem = str(data.get("order_problem"))
    for p in pairs:
        name = str(p.get("pair"))
        e = p.get("estimate") or {}
        entries.append(model.GridEntry(name, "embedded-rk", order_problem, "estimate order",
                                       ORDER_VERDICT.get(str(e.get("verdict")), "inconclusive"),
                                       str(e.get("reason") or ""), STUDY))
        for s in p.get("sweeps") or []:
            verdict, reason = _reliability_verdict(s, p.get("estimate_order"))
            entries.append(model.GridEntry(name, "embedded-rk", str(s.get("problem")), "estimate reliability",
                                           verdict, reason, STUDY))
        default = [c for c in (p.get("stability") or {}).get("controllers") or []
                   if any(k.get("default") and k.get("name") == c.get("controller") for k in data.get("controllers") or [])]
        for c in default:
            entries.append(model.GridEntry(name, "embedded-rk", stability_problem, "step control",
                                           STABILITY_VERDICT.get(str(c.get("verdict")), "inconclusive"),
                                           f"default controller {c.get('controller')}: spectral radius "
                                           f"{_num(c.get('spectral_radius'), 4)} at z* = "
                                           f"{_num(((p.get('stability') or {}).get('boundary') or {}).get('z'), 5)}",
                                           STUDY))
    return entries


def build(documents: list, context) -> model.SectionPage:
    if len(documents) != 1:
        raise InputError(f"{SCHEMA}: expected one adaptive.json, got {len(documents)}")
    document = documents[0]
    data = document.data
    pairs = _pairs(document)
    controllers = object_list(data, "controllers", document.name)
    blocks = [model.Paragraph(
        "An adaptive integrator is a method, an error estimate and a step-size controller. Here each embedded "
        "pair's estimate is measured against the truth (its order as h → 0, its reliability along real runs, "
        "DETEST's tolerance proportionality), and each pair × controller is judged for step-size control "
        "stability (Hall 1985; Hairer & Wanner II, IV.2): the spectral radius of the linearised map of "
        "(log h, log error) at the real stability boundary, from the exact stability polynomials of both weight "
        "sets, confirmed by runs where stability limits the step. Controllers: " +
        "; ".join(f"{c.get('name')} = {c.get('title')}" + (" (default)" if c.get("default") else "")
                  for c in controllers) + ".")]
    blocks.append(model.Heading("The estimate's order", "adaptive-estimate-order"))
    blocks.append(_estimate_table(pairs))
    blocks.append(model.Heading("Reliability and tolerance proportionality", "adaptive-reliability"))
    for figure in (_distribution_figure(pairs, data, context), _proportionality_figure(pairs, context)):
        if figure:
            blocks.append(figure)
    policy = data.get("policy") or {}
    blocks.append(model.Table(["pair", "problem", "deceived (worst tolerance)", "median estimate/true (range over tolerances)",
                               "estimate order along the runs", "verdict"], _reliability_rows(pairs), caption=(
        f"Deceived: the estimate below 1/{_num(policy.get('deceived_factor'))} of the true local error of the step "
        f"taken; a run is unreliable above {_num(100 * (finite(policy.get('deceived_fraction_bound')) or 0))} % "
        f"deceived steps. Up to {policy.get('reliability_samples')} evenly spaced accepted steps per run are "
        "checked against a reference step in float128. The estimate's order along the runs is the slope of the "
        "median estimate against the median step across tolerances, minus 1 (the controller keeps the estimate "
        f"~ tol, so h ~ tol^(1/(q+1))); a coarse reading, consistent when at least "
        f"{_num(policy.get('run_order_fraction'))} of the declared order (a wrong b_hat reads 0).")))
    blocks.append(model.Table(["pair", "problem", "exponent E", "constant C", "RHS evaluations per correct digit (median)"],
                              _proportionality_rows(pairs), caption=(
        "Global error = C tol^E, least squares in logs over tolerances 1e-3 … 1e-12 (runs above round-off)."),
        collapsed=True))
    blocks.append(model.Heading("Step-size control stability", "adaptive-stability"))
    figure = _step_figure(pairs, data, context)
    if figure:
        blocks.append(figure)
    blocks.append(model.Table(["pair", "z* (real boundary)", "controller", "spectral radius", "verdict",
                               "accepted", "rejected fraction", "RMS log(h ratio)", "mean h / h*", "run agrees"],
                              _stability_rows(pairs), caption=(
        "Verdict from the linearised map; the run is on the stability-limited problem. The run agrees when a "
        "stable map's step settled (RMS of log step ratio below "
        f"{_num(policy.get('settled_log_ratio_rms'))}) and an unstable one's did not.")))
    return model.SectionPage(title="Adaptive stepping", summary=f"adaptive: {len(pairs)} pairs, "
                             f"{len(controllers)} controllers", blocks=blocks, grid=_grid(pairs, data))


register(Section(key="adaptive", schemas=(SCHEMA,), order=46, build=build))
