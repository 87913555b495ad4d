"""1944: Race to the Rhine with the Patch-Devers (Dragoon) expansion: the sequence of play, then every worked
example of the expansion text in its order (rttr 4.1 How to win, 4.4 Movement halted, 4.5 Truck Supplies, 4.6
Logistics Step twice, 4.8 Counter-attack, 4.9 Place Axis marker twice; the text's headings are numbered in
westfront/games/race_to_the_rhine/README.md). The text shows these positions in pictures we do not have: each
lesson places only what its example states on the real map, the rest of the board cleared; where more was
needed to make the stated outcome hold, the set-up says it is reconstructed and why. The examples roll no
dice: the Axis and Pursuit cards they reveal are put on top of their decks."""

from __future__ import annotations

from typing import Any

from ..core.state import State
from .format import Check, Lesson, Step
from .setup import register

GAME = "race-to-the-rhine"
PD = "patch_devers"


def clear_board(s: State) -> None:
    """No Axis marker or FFI marker on the map; Control only on the start spaces (as set up)."""
    s.g["axis"] = []
    s.g["ffi"] = {}


def put(s: State, corps: str, space: str, fuel: int = 2, ammo: int = 2, food: int = 2) -> None:
    """A Corps in ``space`` with these supplies on its card, face up."""
    s.g["corps"][corps].update(space=space, supplies={"fuel": fuel, "ammo": ammo, "food": food}, flipped=False)


def control(s: State, commander: str, spaces: list[str], medals: int = 0) -> None:
    """The commander's Control markers (``medals`` each, returned if counter-attacked); no Axis marker there."""
    for x in spaces:
        s.g["control"][x] = commander
        s.g["control_medals"][x] = medals
        if x in s.g["axis"]:
            s.g["axis"].remove(x)


def axis_top(s: State, cards: list[str]) -> None:
    """The Axis cards the example reveals, on top of the shared Axis deck in this order."""
    s.g["decks"]["axis"]["draw"] = list(cards) + s.g["decks"]["axis"]["draw"]


def pursuit_top(s: State, commander: str, cards: list[str]) -> None:
    s.g["decks"][commander]["draw"] = list(cards) + s.g["decks"][commander]["draw"]


def turn(s: State, commander: str) -> None:
    """The commander's player turn begins (inside round 1), at his first action."""
    from .setup import op_enter
    op_enter(s, [{"step": "round", "stage": "turns", "i": s.g["seats"].index(commander)},
                 {"step": "player_turn", "commander": commander}])


register(GAME, {"clear_board": clear_board, "put": put, "control": control, "axis_top": axis_top,
                "pursuit_top": pursuit_top, "turn": turn})


def has(path: str, what: Any, says: str) -> Check:
    return Check(says, path=path, contains=what)


def controller(space: str, who: str | None, says: str) -> Check:
    return Check(says, call="controller", args=(space,), eq=who)


def axis_at(space: str, says: str, yes: bool = True) -> Check:
    return Check(says, call="has_axis", args=(space,), eq=yes)


def passes(who: str, n: int, section: str = "rttr 4.2") -> Step:
    """A turn's action given up (two actions a turn, rttr 11, reconstructed): the examples' other moves."""
    return Step(f"{who} passes his action {n} (two actions a turn).", section, "pass")


# ----- the sequence of play --------------------------------------------------------------------------------

