"""A KMZ holding doc.kml and n small files, converted to KMZ (issue 12, item 11): carrying the
files over checks each entry name once, not against every name before it."""
import os
import zipfile

NAME = "kmz-many-entries"
UNIT = "entries"
SIZES = (10_000, 40_000)
TIME_RATIO = 6.0
MEMORY = "record"


def generate(n, folder):
    path = os.path.join(folder, "many.kmz")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as kmz:
        kmz.writestr("doc.kml", '<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><Document>'
                     '<Placemark><name>a</name><Point><coordinates>1,2</coordinates></Point></Placemark></Document></kml>\n')
        for i in range(n):
            kmz.writestr(f"files/f{i}.txt", "x")
    return path


def command(mapbridge, path, folder):
    return [mapbridge, "convert", path, os.path.join(folder, "out.kmz")]
