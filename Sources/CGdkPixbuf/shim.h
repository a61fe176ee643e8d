// Debian's libgdk-pixbuf-2.0-dev: reads PNG and JPEG files.
#include <gdk-pixbuf/gdk-pixbuf.h>
