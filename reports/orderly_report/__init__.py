"""Orderly's report: the studies' JSON files to figures, tables and one HTML page.

One section module per JSON schema (sections/), a shared figure style (figure_style.py), one
Jinja2 template (templates/index.html.j2). The studies write every number and line a figure
shows; this package draws and words them, it never fits.

Run: PYTHONPATH=reports /usr/bin/python3 -m orderly_report --input DIR --output DIR
"""
