"""Tools for testing games: the fuzz harness, rule coverage, benchmarks."""
