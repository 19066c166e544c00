#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
internal import CLibXML2
import MapBridgeIO
import MapBridgeModel
import Synchronization

/// The parsing thread's half of `XMLThreadedParser`: drives the parser over the source (an
/// `XMLSAXCore`) and records each event it reports onto tape pieces (`XMLTapePiece`), with
/// the line and column libxml2 had reached at it, and after each step (one chunk of the
/// source) a `stepEnd` record, or a `failure` record where the parse stopped at an error.
/// Full pieces go to `filled`; emptied ones come back through `emptied`.
///
/// A piece is handed over only between steps, never from inside libxml2's callbacks, so that
/// a step that records more than a piece holds (a long text) makes its piece grow instead of
/// waiting, and a cancelled pipeline ends between steps with libxml2 at rest.
@usableFromInline
final class XMLEventRecorder: @unchecked Sendable {
    // @unchecked: used by the parsing thread only, once `XMLThreadedParser` has started it.
    /// The core being run (by `run`), asked for libxml2's line and column at each event. Not
    /// counted (a retain and release at every event): `run` holds it.
    private var core: Unmanaged<XMLSAXCore>?
    /// The piece being recorded, whose buffer is lent to `tape` meanwhile.
    private var piece: XMLTapePiece
    /// Where the events are written: `piece`'s buffer, put back before the piece goes.
    @exclusivity(unchecked) private var tape: XMLTapeBuffer
    /// Name indexes handed out so far.
    private var declaredNames = 0
    let filled: BoundedQueue<XMLTapePiece>
    let emptied: BoundedQueue<XMLTapePiece>
    /// Set by the replaying side when it wants nothing more: checked between steps.
    let isCancelled = Atomic<Bool>(false)
    /// Set when `run` has returned.
    private let ended = Atomic<Bool>(false)

    /// Whether `run` has returned (the parsing thread is done with the recorder and libxml2).
    var hasEnded: Bool { ended.load(ordering: .acquiring) }
    /// Pieces made so far (at most `pieceCount`; then emptied ones are waited for).
    private var piecesMade = 1

    /// Pieces in flight: one being recorded, `queued` waiting, one being replayed, one spare.
    /// A conversion runs three threads on two cores (libxml2, the builder, the writer): with
    /// room for 2 pieces (128 KiB) each side kept waking the other (42,673 voluntary context
    /// switches converting 1,000,000 places, 9.2 s); with 16 (1 MiB), 14,602 and 7.9 s. More
    /// (64) gained nothing measurable.
    static let queued = 16
    static let pieceCount = queued + 2
    /// A piece is handed over once a step leaves it this full (room for one more step of
    /// about any document in what is left).
    static let handOverBytes = XMLTapePiece.standardCapacity / 2

    init() {
        piece = XMLTapePiece()
        tape = piece.buffer
        filled = BoundedQueue(capacity: Self.queued)
        emptied = BoundedQueue(capacity: Self.pieceCount)
    }

    /// The events for the core. A core given the recorder writes starts, ends and text through
    /// its own callbacks (`recordStart`, `recordEnd`, `recordText`) and calls only `declare`
    /// and `namespaceWarning` here, both rare; the others make the same records, for a core
    /// that has only these closures.
    func events() -> XMLSAXEvents {
        // Neither retained nor released: the core, which keeps these closures, is run by the
        // recorder and made for it alone.
        let me = Unmanaged.passUnretained(self)
        return XMLSAXEvents(
            declare: { name in me._withUnsafeGuaranteedRef { $0.declare(name) } },
            start: { index, attributes in
                me._withUnsafeGuaranteedRef { $0.recordStart(index, line: $0.position.line, column: $0.position.column, attributes) }
            },
            end: { index in me._withUnsafeGuaranteedRef { $0.recordEnd(index, line: $0.position.line, column: $0.position.column) } },
            characters: { bytes, isCDATA in
                me._withUnsafeGuaranteedRef {
                    $0.recordText(bytes, isCDATA: isCDATA, line: $0.position.line, column: $0.position.column)
                }
            },
            namespaceWarning: { message, line, column in
                me._withUnsafeGuaranteedRef { $0.namespaceWarning(message, line, column) }
            })
    }

    /// Parses `core`'s source to its end, an error, or cancellation; then closes `filled`.
    func run(_ core: XMLSAXCore) {
        self.core = Unmanaged.passUnretained(core)
        // Whether `piece` has gone to `filled` (its buffer put back first); else its buffer is
        // put back on leaving (the piece frees it).
        var handedOver = false
        defer {
            if !handedOver { piece.buffer = tape }
            filled.close()
            self.core = nil
            ended.store(true, ordering: .releasing)
        }
        while !isCancelled.load(ordering: .relaxed) {
            let done: Bool
            do {
                let more = try core.parseNextChunk()
                tape.reserve(1 + 8 + 1)
                tape.put(XMLTapeTag.stepEnd.rawValue)
                tape.put(core.source.bytesRead)
                tape.put(UInt8(more ? 0 : 1))
                done = !more
            } catch {
                tape.reserve(1)
                tape.put(XMLTapeTag.failure.rawValue)
                piece.failure = error
                done = true
            }
            if done || tape.count >= Self.handOverBytes {
                piece.buffer = tape
                handedOver = true
                guard filled.push(piece), !done, let next = freshPiece() else { return }
                piece = next
                tape = next.buffer
                handedOver = false
            }
        }
    }

