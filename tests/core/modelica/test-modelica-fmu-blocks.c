/* test-modelica-fmu-blocks.c: the input/output blocks of the MSL's
 * GenerationOfFMUs examples (Examples.Utilities.DirectInertia,
 * InverseInertia, Spring, SpringDamper, SpringDamperNoRelativeStates and
 * Translational's DirectMass, InverseMass, Spring, SpringDamper) wired as
 * the examples wire them, with the adaptors of MSL 3 (TorqueToAngleAdaptor)
 * and MSL 4 (GeneralForceToPositionAdaptor): each model of the library's
 * style runs bit for bit as the same model with the parts connected
 * directly, against closed forms (the driven pair's speed, the momentum
 * the sine's impulse gives), and reads back the same from the export;
 * arrays of them; what is refused (another modifier, a connector a block
 * lacks, a signal switched off or left unconnected); MSL's FreeWheel and
 * custom couplings, written back as Shaftwork.*.CustomCoupling.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "test-modelica-helpers.h"

/* 10 sin (4 pi t) N.m on 1.1 + 2.2 kg.m2 from rest. */
static double pair_w (double t) { return 10 / (3.3 * 4 * G_PI) * (1 - cos (4 * G_PI * t)); }
/* Its impulse: the momentum of two bodies it drives through a spring. */
static double impulse (double t) { return 10 / (4 * G_PI) * (1 - cos (4 * G_PI * t)); }

#define ROT "Modelica.Mechanics.Rotational."
#define TRANS "Modelica.Mechanics.Translational."
#define START "phi(fixed=true, start=0), w(fixed=true, start=0))"
#define TSTART "s(fixed=true, start=0), v(fixed=true, start=0))"

/* As GenerationOfFMUs: a driven inertia's motion into an inverse one, a
 * spring-damper and a spring between inertias through adaptors. %s: the
 * direct inertia's modifiers, then extra connect()s. */
static const char rot_blocks[] =
  "within Modelica.Mechanics.Rotational.Examples;\n"
  "model FmuBlocks \"Input/output blocks wired together\"\n"
  "  extends Modelica.Icons.Example;\n"
  "  Modelica.Blocks.Sources.Sine sine1(f=2, amplitude=10);\n"
  "  Utilities.DirectInertia directInertia(%s);\n"
  "  " ROT "Examples.Utilities.InverseInertia inverseInertia(J=2.2);\n"
  "  " ROT "Sources.Torque torque2;\n"
  "  " ROT "Components.Inertia inertia2a(J=1.1, " START ";\n"
  "  Components.TorqueToAngleAdaptor torqueToAngle2a(use_a=false);\n"
  "  " ROT "Examples.Utilities.SpringDamper springDamper(c=1e4, d=100);\n"
  "  Components.TorqueToAngleAdaptor torqueToAngle2b(use_a=false);\n"
  "  " ROT "Components.Inertia inertia2b(J=2.2, " START ";\n"
  "  " ROT "Sources.Torque torque3;\n"
  "  " ROT "Components.Inertia inertia3a(J=1.1, " START ";\n"
  "  Components.TorqueToAngleAdaptor torqueToAngle3a(use_w=false, use_a=false);\n"
  "  " ROT "Examples.Utilities.Spring spring(c=1e4);\n"
  "  Components.TorqueToAngleAdaptor torqueToAngle3b(use_w=false, use_a=false);\n"
  "  " ROT "Components.Inertia inertia3b(J=2.2, " START ";\n"
  "equation\n"
  "  connect(sine1.y, directInertia.tauDrive);\n"
  "  connect(directInertia.phi, inverseInertia.phi);\n"
  "  connect(directInertia.w, inverseInertia.w);\n"
  "%s"
  "  connect(inverseInertia.tau, directInertia.tau);\n"
  "  connect(sine1.y, torque2.tau);\n"
  "  connect(torque2.flange, inertia2a.flange_a);\n"
  "  connect(inertia2a.flange_b, torqueToAngle2a.flange);\n"
  "  connect(torqueToAngle2a.phi, springDamper.phi1);\n"
  "  connect(torqueToAngle2a.w, springDamper.w1);\n"
  "  connect(springDamper.tau1, torqueToAngle2a.tau);\n"
  "  connect(springDamper.phi2, torqueToAngle2b.phi);\n"
  "  connect(springDamper.w2, torqueToAngle2b.w);\n"
  "  connect(springDamper.tau2, torqueToAngle2b.tau);\n"
  "  connect(torqueToAngle2b.flange, inertia2b.flange_a);\n"
  "  connect(sine1.y, torque3.tau);\n"
  "  connect(torque3.flange, inertia3a.flange_a);\n"
  "  connect(inertia3a.flange_b, torqueToAngle3a.flange);\n"
  "  connect(torqueToAngle3a.phi, spring.phi1);\n"
  "  connect(spring.tau1, torqueToAngle3a.tau);\n"
  "  connect(spring.phi2, torqueToAngle3b.phi);\n"
  "  connect(spring.tau2, torqueToAngle3b.tau);\n"
  "  connect(torqueToAngle3b.flange, inertia3b.flange_a);\n"
  "  annotation (experiment(StopTime=1, Interval=0.001));\n"
  "end FmuBlocks;\n";
