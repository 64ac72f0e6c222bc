/* test-modelica-msl-classes.c: classes of the Modelica Standard Library
 * its examples use, imported as kinds and signals (Translational's
 * ForceStep, MultiSensor, RelativeStates, IdealGearR2T's supports,
 * ElastoBacklash2, Vehicle, SignTorque, InverseSpeedDependentTorque,
 * Exponentials, CombiTimeTable, GenerateStribeckFrictionTable,
 * Translational's IdealGear and IdealLever) and the
 * catalogue of them in FORMAT.md: each in a model of the library's style
 * against a closed form, written back by the export so that it reads back
 * the same.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gstdio.h>

#include "sw-table.h"
#include "test-modelica-helpers.h"

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
 * = Cd A rho / 2: v = v0 / (1 + k v0 t / M); others uphill against
 * rolling resistance and the grade, decelerating at (Cr cos a + sin a) m
 * g / M, the grade and Cr given as constants or through the inputs. */
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
    "  Modelica.Mechanics.Translational.Components.Vehicle input1(m=1000, J=10, R=0.5, Cd=0, CrConstant=0.01,\n"
    "    useInclinationInput=true, v(start=10, fixed=true));\n"
    "  Modelica.Mechanics.Translational.Components.Vehicle input2(m=1000, J=10, R=0.5, Cd=0, useCrInput=true,\n"
    "    useInclinationInput=true, v(start=10, fixed=true), s(fixed=false));\n"
    "  Modelica.Blocks.Sources.Constant grade(k=0.1);\n"
    "  Modelica.Blocks.Sources.Constant cr(k=0.01);\n"
    "equation\n"
    "  connect(grade.y, input1.inclination);\n"
    "  connect(input1.inclination, input2.inclination);\n"
    "  connect(cr.y, input2.cr);\n"
    "  annotation (experiment(StopTime=5, Interval=0.01));\n"
    "end Vehicles;\n";
  g_autoptr (SwModel) model = import_ok (text);
  g_autoptr (SwTrajectory) tr = sw_test_run_model (model, 0, 1e-10);

  assert_column (tr, "vehicle.v", vehicle_v1, 1e-8);
  assert_column (tr, "uphill.v", vehicle_v2, 1e-8);
  /* The grade and Cr through the MSL's inputs, one reached through the
   * other vehicle's input. */
  assert_column (tr, "input1.v", vehicle_v2, 1e-8);
  assert_column (tr, "input2.v", vehicle_v2, 1e-8);
  assert_round_trip (model);
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
  /* The cubic smoothnesses: test-modelica-msl-tables. */
  assert_import_fails ("model M\n  Modelica.Blocks.Sources.CombiTimeTable t(tableOnFile=true, tableName=\"t\",\n"
                       "    fileName=\"modelica://Modelica/Resources/Data/Tables/test.txt\");\n"
                       "  Modelica.Mechanics.Rotational.Sources.Torque torque;\nequation\n"
                       "  connect(t.y[1], torque.tau);\nend M;\n",
                       "m.mo:3:5: error: t.fileName = \"modelica://Modelica/Resources/Data/Tables/test.txt\": a URI is "
                       "not read; valid: the file's path, absolute or relative to the .mo file");
  assert_import_fails ("model M\n  Modelica.Blocks.Sources.CombiTimeTable t(tableOnFile=true, tableName=\"t\",\n"
                       "    fileName=\"t.mat\");\n"
                       "  Modelica.Mechanics.Rotational.Sources.Torque torque;\nequation\n"
                       "  connect(t.y[1], torque.tau);\nend M;\n",
                       "m.mo:3:5: error: t.fileName = \"t.mat\": only the text format (a file starting with #1) is "
                       "read, not MATLAB or CSV files");
  assert_import_fails ("model M\n  Modelica.Blocks.Sources.CombiTimeTable t(tableOnFile=true, tableName=\"t\",\n"
                       "    fileName=\"/dev/zero\");\n"
                       "  Modelica.Mechanics.Rotational.Sources.Torque torque;\nequation\n"
                       "  connect(t.y[1], torque.tau);\nend M;\n",
                       "m.mo:3:5: error: t.fileName: /dev/zero is not a regular file of at most 256 MB");
  assert_import_fails ("model M\n  Modelica.Blocks.Sources.CombiTimeTable t(tableOnFile=true, fileName=\"t.txt\");\n"
                       "  Modelica.Mechanics.Rotational.Sources.Torque torque;\nequation\n"
                       "  connect(t.y[1], torque.tau);\nend M;\n",
                       "m.mo:2:42: error: t.tableName: give a string (tableName = \"…\") for a table read from a "
                       "file");
}

