/*
 * An emitter layer from C over a real server on the virtual clock (docs/c-api.md): one cell of red 8-point
 * particles, still, at the middle of a black screen. scripts/check-c-api.sh steps the clock and checks that
 * the particles are drawn there. Prints "ready" once the scene is committed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <strata/strata.h>

static void check(strata_status s, const char *what) {
    if (s == STRATA_OK) return;
    fprintf(stderr, "particles: %s: %s (%s)\n", what, strata_status_name(s), strata_last_error());
    exit(1);
}

int main(void) {
    strata_connection *connection;
    check(strata_connect(NULL, &connection), "connect");
    strata_layer *root, *emitter;
    check(strata_layer_create(STRATA_LAYER_PLAIN, &root), "root");
    check(strata_layer_set_rect(root, "bounds", (strata_rect){{0, 0}, {320, 240}}), "root bounds");
    check(strata_layer_set_point(root, "position", (strata_point){160, 120}), "root position");
    check(strata_layer_set_color(root, "backgroundColor", (strata_color){0, 0, 0, 1}), "root color");
    check(strata_layer_create(STRATA_LAYER_EMITTER, &emitter), "emitter");
    check(strata_layer_set_rect(emitter, "bounds", (strata_rect){{0, 0}, {320, 240}}), "emitter bounds");
    check(strata_layer_set_point(emitter, "position", (strata_point){160, 120}), "emitter position");
    check(strata_layer_set_point(emitter, "emitterPosition", (strata_point){160, 120}), "emitter point");

    uint8_t white[8 * 8 * 4];
    memset(white, 255, sizeof white);
    strata_image *dot;
    check(strata_image_create_rgba(8, 8, 32, white, false, &dot), "image");
    strata_emitter_cell *cell;
    check(strata_emitter_cell_create(&cell), "cell");
    check(strata_emitter_cell_set_string(cell, "name", "dots"), "name");
    check(strata_emitter_cell_set_contents(cell, dot), "contents");
    check(strata_emitter_cell_set_color(cell, "color", (strata_color){1, 0, 0, 1}), "color");
    check(strata_emitter_cell_set_number(cell, "birthRate", 200), "birth rate");
    check(strata_emitter_cell_set_number(cell, "lifetime", 10), "lifetime");
    check(strata_emitter_cell_set_number(cell, "velocity", 0), "velocity");
    strata_emitter_cell *cells[1] = {cell};
    check(strata_layer_set_emitter_cells(emitter, cells, 1), "cells");
    check(strata_layer_add_sublayer(root, emitter), "add");
    check(strata_connection_attach(connection, root, NULL), "attach");
    check(strata_flush(), "flush");
    printf("ready\n");
    fflush(stdout);
    check(strata_run(), "run");
    return 0;
}
