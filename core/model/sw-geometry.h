/* sw-geometry.h: stiffness and inertia of round shafts and discs from their
 * dimensions, and a few engineering materials.
 *
 * Pure functions, SI units throughout. A cylinder or a shaft is hollow when
 * its inner diameter is > 0 (0 is solid). With the polar second moment of
 * area Ip = π (d_o⁴ − d_i⁴) / 32:
 *
 *   moment of inertia about the axis   J = ρ l Ip
 *   torsional stiffness                 c = G Ip / l
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  const char *name;            /* "steel": stable, for files */
  const char *label;           /* N_("Steel") */
  double      density_kg_m3;   /* ρ */
  double      shear_modulus_pa;/* G */
  double      youngs_modulus_pa; /* E, or NAN where the table has none */
} SwMaterial;

/* The built-in materials: steel, cast iron, aluminium. */
const SwMaterial *sw_geometry_get_materials      (guint       *n_materials);
/* NULL when there is none of that name. */
const SwMaterial *sw_geometry_lookup_material    (const char  *name);

/* Checks dimensions a user typed: d_o > 0, 0 ≤ d_i < d_o, l > 0, all
 * finite. The message names the dimension and says what is valid. */
gboolean          sw_geometry_check_cylinder     (double       outer_diameter_m,
                                                  double       inner_diameter_m,
                                                  double       length_m,
                                                  GError     **error);

/* π (d_o⁴ − d_i⁴) / 32, in m⁴. */
double            sw_geometry_polar_moment       (double       outer_diameter_m,
                                                  double       inner_diameter_m);
/* J = ρ l π (d_o⁴ − d_i⁴) / 32, in kg·m². */
double            sw_geometry_cylinder_inertia   (double       outer_diameter_m,
                                                  double       inner_diameter_m,
                                                  double       length_m,
                                                  double       density_kg_m3);
/* c = G π (d_o⁴ − d_i⁴) / (32 l), in N·m/rad. */
double            sw_geometry_shaft_stiffness    (double       outer_diameter_m,
                                                  double       inner_diameter_m,
                                                  double       length_m,
                                                  double       shear_modulus_pa);

G_END_DECLS
