/* sw-geometry.c: round shafts and discs from their dimensions.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-geometry.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "sw-error.h"

/* Typical handbook values at room temperature. */
static const SwMaterial materials[] = {
  { "steel",     N_("Steel"),     7850, 80e9, 210e9 },
  { "cast_iron", N_("Cast iron"), 7200, 41e9, NAN },
  { "aluminium", N_("Aluminium"), 2700, 26e9, NAN },
};

const SwMaterial *
sw_geometry_get_materials (guint *n_materials)
{
  if (n_materials != NULL)
    *n_materials = G_N_ELEMENTS (materials);
  return materials;
}

const SwMaterial *
sw_geometry_lookup_material (const char *name)
{
  g_return_val_if_fail (name != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (materials); i++)
    if (strcmp (materials[i].name, name) == 0)
      return &materials[i];
  return NULL;
}

gboolean
sw_geometry_check_cylinder (double   outer_diameter_m,
                            double   inner_diameter_m,
                            double   length_m,
                            GError **error)
{
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!(isfinite (outer_diameter_m) && outer_diameter_m > 0))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("outer diameter %g m: valid is d_o > 0 m"), outer_diameter_m);
      return FALSE;
    }
  if (!(isfinite (inner_diameter_m) && inner_diameter_m >= 0 && inner_diameter_m < outer_diameter_m))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("inner diameter %g m: valid is 0 m ≤ d_i < d_o = %g m (0 for a solid one)"),
                   inner_diameter_m, outer_diameter_m);
      return FALSE;
    }
  if (!(isfinite (length_m) && length_m > 0))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("length %g m: valid is l > 0 m"), length_m);
      return FALSE;
    }
  return TRUE;
}

double
sw_geometry_polar_moment (double outer_diameter_m,
                          double inner_diameter_m)
{
  double o = outer_diameter_m, i = inner_diameter_m;

  g_return_val_if_fail (outer_diameter_m > 0, NAN);
  g_return_val_if_fail (inner_diameter_m >= 0 && inner_diameter_m < outer_diameter_m, NAN);

  /* d_o⁴ − d_i⁴ factored, so that a thin-walled tube loses no digits to
   * the difference of two large fourth powers. */
  return G_PI / 32 * (o - i) * (o + i) * (o * o + i * i);
}

double
sw_geometry_cylinder_inertia (double outer_diameter_m,
                              double inner_diameter_m,
                              double length_m,
                              double density_kg_m3)
{
  g_return_val_if_fail (length_m > 0, NAN);
  g_return_val_if_fail (density_kg_m3 > 0, NAN);

  return density_kg_m3 * length_m * sw_geometry_polar_moment (outer_diameter_m, inner_diameter_m);
}

double
sw_geometry_shaft_stiffness (double outer_diameter_m,
                             double inner_diameter_m,
                             double length_m,
                             double shear_modulus_pa)
{
  g_return_val_if_fail (length_m > 0, NAN);
  g_return_val_if_fail (shear_modulus_pa > 0, NAN);

  return shear_modulus_pa * sw_geometry_polar_moment (outer_diameter_m, inner_diameter_m) / length_m;
}
