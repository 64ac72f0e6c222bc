/* test-modelica-observed.c: observed variables ("observed" in a .shaft
 * file, a Modelica variable with a binding): the formula compiler, the
 * columns against their definitions from the other columns and against
 * the power balance of the MSL's LossyGearDemo1/2, SimpleGearShift's
 * outputs, the errors at their lines, and import -> export -> import.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include "sw-error.h"
#include "sw-modelica.h"
#include "sw-observed.h"
#include "sw-system.h"
#include "sw-test-files.h"
#include "sw-test-run.h"

static char *
msl_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "modelica", "msl", "Rotational", name, NULL);
}

static SwModel *
import (const char *path)
{
  g_autoptr (GError) error = NULL;
  SwModel *model = sw_modelica_import_file (path, &error);

  g_assert_no_error (error);
  return model;
}

static double
eval_text (const char *text, const double *inputs)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwObservedProgram) program = _sw_observed_compile (text, names, NULL, &error);

  g_assert_no_error (error);
  return _sw_observed_eval (program, inputs);
}

/* The grammar: precedence, grouping, functions, inputs each once. */
static void
test_compile (void)
{
  static const double in[] = { 3, -4 };
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwObservedProgram) p = NULL;
  g_autoptr (GString) deep = g_string_new (NULL);
  guint position;

  g_assert_cmpfloat (eval_text ("2^3^2", NULL), ==, 64);
  g_assert_cmpfloat (eval_text ("-2^2", NULL), ==, -4);
  g_assert_cmpfloat (eval_text ("1 - 2 - 3", NULL), ==, -4);
  g_assert_cmpfloat (eval_text ("8 / 2 / 2", NULL), ==, 2);
  g_assert_cmpfloat (eval_text ("max(1, 2) + min(1, 2) * 10", NULL), ==, 12);
  g_assert_cmpfloat (eval_text ("abs(-1.5e1) + sqrt(4) + exp(0) + cos(0) + sin(0)", NULL), ==, 19);
  g_assert_cmpfloat_with_epsilon (eval_text ("sin(pi / 2)", NULL), 1, 1e-15);
  p = _sw_observed_compile ("a.b.w * a.b.w + c.tau / a.b.w", names, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (names->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (names, 0), ==, "a.b.w");
  g_assert_cmpstr (g_ptr_array_index (names, 1), ==, "c.tau");
  g_assert_cmpfloat (_sw_observed_eval (p, in), ==, 9 + -4.0 / 3);
  /* Errors say where. */
  g_clear_pointer (&p, _sw_observed_program_free);
  p = _sw_observed_compile ("a.w * (b.w + 1", names, &position, &error);
  g_assert_null (p);
  g_assert_cmpuint (position, ==, 15);
  sw_test_assert_error_says (error, "expected “)”");
  g_clear_error (&error);
  p = _sw_observed_compile ("foo(a.w)", names, &position, &error);
  sw_test_assert_error_says (error, "unknown function “foo”");
  g_clear_error (&error);
  p = _sw_observed_compile ("max(a.w)", names, &position, &error);
  sw_test_assert_error_says (error, "max takes 2 argument(s)");
  g_clear_error (&error);
  for (guint k = 0; k < 200; k++)
    g_string_append_c (deep, '(');
  g_string_append_c (deep, '1');
  for (guint k = 0; k < 200; k++)
    g_string_append_c (deep, ')');
  p = _sw_observed_compile (deep->str, names, &position, &error);
  sw_test_assert_error_says (error, "nests too deeply");
  /* The message quotes the formula's start: 200 parentheses, not 401
   * characters; one of 4 MB was quoted whole (hos26). */
  g_assert_cmpuint (strlen (error->message), <, 300);
  sw_test_assert_error_says (error, "(((…”, character 25:");
}

/* LossyGearDemo1 (PowerLoss = gear.lossPower) and 2 (PowerLoss =
 * flange_a.tau der(flange_a.phi) + flange_b.tau der(flange_b.phi)): the
 * column is its definition from the other columns to 1e-12, and the power
 * balance holds: what flows in at the flanges (the support is fixed) is
 * what the gear loses, to 1e-9. */
