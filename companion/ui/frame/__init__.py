"""The frame all screens share: shell, state, theme, formats. Imports: layers below."""
