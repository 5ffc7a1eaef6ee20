"""Report section for work-precision (schema orderly.workprecision/3 and its timing file, written by
`orderly workprecision --suite default`): achieved final-time error against right-hand-side
evaluations and against wall time for Orderly's adaptive pairs and odeint's controlled steppers and
bulirsch_stoer, and the work ratio of dopri54 to odeint's controlled runge_kutta_dopri5 at equal
achieved error; on the stiff problems (ROBER, HIRES), Orderly's radau5 and rosenbrock4 and odeint's
rosenbrock4, accuracy in mescd.

Draws and tabulates only: every point, ratio and per-problem summary comes from the JSON (the study
interpolated and summarised)."""

from __future__ import annotations

from pathlib import Path

from .. import figure_style, model
from ..errors import object_list as _list
from ..numbers import DASH, finite
from . import Section, register

SCHEMA = "orderly.workprecision/3"
# The wall times, in the timing file beside the study's JSON (named by its `timing_file`): they
# differ from run to run, the measurements may not.
TIMING_SCHEMA = "orderly.workprecision-timing/1"
PANELS_PER_ROW = 3
ERROR_LABEL = "final-time error ‖y − y_ref‖₂ (state units)"
WORK_LABEL = "right-hand-side evaluations (count)"
TIME_LABEL = "wall time, minimum of repeated runs (s)"
RATIO_COLUMNS = ["problem", "achieved error", "dopri54 RHS", "odeint dopri5 RHS (on its envelope)", "ratio",
                 "ratio at every bracket of odeint's raw curve", "first bracket (schema 1)"]


def _figure(curves: list, context, y_key: str, y_label: str, name: str, title: str, caption: str,
            stiff: bool = False):
    """One panel per problem, one series per method (odeint's dashed). Non-stiff curves: y against
    the achieved error (log, decreasing to the right); stiff curves: y against mescd for the runs
    that finished."""
    x_key, x_label, tag = ("mescd", MESCD_LABEL, "rtol") if stiff else ("error", ERROR_LABEL, "tolerance")
    problems = list(dict.fromkeys(str(c.get("problem")) for c in curves))
    style = figure_style.SeriesStyle({"methods": sorted({str(c.get("method")) for c in curves})})
    fig, axes = figure_style.panel_grid(len(problems), PANELS_PER_ROW)
    panels = []
    for ax, problem in zip(axes, problems):
        series = []
        for c in (c for c in curves if str(c.get("problem")) == problem):
            points = [p for p in c.get("points") or [] if finite(p.get(x_key)) is not None
                      and finite(p.get(y_key)) and p[y_key] > 0
                      and (p.get("status") == "solved" if stiff else p[x_key] > 0)]
            xs = [p[x_key] for p in points]
            ys = [p[y_key] for p in points]
            colour, marker, linestyle = style(str(c.get("method")))
            if "odeint" in str(c.get("method")):
                linestyle = "--"  # odeint's curves dashed, Orderly's solid
            ax.plot(xs, ys, color=colour, marker=marker, linestyle=linestyle, markersize=4, linewidth=1.1,
                    label=str(c.get("method")))
            series.append({"label": str(c.get("method")), "role": "measured", "x": xs, "y": ys,
                           tag: [p.get(tag) for p in points]})
        if not stiff:
            ax.set_xscale("log")
            ax.invert_xaxis()
        ax.set_yscale("log")
        ax.set_title(problem)
        ax.set_xlabel(x_label)
        ax.set_ylabel(y_label)
        ax.grid(True, which="major", alpha=0.3)
        ax.legend(loc="upper left", frameon=False, fontsize=7)
        panels.append({"title": problem, "series": series})
    fig.suptitle(title, fontsize=12)
    return figure_style.save_figure(fig, context.directory, name, context.page_prefix, title, caption, panels,
                                    x_scale="linear" if stiff else "log", y_scale="log", x_label=x_label,
                                    y_label=y_label)