static void
check_lossy_gear (const char *path)
{
  static const char *const vars[] = { "PowerLoss", "gear.lossPower", "gear.flange_a.tau", "gear.flange_b.tau",
                                      "gear.flange_a.w", "gear.flange_b.w", "gear.support.w", NULL };
  g_autoptr (SwModel) model = import (path);
  g_autoptr (SwTrajectory) tr = sw_test_run_model_recording (model, vars);
  guint n;
  const SwObservedEntry *observed = sw_model_get_observed (model, &n);
  const double *loss = sw_test_column (tr, "PowerLoss"), *heat = sw_test_column (tr, "gear.lossPower");
  const double *ta = sw_test_column (tr, "gear.flange_a.tau"), *tb = sw_test_column (tr, "gear.flange_b.tau");
  const double *wa = sw_test_column (tr, "gear.flange_a.w"), *wb = sw_test_column (tr, "gear.flange_b.w");
  const double *ws = sw_test_column (tr, "gear.support.w");
  gboolean by_products = strstr (observed[0].expression, "flange_a.w") != NULL;
  double largest = 0;

  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpstr (observed[0].name, ==, "PowerLoss");
  g_assert_cmpuint (sw_trajectory_get_n_rows (tr), >, 100);
  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    {
      double in = ta[r] * wa[r] + tb[r] * wb[r];

      g_assert_cmpfloat (ws[r], ==, 0);
      g_assert_cmpfloat_with_epsilon (loss[r], by_products ? in : heat[r], 1e-12 * (1 + fabs (loss[r])));
      g_assert_cmpfloat_with_epsilon (in, heat[r], 1e-9 * (1 + fabs (heat[r])));
      largest = MAX (largest, fabs (loss[r]));
    }
  /* The test can fail: the gear does lose power. */
  g_assert_cmpfloat (largest, >, 0.01);
}

static void
test_lossy_gear_demo1 (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "modelica", "LossyGearDemo1.mo", NULL);

  check_lossy_gear (path);
}

static void
test_lossy_gear_demo2 (void)
{
  g_autofree char *path = msl_path ("LossyGearDemo2.mo");

  check_lossy_gear (path);
}

/* SimpleGearShift's outputs: wEngine = engine.w, wLoad = load.w,
 * gearRatio = wLoad / max(wEngine, 1e-6); a run of every variable has
 * them as its last columns. */
static void
test_simple_gear_shift (void)
{
  g_autofree char *path = msl_path ("SimpleGearShift.mo");
  g_autoptr (SwModel) model = import (path);
  g_autoptr (SwTrajectory) tr = sw_test_run_model (model, 0, 0);
  guint n_cols = sw_trajectory_get_n_columns (tr);
  const double *we = sw_test_column (tr, "wEngine"), *wl = sw_test_column (tr, "wLoad");
  const double *ratio = sw_test_column (tr, "gearRatio");
  const double *engine = sw_test_column (tr, "engine.w"), *load = sw_test_column (tr, "load.w");
  double largest = 0;

  g_assert_cmpstr (sw_trajectory_get_column_name (tr, n_cols - 1), ==, "gearRatio");
  g_assert_cmpstr (sw_trajectory_get_column_name (tr, n_cols - 3), ==, "wEngine");
  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    {
      g_assert_cmpfloat (we[r], ==, engine[r]);
      g_assert_cmpfloat (wl[r], ==, load[r]);
      g_assert_cmpfloat_with_epsilon (ratio[r], load[r] / MAX (engine[r], 1e-6), 1e-12 * (1 + fabs (ratio[r])));
      largest = MAX (largest, fabs (ratio[r]));
    }
  g_assert_cmpfloat (largest, >, 0.1);
}

/* A trajectory that keeps only states makes the column again, bit for bit
 * (the window's columns). */
static void
test_derived (void)
{
  static const char *const vars[] = { "PowerLoss", NULL };
  g_autofree char *path = msl_path ("LossyGearDemo2.mo");
  g_autoptr (SwModel) model = import (path);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwSystem) sys = sw_model_assemble (model, &error);
  g_autoptr (SwTrajectory) recorded = sw_test_run_model_recording (model, vars), derived = NULL, done = NULL;
  SwSimulateOptions o = sw_simulate_options_from_system (sys);

  o.variables = vars;
  derived = sw_simulate_new_trajectory (sys, &o, &error);
  g_assert_no_error (error);
  o.record_into = derived;
  done = sw_simulate (sys, &o, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  sw_test_assert_same_run (recorded, derived, NULL, 0, 0);
}