SEQUENCE = Lesson(
    id="rttr-sequence", game=GAME, title="The sequence of play", section="rttr 4.2",
    summary="A round is every commander's turn in turn order; a turn is two actions, then FFI movement "
            "(Patch-Devers only), then the Axis reaction, which places one marker from the supply: the clock.",
    options={"players": 2},
    setup=(("set", {"path": "axis_supply", "value": 24}),  # 12 a commander (tables.toml, reconstructed)
           ("pursuit_top", {"commander": PD, "cards": ["open_road"]})),
    steps=(
        Step("Two commanders play: Patton (Third Army) and Patch-Devers (6th Army Group). Turns go west to east, "
             "so Patton is first. Each turn: 1. take actions, 2. FFI movement (Patch-Devers only), 3. the Axis "
             "reaction (rttr 4.2).", "rttr 4.2", highlight=("avranches", "landing_zone"),
             before=(Check("24 Axis markers wait in the supply", path="axis_supply", eq=24),)),
        passes("Patton", 1),
        Step("Patton passes his second action too. He has no FFI movement, so the Axis reaction follows at "
             "once: his player aid's first free priority space, Nancy, takes an Axis marker (rttr 4.9).",
             "rttr 4.2", "pass", highlight=("nancy",),
             after=(axis_at("nancy", "an Axis marker now stands in Nancy"),
                    Check("one marker left the supply: 23", path="axis_supply", eq=23),
                    Check("Patch-Devers' turn begins", call="current_player", eq=PD))),
        Step("Patch-Devers' first action: move VI US Corps. Moving costs 1 Fuel from the Corps card (rttr 11.1).",
             "rttr 11.1", "move VI-US", highlight=("VI-US",),
             after=(Check("VI US has 1 Fuel left", path="corps/VI-US/supplies/fuel", eq=1),)),
        Step("Enter Draguignan: an empty space, so a Pursuit card is drawn (Open road, nothing happens) and a green "
             "Control marker goes there (rttr 11.1).", "rttr 11.1", "to draguignan", highlight=("draguignan",),
             after=(controller("draguignan", PD, "Draguignan is Patch-Devers'"),)),
        Step("Stop there; the action is over.", "rttr 11.1", "stop"),
        passes("Patch-Devers", 2),
        Step("FFI movement, Patch-Devers only, after his actions and before the Axis reaction: move one FFI marker "
             "one link. Send one from the Jura Maquis Zone to Lons-le-Saunier (rttr 3.3.1).", "rttr 3.3.1",
             "ffi jura lons_le_saunier", highlight=("jura", "lons_le_saunier"),
             before=(Check("the Jura Maquis Zone holds 3 FFI markers", path="ffi/jura", eq=3),
                     axis_at("mulhouse", "Mulhouse has no Axis marker yet", yes=False)),
             after=(Check("Lons-le-Saunier holds 1 FFI marker", path="ffi/lons_le_saunier", eq=1),
                    Check("the Axis reaction followed: 22 markers left", path="axis_supply", eq=22),
                    axis_at("mulhouse", "Belfort, first on Patch-Devers' aid, already holds one (a Fortified "
                                        "space, rttr 10.1): Mulhouse, the next, takes it"))),
    ),
    final=(Check("every commander has played: round 2 begins", path="round", eq=2),),
    outcome="Round 2 begins with Patton again; the game ends when the last Axis marker leaves the supply "
            "(that round is played out) or at once when a commander crosses the Rhine with an unbroken chain.",
)

# ----- rttr 3.3.2 FFI markers - impact on play: French Corps Support ----------------------------------------

# The text gives this rule without an example: a position built to show it. 1 FR Corps with no Ammo next to
# Pontarlier, where 2 FFI markers stand beside an Axis marker; the Axis card is an Infanterie-Division (2 Ammo).
FFI_SUPPORT = Lesson(
    id="rttr-3-3-2-ffi-support", game=GAME, title="FFI support: Ammo for a French Corps", section="rttr 3.3.2",
    summary="1 FR Corps enters Pontarlier without Ammo, discards the 2 FFI markers there for 2 Ammo and uses them "
            "at once to beat the Axis unit.",
    options={"players": 2},
    setup=(("clear_board", {}), ("put", {"corps": "I-FR", "space": "lons_le_saunier", "fuel": 2, "ammo": 0, "food": 2}),
           ("control", {"commander": PD, "spaces": ["lons_le_saunier"]}),
           ("set", {"path": "ffi", "value": {"pontarlier": 2}}), ("set", {"path": "axis", "value": ["pontarlier"]}),
           ("axis_top", {"cards": ["inf_div"]}), ("turn", {"commander": PD})),
    highlight=("pontarlier",),
    steps=(
        Step("1 FR Corps has no Ammo left. Move it (1 Fuel).", "rttr 11.1", "move I-FR", highlight=("I-FR",),
             before=(Check("1 FR holds 0 Ammo", path="corps/I-FR/supplies/ammo", eq=0),)),
        Step("Into Pontarlier: the Axis marker there means an Axis card, an Infanterie-Division.", "rttr 11.1",
             "to pontarlier", highlight=("pontarlier",),
             after=(Check("2 FFI markers stand in Pontarlier", path="ffi/pontarlier", eq=2),)),
        Step("Without Ammo it cannot pay; a French Corps may discard the FFI markers of its space for as many Ammo, "
             "as far as its card has free spaces (rttr 3.3.2). Discard both.", "rttr 3.3.2", "ffi 2",
             before=(Check("it may take 1 or 2", legal=True, contains="ffi 2"),),
             after=(Check("1 FR now holds 2 Ammo", path="corps/I-FR/supplies/ammo", eq=2),
                    Check("the FFI markers are gone", path="ffi", eq={}))),
        Step("Use them at once: pay the Infanterie-Division's 2 Ammo (rttr 4.7).", "rttr 4.7", "pay",
             after=(controller("pontarlier", PD, "Pontarlier is Patch-Devers'"),
                    Check("the Ammo is spent", path="corps/I-FR/supplies/ammo", eq=0))),
    ),
    outcome="The Resistance's 2 markers became 2 Ammo and took Pontarlier. VI US Corps could only have had +1 Ammo "
            "for that combat from them, never Ammo on its card nor the Fortified toll (rttr 3.3.2).",
)

