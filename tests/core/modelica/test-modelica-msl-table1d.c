/* test-modelica-msl-table1d.c: Modelica.Blocks.Tables.CombiTable1Ds (and
 * CombiTable1D, CombiTable1Dv) as a lookup of the signal at its input.
 *
 * The references: closed forms of an inertia driven by a torque looked
 * up in a table of its own speed (a straight line tau = 10 - w, so
 * J w' = 10 - w); the table's own points and the values between them by
 * hand as the MSL's documentation of CombiTable1D defines them (linear
 * and constant segments, the line through the last two points, the held
 * end, the period); the cubic ones against GSL's Akima where the MSL's
 * end conditions are GSL's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <gsl/gsl_errno.h>
#include <gsl/gsl_interp.h>

#include "sw-signal.h"
#include "sw-system.h"
#include "test-modelica-helpers.h"

/* The signal of parameter name of component id. */
static SwSignal *
signal_of (SwModel *model, const char *id, const char *name)
{
  int index = sw_model_find_component (model, id);
  const SwComponent *c;
  int p;

  g_assert_cmpint (index, >=, 0);
  c = sw_model_get_component (model, (guint) index);
  p = sw_kind_find_param (c->kind, name);
  g_assert_cmpint (p, >=, 0);
  g_assert_nonnull (c->signal[p]);
  return c->signal[p];
}

/* tests/data/modelica/SpeedDependentTorque.mo: torqueCurve1's line
 * through (2, 8) and (4, 6) continued below w = 2 is tau = 10 - w, so
 * with J = 2 from rest w = 10 (1 - e^(-t/2)) (it never leaves the line).
 * torqueCurve2 (CombiTable1Dv, column 3) is tau = 10 - w up to w = 4 and
 * holds 6 above: with J = 1, w = 10 (1 - e^-t) until t1 = ln (10/6),
 * then w = 4 + 6 (t - t1). */
static double
w1_exact (double t)
{
  return 10 * (1 - exp (-t / 2));
}

static double
w2_exact (double t)
{
  double t1 = log (10.0 / 6.0);

  return t < t1 ? 10 * (1 - exp (-t)) : 4 + 6 * (t - t1);
}

static void
test_feedback (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("SW_SOURCE_ROOT"), "tests", "data", "modelica",
                                            "SpeedDependentTorque.mo", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_modelica_import_file (path, &error);
  g_autoptr (SwTrajectory) tr = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (sw_signal_get_n_inputs (signal_of (model, "torque1", "tau")), ==, 1);
  g_assert_cmpstr (sw_signal_get_input (signal_of (model, "torque1", "tau"), 0), ==, "speedSensor1.w");
  g_assert_cmpstr (sw_signal_get_input (signal_of (model, "torque2", "tau"), 0), ==, "speedSensor2.w");
  tr = sw_test_run_model (model, 0, 1e-10);
  assert_column (tr, "inertia1.w", w1_exact, 1e-7);
  /* The kink at w = 4 makes no event (as in Modelica): the step there
   * is the integrator's. */
  assert_column (tr, "inertia2.w", w2_exact, 1e-6);
  {
    const double *w = sw_test_column (tr, "inertia1.w"), *tau = sw_test_column (tr, "torque1.tau");

    for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
      g_assert_cmpfloat_with_epsilon (tau[r], 10 - w[r], 1e-12);
  }
  /* Written back as CombiTable1Ds with the sensor wired in, it reads back
   * to the same run. */
  {
    g_autofree char *text = sw_modelica_export (model, &error);

    g_assert_no_error (error);
    g_assert_nonnull (strstr (text, "Modelica.Blocks.Tables.CombiTable1Ds torque2_tau(table=[0, 10; 4, 6], "
                                    "smoothness=Modelica.Blocks.Types.Smoothness.LinearSegments, "
                                    "extrapolation=Modelica.Blocks.Types.Extrapolation.HoldLastPoint);"));
    g_assert_nonnull (strstr (text, "connect(speedSensor2.w, torque2_tau.u);"));
  }
  assert_round_trip (model);
}

/* The MSL documentation's example table, looked up at u = t - 2 (a
 * Ramp): u = 1 gives 1, u = 1.5 gives 2.5, u = 2 gives 4, u = -1 gives -1
 * (the line through the first two points); past the last point the line
 * through the last two, 16 + 6 (u - 4). Column 3 by y[2]. Constant
 * segments hold the row at or below u and the end values outside; a
 * periodic table repeats [0, 2]. CombiTable1D (MSL 3) reads y[k] at
 * u[k]. */
