"""Onslaught: the turn sequence (4.0), then the rulebook's examples and illustrations in its order: 4.1 turn 1,
5.6 the breakthrough, 6.2 the Le Havre ZOC illustration, 6.3 over-stacking in Metz, 6.4 strategic movement, the
7.0 combat example, the 7.1 modifier example, 8.2 the supply track, the 8.4 supply diagram, the 9.1 paratroop
pick-up, 11.1's replacement points and the optional rule 14.1's breakthrough case.

The examples name no hexes (only Metz): each position is the real map with the board cleared and the example's
divisions placed in an open stretch of France (the same areas tests/games/onslaught finds by their terrain),
reconstructed so that what the text states holds there; the comment beside each lesson says what was chosen.
The dice are the example's where it gives them (4.1's initiative rolls, 7.0's 4); elsewhere the lesson picks a
roll that gives the stated result, and says so."""

from __future__ import annotations

from typing import Any

from ..core.state import State
from ..games.onslaught.data import UNITS
from .format import Check, Lesson, Step
from .setup import register

GAME = "onslaught"


def started(s: State) -> None:
    """3.0: the landing divisions grouped as printed; turn 1's first Allied action is next."""
    s.apply("historical")


def bare(s: State, places: dict[str, Any], reinforcements: bool = True) -> None:
    """Every division on the map taken out of play, then the example's in their hexes (``uid: hex`` at full
    strength or ``uid: [hex, False]`` depleted); scheduled reinforcements stay scheduled unless
    ``reinforcements`` is False."""
    for u in s.g["units"].values():
        if u["box"] != "pending" or not reinforcements:
            u.update(hex=None, box="removed", full=True)
    for uid, where in places.items():
        hx, full = (where, True) if isinstance(where, str) else where
        s.g["units"][uid].update(hex=hx, box=None, full=full)


def hold_back(s: State, turn: int, keep: tuple[str, ...] = ()) -> None:
    """Take the reinforcements scheduled for ``turn`` (but ``keep``) out of play, to keep a lesson short (the
    lesson says so)."""
    for uid, u in s.g["units"].items():
        if u["box"] == "pending" and UNITS[uid].turn == turn and uid not in keep:
            u.update(box="removed")


def german_action(s: State) -> None:
    """The German player is to choose an action (he won the roll after the Allied first action, 5.0)."""
    top = s.g["flow"][-1]
    top["side"] = "german"
    s.g["action"] = None


register(GAME, {"started": started, "bare": bare, "hold_back": hold_back, "german_action": german_action})


SEQUENCE = Lesson(
    id="onl-sequence", game=GAME, title="The sequence of play: one turn", section="onslaught 4.0",
    summary="A turn is the Action Step (actions won on die rolls), the German Reserve Step and the "
            "Reinforcement Step.",
    # the turn-1 Allied reinforcements are held back so the Reinforcement Step has nothing to place here
    # (the 4.1 lesson places them)
    setup=(("started", {}), ("hold_back", {"turn": 1})),
    steps=(
        Step("Turn 1, the Action Step: the Allied player always takes its first action (5.0). He may move, "
             "attack, break through, or pass. Pass, to see the sequence.", "onslaught 5.0", "pass",
             dice=(2, 5),
             after=(Check("after each action both players roll a die; the German rolls higher (5 to 2) and "
                          "takes the next action", call="current_player", eq="german"),)),
        Step("The German passes too: when both pass (or the dice tie) the Action Step ends (4.0, 5.0).",
             "onslaught 4.0", "pass",
             after=(Check("the German Reserve Step is next: the German player decides", call="current_player",
                          eq="german"),)),
        Step("The German Reserve Step: last strategic moves, paid in supply points (4.0, 5.0). Move nothing.",
             "onslaught 4.0", "done",
             after=(Check("the German adds 8 supply points to his 8", path="supply_points/german", eq=16),)),
        Step("The Reinforcement Step: reinforcements (held back in this lesson), replacements (nothing was "
             "eliminated), then supply. The Allied player collects from his three landing hexes (8.1).",
             "onslaught 8.1", "collect",
             after=(Check("the Allies collect 12: 4 for each landing hex", path="supply_points/allied", eq=24),
                    Check("the turn marker moves to turn 2", path="turn", eq=2))),
    ),
    outcome="Turn 2 begins with the Allied player's first action.",
)

# 4.1 reconstructed (tests/games/onslaught/test_sequence.py's position): the board cleared, three depleted
# volksgrenadier divisions (2 each) in an open stretch of France at 3024, 3027 and 2722, eleven Allied infantry
# divisions in seven stacks (five of them next to the Germans), seven German infantry divisions far off in
# Germany. Only three of turn 1's eleven Allied reinforcements arrive here (one per landing hex; the other eight
# are held back) so that placing them takes six steps, not twenty-two.
_T1_ALLIED = {"us-35": "3023", "us-5": "3023", "ca-2": "3123", "us-28": "3028", "us-80": "3028", "us-26": "3127",
              "us-95": "2622", "us-102": "2622", "us-104": "2622", "us-3": "3325", "us-36": "2725"}
