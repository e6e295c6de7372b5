"""Learn to play: short lessons on fixed deals, played through the real engine.

:mod:`.lessons` holds the lessons as data, :mod:`.runner` replays a lesson's moves through
:class:`~tricktable.sheepshead.state.HandState` and words what happens; :mod:`.spades_lessons`
and :mod:`.spades_runner` do the same for two-player Spades; :mod:`.routes` serves
the page ``/learn`` and ``GET /api/learn``, ``GET /api/learn/{lesson}``.
"""
