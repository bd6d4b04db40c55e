"""Random legal Beat rounds for the solver's tests, drawn seat by seat (enumerating
every round would be too slow at Rock in the Belt with four seats)."""

from __future__ import annotations

import random

from services.beat import venues as V
from solver.beat import search, sim


def random_decision(spec: sim.Spec, st: sim.State, rng: random.Random) -> dict:
    """One random legal round: each seat's play, the Solo, tunes, Encores taken."""
    k = len(sim.round_songs(spec, st))
    plays, solo_pass = [], False
    for s in range(spec.players):
        opt = rng.choice(search.seat_options(spec, st, s, k))
        if opt is search.PASS:
            solo_pass = True
        else:
            plays.extend(opt)
    ones = sum(1 for p in plays if sim.VALUE[p["card"]] == 1)
    enc = rng.randint(0, ones) if V.encores_allowed(spec.venue) else 0
    dec = {"plays": plays, "encores": enc}
    if solo_pass:
        dec["solo_pass"] = True
    return dec
