/* test-random-models.c: random drivetrains never crash the engine.
 *
 * Models are drawn from the whole catalogue (random kinds, parameters within
 * their valid ranges, random connections between ports of one domain).
 * Each one assembles or gives a GError in the SW_ERROR domain; an assembled
 * one simulates a short time to finite values or gives a GError; the modal
 * analysis likewise. Seeded, so a failure reproduces.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>
#include <glib.h>

#include "sw-error.h"
#include "sw-kind.h"
#include "sw-model.h"
#include "sw-modes.h"
#include "sw-simulate.h"
#include "sw-system.h"

static double
random_value (GRand *rand, const SwParamDesc *p)
{
  double lo = isfinite (p->min) ? p->min : -10, hi = isfinite (p->max) ? p->max : 10;

  if (p->type == SW_PARAM_BOOLEAN)
    return g_rand_boolean (rand);
  if (g_rand_int_range (rand, 0, 3) == 0 && !isnan (p->default_value))
    return p->default_value;
  if (isfinite (p->min) && !isfinite (p->max))
    hi = lo + 1000;
  /* Stay clear of an exclusive lower bound. */
  return p->min_exclusive ? lo + (hi - lo) * (0.01 + 0.99 * g_rand_double (rand))
                          : g_rand_double_range (rand, lo, hi);
}

static SwModel *
random_model (GRand *rand)
{
  guint n_kinds, n = g_rand_int_range (rand, 1, 8);
  const SwKind *const *kinds = sw_catalog_get_kinds (&n_kinds);
  SwModel *model = sw_model_new ();
  GPtrArray *ports = g_ptr_array_new_with_free_func (g_free);
  GArray *domains = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; i < n; i++)
    {
      const SwKind *kind = kinds[g_rand_int_range (rand, 0, n_kinds)];
      g_autofree char *id = g_strdup_printf ("c%u", i);
      g_autoptr (GError) error = NULL;
      int index = sw_model_add_component (model, kind->name, id, &error);

      g_assert_no_error (error);
      for (guint k = 0; k < kind->n_params; k++)
        {
          const SwParamDesc *p = &kind->params[k];
          g_autoptr (GError) e = NULL;

          if (p->type == SW_PARAM_INITIAL && g_rand_boolean (rand))
            continue;
          sw_model_set_param (model, index, p->name, random_value (rand, p), &e);
          /* A kind-level check may refuse a combination: keep the default. */
          if (e != NULL)
            g_assert_true (e->domain == SW_ERROR);
        }
      for (guint k = 0; k < kind->n_ports; k++)
        {
          int d = kind->ports[k].domain;
          g_ptr_array_add (ports, g_strdup_printf ("%s.%s", id, kind->ports[k].name));
          g_array_append_val (domains, d);
        }
    }
  for (guint k = 0, m = g_rand_int_range (rand, 0, 2 * n + 2); k < m && ports->len > 1; k++)
    {
      guint a = g_rand_int_range (rand, 0, ports->len), b = g_rand_int_range (rand, 0, ports->len);
      g_autoptr (GError) error = NULL;

      if (a == b || g_array_index (domains, int, a) != g_array_index (domains, int, b))
        continue;
      sw_model_connect (model, g_ptr_array_index (ports, a), g_ptr_array_index (ports, b), &error);
      if (error != NULL)
        g_assert_true (error->domain == SW_ERROR);
    }
  g_ptr_array_unref (ports);
  g_array_unref (domains);
  return model;
}

static void
test_random_models (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (20261122);
  guint assembled = 0, simulated = 0, refused = 0;

  for (guint trial = 0; trial < 2000; trial++)
    {
      g_autoptr (SwModel) model = random_model (rand);
      g_autoptr (GError) error = NULL;
      g_autoptr (SwSystem) sys = sw_model_assemble (model, &error);
      g_autoptr (SwTrajectory) tr = NULL;
      g_autoptr (SwModes) modes = NULL;
      SwSimulateOptions o;

      if (sys == NULL)
        {
          g_assert_nonnull (error);
          g_assert_true (error->domain == SW_ERROR);
          g_assert_cmpuint (strlen (error->message), >, 10);
          if (g_getenv ("SW_SHOW_ERRORS"))
            g_printerr ("assemble: %s\n", error->message);
          refused++;
          continue;
        }
      assembled++;
      o = sw_simulate_options_from_system (sys);
      o.stop_time_s = 0.2;
      o.output_interval_s = 0.01;
      tr = sw_simulate (sys, &o, NULL, NULL, NULL, &error);
      if (tr == NULL)
        {
          g_assert_true (error->domain == SW_ERROR);
          if (g_getenv ("SW_SHOW_ERRORS"))
            g_printerr ("simulate: %s\n", error->message);
          g_clear_error (&error);
        }
      else
        {
          simulated++;
          for (guint c = 0; c < sw_trajectory_get_n_columns (tr); c++)
            for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
              {
                double v = sw_trajectory_get_column (tr, c)[r];
                /* Values may be huge for wild parameters, never NaN. */
                if (isnan (v))
                  g_error ("trial %u: %s is NaN at row %u", trial, sw_trajectory_get_column_name (tr, c), r);
              }
        }
      modes = sw_modes_compute (sys, 0, NULL, &error);
      if (modes == NULL)
        g_assert_true (error->domain == SW_ERROR);
    }
  g_test_message ("%u refused, %u assembled, %u simulated", refused, assembled, simulated);
  g_assert_cmpuint (assembled, >, 100);
  g_assert_cmpuint (refused, >, 50);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/random-models/never-crash", test_random_models);
  return g_test_run ();
}
