/* sw-inspector-tuning.c: "Vary…" in a number row's menu (right-click), which
 * asks for the parameter in a parameter study ("vary-requested"), and in a
 * signal row's, one per number of the signal (a shared signal's as the
 * model's, signals.NAME.FIELD), and
 * "Tune for mode" under a torsional vibration
 * damper's parameters (rotational.viscous_damper, rotational.tuned_absorber):
 * the mode's number and a button that sets the damper's parameters to their
 * optimum for that mode of the model without it (sw_tuning_apply(): Den
 * Hartog's optimum for the absorber, the optimum damping for the viscous
 * damper), as one undo step; the result or the reason it cannot in the
 * row's subtitle.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-inspector-private.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "sw-tuning.h"

#define MAX_MODE 50

gboolean
_sw_inspector_kind_is_tunable (const SwKind *kind)
{
  return strcmp (kind->name, "rotational.viscous_damper") == 0 ||
         strcmp (kind->name, "rotational.tuned_absorber") == 0;
}

static void
tune_clicked_cb (GtkButton   *button,
                 SwInspector *self)
{
  GtkWidget *row = g_object_get_data (G_OBJECT (button), "sw-row");
  GtkSpinButton *spin = g_object_get_data (G_OBJECT (button), "sw-spin");
  const SwComponent *c = _sw_inspector_current_component (self);
  g_autoptr (GError) error = NULL;
  g_autofree char *id = NULL;
  g_autofree char *text = NULL;
  guint mode = (guint) gtk_spin_button_get_value_as_int (spin);
  SwTuning tuning;
  gboolean ok;

  if (c == NULL || self->model == NULL)
    return;
  id = g_strdup (c->id);
  /* c and d: one undo step. */
  sw_model_begin_edit (self->model);
  ok = sw_tuning_apply (self->model, id, mode, &tuning, &error);
  sw_model_end_edit (self->model);
  /* The rows may have been rebuilt by the edit: find this one again. */
  row = self->tuning_row != NULL ? self->tuning_row : row;
  if (!ok)
    {
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), error->message);
      gtk_widget_add_css_class (row, "error");
      return;
    }
  gtk_widget_remove_css_class (row, "error");
  if (tuning.c > 0)
    /* Translators: after tuning an absorber: the mode's frequency, the mass ratio, the stiffness and damping set. */
    text = g_strdup_printf (_("Mode %u at %.4g Hz: μ = %.3g, c = %.4g N·m/rad, d = %.4g N·m·s/rad"), mode,
                            tuning.omega_rad_s / (2 * G_PI), tuning.mass_ratio, tuning.c, tuning.d);
  else
    /* Translators: after tuning a viscous damper: the mode's frequency, the mass ratio, the damping set. */
    text = g_strdup_printf (_("Mode %u at %.4g Hz: μ = %.3g, d = %.4g N·m·s/rad"), mode,
                            tuning.omega_rad_s / (2 * G_PI), tuning.mass_ratio, tuning.d);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), text);
}

GtkWidget *
_sw_inspector_tuning_row_new (SwInspector *self)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *spin = gtk_spin_button_new_with_range (1, MAX_MODE, 1);
  GtkWidget *button = gtk_button_new_with_mnemonic (_("_Tune"));

  gtk_widget_set_name (row, "tune-for-mode");
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Tune for mode"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row),
                               _("Sets the parameters to their optimum for an elastic mode of the model without "
                                 "the damper (1: the lowest)"));
  gtk_widget_set_name (spin, "tune-mode");
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  gtk_widget_set_tooltip_text (spin, _("The elastic mode to tune for, 1 the lowest"));
  gtk_widget_set_name (button, "tune-button");
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (button, _("Den Hartog’s optimum for a tuned absorber, the optimum damping for a "
                                         "viscous damper; one undo step"));
  g_object_set_data (G_OBJECT (button), "sw-row", row);
  g_object_set_data (G_OBJECT (button), "sw-spin", spin);
  g_signal_connect (button, "clicked", G_CALLBACK (tune_clicked_cb), self);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
  return row;
}

/* ---- Vary… ---------------------------------------------------------------- */

