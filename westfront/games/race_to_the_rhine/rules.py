"""1944: Race to the Rhine with the Patch-Devers (Dragoon) expansion: INFO, the rule sections, and the game state.

The expansion text has no section numbers; this module numbers its headings in
the text's order (1-5) and the reconstructed base rules from 10 on, so tests
cite ``# rttr 3.3.1`` (FFI movement). See README.md for what comes from the text
and what is reconstructed.
"""

from __future__ import annotations

from typing import Any

from ...core import cards, tokens
from ...core.errors import UnknownGame
from ...core.state import GameInfo, OptionInfo, ScenarioInfo, Seating
from ...core.steps import game_steps
from .board import static_sets
from .data import KINDS, MAP_FILE, axis_deck_cards, pursuit_deck_cards, tables
from .position import Corps, Position, corps_id
from .sequence import STEPS as SEQUENCE_STEPS
from .steps_actions import ChooseAction, Recon, TruckRoute
from .steps_axis import AxisChoice, AxisTie, FfiMove
from .steps_move import Combat, Move
from .view import build_view
from .view import labels as view_labels

COMMANDERS = ("patch_devers", "patton", "bradley", "montgomery")



def _seatings() -> tuple[Seating, ...]:
    """rttr 10.2: who plays for each player count, with and without the Patch-Devers module (tables.toml)."""
    t = tables()  # sides listed in the lobby's order (COMMANDERS); the turn order is tables.toml's
    with_pd = [Seating((("patch_devers", True), ("players", n)), tuple(c for c in COMMANDERS if c in seats))
               for n, seats in sorted(t.seats.items())]
    base = [Seating((("patch_devers", False), ("players", n)), tuple(c for c in COMMANDERS if c in seats))
            for n, seats in sorted(t.seats_base.items())]
    return (*with_pd, *base)


INFO = GameInfo(
    id="race-to-the-rhine",
    title="1944: Race to the Rhine (with Patch-Devers)",
    # every commander; who plays comes from the options (players, patch_devers): ``seatings``
    players=COMMANDERS,
    seat_count_option="players",
    seatings=_seatings(),
    scenarios=(
        ScenarioInfo("dragoon", "Race to the Rhine with Patch-Devers",
                     "Allied commanders race their Corps to the Rhine, supplied by trucks; the Axis marker supply is the clock."),
    ),
    options=(
        OptionInfo("patch_devers", "Patch-Devers (Dragoon expansion)",
                   "the southern side board, Patch-Devers as a commander (up to 4 players) and Karlsruhe as an Axis "
                   "source; off: the base game, Montgomery, Bradley and Patton for 1-3 players", True, rule="rttr 1"),
        OptionInfo("players", "Players", "with Patch-Devers 1 (solitaire, Patch-Devers) to 4, Patch-Devers always "
                   "plays; base game 1 (Bradley) to 3", 2, (1, 2, 3, 4), rule="rttr 10.2"),
        OptionInfo("red_ball_express", "Red Ball Express", "7 Pursuit and 2 Axis cards join; 1 Starving Civilians each",
                   False, rule="rttr 5.2"),
        OptionInfo("advanced", "Advanced game (air strikes)",
                   "each commander holds 2 Air Strike markers that lower an Axis card's Ammo cost (reconstructed)",
                   False, rule="rttr 16"),
        OptionInfo("wacht_am_rhein", "Operation Wacht am Rhein & Nordwind", "secondary objectives score Medals",
                   False, rule="rttr 5.1"),
    ),
    rulebook="race-to-the-rhine-dragoon.txt",
    description="A competitive logistics race on a point-to-point map for 1-4 Allied commanders (and solitaire).",
    map_kind="p2p",
    cite_as=("rttr",),
)

