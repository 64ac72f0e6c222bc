/* test-modal-friction.c: modes, frequency responses and Campbell diagrams
 * of drivetrains with friction, in the friction state chosen (operating,
 * locked, open, engaged), against closed forms.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <complex.h>
#include <math.h>
#include <string.h>
#include <glib.h>

#include "sw-campbell.h"
#include "sw-error.h"
#include "sw-frf.h"
#include "sw-model.h"
#include "sw-modes.h"
#include "sw-simulate.h"
#include "sw-system.h"
#include "sw-test-clutch.h"

static SwSystem *
assemble (const char *json)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_data (json, -1, "friction.shaft", &error);
  SwSystem *sys;

  g_assert_no_error (error);
  sys = sw_model_assemble (model, &error);
  g_assert_no_error (error);
  return sys;
}

static SwModes *
modes_in (const SwSystem *sys, SwLinearFriction friction)
{
  g_autoptr (GError) error = NULL;
  SwModesOptions o = sw_modes_options_default ();
  SwModes *modes;

  o.friction = friction;
  modes = sw_modes_compute_with_options (sys, 0, NULL, &o, &error);
  g_assert_no_error (error);
  g_assert_true (sw_modes_get_friction (modes) == friction);
  return modes;
}

static double complex
response (const SwTrajectory *tr, guint row)
{
  return sw_trajectory_get_column (tr, 2)[row] + I * sw_trajectory_get_column (tr, 3)[row];
}

#define CLUTCH_MODEL SW_TEST_CLUTCH_MODEL
#define COULOMB SW_TEST_COULOMB

/* Stuck (engaged at rest: operating, or locked whatever the normal force),
 * the clutch is rigid: one body of 5 kg.m2 on the spring, omega =
 * sqrt (600 / 5). Open, the two sides are independent: J1 free (a
 * rigid-body mode) and J2 alone on the spring, sqrt (600 / 3); Coulomb
 * friction sliding adds no damping. */
static void
test_clutch_modes (void)
{
  static const struct {
    const char      *f_normalized;
    SwLinearFriction friction;
    gboolean         stuck;
  } cases[] = {
    { "1", SW_LINEAR_FRICTION_OPERATING, TRUE },
    { "1", SW_LINEAR_FRICTION_LOCKED, TRUE },
    { "0", SW_LINEAR_FRICTION_LOCKED, TRUE },
    { "1", SW_LINEAR_FRICTION_OPEN, FALSE },
    { "0", SW_LINEAR_FRICTION_OPERATING, FALSE },
    { "0", SW_LINEAR_FRICTION_OPEN, FALSE },
  };

  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      g_autofree char *text = NULL;
      g_autoptr (SwSystem) sys = NULL;
      g_autoptr (SwModes) modes = NULL;

      text = g_strdup_printf (CLUTCH_MODEL ("%s", COULOMB), cases[k].f_normalized);
      sys = assemble (text);
      modes = modes_in (sys, cases[k].friction);
      g_assert_null (sw_modes_get_note (modes));
      if (cases[k].stuck)
        {
          g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 1);
          g_assert_cmpfloat_with_epsilon (sw_modes_get_mode (modes, 0)->omega_rad_s, sqrt (600.0 / 5), 1e-9);
        }
      else
        {
          const SwMode *m0, *m1;

          g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 2);
          m0 = sw_modes_get_mode (modes, 0);
          m1 = sw_modes_get_mode (modes, 1);
          g_assert_true (m0->rigid_body);
          g_assert_cmpfloat (m0->frequency_hz, ==, 0);
          /* Its motion is J1's alone. */
          g_assert_cmpfloat_with_epsilon (m0->kinetic_energy_percent[0], 100, 1e-9);
          g_assert_false (m1->rigid_body);
          g_assert_cmpfloat_with_epsilon (m1->omega_rad_s, sqrt (600.0 / 3), 1e-9);
          g_assert_cmpfloat_with_epsilon (m1->damping_ratio, 0, 1e-12);
          g_assert_cmpfloat_with_epsilon (m1->kinetic_energy_percent[1], 100, 1e-9);
        }
    }
}

