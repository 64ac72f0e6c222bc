/* test-gear-mesh.c: COMSOL's elastic gear meshes (rotational.gear_pair,
 * translational.rack_pinion, rotational.worm_wheel; seed-003 §6-§10):
 * the mesh stiffness law over the mesh cycle against COMSOL's gated sums,
 * the digest's §18 derived numbers (T1, T5-T11, T21, T22), a stiff mesh
 * against the ideal gear's closed form, backlash opening and closing as
 * located events with the energy and the momentum balance, the modal
 * analysis of geared inertias against sqrt(k (1/J1 + 1/(J2 r^2))) with the
 * mean stiffness, and the Campbell diagram's mesh orders.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include "sw-campbell.h"
#include "sw-gear-mesh-private.h"
#include "sw-model.h"
#include "sw-modes.h"
#include "sw-part.h"
#include "sw-system.h"
#include "sw-test-files.h"
#include "sw-test-run.h"

#define ALPHA_20 0.3490658503988659   /* 20 degrees */

static void
assert_close (double value, double expected, double rel)
{
  g_assert_cmpfloat_with_epsilon (value, expected, rel * fabs (expected) + 1e-300);
}

/* ---- The contact ratio over the mesh cycle ---------------------------------- */

/* COMSOL's §8 with one tooth stiffness, typed from the digest: the gates
 * of max contact ratio 2 and 3 at the mesh-cycle phase th (theta_m /
 * theta_s). */
static double
comsol_pairs (double zeta, int max_cr, double th)
{
  if (max_cr == 2)
    return 1 + (th < (1 - zeta)) + (th >= zeta);
  return 1 + (th < (1 - zeta)) + (th >= 2 * zeta) + (th < (1 - 2 * zeta)) + (th >= zeta);
}

static void
test_contact_ratio (void)
{
  const double eps[] = { 1.05, 1.3, 1.6, 1.95, 2.05, 2.5, 2.9 };

  /* T8, T9: zeta of a mean contact ratio. */
  assert_close (_sw_gear_mesh_zeta (1.6), 0.7, 1e-15);
  assert_close (_sw_gear_mesh_zeta (1), 1, 1e-15);
  assert_close (_sw_gear_mesh_zeta (2), 0.5, 1e-15);
  assert_close (_sw_gear_mesh_zeta (2.5), 0.41667, 1e-5);
  assert_close (_sw_gear_mesh_zeta (3), 1.0 / 3, 1e-15);
  /* Whole contact ratios are COMSOL's "constant": so are the gates there. */
  for (guint k = 0; k < 1000; k++)
    {
      double th = (k + 0.5) / 1000;

      g_assert_cmpfloat (_sw_gear_mesh_pairs (1, TRUE, th), ==, 1);
      g_assert_cmpfloat (_sw_gear_mesh_pairs (2, TRUE, th), ==, comsol_pairs (0.5, 2, th));
      g_assert_cmpfloat (_sw_gear_mesh_pairs (2, TRUE, th), ==, comsol_pairs (0.5, 3, th));
      g_assert_cmpfloat (_sw_gear_mesh_pairs (3, TRUE, th), ==, comsol_pairs (1.0 / 3, 3, th));
      g_assert_cmpfloat (_sw_gear_mesh_pairs (1.6, FALSE, th), ==, 1.6);
    }
  for (guint e = 0; e < G_N_ELEMENTS (eps); e++)
    {
      double zeta = _sw_gear_mesh_zeta (eps[e]), sum = 0;
      guint n = 100000;

      for (guint k = 0; k < n; k++)
        {
          double th = (k + 0.5) / n, pairs = _sw_gear_mesh_pairs (eps[e], TRUE, th);

          g_assert_cmpfloat (pairs, ==, comsol_pairs (zeta, eps[e] < 2 ? 2 : 3, th));
          g_assert_cmpfloat (pairs, >=, floor (eps[e]));
          g_assert_cmpfloat (pairs, <=, ceil (eps[e]));
          /* Max 2: the tooth count of a mesh whose pairs stay eps cycles in
           * contact, ceil(eps - age), the cycle starting 1 - zeta into it. */
          if (eps[e] < 2)
            g_assert_cmpfloat (pairs, ==, ceil (eps[e] - fmod (th + 1 - zeta, 1)));
          sum += pairs;
        }
      /* The mean is the contact ratio (T8: 3 - 2 zeta, T9: 5 - 6 zeta). */
      assert_close (sum / n, eps[e], 1e-4);
    }
}

/* ---- A gear pair evaluated by hand ------------------------------------------- */

/* Nodes 0 (flange_a), 1 (flange_b), 2 (support, at rest at 0), 3 (a
 * rack's supportT), with the kind's defaults. */
typedef struct {
  SwPart part;
  guint  nodes[SW_PART_MAX_NODES];
  double x[4], v[4], a[4];
} Hand;

static void
hand_init (Hand *h, const char *kind_name)
{
  const SwKind *kind = sw_catalog_lookup (kind_name);

  g_assert_nonnull (kind);
  memset (h, 0, sizeof *h);
  h->part.kind = kind;
  h->part.id = "gear";
  h->part.param = g_new0 (double, kind->n_params);
  h->part.node = h->nodes;
  for (guint i = 0; i < kind->n_ports; i++)
    h->part.node[i] = i;
  for (guint i = 0; i < kind->n_params; i++)
    h->part.param[i] = kind->params[i].default_value;
}

static void
hand_set (Hand *h, const char *name, double value)
{
  int i = sw_kind_find_param (h->part.kind, name);

  g_assert_cmpint (i, >=, 0);
  h->part.param[i] = value;
}

static double
hand_var (Hand *h, double xa, double xb, const char *name)
{
  double out[32];
  SwState s = { .x = h->x, .v = h->v, .a = h->a };
  int k = sw_kind_find_var (h->part.kind, name);

  g_assert_cmpint (k, >=, 0);
  h->x[0] = xa;
  h->x[1] = xb;
  h->part.kind->variables (&h->part, &s, out);
  return out[k];
}

