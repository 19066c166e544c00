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
