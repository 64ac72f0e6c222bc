/* test-symbols-common.h: what the symbol tests (test-symbols-*.c) share:
 * drawing a symbol and counting its pixels, a kind from the future.
 *
 * The test-symbols-*.c programs test that every kind's symbol draws into an
 * image surface within its box (at 100 % and 300 %, turned and flipped, light
 * and dark), ports sit on the box edge on the grid and show their domain, the
 * fallback for an unknown kind, kinds with pictures of their own (pixel
 * checks, unlike the box and their nearest neighbour), and the key text with
 * pretty units. SW_SYMBOLS_SHOTS=DIR keeps a sheet of every symbol, light and
 * dark, at 100 % and 200 %.
 *
 * Needs no display: pure cairo.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <math.h>
#include <string.h>

#include <cairo.h>
#include <glib.h>

#include "sw-kind.h"
#include "sw-model.h"
#include "sw-symbols.h"

G_BEGIN_DECLS

/* Ports stick out of the box by half their size (8 units). */
#define PORT_OVERHANG 4.0

/* Anti-aliasing reaches a pixel further. */
#define AA_MARGIN     1.5

typedef struct {
  guint inside;    /* painted pixels within the box and its ports */
  guint outside;   /* painted pixels further out */
} PixelCount;

/* Draws kind centred in a surface at scale, turned by rotation (degrees)
 * and flipped, and counts painted pixels inside and outside the turned box
 * grown by margin units. */
PixelCount
draw_and_count (const SwKind *kind,
                double        scale,
                int           rotation,
                gboolean      flipped,
                gboolean      dark,
                double        margin);

/* A kind from the future: unknown name, three flanges and a support. */
extern const SwPortDesc future_ports[];

extern const SwKind future_kind;

G_END_DECLS
