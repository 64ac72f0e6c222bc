/* sw-forced-view.c: the forced response view.
 *
 * The type, its controls (excited body, orders, amplitude, speed range,
 * section, diameter, limits) and its API. A change of system, excited body,
 * orders, amplitude or speed range starts a job in a worker
 * (sw-forced-view-job.c); the section and the diameter only change what
 * is drawn (the diameter with limits set computes again). PLplot draws on the main thread through a stream of the
 * view's own (sw-forced-view-diagram.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-forced-view.h"
#include "sw-forced-view-private.h"

#include <math.h>
#include <string.h>
#include <adwaita.h>
#include <glib/gi18n.h>

#include "sw-ui-resources.h"

#define ENTRY_DELAY_MS   400   /* after typing in an entry */

G_DEFINE_FINAL_TYPE (SwForcedView, sw_forced_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_BODY,
  PROP_SECTION,
  PROP_AT_CURSOR,
  PROP_BUSY,
  N_PROPS
};

enum { COMPUTED, N_SIGNALS };

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
update_colors (SwForcedView *self)
{
  sw_plot_widget_update_colors (GTK_WIDGET (self), GTK_WIDGET (self->area), &self->colors);
}

/* ---- Helpers ----------------------------------------------------------------- */

/* A rotational part that carries mass: what a harmonic torque can act on
 * and what the Campbell diagram takes as its reference shaft. */
static gboolean
is_body (const SwPart *p)
{
  if (p->kind->n_ports == 0 || p->kind->ports[0].domain != SW_DOMAIN_ROTATIONAL)
    return FALSE;
  for (guint k = 0; k < p->kind->n_params; k++)
    if (g_strcmp0 (p->kind->params[k].unit, "kg.m2") == 0 && p->param[k] > 0)
      return TRUE;
  return FALSE;
}

static const char *
drop_string (GtkDropDown *drop)
{
  GtkStringObject *item = gtk_drop_down_get_selected_item (drop);

  return item != NULL ? gtk_string_object_get_string (item) : NULL;
}

static int
find_string (GtkStringList *list, const char *s, guint from)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (list));

  for (guint i = from; s != NULL && i < n; i++)
    if (strcmp (gtk_string_list_get_string (list, i), s) == 0)
      return (int) i;
  return -1;
}

/* "1, 2:50, 4.5:20:90" (commas or spaces): each ORDER[:AMPLITUDE[:PHASE_DEG]]
 * as shaftwork-cli forced --excite takes them, the amplitude NAN where the
 * common one applies; FALSE when not a list of orders > 0 with amplitudes
 * >= 0 and finite phases. */
static gboolean
parse_orders (const char *text, GArray *orders, GArray *specs)
{
  g_auto (GStrv) items = g_regex_split_simple ("[,;\\s]+", text, 0, 0);

  g_array_set_size (orders, 0);
  if (specs != NULL)
    g_array_set_size (specs, 0);
  for (guint k = 0; items[k] != NULL; k++)
    {
      g_auto (GStrv) parts = NULL;
      SwForcedOrderSpec spec = { .amplitude = NAN };
      guint n;

      if (*items[k] == '\0')
        continue;
      parts = g_strsplit (items[k], ":", 4);
      n = g_strv_length (parts);
      for (guint j = 0; j < n; j++)
        {
          char *end;
          double v = g_strtod (parts[j], &end);

          if (j > 2 || *parts[j] == '\0' || *end != '\0' || !isfinite (v) || (j == 0 && !(v > 0)) || (j == 1 && v < 0))
            return FALSE;
          *(j == 0 ? &spec.order : j == 1 ? &spec.amplitude : &spec.phase_deg) = v;
        }
      g_array_append_val (orders, spec.order);
      if (specs != NULL)
        g_array_append_val (specs, spec);
    }
  return orders->len > 0;
}

static char *
format_orders (const GArray *specs)
{
  GString *s = g_string_new (NULL);

  for (guint k = 0; k < specs->len; k++)
    {
      const SwForcedOrderSpec *spec = &g_array_index (specs, SwForcedOrderSpec, k);

      g_string_append_printf (s, k > 0 ? ", %g" : "%g", spec->order);
      if (isfinite (spec->amplitude))
        g_string_append_printf (s, ":%g", spec->amplitude);
      if (isfinite (spec->amplitude) && spec->phase_deg != 0)
        g_string_append_printf (s, ":%g", spec->phase_deg);
    }
  return g_string_free (s, FALSE);
}

