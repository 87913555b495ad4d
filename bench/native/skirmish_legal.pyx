# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Prototype of a native rules core: skirmish's whole legal-action list on positions held as arrays.

Not part of the package: ``bench/native_legal.py`` builds it on demand with the compiler here and
checks it against the engine (``Step.actions`` of ``westfront/games/skirmish/rules.py``) on every
position of the golden game and of random games under every option. The position is one int array
(see ``encode.py``); the board's static tables come from the ``GameMap`` once per process.

What it mirrors, per step of skirmish (rules.py):
* ``phase``: ``move U`` for each unit of the side, in table order, that has not moved and has a hex
  to end in (skirmish 2), ``attack H`` per enemy hex adjacent to a unit that has not attacked, not
  across a sea hexside, sorted by label (skirmish 4), then ``end``;
* ``move_unit``: ``to H`` per end of the unit's reach (hex order), then ``cancel`` (skirmish 2: terrain
  costs, +1 across a river, a major river takes the whole allowance as the first step, marsh and
  enemy ZOC stop the move, the three ZOC options, stacking 2, out of supply 1 MP);
* ``attack``: ``add`` per eligible unit not yet in, ``remove`` per attacker, ``resolve`` when any, ``cancel``;
* ``retreat``: the first unit's ends (skirmish 5), sorted by label;
* ``advance``: per unit, the vacated hex (and one beyond for armour), then ``done``.
"""

from libc.string cimport memset

cdef enum:
    MAXN = 512
    MAXU = 64
    BIG = 1 << 30
    # step codes (encode.py)
    PHASE = 0
    MOVE = 1
    ATTACK = 2
    RETREAT = 3
    ADVANCE = 4
    # zoc rules
    Z_STOP = 0
    Z_COST2 = 1
    Z_ENGAGE = 2


cdef class Board:
    """The static tables of one map (per process): neighbours, costs, hexside features, labels."""
    cdef int n
    cdef int nbr[MAXN][6]
    cdef int nn[MAXN]
    cdef int enter[MAXN]
    cdef int extra[MAXN][6]       # hexside extra MP, -1 = may not cross (sea)
    cdef char whole[MAXN][6]      # major river: whole allowance, first step only
    cdef char sea_side[MAXN][6]   # no ZOC, attack or retreat across it
    cdef char marsh[MAXN]
    cdef char sea[MAXN]
    cdef int rank[MAXN]           # position of the hex's label in label order
    cdef int mp_of[2]
    cdef int full_steps[2]
    cdef list labels
    cdef list unit_ids
    cdef list to_acts             # per hex: the action tuples, made once
    cdef list attack_acts
    cdef object dist              # bytes: n*n map distances

    def __init__(self, nbrs, enter, extra, whole, sea_side, marsh, sea, rank, labels, unit_ids, mp_of, full_steps,
                 dist):
        cdef int h, k
        self.n = len(nbrs)
        assert self.n <= MAXN and len(unit_ids) <= MAXU
        for h in range(self.n):
            self.nn[h] = len(nbrs[h])
            for k in range(self.nn[h]):
                self.nbr[h][k] = nbrs[h][k]
                self.extra[h][k] = extra[h][k]
                self.whole[h][k] = whole[h][k]
                self.sea_side[h][k] = sea_side[h][k]
            self.enter[h] = enter[h]
            self.marsh[h] = marsh[h]
            self.sea[h] = sea[h]
            self.rank[h] = rank[h]
        self.mp_of[0], self.mp_of[1] = mp_of
        self.full_steps[0], self.full_steps[1] = full_steps
        self.labels = list(labels)
        self.unit_ids = list(unit_ids)
        self.to_acts = [("to", lab) for lab in labels]
        self.attack_acts = [("attack", lab) for lab in labels]
        self.dist = bytes(dist)


cdef struct Pos:
    int zoc_rule
    int nu
    int side[MAXU]
    int kind[MAXU]
    int hex[MAXU]
    int moved[MAXU]
    int attacked[MAXU]
    int oos[MAXU]


cdef inline int other(int side) noexcept nogil:
    return 1 - side


cdef void occupancy(Board b, Pos* p, int side, char* occ, int* count) noexcept:
    """Per hex: occupied by ``side`` (occ) and its units there (count)."""
    cdef int u
    memset(occ, 0, b.n)
    memset(count, 0, b.n * sizeof(int))
    for u in range(p.nu):
        if p.side[u] == side and p.hex[u] >= 0:
            occ[p.hex[u]] = 1
            count[p.hex[u]] += 1


cdef void zoc_of(Board b, char* occ, char* zoc) noexcept:
    """The hexes next to ``occ`` not across a sea hexside (core.movement.zoc_of over dilator(['sea']))."""
    cdef int h, k
    memset(zoc, 0, b.n)
    for h in range(b.n):
        if occ[h]:
            for k in range(b.nn[h]):
                if not b.sea_side[h][k]:
                    zoc[b.nbr[h][k]] = 1


cdef int reach_ends(Board b, Pos* p, int u, int* ends) noexcept:
    """The hexes unit ``u`` may end a move in, in hex order (MoveModel + core.movement.reach, skirmish 2)."""
    cdef char enemy[MAXN]
    cdef char ezoc[MAXN]
    cdef char own[MAXN]
    cdef char stop[MAXN]
    cdef char first_forbidden[MAXN]
    cdef char engaging[MAXN]
    cdef int own_count[MAXN]
    cdef int cnt[MAXN]
    cdef int cost[MAXN]
    cdef int bucket[8][MAXN]
    cdef int blen[8]
    cdef int n = b.n, side = p.side[u], start = p.hex[u], h, k, nb, e, x, nc, c, i, m = 0, mp
    cdef int zoc_cost = 0
    occupancy(b, p, other(side), enemy, cnt)
    zoc_of(b, enemy, ezoc)
    occupancy(b, p, side, own, own_count)
    mp = 1 if p.oos[u] else b.mp_of[p.kind[u]]
    for h in range(n):
        stop[h] = b.marsh[h]
        first_forbidden[h] = 0
        cost[h] = BIG
    if p.zoc_rule == Z_STOP:
        for h in range(n):
            stop[h] |= ezoc[h]
        if ezoc[start]:
            for h in range(n):
                first_forbidden[h] = ezoc[h]
    elif p.zoc_rule == Z_COST2:
        zoc_cost = 2
    else:
        for h in range(n):
            stop[h] |= ezoc[h]
        memset(engaging, 0, n)
        for k in range(b.nn[start]):
            if enemy[b.nbr[start][k]]:
                engaging[b.nbr[start][k]] = 1
        zoc_of(b, engaging, first_forbidden)
    stop[start] = 0
    for c in range(mp + 1):
        blen[c] = 0
    cost[start] = 0
    # the first step: first_step_forbidden and whole-allowance crossings apply only here
    for k in range(b.nn[start]):
        nb = b.nbr[start][k]
        if enemy[nb]:
            continue
        e = b.enter[nb]
        if e < 0:
            continue
        if zoc_cost and ezoc[nb] and zoc_cost > e:
            e = zoc_cost
        if first_forbidden[nb]:
            continue
        if b.whole[start][k]:
            if mp > 0 and mp < cost[nb]:
                cost[nb] = mp
            continue
        x = b.extra[start][k]
        if x < 0:
            continue
        nc = e + x
        if nc > mp:
            continue
        if nc < cost[nb]:
            cost[nb] = nc
            if nc < mp:
                bucket[nc][blen[nc]] = nb
                blen[nc] += 1
    # then lowest cost first (every step costs at least 1, so each bucket is final when reached)
    for c in range(1, mp):
        for i in range(blen[c]):
            h = bucket[c][i]
            if cost[h] != c or stop[h]:
                continue
            for k in range(b.nn[h]):
                nb = b.nbr[h][k]
                if enemy[nb] or b.whole[h][k]:
                    continue
                e = b.enter[nb]
                x = b.extra[h][k]
                if e < 0 or x < 0:
                    continue
                if zoc_cost and ezoc[nb] and zoc_cost > e:
                    e = zoc_cost
                nc = c + e + x
                if nc <= mp and nc < cost[nb]:
                    cost[nb] = nc
                    if nc < mp:
                        bucket[nc][blen[nc]] = nb
                        blen[nc] += 1
    for h in range(n):
        if cost[h] != BIG and h != start and own_count[h] < 2:
            ends[m] = h
            m += 1
    return m


cdef inline int dist(Board b, const unsigned char* d, int a, int c) noexcept:
    return d[a * b.n + c]


cdef list retreat_ends(Board b, Pos* p, int u, int origin, int length):
    """skirmish 5: hexes a retreat of ``length`` ends in (at that distance, else at 1), sorted by label."""
    cdef char enemy[MAXN]
    cdef char ezoc[MAXN]
    cdef char own[MAXN]
    cdef char may_enter[MAXN]
    cdef int cnt[MAXN]
    cdef int all_count[MAXN]
    cdef int steps[MAXN]
    cdef int frontier[MAXN]
    cdef int nxt[MAXN]
    cdef int nf = 0, nx, h, k, nb, i, side = p.side[u], r, want, found
    cdef const unsigned char* d = b.dist
    occupancy(b, p, other(side), enemy, cnt)
    zoc_of(b, enemy, ezoc)
    occupancy(b, p, side, own, cnt)
    memset(all_count, 0, b.n * sizeof(int))
    for i in range(p.nu):
        if p.hex[i] >= 0:
            all_count[p.hex[i]] += 1
    for h in range(b.n):
        may_enter[h] = (not b.sea[h]) and (not enemy[h]) and ((not ezoc[h]) or own[h])
        steps[h] = -1
    for k in range(b.nn[origin]):
        if b.sea_side[origin][k]:
            may_enter[b.nbr[origin][k]] = 0  # "sea" in m.side(origin, h)
    # shortest walks are simple paths: BFS through enterable hexes, never back into the origin
    steps[origin] = 0
    frontier[0] = origin
    nf = 1
    for r in range(1, length + 1):
        nx = 0
        for i in range(nf):
            h = frontier[i]
            for k in range(b.nn[h]):
                nb = b.nbr[h][k]
                if steps[nb] < 0 and may_enter[nb]:
                    steps[nb] = r
                    nxt[nx] = nb
                    nx += 1
        for i in range(nx):
            frontier[i] = nxt[i]
        nf = nx
    out = []
    for want in (length, 1):
        found = 0
        for h in range(b.n):
            if steps[h] > 0 and all_count[h] < 2 and dist(b, d, origin, h) == want:
                out.append((b.rank[h], h))
                found = 1
        if found:
            break
    out.sort()
    return [b.labels[h] for _, h in out]


def legal(Board b, const int[:] pos):
    """The legal actions as (verb, *args) tuples, in the engine's order."""
    cdef Pos p
    cdef int i, u, h, k, nb, side, step, nends, t, nat
    cdef int ends[MAXN]
    cdef char enemy[MAXN]
    cdef int cnt[MAXN]
    cdef char target[MAXN]
    cdef char in_att[MAXU]
    p.zoc_rule = pos[0]
    step = pos[1]
    p.nu = pos[5]
    for u in range(p.nu):
        i = 6 + 6 * u
        p.side[u] = pos[i] & 1
        p.kind[u] = pos[i] >> 1
        p.hex[u] = pos[i + 1]
        p.moved[u] = pos[i + 2]
        p.attacked[u] = pos[i + 3]
        p.oos[u] = pos[i + 4]
    i = 6 + 6 * p.nu  # the frame's list (attackers, advancing units)
    out = []
    if step == PHASE:
        side = pos[2]
        for u in range(p.nu):
            if p.side[u] == side and p.hex[u] >= 0 and not p.moved[u]:
                if reach_ends(b, &p, u, ends):
                    out.append(("move", b.unit_ids[u]))
        occupancy(b, &p, other(side), enemy, cnt)
        memset(target, 0, b.n)
        for u in range(p.nu):
            if p.side[u] == side and p.hex[u] >= 0 and not p.attacked[u]:
                h = p.hex[u]
                for k in range(b.nn[h]):
                    nb = b.nbr[h][k]
                    if enemy[nb] and not b.sea_side[h][k]:
                        target[nb] = 1
        found = [(b.rank[h], h) for h in range(b.n) if target[h]]
        found.sort()
        out.extend([b.attack_acts[h] for _, h in found])
        out.append(("end",))
    elif step == MOVE:
        u = pos[2]
        nends = reach_ends(b, &p, u, ends)
        out = [b.to_acts[ends[k]] for k in range(nends)]
        out.append(("cancel",))
    elif step == ATTACK:
        t = pos[2]
        nat = pos[i]
        memset(in_att, 0, MAXU)
        for k in range(nat):
            in_att[pos[i + 1 + k]] = 1
        side = -1
        for u in range(p.nu):
            if p.hex[u] == t:
                side = other(p.side[u])
                break
        for u in range(p.nu):
            if p.side[u] == side and p.hex[u] >= 0 and not p.attacked[u] and not in_att[u]:
                h = p.hex[u]
                for k in range(b.nn[h]):
                    if b.nbr[h][k] == t and not b.sea_side[h][k]:
                        out.append(("add", b.unit_ids[u]))
                        break
        for k in range(nat):
            out.append(("remove", b.unit_ids[pos[i + 1 + k]]))
        if nat:
            out.append(("resolve",))
        out.append(("cancel",))
    elif step == RETREAT:
        u = pos[2]
        uid = b.unit_ids[u]
        out = [("retreat", uid, lab) for lab in retreat_ends(b, &p, u, pos[3], pos[4])]
    elif step == ADVANCE:
        t = pos[2]
        nat = pos[i]
        for k in range(nat):
            u = pos[i + 1 + k]
            out.extend(advance_ends(b, &p, u, t))
        out.append(("done",))
    return out


cdef list advance_ends(Board b, Pos* p, int u, int vacated):
    """skirmish 5: the vacated hex, armour one beyond; not an enemy hex, sea, the unit's own or a full hex."""
    cdef char enemy[MAXN]
    cdef char mark[MAXN]
    cdef int cnt[MAXN]
    cdef int all_count[MAXN]
    cdef int h, k, nb, i
    occupancy(b, p, other(p.side[u]), enemy, cnt)
    memset(all_count, 0, b.n * sizeof(int))
    for i in range(p.nu):
        if p.hex[i] >= 0:
            all_count[p.hex[i]] += 1
    memset(mark, 0, b.n)
    mark[vacated] = 1
    if p.kind[u] == 1:
        for k in range(b.nn[vacated]):
            nb = b.nbr[vacated][k]
            if not b.sea[nb] and not enemy[nb]:
                mark[nb] = 1
    uid = b.unit_ids[u]
    return [("advance", uid, b.labels[h]) for h in range(b.n)
            if mark[h] and h != p.hex[u] and all_count[h] < 2]
