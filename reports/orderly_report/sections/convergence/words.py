"""Sentences and notes from the study's numbers: what a run's table row says, what each of the
articles' integrators achieves."""

from __future__ import annotations

from collections import Counter

from ... import numbers as fmt
from ...citations import cite
from ...numbers import finite, nearest_order, ordinal, order_value, order_words
from .runs import Run


def window_text(run: Run) -> str:
    w = run.window or {}
    inside = [p for p in run.points if p.in_window]
    h_min, h_max = finite(w.get("h_min")), finite(w.get("h_max"))
    if h_min is None and inside:
        h_min = min(p.x for p in inside)
    if h_max is None and inside:
        h_max = max(p.x for p in inside)
    if h_min is None or h_max is None:
        return "none"
    return f"{fmt.sci(h_min)} … {fmt.sci(h_max)} ({len(inside)} pts)"


def instability_note(points: list, variable: str = "h") -> str | None:
    unstable = [p for p in points if p.unstable]
    if not unstable:
        return None
    smallest = min(unstable, key=lambda p: p.x)
    largest = max(unstable, key=lambda p: p.x)
    first_note = smallest.note or "unstable"
    if len(unstable) == 1:
        return f"unstable at {variable} = {fmt.sci(smallest.x)}: {first_note}"
    return (f"unstable at {len(unstable)} of {len(points)} values of {variable} "
            f"({fmt.sci(smallest.x)} … {fmt.sci(largest.x)}); "
            f"at {variable} = {fmt.sci(smallest.x)}: {first_note}")


def refinement_note(run: Run) -> str | None:
    """The study's refinement within its budget, when it took more than one measurement."""
    attempts = (run.refinement or {}).get("attempts")
    if not isinstance(attempts, list) or len(attempts) < 2:
        return None
    steps = []
    for a in attempts:
        if isinstance(a, dict):
            finest = a.get("finest_steps")
            steps.append(f"{a.get('scalar', '?')} to {finest} steps: {a.get('verdict', '?')}")
    return "refined: " + " → ".join(steps)


def run_notes(run: Run) -> list:
    notes = []
    unstable = instability_note(run.points)
    if unstable:
        notes.append(unstable)
    counts = Counter(p.status for p in run.points)
    zeros = sum(1 for p in run.points if p.error == 0.0 and not p.unstable)
    if zeros:
        notes.append(f"{zeros} point(s) with error exactly 0")
    for status in ("below-reference", "roundoff"):
        if counts.get(status):
            notes.append(f"{counts[status]} point(s) {status}")
    missing = sum(1 for p in run.points if p.error is None and not p.unstable)
    if missing:
        notes.append(f"{missing} point(s) without a finite error")
    refined = refinement_note(run)
    if refined:
        notes.append(refined)
    return notes


def verdict_tooltip(run: Run) -> str:
    code = f" ({run.verdict_code})" if run.verdict_code else ""
    return f"{run.verdict}{code}: {run.verdict_reason}" if run.verdict_reason else run.verdict + code


def slopes_tooltip(run: Run) -> str:
    slopes = [s for s in run.local_slopes if s is not None]
    return "local slopes (coarse to fine): " + ", ".join(f"{s:.2f}" for s in slopes) if slopes else ""


def seed_finding(run: Run) -> str:
    """One plain sentence on what one of the articles' integrators achieves, from the numbers."""
    claimed = run.claimed if run.claimed is not None else run.declared
    where = f"on {run.problem} ({run.scalar}, norm {run.norm})"
    head = f"{run.label}: claimed {order_value(claimed)}, "
    if run.measured is None:
        reason = run.verdict_reason or run.window_reason or "no asymptotic window"
        sentence = head + f"order not measurable {where}: {reason}"
    else:
        sentence = head + f"measured {fmt.measured(run.measured, run.uncertainty)} {where}: "
        k = nearest_order(run.measured)
        claim_judged = claimed is not None and claimed == run.declared
        if claimed is None:
            sentence += f"it is {ordinal(k)} order" if k is not None else f"its order is {run.measured:.2f}"
        elif claim_judged and run.verdict == "pass":
            # The study's verdict is about the claim itself: the words follow it.
            sentence += f"it achieves its claimed {order_words(claimed)}"
        elif claim_judged and run.verdict == "fail":
            sentence += (f"it is {ordinal(k)} order, not {order_words(claimed)} as claimed"
                         if k is not None and k < claimed else
                         f"it falls short of its claimed {order_words(claimed)}")
        elif claim_judged and run.verdict == "superconvergent":
            sentence += (f"it is {ordinal(k)} order here, above its claimed {order_words(claimed)}"
                         if k is not None and k > claimed else
                         f"its order exceeds its claimed {order_words(claimed)}")
        elif claim_judged and run.verdict == "inconclusive":
            sentence += f"the study cannot yet say whether it attains its claimed {order_words(claimed)}"
            if run.verdict_reason:
                sentence += f" ({run.verdict_reason})"
        elif k is not None and k == claimed:
            sentence += f"it is {ordinal(k)} order, as claimed"
        elif k is not None:
            relation = "not" if k < claimed else "above"
            sentence += f"it is {ordinal(k)} order, {relation} {order_words(claimed)} as claimed"
        else:
            relation = "below" if run.measured < claimed else "above"
            sentence += f"its order is {run.measured:.2f}, {relation} the claimed {order_value(claimed)}"
    extras = []
    if run.declared is not None and claimed is not None and run.declared != claimed:
        extras.append(f"Orderly's analysis declares order {order_value(run.declared)}; "
                      f"verdict against that: {run.verdict}")
    unstable = instability_note(run.points)
    if unstable:
        extras.append(unstable)
    text = sentence + "."
    if extras:
        text += " " + "; ".join(extras) + "."
    return text


def seed_header(run: Run) -> str:
    """What the specimen is and which article it comes from, cited by author and title."""
    seed = run.seed or {}
    text = run.label
    if run.method_title and run.method_title != run.method:
        text += f" ({run.method_title})"
    description = seed.get("description")
    if isinstance(description, str) and description.strip():
        text += f": {description.strip().rstrip('.')}."
    else:
        text += "."
    citation = cite(seed.get("source"))
    return text + f" From {citation.full}."
