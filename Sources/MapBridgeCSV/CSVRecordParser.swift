#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import MapBridgeIO
import MapBridgeModel

/// Splits CSV bytes into rows of fields (RFC 4180), reading its source in 1 MiB chunks:
/// memory holds one chunk and the row being read, whatever the file's size.
///
/// Quoted fields may hold delimiters, doubled quotes (`""`) and line breaks. Rows end at
/// CRLF, LF or a lone CR. A UTF-8 byte order mark is skipped; a UTF-16 one is an error. Two
/// liberties that hand-written files need: blanks before an opening quote and after a closing
/// one are ignored (`a, "b, c"`), and a quote inside an unquoted field is kept as text
/// (`5'10"`). Text after a closing quote (`"a"b`) makes the row's `problem`.
///
///     let parser = CSVRecordParser(source: try ByteSource(path: "places.csv"), delimiter: UInt8(ascii: ";"))
///     while let row = try parser.nextRecord() { print(row.fields.map(\.text)) }
final class CSVRecordParser {
    private let source: ByteSource
    /// The byte between fields.
    var delimiter: UInt8
    /// The longest field accepted, in bytes: a guard against a quote that is never closed in
    /// a large file.
    let maximumFieldBytes: Int
    private let buffer: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    private var position = 0
    private var end = 0
    /// The absolute offset of `buffer[0]` in the input.
    private var consumed: Int64 = 0
    private var atEnd = false
    private var started = false
    /// The 1-based line at `position`.
    private(set) var line = 1
    /// The absolute offset where the current line starts.
    private var lineStart: Int64 = 0
    private var scratch: [UInt8] = []
    /// How many fields and bytes one row may hold (`maximumKeys`, `maximumFeatureBytes`).
    let limits: ReadLimits
    /// The absolute offset where the row being read starts.
    private var rowStart: Int64 = 0

    init(source: ByteSource, delimiter: UInt8 = UInt8(ascii: ","), maximumFieldBytes: Int = 1 << 27,
         limits: ReadLimits = ReadLimits(), capacity: Int = 1 << 20) {
        self.source = source
        self.limits = limits
        self.delimiter = delimiter
        self.maximumFieldBytes = maximumFieldBytes
        self.capacity = max(capacity, 16)
        buffer = .allocate(capacity: self.capacity)
    }

    deinit { buffer.deallocate() }

    /// The source's name, for messages.
    var name: String { source.name }
    /// The source's name as the token every location carries.
    lazy var sourceFile = SourceFile(source.name)

    /// Up to `count` bytes ahead of the current position (after any byte order mark), without
    /// consuming them, and whether they run to the end of the input.
    func peekBytes(_ count: Int) throws -> (bytes: [UInt8], isWholeInput: Bool) {
        try start()
        try fill(atLeast: min(count, capacity))
        let n = min(end - position, count)
        return (Array(UnsafeBufferPointer(start: buffer + position, count: n)), atEnd && n == end - position)
    }

    /// The next row, or `nil` at the end of the input.
    /// - Throws: `MapBridgeError` of kind `.data` for a quoted field that is never closed, a
    ///   field over `maximumFieldBytes`, a row over `limits` (fields or bytes), text that is
    ///   not UTF-8, or a UTF-16 file.
    func nextRecord() throws -> CSVRecord? {
        try start()
        guard try peek() != nil else { return nil }
        var record = CSVRecord(fields: [], line: line, problem: nil)
        rowStart = consumed + Int64(position)
        while true {
            let (field, endsRecord) = try readField(into: &record)
            record.fields.append(field)
            if endsRecord { return record }
            if record.fields.count >= limits.maximumKeys {
                throw limits.exceeded(.keys, "the row that starts on line \(record.line) has more than \(limits.maximumKeys) fields",
                                      at: SourceLocation(file: source.name, line: line, column: column))
            }
        }
    }

    // MARK: Fields

