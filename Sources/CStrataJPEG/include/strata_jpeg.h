#ifndef STRATA_JPEG_H
#define STRATA_JPEG_H
#include <stddef.h>

/// A decoded JPEG: RGBA8 rows top to bottom (malloc'd: free with strata_jpeg_free), its size as stored, and
/// its EXIF orientation (1…8; 1 when it has none).
typedef struct {
    unsigned char *pixels;
    int width;
    int height;
    int orientation;
} StrataJPEGImage;

/// Decodes `size` bytes of JPEG with libjpeg-turbo. Returns 0 on success; otherwise writes why into
/// `error` (libjpeg's message) and returns -1. Images wider or taller than `max_side`, or of more than
/// `max_pixels` pixels, are refused before any pixel is decoded. libjpeg's errors return here (setjmp),
/// never exit the process.
int strata_jpeg_decode(const unsigned char *data, size_t size, int max_side, long long max_pixels, StrataJPEGImage *out, char *error,
                       size_t error_length);
void strata_jpeg_free(StrataJPEGImage *image);
/// Encodes `width` × `height` RGBA8 rows (alpha ignored: JPEG has none) at `quality` (1…100) into a malloc'd
/// buffer (`*out`, `*out_size`; free with free()). Returns 0, or -1 with why in `error`.
/// `flags`: STRATA_JPEG_PROGRESSIVE, STRATA_JPEG_GRAYSCALE, STRATA_JPEG_FULL_CHROMA (4:4:4); `restart_rows`: a
/// restart marker every that many MCU rows (0: none). The variants the fuzzers' seeds cover.
int strata_jpeg_encode(const unsigned char *rgba, int width, int height, int quality, int flags, int restart_rows,
                       unsigned char **out, unsigned long *out_size, char *error, size_t error_length);
enum { STRATA_JPEG_PROGRESSIVE = 1, STRATA_JPEG_GRAYSCALE = 2, STRATA_JPEG_FULL_CHROMA = 4 };
/// libjpeg-turbo's version, for logs.
const char *strata_jpeg_version(void);
#endif