/* Open, a clutch sliding with a friction coefficient that rises with the
 * speed (0.5 + 0.1 w) is a damper of fn_max cgeo 0.1 = 10 N.m.s/rad
 * between its flanges: its damped eigenvalues are those of the same
 * drivetrain with that damper in its place. */
static void
test_sliding_clutch_is_damper (void)
{
  static const char damper[] =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
    "{\"id\": \"J1\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 2}},"
    "{\"id\": \"d\", \"kind\": \"rotational.damper\", \"params\": {\"d\": 10}},"
    "{\"id\": \"J2\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 3}},"
    "{\"id\": \"spring\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 600}},"
    "{\"id\": \"ground\", \"kind\": \"rotational.fixed\"}],"
    "\"connections\": [{\"from\": \"J1.flange_b\", \"to\": \"d.flange_a\"}, {\"from\": \"d.flange_b\", \"to\": \"J2.flange_a\"},"
    "{\"from\": \"J2.flange_b\", \"to\": \"spring.flange_a\"}, {\"from\": \"spring.flange_b\", \"to\": \"ground.flange\"}]}";
  g_autoptr (SwSystem) sys = assemble (CLUTCH_MODEL ("1", "[[0, 0.5], [1, 0.6], [10, 1.5]]"));
  g_autoptr (SwSystem) ref = assemble (damper);
  g_autoptr (SwModes) open = modes_in (sys, SW_LINEAR_FRICTION_OPEN);
  g_autoptr (SwModes) expect = modes_in (ref, SW_LINEAR_FRICTION_OPERATING);
  double scale = 0;

  g_assert_cmpuint (sw_modes_get_n_eigenvalues (open), ==, sw_modes_get_n_eigenvalues (expect));
  for (guint k = 0; k < sw_modes_get_n_eigenvalues (expect); k++)
    {
      double re, im;

      sw_modes_get_eigenvalue (expect, k, &re, &im);
      scale = MAX (scale, hypot (re, im));
    }
  for (guint k = 0; k < sw_modes_get_n_eigenvalues (expect); k++)
    {
      double re0, im0, re1, im1;

      sw_modes_get_eigenvalue (expect, k, &re0, &im0);
      sw_modes_get_eigenvalue (open, k, &re1, &im1);
      g_assert_cmpfloat (hypot (re1 - re0, im1 - im0), <=, 1e-6 * scale);
    }
  /* The elastic mode is damped. */
  g_assert_cmpfloat (sw_modes_get_mode (open, 1)->damping_ratio, >, 0.01);
}

/* A brake engaged at rest between J2 and the ground holds J2: J1 (2) on a
 * spring c = 800 to J2 is J1 on a spring to the ground, omega = sqrt
 * (800 / 2), and the same frequency response. Released, J1 and J2 turn
 * freely on the spring: a rigid mode and sqrt (800 (1/2 + 1/3)). */
static void
test_engaged_brake_is_fixed (void)
{
  static const char text[] =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
    "{\"id\": \"drive\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": 0}},"
    "{\"id\": \"J1\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 2, \"phi0\": 0, \"w0\": 0}},"
    "{\"id\": \"spring\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 800}},"
    "{\"id\": \"J2\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 3, \"phi0\": 0, \"w0\": 0}},"
    "{\"id\": \"brake\", \"kind\": \"rotational.brake\", \"params\": {\"fn_max\": 100, \"f_normalized\": 1}}],"
    "\"connections\": [{\"from\": \"drive.flange\", \"to\": \"J1.flange_a\"},"
    "{\"from\": \"J1.flange_b\", \"to\": \"spring.flange_a\"}, {\"from\": \"spring.flange_b\", \"to\": \"J2.flange_a\"},"
    "{\"from\": \"J2.flange_b\", \"to\": \"brake.flange_a\"}]}";
  g_autoptr (SwSystem) sys = assemble (text);
  g_autoptr (SwModes) held = modes_in (sys, SW_LINEAR_FRICTION_OPERATING);
  g_autoptr (SwModes) open = modes_in (sys, SW_LINEAR_FRICTION_OPEN);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwTrajectory) tr = NULL;
  SwFrfOptions o = sw_frf_options_default ();

  g_assert_cmpuint (sw_modes_get_n_modes (held), ==, 1);
  g_assert_cmpfloat_with_epsilon (sw_modes_get_mode (held, 0)->omega_rad_s, 20, 1e-9);
  g_assert_cmpuint (sw_modes_get_n_modes (open), ==, 2);
  g_assert_true (sw_modes_get_mode (open, 0)->rigid_body);
  g_assert_cmpfloat_with_epsilon (sw_modes_get_mode (open, 1)->omega_rad_s, sqrt (800 * (1 / 2.0 + 1 / 3.0)), 1e-9);

  o.from_hz = 0.1;
  o.to_hz = 100;
  o.n_points = 40;
  tr = sw_frf_compute (sys, "drive", "J1.phi", &o, &error);
  g_assert_no_error (error);
  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    {
      double w = 2 * G_PI * sw_trajectory_get_times (tr)[r];
      g_assert_cmpfloat (cabs (1 / response (tr, r) - (800 - 2 * w * w)), <=, 1e-9 * (800 + 2 * w * w));
    }
}