    /// Reads one field and the delimiter or line break after it.
    private func readField(into record: inout CSVRecord) throws -> (CSVField, endsRecord: Bool) {
        let fieldLine = line, fieldColumn = column
        scratch.removeAll(keepingCapacity: true)
        var quoted = false
        // Blanks before an opening quote are not part of the field.
        while let b = try peek(), b != delimiter, CSVValueTyping.isBlank(b) {
            scratch.append(b)
            position += 1
        }
        if try peek() == UInt8(ascii: "\"") {
            position += 1
            scratch.removeAll(keepingCapacity: true)
            quoted = true
            try readQuoted(line: fieldLine, column: fieldColumn)
            while let b = try peek(), b != delimiter, CSVValueTyping.isBlank(b) { position += 1 }
            if let b = try peek(), b != delimiter, b != 0x0A, b != 0x0D, record.problem == nil {
                record.problem = CSVRowProblem(
                    message: "text after the closing quote of a quoted field; a quote inside a quoted field must be doubled (\"\")",
                    line: line, column: column)
            }
        }
        try readUnquoted(line: fieldLine, column: fieldColumn)
        let text = try makeString(line: fieldLine, column: quoted ? fieldColumn + 1 : fieldColumn)
        let field = CSVField(text: text, isQuoted: quoted, line: fieldLine, column: fieldColumn)
        guard let terminator = try peek() else { return (field, true) }
        position += 1
        switch terminator {
        case 0x0A:
            newLine()
            return (field, true)
        case 0x0D:
            if try peek() == 0x0A { position += 1 }
            newLine()
            return (field, true)
        default:
            return (field, false)  // the delimiter
        }
    }

    /// Appends bytes up to the next delimiter or line break (not consumed) to `scratch`.
    private func readUnquoted(line: Int, column: Int) throws {
        while true {
            var i = position
            while i < end {
                let b = buffer[i]
                if b == delimiter || b == 0x0A || b == 0x0D { break }
                i += 1
            }
            try keep(from: position, to: i, line: line, column: column)
            position = i
            if i < end { return }
            try fill(atLeast: 1)
            if position == end { return }
        }
    }

    /// Appends a quoted field's content to `scratch`, past its closing quote.
    private func readQuoted(line fieldLine: Int, column fieldColumn: Int) throws {
        while true {
            var i = position
            while i < end {
                let b = buffer[i]
                if b == UInt8(ascii: "\"") || b == 0x0A || b == 0x0D { break }
                i += 1
            }
            try keep(from: position, to: i, line: fieldLine, column: fieldColumn)
            position = i
            if i == end {  // the chunk ended inside the field: read on
                try fill(atLeast: 1)
                if position < end { continue }
            }
            guard let b = try peek() else {
                throw MapBridgeError(.data, "this quoted field is never closed; a quote inside a quoted field must be doubled (\"\")",
                                     at: SourceLocation(file: source.name, line: fieldLine, column: fieldColumn))
            }
            position += 1
            switch b {
            case UInt8(ascii: "\""):
                guard try peek() == UInt8(ascii: "\"") else { return }
                position += 1
                scratch.append(b)
            case 0x0D:
                scratch.append(b)
                if try peek() == 0x0A {
                    position += 1
                    scratch.append(0x0A)
                }
                newLine()
            default:  // a line feed
                scratch.append(b)
                newLine()
            }
        }
    }

    private func keep(from start: Int, to stop: Int, line: Int, column: Int) throws {
        guard stop > start else { return }
        scratch.append(contentsOf: UnsafeBufferPointer(start: buffer + start, count: stop - start))
        if consumed + Int64(stop) - rowStart > Int64(limits.maximumFeatureBytes) {
            throw limits.exceeded(.featureBytes, "this row is longer than \(limits.maximumFeatureBytes) bytes",
                                  at: SourceLocation(file: source.name, line: line, column: column))
        }
        if scratch.count > maximumFieldBytes {
            throw MapBridgeError(.data, "this field is longer than \(maximumFieldBytes) bytes; is a quote left open?",
                                 at: SourceLocation(file: source.name, line: line, column: column))
        }
    }

