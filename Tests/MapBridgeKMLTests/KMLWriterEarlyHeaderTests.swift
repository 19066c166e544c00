import Foundation
import MapBridgeIO
import MapBridgeKML
import MapBridgeModel
import Testing

/// The header written ahead of the placemarks into a file of the writer's own: the same bytes
/// as the header written at the end, whether the tables stay as they were or grow later.
@Suite("KMLWriter header written ahead into a rewindable file")
struct KMLWriterEarlyHeaderTests {
    /// Writes `features` once into memory (the header at the end) and once into a
    /// rewindable temporary file with the header due after `delay` bytes of placemarks;
    /// returns both texts and whether the file kept its early header.
    private func both(_ features: [Feature], begin: DocumentInfo = DocumentInfo(), end: DocumentInfo? = nil,
                      delay: Int = 0, change: (inout KMLWriter.Options) -> Void = { _ in })
        throws -> (memory: String, file: String, keptEarly: Bool)
    {
        var options = KMLWriter.Options()
        change(&options)
        options.headerDelayBytes = delay
        let memory = ByteSink(collectingInMemoryNamed: "memory.kml")
        let inMemory = KMLWriter(sink: memory, options: options)
        try inMemory.begin(begin)
        for feature in features { try inMemory.write(feature) }
        try inMemory.finish(end ?? begin)

        let (path, fd) = try makeTemporaryFile(beside: NSTemporaryDirectory() + "/early-header-test.kml")
        defer {
            close(fd)
            removeTemporaryFile(path)
        }
        let file = ByteSink(fileDescriptor: fd, name: path, rewindable: true)
        let toFile = KMLWriter(sink: file, options: options)
        try toFile.begin(begin)
        for feature in features { try toFile.write(feature) }
        try toFile.finish(end ?? begin)
        let written = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(Int64(written.count) == file.bytesWritten)
        return (String(decoding: memory.collectedBytes, as: UTF8.self), String(decoding: written, as: UTF8.self),
                toFile.wroteHeaderEarly)
    }

    private func place(_ n: Int, _ properties: Properties = [:], style: Style? = nil, folder: [String] = []) -> Feature {
        var p = properties
        if p.isEmpty { p = ["rank": .number(NumberValue(n)), "kind": "town"] }
        return Feature(title: "Place \(n)", shape: .annotation(Coordinate(longitude: Double(n % 180), latitude: 1)),
                       properties: p, style: style, folderPath: folder)
    }

    @Test("tables that stay as they were: the header is written once, ahead, and the bytes are the same")
    func settled() throws {
        let features = (0..<50).map { place($0) }
        let result = try both(features, begin: DocumentInfo(name: "Places"), delay: 200)
        #expect(result.file == result.memory)
        #expect(result.keptEarly)
        #expect(result.file.contains("<SimpleField type=\"int\" name=\"rank\"/>"))
    }

    @Test("a field first seen after the header went out: the placemarks move back and the header waits")
    func laterField() throws {
        var features = (0..<40).map { place($0) }
        features.append(place(40, ["rank": 3, "kind": "city", "added": true]))
        features += (41..<60).map { place($0) }
        let result = try both(features, delay: 100)
        #expect(result.file == result.memory)
        #expect(!result.keptEarly)
        #expect(result.file.contains("name=\"added\""))
    }

    @Test("a style first seen after the header went out, inside folders")
    func laterStyleInFolders() throws {
        var features = (0..<30).map { place($0, folder: ["A", "B"]) }
        features.append(place(30, style: Style(strokeColor: Color(red: 255, green: 0, blue: 0)), folder: ["A"]))
        features += (31..<45).map { place($0, folder: ["C"]) }
        let result = try both(features, delay: 0)
        #expect(result.file == result.memory)
        #expect(!result.keptEarly)
        #expect(result.file.contains("<Style id=\"style-1\">"))
    }

    @Test("a document name known only at the end")
    func lateName() throws {
        let features = (0..<20).map { place($0) }
        let result = try both(features, begin: DocumentInfo(), end: DocumentInfo(name: "Named at the end"), delay: 0)
        #expect(result.file == result.memory)
        #expect(!result.keptEarly)
        #expect(result.file.contains("<name>Named at the end</name>"))
    }

    @Test("pretty output, styles shared from the first placemark on")
    func pretty() throws {
        let style = Style(strokeColor: Color(red: 0, green: 0, blue: 255), strokeWidth: 3)
        let features = (0..<25).map { place($0, style: style, folder: $0 < 10 ? ["F"] : []) }
        let result = try both(features, delay: 64) { $0.pretty = true }
        #expect(result.file == result.memory)
        #expect(result.keptEarly)
    }

    @Test("fewer placemark bytes than the delay: the header waits for the end, as in memory")
    func shortDocument() throws {
        let result = try both((0..<3).map { place($0) }, delay: 1 << 20)
        #expect(result.file == result.memory)
        #expect(!result.keptEarly)
    }
}
