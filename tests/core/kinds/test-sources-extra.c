/* test-sources-extra.c: Modelica's other sources against closed forms:
 * ConstantSpeed, Torque2 and Force2, Position and Speed with exact = false
 * (the filters' step responses), Move (three signals taken as given),
 * InitializeFlange (and its contradiction with a body), and initial
 * accelerations (a_start) solved for the free initial positions.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include "sw-error.h"
#include "sw-model.h"
#include "sw-modelica.h"
#include "sw-simulate.h"
#include "sw-system.h"
#include "sw-test-run.h"

/* The two domains' spellings. */
typedef struct {
  const char *dom;
  const char *body, *m, *x0, *v0;     /* inertia J phi0 w0 / mass m s0 v0 */
  const char *x, *v, *a, *tau;         /* variables */
  const char *two, *load;              /* torque2 tau / force2 f */
  const char *fixed_speed;             /* w_fixed / v_fixed */
  const char *ref_x, *ref_v;           /* phi_ref / s_ref, w_ref / v_ref */
  const char *move_x, *move_v;         /* Move's signals: phi w / s v */
  const char *start_x, *start_v;       /* phi_start w_start / s_start v_start */
} Domain;

static const Domain domains[] = {
  { "rotational", "inertia", "J", "phi0", "w0", "phi", "w", "a", "tau", "torque2", "tau", "w_fixed",
    "phi_ref", "w_ref", "phi", "w", "phi_start", "w_start" },
  { "translational", "mass", "m", "s0", "v0", "s", "v", "a", "f", "force2", "f", "v_fixed",
    "s_ref", "v_ref", "s", "v", "s_start", "v_start" },
};

#define HEADER "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["

static void
assert_close (double a, double b, double eps)
{
  g_assert_cmpfloat (fabs (a - b), <=, eps * (1 + fabs (b)));
}

static const double *
column (SwTrajectory *tr, const char *id, const char *var)
{
  g_autofree char *name = g_strdup_printf ("%s.%s", id, var);

  return sw_test_column (tr, name);
}

/* ConstantSpeed w_fixed = 3 drives a body (2) held back by a damper
 * d = 0.5 to the ground: phi = 3 t from 0, the source's torque d w. */
static void
test_constant_speed (void)
{
  for (guint k = 0; k < G_N_ELEMENTS (domains); k++)
    {
      const Domain *d = &domains[k];
      g_autofree char *text = g_strdup_printf (
          HEADER "{\"id\": \"src\", \"kind\": \"%s.constant_speed\", \"params\": {\"%s\": 3}},"
          "{\"id\": \"body\", \"kind\": \"%s.%s\", \"params\": {\"%s\": 2}},"
          "{\"id\": \"damper\", \"kind\": \"%s.damper\", \"params\": {\"d\": 0.5}},"
          "{\"id\": \"ground\", \"kind\": \"%s.fixed\"}],"
          "\"connections\": [{\"from\": \"src.flange\", \"to\": \"body.flange_a\"},"
          "{\"from\": \"body.flange_b\", \"to\": \"damper.flange_a\"},"
          "{\"from\": \"damper.flange_b\", \"to\": \"ground.flange\"}],"
          "\"simulation\": {\"stop_time\": 1}}",
          d->dom, d->fixed_speed, d->dom, d->body, d->m, d->dom, d->dom);
      g_autoptr (SwTrajectory) tr = sw_test_run_text (text, 0.01, 1e-10);
      const double *t = sw_trajectory_get_times (tr), *x = column (tr, "body", d->x);
      const double *v = column (tr, "body", d->v), *tau = column (tr, "src", d->tau);
      guint n = sw_trajectory_get_n_rows (tr);

      g_assert_cmpuint (n, >, 50);
      for (guint r = 0; r < n; r++)
        {
          assert_close (x[r], 3 * t[r], 1e-9);
          assert_close (v[r], 3, 1e-12);
          assert_close (tau[r], 0.5 * 3, 1e-9);
        }
    }
}

/* Torque2 (Force2) tau = 4 between two free bodies J1 = 1 (flange_a) and
 * J2 = 2 (flange_b) from rest: MSL's flange_a.tau = tau, flange_b.tau =
 * -tau decelerates a and accelerates b: x_a = -2 t^2, x_b = t^2. */
