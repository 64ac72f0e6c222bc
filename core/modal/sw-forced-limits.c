/* sw-forced-limits.c: allowable vibratory torsional stresses of propulsion
 * shafting and the speed ranges a forced response bars (sw-forced.h).
 *
 * The limits are those of IACS Unified Requirement M68 ("Dimensions of
 * propulsion shafts and their permissible torsional vibration stresses"),
 * which the classification societies' rules for propulsion shafting take
 * over (DNV, Lloyd's Register: Rules for Naval Ships Vol 2 Pt 5 Ch 1 §3
 * defines the same symbols): with sigma_B the shaft material's specified
 * minimum tensile strength (MPa), d the shaft's diameter (mm), C_K the
 * factor of its design features and lambda = n / n_rated,
 *
 *   C_D   = 0.35 + 0.93 d^-0.2                       (size factor)
 *   tau_C = (sigma_B + 160) / 18 C_K C_D (3 - 2 lambda^2)  lambda < 0.9
 *   tau_C = (sigma_B + 160) / 18 C_K C_D 1.38        0.9 <= lambda <= 1.05
 *   tau_T = 1.7 tau_C / sqrt (C_K)                   (transient)
 *
 * and they bound the synthesis of all orders' half-range stress amplitudes
 * at the plain section (LR §3.1.2-3: the table's ID.stress_peak). The
 * rule gives no limit above 1.05 n_rated. Checked: the symbols and C_D
 * against the LR text; the two branches of tau_C and tau_T as M68 states
 * them (its own text was not at hand to quote here).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-forced.h"

#include <math.h>
#include <string.h>

gboolean
sw_forced_stress_limits (double uts_mpa, double ck, double d_m, double lambda, double *cont, double *trans)
{
  double d_mm = d_m * 1000, cd, base;

  *cont = *trans = NAN;
  if (!(uts_mpa > 0 && uts_mpa <= SW_FORCED_MAX_UTS_MPA && ck > 0 && ck <= 1 && d_mm > 0 && isfinite (d_mm)
        && lambda >= 0 && lambda <= 1.05))
    return FALSE;
  cd = 0.35 + 0.93 * pow (d_mm, -0.2);
  base = (uts_mpa + 160) / 18 * ck * cd;
  *cont = lambda < 0.9 ? base * (3 - 2 * lambda * lambda) : base * 1.38;
  *trans = 1.7 * *cont / sqrt (ck);
  return TRUE;
}

static void
range_clear (gpointer data)
{
  g_free (((SwForcedRange *) data)->part);
}

/* An interval of speeds over a threshold. */
typedef struct {
  double from, to;
} Interval;

/* Where stress - limit changes sign between rows r and r + 1 (linearly);
 * a stress that is not a number counts as above. */
static double
crossing (const double *x, const double *s, const double *l, guint r)
{
  double g0 = s[r] - l[r], g1 = s[r + 1] - l[r + 1];

  if (!isfinite (g0) || !isfinite (g1) || g0 == g1)
    return !isfinite (g0) || g0 > 0 ? x[r + 1] : x[r];
  return x[r] + (x[r + 1] - x[r]) * g0 / (g0 - g1);
}

static gboolean
above (double stress, double limit)
{
  if (isnan (limit))
    return FALSE;
  return isnan (stress) || stress > limit;
}

/* The intervals where stress s is above limit l. */
static GArray *
intervals_above (const double *x, const double *s, const double *l, guint n)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (Interval));
  gboolean in = FALSE;
  Interval iv = { 0, 0 };

  for (guint r = 0; r < n; r++)
    {
      gboolean up = above (s[r], l[r]);

      if (up && !in)
        iv.from = r == 0 ? x[0] : (isnan (l[r - 1]) ? x[r] : crossing (x, s, l, r - 1));
      else if (!up && in)
        {
          iv.to = isnan (l[r]) ? x[r - 1] : crossing (x, s, l, r - 1);
          g_array_append_val (out, iv);
        }
      in = up;
    }
  if (in)
    {
      iv.to = x[n - 1];
      g_array_append_val (out, iv);
    }
  return out;
}