static const char points_model[] =
  "model Points\n"
  "  Modelica.Blocks.Sources.Ramp ramp(height=10, duration=10, offset=-2);\n"
  "  Modelica.Blocks.Sources.Ramp ramp2(height=10, duration=10, offset=0);\n"
  "  Modelica.Blocks.Tables.CombiTable1Ds lin(table=[0, 0, 5; 1, 1, 4; 2, 4, 3; 4, 16, 2]);\n"
  "  Modelica.Blocks.Tables.CombiTable1Ds hold(table=[0, 0, 5; 1, 1, 4; 2, 4, 3; 4, 16, 2], columns={2},\n"
  "    smoothness=Modelica.Blocks.Types.Smoothness.ConstantSegments,\n"
  "    extrapolation=Modelica.Blocks.Types.Extrapolation.HoldLastPoint);\n"
  "  Modelica.Blocks.Tables.CombiTable1Ds per(table=[0, 0; 1, 1; 2, 0],\n"
  "    extrapolation=Modelica.Blocks.Types.Extrapolation.Periodic);\n"
  "  Modelica.Blocks.Tables.CombiTable1D two(table=[0, 0, 5; 1, 1, 4; 2, 4, 3; 4, 16, 2], columns={2, 3});\n"
  "  Modelica.Mechanics.Rotational.Sources.Torque torque1;\n"
  "  Modelica.Mechanics.Rotational.Sources.Torque torque2;\n"
  "  Modelica.Mechanics.Rotational.Sources.Torque torque3;\n"
  "  Modelica.Mechanics.Rotational.Sources.Torque torque4;\n"
  "  Modelica.Mechanics.Rotational.Sources.Torque torque5;\n"
  "  Modelica.Mechanics.Rotational.Components.Inertia inertia(J=1);\n"
  "equation\n"
  "  connect(ramp.y, lin.u);\n"
  "  connect(ramp.y, hold.u);\n"
  "  connect(ramp.y, per.u);\n"
  "  connect(ramp.y, two.u[1]);\n"
  "  connect(ramp2.y, two.u[2]);\n"
  "  connect(lin.y[1], torque1.tau);\n"
  "  connect(lin.y[2], torque2.tau);\n"
  "  connect(hold.y[1], torque3.tau);\n"
  "  connect(per.y[1], torque4.tau);\n"
  "  connect(two.y[2], torque5.tau);\n"
  "  connect(torque1.flange, inertia.flange_a);\n"
  "  connect(torque2.flange, inertia.flange_a);\n"
  "  connect(torque3.flange, inertia.flange_a);\n"
  "  connect(torque4.flange, inertia.flange_a);\n"
  "  connect(torque5.flange, inertia.flange_a);\n"
  "end Points;\n";

static double
at_u (SwModel *model, const char *id, double u, double *d1)
{
  double d2;

  /* ramp: u = t - 2 for t in [0, 10]. */
  return sw_signal_eval (signal_of (model, id, "tau"), u + 2, FALSE, d1, &d2);
}

static void
test_points (void)
{
  g_autoptr (SwModel) model = import_ok (points_model);
  SwSignal *two = NULL;
  double d1, d2;

  g_assert_cmpfloat_with_epsilon (at_u (model, "torque1", 1, &d1), 1, 1e-14);
  g_assert_cmpfloat_with_epsilon (at_u (model, "torque1", 1.5, &d1), 2.5, 1e-14);
  g_assert_cmpfloat_with_epsilon (d1, 3, 1e-14);  /* the segment's slope times u' = 1 */
  g_assert_cmpfloat_with_epsilon (at_u (model, "torque1", 2, &d1), 4, 1e-14);
  g_assert_cmpfloat_with_epsilon (at_u (model, "torque1", -1, &d1), -1, 1e-14);
  g_assert_cmpfloat_with_epsilon (at_u (model, "torque1", 5, &d1), 22, 1e-13);
  g_assert_cmpfloat_with_epsilon (at_u (model, "torque2", 3, &d1), 2.5, 1e-14);
  g_assert_cmpfloat_with_epsilon (at_u (model, "torque3", 1.5, &d1), 1, 1e-14);
  g_assert_cmpfloat_with_epsilon (at_u (model, "torque3", 3, &d1), 4, 1e-14);
  g_assert_cmpfloat_with_epsilon (at_u (model, "torque3", 5, &d1), 16, 1e-14);
  g_assert_cmpfloat_with_epsilon (at_u (model, "torque3", -1, &d1), 0, 1e-14);
  g_assert_cmpfloat_with_epsilon (at_u (model, "torque4", 2.5, &d1), 0.5, 1e-14);
  g_assert_cmpfloat_with_epsilon (at_u (model, "torque4", -0.5, &d1), 0.5, 1e-14);
  g_assert_cmpfloat_with_epsilon (at_u (model, "torque4", 3.25, &d1), 0.75, 1e-14);
  g_assert_cmpfloat_with_epsilon (d1, -1, 1e-14);  /* 3.25 is 1.25 of the period: the falling segment */
  /* two.y[2] is column 3 at u[2] = t (ramp2): at t = 3 (u[1] = 1), 3.5. */
  two = signal_of (model, "torque5", "tau");
  g_assert_cmpfloat_with_epsilon (sw_signal_eval (two, 3, FALSE, &d1, &d2), 2.5, 1e-14);
  g_assert_cmpfloat_with_epsilon (sw_signal_eval (two, 0.5, FALSE, &d1, &d2), 4.5, 1e-14);
  /* Each lookup written back with its Ramp as a block of its own. */
  assert_round_trip (model);
}

