"""A CSV whose header names one column n times (`name,name,name,…`, issue 12, item 9): the
repeated names are renamed (`name_2`, `name_3`, …) in one pass, linear in n."""
import os

NAME = "csv-repeated-header"
UNIT = "columns"
SIZES = (100_000, 400_000)
TIME_RATIO = 6.0
MEMORY = "record"


def generate(n, folder):
    path = os.path.join(folder, "header.csv")
    with open(path, "w") as out:
        out.write("lat,lon," + ",".join(["name"] * n) + "\n")
        out.write("1,2," + ",".join(["x"] * n) + "\n")
    return path


def command(mapbridge, path, folder):
    return [mapbridge, "convert", path, os.path.join(folder, "out.geojson")]
