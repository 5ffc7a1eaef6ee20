"""Report section for the method analysis (schema orderly.analysis/1, written by
`orderly analyze --suite default`): stability regions by family with the stepper's own boundary
points, the harmonic limits of the splitting methods, and the table of limits, A-/L-stability and
principal error norms.

Draws and tabulates only: |R| on the grid, the boundary locus, the rays and every limit come from
the JSON (the study solved for them); the filled region is |R| <= 1 of the study's grid."""

from __future__ import annotations

import math

from .. import figure_style, model
from ..errors import InputError
from ..numbers import DASH, finite
from . import Section, register

SCHEMA = "orderly.analysis/1"

PANELS_PER_ROW = 4
REGION_FILL = "#9ecae1"
REGION_EDGE = "#08519c"
LOCUS_COLOUR = "0.35"
EMPIRICAL_COLOUR = "#d62728"

# Families in page order, with the figure titles.
FAMILIES = [("explicit-rk", "Explicit Runge-Kutta methods"),
            ("embedded-rk", "Embedded pairs (propagated weights)"),
            ("implicit-rk", "Implicit Runge-Kutta methods"),
            ("rosenbrock", "Rosenbrock methods (linear equivalent A = α + Γ)")]

TABLE_COLUMNS = ["method", "family", "order", "stage order", "real limit", "imaginary limit",
                 "A-stable", "L-stable", "error 2-norm", "error max", "empirical check",
                 "symplectic", "symmetric", "alg. stable", "SSP coefficient", "conj. symplectic order", "energy"]
SPLITTING_COLUMNS = ["method", "order", "harmonic limit ωh", "error 2-norm (bicoloured)", "error max",
                     "empirical check", "symmetric", "modified H error", "energy"]


def _methods(data: dict, where: str) -> list:
    methods = data.get("methods")
    if not isinstance(methods, list) or not all(isinstance(m, dict) and isinstance(m.get("name"), str)
                                                for m in methods):
        raise InputError(f"{where}: 'methods' is not a list of named objects")
    return methods


def _limit(value, digits_text=None) -> str:
    """A limit to 13 significant digits, from the study's 30-digit text when it gave one."""
    if isinstance(value, str):
        return value
    if isinstance(digits_text, str):
        try:
            return f"{float(digits_text):.13g}"
        except ValueError:
            pass
    x = finite(value)
    return DASH if x is None else f"{x:.13g}"


def _real_limit(m: dict) -> str:
    value = m.get("real_stability_limit")
    return "unbounded" if value is None else _limit(value, m.get("real_stability_limit_digits"))


def _imaginary_limit(m: dict) -> str:
    value = m.get("imaginary_stability_limit")
    return "none (0)" if value is None else _limit(value, m.get("imaginary_stability_limit_digits"))


def _empirical_cell(m: dict) -> model.Cell:
    e = m.get("empirical") if isinstance(m.get("empirical"), dict) else {}
    agrees = e.get("agrees")
    summary = str(e.get("summary") or "")
    if agrees is True:
        return model.Cell("agrees", summary, "pass")
    if agrees is False:
        return model.Cell("DISAGREES", summary, "fail")
    return model.Cell("not run", summary, "inconclusive")


def _yes(value) -> str:
    return "yes" if value is True else ("no" if value is False else DASH)


def _count(value) -> str:
    """An order from the conditions; a dash where none is derived (Rosenbrock methods)."""
    return DASH if value is None else str(value)


def _sci(value) -> str:
    x = finite(value)
    return DASH if x is None else f"{x:.3e}"


