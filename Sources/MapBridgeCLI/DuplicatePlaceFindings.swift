import MapBridgeCore
import MapBridgeGeodesy
import MapBridgeModel
import MapBridgeValidation

/// `validate`'s `duplicate-place` findings for `file`: one for each named point that repeats an
/// earlier one of its cluster (see `PlaceClustering`), at the later point, naming the first
/// member and the distance to it. Files in formats that cannot be read, and files the reader
/// rejects (the structural rules report their problems), yield none.
/// - Parameter within: the largest distance between duplicates, in metres (> 0).
func duplicatePlaceFindings(file: String, within: Double) -> [Finding] {
    guard let format = Format(path: file), format.isReadable,
          let places = try? PlaceScan.candidates(path: file, format: format, report: { _ in }).places
    else { return [] }
    var findings: [Finding] = []
    for cluster in PlaceClustering(within: within).clusters(of: places) {
        let first = cluster.members[0]
        let firstPlace = first.location.map { "line \($0.line), column \($0.column)" } ?? "feature #\(first.index)"
        for m in cluster.members.dropFirst() {
            let metres = Geodesic.wgs84.distance(from: first.coordinate, to: m.coordinate)
            let distance = metres < 1_000 ? "\(Int(metres.rounded())) m" : "\(Int((metres / 1_000).rounded())) km"
            findings.append(Finding(
                rule: Rule.duplicatePlace.id, severity: Rule.duplicatePlace.defaultSeverity,
                message: "feature #\(m.index) is the same place as feature #\(first.index) at \(firstPlace) "
                    + "(name \"\(cluster.name)\" once normalised, \(distance) apart); 'mapbridge dedupe' merges them",
                location: m.location ?? SourceLocation(file: file, line: 1, column: 1)))
        }
    }
    return findings.sorted { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
}
