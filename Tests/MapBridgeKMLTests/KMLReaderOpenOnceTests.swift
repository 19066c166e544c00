import Foundation
import MapBridgeIO
import MapBridgeKML
import MapBridgeModel
import Testing

/// A KML file is opened once: the byte scan for late styles, the style pass and the parse all
/// read the one descriptor, rewound between them; a FIFO given by name is spooled first.
@Suite("KML reader: the input opened once")
struct KMLReaderOpenOnceTests {
    /// A placemark that uses a style and a schema defined after it (so every pass runs).
    private static let lateDefinitions = kml("""
        <Placemark><styleUrl>#red</styleUrl><ExtendedData><SchemaData schemaUrl="#s"><SimpleData name="n">5</SimpleData></SchemaData></ExtendedData><Point><coordinates>1.50,2</coordinates></Point></Placemark>
        <Style id="red"><LineStyle><width>3</width></LineStyle></Style>
        <Schema id="s"><SimpleField name="n" type="int"/></Schema>
        """)

    private func readAll(_ reader: KMLReader) throws -> [Feature] {
        _ = try reader.open()
        var features: [Feature] = []
        while let f = try reader.next() { features.append(f) }
        return features
    }

    private func expectLateDefinitionsRead(_ features: [Feature]) {
        #expect(features.count == 1)
        #expect(features.first?.style?.strokeWidth == 3)
        #expect(features.first?.properties["n"] == .number(NumberValue(text: "5", value: 5)))
        #expect(features.first?.shape == .annotation(Coordinate(longitude: 1.5, latitude: 2)))
    }

    @Test("a file removed after the reader is made is still read whole, late styles too")
    func removedAfterOpening() throws {
        let path = NSTemporaryDirectory() + "/kml-open-once-\(getpid()).kml"
        try Self.lateDefinitions.write(toFile: path, atomically: false, encoding: .utf8)
        let reader = try KMLReader(path: path)
        try FileManager.default.removeItem(atPath: path)  // every later open would fail
        expectLateDefinitionsRead(try readAll(reader))
        #expect(reader.progress.bytesRead == Int64(Self.lateDefinitions.utf8.count))
    }

    @Test("a pipe given by name, which cannot be rewound, is spooled and read with its late styles")
    func pipeByName() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let bytes = Array(Self.lateDefinitions.utf8)  // far less than a pipe holds
        #expect(bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) } == bytes.count)
        close(ends[1])
        let reader = try KMLReader(path: "/dev/fd/\(ends[0])")
        expectLateDefinitionsRead(try readAll(reader))
    }

    @Test("ByteSource.rewind: a file and memory go back to the start; a pipe cannot")
    func rewind() throws {
        let memory = ByteSource(bytes: [1, 2, 3])
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: 8, alignment: 8)
        defer { buffer.deallocate() }
        #expect(try memory.read(into: buffer, count: 8) == 3)
        #expect(memory.rewind())
        #expect(memory.bytesRead == 0)
        #expect(try memory.read(into: buffer, count: 8) == 3)

        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        let piped = try ByteSource(path: "/dev/fd/\(ends[0])")
        #expect(!piped.rewind())
    }
}
