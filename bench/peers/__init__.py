"""Peers: the same bare app as a floor, built by Flet's own tools (`flet publish`),
as any other Flet developer would ship it."""