static const char rot_a_wire[] = "  connect(directInertia.a, inverseInertia.a);\n";

/* The same connected directly, named as the blocks' parts are. */
static const char rot_direct[] =
  "model FmuDirect\n"
  "  Modelica.Blocks.Sources.Sine sine1(f=2, amplitude=10);\n"
  "  " ROT "Sources.Torque directInertia_torqueSource;\n"
  "  " ROT "Components.Inertia directInertia_inertia(J=1.1, " START ";\n"
  "  " ROT "Components.Inertia inverseInertia_inertia(J=2.2);\n"
  "  " ROT "Sources.Torque torque2;\n"
  "  " ROT "Components.Inertia inertia2a(J=1.1, " START ";\n"
  "  " ROT "Components.SpringDamper springDamper_springDamper(c=1e4, d=100);\n"
  "  " ROT "Components.Inertia inertia2b(J=2.2, " START ";\n"
  "  " ROT "Sources.Torque torque3;\n"
  "  " ROT "Components.Inertia inertia3a(J=1.1, " START ";\n"
  "  " ROT "Components.Spring spring_spring(c=1e4);\n"
  "  " ROT "Components.Inertia inertia3b(J=2.2, " START ";\n"
  "equation\n"
  "  connect(sine1.y, directInertia_torqueSource.tau);\n"
  "  connect(directInertia_torqueSource.flange, directInertia_inertia.flange_a);\n"
  "  connect(directInertia_inertia.flange_b, inverseInertia_inertia.flange_a);\n"
  "  connect(sine1.y, torque2.tau);\n"
  "  connect(torque2.flange, inertia2a.flange_a);\n"
  "  connect(inertia2a.flange_b, springDamper_springDamper.flange_a);\n"
  "  connect(springDamper_springDamper.flange_b, inertia2b.flange_a);\n"
  "  connect(sine1.y, torque3.tau);\n"
  "  connect(torque3.flange, inertia3a.flange_a);\n"
  "  connect(inertia3a.flange_b, spring_spring.flange_a);\n"
  "  connect(spring_spring.flange_b, inertia3b.flange_a);\n"
  "  annotation (experiment(StopTime=1, Interval=0.001));\n"
  "end FmuDirect;\n";

