#include "CPNGShim.h"

#include <libdeflate.h>
#include <png.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The most libpng may allocate for one ancillary chunk (a text chunk, inflated or not). */
#define BS_PNG_CHUNK_MALLOC_MAX (8u << 20)

typedef struct {
  const uint8_t *data;
  size_t size;
  size_t offset;
  char *message;
  size_t message_size;
} bs_reader;

static void bs_set_message(bs_reader *reader, const char *text) {
  if (reader->message != NULL && reader->message_size > 0) {
    snprintf(reader->message, reader->message_size, "%s", text);
  }
}

static void bs_error(png_structp png, png_const_charp text) {
  bs_set_message((bs_reader *)png_get_error_ptr(png), text);
  png_longjmp(png, 1);
}

static void bs_warning(png_structp png, png_const_charp text) {
  (void)png;
  (void)text;
}

static void bs_read(png_structp png, png_bytep out, png_size_t length) {
  bs_reader *reader = (bs_reader *)png_get_io_ptr(png);
  if (length > reader->size - reader->offset) {
    png_error(png, "the file ends before the image does (truncated PNG)");
  }
  memcpy(out, reader->data + reader->offset, length);
  reader->offset += length;
}

/* Bounds what a small file can make libpng allocate: a text or other ancillary chunk that
 * declares (or inflates to) gigabytes is refused, and so are files with thousands of them. */
static void bs_set_read_limits(png_structp png) {
  png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
  png_set_chunk_malloc_max(png, BS_PNG_CHUNK_MALLOC_MAX);
  png_set_chunk_cache_max(png, 1000);
  /* Text chunks are never used: skip them unread rather than inflate them. */
  static const png_byte text_chunks[] = {'t', 'E', 'X', 't', '\0', 'z', 'T', 'X', 't', '\0', 'i', 'T', 'X', 't', '\0'};
  png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, text_chunks, 3);
}

/* Walks the chunks of a PNG held in memory, from its signature on. A chunk that declares more
 * bytes than the rest of the file holds is damage, refused before libpng allocates what it
 * declares (a 44-byte file whose text chunk says 2 GB). With `whole`, the file must also be
 * complete: each chunk's CRC right, IHDR first, an IDAT, and IEND last with nothing after it.
 * Returns 0 and sets `message` for a file refused. */
static int bs_walk_chunks(const uint8_t *data, size_t size, int whole, char *message, size_t message_size) {
  size_t offset = 8;
  int chunks = 0, image_data = 0;
  while (offset + 8 <= size) {
    const uint8_t *chunk = data + offset;
    uint32_t length = ((uint32_t)chunk[0] << 24) | ((uint32_t)chunk[1] << 16) | ((uint32_t)chunk[2] << 8) | chunk[3];
    if ((size_t)length + 4 > size - offset - 8) {
      snprintf(message, message_size, "chunk '%c%c%c%c' declares %u bytes, more than the file holds", chunk[4],
               chunk[5], chunk[6], chunk[7], length);
      return 0;
    }
    if (whole) {
      const uint8_t *stored = chunk + 8 + length;
      uint32_t crc = ((uint32_t)stored[0] << 24) | ((uint32_t)stored[1] << 16) | ((uint32_t)stored[2] << 8) | stored[3];
      if (libdeflate_crc32(0, chunk + 4, (size_t)length + 4) != crc) {
        snprintf(message, message_size, "chunk '%c%c%c%c' has a bad CRC", chunk[4], chunk[5], chunk[6], chunk[7]);
        return 0;
      }
      if (chunks == 0 && memcmp(chunk + 4, "IHDR", 4) != 0) {
        snprintf(message, message_size, "the first chunk is not IHDR");
        return 0;
      }
    }
    chunks += 1;
    offset += 12 + (size_t)length;
    if (memcmp(chunk + 4, "IDAT", 4) == 0) image_data = 1;
    if (memcmp(chunk + 4, "IEND", 4) == 0) {
      if (whole && offset != size) {
        snprintf(message, message_size, "bytes follow the IEND chunk");
        return 0;
      }
      if (whole && !image_data) {
        snprintf(message, message_size, "no IDAT chunk");
        return 0;
      }
      return 1;
    }
  }
  if (!whole) return 1;
  snprintf(message, message_size, offset < size ? "the file ends inside a chunk" : "no IEND chunk: the file is cut short");
  return 0;
}