/* ContinuousDerivative: Akima's cubic as GSL's (the MSL's end conditions
 * are GSL's on data where every point has a weight), looked up at
 * u = t - 2; y' = g'(u) u' with u' = 1. */
static void
test_akima (void)
{
  static const double u[] = { 0, 0.5, 1.5, 2, 3, 4.5, 5 }, y[] = { 0, 1, 0.5, 2, 2.5, 1, 1.2 };
  g_autoptr (SwModel) model = import_ok (
    "model A\n"
    "  Modelica.Blocks.Sources.Ramp ramp(height=10, duration=10, offset=-2);\n"
    "  Modelica.Blocks.Tables.CombiTable1Ds t(table=[0, 0; 0.5, 1; 1.5, 0.5; 2, 2; 3, 2.5; 4.5, 1; 5, 1.2],\n"
    "    smoothness=Modelica.Blocks.Types.Smoothness.ContinuousDerivative);\n"
    "  Modelica.Mechanics.Rotational.Sources.Torque torque1;\n"
    "  Modelica.Mechanics.Rotational.Components.Inertia inertia(J=1);\n"
    "equation\n"
    "  connect(ramp.y, t.u);\n"
    "  connect(t.y[1], torque1.tau);\n"
    "  connect(torque1.flange, inertia.flange_a);\n"
    "end A;\n");
  gsl_interp *interp = gsl_interp_alloc (gsl_interp_akima, G_N_ELEMENTS (u));
  gsl_interp_accel *acc = gsl_interp_accel_alloc ();
  double worst = 0, worst_d = 0;

  g_assert_cmpint (gsl_interp_init (interp, u, y, G_N_ELEMENTS (u)), ==, GSL_SUCCESS);
  for (int k = 0; k <= 500; k++)
    {
      double x = 5.0 * k / 500, d1;
      double v = at_u (model, "torque1", x, &d1);

      worst = MAX (worst, fabs (v - gsl_interp_eval (interp, u, y, x, acc)));
      worst_d = MAX (worst_d, fabs (d1 - gsl_interp_eval_deriv (interp, u, y, x, acc)));
    }
  g_test_message ("akima lookup: value off by %.3g, slope by %.3g", worst, worst_d);
  g_assert_cmpfloat (worst, <=, 1e-12);
  g_assert_cmpfloat (worst_d, <=, 1e-11);
  gsl_interp_accel_free (acc);
  gsl_interp_free (interp);
}

/* A model with table t (modifiers mods) from a speed sensor into a
 * torque. */
static char *
sensor_model (const char *type, const char *mods, const char *input)
{
  return g_strdup_printf ("model M\n"
                          "  Modelica.Blocks.Tables.%s t(%s);\n"
                          "  Modelica.Mechanics.Rotational.Sensors.SpeedSensor speed;\n"
                          "  Modelica.Mechanics.Rotational.Sources.Torque torque;\n"
                          "  Modelica.Mechanics.Rotational.Components.Inertia inertia(J=1);\n"
                          "equation\n"
                          "  connect(inertia.flange_b, speed.flange);\n"
                          "%s"
                          "  connect(t.y[1], torque.tau);\n"
                          "  connect(torque.flange, inertia.flange_a);\n"
                          "end M;\n", type, mods, input);
}

/* What a lookup cannot honour is refused at its place, saying what is
 * valid. */