/* The torque on flange_a's node. */
static double
hand_force_a (Hand *h, double xa, double xb, gboolean mean)
{
  double f[4] = { 0 };
  SwState s = { .x = h->x, .v = h->v, .a = h->a };

  h->x[0] = xa;
  h->x[1] = xb;
  (mean ? h->part.kind->mean_forces : h->part.kind->forces) (&h->part, &s, f);
  /* Nothing is lost: the torques on a, b and the support balance. */
  g_assert_cmpfloat_with_epsilon (f[0] + f[1] + f[2], 0, 1e-12 * (fabs (f[0]) + fabs (f[1])) + 1e-300);
  return f[0];
}

static void
test_derived (void)
{
  Hand h;
  double k_th;

  hand_init (&h, "rotational.gear_pair");
  hand_set (&h, "varying", 0);
  hand_set (&h, "contact_ratio", 1);
  /* T1: n_pn = 20, n_wh = 60: theta_pn = 3 theta_wh carries no torque. */
  g_assert_cmpfloat (hand_force_a (&h, 0.75, 0.25, FALSE), ==, 0);
  g_assert_cmpfloat (hand_var (&h, 0.75, 0.25, "theta_rel"), ==, 0);
  /* T5: kt_wh = 2e8, kt_pn = 3e8 in series. */
  assert_close (hand_var (&h, 0, 0, "k_g"), 1.2e8, 1e-15);
  /* T6: k_g = 1e8, r_pn = 40 mm, alpha = 20 deg: 1.41284e5 N.m/rad. */
  hand_set (&h, "kt_wh", 2e8);
  hand_set (&h, "kt_pn", 2e8);
  k_th = -hand_force_a (&h, 1e-5, 0, FALSE) / 1e-5;
  assert_close (k_th, 1.41284e5, 5e-6);
  assert_close (hand_var (&h, 1e-5, 0, "tau_mesh"), 1e-5 * k_th, 1e-12);
  /* The mesh force along the line of action and on the bearings. */
  assert_close (hand_var (&h, 1e-5, 0, "F_c"), 1e-5 * 1e8 * 0.04 * cos (ALPHA_20), 1e-12);
  assert_close (hand_var (&h, 1e-5, 0, "F_r"), 1e-5 * 1e8 * 0.04 * cos (ALPHA_20) * sin (ALPHA_20), 1e-12);
  assert_close (hand_var (&h, 1e-5, 0, "energy"), 0.5 * k_th * 1e-10, 1e-12);
  /* The flange torques: flange_a takes tau, flange_b -3 tau, the support 2 tau. */
  assert_close (hand_var (&h, 1e-5, 0, "flange_b.tau"), -3e-5 * k_th, 1e-12);
  assert_close (hand_var (&h, 1e-5, 0, "support.tau"), 2e-5 * k_th, 1e-12);

  /* T7: n_wh = 40, the mesh cycle is 2 pi / 40 = 0.157080 rad of the wheel. */
  hand_set (&h, "n_wh", 40);
  assert_close (hand_var (&h, 0, 0.2, "thm_wh"), 0.2 - 0.15707963267948966, 1e-12);
  assert_close (hand_var (&h, 0, -0.1, "thm_wh"), -0.1 + 0.15707963267948966, 1e-12);
  /* Varying with eps = 1.6 (zeta = 0.7): two pairs in [0, 0.3) and [0.7, 1)
   * of the cycle, one between. */
  hand_set (&h, "varying", 1);
  hand_set (&h, "contact_ratio", 1.6);
  g_assert_cmpfloat (hand_var (&h, 0, 0.1 * 0.15707963267948966, "pairs"), ==, 2);
  g_assert_cmpfloat (hand_var (&h, 0, 0.5 * 0.15707963267948966, "pairs"), ==, 1);
  g_assert_cmpfloat (hand_var (&h, 0, 0.9 * 0.15707963267948966, "pairs"), ==, 2);
  assert_close (hand_var (&h, 0, 0.5 * 0.15707963267948966, "k_g"), 1e8, 1e-15);
  assert_close (hand_var (&h, 0, 0.1 * 0.15707963267948966, "k_g"), 2e8, 1e-15);
  /* The mean law is eps times one pair's at any phase. */
  for (guint k = 0; k < 10; k++)
    {
      double xb = (k + 0.5) / 10 * 0.15707963267948966, xa = 1e-5 + 2 * xb;

      assert_close (-hand_force_a (&h, xa, xb, TRUE) / 1e-5, 1.6 * k_th, 1e-6);
      assert_close (-hand_force_a (&h, xa, xb, FALSE) / 1e-5,
                    _sw_gear_mesh_pairs (1.6, TRUE, (k + 0.5) / 10) * k_th, 1e-6);
    }

  /* T10: b_l = 0.1 mm, r_pn = 20 mm: theta_b = 5e-3 rad, no torque within
   * it (centred: +-2.5e-3), k_th (theta - 2.5e-3) beyond. */
  hand_set (&h, "varying", 0);
  hand_set (&h, "contact_ratio", 1);
  hand_set (&h, "n_wh", 60);
  hand_set (&h, "r_pn", 0.02);
  hand_set (&h, "b_l", 1e-4);
  k_th = 1e8 * 0.02 * 0.02 * cos (ALPHA_20) * cos (ALPHA_20);
  g_assert_cmpfloat (hand_force_a (&h, 2.49e-3, 0, FALSE), ==, 0);
  g_assert_cmpfloat (hand_force_a (&h, -2.49e-3, 0, FALSE), ==, 0);
  g_assert_cmpfloat (hand_var (&h, 2.49e-3, 0, "contact"), ==, 0);
  assert_close (hand_force_a (&h, 4e-3, 0, FALSE), -k_th * 1.5e-3, 1e-9);
  assert_close (hand_force_a (&h, -4e-3, 0, FALSE), k_th * 1.5e-3, 1e-9);
  g_assert_cmpfloat (hand_var (&h, 4e-3, 0, "contact"), ==, 1);
  /* Linear analysis: the teeth in contact. */
  assert_close (hand_force_a (&h, 1e-3, 0, TRUE), -k_th * 1e-3, 1e-9);

  /* T11: e_t = 10 um, r_pn = 20 mm, alpha = 20 deg: 4.69846e-4 rad (as a
   * once-per-turn runout of the pinion at its peak). */
  hand_set (&h, "b_l", 0);
  hand_set (&h, "e_pn", 1e-5);
  assert_close (hand_var (&h, G_PI / 2, 0, "theta_et"), 4.69846e-4, 1e-6);
  /* The mesh then carries no force when the pinion lags by it. */
  g_assert_cmpfloat_with_epsilon (hand_force_a (&h, G_PI / 2, (G_PI / 2 - 4.698463103929542e-4) / 3, FALSE), 0,
                                  1e-9);
  g_free (h.part.param);
}

