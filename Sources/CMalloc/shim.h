// glibc's malloc: its settings (mallopt, for the window) and statistics (mallinfo2, for
// natter-bench's memory figures).
#include <malloc.h>
