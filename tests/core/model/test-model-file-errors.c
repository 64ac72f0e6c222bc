/* test-model-file-errors.c: the errors of reading models (*.shaft): unknown
 * keys, kinds and parameters, ranges, ids, connections, domains, signals,
 * tables, hostile inputs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>
#include <glib/gstdio.h>

#include "sw-error.h"
#include "sw-model.h"
#include "sw-test-files.h"
#include "test-model-file-common.h"

#define ZEROS_10 "0000000000"
#define ZEROS_100 ZEROS_10 ZEROS_10 ZEROS_10 ZEROS_10 ZEROS_10 ZEROS_10 ZEROS_10 ZEROS_10 ZEROS_10 ZEROS_10
#define ZEROS_400 ZEROS_100 ZEROS_100 ZEROS_100 ZEROS_100

/* A bearing friction whose tau_pos is text; the table starts at line 4,
 * column 26. */
static char *
table_error (const char *table)
{
  g_autofree char *text =
    g_strconcat (HEADER "\"components\": [\n"
                 "  {\"id\": \"ok\", \"kind\": \"rotational.inertia\"},\n"
                 "  {\"id\": \"bf\", \"kind\": \"rotational.bearing_friction\",\n"
                 "   \"params\": {\"tau_pos\": ", table, "}}]}", NULL);

  return load_error (text);
}

static void
test_error_table (void)
{
  g_autofree char *message = NULL;

  /* Not a list, no rows. */
  message = table_error ("1");
  g_assert_cmpstr (message, ==, "test.shaft:4:26: error: component “bf”: parameter “tau_pos” must be a list "
                                "of rows [[w, tau], …], not a number");
  g_clear_pointer (&message, g_free);
  message = table_error ("[]");
  g_assert_cmpstr (message, ==, "test.shaft:4:26: error: component “bf”: parameter “tau_pos” needs at least "
                                "one row [w, tau]");
  g_clear_pointer (&message, g_free);

  /* Rows of the wrong shape, at the row. */
  message = table_error ("[[0, 1], 2]");
  g_assert_cmpstr (message, ==, "test.shaft:4:35: error: component “bf”: parameter “tau_pos”, row 2 must be "
                                "[w, tau], not a number");
  g_clear_pointer (&message, g_free);
  message = table_error ("[[0, 1, 2]]");
  g_assert_cmpstr (message, ==, "test.shaft:4:27: error: component “bf”: parameter “tau_pos”, row 1 has 3 "
                                "values; valid: [w, tau], 2 numbers");
  g_clear_pointer (&message, g_free);

  /* Values, at the value. */
  message = table_error ("[[0, \"x\"]]");
  g_assert_cmpstr (message, ==, "test.shaft:4:31: error: component “bf”: parameter “tau_pos”, row 1: tau "
                                "must be a number, not a string");
  g_clear_pointer (&message, g_free);
  message = table_error ("[[-1, 1]]");
  g_assert_cmpstr (message, ==, "test.shaft:4:28: error: component “bf”: parameter “tau_pos”, row 1: w = "
                                "-1 rad/s is out of range; valid: w >= 0");
  g_clear_pointer (&message, g_free);
  message = table_error ("[[0, 1], [1, -2]]");
  g_assert_cmpstr (message, ==, "test.shaft:4:39: error: component “bf”: parameter “tau_pos”, row 2: tau = "
                                "-2 N.m is out of range; valid: tau >= 0");
  g_clear_pointer (&message, g_free);
  message = table_error ("[[0, 1e-200]]");
  g_assert_cmpstr (message, ==, "test.shaft:4:31: error: component “bf”: parameter “tau_pos”, row 1: tau = "
                                "1e-200 N.m is too small for the equations to stay finite; valid: 0 or "
                                "1e-100 <= |tau| <= 1e+100");
  g_clear_pointer (&message, g_free);
  message = table_error ("[[0, 1], [1e101, 1]]");
  g_assert_cmpstr (message, ==, "test.shaft:4:36: error: component “bf”: parameter “tau_pos”, row 2: w = "
                                "1e101 rad/s is too large for the equations to stay finite; valid: 0 or "
                                "1e-100 <= |w| <= 1e+100");
  g_clear_pointer (&message, g_free);
  message = table_error ("[[0, 1], [99999999999999999999999999999999999999999999999999999999999999999999999"
                         "99999999999999999999999999999999999999999999999999999999999999999999999999999999999"
                         "99999999999999999999999999999999999999999999999999999999999999999999999999999999999"
                         "999999999999999999999999999999999999999999999999999999999999999999999999999999999, 1]]");
  assert_contains (message, "test.shaft:4:36: error: the number “9999999999999999999999999999999999999999” is too "
                            "large for a double");
  g_clear_pointer (&message, g_free);

  /* Increasing, named with the row before. */
  message = table_error ("[[0, 1], [2, 1],\n [1, 1]]");
  g_assert_cmpstr (message, ==, "test.shaft:5:3: error: component “bf”: parameter “tau_pos”, row 3: w = 1 "
                                "must be larger than the row before (2); rows are [w, tau] with w increasing");
  g_clear_pointer (&message, g_free);
  message = table_error ("[[0, 1], [0, 1]]");
  assert_contains (message, "row 2: w = 0 must be larger than the row before (0)");
  g_clear_pointer (&message, g_free);

  /* Every problem, each once. */
  message = table_error ("[[-1, 1], [0, \"x\"], 5, [1, 2, 3], [2, -1]]");
  g_assert_cmpuint (count_lines (message), ==, 5);
  assert_contains (message, "4:28: error: component “bf”: parameter “tau_pos”, row 1: w");
  assert_contains (message, "4:40: error: component “bf”: parameter “tau_pos”, row 2: tau must");
  assert_contains (message, "4:46: error: component “bf”: parameter “tau_pos”, row 3 must");
  assert_contains (message, "4:49: error: component “bf”: parameter “tau_pos”, row 4 has 3 values");
  assert_contains (message, "4:64: error: component “bf”: parameter “tau_pos”, row 5: tau = -1");
  g_clear_pointer (&message, g_free);
}

