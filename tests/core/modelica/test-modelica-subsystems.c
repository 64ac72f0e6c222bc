/* test-modelica-subsystems.c: subsystems written as nested Modelica
 * models and read back.
 *
 * The twin-engine drive (one engine unit used twice) and a subsystem of
 * subsystems are exported, imported and run: every variable as the
 * original's. A hand-written model with a nested model checks the import
 * against closed forms; what cannot be a subsystem is an error at its line.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include "sw-error.h"
#include "sw-model.h"
#include "sw-modelica.h"
#include "sw-test-run.h"

/* Every variable of a's run in b's, row by row, to 1e-12 of its largest
 * value; b has no others where same_columns. */
static void
assert_same_runs_of (SwModel *a, SwModel *b, gboolean same_columns)
{
  g_autoptr (SwTrajectory) ta = sw_test_run_model (a, 0, 0);
  g_autoptr (SwTrajectory) tb = sw_test_run_model (b, 0, 0);
  double worst;

  if (same_columns)
    g_assert_cmpuint (sw_trajectory_get_n_columns (ta), ==, sw_trajectory_get_n_columns (tb));
  worst = sw_test_assert_same_run (ta, tb, NULL, 1e-12, 1e-12);
  g_test_message ("%u variables, %u rows: every one within %.3g", sw_trajectory_get_n_columns (ta),
                  sw_trajectory_get_n_rows (ta), worst);
}

static void
assert_same_runs (SwModel *a, SwModel *b)
{
  assert_same_runs_of (a, b, TRUE);
}

static void
assert_contains (const char *text, const char *needle)
{
  if (strstr (text, needle) == NULL)
    g_error ("“%s” is not in\n%s", needle, text);
}

/* model, exported, imported: the same run; returns the text. */
static char *
round_trip (SwModel *model, SwModel **back)
{
  g_autoptr (GError) error = NULL;
  char *text = sw_modelica_export (model, &error);

  g_assert_no_error (error);
  *back = sw_modelica_import (text, -1, "exported.mo", &error);
  if (error != NULL)
    g_test_message ("%s", text);
  g_assert_no_error (error);
  assert_same_runs (model, *back);
  return text;
}

/* The twin-engine drive: one class EngineUnit, two instances. */
static void
test_twin_engine (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("SW_SOURCE_ROOT"), "data", "examples", "marine",
                                            "twin-engine.shaft", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_file (path, &error);
  g_autoptr (SwModel) back = NULL;
  g_autofree char *text = NULL;
  const SwComponent *engine2;
  int torque;

  g_assert_no_error (error);
  text = round_trip (model, &back);
  /* Written once, nested; the parameter "torque" is also a component's
   * name inside, so it is renamed and its name kept. */
  g_assert_nonnull (strstr (text, "\n  model EngineUnit \"Engine unit\"\n"));
  g_assert_null (strstr (strstr (text, "end EngineUnit;") + 1, "model EngineUnit"));
  assert_contains (text, "    parameter Real torque_(unit=\"N.m\") = 2000 \"Mean engine torque\" "
                         "annotation(__Shaftwork(name=\"torque\"));\n");
  assert_contains (text, "    parameter Real J_fly(unit=\"kg.m2\") = 4 \"Flywheel inertia\";\n");
  assert_contains (text, "    Modelica.Mechanics.Rotational.Interfaces.Flange_b flange;\n");
  assert_contains (text, "    Modelica.Blocks.Sources.Constant torque_tau(k=torque_);\n");
  assert_contains (text, "    Modelica.Mechanics.Rotational.Components.Inertia flywheel(J=J_fly)");
  assert_contains (text, "    connect(flange, flywheel.flange_b);\n");
  assert_contains (text, "  EngineUnit engine2(torque_=1800, J_fly=5)");
  assert_contains (text, "  connect(engine1.flange, gear1.flange_a);\n");

  /* Back: the same components in the same order, the subsystems with
   * the interface's names. */
  g_assert_cmpuint (sw_model_get_n_components (back), ==, sw_model_get_n_components (model));
  for (guint i = 0; i < sw_model_get_n_components (model); i++)
    g_assert_cmpstr (sw_model_get_component (back, i)->id, ==, sw_model_get_component (model, i)->id);
  engine2 = sw_model_get_component (back, 1);
  g_assert_cmpstr (engine2->definition, ==, "EngineUnit");
  torque = sw_kind_find_param (engine2->kind, "torque");
  g_assert_cmpint (torque, >=, 0);
  g_assert_cmpfloat (engine2->param[torque], ==, 1800);
  g_assert_cmpfloat (engine2->param[sw_kind_find_param (engine2->kind, "J_fly")], ==, 5);
  g_assert_cmpfloat (engine2->kind->params[sw_kind_find_param (engine2->kind, "J_fly")].default_value, ==, 4);
  g_assert_cmpstr (engine2->kind->params[torque].label, ==, "Mean engine torque");
}

