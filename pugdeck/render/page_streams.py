"""A reportlab canvas that compresses each page as it ends, not when the document is saved.

reportlab keeps every finished page's content stream as text until `save()`, and only then
compresses them all; for a 10,000-card deck that is some 2,200 pages held as text. Encoding
a page when it ends keeps only its compressed bytes (a fifth of the size), so the drawing's
memory grows with the PDF file, not with the text behind it.

The bytes written are the ones reportlab would write: the same filters (Flate, and ASCII85
first when `rl_config.useA85` is on) applied to the same text under the same `/Filter`
entry, and objects are still numbered when the document is formatted
(tests/render/test_page_streams.py compares the two byte for byte).
"""

from __future__ import annotations

from reportlab import rl_config
from reportlab.pdfbase.pdfdoc import PDFArray, PDFBase85Encode, PDFDictionary, PDFName, PDFStream, PDFZCompress
from reportlab.pdfgen.canvas import Canvas


class StreamingCanvas(Canvas):
    """`Canvas` that, with `pageCompression`, encodes each page's stream at `showPage`."""

    def showPage(self) -> None:
        super().showPage()
        page = self._doc.Pages.pages[-1]
        if not page.compression or page.Contents or not page.stream:
            return
        # What PDFPage.check_format and PDFStream.format would do at save, done now; with
        # the filters already named, PDFStream.format leaves the content as it is.
        filters = [PDFBase85Encode, PDFZCompress] if rl_config.useA85 else [PDFZCompress]
        content = page.stream
        for encoding in reversed(filters):
            content = encoding.encode(content)
        names = PDFArray([PDFName(encoding.pdfname) for encoding in filters])
        page.Contents = PDFStream(PDFDictionary({"Filter": names}), content)
        page.Contents.__Comment__ = "page stream"
        page.stream = None
