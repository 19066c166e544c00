#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MapBridgeJSON
import MapBridgeModel

/// Parses KML coordinate text: tuples `lon,lat[,alt]` separated by any whitespace (spaces
/// after commas, as some writers leave them, are tolerated).
enum KMLCoordinates {
    /// Why a coordinate text could not be read.
    struct Problem: Error {
        var message: String
    }

    /// The coordinates in `text`; a tuple with one number, or a number that is not one, is a
    /// problem. Each coordinate keeps its numbers' text when that text is also valid JSON.
    static func parse(_ text: [UInt8]) throws(Problem) -> [Coordinate] {
        var result: [Coordinate] = []
        var numbers: [(text: [UInt8], value: Double)] = []
        var current: [UInt8] = []
        var afterComma = false
        var tupleIndex = 0

        func finishNumber() throws(Problem) {
            guard !current.isEmpty else { return }
            guard let value = parseDouble(current) else {
                throw Problem(message: "'\(String(decoding: current, as: UTF8.self))' in coordinate tuple \(tupleIndex + 1) is not a number")
            }
            numbers.append((current, value))
            current.removeAll(keepingCapacity: true)
        }
        func finishTuple() throws(Problem) {
            try finishNumber()
            guard !numbers.isEmpty else { return }
            guard numbers.count >= 2 else {
                throw Problem(message: "coordinate tuple \(tupleIndex + 1) has one number; write longitude,latitude[,altitude]")
            }
            let texts = numbers.prefix(3).map { $0.text }
            let allJSON = texts.allSatisfy { t in t.withUnsafeBufferPointer { NumberParsing.grammarProblem($0) == nil } }
            let sourceText = allJSON
                ? CoordinateText(longitude: String(decoding: texts[0], as: UTF8.self),
                                 latitude: String(decoding: texts[1], as: UTF8.self),
                                 altitude: texts.count > 2 ? String(decoding: texts[2], as: UTF8.self) : nil)
                : nil
            result.append(Coordinate(longitude: numbers[0].value, latitude: numbers[1].value,
                                     altitude: numbers.count > 2 ? numbers[2].value : nil, sourceText: sourceText))
            numbers.removeAll(keepingCapacity: true)
            tupleIndex += 1
        }

        var pendingSpace = false
        for byte in text {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D:
                if !current.isEmpty || !numbers.isEmpty { pendingSpace = true }
            case UInt8(ascii: ","):
                try finishNumber()
                afterComma = true
                pendingSpace = false
            default:
                if pendingSpace && !afterComma {
                    try finishTuple()
                }
                pendingSpace = false
                afterComma = false
                current.append(byte)
            }
        }
        try finishTuple()
        return result
    }

    /// Parses a decimal number as KML writers spell them (`1`, `-1.5`, `1.`, `.5`, `+2`, `1e3`).
    static func parseDouble(_ bytes: [UInt8]) -> Double? {
        guard !bytes.isEmpty, bytes.count < 64 else { return nil }
        for b in bytes {
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
                UInt8(ascii: "e"), UInt8(ascii: "E"):
                continue
            default:
                return nil
            }
        }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { buf -> Double? in
            for (k, b) in bytes.enumerated() { buf[k] = CChar(bitPattern: b) }
            buf[bytes.count] = 0
            var end: UnsafeMutablePointer<CChar>?
            guard let base = buf.baseAddress else { return nil }
            let value = strtod(base, &end)
            guard let end, end - base == bytes.count, value.isFinite else { return nil }
            return value
        }
    }
}
