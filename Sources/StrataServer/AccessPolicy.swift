#if canImport(Glibc)
import Glibc
#endif

/// Who may connect, and who may inspect other clients' content (docs/security.md). Root and the server's
/// own user may always do both.
public struct AccessPolicy: Equatable, Sendable {
    /// Members of this group are inspectors: `tree`, `snapshot` and `stats` show them every client.
    public var inspectorGroup: UInt32?
    /// When either is non-empty, only these users and members of these groups may connect.
    public var allowedUsers: Set<UInt32> = []
    public var allowedGroups: Set<UInt32> = []
    /// These users' and members of these groups' clients are shells: they may host any client's roots
    /// (`rootContexts`, docs/hosting.md). Root and the server's user are not shells unless listed.
    public var shellUsers: Set<UInt32> = []
    public var shellGroups: Set<UInt32> = []
    /// The user the server runs as.
    public var serverUser: UInt32 = geteuid()

    public init() {}

    func isPrivileged(_ peer: PeerCredentials) -> Bool { peer.uid == 0 || peer.uid == serverUser }

    public func isInspector(_ peer: PeerCredentials) -> Bool {
        isPrivileged(peer) || inspectorGroup.map(peer.isMember(of:)) == true
    }

    public func isShell(_ peer: PeerCredentials) -> Bool {
        shellUsers.contains(peer.uid) || shellGroups.contains(where: peer.isMember(of:))
    }

    /// Nil when `peer` may connect; otherwise why not.
    public func refusal(for peer: PeerCredentials) -> String? {
        guard !allowedUsers.isEmpty || !allowedGroups.isEmpty, !isPrivileged(peer) else { return nil }
        if allowedUsers.contains(peer.uid) || allowedGroups.contains(where: peer.isMember(of:)) { return nil }
        return "user \(peer.uid) is not allowed to connect (allow-users / allow-groups)"
    }
}
