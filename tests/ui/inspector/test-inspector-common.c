/* test-inspector-common.c: what the inspector tests (test-inspector-*.c)
 * share: the fixture (a model and an inspector in a window), rows found by
 * name, text typed into them, the component shown.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "test-inspector-common.h"

static void
changed_cb (SwModel *model,
            Fixture *f)
{
  f->n_changed++;
}

void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = sw_ui_test_example_path ("first.shaft");

  f->model = sw_model_new_from_file (path, &error);
  g_assert_no_error (error);
  g_signal_connect (f->model, "changed", G_CALLBACK (changed_cb), f);

  /* In a window, as entries and rows expect (focus, default widget). */
  f->window = gtk_window_new ();
  f->inspector = g_object_ref_sink (sw_inspector_new ());
  gtk_window_set_child (GTK_WINDOW (f->window), f->inspector);
  sw_inspector_set_model (SW_INSPECTOR (f->inspector), f->model);
}

void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  g_assert_finalize_object (f->inspector);
  g_signal_handlers_disconnect_by_data (f->model, f);
  g_assert_finalize_object (f->model);
}

GtkWidget *
row (Fixture    *f,
     const char *name)
{
  GtkWidget *widget = sw_ui_test_find_named (f->inspector, name);

  if (widget == NULL)
    g_error ("no row named “%s”", name);
  return widget;
}

const char *
shown (Fixture    *f,
       const char *name)
{
  GtkWidget *entry = sw_ui_test_find_type (row (f, name), GTK_TYPE_ENTRY);

  g_assert_nonnull (entry);
  return gtk_editable_get_text (GTK_EDITABLE (entry));
}

void
type_into (Fixture    *f,
           const char *name,
           const char *text,
           gboolean    enter)
{
  GtkWidget *entry = sw_ui_test_find_type (row (f, name), GTK_TYPE_ENTRY);

  g_assert_nonnull (entry);
  gtk_editable_set_text (GTK_EDITABLE (entry), text);
  if (enter)
    g_signal_emit_by_name (entry, "activate");
}

double
param (Fixture    *f,
       guint       component,
       const char *name)
{
  const SwComponent *c = sw_model_get_component (f->model, component);
  int p = sw_kind_find_param (c->kind, name);

  g_assert_cmpint (p, >=, 0);
  return c->param[p];
}

void
select_component (Fixture *f,
                  int      component)
{
  sw_inspector_set_component (SW_INSPECTOR (f->inspector), component);
}

void
notify_cb (GObject    *object,
           GParamSpec *pspec,
           guint      *count)
{
  (*count)++;
}

gboolean
inspector_test_init (int    *argc,
                       char ***argv)
{
  g_test_init (argc, argv, NULL);
  return sw_ui_test_init ("/ui/inspector/no-display");
}