/* A subsystem of subsystems: classes side by side, instances two deep;
 * written again from what was read, the text no longer changes. */
static void
test_nested (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "subsystem", "nested.shaft", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_file (path, &error);
  g_autoptr (SwModel) back = NULL, again = NULL, third = NULL;
  g_autofree char *text = NULL, *text2 = NULL, *text3 = NULL;

  g_assert_no_error (error);
  text = round_trip (model, &back);
  assert_contains (text, "\n  model Pair \"Pair\"\n");
  assert_contains (text, "    parameter Real torque(unit=\"N.m\") = 2000;\n");
  assert_contains (text, "    EngineUnit e1(torque_=torque);\n");
  assert_contains (text, "  Pair pair(torque=1800);\n");
  g_assert_cmpuint (strstr (text, "model EngineUnit") - text, <, strstr (text, "model Pair") - text);

  text2 = round_trip (back, &again);
  text3 = round_trip (again, &third);
  g_assert_cmpstr (text2, ==, text3);
  assert_contains (text2, "\n  model Pair\n");
}

/* A nested model as one would write it: parameters given whole to
 * modifiers and to a start value; one instance set, one at its defaults
 * driving a load. Constant torques: w = w0 + tau t / J. */
static void
test_hand_written (void)
{
  static const char text[] =
    "within Modelica.Mechanics.Rotational.Examples;\n"
    "model Hand \"Two driven inertias\"\n"
    "  extends Modelica.Icons.Example;\n"
    "  model Unit \"A driven inertia\"\n"
    "    parameter SI.Torque T = 2 \"Drive torque\";\n"
    "    parameter SI.Inertia J = 1;\n"
    "    parameter SI.AngularVelocity w0 = 0;\n"
    "    parameter Real unused = 7;\n"
    "    Modelica.Mechanics.Rotational.Interfaces.Flange_b flange;\n"
    "    Modelica.Mechanics.Rotational.Sources.ConstantTorque torque(tau_constant=T);\n"
    "    Modelica.Mechanics.Rotational.Components.Inertia inertia(J=J, w(start=w0, fixed=true));\n"
    "  equation\n"
    "    connect(torque.flange, inertia.flange_a);\n"
    "    connect(inertia.flange_b, flange);\n"
    "  end Unit;\n"
    "  Unit a(T=3, J=2, w0=1);\n"
    "  Hand.Unit b;\n"
    "  Components.Inertia load(J=4);\n"
    "equation\n"
    "  connect(b.flange, load.flange_a);\n"
    "  annotation(experiment(StopTime=2, Interval=0.01));\n"
    "end Hand;\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_modelica_import (text, -1, "hand.mo", &error);
  g_autoptr (SwTrajectory) tr = NULL;
  const SwComponent *a;
  const double *t, *wa, *wb, *wl;

  g_assert_no_error (error);
  a = sw_model_get_component (model, 0);
  g_assert_cmpstr (a->kind->name, ==, "subsystem");
  g_assert_cmpuint (a->kind->n_params, ==, 3);   /* "unused" sets nothing: not shown */
  g_assert_cmpuint (a->kind->n_ports, ==, 1);
  g_assert_cmpstr (a->kind->ports[0].name, ==, "flange");
  g_assert_cmpstr (a->kind->params[0].label, ==, "Drive torque");
  tr = sw_test_run_model (model, 0, 1e-10);
  t = sw_trajectory_get_times (tr);
  wa = sw_test_column (tr, "a.inertia.w");
  wb = sw_test_column (tr, "b.inertia.w");
  wl = sw_test_column (tr, "load.w");
  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    {
      g_assert_cmpfloat_with_epsilon (wa[r], 1 + 3 * t[r] / 2, 1e-9);
      g_assert_cmpfloat_with_epsilon (wb[r], 2 * t[r] / 5, 1e-9);
      g_assert_cmpfloat_with_epsilon (wl[r], wb[r], 1e-9);
    }
}

