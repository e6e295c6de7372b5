"""tricktable: Sheepshead and two-player Spades, with computer players that play like strong humans."""

__version__ = "0.1.0"
