/* test-palette.c: SwPalette lists the whole catalogue in groups, filters it,
 * activates kinds, drags them, places the first match at the canvas's
 * centre on Enter, shows each kind's domain and its whole name, and
 * behaves as a GObject (notify counts, finalization).
 *
 * SW_PALETTE_SHOTS=DIR keeps pictures of the palette (light and dark).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <string.h>

#include <gtk/gtk.h>

#include <adwaita.h>

#include "sw-canvas.h"
#include "sw-canvas-private.h"
#include "sw-kind.h"
#include "sw-palette.h"
#include "sw-ui-test.h"

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
                          "Friction and clutches", "Engines and loads", "Sensors", "Sources" };
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
                            "translational.spring", "translational.spring_damper",
                            "translational.spring_damper_series", NULL };
  guint n_kinds = 0, n_transmission = 0;
  const SwKind *const *kinds = sw_catalog_get_kinds (&n_kinds);

  sw_palette_set_search_text (p, "spring");
  names = visible_names (palette);
  g_assert_cmpstrv (names, springs);
  g_assert_cmpuint (sw_palette_get_n_visible (p), ==, 5);
  headers = visible_headers (palette);
  g_assert_cmpuint (g_strv_length (headers), ==, 2);
  g_assert_cmpstr (headers[0], ==, "Rotational");
  g_assert_cmpstr (headers[1], ==, "Translational");
  g_clear_pointer (&headers, g_strfreev);
  g_clear_pointer (&names, g_strfreev);

  /* Case does not matter. */
  sw_palette_set_search_text (p, "SPRING");
  g_assert_cmpuint (sw_palette_get_n_visible (p), ==, 5);

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
  /* translational.damper, .spring_damper and .spring_damper_series. */
  sw_palette_set_search_text (p, "  translational   damper ");
  g_assert_cmpuint (sw_palette_get_n_visible (p), ==, 3);

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

  /* Enter takes the kind the search names best: "clutch" matches the
   * whole group "Friction and clutches", whose first is Bearing friction,
   * but names the Clutch; "one-way" the One-way clutch; "engine" the
   * first whose name says so, the Dynamic engine. */
  gtk_editable_set_text (GTK_EDITABLE (entry), "clutch");
  g_signal_emit_by_name (entry, "activate");
  g_assert_cmpuint (got->len, ==, 3);
  g_assert_cmpstr (got->pdata[2], ==, "rotational.clutch");
  gtk_editable_set_text (GTK_EDITABLE (entry), "one-way");
  g_signal_emit_by_name (entry, "activate");
  g_assert_cmpuint (got->len, ==, 4);
  g_assert_cmpstr (got->pdata[3], ==, "rotational.one_way_clutch");
  gtk_editable_set_text (GTK_EDITABLE (entry), "engine");
  g_signal_emit_by_name (entry, "activate");
  g_assert_cmpuint (got->len, ==, 5);
  g_assert_cmpstr (got->pdata[4], ==, "rotational.engine");

  /* Nothing matches: nothing is activated. */
  gtk_editable_set_text (GTK_EDITABLE (entry), "zzz");
  g_signal_emit_by_name (entry, "activate");
  g_assert_cmpuint (got->len, ==, 5);

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
  /* translational.mass, translational.mass_with_stop_and_friction, the two
   * Twin Builder masses and the two line forces with masses. */
  g_assert_cmpuint (sw_palette_get_n_visible (SW_PALETTE (palette)), ==, 6);

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

/* Every row carries a tag for each domain of its kind's flanges, so that
 * kinds of the same name in both domains look different. */
