"""The game: INFO (scenarios, options), RULE_SECTIONS and ``GameState``, the position with its steps."""

from __future__ import annotations

from typing import Any

from ...core.actions import Action
from ...core.state import GameInfo, OptionInfo, ScenarioInfo
from ...core.steps import game_steps
from .board import board, map_file
from .data import scenarios
from .movement import rail_area_name
from .position import Position
from .scenarios import setup_scenario
from .sequence import Month
from .steps_activation import Activation, MoveUnit
from .steps_combat import Allocate, Attack, Combat, NavalDefence
from .steps_invasion import Invasion
from .steps_reinforcements import ChooseObjective, PlaceUnit, Reinforce
from .view import build_preview, build_view
from .view import labels as view_labels

MAP_FILE = map_file()
SIDES = ("german", "allied")

INFO = GameInfo(
    id="dday-to-the-rhine",
    title="1944: D-Day to the Rhine",
    players=SIDES,
    scenarios=tuple(ScenarioInfo(k, v["title"], v["description"]) for k, v in scenarios().items()),
    options=(
        OptionInfo("objectives", "Variable objectives", "Allied objective card: off, drawn at random, or chosen "
                   "(hidden from the German player)", "off", ("off", "random", "chosen"), rule="18.2"),
        OptionInfo("free_invasions", "Free invasions", "the two armies land in any of the five invasion zones, "
                   "the second possibly in July", False, rule="18.4"),
        OptionInfo("accelerated_dragoon", "Accelerated Dragoon", "southern France in July; Dempsey lands in June, "
                   "Hodges in August, both where the Allies choose", False, rule="18.4"),
        OptionInfo("phantoms", "German phantom units", "two phantoms and hidden markers for fog of war", False,
                   rule="18.5"),
    ),
    rulebook="1944-dday-to-the-rhine.txt",
    description="Army and corps level campaign in the west, June 1944 to March 1945, with custom symbol dice.",
    cite_as=("1944", "dday-to-the-rhine"),
)

# (section, title, where it is implemented) — paraphrased titles; read by `westfront rules dday-to-the-rhine`
RULE_SECTIONS = (
    ("1.0", "Components: custom dice, counters, charts", "data/ (units.csv, tables.toml); core dice_pool faces"),
    ("2.0", "The board; terrain effects combine in combat, not in movement", "board.py; combat.unit_modifiers"),
    ("3.0", "Units: DRC, SP, MP; step reduction; mountain infantry", "units.py; data/tables.toml classes"),
    ("4.0", "Unit colours: nations and army groups", "data/units.csv (nation, group); view.py colours"),
    ("4.1", "Support units: naval, bombers, airborne", "combat.support_options; steps_combat.Combat.bomb"),
    ("5.0", "Markers: beach-heads, RP/PC, moved/attacked, supply", "position.py; effects.enter_hex_end; view.py"),
    ("6.0", "Set-up", "scenarios.place_chart; data/units.csv setup column"),
    ("6.1", "The Normandy invasion", "steps_invasion.Invasion"),
    ("6.2", "Resolving the invasion; June restriction on Manteuffel", "invasion.land, zone_effects"),
    ("7.0", "Sequence of play", "sequence.Month"),
    ("8.0", "Resource points, port capacity, Antwerp and Bordeaux", "upkeep.allied_rp; position.port_works"),
    ("9.0", "Reinforcements and replacements", "steps_reinforcements.Reinforce"),
    ("9.1", "Reinforcements, entry cities, over-stacking, delay", "reinforcements.entry_hexes; upkeep.end_of_turn; combat.overstacked_here"),
    ("9.2", "Replacement units and steps", "reinforcements.build_hexes, may_add_step"),
    ("9.3", "National replacement limits", "reinforcements.limit_left, may_rebuild"),
    ("10.0", "Activation for movement and combat; RP costs", "steps_activation.Activation; combat.attack_cost"),
    ("11.0", "Movement, ZOC and the Rhine", "movement.tactical_model"),
    ("11.1", "Strategic movement", "movement.may_strategic"),
    ("11.2", "Allied motorised movement", "movement.motor_reach"),
    ("11.3", "German rail movement", "movement.rail_destinations"),
    ("12.0", "Combat with symbol dice; hit allocation", "steps_combat.Combat, Allocate; combat.py"),
    ("12.1", "Overcast weather; eliminated units", "combat.air_counts, elimination_box"),
    ("13.0", "Supply", "supply.py; upkeep.end_of_turn"),
    ("14.0", "Control of cities", "effects.pass_through; movement.route_points; upkeep.end_of_turn"),
    ("15.0", "Invasion of southern France", "data/units.csv entry_at; steps_reinforcements.PlaceUnit (free move)"),
    ("16.0", "Rundstedt's Counter-Offensive", "reinforcements.launch_rco; steps_activation surprise markers"),
    ("17.0", "Victory", "victory.py"),
    ("17.1", "Sudden death and exits", "sequence.Month; steps_activation.MoveUnit.exit; victory.exit_wins_now"),
    ("17.2", "End-of-game victory levels", "victory.standard_result"),
    ("18.0", "Optional rules", "rules.INFO options and scenarios"),
    ("18.1", "Quick start", "data/scenarios.toml quick-start; units.csv quick column"),
    ("18.2", "Variable objectives (hidden card)", "hidden.draw_objective; steps_reinforcements.ChooseObjective; victory"),
    ("18.3", "Short scenarios", "data/scenarios.toml; victory.christmas_won, learning_result"),
    ("18.4", "Free invasions and Accelerated Dragoon", "invasion.py; scenarios._accelerate_dragoon"),
    ("18.5", "German phantom units and hidden markers", "hidden.py; steps_reinforcements phantom; movement phantoms; position.enemy_zoc_bb"),
    ("19.0", "RP table and RP costs", "data/tables.toml: rp and costs tables"),
    ("20.0", "Terrain effects chart", "data/tables.toml: terrain table; board.enter_cost; combat.py"),
)



