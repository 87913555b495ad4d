"""Second Front Now!: game description, rule coverage and the GameState the engine runs."""

from __future__ import annotations

from typing import Any

from ...core.actions import Action
from ...core.state import GameInfo, OptionInfo, ScenarioInfo
from ...core.steps import game_steps
from . import view as view_mod
from .data import ALLIED, GERMAN, MAP_FILE, SIDES
from .position import Position
from .reinforcements import initial_units
from .sequence import AlliedAdmin, GermanAdmin, Setup, Turn
from .steps_admin import AerialSupply, Deploy, Replace, Transfer, Withdraw
from .steps_battle import Advance, Battle, CancelHit, Commit, Fire, Retreat
from .steps_command import BoxEntry, Command, MoveStack
from .steps_plans import PickDay, PlanDrop, PlanDrops, PlanSaf, SecretHexChoice

INFO = GameInfo(
    id="second-front-now",
    title="Second Front Now!",
    players=SIDES,
    scenarios=(ScenarioInfo("campaign", "September 1943", "The Allies land at Calais or Dieppe on 1 September 1943; "
                            "80 daily turns to 20 November."),),
    options=(
        OptionInfo("fog_of_war", "Fog of war", "The German may not see inside Allied stacks or the England box",
                   True, rule="SFN 10.6"),
        OptionInfo("optional_rules", "Optional rules (Old Hands)", "Naval gun support, storms, air power, "
                   "airborne withdrawal, Blue Point, aerial supply, 79th Armoured", True, rule="SFN 15.0"),
        OptionInfo("italy_scheduling", "Italy transfers scheduled", "The German picks each Italy unit four turns "
                   "before it reaches the South box (7.4, optional)", False, rule="SFN 7.4"),
        OptionInfo("beachhead_vp", "Beachhead VP", "3 VP the first time the German takes each beach hex (4.3; "
                   "struck through in pen on the scanned copy)", True, rule="SFN 4.3"),
    ),
    rulebook="second-front-now.txt",
    description="A hypothetical Allied invasion of the Pas de Calais in September 1943: command points, "
                "aimed d10 fire on a battle board, German reserves from Italy and Russia.",
    cite_as=("SFN",),
)