static void
test_torque2 (void)
{
  for (guint k = 0; k < G_N_ELEMENTS (domains); k++)
    {
      const Domain *d = &domains[k];
      g_autofree char *text = g_strdup_printf (
          HEADER "{\"id\": \"src\", \"kind\": \"%s.%s\", \"params\": {\"%s\": 4}},"
          "{\"id\": \"b1\", \"kind\": \"%s.%s\", \"params\": {\"%s\": 1, \"%s\": 0, \"%s\": 0}},"
          "{\"id\": \"b2\", \"kind\": \"%s.%s\", \"params\": {\"%s\": 2, \"%s\": 0, \"%s\": 0}}],"
          "\"connections\": [{\"from\": \"src.flange_a\", \"to\": \"b1.flange_b\"},"
          "{\"from\": \"src.flange_b\", \"to\": \"b2.flange_a\"}],"
          "\"simulation\": {\"stop_time\": 1}}",
          d->dom, d->two, d->load, d->dom, d->body, d->m, d->x0, d->v0, d->dom, d->body, d->m, d->x0, d->v0);
      g_autoptr (SwTrajectory) tr = sw_test_run_text (text, 0.01, 1e-10);
      const double *t = sw_trajectory_get_times (tr), *x1 = column (tr, "b1", d->x);
      const double *x2 = column (tr, "b2", d->x), *a1 = column (tr, "b1", d->a), *a2 = column (tr, "b2", d->a);
      const double *power = column (tr, "src", "power");
      guint n = sw_trajectory_get_n_rows (tr);

      g_assert_cmpuint (n, >, 50);
      for (guint r = 0; r < n; r++)
        {
          double tt = t[r];

          assert_close (x1[r], -2 * tt * tt, 1e-9);
          assert_close (x2[r], tt * tt, 1e-9);
          assert_close (a1[r], -4, 1e-9);
          assert_close (a2[r], 2, 1e-9);
          /* Power into both bodies: d/dt of their kinetic energies. */
          assert_close (power[r], 1 * (4 * tt) * 4 + 2 * (2 * tt) * 2, 1e-8);
        }
    }
}

/* Speed with exact = false, f_crit = 5 Hz, on a body: a step of w_ref
 * from 0 to 2 at 0.1 s gives w = 2 (1 - exp(-w_c tau)), phi = 2 (tau -
 * (1 - exp(-w_c tau)) / w_c), tau = t - 0.1, w_c = 2 pi 5. Position with
 * exact = false: a step of phi_ref to 1 at 0.1 s gives the Bessel
 * filter's step response 1 - exp(-alpha tau) (cos(beta tau) + alpha /
 * beta sin(beta tau)), alpha = af w_c / (2 bf), beta = sqrt(w_c^2 / bf -
 * alpha^2). */
static void
test_filtered (void)
{
  double wc = 2 * G_PI * 5, af = 1.3617, bf = 0.6180;
  double alpha = af * wc / (2 * bf), beta = sqrt (wc * wc / bf - alpha * alpha);

  for (guint k = 0; k < G_N_ELEMENTS (domains); k++)
    for (int position = 0; position < 2; position++)
      {
        const Domain *d = &domains[k];
        g_autofree char *text = g_strdup_printf (
            HEADER "{\"id\": \"src\", \"kind\": \"%s.%s\", \"params\": {\"%s\": {\"step\": {\"height\": %g, "
            "\"startTime\": 0.1}}, \"exact\": false, \"f_crit\": 5}},"
            "{\"id\": \"body\", \"kind\": \"%s.%s\", \"params\": {\"%s\": 2}}],"
            "\"connections\": [{\"from\": \"src.flange\", \"to\": \"body.flange_a\"}],"
            "\"simulation\": {\"stop_time\": 1}}",
            d->dom, position ? "position" : "speed", position ? d->ref_x : d->ref_v, position ? 1.0 : 2.0,
            d->dom, d->body, d->m);
        g_autoptr (SwTrajectory) tr = sw_test_run_text (text, 0.002, 1e-10);
        const double *t = sw_trajectory_get_times (tr), *x = column (tr, "body", d->x);
        const double *v = column (tr, "body", d->v), *a = column (tr, "src", "a");
        const double *tau = column (tr, "src", d->tau);
        guint n = sw_trajectory_get_n_rows (tr);
        double worst = 0;

        g_assert_cmpuint (n, >, 400);
        for (guint r = 0; r < n; r++)
          {
            double s = MAX (t[r] - 0.1, 0), e = exp (-wc * s), xe, ve, ae;

            if (position)
              {
                double ea = exp (-alpha * s), c = cos (beta * s), sn = sin (beta * s);

                xe = 1 - ea * (c + alpha / beta * sn);
                ve = ea * (alpha * alpha / beta + beta) * sn;
                ae = t[r] < 0.1 ? 0 : (alpha * alpha / beta + beta) * ea * (beta * c - alpha * sn);
              }
            else
              {
                xe = 2 * (s - (1 - e) / wc);
                ve = 2 * (1 - e);
                ae = t[r] < 0.1 ? 0 : 2 * wc * e;
              }
            if (t[r] == 0.1)
              continue;   /* left and right rows of the step */
            worst = MAX (worst, fabs (x[r] - xe));
            assert_close (x[r], xe, 1e-7);
            assert_close (v[r], ve, 1e-6);
            assert_close (a[r], ae, 1e-5);
            /* The source holds the body on its path: tau = m a. */
            assert_close (tau[r], 2 * a[r], 1e-6);
          }
        g_test_message ("%s %s filtered: worst position error %.2e", d->dom, position ? "position" : "speed",
                        worst);
      }
}

