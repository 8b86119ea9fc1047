#ifndef OPTA_SANITIZER_HOOKS_H
#define OPTA_SANITIZER_HOOKS_H

/// Tells the thread sanitizer about an ordering it cannot see by itself: everything a thread did
/// before `opta_sanitizer_release(address)` happens before everything another thread does after a
/// later `opta_sanitizer_acquire(address)`. Without the sanitizer both do nothing.
void opta_sanitizer_acquire(const void *address);
void opta_sanitizer_release(const void *address);

#endif
