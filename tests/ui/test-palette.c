/* test-palette.c: SwPalette lists the whole catalogue in groups, filters it,
 * activates kinds, drags them, and behaves as a GObject (notify counts,
 * finalization).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <string.h>

#include <gtk/gtk.h>

#include "sw-kind.h"
#include "sw-palette.h"

/* The rows of the palette, in order. */
static GPtrArray *
collect_rows (GtkWidget *widget,
              GPtrArray *rows)
{
  if (rows == NULL)
    rows = g_ptr_array_new ();
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_LIST_BOX_ROW (child))
        g_ptr_array_add (rows, child);
      else
        collect_rows (child, rows);
    }
  return rows;
}

static GtkWidget *
find_row (GtkWidget  *palette,
          const char *kind_name)
{
  g_autoptr(GPtrArray) rows = collect_rows (palette, NULL);

  for (guint i = 0; i < rows->len; i++)
    if (strcmp (gtk_widget_get_name (rows->pdata[i]), kind_name) == 0)
      return rows->pdata[i];
  return NULL;
}

/* The names of the rows the filter lets through. */
static GStrv
visible_names (GtkWidget *palette)
{
  g_autoptr(GPtrArray) rows = collect_rows (palette, NULL);
  g_autoptr(GStrvBuilder) names = g_strv_builder_new ();

  for (guint i = 0; i < rows->len; i++)
    if (gtk_widget_get_child_visible (rows->pdata[i]))
      g_strv_builder_add (names, gtk_widget_get_name (rows->pdata[i]));
  return g_strv_builder_end (names);
}

/* The group titles shown, in order. */
static GStrv
visible_headers (GtkWidget *palette)
{
  g_autoptr(GPtrArray) rows = collect_rows (palette, NULL);
  g_autoptr(GStrvBuilder) titles = g_strv_builder_new ();

  for (guint i = 0; i < rows->len; i++)
    {
      GtkWidget *header = gtk_list_box_row_get_header (rows->pdata[i]);

      if (gtk_widget_get_child_visible (rows->pdata[i]) && header != NULL)
        {
          g_assert_true (GTK_IS_LABEL (header));
          g_strv_builder_add (titles, gtk_label_get_text (GTK_LABEL (header)));
        }
    }
  return g_strv_builder_end (titles);
}

static void
test_all_kinds (void)
{
  GtkWidget *palette = g_object_ref_sink (sw_palette_new ());
  g_autoptr(GPtrArray) rows = collect_rows (palette, NULL);
  g_auto(GStrv) headers = NULL;
  guint n_kinds = 0;
  const SwKind *const *kinds = sw_catalog_get_kinds (&n_kinds);
  const char *order[] = { "Rotational", "Translational", "Transmission",
                          "Friction and clutches", "Engines and loads", "Sources" };
  guint last_group = 0;

  g_assert_cmpuint (n_kinds, >, 0);
  g_assert_cmpuint (sw_palette_get_n_visible (SW_PALETTE (palette)), ==, n_kinds);
  g_assert_cmpuint (rows->len, ==, n_kinds);

  /* Every kind exactly once, and the groups in the fixed order. */
  for (guint k = 0; k < n_kinds; k++)
    {
      guint found = 0;

      for (guint i = 0; i < rows->len; i++)
        if (strcmp (gtk_widget_get_name (rows->pdata[i]), kinds[k]->name) == 0)
          found++;
      g_assert_cmpuint (found, ==, 1);
    }
  for (guint i = 0; i < rows->len; i++)
    {
      const SwKind *kind = sw_catalog_lookup (gtk_widget_get_name (rows->pdata[i]));
      guint g;

      g_assert_nonnull (kind);
      g_assert_nonnull (gtk_widget_get_tooltip_text (rows->pdata[i]));
      g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (rows->pdata[i]), kind->name));
      for (g = 0; g < G_N_ELEMENTS (order); g++)
        if (g_strcmp0 (kind->group, order[g]) == 0)
          break;
      g_assert_cmpuint (g, >=, last_group);
      last_group = g;
    }

  /* A title above the first row of each group, none elsewhere. */
  headers = visible_headers (palette);
  g_assert_cmpstr (headers[0], ==, "Rotational");
  g_assert_true (g_strv_contains ((const char *const *) headers, "Translational"));
  g_assert_true (g_strv_contains ((const char *const *) headers, "Sources"));
  for (guint i = 0; headers[i] != NULL; i++)
    for (guint j = i + 1; headers[j] != NULL; j++)
      g_assert_cmpstr (headers[i], !=, headers[j]);

  g_assert_finalize_object (palette);
}