/* A driveline in gear: J1 (2) - clutch (open at the operating point) - J2
 * (3) - spring c = 600 - ground, with a brake holding J1. Engaged, the
 * clutch is rigid and the brake released: one body of 5 kg.m2 on the
 * spring, omega = sqrt (600 / 5), and J2.phi / drive = 1 / (600 - 5 w^2).
 * Locked, the brake clamps everything (no mode); open, J1 turns freely and
 * J2 swings alone, sqrt (600 / 3). A one-way clutch in the clutch's place
 * is engaged the same way. */
static void
test_engaged_clutch_brake_free (void)
{
  static const char *const couplings[] = {
    "\"rotational.clutch\", \"params\": {\"fn_max\": 100, \"f_normalized\": 0}",
    "\"rotational.one_way_clutch\", \"params\": {\"fn_max\": 100, \"f_normalized\": 0}",
  };

  for (guint k = 0; k < G_N_ELEMENTS (couplings); k++)
    {
      g_autofree char *text = g_strdup_printf (
        "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
        "{\"id\": \"drive\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": 0}},"
        "{\"id\": \"J1\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 2, \"phi0\": 0, \"w0\": 0}},"
        "{\"id\": \"brake\", \"kind\": \"rotational.brake\", \"params\": {\"fn_max\": 100, \"f_normalized\": 1}},"
        "{\"id\": \"clutch\", \"kind\": %s},"
        "{\"id\": \"J2\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 3, \"phi0\": 0, \"w0\": 0}},"
        "{\"id\": \"spring\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 600}},"
        "{\"id\": \"ground\", \"kind\": \"rotational.fixed\"}],"
        "\"connections\": [{\"from\": \"drive.flange\", \"to\": \"J1.flange_a\"},"
        "{\"from\": \"J1.flange_b\", \"to\": \"brake.flange_a\"}, {\"from\": \"brake.flange_b\", \"to\": \"clutch.flange_a\"},"
        "{\"from\": \"clutch.flange_b\", \"to\": \"J2.flange_a\"}, {\"from\": \"J2.flange_b\", \"to\": \"spring.flange_a\"},"
        "{\"from\": \"spring.flange_b\", \"to\": \"ground.flange\"}]}", couplings[k]);
      g_autoptr (SwSystem) sys = assemble (text);
      g_autoptr (SwModes) engaged = modes_in (sys, SW_LINEAR_FRICTION_ENGAGED);
      g_autoptr (SwModes) locked = modes_in (sys, SW_LINEAR_FRICTION_LOCKED);
      g_autoptr (SwModes) open = modes_in (sys, SW_LINEAR_FRICTION_OPEN);
      g_autoptr (SwTrajectory) tr = NULL;
      g_autoptr (GError) error = NULL;
      SwFrfOptions o = sw_frf_options_default ();

      g_test_message ("%s", couplings[k]);
      g_assert_cmpuint (sw_modes_get_n_modes (engaged), ==, 1);
      g_assert_cmpfloat_with_epsilon (sw_modes_get_mode (engaged, 0)->omega_rad_s, sqrt (600.0 / 5), 1e-9);
      g_assert_cmpfloat_with_epsilon (sw_modes_get_mode (engaged, 0)->kinetic_energy_percent[0], 40, 1e-6);
      g_assert_cmpuint (sw_modes_get_n_modes (locked), ==, 0);
      g_assert_cmpuint (sw_modes_get_n_modes (open), ==, 2);
      g_assert_true (sw_modes_get_mode (open, 0)->rigid_body);
      g_assert_cmpfloat_with_epsilon (sw_modes_get_mode (open, 1)->omega_rad_s, sqrt (600.0 / 3), 1e-9);

      o.from_hz = 0.1;
      o.to_hz = 100;
      o.n_points = 40;
      o.friction = SW_LINEAR_FRICTION_ENGAGED;
      tr = sw_frf_compute (sys, "drive", "J2.phi", &o, &error);
      g_assert_no_error (error);
      g_assert_false (sw_frf_is_zero (tr));
      for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
        {
          double w = 2 * G_PI * sw_trajectory_get_times (tr)[r];
          g_assert_cmpfloat (cabs (1 / response (tr, r) - (600 - 5 * w * w)), <=, 1e-9 * (600 + 5 * w * w));
        }
    }
}

