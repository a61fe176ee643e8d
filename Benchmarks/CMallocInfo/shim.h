// glibc's allocator statistics (mallinfo2), which the Swift Glibc overlay leaves out.
#include <malloc.h>
