/* sw-window-modes.c: the analysis pages of the results.
 *
 * Modes: SwModesView shows the SwModes the window computes after every
 * edit (Live) or on demand (F6), at t = 0 or at the time under the
 * trajectory cursor; it colours the canvas by the selected mode while the
 * page shows. Frequency response (SwFrfView) and Campbell diagram
 * (SwCampbellView) compute in their own workers from the last good
 * snapshot of the model (an SwSystem from the check or a run's start); a
 * page gets a new snapshot only while it shows, or when it is shown, so
 * that live tuning does not compute pages nobody looks at. Selecting a
 * crossing in the Campbell diagram shows its mode in the Modes page.
 * Forced response (SwForcedView) takes the snapshot like them and colours
 * the canvas by the sections' loads while it shows; "Vary…" in the
 * inspector adds a parameter to the Study page (SwStudyView) and shows it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-window-private.h"

#include <glib/gi18n.h>

/* The Study page's outputs, while the user has not changed them: the
 * natural frequencies of the first two elastic modes of the model as it
 * runs at t = 0 (what a study's mode(K) is), not modes 2 and 3 whatever
 * they are (0 Hz rigid-body modes in a drivetrain free at both ends). */
static void
suggest_study_outputs (SwWindow *self,
                       SwModes  *modes)
{
  const char *now = sw_study_view_get_outputs (self->study_view);
  g_autoptr(GString) outputs = g_string_new (NULL);
  guint n = 0;

  if (g_strcmp0 (now, self->study_outputs) != 0 || sw_modes_get_time (modes) != 0 ||
      sw_modes_get_friction (modes) != SW_LINEAR_FRICTION_OPERATING)
    return;
  for (guint i = 0; i < sw_modes_get_n_modes (modes) && n < 2; i++)
    if (!sw_modes_get_mode (modes, i)->rigid_body)
      g_string_append_printf (outputs, n++ > 0 ? ", mode(%u).frequency_hz" : "mode(%u).frequency_hz", i + 1);
  if (n == 0)
    return;
  sw_study_view_set_outputs (self->study_view, outputs->str);
  g_free (self->study_outputs);
  self->study_outputs = g_strdup (outputs->str);
}

void
_sw_window_modes_set (SwWindow *self,
                      SwModes  *modes)
{
  gboolean auto_engaged;

  if (self->modes_view == NULL)
    return;
  if (modes != NULL)
    sw_modes_ref (modes);
  g_clear_pointer (&self->modes, sw_modes_unref);
  self->modes = modes;
  /* Engaged in the worker (nothing moved at the operating point): the
   * list says so, without a new job. */
  if (modes != NULL && sw_modes_get_friction (modes) != self->modes_friction && !self->modes_friction_chosen)
    {
      self->modes_friction = sw_modes_get_friction (modes);
      self->modes_friction_syncing = TRUE;
      gtk_drop_down_set_selected (self->modes_friction_drop, self->modes_friction);
      self->modes_friction_syncing = FALSE;
    }
  auto_engaged = modes != NULL && sw_modes_get_friction (modes) == SW_LINEAR_FRICTION_ENGAGED
                 && !self->modes_friction_chosen;
  /* Non-symmetric equations (a lossy gear rolls), or engaged: what the
   * table shows. */
  if (modes != NULL && (sw_modes_get_note (modes) != NULL || auto_engaged))
    {
      const char *note = sw_modes_get_note (modes);
      /* Translators: said of the Modes page when the operating point had no mode. */
      const char *engaged = _("No body moves at the operating point: the modes with the clutches engaged and the "
                              "brakes released (Friction)");
      g_autofree char *text = !auto_engaged ? g_strdup (note)
                              : note != NULL ? g_strdup_printf ("%s; %s", engaged, note) : g_strdup (engaged);

      gtk_label_set_label (self->modes_summary, text);
      gtk_widget_remove_css_class (GTK_WIDGET (self->modes_summary), "error");
      /* Over the table and charts: one line, so that the page still fits
       * 1280 x 800 (two cut off the charts' names); whole in the tooltip. */
      gtk_label_set_wrap (self->modes_summary, FALSE);
      gtk_label_set_ellipsize (self->modes_summary, PANGO_ELLIPSIZE_END);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->modes_summary), text);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->modes_summary),
                          modes != NULL && (sw_modes_get_note (modes) != NULL || auto_engaged));
  sw_modes_view_set_modes (self->modes_view, modes);
  sw_frf_view_set_modes (self->frf_view, modes);
  if (modes != NULL && self->study_view != NULL)
    suggest_study_outputs (self, modes);
  if (modes != NULL && self->pending_mode != G_MAXUINT)
    {
      sw_modes_view_set_selected_mode (self->modes_view, self->pending_mode);
      self->pending_mode = G_MAXUINT;
    }
}

