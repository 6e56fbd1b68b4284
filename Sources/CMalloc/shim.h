// glibc's malloc statistics (mallinfo2), for natter-bench's memory figures.
#include <malloc.h>
