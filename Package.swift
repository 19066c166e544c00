// swift-tools-version:6.0
import PackageDescription

// The folder tree reads like the architecture:
//   MapBridgeModel    the shared model (features, shapes, styles, properties, diagnostics)
//   MapBridgeIO       chunked byte input and buffered, atomic byte output
//   MapBridgeJSON     the streaming JSON tokenizer (line/column, number text, depth limit)
//   MapBridgeGeoJSON  GeoJSON reader and writer side by side
//   MapBridgeCore     the format registry, the convert pipeline and dataset summaries
//   MapBridgeCLI      the `mapbridge` command
//   MapBridgeBench    `mapbridge-bench`: reading throughput for benchmarks
let package = Package(
    name: "MapBridge",
    products: [
        .library(
            name: "MapBridgeKit",
            targets: ["MapBridgeModel", "MapBridgeIO", "MapBridgeJSON", "MapBridgeGeoJSON", "MapBridgeCore"]),
        .executable(name: "mapbridge", targets: ["MapBridgeCLI"]),
        .executable(name: "mapbridge-bench", targets: ["MapBridgeBench"]),
    ],
    targets: [
        .target(name: "MapBridgeModel"),
        .target(name: "MapBridgeIO", dependencies: ["MapBridgeModel"]),
        .target(name: "MapBridgeJSON", dependencies: ["MapBridgeModel", "MapBridgeIO"]),
        .target(name: "MapBridgeGeoJSON", dependencies: ["MapBridgeModel", "MapBridgeIO", "MapBridgeJSON"]),
        .target(name: "MapBridgeCore", dependencies: ["MapBridgeModel", "MapBridgeIO", "MapBridgeJSON", "MapBridgeGeoJSON"]),
        .executableTarget(name: "MapBridgeCLI", dependencies: ["MapBridgeCore"]),
        // Throughput of the reading layers, for benchmarks beside a peer (not a unit test).
        .executableTarget(name: "MapBridgeBench", dependencies: ["MapBridgeGeoJSON", "MapBridgeIO", "MapBridgeJSON"]),
        .testTarget(name: "MapBridgeModelTests", dependencies: ["MapBridgeModel"]),
        .testTarget(name: "MapBridgeJSONTests", dependencies: ["MapBridgeJSON", "MapBridgeIO"]),
        .testTarget(name: "MapBridgeGeoJSONTests", dependencies: ["MapBridgeGeoJSON", "MapBridgeIO"]),
        .testTarget(name: "MapBridgeCoreTests",
                    dependencies: ["MapBridgeCore", "MapBridgeGeoJSON", "MapBridgeIO", "MapBridgeModel"]),
        .testTarget(name: "EndToEndTests", dependencies: ["MapBridgeCLI"]),
    ],
    swiftLanguageModes: [.v6]
)
