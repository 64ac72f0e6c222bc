/* bench-chain.c: cost of assembly and of one evaluation of the equations
 * for chains of N inertias and springs (with a gear and a massless spring
 * pair in each tenth section). Prints each cost per section as a ratio to the
 * N = 10 baseline of the same run: linear work keeps the ratio near 1.
 *
 * Run: meson test -C build --benchmark bench-chain --verbose
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <stdio.h>
#include <glib.h>

#include "sw-equations-private.h"
#include "sw-model.h"
#include "sw-simulate.h"

static char *
chain_json (guint n)
{
  GString *s = g_string_new ("{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"chain\", \"components\": [\n"
                             "{\"id\": \"torque\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": {\"sine\": {\"amplitude\": 10, \"freq_hz\": 5}}}}");
  GString *c = g_string_new ("\"connections\": [{\"from\": \"torque.flange\", \"to\": \"j0.flange_a\"}");

  for (guint i = 0; i < n; i++)
    {
      g_string_append_printf (s, ",\n{\"id\": \"j%u\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.1}}", i);
      if (i + 1 == n)
        break;
      if (i % 10 == 5)
        {
          /* gear, then two springs in series around a massless node */
          g_string_append_printf (s, ",\n{\"id\": \"g%u\", \"kind\": \"rotational.ideal_gear\", \"params\": {\"ratio\": 2}}", i);
          g_string_append_printf (s, ",\n{\"id\": \"m%u\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.05}}", i);
          g_string_append_printf (s, ",\n{\"id\": \"s%u\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 1000}}", i);
          g_string_append_printf (s, ",\n{\"id\": \"t%u\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 2000}}", i);
          g_string_append_printf (c, ",{\"from\": \"j%u.flange_b\", \"to\": \"g%u.flange_a\"}", i, i);
          g_string_append_printf (c, ",{\"from\": \"g%u.flange_b\", \"to\": \"m%u.flange_a\"}", i, i);
          g_string_append_printf (c, ",{\"from\": \"m%u.flange_b\", \"to\": \"s%u.flange_a\"}", i, i);
          g_string_append_printf (c, ",{\"from\": \"s%u.flange_b\", \"to\": \"t%u.flange_a\"}", i, i);
          g_string_append_printf (c, ",{\"from\": \"t%u.flange_b\", \"to\": \"j%u.flange_a\"}", i, i + 1);
        }
      else
        {
          g_string_append_printf (s, ",\n{\"id\": \"s%u\", \"kind\": \"rotational.spring_damper\", \"params\": {\"c\": 1000, \"d\": 0.1}}", i);
          g_string_append_printf (c, ",{\"from\": \"j%u.flange_b\", \"to\": \"s%u.flange_a\"}", i, i);
          g_string_append_printf (c, ",{\"from\": \"s%u.flange_b\", \"to\": \"j%u.flange_a\"}", i, i + 1);
        }
    }
  g_string_append (s, "],\n");
  g_string_append (c, "]}");
  g_string_append (s, c->str);
  g_string_free (c, TRUE);
  return g_string_free (s, FALSE);
}

/* N inertias joined by ideal gears, no compliance: one rigid group whose
 * reactions form one block of rows. */
static char *
gear_train_json (guint n)
{
  GString *s = g_string_new ("{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"gears\", \"components\": [\n"
                             "{\"id\": \"torque\", \"kind\": \"rotational.constant_torque\"}");
  GString *c = g_string_new ("\"connections\": [{\"from\": \"torque.flange\", \"to\": \"j0.flange_a\"}");

  for (guint i = 0; i < n; i++)
    {
      g_string_append_printf (s, ",\n{\"id\": \"j%u\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.01}}", i);
      if (i + 1 == n)
        break;
      g_string_append_printf (s, ",\n{\"id\": \"g%u\", \"kind\": \"rotational.ideal_gear\", \"params\": {\"ratio\": 1.001}}", i);
      g_string_append_printf (c, ",{\"from\": \"j%u.flange_b\", \"to\": \"g%u.flange_a\"}", i, i);
      g_string_append_printf (c, ",{\"from\": \"g%u.flange_b\", \"to\": \"j%u.flange_a\"}", i, i + 1);
    }
  g_string_append (s, "],\n");
  g_string_append (c, "]}");
  g_string_append (s, c->str);
  g_string_free (c, TRUE);
  return g_string_free (s, FALSE);
}

