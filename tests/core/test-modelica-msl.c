/* test-modelica-msl.c: the constructs of the Modelica Standard Library's
 * own examples and test models (MSL 3 and 4 names alike) imported: each a
 * small model written in the library's style, run against a closed form,
 * and written back by the export so that it reads back the same.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include "sw-error.h"
#include "sw-kind.h"
#include "sw-model.h"
#include "sw-modelica.h"
#include "sw-table.h"
#include "sw-test-run.h"

static SwModel *
import_ok (const char *text)
{
  g_autoptr (GError) error = NULL;
  SwModel *model = sw_modelica_import (text, -1, "m.mo", &error);

  g_assert_no_error (error);
  g_assert_nonnull (model);
  return model;
}

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

/* column of a run of model equals f (t) at every row within tol. */
static void
assert_column (SwTrajectory *tr, const char *column, double (*f) (double t), double tol)
{
  const double *t = sw_trajectory_get_times (tr), *x = sw_test_column (tr, column);
  double worst = 0;

  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    worst = MAX (worst, fabs (x[r] - f (t[r])));
  g_test_message ("%s: off by %.3g", column, worst);
  g_assert_cmpfloat (worst, <=, tol);
}

/* The model exported and imported again runs the same, bit for bit. */
static void
assert_round_trip (SwModel *model)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = sw_modelica_export (model, &error);
  g_autoptr (SwModel) back = NULL;
  g_autoptr (SwTrajectory) a = NULL, b = NULL;

  g_assert_no_error (error);
  back = sw_modelica_import (text, -1, "back.mo", &error);
  if (error != NULL)
    g_test_message ("%s", text);
  g_assert_no_error (error);
  a = sw_test_run_model (model, 0, 0);
  b = sw_test_run_model (back, 0, 0);
  g_assert_cmpfloat (sw_test_assert_same_run (a, b, NULL, 0, 0), ==, 0);
}

static void
assert_import_fails (const char *text, const char *needle)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_modelica_import (text, -1, "m.mo", &error);

  g_assert_null (model);
  sw_test_assert_error_says (error, needle);
}

/* ---- Relative states ---------------------------------------------------- */

static double clutch_w2 (double t) { (void) t; return 3; }
static double clutch_phi2 (double t) { return 0.5 + 3 * t; }
static double one_way_phi (double t) { return 0.25 + 2 * t; }
static double backlash_phi (double t) { return 0.1 - 0.05 * t; }
static double gap_s_rel (double t) { return 0.5 + t; }

/* A released clutch between two free inertias: inertia1 turns at 1 rad/s
 * from 0, and the clutch's phi_rel(start = 0.5) and w_rel(start = 2) put
 * inertia2 at 0.5 + 3 t. A released one-way clutch slides forward at its
 * w_rel(start = 2) from phi_rel(start = 0.25), its start flags (MSL's
 * ModelicaTest writes startForward(fixed = true), stuck(fixed = true))
 * accepted without effect. */
static void
test_clutch_relative (void)
{
  static const char text[] =
    "within Modelica.Mechanics.Rotational.Examples;\n"
    "model ClutchStart \"Relative states of a clutch\"\n"
    "  extends Modelica.Icons.Example;\n"
    "  Rotational.Components.Inertia inertia1(J=1, phi(start=0, fixed=true), w(start=1, fixed=true));\n"
    "  Rotational.Components.Clutch clutch(fn_max=100, mu_pos=[0, 0.5], phi_rel(start=0.5, fixed=true),\n"
    "    w_rel(start=2, fixed=true, stateSelect=StateSelect.always), w_small=1e10);\n"
    "  Rotational.Components.Inertia inertia2(J=2);\n"
    "  Rotational.Components.Fixed fixed;\n"
    "  Rotational.Components.OneWayClutch oneWayClutch(fn_max=10, startForward(fixed=true),\n"
    "    stuck(fixed=true), phi_rel(start=0.25, fixed=true), w_rel(start=2, fixed=true));\n"
    "  Rotational.Components.Inertia inertia3(J=1);\n"
    "  Modelica.Blocks.Sources.Constant off(k=0);\n"
    "  Modelica.Blocks.Sources.Constant off2(k=0);\n"
    "equation\n"
    "  connect(inertia1.flange_b, clutch.flange_a);\n"
    "  connect(clutch.flange_b, inertia2.flange_a);\n"
    "  connect(off.y, clutch.f_normalized);\n"
    "  connect(fixed.flange, oneWayClutch.flange_a);\n"
    "  connect(oneWayClutch.flange_b, inertia3.flange_a);\n"
    "  connect(off2.y, oneWayClutch.f_normalized);\n"
    "  annotation (experiment(StopTime=2, Interval=0.01));\n"
    "end ClutchStart;\n";
  g_autoptr (SwModel) model = import_ok (text);
  g_autoptr (SwTrajectory) tr = NULL;

  g_assert_cmpfloat (param_of (model, "clutch", "phi_rel_start"), ==, 0.5);
  g_assert_cmpfloat (param_of (model, "clutch", "w_rel_start"), ==, 2);
  tr = sw_test_run_model (model, 0, 1e-10);
  assert_column (tr, "inertia2.w", clutch_w2, 1e-9);
  assert_column (tr, "inertia2.phi", clutch_phi2, 1e-9);
  assert_column (tr, "inertia3.phi", one_way_phi, 1e-9);
  assert_round_trip (model);
}

/* An elasto-backlash and an elasto-gap starting inside their play: free
 * motion at the relative speed given, until the play closes (after the
 * run). */
static void
test_backlash_gap_relative (void)
{
  static const char text[] =
    "model BacklashStart\n"
    "  Modelica.Mechanics.Rotational.Components.Fixed fixed;\n"
    "  Modelica.Mechanics.Rotational.Components.ElastoBacklash elastoBacklash(b=0.4, c=1e4, d=10,\n"
    "    phi_rel(start=0.1, fixed=true), w_rel(start=-0.05, fixed=true));\n"
    "  Modelica.Mechanics.Rotational.Components.Inertia inertia(J=1);\n"
    "  Modelica.Mechanics.Translational.Components.Fixed fixed2;\n"
    "  Modelica.Mechanics.Translational.Components.ElastoGap elastoGap(c=1e4, d=10, s_rel0=0,\n"
    "    s_rel(start=0.5, fixed=true), v_rel(start=1, fixed=true));\n"
    "  Modelica.Mechanics.Translational.Components.Mass mass(m=1);\n"
    "equation\n"
    "  connect(fixed.flange, elastoBacklash.flange_a);\n"
    "  connect(elastoBacklash.flange_b, inertia.flange_a);\n"
    "  connect(fixed2.flange, elastoGap.flange_a);\n"
    "  connect(elastoGap.flange_b, mass.flange_a);\n"
    "  annotation (experiment(StopTime=5, Interval=0.01));\n"
    "end BacklashStart;\n";
  g_autoptr (SwModel) model = import_ok (text);
  g_autoptr (SwTrajectory) tr = sw_test_run_model (model, 0, 1e-10);

  assert_column (tr, "inertia.phi", backlash_phi, 1e-9);
  assert_column (tr, "elastoBacklash.phi_rel", backlash_phi, 1e-9);
  assert_column (tr, "elastoGap.s_rel", gap_s_rel, 1e-9);
  assert_round_trip (model);
}

