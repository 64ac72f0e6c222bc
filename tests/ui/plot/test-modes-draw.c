/* test-modes-draw.c: how a mode shape chart writes its bodies' names
 * (sw_modes_shape_names_fit(), ui/plot/sw-modes-draw.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib.h>
#include <string.h>

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

/* Three inertias on the shape chart of the Modes page at 1280 × 800
 * (about 288 px, 101.6 mm wide): "inertia1" … "inertia3" fit across,
 * measured letter by letter (counted as eight average letters they went
 * upright and left the plot 45 px high). */
static void
test_labels_fit (void)
{
  static const char *const labels[] = { "inertia1", "inertia2", "inertia3" };
  static const char *const long_labels[] = { "engine1.damperRing", "engine1.flywheelMass", "gearbox.inputShaft" };
  gboolean upright = TRUE;
  guint max_chars = 0;

  sw_modes_shape_names_fit (3, 8, 101.6, 61, &upright, &max_chars);
  g_assert_true (upright);
  sw_modes_shape_labels_fit (3, labels, 101.6, 61, &upright, &max_chars);
  g_assert_false (upright);
  g_assert_cmpuint (max_chars, >=, 8);
  /* Long names still go upright. */
  sw_modes_shape_labels_fit (3, long_labels, 101.6, 61, &upright, &max_chars);
  g_assert_true (upright);
}

/* A title on one line where it fits; else on two, broken at a space and
 * whole (the energy charts at 1280 × 800 are about 190 px, 67 mm: it was
 * "Kinetic energy per b…"); shortened only where two lines do not hold it. */
static void
test_title_lines (void)
{
  const char *title = "Kinetic energy per body";
  g_autofree char *first = NULL, *second = NULL;
  g_autofree char *joined = NULL;

  g_assert_cmpuint (sw_modes_title_lines (NULL, 67, &first, &second), ==, 0);
  g_assert_null (first);
  g_assert_cmpuint (sw_modes_title_lines (title, 200, &first, &second), ==, 1);
  g_assert_cmpstr (first, ==, title);
  g_assert_null (second);
  g_clear_pointer (&first, g_free);

  g_assert_cmpuint (sw_modes_title_lines ("Potentielle Energie je Abschnitt", 67, &first, &second), ==, 2);
  joined = g_strconcat (first, " ", second, NULL);
  g_assert_cmpstr (joined, ==, "Potentielle Energie je Abschnitt");
  g_assert_null (strstr (second, "…"));
  g_clear_pointer (&first, g_free);
  g_clear_pointer (&second, g_free);

  /* Too long for two lines of 30 mm: the second ends in "…". */
  g_assert_cmpuint (sw_modes_title_lines ("Mode 2 bei 7.884 Hz: Eigenform entlang des Antriebsstrangs", 30,
                                          &first, &second), ==, 2);
  g_assert_true (g_str_has_suffix (second, "…"));
  g_assert_null (strstr (first, "…"));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ui/plot/modes-draw/names-fit", test_names_fit);
  g_test_add_func ("/ui/plot/modes-draw/title-lines", test_title_lines);
  g_test_add_func ("/ui/plot/modes-draw/labels-fit", test_labels_fit);
  return g_test_run ();
}
