/* sw-model.c: the editable document and the checks it shares with the reader.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-model-private.h"
#include "sw-subsystem-private.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

const char *const _sw_simulation_methods[] = { "auto", "rk45", "rkck", "rk8pd", "adams", "bdf", NULL };

G_DEFINE_FINAL_TYPE (SwModel, sw_model, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_NAME,
  N_PROPS
};

enum {
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* "changed" now, or once at the end of the outermost sw_model_begin_edit(). */
static void
emit_changed (SwModel *model)
{
  if (model->edit_depth > 0)
    model->edit_changed = TRUE;
  else
    g_signal_emit (model, signals[CHANGED], 0);
}

/* Messages */

static gboolean
is_short_printable_ascii (const char *text,
                          guint       max_chars)
{
  for (guint n = 0; text[n] != '\0'; n++)
    if (n == max_chars || (guchar) text[n] < 0x20 || (guchar) text[n] >= 0x7f)
      return FALSE;
  return TRUE;
}

char *
_sw_quote (const char *text)
{
  const guint max_chars = 48;
  g_autofree char *valid = NULL;
  GString *out;
  guint n = 0;

  if (text == NULL)
    return g_strdup ("“”");
  if (is_short_printable_ascii (text, max_chars))
    return g_strconcat ("“", text, "”", NULL);

  valid = g_utf8_make_valid (text, -1);
  out = g_string_new ("“");
  for (const char *p = valid; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (++n > max_chars)
        {
          g_string_append (out, "…");
          break;
        }
      if (c < 0x20 || c == 0x7f)
        g_string_append_printf (out, "\\x%02x", c);
      else
        g_string_append_unichar (out, c);
    }
  g_string_append (out, "”");

  return g_string_free (out, FALSE);
}

char *
_sw_component_label (const char *id)
{
  g_autofree char *quoted = _sw_quote (id);

  return g_strdup_printf (_("component %s"), quoted);
}

/* Components */

/* The one block of a component's per-parameter arrays, zeroed. */
static void
alloc_params (SwComponent *component, guint n)
{
  gsize n_slots = MAX (n, 1);
  char *block = g_malloc0 (n_slots * (sizeof (double) + 4 * sizeof (gpointer) + sizeof (gboolean)));

  component->param = (double *) block;
  component->signal = (SwSignal **) (block + n_slots * sizeof (double));
  component->table = (SwTable **) (block + n_slots * (sizeof (double) + sizeof (gpointer)));
  component->expression = (SwExpression **) (block + n_slots * (sizeof (double) + 2 * sizeof (gpointer)));
  component->signal_ref = (char **) (block + n_slots * (sizeof (double) + 3 * sizeof (gpointer)));
  component->given = (gboolean *) (block + n_slots * (sizeof (double) + 4 * sizeof (gpointer)));
}

static gsize
params_bytes (guint n)
{
  return MAX (n, 1) * (sizeof (double) + 4 * sizeof (gpointer) + sizeof (gboolean));
}

void
_sw_component_set_number (SwComponent *c, guint p, double value)
{
  c->param[p] = value;
  c->given[p] = !isnan (value);
  if (c->kind->params[p].type == SW_PARAM_SIGNAL)
    {
      g_clear_pointer (&c->signal[p], sw_signal_unref);
      g_clear_pointer (&c->signal_ref[p], g_free);
      c->signal[p] = sw_signal_new_constant (value);
    }
}

void
_sw_component_clear (SwComponent *component)
{
  g_clear_pointer (&component->id, g_free);
  if (component->param != NULL)
    {
      for (guint i = 0; i < component->kind->n_params; i++)
        {
          g_clear_pointer (&component->signal[i], sw_signal_unref);
          g_clear_pointer (&component->table[i], sw_table_unref);
          g_clear_pointer (&component->expression[i], sw_expression_unref);
          g_clear_pointer (&component->signal_ref[i], g_free);
        }
      g_clear_pointer (&component->param, g_free);
    }
  g_clear_pointer (&component->ui, json_node_unref);
  g_clear_pointer (&component->model_ref, g_free);
  g_clear_pointer (&component->definition, g_free);
}

double
_sw_signal_param_value (const SwSignal *signal)
{
  return sw_signal_eval (signal, 0, FALSE, NULL, NULL);
}

void
_sw_component_init (SwComponent  *component,
                    const SwKind *kind,
                    const char   *id)
{
  g_assert (kind->n_params <= SW_KIND_MAX_PARAMS);
  g_assert (kind->n_ports <= SW_KIND_MAX_PORTS);

  memset (component, 0, sizeof *component);
  component->id = g_strdup (id);
  component->kind = kind;
  alloc_params (component, kind->n_params);

  for (guint i = 0; i < kind->n_params; i++)
    component->param[i] = NAN;

  for (guint i = 0; i < kind->n_params; i++)
    {
      const SwParamDesc *desc = &kind->params[i];

      if (desc->type == SW_PARAM_INITIAL)
        continue;
      if (desc->type == SW_PARAM_TABLE)
        {
          component->table[i] = sw_table_new (desc->table->n_default_rows, desc->table->n_columns,
                                              desc->table->default_rows);
          component->param[i] = _sw_table_param_value (component->table[i]);
          continue;
        }
      if (desc->type == SW_PARAM_EXPRESSION)
        {
          component->expression[i] = _sw_expression_default (desc);
          continue;
        }
      component->param[i] = desc->default_value;
      if (desc->type == SW_PARAM_SIGNAL && isfinite (desc->default_value))
        component->signal[i] = sw_signal_new_constant (desc->default_value);
    }
}

SwExpression *
_sw_expression_default (const SwParamDesc *desc)
{
  const SwExpressionDesc *e = desc->expression;

  g_assert (desc->type == SW_PARAM_EXPRESSION && e != NULL);
  return sw_expression_new (e->default_text, e->n_default_constants, e->default_names, e->default_values);
}

gboolean
_sw_check_expression (const char         *who,
                      const SwParamDesc  *desc,
                      const SwExpression *expression,
                      guint              *position,
                      int                *constant,
                      GError            **error)
{
  g_return_val_if_fail (desc->type == SW_PARAM_EXPRESSION && desc->expression != NULL, FALSE);

  if (sw_expression_check (expression, desc->expression->variables, position, constant, error))
    return TRUE;
  g_prefix_error (error, _("%s: parameter “%s”: "), who, desc->name);
  return FALSE;
}

/* Checks */

gboolean
_sw_check_id (const char  *id,
              GError     **error)
{
  g_autofree char *quoted = NULL;
  gboolean valid;

  if (id[0] == '\0')
    {
      g_set_error_literal (error, SW_ERROR, SW_ERROR_INVALID,
                           _("a component id may not be empty"));
      return FALSE;
    }

  valid = g_ascii_isalpha (id[0]) || id[0] == '_';
  for (const char *p = id + 1; valid && *p != '\0'; p++)
    valid = g_ascii_isalnum (*p) || *p == '_';
  if (valid)
    return TRUE;

  quoted = _sw_quote (id);
  g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
               _("component id %s is not valid; valid: letters, digits and “_”, "
                 "not starting with a digit"),
               quoted);
  return FALSE;
}

static guint
edit_distance (const char *a,
               const char *b)
{
  gsize la = strlen (a), lb = strlen (b);
  g_autofree guint *row = g_new (guint, lb + 1);

  for (gsize j = 0; j <= lb; j++)
    row[j] = j;
  for (gsize i = 1; i <= la; i++)
    {
      guint diagonal = row[0];

      row[0] = i;
      for (gsize j = 1; j <= lb; j++)
        {
          guint up = row[j];
          guint cost = g_ascii_tolower (a[i - 1]) == g_ascii_tolower (b[j - 1]) ? 0 : 1;

          row[j] = MIN (MIN (row[j] + 1, row[j - 1] + 1), diagonal + cost);
          diagonal = up;
        }
    }

  return row[lb];
}

/* How far a kind name is from what was written: the whole name, the part
 * after the family, or a word of it. */
