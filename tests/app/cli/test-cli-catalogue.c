/* test-cli-catalogue.c: shaftwork-cli check, examples and list as a user runs
 * them: checks, the bundled examples, the catalogue of kinds, tables and
 * expressions.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#define _GNU_SOURCE  /* posix_openpt(), ptsname() */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <locale.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "sw-kind.h"
#include "sw-test-files.h"
#include "test-cli-common.h"

static void
test_check (void)
{
  g_autofree char *model = sw_test_example_path ("first.shaft");
  g_autofree char *broken = write_temp_model (
      "{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"broken\",\n"
      " \"components\": [\n"
      "  {\"id\": \"a\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": -1}},\n"
      "  {\"id\": \"b\", \"kind\": \"rotational.flywheel\"}]}\n");
  g_autofree char *loop = write_temp_model (
      "{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"loop\",\n"
      " \"components\": [\n"
      "  {\"id\": \"in1\", \"kind\": \"rotational.inertia\"},\n"
      "  {\"id\": \"g1\", \"kind\": \"rotational.ideal_gear\", \"params\": {\"ratio\": 2}},\n"
      "  {\"id\": \"g2\", \"kind\": \"rotational.ideal_gear\", \"params\": {\"ratio\": 3}},\n"
      "  {\"id\": \"in2\", \"kind\": \"rotational.inertia\"}],\n"
      " \"connections\": [\n"
      "  {\"from\": \"in1.flange_b\", \"to\": \"g1.flange_a\"}, {\"from\": \"in1.flange_b\", \"to\": \"g2.flange_a\"},\n"
      "  {\"from\": \"g1.flange_b\", \"to\": \"in2.flange_a\"}, {\"from\": \"g2.flange_b\", \"to\": \"in2.flange_a\"}]}\n");
  g_auto (Run) ok = { 0 }, bad = { 0 }, contradiction = { 0 }, missing = { 0 };
  g_autofree char *prefix = NULL;

  cli (&ok, "check", model, NULL);
  g_assert_cmpint (ok.status, ==, 0);
  g_assert_cmpstr (ok.out, ==, "ok: 8 components, 9 connections, 2 degrees of freedom\n");

  cli (&bad, "check", broken, NULL);
  g_assert_cmpint (bad.status, ==, 1);
  prefix = g_strdup_printf ("%s:4:", broken);
  g_assert_nonnull (strstr (bad.err, prefix));
  g_assert_nonnull (strstr (bad.err, "error:"));
  g_assert_nonnull (strstr (bad.err, "“J”"));
  g_assert_nonnull (strstr (bad.err, "rotational.flywheel"));

  cli (&contradiction, "check", loop, NULL);
  g_assert_cmpint (contradiction.status, ==, 1);
  g_assert_nonnull (strstr (contradiction.err, "g1"));
  g_assert_nonnull (strstr (contradiction.err, "g2"));

  cli (&missing, "check", "/nonexistent/model.shaft", NULL);
  g_assert_cmpint (missing.status, ==, 1);
  g_assert_nonnull (strstr (missing.err, "/nonexistent/model.shaft"));
  g_unlink (broken);
  g_unlink (loop);
}

/* Every bundled example is valid and simulates. */
static void
test_examples (void)
{
  g_autofree char *dir_path = g_build_filename (g_getenv ("SW_SOURCE_ROOT"), "data", "examples", NULL);
  g_autoptr (GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;
  guint n = 0;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir_path, name, NULL);
      g_auto (Run) check = { 0 }, sim = { 0 };

      if (!g_str_has_suffix (name, ".shaft"))
        continue;
      cli (&check, "check", path, NULL);
      g_assert_cmpint (check.status, ==, 0);
      g_assert_true (g_str_has_prefix (check.out, "ok: "));
      cli (&sim, "simulate", path, "--interval", "0.1", NULL);
      g_assert_cmpint (sim.status, ==, 0);
      n++;
    }
  g_assert_cmpuint (n, >=, 4);
}

