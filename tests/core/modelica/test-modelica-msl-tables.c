/* test-modelica-msl-tables.c: CombiTimeTable's smoothness as Modelica
 * gives it: ContinuousDerivative (Akima), MonotoneContinuousDerivative1
 * (Fritsch-Butland) and MonotoneContinuousDerivative2 (Steffen) with the
 * slopes of the MSL's table functions, their LastTwoPoints extrapolation
 * (the end slope), and what cannot be honoured refused at its place.
 *
 * The references: GSL's gsl_interp_akima, which has the MSL's end
 * conditions and differs only where both of Akima's weights are 0 (it
 * then makes the segment straight), on data without that case;
 * gsl_interp_steffen, which differs from the MSL only in its end slopes,
 * on the inner segments; values worked by hand for the end segments, the
 * degenerate Akima case and Fritsch-Butland (GSL has none), written out
 * below; and integrals of the cubics in closed form for a run.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <gsl/gsl_errno.h>
#include <gsl/gsl_interp.h>
#include <json-glib/json-glib.h>

#include "sw-signal.h"
#include "test-modelica-helpers.h"

/* A table signal of the points with the interpolation, extrapolating
 * linearly (Modelica's LastTwoPoints). */
static SwSignal *
table_signal (const double *t, const double *y, guint n, const char *interpolation, const char *extrapolation)
{
  GString *s = g_string_new ("{\"table\": {\"points\": [");
  g_autoptr (JsonNode) node = NULL;
  g_autoptr (GError) error = NULL;
  SwSignal *signal;

  for (guint i = 0; i < n; i++)
    g_string_append_printf (s, "%s[%.17g, %.17g]", i > 0 ? ", " : "", t[i], y[i]);
  g_string_append_printf (s, "], \"interpolation\": \"%s\", \"extrapolation\": \"%s\"}}", interpolation,
                          extrapolation);
  node = json_from_string (s->str, &error);
  g_string_free (s, TRUE);
  g_assert_no_error (error);
  signal = sw_signal_new_from_json (node, &error);
  g_assert_no_error (error);
  g_assert_nonnull (signal);
  return signal;
}

/* Our signal against GSL's interpolation of the same points on [from, to]. */
static void
assert_like_gsl (const SwSignal *signal, const gsl_interp_type *type, const double *t, const double *y, guint n,
                 double from, double to)
{
  gsl_interp *interp = gsl_interp_alloc (type, n);
  gsl_interp_accel *acc = gsl_interp_accel_alloc ();
  double worst = 0, worst_d = 0;

  g_assert_cmpint (gsl_interp_init (interp, t, y, n), ==, GSL_SUCCESS);
  for (int k = 0; k <= 1000; k++)
    {
      double x = from + (to - from) * k / 1000.0, d1, d2;
      double v = sw_signal_eval (signal, x, FALSE, &d1, &d2);

      worst = MAX (worst, fabs (v - gsl_interp_eval (interp, t, y, x, acc)));
      worst_d = MAX (worst_d, fabs (d1 - gsl_interp_eval_deriv (interp, t, y, x, acc)));
    }
  g_test_message ("%s on [%g, %g]: value off by %.3g, slope by %.3g", gsl_interp_name (interp), from, to, worst,
                  worst_d);
  g_assert_cmpfloat (worst, <=, 1e-12);
  g_assert_cmpfloat (worst_d, <=, 1e-11);
  gsl_interp_accel_free (acc);
  gsl_interp_free (interp);
}

static double
value (const SwSignal *signal, double t, double *d1)
{
  double d2;

  return sw_signal_eval (signal, t, FALSE, d1, &d2);
}

/* Akima: everywhere as GSL's on data where every point has a weight;
 * past the ends a line with the end slope (MSL's LastTwoPoints). The
 * degenerate case by hand: y = 0, 1, 2, 3, 3, 3 at t = 0 … 5 has the
 * secants 1, 1, 1, 0, 0 (continued by 1, 1 before and 0, 0 after), so
 * the slopes at t = 2, 3, 4 are 1, the mean 0.5 (both weights 0) and 0:
 * at t = 2.5 the cubic gives 2 + 0.5 + 0.5/4 - 0.5/8 = 2.5625, at 3.5 it
 * rises above the plateau, 3 + 0.5/2 - 1/4 + 0.5/8 = 3.0625 (Akima's
 * overshoot, which the monotone ones avoid). */
