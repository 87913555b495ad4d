"""The engine contract (ARCHITECTURE.md §2) and the flow interpreter behind it.

A game's whole position lives in one JSON-able dict, ``State.g``. The sequence of
play is a stack of *frames* kept inside ``g["flow"]``; each frame names a
:class:`Step` (a phase, a sub-phase, one decision) and carries that step's local
variables. Only the top frame asks a question. Steps move the game on with
``call`` (push a child step), ``goto`` (replace the current step) and ``end``
(pop, handing a value back to the parent's ``resume``). Because the stack is
data, a game can be saved, cloned or searched at any decision, even in the
middle of a retreat inside a combat inside a phase.

Design borrowed from Rally the Troops' rules modules (named states with a prompt
and handlers) and OpenSpiel's State API (clone, legal actions, chance).
"""

from __future__ import annotations

import marshal
import os
import pickle
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from .actions import Action, Event
from .canon import canonical_json as canonical_json  # re-exported: what state hashes are made of
from .canon import digest as digest
from .errors import IllegalAction
from .rng import Rng, seed_state
from .savefile import dump_state

RUNAWAY_LIMIT = 100_000
CONCEDE = "concede"
"""The verb of a concession (``concede <side>``): accepted from any seated side at any time
while the game runs, never listed in ``legal_actions()`` (agents and RL never resign)."""


# --------------------------------------------------------------------------
# Descriptions of games, scenarios, options and results
# --------------------------------------------------------------------------
@dataclass(frozen=True)
class ScenarioInfo:
    id: str
    title: str
    description: str = ""


@dataclass(frozen=True)
class OptionInfo:
    id: str
    title: str
    description: str = ""
    default: Any = False
    choices: tuple[Any, ...] | None = None  # None: boolean flag
    rule: str | None = None

    def coerce(self, value: Any) -> Any:
        """Turn CLI/HTTP text into the option's type, or raise ValueError."""
        if self.choices is None:
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.lower() in ("1", "true", "yes", "on"):
                return True
            if isinstance(value, str) and value.lower() in ("0", "false", "no", "off"):
                return False
            if isinstance(value, int) and value in (0, 1):
                return bool(value)
            raise ValueError(f"option {self.id} is on/off; got {value!r}")
        for c in self.choices:
            if value == c or str(value) == str(c):
                return c
        raise ValueError(f"option {self.id} must be one of {', '.join(map(str, self.choices))}; got {value!r}")


@dataclass(frozen=True)
class Seating:
    """Who takes part when the options read ``when`` (pairs of option id and value): a game whose
    seats depend on more than a player count (Race to the Rhine: base game or with Patch-Devers)."""

    when: tuple[tuple[str, Any], ...]
    sides: tuple[str, ...]

    def matches(self, options: dict[str, Any]) -> bool:
        return all(str(options.get(k)) == str(v) for k, v in self.when)


@dataclass(frozen=True)
class GameInfo:
    id: str
    title: str
    players: tuple[str, ...]
    scenarios: tuple[ScenarioInfo, ...]
    options: tuple[OptionInfo, ...] = ()
    rulebook: str | None = None
    description: str = ""
    map_kind: str = "hex"  # "hex" or "p2p"
    cite_as: tuple[str, ...] = ()  # prefixes tests use to cite rules, e.g. ("onslaught",) for "# onslaught 7.3"
    seat_count_option: str | None = None  # an option N that seats only the first N of ``players`` (1-4 player games)
    seatings: tuple[Seating, ...] = ()  # when given: the first whose options match says who plays (else ValueError)

    def seated(self, options: dict[str, Any] | None = None) -> tuple[str, ...]:
        """The sides that take part with these options: the first matching ``seatings`` entry, else every
        player, or the first N when the game's ``seat_count_option`` says how many."""
        if self.seatings:
            known = {o.id: o for o in self.options}
            full = {o.id: o.default for o in self.options}
            for k, v in (options or {}).items():
                full[k] = known[k].coerce(v) if k in known else v
            for seating in self.seatings:
                if seating.matches(full):
                    return seating.sides
            keys = [k for k, _ in self.seatings[0].when]
            raise ValueError(f"{self.id}: no seating for " + ", ".join(f"{k}={full.get(k)}" for k in keys)
                             + "; possible: " + "; ".join(", ".join(f"{k}={v}" for k, v in x.when)
                                                          for x in self.seatings))
        if self.seat_count_option is None:
            return self.players
        default = next((o.default for o in self.options if o.id == self.seat_count_option), len(self.players))
        n = int((options or {}).get(self.seat_count_option, default))
        return self.players[:max(1, min(n, len(self.players)))]

    def opponent(self, side: str) -> str:
        """The other side of a two-player game (``ValueError`` for more seats or an unknown side)."""
        if len(self.players) != 2 or side not in self.players:
            raise ValueError(f"{self.id}: {side!r} has no single opponent among {self.players}")
        return self.players[1] if side == self.players[0] else self.players[0]

    def rule(self, section: str) -> str:
        """A citation in the form tests and events use: ``INFO.rule("7.2")`` -> ``"onslaught 7.2"``."""
        return f"{self.cite_as[0] if self.cite_as else self.id} {section}"

    def scenario(self, sid: str) -> ScenarioInfo:
        for s in self.scenarios:
            if s.id == sid:
                return s
        raise KeyError(sid)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class Result:
    """How a game ended. ``winner`` None means a draw."""

    winner: str | None
    level: str | None = None
    reason: str = ""
    scores: dict[str, float] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"winner": self.winner, "level": self.level, "reason": self.reason, "scores": dict(self.scores)}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Result:
        return cls(d.get("winner"), d.get("level"), d.get("reason", ""), dict(d.get("scores", {})))


