#include "CVectorLibraries.h"
#include "CSystemShim.h"

#include <pthread.h>
#include <stdio.h>

static const char *const names[] = {
#if defined(__APPLE__)
    "librsvg-2.2.dylib", "/opt/homebrew/lib/librsvg-2.2.dylib", "/usr/local/lib/librsvg-2.2.dylib",
#else
    "librsvg-2.so.2",
#endif
    NULL};

static struct {
  RsvgHandle *(*new_from_data)(const guint8 *, gsize, GError **);
  void (*set_dpi)(RsvgHandle *, double);
  gboolean (*get_intrinsic_size_in_pixels)(RsvgHandle *, gdouble *, gdouble *);
  void (*get_intrinsic_dimensions)(
      RsvgHandle *, gboolean *, RsvgLength *, gboolean *, RsvgLength *, gboolean *, RsvgRectangle *);
  gboolean (*render_document)(RsvgHandle *, cairo_t *, const RsvgRectangle *, GError **);
  const guint *major, *minor, *micro;
} rsvg;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char failure[512];
static char version[32];

static void load(void) {
  const char *opened = NULL;
  void *library = bs_library_open(names, &opened, failure, sizeof failure);
  if (!library) return;
  const char *missing = NULL;
  rsvg.new_from_data = bs_library_symbol(library, "rsvg_handle_new_from_data", &missing);
  rsvg.set_dpi = bs_library_symbol(library, "rsvg_handle_set_dpi", &missing);
  rsvg.get_intrinsic_size_in_pixels = bs_library_symbol(library, "rsvg_handle_get_intrinsic_size_in_pixels", &missing);
  rsvg.get_intrinsic_dimensions = bs_library_symbol(library, "rsvg_handle_get_intrinsic_dimensions", &missing);
  rsvg.render_document = bs_library_symbol(library, "rsvg_handle_render_document", &missing);
  rsvg.major = bs_library_symbol(library, "rsvg_major_version", &missing);
  rsvg.minor = bs_library_symbol(library, "rsvg_minor_version", &missing);
  rsvg.micro = bs_library_symbol(library, "rsvg_micro_version", &missing);
  if (missing) {
    snprintf(failure, sizeof failure, "%s has no %s (librsvg 2.52 or later is needed)", opened, missing);
    return;
  }
  snprintf(version, sizeof version, "%u.%u.%u", *rsvg.major, *rsvg.minor, *rsvg.micro);
}

const char *bs_rsvg_load(void) {
  pthread_once(&once, load);
  return failure[0] ? failure : NULL;
}

RsvgHandle *bs_rsvg_handle_new_from_data(const guint8 *data, gsize length, GError **error) {
  return rsvg.new_from_data(data, length, error);
}

void bs_rsvg_handle_set_dpi(RsvgHandle *handle, double dpi) { rsvg.set_dpi(handle, dpi); }

gboolean bs_rsvg_handle_get_intrinsic_size_in_pixels(RsvgHandle *handle, gdouble *width, gdouble *height) {
  return rsvg.get_intrinsic_size_in_pixels(handle, width, height);
}

void bs_rsvg_handle_get_intrinsic_dimensions(
    RsvgHandle *handle, gboolean *has_width, RsvgLength *width, gboolean *has_height, RsvgLength *height,
    gboolean *has_viewbox, RsvgRectangle *viewbox) {
  rsvg.get_intrinsic_dimensions(handle, has_width, width, has_height, height, has_viewbox, viewbox);
}

gboolean bs_rsvg_handle_render_document(
    RsvgHandle *handle, cairo_t *context, const RsvgRectangle *viewport, GError **error) {
  return rsvg.render_document(handle, context, viewport, error);
}

const char *bs_rsvg_version(void) { return version; }
