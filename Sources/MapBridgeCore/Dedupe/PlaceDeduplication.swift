#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MapBridgeGeodesy
import MapBridgeIO
import MapBridgeModel
import MapBridgeXML

/// Removes duplicate named places from a file: points whose names match after
/// `PlaceNameFolding` and that lie within `within` metres of each other (transitively) become
/// one feature, the cluster's survivor, carrying the properties of the others it lacked.
///
///     let dedupe = PlaceDeduplication(input: "airports.geojson", inputFormat: .geojson,
///                                     output: "unique.geojson", outputFormat: .geojson, within: 100)
///     let result = try dedupe.run(report: { _ in })
///     result.clusters.count  // clusters found
///
/// The input is read three times, streaming: once for the names and positions of its points,
/// once for the features of the clusters found (up to the last of them), once to write every feature but the merged
/// duplicates, in input order. Memory grows with the number of named points (a name, a position
/// and a few numbers each) and with the duplicates, not with the other features. Standard input
/// is spooled to a temporary file first. The output appears only when all of it is written.
///
/// Survivor rule: the member with the most properties; among equals, the first in the file.
/// Merged properties: the survivor's keys and values stay as they are; keys only other members
/// have are added after them, taken from the first member (in file order) that has each; a key
/// whose value differs from the one kept (the survivor's, or the one added first) is reported
/// as a conflict.
public struct PlaceDeduplication: Sendable {
    public var input: String
    public var inputFormat: Format
    /// The output path, or `-` for standard output.
    public var output: String
    public var outputFormat: Format
    public var options: ConvertOptions
    /// The largest geodesic distance between places that are one place, in metres (> 0).
    public var within: Double
    /// The property holding the names, or `nil` for the features' titles (GeoJSON `name`, else
    /// `title`; KML `name`; a CSV name column; GPX `name`).
    public var nameProperty: String?

    public init(input: String, inputFormat: Format, output: String, outputFormat: Format,
                options: ConvertOptions = ConvertOptions(), within: Double = 100, nameProperty: String? = nil)
    {
        self.nameProperty = nameProperty
        self.input = input
        self.inputFormat = inputFormat
        self.output = output
        self.outputFormat = outputFormat
        self.options = options
        self.within = within
    }

    /// One member of a reported cluster.
    public struct Member: Hashable, Sendable {
        /// 0-based position of the feature in the input.
        public var index: Int
        /// The name as the input spells it.
        public var title: String
        public var location: SourceLocation?
        public var coordinate: Coordinate
        /// Geodesic distance from the survivor, in metres.
        public var distance: Double
    }

    /// A property the survivor took from another member.
    public struct AddedProperty: Hashable, Sendable {
        public var key: String
        public var value: PropertyValue
        /// The `index` of the member it came from.
        public var from: Int
    }

    /// A property another member holds with a different value than the survivor's (which stays).
    public struct Conflict: Hashable, Sendable {
        public var key: String
        public var kept: PropertyValue
        public var dropped: PropertyValue
        /// The `index` of the member whose value was dropped.
        public var from: Int
    }

    /// What happened to one cluster.
    public struct ClusterReport: Hashable, Sendable {
        /// The normalised name.
        public var name: String
        /// The members in file order.
        public var members: [Member]
        /// The `index` of the surviving member.
        public var survivor: Int
        /// The largest distance from the survivor to another member, in metres.
        public var spread: Double
        public var added: [AddedProperty]
        public var conflicts: [Conflict]
        /// The survivor's properties after the merge.
        public var properties: Properties
    }

    /// What a finished run did.
    public struct Result: Sendable {
        /// Features read (all kinds).
        public var features: Int
        /// Named points among them.
        public var places: Int
        public var clusters: [ClusterReport]
        /// Features left out because they were merged into a survivor.
        public var merged: Int
        public var bytesWritten: Int64
    }

