"""The CP-SAT model of a dealt venue (perfect information), from a round start.

Variables: ``plays[seat, position, song]`` -- the seat plays the ``position``-th card
of its remaining sequence (hand, then draw pile) on that song (songs in play order:
the queue, then the Encores taken).  A card can be played once, and only once it has
been drawn; each active round every seat holding a card plays one per song, so what a
seat has removed is a static count and availability is static but for boundary
cards.  Encores taken make later songs active, so the number of songs is exact.
Songs after the band's last card are played empty, except at Event Horizon and
Entropy Hall, where a round with no card at any seat loses.

One module per job, composed in order by :class:`Model` (``venue_model``):

- ``layout``: the static shape (sequences, hand sizes, songs spanned, Solo options);
- ``setlist``: each song's difficulty (a variable at Event Horizon);
- ``cards``: the play (and staging) variables and each card used once;
- ``rounds``: active rounds, the Solo, and a seat's plays in a one-song round;
- ``rock_in_the_belt``, ``upload_festival``: two-song rounds, forced staging;
- ``song_results``: value counts and each song's result; ``milkyway``: tunes;
- ``song_breaks``: songs broken on purpose (Face Up, Cue);
- ``encores``: Encores taken and songs played, with ``event_horizon`` (recycled
  songs) and ``entropy_hall`` (the early finish);
- ``venue_goals``: result targets and the venue's rule;
- ``committed``: plays already committed this round;
- ``plan_readback``: a solution read back as decisions, or a plan fixed on the model;
- ``logic``: reified Boolean helpers.
"""

from solver.beat.model.venue_model import Model, solve

__all__ = ["Model", "solve"]
