"""Print-and-play output: templates → card layouts (plain positioned shapes) → PDF pages.

`layout` modules turn a card into shapes in card coordinates; `sheets` places cards on
pages with crop marks and duplex backs, `fold` beside their fronts for fold-and-glue;
`pdf` draws both with reportlab; `calibration` is the duplex test sheet. One layout feeds
every writer, and tests check geometry on the shapes without parsing a PDF.
"""
