"""n KML placemarks whose shared styles and schema come after them (issue 14, item 4): the
late-definition scan, the style pass and the parse read the one opened file (rewound between
passes; a FIFO or standard input is spooled once), so time stays linear in n and memory flat:
the passes keep only the styles, never the placemarks. Read from a file and from a pipe."""
import os

UNIT = "placemarks"
SIZES = (50_000, 200_000)
TIME_RATIO = 6.0
MEMORY = "flat"


def generate(n, folder):
    path = os.path.join(folder, "late.kml")
    with open(path, "w") as out:
        out.write('<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><Document>\n')
        for i in range(n):
            out.write(f'<Placemark id="p{i}"><name>P {i}</name><styleUrl>#s{i % 10}</styleUrl>'
                      f'<ExtendedData><SchemaData schemaUrl="#t"><SimpleData name="k">{i}</SimpleData></SchemaData></ExtendedData>'
                      f'<Point><coordinates>{(i % 360) - 180}.125,{(i % 170) - 85}.5</coordinates></Point></Placemark>\n')
        for s in range(10):
            out.write(f'<Style id="s{s}"><IconStyle><scale>1.{s}</scale></IconStyle></Style>\n')
        out.write('<Schema id="t"><SimpleField name="k" type="int"/></Schema>\n</Document></kml>\n')
    return path


VARIANTS = [
    ("kml-late-styles", lambda mapbridge, path, folder: [mapbridge, "convert", path, os.path.join(folder, "out.geojson")]),
    ("kml-late-styles-stdin", lambda mapbridge, path, folder:
        ["/bin/sh", "-c", f'cat "$1" | "$0" convert - "$2" --from kml', mapbridge, path, os.path.join(folder, "out2.geojson")]),
]
