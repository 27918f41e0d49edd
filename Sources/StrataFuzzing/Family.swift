import Foundation

/// A family of fuzz inputs. Each can be switched off (`--avoid`) or chosen alone (`--families`), so a run
/// can leave out the crashers a server is known to have while they are being fixed.
public enum Family: String, CaseIterable, Sendable, Comparable {
    /// Layers created, inserted, moved, removed, released, attached as roots (depth bounded).
    case tree
    /// setProperty of every property with plausible values.
    case properties
    /// addAnimation / removeAnimation of every animation kind.
    case animations
    /// Images in sealed memfds: defineImage, updateImage, setContents, releaseImage.
    case images
    /// setMask between layers the server should accept (no cycles).
    case masks
    /// snapshot, tree and stats requests, frame ticks and injected input (`strata input`) from fuzz clients.
    case requests
    /// One operation the server must refuse at apply time (unknown ids, wrong kinds, bad indexes…).
    case invalid
    /// CATextLayers given text of every Unicode class the text stack tells apart, font names, sizes, wrapping,
    /// truncation, alignment and bounds (`TextGenerator`); now and then a value the wire refuses.
    case text
    /// Remote layer hosting across the run's clients: contexts made and reclaimed, layers given to them,
    /// host layers bound to tokens of every kind (another client's, its own, forged, revoked, orphaned), host
    /// layers inside contexts (so that A hosts B hosts A is tried), revokes, and sessions ended mid-binding.
    case hosting
    /// Byte-level mutations of valid encoded frames.
    case bytes
    /// Descriptor tricks: wrong counts, pipes, sockets, files, unsealed or short memfds, fds on other messages.
    case fds
    /// Bad magic or version, messages before hello, second hello, hello split, idle connections.
    case handshake
    /// Connections closed abruptly: mid-frame, with descriptors in flight, with a half-shut socket.
    case disconnects
    /// Mask cycles: a layer masking its own mask, a layer inserted under its own mask (known crasher).
    case maskCycles = "mask-cycles"
    /// Chains of 100 to 5000 nested layers or masks (known crasher above ~270).
    case deepChains = "deep-chains"
    /// A parent with thousands of sublayers, all removed in one commit (known freeze).
    case wideParents = "wide-parents"
    /// Images in unsealed memfds shrunk after defineImage, then shown or updated (known SIGBUS).
    case shrunkMemfds = "shrunk-memfds"

    /// The families today's server is known to crash or freeze on (issue 11).
    public static let knownCrashers: [Family] = [.maskCycles, .deepChains, .wideParents, .shrunkMemfds]

    /// Parses a comma-separated list; "known-crashers" stands for `knownCrashers`, "all" for every family.
    public static func parseList(_ text: String) throws -> [Family] {
        var out: [Family] = []
        for name in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
            switch name {
            case "known-crashers": out += knownCrashers
            case "all": out += allCases
            default:
                guard let f = Family(rawValue: name) else {
                    throw FamilyError(description: "unknown family \(name) (families: \(allCases.map(\.rawValue).joined(separator: ", ")), known-crashers, all)")
                }
                out.append(f)
            }
        }
        return out
    }

    public static func < (a: Family, b: Family) -> Bool { a.rawValue < b.rawValue }
}

public struct FamilyError: Error, CustomStringConvertible {
    public let description: String
}
