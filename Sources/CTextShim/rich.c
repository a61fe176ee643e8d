// Rich paragraphs: runs of fonts, colours, lines, kerning and inline boxes, set by Pango as
// one layout with an attribute list.
#include "text_private.h"
#include <limits.h>
#include <math.h>
#include <string.h>

static guint16 rb_channel(double value) { return (guint16)lround(fmin(fmax(value, 0), 1) * 65535); }

// Pango reads an alpha of 0 as "unset": the faintest it can draw stands for clear.
static guint16 rb_alpha(double value) {
    guint16 alpha = rb_channel(value);
    return alpha > 0 ? alpha : 1;
}

static void rb_insert(PangoAttrList *list, PangoAttribute *attribute, const rb_text_span *span) {
    attribute->start_index = (guint)span->start;
    attribute->end_index = (guint)span->end;
    pango_attr_list_insert(list, attribute);
}

static void rb_insert_color(PangoAttrList *list, rb_text_color color, const rb_text_span *span,
                            PangoAttribute *(*make)(guint16, guint16, guint16), PangoAttribute *(*alpha)(guint16)) {
    if (color.alpha < 0)
        return;
    rb_insert(list, make(rb_channel(color.red), rb_channel(color.green), rb_channel(color.blue)), span);
    if (alpha != NULL && color.alpha < 1)
        rb_insert(list, alpha(rb_alpha(color.alpha)), span);
}

static PangoUnderline rb_underline(int line) {
    return line == RB_LINE_DOUBLE ? PANGO_UNDERLINE_DOUBLE
        : line == RB_LINE_SINGLE  ? PANGO_UNDERLINE_SINGLE
                                  : PANGO_UNDERLINE_NONE;
}

// The attributes of one span of `paragraph`, at `scale` (see rb_safe_scale). A span in the
// paragraph's own font needs no font of its own: fewer attributes, fewer font comparisons.
static void rb_insert_span(rb_text *text, PangoAttrList *list, const rb_text_paragraph *paragraph,
                           const rb_text_span *span, double scale) {
    if (span->size != paragraph->size || strcmp(span->font, paragraph->font) != 0)
        rb_insert(list, pango_attr_font_desc_new(rb_font(text, span->font, span->size * scale)), span);
    const char *features = strchr(span->font, '#');
    if (features != NULL)
        rb_insert(list, pango_attr_font_features_new(features + 1), span);
    rb_insert_color(list, span->color, span, pango_attr_foreground_new, pango_attr_foreground_alpha_new);
    rb_insert_color(list, span->background, span, pango_attr_background_new, pango_attr_background_alpha_new);
    if (span->kern != 0)
        rb_insert(list, pango_attr_letter_spacing_new(rb_units(span->kern * scale)), span);
    if (span->underline != RB_LINE_NONE) {
        rb_insert(list, pango_attr_underline_new(rb_underline(span->underline)), span);
        rb_insert_color(list, span->underline_color, span, pango_attr_underline_color_new, NULL);
    }
    if (span->strikethrough != RB_LINE_NONE) {
        rb_insert(list, pango_attr_strikethrough_new(TRUE), span);
        rb_insert_color(list, span->strikethrough_color, span, pango_attr_strikethrough_color_new, NULL);
    }
    if (span->rise != 0)
        rb_insert(list, pango_attr_rise_new(rb_units(span->rise * scale)), span);
    if (span->shape_width > 0) {
        PangoRectangle box = {0, rb_units(-(span->shape_height + span->shape_rise) * scale),
                              rb_units(span->shape_width * scale), rb_units(span->shape_height * scale)};
        rb_insert(list, pango_attr_shape_new(&box, &box), span);
    }
}

