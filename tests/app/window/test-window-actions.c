/* test-window-actions.c: the window's actions and their enabled state, and
 * closing with a selection (finalization).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

#include "sw-canvas-private.h"
#include "sw-error.h"
#include "sw-application.h"
#include "sw-modelica.h"
#include "sw-recovery.h"
#include "sw-settings.h"
#include "sw-window.h"
#include "sw-window-private.h"
#include "sw-plot-view.h"
#include "sw-test-files.h"
#include "test-window-common.h"

/* ---- Helpers ------------------------------------------------------------- */

static gboolean
class_has_action (SwWindow   *window,
                  const char *name,
                  const char *parameter_type)
{
  GtkWidgetClass *klass = GTK_WIDGET_GET_CLASS (window);
  GType owner;
  const char *action_name;
  const GVariantType *type;
  const char *property;

  for (guint i = 0; gtk_widget_class_query_action (klass, i, &owner, &action_name, &type, &property); i++)
    if (g_strcmp0 (action_name, name) == 0)
      return parameter_type == NULL ? type == NULL
                                    : type != NULL && g_variant_type_equal (type, G_VARIANT_TYPE (parameter_type));
  return FALSE;
}

/* ---- Tests --------------------------------------------------------------- */

static void
test_actions (void)
{
  SwWindow *window = window_new ();
  static const struct {
    const char *name;
    const char *type;
  } actions[] = {
    { "win.new", NULL }, { "win.open", NULL }, { "win.open-example", "s" },
    { "win.open-recent", "s" }, { "win.save", NULL }, { "win.save-as", NULL },
    { "win.undo", NULL }, { "win.redo", NULL }, { "win.run-simulation", NULL },
    { "win.modal-analysis", NULL }, { "win.show-problems", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    g_assert_true (class_has_action (window, actions[i].name, actions[i].type));

  /* A new, empty, untitled document: nothing to undo, run or analyse;
   * saving it is possible (it has no file). */
  g_assert_true (sw_window_is_pristine (window));
  g_assert_null (sw_window_get_file (window));
  g_assert_false (sw_window_get_modified (window));
  g_assert_cmpstr (sw_window_get_title_text (window), ==, "Untitled Model");
  g_assert_false (action_button_sensitive (window, "win.undo"));
  g_assert_false (action_button_sensitive (window, "win.redo"));
  g_assert_true (action_button_sensitive (window, "win.save"));
  g_assert_true (action_button_sensitive (window, "win.open"));
  g_assert_false (action_button_sensitive (window, "win.run-simulation"));
  g_assert_false (action_button_sensitive (window, "win.modal-analysis"));

  window_destroy_and_check (window);
}

/* Two windows, each with a selection, destroyed one after the other (what
 * Ctrl+Q does): no handler may run on a disposed widget (a critical here
 * fails the test). */
static void
test_close_with_selection (void)
{
  g_autofree char *path = sw_test_example_path ("fourbody.shaft");
  SwWindow *a = window_with_file (path);
  SwWindow *b = window_with_file (path);
  SwCanvas *canvas_a, *canvas_b;

  canvas_a = SW_CANVAS (a->canvas);
  canvas_b = SW_CANVAS (b->canvas);
  sw_canvas_select_component (canvas_a, 1);
  sw_canvas_select_component (canvas_b, 2);
  iterate ();
  g_assert_cmpint (sw_canvas_get_selected_component (canvas_a), ==, 1);
  window_destroy_and_check (a);
  window_destroy_and_check (b);
}

static void
add_tests (void)
{
  g_test_add_func ("/app/window/actions", test_actions);
  g_test_add_func ("/app/window/close-with-selection", test_close_with_selection);
}

int
main (int   argc,
      char *argv[])
{
  return test_window_run (argc, argv, "test-window-actions", add_tests);
}
