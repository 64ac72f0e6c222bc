/* sw-engine-harmonics.h: the harmonics of one cylinder's torque on its
 * crank, from the gas pressure and from the reciprocating mass, by the
 * exact slider-crank kinematics (sw-engine-harmonics.c; data/FORMAT.md,
 * section Excitation).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <complex.h>
#include <glib.h>
#include "sw-table.h"

G_BEGIN_DECLS

typedef struct {
  double   bore_m;                /* > 0 */
  double   crank_radius_m;        /* r > 0 */
  double   conrod_length_m;       /* l > r */
  double   reciprocating_mass_kg; /* >= 0: the piston and the rod's share */
  guint    strokes;               /* 2 or 4 */
  /* The gauge pressure on the piston (Pa, above the crankcase's) against
   * the crank angle from the cylinder's firing top dead centre (deg,
   * within one cycle: -180 … 180 for 2 strokes, -360 … 360 for 4),
   * linear between rows, the end rows' values beyond; NULL: no gas torque. */
  const SwTable *pressure;
} SwEngineGeometry;

/* The samples per cycle of the Fourier sums. */
#define SW_ENGINE_HARMONIC_SAMPLES 4096

/* The cylinder's torque T(theta) = sum_k Re (c_k e^{i o_k theta}), theta
 * the crank angle from its firing TDC, the orders o_k = k 2 / strokes up
 * to max_order: gas[k] the gas torque's c_k (N.m), inertia_w2[k] the
 * inertia torque's per Omega^2 (N.m.s2). Returns their number (at most
 * max_order strokes / 2 + 1, the arrays' size). */
guint sw_engine_harmonics (const SwEngineGeometry *g,
                           double                  max_order,
                           double                 *orders,
                           double complex         *gas,
                           double complex         *inertia_w2);

/* The two torques at one crank angle theta (rad): the gas torque (N.m)
 * and the inertia torque per Omega^2 (N.m.s2). */
void  sw_engine_torques   (const SwEngineGeometry *g,
                           double                  theta,
                           double                 *gas,
                           double                 *inertia_w2);

G_END_DECLS
