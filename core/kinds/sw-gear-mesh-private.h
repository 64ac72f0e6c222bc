/* sw-gear-mesh-private.h: the elastic gear meshes (sw-kinds-gear-mesh.c)
 * and their mesh stiffness law, for the catalogue and the tests.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sw-kind.h"

G_BEGIN_DECLS

extern const SwKind sw_kind_rot_gear_pair, sw_kind_trans_rack_pinion, sw_kind_rot_worm_wheel;

/* COMSOL's next-tooth engagement position zeta of a mean contact ratio eps
 * in (1, 3) (digest §18 T8, T9). */
double _sw_gear_mesh_zeta  (double eps);
/* Tooth pairs in contact at the mesh cycle's phase in [0, 1) (theta_m /
 * theta_s): COMSOL's gated sums (§8); eps itself when not varying or
 * whole. */
double _sw_gear_mesh_pairs (double eps, gboolean varying, double phase);

G_END_DECLS
