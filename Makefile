# MapBridge — build, test and demo on a fresh Debian machine with the Swift toolchain.
#
#   make deps    install the Debian packages the build and tests need (when missing; as root)
#   make build   debug build of the library and the `mapbridge` command
#   make release optimised build (.build/release/mapbridge)
#   make test    run every test (unit and end-to-end)
#   make demo    convert a sample and print its summary
#   make bench   report: convert, validate, read and their floors on the project's own corpus, beside
#                ogr2ogr when installed (SCALE=0.01 for a quick one, RUNS=N; ratios, not a test)
#   make bench-scaling  time and memory on hostile input shapes at n and 4n (Tests/Scaling; ratios)
#   make fuzz    fuzz the GeoJSON reader and writer for 60 s (libFuzzer + AddressSanitizer)
#   make fuzz-kml  fuzz the KML reader and the KML and GeoJSON writers for 60 s (FUZZ_SECONDS=…)
#   make fuzz-csv  fuzz the CSV reader and the CSV and GeoJSON writers (FUZZ_SECONDS=…)
#   make fuzz-gpx  fuzz the GPX reader and the GPX and GeoJSON writers (FUZZ_SECONDS=…)
#   make fuzz-validate-geojson, fuzz-validate-kml  fuzz `validate` and its four report formats
#   make fuzz-all  every fuzz target in turn, FUZZ_SECONDS each (one at a time, under nice)
#   make geodesy-check  check densify against GeographicLib (pip install geographiclib) and time it
#                against a C loop over PROJ on the OpenFlights routes (needs ../shared/data/openflights)

SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
# Debian packages the build and tests use. Kept short: each entry is a real need.
DEB_PACKAGES ?= pkg-config libxml2-dev libproj-dev libzip-dev libjemalloc-dev librsvg2-bin python3-jsonschema python3-rfc3987
BIN := .build/debug/mapbridge
FUZZ_TARGETS := kml csv gpx validate-geojson validate-kml

.PHONY: deps build release test demo bench bench-scaling fuzz fuzz-all $(FUZZ_TARGETS:%=fuzz-%) geodesy-check clean

deps:
	@missing=""; \
	for p in $(DEB_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		if [ "$$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi
	@test -x "$(SWIFT)" || { echo "error: no Swift toolchain found (looked for swift on PATH and /opt/swift/usr/bin/swift)"; exit 1; }

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

test: build
	$(SWIFT) build --build-tests
	$(SWIFT) test

demo: build
	@echo "== mapbridge convert samples/airports.geojson .build/demo/airports.geojson --precision 3 --bbox"
	@mkdir -p .build/demo
	$(BIN) convert samples/airports.geojson .build/demo/airports.geojson --precision 3 --bbox
	@head -c 400 .build/demo/airports.geojson; echo " …"
	@echo
	@echo "== mapbridge info .build/demo/airports.geojson"
	$(BIN) info .build/demo/airports.geojson

SCALE ?= 1
RUNS ?= 3
bench: release
	python3 Tests/Bench/bench.py --scale $(SCALE) --runs $(RUNS)

bench-scaling: release
	python3 Tests/Scaling/scaling.py --mapbridge .build/release/mapbridge $(if $(CASE),--only $(CASE),)

fuzz: deps
	Fuzz/run 60

FUZZ_SECONDS ?= 60
# Fuzz/run's targets beside the default GeoJSON one; fuzz-all runs them all, one after another.
fuzz-kml fuzz-csv fuzz-gpx fuzz-validate-geojson fuzz-validate-kml: fuzz-%: deps
	nice -n 19 Fuzz/run $(FUZZ_SECONDS) $*

fuzz-all: deps
	@for target in geojson $(FUZZ_TARGETS); do \
		echo "== Fuzz/run $(FUZZ_SECONDS) $$target"; \
		nice -n 19 Fuzz/run $(FUZZ_SECONDS) $$target || exit 1; \
	done

geodesy-check: release
	@python3 -c "import geographiclib" 2>/dev/null || { echo "geodesy-check needs GeographicLib for Python: pip install geographiclib"; exit 1; }
	python3 Tests/GeodesyCheck/check_densify.py --mapbridge .build/release/mapbridge
	@test -d ../shared/data/openflights || { echo "the timing needs ../shared/data/openflights beside the project"; exit 1; }
	python3 Tests/GeodesyCheck/time_densify.py --mapbridge .build/release/mapbridge --openflights ../shared/data/openflights $(if $(shell command -v valgrind),--callgrind,)

clean:
	rm -rf .build
