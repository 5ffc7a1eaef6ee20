"""Report section for the Hamiltonian long-time study (schema orderly.energy/2, as
`orderly energy --suite default` writes it): energy error against t per method, the growth classes,
compensated summation, the harmonic oscillator's energy predicted from the method, energy at
fixed work, the seed articles' experiments and the damped spring's settling time.

Every number, class and line comes from the JSON: this module fits and classifies nothing."""

from __future__ import annotations

import math

from .. import figure_style, model
from ..errors import InputError
from ..numbers import DASH, finite
from . import Section, register

SCHEMA = "orderly.energy/2"
RK_FAMILIES = ("explicit-rk", "embedded-rk")
LOG_PROBLEMS = ("kepler", "outer-solar-system")
HARMONIC_SHOWN = ("euler", "heun", "rk4", "dopri54", "rkf78", "symplectic-euler-a", "velocity-verlet",
                  "yoshida4")
ENERGY_LABEL = "|H(t) − H₀| / |H₀| (bin maximum)"
T_LABEL = "t (problem time units)"
FIGURE_WIDTH = 13.0


def _require(data: dict, key: str, kind, where: str):
    value = data.get(key)
    if not isinstance(value, kind):
        raise InputError(f"{where}: '{key}' is missing or not a {getattr(kind, '__name__', kind)}")
    return value


def _positive_series(samples: list, key: str):
    """(t, value) of the samples with a finite positive value and t (log axes: no zero, no NaN)."""
    ts, vs = [], []
    for s in samples:
        t, v = finite(s.get("t")), finite(s.get(key))
        if t is not None and v is not None and t > 0 and v > 0 and figure_style.plottable(v):
            ts.append(t)
            vs.append(v)
    return ts, vs


def _growth_text(growth) -> str:
    if not isinstance(growth, dict):
        return DASH
    exponent, uncertainty = finite(growth.get("exponent")), finite(growth.get("uncertainty"))
    if exponent is None:
        return str(growth.get("class", DASH))
    return f"{growth.get('class', DASH)}, t^{exponent:.2f} ± {uncertainty or 0:.2f}"


def _validate(document) -> dict:
    data = document.data
    runs = _require(data, "runs", list, document.name)
    for i, run in enumerate(runs):
        where = f"{document.name}: runs[{i}]"
        if not isinstance(run, dict):
            raise InputError(f"{where}: not an object")
        for key, kind in (("method", str), ("problem", str), ("part", str), ("family", str),
                          ("samples", list), ("growth", dict), ("h_text", str)):
            _require(run, key, kind, where)
        _require(run["growth"], "class", str, where + ".growth")
    _require(data, "policy", dict, document.name)
    return data


def _reference_lines(ax, run, series: list) -> None:
    """The study's round-off references for a run: epsilon and eps (t/h)^(1/2)."""
    lines = run.get("roundoff_lines")
    if not isinstance(lines, dict):
        return
    eps = finite(lines.get("epsilon"))
    walk = lines.get("random_walk") or {}
    if eps:
        ax.axhline(eps, color="0.55", linewidth=0.8, linestyle=":")
        series.append({"label": "epsilon", "role": "reference", "x": [], "y": [eps]})
    ts, es = walk.get("t"), walk.get("error")
    if isinstance(ts, list) and isinstance(es, list) and len(ts) == 2 and all(finite(v) for v in ts + es):
        ax.plot(ts, es, color="0.3", linewidth=1.2, linestyle="--")
        series.append({"label": f"eps (t/h)^(1/2) (Brouwer's law), h = {run['h_text']}", "role": "reference",
                       "x": ts, "y": es})


def _style(i: int):
    import matplotlib
    palette = matplotlib.colormaps["tab10"].colors
    return (palette[i % len(palette)], figure_style.MARKERS[i % len(figure_style.MARKERS)],
            "-" if i < len(palette) else "-.")


