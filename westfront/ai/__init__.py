"""AI agents. ``get_agent(spec)`` turns "random", "heuristic", "mcts", "easy",
"normal" or "hard" into an agent; every agent implements :class:`Agent`."""

from .base import Agent, RandomAgent, get_agent, register_agent

__all__ = ["Agent", "RandomAgent", "get_agent", "register_agent"]