/* A number in an entry: empty is 0 when empty_ok. */
static gboolean
parse_number (GtkEntry *entry, double min_exclusive, double max, gboolean empty_ok, double *v)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (entry))));
  char *end;

  if (*text == '\0')
    {
      *v = 0;
      return empty_ok;
    }
  *v = g_strtod (text, &end);
  return *end == '\0' && isfinite (*v) && *v > min_exclusive && *v <= max;
}

/* The section whose largest amplitude over the range is the largest. */
static char *
find_most_loaded (SwTrajectory *tr)
{
  guint n = sw_trajectory_get_n_columns (tr), rows = sw_trajectory_get_n_rows (tr);
  const char *best = NULL;
  double best_value = -1;

  for (guint c = 0; c < n; c++)
    {
      const char *name = sw_trajectory_get_column_name (tr, c);
      const double *v;

      if (!g_str_has_suffix (name, ".tau_amp"))
        continue;
      v = sw_trajectory_get_column (tr, c);
      for (guint i = 0; i < rows; i++)
        if (isfinite (v[i]) && v[i] > best_value)
          best_value = v[i], best = name;
      if (best == NULL)
        best = name;
    }
  return best != NULL ? g_strndup (best, strlen (best) - strlen (".tau_amp")) : NULL;
}

/* ---- The section list ------------------------------------------------------- */

/* The section list from the response's columns, keeping the choice. */
void
_sw_forced_view_fill_sections (SwForcedView *self)
{
  g_autofree char *chosen = g_strdup (sw_forced_view_get_section (self));
  g_autoptr (GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *first = NULL;
  int index;

  g_free (self->most_loaded);
  self->most_loaded = self->response != NULL ? find_most_loaded (self->response) : NULL;
  first = self->most_loaded != NULL
          /* Translators: the section list's first item: the one with the largest response. */
          ? g_strdup_printf (_("Most loaded (%s)"), self->most_loaded) : g_strdup (_("Most loaded"));
  g_ptr_array_add (ids, g_steal_pointer (&first));
  for (guint c = 0; self->response != NULL && c < sw_trajectory_get_n_columns (self->response); c++)
    {
      const char *name = sw_trajectory_get_column_name (self->response, c);

      if (g_str_has_suffix (name, ".tau_amp"))
        g_ptr_array_add (ids, g_strndup (name, strlen (name) - strlen (".tau_amp")));
    }
  g_ptr_array_add (ids, NULL);
  self->filling = TRUE;
  gtk_string_list_splice (self->sections, 0, g_list_model_get_n_items (G_LIST_MODEL (self->sections)),
                          (const char *const *) ids->pdata);
  index = find_string (self->sections, chosen, 1);
  gtk_drop_down_set_selected (self->section_drop, index > 0 ? (guint) index : 0);
  self->filling = FALSE;
  if (g_strcmp0 (chosen, sw_forced_view_get_section (self)) != 0)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SECTION]);
}

/* ---- Controls ------------------------------------------------------------------ */

static void
set_entry_text (SwForcedView *self, GtkEntry *entry, const char *text)
{
  self->filling = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (entry), text);
  gtk_widget_remove_css_class (GTK_WIDGET (entry), "error");
  self->filling = FALSE;
}

static void
show_number (SwForcedView *self, GtkEntry *entry, double v)
{
  char text[G_ASCII_DTOSTR_BUF_SIZE];

  if (v > 0)
    g_snprintf (text, sizeof text, "%g", v);
  else
    text[0] = '\0';
  set_entry_text (self, entry, text);
}

static void
show_controls (SwForcedView *self)
{
  g_autofree char *orders = format_orders (self->specs);

  show_number (self, self->from_entry, self->from_rpm);
  show_number (self, self->to_entry, self->to_rpm);
  show_number (self, self->amplitude_entry, self->amplitude);
  show_number (self, self->diameter_entry, self->diameter_m * 1e3);
  show_number (self, self->uts_entry, self->uts_mpa);
  show_number (self, self->rated_entry, self->rated_rpm);
  set_entry_text (self, self->orders_entry, orders);
}

