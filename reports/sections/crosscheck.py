"""Report section for the odeint cross-check (schema orderly.crosscheck/1, file crosscheck.json)
and odeint's declared-against-measured orders (schema orderly.odeint-orders/1, odeint_orders.json).

build(json_dir, out_dir) -> HTML fragment. Tables only; every number comes from the JSON."""
import html
import json
import os


def _load(json_dir, name, schema):
    path = os.path.join(json_dir, name)
    if not os.path.exists(path):
        return None
    with open(path) as f:
        data = json.load(f)
    if data.get("schema") != schema:
        raise ValueError(f"{path}: schema {data.get('schema')!r}, expected {schema!r}")
    return data


def _crosscheck_table(data):
    rows = []
    for p in data["pairs"]:
        units = "-" if p["status"] == "not-run" else f"{p['max_difference_roundoff_units']:.3g}"
        rows.append(
            "<tr class='{cls}'><td>{m}</td><td>{s}</td><td>{pr}</td><td>{sc}</td><td>{u}</td><td>{v}</td><td>{r}</td></tr>".format(
                cls=html.escape(p["status"]), m=html.escape(p["method"]), s=html.escape(p["odeint_stepper"]),
                pr=html.escape(p["problem"]), sc=html.escape(p["scalar"]), u=units, v=html.escape(p["status"]),
                r=html.escape(p["reason"])))
    return (
        "<h2>Cross-check against Boost.Odeint</h2>"
        f"<p>Same method, problem, fixed steps and initial state in Orderly and odeint. Difference at step n in units of "
        f"{html.escape(data['roundoff_unit'])}; a pair passes when it stays within "
        f"{data['roundoff_units_bound']:g} units at every step, else the first step where they part is named.</p>"
        "<table><tr><th>Orderly</th><th>odeint</th><th>problem</th><th>scalar</th><th>max diff (round-off units)</th>"
        "<th>verdict</th><th>note</th></tr>" + "".join(rows) + "</table>")


def _orders_table(data):
    rows = []
    for s in data["steppers"]:
        measured = "-" if s["measured_order"] is None else f"{s['measured_order']:.3f} &plusmn; {s['uncertainty']:.3f}"
        slopes = ", ".join(f"{x:.2f}" for x in s["local_slopes"])
        grids = ", ".join(str(p["steps"]) for p in s["points"])
        flag = " <strong>MISMATCH</strong>" if s["mismatch"] else ""
        rows.append(
            f"<tr><td>{html.escape(s['stepper'])}</td><td>{html.escape(s['call'])}</td><td>{html.escape(s['problem'])}</td>"
            f"<td>{s['order_value']}</td><td>{'-' if s['stepper_order_value'] is None else s['stepper_order_value']}</td>"
            f"<td>{'-' if s['error_order_value'] is None else s['error_order_value']}</td><td>{measured}</td>"
            f"<td>{html.escape(s['verdict'])}{flag}</td><td>{grids}</td><td>{slopes}</td></tr>")
    return (
        "<h2>odeint's declared orders against measured orders</h2>"
        f"<p>Final-time error against the certified reference on grids of N steps; measured order = least-squares slope "
        f"over the asymptotic window. A declared order_value matches when the measured order lies within "
        f"[declared &minus; {data['band_below']}, declared + {data['band_above']}] widened by the fit's uncertainty.</p>"
        "<table><tr><th>stepper</th><th>call</th><th>problem</th><th>order_value</th><th>stepper_order_value</th>"
        "<th>error_order_value</th><th>measured</th><th>verdict</th><th>grids N</th><th>local slopes</th></tr>"
        + "".join(rows) + "</table>")


def build(json_dir, out_dir):
    parts = []
    cross = _load(json_dir, "crosscheck.json", "orderly.crosscheck/1")
    if cross is not None:
        parts.append(_crosscheck_table(cross))
    orders = _load(json_dir, "odeint_orders.json", "orderly.odeint-orders/1")
    if orders is not None:
        parts.append(_orders_table(orders))
    return "\n".join(parts)
