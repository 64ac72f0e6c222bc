/* test-modes-draw.c: how a mode shape chart writes its bodies' names
 * (sw_modes_shape_names_fit(), ui/plot/sw-modes-draw.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib.h>

#include "sw-modes-draw.h"

/* Four bodies, "engine" the longest name. On a chart 70 × 61 mm (about
 * 200 × 173 px: the Modes page at 1280 × 800 in German, the energy
 * charts beside it) the names go upright, and "engine" is read in full
 * (the chart took 0.35 of its height for them: 5 letters, "en…ne"). Wide,
 * they go across; a long name on a short chart is shortened so that the
 * plot keeps 4 characters' height. */
static void
test_names_fit (void)
{
  gboolean upright = FALSE;
  guint max_chars = 0;

  sw_modes_shape_names_fit (4, 6, 70, 61, &upright, &max_chars);
  g_assert_true (upright);
  g_assert_cmpuint (max_chars, >=, 6);

  sw_modes_shape_names_fit (4, 6, 200, 61, &upright, &max_chars);
  g_assert_false (upright);
  g_assert_cmpuint (max_chars, >=, 6);

  sw_modes_shape_names_fit (4, 24, 70, 61, &upright, &max_chars);
  g_assert_true (upright);
  g_assert_cmpuint (max_chars, >=, 6);
  g_assert_cmpuint (max_chars, <, 24);

  /* Tall: room for every letter of the longest. */
  sw_modes_shape_names_fit (4, 24, 70, 200, &upright, &max_chars);
  g_assert_true (upright);
  g_assert_cmpuint (max_chars, ==, 24);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ui/plot/modes-draw/names-fit", test_names_fit);
  return g_test_run ();
}