static void
vary_clicked_cb (GtkButton   *button,
                 SwInspector *self)
{
  const SwComponent *c = _sw_inspector_current_component (self);
  guint param = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "sw-param"));
  GtkWidget *popover = gtk_widget_get_ancestor (GTK_WIDGET (button), GTK_TYPE_POPOVER);

  if (popover != NULL)
    gtk_popover_popdown (GTK_POPOVER (popover));
  if (c == NULL || param >= c->kind->n_params)
    return;
  _sw_inspector_emit_vary (self, c->id, c->kind->params[param].name, c->param[param]);
}

static void
row_pressed_cb (GtkGestureClick *gesture,
                int              n_press,
                double           x,
                double           y,
                GtkWidget       *popover)
{
  GdkRectangle at = { (int) x, (int) y, 1, 1 };

  gtk_popover_set_pointing_to (GTK_POPOVER (popover), &at);
  gtk_popover_popup (GTK_POPOVER (popover));
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

void
_sw_inspector_add_vary_menu (SwInspector *self,
                             GtkWidget   *row,
                             guint        param)
{
  GtkWidget *popover = gtk_popover_new ();
  GtkWidget *button = gtk_button_new_with_mnemonic (_("_Vary…"));
  GtkGesture *click = gtk_gesture_click_new ();

  gtk_widget_set_name (button, "vary");
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_tooltip_text (button, _("Vary this parameter in a parameter study (the Study page)"));
  g_object_set_data (G_OBJECT (button), "sw-param", GUINT_TO_POINTER (param));
  g_signal_connect (button, "clicked", G_CALLBACK (vary_clicked_cb), self);
  gtk_popover_set_child (GTK_POPOVER (popover), button);
  gtk_popover_set_has_arrow (GTK_POPOVER (popover), FALSE);
  gtk_widget_set_parent (popover, row);
  /* Unparented with the row. */
  g_signal_connect_swapped (row, "destroy", G_CALLBACK (gtk_widget_unparent), popover);
  g_object_set_data (G_OBJECT (row), "sw-vary-popover", popover);
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_SECONDARY);
  g_signal_connect (click, "pressed", G_CALLBACK (row_pressed_cb), popover);
  gtk_widget_add_controller (row, GTK_EVENT_CONTROLLER (click));
}

/* ---- Vary… on a signal ------------------------------------------------------ */

/* What a signal's "Vary …" button asks for, kept on the button. */
typedef struct {
  char  *id, *param;
  double value;
} VaryTarget;

static void
vary_target_free (VaryTarget *t)
{
  g_free (t->id);
  g_free (t->param);
  g_free (t);
}

static void
signal_vary_clicked_cb (GtkButton   *button,
                        SwInspector *self)
{
  const VaryTarget *t = g_object_get_data (G_OBJECT (button), "sw-vary-target");
  GtkWidget *popover = gtk_widget_get_ancestor (GTK_WIDGET (button), GTK_TYPE_POPOVER);

  if (popover != NULL)
    gtk_popover_popdown (GTK_POPOVER (popover));
  _sw_inspector_emit_vary (self, t->id, t->param, t->value);
}

/* A button asking for id.param; field names it ("Vary amplitude…"), NULL
 * for the signal's one number. */
static GtkWidget *
signal_vary_button (SwInspector *self, const char *field, char *id, const char *param, double value)
{
  g_autofree char *label = field != NULL ? g_strdup_printf (_("Vary %s…"), field) : g_strdup (_("_Vary…"));
  g_autofree char *name = field != NULL ? g_strconcat ("vary-", field, NULL) : g_strdup ("vary");
  /* A field's name may hold '_': no mnemonic in it. */
  GtkWidget *button = field != NULL ? gtk_button_new_with_label (label) : gtk_button_new_with_mnemonic (label);
  VaryTarget *t = g_new0 (VaryTarget, 1);

  t->id = id;
  t->param = g_strdup (param);
  t->value = value;
  gtk_widget_set_name (button, name);
  gtk_widget_add_css_class (button, "flat");
  g_object_set_data_full (G_OBJECT (button), "sw-vary-target", t, (GDestroyNotify) vary_target_free);
  g_signal_connect (button, "clicked", G_CALLBACK (signal_vary_clicked_cb), self);
  return button;
}

