/* test-canvas-common.h: what the schematic canvas tests (test-canvas-*.c)
 * share: models from text, a canvas alone with a model, clicks and drags
 * through its handlers, ports and connections, actions.
 *
 * The test-canvas-*.c programs test the schematic canvas. Its geometry as pure
 * functions (transforms, snapping, hit testing, wire routing, free spots); the
 * widget alone with a model: properties and their notifications, selection,
 * actions and their enabled state, pointer gestures played through the
 * canvas's handlers (select, rubber band, move with snapping as one undo step,
 * connect, refusals, wire selection, placement, drops), the keyboard (Tab
 * walks, arrows move by the grid, Alt+arrows select by direction, Enter
 * activates, C connects, placing at the view's centre), the clipboard, and
 * what it draws.
 *
 * Needs a display (xvfb-run); GSK_RENDERER=cairo.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <math.h>
#include <string.h>

#include <adwaita.h>
#include <gtk/gtk.h>

#include "sw-canvas.h"
#include "sw-canvas-private.h"
#include "sw-history.h"
#include "sw-model.h"
#include "sw-modes.h"
#include "sw-system.h"
#include "sw-symbols.h"
#include "sw-ui-test.h"

G_BEGIN_DECLS

/* A chain torque → inertia1 → spring → inertia2, a grounded gear, a mass
 * (translational) and a fixed flange, on the grid. */
extern const char model_text[];

SwModel *
new_model (void);

void
count_signal_cb (gpointer  object,
                 guint    *counter);

/* The canvas alone, with the model and 1 model unit = 1 pixel from the
 * widget's origin, so that pointer coordinates are model coordinates. */
SwCanvas *
new_canvas (SwModel *model);

void
click (SwCanvas        *canvas,
       double           x,
       double           y,
       GdkModifierType  state);

void
drag (SwCanvas *canvas,
      double    x1,
      double    y1,
      double    x2,
      double    y2);

gboolean
has_connection (SwModel    *model,
                const char *from,
                const char *to);

/* Whether the action is installed on the canvas and enabled now. */
gboolean
action_enabled (SwCanvas   *canvas,
                const char *action);

gboolean
wait_for (GSourceFunc condition,
          gpointer    data);

/* GLib's tests and GTK for a program of the canvas's tests; FALSE without a
 * display (a test that fails under CI then stands in for the program's). */
gboolean
canvas_test_init (int    *argc,
                    char ***argv);

G_END_DECLS
