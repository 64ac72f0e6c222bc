/* test-feedback.c: sensor outputs fed back into the signals of torque and
 * force sources ({"sensor": {"of": "spd.w"}}).
 *
 * An inertia on a spring to the ground: a torque -k w read from a speed
 * sensor is a damper d = k (the same trajectory, with rk45 and with BDF,
 * whose Jacobian reads the sensor's columns, and the same damped
 * eigenvalues, also in closed form); a torque -c phi from an angle sensor
 * is a spring c; the energy balance of the damped run; a speed fed back
 * across a spring to another body gives the eigenvalues of the state-space
 * matrix built by hand; a position fed back there is refused by the modes;
 * and the errors: a motion source, algebraic loops (acceleration, torque),
 * no such component, not a sensor, no such output; Modelica's
 * speedSensor -> gain -> torque imported, run and exported back; the
 * loop inside a subsystem; a translational force from a relative speed
 * sensor; the frequency response of a non-symmetric loop.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include <gsl/gsl_eigen.h>
#include <gsl/gsl_matrix.h>

#include "sw-error.h"
#include "sw-frf.h"
#include "sw-model.h"
#include "sw-modelica.h"
#include "sw-modes.h"
#include "sw-simulate.h"
#include "sw-system.h"
#include "sw-test-run.h"

#define J     2.0
#define C     100.0
#define K     3.0     /* the speed gain, N.m s/rad */
#define C2    40.0    /* the angle gain, N.m/rad */
#define PHI0  0.1

/* The inertia "body" on a spring "spring" to the fixed "ground", from
 * phi0 = PHI0 at rest, with what extra adds (components, then
 * connections after "|"). */
static char *
model_text (const char *extra_components, const char *extra_connections)
{
  return g_strdup_printf (
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
    "{\"id\": \"body\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": %g, \"phi0\": %g, \"w0\": 0}},"
    "{\"id\": \"spring\", \"kind\": \"rotational.spring\", \"params\": {\"c\": %g}},"
    "{\"id\": \"ground\", \"kind\": \"rotational.fixed\"}%s],"
    "\"connections\": [{\"from\": \"body.flange_a\", \"to\": \"spring.flange_b\"},"
    "{\"from\": \"spring.flange_a\", \"to\": \"ground.flange\"}%s],"
    "\"simulation\": {\"stop_time\": 3}}",
    J, PHI0, C, extra_components, extra_connections);
}

/* -gain times a sensor output as a signal. */
#define FEEDBACK(gain, of) "{\"product\": [" #gain ", {\"sensor\": {\"of\": \"" of "\"}}]}"

static const char *const speed_feedback_components =
  ",{\"id\": \"spd\", \"kind\": \"rotational.speed_sensor\"},"
  "{\"id\": \"torque\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": " FEEDBACK (-3, "spd.w") "}}";
static const char *const speed_feedback_connections =
  ",{\"from\": \"spd.flange\", \"to\": \"body.flange_b\"},{\"from\": \"torque.flange\", \"to\": \"body.flange_b\"}";
static const char *const damper_components =
  ",{\"id\": \"damper\", \"kind\": \"rotational.damper\", \"params\": {\"d\": 3}}";
static const char *const damper_connections =
  ",{\"from\": \"damper.flange_a\", \"to\": \"ground.flange\"},{\"from\": \"damper.flange_b\", \"to\": \"body.flange_b\"}";

static SwModel *
model_new (const char *text)
{
  g_autoptr (GError) error = NULL;
  SwModel *model = sw_model_new_from_data (text, -1, "feedback.shaft", &error);

  g_assert_no_error (error);
  return model;
}

static SwTrajectory *
run (const char *text, const char *method)
{
  g_autoptr (SwModel) model = model_new (text);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwSystem) sys = sw_model_assemble (model, &error);
  SwSimulateOptions o;
  SwTrajectory *tr;

  g_assert_no_error (error);
  o = sw_simulate_options_from_system (sys);
  o.output_interval_s = 0.001;
  o.tolerance = 1e-10;
  g_assert_true (sw_method_from_name (method, &o.method));
  tr = sw_simulate (sys, &o, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return tr;
}