_T1_GERMAN: dict[str, Any] = {"de-709": ["3024", False], "de-243": ["3027", False], "de-716": ["2722", False],
                              "de-276": "4401", "de-277": "5101", "de-272": "4702", "de-271": "5402",
                              "de-708": "4903", "de-363": "4104", "de-89": "4904"}
_T1_STACKS = ("3023", "3123", "3028", "3127", "2622", "3325", "2725")
_T1_ATTACKS = (("3024", ("us-35", "us-5", "ca-2"), 3, "6:1", "DE"), ("3027", ("us-28", "us-80", "us-26"), 5, "6:1",
                                                                     "DE"),
               ("2722", ("us-95", "us-102", "us-104"), 4, "6:1", "DE"))


def _attack(target: str, units: tuple[str, ...], die: int, odds: str, result: str, n: int) -> tuple[Step, ...]:
    out = [Step(f"Attack {n}: the depleted German division in {target} (strength 2).", "onslaught 7.0", f"attack {target}",
                highlight=(target,))]
    out += [Step(f"Add the {UNITS[u].name} ({UNITS[u].type.full}).", "onslaught 7.0", f"add {u}", highlight=(u,))
            for u in units]
    out.append(Step(f"Resolve: {odds}. The example gives no combat dice: a {die} here, {result}.",
                    "onslaught 7.0", "resolve", dice=(die,), before=(Check(f"the odds are {odds}", preview="resolve",
                                                                            key="odds", eq=odds),)))
    out.append(Step("No advance.", "onslaught 7.4", "done"))
    return tuple(out)


def _activate(hexes: tuple[str, ...], what: str) -> tuple[Step, ...]:
    out: list[Step] = []
    for h in hexes:
        out.append(Step(f"Activate the stack in {h}: one supply point ({what}).", "onslaught 5.2", f"activate {h}",
                        highlight=(h,)))
        out.append(Step("The example does not say where it goes: it stays put here. Done with this stack.",
                        "onslaught 5.3", "done"))
    return tuple(out)


TURN_ONE = Lesson(
    id="onl-4-1-turn-one", game=GAME, title="Example: turn 1", section="onslaught 4.1",
    summary="Turn 1 as the example plays it: an Allied combat action for 5 points, the rolls 5-4, a movement "
            "action spending the rest, 5-1 with nothing to spend, 3-1 to the German, his movement for 4, the "
            "5-5 tie, the Reserve Step, reinforcements, a German replacement, incomes 8 and 12.",
    setup=(("started", {}), ("hold_back", {"turn": 1, "keep": ["us-29", "us-9", "us-79"]}),
           ("bare", {"places": {**_T1_ALLIED, **_T1_GERMAN}})),
    highlight=("3024", "3027", "2722"),
    steps=(
        Step("The Allied player gets the first action automatically and chooses a Combat action (5.0, 5.4).",
             "onslaught 4.1", "combat"),
        *_attack(*_T1_ATTACKS[0], 1), *_attack(*_T1_ATTACKS[1], 2), *_attack(*_T1_ATTACKS[2], 3),
        Step("Three stacks attacked by five Allied stacks: 5 supply points. End the action; both roll, the "
             "example's 5 to 4: the Allies again.", "onslaught 4.1", "done", dice=(5, 4),
             before=(Check("12 - 5 = 7 supply points left", path="supply_points/allied", eq=7),),
             after=(Check("the Allies won the roll", call="current_player", eq="allied"),)),
        Step("A Movement action: seven stacks, every remaining point.", "onslaught 4.1", "movement"),
        *_activate(_T1_STACKS, "Allied"),
        Step("End the action. The dice: 5 to 1, the Allies win, but with no supply points they can do nothing; "
             "rolled again, 1 to 3: the German's action.", "onslaught 4.1", "done", dice=(5, 1, 1, 3),
             before=(Check("all 7 points spent", path="supply_points/allied", eq=0),),
             after=(Check("the German takes the next action", call="current_player", eq="german"),)),
        Step("The German chooses a Movement action.", "onslaught 4.1", "movement"),
        *_activate(("4401", "5101", "4702", "4104"), "German"),
        Step("End it: 4 points spent moving up to counter-attack. The dice tie 5 to 5: the Action Step ends "
             "at once, and the German cannot make his attack.", "onslaught 4.1", "done", dice=(5, 5),
             before=(Check("8 - 4 = 4 German points", path="supply_points/german", eq=4),)),
        Step("The German Reserve Step (strategic moves only): three more stacks from the rear.",
             "onslaught 4.1", "activate 5402", highlight=("5402",)),
        Step("Done with this stack.", "onslaught 5.0", "done"),
        *_activate(("4903", "4904"), "German reserve"),
        Step("He keeps his last point and ends the Reserve Step.", "onslaught 4.1", "done",
             before=(Check("one point left", path="supply_points/german", eq=1),)),
        Step("The Reinforcement Step: no German reinforcements on turn 1; the Allied ones go to supply sources, "
             "the landing hexes (10.3).", "onslaught 10.3", "place us-29"),
        Step("At 0719.", "onslaught 10.3", "at 0719", highlight=("0719",)),
        Step("The next.", "onslaught 10.3", "place us-9"),
        Step("At 0920.", "onslaught 10.3", "at 0920", highlight=("0920",)),
        Step("The last.", "onslaught 10.3", "place us-79"),
        Step("At 1020.", "onslaught 10.3", "at 1020", highlight=("1020",),
             after=(Check("German replacement points: 2, +1 for three eliminated divisions (11.1)",
                          path="replacement_points/german", eq=3),)),
        Step("The German replaces a division eliminated in combat: the 709th to full strength (2 points).",
             "onslaught 4.1", "rebuild de-709 full"),
        Step("German replacements go anywhere in supply and three movement points from the Allies (11.4): "
             "first the area near 4408.", "onslaught 11.4", "near 4408"),
        Step("At 4408, in Germany.", "onslaught 11.4", "at 4408", highlight=("4408",)),
        Step("The last point buys nothing he wants: done. The Allies lost no division, so they cannot "
             "replace; supply comes in and the turn marker moves on.", "onslaught 4.1", "done",
             after=(Check("the 709th is back at full strength", path="units/de-709/full", eq=True),
                    Check("the standard German allotment: 1 + 8 = 9", path="supply_points/german", eq=9),
                    Check("the Allies get 12: all three landing hexes, no port", path="supply_points/allied",
                          eq=12),
                    Check("turn 2", path="turn", eq=2))),
    ),
    outcome="Turn 2: the German has 1 + 8 = 9 supply points, the Allies 0 + 12 (three landing hexes, no port).",
)