/* The menu made as it opens, for the signal the parameter has now: a
 * constant is varied as the parameter; a signal by one of its numbers
 * (ID.PARAM.FIELD); a shared one as the model's shared signal
 * (signals.NAME.FIELD, signals.NAME for a constant), so every parameter
 * that names it varies with it. */
static void
signal_row_pressed_cb (GtkGestureClick *gesture,
                       int              n_press,
                       double           x,
                       double           y,
                       SwInspector     *self)
{
  GtkWidget *row = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture));
  GtkWidget *popover = g_object_get_data (G_OBJECT (row), "sw-vary-popover");
  guint param = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "sw-vary-param"));
  const SwComponent *c = _sw_inspector_current_component (self);
  GdkRectangle at = { (int) x, (int) y, 1, 1 };
  g_autoptr (JsonNode) node = NULL;
  GtkWidget *box;
  const char *shared, *pname;
  JsonObject *outer, *fields = NULL;

  if (c == NULL || param >= c->kind->n_params || c->signal[param] == NULL)
    return;
  shared = c->signal_ref[param];
  pname = c->kind->params[param].name;
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  if (sw_signal_is_constant (c->signal[param]))
    gtk_box_append (GTK_BOX (box), signal_vary_button (self, NULL, g_strdup (shared != NULL ? "signals" : c->id),
                                                       shared != NULL ? shared : pname, c->param[param]));
  else
    {
      node = sw_signal_to_json (c->signal[param]);
      if (JSON_NODE_HOLDS_OBJECT (node) && json_object_get_size (outer = json_node_get_object (node)) == 1)
        {
          g_autoptr (GList) members = json_object_get_members (outer);
          JsonNode *inner = json_object_get_member (outer, members->data);

          fields = JSON_NODE_HOLDS_OBJECT (inner) ? json_node_get_object (inner) : NULL;
        }
      if (fields != NULL)
        {
          g_autoptr (GList) members = json_object_get_members (fields);

          for (GList *m = members; m != NULL; m = m->next)
            {
              JsonNode *member = json_object_get_member (fields, m->data);

              if (JSON_NODE_HOLDS_VALUE (member) && (json_node_get_value_type (member) == G_TYPE_DOUBLE
                                                     || json_node_get_value_type (member) == G_TYPE_INT64))
                gtk_box_append (GTK_BOX (box),
                                signal_vary_button (self, m->data,
                                                    shared != NULL ? g_strconcat ("signals.", shared, NULL)
                                                                   : g_strconcat (c->id, ".", pname, NULL),
                                                    m->data, json_node_get_double (member)));
            }
        }
    }
  if (gtk_widget_get_first_child (box) == NULL)
    {
      /* A table or a sum of signals: no one number to vary. */
      g_object_ref_sink (box);
      g_object_unref (box);
      return;
    }
  gtk_popover_set_child (GTK_POPOVER (popover), box);
  gtk_popover_set_pointing_to (GTK_POPOVER (popover), &at);
  gtk_popover_popup (GTK_POPOVER (popover));
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

void
_sw_inspector_add_signal_vary_menu (SwInspector *self,
                                    GtkWidget   *row,
                                    guint        param)
{
  GtkWidget *popover = gtk_popover_new ();
  GtkGesture *click = gtk_gesture_click_new ();

  gtk_popover_set_has_arrow (GTK_POPOVER (popover), FALSE);
  gtk_widget_set_parent (popover, row);
  g_signal_connect_swapped (row, "destroy", G_CALLBACK (gtk_widget_unparent), popover);
  g_object_set_data (G_OBJECT (row), "sw-vary-popover", popover);
  g_object_set_data (G_OBJECT (row), "sw-vary-param", GUINT_TO_POINTER (param));
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_SECONDARY);
  g_signal_connect (click, "pressed", G_CALLBACK (signal_row_pressed_cb), self);
  gtk_widget_add_controller (row, GTK_EVENT_CONTROLLER (click));
}
