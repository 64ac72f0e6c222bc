/* test-msl-independent-friction.c: the MSL examples without reference
 * results that stick and slip, checked against their stuck and sliding
 * phases derived by hand from the MSL components' equations: the instants
 * where an element locks or breaks away (found on closed forms), the motion
 * between them in closed form, or, for the regularised FreeWheel, an ODE.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "test-msl-independent-common.h"

/* OneWayClutch (MSL): phi_rel = phi_out - phi_in, flange_b.tau = tau. It
 * slides while w_rel > 0 with tau = mu cgeo fn (fn = fn_max u, 0 when u <=
 * 0: free); at w_rel = 0 it is stuck: both inertias (J = 1 each) move
 * together and tau = sa = (L - T)/2 (T on inertiaIn, L on inertiaOut),
 * until sa > tau0_max = peak mu0 cgeo fn (free: eps0 mu0 cgeo fn_max),
 * when it starts forward. Here mu = 0.5, cgeo = 1, fn_max = 3, peak =
 * 25. T = offset + amp sin(omega t), so every phase is a closed form. */
typedef struct {
  double offset, amp, omega, load;
  double (*u) (double t);
  const double *switches; /* u's jumps */
  guint n_switches;
} Owc;

typedef struct {
  double t0, phi_in, w_in, phi_out, w_out, u;
  gboolean locked;
} Phase;

static double
owc_torque (const Owc *o, double t)
{
  return o->offset + o->amp * sin (o->omega * t);
}

/* The integral of T from 0 to t, and that integral's integral. */
static double
owc_i1 (const Owc *o, double t)
{
  return o->offset * t + o->amp * (1 - cos (o->omega * t)) / o->omega;
}

static double
owc_i2 (const Owc *o, double t)
{
  return o->offset * t * t / 2 + o->amp * (t - sin (o->omega * t) / o->omega) / o->omega;
}

static double
owc_slip_torque (const Phase *p)
{
  return p->u > 0 ? 0.5 * 3 * p->u : 0;
}

static double
owc_max_torque (const Phase *p)
{
  return p->u > 0 ? 25 * 0.5 * 3 * p->u : 1e-4 * 0.5 * 3;
}

/* The state of phase p at t: phi_in, w_in, phi_out, w_out. */
static void
owc_state (const Owc *o, const Phase *p, double t, double x[4])
{
  double h = t - p->t0, di = owc_i1 (o, t) - owc_i1 (o, p->t0);
  double dii = owc_i2 (o, t) - owc_i2 (o, p->t0) - owc_i1 (o, p->t0) * h;

  if (p->locked)
    {
      x[1] = p->w_in + (di + o->load * h) / 2;
      x[3] = p->w_out + (di + o->load * h) / 2;
      x[0] = p->phi_in + p->w_in * h + (dii + o->load * h * h / 2) / 2;
      x[2] = p->phi_out + p->w_out * h + (dii + o->load * h * h / 2) / 2;
    }
  else
    {
      double tau = owc_slip_torque (p);

      x[1] = p->w_in + di + tau * h;
      x[3] = p->w_out + (o->load - tau) * h;
      x[0] = p->phi_in + p->w_in * h + dii + tau * h * h / 2;
      x[2] = p->phi_out + p->w_out * h + (o->load - tau) * h * h / 2;
    }
}

static double
owc_locked_torque (const Owc *o, double t)
{
  return (o->load - owc_torque (o, t)) / 2;
}

/* What ends phase p: w_rel reaching 0 (sliding) or sa passing tau0_max
 * (stuck); > 0 once it has. */
static double
owc_guard (const Owc *o, const Phase *p, double t)
{
  double x[4];

  if (p->locked)
    return owc_locked_torque (o, t) - owc_max_torque (p);
  owc_state (o, p, t, x);
  return -(x[3] - x[1]);
}

/* The first instant in (t0, t1] where the guard turns positive, or t1
 * when it stays negative: a scan in steps of 1e-4 s, then bisection. */
static double
owc_end (const Owc *o, const Phase *p, double t1, gboolean *hit)
{
  double a = p->t0;

  *hit = FALSE;
  while (a < t1)
    {
      double b = MIN (a + 1e-4, t1);

      if (owc_guard (o, p, b) > 0)
        {
          for (int k = 0; k < 80 && b - a > 1e-15; k++)
            {
              double m = (a + b) / 2;

              if (owc_guard (o, p, m) > 0)
                b = m;
              else
                a = m;
            }
          *hit = TRUE;
          return b;
        }
      a = b;
    }
  return t1;
}

/* The phases from x0 (w_rel > 0: sliding) to stop; the instants where the
 * clutch locked or broke away into events. */
