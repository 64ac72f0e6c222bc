/* sw-engine-harmonics.c: a cylinder's torque harmonics (sw-engine-harmonics.h).
 *
 * The slider-crank (crank radius r, conrod length l, lambda = r / l; theta
 * the crank angle from top dead centre): the piston's distance from the
 * crank axis is x = r cos theta + l sqrt (1 - lambda^2 sin^2 theta), so
 * dx/dtheta = -r g (theta) with
 *   g = sin theta + lambda sin theta cos theta / sqrt (1 - lambda^2 sin^2 theta)
 * (e.g. Heywood, Internal Combustion Engine Fundamentals, 1988, §2.2;
 * Den Hartog, Mechanical Vibrations, 4th ed. 1956, §5.6). By virtual work
 * a gas pressure p on the piston of area A = pi bore^2 / 4 gives the crank
 * the torque T_gas = p A r g (theta). The reciprocating mass m moves at
 * r Omega g, its kinetic energy m r^2 Omega^2 g^2 / 2; at a constant
 * speed Omega the torque it puts on the crank is minus that energy's rate
 * over Omega: T_inertia = -m r^2 Omega^2 g g'. To first orders in lambda
 * that is m r^2 Omega^2 (lambda/4 sin theta - 1/2 sin 2 theta - 3 lambda/4
 * sin 3 theta - lambda^2/4 sin 4 theta) (Den Hartog, loc. cit.; the test
 * checks it); here the exact T is sampled SW_ENGINE_HARMONIC_SAMPLES
 * times per cycle and its harmonics are the trapezoidal Fourier sums,
 * exact to rounding for the smooth inertia torque.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-engine-harmonics.h"

#include <math.h>

void
sw_engine_torques (const SwEngineGeometry *g, double theta, double *gas, double *inertia_w2)
{
  double r = g->crank_radius_m, lambda = r / g->conrod_length_m;
  double s = sin (theta), c = cos (theta), q = 1 - lambda * lambda * s * s, root = sqrt (q);
  double kin = s + lambda * s * c / root;
  double dkin = c + lambda * (cos (2 * theta) * q + lambda * lambda * s * s * c * c) / (q * root);
  double area = G_PI * g->bore_m * g->bore_m / 4;

  *inertia_w2 = -g->reciprocating_mass_kg * r * r * kin * dkin;
  *gas = 0;
  if (g->pressure != NULL)
    {
      /* The angle brought into the cycle's -P/2 … P/2, in degrees. */
      double period = 360.0 * g->strokes / 2, deg = theta * 180 / G_PI;

      deg -= period * floor (deg / period + 0.5);
      *gas = sw_table_interpolate (g->pressure, 1, deg) * area * r * kin;
    }
}

guint
sw_engine_harmonics (const SwEngineGeometry *g, double max_order, double *orders, double complex *gas,
                     double complex *inertia_w2)
{
  guint n = SW_ENGINE_HARMONIC_SAMPLES, n_orders = (guint) floor (max_order * g->strokes / 2 + 1e-9);
  double period = G_PI * g->strokes;

  g_return_val_if_fail (g->crank_radius_m > 0 && g->conrod_length_m > g->crank_radius_m, 0);
  g_return_val_if_fail (g->strokes == 2 || g->strokes == 4, 0);
  for (guint k = 0; k < n_orders; k++)
    {
      orders[k] = (k + 1) * 2.0 / g->strokes;
      gas[k] = inertia_w2[k] = 0;
    }
  for (guint j = 0; j < n; j++)
    {
      double theta = period * j / n, tg, ti;

      sw_engine_torques (g, theta, &tg, &ti);
      for (guint k = 0; k < n_orders; k++)
        {
          /* e^{-i o theta}, the sample's weight 2 / n. */
          double complex e = cexp (-I * orders[k] * theta) * (2.0 / n);

          gas[k] += tg * e;
          inertia_w2[k] += ti * e;
        }
    }
  return n_orders;
}
