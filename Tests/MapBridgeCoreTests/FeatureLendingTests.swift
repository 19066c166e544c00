import Foundation
import MapBridgeGeoJSON
import MapBridgeIO
@testable import MapBridgeCore
import MapBridgeModel
import Testing

/// A reader on other threads that lends its features (`lendNext(to:)` of its own) lends what `next()`
/// returns, and what one reader on one thread returns: the same features, reports, progress
/// and error, chunks read again included.
@Suite("Features lent by the chunked readers")
struct FeatureLendingTests {
    final class Log: @unchecked Sendable {
        var lines: [String] = []
    }

    struct Reading: Equatable {
        var features: [Feature] = []
        var reports: [String] = []
        var error: String?
        var bytesRead: Int64 = 0
    }

    /// Reads `path` as a FeatureCollection in chunks of `chunkBytes`, by `lendNext(to:)` or
    /// by `next()`.
    static func read(_ path: String, chunkBytes: Int, lending: Bool) throws -> Reading {
        let log = Log()
        let settings = ChunkPipeline.Settings(reading: FeatureSources.geoJSONOptions(ConvertOptions()), titleProperty: nil,
                                              workers: 2)
        var reader = CollectionProbingReader(source: try ByteSource(path: path), settings: settings, chunkBytes: chunkBytes,
                                             report: { log.lines.append($0.description) })
        var reading = Reading()
        do {
            _ = try reader.open()
            if lending {
                while try reader.lendNext(to: { reading.features.append($0) }) {}
            } else {
                while let feature = try reader.next() { reading.features.append(feature) }
            }
        } catch {
            reading.error = "\(error)"
        }
        reading.reports = log.lines
        reading.bytesRead = reader.progress.bytesRead
        return reading
    }

    /// Reads `path` on this thread alone, as a conversion with one thread does.
    static func readOnOneThread(_ path: String) throws -> Reading {
        let log = Log()
        var reader = try FeatureSources.reader(for: path, format: .geojson, report: { log.lines.append($0.description) })
        var reading = Reading()
        do {
            _ = try reader.open()
            while let feature = try reader.next() { reading.features.append(feature) }
        } catch {
            reading.error = "\(error)"
        }
        reading.reports = log.lines
        return reading
    }

    @Test("lent as returned: warnings, chunks that do not end cleanly, a late error", arguments: [false, true])
    func sameAsReturned(failing: Bool) throws {
        var features: [String] = []
        for i in 0..<200 {
            switch i % 5 {
            case 1:
                // Spans lines where a line cut would be: the chunk before it is read again.
                features.append(#"{"type":"Feature","geometry":null,"properties":{"list":[{"x":\#(i)},"# + "\n"
                                + #"{"y":\#(i)}]}}"#)
            case 2:
                features.append(#"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"k":1,"k":\#(i)}}"#)
            case 3:
                features.append(#"{"type":"Feature","geometry":{"type":"Hexagon"},"properties":{"n":\#(i)}}"#)
            default:
                features.append(#"{"type":"Feature","id":\#(i),"geometry":{"type":"Point","coordinates":[\#(i % 90),3]},"properties":{"n":\#(i)}}"#)
            }
        }
        if failing { features.insert(#"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,]},"properties":{}}"#, at: 150) }
        let text = #"{"type":"FeatureCollection","features":["# + "\n" + features.joined(separator: ",\n") + "\n]}\n"
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mapbridge-lending-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("in.geojson").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let one = try Self.readOnOneThread(path)
        for chunkBytes in [1, 300, 2000, 1 << 20] {
            let returned = try Self.read(path, chunkBytes: chunkBytes, lending: false)
            let lent = try Self.read(path, chunkBytes: chunkBytes, lending: true)
            #expect(lent.features == returned.features, "chunks of \(chunkBytes) bytes")
            #expect(lent.reports == returned.reports, "chunks of \(chunkBytes) bytes")
            #expect(lent.error == returned.error, "chunks of \(chunkBytes) bytes")
            // After an error, how far the reading got depends on how many chunks the workers had
            // cut when they stopped.
            if !failing { #expect(lent.bytesRead == returned.bytesRead, "chunks of \(chunkBytes) bytes") }
            #expect(lent.features == one.features && lent.reports == one.reports && lent.error == one.error,
                    "chunks of \(chunkBytes) bytes, against one thread")
            #expect((returned.error != nil) == failing)
            #expect(returned.features.count == (failing ? 120 : 160))
        }
    }
}
