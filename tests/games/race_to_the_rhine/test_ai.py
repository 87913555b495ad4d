"""AI hooks for every commander seat: strength against random play, speed of `normal`, determinisation."""

from __future__ import annotations

import random
import time

import westfront
from westfront.ai import get_agent
from westfront.games.race_to_the_rhine import ai

from .helpers import game


def play_match(seed: int, hero: str, spec: str = "heuristic") -> str | None:
    s = westfront.load("race-to-the-rhine", options={"players": 2}, seed=seed)
    agents = {c: get_agent(spec if c == hero else "random", seed=seed + (0 if c == hero else 99)) for c in s.seats}
    while not s.is_terminal():
        side = s.current_player()
        s.apply(agents[side].choose(s, side))
    r = s.result()
    assert r is not None
    return r.winner


def test_heuristic_beats_random_in_two_player_games():
    # rttr 14: the Medals decide; the heuristic seat should win at least 90% (both commanders tried)
    results = [play_match(seed, hero) == hero for seed in range(8) for hero in ("patton", "patch_devers")]
    assert sum(results) >= 0.9 * len(results), results


def test_normal_decides_in_under_a_second():
    s = game(4, seed=3)
    agent = get_agent("normal", seed=1)
    rnd = random.Random(3)
    worst = 0.0
    for i in range(60):
        side = s.current_player()
        if i % 6 == 0:
            t = time.perf_counter()
            a = agent.choose(s, side)
            worst = max(worst, time.perf_counter() - t)
        else:
            a = rnd.choice(s.legal_actions())
        s.apply(a)
    assert worst < 1.0


def test_hooks_score_every_action_and_evaluate_in_range():
    s = game(4)
    for side in s.seats:
        assert -1.0 <= ai.evaluate(s, side) <= 1.0
    acts = s.legal_actions()
    assert len(ai.score_actions(s, s.current_player(), acts)) == len(acts)


def test_determinize_reshuffles_only_the_hidden_order():
    s = game(2, seed=4)
    d = ai.determinize(s, "patton", random.Random(1))
    for k, deck in s.g["decks"].items():
        assert sorted(d.g["decks"][k]["draw"]) == sorted(deck["draw"])
        assert d.g["decks"][k]["discard"] == deck["discard"]
    assert any(d.g["decks"][k]["draw"] != s.g["decks"][k]["draw"] for k in s.g["decks"])
    assert {k: v for k, v in d.g.items() if k != "decks"} == {k: v for k, v in s.g.items() if k != "decks"}


def test_statistics_snapshot():
    from westfront.games.race_to_the_rhine.stats import snapshot
    s = game(2)
    s.g["medals"]["patton"] = 2
    snap = snapshot(s)
    assert snap["leader"] == "patton" and snap["patton_medals"] == 2 and snap["patch_devers_supplies_on_corps"] == 18
    assert 0.0 <= snap["patch_devers_progress"] <= 1.0 and "montgomery_medals" not in snap


def test_determinize_keeps_only_the_recon_peek_of_the_searching_side():
    # rttr 11.4 Recon: the commander who looked knows the top cards; for everyone else they stay unseen
    from westfront.testing.kit import play

    from .helpers import turn
    s = game(2, seed=4)
    turn(s, "patton")
    play(s, "recon", "keep")
    assert s.g["recon_known"]["patton"] == 2
    top = s.g["decks"]["axis"]["draw"][:2]
    for k in range(6):
        assert ai.determinize(s, "patton", random.Random(k)).g["decks"]["axis"]["draw"][:2] == top
    others = {tuple(ai.determinize(s, "patch_devers", random.Random(k)).g["decks"]["axis"]["draw"][:2]) for k in range(12)}
    assert len(others) > 1
    s.draw_card("axis")  # a card leaves the top: one fewer known
    assert s.g["recon_known"]["patton"] == 1


def test_mcts_branches_on_card_draws():
    # rttr 11.1 Move Corps: entering an empty space draws a Pursuit card; the search treats the draw as chance,
    # one branch per card it sampled, without peeking at the real deck order
    from westfront.ai import MCTSAgent
    from westfront.core.actions import Action
    from westfront.testing.kit import play

    from .helpers import clear_board, turn
    s = clear_board(game(2, seed=5))
    turn(s, "patton")
    play(s, "move XX-US")
    step = Action.parse("to rennes")
    agent = MCTSAgent(2, iterations=40)
    agent.search(s, "patton", [step], None)
    assert agent.report.visits == {"to rennes": 40}
    assert agent.report.outcomes["to rennes"] > 1  # several Pursuit cards came up in the samples
    stop = Action.parse("stop")
    agent.search(s, "patton", [stop], None)
    assert agent.report.outcomes["stop"] == 1  # no draw, one branch