/* ---- Models ------------------------------------------------------------------ */

/* Two inertias J1 (motor, on flange_a) and J2 (load) on a gear pair with
 * the given parameters (JSON members), a torque tau on the motor. */
static char *
geared_model (double J1, double J2, double tau, double phi1, double phi2, double w1, const char *gear_kind,
              const char *gear_params, double stop)
{
  char b[7][G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup_printf (
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
    "{\"id\": \"src\", \"kind\": \"rotational.constant_torque\", \"params\": {\"tau_constant\": %s}},"
    "{\"id\": \"motor\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": %s, \"phi0\": %s, \"w0\": %s}},"
    "{\"id\": \"gear\", \"kind\": \"%s\", \"params\": {%s}},"
    "{\"id\": \"load\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": %s, \"phi0\": %s, \"w0\": 0}}],"
    "\"connections\": [{\"from\": \"src.flange\", \"to\": \"motor.flange_a\"},"
    "{\"from\": \"motor.flange_b\", \"to\": \"gear.flange_a\"}, {\"from\": \"gear.flange_b\", \"to\": \"load.flange_a\"}],"
    "\"simulation\": {\"stop_time\": %s, \"output_interval\": 1e-4, \"tolerance\": 1e-9}}",
    g_ascii_dtostr (b[0], sizeof b[0], tau), g_ascii_dtostr (b[1], sizeof b[1], J1),
    g_ascii_dtostr (b[2], sizeof b[2], phi1), g_ascii_dtostr (b[3], sizeof b[3], w1), gear_kind, gear_params,
    g_ascii_dtostr (b[4], sizeof b[4], J2), g_ascii_dtostr (b[5], sizeof b[5], phi2),
    g_ascii_dtostr (b[6], sizeof b[6], stop));
}

static SwSystem *
assemble (const char *text)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_data (text, -1, "gear.shaft", &error);
  SwSystem *sys;

  g_assert_no_error (error);
  sys = sw_model_assemble (model, &error);
  g_assert_no_error (error);
  return sys;
}

/* A stiff mesh against the ideal gear's closed form: 10 N.m on J1 = 0.01
 * with J2 = 0.09 behind ratio 3 accelerates at 10 / (0.01 + 0.09 / 9) =
 * 500 rad/s^2, the load at a third of the motor's speed, and the mesh
 * carries the half of the torque that accelerates the load. Mesh
 * oscillations (1.7e5 rad/s, 8 % damping) die out within a millisecond;
 * with a varying stiffness each tooth entering or leaving starts them
 * again (the force jumps with the stiffness), so there the speeds are
 * compared, the torques with the mean stiffness (to 2e-4: the mesh's
 * 2e-8 rad twist is the difference of angles of 0.1 rad integrated to
 * 1e-9). */
static void
stiff_is_ideal (gboolean varying, double speeds, double torques)
{
  g_autofree char *params = g_strdup_printf ("\"kt_pn\": 2e11, \"kt_wh\": 2e11, \"contact_ratio\": 1.6, "
                                             "\"c_gk\": 1e-6, \"varying\": %s", varying ? "true" : "false");
  g_autofree char *text = geared_model (0.01, 0.09, 10, 0, 0, 0, "rotational.gear_pair", params, 0.02);
  g_autofree char *ideal = geared_model (0.01, 0.09, 10, 0, 0, 0, "rotational.ideal_gear", "\"ratio\": 3", 0.02);
  g_autoptr (SwTrajectory) tr = sw_test_run_text (text, 0, 0);
  g_autoptr (SwTrajectory) tr_ideal = sw_test_run_text (ideal, 0, 0);
  const double *t = sw_trajectory_get_times (tr), *w1 = sw_test_column (tr, "motor.w");
  const double *w2 = sw_test_column (tr, "load.w"), *ta = sw_test_column (tr, "gear.flange_a.tau");
  const double *tb = sw_test_column (tr, "gear.flange_b.tau"), *ts = sw_test_column (tr, "gear.support.tau");
  const double *t_i = sw_trajectory_get_times (tr_ideal), *w2_i = sw_test_column (tr_ideal, "load.w");
  const double *ta_i = sw_test_column (tr_ideal, "gear.flange_a.tau");
  guint checked = 0;
  double worst_w = 0, worst_tau = 0;

  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    {
      if (t[r] < 2e-3)
        continue;
      worst_w = MAX (worst_w, MAX (fabs (w1[r] / (500 * t[r]) - 1), fabs (w2[r] / (500 * t[r] / 3) - 1)));
      worst_tau = MAX (worst_tau, MAX (fabs (ta[r] / 5 - 1), MAX (fabs (tb[r] / -15 - 1), fabs (ts[r] / 10 - 1))));
      checked++;
    }
  g_test_message ("stiff mesh against the closed form: speeds within %.3g, torques within %.3g", worst_w,
                  worst_tau);
  g_assert_cmpuint (checked, >, 100);
  g_assert_cmpfloat (worst_w, <=, speeds);
  g_assert_cmpfloat (worst_tau, <=, torques);
  /* The ideal gear itself gives the same. */
  for (guint r = 0; r < sw_trajectory_get_n_rows (tr_ideal); r++)
    {
      assert_close (w2_i[r], 500 * t_i[r] / 3, 1e-9);
      assert_close (ta_i[r], 5, 1e-9);
    }
}