/* The largest difference of two runs' columns, over the rows. */
static double
column_difference (SwTrajectory *a, SwTrajectory *b, const char *name)
{
  const double *x = sw_test_column (a, name), *y = sw_test_column (b, name);
  double worst = 0;

  g_assert_cmpuint (sw_trajectory_get_n_rows (a), ==, sw_trajectory_get_n_rows (b));
  for (guint r = 0; r < sw_trajectory_get_n_rows (a); r++)
    worst = MAX (worst, fabs (x[r] - y[r]));
  return worst;
}

static void
check_speed_feedback (const char *method, double eps)
{
  g_autofree char *fb = model_text (speed_feedback_components, speed_feedback_connections);
  g_autofree char *ref = model_text (damper_components, damper_connections);
  g_autoptr (SwTrajectory) a = run (fb, method);
  g_autoptr (SwTrajectory) b = run (ref, method);
  const double *t = sw_trajectory_get_times (a), *phi = sw_test_column (a, "body.phi");
  const double *tau = sw_test_column (a, "torque.tau"), *w = sw_test_column (a, "body.w");
  double dphi = column_difference (a, b, "body.phi"), dw = column_difference (a, b, "body.w");
  double sigma = K / (2 * J), wd = sqrt (C / J - sigma * sigma), worst = 0;

  /* phi = PHI0 e^(-sigma t) (cos wd t + sigma / wd sin wd t). */
  for (guint r = 0; r < sw_trajectory_get_n_rows (a); r++)
    {
      double exact = PHI0 * exp (-sigma * t[r]) * (cos (wd * t[r]) + sigma / wd * sin (wd * t[r]));

      worst = MAX (worst, fabs (phi[r] - exact));
      g_assert_cmpfloat_with_epsilon (tau[r], -K * w[r], 1e-12 * (1 + fabs (tau[r])));
    }
  g_test_message ("%s: feedback against damper: phi %.3g rad, w %.3g rad/s; closed form %.3g rad", method, dphi,
                  dw, worst);
  g_assert_cmpfloat (dphi, <=, eps * PHI0);
  g_assert_cmpfloat (dw, <=, eps * PHI0 * sqrt (C / J));
  g_assert_cmpfloat (worst, <=, 100 * eps * PHI0);
}

static void
test_speed_is_damper (void)
{
  check_speed_feedback ("rk45", 1e-8);
}

/* BDF's Jacobian must see the sensor's column: with a wrong one the
 * Newton iteration fails or crawls, and the run departs from the damper's. */
static void
test_speed_is_damper_bdf (void)
{
  check_speed_feedback ("bdf", 1e-6);
}

/* The damped eigenvalues: the damper's, and -sigma +- i wd. */
static void
test_speed_eigenvalues (void)
{
  g_autofree char *fb = model_text (speed_feedback_components, speed_feedback_connections);
  g_autofree char *ref = model_text (damper_components, damper_connections);
  g_autoptr (SwModel) m1 = model_new (fb), m2 = model_new (ref);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwSystem) s1 = sw_model_assemble (m1, &error), s2 = sw_model_assemble (m2, &error);
  g_autoptr (SwModes) a = sw_modes_compute (s1, 0, NULL, &error);
  g_autoptr (SwModes) b = NULL;
  double sigma = K / (2 * J), wd = sqrt (C / J - sigma * sigma);

  g_assert_no_error (error);
  b = sw_modes_compute (s2, 0, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (sw_modes_get_n_eigenvalues (a), ==, 2);
  g_assert_cmpuint (sw_modes_get_n_eigenvalues (b), ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      double re1, im1, re2, im2;

      sw_modes_get_eigenvalue (a, i, &re1, &im1);
      sw_modes_get_eigenvalue (b, i, &re2, &im2);
      g_test_message ("eigenvalue %u: %.12g %+.12gi (damper %.12g %+.12gi)", i, re1, im1, re2, im2);
      g_assert_cmpfloat_with_epsilon (re1, re2, 1e-7 * wd);
      g_assert_cmpfloat_with_epsilon (im1, im2, 1e-7 * wd);
      g_assert_cmpfloat_with_epsilon (re1, -sigma, 1e-7 * wd);
      g_assert_cmpfloat_with_epsilon (fabs (im1), wd, 1e-7 * wd);
    }
  g_assert_cmpfloat_with_epsilon (sw_modes_get_mode (a, 0)->damping_ratio, sigma / sqrt (C / J), 1e-7);
}

