import CStrataDRM
import Glibc
import StrataKMS

/// Finds DRM card nodes, and the first with a display connected (`--backend auto`). Read-only: a card
/// is opened, its connectors read, and closed; nothing is committed and master is not needed.
public struct DRMDeviceDiscovery: Sendable {
    public let directory: String

    public init(directory: String = "/dev/dri") { self.directory = directory }

    /// What the search found: the card's path (nil when none has a connected output) and, for the log,
    /// why the cards it could not read were skipped.
    public struct Result: Equatable, Sendable {
        public var path: String?
        public var problems: [String]
    }

    /// The card nodes (`card0`, `card1`, …; not render nodes) in number order; empty when the directory
    /// does not exist (no DRM on this machine).
    public func cards() -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = string(fromCharTuple: entry.pointee.d_name)
            if name.hasPrefix("card"), Int(name.dropFirst(4)) != nil { names.append(name) }
        }
        // card10 after card9.
        names.sort { (Int($0.dropFirst(4)) ?? 0) < (Int($1.dropFirst(4)) ?? 0) }
        return names.map { directory.hasSuffix("/") ? directory + $0 : directory + "/" + $0 }
    }

    /// The first card with at least one connected connector that offers a mode.
    public func firstWithConnectedOutput() -> Result {
        var problems: [String] = []
        for path in cards() {
            let fd = open(path, O_RDWR | O_CLOEXEC | O_NONBLOCK)
            guard fd >= 0 else {
                problems.append("\(path): \(Errno.describe(errno))")
                continue
            }
            defer { close(fd) }
            do {
                let snapshot = try DRMResourceReader(fd: fd, properties: DRMPropertyCache(fd: fd), planeRotationUsable: false).read()
                if snapshot.resources.connectors.contains(where: { $0.connected && !$0.modes.isEmpty }) {
                    return Result(path: path, problems: problems)
                }
            } catch {
                problems.append("\(path): \(error)")
            }
        }
        return Result(path: nil, problems: problems)
    }
}
