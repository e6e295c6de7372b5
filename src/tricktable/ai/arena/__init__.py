"""The arena: computer players against each other by duplicate play (:mod:`.runner`), the games'
adapters (:mod:`.sheepshead`, :mod:`.spades`) listed in :mod:`.registry`, the types they share
(:mod:`.adapter`), and the statistics (:mod:`.stats`)."""
