/* test-engine-initial.c: initial values: their propagation, contradictions,
 * relative values, and errors at the start.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include <glib.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>

#include "sw-error.h"
#include "sw-model.h"
#include "sw-simulate.h"
#include "sw-system.h"
#include "sw-trajectory.h"
#include "test-engine-common.h"

/* ---- 5. Errors and initial values --------------------------------------- */

static void
test_error_no_inertia (void)
{
  /* A source alone, and one on a body without inertia. */
  static const char alone[] = MODEL (COMP ("motor", "rotational.torque", "'tau': 1"), "");
  static const char massless[] = MODEL (
    COMP ("motor", "rotational.torque", "'tau': {'sine': {'amplitude': 1, 'freq_hz': 2}}") ", "
    COMP ("disk", "rotational.inertia", "'J': 0"),
    WIRE ("motor.flange", "disk.flange_a"));
  const char *const texts[] = { alone, massless };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autoptr(GError) error = assemble_error (texts[i]);

      g_assert_error (error, SW_ERROR, SW_ERROR_SINGULAR);
      g_assert_true (g_str_has_prefix (error->message, "engine.shaft:"));
      g_assert_nonnull (strstr (error->message, "“motor”"));
      g_assert_nonnull (strstr (error->message, "no inertia to accelerate"));
    }
}

/* inertia1.w0 = 1 and inertia2.w0 = 1 through ratio 10: inertia1.w0 would
 * have to be 10. */
static void
test_error_initial_contradiction (void)
{
  static const char text[] = MODEL (
    COMP ("inertia1", "rotational.inertia", "'J': 0.1, 'w0': 1") ", "
    COMP ("gear", "rotational.ideal_gear", "'ratio': 10") ", "
    COMP ("inertia2", "rotational.inertia", "'J': 2, 'w0': 1"),
    WIRE ("inertia1.flange_b", "gear.flange_a") ", "
    WIRE ("gear.flange_b", "inertia2.flange_a"));

  g_autoptr(GError) error = assemble_error (text);

  g_assert_error (error, SW_ERROR, SW_ERROR_CONTRADICTION);
  g_assert_true (g_str_has_prefix (error->message, "engine.shaft:"));
  g_assert_nonnull (strstr (error->message, "inertia1"));
  g_assert_nonnull (strstr (error->message, "inertia2"));
  g_assert_nonnull (strstr (error->message, "w0"));
}

/* An initial value against a fixed flange or a speed source: the message
 * gives both values with their unit. */
static void
test_initial_against_fixed (void)
{
  static const char fixed[] = MODEL (
    COMP ("ground", "rotational.fixed", "") ", "
    COMP ("disc", "rotational.inertia", "'phi0': 1"),
    WIRE ("ground.flange", "disc.flange_a"));
  static const char speed[] = MODEL (
    COMP ("motor", "rotational.speed", "'w_ref': 10") ", "
    COMP ("disc", "rotational.inertia", "'w0': 5"),
    WIRE ("motor.flange", "disc.flange_a"));
  g_autoptr(GError) e1 = assemble_error (fixed);
  g_autoptr(GError) e2 = assemble_error (speed);

  g_assert_error (e1, SW_ERROR, SW_ERROR_CONTRADICTION);
  g_assert_nonnull (strstr (e1->message, "disc.phi0 = 1 rad"));
  g_assert_nonnull (strstr (e1->message, "the 0 rad"));
  g_assert_error (e2, SW_ERROR, SW_ERROR_CONTRADICTION);
  g_assert_nonnull (strstr (e2->message, "disc.w0 = 5 rad/s"));
  g_assert_nonnull (strstr (e2->message, "the 10 rad/s"));
}

/* Relative initial values (Modelica's phi_rel (start, fixed = true)):
 * through a spring from a fixed flange they set the body; against a body's
 * own they make the other one; between flanges of one rigid group or
 * against a body's value they contradict, naming both. Translational
 * relative positions are of the flanges (a mass's flange_a lies L/2
 * behind its centre). */
