"""Pug You! on paper: question cards (`card_faces`), the back, turd and reference cards
(`other_faces`), the dogs (`portraits`) and icons (`icons`), and the print run the generic
PDF writer draws (`print_run`)."""
