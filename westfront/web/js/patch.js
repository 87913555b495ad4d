// View patches (westfront/server/patch.py): the server sends what changed in a seat's view
// since a version the client holds ("view_base"), and the client rebuilds the new view here.
// Format: {v: value} replaces; {s, d, p} sets, deletes and patches keys of an object;
// {ids, s, p} rebuilds a list of objects with distinct "id" from their new order of ids.

/** `old` with `patch` applied: a new value (`old` is not changed; unchanged parts are shared). */
export function applyPatch(old, patch) {
  if (patch === null || patch === undefined) return old;
  if ("v" in patch) return patch.v;
  if ("ids" in patch) {
    const before = new Map(old.map((item) => [String(item.id), item]));
    const sets = patch.s || {};
    const subs = patch.p || {};
    return patch.ids.map((id) => {
      const k = String(id);
      if (k in sets) return sets[k];
      if (!before.has(k)) throw new Error(`view patch names unknown item ${k}`);
      return applyPatch(before.get(k), subs[k]);
    });
  }
  if (old === null || typeof old !== "object" || Array.isArray(old)) throw new Error("view patch does not fit the view");
  const out = { ...old };
  for (const k of patch.d || []) delete out[k];
  for (const [k, v] of Object.entries(patch.s || {})) out[k] = v;
  for (const [k, p] of Object.entries(patch.p || {})) {
    if (!(k in old)) throw new Error(`view patch names unknown key ${k}`);
    out[k] = applyPatch(old[k], p);
  }
  return out;
}

/** The views a seat has seen, by version, so a patch can be applied to the one it was made against. */
export class ViewStore {
  constructor(keep = 4) {
    this.keep = keep;
    this.bySeat = {};
  }

  put(seat, version, view) {
    const m = (this.bySeat[seat] ||= new Map());
    m.set(version, view);
    while (m.size > this.keep) m.delete(Math.min(...m.keys()));
  }

  /** The payload with its whole view: from `view`, or `view_patch` applied to the held `view_base`
   * (null when that base is not held here: the caller resyncs). */
  complete(p) {
    if (!("view_patch" in p)) {
      if (p.view !== undefined) this.put(p.seat, p.version, p.view);
      return p;
    }
    const base = this.bySeat[p.seat]?.get(p.view_base);
    if (base === undefined) return null;
    let view;
    try {
      view = applyPatch(base, p.view_patch);
    } catch (e) {
      console.warn("view patch failed; resyncing", e);
      return null;
    }
    const { view_patch: _patch, view_base: _base, ...rest } = p;
    this.put(p.seat, p.version, view);
    return { ...rest, view };
  }

  clear() {
    this.bySeat = {};
  }
}