static gboolean
entry_ok (SwForcedView *self, GtkEntry *entry)
{
  g_autoptr (GArray) orders = g_array_new (FALSE, FALSE, sizeof (double));
  double v;

  if (entry == self->orders_entry)
    return parse_orders (gtk_editable_get_text (GTK_EDITABLE (entry)), orders, NULL);
  if (entry == self->diameter_entry)
    return parse_number (entry, 0, 1e5, TRUE, &v);
  if (entry == self->uts_entry)
    return parse_number (entry, 0, SW_FORCED_MAX_UTS_MPA, TRUE, &v);
  if (entry == self->rated_entry)
    return parse_number (entry, 0, SW_FORCED_MAX_RPM, TRUE, &v);
  if (entry == self->amplitude_entry)
    return parse_number (entry, 0, 1e15, FALSE, &v);
  return parse_number (entry, 0, SW_FORCED_MAX_RPM, FALSE, &v);
}

static gboolean
entry_timeout (gpointer data)
{
  SwForcedView *self = data;
  g_autoptr (GArray) orders = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) specs = g_array_new (FALSE, FALSE, sizeof (SwForcedOrderSpec));
  double from, to, amplitude, diameter_mm, uts, rated;

  self->entry_timeout = 0;
  if (parse_number (self->diameter_entry, 0, 1e5, TRUE, &diameter_mm) && diameter_mm * 1e-3 != self->diameter_m)
    sw_forced_view_set_diameter (self, diameter_mm * 1e-3);
  if (parse_number (self->uts_entry, 0, SW_FORCED_MAX_UTS_MPA, TRUE, &uts)
      && parse_number (self->rated_entry, 0, SW_FORCED_MAX_RPM, TRUE, &rated))
    sw_forced_view_set_limits (self, uts, rated);
  if (parse_number (self->from_entry, 0, SW_FORCED_MAX_RPM, FALSE, &from) &&
      parse_number (self->to_entry, 0, SW_FORCED_MAX_RPM, FALSE, &to) && to > from &&
      parse_number (self->amplitude_entry, 0, 1e15, FALSE, &amplitude) &&
      parse_orders (gtk_editable_get_text (GTK_EDITABLE (self->orders_entry)), orders, specs))
    {
      gboolean same = from == self->from_rpm && to == self->to_rpm && amplitude == self->amplitude &&
                      specs->len == self->specs->len &&
                      memcmp (specs->data, self->specs->data, specs->len * sizeof (SwForcedOrderSpec)) == 0;

      if (same)
        return G_SOURCE_REMOVE;
      self->from_rpm = from;
      self->to_rpm = to;
      self->amplitude = amplitude;
      g_array_set_size (self->orders, 0);
      g_array_append_vals (self->orders, orders->data, orders->len);
      g_array_set_size (self->specs, 0);
      g_array_append_vals (self->specs, specs->data, specs->len);
      _sw_forced_view_start_job (self);
    }
  return G_SOURCE_REMOVE;
}

static void
on_entry_changed (SwForcedView *self, GtkEditable *editable)
{
  if (self->filling)
    return;
  if (entry_ok (self, GTK_ENTRY (editable)))
    gtk_widget_remove_css_class (GTK_WIDGET (editable), "error");
  else
    gtk_widget_add_css_class (GTK_WIDGET (editable), "error");
  g_clear_handle_id (&self->entry_timeout, g_source_remove);
  self->entry_timeout = g_timeout_add (ENTRY_DELAY_MS, entry_timeout, self);
}

static void
on_entry_activate (SwForcedView *self)
{
  g_clear_handle_id (&self->entry_timeout, g_source_remove);
  entry_timeout (self);
}

static void
on_body_selected (SwForcedView *self)
{
  if (self->filling)
    return;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BODY]);
  _sw_forced_view_start_job (self);
}

static void
on_section_selected (SwForcedView *self)
{
  if (self->filling)
    return;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SECTION]);
  _sw_forced_view_update_loads (self);
  gtk_widget_queue_draw (GTK_WIDGET (self->area));
}

/* ---- API ----------------------------------------------------------------------- */

GtkWidget *
sw_forced_view_new (void)
{
  return g_object_new (SW_TYPE_FORCED_VIEW, NULL);
}