/* -C2 phi from an angle sensor on the torque's own flange is a spring C2
 * to the ground: the same motion and frequency sqrt ((C + C2) / J). */
static void
test_angle_is_spring (void)
{
  g_autofree char *fb = model_text (
    ",{\"id\": \"ang\", \"kind\": \"rotational.angle_sensor\"},"
    "{\"id\": \"torque\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": " FEEDBACK (-40, "ang.phi") "}}",
    ",{\"from\": \"ang.flange\", \"to\": \"body.flange_b\"},{\"from\": \"torque.flange\", \"to\": \"body.flange_b\"}");
  g_autofree char *ref = model_text (
    ",{\"id\": \"spring2\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 40}}",
    ",{\"from\": \"spring2.flange_a\", \"to\": \"ground.flange\"},{\"from\": \"spring2.flange_b\", \"to\": \"body.flange_b\"}");
  g_autoptr (SwTrajectory) a = run (fb, "rk45");
  g_autoptr (SwTrajectory) b = run (ref, "rk45");
  g_autoptr (SwModel) model = model_new (fb);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwSystem) sys = sw_model_assemble (model, &error);
  g_autoptr (SwModes) modes = NULL;
  double dphi = column_difference (a, b, "body.phi"), w0 = sqrt ((C + C2) / J);

  g_assert_no_error (error);
  g_test_message ("angle feedback against spring: phi %.3g rad", dphi);
  g_assert_cmpfloat (dphi, <=, 1e-8 * PHI0);
  modes = sw_modes_compute (sys, 0, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 1);
  g_assert_cmpfloat_with_epsilon (sw_modes_get_mode (modes, 0)->omega_rad_s, w0, 1e-7 * w0);
  /* Its potential energy is counted: the built-in balance holds. */
  g_assert_cmpfloat (sw_modes_get_mode (modes, 0)->energy_balance_error, <=, 1e-6);
}

/* Kinetic and spring energy change by the work of the fed-back torque:
 * E(t) - E(0) = integral of tau w dt (trapezoids on 1 ms rows). */
static void
test_energy_balance (void)
{
  g_autofree char *fb = model_text (speed_feedback_components, speed_feedback_connections);
  g_autoptr (SwTrajectory) tr = run (fb, "rk45");
  const double *t = sw_trajectory_get_times (tr), *phi = sw_test_column (tr, "body.phi");
  const double *w = sw_test_column (tr, "body.w"), *power = sw_test_column (tr, "torque.power");
  guint n = sw_trajectory_get_n_rows (tr);
  double e0 = 0.5 * C * phi[0] * phi[0], work = 0, worst = 0;

  for (guint r = 1; r < n; r++)
    {
      double e = 0.5 * J * w[r] * w[r] + 0.5 * C * phi[r] * phi[r];

      work += 0.5 * (power[r] + power[r - 1]) * (t[r] - t[r - 1]);
      worst = MAX (worst, fabs (e - e0 - work));
    }
  g_test_message ("energy: %.3g J of %.3g J dissipated, balance within %.3g J", -work, e0, worst);
  g_assert_cmpfloat (-work, >, 0.9 * e0);
  g_assert_cmpfloat (worst, <=, 1e-5 * e0);
}

/* Two inertias J on a spring C, the first also on a spring C to the
 * ground; a torque on the first from the second's speed or angle. */