/* Move takes its three signals as given: phi = 0.5, w = 1 and a = 2,
 * which do not belong together, drive the flange so (a body J = 3 needs
 * tau = 6); a consistent sine, phi = sin(2 pi t), w and a its
 * derivatives, drives it along the sine. */
static void
test_move (void)
{
  for (guint k = 0; k < G_N_ELEMENTS (domains); k++)
    {
      const Domain *d = &domains[k];
      double W = 2 * G_PI;
      g_autofree char *text = g_strdup_printf (
          HEADER "{\"id\": \"src\", \"kind\": \"%s.move\", \"params\": {\"%s\": 0.5, \"%s\": 1, \"a\": 2}},"
          "{\"id\": \"body\", \"kind\": \"%s.%s\", \"params\": {\"%s\": 3}},"
          "{\"id\": \"sine\", \"kind\": \"%s.move\", \"params\": {\"%s\": {\"sine\": {\"amplitude\": 1, \"f\": 1}},"
          "\"%s\": {\"sine\": {\"amplitude\": %.17g, \"f\": 1, \"phase\": %.17g}},"
          "\"a\": {\"sine\": {\"amplitude\": %.17g, \"f\": 1}}}},"
          "{\"id\": \"body2\", \"kind\": \"%s.%s\", \"params\": {\"%s\": 3}}],"
          "\"connections\": [{\"from\": \"src.flange\", \"to\": \"body.flange_a\"},"
          "{\"from\": \"sine.flange\", \"to\": \"body2.flange_a\"}],"
          "\"simulation\": {\"stop_time\": 1}}",
          d->dom, d->move_x, d->move_v, d->dom, d->body, d->m, d->dom, d->move_x, d->move_v, W, G_PI / 2,
          -W * W, d->dom, d->body, d->m);
      g_autoptr (SwTrajectory) tr = sw_test_run_text (text, 0.01, 1e-10);
      const double *t = sw_trajectory_get_times (tr), *x = column (tr, "body", d->x);
      const double *v = column (tr, "body", d->v), *a = column (tr, "body", d->a);
      const double *tau = column (tr, "src", d->tau), *x2 = column (tr, "body2", d->x);
      const double *v2 = column (tr, "body2", d->v), *tau2 = column (tr, "sine", d->tau);
      guint n = sw_trajectory_get_n_rows (tr);

      g_assert_cmpuint (n, >, 50);
      for (guint r = 0; r < n; r++)
        {
          assert_close (x[r], 0.5, 1e-12);
          assert_close (v[r], 1, 1e-12);
          assert_close (a[r], 2, 1e-12);
          assert_close (tau[r], 6, 1e-12);
          assert_close (x2[r], sin (W * t[r]), 1e-12);
          assert_close (v2[r], W * cos (W * t[r]), 1e-12);
          assert_close (tau2[r], -3 * W * W * sin (W * t[r]), 1e-9);
        }
    }
}

/* InitializeFlange sets the start of the body it is connected to: phi =
 * 1 + 2 t on a free body; given as well as the body's own phi0, it is a
 * contradiction naming both. */