void
sw_forced_view_set_system (SwForcedView *self, SwSystem *system)
{
  g_autofree char *body = NULL;
  g_autoptr (GPtrArray) ids = g_ptr_array_new ();
  int index;

  g_return_if_fail (SW_IS_FORCED_VIEW (self));

  body = g_strdup (drop_string (self->body_drop));
  if (system != NULL)
    sw_system_ref (system);
  g_clear_pointer (&self->system, sw_system_unref);
  self->system = system;
  for (guint i = 0; system != NULL && i < sw_system_get_n_parts (system); i++)
    if (is_body (sw_system_get_model_part (system, i)))
      g_ptr_array_add (ids, (gpointer) sw_system_get_model_part (system, i)->id);
  g_ptr_array_add (ids, NULL);
  self->filling = TRUE;
  gtk_string_list_splice (self->bodies, 0, g_list_model_get_n_items (G_LIST_MODEL (self->bodies)),
                          (const char *const *) ids->pdata);
  index = find_string (self->bodies, body, 0);
  gtk_drop_down_set_selected (self->body_drop, index >= 0 ? (guint) index
                              : ids->len > 1 ? 0 : GTK_INVALID_LIST_POSITION);
  self->filling = FALSE;
  if (g_strcmp0 (body, drop_string (self->body_drop)) != 0)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BODY]);
  _sw_forced_view_start_job (self);
}

SwSystem *
sw_forced_view_get_system (SwForcedView *self)
{
  g_return_val_if_fail (SW_IS_FORCED_VIEW (self), NULL);
  return self->system;
}

void
sw_forced_view_set_body (SwForcedView *self, const char *body)
{
  int index;

  g_return_if_fail (SW_IS_FORCED_VIEW (self));
  g_return_if_fail (body != NULL);

  index = find_string (self->bodies, body, 0);
  if (index < 0)
    {
      g_warning ("“%s” is not in the list of bodies", body);
      return;
    }
  gtk_drop_down_set_selected (self->body_drop, (guint) index);
}

const char *
sw_forced_view_get_body (SwForcedView *self)
{
  g_return_val_if_fail (SW_IS_FORCED_VIEW (self), NULL);
  return drop_string (self->body_drop);
}

void
sw_forced_view_set_section (SwForcedView *self, const char *section)
{
  int index;

  g_return_if_fail (SW_IS_FORCED_VIEW (self));

  index = section != NULL ? find_string (self->sections, section, 1) : 0;
  if (index < 0)
    {
      g_warning ("“%s” is not in the list of sections", section);
      return;
    }
  gtk_drop_down_set_selected (self->section_drop, (guint) index);
}

const char *
sw_forced_view_get_section (SwForcedView *self)
{
  g_return_val_if_fail (SW_IS_FORCED_VIEW (self), NULL);
  if (gtk_drop_down_get_selected (self->section_drop) == 0 ||
      gtk_drop_down_get_selected (self->section_drop) == GTK_INVALID_LIST_POSITION)
    return NULL;
  return drop_string (self->section_drop);
}

void
sw_forced_view_set_speed_range (SwForcedView *self, double from_rpm, double to_rpm)
{
  g_return_if_fail (SW_IS_FORCED_VIEW (self));
  g_return_if_fail (from_rpm > 0 && to_rpm > from_rpm && to_rpm <= SW_FORCED_MAX_RPM);

  g_clear_handle_id (&self->entry_timeout, g_source_remove);
  if (from_rpm == self->from_rpm && to_rpm == self->to_rpm)
    return;
  self->from_rpm = from_rpm;
  self->to_rpm = to_rpm;
  show_controls (self);
  _sw_forced_view_start_job (self);
}

double
sw_forced_view_get_from_rpm (SwForcedView *self)
{
  g_return_val_if_fail (SW_IS_FORCED_VIEW (self), 0);
  return self->from_rpm;
}

double
sw_forced_view_get_to_rpm (SwForcedView *self)
{
  g_return_val_if_fail (SW_IS_FORCED_VIEW (self), 0);
  return self->to_rpm;
}

void
sw_forced_view_set_excitation (SwForcedView *self, const double *orders, guint n_orders, double amplitude)
{
  g_return_if_fail (SW_IS_FORCED_VIEW (self));
  g_return_if_fail (orders != NULL && n_orders > 0);
  g_return_if_fail (amplitude > 0 && isfinite (amplitude));
  for (guint k = 0; k < n_orders; k++)
    g_return_if_fail (orders[k] > 0 && isfinite (orders[k]));

  g_clear_handle_id (&self->entry_timeout, g_source_remove);
  g_array_set_size (self->orders, 0);
  g_array_append_vals (self->orders, orders, n_orders);
  g_array_set_size (self->specs, 0);
  for (guint k = 0; k < n_orders; k++)
    g_array_append_val (self->specs, ((SwForcedOrderSpec) { .order = orders[k], .amplitude = NAN }));
  self->amplitude = amplitude;
  show_controls (self);
  _sw_forced_view_start_job (self);
}

