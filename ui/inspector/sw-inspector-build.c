/* sw-inspector-build.c: the inspector's rows built from a kind's
 * descriptors: the title group (symbol, kind, id), a row per parameter
 * (number, switch, signal, table, formula, geometry with its results) and
 * per initial value; an empty page; rebuilding when the component or its
 * kind changes. The simulation settings' rows are built in sw-inspector.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-inspector-private.h"

#include <math.h>
#include <string.h>

#include <adwaita.h>
#include <glib/gi18n.h>

#include "sw-inspector-geometry-row.h"
#include "sw-inspector-number-row.h"
#include "sw-inspector-signal-row.h"
#include "sw-inspector-table-row.h"
#include "sw-inspector-expression-row.h"
#include "sw-palette-symbol.h"

/* Building the rows */

static GtkWidget *
create_number_row (const SwParamDesc *desc,
                   const char        *prefix)
{
  g_autofree char *name = g_strconcat (prefix, desc->name, NULL);
  GtkWidget *row = sw_inspector_number_row_new (_(desc->label), desc->name, desc->unit);

  gtk_widget_set_name (row, name);
  /* The name in the file and in results, for those who write or read them. */
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), desc->name);
  sw_inspector_number_row_set_range (SW_INSPECTOR_NUMBER_ROW (row), desc->min, desc->max,
                                     desc->min_exclusive, FALSE);
  /* Tuned up from zero, a parameter starts at 1 % of its default. */
  if (isfinite (desc->default_value) && desc->default_value != 0)
    sw_inspector_number_row_set_tune_origin (SW_INSPECTOR_NUMBER_ROW (row), 0.01 * fabs (desc->default_value));
  if (desc->help != NULL)
    sw_inspector_number_row_set_help (SW_INSPECTOR_NUMBER_ROW (row), _(desc->help));
  return row;
}

static GtkWidget *
create_switch_row (SwInspector       *self,
                   const SwParamDesc *desc,
                   guint              param)
{
  g_autofree char *name = g_strconcat ("param-", desc->name, NULL);
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *sw = gtk_switch_new ();

  gtk_widget_set_name (row, name);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(desc->label));
  if (desc->help != NULL)
    gtk_widget_set_tooltip_text (row, _(desc->help));
  gtk_widget_set_valign (sw, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), sw);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), sw);
  _sw_inspector_set_row_param (sw, param);
  g_object_set_data (G_OBJECT (row), "switch", sw);
  g_signal_connect (sw, "notify::active", G_CALLBACK (_sw_inspector_switch_cb), self);
  return row;
}

/* A parameter inside a subsystem that the subsystem's own parameter sets:
 * its block outside gives the value, so an edit here would do nothing.
 * Shown so, and not editable. */
static void
mark_bound_row (GtkWidget  *row,
                const char *bound,
                gboolean    shows_outer)
{
  g_autofree char *note = shows_outer ? g_strdup_printf (_("Set by the subsystem’s parameter “%s” on its block "
                                                           "outside; the value shown is the block’s"), bound)
                                      : g_strdup_printf (_("Set by the subsystem’s parameter “%s” on its block "
                                                           "outside"), bound);

  gtk_widget_set_sensitive (row, FALSE);
  gtk_widget_set_tooltip_text (row, note);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, note, -1);
  if (ADW_IS_ACTION_ROW (row))
    {
      const char *name = adw_action_row_get_subtitle (ADW_ACTION_ROW (row));
      g_autofree char *subtitle = name != NULL && *name != '\0' ? g_strdup_printf ("%s · %s", name, note)
                                                                : g_strdup (note);

      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 0);
    }
  else
    {
      /* An expander row's subtitle is its summary: the note in its title. */
      g_autofree char *title = g_strdup_printf (_("%s (set outside by “%s”)"),
                                                adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), bound);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
    }
  g_object_set_data_full (G_OBJECT (row), "sw-bound-to", g_strdup (bound), g_free);
}

static void
outer_row_activated_cb (AdwActionRow *row,
                        SwInspector  *self)
{
  _sw_inspector_emit_outer (self, g_object_get_data (G_OBJECT (row), "sw-bound-to"));
}

/* Under a bound parameter: the way to where it is set. */
static GtkWidget *
create_outer_row (SwInspector *self,
                  const char  *param,
                  const char  *bound)
{
  g_autofree char *name = g_strconcat ("outer-", param, NULL);
  g_autofree char *title = g_strdup_printf (_("Set “%s” on the Block"), bound);
  GtkWidget *row = adw_action_row_new ();

  gtk_widget_set_name (row, name);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("go-up-symbolic"));
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  g_object_set_data_full (G_OBJECT (row), "sw-bound-to", g_strdup (bound), g_free);
  g_signal_connect (row, "activated", G_CALLBACK (outer_row_activated_cb), self);
  return row;
}

