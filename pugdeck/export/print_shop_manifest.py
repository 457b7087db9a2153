"""The print shops' manifest: `manifest.csv` beside the images, one row per file to upload.

CSV rather than JSON because a person reads it while uploading: a spreadsheet opens it,
sorts it and sums the copies, and each row is one upload (file, how many copies, which back,
which cards). UTF-8 with a byte-order mark, so spreadsheets read card ids in any script.
"""

from __future__ import annotations

import csv
import io

from pugdeck.export.print_shop import ShopImage

COLUMNS = ("side", "file", "copies", "back", "cards")


def manifest_csv(images: list[ShopImage]) -> bytes:
    """Fronts in print order, then the backs; `copies` of a back is how many cards carry it."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(COLUMNS)
    for image in images:
        side = "front" if image.back else "back"
        writer.writerow((side, image.path, image.copies, image.back or "",
                         " ".join(image.cards)))
    return ("\ufeff" + out.getvalue()).encode("utf-8")