def _growth_figure(problem: str, runs: list, context) -> model.Figure:
    import matplotlib.pyplot as plt
    groups = [("Runge-Kutta", [r for r in runs if r["family"] in RK_FAMILIES]),
              ("splitting (symplectic)", [r for r in runs if r["family"] == "splitting"])]
    fig, axes = plt.subplots(1, 2, figsize=(FIGURE_WIDTH, 5.2), sharey=True, layout="constrained")
    panels = []
    for ax, (title, chosen) in zip(axes, groups):
        series = []
        for i, r in enumerate(chosen):
            colour, marker, line = _style(i)
            ts, es = _positive_series(r["samples"], "bin_max")
            label = f"{r['method']} ({r['growth']['class']})"
            ax.plot(ts, es, color=colour, marker=marker, markersize=3, linestyle=line, linewidth=1, label=label)
            if not r.get("stable", True) and ts:
                ax.plot([ts[-1]], [es[-1]], "x", color="red", markersize=9, markeredgewidth=2)
            series.append({"label": label, "role": "measured", "x": ts, "y": es,
                           "unstable": not r.get("stable", True)})
        if chosen:
            _reference_lines(ax, chosen[0], series)
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlabel(T_LABEL)
        ax.set_title(f"{problem}: {title}")
        ax.grid(True, which="major", alpha=0.3)
        ax.legend(fontsize=6, ncol=2, loc="upper left")
        panels.append({"title": f"{problem}: {title}", "series": series})
    axes[0].set_ylabel(ENERGY_LABEL)
    h = runs[0]["h_text"] if runs else DASH
    caption = (f"{problem}, h = {h}: the relative energy error against t, log-log. Symplectic methods "
               "stay on a plateau (class bounded); Runge-Kutta methods drift linearly (slope 1) until "
               "their error is of the size of the energy; a method whose truncation error is below the "
               "round-off follows the dashed line eps (t/h)^(1/2) (Brouwer's law). Dotted: epsilon. "
               "A red cross: the run blew up there.")
    return figure_style.save_figure(fig, context.directory, f"energy_growth_{problem}", context.page_prefix,
                                    f"{problem}: energy error against t", caption, panels,
                                    x_label=T_LABEL, y_label=ENERGY_LABEL)


def _growth_table(runs: list) -> model.Table:
    rows = []
    for r in runs:
        last = r["samples"][-1] if r["samples"] else {}
        envelope = finite(last.get("envelope"))
        window = r["growth"].get("window") or {}
        t_from, t_to = finite(window.get("t_from")), finite(window.get("t_to"))
        rows.append([model.Cell(r["part"]), model.Cell(r["method"]), model.Cell(r["family"]),
                     model.Cell(r["h_text"]), model.Cell(f"{r.get('steps', 0):,}"),
                     model.Cell("yes" if r.get("compensated") else ""),
                     model.Cell(DASH if envelope is None else f"{envelope:.2e}"),
                     model.Cell(_growth_text(r["growth"]), r.get("failure") or r["growth"].get("reason", "")),
                     model.Cell(DASH if t_from is None or t_to is None else f"{t_from:.3g} – {t_to:.3g}"),
                     model.Cell(_growth_text(r.get("angular_momentum_growth"))),
                     model.Cell(_growth_text(r.get("phase_growth"))),
                     model.Cell(_growth_text(r.get("roundoff_growth")))])
    return model.Table(["part", "method", "family", "h", "steps", "compensated", "energy envelope at t_end",
                        "energy growth", "fit window (t)", "angular momentum growth", "phase growth",
                        "round-off alone (shadow run)"], rows,
                       caption="Every run: growth exponent of the error envelope with its uncertainty and class",
                       collapsed=True)


def _theory_text(check) -> str:
    if not isinstance(check, dict):
        return DASH
    verdict = "agrees" if check.get("agrees") else ("explained" if check.get("reason") else "DISAGREES")
    return f"{verdict}: expected {check.get('expected', DASH)}"


