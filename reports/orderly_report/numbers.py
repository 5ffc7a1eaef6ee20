"""Numbers in words and text: how a measured order, a constant or an ordinal is written."""

from __future__ import annotations

import math
import re

# A measured order within this distance of an integer k is called "k-th order" in sentences;
# further away it is quoted as a decimal. Wording only: verdicts are the study's, from the JSON.
ORDER_NAMING_TOLERANCE = 0.2

DASH = "–"   # a value the study did not give


def finite(value) -> float | None:
    """A JSON number as a finite float; None for null, NaN, infinity or a non-number."""
    if value is None or isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    value = float(value)
    return value if math.isfinite(value) else None


_ORDINALS = ["zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
             "ninth", "tenth", "eleventh", "twelfth"]


def ordinal(k: int) -> str:
    if 0 <= k < len(_ORDINALS):
        return _ORDINALS[k]
    suffix = "th" if 10 <= k % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
    return f"{k}{suffix}"


def order_value(value: float | None) -> str:
    if value is None:
        return DASH
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def order_words(order: float) -> str:
    return f"{ordinal(int(order))} order" if float(order).is_integer() else f"order {order:g}"


def order_decimals(uncertainty: float | None) -> int:
    """Decimals that show a measured order to the precision of its uncertainty (2 to 4)."""
    if uncertainty is None or uncertainty <= 0.0:
        return 2
    return max(2, min(4, -math.floor(math.log10(uncertainty))))


def measured(value: float | None, uncertainty: float | None) -> str:
    if value is None:
        return DASH
    d = order_decimals(uncertainty)
    return f"{value:.{d}f}" if uncertainty is None else f"{value:.{d}f} ± {uncertainty:.{d}f}"


def sci(value: float | None) -> str:
    return DASH if value is None else f"{value:.3g}"


def nearest_order(value: float | None) -> int | None:
    """The integer order a measurement is named after, or None when it is not near one."""
    if value is None:
        return None
    k = round(value)
    return int(k) if abs(value - k) <= ORDER_NAMING_TOLERANCE and k >= 0 else None


def safe_name(text: str) -> str:
    """A file-name and anchor-safe form of a problem or method name."""
    return re.sub(r"[^A-Za-z0-9._-]+", "_", text).strip("_") or "unnamed"
