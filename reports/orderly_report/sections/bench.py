"""Report section for the speed of Orderly's steppers against Boost.Odeint's (schema
orderly.bench/1, written by benchmarks/bench_table.py under `make bench`): the machine and its load,
then one table per optimisation level.

Tabulates only: every median, spread, ratio, overhead and the worst pair come from the JSON. The
page has this section only when a bench file is given (see __main__'s --bench)."""

from __future__ import annotations

from .. import model
from ..errors import InputError
from ..errors import object_list as _list
from ..numbers import DASH, finite
from . import Section, register

SCHEMA = "orderly.bench/1"
COLUMNS = ["method (odeint stepper)", "problem", "ours ns/step", "odeint ns/step", "ours/odeint",
           "overhead ours", "overhead odeint"]
# Below this many ns a step is written with one decimal, above it in whole ns.
WHOLE_NS_FROM = 1000
KIB = 1024
MIB = KIB * KIB
CACHE_TYPE = {"Data": "d", "Instruction": "i"}   # Google Benchmark's words; "Unified" gets none


def _number(value, where: str, required: bool = False) -> float | None:
    """A finite number, or None for null (or InputError naming the field)."""
    if value is None and not required:
        return None
    x = finite(value)
    if x is None:
        raise InputError(f"{where}: not a finite number")
    return x


def _object(value, where: str) -> dict:
    if not isinstance(value, dict):
        raise InputError(f"{where}: not an object")
    return value


def _text(value) -> str:
    """A JSON string or number as text; a dash for null (never Python's "None" on the page)."""
    return DASH if value is None else str(value)


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def _ns(x: float) -> str:
    return f"{x:.1f}" if x < WHOLE_NS_FROM else f"{x:,.0f}"


def _spread(centre: float, low, high, digits) -> str:
    text = digits(centre)
    return text if low is None or high is None else f"{text} ({digits(low)}–{digits(high)})"


def _ratio_text(x: float) -> str:
    return f"{x:.2f}"


def _load(values) -> str:
    if not isinstance(values, list) or not values:
        return "not recorded"
    return ", ".join(DASH if finite(v) is None else f"{v:.2f}" for v in values)


def _side(pair: dict, side: str, where: str) -> tuple:
    """(ns cell text, overhead text) of one side of a pair."""
    data = _object(pair.get(side), f"{where}: '{side}'")
    ns = _object(data.get("ns_per_step"), f"{where}: '{side}.ns_per_step'")
    median = _number(ns.get("median"), f"{where}: {side}.ns_per_step.median", required=True)
    low = _number(ns.get("min"), f"{where}: {side}.ns_per_step.min")
    high = _number(ns.get("max"), f"{where}: {side}.ns_per_step.max")
    overhead = _number(data.get("overhead"), f"{where}: {side}.overhead")
    return _spread(median, low, high, _ns), DASH if overhead is None else _percent(overhead)


def _pair_title(pair: dict) -> str:
    return f"{_text(pair.get('title') or pair.get('method'))} on {_text(pair.get('problem'))}"


def _pair_target(pair: dict, target: float) -> float:
    """The pair's own target (the run-time-tableau stepper's pairs have theirs), else the document's."""
    own = finite(pair.get("target"))
    return target if own is None else own


def _targets(pairs: list, target: float) -> str:
    """'1.00', or '1.00; 1.15 for the run-time-tableau stepper' when the pairs' targets differ."""
    others = sorted({_pair_target(p, target) for p in pairs} - {target})
    return f"{target:.2f}" + "".join(f"; {t:.2f} for the run-time-tableau stepper" for t in others)


def _count(value) -> str:
    x = finite(value)
    return DASH if x is None else f"{x:g}"


def _percent(fraction: float) -> str:
    text = f"{100 * fraction:.0f}"
    return f"{'0' if text == '-0' else text} %"


def _row(pair: dict, where: str, worst: str | None, above: set) -> tuple:
    """(table row, ratio of the medians) of one pair; above: the pairs the JSON puts above the target."""
    ratio = _object(pair.get("ratio"), f"{where}: 'ratio'")
    of_medians = _number(ratio.get("of_medians"), f"{where}: ratio.of_medians", required=True)
    text = _spread(of_medians, _number(ratio.get("min"), f"{where}: ratio.min"),
                   _number(ratio.get("max"), f"{where}: ratio.max"), _ratio_text)
    if pair.get("name") == worst:
        text += ", worst"
    ours_ns, ours_overhead = _side(pair, "ours", where)
    odeint_ns, odeint_overhead = _side(pair, "odeint", where)
    hover = (f"right-hand side: {_text(pair.get('rhs'))}; evaluations per step: ours "
             f"{_count(pair['ours'].get('rhs_per_step'))}, odeint {_count(pair['odeint'].get('rhs_per_step'))}")
    row = [model.Cell(_text(pair.get("title") or pair.get("method"))), model.Cell(_text(pair.get("problem"))),
           model.Cell(ours_ns), model.Cell(odeint_ns),
           model.Cell(text, "ratio of the medians; in brackets the extremes over every pairing of a "
                            "repetition of ours with one of odeint's",
                      "fail" if pair.get("name") in above else "pass"),
           model.Cell(ours_overhead, hover), model.Cell(odeint_overhead, hover)]
    return row, of_medians


