import MapBridgeIO
import MapBridgeModel

/// A streaming JSON tokenizer over byte buffers (RFC 8259).
///
/// It reads its source in chunks (1 MiB by default), or in place when the source lends its
/// bytes whole (`ByteSource(lending:name:)`), checks the grammar as it goes, and hands
/// out one token at a time with the 1-based line and column where the token starts. Numbers
/// keep their original text; strings are decoded (escapes, surrogate pairs) into bytes that
/// stay valid until the next call. It notices duplicate member names, limits nesting depth,
/// and with `allowsMultipleValues` reads JSON text sequences (RFC 7464 / 8142, `RS`-prefixed)
/// and newline-delimited JSON.
///
///     let tokenizer = JSONTokenizer(source: try ByteSource(path: "a.json"))
///     while true {
///         let token = try tokenizer.next()
///         if token == .endOfInput { break }
///     }
///
/// - Complexity: O(n) in the input; memory O(chunk + longest token + depth).
public final class JSONTokenizer {
    // The tokenizer is used from one thread at a time and never re-entered, so the per-access
    // exclusivity checks on its hot fields (a quarter of the run time when enabled) are off.
    /// Settings that bound what the tokenizer accepts.
    public struct Options: Sendable {
        /// The deepest nesting of arrays and objects accepted, ≥ 1.
        public var maximumDepth: Int = 512
        /// Whether more than one top-level value may follow each other (JSON sequences).
        public var allowsMultipleValues: Bool = true
        /// Whether to look for duplicate member names (reported through `lastKeyIsDuplicate`).
        public var detectsDuplicateKeys: Bool = true
        /// Whether the caller notices repeated member names itself, for a reader that tells
        /// the members it reads apart anyway (by their places in a `JSONKeyTable`) and so need
        /// not pay for a record of their names as well: no object's names are recorded, and
        /// `lastKeyIsDuplicate` is `false`, until the caller hands an object back
        /// (`recordNames(_:)`, for a large one).
        public var leavesRepeatedNamesToCaller: Bool = false
        /// Bytes asked of the source per read.
        public var chunkSize: Int = 1 << 20
        /// Where the source starts in the input it is a piece of (a chunk of newline-delimited
        /// JSON read on a thread of its own), so that locations and offsets are those of the
        /// whole input; `nil` for a source that is the whole input.
        public var origin: Origin?
        /// The containers already open where a piece of a larger input starts, outermost
        /// first: the piece starts just after a `,` inside the last one (an element of a
        /// FeatureCollection's `features` read on its own thread). Empty for a source that
        /// starts at the top level. Depths, and so `maximumDepth`, count these containers.
        public var enclosing: [Enclosing] = []
        public init() {}
    }

    /// A container open where a piece of an input starts (`Options.enclosing`).
    public struct Enclosing: Hashable, Sendable {
        /// Whether it is an object (else an array).
        public var isObject: Bool
        /// For an object, the names of the members it has had before the piece, so that a
        /// name repeated in the piece is noticed as in the whole input.
        public var memberNames: [String]

        public init(isObject: Bool, memberNames: [String] = []) {
            self.isObject = isObject
            self.memberNames = memberNames
        }
    }

    /// Where a piece of an input starts: its first byte's offset, the 1-based line that byte
    /// is on, and the offset of that line's first byte. Only a piece at offset 0 may open with
    /// a byte order mark or be reported as an empty input (a later piece may hold nothing but
    /// whitespace).
    public struct Origin: Hashable, Sendable {
        /// Bytes of the input before the piece, ≥ 0.
        public var offset: Int64
        /// The line of the piece's first byte, ≥ 1.
        public var line: Int
        /// The offset of that line's first byte, ≤ `offset`.
        public var lineStart: Int64

        public init(offset: Int64, line: Int, lineStart: Int64) {
            self.offset = offset
            self.line = line
            self.lineStart = lineStart
        }
    }

    // MARK: Buffer
    private let source: ByteSource
    @exclusivity(unchecked) private var buffer: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var capacity: Int
    @exclusivity(unchecked) private var position = 0
    @exclusivity(unchecked) private var end = 0
    @exclusivity(unchecked) private var bufferOffset: Int64 = 0  // absolute offset of buffer[0]
    @exclusivity(unchecked) private var atEndOfSource = false
    private let chunkSize: Int
    /// The bytes of a source that lends them (`ByteSource.takeRest()`), read in place: `buffer`
    /// points into them (they are held here, never changed, so they stay put), the source is
    /// at its end, and nothing is refilled, moved or written. `nil` when `buffer` is the
    /// tokenizer's own, refilled from the source.
    private let adopted: [UInt8]?
    /// Whether the source's first byte is the input's first byte (a BOM may stand there, and
    /// nothing but whitespace is an empty input).
    private let startsInput: Bool

