/* sw-window-results.c: the results area below the canvas.
 *
 * Trajectories: the last run in the plot (SwPlotView), the run before it
 * faintly behind, pinned runs dashed, each named in the key by what
 * differed from the last run ("inertia2.J = 2 → 4 kg·m²"): every run
 * keeps the model's parameters as text (_sw_window_dup_params_text), and
 * two texts are compared line by line. The plotted variables are every
 * body's speed until the user chooses them in the variables list
 * (SwVariablesList: the checked names are the plot's columns); selecting a
 * component raises it there, activating it (double-click, Enter) plots its
 * main variable. While a run goes, the plot shows it filling in (the
 * trajectory the worker appends to, redrawn at most every 100 ms); a
 * stopped run gives the plot back to the last finished one, a failed run
 * is shown up to its failure (never an older run in its place). The
 * plotted variables follow renamed and grouped components
 * (sw-window-renames.c).
 * Export (sw-window-export.c): the plot as PNG,
 * SVG or PDF, the plotted or all variables as CSV. The plotted variables,
 * their panels and the results page are kept in the model file's "ui"
 * member.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-window-private.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "sw-error.h"
#include "sw-inspector-number-row.h"
#include "sw-signal.h"

#define MAX_DIFFERENCES 3

typedef struct {
  SwTrajectory *trajectory;
  char         *params_text;
} SwPinnedRun;

static void
pinned_run_free (gpointer data)
{
  SwPinnedRun *run = data;

  sw_trajectory_unref (run->trajectory);
  g_free (run->params_text);
  g_free (run);
}

/* ---- What a run simulated, as text -------------------------------------- */

/* The components' lines of model into out, their ids after prefix; a
 * subsystem's inside with its path ("engine1.flywheel.J"), but for the
 * parameters its own set (the block outside gives those), so that an edit
 * inside a subsystem is a change of what is simulated. */
static void
append_components (GString *out, SwModel *model, const char *prefix)
{
  guint n = sw_model_get_n_components (model);

  for (guint i = 0; i < n; i++)
    {
      const SwComponent *c = sw_model_get_component (model, i);
      SwModel *inner = sw_kind_get_subsystem_model (c->kind);

      g_string_append_printf (out, "%s%s\t%s\t\n", prefix, c->id, c->kind->name);
      for (guint p = 0; p < c->kind->n_params; p++)
        {
          const SwParamDesc *desc = &c->kind->params[p];

          if (*prefix != '\0')
            {
              g_autofree char *bound = sw_model_dup_interface_param_for (model, c->id, desc->name);

              if (bound != NULL)
                continue;
            }
          g_string_append_printf (out, "%s%s.%s\t", prefix, c->id, desc->name);
          if (c->signal[p] != NULL && !sw_signal_is_constant (c->signal[p]))
            {
              g_autoptr(JsonNode) node = sw_signal_to_json (c->signal[p]);
              g_autofree char *json = json_to_string (node, FALSE);

              g_string_append (out, json);
            }
          else if (isnan (c->param[p]))
            g_string_append (out, "—");
          else
            g_string_append_printf (out, "%.6g", c->param[p]);
          g_string_append_printf (out, "\t%s\n", desc->unit);
        }
      if (inner != NULL)
        {
          g_autofree char *path = g_strconcat (prefix, c->id, ".", NULL);

          append_components (out, inner, path);
        }
    }
  for (guint i = 0; i < sw_model_get_n_connections (model); i++)
    {
      const SwConnection *c = sw_model_get_connection (model, i);
      const SwComponent *from = sw_model_get_component (model, c->from_component);
      const SwComponent *to = sw_model_get_component (model, c->to_component);

      g_string_append_printf (out, "connect %s%s.%s %s%s.%s\t\t\n",
                              prefix, from->id, from->kind->ports[c->from_port].name,
                              prefix, to->id, to->kind->ports[c->to_port].name);
    }
}

/* One line a fact, "key\tvalue\tunit": components ("id\tkind\t"),
 * parameters ("id.param\tvalue\tunit"), connections
 * ("connect a.p b.q\t\t"), those inside subsystems with their paths, and
 * the simulation settings. */
char *
_sw_window_dup_params_text (SwModel *model)
{
  GString *out = g_string_new (NULL);
  const SwSimulationSettings *sim = sw_model_get_simulation (model);

  append_components (out, model, "");
  g_string_append_printf (out, "stop time\t%.6g\ts\n", sim->stop_time_s);
  g_string_append_printf (out, "output interval\t%.6g\ts\n", sim->output_interval_s);
  g_string_append_printf (out, "tolerance\t%.6g\t\n", sim->tolerance);
  g_string_append_printf (out, "method\t%s\t\n", sim->method != NULL ? sim->method : "auto");
  return g_string_free (out, FALSE);
}

