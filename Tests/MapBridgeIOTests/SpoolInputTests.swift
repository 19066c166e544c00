import MapBridgeIO
import MapBridgeModel
import Testing

/// A source that can be read only once, spooled within a bound: the message names the source.
@Suite("spoolInput: the bound's message names what was spooled")
struct SpoolInputTests {
    @Test("a named FIFO over the bound is named in the message, not called standard input")
    func namedSourceOverTheBound() throws {
        let source = ByteSource(bytes: [UInt8](repeating: UInt8(ascii: "x"), count: 4096), name: "in.kml")
        do {
            _ = try spoolInput(source, suffix: ".kml", maximumBytes: 100)
            Issue.record("a source over the bound was spooled")
        } catch let error as MapBridgeError {
            #expect(error.kind == .inputUnavailable)
            #expect(error.message.hasPrefix("'in.kml' holds more than"), "\(error.message)")
            #expect(!error.message.contains("standard input"), "\(error.message)")
        }
    }
}