/* Frequency responses of the clutch drivetrain. Locked, the torque on J1
 * moves J1 + J2 on the spring: J2.phi / drive = 1 / (600 - 5 w^2). Open,
 * J2 does not feel it, and a torque on J2 sees J2 alone: 1 / (600 - 3 w^2).
 * Before this, a frequency response refused any clutch. */
static void
test_clutch_frf (void)
{
  g_autoptr (SwSystem) sys = assemble (CLUTCH_MODEL ("1", COULOMB));
  SwFrfOptions o = sw_frf_options_default ();
  static const struct {
    SwLinearFriction friction;
    const char      *input;
    double           J;   /* 0: no response */
  } cases[] = {
    { SW_LINEAR_FRICTION_OPERATING, "drive", 5 },
    { SW_LINEAR_FRICTION_LOCKED, "drive", 5 },
    { SW_LINEAR_FRICTION_OPEN, "J2", 3 },
    { SW_LINEAR_FRICTION_OPEN, "drive", 0 },
  };

  o.from_hz = 0.1;
  o.to_hz = 100;
  o.n_points = 40;
  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (SwTrajectory) tr = NULL;

      o.friction = cases[k].friction;
      tr = sw_frf_compute (sys, cases[k].input, "J2.phi", &o, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (sw_trajectory_get_n_rows (tr), >=, 40);
      for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
        {
          double w = 2 * G_PI * sw_trajectory_get_times (tr)[r];

          if (cases[k].J == 0)
            g_assert_cmpfloat (cabs (response (tr, r)), <=, 1e-12);
          else
            {
              /* The dynamic stiffness (the response itself is unbounded
               * at the undamped resonance, which the grid closes in on). */
              g_assert_cmpfloat (cabs (1 / response (tr, r) - (600 - cases[k].J * w * w)), <=,
                                 1e-9 * (600 + cases[k].J * w * w));
            }
        }
    }
}

/* A torque on J1 (2) at 1 rad/s drives J2 (3, on a spring c = 1000 to the
 * ground) through a lossy gear of ratio i = 2 (phi1 = i phi2) and mesh
 * efficiencies eta_mf1 = 0.8, eta_mf2 = 0.6. Rolling forward, the gear
 * passes J2 the torque i eta tau_1 where tau_1 is what J1 puts in: eta =
 * eta_mf1 with the input driving (torque > 0), 1 / eta_mf2 with the output
 * driving (torque < 0). Then
 *   J1 s^2 phi1 = T - tau_1,  J2 s^2 phi2 = i eta tau_1 - c phi2,
 * so phi1 / T = eta i^2 / (c - w^2 (J2 + eta i^2 J1)): a static compliance
 * of eta i^2 / c and a resonance at sqrt (c / (J2 + eta i^2 J1)), where the
 * ideal gear (the symmetric part) has sqrt (c / (J2 + i^2 J1)). */