static void
test_initialize_flange (void)
{
  for (guint k = 0; k < G_N_ELEMENTS (domains); k++)
    {
      const Domain *d = &domains[k];
      g_autofree char *text = g_strdup_printf (
          HEADER "{\"id\": \"init\", \"kind\": \"%s.initialize_flange\", \"params\": {\"%s\": 1, \"%s\": 2}},"
          "{\"id\": \"body\", \"kind\": \"%s.%s\", \"params\": {\"%s\": 2%s}}],"
          "\"connections\": [{\"from\": \"init.flange\", \"to\": \"body.flange_b\"}],"
          "\"simulation\": {\"stop_time\": 1}}",
          d->dom, d->start_x, d->start_v, d->dom, d->body, d->m, "");
      g_autofree char *bad = NULL;
      g_autoptr (SwTrajectory) tr = sw_test_run_text (text, 0.01, 1e-10);
      const double *t = sw_trajectory_get_times (tr), *x = column (tr, "body", d->x);
      const double *xi = column (tr, "init", d->x);
      g_autoptr (GError) error = NULL;
      g_autoptr (SwModel) model = NULL;
      g_autoptr (SwSystem) sys = NULL;
      g_autofree char *phi0 = g_strdup_printf (", \"%s\": 0", d->x0);
      g_autofree char *says = NULL;

      for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
        {
          assert_close (x[r], 1 + 2 * t[r], 1e-12);
          assert_close (xi[r], 1 + 2 * t[r], 1e-12);
        }

      bad = g_strdup_printf (
          HEADER "{\"id\": \"init\", \"kind\": \"%s.initialize_flange\", \"params\": {\"%s\": 1, \"%s\": 2}},"
          "{\"id\": \"body\", \"kind\": \"%s.%s\", \"params\": {\"%s\": 2%s}}],"
          "\"connections\": [{\"from\": \"init.flange\", \"to\": \"body.flange_b\"}],"
          "\"simulation\": {\"stop_time\": 1}}",
          d->dom, d->start_x, d->start_v, d->dom, d->body, d->m, phi0);
      model = sw_model_new_from_data (bad, -1, "init.shaft", &error);
      g_assert_no_error (error);
      sys = sw_model_assemble (model, &error);
      g_assert_null (sys);
      sw_test_assert_error_says (error, "contradict");
      says = g_strdup_printf ("init.%s", d->start_x);
      sw_test_assert_error_says (error, says);
      g_free (says);
      says = g_strdup_printf ("body.%s", d->x0);
      sw_test_assert_error_says (error, says);
    }
}

/* A body (2) hanging on a spring c = 100 from the ground under a
 * constant load 5 with a_start = 0 starts at the static deflection 5 / c
 * and stays there; with a_start = 1, at (5 - 2) / c. A chain ground -
 * c1 - b1 - c2 - b2 - load with a_start = 0 on both starts in static
 * equilibrium (x1 = F / c1, x2 = F / c1 + F / c2) and nothing moves. */
static char *
hanging_text (const Domain *d, double a_start)
{
  return g_strdup_printf (
      HEADER "{\"id\": \"load\", \"kind\": \"%s.constant_%s\", \"params\": {\"%s_constant\": 5}},"
      "{\"id\": \"body\", \"kind\": \"%s.%s\", \"params\": {\"%s\": 2, \"a_start\": %g}},"
      "{\"id\": \"spring\", \"kind\": \"%s.spring\", \"params\": {\"c\": 100}},"
      "{\"id\": \"ground\", \"kind\": \"%s.fixed\"}],"
      "\"connections\": [{\"from\": \"load.flange\", \"to\": \"body.flange_b\"},"
      "{\"from\": \"body.flange_a\", \"to\": \"spring.flange_b\"},"
      "{\"from\": \"spring.flange_a\", \"to\": \"ground.flange\"}],"
      "\"simulation\": {\"stop_time\": 1}}",
      d->dom, strcmp (d->dom, "rotational") == 0 ? "torque" : "force", d->tau, d->dom, d->body, d->m, a_start,
      d->dom, d->dom);
}