static guint
kind_distance (const char *written,
               const char *kind_name)
{
  const char *dot = strchr (kind_name, '.');
  guint d = edit_distance (written, kind_name);

  if (dot != NULL)
    d = MIN (d, edit_distance (written, dot + 1));
  if (strlen (written) >= 3 && strstr (kind_name, written) != NULL)
    d = MIN (d, 1);

  return d;
}

const SwKind *
_sw_lookup_kind (const char  *who,
                 const char  *kind_name,
                 GError     **error)
{
  const SwKind *kind = sw_catalog_lookup (kind_name);
  const SwKind *const *kinds;
  const char *best[3] = { NULL, NULL, NULL };
  guint best_distance[3] = { G_MAXUINT, G_MAXUINT, G_MAXUINT };
  g_autofree char *quoted = NULL;
  g_autoptr(GString) hint = NULL;
  guint n_kinds, n_best = 0;

  if (kind != NULL)
    return kind;

  kinds = sw_catalog_get_kinds (&n_kinds);
  if (strlen (kind_name) <= 64)
    {
      guint limit = MAX (2, strlen (kind_name) / 5);
      guint closest = G_MAXUINT;

      for (guint i = 0; i < n_kinds; i++)
        closest = MIN (closest, kind_distance (kind_name, kinds[i]->name));
      /* Only the closest names, and only when they are close at all. */
      limit = MIN (limit, closest + 1);

      for (guint i = 0; i < n_kinds; i++)
        {
          guint d = kind_distance (kind_name, kinds[i]->name);
          guint slot;

          if (d > limit)
            continue;
          for (slot = 0; slot < 3 && best_distance[slot] <= d; slot++)
            ;
          if (slot == 3)
            continue;
          memmove (&best[slot + 1], &best[slot], (2 - slot) * sizeof best[0]);
          memmove (&best_distance[slot + 1], &best_distance[slot], (2 - slot) * sizeof best_distance[0]);
          best[slot] = kinds[i]->name;
          best_distance[slot] = d;
        }
    }

  hint = g_string_new (NULL);
  for (n_best = 0; n_best < 3 && best[n_best] != NULL; n_best++)
    ;
  if (n_best == 0)
    g_string_append (hint, _("run 'shaftwork-cli list' for the catalogue of kinds"));
  else
    {
      g_string_append (hint, _("did you mean "));
      for (guint i = 0; i < n_best; i++)
        {
          if (i > 0)
            g_string_append (hint, i + 1 == n_best ? _(" or ") : ", ");
          g_string_append_printf (hint, "“%s”", best[i]);
        }
      g_string_append (hint, "?");
    }

  quoted = _sw_quote (kind_name);
  g_set_error (error, SW_ERROR, SW_ERROR_UNKNOWN_KIND,
               _("%s: unknown kind %s; %s"), who, quoted, hint->str);
  return NULL;
}

int
_sw_find_param (const char    *who,
                const SwKind  *kind,
                const char    *name,
                GError       **error)
{
  int index = sw_kind_find_param (kind, name);
  g_autoptr(GString) valid = NULL;
  g_autofree char *quoted = NULL;

  if (index >= 0)
    return index;

  valid = g_string_new (NULL);
  for (guint i = 0; i < kind->n_params; i++)
    g_string_append_printf (valid, "%s%s", i > 0 ? ", " : "", kind->params[i].name);
  if (kind->n_params == 0)
    g_string_append (valid, _("none"));

  quoted = _sw_quote (name);
  g_set_error (error, SW_ERROR, SW_ERROR_UNKNOWN_PARAMETER,
               _("%s: %s has no parameter %s; valid: %s"),
               who, kind->name, quoted, valid->str);
  return -1;
}

/* "0 < J <= 1e3", "w >= 0", "any finite number". */
char *
_sw_describe_range_of (const char *name,
                       double      min,
                       double      max,
                       gboolean    min_exclusive)
{
  char lo[SW_NUMBER_BUF_SIZE], hi[SW_NUMBER_BUF_SIZE];
  const char *lo_op = min_exclusive ? "<" : "<=";
  gboolean has_lo = isfinite (min), has_hi = isfinite (max);

  sw_format_number (lo, min);
  sw_format_number (hi, max);

  if (has_lo && has_hi)
    return g_strdup_printf ("%s %s %s <= %s", lo, lo_op, name, hi);
  if (has_lo)
    return g_strdup_printf ("%s %s %s", name, min_exclusive ? ">" : ">=", lo);
  if (has_hi)
    return g_strdup_printf ("%s <= %s", name, hi);
  return g_strdup (_("any finite number"));
}

static char *
describe_range (const SwParamDesc *desc)
{
  return _sw_describe_range_of (desc->name, desc->min, desc->max, desc->min_exclusive);
}

char *
_sw_table_dup_row_shape (const SwTableDesc *table)
{
  GString *out = g_string_new ("[");

  for (guint j = 0; j < table->n_columns; j++)
    g_string_append_printf (out, "%s%s", j > 0 ? ", " : "", table->columns[j].name);
  g_string_append_c (out, ']');
  return g_string_free (out, FALSE);
}

double
_sw_table_param_value (const SwTable *table)
{
  if (table == NULL || sw_table_get_n_columns (table) < 2)
    return NAN;
  return sw_table_get (table, 0, 1);
}

gboolean
_sw_check_table_value (const char         *who,
                       const SwParamDesc  *desc,
                       guint               row,
                       guint               column,
                       double              value,
                       double              previous,
                       GError            **error)
{
  const SwColumnDesc *col = &desc->table->columns[column];
  const char *unit = col->unit != NULL ? col->unit : "";
  const char *space = unit[0] != '\0' ? " " : "";
  char text[SW_NUMBER_BUF_SIZE];
  gboolean below, above;

  sw_format_number (text, value);

  if (!isfinite (value))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   /* Translators: “component “x”: parameter “mue_pos”, row 2: mue = inf is not a finite number” */
                   _("%s: parameter “%s”, row %u: %s = %s is not a finite number"),
                   who, desc->name, row + 1, col->name, text);
      return FALSE;
    }

  below = col->min_exclusive ? value <= col->min : value < col->min;
  above = value > col->max;
  if (below || above)
    {
      g_autofree char *range = _sw_describe_range_of (col->name, col->min, col->max, col->min_exclusive);

      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("%s: parameter “%s”, row %u: %s = %s%s%s is out of range; valid: %s"),
                   who, desc->name, row + 1, col->name, text, space, unit, range);
      return FALSE;
    }

  if (!sw_number_in_scale (value))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("%s: parameter “%s”, row %u: %s = %s%s%s is too %s for the equations to stay finite; "
                     "valid: 0 or %g <= |%s| <= %g"),
                   who, desc->name, row + 1, col->name, text, space, unit,
                   fabs (value) < 1 ? _("small") : _("large"),
                   SW_NUMBER_MIN_MAGNITUDE, col->name, SW_NUMBER_MAX_MAGNITUDE);
      return FALSE;
    }

  if (column == 0 && row > 0 && !(value > previous))
    {
      g_autofree char *shape = _sw_table_dup_row_shape (desc->table);
      char before[SW_NUMBER_BUF_SIZE];

      sw_format_number (before, previous);
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("%s: parameter “%s”, row %u: %s = %s must be larger than the row before (%s); "
                     "rows are %s with %s increasing"),
                   who, desc->name, row + 1, col->name, text, before, shape, col->name);
      return FALSE;
    }

  return TRUE;
}

gboolean
_sw_check_table (const char     *who,
                 const SwKind   *kind,
                 guint           param,
                 const SwTable  *table,
                 GError        **error)
{
  const SwParamDesc *desc = &kind->params[param];
  guint n_rows = sw_table_get_n_rows (table);

  g_return_val_if_fail (desc->type == SW_PARAM_TABLE && desc->table != NULL, FALSE);

  if (sw_table_get_n_columns (table) != desc->table->n_columns)
    {
      g_autofree char *shape = _sw_table_dup_row_shape (desc->table);

      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("%s: parameter “%s” has rows of %u numbers; valid: rows %s of %u numbers"),
                   who, desc->name, sw_table_get_n_columns (table), shape, desc->table->n_columns);
      return FALSE;
    }

  for (guint i = 0; i < n_rows; i++)
    for (guint j = 0; j < desc->table->n_columns; j++)
      if (!_sw_check_table_value (who, desc, i, j, sw_table_get (table, i, j),
                                  i > 0 ? sw_table_get (table, i - 1, 0) : NAN, error))
        return FALSE;
  return TRUE;
}

