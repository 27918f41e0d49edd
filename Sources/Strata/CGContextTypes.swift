import Foundation

/// How the ends of stroked open subpaths are drawn (CoreGraphics' CGLineCap; same raw values).
public enum CGLineCap: Int32, Sendable {
    case butt = 0, round = 1, square = 2
}

/// How the corners of stroked paths are drawn (CoreGraphics' CGLineJoin; same raw values).
public enum CGLineJoin: Int32, Sendable {
    case miter = 0, round = 1, bevel = 2
}

/// Which points a path encloses: non-zero winding or even-odd (CoreGraphics' CGPathFillRule).
public enum CGPathFillRule: Int, Sendable {
    case winding = 0, evenOdd = 1
}

/// What `CGContext.drawPath(using:)` paints (CoreGraphics' CGPathDrawingMode; same raw values).
public enum CGPathDrawingMode: Int32, Sendable {
    case fill = 0, eoFill = 1, stroke = 2, fillStroke = 3, eoFillStroke = 4
}
