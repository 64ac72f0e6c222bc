/* test-vibrator.c: Twin Builder's one-body vibrator with nonlinear damping
 * (data/examples/vibrator.shaft; seed-000 §5.6): Srcv1 -> Stf1 -> Mas1,
 * C = 20 000 N.m/rad, KVSC = 0.25, polynomial KMUL = 1, KEXP = 5,
 * position-dependent KVSCMUL = 100, KVSCEXP = 3, degressive KDGR = 10,
 * J = 2e-3 kg.m2. The manual's excitation omg_Ext is lost: a speed step
 * of 2 rad/s at 2 ms.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include "sw-model.h"
#include "sw-modes.h"
#include "sw-system.h"
#include "sw-test-files.h"
#include "sw-test-run.h"

#define C 20000.0
#define KVSC 0.25
#define J 0.002

static SwModel *
load_example (void)
{
  g_autofree char *path = sw_test_example_path ("vibrator.shaft");
  g_autoptr (GError) error = NULL;
  SwModel *model = sw_model_new_from_file (path, &error);

  g_assert_no_error (error);
  return model;
}

/* The digest's derived modal check: the source held, omega_0 = sqrt (C/J) =
 * 3162.278 rad/s (503.292 Hz), D = KVSC / (2 sqrt (C J)) = 0.019764,
 * omega_D = omega_0 sqrt (1 - D^2) = 3161.66 rad/s; the mass-normalised
 * shape 1/sqrt (J) = 22.36068 and W_kin = W_pot = lambda / 2 = 5e6 (the
 * nonlinear laws have no slope at rest: KMUL |w|^5, KVSCMUL |phi|^3; the
 * degressive friction's slope there is KVSC). */
static void
test_modal (void)
{
  g_autoptr (SwModel) model = load_example ();
  g_autoptr (GError) error = NULL;
  g_autoptr (SwSystem) sys = sw_model_assemble (model, &error);
  g_autoptr (SwModes) modes = NULL;
  const SwMode *mode;
  double w0 = sqrt (C / J), D = KVSC / (2 * sqrt (C * J));

  g_assert_no_error (error);
  modes = sw_modes_compute (sys, 0, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 1);
  mode = sw_modes_get_mode (modes, 0);
  g_assert_cmpfloat_with_epsilon (mode->omega_rad_s, w0, 1e-9 * w0);
  g_assert_cmpfloat_with_epsilon (mode->omega_rad_s, 3162.278, 1e-3);
  g_assert_cmpfloat_with_epsilon (mode->frequency_hz, 503.292, 1e-3);
  g_assert_true (mode->has_damped);
  g_assert_cmpfloat_with_epsilon (mode->damping_ratio, D, 1e-9);
  g_assert_cmpfloat_with_epsilon (D, 0.019764, 1e-6);
  g_assert_cmpfloat_with_epsilon (2 * G_PI * mode->damped_frequency_hz, w0 * sqrt (1 - D * D), 1e-6);
  g_assert_cmpfloat_with_epsilon (2 * G_PI * mode->damped_frequency_hz, 3161.66, 0.01);
  g_assert_cmpfloat_with_epsilon (mode->decay_rate_per_s, KVSC / (2 * J), 1e-6);
  g_assert_cmpuint (sw_modes_get_n_bodies (modes), ==, 1);
  g_assert_cmpfloat_with_epsilon (fabs (mode->shape_mass_normalised[0]), 22.36068, 1e-5);
  g_assert_cmpfloat_with_epsilon (mode->kinetic_energy[0], 5e6, 1e-3);
  g_assert_cmpfloat_with_epsilon (mode->potential_energy[0], 5e6, 1e-3);
}

/* The run: at every row the difference torque is the sum of the active
 * laws (digest §3.8), DM = C DPHI + (KVSC + KVSCMUL |DPHI|^3) / KDGR asinh
 * (KDGR DOMEGA) + KMUL |DOMEGA|^5 sgn (DOMEGA), and it alone accelerates
 * the mass (J ALPHA = DM); lossPower >= 0; kinetic + spring energy + what
 * lossPower dissipated = the source's work (rows 1 us apart: the polynomial
 * friction's 32 N.m at the step dies in some 100 us); the mass ends at the
 * source's 2 rad/s. Successive maxima of DPHI, T_D = 2 pi / omega_D apart,
 * shrink by exp (-KVSC T_D / 2J) = 0.8831 once the nonlinear terms have died
 * out (after 70 ms); early on, the degressive friction (asinh: weaker than
 * KVSC DOMEGA at speed) lets them shrink far less. */
