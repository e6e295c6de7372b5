"""The Daily: its dates and seeds, the connection rules, ranking, results and verification."""