static void
test_refused (void)
{
  static const struct {
    const char *type, *mods, *input, *says;
  } cases[] = {
    { "CombiTable1Ds", "table=[0, 0; 1, 1],\n    extrapolation=Modelica.Blocks.Types.Extrapolation.None",
      "  connect(speed.w, t.u);\n",
      "m.mo:3:5: error: t.extrapolation = None is not supported; valid: LastTwoPoints, HoldLastPoint, Periodic, "
      "NoExtrapolation" },
    { "CombiTable1Ds", "tableOnFile=true, tableName=\"tab\", fileName=\"tab.txt\"", "  connect(speed.w, t.u);\n",
      "m.mo:2:42: error: t: tableOnFile = true is not supported for CombiTable1Ds; valid: the table in the model" },
    { "CombiTable1Ds", "table=[0, 0; 1, 1; 1, 2]", "  connect(speed.w, t.u);\n",
      "m.mo:2:42: error: t: row 3 of the table has u = 1 after 1 in row 2; the first column (the grid) must be "
      "strictly increasing" },
    { "CombiTable1Ds", "table=[0, 0; 1, 1], offset={1}", "  connect(speed.w, t.u);\n",
      "m.mo:2:62: error: t (Modelica.Blocks.Tables.CombiTable1Ds): parameter “offset” is not supported" },
    { "CombiTable1Ds", "table=[0, 0; 1, 1]", "", "t.u is not connected to a source block" },
    { "CombiTable1Dv", "table=[0, 0; 1, 1]", "  connect(speed.w, t.u);\n", "t.u[1] is not connected" },
    { "CombiTable1Ds", "table=[0, 0; 1, 1], columns={3}", "  connect(speed.w, t.u);\n",
      "t: output y[1] reads table column 3; valid: columns 2 to 2 of the table" },
    { "CombiTable1Ds", "table=[0, 0; 1, 1; 2, 0], extrapolation=Modelica.Blocks.Types.Extrapolation.Periodic,\n"
      "    smoothness=Modelica.Blocks.Types.Smoothness.ContinuousDerivative", "  connect(speed.w, t.u);\n",
      "m.mo:2:68: error: t: extrapolation = Periodic with smoothness = ContinuousDerivative is not supported" },
  };

  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      g_autofree char *text = sensor_model (cases[k].type, cases[k].mods, cases[k].input);

      assert_import_fails (text, cases[k].says);
    }
}

/* NoExtrapolation: Modelica stops the run with an error where the input
 * leaves the table. A torque of 4 N.m looked up in a table of the speed
 * over 0 … 10 rad/s drives J = 2 from rest: w = 2 t inside the table, which
 * it leaves at t = 5; the run stops there (located as an event is, not
 * at the next output row), naming the component, its parameter, the time
 * and the value read. Up to 4.9 s it runs,
 * and the export writes NoExtrapolation back. A CombiTimeTable read past
 * its last time stops alike. */
static char *
no_extrapolation_model (const char *table_block, const char *input, double stop)
{
  return g_strdup_printf ("within Modelica.Mechanics.Rotational.Examples;\n"
                          "model LookupNoExtrapolation \"A torque looked up in a table the speed leaves\"\n"
                          "  extends Modelica.Icons.Example;\n"
                          "  Modelica.Mechanics.Rotational.Components.Inertia inertia(J=2, phi(start=0, fixed=true),\n"
                          "    w(start=0, fixed=true));\n"
                          "  Modelica.Mechanics.Rotational.Sources.Torque torque;\n"
                          "  Modelica.Mechanics.Rotational.Sensors.SpeedSensor speedSensor;\n"
                          "  %s(table=[0, 4; 10, 4],\n"
                          "    extrapolation=Modelica.Blocks.Types.Extrapolation.NoExtrapolation);\n"
                          "equation\n"
                          "  connect(torque.flange, inertia.flange_a);\n"
                          "  connect(inertia.flange_b, speedSensor.flange);\n"
                          "%s"
                          "  connect(torqueCurve.y[1], torque.tau);\n"
                          "  annotation (experiment(StopTime=%g, Interval=0.1));\n"
                          "end LookupNoExtrapolation;\n", table_block, input, stop);
}

static double
w_ramp (double t)
{
  return 2 * t;
}

