"""Report section for work-precision (schema orderly.workprecision/1, written by
`orderly workprecision --suite default`): achieved final-time error against right-hand-side
evaluations for Orderly's dopri54 and odeint's controlled runge_kutta_dopri5, and the work ratio
at equal achieved error.

Draws and tabulates only: every point and ratio comes from the JSON (the study interpolated)."""

from __future__ import annotations

from .. import figure_style, model
from ..errors import object_list as _list
from ..numbers import DASH, finite
from . import Section, register

SCHEMA = "orderly.workprecision/1"
PANELS_PER_ROW = 3
ERROR_LABEL = "final-time error ‖y − y_ref‖₂ (state units)"
WORK_LABEL = "right-hand-side evaluations (count)"
RATIO_COLUMNS = ["problem", "achieved error", "dopri54 RHS", "odeint dopri5 RHS (interpolated)", "ratio"]


def _figure(curves: list, context):
    problems = []
    for c in curves:
        if c.get("problem") not in problems:
            problems.append(c.get("problem"))
    style = figure_style.SeriesStyle({"methods": sorted({str(c.get("method")) for c in curves})})
    fig, axes = figure_style.panel_grid(len(problems), PANELS_PER_ROW)
    panels = []
    for ax, problem in zip(axes, problems):
        series = []
        for c in (c for c in curves if c.get("problem") == problem):
            points = [p for p in c.get("points") or [] if finite(p.get("error")) and finite(p.get("rhs_evaluations"))
                      and p["error"] > 0]
            xs = [p["error"] for p in points]
            ys = [p["rhs_evaluations"] for p in points]
            colour, marker, linestyle = style(str(c.get("method")))
            ax.plot(xs, ys, color=colour, marker=marker, linestyle=linestyle, markersize=4, linewidth=1.1,
                    label=str(c.get("method")))
            series.append({"label": str(c.get("method")), "role": "measured", "x": xs, "y": ys,
                           "tolerance": [p.get("tolerance") for p in points]})
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.invert_xaxis()
        ax.set_title(str(problem))
        ax.set_xlabel(ERROR_LABEL)
        ax.set_ylabel(WORK_LABEL)
        ax.grid(True, which="major", alpha=0.3)
        ax.legend(loc="upper left", frameon=False, fontsize=7)
        panels.append({"title": str(problem), "series": series})
    fig.suptitle("Work against achieved error", fontsize=12)
    caption = ("Right-hand-side evaluations against the achieved final-time error (against the certified "
               "reference), one point per tolerance 1e-3 … 1e-12 (atol = rtol). Error decreases to the "
               "right; lower is cheaper. The methods are compared at equal achieved error, not at equal "
               "tolerance: the table gives the ratio of work there.")
    return figure_style.save_figure(fig, context.directory, "work_precision", context.page_prefix,
                                    "Work against achieved error", caption, panels, x_scale="log",
                                    y_scale="log", x_label=ERROR_LABEL, y_label=WORK_LABEL)


def build(documents: list, context) -> model.SectionPage:
    blocks, figures, ratios_total = [], 0, 0
    for document in documents:
        curves = _list(document.data, "curves", document.name)
        ratios = _list(document.data, "dopri54_over_odeint_dopri5", document.name)
        blocks.append(model.Paragraph(str(document.data.get("comparison") or "")))
        if curves:
            blocks.append(_figure(curves, context))
            figures += 1
        rows = []
        for r in ratios:
            ratio = finite(r.get("ratio"))
            verdict = "" if ratio is None else ("pass" if ratio <= 1.0 else "fail")
            rows.append([model.Cell(str(r.get("problem"))), model.Cell(f"{finite(r.get('error')) or 0:.2e}"),
                         model.Cell(f"{finite(r.get('ours')) or 0:.0f}"), model.Cell(f"{finite(r.get('odeint')) or 0:.0f}"),
                         model.Cell(DASH if ratio is None else f"{ratio:.3f}", "", verdict)])
        ratios_total += len(rows)
        blocks.append(model.Table(RATIO_COLUMNS, rows, caption=(
            "Work of Orderly's dopri54 over odeint's controlled dopri5 at the same achieved error "
            "(odeint's work interpolated log-log between its neighbouring tolerances). Green: ours "
            "needs no more evaluations; red: ours needs more.")))
    return model.SectionPage(title="Work-precision: dopri54 against odeint's dopri5",
                             summary=f"work-precision: {ratios_total} ratios; {figures} figures", blocks=blocks)


register(Section(key="workprecision", schemas=(SCHEMA,), order=60, build=build))