const double *
sw_forced_view_get_orders (SwForcedView *self, guint *n_orders)
{
  g_return_val_if_fail (SW_IS_FORCED_VIEW (self), NULL);
  if (n_orders != NULL)
    *n_orders = self->orders->len;
  return (const double *) self->orders->data;
}

double
sw_forced_view_get_amplitude (SwForcedView *self)
{
  g_return_val_if_fail (SW_IS_FORCED_VIEW (self), 0);
  return self->amplitude;
}

void
sw_forced_view_set_diameter (SwForcedView *self, double diameter_m)
{
  g_return_if_fail (SW_IS_FORCED_VIEW (self));
  g_return_if_fail (diameter_m >= 0 && isfinite (diameter_m));

  if (diameter_m == self->diameter_m)
    return;
  self->diameter_m = diameter_m;
  if (!gtk_widget_has_focus (GTK_WIDGET (self->diameter_entry)))
    show_number (self, self->diameter_entry, diameter_m * 1e3);
  /* The limits depend on the diameter: computed again. */
  if (self->uts_mpa > 0)
    {
      _sw_forced_view_start_job (self);
      return;
    }
  _sw_forced_view_update_loads (self);
  gtk_widget_queue_draw (GTK_WIDGET (self->area));
}

void
sw_forced_view_set_limits (SwForcedView *self, double tensile_strength_mpa, double rated_rpm)
{
  g_return_if_fail (SW_IS_FORCED_VIEW (self));
  g_return_if_fail (tensile_strength_mpa >= 0 && tensile_strength_mpa <= SW_FORCED_MAX_UTS_MPA);
  g_return_if_fail (rated_rpm >= 0 && rated_rpm <= SW_FORCED_MAX_RPM);

  if (tensile_strength_mpa == self->uts_mpa && rated_rpm == self->rated_rpm)
    return;
  self->uts_mpa = tensile_strength_mpa;
  self->rated_rpm = rated_rpm;
  if (!gtk_widget_has_focus (GTK_WIDGET (self->uts_entry)))
    show_number (self, self->uts_entry, tensile_strength_mpa);
  if (!gtk_widget_has_focus (GTK_WIDGET (self->rated_entry)))
    show_number (self, self->rated_entry, rated_rpm);
  _sw_forced_view_start_job (self);
}

double
sw_forced_view_get_tensile_strength (SwForcedView *self)
{
  g_return_val_if_fail (SW_IS_FORCED_VIEW (self), 0);
  return self->uts_mpa;
}

double
sw_forced_view_get_rated_rpm (SwForcedView *self)
{
  g_return_val_if_fail (SW_IS_FORCED_VIEW (self), 0);
  return self->rated_rpm;
}

void
sw_forced_view_set_model_excitation (SwForcedView *self, const SwForcedExcitation *excitations, guint n)
{
  g_return_if_fail (SW_IS_FORCED_VIEW (self));
  g_return_if_fail (n == 0 || excitations != NULL);

  if (_sw_forced_model_excitation_same (self->model_excitation, excitations, n))
    return;
  g_clear_pointer (&self->model_excitation, _sw_forced_model_excitation_unref);
  if (n > 0)
    self->model_excitation = _sw_forced_model_excitation_new (excitations, n);
  _sw_forced_view_start_job (self);
}

guint
sw_forced_view_get_n_model_excitations (SwForcedView *self)
{
  g_return_val_if_fail (SW_IS_FORCED_VIEW (self), 0);
  return self->model_excitation != NULL ? self->model_excitation->ex->len : 0;
}

double
sw_forced_view_get_diameter (SwForcedView *self)
{
  g_return_val_if_fail (SW_IS_FORCED_VIEW (self), 0);
  return self->diameter_m;
}

