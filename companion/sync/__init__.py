"""Phones following one phone's match live, below the screens. No Flet."""
