"""The README's small gallery: chosen figures of a built report, scaled down and palette-quantised
to PNGs under the size limit, written to reports/gallery/.

Usage: /usr/bin/python3 scripts/gallery.py REPORT_HTML_DIR OUT_DIR section/stem [section/stem ...]

Each figure is reports' <section>/<stem>.png. A figure missing from the report is an error (the
gallery shows this run's figures or none)."""

from __future__ import annotations

import io
import sys
from pathlib import Path

from PIL import Image

MAX_BYTES = 200 * 1024
MAX_WIDTH = 1100          # px: legible on a README page
COLOURS = 128             # palette size: the figures are line art on white


def shrink(source: Path) -> bytes:
    image = Image.open(source).convert("RGB")
    width = MAX_WIDTH
    while True:
        scaled = image if image.width <= width else image.resize(
            (width, round(image.height * width / image.width)), Image.LANCZOS)
        data = io.BytesIO()
        scaled.quantize(colors=COLOURS, method=Image.MEDIANCUT).save(data, format="PNG", optimize=True)
        if data.tell() <= MAX_BYTES or width < 400:
            return data.getvalue()
        width = int(width * 0.85)


def main(argv: list) -> int:
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    report, out, figures = Path(argv[0]), Path(argv[1]), argv[2:]
    missing = [f for f in figures if not (report / f"{f}.png").is_file()]
    if missing:
        print(f"gallery: not in {report}: {', '.join(missing)} (run make report first)", file=sys.stderr)
        return 2
    out.mkdir(parents=True, exist_ok=True)
    for figure in figures:
        data = shrink(report / f"{figure}.png")
        target = out / (figure.replace("/", "_") + ".png")
        target.write_bytes(data)
        print(f"gallery: {target} ({len(data) // 1024} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