def _newton_text(run) -> str:
    newton = run.get("newton")
    if not isinstance(newton, dict):
        return ""
    tolerance = finite(newton.get("tolerance"))
    stop = "round-off" if not tolerance else f"{tolerance:g}"
    return f"{stop}, {finite(newton.get('iterations_per_step')) or 0:.2f} it/step"


def _drift_rate_cells(run) -> list:
    """The drift rate the modified equation's leading term predicts (harmonic oscillator) beside the
    measured ln(1 + (H - H0)/H0) / t at the last sample, less the run's round-off where measured."""
    rate = run.get("drift_rate") if isinstance(run.get("drift_rate"), dict) else {}
    predicted, measured = finite(rate.get("predicted")), finite(rate.get("measured"))
    along = finite(rate.get("predicted_along_run"))  # Kepler: the same term on the run's own orbit
    note = str(rate.get("note") or "")
    return [model.Cell(DASH if predicted is None else f"{predicted:+.3e}", note),
            model.Cell(DASH if along is None else f"{along:+.3e}", note),
            model.Cell(DASH if measured is None else f"{measured:+.3e}")]


def _theory_table(runs: list) -> model.Table:
    """Each run's energy class and phase exponent against theory, with the measured reason where
    they differ (the JSON's growth.theory and phase_growth.theory)."""
    rows = []
    for r in runs:
        energy, phase = r["growth"].get("theory"), (r.get("phase_growth") or {}).get("theory")
        rows.append([model.Cell(r["part"]), model.Cell(r["method"]), model.Cell(r["h_text"]),
                     model.Cell(_newton_text(r)),
                     model.Cell(_growth_text(r["growth"])),
                     model.Cell(_theory_text(energy), (energy or {}).get("reason", "")),
                     model.Cell((energy or {}).get("reason", "")),
                     model.Cell(_growth_text(r.get("phase_growth"))),
                     model.Cell(_theory_text(phase), (phase or {}).get("reason", "")),
                     model.Cell((phase or {}).get("reason", "")),
                     model.Cell(_growth_text(r.get("roundoff_growth"))),
                     model.Cell(_theory_text((r.get("roundoff_growth") or {}).get("theory"))),
                     *_drift_rate_cells(r)])
    return model.Table(["part", "method", "h", "Newton stop", "energy growth", "energy against theory",
                        "energy: why not", "phase growth (mean anomaly)", "phase against theory", "phase: why not",
                        "round-off alone (shadow run)", "round-off against theory",
                        "drift rate d ln H/dt: predicted (modified equation)",
                        "predicted along the run's orbit (Kepler)", "measured"],
                       rows, caption="Every run against theory, the expectation derived from the method's "
                       "coefficients: energy bounded for symplectic methods (stage equations solved to round-off), "
                       "bounded up to t ~ h^-k for methods conjugate symplectic to order p + k, a linear drift "
                       "otherwise, at the rate the modified equation predicts on the harmonic oscillator; Kepler's phase (mean anomaly) "
                       "t for bounded energy, t² for a drift, t to t^(3/2) at round-off; round-off alone t^(1/2) plain, bounded "
                       "compensated", collapsed=True)


