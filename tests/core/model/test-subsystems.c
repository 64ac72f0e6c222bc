/* test-subsystems.c: models used as components.
 *
 * tests/data/subsystem: unit.shaft (an engine with a torsional damper and a
 * flywheel, exposing its flange and three parameters), twin.shaft (two
 * units geared to a propeller), twin-flat.shaft (the same written out by
 * hand, ids engine1_crank …), pair.shaft and nested.shaft (a subsystem of
 * subsystems), cycle-a/-b.shaft (files that use each other), bad-port.shaft.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>
#include <glib/gstdio.h>

#include "sw-error.h"
#include "sw-model.h"
#include "sw-modelica.h"
#include "sw-modes.h"
#include "sw-system.h"
#include "sw-test-files.h"
#include "sw-test-run.h"

static SwModel *
load (const char *name, GError **error)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "subsystem", name, NULL);

  return sw_model_new_from_file (path, error);
}

/* engine1.crank.w -> engine1_crank.w */
static char *
flat_name (const char *name)
{
  char *flat = g_strdup (name);

  if (g_str_has_prefix (name, "engine"))
    flat[strlen ("engine1")] = '_';
  return flat;
}

/* The twin drive runs as its hand-flattened twin: "engine1.crank.w" is
 * "engine1_crank.w", for every variable of every part. */
static void
test_same_as_flat (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) twin = load ("twin.shaft", &error);
  g_autoptr (SwModel) flat = NULL;
  g_autoptr (SwTrajectory) a = NULL, b = NULL;

  g_assert_no_error (error);
  flat = load ("twin-flat.shaft", &error);
  g_assert_no_error (error);
  a = sw_test_run_model (twin, 0, 1e-9);
  b = sw_test_run_model (flat, 0, 1e-9);
  sw_test_assert_same_run (a, b, flat_name, 1e-9, 1e-9);
  g_assert_cmpuint (sw_trajectory_get_n_columns (a), >, 60);
  /* engine2 sets J_fly = 5: its flywheel's energy is 1/2 5 w^2. */
  {
    guint last = sw_trajectory_get_n_rows (a) - 1;
    double w = sw_test_column (a, "engine2.flywheel.w")[last];

    g_assert_cmpfloat_with_epsilon (sw_test_column (a, "engine2.flywheel.energy")[last], 0.5 * 5 * w * w,
                                    1e-9 * w * w);
    /* Steady state: 3 (2000 + 1800) N.m against 10 000 (w / 20)^2. */
    g_assert_cmpfloat_with_epsilon (sw_test_column (a, "propeller.w")[last], 20 * sqrt (3 * 3800 / 1e4), 1e-3);
  }
}

/* Modes name the parts by their path; the twin's are the flat one's. */
static void
test_modes (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) twin = load ("twin.shaft", &error);
  g_autoptr (SwModel) flat = load ("twin-flat.shaft", NULL);
  g_autoptr (SwSystem) s1 = sw_model_assemble (twin, &error);
  g_autoptr (SwSystem) s2 = sw_model_assemble (flat, NULL);
  g_autoptr (SwModes) m1 = sw_modes_compute (s1, 0, NULL, &error);
  g_autoptr (SwModes) m2 = sw_modes_compute (s2, 0, NULL, NULL);
  gboolean named = FALSE;

  g_assert_no_error (error);
  g_assert_cmpuint (sw_modes_get_n_modes (m1), ==, sw_modes_get_n_modes (m2));
  for (guint k = 0; k < sw_modes_get_n_modes (m1); k++)
    g_assert_cmpfloat_with_epsilon (sw_modes_get_mode (m1, k)->frequency_hz, sw_modes_get_mode (m2, k)->frequency_hz,
                                    1e-9 * (1 + sw_modes_get_mode (m2, k)->frequency_hz));
  for (guint i = 0; i < sw_system_get_n_parts (s1); i++)
    named |= strcmp (sw_system_get_part (s1, i)->id, "engine2.damperRing") == 0;
  g_assert_true (named);
}

/* A subsystem of subsystems: pair.shaft's two units set by one parameter,
 * paths two deep; saving keeps "kind": "subsystem" and the file. */
static void
test_nested_and_save (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) outer = load ("nested.shaft", &error);
  g_autoptr (SwTrajectory) tr = NULL;
  g_autofree char *saved = NULL;
  guint last;

  g_assert_no_error (error);
  tr = sw_test_run_model (outer, 0, 1e-9);
  last = sw_trajectory_get_n_rows (tr) - 1;
  /* Both units at 1800 N.m through the pair's gear of 3. */
  g_assert_cmpfloat_with_epsilon (sw_test_column (tr, "propeller.w")[last], 20 * sqrt (3 * 3600 / 1e4), 1e-3);
  g_assert_cmpfloat_with_epsilon (sw_test_column (tr, "pair.e1.crank.w")[last],
                                  3 * sw_test_column (tr, "propeller.w")[last], 1e-2);
  saved = sw_model_to_data (outer, NULL);
  g_assert_nonnull (strstr (saved, "\"kind\": \"subsystem\""));
  g_assert_nonnull (strstr (saved, "\"model\": \"pair.shaft\""));
  /* Undo re-reads the text: subsystems' files are still found where the
   * model came from, whatever its display name. */
  {
    g_autofree char *folder = g_test_build_filename (G_TEST_DIST, "data", "subsystem", NULL);
    g_autoptr (SwModel) shown = sw_model_new_from_data_in (saved, -1, "nested.shaft", folder, &error);
    int propeller;

    g_assert_no_error (error);
    propeller = sw_model_find_component (shown, "propeller");
    g_assert_true (sw_model_set_param (shown, (guint) propeller, "J", 70, &error));
    g_assert_true (sw_model_restore (shown, saved, -1, &error));
    g_assert_no_error (error);
    g_assert_cmpfloat (sw_model_get_component (shown, (guint) propeller)->param[0], ==, 60);
  }
  /* As nested Modelica models (test-modelica-subsystems runs them). */
  {
    g_autofree char *mo = sw_modelica_export (outer, &error);

    g_assert_no_error (error);
    g_assert_nonnull (strstr (mo, "\n  model Pair \"Pair\"\n"));
  }
}