def test_the_heuristic_keeps_its_victory_space_for_a_crossing():
    # rttr How to win the game: only a Corps that crosses the Rhine into its Victory space wins; entering it by
    # the east-bank road from Karlsruhe takes it without the win, and a space he controls is no crossing target
    # again. The heuristic goes round by Colmar or Mulhouse instead, and its distances count that way.
    from westfront.testing.kit import play

    from .helpers import clear_board, control, path, put, turn

    s = clear_board(game(4))
    route = path(s, "landing_zone", "colmar", "patch_devers")
    control(s, "patch_devers", *route, "karlsruhe")
    put(s, "I-FR", "karlsruhe", fuel=2, ammo=4, food=0)
    turn(s, "patch_devers")
    play(s, "move I-FR")
    acts = s.legal_actions()
    scores = dict(zip((str(a) for a in acts), ai.score_actions(s, "patch_devers", acts), strict=True))
    assert "to freiburg" in scores
    assert scores["to freiburg"] < min(v for k, v in scores.items() if k != "to freiburg")
    d = ai.to_goal(s, "patch_devers")
    g = s.graph
    assert d[g.index["colmar"]] == 1 and d[g.index["karlsruhe"]] > 1  # Karlsruhe is not at the foot of a crossing


# ----- the supply-chain plan (issue 31): the heuristic's Corps used to stall short of the crossing ---------------

def _scores(s, side):
    acts = s.legal_actions()
    return dict(zip((str(a) for a in acts), ai.score_actions(s, side, acts), strict=True))


def _at_the_foot(ammo: int, gap: str | None = None):
    """Patch-Devers' I FR at Colmar, the foot of the Freiburg crossing, the chain whole unless ``gap``."""
    from .helpers import clear_board, control, path, put
    s = clear_board(game(4))
    route = path(s, "landing_zone", "colmar", "patch_devers")
    control(s, "patch_devers", *[x for x in route if x != gap])
    put(s, "I-FR", "colmar", fuel=2, ammo=ammo, food=1)
    return s


def test_the_lead_does_not_cross_with_a_broken_chain():
    # rttr How to win the game: the crossing wins only with an unbroken chain of his own Control markers; taken
    # without it Freiburg is his for good and never a crossing target again. The old heuristic crossed anyway.
    from westfront.testing.kit import play

    from .helpers import turn
    s = _at_the_foot(ammo=5, gap="jura")
    turn(s, "patch_devers")
    play(s, "move I-FR")
    scores = _scores(s, "patch_devers")
    assert scores["to freiburg"] < scores["stop"]


def test_the_lead_waits_at_the_foot_for_the_ammo_of_the_crossing():
    # rttr How to win the game, Freiburg: the Victory space's unit is the harder one (tables.toml
    # harder_near_rhine); with 1 Ammo the Corps would lose the fight and its Ammo, so it stops at the foot,
    # does not spend Fuel moving away, and crosses once the Ammo is there
    from westfront.testing.kit import play

    from .helpers import turn
    s = _at_the_foot(ammo=1)
    turn(s, "patch_devers")
    top = _scores(s, "patch_devers")
    assert top["move I-FR"] < max(v for k, v in top.items() if k != "move I-FR")
    play(s, "move I-FR")
    scores = _scores(s, "patch_devers")
    assert scores["to freiburg"] < scores["stop"]
    s2 = _at_the_foot(ammo=4)
    turn(s2, "patch_devers")
    play(s2, "move I-FR")
    scores = _scores(s2, "patch_devers")
    assert scores["to freiburg"] == max(scores.values())


def test_supplies_are_taken_where_a_truck_reaches_the_lead():
    # rttr Core action: Truck Supplies: a route runs the level's number of links from its source; 1 of each to a
    # small depot (tables.toml [supplies]) one route from the lead beats the Landing Zone 12 links behind it.
    # The old heuristic scored every destination of a take alike.
    from .helpers import clear_board, control, path, put, turn
    s = clear_board(game(4))
    control(s, "patch_devers", *path(s, "landing_zone", "besancon", "patch_devers"), "lons_le_saunier")
    put(s, "I-FR", "besancon", fuel=0, ammo=0, food=1)
    s.g["bases"]["patch_devers"]["landing_zone"] = {"fuel": 0, "ammo": 0, "food": 0}
    turn(s, "patch_devers")
    scores = _scores(s, "patch_devers")
    assert scores["take mixed lons_le_saunier"] > scores["take mixed landing_zone"]