void
sw_forced_view_set_cursor (SwForcedView *self, double rpm)
{
  g_return_if_fail (SW_IS_FORCED_VIEW (self));

  if (isfinite (rpm))
    rpm = CLAMP (rpm, self->from_rpm, self->to_rpm);
  else
    rpm = NAN;
  if (rpm == self->cursor_rpm)
    return;
  self->cursor_rpm = rpm;
  _sw_forced_view_update_loads (self);
  gtk_widget_queue_draw (GTK_WIDGET (self->area));
}

double
sw_forced_view_get_cursor (SwForcedView *self)
{
  g_return_val_if_fail (SW_IS_FORCED_VIEW (self), NAN);
  return self->cursor_rpm;
}

void
sw_forced_view_set_canvas (SwForcedView *self, SwCanvas *canvas)
{
  g_return_if_fail (SW_IS_FORCED_VIEW (self));
  g_return_if_fail (canvas == NULL || SW_IS_CANVAS (canvas));

  if (self->canvas == canvas)
    return;
  if (self->canvas != NULL && gtk_widget_get_mapped (GTK_WIDGET (self)))
    sw_canvas_clear_mode (self->canvas);
  g_set_weak_pointer (&self->canvas, canvas);
  _sw_forced_view_update_loads (self);
}

SwTrajectory *
sw_forced_view_get_response (SwForcedView *self)
{
  g_return_val_if_fail (SW_IS_FORCED_VIEW (self), NULL);
  return self->response;
}

const SwCampbell *
sw_forced_view_get_campbell (SwForcedView *self)
{
  g_return_val_if_fail (SW_IS_FORCED_VIEW (self), NULL);
  return self->campbell;
}

const char *
sw_forced_view_get_shown_section (SwForcedView *self)
{
  g_return_val_if_fail (SW_IS_FORCED_VIEW (self), NULL);
  return _sw_forced_view_plotted_section (self);
}

const char *
sw_forced_view_get_most_loaded (SwForcedView *self)
{
  g_return_val_if_fail (SW_IS_FORCED_VIEW (self), NULL);
  return self->loaded_at_cursor;
}

const GError *
sw_forced_view_get_error (SwForcedView *self)
{
  g_return_val_if_fail (SW_IS_FORCED_VIEW (self), NULL);
  return self->error;
}

void
sw_forced_view_set_operating_time (SwForcedView *self, double at_s)
{
  g_return_if_fail (SW_IS_FORCED_VIEW (self));
  g_return_if_fail (at_s >= 0 && isfinite (at_s));

  if (at_s == self->at_s)
    return;
  self->at_s = at_s;
  _sw_forced_view_start_job (self);
}

gboolean
sw_forced_view_get_at_cursor (SwForcedView *self)
{
  g_return_val_if_fail (SW_IS_FORCED_VIEW (self), FALSE);
  return gtk_check_button_get_active (self->at_cursor_check);
}

void
sw_forced_view_set_at_cursor (SwForcedView *self, gboolean at_cursor)
{
  g_return_if_fail (SW_IS_FORCED_VIEW (self));
  gtk_check_button_set_active (self->at_cursor_check, at_cursor);
}

const char *
sw_forced_view_get_note (SwForcedView *self)
{
  g_return_val_if_fail (SW_IS_FORCED_VIEW (self), NULL);
  return self->note;
}

gboolean
sw_forced_view_get_busy (SwForcedView *self)
{
  g_return_val_if_fail (SW_IS_FORCED_VIEW (self), FALSE);
  return self->job != NULL;
}

static void
on_at_cursor_toggled (SwForcedView *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AT_CURSOR]);
}

/* ---- GObject ------------------------------------------------------------------- */

static void
sw_forced_view_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (sw_forced_view_parent_class)->map (widget);
  _sw_forced_view_update_loads (SW_FORCED_VIEW (widget));
}

static void
sw_forced_view_unmap (GtkWidget *widget)
{
  SwForcedView *self = SW_FORCED_VIEW (widget);

  GTK_WIDGET_CLASS (sw_forced_view_parent_class)->unmap (widget);
  /* Only loads: the Modes page, shown next, may have set its mode already. */
  if (self->canvas != NULL && sw_canvas_get_mode_index (self->canvas) == G_MAXUINT)
    sw_canvas_clear_mode (self->canvas);
}

