"""A blueprint band policy for live Beat: each seat decides from what it may see.

The live hint (:mod:`solver.beat.live`) searches on top of this policy: it rolls
the venue out with every seat following the blueprint, and the bots in open seats
play the hint.  A blueprint decision reads only one seat's information
(:class:`~solver.beat.blueprint.seat_view.Seen`): its own hand, every Stage Area,
the songs and events in play (Warken: the difficulty only for the Solo player), the
counted results, deck counts and what the bandmates already signalled this round.
It never reads another seat's hand or a deck order.

The modules, in the order a decision uses them:

- :mod:`.seat_view` -- what a seat knows (``Seen``) and a bandmate's signal (``Signal``);
- :mod:`.result_value` -- what each result of a song is worth (chance to still win);
- :mod:`.mate_values` -- the bandmates' card values as distributions;
- :mod:`.song_value` -- the expected utility of this seat's card(s) on a song, the
  closer (last bandmate to play) answering its signal;
- :mod:`.middle` -- the first bandmate between this seat and the closer answering its
  signal (3-4 seats);
- :mod:`.signal_rules` -- which signal a card gets, shared by the giver and the reader;
- :mod:`.conventions` -- the signal a seat gives on its card and what it tells;
- :mod:`.choice` -- the options, scored, and the chosen move with its signal;
- :mod:`.encores` -- the Encore decision.
"""

from solver.beat.blueprint.choice import Choice, choose, options, with_signal
from solver.beat.blueprint.conventions import FACE_UP, signal_for
from solver.beat.blueprint.encores import take_encore
from solver.beat.blueprint.mate_values import allowed_values, code_of, values_of
from solver.beat.blueprint.result_value import planned_encores, result_utilities
from solver.beat.blueprint.seat_view import Seen, Signal, closer_of

__all__ = [
    "FACE_UP",
    "Choice",
    "Seen",
    "Signal",
    "allowed_values",
    "choose",
    "closer_of",
    "code_of",
    "options",
    "planned_encores",
    "result_utilities",
    "signal_for",
    "take_encore",
    "values_of",
    "with_signal",
]
