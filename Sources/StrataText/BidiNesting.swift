import CStrataText

/// Keeps a paragraph's explicit directional formatting within a depth FriBiDi handles safely.
///
/// Debian 12's FriBiDi 1.0.8 corrupts its heap on embeddings and isolates nested close to UAX #9's limit
/// of 125 and then closed unevenly (an isolate level taken below zero; upstream commit 441c173, released
/// in 1.0.11): a crash, sometimes later, in the text worker. Before FriBiDi sees a paragraph, this applies
/// UAX #9's own overflow rules at a depth of `maxDepth`, well under 125, on the bidi types: an initiator
/// beyond it is an overflow one (an embedding or override becomes BN, removed by rule X9; an isolate
/// initiator ON, a neutral), and so is the PDF or PDI that matches it; a PDF or PDI that matches nothing
/// becomes BN or ON likewise (X6a, X7: they do nothing). What is left is balanced and shallow, and
/// resolves as UAX #9 would have resolved it with that depth limit. Real text nests a few levels.
enum BidiNesting {
    static let maxDepth = 60

    private enum Entry { case embedding, isolate }

    /// Rewrites `types` (FriBiDi's, from `fribidi_get_bidi_types`) in place; returns how many it changed.
    @discardableResult
    static func bound(_ types: inout [FriBidiCharType]) -> Int {
        var stack: [Entry] = []
        var overflowIsolates = 0, overflowEmbeddings = 0, validIsolates = 0, changed = 0
        func neutralize(_ i: Int, isolate: Bool) {
            types[i] = isolate ? FRIBIDI_TYPE_ON : FRIBIDI_TYPE_BN
            changed += 1
        }
        for i in types.indices {
            switch types[i] {
            case FRIBIDI_TYPE_LRE, FRIBIDI_TYPE_RLE, FRIBIDI_TYPE_LRO, FRIBIDI_TYPE_RLO:
                if stack.count < maxDepth, overflowIsolates == 0, overflowEmbeddings == 0 {
                    stack.append(.embedding)
                } else {
                    if overflowIsolates == 0 { overflowEmbeddings += 1 }
                    neutralize(i, isolate: false)
                }
            case FRIBIDI_TYPE_LRI, FRIBIDI_TYPE_RLI, FRIBIDI_TYPE_FSI:
                if stack.count < maxDepth, overflowIsolates == 0, overflowEmbeddings == 0 {
                    stack.append(.isolate)
                    validIsolates += 1
                } else {
                    overflowIsolates += 1
                    neutralize(i, isolate: true)
                }
            case FRIBIDI_TYPE_PDI:
                if overflowIsolates > 0 {
                    overflowIsolates -= 1
                    neutralize(i, isolate: true)
                } else if validIsolates == 0 {
                    neutralize(i, isolate: true)
                } else {
                    // Closes the innermost isolate and every embedding opened inside it (X6a).
                    overflowEmbeddings = 0
                    while let top = stack.popLast(), top != .isolate {}
                    validIsolates -= 1
                }
            case FRIBIDI_TYPE_PDF:
                if overflowIsolates > 0 {
                    neutralize(i, isolate: false)
                } else if overflowEmbeddings > 0 {
                    overflowEmbeddings -= 1
                    neutralize(i, isolate: false)
                } else if stack.last == .embedding {
                    stack.removeLast()
                } else {
                    neutralize(i, isolate: false)
                }
            default:
                break
            }
        }
        return changed
    }
}
