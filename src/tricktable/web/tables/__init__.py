"""Tables with friends: several people at one game, computers in the empty seats.

A table is a game with more than one human seat: the same adapters, store and view wall as
:mod:`tricktable.web.games`.  ``store`` keeps tables and seats, ``service`` creates, joins,
starts and plays them, ``hub`` tells every connection (in this process or, over PostgreSQL's
``LISTEN/NOTIFY``, in others) that a table moved, ``presence`` keeps who is connected.
"""
