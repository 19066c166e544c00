"""n same-name points spread over a few hundred kilometres, deduplicated with --within
1500km (issue 12, item 10): beyond 1,000 km one grid cell no longer makes its points one
place, and that must not lead to comparing every pair within a cell."""
import os
import random

NAME = "dedupe-wide-within"
UNIT = "points"
SIZES = (20_000, 80_000)
TIME_RATIO = 6.0
MEMORY = "record"


def generate(n, folder):
    path = os.path.join(folder, "wide.geojson")
    rng = random.Random(12)
    with open(path, "w") as out:
        out.write('{"type":"FeatureCollection","features":[\n')
        out.write(",\n".join(
            '{"type":"Feature","properties":{"name":"Spot"},"geometry":{"type":"Point","coordinates":[%.6f,%.6f]}}'
            % (rng.uniform(0, 4), rng.uniform(40, 44)) for _ in range(n)))
        out.write("\n]}\n")
    return path


def command(mapbridge, path, folder):
    return [mapbridge, "dedupe", path, os.path.join(folder, "out.geojson"), "--within", "1500km", "--quiet"]
