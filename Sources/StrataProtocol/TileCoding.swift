import StrataCore

/// A tile's key on the wire: level u8, column u32, row u32.
extension ByteWriter {
    mutating func tileKey(_ key: TileKey) {
        u8(key.level); u32(key.column); u32(key.row)
    }
}

extension ByteReader {
    mutating func tileKey(_ what: String) throws -> TileKey {
        TileKey(level: try u8("\(what) level"), column: try u32("\(what) column"), row: try u32("\(what) row"))
    }
}
