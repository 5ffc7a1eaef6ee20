"""Report section for the convergence study (schema orderly.convergence/1).

Per problem: error against h with the study's fitted and declared lines, error against
right-hand-side evaluations, energy error where measured, and the problem's order table. Before
them, what the articles' integrators achieve, in sentences made from the numbers; after them, the
adaptive runs and the energy-error orders. The whole table also goes to order_table.md."""

from __future__ import annotations

from collections import Counter, defaultdict

from ... import model
from ... import numbers as fmt
from ...citations import cite
from ...numbers import finite, safe_name
from .. import Section, register
from . import figures, words
from .runs import SCHEMA, load_runs, preferred_norm, run_key, scalar_key

MAIN_COLUMNS = ["method", "family", "scalar", "norm", "declared", "measured ± uncertainty",
                "error constant", "window (h range)", "verdict", "reason and notes"]
SEED_COLUMNS = ["specimen", "article", "problem", "scalar", "norm", "claimed", "declared",
                "measured ± uncertainty", "window (h range)", "verdict", "reason and notes"]
ADAPTIVE_COLUMNS = ["method", "family", "problem", "scalar", "norm", "tolerances", "error ∝ tol^s",
                    "fixed-step order (primary)", "fixed-step order (embedded)", "notes"]
ENERGY_COLUMNS = ["method", "family", "problem", "scalar", "energy error order ± uncertainty", "notes"]


def _notes(run) -> str:
    notes = words.run_notes(run)
    if run.verdict != "pass" and run.verdict_reason:
        notes.append(run.verdict_reason)
    return "; ".join(notes)


def _measured_cell(run) -> model.Cell:
    return model.Cell(fmt.measured(run.measured, run.uncertainty), words.slopes_tooltip(run))


def _verdict_cell(run) -> model.Cell:
    return model.Cell(run.verdict, words.verdict_tooltip(run), run.verdict)


def main_row(run) -> list:
    return [model.Cell(run.label, run.method_title), model.Cell(run.family), model.Cell(run.scalar),
            model.Cell(run.norm), model.Cell(fmt.order_value(run.declared)), _measured_cell(run),
            model.Cell(fmt.sci(run.error_constant)), model.Cell(words.window_text(run)),
            _verdict_cell(run), model.Cell(_notes(run))]


def seed_row(run) -> list:
    citation = cite((run.seed or {}).get("source"))
    return [model.Cell(run.label, run.method_title), model.Cell(citation.short, citation.full),
            model.Cell(run.problem), model.Cell(run.scalar), model.Cell(run.norm),
            model.Cell(fmt.order_value(run.claimed)), model.Cell(fmt.order_value(run.declared)),
            _measured_cell(run), model.Cell(words.window_text(run)), _verdict_cell(run),
            model.Cell(_notes(run))]


def _fixed_summary(entry) -> str:
    if not isinstance(entry, dict):
        return fmt.DASH
    text = fmt.measured(finite(entry.get("measured_order")), finite(entry.get("order_uncertainty")))
    declared = finite(entry.get("declared_order"))
    return f"{text} (declared {fmt.order_value(declared)})" if declared is not None else text


def adaptive_row(run) -> list:
    tols = [p.x for p in run.adaptive_points]
    adaptive = run.adaptive or {}
    fixed = adaptive.get("fixed_step") if isinstance(adaptive.get("fixed_step"), dict) else {}
    slope = finite(adaptive.get("slope_error_vs_tol"))
    notes = []
    unstable = words.instability_note(run.adaptive_points, "tol")
    if unstable:
        notes.append(unstable)
    rejected = sum(p.rejected or 0 for p in run.adaptive_points)
    accepted = sum(p.accepted or 0 for p in run.adaptive_points)
    if accepted or rejected:
        notes.append(f"{accepted} accepted, {rejected} rejected steps over the sweep")
    cells = [run.label, run.family, run.problem, run.scalar, run.norm,
             f"{fmt.sci(max(tols))} … {fmt.sci(min(tols))} ({len(tols)})" if tols else fmt.DASH,
             f"{slope:.2f}" if slope is not None else fmt.DASH,
             _fixed_summary(fixed.get("primary")), _fixed_summary(fixed.get("embedded")),
             "; ".join(notes)]
    return [model.Cell(c) for c in cells]