# reconstructed: an open clear stretch in France (1525, the first area with no river round it); the second
# German division (1st SS Panzer, 8) stands at 1726, next to where the 3rd Armored stops
BREAKTHROUGH = Lesson(
    id="onl-5-6-breakthrough", game=GAME, title="The breakthrough example", section="onslaught 5.6",
    summary="Two supply points send three armoured divisions through a German infantry division; two more "
            "send an armoured division out of a stack with infantry through the gap.",
    setup=(("started", {}), ("bare", {"places": {
        "de-91": "1525", "us-2ad": "1524", "br-7ad": "1524", "br-11ad": "1524",
        "us-3ad": "1624", "us-1": "1624", "us-4": "1624", "ss-1pz": "1726"}})),
    highlight=("1524", "1525", "1624"),
    steps=(
        Step("Choose a Breakthrough action: only armour may take part, each stack for 2 supply points (5.5).",
             "onslaught 5.5", "breakthrough"),
        Step("Activate the three armoured divisions next to the German infantry in 1525: 2 supply points.",
             "onslaught 5.6", "activate 1524", highlight=("1524",),
             after=(Check("12 - 2 = 10 supply points left", path="supply_points/allied", eq=10),)),
        Step("They attack first (5.5: either order).", "onslaught 5.5", "attack 1525", highlight=("1525", "de-91")),
        Step("Add the 2nd Armored.", "onslaught 7.0", "add us-2ad"),
        Step("Add the 7th Armoured.", "onslaught 7.0", "add br-7ad"),
        Step("Add the 11th Armoured: 18 against 4.", "onslaught 7.0", "add br-11ad",
             before=(Check("18 to 4 is 4:1 (rounded down)", preview="add br-11ad", key="odds", eq="4:1"),)),
        Step("The rulebook only says the German division is destroyed: a 5 at 4:1 is DE.", "onslaught 7.2",
             "resolve", dice=(5,),
             after=(Check("the German infantry is eliminated", path="units/de-91/box", eq="eliminated"),)),
        Step("No advance after combat: the stack moves through the hole instead.", "onslaught 5.6", "done"),
        Step("Move the 2nd Armored through the gap.", "onslaught 5.6", "move us-2ad"),
        Step("More than 60 hexes are in reach: pick the area near 1427 first (the map's blocks).",
             "onslaught 6.1", "near 1427"),
        Step("To 1527, beyond the old German line.", "onslaught 6.1", "to 1527", highlight=("1527",)),
        Step("The 7th Armoured follows.", "onslaught 5.6", "move br-7ad"),
        Step("More than 60 hexes are in reach: pick the area near 1427 first (the map's blocks).",
             "onslaught 6.1", "near 1427"),
        Step("To 1527.", "onslaught 6.1", "to 1527"),
        Step("The 11th Armoured follows.", "onslaught 5.6", "move br-11ad"),
        Step("More than 60 hexes are in reach: pick the area near 1427 first (the map's blocks).",
             "onslaught 6.1", "near 1427"),
        Step("To 1527: this stack has moved and fought.", "onslaught 6.1", "to 1527",
             after=(Check("the stack is through the gap", path="units/br-11ad/hex", eq="1527"),)),
        Step("Two more points activate the 3rd Armored, stacked with two infantry divisions: only armour is "
             "activated for a breakthrough (5.5).", "onslaught 5.6", "activate 1624", highlight=("1624",),
             after=(Check("10 - 2 = 8 supply points left", path="supply_points/allied", eq=8),
                    Check("only the armour is activated", path="flow/-1/armor", eq=["us-3ad"]))),
        Step("Move the 3rd Armored through the hole.", "onslaught 5.6", "move us-3ad"),
        Step("Again pick the area near 1427 first.", "onslaught 6.1", "near 1427"),
        Step("It stops at 1626, next to the 1st SS Panzer in 1726 (entering a ZOC stops it, 6.2).",
             "onslaught 6.2", "to 1626", highlight=("1626", "ss-1pz"),
             after=(Check("the 3rd Armored is at 1626", path="units/us-3ad/hex", eq="1626"),)),
        Step("The odds (6 against 8) are not in his favour: he does not attack.", "onslaught 5.6", "done",
             after=(Check("the infantry stayed behind, not activated", path="units/us-1/hex", eq="1624"),
                    Check("still 8 supply points", path="supply_points/allied", eq=8))),
    ),
    outcome="The German infantry is destroyed, three armoured divisions are through the gap, and the 3rd "
            "Armored stands next to the SS panzers without attacking: 4 supply points spent.",
)

