"""Teaching: one evaluation of a decision behind hints, reviews and the computers' reasons."""