def energy_row(run) -> list:
    order = finite(run.energy.get("measured_order"))
    unc = finite(run.energy.get("order_uncertainty"))
    cells = [run.label, run.family, run.problem, run.scalar, fmt.measured(order, unc),
             words.instability_note(run.energy_points) or ""]
    return [model.Cell(c) for c in cells]


def verdict_counts(runs: list) -> str:
    counts = Counter(r.verdict for r in runs if r.points and r.judged and not r.derived)
    parts = [f"{counts[v]} {v}" for v in model.VERDICTS if counts.get(v)]
    parts += [f"{n} {v}" for v, n in sorted(counts.items()) if v not in model.VERDICTS]
    return ", ".join(parts) if parts else "no fixed-step runs"


def policy_text(runs: list) -> str:
    """The verdict rule in words, with the numbers of the policy the study wrote into its JSON."""
    policy = next((r.policy for r in runs if r.policy), None)
    if not policy:
        return ("Verdicts are the study's: pass, fail, superconvergent or inconclusive, each with "
                "its reason.")
    below, above = finite(policy.get("band_below")), finite(policy.get("band_above"))
    if below is None or above is None:
        return "Verdicts are the study's, under the order policy written into each JSON file."
    return (f"Verdicts are the study's, under the order policy written into each JSON file: a "
            f"measured order within [p − {below:g}, p + {above:g}] of the declared order p passes; "
            f"fail needs the whole uncertainty interval below p − {below:g} with settled local "
            f"slopes; superconvergent needs settled slopes above p + {above:g}, confirmed in a more "
            "precise scalar; anything less certain is inconclusive, with the reason, after the "
            "study has refined within its step budget.")


def seed_findings(runs: list, norm_choice: str) -> list:
    """One bullet per specimen (what it is, its article), one sentence per (problem, scalar)."""
    groups = defaultdict(list)
    for run in runs:
        if run.is_seed and run.points:
            groups[(run.series_key, run.problem, run.scalar)].append(run)
    by_specimen = defaultdict(list)
    for key in sorted(groups, key=lambda k: (k[0], k[1], scalar_key(k[2]))):
        candidates = groups[key]
        norm = preferred_norm(candidates, norm_choice)
        run = next(r for r in candidates if r.norm == norm)
        by_specimen[key[0]].append(run)
    return [model.Bullet(words.seed_header(items[0]), [words.seed_finding(r) for r in items])
            for _, items in sorted(by_specimen.items())]


def reference_text(runs: list) -> str:
    methods, digits = set(), []
    for run in runs:
        ref = run.reference or {}
        if isinstance(ref.get("method"), str) and ref["method"]:
            methods.add(ref["method"])
        d = finite(ref.get("certified_digits"))
        if d is not None:
            digits.append(d)
    if not methods and not digits:
        return "not stated"
    text = ", ".join(sorted(methods)) or "unnamed"
    if digits:
        text += f", at least {min(digits):g} certified digits"
    return text


def _md_cell(cell: model.Cell) -> str:
    return str(cell.text).replace("|", "\\|").replace("\n", " ")


def md_table(table: model.Table) -> str:
    lines = ["| " + " | ".join(table.columns) + " |", "|" + "|".join("---" for _ in table.columns) + "|"]
    lines += ["| " + " | ".join(_md_cell(c) for c in row) + " |" for row in table.rows]
    return "\n".join(lines)


def _draw(problems: list, by_problem: dict, style, context) -> dict:
    work = [(p, by_problem[p], style, context.directory, context.page_prefix) for p in problems]
    if context.jobs > 1 and len(problems) > 1:
        from concurrent.futures import ProcessPoolExecutor
        with ProcessPoolExecutor(max_workers=min(context.jobs, len(problems))) as pool:
            results = list(pool.map(figures.render_problem, *zip(*work)))
    else:
        results = [figures.render_problem(*item) for item in work]
    return dict(zip(problems, results))


