# cython: language_level=3, boundscheck=True, wraparound=False, cdivision=True
"""Compiled twins of the hottest kit functions in the profiles of random play (issue 34, docs/performance.md
"Compiled kernels"): ``bitboard.bits``/``pick``, ``Dilator.step``/``flood``/``flood_lines``, ``actions.act``,
``supply.bfs_distances`` and ``LayeredReach.cost``.

Built by ``pip install`` when a C compiler is present (``setup.py``); ``core/kernels.py`` loads this module, and
``bitboard.py``/``actions.py`` use it when it loaded, their own pure-Python code otherwise or with
``WESTFRONT_PURE=1``. ``tests/core/test_kernels.py`` runs both paths on random boards of every hex game and
requires identical results. Each function takes and returns exactly what its Python twin does (Python ints as
bitboards, lists of ints): nothing here knows a rule.
"""

from cpython.list cimport PyList_New, PyList_SET_ITEM
from cpython.ref cimport Py_INCREF
from libc.stdint cimport uint64_t
from libc.string cimport memcpy


cdef extern from *:
    int __builtin_ctzll(unsigned long long) nogil


def bits(bb):
    """Indices of the set bits, lowest first (``bitboard.bits``): the integer's bytes read as 64-bit words."""
    if bb <= 0:
        if bb < 0:
            raise ValueError("bitboards are non-negative")
        return []
    cdef Py_ssize_t count = bb.bit_count()
    cdef Py_ssize_t nbytes = (bb.bit_length() + 7) >> 3
    cdef bytes raw = bb.to_bytes(nbytes, "little")
    cdef const unsigned char* p = raw
    cdef list out = PyList_New(count)
    cdef Py_ssize_t i = 0, j = 0, base
    cdef uint64_t w
    cdef object v
    while i < nbytes and j < count:
        w = 0
        if i + 8 <= nbytes:
            memcpy(&w, p + i, 8)
        else:
            memcpy(&w, p + i, nbytes - i)  # little-endian: the high bytes stay zero
        base = i << 3
        while w:
            v = base + __builtin_ctzll(w)
            Py_INCREF(v)
            PyList_SET_ITEM(out, j, v)
            j += 1
            w &= w - 1
        i += 8
    return out


def dilator_step(self, bb):
    """``Dilator.step``: the hexes one step from ``bb`` (one shift and mask per slot delta)."""
    cdef object out = 0
    cdef object x
    cdef tuple g
    cdef long delta
    for g in self.groups:
        x = bb & g[1]
        if x:
            delta = g[0]
            if delta > 0:
                out |= x << delta
            else:
                out |= x >> -delta
    return out


cdef long _LINE_FLOOD_MIN = 200


def bind_bitboard(long line_flood_min):
    """``bitboard.LINE_FLOOD_MIN``: from this many slots an unlimited flood goes by straight lines."""
    global _LINE_FLOOD_MIN
    _LINE_FLOOD_MIN = line_flood_min


def dilator_flood(self, sources, passable, limit=None):
    """``Dilator.flood``: ring by ring, or by straight lines when unlimited on a big map."""
    if limit is None and self.size >= _LINE_FLOOD_MIN:
        return dilator_flood_lines(self, sources, passable)
    cdef object seen = sources
    cdef object frontier = sources
    cdef object x, nxt
    cdef long n = 0, lim = -1 if limit is None else limit
    cdef long delta
    cdef tuple g
    cdef tuple groups = self.groups
    while frontier and (lim < 0 or n < lim):
        nxt = 0
        for g in groups:
            x = frontier & g[1]
            if x:
                delta = g[0]
                if delta > 0:
                    nxt |= x << delta
                else:
                    nxt |= x >> -delta
        frontier = nxt & passable & ~seen
        seen |= frontier
        n += 1
    return seen


def dilator_flood_lines(self, sources, passable):
    """``Dilator.flood_lines``: straight-line fills with log2 doublings per slot delta, passes until stable."""
    cdef list plan = []
    cdef list levels
    cdef object pro, gen, before, targets
    cdef long d, doublings, k
    cdef tuple line
    for line in self.lines:
        d = line[0]
        targets = line[1]
        doublings = line[2]
        pro = passable & targets
        if not pro:
            continue
        levels = [(d, pro)]
        for k in range(doublings):
            pro &= (pro << d) if d > 0 else (pro >> -d)
            d *= 2
            if not pro:
                break
            levels.append((d, pro))
        plan.append(levels)
    gen = sources
    cdef tuple lv
    while True:
        before = gen
        for levels in plan:
            for lv in levels:
                d = lv[0]
                gen |= lv[1] & ((gen << d) if d > 0 else (gen >> -d))
        if gen == before:
            return gen


