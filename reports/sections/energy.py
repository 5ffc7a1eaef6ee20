"""Report section for the Hamiltonian long-time study (schema orderly.energy/1, file energy.json, as
`orderly energy --suite default` writes it).

build(json_dir, out_dir) -> HTML fragment. Figures are written to out_dir (SVG, embedded as <img>);
every number comes from the JSON: this module fits nothing and classifies nothing."""
import html
import json
import math
import os

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

SCHEMA = "orderly.energy/1"
DOUBLE_EPS = 2.0 ** -52


def _load(json_dir):
    for name in ("energy.json", os.path.join("energy", "energy.json")):
        path = os.path.join(json_dir, name)
        if os.path.exists(path):
            with open(path) as f:
                data = json.load(f)
            if data.get("schema") != SCHEMA:
                raise ValueError(f"{path}: schema {data.get('schema')!r}, expected {SCHEMA!r}")
            return data
    return None


def _positive(ts, values):
    """Only finite positive values are drawn (log axes); nulls are JSON's infinities/NaNs."""
    pts = [(t, v) for t, v in zip(ts, values) if v is not None and v > 0 and math.isfinite(v) and t > 0]
    return [p[0] for p in pts], [p[1] for p in pts]


def _style(i):
    markers = "os^vDP*Xh<>p"
    lines = ["-", "--", "-.", ":"]
    return dict(marker=markers[i % len(markers)], linestyle=lines[(i // len(markers)) % len(lines)], markersize=3)


def _save(fig, out_dir, name):
    path = os.path.join(out_dir, name + ".svg")
    fig.savefig(path, bbox_inches="tight")
    plt.close(fig)
    return name + ".svg"


def _figure(src, caption):
    return (f"<figure><img src='{html.escape(src)}' style='max-width:100%'>"
            f"<figcaption>{caption}</figcaption></figure>")


def _reference_lines(ax, h, t_max):
    """eps and eps * sqrt(t/h) (= eps sqrt(n), Brouwer's law for a run of step h)."""
    ax.axhline(DOUBLE_EPS, color="0.5", linewidth=0.8, linestyle=":")
    ax.text(t_max, DOUBLE_EPS, " eps", va="center", fontsize=7, color="0.4")
    ts = [10 ** (k / 4) for k in range(-8, 40) if 10 ** (k / 4) <= t_max]
    ax.plot(ts, [DOUBLE_EPS * math.sqrt(t / h) for t in ts], color="0.3", linewidth=1.2, linestyle="--",
            label="eps (t/h)^(1/2)")


def _growth_figure(runs, problem, out_dir):
    families = [("Runge-Kutta", lambda r: r["family"] in ("explicit-rk", "embedded-rk")),
                ("splitting (symplectic)", lambda r: r["family"] == "splitting")]
    fig, axes = plt.subplots(1, 2, figsize=(13, 5), sharey=True)
    h = None
    for ax, (title, keep) in zip(axes, families):
        chosen = [r for r in runs if keep(r)]
        for i, r in enumerate(chosen):
            ts, es = _positive([s["t"] for s in r["samples"]], [s["bin_max"] for s in r["samples"]])
            label = f"{r['method']} ({r['growth']['class']})"
            ax.plot(ts, es, label=label, linewidth=1, **_style(i))
            if not r["stable"] and ts:
                ax.plot([ts[-1]], [es[-1]], "x", color="red", markersize=8)
            h = r["h"]
        if chosen:
            _reference_lines(ax, h, max(r["t_end"] for r in chosen))
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlabel("t")
        ax.set_title(f"{problem}: {title}")
        ax.legend(fontsize=6, ncol=2)
    axes[0].set_ylabel("|H(t) - H0| / |H0| (bin maximum)")
    return _save(fig, out_dir, f"energy_growth_{problem}")


def _growth_table(runs):
    rows = []
    for r in runs:
        g = r["growth"]
        exp = "-" if g.get("exponent") is None else f"{g['exponent']:.3f} &plusmn; {g['uncertainty']:.3f}"
        phase = r.get("phase_growth")
        pexp = "-" if not phase or phase.get("exponent") is None else f"{phase['exponent']:.2f} &plusmn; {phase['uncertainty']:.2f}"
        mom = r.get("angular_momentum_growth")
        mexp = "-" if not mom or mom.get("exponent") is None else f"{mom['exponent']:.2f} ({html.escape(mom['class'])})"
        last = r["samples"][-1] if r["samples"] else {}
        final = last.get("envelope")
        note = html.escape(r.get("failure", g.get("reason", "")))
        rows.append(
            f"<tr><td>{html.escape(r['part'])}</td><td>{html.escape(r['method'])}</td><td>{html.escape(r['family'])}</td>"
            f"<td>{r['h_text']}</td><td>{r['steps']:,}</td><td>{'yes' if r['compensated'] else ''}</td>"
            f"<td>{'-' if final is None else f'{final:.2e}'}</td><td>{exp}</td><td><b>{html.escape(g['class'])}</b></td>"
            f"<td>{g['window']['t_from']:.3g} .. {g['window']['t_to']:.3g}</td><td>{pexp}</td><td>{mexp}</td><td>{note}</td></tr>")
    return ("<table><tr><th>part</th><th>method</th><th>family</th><th>h</th><th>steps</th><th>compensated</th>"
            "<th>envelope at t_end</th><th>energy exponent</th><th>class</th><th>fit window (t)</th>"
            "<th>phase exponent</th><th>angular momentum</th><th>note</th></tr>" + "".join(rows) + "</table>")


def _compensation_figure(runs, out_dir):
    fig, (ax_e, ax_l) = plt.subplots(1, 2, figsize=(14, 5))
    for i, r in enumerate(runs):
        ts = [s["t"] for s in r["samples"]]
        te, es = _positive(ts, [s["bin_max"] for s in r["samples"]])
        g = r["growth"]
        exp = "" if g.get("exponent") is None else f", t^{g['exponent']:.2f}"
        name = f"{r['method']} h={r['h_text']} {'compensated' if r['compensated'] else 'plain'}"
        ax_e.plot(te, es, label=f"{name} ({g['class']}{exp})", **_style(i))
        lg = r.get("angular_momentum_growth", {})
        tl, ls = _positive(ts, [s.get("angular_momentum_error") for s in r["samples"]])
        lexp = "" if lg.get("exponent") is None else f", t^{lg['exponent']:.2f}"
        ax_l.plot(tl, ls, label=f"{name} ({lg.get('class', '-')}{lexp})", **_style(i))
    for ax in (ax_e, ax_l):
        for h in sorted({r["h"] for r in runs}):
            _reference_lines(ax, h, max(r["t_end"] for r in runs))
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlabel("t")
        ax.legend(fontsize=6)
    ax_e.set_ylabel("|H(t) - H0| / |H0| (bin maximum)")
    ax_l.set_ylabel("|L(t) - L0| / |L0|")
    ax_e.set_title("kepler, 10^7 steps: energy")
    ax_l.set_title("angular momentum (conserved exactly by both methods in exact arithmetic)")
    return _save(fig, out_dir, "energy_compensation")


def _harmonic_figure(runs, out_dir):
    shown = [r for r in runs if r["method"] in ("euler", "heun", "rk4", "dopri54", "symplectic-euler-a",
                                                "velocity-verlet", "yoshida4", "rkf78")]
    fig, ax = plt.subplots(figsize=(9, 5.5))
    for i, r in enumerate(shown):
        style = _style(i)
        ts, es = _positive([s["t"] for s in r["samples"]], [s["energy_error"] for s in r["samples"]])
        line, = ax.plot(ts, es, linestyle="none", marker=style["marker"], markersize=4,
                        label=f"{r['method']} measured")
        tp, ep = _positive([s["t"] for s in r["samples"]], [s.get("predicted_energy_error") for s in r["samples"]])
        ax.plot(tp, ep, color=line.get_color(), linewidth=1, label=f"{r['method']} predicted")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("t")
    ax.set_ylabel("|H(t) - H0| / |H0|")
    ax.set_title("harmonic oscillator, h = 1/10: measured (markers) and predicted from the method (lines)")
    ax.legend(fontsize=6, ncol=2)
    return _save(fig, out_dir, "energy_harmonic_prediction")


def _harmonic_table(runs):
    rows = []
    for r in runs:
        worst = 0.0
        for s in r["samples"]:
            p = s.get("predicted_energy_deviation")
            if p is None or s.get("energy_deviation") is None:
                continue
            worst = max(worst, abs(s["energy_deviation"] - p) / (1 + abs(p)))
        theory = r.get("theory", {})
        factor = theory.get("per_step_energy_factor")
        last = r["samples"][-1]
        rows.append(f"<tr><td>{html.escape(r['method'])}</td><td>{'-' if factor is None else f'{factor - 1:.3e}'}</td>"
                    f"<td>{last['energy_deviation']:.4e}</td><td>{last.get('predicted_energy_deviation', float('nan')):.4e}</td>"
                    f"<td>{worst:.2e}</td><td>{html.escape(r.get('failure', ''))}</td></tr>")
    return ("<table><tr><th>method</th><th>|R(ih)|<sup>2</sup> - 1 per step (RK)</th><th>measured (H - H0)/H0 at t_end</th>"
            "<th>predicted</th><th>largest |measured - predicted| / (1 + |predicted|)</th><th>note</th></tr>"
            + "".join(rows) + "</table>")


def _fixed_work(runs, out_dir):
    ordered = sorted(runs, key=lambda r: (r["samples"][-1]["envelope"] if r["samples"] and r["stable"] else float("inf")))
    fig, ax = plt.subplots(figsize=(10, 4.5))
    names = [r["method"] for r in ordered]
    values = [r["samples"][-1]["envelope"] if r["samples"] and r["stable"] and r["samples"][-1]["envelope"] else float("nan")
              for r in ordered]
    colors = ["tab:green" if r["family"] == "splitting" else "tab:blue" for r in ordered]
    ax.bar(range(len(names)), [v if v == v else 0 for v in values], color=colors)
    ax.set_yscale("log")
    ax.set_xticks(range(len(names)))
    ax.set_xticklabels(names, rotation=70, fontsize=7)
    ax.set_ylabel("max |H - H0| / |H0| up to t = 1000")
    ax.set_title("kepler at equal work: 400 force evaluations per unit time (green: splitting, blue: Runge-Kutta)")
    rows = "".join(
        f"<tr><td>{html.escape(r['method'])}</td><td>{r['h_text']}</td><td>{r['rhs_evaluations']:,}</td>"
        f"<td>{'-' if not r['stable'] else format(r['samples'][-1]['envelope'], '.2e')}</td>"
        f"<td>{html.escape(r['growth']['class'])}</td></tr>" for r in ordered)
    table = ("<table><tr><th>method</th><th>h</th><th>RHS evaluations</th><th>max energy error</th><th>class</th></tr>"
             + rows + "</table>")
    return _save(fig, out_dir, "energy_fixed_work"), table


def _seed_figure(exp, index, out_dir):
    fig, (ax_x, ax_e) = plt.subplots(2, 1, figsize=(10, 7), sharex=True)
    ax_x.plot(exp["exact"]["t"], exp["exact"]["x"], color="black", linewidth=2, alpha=0.4, label="exact")
    ax_e.plot(exp["exact"]["t"], exp["exact"]["energy"], color="black", linewidth=2, alpha=0.4, label="exact")
    for i, r in enumerate(exp["runs"]):
        label = f"{r['method']} ({r['scalar']})"
        style = dict(linewidth=1, linestyle="--" if r["scalar"] == "float" else "-")
        ax_x.plot(r["t"], r["x"], label=label, **style)
        ax_e.plot(r["t"], r["energy"], label=label, **style)
    ax_e.set_yscale("log")
    ax_x.set_ylabel("x")
    ax_e.set_ylabel("energy (v^2 + k x^2)/2")
    ax_e.set_xlabel("t (s)")
    ax_x.set_title(f"{exp['problem']}, dt = {exp['dt']}: specimens (dashed, float) and library methods (solid, double)")
    ax_x.legend(fontsize=7, ncol=2)
    return _save(fig, out_dir, f"energy_seed_{index}")


def _seed_table(exp):
    rows = []
    for r in exp["runs"]:
        ratio = r.get("energy_ratio_at_end")
        phase = r.get("phase_error_at_end")
        rows.append(f"<tr><td>{html.escape(r['method'])}</td><td>{r['scalar']}</td>"
                    f"<td>{'-' if ratio is None else f'{ratio:.4g}'}</td>"
                    f"<td>{'-' if phase is None else f'{phase:+.4f}'}</td><td>{html.escape(r.get('failure', ''))}</td></tr>")
    return ("<table><tr><th>method</th><th>scalar</th><th>energy / exact energy at t_end</th>"
            "<th>phase error at t_end (rad)</th><th>note</th></tr>" + "".join(rows) + "</table>")


def _settling(data, out_dir):
    fig, ax = plt.subplots(figsize=(9, 5))
    methods = []
    for r in data["runs"]:
        if r["method"] not in methods:
            methods.append(r["method"])
    for i, m in enumerate(methods):
        runs = [r for r in data["runs"] if r["method"] == m]
        pts = [(r["dt"], r["settle_time"]) for r in runs if r["settle_time"] is not None]
        line, = ax.plot([p[0] for p in pts], [p[1] for p in pts], linestyle="none", label=f"{m} measured",
                        **{k: v for k, v in _style(i).items() if k != "linestyle"})
        pred = [(r["dt"], r.get("predicted_settle_time")) for r in runs if r.get("predicted_settle_time") is not None]
        ax.plot([p[0] for p in pred], [p[1] for p in pred], color=line.get_color(), linewidth=0.8)
    reader = data["reader_reported"]["points"]
    ax.plot([p["dt"] for p in reader], [p["settle_time"] for p in reader], "k*", markersize=10, label="reader's report")
    ax.axhline(data["exact_settle_time"], color="0.5", linestyle=":", label="exact solution")
    ax.set_xlabel("dt (s)")
    ax.set_ylabel("settle time (s)")
    ax.set_ylim(0, max(40, data["exact_settle_time"] * 1.5))
    ax.set_title("spring-damper k = 10, b = 1: when does the spring 'stop'? (markers measured, lines predicted)")
    ax.legend(fontsize=7, ncol=2)
    rows = []
    for r in data["runs"]:
        stuck = r.get("stuck")
        stuck_text = "-" if not stuck else f"t = {stuck['time']:.1f} s, x = {stuck['x']:.3g}, v = {stuck['v']:.3g} (period {stuck['period_steps']})"
        st = r["settle_time"]
        pst = r.get("predicted_settle_time")
        rho = r.get("spectral_radius")
        fs = r["first_subnormal_time"]
        ez = r["exact_zero_time"]
        rows.append(
            f"<tr><td>{html.escape(r['method'])}</td><td>{r['scalar']}</td><td>{r['dt']:g}</td>"
            f"<td>{'unstable' if st is None else f'{st:.2f}'}</td><td>{'-' if pst is None else f'{pst:.2f}'}</td>"
            f"<td>{'-' if rho is None else f'{rho:.5f}'}</td><td>{r.get('exact_decay_per_step', 0):.5f}</td>"
            f"<td>{'-' if fs is None else f'{fs:.1f}'}</td><td>{'-' if ez is None else f'{ez:.1f}'}</td><td>{stuck_text}</td></tr>")
    table = ("<table><tr><th>method</th><th>scalar</th><th>dt</th><th>settle time (s)</th><th>predicted</th>"
             "<th>spectral radius per step</th><th>exact decay per step</th><th>first subnormal (s)</th>"
             "<th>exact zero (s)</th><th>stuck</th></tr>" + "".join(rows) + "</table>")
    return _save(fig, out_dir, "energy_settling"), table


def build(json_dir, out_dir):
    data = _load(json_dir)
    if data is None:
        return ""
    os.makedirs(out_dir, exist_ok=True)
    runs = data["runs"]
    by_part = {}
    for r in runs:
        by_part.setdefault(r["part"], []).append(r)
    policy = data["policy"]
    parts = ["<h2>Hamiltonian long-time behaviour: energy drift, phase error, Brouwer's law</h2>",
             "<p>Relative energy error |H(t) - H0|/|H0|, H evaluated in a wider scalar than the run's (float128 for "
             "double runs) at log-spaced times; in each of "
             f"{policy['bins_per_decade']} bins per decade of steps the maximum over {policy['probes_per_bin']} probes, "
             "and the envelope = running maximum of those. Growth exponent: " + html.escape(policy["fit"]) +
             "; uncertainty: " + html.escape(policy["uncertainty"]) + ". Classes: " + html.escape(policy["classes"]) +
             f" (boundaries {policy['bounded_below']}, {policy['random_walk_below']}, {policy['linear_below']}: "
             "the midpoints between the models 0, 1/2, 1, 2).</p>"]
    for problem in ("kepler", "outer-solar-system"):
        if problem in by_part:
            src = _growth_figure(by_part[problem], problem, out_dir)
            parts.append(_figure(src, f"{problem}: energy error against t, log-log. Symplectic methods stay on a "
                                      "plateau (bounded); Runge-Kutta methods drift linearly. Dashed: eps (t/h)^(1/2), "
                                      "the round-off random walk (Brouwer's law); dotted: eps. A red x: blow-up."))
    parts.append("<h3>Growth exponents and classes</h3>" + _growth_table(runs))
    if "compensation" in by_part:
        src = _compensation_figure(by_part["compensation"], out_dir)
        parts.append("<h3>Compensated summation over 10<sup>7</sup> steps</h3>" +
                     _figure(src, "Kepler over 10^7 steps with the plain update y + d and with a Kahan-compensated one. "
                                  "Velocity Verlet at h = 1/100: its energy error is its bounded O(h^2) truncation error, "
                                  "which hides the round-off, but its angular momentum (exact in exact arithmetic for "
                                  "a central force) is round-off alone; yoshida4 at h = 1/10000 has a truncation error below the "
                                  "round-off, so the curves show how the round-off itself grows."))
    if "harmonic" in by_part:
        src = _harmonic_figure(by_part["harmonic"], out_dir)
        parts.append("<h3>Why does RK4 lose energy? The prediction from the method</h3>"
                     "<p>On x'' = -x a Runge-Kutta step is y<sub>n+1</sub> = R(hA) y<sub>n</sub> with R the stability "
                     "polynomial R(z) = 1 + z b<sup>T</sup>(I - zA)<sup>-1</sup>1, exact from the tableau. A is skew, so "
                     "H<sub>n</sub> = |R(ih)|<sup>2n</sup> H<sub>0</sub>: for RK4 |R(ih)|<sup>2</sup> = 1 - h<sup>6</sup>/72 "
                     "+ h<sup>8</sup>/576 &lt; 1, a loss of energy at every step, for explicit Euler 1 + h<sup>2</sup> &gt; 1, "
                     "a gain. A splitting method's step is a 2x2 matrix M of determinant 1 (symplectic): the energy "
                     "oscillates on an ellipse and never drifts.</p>" +
                     _figure(src, "Harmonic oscillator at h = 1/10: markers measured, lines predicted from the method's "
                                  "coefficients alone.") + _harmonic_table(by_part["harmonic"]))
    if "fixed-work" in by_part:
        src, table = _fixed_work(by_part["fixed-work"], out_dir)
        parts.append("<h3>Energy error at fixed work</h3>" +
                     _figure(src, "Kepler to t = 1000 with the same number of right-hand-side (force) evaluations per "
                                  "unit time for every method: h proportional to the evaluations per step.") + table)
    for i, exp in enumerate(data.get("seed_experiments", [])):
        src = _seed_figure(exp, i, out_dir)
        parts.append(f"<h3>Seed experiment: {html.escape(exp['problem'])}, dt = {html.escape(exp['dt'])}</h3>"
                     f"<p>The article: {html.escape(exp['article_claim'])}.</p>" +
                     _figure(src, "Trajectory and energy against the exact solution (grey).") + _seed_table(exp))
    if "settling" in data:
        src, table = _settling(data["settling"], out_dir)
        s = data["settling"]
        parts.append("<h3>When does the damped spring stop?</h3>"
                     f"<p>{html.escape(s['definition'])}. {html.escape(s['prediction'])}. The exact solution settles "
                     f"at {s['exact_settle_time']:.2f} s. Source of the reader's numbers: "
                     f"{html.escape(s['reader_reported']['source'])}.</p>" +
                     _figure(src, "Settle time against dt: the amplitude decays by the method's spectral radius per step; "
                                  "where that is smaller than the exact e^(-b dt/2) the spring stops early.") + table)
    return "\n".join(parts)
