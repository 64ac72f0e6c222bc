/* test-friction-joint.c: a one-way clutch, and a mass resting against a
 * hard stop (below), decided together with the other friction parts
 * (sw-friction-decide.c). J1 (1 kg.m²) is driven by 6 N.m,
 * then from t = 1 s by -3 N.m; a one-way clutch (freewheel only) passes
 * it to J2 (2 kg.m²), a clutch holding 50 N.m to J3 (1 kg.m²):
 *
 * - t < 1: all locked, a = 6 / 4 = 1.5 rad/s², the freewheel holding;
 * - t >= 1: J1 slows at -3 rad/s², the freewheel opens and J2, J3 turn on
 *   at 1.5 rad/s, the clutch stuck with no torque.
 *
 * The same model with its ids renamed in the reverse order (the joint
 * decision tries the parts in the order of their ids) gives the same run.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include "sw-model.h"
#include "sw-simulate.h"
#include "sw-system.h"
#include "sw-test-run.h"

#define FREEWHEEL_MODEL(J1, J2, J3, OW, CL) FREEWHEEL_MODEL_WITH (J1, J2, J3, OW, CL, "6", "-9", "100")
#define FREEWHEEL_MODEL_WITH(J1, J2, J3, OW, CL, TAU, STEP, FN) \
  "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": [" \
  "{\"id\": \"src\", \"kind\": \"rotational.torque\"," \
  " \"params\": {\"tau\": {\"step\": {\"offset\": " TAU ", \"height\": " STEP ", \"startTime\": 1}}}}," \
  "{\"id\": \"" J1 "\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1}}," \
  "{\"id\": \"" J2 "\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 2}}," \
  "{\"id\": \"" J3 "\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1}}," \
  "{\"id\": \"" OW "\", \"kind\": \"rotational.one_way_clutch\", \"params\": {\"fn_max\": 0}}," \
  "{\"id\": \"" CL "\", \"kind\": \"rotational.clutch\", \"params\": {\"fn_max\": " FN "}}]," \
  "\"connections\": [" \
  "{\"from\": \"src.flange\", \"to\": \"" J1 ".flange_a\"}," \
  "{\"from\": \"" J1 ".flange_b\", \"to\": \"" OW ".flange_a\"}," \
  "{\"from\": \"" OW ".flange_b\", \"to\": \"" J2 ".flange_a\"}," \
  "{\"from\": \"" J2 ".flange_b\", \"to\": \"" CL ".flange_a\"}," \
  "{\"from\": \"" CL ".flange_b\", \"to\": \"" J3 ".flange_a\"}]," \
  "\"simulation\": {\"stop_time\": 3, \"output_interval\": 0.01}}"

static void
test_freewheel_closed_form (void)
{
  g_autoptr (SwTrajectory) tr = sw_test_run_text (FREEWHEEL_MODEL ("J1", "J2", "J3", "ow", "cl"), 0, 1e-8);
  const double *t = sw_trajectory_get_times (tr);
  const double *w1 = sw_test_column (tr, "J1.w"), *w2 = sw_test_column (tr, "J2.w"), *w3 = sw_test_column (tr, "J3.w");
  const double *ow_tau = sw_test_column (tr, "ow.tau"), *cl_tau = sw_test_column (tr, "cl.tau");
  double worst = 0;

  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    {
      double w_1 = t[r] < 1 ? 1.5 * t[r] : 1.5 - 3 * (t[r] - 1), w_23 = MIN (t[r], 1) * 1.5;

      worst = MAX (worst, fabs (w1[r] - w_1));
      worst = MAX (worst, fabs (w2[r] - w_23));
      worst = MAX (worst, fabs (w3[r] - w_23));
      /* The freewheel holds J2 and J3 back: its torque opposes backward
       * motion (negative); the clutch passes J3's J a. */
      if (t[r] > 0 && t[r] < 1)
        {
          g_assert_cmpfloat_with_epsilon (ow_tau[r], -4.5, 1e-6);
          g_assert_cmpfloat_with_epsilon (cl_tau[r], -1.5, 1e-6);
        }
      if (t[r] > 1)
        {
          g_assert_cmpfloat_with_epsilon (ow_tau[r], 0, 1e-9);
          g_assert_cmpfloat_with_epsilon (cl_tau[r], 0, 1e-6);
        }
    }
  g_test_message ("freewheel: worst speed error %.3g rad/s", worst);
  g_assert_cmpfloat (worst, <, 1e-6);
}

