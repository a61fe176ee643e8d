// Pango behind rebound_text.h. One engine holds a font map over a private fontconfig
// configuration, a context set for unhinted point-per-pixel metrics, one reusable layout, and
// parsed font descriptions by name.
#include "text_private.h"
#include <pango/pangofc-fontmap.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

rb_text *rb_text_new(const char *const *fontdirs, int count) {
    FcConfig *config = FcConfigCreate();
    if (config == NULL)
        return NULL;
    // Only a cache folder comes from outside: the user's, as fontconfig itself would use.
    static const char settings[] = "<fontconfig><cachedir prefix=\"xdg\">fontconfig</cachedir></fontconfig>";
    FcConfigParseAndLoadFromMemory(config, (const FcChar8 *)settings, FcFalse);
    for (int i = 0; i < count; i++) {
        FcFontSet *set = FcConfigGetFonts(config, FcSetApplication);
        int before = set != NULL ? set->nfont : 0;
        if (!FcConfigAppFontAddDir(config, (const FcChar8 *)fontdirs[i]) ||
            (set = FcConfigGetFonts(config, FcSetApplication)) == NULL || set->nfont == before) {
            FcConfigDestroy(config);
            return NULL;
        }
    }
    rb_text *text = g_new0(rb_text, 1);
    text->config = config;
    text->fontmap = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
    pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(text->fontmap), config);
    text->context = pango_font_map_create_context(text->fontmap);
    cairo_font_options_t *options = cairo_font_options_create();
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    pango_cairo_context_set_font_options(text->context, options);
    cairo_font_options_destroy(options);
    pango_cairo_context_set_resolution(text->context, 72);
    pango_context_set_round_glyph_positions(text->context, FALSE);
    pango_context_set_language(text->context, pango_language_from_string("und"));
    text->layout = pango_layout_new(text->context);
    text->fonts = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, (GDestroyNotify)pango_font_description_free);
    return text;
}

void rb_text_free(rb_text *text) {
    if (text == NULL)
        return;
    g_hash_table_destroy(text->fonts);
    g_object_unref(text->layout);
    g_object_unref(text->context);
    // The map does not give its configuration back when it goes: take it back first.
    pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(text->fontmap), NULL);
    g_object_unref(text->fontmap);
    FcConfigDestroy(text->config);
    g_free(text);
}

// The first font of the engine whose `object` is `name`, as a new pattern, or NULL.
static FcPattern *rb_find(rb_text *text, const char *object, const char *name) {
    FcPattern *pattern = FcPatternBuild(NULL, object, FcTypeString, name, (char *)NULL);
    FcObjectSet *objects = FcObjectSetBuild(FC_FAMILY, FC_STYLE, FC_WEIGHT, FC_SLANT, FC_WIDTH, (char *)NULL);
    FcFontSet *found = FcFontList(text->config, pattern, objects);
    FcPattern *result = NULL;
    if (found != NULL && found->nfont > 0) {
        // Prefer the regular face when a family name matched several.
        int best = 0;
        for (int i = 0; i < found->nfont; i++) {
            int weight = 0, slant = 0;
            FcPatternGetInteger(found->fonts[i], FC_WEIGHT, 0, &weight);
            FcPatternGetInteger(found->fonts[i], FC_SLANT, 0, &slant);
            if (weight == FC_WEIGHT_REGULAR && slant == FC_SLANT_ROMAN) {
                best = i;
                break;
            }
        }
        result = FcPatternDuplicate(found->fonts[best]);
    }
    if (found != NULL)
        FcFontSetDestroy(found);
    FcObjectSetDestroy(objects);
    FcPatternDestroy(pattern);
    return result;
}

int rb_text_resolve(rb_text *text, const char *name, char *out, size_t size) {
    FcPattern *font = rb_find(text, FC_POSTSCRIPT_NAME, name);
    if (font == NULL)
        font = rb_find(text, FC_FAMILY, name);
    if (font == NULL)
        return 0;
    PangoFontDescription *description = pango_fc_font_description_from_pattern(font, FALSE);
    char *string = pango_font_description_to_string(description);
    g_strlcpy(out, string, size);
    g_free(string);
    pango_font_description_free(description);
    FcPatternDestroy(font);
    return 1;
}