static void
test_no_extrapolation (void)
{
  static const char lookup[] = "Modelica.Blocks.Tables.CombiTable1Ds torqueCurve";
  static const char by_speed[] = "  connect(speedSensor.w, torqueCurve.u);\n";
  g_autofree char *inside = no_extrapolation_model (lookup, by_speed, 4.9);
  g_autofree char *past = no_extrapolation_model (lookup, by_speed, 8);
  g_autofree char *timed = no_extrapolation_model ("Modelica.Blocks.Sources.CombiTimeTable torqueCurve", "", 12);
  g_autoptr (SwModel) a = import_ok (inside);
  g_autoptr (SwModel) b = import_ok (past);
  g_autoptr (SwModel) c = import_ok (timed);
  g_autoptr (SwTrajectory) tr = sw_test_run_model (a, 0, 1e-10);
  g_autoptr (GError) error = NULL;
  g_autofree char *text = sw_modelica_export (a, &error);

  assert_column (tr, "inertia.w", w_ramp, 1e-9);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (text, "extrapolation=Modelica.Blocks.Types.Extrapolation.NoExtrapolation"));
  assert_round_trip (a);
  for (guint k = 0; k < 2; k++)
    {
      g_autoptr (SwSystem) sys = sw_model_assemble (k == 0 ? b : c, &error);
      SwSimulateOptions o;
      g_autoptr (SwTrajectory) stopped = NULL;

      g_assert_no_error (error);
      o = sw_simulate_options_from_system (sys);
      stopped = sw_simulate (sys, &o, NULL, NULL, NULL, &error);
      g_assert_null (stopped);
      sw_test_assert_error_says (error, k == 0 ? "component “torque”: at t = 5 s the table of its signal tau is "
                                                 "read at 10, leaving its points 0 … 10; its extrapolation is “none” "
                                                 "(Modelica's NoExtrapolation), which stops the run"
                                               : "component “torque”: at t = 10 s the table of its signal tau is "
                                                 "read at 10, leaving its points 0 … 10");
      g_clear_error (&error);
    }
}

/* The instant a NoExtrapolation table is left, from the run's message
 * "at t = T s", and the last row the run gave before it. */
static gboolean
last_row (double t, const double *values, guint n_values, gpointer data, GError **error)
{
  *(double *) data = t;
  return TRUE;
}

static double
stop_time_of (SwModel *model, double *last)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SwSystem) sys = sw_model_assemble (model, &error);
  g_autoptr (SwTrajectory) tr = NULL;
  SwSimulateOptions o;
  const char *at;

  g_assert_no_error (error);
  o = sw_simulate_options_from_system (sys);
  o.on_row = last_row;
  o.on_row_data = last;
  tr = sw_simulate (sys, &o, NULL, NULL, NULL, &error);
  g_assert_null (tr);
  g_assert_nonnull (error);
  at = strstr (error->message, "at t = ");
  g_assert_nonnull (at);
  return g_ascii_strtod (at + strlen ("at t = "), NULL);
}

/* A closed-form input leaving the table between output rows (0.1 s
 * apart): a Ramp u = 10 t into a lookup over 0 … 3.7 leaves it at
 * t = 0.37, and a CombiTimeTable over 0 … 0.37 at the same instant; the
 * run stops at 0.37 (the message's 9 digits: to 1e-9), its last row the
 * output row 0.3 before it. */
static void
test_no_extrapolation_exact (void)
{
  static const char *const blocks[] = {
    "  Modelica.Blocks.Sources.Ramp ramp(height=10, duration=1);\n"
    "  Modelica.Blocks.Tables.CombiTable1Ds torqueCurve(table=[0, 4; 3.7, 4],\n"
    "    extrapolation=Modelica.Blocks.Types.Extrapolation.NoExtrapolation);\n",
    "  Modelica.Blocks.Sources.CombiTimeTable torqueCurve(table=[0, 4; 0.37, 4],\n"
    "    extrapolation=Modelica.Blocks.Types.Extrapolation.NoExtrapolation);\n",
  };
  static const char *const wires[] = { "  connect(ramp.y, torqueCurve.u);\n", "" };

  for (guint k = 0; k < G_N_ELEMENTS (blocks); k++)
    {
      g_autofree char *text = g_strdup_printf ("model RampLeavesTable\n"
                                               "  Modelica.Mechanics.Rotational.Components.Inertia inertia(J=2,\n"
                                               "    phi(start=0, fixed=true), w(start=0, fixed=true));\n"
                                               "  Modelica.Mechanics.Rotational.Sources.Torque torque;\n"
                                               "%s"
                                               "equation\n"
                                               "  connect(torque.flange, inertia.flange_a);\n"
                                               "%s"
                                               "  connect(torqueCurve.y[1], torque.tau);\n"
                                               "  annotation (experiment(StopTime=1, Interval=0.1));\n"
                                               "end RampLeavesTable;\n", blocks[k], wires[k]);
      g_autoptr (SwModel) model = import_ok (text);
      double last = -1, stop = stop_time_of (model, &last);

      g_assert_cmpfloat_with_epsilon (stop, 0.37, 1e-9);
      g_assert_cmpfloat_with_epsilon (last, 0.3, 1e-12);
    }
}

