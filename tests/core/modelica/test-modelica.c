/* test-modelica.c: Modelica models imported.
 *
 * MSL examples written as .mo files in the library's style
 * (tests/data/modelica) import to models that run exactly as the .shaft
 * versions checked against the MSL reference results (tests/data/msl,
 * test-msl-reference); what is not supported is an error at its line.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include "sw-error.h"
#include "sw-kind.h"
#include "sw-model.h"
#include "sw-modelica.h"
#include "sw-test-run.h"

static char *
data_path (const char *folder, const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", folder, name, NULL);
}

/* Every variable of the reference model, row by row. */
/* name.mo (its class called klass) against name.shaft. */
static void
check_same_run_of (const char *name, const char *klass, const char *const *columns)
{
  g_autofree char *mo = g_strdup_printf ("%s.mo", name), *shaft = g_strdup_printf ("%s.shaft", name);
  g_autofree char *mo_path = data_path ("modelica", mo), *shaft_path = data_path ("msl", shaft);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) imported = sw_modelica_import_file (mo_path, &error);
  g_autoptr (SwModel) reference = NULL;
  g_autoptr (SwTrajectory) a = NULL, b = NULL;

  g_assert_no_error (error);
  reference = sw_model_new_from_file (shaft_path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (sw_model_get_name (imported), ==, klass);
  g_assert_cmpfloat (sw_model_get_simulation (imported)->stop_time_s, ==,
                     sw_model_get_simulation (reference)->stop_time_s);
  g_assert_cmpfloat (sw_model_get_simulation (imported)->output_interval_s, ==,
                     sw_model_get_simulation (reference)->output_interval_s);
  a = sw_test_run_model (imported, 0, 0);
  b = sw_test_run_model (reference, 0, 0);
  g_assert_cmpuint (sw_trajectory_get_n_rows (a), ==, sw_trajectory_get_n_rows (b));
  for (guint k = 0; columns[k] != NULL; k++)
    {
      const double *x = sw_test_column (a, columns[k]), *y = sw_test_column (b, columns[k]);
      double worst = 0, scale = 0;

      for (guint r = 0; r < sw_trajectory_get_n_rows (a); r++)
        {
          worst = MAX (worst, fabs (x[r] - y[r]));
          scale = MAX (scale, fabs (y[r]));
        }
      g_test_message ("%s %s: off by %.3g of %.3g", name, columns[k], worst, scale);
      /* The MSL writes some values with fewer digits (b = 0.78539816339745): a
       * contact event moves by that much. */
      g_assert_cmpfloat (worst, <=, 1e-7 * (1 + scale));
    }
}

static void
check_same_run (const char *name, const char *const *columns)
{
  check_same_run_of (name, name, columns);
}

/* The other reference examples: backlash contacts, a mass between dampers
 * and springs, a lossy gear that sticks, the sign convention, Stribeck
 * friction with hard stops and a friction table (a class Friction in the
 * MSL). */
static void
test_more_examples (void)
{
  const char *const backlash[] = { "inertia1.phi", "inertia1.w", "inertia2.phi", "inertia2.w", NULL };
  const char *const damper[] = { "mass1.s", "mass1.v", "mass2.s", "mass3.s", "mass3.v", NULL };
  const char *const lossy[] = { "Inertia1.w", "Inertia2.w", "gear.lossPower", NULL };
  const char *const sign[] = { "mass1.s", "mass2.s", "mass3.s", NULL };
  const char *const friction[] = { "stop1.s", "stop1.v", "stop2.s", "stop2.v", "mass.s", "mass.v", NULL };

  check_same_run ("Backlash", backlash);
  check_same_run ("Damper", damper);
  check_same_run ("LossyGearDemo1", lossy);
  check_same_run ("SignConvention", sign);
  check_same_run_of ("TranslationalFriction", "Friction", friction);
}

