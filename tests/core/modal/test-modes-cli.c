/* test-modes-cli.c: the JSON of `shaftwork-cli modal`
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <stdarg.h>
#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>
#include <gsl/gsl_eigen.h>
#include <gsl/gsl_matrix.h>
#include <gsl/gsl_vector.h>
#include <json-glib/json-glib.h>

#include "sw-error.h"
#include "sw-model.h"
#include "sw-modes.h"
#include "sw-simulate.h"
#include "sw-system.h"
#include "test-modes-common.h"

/* ---- 7. The CLI's JSON -------------------------------------------------- */

static JsonObject *
member_object (JsonObject *o,
               const char *name)
{
  JsonNode *n = json_object_get_member (o, name);

  g_assert_nonnull (n);
  g_assert_cmpint (JSON_NODE_TYPE (n), ==, JSON_NODE_OBJECT);
  return json_node_get_object (n);
}

static double
member_number (JsonObject *o,
               const char *name)
{
  JsonNode *n = json_object_get_member (o, name);

  g_assert_nonnull (n);
  g_assert_cmpint (JSON_NODE_TYPE (n), ==, JSON_NODE_VALUE);
  return json_node_get_double (n);
}

static void
test_cli_json (void)
{
  static const char *const body[] = { "rotor", "hub1", "hub2", "load" };
  static const char *const section[] = { "shaft", "coupling", "load_shaft" };
  static const char *const most[] = { NULL, "coupling", "shaft", "load_shaft" };
  const char *builddir = g_getenv ("G_TEST_BUILDDIR");
  const char *root = g_getenv ("SW_SOURCE_ROOT");
  g_autofree char *cli = NULL;
  g_autofree char *path = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(SwModel) model = model_new_from_example ("fourbody.shaft");
  g_autoptr(SwModes) modes = modes_of_model (model);
  JsonObject *top;
  JsonArray *arr;
  int status = 0;

  if (builddir == NULL || root == NULL)
    {
      g_test_skip ("G_TEST_BUILDDIR or SW_SOURCE_ROOT is not set: run through meson test");
      return;
    }
  cli = g_build_filename (builddir, "..", "app", "shaftwork-cli", NULL);
  if (!g_file_test (cli, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip ("shaftwork-cli is not built");
      return;
    }
  path = g_build_filename (root, "data", "examples", "fourbody.shaft", NULL);
  {
    const char *argv[] = { cli, "modal", path, "--json", NULL };

    g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &error);
  }
  g_assert_no_error (error);
  g_spawn_check_wait_status (status, &error);
  g_assert_no_error (error);

  json_parser_load_from_data (parser, out, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (JSON_NODE_TYPE (json_parser_get_root (parser)), ==, JSON_NODE_OBJECT);
  top = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpstr (json_object_get_string_member (top, "model"), ==, "fourbody");
  g_assert_cmpfloat (member_number (top, "at_time"), ==, 0);
  arr = json_object_get_array_member (top, "modes");
  g_assert_nonnull (arr);
  g_assert_cmpuint (json_array_get_length (arr), ==, 4);
  for (guint i = 0; i < 4; i++)
    {
      JsonObject *m = json_array_get_object_element (arr, i);
      const SwMode *mode = sw_modes_get_mode (modes, i);
      JsonObject *shape, *kin, *pot;
      JsonNode *ex, *zeta;

      g_assert_nonnull (m);
      g_assert_cmpint (json_object_get_int_member (m, "index"), ==, i + 1);
      g_assert_cmpint (json_object_get_boolean_member (m, "rigid_body"), ==, i == 0);
      assert_rel (member_number (m, "frequency_hz"), mode->frequency_hz, 1e-12);
      assert_rel (member_number (m, "omega_rad_s"), mode->omega_rad_s, 1e-12);
      assert_rel (member_number (m, "frequency_hz"), member_number (m, "omega_rad_s") / (2 * G_PI), 1e-12);
      assert_rel (member_number (m, "damped_frequency_hz"), mode->frequency_hz, 1e-12);
      zeta = json_object_get_member (m, "damping_ratio");
      g_assert_nonnull (zeta);
      if (i == 0)
        g_assert_true (JSON_NODE_HOLDS_NULL (zeta));
      else
        g_assert_cmpfloat (json_node_get_double (zeta), ==, 0);

      shape = member_object (m, "shape");
      kin = member_object (m, "kinetic_energy_percent");
      pot = member_object (m, "potential_energy_percent");
      g_assert_cmpuint (json_object_get_size (shape), ==, 4);
      g_assert_cmpuint (json_object_get_size (kin), ==, 4);
      g_assert_cmpuint (json_object_get_size (pot), ==, 3);
      for (guint k = 0; k < 4; k++)
        {
          int b = body_index (modes, body[k]);

          g_assert_cmpfloat_with_epsilon (member_number (shape, body[k]), mode->shape[b], 1e-12);
          g_assert_cmpfloat_with_epsilon (member_number (kin, body[k]), mode->kinetic_energy_percent[b], 1e-10);
        }
      for (guint k = 0; k < 3; k++)
        g_assert_cmpfloat_with_epsilon (member_number (pot, section[k]),
                                        mode->potential_energy_percent[section_index (modes, section[k])], 1e-10);

      ex = json_object_get_member (m, "most_excitable_section");
      g_assert_nonnull (ex);
      if (most[i] == NULL)
        g_assert_true (JSON_NODE_HOLDS_NULL (ex));
      else
        g_assert_cmpstr (json_node_get_string (ex), ==, most[i]);
    }
}

/* The CLI writes the JSON itself (sw-cli-modal-json.c, issue 24: a buffer
 * sized once, numbers as the shortest text that reads back); its text must
 * stay the one json-glib's pretty printer gives for the same tree but for
 * the digits: parsed and written again by json-glib, the text is the same
 * byte for byte outside numbers, and each number reads back to the same
 * double bit for bit, an integer or not as json-glib's, never longer than
 * json-glib's "%.17g". On an example (with a rigid-body mode: nulls) and on
 * a chain of spring-dampers (damped eigenvalues, numbers of every
 * magnitude). */
static char *
modal_json_of (const char *cli, const char *path)
{
  const char *argv[] = { cli, "modal", path, "--json", NULL };
  g_autoptr (GError) error = NULL;
  char *out = NULL;
  int status = 0;

  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out, NULL, &status, &error);
  g_assert_no_error (error);
  g_spawn_check_wait_status (status, &error);
  g_assert_no_error (error);
  return out;
}