/* A parameter through a Constant into Move's first input sets its angle
 * (u[1] is phi): the body it drives stands at that angle. */
static void
test_move_input (void)
{
  static const char text[] =
    "model Held\n"
    "  model Holder\n"
    "    parameter Real Phi = 0.25;\n"
    "    Modelica.Mechanics.Rotational.Interfaces.Flange_b flange;\n"
    "    Modelica.Blocks.Sources.Constant angle(k=Phi);\n"
    "    Modelica.Mechanics.Rotational.Sources.Move move;\n"
    "  equation\n"
    "    connect(angle.y, move.u[1]);\n"
    "    connect(move.flange, flange);\n"
    "  end Holder;\n"
    "  Holder holder(Phi=0.5);\n"
    "  Modelica.Mechanics.Rotational.Components.Inertia body(J=2);\n"
    "equation\n"
    "  connect(holder.flange, body.flange_a);\n"
    "end Held;\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_modelica_import (text, -1, "held.mo", &error);
  g_autoptr (SwTrajectory) tr = NULL;
  g_autofree char *definition = NULL;
  const double *phi;

  g_assert_no_error (error);
  definition = sw_model_dup_definition (model, "Holder");
  assert_contains (definition, "\"move.phi\"");
  tr = sw_test_run_model (model, 0, 0);
  phi = sw_test_column (tr, "body.phi");
  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    g_assert_cmpfloat_with_epsilon (phi[r], 0.5, 1e-12);
  /* Written back: the Constant goes into u[1] again. */
  {
    g_autoptr (SwModel) back = NULL;
    g_autofree char *again = round_trip (model, &back);

    assert_contains (again, "    Modelica.Blocks.Sources.Constant move_phi(k=Phi);\n");
    assert_contains (again, "    connect(move_phi.y, move.u[1]);\n");
  }
}

/* Supports and the translational domain: a gear stage shows its support
 * (used twice: grounded by leaving it free, and fixed by a connection), an
 * oscillator its spring's end (a keyword of Modelica) and its start
 * position (an initial value). Closed forms: the load turns at
 * w = 2 N.m · 4 · 2 / 3 kg.m2 · t; the mass swings as 0.1 cos(√(100/2) t). */