/* key -> "value\tunit" */
static GHashTable *
params_table (const char *text)
{
  GHashTable *table = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_auto(GStrv) lines = g_strsplit (text != NULL ? text : "", "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *tab = strchr (lines[i], '\t');

      if (tab == NULL)
        continue;
      g_hash_table_insert (table, g_strndup (lines[i], (gsize) (tab - lines[i])), g_strdup (tab + 1));
    }
  return table;
}

/* What differed from the run "before" to the run "after", for the key of
 * the pinned run: "inertia2.J = 2 → 4 kg·m²", at most MAX_DIFFERENCES
 * facts and a count of the rest. */
static char *
dup_facts_text (const char *before,
                const char *after,
                gboolean    as_pinned)
{
  g_autoptr(GHashTable) a = params_table (before);
  g_autoptr(GHashTable) b = params_table (after);
  g_auto(GStrv) lines = g_strsplit (before != NULL ? before : "", "\n", -1);
  g_autoptr(GPtrArray) facts = g_ptr_array_new_with_free_func (g_free);
  gboolean connections_changed = FALSE;
  GHashTableIter iter;
  gpointer key, value;
  GString *out;

  /* In the order of the model before. */
  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *tab = strchr (lines[i], '\t');
      g_autofree char *k = NULL;
      const char *va, *vb;

      if (tab == NULL)
        continue;
      k = g_strndup (lines[i], (gsize) (tab - lines[i]));
      va = g_hash_table_lookup (a, k);
      vb = g_hash_table_lookup (b, k);
      if (g_str_has_prefix (k, "connect "))
        {
          connections_changed |= vb == NULL;
          continue;
        }
      if (vb == NULL)
        {
          /* A removed component counts once, not with its parameters. */
          if (strchr (k, '.') == NULL && strchr (k, ' ') == NULL)
            g_ptr_array_add (facts, g_strdup_printf (_("without %s"), k));
          continue;
        }
      if (strcmp (va, vb) != 0)
        {
          g_auto(GStrv) pa = g_strsplit (va, "\t", 2);
          g_auto(GStrv) pb = g_strsplit (vb, "\t", 2);
          g_autofree char *unit = pa[1] != NULL ? sw_inspector_dup_unit_text (pa[1]) : g_strdup ("");

          if (as_pinned)
            {
              /* The pinned run's value, then this run's: which is which. */
              if (strchr (k, '.') == NULL && strchr (k, ' ') == NULL)
                /* Translators: the pinned run's kind of a component, then this run's */
                g_ptr_array_add (facts, g_strdup_printf (_("%s: %s (now %s)"), k, pb[0], pa[0]));
              else
                /* Translators: the pinned run's value (with its unit), then this run's,
                 * e.g. “coupling.c = 2000 N·m/rad (now 4000)” */
                g_ptr_array_add (facts, g_strdup_printf (_("%s = %s%s%s (now %s)"), k, pb[0],
                                                         *unit != '\0' ? " " : "", unit, pa[0]));
            }
          else if (strchr (k, '.') == NULL && strchr (k, ' ') == NULL)
            /* Translators: a component whose kind changed */
            g_ptr_array_add (facts, g_strdup_printf (_("%s: %s → %s"), k, pa[0], pb[0]));
          else if (*unit != '\0')
            g_ptr_array_add (facts, g_strdup_printf ("%s = %s → %s %s", k, pa[0], pb[0], unit));
          else
            g_ptr_array_add (facts, g_strdup_printf ("%s = %s → %s", k, pa[0], pb[0]));
        }
    }
  g_hash_table_iter_init (&iter, b);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      const char *k = key;

      if (g_hash_table_contains (a, k))
        continue;
      if (g_str_has_prefix (k, "connect "))
        connections_changed = TRUE;
      else if (strchr (k, '.') == NULL && strchr (k, ' ') == NULL)
        g_ptr_array_add (facts, g_strdup_printf (_("with %s"), k));
    }
  if (connections_changed)
    g_ptr_array_add (facts, g_strdup (_("connections changed")));

  if (facts->len == 0)
    return g_strdup (_("same model"));
  out = g_string_new (NULL);
  for (guint i = 0; i < facts->len && i < MAX_DIFFERENCES; i++)
    {
      if (i > 0)
        g_string_append (out, ", ");
      g_string_append (out, g_ptr_array_index (facts, i));
    }
  if (facts->len > MAX_DIFFERENCES)
    g_string_append_printf (out, ngettext (" and %u more", " and %u more",
                                           facts->len - MAX_DIFFERENCES),
                            facts->len - MAX_DIFFERENCES);
  return g_string_free (out, FALSE);
}