/* The length of the number at text, or 0. */
static gsize
number_length (const char *text)
{
  const char *c = text;

  if (*c == '-')
    c++;
  if (!g_ascii_isdigit (*c))
    return 0;
  while (g_ascii_isdigit (*c) || *c == '.' || *c == 'e' || *c == 'E' || *c == '+' || *c == '-')
    c++;
  return c - text;
}

/* Returns how many numbers are shorter than json-glib's. */
static guint
assert_json_glib_text (const char *text)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (JsonGenerator) gen = json_generator_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *again = NULL, *with_newline = NULL;
  const char *a, *b;
  gboolean in_string = FALSE;
  guint n_numbers = 0, n_shorter = 0;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  json_generator_set_root (gen, json_parser_get_root (parser));
  json_generator_set_pretty (gen, TRUE);
  again = json_generator_to_data (gen, NULL);
  with_newline = g_strconcat (again, "\n", NULL);
  for (a = text, b = with_newline; *a != '\0' && *b != '\0';)
    {
      gsize la = in_string ? 0 : number_length (a), lb = in_string ? 0 : number_length (b);

      if (la > 0 || lb > 0)
        {
          g_autofree char *mine = g_strndup (a, la), *theirs = g_strndup (b, lb);
          double x = g_ascii_strtod (mine, NULL), y = g_ascii_strtod (theirs, NULL);

          if (la == 0 || lb == 0 || memcmp (&x, &y, sizeof x) != 0 || la > lb
              || (strpbrk (mine, ".e") == NULL) != (strpbrk (theirs, ".e") == NULL))
            g_error ("number %s written, json-glib writes %s", mine, theirs);
          n_numbers++;
          n_shorter += la < lb;
          a += la, b += lb;
          continue;
        }
      if (*a != *b)
        g_error ("text differs from json-glib's at byte %" G_GSIZE_FORMAT ": \"%.40s\" against \"%.40s\"",
                 (gsize) (a - text), a, b);
      if (in_string && *a == '\\')
        {
          a++, b++;
          g_assert_true (*a == *b && *a != '\0');
        }
      else if (*a == '"')
        in_string = !in_string;
      a++, b++;
    }
  g_assert_true (*a == '\0' && *b == '\0');
  g_assert_cmpuint (n_numbers, >, 10);
  g_test_message ("%u numbers, %u shorter than json-glib's", n_numbers, n_shorter);
  return n_shorter;
}