def _compensation_figure(runs: list, context) -> model.Figure:
    import matplotlib.pyplot as plt
    fig, (ax_e, ax_l) = plt.subplots(1, 2, figsize=(FIGURE_WIDTH, 5.2), layout="constrained")
    energy, momentum = [], []
    for i, r in enumerate(runs):
        colour, marker, _ = _style(i)
        line = "--" if r.get("compensated") else "-"
        name = f"{r['method']} h={r['h_text']} {'compensated' if r.get('compensated') else 'plain'}"
        key = "roundoff_energy_error" if r.get("roundoff_growth") else "bin_max"
        growth = r.get("roundoff_growth") or r["growth"]
        ts, es = _positive_series(r["samples"], key)
        what = "round-off alone" if key == "roundoff_energy_error" else "energy"
        label = f"{name}, {what} ({_growth_text(growth)})"
        ax_e.plot(ts, es, color=colour, marker=marker, markersize=3, linestyle=line, linewidth=1, label=label)
        energy.append({"label": label, "role": "measured", "x": ts, "y": es})
        tl, ls = _positive_series(r["samples"], "angular_momentum_error")
        label = f"{name} ({_growth_text(r.get('angular_momentum_growth'))})"
        ax_l.plot(tl, ls, color=colour, marker=marker, markersize=3, linestyle=line, linewidth=1, label=label)
        momentum.append({"label": label, "role": "measured", "x": tl, "y": ls})
    for h in sorted({r["h_text"] for r in runs}):   # Brouwer's line depends on the step
        first = next(r for r in runs if r["h_text"] == h)
        _reference_lines(ax_e, first, energy)
        _reference_lines(ax_l, first, momentum)
    for ax, title, ylabel in ((ax_e, "energy error (or its round-off part, from the shadow run)", ENERGY_LABEL),
                              (ax_l, "angular momentum error", "|L(t) − L₀| / |L₀|")):
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlabel(T_LABEL)
        ax.set_ylabel(ylabel)
        ax.set_title(title)
        ax.grid(True, which="major", alpha=0.3)
        ax.legend(fontsize=6, loc="upper left")
    caption = ("Kepler over 10^7 steps, plain update (solid) and Kahan-compensated update (dashed). "
               "Velocity Verlet's energy error at h = 1/100 is its bounded O(h²) truncation error, which "
               "hides the round-off; its angular momentum is conserved exactly in exact arithmetic, so that "
               "error is round-off alone. At h = 1/10000 the shadow run (the same method in float128) "
               "isolates the energy's round-off. See which curves the compensated update brings down.")
    return figure_style.save_figure(fig, context.directory, "energy_compensation", context.page_prefix,
                                    "Compensated summation over 10^7 steps", caption,
                                    [{"title": "energy", "series": energy},
                                     {"title": "angular momentum", "series": momentum}],
                                    x_label=T_LABEL, y_label=ENERGY_LABEL)


def _harmonic_figure(runs: list, context) -> model.Figure:
    import matplotlib.pyplot as plt
    shown = [r for r in runs if r["method"] in HARMONIC_SHOWN]
    fig, ax = plt.subplots(figsize=(10, 5.5), layout="constrained")
    series = []
    for i, r in enumerate(shown):
        colour, marker, _ = _style(i)
        ts, es = _positive_series(r["samples"], "energy_error")
        ax.plot(ts, es, linestyle="none", marker=marker, markersize=4, color=colour, label=f"{r['method']} measured")
        tp, ep = _positive_series(r["samples"], "predicted_energy_error")
        ax.plot(tp, ep, color=colour, linewidth=1, label=f"{r['method']} predicted")
        series += [{"label": f"{r['method']} measured", "role": "measured", "x": ts, "y": es},
                   {"label": f"{r['method']} predicted", "role": "prediction", "x": tp, "y": ep}]
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel(T_LABEL)
    ax.set_ylabel("|H(t) − H₀| / |H₀|")
    ax.grid(True, which="major", alpha=0.3)
    ax.legend(fontsize=6, ncol=2, loc="upper left")
    h = shown[0]["h_text"] if shown else DASH
    caption = (f"Harmonic oscillator x'' = −x at h = {h}: markers measured, lines predicted from the "
               "method's coefficients alone (|R(ih)|^(2n) for Runge-Kutta methods, the 2x2 propagation "
               "matrix for splitting methods). Euler's energy grows as (1 + h²)^n, RK4's decays by "
               "1 − h⁶/72 + h⁸/576 per step; the splitting methods' energy oscillates without drift.")
    return figure_style.save_figure(fig, context.directory, "energy_harmonic_prediction", context.page_prefix,
                                    "Why does RK4 lose energy? Prediction against measurement", caption,
                                    [{"title": "harmonic", "series": series}],
                                    x_label=T_LABEL, y_label="|H(t) − H₀| / |H₀|")


