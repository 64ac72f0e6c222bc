/* bench-definition-edits.c: the memory 2 000 edits of an inline subsystem
 * definition keep (issue 22). Each edit moves a part inside the definition
 * (a drag inside an opened definition is one edit per grid step) and reads
 * the model back, so each makes a new subsystem kind; the old one must go
 * with the last model holding it.
 *
 * tests/data/subsystem/twin-inline.shaft: two uses of "Unit", a six-part
 * engine unit. Prints the heap in use (mallinfo2) after a warm-up and after
 * the edits, and the growth per edit. Target: under 1 MB for 2 000 edits.
 *
 * Run: meson test -C build --benchmark bench-definition-edits --verbose, or
 *      build/tests/bench-definition-edits
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <malloc.h>
#include <stdio.h>
#include <glib.h>
#include <json-glib/json-glib.h>

#include "sw-error.h"
#include "sw-model.h"

#define N_EDITS 2000
#define WARM_UP 20

static gsize
heap_in_use (void)
{
  struct mallinfo2 info;

  malloc_trim (0);
  info = mallinfo2 ();
  return info.uordblks + info.hblkhd;
}

/* The definition with its first part moved to x (a new text each time). */
static char *
moved (const char *definition, double x)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonArray) position = json_array_new ();
  JsonObject *object, *first;

  if (!json_parser_load_from_data (parser, definition, -1, &error))
    g_error ("definition: %s", error->message);
  object = json_node_get_object (json_parser_get_root (parser));
  first = json_array_get_object_element (json_object_get_array_member (object, "components"), 0);
  json_array_add_double_element (position, x);
  json_array_add_double_element (position, 0);
  json_object_set_array_member (first, "position", g_steal_pointer (&position));
  return json_to_string (json_parser_get_root (parser), FALSE);
}

static void
edit (SwModel *model, const char *definition, guint i)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = moved (definition, 10.0 * i);

  if (!sw_model_set_definition (model, "Unit", text, &error))
    g_error ("edit %u: %s", i, error->message);
}

int
main (void)
{
  const char *root = g_getenv ("SW_SOURCE_ROOT");
  g_autofree char *path = g_build_filename (root != NULL ? root : ".", "tests", "data", "subsystem",
                                            "twin-inline.shaft", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_file (path, &error);
  g_autofree char *definition = NULL;
  gsize before, after;
  guint i;

  if (model == NULL)
    g_error ("%s", error->message);
  definition = sw_model_dup_definition (model, "Unit");
  g_assert_nonnull (definition);

  for (i = 0; i < WARM_UP; i++)
    edit (model, definition, i);
  before = heap_in_use ();
  for (; i < WARM_UP + N_EDITS; i++)
    edit (model, definition, i);
  after = heap_in_use ();

  printf ("heap in use after %u edits: %.1f kB, after %u more: %.1f kB\n", WARM_UP, before / 1e3, N_EDITS,
          after / 1e3);
  printf ("growth for %u edits of the definition: %+.1f kB (%+.2f kB per edit; target under 1 MB)\n", N_EDITS,
          ((double) after - (double) before) / 1e3, ((double) after - (double) before) / 1e3 / N_EDITS);
  return 0;
}
