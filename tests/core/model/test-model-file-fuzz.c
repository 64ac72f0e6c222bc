/* test-model-file-fuzz.c: reading truncated and mutated models (*.shaft): an
 * error or a model, never a crash.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>
#include <glib/gstdio.h>

#include "sw-error.h"
#include "sw-model.h"
#include "sw-test-files.h"
#include "test-model-file-common.h"

/* Fuzzing */

static void
check_any_input (const char *text,
                 gsize       length)
{
  g_autoptr(GError) error = NULL;
  SwModel *model = sw_model_new_from_data (text, (gssize) length, "fuzz.shaft", &error);

  if (model != NULL)
    {
      g_autofree char *saved = NULL;
      SwModel *again;

      g_assert_no_error (error);
      /* Whatever loads also saves and loads again. */
      saved = sw_model_to_data (model, NULL);
      again = sw_model_new_from_data (saved, -1, "saved.shaft", &error);
      g_assert_no_error (error);
      assert_models_equal (model, again);
      g_assert_finalize_object (again);
      g_assert_finalize_object (model);
    }
  else
    {
      g_test_message ("%s", error->message);
      assert_error_format (error, "fuzz.shaft");
    }
}

static void
test_fuzz_truncate (void)
{
  const char *names[] = { "first.shaft", "round-trip.shaft", "multiple.shaft" };

  for (guint n = 0; n < G_N_ELEMENTS (names); n++)
    {
      g_autofree char *path = fixture_path (names[n]);
      g_autofree char *contents = NULL;
      g_autoptr(GError) error = NULL;
      gsize length;

      g_file_get_contents (path, &contents, &length, &error);
      g_assert_no_error (error);

      for (gsize i = 0; i <= length; i++)
        {
          g_autofree char *prefix = g_strndup (contents, i);

          check_any_input (prefix, i);
        }
    }
}

static void
test_fuzz_mutate (void)
{
  static const char alphabet[] = "{}[]:,\".-+eE0123456789 \n\\tfnul\xc3\xff";
  g_autofree char *path = fixture_path ("round-trip.shaft");
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (20240601);
  gsize length;

  g_file_get_contents (path, &contents, &length, &error);
  g_assert_no_error (error);

  for (guint round = 0; round < 3000; round++)
    {
      g_autofree char *copy = g_memdup2 (contents, length + 1);
      guint n = g_rand_int_range (rand, 1, 4);

      for (guint k = 0; k < n; k++)
        copy[g_rand_int_range (rand, 0, (gint32) length)] =
          alphabet[g_rand_int_range (rand, 0, sizeof alphabet - 1)];
      check_any_input (copy, length);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  sw_init ();
  g_test_add_func ("/core/model-file/fuzz/truncate", test_fuzz_truncate);
  g_test_add_func ("/core/model-file/fuzz/mutate", test_fuzz_mutate);

  return g_test_run ();
}
