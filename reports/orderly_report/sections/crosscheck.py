"""Report section for the odeint cross-check (schema orderly.crosscheck/1) and odeint's declared
against measured orders (schema orderly.odeint-orders/2). Tables only; every number comes from
the JSON."""

from __future__ import annotations

from .. import model
from ..errors import object_list as _list
from ..numbers import DASH, finite
from . import Section, register

CROSSCHECK = "orderly.crosscheck/1"
ODEINT_ORDERS = "orderly.odeint-orders/2"

PAIR_COLUMNS = ["Orderly", "odeint", "problem", "scalar", "max difference (round-off units)",
                "verdict", "note"]
ORDER_COLUMNS = ["stepper", "call", "problem", "scalar", "order_value", "stepper_order_value",
                 "error_order_value", "judged against", "measured", "verdict", "reproducer", "grids N",
                 "local slopes"]

IDENTITY_COLUMNS = ["odeint stepper", "documented as", "published method", "recovered", "identity",
                    "coefficients that differ"]

TOLERANCE_COLUMNS = ["stepper", "call", "problem", "stepper_order_value", "error_order_value",
                     "effective order", "verdict", "reproducer", "tolerances", "evaluations"]

# Where `make report` puts the findings' reproducers (Makefile report-run: reports/out/findings
# beside reports/out/html), relative to the page.
FINDINGS_HREF = "../findings/"

# The odeint-orders study's words, coloured as the convergence verdicts are.
ORDER_VERDICT_CLASS = {"matches": "pass", "mismatch": "fail", "no window": "inconclusive",
                       "inconclusive": "inconclusive"}


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


def _recovered_text(recovery) -> str:
    if not isinstance(recovery, dict):
        return DASH
    kind, stages = _text(recovery.get("kind")), recovery.get("evaluations")
    if isinstance(stages, int):
        kind += f", {stages} evaluations" + (" and an estimate" if "error_weights" in recovery else "")
    return kind


def _identity_blocks(document) -> list:
    rows = []
    for r in document.data.get("odeint_identity") or []:
        if not isinstance(r, dict):
            continue
        status = _text(r.get("status"))
        css = {"identical": "pass", "differs": "fail"}.get(status, "inconclusive")
        differences = [d for d in r.get("differences") or [] if isinstance(d, dict)]
        listed = "; ".join(f"{_text(d.get('coefficient'))}: {_text(d.get('given'))} (published "
                           f"{_text(d.get('published'))})" for d in differences)
        rows.append([model.Cell(_text(r.get("stepper"))), model.Cell(_text(r.get("claims"))),
                     model.Cell(_text(r.get("published"))),
                     model.Cell(_recovered_text(r.get("recovered"))),
                     model.Cell(status, _text(r.get("identity")), css),
                     model.Cell(listed or DASH)])
    if not rows:
        return []
    return [model.Heading("Which method each odeint stepper computes", "crosscheck-odeint-identity"),
            model.Paragraph(
                "Each stepper's tableau is read back from its own do_step (the error steppers' xerr "
                "included; a first-same-as-last stepper is reset before each step, as a caller who "
                "moves the state must reset it): a right-hand side whose j-th call returns a fresh unit "
                "vector makes every coefficient appear as one number, each is recognised as the simplest "
                "rational within its rounding, and the step is tested to be an explicit Runge-Kutta "
                "method with a general state and general evaluations. The tableau is then matched, "
                "stage renumberings included, against the method odeint documents; every coefficient "
                "that differs is listed with its published value. A stepper that is not an explicit "
                "Runge-Kutta method (a multistep one keeps state between calls) is said to be so."),
            model.Table(IDENTITY_COLUMNS, rows)]


def _reproducer_cell(row) -> model.Cell:
    """A mismatch row's standalone reproducer (odeint alone), linked; a dash where none."""
    finding = row.get("finding")
    if not isinstance(finding, str) or not finding:
        return model.Cell(DASH)
    return model.Cell(finding, "standalone reproducer: odeint alone, build command in its header",
                      href=FINDINGS_HREF + finding)


def _order_text(value, uncertainty) -> str:
    value, uncertainty = finite(value), finite(uncertainty)
    if value is None:
        return DASH
    return f"{value:.3f}" if uncertainty is None else f"{value:.3f} ± {uncertainty:.3f}"