/* Translational, with MSL 4's General adaptors. */
static const char trans_blocks[] =
  "within Modelica.Mechanics.Translational.Examples;\n"
  "model FmuBlocks \"Input/output blocks wired together\"\n"
  "  extends Modelica.Icons.Example;\n"
  "  Modelica.Blocks.Sources.Sine sine1(f=2, amplitude=10);\n"
  "  " TRANS "Examples.Utilities.DirectMass directMass(m=1.1);\n"
  "  " TRANS "Examples.Utilities.InverseMass inverseMass(m=2.2);\n"
  "  " TRANS "Sources.Force force2;\n"
  "  " TRANS "Components.Mass mass2a(m=1.1, " TSTART ";\n"
  "  " TRANS "Components.GeneralForceToPositionAdaptor forceToPosition2a(use_pder2=false);\n"
  "  " TRANS "Examples.Utilities.SpringDamper springDamper(c=1e4, d=100);\n"
  "  " TRANS "Components.GeneralForceToPositionAdaptor forceToPosition2b(use_pder2=false);\n"
  "  " TRANS "Components.Mass mass2b(m=2.2, " TSTART ";\n"
  "  " TRANS "Sources.Force force3;\n"
  "  " TRANS "Components.Mass mass3a(m=1.1, " TSTART ";\n"
  "  " TRANS "Components.GeneralForceToPositionAdaptor forceToPosition3a(use_pder=false, use_pder2=false);\n"
  "  Utilities.Spring spring(c=1e4);\n"
  "  " TRANS "Components.GeneralForceToPositionAdaptor forceToPosition3b(use_pder=false, use_pder2=false);\n"
  "  " TRANS "Components.Mass mass3b(m=2.2, " TSTART ";\n"
  "equation\n"
  "  connect(sine1.y, directMass.fDrive);\n"
  "  connect(directMass.s, inverseMass.s);\n"
  "  connect(directMass.v, inverseMass.v);\n"
  "  connect(directMass.a, inverseMass.a);\n"
  "  connect(inverseMass.f, directMass.f);\n"
  "  connect(sine1.y, force2.f);\n"
  "  connect(force2.flange, mass2a.flange_a);\n"
  "  connect(mass2a.flange_b, forceToPosition2a.flange);\n"
  "  connect(forceToPosition2a.p, springDamper.s1);\n"
  "  connect(forceToPosition2a.pder, springDamper.v1);\n"
  "  connect(forceToPosition2a.f, springDamper.f1);\n"
  "  connect(springDamper.s2, forceToPosition2b.p);\n"
  "  connect(forceToPosition2b.pder, springDamper.v2);\n"
  "  connect(springDamper.f2, forceToPosition2b.f);\n"
  "  connect(forceToPosition2b.flange, mass2b.flange_a);\n"
  "  connect(sine1.y, force3.f);\n"
  "  connect(force3.flange, mass3a.flange_a);\n"
  "  connect(mass3a.flange_b, forceToPosition3a.flange);\n"
  "%s"
  "  connect(forceToPosition3a.f, spring.f1);\n"
  "  connect(spring.s2, forceToPosition3b.p);\n"
  "  connect(spring.f2, forceToPosition3b.f);\n"
  "  connect(forceToPosition3b.flange, mass3b.flange_a);\n"
  "  annotation (experiment(StopTime=1, Interval=0.001));\n"
  "end FmuBlocks;\n";
static const char trans_p_wire[] = "  connect(forceToPosition3a.p, spring.s1);\n";

static const char trans_direct[] =
  "model FmuDirect\n"
  "  Modelica.Blocks.Sources.Sine sine1(f=2, amplitude=10);\n"
  "  " TRANS "Sources.Force directMass_forceSource;\n"
  "  " TRANS "Components.Mass directMass_mass(m=1.1, " TSTART ";\n"
  "  " TRANS "Components.Mass inverseMass_mass(m=2.2);\n"
  "  " TRANS "Sources.Force force2;\n"
  "  " TRANS "Components.Mass mass2a(m=1.1, " TSTART ";\n"
  "  " TRANS "Components.SpringDamper springDamper_springDamper(c=1e4, d=100);\n"
  "  " TRANS "Components.Mass mass2b(m=2.2, " TSTART ";\n"
  "  " TRANS "Sources.Force force3;\n"
  "  " TRANS "Components.Mass mass3a(m=1.1, " TSTART ";\n"
  "  " TRANS "Components.Spring spring_spring(c=1e4);\n"
  "  " TRANS "Components.Mass mass3b(m=2.2, " TSTART ";\n"
  "equation\n"
  "  connect(sine1.y, directMass_forceSource.f);\n"
  "  connect(directMass_forceSource.flange, directMass_mass.flange_a);\n"
  "  connect(directMass_mass.flange_b, inverseMass_mass.flange_a);\n"
  "  connect(sine1.y, force2.f);\n"
  "  connect(force2.flange, mass2a.flange_a);\n"
  "  connect(mass2a.flange_b, springDamper_springDamper.flange_a);\n"
  "  connect(springDamper_springDamper.flange_b, mass2b.flange_a);\n"
  "  connect(sine1.y, force3.f);\n"
  "  connect(force3.flange, mass3a.flange_a);\n"
  "  connect(mass3a.flange_b, spring_spring.flange_a);\n"
  "  connect(spring_spring.flange_b, mass3b.flange_a);\n"
  "  annotation (experiment(StopTime=1, Interval=0.001));\n"
  "end FmuDirect;\n";

static SwTrajectory *
run_checked (const char *text)
{
  g_autoptr (SwModel) model = import_ok (text);

  assert_round_trip (model);
  return sw_test_run_model (model, 0, 1e-10);
}