static void
test_lossy_gear_rolling (void)
{
  static const struct {
    double torque, eta;
  } cases[] = { { 10, 0.8 }, { -10, 1 / 0.6 } };

  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      g_autofree char *text = g_strdup_printf (
        "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
        "{\"id\": \"drive\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": %g}},"
        "{\"id\": \"J1\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 2, \"phi0\": 0, \"w0\": 1}},"
        "{\"id\": \"gear\", \"kind\": \"rotational.lossy_gear\", \"params\": {\"ratio\": 2, "
        "\"lossTable\": [[0, 0.8, 0.6, 0, 0]]}},"
        "{\"id\": \"J2\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 3}},"
        "{\"id\": \"spring\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 1000}},"
        "{\"id\": \"ground\", \"kind\": \"rotational.fixed\"}],"
        "\"connections\": [{\"from\": \"drive.flange\", \"to\": \"J1.flange_a\"},"
        "{\"from\": \"J1.flange_b\", \"to\": \"gear.flange_a\"}, {\"from\": \"gear.flange_b\", \"to\": \"J2.flange_a\"},"
        "{\"from\": \"J2.flange_b\", \"to\": \"spring.flange_a\"}, {\"from\": \"spring.flange_b\", \"to\": \"ground.flange\"}]}",
        cases[k].torque);
      g_autoptr (SwSystem) sys = assemble (text);
      g_autoptr (SwModes) modes = modes_in (sys, SW_LINEAR_FRICTION_OPERATING);
      g_autoptr (SwTrajectory) tr = NULL;
      g_autoptr (GError) error = NULL;
      SwFrfOptions o = sw_frf_options_default ();
      double eta = cases[k].eta, i2 = 4, wd = sqrt (1000 / (3 + eta * i2 * 2));
      const SwMode *m;

      g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 1);
      m = sw_modes_get_mode (modes, 0);
      g_assert_nonnull (sw_modes_get_note (modes));
      g_assert_nonnull (strstr (sw_modes_get_note (modes), "gear"));
      g_assert_cmpfloat_with_epsilon (m->omega_rad_s, sqrt (1000 / (3 + i2 * 2)), 1e-9);
      g_assert_true (m->has_damped);
      g_assert_cmpfloat_with_epsilon (m->damped_frequency_hz, wd / (2 * G_PI), 1e-7 * wd);
      g_assert_cmpfloat_with_epsilon (m->damping_ratio, 0, 1e-9);
      g_assert_cmpfloat_with_epsilon (m->energy_balance_error, 0, 1e-6);

      o.from_hz = 1e-4;
      o.to_hz = 100;
      o.n_points = 60;
      tr = sw_frf_compute (sys, "drive", "J1.phi", &o, &error);
      g_assert_no_error (error);
      /* The static compliance (at 1e-4 Hz, 4e-9 above it), then every
       * frequency. */
      {
        double w0 = 2 * G_PI * sw_trajectory_get_times (tr)[0], static_c = eta * i2 / 1000;
        double at_w0 = eta * i2 / (1000 - w0 * w0 * (3 + eta * i2 * 2));

        g_test_message ("lossy gear, torque %g: compliance %.15g at %g Hz, closed form %.15g (static %.15g)",
                        cases[k].torque, creal (response (tr, 0)), w0 / (2 * G_PI), at_w0, static_c);
        g_assert_cmpfloat_with_epsilon (creal (response (tr, 0)), at_w0, 1e-10 * static_c);
        g_assert_cmpfloat_with_epsilon (creal (response (tr, 0)), static_c, 1e-8 * static_c);
      }
      for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
        {
          double w = 2 * G_PI * sw_trajectory_get_times (tr)[r];
          double stiffness = (1000 - w * w * (3 + eta * i2 * 2)) / (eta * i2);

          g_assert_cmpfloat (cabs (1 / response (tr, r) - stiffness), <=, 1e-8 * (1000 + w * w * 11) / (eta * i2));
        }
    }
}

/* A lossy gear at a standstill (no torque: stuck, as Modelica's LossyGear
 * starts) behind a clutch: J1 (2) - clutch - J2 (0.5) - gear (i = 3, eta
 * 0.9, bearing friction 0.4) - spring c = 900 - J3 (4) - brake. Operating,
 * the gear holds J2 and the drivetrain still: no modes, and a note says
 * why. Locked (clutch and
 * brake stuck), the gear rolls without losses: J1 + J2 against the spring
 * through i, omega^2 = c / (i^2 (J1 + J2)). Open (the brake too): J1 and
 * the rest turn freely (two rigid-body modes), and J2 swings against J3
 * through the spring, omega^2 = c (1 / (i^2 J2) + 1 / J3). Each says
 * in its note that the gear was at rest. */