# (section, title, where) — `westfront rules race-to-the-rhine`. 1-5: the expansion's headings in the text's
# order; 10-17: base rules reconstructed from public descriptions (tables.toml gives each source or reasoning).
RULE_SECTIONS = (
    ("1", "Components (expansion)", "data/map.json, data/tables.toml"),
    ("2", "Set up (Patch-Devers: Corps, Logistics Level 1, steps 23-25)", "rules.py: GameState.setup"),
    ("3.1", "Patch-Devers special rules: Logistics Step (Patch -> Devers, level 3)", "sequence.py: LogisticsStep.patch_devers"),
    ("3.2", "Main Supply Base (Landing Zone 6, Marseille 9, Supply Base 901 9)", "supply.py: patch_devers_base; sequence.py"),
    ("3.3", "FFI & Maquis Zones (no Axis markers in Maquis Zones)", "axis.py: placeable"),
    ("3.3.1", "FFI movement", "ffi.py: ffi_moves; steps_axis.py: FfiMove"),
    ("3.3.2", "FFI markers - impact on play", "axis.py; combat.py; steps_move.py: Combat, Move.on_ffi"),
    ("3.3.3", "Establishing contact", "steps_move.py: take_space; ffi.py: lose_contact"),
    ("4.1", "How to win the game", "victory.py: crossing_win"),
    ("4.2", "Sequence of play", "sequence.py: PlayerTurn"),
    ("4.3", "Encirclement", "victory.py: encircled_by; steps_move.py: take_space"),
    ("4.4", "Movement halted", "steps_move.py: Move.on_continue"),
    ("4.5", "Core action: Truck Supplies", "core/routes.py; steps_actions.py: TruckRoute"),
    ("4.6", "Logistics Step", "sequence.py: LogisticsStep"),
    ("4.7", "Combat", "combat.py; steps_move.py: Combat"),
    ("4.8", "Counter-attack", "axis.py: counter_attackable; sequence.py: counter_attack"),
    ("4.9", "Place Axis marker", "axis.py: priority_target, best_candidates; sequence.py: AxisReaction"),
    ("5.1", "Operation Wacht am Rhein & Operation Nordwind (option; effect reconstructed)", "victory.py: final_scores"),
    ("5.2", "Red Ball Express (option)", "data.py: axis_deck_cards, pursuit_deck_cards"),
    ("10.1", "Set-up of the base game (reconstructed)", "rules.py: GameState.setup; tables.toml"),
    ("10.2", "Players and seats, turn order, player to the right (reconstructed)", "tables.toml [commanders]"),
    ("11.1", "Move Corps: Fuel, 3 spaces, Pursuit/Axis draws, Fortified, Control, Medals (reconstructed)",
     "movement.py; steps_move.py: Move"),
    ("11.2", "Take Supplies (reconstructed)", "supply.py: take_options; steps_actions.py"),
    ("11.3", "Take Trucks (reconstructed)", "steps_actions.py: ChooseAction.on_trucks"),
    ("11.4", "Recon (reconstructed)", "steps_actions.py: Recon"),
    ("11.5", "Airborne (reconstructed)", "steps_actions.py: airborne_targets"),
    ("12", "Axis reaction: clock, counter-attacks in the priority walk or on a rival's exposed marker (reconstructed)",
     "sequence.py: AxisReaction; steps_axis.py: AxisChoice"),
    ("13", "Logistics Step of the base game: trucks, levels, Food (reconstructed)", "sequence.py: LogisticsStep"),
    ("14", "Game end and Medals (reconstructed)", "sequence.py: Round.end_of_round; victory.py: medals_result"),
    ("15", "Solitaire and its scoring card (reconstructed)", "victory.py: solo_rank"),
    ("16", "Advanced game: air strikes (option; reconstructed)", "steps_move.py: Combat.on_air_strike; sequence.py: LogisticsStep.air_strikes"),
    ("17", "Commander card abilities (reconstructed): Montgomery, Bradley, Patton, Patch, Devers",
     "abilities.py; steps_actions.py: ChooseAction.on_swap, on_airborne; steps_move.py: Combat.on_redraw"),
)


class GameState(Position):
    INFO = INFO
    STEPS = game_steps(*SEQUENCE_STEPS, ChooseAction, Move, Combat, TruckRoute, Recon, AxisTie, AxisChoice,
                       FfiMove)
    __slots__ = ()

    def setup(self, scenario: str, options: dict[str, Any]) -> None:
        t = self.tables
        b = self.board
        n = int(options["players"])
        with_pd = bool(options.get("patch_devers", True))
        table = t.seats if with_pd else t.seats_base
        if n not in table:
            raise UnknownGame(f"race-to-the-rhine is for 1 to {max(table)} players "
                              f"{'with' if with_pd else 'without'} Patch-Devers, not {n} (rttr 10.2)")
        seats = [c for c in t.order if c in table[n]]
        red_ball = bool(options.get("red_ball_express"))
        rng = self.rng
        g: dict[str, Any] = self.g
        g.update({
            "seats": seats, "round": 1, "turn": None, "pool": dict(t.pool),
            "bases": {}, "main_base": {}, "corps": {}, "control": {}, "control_medals": {},
            "axis": [], "axis_supply": t.markers_per_commander * len(seats), "ffi": {},
            "trucks_on": [], "truck_stock": t.truck_stock_base + t.truck_stock_per_commander * len(seats),
            "trucks": dict.fromkeys(seats, 0), "level": {c: t.start_level[c] for c in seats},
            "medals": dict.fromkeys(seats, 0), "decks": {}, "logistics_steps": 0, "logistics_due": False,
            "contact": False, "commander_card": "patch", "airborne_used": dict.fromkeys(seats, 0),
            "end_triggered": False, "ability_used": dict.fromkeys(seats, False),
            "air_strikes": dict.fromkeys(seats, t.air_strikes_per_commander if options.get("advanced") else 0),
            "recon_known": dict.fromkeys(seats, 0), "truck_owner": {},
        })
        for c in seats:
            area = b.areas[c]
            base = area.supply_bases[0]
            g["main_base"][c] = base
            stock = tokens.empty(KINDS)
            for k, x in t.base_start.items():
                tokens.move(g["pool"], stock, k, x)
            g["bases"][c] = {base: stock}
            for i, name in enumerate(area.corps):
                cid = corps_id(name)
                corps: Corps = {"id": cid, "commander": c, "space": area.start[i % len(area.start)],
                                "supplies": dict(t.corps_start), "flipped": False}
                g["corps"][cid] = corps
            for sid in area.start:
                g["control"].setdefault(sid, c)
                g["control_medals"].setdefault(sid, 0)
        fortified = self.graph.names(static_sets()["fortified"] & self.on_board())
        g["axis"] = sorted(x for x in fortified if x not in g["control"])
        if "patch_devers" in seats:  # rttr 2 (set-up step 25): FFI markers in the Maquis Zones and FFI start spaces
            g["ffi"] = {sid: int(a["ffi"]) for sid, a in b.attrs.items() if a.get("ffi")}
        g["decks"]["axis"] = cards.new_deck(axis_deck_cards(red_ball), rng)
        for c in seats:
            g["decks"][c] = cards.new_deck(pursuit_deck_cards(c, red_ball), rng)
        self.touch()
        self.call("round")

    def view(self, player: str | None) -> dict[str, Any]:
        return build_view(self, player)

    @classmethod
    def labels(cls) -> dict[str, Any]:
        return view_labels()


__all__ = ["INFO", "MAP_FILE", "RULE_SECTIONS", "GameState"]
