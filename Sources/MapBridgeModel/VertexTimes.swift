/// The times of a track's vertices, one text per vertex (ISO 8601 / xsd:dateTime as read, such
/// as `2024-05-01T10:00:05Z`), held compactly: a collection of `String` that is cheap to keep
/// for millions of points.
///
///     var times: VertexTimes = ["2024-05-01T10:00:00Z", "2024-05-01T10:00:05Z"]
///     times.append("2024-05-01T10:00:10.250+02:00")
///     times[2]  // "2024-05-01T10:00:10.250+02:00", exactly as appended
///
/// Each text is kept exactly: one in the common shape `YYYY-MM-DD`, or
/// `YYYY-MM-DDThh:mm:ss` with up to 3 fraction digits and an optional `Z` or `±hh:mm` offset
/// (minutes 00, 15, 30 or 45), is packed (`Code`) and takes 4 bytes (`CodeStore`: a track's
/// times share their dates); any other text is kept as it is, beside. Storage is chunked, so
/// growing never copies what is held.
///
/// Equality and hashing compare the texts.
public struct VertexTimes: Hashable, Sendable {
    /// One packed text per vertex, or the index of a text kept as it is (`Code`).
    @usableFromInline var codes = CodeStore()
    /// The texts that do not pack, by the index their code holds.
    @usableFromInline var others = ChunkedArray<String>()

    /// No times.
    public init() {}

    /// The times `texts`, in order.
    public init<S: Sequence>(_ texts: S) where S.Element == String {
        for t in texts { append(t) }
    }

    /// Adds `text` as the next vertex's time.
    /// - Complexity: O(length of `text`).
    public mutating func append(_ text: String) {
        var t = text
        let packed = t.withUTF8 { Code.pack($0) }
        if let packed {
            codes.append(packed: packed)
        } else {
            codes.append(index: others.count)
            others.append(text)
        }
    }

    /// Adds the time whose UTF-8 text is `bytes` (valid UTF-8) as the next vertex's.
    /// - Complexity: O(`bytes.count`).
    public mutating func append(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        if let packed = Code.pack(bytes) {
            codes.append(packed: packed)
        } else {
            codes.append(index: others.count)
            others.append(String(decoding: bytes, as: UTF8.self))
        }
    }

    /// Adds the time at `index` of `other` (0 ≤ index < other.count) as the next vertex's,
    /// without unpacking it: the same as appending `other[index]`.
    /// - Complexity: O(1) for a packed time.
    public mutating func append(timeAt index: Int, of other: VertexTimes) {
        let code = other.codes[index]
        if code & Code.packedFlag != 0 {
            codes.append(packed: code)
        } else {
            codes.append(index: others.count)
            others.append(other.others[Int(code)])
        }
    }

    /// The number of times the storage has room for without allocating again.
    var capacity: Int { codes.capacity }

    /// Calls `body` with the UTF-8 text of the time at `index` (0 ≤ index < count), without
    /// making a `String` for a packed one.
    @inlinable
    public func withUTF8<R>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let code = codes[index]
        if code & Code.packedFlag == 0 {
            var text = others[Int(code)]
            return try text.withUTF8(body)
        }
        var buffer: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)  // 32 bytes ≥ `Code.maximumLength`
        return try withUnsafeMutableBytes(of: &buffer) { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            let n = Code.unpack(code, into: bytes)
            return try body(UnsafeBufferPointer(rebasing: bytes[..<n]))
        }
    }

    public static func == (lhs: VertexTimes, rhs: VertexTimes) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for i in 0..<lhs.count where !lhs.sameText(at: i, as: rhs) { return false }
        return true
    }

    /// Whether the time at `i` reads the same in `self` and `other`. A text that packs always
    /// packs to the same code, so two packed codes are equal exactly when their texts are, and
    /// a packed text never equals one kept as it is.
    private func sameText(at i: Int, as other: VertexTimes) -> Bool {
        let a = codes[i], b = other.codes[i]
        switch (a & Code.packedFlag != 0, b & Code.packedFlag != 0) {
        case (true, true): return a == b
        case (false, false): return others[Int(a)] == other.others[Int(b)]
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for i in 0..<count {
            let code = codes[i]
            if code & Code.packedFlag != 0 { hasher.combine(code) } else { hasher.combine(others[Int(code)]) }
        }
    }
}

extension VertexTimes: RandomAccessCollection {
    public var startIndex: Int { 0 }
    public var endIndex: Int { codes.count }

    /// The time at `index` (0 ≤ index < count), as it was appended.
    public subscript(index: Int) -> String {
        let code = codes[index]
        if code & Code.packedFlag == 0 { return others[Int(code)] }
        return String(unsafeUninitializedCapacity: Code.maximumLength) { Code.unpack(code, into: $0) }
    }
}

