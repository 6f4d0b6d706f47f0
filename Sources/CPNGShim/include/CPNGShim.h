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

/// Checks that the PNG in `data` is whole: the signature, then chunks each with the CRC of its
/// type and data, `IHDR` first, an `IDAT`, and `IEND` last with nothing after it. Decodes
/// nothing. On failure writes a message as `bs_png_read_info` does.
bs_png_status bs_png_check_chunks(const uint8_t *data, size_t size, char *message, size_t message_size);

/// Decodes the PNG in `data` to 8-bit straight RGBA rows (`width * 4` bytes each). On success
/// `*pixels` is a buffer from malloc that the caller frees with `bs_png_free`. Images wider or
/// taller than `max_side` pixels are refused before their pixels are decoded.
bs_png_status bs_png_decode_rgba(const uint8_t *data, size_t size, uint32_t max_side, uint8_t **pixels,
                                 bs_png_info *info, char *message, size_t message_size);

/// How `bs_png_encode` compresses.
typedef struct {
  int zlib_level;      /// 0...9 (zlib) or 0...12 (libdeflate)
  int zlib_strategy;   /// Z_DEFAULT_STRATEGY (0), Z_FILTERED (1), Z_HUFFMAN_ONLY (2), Z_RLE (3); zlib only
  int filters;         /// PNG_FILTER_* bits, or PNG_ALL_FILTERS; zlib only (libdeflate: no filter)
  int libdeflate;      /// 1: compress the image data with libdeflate, unfiltered, in one IDAT chunk
} bs_png_compression;

/// The libdeflate version this shim was compiled against and a fingerprint of the loaded
/// library's output, e.g. "1.14+1a2b3c4d".
const char *bs_deflate_version(void);

/// Encodes rows of `width` pixels. `color_type` is PNG_COLOR_TYPE_RGBA (8-bit straight RGBA
/// rows of `width * 4` bytes) or PNG_COLOR_TYPE_GRAY with `bit_depth` 1 (packed rows of
/// `(width + 7) / 8` bytes, most significant bit first). Writes an sRGB chunk and a pHYs chunk of
/// `pixels_per_meter`, and no time chunk. On success `*png` is a malloc buffer of `*png_size`
/// bytes for `bs_png_free`.
bs_png_status bs_png_encode(const uint8_t *rows, uint32_t width, uint32_t height, int color_type, int bit_depth,
                            uint32_t pixels_per_meter, bs_png_compression compression, uint8_t **png,
                            size_t *png_size, char *message, size_t message_size);

/// Frees a buffer returned by the shim.
void bs_png_free(void *buffer);

#endif