/* A modal analysis failed: the view keeps its hint, the reason above it. */
void
_sw_window_modes_set_error (SwWindow   *self,
                            const char *message)
{
  g_autofree char *text = g_strdup_printf (_("No modes: %s"), message);

  _sw_window_modes_set (self, NULL);
  gtk_label_set_label (self->modes_summary, text);
  /* No table or charts below: the whole reason, wrapped. */
  gtk_label_set_wrap (self->modes_summary, TRUE);
  gtk_label_set_ellipsize (self->modes_summary, PANGO_ELLIPSIZE_NONE);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->modes_summary), NULL);
  gtk_widget_add_css_class (GTK_WIDGET (self->modes_summary), "error");
  gtk_widget_set_visible (GTK_WIDGET (self->modes_summary), TRUE);
}

static void
at_cursor_toggled_cb (GtkCheckButton *button,
                      SwWindow       *self)
{
  self->modes_at_cursor = gtk_check_button_get_active (button);
  if (self->check_ok)
    _sw_window_start_modes (self);
  _sw_window_analysis_operating_changed (self);
}

static void
friction_selected_cb (GtkDropDown *drop,
                      GParamSpec  *pspec,
                      SwWindow    *self)
{
  guint selected = gtk_drop_down_get_selected (drop);

  if (self->modes_friction_syncing || selected > SW_LINEAR_FRICTION_LAST)
    return;
  self->modes_friction_chosen = TRUE;
  if ((SwLinearFriction) selected == self->modes_friction)
    return;
  self->modes_friction = (SwLinearFriction) selected;
  if (self->check_ok)
    _sw_window_start_modes (self);
}

/* The Campbell diagram's crossing: its mode (1-based) in the Modes page
 * (0-based), computed first when there are no modes yet. */
static void
campbell_mode_selected_cb (SwWindow *self,
                           guint     mode)
{
  if (mode == 0)
    return;
  adw_view_stack_set_visible_child_name (self->results_stack, "modes");
  if (self->modes != NULL && mode - 1 < sw_modes_get_n_modes (self->modes))
    sw_modes_view_set_selected_mode (self->modes_view, mode - 1);
  else
    {
      self->pending_mode = mode - 1;
      if (self->check_ok && self->modes_cancellable == NULL)
        _sw_window_start_modes (self);
    }
}

/* "Vary…" on a parameter in the inspector: into the Study page, shown. */
static void
vary_requested_cb (SwWindow   *self,
                   const char *id,
                   const char *param,
                   double      value)
{
  sw_study_view_vary_param (self->study_view, id, param, value);
  adw_view_stack_set_visible_child_name (self->results_stack, "study");
}

/* ---- Frequency response and Campbell ------------------------------------ */

/* The operating point the Modes page has: t = 0 or the cursor's. */
static double
analysis_operating_time (SwWindow *self)
{
  double t = 0;

  if (self->modes_at_cursor && !sw_plot_view_get_cursor (self->plot_view, &t))
    t = 0;
  return MAX (t, 0.0);
}

