"""Ratings: one per account and title, moved by each rated game's end in the transaction that
writes the end (:func:`.rate.rate_end`, handed to the play core as what a game's end settles),
and read by the leaderboards, the tables and the profiles (:mod:`.routes`). Its tables:
:mod:`.schema`.
"""
