// TSanMutexSupport exports nothing to import: linked into the test binary, it shows
// ThreadSanitizer the locking that Synchronization.Mutex does out of its sight (see
// MutexAnnotations.c). In a build without ThreadSanitizer it is empty.
