import Foundation
import StrataCore
import StrataRender

/// A layer's own pieces: background, contents (in one piece, placed by gravity or nine-sliced), its kind's
/// content, its sublayers and border, each with what its motion slot animates of them.
extension DrawListBuilder {
    /// The layer's background (rounded by cornerRadius), contents, its kind's content and sublayers (clipped
    /// to the rounded bounds with masksToBounds), then its border, through `matrix` (layer-local → target),
    /// each times `alpha` (sublayers inherit it), with the layer's values `p` (its presentation; a slot's
    /// drawn values).
    /// `ownContent` false (a single-sided layer seen from behind) leaves out the layer's own background,
    /// contents, kind content and border; its sublayers decide for themselves.
    /// `animated`: what of the layer's own background and border its motion slot animates (layer.vert
    /// takes those values from the slot; the pieces are drawn even where their values now show nothing),
    /// `modes`: `cullsBackFace` for a one-sided layer's own pieces under a slot.
    func emitBody(_ node: RenderNode, _ p: LayerModel, matrix m: Transform3D, alpha: CGFloat, ownContent: Bool = true,
                  animated: MotionRef.Fields = [], modes: MotionRef.Modes = [], into list: inout DrawList) {
        let edges = p.allowsEdgeAntialiasing ? p.edgeAntialiasingMask : 0
        // Animated bounds clamp the corner radius anew each frame: the slot gives the radius too.
        let shaped = animated.contains(.bounds) ? animated.union(.cornerRadius) : animated
        let fill = shaped.intersection([.backgroundColor, .bounds, .cornerRadius])
        // The background and border at the bounds' size from their corner, so that a scroll view's moving
        // offset leaves their commands the same (the damage tracker then sees nothing change there).
        let (frameMatrix, frameRect) = shaped.isEmpty && list.currentSlot < 0 ? Self.fromCorner(p.bounds, m) : (m, p.bounds)
        if ownContent, let color = animated.contains(.backgroundColor) ? Color.white : p.backgroundColor, color.alpha > 0 {
            if p.cornerRadius > 0 || fill.contains(.cornerRadius) {
                list.append(.shape(matrix: frameMatrix, rect: frameRect, radius: p.cornerRadius, corners: p.drawnCorners, border: 0,
                                   color: tinted(color), alpha: alpha, edges: edges), slotFields: fill, slotModes: modes)
            } else {
                list.append(.fill(matrix: frameMatrix, rect: frameRect, color: tinted(color), alpha: alpha, edges: edges),
                            slotFields: fill, slotModes: modes)
            }
        }
        let kindPieces = ownContent ? node.content.pieces(node) : 0
        let shown = node.shownContents(p)
        let clipped = p.masksToBounds && (!shown.isEmpty || node.drawsSublayers || kindPieces > 0)
        let clip = clipped ? Self.beginClip(p, m, into: &list) : nil
        if case .scissor = clip { list.clipOrigins[list.commands.count - 1] = ClipOrigin(layer: node.id, x: m.m41, y: m.m42) }
        if ownContent {
            switch shown {
            case .image(let image?):
                emitContents(image, p, matrix: m, alpha: alpha, edges: edges, animated: animated, modes: modes, into: &list)
            case .image(nil):
                break
            case let .crossfade(from, to, fraction):
                emitCrossfade(from: from, to: to, fraction: fraction, p, matrix: m, alpha: alpha, edges: edges,
                              animated: animated, modes: modes, into: &list)
            }
        }
        if kindPieces > 0 {
            // Under a slot the kind learns what of its own the slot animates.
            let motion = KindMotion(animated: list.currentSlot >= 0 ? animated : [], builder: self)
            node.content.appendContent(node, matrix: m, alpha: alpha, tint: tint, motion: motion, into: &list)
        }
        if node.drawsSublayers {
            // Inside a scissor what lies wholly outside it is not built (`culls`).
            if case .scissor(let rect) = clip {
                var inside = self
                inside.visibleArea = visibleArea?.intersection(rect) ?? rect
                node.content.appendSublayers(node, matrix: m, alpha: alpha, builder: inside, into: &list)
            } else {
                node.content.appendSublayers(node, matrix: m, alpha: alpha, builder: self, into: &list)
            }
        }
        if let clip { Self.endClip(clip, p, m, fields: shaped, into: &list) }
        let ring = shaped.intersection([.bounds, .cornerRadius, .borderWidth, .borderColor])
        if ownContent, p.borderWidth > 0 || ring.contains(.borderWidth),
           let color = ring.contains(.borderColor) ? Color.white : p.borderColor, color.alpha > 0 {
            list.append(.shape(matrix: frameMatrix, rect: frameRect, radius: p.cornerRadius, corners: p.drawnCorners, border: p.borderWidth,
                               color: tinted(color), alpha: alpha, edges: edges), slotFields: ring, slotModes: modes)
        }
    }

