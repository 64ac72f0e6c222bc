/* sw-inspector-number-row.c: a number with its unit, checked as you type.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-inspector-number-row.h"
#include "sw-number.h"
#include "sw-plot-draw.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#define TUNE_PX_PER_NOTCH 4.0
#define TUNE_STEP         1.01   /* a notch: 1 % */
#define TUNE_STEP_LARGE   1.10   /* with Shift: 10 % */

struct _SwInspectorNumberRow
{
  AdwActionRow parent_instance;

  GtkWidget   *entry;
  GtkWidget   *unit_label;
  GtkWidget   *handle;

  double       tune_origin;   /* in the value's unit; NAN: 0.01 shown unit */
  gboolean     dragging;
  double       drag_start;    /* the value when the drag began */

  char        *symbol;
  char        *unit;          /* for display */
  char        *help;
  char        *error;         /* refused by the taker, or NULL */
  char        *subtitle;      /* the subtitle an error replaced */
  char        *error_subtitle; /* the error shown in its place, or NULL */
  double       scale;         /* the value's unit per shown unit */
  double       min, max;      /* in the value's unit */
  gboolean     min_exclusive, max_exclusive;
  gboolean     integer;
  gboolean     optional;

  double       value;         /* NAN while invalid or empty */
  gboolean     valid;
  gboolean     pending;
  gboolean     syncing;       /* the text is being set from outside */
};

G_DEFINE_FINAL_TYPE (SwInspectorNumberRow, sw_inspector_number_row, ADW_TYPE_ACTION_ROW)

enum {
  PROP_0,
  PROP_VALUE,
  N_PROPS
};

