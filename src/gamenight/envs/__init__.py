"""Reinforcement-learning adapters for every gamenight game (the optional ``rl`` extra).

- `gamenight.envs.pettingzoo`: PettingZoo AEC environments (and registry ids);
- `gamenight.envs.parallel`: PettingZoo Parallel environments (simultaneous steps);
- `gamenight.envs.openspiel`: OpenSpiel Python games ``gamenight_<game>``;
- `gamenight.envs.gym`: single-seat Gymnasium environments against bots.

Each is imported on its own, so a script pays only for the library it uses. A game needs
only its observation encoder (``games/<game>/observation.py``, see `encoding`) to get them
all; ``docs/rl.md`` tells how to use them.
"""