/* ModelicaTest's way of starting a spring-damper: w_rel(start = -2) and
 * a_rel(fixed = true) (start 0), phi_rel left free: it starts where the
 * spring holds the damper, phi_rel = -d w_rel / c, and the inertia on it
 * does not accelerate. The same on a translational one with a start
 * acceleration of its own. */
static void
test_relative_acceleration (void)
{
  static const char text[] =
    "model RelativeAcceleration\n"
    "  Modelica.Mechanics.Rotational.Components.Fixed fixed;\n"
    "  Modelica.Mechanics.Rotational.Components.SpringDamper springDamper(c=1e4, d=10,\n"
    "    stateSelect=StateSelect.prefer, a_rel(fixed=true), w_rel(fixed=true, start=-2),\n"
    "    phi_rel(fixed=false, start=-1));\n"
    "  Modelica.Mechanics.Rotational.Components.Inertia inertia(J=2);\n"
    "  Modelica.Mechanics.Translational.Components.Fixed fixed2;\n"
    "  Modelica.Mechanics.Translational.Components.SpringDamper springDamper2(c=100, d=1,\n"
    "    a_rel(start=3, fixed=true), v_rel(start=0, fixed=true));\n"
    "  Modelica.Mechanics.Translational.Components.Mass mass(m=2);\n"
    "equation\n"
    "  connect(fixed.flange, springDamper.flange_a);\n"
    "  connect(springDamper.flange_b, inertia.flange_a);\n"
    "  connect(fixed2.flange, springDamper2.flange_a);\n"
    "  connect(springDamper2.flange_b, mass.flange_a);\n"
    "  annotation (experiment(StopTime=0.1, Interval=0.01));\n"
    "end RelativeAcceleration;\n";
  g_autoptr (SwModel) model = import_ok (text);
  g_autoptr (SwTrajectory) tr = NULL;

  g_assert_cmpfloat (param_of (model, "springDamper", "a_rel_start"), ==, 0);
  tr = sw_test_run_model (model, 0, 1e-10);
  g_assert_cmpfloat_with_epsilon (sw_test_column (tr, "springDamper.phi_rel")[0], 2e-3, 1e-12);
  g_assert_cmpfloat_with_epsilon (sw_test_column (tr, "inertia.w")[0], -2, 1e-12);
  g_assert_cmpfloat_with_epsilon (sw_test_column (tr, "inertia.a")[0], 0, 1e-9);
  /* m a = -c s_rel: s_rel = -3 m / c. */
  g_assert_cmpfloat_with_epsilon (sw_test_column (tr, "springDamper2.s_rel")[0], -0.06, 1e-12);
  g_assert_cmpfloat_with_epsilon (sw_test_column (tr, "mass.a")[0], 3, 1e-9);
  assert_round_trip (model);
}

static double gearbox_twist (double t) { return 0.01 * cos (10 * t); }
static double gearbox_phi2 (double t) { return t + 0.01 * cos (10 * t); }

/* MSL's Gearbox with phi_rel(start = 0.01, fixed = true), w_rel(start =
 * 0, fixed = true): its twist is flange_b against the gear's output,
 * flange_a / ratio. The input turns at 2 rad/s (ratio 2), so J = 1 on c =
 * 100 swings about t: phi2 = t + 0.01 cos (10 t). */
static void
test_gearbox_relative (void)
{
  static const char text[] =
    "model GearboxStart\n"
    "  Modelica.Mechanics.Rotational.Sources.Speed speed(exact=true, phi(start=0));\n"
    "  Modelica.Blocks.Sources.Constant w(k=2);\n"
    "  Modelica.Mechanics.Rotational.Components.Gearbox gearbox(ratio=2, c=100, d=0, b=0,\n"
    "    phi_rel(start=0.01, fixed=true), w_rel(start=0, fixed=true));\n"
    "  Modelica.Mechanics.Rotational.Components.Inertia inertia2(J=1);\n"
    "equation\n"
    "  connect(w.y, speed.w_ref);\n"
    "  connect(speed.flange, gearbox.flange_a);\n"
    "  connect(gearbox.flange_b, inertia2.flange_a);\n"
    "  annotation (experiment(StopTime=1, Interval=0.01));\n"
    "end GearboxStart;\n";
  g_autoptr (SwModel) model = import_ok (text);
  g_autoptr (SwTrajectory) tr = sw_test_run_model (model, 0, 1e-10);

  assert_column (tr, "gearbox.phi_rel", gearbox_twist, 1e-8);
  assert_column (tr, "inertia2.phi", gearbox_phi2, 1e-8);
  assert_round_trip (model);
}

/* ---- Sources' declared starts ------------------------------------------- */

static double speed_s (double t) { return 1 + 2 * t; }
static double speed_phi (double t) { return -0.5 + 3 * t; }

/* Modelica's Speed declares s(start = 0, fixed = true): a model's s(start
 * = 1) takes effect without fixed (it was dropped: positions 1 off), and
 * with fixed = true too. A Position source's w(fixed = true) (start 0) is
 * what it does already. */
static void
test_speed_start (void)
{
  static const char text[] =
    "within Modelica.Mechanics.Translational.Examples;\n"
    "model SpeedStart\n"
    "  Modelica.Mechanics.Translational.Sources.Speed speed(exact=true, s(start=1));\n"
    "  Modelica.Mechanics.Translational.Components.Mass mass(m=1);\n"
    "  Modelica.Blocks.Sources.Constant v(k=2);\n"
    "  Modelica.Mechanics.Rotational.Sources.Speed speed2(exact=true, phi(start=-0.5, fixed=true));\n"
    "  Modelica.Mechanics.Rotational.Components.Inertia inertia(J=1);\n"
    "  Modelica.Blocks.Sources.Constant w(k=3);\n"
    "  Modelica.Mechanics.Rotational.Sources.Position position(exact=false, w(fixed=true), a(start=0, fixed=true));\n"
    "  Modelica.Mechanics.Rotational.Components.Inertia inertia2(J=1);\n"
    "  Modelica.Blocks.Sources.Constant phi(k=0.5);\n"
    "equation\n"
    "  connect(v.y, speed.v_ref);\n"
    "  connect(speed.flange, mass.flange_a);\n"
    "  connect(w.y, speed2.w_ref);\n"
    "  connect(speed2.flange, inertia.flange_a);\n"
    "  connect(phi.y, position.phi_ref);\n"
    "  connect(position.flange, inertia2.flange_a);\n"
    "  annotation (experiment(StopTime=1, Interval=0.01));\n"
    "end SpeedStart;\n";
  g_autoptr (SwModel) model = import_ok (text);
  g_autoptr (SwTrajectory) tr = sw_test_run_model (model, 0, 1e-10);

  assert_column (tr, "mass.s", speed_s, 1e-9);
  assert_column (tr, "inertia.phi", speed_phi, 1e-9);
  /* The filtered position starts at phi_ref at rest. */
  g_assert_cmpfloat_with_epsilon (sw_test_column (tr, "inertia2.phi")[0], 0.5, 1e-12);
  g_assert_cmpfloat_with_epsilon (sw_test_column (tr, "inertia2.w")[0], 0, 1e-12);
  assert_round_trip (model);
}

