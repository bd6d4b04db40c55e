"""Developer tools run from a checkout (doc generators, calibration runs); not rules, not
served, not in the wheel."""
