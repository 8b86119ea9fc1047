#include "opta_sanitizer_hooks.h"

#if defined(__has_feature)
#  if __has_feature(thread_sanitizer)
#    define OPTA_THREAD_SANITIZER 1
#  endif
#endif

#ifdef OPTA_THREAD_SANITIZER
// The thread sanitizer's own annotation entry points (compiler-rt, tsan_interface.h).
void __tsan_acquire(void *address);
void __tsan_release(void *address);

void opta_sanitizer_acquire(const void *address) { __tsan_acquire((void *)address); }
void opta_sanitizer_release(const void *address) { __tsan_release((void *)address); }
#else
void opta_sanitizer_acquire(const void *address) { (void)address; }
void opta_sanitizer_release(const void *address) { (void)address; }
#endif
