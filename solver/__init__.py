"""Solvers (OR-Tools CP-SAT and exact searches) run by the RQ workers."""
