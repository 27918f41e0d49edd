import Strata

/// A one-line text layer, as the screen uses them everywhere.
func label(_ text: String, frame: CGRect, size: CGFloat, color: CGColor = Palette.text, bold: Bool = false,
           alignment: CATextLayerAlignmentMode = .left) -> CATextLayer {
    let layer = CATextLayer()
    layer.frame = frame
    layer.string = text
    layer.font = bold ? Palette.bold : Palette.regular
    layer.fontSize = size
    layer.foregroundColor = color
    layer.alignmentMode = alignment
    return layer
}