static void
test_lossy_gear_at_rest (void)
{
  static const char *text =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
    "{\"id\": \"J1\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 2, \"phi0\": 0, \"w0\": 0}},"
    "{\"id\": \"clutch\", \"kind\": \"rotational.clutch\", \"params\": {\"fn_max\": 100, \"mue_pos\": [[0, 0.5]], "
    "\"f_normalized\": 1}},"
    "{\"id\": \"J2\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.5, \"phi0\": 0, \"w0\": 0}},"
    "{\"id\": \"gear\", \"kind\": \"rotational.lossy_gear\", \"params\": {\"ratio\": 3, "
    "\"lossTable\": [[0, 0.9, 0.9, 0.4, 0.4]]}},"
    "{\"id\": \"spring\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 900}},"
    "{\"id\": \"J3\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 4, \"phi0\": 0, \"w0\": 0}},"
    "{\"id\": \"brake\", \"kind\": \"rotational.brake\", \"params\": {\"fn_max\": 100, \"mue_pos\": [[0, 0.5]], "
    "\"f_normalized\": 1}},"
    "{\"id\": \"ground\", \"kind\": \"rotational.fixed\"}],"
    "\"connections\": [{\"from\": \"J1.flange_b\", \"to\": \"clutch.flange_a\"},"
    "{\"from\": \"clutch.flange_b\", \"to\": \"J2.flange_a\"}, {\"from\": \"J2.flange_b\", \"to\": \"gear.flange_a\"},"
    "{\"from\": \"gear.flange_b\", \"to\": \"spring.flange_a\"}, {\"from\": \"spring.flange_b\", \"to\": \"J3.flange_a\"},"
    "{\"from\": \"J3.flange_b\", \"to\": \"brake.flange_a\"}, {\"from\": \"brake.support\", \"to\": \"ground.flange\"},"
    "{\"from\": \"gear.support\", \"to\": \"ground.flange\"}]}";
  g_autoptr (SwSystem) sys = assemble (text);
  g_autoptr (SwModes) operating = modes_in (sys, SW_LINEAR_FRICTION_OPERATING);
  g_autoptr (SwModes) locked = modes_in (sys, SW_LINEAR_FRICTION_LOCKED);
  g_autoptr (SwModes) open = modes_in (sys, SW_LINEAR_FRICTION_OPEN);
  g_autoptr (SwModes) engaged = modes_in (sys, SW_LINEAR_FRICTION_ENGAGED);
  double i2 = 9, w_locked = sqrt (900 / (i2 * 2.5)), w_open = sqrt (900 * (1 / (i2 * 0.5) + 1 / 4.0));
  double w_engaged = sqrt (900 * (1 / (i2 * 2.5) + 1 / 4.0));
  const SwMode *elastic = NULL;

  g_assert_cmpuint (sw_modes_get_n_modes (operating), ==, 0);
  g_assert_cmpuint (sw_modes_get_n_modes (locked), ==, 1);
  g_assert_cmpfloat_with_epsilon (sw_modes_get_mode (locked, 0)->omega_rad_s, w_locked, 1e-10 * w_locked);
  g_assert_nonnull (sw_modes_get_note (locked));
  g_assert_nonnull (strstr (sw_modes_get_note (locked), "“gear” at rest"));
  g_assert_cmpuint (sw_modes_get_n_modes (open), ==, 3);
  for (guint k = 0; k < 3; k++)
    if (!sw_modes_get_mode (open, k)->rigid_body)
      elastic = sw_modes_get_mode (open, k);
  g_assert_nonnull (elastic);
  g_assert_cmpfloat_with_epsilon (elastic->omega_rad_s, w_open, 1e-10 * w_open);
  g_assert_nonnull (strstr (sw_modes_get_note (open), "“gear” at rest"));
  g_assert_nonnull (strstr (sw_modes_get_note (operating), "no body can move"));
  /* Engaged (the clutch stuck, the brake released): J1 + J2 through the
   * gear against J3 on the spring, and the whole turning freely. */
  g_assert_cmpuint (sw_modes_get_n_modes (engaged), ==, 2);
  g_assert_true (sw_modes_get_mode (engaged, 0)->rigid_body);
  g_assert_cmpfloat_with_epsilon (sw_modes_get_mode (engaged, 1)->omega_rad_s, w_engaged, 1e-10 * w_engaged);
  g_assert_nonnull (strstr (sw_modes_get_note (engaged), "“gear” at rest"));
}

