/* test-modelica-msl-files.c: Modelica files as the Standard Library ships
 * them and as users save them (tests/data/modelica/forms, written for
 * this test in those forms): a single example with its documentation's
 * HTML, Dymola's and OpenModelica's annotations, MSL 4 and MSL 3.2.3
 * names, CRLF line ends and a byte order mark; a package of examples and
 * MSL 3.2.3's whole library in one file, of which a model is chosen by
 * its name. Each model runs bit for bit as the plain file of it in
 * tests/data/modelica, which test-modelica checks against its .shaft and
 * test-msl-reference that against Dymola's reference results.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gstdio.h>

#include "test-modelica-helpers.h"

static char *
form_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "modelica", "forms", name, NULL);
}

static SwTrajectory *
run_file (const char *path, const char *model_name, SwModel **out)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_modelica_import_file_model (path, model_name, &error);

  g_assert_no_error (error);
  g_assert_nonnull (model);
  if (out != NULL)
    *out = g_object_ref (model);
  return sw_test_run_model (model, 0, 0);
}

/* The form's model (model_name of it) runs as the plain file plain. */
static void
assert_runs_as (const char *form, const char *model_name, const char *plain)
{
  g_autofree char *path = form_path (form);
  g_autofree char *plain_path = g_test_build_filename (G_TEST_DIST, "data", "modelica", plain, NULL);
  g_autoptr (SwModel) a = NULL, b = NULL;
  g_autoptr (SwTrajectory) ta = run_file (path, model_name, &a);
  g_autoptr (SwTrajectory) tb = run_file (plain_path, NULL, &b);

  g_test_message ("%s %s: %u rows", form, model_name != NULL ? model_name : "", sw_trajectory_get_n_rows (ta));
  g_assert_cmpuint (sw_trajectory_get_n_rows (ta), ==, sw_trajectory_get_n_rows (tb));
  g_assert_cmpuint (sw_trajectory_get_n_columns (ta), ==, sw_trajectory_get_n_columns (tb));
  g_assert_cmpfloat (sw_test_assert_same_run (ta, tb, NULL, 0, 0), ==, 0);
  g_assert_cmpstr (sw_model_get_name (a), ==, sw_model_get_name (b));
  g_assert_cmpfloat (sw_model_get_simulation (a)->stop_time_s, ==, sw_model_get_simulation (b)->stop_time_s);
  g_assert_cmpuint (sw_model_get_n_components (a), ==, sw_model_get_n_components (b));
}

static void
assert_file_fails (const char *form, const char *model_name, const char *needle)
{
  g_autofree char *path = form_path (form);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_modelica_import_file_model (path, model_name, &error);

  g_assert_null (model);
  g_test_message ("%s", error != NULL ? error->message : "(no error)");
  sw_test_assert_error_says (error, needle);
}

/* MSL 4's First.mo as shipped: documentation HTML with escaped quotes,
 * braces and text that reads like Modelica, revisions, Icon and Diagram
 * graphics, __Dymola_Commands with its description string, experiment
 * with Tolerance and __Dymola_Algorithm, import clauses, final, units,
 * stateSelect. */
static void
test_first_msl4 (void)
{
  g_autofree char *path = form_path ("First-msl4.mo");
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_modelica_import_file (path, &error);

  g_assert_no_error (error);
  g_assert_cmpfloat (sw_model_get_simulation (model)->tolerance, ==, 1e-6);
  g_assert_cmpfloat (param_of (model, "idealGear", "ratio"), ==, 10);
  assert_runs_as ("First-msl4.mo", NULL, "First.mo");
}

/* MSL 3.2.3's: Modelica.SIunits, freqHz, rotation=0 Placements,
 * Modelica.Constants, Diagram(…, graphics) without a value. */
static void
test_first_msl323 (void)
{
  assert_runs_as ("First-msl323.mo", NULL, "First.mo");
}