def _caches(caches) -> str:
    parts = []
    for cache in caches if isinstance(caches, list) else []:
        size = finite(cache.get("size")) if isinstance(cache, dict) else None
        if size is None:
            continue
        amount = f"{size / MIB:g} MiB" if size >= MIB else f"{size / KIB:g} KiB"
        parts.append(f"L{_text(cache.get('level'))}{CACHE_TYPE.get(cache.get('type'), '')} {amount}")
    return ", ".join(parts)


def _machine(data: dict, levels: list) -> model.Paragraph:
    context = levels[0].get("context") if levels and isinstance(levels[0].get("context"), dict) else {}
    cpus, mhz = context.get("num_cpus"), finite(context.get("mhz_per_cpu"))
    words = [f"{_text(cpus)} CPUs"
             + (f" at {mhz:,.0f} MHz" if mhz is not None else "")]
    if isinstance(context.get("cpu_scaling_enabled"), bool):
        words[0] += f" (frequency scaling {'on' if context['cpu_scaling_enabled'] else 'off'})"
    if _caches(context.get("caches")):
        words.append("caches " + _caches(context.get("caches")))
    if context.get("compiler"):
        words.append(f"compiler {context['compiler']}")
    return model.Paragraph(
        f"One machine, one run{', started ' + str(context['date']) if context.get('date') else ''}: "
        + "; ".join(words) + ". Load average (1, 5, 15 minutes): "
        f"{_load(data.get('load_before'))} before the runs, {_load(data.get('load_after'))} after; "
        "a load near the CPU count means the runs shared the machine.")


def _level_blocks(level: dict, where: str, target: float, clock: str) -> tuple:
    """(blocks, pairs, "-O3 1.23": the level's worst ratio) of one optimisation level."""
    name = _text(level.get("level"))
    worst = level.get("worst") if isinstance(level.get("worst"), dict) else {}
    worst_ratio = _number(worst.get("ratio"), f"{where}: worst.ratio")
    pairs = _list(level, "pairs", where)
    by_name = {p.get("name"): p for p in pairs}
    above = [n for n in level.get("above_target") or [] if n in by_name]
    rows, ratios = [], {}
    for i, pair in enumerate(pairs):
        row, ratios[pair.get("name")] = _row(pair, f"{where}: pairs[{i}]", worst.get("pair"), set(above))
        rows.append(row)
    words = []
    if worst_ratio is not None:
        pair = by_name.get(worst.get("pair"), {"title": _text(worst.get("pair"))})
        words.append(f"Worst ours/odeint {worst_ratio:.2f}: {_pair_title(pair)}.")
    words.append("Above the target: " + "; ".join(f"{_pair_title(by_name[n])} ({ratios[n]:.2f} > "
                                                  f"{_pair_target(by_name[n], target):.2f})" for n in above)
                 + "." if above else f"No pair above its target ({_targets(pairs, target)}).")
    flags = level.get("flags")
    if isinstance(flags, list) and flags:
        words.append(f"Compiled with {' '.join(map(_text, flags))} (the last -O is in effect).")
    rhs = [(_text(r.get("name")), finite(r["ns"].get("median") if isinstance(r.get("ns"), dict) else None))
           for r in level.get("right_hand_sides") or [] if isinstance(r, dict)]
    if rhs:
        words.append("Right-hand side alone, ns per evaluation: "
                     + ", ".join(f"{n} {DASH if x is None else _ns(x)}" for n, x in rhs) + ".")
    caption = (f"ns per step: {clock}. Median of {_count(level.get('repetitions'))} interleaved repetitions, "
               "their minimum–maximum in brackets. ours/odeint: the ratio of the medians, in brackets the "
               "extremes over every pairing of a repetition of ours with one of odeint's (the order is "
               f"shuffled, so no two repetitions ran as a pair); red where it reads above the pair's target "
               f"({_targets(pairs, target)}), green elsewhere, the level's worst marked. Overhead: a step's time beyond its "
               "right-hand-side evaluations (evaluations per step × the right-hand side's ns per evaluation, "
               "timed alone). One machine's figures on one run: compare runs on the same machine, not across "
               "machines.")
    blocks = [model.Heading(name, "bench-" + name.lstrip("-")), model.Paragraph(" ".join(words)),
              model.Table(COLUMNS, rows, caption)]
    return blocks, len(rows), f"{name} {DASH if worst_ratio is None else f'{worst_ratio:.2f}'}"


def build(documents: list, context) -> model.SectionPage:
    blocks, pair_count, level_count, worsts = [], 0, 0, []
    for document in documents:
        data, where = document.data, document.name
        levels = _list(data, "levels", where)
        target = _number(data.get("target_ratio"), f"{where}: target_ratio", required=True)
        clock = data.get("clock")
        if not isinstance(clock, str) or not clock:
            raise InputError(f"{where}: 'clock' does not say what was timed")
        blocks.append(_machine(data, levels))
        for i, level in enumerate(levels):
            level_blocks, pairs, worst = _level_blocks(level, f"{where}: levels[{i}]", target, clock)
            blocks += level_blocks
            pair_count += pairs
            worsts.append(worst)
        level_count += len(levels)
    return model.SectionPage(
        title="Speed against odeint",
        summary=(f"bench: {_plural(level_count, 'level')}, {_plural(pair_count, 'pair')}; worst ours/odeint "
                 + ", ".join(worsts)),
        blocks=blocks)


register(Section(key="bench", schemas=(SCHEMA,), order=70, build=build))