static void
test_first (void)
{
  const char *const columns[] = { "inertia1.w", "inertia3.phi", "inertia3.w", "damper.phi_rel", "spring.tau", NULL };
  g_autofree char *path = data_path ("modelica", "First.mo");
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_modelica_import_file (path, &error);
  const SwComponent *spring;

  check_same_run ("First", columns);
  /* phi_rel (fixed = true) without a start: Modelica's start 0. */
  g_assert_no_error (error);
  spring = sw_model_get_component (model, sw_model_find_component (model, "spring"));
  g_assert_cmpfloat (spring->param[sw_kind_find_param (spring->kind, "phi_rel_start")], ==, 0);
  /* Placement: the torque left of inertia1, the damper below the line. */
  g_assert_true (sw_model_get_component (model, sw_model_find_component (model, "torque"))->position[0]
                 < sw_model_get_component (model, sw_model_find_component (model, "inertia1"))->position[0]);
  g_assert_true (sw_model_get_component (model, sw_model_find_component (model, "damper"))->position[1]
                 > sw_model_get_component (model, sw_model_find_component (model, "inertia2"))->position[1]);
}

/* Blocks feeding blocks (a sine times a step into the torque) and a
 * constant into the clutch; stick-slip events. */
static void
test_friction (void)
{
  const char *const columns[] = { "inertia1.w", "inertia2.w", "inertia3.w", "clutch.tau", "brake.tau", NULL };

  check_same_run ("Friction", columns);
}

/* Translational: s (start, fixed = true) is a mass's centre. */
static void
test_oscillator (void)
{
  const char *const columns[] = { "mass1.s", "mass1.v", "mass2.s", "mass2.v", NULL };

  check_same_run ("Oscillator", columns);
}

