/* test-msl-independent-shift.c: SimpleGearShift against a stick/slip
 * solver written here from the MSL's equations. The planetary (ratio r =
 * 75/50) leaves two speeds, sun w_s and ring w_r, the carrier turning at
 * (w_s + r w_r)/(1 + r); the engine (J = 1, 20 N.m from 0.5 s) drives the
 * sun, the load (J = 10, -20 (w/w_nom)^2 N.m, w_nom = 100 rpm) sits on the
 * carrier. The clutch (sun to ring, w_rel = w_r - w_s) closes and the brake
 * (ring to ground) opens with the ramp from 2 s to 2.1 s; each gives mu
 * cgeo fn = 0.5 2 100 u = 100 u sliding, holds up to that stuck (peak 1),
 * nothing free. With M the mass matrix over (w_s, w_r), a stuck element's
 * g . a = 0 and its torque lambda: M a + G' lambda = Q.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "test-msl-independent-common.h"

#include <gsl/gsl_linalg.h>

#define RATIO 1.5
#define W_NOM 10.471975511966

enum { BACKWARD = -1, STUCK = 0, FORWARD = 1, FREE = 2 };

/* Element 0 the clutch, 1 the brake: their relative speeds g . (w_s, w_r). */
static const double g_rel[2][2] = { { -1, 1 }, { 0, 1 } };

typedef struct {
  int mode[2];
} Shift;

static double
ramp_of (double t)
{
  return t < 2 ? 0 : t < 2.1 ? (t - 2) / 0.1 : 1;
}

static double
element_u (guint e, double t)
{
  return e == 0 ? ramp_of (t) : 1 - ramp_of (t);
}

static double
element_slip (guint e, double t)
{
  return 0.5 * 2 * 100 * MAX (element_u (e, t), 0);
}

static double
carrier_w (const double w[2])
{
  return (w[0] + RATIO * w[1]) / (1 + RATIO);
}

/* Accelerations (sun, ring) in a, every element's torque in tau (a stuck
 * one's holding torque, a sliding one's +-100 u, a free one's 0). */
static void
shift_solve (const Shift *s, double t, const double w[2], double a[2], double tau[2])
{
  const double al = 1 / (1 + RATIO), be = RATIO / (1 + RATIO);
  double wc = carrier_w (w), load = -20 * (wc >= 0 ? 1 : -1) * (wc / W_NOM) * (wc / W_NOM);
  double q[2] = { (t >= 0.5 ? 20 : 0) + al * load, be * load };
  double m[16] = { 0 }, rhs[4] = { 0 }, x[4];
  guint n = 2;
  int stuck[2];
  gsl_matrix_view mv;
  gsl_vector_view rv, xv;
  gsl_permutation *p;
  int sign;

  m[0] = 1 + 10 * al * al;
  m[1] = 10 * al * be;
  m[4] = 10 * al * be;
  m[5] = 10 * be * be;
  for (guint e = 0; e < 2; e++)
    {
      tau[e] = s->mode[e] == FORWARD ? element_slip (e, t) : s->mode[e] == BACKWARD ? -element_slip (e, t) : 0;
      if (s->mode[e] == FORWARD || s->mode[e] == BACKWARD)
        for (guint i = 0; i < 2; i++)
          q[i] -= g_rel[e][i] * tau[e];
    }
  /* Rows and columns of the stuck elements after the two speeds; the
   * matrix is laid out 4 x 4 and used n x n from its corner. */
  for (guint e = 0; e < 2; e++)
    if (s->mode[e] == STUCK)
      stuck[n++ - 2] = (int) e;
  {
    double full[16] = { 0 };

    for (guint i = 0; i < 2; i++)
      for (guint j = 0; j < 2; j++)
        full[i * n + j] = m[i * 4 + j];
    for (guint k = 2; k < n; k++)
      for (guint i = 0; i < 2; i++)
        {
          full[i * n + k] = g_rel[stuck[k - 2]][i];
          full[k * n + i] = g_rel[stuck[k - 2]][i];
        }
    rhs[0] = q[0];
    rhs[1] = q[1];
    mv = gsl_matrix_view_array (full, n, n);
    rv = gsl_vector_view_array (rhs, n);
    xv = gsl_vector_view_array (x, n);
    p = gsl_permutation_alloc (n);
    g_assert_cmpint (gsl_linalg_LU_decomp (&mv.matrix, p, &sign), ==, GSL_SUCCESS);
    g_assert_cmpint (gsl_linalg_LU_solve (&mv.matrix, p, &rv.vector, &xv.vector), ==, GSL_SUCCESS);
    gsl_permutation_free (p);
  }
  a[0] = x[0];
  a[1] = x[1];
  for (guint k = 2; k < n; k++)
    tau[stuck[k - 2]] = x[k];
}

