"""The Flet web client as we ship it: fonts, Rive stub, service worker. Imports: nothing of ours."""