WORK_CAPTION = ("Right-hand-side evaluations against the achieved final-time error (against the certified "
                "reference), one point per tolerance, four per decade from 1e-3 to 1e-12 (atol = rtol). Error "
                "decreases to the right; lower is cheaper. The two codes measure error differently (Orderly: "
                "Hairer's RMS norm; odeint: a max norm with a dt·|dy/dt| term), so they are compared at equal "
                "achieved error, not at equal tolerance: the table gives the ratio of work there.")
TIME_CAPTION = ("Wall time of the integration alone against the achieved final-time error (no reference, no "
                "set-up: Orderly's stepper, its coefficients rounded from the exact tableau, is built once per "
                "problem, as odeint's are compile-time constants), the minimum of 5 repeated runs on this "
                "machine; same runs as the evaluation counts. "
                "Lower is faster. Wall time depends on the machine and its load: the evaluation counts are "
                "the reproducible measure, these curves show what they cost here.")


MESCD_LABEL = "mixed significant correct digits, mescd (digits)"
STIFF_WORK_CAPTION = ("Stiff problems: right-hand-side evaluations against the accuracy reached, in mixed "
                      "significant correct digits (mescd, as the Bari test set measures it) against the certified "
                      "reference at t_end; one point per rtol, four per decade from 1e-3 to 1e-12, atol by the stiff "
                      "study's rule for the problem. Accuracy increases to the right; lower is cheaper. Evaluations "
                      "alone understate an implicit method's work (Jacobians and LU factorisations are in the JSON); "
                      "the wall-time figure counts everything. Runs that did not finish are not drawn (table below).")
STIFF_TIME_CAPTION = ("Stiff problems: wall time of each run (the minimum of 5 repeated runs on this machine) "
                      "against mescd, the test set's work-precision diagram. Lower is faster.")
FAILED_COLUMNS = ["problem", "method", "rtol", "status", "what happened"]
# Said instead of the table of unfinished stiff runs when there are none: a table without rows
# reads as a table that lost them.
EVERY_STIFF_RUN_FINISHED = "Every stiff run finished."


def _number_cell(value) -> model.Cell:
    value = finite(value)
    return model.Cell(DASH if value is None else f"{value:.3f}")


def _bracket_spread_cell(ratio_row: dict) -> model.Cell:
    """The ratio's lowest and highest over every bracketing pair of odeint's raw curve, and how many."""
    low, high = finite(ratio_row.get("ratio_lowest_bracket")), finite(ratio_row.get("ratio_highest_bracket"))
    count = ratio_row.get("brackets")
    if low is None or high is None or not isinstance(count, int):
        return model.Cell(DASH)
    text = f"{low:.3f}" if count == 1 else f"{low:.3f} … {high:.3f} ({count} brackets)"
    return model.Cell(text)


def _failed_block(curves: list):
    """The stiff runs that did not finish, as a table, or the sentence that every run finished."""
    rows = []
    for c in curves:
        for p in c.get("points") or []:
            if p.get("status") != "solved":
                rows.append([model.Cell(str(c.get("problem"))), model.Cell(str(c.get("method"))),
                             model.Cell(f"{finite(p.get('rtol')) or 0:.1e}"),
                             model.Cell(str(p.get("status")), "", "fail"), model.Cell(str(p.get("failure") or ""))])
    if not rows:
        return model.Paragraph(EVERY_STIFF_RUN_FINISHED)
    return model.Table(FAILED_COLUMNS, rows, caption="Stiff runs that did not finish, with what stopped them.")


SUMMARY_COLUMNS = ["problem", "ratios", "worst ratio", "geometric mean", "ratios above 1", "achieved errors where above 1",
                   "odeint against itself there (worst)", "odeint reruns reaching our worst there"]


