"""One GeoJSON feature whose properties object holds n distinct keys (issue 12, item 8):
reading, looking up and writing them must be linear in n, whatever reads or writes them:
convert to KML (schema fields) and to GPX (extension elements), info (the property table),
validate (the duplicate-member check)."""
import os

UNIT = "keys"
SIZES = (100_000, 400_000)
TIME_RATIO = 6.0
MEMORY = "record"


def generate(n, folder):
    path = os.path.join(folder, "keys.geojson")
    with open(path, "w") as out:
        out.write('{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{')
        out.write(",".join(f'"k{i}":{i}' for i in range(n)))
        out.write("}}\n")
    return path


VARIANTS = [
    ("geojson-many-keys", lambda mapbridge, path, folder: [mapbridge, "convert", path, os.path.join(folder, "out.kml")]),
    ("gpx-many-keys", lambda mapbridge, path, folder: [mapbridge, "convert", path, os.path.join(folder, "out.gpx")]),
    ("info-many-keys", lambda mapbridge, path, folder: [mapbridge, "info", path]),
    ("validate-many-keys", lambda mapbridge, path, folder: [mapbridge, "validate", path]),
]