gboolean
_sw_check_param (const char    *who,
                 const SwKind  *kind,
                 guint          param,
                 double         value,
                 GError       **error)
{
  const SwParamDesc *desc = &kind->params[param];
  char text[SW_NUMBER_BUF_SIZE];
  g_autofree char *range = NULL;
  gboolean below, above;

  sw_format_number (text, value);

  if (!isfinite (value))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("%s: parameter “%s” = %s is not a finite number"),
                   who, desc->name, text);
      return FALSE;
    }

  if (desc->type == SW_PARAM_BOOLEAN)
    {
      if (value == 0 || value == 1)
        return TRUE;
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("%s: parameter “%s” = %s is not a truth value; valid: true (1) or false (0)"),
                   who, desc->name, text);
      return FALSE;
    }

  below = desc->min_exclusive ? value <= desc->min : value < desc->min;
  above = value > desc->max;
  if (!below && !above && !sw_number_in_scale (value))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("%s: parameter “%s” = %s%s%s is too %s for the equations to stay finite; valid: 0 or "
                     "%g <= |%s| <= %g"),
                   who, desc->name, text,
                   desc->unit != NULL && desc->unit[0] != '\0' ? " " : "",
                   desc->unit != NULL ? desc->unit : "",
                   fabs (value) < 1 ? _("small") : _("large"),
                   SW_NUMBER_MIN_MAGNITUDE, desc->name, SW_NUMBER_MAX_MAGNITUDE);
      return FALSE;
    }
  if (!below && !above)
    return TRUE;

  range = describe_range (desc);
  g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
               _("%s: parameter “%s” = %s%s%s is out of range; valid: %s"),
               who, desc->name, text,
               desc->unit != NULL && desc->unit[0] != '\0' ? " " : "",
               desc->unit != NULL ? desc->unit : "",
               range);
  return FALSE;
}

gboolean
_sw_validate_params (const char    *who,
                     const SwKind  *kind,
                     const double  *params,
                     GError       **error)
{
  if (kind->validate == NULL)
    return TRUE;
  if (kind->validate (params, error))
    return TRUE;
  g_prefix_error (error, "%s: ", who);
  return FALSE;
}

char *
_sw_model_dup_port_ref (SwModel *self,
                        guint    component,
                        guint    port)
{
  const SwComponent *c = &g_array_index (self->components, SwComponent, component);

  return g_strdup_printf ("%s.%s", c->id, c->kind->ports[port].name);
}

gboolean
_sw_model_resolve_port (SwModel     *self,
                        const char  *ref,
                        guint       *component,
                        guint       *port,
                        GError     **error)
{
  const char *dot = strchr (ref, '.');
  g_autofree char *id = NULL;
  g_autofree char *quoted = NULL;
  g_autofree char *quoted_port = NULL;
  g_autoptr(GString) valid = NULL;
  const SwKind *kind;
  int c, p;

  if (dot == NULL || dot == ref || dot[1] == '\0')
    {
      quoted = _sw_quote (ref);
      g_set_error (error, SW_ERROR, SW_ERROR_TOPOLOGY,
                   _("%s is not a port; write “component.port”, e.g. “inertia1.flange_a”"),
                   quoted);
      return FALSE;
    }

  id = g_strndup (ref, dot - ref);
  c = sw_model_find_component (self, id);
  if (c < 0)
    {
      g_autofree char *quoted_id = _sw_quote (id);

      g_set_error (error, SW_ERROR, SW_ERROR_TOPOLOGY,
                   _("there is no component %s"), quoted_id);
      return FALSE;
    }

  kind = g_array_index (self->components, SwComponent, c).kind;
  p = sw_kind_find_port (kind, dot + 1);
  if (p < 0)
    {
      g_autofree char *quoted_id = _sw_quote (id);

      valid = g_string_new (NULL);
      for (guint i = 0; i < kind->n_ports; i++)
        g_string_append_printf (valid, "%s%s", i > 0 ? ", " : "", kind->ports[i].name);
      quoted_port = _sw_quote (dot + 1);
      g_set_error (error, SW_ERROR, SW_ERROR_UNKNOWN_PARAMETER,
                   _("component %s (%s) has no port %s; valid: %s"),
                   quoted_id, kind->name, quoted_port, valid->str);
      return FALSE;
    }

  *component = c;
  *port = p;
  return TRUE;
}

static const char *
domain_name (SwDomain domain)
{
  switch (domain)
    {
    case SW_DOMAIN_ROTATIONAL:
      return _("rotational");
    case SW_DOMAIN_TRANSLATIONAL:
      return _("translational");
    default:
      return "?";
    }
}

/* A connection's two ends as one number, the same whichever way round. */
static gint64
connection_key (const SwConnection *connection)
{
  gint64 a = (gint64) connection->from_component * SW_KIND_MAX_PORTS + connection->from_port;
  gint64 b = (gint64) connection->to_component * SW_KIND_MAX_PORTS + connection->to_port;

  return a < b ? a << 32 | b : b << 32 | a;
}

static void
connection_index_add (GHashTable *index, const SwConnection *connection, guint position)
{
  gint64 *key = g_new (gint64, 1);

  *key = connection_key (connection);
  g_hash_table_insert (index, key, GUINT_TO_POINTER (position + 1));
}

/* Finds duplicate connections in constant time (a file of 20000 would
 * take seconds otherwise); a cache like the id index. */
static GHashTable *
connection_index (SwModel *self)
{
  if (self->connection_index == NULL)
    {
      self->connection_index = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
      for (guint i = 0; i < self->connections->len; i++)
        connection_index_add (self->connection_index, &g_array_index (self->connections, SwConnection, i), i);
    }
  return self->connection_index;
}

gboolean
_sw_model_check_connection (SwModel             *self,
                            const SwConnection  *connection,
                            int                 *duplicate_of,
                            GError             **error)
{
  const SwComponent *from = &g_array_index (self->components, SwComponent, connection->from_component);
  const SwComponent *to = &g_array_index (self->components, SwComponent, connection->to_component);
  SwDomain from_domain = from->kind->ports[connection->from_port].domain;
  SwDomain to_domain = to->kind->ports[connection->to_port].domain;
  gint64 key = connection_key (connection);
  gpointer found;

  if (duplicate_of != NULL)
    *duplicate_of = -1;

  if (from_domain != to_domain)
    {
      g_autofree char *from_ref = _sw_model_dup_port_ref (self, connection->from_component, connection->from_port);
      g_autofree char *to_ref = _sw_model_dup_port_ref (self, connection->to_component, connection->to_port);

      g_set_error (error, SW_ERROR, SW_ERROR_TOPOLOGY,
                   _("“%s” is %s but “%s” is %s; only ports of the same domain can be connected"),
                   from_ref, domain_name (from_domain), to_ref, domain_name (to_domain));
      return FALSE;
    }

  if (connection->from_component == connection->to_component &&
      connection->from_port == connection->to_port)
    {
      g_autofree char *from_ref = _sw_model_dup_port_ref (self, connection->from_component, connection->from_port);

      g_set_error (error, SW_ERROR, SW_ERROR_TOPOLOGY,
                   _("“%s” is connected to itself"), from_ref);
      return FALSE;
    }

  if ((found = g_hash_table_lookup (connection_index (self), &key)) != NULL)
    {
      g_autofree char *from_ref = _sw_model_dup_port_ref (self, connection->from_component, connection->from_port);
      g_autofree char *to_ref = _sw_model_dup_port_ref (self, connection->to_component, connection->to_port);

      if (duplicate_of != NULL)
        *duplicate_of = GPOINTER_TO_INT (found) - 1;
      g_set_error (error, SW_ERROR, SW_ERROR_TOPOLOGY,
                   _("“%s” and “%s” are already connected"), from_ref, to_ref);
      return FALSE;
    }

  return TRUE;
}