# Le Havre (1219) is the illustration's own hex. On our map 1318 touches it over land (an "A" hex) and 1319 across
# the Seine estuary's sea hexside (a "B" hex); the Allied division starts at 1320 (reconstructed), two hexes
# from 1318 only through 1319
LE_HAVRE = Lesson(
    id="onl-6-2-le-havre", game=GAME, title="Zones of control do not cross water", section="onslaught 6.2",
    summary="The German division in Le Havre has a ZOC in the hexes it touches over land (A), not in those "
            "across water (B): a division can pass through a B hex and stops only in an A hex.",
    setup=(("started", {}), ("bare", {"places": {"de-91": "1219", "us-1": "1320"}})),
    highlight=("1219", "1318", "1319"),
    steps=(
        Step("A Movement action.", "onslaught 5.3", "movement"),
        Step("Activate the 1st Infantry at 1320.", "onslaught 5.2", "activate 1320", highlight=("1320",)),
        Step("Move it. 1319 is next to Le Havre but across the estuary: no ZOC there (6.2).", "onslaught 6.2",
             "move us-1", highlight=("1319",),
             after=(Check("to 1318 the move goes through 1319 without stopping", preview="to 1318", key="path",
                          eq=["1320", "1319", "1318"]),
                    Check("two hexes, two movement points", preview="to 1318", key="cost", eq=2))),
        Step("Pick the area near 1521 first (many hexes are in reach).", "onslaught 6.1", "near 1521"),
        Step("Into 1318: next to Le Havre over land, in its ZOC. The division stops there (6.2).",
             "onslaught 6.2", "to 1318", highlight=("1318",),
             after=(Check("the 1st Infantry is at 1318", path="units/us-1/hex", eq="1318"),)),
    ),
    outcome="Through the B hex 1319 without stopping; stopped in the A hex 1318.",
)