static void
sw_forced_view_dispose (GObject *object)
{
  SwForcedView *self = SW_FORCED_VIEW (object);

  _sw_forced_view_cancel_job (self);
  g_clear_handle_id (&self->entry_timeout, g_source_remove);
  sw_plot_widget_stream_clear (&self->stream);
  g_clear_weak_pointer (&self->canvas);
  gtk_widget_dispose_template (GTK_WIDGET (self), SW_TYPE_FORCED_VIEW);
  for (GtkWidget *child; (child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL;)
    gtk_widget_unparent (child);
  g_clear_object (&self->bodies);
  g_clear_object (&self->sections);
  g_clear_pointer (&self->system, sw_system_unref);
  g_clear_pointer (&self->model_excitation, _sw_forced_model_excitation_unref);
  g_clear_pointer (&self->response, sw_trajectory_unref);
  g_clear_pointer (&self->campbell, sw_campbell_free);
  g_clear_pointer (&self->ranges, g_array_unref);
  G_OBJECT_CLASS (sw_forced_view_parent_class)->dispose (object);
}

static void
sw_forced_view_finalize (GObject *object)
{
  SwForcedView *self = SW_FORCED_VIEW (object);

  g_array_unref (self->orders);
  g_array_unref (self->specs);
  g_clear_error (&self->error);
  g_free (self->note);
  g_free (self->excited);
  g_free (self->most_loaded);
  g_free (self->loaded_at_cursor);
  G_OBJECT_CLASS (sw_forced_view_parent_class)->finalize (object);
}

static void
sw_forced_view_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  SwForcedView *self = SW_FORCED_VIEW (object);

  switch (prop_id)
    {
    case PROP_BODY: g_value_set_string (value, sw_forced_view_get_body (self)); break;
    case PROP_SECTION: g_value_set_string (value, sw_forced_view_get_section (self)); break;
    case PROP_AT_CURSOR: g_value_set_boolean (value, sw_forced_view_get_at_cursor (self)); break;
    case PROP_BUSY: g_value_set_boolean (value, self->job != NULL); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
sw_forced_view_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  SwForcedView *self = SW_FORCED_VIEW (object);

  switch (prop_id)
    {
    case PROP_BODY: sw_forced_view_set_body (self, g_value_get_string (value)); break;
    case PROP_SECTION: sw_forced_view_set_section (self, g_value_get_string (value)); break;
    case PROP_AT_CURSOR: sw_forced_view_set_at_cursor (self, g_value_get_boolean (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
sw_forced_view_css_changed (GtkWidget *widget, GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (sw_forced_view_parent_class)->css_changed (widget, change);
  update_colors ((SwForcedView *) widget);
}

static void
sw_forced_view_class_init (SwForcedViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = sw_forced_view_dispose;
  object_class->finalize = sw_forced_view_finalize;
  object_class->get_property = sw_forced_view_get_property;
  object_class->set_property = sw_forced_view_set_property;
  widget_class->css_changed = sw_forced_view_css_changed;
  widget_class->map = sw_forced_view_map;
  widget_class->unmap = sw_forced_view_unmap;

  properties[PROP_BODY] = g_param_spec_string ("body", NULL, NULL, NULL,
                                               G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SECTION] = g_param_spec_string ("section", NULL, NULL, NULL,
                                                  G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_BUSY] = g_param_spec_boolean ("busy", NULL, NULL, FALSE, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /* The page's "At the plot's cursor": the caller sets the time. */
  properties[PROP_AT_CURSOR] = g_param_spec_boolean ("at-cursor", NULL, NULL, FALSE,
                                                     G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[COMPUTED] = g_signal_new ("computed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                    NULL, NULL, NULL, G_TYPE_NONE, 0);

  if (sw_ui_get_resource () == NULL)
    g_critical ("the ui resources are missing");
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/shaftwork/Shaftwork/ui/sw-forced-view.ui");
  gtk_widget_class_bind_template_child (widget_class, SwForcedView, controls);
  gtk_widget_class_bind_template_child (widget_class, SwForcedView, body_drop);
  gtk_widget_class_bind_template_child (widget_class, SwForcedView, orders_entry);
  gtk_widget_class_bind_template_child (widget_class, SwForcedView, amplitude_entry);
  gtk_widget_class_bind_template_child (widget_class, SwForcedView, from_entry);
  gtk_widget_class_bind_template_child (widget_class, SwForcedView, to_entry);
  gtk_widget_class_bind_template_child (widget_class, SwForcedView, section_drop);
  gtk_widget_class_bind_template_child (widget_class, SwForcedView, diameter_entry);
  gtk_widget_class_bind_template_child (widget_class, SwForcedView, uts_entry);
  gtk_widget_class_bind_template_child (widget_class, SwForcedView, rated_entry);
  gtk_widget_class_bind_template_child (widget_class, SwForcedView, at_cursor_check);
  gtk_widget_class_bind_template_child (widget_class, SwForcedView, spinner);
  gtk_widget_class_bind_template_child (widget_class, SwForcedView, area);
  gtk_widget_class_bind_template_child (widget_class, SwForcedView, readout);
  gtk_widget_class_bind_template_child (widget_class, SwForcedView, status);
  gtk_widget_class_set_css_name (widget_class, "swforcedview");
}

static void
on_drag_begin (SwForcedView *self, double x, double y)
{
  _sw_forced_view_on_pointer (self, x);
}

static void
on_drag_update (SwForcedView *self, double dx, double dy, GtkGestureDrag *gesture)
{
  double x0, y0;

  if (gtk_gesture_drag_get_start_point (gesture, &x0, &y0))
    _sw_forced_view_on_pointer (self, x0 + dx);
}

static void
sw_forced_view_init (SwForcedView *self)
{
  static const double default_orders[] = { 1, 2 };
  GtkGesture *drag;
  GtkEditable *entries[7];

  self->stream = (SwPlotWidgetStream) SW_PLOT_WIDGET_STREAM_INIT;
  self->from_rpm = 100;
  self->to_rpm = 3000;
  self->amplitude = 100;
  self->cursor_rpm = NAN;
  self->orders = g_array_new (FALSE, FALSE, sizeof (double));
  g_array_append_vals (self->orders, default_orders, G_N_ELEMENTS (default_orders));
  self->specs = g_array_new (FALSE, FALSE, sizeof (SwForcedOrderSpec));
  for (guint k = 0; k < G_N_ELEMENTS (default_orders); k++)
    g_array_append_val (self->specs, ((SwForcedOrderSpec) { .order = default_orders[k], .amplitude = NAN }));
  gtk_widget_init_template (GTK_WIDGET (self));

  self->bodies = gtk_string_list_new (NULL);
  gtk_drop_down_set_model (self->body_drop, G_LIST_MODEL (self->bodies));
  gtk_drop_down_set_selected (self->body_drop, GTK_INVALID_LIST_POSITION);
  g_signal_connect_swapped (self->body_drop, "notify::selected", G_CALLBACK (on_body_selected), self);
  self->sections = gtk_string_list_new (NULL);
  gtk_string_list_append (self->sections, _("Most loaded"));
  gtk_drop_down_set_model (self->section_drop, G_LIST_MODEL (self->sections));
  gtk_drop_down_set_selected (self->section_drop, 0);
  g_signal_connect_swapped (self->section_drop, "notify::selected", G_CALLBACK (on_section_selected), self);
  g_signal_connect_swapped (self->at_cursor_check, "toggled", G_CALLBACK (on_at_cursor_toggled), self);

  show_controls (self);
  entries[0] = GTK_EDITABLE (self->orders_entry);
  entries[1] = GTK_EDITABLE (self->amplitude_entry);
  entries[2] = GTK_EDITABLE (self->from_entry);
  entries[3] = GTK_EDITABLE (self->to_entry);
  entries[4] = GTK_EDITABLE (self->diameter_entry);
  entries[5] = GTK_EDITABLE (self->uts_entry);
  entries[6] = GTK_EDITABLE (self->rated_entry);
  for (guint k = 0; k < G_N_ELEMENTS (entries); k++)
    {
      g_signal_connect_swapped (entries[k], "changed", G_CALLBACK (on_entry_changed), self);
      g_signal_connect_swapped (entries[k], "activate", G_CALLBACK (on_entry_activate), self);
    }

  gtk_drawing_area_set_draw_func (self->area, _sw_forced_view_draw_area, self, NULL);
  drag = gtk_gesture_drag_new ();
  g_signal_connect_swapped (drag, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect_swapped (drag, "drag-update", G_CALLBACK (on_drag_update), self);
  gtk_widget_add_controller (GTK_WIDGET (self->area), GTK_EVENT_CONTROLLER (drag));
  sw_plot_widget_follow_style (GTK_WIDGET (self), G_CALLBACK (update_colors));
  update_colors (self);
}