/* The same model with its tables read from a file in the MSL's text
 * format (comments, commas, a row over two lines, another table before
 * it) runs bit for bit as with the tables in the model; the file's
 * errors name the modifier, the file, its line and what is valid. */
static const char table_file_model[] =
  "model CombiTable\n"
  "  Modelica.Blocks.Sources.CombiTimeTable combiTimeTable(tableOnFile=true, tableName=\"tab1\",\n"
  "    fileName=\"%s\", columns={2, 3}, extrapolation=Modelica.Blocks.Types.Extrapolation.HoldLastPoint);\n"
  "  Modelica.Blocks.Sources.CombiTimeTable steps(tableOnFile=true, tableName=\"%s\", fileName=\"%s\",\n"
  "    columns={3}, smoothness=Modelica.Blocks.Types.Smoothness.ConstantSegments, offset={1},\n"
  "    extrapolation=Modelica.Blocks.Types.Extrapolation.HoldLastPoint);\n"
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

static void
assert_table_file_fails (const char *dir, const char *table, const char *table_name, const char *needle)
{
  g_autofree char *tables = g_build_filename (dir, "tables.txt", NULL);
  g_autofree char *mo = g_build_filename (dir, "CombiTable.mo", NULL);
  g_autofree char *text = g_strdup_printf (table_file_model, "tables.txt", table_name, "tables.txt");
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = NULL;

  if (table != NULL)
    g_assert_true (g_file_set_contents (tables, table, -1, NULL));
  g_assert_true (g_file_set_contents (mo, text, -1, NULL));
  model = sw_modelica_import_file (mo, &error);
  g_assert_null (model);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, needle));
}

