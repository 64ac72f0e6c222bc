/* sw-study-outputs.c: the numbers a study keeps of a run
 * (sw-study-outputs.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "sw-error.h"
#include "sw-frf.h"
#include "sw-study-outputs.h"

typedef enum {
  OUT_AT, OUT_MAX, OUT_MIN, OUT_MEAN, OUT_RMS, OUT_CROSS,
  OUT_MODE_FREQUENCY, OUT_MODE_DAMPING, OUT_MODE_ENERGY, OUT_EVENTS, OUT_FRF_PEAK_HZ, OUT_FRF_PEAK
} OutKind;

typedef struct {
  char   *name;
  OutKind kind;
  char   *var;       /* "ID.VAR", or the body or section of an energy */
  char   *input;     /* a frequency response's input */
  int     column;    /* of var among the recorded variables */
  double  t0, t1;    /* a window; t0 also the time of @T */
  double  level;
  guint   mode;      /* 0-based */
} Output;

struct _SwStudyOutputs {
  Output    *outs;
  guint      n;
  GPtrArray *variables;  /* unique "ID.VAR", NULL-terminated */
  gboolean   need_modes;
  double     latest_s;
};

#define VALID_OUTPUTS "ID.VAR@T, max(ID.VAR), min, mean, rms (with ,T0:T1 for a window), cross(ID.VAR,LEVEL), " \
                      "mode(K).frequency_hz, mode(K).damping_ratio, mode(K).energy(ID), frf(IN,ID.VAR).peak_hz, " \
                      "frf(IN,ID.VAR).peak, events"

static gboolean
out_error (GError **error, const char *text, const char *why)
{
  g_set_error (error, SW_ERROR, SW_ERROR_INVALID, _("--outputs “%s”: %s; valid: %s"), text, why, VALID_OUTPUTS);
  return FALSE;
}

static gboolean
parse_number (const char *text, double *value)
{
  char *end = NULL;

  if (*text == '\0')
    return FALSE;
  *value = g_ascii_strtod (text, &end);
  return *end == '\0' && isfinite (*value);
}

/* "ID.VAR": letters, digits, '_' and dots, with a dot not at either end. */
static gboolean
is_variable (const char *text)
{
  const char *dot = strrchr (text, '.');

  if (dot == NULL || dot == text || dot[1] == '\0')
    return FALSE;
  for (const char *c = text; *c; c++)
    if (!g_ascii_isalnum (*c) && *c != '_' && *c != '.')
      return FALSE;
  return TRUE;
}

static gboolean
parse_window (Output *o, const char *window)
{
  g_auto (GStrv) ends = g_strsplit (window, ":", -1);

  return g_strv_length (ends) == 2 && parse_number (g_strstrip (ends[0]), &o->t0)
         && parse_number (g_strstrip (ends[1]), &o->t1) && o->t0 >= 0 && o->t0 <= o->t1;
}

static gboolean
parse_mode (Output *o, const char *text, GError **error)
{
  const char *close = strchr (text, ')');
  g_autofree char *k = close != NULL ? g_strndup (text + 5, (gsize) (close - text - 5)) : NULL;
  double kk;

  if (k == NULL || !parse_number (g_strstrip (k), &kk) || kk < 1 || kk != floor (kk) || kk > 1e6)
    return out_error (error, text, _("K in mode(K) is a mode’s number, 1 the lowest"));
  o->mode = (guint) kk - 1;
  if (g_str_equal (close + 1, ".frequency_hz"))
    o->kind = OUT_MODE_FREQUENCY;
  else if (g_str_equal (close + 1, ".damping_ratio"))
    o->kind = OUT_MODE_DAMPING;
  else if (g_str_has_prefix (close + 1, ".energy(") && g_str_has_suffix (close + 1, ")")
           && strlen (close + 1) > strlen (".energy()"))
    {
      o->kind = OUT_MODE_ENERGY;
      o->var = g_strndup (close + 9, strlen (close + 9) - 1);
    }
  else
    return out_error (error, text, _("a mode’s output is .frequency_hz, .damping_ratio or .energy(ID)"));
  return TRUE;
}

/* frf(IN,ID.VAR).peak_hz or .peak */
static gboolean
parse_frf (Output *o, const char *text, GError **error)
{
  const char *close = strchr (text, ')');
  g_autofree char *inside = close != NULL ? g_strndup (text + 4, (gsize) (close - text - 4)) : NULL;
  g_auto (GStrv) args = inside != NULL ? g_strsplit (inside, ",", -1) : NULL;

  if (args == NULL || g_strv_length (args) != 2 || *g_strstrip (args[0]) == '\0'
      || !is_variable (g_strstrip (args[1])))
    return out_error (error, text, _("frf takes an input (a source or body) and a variable ID.VAR"));
  if (g_str_equal (close + 1, ".peak_hz"))
    o->kind = OUT_FRF_PEAK_HZ;
  else if (g_str_equal (close + 1, ".peak"))
    o->kind = OUT_FRF_PEAK;
  else
    return out_error (error, text, _("a frequency response’s output is .peak_hz or .peak"));
  o->input = g_strdup (args[0]);
  o->var = g_strdup (args[1]);
  return TRUE;
}

