import Foundation
import StrataCore
import StrataProtocol

/// What a run sent, counted for the summary: inputs, and how many of each message type, operation,
/// family and descriptor trick, so a run shows what it covered.
struct FuzzStats {
    var inputs = 0
    var sessions = 0
    /// Connection attempts the server did not take (backlog full: it stopped accepting).
    var refusedConnections = 0
    /// Sessions the server ended with an `error` (the reason's first words counted in `rejections`).
    var sessionsRefused = 0
    var messages: [String: Int] = [:]
    var operations: [String: Int] = [:]
    var families: [String: Int] = [:]
    var fdTricks: [String: Int] = [:]
    var rejections: [String: Int] = [:]
    var undecodableReplies = 0

    static func name(ofMessageType t: UInt16) -> String {
        switch t {
        case 1: "hello"
        case 2: "commit"
        case 3: "snapshotRequest"
        case 4: "treeRequest"
        case 5: "statsRequest"
        case 6: "frameTicks"
        case 7: "injectInput"
        case 8: "advanceClock"
        case 9: "createContext"
        case 10: "rootContexts"
        default: "type\(t)"
        }
    }

    /// How many operations `name(of:)` tells apart (one per case of LayerOperation).
    static let operationKinds = 26

    static func name(of op: LayerOperation) -> String {
        switch op {
        case .createLayer: "createLayer"
        case .releaseLayer: "releaseLayer"
        case .setProperty: "setProperty"
        case .insertSublayer: "insertSublayer"
        case .removeFromSuperlayer: "removeFromSuperlayer"
        case .defineImage: "defineImage"
        case .releaseImage: "releaseImage"
        case .setContents: "setContents"
        case .addAnimation: "addAnimation"
        case .removeAnimation: "removeAnimation"
        case .attachRoot: "attachRoot"
        case .detachRoot: "detachRoot"
        case .updateImage: "updateImage"
        case .setMask: "setMask"
        case .setRootOutput: "setRootOutput"
        case .defineBuffer: "defineBuffer"
        case .updateImageFromBuffer: "updateImageFromBuffer"
        case .releaseBuffer: "releaseBuffer"
        case .presentDrawable: "presentDrawable"
        case .discardDrawables: "discardDrawables"
        case .invalidateTiles: "invalidateTiles"
        case .deliverTile: "deliverTile"
        case .setContextLayer: "setContextLayer"
        case .revokeContext: "revokeContext"
        case .hostContext: "hostContext"
        case .focusHosted: "focusHosted"
        }
    }

    mutating func count(message: ClientMessage) {
        messages[Self.name(ofMessageType: message.typeCode), default: 0] += 1
        if case .commit(let c) = message { for op in c.operations { operations[Self.name(of: op), default: 0] += 1 } }
    }

    /// A server's reason with numbers and quoted parts blanked, so reasons of one kind count together.
    mutating func rejected(_ reason: String) {
        sessionsRefused += 1
        var key = ""
        var lastWasDigit = false
        for ch in reason.prefix(72) {
            if !(ch.isASCII && (ch.isLetter || ch.isNumber || ch.isPunctuation || ch == " ")) { key.append("?"); lastWasDigit = false; continue }
            if ch.isNumber { if !lastWasDigit { key.append("N") }; lastWasDigit = true } else { key.append(ch); lastWasDigit = false }
        }
        rejections[key, default: 0] += 1
    }
}