static void
test_initial_acceleration (void)
{
  for (guint k = 0; k < G_N_ELEMENTS (domains); k++)
    {
      const Domain *d = &domains[k];
      g_autofree char *text = hanging_text (d, 0), *text1 = hanging_text (d, 1);
      g_autofree char *chain = g_strdup_printf (
          HEADER "{\"id\": \"load\", \"kind\": \"%s.%s\", \"params\": {\"%s\": 6}},"
          "{\"id\": \"b1\", \"kind\": \"%s.%s\", \"params\": {\"%s\": 1, \"a_start\": 0}},"
          "{\"id\": \"b2\", \"kind\": \"%s.%s\", \"params\": {\"%s\": 3, \"a_start\": 0}},"
          "{\"id\": \"c1\", \"kind\": \"%s.spring\", \"params\": {\"c\": 200}},"
          "{\"id\": \"c2\", \"kind\": \"%s.spring_damper\", \"params\": {\"c\": 50, \"d\": 1}},"
          "{\"id\": \"ground\", \"kind\": \"%s.fixed\"}],"
          "\"connections\": [{\"from\": \"ground.flange\", \"to\": \"c1.flange_a\"},"
          "{\"from\": \"c1.flange_b\", \"to\": \"b1.flange_a\"},"
          "{\"from\": \"b1.flange_b\", \"to\": \"c2.flange_a\"},"
          "{\"from\": \"c2.flange_b\", \"to\": \"b2.flange_a\"},"
          "{\"from\": \"b2.flange_b\", \"to\": \"load.flange\"}],"
          "\"simulation\": {\"stop_time\": 1}}",
          d->dom, strcmp (d->dom, "rotational") == 0 ? "torque" : "force", d->tau, d->dom, d->body, d->m,
          d->dom, d->body, d->m, d->dom, d->dom, d->dom);
      g_autoptr (SwTrajectory) tr = sw_test_run_text (text, 0.01, 1e-10);
      g_autoptr (SwTrajectory) tr1 = sw_test_run_text (text1, 0.01, 1e-10);
      g_autoptr (SwTrajectory) trc = sw_test_run_text (chain, 0.01, 1e-10);
      const double *x = column (tr, "body", d->x), *a = column (tr, "body", d->a);
      const double *x1 = column (tr1, "body", d->x), *a1 = column (tr1, "body", d->a);
      const double *cx1 = column (trc, "b1", d->x), *cx2 = column (trc, "b2", d->x);
      const double *cv2 = column (trc, "b2", d->v);

      /* The inertia's phi is its flange; the mass's s its centre, L = 0. */
      for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
        {
          assert_close (x[r], 5.0 / 100, 1e-10);
          assert_close (a[r], 0, 1e-8);
        }
      assert_close (x1[0], (5.0 - 2) / 100, 1e-10);
      assert_close (a1[0], 1, 1e-8);
      for (guint r = 0; r < sw_trajectory_get_n_rows (trc); r++)
        {
          assert_close (cx1[r], 6.0 / 200, 1e-10);
          assert_close (cx2[r], 6.0 / 200 + 6.0 / 50, 1e-10);
          assert_close (cv2[r], 0, 1e-10);
        }
    }
}

/* A stiffening spring (a custom coupling 1e3 phi_rel^3) under a torque
 * 8 with a_start = 0: Newton finds phi = (8 / 1e3)^(1/3) = 0.2. */
static void
test_initial_acceleration_nonlinear (void)
{
  static const char text[] =
    HEADER "{\"id\": \"load\", \"kind\": \"rotational.constant_torque\", \"params\": {\"tau_constant\": 8}},"
    "{\"id\": \"body\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 2, \"a_start\": 0}},"
    "{\"id\": \"k\", \"kind\": \"rotational.custom_coupling\", \"params\": {\"tau\": "
    "{\"expression\": \"c*phi_rel^3 + d*w_rel\", \"constants\": {\"c\": 1e3, \"d\": 1}}}},"
    "{\"id\": \"ground\", \"kind\": \"rotational.fixed\"}],"
    "\"connections\": [{\"from\": \"load.flange\", \"to\": \"body.flange_b\"},"
    "{\"from\": \"body.flange_a\", \"to\": \"k.flange_b\"},"
    "{\"from\": \"k.flange_a\", \"to\": \"ground.flange\"}],"
    "\"simulation\": {\"stop_time\": 1}}";
  g_autoptr (SwTrajectory) tr = sw_test_run_text (text, 0.01, 1e-10);
  const double *x = sw_test_column (tr, "body.phi");

  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    assert_close (x[r], 0.2, 1e-9);
}

/* Conditions that cannot be met name the bodies: an angle given as well
 * (no free position left), two free bodies whose accelerations no
 * position changes. */
