/* test-geometry.c: inertia and stiffness of round shafts against values
 * worked out by hand, the textbook m r²/2 of a disc, and the thin-walled
 * tube formula.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include <glib.h>

#include "sw-error.h"
#include "sw-geometry.h"

/* |a - b| <= tol·|b| */
#define assert_rel(a, b, tol) \
  G_STMT_START { \
    double a_ = (a), b_ = (b); \
    g_assert_cmpfloat_with_epsilon (a_, b_, (tol) * fabs (b_)); \
  } G_STMT_END

/* Steel disc d = 0.1 m, l = 0.2 m: J = 7850 · 0.2 · π/32 · 0.1⁴. */
static void
test_solid_cylinder (void)
{
  const SwMaterial *steel = sw_geometry_lookup_material ("steel");
  double J;

  g_assert_nonnull (steel);
  J = sw_geometry_cylinder_inertia (0.1, 0, 0.2, steel->density_kg_m3);
  assert_rel (J, 0.0154134, 1e-5);

  /* The textbook m r² / 2 of a disc with m = ρ π r² l. */
  {
    double r = 0.05, m = 7850 * G_PI * r * r * 0.2;

    assert_rel (J, m * r * r / 2, 1e-14);
  }
}

/* Hollow: a drill pipe OD 0.78 m, ID 0.65 m (Friswell et al., example 9.9):
 * Ip = π/32 (0.37015056 − 0.17850625) = 0.0188146 m⁴. */
static void
test_hollow (void)
{
  assert_rel (sw_geometry_polar_moment (0.78, 0.65), 0.0188146, 1e-5);
  /* 100 m of it with G = 75 GPa: c = G Ip / l. */
  assert_rel (sw_geometry_shaft_stiffness (0.78, 0.65, 100, 75e9), 1.41110e7, 1e-5);
  /* ρ = 8000 kg/m³: J = ρ l Ip. */
  assert_rel (sw_geometry_cylinder_inertia (0.78, 0.65, 100, 8000), 15051.7, 1e-5);
  /* A hollow one is the solid one minus its bore. */
  assert_rel (sw_geometry_cylinder_inertia (0.78, 0.65, 3, 7200),
              sw_geometry_cylinder_inertia (0.78, 0, 3, 7200) -
              sw_geometry_cylinder_inertia (0.65, 0, 3, 7200), 1e-12);
}

/* Steel shaft d = 0.05 m, l = 1 m: c = 8e10 · π · 0.05⁴ / 32. */
static void
test_shaft_stiffness (void)
{
  const SwMaterial *steel = sw_geometry_lookup_material ("steel");

  g_assert_nonnull (steel);
  assert_rel (sw_geometry_shaft_stiffness (0.05, 0, 1, steel->shear_modulus_pa), 49087.4, 1e-5);
  /* Twice as long, half as stiff; twice the diameter, 16 times. */
  assert_rel (sw_geometry_shaft_stiffness (0.05, 0, 2, 80e9), 49087.4 / 2, 1e-5);
  assert_rel (sw_geometry_shaft_stiffness (0.1, 0, 1, 80e9), 49087.4 * 16, 1e-5);
}

/* A tube with a wall of a millionth of its radius: the exact
 * Ip = 2π r³ t (1 + t²/(4 r²)) with the mean radius r and the wall t. */
static void
test_thin_wall (void)
{
  double d_o = 0.1, d_i = 0.1 * (1 - 2e-6);
  double r = (d_o + d_i) / 4, t = (d_o - d_i) / 2;

  assert_rel (sw_geometry_polar_moment (d_o, d_i),
              2 * G_PI * r * r * r * t * (1 + t * t / (4 * r * r)), 1e-9);
}

static void
test_materials (void)
{
  guint n = 0;
  const SwMaterial *m = sw_geometry_get_materials (&n);
  const SwMaterial *iron = sw_geometry_lookup_material ("cast_iron");
  const SwMaterial *alu = sw_geometry_lookup_material ("aluminium");

  g_assert_cmpuint (n, ==, 3);
  g_assert_cmpstr (m[0].name, ==, "steel");
  g_assert_cmpfloat (m[0].density_kg_m3, ==, 7850);
  g_assert_cmpfloat (m[0].shear_modulus_pa, ==, 80e9);
  g_assert_cmpfloat (m[0].youngs_modulus_pa, ==, 210e9);
  g_assert_nonnull (iron);
  g_assert_cmpfloat (iron->density_kg_m3, ==, 7200);
  g_assert_cmpfloat (iron->shear_modulus_pa, ==, 41e9);
  g_assert_nonnull (alu);
  g_assert_cmpfloat (alu->density_kg_m3, ==, 2700);
  g_assert_cmpfloat (alu->shear_modulus_pa, ==, 26e9);
  g_assert_null (sw_geometry_lookup_material ("unobtainium"));

  for (guint i = 0; i < n; i++)
    {
      g_assert_nonnull (m[i].label);
      for (guint j = i + 1; j < n; j++)
        g_assert_cmpstr (m[i].name, !=, m[j].name);
    }
}

static void
test_check (void)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (sw_geometry_check_cylinder (0.1, 0, 0.2, &error));
  g_assert_no_error (error);
  g_assert_true (sw_geometry_check_cylinder (0.1, 0.09, 0.2, &error));
  g_assert_no_error (error);

  g_assert_false (sw_geometry_check_cylinder (0, 0, 0.2, &error));
  g_assert_error (error, SW_ERROR, SW_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "outer diameter"));
  g_clear_error (&error);

  g_assert_false (sw_geometry_check_cylinder (0.1, 0.1, 0.2, &error));
  g_assert_error (error, SW_ERROR, SW_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "inner diameter"));
  g_clear_error (&error);

  g_assert_false (sw_geometry_check_cylinder (0.1, -0.01, 0.2, &error));
  g_assert_error (error, SW_ERROR, SW_ERROR_INVALID);
  g_clear_error (&error);

  g_assert_false (sw_geometry_check_cylinder (0.1, 0, 0, &error));
  g_assert_error (error, SW_ERROR, SW_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "length"));
  g_clear_error (&error);

  g_assert_false (sw_geometry_check_cylinder (NAN, 0, 1, &error));
  g_assert_error (error, SW_ERROR, SW_ERROR_INVALID);
  g_clear_error (&error);

  g_assert_false (sw_geometry_check_cylinder (0.1, 0, INFINITY, &error));
  g_assert_error (error, SW_ERROR, SW_ERROR_INVALID);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/geometry/solid-cylinder", test_solid_cylinder);
  g_test_add_func ("/core/geometry/hollow", test_hollow);
  g_test_add_func ("/core/geometry/shaft-stiffness", test_shaft_stiffness);
  g_test_add_func ("/core/geometry/thin-wall", test_thin_wall);
  g_test_add_func ("/core/geometry/materials", test_materials);
  g_test_add_func ("/core/geometry/check", test_check);

  return g_test_run ();
}