/* The header's version names the library this shim was compiled against; the library loaded
 * may be another build. A fingerprint of what the loaded one makes of a fixed input, at the
 * level images are written with, is added, so a library that compresses differently changes
 * every cache key. */
static char bs_deflate_version_text[64];
static pthread_once_t bs_deflate_version_once = PTHREAD_ONCE_INIT;

static void bs_make_deflate_version(void) {
  uint8_t input[4096];
  for (size_t i = 0; i < sizeof(input); i++) input[i] = (uint8_t)((i * 31 + i / 97) % 251);
  uint8_t output[8192];
  struct libdeflate_compressor *compressor = libdeflate_alloc_compressor(7);
  size_t size = compressor ? libdeflate_zlib_compress(compressor, input, sizeof(input), output, sizeof(output)) : 0;
  libdeflate_free_compressor(compressor);
  uint32_t fingerprint = libdeflate_crc32(0, output, size);
  snprintf(bs_deflate_version_text, sizeof(bs_deflate_version_text), "%s+%08x", LIBDEFLATE_VERSION_STRING,
           fingerprint);
}

const char *bs_deflate_version(void) {
  pthread_once(&bs_deflate_version_once, bs_make_deflate_version);
  return bs_deflate_version_text;
}

/* One libdeflate compressor per thread and level, freed when the thread ends: allocating one
 * costs more than compressing a small image. */
typedef struct {
  int level;
  struct libdeflate_compressor *compressor;
} bs_thread_compressor;

static pthread_key_t bs_compressor_key;
static pthread_once_t bs_compressor_once = PTHREAD_ONCE_INIT;

static void bs_free_thread_compressor(void *value) {
  bs_thread_compressor *slot = value;
  libdeflate_free_compressor(slot->compressor);
  free(slot);
}

static void bs_make_compressor_key(void) { pthread_key_create(&bs_compressor_key, bs_free_thread_compressor); }

static struct libdeflate_compressor *bs_compressor(int level) {
  pthread_once(&bs_compressor_once, bs_make_compressor_key);
  bs_thread_compressor *slot = pthread_getspecific(bs_compressor_key);
  if (slot != NULL && slot->level == level && slot->compressor != NULL) return slot->compressor;
  if (slot == NULL) {
    slot = calloc(1, sizeof(*slot));
    if (slot == NULL) return NULL;
    pthread_setspecific(bs_compressor_key, slot);
  }
  libdeflate_free_compressor(slot->compressor);
  slot->compressor = libdeflate_alloc_compressor(level);
  slot->level = level;
  return slot->compressor;
}

/* The image data as one zlib stream made by libdeflate: each row behind a filter byte of 0
 * (none), then compressed whole. Returns NULL when out of memory. */
static uint8_t *bs_deflate_rows(const uint8_t *rows, size_t stride, uint32_t height, int level, size_t *size) {
  struct libdeflate_compressor *compressor = bs_compressor(level);
  size_t raw_size = (stride + 1) * height;
  uint8_t *raw = malloc(raw_size);
  if (compressor == NULL || raw == NULL) {
    free(raw);
    return NULL;
  }
  for (uint32_t y = 0; y < height; y++) {
    raw[y * (stride + 1)] = 0;
    memcpy(raw + y * (stride + 1) + 1, rows + y * stride, stride);
  }
  size_t bound = libdeflate_zlib_compress_bound(compressor, raw_size);
  uint8_t *compressed = malloc(bound);
  *size = compressed ? libdeflate_zlib_compress(compressor, raw, raw_size, compressed, bound) : 0;
  free(raw);
  if (*size == 0) {
    free(compressed);
    return NULL;
  }
  return compressed;
}

const char *bs_png_version(void) { return png_get_libpng_ver(NULL); }