# --------------------------------------------------------------------------
# Steps
# --------------------------------------------------------------------------
S = TypeVar("S", bound="State")


class Step(Generic[S]):
    """One named state of the sequence of play.

    Subclasses set ``name`` and override what they need. A step that asks a
    question implements ``player``, ``prompt`` and ``actions``/``apply``; a step
    that only sequences other steps implements ``begin`` and ``resume``.
    Parameterise it with the game's state class: ``class Phase(Step["MyState"])``.
    """

    name: ClassVar[str] = ""

    def begin(self, s: S, f: dict[str, Any]) -> None:
        """Entered. Default: wait for a decision."""

    def resume(self, s: S, f: dict[str, Any], ret: Any) -> None:
        """A child step ended with ``ret``. Default: wait for a decision."""

    def player(self, s: S, f: dict[str, Any]) -> str:
        raise NotImplementedError(f"step {self.name} asks no question")

    def prompt(self, s: S, f: dict[str, Any]) -> str:
        return self.name.replace("_", " ")

    def actions(self, s: S, f: dict[str, Any]) -> list[Action]:
        raise NotImplementedError(f"step {self.name} asks no question")

    def apply(self, s: S, f: dict[str, Any], a: Action) -> None:
        """Dispatch to the handler named after the action: ``resolve`` -> ``on_resolve(s, f)``,
        ``move u 0405`` -> ``on_move(s, f, "u", "0405")`` (hyphens in verbs become underscores)."""
        name = _HANDLER_NAMES.get(a.verb)
        if name is None:
            name = _HANDLER_NAMES[a.verb] = "on_" + a.verb.replace("-", "_")
        handler = getattr(self, name, None)
        if handler is None:
            raise NotImplementedError(f"step {self.name} has no handler on_{a.verb} for {a}")
        handler(s, f, *a.args)

    def explain(self, s: S, f: dict[str, Any], a: Action) -> str | None:
        """Why ``a`` is illegal here, citing the rule; None for the generic message."""
        return None


_HANDLER_NAMES: dict[str, str] = {}  # verb -> its handler's method name


class Procedure(Step[S]):
    """A step that runs named stages in order, like a sequence-of-play chart.

    ``stages`` names methods of the subclass, each ``stage(s, f)`` a few lines
    citing its rule. A stage may make one flow transition (``s.call`` a child
    step, ``s.goto``, ``s.end``, ``s.finish``); the procedure then waits, and when
    a called child ends it runs the optional ``<stage>_done(s, f, ret)`` and goes
    on with the next stage. A stage (or its ``_done``) may return the name of
    the stage to run next instead: its own name repeats it, a later one skips
    ahead. After the last stage the procedure ends (``s.end()``) unless the stage
    moved on itself. The frame keeps the stage by name (``f["stage"]``), so saves,
    clones and replays work mid-sequence.

    ``legacy_stages`` maps an integer stage from saves written before stages had
    names (index into that tuple) to its name.
    """

    stages: ClassVar[tuple[str, ...]] = ()
    legacy_stages: ClassVar[tuple[str, ...] | None] = None

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        for st in cls.stages:
            if hasattr(Step, st) or st.startswith("_") or not callable(getattr(cls, st, None)):
                raise TypeError(f"{cls.__name__}: stage {st!r} must name a method of its own")

    def begin(self, s: S, f: dict[str, Any]) -> None:
        self._run_from(s, f, self.stages[0])

    def resume(self, s: S, f: dict[str, Any], ret: Any) -> None:
        current = self.stage_of(f)
        done = getattr(self, current + "_done", None)
        nxt = done(s, f, ret) if done is not None else None
        if s.transitioned:
            return
        if nxt is None:
            nxt = self._after(current)
        self._run_from(s, f, nxt)

    def stage_of(self, f: dict[str, Any]) -> str:
        st = f["stage"]
        if isinstance(st, int):  # a save from before named stages
            st = (self.legacy_stages or self.stages)[st]
            f["stage"] = st
        return str(st)

    def _after(self, stage: str) -> str | None:
        i = self.stages.index(stage) + 1
        return self.stages[i] if i < len(self.stages) else None

    def _run_from(self, s: S, f: dict[str, Any], stage: str | None) -> None:
        while stage is not None:
            if stage not in self.stages:
                raise KeyError(f"{self.name}: no stage {stage!r}")
            f["stage"] = stage
            nxt = getattr(self, stage)(s, f)
            if s.transitioned:
                return
            stage = nxt if nxt is not None else self._after(stage)
        s.end()


def fast_copy(obj: Any) -> Any:
    """Deep copy of JSON-like data: marshal (C, ~12 % faster than pickle on positions, several
    times faster than copy.deepcopy); pickle for anything marshal refuses (custom types). Format 2
    keeps no back-references (JSON data shares no objects), which loads ~10 % faster than the default."""
    try:
        return marshal.loads(marshal.dumps(obj, 2))
    except ValueError:
        return pickle.loads(pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL))


