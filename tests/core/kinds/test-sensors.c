/* test-sensors.c: Modelica's ideal sensors (rotational.*_sensor,
 * translational.*_sensor) on an oscillator in closed form: they read its
 * bodies and its spring, a torque (force) and a power sensor pass the
 * spring's torque on without changing the motion, no sensor changes the
 * natural frequencies; MSL's Sensors example; what a sensor does with a
 * flange connected to nothing.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include "sw-error.h"
#include "sw-model.h"
#include "sw-modes.h"
#include "sw-simulate.h"
#include "sw-system.h"
#include "sw-test-run.h"

/* The two domains' spellings. */
typedef struct {
  const char *dom;                     /* kind prefix */
  const char *body, *m, *x0, *v0;      /* inertia J phi0 w0 / mass m s0 v0 */
  const char *source, *load;           /* torque tau / force f */
  const char *abs_x, *abs_v, *abs_a;   /* sensor kinds */
  const char *rel_x, *rel_v, *rel_a, *through;
  const char *x, *v, *a;               /* variables */
  const char *x_rel, *v_rel, *tau;
} Domain;

static const Domain rotational = {
  "rotational", "inertia", "J", "phi0", "w0", "torque", "tau",
  "angle_sensor", "speed_sensor", "acc_sensor", "rel_angle_sensor", "rel_speed_sensor", "rel_acc_sensor",
  "torque_sensor", "phi", "w", "a", "phi_rel", "w_rel", "tau",
};

static const Domain translational = {
  "translational", "mass", "m", "s0", "v0", "force", "f",
  "position_sensor", "speed_sensor", "acc_sensor", "rel_position_sensor", "rel_speed_sensor", "rel_acc_sensor",
  "force_sensor", "s", "v", "a", "s_rel", "v_rel", "f",
};

/* The oscillator: a sine load A sin(Omega t) on body b1 (J1), a spring c
 * to body b2 (J2), from rest. */
#define A      10.0
#define FREQ   3.0
#define J1     1.0
#define J2     2.0
#define C      400.0

/* x1, x2 and their speeds and accelerations in closed form: the centre
 * X = (J1 x1 + J2 x2) / J follows J X'' = A sin(Omega t); the stretch
 * q = x2 - x1 follows q'' + w0^2 q = -A / J1 sin(Omega t), w0^2 =
 * c (1 / J1 + 1 / J2), both from rest. */
static void
closed_form (double t, double x[2], double v[2], double a[2], double *q_out)
{
  double W = 2 * G_PI * FREQ, J = J1 + J2, w0 = sqrt (C * (1 / J1 + 1 / J2));
  double k = -(A / J1) / (w0 * w0 - W * W);
  double X = A / (J * W) * (t - sin (W * t) / W), Xd = A / (J * W) * (1 - cos (W * t));
  double Xdd = A / J * sin (W * t);
  double q = k * (sin (W * t) - W / w0 * sin (w0 * t)), qd = k * W * (cos (W * t) - cos (w0 * t));
  double qdd = k * (-W * W * sin (W * t) + W * w0 * sin (w0 * t));

  x[0] = X - J2 / J * q;
  x[1] = X + J1 / J * q;
  v[0] = Xd - J2 / J * qd;
  v[1] = Xd + J1 / J * qd;
  a[0] = Xdd - J2 / J * qdd;
  a[1] = Xdd + J1 / J * qdd;
  *q_out = q;
}

/* The oscillator as a model; with sensors, a torque (force) sensor "ts"
 * between b1 and the spring and a power sensor "ps" between the spring
 * and b2, and sensors that only read: ang1, acc1 on b1.flange_a (where
 * the load is), spd1 on b1.flange_b, ang2, spd2, acc2 on b2's free
 * flange_b, and the relative ones across the spring. */