# (section, title, where) -- only what is implemented; README.md lists what is not.
RULE_SECTIONS = (
    ("1.1", "In General", "rules.py: INFO (sides, 80 turns)"),
    ("1.2", "Game Scale", "data.py: date_label (one day a turn)"),
    ("2.1", "In General", "data/units.csv, data/tables.toml, data/map.json"),
    ("2.2", "Decimal Die", "every roll is a d10 1-10 (steps_battle.Fire)"),
    ("2.3", "The Game Map", "board.py, data/map.json"),
    ("2.4", "Counters", "data/units.csv, data/tables.toml [markers]"),
    ("2.5", "A Sample Combat Unit", "data/units.csv g-10ss"),
    ("2.6", "Unit Types", "data.py UnitDef.type"),
    ("2.7", "Unit Nationality", "data.py GROUP_OF_NATION"),
    ("2.8", "Historical Identification", "data.py GROUP_OF_NATION (Canadian/Polish/B-N British, French US)"),
    ("2.9", "Markers", "view.py (OOS, control, beach flags), data/tables.toml markers"),
    ("2.10", "Anti-Armor & Anti-Infantry Factors", "combat.py base_value"),
    ("2.11", "Movement Factor", "position.py mf"),
    ("2.12", "Steps", "steps_battle.Fire, reinforcements.eliminate"),
    ("2.13", "US Untried & Blooded Units", "data/units.csv twins, steps_battle.blood"),
    ("3.1", "Set Up", "sequence.Setup"),
    ("3.2", "Allied Set Up", "sequence.Setup.landing_area/land"),
    ("3.3", "One Invasion Area", "position.active_beaches"),
    ("3.4", "German Set Up", "steps_admin.Deploy, reinforcements.german_setup_options"),
    ("3.5", "Allied Dieppe Casualties", "sequence.Setup.dieppe_casualties"),
    ("3.6", "German Reinforcements", "reinforcements.arrivals"),
    ("4.1", "In General", "victory.final_result"),
    ("4.2", "VP Hexes", "position.vp, victory.update_control"),
    ("4.3", "Allied Beachhead Hexes", "victory.update_control (option beachhead_vp)"),
    ("4.4", "Commonwealth Replacement VP", "steps_admin.Replace._spend"),
    ("4.5", "Commonwealth Excessive Losses", "reinforcements.eliminate"),
    ("4.6", "Winning", "victory.final_result"),
    ("4.7", "The Riga-Odessa Option", "victory.threshold"),
    ("4.8", "Zeroing Out", "victory.sudden_death"),
    ("4.9", "German Automatic Win", "victory.sudden_death"),
    ("5.1", "In General", "sequence.Turn"),
    ("5.2", "The Turn Sequence", "sequence.Turn, GermanAdmin, AlliedAdmin"),
    ("5.3", "Ending a Game Turn", "sequence.Turn.end_of_turn"),
    ("6.1", "In General", "victory.german_cp, victory.allied_cp"),
    ("6.2", "Move Commands", "steps_command.Command.on_move, MoveStack"),
    ("6.3", "Attack Commands", "steps_command.Command.on_attack, steps_battle.Commit"),
    ("6.4", "CP Restrictions", "steps_command.can_act, attack_targets"),
    ("6.5", "Sequencing", "steps_command.Command (one command at a time)"),
    ("6.6", "Additional German CP", "steps_command.Command.on_hq, victory.german_cp"),
    ("7.1", "German Reinforcements", "reinforcements.arrivals"),
    ("7.2", "US & Commonwealth Reinforcements", "none: everything starts in England (reinforcements.initial_units)"),
    ("7.3", "Box-to-Map Entry", "steps_command.BoxEntry, reinforcements.entry_hexes"),
    ("7.4", "German Units From Italy", "sequence.GermanAdmin.italy, italy_schedule (option), steps_admin.Transfer"),
    ("7.6", "The Riga-Odessa Option", "sequence.GermanAdmin.riga_odessa/russia"),
    ("8.1", "In General", "steps_admin.Replace"),
    ("8.2", "Eliminated Units", "steps_admin.Replace.on_rebuild"),
    ("8.3", "Restrictions", "reinforcements.replacement_actions, steps_command.can_act"),
    ("8.4", "OOS Elimination", "reinforcements.eliminate"),
    ("8.5", "US Untried to Blooded Conversions", "steps_battle.Battle.blooding"),
    ("8.6", "French Replacement Limits", "reinforcements.may_receive"),
    ("9.1", "In General", "position.mf, combat.modifiers"),
    ("9.2", "When to Check Supply", "sequence.do_supply_check"),
    ("9.3", "German and Allied Supply Sources", "supply.py"),
    ("10.1", "In General", "position.stack_ok"),
    ("10.2", "Inter-Allied Stacking", "position.stack_ok"),
    ("10.3", "Stacking & Movement", "movement.stacking_bbs (pass through any friendly hex, not end over-stacked)"),
    ("10.4", "Over Stacking", "prevented: no move, retreat or advance may over-stack"),
    ("10.5", "Markers", "view.py (markers have no stacking value)"),
    ("10.6", "Fog of War", "view.hidden_from, steps_admin.private"),
    ("11.1", "In General", "position.zoc_bb"),
    ("11.2", "ZOC Limits", "board.zoc_dilator"),
    ("11.3", "Effects on Supply", "supply.passable"),
    ("11.4", "Effects on Movement", "movement.model"),
    ("11.5", "Effect on Retreat-after-Combat", "combat.retreat_hexes"),
    ("11.6", "Hex Control", "victory.update_control"),
    ("12.1", "Movement Points", "board.enter, movement.model"),
    ("12.2", "Stack Movement", "steps_command.MoveStack"),
    ("12.3", "Restrictions", "board.side_extra, movement.model"),
    ("12.4", "Major Rivers", "board.side_extra, movement.model min_one_hex"),
    ("12.5", "Strategic Movement", "movement.may_move_strategically, steps_command.BoxEntry, Command.on_shift"),
    ("13.1", "Combat Sequence", "steps_battle.Battle"),
    ("13.2", "Firing Procedures", "steps_battle.Fire"),
    ("13.3", "Instantaneous Hits", "steps_battle.Fire.on_fire"),
    ("13.4", "Combat Values", "combat.base_value"),
    ("13.5", "Artillery", "combat.targets, steps_command.attack_capable"),
    ("13.6", "Retreat", "steps_battle.CancelHit, Retreat, combat.retreat_hexes"),
    ("13.7", "Extra Hits", "steps_battle.Fire.on_fire"),
    ("13.8", "German Garrisons", "steps_battle.Retreat, Commit"),
    ("14.1", "In General", "combat.modifiers"),
    ("14.2", "Terrain", "combat.terrain_modifiers"),
    ("14.3", "Supply", "combat.modifiers"),
    ("15.1", "Allied Naval (Gun Support) Task Force", "steps_battle.Battle.naval"),
    ("15.2", "Great Storms", "sequence.storm_check, storm_departure"),
    ("15.3", "Tactical Air Power", "sequence.GermanAdmin.air, steps_battle.Battle.air"),
    ("15.4", "Allied Strategic Air Forces (SAF)", "plans.py, steps_plans.PlanSaf, steps_battle.Battle.strategic_air"),
    ("15.5", "Allied Airborne Withdrawal", "sequence.AlliedAdmin.withdrawal, steps_admin.Withdraw, plans.drop_days"),
    ("15.6", "Allied Airdrops", "plans.py, steps_plans.PlanDrops, steps_command.Command.on_drop"),
    ("15.7", "Operation Blue Point", "sequence.launch_blue_point, victory.allied_cp, steps_command.chaos"),
    ("15.8", "Allied Aerial Supply", "steps_admin.AerialSupply"),
    ("15.9", "British 79th Armored", "combat.terrain_modifiers"),
    ("15.10", "Six-Sided Dice", "not needed: the engine rolls the decimal die itself (2.2)"),
    ("TRS", "Turn Record Sheet", "data/tables.toml, turn table"),
)