    /// Runs the deduplication.
    /// - Parameter report: receives the reader's and writer's warnings (the reader's once).
    /// - Throws: `MapBridgeError`: `.data` with a location for malformed input (no output is
    ///   left), `.inputUnavailable`, `.outputUnavailable`, `.usage` for an unsupported format,
    ///   output onto input or a `within` that is not a positive finite length.
    public func run(report: @escaping DiagnosticHandler) throws -> Result {
        guard within.isFinite, within > 0 else {
            throw MapBridgeError(.usage, "the distance must be a positive length in metres, got \(within)")
        }
        guard inputFormat.isReadable else {
            throw MapBridgeError(.usage, "reading \(inputFormat.rawValue.uppercased()) is not supported yet; readable formats: \(Format.supportedNames)")
        }
        guard outputFormat.isWritable else {
            throw MapBridgeError(.usage, "writing \(outputFormat.rawValue.uppercased()) is not supported yet; writable formats: \(Format.writableNames)")
        }
        if input != "-" && output != "-" && isSameFile(input, output) {
            throw MapBridgeError(.usage, "the output '\(output)' is the input file; write to another path")
        }
        let path = input == "-" ? try spoolStandardInput(
            suffix: "." + (inputFormat.extensions.first ?? "dat"), maximumBytes: options.maximumSpoolBytes,
            checkStart: inputFormat == .kml || inputFormat == .gpx
                ? { try XMLDocumentStart.check($0, kind: inputFormat.rawValue.uppercased(), name: "-") } : nil) : input
        defer { if input == "-" { removeTemporaryFile(path) } }
        let quiet: DiagnosticHandler = { _ in }

        // Pass 1: names and positions.
        let (places, featureCount) = try PlaceScan.candidates(path: path, format: inputFormat, options: options,
                                                              nameProperty: nameProperty, report: report)
        let clusters = PlaceClustering(within: within).clusters(of: places)

        // Pass 2: the clusters' features.
        var clusterOf: [Int: Int] = [:]
        for (c, cluster) in clusters.enumerated() {
            for m in cluster.members { clusterOf[m.index] = c }
        }
        var memberFeatures: [Int: MemberData] = [:]
        if !clusters.isEmpty {
            var reader = try FeatureSources.reader(for: path, format: inputFormat, options: options, report: quiet)
            _ = try reader.open()
            let last = clusters.map { $0.members[$0.members.count - 1].index }.max() ?? 0
            var index = 0
            while index <= last, let feature = try reader.next() {
                if clusterOf[index] != nil {
                    memberFeatures[index] = MemberData(title: PlaceCandidate.nameText(of: feature, nameProperty: nameProperty),
                                                       properties: feature.properties)
                }
                index += 1
            }
        }
        let reports = clusters.map { merge($0, features: memberFeatures) }
        memberFeatures = [:]
        var survivorProperties: [Int: Properties] = [:]
        var dropped = Set<Int>()
        for r in reports {
            survivorProperties[r.survivor] = r.properties
            for m in r.members where m.index != r.survivor { dropped.insert(m.index) }
        }

        // Pass 3: everything but the merged duplicates.
        var reader = try FeatureSources.streamingReader(for: path, format: inputFormat, options: options, report: quiet)
        let bytes = try FeatureOutput.write(to: output, format: outputFormat, options: options, inputs: [path],
                                            inputFormat: inputFormat, report: report) { writer in
            try writer.begin(try reader.open())
            var index = 0
            while var feature = try reader.next() {
                defer { index += 1 }
                if dropped.contains(index) { continue }
                if let merged = survivorProperties[index] { feature.properties = merged }
                try writer.write(feature)
            }
            guard index == featureCount else {
                throw MapBridgeError(.data, "the input changed while it was read: \(featureCount) features at first, \(index) now")
            }
            try writer.finish(reader.document)
        }
        return Result(features: featureCount, places: places.count, clusters: reports, merged: dropped.count,
                      bytesWritten: bytes)
    }

    /// The report of `cluster`, with the survivor's merged properties, from its members' features.
    /// What the merge needs of a member's feature.
    struct MemberData {
        var title: String?
        var properties: Properties
    }

    func merge(_ cluster: PlaceCluster, features: [Int: MemberData]) -> ClusterReport {
        let geodesic = Geodesic.wgs84
        let survivor = cluster.survivingMember
        var properties = features[survivor.index]?.properties ?? Properties()
        var added: [AddedProperty] = [], conflicts: [Conflict] = []
        var members: [Member] = []
        for m in cluster.members {
            let feature = features[m.index]
            members.append(Member(index: m.index, title: feature?.title ?? m.name, location: m.location,
                                  coordinate: m.coordinate,
                                  distance: m.index == survivor.index ? 0
                                      : geodesic.distance(from: survivor.coordinate, to: m.coordinate)))
        }
        for m in cluster.members where m.index != survivor.index {
            guard let other = features[m.index] else { continue }
            for entry in other.properties {
                if let kept = properties[entry.key] {
                    if kept != entry.value {
                        conflicts.append(Conflict(key: entry.key, kept: kept, dropped: entry.value, from: m.index))
                    }
                } else {
                    properties.append(key: entry.key, value: entry.value)
                    added.append(AddedProperty(key: entry.key, value: entry.value, from: m.index))
                }
            }
        }
        return ClusterReport(name: cluster.name, members: members, survivor: survivor.index, spread: cluster.spread,
                             added: added, conflicts: conflicts, properties: properties)
    }
}
