// A time(2) that always answers the same second, for counting instructions repeatably.
#ifndef REBOUND_FIXED_TIME_H
#define REBOUND_FIXED_TIME_H
#include <time.h>

time_t time(time_t *out);

#endif