def pick(list table, bb):
    """``[table[i] for i in bits(bb)]`` in one pass (``GameMap.labels_of``); IndexError past the table's end."""
    if bb <= 0:
        if bb < 0:
            raise ValueError("bitboards are non-negative")
        return []
    cdef Py_ssize_t count = bb.bit_count()
    cdef Py_ssize_t nbytes = (bb.bit_length() + 7) >> 3
    cdef Py_ssize_t size = len(table)
    cdef bytes raw = bb.to_bytes(nbytes, "little")
    cdef const unsigned char* p = raw
    cdef list out = PyList_New(count)
    cdef Py_ssize_t i = 0, j = 0, base, k
    cdef uint64_t w
    cdef object v
    while i < nbytes and j < count:
        w = 0
        if i + 8 <= nbytes:
            memcpy(&w, p + i, 8)
        else:
            memcpy(&w, p + i, nbytes - i)
        base = i << 3
        while w:
            k = base + __builtin_ctzll(w)
            if k >= size:
                raise IndexError("list index out of range")  # the unfilled slots are NULL: freed as empty
            v = table[k]
            Py_INCREF(v)
            PyList_SET_ITEM(out, j, v)
            j += 1
            w &= w - 1
        i += 8
    return out


cdef dict _INTERNED = {}
cdef object _ACTION = None


def bind_actions(dict interned, action_cls):
    """``actions._INTERNED`` and ``actions.Action``, handed over once when ``actions.py`` is imported."""
    global _INTERNED, _ACTION
    _INTERNED = interned
    _ACTION = action_cls


def act(verb, *args):
    """``actions.act``: the interned action for plain-str arguments, else a new one with the arguments str()-ed."""
    cdef object got
    try:
        got = _INTERNED.get((verb, args))
    except TypeError:  # an unhashable argument
        got = None
    if got is not None:
        for a in args:
            if type(a) is not str:
                break
        else:
            return got
    return _ACTION(verb, tuple([a if type(a) is str else str(a) for a in args]))


from libc.stdlib cimport malloc, free


cdef class Adjacency:
    """A board's neighbour lists as C arrays (``offsets[h]..offsets[h+1]`` into ``targets``), made once per board."""
    cdef int n
    cdef int* offsets
    cdef int* targets
    cdef object nbrs  # held so the id the cache keys on stays this board's

    def __cinit__(self, nbrs):
        cdef int h, k = 0, total = 0
        self.nbrs = nbrs
        self.n = len(nbrs)
        for ns in nbrs:
            total += len(ns)
        self.offsets = <int*> malloc((self.n + 1) * sizeof(int))
        self.targets = <int*> malloc((total + 1) * sizeof(int))
        if not self.offsets or not self.targets:
            raise MemoryError()
        for h in range(self.n):
            self.offsets[h] = k
            for x in nbrs[h]:
                if not 0 <= x < self.n:
                    raise ValueError(f"neighbour {x} of {h} is not a slot of the board")
                self.targets[k] = x
                k += 1
        self.offsets[self.n] = k

    def __dealloc__(self):
        free(self.offsets)
        free(self.targets)


cdef dict _ADJACENCY = {}


cdef Adjacency adjacency(nbrs):
    cdef Adjacency got = _ADJACENCY.get(id(nbrs))
    if got is None or got.nbrs is not nbrs or got.n != len(nbrs):
        if len(_ADJACENCY) >= 32:
            _ADJACENCY.clear()
        got = Adjacency(nbrs)
        _ADJACENCY[id(nbrs)] = got
    return got


def bfs_distances(nbrs, long start, passable, long limit):
    """``supply.bfs_distances``: path lengths from ``start`` through passable hexes, in the order found.

    ``nbrs`` must be a per-board constant (its C copy is kept per object, as ``movement.reach`` keeps its costs).
    """
    cdef Adjacency adj = adjacency(nbrs)
    cdef int n = adj.n
    if start < 0 or start >= n:
        raise IndexError("start is not a slot of the board")
    cdef object mask = (<object>1 << n) - 1  # a Python int: n is far past a C shift
    cdef bytes raw = (passable & mask).to_bytes((n + 7) >> 3, "little")
    cdef const unsigned char* ok = raw
    cdef int* dist = <int*> malloc(n * sizeof(int))
    cdef int* queue = <int*> malloc(n * sizeof(int))
    cdef int head = 0, tail = 0, h, d, k, x
    cdef dict out = {start: 0}
    if not dist or not queue:
        free(dist)
        free(queue)
        raise MemoryError()
    try:
        for h in range(n):
            dist[h] = -1
        dist[start] = 0
        queue[tail] = start
        tail += 1
        while head < tail:
            h = queue[head]
            head += 1
            d = dist[h]
            if d >= limit:
                continue
            if h != start and not (ok[h >> 3] >> (h & 7)) & 1:
                continue  # may end here (the unit's hex) but not pass through
            for k in range(adj.offsets[h], adj.offsets[h + 1]):
                x = adj.targets[k]
                if dist[x] < 0:
                    dist[x] = d + 1
                    out[x] = d + 1
                    queue[tail] = x
                    tail += 1
        return out
    finally:
        free(dist)
        free(queue)


def layer_costs(long start, list layers, crossing, long allowance):
    """``LayeredReach.cost``: hex -> steps (the start 0, layer k's hexes k, a whole-allowance crossing the allowance)."""
    cdef dict out = {start: 0}
    cdef Py_ssize_t k
    for k in range(1, len(layers)):
        for h in bits(layers[k]):
            out[h] = k
    for h in bits(crossing):
        out[h] = allowance
    return out