/* The clutch holds 0.5 N.m: less than the 1 N.m it would pass if all
 * stayed locked after the step to -4 N.m. Decided together, the freewheel
 * opens and the clutch, then passing nothing, stays stuck (decided one by
 * one on the locked system's torques, both would let go). */
static void
test_freewheel_weak_clutch (void)
{
  g_autoptr (SwTrajectory) tr = sw_test_run_text (FREEWHEEL_MODEL_WITH ("J1", "J2", "J3", "ow", "cl", "1", "-5", "1"), 0,
                                                  1e-8);
  const double *t = sw_trajectory_get_times (tr);
  const double *w1 = sw_test_column (tr, "J1.w"), *w3 = sw_test_column (tr, "J3.w");
  const double *cl_mode = sw_test_column (tr, "cl.mode"), *ow_mode = sw_test_column (tr, "ow.mode");

  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    {
      g_assert_cmpfloat_with_epsilon (w1[r], t[r] < 1 ? 0.25 * t[r] : 0.25 - 4 * (t[r] - 1), 1e-9);
      g_assert_cmpfloat_with_epsilon (w3[r], 0.25 * MIN (t[r], 1), 1e-9);
      g_assert_cmpfloat (cl_mode[r], ==, 0);
      if (t[r] > 1)
        g_assert_cmpfloat (ow_mode[r], ==, 1);
    }
}

/* The renamed model's names of J1, J2, J3, ow, cl: in the reverse order. */
static char *
renamed (const char *name)
{
  static const char *const from[] = { "J1.", "J2.", "J3.", "ow.", "cl." };
  static const char *const to[] = { "z.", "y.", "x.", "b.", "a." };

  for (guint k = 0; k < G_N_ELEMENTS (from); k++)
    if (g_str_has_prefix (name, from[k]))
      return g_strconcat (to[k], name + strlen (from[k]), NULL);
  return g_strdup (name);
}

static void
test_freewheel_ids (void)
{
  g_autoptr (SwTrajectory) a = sw_test_run_text (FREEWHEEL_MODEL ("J1", "J2", "J3", "ow", "cl"), 0, 0);
  g_autoptr (SwTrajectory) b = sw_test_run_text (FREEWHEEL_MODEL ("z", "y", "x", "b", "a"), 0, 0);

  sw_test_assert_same_run (a, b, renamed, 1e-9, 1e-12);
}

/* A shaft line of 13 inertias (J_i = 1 + 0.1 i) joined by 12 clutches,
 * all at rest, 100 N.m on the first: more parts at rest than the joint
 * decision once took (10). Locked, clutch c05 would pass 100 (1 - S_5 / S)
 * = 63.9 N.m (S_k the inertia up to J_k); it holds 10, the others 1 000.
 * So c05 alone slides from t = 0: J0 … J5 turn at (100 - 10) / S_5, J6 …
 * J12 at 10 / (S - S_5), every other clutch stuck. Written in the reverse
 * order (components and connections), the run is the same. */