static void
test_search (void)
{
  GtkWidget *palette = g_object_ref_sink (sw_palette_new ());
  SwPalette *p = SW_PALETTE (palette);
  g_auto(GStrv) names = NULL;
  g_auto(GStrv) headers = NULL;
  const char *springs[] = { "rotational.spring", "rotational.spring_damper",
                            "translational.spring", "translational.spring_damper", NULL };
  guint n_kinds = 0, n_transmission = 0;
  const SwKind *const *kinds = sw_catalog_get_kinds (&n_kinds);

  sw_palette_set_search_text (p, "spring");
  names = visible_names (palette);
  g_assert_cmpstrv (names, springs);
  g_assert_cmpuint (sw_palette_get_n_visible (p), ==, 4);
  headers = visible_headers (palette);
  g_assert_cmpuint (g_strv_length (headers), ==, 2);
  g_assert_cmpstr (headers[0], ==, "Rotational");
  g_assert_cmpstr (headers[1], ==, "Translational");
  g_clear_pointer (&headers, g_strfreev);
  g_clear_pointer (&names, g_strfreev);

  /* Case does not matter. */
  sw_palette_set_search_text (p, "SPRING");
  g_assert_cmpuint (sw_palette_get_n_visible (p), ==, 4);

  sw_palette_set_search_text (p, "zzz");
  g_assert_cmpuint (sw_palette_get_n_visible (p), ==, 0);
  names = visible_names (palette);
  g_assert_cmpuint (g_strv_length (names), ==, 0);
  g_clear_pointer (&names, g_strfreev);

  /* The group. */
  for (guint i = 0; i < n_kinds; i++)
    if (g_strcmp0 (kinds[i]->group, "Transmission") == 0)
      n_transmission++;
  g_assert_cmpuint (n_transmission, >, 0);
  sw_palette_set_search_text (p, "transmission");
  g_assert_cmpuint (sw_palette_get_n_visible (p), ==, n_transmission);
  headers = visible_headers (palette);
  g_assert_cmpuint (g_strv_length (headers), ==, 1);
  g_assert_cmpstr (headers[0], ==, "Transmission");
  g_clear_pointer (&headers, g_strfreev);

  /* The kind's name, and every word must match. */
  sw_palette_set_search_text (p, "rotational.spring_damper");
  names = visible_names (palette);
  g_assert_cmpuint (g_strv_length (names), ==, 1);
  g_assert_cmpstr (names[0], ==, "rotational.spring_damper");
  g_clear_pointer (&names, g_strfreev);
  sw_palette_set_search_text (p, "  translational   damper ");
  g_assert_cmpuint (sw_palette_get_n_visible (p), ==, 2);

  sw_palette_set_search_text (p, "");
  g_assert_cmpuint (sw_palette_get_n_visible (p), ==, n_kinds);

  g_assert_finalize_object (palette);
}

static void
activated_cb (SwPalette  *palette,
              const char *kind_name,
              GPtrArray  *got)
{
  g_ptr_array_add (got, g_strdup (kind_name));
}

