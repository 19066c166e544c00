#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import MapBridgeIO

/// Which kinds of feature each pass over a GPX file builds, so that features come out tracks
/// first, then routes, then waypoints (as togeojson gives them), with memory flat.
///
/// A byte scan of the start tags finds the kinds present and their order (far faster than
/// parsing). When they already come in that order, which a file of one kind always does, one
/// pass builds them all; otherwise there is one pass per kind present. A `<wpt` in a comment
/// only costs a pass that finds nothing.
enum GPXPassPlan {
    /// The kinds each pass builds, in order; at least one pass.
    static func passes(path: String, open: (String) throws -> ByteSource) throws -> [Set<GPXFeatureKind>] {
        let seen = try kindsInDocumentOrder(try open(path))
        let present = Set(seen)
        if present.isEmpty || seen == seen.sorted() { return [Set(GPXFeatureKind.allCases)] }
        return GPXFeatureKind.allCases.sorted().filter(present.contains).map { [$0] }
    }

    /// The kinds of the top-level elements (`wpt`, `rte`, `trk`, with or without a prefix) in
    /// the order met, runs of one kind counted once.
    static func kindsInDocumentOrder(_ source: ByteSource) throws -> [GPXFeatureKind] {
        let size = 1 << 20
        let lookahead = 40  // enough to see a start tag's name to its end
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: size + lookahead)
        defer { buffer.deallocate() }
        var kinds: [GPXFeatureKind] = []
        var carried = 0
        while true {
            let n = try source.read(into: buffer + carried, count: size)
            let total = carried + n
            let atEnd = n == 0
            var i = 0
            var resume = total
            while i < total, let hit = memchr(buffer + i, Int32(UInt8(ascii: "<")), total - i) {
                let at = UnsafeMutableRawPointer(hit).assumingMemoryBound(to: UInt8.self) - buffer
                if !atEnd && total - at < lookahead {
                    resume = at
                    break
                }
                if let kind = kind(startTagAt: at + 1, in: UnsafeBufferPointer(start: buffer, count: total)),
                    kinds.last != kind
                {
                    kinds.append(kind)
                }
                i = at + 1
            }
            if atEnd { return kinds }
            carried = total - resume
            if carried > 0 { buffer.update(from: buffer + resume, count: carried) }
        }
    }

    /// The kind named by the start tag whose name begins at `start`, if it is one.
    private static func kind(startTagAt start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> GPXFeatureKind? {
        var end = start
        var local = start
        while end < bytes.count {
            switch bytes[end] {
            case UInt8(ascii: " "), UInt8(ascii: ">"), UInt8(ascii: "/"), 0x09, 0x0A, 0x0D:
                guard end - local == 3 else { return nil }
                switch (bytes[local], bytes[local + 1], bytes[local + 2]) {
                case (UInt8(ascii: "t"), UInt8(ascii: "r"), UInt8(ascii: "k")): return .track
                case (UInt8(ascii: "r"), UInt8(ascii: "t"), UInt8(ascii: "e")): return .route
                case (UInt8(ascii: "w"), UInt8(ascii: "p"), UInt8(ascii: "t")): return .waypoint
                default: return nil
                }
            case UInt8(ascii: ":"):
                local = end + 1
            case UInt8(ascii: "!"), UInt8(ascii: "?"):
                return nil
            default:
                if end - start > 32 { return nil }
            }
            end += 1
        }
        return nil
    }
}
