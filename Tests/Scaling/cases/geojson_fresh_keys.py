"""n GeoJSON features whose property keys are new in every feature (the GeoJSON reader's key
table, issue 14): the table that shares repeated keys must stay bounded, and a file whose keys
never repeat must read in time linear in n, whether the table is full, probed past its limit or
cleared. Memory is flat: the table holds at most JSONKeyTable.capacity names."""
import os

UNIT = "features"
SIZES = (25_000, 100_000)
TIME_RATIO = 6.0
MEMORY = "flat"
NAME = "geojson-fresh-keys"


def generate(n, folder):
    path = os.path.join(folder, "fresh.geojson")
    with open(path, "w") as out:
        out.write('{"type":"FeatureCollection","features":[\n')
        for i in range(n):
            if i:
                out.write(",\n")
            keys = ",".join(f'"key-{i}-{k}":{k}' for k in range(4))
            out.write('{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},'
                      f'"properties":{{"name":"p{i}",{keys}}}}}')
        out.write("\n]}\n")
    return path


def command(mapbridge, path, folder):
    return [mapbridge, "convert", path, os.path.join(folder, "out.geojson")]
