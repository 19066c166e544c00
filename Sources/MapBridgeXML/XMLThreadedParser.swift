internal import CLibXML2
import MapBridgeIO
import MapBridgeModel

/// `XMLPushParser` on two threads: the parser runs on a thread of its own, which records each
/// event onto a tape (`XMLEventRecorder`), while `parseNextChunk()` replays the tape on the
/// caller's thread into the same handler calls, one step (one chunk of the source) at a time.
/// The handler sees exactly what `XMLPushParser` would show it: the same calls with the same
/// bytes, `location` and `currentElementLocalName` as recorded at each event, each step's
/// events before its error, and the same errors with the same locations.
///
///     let builder = MyHandler()
///     guard let parser = XMLThreadedParser(source: source, handler: builder, documentKind: "KML") else { … }
///     builder.parser = parser
///     while try parser.parseNextChunk() { … }
///
/// A few tape pieces go round between the threads (memory stays flat however large the
/// document). `stop()`, or releasing the parser, stops the parsing thread after the step it is
/// in and waits for it to end.
public final class XMLThreadedParser<Handler: XMLEventHandler>: XMLEventSource {
    @usableFromInline let handler: Handler
    let recorder: XMLEventRecorder
    private var thread: WorkerThread?
    /// The source's name as every location carries it.
    @usableFromInline let sourceFile: SourceFile
    /// The handler's names by index, and their local names (for `currentElementLocalName`),
    /// made from the tape's `declare` records.
    @exclusivity(unchecked) @usableFromInline var names: [Handler.ElementName] = []
    @usableFromInline var localNames: [String] = []
    /// The piece being replayed, and where in it.
    @usableFromInline var piece: XMLTapePiece?
    @usableFromInline var cursor: XMLTapeCursor?
    /// Attributes laid out as libxml2 lays them (five pointers each), pointing into the piece.
    @exclusivity(unchecked) @usableFromInline var attributeSlots: UnsafeMutablePointer<UnsafePointer<UInt8>?>
    @usableFromInline var attributeCapacity = 8
    /// The recorded line and column of the event being replayed.
    @exclusivity(unchecked) @usableFromInline var line: Int32 = 1
    @exclusivity(unchecked) @usableFromInline var column: Int32 = 1
    /// The name index of the element whose start or end is being replayed, else −1.
    @exclusivity(unchecked) @usableFromInline var reportedIndex = -1
    @usableFromInline var failure: (any Error)?
    @usableFromInline var isFinished = false
    @usableFromInline var stepBytesRead: Int64 = 0
    public var finished: Bool { isFinished }
    public var bytesRead: Int64 { stepBytesRead }

    /// Starts parsing `source` on a thread of its own, for `handler`; `nil` when the system
    /// has no thread to give (then parse with `XMLPushParser`). The parameters are
    /// `XMLPushParser`'s.
    public init?(source: ByteSource, handler: Handler, documentKind: String, chunkSize: Int = 1 << 16,
                 allowsHugeText: Bool = false)
    {
        self.handler = handler
        sourceFile = SourceFile(source.name)
        attributeSlots = .allocate(capacity: 5 * attributeCapacity)
        let recorder = XMLEventRecorder()
        self.recorder = recorder
        let core = XMLSAXCore(source: source, documentKind: documentKind, chunkSize: chunkSize,
                              allowsHugeText: allowsHugeText, events: recorder.events(), recorder: recorder)
        // libxml2 2.9 sets up its globals on first use, which is not safe to race with another
        // thread's: set up here, before the parsing thread starts.
        xmlInitParser()
        let handOver = UnsafeSendable((recorder, core))
        // Every property is set here, so a `nil` returned still runs `deinit`, which frees the slots.
        guard let thread = WorkerThread({ handOver.value.0.run(handOver.value.1) }) else { return nil }
        self.thread = thread
    }

    deinit {
        stop()
        attributeSlots.deallocate()
    }

    /// Stops the parsing thread (after the step it is in) and waits for it to end; what it
    /// recorded and the caller has not replayed is dropped. Later calls do nothing.
    public func stop() {
        cursor = nil
        piece = nil
        guard let thread else { return }
        recorder.isCancelled.store(true, ordering: .relaxed)
        recorder.filled.cancel()
        recorder.emptied.cancel()
        thread.join()
        self.thread = nil
    }

    public var location: SourceLocation {
        SourceLocation(source: sourceFile, line: Int(line), column: Int(column))
    }

    public var currentElementLocalName: String? {
        reportedIndex >= 0 && reportedIndex < localNames.count ? localNames[reportedIndex] : nil
    }