char *
_sw_window_dup_difference_text (const char *before,
                                const char *after)
{
  return dup_facts_text (before, after, FALSE);
}

char *
_sw_window_dup_pinned_text (const char *current,
                            const char *pinned)
{
  g_autofree char *facts = dup_facts_text (current, pinned, TRUE);

  /* Translators: a pinned run's name in the plot's legend: how it differs
   * from the run shown, e.g. “Pinned: coupling.c = 2000 N·m/rad (now 4000)” */
  return g_strdup_printf (_("Pinned: %s"), facts);
}

/* ---- The plotted variables ---------------------------------------------- */

/* Every body's speed: the "w" (or "v") of the kinds with an inertia or a
 * mass. */
static GStrv
dup_default_columns (SwWindow *self)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  guint n = sw_model_get_n_components (self->model);

  for (guint i = 0; i < n; i++)
    {
      const SwComponent *c = sw_model_get_component (self->model, i);
      const char *var = NULL;

      if (sw_kind_find_param (c->kind, "J") < 0 && sw_kind_find_param (c->kind, "m") < 0)
        continue;
      if (sw_kind_find_var (c->kind, "w") >= 0)
        var = "w";
      else if (sw_kind_find_var (c->kind, "v") >= 0)
        var = "v";
      if (var != NULL)
        {
          g_autofree char *name = g_strdup_printf ("%s.%s", c->id, var);

          g_strv_builder_add (builder, name);
        }
    }
  return g_strv_builder_end (builder);
}

static GStrv
dup_columns (SwWindow *self)
{
  if (self->plotted != NULL)
    return g_strdupv (self->plotted);
  return dup_default_columns (self);
}


/* Panels the user moved variables into (from the "ui" member), lowest
 * first so that the panels exist when asked for; only once the plot has a
 * run, which knows the units. */
static void
apply_panels (SwWindow *self)
{
  GHashTableIter iter;
  gpointer key, value;

  for (guint panel = 1; panel <= 16; panel++)
    {
      g_hash_table_iter_init (&iter, self->panels);
      while (g_hash_table_iter_next (&iter, &key, &value))
        if (GPOINTER_TO_UINT (value) == panel && sw_plot_view_get_panel (self->plot_view, key) >= 0)
          sw_plot_view_set_panel (self->plot_view, key, panel - 1);
    }
}

/* The list's menu offers the plot's panels (one before a run). */
static void
sync_n_panels (SwWindow *self)
{
  sw_variables_list_set_n_panels (self->variables_list,
                                  MAX (1, sw_plot_view_get_n_panels (self->plot_view)));
}

/* An X–Y plot when the list has an x variable ("Use as X Axis"): the first
 * plotted variable that is not it, against it; against time while there
 * is none. */
static void
apply_xy (SwWindow *self)
{
  const char *x = sw_variables_list_get_x_variable (self->variables_list);
  g_auto(GStrv) columns = dup_columns (self);
  const char *y = NULL;

  for (guint i = 0; x != NULL && columns[i] != NULL; i++)
    if (strcmp (columns[i], x) != 0)
      {
        y = columns[i];
        break;
      }
  sw_plot_view_set_xy (self->plot_view, y != NULL ? x : NULL, y);
}

/* The plot's columns and the list's check boxes from the plotted
 * variables. */
static void
apply_columns (SwWindow *self)
{
  g_auto(GStrv) columns = dup_columns (self);

  sw_plot_view_set_columns (self->plot_view, (const char * const *) columns);
  apply_panels (self);
  apply_xy (self);
  sync_n_panels (self);
  self->syncing_variables = TRUE;
  sw_variables_list_set_checked (self->variables_list, (const char * const *) columns);
  self->syncing_variables = FALSE;
}

static void
set_plotted (SwWindow   *self,
             GStrv       plotted)
{
  g_strfreev (self->plotted);
  self->plotted = plotted;
  apply_columns (self);
}

/* The user checked or unchecked variables in the list: the plotted ones
 * keep their order, new ones come last. */