def _harmonic_table(runs: list) -> model.Table:
    rows = []
    for r in runs:
        worst = 0.0
        for s in r["samples"]:
            p, m = finite(s.get("predicted_energy_deviation")), finite(s.get("energy_deviation"))
            if p is not None and m is not None:
                worst = max(worst, abs(m - p) / (1 + abs(p)))
        factor = finite((r.get("theory") or {}).get("per_step_energy_factor"))
        last = r["samples"][-1] if r["samples"] else {}
        measured, predicted = finite(last.get("energy_deviation")), finite(last.get("predicted_energy_deviation"))
        roundoff = finite(last.get("roundoff_energy_deviation"))
        without_roundoff = None if measured is None or roundoff is None else measured - roundoff
        rows.append([model.Cell(r["method"]),
                     model.Cell(DASH if factor is None else f"{factor - 1:+.3e}"),
                     model.Cell(DASH if measured is None else f"{measured:+.4e}"),
                     model.Cell(DASH if roundoff is None else f"{roundoff:+.4e}"),
                     model.Cell(DASH if without_roundoff is None else f"{without_roundoff:+.4e}"),
                     model.Cell(DASH if predicted is None else f"{predicted:+.4e}"),
                     model.Cell(f"{worst:.1e}"), model.Cell(r.get("failure", ""))])
    return model.Table(["method", "|R(ih)|² − 1 per step (Runge-Kutta)", "measured (H − H₀)/H₀ at t_end",
                        "its round-off (against the float128 run)", "measured − round-off",
                        "predicted", "largest |measured − predicted| / (1 + |predicted|)", "note"], rows,
                       caption="Measured against predicted, every Runge-Kutta and splitting method; the round-off "
                               "is the double run's energy less the same method's in float128, so measured − "
                               "round-off is what the coefficients alone give")


def _fixed_work(runs: list, context):
    import matplotlib.pyplot as plt

    def envelope(r):
        last = r["samples"][-1] if r["samples"] else {}
        value = finite(last.get("envelope"))
        return value if r.get("stable", True) and value is not None and value > 0 else None

    ordered = sorted(runs, key=lambda r: (envelope(r) is None, envelope(r) or 0.0))
    fig, ax = plt.subplots(figsize=(FIGURE_WIDTH, 4.8), layout="constrained")
    names = [r["method"] for r in ordered]
    values = [envelope(r) for r in ordered]
    colours = ["tab:green" if r["family"] == "splitting" else "tab:blue" for r in ordered]
    drawn = [v if v is not None and figure_style.plottable(v) else None for v in values]
    ax.bar(range(len(names)), [v or 0 for v in drawn], color=colours)
    for i, v in enumerate(drawn):
        if v is None:
            ax.text(i, 1, "lost", rotation=90, ha="center", va="bottom", fontsize=7, color="red",
                    transform=ax.get_xaxis_transform())
    ax.set_yscale("log")
    ax.set_xticks(range(len(names)), names, rotation=70, fontsize=7)
    ax.set_ylabel("max |H − H₀| / |H₀| up to t_end")
    ax.grid(True, axis="y", which="major", alpha=0.3)
    caption = ("Kepler to the same end time with the same number of force evaluations per unit time for "
               "every method (h proportional to the method's evaluations per step): a fair comparison of "
               "energy accuracy per unit of work. Green: splitting methods; blue: Runge-Kutta methods.")
    figure = figure_style.save_figure(
        fig, context.directory, "energy_fixed_work", context.page_prefix, "Energy error at fixed work", caption,
        [{"title": "fixed work", "series": [{"label": n, "role": "measured", "x": [i], "y": [v]}
                                            for i, (n, v) in enumerate(zip(names, drawn))]}],
        x_scale="category", y_scale="log", y_label="max |H − H₀| / |H₀|")
    rows = [[model.Cell(r["method"]), model.Cell(r["h_text"]), model.Cell(f"{r.get('rhs_evaluations', 0):,}"),
             model.Cell(DASH if envelope(r) is None else f"{envelope(r):.2e}"),
             model.Cell(_growth_text(r["growth"]))] for r in ordered]
    table = model.Table(["method", "h", "right-hand-side evaluations", "max energy error", "growth"], rows,
                        caption="Energy error at fixed work", collapsed=True)
    return figure, table


