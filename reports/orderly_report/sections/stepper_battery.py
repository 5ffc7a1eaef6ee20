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
