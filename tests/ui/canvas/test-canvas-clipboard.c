/* test-canvas-clipboard.c: the canvas's clipboard: copy, cut and paste of
 * components and their connections.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
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
#include "test-canvas-common.h"

typedef struct {
  SwModel *model;
  guint    n;
} WaitData;

static gboolean
more_components (gpointer user_data)
{
  WaitData *data = user_data;

  return sw_model_get_n_components (data->model) > data->n;
}

static void
test_clipboard (void)
{
  SwModel *model = new_model ();
  SwCanvas *canvas = new_canvas (model);
  GtkWidget *window = gtk_window_new ();
  guint n = sw_model_get_n_components (model);
  WaitData wait = { model, n };
  g_autoptr(GArray) selection = NULL;
  int spring = sw_model_find_component (model, "spring");
  const SwComponent *c;

  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (canvas));

  /* Copy inertia1 and spring with the wire between them, paste: two new
   * components, offset, selected, wired like the originals. */
  sw_canvas_select_component (canvas, sw_model_find_component (model, "inertia1"));
  click (canvas, 300, 100, GDK_SHIFT_MASK);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.copy", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.paste", NULL));
  g_assert_true (wait_for (more_components, &wait));
  g_assert_cmpuint (sw_model_get_n_components (model), ==, n + 2);
  selection = sw_canvas_dup_selection (canvas);
  g_assert_cmpuint (selection->len, ==, 2);
  g_assert_cmpuint (g_array_index (selection, guint, 0), ==, n);
  c = sw_model_get_component (model, n + 1);
  g_assert_cmpstr (c->kind->name, ==, "rotational.spring");
  g_assert_cmpfloat (c->position[0], >, 300);
  {
    const SwComponent *a = sw_model_get_component (model, n);
    g_autofree char *from = g_strdup_printf ("%s.flange_b", a->id);
    g_autofree char *to = g_strdup_printf ("%s.flange_a", c->id);

    g_assert_true (has_connection (model, from, to));
  }
  g_clear_pointer (&selection, g_array_unref);

  /* Cut the spring and paste it back where it was. */
  sw_canvas_select_component (canvas, spring);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.cut", NULL));
  g_assert_cmpint (sw_model_find_component (model, "spring"), ==, -1);
  wait.n = sw_model_get_n_components (model);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.paste", NULL));
  g_assert_true (wait_for (more_components, &wait));
  c = sw_model_get_component (model, sw_canvas_get_selected_component (canvas));
  g_assert_cmpstr (c->kind->name, ==, "rotational.spring");
  g_assert_cmpfloat (c->position[0], ==, 300);
  g_assert_cmpfloat (c->position[1], ==, 100);

  /* Text that is not a model: a hint, nothing added. */
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (canvas)), "not a model");
  wait.n = sw_model_get_n_components (model);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.paste", NULL));
  {
    gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

    while (_sw_canvas_get_hint (canvas) == NULL && g_get_monotonic_time () < end)
      g_main_context_iteration (NULL, FALSE);
  }
  g_assert_nonnull (_sw_canvas_get_hint (canvas));
  g_assert_cmpuint (sw_model_get_n_components (model), ==, wait.n);

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (canvas);
  g_assert_finalize_object (model);
}

int
main (int   argc,
      char *argv[])
{
  if (!canvas_test_init (&argc, &argv))
    return g_test_run ();

  g_test_add_func ("/ui/canvas/clipboard", test_clipboard);

  return g_test_run ();
}
