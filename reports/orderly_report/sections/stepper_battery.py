"""Report section for a user's compiled stepper (schema orderly.stepper-battery/1, written by
`orderly check --stepper LIBRARY --report DIR`): its convergence beside the catalog method it
names as closest, its cost, energy, measured stability limits beside the method's analysed ones,
and its game-table row.

Draws and tabulates only: every number comes from the JSON."""

from __future__ import annotations

from .. import figure_style, model
from ..errors import InputError
from ..numbers import DASH, finite
from . import Section, register

SCHEMA = "orderly.stepper-battery/1"
USER_COLOUR, CLOSEST_COLOUR = "tab:red", "tab:blue"


def _number(value, digits: int = 4) -> str:
    if isinstance(value, str):
        return value
    x = finite(value)
    return DASH if x is None else f"{x:.{digits}g}"


def _length(limit):
    """A limit as a distance from 0: the real-axis limit is written as the point -x on the axis."""
    x = finite(limit)
    return abs(x) if x is not None else limit


def _first(section, *keys):
    if not isinstance(section, dict):
        return None
    for key in keys:
        if key in section:
            return section[key]
    return None


def _draw(panel, label: str, run: dict, colour: str, marker: str) -> None:
    points = run.get("points") or []
    panel.measured(label, [p.get("h") for p in points], [p.get("error") for p in points],
                   [bool(p.get("in_window")) for p in points], [p.get("status") for p in points],
                   colour, marker)
    panel.legend_entry(label, colour, marker, "-")
    panel.line(f"{label}: fitted", "fit_line", run.get("fit_line"), colour,
               linewidth=figure_style.FIT_LINE_WIDTH, alpha=figure_style.FIT_LINE_ALPHA)


def _convergence_figure(data: dict, closest: dict, context, stem: str):
    runs = data["order"]["runs"]
    closest_runs = {r.get("problem"): r for r in (closest.get("order_runs") or [])}
    keys = [(run["problem"], "double") for run in runs]
    figure = figure_style.GridFigure(f"{data['name']}: error against step size h", keys)
    for run in runs:
        panel = figure.panels[(run["problem"], "double")]
        # The catalog's first, so the user's points lie on top where the two coincide.
        if run["problem"] in closest_runs:
            _draw(panel, f"{closest['method']} (catalog)", closest_runs[run["problem"]], CLOSEST_COLOUR, "s")
        _draw(panel, str(data["name"]), run, USER_COLOUR, "o")
    beside = (f" beside the catalog's {closest['method']} in the same scalar (blue squares, behind the red "
              "where the errors coincide)") if closest else ""
    return figure.save(context.directory, stem, context.page_prefix,
                       caption=(f"What to see: the user's stepper (red circles){beside}; filled points are in "
                                "the fit window, the faint line is the fitted C h^p. Parallel lines mean the same "
                                "order; a shallower slope on a problem means the stepper loses order there."),
                       xlabel="h (time units)", ylabel="error at the final time (state units)")


def _identity_blocks(identity, index: int) -> list:
    """Which method the step computes: the recovered tableau, its cells that differ from the
    published method's marked with the published value, and what the difference changes."""
    if not isinstance(identity, dict):
        return []
    recovery = identity.get("recovery") if isinstance(identity.get("recovery"), dict) else {}
    tableau, found = identity.get("tableau"), identity.get("identity")
    if not isinstance(tableau, dict) or not isinstance(found, dict):
        reason = recovery.get("reason") or recovery.get("not_composition") or ""
        kind = str(recovery.get("kind") or "not recovered")
        return [model.Heading("Which method it is", anchor=f"stepper-identity-{index}"),
                model.Paragraph(f"Recovered: {kind}" + (f" ({reason})" if reason else "") + ".")]
    match = found.get("match") if isinstance(found.get("match"), dict) else None
    nearest = [n for n in found.get("nearest") or [] if isinstance(n, dict)]
    shown = match or (nearest[0] if nearest else None)
    stage_map = (shown or {}).get("stage_map") or []
    differences = {d.get("coefficient"): d for d in (shown or {}).get("differences") or [] if isinstance(d, dict)}

    def published_stage(i):
        return stage_map[i] + 1 if i < len(stage_map) and isinstance(stage_map[i], int) and stage_map[i] >= 0 else None

    def cell(value, label):
        d = differences.get(label) if label else None
        if d is None:
            return model.Cell(str(value))
        return model.Cell(f"{value} (published {d.get('published')})",
                          f"{label}: recovered {d.get('given')}, published {d.get('published')}", "fail")

    a, b, c = tableau.get("A") or [], tableau.get("b") or [], tableau.get("c") or []
    b_hat = tableau.get("b_hat") or []
    stages = len(b)
    rows = []
    for i in range(stages):
        p = published_stage(i)
        row = [model.Cell(str(i + 1)), cell(c[i] if i < len(c) else DASH, f"c_{p}" if p else None)]
        for j in range(max(stages - 1, 0)):
            q = published_stage(j)
            value = a[i][j] if i < len(a) and j < len(a[i]) else ""
            row.append(cell(value, f"a_{p},{q}" if p and q and value != "" else None) if value != "" else model.Cell(""))
        row.append(cell(b[i], f"b_{p}" if p else None))
        if b_hat:
            row.append(cell(b_hat[i], f"b_hat_{p}" if p else None))
        rows.append(row)
    columns = ["stage", "c"] + [f"a_i{j + 1}" for j in range(max(stages - 1, 0))] + ["b"] + (["b_hat"] if b_hat else [])
    blocks = [model.Heading("Which method it is", anchor=f"stepper-identity-{index}"),
              model.Paragraph(f"{found.get('headline')}. The tableau read back from the step alone (each "
                              "coefficient the simplest rational within its rounding, else the double as read), "
                              "in the step's own stage order; a cell that differs from the published method shows "
                              "the published value and is marked.")]
    blocks.append(model.Table(columns, rows, caption=(
        "Recovered coefficients; marked cells differ from "
        + (str(shown.get("title")) if shown else "every published method") + ".")))
    effects = (shown or {}).get("effects")
    if isinstance(effects, dict) and effects.get("summary"):
        blocks.append(model.Paragraph("What the difference changes: " + str(effects.get("summary")) + "."))
    return blocks


