import MapBridgeIO

/// Word-at-a-time byte searches (SWAR: eight bytes per step in a 64-bit register, the tests
/// in `WordScan`).
enum ByteScanning {
    /// The index of the first byte in `[from, to)` that ends the plain part of a JSON string:
    /// a quote, a backslash or a control character (< 0x20); `to` when there is none in the
    /// whole words scanned. It may stop early at a word boundary short of the end; the caller
    /// finishes byte by byte.
    @inline(__always)
    static func firstStringSpecial(_ base: UnsafeMutablePointer<UInt8>, from: Int, to: Int) -> Int {
        firstHit(UnsafeRawPointer(base), from: from, to: to) { w in
            WordScan.equal(w, 0x22) | WordScan.equal(w, 0x5C) | WordScan.below(w, 0x20)
        }
    }

    /// The index of the first byte in `[from, to)` that JSON output may have to escape: a
    /// quote, a backslash, a control character (< 0x20), DEL or 0xC2 (the lead byte of the C1
    /// controls, U+0080–U+009F, and of other characters up to U+00BF); like
    /// `firstStringSpecial`, it may stop at the last whole word.
    @inline(__always)
    static func firstEscapeCandidate(_ base: UnsafePointer<UInt8>, from: Int, to: Int) -> Int {
        firstHit(UnsafeRawPointer(base), from: from, to: to, escapeCandidates)
    }

    /// Whether none of the `count` bytes at `base` is one `firstEscapeCandidate` stops at:
    /// eight bytes a step, the last few too, in a word filled up with blanks.
    @inline(__always)
    static func hasNoEscapeCandidate(_ base: UnsafeRawPointer, count: Int) -> Bool {
        var hits: UInt64 = 0
        var i = 0
        while i + 8 <= count {
            hits |= escapeCandidates(WordScan.word(base, at: i))
            i += 8
        }
        if i < count {
            if count >= 8 {
                // The last eight bytes, some seen already.
                hits |= escapeCandidates(WordScan.word(base, at: count - 8))
            } else if count >= 4 {
                // Four to seven in all: the first four and the last four, overlapping.
                let head = UInt64(base.loadUnaligned(as: UInt32.self))
                let tail = UInt64(base.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
                hits |= escapeCandidates(head | tail << 32)
            } else {
                // Fewer than eight in all: put in a word of blanks byte by byte.
                var last: UInt64 = 0x2020_2020_2020_2020
                var shift: UInt64 = 0
                while i < count {
                    last = last & ~(0xFF << shift) | UInt64(base.load(fromByteOffset: i, as: UInt8.self)) << shift
                    shift += 8
                    i += 1
                }
                hits |= escapeCandidates(last)
            }
        }
        return hits == 0
    }

    /// The lanes of `w` that JSON output may have to escape (see `firstEscapeCandidate`).
    /// Other bytes ≥ 0x80 are let by: letters such as é, ů or İ (lead bytes 0xC3–0xC5) and
    /// anything past U+07FF need no escape.
    @inline(__always)
    static func escapeCandidates(_ w: UInt64) -> UInt64 {
        WordScan.equal(w, 0x22) | WordScan.equal(w, 0x5C) | WordScan.equal(w, 0x7F)
            | WordScan.below(w, 0x20) | WordScan.equal(w, 0xC2)
    }

    /// The index of the first byte in `[from, to)` whose lane `lanes` flags in its word (see
    /// `WordScan`), eight bytes a step; `to`, or the start of the last partial word, when no
    /// whole word has one.
    @inline(__always)
    static func firstHit(_ raw: UnsafeRawPointer, from: Int, to: Int, _ lanes: (UInt64) -> UInt64) -> Int {
        var i = from
        while i + 8 <= to {
            let hits = lanes(WordScan.word(raw, at: i))
            if hits != 0 { return i + (hits.trailingZeroBitCount >> 3) }
            i += 8
        }
        return i
    }

    /// Whether every byte of `bytes` is below 0x80: eight bytes a step, the last step
    /// overlapping the one before; from four to seven bytes as two overlapping four-byte
    /// steps; byte by byte below four.
    @inline(__always)
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        let n = bytes.count
        var seen: UInt64 = 0
        if n >= 8 {
            var i = 0
            while i + 8 < n {
                seen |= WordScan.word(raw, at: i)
                i += 8
            }
            seen |= WordScan.word(raw, at: n - 8)
        } else if n >= 4 {
            seen = UInt64(raw.loadUnaligned(as: UInt32.self) | raw.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self))
        } else {
            for i in 0..<n { seen |= UInt64(bytes[i]) }
        }
        return WordScan.high(seen) == 0
    }

    /// Whether the `count` bytes at `a` and at `b` are the same: eight bytes a step, the last
    /// step overlapping the one before; from four to seven bytes as two overlapping four-byte
    /// steps; byte by byte below four.
    @inline(__always)
    static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
        guard count >= 8 else {
            if count >= 4 {
                return a.loadUnaligned(as: UInt32.self) == b.loadUnaligned(as: UInt32.self)
                    && a.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
                        == b.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            }
            for i in 0..<count where a.load(fromByteOffset: i, as: UInt8.self) != b.load(fromByteOffset: i, as: UInt8.self) {
                return false
            }
            return true
        }
        var i = 0
        while i + 8 < count {
            if WordScan.word(a, at: i) != WordScan.word(b, at: i) { return false }
            i += 8
        }
        return WordScan.word(a, at: count - 8) == WordScan.word(b, at: count - 8)
    }
}