static void
test_error_unknown_key (void)
{
  g_autofree char *message = fixture_error ("unknown-key.shaft", SW_ERROR_UNKNOWN_PARAMETER);

  assert_contains (message, "unknown-key.shaft:5:3: error: unknown top-level key “solver”; valid keys: "
                            "format, version, name, interface, signals, subsystems, components, connections, simulation, "
                            "excitation, observed, ui");
  g_assert_cmpuint (count_lines (message), ==, 1);
}

static void
test_error_unknown_kind (void)
{
  g_autofree char *message = fixture_error ("unknown-kind.shaft", SW_ERROR_UNKNOWN_KIND);

  assert_contains (message, "unknown-kind.shaft:5:32: error: component “inertia1”: unknown kind "
                            "“rotational.inertai”; did you mean “rotational.inertia”");
  assert_contains (message, "unknown-kind.shaft:6:27: error: component “box”: unknown kind "
                            "“quantum.flux_capacitor”; run 'shaftwork-cli list'");
  /* The connection between them is not reported again. */
  g_assert_cmpuint (count_lines (message), ==, 2);
}

static void
test_error_unknown_param (void)
{
  g_autofree char *message = fixture_error ("unknown-param.shaft", SW_ERROR_UNKNOWN_PARAMETER);

  assert_contains (message, "unknown-param.shaft:5:73: error: component “spring”: rotational.spring "
                            "has no parameter “k”; valid: c, phi_rel0");
  g_assert_cmpuint (count_lines (message), ==, 1);
}

static void
test_error_out_of_range (void)
{
  g_autofree char *message = fixture_error ("out-of-range.shaft", SW_ERROR_INVALID);

  g_assert_cmpstr (strstr (message, "out-of-range.shaft:"), ==,
                   "out-of-range.shaft:9:14: error: component “inertia1”: parameter “J” = -1 kg.m2 "
                   "is out of range; valid: J >= 0");
}

static void
test_error_duplicate_id (void)
{
  g_autofree char *message = fixture_error ("duplicate-id.shaft", SW_ERROR_TOPOLOGY);

  assert_contains (message, "duplicate-id.shaft:7:12: error: duplicate component id “shaft”; "
                            "it is first defined at line 5");
  g_assert_cmpuint (count_lines (message), ==, 1);
}

static void
test_error_dangling (void)
{
  g_autofree char *message = fixture_error ("dangling.shaft", SW_ERROR_TOPOLOGY);

  assert_contains (message, "dangling.shaft:9:38: error: connection from “shaft.flange_b” to "
                            "“motor.flange”: there is no component “motor”");
  assert_contains (message, "dangling.shaft:10:14: error: connection from “gear.flange_c” to "
                            "“shaft.flange_a”: component “gear” (rotational.ideal_gear) has no port "
                            "“flange_c”; valid: flange_a, flange_b, support");
  g_assert_cmpuint (count_lines (message), ==, 2);
}