static void
test_combi_time_table_file (void)
{
  static const char inline_text[] =
    "model CombiTable\n"
    "  Modelica.Blocks.Sources.CombiTimeTable combiTimeTable(table=[0, 0, 1; 1, 2, 3; 2, 2, 3],\n"
    "    columns={2, 3}, extrapolation=Modelica.Blocks.Types.Extrapolation.HoldLastPoint);\n"
    "  Modelica.Blocks.Sources.CombiTimeTable steps(table=[0, 0, 1; 1, 2, 3; 2, 2, 3], columns={3},\n"
    "    smoothness=Modelica.Blocks.Types.Smoothness.ConstantSegments, offset={1},\n"
    "    extrapolation=Modelica.Blocks.Types.Extrapolation.HoldLastPoint);\n"
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
  static const char tables[] =
    "#1\n"
    "# the first table is not the one asked for\n"
    "double other(2, 2)\n"
    "  0 5\n"
    "  1 6\n"
    "double tab1(3,3)   # time, column 2, column 3\n"
    "  0, 0, 1\n"
    "  1  2\n"
    "     3\n"
    "  2; 2; 3\n"
    "float tab2(3, 3)\n"
    "  0 0 1\n"
    "  1 2 3\n"
    "  2 2 3\n";
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("sw-table-file-XXXXXX", &error);
  g_autofree char *tables_path = NULL, *mo = NULL, *absolute = NULL, *text = NULL;
  g_autoptr (SwModel) from_file = NULL, from_absolute = NULL, in_model = import_ok (inline_text);
  g_autoptr (SwTrajectory) a = NULL, b = NULL, c = NULL;

  g_assert_no_error (error);
  tables_path = g_build_filename (dir, "tables.txt", NULL);
  mo = g_build_filename (dir, "CombiTable.mo", NULL);
  g_assert_true (g_file_set_contents (tables_path, tables, -1, NULL));
  /* A relative fileName from the .mo file's folder. */
  text = g_strdup_printf (table_file_model, "tables.txt", "tab2", "tables.txt");
  g_assert_true (g_file_set_contents (mo, text, -1, NULL));
  from_file = sw_modelica_import_file (mo, &error);
  g_assert_no_error (error);
  /* An absolute one from anywhere. */
  g_free (text);
  text = g_strdup_printf (table_file_model, tables_path, "tab1", tables_path);
  from_absolute = sw_modelica_import (text, -1, "elsewhere.mo", &error);
  g_assert_no_error (error);
  a = sw_test_run_model (in_model, 0, 1e-10);
  b = sw_test_run_model (from_file, 0, 1e-10);
  c = sw_test_run_model (from_absolute, 0, 1e-10);
  g_assert_cmpfloat (sw_test_assert_same_run (a, b, NULL, 0, 0), ==, 0);
  g_assert_cmpfloat (sw_test_assert_same_run (a, c, NULL, 0, 0), ==, 0);
  assert_column (b, "inertia1.w", combi_w1, 1e-9);
  assert_round_trip (from_file);

  assert_table_file_fails (dir, tables, "tab3",
                           "CombiTable.mo:4:66: error: steps.tableName = \"tab3\": ");
  assert_table_file_fails (dir, tables, "tab3", "has no such table; valid: other, tab1, tab2");
  assert_table_file_fails (dir, "#1\ndouble tab1(3, 3)\n 0 0 1\n 1 2 x\n", "tab1",
                           "combiTimeTable: table “tab1” in ");
  assert_table_file_fails (dir, "#1\ndouble tab1(3, 3)\n 0 0 1\n 1 2 x\n", "tab1",
                           "number 6 of 9 (line 4) is missing or not a number");
  assert_table_file_fails (dir, "double tab1(1, 2)\n 0 0\n", "tab1",
                           "does not start with #1, the text format of Modelica's tables");
  assert_table_file_fails (dir, "#1\ndouble tab1(0, 2)\n", "tab1", "(line 2) is 0 × 2; valid: 1 to 1 000 000 rows");
  /* A negative size is said as written (it read as 18446744073709551615). */
  assert_table_file_fails (dir, "#1\ndouble tab1(-1, 2)\n", "tab1", "(line 2) is -1 × 2; valid: 1 to 1 000 000 rows");
  g_assert_cmpint (g_remove (tables_path), ==, 0);
  assert_table_file_fails (dir, NULL, "tab1", "CombiTable.mo:3:5: error: combiTimeTable.fileName: cannot read ");
  g_assert_cmpint (g_remove (mo), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* ---- Signal adaptors ---------------------------------------------------- */

/* TorqueToAngleAdaptor and AngleToTorqueAdaptor wired to each other (as
 * GenerationOfFMUs wires DirectInertia to InverseInertia) are a joint:
 * (J1 + J2) a = 10 sin (4 pi t) from rest, w = 10 / (3.3 4 pi) (1 - cos
 * 4 pi t), and the same run, bit for bit, as the inertias connected
 * directly; the translational pair (without a, as GenerationOfFMUs' spring
 * variant) with a spring behind it runs as the spring connected directly. */
static double adaptor_w (double t) { return 10 / (3.3 * 4 * G_PI) * (1 - cos (4 * G_PI * t)); }

static const char adaptor_rot[] =
  "model AdaptorPair\n"
  "  extends Modelica.Icons.Example;\n"
  "  Modelica.Blocks.Sources.Sine sine1(f=2, amplitude=10);\n"
  "  Modelica.Mechanics.Rotational.Sources.Torque torque;\n"
  "  Modelica.Mechanics.Rotational.Components.Inertia inertia1(J=1.1, phi(fixed=true, start=0), w(fixed=true,\n"
  "    start=0));\n"
  "%s"
  "  Modelica.Mechanics.Rotational.Components.Inertia inertia2(J=2.2);\n"
  "equation\n"
  "  connect(sine1.y, torque.tau);\n"
  "  connect(torque.flange, inertia1.flange_a);\n"
  "%s"
  "  annotation (experiment(StopTime=1, Interval=0.001));\n"
  "end AdaptorPair;\n";
static const char adaptor_rot_decl[] =
  "  Modelica.Mechanics.Rotational.Components.TorqueToAngleAdaptor torqueToAngle;\n"
  "  Modelica.Mechanics.Rotational.Components.AngleToTorqueAdaptor angleToTorque;\n";
static const char adaptor_rot_wires[] =
  "  connect(inertia1.flange_b, torqueToAngle.flange);\n"
  "  connect(torqueToAngle.phi, angleToTorque.phi);\n"
  "  connect(torqueToAngle.w, angleToTorque.w);\n"
  "  connect(torqueToAngle.a, angleToTorque.a);\n"
  "  connect(angleToTorque.tau, torqueToAngle.tau);\n"
  "  connect(angleToTorque.flange, inertia2.flange_a);\n";

static const char adaptor_trans[] =
  "model AdaptorSpring\n"
  "  Modelica.Blocks.Sources.Sine sine1(f=2, amplitude=10);\n"
  "  Modelica.Mechanics.Translational.Sources.Force force;\n"
  "  Modelica.Mechanics.Translational.Components.Mass mass1(m=1.1, s(fixed=true, start=0), v(fixed=true,\n"
  "    start=0));\n"
  "%s"
  "  Modelica.Mechanics.Translational.Components.Spring spring(c=1e4);\n"
  "  Modelica.Mechanics.Translational.Components.Mass mass2(m=2.2, s(fixed=true, start=0), v(fixed=true,\n"
  "    start=0));\n"
  "equation\n"
  "  connect(sine1.y, force.f);\n"
  "  connect(force.flange, mass1.flange_a);\n"
  "%s"
  "  connect(spring.flange_b, mass2.flange_a);\n"
  "  annotation (experiment(StopTime=1, Interval=0.001));\n"
  "end AdaptorSpring;\n";

static SwTrajectory *
run_text (const char *format, const char *decl, const char *wires)
{
  g_autofree char *text = g_strdup_printf (format, decl, wires);
  g_autoptr (SwModel) model = import_ok (text);

  assert_round_trip (model);
  return sw_test_run_model (model, 0, 1e-10);
}

static void
test_adaptors (void)
{
  g_autoptr (SwTrajectory) pair = run_text (adaptor_rot, adaptor_rot_decl, adaptor_rot_wires);
  g_autoptr (SwTrajectory) direct = run_text (adaptor_rot, "", "  connect(inertia1.flange_b, inertia2.flange_a);\n");
  g_autoptr (SwTrajectory) spring_pair = run_text (
    adaptor_trans,
    "  Modelica.Mechanics.Translational.Components.ForceToPositionAdaptor forceToPosition(use_a=false);\n"
    "  Modelica.Mechanics.Translational.Components.PositionToForceAdaptor positionToForce(use_a=false);\n",
    "  connect(positionToForce.flange, spring.flange_a);\n"
    "  connect(forceToPosition.s, positionToForce.s);\n"
    "  connect(forceToPosition.v, positionToForce.v);\n"
    "  connect(positionToForce.f, forceToPosition.f);\n"
    "  connect(mass1.flange_b, forceToPosition.flange);\n");
  g_autoptr (SwTrajectory) spring_direct = run_text (adaptor_trans, "", "  connect(mass1.flange_b, spring.flange_a);\n");
  g_autofree char *lone = g_strdup_printf (adaptor_rot, adaptor_rot_decl,
                                           "  connect(inertia1.flange_b, torqueToAngle.flange);\n"
                                           "  connect(angleToTorque.flange, inertia2.flange_a);\n");
  g_autofree char *crossed = NULL, *general = NULL;

  assert_column (pair, "inertia2.w", adaptor_w, 1e-9);
  assert_column (pair, "inertia1.w", adaptor_w, 1e-9);
  g_assert_cmpfloat (sw_test_assert_same_run (pair, direct, NULL, 0, 0), ==, 0);
  g_assert_cmpfloat (sw_test_assert_same_run (spring_pair, spring_direct, NULL, 0, 0), ==, 0);

  assert_import_fails (lone, "m.mo:7:65: error: torqueToAngle (Modelica.Mechanics.Rotational.Components."
                             "TorqueToAngleAdaptor): an adaptor is supported wired to a AngleToTorqueAdaptor only");
  {
    GString *wires = g_string_new (adaptor_rot_wires);

    g_string_replace (wires, "connect(torqueToAngle.w, angleToTorque.w)", "connect(torqueToAngle.w, angleToTorque.a)",
                      1);
    crossed = g_strdup_printf (adaptor_rot, adaptor_rot_decl, wires->str);
    g_string_free (wires, TRUE);
  }
  assert_import_fails (crossed, "m.mo:15:3: error: connect (torqueToAngle.w, angleToTorque.a): the adaptors "
                                "torqueToAngle and angleToTorque are supported wired to each other only, each signal "
                                "to its namesake");
  general = g_strdup_printf (adaptor_rot,
                             "  Modelica.Mechanics.Rotational.Components.GeneralTorqueToAngleAdaptor torqueToAngle;\n",
                             "");
  assert_import_fails (general, "m.mo:7:72: error: torqueToAngle (Modelica.Mechanics.Rotational.Components."
                                "GeneralTorqueToAngleAdaptor): an adaptor is supported wired to a "
                                "GeneralAngleToTorqueAdaptor only (its p, pder, pder2 to that one's inputs");
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
                    "SW_SOURCE_ROOT=. build/tests/test-modelica-msl-classes");
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

/* Translational's IdealGear and IdealLever (tests/data/modelica/
 * TranslationalGear.mo, our model in the library's style, within
 * Translational.Examples so that its names are relative): a constant force
 * on the first mass accelerates both by power balance, F v_a = (m_a r^2 +
 * m_b) v_b a_b with v_a = r v_b, so a_b = F r / (m_a r^2 + m_b); the
 * lever's pivot at s0 = 0.2 m, its ratio negative (a first class lever:
 * the second mass moves the other way); the gear's support takes
 * (r - 1) times the force on flange_a, F - m_a a_a. */
#define GEAR_A_B (10 * 1.6 / (0.1 * 1.6 * 1.6 + 7))
#define LEVER_A_B (4 * -0.5 / (2 * 0.25 + 1))
static double gear_s1 (double t) { return 0.5 * 1.6 * GEAR_A_B * t * t; }
static double gear_s2 (double t) { return 0.5 * GEAR_A_B * t * t; }
static double lever_s3 (double t) { return 0.2 + 0.5 * -0.5 * LEVER_A_B * t * t; }
static double lever_s4 (double t) { return 0.2 + 0.5 * LEVER_A_B * t * t; }
static double gear_support (double t) { (void) t; return (1.6 - 1) * (10 - 0.1 * 1.6 * GEAR_A_B); }

static void
test_translational_gear (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("SW_SOURCE_ROOT"), "tests", "data", "modelica",
                                            "TranslationalGear.mo", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_modelica_import_file (path, &error);
  g_autoptr (SwTrajectory) tr = NULL;
  g_autofree char *text = NULL;
  int lever;

  g_assert_no_error (error);
  lever = sw_model_find_component (model, "idealLever");
  g_assert_cmpint (lever, >=, 0);
  g_assert_cmpstr (sw_model_get_component (model, (guint) lever)->kind->name, ==, "translational.ideal_gear");
  g_assert_cmpfloat (param_of (model, "idealLever", "ratio"), ==, -0.5);
  tr = sw_test_run_model (model, 0, 1e-10);
  assert_column (tr, "mass1.s", gear_s1, 1e-9);
  assert_column (tr, "mass2.s", gear_s2, 1e-9);
  assert_column (tr, "mass3.s", lever_s3, 1e-9);
  assert_column (tr, "mass4.s", lever_s4, 1e-9);
  assert_column (tr, "idealGear.support.f", gear_support, 1e-9);
  /* Written back as the gear (the lever has its equations). */
  text = sw_modelica_export (model, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (text, "Modelica.Mechanics.Translational.Components.IdealGear idealLever("));
  assert_round_trip (model);
  assert_import_fails ("model M\n  Modelica.Mechanics.Translational.Components.IdealLever lever(ratio=0);\nend M;\n",
                       "parameter “ratio” = 0 is not valid; valid: any nonzero number");
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/modelica-msl-classes/msl-classes", test_msl_classes);
  g_test_add_func ("/core/modelica-msl-classes/combi-time-table", test_combi_time_table);
  g_test_add_func ("/core/modelica-msl-classes/combi-time-table-file", test_combi_time_table_file);
  g_test_add_func ("/core/modelica-msl-classes/adaptors", test_adaptors);
  g_test_add_func ("/core/modelica-msl-classes/r2t-supports", test_r2t_supports);
  g_test_add_func ("/core/modelica-msl-classes/elasto-backlash2", test_elasto_backlash2);
  g_test_add_func ("/core/modelica-msl-classes/vehicle", test_vehicle);
  g_test_add_func ("/core/modelica-msl-classes/speed-sources", test_speed_sources);
  g_test_add_func ("/core/modelica-msl-classes/exponentials", test_exponentials);
  g_test_add_func ("/core/modelica-msl-classes/stribeck-table", test_stribeck_table);
  g_test_add_func ("/core/modelica-msl-classes/translational-gear", test_translational_gear);
  g_test_add_func ("/core/modelica-msl-classes/classes-catalogue", test_classes_catalogue);
  return g_test_run ();
}