static char *
two_body_text (const char *sensor_kind, const char *of, double gain)
{
  return g_strdup_printf (
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
    "{\"id\": \"b1\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": %g, \"phi0\": 0.1, \"w0\": 0}},"
    "{\"id\": \"b2\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": %g}},"
    "{\"id\": \"s1\", \"kind\": \"rotational.spring\", \"params\": {\"c\": %g}},"
    "{\"id\": \"s2\", \"kind\": \"rotational.spring\", \"params\": {\"c\": %g}},"
    "{\"id\": \"ground\", \"kind\": \"rotational.fixed\"},"
    "{\"id\": \"sen\", \"kind\": \"rotational.%s\"},"
    "{\"id\": \"torque\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": "
    "{\"product\": [%g, {\"sensor\": {\"of\": \"%s\"}}]}}}],"
    "\"connections\": [{\"from\": \"ground.flange\", \"to\": \"s1.flange_a\"},"
    "{\"from\": \"s1.flange_b\", \"to\": \"b1.flange_a\"}, {\"from\": \"b1.flange_b\", \"to\": \"s2.flange_a\"},"
    "{\"from\": \"s2.flange_b\", \"to\": \"b2.flange_a\"}, {\"from\": \"sen.flange\", \"to\": \"b2.flange_b\"},"
    "{\"from\": \"torque.flange\", \"to\": \"b1.flange_a\"}]}",
    J, J, C, C, sensor_kind, gain, of);
}

/* A speed fed back across the spring makes D non-symmetric: the damped
 * eigenvalues are those of [[0, I], [-K/J, -D/J]] with D = [[0, g], [0, 0]]
 * (torque g w2 on body 1), here from GSL's nonsymmetric solver. */
static void
test_noncollocated_speed (void)
{
  double g = -5;
  g_autofree char *text = two_body_text ("speed_sensor", "sen.w", g);
  g_autoptr (SwModel) model = model_new (text);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwSystem) sys = sw_model_assemble (model, &error);
  g_autoptr (SwModes) modes = NULL;
  gsl_matrix *a = gsl_matrix_calloc (4, 4);
  gsl_vector_complex *eval = gsl_vector_complex_alloc (4);
  gsl_eigen_nonsymm_workspace *ws = gsl_eigen_nonsymm_alloc (4);
  double k[2][2] = { { 2 * C, -C }, { -C, C } }, d[2][2] = { { 0, -g }, { 0, 0 } };

  g_assert_no_error (error);
  modes = sw_modes_compute (sys, 0, NULL, &error);
  g_assert_no_error (error);
  for (guint r = 0; r < 2; r++)
    {
      gsl_matrix_set (a, r, r + 2, 1);
      for (guint c = 0; c < 2; c++)
        {
          gsl_matrix_set (a, r + 2, c, -k[r][c] / J);
          gsl_matrix_set (a, r + 2, c + 2, -d[r][c] / J);
        }
    }
  g_assert_cmpint (gsl_eigen_nonsymm (a, eval, ws), ==, 0);
  g_assert_cmpuint (sw_modes_get_n_eigenvalues (modes), ==, 4);
  for (guint i = 0; i < 4; i++)
    {
      double re, im, best = G_MAXDOUBLE;

      sw_modes_get_eigenvalue (modes, i, &re, &im);
      for (guint j = 0; j < 4; j++)
        {
          gsl_complex z = gsl_vector_complex_get (eval, j);

          best = MIN (best, hypot (re - GSL_REAL (z), im - GSL_IMAG (z)));
        }
      g_test_message ("eigenvalue %.12g %+.12gi: %.3g from the hand-built matrix's", re, im, best);
      g_assert_cmpfloat (best, <=, 1e-7 * sqrt (C / J));
    }
  gsl_eigen_nonsymm_free (ws);
  gsl_vector_complex_free (eval);
  gsl_matrix_free (a);
}

/* A position fed back across the spring makes K non-symmetric: refused by
 * the undamped modes, naming the source; the run and the frequency
 * response work. */
static void
test_noncollocated_angle (void)
{
  g_autofree char *text = two_body_text ("angle_sensor", "sen.phi", -20);
  g_autoptr (SwModel) model = model_new (text);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwSystem) sys = sw_model_assemble (model, &error);
  g_autoptr (SwModes) modes = NULL;
  g_autoptr (SwTrajectory) tr = NULL;

  g_assert_no_error (error);
  modes = sw_modes_compute (sys, 0, NULL, &error);
  g_assert_null (modes);
  sw_test_assert_error_says (error, "component “torque” feeds back the position “sen.phi”");
  sw_test_assert_error_says (error, "not symmetric");
  tr = sw_test_run_text (text, 0.01, 1e-8);
  g_assert_cmpuint (sw_trajectory_get_n_rows (tr), >, 10);

  /* Its frequency response solves the non-symmetric system: at 1e-4 Hz
   * a unit torque on b1 turns b2 by the static K^-1, K = [[2C, 20 - C],
   * [-C, C]]: 1 / (C + 20). */
  {
    SwFrfOptions fo = sw_frf_options_default ();
    g_autoptr (SwTrajectory) frf = NULL;
    const double *re;

    fo.from_hz = 1e-4;
    fo.to_hz = 1e-3;
    fo.n_points = 2;
    g_clear_error (&error);
    frf = sw_frf_compute (sys, "b1", "sen.phi", &fo, &error);
    g_assert_no_error (error);
    re = sw_test_column (frf, "real");
    g_test_message ("static response %.12g, closed form %.12g", re[0], 1 / (C + 20));
    g_assert_cmpfloat_with_epsilon (re[0], 1 / (C + 20), 1e-6 / (C + 20));
  }
}