enum {
  COMMITTED,
  TUNE_BEGIN,
  TUNE_END,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* Helpers */


/* What the preferences change: a descriptor's unit, the preference that
 * applies to it, the other choice of that preference, and how many of the
 * descriptor's unit that choice is. */
static const struct {
  const char *unit;
  gboolean    angle;          /* follows angle_unit, else speed_unit */
  const char *shown_as;
  double      scale;
} display_units[] = {
  { "rad/s", FALSE, "rpm", 2 * G_PI / 60 },
  { "rad", TRUE, "deg", G_PI / 180 },
};

const char *
sw_inspector_display_unit (const char *unit,
                           const char *speed_unit,
                           const char *angle_unit,
                           double     *scale)
{
  for (guint i = 0; unit != NULL && i < G_N_ELEMENTS (display_units); i++)
    {
      const char *preference = display_units[i].angle ? angle_unit : speed_unit;

      if (strcmp (unit, display_units[i].unit) == 0 &&
          g_strcmp0 (preference, display_units[i].shown_as) == 0)
        {
          if (scale != NULL)
            *scale = display_units[i].scale;
          return display_units[i].shown_as;
        }
    }
  if (scale != NULL)
    *scale = 1;
  return unit;
}

/* "m2" → "m²", "kg.m" → "kg·m", "deg" → "°": the plots' spelling. */
char *
sw_inspector_dup_unit_text (const char *unit)
{
  return sw_plot_dup_unit_text (unit);
}

char *
sw_inspector_format_number (double value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  GString *s;
  char *e;

  if (isnan (value))
    return g_strdup ("");
  if (isinf (value))
    return g_strdup (value > 0 ? "∞" : "−∞");

  g_ascii_formatd (buf, sizeof buf, "%g", value);
  s = g_string_new (buf);
  e = strchr (s->str, 'e');
  if (e != NULL)
    {
      gsize at = e - s->str + 1;

      /* "1e-06" → "1e-6", "8e+10" → "8e10" */
      if (s->str[at] == '+')
        g_string_erase (s, at, 1);
      else if (s->str[at] == '-')
        at++;
      while (s->str[at] == '0' && s->str[at + 1] != '\0')
        g_string_erase (s, at, 1);
    }
  return g_string_free (s, FALSE);
}

gboolean
sw_inspector_parse_number (const char *text,
                           double     *value)
{
  return sw_parse_typed_number (text, value);
}

char *
sw_inspector_dup_range_text (const char *symbol,
                             const char *unit,
                             double      min,
                             double      max,
                             gboolean    min_exclusive,
                             gboolean    max_exclusive)
{
  g_autofree char *lo = sw_inspector_format_number (min);
  g_autofree char *hi = sw_inspector_format_number (max);
  g_autofree char *u = NULL;
  const char *lo_op = min_exclusive ? "<" : "≤";
  const char *hi_op = max_exclusive ? "<" : "≤";
  gboolean has_lo = isfinite (min), has_hi = isfinite (max);

  /* "90°", but "100 rpm". */
  if (unit == NULL || unit[0] == '\0')
    u = g_strdup ("");
  else if (strcmp (unit, "°") == 0)
    u = g_strdup (unit);
  else
    u = g_strconcat (" ", unit, NULL);

  if (has_lo && has_hi)
    return g_strdup_printf ("%s %s %s %s %s%s", lo, lo_op, symbol, hi_op, hi, u);
  if (has_lo)
    return g_strdup_printf ("%s %s %s%s", symbol, min_exclusive ? ">" : "≥", lo, u);
  if (has_hi)
    return g_strdup_printf ("%s %s %s%s", symbol, hi_op, hi, u);
  return g_strdup (_("any number"));
}

/* The row */

/* What is valid, in the unit shown. */
static char *
dup_valid_text (SwInspectorNumberRow *self)
{
  g_autofree char *range = sw_inspector_dup_range_text (self->symbol, self->unit,
                                                        self->min / self->scale, self->max / self->scale,
                                                        self->min_exclusive, self->max_exclusive);

  if (self->integer)
    return g_strdup_printf (_("%s, a whole number"), range);
  return g_steal_pointer (&range);
}

/* Only when it changes: setting a tooltip asks the display where the
 * pointer is (round trips to the X server, ~0.3 ms), and every refresh
 * of the inspector comes here for every row. */
static void
set_tooltip (GtkWidget  *widget,
             const char *text)
{
  if (g_strcmp0 (gtk_widget_get_tooltip_text (widget), text) != 0)
    gtk_widget_set_tooltip_text (widget, text);
}

static void
update_style (SwInspectorNumberRow *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->entry));
  gboolean empty = text[0] == '\0';

  if (self->valid && self->error == NULL)
    {
      gtk_widget_remove_css_class (widget, "error");
      gtk_widget_remove_css_class (self->entry, "error");
      set_tooltip (widget, self->help);
      if (self->error_subtitle != NULL)
        {
          /* Unless another subtitle was set meanwhile. */
          if (g_strcmp0 (adw_action_row_get_subtitle (ADW_ACTION_ROW (self)), self->error_subtitle) == 0)
            adw_action_row_set_subtitle (ADW_ACTION_ROW (self), self->subtitle != NULL ? self->subtitle : "");
          g_clear_pointer (&self->subtitle, g_free);
          g_clear_pointer (&self->error_subtitle, g_free);
        }
    }
  else
    {
      g_autofree char *valid = dup_valid_text (self);
      g_autofree char *tooltip = NULL;

      /* On the row for whoever looks it up, on the entry for the eye (the
       * row's own style would colour the title too). */
      gtk_widget_add_css_class (widget, "error");
      gtk_widget_add_css_class (self->entry, "error");
      if (self->error != NULL)
        tooltip = g_strdup (self->error);
      else if (empty)
        tooltip = g_strdup_printf (_("A value is needed. Valid: %s"), valid);
      else
        tooltip = g_strdup_printf (_("Valid: %s"), valid);
      set_tooltip (widget, tooltip);
      /* Said under the title too: the red text is not applied (the model
       * keeps its value), and a tooltip is found only by hovering. */
      if (g_strcmp0 (adw_action_row_get_subtitle (ADW_ACTION_ROW (self)), self->error_subtitle) != 0)
        {
          g_free (self->subtitle);
          self->subtitle = g_strdup (adw_action_row_get_subtitle (ADW_ACTION_ROW (self)));
        }
      g_free (self->error_subtitle);
      self->error_subtitle = g_strdup (tooltip);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self), tooltip);
    }
}

