"""Boolean helpers over a CP-SAT model: each returns a fresh literal tied both ways."""

from __future__ import annotations

from typing import Any

from ortools.sat.python import cp_model


def reify(model: cp_model.CpModel, holds: Any, otherwise: Any) -> cp_model.IntVar:
    """A Boolean b with b => ``holds`` and not b => ``otherwise`` (two linear constraints)."""
    flag = model.new_bool_var("")
    model.add(holds).only_enforce_if(flag)
    model.add(otherwise).only_enforce_if(flag.Not())
    return flag


def all_of(model: cp_model.CpModel, literals: list) -> cp_model.IntVar:
    """A Boolean true exactly when every literal is."""
    flag = model.new_bool_var("")
    model.add_bool_and(literals).only_enforce_if(flag)
    model.add_bool_or([literal.Not() for literal in literals]).only_enforce_if(flag.Not())
    return flag
