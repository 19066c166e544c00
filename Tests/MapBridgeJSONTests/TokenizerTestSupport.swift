import MapBridgeIO
import MapBridgeJSON
import MapBridgeModel

/// Chunk sizes the key tests run with: the minimum (16 bytes, so tokens straddle buffer
/// refills) and the default (the whole input arrives in one read).
let chunkSizes: [Int] = [16, JSONTokenizer.Options().chunkSize]

/// Tokenizer options with the given chunk size and otherwise the defaults.
func tokenizerOptions(chunkSize: Int = JSONTokenizer.Options().chunkSize) -> JSONTokenizer.Options {
    var options = JSONTokenizer.Options()
    options.chunkSize = chunkSize
    return options
}

/// A tokenizer over `text` held in memory.
func makeTokenizer(_ text: String, options: JSONTokenizer.Options = JSONTokenizer.Options()) -> JSONTokenizer {
    makeTokenizer(bytes: Array(text.utf8), options: options)
}

/// A tokenizer over raw bytes held in memory.
func makeTokenizer(bytes: [UInt8], options: JSONTokenizer.Options = JSONTokenizer.Options()) -> JSONTokenizer {
    JSONTokenizer(source: ByteSource(bytes: bytes, name: "t.json"), options: options)
}

/// One token as the tests compare it: its kind, its payload as text and where it starts.
struct Tok: Equatable, CustomStringConvertible {
    var kind: JSONToken
    /// The decoded string for keys and strings, the number text for numbers, else nil.
    var text: String?
    var line: Int
    var column: Int

    var description: String { "\(kind)(\(text ?? "")) @\(line):\(column)" }
}

/// Reads the token after the last one and captures its payload.
func nextTok(_ t: JSONTokenizer) throws -> Tok {
    let kind = try t.next()
    var text: String?
    switch kind {
    case .key, .string: text = try t.stringValue()
    case .number: text = t.numberText()
    default: break
    }
    return Tok(kind: kind, text: text, line: t.tokenLine, column: t.tokenColumn)
}

/// Every token up to (not including) the end of input.
func allToks(_ t: JSONTokenizer) throws -> [Tok] {
    var result: [Tok] = []
    while true {
        let tok = try nextTok(t)
        if tok.kind == .endOfInput { return result }
        result.append(tok)
    }
}

/// Every token kind of `text`, up to (not including) the end of input.
func kinds(_ text: String, options: JSONTokenizer.Options = JSONTokenizer.Options()) throws -> [JSONToken] {
    try allToks(makeTokenizer(text, options: options)).map(\.kind)
}

/// The decoded value of the single string in the array `text` (such as `["a\n"]`).
func decodedString(_ text: String, options: JSONTokenizer.Options = JSONTokenizer.Options()) throws -> String? {
    let toks = try allToks(makeTokenizer(text, options: options))
    return toks.first(where: { $0.kind == .string })?.text
}

/// The error that tokenizing all of `bytes` (reading string payloads too) throws, or nil
/// when it reads to the end without one.
func tokenizeError(bytes: [UInt8], options: JSONTokenizer.Options = JSONTokenizer.Options()) -> MapBridgeError? {
    let t = makeTokenizer(bytes: bytes, options: options)
    do {
        _ = try allToks(t)
        return nil
    } catch let error as MapBridgeError {
        return error
    } catch {
        return MapBridgeError(.usage, "unexpected error type: \(error)")
    }
}

/// The error that tokenizing all of `text` throws, or nil when there is none.
func tokenizeError(_ text: String, options: JSONTokenizer.Options = JSONTokenizer.Options()) -> MapBridgeError? {
    tokenizeError(bytes: Array(text.utf8), options: options)
}
