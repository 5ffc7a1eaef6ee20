"""Report section for the largest-step study (schema orderly.largest-step/1, written by
`orderly largest-step`): for each explicit Runge-Kutta method, the largest equal step that meets
an error tolerance at the end of a problem, and what that step costs in right-hand-side
evaluations.

Tabulates only: every number comes from the JSON."""

from __future__ import annotations

from .. import model
from ..errors import InputError
from ..numbers import DASH, finite, sci
from . import Section, register

SCHEMA = "orderly.largest-step/1"
COLUMNS = ["method", "order", "steps N", "step h", "error at N", "error at N − 1", "RHS evaluations"]


def _row(m: dict) -> list:
    if m.get("steps") is None:
        return [model.Cell(str(m.get("method"))), model.Cell(str(m.get("order"))),
                model.Cell(str(m.get("reason") or DASH), "", "inconclusive")] + [model.Cell(DASH)] * 4
    step = finite(m.get("step"))
    return [model.Cell(str(m.get("method"))), model.Cell(str(m.get("order"))),
            model.Cell(f"{m['steps']:,}"), model.Cell(DASH if step is None else f"{step:.4g}"),
            model.Cell(sci(m.get("error"))), model.Cell(sci(m.get("error_one_fewer"))),
            model.Cell(f"{m.get('rhs_evaluations'):,}")]


def build(documents: list, context) -> model.SectionPage:
    blocks, total = [], 0
    for document in documents:
        data, where = document.data, document.name
        methods = data.get("methods")
        if not isinstance(methods, list) or not all(isinstance(m, dict) for m in methods):
            raise InputError(f"{where}: 'methods' is not a list of objects")
        tolerance = finite(data.get("tolerance"))
        if tolerance is None:
            raise InputError(f"{where}: 'tolerance' is not a number")
        ranked = sorted(methods, key=lambda m: (m.get("rhs_evaluations") is None, m.get("rhs_evaluations") or 0))
        total += len(methods)
        blocks.append(model.Table(COLUMNS, [_row(m) for m in ranked], caption=(
            f"On {data.get('problem')} in {data.get('scalar')}: the fewest equal steps N (largest step h) at "
            f"which each method's {data.get('error_norm')} is at most {tolerance:g}, found by doubling N and "
            f"then bisecting; the error at N − 1 is above the tolerance. Cheapest first, by right-hand-side "
            f"evaluations; the reference holds {finite(data.get('reference_digits')) or 0:.0f} digits.")))
    return model.SectionPage(title="The largest step for a tolerance",
                             summary=f"largest step: {total} methods", blocks=blocks)


register(Section(key="largest-step", schemas=(SCHEMA,), order=48, build=build))