def build(documents: list, context) -> model.SectionPage:
    runs = sorted(load_runs(documents), key=run_key)
    fixed = [r for r in runs if r.points]
    problems = sorted({r.problem for r in runs})
    norm_of = {p: preferred_norm([r for r in runs if r.problem == p], context.norm) for p in problems}
    # Figures show one norm per problem; the tables list them all.
    shown = {p: [r for r in runs if r.problem == p and r.norm == norm_of[p]] for p in problems}
    figures_of = _draw(problems, shown, figures.make_style(runs), context)

    blocks = [model.Paragraph(
        f"{len(documents)} runs on {len(problems)} problem(s); fixed-step verdicts: "
        f"{verdict_counts(runs)}. Each run measures a method's error against a certified "
        "reference on a sequence of halved step sizes; the study fits the order over its "
        "asymptotic window and writes the fitted and declared lines the figures draw."),
        model.Paragraph(policy_text(runs))]
    markdown = ["# Orderly convergence study: order table", "",
                f"{len(documents)} runs; fixed-step verdicts: {verdict_counts(runs)}.", "",
                policy_text(runs), ""]

    findings = seed_findings(runs, context.norm)
    seeds = [r for r in fixed if r.is_seed]
    citations = sorted({cite((r.seed or {}).get("source")) for r in seeds}, key=lambda c: c.full)
    if findings:
        seed_table = model.Table(SEED_COLUMNS, [seed_row(r) for r in seeds],
                                 "Every run of the articles' integrators, every norm and scalar: "
                                 "'claimed' is the order the article claims, 'declared' the order "
                                 "Orderly's analysis expects.", collapsed=True)
        blocks += [model.Heading("What the articles' integrators really achieve", "convergence-seeds"),
                   model.Bullets(findings), seed_table]
        markdown += ["## What the articles' integrators really achieve", ""]
        for bullet in findings:
            markdown.append(f"- {bullet.text}")
            markdown += [f"  - {text}" for text in bullet.children]
        markdown += ["", md_table(seed_table), ""]

    others = [r for r in fixed if not r.is_seed]
    for problem in problems:
        blocks.append(model.Heading(problem, f"convergence-{safe_name(problem)}"))
        description = next((r.problem_description for r in runs
                            if r.problem == problem and r.problem_description), "")
        blocks.append(model.Paragraph(
            (description.rstrip(".") + ". " if description else "")
            + f"Reference solution: {reference_text([r for r in runs if r.problem == problem])}. "
            f"Figures show the {norm_of[problem]} norm; the tables list every norm."))
        blocks += figures_of[problem]
        rows = [r for r in others if r.problem == problem]
        if rows:
            main = [r for r in rows if r.norm == norm_of[problem]]
            rest = [r for r in rows if r.norm != norm_of[problem]]
            blocks.append(model.Table(MAIN_COLUMNS, [main_row(r) for r in main],
                                      f"Observed orders on {problem}, norm {norm_of[problem]}. "
                                      "Hover a measured order for its local slopes, a verdict for "
                                      "its reason."))
            if rest:
                blocks.append(model.Table(MAIN_COLUMNS, [main_row(r) for r in rest],
                                          f"Observed orders on {problem} in the other norms",
                                          collapsed=True))
            markdown += [f"## Observed orders: {problem}", "",
                         md_table(model.Table(MAIN_COLUMNS, [main_row(r) for r in rows])), ""]

    adaptive = [r for r in runs if r.adaptive_points]
    if adaptive:
        table = model.Table(ADAPTIVE_COLUMNS, [adaptive_row(r) for r in adaptive],
                            "Tolerance sweeps with step-size control; the fixed-step orders are "
                            "those of the pair's primary and embedded weights.")
        blocks += [model.Heading("Adaptive runs", "convergence-adaptive"), table]
        markdown += ["## Adaptive runs", "", md_table(table), ""]
    energy = [r for r in runs if r.energy_points and r.energy]
    if energy:
        table = model.Table(ENERGY_COLUMNS, [energy_row(r) for r in energy],
                            "Order of the energy (first-integral) error in h.")
        blocks += [model.Heading("Energy error", "convergence-energy"), table]
        markdown += ["## Energy error", "", md_table(table), ""]

    context.directory.mkdir(parents=True, exist_ok=True)
    (context.directory / "order_table.md").write_text("\n".join(markdown), encoding="utf-8")

    grid = [model.GridEntry(method=r.label, family=r.family, problem=r.problem, label=r.scalar,
                            verdict=r.verdict, reason=r.verdict_reason, study="convergence")
            for r in fixed if r.judged and r.norm == norm_of[r.problem]]
    figure_count = sum(len(v) for v in figures_of.values())
    return model.SectionPage(
        title="Convergence orders",
        summary=(f"convergence: {len(documents)} runs on {len(problems)} problems; "
                 f"{verdict_counts(runs)}; {figure_count} figures"),
        blocks=blocks, grid=grid, citations=citations,
        downloads=[("order table (Markdown)", f"{context.page_prefix}/order_table.md")])


register(Section(key="convergence", schemas=(SCHEMA,), order=10, build=build))
