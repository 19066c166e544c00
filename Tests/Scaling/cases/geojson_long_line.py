"""One GeoJSON LineString of n vertices (issue 14, item 2): converting it holds the feature's
coordinates, and each must stay small: a 32-byte Coordinate whose numbers' text is a count of
fraction digits (FixedPointSpelling), no String per number (86 bytes per vertex with the 80-byte
Coordinate of three Strings, 35 with the 32-byte one). Into CSV the line's WKT is streamed
from the coordinates, never held whole (48 bytes per vertex when it was held in the row)."""
import os
import random

UNIT = "vertices"
SIZES = (500_000, 2_000_000)
TIME_RATIO = 6.0
MEMORY = "record"
BYTES_PER_UNIT = 40


def generate(n, folder):
    path = os.path.join(folder, "line.geojson")
    rng = random.Random(1)
    lon, lat = 10.0, 45.0
    with open(path, "w") as out:
        out.write('{"type":"Feature","properties":{},"geometry":{"type":"LineString","coordinates":[')
        for i in range(n):
            lon += rng.uniform(-0.001, 0.001)
            lat += rng.uniform(-0.001, 0.001)
            out.write(("," if i else "") + "[%.7f,%.7f]" % (lon, lat))
        out.write("]}}\n")
    return path


VARIANTS = [
    ("geojson_long_line", lambda mapbridge, path, folder: [mapbridge, "convert", path, os.path.join(folder, "out.geojson")]),
    ("geojson_long_line-csv", lambda mapbridge, path, folder: [mapbridge, "convert", path, os.path.join(folder, "out.csv")]),
]
