"""Research adapters: crisis titles as environments for reinforcement learning and search.

* :mod:`crisis.rl.pettingzoo`: a PettingZoo AEC environment, ``env(title=..., players=...)``;
* :mod:`crisis.rl.gymnasium`: a single-agent Gymnasium environment against crisis bots,
  registered as ``crisis/<Title>-v0`` for every title (``crisis/TimeOfCrisis-v0``,
  ``crisis/RomeInCrisis-v0``);
* :mod:`crisis.rl.openspiel`: the titles as OpenSpiel games with explicit chance nodes,
  ``pyspiel.load_game("crisis_time_of_crisis")`` (or ``crisis_rome_in_crisis``) after
  ``import crisis.rl.openspiel``;
* :mod:`crisis.rl.encoding`: the title-agnostic action ids, masks and observations they share,
  the default episode limit (``DEFAULT_MAX_STEPS``) and the scoring of a game cut short
  (``truncated_result``), the same in every adapter;
* :mod:`crisis.rl.recall`: each player's own decisions for OpenSpiel's perfect-recall
  information state.

``examples/maskable_ppo.py`` (sb3-contrib) and ``examples/openspiel_ismcts.py`` (OpenSpiel's
ISMCTSBot) run on them without adapter code.

The adapters need the ``rl`` extra (``pip install -e '.[rl]'``); ``python -m crisis.rl.bench``
prints their speed. The docs' Research API pages (docs/research/) describe them.
"""