/* a J1 w1 + b J2 w2, the momentum of two bodies, against the impulse. */
static void
assert_momentum (SwTrajectory *tr, const char *w1, const char *w2)
{
  const double *t = sw_trajectory_get_times (tr), *x = sw_test_column (tr, w1), *y = sw_test_column (tr, w2);
  double worst = 0;

  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    worst = MAX (worst, fabs (1.1 * x[r] + 2.2 * y[r] - impulse (t[r])));
  g_test_message ("%s, %s: momentum off by %.3g", w1, w2, worst);
  g_assert_cmpfloat (worst, <=, 1e-8);
}

static void
test_rotational (void)
{
  g_autofree char *text = g_strdup_printf (rot_blocks, "J=1.1", rot_a_wire);
  g_autoptr (SwTrajectory) blocks = run_checked (text);
  g_autoptr (SwTrajectory) direct = run_checked (rot_direct);

  assert_column (blocks, "directInertia_inertia.w", pair_w, 1e-9);
  assert_column (blocks, "inverseInertia_inertia.w", pair_w, 1e-9);
  assert_momentum (blocks, "inertia2a.w", "inertia2b.w");
  assert_momentum (blocks, "inertia3a.w", "inertia3b.w");
  g_assert_cmpfloat (sw_test_assert_same_run (direct, blocks, NULL, 0, 0), ==, 0);
}

static void
test_translational (void)
{
  g_autofree char *text = g_strdup_printf (trans_blocks, trans_p_wire);
  g_autoptr (SwTrajectory) blocks = run_checked (text);
  g_autoptr (SwTrajectory) direct = run_checked (trans_direct);

  assert_column (blocks, "directMass_mass.v", pair_w, 1e-9);
  assert_column (blocks, "inverseMass_mass.v", pair_w, 1e-9);
  assert_momentum (blocks, "mass2a.v", "mass2b.v");
  assert_momentum (blocks, "mass3a.v", "mass3b.v");
  g_assert_cmpfloat (sw_test_assert_same_run (direct, blocks, NULL, 0, 0), ==, 0);
}

/* SpringDamperNoRelativeStates is the SpringDamper, under its own name. */
static void
test_no_relative_states (void)
{
  static const char format[] =
    "model NoRelativeStates\n"
    "  " ROT "Components.Inertia inertia1(J=1, phi(fixed=true, start=0.1), w(fixed=true, start=0));\n"
    "  %s springDamper(c=100, d=2);\n"
    "  " ROT "Components.Fixed fixed;\n"
    "equation\n"
    "  connect(inertia1.flange_b, springDamper.flange_a);\n"
    "  connect(springDamper.flange_b, fixed.flange);\n"
    "  annotation (experiment(StopTime=1, Interval=0.01));\n"
    "end NoRelativeStates;\n";
  g_autofree char *a = g_strdup_printf (format, ROT "Examples.Utilities.SpringDamperNoRelativeStates");
  g_autofree char *b = g_strdup_printf (format, ROT "Components.SpringDamper");
  g_autoptr (SwTrajectory) ta = run_checked (a);
  g_autoptr (SwTrajectory) tb = run_checked (b);

  g_assert_cmpfloat (sw_test_assert_same_run (ta, tb, NULL, 0, 0), ==, 0);
}

/* Arrays of the blocks: each element expanded, then each one's parts. */
static void
test_arrays (void)
{
  static const char text[] =
    "model Blocks\n"
    "  Modelica.Blocks.Sources.Sine sine1(f=2, amplitude=10);\n"
    "  " ROT "Examples.Utilities.DirectInertia d[2](J={1.1, 1.1});\n"
    "  " ROT "Examples.Utilities.InverseInertia inv[2](each J=2.2);\n"
    "equation\n"
    "  connect(sine1.y, d[1].tauDrive);\n"
    "  connect(sine1.y, d[2].tauDrive);\n"
    "  connect(d.phi, inv.phi);\n"
    "  connect(d.w, inv.w);\n"
    "  connect(d.a, inv.a);\n"
    "  connect(inv.tau, d.tau);\n"
    "  annotation (experiment(StopTime=1, Interval=0.001));\n"
    "end Blocks;\n";
  g_autoptr (SwTrajectory) tr = run_checked (text);

  assert_column (tr, "d_1_inertia.w", pair_w, 1e-9);
  assert_column (tr, "inv_2_inertia.w", pair_w, 1e-9);
}