# ----- rttr 3.3.3 Establishing contact ----------------------------------------------------------------------

# The text gives this rule without an example: the opening position of a 2-player game (FFI markers as set up,
# rttr 2: the Maquis Zones, Valence and Chalon-sur-Saone) plus 2 FFI moved to Besancon earlier (reconstructed);
# no Control marker on Dijon or Langres; the stock down to its last Truck.
CONTACT = Lesson(
    id="rttr-3-3-3-contact", game=GAME, title="Establishing contact, or losing it", section="rttr 3.3.3",
    summary="Patch-Devers reaches the first Logistics Step without a Control marker on Dijon or Langres: one FFI "
            "marker leaves every space outside the Maquis Zones.",
    options={"players": 2},
    setup=(("update", {"path": "ffi", "values": {"besancon": 2}}), ("set", {"path": "truck_stock", "value": 1}),
           ("turn", {"commander": PD})),
    highlight=("dijon", "langres", "besancon", "valence", "chalon_sur_saone"),
    steps=(
        Step("By the first Logistics Step Patch-Devers must have put a Control marker on Dijon or Langres (rttr "
             "3.3.3). He has not. Take the last Truck: the Logistics Step follows.", "rttr 3.3.3", "trucks 1",
             highlight=("dijon", "langres"),
             before=(controller("dijon", None, "Dijon is not his"), controller("langres", None, "nor Langres"),
                     Check("2 FFI markers in Besançon", path="ffi/besancon", eq=2),
                     Check("7 in the Alpes du Nord Maquis Zone", path="ffi/alpes_du_nord", eq=7)),
             after=(Check("Besançon keeps 1 of its 2, Valence and Chalon-sur-Saône lose theirs, the Maquis Zones "
                          "(Alpes du Nord 7, Alpes du Sud 2, Jura 3) keep all", path="ffi",
                          eq={"alpes_du_nord": 7, "alpes_du_sud": 2, "jura": 3, "besancon": 1}),)),
    ),
    outcome="Without contact one FFI marker left Besançon, Valence and Chalon-sur-Saône; the Maquis Zones kept "
            "theirs. A Control marker on Dijon or Langres, even one later counter-attacked, would have saved them.",
)

# ----- rttr 4.1 How to win the game: Freiburg ---------------------------------------------------------------

# The example's picture is not available: the chain of green Control markers is the shortest road from the
# Landing Zone to Colmar inside Patch-Devers' area (reconstructed; any unbroken chain will do), the Axis unit in
# Freiburg a Kampfgruppe (1 Ammo; the text does not name it), I FR with 3 Ammo.
_CHAIN = ["landing_zone", "draguignan", "digne", "alpes_du_sud", "gap", "alpes_du_nord", "chambery", "annecy",
          "jura", "pontarlier", "montbeliard", "belfort", "mulhouse", "colmar"]

FREIBURG = Lesson(
    id="rttr-4-1-freiburg", game=GAME, title="How to win: across the Rhine into Freiburg", section="rttr 4.1",
    summary="1 FR Corps crosses the Rhine from Colmar into Freiburg, Patch-Devers' Victory space, beats the Axis "
            "unit there and wins at once: a chain of his own Control markers leads back to the Landing Zone.",
    options={"players": 2},
    setup=(("clear_board", {}), ("control", {"commander": PD, "spaces": _CHAIN}),
           ("put", {"corps": "I-FR", "space": "colmar", "fuel": 2, "ammo": 3, "food": 1}),
           ("axis_top", {"cards": ["kampfgruppe"]}), ("turn", {"commander": PD})),
    highlight=("colmar", "freiburg"),
    steps=(
        Step("Green Control markers run unbroken from the Landing Zone to Colmar, where 1 FR Corps stands. Its "
             "Victory space, Freiburg, lies across the Rhine. Move 1 FR Corps (1 Fuel).", "rttr 4.1", "move I-FR",
             highlight=("I-FR",), before=(controller("colmar", PD, "Colmar is Patch-Devers'"),
                                          controller("landing_zone", PD, "so is the Landing Zone, his start"))),
        Step("Cross the Rhine into Freiburg. It holds an Axis flag, so the top Axis card is drawn: a Kampfgruppe "
             "(rttr 11.1).", "rttr 4.1", "to freiburg", highlight=("freiburg",),
             after=(Check("the Axis unit is a Kampfgruppe", path="flow/-1/card", eq="kampfgruppe"),)),
        Step("Spend the Ammo the card asks to defeat it (a Victory space asks 1 more, rttr 11.1, reconstructed); "
             "the Control marker goes on Freiburg.", "rttr 4.1", "pay",
             after=(controller("freiburg", PD, "Freiburg is Patch-Devers'"),)),
    ),
    final=(Check("Patch-Devers wins the game", result=True, eq=PD),),
    outcome="Patch-Devers wins: he holds Freiburg and an unbroken chain of his own Control markers back to his "
            "starting area.",
)

