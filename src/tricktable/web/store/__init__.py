"""Storage: the database and its migrations, and the operations on players, games and the Daily."""
