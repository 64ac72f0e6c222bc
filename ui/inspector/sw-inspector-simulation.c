/* sw-inspector-simulation.c: the simulation settings the inspector shows
 * when no component is selected: stop time, output interval, tolerance and
 * the method, each edit one change of the model's settings. Inside a
 * subsystem none are offered (the model's own are the run's).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-inspector-private.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

/* The integration methods the model accepts, in the order offered. */
static const struct {
  const char *name;
  const char *label;
} methods[] = {
  { "auto", N_("Automatic") },
  { "rk45", N_("Dormand–Prince 5(4)") },
  { "rkck", N_("Cash–Karp 5(4)") },
  { "rk8pd", N_("Fehlberg 8(7)") },
  { "adams", N_("Adams (non-stiff)") },
  { "bdf", N_("BDF (stiff)") },
  { "rk853", N_("Dormand–Prince 8(5,3)") },
};

static const char *
method_name (const SwSimulationSettings *sim)
{
  return sim->method != NULL ? sim->method : "auto";
}

void
_sw_inspector_refresh_simulation (SwInspector *self)
{
  const SwSimulationSettings *sim = sw_model_get_simulation (self->model);
  const char *method = method_name (sim);

  sw_inspector_number_row_show_value (SW_INSPECTOR_NUMBER_ROW (self->sim_rows[SIM_STOP_TIME]),
                                      sim->stop_time_s);
  sw_inspector_number_row_show_value (SW_INSPECTOR_NUMBER_ROW (self->sim_rows[SIM_OUTPUT_INTERVAL]),
                                      sim->output_interval_s);
  sw_inspector_number_row_show_value (SW_INSPECTOR_NUMBER_ROW (self->sim_rows[SIM_TOLERANCE]),
                                      sim->tolerance);
  for (guint i = 0; i < G_N_ELEMENTS (methods); i++)
    if (strcmp (methods[i].name, method) == 0)
      adw_combo_row_set_selected (ADW_COMBO_ROW (self->method_row), i);
}

void
_sw_inspector_commit_simulation (SwInspector *self)
{
  for (guint i = 0; i < N_SIM_NUMBERS; i++)
    sw_inspector_number_row_commit (SW_INSPECTOR_NUMBER_ROW (self->sim_rows[i]));
}

static void
sim_committed_cb (SwInspectorNumberRow *row,
                  double                value,
                  SwInspector          *self)
{
  SwSimulationSettings sim;

  if (self->rebuilding || self->model == NULL)
    return;

  sim = *sw_model_get_simulation (self->model);
  switch ((SimNumber) _sw_inspector_row_param (GTK_WIDGET (row)))
    {
    case SIM_STOP_TIME: sim.stop_time_s = value; break;
    case SIM_OUTPUT_INTERVAL: sim.output_interval_s = value; break;
    case SIM_TOLERANCE: sim.tolerance = value; break;
    case N_SIM_NUMBERS:
    default: g_assert_not_reached ();
    }
  sw_model_set_simulation (self->model, &sim);
}

static void
method_cb (AdwComboRow *row,
           GParamSpec  *pspec,
           SwInspector *self)
{
  SwSimulationSettings sim;
  guint selected = adw_combo_row_get_selected (row);

  if (self->rebuilding || self->syncing || self->model == NULL || selected >= G_N_ELEMENTS (methods))
    return;

  sim = *sw_model_get_simulation (self->model);
  if (strcmp (method_name (&sim), methods[selected].name) == 0)
    return;
  sim.method = (char *) methods[selected].name;
  sw_model_set_simulation (self->model, &sim);
}

void
_sw_inspector_build_simulation (SwInspector *self)
{
  static const struct {
    const char *name, *label, *symbol, *unit, *help;
    double min, max;
    gboolean max_exclusive;
  } numbers[N_SIM_NUMBERS] = {
    { "sim-stop_time", N_("Stop time"), "stop time", "s", N_("The run goes from t = 0 to this time"),
      0, INFINITY, FALSE },
    { "sim-output_interval", N_("Output interval"), "interval", "s",
      N_("Spacing of the result rows (events add rows of their own)"), 0, INFINITY, FALSE },
    { "sim-tolerance", N_("Tolerance"), "tolerance", "",
      N_("Relative error tolerance of the integrator"), 0, 1, TRUE },
  };
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  GtkWidget *group = adw_preferences_group_new ();

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Simulation"));
  /* Inside a subsystem: its own settings would do nothing (the model's
   * run), so none are offered. */
  if (self->outer_model != NULL)
    {
      gtk_widget_set_name (group, "sim-inside");
      adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group),
                                             _("A subsystem has no settings of the run: the model’s are used. "
                                               "Leave the subsystem (Alt+Up) to set them, or select a component "
                                               "to edit it."));
      adw_preferences_page_add (ADW_PREFERENCES_PAGE (self->page), ADW_PREFERENCES_GROUP (group));
      return;
    }
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group),
                                         _("Settings of the run. Select a component to edit it."));

  for (guint i = 0; i < N_SIM_NUMBERS; i++)
    {
      GtkWidget *row = sw_inspector_number_row_new (_(numbers[i].label), _(numbers[i].symbol), numbers[i].unit);

      gtk_widget_set_name (row, numbers[i].name);
      sw_inspector_number_row_set_range (SW_INSPECTOR_NUMBER_ROW (row), numbers[i].min, numbers[i].max,
                                         TRUE, numbers[i].max_exclusive);
      sw_inspector_number_row_set_help (SW_INSPECTOR_NUMBER_ROW (row), _(numbers[i].help));
      _sw_inspector_set_row_param (row, i);
      g_signal_connect (row, "committed", G_CALLBACK (sim_committed_cb), self);
      _sw_inspector_connect_tuning (self, row);
      self->sim_rows[i] = row;
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
    }

  for (guint i = 0; i < G_N_ELEMENTS (methods); i++)
    gtk_string_list_append (names, _(methods[i].label));
  self->method_row = adw_combo_row_new ();
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (self->method_row), FALSE);
  gtk_widget_set_name (self->method_row, "sim-method");
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->method_row), _("Method"));
  gtk_widget_set_tooltip_text (self->method_row,
                               _("The integrator: Runge–Kutta methods named by their authors and orders, or the variable-order Adams and BDF methods; Automatic picks Dormand–Prince 5(4), or BDF for stiff models"));
  adw_combo_row_set_model (ADW_COMBO_ROW (self->method_row), G_LIST_MODEL (names));
  g_signal_connect (self->method_row, "notify::selected", G_CALLBACK (method_cb), self);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), self->method_row);

  adw_preferences_page_add (ADW_PREFERENCES_PAGE (self->page), ADW_PREFERENCES_GROUP (group));
  self->shown_simulation = TRUE;
}