def copy_g(g: dict[str, Any], flat: tuple[str, ...] = (), shared: tuple[str, ...] = ()) -> dict[str, Any]:
    """Deep copy of a game's ``g``; the keys in ``flat`` are tables copied one level down, the keys
    in ``shared`` tables copied without their records (copy-on-write, see ``State.COPY_ON_WRITE``).

    A flat table maps ids to scalars or to records (dicts or lists) of scalars — a unit table
    like ``{"u-1": {"hex": "0405", "steps": 2}}``. Copying each record with ``dict.copy`` is
    several times faster than pickling it, and unit tables are most of a position; sharing the
    records is faster still.
    """
    if not flat and not shared:
        return fast_copy(g)
    rest = fast_copy({k: v for k, v in g.items() if k not in flat and k not in shared})
    out: dict[str, Any] = {}
    for k, v in g.items():
        if k in shared:
            out[k] = v.copy()
        elif k in flat:
            out[k] = {i: (r.copy() if r.__class__ is dict or r.__class__ is list else r) for i, r in v.items()}
        else:
            out[k] = rest[k]
    return out


class SharedRecord(dict):  # type: ignore[type-arg]
    """Debug mode (``State.CHECK_CACHE``): a record of a copy-on-write table, or a nested dict of a
    game that shares ``g`` (``State.SHARE_G``), held read-only.

    Clones share the records of ``State.COPY_ON_WRITE`` tables, so a write must go through
    ``State.edit`` (which copies the record first); in a ``SHARE_G`` game they share every nested
    value of ``g`` too, so a write must go through ``State.mut``. In the debug mode every such value
    is one of these (or a :class:`SharedList`) after each action and each clone, and a write that
    bypasses ``edit``/``mut`` — or goes to a value fetched before they replaced it — raises at once
    instead of changing a clone's position. Saved, hashed and pickled as a plain dict."""

    __slots__ = ("where",)

    def __init__(self, rec: dict[str, Any], where: str = "") -> None:
        super().__init__(rec)
        self.where = where

    def _refuse(self, *args: Any, **kw: Any) -> Any:
        raise AssertionError(f"write to the shared record {self.where} behind State.edit()/State.mut(): clones "
                             f"share it, so a write must take it from edit() or mut() first")

    __setitem__ = __delitem__ = update = pop = popitem = setdefault = clear = __ior__ = _refuse

    def __reduce__(self) -> Any:
        return (dict, (dict(self),))


class SharedList(list):  # type: ignore[type-arg]
    """Debug mode: a nested list of ``g`` in a ``SHARE_G`` game (or a frame's list), held read-only
    like :class:`SharedRecord`. Saved, hashed and pickled as a plain list."""

    __slots__ = ("where",)

    def __init__(self, items: Iterable[Any], where: str = "") -> None:
        super().__init__(items)
        self.where = where

    def _refuse(self, *args: Any, **kw: Any) -> Any:
        raise AssertionError(f"write to the shared list {self.where} behind State.edit()/State.mut(): clones "
                             f"share it, so a write must take it from mut() first")

    __setitem__ = __delitem__ = append = extend = insert = pop = remove = clear = sort = reverse = _refuse
    __iadd__ = __imul__ = _refuse

    def __reduce__(self) -> Any:
        return (list, (list(self),))


def freeze(v: Any, where: str) -> Any:
    """Debug mode: ``v`` with every dict and list replaced by a read-only :class:`SharedRecord` /
    :class:`SharedList` (values already frozen are kept as they are)."""
    cls = v.__class__
    if cls is dict:
        return SharedRecord({k: freeze(x, f"{where}[{k!r}]") for k, x in v.items()}, where)
    if cls is list:
        return SharedList([freeze(x, f"{where}[{i}]") for i, x in enumerate(v)], where)
    return v


_MINE = True  # ``State._owned[key]`` of a plain key of ``g`` that this state may write in place


def check_independent(a: Any, b: Any, where: str = "g") -> None:
    """Raise if ``b`` is not an equal copy of ``a`` sharing no dict or list with it."""
    if a != b:
        raise AssertionError(f"clone differs from the original at {where}")
    _check_unshared(a, b, where)


def _check_unshared(a: Any, b: Any, where: str) -> None:
    if a.__class__ is SharedRecord or a.__class__ is SharedList:
        return  # read-only in the debug mode: a copy-on-write value, shared on purpose
    if isinstance(a, (dict, list)):
        if a is b:
            raise AssertionError(f"clone shares a mutable {type(a).__name__} with the original at {where}")
        items = a.items() if isinstance(a, dict) else enumerate(a)
        for k, v in items:
            _check_unshared(v, b[k], f"{where}[{k!r}]")


def same_fact(a: Any, b: Any) -> bool:
    """Whether two derived facts are equal (by ``==``, or by content for plain objects)."""
    if a == b:
        return True
    if type(a) is type(b) and type(a).__eq__ is object.__eq__:
        return pickle.dumps(a) == pickle.dumps(b)
    return False


