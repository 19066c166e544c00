#!/usr/bin/env python3
"""MapBridge's benchmark: a report, not a test (nothing here passes or fails on speed).

Run from the project's root after a release build (`make bench` does both):
  python3 Tests/Bench/bench.py [--scale F] [--runs N] [--only TEXT ...] [--keep-going]

The corpus is the project's own (`mapbridge-bench corpus`, deterministic), made once per scale
under .build/bench-corpus-SCALE: places (1,000,000 points at scale 1), routes (100,000 lines),
polygons (50,000 with holes), each as .geojson and .kml; and tracks (100 GPS tracks, 1,000,000
points with elevation and time) as .gpx.

Each row runs one command with its output in a scratch folder and prints the median wall
seconds of N runs, MB/s of input, features/s and the peak resident memory (largest of the runs,
from wait4's ru_maxrss). Where ogr2ogr is installed (Debian gdal-bin), the conversions run it
side by side: one warm-up of each, then A B A B ..., so drift in the machine's speed hits both
alike; the speed-up is the median over the pairs of ogr2ogr's time / mapbridge's.

Rows:
  convert     the conversions, with ogr2ogr beside them
  validate    `mapbridge validate` (peak memory matters: target < 100 MiB)
  read        `mapbridge-bench read`: every feature read into the model as `info` reads it
              (on both cores), nothing written: the read-only cost; `read-1` the same on
              one thread (`--threads 1`)
  info        `mapbridge info`: the read plus the summary (shapes, bbox, property types)
  floor       `mapbridge-bench tokenize` (every JSON token) and `saxwalk` (libxml2's SAX2 push
              parser, 1 MiB chunks, empty callbacks): what any reader on those layers must pay
  walk        `mapbridge-bench xmlwalk` (KML and GPX): MapBridge's own XML parser, which the
              readers stand on for UTF-8, with a handler that only counts: its floor
  cores       places geojson->kml on both cores, under `taskset -c 0`, and with --threads 1
              when convert has it; the outputs must be byte-identical
Then the ratios: read / floor and read-1 / floor (issue 14's targets: GeoJSON within 2x, KML
within 1.5x; GPX, over the same SAX2 walk, has no target). For tracks a feature is a whole track.

The machines these run on are shared and noisy: quote the ratios, not the seconds.
"""
import argparse
import filecmp
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# Each data set's files (extensions), as `mapbridge-bench corpus` writes them.
DATA_SETS = {"places": ("geojson", "kml"), "routes": ("geojson", "kml"), "polygons": ("geojson", "kml"),
             "tracks": ("gpx",)}

# name, data set, input extension, output extension, ogr2ogr arguments before OUT IN, and after IN
# (GPX: the layer to convert, as ogr2ogr would otherwise write every layer, most of them empty).
CONVERSIONS = [
    ("places geojson->kml", "places", "geojson", "kml", ["-f", "KML"], []),
    ("places kml->geojson", "places", "kml", "geojson", ["-f", "GeoJSON"], []),
    ("places geojson->csv", "places", "geojson", "csv", ["-f", "CSV", "-lco", "GEOMETRY=AS_XY"], []),
    ("routes geojson->geojson", "routes", "geojson", "geojson", ["-f", "GeoJSON"], []),
    ("routes geojson->kml", "routes", "geojson", "kml", ["-f", "KML"], []),
    ("routes kml->geojson", "routes", "kml", "geojson", ["-f", "GeoJSON"], []),
    ("polygons geojson->kml", "polygons", "geojson", "kml", ["-f", "KML"], []),
    ("polygons kml->geojson", "polygons", "kml", "geojson", ["-f", "GeoJSON"], []),
    ("tracks gpx->geojson", "tracks", "gpx", "geojson", ["-f", "GeoJSON"], ["tracks"]),
    ("tracks gpx->kml", "tracks", "gpx", "kml", ["-f", "KML"], ["tracks"]),
]
VALIDATE_MEMORY_TARGET_MIB = 100
# The floor under each format's reader: the JSON tokenizer, or libxml2's bare SAX2 walk.
FLOOR_MODES = {"geojson": "tokenize", "kml": "saxwalk", "gpx": "saxwalk"}
# Issue 14's read / floor targets; GPX has none, and its ratio is reported alone.
FLOOR_TARGETS = {"geojson": 2.0, "kml": 1.5}


class Measure:
    """Median seconds and peak memory of a command's runs."""

    def __init__(self, runs):
        self.runs = runs  # [(seconds, MiB, exit status)]

    @property
    def seconds(self):
        return statistics.median(r[0] for r in self.runs)

    @property
    def mib(self):
        return max(r[1] for r in self.runs)

    @property
    def failed(self):
        return any(r[2] != 0 for r in self.runs)