static void
assert_assembly_fails (const char *components, const char *connections, const char *n1, const char *n2)
{
  g_autofree char *text = model_text (components, connections);
  g_autoptr (SwModel) model = model_new (text);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwSystem) sys = sw_model_assemble (model, &error);

  g_assert_null (sys);
  g_test_message ("%s", error->message);
  sw_test_assert_error_says (error, "feedback.shaft:");
  sw_test_assert_error_says (error, n1);
  sw_test_assert_error_says (error, n2);
}

static void
test_errors (void)
{
  /* A motion source follows its signal's derivatives. */
  assert_assembly_fails (",{\"id\": \"spd\", \"kind\": \"rotational.speed_sensor\"},"
                         "{\"id\": \"drive\", \"kind\": \"rotational.speed\", \"params\": {\"w_ref\": "
                         "{\"sensor\": {\"of\": \"spd.w\"}}}}",
                         ",{\"from\": \"spd.flange\", \"to\": \"body.flange_b\"},"
                         "{\"from\": \"drive.flange\", \"to\": \"body.flange_b\"}",
                         "component “drive”: parameter “w_ref”: the sensor output “spd.w” cannot drive",
                         "only torque and force sources");
  /* Algebraic loops: an acceleration and a torque. */
  assert_assembly_fails (",{\"id\": \"acc\", \"kind\": \"rotational.acc_sensor\"},"
                         "{\"id\": \"torque\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": "
                         FEEDBACK (-1, "acc.a") "}}",
                         ",{\"from\": \"acc.flange\", \"to\": \"body.flange_b\"},"
                         "{\"from\": \"torque.flange\", \"to\": \"body.flange_b\"}",
                         "component “torque”: parameter “tau”: sensor “acc” measures “a”",
                         "of “torque” itself: an algebraic loop");
  assert_assembly_fails (",{\"id\": \"ts\", \"kind\": \"rotational.torque_sensor\"},"
                         "{\"id\": \"torque\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": "
                         "{\"sum\": [1, {\"sensor\": {\"of\": \"ts.tau\"}}]}}}",
                         ",{\"from\": \"ts.flange_a\", \"to\": \"body.flange_b\"},"
                         "{\"from\": \"ts.flange_b\", \"to\": \"torque.flange\"}",
                         "sensor “ts” measures “tau”", "an algebraic loop");
  /* Names. */
  assert_assembly_fails (",{\"id\": \"torque\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": "
                         FEEDBACK (-1, "nothing.w") "}}",
                         ",{\"from\": \"torque.flange\", \"to\": \"body.flange_b\"}",
                         "the sensor output “nothing.w” names no component", "parameter “tau”");
  assert_assembly_fails (",{\"id\": \"torque\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": "
                         FEEDBACK (-1, "body.w") "}}",
                         ",{\"from\": \"torque.flange\", \"to\": \"body.flange_b\"}",
                         "“body” (rotational.inertia) is not a sensor", "component “torque”");
  assert_assembly_fails (",{\"id\": \"spd\", \"kind\": \"rotational.speed_sensor\"},"
                         "{\"id\": \"torque\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": "
                         FEEDBACK (-1, "spd.v") "}}",
                         ",{\"from\": \"spd.flange\", \"to\": \"body.flange_b\"},"
                         "{\"from\": \"torque.flange\", \"to\": \"body.flange_b\"}",
                         "sensor “spd” has no output “v”", "it has “w”");
}