/* The id index is a cache: appending extends it, anything else that
 * changes the components or their ids drops it. */
static void
index_invalidate (SwModel *self)
{
  g_clear_pointer (&self->index, g_hash_table_unref);
  g_clear_pointer (&self->connection_index, g_hash_table_unref);
}

void
_sw_model_take_component (SwModel     *self,
                          SwComponent *component)
{
  g_array_append_vals (self->components, component, 1);
  if (self->index != NULL)
    g_hash_table_insert (self->index, g_strdup (component->id), GUINT_TO_POINTER (self->components->len));
  memset (component, 0, sizeof *component);
}

void
_sw_model_take_connection (SwModel            *self,
                           const SwConnection *connection,
                           JsonNode           *ui)
{
  g_array_append_vals (self->connections, connection, 1);
  g_ptr_array_add (self->connection_ui, ui);
  if (self->connection_index != NULL)
    connection_index_add (self->connection_index, connection, self->connections->len - 1);
}

void
_sw_model_set_display_name (SwModel    *self,
                            const char *display_name)
{
  g_free (self->display_name);
  self->display_name = g_strdup (display_name != NULL ? display_name : "<memory>");
}

/* The object */

static void
ui_node_free (gpointer node)
{
  if (node != NULL)
    json_node_unref (node);
}

static void
sw_model_finalize (GObject *object)
{
  SwModel *self = (SwModel *) object;

  g_clear_pointer (&self->display_name, g_free);
  g_clear_pointer (&self->name, g_free);
  g_clear_pointer (&self->components, g_array_unref);
  g_clear_pointer (&self->index, g_hash_table_unref);
  g_clear_pointer (&self->connection_index, g_hash_table_unref);
  g_clear_pointer (&self->connections, g_array_unref);
  g_clear_pointer (&self->connection_ui, g_ptr_array_unref);
  g_clear_pointer (&self->simulation.method, g_free);
  g_clear_pointer (&self->ui, json_node_unref);
  g_clear_pointer (&self->interface, json_node_unref);
  g_clear_pointer (&self->subsystems, json_node_unref);
  g_clear_pointer (&self->folder, g_free);
  g_clear_pointer (&self->shared_names, g_ptr_array_unref);
  g_clear_pointer (&self->shared_signals, g_ptr_array_unref);

  G_OBJECT_CLASS (sw_model_parent_class)->finalize (object);
}