def build(documents: list, context) -> model.SectionPage:
    blocks, grid, summaries = [], [], []
    for index, document in enumerate(documents):
        data, where = document.data, document.name
        order = data.get("order")
        if not isinstance(order, dict) or not isinstance(order.get("runs"), list):
            raise InputError(f"{where}: 'order' has no list of runs")
        name = str(data.get("name"))
        closest = data.get("closest") if isinstance(data.get("closest"), dict) else {}
        declared = data.get("declared_order")
        cost = _first(data.get("cost"), "rhs_evaluations_per_step")
        blocks.append(model.Heading(f"{name}: {data.get('verdict')}", anchor=f"stepper-{index}"))
        blocks.append(model.Paragraph(
            f"Declared order {declared or 'none'}; {_number(cost)} right-hand-side evaluations per step "
            f"(counted); order measured on {order.get('problems_from')}, in double."
            + (f" Drawn beside the catalog's {closest['method']} ({closest.get('title')})." if closest else "")))
        blocks += _identity_blocks(data.get("identity"), index)
        if isinstance(data.get("verdict_reason"), str) and data["verdict_reason"]:
            blocks.append(model.Paragraph(f"Verdict: {data.get('verdict')}: {data['verdict_reason']}."))
        doing = [line for line in data.get("what_it_does") or [] if isinstance(line, str)]
        if doing:
            blocks.append(model.Paragraph("What it does, beside the method it names: " + "; ".join(doing) + "."))
        blocks.append(_convergence_figure(data, closest, context, f"stepper-battery-{index}"))
        closest_runs = {r.get("problem"): r for r in (closest.get("order_runs") or [])}
        rows = []
        for run in order["runs"]:
            other = closest_runs.get(run["problem"], {})
            rows.append([model.Cell(str(run["problem"]), str(run.get("problem_description") or "")),
                         model.Cell(f"{_number(run.get('measured_order'), 3)} ± {_number(run.get('order_uncertainty'), 2)}"),
                         model.Cell(_number(run.get("error_constant"))),
                         model.Cell(_number(other.get("measured_order"), 3)),
                         model.Cell(str(run.get("verdict")), str(run.get("verdict_reason") or ""),
                                    "pass" if run.get("passes") else "fail")])
            grid.append(model.GridEntry(name, "user stepper", str(run["problem"]), "double", str(run.get("verdict")),
                                        str(run.get("verdict_reason") or ""), study="stepper battery"))
        blocks.append(model.Table(["problem", "measured order", "error constant C", f"{closest.get('method', DASH)} order",
                                   "verdict"], rows, caption=(
            "The order fitted over each run's settled window (err ≈ C h^p), judged at the declared order by the "
            "gate's order policy; hover the verdict for its reason.")))

        stability, analysis = data.get("stability") or {}, closest.get("analysis") or {}
        limits = []
        for label, keys in (("real-axis limit", ("real_stability_limit",)),
                            ("imaginary-axis limit", ("imaginary_stability_limit",)),
                            ("harmonic oscillator, largest ωh", ("harmonic_stability_limit",)),
                            ("damped spring, largest ωh", ("damped_harmonic_stability_limit",))):
            if _first(stability, *keys) is None and _first(analysis, *keys) is None:
                continue
            limits.append([model.Cell(label), model.Cell(_number(_length(_first(stability, *keys)), 6)),
                           model.Cell(_number(_length(_first(analysis, *keys)), 6))])
        blocks.append(model.Table(["stability", f"{name} (measured)", f"{closest.get('method', DASH)} (analysed)"],
                                  limits, caption=(
            "How far from 0 along each axis of z = hλ the step stays stable: the user's measured with its step alone on "
            "the linear test problem, the catalog method's from its stability function.")))

        energy_rows = []
        for problem, energy in (data.get("energy") or {}).items():
            growth = energy.get("growth") if isinstance(energy, dict) and "growth" in energy else energy
            energy_rows.append([model.Cell(str(problem)),
                                model.Cell(str(_first(growth, "class", "error") or DASH)),
                                model.Cell(_number(_first(growth, "exponent")))])
        blocks.append(model.Table(["energy problem", "growth class", "growth exponent"], energy_rows, caption=(
            "The relative energy error over a long run, classified as the energy study classifies the catalog's "
            "methods.")))

        game = data.get("game_table") or {}
        cells = game.get("cells") if isinstance(game, dict) else None
        if isinstance(cells, list):
            blocks.append(model.Table(
                [f"{c.get('frame_rate')} Hz, b = {c.get('damping')}" for c in cells],
                [[model.Cell(_number(c.get("confirmed_k_max"), 6)) for c in cells]], caption=(
                    "The stiffest unit-mass spring x'' = −kx − bx' (k in N/m) the stepper keeps stable at each "
                    "frame rate, as in the game table.")))
        summaries.append(f"{name} {data.get('verdict')}")
    return model.SectionPage(title="Your compiled stepper", summary="stepper battery: " + ", ".join(summaries),
                             blocks=blocks, grid=grid)


register(Section(key="stepper-battery", schemas=(SCHEMA,), order=5, build=build))
