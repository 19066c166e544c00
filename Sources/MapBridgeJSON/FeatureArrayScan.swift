import MapBridgeIO

/// Finds where a FeatureCollection's input can be cut between the elements of its `features`,
/// so that runs of elements can be parsed on several threads: a scan of the bytes that tracks
/// only strings and nesting, much cheaper than tokenizing them.
///
/// The scan looks at the first top-level value only. It must be an object whose member
/// `features` (spelt without escapes, the first member of that name) holds an array; the scan
/// then reports each `,` between two elements of that array (`Step.separator`) and the `]`
/// that ends it (`Step.arrayEnd`). Anything else (another top-level value, a member name with
/// an escape, `features` that is not an array, the first value ending first) stops it
/// (`Step.unsuitable`): such input is read whole.
///
/// The scan does not check the grammar: on well-formed JSON what it reports is exact, and on
/// malformed JSON the readers of the pieces find the error (a piece that does not parse is
/// read again, whole, from its start).
///
///     var scan = FeatureArrayScan()
///     bytes.withUnsafeBufferPointer { b in
///         var i = 0
///         while true {
///             let (step, next) = scan.step(b, from: i)
///             …
///         }
///     }
///
/// - Complexity: O(n) in the bytes scanned, each looked at once (string contents eight at a time).
public struct FeatureArrayScan: Sendable {
    /// What a call to `step(_:from:)` found.
    public enum Step: Equatable, Sendable {
        /// The bytes ran out before anything was found: call again with more, from the index given.
        case needMore
        /// A `,` between two elements of `features`, at the index given.
        case separator
        /// The `]` that ends `features`, at the index given.
        case arrayEnd
        /// The input is not one the scan can cut (see the type's description).
        case unsuitable
    }

    private enum Phase: Sendable {
        /// Before the first top-level value (whitespace and a byte order mark may come first).
        case start
        /// Inside the top-level object, before its `features` array.
        case members
        /// Inside `features`.
        case elements
        /// Past the end of `features`, or given up.
        case finished
    }

    private var phase = Phase.start
    /// Open containers, the top-level object counting 1.
    private var depth = 0
    private var inString = false
    /// Inside a string, just after a backslash.
    private var escaped = false
    /// In the top-level object: whether the next string is a member name.
    private var expectsName = false
    /// In the top-level object: whether the member name just read is `features`, and whether
    /// its value is next (after the colon).
    private var nameIsFeatures = false
    private var expectsFeaturesValue = false
    /// Bytes of the member name being read that match `features` so far; -1 once it cannot.
    private var nameMatched = 0
    /// The `,` separators found in `features` so far: the index of the element after the
    /// last one.
    public private(set) var separators = 0

    public init() {}

    private static let features: [UInt8] = Array("features".utf8)

