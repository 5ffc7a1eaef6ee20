"""Report section for the game programmer's table (schema orderly.game-table/1, written by
`orderly game-table`): the stiffest unit-mass spring each method keeps stable at 60 Hz and
120 Hz, undamped and damped, predicted from the analysis and confirmed by the stepper.

Tabulates only: every k comes from the JSON."""

from __future__ import annotations

from .. import model
from ..errors import InputError
from ..numbers import DASH, finite
from . import Section, register

SCHEMA = "orderly.game-table/1"


def _k(value) -> str:
    if isinstance(value, str):
        return "any k" if value == "unbounded" else value
    x = finite(value)
    if x is None:
        return DASH
    return "0 (never)" if x < 1 else f"{x:,.0f}"


def _cell(cell: dict) -> model.Cell:
    confirmed, predicted = cell.get("confirmed_k_max"), cell.get("predicted_k_max")
    hover = [f"predicted {_k(predicted)}" + (f" ({cell['predicted_from']})" if cell.get("predicted_from") else ""),
             f"confirmed by the stepper {_k(confirmed)}"]
    simulation = cell.get("simulation")
    if isinstance(simulation, dict):
        hover.append(f"just outside (k = {finite(simulation.get('k_outside')) or 0:,.0f}): amplitude "
                     f"×{simulation.get('growth_outside')} in {simulation.get('steps_outside')} steps; just inside "
                     f"(k = {finite(simulation.get('k_inside')) or 0:,.0f}): largest amplitude "
                     f"{finite(simulation.get('largest_amplitude_first_half')) or 0:.3g} in the first half of "
                     f"{simulation.get('steps_inside')} steps, "
                     f"{finite(simulation.get('largest_amplitude_second_half')) or 0:.3g} in the second")
    if cell.get("note"):
        hover.append(str(cell["note"]))
    shown = confirmed if confirmed is not None else predicted
    text = _k(shown) if shown is not None else "n/a"
    if confirmed is None and predicted is not None:
        text += " (predicted)"
    if finite(predicted) == 0:      # no stable spring; the stepper's limit is its round-off threshold
        text = "0 (never)"
    verdict = ""
    if isinstance(simulation, dict) and simulation.get("bounded_inside") is False:
        text += " (a run inside still grows)"
        verdict = "inconclusive"
    if cell.get("agrees") is True:
        verdict = "pass"
    elif cell.get("agrees") is False:
        verdict = "fail"
        text += " (DISAGREES)"
    return model.Cell(text, "; ".join(hover), verdict)


def build(documents: list, context) -> model.SectionPage:
    blocks, rows_total = [], 0
    for document in documents:
        data, where = document.data, document.name
        rows = data.get("rows")
        if not isinstance(rows, list) or not all(isinstance(r, dict) and isinstance(r.get("cells"), list)
                                                 for r in rows):
            raise InputError(f"{where}: 'rows' is not a list of rows with cells")
        columns = ["method", "family"]
        first = rows[0]["cells"] if rows else []
        columns += [f"{c.get('frame_rate')} Hz, b = {c.get('damping'):g}" for c in first]
        table_rows = [[model.Cell(str(r.get("method")), str(r.get("title") or "")), model.Cell(str(r.get("family")))]
                      + [_cell(c) for c in r["cells"]] for r in rows]
        rows_total += len(rows)
        blocks.append(model.Paragraph(str(data.get("meaning") or "")))
        blocks.append(model.Table(columns, table_rows, caption=(
            "Largest stiffness k (N/m) of a unit mass on a spring, x'' = −kx − bx', that each method "
            "keeps stable at the frame rate's step h = 1/60 s or 1/120 s. Predicted from the stability "
            "analysis (RK: the eigenvalues hλ must stay where |R| ≤ 1; splitting: ωh below the harmonic "
            "limit), confirmed by the method's own stepper (its step matrix's spectral radius ≤ 1) and "
            "shown by a run just inside (bounded) and just outside (blows up); hover for details. Green: "
            "prediction and stepper agree. The seed specimens are the articles' float code, measured "
            "only. Splitting methods cannot take the damped spring (the force would depend on velocity).")))
    return model.SectionPage(title="How stiff can the spring get? (the game programmer's table)",
                             summary=f"game table: {rows_total} methods", blocks=blocks)


register(Section(key="game-table", schemas=(SCHEMA,), order=47, build=build))
