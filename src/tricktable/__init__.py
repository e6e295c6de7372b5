"""tricktable: Sheepshead and two-player Spades against computer players that play well."""

__version__ = "0.1.0"