static void
test_supports (void)
{
  static const char text[] =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"Stages\",\n"
    " \"subsystems\": {\n"
    "  \"Stage\": {\"interface\": {\"ports\": {\"input\": \"gear.flange_a\", \"output\": \"gear.flange_b\",\n"
    "                                   \"housing\": \"gear.support\"},\n"
    "                         \"parameters\": {\"ratio\": {\"to\": [\"gear.ratio\"]}}},\n"
    "             \"components\": [{\"id\": \"gear\", \"kind\": \"rotational.ideal_gear\", \"params\": {\"ratio\": 4}}]},\n"
    "  \"Oscillator\": {\"interface\": {\"ports\": {\"end\": \"spring.flange_a\"},\n"
    "                              \"parameters\": {\"s_start\": {\"to\": [\"mass.s0\"]}, \"m\": {\"to\": [\"mass.m\"]}}},\n"
    "                  \"components\": [{\"id\": \"mass\", \"kind\": \"translational.mass\", \"params\": {\"s0\": 0.1}},\n"
    "                                 {\"id\": \"spring\", \"kind\": \"translational.spring\", \"params\": {\"c\": 100}}],\n"
    "                  \"connections\": [{\"from\": \"spring.flange_b\", \"to\": \"mass.flange_a\"}]}},\n"
    " \"components\": [\n"
    "  {\"id\": \"drive\", \"kind\": \"rotational.constant_torque\", \"params\": {\"tau_constant\": 2}},\n"
    "  {\"id\": \"stage1\", \"kind\": \"subsystem\", \"subsystem\": \"Stage\"},\n"
    "  {\"id\": \"stage2\", \"kind\": \"subsystem\", \"subsystem\": \"Stage\", \"params\": {\"ratio\": 2}},\n"
    "  {\"id\": \"ground\", \"kind\": \"rotational.fixed\"},\n"
    "  {\"id\": \"load\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 3}},\n"
    "  {\"id\": \"osc\", \"kind\": \"subsystem\", \"subsystem\": \"Oscillator\",\n"
    "   \"params\": {\"m\": 2, \"s_start\": 0.1}},\n"
    "  {\"id\": \"wall\", \"kind\": \"translational.fixed\"}],\n"
    " \"connections\": [\n"
    "  {\"from\": \"drive.flange\", \"to\": \"stage1.input\"}, {\"from\": \"stage1.output\", \"to\": \"stage2.input\"},\n"
    "  {\"from\": \"stage2.output\", \"to\": \"load.flange_a\"}, {\"from\": \"stage2.housing\", \"to\": \"ground.flange\"},\n"
    "  {\"from\": \"osc.end\", \"to\": \"wall.flange\"}],\n"
    " \"simulation\": {\"stop_time\": 1, \"output_interval\": 0.01}}\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_data (text, -1, "stages.shaft", &error);
  g_autoptr (SwModel) back = NULL;
  g_autoptr (SwTrajectory) tr = NULL;
  g_autofree char *mo = NULL;
  const double *t, *w, *s;

  g_assert_no_error (error);
  mo = sw_modelica_export (model, &error);
  g_assert_no_error (error);
  assert_contains (mo, "    Modelica.Mechanics.Rotational.Interfaces.Support housing;\n");
  assert_contains (mo, "    Modelica.Mechanics.Rotational.Components.IdealGear gear(ratio=ratio, useSupport=true);\n");
  assert_contains (mo, "  Modelica.Mechanics.Rotational.Components.Fixed stage1_housing_fixed;\n");
  assert_contains (mo, "  connect(stage1_housing_fixed.flange, stage1.housing);\n");
  g_assert_null (strstr (mo, "stage2_housing_fixed"));
  assert_contains (mo, "    Modelica.Mechanics.Translational.Interfaces.Flange_a end_ annotation(__Shaftwork(name=\"end\"));\n");
  assert_contains (mo, "    Modelica.Mechanics.Translational.Components.Mass mass(m=m, s(start=s_start, fixed=true));\n");
  back = sw_modelica_import (mo, -1, "stages.mo", &error);
  g_assert_no_error (error);
  g_assert_cmpint (sw_kind_find_param (sw_model_get_component (back, sw_model_find_component (back, "osc"))->kind,
                                       "s_start"), >=, 0);
  assert_same_runs_of (model, back, FALSE);

  tr = sw_test_run_model (back, 0, 1e-10);
  t = sw_trajectory_get_times (tr);
  w = sw_test_column (tr, "load.w");
  s = sw_test_column (tr, "osc.mass.s");
  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    {
      g_assert_cmpfloat_with_epsilon (w[r], 16.0 / 3 * t[r], 1e-8);
      g_assert_cmpfloat_with_epsilon (s[r], 0.1 * cos (sqrt (50) * t[r]), 1e-7);
    }
}