def test_a_truck_route_feeds_the_lead_first():
    # rttr Core action: Truck Supplies: with one route to spend, the source that reaches the lead Corps (nearest
    # its crossing) is worth more than one that reaches a Corps far behind; the old heuristic tied them
    from .helpers import clear_board, control, path, put, turn
    s = clear_board(game(4))
    control(s, "patch_devers", *path(s, "landing_zone", "besancon", "patch_devers"), "lons_le_saunier")
    put(s, "I-FR", "besancon", fuel=0, ammo=0, food=1)
    put(s, "II-FR", "landing_zone", fuel=0, ammo=0, food=1)
    s.g["bases"]["patch_devers"]["lons_le_saunier"] = {"fuel": 1, "ammo": 1, "food": 1}
    s.g["trucks"]["patch_devers"] = 2
    s.touch()
    turn(s, "patch_devers")
    scores = _scores(s, "patch_devers")
    assert scores["truck lons_le_saunier"] > scores["truck landing_zone"]


def test_a_rival_marker_that_cuts_the_chain_is_counter_attacked():
    # rttr 12 (reconstructed): the acting commander may counter-attack a rival's exposed Control marker; one that
    # cuts every chain of his to the crossing is the one to hit, even when that rival trails in the race
    from westfront.games.race_to_the_rhine import plan

    from .helpers import clear_board, control, path
    s = clear_board(game(4))
    route = path(s, "landing_zone", "colmar", "patch_devers")
    control(s, "patch_devers", *route)
    s.g["control"]["besancon"] = "patton"  # off the chain: no blocker
    s.touch()
    assert not plan.blocker(s, "patch_devers", "besancon")
    ctx = ai._Context(s, "patch_devers", {"step": "axis_choice"})
    from westfront.core.actions import act
    old = ctx.v_counter(act("counter", "besancon"))
    control(s, "patton", "draguignan", "toulon")  # the only ways out of the Landing Zone
    assert plan.chain(s, "patch_devers")[2] >= 1 and plan.blocker(s, "patch_devers", "draguignan")
    ctx = ai._Context(s, "patch_devers", {"step": "axis_choice"})
    assert ctx.v_counter(act("counter", "draguignan")) > max(old, 0.5)


def test_the_lead_tries_the_cheaper_cards_when_no_route_can_bring_more_ammo():
    # rttr How to win the game; rttr Core action: Truck Supplies: at Colmar no truck route from a source of
    # Patch-Devers reaches (the Landing Zone is 13 links away), so waiting for a third Ammo is waiting for nothing:
    # with 2 the Corps beats the cheap Victory-space units (1 + 1 Ammo) and keeps trying
    from westfront.testing.kit import play

    from .helpers import turn
    s = _at_the_foot(ammo=2)
    turn(s, "patch_devers")
    play(s, "move I-FR")
    scores = _scores(s, "patch_devers")
    assert scores["to freiburg"] == max(scores.values())


def test_ffi_markers_march_to_a_french_corps_waiting_for_ammo():
    # rttr FFI markers - impact on play (French Corps Support): a French Corps discards FFI markers of its space for
    # Ammo, so FFI movement (rttr 3.3.1) brings them to the French Corps waiting at the foot of the crossing
    from westfront.games.race_to_the_rhine.position import Position

    s = _at_the_foot(ammo=1)
    assert isinstance(s, Position)
    s.g["ffi"] = {"gerardmer": 1, "montbeliard": 1}
    s.g["control"]["besancon"] = "patch_devers"  # a priority space of the aid, away from the Corps
    s.touch()
    ctx = ai._Context(s, "patch_devers", {"step": "ffi_move"})
    assert ctx._ffi_move("gerardmer", "colmar") > ctx._ffi_move("montbeliard", "besancon")


def test_the_lead_keeps_the_ammo_of_its_crossing():
    # rttr How to win the game; tables.toml harder_near_rhine: the crossing asks an average card plus one (3 Ammo).
    # A lead Corps with 3 Ammo that fights its way through Montbeliard (about 2) reaches the foot unable to cross,
    # so it rates the fight lower than a Corps behind the lead does; with 5 Ammo it keeps enough and fights
    from westfront.testing.kit import play

    from .helpers import clear_board, control, path, put, turn

    def fight_score(ammo: int, other_leads: bool) -> float:
        s = clear_board(game(4))
        control(s, "patch_devers", *path(s, "landing_zone", "besancon", "patch_devers"))
        put(s, "I-FR", "besancon", fuel=1, ammo=ammo, food=0)
        if other_leads:
            put(s, "II-FR", "colmar", fuel=1, ammo=1, food=1)
        s.g["axis"] = ["montbeliard"]
        s.touch()
        turn(s, "patch_devers")
        play(s, "move I-FR")
        return _scores(s, "patch_devers")["to montbeliard"]

    assert fight_score(3, other_leads=False) < fight_score(3, other_leads=True)
    assert fight_score(5, other_leads=False) == fight_score(5, other_leads=True)