static void
test_errors (void)
{
  g_autofree char *inner = g_strdup_printf (rot_blocks, "J=1.1, inertia(J=2)", rot_a_wire);
  g_autofree char *no_a = g_strdup_printf (rot_blocks, "J=1.1", "");
  g_autofree char *bad_connector = g_strdup_printf (rot_blocks, "J=1.1",
                                                    "  connect(directInertia.y, inverseInertia.a);\n");
  g_autofree char *switched_off = NULL;
  g_autoptr (GString) off = g_string_new (trans_blocks);

  /* An output its flag switches off, still wired. */
  g_string_replace (off, "forceToPosition2a(use_pder2=false)", "forceToPosition2a(use_pder=false)", 1);
  switched_off = g_strdup_printf (off->str, trans_p_wire);

  assert_import_fails (inner, "m.mo:5:48: error: directInertia (Utilities.DirectInertia): the modifier inertia is not "
                              "supported; valid: J = value");
  assert_import_fails (no_a, "m.mo:6:67: error: inverseInertia_angleToTorque: its input a is not connected; connect it "
                             "to directInertia_torqueToAngle.a, or set use_a = false");
  assert_import_fails (bad_connector, "m.mo:23:3: error: connect (directInertia.y, inverseInertia.a): directInertia "
                                      "(Utilities.DirectInertia) has no connector directInertia.y; valid: tauDrive, "
                                      "phi, w, a, tau");
  assert_import_fails (switched_off, "m.mo:29:3: error: connect (forceToPosition2a.pder, springDamper_positionToForce1.pder): "
                                     "forceToPosition2a has no pder: its use_pder or use_pder2 is false");
}

/* MSL's FreeWheel (its two versions' parameters): driven from flange_a
 * it locks, and 3 N.m turn both bodies as one, w = 3 t / (1 + 2), off
 * by the lock's slip 2 N.m / 1e5 at most; turned back it frees, and
 * inertia2 coasts at its 5 rad/s (a drag of 1e-5 N.m s/rad) while
 * inertia1 runs back at -3 t. (It becomes a custom coupling, which the
 * export does not write as Modelica yet.) */
static const char free_wheel_model[] =
  "model F\n"
  "  " ROT "Sources.ConstantTorque torque(tau_constant=%g);\n"
  "  " ROT "Components.Inertia inertia1(J=1, " START ";\n"
  "  " ROT "Components.FreeWheel freeWheel%s;\n"
  "  " ROT "Components.Inertia inertia2(J=2, phi(fixed=true, start=0), w(fixed=true, start=%g));\n"
  "equation\n"
  "  connect(torque.flange, inertia1.flange_a);\n"
  "  connect(inertia1.flange_b, freeWheel.flange_a);\n"
  "  connect(freeWheel.flange_b, inertia2.flange_a);\n"
  "  annotation (experiment(StopTime=1, Interval=0.01));\n"
  "end F;\n";

static double locked_w (double t) { return t; }
static double coasting_w (double t) { return 5; }
static double back_w (double t) { return -3 * t; }

static void
test_free_wheel (void)
{
  static const char *const versions[] = { "", "(tauRes=1e-5, wRes=1e-5)",
                                          "(residualFriction=1e-5, torqueTransmission=1e5)" };

  for (guint v = 0; v < G_N_ELEMENTS (versions); v++)
    {
      g_autofree char *driven = g_strdup_printf (free_wheel_model, 3.0, versions[v], 0.0);
      g_autofree char *back = g_strdup_printf (free_wheel_model, -3.0, versions[v], 5.0);
      g_autoptr (SwModel) a = import_ok (driven), b = import_ok (back);
      g_autoptr (SwTrajectory) ta = sw_test_run_model (a, 0, 0), tb = sw_test_run_model (b, 0, 0);

      assert_column (ta, "inertia1.w", locked_w, 1e-4);
      assert_column (ta, "inertia2.w", locked_w, 1e-4);
      assert_column (tb, "inertia2.w", coasting_w, 1e-3);
      assert_column (tb, "inertia1.w", back_w, 1e-3);
      /* Its law, a custom coupling, is written back with its formula. */
      assert_round_trip (a);
      assert_round_trip (b);
    }
  assert_import_fails ("model F\n  " ROT "Components.FreeWheel freeWheel(tauRes=1e-5, residualFriction=1);\nend F;\n",
                       "give tauRes and wRes (MSL 4.1) or residualFriction and torqueTransmission, not both");
  assert_import_fails ("model F\n  " ROT "Components.FreeWheel freeWheel(wRes=-1);\nend F;\n",
                       "wRes = -1 is not valid; valid: a number > 0");
  assert_import_fails ("model F\n  " ROT "Components.FreeWheel freeWheel(J=1);\nend F;\n",
                       "the modifier J is not supported; valid: tauRes, wRes");
}

