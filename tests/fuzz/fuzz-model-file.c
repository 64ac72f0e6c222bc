/* fuzz-model-file.c: the model reader and writer on arbitrary bytes.
 *
 * One input is the text of a *.shaft file. Reading it gives a model or a
 * GError in the SW_ERROR domain with a UTF-8 message; never a crash, a
 * critical, a leak or undefined behaviour. A model that was read is saved,
 * the saved text read again and saved again: the second text is byte for
 * byte the first (data/FORMAT.md, "Saving"), and both models assemble alike
 * (a system, or an error with the same code).
 *
 * Built two ways: as a libFuzzer target (tests/fuzz/run-fuzzers) and, with
 * fuzz-corpus.c, as a test that runs every file of tests/fuzz/corpus/.
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
#include "sw-system.h"

#define FUZZ_NAME "fuzz-model-file"
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
  g_autoptr (SwSystem) sys = NULL;
  g_autoptr (SwSystem) sys_again = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GError) error_again = NULL;
  g_autofree char *text = NULL;
  g_autofree char *text_again = NULL;
  gsize length = 0, length_again = 0;

  fuzz_init ();
  /* size 0 with data == NULL is a valid call. */
  model = sw_model_new_from_data (size > 0 ? (const char *) data : "", (gssize) size, "fuzz.shaft", &error);
  if (model == NULL)
    {
      check_error (error, "reading the input");
      return 0;
    }
  fuzz_check (error == NULL, "reading the input");

  text = sw_model_to_data (model, &length);
  fuzz_check (text != NULL, "saving");
  fuzz_check (strlen (text) == length, "saving");
  fuzz_check (g_utf8_validate (text, (gssize) length, NULL), "saving");

  again = sw_model_new_from_data (text, (gssize) length, "saved.shaft", &error);
  if (again == NULL)
    fuzz_fail ("the saved text does not read back: %s\n--- saved text:\n%s",
             error->message, text);

  text_again = sw_model_to_data (again, &length_again);
  if (length != length_again || memcmp (text, text_again, length) != 0)
    fuzz_fail ("saving the read-back model gives other text\n--- first:\n%s\n--- second:\n%s",
             text, text_again);
  fuzz_check (sw_model_get_n_components (model) == sw_model_get_n_components (again), "reloading");
  fuzz_check (sw_model_get_n_connections (model) == sw_model_get_n_connections (again), "reloading");

  sys = sw_model_assemble (model, &error);
  sys_again = sw_model_assemble (again, &error_again);
  if (sys == NULL)
    check_error (error, "assembling");
  if (sys_again == NULL)
    check_error (error_again, "assembling the read-back model");
  if ((sys == NULL) != (sys_again == NULL)
      || (sys == NULL && error->code != error_again->code))
    fuzz_fail ("the model and its saved copy assemble differently: %s | %s",
             error != NULL ? error->message : "assembled",
             error_again != NULL ? error_again->message : "assembled");
  if (sys != NULL)
    {
      fuzz_check (sw_system_get_n_states (sys) == sw_system_get_n_states (sys_again), "assembling");
      fuzz_check (sw_system_get_n_dofs (sys) == sw_system_get_n_dofs (sys_again), "assembling");
    }
  return 0;
}