/* What is not supported, or wrong, names its line and column. */
static void
test_errors (void)
{
  static const struct {
    const char *body, *needle;
  } cases[] = {
    { "  Modelica.Electrical.Analog.Basic.Resistor r;\n",
      "m.mo:3:45: error: r (Modelica.Electrical.Analog.Basic.Resistor) is not supported" },
    { "  Modelica.Mechanics.Rotational.Components.Inertia j(K=1);\n",
      "m.mo:3:54: error: j (Modelica.Mechanics.Rotational.Components.Inertia): parameter “K” is not supported; "
      "valid: J, phi0, w0" },
    { "  Modelica.Mechanics.Rotational.Components.Inertia j(J=-1);\n", "m.mo:3:52: error: component “j”: parameter “J” = -1 kg.m2 is out of range" },
    { "  Modelica.Mechanics.Rotational.Components.Inertia j(J=Jx);\n",
      "m.mo:3:56: error: unknown name Jx: not a parameter of the model" },
    { "  Modelica.Mechanics.Rotational.Components.Inertia j(phi_rel(start=1, fixed=true));\n",
      "m.mo:3:54: error: j.phi_rel (fixed = true) is not supported" },
    { "  Modelica.Mechanics.Rotational.Components.Inertia j;\nequation\n  j.w = 1;\n",
      "m.mo:5:3: error: only connect() equations and for loops of them are supported" },
    { "  Modelica.Mechanics.Rotational.Components.Inertia j\n", "m.mo:4:1: error: expected “;”, not “end”" },
    { "  Modelica.Mechanics.Rotational.Components.Inertia j;\nequation\n  connect(j.flange_a, k.flange);\n",
      "m.mo:5:3: error: connect (j.flange_a, k.flange): there is no component k" },
    { "  extends Modelica.Mechanics.Rotational.Examples.First;\n", "m.mo:3:3: error: extends" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = g_strdup_printf ("within Modelica.Mechanics.Rotational.Examples;\nmodel M\n%send M;\n",
                                               cases[i].body);
      g_autoptr (GError) error = NULL;
      g_autoptr (SwModel) model = sw_modelica_import (text, -1, "m.mo", &error);

      g_assert_null (model);
      sw_test_assert_error_says (error, cases[i].needle);
    }
}

static double
param_of (SwModel *model, const char *id, const char *name)
{
  const SwComponent *c = sw_model_get_component (model, sw_model_find_component (model, id));
  int p = sw_kind_find_param (c->kind, name);

  g_assert_cmpint (p, >=, 0);
  return c->param[p];
}

/* Nominal values: a body's phi(nominal), w(nominal) (s, v) are its
 * phi_nominal, w_nominal, with start and fixed or alone, and go back out
 * as one modification; a compliant element's phi_nominal and
 * phi_rel(nominal) (relative states, which the engine does not have) are
 * taken without effect; one that is not > 0 is refused naming it. */
static void
test_nominal (void)
{
  static const char text[] =
    "within Modelica.Mechanics.Rotational.Examples;\nmodel M\n"
    "  Modelica.Mechanics.Rotational.Components.Inertia j(J=1, phi(start=0, fixed=true, nominal=1e-3), "
    "w(nominal=2));\n"
    "  Modelica.Mechanics.Rotational.Components.SpringDamper sd(c=1e3, d=1, phi_nominal=1e-4, "
    "phi_rel(nominal=1e-4));\n"
    "  Modelica.Mechanics.Rotational.Components.Fixed f;\n"
    "  Modelica.Mechanics.Translational.Components.Mass m(m=1, s(nominal=0.5), v(nominal=3));\n"
    "equation\n  connect(f.flange, sd.flange_a);\n  connect(sd.flange_b, j.flange_a);\nend M;\n";
  static const struct {
    const char *body, *needle;
  } bad[] = {
    { "  Modelica.Mechanics.Rotational.Components.Inertia j(w(nominal=-1));\n",
      "m.mo:3:56: error: component “j”: parameter “w_nominal” = -1 rad/s is out of range; valid: w_nominal > 0" },
    { "  Modelica.Mechanics.Rotational.Components.Spring s(c=1, phi_nominal=0);\n",
      "m.mo:3:58: error: s.phi_nominal = 0 is not a valid nominal value; valid: > 0" },
  };
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_modelica_import (text, -1, "m.mo", &error);
  g_autofree char *out = NULL;

  g_assert_no_error (error);
  g_assert_cmpfloat (param_of (model, "j", "phi_nominal"), ==, 1e-3);
  g_assert_cmpfloat (param_of (model, "j", "w_nominal"), ==, 2);
  g_assert_cmpfloat (param_of (model, "j", "phi0"), ==, 0);
  g_assert_cmpfloat (param_of (model, "m", "s_nominal"), ==, 0.5);
  g_assert_cmpfloat (param_of (model, "m", "v_nominal"), ==, 3);
  out = sw_modelica_export (model, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (out, "j(J=1, phi(start=0, fixed=true, nominal=0.001), w(nominal=2))"));
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *t = g_strdup_printf ("within Modelica.Mechanics.Rotational.Examples;\nmodel M\n%send M;\n",
                                            bad[i].body);
      g_autoptr (GError) e = NULL;
      g_autoptr (SwModel) m = sw_modelica_import (t, -1, "m.mo", &e);

      g_assert_null (m);
      sw_test_assert_error_says (e, bad[i].needle);
    }
}

/* Every bundled example written as Modelica reads back into a model that
 * runs as the example does: every variable, row by row, to 1e-9 of its
 * largest value (signals come back as blocks' products and sums, which
 * round differently). */
