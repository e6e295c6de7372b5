"""The pages: the rules page and its facts, and the language markers filled on the way out."""
