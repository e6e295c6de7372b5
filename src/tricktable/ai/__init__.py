"""Computer players and the tools to measure them, for both games."""