def _seed_figure(experiment: dict, index: int, context) -> model.Figure:
    import matplotlib.pyplot as plt
    fig, (ax_x, ax_e) = plt.subplots(2, 1, figsize=(11, 7.5), sharex=True, layout="constrained")
    exact = experiment.get("exact") or {}
    panels = {"x": [], "energy": []}
    if isinstance(exact.get("t"), list):
        ax_x.plot(exact["t"], exact["x"], color="black", linewidth=2.5, alpha=0.35, label="exact")
        ax_e.plot(exact["t"], exact["energy"], color="black", linewidth=2.5, alpha=0.35, label="exact")
        panels["x"].append({"label": "exact", "role": "exact", "x": exact["t"], "y": exact["x"]})
        panels["energy"].append({"label": "exact", "role": "exact", "x": exact["t"], "y": exact["energy"]})
    for i, r in enumerate(experiment.get("runs", [])):
        colour, _, _ = _style(i)
        label = f"{r['method']} ({r['scalar']})"
        style = {"linewidth": 1, "linestyle": "--" if r["scalar"] == "float" else "-", "color": colour}
        ts = r.get("t") or []
        xs = [v if finite(v) is not None else None for v in (r.get("x") or [])]
        es = [v if finite(v) is not None and v > 0 else None for v in (r.get("energy") or [])]
        ax_x.plot(ts, [math.nan if v is None else v for v in xs], label=label, **style)
        ax_e.plot(ts, [math.nan if v is None else v for v in es], label=label, **style)
        panels["x"].append({"label": label, "role": "measured", "x": ts, "y": xs})
        panels["energy"].append({"label": label, "role": "measured", "x": ts, "y": es})
    ax_e.set_yscale("log")
    ax_x.set_ylabel("position x (m)")
    ax_e.set_ylabel("energy (v² + k x²)/2 (J/kg)")
    ax_e.set_xlabel("t (s)")
    for ax in (ax_x, ax_e):
        ax.grid(True, alpha=0.3)
    ax_x.legend(fontsize=7, ncol=2, loc="upper right")
    title = f"{experiment['problem']}, dt = {experiment['dt']}"
    caption = (f"{experiment.get('description', '')}. The articles' specimens in float (dashed) beside the "
               "library's methods in double (solid), against the exact solution (grey): the trajectory and "
               "the energy. The article's claim: " + str(experiment.get("article_claim", "")) + ".")
    return figure_style.save_figure(fig, context.directory, f"energy_seed_{index}", context.page_prefix, title,
                                    caption, [{"title": "position", "series": panels["x"]},
                                              {"title": "energy", "series": panels["energy"]}],
                                    x_scale="linear", y_scale="linear", x_label="t (s)", y_label="x; energy")


def _seed_table(experiment: dict) -> model.Table:
    rows = []
    for r in experiment.get("runs", []):
        ratio, phase = finite(r.get("energy_ratio_at_end")), finite(r.get("phase_error_at_end"))
        rows.append([model.Cell(r["method"]), model.Cell(r["scalar"]),
                     model.Cell(DASH if ratio is None else f"{ratio:.4g}"),
                     model.Cell(DASH if phase is None else f"{phase:+.4f}"), model.Cell(r.get("failure", ""))])
    return model.Table(["method", "scalar", "energy / exact energy at t_end", "phase error at t_end (rad)", "note"],
                       rows)