static void
test_error_domain (void)
{
  g_autofree char *message = fixture_error ("domain.shaft", SW_ERROR_TOPOLOGY);

  assert_contains (message, "domain.shaft:9:5: error: connection from “shaft.flange_b” to "
                            "“cart.flange_a”: “shaft.flange_b” is rotational but “cart.flange_a” "
                            "is translational");
}

static void
test_error_malformed (void)
{
  g_autofree char *message = fixture_error ("malformed.shaft", SW_ERROR_PARSE);

  assert_contains (message, "malformed.shaft:6:");
  assert_contains (message, ": error: malformed JSON: ");
  assert_contains (message, "rotational");
  g_assert_cmpuint (count_lines (message), ==, 1);
}

static void
test_error_multiple (void)
{
  g_autofree char *message = fixture_error ("multiple.shaft", SW_ERROR_UNKNOWN_PARAMETER);
  g_auto(GStrv) lines = g_strsplit (message, "\n", -1);

  g_assert_cmpuint (g_strv_length (lines), ==, 8);
  assert_contains (lines[0], "multiple.shaft:4:3: error: unknown top-level key “colour”");
  assert_contains (lines[1], "multiple.shaft:6:");
  assert_contains (lines[1], "component “shaft”: parameter “J” = -2 kg.m2 is out of range");
  assert_contains (lines[2], "multiple.shaft:7:");
  assert_contains (lines[2], "did you mean “rotational.ideal_gear”");
  assert_contains (lines[3], "multiple.shaft:8:");
  assert_contains (lines[3], "has no parameter “stiffness”");
  assert_contains (lines[4], "multiple.shaft:9:");
  assert_contains (lines[4], "component “stop”: parameter “ratio” = 0 is not valid");
  assert_contains (lines[5], "multiple.shaft:13:");
  assert_contains (lines[5], "there is no component “clutch”");
  assert_contains (lines[6], "multiple.shaft:15:");
  assert_contains (lines[6], "simulation: “stop_time” = -1 is out of range; valid: stop_time > 0");
  assert_contains (lines[7], "multiple.shaft:15:");
  assert_contains (lines[7], "simulation: unknown method “euler”; valid: auto, rk45, rk853, rkck, rk8pd, adams, bdf");
}

static void
test_error_signal (void)
{
  g_autofree char *message =
    load_error (HEADER "\"components\": [\n"
                "  {\"id\": \"t\", \"kind\": \"rotational.torque\",\n"
                "   \"params\": {\"tau\": {\"sine\": {\"amplitude\": \"big\"}}}}]}");

  g_assert_true (g_str_has_prefix (message, "test.shaft:3:22: error: component “t”: parameter “tau”: "));
  assert_contains (message, "amplitude");
}

