"""Building: a checked deck → group parameters applied → playability checked → the built deck."""
