import MapBridgeIO
import MapBridgeJSON
import MapBridgeModel
import Testing

/// `JSONEmitter`: layout (compact and pretty), escaping, and output that parses back.
@Suite("JSONEmitter")
struct JSONEmitterTests {
    /// Runs `body` against an emitter and returns what it wrote.
    private func emit(pretty: Bool = false, _ body: (JSONEmitter) throws -> Void) throws -> String {
        let sink = ByteSink(collectingInMemoryNamed: "out.json")
        let json = JSONEmitter(sink: sink, pretty: pretty)
        try body(json)
        #expect(json.depth == 0)
        try sink.flush()
        return String(decoding: sink.collectedBytes, as: UTF8.self)
    }

    /// A small nested document written element by element.
    private func writeSample(_ json: JSONEmitter) throws {
        try json.beginObject()
        try json.key("a"); try json.number(1)
        try json.key("b")
        try json.beginArray()
        try json.number(1.5); try json.string("x"); try json.null(); try json.bool(true); try json.bool(false)
        try json.endArray()
        try json.key("c"); try json.beginObject(); try json.endObject()
        try json.key("d"); try json.beginArray(); try json.endArray()
        try json.key("e")
        try json.beginObject()
        try json.key("f"); try json.number(text: "1.50")
        try json.endObject()
        try json.endObject()
    }

    @Test("empty containers and scalars")
    func emptyAndScalars() throws {
        #expect(try emit { try $0.beginObject(); try $0.endObject() } == "{}")
        #expect(try emit { try $0.beginArray(); try $0.endArray() } == "[]")
        #expect(try emit(pretty: true) { try $0.beginObject(); try $0.endObject() } == "{}")
        #expect(try emit(pretty: true) { try $0.beginArray(); try $0.endArray() } == "[]")
        #expect(try emit { try $0.string("") } == "\"\"")
        #expect(try emit { try $0.null() } == "null")
    }