static void
test_akima (void)
{
  static const double t[] = { 0, 0.5, 1.5, 2, 3, 4.5, 5 }, y[] = { 0, 1, 0.5, 2, 2.5, 1, 1.2 };
  static const double t2[] = { 0, 1, 2, 3, 4, 5 }, y2[] = { 0, 1, 2, 3, 3, 3 };
  g_autoptr (SwSignal) signal = table_signal (t, y, G_N_ELEMENTS (t), "akima", "linear");
  g_autoptr (SwSignal) plateau = table_signal (t2, y2, G_N_ELEMENTS (t2), "akima", "linear");
  gsl_interp *interp = gsl_interp_alloc (gsl_interp_akima, G_N_ELEMENTS (t));
  gsl_interp_accel *acc = gsl_interp_accel_alloc ();
  double d1, end_slope;

  assert_like_gsl (signal, gsl_interp_akima, t, y, G_N_ELEMENTS (t), 0, 5);
  gsl_interp_init (interp, t, y, G_N_ELEMENTS (t));
  end_slope = gsl_interp_eval_deriv (interp, t, y, 5, acc);
  g_assert_cmpfloat_with_epsilon (value (signal, 7, &d1), 1.2 + 2 * end_slope, 1e-12);
  g_assert_cmpfloat_with_epsilon (d1, end_slope, 1e-12);
  gsl_interp_accel_free (acc);
  gsl_interp_free (interp);

  g_assert_cmpfloat_with_epsilon (value (plateau, 2.5, &d1), 2.5625, 1e-14);
  g_assert_cmpfloat_with_epsilon (value (plateau, 3.5, &d1), 3.0625, 1e-14);
  g_assert_cmpfloat (value (plateau, 3, &d1), ==, 3);
  g_assert_cmpfloat_with_epsilon (d1, 0.5, 1e-15);
  g_assert_cmpfloat (value (plateau, 4, &d1), ==, 3);
  g_assert_cmpfloat_with_epsilon (d1, 0, 1e-15);
}

/* Steffen: as GSL's on the inner segments (GSL's end slopes come from a
 * parabola, the MSL's are the end secants). By hand on t = 0, 1, 3,
 * y = 0, 1, 2 (secants 1 and 0.5): the middle slope is the parabola's,
 * (1 * 2 + 0.5 * 1) / 3 = 5/6, within twice the smaller secant, so at
 * t = 2 the cubic from (1, 1, 5/6) to (3, 2, 1/2) gives 1 + 5/6 - 1/3 +
 * 1/12 = 19/12; past t = 3 the line of slope 0.5. Where the parabola is
 * too steep (y = 0, 0.1, 2: 1 against the secant 0.1) the slope is
 * limited to 2 * 0.1; at an extremum it is 0. */
static void
test_steffen (void)
{
  static const double t[] = { 0, 0.5, 1.5, 2, 3, 4.5, 5 }, y[] = { 0, 1, 0.5, 2, 2.5, 1, 1.2 };
  static const double t3[] = { 0, 1, 3 }, y3[] = { 0, 1, 2 };
  static const double steep[] = { 0, 0.1, 2 }, peak[] = { 0, 1, 0 };
  g_autoptr (SwSignal) signal = table_signal (t, y, G_N_ELEMENTS (t), "steffen", "linear");
  g_autoptr (SwSignal) three = table_signal (t3, y3, 3, "steffen", "linear");
  g_autoptr (SwSignal) limited = table_signal (t3, steep, 3, "steffen", "linear");
  g_autoptr (SwSignal) top = table_signal (t3, peak, 3, "steffen", "linear");
  double d1;

  assert_like_gsl (signal, gsl_interp_steffen, t, y, G_N_ELEMENTS (t), 0.5, 4.5);
  g_assert_cmpfloat_with_epsilon (value (three, 2, &d1), 19.0 / 12, 1e-14);
  g_assert_cmpfloat (value (three, 1, &d1), ==, 1);
  g_assert_cmpfloat_with_epsilon (d1, 5.0 / 6, 1e-15);
  g_assert_cmpfloat (value (three, 0, &d1), ==, 0);
  g_assert_cmpfloat_with_epsilon (d1, 1, 1e-15);
  g_assert_cmpfloat_with_epsilon (value (three, 4, &d1), 2.5, 1e-14);
  g_assert_cmpfloat_with_epsilon (d1, 0.5, 1e-15);
  value (limited, 1, &d1);
  g_assert_cmpfloat_with_epsilon (d1, 0.2, 1e-15);
  value (top, 1, &d1);
  g_assert_cmpfloat (d1, ==, 0);
}

