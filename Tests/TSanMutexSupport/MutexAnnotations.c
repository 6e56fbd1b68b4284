// Shows ThreadSanitizer the locks Synchronization.Mutex takes on Linux, in the test binary of a
// ThreadSanitizer build only (make sanitize); elsewhere this file compiles to nothing.
//
// Why: Mutex locks and unlocks with an atomic compare-and-swap inlined into our code, which
// ThreadSanitizer sees, but under contention it goes to slow paths in the toolchain's
// libswiftSynchronization.so, which is not instrumented: a spin there, then the kernel's
// priority-inheriting futex. A lock taken that way carries no happens-before edge that
// ThreadSanitizer knows of, so two threads taking turns through one Mutex were reported as a
// data race on what it guards (IRCTransportEventQueue's events, drained by the owner's thread
// while a transport posted). Reports vanished when nothing contended and came back when
// something did; suppressing them would have meant suppressing every function that uses a
// Mutex, real races included.
//
// How: the test binary defines the three slow paths itself, under their Swift names. The code
// we compile (where the fast paths are inlined) calls these, and each calls the library's own
// function and tells ThreadSanitizer what it did: an acquire on the lock's address after a
// lock, a release before an unlock, the same address the fast path's atomics use. Nothing
// else changes: the library still does the locking. A race on data used outside its lock is
// still reported.
//
// The names are the toolchain's (Swift 6.3's Synchronization). Should a toolchain rename
// them, these definitions are never called and the false reports come back; the binary then
// says at start that it did not find them.

#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#if defined(__has_feature)
#  if __has_feature(thread_sanitizer)
#    define NATTER_TSAN_MUTEX 1
#  endif
#endif

#ifdef NATTER_TSAN_MUTEX

// ThreadSanitizer's own interface (its runtime is linked into the binary).
void __tsan_acquire(void *address);
void __tsan_release(void *address);

// Methods of Synchronization's _MutexHandle: Swift's calling convention, the handle (the lock
// word's address, the value being address-only) in the self register, which is clang's
// swift_context.
#define LOCK_SLOW "$s15Synchronization12_MutexHandleV9_lockSlowyys6UInt32VF"
#define TRY_LOCK_SLOW "$s15Synchronization12_MutexHandleV12_tryLockSlowSbyF"
#define UNLOCK_SLOW "$s15Synchronization12_MutexHandleV11_unlockSlowyyF"

typedef __attribute__((swiftcall)) void (*LockSlow)(uint32_t, void *__attribute__((swift_context)));
typedef __attribute__((swiftcall)) bool (*TryLockSlow)(void *__attribute__((swift_context)));
typedef __attribute__((swiftcall)) void (*UnlockSlow)(void *__attribute__((swift_context)));

static LockSlow libraryLockSlow;
static TryLockSlow libraryTryLockSlow;
static UnlockSlow libraryUnlockSlow;

// Found once, before main and any other thread.
__attribute__((constructor)) static void findLibrarySlowPaths(void) {
    libraryLockSlow = (LockSlow)dlsym(RTLD_NEXT, LOCK_SLOW);
    libraryTryLockSlow = (TryLockSlow)dlsym(RTLD_NEXT, TRY_LOCK_SLOW);
    libraryUnlockSlow = (UnlockSlow)dlsym(RTLD_NEXT, UNLOCK_SLOW);
    if (!libraryLockSlow || !libraryTryLockSlow || !libraryUnlockSlow) {
        fprintf(stderr, "TSanMutexSupport: Synchronization's Mutex slow paths are not under Swift 6.3's names: "
                        "ThreadSanitizer may report races on what a contended Mutex guards "
                        "(see Tests/TSanMutexSupport/MutexAnnotations.c)\n");
    }
}

__attribute__((swiftcall)) void annotatedLockSlow(uint32_t selfID, void *handle __attribute__((swift_context)))
    __asm__(LOCK_SLOW);
__attribute__((swiftcall)) void annotatedLockSlow(uint32_t selfID, void *handle __attribute__((swift_context))) {
    libraryLockSlow(selfID, handle);
    __tsan_acquire(handle);
}

__attribute__((swiftcall)) bool annotatedTryLockSlow(void *handle __attribute__((swift_context)))
    __asm__(TRY_LOCK_SLOW);
__attribute__((swiftcall)) bool annotatedTryLockSlow(void *handle __attribute__((swift_context))) {
    bool locked = libraryTryLockSlow(handle);
    if (locked) __tsan_acquire(handle);
    return locked;
}

__attribute__((swiftcall)) void annotatedUnlockSlow(void *handle __attribute__((swift_context)))
    __asm__(UNLOCK_SLOW);
__attribute__((swiftcall)) void annotatedUnlockSlow(void *handle __attribute__((swift_context))) {
    __tsan_release(handle);
    libraryUnlockSlow(handle);
}

#endif
