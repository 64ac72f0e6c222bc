/* test-engine-massless.c: chains and massless springs against closed forms and
 * ODEs written out by hand and integrated with GSL directly.
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

/* ---- 4. Massless nodes -------------------------------------------------- */

/* J = 1, phi0 = 0.1 — c1 = 100 — node — c2 = 300 — ground:
 * c_eq = c1 c2 / (c1 + c2) = 75, phi = phi0 cos (sqrt (75) t); the node sits
 * where c1 (x - phi) = -c2 x, x = c1 phi / (c1 + c2). */
static void
test_massless_series_springs (void)
{
  static const char text[] = MODEL (
    COMP ("inertia", "rotational.inertia", "'J': 1, 'phi0': 0.1, 'w0': 0") ", "
    COMP ("spring1", "rotational.spring", "'c': 100") ", "
    COMP ("spring2", "rotational.spring", "'c': 300") ", "
    COMP ("fixed", "rotational.fixed", ""),
    WIRE ("inertia.flange_b", "spring1.flange_a") ", "
    WIRE ("spring1.flange_b", "spring2.flange_a") ", "
    WIRE ("spring2.flange_b", "fixed.flange"));
  const double phi0 = 0.1, c1 = 100, c2 = 300, J = 1;
  const double omega = sqrt (c1 * c2 / (c1 + c2) / J);
  g_autoptr(SwSystem) sys = assemble (text);
  g_autoptr(SwTrajectory) tr = simulate_system (sys, 2, 0.01, 1e-10);
  const double *t = sw_trajectory_get_times (tr);
  const double *phi = column (tr, "inertia.phi"), *w = column (tr, "inertia.w");
  const double *rel1 = column (tr, "spring1.phi_rel"), *rel2 = column (tr, "spring2.phi_rel");
  const double *tau1 = column (tr, "spring1.tau"), *tau2 = column (tr, "spring2.tau");
  const double *wrel1 = column (tr, "spring1.w_rel");

  g_assert_cmpuint (sw_system_get_n_dofs (sys), ==, 1);
  g_assert_cmpuint (sw_system_get_n_massless (sys), ==, 1);
  for (guint k = 0; k < sw_trajectory_get_n_rows (tr); k++)
    {
      assert_abs (phi[k], phi0 * cos (omega * t[k]), 1e-6 * phi0);
      assert_abs (w[k], -phi0 * omega * sin (omega * t[k]), 1e-6 * phi0 * omega);
      /* The middle node where the force balance puts it. */
      assert_abs (rel1[k], -c2 / (c1 + c2) * phi[k], 1e-10 * phi0);
      assert_abs (rel2[k], -c1 / (c1 + c2) * phi[k], 1e-10 * phi0);
      assert_abs (tau1[k], tau2[k], 1e-9 * c1 * phi0);
      assert_abs (tau1[k], -c1 * c2 / (c1 + c2) * phi[k], 1e-9 * c1 * phi0);
      assert_abs (wrel1[k], -c2 / (c1 + c2) * w[k], 1e-5 * phi0 * omega);
    }
}

/* The accelerations of a chain whose stretches differ (c, d and J change
 * along it, so the evaluation's runs share their ends and 1 / m varies in
 * a run) against Newton's law written out, at t = 0. split: springs and
 * dampers as separate elements, listed one family after the other (two
 * runs on every stretch: the evaluation adds them up instead of assigning
 * them). */
