"""One GeoJSON feature with n distinct property keys written as GPX (MapBridge extension
elements, issue 12, item 8): writing them must be linear in n."""
import importlib.util
import os

NAME = "gpx-many-keys"
UNIT = "keys"
SIZES = (100_000, 400_000)
TIME_RATIO = 6.0
MEMORY = "record"


def generate(n, folder):
    """The input of geojson-many-keys (properties_many_keys.py): one feature, n keys."""
    spec = importlib.util.spec_from_file_location("properties_many_keys", os.path.join(os.path.dirname(__file__), "properties_many_keys.py"))
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    return example.generate(n, folder)


def command(mapbridge, path, folder):
    return [mapbridge, "convert", path, os.path.join(folder, "out.gpx")]
