"""Report section for the stiff study (schema orderly.stiff/3, written by
`orderly stiff --suite default`): work against accuracy per problem, the runs that did not finish
and where they stopped, the efficiency targets, and order reduction on Prothero-Robinson. The runs'
wall times come from the timing file beside the suite's JSON (schema orderly.stiff-timing/1, named
by its `timing_file`): they differ from run to run, the measurements may not.

Draws and tabulates only: digits, counts, slopes and fitted lines all come from the JSON."""

from __future__ import annotations

from pathlib import Path

from .. import figure_style, model
from ..errors import InputError, object_list as _list
from ..numbers import DASH, finite, measured, safe_name
from . import Section, register

SCHEMA = "orderly.stiff/3"
TIMING_SCHEMA = "orderly.stiff-timing/1"

WORK_LABEL = "right-hand-side evaluations (count; Jacobian evaluations counted apart)"
DIGITS_LABEL = "mescd (mixed significant correct digits at t_end)"
H_LABEL = "step size h (problem time units)"
REDUCTION_ERROR_LABEL = "max over the grid of |y_n − sin t_n| (state units)"

# The solver families drawn with a solid line; the explicit pairs are dashed.
IMPLICIT_FAMILIES = ("implicit-rk", "rosenbrock")
PANELS_PER_ROW = 2
NO_SOLVED_RUN = "no solved run"   # what a work-precision panel without a finished run shows

RUN_COLUMNS = ["solver", "rtol", "atol", "mescd", "scd", "RHS", "Jacobians", "LU", "solves",
               "Newton iterations", "accepted", "rejected", "of which Newton", "wall (s)"]
FAILURE_COLUMNS = ["solver", "problem", "rtol", "status", "t reached", "RHS", "what stopped it"]
EFFICIENCY_COLUMNS = ["solver", "problem", "rtol", "atol", "mescd", "RHS", "Jacobians", "verdict"]
REDUCTION_COLUMNS = ["method", "regime", "λ", "classical order", "stage order", "measured slope",
                     "settled", "window", "run by"]


def _object(data: dict, key: str, where: str) -> dict:
    value = data.get(key)
    if not isinstance(value, dict):
        raise InputError(f"{where}: '{key}' is not an object")
    return value


def _text(value) -> str:
    return DASH if value is None else str(value)


def _count(value) -> str:
    return DASH if value is None or isinstance(value, bool) or not isinstance(value, int) else str(value)


def _fixed(value, decimals: int = 2) -> str:
    x = finite(value)
    return DASH if x is None else f"{x:.{decimals}f}"


def _sci(value, spec: str = ".0e") -> str:
    x = finite(value)
    return DASH if x is None else format(x, spec)


def _check_runs(runs: list, where: str) -> None:
    for i, r in enumerate(runs):
        for key in ("method", "problem", "status"):
            if not isinstance(r.get(key), str):
                raise InputError(f"{where}: runs[{i}]: '{key}' is not a string")
        if finite(r.get("rtol")) is None:
            raise InputError(f"{where}: runs[{i}]: 'rtol' is not a finite number")


def _solved(run: dict) -> bool:
    return (run["status"] == "solved" and finite(run.get("mescd")) is not None
            and isinstance(run.get("rhs_evaluations"), int) and run["rhs_evaluations"] > 0)


# ---- figures ------------------------------------------------------------------------------------

def _work_precision_figure(data: dict, context, where: str):
    """mescd against RHS evaluations, one panel per problem, one curve per solver (solved runs,
    loosest tolerance first)."""
    solvers = _list(data, "solvers", where)
    problems = [p["name"] for p in _list(data, "problems", where) if isinstance(p.get("name"), str)]
    style = figure_style.SeriesStyle({"solvers": [s["name"] for s in solvers]})
    fig, axes = figure_style.panel_grid(len(problems), PANELS_PER_ROW)
    panels = []
    for ax, problem in zip(axes, problems):
        series = []
        for solver in solvers:
            runs = sorted((r for r in data["runs"] if r["problem"] == problem and r["method"] == solver["name"]
                           and _solved(r)), key=lambda r: -r["rtol"])
            if not runs:
                continue
            colour, marker, _ = style(solver["name"])
            linestyle = "-" if solver.get("family") in IMPLICIT_FAMILIES else "--"
            xs = [r["rhs_evaluations"] for r in runs]
            ys = [r["mescd"] for r in runs]
            ax.plot(xs, ys, color=colour, marker=marker, linestyle=linestyle, markersize=4.5,
                    linewidth=1.1, label=solver["name"])
            series.append({"label": solver["name"], "role": "measured", "colour": _hex(colour),
                           "x": xs, "y": ys, "rtol": [r["rtol"] for r in runs]})
        ax.set_xscale("log")
        ax.set_title(problem)
        ax.set_xlabel(WORK_LABEL)
        ax.set_ylabel(DIGITS_LABEL)
        ax.grid(True, which="major", alpha=0.3)
        if series:
            ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False, borderaxespad=0.0)
            panels.append({"title": problem, "series": series})
        else:
            ax.text(0.5, 0.5, NO_SOLVED_RUN, transform=ax.transAxes, ha="center", va="center",
                    color="0.4")
            # The data file says why the panel is empty, as the figure does.
            panels.append({"title": problem, "series": series, "empty": NO_SOLVED_RUN})
    fig.suptitle("Stiff problems: accuracy against work", fontsize=12)
    caption = ("Mixed significant correct digits at t_end against right-hand-side evaluations, one "
               "point per tolerance, for the runs that finished. Up and to the left is better. Solid "
               "lines are the implicit solvers, dashed the explicit pairs; an explicit pair that is "
               "missing from a panel did not finish any tolerance within the step budget (see the "
               "table of runs that did not finish). Jacobian evaluations, LU factorisations and "
               "linear solves are not in the count: they are in the run tables.")
    return figure_style.save_figure(fig, context.directory, "work_precision", context.page_prefix,
                                    "Stiff problems: accuracy against work", caption, panels,
                                    x_scale="log", y_scale="linear", x_label=WORK_LABEL,
                                    y_label=DIGITS_LABEL)