/* v as typed, in the unit shown. */
static gboolean
in_range (SwInspectorNumberRow *self,
          double                v)
{
  double min = self->min / self->scale, max = self->max / self->scale;

  if (self->min_exclusive ? !(v > min) : !(v >= min))
    return FALSE;
  if (self->max_exclusive ? !(v < max) : !(v <= max))
    return FALSE;
  if (self->integer && v != floor (v))
    return FALSE;
  return TRUE;
}

/* Parses the text into value and valid, notifying a new value. A text set
 * from outside stands for the value it was made from (exact), not for the
 * rounded number it shows. */
static void
reparse_full (SwInspectorNumberRow *self,
              gboolean              use_exact,
              double                exact)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->entry));
  double v = NAN, old = self->value;
  gboolean valid;

  if (self->optional && strspn (text, " \t") == strlen (text))
    valid = TRUE;
  else
    valid = sw_inspector_parse_number (text, &v) && in_range (self, v);

  self->valid = valid;
  if (!valid)
    self->value = NAN;
  else if (use_exact)
    self->value = exact;
  else
    self->value = isnan (v) ? NAN : v * self->scale;
  update_style (self);

  if (!(old == self->value || (isnan (old) && isnan (self->value))))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VALUE]);
}

static void
reparse (SwInspectorNumberRow *self)
{
  reparse_full (self, FALSE, NAN);
}

static void
changed_cb (GtkEditable          *entry,
            SwInspectorNumberRow *self)
{
  if (self->syncing)
    return;

  self->pending = TRUE;
  g_clear_pointer (&self->error, g_free);
  reparse (self);
}

static void
entry_activate_cb (GtkEntry             *entry,
                   SwInspectorNumberRow *self)
{
  sw_inspector_number_row_commit (self);
}

static void
focus_leave_cb (GtkEventControllerFocus *focus,
                SwInspectorNumberRow    *self)
{
  sw_inspector_number_row_commit (self);
}

/* Tuning */

/* v moved by notches steps, within the range (v and the result in the
 * value's unit); v itself when it cannot move. */
static double
tuned_value (SwInspectorNumberRow *self,
             double                v,
             int                   notches,
             gboolean              large)
{
  double factor = large ? TUNE_STEP_LARGE : TUNE_STEP;
  double start = v, result;

  if (notches == 0 || !isfinite (v))
    return v;
  if (v == 0)
    {
      /* Zero stays zero going down; going up, the first notch lands on a
       * small value and the others multiply it. */
      if (notches < 0)
        return v;
      v = isnan (self->tune_origin) ? 0.01 * self->scale : self->tune_origin;
      notches--;
    }
  /* Up is up for negative values too: towards zero. */
  result = v * pow (factor, v > 0 ? notches : -notches);
  if (self->integer)
    {
      result = round (result);
      if (result == start)
        result = start + (notches > 0 ? 1 : -1);
    }

  if (result > self->max || (self->max_exclusive && result >= self->max))
    result = self->max_exclusive ? start : self->max;
  if (result < self->min || (self->min_exclusive && result <= self->min))
    result = self->min_exclusive ? start : self->min;
  return result;
}

/* Shows and commits value as if typed. */
static gboolean
apply_tuned (SwInspectorNumberRow *self,
             double                value)
{
  g_autofree char *text = NULL;

  if (value == self->value && !self->pending)
    return FALSE;
  text = sw_inspector_format_number (value / self->scale);
  self->syncing = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (self->entry), text);
  self->syncing = FALSE;
  g_clear_pointer (&self->error, g_free);
  reparse_full (self, TRUE, value);
  if (!self->valid)
    return FALSE;
  self->pending = FALSE;
  g_signal_emit (self, signals[COMMITTED], 0, self->value);
  return TRUE;
}

gboolean
sw_inspector_number_row_tune (SwInspectorNumberRow *self,
                              int                   notches,
                              gboolean              large)
{
  double v;

  g_return_val_if_fail (SW_IS_INSPECTOR_NUMBER_ROW (self), FALSE);

  if (!self->valid || self->error != NULL || isnan (self->value))
    return FALSE;
  v = tuned_value (self, self->value, notches, large);
  if (v == self->value)
    return FALSE;
  return apply_tuned (self, v);
}

