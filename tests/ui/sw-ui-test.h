/* sw-ui-test.h: what the widget tests share: GTK under Xvfb (or a
 * no-display test), the main loop run for a while, a widget drawn onto an
 * image and kept as a PNG when an environment variable names a folder, the
 * light and dark styles, pixel checks, finding children, example models.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "sw-model.h"
#include "sw-system.h"

G_BEGIN_DECLS

/* gtk_init_check () and adw_init (). Without a display it adds a test at
 * no_display_path that fails under CI and skips otherwise, and returns
 * FALSE: main () then returns g_test_run (). */
gboolean         sw_ui_test_init               (const char      *no_display_path);

/* Runs the default main context for ms milliseconds. */
void             sw_ui_test_iterate            (guint            ms);
/* Runs the main loop until object emits signal (at most timeout_s
 * seconds); how many times it was emitted. */
guint            sw_ui_test_wait_signal        (gpointer         object,
                                                const char      *signal,
                                                guint            timeout_s);

/* Runs the main loop until widget is wider than min_px (at most
 * timeout_s seconds: a loaded machine, under ASan, lays out late); its
 * width then, a frame later (drawn at it). */
int              sw_ui_test_wait_width         (GtkWidget       *widget,
                                                int              min_px,
                                                guint            timeout_s);

/* AdwStyleManager forced light or dark; _reset_style () to the default. */
void             sw_ui_test_set_dark           (gboolean         dark);
void             sw_ui_test_reset_style        (void);

/* What widget draws (its paintable at its size) on an ARGB32 image. */
cairo_surface_t *sw_ui_test_snapshot           (GtkWidget       *widget);
/* Writes surface as DIR/name when the environment variable env_var names
 * a folder DIR (made if missing); nothing otherwise. */
void             sw_ui_test_keep_picture       (cairo_surface_t *surface,
                                                const char      *env_var,
                                                const char      *name);
/* Both, only when env_var is set. */
void             sw_ui_test_keep_widget        (GtkWidget       *widget,
                                                const char      *env_var,
                                                const char      *name);

/* The colour at pixel (x, y), each channel 0..1 (as stored: premultiplied). */
void             sw_ui_test_pixel_at           (cairo_surface_t *surface,
                                                int              x,
                                                int              y,
                                                double           rgb[3]);
/* Relative luminance (Rec. 709 weights) of pixel (x, y), 0..1. */
double           sw_ui_test_luminance_at       (cairo_surface_t *surface,
                                                int              x,
                                                int              y);
/* Pixels within tolerance of rgb in each channel. */
guint            sw_ui_test_count_colour       (cairo_surface_t *surface,
                                                const guint8     rgb[3],
                                                int              tolerance);

/* The first descendant (depth first, widget itself excluded) named name,
 * or of type type; NULL for none. */
GtkWidget       *sw_ui_test_find_named         (GtkWidget       *widget,
                                                const char      *name);
GtkWidget       *sw_ui_test_find_type          (GtkWidget       *widget,
                                                GType            type);
/* The first label in widget (itself included) whose text begins with prefix. */
GtkLabel        *sw_ui_test_find_label         (GtkWidget       *widget,
                                                const char      *prefix);
/* Whether a GtkStringList-like model holds text. */
gboolean         sw_ui_test_has_string         (GListModel      *list,
                                                const char      *text);
/* Counts into *count (an int): a "notify" handler. */
void             sw_ui_test_count_notify       (GObject         *object,
                                                GParamSpec      *pspec,
                                                int             *count);

/* $SW_SOURCE_ROOT/data/examples/name (. without SW_SOURCE_ROOT). */
char            *sw_ui_test_example_path       (const char      *name);
/* That example model assembled; asserts it loads. */
SwSystem        *sw_ui_test_load_system        (const char      *name);
/* A model given as text, assembled; asserts it reads and assembles. */
SwSystem        *sw_ui_test_system_from_text   (const char      *text);
/* A drivetrain without a compliant part (as a new user draws it first:
 * engine1, inertia1, clutch1, inertia2), its clutch slipping at t = 0. */
SwSystem        *sw_ui_test_rigid_drivetrain   (void);

G_END_DECLS
