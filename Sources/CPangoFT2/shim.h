// Pango's fontconfig font map, to give it a font configuration of its own.
#include <pango/pangofc-fontmap.h>
#include <fontconfig/fontconfig.h>