int rb_text_list(rb_text *text, char *out, size_t size) {
    FcFontSet *set = FcConfigGetFonts(text->config, FcSetApplication);
    size_t used = 0;
    int lines = 0;
    if (size > 0)
        out[0] = '\0';
    for (int i = 0; set != NULL && i < set->nfont; i++) {
        FcChar8 *family = NULL, *postscript = NULL;
        if (FcPatternGetString(set->fonts[i], FC_FAMILY, 0, &family) != FcResultMatch ||
            FcPatternGetString(set->fonts[i], FC_POSTSCRIPT_NAME, 0, &postscript) != FcResultMatch)
            continue;
        size_t length = strlen((const char *)family) + strlen((const char *)postscript) + 2;
        if (used + length + 1 > size)
            break;
        used += (size_t)snprintf(out + used, size - used, "%s\t%s\n", family, postscript);
        lines++;
    }
    return lines;
}

void rb_text_family(const char *font, char *out, size_t size) {
    PangoFontDescription *description = pango_font_description_from_string(font);
    const char *family = pango_font_description_get_family(description);
    g_strlcpy(out, family ? family : "", size);
    pango_font_description_free(description);
}

PangoFontDescription *rb_font(rb_text *text, const char *font, double size) {
    PangoFontDescription *description = g_hash_table_lookup(text->fonts, font);
    if (description == NULL) {
        const char *features = strchr(font, '#');
        char *face = features ? g_strndup(font, (gsize)(features - font)) : g_strdup(font);
        description = pango_font_description_from_string(face);
        g_free(face);
        g_hash_table_insert(text->fonts, g_strdup(font), description);
    }
    pango_font_description_set_absolute_size(description, size * PANGO_SCALE);
    return description;
}

void rb_text_metrics(rb_text *text, const char *font, double size, rb_font_metrics *out) {
    PangoFontMetrics *metrics = pango_context_get_metrics(text->context, rb_font(text, font, size), NULL);
    out->ascent = (double)pango_font_metrics_get_ascent(metrics) / PANGO_SCALE;
    out->descent = (double)pango_font_metrics_get_descent(metrics) / PANGO_SCALE;
    out->height = (double)pango_font_metrics_get_height(metrics) / PANGO_SCALE;
    pango_font_metrics_unref(metrics);
}

// The engine's one layout, set to `utf8` in `font` at `size`, wrapped at `width` (none when 0).
static PangoLayout *rb_layout(rb_text *text, const char *utf8, int length, const char *font, double size, double width,
                              int wrap) {
    PangoLayout *layout = text->layout;
    pango_layout_set_font_description(layout, rb_font(text, font, size));
    // "Inter Medium#tnum=1": the font's tabular figures, as UIFont's monospaced digits. Pango
    // 1.50's descriptions have no features, so they go on the layout as an attribute.
    const char *features = strchr(font, '#');
    if (features != NULL) {
        PangoAttrList *attributes = pango_attr_list_new();
        pango_attr_list_insert(attributes, pango_attr_font_features_new(features + 1));
        pango_layout_set_attributes(layout, attributes);
        pango_attr_list_unref(attributes);
    } else if (pango_layout_get_attributes(layout) != NULL) {
        pango_layout_set_attributes(layout, NULL);
    }
    pango_layout_set_text(layout, utf8, length);
    // Casting a double past INT_MAX is undefined: a view millions of points wide wraps nowhere.
    pango_layout_set_width(layout, width > 0 ? (int)fmin(width * PANGO_SCALE, INT_MAX) : -1);
    pango_layout_set_wrap(layout, rb_wrap(wrap));
    return layout;
}

PangoWrapMode rb_wrap(int wrap) {
    return wrap == RB_WRAP_CHARS      ? PANGO_WRAP_CHAR
        : wrap == RB_WRAP_WORDS_CHARS ? PANGO_WRAP_WORD_CHAR
                                      : PANGO_WRAP_WORD;
}

PangoEllipsizeMode rb_ellipsize(int truncation) {
    return truncation == RB_TRUNCATE_HEAD  ? PANGO_ELLIPSIZE_START
        : truncation == RB_TRUNCATE_MIDDLE ? PANGO_ELLIPSIZE_MIDDLE
        : truncation == RB_TRUNCATE_TAIL   ? PANGO_ELLIPSIZE_END
                                           : PANGO_ELLIPSIZE_NONE;
}

double rb_safe_scale(const char *utf8, int length, double size) {
    double reach = (double)g_utf8_strlen(utf8, length) * size * 3 * PANGO_SCALE;
    double room = (double)INT_MAX / 2;
    return reach > room ? room / reach : 1;
}