static int
shift_rhs (double t, const double y[], double dydt[], void *params)
{
  double a[2], tau[2];

  shift_solve (params, t, y + 2, a, tau);
  dydt[0] = y[2];
  dydt[1] = y[3];
  dydt[2] = a[0];
  dydt[3] = a[1];
  return GSL_SUCCESS;
}

static double
rel_speed (guint e, const double y[4])
{
  return g_rel[e][0] * y[2] + g_rel[e][1] * y[3];
}

/* Positive once a mode must change; which: the element. */
static double
shift_guard (const Shift *s, double t, const double y[4], guint *which)
{
  double a[2], tau[2], worst = -INFINITY;

  shift_solve (s, t, y + 2, a, tau);
  for (guint e = 0; e < 2; e++)
    {
      double g = s->mode[e] == FORWARD    ? -rel_speed (e, y)
                 : s->mode[e] == BACKWARD ? rel_speed (e, y)
                 : s->mode[e] == STUCK    ? fabs (tau[e]) - element_slip (e, t)
                                          : -INFINITY;

      if (g > worst)
        {
          worst = g;
          *which = e;
        }
    }
  return worst;
}

/* Modes made consistent at t: free without normal force, a newly active
 * one by its relative speed, the worst stuck one over its limit broken
 * away. */
static void
shift_settle (Shift *s, double t, const double y[4])
{
  /* u just after t: the clutch's ramp starts at 2 s from 0. */
  for (guint e = 0; e < 2; e++)
    if (element_u (e, t + 1e-12) <= 0)
      s->mode[e] = FREE;
    else if (s->mode[e] == FREE)
      s->mode[e] = rel_speed (e, y) > 0 ? FORWARD : rel_speed (e, y) < 0 ? BACKWARD : STUCK;
  for (int pass = 0; pass < 4; pass++)
    {
      double a[2], tau[2], worst = 1e-12;
      int e_worst = -1;

      shift_solve (s, t, y + 2, a, tau);
      for (guint e = 0; e < 2; e++)
        if (s->mode[e] == STUCK && fabs (tau[e]) - element_slip (e, t) > worst)
          {
            worst = fabs (tau[e]) - element_slip (e, t);
            e_worst = (int) e;
          }
      if (e_worst < 0)
        return;
      s->mode[e_worst] = tau[e_worst] > 0 ? FORWARD : BACKWARD;
    }
}

static void
shift_advance (Shift *s, double *t, double y[4], double to)
{
  gsl_odeiv2_system sys = { shift_rhs, NULL, 4, s };
  gsl_odeiv2_driver *d = gsl_odeiv2_driver_alloc_y_new (&sys, gsl_odeiv2_step_rk8pd, 1e-6, 1e-12, 1e-12);

  g_assert_cmpint (gsl_odeiv2_driver_apply (d, t, to, y), ==, GSL_SUCCESS);
  gsl_odeiv2_driver_free (d);
}

static const double shift_switches[] = { 0.5, 2, 2.1 };