/* Saved by OpenModelica (CRLF line ends, Placement(visible = true, …),
 * rotation = -90, __OpenModelica_ annotations, uses) and by Dymola
 * (a byte order mark, CRLF, "within ;", __Dymola_selections). */
static void
test_first_saved_by_tools (void)
{
  g_autofree char *om = form_path ("First-openmodelica.mo");
  g_autofree char *dymola = form_path ("First-dymola.mo");
  g_autofree char *text = NULL;
  gsize length;
  g_autoptr (SwModel) model = NULL;
  g_autoptr (GError) error = NULL;

  /* The files are what they say: the test would prove nothing else. */
  g_assert_true (g_file_get_contents (om, &text, &length, NULL));
  g_assert_nonnull (strstr (text, "\r\n"));
  g_clear_pointer (&text, g_free);
  g_assert_true (g_file_get_contents (dymola, &text, &length, NULL));
  g_assert_cmpmem (text, 3, "\xEF\xBB\xBF", 3);
  g_assert_nonnull (strstr (text, "\r\n"));
  assert_runs_as ("First-openmodelica.mo", NULL, "First.mo");
  assert_runs_as ("First-dymola.mo", NULL, "First.mo");
  /* OpenModelica's "save total": the classes used (Modelica, Complex,
   * ModelicaServices) in the file before the model, the model the one
   * example among them. */
  assert_runs_as ("First-openmodelica-total.mo", NULL, "First.mo");
  /* A file in Latin-1 (an older tool's): where its first such byte is. */
  model = sw_modelica_import ("model M\r\n  // Gr\xF6\xDF" "e\r\nend M;\r\n", -1, "m.mo", &error);
  g_assert_null (model);
  sw_test_assert_error_says (error, "m.mo:2:8: error: the file is not UTF-8 text (byte 0xF6); Modelica files are UTF-8");
  g_clear_error (&error);
  /* The mark only at the start: one further on is still refused. */
  model = sw_modelica_import ("model M\n  \xEF\xBB\xBF\nend M;\n", -1, "m.mo", &error);
  g_assert_null (model);
  sw_test_assert_error_says (error, "m.mo:2:3:");
}

/* MSL 4's Examples as one package file: a model chosen by its name, its
 * path or its full name; without one, the choices listed (examples
 * only: the Utilities' models, a partial model, functions, connectors,
 * records and short classes are passed over). */
static void
test_examples_package (void)
{
  g_autofree char *path = form_path ("Examples-msl4.mo");
  g_autofree char *text = NULL;
  gsize length;
  g_auto (GStrv) names = NULL;

  assert_runs_as ("Examples-msl4.mo", "First", "First.mo");
  assert_runs_as ("Examples-msl4.mo", "Examples.Backlash", "Backlash.mo");
  assert_runs_as ("Examples-msl4.mo", "Modelica.Mechanics.Rotational.Examples.Backlash", "Backlash.mo");
  assert_file_fails ("Examples-msl4.mo", NULL,
                     "Examples-msl4.mo: error: the file holds 2 models; choose one by its name (--model NAME): "
                     "Examples.First, Examples.Backlash");
  assert_file_fails ("Examples-msl4.mo", "Nope",
                     "no model “Nope”; its models: Examples.First, Examples.Backlash, Examples.Utilities.DirectInertia");
  /* A name of a class that is no model to run, "rst" not a part's end. */
  assert_file_fails ("Examples-msl4.mo", "Utilities.PartialDrive", "no model “Utilities.PartialDrive”");
  assert_file_fails ("Examples-msl4.mo", "rst", "no model “rst”");
  /* The model chosen is parsed where it is: its errors at the file's
   * lines. */
  assert_file_fails ("Examples-msl4.mo", "DirectInertia", "Examples-msl4.mo:103:7: error: only connect() equations");
  g_assert_true (g_file_get_contents (path, &text, &length, NULL));
  names = sw_modelica_list_models (text, (gssize) length);
  g_assert_nonnull (names);
  g_assert_cmpuint (g_strv_length (names), ==, 3);
  g_assert_cmpstr (names[2], ==, "Examples.Utilities.DirectInertia");
}

