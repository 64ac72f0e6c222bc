/* test-msl-independent-gears.c: LossyGearDemo2 and LossyGearDemo3
 * against their rolling and stuck phases derived by hand from the MSL's
 * LossyGear: flange_b.tau = -ratio (flange_a.tau - tauLoss), rolling
 * forward (w_a > 0) tauLoss = quadrant1 = (1 - eta_mf1) tau_a + tau_bf1
 * while tau_eta = tau_a - tau_bf_a >= 0, else quadrant2 = (1 - 1/eta_mf2)
 * tau_a + tau_bf2; backward quadrant4 = (1 - 1/eta_mf2) tau_a - tau_bf2
 * while tau_eta = tau_a + tau_bf_a >= 0, else quadrant3 = (1 - eta_mf1)
 * tau_a - tau_bf1; stuck while the torque it would hold lies between the
 * values at w_a = 0 (tau_bf_a = (tau_bf1 - tau_bf2)/(eta_mf1 - 1/eta_mf2)).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "test-msl-independent-common.h"

/* LossyGearDemo3: ratio 1, eta_mf1 = eta_mf2 = 0.25, tau_bf1 = 0.625,
 * tau_bf2 = 2.5 (tau_bf_a = 0.5), between two inertias of 1e-3 at 10
 * rad/s, a step of 1 N.m on the second at 0.5 s. Rolling forward with
 * tau_a = -J a and J a = tau_a - tauLoss: tauLoss = 1 (tau_eta = 0, both
 * quadrants agree), a = -500, stuck at 0.02 s after 0.1 rad; then tau_a
 * = 0 and the 1 N.m step is held (breaking away needs more than
 * quadrant2 at 0 = 2.5). */
static void
test_lossy_gear_demo3 (void)
{
  static const char *const names[] = { "Inertia1.w", "Inertia2.w", "Inertia1.phi", "Inertia2.phi", "gear.w_a",
                                       "gear.a_a", "gear.mode", "gear.tauLoss", "gear.locked", "gear.startForward",
                                       "gear.startBackward" };
  static const double events[] = { 0.02, 0.5 };
  g_autoptr (SwTrajectory) tr = msl_run ("Rotational", "LossyGearDemo3.mo", 0);
  guint n = sw_trajectory_get_n_rows (tr);
  const double *t = sw_trajectory_get_times (tr);
  g_autofree double *want = g_new (double, n * G_N_ELEMENTS (names));

  for (guint r = 0; r < n; r++)
    {
      gboolean rolling = t[r] < 0.02;
      double w = rolling ? 10 - 500 * t[r] : 0, phi = rolling ? 10 * t[r] - 250 * t[r] * t[r] : 0.1;
      const double v[] = { w, w, phi, phi, w, rolling ? -500 : 0, rolling ? 1 : 0, rolling || t[r] >= 0.5 ? 1 : 0,
                           !rolling, 0, 0 };

      for (guint k = 0; k < G_N_ELEMENTS (names); k++)
        want[k * n + r] = v[k];
    }
  msl_assert_events (tr, events, 1, 1e-6);
  for (guint k = 0; k < G_N_ELEMENTS (names); k++)
    msl_compare_skipping (tr, names[k], want + k * n, 1e-6, events, k < 4 ? 0 : G_N_ELEMENTS (events), 2e-3);
}

/* LossyGearDemo2: 10 sin(2 pi t) N.m through a BearingFriction (tau_pos
 * = [0, 0.5; 1, 1], peak 1) on Inertia1 (J = 1), a LossyGear of ratio 2
 * (eta 0.5 both ways, no bearing friction: tau_eta = tau_a), Inertia2 (J
 * = 1.5) loaded by -10 + 2.5 t N.m. Gear and bearing turn with w1 = 2 w2:
 * they roll or stick together. Rolling in direction s: tau_f = s (0.5 +
 * 0.5 |w1|), tau_a = T1 - tau_f - J1 a1 and J2 a2 = 2 (tau_a - tauLoss) +
 * T2 with tauLoss = k tau_a, k = 0.5 or -1 by the quadrant, the one whose
 * sign of tau_a holds. Stuck while neither direction is consistent. */
typedef struct {
  int s; /* -1, 0 (stuck), 1 */
} Demo2;

static gboolean
demo2_rolling (int s, double t, double w2, double *a2, double *tau_a, double *loss, double *tau_f)
{
  double t1 = 10 * sin (2 * G_PI * t), t2 = -10 + 2.5 * t;

  *tau_f = s * (0.5 + 0.5 * fabs (2 * w2));
  for (int q = 0; q < 2; q++)
    {
      /* q = 0: tau_a >= 0, q = 1: tau_a < 0; forward k = 0.5 then -1,
       * backward -1 then 0.5. */
      double k = (s > 0) == (q == 0) ? 0.5 : -1;
      double a = (2 * (1 - k) * (t1 - *tau_f) + t2) / (1.5 + 4 * (1 - k)), ta = t1 - *tau_f - 2 * a;

      if ((q == 0) == (ta >= 0))
        {
          *a2 = a;
          *tau_a = ta;
          *loss = k * ta;
          return TRUE;
        }
    }
  return FALSE;
}