def _region_figure(methods: list, family: str, title: str, context):
    import matplotlib.pyplot as plt
    import numpy as np
    members = [m for m in methods if m.get("family") == family and isinstance(m.get("region"), dict)
               and isinstance(m["region"].get("grid"), dict)]
    if not members:
        return None
    ncols = min(PANELS_PER_ROW, len(members))
    nrows = math.ceil(len(members) / ncols)
    fig, axes = plt.subplots(nrows, ncols, squeeze=False, layout="constrained",
                             figsize=(3.1 * ncols, 3.0 * nrows))
    axes = axes.ravel()
    for ax in axes[len(members):]:
        ax.set_axis_off()
    panels = []
    for ax, m in zip(axes, members):
        grid = m["region"]["grid"]
        n = int(grid["points"])
        xs = np.linspace(float(grid["x_min"]), float(grid["x_max"]), n)
        ys = np.linspace(float(grid["y_min"]), float(grid["y_max"]), n)
        modulus = np.array(grid["modulus"], dtype=float)
        ax.contourf(xs, ys, modulus, levels=[0.0, 1.0], colors=[REGION_FILL])
        ax.contour(xs, ys, modulus, levels=[1.0], colors=[REGION_EDGE], linewidths=1.0)
        locus = m["region"].get("boundary_locus") or []
        if locus:
            ax.plot([p[0] for p in locus], [p[1] for p in locus], linestyle="none", marker=".",
                    markersize=0.8, color=LOCUS_COLOUR)
        rays = [r for r in m["region"].get("empirical_rays") or [] if r.get("bounded")]
        ex = [r["measured_radius"] * math.cos(r["angle"]) for r in rays]
        ey = [r["measured_radius"] * math.sin(r["angle"]) for r in rays]
        if rays:
            ax.plot(ex + ex, ey + [-y for y in ey], linestyle="none", marker="x", markersize=4,
                    color=EMPIRICAL_COLOUR)
        ax.axhline(0, color="0.6", linewidth=0.6)
        ax.axvline(0, color="0.6", linewidth=0.6)
        ax.set_aspect("equal")
        ax.set_xlim(float(grid["x_min"]), float(grid["x_max"]))
        ax.set_ylim(float(grid["y_min"]), float(grid["y_max"]))
        ax.set_title(f"{m['name']} (order {m.get('order')})")
        ax.set_xlabel("Re z = Re(hλ)")
        ax.set_ylabel("Im z")
        panels.append({"title": m["name"], "series": [
            {"label": "boundary locus R(z) = e^{iθ}", "role": "analysis",
             "x": [p[0] for p in locus], "y": [p[1] for p in locus]},
            {"label": "stepper's boundary on rays", "role": "measured", "x": ex, "y": ey}]})
    fig.suptitle(f"Stability regions: {title}", fontsize=12)
    caption = (f"{title}: the filled set is |R(z)| ≤ 1 for z = hλ on the study's grid, bounded by the "
               "curve |R| = 1; grey dots are the boundary locus (the roots of P(z) = e^{iθ} Q(z)); red "
               "crosses are where the method's own stepper, run one step on y' = λy, first grows "
               "along rays from the origin. A method is stable for a linear problem when every hλ "
               "lies in the filled set; the crosses on the curve show the stepper agrees with its "
               "coefficients. Implicit methods: the unstable set is the bounded white island in the "
               "right half-plane.")
    stem = "regions_" + family.replace("-", "_")
    return figure_style.save_figure(fig, context.directory, stem, context.page_prefix,
                                    f"Stability regions: {title}", caption, panels, x_scale="linear",
                                    y_scale="linear", x_label="Re z", y_label="Im z")