static void
variables_checked_changed_cb (SwWindow *self)
{
  g_auto(GStrv) columns = NULL;
  g_auto(GStrv) checked = NULL;
  g_autoptr(GStrvBuilder) builder = NULL;
  gboolean same = TRUE;

  if (self->syncing_variables || self->following_renames || self->model == NULL)
    return;
  columns = dup_columns (self);
  checked = sw_variables_list_dup_checked (self->variables_list);
  builder = g_strv_builder_new ();
  for (guint i = 0; columns[i] != NULL; i++)
    if (g_strv_contains ((const char * const *) checked, columns[i]))
      g_strv_builder_add (builder, columns[i]);
    else
      same = FALSE;
  for (guint i = 0; checked[i] != NULL; i++)
    if (!g_strv_contains ((const char * const *) columns, checked[i]))
      {
        g_strv_builder_add (builder, checked[i]);
        same = FALSE;
      }
  if (!same)
    set_plotted (self, g_strv_builder_end (builder));
}

/* "Move to Panel …" in the list's menu: the curve moves, and every
 * plotted variable's panel is kept as the plot shows it now (emptying a
 * panel renumbers those below), for the next runs and the "ui" member. A
 * variable not plotted yet is checked first. */
static void
variables_move_to_panel_cb (SwWindow   *self,
                            const char *name,
                            guint       panel)
{
  g_auto(GStrv) columns = NULL;

  if (self->model == NULL)
    return;
  if (!sw_variables_list_get_name_checked (self->variables_list, name) &&
      !sw_variables_list_set_name_checked (self->variables_list, name, TRUE))
    return;
  if (sw_plot_view_get_panel (self->plot_view, name) < 0)
    {
      /* No run yet: the plot does not know the units, so no panels. */
      g_hash_table_insert (self->panels, g_strdup (name), GUINT_TO_POINTER (MIN (panel, 15) + 1));
      return;
    }
  sw_plot_view_set_panel (self->plot_view, name, panel);
  columns = dup_columns (self);
  for (guint i = 0; columns[i] != NULL; i++)
    {
      int p = sw_plot_view_get_panel (self->plot_view, columns[i]);

      if (p >= 0 && p < 16)
        g_hash_table_insert (self->panels, g_strdup (columns[i]), GUINT_TO_POINTER ((guint) p + 1));
    }
  sync_n_panels (self);
}

/* "Use as X Axis" or "Plot Against Time" in the list's menu. */
static void
variables_x_variable_cb (SwWindow *self)
{
  apply_xy (self);
}

void
_sw_window_results_selection_changed (SwWindow *self)
{
  int selected = sw_canvas_get_selected_component (self->canvas);
  g_autofree char *path = selected >= 0 ? _sw_window_dup_component_path (self, (guint) selected) : NULL;

  if (path == NULL)
    return;
  /* Inside a subsystem: the subsystem's row, open down to the part. */
  if (strchr (path, '.') != NULL)
    {
      g_autofree char *top = g_strndup (path, strcspn (path, "."));

      sw_variables_list_raise_component (self->variables_list, top);
      for (char *dot = strchr (path, '.'); dot != NULL; dot = strchr (dot + 1, '.'))
        {
          g_autofree char *level = g_strndup (path, dot - path);

          sw_variables_list_set_expanded (self->variables_list, level, TRUE);
        }
      sw_variables_list_set_expanded (self->variables_list, path, TRUE);
    }
  else
    sw_variables_list_raise_component (self->variables_list, path);
}

/* Double-click or Enter on a component: its main variable plotted. */
static void
canvas_component_activated_cb (SwWindow *self,
                               int       component)
{
  g_autofree char *name = NULL, *path = NULL;

  if (component < 0 || _sw_window_open_subsystem (self, (guint) component))
    return;
  path = _sw_window_dup_component_path (self, (guint) component);
  if (path == NULL)
    return;
  name = sw_variables_list_check_main_variable (self->variables_list, path);
  if (name != NULL)
    adw_view_stack_set_visible_child_name (self->results_stack, "trajectories");
}

void
_sw_window_results_model_changed_after (SwWindow *self)
{
  if (!self->following_renames)
    return;
  self->following_renames = FALSE;
  apply_columns (self);
}

/* ---- Runs ------------------------------------------------------------------- */

static void
update_pinned_texts (SwWindow *self)
{
  for (guint i = 0; i < self->pinned->len; i++)
    {
      SwPinnedRun *run = g_ptr_array_index (self->pinned, i);
      g_autofree char *text = _sw_window_dup_pinned_text (self->trajectory_params, run->params_text);

      sw_plot_view_pin (self->plot_view, run->trajectory, text);
    }
}