    /// `bounds` under `m` as the same rectangle drawn from (0, 0) under a matrix that first moves it there.
    static func fromCorner(_ bounds: CGRect, _ m: Transform3D) -> (Transform3D, CGRect) {
        guard bounds.origin != .zero else { return (m, bounds) }
        return (Transform3D.translation(bounds.minX, bounds.minY, 0) * m, CGRect(origin: .zero, size: bounds.size))
    }

    /// A `contents` crossfade (`ShownContents.crossfade`): from · (1 − fraction) + to · fraction, each image
    /// placed by the layer's gravity at its own size, summed in a group composited with `alpha` (as a
    /// transition's fade is), so that where both are opaque nothing beneath shows through. With one end
    /// missing it is that image faded, drawn directly.
    func emitCrossfade(from: ServerImage?, to: ServerImage?, fraction: Double, _ p: LayerModel, matrix m: Transform3D,
                       alpha: CGFloat, edges: UInt8, animated: MotionRef.Fields, modes: MotionRef.Modes, into list: inout DrawList) {
        let f = CGFloat(fraction)
        guard let from, let to else {
            if let from { emitContents(from, p, matrix: m, alpha: alpha * (1 - f), edges: edges, animated: animated, modes: modes, into: &list) }
            if let to { emitContents(to, p, matrix: m, alpha: alpha * f, edges: edges, animated: animated, modes: modes, into: &list) }
            return
        }
        list.append(.beginGroup)
        emitContents(from, p, matrix: m, alpha: 1 - f, edges: edges, animated: animated, modes: modes, into: &list)
        list.append(.beginGroup)
        emitContents(to, p, matrix: m, alpha: 1, edges: edges, animated: animated, modes: modes, into: &list)
        list.append(.endGroup(alpha: f, blend: .add))
        list.append(.endGroup(alpha: alpha, blend: .over))
    }

    /// A layer's contents through `m`. Under a slot they take animated bounds and contentsRect from it: in
    /// one piece stretched over the bounds as the background takes them, or placed in them by their gravity;
    /// in nine pieces each cut out of the frame and the contentsRect as they are that frame (`layer.vert`).
    func emitContents(_ image: ServerImage, _ p: LayerModel, matrix m: Transform3D, alpha: CGFloat, edges: UInt8,
                      animated: MotionRef.Fields, modes: MotionRef.Modes, into list: inout DrawList) {
        // contentsRect, contentsGravity (natural size = pixels ÷ contentsScale) and contentsCenter.
        var fields = animated.intersection([.bounds, .contentsRect])
        var imageModes = modes
        let placement = p.contentsGravity.placement
        var packed = SIMD4<Float>()
        let resized = !fields.isDisjoint(with: [.bounds, .contentsRect])
        let nine = resized && !Self.contentsInOnePiece(p)
        if resized, placement.sizing != .stretch || nine {
            fields.remove(.bounds)
            imageModes.insert(.contentsPlacement)
            let scale = p.contentsScale > 0 ? p.contentsScale : 1
            packed = SIMD4(Float(CGFloat(image.texture.width) / scale), Float(CGFloat(image.texture.height) / scale),
                           Float(placement.sizing.rawValue), Float(placement.column + 3 * placement.row))
        }
        if nine {
            // All nine pieces (one with no area draws nothing), each with contentsCenter's unit breaks in
            // its rectangle, the whole contentsRect and its index in the alignment code.
            imageModes.insert(.nineSlice)
            let c = p.contentsCenter.standardized
            func unit(_ x: CGFloat) -> CGFloat { max(0, min(1, x)) }
            let breaks = CGRect(x: unit(c.minX), y: unit(c.maxX), width: unit(c.minY), height: unit(c.maxY))
            for piece in 0..<9 {
                var code = packed
                code.w += Float(9 * piece)
                list.append(.image(matrix: m, rect: breaks, image: image.texture, uv: p.contentsRect, alpha: alpha,
                                   sampling: Self.sampling(p), edges: edges, tint: tint), slotFields: fields, slotModes: imageModes,
                            placement: code)
            }
        } else {
            for piece in ContentsLayout.pieces(bounds: p.bounds, imageWidth: image.texture.width, imageHeight: image.texture.height,
                                               gravity: p.contentsGravity, scale: p.contentsScale,
                                               contentsRect: p.contentsRect, contentsCenter: p.contentsCenter) {
                list.append(.image(matrix: m, rect: piece.rect, image: image.texture, uv: piece.uv, alpha: alpha,
                                   sampling: Self.sampling(p), edges: edges, tint: tint), slotFields: fields, slotModes: imageModes,
                            placement: packed)
            }
        }
    }
}