static void
test_list (void)
{
  g_auto (Run) text = { 0 }, json = { 0 };
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  JsonArray *kinds;
  guint n;

  sw_catalog_get_kinds (&n);
  cli (&text, "list", NULL);
  g_assert_cmpint (text.status, ==, 0);
  g_assert_nonnull (strstr (text.out, "rotational.inertia"));
  g_assert_nonnull (strstr (text.out, "kg.m2"));
  cli (&json, "list", "--json", NULL);
  g_assert_cmpint (json.status, ==, 0);
  json_parser_load_from_data (parser, json.out, -1, &error);
  g_assert_no_error (error);
  kinds = json_node_get_array (json_parser_get_root (parser));
  g_assert_cmpuint (json_array_get_length (kinds), ==, n);
  for (guint k = 0; k < n; k++)
    {
      JsonObject *kind = json_array_get_object_element (kinds, k);
      g_assert_true (json_object_has_member (kind, "parameters"));
      g_assert_true (json_object_has_member (kind, "ports"));
    }
}

/* Table parameters: their rows' columns, ranges and default rows. */
static void
test_list_tables (void)
{
  g_auto (Run) text = { 0 }, json = { 0 };
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  JsonObject *clutch = NULL, *mue_pos = NULL;
  JsonArray *kinds, *params, *columns, *rows;

  cli (&text, "list", NULL);
  g_assert_cmpint (text.status, ==, 0);
  g_assert_nonnull (strstr (text.out, "    mue_pos          -          table      default [[0, 0.5]]; valid rows "
                                      "[w, mue]: w >= 0 rad/s, increasing; mue >= 0. Friction coefficient"));
  g_assert_nonnull (strstr (text.out, "    tau_pos          -          table      default [[0, 1]]; valid rows "
                                      "[w, tau]: w >= 0 rad/s, increasing; tau >= 0 N.m. "));

  cli (&json, "list", "--json", NULL);
  g_assert_cmpint (json.status, ==, 0);
  json_parser_load_from_data (parser, json.out, -1, &error);
  g_assert_no_error (error);
  kinds = json_node_get_array (json_parser_get_root (parser));
  for (guint k = 0; k < json_array_get_length (kinds); k++)
    if (g_strcmp0 (json_object_get_string_member (json_array_get_object_element (kinds, k), "kind"),
                   "rotational.clutch") == 0)
      clutch = json_array_get_object_element (kinds, k);
  g_assert_nonnull (clutch);
  params = json_object_get_array_member (clutch, "parameters");
  mue_pos = json_array_get_object_element (params, 0);
  g_assert_cmpstr (json_object_get_string_member (mue_pos, "name"), ==, "mue_pos");
  g_assert_cmpstr (json_object_get_string_member (mue_pos, "type"), ==, "table");
  rows = json_object_get_array_member (mue_pos, "default");
  g_assert_cmpuint (json_array_get_length (rows), ==, 1);
  g_assert_cmpfloat (json_array_get_double_element (json_array_get_array_element (rows, 0), 0), ==, 0);
  g_assert_cmpfloat (json_array_get_double_element (json_array_get_array_element (rows, 0), 1), ==, 0.5);
  columns = json_object_get_array_member (mue_pos, "columns");
  g_assert_cmpuint (json_array_get_length (columns), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (columns, 0), "name"), ==, "w");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (columns, 0), "unit"), ==, "rad/s");
  g_assert_true (json_object_get_boolean_member (json_array_get_object_element (columns, 0), "increasing"));
  g_assert_cmpfloat (json_object_get_double_member (json_array_get_object_element (columns, 1), "min"), ==, 0);
  g_assert_true (json_object_get_null_member (json_array_get_object_element (columns, 1), "max"));
  g_assert_false (json_object_get_boolean_member (json_array_get_object_element (columns, 1), "increasing"));
  /* Other parameters have no columns. */
  g_assert_false (json_object_has_member (json_array_get_object_element (params, 1), "columns"));
}