static char *
long_line_model (gboolean reversed)
{
  g_autoptr (GPtrArray) comps = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) wires = g_ptr_array_new_with_free_func (g_free);
  GString *text = g_string_new ("{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": [");

  g_ptr_array_add (comps, g_strdup ("{\"id\": \"src\", \"kind\": \"rotational.constant_torque\", "
                                    "\"params\": {\"tau_constant\": 100}}"));
  g_ptr_array_add (wires, g_strdup ("{\"from\": \"src.flange\", \"to\": \"J0.flange_a\"}"));
  for (guint i = 0; i <= 12; i++)
    g_ptr_array_add (comps, g_strdup_printf ("{\"id\": \"J%u\", \"kind\": \"rotational.inertia\", \"params\": "
                                             "{\"J\": %.1f, \"phi0\": 0, \"w0\": 0}}", i, 1 + 0.1 * i));
  for (guint k = 0; k < 12; k++)
    {
      g_ptr_array_add (comps, g_strdup_printf ("{\"id\": \"c%02u\", \"kind\": \"rotational.clutch\", \"params\": "
                                               "{\"fn_max\": %d, \"mue_pos\": [[0, 0.5]], \"f_normalized\": 1}}",
                                               k, k == 5 ? 20 : 2000));
      g_ptr_array_add (wires, g_strdup_printf ("{\"from\": \"J%u.flange_b\", \"to\": \"c%02u.flange_a\"}", k, k));
      g_ptr_array_add (wires, g_strdup_printf ("{\"from\": \"c%02u.flange_b\", \"to\": \"J%u.flange_a\"}", k, k + 1));
    }
  for (guint k = 0; k < comps->len; k++)
    g_string_append_printf (text, "%s%s", k > 0 ? ", " : "",
                            (char *) comps->pdata[reversed ? comps->len - 1 - k : k]);
  g_string_append (text, "], \"connections\": [");
  for (guint k = 0; k < wires->len; k++)
    g_string_append_printf (text, "%s%s", k > 0 ? ", " : "",
                            (char *) wires->pdata[reversed ? wires->len - 1 - k : k]);
  g_string_append (text, "], \"simulation\": {\"stop_time\": 0.5, \"output_interval\": 0.05}}");
  return g_string_free (text, FALSE);
}

static void
test_long_line (void)
{
  g_autofree char *forward = long_line_model (FALSE), *backward = long_line_model (TRUE);
  g_autoptr (SwTrajectory) a = sw_test_run_text (forward, 0, 1e-9);
  g_autoptr (SwTrajectory) b = sw_test_run_text (backward, 0, 1e-9);
  const double *t = sw_trajectory_get_times (a);
  double s = 0, s5 = 0, worst = 0;

  for (guint i = 0; i <= 12; i++)
    {
      s += 1 + 0.1 * i;
      s5 += i <= 5 ? 1 + 0.1 * i : 0;
    }
  for (guint i = 0; i <= 12; i++)
    {
      g_autofree char *name = g_strdup_printf ("J%u.w", i);
      const double *w = sw_test_column (a, name);
      double acc = i <= 5 ? 90 / s5 : 10 / (s - s5);

      for (guint r = 0; r < sw_trajectory_get_n_rows (a); r++)
        worst = MAX (worst, fabs (w[r] - acc * t[r]));
    }
  for (guint k = 0; k < 12; k++)
    {
      g_autofree char *name = g_strdup_printf ("c%02u.mode", k);
      const double *mode = sw_test_column (a, name);
      guint last = sw_trajectory_get_n_rows (a) - 1;

      /* Modelica's modes: -1 backward, 0 stuck (J_k ahead of J_k+1: c05
       * slides backward, w_rel < 0). */
      g_assert_cmpfloat (mode[last], ==, k == 5 ? -1 : 0);
    }
  g_test_message ("12 clutches: largest speed error %.3g rad/s against the closed form", worst);
  g_assert_cmpfloat (worst, <=, 1e-9);
  sw_test_assert_same_run (a, b, NULL, 0, 0);
}

/* A one-way clutch under a square wave of +-1 N.m on J (1 kg.m²), period
 * 0.2 s: it turns forward in the first half of each period and comes back
 * to rest at its end, as the torque turns forward again. At the stop time
 * (an edge too, which belongs to after the run) every method ends with J
 * at rest: the modes there are decided on the torques before the edge,
 * as the run's last steps saw them (BDF found the freewheel stuck under
 * the torque after the edge and switched it back and forth: "the friction
 * modes chatter at t = 1 s"). */
static void
test_freewheel_square_wave (void)
{
  static const SwMethod methods[] = { SW_METHOD_RK45, SW_METHOD_BDF, SW_METHOD_ADAMS };
  const char *text =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
    "{\"id\": \"src\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": {\"pulse\":"
    " {\"amplitude\": 2, \"offset\": -1, \"period\": 0.2, \"width\": 50}}}},"
    "{\"id\": \"J\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1}},"
    "{\"id\": \"ow\", \"kind\": \"rotational.one_way_clutch\", \"params\": {\"fn_max\": 0}},"
    "{\"id\": \"fix\", \"kind\": \"rotational.fixed\"}],"
    "\"connections\": [{\"from\": \"src.flange\", \"to\": \"J.flange_a\"},"
    "{\"from\": \"J.flange_b\", \"to\": \"ow.flange_b\"}, {\"from\": \"ow.flange_a\", \"to\": \"fix.flange\"}],"
    "\"simulation\": {\"stop_time\": 1, \"output_interval\": 0.01}}";

  for (guint m = 0; m < G_N_ELEMENTS (methods); m++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (SwModel) model = sw_model_new_from_data (text, -1, "square.shaft", &error);
      g_autoptr (SwSystem) sys = NULL;
      g_autoptr (SwTrajectory) tr = NULL;
      SwSimulateOptions o;
      const double *t, *w;
      guint n;

      g_assert_no_error (error);
      sys = sw_model_assemble (model, &error);
      g_assert_no_error (error);
      o = sw_simulate_options_from_system (sys);
      o.method = methods[m];
      tr = sw_simulate (sys, &o, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      t = sw_trajectory_get_times (tr);
      w = sw_test_column (tr, "J.w");
      n = sw_trajectory_get_n_rows (tr);
      g_assert_cmpfloat (t[n - 1], ==, 1);
      for (guint r = 0; r < n; r++)
        {
          double phase = fmod (t[r] + 1e-9, 0.2) - 1e-9;

          g_assert_cmpfloat_with_epsilon (w[r], phase < 0.1 ? phase : 0.2 - phase, 1e-6);
        }
    }
}

/* A mass with stops and friction (S, 1 kg, Coulomb 4 N) at rest against
 * its upper stop; support friction (B, 1 N) between it and M (1 kg), on
 * which a force of -4.5 N acts, +4.5 N from t = 1 s. Locked, S would hold
 * 4.5 N and B pass it: one by one both let go. Together: B slides, S holds
 * B's 1 N. Then M slows at 5.5 m/s² to rest at t1 = 1 + 3.5 / 5.5 s and
 * pushes forward: S rests against its stop, which holds whatever pushes
 * into it, and B slides forward, M at 3.5 m/s². S never moves. */
#define STOP_MODEL(S, B, M) \
  "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": [" \
  "{\"id\": \"src\", \"kind\": \"translational.force\"," \
  " \"params\": {\"f\": {\"step\": {\"offset\": -4.5, \"height\": 9, \"startTime\": 1}}}}," \
  "{\"id\": \"" M "\", \"kind\": \"translational.mass\", \"params\": {\"m\": 1, \"s0\": 5}}," \
  "{\"id\": \"" S "\", \"kind\": \"translational.mass_with_stop_and_friction\", \"params\": {\"m\": 1, \"s0\": 0," \
  " \"L\": 0, \"smax\": 0, \"smin\": -10, \"F_prop\": 0, \"F_Coulomb\": 4, \"F_Stribeck\": 0, \"fexp\": 0}}," \
  "{\"id\": \"" B "\", \"kind\": \"translational.support_friction\", \"params\": {\"f_pos\": [[0, 1]]}}]," \
  "\"connections\": [" \
  "{\"from\": \"src.flange\", \"to\": \"" M ".flange_a\"}," \
  "{\"from\": \"" M ".flange_b\", \"to\": \"" B ".flange_a\"}," \
  "{\"from\": \"" B ".support\", \"to\": \"" S ".flange_b\"}]," \
  "\"simulation\": {\"stop_time\": 3, \"output_interval\": 0.01}}"

static void
test_stop_closed_form (void)
{
  g_autoptr (SwTrajectory) tr = sw_test_run_text (STOP_MODEL ("S", "B", "M"), 0, 1e-8);
  const double *t = sw_trajectory_get_times (tr);
  const double *v = sw_test_column (tr, "M.v"), *s_v = sw_test_column (tr, "S.v"), *s_s = sw_test_column (tr, "S.s");
  double t1 = 1 + 3.5 / 5.5;

  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    {
      double exact = t[r] < 1 ? -3.5 * t[r] : t[r] < t1 ? -3.5 + 5.5 * (t[r] - 1) : 3.5 * (t[r] - t1);

      g_assert_cmpfloat_with_epsilon (v[r], exact, 1e-6);
      g_assert_cmpfloat_with_epsilon (s_v[r], 0, 1e-12);
      g_assert_cmpfloat_with_epsilon (s_s[r], 0, 1e-12);
    }
}

/* The analogue of the weak clutch with a stop: S (2 kg, no friction) rests
 * on J1 (1 kg) against its lower stop (the support is J1's flange), B
 * (0.5 N) holds J3 (1 kg) to S. 1 N on J1, -4 N from t = 1 s: first all
 * move together at 0.25 m/s², the stop holding S; then J1 slows at 4 m/s²,
 * S leaves its stop and S and J3 go on at 0.25 m/s, B stuck with no force.
 * One by one on the locked system's forces (B would pass 1 N), B slid. */
static void
test_stop_weak_friction (void)
{
  const char *text =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
    "{\"id\": \"src\", \"kind\": \"translational.force\","
    " \"params\": {\"f\": {\"step\": {\"offset\": 1, \"height\": -5, \"startTime\": 1}}}},"
    "{\"id\": \"J1\", \"kind\": \"translational.mass\", \"params\": {\"m\": 1, \"s0\": 0}},"
    "{\"id\": \"S\", \"kind\": \"translational.mass_with_stop_and_friction\", \"params\": {\"m\": 2, \"s0\": 0,"
    " \"L\": 0, \"smax\": 100, \"smin\": 0, \"F_prop\": 0, \"F_Coulomb\": 0, \"F_Stribeck\": 0, \"fexp\": 0}},"
    "{\"id\": \"J3\", \"kind\": \"translational.mass\", \"params\": {\"m\": 1, \"s0\": 0}},"
    "{\"id\": \"B\", \"kind\": \"translational.support_friction\", \"params\": {\"f_pos\": [[0, 0.5]]}}],"
    "\"connections\": ["
    "{\"from\": \"src.flange\", \"to\": \"J1.flange_a\"},"
    "{\"from\": \"J1.flange_b\", \"to\": \"S.support\"},"
    "{\"from\": \"S.flange_b\", \"to\": \"B.support\"},"
    "{\"from\": \"B.flange_a\", \"to\": \"J3.flange_a\"}],"
    "\"simulation\": {\"stop_time\": 2, \"output_interval\": 0.01}}";
  g_autoptr (SwTrajectory) tr = sw_test_run_text (text, 0, 1e-8);
  const double *t = sw_trajectory_get_times (tr);
  const double *v1 = sw_test_column (tr, "J1.v"), *v3 = sw_test_column (tr, "J3.v");
  const double *b_mode = sw_test_column (tr, "B.mode");

  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    {
      g_assert_cmpfloat_with_epsilon (v1[r], t[r] < 1 ? 0.25 * t[r] : 0.25 - 4 * (t[r] - 1), 1e-9);
      g_assert_cmpfloat_with_epsilon (v3[r], 0.25 * MIN (t[r], 1), 1e-9);
      g_assert_cmpfloat (b_mode[r], ==, 0);
    }
}

static char *
renamed_stop (const char *name)
{
  static const char *const from[] = { "S.", "B.", "M." };
  static const char *const to[] = { "z.", "y.", "x." };

  for (guint k = 0; k < G_N_ELEMENTS (from); k++)
    if (g_str_has_prefix (name, from[k]))
      return g_strconcat (to[k], name + strlen (from[k]), NULL);
  return g_strdup (name);
}

static void
test_stop_ids (void)
{
  g_autoptr (SwTrajectory) a = sw_test_run_text (STOP_MODEL ("S", "B", "M"), 0, 0);
  g_autoptr (SwTrajectory) b = sw_test_run_text (STOP_MODEL ("z", "y", "x"), 0, 0);

  sw_test_assert_same_run (a, b, renamed_stop, 1e-9, 1e-12);
}

/* The weak-clutch run with J3 latched to J4 (1 kg.m², rel = 0 = phi_max
 * from the start, so it latches at t = 0 and holds for good): J3 and J4
 * move as one. 1 N.m on 5 kg.m²: 0.2 rad/s², the clutch passing 0.4 N.m of
 * its 0.5; -4 N.m from t = 1 s. Together: the freewheel opens, J2..J4 coast
 * on at 0.2 rad/s and the clutch stays stuck with no torque. (A latch sent
 * the whole event to the rounds before, which let the clutch go too.) */
#define LATCHED_MODEL(J1, J2, J3, J4, OW, CL, LA) \
  "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": [" \
  "{\"id\": \"src\", \"kind\": \"rotational.torque\"," \
  " \"params\": {\"tau\": {\"step\": {\"offset\": 1, \"height\": -5, \"startTime\": 1}}}}," \
  "{\"id\": \"" J1 "\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1}}," \
  "{\"id\": \"" J2 "\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 2}}," \
  "{\"id\": \"" J3 "\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1}}," \
  "{\"id\": \"" J4 "\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1}}," \
  "{\"id\": \"" OW "\", \"kind\": \"rotational.one_way_clutch\", \"params\": {\"fn_max\": 0}}," \
  "{\"id\": \"" CL "\", \"kind\": \"rotational.clutch\", \"params\": {\"fn_max\": 1}}," \
  "{\"id\": \"" LA "\", \"kind\": \"rotational.latch\", \"params\": {\"phi_max\": 0, \"phi_min\": -1}}]," \
  "\"connections\": [" \
  "{\"from\": \"src.flange\", \"to\": \"" J1 ".flange_a\"}," \
  "{\"from\": \"" J1 ".flange_b\", \"to\": \"" OW ".flange_a\"}," \
  "{\"from\": \"" OW ".flange_b\", \"to\": \"" J2 ".flange_a\"}," \
  "{\"from\": \"" J2 ".flange_b\", \"to\": \"" CL ".flange_a\"}," \
  "{\"from\": \"" CL ".flange_b\", \"to\": \"" J3 ".flange_a\"}," \
  "{\"from\": \"" J3 ".flange_b\", \"to\": \"" LA ".flange\"}," \
  "{\"from\": \"" LA ".support\", \"to\": \"" J4 ".flange_a\"}]," \
  "\"simulation\": {\"stop_time\": 2, \"output_interval\": 0.01}}"

static void
test_latch_weak_clutch (void)
{
  g_autoptr (SwTrajectory) tr = sw_test_run_text (LATCHED_MODEL ("J1", "J2", "J3", "J4", "ow", "cl", "la"), 0, 1e-8);
  const double *t = sw_trajectory_get_times (tr);
  const double *w1 = sw_test_column (tr, "J1.w"), *w3 = sw_test_column (tr, "J3.w"), *w4 = sw_test_column (tr, "J4.w");
  const double *cl_mode = sw_test_column (tr, "cl.mode"), *latched = sw_test_column (tr, "la.latched");

  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    {
      g_assert_cmpfloat_with_epsilon (w1[r], t[r] < 1 ? 0.2 * t[r] : 0.2 - 4 * (t[r] - 1), 1e-9);
      g_assert_cmpfloat_with_epsilon (w3[r], 0.2 * MIN (t[r], 1), 1e-9);
      g_assert_cmpfloat (w4[r], ==, w3[r]);
      g_assert_cmpfloat (cl_mode[r], ==, 0);
      g_assert_cmpfloat (latched[r], ==, 1);
    }
}

/* A Twin Builder mass T (2 kg.m², stick band 0.1 rad/s holding 1 N.m,
 * Coulomb 0.6 N.m, its ramp 1e-9 rad/s) rides on J1 (its support), a clutch holding 0.5 N.m
 * passes to J3 (1 kg.m²). 1 N.m: all stuck at 0.25 rad/s², T holding
 * 0.75 N.m, the clutch 0.25. -4 N.m from t = 1 s: locked, T would hold 3
 * and the clutch 1, both beyond. Together: T breaks away and slides on
 * J1, T and J3 slow at 0.6 / 3 = 0.2 rad/s² with the clutch stuck passing
 * 0.2 N.m, J1 at (0.6 - 4) / 1. */
#define BAND_MODEL(J1, T, J3, CL) \
  "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": [" \
  "{\"id\": \"src\", \"kind\": \"rotational.torque\"," \
  " \"params\": {\"tau\": {\"step\": {\"offset\": 1, \"height\": -5, \"startTime\": 1}}}}," \
  "{\"id\": \"" J1 "\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1}}," \
  "{\"id\": \"" T "\", \"kind\": \"rotational.tb_mass\", \"params\": {\"J\": 2, \"MCLB\": 0.6, \"OMEGACLB\": 1e-9, \"OMEGASTK\": 0.1," \
  " \"MSTK\": 1}}," \
  "{\"id\": \"" J3 "\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1}}," \
  "{\"id\": \"" CL "\", \"kind\": \"rotational.clutch\", \"params\": {\"fn_max\": 1}}]," \
  "\"connections\": [" \
  "{\"from\": \"src.flange\", \"to\": \"" J1 ".flange_a\"}," \
  "{\"from\": \"" J1 ".flange_b\", \"to\": \"" T ".support\"}," \
  "{\"from\": \"" T ".ROT2\", \"to\": \"" CL ".flange_a\"}," \
  "{\"from\": \"" CL ".flange_b\", \"to\": \"" J3 ".flange_a\"}]," \
  "\"simulation\": {\"stop_time\": 2, \"output_interval\": 0.01}}"

static void
test_band_closed_form (void)
{
  g_autoptr (SwTrajectory) tr = sw_test_run_text (BAND_MODEL ("J1", "T", "J3", "cl"), 0, 1e-8);
  const double *t = sw_trajectory_get_times (tr);
  const double *w1 = sw_test_column (tr, "J1.w"), *w3 = sw_test_column (tr, "J3.w"), *wt = sw_test_column (tr, "T.OMEGA");
  const double *cl_mode = sw_test_column (tr, "cl.mode"), *cl_tau = sw_test_column (tr, "cl.tau");

  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    {
      g_assert_cmpfloat_with_epsilon (w1[r], t[r] < 1 ? 0.25 * t[r] : 0.25 - 3.4 * (t[r] - 1), 1e-9);
      g_assert_cmpfloat_with_epsilon (w3[r], t[r] < 1 ? 0.25 * t[r] : 0.25 - 0.2 * (t[r] - 1), 1e-9);
      g_assert_cmpfloat_with_epsilon (wt[r] + sw_test_column (tr, "J1.w")[r], w3[r], 1e-9);
      g_assert_cmpfloat (cl_mode[r], ==, 0);
      if (t[r] > 0 && t[r] != 1)
        g_assert_cmpfloat_with_epsilon (fabs (cl_tau[r]), t[r] < 1 ? 0.25 : 0.2, 1e-6);
    }
}

static char *
renamed_band (const char *name)
{
  static const char *const from[] = { "J1.", "T.", "J3.", "cl." };
  static const char *const to[] = { "z.", "y.", "x.", "a." };

  for (guint k = 0; k < G_N_ELEMENTS (from); k++)
    if (g_str_has_prefix (name, from[k]))
      return g_strconcat (to[k], name + strlen (from[k]), NULL);
  return g_strdup (name);
}

static void
test_band_ids (void)
{
  g_autoptr (SwTrajectory) a = sw_test_run_text (BAND_MODEL ("J1", "T", "J3", "cl"), 0, 0);
  g_autoptr (SwTrajectory) b = sw_test_run_text (BAND_MODEL ("z", "y", "x", "a"), 0, 0);

  sw_test_assert_same_run (a, b, renamed_band, 1e-9, 1e-12);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/friction-joint/freewheel/closed-form", test_freewheel_closed_form);
  g_test_add_func ("/core/friction-joint/freewheel/weak-clutch", test_freewheel_weak_clutch);
  g_test_add_func ("/core/friction-joint/freewheel/ids", test_freewheel_ids);
  g_test_add_func ("/core/friction-joint/freewheel/square-wave", test_freewheel_square_wave);
  g_test_add_func ("/core/friction-joint/long-line", test_long_line);
  g_test_add_func ("/core/friction-joint/stop/closed-form", test_stop_closed_form);
  g_test_add_func ("/core/friction-joint/stop/ids", test_stop_ids);
  g_test_add_func ("/core/friction-joint/stop/weak-friction", test_stop_weak_friction);
  g_test_add_func ("/core/friction-joint/latch/weak-clutch", test_latch_weak_clutch);
  g_test_add_func ("/core/friction-joint/stick-band/closed-form", test_band_closed_form);
  g_test_add_func ("/core/friction-joint/stick-band/ids", test_band_ids);
  return g_test_run ();
}
