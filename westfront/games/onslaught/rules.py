"""Onslaught's entry points: game description, rule sections and the registered steps."""

from __future__ import annotations

from ...core.state import GameInfo, OptionInfo, ScenarioInfo, steps_table
from . import actions, combat, reinforce, sequence
from .board import MAP_PATH
from .setup import SCENARIOS
from .state import SIDES, GameState

MAP_FILE = MAP_PATH

INFO = GameInfo(
    id="onslaught",
    title="Onslaught: D-Day to the Rhine",
    players=SIDES,
    scenarios=tuple(ScenarioInfo(sid, sc["title"], sc["description"]) for sid, sc in SCENARIOS.items()),
    options=(
        OptionInfo("allied_cooperation", "Allied cooperation", "Mixed US/French and Commonwealth stacks cost two "
                   "supply points; such armour breaks through separately; mixed attacks suffer double depletion",
                   False, None, "14.1"),
        OptionInfo("free_french", "Free French recruitment", "French divisions marked * enter in liberated "
                   "French cities", False, None, "14.2"),
        OptionInfo("infantry_breakthrough", "Infantry breakthrough", "Infantry stacked with breakthrough armour "
                   "joins an attack made before moving", False, None, "14.3"),
        OptionInfo("emergency_supplies", "Emergency supplies", "On turn 20 a player who wins an action with no "
                   "supply points gets 3 (Allied) or 2 (German) for that action", False, None, "14.4"),
    ),
    rulebook="onslaught.txt",
    description=("The Allied campaign in North-West Europe, June 1944 to March 1945, at division scale: "
                 "players alternate actions paid for with supply points."),
    cite_as=("onslaught",),
)