/* Expression parameters: the formula's default, constants and variables;
 * a wrong formula in a model is reported at its character. */
static void
test_list_expressions (void)
{
  g_auto (Run) text = { 0 }, json = { 0 }, check = { 0 };
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *dir = NULL;
  JsonObject *coupling = NULL, *tau, *def;
  JsonArray *kinds, *vars;

  cli (&text, "list", NULL);
  g_assert_cmpint (text.status, ==, 0);
  g_assert_nonnull (strstr (text.out, "    tau              N.m        expression default “c*phi_rel + d*w_rel” with "
                                      "c = 10000, d = 10; valid a formula of phi_rel [rad], w_rel [rad/s], t [s] "
                                      "and named constants. The torque through the element"));

  cli (&json, "list", "--json", NULL);
  g_assert_cmpint (json.status, ==, 0);
  json_parser_load_from_data (parser, json.out, -1, &error);
  g_assert_no_error (error);
  kinds = json_node_get_array (json_parser_get_root (parser));
  for (guint k = 0; k < json_array_get_length (kinds); k++)
    if (g_strcmp0 (json_object_get_string_member (json_array_get_object_element (kinds, k), "kind"),
                   "translational.custom_coupling") == 0)
      coupling = json_array_get_object_element (kinds, k);
  g_assert_nonnull (coupling);
  tau = json_array_get_object_element (json_object_get_array_member (coupling, "parameters"), 0);
  g_assert_cmpstr (json_object_get_string_member (tau, "name"), ==, "f");
  g_assert_cmpstr (json_object_get_string_member (tau, "type"), ==, "expression");
  def = json_object_get_object_member (tau, "default");
  g_assert_cmpstr (json_object_get_string_member (def, "expression"), ==, "c*s_rel + d*v_rel");
  g_assert_cmpfloat (json_object_get_double_member (json_object_get_object_member (def, "constants"), "d"), ==, 100);
  vars = json_object_get_array_member (tau, "formula_variables");
  g_assert_cmpuint (json_array_get_length (vars), ==, 3);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (vars, 1), "name"), ==, "v_rel");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (vars, 1), "unit"), ==, "m/s");

  dir = g_dir_make_tmp ("sw-cli-expression-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (dir, "expression.shaft", NULL);
  g_assert_true (g_file_set_contents (path,
                                      "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": [\n"
                                      "  {\"id\": \"k\", \"kind\": \"rotational.custom_coupling\",\n"
                                      "   \"params\": {\"tau\": \"2*phi_rel + x\"}}]}\n", -1, NULL));
  cli (&check, "check", path, NULL);
  g_assert_cmpint (check.status, ==, 1);
  g_assert_nonnull (strstr (check.err, "expression.shaft:3:35: error: component “k”: parameter “tau”: "
                                       "at character 13 of “2*phi_rel + x”: unknown name “x”; valid: the variables "
                                       "phi_rel, w_rel, t"));
  unlink (path);
  rmdir (dir);
}

/* data/CATALOGUE.md is generated: it must match the code. */
static void
test_catalogue_current (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("SW_SOURCE_ROOT"), "data", "CATALOGUE.md", NULL);
  g_autofree char *text = NULL;
  g_auto (Run) r = { 0 };

  cli (&r, "list", "--markdown", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  if (g_strcmp0 (text, r.out) != 0)
    g_test_message ("data/CATALOGUE.md is stale: run build/app/shaftwork-cli list --markdown > data/CATALOGUE.md");
  g_assert_cmpstr (text, ==, r.out);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/app/cli/check", test_check);
  g_test_add_func ("/app/cli/examples", test_examples);
  g_test_add_func ("/app/cli/list", test_list);
  g_test_add_func ("/app/cli/list-tables", test_list_tables);
  g_test_add_func ("/app/cli/list-expressions", test_list_expressions);
  g_test_add_func ("/app/cli/catalogue-current", test_catalogue_current);
  return g_test_run ();
}
