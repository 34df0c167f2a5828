"""The play core: the live tables of this process and everything done to them.

- :mod:`.hall`: :class:`~.hall.Hall`, the one place a move is applied and written (through
  the store's one move writer), then broadcast and published as an event.
- :mod:`.table`: one table in memory (:class:`~.table.Live`) and what its watchers get.
- :mod:`.events`: what the hall publishes (a move, a turn begun, a game's end, a seat that
  changed hands, the clock's look); the mail subscribes.
- :mod:`.bots`, :mod:`.following`, :mod:`.clock`: the hall's parts: the bots' turns, keeping
  in step with the site's other processes, the clock of games over days.
- :mod:`.sockets`: the websocket a table page holds; :mod:`.site`: this process among the
  site's processes; :mod:`.workers`: the processes bots and hints think in.

It knows nothing of mail, accounts or ratings: they subscribe to its events, or (a rated
game's end) hand it what to write in the end's own transaction.
"""
