/* test-loss-power.c: lossPower, the power a dissipative element turns into
 * heat (never negative), against the energy balance: the work of the
 * sources - the change of the kinetic and potential energy = the integral
 * of lossPower, on a driven damped oscillator (rotational and
 * translational) and on an inertia braked by Coulomb friction, where the
 * heat is also the closed form 1/2 J w0^2 once it stops.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include "sw-test-run.h"

/* The balance of tr up to its end: |work - (energy - energy(0)) - heat|
 * over the largest of them; *heat_out the heat. */
static double
balance (SwTrajectory *tr, const char *const *sources, const char *const *stored, const char *const *lossy,
         double *heat_out)
{
  const double *t = sw_trajectory_get_times (tr);
  double work = 0, heat = 0, e0 = 0, worst = 0, scale = 1e-300;

  for (guint k = 0; stored[k] != NULL; k++)
    e0 += sw_test_column (tr, stored[k])[0];
  for (guint r = 1; r < sw_trajectory_get_n_rows (tr); r++)
    {
      double energy = 0, dt = t[r] - t[r - 1];

      for (guint k = 0; sources[k] != NULL; k++)
        work += 0.5 * dt * (sw_test_column (tr, sources[k])[r] + sw_test_column (tr, sources[k])[r - 1]);
      for (guint k = 0; lossy[k] != NULL; k++)
        {
          const double *p = sw_test_column (tr, lossy[k]);

          g_assert_cmpfloat (p[r], >=, 0);
          heat += 0.5 * dt * (p[r] + p[r - 1]);
        }
      for (guint k = 0; stored[k] != NULL; k++)
        energy += sw_test_column (tr, stored[k])[r];
      scale = MAX (scale, MAX (fabs (work), MAX (heat, fabs (energy))));
      worst = MAX (worst, fabs (work - (energy - e0) - heat));
    }
  *heat_out = heat;
  return worst / scale;
}

/* A 10 N.m sine at 3 Hz on J = 1 held by a spring-damper (c = 100, d = 2)
 * and a damper (d = 1) to the ground; the same in translation. */
static void
test_damped_oscillator (void)
{
  static const char *const domains[][6] = {
    { "rotational", "torque", "tau", "inertia", "J", "w0" }, { "translational", "force", "f", "mass", "m", "v0" },
  };

  for (guint d = 0; d < G_N_ELEMENTS (domains); d++)
    {
      const char *dom = domains[d][0];
      g_autofree char *text = g_strdup_printf (
        "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
        "{\"id\": \"src\", \"kind\": \"%s.%s\", \"params\": {\"%s\": {\"sine\": {\"amplitude\": 10, \"f\": 3}}}},"
        "{\"id\": \"body\", \"kind\": \"%s.%s\", \"params\": {\"%s\": 1, \"%s\": 0}},"
        "{\"id\": \"sd\", \"kind\": \"%s.spring_damper\", \"params\": {\"c\": 100, \"d\": 2}},"
        "{\"id\": \"damper\", \"kind\": \"%s.damper\", \"params\": {\"d\": 1}},"
        "{\"id\": \"ground\", \"kind\": \"%s.fixed\"}],"
        "\"connections\": [{\"from\": \"src.flange\", \"to\": \"body.flange_a\"},"
        "{\"from\": \"body.flange_b\", \"to\": \"sd.flange_b\"}, {\"from\": \"sd.flange_a\", \"to\": \"ground.flange\"},"
        "{\"from\": \"body.flange_b\", \"to\": \"damper.flange_b\"}, {\"from\": \"damper.flange_a\", \"to\": \"ground.flange\"}],"
        "\"simulation\": {\"stop_time\": 3, \"output_interval\": 1e-4}}",
        dom, domains[d][1], domains[d][2], dom, domains[d][3], domains[d][4], domains[d][5], dom, dom, dom);
      g_autoptr (SwTrajectory) tr = NULL;
      const char *const sources[] = { "src.power", NULL };
      const char *const stored[] = { "body.energy", "sd.energy", NULL };
      const char *const lossy[] = { "sd.lossPower", "damper.lossPower", NULL };
      double heat, off;

      tr = sw_test_run_text (text, 0, 1e-10);
      off = balance (tr, sources, stored, lossy, &heat);
      g_test_message ("%s oscillator: %.6g J of heat, balance off by %.3g of the largest", dom, heat, off);
      g_assert_cmpfloat (heat, >, 1);
      g_assert_cmpfloat (off, <, 1e-6);
    }
}

/* J = 2 from 10 rad/s, a brake (cgeo 1, mue 0.5, fn 4 N: 2 N.m) and
 * bearing friction (1 N.m): 3 N.m of Coulomb friction stop it at 20/3 s;
 * the heat is then 1/2 J w0^2 = 100 J, each element's share its torque's
 * (2/3 and 1/3), and lossPower = tau w on the way. */
static void
test_braking_inertia (void)
{
  static const char text[] =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
    "{\"id\": \"body\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 2, \"w0\": 10}},"
    "{\"id\": \"brake\", \"kind\": \"rotational.brake\", \"params\": {\"fn_max\": 4}},"
    "{\"id\": \"bearing\", \"kind\": \"rotational.bearing_friction\"}],"
    "\"connections\": [{\"from\": \"body.flange_b\", \"to\": \"brake.flange_a\"},"
    "{\"from\": \"brake.flange_b\", \"to\": \"bearing.flange_a\"}],"
    "\"simulation\": {\"stop_time\": 8, \"output_interval\": 1e-3}}";
  g_autoptr (SwTrajectory) tr = sw_test_run_text (text, 0, 1e-10);
  const char *const none[] = { NULL };
  const char *const stored[] = { "body.energy", NULL };
  const char *const brake[] = { "brake.lossPower", NULL }, *const bearing[] = { "bearing.lossPower", NULL };
  const char *const both[] = { "brake.lossPower", "bearing.lossPower", NULL };
  const double *t = sw_trajectory_get_times (tr), *w = sw_test_column (tr, "body.w");
  const double *loss = sw_test_column (tr, "brake.lossPower");
  double heat, heat_brake, heat_bearing, off;

  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    if (t[r] < 20.0 / 3 - 1e-6)
      {
        g_assert_cmpfloat_with_epsilon (w[r], 10 - 1.5 * t[r], 1e-8);
        g_assert_cmpfloat_with_epsilon (loss[r], 2 * w[r], 1e-8);
      }
    else if (t[r] > 20.0 / 3 + 1e-6)
      {
        g_assert_cmpfloat (w[r], ==, 0);
        g_assert_cmpfloat (loss[r], ==, 0);
      }
  off = balance (tr, none, stored, both, &heat);
  balance (tr, none, stored, brake, &heat_brake);
  balance (tr, none, stored, bearing, &heat_bearing);
  g_test_message ("braking: %.9g J of heat (brake %.9g, bearing %.9g), balance off by %.3g", heat, heat_brake,
                  heat_bearing, off);
  g_assert_cmpfloat (off, <, 1e-6);
  g_assert_cmpfloat_with_epsilon (heat, 100, 1e-9);
  g_assert_cmpfloat_with_epsilon (heat_brake, 200.0 / 3, 1e-9);
  g_assert_cmpfloat_with_epsilon (heat_bearing, 100.0 / 3, 1e-9);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/kinds/loss-power/damped-oscillator", test_damped_oscillator);
  g_test_add_func ("/kinds/loss-power/braking-inertia", test_braking_inertia);
  return g_test_run ();
}
