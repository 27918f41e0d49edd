import StrataCore

/// Parses a colour given on the command line (#RRGGBB or #RRGGBBAA).
public enum StrataColorArgument {
    public static func parse(_ text: String) -> Color? { Color(hex: text) }
}