    // MARK: Location
    @exclusivity(unchecked) private var line = 1
    @exclusivity(unchecked) private var lineStart: Int64 = 0  // absolute offset of the current line's first byte
    /// 1-based line of the last token.
    @exclusivity(unchecked) public private(set) var tokenLine = 1
    /// 1-based column (in bytes) of the last token (worked out when asked: most tokens are
    /// never asked where they are).
    /// Inlinable, as `tokenLine` is a stored property: a reader marks where several tokens
    /// of each feature start.
    @inlinable public var tokenColumn: Int { Int(tokenOffset - tokenLineStart) + 1 }
    /// The absolute offset of the first byte of the last token's line.
    @usableFromInline @exclusivity(unchecked) private(set) var tokenLineStart: Int64 = 0
    /// Absolute byte offset of the last token.
    @exclusivity(unchecked) public private(set) var tokenOffset: Int64 = 0

    // MARK: Grammar
    private enum Expect { case value, valueOrEndArray, keyOrEndObject, key, afterValue }
    @exclusivity(unchecked) private var expect: Expect = .value
    /// The open containers, innermost last (true = object); a fixed stack of `maximumDepth`.
    @exclusivity(unchecked) private var containers: UnsafeMutablePointer<Bool>
    @exclusivity(unchecked) private var openCount = 0
    /// The innermost open container: true for an object, false for an array, nil at the top.
    private var innermost: Bool? { openCount > 0 ? containers[openCount - 1] : nil }
    private let options: Options
    /// Whether the input may end just after an element of the innermost array (only during
    /// `nextEndingBetweenElements()`).
    @exclusivity(unchecked) private var endsBetweenElements = false
    /// Top-level values completed so far.
    @exclusivity(unchecked) public private(set) var topLevelValuesRead = 0

    // MARK: Token payload
    @exclusivity(unchecked) private var scratch: [UInt8] = []
    @exclusivity(unchecked) private var payloadStart = 0
    @usableFromInline @exclusivity(unchecked) private(set) var payloadCount = 0
    @exclusivity(unchecked) private var payloadInScratch = false
    @exclusivity(unchecked) private var fastNumber: Double?
    /// The last number's digits when it has no exponent, as its scan read them (what
    /// `FixedPointSpelling(scanned:value:)` takes, so that a reader can spell the number
    /// without its text); `nil` for a number with an exponent.
    @exclusivity(unchecked) public private(set) var numberDigits: FixedPointSpelling.Digits?

    // MARK: Duplicate keys
    private let keys = ObjectKeyLedger()
    /// Whether the last `.key` token repeats a name already seen in the same object.
    @exclusivity(unchecked) public private(set) var lastKeyIsDuplicate = false
    /// The `KeyHash.quick` of the last `.key` token's name (for the ledger and `key(in:)`).
    @exclusivity(unchecked) private(set) var lastKeyHash: UInt64 = 0
    /// The words that hash mixes (`KeyHash.Words`), which the key table compares for a short
    /// name instead of its bytes.
    @usableFromInline @exclusivity(unchecked) private(set) var lastKeyWords = KeyHash.Words()

    /// The last key's length in bytes and the two words of it that its hash mixes, as
    /// `KeyHash.Words` has them: a name of 8 to 16 bytes is its first and its last eight bytes
    /// (little-endian); one of 4 to 7 bytes is its first four and (above them) its last four,
    /// with `tail` 0; a shorter one is its bytes, first lowest. A name of at most 16 bytes is all
    /// in them, so a caller can tell a few known names apart by them, without a lookup or a
    /// look at the bytes. Valid right after `next()` returned `.key`.
    /// Inlinable (with what it reads): a reader asks it of every member of its features.
    @inlinable public var lastKeyWordsAndCount: (count: Int, head: UInt64, tail: UInt64) {
        (payloadCount, lastKeyWords.head, lastKeyWords.tail)
    }

    /// What `lastKeyWordsAndCount` gives for a key named `name` (its UTF-8): for a caller to
    /// work out once the words of the few names it tells apart, rather than spell them out.
    public static func keyWordsAndCount(of name: StaticString) -> (count: Int, head: UInt64, tail: UInt64) {
        let bytes = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        let words = KeyHash.words(bytes)
        return (bytes.count, words.head, words.tail)
    }

    /// `SmallASCII.layoutHolds`, asked once here rather than at every string made (a global
    /// asked each time costs a lazy-initialisation check and a call).
    private let smallASCII = SmallASCII.layoutHolds
    /// `SmallUTF8.layoutHolds`, asked once here for the same reason.
    private let smallUTF8 = SmallUTF8.layoutHolds