void
sw_inspector_number_row_set_tune_origin (SwInspectorNumberRow *self,
                                         double                origin)
{
  g_return_if_fail (SW_IS_INSPECTOR_NUMBER_ROW (self));
  g_return_if_fail (isfinite (origin) && origin > 0);

  self->tune_origin = origin;
}

void
sw_inspector_number_row_drag_begin (SwInspectorNumberRow *self)
{
  g_return_if_fail (SW_IS_INSPECTOR_NUMBER_ROW (self));

  if (self->dragging)
    return;
  self->dragging = TRUE;
  self->drag_start = self->valid && self->error == NULL ? self->value : NAN;
  g_signal_emit (self, signals[TUNE_BEGIN], 0);
}

void
sw_inspector_number_row_drag_update (SwInspectorNumberRow *self,
                                     double                dx,
                                     gboolean              large)
{
  int notches;
  double v;

  g_return_if_fail (SW_IS_INSPECTOR_NUMBER_ROW (self));

  if (!self->dragging || isnan (self->drag_start))
    return;
  /* From where the drag began, so that going back returns exactly. */
  notches = (int) trunc (dx / TUNE_PX_PER_NOTCH);
  v = tuned_value (self, self->drag_start, notches, large);
  if (v != self->value)
    apply_tuned (self, v);
}

void
sw_inspector_number_row_drag_end (SwInspectorNumberRow *self)
{
  g_return_if_fail (SW_IS_INSPECTOR_NUMBER_ROW (self));

  if (!self->dragging)
    return;
  self->dragging = FALSE;
  g_signal_emit (self, signals[TUNE_END], 0);
}

static gboolean
shift_held (GtkEventController *controller)
{
  return (gtk_event_controller_get_current_event_state (controller) & GDK_SHIFT_MASK) != 0;
}

static void
handle_drag_begin_cb (GtkGestureDrag       *gesture,
                      double                x,
                      double                y,
                      SwInspectorNumberRow *self)
{
  /* What is typed and valid is where the drag starts. */
  sw_inspector_number_row_commit (self);
  sw_inspector_number_row_drag_begin (self);
}

static void
handle_drag_update_cb (GtkGestureDrag       *gesture,
                       double                dx,
                       double                dy,
                       SwInspectorNumberRow *self)
{
  sw_inspector_number_row_drag_update (self, dx, shift_held (GTK_EVENT_CONTROLLER (gesture)));
}

static void
handle_drag_end_cb (GtkGestureDrag       *gesture,
                    double                dx,
                    double                dy,
                    SwInspectorNumberRow *self)
{
  sw_inspector_number_row_drag_update (self, dx, shift_held (GTK_EVENT_CONTROLLER (gesture)));
  sw_inspector_number_row_drag_end (self);
}

static void
handle_drag_cancel_cb (GtkGesture           *gesture,
                       GdkEventSequence     *sequence,
                       SwInspectorNumberRow *self)
{
  sw_inspector_number_row_drag_end (self);
}

/* The wheel: up (or right) is up, a notch a step; smooth scrolling adds
 * up to notches. */
static gboolean
scroll_cb (GtkEventControllerScroll *controller,
           double                    dx,
           double                    dy,
           SwInspectorNumberRow     *self)
{
  GtkWidget *widget = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller));
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  int notches;

  /* Over the value only while it has the focus: the page scrolls otherwise. */
  if (widget == self->entry &&
      (focus == NULL || (focus != self->entry && !gtk_widget_is_ancestor (focus, self->entry))))
    return FALSE;
  notches = (int) -round (dy != 0 ? dy : -dx);
  if (notches == 0)
    return TRUE;
  sw_inspector_number_row_commit (self);
  sw_inspector_number_row_tune (self, notches, shift_held (GTK_EVENT_CONTROLLER (controller)));
  return TRUE;
}

static gboolean
entry_key_pressed_cb (GtkEventControllerKey *controller,
                      guint                  keyval,
                      guint                  keycode,
                      GdkModifierType        state,
                      SwInspectorNumberRow  *self)
{
  int notches = 0;

  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK))
    return FALSE;
  if (keyval == GDK_KEY_Up || keyval == GDK_KEY_KP_Up)
    notches = 1;
  else if (keyval == GDK_KEY_Down || keyval == GDK_KEY_KP_Down)
    notches = -1;
  else
    return FALSE;
  sw_inspector_number_row_commit (self);
  sw_inspector_number_row_tune (self, notches, (state & GDK_SHIFT_MASK) != 0);
  return TRUE;
}