void
_sw_window_results_set_run (SwWindow     *self,
                            SwTrajectory *trajectory,
                            const char   *params_text)
{
  SwTrajectory *previous = g_steal_pointer (&self->trajectory);

  g_clear_pointer (&self->previous_trajectory, sw_trajectory_unref);
  g_clear_pointer (&self->partial, sw_trajectory_unref);
  self->previous_trajectory = previous;
  self->trajectory = sw_trajectory_ref (trajectory);
  g_free (self->trajectory_params);
  self->trajectory_params = g_strdup (params_text);

  /* The plot updates in place, the run before drawn faintly behind. */
  sw_plot_view_set_previous (self->plot_view, previous);
  sw_plot_view_set_trajectory (self->plot_view, trajectory);
  /* Every body's speed, of the model as it is now. */
  if (self->plotted == NULL)
    apply_columns (self);
  else if (previous == NULL)
    apply_panels (self);
  sync_n_panels (self);
  update_pinned_texts (self);
  _sw_window_results_update_state (self);
}

void
_sw_window_results_set_failed_run (SwWindow     *self,
                                   SwTrajectory *trajectory,
                                   const char   *params_text)
{
  guint n_rows = trajectory != NULL ? sw_trajectory_get_n_rows (trajectory) : 0;
  g_autofree char *text = NULL;

  if (n_rows > 0)
    {
      const double *times = sw_trajectory_get_times (trajectory);

      /* The failed run as the current one, the last good one faintly
       * behind it. */
      _sw_window_results_set_run (self, trajectory, params_text);
      /* Translators: the simulated time a run reached before it failed */
      text = g_strdup_printf (_("The run failed at %.4g s: shown up to there"), times[n_rows - 1]);
    }
  else
    {
      /* Nothing of this run to show: the results of another model are
       * not shown as if they were its. */
      g_clear_pointer (&self->partial, sw_trajectory_unref);
      g_clear_pointer (&self->previous_trajectory, sw_trajectory_unref);
      g_clear_pointer (&self->trajectory, sw_trajectory_unref);
      g_clear_pointer (&self->trajectory_params, g_free);
      sw_plot_view_set_previous (self->plot_view, NULL);
      sw_plot_view_set_trajectory (self->plot_view, NULL);
      text = g_strdup (_("The run failed: no results"));
      _sw_window_results_update_state (self);
    }
  gtk_label_set_label (self->run_status, text);
}

void
_sw_window_results_show_partial (SwWindow     *self,
                                 SwTrajectory *partial)
{
  gint64 now = g_get_monotonic_time ();

  if (self->partial != partial)
    {
      /* The first look after 100 ms: a short run just shows its end. */
      g_clear_pointer (&self->partial, sw_trajectory_unref);
      self->partial = sw_trajectory_ref (partial);
      self->partial_shown_us = self->run_started_us;
    }
  if (now - self->partial_shown_us < 100 * 1000 || sw_trajectory_get_n_rows (partial) == 0)
    return;
  self->partial_shown_us = now;
  if (sw_plot_view_get_trajectory (self->plot_view) != partial)
    {
      /* The last finished run behind it, as it will be when this one ends. */
      sw_plot_view_set_previous (self->plot_view, self->trajectory);
      sw_plot_view_set_trajectory (self->plot_view, partial);
      gtk_stack_set_visible_child_name (self->trajectories_stack, "plot");
      if (self->plotted == NULL)
        apply_columns (self);
    }
  else
    /* The same trajectory with more rows. */
    gtk_widget_queue_draw (GTK_WIDGET (self->plot_view));
}

void
_sw_window_results_end_partial (SwWindow *self)
{
  if (self->partial == NULL)
    return;
  g_clear_pointer (&self->partial, sw_trajectory_unref);
  if (gtk_widget_in_destruction (GTK_WIDGET (self)) ||
      sw_plot_view_get_trajectory (self->plot_view) == self->trajectory)
    return;
  sw_plot_view_set_previous (self->plot_view, self->previous_trajectory);
  sw_plot_view_set_trajectory (self->plot_view, self->trajectory);
  _sw_window_results_update_state (self);
}

void
_sw_window_results_clear (SwWindow *self)
{
  g_clear_pointer (&self->partial, sw_trajectory_unref);
  g_clear_pointer (&self->previous_trajectory, sw_trajectory_unref);
  g_clear_pointer (&self->trajectory, sw_trajectory_unref);
  g_clear_pointer (&self->trajectory_params, g_free);
  for (guint i = 0; i < self->pinned->len; i++)
    {
      SwPinnedRun *run = g_ptr_array_index (self->pinned, i);

      sw_plot_view_unpin (self->plot_view, run->trajectory);
    }
  g_ptr_array_set_size (self->pinned, 0);
  sw_plot_view_set_previous (self->plot_view, NULL);
  sw_plot_view_set_trajectory (self->plot_view, NULL);
  g_clear_pointer (&self->plotted, g_strfreev);
  g_hash_table_remove_all (self->panels);
  sw_variables_list_set_x_variable (self->variables_list, NULL);
  _sw_window_events_set (self, NULL);
  _sw_window_modes_set (self, NULL);
  _sw_window_analysis_set_system (self, NULL);
}

