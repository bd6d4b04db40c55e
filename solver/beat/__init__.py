"""The Beat solver: venue feasibility, Pulsar Palace, odds and hints (see docs/solver.md)."""