static void
test_cli_json_text (void)
{
  const char *builddir = g_getenv ("G_TEST_BUILDDIR");
  const char *root = g_getenv ("SW_SOURCE_ROOT");
  g_autofree char *cli = NULL, *example = NULL, *chain = NULL, *dir = NULL, *out = NULL;
  g_autoptr (GError) error = NULL;
  GString *model = g_string_new ("{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"chain \\\"40\\\"\", "
                                 "\"components\": [");
  GString *wires = g_string_new ("\"connections\": [");

  if (builddir == NULL || root == NULL)
    {
      g_test_skip ("G_TEST_BUILDDIR or SW_SOURCE_ROOT is not set: run through meson test");
      g_string_free (model, TRUE), g_string_free (wires, TRUE);
      return;
    }
  cli = g_build_filename (builddir, "..", "app", "shaftwork-cli", NULL);
  if (!g_file_test (cli, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip ("shaftwork-cli is not built");
      g_string_free (model, TRUE), g_string_free (wires, TRUE);
      return;
    }
  example = g_build_filename (root, "data", "examples", "fourbody.shaft", NULL);
  out = modal_json_of (cli, example);
  assert_json_glib_text (out);
  g_clear_pointer (&out, g_free);

  for (guint i = 0; i < 40; i++)
    {
      g_string_append_printf (model, "%s{\"id\": \"j%u\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": %g}}",
                              i ? "," : "", i, 0.1 + 0.01 * (i % 7));
      if (i + 1 < 40)
        {
          g_string_append_printf (model, ",{\"id\": \"s%u\", \"kind\": \"rotational.spring_damper\", "
                                         "\"params\": {\"c\": %g, \"d\": %g}}", i, 1e4 + 100 * (i % 5), 1 + 0.3 * (i % 3));
          g_string_append_printf (wires, "%s{\"from\": \"j%u.flange_b\", \"to\": \"s%u.flange_a\"},"
                                         "{\"from\": \"s%u.flange_b\", \"to\": \"j%u.flange_a\"}",
                                  i ? "," : "", i, i, i, i + 1);
        }
    }
  g_string_append (model, "], ");
  g_string_append (model, wires->str);
  g_string_append (model, "]}");
  g_string_free (wires, TRUE);
  dir = g_dir_make_tmp ("sw-modal-json-XXXXXX", &error);
  g_assert_no_error (error);
  chain = g_build_filename (dir, "chain.shaft", NULL);
  g_file_set_contents (chain, model->str, -1, &error);
  g_string_free (model, TRUE);
  g_assert_no_error (error);
  out = modal_json_of (cli, chain);
  g_assert_nonnull (strstr (out, "\"damped_solver\" : \"state space (LAPACK dgeevx, balanced)\""));
  g_assert_nonnull (strstr (out, "\"model\" : \"chain \\\"40\\\"\""));
  /* Computed numbers: a share need fewer than 17 digits. */
  g_assert_cmpuint (assert_json_glib_text (out), >, 100);
  g_remove (chain);
  g_rmdir (dir);
}

/* Every number of an object of the JSON (ids: bodies or sections) reads
 * back to the kept value bit for bit. */
static void
assert_kept (JsonObject *o, const SwModes *modes, const double *kept, gboolean sections)
{
  guint n = sections ? sw_modes_get_n_sections (modes) : sw_modes_get_n_bodies (modes);

  g_assert_cmpuint (json_object_get_size (o), ==, n);
  for (guint k = 0; k < n; k++)
    {
      const char *id = (sections ? sw_modes_get_section_part (modes, k) : sw_modes_get_body_part (modes, k))->id;
      double v = member_number (o, id);

      g_assert_cmpmem (&v, sizeof v, &kept[k], sizeof kept[k]);
    }
}

/* modal --json computes each mode's energies and most excitable section
 * once, as it writes the mode (issue 24): the same as the modes computed
 * with every value kept, on a uniform chain (a tie: two springs strained
 * alike) and on one whose rigid-body mode a spring and a stiff damper in
 * series to the ground turn elastic (its values made after the pairing). */
