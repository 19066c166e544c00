"""n placemarks written as KML whose data changes layout from one to the next (issue 14, KML
writer): keys drawn from a rotating set, values now a number, now null, now text, so the slots
the writer remembers from the last placemark often do not hold. Time must stay linear and
memory flat: the remembered layout is one placemark's, the schema table is capped."""
import os

UNIT = "features"
SIZES = (25_000, 100_000)
TIME_RATIO = 6.0
MEMORY = "flat"


def value(i, k):
    if (i + k) % 3 == 0:
        return "null"
    if (i + k) % 7 == 0:
        return '"t%d"' % i
    return str(i * 7 + k)


def generate(n, folder):
    path = os.path.join(folder, "layouts.geojsonl")
    with open(path, "w") as out:
        for i in range(n):
            keys = [(i + j * 5) % 40 for j in range(1 + i % 6)]
            props = ",".join('"k%d":%s' % (k, value(i, k)) for k in keys)
            out.write('{"type":"Feature","geometry":{"type":"Point","coordinates":[%.5f,%.5f]},"properties":{%s}}\n'
                      % ((i * 0.37) % 360 - 180, (i * 0.11) % 170 - 85, props))
    return path


NAME = "kml-writer-layouts"


def command(mapbridge, path, folder):
    return [mapbridge, "convert", path, os.path.join(folder, "out.kml"), "--threads", "1"]