static void
test_initial_acceleration_errors (void)
{
  static const struct { const char *text, *says[3]; } cases[] = {
    { HEADER "{\"id\": \"load\", \"kind\": \"rotational.constant_torque\"},"
      "{\"id\": \"body\", \"kind\": \"rotational.inertia\", \"params\": {\"phi0\": 0, \"a_start\": 0}},"
      "{\"id\": \"spring\", \"kind\": \"rotational.spring\"},"
      "{\"id\": \"ground\", \"kind\": \"rotational.fixed\"}],"
      "\"connections\": [{\"from\": \"load.flange\", \"to\": \"body.flange_b\"},"
      "{\"from\": \"body.flange_a\", \"to\": \"spring.flange_b\"},"
      "{\"from\": \"spring.flange_a\", \"to\": \"ground.flange\"}]}",
      { "body.a_start", "1 conditions on 0 initial positions", NULL } },
    { HEADER "{\"id\": \"load\", \"kind\": \"rotational.torque2\"},"
      "{\"id\": \"b1\", \"kind\": \"rotational.inertia\", \"params\": {\"a_start\": 0}},"
      "{\"id\": \"b2\", \"kind\": \"rotational.inertia\", \"params\": {\"a_start\": 0}}],"
      "\"connections\": [{\"from\": \"load.flange_a\", \"to\": \"b1.flange_b\"},"
      "{\"from\": \"load.flange_b\", \"to\": \"b2.flange_a\"}]}",
      { "b1.a_start", "b2.a_start", "no free initial position changes it" } },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (SwModel) model = sw_model_new_from_data (cases[c].text, -1, "bad.shaft", &error);
      g_autoptr (SwSystem) sys = NULL;

      g_assert_no_error (error);
      sys = sw_model_assemble (model, &error);
      g_assert_null (sys);
      for (guint k = 0; k < G_N_ELEMENTS (cases[c].says) && cases[c].says[k] != NULL; k++)
        sw_test_assert_error_says (error, cases[c].says[k]);
      sw_test_assert_error_says (error, "bad.shaft:");
    }
}

/* The new sources in Modelica: Speed without exact (MSL's default:
 * filtered), ConstantSpeed, Torque2 fed by a block, InitializeFlange with
 * one start used, Move fed at u[1], u[2], u[3], and a body's a(start,
 * fixed = true) import with their meaning, export back, and the export
 * imports to a model that runs bit for bit as the first. */
static const char sources_mo[] =
  "model SourcesTest \"New sources\"\n"
  "  extends Modelica.Icons.Example;\n"
  "  Modelica.Mechanics.Rotational.Sources.Speed speed(f_crit=5);\n"
  "  Modelica.Blocks.Sources.Step step(height=2, startTime=0.1);\n"
  "  Modelica.Mechanics.Rotational.Components.Inertia inertia1(J=2);\n"
  "  Modelica.Mechanics.Rotational.Sources.Position position(exact=true);\n"
  "  Modelica.Blocks.Sources.Sine angle(f=2);\n"
  "  Modelica.Mechanics.Rotational.Components.Inertia inertia0(J=1);\n"
  "  Modelica.Mechanics.Rotational.Sources.ConstantSpeed constantSpeed(w_fixed=3);\n"
  "  Modelica.Mechanics.Rotational.Components.Inertia inertia2(J=1);\n"
  "  Modelica.Mechanics.Rotational.Sources.Torque2 torque2;\n"
  "  Modelica.Blocks.Sources.Constant tau(k=4);\n"
  "  Modelica.Mechanics.Rotational.Components.Inertia inertia3(J=1);\n"
  "  Modelica.Mechanics.Rotational.Components.Inertia inertia4(J=2);\n"
  "  Modelica.Mechanics.Rotational.Components.InitializeFlange initializeFlange(use_phi_start=true, phi_start=1,\n"
  "    use_w_start=false, use_a_start=false);\n"
  "  Modelica.Mechanics.Rotational.Sources.Move move;\n"
  "  Modelica.Blocks.Sources.Sine sine(f=1);\n"
  "  Modelica.Blocks.Sources.Constant w(k=1);\n"
  "  Modelica.Blocks.Sources.Constant a(k=2);\n"
  "  Modelica.Mechanics.Rotational.Components.Inertia inertia5(J=3);\n"
  "  Modelica.Mechanics.Rotational.Components.Inertia inertia6(J=2, a(start=0, fixed=true));\n"
  "  Modelica.Mechanics.Rotational.Components.Spring spring(c=100);\n"
  "  Modelica.Mechanics.Rotational.Components.Fixed fixed;\n"
  "  Modelica.Mechanics.Rotational.Sources.ConstantTorque load(tau_constant=5);\n"
  "equation\n"
  "  connect(step.y, speed.w_ref);\n"
  "  connect(speed.flange, inertia1.flange_a);\n"
  "  connect(angle.y, position.phi_ref);\n"
  "  connect(position.flange, inertia0.flange_a);\n"
  "  connect(constantSpeed.flange, inertia2.flange_a);\n"
  "  connect(tau.y, torque2.tau);\n"
  "  connect(torque2.flange_a, inertia3.flange_b);\n"
  "  connect(torque2.flange_b, inertia4.flange_a);\n"
  "  connect(initializeFlange.flange, inertia4.flange_b);\n"
  "  connect(sine.y, move.u[1]);\n"
  "  connect(w.y, move.u[2]);\n"
  "  connect(a.y, move.u[3]);\n"
  "  connect(move.flange, inertia5.flange_a);\n"
  "  connect(fixed.flange, spring.flange_a);\n"
  "  connect(spring.flange_b, inertia6.flange_a);\n"
  "  connect(load.flange, inertia6.flange_b);\n"
  "  annotation(experiment(StopTime=1, Interval=0.01));\n"
  "end SourcesTest;\n";

