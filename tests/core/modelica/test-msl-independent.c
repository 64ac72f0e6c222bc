/* test-msl-independent.c: the MSL examples without reference results
 * whose motion is smooth, run as imported and checked signal by signal,
 * under their Modelica names, against ODEs derived by hand from the MSL
 * components' equations (integrated with GSL, test-msl-independent-common.h)
 * or closed forms.
 *
 * Conventions used below (MSL): a flange's tau/f is the cut torque/force
 * acting on the component; an Inertia: J der(w) = flange_a.tau +
 * flange_b.tau; a compliant element: phi_rel = flange_b.phi -
 * flange_a.phi, flange_b.tau = tau = -flange_a.tau; IdealGear/IdealLever:
 * phi_a - phi_support = ratio (phi_b - phi_support), 0 = ratio
 * flange_a.tau + flange_b.tau, support.tau = -flange_a.tau - flange_b.tau;
 * a Torque/Force source: flange.tau = -tau.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "test-msl-independent-common.h"

/* A column of want per signal, filled row by row by observe. */
typedef void (*Observe) (double t, const double *y, double *signals);

/* jumps (may be NULL): the signals not compared within 1e-9 s of the
 * instants of breaks (their left limit there is in the run's rows). */
static void
check_signals_jumping (SwTrajectory *tr, const double *states, size_t dim, Observe observe, const char *const *names,
                       const double *tight, const gboolean *jumps, const double *breaks, guint n_breaks)
{
  guint n = sw_trajectory_get_n_rows (tr), n_names = g_strv_length ((char **) names);
  const double *t = sw_trajectory_get_times (tr);
  double *want = g_new (double, n * n_names), *signals = g_newa (double, n_names);

  for (guint r = 0; r < n; r++)
    {
      observe (t[r], states + r * dim, signals);
      for (guint k = 0; k < n_names; k++)
        want[k * n + r] = signals[k];
    }
  for (guint k = 0; k < n_names; k++)
    msl_compare_skipping (tr, names[k], want + k * n, tight[k], breaks, jumps != NULL && jumps[k] ? n_breaks : 0, 1e-9);
  g_free (want);
}

static void
check_signals (SwTrajectory *tr, const double *states, size_t dim, Observe observe, const char *const *names,
               const double *tight)
{
  check_signals_jumping (tr, states, dim, observe, names, tight, NULL, NULL, 0);
}

/* FirstGrounded: sine torque 10 sin(2 pi 5 t) on J1 = 0.1, gear 10 to
 * J2 = 2 (damper d = 10 to ground), spring c = 1e4 to J3 = 2. With y =
 * (phi2, w2, phi3, w3): (J2 + 100 J1) der(w2) = 10 tau - d w2 + c (phi3 -
 * phi2), J3 der(w3) = -c (phi3 - phi2). */
static double
first_grounded_tau (double t)
{
  return 10 * sin (2 * G_PI * 5 * t);
}

static int
first_grounded_rhs (double t, const double y[], double dydt[], void *params)
{
  double spring = 1e4 * (y[2] - y[0]);

  dydt[0] = y[1];
  dydt[1] = (10 * first_grounded_tau (t) - 10 * y[1] + spring) / (2 + 100 * 0.1);
  dydt[2] = y[3];
  dydt[3] = -spring / 2;
  return GSL_SUCCESS;
}

static void
first_grounded_observe (double t, const double *y, double *s)
{
  const double v[] = { 10 * y[0], 10 * y[1], y[0], y[1], y[2], y[3], y[2] - y[0], 1e4 * (y[2] - y[0]),
                       -y[0], -y[1], -10 * y[1], first_grounded_tau (t) };

  memcpy (s, v, sizeof v);
}

static void
test_first_grounded (void)
{
  static const char *const names[] = { "inertia1.phi", "inertia1.w", "inertia2.phi", "inertia2.w", "inertia3.phi",
                                       "inertia3.w", "spring.phi_rel", "spring.tau", "damper.phi_rel",
                                       "damper.w_rel", "damper.tau", "torque.tau", NULL };
  static const double tight[] = { 1e-4, 1e-4, 1e-4, 1e-4, 1e-4, 1e-4, 1e-4, 1e-4, 1e-4, 1e-4, 1e-4, 1e-9 };
  static const double y0[4] = { 0 };
  g_autoptr (SwTrajectory) tr = msl_run ("Rotational", "FirstGrounded.mo", 0);
  g_autofree double *y = msl_solve (tr, first_grounded_rhs, NULL, 4, y0, NULL, 0);

  check_signals (tr, y, 4, first_grounded_observe, names, tight);
}