static void
test_run (void)
{
  g_autoptr (SwModel) model = load_example ();
  g_autoptr (SwTrajectory) tr = sw_test_run_model (model, 1e-6, 1e-10);
  const double *t = sw_trajectory_get_times (tr), *x = sw_test_column (tr, "Stf1.DPHI");
  const double *w = sw_test_column (tr, "Stf1.DOMEGA"), *dm = sw_test_column (tr, "Stf1.DM");
  const double *alpha = sw_test_column (tr, "Mas1.ALPHA"), *omega = sw_test_column (tr, "Mas1.OMEGA");
  const double *loss = sw_test_column (tr, "Stf1.lossPower"), *pe = sw_test_column (tr, "Stf1.energy");
  const double *ke = sw_test_column (tr, "Mas1.energy"), *power = sw_test_column (tr, "Srcv1.power");
  guint n = sw_trajectory_get_n_rows (tr);
  double work = 0, lost = 0, worst = 0, delta = KVSC / (2 * J), wd = sqrt (C / J - delta * delta);
  double linear = exp (-delta * 2 * G_PI / wd), previous = 0, first_ratio = 0, worst_ratio = 0;
  guint n_late = 0;

  for (guint r = 0; r < n; r++)
    {
      double law = C * x[r] + (KVSC + 100 * pow (fabs (x[r]), 3)) / 10 * asinh (10 * w[r])
                   + pow (fabs (w[r]), 5) * (w[r] > 0 ? 1 : w[r] < 0 ? -1 : 0);

      g_assert_cmpfloat_with_epsilon (dm[r], law, 1e-9 * (fabs (law) + 1));
      g_assert_cmpfloat_with_epsilon (J * alpha[r], dm[r], 1e-6 * (fabs (dm[r]) + 1));
      g_assert_cmpfloat (loss[r], >=, 0);
      if (r > 0)
        {
          work += 0.5 * (t[r] - t[r - 1]) * (power[r] + power[r - 1]);
          lost += 0.5 * (t[r] - t[r - 1]) * (loss[r] + loss[r - 1]);
        }
      worst = MAX (worst, fabs (ke[r] + pe[r] + lost - work));
      /* A positive maximum, its height from the parabola through three rows. */
      if (r > 0 && r + 1 < n && x[r] > 0 && x[r] >= x[r - 1] && x[r] > x[r + 1])
        {
          double a = 0.5 * (x[r + 1] + x[r - 1]) - x[r], b = 0.5 * (x[r + 1] - x[r - 1]);
          double peak = x[r] - b * b / (4 * a);

          if (previous > 0 && first_ratio == 0)
            first_ratio = peak / previous;
          if (previous > 0 && t[r] > 0.07)
            {
              worst_ratio = MAX (worst_ratio, fabs (peak / previous - linear));
              n_late++;
            }
          previous = peak;
        }
    }
  g_test_message ("vibrator: %.6g J supplied, %.6g J dissipated, balance off by %.3g J; maxima shrink by %.4f "
                  "at first, within %.2g of %.4f after 70 ms", work, lost, worst, first_ratio, worst_ratio, linear);
  /* The trapezoid's error on the transient after the step, at 1 us. */
  g_assert_cmpfloat (worst, <=, 1e-5 * work);
  /* Impulse and momentum: the source's work W \int DM dt = W J OMEGA (the
   * mass starts at rest); the oscillation dies out and the mass runs at W:
   * J W^2 supplied, half of it kinetic, half dissipated, whatever the
   * damping law (the work's trapezoid at 1 us: 3e-5). */
  g_assert_cmpfloat_with_epsilon (work, J * 2 * omega[n - 1], 1e-4 * work);
  g_assert_cmpfloat_with_epsilon (omega[n - 1], 2, 0.01);
  g_assert_cmpfloat_with_epsilon (lost, 0.5 * J * 2 * 2, 1e-5 + fabs (J * 2 * (omega[n - 1] - 2)));
  g_assert_cmpuint (n_late, >=, 10);
  g_assert_cmpfloat (worst_ratio, <=, 2e-3);
  g_assert_cmpfloat (fabs (first_ratio - linear), >, 0.05);
}

/* A step small enough (1e-4 rad/s) that every nonlinear term is below
 * 1e-6 of the linear ones: the deflection is the linear closed form (to
 * 1e-4 of its amplitude, the integrator's error on 3e-8 rad)
 * DPHI = W / omega_D e^(-delta tau) sin (omega_D tau), tau = t - 2 ms,
 * delta = KVSC / 2J, omega_D = sqrt (C/J - delta^2). */
static void
test_small_step (void)
{
  g_autofree char *path = sw_test_example_path ("vibrator.shaft");
  g_autofree char *text = NULL;
  g_auto (GStrv) parts = NULL;
  g_autofree char *small = NULL;
  g_autoptr (SwTrajectory) tr = NULL;
  const double *t, *x, *dm;
  double W = 1e-4, delta = KVSC / (2 * J), wd = sqrt (C / J - delta * delta), worst = 0;
  guint checked = 0;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  parts = g_strsplit (text, "\"height\": 2,", -1);
  g_assert_cmpuint (g_strv_length (parts), ==, 2);
  small = g_strjoinv ("\"height\": 1e-4,", parts);
  tr = sw_test_run_text (small, 1e-5, 1e-10);
  t = sw_trajectory_get_times (tr);
  x = sw_test_column (tr, "Stf1.DPHI");
  dm = sw_test_column (tr, "Stf1.DM");
  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    {
      double tau = t[r] - 0.002, exact = tau > 0 ? W / wd * exp (-delta * tau) * sin (wd * tau) : 0;

      worst = MAX (worst, fabs (x[r] - exact));
      if (tau > 0)
        {
          double rate = W * exp (-delta * tau) * (cos (wd * tau) - delta / wd * sin (wd * tau));

          g_assert_cmpfloat_with_epsilon (dm[r], C * exact + KVSC * rate, 1e-4 * C * W / wd);
          checked++;
        }
    }
  g_test_message ("small step: |DPHI - closed form| <= %.3g rad of %.3g", worst, W / wd);
  g_assert_cmpfloat (worst, <=, 1e-4 * W / wd);
  g_assert_cmpuint (checked, >, 9000);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/examples/vibrator/modal", test_modal);
  g_test_add_func ("/core/examples/vibrator/run", test_run);
  g_test_add_func ("/core/examples/vibrator/small-step", test_small_step);
  return g_test_run ();
}