/* The largest stress of the rows in [from, to] and where; the limit there. */
static void
add_range (GArray *ranges, const char *id, SwForcedRangeKind kind, double from, double to, const double *x,
           const double *s, const double *l, guint n)
{
  SwForcedRange r = { g_strdup (id), kind, from, to, -1, NAN, NAN };

  for (guint k = 0; k < n; k++)
    if (x[k] >= from && x[k] <= to && (isnan (s[k]) || s[k] > r.max_stress_mpa || isnan (r.at_rpm)))
      {
        r.max_stress_mpa = s[k];
        r.at_rpm = x[k];
        r.limit_mpa = l[k];
        if (isnan (s[k]))
          break;
      }
  if (isnan (r.at_rpm))
    {
      /* A range narrower than a row's spacing: its ends' stress. */
      r.max_stress_mpa = NAN;
      r.at_rpm = 0.5 * (from + to);
    }
  g_array_append_val (ranges, r);
}

GArray *
sw_forced_find_ranges (const SwTrajectory *tr)
{
  GArray *ranges = g_array_new (FALSE, FALSE, sizeof (SwForcedRange));
  guint n = sw_trajectory_get_n_rows (tr), nc = sw_trajectory_get_n_columns (tr);
  const double *x = sw_trajectory_get_times (tr);
  const char *suffix = ".stress_limit_cont";

  g_array_set_clear_func (ranges, range_clear);
  for (guint c = 0; c < nc && n > 0; c++)
    {
      const char *name = sw_trajectory_get_column_name (tr, c);
      g_autofree char *id = NULL, *peak = NULL, *sum = NULL, *trans = NULL;
      g_autoptr (GArray) cont_iv = NULL;
      g_autoptr (GArray) trans_iv = NULL;
      const double *s, *lc, *lt;
      int cs, ct;

      if (!g_str_has_suffix (name, suffix))
        continue;
      id = g_strndup (name, strlen (name) - strlen (suffix));
      peak = g_strdup_printf ("%s.stress_peak", id);
      sum = g_strdup_printf ("%s.stress_amp", id);
      trans = g_strdup_printf ("%s.stress_limit_trans", id);
      if ((cs = sw_trajectory_find_column (tr, peak)) < 0)
        cs = sw_trajectory_find_column (tr, sum);
      ct = sw_trajectory_find_column (tr, trans);
      if (cs < 0 || ct < 0)
        continue;
      s = sw_trajectory_get_column (tr, (guint) cs);
      lc = sw_trajectory_get_column (tr, c);
      lt = sw_trajectory_get_column (tr, (guint) ct);
      cont_iv = intervals_above (x, s, lc, n);
      trans_iv = intervals_above (x, s, lt, n);
      /* Each interval over the continuous limit, less those over the
       * transient one (inside it: the transient limit is the larger). */
      for (guint a = 0; a < cont_iv->len; a++)
        {
          Interval ci = g_array_index (cont_iv, Interval, a);
          double at = ci.from;

          for (guint b = 0; b < trans_iv->len; b++)
            {
              Interval ti = g_array_index (trans_iv, Interval, b);

              if (ti.to < ci.from || ti.from > ci.to)
                continue;
              if (ti.from > at)
                add_range (ranges, id, SW_FORCED_RANGE_BARRED, at, ti.from, x, s, lc, n);
              add_range (ranges, id, SW_FORCED_RANGE_NOT_ALLOWED, MAX (ti.from, ci.from), MIN (ti.to, ci.to), x, s,
                         lt, n);
              at = MIN (ti.to, ci.to);
            }
          if (at < ci.to || (at == ci.from && ci.from == ci.to))
            add_range (ranges, id, SW_FORCED_RANGE_BARRED, at, ci.to, x, s, lc, n);
        }
    }
  return ranges;
}