static void
sw_model_get_property (GObject    *object,
                       guint       prop_id,
                       GValue     *value,
                       GParamSpec *pspec)
{
  SwModel *self = SW_MODEL (object);

  switch (prop_id)
    {
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
sw_model_set_property (GObject      *object,
                       guint         prop_id,
                       const GValue *value,
                       GParamSpec   *pspec)
{
  SwModel *self = SW_MODEL (object);

  switch (prop_id)
    {
    case PROP_NAME:
      sw_model_set_name (self, g_value_get_string (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
sw_model_class_init (SwModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = sw_model_finalize;
  object_class->get_property = sw_model_get_property;
  object_class->set_property = sw_model_set_property;

  /**
   * SwModel:name:
   *
   * The model's title (the file's "name"), or %NULL.
   */
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * SwModel::changed:
   *
   * Emitted after every successful edit (components, parameters,
   * connections, simulation settings, a new name).
   */
  signals[CHANGED] =
    g_signal_new ("changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0,
                  NULL, NULL,
                  NULL,
                  G_TYPE_NONE, 0);
}

static void
sw_model_init (SwModel *self)
{
  self->display_name = g_strdup ("<memory>");
  self->components = g_array_new (FALSE, TRUE, sizeof (SwComponent));
  g_array_set_clear_func (self->components, (GDestroyNotify) _sw_component_clear);
  self->connections = g_array_new (FALSE, TRUE, sizeof (SwConnection));
  self->connection_ui = g_ptr_array_new_with_free_func (ui_node_free);
  self->shared_names = g_ptr_array_new_with_free_func (g_free);
  self->shared_signals = g_ptr_array_new_with_free_func ((GDestroyNotify) sw_signal_unref);
  self->simulation.stop_time_s = 1;
  self->simulation.output_interval_s = 1.0 / 500;
  self->simulation.tolerance = 1e-6;
  self->simulation.method = NULL;
}

SwModel *
sw_model_new (void)
{
  return g_object_new (SW_TYPE_MODEL, NULL);
}

const char *
sw_model_get_display_name (SwModel *model)
{
  g_return_val_if_fail (SW_IS_MODEL (model), NULL);

  return model->display_name;
}

const char *
sw_model_get_name (SwModel *model)
{
  g_return_val_if_fail (SW_IS_MODEL (model), NULL);

  return model->name;
}

void
sw_model_set_name (SwModel    *model,
                   const char *name)
{
  g_return_if_fail (SW_IS_MODEL (model));

  if (g_strcmp0 (model->name, name) == 0)
    return;

  g_free (model->name);
  model->name = g_strdup (name);
  g_object_notify_by_pspec (G_OBJECT (model), properties[PROP_NAME]);
  emit_changed (model);
}

guint
sw_model_get_n_components (SwModel *model)
{
  g_return_val_if_fail (SW_IS_MODEL (model), 0);

  return model->components->len;
}

const SwComponent *
sw_model_get_component (SwModel *model,
                        guint    index)
{
  g_return_val_if_fail (SW_IS_MODEL (model), NULL);
  g_return_val_if_fail (index < model->components->len, NULL);

  return &g_array_index (model->components, SwComponent, index);
}

int
sw_model_find_component (SwModel    *model,
                         const char *id)
{
  g_return_val_if_fail (SW_IS_MODEL (model), -1);
  g_return_val_if_fail (id != NULL, -1);

  if (model->index == NULL)
    {
      model->index = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      for (guint i = 0; i < model->components->len; i++)
        g_hash_table_insert (model->index, g_strdup (g_array_index (model->components, SwComponent, i).id),
                             GUINT_TO_POINTER (i + 1));
    }
  return (int) GPOINTER_TO_UINT (g_hash_table_lookup (model->index, id)) - 1;
}

guint
sw_model_get_n_connections (SwModel *model)
{
  g_return_val_if_fail (SW_IS_MODEL (model), 0);

  return model->connections->len;
}

const SwConnection *
sw_model_get_connection (SwModel *model,
                         guint    index)
{
  g_return_val_if_fail (SW_IS_MODEL (model), NULL);
  g_return_val_if_fail (index < model->connections->len, NULL);

  return &g_array_index (model->connections, SwConnection, index);
}

const SwSimulationSettings *
sw_model_get_simulation (SwModel *model)
{
  g_return_val_if_fail (SW_IS_MODEL (model), NULL);

  return &model->simulation;
}

/* Editing */

/* TRUE when setting parameter p to value would change nothing (the same
 * value, given the same way). */
static gboolean
param_unchanged (const SwComponent *c,
                 guint              p,
                 double             value)
{
  const SwParamDesc *desc = &c->kind->params[p];

  if (isnan (value))
    return !c->given[p] && isnan (c->param[p]);
  if (!c->given[p] || c->param[p] != value)
    return FALSE;
  if (desc->type == SW_PARAM_SIGNAL)
    return c->signal[p] != NULL && sw_signal_is_constant (c->signal[p]);
  return TRUE;
}

static gboolean
signals_equal (const SwSignal *a,
               const SwSignal *b)
{
  g_autoptr(JsonNode) node_a = NULL;
  g_autoptr(JsonNode) node_b = NULL;

  if (a == b)
    return TRUE;
  if (a == NULL || b == NULL)
    return FALSE;

  node_a = sw_signal_to_json (a);
  node_b = sw_signal_to_json (b);
  return json_node_equal (node_a, node_b);
}

int
sw_model_add_component (SwModel     *model,
                        const char  *kind_name,
                        const char  *id,
                        GError     **error)
{
  g_return_val_if_fail (SW_IS_MODEL (model), -1);
  g_return_val_if_fail (kind_name != NULL, -1);
  g_return_val_if_fail (id != NULL, -1);
  g_return_val_if_fail (error == NULL || *error == NULL, -1);

  return _sw_model_add_component_of (model, NULL, kind_name, id, NULL, error);
}

int
_sw_model_add_component_of (SwModel      *model,
                            const SwKind *kind,
                            const char   *kind_name,
                            const char   *id,
                            const char   *model_ref,
                            GError      **error)
{
  g_autofree char *who = NULL;
  SwComponent component;

  if (!_sw_check_id (id, error))
    return -1;
  if (sw_model_find_component (model, id) >= 0)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_TOPOLOGY,
                   _("duplicate component id “%s”"), id);
      return -1;
    }
  who = _sw_component_label (id);
  if (kind == NULL && (kind = _sw_lookup_kind (who, kind_name, error)) == NULL)
    return -1;

  _sw_component_init (&component, kind, id);
  component.model_ref = g_strdup (model_ref);
  _sw_model_take_component (model, &component);
  emit_changed (model);

  return (int) model->components->len - 1;
}

gboolean
sw_model_set_param (SwModel     *model,
                    guint        component,
                    const char  *param,
                    double       value,
                    GError     **error)
{
  g_autofree char *who = NULL;
  double params[SW_KIND_MAX_PARAMS];
  const SwParamDesc *desc;
  SwComponent *c;
  int p;

  g_return_val_if_fail (SW_IS_MODEL (model), FALSE);
  g_return_val_if_fail (component < model->components->len, FALSE);
  g_return_val_if_fail (param != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  c = &g_array_index (model->components, SwComponent, component);
  who = _sw_component_label (c->id);
  p = _sw_find_param (who, c->kind, param, error);
  if (p < 0)
    return FALSE;
  desc = &c->kind->params[p];

  if (desc->type == SW_PARAM_TABLE)
    {
      g_autofree char *shape = _sw_table_dup_row_shape (desc->table);

      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("%s: parameter “%s” is a table, not a number; valid: rows %s"),
                   who, desc->name, shape);
      return FALSE;
    }
  if (desc->type == SW_PARAM_EXPRESSION)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("%s: parameter “%s” is a formula, not a number; valid: a text such as %s"),
                   who, desc->name, desc->expression->default_text);
      return FALSE;
    }

  /* NAN takes an initial value back out: it follows from the connections. */
  if (!(desc->type == SW_PARAM_INITIAL && isnan (value)) &&
      !_sw_check_param (who, c->kind, p, value, error))
    return FALSE;

  memcpy (params, c->param, c->kind->n_params * sizeof (double));
  params[p] = value;
  if (!_sw_validate_params (who, c->kind, params, error))
    return FALSE;

  if (param_unchanged (c, p, value))
    return TRUE;

  _sw_component_set_number (c, (guint) p, value);

  emit_changed (model);
  return TRUE;
}

gboolean
sw_model_set_params (SwModel            *model,
                     guint               component,
                     guint               n,
                     const char * const *names,
                     const double       *values,
                     GError            **error)
{
  g_autofree char *who = NULL;
  double params[SW_KIND_MAX_PARAMS];
  int index[SW_KIND_MAX_PARAMS];
  SwComponent *c;

  g_return_val_if_fail (SW_IS_MODEL (model), FALSE);
  g_return_val_if_fail (component < model->components->len, FALSE);
  g_return_val_if_fail (n <= SW_KIND_MAX_PARAMS, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  c = &g_array_index (model->components, SwComponent, component);
  who = _sw_component_label (c->id);
  memcpy (params, c->param, c->kind->n_params * sizeof (double));
  for (guint k = 0; k < n; k++)
    {
      const SwParamDesc *desc;

      index[k] = _sw_find_param (who, c->kind, names[k], error);
      if (index[k] < 0)
        return FALSE;
      desc = &c->kind->params[index[k]];
      if (desc->type == SW_PARAM_TABLE || desc->type == SW_PARAM_EXPRESSION)
        {
          g_set_error (error, SW_ERROR, SW_ERROR_INVALID, _("%s: parameter “%s” is not a number"), who, desc->name);
          return FALSE;
        }
      if (!(desc->type == SW_PARAM_INITIAL && isnan (values[k])) && !_sw_check_param (who, c->kind, index[k], values[k], error))
        return FALSE;
      params[index[k]] = values[k];
    }
  if (!_sw_validate_params (who, c->kind, params, error))
    return FALSE;
  for (guint k = 0; k < n; k++)
    _sw_component_set_number (c, (guint) index[k], values[k]);
  emit_changed (model);
  return TRUE;
}

gboolean
sw_model_set_param_signal (SwModel     *model,
                           guint        component,
                           const char  *param,
                           SwSignal    *signal,
                           GError     **error)
{
  g_autofree char *who = NULL;
  double params[SW_KIND_MAX_PARAMS];
  double value;
  SwComponent *c;
  int p;

  g_return_val_if_fail (SW_IS_MODEL (model), FALSE);
  g_return_val_if_fail (component < model->components->len, FALSE);
  g_return_val_if_fail (param != NULL, FALSE);
  g_return_val_if_fail (signal != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  c = &g_array_index (model->components, SwComponent, component);
  who = _sw_component_label (c->id);
  p = _sw_find_param (who, c->kind, param, error);
  if (p < 0)
    return FALSE;

  if (c->kind->params[p].type != SW_PARAM_SIGNAL)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("%s: parameter “%s” takes a number, not a signal"),
                   who, c->kind->params[p].name);
      return FALSE;
    }

  value = _sw_signal_param_value (signal);
  if (sw_signal_is_constant (signal) &&
      !_sw_check_param (who, c->kind, p, value, error))
    return FALSE;

  memcpy (params, c->param, c->kind->n_params * sizeof (double));
  params[p] = value;
  if (!_sw_validate_params (who, c->kind, params, error))
    return FALSE;

  if (c->given[p] && signals_equal (c->signal[p], signal))
    return TRUE;

  g_clear_pointer (&c->signal[p], sw_signal_unref);
  g_clear_pointer (&c->signal_ref[p], g_free);
  c->signal[p] = sw_signal_ref (signal);
  c->param[p] = value;
  c->given[p] = TRUE;

  emit_changed (model);
  return TRUE;
}

gboolean
sw_model_set_param_table (SwModel        *model,
                          guint           component,
                          const char     *param,
                          const SwTable  *table,
                          GError        **error)
{
  g_autofree char *who = NULL;
  double params[SW_KIND_MAX_PARAMS];
  const SwParamDesc *desc;
  SwComponent *c;
  int p;

  g_return_val_if_fail (SW_IS_MODEL (model), FALSE);
  g_return_val_if_fail (component < model->components->len, FALSE);
  g_return_val_if_fail (param != NULL, FALSE);
  g_return_val_if_fail (table != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  c = &g_array_index (model->components, SwComponent, component);
  who = _sw_component_label (c->id);
  p = _sw_find_param (who, c->kind, param, error);
  if (p < 0)
    return FALSE;
  desc = &c->kind->params[p];

  if (desc->type != SW_PARAM_TABLE)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("%s: parameter “%s” takes a number, not a table"),
                   who, desc->name);
      return FALSE;
    }
  if (!_sw_check_table (who, c->kind, p, table, error))
    return FALSE;

  memcpy (params, c->param, c->kind->n_params * sizeof (double));
  params[p] = _sw_table_param_value (table);
  if (!_sw_validate_params (who, c->kind, params, error))
    return FALSE;

  if (c->given[p] && sw_table_equal (c->table[p], table))
    return TRUE;

  g_clear_pointer (&c->table[p], sw_table_unref);
  c->table[p] = sw_table_ref ((SwTable *) table);
  c->param[p] = params[p];
  c->given[p] = TRUE;

  emit_changed (model);
  return TRUE;
}

gboolean
sw_model_set_param_expression (SwModel            *model,
                               guint               component,
                               const char         *param,
                               const SwExpression *expression,
                               GError            **error)
{
  g_autofree char *who = NULL;
  const SwParamDesc *desc;
  SwComponent *c;
  int p;

  g_return_val_if_fail (SW_IS_MODEL (model), FALSE);
  g_return_val_if_fail (component < model->components->len, FALSE);
  g_return_val_if_fail (param != NULL, FALSE);
  g_return_val_if_fail (expression != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  c = &g_array_index (model->components, SwComponent, component);
  who = _sw_component_label (c->id);
  p = _sw_find_param (who, c->kind, param, error);
  if (p < 0)
    return FALSE;
  desc = &c->kind->params[p];

  if (desc->type != SW_PARAM_EXPRESSION)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("%s: parameter “%s” takes a number, not a formula"),
                   who, desc->name);
      return FALSE;
    }
  if (!_sw_check_expression (who, desc, expression, NULL, NULL, error))
    return FALSE;

  if (c->given[p] && sw_expression_equal (c->expression[p], expression))
    return TRUE;

  g_clear_pointer (&c->expression[p], sw_expression_unref);
  c->expression[p] = sw_expression_ref ((SwExpression *) expression);
  c->given[p] = TRUE;

  emit_changed (model);
  return TRUE;
}