/* ElasticBearing: a ramp torque (0 to 100 N.m over 5 s) on the shaft (J =
 * 1), a gear of 3 whose support is the housing (J = 5, on a spring-damper
 * c = 1e5, d = 5 to ground, through a MultiSensor), a spring c = 1e3 to the
 * load (J = 50). y = (phi_s, w_s, phi_h, w_h, phi_L, w_L); the gear's
 * output angle is phi_h + (phi_s - phi_h)/3, its torques -tau_s/3 and
 * tau_s on its flanges, 2 tau_s/3 on the housing. */
typedef struct {
  double gear_phi, gear_w, spring, bearing;
} Bearing;

static double
ramp (double t, double height, double duration, double start)
{
  return t < start ? 0 : t < start + duration ? height * (t - start) / duration : height;
}

static Bearing
bearing_of (const double y[])
{
  Bearing b;

  b.gear_phi = y[2] + (y[0] - y[2]) / 3;
  b.gear_w = y[3] + (y[1] - y[3]) / 3;
  b.spring = 1e3 * (y[4] - b.gear_phi);
  b.bearing = 1e5 * y[2] + 5 * y[3];
  return b;
}

static int
elastic_bearing_rhs (double t, const double y[], double dydt[], void *params)
{
  Bearing b = bearing_of (y);

  dydt[0] = y[1];
  dydt[1] = ramp (t, 100, 5, 0) + b.spring / 3;
  dydt[2] = y[3];
  dydt[3] = (2 * b.spring / 3 - b.bearing) / 5;
  dydt[4] = y[5];
  dydt[5] = -b.spring / 50;
  return GSL_SUCCESS;
}

static void
elastic_bearing_observe (double t, const double *y, double *s)
{
  Bearing b = bearing_of (y);
  const double v[] = { y[0], y[1], y[2], y[3], y[4], y[5], y[4] - b.gear_phi, b.spring, y[2], y[3], b.bearing,
                       -b.bearing, y[3], -b.bearing * y[3] };

  memcpy (s, v, sizeof v);
}

static void
test_elastic_bearing (void)
{
  static const char *const names[] = { "shaft.phi", "shaft.w", "housing.phi", "housing.w", "load.phi", "load.w",
                                       "spring.phi_rel", "spring.tau", "springDamper.phi_rel", "springDamper.w_rel",
                                       "springDamper.tau", "multiSensor.tau", "multiSensor.w", "multiSensor.power",
                                       NULL };
  static const double tight[] = { 1e-4, 1e-4, 1e-4, 1e-4, 1e-4, 1e-4, 1e-4, 1e-4, 1e-4, 1e-4, 1e-4, 1e-4, 1e-4, 1e-4 };
  static const double y0[6] = { 0 }, breaks[] = { 5 };
  g_autoptr (SwTrajectory) tr = msl_run ("Rotational", "ElasticBearing.mo", 0);
  g_autofree double *y = msl_solve (tr, elastic_bearing_rhs, NULL, 6, y0, breaks, G_N_ELEMENTS (breaks));

  check_signals (tr, y, 6, elastic_bearing_observe, names, tight);
}

/* GearGrounded and LeverGrounded: a force F on mass1 (m1 = 0.1), an ideal
 * gear (lever) of r = 1.6 whose support sits on a spring-damper (c = 800,
 * d = 50) to ground, mass2 (m2 = 7) behind it, in GearGrounded on a
 * spring-damper (c = 160, d = 10, s_rel0 = 0.1) to ground. y = (s2, v2,
 * s_h, v_h): s1 = r s2 + (1 - r) s_h; the support's massless spring-damper
 * carries the gear's reaction, c s_h + d v_h = (1 - r) fa (fa on the
 * gear's flange_a); m2 der(v2) = r fa + f_out; m1 der(v1) = F - fa gives
 * der(v_h). */
typedef struct {
  double (*force) (double t);
  gboolean out; /* the spring-damper behind mass2 */
} Lever;

