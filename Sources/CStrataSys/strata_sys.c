#define _GNU_SOURCE
#include "strata_sys.h"
#include <errno.h>
#include <spawn.h>
#include <sys/prctl.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>
#include <pthread.h>
#include <malloc.h>
#include <poll.h>
#include <sched.h>
#include <time.h>

int strata_memfd_create(const char *name) {
    return memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
}

int strata_memfd_seals(int fd) {
    return fcntl(fd, F_GET_SEALS);
}

int strata_memfd_seal(int fd) {
    return fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE | F_SEAL_SEAL);
}

int strata_memfd_seal_size(int fd) {
    return fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL);
}

ssize_t strata_send_with_fds(int sock, const void *buf, size_t len, const int *fds, int nfds) {
    if (nfds < 0 || nfds > STRATA_MAX_FDS) { errno = EINVAL; return -1; }
    struct iovec iov = { .iov_base = (void *)buf, .iov_len = len };
    struct msghdr msg;
    memset(&msg, 0, sizeof msg);
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    union { char buf[CMSG_SPACE(sizeof(int) * STRATA_MAX_FDS)]; struct cmsghdr align; } control;
    if (nfds > 0) {
        memset(&control, 0, sizeof control);
        msg.msg_control = control.buf;
        msg.msg_controllen = CMSG_SPACE(sizeof(int) * nfds);
        struct cmsghdr *cmsg = CMSG_FIRSTHDR(&msg);
        cmsg->cmsg_level = SOL_SOCKET;
        cmsg->cmsg_type = SCM_RIGHTS;
        cmsg->cmsg_len = CMSG_LEN(sizeof(int) * nfds);
        memcpy(CMSG_DATA(cmsg), fds, sizeof(int) * nfds);
    }
    ssize_t n;
    do { n = sendmsg(sock, &msg, MSG_NOSIGNAL); } while (n < 0 && errno == EINTR);
    return n;
}

ssize_t strata_recv_with_fds(int sock, void *buf, size_t len, int *fds, int *nfds, int *truncated_fds) {
    struct iovec iov = { .iov_base = buf, .iov_len = len };
    struct msghdr msg;
    memset(&msg, 0, sizeof msg);
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    union { char buf[CMSG_SPACE(sizeof(int) * STRATA_MAX_FDS)]; struct cmsghdr align; } control;
    msg.msg_control = control.buf;
    msg.msg_controllen = sizeof control.buf;
    *nfds = 0;
    *truncated_fds = 0;
    ssize_t n;
    do { n = recvmsg(sock, &msg, MSG_CMSG_CLOEXEC); } while (n < 0 && errno == EINTR);
    if (n < 0) return n;
    if (msg.msg_flags & MSG_CTRUNC) *truncated_fds = 1;
    for (struct cmsghdr *c = CMSG_FIRSTHDR(&msg); c != NULL; c = CMSG_NXTHDR(&msg, c)) {
        if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS) {
            int count = (int)((c->cmsg_len - CMSG_LEN(0)) / sizeof(int));
            for (int i = 0; i < count; i++) {
                int fd;
                memcpy(&fd, CMSG_DATA(c) + i * sizeof(int), sizeof(int));
                if (*nfds < STRATA_MAX_FDS) fds[(*nfds)++] = fd; else { close(fd); *truncated_fds = 1; }
            }
        }
    }
    return n;
}

static int fill_addr(struct sockaddr_un *addr, const char *path) {
    memset(addr, 0, sizeof *addr);
    addr->sun_family = AF_UNIX;
    if (strlen(path) >= sizeof addr->sun_path) { errno = ENAMETOOLONG; return -1; }
    strcpy(addr->sun_path, path);
    return 0;
}

int strata_listen_unix(const char *path, int backlog) {
    struct sockaddr_un addr;
    if (fill_addr(&addr, path) < 0) return -1;
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (fd < 0) return -1;
    if (bind(fd, (struct sockaddr *)&addr, sizeof addr) < 0 || listen(fd, backlog) < 0) {
        int saved = errno; close(fd); errno = saved; return -1;
    }
    return fd;
}

int strata_listen_unix_mode(const char *path, int backlog, unsigned mode, long long gid, const char **failed_call) {
    struct sockaddr_un addr;
    *failed_call = "bind";
    if (fill_addr(&addr, path) < 0) return -1;
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (fd < 0) { *failed_call = "socket"; return -1; }
    // bind() creates the file with 0777 & ~umask: with umask 0777 it starts with no permissions, so no
    // client can connect under looser ones before chmod (and none can while nothing listens anyway).
    mode_t old = umask(0777);
    int rc = bind(fd, (struct sockaddr *)&addr, sizeof addr);
    umask(old);
    if (rc < 0) { int saved = errno; close(fd); errno = saved; return -1; }
    if (gid >= 0 && chown(path, (uid_t)-1, (gid_t)gid) < 0) *failed_call = "chown";
    else if (chmod(path, (mode_t)(mode & 0777)) < 0) *failed_call = "chmod";
    else if (listen(fd, backlog) < 0) *failed_call = "listen";
    else return fd;
    int saved = errno; unlink(path); close(fd); errno = saved; return -1;
}

int strata_connect_unix(const char *path) {
    struct sockaddr_un addr;
    if (fill_addr(&addr, path) < 0) return -1;
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    int rc;
    do { rc = connect(fd, (struct sockaddr *)&addr, sizeof addr); } while (rc < 0 && errno == EINTR);
    if (rc < 0) { int saved = errno; close(fd); errno = saved; return -1; }
    return fd;
}