/* ---- MSL 4 names and expressions ---------------------------------------- */

static double falling_v (double t) { return -9.80665 * t; }
static double feedback_w (double t) { return 10 * (1 - exp (-t)); }
static double shared_w (double t) { return 1.5 * t; }

/* A constant brought in by import (g_n), Modelica.Constants written in
 * full, functions in bindings (atan, max), another component's parameter
 * in an expression (inertia2's J from inertia1's, and from a default),
 * MSL 4's mu_pos, Blocks.Math.Feedback around a speed sensor, and an
 * input wired on from another input (one Constant drives both torques
 * through torque1.tau). Closed forms: a mass falling at g_n; J1 = 2
 * driven by 2 (10 - w): w = 10 (1 - exp (-t)); J3 = 2 driven by 3. */
static void
test_msl4_names (void)
{
  static const char text[] =
    "within Modelica.Mechanics.Rotational.Examples;\n"
    "model Msl4Names \"Names and expressions of MSL 4 models\"\n"
    "  extends Modelica.Icons.Example;\n"
    "  import Modelica.Constants.g_n;\n"
    "  import Modelica.Units.SI;\n"
    "  import Modelica.Constants;\n"
    "  parameter SI.Mass m = 2 \"Mass\";\n"
    "  Modelica.Mechanics.Translational.Components.Mass mass(m=m, s(start=0, fixed=true), v(start=0, fixed=true));\n"
    "  Modelica.Mechanics.Translational.Sources.Force force;\n"
    "  Modelica.Blocks.Sources.Constant weight(k=-m*g_n);\n"
    "  Rotational.Components.Inertia inertia1(J=2*atan(1)*4/Modelica.Constants.pi, phi(start=0, fixed=true),\n"
    "    w(start=0, fixed=true));\n"
    "  Rotational.Components.Inertia inertia2(J=inertia1.J + spring.c - Constants.pi/pi);\n"
    "  Rotational.Components.Spring spring(phi_rel0=0);\n"
    "  Rotational.Components.Clutch clutch(mu_pos=[0, 0.3], fn_max=max(10, 2*inertia1.J));\n"
    "  Rotational.Sources.Torque torque;\n"
    "  Rotational.Sensors.SpeedSensor speedSensor;\n"
    "  Modelica.Blocks.Sources.Constant reference(k=10);\n"
    "  Modelica.Blocks.Math.Feedback feedback;\n"
    "  Modelica.Blocks.Math.Gain gain(k=min(2, 3));\n"
    "  Rotational.Components.Inertia inertia3(J=2, phi(start=0, fixed=true), w(start=0, fixed=true));\n"
    "  Rotational.Components.Inertia inertia4(J=2, phi(start=0, fixed=true), w(start=0, fixed=true));\n"
    "  Rotational.Sources.Torque torque1;\n"
    "  Rotational.Sources.Torque torque2;\n"
    "  Modelica.Blocks.Sources.Constant three(k=3);\n"
    "  Rotational.Components.Fixed fixed;\n"
    "  Rotational.Components.Inertia inertia5(J=1);\n"
    "equation\n"
    "  connect(fixed.flange, spring.flange_a);\n"
    "  connect(spring.flange_b, inertia2.flange_a);\n"
    "  connect(inertia2.flange_b, clutch.flange_a);\n"
    "  connect(clutch.flange_b, inertia5.flange_a);\n"
    "  connect(weight.y, force.f);\n"
    "  connect(force.flange, mass.flange_a);\n"
    "  connect(reference.y, feedback.u1);\n"
    "  connect(speedSensor.w, feedback.u2);\n"
    "  connect(feedback.y, gain.u);\n"
    "  connect(gain.y, torque.tau);\n"
    "  connect(torque.flange, inertia1.flange_a);\n"
    "  connect(inertia1.flange_b, speedSensor.flange);\n"
    "  connect(three.y, torque1.tau);\n"
    "  connect(torque1.tau, torque2.tau);\n"
    "  connect(torque1.flange, inertia3.flange_a);\n"
    "  connect(torque2.flange, inertia4.flange_a);\n"
    "  annotation (experiment(StopTime=1, Interval=0.01));\n"
    "end Msl4Names;\n";
  g_autoptr (SwModel) model = import_ok (text);
  g_autoptr (SwTrajectory) tr = NULL;
  const SwComponent *clutch;

  g_assert_cmpfloat_with_epsilon (param_of (model, "inertia1", "J"), 2, 1e-15);
  /* The spring's c is its default, 1e5. */
  g_assert_cmpfloat_with_epsilon (param_of (model, "inertia2", "J"), 2 + 1e5 - 1, 1e-9);
  g_assert_cmpfloat (param_of (model, "clutch", "fn_max"), ==, 10);
  clutch = sw_model_get_component (model, sw_model_find_component (model, "clutch"));
  g_assert_cmpfloat (sw_table_interpolate (clutch->table[sw_kind_find_param (clutch->kind, "mue_pos")], 1, 0), ==, 0.3);
  tr = sw_test_run_model (model, 0, 1e-10);
  assert_column (tr, "mass.v", falling_v, 1e-9);
  assert_column (tr, "inertia1.w", feedback_w, 1e-7);
  assert_column (tr, "inertia3.w", shared_w, 1e-9);
  assert_column (tr, "inertia4.w", shared_w, 1e-9);
  assert_round_trip (model);
}