/* Import -> export -> import: the same formulas, the same run bit for bit. */
static void
test_round_trip (void)
{
  static const char *const names[] = { "LossyGearDemo2.mo", "SimpleGearShift.mo" };

  for (guint k = 0; k < G_N_ELEMENTS (names); k++)
    {
      g_autofree char *path = msl_path (names[k]);
      g_autoptr (SwModel) model = import (path);
      g_autoptr (GError) error = NULL;
      g_autofree char *text = sw_modelica_export (model, &error);
      g_autoptr (SwModel) again = NULL;
      g_autoptr (SwTrajectory) a = NULL, b = NULL;
      guint n, m;
      const SwObservedEntry *x, *y;

      g_assert_no_error (error);
      g_assert_nonnull (strstr (text, "Real "));
      again = sw_modelica_import (text, -1, "exported.mo", &error);
      g_assert_no_error (error);
      x = sw_model_get_observed (model, &n);
      y = sw_model_get_observed (again, &m);
      g_assert_cmpuint (n, ==, m);
      g_assert_cmpuint (n, >, 0);
      for (guint i = 0; i < n; i++)
        {
          g_assert_cmpstr (x[i].name, ==, y[i].name);
          g_assert_cmpstr (x[i].expression, ==, y[i].expression);
        }
      a = sw_test_run_model (model, 0, 0);
      b = sw_test_run_model (again, 0, 0);
      sw_test_assert_same_run (a, b, NULL, 0, 0);
    }
  /* and the .shaft file: written and read, the same entries. */
  {
    g_autofree char *path = msl_path ("LossyGearDemo2.mo");
    g_autoptr (SwModel) model = import (path);
    g_autoptr (GError) error = NULL;
    g_autofree char *text = sw_model_to_data (model, NULL);
    g_autoptr (SwModel) again = sw_model_new_from_data (text, -1, "saved.shaft", &error);
    guint n, m;

    g_assert_no_error (error);
    g_assert_cmpstr (sw_model_get_observed (model, &n)[0].expression, ==,
                     sw_model_get_observed (again, &m)[0].expression);
    g_assert_cmpuint (sw_model_get_observed (again, &m)[0].line, >, 1);
  }
}

static const char shaft_head[] =
  "{\"format\": \"shaftwork-model\", \"version\": 1,\n"
  "  \"components\": [{\"id\": \"j\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1}}],\n"
  "  \"observed\": [\n"
  "    {\"name\": \"ok\", \"expression\": \"j.w * 2\"},\n";

static void
assert_shaft_error (const char *entry, const char *needle)
{
  g_autofree char *text = g_strdup_printf ("%s    %s\n  ]\n}\n", shaft_head, entry);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_data (text, -1, "test.shaft", &error);

  g_assert_null (model);
  sw_test_assert_error_says (error, needle);
}

/* A dotted name (a Modelica model's own, "heatCapacitor.T") is a column
 * like any other, written and read back with the file; the Modelica export
 * leaves it out (no Modelica declaration has a dotted name). */
static void
test_dotted_name (void)
{
  g_autofree char *text = g_strdup_printf ("%s    {\"name\": \"cap.T\", \"expression\": \"j.w + 1\"}\n  ]\n}\n",
                                           shaft_head);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_data (text, -1, "test.shaft", &error);
  g_autoptr (SwModel) again = NULL;
  g_autoptr (SwTrajectory) tr = NULL;
  g_autofree char *data = NULL, *mo = NULL;
  const SwObservedEntry *observed;
  guint n;

  g_assert_no_error (error);
  tr = sw_test_run_model (model, 0, 0);
  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    g_assert_cmpfloat (sw_test_column (tr, "cap.T")[r], ==, sw_test_column (tr, "j.w")[r] + 1);
  data = sw_model_to_data (model, NULL);
  again = sw_model_new_from_data (data, -1, "again.shaft", &error);
  g_assert_no_error (error);
  observed = sw_model_get_observed (again, &n);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpstr (observed[1].name, ==, "cap.T");
  mo = sw_modelica_export (model, &error);
  g_assert_no_error (error);
  g_assert_null (strstr (mo, "cap.T"));
  g_assert_nonnull (strstr (mo, "Real ok"));
}

/* Errors in a .shaft file and in a Modelica model: at their line, naming
 * the entry and what is valid. */