def _settling(data: dict, context):
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(10, 5.5), layout="constrained")
    methods = list(dict.fromkeys(r["method"] for r in data.get("runs", [])))
    series = []
    for i, m in enumerate(methods):
        colour, marker, _ = _style(i)
        runs = [r for r in data["runs"] if r["method"] == m]
        pts = [(r["dt"], r["settle_time"]) for r in runs if finite(r.get("settle_time")) is not None]
        pred = [(r["dt"], r["predicted_settle_time"]) for r in runs
                if finite(r.get("predicted_settle_time")) is not None]
        ax.plot([p[0] for p in pts], [p[1] for p in pts], linestyle="none", marker=marker, color=colour,
                label=f"{m} measured")
        ax.plot([p[0] for p in pred], [p[1] for p in pred], color=colour, linewidth=0.8)
        series += [{"label": f"{m} measured", "role": "measured", "x": [p[0] for p in pts], "y": [p[1] for p in pts]},
                   {"label": f"{m} predicted", "role": "prediction", "x": [p[0] for p in pred],
                    "y": [p[1] for p in pred]}]
    reader = (data.get("reader_reported") or {}).get("points") or []
    ax.plot([p["dt"] for p in reader], [p["settle_time"] for p in reader], "k*", markersize=11,
            label="reader's report")
    exact = finite(data.get("exact_settle_time"))
    if exact is not None:
        ax.axhline(exact, color="0.5", linestyle=":", label="exact solution")
    ax.set_xlabel("dt (s)")
    ax.set_ylabel("settle time (s)")
    highest = max([v for s in series if s["role"] == "measured" for v in s["y"]] + [exact or 0])
    ax.set_ylim(0, highest * 1.15)
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=7, ncol=2, loc="upper right")
    caption = ("When does the damped spring stop? Settle time against dt, markers measured, lines predicted "
               "from each method's spectral radius per step; the reader's numbers as stars. Where the "
               "method's decay per step is faster than the exact e^(−b dt/2) the spring stops early; a "
               "method that is unstable at dt never settles (no marker).")
    figure = figure_style.save_figure(
        fig, context.directory, "energy_settling", context.page_prefix, "Settling time of the damped spring",
        caption, [{"title": "settle time", "series": series}], x_scale="linear", y_scale="linear",
        x_label="dt (s)", y_label="settle time (s)")
    rows = []
    for r in data.get("runs", []):
        settle, predicted = finite(r.get("settle_time")), finite(r.get("predicted_settle_time"))
        rho = finite(r.get("spectral_radius"))
        stuck = r.get("stuck")
        stuck_text = (DASH if not isinstance(stuck, dict) else
                      f"t = {stuck.get('time', 0):.1f} s at x = {stuck.get('x', 0):.3g} (period {stuck.get('period_steps')})")
        rows.append([model.Cell(r["method"]), model.Cell(r["scalar"]), model.Cell(f"{r['dt']:g}"),
                     model.Cell("never" if settle is None else f"{settle:.2f}"),
                     model.Cell(DASH if predicted is None else f"{predicted:.2f}"),
                     model.Cell(DASH if rho is None else f"{rho:.5f}"),
                     model.Cell(f"{finite(r.get('exact_decay_per_step')) or 0:.5f}"), model.Cell(stuck_text)])
    table = model.Table(["method", "scalar", "dt", "settle time (s)", "predicted", "spectral radius per step",
                         "exact decay per step", "stuck at a fixed point"], rows,
                        caption="Settling time, every method and step", collapsed=True)
    for row, r in zip(rows, data.get("runs", [])):
        if r.get("failure"):
            row[3] = model.Cell(row[3].text, r["failure"])
    return figure, table


