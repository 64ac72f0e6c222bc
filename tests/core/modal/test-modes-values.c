/* test-modes-values.c: a mode's values and the numbers that come from them
 * given once (SwModesOptions.scalars_with_values,
 * sw_modes_get_mode_with_values(); issue 24) are those of the kept values,
 * bit for bit, and obey the energy balance.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include <glib.h>

#include "sw-model.h"
#include "sw-modes.h"
#include "sw-system.h"
#include "test-modes-common.h"

/* A free chain of n inertias and spring-dampers; with maxwell, a spring and
 * a stiff damper in series from body 1 to the ground: the undamped problem has a
 * rigid-body mode that the damped one turns elastic (sw-modes.c
 * pair_damped), so its values are made after the damped pairing. Two equal
 * springs in the middle of an even uniform chain tie for the most
 * excitable section. */
static SwSystem *
chain (guint n, gboolean uniform, gboolean maxwell)
{
  ModelText t;
  g_autoptr (SwModel) model = NULL;

  text_init (&t);
  text_add (&t, "ground", "rotational.fixed", " ");
  for (guint k = 0; k < n; k++)
    {
      g_autofree char *id = g_strdup_printf ("j%u", k);

      text_add (&t, id, "rotational.inertia", "'J': %.17g", uniform ? 0.1 : 0.1 + 0.01 * (k % 7));
      if (k + 1 < n)
        {
          g_autofree char *sid = g_strdup_printf ("s%u", k);
          g_autofree char *from = g_strdup_printf ("j%u.flange_b", k);
          g_autofree char *to = g_strdup_printf ("j%u.flange_a", k + 1);
          g_autofree char *a = g_strdup_printf ("s%u.flange_a", k);
          g_autofree char *b = g_strdup_printf ("s%u.flange_b", k);

          text_add (&t, sid, "rotational.spring_damper", "'c': %.17g, 'd': %.17g",
                    uniform ? 1e4 : 1e4 + 100 * (k % 5), uniform ? 0.0 : 1 + 0.3 * (k % 3));
          text_wire (&t, from, a);
          text_wire (&t, b, to);
        }
    }
  if (maxwell)
    {
      text_add (&t, "ms", "rotational.spring", "'c': 3000");
      text_add (&t, "md", "rotational.damper", "'d': 1000");
      text_wire (&t, "j1.flange_b", "ms.flange_a");
      text_wire (&t, "ms.flange_b", "md.flange_a");
      text_wire (&t, "md.flange_b", "ground.flange");
    }
  model = text_finish (&t, "chain");
  return assemble (model);
}

static void
assert_same_bits (const double *a, const double *b, guint n)
{
  for (guint k = 0; k < n; k++)
    g_assert_cmpmem (&a[k], sizeof (double), &b[k], sizeof (double));
}

/* Every mode's values with the numbers from them given once, against the
 * same modes with every value kept; counts the modes that the damped
 * pairing made elastic (mode 0 of a free chain) and the ties. */