/* A custom coupling is exported as a component of a class Shaftwork.
 * Translational.CustomCoupling (as the other kinds the MSL lacks) with its
 * formula a string and its constants modifiers, and reads back to the same
 * formula and run: here a spring of c = 40 N/m whose preload ramps with
 * t, on 1 kg from rest at s = 0 (a fixed flange beyond: s_rel = -s). The
 * force on the mass is f = c s_rel + k t = -c s + k t, so s = k/c (t -
 * sin (w t) / w), w = sqrt (c / m). Hand-written ones that miss the
 * formula or give it otherwise are refused at their place. */
static double ramp_s (double t) { return 2.0 / 40 * (t - sin (sqrt (40.0) * t) / sqrt (40.0)); }

static void
test_custom_coupling (void)
{
  static const char shaft[] =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": [\n"
    "  {\"id\": \"law\", \"kind\": \"translational.custom_coupling\", \"params\": {\"f\": {\"expression\":\n"
    "   \"c*s_rel + k*t\", \"constants\": {\"c\": 40, \"k\": 2}}}},\n"
    "  {\"id\": \"mass\", \"kind\": \"translational.mass\", \"params\": {\"m\": 1, \"s0\": 0, \"v0\": 0}},\n"
    "  {\"id\": \"wall\", \"kind\": \"translational.fixed\"}],\n"
    " \"connections\": [{\"from\": \"mass.flange_b\", \"to\": \"law.flange_a\"},\n"
    "  {\"from\": \"law.flange_b\", \"to\": \"wall.flange\"}],\n"
    " \"simulation\": {\"stop_time\": 2, \"output_interval\": 0.01}}\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_data (shaft, -1, "law.shaft", &error);
  g_autoptr (SwTrajectory) tr = NULL;
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  tr = sw_test_run_model (model, 0, 1e-10);
  assert_column (tr, "mass.s", ramp_s, 1e-7);
  text = sw_modelica_export (model, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (text, "Shaftwork.Translational.CustomCoupling law(f=\"c*s_rel + k*t\", c=40, k=2)"));
  assert_round_trip (model);
  assert_import_fails ("model M\n  Shaftwork.Rotational.CustomCoupling law(c=1);\nend M;\n",
                       "m.mo:2:39: error: law (Shaftwork.Rotational.CustomCoupling): give its formula, tau = \"…\"");
  assert_import_fails ("model M\n  Shaftwork.Rotational.CustomCoupling law(tau=1);\nend M;\n",
                       "m.mo:2:43: error: law.tau: give the formula as a string (tau = \"c*phi_rel\")");
  assert_import_fails ("model M\n  Shaftwork.Rotational.CustomCoupling law(tau=\"c*phi_rel\", c=\"1\");\nend M;\n",
                       "m.mo:2:60: error: law.c: a constant of the formula needs a number (c = 1e4)");
  assert_import_fails ("model M\n  Shaftwork.Rotational.CustomCoupling law(tau=\"c*phi_rel + x\", c=1);\nend M;\n",
                       "m.mo:2:43: error: component “law”: parameter “tau”: at character 13 of “c*phi_rel + x”: "
                       "unknown name “x”");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/modelica-fmu-blocks/rotational", test_rotational);
  g_test_add_func ("/core/modelica-fmu-blocks/free-wheel", test_free_wheel);
  g_test_add_func ("/core/modelica-fmu-blocks/translational", test_translational);
  g_test_add_func ("/core/modelica-fmu-blocks/no-relative-states", test_no_relative_states);
  g_test_add_func ("/core/modelica-fmu-blocks/arrays", test_arrays);
  g_test_add_func ("/core/modelica-fmu-blocks/errors", test_errors);
  g_test_add_func ("/core/modelica-fmu-blocks/custom-coupling", test_custom_coupling);
  return g_test_run ();
}
