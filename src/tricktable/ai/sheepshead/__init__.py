"""Sheepshead's computer players that search: sampling, inference, the solver, strong."""
