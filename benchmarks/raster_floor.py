"""The floor of a picture export: a PDF's pages rasterised with pypdfium2 and saved as PNG by
Pillow, nothing else (no deck, no checks, no names). `bench_fixed_costs.py` runs it as a fresh
process beside the pugdeck command that writes the same pictures.

    python benchmarks/raster_floor.py PDF OUT --pages 0,2,4 --dpi 300
    python benchmarks/raster_floor.py PDF OUT --pages 0,2,4 --size 822x1122

With `--size`, each page is drawn at the scale that gives that width (pdfium rounds each side
up, as a plain script would get it) and saved at whatever size that gives.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import pypdfium2 as pdfium


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pdf", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--pages", required=True, help="zero-based page numbers, comma-separated")
    parser.add_argument("--dpi", type=float, default=300)
    parser.add_argument("--size", help="WIDTHxHEIGHT in pixels, instead of --dpi")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    document = pdfium.PdfDocument(args.pdf.read_bytes())
    width = int(args.size.split("x")[0]) if args.size else None
    for n, index in enumerate(int(p) for p in args.pages.split(",")):
        page = document[index]
        scale = width / page.get_width() if width else args.dpi / 72
        image = page.render(scale=scale).to_pil()
        # The same PNG settings as pugdeck's (zlib level 1, the dpi recorded): the floor
        # differs only in what pugdeck adds around the pictures.
        image.save(args.out / f"{n}.png", "PNG", compress_level=1, dpi=(args.dpi, args.dpi))
        page.close()


if __name__ == "__main__":
    main()