/* MSL 3.2.3's library in one file (Translational.mo): UsersGuide's
 * classes, Components and Interfaces with equations, connectors, the
 * package's import clauses (SI, pi) for the examples inside it. */
static void
test_library_323 (void)
{
  assert_runs_as ("Translational-msl323.mo", "SignConvention", "SignConvention.mo");
  assert_runs_as ("Translational-msl323.mo", "Translational.Examples.Damper", "Damper.mo");
  assert_file_fails ("Translational-msl323.mo", NULL, "Translational.Examples.SignConvention, Translational.Examples.Damper");
  assert_file_fails ("Translational-msl323.mo", "Examples", "no model “Examples”");
  assert_file_fails ("Translational-msl323.mo", "Mass", "Translational-msl323.mo:86:7: error");
}

/* A package's import clauses hold in its models; a model's own name as
 * --model of a file of one model; another name refused. */
static void
test_package_imports (void)
{
  static const char text[] =
    "within Modelica.Mechanics;\n"
    "package Rotational \"lib\"\n"
    "  import SI = Modelica.SIunits;\n"
    "  import Modelica.Constants.pi;\n"
    "  package Examples\n"
    "    model Start\n"
    "      parameter SI.Angle a = pi/2;\n"
    "      Components.Inertia j(J=1, phi(fixed=true, start=a), w(fixed=true, start=0));\n"
    "    end Start;\n"
    "  end Examples;\n"
    "end Rotational;\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_modelica_import_model (text, -1, "p.mo", NULL, NULL, &error);
  g_autoptr (SwModel) one = NULL, other = NULL;

  g_assert_no_error (error);
  g_assert_cmpstr (sw_model_get_name (model), ==, "Start");
  g_assert_cmpfloat (param_of (model, "j", "phi0"), ==, G_PI / 2);
  one = sw_modelica_import_model ("model A\n  Modelica.Mechanics.Rotational.Components.Inertia j(J=1);\nend A;\n", -1,
                                  "a.mo", NULL, "A", &error);
  g_assert_no_error (error);
  other = sw_modelica_import_model ("model A\n  Modelica.Mechanics.Rotational.Components.Inertia j(J=1);\nend A;\n", -1,
                                    "a.mo", NULL, "B", &error);
  g_assert_null (other);
  sw_test_assert_error_says (error, "a.mo: error: the file has no model “B”; its models: A");
}

