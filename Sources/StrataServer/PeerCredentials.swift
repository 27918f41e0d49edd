import CStrataSys

/// Who is at the other end of a client socket, as the kernel recorded it at connect() (SO_PEERCRED and
/// SO_PEERGROUPS): what access checks rely on, never anything the client says about itself.
public struct PeerCredentials: Equatable, Sendable {
    public var pid: Int32
    public var uid: UInt32
    public var gid: UInt32
    /// Supplementary groups (empty where the kernel cannot tell).
    public var groups: [UInt32]

    public init(pid: Int32, uid: UInt32, gid: UInt32, groups: [UInt32] = []) {
        self.pid = pid; self.uid = uid; self.gid = gid; self.groups = groups
    }

    /// The credentials of the peer of a connected Unix socket; nil when the kernel gives none.
    public static func of(socket fd: Int32) -> PeerCredentials? {
        var pid: Int32 = -1
        var uid: UInt32 = 0, gid: UInt32 = 0
        guard strata_peer_credentials(fd, &pid, &uid, &gid) == 0 else { return nil }
        var groups = [UInt32](repeating: 0, count: 256)
        let n = groups.withUnsafeMutableBufferPointer { strata_peer_groups(fd, $0.baseAddress, Int32($0.count)) }
        return PeerCredentials(pid: pid, uid: uid, gid: gid, groups: n > 0 ? Array(groups.prefix(Int(n))) : [])
    }

    /// Whether the peer is in `group`, as its primary or a supplementary group.
    public func isMember(of group: UInt32) -> Bool { gid == group || groups.contains(group) }
}
