/* test-msl-independent-modelicatest.c: ModelicaTest's small rotational
 * models against closed forms derived by hand: the users' guide's drive
 * trains (a sine of 1 N.m at 1 Hz on inertias behind ideal gears and
 * planetaries), models at rest, a stuck bearing, the speed sources.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "test-msl-independent-common.h"

typedef double (*Form) (double t);

typedef struct {
  const char *name;
  Form        form;
  double      tight;
} Signal;

static void
check_forms (const char *file, const Signal *signals, guint n_signals)
{
  g_autoptr (SwTrajectory) tr = msl_run ("ModelicaTest", file, 0);
  guint n = sw_trajectory_get_n_rows (tr);
  const double *t = sw_trajectory_get_times (tr);
  g_autofree double *want = g_new (double, n);

  for (guint k = 0; k < n_signals; k++)
    {
      for (guint r = 0; r < n; r++)
        want[r] = signals[k].form (t[r]);
      msl_compare (tr, signals[k].name, want, signals[k].tight);
    }
}

static double
zero (double t)
{
  return 0;
}

/* sin(2 pi t) on J: w = (1 - cos 2 pi t)/(2 pi J), phi = (t - sin(2 pi
 * t)/(2 pi))/(2 pi J). Behind a gear of 5 (or 1/5 turned round) J1 = 0.2
 * carries J2 = 5 as 5/25: J = 0.4 at the driven side, the other turns at a
 * fifth. */
static double
w_of (double t, double j)
{
  return (1 - cos (2 * G_PI * t)) / (2 * G_PI * j);
}

static double
phi_of (double t, double j)
{
  return (t - sin (2 * G_PI * t) / (2 * G_PI)) / (2 * G_PI * j);
}

static double drive_w (double t) { return w_of (t, 0.4); }
static double drive_phi (double t) { return phi_of (t, 0.4); }
static double driven_w (double t) { return w_of (t, 0.4) / 5; }
static double driven_phi (double t) { return phi_of (t, 0.4) / 5; }
static double alone_w (double t) { return w_of (t, 1); }
static double alone_phi (double t) { return phi_of (t, 1); }
static double torque_of (double t) { return sin (2 * G_PI * t); }

static void
test_simple_drive_train (void)
{
  static const Signal s[] = { { "J1.w", drive_w, 1e-5 }, { "J1.phi", drive_phi, 1e-5 },
                              { "J2.w", driven_w, 1e-5 }, { "J2.phi", driven_phi, 1e-5 },
                              { "torque.tau", torque_of, 1e-12 } };

  check_forms ("SimpleDriveTrain.mo", s, G_N_ELEMENTS (s));
}

/* Three times the drive train: gear (5) forward, gear1 (1/5) and gear2
 * (1/5) driven from flange_b: the same motion. */
static void
test_directions (void)
{
  static const Signal s[] = { { "J1.w", drive_w, 1e-5 },   { "J1.phi", drive_phi, 1e-5 },
                              { "J2.w", driven_w, 1e-5 },  { "J2.phi", driven_phi, 1e-5 },
                              { "J3.w", drive_w, 1e-5 },   { "J3.phi", drive_phi, 1e-5 },
                              { "J4.w", driven_w, 1e-5 },  { "J4.phi", driven_phi, 1e-5 },
                              { "J5.w", drive_w, 1e-5 },   { "J5.phi", drive_phi, 1e-5 },
                              { "J6.w", driven_w, 1e-5 },  { "J6.phi", driven_phi, 1e-5 } };

  check_forms ("Directions.mo", s, G_N_ELEMENTS (s));
}

/* Two inertias driven at flange_a and flange_b alike; the planetaries'
 * rings are free (no torque through them), the rest at rest. */
