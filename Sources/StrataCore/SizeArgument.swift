/// Parses "WIDTHxHEIGHT" (e.g. "640x480").
public enum SizeArgument {
    public static func parse(_ text: String) -> (width: Int, height: Int)? {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0, w <= 16384, h <= 16384 else { return nil }
        return (w, h)
    }
}
