import Foundation

/// How the ends of stroked open subpaths are drawn (CoreGraphics' CGLineCap; same raw values).
public enum CGLineCap: Int32, Sendable {
    /// The line stops square at the end point (raw value 0).
    case butt = 0
    /// A half circle of the line width's diameter rounds the end (raw value 1).
    case round = 1
    /// The line goes on past the end point by half its width, squared off (raw value 2).
    case square = 2
}

/// How the corners of stroked paths are drawn (CoreGraphics' CGLineJoin; same raw values).
public enum CGLineJoin: Int32, Sendable {
    /// The outer edges extend to a sharp point, drawn beveled when longer than the miter limit allows (raw value 0).
    case miter = 0
    /// A circular arc of the line width's diameter rounds the corner (raw value 1).
    case round = 1
    /// The corner is cut off straight across the outer edges (raw value 2).
    case bevel = 2
}

/// Which points a path encloses: non-zero winding or even-odd (CoreGraphics' CGPathFillRule).
public enum CGPathFillRule: Int, Sendable {
    /// Non-zero winding: a point is inside when the path winds round it a non-zero number of times (raw value 0).
    case winding = 0
    /// Even-odd: a point is inside when a ray from it crosses the path an odd number of times (raw value 1).
    case evenOdd = 1
}

/// What `CGContext.drawPath(using:)` paints (CoreGraphics' CGPathDrawingMode; same raw values).
public enum CGPathDrawingMode: Int32, Sendable {
    /// Fills the path with the non-zero winding rule (raw value 0).
    case fill = 0
    /// Fills the path with the even-odd rule (raw value 1).
    case eoFill = 1
    /// Strokes the path (raw value 2).
    case stroke = 2
    /// Fills with the non-zero winding rule, then strokes over the fill (raw value 3).
    case fillStroke = 3
    /// Fills with the even-odd rule, then strokes over the fill (raw value 4).
    case eoFillStroke = 4
}
