/* sw-study-design.c: the parameters a study varies and the values of each
 * run (sw-study-design.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <inttypes.h>
#include <float.h>
#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include "sw-error.h"
#include "sw-study-design.h"

typedef enum { SPEC_VALUES, SPEC_RANGE, SPEC_LOG_RANGE, SPEC_NORMAL, SPEC_UNIFORM, SPEC_LOGNORMAL } SpecKind;

typedef struct {
  char    *name, *component, *param;
  SpecKind kind;
  double  *values;   /* a list or a range's points */
  guint    n_values;
  double   a, b;     /* a range's ends, a distribution's two numbers */
} Param;

struct _SwStudyDesign {
  Param        *params;
  guint         n_params;
  SwStudySample sample;
  guint64       n_runs;
  double       *samples;   /* n_runs x n_params, sampled designs only */
};

static gboolean
parse_double (const char *text, double *value)
{
  char *end = NULL;

  if (text == NULL || *text == '\0')
    return FALSE;
  *value = g_ascii_strtod (text, &end);
  return end != NULL && *end == '\0' && isfinite (*value);
}

static gboolean
spec_error (GError **error, const char *vary, const char *why)
{
  g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
               _("--vary “%s”: %s; valid: ID.PARAM=V1,V2,… (a list), LO:HI:COUNT[:log] (a range), "
                 "normal:MEAN:SD, uniform:LO:HI, lognormal:MU:SIGMA (for --sample)"),
               vary, why);
  return FALSE;
}

/* spec_error() for the functions that return a design. */
static SwStudyDesign *
design_error (GError **error, const char *vary, const char *why)
{
  spec_error (error, vary, why);
  return NULL;
}

static gboolean
parse_distribution (Param *p, char **parts, guint n, const char *vary, GError **error)
{
  if (n != 3 || !parse_double (parts[1], &p->a) || !parse_double (parts[2], &p->b))
    return spec_error (error, vary, _("a distribution takes two numbers"));
  if (g_str_equal (parts[0], "normal"))
    p->kind = SPEC_NORMAL;
  else if (g_str_equal (parts[0], "uniform"))
    p->kind = SPEC_UNIFORM;
  else
    p->kind = SPEC_LOGNORMAL;
  if (p->kind == SPEC_UNIFORM ? !(p->a < p->b) : !(p->b > 0))
    return spec_error (error, vary, p->kind == SPEC_UNIFORM ? _("uniform needs LO < HI")
                                                            : _("the standard deviation must be > 0"));
  return TRUE;
}

static gboolean
parse_range (Param *p, char **parts, guint n, const char *vary, GError **error)
{
  double count;

  if (!parse_double (parts[0], &p->a) || !parse_double (parts[1], &p->b) || !parse_double (parts[2], &count))
    return spec_error (error, vary, _("a range is three numbers"));
  if (n == 4 && !g_str_equal (parts[3], "log"))
    return spec_error (error, vary, _("a range ends in its count or “:log”"));
  if (!(count >= 1) || count != floor (count) || count > 1e9)
    return spec_error (error, vary, _("the count must be a whole number from 1 to 1e9"));
  if (n == 4 && !(p->a > 0 && p->b > 0))
    return spec_error (error, vary, _("a log range needs LO > 0 and HI > 0"));
  p->kind = n == 4 ? SPEC_LOG_RANGE : SPEC_RANGE;
  p->n_values = (guint) count;
  p->values = g_new (double, p->n_values);
  for (guint i = 0; i < p->n_values; i++)
    {
      double f = p->n_values > 1 ? (double) i / (p->n_values - 1) : 0;

      p->values[i] = p->kind == SPEC_LOG_RANGE ? exp (log (p->a) + f * (log (p->b) - log (p->a)))
                                               : p->a + f * (p->b - p->a);
    }
  /* The ends exactly as given, not as rounded by the steps. */
  p->values[0] = p->a;
  if (p->n_values > 1)
    p->values[p->n_values - 1] = p->b;
  return TRUE;
}