# Metz is the example's own hex; the two infantry divisions come from 4221 next door (reconstructed), and one
# Allied division waits on a landing hex far away
METZ = Lesson(
    id="onl-6-3-metz", game=GAME, title="Over-stacking in Metz", section="onslaught 6.3",
    summary="Two infantry divisions move into Metz where two armoured divisions stand: four in a hex is "
            "allowed during the action, as long as one armoured division leaves before it ends.",
    setup=(("started", {}), ("bare", {"places": {"de-21pz": "4121", "de-lehr": "4121", "de-352": "4221",
                                                 "de-77": "4221", "us-1": "0920"}}),
           ("german_action", {})),
    highlight=("4121", "4221"),
    steps=(
        Step("The German takes a Movement action (5.3).", "onslaught 5.3", "movement"),
        Step("Activate the two infantry divisions in 4221: 1 supply point for the stack (5.2).",
             "onslaught 5.2", "activate 4221", highlight=("4221",),
             after=(Check("8 - 1 = 7 German supply points", path="supply_points/german", eq=7),)),
        Step("Move the 352nd Infantry.", "onslaught 6.1", "move de-352"),
        Step("Many hexes are in reach: pick the area near 3820 first.", "onslaught 6.1", "near 3820"),
        Step("Into Metz, with the two armoured divisions: three in the hex.", "onslaught 6.3", "to 4121",
             highlight=("4121",)),
        Step("Move the 77th Infantry.", "onslaught 6.1", "move de-77"),
        Step("Many hexes are in reach: pick the area near 3820 first.", "onslaught 6.1", "near 3820"),
        Step("Into Metz as well: four divisions, one over the limit of three. That is fine during the action "
             "(6.3).", "onslaught 6.3", "to 4121",
             after=(Check("the 77th is in Metz", path="units/de-77/hex", eq="4121"),
                    Check("the action goes on: no over-stacking check yet", path="flow/-1/step",
                          eq="movement_action"))),
        Step("Before the action ends one armoured division must leave: activate the stack in Metz (another "
             "supply point).", "onslaught 6.3", "activate 4121", highlight=("4121",)),
        Step("Move the 21st Panzer.", "onslaught 6.1", "move de-21pz"),
        Step("Again the area near 3820 first.", "onslaught 6.1", "near 3820"),
        Step("Out to 4120.", "onslaught 6.3", "to 4120", highlight=("4120",)),
        Step("End the Movement action: Metz holds three divisions, nothing is removed.", "onslaught 6.3",
             "done",
             after=(Check("no division was lost to over-stacking", path="units/de-lehr/hex", eq="4121"),
                    Check("the 21st Panzer is out at 4120", path="units/de-21pz/hex", eq="4120"),
                    Check("two stacks activated: 6 German supply points left", path="supply_points/german",
                          eq=6))),
    ),
    outcome="Four divisions shared Metz during the action; with one armoured division gone the stack is legal.",
)

# reconstructed: the infantry division stands alone in the open at 1525, no German division on the map
STRATEGIC = Lesson(
    id="onl-6-4-strategic", game=GAME, title="Strategic movement", section="onslaught 6.4",
    summary="A division three or more movement points from every enemy triples its allowance: twelve hexes "
            "for a 4-MP infantry division.",
    setup=(("started", {}), ("bare", {"places": {"us-1": "1525"}})),
    highlight=("1525",),
    steps=(
        Step("Take a Movement action.", "onslaught 5.3", "movement"),
        Step("Activate the 1st Infantry (4 MP) in 1525.", "onslaught 5.2", "activate 1525", highlight=("1525",)),
        Step("Move it. No enemy division is within three movement points, so it may move strategically.",
             "onslaught 6.4", "move us-1", highlight=("us-1",)),
        Step("So many hexes are in reach that you first pick the area near 2521.", "onslaught 6.4", "near 2521"),
        Step("2418 is twelve hexes away: 3 x 4 MP (6.4).", "onslaught 6.4", "to 2418", highlight=("2418",),
             before=(Check("twelve movement points", preview="to 2418", key="cost", eq=12),
                     Check("a strategic move", preview="to 2418", key="mode", eq="strategic")),
             after=(Check("the 1st Infantry is at 2418", path="units/us-1/hex", eq="2418"),)),
    ),
    outcome="Tripled: the 4-MP division moves twelve hexes.",
)