/* What cannot be a subsystem names its line and column. */
#define EQ "  equation\n    connect(flange, inertia.flange_a);\n"

static void
test_errors (void)
{
  static const struct {
    const char *body, *needle;
  } cases[] = {
    { "    Rotational.Components.Inertia inertia(J=2*J);\n" EQ, "m.mo:6:47: error: J is a parameter of the model "
      "Unit: it may only be given whole" },
    { "    Rotational.Components.Inertia inertia(J=J);\n    Rotational.Interfaces.Flange_a free;\n" EQ,
      "m.mo:7:36: error: the connector free of the model Unit is connected to nothing inside" },
    { "    Rotational.Components.Inertia inertia(J=J, phi(start=J, fixed=false));\n" EQ,
      "m.mo:6:58: error: J is a parameter of the model Unit" },
    { "    Rotational.Components.Inertia inertia(J=J);\n    Unit inner;\n" EQ,
      "m.mo:7:10: error: the model Unit uses itself" },
    { "    Rotational.Components.Inertia inertia(J=J);\n  equation\n    connect(flange, inertia.flange_c);\n",
      "m.mo:8:5: error: connect (flange, inertia.flange_c): " },
    { "    package P\n    end P;\n", "m.mo:6:5: error: a package defined here is not supported" },
    { "    model Short = Unit;\n", "m.mo:6:17: error: short class definitions" },
    { "    Rotational.Components.Inertia inertia(J=J);\n    model Unit\n    end Unit;\n    Unit again;\n" EQ,
      "m.mo:7:5: error: a second model called Unit" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = g_strdup_printf ("within Modelica.Mechanics;\n"
                                               "model M\n"
                                               "  model Unit\n"
                                               "    parameter Real J = 1;\n"
                                               "    Rotational.Interfaces.Flange_a flange;\n"
                                               "%s"
                                               "  end Unit;\n"
                                               "  Unit u(J=2);\n"
                                               "end M;\n", cases[i].body);
      g_autoptr (GError) error = NULL;
      g_autoptr (SwModel) model = sw_modelica_import (text, -1, "m.mo", &error);

      g_assert_null (model);
      sw_test_assert_error_says (error, cases[i].needle);
    }
  /* The instance: a parameter the model does not show; a connector of the
   * file's own model. */
  {
    static const char bad[] =
      "model M\n"
      "  model Unit\n"
      "    parameter Real J = 1;\n"
      "    Modelica.Mechanics.Rotational.Interfaces.Flange_a flange;\n"
      "    Modelica.Mechanics.Rotational.Components.Inertia inertia(J=J);\n"
      "  equation\n"
      "    connect(flange, inertia.flange_a);\n"
      "  end Unit;\n"
      "  Unit u(K=2);\n"
      "end M;\n";
    static const char top[] =
      "model M\n"
      "  Modelica.Mechanics.Rotational.Interfaces.Flange_a flange;\n"
      "end M;\n";
    g_autoptr (GError) error = NULL, error2 = NULL;
    g_autoptr (SwModel) m1 = sw_modelica_import (bad, -1, "m.mo", &error);
    g_autoptr (SwModel) m2 = sw_modelica_import (top, -1, "m.mo", &error2);

    g_assert_null (m1);
    sw_test_assert_error_says (error, "m.mo:9:10: error: u (Unit): parameter “K” is not supported; valid: J");
    g_assert_null (m2);
    sw_test_assert_error_says (error2, "m.mo:2:53: error: the connector flange is not supported here");
  }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/modelica/subsystems/twin-engine", test_twin_engine);
  g_test_add_func ("/core/modelica/subsystems/nested", test_nested);
  g_test_add_func ("/core/modelica/subsystems/hand-written", test_hand_written);
  g_test_add_func ("/core/modelica/subsystems/move-input", test_move_input);
  g_test_add_func ("/core/modelica/subsystems/supports", test_supports);
  g_test_add_func ("/core/modelica/subsystems/errors", test_errors);
  return g_test_run ();
}