/* Campbell diagram of J1 (2) - clutch - J2 (3) - spring c = 900 - J3 (4),
 * free to turn: engaged (operating, or chosen) or locked, one elastic mode at
 * omega^2 = c (1 / (J1 + J2) + 1 / J3) at every speed; open, J1 turns on
 * its own and the elastic mode is J2 against J3: c (1 / J2 + 1 / J3). The
 * order line 1x crosses it at 60 f rpm. */
static void
test_campbell_locked_clutch (void)
{
  static const char *const engaged[] = { "1", "0" };

  for (guint e = 0; e < G_N_ELEMENTS (engaged); e++)
    for (SwLinearFriction friction = SW_LINEAR_FRICTION_OPERATING; friction <= SW_LINEAR_FRICTION_LAST; friction++)
      {
        g_autofree char *text = g_strdup_printf (
          "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
          "{\"id\": \"J1\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 2, \"phi0\": 0, \"w0\": 0}},"
          "{\"id\": \"clutch\", \"kind\": \"rotational.clutch\", \"params\": {\"fn_max\": 100, \"f_normalized\": %s}},"
          "{\"id\": \"J2\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 3, \"phi0\": 0, \"w0\": 0}},"
          "{\"id\": \"spring\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 900}},"
          "{\"id\": \"J3\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 4, \"phi0\": 0, \"w0\": 0}}],"
          "\"connections\": [{\"from\": \"J1.flange_b\", \"to\": \"clutch.flange_a\"},"
          "{\"from\": \"clutch.flange_b\", \"to\": \"J2.flange_a\"}, {\"from\": \"J2.flange_b\", \"to\": \"spring.flange_a\"},"
          "{\"from\": \"spring.flange_b\", \"to\": \"J3.flange_a\"}]}", engaged[e]);
        g_autoptr (SwSystem) sys = assemble (text);
        g_autoptr (GError) error = NULL;
        g_autoptr (SwCampbell) c = NULL;
        SwCampbellOptions o = sw_campbell_options_default ();
        gboolean stuck = friction == SW_LINEAR_FRICTION_LOCKED || friction == SW_LINEAR_FRICTION_ENGAGED
                         || (friction == SW_LINEAR_FRICTION_OPERATING && engaged[e][0] == '1');
        double f = sqrt (900 * (stuck ? 1 / 5.0 + 1 / 4.0 : 1 / 3.0 + 1 / 4.0)) / (2 * G_PI);
        SwTrajectory *d;
        int col;

        o.from_rpm = 0;
        o.to_rpm = 600;
        o.n_speeds = 7;
        o.friction = friction;
        c = sw_campbell_compute (sys, "J1", &o, &error);
        g_assert_no_error (error);
        d = sw_campbell_get_diagram (c);
        /* One elastic mode: mode 2 (after J1's rigid mode when open). */
        col = sw_trajectory_find_column (d, stuck ? "mode_2_hz" : "mode_3_hz");
        g_assert_cmpint (col, ==, 0);
        g_assert_cmpint (sw_trajectory_find_column (d, "order_1_hz"), ==, 1);
        for (guint r = 0; r < sw_trajectory_get_n_rows (d); r++)
          g_assert_cmpfloat_with_epsilon (sw_trajectory_get_column (d, (guint) col)[r], f, 1e-9 * f);
        g_assert_cmpuint (sw_campbell_get_n_crossings (c), ==, 1);
        g_assert_cmpfloat_with_epsilon (sw_campbell_get_crossing (c, 0)->speed_rpm, 60 * f, 1e-6 * 60 * f);
      }
}