def _hex(colour) -> str:
    import matplotlib.colors
    return matplotlib.colors.to_hex(colour)


def _order_reduction_figure(reduction: dict, context, where: str):
    """Error against h in the stiff and the non-stiff regime, with the study's fitted lines."""
    regimes = _list(reduction, "regimes", where + ": order_reduction")
    series = _list(reduction, "series", where + ": order_reduction")
    keys = [(r["name"], f"λ = {finite(r.get('lambda')):g}") for r in regimes
            if isinstance(r.get("name"), str) and finite(r.get("lambda")) is not None]
    if not keys or not series:
        return None
    style = figure_style.SeriesStyle({"methods": [s["method"] for s in series]})
    grid = figure_style.GridFigure("Order reduction on Prothero-Robinson", keys)
    for key in keys:
        panel = grid.panels[key]
        for s in (s for s in series if s.get("regime") == key[0]):
            points = [p for p in s.get("points") or [] if isinstance(p, dict)]
            colour, marker, linestyle = style(s["method"])
            fit = s.get("fit") if isinstance(s.get("fit"), dict) else {}
            slope = measured(finite(fit.get("order")), finite(fit.get("uncertainty")))
            label = f"{s['method']}: classical {_text(s.get('classical_order'))}, measured {slope}"
            panel.measured(label, [finite(p.get("h")) for p in points],
                           [finite(p.get("error")) for p in points],
                           [bool(p.get("in_window")) for p in points],
                           [_text(p.get("status")) for p in points], colour, marker, linestyle)
            panel.line(f"{s['method']}: the study's fitted C·h^p", "fit", s.get("fit_line"), colour,
                       linewidth=figure_style.FIT_LINE_WIDTH, alpha=figure_style.FIT_LINE_ALPHA)
            panel.legend_entry(label, colour, marker, linestyle)
    grid.key([("points in the study's fit window", "o", "-", {}),
              ("points outside the window (pre-asymptotic, round-off)", "o", "-",
               {"markerfacecolor": "white"}),
              ("the study's fitted C·h^p over the window", "", "-",
               {"linewidth": figure_style.FIT_LINE_WIDTH, "alpha": figure_style.FIT_LINE_ALPHA}),
              ("unstable (blow-up), on the top edge", "x", "none", {"markeredgewidth": 2})])
    caption = ("Fixed-step error on Prothero-Robinson, y' = λ(y − sin t) + cos t, against h. In the "
               "stiff regime (h|λ| ≫ 1) an implicit Runge-Kutta method's error is governed by its "
               "stage order, not its classical order: the slope falls below the classical order "
               "(order reduction). In the non-stiff regime (h|λ| ≪ 1) the classical order shows. "
               "The legend's slopes and the pale lines are the study's least-squares fits over its "
               "asymptotic window; hollow points are outside it.")
    return grid.save(context.directory, "order_reduction", context.page_prefix, caption, H_LABEL,
                     REDUCTION_ERROR_LABEL)


# ---- tables -------------------------------------------------------------------------------------

