"""The play of the cards (Laws 41-71): positions, and recorded plays replayed.

:mod:`~bridgecli.core.play.state` holds the position, :class:`PlayState` (an immutable
value: ``state.play(card)`` returns the next one or raises), the trick rules as data
(:class:`PlayRules`, :data:`BRIDGE`, :data:`TWO_HANDED`) and :func:`trick_winner`;
:mod:`~bridgecli.core.play.replay` checks a recorded play (:func:`replay_board`,
:func:`replay_cards`, :class:`Replay`); :mod:`~bridgecli.core.play.batch` replays many
regular records at once with numpy (imported only by the callers that batch). The rules
themselves are the kernel's (:mod:`bridgecli.core.kernel`).
"""

from __future__ import annotations

from .replay import (
    Replay,
    contract_of,
    end_position,
    replay_board,
    replay_cards,
    replay_indices,
    revoke_transfer,
    state_after,
)
from .state import BRIDGE, PLAY_RULES, REASONS, TWO_HANDED, PlayRules, PlayState, Trick, trick_winner

__all__ = [
    "BRIDGE", "PLAY_RULES", "REASONS", "TWO_HANDED", "PlayRules", "PlayState", "Replay", "Trick", "contract_of",
    "end_position", "replay_board", "replay_cards", "replay_indices", "revoke_transfer", "state_after", "trick_winner",
]