/* Bad input: the file, the component, and what is wrong. */
static void
test_errors (void)
{
  static const struct {
    const char *text, *needle;
  } cases[] = {
    { "{'id': 's', 'kind': 'subsystem'}", "component “s”: a subsystem needs “model”" },
    { "{'id': 's', 'kind': 'subsystem', 'model': 'none.shaft'}", "component “s”: subsystem “none.shaft”: " },
    { "{'id': 's', 'kind': 'subsystem', 'model': 'cycle-a.shaft'}", "uses itself" },
    { "{'id': 's', 'kind': 'subsystem', 'model': '/dev/zero'}", "/dev/zero is not a model file" },
    { "{'id': 's', 'kind': 'subsystem', 'model': 'bad-port.shaft'}", "interface: port “out”: " },
    { "{'id': 's', 'kind': 'subsystem', 'model': 'unit.shaft', 'params': {'J': 1}}",
      "parameter “J”" },
  };
  g_autofree char *folder = g_test_build_filename (G_TEST_DIST, "data", "subsystem", NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = g_strdup_printf ("{'format': 'shaftwork-model', 'version': 1, 'components': [%s]}",
                                               cases[i].text);
      g_autoptr (GError) error = NULL;
      g_autoptr (SwModel) model = NULL;

      g_strdelimit (text, "'", '"');
      model = sw_model_new_from_data_in (text, -1, "m.shaft", folder, &error);
      g_assert_null (model);
      sw_test_assert_error_says (error, cases[i].needle);
      g_assert_true (g_str_has_prefix (error->message, "m.shaft:1:"));
    }
}

/* Files b1 … b15, each using the next twice, b15 not a subsystem (no
 * interface): each file is read once, its error said once, and a second
 * use of a file that failed says so in a line. Each use read its file
 * anew: 2^15 reads, an error of 2^15 nested lines (hos26). */
static void
test_failed_read_once (void)
{
  g_autofree char *dir = g_dir_make_tmp ("shaftwork-XXXXXX", NULL);
  g_autofree char *top = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = NULL;
  const guint levels = 15;

  for (guint i = 0; i <= levels; i++)
    {
      g_autofree char *path = g_strdup_printf ("%s/b%u.shaft", dir, i);
      g_autofree char *text = NULL;

      if (i < levels)
        text = g_strdup_printf ("{\"format\": \"shaftwork-model\", \"version\": 1,%s \"components\": ["
                                "{\"id\": \"a\", \"kind\": \"subsystem\", \"model\": \"b%u.shaft\"}, "
                                "{\"id\": \"b\", \"kind\": \"subsystem\", \"model\": \"b%u.shaft\"}]}",
                                i > 0 ? " \"interface\": {\"ports\": {\"f\": \"a.f\"}}," : "", i + 1, i + 1);
      else
        text = g_strdup ("{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": []}");
      g_assert_true (g_file_set_contents (path, text, -1, NULL));
      if (i == 0)
        top = g_steal_pointer (&path);
    }
  model = sw_model_new_from_file (top, &error);
  g_assert_null (model);
  sw_test_assert_error_says (error, "b15.shaft has no “interface”");
  sw_test_assert_error_says (error, "b2.shaft could not be read, as said above");
  g_assert_cmpuint (strlen (error->message), <, 20000);
  sw_test_remove_tree (dir);
}

/* Saved into another folder, the subsystems' files are named from there,
 * so the copy reads back and runs. */
static void
test_save_elsewhere (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) twin = load ("twin.shaft", &error);
  g_autoptr (SwModel) back = NULL;
  g_autofree char *dir = g_dir_make_tmp ("shaftwork-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "copy.shaft", NULL);
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  g_assert_true (sw_model_save_to_file (twin, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "unit.shaft\""));
  g_assert_null (strstr (text, "\"model\": \"unit.shaft\""));
  back = sw_model_new_from_file (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (sw_model_get_n_components (back), ==, 7);
  g_remove (path);
  g_rmdir (dir);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/subsystems/same-as-flat", test_same_as_flat);
  g_test_add_func ("/core/subsystems/modes", test_modes);
  g_test_add_func ("/core/subsystems/nested-and-save", test_nested_and_save);
  g_test_add_func ("/core/subsystems/errors", test_errors);
  g_test_add_func ("/core/subsystems/failed-read-once", test_failed_read_once);
  g_test_add_func ("/core/subsystems/save-elsewhere", test_save_elsewhere);
  return g_test_run ();
}