def _efficiency_table(data: dict, where: str) -> model.Table:
    rows = []
    for d in _list(data, "efficiency_targets", where):
        met = d.get("met") is True
        verdict = model.Cell("met" if met else "NOT met", _text(d.get("reason")) if d.get("reason") else "",
                             "pass" if met else "fail")
        if d.get("rhs_evaluations") is None:
            rows.append([model.Cell(_text(d.get("method"))), model.Cell(_text(d.get("problem"))),
                         model.Cell(_text(d.get("reason"))), model.Cell(DASH), model.Cell(DASH),
                         model.Cell(DASH), model.Cell(DASH), verdict])
            continue
        rows.append([model.Cell(_text(d.get("method"))), model.Cell(_text(d.get("problem"))),
                     model.Cell(_sci(d.get("rtol"))), model.Cell(_sci(d.get("atol"), ".1e")),
                     model.Cell(_fixed(d.get("mescd"))), model.Cell(_count(d.get("rhs_evaluations"))),
                     model.Cell(_count(d.get("jacobian_evaluations"))), verdict])
    rows_data = _list(data, "efficiency_targets", where)
    need = finite(rows_data[0].get("required_mescd")) if rows_data else None
    limit = rows_data[0].get("rhs_limit") if rows_data else None
    caption = (f"For each solver and problem, the cheapest finished run reaching mescd ≥ "
               f"{_text(need if need is None else f'{need:g}')}; met when it took fewer than "
               f"{_text(limit)} right-hand-side evaluations (Jacobian evaluations counted apart).")
    return model.Table(EFFICIENCY_COLUMNS, rows, caption=caption)


def _wall_times(timing) -> dict:
    """(method, problem, rtol) -> wall seconds, from a timing document's data (None: no file)."""
    if timing is None:
        return {}
    return {(r.get("method"), r.get("problem"), r.get("rtol")): r.get("wall_seconds")
            for r in timing.get("runs") or [] if isinstance(r, dict)}


def _runs_table(data: dict, problem: str, wall: dict) -> model.Table:
    rows = []
    for r in data["runs"]:
        if r["problem"] != problem or r["status"] != "solved":
            continue
        rows.append([model.Cell(r["method"]), model.Cell(_sci(r.get("rtol"))),
                     model.Cell(_sci(r.get("atol"), ".1e")), model.Cell(_fixed(r.get("mescd"))),
                     model.Cell(_fixed(r.get("scd"))), model.Cell(_count(r.get("rhs_evaluations"))),
                     model.Cell(_count(r.get("jacobian_evaluations"))),
                     model.Cell(_count(r.get("lu_factorizations"))), model.Cell(_count(r.get("linear_solves"))),
                     model.Cell(_count(r.get("newton_iterations"))), model.Cell(_count(r.get("accepted"))),
                     model.Cell(_count(r.get("rejected"))), model.Cell(_count(r.get("newton_failures"))),
                     model.Cell(_sci(wall.get((r["method"], r["problem"], r.get("rtol"))), ".3g"))])
    caption = (f"{problem}: the {len(rows)} finished runs. 'of which Newton': the rejected steps shortened because "
               "the Newton iteration did not converge (the rest failed the error test); implicit Runge-Kutta only")
    return model.Table(RUN_COLUMNS, rows, caption=caption, collapsed=True)


def _failures_table(data: dict) -> model.Table | None:
    rows = []
    for r in data["runs"]:
        if r["status"] == "solved":
            continue
        rows.append([model.Cell(r["method"]), model.Cell(r["problem"]), model.Cell(_sci(r.get("rtol"))),
                     model.Cell(r["status"], "", "fail" if r["status"] == "failed" else "inconclusive"),
                     model.Cell(_sci(r.get("failure_t"), ".4g")), model.Cell(_count(r.get("rhs_evaluations"))),
                     model.Cell(_text(r.get("failure")))])
    if not rows:
        return None
    return model.Table(FAILURE_COLUMNS, rows,
                       caption=f"The {len(rows)} runs that did not finish, with the time they reached",
                       collapsed=len(rows) > 40)


def _reduction_table(reduction: dict, where: str) -> model.Table:
    lambdas = {}
    rows = []
    for s in _list(reduction, "series", where + ": order_reduction"):
        fit = s.get("fit") if isinstance(s.get("fit"), dict) else {}
        points = [p for p in s.get("points") or [] if isinstance(p, dict)]
        first, last = fit.get("window_first"), fit.get("window_last")
        window = DASH
        if fit.get("found") and isinstance(first, int) and isinstance(last, int) and 0 <= first <= last < len(points):
            window = (f"h|λ| = {_sci(points[last].get('h_abs_lambda'), '.3g')} … "
                      f"{_sci(points[first].get('h_abs_lambda'), '.3g')} ({last - first + 1} pts)")
        lambdas[s.get("regime")] = s.get("lambda")
        rows.append([model.Cell(_text(s.get("method"))), model.Cell(_text(s.get("regime"))),
                     model.Cell(_sci(s.get("lambda"), "g")), model.Cell(_text(s.get("classical_order"))),
                     model.Cell(_text(s.get("stage_order"))),
                     model.Cell(measured(finite(fit.get("order")), finite(fit.get("uncertainty"))),
                                _text(fit.get("reason"))),
                     model.Cell("yes" if fit.get("settled") else "no"), model.Cell(window),
                     model.Cell(_text(s.get("source")))])
    return model.Table(REDUCTION_COLUMNS, rows, caption="Fitted slopes of the order-reduction series")


