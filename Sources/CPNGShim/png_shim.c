#include "CPNGShim.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>

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

const char *bs_png_version(void) { return PNG_LIBPNG_VER_STRING; }

bs_png_status bs_png_read_info(const uint8_t *data, size_t size, bs_png_info *info,
                               char *message, size_t message_size) {
  bs_reader reader = {data, size, 0, message, message_size};
  if (size < 8 || png_sig_cmp(data, 0, 8) != 0) {
    bs_set_message(&reader, "not a PNG file (bad signature)");
    return BS_PNG_NOT_PNG;
  }
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
  png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
  png_read_info(png, png_info);
  info->width = png_get_image_width(png, png_info);
  info->height = png_get_image_height(png, png_info);
  info->bit_depth = png_get_bit_depth(png, png_info);
  info->color_type = png_get_color_type(png, png_info);
  png_destroy_read_struct(&png, &png_info, NULL);
  return BS_PNG_OK;
}