static SwInspectorGeometryResults
geometry_results (const SwKind *kind,
                  const SwParamDesc *desc)
{
  if (strcmp (kind->name, "rotational.inertia") == 0 && strcmp (desc->name, "J") == 0)
    return SW_INSPECTOR_GEOMETRY_INERTIA;
  if ((strcmp (kind->name, "rotational.spring") == 0 ||
       strcmp (kind->name, "rotational.spring_damper") == 0) && strcmp (desc->name, "c") == 0)
    return SW_INSPECTOR_GEOMETRY_STIFFNESS;
  if (strcmp (kind->name, "rotational.shaft") == 0)
    {
      if (strcmp (desc->name, "c") == 0)
        return SW_INSPECTOR_GEOMETRY_STIFFNESS;
      if (strcmp (desc->name, "J") == 0)
        return SW_INSPECTOR_GEOMETRY_INERTIA;
    }
  return 0;
}

static GtkWidget *
build_title_group (SwInspector       *self,
                   const SwComponent *c)
{
  GtkWidget *group = adw_preferences_group_new ();
  g_autofree char *title = NULL;
  g_autofree char *description = NULL;
  GtkEventController *focus;

  /* Group titles and descriptions are markup. */
  title = g_markup_escape_text (_(c->kind->label), -1);
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), title);
  /* The kind's name apart from the help, as the palette's tooltip sets it:
   * "… parameters here rotational.engine" read as one sentence. */
  description = g_markup_printf_escaped ("%s\n<small><tt>%s</tt></small>",
                                         c->kind->help != NULL ? _(c->kind->help) : "", c->kind->name);
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group), description);
  adw_preferences_group_set_header_suffix (ADW_PREFERENCES_GROUP (group),
                                           sw_palette_symbol_new (c->kind, 56, 40));

  self->id_row = adw_entry_row_new ();
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (self->id_row), FALSE);
  gtk_widget_set_name (self->id_row, "id");
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->id_row), _("Id"));
  gtk_editable_set_text (GTK_EDITABLE (self->id_row), c->id);
  _sw_inspector_show_id_error (self->id_row, NULL);
  g_signal_connect (self->id_row, "changed", G_CALLBACK (_sw_inspector_id_changed_cb), self);
  g_signal_connect_swapped (self->id_row, "entry-activated", G_CALLBACK (_sw_inspector_id_commit), self);
  focus = gtk_event_controller_focus_new ();
  g_signal_connect (focus, "leave", G_CALLBACK (_sw_inspector_id_leave_cb), self);
  gtk_widget_add_controller (self->id_row, focus);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), self->id_row);

  return group;
}