static gboolean
parse_output (Output *o, const char *text, GError **error)
{
  static const struct { const char *name; OutKind kind; } fns[] = {
    { "max(", OUT_MAX }, { "min(", OUT_MIN }, { "mean(", OUT_MEAN }, { "rms(", OUT_RMS }, { "cross(", OUT_CROSS },
  };
  const char *at;

  o->name = g_strdup (text);
  o->t0 = 0;
  o->t1 = INFINITY;
  if (g_str_equal (text, "events"))
    {
      o->kind = OUT_EVENTS;
      return TRUE;
    }
  if (g_str_has_prefix (text, "mode("))
    return parse_mode (o, text, error);
  if (g_str_has_prefix (text, "frf("))
    return parse_frf (o, text, error);
  for (guint i = 0; i < G_N_ELEMENTS (fns); i++)
    if (g_str_has_prefix (text, fns[i].name))
      {
        g_autofree char *inside = NULL;
        char *comma;

        if (!g_str_has_suffix (text, ")"))
          return out_error (error, text, _("a closing parenthesis is missing"));
        inside = g_strndup (text + strlen (fns[i].name), strlen (text) - strlen (fns[i].name) - 1);
        o->kind = fns[i].kind;
        if ((comma = strchr (inside, ',')) != NULL)
          *comma = '\0';
        o->var = g_strdup (g_strstrip (inside));
        if (!is_variable (o->var))
          return out_error (error, text, _("the first argument must be a variable ID.VAR"));
        if (o->kind == OUT_CROSS)
          {
            if (comma == NULL || !parse_number (g_strstrip (comma + 1), &o->level))
              return out_error (error, text, _("cross takes a variable and a level"));
          }
        else if (comma != NULL && !parse_window (o, comma + 1))
          return out_error (error, text, _("a window is T0:T1 with 0 <= T0 <= T1"));
        return TRUE;
      }
  if ((at = strchr (text, '@')) != NULL)
    {
      o->kind = OUT_AT;
      o->var = g_strndup (text, (gsize) (at - text));
      if (!is_variable (o->var))
        return out_error (error, text, _("before “@” must come a variable ID.VAR"));
      if (!parse_number (at + 1, &o->t0) || o->t0 < 0)
        return out_error (error, text, _("after “@” must come a time >= 0"));
      o->t1 = o->t0;
      return TRUE;
    }
  return out_error (error, text, _("unknown output"));
}

GStrv
sw_study_split_outputs (const char *text)
{
  g_autoptr (GStrvBuilder) b = g_strv_builder_new ();
  GString *part = g_string_new (NULL);
  int depth = 0;

  for (const char *c = text;; c++)
    {
      if (*c == '\0' || (*c == ',' && depth == 0))
        {
          g_strstrip (part->str);
          part->len = strlen (part->str);
          if (part->len > 0)
            g_strv_builder_add (b, part->str);
          g_string_truncate (part, 0);
          if (*c == '\0')
            break;
          continue;
        }
      depth += *c == '(' ? 1 : *c == ')' ? -1 : 0;
      g_string_append_c (part, *c);
    }
  g_string_free (part, TRUE);
  return g_strv_builder_end (b);
}

SwStudyOutputs *
sw_study_outputs_new (const char *const *texts, GError **error)
{
  g_autoptr (SwStudyOutputs) s = g_new0 (SwStudyOutputs, 1);
  guint n = texts != NULL ? g_strv_length ((char **) texts) : 0;

  s->outs = g_new0 (Output, MAX (n, 1));
  s->variables = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < n; i++)
    {
      Output *o = &s->outs[i];

      s->n = i + 1;
      if (!parse_output (o, texts[i], error))
        return NULL;
      for (guint j = 0; j < i; j++)
        if (g_str_equal (s->outs[j].name, o->name))
          {
            out_error (error, texts[i], _("the output is asked for twice"));
            return NULL;
          }
      if (o->kind >= OUT_MODE_FREQUENCY && o->kind <= OUT_MODE_ENERGY)
        s->need_modes = TRUE;
      else if (o->kind < OUT_MODE_FREQUENCY)
        {
          guint index;

          if (!g_ptr_array_find_with_equal_func (s->variables, o->var, g_str_equal, &index))
            {
              index = s->variables->len;
              g_ptr_array_add (s->variables, g_strdup (o->var));
            }
          o->column = (int) index;
          if (isfinite (o->t1))
            s->latest_s = MAX (s->latest_s, o->t1);
        }
    }
  g_ptr_array_add (s->variables, NULL);
  return g_steal_pointer (&s);
}

