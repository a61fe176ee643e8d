// Pango called straight from Swift: the baseline the text benchmarks compare Rebound's
// measurement with.
#include <pango/pangocairo.h>