/* Fritsch-Butland: on t = 0, 1, 3, y = 0, 1, 2 the middle slope is the
 * weighted harmonic mean 3 (1 + 2) / ((1 + 4) / 1 + (2 + 2) / 0.5) =
 * 9/13, so at t = 2: 1 + 9/13 - 5/26 + 5/104 = 1 + 57/104; the ends
 * take the secants. Monotone data stay monotone between the points, where
 * Akima overshoots (the plateau above). */
static void
test_fritsch_butland (void)
{
  static const double t3[] = { 0, 1, 3 }, y3[] = { 0, 1, 2 };
  static const double t2[] = { 0, 1, 2, 3, 4, 5 }, y2[] = { 0, 1, 2, 3, 3, 3 };
  g_autoptr (SwSignal) three = table_signal (t3, y3, 3, "fritsch-butland", "linear");
  g_autoptr (SwSignal) plateau = table_signal (t2, y2, G_N_ELEMENTS (t2), "fritsch-butland", "hold");
  double d1, last = -1;

  g_assert_cmpfloat_with_epsilon (value (three, 2, &d1), 1 + 57.0 / 104, 1e-14);
  g_assert_cmpfloat (value (three, 1, &d1), ==, 1);
  g_assert_cmpfloat_with_epsilon (d1, 9.0 / 13, 1e-15);
  g_assert_cmpfloat_with_epsilon (value (three, 5, &d1), 3, 1e-14);
  for (int k = 0; k <= 600; k++)
    {
      double v = value (plateau, k / 100.0, &d1);

      g_assert_cmpfloat (v, >=, last);
      g_assert_cmpfloat (v, <=, 3);
      last = v;
    }
}

/* A run: each table drives a torque on an inertia J = 2 from rest, so
 * w(t) is the integral of the cubics over 2; a cubic Hermite segment of
 * length h integrates to h (y0 + y1) / 2 + h^2 (m0 - m1) / 12. With the
 * slopes above, at t = 3: Fritsch-Butland 0.5 + (1 - 9/13) / 12 + 3 + 4
 * (9/13 - 1/2) / 12 = 3.5 + 7/78, Steffen 0.5 + (1 - 5/6) / 12 + 3 + 4
 * (5/6 - 1/2) / 12 = 3.625; the Akima plateau to t = 5 adds its five
 * segments, 0.5 + 1.5 + (2.5 + 1/24) + (3 + 1/24) + 3 = 10.58333….
 * The model: tests/data/modelica/SmoothTables.mo. Written back by the export as the same smoothness, it reads back to the
 * same run. */

static double
at (SwTrajectory *tr, const char *column, double t)
{
  const double *times = sw_trajectory_get_times (tr), *x = sw_test_column (tr, column);

  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    if (fabs (times[r] - t) < 1e-9)
      return x[r];
  g_assert_not_reached ();
  return NAN;
}

static void
test_run (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("SW_SOURCE_ROOT"), "tests", "data", "modelica",
                                            "SmoothTables.mo", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_modelica_import_file (path, &error);
  g_autoptr (SwTrajectory) tr = NULL;
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  tr = sw_test_run_model (model, 0, 1e-10);

  g_assert_cmpfloat_with_epsilon (at (tr, "torque1.tau", 2), 1 + 57.0 / 104, 1e-12);
  g_assert_cmpfloat_with_epsilon (at (tr, "torque2.tau", 2), 19.0 / 12, 1e-12);
  g_assert_cmpfloat_with_epsilon (at (tr, "torque3.tau", 3.5), 3.0625, 1e-12);
  g_assert_cmpfloat_with_epsilon (at (tr, "inertia1.w", 3), (3.5 + 7.0 / 78) / 2, 1e-8);
  g_assert_cmpfloat_with_epsilon (at (tr, "inertia2.w", 3), 3.625 / 2, 1e-8);
  g_assert_cmpfloat_with_epsilon (at (tr, "inertia3.w", 5), (10.5 + 2.0 / 24) / 2, 1e-8);
  text = sw_modelica_export (model, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (text, "smoothness=Modelica.Blocks.Types.Smoothness.MonotoneContinuousDerivative1"));
  g_assert_nonnull (strstr (text, "smoothness=Modelica.Blocks.Types.Smoothness.MonotoneContinuousDerivative2"));
  g_assert_nonnull (strstr (text, "smoothness=Modelica.Blocks.Types.Smoothness.ContinuousDerivative"));
  assert_round_trip (model);
}