static void
check_chain_accelerations (gboolean split)
{
  enum { N = 8 };
  const double J[N] = { 1, 1, 1, 2, 2, 0.5, 0.5, 0.5 }, c[N - 1] = { 100, 100, 100, 300, 300, 300, 50 },
               d[N - 1] = { 1, 1, 2, 2, 2, 2, 0.5 }, tau = 3;
  double phi[N], w[N];
  g_autoptr(GString) comps = g_string_new ("{'id': 'torque', 'kind': 'rotational.constant_torque', "
                                            "'params': {'tau_constant': 3}}");
  g_autoptr(GString) wires = g_string_new ("{'from': 'torque.flange', 'to': 'J0.flange_a'}");
  g_autoptr(SwSystem) sys = NULL;
  g_autoptr(SwTrajectory) tr = NULL;
  g_autofree char *text = NULL;

  for (guint k = 0; k < N; k++)
    {
      phi[k] = 0.01 * k * k, w[k] = sin (k);
      g_string_append_printf (comps, ", {'id': 'J%u', 'kind': 'rotational.inertia', "
                              "'params': {'J': %g, 'phi0': %.17g, 'w0': %.17g}}", k, J[k], phi[k], w[k]);
    }
  for (guint pass = 0; pass < (split ? 2 : 1); pass++)
    for (guint k = 0; k + 1 < N; k++)
      {
        const char *id = split ? (pass == 0 ? "c" : "d") : "cd";

        if (!split)
          g_string_append_printf (comps, ", {'id': 'cd%u', 'kind': 'rotational.spring_damper', "
                                  "'params': {'c': %g, 'd': %g}}", k, c[k], d[k]);
        else if (pass == 0)
          g_string_append_printf (comps, ", {'id': 'c%u', 'kind': 'rotational.spring', 'params': {'c': %g}}", k,
                                  c[k]);
        else
          g_string_append_printf (comps, ", {'id': 'd%u', 'kind': 'rotational.damper', 'params': {'d': %g}}", k,
                                  d[k]);
        g_string_append_printf (wires, ", {'from': 'J%u.flange_b', 'to': '%s%u.flange_a'}"
                                ", {'from': '%s%u.flange_b', 'to': 'J%u.flange_a'}", k, id, k, id, k, k + 1);
      }
  text = g_strdup_printf (MODEL ("%s", "%s"), comps->str, wires->str);
  sys = assemble (text);
  tr = simulate_system (sys, 0.01, 0.01, 1e-8);
  for (guint k = 0; k < N; k++)
    {
      g_autofree char *name = g_strdup_printf ("J%u.a", k);
      double f = k == 0 ? tau : 0;

      if (k > 0)
        f -= c[k - 1] * (phi[k] - phi[k - 1]) + d[k - 1] * (w[k] - w[k - 1]);
      if (k + 1 < N)
        f += c[k] * (phi[k + 1] - phi[k]) + d[k] * (w[k + 1] - w[k]);
      assert_close (column (tr, name)[0], f / J[k], 1e-12);
    }
}

static void
test_chain_accelerations (void)
{
  check_chain_accelerations (FALSE);
  check_chain_accelerations (TRUE);
}

/* A spring whose other end is free transmits nothing. */
static void
test_massless_dangling_spring (void)
{
  static const char text[] = MODEL (
    COMP ("torque", "rotational.constant_torque", "'tau_constant': 2") ", "
    COMP ("inertia", "rotational.inertia", "'J': 0.5, 'w0': 1") ", "
    COMP ("spring", "rotational.spring", "'c': 1e4"),
    WIRE ("torque.flange", "inertia.flange_a") ", "
    WIRE ("inertia.flange_b", "spring.flange_a"));
  g_autoptr(SwSystem) sys = assemble (text);
  g_autoptr(SwTrajectory) tr = simulate_system (sys, 1, 0.05, 1e-10);
  const double *t = sw_trajectory_get_times (tr);
  const double *w = column (tr, "inertia.w"), *a = column (tr, "inertia.a");
  const double *tau = column (tr, "spring.tau"), *rel = column (tr, "spring.phi_rel");
  const double *fb = column (tr, "inertia.flange_b.tau");

  g_assert_cmpuint (sw_system_get_n_dofs (sys), ==, 1);
  for (guint k = 0; k < sw_trajectory_get_n_rows (tr); k++)
    {
      assert_abs (tau[k], 0, 1e-9);
      assert_abs (rel[k], 0, 1e-12);
      assert_abs (fb[k], 0, 1e-9);
      assert_rel (a[k], 4, 1e-12);
      assert_close (w[k], 1 + 4 * t[k], 1e-12);
    }
}

/* A clutch with a spring alone behind it (no inertia, no damper between
 * them): sliding, nothing sets that section's speed. The model is refused
 * with a message that names the clutch and says what to add. */