/* Hands the snapshot to the page that shows, when it has not had it. */
static void
update_analysis_pages (SwWindow *self)
{
  const char *page;

  if (self->results_stack == NULL || gtk_widget_in_destruction (GTK_WIDGET (self)))
    return;
  page = adw_view_stack_get_visible_child_name (self->results_stack);
  if (g_strcmp0 (page, "frf") == 0 && !self->analysis_frf_fresh)
    {
      self->analysis_frf_fresh = TRUE;
      sw_frf_view_set_operating_time (self->frf_view, analysis_operating_time (self));
      sw_frf_view_set_system (self->frf_view, self->analysis_system);
    }
  else if (g_strcmp0 (page, "campbell") == 0 && !self->analysis_campbell_fresh)
    {
      self->analysis_campbell_fresh = TRUE;
      sw_campbell_view_set_operating_time (self->campbell_view, analysis_operating_time (self));
      sw_campbell_view_set_system (self->campbell_view, self->analysis_system);
    }
  else if (g_strcmp0 (page, "forced") == 0 && !self->analysis_forced_fresh)
    {
      /* The model's own excitation (its "excitation") with the page's; one
       * the model cannot give (an engine's parameters changed) is left out,
       * and the CLI names why. */
      g_autoptr (GArray) excitation = sw_forced_excitations_from_model (self->model, NULL);

      self->analysis_forced_fresh = TRUE;
      sw_forced_view_set_operating_time (self->forced_view, analysis_operating_time (self));
      sw_forced_view_set_model_excitation (self->forced_view,
                                           excitation != NULL ? (const SwForcedExcitation *) excitation->data : NULL,
                                           excitation != NULL ? excitation->len : 0);
      sw_forced_view_set_system (self->forced_view, self->analysis_system);
    }
}

/* The operating point moved (the cursor, or its choice): the frequency
 * response, Campbell and forced response pages follow, now if they show. */
void
_sw_window_analysis_operating_changed (SwWindow *self)
{
  self->analysis_frf_fresh = self->analysis_forced_fresh = self->analysis_campbell_fresh = FALSE;
  update_analysis_pages (self);
}

void
_sw_window_analysis_set_system (SwWindow *self,
                                SwSystem *system)
{
  g_autofree char *params = NULL;

  if (system != NULL)
    {
      /* The same model again (a run after its check): nothing new. */
      params = _sw_window_dup_params_text (self->model);
      if (self->analysis_system != NULL && g_strcmp0 (params, self->analysis_params) == 0)
        return;
    }
  else if (self->analysis_system == NULL)
    return;
  g_clear_pointer (&self->analysis_system, sw_system_unref);
  self->analysis_system = system != NULL ? sw_system_ref (system) : NULL;
  g_free (self->analysis_params);
  self->analysis_params = g_steal_pointer (&params);
  self->analysis_frf_fresh = FALSE;
  self->analysis_campbell_fresh = FALSE;
  self->analysis_forced_fresh = FALSE;
  update_analysis_pages (self);
}

/* The friction elements' states a linear analysis offers, in the order of
 * SwLinearFriction. */
static GtkDropDown *
friction_drop_down_new (void)
{
  const char *const items[] = {
    /* Translators: the state of the clutches, brakes and bearing friction in a modal analysis. */
    C_("friction state", "As at the operating point"),
    C_("friction state", "All locked"),
    C_("friction state", "All open"),
    C_("friction state", "Clutches engaged"),
    NULL,
  };
  GtkDropDown *drop = GTK_DROP_DOWN (gtk_drop_down_new_from_strings (items));

  gtk_widget_set_tooltip_text (GTK_WIDGET (drop),
                               _("Clutches, brakes and bearing friction: stuck or sliding as at the operating "
                                 "point, all locked (rigid), all open (released, sliding ones with the slope "
                                 "of their friction law), or clutches engaged (clutches and one-way clutches "
                                 "locked, brakes and bearing friction released)"));
  return drop;
}

/* The tabs' full names as tooltips: the titles are short so that six fit
 * in the results bar of a 1280 px window (and in German). The switcher's
 * buttons follow the stack's pages in order. */