static GArray *
owc_phases (const Owc *o, const double x0[4], double stop, GArray *events)
{
  GArray *phases = g_array_new (FALSE, FALSE, sizeof (Phase));
  Phase p = { 0, x0[0], x0[1], x0[2], x0[3], o->u (0), FALSE };
  guint next = 0;

  while (p.t0 < stop)
    {
      double t1 = next < o->n_switches ? MIN (o->switches[next], stop) : stop, x[4];
      gboolean hit;
      double end = owc_end (o, &p, t1, &hit);

      g_array_append_val (phases, p);
      g_assert_cmpuint (phases->len, <, 1000);
      owc_state (o, &p, end, x);
      p.t0 = end;
      p.phi_in = x[0];
      p.w_in = x[1];
      p.phi_out = x[2];
      p.w_out = x[3];
      if (hit)
        {
          g_array_append_val (events, end);
          if (p.locked)
            p.locked = FALSE;
          else
            {
              /* Stuck: held unless the torque it would hold already
               * exceeds its limit (then it slides on). */
              p.w_out = p.w_in;
              p.locked = owc_locked_torque (o, end) <= owc_max_torque (&p);
            }
        }
      else if (end >= t1 && next < o->n_switches && o->switches[next] <= end)
        {
          p.u = o->u (end + 1e-12);
          next++;
          if (p.locked && owc_locked_torque (o, end) > owc_max_torque (&p))
            {
              g_array_append_val (events, end);
              p.locked = FALSE;
            }
        }
    }
  return phases;
}

static const Phase *
owc_phase_at (GArray *phases, double t)
{
  guint k = phases->len - 1;

  while (k > 0 && g_array_index (phases, Phase, k).t0 > t)
    k--;
  return &g_array_index (phases, Phase, k);
}

/* Every row's want: inertiaIn.phi, .w, inertiaOut.phi, .w,
 * oneWayClutch.phi_rel, .w_rel, .tau, .locked. */
static void
check_one_way_clutch (const char *file, const Owc *o, double x0[4])
{
  static const char *const names[] = { "inertiaIn.phi", "inertiaIn.w", "inertiaOut.phi", "inertiaOut.w",
                                       "oneWayClutch.phi_rel", "oneWayClutch.w_rel", "oneWayClutch.tau",
                                       "oneWayClutch.locked" };
  g_autoptr (SwTrajectory) tr = msl_run ("Rotational", file, 0);
  guint n = sw_trajectory_get_n_rows (tr);
  const double *t = sw_trajectory_get_times (tr);
  g_autoptr (GArray) events = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) phases = owc_phases (o, x0, t[n - 1], events);
  g_autofree double *want = g_new (double, n * G_N_ELEMENTS (names));

  msl_assert_events (tr, (const double *) events->data, events->len, 1e-6);
  for (guint r = 0; r < n; r++)
    {
      const Phase *p = owc_phase_at (phases, t[r]);
      double x[4];

      owc_state (o, p, t[r], x);
      {
        const double v[] = { x[0], x[1], x[2], x[3], x[2] - x[0], x[3] - x[1],
                             p->locked ? owc_locked_torque (o, t[r]) : owc_slip_torque (p), p->locked };

        for (guint k = 0; k < G_N_ELEMENTS (names); k++)
          want[k * n + r] = v[k];
      }
    }
  for (guint k = 0; k < 6; k++)
    msl_compare (tr, names[k], want + k * n, 1e-4);
  /* The clutch's torque and state jump at its events and u's. */
  g_array_append_vals (events, o->switches, o->n_switches);
  for (guint k = 6; k < G_N_ELEMENTS (names); k++)
    msl_compare_skipping (tr, names[k], want + k * n, 1e-4, (const double *) events->data, events->len, 2e-3);
}

/* OneWayClutch: T = 10 sin(2 pi 3 t), no load, u a pulse of 1 from 0.3 s,
 * 0.65 s wide every 1.3 s; from w_in = -0.5, w_out = 0 (w_rel = 0.5). */
static double
pulse (double t)
{
  double p = fmod (t - 0.3, 1.3);

  return t >= 0.3 && p < 0.65 ? 1 : 0;
}

static void
test_one_way_clutch (void)
{
  static const double switches[] = { 0.3, 0.95, 1.6 };
  static const Owc o = { 0, 10, 2 * G_PI * 3, 0, pulse, switches, G_N_ELEMENTS (switches) };
  double x0[4] = { 0, -0.5, 0, 0 };

  check_one_way_clutch ("OneWayClutch.mo", &o, x0);
}

/* OneWayClutchDisengaged: u = 0, T = 0.3 + 10 sin(2 pi 2 t) in, a load of
 * -0.3 N.m out. */
static double
zero (double t)
{
  return 0;
}

static void
test_one_way_clutch_disengaged (void)
{
  static const Owc o = { 0.3, 10, 2 * G_PI * 2, -0.3, zero, NULL, 0 };
  double x0[4] = { 0, -0.5, 0, 0 };

  check_one_way_clutch ("OneWayClutchDisengaged.mo", &o, x0);
}