/* Names that are none of these are refused naming what is valid. */
static void
test_name_errors (void)
{
  static const struct {
    const char *body, *needle;
  } cases[] = {
    { "  Modelica.Mechanics.Rotational.Components.Inertia j(J=g_n);\n",
      "m.mo:2:56: error: unknown name g_n: not a parameter of the model, a component's parameter or a constant of "
      "Modelica.Constants" },
    { "  Modelica.Mechanics.Rotational.Components.Inertia j(J=j.J);\n",
      "m.mo:2:56: error: j.J refers to itself through other components' parameters" },
    { "  Modelica.Blocks.Sources.Step step;\n  Modelica.Mechanics.Rotational.Components.Inertia j(J=step.height);\n",
      "m.mo:3:56: error: step.height: step does not give height, and it has no default here; give it in step's "
      "modification" },
    { "  Modelica.Mechanics.Rotational.Components.Inertia j(J=hypot(1, 2));\n",
      "m.mo:2:56: error: the function hypot of two arguments is not supported; valid: atan2, min, max, mod, rem, div" },
    { "  Modelica.Mechanics.Rotational.Components.Inertia j(J=log(0));\n",
      "m.mo:2:56: error: the expression is not finite" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = g_strdup_printf ("model M\n%send M;\n", cases[i].body);

      assert_import_fails (text, cases[i].needle);
    }
}

/* ---- Arrays of components ---------------------------------------------- */

#define MOVE_W (2 * G_PI * 2)
static double move_s (double t) { return 0.1 * sin (MOVE_W * t); }
static double move_v (double t) { return 0.1 * MOVE_W * cos (MOVE_W * t); }
static double array_w1 (double t) { return 2 * t; }
static double array_w2 (double t) { return t; }
static double sine_w (double t) { return (1 - cos (2 * G_PI * t)) / G_PI; }

/* Three sines feeding a Move as ModelicaTest writes it (a Sine sine[3],
 * connect(sine.y, move.u)): its position, speed and acceleration
 * consistent, so the mass follows 0.1 sin (w t). An array of inertias
 * driven by an array of torques (J = {1, 2}, each phi(…), w(start = {0,
 * 0}, each fixed = true)); one element of an array (sine2[2].y) into a
 * torque: w = 2 (1 - cos (2 pi t)) / (2 pi). */
static void
test_arrays (void)
{
  static const char text[] =
    "within Modelica.Mechanics.Translational.Examples;\n"
    "model MoveArray\n"
    "  extends Modelica.Icons.Example;\n"
    "  import Modelica.Constants.pi;\n"
    "  parameter Real w = 2*pi*2;\n"
    "  parameter Integer n = 2;\n"
    "  Modelica.Blocks.Sources.Sine sine[3](amplitude={0.1, 0.1*w, 0.1*w^2}, each f=2, phase={0, pi/2, pi});\n"
    "  Modelica.Mechanics.Translational.Sources.Move move;\n"
    "  Modelica.Mechanics.Translational.Components.Mass mass(m=1);\n"
    "  Modelica.Mechanics.Rotational.Components.Inertia inertia[n](J={1, 2}, each phi(start=0, fixed=true),\n"
    "    w(start={0, 0}, each fixed=true));\n"
    "  Modelica.Mechanics.Rotational.Sources.ConstantTorque torque[n](tau_constant=fill(2, n));\n"
    "  Modelica.Blocks.Sources.Sine sine2[2](amplitude={1, 2}, each f=1);\n"
    "  Modelica.Mechanics.Rotational.Sources.Torque torque3;\n"
    "  Modelica.Mechanics.Rotational.Components.Inertia inertia3(J=1, phi(start=0, fixed=true), w(start=0,\n"
    "    fixed=true));\n"
    "equation\n"
    "  connect(sine.y, move.u);\n"
    "  connect(move.flange, mass.flange_a);\n"
    "  connect(torque.flange, inertia.flange_a);\n"
    "  connect(sine2[2].y, torque3.tau);\n"
    "  connect(torque3.flange, inertia3.flange_a);\n"
    "  annotation (experiment(StopTime=1, Interval=0.01));\n"
    "end MoveArray;\n";
  g_autoptr (SwModel) model = import_ok (text);
  g_autoptr (SwTrajectory) tr = NULL;

  g_assert_cmpint (sw_model_find_component (model, "inertia_2"), >=, 0);
  g_assert_cmpfloat (param_of (model, "inertia_2", "J"), ==, 2);
  g_assert_cmpfloat (param_of (model, "torque_1", "tau_constant"), ==, 2);
  tr = sw_test_run_model (model, 0, 1e-10);
  assert_column (tr, "mass.s", move_s, 1e-12);
  assert_column (tr, "mass.v", move_v, 1e-12);
  assert_column (tr, "inertia_1.w", array_w1, 1e-9);
  assert_column (tr, "inertia_2.w", array_w2, 1e-9);
  assert_column (tr, "inertia3.w", sine_w, 1e-8);
  assert_round_trip (model);
}

static void
test_array_errors (void)
{
  static const struct {
    const char *body, *needle;
  } cases[] = {
    { "  Modelica.Blocks.Sources.Sine s[3](amplitude={1, 2});\n",
      "m.mo:2:47: error: s.amplitude has 2 values for the 3 elements of s; give one for each, or write “each "
      "amplitude”" },
    { "  Modelica.Blocks.Sources.Sine s[2.5];\n",
      "m.mo:2:34: error: the size of the array s is 2.5; valid: a whole number from 1 to 1000" },
    { "  Modelica.Mechanics.Rotational.Components.Inertia j[2];\n  Modelica.Mechanics.Rotational.Components.Inertia j_1;\n",
      "m.mo:2:52: error: the array j cannot be expanded: its element 1 would be j_1, the name of another element" },
    { "  Modelica.Mechanics.Rotational.Components.Inertia j[2];\n  Modelica.Mechanics.Rotational.Components.Fixed f;\n"
      "equation\n  connect(j[3].flange_a, f.flange);\n",
      "m.mo:5:3: error: connect (j[3].flange_a, f.flange): the index is past the end of the array j (2)" },
    { "  Modelica.Mechanics.Rotational.Components.Inertia j[2, 2];\n",
      "m.mo:2:55: error: arrays of components of more than one dimension are not supported" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = g_strdup_printf ("model M\n%send M;\n", cases[i].body);

      assert_import_fails (text, cases[i].needle);
    }
}

/* ---- Classes the MSL examples use ---------------------------------------- */

static double step_v (double t) { return t < 0.5 ? 0.5 * t : 0.25 + 2.5 * (t - 0.5); }
static double linear_force_v (double t) { return exp (-2 * t); }
static double multi_w (double t) { return 2 * t; }
static double relative_phi2 (double t) { (void) t; return 0.3; }

/* ForceStep (0.5 N, +2 N at 0.5 s on 1 kg), LinearSpeedDependentForce
 * (f_nominal = -2 N at 1 m/s, both directions: v = exp (-2 t)),
 * MultiSensor between a torque and an inertia (its tau, w, power), and
 * RelativeStates across a spring at rest, whose phi_rel start stretches
 * nothing else: the inertia stays where it starts. */
static void
test_msl_classes (void)
{
  static const char text[] =
    "model MslClasses\n"
    "  Modelica.Mechanics.Translational.Sources.ForceStep forceStep(stepForce=2, offsetForce=0.5, startTime=0.5);\n"
    "  Modelica.Mechanics.Translational.Components.Mass mass1(m=1, s(start=0, fixed=true), v(start=0, fixed=true));\n"
    "  Modelica.Mechanics.Translational.Sources.LinearSpeedDependentForce linearForce(f_nominal=-2,\n"
    "    ForceDirection=false, v_nominal=1);\n"
    "  Modelica.Mechanics.Translational.Components.Mass mass2(m=1, s(start=0, fixed=true), v(start=1, fixed=true));\n"
    "  Modelica.Mechanics.Rotational.Sources.ConstantTorque torque(tau_constant=4);\n"
    "  Modelica.Mechanics.Rotational.Sensors.MultiSensor multiSensor;\n"
    "  Modelica.Mechanics.Rotational.Components.Inertia inertia1(J=2, phi(start=0, fixed=true), w(start=0,\n"
    "    fixed=true));\n"
    "  Modelica.Mechanics.Rotational.Components.Fixed fixed;\n"
    "  Modelica.Mechanics.Rotational.Components.Spring spring(c=100, phi_rel0=0.3);\n"
    "  Modelica.Mechanics.Rotational.Components.RelativeStates relativeStates(phi_rel(start=0.3, fixed=true),\n"
    "    w_rel(start=0, fixed=true));\n"
    "  Modelica.Mechanics.Rotational.Components.Inertia inertia2(J=1);\n"
    "equation\n"
    "  connect(forceStep.flange, mass1.flange_a);\n"
    "  connect(linearForce.flange, mass2.flange_a);\n"
    "  connect(torque.flange, multiSensor.flange_a);\n"
    "  connect(multiSensor.flange_b, inertia1.flange_a);\n"
    "  connect(fixed.flange, spring.flange_a);\n"
    "  connect(spring.flange_b, inertia2.flange_a);\n"
    "  connect(fixed.flange, relativeStates.flange_a);\n"
    "  connect(relativeStates.flange_b, inertia2.flange_b);\n"
    "  annotation (experiment(StopTime=1, Interval=0.01));\n"
    "end MslClasses;\n";
  g_autoptr (SwModel) model = import_ok (text);
  g_autoptr (SwTrajectory) tr = sw_test_run_model (model, 0, 1e-10);
  const double *t = sw_trajectory_get_times (tr), *power = sw_test_column (tr, "multiSensor.power");
  const double *tau = sw_test_column (tr, "multiSensor.tau");

  assert_column (tr, "mass1.v", step_v, 1e-9);
  assert_column (tr, "mass2.v", linear_force_v, 1e-7);
  assert_column (tr, "multiSensor.w", multi_w, 1e-9);
  assert_column (tr, "inertia2.phi", relative_phi2, 1e-9);
  assert_column (tr, "relativeStates.phi_rel", relative_phi2, 1e-9);
  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    {
      g_assert_cmpfloat_with_epsilon (tau[r], 4, 1e-9);
      g_assert_cmpfloat_with_epsilon (power[r], 8 * t[r], 1e-8);
    }
  assert_round_trip (model);
}

static double r2t_w (double t) { return t / 1.01; }

/* IdealGearR2T with MSL 4's useSupportR and useSupportT, its supports on
 * fixed flanges: 1 N.m on J = 1 driving 1 kg through 10 rad/m turns at
 * t / (1 + 1 / 10^2); the export writes both flags back. */
static void
test_r2t_supports (void)
{
  static const char text[] =
    "model RackAndPinion\n"
    "  Modelica.Mechanics.Rotational.Sources.ConstantTorque torque(tau_constant=1);\n"
    "  Modelica.Mechanics.Rotational.Components.Inertia inertia(J=1, phi(start=0, fixed=true), w(start=0,\n"
    "    fixed=true));\n"
    "  Modelica.Mechanics.Rotational.Components.IdealGearR2T idealGearR2T(ratio=10, useSupportR=true,\n"
    "    useSupportT=true);\n"
    "  Modelica.Mechanics.Translational.Components.Mass mass(m=1);\n"
    "  Modelica.Mechanics.Rotational.Components.Fixed fixedR;\n"
    "  Modelica.Mechanics.Translational.Components.Fixed fixedT;\n"
    "equation\n"
    "  connect(torque.flange, inertia.flange_a);\n"
    "  connect(inertia.flange_b, idealGearR2T.flangeR);\n"
    "  connect(idealGearR2T.flangeT, mass.flange_a);\n"
    "  connect(idealGearR2T.supportR, fixedR.flange);\n"
    "  connect(idealGearR2T.supportT, fixedT.flange);\n"
    "  annotation (experiment(StopTime=1, Interval=0.01));\n"
    "end RackAndPinion;\n";
  g_autoptr (SwModel) model = import_ok (text);
  g_autoptr (SwTrajectory) tr = sw_test_run_model (model, 0, 1e-10);
  g_autoptr (GError) error = NULL;
  g_autofree char *out = sw_modelica_export (model, &error);

  assert_column (tr, "inertia.w", r2t_w, 1e-9);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (out, "idealGearR2T(ratio=10, useSupportR=true, useSupportT=true)"));
  assert_round_trip (model);
}

/* J = 1 leaves the middle of a play of 0.2 rad at 1 rad/s and meets a
 * spring of c = 100 after 0.1 s: a half sine of 0.1 rad/s ... back at the
 * edge of the play after pi/10 s at -1 rad/s, then free again (d = 0). */
static double
backlash2_phi (double t)
{
  double t1 = 0.1, t2 = t1 + G_PI / 10;

  if (t <= t1)
    return t;
  if (t <= t2)
    return 0.1 + sin (10 * (t - t1)) / 10;
  return 0.1 - (t - t2);
}

/* ElastoBacklash2 (MSL's name, its own kind): without damping against
 * the closed form; with damping its contact torque is c (phi_rel - b/2) +
 * d w_rel as it is (ElastoBacklash would limit the damping), 0 where that
 * would pull. */
static void
test_elasto_backlash2 (void)
{
  static const char text[] =
    "model Backlash2\n"
    "  Modelica.Mechanics.Rotational.Components.Fixed fixed;\n"
    "  Modelica.Mechanics.Rotational.Components.ElastoBacklash2 elastoBacklash(b=0.2, c=100, d=0);\n"
    "  Modelica.Mechanics.Rotational.Components.Inertia inertia(J=1, phi(start=0, fixed=true), w(start=1,\n"
    "    fixed=true));\n"
    "  Modelica.Mechanics.Rotational.Components.Fixed fixed2;\n"
    "  Modelica.Mechanics.Rotational.Components.ElastoBacklash2 damped(b=0.2, c=100, d=5);\n"
    "  Modelica.Mechanics.Rotational.Components.Inertia inertia2(J=1, phi(start=0, fixed=true), w(start=1,\n"
    "    fixed=true));\n"
    "equation\n"
    "  connect(fixed.flange, elastoBacklash.flange_a);\n"
    "  connect(elastoBacklash.flange_b, inertia.flange_a);\n"
    "  connect(fixed2.flange, damped.flange_a);\n"
    "  connect(damped.flange_b, inertia2.flange_a);\n"
    "  annotation (experiment(StopTime=0.6, Interval=0.001));\n"
    "end Backlash2;\n";
  g_autoptr (SwModel) model = import_ok (text);
  g_autoptr (SwTrajectory) tr = sw_test_run_model (model, 0, 1e-10);
  const double *rel = sw_test_column (tr, "damped.phi_rel"), *w = sw_test_column (tr, "damped.w_rel");
  const double *tau = sw_test_column (tr, "damped.tau");
  double jump = 0;

  g_assert_cmpstr (sw_model_get_component (model, sw_model_find_component (model, "damped"))->kind->name, ==,
                   "rotational.elasto_backlash2");
  assert_column (tr, "inertia.phi", backlash2_phi, 1e-8);
  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    {
      double law = rel[r] > 0.1 ? MAX (0, 100 * (rel[r] - 0.1) + 5 * w[r]) : 0;

      g_assert_cmpfloat_with_epsilon (tau[r], law, 1e-9);
      if (rel[r] > 0.1 && jump == 0)
        jump = tau[r];
    }
  /* The first row in contact: the damping's torque, about 5 N.m. */
  g_assert_cmpfloat (jump, >, 4);
  assert_round_trip (model);
}

/* Vehicle: coasting against drag alone, (m + J / R^2) v' = -k v^2 with k
 * = Cd A rho / 2: v = v0 / (1 + k v0 t / M); a second one uphill
 * against rolling resistance and the grade, decelerating at (Cr cos a +
 * sin a) m g / M. */
#define VEHICLE_M (1000 + 10 / 0.25)
static double vehicle_v1 (double t) { return 20 / (1 + 0.36 * 20 * t / VEHICLE_M); }
static double
vehicle_v2 (double t)
{
  double a = atan (0.1);

  return 10 - (0.01 * cos (a) + sin (a)) * 1000 * 9.80665 / VEHICLE_M * t;
}

static void
test_vehicle (void)
{
  static const char text[] =
    "within Modelica.Mechanics.Translational.Examples;\n"
    "model Vehicles\n"
    "  Modelica.Mechanics.Translational.Components.Vehicle vehicle(m=1000, J=10, R=0.5, A=2, Cd=0.3,\n"
    "    CrConstant=0, useWindInput=false, s(start=0, fixed=true), v(start=20, fixed=true));\n"
    "  Modelica.Mechanics.Translational.Components.Vehicle uphill(m=1000, J=10, R=0.5, Cd=0, CrConstant=0.01,\n"
    "    inclinationConstant=0.1, v(start=10, fixed=true));\n"
    "  annotation (experiment(StopTime=5, Interval=0.01));\n"
    "end Vehicles;\n";
  g_autoptr (SwModel) model = import_ok (text);
  g_autoptr (SwTrajectory) tr = sw_test_run_model (model, 0, 1e-10);

  assert_column (tr, "vehicle.v", vehicle_v1, 1e-8);
  assert_column (tr, "uphill.v", vehicle_v2, 1e-8);
  assert_round_trip (model);
  assert_import_fails ("model M\n  Modelica.Mechanics.Translational.Components.Vehicle v(m=1, J=1, R=1, "
                       "useCrInput=true);\nend M;\n",
                       "m.mo:2:72: error: v.useCrInput = true is not supported: give vWindConstant, CrConstant and "
                       "inclinationConstant instead");
}

static double sign_w (double t) { return 5 - 2 * t; }
static double sign_v (double t) { return 3 - t; }
static double inverse_w (double t) { return sqrt (1 + 4 * t); }
static double inverse_v (double t) { return sqrt (4 + 2 * t); }

/* SignTorque braking (Linear regularisation, MSL's enumeration literal),
 * SignForce braking (Exp, its default), InverseSpeedDependentTorque (J w'
 * = 2 / w: w = sqrt (1 + 4 t)) and InverseSpeedDependentForce in both
 * directions (v = sqrt (4 + 2 t)), all far from their regularisation. */
static void
test_speed_sources (void)
{
  static const char text[] =
    "model SpeedSources\n"
    "  Modelica.Mechanics.Rotational.Sources.SignTorque signTorque(tau_nominal=-2,\n"
    "    reg=Modelica.Blocks.Types.Regularization.Linear, w0=0.1);\n"
    "  Modelica.Mechanics.Rotational.Components.Inertia inertia1(J=1, w(start=5, fixed=true));\n"
    "  Modelica.Mechanics.Translational.Sources.SignForce signForce(f_nominal=-1, v0=0.1);\n"
    "  Modelica.Mechanics.Translational.Components.Mass mass1(m=1, v(start=3, fixed=true));\n"
    "  Modelica.Mechanics.Rotational.Sources.InverseSpeedDependentTorque inverseTorque(tau_nominal=2,\n"
    "    w_nominal=1, w0=0.1);\n"
    "  Modelica.Mechanics.Rotational.Components.Inertia inertia2(J=1, w(start=1, fixed=true));\n"
    "  Modelica.Mechanics.Translational.Sources.InverseSpeedDependentForce inverseForce(f_nominal=1,\n"
    "    ForceDirection=false, v_nominal=1, v0=0.1);\n"
    "  Modelica.Mechanics.Translational.Components.Mass mass2(m=1, v(start=2, fixed=true));\n"
    "equation\n"
    "  connect(signTorque.flange, inertia1.flange_a);\n"
    "  connect(signForce.flange, mass1.flange_a);\n"
    "  connect(inverseTorque.flange, inertia2.flange_a);\n"
    "  connect(inverseForce.flange, mass2.flange_a);\n"
    "  annotation (experiment(StopTime=2, Interval=0.01));\n"
    "end SpeedSources;\n";
  g_autoptr (SwModel) model = import_ok (text);
  g_autoptr (SwTrajectory) tr = sw_test_run_model (model, 0, 1e-10);
  g_autoptr (GError) error = NULL;
  g_autofree char *out = sw_modelica_export (model, &error);

  g_assert_cmpfloat (param_of (model, "signTorque", "reg"), ==, 3);
  assert_column (tr, "inertia1.w", sign_w, 1e-9);
  assert_column (tr, "mass1.v", sign_v, 1e-9);
  assert_column (tr, "inertia2.w", inverse_w, 1e-7);
  assert_column (tr, "mass2.v", inverse_v, 1e-7);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (out, "reg=Modelica.Blocks.Types.Regularization.Linear"));
  assert_round_trip (model);
}