static void
test_errors (void)
{
  static const char mo[] =
    "model T\n"
    "  Modelica.Mechanics.Rotational.Components.Inertia inertia1(J = 1, phi(fixed = true, start = 0),\n"
    "    w(fixed = true, start = 1));\n"
    "  Real p = %s;\n"
    "end T;\n";
  static const char *const mo_cases[][2] = {
    { "inertia1.x", "T.mo:4:8: error: observed “p”: unknown variable “inertia1.x”" },
    { "foo(inertia1.w)", "T.mo:4:12: error: the function foo is not supported" },
    { "der(inertia1.tau)", "der() of anything but a position or speed" },
    { "if inertia1.w > 0 then 1 else 0", "this expression" },
  };

  assert_shaft_error ("{\"name\": \"p\", \"expression\": \"j.x + 1\"}",
                      "test.shaft:5:33: error: observed “p”: unknown variable “j.x”");
  assert_shaft_error ("{\"name\": \"j\", \"expression\": \"j.w\"}",
                      "test.shaft:5:14: error: observed “j”: the name is a component's id");
  assert_shaft_error ("{\"name\": \"ok\", \"expression\": \"j.w\"}", "test.shaft:5:14: error: observed “ok” is given twice");
  assert_shaft_error ("{\"name\": \"2x\", \"expression\": \"j.w\"}", "test.shaft:5:14: error: observed “2x”: not a valid name");
  /* A dotted name is for a variable of no component here. */
  assert_shaft_error ("{\"name\": \"j.w2\", \"expression\": \"j.w\"}",
                      "test.shaft:5:14: error: observed “j.w2”: “j” is a component's id");
  assert_shaft_error ("{\"name\": \"a..b\", \"expression\": \"j.w\"}", "observed “a..b”: not a valid name");
  assert_shaft_error ("{\"name\": \"a.\", \"expression\": \"j.w\"}", "observed “a.”: not a valid name");
  assert_shaft_error ("{\"name\": \"a.2\", \"expression\": \"j.w\"}", "observed “a.2”: not a valid name");
  assert_shaft_error ("{\"name\": \"p\", \"expression\": \"j.w +* 2\"}", "test.shaft:5:33: error: observed “p”: formula");
  for (guint k = 0; k < G_N_ELEMENTS (mo_cases); k++)
    {
      g_autofree char *text = g_strdup_printf (mo, mo_cases[k][0]);
      g_autoptr (GError) error = NULL;
      g_autoptr (SwModel) model = sw_modelica_import (text, -1, "T.mo", &error);

      g_assert_null (model);
      sw_test_assert_error_says (error, mo_cases[k][1]);
    }
  /* A port's speed, by name: der(inertia1.flange_a.phi). */
  {
    g_autofree char *text = g_strdup_printf (mo, "der(inertia1.flange_a.phi) - inertia1.w");
    g_autoptr (GError) error = NULL;
    g_autoptr (SwModel) model = sw_modelica_import (text, -1, "T.mo", &error);
    g_autoptr (SwTrajectory) tr = NULL;
    const double *p;

    g_assert_no_error (error);
    tr = sw_test_run_model (model, 0, 0);
    p = sw_test_column (tr, "p");
    for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
      g_assert_cmpfloat (p[r], ==, 0);
    g_assert_cmpfloat (sw_test_column (tr, "inertia1.w")[0], ==, 1);
  }
}

/* Units: a Modelica variable's from its SI type or its unit attribute,
 * into the run's columns, through export and the .shaft file and back; a
 * plain Real has none; an attribute that is not supported is an error at
 * its line and column, one that changes nothing is accepted. */
static const char *
column_unit (SwTrajectory *tr, const char *name)
{
  for (guint c = 0; c < sw_trajectory_get_n_columns (tr); c++)
    if (strcmp (sw_trajectory_get_column_name (tr, c), name) == 0)
      return sw_trajectory_get_column_unit (tr, c);
  g_assert_not_reached ();
}

