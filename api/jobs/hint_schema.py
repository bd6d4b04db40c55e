"""What a finished hint job's ``result`` holds: the shared fields and each game's figures.

Documented as the ``HintResult`` component of the OpenAPI document; the job resource
itself answers the result as it is (``JobSchema.result``).  Every field a hint of any
game returns is listed here (a test walks all five games and checks it).
"""

from __future__ import annotations

import marshmallow as ma
from marshmallow import fields


def _doc(text: str) -> dict[str, str]:
    return {"description": text}


class SeatActionRow(ma.Schema):
    seat = fields.Integer(required=True, metadata=_doc("the seat the action is for"))
    action = fields.Dict(required=True, metadata=_doc("postable as it is to .../actions"))


class BeatEstimateSchema(ma.Schema):
    """One move the live Beat hint compared."""

    action = fields.Dict(required=True, metadata=_doc("the move's first action"))
    then = fields.List(fields.Dict(), metadata=_doc("the actions that follow it this turn"))
    label = fields.String(metadata=_doc("the move in plain words, cards by their values"))
    win_share = fields.Float(
        allow_none=True,
        metadata=_doc(
            "share (0 to 1) of the sampled deals the band won after this move; null without samples"
        ),
    )
    wins = fields.Integer(metadata=_doc("sampled deals won"))
    samples = fields.Integer(metadata=_doc("deals sampled from what the seat can see"))


class HintResultSchema(ma.Schema):
    """A hint: the recommended actions, a plain sentence of why, and the figures behind it."""

    # -- every game ----------------------------------------------------------------
    game_id = fields.String(metadata=_doc("the game hinted"))
    version = fields.Integer(metadata=_doc("the game's version the hint was computed at"))
    seat = fields.Integer(metadata=_doc("the seat hinted"))
    actions = fields.List(
        fields.Nested(SeatActionRow),
        required=True,
        metadata=_doc("the recommended actions in order; empty when there is nothing to do"),
    )
    why = fields.String(
        required=True,
        metadata=_doc(
            "one plain sentence: what to do and why, cards by their faces or letters, "
            "chances as percentages; agrees with `actions`"
        ),
    )
    explanation = fields.String(metadata=_doc("the solver's own account, more technical"))
    solver = fields.String(metadata=_doc("tour, Tempo Muse: the method that answered"))
    status = fields.String(metadata=_doc("overdrive, tour: CP-SAT's status (OPTIMAL, FEASIBLE)"))
    # -- The Beat ------------------------------------------------------------------
    samples = fields.Integer(metadata=_doc("beat (live): deals sampled in all"))
    estimate = fields.String(metadata=_doc("beat (live): what `win_share` measures"))
    estimates = fields.Raw(
        metadata=_doc(
            "beat (live): a list of BeatEstimate, the blueprint's move first; beat (puzzle, "
            "Encore): {take, decline} each `feasible`, `infeasible` or `unknown`"
        )
    )
    verdict = fields.String(
        metadata=_doc("beat (puzzle): `feasible` (a winning plan exists), `infeasible`, `unknown`")
    )
    method = fields.String(metadata=_doc("beat (puzzle): the search that decided"))
    plan_round = fields.Dict(metadata=_doc("beat (puzzle): this song's plays of the plan"))
    rounds_left_in_plan = fields.Integer(metadata=_doc("beat (puzzle): songs the plan spans"))
    # -- Composition ---------------------------------------------------------------
    words = fields.List(
        fields.Dict(),
        metadata=_doc(
            "composition (compose): the best plays, highest net first: word, words, net, "
            "score, paid, cards, action, method, breakdown, and familiarity (wordfreq's "
            "Zipf scale of the play's rarest word: 0 unknown, about 7 for the commonest)"
        ),
    )
    best_net = fields.Integer(
        metadata=_doc("composition (compose): the best net score, whichever word is advised")
    )
    exact = fields.Boolean(metadata=_doc("composition: false when the search was cut short"))
    figures = fields.Raw(
        metadata=_doc(
            "composition: in the draft, per card on offer {card, label (the card as players "
            "see it, e.g. 'the N'), best_word, net, gain} (and "
            "a face-down Crescendo's expected_gain); when composing, the search's counts"
        )
    )
    # -- Overdrive -----------------------------------------------------------------
    value = fields.Float(
        metadata=_doc("overdrive, tour: the plan's worth on the solver's scale of points")
    )
    predicted_gains = fields.Dict(metadata=_doc("overdrive: track gains of the plan"))
    grana_spent = fields.Integer(metadata=_doc("overdrive: Grana the plan spends"))
    net_change = fields.Dict(metadata=_doc("overdrive: gains less Grana spent, per track"))
    breakdown = fields.Raw(
        metadata=_doc(
            "overdrive: [{source, gains, value}] per step; tour: the week's change per "
            "track (fans, fame, cash, hype, ...)"
        )
    )
    timing_ms = fields.Dict(metadata=_doc("overdrive: model build and solve times"))
    opening = fields.List(
        fields.Dict(),
        metadata=_doc(
            "overdrive: the actions played first to reach a new ability level before the "
            "rest of the plan (empty when the plan needs none); they open `actions` too"
        ),
    )
    # -- The tour ------------------------------------------------------------------
    phase = fields.String(metadata=_doc("tour: the sheet's phase hinted"))
    week = fields.Integer(metadata=_doc("tour: the week"))
    sheet = fields.Integer(metadata=_doc("tour: the band sheet hinted"))
    offer_values = fields.Dict(metadata=_doc("tour (offers): expected value per offer index"))
    solve_s = fields.Float(metadata=_doc("tour: CP-SAT's time"))
    objective = fields.Float(metadata=_doc("tour: CP-SAT's objective (points)"))
    staged = fields.List(fields.Integer(), metadata=_doc("tour: indices of the dice staged"))
    hype_spent = fields.Integer(metadata=_doc("tour: hype points spent on the show"))
    jobs = fields.Dict(metadata=_doc("tour: job per die index (merch, flyer, dayjob)"))
    restock = fields.Integer(metadata=_doc("tour: pairs of shirts to restock first"))
    show = fields.Dict(allow_none=True, metadata=_doc("tour: the show this plan plays"))
    headline_valued = fields.Boolean(metadata=_doc("tour: whether headlining was priced in"))
    # -- Tempo Muse ----------------------------------------------------------------
    elapsed_s = fields.Float(metadata=_doc("tempo-muse: the hint's time"))
    cycle_count = fields.Integer(metadata=_doc("tempo-muse: cards to Cycle"))
    place_chance = fields.Float(
        metadata=_doc("tempo-muse: chance (0 to 1) to place the next card this round")
    )
    place_chance_exact = fields.String(metadata=_doc("tempo-muse: the same chance, a fraction"))
    expected_worth = fields.Float(metadata=_doc("tempo-muse: the hand's expected worth after"))
    cycle_exact = fields.Boolean(metadata=_doc("tempo-muse: false when the budget cut sizes"))
    cycle_sizes = fields.Dict(
        metadata=_doc("tempo-muse: per Cycle size {place_chance, expected_worth}; 0 = no Cycle")
    )
    can_place = fields.Boolean(metadata=_doc("tempo-muse (give-back): placing still possible"))
    hand_worth = fields.Integer(metadata=_doc("tempo-muse (give-back): the hand's worth kept"))
    payment_total = fields.Integer(metadata=_doc("tempo-muse (place): the payment's sum"))
