"""The arena: computer players against each other by duplicate play, its game adapters, stats."""
