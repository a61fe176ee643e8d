// Text for the headless UI world: fonts, metrics, layout and break opportunities, over Pango.
// Swift sees plain C types only; every Pango, GLib and fontconfig call is in text.c.
#ifndef REBOUND_TEXT_H
#define REBOUND_TEXT_H

#include <stddef.h>

/// A text engine: a Pango context over a font configuration of its own. Sizes are in points,
/// one point per pixel (no 96-dpi conversion), unhinted, so metrics are the same everywhere.
typedef struct rb_text rb_text;

/// An engine whose fonts are exactly the font files in the `count` folders `fontdirs`; NULL
/// when a folder holds none.
rb_text *rb_text_new(const char *const *fontdirs, int count);
void rb_text_free(rb_text *text);

/// Writes the Pango description ("DejaVu Sans Bold") of the font a UIFont name stands for:
/// a PostScript name ("DejaVuSans-Bold") or a family name ("DejaVu Sans"), in any case.
/// Returns 0, writing nothing, when no font of the engine has that name.
int rb_text_resolve(rb_text *text, const char *name, char *out, size_t size);

/// Writes one line per font of the engine, "family<TAB>PostScript name", for as many as fit in
/// `size` bytes (a line that does not fit is left out); returns how many lines it wrote.
int rb_text_list(rb_text *text, char *out, size_t size);

/// Writes the family of a Pango description ("DejaVu Sans Mono" for "DejaVu Sans Mono Bold").
void rb_text_family(const char *font, char *out, size_t size);

typedef struct rb_font_metrics {
    double ascent;   // above the baseline, positive
    double descent;  // below the baseline, positive
    double height;   // baseline to baseline
} rb_font_metrics;

/// The metrics of font `font` (a Pango description) at `size` points.
void rb_text_metrics(rb_text *text, const char *font, double size, rb_font_metrics *out);

/// How lines wrap: at word boundaries, at characters, or words then characters.
enum { RB_WRAP_WORDS = 0, RB_WRAP_CHARS = 1, RB_WRAP_WORDS_CHARS = 2 };

typedef struct rb_text_size {
    double width;   // the widest kept line's logical width
    double height;  // from the top of the first line to the bottom of the last kept line
    int lines;      // lines kept
    int total;      // lines the text needs at this width
    int fitting;    // kept lines whose bottom is within the room asked about (rich paragraphs)
} rb_text_size;

/// Lays out UTF-8 `utf8` (`length` bytes) in `font` at `size` points, wrapped at `width`
/// (0 or less: unwrapped, lines end only at line breaks), and measures its first `max_lines`
/// lines (0: all).
void rb_text_measure(rb_text *text, const char *utf8, int length, const char *font, double size, double width, int wrap,
                     int max_lines, rb_text_size *out);

/// How text that does not fit is cut: with an ellipsis at its head, in its middle or at its tail.
enum { RB_TRUNCATE_NONE = 0, RB_TRUNCATE_HEAD = 1, RB_TRUNCATE_MIDDLE = 2, RB_TRUNCATE_TAIL = 3 };

/// Draws what rb_text_measure lays out (its first `max_lines` lines, 0: all) into the Cairo
/// context `cairo` (a cairo_t *), the first line's top at y 0, with the context's source;
/// lines are aligned within `width` (0 left, 1 centre, 2 right). With a `truncation` (an
/// RB_TRUNCATE_ value) and one line, each paragraph is one line cut with an ellipsis at
/// `width`; with several, the last of the `max_lines` lines is cut where the text goes on.
void rb_text_draw(rb_text *text, void *cairo, const char *utf8, int length, const char *font, double size, double width,
                  int wrap, int max_lines, int alignment, int truncation);

/// A colour, its components from 0 to 1. An alpha below 0 means none: the run takes the
/// Cairo context's source (text) or draws nothing (backgrounds, lines).
typedef struct rb_text_color {
    double red, green, blue, alpha;
} rb_text_color;

/// Underlines and strikethroughs: none, one line or two.
enum { RB_LINE_NONE = 0, RB_LINE_SINGLE = 1, RB_LINE_DOUBLE = 2 };