    /// A piece to record into: a new one while fewer than `pieceCount` exist, else one the
    /// replaying side has emptied; `nil` once it cancelled.
    private func freshPiece() -> XMLTapePiece? {
        if piecesMade < Self.pieceCount {
            piecesMade += 1
            return XMLTapePiece()
        }
        guard let next = emptied.pop() else { return nil }
        next.reset()
        return next
    }

    // MARK: - Events, from the core

    private func declare(_ name: XMLQualifiedName) -> Int {
        tape.reserve(1)
        tape.put(XMLTapeTag.declare.rawValue)
        tape.put(name.localName)
        tape.put(name.prefix)
        tape.put(name.namespace)
        declaredNames += 1
        return declaredNames - 1
    }

    @inline(__always)
    private var position: (line: Int32, column: Int32) {
        guard let core else { return (1, 1) }
        return core._withUnsafeGuaranteedRef { $0.position }
    }

    /// An element starts at `line` and `column` (libxml2's, read by the core): called by the
    /// core directly, inlined into its callback. The fixed fields are stored at one pointer and
    /// the count moved once, not field by field.
    @inline(__always)
    func recordStart(_ index: Int, line: Int32, column: Int32, _ attributes: XMLAttributeList) {
        tape.reserve(1 + 4 * 4)
        let record = elementHead(.start, index, line: line, column: column)
        switch attributes.storage {
        case .none:
            record.storeBytes(of: Int32(0), toByteOffset: 13, as: Int32.self)
            tape.count += 17
        case .libxml(let list, let count):
            record.storeBytes(of: Int32(count), toByteOffset: 13, as: Int32.self)
            tape.count += 17
            recordAttributes(list, count)
        case .pairs(let pairs):
            record.storeBytes(of: Int32(pairs.count), toByteOffset: 13, as: Int32.self)
            tape.count += 17
            for (name, value) in pairs {
                var name = name, value = value
                name.withUTF8 { n in
                    value.withUTF8 { v in putAttribute(name: n.baseAddress, nameLength: n.count, value: v) }
                }
            }
        }
    }

    /// Stores the 13 bytes a start or an end record begins with (its tag, the element's name
    /// index, line and column) at the tape's end, room reserved, the count not yet moved;
    /// returns where the record starts.
    @inline(__always)
    private func elementHead(_ tag: XMLTapeTag, _ index: Int, line: Int32, column: Int32) -> UnsafeMutableRawPointer {
        let record = UnsafeMutableRawPointer(tape.bytes + tape.count)
        record.storeBytes(of: tag.rawValue, as: UInt8.self)
        record.storeBytes(of: Int32(truncatingIfNeeded: index), toByteOffset: 1, as: Int32.self)
        record.storeBytes(of: line, toByteOffset: 5, as: Int32.self)
        record.storeBytes(of: column, toByteOffset: 9, as: Int32.self)
        return record
    }

    /// The attributes of a start just recorded, from libxml2's array (five pointers each).
    private func recordAttributes(_ list: UnsafeMutablePointer<UnsafePointer<UInt8>?>, _ count: Int) {
        for k in 0..<count {
            let name = list[5 * k]
            let nameLength = name.map { strlen(UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) } ?? 0
            var value = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
            if let start = list[5 * k + 3], let end = list[5 * k + 4] {
                value = UnsafeBufferPointer(start: start, count: max(end - start, 0))
            }
            putAttribute(name: name, nameLength: nameLength, value: value)
        }
    }

    /// An attribute's local name (with a NUL after it, as libxml2's has) and value.
    private func putAttribute(name: UnsafePointer<UInt8>?, nameLength: Int, value: UnsafeBufferPointer<UInt8>) {
        tape.reserve(4 + nameLength + 1 + 4 + value.count)
        tape.put(Int32(nameLength + 1))
        if let name { tape.put(name, count: nameLength) }
        tape.put(UInt8(0))
        tape.put(Int32(value.count))
        if let base = value.baseAddress { tape.put(base, count: value.count) }
    }

    /// The innermost element ends (the core's `recordStart` counterpart).
    @inline(__always)
    func recordEnd(_ index: Int, line: Int32, column: Int32) {
        tape.reserve(1 + 3 * 4)
        _ = elementHead(.end, index, line: line, column: column)
        tape.count += 13
    }

    /// Text or CDATA (the core's `recordStart` counterpart).
    @inline(__always)
    func recordText(_ bytes: UnsafeBufferPointer<UInt8>, isCDATA: Bool, line: Int32, column: Int32) {
        let n = bytes.count
        tape.reserve(1 + 3 * 4 + n)
        let record = UnsafeMutableRawPointer(tape.bytes + tape.count)
        record.storeBytes(of: (isCDATA ? XMLTapeTag.cdata : XMLTapeTag.text).rawValue, as: UInt8.self)
        record.storeBytes(of: line, toByteOffset: 1, as: Int32.self)
        record.storeBytes(of: column, toByteOffset: 5, as: Int32.self)
        record.storeBytes(of: Int32(truncatingIfNeeded: n), toByteOffset: 9, as: Int32.self)
        if let base = bytes.baseAddress { ByteCopy.copy(base, to: (record + 13).assumingMemoryBound(to: UInt8.self), count: n) }
        tape.count += 13 + n
    }

    private func namespaceWarning(_ message: String, _ line: Int, _ column: Int) {
        let (eventLine, eventColumn) = position
        tape.reserve(1 + 2 * 4 + 2 * 8)
        tape.put(XMLTapeTag.namespaceWarning.rawValue)
        tape.put(eventLine)
        tape.put(eventColumn)
        tape.put(Int64(line))
        tape.put(Int64(column))
        tape.put(message)
    }
}