static void
test_round_trip (void)
{
  g_autofree char *dir = g_build_filename (g_getenv ("SW_SOURCE_ROOT"), "data", "examples", NULL);
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *file;
  guint n = 0;

  g_assert_nonnull (d);
  while ((file = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, file, NULL);
      g_autoptr (GError) error = NULL;
      g_autoptr (SwModel) model = NULL, back = NULL;
      g_autoptr (SwTrajectory) a = NULL, b = NULL;
      g_autofree char *text = NULL;
      double worst = 0;

      if (!g_str_has_suffix (file, ".shaft"))
        continue;
      model = sw_model_new_from_file (path, &error);
      g_assert_no_error (error);
      text = sw_modelica_export (model, &error);
      g_assert_no_error (error);
      back = sw_modelica_import (text, -1, file, &error);
      if (error != NULL)
        g_test_message ("%s", text);
      g_assert_no_error (error);
      g_assert_cmpuint (sw_model_get_n_components (back), ==, sw_model_get_n_components (model));
      a = sw_test_run_model (model, 0, 0);
      b = sw_test_run_model (back, 0, 0);
      g_assert_cmpuint (sw_trajectory_get_n_rows (a), ==, sw_trajectory_get_n_rows (b));
      g_assert_cmpuint (sw_trajectory_get_n_columns (a), ==, sw_trajectory_get_n_columns (b));
      for (guint c = 0; c < sw_trajectory_get_n_columns (a); c++)
        {
          const double *x = sw_trajectory_get_column (a, c);
          const double *y = sw_test_column (b, sw_trajectory_get_column_name (a, c));
          double diff = 0, scale = 0;

          for (guint r = 0; r < sw_trajectory_get_n_rows (a); r++)
            {
              diff = MAX (diff, fabs (x[r] - y[r]));
              scale = MAX (scale, fabs (x[r]));
            }
          worst = MAX (worst, diff / (1 + scale));
          if (diff > 1e-9 * (1 + scale))
            g_test_message ("%s: %s off by %g of %g", file, sw_trajectory_get_column_name (a, c), diff, scale);
          g_assert_cmpfloat (diff, <=, 1e-9 * (1 + scale));
        }
      g_test_message ("%s: every variable within %.3g", file, worst);
      n++;
    }
  g_assert_cmpuint (n, >=, 18);
}

/* Modelica's sensors import as the sensor kinds (and export back). */
static void
test_sensors (void)
{
  static const char text[] =
    "model S\n"
    "  Modelica.Mechanics.Rotational.Components.Inertia j(J=2);\n"
    "  Modelica.Mechanics.Rotational.Sources.ConstantTorque t(tau_constant=4);\n"
    "  Modelica.Mechanics.Rotational.Sensors.SpeedSensor speed;\n"
    "  Modelica.Mechanics.Rotational.Sensors.TorqueSensor torque;\n"
    "equation\n"
    "  connect(t.flange, torque.flange_a);\n"
    "  connect(torque.flange_b, j.flange_a);\n"
    "  connect(speed.flange, j.flange_b);\n"
    "end S;\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_modelica_import (text, -1, "s.mo", &error);
  g_autoptr (SwTrajectory) tr = NULL;
  g_autofree char *back = NULL;
  const double *t, *w, *tau;

  g_assert_no_error (error);
  g_assert_cmpstr (sw_model_get_component (model, sw_model_find_component (model, "speed"))->kind->name, ==,
                   "rotational.speed_sensor");
  tr = sw_test_run_model (model, 0.1, 1e-10);
  t = sw_trajectory_get_times (tr);
  w = sw_test_column (tr, "speed.w");
  tau = sw_test_column (tr, "torque.tau");
  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    {
      g_assert_cmpfloat_with_epsilon (w[r], 2 * t[r], 1e-9);
      g_assert_cmpfloat_with_epsilon (fabs (tau[r]), 4, 1e-9);
    }
  back = sw_modelica_export (model, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (back, "Modelica.Mechanics.Rotational.Sensors.TorqueSensor torque"));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/modelica/first", test_first);
  g_test_add_func ("/core/modelica/friction", test_friction);
  g_test_add_func ("/core/modelica/oscillator", test_oscillator);
  g_test_add_func ("/core/modelica/more-examples", test_more_examples);
  g_test_add_func ("/core/modelica/errors", test_errors);
  g_test_add_func ("/core/modelica/round-trip", test_round_trip);
  g_test_add_func ("/core/modelica/sensors", test_sensors);
  g_test_add_func ("/core/modelica/nominal", test_nominal);
  return g_test_run ();
}
