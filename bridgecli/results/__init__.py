"""Scoring many results at once: result lines (:mod:`.line_scores`), every board of a file
(:mod:`.boards`) and whole events (:mod:`.event`), the library behind ``bridgecli score``;
rubber, Chicago and variant sessions kept from what was played (:mod:`.rubber_sessions`,
behind ``bridgecli rubber``).

Import what you need from the package top (``bc.score_lines``, ``bc.score_boards``,
``bc.score_event``); this package itself loads nothing.
"""