/* A run that overflows blames the part whose law gave the infinity, not
 * the sensor, body or support that only carried it (issue 21, item 17):
 * a torque fed back from a speed with a gain of +1000 (growth e^(500 t),
 * overflowing near t = 1.4 s), and a custom coupling 1/phi_rel that pulls
 * the body into phi = 0 at t = sqrt(pi/2) (phi'' = -1/phi from phi = 1). */
static void
assert_overflow_blames (const char *text, const char *method, const char *needle)
{
  g_autoptr (SwModel) model = model_new (text);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwSystem) sys = sw_model_assemble (model, &error);
  g_autoptr (SwTrajectory) tr = NULL;
  SwSimulateOptions o;

  g_assert_no_error (error);
  o = sw_simulate_options_from_system (sys);
  g_assert_true (sw_method_from_name (method, &o.method));
  tr = sw_simulate (sys, &o, NULL, NULL, NULL, &error);
  g_assert_null (tr);
  g_assert_error (error, SW_ERROR, SW_ERROR_NOT_FINITE);
  sw_test_assert_error_says (error, needle);
}

static void
test_overflow_blame (void)
{
  g_autofree char *feedback = model_text (
    ",{\"id\": \"spd\", \"kind\": \"rotational.speed_sensor\"},"
    "{\"id\": \"torque\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": " FEEDBACK (1000, "spd.w") "}}",
    speed_feedback_connections);
  const char *coupling =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
    "{\"id\": \"ground\", \"kind\": \"rotational.fixed\"},"
    "{\"id\": \"body\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1, \"phi0\": 1}},"
    "{\"id\": \"k\", \"kind\": \"rotational.custom_coupling\", \"params\": {\"tau\": \"1/phi_rel\"}}],"
    "\"connections\": [{\"from\": \"ground.flange\", \"to\": \"k.flange_a\"},"
    "{\"from\": \"k.flange_b\", \"to\": \"body.flange_a\"}], \"simulation\": {\"stop_time\": 3}}";

  assert_overflow_blames (feedback, "rk45", "component “torque”: torque.");
  assert_overflow_blames (coupling, "bdf", "component “k”: k.");
  assert_overflow_blames (coupling, "adams", "component “k”: k.");
}

/* The file's side: a sensor signal reads and writes back as itself; a
 * malformed one says what is valid. */
static void
test_file (void)
{
  g_autofree char *text = model_text (speed_feedback_components, speed_feedback_connections);
  g_autoptr (SwModel) model = model_new (text);
  g_autofree char *saved = sw_model_to_data (model, NULL);
  g_autoptr (SwModel) again = model_new (saved);
  g_autoptr (SwTrajectory) a = run (text, "rk45");
  g_autoptr (SwTrajectory) b = run (saved, "rk45");
  static const char *const bad[][2] = {
    { "{\"sensor\": {}}", "must name the sensor's output as a string" },
    { "{\"sensor\": {\"of\": 3}}", "must name the sensor's output as a string" },
    { "{\"sensor\": {\"of\": \"spd\"}}", "“spd” is not a sensor output" },
    { "{\"sensor\": {\"of\": \"spd.w\", \"k\": 2}}", "unknown field “k” in a sensor signal" },
  };

  g_assert_nonnull (strstr (saved, "\"sensor\""));
  g_assert_cmpfloat (column_difference (a, b, "body.phi"), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *comps = g_strdup_printf (",{\"id\": \"torque\", \"kind\": \"rotational.torque\", "
                                                "\"params\": {\"tau\": %s}}", bad[i][0]);
      g_autofree char *t = model_text (comps, "");
      g_autoptr (GError) error = NULL;
      g_autoptr (SwModel) m = sw_model_new_from_data (t, -1, "feedback.shaft", &error);

      g_assert_null (m);
      sw_test_assert_error_says (error, bad[i][1]);
      sw_test_assert_error_says (error, "“tau”");
    }
}

/* Modelica: connect(speedSensor.w, gain.u); connect(gain.y, torque.tau)
 * imports as the torque's signal {"product": [k, {"sensor": {"of":
 * "speedSensor.w"}}]}, runs as the damper, and exports back to a Gain
 * wired from the sensor, which imports to the same signal. */