static void
shift_run (Shift *s, double *t, double y[4], double to, GArray *events)
{
  while (*t < to)
    {
      double next = MIN (*t + 1e-4, to), yb[4], tt = *t;
      gboolean at_switch = FALSE;
      guint which = 0;

      for (guint k = 0; k < G_N_ELEMENTS (shift_switches); k++)
        if (shift_switches[k] > *t && shift_switches[k] <= next)
          {
            next = shift_switches[k];
            at_switch = TRUE;
          }
      memcpy (yb, y, sizeof yb);
      shift_advance (s, &tt, yb, next);
      if (shift_guard (s, next, yb, &which) > 0)
        {
          double lo = *t, hi = next, a[2], tau[2];

          while (hi - lo > 1e-13)
            {
              double mid = (lo + hi) / 2, tm = *t, ym[4];

              memcpy (ym, y, sizeof ym);
              shift_advance (s, &tm, ym, mid);
              if (shift_guard (s, mid, ym, &which) > 0)
                hi = mid;
              else
                lo = mid;
            }
          tt = *t;
          shift_advance (s, &tt, y, hi);
          shift_guard (s, hi, y, &which);
          *t = hi;
          g_array_append_val (events, hi);
          shift_solve (s, hi, y + 2, a, tau);
          /* Sticking or breaking away, its relative speed is 0 (off by
           * the bisection's 1e-13 s: made 0 on the ring's side). */
          y[3] = which == 0 ? y[2] : 0;
          s->mode[which] = s->mode[which] != STUCK ? STUCK : tau[which] > 0 ? FORWARD : BACKWARD;
          shift_settle (s, hi, y);
          continue;
        }
      memcpy (y, yb, sizeof yb);
      *t = next;
      if (at_switch)
        shift_settle (s, next, y);
    }
}

static void
test_simple_gear_shift (void)
{
  static const char *const names[] = { "engine.phi", "engine.w", "load.phi", "load.w", "brake.phi", "brake.w",
                                       "clutch.phi_rel", "clutch.w_rel", "wEngine", "wLoad", "gearRatio",
                                       "clutch.tau", "brake.tau", "clutch.mode", "brake.mode" };
  g_autoptr (SwTrajectory) tr = msl_run ("Rotational", "SimpleGearShift.mo", 0);
  guint n = sw_trajectory_get_n_rows (tr);
  const double *times = sw_trajectory_get_times (tr);
  g_autofree double *want = g_new (double, n * G_N_ELEMENTS (names));
  g_autoptr (GArray) events = g_array_new (FALSE, FALSE, sizeof (double));
  /* At rest: the clutch free (its ramp at 0), the brake holding. */
  Shift s = { { FREE, STUCK } };
  double y[4] = { 0 }, t = 0;

  for (guint r = 0; r < n; r++)
    {
      double a[2], tau[2];

      shift_run (&s, &t, y, times[r], events);
      shift_solve (&s, t, y + 2, a, tau);
      {
        double wc = carrier_w (y + 2), pc = (y[0] + RATIO * y[1]) / (1 + RATIO);
        const double v[] = { y[0], y[2], pc, wc, y[1], y[3], y[1] - y[0], y[3] - y[2], y[2], wc,
                             wc / MAX (y[2], 1e-6), tau[0], tau[1], s.mode[0], s.mode[1] };

        for (guint k = 0; k < G_N_ELEMENTS (names); k++)
          want[k * n + r] = v[k];
      }
    }
  msl_assert_events (tr, (const double *) events->data, events->len, 1e-6);
  g_array_append_vals (events, shift_switches, G_N_ELEMENTS (shift_switches));
  for (guint k = 0; k < G_N_ELEMENTS (names); k++)
    msl_compare_skipping (tr, names[k], want + k * n, 1e-4, (const double *) events->data, k < 10 ? 0 : events->len,
                          2e-3);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/modelica/msl-independent/simple-gear-shift", test_simple_gear_shift);
  return g_test_run ();
}