/* Modelica's Exponentials: offset 0.5, from 0.2 s a rise to 2 with 0.5 s
 * for 1 s, then a fall with 0.25 s. */
static double
exponentials (double t)
{
  double yr = 2 * (1 - exp (-1 / 0.5));

  if (t < 0.2)
    return 0.5;
  if (t < 1.2)
    return 0.5 + 2 * (1 - exp (-(t - 0.2) / 0.5));
  return 0.5 + yr * exp (-(t - 1.2) / 0.25);
}

static void
test_exponentials (void)
{
  static const char text[] =
    "model ExponentialsTorque\n"
    "  Modelica.Blocks.Sources.Exponentials exponentials(outMax=2, riseTime=1, riseTimeConst=0.5,\n"
    "    fallTimeConst=0.25, offset=0.5, startTime=0.2);\n"
    "  Modelica.Mechanics.Rotational.Sources.Torque torque;\n"
    "  Modelica.Mechanics.Rotational.Components.Inertia inertia(J=1);\n"
    "equation\n"
    "  connect(exponentials.y, torque.tau);\n"
    "  connect(torque.flange, inertia.flange_a);\n"
    "  annotation (experiment(StopTime=2, Interval=0.01));\n"
    "end ExponentialsTorque;\n";
  g_autoptr (SwModel) model = import_ok (text);
  g_autoptr (SwTrajectory) tr = sw_test_run_model (model, 0, 1e-10);

  assert_column (tr, "torque.tau", exponentials, 1e-12);
  assert_round_trip (model);
  assert_import_fails ("model M\n  Modelica.Blocks.Sources.Exponentials e(riseTimeConst=0);\n"
                       "  Modelica.Mechanics.Rotational.Sources.Torque torque;\nequation\n"
                       "  connect(e.y, torque.tau);\nend M;\n",
                       "m.mo:2:40: error: e.riseTime needs a value (>= 0)");
}