/* Assembly and a simulation with every variable (every reaction) output. */
static void
bench_gear_train (void)
{
  const guint sizes[] = { 10, 100, 1000 };
  double base = 0;

  printf ("\n%6s %12s %12s %10s\n", "gears", "assembly_s", "simulate_s", "per_N");
  for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
    {
      guint n = sizes[k];
      g_autofree char *json = gear_train_json (n);
      g_autoptr (GError) error = NULL;
      g_autoptr (SwModel) model = sw_model_new_from_data (json, -1, "gears", &error);
      g_autoptr (SwSystem) sys = NULL;
      g_autoptr (SwTrajectory) tr = NULL;
      g_autoptr (GTimer) timer = g_timer_new ();
      SwSimulateOptions o;
      double assembly, sim;

      g_assert_no_error (error);
      sys = sw_model_assemble (model, &error);
      assembly = g_timer_elapsed (timer, NULL);
      g_assert_no_error (error);
      o = sw_simulate_options_from_system (sys);
      o.stop_time_s = 1;
      o.output_interval_s = 0.01;
      g_timer_start (timer);
      tr = sw_simulate (sys, &o, NULL, NULL, NULL, &error);
      sim = g_timer_elapsed (timer, NULL);
      g_assert_no_error (error);
      if (k == 0)
        base = (assembly + sim) / n;
      printf ("%6u %12.3g %12.3g %10.2f\n", n, assembly, sim, (assembly + sim) / n / base);
    }
}

int
main (void)
{
  const guint sizes[] = { 10, 100, 1000, 3000 };
  double base_assembly = 0, base_eval = 0;

  printf ("%6s %8s %12s %12s %10s %12s %10s\n", "N", "states", "assembly_s", "per_N", "ratio", "eval_s/N", "ratio");
  for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
    {
      guint n = sizes[k];
      g_autofree char *json = chain_json (n);
      g_autoptr (GError) error = NULL;
      g_autoptr (SwModel) model = sw_model_new_from_data (json, -1, "chain", &error);
      g_autoptr (SwSystem) sys = NULL;
      g_autoptr (SwEquations) eq = NULL;
      g_autofree double *ydot = NULL;
      g_autoptr (GTimer) timer = g_timer_new ();
      double t_assembly, t_eval;
      guint reps = MAX (20, 200000 / n);

      g_assert_no_error (error);
      g_timer_start (timer);
      sys = sw_model_assemble (model, &error);
      t_assembly = g_timer_elapsed (timer, NULL);
      g_assert_no_error (error);

      eq = sw_equations_new (sys);
      ydot = g_new (double, sw_system_get_n_states (sys));
      g_timer_start (timer);
      for (guint r = 0; r < reps; r++)
        if (!sw_equations_eval (eq, 1e-3 * r, sys->y0, ydot))
          g_error ("evaluation failed: %s", eq->error->message);
      t_eval = g_timer_elapsed (timer, NULL) / reps;

      if (k == 0)
        {
          base_assembly = t_assembly / n;
          base_eval = t_eval / n;
        }
      printf ("%6u %8u %12.3g %12.3g %10.2f %12.3g %10.2f\n", n, sw_system_get_n_states (sys), t_assembly,
              t_assembly / n, t_assembly / n / base_assembly, t_eval / n, t_eval / n / base_eval);
    }
  bench_gear_train ();
  return 0;
}