void rb_measure_lines(PangoLayout *layout, int max_lines, double scale, double room, rb_text_size *out) {
    int total = pango_layout_get_line_count(layout);
    int keep = max_lines > 0 && max_lines < total ? max_lines : total;
    int widest = 0, bottom = 0, fitting = 0;
    // The first line is indented by a positive indent, the others by a negative one.
    int indent = pango_layout_get_indent(layout);
    PangoLayoutIter *iter = pango_layout_get_iter(layout);
    for (int line = 0; line < keep; line++) {
        PangoRectangle logical;
        pango_layout_iter_get_line_extents(iter, NULL, &logical);
        widest = MAX(widest, logical.width + (line == 0 ? MAX(indent, 0) : MAX(-indent, 0)));
        bottom = logical.y + logical.height;
        if ((double)bottom / PANGO_SCALE / scale <= room)
            fitting++;
        if (!pango_layout_iter_next_line(iter))
            break;
    }
    pango_layout_iter_free(iter);
    out->width = (double)widest / PANGO_SCALE / scale;
    out->height = (double)bottom / PANGO_SCALE / scale;
    out->lines = keep;
    out->total = total;
    out->fitting = fitting;
}

int rb_units(double points) { return (int)lround(fmax(fmin(points * PANGO_SCALE, INT_MAX / 2), -(INT_MAX / 2))); }

void rb_show_lines(cairo_t *cr, PangoLayout *layout, int max_lines, int truncation, double scale) {
    pango_layout_set_ellipsize(layout, rb_ellipsize(truncation));
    // Several lines: the last one kept is the one truncated (a negative height counts lines).
    if (truncation != RB_TRUNCATE_NONE && max_lines > 1)
        pango_layout_set_height(layout, -max_lines);
    int total = pango_layout_get_line_count(layout);
    int keep = max_lines > 0 && max_lines < total ? max_lines : total;
    cairo_save(cr);
    cairo_scale(cr, 1 / scale, 1 / scale);
    PangoLayoutIter *iter = pango_layout_get_iter(layout);
    for (int line = 0; line < keep; line++) {
        PangoRectangle logical;
        pango_layout_iter_get_line_extents(iter, NULL, &logical);
        cairo_move_to(cr, (double)logical.x / PANGO_SCALE, (double)pango_layout_iter_get_baseline(iter) / PANGO_SCALE);
        pango_cairo_show_layout_line(cr, pango_layout_iter_get_line_readonly(iter));
        if (!pango_layout_iter_next_line(iter))
            break;
    }
    pango_layout_iter_free(iter);
    cairo_restore(cr);
}

void rb_text_measure(rb_text *text, const char *utf8, int length, const char *font, double size, double width, int wrap,
                     int max_lines, rb_text_size *out) {
    double scale = rb_safe_scale(utf8, length, size);
    PangoLayout *layout = rb_layout(text, utf8, length, font, size * scale, width * scale, wrap);
    rb_measure_lines(layout, max_lines, scale, INFINITY, out);
}

void rb_text_draw(rb_text *text, void *cairo, const char *utf8, int length, const char *font, double size, double width,
                  int wrap, int max_lines, int alignment, int truncation) {
    double scale = rb_safe_scale(utf8, length, size);
    PangoLayout *layout = rb_layout(text, utf8, length, font, size * scale, width * scale, wrap);
    pango_layout_set_alignment(layout, rb_alignment(alignment));
    rb_show_lines(cairo, layout, max_lines, truncation, scale);
    // The measuring calls expect the defaults back.
    pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT);
    pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_NONE);
    pango_layout_set_height(layout, -1);
}

PangoAlignment rb_alignment(int alignment) {
    return alignment == 1 ? PANGO_ALIGN_CENTER : alignment == 2 ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT;
}

void rb_text_breaks(const char *utf8, int length, unsigned char *flags, int count) {
    PangoLogAttr *attrs = g_new(PangoLogAttr, count);
    pango_get_log_attrs(utf8, length, -1, pango_language_from_string("und"), attrs, count);
    for (int i = 0; i < count; i++) {
        flags[i] = (unsigned char)((attrs[i].is_word_boundary ? RB_BREAK_WORD : 0) |
                                   (attrs[i].is_cursor_position ? RB_BREAK_CLUSTER : 0) |
                                   (attrs[i].is_mandatory_break ? RB_BREAK_MANDATORY : 0));
    }
    g_free(attrs);
}