def build(documents: list, context) -> model.SectionPage:
    blocks, run_count, classes = [], 0, {}
    for document in documents:
        data = _validate(document)
        runs = data["runs"]
        run_count += len(runs)
        for r in runs:
            classes[r["growth"]["class"]] = classes.get(r["growth"]["class"], 0) + 1
        by_part = {}
        for r in runs:
            by_part.setdefault(r["part"], []).append(r)
        policy = data["policy"]
        blocks.append(model.Paragraph(
            "The relative energy error |H(t) − H₀|/|H₀|, with H evaluated in a wider scalar than the run's, "
            f"at log-spaced times: {policy.get('bins_per_decade')} bins per decade of steps, each the maximum "
            f"over {policy.get('probes_per_bin')} probes; the envelope is their running maximum. Growth: "
            f"{policy.get('fit')}; uncertainty: {policy.get('uncertainty')}. Classes: {policy.get('classes')}."))
        for problem in LOG_PROBLEMS:
            if problem in by_part:
                blocks.append(_growth_figure(problem, by_part[problem], context))
        blocks.append(_growth_table(runs))
        blocks.append(model.Paragraph(
            "Theory. A symplectic method keeps the energy error bounded (its modified Hamiltonian is "
            "conserved) and makes a constant frequency error, so Kepler's phase error grows like t; a "
            "method that is not symplectic drifts in energy, its frequency drifts, and the phase grows "
            "like t². The phase is measured in the mean anomaly M = E − e sin E, which advances uniformly: "
            "in the true anomaly the same lag is multiplied by dν/dM, 16 times larger at periapsis than at "
            "apoapsis for e = 0.6, so samples landing at arbitrary points of the orbit scatter the fit. "
            "An implicit Gauss method is symplectic only as the exact solution of its stage equations: "
            "part implicit-kepler runs each with Newton converged to round-off and stopped early."))
        blocks.append(_theory_table(runs))
        if "compensation" in by_part:
            blocks += [model.Heading("Compensated summation", "energy-compensation"),
                       _compensation_figure(by_part["compensation"], context)]
        if "harmonic" in by_part:
            blocks += [model.Heading("Why does RK4 lose energy?", "energy-harmonic"),
                       model.Paragraph(
                           "On x'' = −ω²x a Runge-Kutta step is y_{n+1} = R(hA) y_n with R the method's "
                           "stability function, exact from its tableau; A is skew in the coordinates "
                           "(ωx, v), so H_n = |R(iωh)|^(2n) H₀. For RK4 |R(iy)|² = 1 − y⁶/72 + y⁸/576 < 1 "
                           "for small y: it loses energy at every step; for explicit Euler 1 + y² > 1: it "
                           "gains. A splitting method's step is a 2x2 matrix of determinant 1 (symplectic): "
                           "its energy oscillates on an ellipse and never drifts. Where a double run departs "
                           "from its prediction, the round-off is larger than the predicted change: verner65's "
                           "coefficients (up to ~170 in size, cancelling) round with a bias, a drift of its own "
                           "that the same run in float128 does not show; the table gives each run's round-off "
                           "and what is left without it (docs/energy.md)."),
                       _harmonic_figure(by_part["harmonic"], context), _harmonic_table(by_part["harmonic"])]
        if "fixed-work" in by_part:
            figure, table = _fixed_work(by_part["fixed-work"], context)
            blocks += [model.Heading("Energy error at fixed work", "energy-fixed-work"), figure, table]
        for i, experiment in enumerate(data.get("seed_experiments") or []):
            blocks += [model.Heading(f"The articles' experiment: {experiment['problem']}, dt = {experiment['dt']}",
                                     f"energy-seed-{i}"),
                       _seed_figure(experiment, i, context), _seed_table(experiment)]
        if isinstance(data.get("settling"), dict):
            settling = data["settling"]
            figure, table = _settling(settling, context)
            blocks += [model.Heading("When does the damped spring stop?", "energy-settling"),
                       model.Paragraph(f"{settling.get('definition', '')}. {settling.get('prediction', '')}. "
                                       f"Source of the reader's numbers: "
                                       f"{(settling.get('reader_reported') or {}).get('source', DASH)}."),
                       figure, table]
    summary = (f"energy: {run_count} runs; " +
               ", ".join(f"{n} {c}" for c, n in sorted(classes.items(), key=lambda kv: -kv[1])))
    return model.SectionPage(title="Energy over long times", summary=summary, blocks=blocks)


register(Section(key="energy", schemas=(SCHEMA,), order=20, build=build))