#define LEVER_R 1.6

static double
lever_fa (const double y[])
{
  return (800 * y[2] + 50 * y[3]) / (1 - LEVER_R);
}

static double
lever_f_out (const Lever *l, const double y[])
{
  return l->out ? 160 * (-y[0] - 0.1) - 10 * y[1] : 0;
}

static int
lever_rhs (double t, const double y[], double dydt[], void *params)
{
  const Lever *l = params;
  double fa = lever_fa (y), a2 = (LEVER_R * fa + lever_f_out (l, y)) / 7;

  dydt[0] = y[1];
  dydt[1] = a2;
  dydt[2] = y[3];
  dydt[3] = ((l->force (t) - fa) / 0.1 - LEVER_R * a2) / (1 - LEVER_R);
  return GSL_SUCCESS;
}

static double
gear_grounded_force (double t)
{
  /* offset = s_rel0 c / ratio = 10: at rest on the output spring. */
  return 10 + ramp (t, 10, 0.6, 0.3);
}

static double
lever_grounded_force (double t)
{
  return 10 * sin (2 * G_PI * 5 * t);
}

static void
check_lever (const char *file, const Lever *l, const char *support, const double *breaks, guint n_breaks)
{
  g_autoptr (SwTrajectory) tr = msl_run ("Translational", file, 0);
  static const double y0[4] = { 0 };
  g_autofree double *y = msl_solve (tr, lever_rhs, (gpointer) l, 4, y0, breaks, n_breaks);
  guint n = sw_trajectory_get_n_rows (tr);
  g_autofree double *want = g_new (double, n * 12);
  g_autofree char *s_rel = g_strdup_printf ("%s.s_rel", support), *v_rel = g_strdup_printf ("%s.v_rel", support);
  g_autofree char *f = g_strdup_printf ("%s.f", support);
  const char *names[] = { "mass1.s", "mass1.v", "mass2.s", "mass2.v", s_rel, v_rel, f, "force.f",
                          "springDamper.s_rel", "springDamper.v_rel", "springDamper.f" };
  guint n_names = l->out ? 11 : 8;
  const double *t = sw_trajectory_get_times (tr);

  for (guint r = 0; r < n; r++)
    {
      const double *x = y + 4 * r;
      const double v[] = { LEVER_R * x[0] + (1 - LEVER_R) * x[2], LEVER_R * x[1] + (1 - LEVER_R) * x[3], x[0], x[1],
                           x[2], x[3], 800 * x[2] + 50 * x[3], l->force (t[r]), -x[0], -x[1], lever_f_out (l, x) };

      for (guint k = 0; k < n_names; k++)
        want[k * n + r] = v[k];
    }
  for (guint k = 0; k < n_names; k++)
    msl_compare (tr, names[k], want + k * n, 1e-4);
}

static void
test_gear_grounded (void)
{
  static const Lever l = { gear_grounded_force, TRUE };
  static const double breaks[] = { 0.3, 0.9 };

  check_lever ("GearGrounded.mo", &l, "springDamperSupport", breaks, G_N_ELEMENTS (breaks));
}

static void
test_lever_grounded (void)
{
  static const Lever l = { lever_grounded_force, FALSE };

  check_lever ("LeverGrounded.mo", &l, "springDamper", NULL, 0);
}

/* Sensors: 10 sin(2 pi 4 t) N on m = 1 (L = 1) from rest at 0, through a
 * ForceSensor and a MultiSensor: v = A (1 - cos wt)/w, s = A (t - sin(wt)/w)/w
 * with w = 8 pi. */
static void
test_sensors (void)
{
  g_autoptr (SwTrajectory) tr = msl_run ("Translational", "Sensors.mo", 0);
  static const char *const names[] = { "mass.s", "mass.v", "mass.a", "positionSensor1.s", "positionSensor2.s",
                                       "speedSensor1.v", "accSensor1.a", "forceSensor.f", "multiSensor.f",
                                       "multiSensor.v", "multiSensor.power" };
  guint n = sw_trajectory_get_n_rows (tr);
  g_autofree double *want = g_new (double, n * G_N_ELEMENTS (names));
  const double *t = sw_trajectory_get_times (tr), w = 8 * G_PI;

  for (guint r = 0; r < n; r++)
    {
      double f = 10 * sin (w * t[r]), v = 10 * (1 - cos (w * t[r])) / w, s = 10 * (t[r] - sin (w * t[r]) / w) / w;
      const double x[] = { s, v, f, s - 0.5, s + 0.5, v, f, f, f, v, f * v };

      for (guint k = 0; k < G_N_ELEMENTS (names); k++)
        want[k * n + r] = x[k];
    }
  for (guint k = 0; k < G_N_ELEMENTS (names); k++)
    msl_compare (tr, names[k], want + k * n, 1e-5);
}