void
sw_study_outputs_free (SwStudyOutputs *s)
{
  if (s == NULL)
    return;
  for (guint i = 0; i < s->n; i++)
    {
      g_free (s->outs[i].name);
      g_free (s->outs[i].var);
      g_free (s->outs[i].input);
    }
  g_free (s->outs);
  g_ptr_array_unref (s->variables);
  g_free (s);
}

guint
sw_study_outputs_get_n (const SwStudyOutputs *s)
{
  return s->n;
}

const char *
sw_study_outputs_get_name (const SwStudyOutputs *s, guint index)
{
  g_return_val_if_fail (index < s->n, NULL);
  return s->outs[index].name;
}

const char *const *
sw_study_outputs_get_variables (const SwStudyOutputs *s)
{
  return (const char *const *) s->variables->pdata;
}

gboolean
sw_study_outputs_need_simulation (const SwStudyOutputs *s)
{
  for (guint i = 0; i < s->n; i++)
    if (s->outs[i].kind < OUT_MODE_FREQUENCY || s->outs[i].kind == OUT_EVENTS)
      return TRUE;
  return FALSE;
}

gboolean
sw_study_outputs_need_modes (const SwStudyOutputs *s)
{
  return s->need_modes;
}

double
sw_study_outputs_get_latest_time (const SwStudyOutputs *s)
{
  return s->latest_s;
}

/* max, min, mean or rms over the rows with t0 <= t <= t1. */
static double
window_statistic (OutKind kind, const double *t, const double *x, guint n, double t0, double t1)
{
  double best = kind == OUT_MAX ? -INFINITY : INFINITY, integral = 0, first = NAN, last = NAN;
  guint prev = G_MAXUINT, count = 0;

  for (guint i = 0; i < n; i++)
    {
      double v;

      if (t[i] < t0 || t[i] > t1)
        continue;
      v = kind == OUT_RMS ? x[i] * x[i] : x[i];
      best = kind == OUT_MAX ? fmax (best, x[i]) : fmin (best, x[i]);
      if (prev != G_MAXUINT)
        integral += 0.5 * (t[i] - t[prev]) * (v + (kind == OUT_RMS ? x[prev] * x[prev] : x[prev]));
      else
        first = t[i];
      last = t[i];
      prev = i;
      count++;
    }
  if (count == 0)
    return NAN;
  if (kind == OUT_MAX || kind == OUT_MIN)
    return best;
  if (last == first)  /* one instant: its value */
    return kind == OUT_RMS ? fabs (x[prev]) : x[prev];
  return kind == OUT_RMS ? sqrt (integral / (last - first)) : integral / (last - first);
}

static double
first_crossing (const double *t, const double *x, guint n, double level)
{
  double side;

  if (n == 0)
    return NAN;
  if (x[0] == level)
    return t[0];
  side = x[0] > level ? 1 : -1;
  for (guint i = 1; i < n; i++)
    if ((x[i] - level) * side <= 0)
      return x[i] == x[i - 1] ? t[i] : t[i - 1] + (t[i] - t[i - 1]) * (level - x[i - 1]) / (x[i] - x[i - 1]);
  return NAN;
}

/* The frequency and magnitude of a response's highest peak. */
static gboolean
frf_peak (const Output *o, const SwSystem *system, double *value, GError **error)
{
  SwFrfOptions fo = sw_frf_options_default ();
  g_autoptr (SwTrajectory) frf = sw_frf_compute (system, o->input, o->var, &fo, error);
  const double *hz, *magnitude;
  guint best = 0, n;

  if (frf == NULL)
    {
      g_prefix_error (error, "%s: ", o->name);
      return FALSE;
    }
  n = sw_trajectory_get_n_rows (frf);
  hz = sw_trajectory_get_times (frf);
  magnitude = sw_trajectory_get_column (frf, (guint) sw_trajectory_find_column (frf, "magnitude"));
  for (guint i = 1; i < n; i++)
    if (magnitude[i] > magnitude[best])
      best = i;
  *value = n == 0 ? NAN : o->kind == OUT_FRF_PEAK_HZ ? hz[best] : magnitude[best];
  return TRUE;
}

