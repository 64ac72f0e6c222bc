/* test-shared-signals.c: a model's "signals", named once and referred to
 * by name from SIGNAL parameters.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include "sw-error.h"
#include "sw-model.h"
#include "sw-test-run.h"

/* Two free inertias, each driven by a torque: tau1 and tau2 are JSON. */
static char *
two_drives (const char *signals, const char *tau1, const char *tau2)
{
  return g_strdup_printf (
    "{\"format\": \"shaftwork-model\", \"version\": 1,%s\n"
    " \"components\": [\n"
    "  {\"id\": \"torque1\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": %s}},\n"
    "  {\"id\": \"torque2\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": %s}},\n"
    "  {\"id\": \"inertia1\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1}},\n"
    "  {\"id\": \"inertia2\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 2}}],\n"
    " \"connections\": [{\"from\": \"torque1.flange\", \"to\": \"inertia1.flange_a\"},\n"
    "  {\"from\": \"torque2.flange\", \"to\": \"inertia2.flange_a\"}],\n"
    " \"simulation\": {\"stop_time\": 1, \"output_interval\": 0.01}}\n",
    signals, tau1, tau2);
}

#define SINE "{\"sine\": {\"amplitude\": 2, \"f\": 3, \"startTime\": 0.1}}"

static SwModel *
load (const char *text, GError **error)
{
  return sw_model_new_from_data (text, -1, "shared.shaft", error);
}

/* Both sources named "drive" run exactly as with the sine written out
 * twice. */
static void
test_same_as_inline (void)
{
  g_autofree char *shared = two_drives (" \"signals\": {\"drive\": " SINE "},", "\"drive\"", "\"drive\"");
  g_autofree char *inline_ = two_drives ("", SINE, SINE);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) a = load (shared, &error);
  g_autoptr (SwModel) b = NULL;
  g_autoptr (SwTrajectory) ta = NULL, tb = NULL;

  g_assert_no_error (error);
  b = load (inline_, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (sw_model_get_n_shared_signals (a), ==, 1);
  g_assert_cmpstr (sw_model_get_shared_signal_name (a, 0), ==, "drive");
  ta = sw_test_run_model (a, 0, 1e-10);
  tb = sw_test_run_model (b, 0, 1e-10);
  g_assert_cmpuint (sw_trajectory_get_n_rows (ta), ==, sw_trajectory_get_n_rows (tb));
  for (guint r = 0; r < sw_trajectory_get_n_rows (ta); r++)
    {
      g_assert_cmpfloat (sw_test_column (ta, "inertia1.w")[r], ==, sw_test_column (tb, "inertia1.w")[r]);
      g_assert_cmpfloat (sw_test_column (ta, "inertia2.w")[r], ==, sw_test_column (tb, "inertia2.w")[r]);
    }
  /* And the sine it is: w1 = int 2 sin (2 pi 3 (t - 0.1)) from 0.1. */
  {
    const double *t = sw_trajectory_get_times (ta), *w = sw_test_column (ta, "inertia1.w");
    guint last = sw_trajectory_get_n_rows (ta) - 1;
    double tau = t[last] - 0.1, omega = 2 * G_PI * 3;

    g_assert_cmpfloat_with_epsilon (w[last], 2 / omega * (1 - cos (omega * tau)), 1e-8);
  }
}

/* Saving keeps the names; editing one source's torque detaches it alone;
 * a fragment copied out of the model carries the signal itself. */
static void
test_write_and_edit (void)
{
  g_autofree char *text = two_drives (" \"signals\": {\"drive\": " SINE ", \"hold\": 4},", "\"drive\"",
                                      "\"hold\"");
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = load (text, &error);
  g_autoptr (SwModel) again = NULL;
  g_autofree char *saved = NULL, *edited = NULL, *fragment = NULL;
  guint torque1;

  g_assert_no_error (error);
  saved = sw_model_to_data (model, NULL);
  g_assert_nonnull (strstr (saved, "\"signals\": {"));
  g_assert_nonnull (strstr (saved, "\"tau\": \"drive\""));
  g_assert_nonnull (strstr (saved, "\"tau\": \"hold\""));
  g_assert_nonnull (strstr (saved, "\"hold\": 4"));
  again = load (saved, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (sw_model_get_n_shared_signals (again), ==, 2);
  g_assert_cmpstr (sw_model_get_shared_signal_name (again, 1), ==, "hold");
  /* A shared constant sets the parameter's value as a number would. */
  g_assert_cmpfloat (sw_model_get_component (again, sw_model_find_component (again, "torque2"))->param[0], ==, 4);

  torque1 = (guint) sw_model_find_component (model, "torque1");
  g_assert_true (sw_model_set_param (model, torque1, "tau", 5, &error));
  g_assert_no_error (error);
  edited = sw_model_to_data (model, NULL);
  g_assert_null (strstr (edited, "\"tau\": \"drive\""));
  g_assert_nonnull (strstr (edited, "\"tau\": 5"));
  g_assert_nonnull (strstr (edited, "\"tau\": \"hold\""));

  fragment = sw_model_dup_fragment (again, &(guint) { (guint) sw_model_find_component (again, "torque1") }, 1);
  g_assert_null (strstr (fragment, "\"drive\""));
  g_assert_nonnull (strstr (fragment, "\"sine\""));
}

/* Bad input: the file, line and column, the component and parameter, and
 * what would be valid. */
static void
test_errors (void)
{
  static const struct {
    const char *signals, *tau, *needle;
  } cases[] = {
    { " \"signals\": {\"drive\": " SINE "},", "\"drvie\"",
      "shared.shaft:3:68: error: component “torque1”: parameter “tau”: there is no shared signal “drvie”; valid: drive" },
    { "", "\"drive\"", "there is no shared signal “drive”: the model has no “signals”" },
    { " \"signals\": [1],", "1", "shared.shaft:1:56: error: “signals” must be an object" },
    { " \"signals\": {\"2x\": 1},", "1", "shared signal “2x”: a name is letters, digits and “_”" },
    { " \"signals\": {\"drive\": {\"sine\": {\"f\": -1}}},", "1",
      "shared signal “drive”: field “f” of a sine signal must be ≥ 0, not -1" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = two_drives (cases[i].signals, cases[i].tau, "1");
      g_autoptr (GError) error = NULL;
      g_autoptr (SwModel) model = load (text, &error);

      g_assert_null (model);
      sw_test_assert_error_says (error, cases[i].needle);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/shared-signals/same-as-inline", test_same_as_inline);
  g_test_add_func ("/core/shared-signals/write-and-edit", test_write_and_edit);
  g_test_add_func ("/core/shared-signals/errors", test_errors);
  return g_test_run ();
}
