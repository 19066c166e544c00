"""A polygon whose ring crosses the antimeridian 2n times (a comb of n teeth, alternating
between 179.5 and -179.5) converted to GeoJSON, which cuts it there (RFC 7946 §3.1.9) into
about n pieces. Matching each cut chain to the next by scanning all of them made this
quadratic: 32,000 teeth took 4.4 s and 128,000 took 224 s; chain starts sorted once and
searched make it O(n log n)."""
import json
import os

NAME = "antimeridian-comb"
UNIT = "teeth"
SIZES = (8_000, 32_000)
TIME_RATIO = 6.0
MEMORY = "record"


def generate(n, folder):
    path = os.path.join(folder, "comb.geojson")
    ring = [[179.5 if i % 2 == 0 else -179.5, -60 + 120 * i / n] for i in range(n)]
    ring += [[179.0, 60 - 120 * i / n] for i in range(n)]
    ring.append(ring[0])
    with open(path, "w") as out:
        json.dump({"type": "Feature", "properties": {}, "geometry": {"type": "Polygon", "coordinates": [ring]}}, out)
    return path


def command(mapbridge, path, folder):
    return [mapbridge, "convert", path, os.path.join(folder, "out.geojson")]