def _harmonic_figure(methods: list, context):
    import matplotlib.pyplot as plt
    members = [m for m in methods if m.get("family") == "splitting" and isinstance(m.get("region"), dict)]
    if not members:
        return None
    fig, ax = plt.subplots(layout="constrained", figsize=(9.0, 4.2))
    style = figure_style.SeriesStyle({"methods": [m["name"] for m in members]})
    series = []
    for m in members:
        curve = m["region"].get("harmonic_curve") or []
        xs = [p[0] for p in curve]
        ys = [p[1] for p in curve]
        colour, marker, _ = style(m["name"])
        limit = finite(m.get("harmonic_stability_limit"))
        ax.plot(xs, ys, color=colour, linewidth=1.2,
                label=f"{m['name']}: ωh < {limit:.6g}" if limit is not None else m["name"])
        if limit is not None:
            ax.axvline(limit, color=colour, linewidth=0.6, linestyle=":")
        series.append({"label": m["name"], "role": "analysis", "x": xs, "y": ys})
    ax.axhspan(-1, 1, color="0.92", zorder=0)
    ax.set_ylim(-3, 3)
    ax.set_xlabel("ωh (harmonic oscillator, q'' = −ω²q)")
    ax.set_ylabel("tr M(ωh) / 2")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
    ax.grid(True, alpha=0.3)
    caption = ("Half the trace of each splitting method's step matrix on the harmonic oscillator. The "
               "step has determinant 1, so it is stable exactly while the curve stays in the grey band "
               "[−1, 1]; the dotted lines are the analysis's limits (first exit), which the stepper's "
               "own step matrix confirms (table below).")
    return figure_style.save_figure(fig, context.directory, "harmonic_limits", context.page_prefix,
                                    "Splitting methods on the harmonic oscillator", caption,
                                    [{"title": "harmonic", "series": series}], x_scale="linear",
                                    y_scale="linear", x_label="ωh", y_label="tr M / 2")


def _geometric_cells(m: dict) -> list:
    """Symplectic, symmetric, algebraically stable, SSP coefficient, conjugate symplectic order and
    the energy class, from the analysis's "geometric" object (— where the method has none)."""
    g = m.get("geometric")
    if not isinstance(g, dict):
        return [model.Cell(DASH) for _ in range(6)]
    energy = g.get("energy") if isinstance(g.get("energy"), dict) else {}
    ssp = g.get("ssp_coefficient") if isinstance(g.get("ssp_coefficient"), dict) else {}
    order = g.get("conjugate_symplectic_order")
    at_least = "≥ " if g.get("conjugate_symplectic_at_least") else ""
    return [model.Cell(_yes(g.get("symplectic")), str(g.get("arithmetic") or "")),
            model.Cell(_yes(g.get("symmetric"))),
            model.Cell(_yes(g.get("algebraically_stable")), str(g.get("algebraic_stability_reason") or "")),
            (model.Cell(str(ssp.get("text", DASH)), f"bracket [{ssp.get('lower')}, {ssp.get('upper')}]") if ssp
             else model.Cell(DASH, "not defined: no Runge-Kutta stage equations")),
            model.Cell(f"{at_least}{order}" if isinstance(order, int) else DASH,
                       f"pseudo-symplectic order {g.get('pseudo_symplectic_order')}; B-series to trees of order "
                       f"{g.get('bseries_max_tree_order')}"),
            model.Cell(str(energy.get("class", DASH)), str(energy.get("expectation") or ""))]


def _splitting_geometric_cells(m: dict) -> list:
    g = m.get("geometric")
    if not isinstance(g, dict):
        return [model.Cell(DASH) for _ in range(3)]
    energy = g.get("energy") if isinstance(g.get("energy"), dict) else {}
    k = g.get("modified_hamiltonian_order")
    return [model.Cell(_yes(g.get("symmetric"))), model.Cell(f"O(h^{k})" if isinstance(k, int) else DASH),
            model.Cell(str(energy.get("class", DASH)), str(energy.get("expectation") or ""))]