    @Test("one member, one element")
    func oneEach() throws {
        #expect(try emit { try $0.beginObject(); try $0.key("k"); try $0.string("v"); try $0.endObject() } == #"{"k":"v"}"#)
        #expect(try emit { try $0.beginArray(); try $0.number(-5); try $0.endArray() } == "[-5]")
        #expect(try emit(pretty: true) { try $0.beginObject(); try $0.key("k"); try $0.string("v"); try $0.endObject() }
            == "{\n  \"k\": \"v\"\n}")
    }

    @Test("compact output of nested values")
    func compactNested() throws {
        #expect(try emit(writeSample) == #"{"a":1,"b":[1.5,"x",null,true,false],"c":{},"d":[],"e":{"f":1.50}}"#)
    }

    @Test("pretty output of nested values")
    func prettyNested() throws {
        let expected = """
            {
              "a": 1,
              "b": [
                1.5,
                "x",
                null,
                true,
                false
              ],
              "c": {},
              "d": [],
              "e": {
                "f": 1.50
              }
            }
            """
        #expect(try emit(pretty: true, writeSample) == expected)
    }

    @Test("inline arrays stay on one line in pretty mode")
    func inlineArrays() throws {
        let text = try emit(pretty: true) { json in
            try json.beginObject()
            try json.key("coordinates")
            try json.beginArray()
            for pair in [[1.0, 2.0], [3.5, -4.25]] {
                try json.beginArray(inline: true)
                for v in pair { try json.number(v) }
                try json.endArray()
            }
            try json.endArray()
            try json.key("box")
            try json.beginArray(inline: true)
            try json.beginArray(); try json.number(1); try json.endArray()  // inherits inline
            try json.number(2)
            try json.endArray()
            try json.endObject()
        }
        #expect(text == "{\n  \"coordinates\": [\n    [1, 2],\n    [3.5, -4.25]\n  ],\n  \"box\": [[1], 2]\n}")
    }

    @Test("inline arrays in compact mode have no spaces")
    func inlineCompact() throws {
        let text = try emit { json in
            try json.beginArray(inline: true); try json.number(1); try json.number(2); try json.endArray()
        }
        #expect(text == "[1,2]")
    }

    @Test("numbers: shortest form, fixed places, integers and text", arguments: [
        (1.0, nil, "1"), (0.1, nil, "0.1"), (-73.7781391, nil, "-73.7781391"), (1e21, nil, "1e+21"),
        (3.14159, 2, "3.14"), (2.0, 3, "2"), (-0.0001, 2, "0"),
    ] as [(Double, Int?, String)])
    func numbers(value: Double, decimals: Int?, expected: String) throws {
        let text = try emit { try $0.number(value, decimals: decimals) }
        #expect(text == expected)
        #expect(Double(text) != nil)
    }

    @Test("quotes, backslashes and control characters (C0, DEL, C1) are escaped; others pass through")
    func escaping() throws {
        let value = "q\"b\\n\nr\rt\tb\u{08}f\u{0C}z\u{0}o\u{1}u\u{1F}/é😀\u{7F}\u{80}\u{9B}\u{9F}\u{A0}\u{202E}"
        let text = try emit { try $0.string(value) }
        #expect(text == #""q\"b\\n\nr\rt\tb\bf\fz\u0000o\u0001u\u001f/é😀\u007f\u0080\u009b\u009f"# + "\u{A0}\u{202E}\"")
        let key = try emit { try $0.beginObject(); try $0.key("a\"b"); try $0.null(); try $0.endObject() }
        #expect(key == #"{"a\"b":null}"#)
    }

    @Test("writeEscaped of a string without specials copies it whole")
    func escapedPlain() throws {
        let sink = ByteSink(collectingInMemoryNamed: "out")
        try JSONEmitter.writeEscaped("plain text, 東京", to: sink)
        try JSONEmitter.writeEscaped("", to: sink)
        try sink.flush()
        #expect(String(decoding: sink.collectedBytes, as: UTF8.self) == "plain text, 東京")
    }

    @Test("escaped strings parse back to the original", arguments: [
        "", "\"", "\\", "\u{0}\u{1}\u{1F}", "line\nbreak\r\n", "tab\tand\u{08}\u{0C}", "\u{7F}\u{80}x\u{9F}\u{C2}", "😀 é 東京", "\\\"\\\"",
    ])
    func escapedRoundTrip(value: String) throws {
        for pretty in [false, true] {
            let text = try emit(pretty: pretty) { json in
                try json.beginObject(); try json.key(value); try json.string(value); try json.endObject()
            }
            let t = makeTokenizer(text, options: tokenizerOptions(chunkSize: 16))
            #expect(try t.next() == .beginObject)
            #expect(try t.next() == .key)
            #expect(try t.stringValue() == value)
            #expect(try t.next() == .string)
            #expect(try t.stringValue() == value)
            #expect(try t.next() == .endObject)
            #expect(try t.next() == .endOfInput)
        }
    }

    @Test("a long string with many escapes parses back, past the sink's buffer")
    func longEscapedRoundTrip() throws {
        let value = String(repeating: "a\"\\\n\u{1}", count: 20_000)
        let text = try emit { try $0.string(value) }
        #expect(text.utf8.count > 1 << 16)
        let t = makeTokenizer(text)
        #expect(try t.next() == .string)
        #expect(try t.stringValue() == value)
    }

    @Test("property values parse back to equal values, compact and pretty", arguments: [false, true])
    func propertyValueRoundTrip(pretty: Bool) throws {
        let inner: Properties = ["k": "v", "n": .number(NumberValue(text: "-0", value: -0.0))]
        let value: PropertyValue = .object([
            "name": "JFK", "elevation": 13, "ratio": .number(NumberValue(text: "1.50", value: 1.5)),
            "big": .number(NumberValue(text: "12345678901234567890", value: Double("12345678901234567890")!)),
            "tiny": .number(NumberValue(text: "1e-7", value: 1e-7)),
            "open": true, "closed": false, "none": nil,
            "list": .array([1, "two", .array([]), .object(Properties()), .array([.null, 2.5])]),
            "inner": .object(inner), "quote\"d": "a\nb",
        ])
        let text = try emit(pretty: pretty) { try $0.value(value) }
        let parsed = try parseValue(text)
        #expect(parsed == value)
    }

    @Test("the sink receives the bytes after flush")
    func sinkBytes() throws {
        let sink = ByteSink(collectingInMemoryNamed: "out")
        let json = JSONEmitter(sink: sink)
        try json.beginArray(); try json.string("abc"); try json.endArray()
        try sink.flush()
        #expect(sink.collectedBytes == Array(#"["abc"]"#.utf8))
        #expect(sink.bytesWritten == 7)
    }

    /// A `PropertyValue` from JSON text, through the tokenizer.
    private func parseValue(_ text: String) throws -> PropertyValue {
        let t = makeTokenizer(text, options: tokenizerOptions(chunkSize: 16))
        let result = try t.value(startingWith: try t.next())
        #expect(try t.next() == .endOfInput)
        return result
    }
}
