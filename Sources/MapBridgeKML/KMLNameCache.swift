import MapBridgeXML

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The strings of `Data` and `SimpleData` names, each made once: the placemarks of one file
/// repeat the same few names, and making a string of each name's bytes at every placemark
/// costs more than finding the one made before. A table of 64 slots, each
/// keeping a name of up to 32 bytes with its string and whether it may be a special key
/// (`KMLDataMapping.isSpecial`). A name is looked for in its slot and the three after it;
/// one not found takes the first empty one of them, or its own. Noncopyable: it owns its
/// buffers and frees them.
///
///     var names = KMLNameCache()
///     names.name(bytes)   // ("population", false): made now
///     names.name(bytes)   // the same string, found
///     names.name(ampersand)   // nil: "a&#38;b" is for the caller to expand
struct KMLNameCache: ~Copyable {
    private struct Slot {
        /// The name's length in bytes; -1 while the slot is empty.
        var length: Int
        var name: String
        var isSpecial: Bool
        /// The caller's mark (`mark(_:with:)`, or the one `entry` gave with the name).
        var mark: Int
    }

    /// How many slots the table has (slots are 0..<`slotCount`).
    static let slotCount = 64
    /// The longest name kept, in bytes.
    private static let width = 32

    private let slots: UnsafeMutablePointer<Slot>
    /// Each slot's name bytes, `width` apart.
    private let bytes: UnsafeMutablePointer<UInt8>

    init() {
        slots = .allocate(capacity: Self.slotCount)
        slots.initialize(repeating: Slot(length: -1, name: "", isSpecial: false, mark: 0), count: Self.slotCount)
        bytes = .allocate(capacity: Self.slotCount * Self.width)
    }

    deinit {
        slots.deinitialize(count: Self.slotCount)
        slots.deallocate()
        bytes.deallocate()
    }

    /// The string the UTF-8 `raw` spell (`String(xmlText:)`), and whether it may be a special
    /// key; `nil` for bytes holding `&`, which stands for an escape that the caller expands
    /// (never kept, so bytes found in the table hold none).
    mutating func name(_ raw: UnsafeBufferPointer<UInt8>) -> (name: String, isSpecial: Bool)? {
        entry(raw, markingNew: 0).map { ($0.name, $0.isSpecial) }
    }

    /// `name(_:)`, with the slot that keeps the name (`nil` for a name too long to keep). A slot
    /// keeps its mark (`mark(_:with:)`) while it holds the same name; a name found in none is
    /// put in one with the mark `mark`. A name is in one slot at most, so a slot whose mark
    /// differs from one the caller gives all the names it handles in some span (at the first
    /// sight too) holds a name the caller has not handled in that span.
    mutating func entry(_ raw: UnsafeBufferPointer<UInt8>, markingNew mark: Int)
        -> (name: String, isSpecial: Bool, slot: Int?)?
    {
        let n = raw.count
        guard n > 0, n <= Self.width, let base = raw.baseAddress else {
            guard !raw.contains(UInt8(ascii: "&")) else { return nil }
            let made = Self.made(raw)
            return (made.name, made.isSpecial, nil)
        }
        let home = Self.slot(base, n)
        // Up to four slots from the name's own: names that share one do not evict each other.
        var free: Int?
        for probe in 0..<4 {
            let slot = (home + probe) & (Self.slotCount - 1)
            let length = slots[slot].length
            if length == n, memcmp(bytes + slot * Self.width, base, n) == 0 {
                return (slots[slot].name, slots[slot].isSpecial, slot)
            }
            if length < 0, free == nil { free = slot }
        }
        guard !raw.contains(UInt8(ascii: "&")) else { return nil }
        let made = Self.made(raw)
        let slot = free ?? home
        (bytes + slot * Self.width).update(from: base, count: n)
        slots[slot] = Slot(length: n, name: made.name, isSpecial: made.isSpecial, mark: mark)
        return (made.name, made.isSpecial, slot)
    }

    /// Whether `slot` (0..<64: one the caller expects, such as the slot of the name at the same
    /// place in the last placemark) keeps the name `raw` spell, found with one comparison and no
    /// hashing: then `entry(_:markingNew:)` would give that slot (a name is in one slot at
    /// most), with `name(in:)` and `isSpecial(in:)`. When not, `entry` looks for it.
    @inline(__always)
    func holds(_ raw: UnsafeBufferPointer<UInt8>, in slot: Int) -> Bool {
        guard slots[slot].length == raw.count, let base = raw.baseAddress else { return false }
        return Self.same(bytes + slot * Self.width, base, raw.count)
    }

    /// The string of the name `slot` keeps.
    func name(in slot: Int) -> String { slots[slot].name }

    /// Whether the name `slot` keeps may be a special key.
    func isSpecial(in slot: Int) -> Bool { slots[slot].isSpecial }

    /// Whether the `n` bytes (1...`width`) at `a` and `b` are the same: compared eight at a time,
    /// the last eight overlapping the ones before (no call for a few bytes, as `memcmp` is).
    @inline(__always)
    private static func same(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        let x = UnsafeRawPointer(a), y = UnsafeRawPointer(b)
        if n >= 8 {
            var i = 0
            while i + 8 < n {
                if x.loadUnaligned(fromByteOffset: i, as: UInt64.self) != y.loadUnaligned(fromByteOffset: i, as: UInt64.self) {
                    return false
                }
                i += 8
            }
            return x.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self) == y.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
        }
        if n >= 4 {
            return x.loadUnaligned(as: UInt32.self) == y.loadUnaligned(as: UInt32.self)
                && x.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self) == y.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)
        }
        for k in 0..<n where a[k] != b[k] { return false }
        return true
    }

    /// The mark last given to `slot`.
    func mark(of slot: Int) -> Int { slots[slot].mark }

    /// Gives `slot` (one `entry(_:)` returned) the mark `value`, kept until it takes another name.
    mutating func mark(_ slot: Int, with value: Int) { slots[slot].mark = value }

    private static func made(_ raw: UnsafeBufferPointer<UInt8>) -> (name: String, isSpecial: Bool) {
        let name = String(xmlText: raw)
        return (name, KMLDataMapping.isSpecial(name))
    }

    /// The slot for a name of `n` bytes (1...`width`) at `base`: its length, first, middle and
    /// last bytes, mixed (`slotCount` is 2⁶).
    private static func slot(_ base: UnsafePointer<UInt8>, _ n: Int) -> Int {
        let key = UInt64(n) | UInt64(base[0]) << 8 | UInt64(base[n / 2]) << 16 | UInt64(base[n - 1]) << 24
        // The top six bits of a multiplicative hash.
        return Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 58)
    }
}