static void
test_units (void)
{
  static const char mo[] =
    "model U\n"
    "  import SI = Modelica.Units.SI;\n"
    "  Modelica.Mechanics.Rotational.Components.Inertia inertia1(J = 2, phi(fixed = true, start = 0),\n"
    "    w(fixed = true, start = 3));\n"
    "  SI.Energy e = inertia1.J * inertia1.w ^ 2 / 2;\n"
    "  Modelica.SIunits.Conversions.NonSIunits.AngularVelocity_rpm n = inertia1.w * 30 / pi;\n"
    "  Real m(unit = \"N.m.s\", min = 0, displayUnit = \"N.m.s\") = inertia1.J * inertia1.w;\n"
    "  Real r = 2 * inertia1.w;\n"
    "  %s\n"
    "end U;\n";
  static const char *const expect[][2] = { { "e", "J" }, { "n", "rev/min" }, { "m", "N.m.s" }, { "r", "" } };
  g_autofree char *text = g_strdup_printf (mo, "");
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_modelica_import (text, -1, "U.mo", &error);
  g_autoptr (SwTrajectory) tr = NULL;
  g_autofree char *exported = NULL, *saved = NULL;
  g_autoptr (SwModel) from_mo = NULL, from_shaft = NULL;

  g_assert_no_error (error);
  tr = sw_test_run_model (model, 0, 0);
  for (guint k = 0; k < G_N_ELEMENTS (expect); k++)
    g_assert_cmpstr (column_unit (tr, expect[k][0]), ==, expect[k][1]);
  /* The values against the closed form: J w^2 / 2 = 9, 30 w / pi rpm. */
  g_assert_cmpfloat_with_epsilon (sw_test_column (tr, "e")[0], 9, 1e-12);
  g_assert_cmpfloat_with_epsilon (sw_test_column (tr, "n")[0], 90 / G_PI, 1e-12);
  exported = sw_modelica_export (model, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (exported, "Real e(unit = \"J\") = "));
  from_mo = sw_modelica_import (exported, -1, "exported.mo", &error);
  g_assert_no_error (error);
  saved = sw_model_to_data (model, NULL);
  g_assert_nonnull (strstr (saved, "\"unit\": \"rev/min\""));
  from_shaft = sw_model_new_from_data (saved, -1, "saved.shaft", &error);
  g_assert_no_error (error);
  for (guint k = 0; k < G_N_ELEMENTS (expect); k++)
    {
      guint n;

      g_assert_cmpstr (sw_model_get_observed (from_mo, &n)[k].unit, ==, expect[k][1]);
      g_assert_cmpstr (sw_model_get_observed (from_shaft, &n)[k].unit, ==, expect[k][1]);
    }
  /* Errors. */
  {
    g_autofree char *bad = g_strdup_printf (mo, "Real q(foo = 1) = inertia1.w;");
    g_autoptr (SwModel) none = sw_modelica_import (bad, -1, "U.mo", &error);

    g_assert_null (none);
    sw_test_assert_error_says (error, "U.mo:9:10: error: variable q: the attribute foo is not supported");
    g_clear_error (&error);
  }
  {
    g_autofree char *bad = g_strdup_printf (mo, "Real q(unit = \"N m\") = inertia1.w;");
    g_autoptr (SwModel) none = sw_modelica_import (bad, -1, "U.mo", &error);

    g_assert_null (none);
    sw_test_assert_error_says (error, "U.mo:9:8: error: observed “q”: “N m” is not a valid unit");
    g_clear_error (&error);
  }
  assert_shaft_error ("{\"name\": \"p\", \"expression\": \"j.w\", \"unit\": 3}",
                      "test.shaft:5:48: error: observed 2: “unit” must be a string");
  assert_shaft_error ("{\"name\": \"p\", \"expression\": \"j.w\", \"unit\": \"rad/s s\"}",
                      "test.shaft:5:48: error: observed “p”: “rad/s s” is not a valid unit");
}

/* A variable declared without a binding and defined by one equation; a
 * component's parameter in it is its value. J = 2 spinning freely at
 * w = 3: e = J w^2 / 2 = 9, w2 = 2 der(phi) = 6. */
static void
test_equations (void)
{
  static const char mo[] =
    "model T\n"
    "  Modelica.Mechanics.Rotational.Components.Inertia inertia1(J = 2, phi(fixed = true, start = 0),\n"
    "    w(fixed = true, start = 3));\n"
    "  Real e \"kinetic energy\";\n"
    "  Real w2%s;\n"
    "equation\n"
    "  e = 0.5*inertia1.J*inertia1.w^2;\n"
    "  w2 = der(inertia1.phi)*2;\n"
    "end T;\n";
  g_autofree char *text = g_strdup_printf (mo, "");
  g_autofree char *twice = g_strdup_printf (mo, " = 1");
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_modelica_import (text, -1, "T.mo", &error);
  g_autoptr (SwModel) bad = NULL;
  g_autoptr (SwTrajectory) tr = NULL;
  guint n;

  g_assert_no_error (error);
  g_assert_cmpstr (sw_model_get_observed (model, &n)[0].expression, ==, "0.5 * 2 * inertia1.w ^ 2");
  g_assert_cmpuint (n, ==, 2);
  tr = sw_test_run_model (model, 0, 0);
  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    {
      g_assert_cmpfloat_with_epsilon (sw_test_column (tr, "e")[r], 9, 1e-12);
      g_assert_cmpfloat_with_epsilon (sw_test_column (tr, "w2")[r], 6, 1e-12);
    }
  bad = sw_modelica_import (twice, -1, "T.mo", &error);
  g_assert_null (bad);
  sw_test_assert_error_says (error, "T.mo:8:3: error: variable w2 is defined twice");
}

