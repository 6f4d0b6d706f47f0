#ifndef CPNGSHIM_H
#define CPNGSHIM_H

#include <stddef.h>
#include <stdint.h>

/// Header facts of a PNG image.
typedef struct {
  uint32_t width;
  uint32_t height;
  int bit_depth;
  int color_type;
} bs_png_info;

/// Status of every shim call: 0 on success, non-zero with a message on failure.
typedef enum {
  BS_PNG_OK = 0,
  BS_PNG_NOT_PNG = 1,
  BS_PNG_LIBPNG_ERROR = 2,
  BS_PNG_OUT_OF_MEMORY = 3,
} bs_png_status;

/// The libpng version this shim was linked against, e.g. "1.6.39".
const char *bs_png_version(void);

/// Reads the header of the PNG in `data`. On failure writes a message of at most
/// `message_size` bytes (NUL-terminated) into `message`. libpng's longjmp never leaves C.
bs_png_status bs_png_read_info(const uint8_t *data, size_t size, bs_png_info *info,
                               char *message, size_t message_size);

#endif