// The engine's layout set to the paragraph at `scale`. The caller restores the defaults.
static PangoLayout *rb_rich_layout(rb_text *text, const rb_text_paragraph *paragraph, double scale) {
    PangoLayout *layout = text->layout;
    pango_layout_set_font_description(layout, rb_font(text, paragraph->font, paragraph->size * scale));
    PangoAttrList *list = pango_attr_list_new();
    for (int i = 0; i < paragraph->span_count; i++)
        rb_insert_span(text, list, paragraph, &paragraph->spans[i], scale);
    if (paragraph->line_height_multiple > 0)
        pango_attr_list_insert(list, pango_attr_line_height_new(paragraph->line_height_multiple));
    pango_layout_set_attributes(layout, list);
    pango_attr_list_unref(list);
    pango_layout_set_text(layout, paragraph->utf8, paragraph->length);
    double width = paragraph->width * scale;
    pango_layout_set_width(layout, width > 0 ? (int)fmin(width * PANGO_SCALE, INT_MAX) : -1);
    pango_layout_set_wrap(layout, rb_wrap(paragraph->wrap));
    pango_layout_set_indent(layout, rb_units(paragraph->indent * scale));
    pango_layout_set_spacing(layout, rb_units(paragraph->line_spacing * scale));
    pango_layout_set_alignment(layout, rb_alignment(paragraph->alignment));
    pango_layout_set_justify(layout, paragraph->alignment == 3 || paragraph->alignment == 5);
    pango_layout_set_justify_last_line(layout, paragraph->alignment == 5);
    return layout;
}

static void rb_rich_restore(PangoLayout *layout) {
    pango_layout_set_attributes(layout, NULL);
    pango_layout_set_indent(layout, 0);
    pango_layout_set_spacing(layout, 0);
    pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT);
    pango_layout_set_justify(layout, FALSE);
    pango_layout_set_justify_last_line(layout, FALSE);
    pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_NONE);
    pango_layout_set_height(layout, -1);
}

// The scale that keeps the paragraph's reach within Pango's ints (see rb_safe_scale): a kern
// and an inline box widen a character as a size of a third of them would.
static double rb_rich_scale(const rb_text_paragraph *paragraph) {
    double largest = paragraph->size;
    for (int i = 0; i < paragraph->span_count; i++) {
        const rb_text_span *span = &paragraph->spans[i];
        largest = fmax(largest, span->size + (fabs(span->kern) + fmax(span->shape_width, 0)) / 3);
    }
    return rb_safe_scale(paragraph->utf8, paragraph->length, largest);
}

void rb_text_rich_measure(rb_text *text, const rb_text_paragraph *paragraph, rb_text_size *out) {
    double scale = rb_rich_scale(paragraph);
    PangoLayout *layout = rb_rich_layout(text, paragraph, scale);
    rb_measure_lines(layout, paragraph->max_lines, scale, paragraph->room, out);
    rb_rich_restore(layout);
}

int rb_text_rich_lines(rb_text *text, const rb_text_paragraph *paragraph, rb_text_line *lines, int capacity) {
    if (capacity <= 0)
        return 0;
    double scale = rb_rich_scale(paragraph);
    PangoLayout *layout = rb_rich_layout(text, paragraph, scale);
    PangoLayoutIter *iter = pango_layout_get_iter(layout);
    int count = 0;
    do {
        PangoRectangle logical;
        pango_layout_iter_get_line_extents(iter, NULL, &logical);
        rb_text_line *line = &lines[count++];
        // The line's logical start for now (the iterator's index is its visual start, the end
        // of a right-to-left line); made its length below.
        line->bytes = pango_layout_iter_get_line_readonly(iter)->start_index;
        line->width = (double)logical.width / PANGO_SCALE / scale;
        line->height = (double)logical.height / PANGO_SCALE / scale;
        line->baseline = (double)(pango_layout_iter_get_baseline(iter) - logical.y) / PANGO_SCALE / scale;
    } while (count < capacity && pango_layout_iter_next_line(iter));
    // A line's length runs to the next line's start, so that it holds the break that ends it.
    int next = count < capacity || !pango_layout_iter_next_line(iter)
        ? paragraph->length
        : pango_layout_iter_get_line_readonly(iter)->start_index;
    for (int i = count - 1; i >= 0; i--) {
        int start = lines[i].bytes;
        lines[i].bytes = next - start;
        next = start;
    }
    pango_layout_iter_free(iter);
    rb_rich_restore(layout);
    return count;
}