static void
test_initial_relative (void)
{
  static const char chain[] = MODEL (
    COMP ("ground", "rotational.fixed", "") ", "
    COMP ("spring1", "rotational.spring", "'c': 100, 'phi_rel_start': 0.1, 'w_rel_start': 2") ", "
    COMP ("J1", "rotational.inertia", "'J': 1") ", "
    COMP ("spring2", "rotational.spring_damper", "'c': 100, 'd': 1, 'phi_rel_start': -0.05, 'w_rel_start': -1") ", "
    COMP ("J2", "rotational.inertia", "'J': 1"),
    WIRE ("ground.flange", "spring1.flange_a") ", " WIRE ("spring1.flange_b", "J1.flange_a") ", "
    WIRE ("J1.flange_b", "spring2.flange_a") ", " WIRE ("spring2.flange_b", "J2.flange_a"));
  static const char both[] = MODEL (
    COMP ("ground", "rotational.fixed", "") ", "
    COMP ("spring", "rotational.spring", "'c': 100, 'phi_rel_start': 0.1") ", "
    COMP ("disc", "rotational.inertia", "'J': 1, 'phi0': 0.2"),
    WIRE ("ground.flange", "spring.flange_a") ", " WIRE ("spring.flange_b", "disc.flange_a"));
  static const char rigid[] = MODEL (
    COMP ("disc", "rotational.inertia", "'J': 1") ", "
    COMP ("spring", "rotational.spring", "'c': 100, 'phi_rel_start': 0.1"),
    WIRE ("disc.flange_a", "spring.flange_a") ", " WIRE ("disc.flange_b", "spring.flange_b"));
  static const char masses[] = MODEL (
    COMP ("m1", "translational.mass", "'m': 1, 'L': 2, 's0': 1") ", "
    COMP ("spring", "translational.spring", "'c': 10, 's_rel_start': 0.5, 'v_rel_start': -3") ", "
    COMP ("m2", "translational.mass", "'m': 1, 'L': 4"),
    WIRE ("m1.flange_b", "spring.flange_a") ", " WIRE ("spring.flange_b", "m2.flange_a"));
  g_autoptr(SwSystem) sys = assemble (chain);
  g_autoptr(SwSystem) sys_m = assemble (masses);
  g_autoptr(SwTrajectory) tr = simulate_system (sys, 0.01, 0.01, 1e-8);
  g_autoptr(SwTrajectory) tr_m = simulate_system (sys_m, 0.01, 0.01, 1e-8);
  g_autoptr(GError) e1 = assemble_error (both);
  g_autoptr(GError) e2 = assemble_error (rigid);

  assert_abs (column (tr, "J1.phi")[0], 0.1, 1e-15);
  assert_abs (column (tr, "J1.w")[0], 2, 1e-15);
  assert_abs (column (tr, "J2.phi")[0], 0.05, 1e-15);
  assert_abs (column (tr, "J2.w")[0], 1, 1e-15);
  assert_abs (column (tr, "spring2.phi_rel")[0], -0.05, 1e-15);
  /* m1's flange_b at 1 + 1 = 2, m2's flange_a at 2.5: its centre at 4.5. */
  assert_abs (column (tr_m, "m2.s")[0], 4.5, 1e-15);
  assert_abs (column (tr_m, "m2.v")[0], -3, 1e-15);
  assert_abs (column (tr_m, "spring.s_rel")[0], 0.5, 1e-15);
  g_assert_error (e1, SW_ERROR, SW_ERROR_CONTRADICTION);
  g_assert_nonnull (strstr (e1->message, "spring.phi_rel_start"));
  g_assert_nonnull (strstr (e1->message, "disc.phi0"));
  g_assert_error (e2, SW_ERROR, SW_ERROR_CONTRADICTION);
  g_assert_nonnull (strstr (e2->message, "spring.phi_rel_start = 0.1 rad cannot hold: the flanges of spring are rigidly connected"));
}

/* A mass's s0 names its centre, L/2 ahead of flange_a: the messages quote
 * centre positions, the numbers the user writes. mass's flange_b sits at
 * 7 + 2 = 9, so other.s0 (L = 2) would have to be 10; against a fixed flange
 * at 0, mass.s0 would have to be 2. */
