"""Tools for developing crisis, apart from the product: the fuzzer and the load generator.

Nothing in the engine, the titles, the server or the bots imports this package. The
command line reaches it through ``crisis fuzz`` (:mod:`crisis.devtools.fuzz`: random and
purposeful games with a title's invariants checked after every action) and ``crisis
loadtest`` (:mod:`crisis.devtools.loadtest`: simulated people playing on a server, with
its latency and CPU cost per action). The tests use the load generator's helpers to start
and stop servers.
"""
