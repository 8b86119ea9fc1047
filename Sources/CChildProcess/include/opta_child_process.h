#ifndef OPTA_CHILD_PROCESS_H
#define OPTA_CHILD_PROCESS_H

#include <sys/types.h>

/// Starts `path` with `argv` (NULL-terminated) as a child that cannot outlive Opta: on Linux it
/// asks the kernel to SIGKILL it when the thread that started it ends (PR_SET_PDEATHSIG), so a
/// `kill -9` of Opta takes the child with it. The child gets `stdin_fd`, `stdout_fd`, `stderr_fd`
/// as 0, 1, 2 and `extra_fd` (if >= 0) as 3, and no other descriptor (not even one Opta inherited
/// without close-on-exec). It runs in its own process group (a terminal's Ctrl-C goes to Opta, which then
/// stops the child itself), with default signal handling, `niceness` lower in priority (0: the
/// same). The four descriptors must be >= 4. Returns the child's pid, or -errno.
pid_t opta_spawn_bound_child(const char *path, char *const argv[], int stdin_fd, int stdout_fd, int stderr_fd,
                             int extra_fd, int niceness);

/// Opens a nameless file in `folder` for reading and writing (O_TMPFILE): it disappears with the
/// last process holding it unless `opta_link_nameless_file` gives it a name. Returns the
/// descriptor (close-on-exec), or -errno (-EOPNOTSUPP where the file system cannot).
int opta_open_nameless_file(const char *folder);

/// Gives the nameless file `fd` the name `path` (which must not exist). Returns 0 or -errno.
int opta_link_nameless_file(int fd, const char *path);

/// A pipe whose two ends are close-on-exec, made large (1 MB) where the system allows. Returns 0 or -errno.
int opta_cloexec_pipe(int fds[2]);

/// Hands up to `length` bytes at `bytes` to the pipe `fd` by reference (Linux's vmsplice): the
/// pipe holds the pages themselves, not a copy, so they must stay unchanged until the reader has
/// read them (see `opta_pipe_unread`). Waits while the pipe is full. Returns how many bytes were
/// handed (at least 1), or -errno (-ENOSYS where there is no vmsplice).
long opta_pipe_by_reference(int fd, const void *bytes, unsigned long length);

/// How many bytes sit in the pipe `fd` (either end) not yet read, or -errno.
long opta_pipe_unread(int fd);

#endif
