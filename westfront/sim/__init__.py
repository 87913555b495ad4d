"""Batch games: tournaments between agents and balance simulations, run on a
local process pool or a Ray cluster (docs/simulation.md)."""
