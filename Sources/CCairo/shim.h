// Debian's libcairo2-dev: drawing, the recording surface, and PNG, SVG and PDF output.
#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