gboolean
sw_model_connect (SwModel     *model,
                  const char  *from,
                  const char  *to,
                  GError     **error)
{
  g_autofree char *quoted_from = NULL;
  g_autofree char *quoted_to = NULL;
  g_autoptr(GError) local_error = NULL;
  SwConnection connection = { 0 };
  gboolean ok;

  g_return_val_if_fail (SW_IS_MODEL (model), FALSE);
  g_return_val_if_fail (from != NULL, FALSE);
  g_return_val_if_fail (to != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  ok = _sw_model_resolve_port (model, from, &connection.from_component, &connection.from_port, &local_error) &&
       _sw_model_resolve_port (model, to, &connection.to_component, &connection.to_port, &local_error) &&
       _sw_model_check_connection (model, &connection, NULL, &local_error);
  if (!ok)
    {
      quoted_from = _sw_quote (from);
      quoted_to = _sw_quote (to);
      g_propagate_prefixed_error (error, g_steal_pointer (&local_error),
                                  _("connection from %s to %s: "), quoted_from, quoted_to);
      return FALSE;
    }

  _sw_model_take_connection (model, &connection, NULL);
  emit_changed (model);
  return TRUE;
}

static gboolean
is_valid_method (const char *method)
{
  return method == NULL || g_strv_contains (_sw_simulation_methods, method);
}

void
sw_model_set_simulation (SwModel                    *model,
                         const SwSimulationSettings *settings)
{
  char *method;

  g_return_if_fail (SW_IS_MODEL (model));
  g_return_if_fail (settings != NULL);
  g_return_if_fail (isfinite (settings->stop_time_s) && settings->stop_time_s > 0);
  g_return_if_fail (isfinite (settings->output_interval_s) && settings->output_interval_s > 0);
  g_return_if_fail (settings->tolerance > 0 && settings->tolerance < 1);
  g_return_if_fail (is_valid_method (settings->method));

  if (model->simulation.stop_time_s == settings->stop_time_s &&
      model->simulation.output_interval_s == settings->output_interval_s &&
      model->simulation.tolerance == settings->tolerance &&
      g_strcmp0 (model->simulation.method,
                 g_strcmp0 (settings->method, "auto") == 0 ? NULL : settings->method) == 0)
    return;

  model->simulation.stop_time_s = settings->stop_time_s;
  model->simulation.output_interval_s = settings->output_interval_s;
  model->simulation.tolerance = settings->tolerance;
  /* settings may be a copy of the model's own, sharing method. */
  method = settings->method == NULL || strcmp (settings->method, "auto") == 0 ? NULL : g_strdup (settings->method);
  g_free (model->simulation.method);
  model->simulation.method = method;

  emit_changed (model);
}

char *
sw_model_dup_location (SwModel *model,
                       guint    component)
{
  const SwComponent *c;

  g_return_val_if_fail (SW_IS_MODEL (model), NULL);
  g_return_val_if_fail (component < model->components->len, NULL);

  c = &g_array_index (model->components, SwComponent, component);
  if (c->line == 0)
    return g_strdup_printf ("%s: ", model->display_name);
  return g_strdup_printf ("%s:%u:%u: ", model->display_name, c->line, c->column);
}

/* Editing for the schematic editor */

void
sw_model_set_display_name (SwModel    *model,
                           const char *display_name)
{
  g_return_if_fail (SW_IS_MODEL (model));

  /* Only messages use it: not part of the document, so not a change. */
  _sw_model_set_display_name (model, display_name);
}

static gboolean
id_is_taken (SwModel    *self,
             GHashTable *reserved,
             const char *id)
{
  return sw_model_find_component (self, id) >= 0 ||
         (reserved != NULL && g_hash_table_contains (reserved, id));
}

/* The smallest "baseN" (N >= 1) neither in the model nor in reserved. */
static char *
unique_id (SwModel    *self,
           const char *kind_name,
           GHashTable *reserved)
{
  const char *dot = strrchr (kind_name, '.');
  g_autoptr(GString) base = g_string_new (NULL);

  for (const char *p = dot != NULL ? dot + 1 : kind_name; *p != '\0'; p++)
    g_string_append_c (base, g_ascii_isalnum (*p) ? *p : '_');
  if (base->len == 0 || g_ascii_isdigit (base->str[0]))
    g_string_prepend_c (base, '_');

  for (guint n = 1; ; n++)
    {
      g_autofree char *id = g_strdup_printf ("%s%u", base->str, n);

      if (!id_is_taken (self, reserved, id))
        return g_steal_pointer (&id);
    }
}

char *
sw_model_dup_unique_id (SwModel    *model,
                        const char *kind_name)
{
  g_return_val_if_fail (SW_IS_MODEL (model), NULL);
  g_return_val_if_fail (kind_name != NULL, NULL);

  return unique_id (model, kind_name, NULL);
}

void
sw_model_remove_component (SwModel *model,
                           guint    component)
{
  g_return_if_fail (SW_IS_MODEL (model));
  g_return_if_fail (component < model->components->len);

  for (guint i = model->connections->len; i-- > 0; )
    {
      SwConnection *connection = &g_array_index (model->connections, SwConnection, i);

      if (connection->from_component == component || connection->to_component == component)
        {
          g_array_remove_index (model->connections, i);
          g_ptr_array_remove_index (model->connection_ui, i);
          continue;
        }
      if (connection->from_component > component)
        connection->from_component--;
      if (connection->to_component > component)
        connection->to_component--;
    }
  g_array_remove_index (model->components, component);
  index_invalidate (model);

  emit_changed (model);
}

void
sw_model_set_position (SwModel *model,
                       guint    component,
                       double   x,
                       double   y)
{
  SwComponent *c;

  g_return_if_fail (SW_IS_MODEL (model));
  g_return_if_fail (component < model->components->len);
  g_return_if_fail (isfinite (x) && isfinite (y));

  c = &g_array_index (model->components, SwComponent, component);
  if (c->has_position && c->position[0] == x && c->position[1] == y)
    return;

  c->has_position = TRUE;
  c->position[0] = x;
  c->position[1] = y;
  emit_changed (model);
}

/* The member of a component's ui object, or NULL. */
static JsonNode *
get_ui_member (const SwComponent *c,
               const char        *name)
{
  if (c->ui == NULL || !JSON_NODE_HOLDS_OBJECT (c->ui))
    return NULL;
  return json_object_get_member (json_node_get_object (c->ui), name);
}

static int
normalize_degrees (gint64 degrees)
{
  return (int) (((degrees % 360) + 360) % 360);
}

int
sw_model_get_rotation (SwModel *model,
                       guint    component)
{
  JsonNode *node;
  double degrees;

  g_return_val_if_fail (SW_IS_MODEL (model), 0);
  g_return_val_if_fail (component < model->components->len, 0);

  node = get_ui_member (&g_array_index (model->components, SwComponent, component), "rotation");
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return 0;

  if (json_node_get_value_type (node) == G_TYPE_INT64)
    degrees = (double) json_node_get_int (node);
  else if (json_node_get_value_type (node) == G_TYPE_DOUBLE)
    degrees = json_node_get_double (node);
  else
    return 0;

  /* The reader leaves ui alone: a hand-written file may hold anything. */
  if (!isfinite (degrees) || fabs (degrees) > 1e9)
    return 0;
  return normalize_degrees ((gint64) round (degrees / 90) * 90);
}

gboolean
sw_model_get_flipped (SwModel *model,
                      guint    component)
{
  JsonNode *node;

  g_return_val_if_fail (SW_IS_MODEL (model), FALSE);
  g_return_val_if_fail (component < model->components->len, FALSE);

  node = get_ui_member (&g_array_index (model->components, SwComponent, component), "flip");
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_BOOLEAN)
    return FALSE;
  return json_node_get_boolean (node);
}