static void
test_initial_mass_centre (void)
{
  static const char two[] = MODEL (
    COMP ("mass", "translational.mass", "'m': 1, 'L': 4, 's0': 7") ", "
    COMP ("other", "translational.mass", "'m': 1, 'L': 2, 's0': 0"),
    WIRE ("mass.flange_b", "other.flange_a"));
  static const char fixed[] = MODEL (
    COMP ("ground", "translational.fixed", "") ", "
    COMP ("mass", "translational.mass", "'m': 1, 'L': 4, 's0': 7"),
    WIRE ("ground.flange", "mass.flange_a"));
  g_autoptr(GError) e1 = assemble_error (two);
  g_autoptr(GError) e2 = assemble_error (fixed);

  g_assert_error (e1, SW_ERROR, SW_ERROR_CONTRADICTION);
  g_assert_nonnull (strstr (e1->message, "other.s0 would have to be 10)"));
  g_assert_error (e2, SW_ERROR, SW_ERROR_CONTRADICTION);
  g_assert_nonnull (strstr (e2->message, "mass.s0 = 7 m"));
  g_assert_nonnull (strstr (e2->message, "the 2 m"));
}

/* Values within the scale that still overflow together at the initial
 * state (tau_nominal (w0 / w_nominal)^2 = 1e100 * 1e400) are refused at
 * assembly, naming the component and the variable. */
static void
test_error_overflow_at_start (void)
{
  static const char text[] = MODEL (
    COMP ("disc", "rotational.inertia", "'J': 1, 'w0': 1e100") ", "
    COMP ("fan", "rotational.quadratic_speed_dependent_torque", "'tau_nominal': -1e100, 'w_nominal': 1e-100"),
    WIRE ("disc.flange_a", "fan.flange"));
  g_autoptr(GError) error = assemble_error (text);

  g_assert_error (error, SW_ERROR, SW_ERROR_NOT_FINITE);
  g_assert_nonnull (strstr (error->message, "engine.shaft:"));
  g_assert_nonnull (strstr (error->message, "is infinite at t = 0 s"));
}

/* A custom coupling's formula that is NaN at the start (0/w_rel at rest)
 * is named, not the fixed flange (first among the parts) that only carries its NaN
 * (fuzz25). */
static void
test_error_nan_law_named (void)
{
  static const char text[] = MODEL (
    COMP ("base", "rotational.fixed", "") ", "
    COMP ("link", "rotational.custom_coupling", "'tau': '0/w_rel'") ", "
    COMP ("disc", "rotational.inertia", "'J': 1"),
    WIRE ("base.flange", "link.flange_a") ", "
    WIRE ("link.flange_b", "disc.flange_a"));
  g_autoptr(GError) error = assemble_error (text);

  g_assert_error (error, SW_ERROR, SW_ERROR_NOT_FINITE);
  g_assert_nonnull (strstr (error->message, "component “link”: link.tau is NaN at t = 0 s"));
}

/* Only the far side is given: the near side follows through the gear. */
static void
test_initial_propagation (void)
{
  static const char text[] = MODEL (
    COMP ("inertia1", "rotational.inertia", "'J': 0.1") ", "
    COMP ("gear", "rotational.ideal_gear", "'ratio': 10") ", "
    COMP ("inertia2", "rotational.inertia", "'J': 2, 'phi0': 0.5, 'w0': 2"),
    WIRE ("inertia1.flange_b", "gear.flange_a") ", "
    WIRE ("gear.flange_b", "inertia2.flange_a"));
  g_autoptr(SwTrajectory) tr = simulate (text, 0.5, 0.1, 1e-10);
  const double *t = sw_trajectory_get_times (tr);
  const double *phi1 = column (tr, "inertia1.phi"), *w1 = column (tr, "inertia1.w");
  const double *phi2 = column (tr, "inertia2.phi"), *w2 = column (tr, "inertia2.w");

  assert_rel (w1[0], 20, 1e-14);
  assert_rel (phi1[0], 5, 1e-14);
  assert_rel (w2[0], 2, 1e-14);
  assert_rel (phi2[0], 0.5, 1e-14);
  /* Nothing acts: the speeds stay. */
  for (guint k = 0; k < sw_trajectory_get_n_rows (tr); k++)
    {
      assert_rel (w1[k], 20, 1e-12);
      assert_close (phi1[k], 5 + 20 * t[k], 1e-12);
    }
}