def _table(methods: list) -> model.Table:
    rows = []
    for m in methods:
        if m.get("family") == "splitting":
            continue
        rows.append([model.Cell(m["name"], str(m.get("title") or "")), model.Cell(str(m.get("family"))),
                     model.Cell(_count(m.get("order"))), model.Cell(_count(m.get("stage_order"))),
                     model.Cell(_real_limit(m)), model.Cell(_imaginary_limit(m)),
                     model.Cell(_yes(m.get("A_stable"))), model.Cell(_yes(m.get("L_stable"))),
                     model.Cell(_sci(m.get("principal_error_2norm"))), model.Cell(_sci(m.get("principal_error_max"))),
                     _empirical_cell(m)] + _geometric_cells(m))
        embedded = m.get("embedded")
        if isinstance(embedded, dict):
            rows.append([model.Cell(f"{m['name']} (embedded)"), model.Cell(str(m.get("family"))),
                         model.Cell(_count(embedded.get("order"))), model.Cell(DASH),
                         model.Cell(_real_limit(embedded)), model.Cell(_imaginary_limit(embedded)),
                         model.Cell(_yes(embedded.get("A_stable"))), model.Cell(_yes(embedded.get("L_stable"))),
                         model.Cell(_sci(embedded.get("principal_error_2norm"))),
                         model.Cell(_sci(embedded.get("principal_error_max"))), model.Cell(DASH)]
                        + [model.Cell(DASH) for _ in range(6)])
    return model.Table(TABLE_COLUMNS, rows, caption=(
        "Runge-Kutta methods: order from the exact order conditions, stage order, the stability "
        "interval [x, 0] on the negative real axis and [−iy, iy] on the imaginary axis (13 digits "
        "shown; the JSON holds 30), A- and L-stability decided from P and Q, and the principal "
        "error norms (order p+1 error coefficients over the rooted trees). Rosenbrock methods: the "
        "stability function of their linear equivalent; no order or error norms are derived (—), the "
        "convergence study measures their order. Geometric properties, decided from the coefficients "
        "(exactly for rational tableaus, to 80 certified digits otherwise): symplectic (BA + AᵀB − bbᵀ = 0), "
        "symmetric (the adjoint is the method up to a stage permutation), algebraically stable (b ≥ 0 and "
        "that matrix positive semidefinite), the SSP coefficient (radius of absolute monotonicity), the "
        "order to which a B-series change of variables makes the method symplectic (≥: the test's reach), "
        "and the energy behaviour these promise (hover for the law)."))


def _splitting_table(methods: list) -> model.Table:
    rows = []
    for m in methods:
        if m.get("family") != "splitting":
            continue
        rows.append([model.Cell(m["name"], str(m.get("title") or "")), model.Cell(str(m.get("order"))),
                     model.Cell(_limit(m.get("harmonic_stability_limit"), m.get("harmonic_stability_limit_digits"))),
                     model.Cell(_sci(m.get("principal_error_2norm"))), model.Cell(_sci(m.get("principal_error_max"))),
                     _empirical_cell(m)] + _splitting_geometric_cells(m))
    return model.Table(SPLITTING_COLUMNS, rows, caption=(
        "Splitting methods: order from the bicoloured-tree conditions, the largest ωh keeping the "
        "harmonic oscillator stable, and the principal error norms over the order p+1 bicoloured "
        "(alternating) trees. Every splitting method is symplectic (a composition of exact flows); "
        "symmetric when its sequence of flows is a palindrome; its modified Hamiltonian is H + O(hᵏ), "
        "k the order, and the energy error stays bounded."))


def build(documents: list, context) -> model.SectionPage:
    blocks, figures, count = [], 0, 0
    for document in documents:
        methods = _methods(document.data, document.name)
        count += len(methods)
        disagree = [m["name"] for m in methods if isinstance(m.get("empirical"), dict)
                    and m["empirical"].get("agrees") is False]
        unchecked = [m["name"] for m in methods if isinstance(m.get("empirical"), dict)
                     and m["empirical"].get("agrees") is None]
        blocks.append(model.Paragraph(
            f"{len(methods)} methods analysed from their coefficients. The empirical check runs each "
            f"method's own stepper on y' = λy (splitting methods: on the harmonic oscillator) and "
            f"compares its growth with |R(z)|: "
            + ("every stepper agrees with its coefficients" if not disagree
               else "DISAGREEING: " + ", ".join(disagree))
            + (f"; not run (analysis only, no stepper yet): {', '.join(unchecked)}." if unchecked else ".")))
        for family, title in FAMILIES:
            figure = _region_figure(methods, family, title, context)
            if figure:
                blocks.append(figure)
                figures += 1
        blocks.append(_table(methods))
        figure = _harmonic_figure(methods, context)
        if figure:
            blocks.append(figure)
            figures += 1
        blocks.append(_splitting_table(methods))
    return model.SectionPage(title="Method analysis: stability and error constants",
                             summary=f"analysis: {count} methods; {figures} figures", blocks=blocks)


register(Section(key="stability", schemas=(SCHEMA,), order=45, build=build))