/* Sets (or with NULL removes) one member of the component's "ui" object in a
 * new object, keeping the other members in their order; an empty object is
 * dropped. FALSE when nothing changed. */
static gboolean
set_ui_member (SwComponent *c, const char *name, JsonNode *value)
{
  g_autoptr(JsonObject) object = json_object_new ();
  JsonNode *old_value = NULL;

  /* A new object: json_node_copy() shares objects, and the old one may be
   * shared with a copy elsewhere. */
  if (c->ui != NULL && JSON_NODE_HOLDS_OBJECT (c->ui))
    {
      JsonObject *old = json_node_get_object (c->ui);
      g_autoptr(GList) names = json_object_get_members (old);

      old_value = json_object_get_member (old, name);
      for (GList *l = names; l != NULL; l = l->next)
        json_object_set_member (object, l->data, json_node_copy (json_object_get_member (old, l->data)));
    }
  if (value == NULL ? old_value == NULL : old_value != NULL && json_node_equal (old_value, value))
    return FALSE;
  if (value != NULL)
    json_object_set_member (object, name, json_node_copy (value));
  else
    json_object_remove_member (object, name);

  g_clear_pointer (&c->ui, json_node_unref);
  if (json_object_get_size (object) > 0)
    {
      c->ui = json_node_new (JSON_NODE_OBJECT);
      json_node_set_object (c->ui, object);
    }
  return TRUE;
}

void
sw_model_set_ui_member (SwModel    *model,
                        guint       component,
                        const char *name,
                        JsonNode   *value)
{
  g_return_if_fail (SW_IS_MODEL (model));
  g_return_if_fail (component < model->components->len);
  g_return_if_fail (name != NULL);

  if (set_ui_member (&g_array_index (model->components, SwComponent, component), name, value))
    emit_changed (model);
}

void
sw_model_set_view_member (SwModel    *model,
                          const char *name,
                          JsonNode   *value)
{
  g_autoptr(JsonObject) object = json_object_new ();

  g_return_if_fail (SW_IS_MODEL (model));
  g_return_if_fail (name != NULL);

  /* A new object, as for a component's: the old one may be shared. */
  if (model->ui != NULL && JSON_NODE_HOLDS_OBJECT (model->ui))
    {
      JsonObject *old = json_node_get_object (model->ui);
      g_autoptr(GList) names = json_object_get_members (old);

      for (GList *l = names; l != NULL; l = l->next)
        json_object_set_member (object, l->data, json_node_copy (json_object_get_member (old, l->data)));
    }
  else if (model->ui != NULL && value == NULL)
    return;
  if (value != NULL)
    json_object_set_member (object, name, json_node_copy (value));
  else if (json_object_has_member (object, name))
    json_object_remove_member (object, name);

  g_clear_pointer (&model->ui, json_node_unref);
  if (json_object_get_size (object) > 0)
    {
      model->ui = json_node_new (JSON_NODE_OBJECT);
      json_node_set_object (model->ui, object);
    }
}

JsonNode *
sw_model_get_view_member (SwModel    *model,
                          const char *name)
{
  g_return_val_if_fail (SW_IS_MODEL (model), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  if (model->ui == NULL || !JSON_NODE_HOLDS_OBJECT (model->ui))
    return NULL;
  return json_object_get_member (json_node_get_object (model->ui), name);
}

JsonNode *
sw_model_get_ui_member (SwModel    *model,
                        guint       component,
                        const char *name)
{
  SwComponent *c;

  g_return_val_if_fail (SW_IS_MODEL (model), NULL);
  g_return_val_if_fail (component < model->components->len, NULL);

  c = &g_array_index (model->components, SwComponent, component);
  if (c->ui == NULL || !JSON_NODE_HOLDS_OBJECT (c->ui))
    return NULL;
  return json_object_get_member (json_node_get_object (c->ui), name);
}

void
sw_model_begin_edit (SwModel *model)
{
  g_return_if_fail (SW_IS_MODEL (model));
  model->edit_depth++;
}

void
sw_model_end_edit (SwModel *model)
{
  g_return_if_fail (SW_IS_MODEL (model));
  g_return_if_fail (model->edit_depth > 0);

  if (--model->edit_depth == 0 && model->edit_changed)
    {
      model->edit_changed = FALSE;
      g_signal_emit (model, signals[CHANGED], 0);
    }
}

void
sw_model_set_rotation (SwModel  *model,
                       guint     component,
                       int       degrees,
                       gboolean  flipped)
{
  SwComponent *c;
  gboolean changed;

  g_return_if_fail (SW_IS_MODEL (model));
  g_return_if_fail (component < model->components->len);
  g_return_if_fail (degrees % 90 == 0);

  degrees = normalize_degrees (degrees);
  c = &g_array_index (model->components, SwComponent, component);

  /* Defaults are left out, so that turning back gives the same file. */
  {
    g_autoptr(JsonNode) rotation = degrees != 0 ? json_node_init_int (json_node_alloc (), degrees) : NULL;
    g_autoptr(JsonNode) flip = flipped ? json_node_init_boolean (json_node_alloc (), TRUE) : NULL;

    changed = set_ui_member (c, "rotation", rotation);
    changed = set_ui_member (c, "flip", flip) || changed;
  }
  if (changed)
    emit_changed (model);
}

void
sw_model_remove_connection (SwModel *model,
                            guint    connection)
{
  g_return_if_fail (SW_IS_MODEL (model));
  g_return_if_fail (connection < model->connections->len);

  g_array_remove_index (model->connections, connection);
  g_ptr_array_remove_index (model->connection_ui, connection);
  g_clear_pointer (&model->connection_index, g_hash_table_unref);
  emit_changed (model);
}

gboolean
sw_model_set_id (SwModel     *model,
                 guint        component,
                 const char  *id,
                 GError     **error)
{
  SwComponent *c;

  g_return_val_if_fail (SW_IS_MODEL (model), FALSE);
  g_return_val_if_fail (component < model->components->len, FALSE);
  g_return_val_if_fail (id != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  c = &g_array_index (model->components, SwComponent, component);
  if (strcmp (c->id, id) == 0)
    return TRUE;

  if (!_sw_check_id (id, error))
    return FALSE;
  if (sw_model_find_component (model, id) >= 0)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_TOPOLOGY,
                   _("duplicate component id “%s”"), id);
      return FALSE;
    }

  /* Connections hold indices: they follow the component. */
  g_free (c->id);
  c->id = g_strdup (id);
  index_invalidate (model);
  emit_changed (model);
  return TRUE;
}