static void
test_modelica (void)
{
  const char *text =
    "model SpeedFeedback\n"
    "  Modelica.Mechanics.Rotational.Components.Inertia body(J=2, phi(start=0.1, fixed=true), w(start=0, fixed=true));\n"
    "  Modelica.Mechanics.Rotational.Components.Spring spring(c=100);\n"
    "  Modelica.Mechanics.Rotational.Components.Fixed ground;\n"
    "  Modelica.Mechanics.Rotational.Sensors.SpeedSensor speedSensor;\n"
    "  Modelica.Blocks.Math.Gain gain(k=-3);\n"
    "  Modelica.Mechanics.Rotational.Sources.Torque torque;\n"
    "equation\n"
    "  connect(ground.flange, spring.flange_a);\n"
    "  connect(spring.flange_b, body.flange_a);\n"
    "  connect(speedSensor.flange, body.flange_b);\n"
    "  connect(torque.flange, body.flange_b);\n"
    "  connect(speedSensor.w, gain.u);\n"
    "  connect(gain.y, torque.tau);\n"
    "  annotation(experiment(StopTime=3));\n"
    "end SpeedFeedback;\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_modelica_import (text, -1, "feedback.mo", &error);
  g_autoptr (SwModel) again = NULL;
  g_autoptr (JsonNode) node = NULL, node2 = NULL;
  g_autofree char *json = NULL, *json2 = NULL, *mo = NULL;
  g_autofree char *ref = model_text (damper_components, damper_connections);
  g_autoptr (SwTrajectory) a = NULL, b = run (ref, "rk45");
  const SwComponent *c;

  g_assert_no_error (error);
  c = sw_model_get_component (model, sw_model_find_component (model, "torque"));
  node = sw_signal_to_json (c->signal[0]);
  json = json_to_string (node, FALSE);
  g_test_message ("imported: %s", json);
  g_assert_cmpstr (json, ==, "{\"product\":[-3.0,{\"sensor\":{\"of\":\"speedSensor.w\"}}]}");
  a = sw_test_run_model (model, 0.001, 1e-10);
  g_assert_cmpfloat (column_difference (a, b, "body.phi"), <=, 1e-9 * PHI0);

  mo = sw_modelica_export (model, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (mo, "Modelica.Blocks.Math.Gain torque_tau(k=-3);"));
  g_assert_nonnull (strstr (mo, "connect(speedSensor.w, torque_tau.u);"));
  g_assert_nonnull (strstr (mo, "connect(torque_tau.y, torque.tau);"));
  again = sw_modelica_import (mo, -1, "exported.mo", &error);
  g_assert_no_error (error);
  c = sw_model_get_component (again, sw_model_find_component (again, "torque"));
  node2 = sw_signal_to_json (c->signal[0]);
  json2 = json_to_string (node2, FALSE);
  g_assert_cmpstr (json2, ==, json);
}

/* Translational: a force -k v from a speed sensor (a relative one, against
 * the ground) is a damper d = k on a mass on a spring. */
