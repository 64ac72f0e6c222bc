/* sw-ui-test.c: helpers of the widget tests (sw-ui-test.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-ui-test.h"

#include <string.h>

static void
test_no_display (void)
{
  if (g_getenv ("CI") != NULL)
    {
      g_test_message ("no display: run under xvfb-run");
      g_test_fail ();
    }
  else
    g_test_skip ("no display");
}

gboolean
sw_ui_test_init (const char *no_display_path)
{
  if (!gtk_init_check ())
    {
      g_test_add_func (no_display_path, test_no_display);
      return FALSE;
    }
  adw_init ();
  return TRUE;
}

static gboolean
set_done (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

void
sw_ui_test_iterate (guint ms)
{
  gboolean done = FALSE;

  g_timeout_add (ms, set_done, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

int
sw_ui_test_wait_width (GtkWidget *widget, int min_px, guint timeout_s)
{
  gint64 end = g_get_monotonic_time () + timeout_s * G_USEC_PER_SEC;

  while (gtk_widget_get_width (widget) <= min_px && g_get_monotonic_time () < end)
    sw_ui_test_iterate (50);
  /* (A frame more: drawn at that width.) */
  sw_ui_test_iterate (100);
  return gtk_widget_get_width (widget);
}

static void
count_emission (guint *count)
{
  (*count)++;
}

guint
sw_ui_test_wait_signal (gpointer object, const char *signal, guint timeout_s)
{
  guint count = 0;
  gulong id = g_signal_connect_swapped (object, signal, G_CALLBACK (count_emission), &count);
  gint64 end = g_get_monotonic_time () + timeout_s * G_USEC_PER_SEC;

  while (count == 0 && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_signal_handler_disconnect (object, id);
  return count;
}

void
sw_ui_test_set_dark (gboolean dark)
{
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      dark ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_FORCE_LIGHT);
}

void
sw_ui_test_reset_style (void)
{
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
}

cairo_surface_t *
sw_ui_test_snapshot (GtkWidget *widget)
{
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);

  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  /* A widget whose redraw is queued has no node until its frame comes (a
   * slow machine, the sanitizers): up to 10 s for it. */
  for (guint i = 0; node == NULL && i < 200; i++)
    {
      sw_ui_test_iterate (50);
      snapshot = gtk_snapshot_new ();
      gdk_paintable_snapshot (paintable, snapshot, width, height);
      node = gtk_snapshot_free_to_node (snapshot);
    }
  g_assert_nonnull (node);
  gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

void
sw_ui_test_keep_picture (cairo_surface_t *surface, const char *env_var, const char *name)
{
  const char *dir = g_getenv (env_var);
  g_autofree char *path = NULL;

  if (dir == NULL)
    return;
  g_mkdir_with_parents (dir, 0755);
  path = g_build_filename (dir, name, NULL);
  g_assert_cmpint (cairo_surface_write_to_png (surface, path), ==, CAIRO_STATUS_SUCCESS);
  g_test_message ("picture: %s", path);
}

void
sw_ui_test_keep_widget (GtkWidget *widget, const char *env_var, const char *name)
{
  cairo_surface_t *surface;

  if (g_getenv (env_var) == NULL)
    return;
  surface = sw_ui_test_snapshot (widget);
  sw_ui_test_keep_picture (surface, env_var, name);
  cairo_surface_destroy (surface);
}

static guint32
pixel (cairo_surface_t *surface, int x, int y)
{
  const guint8 *data = cairo_image_surface_get_data (surface);

  g_assert_cmpint (x, >=, 0);
  g_assert_cmpint (y, >=, 0);
  g_assert_cmpint (x, <, cairo_image_surface_get_width (surface));
  g_assert_cmpint (y, <, cairo_image_surface_get_height (surface));
  return *(const guint32 *) (gconstpointer) (data + y * cairo_image_surface_get_stride (surface) + 4 * x);
}

void
sw_ui_test_pixel_at (cairo_surface_t *surface, int x, int y, double rgb[3])
{
  guint32 p = pixel (surface, x, y);

  rgb[0] = ((p >> 16) & 0xff) / 255.0;
  rgb[1] = ((p >> 8) & 0xff) / 255.0;
  rgb[2] = (p & 0xff) / 255.0;
}

