/* test-window-common.c: what the window's test programs share: spinning
 * the main loop until jobs end, making and destroying windows (checking
 * that they are finalized), example copies, pictures, and the programs'
 * setup (a home of their own, a display or a skip).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "test-window-common.h"

#include <glib/gstdio.h>

#include "sw-error.h"
#include "sw-test-files.h"

void
iterate (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* Spins the main loop until no job runs, at most timeout_s. */
gboolean
wait_until_idle (SwWindow *window,
                 double    timeout_s)
{
  gint64 end = g_get_monotonic_time () + (gint64) (timeout_s * G_USEC_PER_SEC);

  while (sw_window_get_running (window) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  return !sw_window_get_running (window);
}

/* Spins the main loop until the window has shown more than n runs. */
gboolean
wait_for_runs (SwWindow *window,
               guint     n,
               double    timeout_s)
{
  gint64 end = g_get_monotonic_time () + (gint64) (timeout_s * G_USEC_PER_SEC);

  while ((sw_window_get_n_runs (window) <= n || sw_window_get_running (window)) &&
         g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  return sw_window_get_n_runs (window) > n;
}

void
spin (double seconds)
{
  gint64 end = g_get_monotonic_time () + (gint64) (seconds * G_USEC_PER_SEC);

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
}

SwWindow *
window_new (void)
{
  SwWindow *window = sw_window_new (NULL);

  gtk_window_present (GTK_WINDOW (window));
  iterate ();
  return window;
}

/* Destroys the window and checks that it and its model are finalized. */
void
window_destroy_and_check (SwWindow *window)
{
  SwWindow *weak_window = window;
  SwModel *weak_model = sw_window_get_model (window);
  SwHistory *weak_history = sw_window_get_history (window);
  gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  g_object_add_weak_pointer (G_OBJECT (weak_window), (gpointer *) &weak_window);
  g_object_add_weak_pointer (G_OBJECT (weak_model), (gpointer *) &weak_model);
  g_object_add_weak_pointer (G_OBJECT (weak_history), (gpointer *) &weak_history);
  gtk_window_destroy (GTK_WINDOW (window));
  while ((weak_window != NULL || weak_model != NULL || weak_history != NULL) &&
         g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  g_assert_null (weak_window);
  g_assert_null (weak_model);
  g_assert_null (weak_history);
}

void
find_actionables (GtkWidget  *widget,
                  const char *action_name,
                  GPtrArray  *found)
{
  if (GTK_IS_ACTIONABLE (widget) &&
      g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action_name) == 0)
    g_ptr_array_add (found, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    find_actionables (child, action_name, found);
}

/* Whether the header-bar button bound to the action is sensitive: that is
 * how the user sees an action enabled or disabled. */
gboolean
action_button_sensitive (SwWindow   *window,
                         const char *action_name)
{
  g_autoptr(GPtrArray) found = g_ptr_array_new ();

  iterate ();
  find_actionables (GTK_WIDGET (window), action_name, found);
  g_assert_cmpuint (found->len, >=, 1);
  return gtk_widget_get_sensitive (g_ptr_array_index (found, 0));
}

char *
copy_example_to_temp (const char  *name,
                      char       **dir_out)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *source = sw_test_example_path (name);
  g_autofree char *text = NULL;
  char *dir = g_dir_make_tmp ("test-window-XXXXXX", &error);
  char *path;
  gsize length;

  g_assert_no_error (error);
  g_file_get_contents (source, &text, &length, &error);
  g_assert_no_error (error);
  path = g_build_filename (dir, name, NULL);
  g_file_set_contents (path, text, (gssize) length, &error);
  g_assert_no_error (error);
  *dir_out = dir;
  return path;
}

SwWindow *
window_with_file (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  SwWindow *window = window_new ();

  g_assert_true (sw_window_load_file (window, file, &error));
  g_assert_no_error (error);
  iterate ();
  return window;
}

/* Pictures of the window with plots for every bundled example, light and
 * dark, into $SW_SCREENSHOTS (only when it is set). */
void
save_window_png (SwWindow   *window,
                 const char *path)
{
  GtkWidget *widget = GTK_WIDGET (window);
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);

  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  g_assert_true (gdk_texture_save_to_png (texture, path));
}

static void
test_no_display (void)
{
  g_test_skip ("no display");
}

/* GTK 4.8 warns "Trying to snapshot WIDGET without a current allocation"
 * when a frame falls between a resize and its allocation, which a loaded
 * machine makes likely (a window resized by the test while it draws):
 * GTK's own timing, not the window's. Every other warning stays fatal. */
static gboolean
fatal_unless_snapshot_race (const char     *domain,
                            GLogLevelFlags  level,
                            const char     *message,
                            gpointer        data)
{
  return !(g_strcmp0 (domain, "Gtk") == 0 && (level & G_LOG_LEVEL_WARNING)
           && strstr (message, "without a current allocation") != NULL);
}

int
test_window_run (int          argc,
                 char       **argv,
                 const char  *program,
                 void       (*add_tests) (void))
{
  g_autofree char *home = NULL;
  g_autofree char *template = g_strdup_printf ("%s-home-XXXXXX", program);
  int status;

  /* Recent files, recovery copies and caches go to a folder of our own
   * (set before GLib reads the variables). */
  home = g_dir_make_tmp (template, NULL);
  g_assert_nonnull (home);
  for (guint i = 0; i < 4; i++)
    {
      static const char *const vars[] = { "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME",
                                          "XDG_CACHE_HOME" };
      g_autofree char *dir = g_build_filename (home, vars[i], NULL);

      g_mkdir_with_parents (dir, 0700);
      g_setenv (vars[i], dir, TRUE);
    }
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_setenv ("NO_AT_BRIDGE", "1", TRUE);
  g_test_init (&argc, &argv, NULL);
  g_test_log_set_fatal_handler (fatal_unless_snapshot_race, NULL);

  if (!gtk_init_check ())
    {
      if (g_getenv ("CI") != NULL)
        {
          g_printerr ("%s needs a display (run under xvfb-run)\n", program);
          sw_test_remove_tree (home);
          return 1;
        }
      g_test_add_func ("/app/window/no-display", test_no_display);
      status = g_test_run ();
      sw_test_remove_tree (home);
      return status;
    }
  adw_init ();
  sw_init ();

  add_tests ();
  status = g_test_run ();

  sw_test_remove_tree (home);
  return status;
}

GtkWindow *
find_transient (SwWindow *window,
                GType     type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  guint n = g_list_model_get_n_items (toplevels);

  iterate ();
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (toplevel, type) &&
          gtk_window_get_transient_for (toplevel) == GTK_WINDOW (window) &&
          gtk_widget_get_visible (GTK_WIDGET (toplevel)))
        return toplevel;
    }
  return NULL;
}