class GameState(Position):
    """1944: D-Day to the Rhine on the engine contract."""

    __slots__ = ()
    INFO = INFO
    STEPS = game_steps(Month, Invasion, Reinforce, PlaceUnit, ChooseObjective, Activation, MoveUnit, Attack, Combat,
                       NavalDefence, Allocate)

    def setup(self, scenario: str, options: dict[str, Any]) -> None:
        setup_scenario(self, scenario, options)

    def view(self, player: str | None) -> dict[str, Any]:
        return build_view(self, player)

    def parse(self, text: str) -> Action:
        """11.3: a rail area is named by its city (``via Paris``); records made before issue 37 named it by
        the city's hex (``via 2403``), and still replay: such a text is read as the city's name."""
        f = self._top()
        if f is not None and f["step"] == "move_unit" and text.startswith("via "):
            arg = text.split()[1:]
            if len(arg) == 1 and arg[0] in board().m.index:
                text = f"via {rail_area_name(board().hex(arg[0]))}"
        return super().parse(text)

    def preview(self, action: Action | str) -> dict[str, Any] | None:
        return build_preview(self, action)

    @classmethod
    def labels(cls) -> dict[str, Any]:
        return view_labels()

    def piece_ids(self) -> frozenset[str]:
        """18.5: with phantoms, a German piece may be under a hidden marker: refusals answer the names the
        Allies cannot resolve (markers, unseen units, phantoms) as unknown ones (core/refusals.py)."""
        if not self.options.get("phantoms"):
            return frozenset()
        return frozenset(self.g["units"]) | frozenset(self.g["phantoms"])

    def action_visible_to(self, actor: str, action: str, events: list[Any], viewer: str | None) -> bool:
        """18.5: with phantoms, which German unit enters or is rebuilt, where, and with which
        phantom reaches the Allies only through the public events (as hidden markers), never as
        the action's text ("build ge-84c" emits no event at all)."""
        if actor == "german" and viewer != "german" and self.options.get("phantoms") \
                and action.split(" ", 1)[0] in ("place", "build", "at", "none", "step", "disband"):
            return False
        return super().action_visible_to(actor, action, events, viewer)