/* The same lookup in a .shaft file: a sensor's output through a table
 * into a torque; a repeated input is refused (Modelica's grid is
 * strictly increasing), and so is a lookup without its input. */
static void
test_file (void)
{
  static const char good[] =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
    "{\"id\": \"j\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 2}},"
    "{\"id\": \"spd\", \"kind\": \"rotational.speed_sensor\"},"
    "{\"id\": \"torque\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": {\"lookup\": "
    "{\"input\": {\"sensor\": {\"of\": \"spd.w\"}}, \"points\": [[2, 8], [4, 6]], \"extrapolation\": \"linear\"}}}}],"
    "\"connections\": [{\"from\": \"j.flange_b\", \"to\": \"spd.flange\"}, "
    "{\"from\": \"torque.flange\", \"to\": \"j.flange_a\"}],"
    "\"simulation\": {\"stop_time\": 4}}";
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_data (good, -1, "good.shaft", &error);
  g_autoptr (SwTrajectory) tr = NULL;
  g_autoptr (JsonNode) node = NULL;
  g_autoptr (SwSignal) back = NULL;

  g_assert_no_error (error);
  tr = sw_test_run_model (model, 0, 1e-10);
  assert_column (tr, "j.w", w1_exact, 1e-7);
  /* Written and read back: the same lookup. */
  node = sw_signal_to_json (signal_of (model, "torque", "tau"));
  back = sw_signal_new_from_json (node, &error);
  g_assert_no_error (error);
  {
    static const double w[] = { 3 };

    g_assert_cmpfloat (sw_signal_eval_inputs (back, 0, FALSE, w, NULL, NULL), ==, 7);
    g_assert_true (isnan (sw_signal_eval (back, 0, FALSE, NULL, NULL)));  /* no speed given */
  }
  {
    g_autoptr (JsonNode) again = sw_signal_to_json (back);

    g_assert_true (json_node_equal (node, again));
  }
  /* Moved into an outer model (a subsystem flattened): the sensor's
   * name prefixed, the table the same. */
  {
    static const double w[] = { 5 };
    g_autoptr (SwSignal) moved = sw_signal_dup_prefixed (back, "engine1.");

    g_assert_cmpstr (sw_signal_get_type_name (moved), ==, "lookup");
    g_assert_cmpuint (sw_signal_get_n_inputs (moved), ==, 1);
    g_assert_cmpstr (sw_signal_get_input (moved, 0), ==, "engine1.spd.w");
    g_assert_cmpfloat (sw_signal_eval_inputs (moved, 0, FALSE, w, NULL, NULL), ==, 5);
  }
  for (guint k = 0; k < 2; k++)
    {
      const char *text = k == 0 ? "{\"lookup\": {\"input\": 1, \"points\": [[0, 1], [0, 2]]}}"
                                : "{\"lookup\": {\"points\": [[0, 1], [1, 2]]}}";
      g_autoptr (JsonNode) bad = json_from_string (text, &error);
      g_autoptr (SwSignal) refused = NULL;

      g_assert_no_error (error);
      refused = sw_signal_new_from_json (bad, &error);
      g_assert_null (refused);
      sw_test_assert_error_says (error, k == 0 ? "the input column must be strictly increasing"
                                               : "field “input” of a lookup signal is required");
      g_clear_error (&error);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  gsl_set_error_handler_off ();
  g_test_add_func ("/core/modelica-msl-table1d/feedback", test_feedback);
  g_test_add_func ("/core/modelica-msl-table1d/points", test_points);
  g_test_add_func ("/core/modelica-msl-table1d/akima", test_akima);
  g_test_add_func ("/core/modelica-msl-table1d/refused", test_refused);
  g_test_add_func ("/core/modelica-msl-table1d/file", test_file);
  g_test_add_func ("/core/modelica-msl-table1d/no-extrapolation", test_no_extrapolation);
  g_test_add_func ("/core/modelica-msl-table1d/no-extrapolation-exact", test_no_extrapolation_exact);
  return g_test_run ();
}