# ----- rttr 4.4 Movement halted: VI Corps at Remiremont -----------------------------------------------------

# Reconstructed: VI Corps starts in Vesoul (next to Lure), Lure already green; Devers commands (the example is
# at Logistics Level 3 beside it, reached only at the first Logistics Step; README: Patch's card would allow 4
# spaces, the example's "1 movement allowance left" after 2 spaces means 3).
HALTED = Lesson(
    id="rttr-4-4-movement-halted", game=GAME, title="Movement halted: VI Corps at Remiremont", section="rttr 4.4",
    summary="VI Corps spends 1 Fuel, passes through Lure (already controlled: no card), meets the 59. "
            "Infanterie-Division at Remiremont, beats it with 2 Ammo and is halted with 1 space of movement left.",
    options={"players": 2},
    setup=(("clear_board", {}), ("set", {"path": "commander_card", "value": "devers"}),
           ("put", {"corps": "VI-US", "space": "vesoul", "fuel": 2, "ammo": 2, "food": 2}),
           ("control", {"commander": PD, "spaces": ["vesoul", "lure"]}),
           ("set", {"path": "axis", "value": ["remiremont"]}),
           ("axis_top", {"cards": ["59_inf"]}), ("turn", {"commander": PD})),
    highlight=("lure", "remiremont"),
    steps=(
        Step("Use an action to move VI Corps: 1 Fuel begins the movement (rttr 11.1).", "rttr 4.4", "move VI-US",
             highlight=("VI-US",),
             after=(Check("VI Corps has 1 Fuel left", path="corps/VI-US/supplies/fuel", eq=1),
                    Check("3 spaces of movement", path="flow/-1/left", eq=3))),
        Step("Into Lure: it is already under a green Control marker, so no card is drawn.", "rttr 4.4", "to lure",
             highlight=("lure",),
             after=(Check("no Pursuit card drawn: the deck is untouched", path="decks/patch_devers/discard", eq=[]),
                    Check("2 spaces of movement left", path="flow/-1/left", eq=2))),
        Step("On to Remiremont, which holds an Axis marker: the top Axis card is drawn, the 59. "
             "Infanterie-Division.", "rttr 4.4", "to remiremont", highlight=("remiremont",),
             after=(Check("the card is the 59. Infanterie-Division", path="flow/-1/card", eq="59_inf"),)),
        Step("Spend VI Corps' 2 Ammo to defeat it. The card also halts the movement.", "rttr 4.4", "pay",
             after=(Check("VI Corps' Ammo is spent: 0", path="corps/VI-US/supplies/ammo", eq=0),
                    controller("remiremont", PD, "Remiremont is Patch-Devers'"),
                    Check("movement halted", path="flow/-1/halted", eq=True),
                    Check("1 movement allowance left", path="flow/-1/left", eq=1))),
        Step("He may spend his remaining Fuel to go on for that 1 space, or save it and end the movement here. "
             "The lesson saves the Fuel.", "rttr 4.4", "stop",
             before=(Check("continue (1 Fuel) or stop", legal=True, eq=["continue", "stop"]),),
             after=(Check("the Fuel is saved: 1 left", path="corps/VI-US/supplies/fuel", eq=1),)),
    ),
    outcome="VI Corps holds Remiremont with 1 Fuel and no Ammo; going on would have cost that last Fuel for 1 "
            "more space.",
)

# ----- rttr 4.5 Core action: Truck Supplies -----------------------------------------------------------------

