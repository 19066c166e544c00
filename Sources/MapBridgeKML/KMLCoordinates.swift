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
        var ignored: String?
        return try parse(text, overlong: &ignored)
    }

    /// Parses `text`; `overlong` receives a message for the first tuple with more than three
    /// numbers (the rest of such a tuple is left out).
    static func parse(_ text: [UInt8], overlong: inout String?) throws(Problem) -> [Coordinate] {
        var result: [Coordinate] = []
        var numbers: [(text: [UInt8], value: Double)] = []
        // Numbers past the third are checked and counted, not kept: a tuple of a million
        // numbers costs no more memory than its text.
        var extraNumbers = 0
        var current: [UInt8] = []
        var afterComma = false
        var tupleIndex = 0

        func finishNumber() throws(Problem) {
            guard !current.isEmpty else { return }
            guard let value = NumberParsing.lenientDouble(current) else {
                throw Problem(message: "'\(String(decoding: current, as: UTF8.self))' in coordinate tuple \(tupleIndex + 1) is not a number")
            }
            if numbers.count < 3 { numbers.append((current, value)) } else { extraNumbers += 1 }
            current.removeAll(keepingCapacity: true)
        }
        func finishTuple() throws(Problem) {
            try finishNumber()
            guard !numbers.isEmpty else { return }
            guard numbers.count >= 2 else {
                throw Problem(message: "coordinate tuple \(tupleIndex + 1) has one number; write longitude,latitude[,altitude]")
            }
            if extraNumbers > 0, overlong == nil {
                overlong = "coordinate tuple \(tupleIndex + 1) has \(numbers.count + extraNumbers) numbers; the first three (longitude, latitude, altitude) are kept and the rest left out (a tuple is longitude,latitude[,altitude]; tuples are separated by spaces)"
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
            extraNumbers = 0
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
}
