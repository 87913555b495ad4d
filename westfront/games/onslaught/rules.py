"""Onslaught's entry points: game description, rule sections and the registered steps."""

from __future__ import annotations

from typing import Any, ClassVar

from ...core.actions import Action
from ...core.state import GameInfo, OptionInfo, ScenarioInfo, Step
from ...core.steps import game_steps
from . import sequence, steps_action, steps_combat, steps_reinforcement, steps_setup
from .board import MAP_PATH
from .data import SCENARIOS, SIDES
from .position import Position
from .setup import initial_position
from .supply import in_supply
from .view import build_preview, build_view
from .view import labels as view_labels

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
    ("1.0", "Scale: 11-mile hexes, divisions, 20 turns of about 15 days", "tables.toml [turns]; data.turn_label"),
    ("2.3", "Counters: full and depleted sides, types and colours", "data.py; tables.toml [types]; view.py"),
    ("3.0", "Set-up: landing hexes, set-up hexes, starting supply, Allied grouping",
     "setup.py: initial_position; steps_setup.py: SetUp, LandingGrouping"),
    ("4.0", "Turn sequence: Action, German Reserve and Reinforcement Steps", "sequence.py: Turn"),
    ("4.1", "Turn 1 example: supply arithmetic and incomes", "sequence.py, steps_reinforcement.py (tested end to end)"),
    ("5.0", "Action Step: first action, initiative rolls, ties and passes end it", "sequence.py: ActionStep"),
    ("5.1", "Choosing Movement, Combat or Breakthrough, or passing", "steps_action.py: ChooseAction"),
    ("5.2", "Activating stacks for supply points, once per action", "activation.py: activate, activation_cost"),
    ("5.3", "Movement action: one stack at a time", "steps_action.py: MovementAction, StackMove"),
    ("5.4", "Combat action: adjacent activated divisions attack", "steps_action.py: CombatAction; steps_combat.py: Attack"),
    ("5.5", "Breakthrough: armour moves and attacks for two points", "steps_action.py: BreakthroughAction/Stack"),
    ("5.6", "Breakthrough example", "steps_action.py: BreakthroughStack (tested)"),
    ("6.0", "Kinds of movement", "movement.py"),
    ("6.1", "Normal movement: one MP per hex; stacks may split", "movement.py: moves; steps_action.py: MoveUnit"),
    ("6.2", "Zones of control: stop on entry, no ZOC to ZOC, not across sea", "position.zoc_bb; movement.moves"),
    ("6.3", "Stacking: three divisions, checked at the end of actions and steps", "steps_action.py: Overstack"),
    ("6.4", "Strategic movement: triple allowance, three MP from the enemy", "movement.py: strategic"),
    ("6.5", "Major waterways: Rhine and Scheldt and their exceptions", "movement.py: waterway_sides"),
    ("7.0", "Combat: odds rounded down, one die", "combat.py: assess; steps_combat.py: Attack; tables.toml [crt]"),
    ("7.1", "Combat modifiers: terrain, supply, rivers, major waterways; 0..6", "combat.py: assess"),
    ("7.2", "Combat results AE, AH, -, DR, DH, HH, DE", "steps_combat.py: Aftermath, DepleteStack"),
    ("7.3", "Retreat: two hexes, restrictions, one-hex retreats, no double count", "combat.py: retreat_ends; steps_combat.py: Retreat"),
    ("7.4", "Advance after combat: infantry one hex, armour two", "combat.py: advance_ends; steps_combat.py: Advance"),
    ("7.5", "Fortifications: doubled defence, standing on DR, stopping retreats", "combat.py: assess; steps_combat.py: Aftermath.fortification"),
    ("8.0", "Supply: points and lines", "supply.py: supply_area"),
    ("8.1", "Supply points: incomes, control of sources, declining, accumulation", "steps_reinforcement.py: Collect"),
    ("8.2", "Supply tracks and the caps of 60 and 40", "position.py: gain, pay; tables.toml [supply]"),
    ("8.3", "Supply lines: any length, not through enemy ZOC unless occupied", "supply.py: passable_for"),
    ("8.4", "Supply sources of both sides; fortifications always in supply", "supply.py: *_source_bb"),
    ("8.5", "Port areas: Le Havre and Rouen, Antwerp and Ghent", "supply.py: allied_sources"),
    ("8.6", "Supply effects: traced on activation and when attacked", "activation.py: activate; combat.py: assess"),
    ("8.7", "Capturing Allied supply", "supply.py: capture_supply"),
    ("9.0", "Paratroops", "steps_action.py, sequence.py"),
    ("9.1", "Paratroop box: pick-up and return three turns later", "steps_action.py: StackMove; sequence.py: Turn.start"),
    ("9.2", "Paradrops: one supply point each, any hex free of Germans", "steps_action.py: Paradrop"),
    ("9.3", "Paratroop replacement: never rebuilt once eliminated", "position.py: eliminate; reinforcements.py: rebuild_cost"),
    ("10.0", "Reinforcements", "reinforcements.py; steps_reinforcement.py; data/units.csv"),
    ("10.1", "Reinforcement entry: sources and areas A and B, supply, stacking", "steps_reinforcement.py: Reinforce"),
    ("10.2", "German reinforcements: Germany, A and B, free move", "steps_reinforcement.py: Reinforce, FreeMove"),
    ("10.3", "Allied reinforcements and the Delayed Reinforcements box", "steps_reinforcement.py: Reinforce"),
    ("11.0", "Replacements", "steps_reinforcement.py: Replace"),
    ("11.1", "Replacement points and the replacement table", "data.py: replacement_points; steps_reinforcement.py"),
    ("11.2", "Eligibility: eliminated units, depleted units in supply", "steps_reinforcement.py: Replace.options"),
    ("11.3", "Allied replacements placed like reinforcements", "reinforcements.py: replacement_hexes"),
    ("11.4", "German replacements away from the Allies", "reinforcements.py: german_replacement_hexes"),
    ("12.0", "The Bulge: once, turns 12-17, +10 supply, first action, tie rule", "sequence.py: Turn.bulge, ActionStep.next_action"),
    ("13.0", "Winning: 20 turns or an automatic victory", "victory.py; sequence.py: Turn.end_of_turn"),
    ("13.1", "German automatic victory", "victory.py: german_automatic"),
    ("13.2", "Allied automatic victory", "victory.py: allied_automatic"),
    ("13.3", "Victory points, the gap bonus and the levels of victory", "victory.py: score, final_result"),
    ("14.0", "Optional rules", "rules.py: INFO.options"),
    ("14.1", "Allied cooperation", "activation.activation_cost; steps_action.BreakthroughAction; combat"),
    ("14.2", "Free French recruitment", "reinforcements.py: french_recruit_hexes"),
    ("14.3", "Infantry breakthrough", "steps_action.py: BreakthroughStack.pool"),
    ("14.4", "Emergency supplies on turn 20", "steps_action.py: ChooseAction"),
)



class GameState(Position):
    """Onslaught: the position plus the game's description, steps, set-up and views."""

    INFO: ClassVar[GameInfo] = INFO
    STEPS: ClassVar[dict[str, Step[Any]]] = game_steps(*steps_setup.STEPS, *sequence.STEPS, *steps_action.STEPS, *steps_combat.STEPS,
                                                       *steps_reinforcement.STEPS)

    def setup(self, scenario: str, options: dict[str, Any]) -> None:
        """3.0: the starting position; the Allied grouping decision, then the first turn."""
        self.g.update(initial_position(scenario, options))
        self.call("set_up")

    def view(self, player: str | None) -> dict[str, Any]:
        return build_view(self, player)

    def preview(self, action: Action | str) -> dict[str, Any] | None:
        return build_preview(self, action)

    def supplied(self, uid: str) -> bool:
        """8.3: whether a division on the map can trace a supply line now (the 8.4 lesson reads it)."""
        return in_supply(self, uid)

    @classmethod
    def labels(cls) -> dict[str, Any]:
        return view_labels()
