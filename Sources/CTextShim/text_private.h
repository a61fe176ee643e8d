// What text.c shares with rich.c: the engine's fields and its font and scaling helpers.
#ifndef REBOUND_TEXT_PRIVATE_H
#define REBOUND_TEXT_PRIVATE_H

#include "rebound_text.h"
#include <fontconfig/fontconfig.h>
#include <pango/pangocairo.h>

struct rb_text {
    FcConfig *config;
    PangoFontMap *fontmap;
    PangoContext *context;
    PangoLayout *layout;
    GHashTable *fonts;  // description string -> PangoFontDescription
};

// The parsed description of `font` at `size` points; owned by the engine. What follows a '#'
// in `font` is OpenType features (see rb_layout), not part of the description.
PangoFontDescription *rb_font(rb_text *text, const char *font, double size);

// Pango measures in ints of 1/1024 point, so a line or a layout past about two million points
// overflows (a million characters measured 0 wide). A text that might reach that is laid out at
// a smaller size, with its width scaled alike, and its extents scaled back: unhinted metrics
// scale linearly, so the lines break at the same places (to Pango's rounding). What it might
// reach is taken as 3 em a character (few glyphs advance more) or a line, with room to spare.
double rb_safe_scale(const char *utf8, int length, double size);

// Pango's wrap and ellipsize modes for RB_WRAP_ and RB_TRUNCATE_ values.
PangoWrapMode rb_wrap(int wrap);
PangoEllipsizeMode rb_ellipsize(int truncation);
// Pango's alignment for 0 (left), 1 (centre) and 2 (right).
PangoAlignment rb_alignment(int alignment);

// Measures the first `max_lines` lines (0: all) of a layout set at `scale`, counting those whose
// bottom is within `room` points.
void rb_measure_lines(PangoLayout *layout, int max_lines, double scale, double room, rb_text_size *out);

// Points as Pango units, held to what an int holds: a script's or a document's length may be
// any finite number.
int rb_units(double points);

// Draws the first `max_lines` lines (0: all) of a layout set at `scale`, the first line's top
// at y 0, the last kept cut as `truncation` says. The caller restores the layout's defaults.
void rb_show_lines(cairo_t *cr, PangoLayout *layout, int max_lines, int truncation, double scale);

#endif