bs_png_status bs_png_read_info(const uint8_t *data, size_t size, bs_png_info *info,
                               char *message, size_t message_size) {
  bs_reader reader = {data, size, 0, message, message_size};
  if (size < 8 || png_sig_cmp(data, 0, 8) != 0) {
    bs_set_message(&reader, "not a PNG file (bad signature)");
    return BS_PNG_NOT_PNG;
  }
  if (!bs_walk_chunks(data, size, 0, message, message_size)) return BS_PNG_LIBPNG_ERROR;
  png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &reader, bs_error, bs_warning);
  if (png == NULL) {
    bs_set_message(&reader, "out of memory");
    return BS_PNG_OUT_OF_MEMORY;
  }
  png_infop png_info = png_create_info_struct(png);
  if (png_info == NULL) {
    png_destroy_read_struct(&png, NULL, NULL);
    bs_set_message(&reader, "out of memory");
    return BS_PNG_OUT_OF_MEMORY;
  }
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_read_struct(&png, &png_info, NULL);
    return BS_PNG_LIBPNG_ERROR;
  }
  png_set_read_fn(png, &reader, bs_read);
  bs_set_read_limits(png);
  png_read_info(png, png_info);
  info->width = png_get_image_width(png, png_info);
  info->height = png_get_image_height(png, png_info);
  info->bit_depth = png_get_bit_depth(png, png_info);
  info->color_type = png_get_color_type(png, png_info);
  png_destroy_read_struct(&png, &png_info, NULL);
  return BS_PNG_OK;
}

bs_png_status bs_png_check_chunks(const uint8_t *data, size_t size, char *message, size_t message_size) {
  if (size < 8 || png_sig_cmp(data, 0, 8) != 0) {
    snprintf(message, message_size, "not a PNG file (bad signature)");
    return BS_PNG_NOT_PNG;
  }
  return bs_walk_chunks(data, size, 1, message, message_size) ? BS_PNG_OK : BS_PNG_LIBPNG_ERROR;
}

void bs_png_free(void *buffer) { free(buffer); }