    /// The field's text from `scratch`, which must be UTF-8.
    private func makeString(line: Int, column: Int) throws -> String {
        if let text = String(validating: scratch, as: UTF8.self) { return text }
        let offset = UTF8Validation.firstInvalidOffset(scratch) ?? 0
        let before = scratch[..<offset]
        let lineBreaks = before.filter { $0 == 0x0A }.count
        let badColumn = lineBreaks == 0 ? column + offset : offset - (before.lastIndex(of: 0x0A) ?? 0)
        let hex = String(scratch[offset], radix: 16, uppercase: true)
        throw MapBridgeError(.data, "byte 0x\(hex) is not UTF-8; \(UTF8Validation.conversionHint(for: scratch[offset]))",
                             at: SourceLocation(file: source.name, line: line + lineBreaks, column: badColumn))
    }

    // MARK: Buffer

    /// The 1-based byte column at `position`.
    private var column: Int { Int(consumed + Int64(position) - lineStart) + 1 }

    private func newLine() {
        line += 1
        lineStart = consumed + Int64(position)
    }

    @inline(__always)
    private func peek() throws -> UInt8? {
        if position == end {
            try fill(atLeast: 1)
            if position == end { return nil }
        }
        return buffer[position]
    }

    /// Reads until `wanted` bytes are buffered from `position` or the input ends.
    private func fill(atLeast wanted: Int) throws {
        while end - position < wanted && !atEnd {
            if end == capacity {
                guard position > 0 else { return }
                memmove(buffer, buffer + position, end - position)
                consumed += Int64(position)
                end -= position
                position = 0
            }
            let n = try source.read(into: buffer + end, count: capacity - end)
            if n == 0 { atEnd = true } else { end += n }
        }
    }

    /// Skips a UTF-8 byte order mark and refuses UTF-16, once.
    private func start() throws {
        guard !started else { return }
        started = true
        try fill(atLeast: 3)
        let available = end - position
        if available >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF {
            position = 3
            lineStart = 3
        } else if available >= 2, (buffer[0] == 0xFF && buffer[1] == 0xFE) || (buffer[0] == 0xFE && buffer[1] == 0xFF) {
            throw MapBridgeError(.data, "the file is UTF-16 (it starts with a UTF-16 byte order mark); convert it to UTF-8 (for example `iconv -f utf-16 -t utf-8`)",
                                 at: SourceLocation(file: source.name, line: 1, column: 1))
        }
    }
}

/// One field of a CSV row as read: its text with the quotes taken off and doubled quotes
/// undone, whether it was quoted, and where it starts.
struct CSVField: Hashable, Sendable {
    /// The text, exactly as the file spells it between the quotes (or between delimiters).
    var text: String
    /// Whether the field was enclosed in quotes. Quoting is how a writer marks text: an
    /// unquoted `42` is a number, a quoted `"42"` is text (see `CSVReader.Options.QuotedFields`).
    var isQuoted: Bool
    /// The 1-based line where the field starts.
    var line: Int
    /// The 1-based byte column where the field starts.
    var column: Int
}

/// One row (an RFC 4180 record) as read, which may span several lines when a quoted field
/// holds line breaks.
struct CSVRecord: Hashable, Sendable {
    var fields: [CSVField]
    /// The 1-based line where the row starts.
    var line: Int
    /// A break of RFC 4180 the parser could read past (text after a closing quote), or `nil`.
    var problem: CSVRowProblem?

    /// Whether the row is an empty line, or one holding only spaces and tabs.
    var isBlank: Bool {
        fields.count == 1 && !fields[0].isQuoted && fields[0].text.utf8.allSatisfy(CSVValueTyping.isBlank)
    }
}

/// Why one row cannot become a feature, with where: reported with the row's line and either
/// skipped or raised, as `CSVReader.Options.onError` says.
struct CSVRowProblem: Error, Hashable, Sendable {
    var message: String
    var line: Int
    var column: Int
}