/* What a cubic cannot honour is refused at its place, saying what is
 * valid: a period (the MSL joins the slopes across the wrap), a jump (a
 * repeated time has no slope), a smoothness the MSL does not have. The
 * same from a .shaft file. With two points a smooth table is the line, as
 * in Modelica. */
static void
test_refused (void)
{
  static const char two_shaft[] =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": [\n"
    "  {\"id\": \"torque\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": {\"table\": {\"points\": %s,\n"
    "   \"interpolation\": \"akima\", \"extrapolation\": \"%s\"}}}},\n"
    "  {\"id\": \"inertia\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1}}],\n"
    " \"connections\": [{\"from\": \"torque.flange\", \"to\": \"inertia.flange_a\"}]}\n";
  static const double t2[] = { 0, 2 }, y2[] = { 1, 2 };
  g_autoptr (SwSignal) two = table_signal (t2, y2, 2, "steffen", "linear");
  g_autofree char *periodic = g_strdup_printf (two_shaft, "[[0, 0], [1, 1], [2, 0]]", "periodic");
  g_autofree char *jump = g_strdup_printf (two_shaft, "[[0, 0], [1, 1], [1, 2]]", "hold");
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = NULL;
  double d1;

  g_assert_cmpfloat_with_epsilon (value (two, 1, &d1), 1.5, 1e-15);
  g_assert_cmpfloat_with_epsilon (d1, 0.5, 1e-15);
  assert_import_fails ("model M\n  Modelica.Blocks.Sources.CombiTimeTable t(table=[0, 0; 1, 1; 2, 0],\n"
                       "    smoothness=Modelica.Blocks.Types.Smoothness.ContinuousDerivative,\n"
                       "    extrapolation=Modelica.Blocks.Types.Extrapolation.Periodic);\n"
                       "  Modelica.Mechanics.Rotational.Sources.Torque torque;\nequation\n"
                       "  connect(t.y[1], torque.tau);\nend M;\n",
                       "m.mo:4:5: error: t: extrapolation = Periodic with smoothness = ContinuousDerivative is not "
                       "supported; valid with it: LastTwoPoints, HoldLastPoint, NoExtrapolation");
  assert_import_fails ("model M\n  Modelica.Blocks.Sources.CombiTimeTable t(table=[0, 0; 1, 1; 1, 2; 2, 2],\n"
                       "    smoothness=Modelica.Blocks.Types.Smoothness.MonotoneContinuousDerivative2);\n"
                       "  Modelica.Mechanics.Rotational.Sources.Torque torque;\nequation\n"
                       "  connect(t.y[1], torque.tau);\nend M;\n",
                       "m.mo:3:5: error: t: smoothness = MonotoneContinuousDerivative2 needs increasing times, but "
                       "rows 2 and 3 of the table have time 1 (a jump); valid for a table with jumps: "
                       "LinearSegments, ConstantSegments");
  assert_import_fails ("model M\n  Modelica.Blocks.Sources.CombiTimeTable t(table=[0, 0; 1, 1; 2, 2],\n"
                       "    smoothness=Modelica.Blocks.Types.Smoothness.ModifiedContinuousDerivative);\n"
                       "  Modelica.Mechanics.Rotational.Sources.Torque torque;\nequation\n"
                       "  connect(t.y[1], torque.tau);\nend M;\n",
                       "m.mo:3:5: error: t.smoothness = ModifiedContinuousDerivative is not supported; valid: "
                       "LinearSegments, ConstantSegments, ContinuousDerivative, MonotoneContinuousDerivative1, "
                       "MonotoneContinuousDerivative2");
  model = sw_model_new_from_data (periodic, -1, "periodic.shaft", &error);
  g_assert_null (model);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "a table signal with interpolation “akima” cannot be periodic"));
  g_clear_error (&error);
  model = sw_model_new_from_data (jump, -1, "jump.shaft", &error);
  g_assert_null (model);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "row 3 of field “points” of a table signal repeats time 1"));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  gsl_set_error_handler_off ();
  g_test_add_func ("/core/modelica-msl-tables/akima", test_akima);
  g_test_add_func ("/core/modelica-msl-tables/steffen", test_steffen);
  g_test_add_func ("/core/modelica-msl-tables/fritsch-butland", test_fritsch_butland);
  g_test_add_func ("/core/modelica-msl-tables/run", test_run);
  g_test_add_func ("/core/modelica-msl-tables/refused", test_refused);
  return g_test_run ();
}