/* The handle: a small double arrow in the text colour. */
static void
draw_handle (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        user_data)
{
  GdkRGBA fg;
  double cx = width / 2.0, cy = height / 2.0, half = MIN (width, height) / 2.0 - 1;

  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (area)), &fg);
  gdk_cairo_set_source_rgba (cr, &fg);
  cairo_set_line_width (cr, 1.5);
  cairo_move_to (cr, cx - half, cy);
  cairo_line_to (cr, cx + half, cy);
  cairo_stroke (cr);
  cairo_move_to (cr, cx - half - 0.5, cy);
  cairo_line_to (cr, cx - half + 4, cy - 3.5);
  cairo_line_to (cr, cx - half + 4, cy + 3.5);
  cairo_close_path (cr);
  cairo_move_to (cr, cx + half + 0.5, cy);
  cairo_line_to (cr, cx + half - 4, cy - 3.5);
  cairo_line_to (cr, cx + half - 4, cy + 3.5);
  cairo_close_path (cr);
  cairo_fill (cr);
}

static void
sw_inspector_number_row_finalize (GObject *object)
{
  SwInspectorNumberRow *self = SW_INSPECTOR_NUMBER_ROW (object);

  g_clear_pointer (&self->symbol, g_free);
  g_clear_pointer (&self->unit, g_free);
  g_clear_pointer (&self->help, g_free);
  g_clear_pointer (&self->error, g_free);
  g_clear_pointer (&self->subtitle, g_free);
  g_clear_pointer (&self->error_subtitle, g_free);

  G_OBJECT_CLASS (sw_inspector_number_row_parent_class)->finalize (object);
}