static void
test_error_connections (void)
{
  const char *components =
    HEADER "\"components\": [{\"id\": \"a\", \"kind\": \"rotational.inertia\"},"
    "{\"id\": \"b\", \"kind\": \"rotational.inertia\"}],\n\"connections\": [\n";
  g_autofree char *self = NULL;
  g_autofree char *duplicate = NULL;
  g_autofree char *reversed = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  SwModel *model;

  text = g_strconcat (components, "{\"from\": \"a.flange_a\", \"to\": \"a.flange_a\"}]}", NULL);
  self = load_error (text);
  assert_contains (self, "test.shaft:3:1: error: connection from “a.flange_a” to “a.flange_a”: "
                         "“a.flange_a” is connected to itself");
  g_free (text);

  text = g_strconcat (components,
                      "{\"from\": \"a.flange_b\", \"to\": \"b.flange_a\"},\n"
                      "{\"from\": \"a.flange_b\", \"to\": \"b.flange_a\"}]}", NULL);
  duplicate = load_error (text);
  assert_contains (duplicate, "test.shaft:4:1: error: connection from “a.flange_b” to “b.flange_a”: "
                              "“a.flange_b” and “b.flange_a” are already connected (first at line 3)");
  g_free (text);

  text = g_strconcat (components,
                      "{\"from\": \"a.flange_b\", \"to\": \"b.flange_a\"},\n"
                      "{\"from\": \"b.flange_a\", \"to\": \"a.flange_b\"}]}", NULL);
  reversed = load_error (text);
  assert_contains (reversed, "test.shaft:4:1: error:");
  assert_contains (reversed, "already connected");
  g_free (text);

  /* One port in several connections joins them into one node. */
  text = g_strconcat (components,
                      "{\"from\": \"a.flange_b\", \"to\": \"b.flange_a\"},\n"
                      "{\"from\": \"b.flange_b\", \"to\": \"a.flange_b\"}]}", NULL);
  model = sw_model_new_from_data (text, -1, "test.shaft", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (sw_model_get_n_connections (model), ==, 2);
  g_assert_finalize_object (model);
}

typedef struct {
  const char *text;
  const char *fragment;
  guint       n_lines;    /* of the message; 0: not checked */
} BadInput;

static const BadInput bad_inputs[] = {
  /* not a model */
  { "", "test.shaft: error: the file is empty" },
  { "  \n ", "the file is empty" },
  { "[]", "test.shaft:1:1: error: a model is a JSON object {…}, not an array" },
  { "null", "not null" },
  { "42", "not a number" },
  { "\"model\"", "not a string" },
  { "{}", "“format” is missing" },
  { "{\"format\": \"shaftwork-model\"}", "“version” is missing" },
  { "{\"format\": \"other\", \"version\": 1}", "not a Shaftwork model: “format” is “other”" },
  { "{\"format\": 7, \"version\": 1}", "not a Shaftwork model" },
  { "{\"format\": \"shaftwork-model\", \"version\": 2}", "written by a newer Shaftwork (format version 2)" },
  { "{\"format\": \"shaftwork-model\", \"version\": 0}", "“version” = 0 is not valid; valid: 1" },
  { "{\"format\": \"shaftwork-model\", \"version\": \"1\"}", "“version” must be the number 1, not a string" },
  { "{\"format\": \"shaftwork-model\", \"version\": 1", "malformed JSON" },
  { "{\"format\": \"shaftwork-model\", \"version\": NaN}", "test.shaft:1:" },
  { "{\"format\": \"shaftwork-model\"\n\"version\": 1}", "test.shaft:1:28: error: malformed JSON: " },
  { "{\"format\": \"shaftwork-model\", \"version\": 1, \"version\": 1}", "key “version” appears more than once" },
  /* top level */
  { HEADER "\"name\": 5}", "“name” must be a string, not a number" },
  { HEADER "\"components\": {}}", "“components” must be an array […], not an object" },
  { HEADER "\"components\": {}, \"connections\": [{\"from\": \"a.b\", \"to\": \"c.d\"}]}",
    "test.shaft:1:59: error: “components” must be an array […], not an object", 1 },
  { HEADER "\"connections\": \"a.b\"}", "“connections” must be an array" },
  { HEADER "\"simulation\": []}", "“simulation” must be an object {…}, not an array" },
  /* components */
  { HEADER "\"components\": [5]}", "component #1 must be an object {…}, not a number" },
  { HEADER "\"components\": [{\"kind\": \"rotational.inertia\"}]}", "component #1 has no “id”" },
  { HEADER "\"components\": [{\"id\": 5, \"kind\": \"rotational.inertia\"}]}", "component #1: “id” must be a string" },
  { HEADER "\"components\": [{\"id\": \"\", \"kind\": \"rotational.inertia\"}]}", "may not be empty" },
  { HEADER "\"components\": [{\"id\": \"1a\", \"kind\": \"rotational.inertia\"}]}", "component id “1a” is not valid" },
  { HEADER "\"components\": [{\"id\": \"a.b\", \"kind\": \"rotational.inertia\"}]}", "component id “a.b” is not valid" },
  { HEADER "\"components\": [{\"id\": \"a\"}]}", "component “a” has no “kind”; run 'shaftwork-cli list'" },
  { HEADER "\"components\": [{\"id\": \"a\", \"kind\": [1]}]}", "“kind” must be a string, not an array" },
  { HEADER "\"components\": [{\"id\": \"a\", \"kind\": \"inertia\"}]}", "did you mean “rotational.inertia”" },
  { HEADER "\"components\": [{\"id\": \"a\", \"kind\": \"rotational.inertia\", \"colour\": 1}]}",
    "component “a”: unknown key “colour”; valid keys: id, kind, model, subsystem, params, position, ui" },
  { HEADER "\"components\": [{\"id\": \"a\", \"kind\": \"rotational.inertia\", \"params\": [1]}]}",
    "“params” must be an object {…}, not an array" },
  { HEADER "\"components\": [{\"id\": \"a\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": \"1\"}}]}",
    "parameter “J” must be a number, not a string" },
  { HEADER "\"components\": [{\"id\": \"a\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": \"NaN\"}}]}",
    "parameter “J” must be a number, not a string" },
  { HEADER "\"components\": [{\"id\": \"a\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": true}}]}",
    "parameter “J” must be a number, not true/false" },
  { HEADER "\"components\": [{\"id\": \"a\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": null}}]}",
    "parameter “J” must be a number, not null" },
  { HEADER "\"components\": [{\"id\": \"a\", \"kind\": \"rotational.inertia\", \"params\": {\"phi0\": {}}}]}",
    "parameter “phi0” must be a number, not an object" },
  { HEADER "\"components\": [{\"id\": \"a\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1e999}}]}",
    "test.shaft:1:118: error: the number “1e999” is too large for a double; valid: magnitudes up to 1.8e308" },
  /* json-glib reads 1e-400 as 0: a massless inertia, silently. */
  { HEADER "\"components\": [{\"id\": \"a\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1e-400}}]}",
    "the number “1e-400” is too small for a double and would read as 0; valid: 0, or magnitudes from 2.3e-308" },
  { HEADER "\"components\": [{\"id\": \"a\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": -0.000001e-320}}]}",
    "the number “-0.000001e-320” is too small" },
  { HEADER "\"components\": [{\"id\": \"a\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": -99999999999999999999999}}]}",
    "is out of range; valid: J >= 0" },
  /* An integer of 400 digits is not one json-glib keeps as it is: it read
   * as inf, “J = inf is not a finite number” (hos26). */
  { HEADER "\"components\": [{\"id\": \"a\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1" ZEROS_400 "}}]}",
    "the number “1000000000000000000000000000000000000000” is too large for a double; valid: magnitudes up to 1.8e308" },
  { HEADER "\"simulation\": {\"stop_time\": -1" ZEROS_400 "}}", "is too large for a double" },
  { HEADER "\"components\": [{\"id\": \"a\", \"kind\": \"rotational.quadratic_speed_dependent_torque\", "
    "\"params\": {\"TorqueDirection\": 1}}]}", "parameter “TorqueDirection” must be true or false, not a number" },
  { HEADER "\"components\": [{\"id\": \"a\", \"kind\": \"rotational.quadratic_speed_dependent_torque\", "
    "\"params\": {\"w_nominal\": 0}}]}", "parameter “w_nominal” = 0 rad/s is out of range; valid: w_nominal > 0" },
  { HEADER "\"components\": [{\"id\": \"a\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": \"sine\"}}]}",
    "component “a”: parameter “tau”: " },
  { HEADER "\"components\": [{\"id\": \"a\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": 1e999}}]}",
    "the number “1e999” is too large for a double" },
  { HEADER "\"components\": [{\"id\": \"a\", \"kind\": \"rotational.inertia\", \"position\": [1]}]}",
    "component “a”: “position” must be [x, y], two finite numbers" },
  { HEADER "\"components\": [{\"id\": \"a\", \"kind\": \"rotational.inertia\", \"position\": [1, \"2\"]}]}",
    "“position” must be [x, y]" },
  { HEADER "\"components\": [{\"id\": \"a\", \"kind\": \"rotational.inertia\", \"position\": {\"x\": 1}}]}",
    "“position” must be [x, y]" },
  { HEADER "\"components\": [{\"id\": \"a\", \"kind\": \"nothing\", \"position\": 3}]}",
    "“position” must be [x, y]" },
  { HEADER "\"components\": [{\"id\": \"a\xff\", \"kind\": \"rotational.inertia\"}]}", "UTF-8" },
  /* connections */
  { HEADER "\"connections\": [3]}", "connection #1 must be an object" },
  { HEADER "\"connections\": [{\"from\": 1, \"to\": \"a.b\"}]}", "connection #1: “from” must be a string “component.port”, not a number" },
  { HEADER "\"connections\": [{\"to\": \"a.b\"}]}", "connection #1 has no “from”" },
  { HEADER "\"connections\": [{\"from\": \"a\", \"to\": \"b.\"}]}", "“a” is not a port; write “component.port”" },
  { HEADER "\"connections\": [{\"from\": \"a.b\", \"to\": \"c.d\", \"via\": 1}]}", "unknown key “via”; valid keys: from, to, ui" },
  /* simulation */
  { HEADER "\"simulation\": {\"stop_time\": \"1\"}}", "simulation: “stop_time” must be a number, not a string" },
  { HEADER "\"simulation\": {\"stop_time\": 0}}", "simulation: “stop_time” = 0 is out of range; valid: stop_time > 0" },
  { HEADER "\"simulation\": {\"stop_time\": 1e999}}", "the number “1e999” is too large for a double" },
  /* A denormal stop time: refused where it is written, not by the run. */
  { HEADER "\"simulation\": {\"stop_time\": 1e-320}}",
    "simulation: “stop_time” = 1e-320 s is too short; valid: stop_time >= 2.2250738585072014e-308 s" },
  { HEADER "\"simulation\": {\"output_interval\": -0.1}}", "“output_interval” = -0.1 is out of range" },
  { HEADER "\"simulation\": {\"tolerance\": 1}}", "simulation: “tolerance” = 1 is out of range; valid: 0 < tolerance < 1" },
  /* The name is printed as it is: an escape sequence reached the terminal (hos26). */
  { HEADER "\"name\": \"a\\u001b]0;title\\u0007\"}", "test.shaft:1:53: error: “name” holds the control character U+001B; valid: printable text" },
  { HEADER "\"name\": \"a\\u009b31m\"}", "“name” holds the control character U+009B" },
  /* The run said "needed more than 2000000 steps" or "became infinite" (hos26). */
  { HEADER "\"simulation\": {\"tolerance\": 1e-300}}",
    "simulation: “tolerance” = 1e-300 is finer than a double can follow; valid: 1e-14 <= tolerance < 1" },
  { HEADER "\"simulation\": {\"method\": 4}}", "simulation: “method” must be a string, not a number" },
  { HEADER "\"simulation\": {\"speed\": 4}}", "simulation: unknown key “speed”; valid keys: stop_time, output_interval, tolerance, method" },
};

