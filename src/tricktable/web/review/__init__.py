"""Hints, reviews and replays: the jobs, who may see what, and their storage."""