/* The empty states, and what may be done with the results. */
void
_sw_window_results_update_state (SwWindow *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  gboolean empty = self->model == NULL || sw_model_get_n_components (self->model) == 0;
  gboolean have_run = self->trajectory != NULL;

  if (have_run)
    gtk_stack_set_visible_child_name (self->trajectories_stack, "plot");
  else
    {
      GtkWidget *examples = adw_status_page_get_child (self->empty_status);

      gtk_stack_set_visible_child_name (self->trajectories_stack, "empty");
      adw_status_page_set_icon_name (self->empty_status, !empty && self->run_error != NULL
                                                         ? "dialog-error-symbolic"
                                                         : "io.github.shaftwork.Shaftwork-symbolic");
      if (empty)
        {
          adw_status_page_set_title (self->empty_status, _("Start a Model"));
          adw_status_page_set_description (self->empty_status,
                                           _("Drag a component from the palette onto the canvas, "
                                             "or open an example."));
        }
      else if (self->run_error != NULL)
        {
          /* The message is in the bar above, where it stays while the
           * model is edited: here, what to do about it. */
          adw_status_page_set_title (self->empty_status, _("The Run Failed"));
          adw_status_page_set_description (self->empty_status,
                                           _("Nothing was simulated. The message above says why; the "
                                             "components it names are marked on the schematic."));
        }
      else
        {
          adw_status_page_set_title (self->empty_status, _("No Results Yet"));
          adw_status_page_set_description (self->empty_status,
                                           self->run_disabled_reason != NULL
                                           ? self->run_disabled_reason
                                           : _("Run the simulation (Ctrl+R) to see its trajectories."));
        }
      if (examples != NULL)
        gtk_widget_set_visible (examples, empty);
    }
  gtk_widget_action_set_enabled (widget, "win.pin-run", have_run);
  gtk_widget_action_set_enabled (widget, "win.export-plot", have_run);
  gtk_widget_action_set_enabled (widget, "win.export-csv", have_run);
  gtk_widget_action_set_enabled (widget, "win.clear-pinned", self->pinned->len > 0);
}

static void
sw_window_pin_run (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *param)
{
  SwWindow *self = SW_WINDOW (widget);
  SwPinnedRun *run;

  if (self->trajectory == NULL)
    return;
  for (guint i = 0; i < self->pinned->len; i++)
    if (((SwPinnedRun *) g_ptr_array_index (self->pinned, i))->trajectory == self->trajectory)
      return;
  run = g_new0 (SwPinnedRun, 1);
  run->trajectory = sw_trajectory_ref (self->trajectory);
  run->params_text = g_strdup (self->trajectory_params);
  g_ptr_array_add (self->pinned, run);
  update_pinned_texts (self);
  _sw_window_results_update_state (self);
  _sw_window_show_toast (self, _("Run pinned: the next runs are drawn over it"));
}

static void
sw_window_clear_pinned (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *param)
{
  SwWindow *self = SW_WINDOW (widget);

  for (guint i = 0; i < self->pinned->len; i++)
    sw_plot_view_unpin (self->plot_view, ((SwPinnedRun *) g_ptr_array_index (self->pinned, i))->trajectory);
  g_ptr_array_set_size (self->pinned, 0);
  _sw_window_results_update_state (self);
}

/* ---- The "ui" member ------------------------------------------------------ */

/* {"plot": {"variables": [...], "panels": {"name": 1, ...}, "x": "name",
 *  "hidden": [...]}, "results": "modes"}; "x" only in an X–Y plot,
 * "hidden" (curves clicked off in the legend) only when there are some. */
