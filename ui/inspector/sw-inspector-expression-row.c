/* sw-inspector-expression-row.c: see sw-inspector-expression-row.h.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-inspector-expression-row.h"

#include <glib/gi18n.h>

struct _SwInspectorExpressionRow
{
  AdwExpanderRow     parent_instance;

  const SwParamDesc *desc;
  GtkWidget         *formula;     /* AdwEntryRow */
  GtkWidget         *constants;   /* AdwEntryRow */
  GtkWidget         *error_row;   /* AdwActionRow, hidden without a problem */
  GtkWidget         *variables_row;
  char              *error;       /* what is typed is wrong, or the model refused it */
  gboolean           syncing;     /* setting the entries from the model */
};

G_DEFINE_FINAL_TYPE (SwInspectorExpressionRow, sw_inspector_expression_row, ADW_TYPE_EXPANDER_ROW)

enum { EXPRESSION_EDITED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
show_error (SwInspectorExpressionRow *self,
            const char               *message,
            gboolean                  in_constants)
{
  g_free (self->error);
  self->error = g_strdup (message);
  gtk_widget_set_visible (self->error_row, message != NULL);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->error_row), message != NULL ? message : "");
  if (message != NULL && !in_constants)
    gtk_widget_add_css_class (self->formula, "error");
  else
    gtk_widget_remove_css_class (self->formula, "error");
  if (message != NULL && in_constants)
    gtk_widget_add_css_class (self->constants, "error");
  else
    gtk_widget_remove_css_class (self->constants, "error");
}

/* What is typed as an expression, checked; NULL with the problem shown. */
static SwExpression *
typed_expression (SwInspectorExpressionRow *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SwExpression) e = NULL;
  int constant = -1;

  e = sw_expression_new_parse_constants (gtk_editable_get_text (GTK_EDITABLE (self->formula)),
                                         gtk_editable_get_text (GTK_EDITABLE (self->constants)), &error);
  if (e == NULL)
    {
      show_error (self, error->message, TRUE);
      return NULL;
    }
  if (!sw_expression_check (e, self->desc->expression->variables, NULL, &constant, &error))
    {
      show_error (self, error->message, constant >= 0);
      return NULL;
    }
  show_error (self, NULL, FALSE);
  return g_steal_pointer (&e);
}

static void
changed_cb (SwInspectorExpressionRow *self)
{
  g_autoptr(SwExpression) e = NULL;

  if (self->syncing)
    return;
  e = typed_expression (self);
}

static void
apply_cb (SwInspectorExpressionRow *self)
{
  sw_inspector_expression_row_commit (self);
}

void
sw_inspector_expression_row_commit (SwInspectorExpressionRow *self)
{
  g_autoptr(SwExpression) e = NULL;

  g_return_if_fail (SW_IS_INSPECTOR_EXPRESSION_ROW (self));

  e = typed_expression (self);
  if (e != NULL)
    g_signal_emit (self, signals[EXPRESSION_EDITED], 0, e);
}

void
sw_inspector_expression_row_set_expression (SwInspectorExpressionRow *self,
                                            const SwExpression       *expression)
{
  g_autofree char *constants = NULL;

  g_return_if_fail (SW_IS_INSPECTOR_EXPRESSION_ROW (self));
  g_return_if_fail (expression != NULL);

  constants = sw_expression_dup_constants_text (expression);
  self->syncing = TRUE;
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->formula)), sw_expression_get_text (expression)) != 0)
    gtk_editable_set_text (GTK_EDITABLE (self->formula), sw_expression_get_text (expression));
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->constants)), constants) != 0)
    gtk_editable_set_text (GTK_EDITABLE (self->constants), constants);
  self->syncing = FALSE;
  adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (self), sw_expression_get_text (expression));
  show_error (self, NULL, FALSE);
}

const char *
sw_inspector_expression_row_get_error (SwInspectorExpressionRow *self)
{
  g_return_val_if_fail (SW_IS_INSPECTOR_EXPRESSION_ROW (self), NULL);

  return self->error;
}

