"""One GeoJSON feature with n distinct property keys written as GPX (MapBridge extension
elements, issue 12, item 8): writing them must be linear in n."""
import os

NAME = "gpx-many-keys"
UNIT = "keys"
SIZES = (100_000, 400_000)
TIME_RATIO = 6.0
MEMORY = "record"


def generate(n, folder):
    path = os.path.join(folder, "keys.geojson")
    with open(path, "w") as out:
        out.write('{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{')
        out.write(",".join(f'"k{i}":"v{i}"' for i in range(n)))
        out.write("}}\n")
    return path


def command(mapbridge, path, folder):
    return [mapbridge, "convert", path, os.path.join(folder, "out.gpx")]