void
_sw_window_results_load_view (SwWindow *self)
{
  JsonNode *plot = sw_model_get_view_member (self->model, "plot");
  JsonNode *results = sw_model_get_view_member (self->model, "results");

  const char *x_variable = NULL;
  JsonArray *hidden = NULL;

  g_clear_pointer (&self->plotted, g_strfreev);
  g_hash_table_remove_all (self->panels);
  if (plot != NULL && JSON_NODE_HOLDS_OBJECT (plot))
    {
      JsonObject *object = json_node_get_object (plot);
      JsonNode *variables = json_object_get_member (object, "variables");
      JsonNode *panels = json_object_get_member (object, "panels");
      JsonNode *x = json_object_get_member (object, "x");

      JsonNode *hidden_node = json_object_get_member (object, "hidden");

      if (x != NULL && JSON_NODE_HOLDS_VALUE (x) && json_node_get_value_type (x) == G_TYPE_STRING)
        x_variable = json_node_get_string (x);
      if (hidden_node != NULL && JSON_NODE_HOLDS_ARRAY (hidden_node))
        hidden = json_node_get_array (hidden_node);

      if (variables != NULL && JSON_NODE_HOLDS_ARRAY (variables))
        {
          JsonArray *array = json_node_get_array (variables);
          g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

          for (guint i = 0; i < json_array_get_length (array); i++)
            {
              JsonNode *node = json_array_get_element (array, i);

              if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING)
                g_strv_builder_add (builder, json_node_get_string (node));
            }
          self->plotted = g_strv_builder_end (builder);
        }
      if (panels != NULL && JSON_NODE_HOLDS_OBJECT (panels))
        {
          JsonObject *p = json_node_get_object (panels);
          g_autoptr(GList) names = json_object_get_members (p);

          for (GList *l = names; l != NULL; l = l->next)
            {
              JsonNode *node = json_object_get_member (p, l->data);

              if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_INT64)
                {
                  gint64 panel = json_node_get_int (node);

                  if (panel >= 0 && panel < 16)
                    g_hash_table_insert (self->panels, g_strdup (l->data),
                                         GUINT_TO_POINTER ((guint) panel + 1));
                }
            }
        }
    }
  /* The list follows this model; its check boxes are set below. */
  self->syncing_variables = TRUE;
  sw_variables_list_set_model (self->variables_list, self->model);
  sw_variables_list_set_x_variable (self->variables_list, x_variable);
  self->syncing_variables = FALSE;
  if (results != NULL && JSON_NODE_HOLDS_VALUE (results) &&
      json_node_get_value_type (results) == G_TYPE_STRING &&
      adw_view_stack_get_child_by_name (self->results_stack, json_node_get_string (results)) != NULL)
    adw_view_stack_set_visible_child_name (self->results_stack, json_node_get_string (results));
  apply_columns (self);
  /* Every column's, not only the listed ones': a column of the same name
   * keeps its state across set_columns, also from the model before. */
  {
    g_auto(GStrv) columns = dup_columns (self);

    for (guint i = 0; columns[i] != NULL; i++)
      {
        gboolean off = FALSE;

        for (guint k = 0; hidden != NULL && k < json_array_get_length (hidden) && !off; k++)
          {
            JsonNode *node = json_array_get_element (hidden, k);

            off = JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING
                  && g_strcmp0 (json_node_get_string (node), columns[i]) == 0;
          }
        sw_plot_view_set_column_hidden (self->plot_view, columns[i], off);
      }
  }
}

void
_sw_window_results_save_view (SwWindow *self)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) plot = NULL;
  g_autoptr(JsonNode) results = json_node_new (JSON_NODE_VALUE);
  g_auto(GStrv) columns = dup_columns (self);

  json_builder_begin_object (builder);
  if (self->plotted != NULL)
    {
      json_builder_set_member_name (builder, "variables");
      json_builder_begin_array (builder);
      for (guint i = 0; self->plotted[i] != NULL; i++)
        json_builder_add_string_value (builder, self->plotted[i]);
      json_builder_end_array (builder);
    }
  /* The panels as the plot shows them, when more than one unit's. */
  json_builder_set_member_name (builder, "panels");
  json_builder_begin_object (builder);
  for (guint i = 0; columns[i] != NULL; i++)
    {
      int panel = sw_plot_view_get_panel (self->plot_view, columns[i]);
      gpointer kept = g_hash_table_lookup (self->panels, columns[i]);

      if (panel < 0 && kept != NULL)
        panel = (int) GPOINTER_TO_UINT (kept) - 1;
      if (panel >= 0)
        {
          json_builder_set_member_name (builder, columns[i]);
          json_builder_add_int_value (builder, panel);
        }
    }
  json_builder_end_object (builder);
  {
    gboolean any = FALSE;

    for (guint i = 0; columns[i] != NULL; i++)
      if (sw_plot_view_get_column_hidden (self->plot_view, columns[i]))
        {
          if (!any)
            {
              json_builder_set_member_name (builder, "hidden");
              json_builder_begin_array (builder);
              any = TRUE;
            }
          json_builder_add_string_value (builder, columns[i]);
        }
    if (any)
      json_builder_end_array (builder);
  }
  if (sw_variables_list_get_x_variable (self->variables_list) != NULL)
    {
      json_builder_set_member_name (builder, "x");
      json_builder_add_string_value (builder, sw_variables_list_get_x_variable (self->variables_list));
    }
  json_builder_end_object (builder);
  plot = json_builder_get_root (builder);

  sw_model_set_view_member (self->model, "plot", plot);
  json_node_set_string (results, adw_view_stack_get_visible_child_name (self->results_stack));
  sw_model_set_view_member (self->model, "results", results);
}