static gboolean
mode_value (const Output *o, const SwModes *modes, double *value, GError **error)
{
  guint n = sw_modes_get_n_modes (modes);
  const SwMode *m;

  if (o->mode >= n)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID, _("%s: the model has %u modes"), o->name, n);
      return FALSE;
    }
  m = sw_modes_get_mode (modes, o->mode);
  if (o->kind == OUT_MODE_FREQUENCY)
    *value = m->frequency_hz;
  else if (o->kind == OUT_MODE_DAMPING)
    *value = m->damping_ratio;
  else
    {
      guint nb = sw_modes_get_n_bodies (modes), ns = sw_modes_get_n_sections (modes);
      g_autofree double *kinetic = g_new (double, MAX (nb, 1));
      g_autofree double *potential = g_new (double, MAX (ns, 1));

      sw_modes_get_mode_values (modes, o->mode, NULL, NULL, NULL, kinetic, NULL, potential);
      for (guint b = 0; b < nb; b++)
        if (g_str_equal (sw_modes_get_body_part (modes, b)->id, o->var))
          {
            *value = kinetic[b];
            return TRUE;
          }
      for (guint s = 0; s < ns; s++)
        if (g_str_equal (sw_modes_get_section_part (modes, s)->id, o->var))
          {
            *value = potential[s];
            return TRUE;
          }
      g_set_error (error, SW_ERROR, SW_ERROR_UNKNOWN_PARAMETER,
                   _("%s: “%s” is neither a body nor a compliant section of the model"), o->name, o->var);
      return FALSE;
    }
  return TRUE;
}

gboolean
sw_study_outputs_evaluate (const SwStudyOutputs *s, const SwSystem *system, const SwTrajectory *tr,
                           const SwSimulateStats *stats, const SwModes *modes, double *values, GError **error)
{
  for (guint i = 0; i < s->n; i++)
    {
      const Output *o = &s->outs[i];
      const double *t = tr != NULL ? sw_trajectory_get_times (tr) : NULL;
      const double *x = tr != NULL && o->var != NULL && o->kind < OUT_MODE_FREQUENCY
                          ? sw_trajectory_get_column (tr, (guint) o->column) : NULL;
      guint n = tr != NULL ? sw_trajectory_get_n_rows (tr) : 0;

      switch (o->kind)
        {
        case OUT_AT:
          if (n == 0 || o->t0 > t[n - 1])
            {
              g_set_error (error, SW_ERROR, SW_ERROR_INVALID, _("%s: the run ends at %g s"), o->name,
                           n > 0 ? t[n - 1] : 0.0);
              return FALSE;
            }
          values[i] = sw_trajectory_interpolate (tr, (guint) o->column, o->t0);
          break;
        case OUT_MAX:
        case OUT_MIN:
        case OUT_MEAN:
        case OUT_RMS:
          values[i] = window_statistic (o->kind, t, x, n, o->t0, o->t1);
          break;
        case OUT_CROSS:
          values[i] = first_crossing (t, x, n, o->level);
          break;
        case OUT_EVENTS:
          values[i] = stats != NULL ? (double) stats->n_events : NAN;
          break;
        case OUT_MODE_FREQUENCY:
        case OUT_MODE_DAMPING:
        case OUT_MODE_ENERGY:
          if (!mode_value (o, modes, &values[i], error))
            return FALSE;
          break;
        case OUT_FRF_PEAK_HZ:
        case OUT_FRF_PEAK:
          if (!frf_peak (o, system, &values[i], error))
            return FALSE;
          break;
        default:
          g_assert_not_reached ();
        }
    }
  return TRUE;
}

void
sw_study_csv_append_cell (GString *line, const char *text)
{
  g_autofree char *flat = g_strdup (text);
  g_auto (GStrv) lines = g_strsplit (g_strstrip (flat), "\n", -1);
  g_autofree char *one = g_strjoinv ("; ", lines);

  if (strpbrk (one, ",\"\r") == NULL)
    {
      g_string_append (line, one);
      return;
    }
  g_string_append_c (line, '"');
  for (const char *c = one; *c; c++)
    {
      if (*c == '"')
        g_string_append_c (line, '"');
      g_string_append_c (line, *c);
    }
  g_string_append_c (line, '"');
}

void
sw_study_csv_append_header (GString *line, const SwStudyDesign *design, const SwStudyOutputs *outputs)
{
  g_string_append (line, "run");
  for (guint k = 0; k < sw_study_design_get_n_params (design); k++)
    {
      g_string_append_c (line, ',');
      sw_study_csv_append_cell (line, sw_study_design_get_name (design, k));
    }
  for (guint i = 0; i < sw_study_outputs_get_n (outputs); i++)
    {
      g_string_append_c (line, ',');
      sw_study_csv_append_cell (line, sw_study_outputs_get_name (outputs, i));
    }
  g_string_append (line, ",error\n");
}
