#if canImport(Glibc)
import Glibc
#endif

/// Looks up the group a server-bound socket file is given (`socket-group`).
public enum UnixGroup {
    /// The id of a group given by number or by name; nil when no such group exists (names only: a number
    /// is taken as is, as chown(1) does).
    public static func id(of group: String) -> UInt32? {
        if !group.isEmpty, group.allSatisfy({ $0.isNumber && $0.isASCII }) { return UInt32(group) }
        var entry = group_t()
        var result: UnsafeMutablePointer<group_t>?
        var buffer = [CChar](repeating: 0, count: 16 << 10)
        let rc = getgrnam_r(group, &entry, &buffer, buffer.count, &result)
        guard rc == 0, result != nil else { return nil }
        return entry.gr_gid
    }
}

private typealias group_t = Glibc.group

/// Looks up the users named in `allow-users`.
public enum UnixUser {
    /// The id of a user given by number or by name; nil when no such user exists (a number is taken as is).
    public static func id(of user: String) -> UInt32? {
        if !user.isEmpty, user.allSatisfy({ $0.isNumber && $0.isASCII }) { return UInt32(user) }
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 16 << 10)
        let rc = getpwnam_r(user, &entry, &buffer, buffer.count, &result)
        guard rc == 0, result != nil else { return nil }
        return entry.pw_uid
    }
}