static char *
oscillator_text (const Domain *d, gboolean sensors)
{
  GString *s = g_string_new ("{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": [");

  g_string_append_printf (s, "{\"id\": \"src\", \"kind\": \"%s.%s\", \"params\": {\"%s\": {\"sine\": "
                          "{\"amplitude\": %g, \"f\": %g}}}},", d->dom, d->source, d->load, A, FREQ);
  g_string_append_printf (s, "{\"id\": \"b1\", \"kind\": \"%s.%s\", \"params\": {\"%s\": %g, \"%s\": 0, "
                          "\"%s\": 0}},", d->dom, d->body, d->m, J1, d->x0, d->v0);
  g_string_append_printf (s, "{\"id\": \"b2\", \"kind\": \"%s.%s\", \"params\": {\"%s\": %g, \"%s\": 0, "
                          "\"%s\": 0}},", d->dom, d->body, d->m, J2, d->x0, d->v0);
  g_string_append_printf (s, "{\"id\": \"spring\", \"kind\": \"%s.spring\", \"params\": {\"c\": %g}}", d->dom, C);
  if (sensors)
    {
      const struct { const char *id, *kind; } list[] = {
        { "ts", d->through }, { "ps", "power_sensor" }, { "ang1", d->abs_x }, { "acc1", d->abs_a },
        { "spd1", d->abs_v }, { "ang2", d->abs_x }, { "spd2", d->abs_v }, { "acc2", d->abs_a },
        { "rel", d->rel_x }, { "relw", d->rel_v }, { "rela", d->rel_a },
      };

      for (guint i = 0; i < G_N_ELEMENTS (list); i++)
        g_string_append_printf (s, ", {\"id\": \"%s\", \"kind\": \"%s.%s\"}", list[i].id, d->dom, list[i].kind);
    }
  g_string_append (s, "], \"connections\": [{\"from\": \"src.flange\", \"to\": \"b1.flange_a\"}, ");
  if (sensors)
    g_string_append (s, "{\"from\": \"b1.flange_b\", \"to\": \"ts.flange_a\"}, "
                        "{\"from\": \"ts.flange_b\", \"to\": \"spring.flange_a\"}, "
                        "{\"from\": \"spring.flange_b\", \"to\": \"ps.flange_a\"}, "
                        "{\"from\": \"ps.flange_b\", \"to\": \"b2.flange_a\"}, "
                        "{\"from\": \"ang1.flange\", \"to\": \"b1.flange_a\"}, "
                        "{\"from\": \"acc1.flange\", \"to\": \"b1.flange_a\"}, "
                        "{\"from\": \"spd1.flange\", \"to\": \"b1.flange_b\"}, "
                        "{\"from\": \"ang2.flange\", \"to\": \"b2.flange_b\"}, "
                        "{\"from\": \"spd2.flange\", \"to\": \"b2.flange_b\"}, "
                        "{\"from\": \"acc2.flange\", \"to\": \"b2.flange_b\"}, "
                        "{\"from\": \"rel.flange_a\", \"to\": \"spring.flange_a\"}, "
                        "{\"from\": \"rel.flange_b\", \"to\": \"spring.flange_b\"}, "
                        "{\"from\": \"relw.flange_a\", \"to\": \"spring.flange_a\"}, "
                        "{\"from\": \"relw.flange_b\", \"to\": \"spring.flange_b\"}, "
                        "{\"from\": \"rela.flange_a\", \"to\": \"spring.flange_a\"}, "
                        "{\"from\": \"rela.flange_b\", \"to\": \"spring.flange_b\"}");
  else
    g_string_append (s, "{\"from\": \"b1.flange_b\", \"to\": \"spring.flange_a\"}, "
                        "{\"from\": \"spring.flange_b\", \"to\": \"b2.flange_a\"}");
  g_string_append (s, "], \"simulation\": {\"stop_time\": 2}}");
  return g_string_free (s, FALSE);
}

static const double *
column (SwTrajectory *tr, const char *id, const char *var)
{
  g_autofree char *name = g_strdup_printf ("%s.%s", id, var);

  return sw_test_column (tr, name);
}

/* |a - b| <= eps (1 + |b|): round-off on values of any size. */
static void
assert_close (double a, double b, double eps)
{
  g_assert_cmpfloat (fabs (a - b), <=, eps * (1 + fabs (b)));
}

static void
check_oscillator (const Domain *d)
{
  g_autofree char *plain_text = oscillator_text (d, FALSE), *text = oscillator_text (d, TRUE);
  g_autoptr (SwTrajectory) plain = sw_test_run_text (plain_text, 0.01, 1e-10);
  g_autoptr (SwTrajectory) tr = sw_test_run_text (text, 0.01, 1e-10);
  const double *t = sw_trajectory_get_times (tr);
  guint n = sw_trajectory_get_n_rows (tr);
  /* The bodies and the spring with and without the sensors. */
  const double *x1 = column (tr, "b1", d->x), *x2 = column (tr, "b2", d->x), *v1 = column (tr, "b1", d->v);
  const double *v2 = column (tr, "b2", d->v), *a1 = column (tr, "b1", d->a), *a2 = column (tr, "b2", d->a);
  const double *p2 = column (tr, "b2", "power"), *load = column (tr, "src", d->load);
  const double *rel = column (tr, "spring", d->x_rel), *w_rel = column (tr, "spring", d->v_rel);
  const double *tau = column (tr, "spring", d->tau);
  const double *px1 = column (plain, "b1", d->x), *px2 = column (plain, "b2", d->x);
  const double *pv1 = column (plain, "b1", d->v), *pv2 = column (plain, "b2", d->v);
  const double *ptau = column (plain, "spring", d->tau);
  /* The sensors. */
  const double *ang1 = column (tr, "ang1", d->x), *acc1 = column (tr, "acc1", d->a);
  const double *spd1 = column (tr, "spd1", d->v), *ang2 = column (tr, "ang2", d->x);
  const double *spd2 = column (tr, "spd2", d->v), *acc2 = column (tr, "acc2", d->a);
  const double *s_rel = column (tr, "rel", d->x_rel), *s_w_rel = column (tr, "relw", d->v_rel);
  const double *s_a_rel = column (tr, "rela", "a_rel");
  const double *ts = column (tr, "ts", d->tau), *ps_tau = column (tr, "ps", d->tau);
  const double *ps_w = column (tr, "ps", d->v), *power = column (tr, "ps", "power");
  double worst_form = 0, worst_change = 0, scale_x = 0, scale_tau = 0;

  g_assert_cmpuint (n, ==, sw_trajectory_get_n_rows (plain));
  g_assert_cmpuint (n, >, 200);
  for (guint r = 0; r < n; r++)
    {
      double x[2], v[2], a[2], q;

      closed_form (t[r], x, v, a, &q);
      scale_x = MAX (scale_x, fabs (x[1]));
      scale_tau = MAX (scale_tau, fabs (C * q));

      /* What the sensors read is what the bodies and the spring are. */
      assert_close (ang1[r], x1[r], 1e-12);
      assert_close (acc1[r], a1[r], 1e-12);
      assert_close (spd1[r], v1[r], 1e-12);
      assert_close (ang2[r], x2[r], 1e-12);
      assert_close (spd2[r], v2[r], 1e-12);
      assert_close (acc2[r], a2[r], 1e-12);
      assert_close (s_rel[r], rel[r], 1e-12);
      assert_close (s_w_rel[r], w_rel[r], 1e-12);
      assert_close (s_a_rel[r], a2[r] - a1[r], 1e-12);
      assert_close (ps_w[r], v2[r], 1e-12);

      /* Modelica's sign: a sensor's tau is flange_a.tau, what acts on it
       * from the side on flange_a. Between b1 and the spring that is
       * what b1 passes on, the load less b1's own J1 a1; the spring's
       * flange_a.tau = -spring.tau. Between the spring and b2 it is what
       * b2 gets, J2 a2, again the spring's flange_b pulling back:
       * -spring.tau. */
      assert_close (ts[r], load[r] - J1 * a1[r], 1e-9);
      assert_close (ts[r], -tau[r], 1e-9);
      assert_close (ps_tau[r], J2 * a2[r], 1e-9);
      assert_close (ps_tau[r], -tau[r], 1e-9);
      /* Power flows from flange_a to flange_b: all of it into b2's
       * kinetic energy. */
      assert_close (power[r], ps_tau[r] * ps_w[r], 1e-12);
      assert_close (power[r], p2[r], 1e-9);

      /* The sensors change nothing. */
      worst_change = MAX (worst_change, fabs (x1[r] - px1[r]));
      worst_change = MAX (worst_change, fabs (x2[r] - px2[r]));
      worst_change = MAX (worst_change, fabs (v1[r] - pv1[r]));
      worst_change = MAX (worst_change, fabs (v2[r] - pv2[r]));
      worst_change = MAX (worst_change, fabs (tau[r] - ptau[r]) / C);

      /* And they follow the closed form. */
      worst_form = MAX (worst_form, fabs (ang1[r] - x[0]));
      worst_form = MAX (worst_form, fabs (ang2[r] - x[1]));
      worst_form = MAX (worst_form, fabs (spd1[r] - v[0]) / 10);
      worst_form = MAX (worst_form, fabs (spd2[r] - v[1]) / 10);
      worst_form = MAX (worst_form, fabs (acc1[r] - a[0]) / 100);
      worst_form = MAX (worst_form, fabs (acc2[r] - a[1]) / 100);
      worst_form = MAX (worst_form, fabs (s_rel[r] - q));
      worst_form = MAX (worst_form, fabs (ts[r] + C * q) / C);
    }
  g_test_message ("%s: closed form within %.3g (of %.3g), sensors change the motion by %.3g", d->dom,
                  worst_form, scale_x, worst_change);
  g_assert_cmpfloat (scale_tau, >, 1);
  g_assert_cmpfloat (worst_form, <=, 1e-7 * scale_x);
  g_assert_cmpfloat (worst_change, <=, 1e-9 * scale_x);
}

static void
test_rotational (void)
{
  check_oscillator (&rotational);
}

static void
test_translational (void)
{
  check_oscillator (&translational);
}

/* Rows that ask only for variables of positions and speeds (state_vars)
 * are made without accelerations or reactions: each sensor variable alone
 * reads what it reads among all the others, so none claims to be such a
 * variable wrongly. */
static void
test_state_rows (void)
{
  static const char *const names[] = {
    "ang1.phi", "acc1.a", "spd1.w", "ang2.phi", "spd2.w", "acc2.a", "rel.phi_rel", "relw.w_rel", "rela.a_rel",
    "ts.tau", "ps.power", "ps.tau", "ps.w",
  };
  g_autofree char *text = oscillator_text (&rotational, TRUE);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_data (text, -1, "sensors.shaft", &error);
  g_autoptr (SwSystem) sys = NULL;
  g_autoptr (SwTrajectory) all = NULL;
  SwSimulateOptions o;

  g_assert_no_error (error);
  sys = sw_model_assemble (model, &error);
  g_assert_no_error (error);
  o = sw_simulate_options_from_system (sys);
  o.output_interval_s = 0.01;
  o.tolerance = 1e-10;
  all = sw_simulate (sys, &o, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  for (guint k = 0; k < G_N_ELEMENTS (names); k++)
    {
      const char *const one[] = { names[k], NULL };
      g_autoptr (SwTrajectory) alone = NULL;
      const double *a, *b;

      o.variables = one;
      alone = sw_simulate (sys, &o, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (sw_trajectory_get_n_rows (alone), ==, sw_trajectory_get_n_rows (all));
      a = sw_test_column (all, names[k]);
      b = sw_test_column (alone, names[k]);
      for (guint r = 0; r < sw_trajectory_get_n_rows (all); r++)
        assert_close (b[r], a[r], 1e-12);
    }
}

/* MSL's Translational.Examples.Sensors (digest §11.7): a sine force
 * 10 sin(8 pi t) through a force sensor (and here a power sensor) into a
 * mass m = 1, L = 1 from rest: f = a = 10 sin(8 pi t), v = (10 / 8 pi)
 * (1 - cos 8 pi t), the centre s = (10 / 8 pi) (t - sin(8 pi t) / 8 pi);
 * position sensors on flange_a and flange_b read s - 0.5 and s + 0.5
 * (-0.102113 and 0.897887 at 1 s). */
static void
test_msl_sensors (void)
{
  static const char text[] =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
    "{\"id\": \"force\", \"kind\": \"translational.force\", \"params\": {\"f\": {\"sine\": {\"amplitude\": 10, "
    "\"f\": 4}}}},"
    "{\"id\": \"forceSensor\", \"kind\": \"translational.force_sensor\"},"
    "{\"id\": \"powerSensor\", \"kind\": \"translational.power_sensor\"},"
    "{\"id\": \"mass\", \"kind\": \"translational.mass\", \"params\": {\"m\": 1, \"L\": 1, \"s0\": 0, \"v0\": 0}},"
    "{\"id\": \"positionSensor1\", \"kind\": \"translational.position_sensor\"},"
    "{\"id\": \"speedSensor1\", \"kind\": \"translational.speed_sensor\"},"
    "{\"id\": \"accSensor1\", \"kind\": \"translational.acc_sensor\"},"
    "{\"id\": \"positionSensor2\", \"kind\": \"translational.position_sensor\"}],"
    "\"connections\": [{\"from\": \"force.flange\", \"to\": \"forceSensor.flange_a\"},"
    "{\"from\": \"forceSensor.flange_b\", \"to\": \"powerSensor.flange_a\"},"
    "{\"from\": \"powerSensor.flange_b\", \"to\": \"mass.flange_a\"},"
    "{\"from\": \"positionSensor1.flange\", \"to\": \"mass.flange_a\"},"
    "{\"from\": \"speedSensor1.flange\", \"to\": \"mass.flange_a\"},"
    "{\"from\": \"accSensor1.flange\", \"to\": \"mass.flange_a\"},"
    "{\"from\": \"positionSensor2.flange\", \"to\": \"mass.flange_b\"}],"
    "\"simulation\": {\"stop_time\": 1}}";
  g_autoptr (SwTrajectory) tr = sw_test_run_text (text, 0.002, 1e-10);
  const double *t = sw_trajectory_get_times (tr), *f = sw_test_column (tr, "forceSensor.f");
  const double *power = sw_test_column (tr, "powerSensor.power"), *pf = sw_test_column (tr, "powerSensor.f");
  const double *s1 = sw_test_column (tr, "positionSensor1.s"), *s2 = sw_test_column (tr, "positionSensor2.s");
  const double *v = sw_test_column (tr, "speedSensor1.v"), *a = sw_test_column (tr, "accSensor1.a");
  const double *s = sw_test_column (tr, "mass.s");
  guint last = sw_trajectory_get_n_rows (tr) - 1;
  double W = 8 * G_PI;

  for (guint r = 0; r <= last; r++)
    {
      double f_exact = 10 * sin (W * t[r]), v_exact = 10 / W * (1 - cos (W * t[r]));
      double s_exact = 10 / W * (t[r] - sin (W * t[r]) / W);

      g_assert_cmpfloat_with_epsilon (f[r], f_exact, 1e-9);
      g_assert_cmpfloat_with_epsilon (pf[r], f_exact, 1e-9);
      g_assert_cmpfloat_with_epsilon (a[r], f_exact, 1e-9);
      g_assert_cmpfloat_with_epsilon (v[r], v_exact, 1e-8);
      g_assert_cmpfloat_with_epsilon (power[r], f_exact * v_exact, 1e-7);
      g_assert_cmpfloat_with_epsilon (s1[r], s_exact - 0.5, 1e-8);
      g_assert_cmpfloat_with_epsilon (s2[r], s_exact + 0.5, 1e-8);
      assert_close (s1[r], s[r] - 0.5, 1e-12);
      assert_close (s2[r], s[r] + 0.5, 1e-12);
    }
  g_assert_cmpfloat (t[last], ==, 1);
  g_assert_cmpfloat_with_epsilon (s1[last], -0.102113, 1e-6);
  g_assert_cmpfloat_with_epsilon (s2[last], 0.897887, 1e-6);
  g_assert_cmpfloat_with_epsilon (v[last], 0, 1e-8);
}

/* The oscillator's modes: a rigid-body mode and w0 = sqrt(c (1 / J1 +
 * 1 / J2)), with the sensors in it as without. */
static void
check_modes (const Domain *d)
{
  double f0 = sqrt (C * (1 / J1 + 1 / J2)) / (2 * G_PI);
  SwModes *modes[2] = { NULL, NULL };

  for (guint k = 0; k < 2; k++)
    {
      g_autofree char *text = oscillator_text (d, k == 1);
      g_autoptr (GError) error = NULL;
      g_autoptr (SwModel) model = sw_model_new_from_data (text, -1, "modes.shaft", &error);
      g_autoptr (SwSystem) sys = NULL;

      g_assert_no_error (error);
      sys = sw_model_assemble (model, &error);
      g_assert_no_error (error);
      modes[k] = sw_modes_compute (sys, 0, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (sw_modes_get_n_modes (modes[k]), ==, 2);
      g_assert_true (sw_modes_get_mode (modes[k], 0)->rigid_body);
      g_assert_cmpfloat_with_epsilon (sw_modes_get_mode (modes[k], 1)->frequency_hz, f0, 1e-9 * f0);
    }
  g_assert_cmpuint (sw_modes_get_n_bodies (modes[1]), ==, sw_modes_get_n_bodies (modes[0]));
  g_assert_cmpfloat_with_epsilon (sw_modes_get_mode (modes[1], 1)->frequency_hz,
                                  sw_modes_get_mode (modes[0], 1)->frequency_hz, 1e-12 * f0);
  sw_modes_unref (modes[0]);
  sw_modes_unref (modes[1]);
}

static void
test_modes (void)
{
  check_modes (&rotational);
  check_modes (&translational);
}

/* A model that does not assemble: the error's code and its words. */
static void
assert_assembly_fails (const char *text, SwErrorCode code, const char *const *words)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_data (text, -1, "bad.shaft", &error);
  g_autoptr (SwSystem) sys = NULL;

  if (model != NULL)
    {
      g_assert_no_error (error);
      sys = sw_model_assemble (model, &error);
      g_assert_null (sys);
    }
  g_assert_error (error, SW_ERROR, (int) code);
  g_test_message ("%s", error->message);
  for (guint i = 0; words[i] != NULL; i++)
    g_assert_nonnull (strstr (error->message, words[i]));
}

/* A flange connected to nothing: a relative sensor's free flange_b, an
 * absolute sensor alone, would read a massless point that nothing holds,
 * which has no position (Modelica's equations are singular there too):
 * the model is refused, naming the sensor's flange. A sensor takes no
 * parameters. A torque sensor with a free flange_b is fine: it ties that
 * flange to flange_a and passes nothing on, tau = 0. */
static void
test_dangling (void)
{
  static const char rel[] =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
    "{\"id\": \"J\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 2, \"w0\": 1}},"
    "{\"id\": \"rel\", \"kind\": \"rotational.rel_angle_sensor\"}],"
    "\"connections\": [{\"from\": \"J.flange_b\", \"to\": \"rel.flange_a\"}]}";
  static const char alone[] =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
    "{\"id\": \"m\", \"kind\": \"translational.mass\"},"
    "{\"id\": \"pos\", \"kind\": \"translational.position_sensor\"}], \"connections\": []}";
  static const char param[] =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
    "{\"id\": \"spd\", \"kind\": \"rotational.speed_sensor\", \"params\": {\"w0\": 1}}], \"connections\": []}";
  static const char torque[] =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
    "{\"id\": \"T\", \"kind\": \"rotational.constant_torque\", \"params\": {\"tau_constant\": 3}},"
    "{\"id\": \"J\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 2}},"
    "{\"id\": \"ts\", \"kind\": \"rotational.torque_sensor\"}],"
    "\"connections\": [{\"from\": \"T.flange\", \"to\": \"J.flange_a\"}, {\"from\": \"J.flange_b\", \"to\": "
    "\"ts.flange_a\"}], \"simulation\": {\"stop_time\": 1}}";
  const char *const rel_words[] = { "rel.flange_b", NULL };
  const char *const alone_words[] = { "pos.flange", NULL };
  const char *const param_words[] = { "w0", "none", NULL };

  assert_assembly_fails (rel, SW_ERROR_SINGULAR, rel_words);
  assert_assembly_fails (alone, SW_ERROR_SINGULAR, alone_words);
  assert_assembly_fails (param, SW_ERROR_UNKNOWN_PARAMETER, param_words);

  {
    g_autoptr (SwTrajectory) tr = sw_test_run_text (torque, 0.1, 1e-10);
    const double *t = sw_trajectory_get_times (tr), *tau = sw_test_column (tr, "ts.tau");
    const double *w = sw_test_column (tr, "J.w");

    for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
      {
        g_assert_cmpfloat_with_epsilon (tau[r], 0, 1e-12);
        g_assert_cmpfloat_with_epsilon (w[r], 1.5 * t[r], 1e-9);
      }
  }
}

/* Saved and read back, a model with sensors is the same model. */
static void
test_save (void)
{
  g_autofree char *text = oscillator_text (&translational, TRUE);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_data (text, -1, "sensors.shaft", &error);
  g_autoptr (SwModel) again = NULL;
  g_autofree char *saved = NULL, *saved_again = NULL;

  g_assert_no_error (error);
  saved = sw_model_to_data (model, NULL);
  again = sw_model_new_from_data (saved, -1, "saved.shaft", &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (saved, "translational.force_sensor"));
  g_assert_nonnull (strstr (saved, "translational.rel_acc_sensor"));
  saved_again = sw_model_to_data (again, NULL);
  g_assert_cmpstr (saved_again, ==, saved);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/sensors/rotational", test_rotational);
  g_test_add_func ("/core/sensors/translational", test_translational);
  g_test_add_func ("/core/sensors/state-rows", test_state_rows);
  g_test_add_func ("/core/sensors/msl-sensors", test_msl_sensors);
  g_test_add_func ("/core/sensors/modes", test_modes);
  g_test_add_func ("/core/sensors/dangling", test_dangling);
  g_test_add_func ("/core/sensors/save", test_save);

  return g_test_run ();
}