/* ---- CombiTimeTable ------------------------------------------------------ */

/* Column 2 ramps 0 -> 2 over [0, 1] then holds 2 (HoldLastPoint past 2 s):
 * w1 = t^2 on [0, 1], 1 + 2 (t - 1) after. Column 3, through a Gain of 2,
 * in constant segments (1 on [0, 1), 3 on [1, 2), 3 after) plus offset 1
 * from startTime 0: the torque is 2 (1 + 1) then 2 (3 + 1). */
static double combi_w1 (double t) { return t <= 1 ? t * t : 1 + 2 * (t - 1); }
static double combi_w2 (double t) { return t <= 1 ? 4 * t : 4 + 8 * (t - 1); }

static void
test_combi_time_table (void)
{
  static const char text[] =
    "model CombiTable\n"
    "  Modelica.Blocks.Sources.CombiTimeTable combiTimeTable(table=[0, 0, 1; 1, 2, 3; 2, 2, 3],\n"
    "    columns={2, 3}, extrapolation=Modelica.Blocks.Types.Extrapolation.HoldLastPoint);\n"
    "  Modelica.Blocks.Sources.CombiTimeTable steps(table=[0, 0, 1; 1, 2, 3; 2, 2, 3], columns={3},\n"
    "    smoothness=Modelica.Blocks.Types.Smoothness.ConstantSegments, offset={1},\n"
    "    extrapolation=Modelica.Blocks.Types.Extrapolation.HoldLastPoint, tableOnFile=false);\n"
    "  Modelica.Blocks.Math.Gain gain(k=2);\n"
    "  Modelica.Mechanics.Rotational.Sources.Torque torque1;\n"
    "  Modelica.Mechanics.Rotational.Sources.Torque torque2;\n"
    "  Modelica.Mechanics.Rotational.Components.Inertia inertia1(J=1, phi(start=0, fixed=true), w(start=0,\n"
    "    fixed=true));\n"
    "  Modelica.Mechanics.Rotational.Components.Inertia inertia2(J=1, phi(start=0, fixed=true), w(start=0,\n"
    "    fixed=true));\n"
    "equation\n"
    "  connect(combiTimeTable.y[1], torque1.tau);\n"
    "  connect(steps.y[1], gain.u);\n"
    "  connect(gain.y, torque2.tau);\n"
    "  connect(torque1.flange, inertia1.flange_a);\n"
    "  connect(torque2.flange, inertia2.flange_a);\n"
    "  annotation (experiment(StopTime=3, Interval=0.01));\n"
    "end CombiTable;\n";
  static const char shaft[] =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": [\n"
    "  {\"id\": \"torque\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": {\"table\": {\"points\": [[0, 0], [1, 2]],\n"
    "   \"extrapolation\": \"linear\"}}}},\n"
    "  {\"id\": \"inertia\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1}}],\n"
    " \"connections\": [{\"from\": \"torque.flange\", \"to\": \"inertia.flange_a\"}],\n"
    " \"simulation\": {\"stop_time\": 2, \"output_interval\": 0.01}}\n";
  g_autoptr (SwModel) model = import_ok (text);
  g_autoptr (SwTrajectory) tr = sw_test_run_model (model, 0, 1e-10);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) linear = sw_model_new_from_data (shaft, -1, "linear.shaft", &error);

  assert_column (tr, "inertia1.w", combi_w1, 1e-9);
  assert_column (tr, "inertia2.w", combi_w2, 1e-9);
  assert_round_trip (model);
  /* A table signal TimeTable cannot write goes out as a CombiTimeTable. */
  g_assert_no_error (error);
  assert_round_trip (linear);
  assert_import_fails ("model M\n  Modelica.Blocks.Sources.CombiTimeTable t(table=[0, 1; 1, 2],\n"
                       "    smoothness=Modelica.Blocks.Types.Smoothness.ContinuousDerivative);\n"
                       "  Modelica.Mechanics.Rotational.Sources.Torque torque;\nequation\n"
                       "  connect(t.y[1], torque.tau);\nend M;\n",
                       "m.mo:3:5: error: t.smoothness = ContinuousDerivative is not supported; valid: LinearSegments, "
                       "ConstantSegments");
  assert_import_fails ("model M\n  Modelica.Blocks.Sources.CombiTimeTable t(tableOnFile=true, tableName=\"t\",\n"
                       "    fileName=\"t.txt\");\n"
                       "  Modelica.Mechanics.Rotational.Sources.Torque torque;\nequation\n"
                       "  connect(t.y[1], torque.tau);\nend M;\n",
                       "m.mo:2:42: error: t: give the table in the model (table = [t, y1, …; …], at least two "
                       "columns); a table read from a file is not supported");
}

