"""Golden games: recorded play that a refactor must reproduce exactly.

A golden game is its scenario, options, seed and action list, plus what a
player could observe along the way: after every action a digest of each side's
view, the spectator's view, the prompt, the player to move and the legal action
texts, folded into one running chain. Checkpoints of that chain every
``CHECK_EVERY`` actions locate a divergence without storing megabytes.

The state hash (``g``'s digest) is deliberately *not* compared: a change of the
state's internal layout is allowed, a change of what anybody sees is not.

Record with ``python -m westfront.testing.golden record`` (see ``main``); the
tests in ``tests/golden`` replay every file under ``tests/golden/data``.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import api
from ..core.state import State, canonical_json

CHECK_EVERY = 50
FORMAT = "westfront-golden/1"


def observation_digest(s: State) -> str:
    """What anybody could observe now: every view, the prompt, the mover and the legal actions."""
    parts: list[Any] = [s.current_player(), s.prompt(), [str(a) for a in s.legal_actions()]]
    for side in (*s.INFO.players, None):
        parts.append(s.view(side))
    return hashlib.sha256(canonical_json(parts).encode()).hexdigest()[:24]


def fold(chain: str, digest: str) -> str:
    return hashlib.sha256((chain + digest).encode()).hexdigest()[:24]


@dataclass
class Trace:
    chain: str
    checkpoints: list[str]
    result: dict[str, Any] | None


def trace(s: State, actions: list[str] | None = None, choose: Any = None, cap: int = 30_000) -> tuple[Trace, list[str]]:
    """Play ``actions`` (or let ``choose(s)`` pick) from ``s``, folding observations after every action."""
    chain = fold("", observation_digest(s))
    checkpoints: list[str] = []
    played: list[str] = []
    i = 0
    while not s.is_terminal() and i < cap:
        if actions is not None:
            if i >= len(actions):
                break
            text = actions[i]
        else:
            text = str(choose(s))
        s.apply(text)
        played.append(text)
        i += 1
        chain = fold(chain, observation_digest(s))
        if i % CHECK_EVERY == 0:
            checkpoints.append(chain)
    r = s.result()
    return Trace(chain, checkpoints, r.to_dict() if r else None), played


def record_game(game: str, scenario: str, options: dict[str, Any], seed: int, choose_factory: Any,
                cap: int = 30_000, label: str = "random") -> dict[str, Any]:
    s = api.load(game, scenario, options, seed)
    tr, played = trace(s, choose=choose_factory(s, seed), cap=cap)
    return {"game": game, "scenario": scenario, "options": s.options, "seed": seed, "agents": label,
            "actions": played, "chain": tr.chain, "checkpoints": tr.checkpoints, "result": tr.result,
            "final": observation_digest(s)}


def verify_final(rec: dict[str, Any]) -> str | None:
    """The cheap check: replay the actions, compare the result and the final observations only."""
    s = api.load(rec["game"], rec["scenario"], rec["options"], rec["seed"])
    for text in rec["actions"]:
        s.apply(text)
    r = s.result()
    got = r.to_dict() if r else None
    if got != rec["result"]:
        return f"result {got} != recorded {rec['result']} (seed {rec['seed']})"
    if observation_digest(s) != rec["final"]:
        return f"final observations differ (seed {rec['seed']})"
    return None


def verify_game(rec: dict[str, Any]) -> str | None:
    """Replay a recorded game checking every action's observations; None when it matches."""
    s = api.load(rec["game"], rec["scenario"], rec["options"], rec["seed"])
    tr, _ = trace(s, actions=rec["actions"])
    for k, (want, got) in enumerate(zip(rec["checkpoints"], tr.checkpoints, strict=False)):
        if want != got:
            lo = k * CHECK_EVERY
            return f"observations diverge between actions {lo} and {lo + CHECK_EVERY} (seed {rec['seed']})"
    if tr.chain != rec["chain"]:
        return f"observations diverge in the last {len(rec['actions']) % CHECK_EVERY} actions (seed {rec['seed']})"
    if tr.result != rec["result"]:
        return f"result {tr.result} != recorded {rec['result']} (seed {rec['seed']})"
    return None


def random_chooser(s: State, seed: int) -> Any:
    rnd = random.Random(seed * 7919 + 1)
    return lambda st: rnd.choice(st.legal_actions())


def agent_chooser(specs: dict[str, str]) -> Any:
    def factory(s: State, seed: int) -> Any:
        from ..ai import get_agent

        agents = {side: get_agent(spec, seed=seed + i) for i, (side, spec) in enumerate(specs.items())}
        return lambda st: agents[st.current_player()].choose(st, st.current_player())

    return factory


def variants(game: str) -> list[tuple[str, dict[str, Any]]]:
    """Every scenario with default options, then each option switched on/through its choices."""
    info = api.registry.info(game)
    out: list[tuple[str, dict[str, Any]]] = [(sc.id, {}) for sc in info.scenarios]
    first = info.scenarios[0].id
    for o in info.options:
        values = o.choices if o.choices is not None else (not o.default,)
        for v in values:
            if v != o.default:
                out.append((first, {o.id: v}))
    return out


def save(path: Path, records: list[dict[str, Any]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    doc = {"format": FORMAT, "games": records}
    with gzip.open(path, "wt", encoding="utf-8") as fh:
        json.dump(doc, fh, separators=(",", ":"))


def load(path: Path) -> list[dict[str, Any]]:
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        doc = json.load(fh)
    if doc.get("format") != FORMAT:
        raise ValueError(f"{path} is not a {FORMAT} file")
    return list(doc["games"])


def record(game: str, out: Path, n_random: int = 50, agent_games: int = 2) -> list[dict[str, Any]]:
    recs: list[dict[str, Any]] = []
    vs = variants(game)
    for k in range(n_random):
        scenario, options = vs[k % len(vs)]
        recs.append(record_game(game, scenario, options, 1000 + k, random_chooser))
    players = api.registry.info(game).players
    for k in range(agent_games):
        specs = dict.fromkeys(players, "heuristic")
        recs.append(record_game(game, vs[0][0], {}, 2000 + k, agent_chooser(specs), label="heuristic"))
    # the AI tests' mixed stretch: a noisy heuristic against a tiny search, 40 decisions
    specs = {players[0]: "easy", players[1]: "mcts@6"}
    recs.append(record_game(game, vs[0][0], {}, 2, agent_chooser(specs), cap=40, label="easy,mcts@6"))
    save(out, recs)
    return recs


def main(argv: list[str]) -> int:
    """``python -m westfront.testing.golden record GAME [GAME...] [--dir DIR] [--n N]``"""
    args = list(argv)
    if not args or args[0] != "record":
        print(main.__doc__)
        return 2
    args = args[1:]
    directory = Path("tests/golden/data")
    n = 50
    if "--dir" in args:
        i = args.index("--dir")
        directory = Path(args[i + 1])
        del args[i:i + 2]
    if "--n" in args:
        i = args.index("--n")
        n = int(args[i + 1])
        del args[i:i + 2]
    for game in args or api.registry.game_ids():
        recs = record(game, directory / f"{game}.json.gz", n_random=n)
        total = sum(len(r["actions"]) for r in recs)
        print(f"{game}: {len(recs)} games, {total} actions")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