# Reconstructed: the depot at Lons-le-Saunier holds 1 of each supply; VI Corps (Besançon) lacks Food and Ammo,
# 1 FR Corps (Bourg-en-Bresse) Fuel; the Truck of a previous round stands on Lons-le-Saunier - Besançon; Vesoul
# is green too, so that a fourth Truck (Besançon - Vesoul) could still go out, as Level 3 allows.
TRUCKS = Lesson(
    id="rttr-4-5-truck-supplies", game=GAME, title="Truck Supplies: around a used road", section="rttr 4.5",
    summary="At Logistics Level 3 (up to 4 Trucks) Patch-Devers trucks Food and Ammo from Lons-le-Saunier to VI "
            "Corps in Besançon by way of Pontarlier (2 Trucks), the direct road being taken, and Fuel to 1 FR "
            "Corps in Bourg-en-Bresse (1 Truck).",
    options={"players": 2},
    setup=(("clear_board", {}), ("put", {"corps": "VI-US", "space": "besancon", "fuel": 2, "ammo": 0, "food": 0}),
           ("put", {"corps": "I-FR", "space": "bourg_en_bresse", "fuel": 0, "ammo": 2, "food": 2}),
           ("control", {"commander": PD, "spaces": ["lons_le_saunier", "besancon", "pontarlier", "bourg_en_bresse",
                                                    "vesoul"]}),
           ("set", {"path": "level/patch_devers", "value": 3}), ("set", {"path": "trucks/patch_devers", "value": 6}),
           ("set", {"path": "trucks_on", "value": ["besancon|lons_le_saunier"]}),
           ("set", {"path": "bases/patch_devers/lons_le_saunier", "value": {"fuel": 1, "ammo": 1, "food": 1}}),
           ("turn", {"commander": PD})),
    highlight=("lons_le_saunier", "besancon", "bourg_en_bresse"),
    steps=(
        Step("Truck Supplies from the depot at Lons-le-Saunier (rttr 4.5).", "rttr 4.5", "truck lons_le_saunier",
             highlight=("lons_le_saunier",),
             after=(Check("the direct road to Besançon already has a Truck: not offered; Pontarlier and "
                          "Bourg-en-Bresse are", legal=True,
                          eq=["done", "link lons_le_saunier bourg_en_bresse", "link lons_le_saunier pontarlier"]),)),
        Step("Go round by Pontarlier: first Truck Lons-le-Saunier - Pontarlier.", "rttr 4.5",
             "link lons_le_saunier pontarlier", highlight=("pontarlier",)),
        Step("Second Truck Pontarlier - Besançon: the route is clear.", "rttr 4.5", "link pontarlier besancon",
             highlight=("besancon",)),
        Step("Load Food onto VI Corps.", "rttr 4.5", "load food VI-US", highlight=("VI-US",)),
        Step("And Ammo.", "rttr 4.5", "load ammo VI-US",
             after=(Check("VI Corps now holds 1 Food and 1 Ammo", path="corps/VI-US/supplies",
                          eq={"fuel": 2, "ammo": 1, "food": 1}),)),
        Step("The route may branch: a third Truck Lons-le-Saunier - Bourg-en-Bresse.", "rttr 4.5",
             "link lons_le_saunier bourg_en_bresse", highlight=("bourg_en_bresse",)),
        Step("Load the Fuel onto 1 FR Corps.", "rttr 4.5", "load fuel I-FR", highlight=("I-FR",),
             after=(Check("1 FR Corps has 1 Fuel", path="corps/I-FR/supplies/fuel", eq=1),
                    Check("3 Trucks placed with this action", path="flow/-1/placed", eq=3))),
        Step("Done: at Level 3 a fourth Truck could still have gone out with this action.", "rttr 4.5", "done",
             before=(Check("a fourth Truck may still go, Besançon - Vesoul", legal=True, contains="link besancon vesoul"),),
             after=(Check("3 of his 6 Trucks stand on the map", path="trucks/patch_devers", eq=3),)),
    ),
    outcome="VI Corps gets Food and Ammo by way of Pontarlier and 1 FR Corps its Fuel: 3 Trucks, one fewer than "
            "Level 3 allows.",
)

# ----- rttr 4.6 Logistics Step: the levels ------------------------------------------------------------------

# Four commanders; the stock is down to its last Truck (reconstructed), which Bradley takes.
LEVELS = Lesson(
    id="rttr-4-6-logistics-levels", game=GAME, title="The first Logistics Step: Logistics Levels", section="rttr 4.6",
    summary="Taking the last Truck brings the first Logistics Step: Bradley goes from Level 2 to 3, Patch-Devers "
            "straight from 1 to 3 (Devers replaces Patch), Montgomery and Patton from 1 to 2.",
    options={"players": 4},
    setup=(("set", {"path": "truck_stock", "value": 1}), ("turn", {"commander": "bradley"})),
    steps=(
        Step("Four commanders play. Bradley begins on Logistics Level 2, the others on 1 (rttr 2).", "rttr 4.6",
             before=(Check("levels at the start", path="level",
                           eq={"montgomery": 1, "bradley": 2, "patton": 1, "patch_devers": 1}),
                     Check("one Truck is left in the stock", path="truck_stock", eq=1))),
        Step("Bradley takes the last Truck: the Logistics Step follows his action (rttr 11.3).", "rttr 4.6",
             "trucks 1",
             after=(Check("Bradley 3, Patch-Devers 3, Montgomery and Patton 2", path="level",
                          eq={"montgomery": 2, "bradley": 3, "patton": 2, "patch_devers": 3}),
                    Check("Devers now commands Patch-Devers (rttr 3.1)", path="commander_card", eq="devers"),
                    Check("the Main Supply Base moves to Marseille (rttr 3.2)", path="main_base/patch_devers",
                          eq="marseille"),
                    Check("every Truck is back in the stock", path="trucks_on", eq=[]))),
    ),
    outcome="Bradley is on Level 3, Patch-Devers jumps from 1 to 3, Montgomery and Patton reach 2.",
)