static void
test_domains (void)
{
  GtkWidget *palette = g_object_ref_sink (sw_palette_new ());
  guint n_kinds = 0;
  const SwKind *const *kinds = sw_catalog_get_kinds (&n_kinds);
  const char *const pairs[] = { "speed", "position", "accelerate" };

  for (guint k = 0; k < n_kinds; k++)
    {
      GtkWidget *row = find_row (palette, kinds[k]->name);
      gboolean rot = FALSE, trans = FALSE;
      GtkWidget *name;
      g_autofree char *tooltip = NULL;

      for (guint p = 0; p < kinds[k]->n_ports; p++)
        {
          rot |= kinds[k]->ports[p].domain == SW_DOMAIN_ROTATIONAL;
          trans |= kinds[k]->ports[p].domain == SW_DOMAIN_TRANSLATIONAL;
        }
      g_assert_nonnull (row);
      g_assert_true ((sw_ui_test_find_named (row, "domain-rotational") != NULL) == rot);
      g_assert_true ((sw_ui_test_find_named (row, "domain-translational") != NULL) == trans);
      if (rot)
        g_assert_true (gtk_widget_has_css_class (sw_ui_test_find_named (row, "domain-rotational"), "rotational"));
      if (trans)
        g_assert_true (gtk_widget_has_css_class (sw_ui_test_find_named (row, "domain-translational"), "translational"));

      /* The whole name in the label (never shortened in the text) and in
       * the tooltip. */
      name = sw_ui_test_find_named (row, "name");
      g_assert_true (GTK_IS_LABEL (name));
      g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (name)), ==, kinds[k]->label);
      g_assert_true (gtk_label_get_wrap (GTK_LABEL (name)));
      tooltip = g_strdup (gtk_widget_get_tooltip_text (row));
      g_assert_nonnull (strstr (tooltip, kinds[k]->label));
    }

  /* Speed, Position, Accelerate: same names, different tags. */
  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    {
      g_autofree char *rot_name = g_strconcat ("rotational.", pairs[i], NULL);
      g_autofree char *trans_name = g_strconcat ("translational.", pairs[i], NULL);
      GtkWidget *rot_row = find_row (palette, rot_name);
      GtkWidget *trans_row = find_row (palette, trans_name);

      g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (sw_ui_test_find_named (rot_row, "name"))), ==,
                       gtk_label_get_text (GTK_LABEL (sw_ui_test_find_named (trans_row, "name"))));
      g_assert_nonnull (sw_ui_test_find_named (rot_row, "domain-rotational"));
      g_assert_null (sw_ui_test_find_named (rot_row, "domain-translational"));
      g_assert_nonnull (sw_ui_test_find_named (trans_row, "domain-translational"));
      g_assert_null (sw_ui_test_find_named (trans_row, "domain-rotational"));
    }

  g_assert_finalize_object (palette);
}

/* Shown at its natural width and at its narrowest (the window's sidebar
 * asks for 200 pixels, and gets at least that): no name is ellipsized,
 * long ones wrap. */
static void
test_names_shown (void)
{
  int widths[] = { -1, 0 };

  for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
    {
      GtkWidget *window = gtk_window_new ();
      GtkWidget *palette = g_object_ref_sink (sw_palette_new ());
      g_autoptr(GPtrArray) rows = collect_rows (palette, NULL);
      gboolean wrapped = FALSE;

      if (w == 1)
        {
          gtk_widget_measure (palette, GTK_ORIENTATION_HORIZONTAL, -1, &widths[w], NULL, NULL, NULL);
          /* Not much wider than the sidebar's request. */
          g_assert_cmpint (widths[w], <=, 230);
        }
      gtk_window_set_default_size (GTK_WINDOW (window), widths[w], 2000);
      gtk_window_set_child (GTK_WINDOW (window), palette);
      gtk_window_present (GTK_WINDOW (window));
      sw_ui_test_iterate (300);
      if (widths[w] > 0)
        g_assert_cmpint (gtk_widget_get_width (palette), <=, widths[w]);

      for (guint i = 0; i < rows->len; i++)
        {
          GtkWidget *name = sw_ui_test_find_named (rows->pdata[i], "name");
          PangoLayout *layout = gtk_label_get_layout (GTK_LABEL (name));

          g_assert_true (gtk_widget_get_mapped (name));
          if (pango_layout_is_ellipsized (layout))
            g_error ("%s is ellipsized at width %d", gtk_label_get_text (GTK_LABEL (name)),
                     gtk_widget_get_width (palette));
          wrapped |= pango_layout_get_line_count (layout) > 1;
        }
      /* At the narrow width the long names take two lines. */
      if (widths[w] > 0)
        g_assert_true (wrapped);

      gtk_window_destroy (GTK_WINDOW (window));
      g_assert_finalize_object (palette);
    }
}

static void
place_kind_cb (SwPalette  *palette,
               const char *kind_name,
               SwCanvas   *canvas)
{
  sw_canvas_place_kind_at_center (canvas, kind_name);
}

/* Enter in the search field places the first match at the canvas's
 * centre (as the window wires it). */