int strata_is_listening_unix_socket(int fd) {
    int type = 0, listening = 0;
    socklen_t len = sizeof type;
    if (getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &len) < 0 || type != SOCK_STREAM) return 0;
    len = sizeof listening;
    if (getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &len) < 0) return 0;
    struct sockaddr_storage ss; socklen_t sl = sizeof ss;
    if (getsockname(fd, (struct sockaddr *)&ss, &sl) < 0 || ss.ss_family != AF_UNIX) return 0;
    return listening ? 1 : 0;
}

int strata_peer_pid(int fd) {
    struct ucred cred; socklen_t len = sizeof cred;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) < 0) return -1;
    return (int)cred.pid;
}

int strata_peer_credentials(int fd, int *pid, unsigned *uid, unsigned *gid) {
    struct ucred cred; socklen_t len = sizeof cred;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) < 0) return -1;
    *pid = (int)cred.pid; *uid = cred.uid; *gid = cred.gid;
    return 0;
}

int strata_peer_groups(int fd, unsigned *groups, int capacity) {
#ifdef SO_PEERGROUPS
    socklen_t len = (socklen_t)(sizeof(gid_t) * (capacity > 0 ? capacity : 0));
    if (getsockopt(fd, SOL_SOCKET, SO_PEERGROUPS, groups, &len) < 0) return -1;
    return (int)(len / sizeof(gid_t));
#else
    errno = ENOPROTOOPT;
    return -1;
#endif
}

int strata_accept(int listen_fd) {
    int fd;
    do { fd = accept4(listen_fd, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK); } while (fd < 0 && errno == EINTR);
    return fd;
}

#include <signal.h>
#include <sys/signalfd.h>

int strata_shutdown_signalfd(void) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGINT);
    pthread_sigmask(SIG_BLOCK, &set, NULL);
    signal(SIGPIPE, SIG_IGN);
    return signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK);
}

int strata_read_signalfd(int fd) {
    struct signalfd_siginfo info;
    ssize_t n = read(fd, &info, sizeof info);
    return n == (ssize_t)sizeof info ? (int)info.ssi_signo : -1;
}

int strata_malloc_trim(void) {
    return malloc_trim(0);
}

void strata_malloc_usage(unsigned long long *in_use, unsigned long long *free_bytes) {
    struct mallinfo2 info = mallinfo2();
    // Chunks handed out by malloc (its arenas and its own mmaps); free chunks still held in the arenas.
    *in_use = (unsigned long long)(info.uordblks + info.hblkhd);
    *free_bytes = (unsigned long long)info.fordblks;
}

int strata_malloc_keep_top(int bytes) {
    return mallopt(M_TRIM_THRESHOLD, bytes);
}

int strata_spawn_with_socket(const char *path, char *const argv[], int fd) {
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attr;
    if (posix_spawn_file_actions_init(&actions) != 0) return -ENOMEM;
    if (posix_spawnattr_init(&attr) != 0) { posix_spawn_file_actions_destroy(&actions); return -ENOMEM; }
    posix_spawn_file_actions_adddup2(&actions, fd, 0);
    posix_spawn_file_actions_adddup2(&actions, fd, 1);
    sigset_t empty, all;
    sigemptyset(&empty);
    sigfillset(&all);
    posix_spawnattr_setsigmask(&attr, &empty);
    posix_spawnattr_setsigdefault(&attr, &all);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    extern char **environ;
    pid_t pid = -1;
    int error = posix_spawn(&pid, path, &actions, &attr, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
    return error == 0 ? (int)pid : -error;
}

int strata_die_with_parent(int parent) {
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) return -1;
    if (getppid() != parent) _exit(0);
    return 0;
}

int strata_socket_pair(int fds[2]) {
    return socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) == 0 ? 0 : -errno;
}

long strata_send_all_nosignal(int fd, const void *bytes, unsigned long count) {
    const char *p = bytes;
    unsigned long left = count;
    while (left > 0) {
        ssize_t n = send(fd, p, left, MSG_NOSIGNAL);
        if (n < 0) {
            if (errno == EINTR) continue;
            return -errno;
        }
        p += n;
        left -= (unsigned long)n;
    }
    return (long)count;
}

int strata_poll_ns(struct pollfd *fds, unsigned long count, long long timeout_ns) {
    if (timeout_ns < 0) return ppoll(fds, (nfds_t)count, NULL, NULL);
    struct timespec ts = { .tv_sec = (time_t)(timeout_ns / 1000000000LL), .tv_nsec = (long)(timeout_ns % 1000000000LL) };
    return ppoll(fds, (nfds_t)count, &ts, NULL);
}

int strata_thread_round_robin(int priority) {
    struct sched_param param = { .sched_priority = priority };
    return sched_setscheduler(0, SCHED_RR | SCHED_RESET_ON_FORK, &param) == 0 ? 0 : -errno;
}

int strata_thread_normal_policy(void) {
    int policy = sched_getscheduler(0);
    if (policy < 0) return -errno;
    if ((policy & ~SCHED_RESET_ON_FORK) == SCHED_OTHER) return 0;
    struct sched_param param = { .sched_priority = 0 };
    return sched_setscheduler(0, SCHED_OTHER, &param) == 0 ? 0 : -errno;
}