def _tolerance_blocks(document) -> list:
    rows = []
    for s in _list(document.data, "tolerance_driven", document.name):
        points = [p for p in s.get("points") or [] if isinstance(p, dict)]
        tolerances = [finite(p.get("tolerance")) for p in points]
        tolerances = [t for t in tolerances if t is not None]
        evaluations = [p.get("rhs_evaluations") for p in points if isinstance(p.get("rhs_evaluations"), int)]
        verdict = _text(s.get("verdict"))
        rows.append([model.Cell(_text(s.get("stepper"))), model.Cell(_text(s.get("call"))),
                     model.Cell(_text(s.get("problem"))), model.Cell(_text(s.get("stepper_order_value"))),
                     model.Cell(_text(s.get("error_order_value"))),
                     model.Cell(_order_text(s.get("effective_order"), s.get("uncertainty"))),
                     model.Cell(verdict, _text(s.get("window_reason")) if s.get("window_reason") else "",
                                ORDER_VERDICT_CLASS.get(verdict, "")),
                     _reproducer_cell(s),
                     model.Cell(f"{max(tolerances):.0e} … {min(tolerances):.0e}" if tolerances else DASH),
                     model.Cell(f"{min(evaluations)} … {max(evaluations)}" if evaluations else DASH)])
    if not rows:
        return []
    return [model.Heading("odeint's tolerance-driven steppers", "crosscheck-odeint-tolerance"),
            model.Paragraph(
                "Controlled, dense-output and Bulirsch-Stoer steppers have no step size to refine: each is "
                "run at atol = rtol = tol over the tolerances shown, and its effective order is the "
                "least-squares slope of the final-time error against the right-hand-side evaluations "
                "spent (error ~ N^−p for a method of order p whose steps follow the tolerance), fitted over "
                "the finest decades of tolerance, ± twice its standard error. It is judged against "
                "stepper_order_value with the same band as above; Bulirsch-Stoer changes its order as it "
                "runs and declares none."),
            model.Table(TOLERANCE_COLUMNS, rows)]


def _orders_blocks(document) -> list:
    data = document.data
    rows = []
    for s in _list(data, "steppers", document.name):
        text = _order_text(s.get("measured_order"), s.get("uncertainty"))
        slopes = ", ".join(f"{x:.2f}" for x in (finite(v) for v in s.get("local_slopes") or [])
                           if x is not None)
        grids = ", ".join(str(p.get("steps")) for p in s.get("points") or [] if isinstance(p, dict))
        verdict = _text(s.get("verdict"))
        note = s.get("problem_note") or ""
        rows.append([model.Cell(_text(s.get("stepper"))), model.Cell(_text(s.get("call"))),
                     model.Cell(_text(s.get("problem")) + (" *" if note else ""), note),
                     model.Cell(_text(s.get("scalar"))),
                     model.Cell(_text(s.get("order_value"))),
                     model.Cell(_text(s.get("stepper_order_value"))),
                     model.Cell(_text(s.get("error_order_value"))),
                     model.Cell(_text(s.get("judged_against") or "order_value")), model.Cell(text),
                     model.Cell(verdict, _text(s.get("window_reason")) if s.get("window_reason") else "",
                                ORDER_VERDICT_CLASS.get(verdict, "")),
                     _reproducer_cell(s), model.Cell(grids), model.Cell(slopes)])
    below, above = finite(data.get("band_below")), finite(data.get("band_above"))
    band = (f"[declared − {below:g}, declared + {above:g}]" if below is not None and above is not None
            else "the study's band")
    return [model.Heading("odeint's declared orders against measured orders", "crosscheck-odeint-orders"),
            model.Paragraph(
                "Final-time error against the certified reference on grids of N steps; the "
                "measured order is the study's least-squares slope over its asymptotic window. A "
                f"declared order matches when the measured order lies within {band}, "
                "widened by the fit's uncertainty; a fit uncertain by more than half an order, or a "
                "mismatch whose local slopes have not settled, is inconclusive (a run double cannot "
                "settle is measured again in long double). Rows propagating out − xerr measure the "
                "embedded solution and are judged against error_order_value. Dense-output rows step "
                "so that the final time falls mid-step: the state there comes from the stepper's "
                "interpolant. Rows on a problem marked * are not on the gate's non-autonomous "
                "problem, for the reason the mark's tooltip gives: odeint's symplectic steppers pass "
                "no time argument to the system, so they run on an autonomous separable problem. A "
                "stepper that declares no order (implicit_euler) is measured, not judged. Each "
                "mismatch links its standalone reproducer: a short C++ file using odeint alone, with "
                "its build command, the odeint line at fault and the orders expected and measured "
                "(all of them listed on the findings page beside this report)."),
            model.Table(ORDER_COLUMNS, rows)] + _not_alone_blocks(document) + _tolerance_blocks(document)


def _not_alone_blocks(document) -> list:
    entries = [e for e in document.data.get("not_measured_alone") or [] if isinstance(e, dict)]
    if not entries:
        return []
    return [model.Paragraph("Not measured on their own: " + "; ".join(
        f"{_text(e.get('stepper'))} ({_text(e.get('reason'))})" for e in entries) + ".")]


def build(documents: list, context) -> model.SectionPage:
    blocks, counts, downloads = [], [], []
    for document in documents:
        if document.schema == CROSSCHECK:
            blocks += _crosscheck_blocks(document) + _identity_blocks(document)
            counts.append(f"{len(document.data['pairs'])} odeint pairs")
            identities = document.data.get("odeint_identity")
            if isinstance(identities, list):
                counts.append(f"{len(identities)} odeint steppers identified")
        else:
            blocks += _orders_blocks(document)
            counts.append(f"{len(document.data['steppers'])} odeint steppers' orders")
            swept = document.data.get("tolerance_driven")
            if isinstance(swept, list):
                counts.append(f"{len(swept)} tolerance-driven")
            downloads = [("odeint findings: standalone reproducers", FINDINGS_HREF + "index.html")]
    return model.SectionPage(title="Cross-check against Boost.Odeint",
                             summary="crosscheck: " + ", ".join(counts), blocks=blocks, downloads=downloads)


register(Section(key="crosscheck", schemas=(CROSSCHECK, ODEINT_ORDERS), order=50, build=build))
