"""Two-player Spades' computer players that search: sampling, inference, the solver, strong."""