void
respond (GtkWindow  *dialog,
         const char *response)
{
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), response);
  gtk_window_destroy (dialog);
  iterate ();
}

double
get_param (SwModel    *model,
           const char *id,
           const char *param)
{
  int index = sw_model_find_component (model, id);
  const SwComponent *component;
  int p;

  g_assert_cmpint (index, >=, 0);
  component = sw_model_get_component (model, (guint) index);
  p = sw_kind_find_param (component->kind, param);
  g_assert_cmpint (p, >=, 0);
  return component->param[p];
}

gboolean
strv_has (char       **strv,
          const char  *name)
{
  return strv != NULL && g_strv_contains ((const char * const *) strv, name);
}

gboolean
wait_not_busy (GObject *view,
               double   timeout_s)
{
  gint64 end = g_get_monotonic_time () + (gint64) (timeout_s * G_USEC_PER_SEC);
  gboolean busy = TRUE;

  while (g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      g_object_get (view, "busy", &busy, NULL);
      if (!busy)
        return TRUE;
      g_usleep (1000);
    }
  return FALSE;
}

void
count_notify (guint *n)
{
  (*n)++;
}

void
collect_menus (GtkWidget *widget,
               GPtrArray *menus)
{
  if (GTK_IS_MENU_BUTTON (widget) && gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (widget)) != NULL)
    g_ptr_array_add (menus, gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (widget)));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_menus (child, menus);
}

void
collect_targets (GMenuModel *menu,
                 const char *action_name,
                 GPtrArray  *targets)
{
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autoptr(GMenuLinkIter) links = g_menu_model_iterate_item_links (menu, i);
      g_autofree char *action = NULL;
      g_autofree char *target = NULL;

      if (g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_ACTION, "s", &action) &&
          g_strcmp0 (action, action_name) == 0 &&
          g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_TARGET, "s", &target))
        g_ptr_array_add (targets, g_steal_pointer (&target));
      while (g_menu_link_iter_next (links))
        {
          g_autoptr(GMenuModel) link = g_menu_link_iter_get_value (links);

          collect_targets (link, action_name, targets);
        }
    }
}

gboolean
ptr_array_has_string (GPtrArray  *array,
                      const char *text)
{
  for (guint i = 0; i < array->len; i++)
    if (g_strcmp0 (g_ptr_array_index (array, i), text) == 0)
      return TRUE;
  return FALSE;
}
