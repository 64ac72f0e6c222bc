/* sw-test-chain.c: see sw-test-chain.h.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-test-chain.h"

#include <math.h>
#include "sw-error.h"
#include "sw-lapack-private.h"

SwTestChain *
sw_test_chain_new (guint n, double J, double c, double tau, GError **error)
{
  const SwLapack *lapack = _sw_lapack_load (error);
  g_autoptr (SwTestChain) chain = NULL;
  g_autofree double *d = NULL, *e = NULL;
  g_autofree lapack_int *support = NULL;
  lapack_int found = 0;

  g_return_val_if_fail (n >= 2 && J > 0 && c > 0, NULL);
  if (lapack == NULL)
    return NULL;
  chain = g_new0 (SwTestChain, 1);
  chain->n = n, chain->J = J, chain->c = c, chain->tau = tau;
  chain->omega2 = g_new (double, n);
  chain->v = g_new (double, (gsize) n * n);
  d = g_new (double, n);
  e = g_new (double, n);
  support = g_new (lapack_int, 2 * n);
  /* K / J: c / J at the ends, 2 c / J inside, -c / J beside. */
  for (guint i = 0; i < n; i++)
    {
      d[i] = (i == 0 || i + 1 == n ? 1 : 2) * c / J;
      e[i] = -c / J;
    }
  /* Column-major: mode k is column k. */
  if (lapack->dstevr (LAPACK_COL_MAJOR, 'V', 'A', n, d, e, 0, 0, 0, 0, 0, &found, chain->omega2, chain->v, n,
                      support) != 0 || found != (lapack_int) n)
    {
      g_set_error_literal (error, SW_ERROR, SW_ERROR_NOT_CONVERGED, "dstevr failed");
      return NULL;
    }
  return g_steal_pointer (&chain);
}

void
sw_test_chain_free (SwTestChain *chain)
{
  if (chain == NULL)
    return;
  g_free (chain->omega2);
  g_free (chain->v);
  g_free (chain);
}

char *
sw_test_chain_json (const SwTestChain *chain, double stop_s, double interval_s)
{
  GString *s = g_string_new ("{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"step-chain\", "
                             "\"components\": [\n");
  GString *k = g_string_new ("\"connections\": [{\"from\": \"tau.flange\", \"to\": \"J0.flange_a\"}");

  g_string_append_printf (s, "{\"id\": \"tau\", \"kind\": \"rotational.constant_torque\", "
                             "\"params\": {\"tau_constant\": %.17g}}", chain->tau);
  for (guint i = 0; i < chain->n; i++)
    {
      g_string_append_printf (s, ",\n{\"id\": \"J%u\", \"kind\": \"rotational.inertia\", "
                                 "\"params\": {\"J\": %.17g, \"phi0\": 0, \"w0\": 0}}", i, chain->J);
      if (i + 1 == chain->n)
        break;
      g_string_append_printf (s, ",\n{\"id\": \"S%u\", \"kind\": \"rotational.spring\", \"params\": {\"c\": %.17g}}",
                              i, chain->c);
      g_string_append_printf (k, ",\n{\"from\": \"J%u.flange_b\", \"to\": \"S%u.flange_a\"}", i, i);
      g_string_append_printf (k, ",{\"from\": \"S%u.flange_b\", \"to\": \"J%u.flange_a\"}", i, i + 1);
    }
  g_string_append (s, "],\n");
  g_string_append_printf (k, "],\n\"simulation\": {\"stop_time\": %.17g, \"output_interval\": %.17g}}", stop_s,
                          interval_s);
  g_string_append (s, k->str);
  g_string_free (k, TRUE);
  return g_string_free (s, FALSE);
}

void
sw_test_chain_exact (const SwTestChain *chain, double t, double *phi, double *w)
{
  guint n = chain->n;

  for (guint i = 0; i < n; i++)
    phi[i] = w[i] = 0;
  /* Modal coordinates eta_k'' + omega_k^2 eta_k = v_0k tau / J from rest:
   * eta = b (1 - cos omega t) / omega^2 = 2 b sin^2 (omega t / 2) / omega^2,
   * eta' = b sin (omega t) / omega; the rigid mode b t^2 / 2 and b t. */
  for (guint k = 0; k < n; k++)
    {
      const double *v = chain->v + (gsize) k * n;
      double b = v[0] * chain->tau / chain->J, eta, deta;

      if (chain->omega2[k] < 1e-9 * chain->c / chain->J)
        eta = b * t * t / 2, deta = b * t;
      else
        {
          double omega = sqrt (chain->omega2[k]), s = sin (omega * t / 2);

          eta = 2 * b * s * s / chain->omega2[k];
          deta = b * sin (omega * t) / omega;
        }
      for (guint i = 0; i < n; i++)
        {
          phi[i] += v[i] * eta;
          w[i] += v[i] * deta;
        }
    }
}

void
sw_test_chain_errors (const SwTestChain *chain, SwTrajectory *tr, double *phi_rel, double *w_rel,
                      double *w_of_max)
{
  guint n = chain->n, rows = sw_trajectory_get_n_rows (tr);
  const double *t = sw_trajectory_get_times (tr);
  g_autofree const double **phi = g_new (const double *, n), **w = g_new (const double *, n);
  g_autofree double *ephi = g_new (double, n), *ew = g_new (double, n);
  g_autofree double *lo = g_new (double, 2 * n), *hi = g_new (double, 2 * n), *worst = g_new0 (double, 2 * n);
  double w_max = 0, w_err = 0, phi_range = 0, w_range = 0;

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *p_name = g_strdup_printf ("J%u.phi", i), *w_name = g_strdup_printf ("J%u.w", i);
      int pc = sw_trajectory_find_column (tr, p_name), wc = sw_trajectory_find_column (tr, w_name);

      g_assert (pc >= 0 && wc >= 0);
      phi[i] = sw_trajectory_get_column (tr, pc);
      w[i] = sw_trajectory_get_column (tr, wc);
      lo[i] = lo[n + i] = INFINITY;
      hi[i] = hi[n + i] = -INFINITY;
    }
  for (guint r = 0; r < rows; r++)
    {
      sw_test_chain_exact (chain, t[r], ephi, ew);
      for (guint i = 0; i < n; i++)
        {
          lo[i] = MIN (lo[i], ephi[i]), hi[i] = MAX (hi[i], ephi[i]);
          lo[n + i] = MIN (lo[n + i], ew[i]), hi[n + i] = MAX (hi[n + i], ew[i]);
          worst[i] = MAX (worst[i], fabs (phi[i][r] - ephi[i]));
          worst[n + i] = MAX (worst[n + i], fabs (w[i][r] - ew[i]));
          w_max = MAX (w_max, fabs (ew[i]));
        }
    }
  for (guint i = 0; i < n; i++)
    {
      phi_range = MAX (phi_range, hi[i] - lo[i]);
      w_range = MAX (w_range, hi[n + i] - lo[n + i]);
    }
  *phi_rel = *w_rel = 0;
  for (guint i = 0; i < n; i++)
    {
      if (hi[i] - lo[i] >= SW_TEST_CHAIN_MOVED * phi_range)
        *phi_rel = MAX (*phi_rel, worst[i] / (hi[i] - lo[i]));
      if (hi[n + i] - lo[n + i] >= SW_TEST_CHAIN_MOVED * w_range)
        *w_rel = MAX (*w_rel, worst[n + i] / (hi[n + i] - lo[n + i]));
      w_err = MAX (w_err, worst[n + i]);
    }
  *w_of_max = w_err / w_max;
}
