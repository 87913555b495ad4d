"""D-Day (3rd ed.): game description, rule-section map, and the GameState the engine runs."""

from __future__ import annotations

from typing import Any

from ...core.actions import Action
from ...core.state import GameInfo, OptionInfo, ScenarioInfo
from ...core.steps import game_steps
from . import logistics, refusals
from . import view as V
from .data import MAP_FILE, SIDES, units
from .position import Position
from .sequence import Game, Week
from .steps_air import TacticalAir
from .steps_combat import Advance, Attack, Battle, CombatPhase, Exchange, Pick, Plan, Retreat
from .steps_landing import Airborne, Deploy, Invasion
from .steps_move import Movement, MoveUnit, Overstack, PlaceUnit
from .steps_supply import Surplus

INFO = GameInfo(
    id="dday-3rd",
    title="D-Day (3rd Edition)",
    players=SIDES,
    scenarios=(ScenarioInfo("campaign", "The campaign, 6 June 1944 – 15 May 1945",
                            "50 weekly turns; the Allies choose where to invade."),),
    options=(
        OptionInfo("deployment", "German deployment", "historical: every unit on its printed hex; free: the German "
                   "player places each unit (§5.2)", "historical", ("historical", "free"), rule="D-Day §5.2"),
    ),
    rulebook="dday-3rd-edition.txt",
    description="Avalon Hill's D-Day remade: the Allies pick the invasion sector and week, supply through ports "
                "and beaches with capacity and range, and must hold 10 units across the Rhine for four weeks.",
    cite_as=("D-Day",),
)

# (section, title, where it is implemented) — read by `westfront rules dday-3rd`
RULE_SECTIONS = (
    ("2", "Components: counters and markers", "data/units.csv (101 Allied + 73 German), data.py"),
    ("2.1", "The board", "data/map.json, board.py"),
    ("2.2", "The units", "data/units.csv, data.py: UnitDef"),
    ("2.2.1", "Other units and counters (air units, markers)", "position.py: G (fighters, bombers, mulberries, "
     "installations, isolation); view.py: markers"),
    ("3", "Stacking", "position.py: stack_limit_ok, can_join"),
    ("4.1", "Zone of control", "position.py: zoc, zoc_of_hex"),
    ("4.2", "Occupy", "position.py: place, _occupy"),
    ("4.3", "Control", "position.py: set_control, zoc_control, pass_through"),
    ("5.1", "Initial set-up", "rules.py: GameState.setup"),
    ("5.2", "German deployment", "rules.py: setup (historical); steps_landing.py: Deploy (free)"),
    ("5.3", "Turn sequence", "sequence.py: Game, Week"),
    ("6", "Supply: lines of supply", "supply.py"),
    ("6.1", "German supply", "supply.py: german_supplied"),
    ("6.2", "Allied supply: capacity and range", "supply.py: allied_sources, allied_assignment, surplus_choices; "
     "steps_supply.py: Surplus"),
    ("6.3", "Effect of out of supply", "victory.py: apply_supply; position.py: af, mf"),
    ("7", "Allied invasion phase", "steps_landing.py: Invasion; logistics.py: sector_room"),
    ("7.1", "Coastal invasion hexes", "sequence.py: land_invaders; steps_combat.py: Battle.advance"),
    ("7.2", "Invasion hexes (Mulberries)", "position.py: _occupy; sequence.py: land_invaders"),
    ("8", "Allied airborne phase", "steps_landing.py: Airborne; logistics.py: drop_hexes"),
    ("9", "Movement phase: operations in any order", "steps_move.py: Movement"),
    ("9.1", "Movement on the continent", "movement.py; steps_move.py: MoveUnit"),
    ("9.1.1", "Terrain effect", "board.py: enter_cost; movement.py: _reach (mountain stop, river interdiction)"),
    ("9.1.2", "Dyke in Holland", "board.py: enter_cost; movement.py (no end on D11); combat.py: retreat_ends"),
    ("9.1.3", "Stacking effects", "movement.py: ends respect stacking; steps_move.py: Overstack (the excess "
     "eliminated at the end of movement); logistics.py: drop_hexes, invasion_sea_hexes (arrivals respect it)"),
    ("9.1.4", "Effect of enemy ZOC", "movement.py: engaged_zoc, _reach"),
    ("9.1.5", "Strategic movement", "movement.py: may_move_strategically; steps_move.py: MoveUnit"),
    ("9.2", "Replacements", "steps_move.py: Movement.on_replace; logistics.py: replaceable"),
    ("9.2.1", "German replacements", "sequence.py: german_isolation; logistics.py: german_replacement_hexes"),
    ("9.2.2", "Allied replacements", "position.py: _occupy (capture); sequence.py: allied_supply"),
    ("9.3", "Allied reinforcements", "logistics.py: entry_points_now, landing_hexes; steps_move.py: PlaceUnit"),
    ("9.3.1", "Limitations on reinforcements", "logistics.py: sector_room, room, reinforcement_candidates"),
    ("9.3.2", "In-land ports", "logistics.py: inland_controlled"),
    ("9.3.3", "French forces", "sequence.py: allied_supply; logistics.py: landing_hexes"),
    ("9.4", "Allied sea movement", "logistics.py: may_sail; steps_move.py: Movement.on_sail"),
    ("10", "Combat phase: mandatory combat, planning", "combat.py; steps_combat.py: CombatPhase, Plan, Attack"),
    ("10.1", "Allied combat air support", "steps_combat.py: Attack (air)"),
    ("10.1.1", "Close air support", "combat.py: totals (+1 AF)"),
    ("10.1.2", "Carpet bombing", "steps_combat.py: Attack.bomber_ok, Battle.roll; combat.py: carpet_bombed"),
    ("10.2", "Combat odds", "combat.py: hex_multiplier, totals, odds_index"),
    ("10.3", "Automatic defeat", "steps_combat.py: CombatPhase.automatic_defeats"),
    ("10.4", "Combat resolution", "steps_combat.py: Battle; data/tables.toml [crt]"),
    ("10.4.1", "Exchange results", "combat.py: exchange_loser; steps_combat.py: Exchange"),
    ("10.4.2", "Retreats", "combat.py: retreat_ends; steps_combat.py: Retreat"),
    ("10.4.3", "Advances", "steps_combat.py: Battle.advance, Advance"),
    ("11", "Allied tactical air support phase", "steps_air.py: TacticalAir"),
    ("11.1", "Close air defence", "steps_air.py; combat.py: totals (+1 DF)"),
    ("11.2", "Unit interdiction", "steps_air.py; movement.py: may_move_strategically"),
    ("11.3", "River interdiction", "steps_air.py; movement.py: _reach (side stop)"),
    ("12", "Attrition phase", "victory.py: attrition"),
    ("13", "Victory conditions", "victory.py: check, supplied_east_of_rhine"),
)