static void
test_stiff_is_ideal (void)
{
  stiff_is_ideal (FALSE, 1e-6, 2e-4);
  stiff_is_ideal (TRUE, 1e-4, 1);
}

/* ---- Backlash as located events ------------------------------------------------ */

typedef struct {
  GArray *times;
  GArray *touching;
} Log;

static void
on_mode_change (double t, const char *id, int old_mode, int new_mode, gpointer data)
{
  Log *log = data;
  gboolean touching = new_mode == SW_MODE_CONTACT;

  g_assert_cmpstr (id, ==, "gear");
  g_array_append_val (log->times, t);
  g_array_append_val (log->touching, touching);
}

/* The motor at 10 rad/s runs into the load at rest across half the play
 * (theta_b / 2 = 2.5e-3 rad: at t = 2.5e-4 s exactly), the teeth bounce
 * apart and meet again. Every contact change is a located event (two rows
 * at its instant) where the teeth are at the flank (|theta_rel| = theta_b
 * / 2) or the mesh force has come down to 0 (the damping cancels the
 * spring); 3 J1 w1 + J2 w2 stays 0.3 (the support takes the rest) and
 * the kinetic energy + the mesh's + what its damping dissipated stays 0.5 J. */
static void
test_backlash_events (void)
{
  g_autofree char *text =
    geared_model (0.01, 0.09, 0, 0, 0, 10, "rotational.gear_pair",
                  "\"r_pn\": 0.02, \"b_l\": 1e-4, \"varying\": false, \"contact_ratio\": 1, \"c_g\": 1000", 0.02);
  g_autoptr (SwSystem) sys = assemble (text);
  SwSimulateOptions o = sw_simulate_options_from_system (sys);
  Log log = { g_array_new (FALSE, FALSE, sizeof (double)), g_array_new (FALSE, FALSE, sizeof (gboolean)) };
  g_autoptr (GError) error = NULL;
  g_autoptr (SwTrajectory) tr = NULL;
  const double *t, *w1, *w2, *e1, *e2, *em, *loss, *rel, *fc;
  double dissipated = 0, worst = 0, scale = 0.5;
  guint n_contacts = 0;

  o.tolerance = 1e-10;
  o.output_interval_s = 2.5e-7;   /* the trapezoid of lossPower over contacts of a millisecond */
  o.on_mode_change = on_mode_change;
  o.on_mode_change_data = &log;
  tr = sw_simulate (sys, &o, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  t = sw_trajectory_get_times (tr);
  w1 = sw_test_column (tr, "motor.w");
  w2 = sw_test_column (tr, "load.w");
  e1 = sw_test_column (tr, "motor.energy");
  e2 = sw_test_column (tr, "load.energy");
  em = sw_test_column (tr, "gear.energy");
  loss = sw_test_column (tr, "gear.lossPower");
  rel = sw_test_column (tr, "gear.theta_rel");
  fc = sw_test_column (tr, "gear.F_c");

  /* The log: free at the start, then contact and free by turns, the first
   * contact when the play is crossed. */
  g_assert_cmpuint (log.times->len, >=, 4);
  g_assert_false (g_array_index (log.touching, gboolean, 0));
  assert_close (g_array_index (log.times, double, 1), 2.5e-4, 1e-9);
  for (guint k = 1; k < log.times->len; k++)
    {
      double at = g_array_index (log.times, double, k);
      gboolean found = FALSE;

      g_assert_cmpint (g_array_index (log.touching, gboolean, k), !=, g_array_index (log.touching, gboolean, k - 1));
      n_contacts += g_array_index (log.touching, gboolean, k);
      /* Its two rows. */
      for (guint r = 1; r < sw_trajectory_get_n_rows (tr) && !found; r++)
        if (t[r] == at && t[r - 1] == at)
          {
            found = TRUE;
            if (fabs (fabs (rel[r]) - 2.5e-3) > 1e-12)
              g_assert_cmpfloat (fabs (fc[r]), <=, 1e-6);
          }
      g_assert_true (found);
    }
  g_test_message ("%u contacts, %u changes", n_contacts, log.times->len - 1);
  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    {
      double energy = e1[r] + e2[r] + em[r];

      if (r > 0)
        {
          g_assert_cmpfloat (loss[r], >=, 0);
          dissipated += 0.5 * (t[r] - t[r - 1]) * (loss[r] + loss[r - 1]);
        }
      assert_close (3 * 0.01 * w1[r] + 0.09 * w2[r], 0.3, 1e-9);
      worst = MAX (worst, fabs (energy + dissipated - 0.5));
    }
  g_test_message ("energy balance off by %.3g J of 0.5 J, %.3g J dissipated", worst, dissipated);
  g_assert_cmpfloat (dissipated, >, 1e-3);
  g_assert_cmpfloat (worst, <=, 1e-6 * scale);
  g_array_unref (log.times);
  g_array_unref (log.touching);
}

/* ---- Modal analysis --------------------------------------------------------------- */

/* The lowest elastic mode and its energy check. */
static double
elastic_omega (const char *text)
{
  g_autoptr (SwSystem) sys = assemble (text);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModes) modes = sw_modes_compute (sys, 0, NULL, &error);
  const SwMode *m;

  g_assert_no_error (error);
  g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 2);
  g_assert_true (sw_modes_get_mode (modes, 0)->rigid_body);
  m = sw_modes_get_mode (modes, 1);
  g_assert_false (m->rigid_body);
  /* Sum KE = sum PE (the mesh is the one section). */
  g_assert_cmpfloat (m->energy_balance_error, <=, 1e-6);
  g_assert_cmpuint (sw_modes_get_n_sections (modes), ==, 1);
  g_assert_cmpfloat_with_epsilon (m->potential_energy_percent[0], 100, 1e-6);
  return m->omega_rad_s;
}