static void
test_directions2 (void)
{
  static const Signal s[] = { { "inertia1.w", alone_w, 1e-5 }, { "inertia1.phi", alone_phi, 1e-5 },
                              { "inertia2.w", alone_w, 1e-5 }, { "inertia2.phi", alone_phi, 1e-5 },
                              { "inertia3.w", zero, 1e-12 },   { "inertia4.w", zero, 1e-12 },
                              { "inertia5.w", zero, 1e-12 },   { "inertia6.w", zero, 1e-12 },
                              { "J2.w", zero, 1e-12 },         { "J4.w", zero, 1e-12 },
                              { "J6.w", zero, 1e-12 },         { "inertia3.phi", zero, 1e-12 } };

  check_forms ("Directions2.mo", s, G_N_ELEMENTS (s));
}

static void
test_at_rest (void)
{
  static const Signal d3[] = { { "J1.phi", zero, 1e-12 }, { "J1.w", zero, 1e-12 }, { "J2.w", zero, 1e-12 },
                               { "J3.w", zero, 1e-12 },   { "J4.phi", zero, 1e-12 } };
  static const Signal cp[] = { { "inertia1.w", zero, 1e-12 }, { "inertia2.phi", zero, 1e-12 },
                               { "inertia3.w", zero, 1e-12 }, { "inertia4.w", zero, 1e-12 },
                               { "spring1.phi_rel", zero, 1e-12 }, { "spring2.phi_rel", zero, 1e-12 } };

  check_forms ("Directions3.mo", d3, G_N_ELEMENTS (d3));
  check_forms ("ConnectionPossibilities.mo", cp, G_N_ELEMENTS (cp));
}

/* SupportTorque1: sin(2 pi t) through a gear of 1 against a
 * BearingFriction of 1 N.m (peak 1): it never exceeds the limit, so all
 * stays at rest and the bearing holds the whole torque. */
static void
test_support_torque1 (void)
{
  static const Signal s[] = { { "inertia3.w", zero, 1e-12 },          { "inertia3.phi", zero, 1e-12 },
                              { "inertia4.w", zero, 1e-12 },          { "bearingFriction1.tau", torque_of, 1e-9 },
                              { "bearingFriction1.mode", zero, 1e-12 }, { "idealGear2.support.tau", zero, 1e-9 } };

  check_forms ("SupportTorque1.mo", s, G_N_ELEMENTS (s));
}

/* TestSpeed: speed1 and speed3 follow a unit step at 0.5 s through the
 * first order filter der(w) = (w_ref - w) 2 pi f_crit (f_crit = 5), speed2
 * and speed4 follow sin(2 pi t) exactly; the translational ones from s =
 * 1. */
static double
filtered_w (double t)
{
  return t < 0.5 ? 0 : 1 - exp (-10 * G_PI * (t - 0.5));
}

static double
filtered_phi (double t)
{
  return t < 0.5 ? 0 : (t - 0.5) - (1 - exp (-10 * G_PI * (t - 0.5))) / (10 * G_PI);
}

static double filtered_s (double t) { return 1 + filtered_phi (t); }
static double exact_phi (double t) { return (1 - cos (2 * G_PI * t)) / (2 * G_PI); }
static double exact_s (double t) { return 1 + exact_phi (t); }

static void
test_speed (void)
{
  static const Signal s[] = { { "inertia1.w", filtered_w, 1e-6 }, { "inertia1.phi", filtered_phi, 1e-6 },
                              { "inertia2.w", torque_of, 1e-9 },   { "inertia2.phi", exact_phi, 1e-6 },
                              { "mass1.v", filtered_w, 1e-6 },     { "mass1.s", filtered_s, 1e-6 },
                              { "mass2.v", torque_of, 1e-9 },      { "mass2.s", exact_s, 1e-6 } };

  check_forms ("TestSpeed.mo", s, G_N_ELEMENTS (s));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/modelica/msl-independent/simple-drive-train", test_simple_drive_train);
  g_test_add_func ("/modelica/msl-independent/directions", test_directions);
  g_test_add_func ("/modelica/msl-independent/directions2", test_directions2);
  g_test_add_func ("/modelica/msl-independent/at-rest", test_at_rest);
  g_test_add_func ("/modelica/msl-independent/support-torque1", test_support_torque1);
  g_test_add_func ("/modelica/msl-independent/test-speed", test_speed);
  return g_test_run ();
}