extension VertexTimes: ExpressibleByArrayLiteral {
    /// The times written out: `["2024-05-01T10:00:00Z", "2024-05-01T10:00:05Z"]`.
    public init(arrayLiteral texts: String...) {
        self.init(texts)
    }
}

extension VertexTimes {
    /// A time's 8-byte code. With the top bit clear, the index of a text kept as it is;
    /// with it set, the fields of a packed text, from the low bits up: second (6 bits), minute
    /// (6), hour (5), day (5), month (4), year (14), fraction digits (2: 0 to 3), fraction (10),
    /// form (2: no zone, `Z`, offset, date only), offset sign (1: set for `-`), offset hours
    /// (4), offset quarter hours (2). Each field is written back zero-padded to its width, so
    /// a text packs only when it is written back byte for byte.
    @usableFromInline enum Code {
        @usableFromInline static let packedFlag: UInt64 = 1 << 63
        /// The longest packed text: `YYYY-MM-DDThh:mm:ss.fff+hh:mm`.
        @usableFromInline static let maximumLength = 29

        private enum Form: UInt64 { case local = 0, utc, offset, date }

        /// The code of a text in a packable shape, else `nil`.
        static func pack(_ t: UnsafeBufferPointer<UInt8>) -> UInt64? {
            let n = t.count
            guard n == 10 || (n >= 19 && n <= maximumLength) else { return nil }
            func digits(_ at: Int, _ count: Int) -> UInt64? {
                var v: UInt64 = 0
                for i in at..<(at + count) {
                    let d = t[i] &- UInt8(ascii: "0")
                    guard d < 10 else { return nil }
                    v = v * 10 + UInt64(d)
                }
                return v
            }
            // The fields of two digits (every one but a fraction's) without a loop: a time per
            // track point is packed, and this is most of the work.
            @inline(__always) func two(_ at: Int) -> UInt64? {
                let hi = t[at] &- UInt8(ascii: "0"), lo = t[at + 1] &- UInt8(ascii: "0")
                return hi < 10 && lo < 10 ? UInt64(hi) &* 10 &+ UInt64(lo) : nil
            }
            guard t[4] == UInt8(ascii: "-"), t[7] == UInt8(ascii: "-"),
                let century = two(0), let yy = two(2), let month = two(5), let day = two(8),
                month < 16, day < 32
            else { return nil }
            let year = century &* 100 &+ yy
            var code = packedFlag | year << 26 | month << 22 | day << 17
            if n == 10 { return code | Form.date.rawValue << 52 }
            guard t[10] == UInt8(ascii: "T"), t[13] == UInt8(ascii: ":"), t[16] == UInt8(ascii: ":"),
                let hour = two(11), let minute = two(14), let second = two(17),
                hour < 32, minute < 64, second < 64
            else { return nil }
            code |= hour << 12 | minute << 6 | second
            var i = 19
            if i < n, t[i] == UInt8(ascii: ".") {
                var count: UInt64 = 0
                while i + 1 < n, t[i + 1] &- UInt8(ascii: "0") < 10 { i += 1; count += 1 }
                guard count >= 1, count <= 3, let fraction = digits(20, Int(count)) else { return nil }
                code |= count << 40 | fraction << 42
                i += 1
            }
            if i == n { return code | Form.local.rawValue << 52 }
            if t[i] == UInt8(ascii: "Z") {
                return i + 1 == n ? code | Form.utc.rawValue << 52 : nil
            }
            guard i + 6 == n, t[i] == UInt8(ascii: "+") || t[i] == UInt8(ascii: "-"), t[i + 3] == UInt8(ascii: ":"),
                let hours = two(i + 1), let minutes = two(i + 4), hours < 16, minutes % 15 == 0, minutes < 60
            else { return nil }
            let minus: UInt64 = t[i] == UInt8(ascii: "-") ? 1 : 0
            return code | Form.offset.rawValue << 52 | minus << 54 | hours << 55 | (minutes / 15) << 59
        }

