/// Texts kept one after another as UTF-8 in chunks of 64 KiB, for tables of millions of short
/// names or ids: a text never spans two chunks, so growing never copies what is held, and a
/// text longer than a chunk is kept aside. The caller numbers its texts 0, 1, 2, … in the
/// order it appends them and keeps, for each, the `end` that `append` gave; text `k` is then
/// the bytes between the ends of texts `k − 1` and `k`.
///
///     var texts = ChunkedTexts()
///     let a = texts.append("Oslo", as: 0)
///     let b = texts.append("Bergen", as: 1)
///     texts.bytes(of: 1, from: a, to: b)   // the bytes of "Bergen"
public struct ChunkedTexts: Sendable {
    /// log2 of the bytes in a chunk.
    private static let chunkShift = 16
    /// The bytes in a chunk (64 KiB), the longest text kept in one.
    public static let chunkBytes = 1 << chunkShift

    private var chunks: [[UInt8]] = []
    /// Where the next text's bytes would start, counting each chunk as `chunkBytes` long.
    private var end = 0
    /// The texts longer than a chunk, by number.
    private var long: [Int: [UInt8]] = [:]
    /// The bytes in `long`.
    private var longBytes = 0

    /// No texts.
    public init() {}

    /// About how many bytes are held: the chunks' whole room and the long texts.
    public var bytesHeld: Int { chunks.count * Self.chunkBytes + longBytes }

    /// Adds `text` as text number `k` (one more than the last number given) and gives the end
    /// to keep for it: the previous text's end for an empty text or one longer than a chunk.
    /// - Complexity: O(length of `text`).
    public mutating func append(_ text: String, as k: Int) -> Int {
        let count = text.utf8.count
        guard count > 0 else { return end }
        guard count <= Self.chunkBytes else {
            long[k] = Array(text.utf8)
            longBytes += count
            return end
        }
        let used = end & (Self.chunkBytes - 1)
        if chunks.isEmpty || (used == 0 && end > 0) || used + count > Self.chunkBytes {
            var chunk: [UInt8] = []
            chunk.reserveCapacity(Self.chunkBytes)
            chunks.append(chunk)
            end = (chunks.count - 1) << Self.chunkShift
        }
        chunks[chunks.count - 1].append(contentsOf: text.utf8)
        end += count
        return end
    }

    /// The bytes of text `k`, whose end is `end`; `previousEnd` is text `k − 1`'s end (0 for
    /// text 0).
    public func bytes(of k: Int, from previousEnd: Int, to end: Int) -> ArraySlice<UInt8> {
        guard end > previousEnd else { return long[k]?[...] ?? [] }
        // A text that did not fit after the previous one starts its chunk.
        let start = max(previousEnd, ((end - 1) >> Self.chunkShift) << Self.chunkShift)
        let offset = start & (Self.chunkBytes - 1)
        return chunks[start >> Self.chunkShift][offset..<(offset + end - start)]
    }
}