static void
build_component (SwInspector       *self,
                 const SwComponent *c)
{
  const SwKind *kind = c->kind;
  GtkWidget *params = NULL, *initials = NULL;
  SwInspectorGeometryResults geometry = 0;

  adw_preferences_page_add (ADW_PREFERENCES_PAGE (self->page),
                            ADW_PREFERENCES_GROUP (build_title_group (self, c)));

  for (guint i = 0; i < kind->n_params; i++)
    {
      const SwParamDesc *desc = &kind->params[i];
      GtkWidget *row = NULL;
      gboolean bound_outside = FALSE;

      switch (desc->type)
        {
        case SW_PARAM_REAL:
          row = create_number_row (desc, "param-");
          g_signal_connect (row, "committed", G_CALLBACK (_sw_inspector_param_committed_cb), self);
          _sw_inspector_connect_tuning (self, row);
          _sw_inspector_add_vary_menu (self, row, i);
          break;

        case SW_PARAM_INITIAL:
          row = create_number_row (desc, "initial-");
          sw_inspector_number_row_set_optional (SW_INSPECTOR_NUMBER_ROW (row), _("auto"));
          g_signal_connect (row, "committed", G_CALLBACK (_sw_inspector_param_committed_cb), self);
          _sw_inspector_connect_tuning (self, row);
          break;

        case SW_PARAM_BOOLEAN:
          row = create_switch_row (self, desc, i);
          break;

        case SW_PARAM_SIGNAL:
          {
            g_autofree char *name = g_strconcat ("param-", desc->name, NULL);

            row = sw_inspector_signal_row_new (desc);
            gtk_widget_set_name (row, name);
            g_signal_connect (row, "signal-edited", G_CALLBACK (_sw_inspector_signal_edited_cb), self);
            _sw_inspector_add_signal_vary_menu (self, row, i);
          }
          break;

        case SW_PARAM_TABLE:
          {
            g_autofree char *name = g_strconcat ("param-", desc->name, NULL);

            row = sw_inspector_table_row_new (desc);
            gtk_widget_set_name (row, name);
            g_signal_connect (row, "table-edited", G_CALLBACK (_sw_inspector_table_edited_cb), self);
          }
          break;

        case SW_PARAM_EXPRESSION:
          {
            g_autofree char *name = g_strconcat ("param-", desc->name, NULL);

            row = sw_inspector_expression_row_new (desc);
            gtk_widget_set_name (row, name);
            g_signal_connect (row, "expression-edited", G_CALLBACK (_sw_inspector_expression_edited_cb), self);
          }
          break;

        default:
          g_assert_not_reached ();
        }

      _sw_inspector_set_row_param (row, i);
      self->param_rows[i] = row;
      {
        g_autofree char *bound = sw_model_dup_interface_param_for (self->model, c->id, desc->name);
        double outer;

        bound_outside = bound != NULL;
        if (bound != NULL)
          mark_bound_row (row, bound, _sw_inspector_get_outer_value (self, bound, &outer));
      }

      if (desc->type == SW_PARAM_INITIAL)
        {
          if (initials == NULL)
            {
              initials = adw_preferences_group_new ();
              adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (initials), _("Initial values"));
              adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (initials),
                                                     _("Leave empty to follow from the connections"));
            }
          adw_preferences_group_add (ADW_PREFERENCES_GROUP (initials), row);
          if (bound_outside)
            adw_preferences_group_add (ADW_PREFERENCES_GROUP (initials),
                                       create_outer_row (self, desc->name,
                                                         g_object_get_data (G_OBJECT (row), "sw-bound-to")));
          continue;
        }

      if (params == NULL)
        {
          params = adw_preferences_group_new ();
          adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (params), _("Parameters"));
        }
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (params), row);
      if (bound_outside)
        adw_preferences_group_add (ADW_PREFERENCES_GROUP (params),
                                   create_outer_row (self, desc->name, g_object_get_data (G_OBJECT (row), "sw-bound-to")));
      /* Geometry would set a value the block outside gives. */
      if (!bound_outside)
        geometry |= geometry_results (kind, desc);
    }

  /* Below the parameters it sets. */
  if (geometry != 0)
    {
      GtkWidget *expander = sw_inspector_geometry_row_new (geometry);

      gtk_widget_set_name (expander, "geometry");
      /* The geometry the values were worked out from, if the file keeps it. */
      sw_inspector_geometry_row_set_geometry (SW_INSPECTOR_GEOMETRY_ROW (expander),
                                              sw_model_get_ui_member (self->model, self->component, "geometry"));
      g_signal_connect (expander, "apply", G_CALLBACK (_sw_inspector_geometry_apply_cb), self);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (params), expander);
    }

  /* A damper: set to its optimum for a mode. */
  if (params != NULL && _sw_inspector_kind_is_tunable (kind))
    {
      self->tuning_row = _sw_inspector_tuning_row_new (self);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (params), self->tuning_row);
    }

  if (params != NULL)
    adw_preferences_page_add (ADW_PREFERENCES_PAGE (self->page), ADW_PREFERENCES_GROUP (params));
  if (initials != NULL)
    adw_preferences_page_add (ADW_PREFERENCES_PAGE (self->page), ADW_PREFERENCES_GROUP (initials));

  g_clear_pointer (&self->shown_kind, sw_kind_unref);
  self->shown_kind = sw_kind_ref (kind);
}

static void
build_empty (SwInspector *self)
{
  GtkWidget *group = adw_preferences_group_new ();
  GtkWidget *label = gtk_label_new (_("No model"));

  gtk_widget_add_css_class (label, "dim-label");
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), label);
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (self->page), ADW_PREFERENCES_GROUP (group));
}

void
_sw_inspector_rebuild (SwInspector *self)
{
  const SwComponent *c = _sw_inspector_current_component (self);

  /* Rows going away in the middle of a drag end it. */
  _sw_inspector_end_tune_group (self);
  self->rebuilding = TRUE;
  if (self->page != NULL)
    gtk_widget_unparent (self->page);
  self->page = NULL;
  g_clear_pointer (&self->shown_kind, sw_kind_unref);
  self->shown_simulation = FALSE;
  self->id_row = NULL;
  self->id_pending = FALSE;
  self->method_row = NULL;
  self->tuning_row = NULL;
  memset (self->param_rows, 0, sizeof self->param_rows);
  memset (self->sim_rows, 0, sizeof self->sim_rows);

  self->page = adw_preferences_page_new ();
  gtk_widget_set_parent (self->page, GTK_WIDGET (self));

  if (c != NULL)
    build_component (self, c);
  else if (self->model != NULL)
    _sw_inspector_build_simulation (self);
  else
    build_empty (self);
  _sw_inspector_apply_units (self);
  self->rebuilding = FALSE;

  _sw_inspector_refresh (self);
}