/* T21, T22: J_pn = 0.01, J_wh = 0.09 behind n 20 / 60, k_theta = 1e4
 * N.m/rad at the pinion: omega = sqrt(1e4 (1 / 0.01 + 1 / (0.09 / 9))) =
 * 1414.21 rad/s. The same with a varying stiffness (eps 1.6) is the mean's
 * wherever the mesh cycle stands, with backlash the teeth in contact. */
static void
test_modal (void)
{
  double rho2 = 0.04 * 0.04 * cos (ALPHA_20) * cos (ALPHA_20), k_pair = 1e4 / rho2;
  g_autofree char *params = g_strdup_printf ("\"kt_pn\": %.17g, \"kt_wh\": %.17g, \"contact_ratio\": 1",
                                             2 * k_pair, 2 * k_pair);
  g_autofree char *t22 = geared_model (0.01, 0.09, 0, 0, 0, 0, "rotational.gear_pair", params, 1);
  double w_mean = sqrt (1.6e4 * 200);

  assert_close (elastic_omega (t22), 1414.21, 5e-6);
  assert_close (elastic_omega (t22), sqrt (2e6), 1e-9);
  for (guint k = 0; k < 4; k++)
    {
      /* The wheel at 0.05, 0.35, 0.65, 0.95 of its mesh cycle (2 pi / 60):
       * double, single, single and double contact. */
      double phi2 = (0.05 + 0.3 * k) * 2 * G_PI / 60;
      g_autofree char *p = g_strdup_printf ("\"kt_pn\": %.17g, \"kt_wh\": %.17g, \"contact_ratio\": 1.6, "
                                            "\"b_l\": 1e-4, \"c_gk\": 1e-5",
                                            2 * k_pair, 2 * k_pair);
      g_autofree char *text = geared_model (0.01, 0.09, 0, 3 * phi2, phi2, 0, "rotational.gear_pair", p, 1);

      assert_close (elastic_omega (text), w_mean, 1e-9);
    }
}

/* Rack and pinion: J = 0.01 on the pinion (r_pn = 0.05), a 2 kg rack:
 * 10 N.m accelerate the rack at r tau / (J + m r^2) = 0.5 / 0.015; the
 * mode is sqrt(k (1/J + 1/(m r^2))). Worm and wheel (1 start, 40 teeth,
 * r_wh = 0.1): the wheel at 1/40 of the worm's speed, the mode
 * sqrt(k (1/J_wm + 1600/J_wh)) with k = k_g (r_wh cos alpha / 40)^2. */
static void
test_rack_and_worm (void)
{
  static const char rack[] =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
    "{\"id\": \"src\", \"kind\": \"rotational.constant_torque\", \"params\": {\"tau_constant\": 10}},"
    "{\"id\": \"pinion\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.01, \"phi0\": 0, \"w0\": 0}},"
    "{\"id\": \"gear\", \"kind\": \"translational.rack_pinion\", \"params\": {\"r_pn\": 0.05, \"kt_pn\": 2e9, "
    "\"kt_rk\": 2e9, \"contact_ratio\": 1, \"c_gk\": 1e-5}},"
    "{\"id\": \"rack\", \"kind\": \"translational.mass\", \"params\": {\"m\": 2, \"s0\": 0, \"v0\": 0}}],"
    "\"connections\": [{\"from\": \"src.flange\", \"to\": \"pinion.flange_a\"},"
    "{\"from\": \"pinion.flange_b\", \"to\": \"gear.flangeR\"}, {\"from\": \"gear.flangeT\", \"to\": \"rack.flange_a\"}],"
    "\"simulation\": {\"stop_time\": 0.05, \"output_interval\": 1e-4, \"tolerance\": 1e-9}}";
  double k = 1e9 * pow (0.05 * cos (ALPHA_20), 2), k_w = 1e9 * pow (0.1 * cos (ALPHA_20) / 40, 2);
  g_autoptr (SwTrajectory) tr = sw_test_run_text (rack, 0, 0);
  const double *t = sw_trajectory_get_times (tr), *v = sw_test_column (tr, "rack.v");
  const double *f = sw_test_column (tr, "gear.flangeT.f");
  g_autofree char *worm = geared_model (0.001, 0.5, 1, 0, 0, 0, "rotational.worm_wheel",
                                        "\"kt_wm\": 2e9, \"kt_wh\": 2e9, \"contact_ratio\": 1, \"c_gk\": 4e-5",
                                        0.05);
  g_autoptr (SwTrajectory) tr_w = sw_test_run_text (worm, 0, 0);
  const double *t_w = sw_trajectory_get_times (tr_w), *w_wh = sw_test_column (tr_w, "load.w");
  double a_wm = 1 / (0.001 + 0.5 / 1600);

  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    if (t[r] > 0.01)
      {
        assert_close (v[r], 0.05 * 10 / (0.01 + 2 * 0.0025) * t[r], 1e-5);
        /* The rack's flange pushes the mass: m a through flangeT. */
        assert_close (f[r], -2 * 0.05 * 10 / 0.015, 1e-3);
      }
  for (guint r = 0; r < sw_trajectory_get_n_rows (tr_w); r++)
    if (t_w[r] > 0.03)   /* the mesh's oscillation (4815 rad/s, 10 %) gone */
      assert_close (w_wh[r], a_wm * t_w[r] / 40, 1e-5);
  {
    g_autofree char *free_rack = g_strdup (rack);
    g_autoptr (SwSystem) sys = assemble (free_rack);
    g_autoptr (GError) error = NULL;
    g_autoptr (SwModes) modes = sw_modes_compute (sys, 0, NULL, &error);

    g_assert_no_error (error);
    assert_close (sw_modes_get_mode (modes, 1)->omega_rad_s, sqrt (k * (1 / 0.01 + 1 / (2 * 0.0025))), 1e-9);
    g_assert_cmpfloat (sw_modes_get_mode (modes, 1)->energy_balance_error, <=, 1e-6);
  }
  assert_close (elastic_omega (worm), sqrt (k_w * (1 / 0.001 + 1600 / 0.5)), 1e-9);
}