/// A run of a rich paragraph: bytes [start, end) of its UTF-8, and how they are set.
typedef struct rb_text_span {
    int start, end;
    const char *font;  // a Pango description, OpenType features after a '#'
    double size;       // points
    rb_text_color color, background, underline_color, strikethrough_color;
    double kern;    // points between characters
    int underline;  // an RB_LINE_ value
    int strikethrough;
    double rise;  // the baseline's offset, up
    // An inline box (an attachment) in place of the run's one character when shape_width > 0:
    // its size, and how far its bottom is above the baseline.
    double shape_width, shape_height, shape_rise;
} rb_text_span;

/// A paragraph of rich text: UTF-8 with no paragraph break inside, its runs in order, and how
/// its lines are set.
typedef struct rb_text_paragraph {
    const char *utf8;
    int length;
    const rb_text_span *spans;
    int span_count;
    const char *font;  // what an empty paragraph's line is measured in
    double size;
    double width;                 // where lines wrap (0 or less: only at line breaks)
    int wrap;                     // an RB_WRAP_ value
    int alignment;                // 0 left, 1 centre, 2 right, 3 justified, 5 justified to its last line
    double indent;                // the first line's indent from the others' (negative: theirs from it)
    double line_spacing;          // points between lines
    double line_height_multiple;  // lines this many times their natural height (0: natural)
    int max_lines;                // 0: all
    int truncation;               // an RB_TRUNCATE_ value, for the last kept line
    double room;                  // the height that `fitting` counts the lines within
} rb_text_paragraph;

/// Measures a rich paragraph as rb_text_measure measures plain text, and counts in `fitting`
/// the kept lines whose bottom is within the paragraph's `room`.
void rb_text_rich_measure(rb_text *text, const rb_text_paragraph *paragraph, rb_text_size *out);

/// A line of a rich paragraph as its width breaks it: how many bytes of its UTF-8 it holds
/// (trailing spaces and a break included), its logical width and height, and its baseline
/// from its top.
typedef struct rb_text_line {
    int bytes;
    double width;
    double height;
    double baseline;
} rb_text_line;

/// Writes a rich paragraph's first `capacity` lines, as its width breaks them, into `lines`,
/// and returns how many it wrote. One layout gives them all (TextKit fills fragments with them).
int rb_text_rich_lines(rb_text *text, const rb_text_paragraph *paragraph, rb_text_line *lines, int capacity);

/// Where each of `count` byte offsets of a rich paragraph's UTF-8 starts along its line: the
/// x of the character there, into `xs`.
void rb_text_rich_positions(rb_text *text, const rb_text_paragraph *paragraph, const int *offsets, int count,
                            double *xs);

/// The glyphs of a rich paragraph's lines in visual order: for each, the byte of its UTF-8
/// where its cluster starts (into `clusters`) and where it is drawn along its line (into
/// `xs`), the first `capacity` of them. Returns how many glyphs there are.
int rb_text_rich_glyphs(rb_text *text, const rb_text_paragraph *paragraph, int *clusters, double *xs, int capacity);

/// Draws a rich paragraph, its top-left at the origin, runs without a colour in the context's
/// source. Writes the box (x, y, width, height) of each span with a shape, in order, into
/// `shapes`, up to `capacity` boxes, for the caller to draw the attachments in.
void rb_text_rich_draw(rb_text *text, void *cairo, const rb_text_paragraph *paragraph, double *shapes, int capacity);

/// Break flags, one entry per character position (characters + 1 entries).
enum {
    RB_BREAK_WORD = 1,       // a word boundary (UAX #29) before this position
    RB_BREAK_CLUSTER = 2,    // a grapheme cluster boundary
    RB_BREAK_MANDATORY = 4,  // a mandatory line break (after a line terminator)
};

/// Fills `flags` for UTF-8 `utf8` (`length` bytes), which has `count - 1` characters.
void rb_text_breaks(const char *utf8, int length, unsigned char *flags, int count);

#endif
