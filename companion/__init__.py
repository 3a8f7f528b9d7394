"""Card Table Companion: scorekeeping for Crazy Eights, Vändåtta and Uno."""
