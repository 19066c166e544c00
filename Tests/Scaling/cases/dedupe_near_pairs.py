"""Two crowds of n same-name points, 105 m apart (issue 12, item 10): each crowd is one
cluster, and no pair across the crowds links at the default 100 m, so finding that must not
compare every pair across the two neighbouring grid cells."""
import json
import os

NAME = "dedupe-near-pairs"
UNIT = "points per crowd"
SIZES = (10_000, 40_000)
TIME_RATIO = 6.0
MEMORY = "record"


def generate(n, folder):
    path = os.path.join(folder, "crowds.geojson")
    # 105 m east of the first crowd at the equator is 105 / 111319.49 degrees; each crowd is
    # spread over about 1 m so the points are distinct.
    step = 105 / 111_319.49
    with open(path, "w") as out:
        out.write('{"type":"FeatureCollection","features":[\n')
        features = []
        for crowd in range(2):
            for i in range(n):
                lon = crowd * step + (i % 100) * 1e-7
                lat = (i // 100 % 100) * 1e-7
                features.append('{"type":"Feature","properties":{"name":"Spot"},"geometry":{"type":"Point","coordinates":[%.9f,%.9f]}}' % (lon, lat))
        out.write(",\n".join(features))
        out.write("\n]}\n")
    return path


def command(mapbridge, path, folder):
    return [mapbridge, "dedupe", path, os.path.join(folder, "out.geojson"), "--quiet"]