static void
test_cli_json_values_once (void)
{
  const char *builddir = g_getenv ("G_TEST_BUILDDIR");
  const char *models[] = {
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"tie\", \"components\": ["
    "{\"id\": \"j0\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.1}},"
    "{\"id\": \"j1\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.1}},"
    "{\"id\": \"j2\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.1}},"
    "{\"id\": \"j3\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.1}},"
    "{\"id\": \"s0\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 10000}},"
    "{\"id\": \"s1\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 10000}},"
    "{\"id\": \"s2\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 10000}}], \"connections\": ["
    "{\"from\": \"j0.flange_b\", \"to\": \"s0.flange_a\"}, {\"from\": \"s0.flange_b\", \"to\": \"j1.flange_a\"},"
    "{\"from\": \"j1.flange_b\", \"to\": \"s1.flange_a\"}, {\"from\": \"s1.flange_b\", \"to\": \"j2.flange_a\"},"
    "{\"from\": \"j2.flange_b\", \"to\": \"s2.flange_a\"}, {\"from\": \"s2.flange_b\", \"to\": \"j3.flange_a\"}]}",
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"maxwell\", \"components\": ["
    "{\"id\": \"ground\", \"kind\": \"rotational.fixed\", \"params\": {}},"
    "{\"id\": \"j0\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.1}},"
    "{\"id\": \"j1\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.2}},"
    "{\"id\": \"s0\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 10000}},"
    "{\"id\": \"ms\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 3000}},"
    "{\"id\": \"md\", \"kind\": \"rotational.damper\", \"params\": {\"d\": 1000}}], \"connections\": ["
    "{\"from\": \"j0.flange_b\", \"to\": \"s0.flange_a\"}, {\"from\": \"s0.flange_b\", \"to\": \"j1.flange_a\"},"
    "{\"from\": \"j1.flange_b\", \"to\": \"ms.flange_a\"}, {\"from\": \"ms.flange_b\", \"to\": \"md.flange_a\"},"
    "{\"from\": \"md.flange_b\", \"to\": \"ground.flange\"}]}",
  };
  g_autofree char *cli = NULL, *dir = NULL;
  g_autoptr (GError) error = NULL;
  guint ties = 0, promoted = 0;

  if (builddir == NULL)
    {
      g_test_skip ("G_TEST_BUILDDIR is not set: run through meson test");
      return;
    }
  cli = g_build_filename (builddir, "..", "app", "shaftwork-cli", NULL);
  if (!g_file_test (cli, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip ("shaftwork-cli is not built");
      return;
    }
  dir = g_dir_make_tmp ("sw-modal-once-XXXXXX", &error);
  g_assert_no_error (error);
  for (guint f = 0; f < G_N_ELEMENTS (models); f++)
    {
      g_autofree char *path = g_build_filename (dir, "model.shaft", NULL), *out = NULL;
      g_autoptr (SwModel) model = NULL;
      g_autoptr (SwSystem) sys = NULL;
      g_autoptr (SwModes) modes = NULL;
      g_autoptr (JsonParser) parser = json_parser_new ();
      JsonArray *arr;

      g_file_set_contents (path, models[f], -1, &error);
      g_assert_no_error (error);
      out = modal_json_of (cli, path);
      model = model_new_from_path (path);
      sys = assemble (model);
      modes = sw_modes_compute (sys, 0, NULL, &error);
      g_assert_no_error (error);
      json_parser_load_from_data (parser, out, -1, &error);
      g_assert_no_error (error);
      arr = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)), "modes");
      g_assert_cmpuint (json_array_get_length (arr), ==, sw_modes_get_n_modes (modes));
      for (guint i = 0; i < json_array_get_length (arr); i++)
        {
          JsonObject *m = json_array_get_object_element (arr, i);
          const SwMode *mode = sw_modes_get_mode (modes, i);
          JsonNode *ex = json_object_get_member (m, "most_excitable_section");

          g_assert_cmpint (json_object_get_boolean_member (m, "rigid_body"), ==, mode->rigid_body);
          if (mode->most_excitable_section < 0)
            g_assert_true (JSON_NODE_HOLDS_NULL (ex));
          else
            g_assert_cmpstr (json_node_get_string (ex), ==,
                             sw_modes_get_section_part (modes, mode->most_excitable_section)->id);
          g_assert_cmpint (json_object_get_boolean_member (m, "most_excitable_is_tie"), ==,
                           mode->most_excitable_is_tie);
          assert_kept (member_object (m, "shape"), modes, mode->shape, FALSE);
          assert_kept (member_object (m, "kinetic_energy_percent"), modes, mode->kinetic_energy_percent, FALSE);
          assert_kept (member_object (m, "potential_energy_percent"), modes, mode->potential_energy_percent, TRUE);
          ties += mode->most_excitable_is_tie;
          /* The undamped problem's rigid-body mode, elastic once damped. */
          promoted += f == 1 && i == 0 && !mode->rigid_body && mode->most_excitable_section >= 0;
        }
      g_remove (path);
    }
  g_rmdir (dir);
  g_assert_cmpuint (ties, >=, 1);
  g_assert_cmpuint (promoted, ==, 1);
}

/* ------------------------------------------------------------------------- */

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  sw_init ();
  g_test_add_func ("/core/modes/cli/json", test_cli_json);
  g_test_add_func ("/core/modes/cli/json-text", test_cli_json_text);
  g_test_add_func ("/core/modes/cli/json-values-once", test_cli_json_values_once);

  return g_test_run ();
}