void
sw_inspector_expression_row_set_error (SwInspectorExpressionRow *self,
                                       const char               *message)
{
  g_return_if_fail (SW_IS_INSPECTOR_EXPRESSION_ROW (self));

  show_error (self, message, FALSE);
}

static void
sw_inspector_expression_row_finalize (GObject *object)
{
  SwInspectorExpressionRow *self = SW_INSPECTOR_EXPRESSION_ROW (object);

  g_free (self->error);
  G_OBJECT_CLASS (sw_inspector_expression_row_parent_class)->finalize (object);
}

static void
sw_inspector_expression_row_class_init (SwInspectorExpressionRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = sw_inspector_expression_row_finalize;

  signals[EXPRESSION_EDITED] =
    g_signal_new ("expression-edited", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_POINTER);
}

static void
sw_inspector_expression_row_init (SwInspectorExpressionRow *self)
{
}

static GtkWidget *
entry_row_new (SwInspectorExpressionRow *self,
               const char               *title,
               const char               *name)
{
  GtkWidget *row = adw_entry_row_new ();
  g_autofree char *full = g_strdup_printf ("%s.%s", self->desc->name, name);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_entry_row_set_show_apply_button (ADW_ENTRY_ROW (row), TRUE);
  gtk_widget_set_name (row, full);
  g_signal_connect_swapped (row, "changed", G_CALLBACK (changed_cb), self);
  g_signal_connect_swapped (row, "apply", G_CALLBACK (apply_cb), self);
  g_signal_connect_swapped (row, "entry-activated", G_CALLBACK (apply_cb), self);
  adw_expander_row_add_row (ADW_EXPANDER_ROW (self), row);
  return row;
}

GtkWidget *
sw_inspector_expression_row_new (const SwParamDesc *desc)
{
  SwInspectorExpressionRow *self;
  const SwExpressionDesc *e;
  g_autoptr(GString) vars = g_string_new (NULL);
  g_autoptr(SwExpression) initial = NULL;
  g_autofree char *name = NULL;
  g_autofree char *title = NULL;

  g_return_val_if_fail (desc->type == SW_PARAM_EXPRESSION && desc->expression != NULL, NULL);

  e = desc->expression;
  self = g_object_new (SW_TYPE_INSPECTOR_EXPRESSION_ROW, NULL);
  self->desc = desc;
  title = desc->unit[0] != '\0' ? g_strdup_printf ("%s [%s]", _(desc->label), desc->unit) : g_strdup (_(desc->label));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self), title);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (self), FALSE);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), _(desc->help));

  self->formula = entry_row_new (self, _("Formula"), "formula");
  /* Translators: the named constants of a formula, typed as "c = 1e4, d = 2". */
  self->constants = entry_row_new (self, _("Constants (c = 1e4, d = 2)"), "constants");

  self->error_row = adw_action_row_new ();
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (self->error_row), FALSE);
  adw_action_row_set_title_lines (ADW_ACTION_ROW (self->error_row), 0);
  adw_action_row_set_icon_name (ADW_ACTION_ROW (self->error_row), "dialog-warning-symbolic");
  gtk_widget_add_css_class (self->error_row, "error");
  name = g_strdup_printf ("%s.error", desc->name);
  gtk_widget_set_name (self->error_row, name);
  gtk_widget_set_visible (self->error_row, FALSE);
  adw_expander_row_add_row (ADW_EXPANDER_ROW (self), self->error_row);

  for (guint i = 0; e->variables[i] != NULL; i++)
    g_string_append_printf (vars, "%s%s [%s]", i > 0 ? ", " : "", e->variables[i], e->units[i]);
  self->variables_row = adw_action_row_new ();
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (self->variables_row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->variables_row), _("Variables"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->variables_row), vars->str);
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (self->variables_row), 0);
  g_free (name);
  name = g_strdup_printf ("%s.variables", desc->name);
  gtk_widget_set_name (self->variables_row, name);
  adw_expander_row_add_row (ADW_EXPANDER_ROW (self), self->variables_row);

  initial = sw_expression_new (e->default_text, e->n_default_constants, e->default_names, e->default_values);
  sw_inspector_expression_row_set_expression (self, initial);
  return GTK_WIDGET (self);
}