# --------------------------------------------------------------------------
# The State
# --------------------------------------------------------------------------
class State:
    """Base class of every game's state: the engine contract.

    Subclasses set ``INFO`` and ``STEPS`` and implement ``setup`` (build ``g``
    and push the first step) and ``view``. Everything else — legality checks,
    atomic application, events, hashing, saving, cloning — is shared.
    """

    INFO: ClassVar[GameInfo]
    STEPS: ClassVar[dict[str, Step[Any]]] = {}
    FLAT_TABLES: ClassVar[tuple[str, ...]] = ()
    """Keys of ``g`` holding flat tables (see :func:`copy_g`), copied record by record by ``clone``."""
    COPY_ON_WRITE: ClassVar[tuple[str, ...]] = ()
    """Keys of ``g`` holding tables of records (id -> dict of scalars, e.g. units) that ``clone``
    does not copy: the clone gets a new table holding the same records, and a record is copied on
    its first write after a clone, by :meth:`edit`. So every write to such a record goes through
    ``edit`` (fetch it from there before writing, and write through what it returned); the debug
    mode holds shared records read-only (:class:`SharedRecord`) so a write that bypasses it fails.
    Adding or removing records in the table itself is a plain write (the table is not shared)."""
    SHARE_G: ClassVar[bool] = False
    """Copy-on-write ``g`` (docs/performance.md "Copy-on-write g"): ``clone`` copies only the top level
    of ``g`` and shares every nested value — the small tables, the ``COPY_ON_WRITE`` tables, the flow
    stack, history and log — with its original. So every in-place write to a nested value of ``g`` goes
    through :meth:`mut` (``s.mut("rp")["allied"] -= 2``; adding or removing a record of a
    ``COPY_ON_WRITE`` table too, while its records are written through ``edit``; a plain
    ``g[key] = value`` needs nothing), the flow is copied by ``apply`` before a step runs, and
    history and log are copied on their next append. The ``FLAT_TABLES`` of such a game map ids to
    scalars (``mut`` copies them with ``dict.copy``). The debug mode holds every shared value
    read-only, so a write that bypasses ``mut`` fails. False (the default): ``clone`` deep-copies."""
    CHECK_CACHE: ClassVar[bool] = os.environ.get("WESTFRONT_CHECK_CACHE", "") not in ("", "0")
    """Debug mode (``WESTFRONT_CHECK_CACHE=1``, or :func:`checking_cache` in tests): after every
    action recompute each memoised fact from scratch and fail loudly when a cached value
    differs — a helper changed the position without ``touch()``. Clones are checked to be
    equal and independent copies too."""

    __slots__ = ("g", "history", "log", "memo", "_legal", "_events", "_ops", "_transitioned", "_forced",
                 "_memo_fns", "_local", "_owned", "_tail_shared")

    def __init__(self, g: dict[str, Any], history: list[str] | None = None, log: list[Event] | None = None):
        self.g = g
        self.history: list[str] = history if history is not None else []
        self.log: list[Event] = log if log is not None else []
        self._legal: list[Action] | None = None
        self._events: list[Event] | None = None
        self._ops: list[tuple[str, Any]] = []
        self._transitioned = False
        self._forced: list[int] | None = None
        self.memo: dict[Any, Any] = {}
        """Derived facts of this position (unit index, ZOC, supply…), see ``cached`` and ``touch``."""
        self._memo_fns: dict[Any, Any] | None = None  # debug mode: how each memo entry is computed
        self._local: dict[Any, int] | None = None  # memo key -> footprint of the facts that are local (``cached``)
        self._owned: dict[str, Any] | None = None  # since the last clone: COPY_ON_WRITE table -> ids of the
        # records this state may write in place (copied since); for SHARE_G, key of g -> _MINE when its value was
        # copied (``mut``). None: everything is this state's own (never cloned, nothing shared)
        self._tail_shared = False  # SHARE_G: history and log are shared with a clone (copied on the next append)

    # ----- construction --------------------------------------------------
    @classmethod
    def new(cls, scenario: str, options: dict[str, Any], seed: int) -> State:
        g: dict[str, Any] = {
            "game": cls.INFO.id,
            "meta": {"scenario": scenario, "options": options, "seed": seed},
            "rng": seed_state(seed),
            "flow": [],
            "result": None,
        }
        s = cls(g)
        s._events = []
        s.setup(scenario, options)
        s._run()
        s.log.extend(s._events)
        s._events = None
        return s

    def setup(self, scenario: str, options: dict[str, Any]) -> None:
        """Fill ``self.g`` for the scenario and ``call`` the first step."""
        raise NotImplementedError

    # ----- the contract ------------------------------------------------------
    def current_player(self) -> str | None:
        f = self._top()
        if f is None:
            return None
        return self._step(f).player(self, f)

    def prompt(self) -> str:
        f = self._top()
        if f is None:
            r = self.result()
            return f"Game over: {r.reason}" if r else "Game over"
        return self._step(f).prompt(self, f)

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            f = self._top()
            self._legal = [] if f is None else list(self._step(f).actions(self, f))
        return list(self._legal)

    def legal_as(self, other: State) -> None:
        """Take ``other``'s legal actions as this position's, without listing them again: a search's copy
        of its root that differs only in the dice (westfront.ai.mcts). The list is never written to."""
        if other._legal is None:
            other.legal_actions()
        self._legal = other._legal

    def is_terminal(self) -> bool:
        return not self.g["flow"]

    def result(self) -> Result | None:
        r = self.g.get("result")
        return Result.from_dict(r) if r else None

    def parse(self, text: str) -> Action:
        """Parse action text and check it is legal now; raises IllegalAction."""
        try:
            a = Action.parse(text)
        except ValueError as e:
            raise IllegalAction(f"malformed action {text!r}: {e}", action=text) from None
        self._check_legal(a)
        return a

    def apply(self, action: Action | str) -> list[Event]:
        """Apply one legal action; returns its events. Illegal: raises, state unchanged."""
        if isinstance(action, str):
            a = self.parse(action)
        elif isinstance(action, Action):
            a = action
            self._check_legal(a)
        else:
            raise IllegalAction(f"an action must be text or Action, not {type(action).__name__}")
        if self.SHARE_G:
            self.mut("flow")  # steps write their frames in place: this state's own copy first
        f = self._top()
        assert f is not None
        self._events = []
        self._legal = None
        self._transitioned = False
        if a.verb == CONCEDE:
            self._concede(a.args[0])
        else:
            self._step(f).apply(self, f, a)
        self._run()
        events = self._events
        self._events = None
        if self._tail_shared:
            self._own_tail()
        self.history.append(str(a))
        self.log.extend(events)
        if self.CHECK_CACHE:
            self.check_memo(f"after '{a}'")
            self._share_records()  # so the next action's writes must go through edit() too
        return events

    def view(self, player: str | None) -> dict[str, Any]:
        """What ``player`` may see (None: a spectator). Games extend ``base_view``."""
        return self.base_view(player)

    @classmethod
    def labels(cls) -> dict[str, Any]:
        """The names people read for the ids in action texts, log texts and prompts, served once
        per game (docs/view-contract.md, "Labels"): ``{"names": {id: name}, "patterns": [{"match":
        regex, "name": template}], "actions": {verb: template}, "help": {verb: explanation}}``. Static and the same for every
        seat, so it may only hold what is public to all (the counter mix, places, boxes)."""
        return {}

    def piece_ids(self) -> frozenset[str]:
        """Every name of a piece an action may use, when some may be hidden from a side (1944's units and
        phantoms, SFN's units): refusals then answer a name the side cannot identify as an unknown one
        (core/refusals.py). Empty (the default): nothing a piece is called is secret."""
        return frozenset()

    def not_legal_reason(self, text: str) -> str:
        """The refusal of an action the current decision knows nothing specific about."""
        verbs = sorted({x.verb for x in self.legal_actions()})
        return f"'{text}' is not legal now ({self.prompt()}); legal verbs here: {', '.join(verbs) or 'none'}"

    def to_json(self) -> str:
        return dump_state(self.INFO.id, self.g, list(self.history), self.current_player())

    def hash(self) -> str:
        return digest(self.g)

    def clone(self) -> State:
        """An independent copy. Derived facts are shared: cached values are never mutated
        (new ones replace them), and searching agents clone thousands of times. The records of
        ``COPY_ON_WRITE`` tables are shared too, until one side writes one (``edit``); in a ``SHARE_G``
        game every nested value of ``g`` is (``mut``, :meth:`_clone_shared`)."""
        if self.SHARE_G:
            return self._clone_shared()
        cow = self.COPY_ON_WRITE
        if cow:
            if self.CHECK_CACHE:
                self._share_records()
            else:
                self._owned = {}  # both sides copy a record before writing it
        c = self.__class__(self.clone_g(), list(self.history), list(self.log))
        if cow:
            c._owned = {}
        c.memo = dict(self.memo)
        if self._local:
            c._local = dict(self._local)
        if self.CHECK_CACHE:
            # the recipes are not copied: they close over this state, not the clone; the shared
            # values stay checked here, which also catches a clone mutating one in place
            check_independent(self.g, c.g)
        return c

    def _clone_shared(self) -> State:
        """``clone`` of a ``SHARE_G`` game: a new top level of ``g`` sharing every nested value (the
        ``COPY_ON_WRITE`` tables too), history, log and the legal list; both sides copy a value before
        writing it (``mut``, ``edit``, ``apply``). Built without ``__init__``: every slot is set here."""
        if self.CHECK_CACHE:
            self._share_records()
        cls = self.__class__
        c = cls.__new__(cls)
        g = self.g
        cg = c.g = g.copy()  # COPY_ON_WRITE tables shared too: edit()/mut() copy one before its first write
        self._owned = {}
        c._owned = {}
        c.history = self.history
        c.log = self.log
        self._tail_shared = c._tail_shared = True
        c._legal = self._legal  # a derived fact of the position like the memo, never changed in place
        c._events = None
        c._ops = []
        c._transitioned = False
        c._forced = None
        c.memo = self.memo.copy()
        c._memo_fns = None
        local = self._local
        c._local = local.copy() if local else None
        if self.CHECK_CACHE:
            check_independent(g, cg)
        return c

    def mut(self, key: str) -> Any:
        """``g[key]`` to write to in place (a dict or list of ``g``): in a ``SHARE_G`` game, a value a
        clone may share is copied first (deeply; one level for ``FLAT_TABLES``) and the copy replaces it
        in this state's ``g``. Take the value from here before the first in-place write and write
        through what this returned — a value fetched earlier may be the shared one. Assigning
        ``g[key] = new`` needs no ``mut``. Other games: ``g[key]`` itself."""
        owned = self._owned
        if owned is None or key in owned or not self.SHARE_G:
            return self.g[key]
        v = self.g[key]
        if key in self.COPY_ON_WRITE:  # the table (to add or remove records), its records still shared
            v = self.g[key] = v.copy()
            owned[key] = set()
            return v
        if v.__class__ is not dict and v.__class__ is not list and not isinstance(v, (dict, list)):
            return v  # a scalar or None: nothing to copy (assign g[key] to change it)
        v = self.g[key] = v.copy() if key in self.FLAT_TABLES else fast_copy(v)
        owned[key] = _MINE
        return v

    def _own_tail(self) -> None:
        """History and log shared with a clone (``SHARE_G``) become this state's own before an append."""
        self.history = list(self.history)
        self.log = list(self.log)
        self._tail_shared = False

    def clone_g(self) -> dict[str, Any]:
        """A deep copy of ``g`` for ``clone``: pickled, except the ``FLAT_TABLES`` copied record by
        record and the ``COPY_ON_WRITE`` tables copied without their records. A game with another
        layout may override this; the debug mode checks the result."""
        return copy_g(self.g, self.FLAT_TABLES, self.COPY_ON_WRITE)

    def edit(self, table: str, key: str) -> dict[str, Any]:
        """``g[table][key]`` to write to: the record of a ``COPY_ON_WRITE`` table, copied first if a
        clone may share it (the copy replaces it in this state's table). Take the record from here
        before the first write and write through what this returned — a record fetched earlier
        may be the shared one."""
        rec: dict[str, Any] = self.g[table][key]
        owned = self._owned
        if owned is None:
            return rec
        mine = owned.get(table)
        if mine is None:
            if table not in self.COPY_ON_WRITE:
                return rec
            if self.SHARE_G:  # the table itself is shared with a clone too: this state's own copy first
                self.g[table] = self.g[table].copy()
            mine = owned[table] = set()
        elif key in mine:
            return rec
        rec = self.g[table][key] = dict(rec)
        mine.add(key)
        return rec

    def _share_records(self) -> None:
        """Debug mode: hold every record of the ``COPY_ON_WRITE`` tables read-only (see
        :class:`SharedRecord`) and own none, as if a clone shared them all; in a ``SHARE_G`` game
        every other dict and list of ``g`` (the flow's frames too) as well."""
        g = self.g
        cow = self.COPY_ON_WRITE
        for t in cow:
            table = g[t]
            if self.SHARE_G:  # the table is shared too: held read-only with its records
                if table.__class__ is not SharedRecord:
                    g[t] = SharedRecord({k: SharedRecord(rec, f"g[{t!r}][{k!r}]") if rec.__class__ is dict else rec
                                         for k, rec in table.items()}, f"g[{t!r}]")
                continue
            for k, rec in table.items():
                if rec.__class__ is dict:
                    table[k] = SharedRecord(rec, f"g[{t!r}][{k!r}]")
        if self.SHARE_G:
            flat = self.FLAT_TABLES
            for k, v in g.items():
                if k in cow or (v.__class__ is not dict and v.__class__ is not list):
                    continue
                if k in flat and isinstance(v, dict):
                    bad = next((i for i, x in v.items() if isinstance(x, (dict, list))), None)
                    if bad is not None:
                        raise AssertionError(f"g[{k!r}][{bad!r}]: a FLAT_TABLES table of a SHARE_G game maps ids "
                                             f"to scalars (make a table of records COPY_ON_WRITE)")
                    g[k] = SharedRecord(v, f"g[{k!r}]")
                else:
                    g[k] = freeze(v, f"g[{k!r}]")
            self._tail_shared = True
        self._owned = {}

    # ----- derived facts -------------------------------------------------------
    def cached(self, key: Any, compute: Any, footprint: int | None = None) -> Any:
        """``memo[key]``, computed by ``compute()`` the first time after the position changed.

        ``compute`` must be a pure function of the position (no dice, no changes to ``g``).

        ``footprint`` (a bitboard of hex slots) makes the fact *local*: it depends only on what
        stands on those hexes (pieces, control) and on what its key names (the unit, its hex, its
        allowance), so it survives ``touch(hexes)`` when ``hexes`` misses the footprint — a move
        from A to B keeps the reach of a unit far from both. A full ``touch()`` drops it like any
        other fact, and the debug mode recomputes it after every action like any other."""
        memo = self.memo
        if key in memo:
            return memo[key]
        value = memo[key] = compute()
        if footprint is not None:
            if self._local is None:
                self._local = {}
            self._local[key] = footprint
        if self.CHECK_CACHE:
            if self._memo_fns is None:
                self._memo_fns = {}
            self._memo_fns[key] = compute
        return value

    def keep_fact(self, key: Any, value: Any, compute: Any) -> None:
        """Put back a derived fact that :meth:`touch` dropped, brought up to date by the caller (a unit index
        updated for one move instead of rebuilt); ``compute`` is its recipe from scratch, which the debug mode
        (``WESTFRONT_CHECK_CACHE``) checks the kept value against after the action."""
        self.memo[key] = value
        if self.CHECK_CACHE:
            if self._memo_fns is None:
                self._memo_fns = {}
            self._memo_fns[key] = compute

    def check_memo(self, when: str = "") -> None:
        """Debug mode: recompute every memoised fact from scratch and compare with the cache."""
        fns = self._memo_fns
        if not fns or not self.memo:
            return
        kept = dict(self.memo)
        local = self._local
        try:
            for key, old in kept.items():
                fn = fns.get(key)
                if fn is None:
                    continue
                self.memo = {}
                fresh = fn()
                if not same_fact(old, fresh):
                    raise AssertionError(
                        f"{self.INFO.id}: stale derived fact {key!r} {when}: cached {old!r:.200} but the position "
                        f"gives {fresh!r:.200} — a helper changed the position without touch()")
        finally:
            self.memo = kept
            self._local = local

    def touch(self, hexes: int | None = None) -> None:
        """The position changed (a unit moved, control flipped…): forget derived facts.

        ``hexes``: the change is confined to these hex slots (a bitboard: a piece left one hex and
        entered another, nothing else changed), so local facts whose footprint misses them are
        kept (see ``cached``). Every other fact is forgotten either way."""
        local = self._local
        if hexes is None or not local:
            self.memo.clear()
            self._local = None
            if self._memo_fns is not None:
                self._memo_fns.clear()
        else:
            memo = self.memo
            keep = {k: fp for k, fp in local.items() if not fp & hexes}
            self.memo = {k: memo[k] for k in keep}
            self._local = keep or None
            fns = self._memo_fns
            if fns is not None:
                self._memo_fns = {k: fns[k] for k in keep if k in fns}
        self._legal = None

    def rule(self, section: str) -> str:
        """This game's citation for a rule section: ``s.rule("7.2")`` -> ``"onslaught 7.2"``."""
        return self.INFO.rule(section)

    @property
    def transitioned(self) -> bool:
        """Whether the running handler has already made its flow transition."""
        return self._transitioned

    # ----- helpers for views and previews ----------------------------------
    def base_view(self, player: str | None) -> dict[str, Any]:
        cur = self.current_player()
        r = self.result()
        return {
            "game": self.INFO.id,
            "scenario": self.g["meta"]["scenario"],
            "options": self.g["meta"]["options"],
            "viewer": player,
            "current_player": cur,
            "prompt": self.prompt() if (player is None or player == cur) else self.waiting_text(),
            "result": r.to_dict() if r else None,
        }

    def waiting_text(self) -> str:
        cur = self.current_player()
        return f"Waiting for {cur}" if cur else self.prompt()

    def preview(self, action: Action | str) -> dict[str, Any] | None:
        """Optional: what an action would do (path cost, odds, dice) without doing it."""
        return None

    def visible_log(self, player: str | None) -> list[Event]:
        return [e for e in self.log if is_visible(e, player)]

    def action_visible_to(self, actor: str, action: str, events: list[Event], viewer: str | None) -> bool:
        """Whether ``viewer`` (None: a spectator) may read the text of ``actor``'s ``action``.

        Action records (server log, replay) show the text to the actor always. The default
        treats an action as public when every event it produced is visible to the viewer;
        a game whose actions can name something secret *without* emitting a hidden event
        (placing a hidden unit, choosing a secret card) must override this and decide from
        the action itself, never from an event list that may be empty.
        """
        if viewer is not None and viewer == actor:
            return True
        return all(is_visible(e, viewer) for e in events)

    # ----- flow control (used by steps) ------------------------------------
    @property
    def rng(self) -> Rng:
        return Rng(self.g, forced=self._forced)

    @property
    def options(self) -> dict[str, Any]:
        return self.g["meta"]["options"]

    @property
    def scenario(self) -> str:
        return self.g["meta"]["scenario"]

    def call(self, step: str, **local: Any) -> None:
        self._transition()
        if step not in self.STEPS:
            raise KeyError(f"unknown step {step!r}")
        frame = {"step": step, **local}
        self.g["flow"].append(frame)
        self._ops.append(("begin", frame))

    def goto(self, step: str, **local: Any) -> None:
        self._transition()
        if step not in self.STEPS:
            raise KeyError(f"unknown step {step!r}")
        frame = {"step": step, **local}
        self.g["flow"][-1] = frame
        self._ops.append(("begin", frame))

    def end(self, ret: Any = None) -> None:
        self._transition()
        self.g["flow"].pop()
        if self.g["flow"]:
            self._ops.append(("resume", (self.g["flow"][-1], ret)))

    def finish(self, result: Result) -> None:
        """End the game now (sudden death, victory check, resignation)."""
        self.g["result"] = result.to_dict()
        self.mut("flow").clear()
        self._ops.clear()
        self._transitioned = True
        self.emit("game_over", text=f"Game over: {result.reason}", result=result.to_dict())

    def emit(self, type: str, **fields: Any) -> Event:
        ev: Event = {"type": type, **fields}
        if self._events is not None:
            self._events.append(ev)
        else:
            if self._tail_shared:
                self._own_tail()
            self.log.append(ev)
        return ev

    def roll(self, sides: int, n: int = 1, *, why: str = "", side: str | None = None, rule: str | None = None) -> list[int]:
        """Roll ``n`` dice from the game's RNG; every roll is an event."""
        rng = self.rng
        values = [rng.die(sides) for _ in range(n)]
        ev: dict[str, Any] = {"sides": sides, "values": values, "why": why}
        if side:
            ev["side"] = side
        if rule:
            ev["rule"] = rule
        self.emit("roll", **ev)
        return values

    def frame(self) -> dict[str, Any] | None:
        return self._top()

    def frames(self) -> list[dict[str, Any]]:
        return self.g["flow"]

    # ----- internals --------------------------------------------------------
    def _top(self) -> dict[str, Any] | None:
        flow = self.g["flow"]
        return flow[-1] if flow else None

    def _step(self, f: dict[str, Any]) -> Step[Any]:
        return self.STEPS[f["step"]]

    def _transition(self) -> None:
        if self._transitioned:
            raise RuntimeError("a step handler may make only one flow transition (call, goto, end)")
        self._transitioned = True

    def _run(self) -> None:
        n = 0
        while self._ops:
            n += 1
            if n > RUNAWAY_LIMIT:
                raise RuntimeError("runaway flow: too many automatic steps without a decision")
            op, arg = self._ops.pop(0)
            self._transitioned = False
            if op == "begin":
                frame = arg
                if not self.g["flow"] or self.g["flow"][-1] is not frame:
                    continue
                self._step(frame).begin(self, frame)
            else:
                frame, ret = arg
                if not self.g["flow"] or self.g["flow"][-1] is not frame:
                    continue
                self._step(frame).resume(self, frame, ret)
        self._transitioned = False
        self._legal = None

    # ----- concession -------------------------------------------------------
    def concession_result(self, side: str) -> Result:
        """How the game ends when ``side`` concedes. Two sides: the other one wins. A game with
        more seats overrides this to rank those who remain (the default declares no winner)."""
        rest = [x for x in self.INFO.seated(self.options) if x != side]
        name = self.side_name(side)
        if len(rest) == 1:
            return Result(rest[0], "concession", f"{name} concedes; {self.side_name(rest[0])} wins")
        return Result(None, "concession", f"{name} concedes; the game ends without a winner")

    @classmethod
    def side_name(cls, side: str) -> str:
        """The name players read for a side id: the game's label for it, else the id as words."""
        names = cls.labels().get("names") or {}
        return str(names.get(side) or side.replace("_", " ").replace("-", " ").title())

    def _check_concession(self, a: Action) -> None:
        seated = self.INFO.seated(self.options)
        if self._top() is None:
            raise IllegalAction("the game is over; nobody can concede it", action=str(a))
        if len(a.args) != 1 or a.args[0] not in seated:
            raise IllegalAction(f"'{a}': name the side that concedes, one of {', '.join(seated)}", action=str(a))

    def _concede(self, side: str) -> None:
        self.emit("concession", side=side, text=f"{self.side_name(side)} concedes the game")
        self.finish(self.concession_result(side))

    def _check_legal(self, a: Action) -> None:
        if a.verb == CONCEDE:
            self._check_concession(a)
            return
        if self._legal is None:
            self.legal_actions()
        legal = self._legal
        assert legal is not None
        for x in legal:  # interned actions: the chosen one is usually the very object listed
            if x is a:
                return
        if a in legal:  # an equal action built another way
            return
        f = self._top()
        if f is None:
            raise IllegalAction("the game is over; no action is legal", action=str(a))
        reason = self._step(f).explain(self, f, a)
        if not reason:
            reason = self.not_legal_reason(str(a))
        raise IllegalAction(reason, action=str(a))