/* ---- Public ---------------------------------------------------------------- */

void
sw_window_set_plotted (SwWindow          *self,
                       const char *const *names)
{
  g_return_if_fail (SW_IS_WINDOW (self));

  set_plotted (self, names != NULL ? g_strdupv ((char **) names) : NULL);
}

char **
sw_window_dup_plotted (SwWindow *self)
{
  g_return_val_if_fail (SW_IS_WINDOW (self), NULL);

  return dup_columns (self);
}

/* ---- Setup ------------------------------------------------------------------- */

static void
plot_cursor_moved_cb (SwWindow *self,
                      double    t)
{
  /* Modes at the cursor follow it (a new analysis cancels the last). */
  if (self->modes_at_cursor && self->model != NULL && self->check_ok)
    _sw_window_start_modes (self);
  if (self->modes_at_cursor)
    _sw_window_analysis_operating_changed (self);
}

/* The plots' units follow the preferences, speeds and angles each its
 * own. */
static void
display_units_changed_cb (SwWindow *self)
{
  g_autofree char *speed = NULL;
  g_autofree char *angle = NULL;
  gboolean rpm, deg;
  SwPlotUnits units;

  if (self->settings == NULL)
    return;
  speed = g_settings_get_string (self->settings, "speed-unit");
  angle = g_settings_get_string (self->settings, "angle-unit");
  rpm = g_str_equal (speed, "rpm");
  deg = g_str_equal (angle, "deg");
  units = rpm && deg ? SW_PLOT_UNITS_RPM_DEGREES
        : rpm        ? SW_PLOT_UNITS_RPM
        : deg        ? SW_PLOT_UNITS_DEGREES
                     : SW_PLOT_UNITS_SI;
  sw_plot_view_set_display_units (self->plot_view, units);
  sw_variables_list_set_display_units (self->variables_list, units);
}

void
_sw_window_results_init (SwWindow *self)
{
  self->pinned = g_ptr_array_new_with_free_func (pinned_run_free);
  self->panels = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  if (self->settings != NULL)
    {
      g_signal_connect_object (self->settings, "changed::speed-unit",
                               G_CALLBACK (display_units_changed_cb), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (self->settings, "changed::angle-unit",
                               G_CALLBACK (display_units_changed_cb), self, G_CONNECT_SWAPPED);
      display_units_changed_cb (self);
    }
}

void
_sw_window_results_dispose (SwWindow *self)
{
  if (self->export_chooser != NULL)
    {
      gtk_native_dialog_destroy (self->export_chooser);
      g_clear_object (&self->export_chooser);
    }
  g_clear_pointer (&self->partial, sw_trajectory_unref);
  g_clear_pointer (&self->previous_trajectory, sw_trajectory_unref);
  g_clear_pointer (&self->trajectory, sw_trajectory_unref);
  g_clear_pointer (&self->trajectory_params, g_free);
  g_clear_pointer (&self->pinned, g_ptr_array_unref);
  g_clear_pointer (&self->plotted, g_strfreev);
  g_clear_pointer (&self->panels, g_hash_table_unref);
  g_clear_pointer (&self->component_paths, g_hash_table_unref);
}

void
_sw_window_class_results_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_callback (widget_class, plot_cursor_moved_cb);
  gtk_widget_class_bind_template_callback (widget_class, variables_checked_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, variables_move_to_panel_cb);
  gtk_widget_class_bind_template_callback (widget_class, variables_x_variable_cb);
  gtk_widget_class_bind_template_callback (widget_class, canvas_component_activated_cb);
  gtk_widget_class_install_action (widget_class, "win.pin-run", NULL, sw_window_pin_run);
  gtk_widget_class_install_action (widget_class, "win.clear-pinned", NULL, sw_window_clear_pinned);
  gtk_widget_class_install_action (widget_class, "win.export-plot", NULL, _sw_window_export_plot);
  gtk_widget_class_install_action (widget_class, "win.export-csv", "s", _sw_window_export_csv);
}
