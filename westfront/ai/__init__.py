"""AI agents. ``get_agent(spec)`` turns "random", "heuristic", "easy", "normal", "hard",
"mcts" or "mcts@<iterations>" into an agent; every agent implements :class:`Agent`."""

from . import levels as _levels  # noqa: F401  (registers the named agents)
from .base import Agent, RandomAgent, get_agent, known_agents, register_agent
from .heuristic import HeuristicAgent
from .mcts import MCTSAgent

__all__ = ["Agent", "HeuristicAgent", "MCTSAgent", "RandomAgent", "get_agent", "known_agents", "register_agent"]
