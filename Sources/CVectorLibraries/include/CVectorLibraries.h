#ifndef CVECTORLIBRARIES_H
#define CVECTORLIBRARIES_H

// librsvg (SVG images) and poppler-glib (PDF images), opened the first time an image needs one,
// so that a build, a lint or a no-op that draws no such image does not load them and the many
// libraries they bring (docs/rendering.md). The declarations are the few parts of their stable
// C APIs (librsvg-2.so.2 since 2.52, libpoppler-glib.so.8) that the renderer calls; every other
// function here must be called only after its library's `load` returned NULL.

#include <cairo.h>
#include <glib.h>

/// Opens librsvg once; NULL when it is ready, else why it cannot be used.
const char *bs_rsvg_load(void);

/// A parsed SVG document (a GObject: release it with `g_object_unref`).
typedef struct _RsvgHandle RsvgHandle;

/// A rectangle in user units, as librsvg declares it.
typedef struct {
  double x, y, width, height;
} RsvgRectangle;

/// A CSS length and its unit (an `RsvgUnit`), as librsvg declares it.
typedef struct {
  double length;
  int unit;
} RsvgLength;

RsvgHandle *bs_rsvg_handle_new_from_data(const guint8 *data, gsize length, GError **error);
void bs_rsvg_handle_set_dpi(RsvgHandle *handle, double dpi);
gboolean bs_rsvg_handle_get_intrinsic_size_in_pixels(RsvgHandle *handle, gdouble *width, gdouble *height);
void bs_rsvg_handle_get_intrinsic_dimensions(
    RsvgHandle *handle, gboolean *has_width, RsvgLength *width, gboolean *has_height, RsvgLength *height,
    gboolean *has_viewbox, RsvgRectangle *viewbox);
gboolean bs_rsvg_handle_render_document(
    RsvgHandle *handle, cairo_t *context, const RsvgRectangle *viewport, GError **error);
/// librsvg's version, e.g. `2.54.7`.
const char *bs_rsvg_version(void);

/// Opens poppler-glib once; NULL when it is ready, else why it cannot be used.
const char *bs_poppler_load(void);

/// A PDF document and one of its pages (GObjects: release them with `g_object_unref`).
typedef struct _PopplerDocument PopplerDocument;
typedef struct _PopplerPage PopplerPage;

PopplerDocument *bs_poppler_document_new_from_bytes(GBytes *bytes, const char *password, GError **error);
int bs_poppler_document_get_n_pages(PopplerDocument *document);
PopplerPage *bs_poppler_document_get_page(PopplerDocument *document, int index);
void bs_poppler_page_get_size(PopplerPage *page, double *width, double *height);
void bs_poppler_page_render(PopplerPage *page, cairo_t *context);
/// Whether the first page of `document` uses a font the file does not carry (poppler would ask
/// fontconfig for a stand-in): 1, with its name copied into `name` (at most `size` bytes), else 0.
int bs_poppler_first_page_unembedded_font(PopplerDocument *document, char *name, size_t size);
/// poppler's version, e.g. `22.12.0`.
const char *bs_poppler_version(void);

#endif