class GameState(Position):
    INFO = INFO
    STEPS = game_steps(Setup, Turn, GermanAdmin, AlliedAdmin, Deploy, Transfer, Replace, AerialSupply, Withdraw,
                       Command, MoveStack, BoxEntry, Battle, Commit, Fire, CancelHit, Retreat, Advance,
                       PickDay, PlanSaf, PlanDrops, PlanDrop, SecretHexChoice)
    __slots__ = ()

    def setup(self, scenario: str, options: dict[str, Any]) -> None:
        for opt in INFO.options:
            options.setdefault(opt.id, opt.default)
        g = self.g
        g.update({
            "turn": 1, "area": None, "units": initial_units(), "control": {}, "beach_awards": [], "vp_events": 0,
            "cp": {GERMAN: 0, ALLIED: 0}, "attacked": [], "rp": {}, "riga": 0, "blue_point": {},
            "storm": {"state": "none", "day": 0}, "air_contest": 0, "ntf_turn": 0, "shift_turn": 0,
            "fortress_lost": [], "saf": [], "drops": [], "aerial": [],
        })
        self.call("setup")

    def view(self, player: str | None) -> dict[str, Any]:
        return view_mod.view(self, player)

    def preview(self, action: Action | str) -> dict[str, Any] | None:
        return view_mod.preview(self, action)

    def piece_ids(self) -> frozenset[str]:
        """SFN 10.6: under fog of war the German does not know which Allied units make a stack: refusals
        answer names he cannot identify as unknown ones (core/refusals.py)."""
        return frozenset(self.g["units"]) if self.options.get("fog_of_war", True) else frozenset()

    @classmethod
    def labels(cls) -> dict[str, Any]:
        return view_mod.labels()


__all__ = ["INFO", "MAP_FILE", "RULE_SECTIONS", "GameState"]
