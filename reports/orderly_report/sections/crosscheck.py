"""Report section for the odeint cross-check (schema orderly.crosscheck/1) and odeint's declared
against measured orders (schema orderly.odeint-orders/1). Tables only; every number comes from
the JSON."""

from __future__ import annotations

from .. import model
from ..errors import object_list as _list
from ..numbers import DASH, finite
from . import Section, register

CROSSCHECK = "orderly.crosscheck/1"
ODEINT_ORDERS = "orderly.odeint-orders/1"

PAIR_COLUMNS = ["Orderly", "odeint", "problem", "scalar", "max difference (round-off units)",
                "verdict", "note"]
ORDER_COLUMNS = ["stepper", "call", "problem", "order_value", "stepper_order_value",
                 "error_order_value", "measured", "verdict", "grids N", "local slopes"]

# The odeint-orders study's words, coloured as the convergence verdicts are.
ORDER_VERDICT_CLASS = {"matches": "pass", "mismatch": "fail", "no window": "inconclusive"}


def _text(value) -> str:
    return DASH if value is None else str(value)


def _crosscheck_blocks(document) -> list:
    data = document.data
    rows = []
    for p in _list(data, "pairs", document.name):
        units = finite(p.get("max_difference_roundoff_units"))
        status = _text(p.get("status"))
        control = " (control: different methods)" if p.get("control") is True else ""
        rows.append([model.Cell(_text(p.get("method")) + control), model.Cell(_text(p.get("odeint_stepper"))),
                     model.Cell(_text(p.get("problem"))), model.Cell(_text(p.get("scalar"))),
                     model.Cell(DASH if status == "not-run" or units is None else f"{units:.3g}"),
                     model.Cell(status, _text(p.get("reason")), status if status in model.VERDICTS else ""),
                     model.Cell(_text(p.get("reason")))])
    bound = finite(data.get("roundoff_units_bound"))
    return [model.Heading("Cross-check against Boost.Odeint", "crosscheck-pairs"),
            model.Paragraph(
                "Same method, problem, fixed steps and initial state in Orderly and odeint. The "
                f"difference at step n is measured in units of {_text(data.get('roundoff_unit'))}; a "
                f"pair passes when it stays within {_text(bound if bound is None else f'{bound:g}')} "
                "units at every step, else the first step where they part is named. Control pairs are two "
                "different methods listed on purpose: they pass when the check sees them part."),
            model.Table(PAIR_COLUMNS, rows)]


def _orders_blocks(document) -> list:
    data = document.data
    rows = []
    for s in _list(data, "steppers", document.name):
        measured, uncertainty = finite(s.get("measured_order")), finite(s.get("uncertainty"))
        text = DASH if measured is None else (f"{measured:.3f}" if uncertainty is None
                                              else f"{measured:.3f} ± {uncertainty:.3f}")
        slopes = ", ".join(f"{x:.2f}" for x in (finite(v) for v in s.get("local_slopes") or [])
                           if x is not None)
        grids = ", ".join(str(p.get("steps")) for p in s.get("points") or [] if isinstance(p, dict))
        verdict = _text(s.get("verdict"))
        rows.append([model.Cell(_text(s.get("stepper"))), model.Cell(_text(s.get("call"))),
                     model.Cell(_text(s.get("problem"))), model.Cell(_text(s.get("order_value"))),
                     model.Cell(_text(s.get("stepper_order_value"))),
                     model.Cell(_text(s.get("error_order_value"))), model.Cell(text),
                     model.Cell(verdict, _text(s.get("window_reason")) if s.get("window_reason") else "",
                                ORDER_VERDICT_CLASS.get(verdict, "")),
                     model.Cell(grids), model.Cell(slopes)])
    below, above = finite(data.get("band_below")), finite(data.get("band_above"))
    band = (f"[declared − {below:g}, declared + {above:g}]" if below is not None and above is not None
            else "the study's band")
    return [model.Heading("odeint's declared orders against measured orders", "crosscheck-odeint-orders"),
            model.Paragraph(
                "Final-time error against the certified reference on grids of N steps; the "
                "measured order is the study's least-squares slope over its asymptotic window. A "
                f"declared order_value matches when the measured order lies within {band}, "
                "widened by the fit's uncertainty."),
            model.Table(ORDER_COLUMNS, rows)]


def build(documents: list, context) -> model.SectionPage:
    blocks, counts = [], []
    for document in documents:
        if document.schema == CROSSCHECK:
            blocks += _crosscheck_blocks(document)
            counts.append(f"{len(document.data['pairs'])} odeint pairs")
        else:
            blocks += _orders_blocks(document)
            counts.append(f"{len(document.data['steppers'])} odeint steppers' orders")
    return model.SectionPage(title="Cross-check against Boost.Odeint",
                             summary="crosscheck: " + ", ".join(counts), blocks=blocks)


register(Section(key="crosscheck", schemas=(CROSSCHECK, ODEINT_ORDERS), order=50, build=build))