    /// Replays the next step's events into the handler; returns `false` once the document is
    /// complete.
    /// - Throws: the error the parse stopped at, after the events before it (again at every
    ///   later call).
    @inlinable
    public func parseNextChunk() throws -> Bool {
        if let failure { throw failure }
        guard !isFinished else { return false }
        // Read through a local cursor (the handler never touches it), stored back on leaving.
        guard var tape = cursor.take() ?? nextPiece() else { return endWithoutLastStep() }
        while true {
            if tape.atEnd {
                guard let next = nextPiece() else { return endWithoutLastStep() }
                tape = next
            }
            let tag = XMLTapeTag(rawValue: tape.take(UInt8.self))
            switch tag {
            case .start:
                let index = Int(tape.take(Int32.self))
                line = tape.take(Int32.self)
                column = tape.take(Int32.self)
                let count = Int(tape.take(Int32.self))
                reportedIndex = index
                if count > 0 {
                    if count > attributeCapacity { growAttributeSlots(to: count) }
                    let slots = attributeSlots
                    for k in 0..<count {
                        let nameLength = Int(tape.take(Int32.self))
                        slots[5 * k] = tape.take(bytes: nameLength)
                        slots[5 * k + 1] = nil
                        slots[5 * k + 2] = nil
                        let valueLength = Int(tape.take(Int32.self))
                        let value = tape.take(bytes: valueLength)
                        slots[5 * k + 3] = value
                        slots[5 * k + 4] = value + valueLength
                    }
                    handler.startElement(names[index], attributeList: XMLAttributeList(libxml: slots, count: count))
                } else {
                    handler.startElement(names[index], attributeList: XMLAttributeList(libxml: nil, count: 0))
                }
                reportedIndex = -1
            case .end:
                let index = Int(tape.take(Int32.self))
                line = tape.take(Int32.self)
                column = tape.take(Int32.self)
                reportedIndex = index
                handler.endElement(names[index])
                reportedIndex = -1
            case .text, .cdata:
                line = tape.take(Int32.self)
                column = tape.take(Int32.self)
                let count = Int(tape.take(Int32.self))
                let bytes = tape.take(bytes: count)
                handler.characters(UnsafeBufferPointer(start: bytes, count: count), isCDATA: tag == .cdata)
            case .declare:
                declareName(&tape)
            case .namespaceWarning:
                replayNamespaceWarning(&tape)
            case .stepEnd:
                stepBytesRead = tape.take(Int64.self)
                let complete = tape.take(UInt8.self) != 0
                cursor = tape
                if complete {
                    isFinished = true
                    stop()
                }
                return !complete
            case .failure, nil:
                let error = piece?.failure
                    ?? MapBridgeError(.data, "the XML parsing thread recorded an unreadable event (an internal error)")
                failure = error
                stop()
                throw error
            }
        }
    }

    /// Hands the piece just replayed back to the parsing thread and takes the next one;
    /// `nil` when there is none (the parsing thread ended).
    @usableFromInline
    func nextPiece() -> XMLTapeCursor? {
        if let piece {
            _ = recorder.emptied.push(piece)
            self.piece = nil
        }
        guard let next = recorder.filled.pop() else { return nil }
        piece = next
        return XMLTapeCursor(next)
    }

    /// The parsing thread ended without recording a last step: only once stopped.
    @usableFromInline
    func endWithoutLastStep() -> Bool {
        isFinished = true
        return false
    }

    @usableFromInline
    func growAttributeSlots(to count: Int) {
        attributeSlots.deallocate()
        attributeCapacity = max(count, 2 * attributeCapacity)
        attributeSlots = .allocate(capacity: 5 * attributeCapacity)
    }

    /// A `declare` record (its tag read): the handler's name for it is made here, on the
    /// handler's thread, as `XMLPushParser` makes it on first sight.
    @usableFromInline
    func declareName(_ tape: inout XMLTapeCursor) {
        let localName = tape.takeString() ?? ""
        let prefix = tape.takeString()
        let namespace = tape.takeString()
        names.append(Handler.ElementName(XMLQualifiedName(localName: localName, prefix: prefix, namespace: namespace)))
        localNames.append(localName)
    }

    /// A `namespaceWarning` record (its tag read).
    @usableFromInline
    func replayNamespaceWarning(_ tape: inout XMLTapeCursor) {
        line = tape.take(Int32.self)
        column = tape.take(Int32.self)
        let warningLine = Int(tape.take(Int64.self))
        let warningColumn = Int(tape.take(Int64.self))
        let message = tape.takeString() ?? ""
        handler.namespaceWarning(message, line: warningLine, column: warningColumn)
    }
}

/// A value handed to the parsing thread, which alone uses it from then on.
private struct UnsafeSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