static double
param_of (SwModel *model, const char *id, const char *name)
{
  int index = sw_model_find_component (model, id);
  const SwComponent *c;
  int p;

  g_assert_cmpint (index, >=, 0);
  c = sw_model_get_component (model, (guint) index);
  p = sw_kind_find_param (c->kind, name);
  g_assert_cmpint (p, >=, 0);
  return c->param[p];
}

static void
test_modelica (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_modelica_import (sources_mo, -1, "SourcesTest.mo", &error);
  g_autoptr (SwModel) again = NULL;
  g_autoptr (SwTrajectory) tr = NULL, tr2 = NULL;
  g_autofree char *text = NULL;
  static const char *const says[] = {
    "Modelica.Mechanics.Rotational.Sources.Speed speed(exact=false, f_crit=5)",
    "Sources.Position position(exact=true)", "Sources.ConstantSpeed constantSpeed(w_fixed=3)",
    "Sources.Torque2 torque2", "connect(torque2_tau.y, torque2.tau)",
    "Components.InitializeFlange initializeFlange(phi_start=1, use_w_start=false, use_a_start=false)",
    "Sources.Move move", "connect(move_phi.y, move.u[1])", "connect(move_w.y, move.u[2])",
    "connect(move_a.y, move.u[3])", "inertia6(J=2, a(start=0, fixed=true))",
  };
  static const char *const columns[] = {
    "inertia1.w", "inertia0.phi", "inertia2.phi", "inertia3.phi", "inertia4.phi", "inertia5.a", "inertia6.phi",
  };

  g_assert_no_error (error);
  g_assert_cmpfloat (param_of (model, "speed", "exact"), ==, 0);
  g_assert_cmpfloat (param_of (model, "speed", "f_crit"), ==, 5);
  g_assert_cmpfloat (param_of (model, "position", "exact"), ==, 1);
  g_assert_cmpfloat (param_of (model, "inertia6", "a_start"), ==, 0);
  g_assert_cmpfloat (param_of (model, "initializeFlange", "phi_start"), ==, 1);
  g_assert_true (isnan (param_of (model, "initializeFlange", "w_start")));
  text = sw_modelica_export (model, &error);
  g_assert_no_error (error);
  for (guint k = 0; k < G_N_ELEMENTS (says); k++)
    if (strstr (text, says[k]) == NULL)
      g_error ("the export lacks “%s”:\n%s", says[k], text);
  again = sw_modelica_import (text, -1, "again.mo", &error);
  g_assert_no_error (error);
  tr = sw_test_run_model (model, 0.01, 1e-10);
  tr2 = sw_test_run_model (again, 0.01, 1e-10);
  g_assert_cmpuint (sw_trajectory_get_n_rows (tr), ==, sw_trajectory_get_n_rows (tr2));
  for (guint k = 0; k < G_N_ELEMENTS (columns); k++)
    {
      const double *a = sw_test_column (tr, columns[k]), *b = sw_test_column (tr2, columns[k]);

      for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
        g_assert_cmpfloat (a[r], ==, b[r]);
    }
  /* What they mean: the filtered speed, the static deflection, Move. */
  {
    const double *t = sw_trajectory_get_times (tr), *w1 = sw_test_column (tr, "inertia1.w");
    const double *x6 = sw_test_column (tr, "inertia6.phi"), *a5 = sw_test_column (tr, "inertia5.a");
    const double *x4 = sw_test_column (tr, "inertia4.phi");

    for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
      {
        if (t[r] > 0.1)
          assert_close (w1[r], 2 * (1 - exp (-2 * G_PI * 5 * (t[r] - 0.1))), 1e-6);
        assert_close (x6[r], 5.0 / 100, 1e-9);
        assert_close (a5[r], 2, 1e-12);
        assert_close (x4[r], 1 + t[r] * t[r], 1e-9);
      }
  }
}