    /// Makes a tokenizer over `source`.
    public init(source: ByteSource, options: Options = Options()) {
        self.source = source
        sourceFile = SourceFile(source.name)
        self.options = options
        leavesNames = options.leavesRepeatedNamesToCaller
        recordsNames = options.detectsDuplicateKeys && !leavesNames
        chunkSize = max(options.chunkSize, 16)
        if let lent = source.takeRest(), let base = lent.withUnsafeBufferPointer({ $0.baseAddress }) {
            adopted = lent
            buffer = UnsafeMutablePointer(mutating: base)
            capacity = lent.count
            end = lent.count
            atEndOfSource = true
        } else {
            // A source that does not lend, or lent no bytes at all (it is at its end and reads
            // 0): the tokenizer's own buffer, refilled.
            adopted = nil
            capacity = chunkSize * 2
            buffer = .allocate(capacity: capacity)
        }
        containers = .allocate(capacity: min(max(options.maximumDepth, 1), 100_000))
        if let origin = options.origin {
            bufferOffset = origin.offset
            line = origin.line
            lineStart = origin.lineStart
        }
        startsInput = bufferOffset == 0
        if adopted != nil { skipByteOrderMark() }
        enter(options.enclosing)
    }

    /// Opens the containers a piece starts inside, with the member names its objects have had.
    private func enter(_ enclosing: [Enclosing]) {
        guard !enclosing.isEmpty else { return }
        let limit = min(max(options.maximumDepth, 1), 100_000)
        for container in enclosing.prefix(limit) {
            containers[openCount] = container.isObject
            openCount += 1
            guard container.isObject, recordsNames else { continue }
            keys.openObject()
            for name in container.memberNames {
                var name = name
                name.withUTF8 { _ = keys.insert($0, hash: KeyHash.quick($0)) }
            }
        }
        // Just after a ',': a member name in an object, an element in an array.
        expect = containers[openCount - 1] ? .key : .value
    }

    deinit {
        if adopted == nil { buffer.deallocate() }
        containers.deallocate()
    }

    /// The current nesting depth: 0 at the top level.
    public var depth: Int { openCount }
    /// The source's name, for messages.
    public var sourceName: String { source.name }
    /// The source's name as the token every location carries.
    public let sourceFile: SourceFile
    /// Bytes read from the source so far and its size when known.
    public var progress: (bytesRead: Int64, totalBytes: Int64?) { (source.bytesRead, source.totalBytes) }

    /// The location of the last token.
    public func location(pointer: String?) -> SourceLocation {
        SourceLocation(source: sourceFile, line: tokenLine, column: tokenColumn, pointer: pointer)
    }

    /// The location of the last token, without a pointer. Apart from `location(pointer:)`, so
    /// that a reader that makes one per feature does not pass (and so retain) a `nil` pointer.
    public func location() -> SourceLocation {
        SourceLocation(source: sourceFile, line: tokenLine, column: tokenColumn)
    }

    /// An error at the last token's location.
    public func error(_ message: String, pointer: String? = nil) -> MapBridgeError {
        MapBridgeError(.data, message, at: location(pointer: pointer))
    }

    // MARK: - Reading tokens

    /// Reads the next token.
    /// - Throws: `MapBridgeError` (kind `.data`, with line and column) on malformed JSON,
    ///   too deep nesting or invalid UTF-8; (kind `.inputUnavailable`) on a read error.
    public func next() throws -> JSONToken {
        while true {
            guard let c = try skipWhitespace() else { return try endOfInput() }
            markToken()
            switch expect {
            case .afterValue:
                guard let isObject = innermost else {
                    // A top-level value is complete and more input follows.
                    guard options.allowsMultipleValues else {
                        throw error("unexpected data after the end of the JSON value")
                    }
                    expect = .value
                    continue
                }
                switch c {
                case UInt8(ascii: ","):
                    position += 1
                    expect = isObject ? .key : .value
                    continue
                case UInt8(ascii: "}") where isObject:
                    position += 1
                    return closeContainer(.endObject)
                case UInt8(ascii: "]") where !isObject:
                    position += 1
                    return closeContainer(.endArray)
                default:
                    throw unexpected(c, afterElementOfObject: isObject)
                }
            case .keyOrEndObject, .key:
                if c == UInt8(ascii: "}") {
                    if expect == .key {
                        throw error("expected a member name after ',', found '}' (JSON does not allow trailing commas)")
                    }
                    position += 1
                    return closeContainer(.endObject)
                }
                guard c == UInt8(ascii: "\"") else { throw unexpected(c, insteadOf: "a member name in double quotes") }
                try scanString()
                // The colon nearly always follows the name at once: taken here, without a call.
                if position < end && buffer[position] == UInt8(ascii: ":") {
                    position += 1
                } else {
                    try expectColon()
                }
                recordKey()
                expect = .value
                return .key
            case .value, .valueOrEndArray:
                if c == UInt8(ascii: "]") {
                    if expect == .valueOrEndArray {
                        position += 1
                        return closeContainer(.endArray)
                    }
                    if innermost == false {
                        throw error("expected a value after ',', found ']' (JSON does not allow trailing commas)")
                    }
                }
                return try scanValue(c)
            }
        }
    }

