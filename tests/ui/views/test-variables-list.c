/* test-variables-list.c: SwVariablesList lists every component of a model
 * and its variables with their units (in the display units asked for),
 * filters by search, keeps check boxes by "id.var" name through edits and
 * says when they change, raises a component to the top, checks a main
 * variable, and behaves as a GObject (notify counts, finalization).
 *
 * Needs a display (xvfb-run); GSK_RENDERER=cairo. SW_VARIABLES_LIST_SHOTS=DIR
 * keeps pictures of the list in the light and dark styles there.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <string.h>

#include <adwaita.h>

#include "sw-model.h"
#include "sw-variables-list.h"
#include "sw-ui-test.h"

/* Components of data/examples/first.shaft, in model order. */
static const char *const first_ids[] = {
  "fixed", "torque", "inertia1", "idealGear", "inertia2", "spring", "inertia3", "damper", NULL,
};

typedef struct {
  SwModel   *model;
  GtkWidget *window;
  GtkWidget *list;
  guint      n_checked_changed;
} Fixture;

static void
checked_changed_cb (SwVariablesList *list,
                    Fixture         *f)
{
  f->n_checked_changed++;
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = sw_ui_test_example_path ("first.shaft");

  f->model = sw_model_new_from_file (path, &error);
  g_assert_no_error (error);

  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), 320, 560);
  f->list = g_object_ref_sink (sw_variables_list_new ());
  gtk_window_set_child (GTK_WINDOW (f->window), f->list);
  sw_variables_list_set_model (SW_VARIABLES_LIST (f->list), f->model);
  g_signal_connect (f->list, "checked-changed", G_CALLBACK (checked_changed_cb), f);
  gtk_window_present (GTK_WINDOW (f->window));
  sw_ui_test_iterate (100);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  g_assert_finalize_object (f->list);
  g_assert_finalize_object (f->model);
}

static void
expand_all (Fixture *f)
{
  for (guint i = 0; first_ids[i] != NULL; i++)
    sw_variables_list_set_expanded (SW_VARIABLES_LIST (f->list), first_ids[i], TRUE);
}