class PureMemo:
    """A process-wide memo of a pure function of hashable arguments (bitboards in, a fact out).

    For the part of a derived fact that is expensive and depends only on a few bitboards — a
    supply flood on (sources, passable hexes), a ZOC on the units' hexes — so positions that
    differ elsewhere share it: after an Allied move the German ZOC is the one already computed,
    and the mover's own supply is too when the move changed no hex its trace may pass. The
    position's memo (``State.cached``) still holds the fact; this only makes recomputing it
    cheap. Bounded: forgotten all at once when full. In the debug mode every hit is recomputed
    and compared, so a ``fn`` that reads anything besides its arguments fails loudly."""

    __slots__ = ("fn", "table", "limit")

    def __init__(self, fn: Any, limit: int = 2048):
        self.fn = fn
        self.table: dict[Any, Any] = {}
        self.limit = limit

    def __call__(self, *args: Any) -> Any:
        got = self.table.get(args)
        if got is None:
            got = self.fn(*args)
            if len(self.table) >= self.limit:
                self.table.clear()
            self.table[args] = got
        elif State.CHECK_CACHE:
            fresh = self.fn(*args)
            if not same_fact(got, fresh):
                raise AssertionError(f"PureMemo of {self.fn.__qualname__}: stale {got!r:.200}, fresh {fresh!r:.200}")
        return got