static int
demo2_rhs (double t, const double y[], double dydt[], void *params)
{
  const Demo2 *d = params;
  double a2 = 0, ta, loss, tf;

  if (d->s != 0)
    g_assert_true (demo2_rolling (d->s, t, y[1], &a2, &ta, &loss, &tf));
  dydt[0] = y[1];
  dydt[1] = a2;
  return GSL_SUCCESS;
}

/* Positive once the phase ends: rolling, w2 past 0; stuck, rolling
 * either way from rest consistent. */
static double
demo2_guard (const Demo2 *d, double t, const double y[])
{
  double a2, ta, loss, tf, g = -INFINITY;

  if (d->s != 0)
    return -d->s * y[1];
  for (int s = -1; s <= 1; s += 2)
    if (demo2_rolling (s, t, 0, &a2, &ta, &loss, &tf))
      g = MAX (g, s * a2);
  return g;
}

static void
demo2_advance (Demo2 *d, double *t, double y[2], double to)
{
  gsl_odeiv2_system sys = { demo2_rhs, NULL, 2, d };
  gsl_odeiv2_driver *drv = gsl_odeiv2_driver_alloc_y_new (&sys, gsl_odeiv2_step_rk8pd, 1e-6, 1e-12, 1e-12);

  g_assert_cmpint (gsl_odeiv2_driver_apply (drv, t, to, y), ==, GSL_SUCCESS);
  gsl_odeiv2_driver_free (drv);
}

/* The mode at rest at t: the direction that is consistent, else stuck. */
static int
demo2_start (double t)
{
  double a2, ta, loss, tf;

  for (int s = -1; s <= 1; s += 2)
    if (demo2_rolling (s, t, 0, &a2, &ta, &loss, &tf) && s * a2 > 0)
      return s;
  return 0;
}

static void
demo2_run (Demo2 *d, double *t, double y[2], double to, GArray *events)
{
  while (*t < to)
    {
      double next = MIN (*t + 1e-4, to), tt = *t, yb[2] = { y[0], y[1] };

      demo2_advance (d, &tt, yb, next);
      if (demo2_guard (d, next, yb) > 0)
        {
          double lo = *t, hi = next;

          while (hi - lo > 1e-13)
            {
              double mid = (lo + hi) / 2, tm = *t, ym[2] = { y[0], y[1] };

              demo2_advance (d, &tm, ym, mid);
              if (demo2_guard (d, mid, ym) > 0)
                hi = mid;
              else
                lo = mid;
            }
          tt = *t;
          demo2_advance (d, &tt, y, hi);
          *t = hi;
          y[1] = 0;
          d->s = demo2_start (hi);
          g_array_append_val (events, hi);
          continue;
        }
      y[0] = yb[0];
      y[1] = yb[1];
      *t = next;
    }
}

static void
test_lossy_gear_demo2 (void)
{
  static const char *const names[] = { "Inertia1.w", "Inertia1.phi", "Inertia2.w", "Inertia2.phi", "gear.w_a",
                                       "gear.mode", "bearingFriction.mode", "gear.tauLoss", "bearingFriction.tau",
                                       "PowerLoss", "gear.locked", "bearingFriction.locked", "gear.startForward",
                                       "gear.startBackward" };
  g_autoptr (SwTrajectory) tr = msl_run ("Rotational", "LossyGearDemo2.mo", 0);
  guint n = sw_trajectory_get_n_rows (tr);
  const double *times = sw_trajectory_get_times (tr);
  g_autofree double *want = g_new (double, n * G_N_ELEMENTS (names));
  g_autoptr (GArray) events = g_array_new (FALSE, FALSE, sizeof (double));
  Demo2 d = { demo2_start (0) };
  double y[2] = { 0, 0 }, t = 0;

  g_assert_cmpint (d.s, ==, -1);
  for (guint r = 0; r < n; r++)
    {
      double a2 = 0, ta = NAN, loss = NAN, tf = NAN;

      demo2_run (&d, &t, y, times[r], events);
      if (d.s != 0)
        g_assert_true (demo2_rolling (d.s, t, y[1], &a2, &ta, &loss, &tf));
      {
        /* PowerLoss = tau_a w_a + tau_b w_b = tauLoss w_a. */
        const double v[] = { 2 * y[1], 2 * y[0], y[1], y[0], 2 * y[1], d.s, d.s, loss, tf, loss * 2 * y[1],
                             d.s == 0, d.s == 0, 0, 0 };

        for (guint k = 0; k < G_N_ELEMENTS (names); k++)
          want[k * n + r] = v[k];
      }
    }
  msl_assert_events (tr, (const double *) events->data, events->len, 1e-6);
  for (guint k = 0; k < G_N_ELEMENTS (names); k++)
    msl_compare_skipping (tr, names[k], want + k * n, 1e-4, (const double *) events->data, k < 5 ? 0 : events->len,
                          2e-3);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/modelica/msl-independent/lossy-gear-demo3", test_lossy_gear_demo3);
  g_test_add_func ("/modelica/msl-independent/lossy-gear-demo2", test_lossy_gear_demo2);
  return g_test_run ();
}