def _spread_cells(summary_entry: dict, judged: bool) -> list:
    """A summary entry's spread, as the study wrote it: how many ratios, the worst (coloured against
    the target of at most 1 when `judged`), the geometric mean, how many are above 1 and the range of
    achieved errors where they are."""
    worst, mean = finite(summary_entry.get("worst_ratio")), finite(summary_entry.get("geometric_mean"))
    errors = [finite(e) for e in summary_entry.get("errors_above_one") or []]
    where = f"{errors[0]:.1e} … {errors[1]:.1e}" if len(errors) == 2 and None not in errors else DASH
    verdict = "" if worst is None or not judged else ("pass" if worst <= 1.0 else "fail")
    return [model.Cell(str(summary_entry.get("ratios"))),
            model.Cell(DASH if worst is None else f"{worst:.3f}", "", verdict),
            model.Cell(DASH if mean is None else f"{mean:.3f}"), model.Cell(str(summary_entry.get("ratios_above_one"))),
            model.Cell(where)]


def _summary_table(summary: list) -> model.Table:
    """Per problem, as the study summarised its ratios: how they spread, where ours needs more
    evaluations, and how far above 1 odeint's own curve, rerun with other first steps, goes at those
    errors (and how many of those reruns reach our worst ratio there)."""
    rows = []
    for s in summary:
        null = finite(s.get("odeint_against_itself_worst_there"))
        reruns, reaching = s.get("odeint_reruns_there"), s.get("odeint_reruns_reaching_worst_ratio")
        rank = f"{reaching} of {reruns}" if null is not None and reruns and reaching is not None else DASH
        rows.append([model.Cell(str(s.get("problem")))] + _spread_cells(s, judged=True) +
                    [model.Cell(DASH if null is None else f"{null:.3f}"), model.Cell(rank)])
    return model.Table(SUMMARY_COLUMNS, rows, caption=(
        "The ratios below, per problem: the target is a worst ratio of at most 1 (ours never needs more "
        "evaluations than odeint's at the same achieved error); where it is above 1, the range of achieved "
        "errors where that happens, the largest ratio odeint's own controlled dopri5 reaches there against its "
        "own curve when rerun with eight other first steps (the same method: how far above 1 a ratio goes at "
        "those errors when nothing differs), and how many of those eight reruns reach our worst ratio there."))


SAME_METHOD_COLUMNS = ["problem", "Orderly", "odeint", "ratios", "worst ratio", "geometric mean", "ratios above 1",
                       "achieved errors where above 1"]


def _same_method_table(summary: list, pairs: list, text: str) -> model.Table:
    """Per problem and method both libraries have: how ours over odeint's spreads (the study's
    summary, as written)."""
    odeint_of = {str(p.get("ours")): str(p.get("odeint")) for p in pairs}
    rows = []
    for s in summary:
        ours = str(s.get("ours"))
        rows.append([model.Cell(str(s.get("problem"))), model.Cell(ours), model.Cell(odeint_of.get(ours, DASH))] +
                    _spread_cells(s, judged=False))
    return model.Table(SAME_METHOD_COLUMNS, rows, caption=(
        "The same method in both libraries: " + text + ". Below 1: ours needs fewer evaluations at the same "
        "achieved error."))


def _timing_of(document, timings: list):
    """The timing file the study's JSON names, in its own directory; None when absent."""
    name = document.data.get("timing_file")
    if not isinstance(name, str):
        return None
    wanted = Path(document.name).with_name(name)
    return next((t.data for t in timings if Path(t.name) == wanted), None)


def _timed(curves: list, timed: list) -> list:
    """The curves with each point's wall time ("seconds") from the timing file's curve of the same
    method and problem, point by point; without one, the points have none."""
    seconds = {(t.get("method"), t.get("problem")): t.get("seconds") for t in timed if isinstance(t, dict)}
    out = []
    for c in curves:
        times = seconds.get((c.get("method"), c.get("problem")))
        points = c.get("points") or []
        if isinstance(times, list) and len(times) == len(points):
            points = [dict(p, seconds=t) if isinstance(p, dict) else p for p, t in zip(points, times)]
        out.append(dict(c, points=points))
    return out


