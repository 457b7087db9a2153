"""Print-and-play output: templates → card layouts (plain positioned shapes) → PDF pages.

`layout` modules turn a card into shapes in card coordinates; `sheets` places cards on
pages with crop marks and duplex backs; `pdf` draws both with reportlab. One layout feeds
every writer, and tests check geometry on the shapes without parsing a PDF.
"""
