/* fuzz-modelica.c: the Modelica reader and writer on arbitrary bytes.
 *
 * One input is the text of a *.mo file. Importing it gives a model or a
 * GError in the SW_ERROR domain with a UTF-8 message; never a crash, a
 * stack overflow, a critical, a leak or undefined behaviour (issue 21). A
 * model that was imported is exported: a Modelica text or an SW_ERROR; the
 * text is UTF-8 and imports again (the export writes only what its import
 * reads), to a model of as many components and connections.
 *
 * Built two ways: as a libFuzzer target (tests/fuzz/run-fuzzers modelica)
 * and, with fuzz-corpus.c, as a test that runs every file of
 * tests/fuzz/corpus-modelica/.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <glib.h>

#include "sw-error.h"
#include "sw-model.h"
#include "sw-modelica.h"

#define FUZZ_NAME "fuzz-modelica"
#include "fuzz-check.h"

static void
fuzz_init (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      sw_init ();
      g_log_set_default_handler (on_log, NULL);
      g_once_init_leave (&done, 1);
    }
}

static void
check_error (const GError *error, const char *what)
{
  fuzz_check (error != NULL, what);
  fuzz_check (error->domain == SW_ERROR, what);
  fuzz_check (error->message != NULL && error->message[0] != '\0', what);
  fuzz_check (g_utf8_validate (error->message, -1, NULL), what);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr (SwModel) model = NULL;
  g_autoptr (SwModel) again = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;

  const char *input = size > 0 ? (const char *) data : "";
  g_auto (GStrv) names = NULL;

  fuzz_init ();
  /* A file of several models: its last one chosen by name (the scan of
   * its classes and the parse of one of them where it starts). */
  names = sw_modelica_list_models (input, (gssize) size);
  /* size 0 with data == NULL is a valid call. */
  model = sw_modelica_import_model (input, (gssize) size, "fuzz.mo", NULL,
                                    names != NULL && names[0] != NULL && names[1] != NULL
                                      ? names[g_strv_length (names) - 1] : NULL, &error);
  if (model == NULL)
    {
      check_error (error, "importing the input");
      return 0;
    }
  fuzz_check (error == NULL, "importing the input");

  text = sw_modelica_export (model, &error);
  if (text == NULL)
    {
      check_error (error, "exporting");
      return 0;
    }
  fuzz_check (g_utf8_validate (text, -1, NULL), "exporting");
  again = sw_modelica_import (text, -1, "exported.mo", &error);
  if (again == NULL)
    fuzz_fail ("the export does not import: %s\n%s", error->message, text);
  fuzz_check (sw_model_get_n_components (again) == sw_model_get_n_components (model), "importing the export");
  fuzz_check (sw_model_get_n_connections (again) == sw_model_get_n_connections (model), "importing the export");
  return 0;
}