/* Vehicle: three Vehicles (m = 100, J = 0, R = 0.25, A = 1, Cd = 0.5, Cr =
 * 0.01, the component's own rho = 1.2: the example's rho = 1.18 only sizes
 * the gain) on the table's inclination; vehicle driven by k u(t), vehicle1
 * by 2 k u(t) pulling the trailer through a MultiSensor, k = (fDrag +
 * fRoll) R at the nominal 25/3.5 m/s. Each 100 kg: m a = k u / R - Cd A
 * rho v |v| / 2 - Cr m g cos(alpha) (v / vReg within vReg = 1e-3, else
 * sign v) - m g sin(alpha), alpha = atan(inclination); vehicle1 and the
 * trailer move as vehicle does, and the coupling carries k u / R. */
#define G_N 9.80665

static double
vehicle_factor (double t)
{
  return t < 5 ? 0 : t < 10.8 ? 5.6 : t < 20 ? 1 : t < 25 ? 2.8 : t < 50 ? 1 : t < 55 ? -5 : 0;
}

static double
vehicle_inclination (double t)
{
  return t >= 20 && t < 25 ? 0.05 : 0;
}

static double
vehicle_k (void)
{
  double v_nom = 25 / 3.5;

  return (0.5 * 1 * 1.18 * v_nom * v_nom / 2 + 0.01 * 100 * G_N) * 0.25;
}

static int
vehicle_rhs (double t, const double y[], double dydt[], void *params)
{
  double alpha = atan (vehicle_inclination (t)), v = y[1];
  double roll = 0.01 * 100 * G_N * cos (alpha) * (fabs (v) >= 1e-3 ? (v > 0 ? 1 : -1) : v / 1e-3);

  dydt[0] = v;
  dydt[1] = (vehicle_k () * vehicle_factor (t) / 0.25 - 0.5 * 1 * 1.2 * v * fabs (v) / 2 - roll -
             100 * G_N * sin (alpha)) / 100;
  return GSL_SUCCESS;
}

static void
vehicle_observe (double t, const double *y, double *s)
{
  double a[2], f = vehicle_k () * vehicle_factor (t);
  const double v[] = { y[0], y[1], 0, y[0], y[1], 0, y[0], y[1], f / 0.25, y[1], f, 2 * f };

  vehicle_rhs (t, y, a, NULL);
  memcpy (s, v, sizeof v);
  s[2] = s[5] = a[1];
}

static void
test_vehicle (void)
{
  static const char *const names[] = { "vehicle.s", "vehicle.v", "vehicle.a", "vehicle1.s", "vehicle1.v", "vehicle1.a",
                                       "trailer.s", "trailer.v", "multiSensor.f", "multiSensor.v", "torque.tau",
                                       "torque1.tau", NULL };
  static const double tight[] = { 1e-4, 1e-4, 1e-4, 1e-4, 1e-4, 1e-4, 1e-4, 1e-4, 1e-4, 1e-4, 1e-9, 1e-9 };
  static const double y0[2] = { 0 }, breaks[] = { 5, 10.8, 20, 25, 50, 55 };
  g_autoptr (SwTrajectory) tr = msl_run ("Translational", "Vehicle.mo", 0);
  g_autofree double *y = msl_solve (tr, vehicle_rhs, NULL, 2, y0, breaks, G_N_ELEMENTS (breaks));

  static const gboolean jumps[] = { FALSE, FALSE, TRUE, FALSE, FALSE, TRUE, FALSE, FALSE, TRUE, FALSE, TRUE, TRUE };

  check_signals_jumping (tr, y, 2, vehicle_observe, names, tight, jumps, breaks, G_N_ELEMENTS (breaks));
}