/* sw_model_assemble_emptying(): the same system or the same message
 * (naming the component at its line and column, which the model no longer
 * has) as sw_model_assemble(), and the model left without components and
 * connections either way. */
static SwModel *
model_of (const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *json = g_strdelimit (g_strdup (text), "'", '"');
  SwModel *model = sw_model_new_from_data (json, -1, "engine.shaft", &error);

  g_assert_no_error (error);
  return model;
}

static void
test_emptying (void)
{
  static const char bad[] = MODEL (
    COMP ("inertia1", "rotational.inertia", "'J': 0.1, 'w0': 1") ",\n"
    COMP ("gear", "rotational.ideal_gear", "'ratio': 10") ",\n"
    COMP ("inertia2", "rotational.inertia", "'J': 2, 'w0': 1"),
    WIRE ("inertia1.flange_b", "gear.flange_a") ", "
    WIRE ("gear.flange_b", "inertia2.flange_a"));
  static const char massless[] = MODEL (
    COMP ("disk", "rotational.inertia", "'J': 0") ",\n  "
    COMP ("motor", "rotational.torque", "'tau': {'sine': {'amplitude': 1, 'freq_hz': 2}}"),
    WIRE ("motor.flange", "disk.flange_a"));
  static const char good[] = MODEL (
    COMP ("inertia1", "rotational.inertia", "'J': 0.1") ", "
    COMP ("spring", "rotational.spring_damper", "'c': 100, 'd': 0.5") ", "
    COMP ("inertia2", "rotational.inertia", "'J': 2, 'phi0': 0.5, 'w0': 2"),
    WIRE ("inertia1.flange_b", "spring.flange_a") ", "
    WIRE ("spring.flange_b", "inertia2.flange_a"));
  const char *const texts[] = { bad, massless };
  /* Where the component named is: inertia2, motor. */
  const char *const places[] = { "engine.shaft:3:1: ", "engine.shaft:2:3: " };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autoptr(SwModel) kept = model_of (texts[i]);
      g_autoptr(SwModel) emptied = model_of (texts[i]);
      g_autoptr(GError) e1 = NULL;
      g_autoptr(GError) e2 = NULL;

      g_assert_null (sw_model_assemble (kept, &e1));
      g_assert_null (sw_model_assemble_emptying (emptied, &e2));
      g_assert_nonnull (e1);
      g_assert_nonnull (e2);
      g_assert_cmpint (e2->code, ==, e1->code);
      g_assert_cmpstr (e2->message, ==, e1->message);
      g_assert_true (g_str_has_prefix (e2->message, places[i]));
      g_assert_cmpuint (sw_model_get_n_components (kept), ==, 3 - i);
      g_assert_cmpuint (sw_model_get_n_components (emptied), ==, 0);
      g_assert_cmpuint (sw_model_get_n_connections (emptied), ==, 0);
    }
  {
    g_autoptr(SwModel) kept = model_of (good);
    g_autoptr(SwModel) emptied = model_of (good);
    g_autoptr(SwSystem) s1 = assemble_model (kept);
    g_autoptr(GError) error = NULL;
    g_autoptr(SwSystem) s2 = sw_model_assemble_emptying (emptied, &error);
    g_autoptr(SwTrajectory) t1 = NULL;
    g_autoptr(SwTrajectory) t2 = NULL;
    const double *w1;

    g_assert_no_error (error);
    g_assert_cmpuint (sw_model_get_n_components (emptied), ==, 0);
    g_assert_cmpuint (sw_model_get_n_connections (emptied), ==, 0);
    g_assert_cmpstr (sw_model_get_name (emptied), ==, "engine test");
    t1 = simulate_system (s1, 0.5, 0.05, 1e-8);
    t2 = simulate_system (s2, 0.5, 0.05, 1e-8);
    g_assert_cmpuint (sw_trajectory_get_n_rows (t2), ==, sw_trajectory_get_n_rows (t1));
    g_assert_cmpuint (sw_trajectory_get_n_columns (t2), ==, sw_trajectory_get_n_columns (t1));
    for (guint c = 0; c < sw_trajectory_get_n_columns (t1); c++)
      g_assert_cmpmem (sw_trajectory_get_column (t2, c), sw_trajectory_get_n_rows (t2) * sizeof (double),
                       sw_trajectory_get_column (t1, c), sw_trajectory_get_n_rows (t1) * sizeof (double));
    /* Independent of both: the momentum J1 w1 + J2 w2 = 4 stays. */
    w1 = column (t2, "inertia1.w");
    {
      const double *w2 = column (t2, "inertia2.w");
      guint last = sw_trajectory_get_n_rows (t2) - 1;

      assert_rel (0.1 * w1[last] + 2 * w2[last], 4, 1e-7);
    }
  }
}

