// Debian's libpango1.0-dev; pkg-config pangocairo adds the include folders.
#include <pango/pangocairo.h>