static gboolean
parse_param (Param *p, const char *vary, GError **error)
{
  const char *eq = strchr (vary, '=');
  g_autofree char *name = eq != NULL ? g_strndup (vary, (gsize) (eq - vary)) : NULL;
  g_auto (GStrv) parts = NULL;
  const char *dot;
  guint n;

  if (name == NULL || (dot = strrchr (name, '.')) == NULL || dot == name || dot[1] == '\0')
    return spec_error (error, vary, _("it must start with a component’s id and a parameter, ID.PARAM="));
  p->name = g_strdup (name);
  p->component = g_strndup (name, (gsize) (dot - name));
  p->param = g_strdup (dot + 1);
  if (eq[1] == '\0')
    return spec_error (error, vary, _("no values after “=”"));
  parts = g_strsplit (eq + 1, ":", -1);
  n = g_strv_length (parts);
  if (g_str_equal (parts[0], "normal") || g_str_equal (parts[0], "uniform") || g_str_equal (parts[0], "lognormal"))
    return parse_distribution (p, parts, n, vary, error);
  if (n == 3 || n == 4)
    return parse_range (p, parts, n, vary, error);
  if (n != 1)
    return spec_error (error, vary, _("a range is LO:HI:COUNT"));
  g_strfreev (parts);
  parts = g_strsplit (eq + 1, ",", -1);
  p->kind = SPEC_VALUES;
  p->n_values = g_strv_length (parts);
  p->values = g_new (double, p->n_values);
  for (guint i = 0; i < p->n_values; i++)
    if (!parse_double (g_strstrip (parts[i]), &p->values[i]))
      {
        g_autofree char *why = g_strdup_printf (_("“%s” is not a number"), parts[i]);
        return spec_error (error, vary, why);
      }
  return TRUE;
}

/* The value of p at probability u in (0, 1). */
static double
inverse_cdf (const Param *p, double u)
{
  switch (p->kind)
    {
    case SPEC_NORMAL:
      return p->a + gsl_cdf_gaussian_Pinv (u, p->b);
    case SPEC_LOGNORMAL:
      return gsl_cdf_lognormal_Pinv (u, p->a, p->b);
    case SPEC_UNIFORM:
    case SPEC_RANGE:
      return p->a + u * (p->b - p->a);
    case SPEC_LOG_RANGE:
      return exp (log (p->a) + u * (log (p->b) - log (p->a)));
    case SPEC_VALUES:
    default:
      return p->values[MIN ((guint) (u * p->n_values), p->n_values - 1)];
    }
}

/* u in (0, 1): GSL's uniform_pos never returns 0; 1 cannot come either. */
static void
fill_samples (SwStudyDesign *d, guint64 seed)
{
  gsl_rng *rng = gsl_rng_alloc (gsl_rng_mt19937);
  guint64 n = d->n_runs;
  size_t *perm = d->sample == SW_STUDY_SAMPLE_LHS ? g_new (size_t, n) : NULL;

  /* MT19937 takes an unsigned long seed; 0 is its default seed 4357. */
  gsl_rng_set (rng, (unsigned long) seed);
  for (guint k = 0; k < d->n_params; k++)
    {
      if (perm != NULL)
        {
          for (guint64 i = 0; i < n; i++)
            perm[i] = i;
          gsl_ran_shuffle (rng, perm, n, sizeof *perm);
        }
      for (guint64 i = 0; i < n; i++)
        {
          double u = gsl_rng_uniform_pos (rng);

          if (perm != NULL)
            u = (perm[i] + u) / (double) n;
          d->samples[i * d->n_params + k] = inverse_cdf (&d->params[k], MIN (u, 1 - DBL_EPSILON / 2));
        }
    }
  g_free (perm);
  gsl_rng_free (rng);
}

