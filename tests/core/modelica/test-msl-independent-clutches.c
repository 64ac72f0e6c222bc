/* test-msl-independent-clutches.c: CoupledClutches, three MSL Clutches
 * between four inertias in a row, against a stick/slip solver written
 * here from the MSL's PartialFriction: a clutch slides with tau = +-mu
 * cgeo fn (mu = 0.5, fn = fn_max u), sticks when its w_rel reaches 0
 * and holds while its torque |sa| <= peak mu cgeo fn, breaks away
 * forward when sa is above that, backward below minus it; with u <= 0 it
 * is free (tau = 0). The inertias joined by stuck clutches turn as one;
 * a stuck clutch's torque is the torque balance of the inertias on its
 * flange_a side. Between events the inertias' motion is an ODE (GSL
 * rk8pd at 1e-12); an event is found by bisection on it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "test-msl-independent-common.h"

#define N_J 4
#define N_C (N_J - 1)

enum { BACKWARD = -1, STUCK = 0, FORWARD = 1, FREE = 2 };

typedef struct {
  int mode[N_C];
} Chain;

/* CoupledClutches: J = 1 each; 10 sin(2 pi 5 t) N.m on J1; clutch1's u =
 * sin(2 pi 0.2 t + pi/2), clutch2's a step to 1 at 0.4 s, clutch3's at
 * 0.9 s; fn_max = 20, peak = 1.1. */
static double
chain_torque (double t)
{
  return 10 * sin (2 * G_PI * 5 * t);
}

static double
chain_u (guint k, double t)
{
  switch (k)
    {
    case 0:
      return sin (2 * G_PI * 0.2 * t + 1.570796326794897);
    case 1:
      return t >= 0.4 ? 1 : 0;
    default:
      return t >= 0.9 ? 1 : 0;
    }
}

/* The instants u changes sign or jumps: cos(0.4 pi t) = 0 at 1.25 s. */
static const double chain_switches[] = { 0.4, 0.9, 1.25 };

static double
slip_torque (guint k, double t)
{
  return 0.5 * 20 * MAX (chain_u (k, t), 0);
}

static double
max_torque (guint k, double t)
{
  return 1.1 * slip_torque (k, t);
}

/* The inertias' accelerations in a, and each stuck clutch's torque in
 * tau (a sliding one's too; flange_b.tau: +tau on J_k, -tau on J_k+1). */
static void
chain_solve (const Chain *c, double t, double a[N_J], double tau[N_C])
{
  double ext[N_J] = { chain_torque (t), 0, 0, 0 };
  guint first = 0;

  for (guint k = 0; k < N_C; k++)
    tau[k] = c->mode[k] == FORWARD ? slip_torque (k, t) : c->mode[k] == BACKWARD ? -slip_torque (k, t) : 0;
  /* A cluster: first .. last, joined by stuck clutches. */
  while (first < N_J)
    {
      guint last = first;
      double sum = 0, acc;

      while (last < N_C && c->mode[last] == STUCK)
        last++;
      for (guint j = first; j <= last; j++)
        {
          sum += ext[j];
          if (j > 0 && !(j - 1 >= first && c->mode[j - 1] == STUCK))
            sum -= tau[j - 1];
          if (j < N_C && c->mode[j] != STUCK)
            sum += tau[j];
        }
      acc = sum / (last - first + 1);
      for (guint j = first; j <= last; j++)
        a[j] = acc;
      /* A stuck clutch k inside: J (first .. k) acc = the torques on
       * them, tau[k] among them. */
      for (guint k = first; k < last; k++)
        {
          double left = 0;

          for (guint j = first; j <= k; j++)
            left += ext[j];
          if (first > 0)
            left -= tau[first - 1];
          tau[k] = (k - first + 1) * acc - left;
        }
      first = last + 1;
    }
}

static int
chain_rhs (double t, const double y[], double dydt[], void *params)
{
  double a[N_J], tau[N_C];

  chain_solve (params, t, a, tau);
  for (guint j = 0; j < N_J; j++)
    {
      dydt[j] = y[N_J + j];
      dydt[N_J + j] = a[j];
    }
  return GSL_SUCCESS;
}

