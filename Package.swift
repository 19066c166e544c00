// swift-tools-version:6.0
import PackageDescription

// The folder tree reads like the architecture:
//   MapBridgeModel    the shared model (features, shapes, styles, properties, diagnostics)
//   MapBridgeIO       chunked byte input and buffered, atomic byte output
//   MapBridgeJSON     the streaming JSON tokenizer (line/column, number text, depth limit)
//   MapBridgeGeoJSON  GeoJSON reader and writer side by side
//   MapBridgeKML      KML and KMZ reader and writer side by side (libxml2 SAX2, libzip)
//   MapBridgeGeodesy  geodesics on the WGS 84 ellipsoid (PROJ's geodesic.h)
//   MapBridgeZip      zip archives for KMZ (libzip), with guards against hostile archives
//   MapBridgeCSV      CSV reader and writer side by side
//   MapBridgeGPX      GPX 1.1 reader and writer side by side
//   MapBridgeXML      the streaming XML parser (libxml2 SAX2) the KML and GPX readers share
//   C…                system-library targets: CLibXML2, CProj, CLibZip, CJemalloc (the command's allocator)
//   MapBridgeValidation  rules, the streaming GeoJSON validator and its report formats
//   MapBridgeSVG      the SVG writer: projected, fitted pictures of places and routes
//   MapBridgeCore     the format registry, the convert pipeline and dataset summaries
//   MapBridgeCLI      the `mapbridge` command
//   MapBridgeBench    `mapbridge-bench`: the benchmark corpus and reading throughput for `make bench`
let package = Package(
    name: "MapBridge",
    products: [
        .library(
            name: "MapBridgeKit",
            targets: ["MapBridgeModel", "MapBridgeIO", "MapBridgeJSON", "MapBridgeGeoJSON", "MapBridgeKML",
                      "MapBridgeCSV", "MapBridgeGPX", "MapBridgeXML", "MapBridgeGeodesy", "MapBridgeZip",
                      "MapBridgeCore",
                      "MapBridgeSVG",
                      "MapBridgeValidation",
                      ]),
        .executable(name: "mapbridge", targets: ["MapBridgeCLI"]),
        .executable(name: "mapbridge-bench", targets: ["MapBridgeBench"]),
    ],
    targets: [
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CProj", pkgConfig: "proj", providers: [.apt(["libproj-dev"])]),
        .systemLibrary(name: "CLibZip", pkgConfig: "libzip", providers: [.apt(["libzip-dev"])]),
        // The command's allocator (see Sources/MapBridgeCLI/Allocator.swift); not the library's.
        .systemLibrary(name: "CJemalloc", pkgConfig: "jemalloc", providers: [.apt(["libjemalloc-dev"])]),
        .target(name: "MapBridgeModel"),
        .target(name: "MapBridgeIO", dependencies: ["MapBridgeModel"]),
        .target(name: "MapBridgeJSON", dependencies: ["MapBridgeModel", "MapBridgeIO"]),
        .target(name: "MapBridgeGeoJSON", dependencies: ["MapBridgeModel", "MapBridgeIO", "MapBridgeJSON", "MapBridgeGeodesy"]),
        .target(name: "MapBridgeGeodesy", dependencies: ["CProj", "MapBridgeModel"]),
        .target(name: "MapBridgeZip", dependencies: ["CLibZip", "MapBridgeModel", "MapBridgeIO"]),
        .target(name: "MapBridgeKML",
                dependencies: ["CLibXML2", "MapBridgeXML", "MapBridgeModel", "MapBridgeIO", "MapBridgeJSON",
                               "MapBridgeGeodesy", "MapBridgeZip"]),
        .target(name: "MapBridgeXML", dependencies: ["CLibXML2", "MapBridgeModel", "MapBridgeIO"]),
        .target(name: "MapBridgeSVG", dependencies: ["MapBridgeModel", "MapBridgeIO", "MapBridgeXML", "MapBridgeGeodesy"]),
        .target(name: "MapBridgeCSV", dependencies: ["MapBridgeModel", "MapBridgeIO", "MapBridgeJSON"]),
        .target(name: "MapBridgeGPX", dependencies: ["CLibXML2", "MapBridgeXML", "MapBridgeModel", "MapBridgeIO", "MapBridgeJSON"]),
        .target(name: "MapBridgeValidation", dependencies: ["MapBridgeModel", "MapBridgeIO", "MapBridgeJSON",
                                                           "CLibXML2", "MapBridgeXML", "MapBridgeZip"]),
        .target(name: "MapBridgeCore",
                dependencies: ["MapBridgeModel", "MapBridgeIO", "MapBridgeJSON", "MapBridgeGeoJSON", "MapBridgeKML",
                               "MapBridgeCSV", "MapBridgeGPX", "MapBridgeZip", "MapBridgeGeodesy",
                               "MapBridgeSVG", "MapBridgeXML"]),
        .executableTarget(name: "MapBridgeCLI", dependencies: ["CJemalloc", "MapBridgeCore", "MapBridgeKML", "MapBridgeCSV",
                                                               "MapBridgeGeodesy", "MapBridgeValidation"]),
        // The benchmark's corpus generator and the reading layers' floors (not a unit test).
        .executableTarget(name: "MapBridgeBench", dependencies: ["CLibXML2", "MapBridgeCore", "MapBridgeIO", "MapBridgeJSON",
                                                                 "MapBridgeModel", "MapBridgeXML"]),
        // Helpers shared by the test targets (sources that feed readers in small pieces).
        .target(name: "TestSupport", dependencies: ["MapBridgeIO"], path: "Tests/TestSupport"),
        .testTarget(name: "MapBridgeModelTests", dependencies: ["MapBridgeModel"]),
        .testTarget(name: "MapBridgeIOTests", dependencies: ["MapBridgeIO"]),
        .testTarget(name: "MapBridgeJSONTests", dependencies: ["MapBridgeJSON", "MapBridgeIO", "TestSupport"]),
        .testTarget(name: "MapBridgeGeoJSONTests", dependencies: ["MapBridgeGeoJSON", "MapBridgeIO", "MapBridgeGeodesy"]),
        .testTarget(name: "MapBridgeKMLTests",
                    dependencies: ["MapBridgeKML", "MapBridgeXML", "MapBridgeIO", "MapBridgeModel", "TestSupport"]),
        .testTarget(name: "MapBridgeGeodesyTests", dependencies: ["MapBridgeGeodesy", "MapBridgeModel"]),
        .testTarget(name: "MapBridgeZipTests", dependencies: ["MapBridgeZip", "MapBridgeIO", "MapBridgeModel"]),
        .testTarget(name: "MapBridgeCoreTests",
                    dependencies: ["MapBridgeCore", "MapBridgeGeoJSON", "MapBridgeGeodesy", "MapBridgeIO", "MapBridgeKML", "MapBridgeModel",
                                 "TestSupport"]),
        .testTarget(name: "MapBridgeCSVTests", dependencies: ["MapBridgeCSV", "MapBridgeGeoJSON", "MapBridgeIO", "MapBridgeModel"]),
        .testTarget(name: "MapBridgeGPXTests", dependencies: ["MapBridgeGPX", "MapBridgeXML", "MapBridgeIO", "MapBridgeModel"]),
        .testTarget(name: "MapBridgeValidationTests", dependencies: ["MapBridgeValidation", "MapBridgeIO", "MapBridgeModel",
                                                                     "MapBridgeZip"]),
        .testTarget(name: "MapBridgeSVGTests", dependencies: ["MapBridgeSVG", "MapBridgeXML", "MapBridgeIO", "MapBridgeModel"]),
        .testTarget(name: "EndToEndTests", dependencies: ["MapBridgeCLI", "MapBridgeBench", "MapBridgeZip", "MapBridgeXML"]),
        // An app's view: the public modules imported without @testable.
        .testTarget(name: "ConsumerTests", dependencies: ["MapBridgeCore", "MapBridgeGeoJSON", "MapBridgeIO", "MapBridgeKML",
                                                          "MapBridgeModel"]),
    ],
    swiftLanguageModes: [.v6]
)

// Release builds leave out the run-time exclusivity checks on class properties and globals: the
// compiler still proves exclusive access statically, and on the data path the dynamic check costs
// about 80 instructions per access (7 % of a conversion). Debug builds, and so the tests, keep them.
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? [])
        + [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]
}