/* MSL wires InitializeFlange's starts from blocks: a Constant's value is
 * the start (s = 0.3 + 2 t on a free mass); any other block is an error
 * at its connect(). With an InitializeFlange's a_start = 0 on a mass on
 * a spring (c = 50) under a force 4, the mass starts at 4 / 50. */
static void
test_modelica_initialize (void)
{
  static const char mo[] =
    "model Init\n"
    "  Modelica.Mechanics.Translational.Components.InitializeFlange init(use_a_start=false);\n"
    "  Modelica.Blocks.Sources.Constant s0(k=0.3);\n"
    "  Modelica.Blocks.Sources.Constant v0(k=2);\n"
    "  Modelica.Mechanics.Translational.Components.Mass mass(m=1);\n"
    "  Modelica.Mechanics.Translational.Components.InitializeFlange init2(use_s_start=false, use_v_start=false,\n"
    "    a_start=0);\n"
    "  Modelica.Mechanics.Translational.Components.Mass mass2(m=1);\n"
    "  Modelica.Mechanics.Translational.Components.Spring spring(c=50);\n"
    "  Modelica.Mechanics.Translational.Components.Fixed fixed;\n"
    "  Modelica.Mechanics.Translational.Sources.ConstantForce force(f_constant=4);\n"
    "equation\n"
    "  connect(s0.y, init.s_start);\n"
    "  connect(v0.y, init.v_start);\n"
    "  connect(init.flange, mass.flange_a);\n"
    "  connect(fixed.flange, spring.flange_a);\n"
    "  connect(spring.flange_b, mass2.flange_a);\n"
    "  connect(init2.flange, mass2.flange_a);\n"
    "  connect(force.flange, mass2.flange_b);\n"
    "  annotation(experiment(StopTime=1, Interval=0.01));\n"
    "end Init;\n";
  static const char bad[] =
    "model Init\n"
    "  Modelica.Mechanics.Rotational.Components.InitializeFlange init(use_w_start=false, use_a_start=false);\n"
    "  Modelica.Blocks.Sources.Sine phi0(f=1);\n"
    "  Modelica.Mechanics.Rotational.Components.Inertia inertia(J=1);\n"
    "equation\n"
    "  connect(phi0.y, init.phi_start);\n"
    "  connect(init.flange, inertia.flange_a);\n"
    "end Init;\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_modelica_import (mo, -1, "Init.mo", &error);
  g_autoptr (SwModel) none = NULL;
  g_autoptr (SwTrajectory) tr = NULL;
  const double *t, *x, *x2;

  g_assert_no_error (error);
  g_assert_cmpfloat (param_of (model, "init", "s_start"), ==, 0.3);
  g_assert_cmpfloat (param_of (model, "init", "v_start"), ==, 2);
  tr = sw_test_run_model (model, 0.01, 1e-10);
  t = sw_trajectory_get_times (tr);
  x = sw_test_column (tr, "mass.s");
  x2 = sw_test_column (tr, "mass2.s");
  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    {
      assert_close (x[r], 0.3 + 2 * t[r], 1e-12);
      assert_close (x2[r], 4.0 / 50, 1e-10);
    }
  none = sw_modelica_import (bad, -1, "Bad.mo", &error);
  g_assert_null (none);
  sw_test_assert_error_says (error, "Bad.mo:6:3:");
  sw_test_assert_error_says (error, "phi_start is an initial value");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/sources-extra/constant-speed", test_constant_speed);
  g_test_add_func ("/core/sources-extra/torque2", test_torque2);
  g_test_add_func ("/core/sources-extra/filtered", test_filtered);
  g_test_add_func ("/core/sources-extra/move", test_move);
  g_test_add_func ("/core/sources-extra/initialize-flange", test_initialize_flange);
  g_test_add_func ("/core/sources-extra/initial-acceleration", test_initial_acceleration);
  g_test_add_func ("/core/sources-extra/initial-acceleration-nonlinear", test_initial_acceleration_nonlinear);
  g_test_add_func ("/core/sources-extra/initial-acceleration-errors", test_initial_acceleration_errors);
  g_test_add_func ("/core/sources-extra/modelica", test_modelica);
  g_test_add_func ("/core/sources-extra/modelica-initialize", test_modelica_initialize);
  return g_test_run ();
}
