#include "CVectorLibraries.h"
#include "CSystemShim.h"

#include <pthread.h>
#include <stdio.h>

static const char *const names[] = {
#if defined(__APPLE__)
    "libpoppler-glib.8.dylib", "/opt/homebrew/lib/libpoppler-glib.8.dylib", "/usr/local/lib/libpoppler-glib.8.dylib",
#else
    "libpoppler-glib.so.8",
#endif
    NULL};

static struct {
  PopplerDocument *(*document_new_from_bytes)(GBytes *, const char *, GError **);
  int (*document_get_n_pages)(PopplerDocument *);
  PopplerPage *(*document_get_page)(PopplerDocument *, int);
  void (*page_get_size)(PopplerPage *, double *, double *);
  void (*page_render)(PopplerPage *, cairo_t *);
  const char *(*get_version)(void);
  void *(*font_info_new)(PopplerDocument *);
  gboolean (*font_info_scan)(void *, int, void **);
  void (*font_info_free)(void *);
  gboolean (*fonts_iter_next)(void *);
  gboolean (*fonts_iter_is_embedded)(void *);
  const char *(*fonts_iter_get_name)(void *);
  void (*fonts_iter_free)(void *);
} poppler;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char failure[512];

static void load(void) {
  const char *opened = NULL;
  void *library = bs_library_open(names, &opened, failure, sizeof failure);
  if (!library) return;
  const char *missing = NULL;
  poppler.document_new_from_bytes = bs_library_symbol(library, "poppler_document_new_from_bytes", &missing);
  poppler.document_get_n_pages = bs_library_symbol(library, "poppler_document_get_n_pages", &missing);
  poppler.document_get_page = bs_library_symbol(library, "poppler_document_get_page", &missing);
  poppler.page_get_size = bs_library_symbol(library, "poppler_page_get_size", &missing);
  poppler.page_render = bs_library_symbol(library, "poppler_page_render", &missing);
  poppler.get_version = bs_library_symbol(library, "poppler_get_version", &missing);
  poppler.font_info_new = bs_library_symbol(library, "poppler_font_info_new", &missing);
  poppler.font_info_scan = bs_library_symbol(library, "poppler_font_info_scan", &missing);
  poppler.font_info_free = bs_library_symbol(library, "poppler_font_info_free", &missing);
  poppler.fonts_iter_next = bs_library_symbol(library, "poppler_fonts_iter_next", &missing);
  poppler.fonts_iter_is_embedded = bs_library_symbol(library, "poppler_fonts_iter_is_embedded", &missing);
  poppler.fonts_iter_get_name = bs_library_symbol(library, "poppler_fonts_iter_get_name", &missing);
  poppler.fonts_iter_free = bs_library_symbol(library, "poppler_fonts_iter_free", &missing);
  if (missing) snprintf(failure, sizeof failure, "%s has no %s", opened, missing);
}

const char *bs_poppler_load(void) {
  pthread_once(&once, load);
  return failure[0] ? failure : NULL;
}

PopplerDocument *bs_poppler_document_new_from_bytes(GBytes *bytes, const char *password, GError **error) {
  return poppler.document_new_from_bytes(bytes, password, error);
}

int bs_poppler_document_get_n_pages(PopplerDocument *document) { return poppler.document_get_n_pages(document); }

PopplerPage *bs_poppler_document_get_page(PopplerDocument *document, int index) {
  return poppler.document_get_page(document, index);
}

void bs_poppler_page_get_size(PopplerPage *page, double *width, double *height) {
  poppler.page_get_size(page, width, height);
}

void bs_poppler_page_render(PopplerPage *page, cairo_t *context) { poppler.page_render(page, context); }

const char *bs_poppler_version(void) { return poppler.get_version(); }

int bs_poppler_first_page_unembedded_font(PopplerDocument *document, char *name, size_t size) {
  void *info = poppler.font_info_new(document);
  if (!info) return 0;
  void *iter = NULL;
  int found = 0;
  // Scans the next page, the first: the only one drawn.
  if (poppler.font_info_scan(info, 1, &iter) && iter) {
    do {
      if (!poppler.fonts_iter_is_embedded(iter)) {
        const char *font = poppler.fonts_iter_get_name(iter);
        snprintf(name, size, "%s", font ? font : "(unnamed)");
        found = 1;
        break;
      }
    } while (poppler.fonts_iter_next(iter));
    poppler.fonts_iter_free(iter);
  }
  poppler.font_info_free(info);
  return found;
}