# reconstructed: the same open stretch of France (1525) with nothing else near
COMBAT = Lesson(
    id="onl-7-0-combat", game=GAME, title="The combat example", section="onslaught 7.0",
    summary="Two infantry divisions (4 + 4) and an armoured division (6) attack an infantry division (4): 14:4 "
            "rounds down to 3:1, and a roll of 4 gives DH.",
    setup=(("started", {}), ("bare", {"places": {"de-91": "1525", "us-1": "1524", "us-4": "1524",
                                                 "us-2ad": "1625"}})),
    highlight=("1525", "1524", "1625"),
    steps=(
        Step("Choose a Combat action (5.4).", "onslaught 5.4", "combat"),
        Step("Attack the German infantry division in 1525.", "onslaught 7.0", "attack 1525",
             highlight=("1525", "de-91")),
        Step("Add the 1st Infantry (4).", "onslaught 7.0", "add us-1", highlight=("us-1",)),
        Step("Add the 4th Infantry (4).", "onslaught 7.0", "add us-4", highlight=("us-4",)),
        Step("Add the 2nd Armored (6): 4 + 4 + 6 = 14 against 4.", "onslaught 7.0", "add us-2ad",
             highlight=("us-2ad",),
             before=(Check("attack strength 14", preview="add us-2ad", key="attack", eq=14),
                     Check("defence strength 4", preview="add us-2ad", key="defence", eq=4),
                     Check("14:4 rounded down is 3:1", preview="add us-2ad", key="odds", eq="3:1"))),
        Step("The attacker rolls one die: the example's 4. On the 3:1 column that is DH.", "onslaught 7.0",
             "resolve", dice=(4,),
             after=(Check("DH: the defender is depleted", path="units/de-91/full", eq=False),
                    Check("two stacks paid: 12 - 2 = 10 supply points", path="supply_points/allied", eq=10))),
        Step("A DH also makes the survivors retreat two hexes (7.2, 7.3). The German chooses among the hexes "
             "two away that are out of Allied ZOC and not next to an attacker; he takes 1325.",
             "onslaught 7.3", "retreat de-91 1325", highlight=("1325",),
             before=(Check("five hexes two away qualify", legal=True,
                           eq=["retreat de-91 1325", "retreat de-91 1326", "retreat de-91 1427",
                               "retreat de-91 1527", "retreat de-91 1627"]),),
             after=(Check("the German division is at 1325", path="units/de-91/hex", eq="1325"),)),
        Step("The hex is empty: the attackers may advance (7.4). The armour could go one hex further; the "
             "2nd Armored just takes 1525.", "onslaught 7.4", "advance us-2ad 1525", highlight=("1525",)),
        Step("Done advancing.", "onslaught 7.4", "done",
             after=(Check("the 2nd Armored holds 1525", path="units/us-2ad/hex", eq="1525"),)),
    ),
    outcome="14:4 is 3:1; the 4 gives DH: the German division is depleted and retreats two hexes.",
)

# reconstructed (the test's position): a German infantry division east of the Rhine at 3502, surrounded by five
# Allied infantry divisions (its supply line is cut), attacked only by the 2nd Armored across the Rhine from 3603
MODIFIERS = Lesson(
    id="onl-7-1-modifiers", game=GAME, title="Combat modifiers add up", section="onslaught 7.1",
    summary="A stack that cannot trace supply (+1) attacked across a major waterway (-2): the modifier is -1.",
    setup=(("started", {}), ("bare", {"places": {"de-91": "3502", "us-1": "3501", "us-4": "3602",
                                                 "br-50": "3503", "ca-3": "3403", "br-3": "3402",
                                                 "us-2ad": "3603"}})),
    highlight=("3502", "3603"),
    steps=(
        Step("Take a Combat action.", "onslaught 5.4", "combat"),
        Step("Attack the German division in 3502: five Allied divisions surround it, so it cannot trace a "
             "supply line to the east edge (8.3).", "onslaught 8.3", "attack 3502", highlight=("3502", "de-91")),
        Step("Only the 2nd Armored attacks, from 3603 across the Rhine, a major waterway (6.5).",
             "onslaught 7.1", "add us-2ad", highlight=("us-2ad", "3603"),
             before=(Check("+1 for the unsupplied defender, -2 for the major waterway",
                           preview="add us-2ad", key="modifiers",
                           eq=[{"amount": 1, "reason": "the defending stack is out of supply",
                                "rule": "onslaught 8.6"},
                               {"amount": -2, "reason": "every attacker across a major waterway",
                                "rule": "onslaught 7.1"}]),
                     Check("6 against 4 is 1:1", preview="add us-2ad", key="odds", eq="1:1"))),
        Step("Resolve. The rulebook gives no roll: a 6 here, 6 - 1 = 5 on the 1:1 column, a DR. Surrounded, "
             "the division cannot retreat and is depleted instead (7.3).", "onslaught 7.1", "resolve", dice=(6,),
             after=(Check("depleted instead of retreating", path="units/de-91/full", eq=False),
                    Check("still in 3502", path="units/de-91/hex", eq="3502"))),
    ),
    outcome="The modifiers add up to -1: the 6 counts as a 5, a DR the surrounded division pays by depletion.",
)

# 8.2's own numbers: the Allied marker on 12 flipped to +30 is 42 points; the German is set at 35 to show his cap
# of 40. Turn 1's Allied reinforcements are held back (nothing to place) and the board is cleared but for one
# division a side (reconstructed)
LIMITS = Lesson(
    id="onl-8-2-supply-limits", game=GAME, title="Supply points accumulate, up to a limit", section="onslaught 8.2",
    summary="Unused supply points carry over: 42 (the 12 space, marker flipped to +30) plus 12 is 54; the "
            "German cannot pass 40, the excess is lost.",
    setup=(("started", {}), ("hold_back", {"turn": 1}),
           ("bare", {"places": {"us-1": "0920", "de-91": "4005"}}),
           ("set", {"path": "supply_points/allied", "value": 42}),
           ("set", {"path": "supply_points/german", "value": 35})),
    highlight=("0920",),
    steps=(
        Step("The Allied marker stands on 12, flipped to its +30 side: 42 points (8.2). Pass.", "onslaught 8.2",
             "pass", dice=(2, 5),
             before=(Check("42 Allied supply points", path="supply_points/allied", eq=42),)),
        Step("The German passes too: the Action Step ends.", "onslaught 5.0", "pass"),
        Step("End the Reserve Step. Then supply comes in (8.1).", "onslaught 8.1", "done",
             after=(Check("the German gets 8, but 35 + 8 stops at his maximum of 40", path="supply_points/german",
                          eq=40),
                    Check("the Allies keep their 42 and add 12: 54", path="supply_points/allied", eq=54))),
    ),
    outcome="Allied 42 + 12 = 54; German 35 + 8 = 43, cut to 40 (3 points lost).",
)