    /// Skips the value that starts with `token` (which `next()` just returned): for `{` or
    /// `[` everything up to the matching close, for a scalar nothing.
    public func skipValue(startingWith token: JSONToken) throws {
        guard token == .beginObject || token == .beginArray else { return }
        let target = depth - 1
        while depth > target {
            let t = try next()
            if t == .endOfInput { break }
        }
    }

    // MARK: - Repeated names left to the caller

    /// Whether the names of the innermost object are recorded, so that `lastKeyIsDuplicate`
    /// answers for them: whenever duplicates are looked for, except in an object left to the
    /// caller (`Options.leavesRepeatedNamesToCaller`) until `recordNames(_:)`.
    @exclusivity(unchecked) public private(set) var recordsNames: Bool
    /// `Options.leavesRepeatedNamesToCaller`.
    private let leavesNames: Bool
    /// With `leavesNames`: the depths (`openCount`) of the open objects handed back
    /// (`recordNames(_:)`), innermost last.
    @exclusivity(unchecked) private var handedBack: [Int] = []

    /// Takes back the check for repeated names of the innermost object, which was left to the
    /// caller (`Options.leavesRepeatedNamesToCaller`), for a caller whose own check is meant
    /// for small objects: records `names`, those of the object's members before the last key,
    /// then the last key, setting `lastKeyIsDuplicate` for it. Nothing changes for an object
    /// whose names are recorded already.
    /// - Precondition: the last token was a `.key` of the innermost object.
    public func recordNames(_ names: [String]) {
        guard leavesNames, options.detectsDuplicateKeys, !recordsNames, openCount > 0, containers[openCount - 1] else { return }
        handedBack.append(openCount)
        recordsNames = true
        keys.openObject()
        for name in names {
            var name = name
            name.withUTF8 { _ = keys.insert($0, hash: KeyHash.quick($0)) }
        }
        lastKeyIsDuplicate = withPayload { keys.insert($0, hash: lastKeyHash) }
    }

    /// Whether the last key or string has the bytes of `text` (its UTF-8), one for one.
    public func payloadEquals(bytesOf text: String) -> Bool {
        var text = text
        return text.withUTF8 { expected in
            withPayload { bytes in
                guard bytes.count == expected.count else { return false }
                guard let a = bytes.baseAddress, let b = expected.baseAddress else { return true }
                return ByteScanning.equal(a, b, count: bytes.count)
            }
        }
    }

    /// Like `next()`, for a piece of a larger input that may end between two elements of the
    /// innermost array (a run of a FeatureCollection's `features`, read on its own thread):
    /// when the input ends just after an element, the token is `.endOfInput`. Elsewhere an
    /// end inside a container stays an error.
    public func nextEndingBetweenElements() throws -> JSONToken {
        endsBetweenElements = true
        defer { endsBetweenElements = false }
        return try next()
    }

    // MARK: - Payload access

