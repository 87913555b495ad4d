"""Game description: INFO (scenarios, options), RULE_SECTIONS and the table of steps."""

from __future__ import annotations

from ...core.state import GameInfo, OptionInfo, ScenarioInfo, steps_table
from .board import map_file
from .data import scenarios
from .game import GameState
from .invasion import Invasion
from .sequence import Month
from .steps_act import Activation, MoveUnit
from .steps_combat import Allocate, Attack, Combat, NavalDefence
from .steps_reinf import ChooseObjective, PlaceUnit, Reinforce

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
    ("5.0", "Markers: beach-heads, RP/PC, moved/attacked, supply", "game.py; effects.enter_hex_end; view.py"),
    ("6.0", "Set-up", "scenarios.place_chart; data/units.csv setup column"),
    ("6.1", "The Normandy invasion", "invasion.Invasion"),
    ("6.2", "Resolving the invasion; June restriction on Manteuffel", "invasion.land, zone_effects"),
    ("7.0", "Sequence of play", "sequence.Month"),
    ("8.0", "Resource points, port capacity, Antwerp and Bordeaux", "sequence.allied_rp; game.port_works"),
    ("9.0", "Reinforcements and replacements", "steps_reinf.Reinforce"),
    ("9.1", "Reinforcements, entry cities, over-stacking, delay", "reinforcements.entry_hexes; sequence.end_of_turn"),
    ("9.2", "Replacement units and steps", "reinforcements.build_hexes, may_add_step"),
    ("9.3", "National replacement limits", "reinforcements.limit_left, may_rebuild"),
    ("10.0", "Activation for movement and combat; RP costs", "steps_act.Activation; combat.attack_cost"),
    ("11.0", "Movement, ZOC and the Rhine", "movement.tactical_model"),
    ("11.1", "Strategic movement", "steps_act.may_strategic"),
    ("11.2", "Allied motorised movement", "movement.motor_reach"),
    ("11.3", "German rail movement", "movement.rail_destinations"),
    ("12.0", "Combat with symbol dice; hit allocation", "steps_combat.Combat, Allocate; combat.py"),
    ("12.1", "Overcast weather; eliminated units", "combat.air_counts, elimination_box"),
    ("13.0", "Supply", "supply.py; sequence.end_of_turn"),
    ("14.0", "Control of cities", "effects.pass_through; sequence.end_of_turn"),
    ("15.0", "Invasion of southern France", "data/units.csv entry_at; steps_reinf.PlaceUnit (free move)"),
    ("16.0", "Rundstedt's Counter-Offensive", "steps_reinf.launch_rco; steps_act surprise markers"),
    ("17.0", "Victory", "victory.py"),
    ("17.1", "Sudden death and exits", "sequence.Month; steps_act.MoveUnit.exit; victory.exit_wins_now"),
    ("17.2", "End-of-game victory levels", "victory.standard_result"),
    ("18.0", "Optional rules", "rules.INFO options and scenarios"),
    ("18.1", "Quick start", "data/scenarios.toml quick-start; units.csv quick column"),
    ("18.2", "Variable objectives (hidden card)", "hidden.draw_objective; steps_reinf.ChooseObjective; victory"),
    ("18.3", "Short scenarios", "data/scenarios.toml; victory.christmas_won, learning_result"),
    ("18.4", "Free invasions and Accelerated Dragoon", "invasion.py; scenarios._accelerate_dragoon"),
    ("18.5", "German phantom units and hidden markers", "hidden.py; steps_reinf phantom; movement phantoms"),
    ("19.0", "RP table and RP costs", "data/tables.toml: rp and costs tables"),
    ("20.0", "Terrain effects chart", "data/tables.toml: terrain table; board.enter_cost; combat.py"),
)

GameState.INFO = INFO
GameState.STEPS = steps_table(Month, Invasion, Reinforce, PlaceUnit, ChooseObjective, Activation, MoveUnit, Attack,
                              Combat, NavalDefence, Allocate)