def build(documents: list, context) -> model.SectionPage:
    blocks, figures, ratios_total = [], 0, 0
    timings = [d for d in documents if d.schema == TIMING_SCHEMA]
    documents = [d for d in documents if d.schema == SCHEMA]
    for document in documents:
        timing = _timing_of(document, timings) or {}
        curves = _timed(_list(document.data, "curves", document.name), timing.get("curves") or [])
        ratios = _list(document.data, "dopri54_over_odeint_dopri5", document.name)
        blocks.append(model.Paragraph(str(document.data.get("comparison") or "")))
        if curves:
            blocks.append(_figure(curves, context, "rhs_evaluations", WORK_LABEL, "work_precision",
                                  "Work against achieved error", WORK_CAPTION))
            figures += 1
            if any(finite(p.get("seconds")) for c in curves for p in c.get("points") or []):
                blocks.append(_figure(curves, context, "seconds", TIME_LABEL, "time_precision",
                                      "Wall time against achieved error", TIME_CAPTION))
                figures += 1
        stiff = _list(document.data, "stiff_curves", document.name) if "stiff_curves" in document.data else []
        stiff = _timed(stiff, timing.get("stiff_curves") or [])
        if stiff:
            blocks.append(model.Paragraph(str(document.data.get("stiff_comparison") or "")))
            blocks.append(_figure(stiff, context, "rhs_evaluations", WORK_LABEL, "stiff_work_precision",
                                  "Stiff problems: work against correct digits", STIFF_WORK_CAPTION, stiff=True))
            figures += 1
            if any(finite(p.get("seconds")) for c in stiff for p in c.get("points") or []):
                blocks.append(_figure(stiff, context, "seconds", TIME_LABEL, "stiff_time_precision",
                                      "Stiff problems: wall time against correct digits", STIFF_TIME_CAPTION,
                                      stiff=True))
                figures += 1
            blocks.append(_failed_block(stiff))
        rows = []
        for r in ratios:
            ratio = finite(r.get("ratio"))
            verdict = "" if ratio is None else ("pass" if ratio <= 1.0 else "fail")
            rows.append([model.Cell(str(r.get("problem"))), model.Cell(f"{finite(r.get('error')) or 0:.2e}"),
                         model.Cell(f"{finite(r.get('ours')) or 0:.0f}"), model.Cell(f"{finite(r.get('odeint')) or 0:.0f}"),
                         model.Cell(DASH if ratio is None else f"{ratio:.3f}", "", verdict),
                         _bracket_spread_cell(r), _number_cell(r.get("ratio_first_bracket"))])
        ratios_total += len(rows)
        if document.data.get("resolution"):
            blocks.append(model.Paragraph("Resolution: " + str(document.data.get("resolution"))))
        summary = _list(document.data, "summary_by_problem", document.name) if "summary_by_problem" in document.data else []
        blocks.append(_summary_table(summary))
        if "same_method_summary" in document.data:
            blocks.append(_same_method_table(_list(document.data, "same_method_summary", document.name),
                                             _list(document.data, "same_methods", document.name),
                                             str(document.data.get("same_method_comparison") or "")))
        blocks.append(model.Table(RATIO_COLUMNS, rows, caption=(
            "Work of Orderly's dopri54 over odeint's controlled dopri5 at the same achieved error "
            "(odeint's work interpolated log-log between its neighbouring tolerances). Green: ours "
            "needs no more evaluations; red: ours needs more.")))
    return model.SectionPage(title="Work-precision: Orderly's adaptive pairs and odeint's steppers; stiff solvers on "
                                   "ROBER and HIRES",
                             summary=f"work-precision: {ratios_total} ratios; {figures} figures", blocks=blocks)


register(Section(key="workprecision", schemas=(SCHEMA, TIMING_SCHEMA), order=60, build=build))
