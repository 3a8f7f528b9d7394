"""The Flet screens: a package per screen or area, the frame, the router."""