/* The operating point at a time of the run: the clutch is open at t = 0
 * (its normal force 0 until 0.5 s), so J2 does not respond to a torque on
 * J1 at all, and says so; engaged at rest at t = 1 s it is rigid:
 * J2.phi / drive = 1 / (600 - 5 w^2). The same through the CLI's --at
 * (test-cli-analysis) and the window (test-frf-view). */
static void
test_frf_at_time (void)
{
  static const char text[] = CLUTCH_MODEL ("{\"table\": {\"points\": [[0, 0], [0.5, 0], [0.6, 1]]}}", COULOMB);
  g_autoptr (SwSystem) sys = assemble (text);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwTrajectory) open = NULL, engaged = NULL;
  g_autofree double *state = NULL;
  g_autofree char *note = NULL;
  SwSimulateOptions so = sw_simulate_options_from_system (sys);
  SwFrfOptions o = sw_frf_options_default ();

  o.from_hz = 0.1;
  o.to_hz = 100;
  o.n_points = 40;
  open = sw_frf_compute (sys, "drive", "J2.phi", &o, &error);
  g_assert_no_error (error);
  g_assert_true (sw_frf_is_zero (open));
  note = sw_frf_dup_zero_note ("drive", "J2.phi");
  g_assert_nonnull (strstr (note, "J2.phi does not respond to drive"));
  so.stop_time_s = 1;
  state = sw_simulate_final_state (sys, &so, &error);
  g_assert_no_error (error);
  o.at_s = 1;
  o.at_state = state;
  engaged = sw_frf_compute (sys, "drive", "J2.phi", &o, &error);
  g_assert_no_error (error);
  g_assert_false (sw_frf_is_zero (engaged));
  for (guint r = 0; r < sw_trajectory_get_n_rows (engaged); r++)
    {
      double w = 2 * G_PI * sw_trajectory_get_times (engaged)[r];
      g_assert_cmpfloat (cabs (1 / response (engaged, r) - (600 - 5 * w * w)), <=, 1e-9 * (600 + 5 * w * w));
    }
}

/* The names the CLI and the window use. */
static void
test_friction_names (void)
{
  SwLinearFriction f = SW_LINEAR_FRICTION_OPEN;

  for (SwLinearFriction k = SW_LINEAR_FRICTION_OPERATING; k <= SW_LINEAR_FRICTION_LAST; k++)
    {
      g_assert_true (sw_linear_friction_from_string (sw_linear_friction_to_string (k), &f));
      g_assert_true (f == k);
    }
  g_assert_cmpstr (sw_linear_friction_to_string (SW_LINEAR_FRICTION_LOCKED), ==, "locked");
  g_assert_cmpstr (sw_linear_friction_to_string (SW_LINEAR_FRICTION_ENGAGED), ==, "engaged");
  /* A refused name leaves it as it was. */
  f = SW_LINEAR_FRICTION_OPEN;
  g_assert_false (sw_linear_friction_from_string ("stuck", &f));
  g_assert_false (sw_linear_friction_from_string (NULL, &f));
  g_assert_true (f == SW_LINEAR_FRICTION_OPEN);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  sw_init ();

  g_test_add_func ("/core/modal-friction/clutch-modes", test_clutch_modes);
  g_test_add_func ("/core/modal-friction/sliding-clutch-is-damper", test_sliding_clutch_is_damper);
  g_test_add_func ("/core/modal-friction/engaged-brake-is-fixed", test_engaged_brake_is_fixed);
  g_test_add_func ("/core/modal-friction/clutch-frf", test_clutch_frf);
  g_test_add_func ("/core/modal-friction/engaged-clutch-brake-free", test_engaged_clutch_brake_free);
  g_test_add_func ("/core/modal-friction/frf-at-time", test_frf_at_time);
  g_test_add_func ("/core/modal-friction/lossy-gear-rolling", test_lossy_gear_rolling);
  g_test_add_func ("/core/modal-friction/lossy-gear-at-rest", test_lossy_gear_at_rest);
  g_test_add_func ("/core/modal-friction/campbell-locked-clutch", test_campbell_locked_clutch);
  g_test_add_func ("/core/modal-friction/names", test_friction_names);
  return g_test_run ();
}