/* The MSL's friction example builds its SupportFriction's table with
 * Examples.Utilities.GenerateStribeckFrictionTable: each row is [v,
 * F_Coulomb + F_prop v + F_Stribeck exp (-fexp v)]. */
static void
test_stribeck_table (void)
{
  static const char text[] =
    "within Modelica.Mechanics.Translational.Examples;\n"
    "model StribeckTable\n"
    "  Modelica.Mechanics.Translational.Components.SupportFriction supportFriction(f_pos=\n"
    "    Examples.Utilities.GenerateStribeckFrictionTable(F_prop=1, F_Coulomb=5, F_Stribeck=10, fexp=2,\n"
    "    v_max=32, nTable=50));\n"
    "  Modelica.Mechanics.Translational.Components.Mass mass(m=1, v(start=1, fixed=true));\n"
    "  Modelica.Mechanics.Translational.Components.SupportFriction friction2(f_pos=\n"
    "    Modelica.Mechanics.Translational.Examples.Utilities.GenerateStribeckFrictionTable(0, 2, 0, 0, 10, 2));\n"
    "  Modelica.Mechanics.Translational.Components.Mass mass2(m=1, v(start=1, fixed=true));\n"
    "equation\n"
    "  connect(supportFriction.flange_b, mass.flange_a);\n"
    "  connect(friction2.flange_b, mass2.flange_a);\n"
    "  annotation (experiment(StopTime=0.4, Interval=0.01));\n"
    "end StribeckTable;\n";
  g_autoptr (SwModel) model = import_ok (text);
  const SwComponent *c = sw_model_get_component (model, sw_model_find_component (model, "supportFriction"));
  const SwTable *table = c->table[sw_kind_find_param (c->kind, "f_pos")];
  g_autoptr (SwTrajectory) tr = NULL;
  const double *t, *v;

  g_assert_cmpuint (sw_table_get_n_rows (table), ==, 50);
  for (guint r = 0; r < 50; r++)
    {
      double vr = 32.0 * r / 49;

      g_assert_cmpfloat (sw_table_get (table, r, 0), ==, vr);
      g_assert_cmpfloat_with_epsilon (sw_table_get (table, r, 1), 5 + vr + 10 * exp (-2 * vr), 1e-12);
    }
  /* A constant 2 N (F_Coulomb alone) stops the 1 kg mass from 1 m/s at
   * 0.5 s: v = 1 - 2 t. */
  tr = sw_test_run_model (model, 0, 1e-10);
  t = sw_trajectory_get_times (tr);
  v = sw_test_column (tr, "mass2.v");
  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    g_assert_cmpfloat_with_epsilon (v[r], 1 - 2 * t[r], 1e-9);
  assert_round_trip (model);
}