/* The same for a model large enough that the assembly gives the heap's
 * free pages back between its steps (SW_TRIM_MIN_NODES): its components
 * go before the nodes are made from its connections. A chain of 20 000
 * inertias (40 000 nodes) with every other one turning: the same bits,
 * and the momentum sum J w of the start. */
static void
test_emptying_large (void)
{
  const guint n = 20000;
  g_autoptr(GString) text = g_string_new ("{'format': 'shaftwork-model', 'version': 1, 'name': 'chain', 'components': [");
  g_autoptr(GString) wires = g_string_new (NULL);
  g_autoptr(SwModel) kept = NULL;
  g_autoptr(SwModel) emptied = NULL;
  g_autoptr(SwSystem) s1 = NULL;
  g_autoptr(SwSystem) s2 = NULL;
  g_autoptr(SwTrajectory) t1 = NULL;
  g_autoptr(SwTrajectory) t2 = NULL;
  g_autoptr(GError) error = NULL;
  double momentum = 0;
  guint last;

  for (guint i = 0; i < n; i++)
    {
      g_string_append_printf (text, "%s{'id': 'J%u', 'kind': 'rotational.inertia', 'params': {'J': %g, 'w0': %u}}",
                              i > 0 ? ", " : "", i, 0.01 * (1 + i % 3), i % 2);
      if (i + 1 < n)
        {
          g_string_append_printf (text, ", {'id': 'S%u', 'kind': 'rotational.spring_damper', "
                                        "'params': {'c': 1e4, 'd': 1}}", i);
          g_string_append_printf (wires, "%s{'from': 'J%u.flange_b', 'to': 'S%u.flange_a'}, "
                                         "{'from': 'S%u.flange_b', 'to': 'J%u.flange_a'}",
                                  i > 0 ? ", " : "", i, i, i, i + 1);
        }
    }
  g_string_append_printf (text, "], 'connections': [%s]}", wires->str);
  kept = model_of (text->str);
  emptied = model_of (text->str);
  s1 = assemble_model (kept);
  s2 = sw_model_assemble_emptying (emptied, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (sw_model_get_n_components (emptied), ==, 0);
  g_assert_cmpuint (sw_model_get_n_connections (emptied), ==, 0);
  g_assert_cmpuint (sw_model_get_n_components (kept), ==, 2 * n - 1);
  t1 = simulate_system (s1, 1e-3, 1e-3, 1e-6);
  t2 = simulate_system (s2, 1e-3, 1e-3, 1e-6);
  g_assert_cmpuint (sw_trajectory_get_n_rows (t2), ==, sw_trajectory_get_n_rows (t1));
  g_assert_cmpuint (sw_trajectory_get_n_columns (t2), ==, sw_trajectory_get_n_columns (t1));
  for (guint c = 0; c < sw_trajectory_get_n_columns (t1); c++)
    g_assert_cmpmem (sw_trajectory_get_column (t2, c), sw_trajectory_get_n_rows (t2) * sizeof (double),
                     sw_trajectory_get_column (t1, c), sw_trajectory_get_n_rows (t1) * sizeof (double));
  last = sw_trajectory_get_n_rows (t2) - 1;
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf ("J%u.w", i);

      momentum += 0.01 * (1 + i % 3) * column (t2, name)[last];
    }
  {
    double start = 0;

    for (guint i = 1; i < n; i += 2)
      start += 0.01 * (1 + i % 3);
    assert_rel (momentum, start, 1e-9);
  }
}