# (section, paraphrased title, where it is implemented) — `westfront rules onslaught`
RULE_SECTIONS: tuple[tuple[str, str, str], ...] = (
    ("1.0", "Scale: 11-mile hexes, divisions, 20 turns of about 15 days", "tables.toml [turns]; state.turn_label"),
    ("2.3", "Counters: full and depleted sides, types and colours", "units.py; tables.toml [types]; view.py"),
    ("3.0", "Set-up: landing hexes, set-up hexes, starting supply", "setup.py: initial_position"),
    ("4.0", "Turn sequence: Action, German Reserve and Reinforcement Steps", "sequence.py: Turn"),
    ("4.1", "Turn 1 example: supply arithmetic and incomes", "sequence.py, reinforce.py (tested end to end)"),
    ("5.0", "Action Step: first action, initiative rolls, ties and passes end it", "sequence.py: ActionStep"),
    ("5.1", "Choosing Movement, Combat or Breakthrough, or passing", "actions.py: ChooseAction"),
    ("5.2", "Activating stacks for supply points, once per action", "state.py: activate, activation_cost"),
    ("5.3", "Movement action: one stack at a time", "actions.py: MovementAction, StackMove"),
    ("5.4", "Combat action: adjacent activated divisions attack", "actions.py: CombatAction; combat.py: Attack"),
    ("5.5", "Breakthrough: armour moves and attacks for two points", "actions.py: BreakthroughAction/Stack"),
    ("5.6", "Breakthrough example", "actions.py: BreakthroughStack (tested)"),
    ("6.0", "Kinds of movement", "movement.py"),
    ("6.1", "Normal movement: one MP per hex; stacks may split", "movement.py: moves; actions.py: MoveUnit"),
    ("6.2", "Zones of control: stop on entry, no ZOC to ZOC, not across sea", "state.zoc_bb; movement.moves"),
    ("6.3", "Stacking: three divisions, checked at the end of actions and steps", "sequence.py: Overstack"),
    ("6.4", "Strategic movement: triple allowance, three MP from the enemy", "movement.py: strategic"),
    ("6.5", "Major waterways: Rhine and Scheldt and their exceptions", "movement.py: waterway_sides"),
    ("7.0", "Combat: odds rounded down, one die", "combat.py: assess, Attack.resolve; tables.toml [crt]"),
    ("7.1", "Combat modifiers: terrain, supply, rivers, major waterways; 0..6", "combat.py: assess"),
    ("7.2", "Combat results AE, AH, -, DR, DH, HH, DE", "combat.py: Aftermath, DepleteStack"),
    ("7.3", "Retreat: two hexes, restrictions, one-hex retreats, no double count", "combat.py: Retreat"),
    ("7.4", "Advance after combat: infantry one hex, armour two", "combat.py: Advance"),
    ("7.5", "Fortifications: doubled defence, standing on DR, stopping retreats", "combat.py: assess, FortChoice"),
    ("8.0", "Supply: points and lines", "state.py: supply_area"),
    ("8.1", "Supply points: incomes, control of sources, declining, accumulation", "reinforce.py: Collect"),
    ("8.2", "Supply tracks and the caps of 60 and 40", "state.py: gain, pay; tables.toml [supply]"),
    ("8.3", "Supply lines: any length, not through enemy ZOC unless occupied", "state.py: passable_for"),
    ("8.4", "Supply sources of both sides; fortifications always in supply", "state.py: *_source_bb"),
    ("8.5", "Port areas: Le Havre and Rouen, Antwerp and Ghent", "state.py: allied_sources"),
    ("8.6", "Supply effects: traced on activation and when attacked", "state.py: activate; combat.py: assess"),
    ("8.7", "Capturing Allied supply", "reinforce.py: capture_supply"),
    ("9.0", "Paratroops", "actions.py, sequence.py"),
    ("9.1", "Paratroop box: pick-up and return three turns later", "actions.py: StackMove; sequence.py: Turn"),
    ("9.2", "Paradrops: one supply point each, any hex free of Germans", "actions.py: Paradrop"),
    ("9.3", "Paratroop replacement: never rebuilt once eliminated", "state.py: eliminate; reinforce.py"),
    ("10.0", "Reinforcements", "reinforce.py; data/units.csv"),
    ("10.1", "Reinforcement entry: sources and areas A and B, supply, stacking", "reinforce.py: Reinforce"),
    ("10.2", "German reinforcements: Germany, A and B, free move", "reinforce.py: Reinforce, FreeMove"),
    ("10.3", "Allied reinforcements and the Delayed Reinforcements box", "reinforce.py: Reinforce"),
    ("11.0", "Replacements", "reinforce.py: Replace"),
    ("11.1", "Replacement points and the replacement table", "tables.py: replacement_points; reinforce.py"),
    ("11.2", "Eligibility: eliminated units, depleted units in supply", "reinforce.py: Replace.options"),
    ("11.3", "Allied replacements placed like reinforcements", "reinforce.py: replacement_hexes"),
    ("11.4", "German replacements away from the Allies", "reinforce.py: german_replacement_hexes"),
    ("12.0", "The Bulge: once, turns 12-17, +10 supply, first action, tie rule", "sequence.py: BulgeChoice"),
    ("13.0", "Winning: 20 turns or an automatic victory", "victory.py; sequence.py: Turn"),
    ("13.1", "German automatic victory", "victory.py: german_automatic"),
    ("13.2", "Allied automatic victory", "victory.py: allied_automatic"),
    ("13.3", "Victory points, the gap bonus and the levels of victory", "victory.py: score, final_result"),
    ("14.0", "Optional rules", "rules.py: INFO.options"),
    ("14.1", "Allied cooperation", "state.activation_cost; actions.BreakthroughAction; combat"),
    ("14.2", "Free French recruitment", "reinforce.py: french_recruit_hexes"),
    ("14.3", "Infantry breakthrough", "actions.py: BreakthroughStack.pool"),
    ("14.4", "Emergency supplies on turn 20", "actions.py: ChooseAction"),
)


GameState.INFO = INFO
GameState.STEPS = steps_table(*sequence.STEPS, *actions.STEPS, *combat.STEPS, *reinforce.STEPS)