# ----- rttr 4.6 Logistics Step: II FR Corps without Food ----------------------------------------------------

# Reconstructed: II FR at Avignon with no Food; 1 Food waits in the depot at Aix, next to Avignon, to be
# trucked there in the next round (the Logistics Step sends every Truck back, so Trucks are taken first; 3
# Trucks Patton holds from earlier rounds return to the stock with it).
FOOD = Lesson(
    id="rttr-4-6-no-food", game=GAME, title="Logistics Step: II FR Corps without Food", section="rttr 4.6",
    summary="At the Logistics Step II FR Corps has no Food and flips to its blank side; it cannot move until "
            "Food is trucked to it at Avignon.",
    options={"players": 2},
    setup=(("clear_board", {}), ("put", {"corps": "II-FR", "space": "avignon", "fuel": 2, "ammo": 2, "food": 0}),
           ("control", {"commander": PD, "spaces": ["avignon", "aix"]}), ("set", {"path": "truck_stock", "value": 1}),
           ("set", {"path": "bases/patch_devers/aix", "value": {"fuel": 0, "ammo": 0, "food": 1}}),
           ("set", {"path": "trucks/patton", "value": 3}), ("turn", {"commander": PD})),
    highlight=("avignon",),
    steps=(
        Step("II FR Corps in Avignon has no Food left. Take the last Truck: the Logistics Step follows the action "
             "(rttr 11.3, 13).", "rttr 4.6", "trucks 1", highlight=("II-FR",),
             before=(Check("II FR holds 0 Food", path="corps/II-FR/supplies/food", eq=0),),
             after=(Check("II FR flips to its blank side", path="corps/II-FR/flipped", eq=True),
                    Check("VI US, with Food, eats 1 and stays face up", path="corps/VI-US/supplies/food", eq=1))),
        Step("Flipped, II FR Corps may not move: 'move II-FR' is refused, citing rttr 4.6. The Trucks all went "
             "back to the stock: take 2 for the next round (Level 3 now, rttr 3.1).", "rttr 4.6", "trucks 2",
             before=(Check("II FR is still flipped", path="corps/II-FR/flipped", eq=True),)),
        passes("Patton", 1),
        passes("Patton", 2),
        Step("Patch-Devers' turn again: Truck Supplies from the depot at Aix.", "rttr 4.5", "truck aix",
             highlight=("aix",)),
        Step("One Truck Aix - Avignon.", "rttr 4.5", "link aix avignon", highlight=("aix", "avignon")),
        Step("Load the Food onto II FR Corps: it turns face up again.", "rttr 4.6", "load food II-FR",
             highlight=("II-FR",),
             after=(Check("II FR is face up", path="corps/II-FR/flipped", eq=False),
                    Check("and has 1 Food", path="corps/II-FR/supplies/food", eq=1))),
        Step("Done with the route.", "rttr 4.5", "done"),
    ),
    outcome="Without Food II FR Corps flipped at the Logistics Step and could not move until Food reached "
            "Avignon.",
)

# ----- rttr 4.8 Counter-attack: Besançon unprotected ---------------------------------------------------------

# Reconstructed: Belfort and Mulhouse, the first two spaces of Patch-Devers' aid, hold Axis markers, so his own
# Axis reaction walks on to Besançon (third on the aid); every Corps is back at its start, far away; one FFI
# marker in Pontarlier could step into Besançon and protect it (rttr 3.3.2) - the example has none there.
BESANCON = Lesson(
    id="rttr-4-8-besancon", game=GAME, title="Counter-attack: Besançon unprotected", section="rttr 4.8",
    summary="No Allied Corps in or next to Besançon, and uncontrolled Vesoul next to it chains to Düsseldorf: the "
            "Axis reaction counter-attacks it, the Control marker goes and its Medal returns.",
    options={"players": 2},
    setup=(("clear_board", {}), ("control", {"commander": PD, "spaces": ["besancon"], "medals": 1}),
           ("set", {"path": "medals/patch_devers", "value": 1}),
           ("set", {"path": "axis", "value": ["belfort", "mulhouse"]}),
           ("set", {"path": "ffi", "value": {"pontarlier": 1}}), ("turn", {"commander": PD})),
    highlight=("besancon", "vesoul"),
    steps=(
        Step("Besançon carries Patch-Devers' Control marker, worth 1 Medal. No Allied Corps stands in it or next "
             "to it, and Vesoul next door is uncontrolled, with a chain of uncontrolled spaces to Düsseldorf "
             "(rttr 4.8). Patch-Devers passes his first action.", "rttr 4.8", "pass",
             highlight=("besancon", "vesoul"),
             before=(controller("besancon", PD, "Besançon is Patch-Devers'"),
                     controller("vesoul", None, "Vesoul is uncontrolled"),
                     Check("Patch-Devers has 1 Medal", path="medals/patch_devers", eq=1))),
        passes("Patch-Devers", 2),
        Step("FFI movement: a marker stepping from Pontarlier into Besançon would protect it, as neither an Axis "
             "marker nor a counter-attack may go where FFI stand (rttr 3.3.2). As in the example, leave "
             "Besançon bare: pass.", "rttr 3.3.1", "pass", highlight=("pontarlier", "besancon"),
             before=(has("flow/-1/step", "ffi_move", "the FFI movement step"),),
             after=(controller("besancon", None, "the Axis reaction counter-attacked: Besançon's Control marker "
                                                 "is removed"),
                    Check("its Medal is returned: Patch-Devers has 0", path="medals/patch_devers", eq=0))),
    ),
    outcome="The Axis reaction counter-attacks Besançon: Patch-Devers' Control marker is removed and the Medal for "
            "taking it goes back to the supply.",
)