static void
test_massless_friction_section (void)
{
  static const char text[] = MODEL (
    COMP ("drive", "rotational.constant_torque", "'tau_constant': 100") ", "
    COMP ("J1", "rotational.inertia", "'J': 1, 'phi0': 0, 'w0': 0") ", "
    COMP ("clutch", "rotational.clutch", "'fn_max': 60, 'mue_pos': [[0, 0.5]], 'f_normalized': 1") ", "
    COMP ("shaft", "rotational.spring", "'c': 1000") ", "
    COMP ("J2", "rotational.inertia", "'J': 2, 'phi0': 0, 'w0': 0"),
    WIRE ("drive.flange", "J1.flange_a") ", "
    WIRE ("J1.flange_b", "clutch.flange_a") ", "
    WIRE ("clutch.flange_b", "shaft.flange_a") ", "
    WIRE ("shaft.flange_b", "J2.flange_a"));
  g_autoptr(GError) error = assemble_error (text);

  g_assert_error (error, SW_ERROR, SW_ERROR_SINGULAR);
  g_assert_nonnull (strstr (error->message, "friction element “clutch”"));
  g_assert_nonnull (strstr (error->message, "put an inertia, or a damper, between “clutch”"));
}

/* Maxwell element: inertia — spring c — node — damper d — ground. */
typedef struct {
  double J, c, d;
} MaxwellParams;

/* y = (phi, w, x): J w' = c (x - phi); the massless node's balance
 * -c (x - phi) - d x' = 0. */
static int
maxwell_rhs (double t, const double y[], double dydt[], void *data)
{
  const MaxwellParams *p = data;
  double tau = p->c * (y[2] - y[0]);

  dydt[0] = y[1];
  dydt[1] = tau / p->J;
  dydt[2] = -tau / p->d;
  return GSL_SUCCESS;
}

static void
test_massless_maxwell (void)
{
  static const char text[] = MODEL (
    COMP ("inertia", "rotational.inertia", "'J': 1, 'phi0': 0, 'w0': 2") ", "
    COMP ("spring", "rotational.spring", "'c': 100") ", "
    COMP ("damper", "rotational.damper", "'d': 5") ", "
    COMP ("fixed", "rotational.fixed", ""),
    WIRE ("inertia.flange_b", "spring.flange_a") ", "
    WIRE ("spring.flange_b", "damper.flange_a") ", "
    WIRE ("damper.flange_b", "fixed.flange"));
  MaxwellParams p = { 1, 100, 5 };
  const double y0[3] = { 0, 2, 0 };
  g_autoptr(SwSystem) sys = assemble (text);
  g_autoptr(SwTrajectory) tr = simulate_system (sys, 2, 0.02, 1e-10);
  const double *t = sw_trajectory_get_times (tr);
  const double *phi = column (tr, "inertia.phi"), *w = column (tr, "inertia.w");
  const double *srel = column (tr, "spring.phi_rel"), *stau = column (tr, "spring.tau");
  const double *drel = column (tr, "damper.phi_rel"), *dw = column (tr, "damper.w_rel");
  const double *dtau = column (tr, "damper.tau");
  Oracle o;

  g_assert_cmpuint (sw_system_get_n_dofs (sys), ==, 1);
  g_assert_cmpuint (sw_system_get_n_massless (sys), ==, 1);
  g_assert_cmpuint (sw_system_get_n_states (sys), ==, 3);
  oracle_init (&o, maxwell_rhs, 3, y0, &p);
  for (guint k = 0; k < sw_trajectory_get_n_rows (tr); k++)
    {
      double tau;

      oracle_advance (&o, t[k]);
      tau = p.c * (o.y[2] - o.y[0]);
      assert_abs (phi[k], o.y[0], 1e-6);
      assert_abs (w[k], o.y[1], 1e-6);
      assert_abs (srel[k], o.y[2] - o.y[0], 1e-6);
      assert_abs (drel[k], -o.y[2], 1e-6);
      assert_abs (dw[k], tau / p.d, 1e-6);
      assert_abs (stau[k], tau, 1e-4);
      assert_abs (dtau[k], stau[k], 1e-9);
    }
  oracle_clear (&o);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/engine/chain/accelerations", test_chain_accelerations);
  g_test_add_func ("/core/engine/massless/series-springs", test_massless_series_springs);
  g_test_add_func ("/core/engine/massless/dangling-spring", test_massless_dangling_spring);
  g_test_add_func ("/core/engine/massless/maxwell", test_massless_maxwell);
  g_test_add_func ("/core/engine/massless/friction-section", test_massless_friction_section);

  return g_test_run ();
}
