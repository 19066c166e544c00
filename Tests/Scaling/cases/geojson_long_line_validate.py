"""Validating one GeoJSON LineString of n vertices (issue 14, item 2): the validator keeps the
coordinates until the geometry's type is known, one 40-byte node per position, at most 80
bytes per vertex in all."""
import importlib.util
import os

_spec = importlib.util.spec_from_file_location("geojson_long_line", os.path.join(os.path.dirname(__file__), "geojson_long_line.py"))
_line = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_line)

UNIT = "vertices"
SIZES = _line.SIZES
TIME_RATIO = 6.0
MEMORY = "record"
BYTES_PER_UNIT = 80
generate = _line.generate


def command(mapbridge, path, folder):
    return [mapbridge, "validate", path]
