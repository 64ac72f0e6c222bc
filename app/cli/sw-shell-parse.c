/* sw-shell-parse.c: the words of a shell command, ID.PARAM targets and
 * values with units.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "sw-shell-private.h"
#include "sw-error.h"
#include "sw-number.h"
#include "sw-cli-draw.h"

char **
sw_shell_split_line (const char *line, GError **error)
{
  g_auto (GStrv) words = NULL;
  g_autoptr (GError) local = NULL;
  int argc = 0;
  const char *p = line;

  while (g_ascii_isspace (*p))
    p++;
  if (*p == '\0' || *p == '#')
    return g_new0 (char *, 1);
  if (!g_shell_parse_argv (p, &argc, &words, &local))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID, _("cannot read the line: %s"), local->message);
      return NULL;
    }
  return g_steal_pointer (&words);
}

/* "comp1, comp2, …" of the model, at most max of them. */
static char *
dup_some_ids (SwModel *model, guint max)
{
  GString *s = g_string_new (NULL);
  guint n = sw_model_get_n_components (model);

  for (guint i = 0; i < n && i < max; i++)
    g_string_append_printf (s, "%s%s", i > 0 ? ", " : "", sw_model_get_component (model, i)->id);
  if (n > max)
    g_string_append (s, ", …");
  return g_string_free (s, FALSE);
}

static char *
dup_param_names (const SwKind *kind)
{
  GString *s = g_string_new (NULL);

  for (guint p = 0; p < kind->n_params; p++)
    g_string_append_printf (s, "%s%s", p > 0 ? ", " : "", kind->params[p].name);
  return g_string_free (s, FALSE);
}

gboolean
sw_shell_parse_target (SwModel *model, const char *text, guint *component, int *param, GError **error)
{
  const char *dot = strchr (text, '.');
  g_autofree char *id = dot != NULL ? g_strndup (text, dot - text) : g_strdup (text);
  const SwComponent *c;
  int index = sw_model_find_component (model, id);

  if (index < 0)
    {
      g_autofree char *ids = dup_some_ids (model, 12);

      g_set_error (error, SW_ERROR, SW_ERROR_UNKNOWN_PARAMETER, _("no component “%s” in the model; valid: %s"), id,
                   ids);
      return FALSE;
    }
  c = sw_model_get_component (model, index);
  *component = index;
  *param = -1;
  if (dot == NULL)
    return TRUE;
  *param = sw_kind_find_param (c->kind, dot + 1);
  if (*param < 0)
    {
      g_autofree char *names = dup_param_names (c->kind);

      g_set_error (error, SW_ERROR, SW_ERROR_UNKNOWN_PARAMETER,
                   _("%s (%s) has no parameter “%s”; valid: %s"), c->id, c->kind->name, dot + 1,
                   names[0] != '\0' ? names : _("none"));
      return FALSE;
    }
  return TRUE;
}


/* Units a value may be typed in besides the parameter's own, as the
 * inspector shows them under the preferences (sw-inspector-number-row.c):
 * how many of the descriptor's unit one of them is. */
static const struct {
  const char *unit, *other;
  double      scale;
} other_units[] = {
  { "rad/s", "rpm", 2 * G_PI / 60 },
  { "rad", "deg", G_PI / 180 },
  { "rad", "°", G_PI / 180 },
};

/* The units valid for desc, "N.m/rad (N·m/rad)", for messages. */
static char *
dup_valid_units (const SwParamDesc *desc)
{
  g_autofree char *shown = sw_cli_draw_dup_unit_text (desc->unit);
  GString *s = g_string_new (desc->unit);

  if (strcmp (shown, desc->unit) != 0)
    g_string_append_printf (s, ", %s", shown);
  for (guint i = 0; i < G_N_ELEMENTS (other_units); i++)
    if (strcmp (desc->unit, other_units[i].unit) == 0)
      g_string_append_printf (s, ", %s", other_units[i].other);
  return g_string_free (s, FALSE);
}

gboolean
sw_shell_parse_value (const SwParamDesc *desc, const char *number, const char *unit, double *value, GError **error)
{
  double v, scale = 1;

  if (desc->type == SW_PARAM_BOOLEAN)
    {
      if (unit != NULL)
        {
          g_set_error (error, SW_ERROR, SW_ERROR_INVALID, _("%s is true or false, without a unit"), desc->name);
          return FALSE;
        }
      if (g_ascii_strcasecmp (number, "true") == 0 || g_ascii_strcasecmp (number, "on") == 0
          || strcmp (number, "1") == 0)
        *value = 1;
      else if (g_ascii_strcasecmp (number, "false") == 0 || g_ascii_strcasecmp (number, "off") == 0
               || strcmp (number, "0") == 0)
        *value = 0;
      else
        {
          g_set_error (error, SW_ERROR, SW_ERROR_INVALID, _("“%s” is not a truth value; valid: true, false"),
                       number);
          return FALSE;
        }
      return TRUE;
    }
  if (desc->type == SW_PARAM_INITIAL && (g_ascii_strcasecmp (number, "free") == 0 || strcmp (number, "-") == 0))
    {
      /* Taken out again: it follows from the connections. */
      *value = NAN;
      return TRUE;
    }
  if (!sw_parse_typed_number (number, &v))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID, _("“%s” is not a number; valid: a number such as 2e4 or 0.5%s"),
                   number, desc->type == SW_PARAM_INITIAL ? _(", or free") : "");
      return FALSE;
    }
  if (unit != NULL)
    {
      g_autofree char *shown = sw_cli_draw_dup_unit_text (desc->unit);
      gboolean known = strcmp (unit, desc->unit) == 0 || strcmp (unit, shown) == 0
                       || (desc->unit[0] == '\0' && strcmp (unit, "1") == 0);

      for (guint i = 0; !known && i < G_N_ELEMENTS (other_units); i++)
        if (strcmp (desc->unit, other_units[i].unit) == 0 && strcmp (unit, other_units[i].other) == 0)
          {
            known = TRUE;
            scale = other_units[i].scale;
          }
      if (!known)
        {
          g_autofree char *valid = dup_valid_units (desc);

          if (desc->unit[0] == '\0')
            g_set_error (error, SW_ERROR, SW_ERROR_INVALID, _("%s has no unit; “%s” is not valid"), desc->name,
                         unit);
          else
            g_set_error (error, SW_ERROR, SW_ERROR_INVALID, _("unknown unit “%s” for %s; valid: %s"), unit,
                         desc->name, valid);
          return FALSE;
        }
    }
  *value = v * scale;
  return TRUE;
}

char *
sw_shell_dup_quantity (double value, const char *unit)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  g_autofree char *shown = sw_cli_draw_dup_unit_text (unit);

  if (isnan (value))
    return g_strdup (_("free"));
  g_ascii_formatd (buf, sizeof buf, "%.6g", value);
  return shown[0] != '\0' ? g_strdup_printf ("%s %s", buf, shown) : g_strdup (buf);
}