    /// Scans `bytes` from `start` up to the next thing worth reporting: a separator only at an
    /// index of `minimum` or more (those before are counted in `separators`, not reported).
    /// - Returns: what was found and the index just past it (for `.needMore`, `bytes.count`).
    public mutating func step(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, reportingFrom minimum: Int = 0) -> (Step, Int) {
        guard let base = bytes.baseAddress else { return (phase == .finished ? .unsuitable : .needMore, start) }
        let end = bytes.count
        if phase == .elements { return scanElements(base, from: start, to: end, reportingFrom: minimum) }
        var i = start
        while i < end {
            if phase == .elements { return scanElements(base, from: i, to: end, reportingFrom: minimum) }
            if inString {
                if escaped {
                    escaped = false
                    i += 1
                    continue
                }
                let c = base[i]
                i += 1
                if c == 0x5C {
                    escaped = true
                    // A member name with an escape might spell `features`: read whole.
                    if phase == .members && expectsName { return give(up: i) }
                } else if c == 0x22 {
                    inString = false
                    if phase == .members && expectsName {
                        expectsName = false
                        nameIsFeatures = nameMatched == Self.features.count
                    }
                } else if phase == .members && expectsName && nameMatched >= 0 {
                    nameMatched = nameMatched < Self.features.count && Self.features[nameMatched] == c ? nameMatched + 1 : -1
                }
                continue
            }
            let c = base[i]
            i += 1
            if c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 { continue }
            if phase == .start && i <= 3 && (c == 0xEF || c == 0xBB || c == 0xBF) { continue }  // a byte order mark
            if expectsFeaturesValue {
                // The value of the top-level object's `features`: only an array is cut.
                expectsFeaturesValue = false
                guard c == 0x5B else { return give(up: i) }
                phase = .elements
                depth = 2
                continue
            }
            switch c {
            case 0x22:
                inString = true
                if phase == .members && expectsName { nameMatched = 0 }
            case 0x7B, 0x5B:  // { [
                if phase == .start {
                    guard c == 0x7B else { return give(up: i) }
                    phase = .members
                    expectsName = true
                }
                depth += 1
            case 0x7D, 0x5D:  // } ]
                depth -= 1
                // The top-level object ended without `features`.
                if depth <= 0 { return give(up: i) }
            case 0x2C:  // ,
                if phase == .members && depth == 1 { expectsName = true }
            case 0x3A:  // :
                if phase == .members && depth == 1 {
                    expectsFeaturesValue = nameIsFeatures
                    nameIsFeatures = false
                }
            default:
                // Anything but an object at the top level: read whole.
                if phase == .start { return give(up: i) }
            }
        }
        return (phase == .finished ? .unsuitable : .needMore, end)
    }

    /// The scan inside `features`, where only strings, nesting and the separators at the
    /// elements' level count: most bytes cost one table test.
    private mutating func scanElements(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int,
                                       reportingFrom minimum: Int) -> (Step, Int)
    {
        var i = start
        var depth = self.depth, inString = self.inString, escaped = self.escaped
        defer {
            self.depth = depth
            self.inString = inString
            self.escaped = escaped
        }
        return Self.structure.withUnsafeBufferPointer { structure -> (Step, Int) in
            while i < end {
                if inString {
                    if escaped {
                        escaped = false
                        i += 1
                        continue
                    }
                    i = Self.firstQuoteOrBackslash(base, from: i, to: end)
                    guard i < end else { break }
                    if base[i] == 0x5C { escaped = true } else { inString = false }
                    i += 1
                    continue
                }
                let c = base[i]
                i += 1
                switch structure[Int(c)] {
                case 0:
                    continue
                case 1:
                    inString = true
                case 2:
                    depth += 1
                case 3:
                    depth -= 1
                    if depth == 1 {
                        phase = .finished
                        return (.arrayEnd, i)
                    }
                default:  // ,
                    guard depth == 2 else { continue }
                    separators += 1
                    if i - 1 >= minimum { return (.separator, i) }
                }
            }
            return (.needMore, end)
        }
    }

    /// What each byte is to the scan inside `features`: 0 nothing, 1 a quote, 2 an opening
    /// and 3 a closing bracket or brace, 4 a comma.
    private static let structure: [UInt8] = (0..<256).map { b -> UInt8 in
        switch b {
        case 0x22: 1
        case 0x5B, 0x7B: 2
        case 0x5D, 0x7D: 3
        case 0x2C: 4
        default: 0
        }
    }

    private mutating func give(up index: Int) -> (Step, Int) {
        phase = .finished
        return (.unsuitable, index)
    }

    /// The index of the first quote or backslash in `[from, to)`, or `to`.
    @inline(__always)
    private static func firstQuoteOrBackslash(_ base: UnsafePointer<UInt8>, from: Int, to: Int) -> Int {
        var i = ByteScanning.firstHit(UnsafeRawPointer(base), from: from, to: to) { w in
            WordScan.equal(w, 0x22) | WordScan.equal(w, 0x5C)
        }
        while i < to, base[i] != 0x22, base[i] != 0x5C { i += 1 }
        return i
    }
}