# ----- rttr 4.9 Place Axis marker: Le Thillot, the last marker ---------------------------------------------

# Reconstructed so that Le Thillot is where the last marker must go: Bradley's aid is used up (Axis markers on
# all its spaces), Colmar and Gérardmer hold Axis markers (the chain to Freiburg), and every other space the
# placement criteria allow holds an Allied Control marker of its area's commander or, in Patch-Devers' area,
# an FFI marker. The Medals are set so that the played-out round has one winner.
_BRADLEY_AID = ["aachen", "liege", "namur", "sedan", "bastogne", "laon", "soissons", "charleroi"]
THILLOT = Lesson(
    id="rttr-4-9-le-thillot", game=GAME, title="Place Axis marker: the last one, in Le Thillot", section="rttr 4.9",
    summary="At the end of Bradley's turn the last Axis marker goes to Le Thillot, in Patch-Devers' area: next to "
            "Gérardmer, whose marker chains to flagged Freiburg. The last marker triggers the end of the game.",
    options={"players": 4},
    setup=(("clear_board", {}), ("set", {"path": "axis", "value": ["colmar", "gerardmer", *_BRADLEY_AID]}),
           ("control", {"commander": "montgomery", "spaces": ["kleve", "nijmegen", "venlo"]}),
           ("control", {"commander": "bradley", "spaces": ["bonn", "dusseldorf"]}),
           ("control", {"commander": "patton", "spaces": ["bad_kreuznach", "worms", "karlsruhe"]}),
           ("set", {"path": "ffi", "value": {"mulhouse": 1, "remiremont": 1, "saint_die": 1, "strasbourg": 1}}),
           ("set", {"path": "axis_supply", "value": 1}),
           ("set", {"path": "medals", "value": {"montgomery": 4, "bradley": 5, "patton": 3, "patch_devers": 2}}),
           ("turn", {"commander": "bradley"})),
    highlight=("le_thillot", "gerardmer", "colmar", "freiburg"),
    steps=(
        Step("One Axis marker is left in the supply. Bradley passes his first action.", "rttr 4.9", "pass",
             before=(Check("1 Axis marker in the supply", path="axis_supply", eq=1),
                     axis_at("gerardmer", "Gérardmer, next to Le Thillot, holds an Axis marker"),
                     axis_at("colmar", "and so does Colmar, next to Freiburg: the chain"))),
        Step("His second action: pass. Now the Axis reaction: every space of Bradley's aid already holds an Axis "
             "marker, so the placement criteria choose, and Le Thillot is the one space they allow (rttr 4.9).",
             "rttr 4.9", "pass", highlight=("le_thillot",),
             after=(axis_at("le_thillot", "the last Axis marker stands in Le Thillot"),
                    Check("the supply is empty", path="axis_supply", eq=0),
                    Check("the end of the game is triggered", path="end_triggered", eq=True))),
        passes("Patton", 1, "rttr 14"),
        Step("The round is played out (rttr 14, reconstructed): Patton passes again.", "rttr 14", "pass"),
        passes("Patch-Devers", 1, "rttr 14"),
        passes("Patch-Devers", 2, "rttr 14"),
        Step("No FFI movement for him here: pass. The round ends and the Medals decide.", "rttr 14", "pass"),
    ),
    final=(Check("Bradley, with the most Medals (5), wins", result=True, eq="bradley"),),
    outcome="The last Axis marker went to Le Thillot; the round was played out and the Medals decided.",
)

# ----- rttr 4.9 Place Axis marker: Patton with no Priority spaces -------------------------------------------

