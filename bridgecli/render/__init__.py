"""Renderers: core objects to text for people (terminal diagrams, later HTML/SVG).

Renderers are pure: they take a :class:`~bridgecli.core.Board` and options as
arguments and return strings; they never print, open files or read globals.
"""