bs_png_status bs_png_decode_rgba(const uint8_t *data, size_t size, uint32_t max_side, uint8_t **pixels,
                                 bs_png_info *info, char *message, size_t message_size) {
  bs_reader reader = {data, size, 0, message, message_size};
  *pixels = NULL;
  if (size < 8 || png_sig_cmp(data, 0, 8) != 0) {
    bs_set_message(&reader, "not a PNG file (bad signature)");
    return BS_PNG_NOT_PNG;
  }
  if (!bs_walk_chunks(data, size, 0, message, message_size)) return BS_PNG_LIBPNG_ERROR;
  png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &reader, bs_error, bs_warning);
  png_infop png_info = png ? png_create_info_struct(png) : NULL;
  if (png == NULL || png_info == NULL) {
    png_destroy_read_struct(&png, &png_info, NULL);
    bs_set_message(&reader, "out of memory");
    return BS_PNG_OUT_OF_MEMORY;
  }
  uint8_t *volatile buffer = NULL;
  png_bytep *volatile row_pointers = NULL;
  if (setjmp(png_jmpbuf(png))) {
    free(buffer);
    free(row_pointers);
    png_destroy_read_struct(&png, &png_info, NULL);
    return BS_PNG_LIBPNG_ERROR;
  }
  png_set_read_fn(png, &reader, bs_read);
  bs_set_read_limits(png);
  png_read_info(png, png_info);
  uint32_t width = png_get_image_width(png, png_info);
  uint32_t height = png_get_image_height(png, png_info);
  if (width > max_side || height > max_side) {
    snprintf(message, message_size, "image is %u x %u pixels, more than %u on a side", width, height, max_side);
    png_destroy_read_struct(&png, &png_info, NULL);
    return BS_PNG_LIBPNG_ERROR;
  }
  int color_type = png_get_color_type(png, png_info);
  int bit_depth = png_get_bit_depth(png, png_info);
  if (bit_depth == 16) png_set_strip_16(png);
  if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
  if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
  if (png_get_valid(png, png_info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
  if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
  png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
  png_set_interlace_handling(png);
  png_read_update_info(png, png_info);
  size_t stride = (size_t)width * 4;
  buffer = malloc(stride * height + 1);
  row_pointers = malloc(sizeof(png_bytep) * (height + 1));
  if (buffer == NULL || row_pointers == NULL) {
    bs_set_message(&reader, "out of memory");
    png_longjmp(png, 1);
  }
  for (uint32_t y = 0; y < height; y++) row_pointers[y] = buffer + y * stride;
  png_read_image(png, row_pointers);
  png_read_end(png, NULL);
  free(row_pointers);
  png_destroy_read_struct(&png, &png_info, NULL);
  info->width = width;
  info->height = height;
  info->bit_depth = 8;
  info->color_type = PNG_COLOR_TYPE_RGBA;
  *pixels = buffer;
  return BS_PNG_OK;
}

typedef struct {
  uint8_t *data;
  size_t size;
  size_t capacity;
  int failed;
} bs_writer;

static void bs_write(png_structp png, png_bytep bytes, png_size_t length) {
  bs_writer *writer = (bs_writer *)png_get_io_ptr(png);
  if (writer->size + length > writer->capacity) {
    size_t capacity = writer->capacity ? writer->capacity : 4096;
    while (capacity < writer->size + length) capacity *= 2;
    uint8_t *grown = realloc(writer->data, capacity);
    if (grown == NULL) {
      writer->failed = 1;
      png_error(png, "out of memory");
    }
    writer->data = grown;
    writer->capacity = capacity;
  }
  memcpy(writer->data + writer->size, bytes, length);
  writer->size += length;
}

static void bs_flush(png_structp png) { (void)png; }

bs_png_status bs_png_encode(const uint8_t *rows, uint32_t width, uint32_t height, int color_type, int bit_depth,
                            uint32_t pixels_per_meter, bs_png_compression compression, uint8_t **png_out,
                            size_t *png_size, char *message, size_t message_size) {
  bs_reader errors = {NULL, 0, 0, message, message_size};
  bs_writer writer = {NULL, 0, 0, 0};
  uint8_t *volatile idat = NULL;
  *png_out = NULL;
  *png_size = 0;
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &errors, bs_error, bs_warning);
  png_infop info = png ? png_create_info_struct(png) : NULL;
  if (png == NULL || info == NULL) {
    png_destroy_write_struct(&png, &info);
    bs_set_message(&errors, "out of memory");
    return BS_PNG_OUT_OF_MEMORY;
  }
  if (setjmp(png_jmpbuf(png))) {
    free(writer.data);
    free(idat);
    png_destroy_write_struct(&png, &info);
    return writer.failed ? BS_PNG_OUT_OF_MEMORY : BS_PNG_LIBPNG_ERROR;
  }
  png_set_write_fn(png, &writer, bs_write, bs_flush);
  png_set_compression_level(png, compression.zlib_level);
  png_set_compression_strategy(png, compression.zlib_strategy);
  png_set_filter(png, PNG_FILTER_TYPE_BASE, compression.filters);
  png_set_IHDR(png, info, width, height, bit_depth, color_type, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE,
               PNG_FILTER_TYPE_BASE);
  png_set_sRGB(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
  png_set_pHYs(png, info, pixels_per_meter, pixels_per_meter, PNG_RESOLUTION_METER);
  png_write_info(png, info);
  size_t stride = color_type == PNG_COLOR_TYPE_RGBA ? (size_t)width * 4 : ((size_t)width * bit_depth + 7) / 8;
  if (compression.libdeflate) {
    /* libpng writes the container; the image data is compressed elsewhere and written as one
     * IDAT chunk, then IEND. */
    size_t idat_size = 0;
    idat = bs_deflate_rows(rows, stride, height, compression.zlib_level, &idat_size);
    if (idat == NULL) {
      writer.failed = 1;
      png_error(png, "out of memory");
    }
    png_write_chunk(png, (png_const_bytep) "IDAT", idat, idat_size);
    free(idat);
    idat = NULL;
    png_write_chunk(png, (png_const_bytep) "IEND", NULL, 0);
  } else {
    for (uint32_t y = 0; y < height; y++) png_write_row(png, (png_const_bytep)(rows + y * stride));
    png_write_end(png, info);
  }
  png_destroy_write_struct(&png, &info);
  *png_out = writer.data;
  *png_size = writer.size;
  return BS_PNG_OK;
}
