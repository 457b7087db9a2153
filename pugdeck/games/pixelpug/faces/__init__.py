"""PixelPug on paper: card faces and backs as shapes (`card_faces`), and the print run the
generic PDF writer draws (`print_run`)."""