static void
sw_inspector_number_row_get_property (GObject    *object,
                                      guint       prop_id,
                                      GValue     *value,
                                      GParamSpec *pspec)
{
  SwInspectorNumberRow *self = SW_INSPECTOR_NUMBER_ROW (object);

  switch (prop_id)
    {
    case PROP_VALUE:
      g_value_set_double (value, self->value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
sw_inspector_number_row_class_init (SwInspectorNumberRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = sw_inspector_number_row_finalize;
  object_class->get_property = sw_inspector_number_row_get_property;

  properties[PROP_VALUE] =
    g_param_spec_double ("value", NULL, NULL,
                         -G_MAXDOUBLE, G_MAXDOUBLE, 0,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[COMMITTED] =
    g_signal_new ("committed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0,
                  NULL, NULL,
                  NULL,
                  G_TYPE_NONE, 1, G_TYPE_DOUBLE);

  signals[TUNE_BEGIN] =
    g_signal_new ("tune-begin",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  signals[TUNE_END] =
    g_signal_new ("tune-end",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
sw_inspector_number_row_init (SwInspectorNumberRow *self)
{
  GtkEventController *focus, *controller;
  GtkGesture *drag;

  /* Titles come from descriptors, not markup. */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (self), FALSE);

  self->min = -INFINITY;
  self->max = INFINITY;
  self->scale = 1;
  self->value = NAN;
  self->valid = FALSE;
  self->tune_origin = NAN;
  self->drag_start = NAN;

  /* The tuning handle, before the value. */
  self->handle = gtk_drawing_area_new ();
  gtk_widget_set_name (self->handle, "tune");
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (self->handle), 16);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (self->handle), 16);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->handle), draw_handle, NULL, NULL);
  gtk_widget_set_valign (self->handle, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (self->handle, "dim-label");
  gtk_widget_set_cursor_from_name (self->handle, "ew-resize");
  gtk_widget_set_tooltip_text (self->handle,
                               _("Drag sideways or scroll to tune: 1 % a step, 10 % with Shift "
                                 "(Up and Down in the value do the same)"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->handle),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Tune"),
                                  -1);
  adw_action_row_add_suffix (ADW_ACTION_ROW (self), self->handle);
  drag = gtk_gesture_drag_new ();
  g_signal_connect (drag, "drag-begin", G_CALLBACK (handle_drag_begin_cb), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (handle_drag_update_cb), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (handle_drag_end_cb), self);
  g_signal_connect (drag, "cancel", G_CALLBACK (handle_drag_cancel_cb), self);
  gtk_widget_add_controller (self->handle, GTK_EVENT_CONTROLLER (drag));
  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES |
                                                GTK_EVENT_CONTROLLER_SCROLL_DISCRETE);
  g_signal_connect (controller, "scroll", G_CALLBACK (scroll_cb), self);
  gtk_widget_add_controller (self->handle, controller);

  /* Value and unit side by side at the end of the row; the unit column
   * has a fixed width so that the entries of a group line up. */
  self->entry = gtk_entry_new ();
  gtk_editable_set_width_chars (GTK_EDITABLE (self->entry), 9);
  gtk_editable_set_max_width_chars (GTK_EDITABLE (self->entry), 9);
  gtk_entry_set_alignment (GTK_ENTRY (self->entry), 1);
  gtk_entry_set_input_purpose (GTK_ENTRY (self->entry), GTK_INPUT_PURPOSE_NUMBER);
  gtk_widget_set_valign (self->entry, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (self), self->entry);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (self), self->entry);

  self->unit_label = gtk_label_new (NULL);
  gtk_widget_add_css_class (self->unit_label, "dim-label");
  gtk_label_set_xalign (GTK_LABEL (self->unit_label), 0);
  gtk_label_set_width_chars (GTK_LABEL (self->unit_label), 8);
  adw_action_row_add_suffix (ADW_ACTION_ROW (self), self->unit_label);

  g_signal_connect (self->entry, "changed", G_CALLBACK (changed_cb), self);
  g_signal_connect (self->entry, "activate", G_CALLBACK (entry_activate_cb), self);

  focus = gtk_event_controller_focus_new ();
  g_signal_connect (focus, "leave", G_CALLBACK (focus_leave_cb), self);
  gtk_widget_add_controller (self->entry, focus);

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL |
                                                GTK_EVENT_CONTROLLER_SCROLL_DISCRETE);
  g_signal_connect (controller, "scroll", G_CALLBACK (scroll_cb), self);
  gtk_widget_add_controller (self->entry, controller);

  controller = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  g_signal_connect (controller, "key-pressed", G_CALLBACK (entry_key_pressed_cb), self);
  gtk_widget_add_controller (self->entry, controller);
}

GtkWidget *
sw_inspector_number_row_new (const char *title,
                             const char *symbol,
                             const char *unit)
{
  SwInspectorNumberRow *self;

  g_return_val_if_fail (title != NULL, NULL);
  g_return_val_if_fail (symbol != NULL, NULL);

  self = g_object_new (SW_TYPE_INSPECTOR_NUMBER_ROW, "title", title, NULL);
  self->symbol = g_strdup (symbol);
  self->unit = sw_inspector_dup_unit_text (unit);
  gtk_label_set_text (GTK_LABEL (self->unit_label), self->unit);
  reparse (self);
  return GTK_WIDGET (self);
}

void
sw_inspector_number_row_set_range (SwInspectorNumberRow *self,
                                   double                min,
                                   double                max,
                                   gboolean              min_exclusive,
                                   gboolean              max_exclusive)
{
  g_return_if_fail (SW_IS_INSPECTOR_NUMBER_ROW (self));
  g_return_if_fail (!(min > max));

  self->min = min;
  self->max = max;
  self->min_exclusive = min_exclusive;
  self->max_exclusive = max_exclusive;
  reparse (self);
}

void
sw_inspector_number_row_set_integer (SwInspectorNumberRow *self,
                                     gboolean              integer)
{
  g_return_if_fail (SW_IS_INSPECTOR_NUMBER_ROW (self));

  self->integer = !!integer;
  reparse (self);
}

void
sw_inspector_number_row_set_optional (SwInspectorNumberRow *self,
                                      const char           *empty_hint)
{
  g_return_if_fail (SW_IS_INSPECTOR_NUMBER_ROW (self));

  self->optional = TRUE;
  gtk_entry_set_placeholder_text (GTK_ENTRY (self->entry), empty_hint);
  reparse (self);
}

