/* test-msl-independent-names.c: the signals the MSL's own regression
 * compares (the comparisonSignals.txt of Modelica/Resources/Reference for
 * the examples without reference results here) are columns of the run,
 * under the same names.
 *
 * Names of what the import makes into other parts are observed variables
 * under the model's own names: GenerationOfFMUs' directInertia.inertia.phi
 * (the component directInertia_inertia) and EddyCurrentBrake's
 * heatCapacitor.T (the brake's own thermal mass, eddyCurrentTorque.TheatPort).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "test-msl-independent-common.h"

typedef struct {
  const char *folder, *file;
  const char *names[18];
} Listed;

static const Listed listed[] = {
  { "Rotational", "GenerationOfFMUs.mo",
    { "inertia2a.phi", "inertia2a.w", "inertia2b.phi", "inertia2b.w", "inertia3a.phi", "inertia3a.w", "inertia3b.phi",
      "inertia3b.w", "directInertia.inertia.phi", "directInertia.inertia.w" } },
  { "Rotational", "DemoFreeWheel.mo", { "inertia1.w", "inertia2.w", "freeWheel.w_rel", "freeWheel.tau" } },
  { "Rotational", "ElasticBearing.mo",
    { "load.phi", "load.w", "shaft.phi", "shaft.w", "springDamper.phi_rel", "springDamper.w_rel" } },
  { "Rotational", "LossyGearDemo2.mo", { "Inertia2.phi", "Inertia2.w", "bearingFriction.mode", "gear.mode" } },
  { "Rotational", "SimpleGearShift.mo",
    { "clutch.phi_rel", "clutch.w_rel", "engine.phi", "engine.w", "load.phi", "load.w", "brake.mode", "clutch.mode" } },
  { "Rotational", "CoupledClutches.mo",
    { "J1.phi", "J1.w", "clutch1.phi_rel", "clutch1.w_rel", "clutch2.phi_rel", "clutch2.w_rel", "clutch3.phi_rel",
      "clutch3.w_rel", "clutch1.mode", "clutch2.mode", "clutch3.mode" } },
  { "Rotational", "OneWayClutchDisengaged.mo",
    { "inertiaIn.phi", "inertiaIn.w", "oneWayClutch.phi_rel", "oneWayClutch.w_rel" } },
  { "Rotational", "HeatLosses.mo",
    { "clutch.phi_rel", "clutch.w_rel", "damper.phi_rel", "damper.w_rel", "elastoBacklash.phi_rel",
      "elastoBacklash.w_rel", "inertia5.phi", "inertia5.w", "oneWayClutch.phi_rel", "oneWayClutch.w_rel",
      "springDamper.phi_rel", "springDamper.w_rel", "bearingFriction.mode", "brake.mode", "clutch.mode",
      "lossyGear.mode", "oneWayClutch.stuck" } },
  { "Rotational", "EddyCurrentBrake.mo", { "inertia.phi", "eddyCurrentTorque.lossPower", "heatCapacitor.T" } },
  { "Rotational", "CompareBrakingTorque.mo", { "inertia1.w", "inertia2.w", "inertia3.w", "inertia4.w" } },
  { "Translational", "Vehicle.mo", { "vehicle.s", "vehicle.v", "vehicle1.s", "vehicle1.v", "trailer.s", "trailer.v" } },
  { "Translational", "EddyCurrentBrake.mo", { "mass.s", "eddyCurrentForce.lossPower", "heatCapacitor.T" } },
  { "Translational", "HeatLosses.mo",
    { "damper.s_rel", "damper.v_rel", "massWithStopAndFriction.s", "massWithStopAndFriction.v", "springDamper.s_rel",
      "springDamper.v_rel", "springDamper1.s_rel", "springDamper1.v_rel", "brake.mode",
      "massWithStopAndFriction.mode", "supportFriction.mode" } },
  { "Translational", "Brake.mo",
    { "mass1.s", "mass1.v", "mass2.s", "mass2.v", "brake.mode", "brake.startBackward", "brake.startForward",
      "brake1.mode", "brake1.startBackward", "brake1.startForward" } },
  { "Translational", "Accelerate.mo", { "accelerate.s", "accelerate.v" } },
  { "Translational", "InitialConditions.mo",
    { "m1.s", "m1.v", "m3.s", "m3.v", "sd1.s_rel", "sd1.v_rel", "sd2.s_rel", "sd2.v_rel" } },
  { "Translational", "WhyArrows.mo", { "inertia2.s", "inertia2.v", "mass1.s", "mass1.v" } },
  { "Translational", "CompareBrakingForce.mo", { "mass1.v", "mass2.v", "mass3.v", "mass4.v" } },
};

static gboolean
has_column (SwTrajectory *tr, const char *name)
{
  for (guint c = 0; c < sw_trajectory_get_n_columns (tr); c++)
    if (strcmp (sw_trajectory_get_column_name (tr, c), name) == 0)
      return TRUE;
  return FALSE;
}

static void
test_comparison_signals (void)
{
  for (guint k = 0; k < G_N_ELEMENTS (listed); k++)
    {
      g_autoptr (SwTrajectory) tr = msl_run (listed[k].folder, listed[k].file, 0);

      for (guint s = 0; s < G_N_ELEMENTS (listed[k].names) && listed[k].names[s] != NULL; s++)
        {
          if (!has_column (tr, listed[k].names[s]))
            g_error ("%s/%s: no column %s", listed[k].folder, listed[k].file, listed[k].names[s]);
          /* Each a value at every row. */
          for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
            g_assert_true (isfinite (sw_test_column (tr, listed[k].names[s])[r]));
        }
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/modelica/msl-independent/comparison-signals", test_comparison_signals);
  return g_test_run ();
}
