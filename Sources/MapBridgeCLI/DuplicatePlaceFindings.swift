import MapBridgeCore
import MapBridgeGeodesy
import MapBridgeModel
import MapBridgeValidation

/// `validate`'s `duplicate-place` findings for `file`: one for each named point that repeats an
/// earlier one of its cluster (see `PlaceClustering`), at the later point, naming the first
/// member and the distance to it. Files in formats that cannot be read yield none; a file the
/// reader rejects yields one `info` finding at the reader's error location saying that the rule
/// did not run and why (the structural rules report the problem itself). The file is read once for
/// its places and, when there are duplicates, again up to the last of them for their names.
/// Files with more named points than `duplicatePlaceLimit` get one `info` finding instead, so
/// that `validate` keeps to bounded memory (about 50 bytes per named point are held, in a
/// `PlaceCandidateStore`).
/// - Parameter within: the largest distance between duplicates, in metres (> 0).
func duplicatePlaceFindings(file: String, within: Double) -> [Finding] {
    guard let format = Format(path: file), format.isReadable else { return [] }
    let scan: (places: PlaceCandidateStore?, features: Int)
    do {
        scan = try PlaceScan.compactCandidates(path: file, format: format, options: readingOptions, limit: duplicatePlaceLimit,
                                               report: { _ in })
    } catch {
        return [notRun(file: file, because: error)]
    }
    guard let places = scan.places else {
        return [Finding(rule: Rule.duplicatePlace.id, severity: .info,
                        message: "more than \(duplicatePlaceLimit) named places: duplicate places are not looked for here, so that memory stays bounded; 'mapbridge dedupe' checks a file of any size",
                        location: SourceLocation(file: file, line: 1, column: 1))]
    }
    let clusters = PlaceClustering(within: within).clusters(of: places)
    guard !clusters.isEmpty else { return [] }
    let titles = duplicateTitles(file: file, format: format, clusters: clusters)
    var findings: [Finding] = []
    for cluster in clusters {
        let first = cluster.members[0]
        let firstName = titles[first.index].map { "\"\($0)\"" } ?? "feature #\(first.index)"
        let firstPlace = first.location.map { "line \($0.line), column \($0.column)" } ?? "feature #\(first.index)"
        for m in cluster.members.dropFirst() {
            let metres = Geodesic.wgs84.distance(from: first.coordinate, to: m.coordinate)
            let distance = metres < 1_000 ? "\(Int(metres.rounded())) m" : "\(Int((metres / 1_000).rounded())) km"
            let name = titles[m.index].map { "\"\($0)\"" } ?? "feature #\(m.index)"
            findings.append(Finding(
                rule: Rule.duplicatePlace.id, severity: Rule.duplicatePlace.defaultSeverity,
                message: "\(name) (feature #\(m.index)) is the same place as \(firstName) (feature #\(first.index)) "
                    + "at \(firstPlace), \(distance) away; 'mapbridge dedupe' merges them",
                location: located(m, file: file, format: format)))
        }
    }
    return findings.sorted { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
}

/// The `info` finding that says `duplicate-place` did not run on `file` because its reader
/// failed with `error`: at the error's location (line 1, column 1 when it has none).
private func notRun(file: String, because error: Error) -> Finding {
    let reason: String
    var location = SourceLocation(file: file, line: 1, column: 1)
    if let error = error as? MapBridgeError {
        reason = error.message
        if let at = error.location { location = at }
    } else {
        reason = "\(error)"
    }
    return Finding(rule: Rule.duplicatePlace.id, severity: .info,
                   message: "duplicate places were not looked for: the file cannot be read as features (\(reason)); "
                       + "fix the errors reported for it and validate again",
                   location: location)
}

/// Where `place` starts; in a GeoJSON file (a FeatureCollection, since it holds duplicates) with
/// the feature's JSON pointer.
private func located(_ place: PlaceCandidate, file: String, format: Format) -> SourceLocation {
    var location = place.location ?? SourceLocation(file: file, line: 1, column: 1)
    if format == .geojson { location.pointer = "/features/\(place.index)" }
    return location
}

/// The names of the clusters' members as the file spells them, by feature index; empty when
/// the file cannot be read again.
private func duplicateTitles(file: String, format: Format, clusters: [PlaceCluster]) -> [Int: String] {
    var wanted = Set<Int>()
    for c in clusters { for m in c.members { wanted.insert(m.index) } }
    let last = wanted.max() ?? 0
    var titles: [Int: String] = [:]
    guard var reader = try? FeatureSources.reader(for: file, format: format, options: readingOptions, report: { _ in })
    else { return [:] }
    var index = 0
    while index <= last, let feature = try? reader.next() {
        if wanted.contains(index), let title = feature.title { titles[index] = title }
        index += 1
    }
    return titles
}

/// How the rule reads a file: on one thread, its own, beside the structural checks that hold
/// the other core.
private let readingOptions: ConvertOptions = {
    var options = ConvertOptions()
    options.threads = 1
    return options
}()

/// The most named points `validate` holds to look for duplicate places (about 25 MB).
let duplicatePlaceLimit = 500_000