/* Positive once the mode must change: a sliding clutch's w_rel past 0, a
 * stuck one's torque past its limit. */
static double
chain_guard (const Chain *c, double t, const double y[], guint *which)
{
  double a[N_J], tau[N_C], worst = -INFINITY;

  chain_solve (c, t, a, tau);
  for (guint k = 0; k < N_C; k++)
    {
      double w_rel = y[N_J + k + 1] - y[N_J + k], g;

      switch (c->mode[k])
        {
        case FORWARD:
          g = -w_rel;
          break;
        case BACKWARD:
          g = w_rel;
          break;
        case STUCK:
          g = fabs (tau[k]) - max_torque (k, t);
          break;
        default:
          g = -INFINITY;
        }
      if (g > worst)
        {
          worst = g;
          *which = k;
        }
    }
  return worst;
}

static void
chain_advance (Chain *c, double *t, double y[2 * N_J], double to)
{
  gsl_odeiv2_system sys = { chain_rhs, NULL, 2 * N_J, c };
  gsl_odeiv2_driver *d = gsl_odeiv2_driver_alloc_y_new (&sys, gsl_odeiv2_step_rk8pd, 1e-6, 1e-12, 1e-12);

  g_assert_cmpint (gsl_odeiv2_driver_apply (d, t, to, y), ==, GSL_SUCCESS);
  gsl_odeiv2_driver_free (d);
}

/* After an event: every clutch's mode consistent with u, w_rel and its
 * torque (the worst breakaway first, then again). */
static void
chain_settle (Chain *c, double t, double y[2 * N_J])
{
  for (guint k = 0; k < N_C; k++)
    {
      double w_rel = y[N_J + k + 1] - y[N_J + k];

      if (chain_u (k, t) <= 1e-9)
        c->mode[k] = FREE;
      else if (c->mode[k] == FREE)
        c->mode[k] = w_rel > 0 ? FORWARD : w_rel < 0 ? BACKWARD : STUCK;
    }
  for (int pass = 0; pass < 8; pass++)
    {
      double a[N_J], tau[N_C], worst = 0;
      int k_worst = -1;

      chain_solve (c, t, a, tau);
      for (guint k = 0; k < N_C; k++)
        if (c->mode[k] == STUCK && fabs (tau[k]) - max_torque (k, t) > worst)
          {
            worst = fabs (tau[k]) - max_torque (k, t);
            k_worst = (int) k;
          }
      if (k_worst < 0)
        return;
      c->mode[k_worst] = tau[k_worst] > 0 ? FORWARD : BACKWARD;
    }
}

/* The clutch which caused an event at t: a sliding one sticks (its
 * sides' speeds made equal), a stuck one breaks away; then every mode
 * made consistent. */
static void
chain_event (Chain *c, double t, double y[2 * N_J], guint which)
{
  double a[N_J], tau[N_C];

  chain_solve (c, t, a, tau);
  if (c->mode[which] == STUCK)
    c->mode[which] = tau[which] > 0 ? FORWARD : BACKWARD;
  else
    {
      double mean = (y[N_J + which] + y[N_J + which + 1]) / 2;

      y[N_J + which] = y[N_J + which + 1] = mean;
      c->mode[which] = STUCK;
    }
  chain_settle (c, t, y);
}

/* From t to to in steps of 1e-4 s (and at u's switches); a guard turned
 * positive in a step is bisected to 1e-13 s. Its events appended to
 * events. */
