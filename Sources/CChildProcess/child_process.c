#define _GNU_SOURCE
#include "opta_child_process.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

/// Closes every descriptor from `lowest` up, close-on-exec or not: those Opta inherited without
/// close-on-exec (a parent's pipe, the socket by which Foundation's `Process` in a parent learns
/// that Opta ended) must not be held by ffmpeg, or the parent would wait for ffmpeg too.
/// Async-signal-safe (runs between fork and exec).
static void close_inherited_descriptors(int lowest) {
#ifdef SYS_close_range
    if (syscall(SYS_close_range, (unsigned)lowest, ~0U, 0) == 0) return;
#endif
    struct rlimit limit;
    int highest = getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < 65536 ? (int)limit.rlim_cur : 65536;
    for (int fd = lowest; fd < highest; fd++) close(fd);
}

pid_t opta_spawn_bound_child(const char *path, char *const argv[], int stdin_fd, int stdout_fd, int stderr_fd,
                             int extra_fd, int niceness) {
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid < 0) return -errno;
    if (pid > 0) return pid;
    // The child: only async-signal-safe calls from here to exec (the parent has other threads).
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    // The parent may have died between fork and prctl; then nobody will send the signal.
    if (getppid() != parent) _exit(127);
#else
    (void)parent;
#endif
    setpgid(0, 0);
    if (niceness > 0) setpriority(PRIO_PROCESS, 0, niceness);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    int defaults[] = {SIGINT, SIGTERM, SIGPIPE, SIGHUP, SIGQUIT};
    for (unsigned i = 0; i < sizeof defaults / sizeof defaults[0]; i++) signal(defaults[i], SIG_DFL);
    // Sources are >= 4, so no dup2 below overwrites a source still to be copied.
    if (dup2(stdin_fd, 0) < 0 || dup2(stdout_fd, 1) < 0 || dup2(stderr_fd, 2) < 0) _exit(127);
    if (extra_fd >= 0 && dup2(extra_fd, 3) < 0) _exit(127);
    close_inherited_descriptors(extra_fd >= 0 ? 4 : 3);
    execv(path, argv);
    _exit(127);
}

int opta_open_nameless_file(const char *folder) {
#if defined(__linux__) && defined(O_TMPFILE)
    int fd = open(folder, O_TMPFILE | O_RDWR | O_CLOEXEC, 0644);
    return fd < 0 ? -errno : fd;
#else
    (void)folder;
    return -EOPNOTSUPP;
#endif
}

int opta_link_nameless_file(int fd, const char *path) {
#ifdef __linux__
    char self[64];
    snprintf(self, sizeof self, "/proc/self/fd/%d", fd);
    return linkat(AT_FDCWD, self, AT_FDCWD, path, AT_SYMLINK_FOLLOW) == 0 ? 0 : -errno;
#else
    (void)fd; (void)path;
    return -EOPNOTSUPP;
#endif
}

int opta_cloexec_pipe(int fds[2]) {
#ifdef __linux__
    if (pipe2(fds, O_CLOEXEC) != 0) return -errno;
    // A 1 MB pipe instead of 64 kB: a 1080p frame is 8 MB, and each refill of the pipe costs the
    // writer and ffmpeg a wake-up. Best effort (the system's limit may be lower).
    fcntl(fds[1], F_SETPIPE_SZ, 1 << 20);
    return 0;
#else
    if (pipe(fds) != 0) return -errno;
    fcntl(fds[0], F_SETFD, FD_CLOEXEC);
    fcntl(fds[1], F_SETFD, FD_CLOEXEC);
    return 0;
#endif
}

long opta_pipe_by_reference(int fd, const void *bytes, unsigned long length) {
#ifdef __linux__
    struct iovec piece = {(void *)bytes, length};
    ssize_t n = vmsplice(fd, &piece, 1, 0);
    return n < 0 ? -errno : n;
#else
    (void)fd; (void)bytes; (void)length;
    return -ENOSYS;
#endif
}

long opta_pipe_unread(int fd) {
    int unread = 0;
    if (ioctl(fd, FIONREAD, &unread) != 0) return -errno;
    return unread;
}