def timed(cmd, quiet_fail=False):
    """Runs cmd (stdout to /dev/null); returns (wall seconds, peak RSS MiB, exit status)."""
    start = time.perf_counter()
    with open(os.devnull, "wb") as null:
        proc = subprocess.Popen(cmd, stdout=null, stderr=subprocess.PIPE)
        err = proc.stderr.read()
        _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    if code != 0 and not quiet_fail:
        text = err.decode(errors="replace").strip()
        sys.stderr.write(f"  exit {code}: {' '.join(cmd)}\n  {text[-400:]}\n")
    return wall, usage.ru_maxrss / 1024.0, code


def alternate(commands, runs, prepare=None):
    """One warm-up of each command, then `runs` rounds of each in turn; a Measure per command.
    `prepare(i)` runs before each run of command i (to remove its last output)."""
    results = [[] for _ in commands]
    for round_ in range(runs + 1):
        for i, cmd in enumerate(commands):
            if prepare:
                prepare(i)
            r = timed(cmd)
            if round_ > 0:
                results[i].append(r)
    return [Measure(r) for r in results]


def paired_ratio(slow, fast):
    """Median over the rounds of slow's seconds / fast's."""
    return statistics.median(s[0] / max(f[0], 1e-9) for s, f in zip(slow.runs, fast.runs))


def find(explicit, name):
    path = explicit or os.path.join(ROOT, ".build", "release", name)
    if not os.access(path, os.X_OK):
        sys.exit(f"bench: no {path}; build first (swift build -c release) or pass --{name}")
    return os.path.abspath(path)


def read_manifest(corpus):
    counts = {}
    with open(os.path.join(corpus, "corpus.txt")) as f:
        for line in f:
            parts = line.split()
            if len(parts) == 2 and parts[0] in DATA_SETS:
                counts[parts[0]] = int(parts[1])
    return counts


