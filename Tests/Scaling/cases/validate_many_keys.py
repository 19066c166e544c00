"""`validate` on one GeoJSON feature whose properties object holds n distinct keys (issue 12,
item 8): the duplicate-member check must be linear in n."""
import os

NAME = "validate-many-keys"
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


def command(mapbridge, path, folder):
    return [mapbridge, "validate", path]