static GtkWidget *
find_list_view (GtkWidget *widget)
{
  if (GTK_IS_LIST_VIEW (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_list_view (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
strv_has (char **strv, const char *s)
{
  return g_strv_contains ((const char *const *) strv, s);
}

static void
test_kind_main_variable (void)
{
  guint n_kinds = 0;
  const SwKind *const *kinds = sw_catalog_get_kinds (&n_kinds);

  g_assert_cmpstr (sw_kind_main_variable (sw_catalog_lookup ("rotational.inertia")), ==, "w");
  g_assert_cmpstr (sw_kind_main_variable (sw_catalog_lookup ("translational.mass")), ==, "v");
  g_assert_cmpstr (sw_kind_main_variable (sw_catalog_lookup ("rotational.spring")), ==, "tau");
  g_assert_cmpstr (sw_kind_main_variable (sw_catalog_lookup ("translational.damper")), ==, "f");
  g_assert_cmpstr (sw_kind_main_variable (sw_catalog_lookup ("rotational.torque")), ==, "tau");
  g_assert_cmpstr (sw_kind_main_variable (sw_catalog_lookup ("translational.force")), ==, "f");
  /* Unset: the first variable. */
  g_assert_null (sw_catalog_lookup ("rotational.ideal_gear")->main_var);
  g_assert_cmpstr (sw_kind_main_variable (sw_catalog_lookup ("rotational.ideal_gear")), ==, "flange_a.tau");

  /* Every kind's main variable is one of its variables. */
  for (guint k = 0; k < n_kinds; k++)
    {
      const char *var = sw_kind_main_variable (kinds[k]);

      g_assert_nonnull (var);
      g_assert_cmpint (sw_kind_find_var (kinds[k], var), >=, 0);
    }
}

/* A component's rows when expanded: its kind's variables, then its ports'
 * positions and torques that the kind does not have itself. */
static guint
n_variable_rows (const SwKind *kind)
{
  guint n = kind->n_vars;

  for (guint p = 0; p < kind->n_ports; p++)
    {
      gboolean rot = kind->ports[p].domain == SW_DOMAIN_ROTATIONAL;
      g_autofree char *x = g_strdup_printf ("%s.%s", kind->ports[p].name, rot ? "phi" : "s");
      g_autofree char *f = g_strdup_printf ("%s.%s", kind->ports[p].name, rot ? "tau" : "f");

      n += (sw_kind_find_var (kind, x) < 0) + (sw_kind_find_var (kind, f) < 0);
    }
  return n;
}

static void
test_lists_everything (Fixture       *f,
                       gconstpointer  data)
{
  SwVariablesList *list = SW_VARIABLES_LIST (f->list);
  g_auto(GStrv) ids = sw_variables_list_dup_shown_components (list);
  g_auto(GStrv) collapsed = sw_variables_list_dup_shown_rows (list);
  g_auto(GStrv) rows = NULL;
  guint n_vars = 0;

  /* Every component, in model order, collapsed at first. */
  g_assert_true (g_strv_equal ((const char *const *) ids, first_ids));
  g_assert_true (g_strv_equal ((const char *const *) collapsed, first_ids));

  /* Expanded: each component followed by each of its kind's variables
   * with its unit, then its ports' positions and torques (those its kind
   * does not have itself). */
  expand_all (f);
  rows = sw_variables_list_dup_shown_rows (list);
  for (guint i = 0; i < sw_model_get_n_components (f->model); i++)
    n_vars += n_variable_rows (sw_model_get_component (f->model, i)->kind);
  g_assert_cmpuint (g_strv_length (rows), ==, sw_model_get_n_components (f->model) + n_vars);
  g_assert_true (strv_has (rows, "  inertia1.w [rad/s]"));
  g_assert_true (strv_has (rows, "  inertia1.phi [rad]"));
  g_assert_true (strv_has (rows, "  inertia1.a [rad/s²]"));
  g_assert_true (strv_has (rows, "  spring.tau [N·m]"));
  g_assert_true (strv_has (rows, "  torque.power [W]"));
  g_assert_true (strv_has (rows, "  fixed.flange.tau [N·m]"));
  g_assert_true (strv_has (rows, "  spring.flange_b.tau [N·m]"));
  g_assert_true (strv_has (rows, "  spring.flange_a.phi [rad]"));
  /* Order: inertia1's variables right after it. */
  for (guint i = 0; rows[i] != NULL; i++)
    if (strcmp (rows[i], "inertia1") == 0)
      {
        g_assert_cmpstr (rows[i + 1], ==, "  inertia1.phi [rad]");
        g_assert_cmpstr (rows[i + 2], ==, "  inertia1.w [rad/s]");
      }

  /* rpm and degrees when the window asks for them; other units stay. */
  sw_variables_list_set_display_units (list, SW_PLOT_UNITS_RPM_DEGREES);
  g_clear_pointer (&rows, g_strfreev);
  rows = sw_variables_list_dup_shown_rows (list);
  g_assert_true (strv_has (rows, "  inertia1.w [rpm]"));
  g_assert_true (strv_has (rows, "  inertia1.phi [°]"));
  g_assert_true (strv_has (rows, "  inertia1.a [rad/s²]"));
  g_assert_true (strv_has (rows, "  spring.tau [N·m]"));
  /* Expansion survives. */
  g_assert_cmpuint (g_strv_length (rows), ==, sw_model_get_n_components (f->model) + n_vars);

  /* Real rows exist for what is shown (the list view made them). */
  sw_ui_test_iterate (100);
  g_assert_true (gtk_widget_get_mapped (f->list));
}

static void
test_search (Fixture       *f,
             gconstpointer  data)
{
  SwVariablesList *list = SW_VARIABLES_LIST (f->list);
  g_auto(GStrv) ids = NULL;
  g_auto(GStrv) rows = NULL;
  const char *const springy[] = { "spring", NULL };
  int notify_count = 0;

  sw_variables_list_set_expanded (list, "inertia2", TRUE);
  g_signal_connect_swapped (list, "notify::search-text", G_CALLBACK (g_atomic_int_inc), &notify_count);

  /* By component id: the component with all its variables. */
  sw_variables_list_set_search_text (list, "Spring");
  g_assert_cmpint (notify_count, ==, 1);
  ids = sw_variables_list_dup_shown_components (list);
  g_assert_true (g_strv_equal ((const char *const *) ids, springy));
  rows = sw_variables_list_dup_shown_rows (list);
  g_assert_cmpuint (g_strv_length (rows), ==, 1 + n_variable_rows (sw_catalog_lookup ("rotational.spring")));
  g_assert_cmpstr (rows[0], ==, "spring");

  /* By variable name: every component that has one, only the matching
   * variables, shown expanded. */
  sw_variables_list_set_search_text (list, "energy");
  g_clear_pointer (&ids, g_strfreev);
  g_clear_pointer (&rows, g_strfreev);
  ids = sw_variables_list_dup_shown_components (list);
  rows = sw_variables_list_dup_shown_rows (list);
  g_assert_true (strv_has (ids, "inertia1"));
  g_assert_true (strv_has (ids, "spring"));
  g_assert_false (strv_has (ids, "damper"));
  g_assert_false (strv_has (ids, "torque"));
  g_assert_true (strv_has (rows, "  inertia1.energy [J]"));
  g_assert_false (strv_has (rows, "  inertia1.w [rad/s]"));

  /* Two words: both must match "id.var". */
  sw_variables_list_set_search_text (list, "inertia2 phi");
  g_clear_pointer (&rows, g_strfreev);
  rows = sw_variables_list_dup_shown_rows (list);
  g_assert_cmpuint (g_strv_length (rows), ==, 4);
  g_assert_cmpstr (rows[0], ==, "inertia2");
  g_assert_cmpstr (rows[1], ==, "  inertia2.phi [rad]");
  g_assert_cmpstr (rows[2], ==, "  inertia2.flange_a.phi [rad]");
  g_assert_cmpstr (rows[3], ==, "  inertia2.flange_b.phi [rad]");

  /* Nothing. */
  sw_variables_list_set_search_text (list, "nonesuch");
  g_clear_pointer (&ids, g_strfreev);
  ids = sw_variables_list_dup_shown_components (list);
  g_assert_cmpuint (g_strv_length (ids), ==, 0);

  /* Cleared: everything, expanded as before the search. */
  sw_variables_list_set_search_text (list, "");
  g_clear_pointer (&ids, g_strfreev);
  g_clear_pointer (&rows, g_strfreev);
  ids = sw_variables_list_dup_shown_components (list);
  rows = sw_variables_list_dup_shown_rows (list);
  g_assert_true (g_strv_equal ((const char *const *) ids, first_ids));
  g_assert_cmpuint (g_strv_length (rows), ==,
                    g_strv_length ((char **) first_ids) + n_variable_rows (sw_catalog_lookup ("rotational.inertia")));
  g_assert_true (strv_has (rows, "  inertia2.w [rad/s]"));

  /* The same text again: no notify. */
  notify_count = 0;
  sw_variables_list_set_search_text (list, "");
  g_assert_cmpint (notify_count, ==, 0);
}

static void
test_checked (Fixture       *f,
              gconstpointer  data)
{
  SwVariablesList *list = SW_VARIABLES_LIST (f->list);
  const char *const names[] = { "spring.tau", "inertia1.w", "nonesuch.w", "inertia1.nonesuch", NULL };
  const char *const expected[] = { "inertia1.w", "spring.tau", NULL };
  g_auto(GStrv) checked = sw_variables_list_dup_checked (list);
  g_autoptr(GError) error = NULL;
  GtkWidget *box;

  g_assert_cmpuint (g_strv_length (checked), ==, 0);

  /* Setting: one signal, unknown names left out, model order. */
  sw_variables_list_set_checked (list, names);
  g_assert_cmpuint (f->n_checked_changed, ==, 1);
  g_clear_pointer (&checked, g_strfreev);
  checked = sw_variables_list_dup_checked (list);
  g_assert_true (g_strv_equal ((const char *const *) checked, expected));
  g_assert_true (sw_variables_list_get_name_checked (list, "inertia1.w"));
  g_assert_false (sw_variables_list_get_name_checked (list, "inertia1.phi"));

  /* The same again: no signal. */
  sw_variables_list_set_checked (list, expected);
  g_assert_cmpuint (f->n_checked_changed, ==, 1);

  /* The check box of a shown row follows, and a click on it is a check
   * by the user. */
  sw_variables_list_set_expanded (list, "inertia1", TRUE);
  sw_ui_test_iterate (100);
  {
    GtkWidget *root = f->list;
    GtkWidget *check;
    GPtrArray *stack = g_ptr_array_new ();

    box = NULL;
    g_ptr_array_add (stack, root);
    while (stack->len > 0 && box == NULL)
      {
        GtkWidget *w = g_ptr_array_steal_index (stack, stack->len - 1);

        if (strcmp (gtk_widget_get_name (w), "inertia1.phi") == 0)
          box = w;
        for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL; c = gtk_widget_get_next_sibling (c))
          g_ptr_array_add (stack, c);
      }
    g_ptr_array_unref (stack);
    g_assert_nonnull (box);
    check = gtk_widget_get_first_child (box);
    g_assert_true (GTK_IS_CHECK_BUTTON (check));
    g_assert_false (gtk_check_button_get_active (GTK_CHECK_BUTTON (check)));
    gtk_check_button_set_active (GTK_CHECK_BUTTON (check), TRUE);
    g_assert_cmpuint (f->n_checked_changed, ==, 2);
    g_assert_true (sw_variables_list_get_name_checked (list, "inertia1.phi"));

    sw_variables_list_set_name_checked (list, "inertia1.phi", FALSE);
    g_assert_false (gtk_check_button_get_active (GTK_CHECK_BUTTON (check)));
    g_assert_cmpuint (f->n_checked_changed, ==, 3);
  }

  /* Keyboard: Enter (activate) on a variable's row toggles it. */
  {
    g_auto(GStrv) rows = sw_variables_list_dup_shown_rows (list);
    guint position = 0;

    for (guint i = 0; rows[i] != NULL; i++)
      if (strcmp (rows[i], "  inertia1.a [rad/s²]") == 0)
        position = i;
    g_assert_cmpuint (position, >, 0);
    g_signal_emit_by_name (find_list_view (f->list), "activate", position);
    g_assert_true (sw_variables_list_get_name_checked (list, "inertia1.a"));
    g_assert_cmpuint (f->n_checked_changed, ==, 4);
    sw_variables_list_set_name_checked (list, "inertia1.a", FALSE);
    g_assert_cmpuint (f->n_checked_changed, ==, 5);
  }

  /* Edits that keep the components keep the checks and say nothing. */
  g_assert_true (sw_model_set_param (f->model, 2, "J", 0.5, &error));
  g_assert_no_error (error);
  sw_model_set_position (f->model, 2, 200, 200);
  g_assert_cmpuint (f->n_checked_changed, ==, 5);
  g_assert_true (sw_variables_list_get_name_checked (list, "inertia1.w"));

  /* A component that goes away takes its checks along, with a signal;
   * one added is listed. */
  sw_model_remove_component (f->model, (guint) sw_model_find_component (f->model, "spring"));
  g_assert_cmpuint (f->n_checked_changed, ==, 6);
  g_clear_pointer (&checked, g_strfreev);
  checked = sw_variables_list_dup_checked (list);
  g_assert_cmpuint (g_strv_length (checked), ==, 1);
  g_assert_cmpstr (checked[0], ==, "inertia1.w");
  g_assert_cmpint (sw_model_add_component (f->model, "translational.mass", "mass1", &error), >=, 0);
  g_assert_no_error (error);
  g_assert_true (sw_variables_list_set_name_checked (list, "mass1.v", TRUE));
  g_assert_cmpuint (f->n_checked_changed, ==, 7);

  /* NULL: nothing checked. */
  sw_variables_list_set_checked (list, NULL);
  g_assert_cmpuint (f->n_checked_changed, ==, 8);
  g_clear_pointer (&checked, g_strfreev);
  checked = sw_variables_list_dup_checked (list);
  g_assert_cmpuint (g_strv_length (checked), ==, 0);
}

static void
test_raise (Fixture       *f,
            gconstpointer  data)
{
  SwVariablesList *list = SW_VARIABLES_LIST (f->list);
  g_auto(GStrv) ids = NULL;
  g_auto(GStrv) rows = NULL;
  g_autofree char *main_name = NULL;
  g_autoptr(GError) error = NULL;

  sw_variables_list_set_expanded (list, "torque", TRUE);
  sw_variables_list_raise_component (list, "inertia3");
  ids = sw_variables_list_dup_shown_components (list);
  g_assert_cmpstr (ids[0], ==, "inertia3");
  g_assert_cmpuint (g_strv_length (ids), ==, g_strv_length ((char **) first_ids));
  /* The others keep their order. */
  g_assert_cmpstr (ids[1], ==, "fixed");
  g_assert_cmpstr (ids[2], ==, "torque");
  g_assert_cmpstr (ids[7], ==, "damper");
  /* Expanded: its variables are right under it; torque stays expanded. */
  rows = sw_variables_list_dup_shown_rows (list);
  g_assert_cmpstr (rows[0], ==, "inertia3");
  g_assert_cmpstr (rows[1], ==, "  inertia3.phi [rad]");
  g_assert_true (strv_has (rows, "  torque.tau [N·m]"));

  /* It stays first through edits that rebuild the list. */
  g_assert_cmpint (sw_model_add_component (f->model, "rotational.inertia", "inertia4", &error), >=, 0);
  g_assert_no_error (error);
  g_clear_pointer (&ids, g_strfreev);
  ids = sw_variables_list_dup_shown_components (list);
  g_assert_cmpstr (ids[0], ==, "inertia3");
  g_assert_cmpstr (ids[g_strv_length (ids) - 1], ==, "inertia4");

  /* Another one raised: it goes first, the one before back in line. */
  sw_variables_list_raise_component (list, "damper");
  g_clear_pointer (&ids, g_strfreev);
  ids = sw_variables_list_dup_shown_components (list);
  g_assert_cmpstr (ids[0], ==, "damper");
  g_assert_cmpstr (ids[1], ==, "inertia3");

  /* An unknown id changes nothing. */
  sw_variables_list_raise_component (list, "nonesuch");
  g_clear_pointer (&ids, g_strfreev);
  ids = sw_variables_list_dup_shown_components (list);
  g_assert_cmpstr (ids[0], ==, "damper");

  /* Double-click on the canvas: the main variable is checked and its
   * component raised. */
  main_name = sw_variables_list_check_main_variable (list, "inertia2");
  g_assert_cmpstr (main_name, ==, "inertia2.w");
  g_assert_true (sw_variables_list_get_name_checked (list, "inertia2.w"));
  g_assert_cmpuint (f->n_checked_changed, ==, 1);
  g_clear_pointer (&ids, g_strfreev);
  ids = sw_variables_list_dup_shown_components (list);
  g_assert_cmpstr (ids[0], ==, "inertia2");
  g_assert_null (sw_variables_list_check_main_variable (list, "nonesuch"));
}

static void
test_properties (void)
{
  GtkWidget *list = g_object_ref_sink (sw_variables_list_new ());
  SwModel *model = sw_model_new ();
  SwModel *got = NULL;
  SwPlotUnits units = SW_PLOT_UNITS_RPM_DEGREES;
  int model_count = 0, units_count = 0;
  g_auto(GStrv) ids = NULL;

  g_signal_connect_swapped (list, "notify::model", G_CALLBACK (g_atomic_int_inc), &model_count);
  g_signal_connect_swapped (list, "notify::display-units", G_CALLBACK (g_atomic_int_inc), &units_count);

  g_object_get (list, "model", &got, "display-units", &units, NULL);
  g_assert_null (got);
  g_assert_cmpint (units, ==, SW_PLOT_UNITS_SI);
  ids = sw_variables_list_dup_shown_components (SW_VARIABLES_LIST (list));
  g_assert_cmpuint (g_strv_length (ids), ==, 0);

  g_object_set (list, "model", model, NULL);
  g_assert_cmpint (model_count, ==, 1);
  g_object_set (list, "model", model, NULL);
  g_assert_cmpint (model_count, ==, 1);
  g_assert_true (sw_variables_list_get_model (SW_VARIABLES_LIST (list)) == model);

  g_object_set (list, "display-units", SW_PLOT_UNITS_RPM_DEGREES, NULL);
  g_assert_cmpint (units_count, ==, 1);
  sw_variables_list_set_display_units (SW_VARIABLES_LIST (list), SW_PLOT_UNITS_RPM_DEGREES);
  g_assert_cmpint (units_count, ==, 1);
  g_assert_cmpint (sw_variables_list_get_display_units (SW_VARIABLES_LIST (list)), ==, SW_PLOT_UNITS_RPM_DEGREES);

  /* The list follows the model's changes. */
  g_assert_cmpint (sw_model_add_component (model, "rotational.inertia", "inertia1", NULL), ==, 0);
  g_clear_pointer (&ids, g_strfreev);
  ids = sw_variables_list_dup_shown_components (SW_VARIABLES_LIST (list));
  g_assert_cmpuint (g_strv_length (ids), ==, 1);

  /* The model outlives the list: its handler goes with the list. */
  g_assert_finalize_object (list);
  g_assert_cmpint (sw_model_add_component (model, "rotational.inertia", "inertia2", NULL), ==, 1);
  g_assert_finalize_object (model);
}

static void
move_to_panel_cb (SwVariablesList *list,
                  const char      *name,
                  guint            panel,
                  GString         *log)
{
  g_string_append_printf (log, "%s→%u;", name, panel);
}

/* The label of the menu's item i in section k. */
static char *
dup_menu_label (GMenuModel *menu,
                int         k,
                int         i)
{
  GMenuModel *section = g_menu_model_get_item_link (menu, k, G_MENU_LINK_SECTION);
  char *label = NULL;

  g_assert_nonnull (section);
  g_menu_model_get_item_attribute (section, i, G_MENU_ATTRIBUTE_LABEL, "s", &label);
  g_object_unref (section);
  return label;
}

static guint
section_n_items (GMenuModel *menu,
                 int         k)
{
  g_autoptr(GMenuModel) section = g_menu_model_get_item_link (menu, k, G_MENU_LINK_SECTION);

  return g_menu_model_get_n_items (section);
}

/* A variable's context menu: move to each panel or a new one (the signal
 * says which), use as the X axis and back to time (the property, notified
 * once per change), opened from the keyboard on the selected row. */
static void
test_menu (Fixture       *f,
           gconstpointer  data)
{
  SwVariablesList *list = SW_VARIABLES_LIST (f->list);
  g_autoptr(GString) log = g_string_new ("");
  g_autoptr(GMenuModel) menu = NULL;
  g_auto(GStrv) rows = NULL;
  g_autofree char *label = NULL;
  int n_panels_count = 0, x_count = 0;
  guint n_panels = 0;
  GtkWidget *list_view = find_list_view (f->list);
  int position = -1;

  g_signal_connect (list, "move-to-panel", G_CALLBACK (move_to_panel_cb), log);
  g_signal_connect_swapped (list, "notify::n-panels", G_CALLBACK (g_atomic_int_inc), &n_panels_count);
  g_signal_connect_swapped (list, "notify::x-variable", G_CALLBACK (g_atomic_int_inc), &x_count);

  g_assert_cmpuint (sw_variables_list_get_n_panels (list), ==, 1);
  g_assert_null (sw_variables_list_get_x_variable (list));
  g_object_set (list, "n-panels", 2, NULL);
  g_assert_cmpint (n_panels_count, ==, 1);
  sw_variables_list_set_n_panels (list, 2);
  g_assert_cmpint (n_panels_count, ==, 1);
  g_object_get (list, "n-panels", &n_panels, NULL);
  g_assert_cmpuint (n_panels, ==, 2);

  /* Panels 1 and 2 and a new one; then the X axis. */
  menu = sw_variables_list_dup_menu (list, "inertia2.w");
  g_assert_cmpint (g_menu_model_get_n_items (menu), ==, 2);
  g_assert_cmpuint (section_n_items (menu, 0), ==, 3);
  g_assert_cmpuint (section_n_items (menu, 1), ==, 1);
  label = dup_menu_label (menu, 0, 1);
  g_assert_cmpstr (label, ==, "Move to Panel 2");
  g_clear_pointer (&label, g_free);
  label = dup_menu_label (menu, 1, 0);
  g_assert_cmpstr (label, ==, "Use as X Axis");
  g_clear_pointer (&label, g_free);

  g_assert_true (gtk_widget_activate_action (f->list, "variables.move-to-panel", "(su)", "inertia2.w", 2));
  g_assert_true (gtk_widget_activate_action (f->list, "variables.move-to-panel", "(su)", "spring.tau", 0));
  /* Past the new panel is the new panel. */
  g_assert_true (gtk_widget_activate_action (f->list, "variables.move-to-panel", "(su)", "spring.tau", 9));
  g_assert_cmpstr (log->str, ==, "inertia2.w→2;spring.tau→0;spring.tau→2;");

  g_assert_true (gtk_widget_activate_action (f->list, "variables.use-as-x", "s", "spring.phi_rel"));
  g_assert_cmpstr (sw_variables_list_get_x_variable (list), ==, "spring.phi_rel");
  g_assert_cmpint (x_count, ==, 1);
  sw_variables_list_set_x_variable (list, "spring.phi_rel");
  g_assert_cmpint (x_count, ==, 1);
  /* The X variable's own menu offers time, not itself. */
  g_clear_object (&menu);
  menu = sw_variables_list_dup_menu (list, "spring.phi_rel");
  g_assert_cmpuint (section_n_items (menu, 1), ==, 1);
  label = dup_menu_label (menu, 1, 0);
  g_assert_cmpstr (label, ==, "Plot Against Time");
  g_clear_pointer (&label, g_free);
  g_clear_object (&menu);
  menu = sw_variables_list_dup_menu (list, "inertia2.w");
  g_assert_cmpuint (section_n_items (menu, 1), ==, 2);
  g_assert_true (gtk_widget_activate_action (f->list, "variables.plot-against-time", NULL));
  g_assert_null (sw_variables_list_get_x_variable (list));
  g_assert_cmpint (x_count, ==, 2);

  /* From the keyboard (Menu, Shift+F10): the selected variable's menu. */
  g_assert_false (sw_variables_list_popup_menu (list, "nothing.w"));
  expand_all (f);
  sw_ui_test_iterate (50);
  rows = sw_variables_list_dup_shown_rows (list);
  for (guint i = 0; rows[i] != NULL && position < 0; i++)
    if (g_str_has_prefix (rows[i], "  inertia2.w "))
      position = (int) i;
  g_assert_cmpint (position, >=, 0);
  gtk_single_selection_set_selected (GTK_SINGLE_SELECTION (gtk_list_view_get_model (GTK_LIST_VIEW (list_view))),
                                     position);
  gtk_widget_grab_focus (list_view);
  g_assert_true (gtk_widget_activate_action (f->list, "variables.show-menu", NULL));
  sw_ui_test_iterate (50);
  g_assert_nonnull (sw_variables_list_get_menu (list));
  g_assert_true (gtk_widget_get_visible (sw_variables_list_get_menu (list)));
  g_assert_cmpstr (g_object_get_data (G_OBJECT (sw_variables_list_get_menu (list)), "sw-variable"), ==,
                   "inertia2.w");
  gtk_popover_popdown (GTK_POPOVER (sw_variables_list_get_menu (list)));
  sw_ui_test_iterate (20);
  g_assert_false (gtk_widget_get_visible (sw_variables_list_get_menu (list)));
}

/* Pictures of the list (light and dark) for the eye. */
static void
keep_pictures (Fixture       *f,
               gconstpointer  data)
{
  const char *const checked[] = { "inertia1.w", "inertia2.w", NULL };

  if (g_getenv ("SW_VARIABLES_LIST_SHOTS") == NULL)
    {
      g_test_skip ("SW_VARIABLES_LIST_SHOTS not set");
      return;
    }

  sw_variables_list_set_checked (SW_VARIABLES_LIST (f->list), checked);
  sw_variables_list_raise_component (SW_VARIABLES_LIST (f->list), "inertia2");
  sw_variables_list_set_expanded (SW_VARIABLES_LIST (f->list), "spring", TRUE);
  for (guint s = 0; s < 2; s++)
    {
      sw_ui_test_set_dark (s == 1);
      sw_ui_test_iterate (300);
      sw_ui_test_keep_widget (f->window, "SW_VARIABLES_LIST_SHOTS", s == 0 ? "variables-light.png" : "variables-dark.png");
    }
  sw_ui_test_reset_style ();
}

/* A subsystem's row holds its components, named by path as a run's
 * columns are; the search finds them inside. */
static void
test_subsystem (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = sw_ui_test_example_path ("marine/twin-engine.shaft");
  g_autoptr(SwModel) model = sw_model_new_from_file (path, &error);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *list = sw_variables_list_new ();
  g_auto(GStrv) rows = NULL, found = NULL;

  g_assert_no_error (error);
  gtk_window_set_default_size (GTK_WINDOW (window), 320, 560);
  gtk_window_set_child (GTK_WINDOW (window), list);
  sw_variables_list_set_model (SW_VARIABLES_LIST (list), model);
  gtk_window_present (GTK_WINDOW (window));
  sw_ui_test_iterate (50);
  sw_variables_list_set_expanded (SW_VARIABLES_LIST (list), "engine1", TRUE);
  sw_ui_test_iterate (20);
  sw_variables_list_set_expanded (SW_VARIABLES_LIST (list), "engine1.flywheel", TRUE);
  sw_ui_test_iterate (20);
  rows = sw_variables_list_dup_shown_rows (SW_VARIABLES_LIST (list));
  g_assert_cmpstr (rows[0], ==, "engine1");
  g_assert_cmpstr (rows[1], ==, "engine1.torque");
  g_assert_true (g_strv_contains ((const char *const *) rows, "engine1.flywheel"));
  g_assert_true (g_strv_contains ((const char *const *) rows, "  engine1.flywheel.w [rad/s]"));
  g_assert_true (g_strv_contains ((const char *const *) rows, "engine2"));
  g_assert_false (g_strv_contains ((const char *const *) rows, "engine2.flywheel"));

  /* Checking a variable inside names it by its path. */
  g_assert_true (sw_variables_list_set_name_checked (SW_VARIABLES_LIST (list), "engine1.flywheel.w", TRUE));
  found = sw_variables_list_dup_checked (SW_VARIABLES_LIST (list));
  g_assert_true (g_strv_contains ((const char *const *) found, "engine1.flywheel.w"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The model's observed variables: one row after the components, each
 * variable named as its column, checked by that name. */
static void
test_observed (void)
{
  static const char text[] =
    "{\"format\": \"shaftwork-model\", \"version\": 1,\n"
    "  \"components\": [{\"id\": \"j\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1}}],\n"
    "  \"observed\": [{\"name\": \"twice\", \"expression\": \"2 * j.w\"}]\n"
    "}\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(SwModel) model = sw_model_new_from_data (text, -1, "test.shaft", &error);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *list = sw_variables_list_new ();
  g_auto(GStrv) rows = NULL, found = NULL;

  g_assert_no_error (error);
  gtk_window_set_default_size (GTK_WINDOW (window), 320, 560);
  gtk_window_set_child (GTK_WINDOW (window), list);
  sw_variables_list_set_model (SW_VARIABLES_LIST (list), model);
  gtk_window_present (GTK_WINDOW (window));
  sw_ui_test_iterate (50);
  sw_variables_list_set_expanded (SW_VARIABLES_LIST (list), "=observed", TRUE);
  sw_ui_test_iterate (20);
  rows = sw_variables_list_dup_shown_rows (SW_VARIABLES_LIST (list));
  g_assert_cmpstr (rows[0], ==, "j");
  g_assert_true (g_strv_contains ((const char *const *) rows, "=observed"));
  g_assert_true (g_strv_contains ((const char *const *) rows, "  twice"));
  g_assert_true (sw_variables_list_set_name_checked (SW_VARIABLES_LIST (list), "twice", TRUE));
  found = sw_variables_list_dup_checked (SW_VARIABLES_LIST (list));
  g_assert_true (g_strv_contains ((const char *const *) found, "twice"));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ui/variables-list/kind-main-variable", test_kind_main_variable);
  if (!sw_ui_test_init ("/ui/variables-list/no-display"))
    return g_test_run ();

  g_test_add_func ("/ui/variables-list/properties", test_properties);
  g_test_add_func ("/ui/variables-list/subsystem", test_subsystem);
  g_test_add_func ("/ui/variables-list/observed", test_observed);
  g_test_add ("/ui/variables-list/lists-everything", Fixture, NULL, fixture_set_up, test_lists_everything,
              fixture_tear_down);
  g_test_add ("/ui/variables-list/search", Fixture, NULL, fixture_set_up, test_search, fixture_tear_down);
  g_test_add ("/ui/variables-list/checked", Fixture, NULL, fixture_set_up, test_checked, fixture_tear_down);
  g_test_add ("/ui/variables-list/menu", Fixture, NULL, fixture_set_up, test_menu, fixture_tear_down);
  g_test_add ("/ui/variables-list/raise", Fixture, NULL, fixture_set_up, test_raise, fixture_tear_down);
  g_test_add ("/ui/variables-list/pictures", Fixture, NULL, fixture_set_up, keep_pictures, fixture_tear_down);
  return g_test_run ();
}
