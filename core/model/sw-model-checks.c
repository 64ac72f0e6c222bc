/* sw-model-checks.c: the checks the document shares with the reader: messages,
 * components and their parameters, ids, kinds, tables, connections.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-model-private.h"
#include "sw-subsystem-private.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

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

/* The NULLs of every pointer array a component's kind has no parameter
 * for: nothing writes there but NULL (signals, tables and formulas are
 * set on parameters of their type alone). */
static gpointer no_refs[SW_KIND_MAX_PARAMS];

static gboolean
kind_has_type (const SwKind *kind, SwParamType type)
{
  for (guint i = 0; i < kind->n_params; i++)
    if (kind->params[i].type == type)
      return TRUE;
  return FALSE;
}

/* The one block of a component's per-parameter arrays, zeroed: the
 * numbers, the flags, and the pointer arrays its kind's parameter types
 * use (a 100 000-body chain's parameters took 44 bytes each, 12 now). */
void
_sw_component_alloc_params (SwComponent *component, const SwKind *kind)
{
  gsize n = MAX (kind->n_params, 1);
  gboolean signals = kind_has_type (kind, SW_PARAM_SIGNAL);
  gboolean tables = kind_has_type (kind, SW_PARAM_TABLE);
  gboolean formulas = kind_has_type (kind, SW_PARAM_EXPRESSION);
  char *block = g_malloc0 (_sw_component_params_bytes (kind));
  gsize at = n * sizeof (double);

  g_assert (kind->n_params <= SW_KIND_MAX_PARAMS);
  component->param = (double *) block;
  component->signal = signals ? (SwSignal **) (block + at) : (SwSignal **) no_refs;
  at += signals ? n * sizeof (gpointer) : 0;
  component->signal_ref = signals ? (char **) (block + at) : (char **) no_refs;
  at += signals ? n * sizeof (gpointer) : 0;
  component->table = tables ? (SwTable **) (block + at) : (SwTable **) no_refs;
  at += tables ? n * sizeof (gpointer) : 0;
  component->expression = formulas ? (SwExpression **) (block + at) : (SwExpression **) no_refs;
  at += formulas ? n * sizeof (gpointer) : 0;
  component->given = (gboolean *) (block + at);
}

gsize
_sw_component_params_bytes (const SwKind *kind)
{
  gsize n = MAX (kind->n_params, 1);
  guint arrays = 2 * kind_has_type (kind, SW_PARAM_SIGNAL) + kind_has_type (kind, SW_PARAM_TABLE)
                 + kind_has_type (kind, SW_PARAM_EXPRESSION);

  return n * (sizeof (double) + arrays * sizeof (gpointer) + sizeof (gboolean));
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
  if (component->kind != NULL)
    sw_kind_unref (g_steal_pointer (&component->kind));
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
  component->kind = sw_kind_ref (kind);
  _sw_component_alloc_params (component, kind);

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

/* How far a kind name is from what was written: the whole name, the part
 * after the family, or a word of it. */
static guint
kind_distance (const char *written,
               const char *kind_name)
{
  const char *dot = strchr (kind_name, '.');
  guint d = sw_edit_distance (written, kind_name);

  if (dot != NULL)
    d = MIN (d, sw_edit_distance (written, dot + 1));
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

  /* The reader checks every number it reads: the text only for a message. */
  if (!isfinite (value))
    {
      sw_format_number (text, value);
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("%s: parameter “%s” = %s is not a finite number"),
                   who, desc->name, text);
      return FALSE;
    }

  if (desc->type == SW_PARAM_BOOLEAN)
    {
      if (value == 0 || value == 1)
        return TRUE;
      sw_format_number (text, value);
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("%s: parameter “%s” = %s is not a truth value; valid: true (1) or false (0)"),
                   who, desc->name, text);
      return FALSE;
    }

  below = desc->min_exclusive ? value <= desc->min : value < desc->min;
  above = value > desc->max;
  if (!below && !above && !sw_number_in_scale (value))
    {
      sw_format_number (text, value);
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

  sw_format_number (text, value);
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

/* The index's key for two ends: the number itself where a pointer holds
 * 64 bits (no block of memory for each of a large chain's 200 000
 * connections), else a copy of it. */
#if GLIB_SIZEOF_VOID_P >= 8
static guint
connection_key_hash (gconstpointer key)
{
  guint64 k = (guint64) GPOINTER_TO_SIZE (key);

  /* Both ends mixed (a chain's ends differ in a few low bits alone). */
  return (guint) ((k * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15)) >> 32);
}

static GHashTable *
connection_index_new (void)
{
  return g_hash_table_new (connection_key_hash, g_direct_equal);
}

static gpointer
connection_index_lookup (GHashTable *index, gint64 key)
{
  return g_hash_table_lookup (index, GSIZE_TO_POINTER ((gsize) key));
}

static void
connection_index_add (GHashTable *index, const SwConnection *connection, guint position)
{
  g_hash_table_insert (index, GSIZE_TO_POINTER ((gsize) connection_key (connection)), GUINT_TO_POINTER (position + 1));
}
#else
static GHashTable *
connection_index_new (void)
{
  return g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
}

static gpointer
connection_index_lookup (GHashTable *index, gint64 key)
{
  return g_hash_table_lookup (index, &key);
}

static void
connection_index_add (GHashTable *index, const SwConnection *connection, guint position)
{
  gint64 *key = g_new (gint64, 1);

  *key = connection_key (connection);
  g_hash_table_insert (index, key, GUINT_TO_POINTER (position + 1));
}
#endif

/* Finds duplicate connections in constant time (a file of 20000 would
 * take seconds otherwise); a cache like the id index. */
static GHashTable *
connection_index (SwModel *self)
{
  if (self->connection_index == NULL)
    {
      self->connection_index = connection_index_new ();
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

  if ((found = connection_index_lookup (connection_index (self), key)) != NULL)
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
void
_sw_model_index_invalidate (SwModel *self)
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
    g_hash_table_insert (self->index, component->id, GUINT_TO_POINTER (self->components->len));
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