/* Several models saved in one file, two of a name in two packages. */
static void
test_several_models (void)
{
  static const char text[] =
    "model A \"first\"\n"
    "  Modelica.Mechanics.Rotational.Components.Inertia j(J=1, w(fixed=true, start=1), phi(fixed=true, start=0));\n"
    "  annotation (experiment(StopTime=1));\n"
    "end A;\n"
    "\n"
    "model B \"second\"\n"
    "  Modelica.Mechanics.Rotational.Components.Inertia j(J=2, w(fixed=true, start=3), phi(fixed=true, start=0));\n"
    "  annotation (experiment(StopTime=1));\n"
    "end B;\n";
  static const char twice[] =
    "package P\n"
    "  package X model A Modelica.Mechanics.Rotational.Components.Inertia j(J=1); end A; end X;\n"
    "  package Y model A Modelica.Mechanics.Rotational.Components.Inertia j(J=2); end A; end Y;\n"
    "end P;\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_modelica_import_model (text, -1, "ab.mo", NULL, "B", &error);
  g_autoptr (SwModel) none = NULL;

  g_assert_no_error (error);
  g_assert_cmpfloat (param_of (model, "j", "J"), ==, 2);
  g_assert_cmpfloat (param_of (model, "j", "w0"), ==, 3);
  none = sw_modelica_import_model (text, -1, "ab.mo", NULL, NULL, &error);
  g_assert_null (none);
  sw_test_assert_error_says (error, "ab.mo: error: the file holds 2 models; choose one by its name (--model NAME): A, B");
  g_clear_error (&error);
  none = sw_modelica_import_model (twice, -1, "p.mo", NULL, "A", &error);
  g_assert_null (none);
  sw_test_assert_error_says (error, "p.mo: error: “A” names 2 models: P.X.A, P.Y.A; give the whole name");
  g_clear_error (&error);
  /* A package not closed, or nesting without end: said at its start. */
  none = sw_modelica_import_model ("within;\npackage P\n  package Q\n  model A\n  end A;\nend P;\n", -1, "p.mo", NULL,
                                   NULL, &error);
  g_assert_null (none);
  sw_test_assert_error_says (error, "p.mo:3:3: error: the package “P.Q” has no “end Q;”");
  g_clear_error (&error);
  {
    g_autoptr (GString) deep = g_string_new (NULL);

    for (guint k = 0; k < 100000; k++)
      g_string_append (deep, "package a\n");
    none = sw_modelica_import_model (deep->str, -1, "p.mo", NULL, NULL, &error);
    g_assert_null (none);
    sw_test_assert_error_says (error, "p.mo:201:1: error: classes nest deeper than 200 levels");
    g_clear_error (&error);
  }
  model = (g_object_unref (model), sw_modelica_import_model (twice, -1, "p.mo", NULL, "Y.A", &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (param_of (model, "j", "J"), ==, 2);
  /* A whole path is that model, though it ends another (Q.P.X.A). */
  {
    g_autofree char *nested = g_strdup_printf ("%spackage Q\n%send Q;\n", twice, twice);

    g_object_unref (model);
    model = sw_modelica_import_model (nested, -1, "p.mo", NULL, "P.X.A", &error);
    g_assert_no_error (error);
    g_assert_cmpfloat (param_of (model, "j", "J"), ==, 1);
    g_clear_object (&model);
    model = sw_modelica_import_model (nested, -1, "p.mo", NULL, "X.A", &error);
    g_assert_null (model);
    sw_test_assert_error_says (error, "“X.A” names 2 models: P.X.A, Q.P.X.A; give the whole name");
  }
}

static double mass_s (double t) { return 0.5 + t; }
static double table_w (double t) { return t * t; }

/* Initial equations COMPONENT.VARIABLE = VALUE and der(…) = VALUE, as
 * users write them (der(mass1.s) the start of mass1.v): the same run as
 * s(start = 0.5, fixed = true), v(start = 1, fixed = true); a free mass at
 * s = 0.5 + t. What they cannot be is an error at its line. */
static void
test_initial_equations (void)
{
  static const char text[] =
    "within Modelica.Mechanics.Translational.Examples;\n"
    "model Free\n"
    "  Translational.Components.Mass mass1(m=2, s(start=3));\n"
    "initial equation\n"
    "  mass1.s = 0.25 + 0.25 \"half\";\n"
    "  der(mass1.s) = 1 annotation (__Dymola_tag=true);\n"
    "equation\n"
    "  annotation (experiment(StopTime=1, Interval=0.01));\n"
    "end Free;\n";
  static const char declared[] =
    "within Modelica.Mechanics.Translational.Examples;\n"
    "model Free\n"
    "  Translational.Components.Mass mass1(m=2, s(start=0.5, fixed=true), v(start=1, fixed=true));\n"
    "  annotation (experiment(StopTime=1, Interval=0.01));\n"
    "end Free;\n";
  static const struct { const char *initial, *says; } bad[] = {
    { "  der(j.J) = 0;\n", "m.mo:5:3: error: der(j.J) in an initial equation: valid: der(COMPONENT.VARIABLE) of phi, w" },
    { "  der(j.phi) = 0;\n", "m.mo:5:3: error: initial equation: j.w is fixed at 3:61 already" },
    { "  k.phi = 0;\n", "m.mo:5:3: error: initial equation: “k” is not a component of M" },
    { "  j.w = 0;\n", "m.mo:5:3: error: initial equation: j.w is fixed at 3:61 already; give its start there or here, not both" },
    { "  j.phi + 1 = 0;\n", "m.mo:5:3: error: initial equations are read as COMPONENT.VARIABLE = VALUE" },
    { "  n.phi = 0;\n", "m.mo:5:3: error: initial equation: “n” is not a component of M" },
  };
  g_autoptr (SwModel) model = import_ok (text);
  g_autoptr (SwModel) plain = import_ok (declared);
  g_autoptr (SwTrajectory) tr = sw_test_run_model (model, 0, 1e-10);
  g_autoptr (SwTrajectory) plain_tr = sw_test_run_model (plain, 0, 1e-10);

  g_assert_cmpfloat (param_of (model, "mass1", "s0"), ==, 0.5);
  g_assert_cmpfloat (param_of (model, "mass1", "v0"), ==, 1);
  assert_column (tr, "mass1.s", mass_s, 1e-9);
  g_assert_cmpfloat (sw_test_assert_same_run (tr, plain_tr, NULL, 0, 0), ==, 0);
  assert_round_trip (model);
  for (guint k = 0; k < G_N_ELEMENTS (bad); k++)
    {
      g_autofree char *m = g_strdup_printf ("model M\n  parameter Real n = 1;\n"
                                            "  Modelica.Mechanics.Rotational.Components.Inertia j(J=1, w(fixed=true, start=0));\n"
                                            "initial equation\n%send M;\n", bad[k].initial);

      assert_import_fails (m, bad[k].says);
    }
  assert_import_fails ("model M\n  Modelica.Mechanics.Rotational.Components.Inertia j(J=1);\ninitial algorithm\n"
                       "  j.phi := 0;\nend M;\n", "m.mo:3:9: error: algorithms are not supported");
}

/* experiment as the tools write it: StartTime = 0 (OpenModelica), Dymola's
 * __Dymola_NumberOfIntervals where no Interval is given; a later start
 * and a count that is no whole number refused. */
static void
test_experiment_entries (void)
{
  static const char form[] =
    "model E\n  Modelica.Mechanics.Rotational.Components.Inertia j(J=1);\n"
    "  annotation (experiment(StopTime=2, %s));\nend E;\n";
  g_autofree char *om = g_strdup_printf (form, "StartTime=0, Tolerance=1e-06, Interval=0.004");
  g_autofree char *dymola = g_strdup_printf (form, "__Dymola_NumberOfIntervals=400, __Dymola_Algorithm=\"Dassl\"");
  g_autofree char *both = g_strdup_printf (form, "Interval=0.1, NumberOfIntervals=400");
  g_autofree char *late = g_strdup_printf (form, "StartTime=0.5");
  g_autofree char *half = g_strdup_printf (form, "__Dymola_NumberOfIntervals=2.5");
  g_autoptr (SwModel) a = import_ok (om), b = import_ok (dymola), c = import_ok (both);

  g_assert_cmpfloat (sw_model_get_simulation (a)->output_interval_s, ==, 0.004);
  g_assert_cmpfloat (sw_model_get_simulation (a)->tolerance, ==, 1e-6);
  g_assert_cmpfloat (sw_model_get_simulation (b)->output_interval_s, ==, 2.0 / 400);
  g_assert_cmpfloat (sw_model_get_simulation (c)->output_interval_s, ==, 0.1);
  assert_import_fails (late, "m.mo:3:38: error: experiment: StartTime = 0.5 is out of range; valid: StartTime = 0");
  assert_import_fails (half, "m.mo:3:38: error: experiment: __Dymola_NumberOfIntervals = 2.5 is out of range; valid: "
                             "a whole number from 1 to 1e9");
}

/* Modelica.Utilities: Files.loadResource (a path) is the path, its table
 * read relative to the .mo file (a ramp of torque 2 t on 1 kg.m2: w = t^2);
 * a URI refused as a fileName is; the other utilities refused by name. */
static void
test_utilities (void)
{
  g_autofree char *dir = g_dir_make_tmp ("msl-files-XXXXXX", NULL);
  g_autofree char *table = g_build_filename (dir, "ramp.txt", NULL);
  g_autofree char *mo = g_build_filename (dir, "Ramp.mo", NULL);
  static const char model[] =
    "model Ramp\n"
    "  Modelica.Blocks.Sources.CombiTimeTable ramp(tableOnFile=true, tableName=\"tab\",\n"
    "    fileName=Modelica.Utilities.Files.loadResource(\"%s\"), columns={2});\n"
    "  Modelica.Mechanics.Rotational.Sources.Torque torque;\n"
    "  Modelica.Mechanics.Rotational.Components.Inertia j(J=1, phi(fixed=true, start=0), w(fixed=true, start=0));\n"
    "equation\n"
    "  connect(ramp.y[1], torque.tau);\n"
    "  connect(torque.flange, j.flange_a);\n"
    "  annotation (experiment(StopTime=1, Interval=0.01));\n"
    "end Ramp;\n";
  g_autofree char *text = g_strdup_printf (model, "ramp.txt");
  g_autofree char *uri = g_strdup_printf (model, "modelica://Modelica/Resources/Data/Tables/test.txt");
  g_autoptr (SwTrajectory) tr = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_nonnull (dir);
  g_assert_true (g_file_set_contents (table, "#1\ndouble tab(2,2)\n0 0\n1 2\n", -1, NULL));
  g_assert_true (g_file_set_contents (mo, text, -1, NULL));
  tr = run_file (mo, NULL, NULL);
  assert_column (tr, "j.w", table_w, 1e-8);
  assert_import_fails (uri, "m.mo:3:5: error: ramp.fileName = \"modelica://Modelica/Resources/Data/Tables/test.txt\": "
                            "a URI is not read");
  assert_import_fails ("model M\n  parameter Real x = Modelica.Utilities.Strings.length(\"abc\");\nend M;\n",
                       "m.mo:2:22: error: Modelica.Utilities.Strings.length is not supported: Modelica.Utilities' "
                       "functions act on files, streams and the system");
  assert_import_fails ("model M\n  inner Modelica.Mechanics.MultiBody.World world;\nend M;\n",
                       "m.mo:2:3: error: “inner” is not supported: inner and outer components (MultiBody's world");
  g_assert_cmpint (g_remove (table), ==, 0);
  g_assert_cmpint (g_remove (mo), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
  (void) error;
}

static double car_w (double t) { return 20 * t; }

/* A user's package: a model whose components are models beside it
 * (Units.Engine, MyLib.Units.Engine, and the Flywheel the engine uses by
 * its full name), read as its subsystems: 100 N.m from each engine on
 * 2 + 3 + 5 kg.m2, load.w = 20 t. An error in such a model is at its line
 * of the file. */
static void
test_package_subsystems (void)
{
  g_autofree char *path = form_path ("Package-subsystems.mo");
  g_autofree char *text = NULL, *broken = NULL;
  gsize length;
  g_autoptr (SwModel) model = NULL, none = NULL;
  g_autoptr (SwTrajectory) tr = NULL;
  g_autoptr (GError) error = NULL;
  char *at;

  g_assert_true (g_file_get_contents (path, &text, &length, NULL));
  model = sw_modelica_import_model (text, (gssize) length, "lib.mo", NULL, "Car", &error);
  g_assert_no_error (error);
  tr = sw_test_run_model (model, 0, 1e-10);
  assert_column (tr, "load.w", car_w, 1e-9);
  assert_round_trip (model);
  /* The flywheel's inertia, J_fly = 2 from the instance through Engine. */
  at = strstr (text, "J=J_fly);\n  equation\n    connect(inertia.flange_b");
  g_assert_nonnull (at);
  broken = g_strdup (text);
  memcpy (broken + (at - text), "K", 1);
  none = sw_modelica_import_model (broken, (gssize) length, "lib.mo", NULL, "Car", &error);
  g_assert_null (none);
  sw_test_assert_error_says (error, "lib.mo:6:62: error: inertia (Modelica.Mechanics.Rotational.Components.Inertia): parameter “K” is not supported");
}

static double w_1 (double t) { return t; }
static double w_3 (double t) { return 3 * t; }

/* Conditional components as the library's own use them (… if useC): the
 * one whose condition is false left out with its connections, so that
 * the torque is 3 N.m or 1 N.m on 1 kg.m2. A class's two annotations (an
 * older Dymola's Diagram among the elements, the experiment at the end)
 * both hold. */
static void
test_conditional_components (void)
{
  static const char form[] =
    "model Cond\n"
    "  parameter Boolean useC = %s;\n"
    "  parameter Boolean useD = true;\n"
    "  Modelica.Blocks.Sources.Constant c(k=1) if useC \"a torque of 1\";\n"
    "  Modelica.Blocks.Sources.Constant d(k=3) if useD and not useC \"a torque of 3\";\n"
    "  Modelica.Mechanics.Rotational.Sources.Torque torque;\n"
    "  Modelica.Mechanics.Rotational.Components.Inertia inertia1(J=1, phi(fixed=true, start=0), w(fixed=true, start=0));\n"
    "  annotation (experiment(StopTime=2, Interval=0.5));\n"
    "equation\n"
    "  connect(c.y, torque.tau);\n"
    "  connect(d.y, torque.tau);\n"
    "  connect(torque.flange, inertia1.flange_a);\n"
    "  annotation (Documentation(info=\"<html>later</html>\"), experiment(Interval=0.25));\n"
    "end Cond;\n";
  g_autofree char *off = g_strdup_printf (form, "false"), *on = g_strdup_printf (form, "true");
  g_autoptr (SwModel) a = import_ok (off), b = import_ok (on);
  g_autoptr (SwTrajectory) ta = sw_test_run_model (a, 0, 1e-10), tb = sw_test_run_model (b, 0, 1e-10);

  g_assert_cmpint (sw_model_find_component (a, "c"), <, 0);
  g_assert_cmpint (sw_model_find_component (b, "d"), <, 0);
  assert_column (ta, "inertia1.w", w_3, 1e-9);
  assert_column (tb, "inertia1.w", w_1, 1e-9);
  /* The later experiment (Interval 0.25, no StopTime: 1 s) replaces the
   * first. */
  g_assert_cmpfloat (sw_model_get_simulation (a)->output_interval_s, ==, 0.25);
  assert_import_fails ("model M\n  parameter Real x = 1 if true;\nend M;\n",
                       "m.mo:2:18: error: parameter x: a condition (if …) is for components only");
}

/* MSL 4's layout: Examples/package.mo holds no model, each is a file of
 * the folder (package.order lists them). --model First of package.mo is
 * First.mo beside it, also by its full name; without a name, the error
 * lists package.order's models (a sub-package's folder is none). */
static void
test_package_folder (void)
{
  g_autofree char *dir = g_dir_make_tmp ("msl-examples-XXXXXX", NULL);
  g_autofree char *package = g_build_filename (dir, "package.mo", NULL);
  g_autofree char *order = g_build_filename (dir, "package.order", NULL);
  g_autofree char *first = g_build_filename (dir, "First.mo", NULL);
  g_autofree char *backlash = g_build_filename (dir, "Backlash.mo", NULL);
  g_autofree char *utilities = g_build_filename (dir, "Utilities", NULL);
  g_autofree char *form = form_path ("First-msl4.mo");
  g_autofree char *plain = g_test_build_filename (G_TEST_DIST, "data", "modelica", "Backlash.mo", NULL);
  g_autofree char *text = NULL, *text2 = NULL;
  g_autoptr (SwModel) model = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (SwTrajectory) a = NULL, b = NULL, c = NULL, d = NULL;

  g_assert_nonnull (dir);
  g_assert_true (g_file_set_contents (package, "within Modelica.Mechanics.Rotational;\n"
                                               "package Examples \"Demonstration examples\"\n"
                                               "  extends Modelica.Icons.ExamplesPackage;\n"
                                               "  annotation (Documentation(info=\"<html><p>Examples</p></html>\"));\n"
                                               "end Examples;\n", -1, NULL));
  g_assert_true (g_file_set_contents (order, "First\nBacklash\nUtilities\n", -1, NULL));
  g_assert_true (g_file_get_contents (form, &text, NULL, NULL));
  g_assert_true (g_file_set_contents (first, text, -1, NULL));
  g_assert_true (g_file_get_contents (plain, &text2, NULL, NULL));
  g_assert_true (g_file_set_contents (backlash, text2, -1, NULL));
  g_assert_cmpint (g_mkdir (utilities, 0700), ==, 0);
  a = run_file (package, "First", NULL);
  b = run_file (form, NULL, NULL);
  g_assert_cmpfloat (sw_test_assert_same_run (a, b, NULL, 0, 0), ==, 0);
  c = run_file (package, "Modelica.Mechanics.Rotational.Examples.Backlash", NULL);
  d = run_file (plain, NULL, NULL);
  g_assert_cmpfloat (sw_test_assert_same_run (c, d, NULL, 0, 0), ==, 0);
  model = sw_modelica_import_file_model (package, NULL, &error);
  g_assert_null (model);
  sw_test_assert_error_says (error, "package.mo: error: the package holds no model itself; its models are files of its "
                                    "folder, choose one by its name (--model NAME): First, Backlash");
  g_clear_error (&error);
  model = sw_modelica_import_file_model (package, "../First", &error);
  g_assert_null (model);
  sw_test_assert_error_says (error, "its folder has no file of “../First”; its models: First, Backlash");
  /* Read as text (the window's Open): which file to open. */
  g_clear_error (&error);
  model = sw_modelica_import ("within Modelica.Mechanics.Rotational;\npackage Examples\nend Examples;\n", -1,
                              "package.mo", &error);
  g_assert_null (model);
  sw_test_assert_error_says (error, "package.mo:2:1: error: the package “Examples” holds no model; where each is a file "
                                    "of its own beside package.mo (as in MSL 4), open that file");
  g_clear_error (&error);
  g_assert_cmpint (g_remove (order), ==, 0);
  g_clear_error (&error);
  model = sw_modelica_import_file_model (package, "Second", &error);
  g_assert_null (model);
  sw_test_assert_error_says (error, "its folder has no file of “Second”; its models: Backlash, First");
  g_assert_cmpint (g_rmdir (utilities), ==, 0);
  g_assert_cmpint (g_remove (first), ==, 0);
  g_assert_cmpint (g_remove (backlash), ==, 0);
  g_assert_cmpint (g_remove (package), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/modelica/msl-files/first-msl4", test_first_msl4);
  g_test_add_func ("/modelica/msl-files/first-msl323", test_first_msl323);
  g_test_add_func ("/modelica/msl-files/first-saved-by-tools", test_first_saved_by_tools);
  g_test_add_func ("/modelica/msl-files/examples-package", test_examples_package);
  g_test_add_func ("/modelica/msl-files/library-323", test_library_323);
  g_test_add_func ("/modelica/msl-files/package-imports", test_package_imports);
  g_test_add_func ("/modelica/msl-files/several-models", test_several_models);
  g_test_add_func ("/modelica/msl-files/initial-equations", test_initial_equations);
  g_test_add_func ("/modelica/msl-files/experiment-entries", test_experiment_entries);
  g_test_add_func ("/modelica/msl-files/utilities", test_utilities);
  g_test_add_func ("/modelica/msl-files/package-subsystems", test_package_subsystems);
  g_test_add_func ("/modelica/msl-files/conditional-components", test_conditional_components);
  g_test_add_func ("/modelica/msl-files/package-folder", test_package_folder);
  return g_test_run ();
}