class Report:
    HEADER = (f"{'case':40} {'s':>8} {'MB/s':>7} {'features/s':>11} {'MiB':>7}"
              f" {'ogr2ogr s':>10} {'ogr MiB':>8} {'speed-up':>9}")

    def __init__(self):
        print(self.HEADER)
        print("-" * len(self.HEADER))

    def row(self, name, m, input_bytes, features, ogr=None, ratio=None, note=""):
        if m.failed:
            print(f"{name:40} {'failed':>8}")
            return
        s = m.seconds
        line = (f"{name:40} {s:8.3f} {input_bytes / 1e6 / s:7.1f} {features / s:11,.0f} {m.mib:7.1f}")
        if ogr is not None:
            line += f" {ogr.seconds:10.3f} {ogr.mib:8.1f} {('failed' if ogr.failed else f'{ratio:.2f}x'):>9}"
        elif note:
            line += f" {'':10} {'':8} {'':9}"
        print(line + (f"  {note}" if note else ""))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scale", type=float, default=1.0, help="corpus scale (1: 1,000,000 places)")
    ap.add_argument("--runs", type=int, default=3, help="timed runs of each command, after one warm-up")
    ap.add_argument("--corpus", help="corpus folder (default .build/bench-corpus-SCALE)")
    ap.add_argument("--mapbridge", help="the mapbridge binary (default .build/release/mapbridge)")
    ap.add_argument("--mapbridge-bench", help="the mapbridge-bench binary (default .build/release/mapbridge-bench)")
    ap.add_argument("--only", action="append", help="run only rows whose name contains TEXT (repeatable)")
    args = ap.parse_args()
    if args.runs < 1:
        sys.exit("bench: --runs needs at least 1")
    mapbridge = find(args.mapbridge, "mapbridge")
    bench = find(args.mapbridge_bench, "mapbridge-bench")
    corpus = args.corpus or os.path.join(ROOT, ".build", f"bench-corpus-{args.scale:g}")
    subprocess.run([bench, "corpus", corpus, "--scale", f"{args.scale:g}", "--reuse"], check=True)
    counts = read_manifest(corpus)
    ogr = shutil.which("ogr2ogr")
    taskset = shutil.which("taskset")
    help_text = subprocess.run([mapbridge, "convert", "--help"], capture_output=True, text=True).stdout
    has_threads = "--threads" in help_text

    def path(data_set, ext):
        return os.path.join(corpus, f"{data_set}.{ext}")

    def size(p):
        return os.path.getsize(p)

    def wanted(name):
        return not args.only or any(o in name for o in args.only)

    print()
    print(f"corpus {corpus}: " + ", ".join(f"{counts[d]:,} {d}" for d in DATA_SETS if d in counts))
    load = os.getloadavg()[0]
    print(f"{os.cpu_count()} cores, load average {load:.1f}; {args.runs} run(s) of each after a warm-up,"
          f" median seconds, largest peak memory")
    if ogr:
        version = subprocess.run([ogr, "--version"], capture_output=True, text=True).stdout.strip()
        print(f"ogr2ogr: {version}")
    else:
        print("ogr2ogr not found (Debian: apt-get install -y gdal-bin): no speed-ups")
    print()

    scratch_parent = os.path.join(ROOT, ".build")
    with tempfile.TemporaryDirectory(prefix="bench-out-", dir=scratch_parent) as tmp:
        report = Report()

        def remover(*paths):
            def prepare(i):
                if os.path.exists(paths[i]):
                    os.remove(paths[i])
            return prepare

        # Conversions, beside ogr2ogr.
        for name, data_set, src_ext, out_ext, ogr_args, ogr_after in CONVERSIONS:
            if not wanted(name):
                continue
            src = path(data_set, src_ext)
            a, b = os.path.join(tmp, "a." + out_ext), os.path.join(tmp, "b." + out_ext)
            commands = [[mapbridge, "convert", src, a, "--quiet"]]
            if ogr:
                commands.append([ogr] + ogr_args + [b, src] + ogr_after)
            measures = alternate(commands, args.runs, remover(a, b))
            if ogr:
                report.row(name, measures[0], size(src), counts[data_set], measures[1],
                           paired_ratio(measures[1], measures[0]))
            else:
                report.row(name, measures[0], size(src), counts[data_set])

        # Validation: memory is the point.
        for data_set, ext in (("places", "geojson"), ("places", "kml")):
            name = f"validate {data_set}.{ext}"
            if not wanted(name):
                continue
            src = path(data_set, ext)
            m = alternate([[mapbridge, "validate", src]], args.runs)[0]
            verdict = "ok" if m.mib < VALIDATE_MEMORY_TARGET_MIB else "OVER"
            report.row(name, m, size(src), counts[data_set],
                       note=f"memory target < {VALIDATE_MEMORY_TARGET_MIB} MiB: {verdict}")

        # The read-only cost, the summary, and the floors under them; then read / floor.
        floors = []
        for data_set, formats in DATA_SETS.items():
            for ext in formats:
                floor_mode = FLOOR_MODES[ext]
                src = path(data_set, ext)
                rows = [(f"read {data_set}.{ext}", [bench, "read", src]),
                        (f"read-1 {data_set}.{ext}", [bench, "read", src, "--threads", "1"]),
                        (f"info {data_set}.{ext}", [mapbridge, "info", src, "--quiet"]),
                        (f"floor {floor_mode} {data_set}.{ext}", [bench, floor_mode, src])]
                if floor_mode == "saxwalk":
                    rows.append((f"walk xmlwalk {data_set}.{ext}", [bench, "xmlwalk", src]))
                rows = [r for r in rows if wanted(r[0])]
                if not rows:
                    continue
                measures = alternate([cmd for _, cmd in rows], args.runs)
                by_name = {}
                for (row_name, _), m in zip(rows, measures):
                    report.row(row_name, m, size(src), counts[data_set])
                    by_name[row_name.split()[0]] = m
                for read in ("read", "read-1"):
                    if read in by_name and "floor" in by_name and not by_name[read].failed:
                        floors.append((f"{read} {data_set}.{ext} / {floor_mode}",
                                       paired_ratio(by_name[read], by_name["floor"]), FLOOR_TARGETS.get(ext)))

        # Both cores against one.
        name = "cores places geojson->kml"
        identical = None
        core_rows = []
        if wanted(name):
            src = path("places", "geojson")
            variants = [("2 cores", [], [])]
            if taskset:
                variants.append(("taskset -c 0", [taskset, "-c", "0"], []))
            if has_threads:
                variants.append(("--threads 1", [], ["--threads", "1"]))
            outs = [os.path.join(tmp, f"cores-{i}.kml") for i in range(len(variants))]
            commands = [prefix + [mapbridge, "convert", src, outs[i], "--quiet"] + extra
                        for i, (_, prefix, extra) in enumerate(variants)]
            measures = alternate(commands, args.runs, remover(*outs))
            identical = all(filecmp.cmp(outs[0], o, shallow=False) for o in outs[1:] if os.path.exists(o))
            for (label, _, _), m in zip(variants, measures):
                report.row(f"{name} {label}", m, size(src), counts["places"])
            for (label, _, _), m in zip(variants[1:], measures[1:]):
                core_rows.append((label, paired_ratio(m, measures[0])))

    print()
    if floors:
        print("read / floor (time of reading into features over the bare walk; issue 14's targets):")
        for label, ratio, target in floors:
            verdict = f"   target <= {target}x: {'ok' if ratio <= target else 'not yet'}" if target else ""
            print(f"  {label:36} {ratio:5.2f}x{verdict}")
    if core_rows:
        print("two-core speed-up on places geojson->kml (time on one core / time on two):")
        for label, ratio in core_rows:
            print(f"  {label:36} {ratio:5.2f}x")
        print(f"  outputs byte-identical: {'yes' if identical else 'NO'}")
        if not has_threads:
            print("  (convert has no --threads option yet)")
    if identical is False:
        sys.exit(1)


if __name__ == "__main__":
    main()