# ---- the section --------------------------------------------------------------------------------

def _blocks(document, timing, context) -> tuple:
    data, where = document.data, document.name
    runs = _list(data, "runs", where)
    _check_runs(runs, where)
    problems = _list(data, "problems", where)
    solvers = _list(data, "solvers", where)
    reduction = _object(data, "order_reduction", where)
    blocks = [model.Paragraph(
        f"{len(solvers)} solvers on {len(problems)} stiff problems at "
        f"{len(data.get('tolerances') or [])} tolerances. Accuracy: {_text(data.get('mescd_definition'))}. "
        f"Each run may take {_text(data.get('step_budget'))} steps (accepted + rejected); a run "
        f"that reaches the budget or blows up is reported with the time it reached. "
        + (f"{_text(timing.get('wall_time_note'))}." if timing is not None
           else f"No timing file ({_text(data.get('timing_file'))}) beside it: no wall times."))]
    blocks += [model.Heading("Acceptance: radau5 and rosenbrock4 on rober and hires", "stiff-acceptance"),
               _efficiency_table(data, where)]
    blocks.append(model.Table(["solver", "family", "order", "what runs it"],
                              [[model.Cell(_text(s.get("name"))), model.Cell(_text(s.get("family"))),
                                model.Cell(_text(s.get("order"))), model.Cell(_text(s.get("solver")))]
                               for s in solvers], caption="Solvers", collapsed=True))
    figures = 0
    blocks.append(model.Heading("Accuracy against work", "stiff-work"))
    blocks.append(_work_precision_figure(data, context, where))
    figures += 1
    for p in problems:
        name = _text(p.get("name"))
        blocks.append(model.Paragraph(
            f"{name}: {_text(p.get('description'))}; t_end = {_sci(p.get('t_end'), 'g')}; "
            f"{_text(p.get('atol_rule'))}; reference: {_text(p.get('reference_origin'))}, "
            f"{_fixed(p.get('reference_certified_digits'), 1)} certified digits, "
            f"{_fixed(p.get('reference_margin_digits'), 1)} beyond the best run's mescd "
            f"(required: {_fixed(p.get('reference_margin_required'), 1)})"
            + ("." if p.get("reference_sufficient") is not False
               else "; NOT sufficient: the best runs' digits are partly the reference's error.")))
        blocks.append(_runs_table(data, name, _wall_times(timing)))
    failures = _failures_table(data)
    blocks.append(model.Heading("Runs that did not finish", "stiff-failures"))
    blocks.append(failures if failures else model.Paragraph("Every run finished."))
    blocks.append(model.Heading("Order reduction on Prothero-Robinson", "stiff-order-reduction"))
    figure = _order_reduction_figure(reduction, context, where)
    if figure:
        blocks.append(figure)
        figures += 1
    blocks.append(_reduction_table(reduction, where))
    solved = sum(r["status"] == "solved" for r in runs)
    return blocks, f"{len(runs)} runs ({solved} finished)", figures


def _timing_of(document, timings: list):
    """The timing file the suite's JSON names, in its own directory; None when absent."""
    name = document.data.get("timing_file")
    if not isinstance(name, str):
        return None
    wanted = Path(document.name).with_name(name)
    for timing in timings:
        if Path(timing.name) == wanted:
            return timing.data
    return None


def build(documents: list, context) -> model.SectionPage:
    blocks, counts, figures = [], [], 0
    timings = [d for d in documents if d.schema == TIMING_SCHEMA]
    documents = [d for d in documents if d.schema == SCHEMA]
    for i, document in enumerate(documents):
        sub = context
        if len(documents) > 1:   # several suites: each draws into its own subdirectory
            stem = f"{i + 1}_{safe_name(document.name)}"
            sub = type(context)(directory=context.directory / stem,
                                page_prefix=f"{context.page_prefix}/{stem}", norm=context.norm,
                                jobs=context.jobs)
            blocks.append(model.Heading(document.name))
        more, count, drawn = _blocks(document, _timing_of(document, timings), sub)
        blocks += more
        counts.append(count)
        figures += drawn
    return model.SectionPage(title="Stiff problems",
                             summary=f"stiff: {', '.join(counts)}; {figures} figures", blocks=blocks)


register(Section(key="stiff", schemas=(SCHEMA, TIMING_SCHEMA), order=40, build=build))