        /// Writes the text of packed `code` into `out` (at least `maximumLength` bytes); the
        /// number of bytes written.
        @usableFromInline
        static func unpack(_ code: UInt64, into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
            func field(_ shift: UInt64, _ bits: UInt64) -> UInt64 { (code >> shift) & ((1 << bits) - 1) }
            var n = 0
            func put(_ value: UInt64, _ width: Int) {
                var v = value
                var i = n + width
                while i > n {
                    i -= 1
                    out[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v % 10)
                    v /= 10
                }
                n += width
            }
            func put(_ byte: Unicode.Scalar) {
                out[n] = UInt8(ascii: byte)
                n += 1
            }
            put(field(26, 14), 4); put("-"); put(field(22, 4), 2); put("-"); put(field(17, 5), 2)
            let form = Form(rawValue: field(52, 2)) ?? .date
            if form == .date { return n }
            put("T"); put(field(12, 5), 2); put(":"); put(field(6, 6), 2); put(":"); put(field(0, 6), 2)
            let fractionDigits = Int(field(40, 2))
            if fractionDigits > 0 {
                put(".")
                put(field(42, 10), fractionDigits)
            }
            switch form {
            case .utc: put("Z")
            case .offset:
                put(field(54, 1) == 1 ? "-" : "+")
                put(field(55, 4), 2); put(":"); put(field(59, 2) * 15, 2)
            case .local, .date: break
            }
            return n
        }
    }
}

extension VertexTimes {
    /// The codes of a track's times, 4 bytes each: packed codes keep their date part (all but
    /// the time of day and the fraction: the date, the form, the zone, the fraction's digit
    /// count) once per chunk, in a slot, and their entry holds the rest and the slot.
    ///
    /// An entry with the top bit clear: second, minute and hour (bits 0–16, as in `Code`),
    /// fraction (bits 17–26), slot (bits 27–30). With the top bit set, bit 30 clear: the
    /// index of a text kept as it is (bits 0–29); bit 30 set: the index of a packed code of
    /// a chunk whose 16 slots were taken, kept whole in `wide`.
    @usableFromInline struct CodeStore: Sendable {
        /// log2 of the entries per chunk (64 KiB of entries).
        @inlinable static var shift: Int { 14 }
        @inlinable static var slots: Int { 16 }
        /// A packed code's bits held in its entry; the rest is its date part.
        @inlinable static var entryBits: UInt64 { 0x1FFFF | 0x3FF << 42 }

        @usableFromInline struct Chunk: Sendable {
            @usableFromInline var entries: [UInt32]
            /// The date parts of the chunk's packed codes, by slot.
            @usableFromInline var dates: [UInt64] = []
        }

        @usableFromInline var chunks: [Chunk] = []
        /// Packed codes of chunks whose slots were all taken.
        @usableFromInline var wide = ChunkedArray<UInt64>()
        @usableFromInline var count = 0

        /// Starts a chunk when the last one is full. The first grows as an array does (most
        /// tracks, and the parts a track is cut into, are short); later ones are made whole,
        /// so that growing a long track never copies what it holds.
        private mutating func makeRoom() {
            guard count & ((1 << Self.shift) - 1) == 0 else { return }
            var entries: [UInt32] = []
            if count > 0 { entries.reserveCapacity(1 << Self.shift) }
            chunks.append(Chunk(entries: entries))
        }

        /// The entries the chunks have room for.
        var capacity: Int { chunks.reduce(0) { $0 + $1.entries.capacity } }

        /// Appends a packed code (one with `Code.packedFlag`).
        mutating func append(packed code: UInt64) {
            makeRoom()
            let last = chunks.count - 1
            let date = code & ~Self.entryBits
            let slot: Int
            if let known = chunks[last].dates.lastIndex(of: date) {
                slot = known
            } else if chunks[last].dates.count < Self.slots {
                slot = chunks[last].dates.count
                chunks[last].dates.append(date)
            } else {
                chunks[last].entries.append(0xC000_0000 | UInt32(wide.count))
                wide.append(code)
                count += 1
                return
            }
            let entry = UInt32(code & 0x1FFFF) | UInt32((code >> 42) & 0x3FF) << 17 | UInt32(slot) << 27
            chunks[last].entries.append(entry)
            count += 1
        }

        /// Appends the code of a text kept as it is: its index among them.
        mutating func append(index: Int) {
            makeRoom()
            chunks[chunks.count - 1].entries.append(0x8000_0000 | UInt32(index))
            count += 1
        }

        /// The code at `index` (0 ≤ index < count), as `Code` describes it.
        @inlinable
        subscript(index: Int) -> UInt64 {
            let chunk = index >> Self.shift
            let entry = chunks[chunk].entries[index & ((1 << Self.shift) - 1)]
            if entry & 0x8000_0000 != 0 {
                let position = Int(entry & 0x3FFF_FFFF)
                return entry & 0x4000_0000 != 0 ? wide[position] : UInt64(position)
            }
            return chunks[chunk].dates[Int(entry >> 27)] | UInt64(entry & 0x1FFFF) | UInt64((entry >> 17) & 0x3FF) << 42
        }
    }
}