static void
chain_run (Chain *c, double *t, double y[2 * N_J], double to, GArray *events)
{
  while (*t < to)
    {
      double next = MIN (*t + 1e-4, to), yb[2 * N_J], tt = *t;
      gboolean at_switch = FALSE;
      guint which = 0;

      for (guint k = 0; k < G_N_ELEMENTS (chain_switches); k++)
        if (chain_switches[k] > *t && chain_switches[k] <= next)
          {
            next = chain_switches[k];
            at_switch = TRUE;
          }
      memcpy (yb, y, sizeof yb);
      chain_advance (c, &tt, yb, next);
      if (chain_guard (c, next, yb, &which) > 0)
        {
          double lo = *t, hi = next;

          while (hi - lo > 1e-13)
            {
              double mid = (lo + hi) / 2, tm = *t, ym[2 * N_J];

              memcpy (ym, y, sizeof ym);
              chain_advance (c, &tm, ym, mid);
              if (chain_guard (c, mid, ym, &which) > 0)
                hi = mid;
              else
                lo = mid;
            }
          tt = *t;
          chain_advance (c, &tt, y, hi);
          chain_guard (c, hi, y, &which);
          *t = hi;
          g_array_append_val (events, hi);
          chain_event (c, hi, y, which);
          continue;
        }
      memcpy (y, yb, sizeof yb);
      *t = next;
      if (at_switch)
        chain_settle (c, next, y);
    }
}

/* Every row's want: J1..J4's phi and w, each clutch's phi_rel, w_rel,
 * tau, mode, locked, free. */
#define N_WANT (2 * N_J + 6 * N_C)

static void
test_coupled_clutches (void)
{
  g_autoptr (SwTrajectory) tr = msl_run ("Rotational", "CoupledClutches.mo", 0);
  guint n = sw_trajectory_get_n_rows (tr);
  const double *times = sw_trajectory_get_times (tr);
  g_autofree double *want = g_new (double, n * N_WANT);
  g_autoptr (GArray) events = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  Chain c = { { STUCK, FREE, FREE } };
  double y[2 * N_J] = { 0, 0, 0, 0, 10, 0, 0, 0 }, t = 0;

  for (guint j = 0; j < N_J; j++)
    {
      g_ptr_array_add (names, g_strdup_printf ("J%u.phi", j + 1));
      g_ptr_array_add (names, g_strdup_printf ("J%u.w", j + 1));
    }
  for (guint k = 0; k < N_C; k++)
    {
      static const char *const vars[] = { "phi_rel", "w_rel", "tau", "mode", "locked", "free" };

      for (guint v = 0; v < G_N_ELEMENTS (vars); v++)
        g_ptr_array_add (names, g_strdup_printf ("clutch%u.%s", k + 1, vars[v]));
    }
  /* Clutch1 slides backward from w_rel = -10. */
  c.mode[0] = BACKWARD;
  chain_settle (&c, 0, y);
  for (guint r = 0; r < n; r++)
    {
      double a[N_J], tau[N_C];
      guint w = 0;

      chain_run (&c, &t, y, times[r], events);
      chain_solve (&c, t, a, tau);
      for (guint j = 0; j < N_J; j++)
        {
          want[w++ * n + r] = y[j];
          want[w++ * n + r] = y[N_J + j];
        }
      for (guint k = 0; k < N_C; k++)
        {
          want[w++ * n + r] = y[k + 1] - y[k];
          want[w++ * n + r] = y[N_J + k + 1] - y[N_J + k];
          want[w++ * n + r] = tau[k];
          want[w++ * n + r] = c.mode[k];
          want[w++ * n + r] = c.mode[k] == STUCK;
          want[w++ * n + r] = c.mode[k] == FREE;
        }
    }
  msl_assert_events (tr, (const double *) events->data, events->len, 1e-6);
  g_array_append_vals (events, chain_switches, G_N_ELEMENTS (chain_switches));
  for (guint k = 0; k < names->len; k++)
    {
      const char *name = g_ptr_array_index (names, k);
      gboolean jumps = g_str_has_suffix (name, ".tau") || g_str_has_suffix (name, ".mode") ||
                       g_str_has_suffix (name, ".locked") || g_str_has_suffix (name, ".free");

      msl_compare_skipping (tr, name, want + k * n, 1e-4, (const double *) events->data, jumps ? events->len : 0,
                            2e-3);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/modelica/msl-independent/coupled-clutches", test_coupled_clutches);
  return g_test_run ();
}