static void
test_error_bad_inputs (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (bad_inputs); i++)
    {
      g_autofree char *message = NULL;

      g_autofree char *escaped = g_strescape (bad_inputs[i].text, NULL);

      g_test_message ("input %u: %s", i, escaped);
      message = load_error (bad_inputs[i].text);
      assert_contains (message, bad_inputs[i].fragment);
      if (bad_inputs[i].n_lines > 0)
        g_assert_cmpuint (count_lines (message), ==, bad_inputs[i].n_lines);
    }
}

static void
test_error_huge_numbers (void)
{
  g_autoptr(GError) error = NULL;
  const SwComponent *c;
  SwModel *model;

  /* json-glib wraps this integer to -1; the reader must not. */
  model = sw_model_new_from_data (HEADER "\"components\": [{\"id\": \"g\", \"kind\": \"rotational.ideal_gear\", "
                                  "\"params\": {\"ratio\": 99999999999999999999999}}]}",
                                  -1, "test.shaft", &error);
  g_assert_no_error (error);
  c = sw_model_get_component (model, 0);
  g_assert_cmpfloat_with_epsilon (c->param[0] / 1e23, 1, 1e-12);
  g_assert_finalize_object (model);
}

static void
test_error_missing_file (void)
{
  g_autoptr(GError) error = NULL;
  SwModel *model = sw_model_new_from_file ("/nonexistent/model.shaft", &error);

  g_assert_null (model);
  g_assert_error (error, SW_ERROR, SW_ERROR_IO);
  g_assert_true (g_str_has_prefix (error->message, "/nonexistent/model.shaft: error: "));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  sw_init ();
  g_test_add_func ("/core/model-file/error/table", test_error_table);
  g_test_add_func ("/core/model-file/error/unknown-key", test_error_unknown_key);
  g_test_add_func ("/core/model-file/error/unknown-kind", test_error_unknown_kind);
  g_test_add_func ("/core/model-file/error/unknown-param", test_error_unknown_param);
  g_test_add_func ("/core/model-file/error/out-of-range", test_error_out_of_range);
  g_test_add_func ("/core/model-file/error/duplicate-id", test_error_duplicate_id);
  g_test_add_func ("/core/model-file/error/dangling-connection", test_error_dangling);
  g_test_add_func ("/core/model-file/error/domain-mismatch", test_error_domain);
  g_test_add_func ("/core/model-file/error/malformed", test_error_malformed);
  g_test_add_func ("/core/model-file/error/multiple", test_error_multiple);
  g_test_add_func ("/core/model-file/error/signal", test_error_signal);
  g_test_add_func ("/core/model-file/error/connections", test_error_connections);
  g_test_add_func ("/core/model-file/error/bad-inputs", test_error_bad_inputs);
  g_test_add_func ("/core/model-file/error/huge-numbers", test_error_huge_numbers);
  g_test_add_func ("/core/model-file/error/missing-file", test_error_missing_file);

  return g_test_run ();
}
