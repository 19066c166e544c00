import MapBridgeModel

/// What drives an `XMLEventHandler`: the parser that reports to it on the calling thread
/// (`XMLPushParser`), or the one that parses on a thread of its own and replays what it
/// recorded (`XMLThreadedParser`). Both make the same calls, in the same order, with the same
/// answers to `location` and `currentElementLocalName` during each; a reader drives either
/// one step at a time.
///
///     while try parser.parseNextChunk() { take the features the step finished }
public protocol XMLEventSource: AnyObject {
    /// The line and column the parser had reached when it reported the event being handled:
    /// near the start of the node, close enough for a feature's location.
    var location: SourceLocation { get }

    /// The local name of the element whose start or end the handler is being told of (inside
    /// `startElement` and `endElement` only; `nil` elsewhere).
    var currentElementLocalName: String? { get }

    /// Whether the whole document has been parsed (and reported).
    var finished: Bool { get }

    /// Bytes of the source read once the last step's events are reported, for progress.
    var bytesRead: Int64 { get }

    /// Parses the next chunk of the source (`chunkSize` bytes) and reports its events;
    /// returns `false` once the document is complete.
    /// - Throws: `MapBridgeError` of kind `.data` for the first well-formedness or safety
    ///   error, with its line and column, after the events before it in the chunk;
    ///   `.inputUnavailable` when the source cannot be read.
    func parseNextChunk() throws -> Bool
}

extension XMLEventSource {
    /// Parses the next chunk (`parse`: this source's `parseNextChunk`, called by its type where
    /// the caller knows it) for a handler that finds problems of its own in the events (a
    /// limit passed, a value out of range), and throws the first in the input: libxml2 stops
    /// at malformed XML after handing over the events before it, so a problem the handler
    /// found in those is thrown instead of the parser's error; a problem in a chunk that
    /// parsed calls `stop` (a parsing thread stops now, not at the end of the file) and is
    /// thrown. Returns what `parse` returned.
    @inlinable
    public func parseNextChunk(_ parse: () throws -> Bool, handlerProblem: () -> MapBridgeError?,
                               stop: () -> Void) throws -> Bool {
        let more: Bool
        do {
            more = try parse()
        } catch {
            if let problem = handlerProblem() { throw problem }
            throw error
        }
        if let problem = handlerProblem() {
            stop()
            throw problem
        }
        return more
    }
}