/* ---- Campbell ------------------------------------------------------------------------ */

/* The example's gear pair (20 / 60 teeth, eps 1.6 varying): its one mode
 * at sqrt(k_mean 200) / 2 pi = 1172.28 Hz; the mesh order is 20 of the
 * motor (pinion) and 60 of the load (wheel); crossing it at 60 f / order
 * rpm. A wheel runout adds order 1/3 of the motor. A constant stiffness
 * without transmission error excites nothing. */
static void
test_campbell (void)
{
  g_autofree char *path = sw_test_example_path ("gear-pair.shaft");
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_file (path, &error);
  g_autoptr (SwSystem) sys = NULL;
  double k_mean = 1.6 * 1.2e8 * pow (0.04 * cos (ALPHA_20), 2), f = sqrt (k_mean * 200) / (2 * G_PI);
  const char *shafts[] = { "motor", "load" };
  const double mesh_order[] = { 20, 60 };

  g_assert_no_error (error);
  sys = sw_model_assemble (model, &error);
  g_assert_no_error (error);
  assert_close (f, 1172.28, 1e-6);
  for (guint s = 0; s < 2; s++)
    {
      SwCampbellOptions o = sw_campbell_options_default ();
      g_autoptr (SwCampbell) c = NULL;
      SwTrajectory *d;
      g_autofree char *column = g_strdup_printf ("order_%g_hz", mesh_order[s]);
      gboolean crossed = FALSE;

      o.from_rpm = 0;
      o.to_rpm = s == 0 ? 6000 : 2000;
      c = sw_campbell_compute (sys, shafts[s], &o, &error);
      g_assert_no_error (error);
      /* Order 1 of the options, then the mesh's. */
      g_assert_cmpuint (sw_campbell_get_n_orders (c), ==, 2);
      g_assert_cmpfloat (sw_campbell_get_order (c, 0)->order, ==, 1);
      g_assert_null (sw_campbell_get_order (c, 0)->part);
      g_assert_cmpfloat (sw_campbell_get_order (c, 1)->order, ==, mesh_order[s]);
      g_assert_cmpstr (sw_campbell_get_order (c, 1)->part, ==, "gearPair");
      g_assert_cmpstr (sw_campbell_get_order (c, 1)->label, ==, "mesh");
      d = sw_campbell_get_diagram (c);
      g_assert_cmpint (sw_trajectory_find_column (d, column), ==, 2);
      assert_close (sw_trajectory_get_column (d, 0)[3], f, 1e-6);
      for (guint i = 0; i < sw_campbell_get_n_crossings (c); i++)
        {
          const SwCriticalSpeed *cs = sw_campbell_get_crossing (c, i);

          if (cs->order != mesh_order[s])
            continue;
          crossed = TRUE;
          assert_close (cs->speed_rpm, 60 * f / mesh_order[s], 1e-6);
          g_assert_cmpstr (sw_system_get_part (sys, cs->section)->id, ==, "gearPair");
        }
      g_assert_true (crossed);
    }
  {
    g_autofree char *runout = geared_model (0.01, 0.09, 0, 0, 0, 0, "rotational.gear_pair",
                                            "\"varying\": false, \"e_wh\": 1e-6", 1);
    g_autofree char *plain = geared_model (0.01, 0.09, 0, 0, 0, 0, "rotational.gear_pair", "\"varying\": false", 1);
    g_autoptr (SwSystem) sys_r = assemble (runout), sys_p = assemble (plain);
    SwCampbellOptions o = sw_campbell_options_default ();
    g_autoptr (SwCampbell) c_r = sw_campbell_compute (sys_r, "motor", &o, &error);
    g_autoptr (SwCampbell) c_p = NULL;

    g_assert_no_error (error);
    g_assert_cmpuint (sw_campbell_get_n_orders (c_r), ==, 2);
    assert_close (sw_campbell_get_order (c_r, 1)->order, 1.0 / 3, 1e-12);
    g_assert_cmpstr (sw_campbell_get_order (c_r, 1)->label, ==, "runout");
    c_p = sw_campbell_compute (sys_p, "motor", &o, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (sw_campbell_get_n_orders (c_p), ==, 1);
  }
}

/* ---- The example ------------------------------------------------------------------------ */

/* data/examples/gear-pair.shaft: the motor's 10 N.m against the load's
 * quadratic torque. The angular momentum referred to the wheel, 3 J1 w1 +
 * J2 w2, changes by the torques alone (3 tau_motor + tau_load: the support
 * takes the rest, whatever the mesh does; rows 10 us apart, as the mesh
 * rings at some kHz after each jump of its stiffness); the stiffness
 * takes its two values only, and changes at located events; the damping
 * never gives energy back. */
static void
test_example (void)
{
  g_autoptr (SwTrajectory) tr = sw_test_run_example ("gear-pair.shaft", 1e-5, 1e-9);
  const double *t = sw_trajectory_get_times (tr), *w1 = sw_test_column (tr, "motor.w");
  const double *w2 = sw_test_column (tr, "load.w"), *tl = sw_test_column (tr, "loadTorque.tau");
  const double *k = sw_test_column (tr, "gearPair.k_g"), *loss = sw_test_column (tr, "gearPair.lossPower");
  const double *thm = sw_test_column (tr, "gearPair.thm_wh");
  double impulse = 0, worst = 0;
  guint jumps = 0;

  for (guint r = 1; r < sw_trajectory_get_n_rows (tr); r++)
    {
      impulse += 0.5 * (t[r] - t[r - 1]) * (60 + tl[r] + tl[r - 1]);
      worst = MAX (worst, fabs (3 * 0.01 * w1[r] + 0.09 * w2[r] - impulse));
      g_assert_true (k[r] == 1.2e8 || k[r] == 2.4e8);
      g_assert_cmpfloat (loss[r], >=, 0);
      if (k[r] != k[r - 1])
        {
          /* At an event (two rows), where the mesh cycle (60 teeth) passes
           * 1 - zeta or zeta, zeta = (3 - 1.6) / 2. */
          double phase = thm[r] * 60 / (2 * G_PI);

          g_assert_cmpfloat (t[r], ==, t[r - 1]);
          g_assert_cmpfloat (MIN (fabs (phase - 0.3), fabs (phase - 0.7)), <=, 1e-9);
          jumps++;
        }
    }
  g_test_message ("momentum balance off by %.3g of %.3g N.m.s; %u stiffness jumps", worst, impulse, jumps);
  g_assert_cmpuint (jumps, >, 1000);
  g_assert_cmpfloat (worst, <=, 1e-6 * impulse);
  /* It reaches speed: about 290 rad/s at the pinion after 1 s. */
  g_assert_cmpfloat (w1[sw_trajectory_get_n_rows (tr) - 1], >, 250);
  assert_close (w2[sw_trajectory_get_n_rows (tr) - 1], w1[sw_trajectory_get_n_rows (tr) - 1] / 3, 1e-2);
}

/* A long run makes more events (tooth changes) than a trajectory kept for
 * the window has room for: it records its output times and the first
 * events' pairs, and ends. */
static void
test_many_events (void)
{
  g_autofree char *path = sw_test_example_path ("gear-pair.shaft");
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_file (path, &error);
  g_autoptr (SwSystem) sys = NULL;
  g_autoptr (SwTrajectory) kept = NULL, shown = NULL;
  SwSimulateOptions o;
  SwSimulateStats stats;
  guint n;

  g_assert_no_error (error);
  sys = sw_model_assemble (model, &error);
  g_assert_no_error (error);
  o = sw_simulate_options_from_system (sys);
  o.stop_time_s = 8;
  o.output_interval_s = 1e-3;
  kept = sw_simulate_new_trajectory (sys, &o, &error);
  g_assert_no_error (error);
  o.record_into = kept;
  shown = sw_simulate_full (sys, &o, NULL, NULL, NULL, &stats, &error);
  g_assert_no_error (error);
  n = sw_trajectory_get_n_rows (kept);
  g_test_message ("%" G_GUINT64_FORMAT " events, %u rows kept of %u", stats.n_events, n,
                  sw_trajectory_get_n_rows (shown));
  g_assert_cmpuint (stats.n_events, >, 10000);
  g_assert_cmpuint (n, <, sw_trajectory_get_n_rows (shown));
  g_assert_cmpfloat (sw_trajectory_get_times (kept)[n - 1], ==, 8);
}

/* ---- Between prescribed motions ------------------------------------------------------ */

static int
compare_times (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

/* A mesh between two prescribed motions at constant speed: the counting
 * member's mesh cycle advances at n_c w_c / 2 pi cycles per second, and
 * the stiffness changes where the phase passes the contact boundaries
 * (1 - zeta and zeta; with 2 < eps < 3 also 1 - 2 zeta and 2 zeta), each
 * a located event: two rows at the closed-form instant within 1e-9 s,
 * k_g the pairs before and after times a tooth pair's stiffness, and no
 * other event. The integrator's steps there span mesh cycles (nothing
 * limits them; with positions prescribed there is nothing to integrate):
 * the switching stayed positive at every step's end and k_g never moved. */
static void
prescribed_mesh (const char *label, const char *components, const char *connections, double eps, double n_c,
                 double w_c, double stop)
{
  g_autofree char *text = g_strdup_printf ("{\"format\": \"shaftwork-model\", \"version\": 1, "
                                           "\"components\": [%s], \"connections\": [%s]}",
                                           components, connections);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_data (text, -1, "test", &error);
  g_autoptr (SwSystem) sys = NULL;
  g_autoptr (SwTrajectory) tr = NULL;
  const char *vars[] = { "gear.k_g", "gear.pairs", NULL };
  SwSimulateOptions o = sw_simulate_options_default ();
  SwSimulateStats stats;
  double zeta = _sw_gear_mesh_zeta (eps), k_pair = 3e8 * 2e8 / (3e8 + 2e8), rate = n_c * w_c / (2 * G_PI);
  double bounds[4] = { 1 - zeta, zeta, 1 - 2 * zeta, 2 * zeta }, worst = 0;
  g_autoptr (GArray) expected = g_array_new (FALSE, FALSE, sizeof (double));
  const double *t, *k_g, *pairs;
  guint n, found = 0;

  g_assert_no_error (error);
  sys = sw_model_assemble (model, &error);
  g_assert_no_error (error);
  /* The closed-form instants in (0, stop), in order. */
  for (double k = 0; k / rate < stop; k++)
    for (guint b = 0; b < (eps < 2 ? 2 : 4); b++)
      {
        double te = (k + bounds[b]) / rate;

        if (te > 0 && te < stop)
          g_array_append_val (expected, te);
      }
  g_array_sort (expected, compare_times);
  o.stop_time_s = stop;
  o.output_interval_s = 1e-3;
  o.variables = vars;
  tr = sw_simulate_full (sys, &o, NULL, NULL, NULL, &stats, &error);
  g_assert_no_error (error);
  n = sw_trajectory_get_n_rows (tr);
  t = sw_trajectory_get_times (tr);
  k_g = sw_trajectory_get_column (tr, 0);
  pairs = sw_trajectory_get_column (tr, 1);
  for (guint r = 0; r < n; r++)
    {
      double phase = t[r] * rate - floor (t[r] * rate);

      g_assert_cmpfloat (k_g[r], ==, k_pair * pairs[r]);
      if (r > 0 && t[r] == t[r - 1])
        {
          double te;

          /* An event: the next closed-form instant, the pairs of the
           * stretches on either side. */
          g_assert_cmpuint (found, <, expected->len);
          te = g_array_index (expected, double, found);
          worst = MAX (worst, fabs (t[r] - te));
          g_assert_cmpfloat_with_epsilon (t[r], te, 1e-9);
          g_assert_cmpfloat (pairs[r - 1], ==, _sw_gear_mesh_pairs (eps, TRUE, fmod (te * rate - 1e-6, 1)));
          g_assert_cmpfloat (pairs[r], ==, _sw_gear_mesh_pairs (eps, TRUE, fmod (te * rate + 1e-6, 1)));
          g_assert_cmpfloat (pairs[r], !=, pairs[r - 1]);
          found++;
        }
      else if (r > 0 && (found == expected->len || t[r] < g_array_index (expected, double, found) - 1e-9))
        /* Between events: the pairs of the phase there (rows off the
         * boundaries). */
        g_assert_cmpfloat (pairs[r], ==, _sw_gear_mesh_pairs (eps, TRUE, phase));
    }
  g_test_message ("%s: %u stiffness changes, at the closed-form instants within %.3g s", label, found, worst);
  g_assert_cmpuint (found, ==, expected->len);
  g_assert_cmpuint (stats.n_events, ==, expected->len);
  g_assert_cmpuint (found, >=, 6);
}

static void
test_prescribed (void)
{
  const char *rot = "{\"from\": \"drive.flange\", \"to\": \"gear.flange_a\"}, "
                    "{\"from\": \"brake.flange\", \"to\": \"gear.flange_b\"}";
  const char *rack = "{\"from\": \"drive.flange\", \"to\": \"gear.flangeR\"}, "
                     "{\"from\": \"brake.flange\", \"to\": \"gear.flangeT\"}";

  /* Speed sources (their angles integrated), pinion 30 rad/s, wheel 10
   * (60 teeth: 95.5 mesh cycles a second). */
  prescribed_mesh ("gear pair, speed sources, eps 1.6",
                   "{\"id\": \"drive\", \"kind\": \"rotational.speed\", \"params\": {\"w_ref\": 30}}, "
                   "{\"id\": \"brake\", \"kind\": \"rotational.speed\", \"params\": {\"w_ref\": 10}}, "
                   "{\"id\": \"gear\", \"kind\": \"rotational.gear_pair\", \"params\": {\"contact_ratio\": 1.6}}",
                   rot, 1.6, 60, 10, 0.05);
  prescribed_mesh ("gear pair, speed sources, eps 2.5",
                   "{\"id\": \"drive\", \"kind\": \"rotational.speed\", \"params\": {\"w_ref\": 30}}, "
                   "{\"id\": \"brake\", \"kind\": \"rotational.speed\", \"params\": {\"w_ref\": 10}}, "
                   "{\"id\": \"gear\", \"kind\": \"rotational.gear_pair\", \"params\": {\"contact_ratio\": 2.5}}",
                   rot, 2.5, 60, 10, 0.05);
  prescribed_mesh ("gear pair, constant speeds, eps 1.3",
                   "{\"id\": \"drive\", \"kind\": \"rotational.constant_speed\", \"params\": {\"w_fixed\": 30}}, "
                   "{\"id\": \"brake\", \"kind\": \"rotational.constant_speed\", \"params\": {\"w_fixed\": 10}}, "
                   "{\"id\": \"gear\", \"kind\": \"rotational.gear_pair\", \"params\": {\"contact_ratio\": 1.3}}",
                   rot, 1.3, 60, 10, 0.05);
  /* Positions prescribed: no state at all. */
  prescribed_mesh ("gear pair, positions, eps 1.6",
                   "{\"id\": \"drive\", \"kind\": \"rotational.position\","
                   " \"params\": {\"phi_ref\": {\"ramp\": {\"height\": 30, \"duration\": 1}}}}, "
                   "{\"id\": \"brake\", \"kind\": \"rotational.position\","
                   " \"params\": {\"phi_ref\": {\"ramp\": {\"height\": 10, \"duration\": 1}}}}, "
                   "{\"id\": \"gear\", \"kind\": \"rotational.gear_pair\", \"params\": {\"contact_ratio\": 1.6}}",
                   rot, 1.6, 60, 10, 0.05);
  /* The worm (200 rad/s) and the wheel (5 rad/s, 40 teeth). */
  prescribed_mesh ("worm and wheel, speed sources, eps 1.6",
                   "{\"id\": \"drive\", \"kind\": \"rotational.speed\", \"params\": {\"w_ref\": 200}}, "
                   "{\"id\": \"brake\", \"kind\": \"rotational.speed\", \"params\": {\"w_ref\": 5}}, "
                   "{\"id\": \"gear\", \"kind\": \"rotational.worm_wheel\", \"params\": {\"contact_ratio\": 1.6}}",
                   rot, 1.6, 40, 5, 0.1);
  /* The rack's cycle is the pinion's (20 teeth, 10 rad/s; the rack at
   * r_pn w = 0.4 m/s). */
  prescribed_mesh ("rack and pinion, constant speeds, eps 1.6",
                   "{\"id\": \"drive\", \"kind\": \"rotational.constant_speed\", \"params\": {\"w_fixed\": 10}}, "
                   "{\"id\": \"brake\", \"kind\": \"translational.constant_speed\", \"params\": {\"v_fixed\": 0.4}}, "
                   "{\"id\": \"gear\", \"kind\": \"translational.rack_pinion\", \"params\": {\"contact_ratio\": 1.6}}",
                   rack, 1.6, 20, 10, 0.1);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/gear-mesh/contact-ratio", test_contact_ratio);
  g_test_add_func ("/core/gear-mesh/derived", test_derived);
  g_test_add_func ("/core/gear-mesh/stiff-is-ideal", test_stiff_is_ideal);
  g_test_add_func ("/core/gear-mesh/backlash-events", test_backlash_events);
  g_test_add_func ("/core/gear-mesh/modal", test_modal);
  g_test_add_func ("/core/gear-mesh/rack-and-worm", test_rack_and_worm);
  g_test_add_func ("/core/gear-mesh/campbell", test_campbell);
  g_test_add_func ("/core/gear-mesh/example", test_example);
  g_test_add_func ("/core/gear-mesh/many-events", test_many_events);
  g_test_add_func ("/core/gear-mesh/prescribed", test_prescribed);
  return g_test_run ();
}
