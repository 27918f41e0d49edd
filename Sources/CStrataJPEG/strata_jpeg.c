#include "strata_jpeg.h"
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

// libjpeg reports errors through error_exit, which by default exits the process: ours jumps back here.
struct strata_error {
    struct jpeg_error_mgr manager;
    jmp_buf back;
    char message[JMSG_LENGTH_MAX];
};

static void strata_error_exit(j_common_ptr info) {
    struct strata_error *e = (struct strata_error *)info->err;
    (*info->err->format_message)(info, e->message);
    longjmp(e->back, 1);
}

// Warnings (corrupt data it recovers from) are not fatal: the image decodes as libjpeg can.
static void strata_emit_message(j_common_ptr info, int level) { (void)info; (void)level; }

// libjpeg's error manager with its errors jumping back (to `e->back`, set by the caller) and warnings ignored.
static struct jpeg_error_mgr *strata_errors(struct strata_error *e) {
    struct jpeg_error_mgr *manager = jpeg_std_error(&e->manager);
    manager->error_exit = strata_error_exit;
    manager->emit_message = strata_emit_message;
    return manager;
}

static unsigned read16(const unsigned char *p, int little) { return little ? (p[0] | p[1] << 8) : (p[0] << 8 | p[1]); }
static unsigned read32(const unsigned char *p, int little) {
    return little ? (p[0] | p[1] << 8 | p[2] << 16 | (unsigned)p[3] << 24) : ((unsigned)p[0] << 24 | p[1] << 16 | p[2] << 8 | p[3]);
}

// The orientation tag (0x0112) of IFD0 in an APP1 "Exif" segment; 1 when absent or malformed.
static int exif_orientation(const unsigned char *d, unsigned length) {
    if (length < 14 || memcmp(d, "Exif\0\0", 6) != 0) return 1;
    const unsigned char *tiff = d + 6;
    unsigned size = length - 6;
    int little;
    if (memcmp(tiff, "II*\0", 4) == 0) little = 1;
    else if (memcmp(tiff, "MM\0*", 4) == 0) little = 0;
    else return 1;
    unsigned ifd = read32(tiff + 4, little);
    if (ifd > size - 2 || ifd < 8) return 1;
    unsigned count = read16(tiff + ifd, little);
    for (unsigned i = 0; i < count; i++) {
        unsigned entry = ifd + 2 + i * 12;
        if (entry + 12 > size) return 1;
        if (read16(tiff + entry, little) == 0x0112 && read16(tiff + entry + 2, little) == 3) {
            unsigned value = read16(tiff + entry + 8, little);
            return value >= 1 && value <= 8 ? (int)value : 1;
        }
    }
    return 1;
}

int strata_jpeg_decode(const unsigned char *data, size_t size, int max_side, long long max_pixels, StrataJPEGImage *out, char *error,
                       size_t error_length) {
    struct jpeg_decompress_struct info;
    struct strata_error e;
    unsigned char *volatile pixels = NULL;
    memset(out, 0, sizeof(*out));
    info.err = strata_errors(&e);
    if (setjmp(e.back)) {
        snprintf(error, error_length, "%s", e.message);
        jpeg_destroy_decompress(&info);
        free(pixels);
        return -1;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, (unsigned long)size);
    jpeg_save_markers(&info, JPEG_APP0 + 1, 0xFFFF);
    jpeg_read_header(&info, TRUE);
    if ((int)info.image_width > max_side || (int)info.image_height > max_side || info.image_width == 0 || info.image_height == 0) {
        snprintf(error, error_length, "%ux%u is outside 1…%d a side", info.image_width, info.image_height, max_side);
        jpeg_destroy_decompress(&info);
        return -1;
    }
    if ((long long)info.image_width * (long long)info.image_height > max_pixels) {
        snprintf(error, error_length, "%ux%u is more than %lld pixels", info.image_width, info.image_height, max_pixels);
        jpeg_destroy_decompress(&info);
        return -1;
    }
    int orientation = 1;
    for (jpeg_saved_marker_ptr m = info.marker_list; m; m = m->next) {
        if (m->marker == JPEG_APP0 + 1) { orientation = exif_orientation(m->data, m->data_length); break; }
    }
    info.out_color_space = JCS_EXT_RGBA;
    jpeg_start_decompress(&info);
    size_t stride = (size_t)info.output_width * 4;
    pixels = malloc(stride * info.output_height);
    if (!pixels) {
        snprintf(error, error_length, "no memory for %ux%u pixels", info.output_width, info.output_height);
        jpeg_destroy_decompress(&info);
        return -1;
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = pixels + stride * info.output_scanline;
        jpeg_read_scanlines(&info, &row, 1);
    }
    jpeg_finish_decompress(&info);
    out->pixels = pixels;
    out->width = (int)info.output_width;
    out->height = (int)info.output_height;
    out->orientation = orientation;
    jpeg_destroy_decompress(&info);
    return 0;
}

int strata_jpeg_encode(const unsigned char *rgba, int width, int height, int quality, int flags, int restart_rows,
                       unsigned char **out, unsigned long *out_size, char *error, size_t error_length) {
    struct jpeg_compress_struct info;
    struct strata_error e;
    *out = NULL;
    *out_size = 0;
    info.err = strata_errors(&e);
    if (setjmp(e.back)) {
        snprintf(error, error_length, "%s", e.message);
        jpeg_destroy_compress(&info);
        free(*out);
        *out = NULL;
        return -1;
    }
    jpeg_create_compress(&info);
    jpeg_mem_dest(&info, out, out_size);
    info.image_width = (JDIMENSION)width;
    info.image_height = (JDIMENSION)height;
    info.input_components = 4;
    info.in_color_space = JCS_EXT_RGBA;
    jpeg_set_defaults(&info);
    if (flags & STRATA_JPEG_GRAYSCALE) jpeg_set_colorspace(&info, JCS_GRAYSCALE);
    jpeg_set_quality(&info, quality, TRUE);
    if (flags & STRATA_JPEG_FULL_CHROMA) {
        info.comp_info[0].h_samp_factor = 1;
        info.comp_info[0].v_samp_factor = 1;
    }
    if (flags & STRATA_JPEG_PROGRESSIVE) jpeg_simple_progression(&info);
    info.restart_in_rows = restart_rows;
    jpeg_start_compress(&info, TRUE);
    while (info.next_scanline < info.image_height) {
        JSAMPROW row = (JSAMPROW)(rgba + (size_t)info.next_scanline * (size_t)width * 4);
        jpeg_write_scanlines(&info, &row, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    return 0;
}

void strata_jpeg_free(StrataJPEGImage *image) {
    free(image->pixels);
    image->pixels = NULL;
}

const char *strata_jpeg_version(void) {
#ifdef LIBJPEG_TURBO_VERSION
#define STRATA_STR2(x) #x
#define STRATA_STR(x) STRATA_STR2(x)
    return "libjpeg-turbo " STRATA_STR(LIBJPEG_TURBO_VERSION);
#else
    return "libjpeg";
#endif
}