void rb_text_rich_positions(rb_text *text, const rb_text_paragraph *paragraph, const int *offsets, int count,
                            double *xs) {
    double scale = rb_rich_scale(paragraph);
    PangoLayout *layout = rb_rich_layout(text, paragraph, scale);
    for (int i = 0; i < count; i++) {
        int offset = offsets[i] < 0 ? 0 : offsets[i] > paragraph->length ? paragraph->length : offsets[i];
        PangoRectangle place;
        pango_layout_index_to_pos(layout, offset, &place);
        xs[i] = (double)place.x / PANGO_SCALE / scale;
    }
    rb_rich_restore(layout);
}

int rb_text_rich_glyphs(rb_text *text, const rb_text_paragraph *paragraph, int *clusters, double *xs, int capacity) {
    double scale = rb_rich_scale(paragraph);
    PangoLayout *layout = rb_rich_layout(text, paragraph, scale);
    PangoLayoutIter *iter = pango_layout_get_iter(layout);
    int count = 0;
    do {
        PangoLayoutRun *run = pango_layout_iter_get_run_readonly(iter);
        if (run == NULL)
            continue;
        PangoRectangle extents;
        pango_layout_iter_get_run_extents(iter, NULL, &extents);
        int x = extents.x;
        for (int i = 0; i < run->glyphs->num_glyphs; i++, count++) {
            if (count < capacity) {
                clusters[count] = run->item->offset + run->glyphs->log_clusters[i];
                xs[count] = (double)(x + run->glyphs->glyphs[i].geometry.x_offset) / PANGO_SCALE / scale;
            }
            x += run->glyphs->glyphs[i].geometry.width;
        }
    } while (pango_layout_iter_next_run(iter));
    pango_layout_iter_free(iter);
    rb_rich_restore(layout);
    return count;
}

// Writes the box of each span with a shape, as laid out, into `shapes`.
static void rb_shape_boxes(PangoLayout *layout, const rb_text_paragraph *paragraph, double scale, double *shapes,
                           int capacity) {
    int found = 0;
    for (int i = 0; i < paragraph->span_count && found < capacity; i++) {
        const rb_text_span *span = &paragraph->spans[i];
        if (span->shape_width <= 0)
            continue;
        PangoRectangle place;
        pango_layout_index_to_pos(layout, span->start, &place);
        int line = 0, x = 0;
        pango_layout_index_to_line_x(layout, span->start, FALSE, &line, &x);
        PangoLayoutIter *iter = pango_layout_get_iter(layout);
        for (int at = 0; at < line && pango_layout_iter_next_line(iter); at++) {}
        double baseline = (double)pango_layout_iter_get_baseline(iter) / PANGO_SCALE / scale;
        pango_layout_iter_free(iter);
        double *box = &shapes[found * 4];
        box[0] = (double)place.x / PANGO_SCALE / scale;
        box[1] = baseline - span->shape_rise - span->shape_height;
        box[2] = span->shape_width;
        box[3] = span->shape_height;
        found++;
    }
}

void rb_text_rich_draw(rb_text *text, void *cairo, const rb_text_paragraph *paragraph, double *shapes, int capacity) {
    double scale = rb_rich_scale(paragraph);
    PangoLayout *layout = rb_rich_layout(text, paragraph, scale);
    rb_show_lines(cairo, layout, paragraph->max_lines, paragraph->truncation, scale);
    rb_shape_boxes(layout, paragraph, scale, shapes, capacity);
    rb_rich_restore(layout);
}