    /// The bytes of the last `.key` or `.string` token (decoded) or `.number` token (text);
    /// valid until the next call to `next()`.
    public func withPayload<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        if payloadInScratch {
            return try scratch.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[0..<payloadCount])) }
        }
        return try body(UnsafeBufferPointer(start: buffer + payloadStart, count: payloadCount))
    }

    /// The last string or key as a `String`.
    /// - Throws: when the bytes are not valid UTF-8.
    public func stringValue() throws -> String {
        let s: String? = withPayload { bytes in
            // ASCII (eight bytes a step) needs no strict check; anything else is checked
            // strictly (no silent repair).
            if ByteScanning.isASCII(bytes) { return Self.asciiString(bytes, small: smallASCII) }
            // Short text, such as most place names that are not ASCII, checked and made here.
            if bytes.count <= SmallASCII.capacity && smallUTF8 {
                return SmallUTF8.isWellFormed(bytes) ? SmallUTF8.make(bytes) : nil
            }
            return Self.strictString(bytes)
        }
        guard let s else { throw error("the string is not valid UTF-8; re-encode the file as UTF-8") }
        return s
    }

    /// The last number's text, such as `-73.7781391` or `1e-7`.
    public func numberText() -> String {
        // The number grammar admits ASCII bytes only.
        withPayload { Self.asciiString($0, small: smallASCII) }
    }

    /// `bytes`, all ASCII, as a `String`. Up to 15 bytes (most numbers, short names) the
    /// string is a small string, made from its bytes in two words (`SmallASCII`) with neither
    /// an allocation nor a check; longer ones go through the decoder.
    /// `small` is `SmallASCII.layoutHolds`, as the tokenizer keeps it (`smallASCII`).
    @inline(__always)
    static func asciiString(_ bytes: UnsafeBufferPointer<UInt8>, small: Bool) -> String {
        guard bytes.count <= SmallASCII.capacity else { return String(decoding: bytes, as: UTF8.self) }
        if small { return SmallASCII.make(bytes) }
        return String(unsafeUninitializedCapacity: bytes.count) { target in
            guard let from = bytes.baseAddress, let to = target.baseAddress else { return 0 }
            to.update(from: from, count: bytes.count)
            return bytes.count
        }
    }

    /// `bytes` as a `String` when they are valid UTF-8, else `nil` (no silent repair).
    ///
    /// Decoded with the standard library's UTF-8 decoder, which replaces each invalid
    /// sequence with U+FFFD: a result whose bytes differ from the input had one. This is
    /// several times cheaper than `String(validating:as:)`, whose generic path checks each
    /// scalar on its own.
    static func strictString(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var s = String(decoding: bytes, as: UTF8.self)
        let same = s.withUTF8 { decoded in
            guard decoded.count == bytes.count else { return false }
            guard let a = decoded.baseAddress, let b = bytes.baseAddress else { return true }
            return ByteScanning.equal(a, b, count: bytes.count)
        }
        return same ? s : nil
    }

    /// The last number's value, correctly rounded.
    public func numberValue() -> Double {
        if let fastNumber { return fastNumber }
        return withPayload { NumberParsing.double(from: $0) }
    }

    /// The last number with its text (`Coordinate.Number`), spelled from the digits its scan
    /// already read: the text is not read again, and no `String` is made for plain fixed point.
    /// - Parameter value: the number's value (`numberValue()`), passed in by a caller that has
    ///   checked it already.
    public func coordinateNumber(value: Double) -> Coordinate.Number {
        withPayload { Coordinate.Number(value: value, text: $0, scanned: numberDigits) }
    }

    /// Whether the last key or string equals `literal` byte for byte.
    public func payloadEquals(_ literal: StaticString) -> Bool {
        withPayload { bytes in
            guard bytes.count == literal.utf8CodeUnitCount else { return false }
            let lit = literal.utf8Start
            for i in 0..<bytes.count where bytes[i] != lit[i] { return false }
            return true
        }
    }

    // MARK: - Internals: buffer management

    /// Loads more input, keeping bytes from `keep` on; returns how far existing bytes moved
    /// left (subtract it from indices held by the caller), or nil at the end of the source.
    private func refill(keeping keep: Int) throws -> Int? {
        if atEndOfSource { return nil }
        var shift = 0
        if keep > 0 {
            let live = end - keep
            (buffer).update(from: buffer + keep, count: live)
            shift = keep
            position -= keep
            payloadStart -= keep
            end = live
            bufferOffset += Int64(keep)
        }
        if capacity - end < chunkSize {
            let newCapacity = max(capacity * 2, end + chunkSize)
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
            grown.update(from: buffer, count: end)
            buffer.deallocate()
            buffer = grown
            capacity = newCapacity
        }
        let n = try source.read(into: buffer + end, count: capacity - end)
        if n == 0 {
            atEndOfSource = true
            return shift == 0 ? nil : shift
        }
        end += n
        try completeByteOrderMark()
        skipByteOrderMark()
        return shift
    }

    /// Reads on while the buffer holds only the start of a byte order mark at the input's
    /// first byte (a pipe may hand over one or two bytes first), so that the whole mark is
    /// there to be stepped over.
    private func completeByteOrderMark() throws {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        while bufferOffset == 0 && position == 0 && end < 3 && !atEndOfSource
            && (0..<end).allSatisfy({ buffer[$0] == mark[$0] })
        {
            let n = try source.read(into: buffer + end, count: capacity - end)
            if n == 0 { atEndOfSource = true } else { end += n }
        }
    }

    /// Steps over a UTF-8 byte order mark at the input's first byte, once it is in the buffer.
    private func skipByteOrderMark() {
        if bufferOffset == 0 && end >= 3 && position == 0 && buffer[0] == 0xEF && buffer[1] == 0xBB
            && buffer[2] == 0xBF
        {
            position = 3
        }
    }

    /// Skips whitespace (and, between top-level values, the RS separator); returns the next
    /// byte without consuming it, or nil at the end of input. With `preservingPayload`, a key
    /// still in the buffer survives refills (it is read after the colon).
    private func skipWhitespace(preservingPayload: Bool = false) throws -> UInt8? {
        while true {
            while position < end {
                let c = buffer[position]
                // Anything above the blank ends the run: one compare for the common case.
                if c > 0x20 { return c }
                switch c {
                case 0x20, 0x09, 0x0D:
                    position += 1
                case 0x0A:
                    position += 1
                    line += 1
                    lineStart = bufferOffset + Int64(position)
                case 0x1E where openCount == 0 && options.allowsMultipleValues:
                    position += 1
                default:
                    return c
                }
            }
            let keep = preservingPayload && !payloadInScratch ? min(payloadStart, position) : position
            guard try refill(keeping: keep) != nil || position < end else { return nil }
        }
    }

    private func markToken() {
        tokenOffset = bufferOffset + Int64(position)
        tokenLine = line
        tokenLineStart = lineStart
    }

    private func endOfInput() throws -> JSONToken {
        markToken()
        if let isObject = innermost {
            if endsBetweenElements, !isObject, expect == .afterValue { return .endOfInput }
            let what = isObject ? "object" : "array"
            throw error("the input ends inside an \(what) (the file may be truncated); expected \(isObject ? "'}'" : "']'")")
        }
        switch expect {
        case .afterValue:
            return .endOfInput
        default:
            if topLevelValuesRead == 0 && startsInput { throw error("the input is empty; expected a JSON value") }
            return .endOfInput
        }
    }

    private func closeContainer(_ token: JSONToken) -> JSONToken {
        openCount -= 1
        if leavesNames {
            closeLeftToCaller()
        } else if containers[openCount] && recordsNames {
            keys.closeObject()
        }
        valueCompleted()
        return token
    }

    /// Closes a container (just taken off `containers`) when names are left to the caller:
    /// drops its names if it is an object handed back, and notes whether the container it was
    /// in is one.
    private func closeLeftToCaller() {
        // Nearly always none was handed back: nothing recorded, nothing to change.
        guard let last = handedBack.last else { return }
        if last == openCount + 1 {
            handedBack.removeLast()
            keys.closeObject()
        }
        recordsNames = handedBack.last == openCount
        lastKeyIsDuplicate = false
    }

    private func valueCompleted() {
        expect = .afterValue
        if openCount == 0 { topLevelValuesRead += 1 }
    }

    private func open(_ isObject: Bool) throws {
        guard openCount < min(max(options.maximumDepth, 1), 100_000) else { throw tooDeep() }
        containers[openCount] = isObject
        openCount += 1
        if isObject {
            if leavesNames {
                recordsNames = false
                lastKeyIsDuplicate = false
            } else if recordsNames {
                keys.openObject()
            }
        }
        expect = isObject ? .keyOrEndObject : .valueOrEndArray
    }

    private func expectColon() throws {
        let c = try skipWhitespace(preservingPayload: true)
        guard c == UInt8(ascii: ":") else {
            markToken()  // the error points at what stands where the colon belongs
            guard let c else { throw error("the input ends after a member name; expected ':'") }
            throw error("expected ':' after a member name, found \(describe(c))")
        }
        position += 1
    }

    // MARK: - Internals: values

    private func scanValue(_ c: UInt8) throws -> JSONToken {
        switch c {
        case UInt8(ascii: "{"):
            position += 1
            try open(true)
            return .beginObject
        case UInt8(ascii: "["):
            position += 1
            try open(false)
            return .beginArray
        case UInt8(ascii: "\""):
            try scanString()
            valueCompleted()
            return .string
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try scanNumber()
            valueCompleted()
            return .number
        case UInt8(ascii: "t"):
            try scanLiteral("true")
            valueCompleted()
            return .true
        case UInt8(ascii: "f"):
            try scanLiteral("false")
            valueCompleted()
            return .false
        case UInt8(ascii: "n"):
            try scanLiteral("null")
            valueCompleted()
            return .null
        default:
            throw try notAValue(c)
        }
    }

    // The messages of the scans, apart, so that reading well-formed input pays for none of them.

    /// The error for a container opened past `maximumDepth`.
    @inline(never)
    private func tooDeep() -> MapBridgeError {
        error("nesting deeper than \(options.maximumDepth) levels; the input may be malformed")
    }

    /// The error for `c` standing after an element of an object (else an array).
    @inline(never)
    private func unexpected(_ c: UInt8, afterElementOfObject isObject: Bool) -> MapBridgeError {
        error(isObject ? "expected ',' or '}' after an object member, found \(describe(c))"
                       : "expected ',' or ']' after an array element, found \(describe(c))")
    }

    /// The error for `c` standing where `expected` belongs.
    @inline(never)
    private func unexpected(_ c: UInt8, insteadOf expected: String) -> MapBridgeError {
        error("expected \(expected), found \(describe(c))")
    }

    /// The error for the word that starts with `c` where a value belongs.
    @inline(never)
    private func notAValue(_ c: UInt8) throws -> MapBridgeError {
        let word = try peekWord()
        switch word {
        case "NaN", "Infinity", "+Infinity", "-Infinity":
            return error("'\(word)' is not a JSON value; write null or a finite number")
        case "undefined":
            return error("'undefined' is not a JSON value; write null")
        default:
            return unexpected(c, insteadOf: "a value")
        }
    }

    private func scanLiteral(_ literal: StaticString) throws {
        let n = literal.utf8CodeUnitCount
        while end - position <= n, try refill(keeping: position) != nil {}
        var ok = end - position >= n && ByteScanning.equal(buffer + position, literal.utf8Start, count: n)
        if ok, position + n < end, isWordByte(buffer[position + n]) { ok = false }
        guard ok else { throw try notLiteral(literal) }
        position += n
    }

    /// The error for the word at the current position, which is not `literal`.
    @inline(never)
    private func notLiteral(_ literal: StaticString) throws -> MapBridgeError {
        let word = try peekWord()
        return error("'\(word)' is not a JSON value (expected \(literal))")
    }

    private func isWordByte(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "+"), UInt8(ascii: "-"),
            UInt8(ascii: "."):
            true
        default: false
        }
    }

    /// The run of word characters at the current position (for messages), up to 40 bytes.
    private func peekWord() throws -> String {
        while end - position < 40, try refill(keeping: position) != nil {}
        var i = position
        if i < end, !isWordByte(buffer[i]) { return describeRaw(buffer[i]) }
        while i < end, i - position < 40, isWordByte(buffer[i]) { i += 1 }
        return String(decoding: UnsafeBufferPointer(start: buffer + position, count: i - position), as: UTF8.self)
    }

    private func scanNumber() throws {
        var start = position
        var scanned: NumberParsing.PrefixScan
        // One pass checks and converts; a number cut by the buffer's end is scanned again
        // after a refill (numbers are short, so that is rare and cheap).
        while true {
            scanned = NumberParsing.scanPrefixWithDigits(UnsafeBufferPointer(start: buffer + start, count: end - start))
            guard start + scanned.length == end, let shift = try refill(keeping: start) else { break }
            start -= shift
        }
        let i = start + scanned.length
        payloadInScratch = false
        payloadStart = start
        payloadCount = scanned.length
        numberDigits = scanned.fixedPoint
        switch scanned.analysis {
        case .value(let v): fastNumber = v
        case .valid: fastNumber = nil
        case .invalid(let problem):
            throw invalidNumber(from: start, problem: problem)
        }
        if i < end, isWordByte(buffer[i]) { throw invalidNumber(from: start, problem: nil) }
        position = i
    }

    /// The error for the invalid number at `start`: with `problem` as its scan found it, or,
    /// for a number that runs into a letter, as the grammar check finds it. Apart, so that
    /// reading a valid number pays for none of the message.
    @inline(never)
    private func invalidNumber(from start: Int, problem: String?) -> MapBridgeError {
        let run = numberRunForMessage(from: start)
        if let problem { return error("invalid number '\(run)': \(problem)") }
        return error("invalid number '\(run)'" + (NumberParsing.grammarProblem(Array(run.utf8)).map { ": \($0)" } ?? ""))
    }

    /// The bytes from `start` that look like part of a number (for messages), with `…` when
    /// a letter or more follows.
    private func numberRunForMessage(from start: Int) -> String {
        var k = start
        while k < end, k - start < 40, isWordByte(buffer[k]) { k += 1 }
        var shown = String(decoding: UnsafeBufferPointer(start: buffer + start, count: k - start), as: UTF8.self)
        if k < end, buffer[k] >= 0x80 || k - start >= 40 { shown += "…" }
        return shown
    }

    /// Scans a string starting at the opening quote; leaves its decoded bytes as the payload.
    private func scanString() throws {
        position += 1  // the opening quote
        var start = position
        var i = position
        payloadInScratch = false
        // Fast path: no escapes.
        while true {
            i = ByteScanning.firstStringSpecial(buffer, from: i, to: end)
            while i < end {
                let c = buffer[i]
                if c == UInt8(ascii: "\"") {
                    payloadStart = start
                    payloadCount = i - start
                    position = i + 1
                    return
                }
                if c == UInt8(ascii: "\\") || c < 0x20 { break }
                i += 1
            }
            if i < end { break }
            guard let shift = try refill(keeping: start) else {
                throw error("the input ends inside a string (the file may be truncated); a closing '\"' is missing")
            }
            start -= shift
            i -= shift
        }
        // Slow path: decode into scratch (apart, so that the common string pays for none of it).
        try scanEscapedString(from: start, at: i)
    }

    /// The rest of a string whose plain part runs from `start` to `i`, where a backslash or a
    /// control character stands: decoded into scratch as the payload.
    @inline(never)
    private func scanEscapedString(from start: Int, at i: Int) throws {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(start: buffer + start, count: i - start))
        payloadInScratch = true
        position = i
        while true {
            if position >= end {
                guard try refill(keeping: position) != nil else {
                    throw error("the input ends inside a string (the file may be truncated); a closing '\"' is missing")
                }
            }
            let c = buffer[position]
            if c == UInt8(ascii: "\"") {
                position += 1
                payloadCount = scratch.count
                return
            }
            if c < 0x20 {
                markToken()
                throw error(c == 0x0A ? "a string runs past the end of the line; close it with '\"' or write \\n"
                                      : "control character \(describeRaw(c)) inside a string; escape it")
            }
            if c != UInt8(ascii: "\\") {
                scratch.append(c)
                position += 1
                continue
            }
            // An escape: make sure it is all in the buffer (at most 12 bytes: \uXXXX\uXXXX).
            while end - position < 12, try refill(keeping: position) != nil {}
            guard position + 1 < end else { throw error("the input ends inside a string escape") }
            let e = buffer[position + 1]
            switch e {
            case UInt8(ascii: "\""): scratch.append(0x22); position += 2
            case UInt8(ascii: "\\"): scratch.append(0x5C); position += 2
            case UInt8(ascii: "/"): scratch.append(0x2F); position += 2
            case UInt8(ascii: "b"): scratch.append(0x08); position += 2
            case UInt8(ascii: "f"): scratch.append(0x0C); position += 2
            case UInt8(ascii: "n"): scratch.append(0x0A); position += 2
            case UInt8(ascii: "r"): scratch.append(0x0D); position += 2
            case UInt8(ascii: "t"): scratch.append(0x09); position += 2
            case UInt8(ascii: "u"):
                guard let high = hex4(at: position + 2) else {
                    markToken()
                    throw error("invalid \\u escape: four hexadecimal digits must follow \\u")
                }
                position += 6
                var scalar = UInt32(high)
                if (0xD800...0xDBFF).contains(high) {
                    if position + 1 < end, buffer[position] == UInt8(ascii: "\\"),
                        buffer[position + 1] == UInt8(ascii: "u"), let low = hex4(at: position + 2),
                        (0xDC00...0xDFFF).contains(low)
                    {
                        scalar = 0x10000 + ((UInt32(high) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                        position += 6
                    } else {
                        scalar = 0xFFFD  // a lone high surrogate cannot be represented
                    }
                } else if (0xDC00...0xDFFF).contains(high) {
                    scalar = 0xFFFD  // a lone low surrogate
                }
                appendUTF8(scalar)
            default:
                markToken()
                throw error("invalid escape '\\\(describeRaw(e))' in a string; valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX")
            }
        }
    }

    private func hex4(at index: Int) -> UInt16? {
        guard index + 4 <= end else { return nil }
        var v: UInt16 = 0
        for k in 0..<4 {
            guard let d = Color.hexDigit(buffer[index + k]) else { return nil }
            v = v << 4 | UInt16(d)
        }
        return v
    }

    private func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case 0..<0x80:
            scratch.append(UInt8(scalar))
        case 0x80..<0x800:
            scratch.append(UInt8(0xC0 | (scalar >> 6)))
            scratch.append(UInt8(0x80 | (scalar & 0x3F)))
        case 0x800..<0x10000:
            scratch.append(UInt8(0xE0 | (scalar >> 12)))
            scratch.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            scratch.append(UInt8(0x80 | (scalar & 0x3F)))
        default:
            scratch.append(UInt8(0xF0 | (scalar >> 18)))
            scratch.append(UInt8(0x80 | ((scalar >> 12) & 0x3F)))
            scratch.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            scratch.append(UInt8(0x80 | (scalar & 0x3F)))
        }
    }

    private func recordKey() {
        let records = recordsNames
        withPayload { name in
            let words = KeyHash.words(name)
            let hash = KeyHash.quick(words, count: name.count)
            lastKeyWords = words
            lastKeyHash = hash
            if records { lastKeyIsDuplicate = keys.insert(name, hash: hash) }
        }
    }

    private func describe(_ c: UInt8) -> String {
        "'" + describeRaw(c) + "'"
    }

    private func describeRaw(_ c: UInt8) -> String {
        if c >= 0x20 && c < 0x7F { return String(UnicodeScalar(c)) }
        let digits = Array("0123456789ABCDEF".utf8)
        return "\\x" + String(decoding: [digits[Int(c >> 4)], digits[Int(c & 15)]], as: UTF8.self)
    }
}