static void
test_translational (void)
{
  const char *head =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
    "{\"id\": \"m\", \"kind\": \"translational.mass\", \"params\": {\"m\": 2, \"L\": 0.2, \"s0\": 0.3, \"v0\": 0}},"
    "{\"id\": \"k\", \"kind\": \"translational.spring\", \"params\": {\"c\": 100}},"
    "{\"id\": \"wall\", \"kind\": \"translational.fixed\"},";
  const char *tail =
    "], \"connections\": [{\"from\": \"wall.flange\", \"to\": \"k.flange_a\"},"
    "{\"from\": \"k.flange_b\", \"to\": \"m.flange_a\"}, %s], \"simulation\": {\"stop_time\": 3}}";
  g_autofree char *fb_tail = g_strdup_printf (tail,
    "{\"from\": \"v.flange_a\", \"to\": \"wall.flange\"}, {\"from\": \"v.flange_b\", \"to\": \"m.flange_b\"},"
    "{\"from\": \"push.flange\", \"to\": \"m.flange_b\"}");
  g_autofree char *ref_tail = g_strdup_printf (tail,
    "{\"from\": \"d.flange_a\", \"to\": \"wall.flange\"}, {\"from\": \"d.flange_b\", \"to\": \"m.flange_b\"}");
  g_autofree char *fb = g_strconcat (head,
    "{\"id\": \"v\", \"kind\": \"translational.rel_speed_sensor\"},"
    "{\"id\": \"push\", \"kind\": \"translational.force\", \"params\": {\"f\": " FEEDBACK (-3, "v.v_rel") "}}",
    fb_tail, NULL);
  g_autofree char *ref = g_strconcat (head,
    "{\"id\": \"d\", \"kind\": \"translational.damper\", \"params\": {\"d\": 3}}", ref_tail, NULL);
  g_autoptr (SwTrajectory) a = run (fb, "rk45");
  g_autoptr (SwTrajectory) b = run (ref, "bdf");
  /* With BDF, its Jacobian through the relative sensor's two columns. */
  g_autoptr (SwTrajectory) c = run (fb, "bdf");
  double d1 = column_difference (a, b, "m.s"), d2 = column_difference (c, b, "m.s");

  const double *x = sw_test_column (b, "m.s");

  /* It moves: from 0.3 towards the spring's rest at 0.1. */
  g_assert_cmpfloat (x[sw_trajectory_get_n_rows (b) - 1], <, 0.2);
  g_test_message ("translational: %.3g (rk45), %.3g (bdf) m from the damper", d1, d2);
  g_assert_cmpfloat (d1, <=, 1e-6 * 0.2);
  g_assert_cmpfloat (d2, <=, 1e-8 * 0.2);
}

/* A subsystem with the loop inside: its sensor's id is prefixed with the
 * subsystem's path when it is flattened, and it runs as the damper. */
static void
test_subsystem (void)
{
  g_autofree char *inner = model_text (speed_feedback_components, speed_feedback_connections);
  g_autofree char *ref = model_text (damper_components, damper_connections);
  g_autofree char *members = NULL, *text = NULL;
  g_autoptr (SwTrajectory) a = NULL, b = run (ref, "rk45");
  const double *x, *y;
  double worst = 0;

  /* The inner model's members without its format, version and simulation. */
  members = g_strndup (strstr (inner, "\"components\""), strstr (inner, ",\"simulation\"") - strstr (inner, "\"components\""));
  text = g_strdup_printf ("{\"format\": \"shaftwork-model\", \"version\": 1, \"subsystems\": {\"Unit\": "
                          "{\"interface\": {\"ports\": {\"flange\": \"body.flange_b\"}}, %s}},"
                          "\"components\": [{\"id\": \"unit\", \"kind\": \"subsystem\", \"subsystem\": \"Unit\"}],"
                          "\"simulation\": {\"stop_time\": 3}}", members);
  a = run (text, "rk45");
  x = sw_test_column (a, "unit.body.phi");
  y = sw_test_column (b, "body.phi");
  g_assert_cmpuint (sw_trajectory_get_n_rows (a), ==, sw_trajectory_get_n_rows (b));
  for (guint r = 0; r < sw_trajectory_get_n_rows (a); r++)
    worst = MAX (worst, fabs (x[r] - y[r]));
  g_assert_cmpfloat (worst, <=, 1e-9 * PHI0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/feedback/speed-is-damper", test_speed_is_damper);
  g_test_add_func ("/core/feedback/speed-is-damper-bdf", test_speed_is_damper_bdf);
  g_test_add_func ("/core/feedback/speed-eigenvalues", test_speed_eigenvalues);
  g_test_add_func ("/core/feedback/angle-is-spring", test_angle_is_spring);
  g_test_add_func ("/core/feedback/energy-balance", test_energy_balance);
  g_test_add_func ("/core/feedback/noncollocated-speed", test_noncollocated_speed);
  g_test_add_func ("/core/feedback/noncollocated-angle", test_noncollocated_angle);
  g_test_add_func ("/core/feedback/errors", test_errors);
  g_test_add_func ("/core/feedback/overflow-blame", test_overflow_blame);
  g_test_add_func ("/core/feedback/file", test_file);
  g_test_add_func ("/core/feedback/modelica", test_modelica);
  g_test_add_func ("/core/feedback/subsystem", test_subsystem);
  g_test_add_func ("/core/feedback/translational", test_translational);
  return g_test_run ();
}
