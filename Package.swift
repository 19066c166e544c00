// swift-tools-version:6.0
import PackageDescription

// The folder tree reads like the architecture:
//   MapBridgeModel    the shared model (features, shapes, styles, properties, diagnostics)
//   MapBridgeIO       chunked byte input and buffered, atomic byte output
//   MapBridgeJSON     the streaming JSON tokenizer (line/column, number text, depth limit)
//   MapBridgeGeoJSON  GeoJSON reader and writer side by side
//   MapBridgeCore     the format registry, the convert pipeline and dataset summaries
//   MapBridgeCLI      the `mapbridge` command
let package = Package(
    name: "MapBridge",
    products: [
        .library(
            name: "MapBridgeKit",
            targets: ["MapBridgeModel", "MapBridgeIO", "MapBridgeJSON", "MapBridgeGeoJSON", "MapBridgeCore"]),
        .executable(name: "mapbridge", targets: ["MapBridgeCLI"]),
    ],
    targets: [
        .target(name: "MapBridgeModel"),
        .target(name: "MapBridgeIO", dependencies: ["MapBridgeModel"]),
        .target(name: "MapBridgeJSON", dependencies: ["MapBridgeModel", "MapBridgeIO"]),
        .target(name: "MapBridgeGeoJSON", dependencies: ["MapBridgeModel", "MapBridgeIO", "MapBridgeJSON"]),
        .target(name: "MapBridgeCore", dependencies: ["MapBridgeModel", "MapBridgeIO", "MapBridgeJSON", "MapBridgeGeoJSON"]),
        .executableTarget(name: "MapBridgeCLI", dependencies: ["MapBridgeCore"]),
        .testTarget(name: "MapBridgeModelTests", dependencies: ["MapBridgeModel"]),
        .testTarget(name: "MapBridgeJSONTests", dependencies: ["MapBridgeJSON", "MapBridgeIO"]),
        .testTarget(name: "MapBridgeGeoJSONTests", dependencies: ["MapBridgeGeoJSON", "MapBridgeIO"]),
        .testTarget(name: "EndToEndTests", dependencies: ["MapBridgeCLI"]),
    ],
    swiftLanguageModes: [.v6]
)