class GameState(Position):
    """The engine's view of a D-Day (3rd ed.) game."""

    INFO = INFO
    STEPS = game_steps(Game, Week, Deploy, Invasion, Airborne, Movement, MoveUnit, PlaceUnit, CombatPhase, Plan,
                       Attack, Pick, Battle, Exchange, Retreat, Advance, TacticalAir, Surplus, Overstack)
    __slots__ = ()

    def setup(self, scenario: str, options: dict[str, Any]) -> None:
        """§5.1: everything in its box; installations on N24, H12, V43; RP 0; §5.2 historical deployment."""
        g: dict[str, Any] = self.g
        g.update(week=1, side="german", phase="Set-up", allied_hexes={}, mulberries={}, invasions=[],
                 entry_points=[], rp={"allied": 0, "german": 0}, installations={}, fighters=6, bombers=4,
                 cb_used=False, cb_hex=None, cad={}, interdicted=[], river_interdicted=[], attacked_now=[], attacked_last=[],
                 landed={"sea": 0, "air": 0, "sectors": {}}, east_streak=0, east_at_start=False, ff_raised=False,
                 ff_now=False, dropped_now=0, replacement_last={}, invasion_units=[], supply_priority=[])
        g["units"] = {}
        for uid, d in units().items():
            box = "german_available" if d.side == "german" else ("paris" if d.paris else "britain")
            g["units"][uid] = {"hex": None, "box": box, "flipped": False, "isolated": False, "moved": False,
                               "attacked": False, "dropped": False, "fresh": False, "pinned": False, "invader": False}
        if options.get("deployment", "historical") == "historical":
            for uid, d in units().items():
                if d.side == "german" and d.setup:
                    self.place(uid, d.setup)
        self.call("game")

    def not_legal_reason(self, text: str) -> str:
        """The actual reason for a refused choice in a kit hex choice: a drop's hex (§3, §8), a deployment hex
        (§5.2), a river interdiction hex (§11.3), a region; otherwise the generic message."""
        f = self._top()
        if f is not None and f.get("step") == "hex_choice":
            verb, _, arg = text.partition(" ")
            arg = arg.strip()
            if f.get("purpose") == "drop" and verb == "hex" and arg and arg not in _offered(f):
                return logistics.drop_refusal(self, arg)
            flow = self.g["flow"]
            parent = flow[-2].get("step") if len(flow) > 1 else None
            why = refusals.hex_choice(self, f, "airborne" if f.get("purpose") == "drop" else parent, verb, arg)
            if why:
                return why
        return super().not_legal_reason(text)

    def view(self, player: str | None) -> dict[str, Any]:
        return V.game_view(self, player)

    def preview(self, action: Action | str) -> dict[str, Any] | None:
        return V.preview(self, action)

    @classmethod
    def labels(cls) -> dict[str, Any]:
        return V.labels()


__all__ = ["INFO", "MAP_FILE", "RULE_SECTIONS", "GameState"]


def _offered(f: dict[str, Any]) -> set[str]:
    """Every hex a kit hex choice offers, in any region."""
    return {h for hs in f["regions"].values() for h in hs}
