/* test-symbols-key-text.c: the key text of symbols with pretty units.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include <cairo.h>
#include <glib.h>

#include "sw-kind.h"
#include "sw-model.h"
#include "sw-symbols.h"
#include "test-symbols-common.h"

static void
check_key_text (const char   *kind_name,
                const char   *param,
                double        value,
                const char   *expected)
{
  const SwKind *kind = sw_catalog_lookup (kind_name);
  double params[SW_KIND_MAX_PARAMS];
  g_autofree char *text = NULL;

  g_assert_nonnull (kind);
  for (guint i = 0; i < SW_KIND_MAX_PARAMS; i++)
    params[i] = NAN;
  params[sw_kind_find_param (kind, param)] = value;
  text = sw_symbol_dup_key_text (kind, params);
  g_assert_cmpstr (text, ==, expected);
}

static void
test_key_text (void)
{
  double params[SW_KIND_MAX_PARAMS] = { 0 };
  g_autofree char *text = NULL;

  check_key_text ("rotational.inertia", "J", 0.1, "J = 0.1 kg·m²");
  check_key_text ("rotational.inertia", "J", 2, "J = 2 kg·m²");
  check_key_text ("rotational.spring", "c", 1e4, "c = 10000 N·m/rad");
  check_key_text ("rotational.damper", "d", 10, "d = 10 N·m·s/rad");
  check_key_text ("translational.damper", "d", 2.5, "d = 2.5 N·s/m");
  check_key_text ("translational.mass", "m", 1500, "m = 1500 kg");
  check_key_text ("rotational.ideal_gear", "ratio", 10, "ratio = 10");
  check_key_text ("rotational.ideal_gear", "ratio", -0.25, "ratio = -0.25");
  check_key_text ("rotational.accelerate", "a_ref", 2, "a_ref = 2 rad/s²");
  check_key_text ("translational.accelerate", "a_ref", 9.81, "a_ref = 9.81 m/s²");
  check_key_text ("rotational.shaft", "c", 1.5e7, "c = 1.5e+07 N·m/rad");
  check_key_text ("rotational.ideal_gear_r2t", "ratio", 3, "ratio = 3 rad/m");
  check_key_text ("rotational.lossy_gear", "ratio", 2, "ratio = 2");
  /* A table: its first row's value (SwComponent.param), named and in the
   * unit of its column. */
  check_key_text ("rotational.bearing_friction", "tau_pos", 1.5, "tau = 1.5 N·m");

  /* A kind without a key parameter has no key text. */
  text = sw_symbol_dup_key_text (sw_catalog_lookup ("rotational.fixed"), params);
  g_assert_null (text);

  /* Units the catalogue does not use yet. */
  params[0] = 3;
  g_clear_pointer (&text, g_free);
  text = sw_symbol_dup_key_text (&future_kind, params);
  g_assert_cmpstr (text, ==, "k = 3 s⁻¹");

  {
    SwKind copy = future_kind;
    double values[SW_KIND_MAX_PARAMS] = { 3, 0, 0.5, 12 };

    copy.key_param = "on";
    g_clear_pointer (&text, g_free);
    text = sw_symbol_dup_key_text (&copy, values);
    g_assert_cmpstr (text, ==, "on = false");

    copy.key_param = "v";
    g_clear_pointer (&text, g_free);
    text = sw_symbol_dup_key_text (&copy, values);
    g_assert_cmpstr (text, ==, "v = 0.5 m³");

    copy.key_param = "q";
    g_clear_pointer (&text, g_free);
    text = sw_symbol_dup_key_text (&copy, values);
    g_assert_cmpstr (text, ==, "q = 12 kg·m²/s²");
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ui/symbols/key-text", test_key_text);

  return g_test_run ();
}
