"""A figure's drawing (its SVG, as matplotlib wrote it) against the plotted-data file beside it
(schema orderly.figure-data/1: panels of series with x and y).

The rule: the figure's visible axes, in document order, are the data file's panels, in order
(hidden spare cells of a grid are empty <g id="axes_N"> groups and are skipped). In each axes,
every series of its panel with k >= 1 finite points (x and y finite numbers, and positive on an
axis the data file calls "log") must yield a drawn data element, so an axes holds at least as
many drawn data elements as its panel has such series. A panel with no such series is allowed
only when its data file says why ("empty": the text the axes shows) and the axes shows that text.

A drawn data element is a direct child of the axes group that puts marks on the canvas:
  line2d_*        a line (a <path> whose d has coordinates) or markers (<use> of a marker path);
  *Collection_*   scatter points, contour sets, fills (a path with coordinates or <use>);
  patch_*         a closed path (bars, spans), except the axes background, which matplotlib draws
                  first; spines are open two-point paths and do not count.
Ticks, grid lines, labels and legends sit in their own groups (matplotlib.axis_*, legend_*) and
never count; marker shapes in <defs> are not marks."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

FIGURE_DATA_SCHEMA = "orderly.figure-data/1"

AXES_ID = re.compile(r"axes_\d+")
LINE_ID = re.compile(r"line2d_\d+")
COLLECTION_ID = re.compile(r"[A-Za-z]*Collection_\d+|QuadMesh_\d+")
PATCH_ID = re.compile(r"patch_\d+")
CLOSED_PATH = re.compile(r"[zZ]\s*$")


def _tag(element) -> str:
    return element.tag.rsplit("}", 1)[-1]


def _marks(element) -> bool:
    """Whether this element or one below it (outside <defs>) is a <use> or a path with coordinates."""
    tag = _tag(element)
    if tag == "defs":
        return False
    if tag == "use" or (tag == "path" and any(c.isdigit() for c in element.get("d", ""))):
        return True
    return any(_marks(child) for child in element)


def _closed_shape(element) -> bool:
    return any(_tag(e) == "path" and CLOSED_PATH.search(e.get("d", "")) for e in element.iter())


def is_data_element(element, position: int) -> bool:
    """Whether a direct child of an axes group at this position is a drawn data element."""
    ident = element.get("id", "")
    if LINE_ID.fullmatch(ident) or COLLECTION_ID.fullmatch(ident):
        return _marks(element)
    if PATCH_ID.fullmatch(ident):
        return position > 0 and _closed_shape(element) and _marks(element)
    return False


def visible_axes(root) -> list:
    """The axes groups that hold anything, in document order."""
    return [g for g in root.iter() if _tag(g) == "g" and AXES_ID.fullmatch(g.get("id", "")) and len(g)]


def drawn_elements(axes) -> int:
    return sum(is_data_element(child, i) for i, child in enumerate(axes))


def texts(element) -> list:
    """The text of every <text> element below `element` (matplotlib keeps text as text: svg.fonttype none)."""
    return ["".join(t.itertext()) for t in element.iter() if _tag(t) == "text"]


def _number(value) -> float | None:
    if value is None or isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value) if math.isfinite(value) else None


def finite_points(series: dict, x_log: bool, y_log: bool) -> int:
    xs, ys = series.get("x"), series.get("y")
    if not isinstance(xs, list) or not isinstance(ys, list):
        return 0
    count = 0
    for x, y in zip(xs, ys):
        x, y = _number(x), _number(y)
        if x is not None and y is not None and (not x_log or x > 0) and (not y_log or y > 0):
            count += 1
    return count


def series_with_points(panel: dict, data: dict) -> int:
    """How many series of the panel have at least one finite point on the figure's scales."""
    x_log, y_log = data.get("x_scale") == "log", data.get("y_scale") == "log"
    series = panel.get("series") if isinstance(panel.get("series"), list) else []
    return sum(finite_points(s, x_log, y_log) >= 1 for s in series if isinstance(s, dict))


def check_drawing(label: str, root, data) -> list:
    """The problems of one figure: its SVG root against its data file (parsed JSON)."""
    if not isinstance(data, dict) or data.get("schema") != FIGURE_DATA_SCHEMA:
        return [f"{label}: its data file is not {FIGURE_DATA_SCHEMA}"]
    panels = data.get("panels")
    if not isinstance(panels, list) or not panels:
        return [f"{label}: its data file has no panels"]
    axes = visible_axes(root)
    if len(axes) != len(panels):
        return [f"{label}: {len(axes)} axes drawn, its data file has {len(panels)} panels"]
    problems = []
    for number, (ax, panel) in enumerate(zip(axes, panels), start=1):
        panel = panel if isinstance(panel, dict) else {}
        name = f"{label}: panel {number} '{panel.get('title', '')}'"
        needed, drawn = series_with_points(panel, data), drawn_elements(ax)
        if needed == 0:
            reason = panel.get("empty")
            if not isinstance(reason, str) or not reason.strip():
                problems.append(f"{name}: no finite data and its data file does not say why (no 'empty')")
            elif reason not in texts(ax):
                problems.append(f"{name}: its data file says '{reason}' but the axes does not show it")
        elif drawn < needed:
            problems.append(f"{name}: {drawn} drawn data element(s) for {needed} series with finite points")
    return problems


def parse_svg(path) -> ET.Element:
    return ET.parse(path).getroot()
