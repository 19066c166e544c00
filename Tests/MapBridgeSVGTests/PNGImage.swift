/// A PNG decoded to 8-bit RGBA pixels, enough for checking what `rsvg-convert` drew: 8-bit
/// greyscale, RGB, RGBA, grey+alpha, non-interlaced, every filter; zlib inflated here, since
/// the tests may need nothing beyond what `make test` installs.
struct PNGImage {
    let width: Int
    let height: Int
    /// Row-major RGBA bytes.
    let pixels: [UInt8]

    struct DecodeError: Error, CustomStringConvertible {
        let description: String
        init(_ d: String) { description = d }
    }

    /// The pixel at (`x`, `y`), from the top left.
    func pixel(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int, a: Int) {
        let i = (y * width + x) * 4
        return (Int(pixels[i]), Int(pixels[i + 1]), Int(pixels[i + 2]), Int(pixels[i + 3]))
    }

    init(data: [UInt8]) throws {
        guard data.count > 8, Array(data[0..<8]) == [137, 80, 78, 71, 13, 10, 26, 10] else { throw DecodeError("not a PNG") }
        var i = 8
        var w = 0, h = 0, depth = 0, colourType = 0, interlace = 0
        var compressed: [UInt8] = []
        func be32(_ at: Int) -> Int { Int(data[at]) << 24 | Int(data[at + 1]) << 16 | Int(data[at + 2]) << 8 | Int(data[at + 3]) }
        while i + 8 <= data.count {
            let length = be32(i)
            let type = String(decoding: data[(i + 4)..<(i + 8)], as: UTF8.self)
            let body = i + 8
            guard body + length + 4 <= data.count else { throw DecodeError("truncated chunk \(type)") }
            switch type {
            case "IHDR":
                w = be32(body); h = be32(body + 4)
                depth = Int(data[body + 8]); colourType = Int(data[body + 9]); interlace = Int(data[body + 12])
            case "IDAT": compressed += data[body..<(body + length)]
            default: break
            }
            i = body + length + 4
            if type == "IEND" { break }
        }
        guard depth == 8, interlace == 0 else { throw DecodeError("unsupported PNG: depth \(depth), interlace \(interlace)") }
        let channels: Int
        switch colourType {
        case 0: channels = 1
        case 2: channels = 3
        case 4: channels = 2
        case 6: channels = 4
        default: throw DecodeError("unsupported colour type \(colourType)")
        }
        guard compressed.count > 2 else { throw DecodeError("no image data") }
        let raw = try Inflater.inflate(Array(compressed[2...]))
        let stride = w * channels
        guard raw.count >= h * (stride + 1) else { throw DecodeError("image data too short: \(raw.count)") }
        var out = [UInt8](repeating: 0, count: w * h * 4)
        var previous = [UInt8](repeating: 0, count: stride)
        var row = [UInt8](repeating: 0, count: stride)
        for y in 0..<h {
            let start = y * (stride + 1)
            let filter = raw[start]
            for x in 0..<stride {
                let v = raw[start + 1 + x]
                let a = x >= channels ? Int(row[x - channels]) : 0
                let b = Int(previous[x])
                let c = x >= channels ? Int(previous[x - channels]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4:
                    let p = a + b - c
                    let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default: throw DecodeError("bad filter \(filter)")
                }
                row[x] = UInt8((Int(v) + predictor) & 0xff)
            }
            for x in 0..<w {
                let o = (y * w + x) * 4, s = x * channels
                switch channels {
                case 1: out[o] = row[s]; out[o + 1] = row[s]; out[o + 2] = row[s]; out[o + 3] = 255
                case 2: out[o] = row[s]; out[o + 1] = row[s]; out[o + 2] = row[s]; out[o + 3] = row[s + 1]
                case 3: out[o] = row[s]; out[o + 1] = row[s + 1]; out[o + 2] = row[s + 2]; out[o + 3] = 255
                default: out[o] = row[s]; out[o + 1] = row[s + 1]; out[o + 2] = row[s + 2]; out[o + 3] = row[s + 3]
                }
            }
            swap(&previous, &row)
        }
        width = w
        height = h
        pixels = out
    }
}

/// DEFLATE (RFC 1951) decompression: stored, fixed and dynamic Huffman blocks.
enum Inflater {
    struct Bits {
        let data: [UInt8]
        var position = 0  // in bits
        mutating func bit() throws -> Int {
            let byte = position >> 3
            guard byte < data.count else { throw PNGImage.DecodeError("deflate data ends early") }
            let b = Int(data[byte] >> UInt8(position & 7)) & 1
            position += 1
            return b
        }
        mutating func bits(_ n: Int) throws -> Int {
            var v = 0
            for k in 0..<n { v |= try bit() << k }
            return v
        }
    }