double
sw_ui_test_luminance_at (cairo_surface_t *surface, int x, int y)
{
  guint32 p = pixel (surface, x, y);

  return (0.2126 * ((p >> 16) & 0xff) + 0.7152 * ((p >> 8) & 0xff) + 0.0722 * (p & 0xff)) / 255.0;
}

guint
sw_ui_test_count_colour (cairo_surface_t *surface, const guint8 rgb[3], int tolerance)
{
  const guint8 *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  guint n = 0;

  for (int y = 0; y < cairo_image_surface_get_height (surface); y++)
    for (int x = 0; x < cairo_image_surface_get_width (surface); x++)
      {
        guint32 p = *(const guint32 *) (gconstpointer) (data + y * stride + 4 * x);
        n += abs ((int) ((p >> 16) & 0xff) - rgb[0]) <= tolerance &&
             abs ((int) ((p >> 8) & 0xff) - rgb[1]) <= tolerance &&
             abs ((int) (p & 0xff) - rgb[2]) <= tolerance;
      }
  return n;
}

GtkWidget *
sw_ui_test_find_named (GtkWidget *widget, const char *name)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (strcmp (gtk_widget_get_name (child), name) == 0)
        return child;
      found = sw_ui_test_find_named (child, name);
      if (found != NULL)
        return found;
    }
  return NULL;
}

GtkWidget *
sw_ui_test_find_type (GtkWidget *widget, GType type)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (G_TYPE_CHECK_INSTANCE_TYPE (child, type))
        return child;
      found = sw_ui_test_find_type (child, type);
      if (found != NULL)
        return found;
    }
  return NULL;
}

GtkLabel *
sw_ui_test_find_label (GtkWidget *widget, const char *prefix)
{
  if (GTK_IS_LABEL (widget) && g_str_has_prefix (gtk_label_get_label (GTK_LABEL (widget)), prefix))
    return GTK_LABEL (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkLabel *found = sw_ui_test_find_label (child, prefix);

      if (found != NULL)
        return found;
    }
  return NULL;
}

gboolean
sw_ui_test_has_string (GListModel *list, const char *text)
{
  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr(GtkStringObject) item = g_list_model_get_item (list, i);

      if (strcmp (gtk_string_object_get_string (item), text) == 0)
        return TRUE;
    }
  return FALSE;
}

void
sw_ui_test_count_notify (GObject *object, GParamSpec *pspec, int *count)
{
  (*count)++;
}

char *
sw_ui_test_example_path (const char *name)
{
  const char *root = g_getenv ("SW_SOURCE_ROOT");

  return g_build_filename (root != NULL ? root : ".", "data", "examples", name, NULL);
}

static SwSystem *
assemble (SwModel *model, const GError *read_error)
{
  g_autoptr(GError) error = NULL;
  SwSystem *system;

  g_assert_no_error (read_error);
  system = sw_model_assemble (model, &error);
  g_assert_no_error (error);
  return system;
}

SwSystem *
sw_ui_test_load_system (const char *name)
{
  g_autofree char *path = sw_ui_test_example_path (name);
  g_autoptr(GError) error = NULL;
  g_autoptr(SwModel) model = sw_model_new_from_file (path, &error);

  return assemble (model, error);
}

SwSystem *
sw_ui_test_system_from_text (const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SwModel) model = sw_model_new_from_data (text, -1, "test.shaft", &error);

  return assemble (model, error);
}

/* A drivetrain without a compliant part (as a new user draws it first:
 * engine, inertia, clutch, inertia), its clutch slipping at t = 0. */
SwSystem *
sw_ui_test_rigid_drivetrain (void)
{
  static const char text[] = "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
  "{\"id\": \"engine1\", \"kind\": \"rotational.engine\"},"
  "{\"id\": \"inertia1\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1}},"
  "{\"id\": \"clutch1\", \"kind\": \"rotational.clutch\", \"params\": {\"fn_max\": 1000}},"
  "{\"id\": \"inertia2\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1}}],"
  "\"connections\": [{\"from\": \"engine1.rot2\", \"to\": \"inertia1.flange_a\"},"
  "{\"from\": \"inertia1.flange_b\", \"to\": \"clutch1.flange_a\"},"
  "{\"from\": \"clutch1.flange_b\", \"to\": \"inertia2.flange_a\"}]}";

  return sw_ui_test_system_from_text (text);
}