static GtkWidget *
find_search_entry (GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (GTK_IS_SEARCH_ENTRY (child))
        return child;
      found = find_search_entry (child);
      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
test_activate (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *palette = g_object_ref_sink (sw_palette_new ());
  g_autoptr(GPtrArray) got = g_ptr_array_new_with_free_func (g_free);
  GtkWidget *row = find_row (palette, "rotational.spring");
  GtkWidget *entry = find_search_entry (palette);

  /* Rows are activated inside a window (the list box asks for the focus). */
  gtk_window_set_child (GTK_WINDOW (window), palette);
  g_signal_connect (palette, "kind-activated", G_CALLBACK (activated_cb), got);

  g_assert_nonnull (row);
  gtk_widget_activate (row);
  g_assert_cmpuint (got->len, ==, 1);
  g_assert_cmpstr (got->pdata[0], ==, "rotational.spring");

  /* Enter in the search field takes the first match. */
  g_assert_nonnull (entry);
  gtk_editable_set_text (GTK_EDITABLE (entry), "damper");
  g_signal_emit_by_name (entry, "activate");
  g_assert_cmpstr (sw_palette_get_search_text (SW_PALETTE (palette)), ==, "damper");
  g_assert_cmpuint (got->len, ==, 2);
  g_assert_cmpstr (got->pdata[1], ==, "rotational.damper");

  /* Nothing matches: nothing is activated. */
  gtk_editable_set_text (GTK_EDITABLE (entry), "zzz");
  g_signal_emit_by_name (entry, "activate");
  g_assert_cmpuint (got->len, ==, 2);

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (palette);
}

static void
test_drag (void)
{
  GtkWidget *palette = g_object_ref_sink (sw_palette_new ());
  GtkWidget *row = find_row (palette, "rotational.inertia");
  g_autoptr(GListModel) controllers = NULL;
  GtkDragSource *source = NULL;
  g_autoptr(GdkContentProvider) content = NULL;
  g_autoptr(GError) error = NULL;
  GValue value = G_VALUE_INIT;

  g_assert_nonnull (row);
  controllers = gtk_widget_observe_controllers (row);
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);

      if (GTK_IS_DRAG_SOURCE (c))
        source = GTK_DRAG_SOURCE (c);
    }
  g_assert_nonnull (source);
  g_assert_cmpint (gtk_drag_source_get_actions (source), ==, GDK_ACTION_COPY);

  g_signal_emit_by_name (source, "prepare", 1.0, 1.0, &content);
  g_assert_nonnull (content);
  g_value_init (&value, G_TYPE_STRING);
  g_assert_true (gdk_content_provider_get_value (content, &value, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (g_value_get_string (&value), ==, "shaftwork-kind:rotational.inertia");
  g_value_unset (&value);

  g_clear_object (&controllers);
  g_assert_finalize_object (palette);
}

static void
notify_cb (GObject    *object,
           GParamSpec *pspec,
           guint      *count)
{
  (*count)++;
}

static void
test_properties (void)
{
  GtkWidget *palette = g_object_ref_sink (sw_palette_new ());
  g_autofree char *text = NULL;
  guint count = 0;

  g_assert_cmpstr (sw_palette_get_search_text (SW_PALETTE (palette)), ==, "");
  g_signal_connect (palette, "notify::search-text", G_CALLBACK (notify_cb), &count);

  sw_palette_set_search_text (SW_PALETTE (palette), "gear");
  g_assert_cmpuint (count, ==, 1);
  g_assert_cmpstr (sw_palette_get_search_text (SW_PALETTE (palette)), ==, "gear");

  /* The same value again: no notification. */
  sw_palette_set_search_text (SW_PALETTE (palette), "gear");
  g_assert_cmpuint (count, ==, 1);
  g_object_set (palette, "search-text", "gear", NULL);
  g_assert_cmpuint (count, ==, 1);

  g_object_set (palette, "search-text", "mass", NULL);
  g_assert_cmpuint (count, ==, 2);
  g_object_get (palette, "search-text", &text, NULL);
  g_assert_cmpstr (text, ==, "mass");
  g_assert_cmpuint (sw_palette_get_n_visible (SW_PALETTE (palette)), ==, 1);

  /* NULL is the empty search. */
  sw_palette_set_search_text (SW_PALETTE (palette), NULL);
  g_assert_cmpuint (count, ==, 3);
  g_assert_cmpstr (sw_palette_get_search_text (SW_PALETTE (palette)), ==, "");
  sw_palette_set_search_text (SW_PALETTE (palette), "");
  g_assert_cmpuint (count, ==, 3);

  g_assert_finalize_object (palette);
}

/* Shown in a window: every row's symbol is drawn, then it all goes away. */
static void
test_shown (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *palette = sw_palette_new ();
  gint64 end;

  g_object_add_weak_pointer (G_OBJECT (palette), (gpointer *) &palette);
  gtk_window_set_default_size (GTK_WINDOW (window), 260, 900);
  gtk_window_set_child (GTK_WINDOW (window), palette);
  gtk_window_present (GTK_WINDOW (window));

  end = g_get_monotonic_time () + G_USEC_PER_SEC;
  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  g_assert_true (gtk_widget_get_mapped (palette));

  sw_palette_set_search_text (SW_PALETTE (palette), "torque");
  g_assert_cmpuint (sw_palette_get_n_visible (SW_PALETTE (palette)), >, 0);
  while (g_main_context_iteration (NULL, FALSE))
    ;

  gtk_window_destroy (GTK_WINDOW (window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_null (palette);
}

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

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  if (!gtk_init_check ())
    {
      g_test_add_func ("/ui/palette/no-display", test_no_display);
      return g_test_run ();
    }

  g_test_add_func ("/ui/palette/all-kinds", test_all_kinds);
  g_test_add_func ("/ui/palette/search", test_search);
  g_test_add_func ("/ui/palette/activate", test_activate);
  g_test_add_func ("/ui/palette/drag", test_drag);
  g_test_add_func ("/ui/palette/properties", test_properties);
  g_test_add_func ("/ui/palette/shown", test_shown);

  return g_test_run ();
}