    /// A canonical Huffman code: counts per length and symbols in code order.
    struct Huffman {
        var counts = [Int](repeating: 0, count: 16)
        var symbols: [Int] = []
        init(lengths: [Int]) {
            for l in lengths { counts[l] += 1 }
            counts[0] = 0
            var offsets = [Int](repeating: 0, count: 16)
            for l in 1..<16 { offsets[l] = offsets[l - 1] + counts[l - 1] }
            symbols = [Int](repeating: 0, count: lengths.count)
            for (s, l) in lengths.enumerated() where l != 0 {
                symbols[offsets[l]] = s
                offsets[l] += 1
            }
        }
        func decode(_ bits: inout Bits) throws -> Int {
            var code = 0, first = 0, index = 0
            for l in 1..<16 {
                code |= try bits.bit()
                let count = counts[l]
                if code - count < first { return symbols[index + (code - first)] }
                index += count
                first += count
                first <<= 1
                code <<= 1
            }
            throw PNGImage.DecodeError("bad Huffman code")
        }
    }

    static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
                               4097, 6145, 8193, 12289, 16385, 24577]
    static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    static func inflate(_ data: [UInt8]) throws -> [UInt8] {
        var bits = Bits(data: data)
        var out: [UInt8] = []
        var last = 0
        repeat {
            last = try bits.bit()
            switch try bits.bits(2) {
            case 0:
                bits.position = (bits.position + 7) & ~7
                let at = bits.position >> 3
                guard at + 4 <= data.count else { throw PNGImage.DecodeError("stored block ends early") }
                let length = Int(data[at]) | Int(data[at + 1]) << 8
                guard at + 4 + length <= data.count else { throw PNGImage.DecodeError("stored block ends early") }
                out += data[(at + 4)..<(at + 4 + length)]
                bits.position = (at + 4 + length) * 8
            case 1:
                var lengths = [Int](repeating: 8, count: 288)
                for s in 144..<256 { lengths[s] = 9 }
                for s in 256..<280 { lengths[s] = 7 }
                try block(&bits, &out, Huffman(lengths: lengths), Huffman(lengths: [Int](repeating: 5, count: 30)))
            case 2:
                let literals = try bits.bits(5) + 257, distances = try bits.bits(5) + 1, codeCount = try bits.bits(4) + 4
                let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
                var codeLengths = [Int](repeating: 0, count: 19)
                for k in 0..<codeCount { codeLengths[order[k]] = try bits.bits(3) }
                let codes = Huffman(lengths: codeLengths)
                var lengths: [Int] = []
                while lengths.count < literals + distances {
                    let sym = try codes.decode(&bits)
                    switch sym {
                    case 0..<16: lengths.append(sym)
                    case 16:
                        guard let previous = lengths.last else { throw PNGImage.DecodeError("repeat with nothing before") }
                        lengths += [Int](repeating: previous, count: 3 + (try bits.bits(2)))
                    case 17: lengths += [Int](repeating: 0, count: 3 + (try bits.bits(3)))
                    default: lengths += [Int](repeating: 0, count: 11 + (try bits.bits(7)))
                    }
                }
                try block(&bits, &out, Huffman(lengths: Array(lengths[0..<literals])),
                          Huffman(lengths: Array(lengths[literals..<(literals + distances)])))
            default:
                throw PNGImage.DecodeError("bad block type")
            }
        } while last == 0
        return out
    }

    private static func block(_ bits: inout Bits, _ out: inout [UInt8], _ literals: Huffman, _ distances: Huffman) throws {
        while true {
            let sym = try literals.decode(&bits)
            if sym < 256 { out.append(UInt8(sym)); continue }
            if sym == 256 { return }
            let l = sym - 257
            guard l < lengthBase.count else { throw PNGImage.DecodeError("bad length symbol") }
            let length = lengthBase[l] + (try bits.bits(lengthExtra[l]))
            let d = try distances.decode(&bits)
            guard d < distanceBase.count else { throw PNGImage.DecodeError("bad distance symbol") }
            let distance = distanceBase[d] + (try bits.bits(distanceExtra[d]))
            guard distance <= out.count else { throw PNGImage.DecodeError("distance too far back") }
            let start = out.count - distance
            for k in 0..<length { out.append(out[start + k]) }
        }
    }
}
