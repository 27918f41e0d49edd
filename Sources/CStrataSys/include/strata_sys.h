#ifndef STRATA_SYS_H
#define STRATA_SYS_H
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

// Thin wrappers over calls whose interfaces rely on macros Swift cannot import
// (CMSG_*, memfd_create behind _GNU_SOURCE, sockaddr_un sizing).

/// Maximum number of file descriptors carried by one message.
#define STRATA_MAX_FDS 32

/// Creates an anonymous memory file (MFD_CLOEXEC | MFD_ALLOW_SEALING). Returns -1 and sets errno on failure.
int strata_memfd_create(const char *name);

/// Seals a memfd against shrinking/growing/writing (best effort; returns 0 on success).
int strata_memfd_seal(int fd);

/// Seals a memfd against shrinking and growing (and further seals), leaving it writable: a reusable
/// buffer whose size the receiver can trust. Returns 0 on success.
int strata_memfd_seal_size(int fd);

/// The seals on `fd` (F_SEAL_* bits: shrink 2, grow 4, write 8), or -1 with errno set (EINVAL: not a
/// memfd that allows sealing, such as a regular file or a pipe).
int strata_memfd_seals(int fd);

/// Sends `len` bytes plus `nfds` descriptors via SCM_RIGHTS. Returns bytes sent or -1 (errno set).
ssize_t strata_send_with_fds(int sock, const void *buf, size_t len, const int *fds, int nfds);

/// Receives up to `len` bytes; received descriptors are stored in `fds` (capacity STRATA_MAX_FDS)
/// and their count in `*nfds`. Returns bytes read, 0 on EOF, -1 on error (errno set).
/// Sets `*truncated_fds` to 1 when the kernel dropped descriptors (MSG_CTRUNC).
ssize_t strata_recv_with_fds(int sock, void *buf, size_t len, int *fds, int *nfds, int *truncated_fds);

/// Creates a listening Unix stream socket bound at `path` (non-blocking, CLOEXEC). Returns fd or -1.
int strata_listen_unix(const char *path, int backlog);

/// Like strata_listen_unix, but the socket file gets permissions `mode` (0...0777) and, when `gid` >= 0,
/// that group, before listen(). Changes the process umask for the duration of bind(): call it before
/// other threads create files. Returns fd, or -1 with errno set and `*failed_call` naming the call that
/// failed ("socket", "bind", "chown", "chmod", "listen"); the file is removed on failure.
int strata_listen_unix_mode(const char *path, int backlog, unsigned mode, long long gid, const char **failed_call);

/// Connects a Unix stream socket to `path` (blocking, CLOEXEC). Returns fd or -1.
int strata_connect_unix(const char *path);

/// Returns 1 when `fd` is a listening Unix stream socket (for systemd socket activation), else 0.
int strata_is_listening_unix_socket(int fd);

/// Retrieves the peer's pid for a connected Unix socket, or -1.
int strata_peer_pid(int fd);

/// The peer's pid, uid and gid as the kernel recorded them at connect() (SO_PEERCRED). 0, or -1 (errno set).
int strata_peer_credentials(int fd, int *pid, unsigned *uid, unsigned *gid);

/// The peer's supplementary groups (SO_PEERGROUPS, Linux 4.13+) into `groups`: their count, or -1 with errno
/// set (ERANGE: more than `capacity`).
int strata_peer_groups(int fd, unsigned *groups, int capacity);

/// Accepts a connection as a non-blocking, close-on-exec socket. Returns fd or -1 (errno set).
int strata_accept(int listen_fd);

/// Blocks SIGTERM/SIGINT (ignores SIGPIPE) and returns a non-blocking signalfd for them, or -1.
int strata_shutdown_signalfd(void);

/// Reads one signal from the signalfd: its number, or -1 if none is pending.
int strata_read_signalfd(int fd);

/// Returns the free pages of every malloc arena to the system (glibc's malloc_trim(0)). 1 if memory was released.
int strata_malloc_trim(void);

/// What malloc has handed out and not had back (bytes, its own mmaps included), and what it holds free in
/// its arenas (glibc's mallinfo2).
void strata_malloc_usage(unsigned long long *in_use, unsigned long long *free_bytes);

/// Lets free memory up to `bytes` at the top of the main heap stay there when something is freed
/// (glibc's M_TRIM_THRESHOLD; it also fixes the mmap threshold at its default). 1 on success.
int strata_malloc_keep_top(int bytes);

/// Starts `path` (argv `argv`, NULL-terminated) with `fd` as its standard input and output, the signal mask
/// empty and every signal at its default (the server blocks SIGTERM and ignores SIGPIPE); every other
/// descriptor the caller opened with O_CLOEXEC stays behind. Returns the child's pid, or -errno.
int strata_spawn_with_socket(const char *path, char *const argv[], int fd);

/// Asks the kernel to SIGKILL this process when its parent exits (prctl PR_SET_PDEATHSIG), and exits
/// at once if the parent is already gone (`parent`: the pid it was started by). 0 on success.
int strata_die_with_parent(int parent);

/// A connected pair of Unix stream sockets, close-on-exec. 0, or -errno.
int strata_socket_pair(int fds[2]);

/// send() with MSG_NOSIGNAL: a peer that is gone gives EPIPE, never SIGPIPE.
long strata_send_all_nosignal(int fd, const void *bytes, unsigned long count);

/// Schedules the calling thread SCHED_RR at `priority`, with SCHED_RESET_ON_FORK (threads and processes it
/// starts get the normal policy and nice 0). 0, or -errno.
int strata_thread_round_robin(int priority);

/// Puts the calling thread back in the normal policy (SCHED_OTHER) if it is real-time. 0, or -errno.
int strata_thread_normal_policy(void);

struct pollfd;
/// poll() with a timeout in nanoseconds (ppoll, behind _GNU_SOURCE); a negative timeout waits for an event.
int strata_poll_ns(struct pollfd *fds, unsigned long count, long long timeout_ns);

#endif