# Reconstructed: Patton's aid is used up (Axis markers on its spaces, Trier his with XII US Corps in it); XX US
# Corps waits in Thionville. From Trier, Bad Kreuznach is 2 links, Worms 3 (nearest Allied Corps). In round 3 XX
# US takes Saarbrücken (Fortified: 1 Ammo toll, then a Kampfgruppe, 1 Ammo), next to both Birkenfeld and
# Kaiserslautern, so the two tie on every criterion.
_PATTON_AID = ["metz", "nancy", "verdun", "reims", "chartres", "le_mans", "saarbrucken"]
PATTON = Lesson(
    id="rttr-4-9-patton-no-priority", game=GAME, title="Place Axis marker: Patton with no Priority spaces",
    section="rttr 4.9",
    summary="With his aid used up Patton's markers go by the criteria, towards Mainz: Bad Kreuznach (nearer an "
            "Allied Corps than Worms), then Worms, then a tie between Birkenfeld and Kaiserslautern that "
            "Patch-Devers, to Patton's right, decides: Kaiserslautern.",
    options={"players": 2},
    setup=(("clear_board", {}), ("set", {"path": "axis", "value": _PATTON_AID}),
           ("control", {"commander": "patton", "spaces": ["trier", "thionville"]}),
           ("put", {"corps": "XII-US", "space": "trier"}), ("put", {"corps": "XX-US", "space": "thionville"}),
           ("axis_top", {"cards": ["kampfgruppe"]}), ("turn", {"commander": "patton"})),
    highlight=("mainz", "bad_kreuznach", "worms", "birkenfeld", "kaiserslautern"),
    steps=(
        Step("Every space of Patton's aid holds an Axis marker or his Control: his markers now go by the "
             "placement criteria, towards his Victory space, Mainz (rttr 4.9). Pass the first action.",
             "rttr 4.9", "pass", highlight=("mainz",)),
        Step("Pass again. Bad Kreuznach and Worms are both next to Mainz; Bad Kreuznach is 2 links from XII US "
             "Corps in Trier, Worms 3, so the marker goes to Bad Kreuznach.", "rttr 4.9", "pass",
             highlight=("bad_kreuznach", "worms", "XII-US"),
             after=(axis_at("bad_kreuznach", "the marker is in Bad Kreuznach"),
                    axis_at("worms", "Worms stays empty", yes=False))),
        passes("Patch-Devers", 1),
        Step("Patch-Devers passes too; his own marker goes by his aid.", "rttr 4.9", "pass"),
        passes("Patton", 1),
        Step("Round 2: Worms is now the free space closest to Mainz.", "rttr 4.9", "pass", highlight=("worms",),
             after=(axis_at("worms", "the marker is in Worms"),)),
        passes("Patch-Devers", 1),
        passes("Patch-Devers", 2),
        Step("Round 3. The spaces left closest to Mainz are Birkenfeld and Kaiserslautern, 2 links. Move XX US "
             "Corps from Thionville to bring it next to both (rttr 11.1).", "rttr 4.9", "move XX-US",
             highlight=("XX-US",)),
        Step("Into Saarbrücken: Fortified (1 Ammo) and Axis-held: the top Axis card is a Kampfgruppe.", "rttr 11.1",
             "to saarbrucken", highlight=("saarbrucken",)),
        Step("Pay 1 Ammo to beat it.", "rttr 11.1", "pay",
             after=(controller("saarbrucken", "patton", "Saarbrücken is Patton's"),)),
        Step("Stop in Saarbrücken.", "rttr 11.1", "stop"),
        Step("Pass the second action. Birkenfeld and Kaiserslautern now tie: both 2 links from Mainz, both next to "
             "an Allied Corps, neither Fortified.", "rttr 4.9", "pass",
             highlight=("birkenfeld", "kaiserslautern"),
             after=(Check("Patch-Devers, to Patton's right, decides", call="current_player", eq=PD),
                    Check("between Birkenfeld and Kaiserslautern", legal=True,
                          eq=["place birkenfeld", "place kaiserslautern"]))),
        Step("Patch-Devers places the marker in Kaiserslautern.", "rttr 4.9", "place kaiserslautern",
             highlight=("kaiserslautern",),
             after=(axis_at("kaiserslautern", "the marker is in Kaiserslautern"),
                    axis_at("birkenfeld", "Birkenfeld stays empty", yes=False))),
    ),
    outcome="Bad Kreuznach, then Worms, then Kaiserslautern by Patch-Devers' choice: Patton's markers close in on "
            "Mainz.",
)

LESSONS = (SEQUENCE, FFI_SUPPORT, CONTACT, FREIBURG, HALTED, TRUCKS, LEVELS, FOOD, BESANCON, THILLOT, PATTON)