/* What a kind does not take is refused at its place, listing what it
 * takes. */
static void
test_start_errors (void)
{
  static const struct {
    const char *body, *needle;
  } cases[] = {
    { "  Modelica.Mechanics.Rotational.Components.Inertia j(phi_rel(start=1, fixed=true));\n",
      "m.mo:2:54: error: j.phi_rel (fixed = true) is not supported: rotational.inertia takes initial values phi, w, "
      "a" },
    { "  Modelica.Mechanics.Rotational.Components.Clutch c(phi(start=1, fixed=true));\n",
      "m.mo:2:53: error: c.phi (fixed = true) is not supported: rotational.clutch takes initial values phi_rel, "
      "w_rel, a_rel" },
    { "  Modelica.Mechanics.Rotational.Sources.Speed s(w(start=1, fixed=true));\n",
      "m.mo:2:49: error: s.w (fixed = true) is not supported: rotational.speed takes initial values phi" },
    { "  Modelica.Mechanics.Rotational.Components.IdealGear g(phi_b(start=1, fixed=true));\n",
      "m.mo:2:56: error: g.phi_b (fixed = true) is not supported: rotational.ideal_gear takes no initial values" },
    { "  Modelica.Mechanics.Rotational.Sources.Position p(w(start=2, fixed=true));\n",
      "m.mo:2:54: error: p.w(start = 2, fixed = true) is not supported: a Position source's flange starts at rest "
      "relative to its support; valid: start = 0" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = g_strdup_printf ("model M\n%send M;\n", cases[i].body);

      assert_import_fails (text, cases[i].needle);
    }
}

/* FORMAT.md's table of which Modelica class is which kind is the code's
 * (sw_modelica_classes_markdown ()), between its two markers. With
 * SW_REGENERATE set, the test writes it there instead. */
static void
test_classes_catalogue (void)
{
  static const char begin[] = "<!-- modelica-classes: generated by sw_modelica_classes_markdown () -->\n";
  static const char end[] = "<!-- end of modelica-classes -->";
  g_autofree char *path = g_build_filename (g_getenv ("SW_SOURCE_ROOT"), "data", "FORMAT.md", NULL);
  g_autofree char *text = NULL, *table = sw_modelica_classes_markdown ();
  g_autofree char *section = NULL;
  const char *a, *b;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  a = strstr (text, begin);
  b = a != NULL ? strstr (a, end) : NULL;
  g_assert_nonnull (b);
  section = g_strndup (a + strlen (begin), (gsize) (b - a) - strlen (begin));
  if (g_getenv ("SW_REGENERATE") != NULL && strcmp (section, table) != 0)
    {
      g_autofree char *head = g_strndup (text, (gsize) (a - text) + strlen (begin));
      g_autofree char *fresh = g_strconcat (head, table, b, NULL);

      g_assert_true (g_file_set_contents (path, fresh, -1, NULL));
      return;
    }
  if (strcmp (section, table) != 0)
    g_test_message ("data/FORMAT.md's Modelica classes are stale: run SW_REGENERATE=1 "
                    "SW_SOURCE_ROOT=. build/tests/test-modelica-msl");
  g_assert_cmpstr (section, ==, table);
  /* Every class of the catalogue imports as its kind. */
  for (const char *line = strstr (table, "| `Mechanics."); line != NULL; line = strstr (line + 1, "| `Mechanics."))
    {
      g_autofree char *klass = g_strndup (line + 3, strcspn (line + 3, "`"));
      const char *kind_at = strstr (line, "| `") != NULL ? strstr (line + 3, "| `") + 3 : NULL;
      g_autofree char *kind = g_strndup (kind_at, strcspn (kind_at, "`"));
      g_autofree char *model = g_strdup_printf ("model M\n  Modelica.%s c;\nend M;\n", klass);
      g_autoptr (GError) error = NULL;
      g_autoptr (SwModel) m = sw_modelica_import (model, -1, "m.mo", &error);
      int index;

      /* A kind that needs parameters says so; it is still the kind. */
      if (m == NULL)
        {
          g_assert_nonnull (strstr (error->message, "component “c”"));
          continue;
        }
      index = sw_model_find_component (m, "c");
      g_assert_cmpint (index, >=, 0);
      g_assert_cmpstr (sw_model_get_component (m, (guint) index)->kind->name, ==, kind);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/modelica-msl/clutch-relative", test_clutch_relative);
  g_test_add_func ("/core/modelica-msl/backlash-gap-relative", test_backlash_gap_relative);
  g_test_add_func ("/core/modelica-msl/relative-acceleration", test_relative_acceleration);
  g_test_add_func ("/core/modelica-msl/gearbox-relative", test_gearbox_relative);
  g_test_add_func ("/core/modelica-msl/speed-start", test_speed_start);
  g_test_add_func ("/core/modelica-msl/start-errors", test_start_errors);
  g_test_add_func ("/core/modelica-msl/msl4-names", test_msl4_names);
  g_test_add_func ("/core/modelica-msl/name-errors", test_name_errors);
  g_test_add_func ("/core/modelica-msl/arrays", test_arrays);
  g_test_add_func ("/core/modelica-msl/msl-classes", test_msl_classes);
  g_test_add_func ("/core/modelica-msl/combi-time-table", test_combi_time_table);
  g_test_add_func ("/core/modelica-msl/r2t-supports", test_r2t_supports);
  g_test_add_func ("/core/modelica-msl/elasto-backlash2", test_elasto_backlash2);
  g_test_add_func ("/core/modelica-msl/vehicle", test_vehicle);
  g_test_add_func ("/core/modelica-msl/speed-sources", test_speed_sources);
  g_test_add_func ("/core/modelica-msl/exponentials", test_exponentials);
  g_test_add_func ("/core/modelica-msl/stribeck-table", test_stribeck_table);
  g_test_add_func ("/core/modelica-msl/classes-catalogue", test_classes_catalogue);
  g_test_add_func ("/core/modelica-msl/array-errors", test_array_errors);
  return g_test_run ();
}
