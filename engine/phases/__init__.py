"""Phases as objects: trick play, a dialogue in turn, an exchange (and the game's end).

See :mod:`engine.phases.base` for what a phase answers; each game declares its phases
in its partie's :attr:`~engine.partie.Partie.PHASES`.
"""

from engine.phases.base import PHASE_KINDS, Over, Phase
from engine.phases.dialogue import Dialogue
from engine.phases.exchange import Exchange
from engine.phases.trick import ListHands, TrickPlay, TrickRules, TrickTable

__all__ = ["PHASE_KINDS", "Phase", "Over", "Dialogue", "Exchange", "TrickPlay", "TrickRules", "TrickTable", "ListHands"]