# reconstructed: the 8.4 diagram's situations on the real map (the rule test's position,
# tests/games/onslaught/test_supply.py): a German infantry division in a Westwall fortification (4005) surrounded
# by six Allied divisions; the 21st Panzer (2515) with Allied divisions two hexes round it; the 12th SS Panzer
# (1526) in the open; volksgrenadiers (3628) ringed by Allied ZOC with the 352nd Infantry in 3727 beside them
_DIAGRAM = {"de-91": "4005", "us-1": "4004", "us-4": "4104", "br-50": "4105", "ca-3": "4006", "br-3": "3905",
            "br-51": "3904", "de-21pz": "2515", "us-29": "2513", "us-2": "2314", "us-90": "2414", "us-9": "2614",
            "us-30": "2714", "us-79": "2315", "br-49": "2715", "br-15": "2316", "us-83": "2716", "us-8": "2417",
            "br-43": "2517", "br-53": "2617", "de-709": "3628", "de-352": "3727", "br-59": "3627", "us-35": "3526",
            "us-5": "3626", "ca-2": "3427", "us-28": "3428", "us-80": "3429", "us-26": "3529", "us-95": "3729",
            "us-102": "3829", "us-104": "3630", "de-12ss": "1526"}


def supplied(uid: str, ok: bool, says: str) -> Check:
    return Check(says, call="supplied", args=(uid,), eq=ok)


DIAGRAM = Lesson(
    id="onl-8-4-supply-diagram", game=GAME, title="The supply diagram", section="onslaught 8.4",
    summary="Infantry in fortifications are always in supply; a panzer division hemmed in by Allied ZOC is not; "
            "an SS panzer division with a path to the east edge is; volksgrenadiers surrounded by ZOC trace "
            "through a German-held hex.",
    setup=(("started", {}), ("bare", {"places": _DIAGRAM}), ("german_action", {})),
    highlight=("4005", "2515", "1526", "3628"),
    steps=(
        Step("The infantry division in the fortification at 4005 is surrounded, yet in supply: German divisions "
             "in fortifications always are (8.4).", "onslaught 8.4", highlight=("4005", "de-91"),
             before=(supplied("de-91", True, "the fortification infantry is in supply"),)),
        Step("The 21st Panzer at 2515 cannot reach the east edge without entering Allied ZOC: out of supply "
             "(8.3).", "onslaught 8.3", highlight=("2515", "de-21pz"),
             before=(supplied("de-21pz", False, "the panzer division is out of supply"),)),
        Step("The 12th SS Panzer at 1526 has open paths east: in supply.", "onslaught 8.4",
             highlight=("1526", "de-12ss"),
             before=(supplied("de-12ss", True, "the SS panzer division is in supply"),)),
        Step("The volksgrenadiers at 3628 are ringed by Allied ZOC, but the 352nd Infantry in 3727 makes that "
             "hex usable: a line may pass a ZOC hex a friendly division holds (8.3).", "onslaught 8.3",
             highlight=("3628", "3727", "de-709"),
             before=(supplied("de-709", True, "the volksgrenadiers trace through the 352nd's hex"),)),
        Step("See it: take a German Movement action.", "onslaught 5.3", "movement"),
        Step("Activate the 352nd in 3727.", "onslaught 5.2", "activate 3727", highlight=("3727",)),
        Step("Move it.", "onslaught 6.1", "move de-352"),
        Step("Away to 3925.", "onslaught 6.1", "to 3925", highlight=("3925",),
             after=(supplied("de-709", False, "without the 352nd in 3727 the volksgrenadiers are cut off"),)),
    ),
    outcome="In supply: the fortification infantry, the SS panzers, the volksgrenadiers (while the 352nd holds "
            "3727); out: the 21st Panzer.",
)