/* GenerationOfFMUs (both domains, the same numbers): 10 sin(2 pi 2 t)
 * drives three pairs of 1.1 and 2.2 (kg.m2 or kg) from rest. The
 * DirectInertia and InverseInertia blocks joined through their signals
 * are one body of 3.3 (closed form); the pairs through the SpringDamper
 * (c = 1e4, d = 100) and Spring (c = 1e4) blocks are two-body ODEs:
 * y = (x2a, v2a, x2b, v2b, x3a, v3a, x3b, v3b), the element's force c
 * (x_b - x_a) (+ d (v_b - v_a)) on a, minus it on b. */
static int
fmus_rhs (double t, const double y[], double dydt[], void *params)
{
  double drive = 10 * sin (2 * G_PI * 2 * t);
  double f2 = 1e4 * (y[2] - y[0]) + 100 * (y[3] - y[1]), f3 = 1e4 * (y[6] - y[4]);

  for (guint k = 0; k < 4; k++)
    dydt[2 * k] = y[2 * k + 1];
  dydt[1] = (drive + f2) / 1.1;
  dydt[3] = -f2 / 2.2;
  dydt[5] = (drive + f3) / 1.1;
  dydt[7] = -f3 / 2.2;
  return GSL_SUCCESS;
}

static void
fmus_observe (double t, const double *y, double *s)
{
  double w = 2 * G_PI * 2, v1 = 10 * (1 - cos (w * t)) / (w * 3.3), x1 = 10 * (t - sin (w * t) / w) / (w * 3.3);
  const double v[] = { x1, v1, x1, v1, y[0], y[1], y[2], y[3], y[2] - y[0], y[3] - y[1], y[4], y[5], y[6], y[7],
                       y[6] - y[4] };

  memcpy (s, v, sizeof v);
}

static void
test_generation_of_fmus (void)
{
  static const char *const rot[] = { "directInertia_inertia.phi", "directInertia_inertia.w", "inverseInertia_inertia.phi",
                                     "inverseInertia_inertia.w", "inertia2a.phi", "inertia2a.w", "inertia2b.phi",
                                     "inertia2b.w", "springDamper_springDamper.phi_rel",
                                     "springDamper_springDamper.w_rel", "inertia3a.phi", "inertia3a.w", "inertia3b.phi",
                                     "inertia3b.w", "spring_spring.phi_rel", NULL };
  static const char *const trans[] = { "directMass_mass.s", "directMass_mass.v", "inverseMass_mass.s", "inverseMass_mass.v",
                                       "mass2a.s", "mass2a.v", "mass2b.s", "mass2b.v", "springDamper_springDamper.s_rel",
                                       "springDamper_springDamper.v_rel", "mass3a.s", "mass3a.v", "mass3b.s", "mass3b.v",
                                       "spring_spring.s_rel", NULL };
  static const double tight[15] = { 1e-5, 1e-5, 1e-5, 1e-5, 1e-5, 1e-5, 1e-5, 1e-5, 1e-4, 1e-4, 1e-5, 1e-5, 1e-5, 1e-5, 1e-4 };
  static const double y0[8] = { 0 };
  g_autoptr (SwTrajectory) r = msl_run ("Rotational", "GenerationOfFMUs.mo", 0);
  g_autoptr (SwTrajectory) t = msl_run ("Translational", "GenerationOfFMUs.mo", 0);
  g_autofree double *yr = msl_solve (r, fmus_rhs, NULL, 8, y0, NULL, 0);
  g_autofree double *yt = msl_solve (t, fmus_rhs, NULL, 8, y0, NULL, 0);

  check_signals (r, yr, 8, fmus_observe, rot, tight);
  check_signals (t, yt, 8, fmus_observe, trans, tight);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/modelica/msl-independent/first-grounded", test_first_grounded);
  g_test_add_func ("/modelica/msl-independent/elastic-bearing", test_elastic_bearing);
  g_test_add_func ("/modelica/msl-independent/gear-grounded", test_gear_grounded);
  g_test_add_func ("/modelica/msl-independent/lever-grounded", test_lever_grounded);
  g_test_add_func ("/modelica/msl-independent/sensors", test_sensors);
  g_test_add_func ("/modelica/msl-independent/vehicle", test_vehicle);
  g_test_add_func ("/modelica/msl-independent/generation-of-fmus", test_generation_of_fmus);
  return g_test_run ();
}