SwStudyDesign *
sw_study_design_new (const char *const *vary, SwStudySample sample, guint64 n_samples, guint64 seed,
                     GError **error)
{
  g_autoptr (SwStudyDesign) d = g_new0 (SwStudyDesign, 1);
  guint n = vary != NULL ? g_strv_length ((char **) vary) : 0;

  d->params = g_new0 (Param, MAX (n, 1));
  d->sample = sample;
  d->n_runs = 1;
  for (guint k = 0; k < n; k++)
    {
      Param *p = &d->params[k];

      d->n_params = k + 1;  /* freed with d from here on */

      if (!parse_param (p, vary[k], error))
        return NULL;
      for (guint j = 0; j < k; j++)
        if (g_str_equal (d->params[j].name, p->name))
          return design_error (error, vary[k], _("the parameter is varied twice"));
      if (sample == SW_STUDY_SAMPLE_GRID && p->values == NULL)
        return design_error (error, vary[k], _("a distribution needs --sample lhs:N or random:N"));
      if (sample == SW_STUDY_SAMPLE_GRID)
        {
          if (d->n_runs > SW_STUDY_MAX_RUNS / p->n_values)
            return design_error (error, vary[k], _("the grid has more than 2^40 runs"));
          d->n_runs *= p->n_values;
        }
    }
  if (sample != SW_STUDY_SAMPLE_GRID)
    {
      if (n_samples < 1 || n_samples > 100000000 / MAX (d->n_params, 1))
        {
          g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                       _("--sample: %" PRIu64 " samples; valid: 1 to 1e8 values (samples × parameters)"),
                       n_samples);
          return NULL;
        }
      d->n_runs = n_samples;
      d->samples = g_new (double, n_samples * MAX (d->n_params, 1));
      fill_samples (d, seed);
    }
  return g_steal_pointer (&d);
}

void
sw_study_design_free (SwStudyDesign *d)
{
  if (d == NULL)
    return;
  for (guint k = 0; k < d->n_params; k++)
    {
      g_free (d->params[k].name);
      g_free (d->params[k].component);
      g_free (d->params[k].param);
      g_free (d->params[k].values);
    }
  g_free (d->params);
  g_free (d->samples);
  g_free (d);
}

guint64
sw_study_design_get_n_runs (const SwStudyDesign *d)
{
  return d->n_runs;
}

guint
sw_study_design_get_n_params (const SwStudyDesign *d)
{
  return d->n_params;
}

const char *
sw_study_design_get_name (const SwStudyDesign *d, guint param)
{
  g_return_val_if_fail (param < d->n_params, NULL);
  return d->params[param].name;
}

const char *
sw_study_design_get_component (const SwStudyDesign *d, guint param)
{
  g_return_val_if_fail (param < d->n_params, NULL);
  return d->params[param].component;
}

const char *
sw_study_design_get_param (const SwStudyDesign *d, guint param)
{
  g_return_val_if_fail (param < d->n_params, NULL);
  return d->params[param].param;
}

double
sw_study_design_get_value (const SwStudyDesign *d, guint64 run, guint param)
{
  g_return_val_if_fail (run < d->n_runs && param < d->n_params, NAN);
  if (d->samples != NULL)
    return d->samples[run * d->n_params + param];
  /* The grid: run in mixed radix, the last parameter the fastest digit. */
  for (guint k = d->n_params - 1; k > param; k--)
    run /= d->params[k].n_values;
  return d->params[param].values[run % d->params[param].n_values];
}

gboolean
sw_study_sample_parse (const char *text, SwStudySample *sample, guint64 *n_samples)
{
  const char *colon;
  char *end = NULL;

  if (text == NULL)
    {
      *sample = SW_STUDY_SAMPLE_GRID;
      *n_samples = 0;
      return TRUE;
    }
  if ((colon = strchr (text, ':')) == NULL)
    return FALSE;
  if (strncmp (text, "lhs:", 4) == 0)
    *sample = SW_STUDY_SAMPLE_LHS;
  else if (strncmp (text, "random:", 7) == 0)
    *sample = SW_STUDY_SAMPLE_RANDOM;
  else
    return FALSE;
  if (!g_ascii_isdigit (colon[1]))
    return FALSE;
  *n_samples = g_ascii_strtoull (colon + 1, &end, 10);
  return end != NULL && *end == '\0' && *n_samples >= 1;
}