/* Exchanges everything a file holds (not the display name). */
static void
swap_content (SwModel *a,
              SwModel *b)
{
  char *name = a->name;
  GArray *components = a->components;
  GArray *connections = a->connections;
  GPtrArray *connection_ui = a->connection_ui;
  SwSimulationSettings simulation = a->simulation;
  JsonNode *ui = a->ui;
  GPtrArray *shared_names = a->shared_names, *shared_signals = a->shared_signals;
  JsonNode *interface = a->interface, *subsystems = a->subsystems;

  a->name = b->name;
  a->interface = b->interface;
  a->subsystems = b->subsystems;
  a->shared_names = b->shared_names;
  a->shared_signals = b->shared_signals;
  a->components = b->components;
  a->connections = b->connections;
  a->connection_ui = b->connection_ui;
  a->simulation = b->simulation;
  a->ui = b->ui;

  index_invalidate (a);
  index_invalidate (b);
  b->name = name;
  b->components = components;
  b->connections = connections;
  b->connection_ui = connection_ui;
  b->simulation = simulation;
  b->ui = ui;
  b->shared_names = shared_names;
  b->shared_signals = shared_signals;
  b->interface = interface;
  b->subsystems = subsystems;
}

static gboolean
same_kinds (SwModel *a, SwModel *b)
{
  for (guint i = 0; i < a->components->len; i++)
    if (g_array_index (a->components, SwComponent, i).kind != g_array_index (b->components, SwComponent, i).kind)
      return FALSE;
  return TRUE;
}

gboolean
sw_model_refresh_subsystems (SwModel *model, GError **error)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (SW_IS_MODEL (model), FALSE);

  for (guint i = 0; i < model->components->len; i++)
    if (_sw_subsystem_is_stale (g_array_index (model->components, SwComponent, i).kind))
      {
        text = sw_model_to_data (model, NULL);
        return sw_model_restore (model, text, -1, error);
      }
  return TRUE;
}

gboolean
sw_model_restore (SwModel     *model,
                  const char  *data,
                  gssize       length,
                  GError     **error)
{
  g_autoptr(SwModel) other = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  gboolean name_changed;

  g_return_val_if_fail (SW_IS_MODEL (model), FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* Subsystems' files are where the model was read from. */
  other = sw_model_new_from_data_in (data, length, model->display_name, model->folder, error);
  if (other == NULL)
    return FALSE;

  before = sw_model_to_data (model, NULL);
  after = sw_model_to_data (other, NULL);
  /* The same text, and the same kinds (a subsystem's file read anew
   * makes another). */
  if (strcmp (before, after) == 0 && same_kinds (model, other))
    return TRUE;

  /* other takes the old content away with it. */
  name_changed = g_strcmp0 (model->name, other->name) != 0;
  swap_content (model, other);

  if (name_changed)
    g_object_notify_by_pspec (G_OBJECT (model), properties[PROP_NAME]);
  emit_changed (model);
  return TRUE;
}

void
_sw_component_copy (SwComponent       *dest,
                    const SwComponent *src)
{
  *dest = *src;
  dest->id = g_strdup (src->id);
  alloc_params (dest, src->kind->n_params);
  memcpy (dest->param, src->param, params_bytes (src->kind->n_params));
  for (guint i = 0; i < src->kind->n_params; i++)
    {
      if (src->signal[i] != NULL)
        dest->signal[i] = sw_signal_ref (src->signal[i]);
      if (src->table[i] != NULL)
        dest->table[i] = sw_table_ref (src->table[i]);
      if (src->expression[i] != NULL)
        dest->expression[i] = sw_expression_ref (src->expression[i]);
      dest->signal_ref[i] = g_strdup (src->signal_ref[i]);
    }
  if (src->ui != NULL)
    dest->ui = json_node_copy (src->ui);
  dest->model_ref = g_strdup (src->model_ref);
  dest->definition = g_strdup (src->definition);
}

char *
sw_model_dup_fragment (SwModel     *model,
                       const guint *components,
                       guint        n_components)
{
  g_autoptr(SwModel) fragment = NULL;
  g_autofree int *new_index = NULL;
  guint n = 0;

  g_return_val_if_fail (SW_IS_MODEL (model), NULL);
  g_return_val_if_fail (components != NULL || n_components == 0, NULL);
  for (guint i = 0; i < n_components; i++)
    g_return_val_if_fail (components[i] < model->components->len, NULL);

  /* The fragment keeps the model's order; an index given twice counts once. */
  new_index = g_new (int, model->components->len + 1);
  for (guint i = 0; i < model->components->len; i++)
    new_index[i] = -1;
  for (guint i = 0; i < n_components; i++)
    new_index[components[i]] = 0;

  fragment = sw_model_new ();
  fragment->name = g_strdup ("fragment");
  /* The definitions its subsystems may use. */
  if (model->subsystems != NULL)
    fragment->subsystems = json_node_copy (model->subsystems);
  for (guint i = 0; i < model->components->len; i++)
    {
      SwComponent copy;

      if (new_index[i] < 0)
        continue;
      _sw_component_copy (&copy, &g_array_index (model->components, SwComponent, i));
      copy.line = copy.column = 0;
      _sw_model_take_component (fragment, &copy);
      new_index[i] = (int) n++;
    }

  for (guint i = 0; i < model->connections->len; i++)
    {
      SwConnection connection = g_array_index (model->connections, SwConnection, i);
      JsonNode *ui = g_ptr_array_index (model->connection_ui, i);

      if (new_index[connection.from_component] < 0 || new_index[connection.to_component] < 0)
        continue;
      connection.from_component = (guint) new_index[connection.from_component];
      connection.to_component = (guint) new_index[connection.to_component];
      connection.line = connection.column = 0;
      _sw_model_take_connection (fragment, &connection, ui != NULL ? json_node_copy (ui) : NULL);
    }

  return sw_model_to_data (fragment, NULL);
}

GArray *
sw_model_paste_fragment (SwModel     *model,
                         const char  *data,
                         double       dx,
                         double       dy,
                         GError     **error)
{
  g_autoptr(SwModel) fragment = NULL;
  g_autoptr(GHashTable) kept = NULL;
  g_autoptr(GArray) added = NULL;
  guint base;

  g_return_val_if_fail (SW_IS_MODEL (model), NULL);
  g_return_val_if_fail (data != NULL, NULL);
  g_return_val_if_fail (isfinite (dx) && isfinite (dy), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  fragment = sw_model_new_from_data_in (data, -1, "<clipboard>", model->folder, error);
  if (fragment == NULL)
    return NULL;

  added = g_array_sized_new (FALSE, FALSE, sizeof (guint), fragment->components->len);
  if (fragment->components->len == 0)
    return g_steal_pointer (&added);

  /* First the ids that stay (those free in the model), then fresh ones for
   * the others, so that a renamed component never takes a kept id. */
  kept = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < fragment->components->len; i++)
    {
      const char *id = g_array_index (fragment->components, SwComponent, i).id;

      if (sw_model_find_component (model, id) < 0)
        g_hash_table_add (kept, (gpointer) id);
    }

  _sw_model_merge_definitions (model, fragment);
  base = model->components->len;
  for (guint i = 0; i < fragment->components->len; i++)
    {
      SwComponent *c = &g_array_index (fragment->components, SwComponent, i);
      guint index = model->components->len;

      if (!g_hash_table_contains (kept, c->id))
        {
          g_autofree char *id = unique_id (model, c->kind->name, kept);

          g_free (c->id);
          c->id = g_steal_pointer (&id);
          index_invalidate (fragment);
        }
      if (c->has_position)
        {
          c->position[0] += dx;
          c->position[1] += dy;
        }
      c->line = c->column = 0;
      _sw_model_take_component (model, c);
      g_array_append_val (added, index);
    }

  for (guint i = 0; i < fragment->connections->len; i++)
    {
      SwConnection connection = g_array_index (fragment->connections, SwConnection, i);
      JsonNode *ui = g_ptr_array_index (fragment->connection_ui, i);

      connection.from_component += base;
      connection.to_component += base;
      connection.line = connection.column = 0;
      _sw_model_take_connection (model, &connection, ui != NULL ? json_node_ref (ui) : NULL);
    }

  emit_changed (model);
  return g_steal_pointer (&added);
}