/* DemoFreeWheel (MSL 4.1's FreeWheel, compliant): inertia1 follows w1 =
 * 5 sin(2 pi 5 t) exactly; the freewheel's w_rel = w2 - w1, free while
 * w_rel >= 0 with tau = residualFriction w_rel, else torqueTransmission
 * w_rel (1e-5 and 1e5), tau = flange_b.tau: inertia2 gets -tau; the load
 * is -5 w2 N.m on inertia2 (J = 1): der(w2) = -tau - 5 w2. */
static double
free_wheel_tau (double w_rel)
{
  return w_rel >= 0 ? 1e-5 * w_rel : 1e5 * w_rel;
}

static double
free_wheel_w1 (double t)
{
  return 5 * sin (2 * G_PI * 5 * t);
}

static int
free_wheel_rhs (double t, const double y[], double dydt[], void *params)
{
  dydt[0] = y[1];
  dydt[1] = -free_wheel_tau (y[1] - free_wheel_w1 (t)) - 5 * y[1];
  return GSL_SUCCESS;
}

static void
test_demo_free_wheel (void)
{
  static const char *const names[] = { "inertia1.w", "inertia1.phi", "inertia2.phi", "inertia2.w",
                                       "freeWheel.w_rel", "freeWheel.tau", "torqueLoad.tau" };
  g_autoptr (SwTrajectory) tr = msl_run ("Rotational", "DemoFreeWheel.mo", 0);
  static const double y0[2] = { 0 };
  g_autofree double *y = msl_solve (tr, free_wheel_rhs, NULL, 2, y0, NULL, 0);
  guint n = sw_trajectory_get_n_rows (tr);
  const double *t = sw_trajectory_get_times (tr), w = 2 * G_PI * 5;
  g_autofree double *want = g_new (double, n * G_N_ELEMENTS (names));

  for (guint r = 0; r < n; r++)
    {
      double w_rel = y[2 * r + 1] - free_wheel_w1 (t[r]);
      const double v[] = { free_wheel_w1 (t[r]), 5 * (1 - cos (w * t[r])) / w, y[2 * r], y[2 * r + 1], w_rel,
                           free_wheel_tau (w_rel), -5 * y[2 * r + 1] };

      for (guint k = 0; k < G_N_ELEMENTS (names); k++)
        want[k * n + r] = v[k];
    }
  /* Locked, tau is 1e5 w_rel: the integrators' 1e-7 in w_rel shows. */
  for (guint k = 0; k < G_N_ELEMENTS (names); k++)
    msl_compare (tr, names[k], want + k * n, strcmp (names[k], "freeWheel.tau") == 0 ? 5e-4 : 1e-5);
}

/* The FreeWheel of the MSL's first draft (tauRes, wRes: over two flanges,
 * w_rel = w_a - w_b, tau = flange_a.tau) moves the same, its w_rel and tau
 * of the other sign. */
static void
test_demo_free_wheel_draft (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "modelica", "msl", "Rotational",
                                                 "DemoFreeWheel.mo", NULL);
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) draft = NULL;
  g_autoptr (SwModel) model = NULL;
  g_autoptr (SwTrajectory) tr = NULL, compliant = msl_run ("Rotational", "DemoFreeWheel.mo", 0);
  guint n;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  draft = g_string_new (text);
  g_assert_cmpuint (g_string_replace (draft, "FreeWheel freeWheel", "FreeWheel freeWheel(tauRes=1e-5, wRes=1e-5)", 1),
                    ==, 1);
  model = sw_modelica_import (draft->str, -1, "DemoFreeWheel.mo", &error);
  g_assert_no_error (error);
  tr = sw_test_run_model (model, 0, 0);
  n = sw_trajectory_get_n_rows (tr);
  g_assert_cmpuint (n, ==, sw_trajectory_get_n_rows (compliant));
  for (guint r = 0; r < n; r++)
    {
      g_assert_cmpfloat_with_epsilon (sw_test_column (tr, "inertia2.w")[r], sw_test_column (compliant, "inertia2.w")[r],
                                      1e-9);
      g_assert_cmpfloat_with_epsilon (sw_test_column (tr, "freeWheel.w_rel")[r],
                                      -sw_test_column (compliant, "freeWheel.w_rel")[r], 1e-9);
      g_assert_cmpfloat_with_epsilon (sw_test_column (tr, "freeWheel.tau")[r],
                                      -sw_test_column (compliant, "freeWheel.tau")[r], 1e-4);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/modelica/msl-independent/one-way-clutch", test_one_way_clutch);
  g_test_add_func ("/modelica/msl-independent/one-way-clutch-disengaged", test_one_way_clutch_disengaged);
  g_test_add_func ("/modelica/msl-independent/demo-free-wheel", test_demo_free_wheel);
  g_test_add_func ("/modelica/msl-independent/demo-free-wheel-draft", test_demo_free_wheel_draft);
  return g_test_run ();
}