void
sw_inspector_number_row_set_help (SwInspectorNumberRow *self,
                                  const char           *help)
{
  g_return_if_fail (SW_IS_INSPECTOR_NUMBER_ROW (self));

  g_free (self->help);
  self->help = g_strdup (help);
  update_style (self);
}

void
sw_inspector_number_row_show_value (SwInspectorNumberRow *self,
                                    double                value)
{
  g_autofree char *text = NULL;

  g_return_if_fail (SW_IS_INSPECTOR_NUMBER_ROW (self));

  if (self->pending)
    return;

  text = sw_inspector_format_number (value / self->scale);
  /* A text that already stands for this value stays as it is ("1e4"). */
  if (!(self->valid && (self->value == value || (isnan (self->value) && isnan (value)))))
    {
      self->syncing = TRUE;
      gtk_editable_set_text (GTK_EDITABLE (self->entry), text);
      self->syncing = FALSE;
    }
  g_clear_pointer (&self->error, g_free);
  reparse_full (self, TRUE, value);
}

void
sw_inspector_number_row_set_display_unit (SwInspectorNumberRow *self,
                                          const char           *unit,
                                          double                scale)
{
  g_autofree char *text = NULL;
  double value;

  g_return_if_fail (SW_IS_INSPECTOR_NUMBER_ROW (self));
  g_return_if_fail (isfinite (scale) && scale > 0);

  text = sw_inspector_dup_unit_text (unit);
  if (self->scale == scale && strcmp (self->unit, text) == 0)
    return;

  g_free (self->unit);
  self->unit = g_steal_pointer (&text);
  gtk_label_set_text (GTK_LABEL (self->unit_label), self->unit);
  if (self->scale == scale)
    {
      update_style (self);
      return;
    }
  self->scale = scale;

  /* A valid text, typed or not, keeps the quantity and is written anew
   * in the new unit (an edit stays pending); an invalid one is left for
   * the user, and checked in the new unit. */
  if (!self->valid)
    {
      reparse (self);
      return;
    }
  value = self->value;
  text = sw_inspector_format_number (value / scale);
  self->syncing = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (self->entry), text);
  self->syncing = FALSE;
  reparse_full (self, TRUE, value);
}

double
sw_inspector_number_row_get_value (SwInspectorNumberRow *self)
{
  g_return_val_if_fail (SW_IS_INSPECTOR_NUMBER_ROW (self), NAN);

  return self->value;
}

gboolean
sw_inspector_number_row_get_valid (SwInspectorNumberRow *self)
{
  g_return_val_if_fail (SW_IS_INSPECTOR_NUMBER_ROW (self), FALSE);

  return self->valid;
}

gboolean
sw_inspector_number_row_get_pending (SwInspectorNumberRow *self)
{
  g_return_val_if_fail (SW_IS_INSPECTOR_NUMBER_ROW (self), FALSE);

  return self->pending;
}

void
sw_inspector_number_row_clear_pending (SwInspectorNumberRow *self)
{
  g_return_if_fail (SW_IS_INSPECTOR_NUMBER_ROW (self));

  self->pending = FALSE;
}

void
sw_inspector_number_row_commit (SwInspectorNumberRow *self)
{
  g_return_if_fail (SW_IS_INSPECTOR_NUMBER_ROW (self));

  if (!self->pending || !self->valid || self->error != NULL)
    return;

  /* Cleared first: the taker may show the accepted value right away. */
  self->pending = FALSE;
  g_signal_emit (self, signals[COMMITTED], 0, self->value);
}

void
sw_inspector_number_row_set_error (SwInspectorNumberRow *self,
                                   const char           *message)
{
  g_return_if_fail (SW_IS_INSPECTOR_NUMBER_ROW (self));

  g_free (self->error);
  self->error = g_strdup (message);
  if (message != NULL)
    self->pending = TRUE;
  update_style (self);
}

GtkEditable *
sw_inspector_number_row_get_editable (SwInspectorNumberRow *self)
{
  g_return_val_if_fail (SW_IS_INSPECTOR_NUMBER_ROW (self), NULL);

  return GTK_EDITABLE (self->entry);
}
