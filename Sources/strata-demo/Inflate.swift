/// zlib's inflate (RFC 1950 around RFC 1951): enough to read the PNGs the server records. Huffman codes
/// are decoded through one lookup table per code, indexed by the next bits of input.
struct Inflate {
    private let input: [UInt8]
    private var at = 0
    private var bits: UInt64 = 0
    private var count = 0
    private var output: [UInt8] = []

    struct Failure: Error, CustomStringConvertible { let description: String }

    static func zlib(_ data: [UInt8], expectedSize: Int) throws -> [UInt8] {
        guard data.count >= 2, data[0] & 0x0F == 8, (UInt16(data[0]) << 8 | UInt16(data[1])) % 31 == 0, data[1] & 0x20 == 0 else {
            throw Failure(description: "not a zlib stream")
        }
        var inflater = Inflate(input: data)
        inflater.at = 2
        inflater.output.reserveCapacity(expectedSize)
        try inflater.run()
        return inflater.output
    }

    private init(input: [UInt8]) { self.input = input }

    private mutating func need(_ n: Int) throws {
        while count < n {
            guard at < input.count else { throw Failure(description: "the stream ends early") }
            bits |= UInt64(input[at]) << UInt64(count)
            at += 1
            count += 8
        }
    }

    private mutating func take(_ n: Int) throws -> Int {
        try need(n)
        let v = Int(bits & ((1 << UInt64(n)) - 1))
        bits >>= UInt64(n)
        count -= n
        return v
    }

    /// A canonical Huffman code as a table over its longest code's bits: entry = symbol << 4 | length.
    struct Code {
        var table: [Int32]
        var bits: Int

        init(lengths: [Int]) throws {
            let maxBits = max(1, lengths.max() ?? 1)
            bits = maxBits
            table = [Int32](repeating: -1, count: 1 << maxBits)
            var counts = [Int](repeating: 0, count: 16)
            for l in lengths where l > 0 { counts[l] += 1 }
            var next = [Int](repeating: 0, count: 16)
            var code = 0
            for l in 1..<16 { next[l] = code; code = (code + counts[l]) << 1 }
            for (symbol, l) in lengths.enumerated() where l > 0 {
                let c = next[l]
                next[l] += 1
                guard c < 1 << l else { throw Failure(description: "an over-subscribed code") }
                var reversed = 0
                for i in 0..<l where c & (1 << i) != 0 { reversed |= 1 << (l - 1 - i) }
                var fill = reversed
                while fill < table.count {
                    table[fill] = Int32(symbol << 4 | l)
                    fill += 1 << l
                }
            }
        }
    }

    private mutating func decode(_ code: Code) throws -> Int {
        // Near the end of the input fewer bits than the table's width may remain.
        while count < code.bits && at < input.count {
            bits |= UInt64(input[at]) << UInt64(count)
            at += 1
            count += 8
        }
        let entry = Int(code.table[Int(bits & ((1 << UInt64(code.bits)) - 1))])
        let length = entry & 15
        guard entry >= 0, length <= count else { throw Failure(description: "a bad Huffman code") }
        bits >>= UInt64(length)
        count -= length
        return entry >> 4
    }

    private static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    private static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
                                       4097, 6145, 8193, 12289, 16385, 24577]
    private static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
    private static let fixed: (Code, Code)? = {
        var lengths = [Int](repeating: 8, count: 288)
        for i in 144..<256 { lengths[i] = 9 }
        for i in 256..<280 { lengths[i] = 7 }
        guard let lit = try? Code(lengths: lengths), let dist = try? Code(lengths: [Int](repeating: 5, count: 30)) else { return nil }
        return (lit, dist)
    }()

    private mutating func run() throws {
        var last = false
        while !last {
            last = try take(1) == 1
            switch try take(2) {
            case 0: try stored()
            case 1:
                guard let (lit, dist) = Self.fixed else { throw Failure(description: "no fixed code") }
                try codes(lit, dist)
            case 2: let (lit, dist) = try dynamicCodes(); try codes(lit, dist)
            default: throw Failure(description: "a bad block type")
            }
        }
    }

    private mutating func stored() throws {
        bits = 0
        count = 0
        guard at + 4 <= input.count else { throw Failure(description: "the stream ends early") }
        let length = Int(input[at]) | Int(input[at + 1]) << 8
        at += 4
        guard at + length <= input.count else { throw Failure(description: "the stream ends early") }
        output += input[at..<(at + length)]
        at += length
    }

    private mutating func dynamicCodes() throws -> (Code, Code) {
        let nlen = try take(5) + 257, ndist = try take(5) + 1, ncode = try take(4) + 4
        let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
        var codeLengths = [Int](repeating: 0, count: 19)
        for i in 0..<ncode { codeLengths[order[i]] = try take(3) }
        let lengthCode = try Code(lengths: codeLengths)
        var lengths: [Int] = []
        while lengths.count < nlen + ndist {
            let symbol = try decode(lengthCode)
            switch symbol {
            case 0..<16: lengths.append(symbol)
            case 16:
                guard let previous = lengths.last else { throw Failure(description: "a repeat with nothing before it") }
                lengths += [Int](repeating: previous, count: 3 + (try take(2)))
            case 17: lengths += [Int](repeating: 0, count: 3 + (try take(3)))
            default: lengths += [Int](repeating: 0, count: 11 + (try take(7)))
            }
        }
        guard lengths.count == nlen + ndist else { throw Failure(description: "too many code lengths") }
        return (try Code(lengths: Array(lengths[0..<nlen])), try Code(lengths: Array(lengths[nlen...])))
    }

    private mutating func codes(_ lit: Code, _ dist: Code) throws {
        while true {
            let symbol = try decode(lit)
            if symbol < 256 {
                output.append(UInt8(symbol))
            } else if symbol == 256 {
                return
            } else {
                let s = symbol - 257
                guard s < 29 else { throw Failure(description: "a bad length") }
                let length = Self.lengthBase[s] + (try take(Self.lengthExtra[s]))
                let d = try decode(dist)
                guard d < 30 else { throw Failure(description: "a bad distance") }
                let distance = Self.distanceBase[d] + (try take(Self.distanceExtra[d]))
                guard distance <= output.count else { throw Failure(description: "a distance too far back") }
                let from = output.count - distance
                for i in 0..<length { output.append(output[from + i]) }
            }
        }
    }
}
