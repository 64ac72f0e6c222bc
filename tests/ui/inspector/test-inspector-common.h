/* test-inspector-common.h: what the inspector tests (test-inspector-*.c)
 * share: the fixture (a model and an inspector in a window), rows found by
 * name, text typed into them, the component shown.
 *
 * The test-inspector-*.c programs test that SwInspector builds its rows from
 * the kind descriptors, edits the model through them (and refuses invalid
 * text), shows the simulation settings when nothing is selected, follows
 * changes made elsewhere, shows speeds and angles in the units of the
 * preferences while the model stays in SI, tunes numbers by dragging,
 * scrolling and Up/Down in relative steps (a drag one undo step), and behaves
 * as a GObject (notify counts, finalization).
 *
 * The widgets are found by name and driven as a user drives them: text
 * into an entry, then Enter.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <math.h>
#include <string.h>

#include <adwaita.h>
#include <glib/gstdio.h>

#include "sw-error.h"
#include "sw-geometry.h"
#include "sw-history.h"
#include "sw-inspector.h"
#include "sw-inspector-number-row.h"
#include "sw-inspector-signal-row.h"
#include "sw-inspector-table-row.h"
#include "sw-inspector-expression-row.h"
#include "sw-model.h"
#include "sw-ui-test.h"

G_BEGIN_DECLS

/* Indices in data/examples/first.shaft. */
enum { FIXED, TORQUE, INERTIA1, GEAR, INERTIA2, SPRING, INERTIA3, DAMPER };

typedef struct {
  SwModel   *model;
  GtkWidget *window;
  GtkWidget *inspector;
  guint      n_changed;
} Fixture;

void
fixture_set_up (Fixture       *f,
                gconstpointer  data);

void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data);

GtkWidget *
row (Fixture    *f,
     const char *name);

/* The text of a number row's entry. */
const char *
shown (Fixture    *f,
       const char *name);

/* Types text into a number row, and presses Enter if asked to. */
void
type_into (Fixture    *f,
           const char *name,
           const char *text,
           gboolean    enter);

double
param (Fixture    *f,
       guint       component,
       const char *name);

void
select_component (Fixture *f,
                  int      component);

void
notify_cb (GObject    *object,
           GParamSpec *pspec,
           guint      *count);

#define ADD(path, func) \
  g_test_add ("/ui/inspector/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

/* GLib's tests and GTK for a program of the inspector's tests; FALSE without a
 * display (a test that fails under CI then stands in for the program's). */
gboolean
inspector_test_init (int    *argc,
                       char ***argv);

G_END_DECLS