static void
set_tab_tooltips (SwWindow *self)
{
  g_autoptr(GListModel) pages = G_LIST_MODEL (adw_view_stack_get_pages (self->results_stack));
  guint i = 0;

  for (GtkWidget *button = gtk_widget_get_first_child (GTK_WIDGET (self->results_switcher));
       button != NULL && i < g_list_model_get_n_items (pages);
       button = gtk_widget_get_next_sibling (button), i++)
    {
      g_autoptr(AdwViewStackPage) page = g_list_model_get_item (pages, i);
      const char *name = adw_view_stack_page_get_name (page);
      const char *tooltip = NULL;

      if (g_strcmp0 (name, "trajectories") == 0)
        tooltip = _("Trajectories of the Run");
      else if (g_strcmp0 (name, "modes") == 0)
        tooltip = _("Modes: Natural Frequencies and Shapes");
      else if (g_strcmp0 (name, "frf") == 0)
        tooltip = _("Frequency Response");
      else if (g_strcmp0 (name, "campbell") == 0)
        tooltip = _("Campbell Diagram");
      else if (g_strcmp0 (name, "forced") == 0)
        tooltip = _("Forced Response");
      else if (g_strcmp0 (name, "study") == 0)
        tooltip = _("Parameter Study");
      gtk_widget_set_tooltip_text (button, tooltip);
    }
}

void
_sw_window_modes_init (SwWindow *self)
{
  GtkWidget *at_cursor, *row, *label, *scroller;

  self->pending_mode = G_MAXUINT;
  set_tab_tooltips (self);
  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_margin_start (row, 12);
  gtk_widget_set_margin_end (row, 12);
  gtk_widget_set_margin_top (row, 3);
  gtk_widget_set_margin_bottom (row, 3);
  at_cursor = gtk_check_button_new_with_mnemonic (_("At the plot’s _cursor (else at t = 0)"));
  gtk_widget_set_tooltip_text (at_cursor, _("Linearise at the state under the trajectory plot’s cursor"));
  g_signal_connect_object (at_cursor, "toggled", G_CALLBACK (at_cursor_toggled_cb), self, 0);
  /* The frequency response page has the same choice. */
  g_object_bind_property (at_cursor, "active", self->frf_view, "at-cursor",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  g_object_bind_property (at_cursor, "active", self->forced_view, "at-cursor",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  g_object_bind_property (at_cursor, "active", self->campbell_view, "at-cursor",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  gtk_box_append (GTK_BOX (row), at_cursor);
  /* Translators: before the choice of the friction elements' state (as at the operating point, locked, open, engaged). */
  label = gtk_label_new_with_mnemonic (_("_Friction"));
  gtk_widget_set_margin_start (label, 12);
  gtk_box_append (GTK_BOX (row), label);
  self->modes_friction_drop = friction_drop_down_new ();
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), GTK_WIDGET (self->modes_friction_drop));
  g_signal_connect_object (self->modes_friction_drop, "notify::selected", G_CALLBACK (friction_selected_cb), self, 0);
  gtk_box_append (GTK_BOX (row), GTK_WIDGET (self->modes_friction_drop));
  /* A narrow window scrolls the row sideways rather than widen. */
  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), row);
  gtk_box_insert_child_after (self->modes_page, scroller, GTK_WIDGET (self->modes_summary));
  sw_modes_view_set_canvas (self->modes_view, self->canvas);
  sw_forced_view_set_canvas (self->forced_view, self->canvas);
  g_signal_connect_object (self->inspector, "vary-requested", G_CALLBACK (vary_requested_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->campbell_view, "mode-selected",
                           G_CALLBACK (campbell_mode_selected_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->results_stack, "notify::visible-child-name",
                           G_CALLBACK (update_analysis_pages), self, G_CONNECT_SWAPPED);
  _sw_window_modes_set (self, NULL);
}

void
_sw_window_modes_dispose (SwWindow *self)
{
  g_clear_pointer (&self->modes, sw_modes_unref);
  g_clear_pointer (&self->analysis_system, sw_system_unref);
  g_clear_pointer (&self->analysis_params, g_free);
}
