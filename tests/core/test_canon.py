"""The canonical JSON behind every state hash: the fast encoder must write the standard library's bytes."""

from __future__ import annotations

import math
import random
import struct

import pytest

from westfront import api
from westfront.core import canon
from westfront.core.canon import canonical_bytes, canonical_json, digest, slow_canonical_json
from westfront.games import registry


def _floats(n: int) -> list[float]:
    rnd = random.Random(7)
    out = [0.0, -0.0, 1.0, 0.1, 1e-4, 1e-5, 9.999e-5, 1e15, 1e16, 1e17, 123456789012345678.0, 5e-324, 1 / 3, 100.0]
    while len(out) < n:
        x = struct.unpack("d", struct.pack("Q", rnd.getrandbits(64)))[0]
        if not (math.isnan(x) or math.isinf(x)):
            out += [x, rnd.uniform(-1e20, 1e20), rnd.uniform(-1e-3, 1e-3), round(rnd.uniform(-1e3, 1e3), 3)]
    return out


def test_floats_come_out_as_the_standard_library_writes_them():
    for x in _floats(20000):
        assert canonical_json(x) == slow_canonical_json(x), x
        assert canonical_json({"v": [x]}) == slow_canonical_json({"v": [x]})


def test_strings_keys_and_what_orjson_refuses_fall_back_to_the_same_text():
    every_char = "".join(chr(i) for i in range(0x3100)) + "\u2028\u2029\U0001f600"
    rnd = random.Random(3)
    keys = {chr(rnd.randint(32, 0x2000)) + str(i): i for i in range(500)}
    for obj in [every_char, keys, {"é": 1, "e": 2, "Z": [1, {"b": True, "a": None}]}, (1, 2), 2**200, -(2**64),
                {"seed": 2**130 + 5}, {1: "a", 2: "b"}, "\ud800", {"text": "1e5 0.00001"}, [2**63 - 1, -(2**63)]]:
        assert canonical_json(obj) == slow_canonical_json(obj), repr(obj)[:60]


def test_what_neither_encoder_takes_is_refused():
    with pytest.raises(TypeError):
        canonical_json({"x": object()})
    with pytest.raises(TypeError):
        canonical_json({1: "a", "b": 2})  # mixed keys cannot be sorted


@pytest.mark.parametrize("game", registry.game_ids())
def test_random_positions_of_every_game_hash_as_before(game):
    rnd = random.Random(11)
    for seed in (1, 2**130 + 1):  # a chosen seed and a server's secret one (beyond 64 bits)
        s = api.load(game, None, None, seed)
        for _ in range(60):
            if s.is_terminal():
                break
            assert canonical_bytes(s.g) == slow_canonical_json(s.g).encode()
            s.apply(str(rnd.choice(s.legal_actions())))
        assert s.hash() == canon.hashlib.sha256(slow_canonical_json(s.g).encode()).hexdigest()[:32] == digest(s.g)