static void
test_place_kind (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *palette = g_object_ref_sink (sw_palette_new ());
  GtkWidget *canvas = g_object_ref_sink (sw_canvas_new ());
  GtkWidget *entry = find_search_entry (palette);
  SwModel *model = sw_model_new ();
  g_autoptr(GPtrArray) got = g_ptr_array_new_with_free_func (g_free);
  const SwComponent *c;

  sw_canvas_set_model (SW_CANVAS (canvas), model);
  gtk_widget_set_hexpand (canvas, TRUE);
  gtk_box_append (GTK_BOX (box), palette);
  gtk_box_append (GTK_BOX (box), canvas);
  gtk_window_set_child (GTK_WINDOW (window), box);
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 600);
  gtk_window_present (GTK_WINDOW (window));
  sw_ui_test_iterate (200);

  g_signal_connect (palette, "place-kind", G_CALLBACK (place_kind_cb), canvas);
  g_signal_connect (palette, "kind-activated", G_CALLBACK (activated_cb), got);

  gtk_editable_set_text (GTK_EDITABLE (entry), "accelerate trans");
  g_signal_emit_by_name (entry, "activate");
  g_assert_cmpuint (sw_model_get_n_components (model), ==, 1);
  c = sw_model_get_component (model, 0);
  g_assert_cmpstr (c->kind->name, ==, "translational.accelerate");
  g_assert_true (c->has_position);
  /* Placed where the view's centre is (on the grid), selected; not a
   * click-to-place. */
  {
    SwCanvasView view;
    double mx, my;

    _sw_canvas_get_view (SW_CANVAS (canvas), &view);
    _sw_canvas_view_to_model (&view, gtk_widget_get_width (canvas) / 2.0, gtk_widget_get_height (canvas) / 2.0,
                              &mx, &my);
    g_assert_cmpfloat_with_epsilon (c->position[0], mx, SW_CANVAS_GRID);
    g_assert_cmpfloat_with_epsilon (c->position[1], my, SW_CANVAS_GRID);
    g_assert_cmpint (sw_canvas_get_selected_component (SW_CANVAS (canvas)), ==, 0);
  }
  g_assert_cmpuint (got->len, ==, 0);

  /* Nothing matches: nothing placed. */
  gtk_editable_set_text (GTK_EDITABLE (entry), "zzz");
  g_signal_emit_by_name (entry, "activate");
  g_assert_cmpuint (sw_model_get_n_components (model), ==, 1);

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (palette);
  g_assert_finalize_object (canvas);
  g_assert_finalize_object (model);
}

static void
keep_pictures (void)
{
  GtkWidget *window, *palette;

  if (g_getenv ("SW_PALETTE_SHOTS") == NULL)
    {
      g_test_skip ("SW_PALETTE_SHOTS not set");
      return;
    }
  window = gtk_window_new ();
  palette = g_object_ref_sink (sw_palette_new ());
  gtk_window_set_default_size (GTK_WINDOW (window), 200, 1000);
  gtk_window_set_child (GTK_WINDOW (window), palette);
  gtk_window_present (GTK_WINDOW (window));

  /* All, then the sources (the rotational and translational Speed,
   * Position, Accelerate), light and dark. */
  for (guint s = 0; s < 4; s++)
    {
      const char *const names[] = { "palette-light.png", "palette-dark.png",
                                    "palette-sources-light.png", "palette-sources-dark.png" };

      sw_palette_set_search_text (SW_PALETTE (palette), s < 2 ? "" : "sources");
      sw_ui_test_set_dark (s % 2 == 1);
      sw_ui_test_iterate (300);
      sw_ui_test_keep_widget (window, "SW_PALETTE_SHOTS", names[s]);
    }
  sw_ui_test_reset_style ();
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (palette);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  if (!sw_ui_test_init ("/ui/palette/no-display"))
    return g_test_run ();

  g_test_add_func ("/ui/palette/all-kinds", test_all_kinds);
  g_test_add_func ("/ui/palette/search", test_search);
  g_test_add_func ("/ui/palette/activate", test_activate);
  g_test_add_func ("/ui/palette/drag", test_drag);
  g_test_add_func ("/ui/palette/properties", test_properties);
  g_test_add_func ("/ui/palette/shown", test_shown);
  g_test_add_func ("/ui/palette/domains", test_domains);
  g_test_add_func ("/ui/palette/names-shown", test_names_shown);
  g_test_add_func ("/ui/palette/place-kind", test_place_kind);
  g_test_add_func ("/ui/palette/pictures", keep_pictures);

  return g_test_run ();
}