static void
check_once (const SwSystem *sys, guint *n_promoted, guint *n_ties)
{
  SwModesOptions o = sw_modes_options_default ();
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModes) kept = NULL;
  g_autoptr (SwModes) once = NULL;
  guint nb, ns;

  kept = sw_modes_compute_with_options (sys, 0, NULL, &o, &error);
  g_assert_no_error (error);
  o.keep_values = FALSE;
  o.scalars_with_values = TRUE;
  once = sw_modes_compute_with_options (sys, 0, NULL, &o, &error);
  g_assert_no_error (error);
  nb = sw_modes_get_n_bodies (once);
  ns = sw_modes_get_n_sections (once);
  g_assert_cmpuint (sw_modes_get_n_modes (once), ==, sw_modes_get_n_modes (kept));
  *n_promoted = *n_ties = 0;
  for (guint i = 0; i < sw_modes_get_n_modes (once); i++)
    {
      const SwMode *k = sw_modes_get_mode (kept, i), *left = sw_modes_get_mode (once, i);
      g_autofree double *shape = g_new (double, nb), *mn = g_new (double, nb);
      g_autofree double *ke = g_new (double, nb), *kep = g_new (double, nb);
      g_autofree double *pe = g_new (double, ns), *pep = g_new (double, ns);
      double ke_sum = 0, kep_sum = 0, pe_sum = 0, pep_sum = 0;
      SwMode m, from_kept;

      /* Left for later in the modes themselves. */
      g_assert_null (left->shape);
      g_assert_cmpint (left->most_excitable_section, ==, -1);
      g_assert_cmpfloat (left->energy_balance_error, ==, 0);
      sw_modes_get_mode_with_values (once, i, &m, shape, mn, ke, kep, pe, pep);
      g_assert_cmpfloat (m.frequency_hz, ==, k->frequency_hz);
      g_assert_cmpint (m.rigid_body, ==, k->rigid_body);
      g_assert_cmpint (m.most_excitable_section, ==, k->most_excitable_section);
      g_assert_cmpint (m.most_excitable_is_tie, ==, k->most_excitable_is_tie);
      g_assert_cmpmem (&m.energy_balance_error, sizeof (double), &k->energy_balance_error, sizeof (double));
      assert_same_bits (shape, k->shape, nb);
      assert_same_bits (mn, k->shape_mass_normalised, nb);
      assert_same_bits (ke, k->kinetic_energy, nb);
      assert_same_bits (kep, k->kinetic_energy_percent, nb);
      assert_same_bits (pe, k->potential_energy, ns);
      assert_same_bits (pep, k->potential_energy_percent, ns);
      /* Kept values are copied, the numbers as computed with the modes. */
      sw_modes_get_mode_with_values (kept, i, &from_kept, shape, NULL, NULL, NULL, NULL, pep);
      g_assert_cmpint (from_kept.most_excitable_section, ==, k->most_excitable_section);
      assert_same_bits (shape, k->shape, nb);
      assert_same_bits (pep, k->potential_energy_percent, ns);
      if (m.rigid_body)
        continue;
      /* The undamped problem's rigid-body mode made elastic: its energies
       * are the spring's with the damper locked (no balance). */
      if (i == 0)
        {
          (*n_promoted)++;
          continue;
        }
      /* Independent of how they are made: an elastic mode's kinetic and
       * potential energy are equal (each lambda / 2 of the mass-normalised
       * shape), the shares add up to 100 % and the most excitable section
       * has the largest. */
      for (guint b = 0; b < nb; b++)
        ke_sum += ke[b], kep_sum += kep[b];
      for (guint s = 0; s < ns; s++)
        pe_sum += pe[s], pep_sum += pep[s];
      g_assert_cmpfloat_with_epsilon (ke_sum, 0.5 * pow (m.omega_rad_s, 2), 1e-9 * ke_sum);
      g_assert_cmpfloat_with_epsilon (pe_sum, ke_sum, 1e-8 * ke_sum);
      g_assert_cmpfloat_with_epsilon (kep_sum, 100, 1e-9);
      g_assert_cmpfloat_with_epsilon (pep_sum, 100, 1e-9);
      g_assert_cmpint (m.most_excitable_section, >=, 0);
      for (guint s = 0; s < ns; s++)
        g_assert_cmpfloat (pe[s], <=, pe[m.most_excitable_section] * (1 + 1e-9));
      if (m.most_excitable_is_tie)
        (*n_ties)++;
    }
}

static void
test_values_once_chain (void)
{
  g_autoptr (SwSystem) sys = chain (40, FALSE, FALSE);
  guint promoted, ties;

  check_once (sys, &promoted, &ties);
  g_assert_cmpuint (promoted, ==, 0);
}

/* The undamped problem's rigid-body mode (mode 0) is elastic once damped:
 * its values and most excitable section are those of the elastic mode. */
static void
test_values_once_promoted (void)
{
  g_autoptr (SwSystem) sys = chain (12, FALSE, TRUE);
  guint promoted, ties;

  check_once (sys, &promoted, &ties);
  g_assert_cmpuint (promoted, ==, 1);
}

/* A uniform free chain of 4: its second elastic mode strains both outer
 * springs alike (a tie, to the first in the file). */
static void
test_values_once_tie (void)
{
  g_autoptr (SwSystem) sys = chain (4, TRUE, FALSE);
  guint promoted, ties;

  check_once (sys, &promoted, &ties);
  g_assert_cmpuint (ties, >=, 1);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  sw_init ();
  g_test_add_func ("/core/modes/values/once-chain", test_values_once_chain);
  g_test_add_func ("/core/modes/values/once-promoted", test_values_once_promoted);
  g_test_add_func ("/core/modes/values/once-tie", test_values_once_tie);

  return g_test_run ();
}