# reconstructed: the 82nd Airborne at full strength in the open at 1525, no German near; turn 5 as the example
PICKUP = Lesson(
    id="onl-9-1-pickup", game=GAME, title="Picking up a paratroop division", section="onslaught 9.1",
    summary="A full-strength paratroop division not in enemy ZOC, activated in a Movement action on turn 5, "
            "goes on the turn track at turn 8.",
    setup=(("started", {}), ("bare", {"places": {"us-82ab": "1525"}}), ("set", {"path": "turn", "value": 5})),
    highlight=("1525",),
    steps=(
        Step("Turn 5. Take a Movement action.", "onslaught 9.1", "movement"),
        Step("Activate the 82nd Airborne in 1525: full strength, no German ZOC.", "onslaught 9.1",
             "activate 1525", highlight=("us-82ab",)),
        Step("Instead of moving it, pick it up.", "onslaught 9.1", "pickup us-82ab",
             after=(Check("it is on the turn track", path="units/us-82ab/box", eq="track"),
                    Check("three turns ahead: turn 8", path="units/us-82ab/return_turn", eq=8))),
    ),
    outcome="Picked up on turn 5, the division is back in the Paratroop box on turn 8.",
)

# 11.1's own number: eleven eliminated German divisions. Reconstructed: eleven German infantry divisions in the
# Eliminated box, one division a side on the map, turn 1's Allied reinforcements held back
_ELEVEN = ("de-352", "de-77", "de-353", "de-275", "de-331", "de-84", "de-85", "de-276", "de-277", "de-272", "de-271")

REPLACEMENT_POINTS = Lesson(
    id="onl-11-1-replacement-points", game=GAME, title="Replacement points", section="onslaught 11.1",
    summary="The German gets 2 replacement points a turn and one more for every three divisions in his "
            "Eliminated box: with 11 there, 2 + 3 = 5.",
    setup=(("started", {}), ("hold_back", {"turn": 1}),
           ("bare", {"places": {"us-1": "0920", "de-91": "4005"}}),
           *(("set", {"path": f"units/{u}/box", "value": "eliminated"}) for u in _ELEVEN)),
    highlight=("0920",),
    steps=(
        Step("Eleven German divisions are in the Eliminated box. Pass to reach the Reinforcement Step.",
             "onslaught 11.1", "pass", dice=(2, 5)),
        Step("The German passes.", "onslaught 5.0", "pass"),
        Step("End the Reserve Step: replacement points come next.", "onslaught 11.1", "done",
             after=(Check("2 + 11 // 3 = 5 German replacement points", path="replacement_points/german", eq=5),
                    Check("the German decides what to rebuild", call="current_player", eq="german"))),
    ),
    outcome="11 eliminated divisions give 3 extra points (fractions dropped): 5 in all.",
)

# the optional rule 14.1's own case: a British and an American armoured division in one stack (reconstructed at
# 1525, the open stretch of France the other lessons use), the option on
COOPERATION = Lesson(
    id="onl-14-1-cooperation", game=GAME, title="Allied cooperation in a breakthrough (optional)",
    section="onslaught 14.1", options={"allied_cooperation": True},
    summary="With the optional rule, a British armoured division stacked with an American one breaks through "
            "separately: one is activated and finishes before the other, 2 supply points each.",
    setup=(("started", {}), ("bare", {"places": {"us-2ad": "1525", "br-7ad": "1525"}})),
    highlight=("1525",),
    steps=(
        Step("Optional rule 14.1 is on. Choose a Breakthrough action.", "onslaught 14.1", "breakthrough"),
        Step("The stack at 1525 holds the US 2nd Armored and the British 7th Armoured: they cannot break "
             "through together. Activate the American part first (2 points).", "onslaught 14.1",
             "activate 1525 us", highlight=("us-2ad",),
             before=(Check("the stack is offered in two parts", legal=True,
                           eq=["activate 1525 cw", "activate 1525 us", "done"]),),
             after=(Check("only the 2nd Armored is activated", path="flow/-1/armor", eq=["us-2ad"]),
                    Check("12 - 2 = 10 supply points", path="supply_points/allied", eq=10))),
        Step("It completes its breakthrough (here it neither moves nor attacks).", "onslaught 14.1", "done"),
        Step("Now the British armour, the rest of the stack, for 2 more points.", "onslaught 14.1", "activate 1525",
             highlight=("br-7ad",),
             after=(Check("only the 7th Armoured is activated", path="flow/-1/armor", eq=["br-7ad"]),
                    Check("10 - 2 = 8 supply points", path="supply_points/allied", eq=8))),
    ),
    outcome="Two activations, one per nation, 4 supply points in all.",
)

LESSONS = (SEQUENCE, TURN_ONE, BREAKTHROUGH, LE_HAVRE, METZ, STRATEGIC, COMBAT, MODIFIERS, LIMITS, DIAGRAM,
           PICKUP, REPLACEMENT_POINTS, COOPERATION)