/* Parts of a kind with the same numbers share one copy of them
 * (sw-system-parts.c); each part still has its own component's values
 * and its own motion, and the chain keeps its momentum. */
static void
test_shared_numbers (void)
{
  static const char text[] = MODEL (
    COMP ("a", "rotational.inertia", "'J': 0.5, 'w0': 2") ", "
    COMP ("s1", "rotational.spring_damper", "'c': 100, 'd': 0.5") ", "
    COMP ("b", "rotational.inertia", "'J': 0.5, 'w0': 2") ", "
    COMP ("s2", "rotational.spring_damper", "'c': 100, 'd': 0.5") ", "
    COMP ("c", "rotational.inertia", "'J': 0.25, 'w0': 0") ", "
    COMP ("s3", "rotational.spring_damper", "'c': 100, 'd': 0.25"),
    WIRE ("a.flange_b", "s1.flange_a") ", " WIRE ("s1.flange_b", "b.flange_a") ", "
    WIRE ("b.flange_b", "s2.flange_a") ", " WIRE ("s2.flange_b", "c.flange_a") ", "
    WIRE ("c.flange_b", "s3.flange_a") ", " WIRE ("s3.flange_b", "a.flange_a"));
  g_autoptr(SwModel) model = model_of (text);
  g_autoptr(SwSystem) sys = assemble_model (model);
  const SwPart *a = sw_system_get_model_part (sys, 0), *s1 = sw_system_get_model_part (sys, 1);
  const SwPart *b = sw_system_get_model_part (sys, 2), *s2 = sw_system_get_model_part (sys, 3);
  const SwPart *c = sw_system_get_model_part (sys, 4), *s3 = sw_system_get_model_part (sys, 5);
  g_autoptr(SwTrajectory) tr = NULL;

  g_assert_true (a->param == b->param);
  g_assert_true (s1->param == s2->param);
  g_assert_true (c->param != a->param);
  g_assert_true (s3->param != s1->param);
  g_assert_cmpfloat (a->param[0], ==, 0.5);
  g_assert_cmpfloat (c->param[0], ==, 0.25);
  g_assert_cmpfloat (s2->param[0], ==, 100);
  g_assert_cmpfloat (s3->param[1], ==, 0.25);
  /* A ring of three bodies: its momentum 0.5 2 + 0.5 2 = 2 stays, while
   * a and b, with the same numbers, move apart. */
  tr = simulate_system (sys, 0.2, 0.01, 1e-10);
  {
    const double *wa = column (tr, "a.w"), *wb = column (tr, "b.w"), *wc = column (tr, "c.w");
    guint last = sw_trajectory_get_n_rows (tr) - 1;

    for (guint r = 0; r <= last; r++)
      assert_rel (0.5 * wa[r] + 0.5 * wb[r] + 0.25 * wc[r], 2, 1e-8);
    g_assert_cmpfloat (fabs (wa[last] - wb[last]), >, 1e-3);
  }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/engine/errors/no-inertia", test_error_no_inertia);
  g_test_add_func ("/core/engine/errors/emptying", test_emptying);
  g_test_add_func ("/core/engine/emptying-large", test_emptying_large);
  g_test_add_func ("/core/engine/shared-numbers", test_shared_numbers);
  g_test_add_func ("/core/engine/errors/initial-contradiction", test_error_initial_contradiction);
  g_test_add_func ("/core/engine/errors/initial-mass-centre", test_initial_mass_centre);
  g_test_add_func ("/core/engine/errors/overflow-at-start", test_error_overflow_at_start);
  g_test_add_func ("/core/engine/errors/nan-law-named", test_error_nan_law_named);
  g_test_add_func ("/core/engine/initial/propagation", test_initial_propagation);
  g_test_add_func ("/core/engine/initial/against-fixed", test_initial_against_fixed);
  g_test_add_func ("/core/engine/initial/relative", test_initial_relative);

  return g_test_run ();
}