class checking_cache:  # noqa: N801 - used like a function: ``with checking_cache(): ...``
    """Turn the cache debug mode (``State.CHECK_CACHE``) on inside a ``with`` block."""

    def __init__(self, on: bool = True) -> None:
        self.on = on
        self.saved = State.CHECK_CACHE

    def __enter__(self) -> None:
        self.saved = State.CHECK_CACHE
        State.CHECK_CACHE = self.on

    def __exit__(self, *exc: object) -> None:
        State.CHECK_CACHE = self.saved


def conceding_side(text: str) -> str | None:
    """The side a concession text (``concede <side>``) names; None for any other action."""
    parts = text.split()
    return parts[1] if len(parts) == 2 and parts[0] == CONCEDE else None


def is_visible(ev: Event, player: str | None) -> bool:
    vis = ev.get("visible_to")
    return vis is None or (player is not None and player in vis)


def is_undo_barrier(events: Iterable[Event], player_before: str | None, player_after: str | None) -> bool:
    """True when an action revealed information (dice, hidden units) or handed over control."""
    if player_before != player_after:
        return True
    return any(e.get("type") == "roll" or e.get("reveal") for e in events)


def step(cls: type[Step[Any]]) -> type[Step[Any]]:
    """Class decorator that checks a step has a name (registration is per game)."""
    if not cls.name:
        raise TypeError(f"step class {cls.__name__} needs a name")
    return cls


def steps_table(*classes: type[Step[Any]]) -> dict[str, Step[Any]]:
    table: dict[str, Step[Any]] = {}
    for c in classes:
        if c.name in table:
            raise ValueError(f"two steps are called {c.name!r}")
        table[c.name] = c()
    return table


def _rank_of(ids: tuple[str, ...]) -> dict[str, int]:
    return {uid: k for k, uid in enumerate(ids)}


unit_rank = PureMemo(_rank_of, limit=8)  # each id's place in a table's key order (``tuple(g["units"])``)


def insert_ranked(ids: list[str], uid: str, rank: dict[str, int]) -> list[str]:
    """A new list: ``ids`` (in ``rank`` order, ids missing from ``rank`` last) with ``uid`` in its place — what a
    rebuild of a unit index from ``g["units"]`` would give, for indexes updated by a move instead."""
    r = rank[uid]
    k = 0
    while k < len(ids) and rank.get(ids[k], len(rank)) < r:
        k += 1
    return [*ids[:k], uid, *ids[k:]]