/* Inside a subsystem, a part's variables by their path (INSTANCE.ID.VAR),
 * as a run's columns name them; an edited model's formula checked again. */
static void
test_subsystem (void)
{
  static const char *const vars[] = { "x", "engine1.flywheel.w", NULL };
  g_autofree char *path = sw_test_example_path ("marine/twin-engine.shaft");
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_file (path, &error);
  g_autoptr (SwTrajectory) tr = NULL;
  const double *x, *w;

  g_assert_no_error (error);
  g_assert_true (sw_model_add_observed (model, "x", "2 * engine1.flywheel.w - 1", NULL, &error));
  g_assert_no_error (error);
  g_assert_false (sw_model_add_observed (model, "y", "engine1.nothing.w", NULL, &error));
  sw_test_assert_error_says (error, "unknown variable “engine1.nothing.w”");
  tr = sw_test_run_model_recording (model, vars);
  x = sw_test_column (tr, "x");
  w = sw_test_column (tr, "engine1.flywheel.w");
  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    g_assert_cmpfloat (x[r], ==, 2 * w[r] - 1);
}

/* A formula that divides by zero or leaves sqrt's domain: IEEE's inf and
 * NaN (not UBSan's float-divide-by-zero), and a run names the formula, not
 * the state (fuzz25: it blamed "a tiny inertia against a huge stiffness"). */
static void
test_not_finite (void)
{
  static const char text[] =
    "{\"format\": \"shaftwork-model\", \"version\": 1,\n"
    "  \"components\": [{\"id\": \"j\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1}}],\n"
    "  \"observed\": [{\"name\": \"inverse\", \"expression\": \"1 / j.w\"}],\n"
    "  \"simulation\": {\"stop_time\": 0.01}\n}\n";
  static const double zero[] = { 0 }, minus_zero[] = { -0.0 };
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = NULL;
  g_autoptr (SwSystem) sys = NULL;
  SwTrajectory *tr;
  SwSimulateOptions o;

  g_assert_cmpfloat (eval_text ("1 / 0", NULL), ==, INFINITY);
  g_assert_cmpfloat (eval_text ("-1 / 0", NULL), ==, -INFINITY);
  g_assert_true (isnan (eval_text ("0 / 0", NULL)));
  g_assert_true (isnan (eval_text ("sqrt(-1)", NULL)));
  g_assert_cmpfloat (eval_text ("2 / a.w", zero), ==, INFINITY);
  g_assert_cmpfloat (eval_text ("2 / a.w", minus_zero), ==, -INFINITY);
  g_assert_cmpfloat (eval_text ("3 / a.w", (const double[]) { 4 }), ==, 0.75);

  model = sw_model_new_from_data (text, -1, "test.shaft", &error);
  g_assert_no_error (error);
  sys = sw_model_assemble (model, &error);
  g_assert_no_error (error);
  o = sw_simulate_options_from_system (sys);
  tr = sw_simulate (sys, &o, NULL, NULL, NULL, &error);
  g_assert_null (tr);
  g_assert_error (error, SW_ERROR, SW_ERROR_NOT_FINITE);
  sw_test_assert_error_says (error, "observed “inverse” became infinite at t = 0 s");
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/modelica/observed/compile", test_compile);
  g_test_add_func ("/modelica/observed/lossy-gear-demo1", test_lossy_gear_demo1);
  g_test_add_func ("/modelica/observed/lossy-gear-demo2", test_lossy_gear_demo2);
  g_test_add_func ("/modelica/observed/simple-gear-shift", test_simple_gear_shift);
  g_test_add_func ("/modelica/observed/derived", test_derived);
  g_test_add_func ("/modelica/observed/round-trip", test_round_trip);
  g_test_add_func ("/modelica/observed/errors", test_errors);
  g_test_add_func ("/modelica/observed/dotted-name", test_dotted_name);
  g_test_add_func ("/modelica/observed/equations", test_equations);
  g_test_add_func ("/modelica/observed/subsystem", test_subsystem);
  g_test_add_func ("/modelica/observed/units", test_units);
  g_test_add_func ("/modelica/observed/not-finite", test_not_finite);
  return g_test_run ();
}
