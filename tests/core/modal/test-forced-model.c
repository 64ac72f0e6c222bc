/* test-forced-model.c: the model file's "excitation" (issue 26): the
 * phase summation of firing orders against its closed form (major orders
 * n times a cylinder's, minor ones nothing), amplitude tables against
 * linear scaling, the round trip through the writer, the reader's errors;
 * a cylinder's torque harmonics against the slider-crank's closed forms.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <complex.h>
#include <math.h>
#include <string.h>
#include <glib.h>

#include "sw-engine-harmonics.h"
#include "sw-error.h"
#include "sw-forced.h"
#include "sw-model.h"
#include "sw-system.h"
#include "sw-test-forced.h"

/* The two-inertia line of test-forced.c, then the excitation. */
#define TWO_INERTIA(EXCITATION)                                                                    \
  "{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"two\", \"components\": ["         \
  " {\"id\": \"J1\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 2}},"                    \
  " {\"id\": \"S\", \"kind\": \"rotational.spring_damper\", \"params\": {\"c\": 40000, \"d\": 6}}," \
  " {\"id\": \"J2\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.5}}],"                 \
  " \"connections\": [{\"from\": \"J1.flange_b\", \"to\": \"S.flange_a\"},"                        \
  "  {\"from\": \"S.flange_b\", \"to\": \"J2.flange_a\"}],\n"                                     \
  " \"excitation\": " EXCITATION "}"

static SwModel *
load (const char *json)
{
  g_autoptr (GError) error = NULL;
  SwModel *model = sw_model_new_from_data (json, -1, "forced.shaft", &error);

  g_assert_no_error (error);
  return model;
}

static SwTrajectory *
respond (SwModel *model, const SwForcedExcitation *extra, guint n_extra, guint n_speeds)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SwSystem) sys = sw_model_assemble (model, &error);
  g_autoptr (GArray) ex = NULL;

  g_assert_no_error (error);
  ex = sw_forced_excitations_from_model (model, &error);
  g_assert_no_error (error);
  if (extra != NULL)
    g_array_append_vals (ex, extra, n_extra);
  return sw_test_forced_compute (sys, (const SwForcedExcitation *) ex->data, ex->len, 300, 6000, n_speeds, NULL);
}

/* One cylinder's order o, amplitude 100, at J1: the reference. */
static SwTrajectory *
one_cylinder (double order)
{
  g_autoptr (SwModel) model = load (TWO_INERTIA ("[]"));
  SwForcedExcitation e = { "J1", order, 100, 0 };

  return respond (model, &e, 1, 60);
}

/* An inline engine of n cylinders on one crank (J1), four strokes, firing
 * at equal intervals in the firing order given: the orders that are
 * multiples of n / 2 get n times one cylinder's torque, the others none
 * (sum_k e^{-i o k 720/n deg} = n or 0). */
static void
check_inline (guint n, const char *firing_order, const double *orders, guint n_orders)
{
  g_autoptr (GString) cranks = g_string_new (NULL);
  g_autoptr (GString) list = g_string_new (NULL);
  g_autofree char *json = NULL;
  g_autoptr (SwModel) model = NULL;
  g_autoptr (SwTrajectory) tr = NULL;

  for (guint k = 0; k < n; k++)
    g_string_append_printf (cranks, "%s\"J1\"", k > 0 ? ", " : "");
  for (guint k = 0; k < n_orders; k++)
    g_string_append_printf (list, "%s{\"order\": %g, \"amplitude\": 100, \"phase\": 20}", k > 0 ? ", " : "",
                            orders[k]);
  json = g_strdup_printf (TWO_INERTIA ("[{\"cranks\": [%s], \"firing_order\": [%s], \"orders\": [%s]}]"),
                          cranks->str, firing_order, list->str);
  model = load (json);
  tr = respond (model, NULL, 0, 60);
  for (guint k = 0; k < n_orders; k++)
    {
      g_autoptr (SwTrajectory) ref = one_cylinder (orders[k]);
      g_autofree char *name = g_strdup_printf ("S.tau_amp@%g", orders[k]);
      const double *got = sw_test_forced_column (tr, name), *one = sw_test_forced_column (ref, "S.tau_amp");
      double ratio = n / 2.0, m = orders[k] / ratio;
      gboolean major = fabs (m - round (m)) < 1e-12;

      for (guint i = 0; i < 60; i++)
        if (major)
          g_assert_cmpfloat_with_epsilon (got[i], n * one[i], 1e-11 * n * one[i]);
        else
          g_assert_cmpfloat (got[i], <=, 1e-12 * n * one[i]);
    }
}

static void
test_firing_order_inline4 (void)
{
  const double orders[] = { 0.5, 1, 1.5, 2, 2.5, 3, 4, 6 };

  check_inline (4, "1, 3, 4, 2", orders, G_N_ELEMENTS (orders));
}

static void
test_firing_order_inline6 (void)
{
  const double orders[] = { 0.5, 1, 1.5, 2, 3, 4.5, 6, 9 };

  check_inline (6, "1, 5, 3, 6, 2, 4", orders, G_N_ELEMENTS (orders));
}

/* Cylinders on two cranks with firing angles given: the expansion's
 * phases are the entry's less order × angle. */
static void
test_firing_angles_phases (void)
{
  g_autoptr (SwModel) model =
    load (TWO_INERTIA ("[{\"cranks\": [\"J1\", \"J2\"], \"firing_angles\": [0, 270],"
                       " \"orders\": [{\"order\": 1.5, \"amplitude\": 10, \"phase\": 40}]}]"));
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) ex = sw_forced_excitations_from_model (model, &error);
  const SwForcedExcitation *e;

  g_assert_no_error (error);
  g_assert_cmpuint (ex->len, ==, 2);
  e = (const SwForcedExcitation *) ex->data;
  g_assert_cmpstr (e[0].part, ==, "J1");
  g_assert_cmpstr (e[1].part, ==, "J2");
  g_assert_cmpfloat (e[0].phase_deg, ==, 40);
  g_assert_cmpfloat (e[1].phase_deg, ==, 40 - 1.5 * 270);
  g_assert_cmpfloat (e[1].amplitude, ==, 10);
}

/* An amplitude against the speed: the response is linear in it, so each
 * row is the table's value at that speed times the unit response. */
static void
test_table_against_speed (void)
{
  g_autoptr (SwModel) model =
    load (TWO_INERTIA ("[{\"at\": \"J1\", \"orders\": [{\"order\": 2, \"amplitude\":"
                       " {\"rpm\": [1000, 3000, 5000], \"values\": [50, 200, 120]}}]}]"));
  g_autoptr (SwTrajectory) tr = respond (model, NULL, 0, 60);
  g_autoptr (SwTrajectory) ref = one_cylinder (2);
  const double *got = sw_test_forced_column (tr, "S.tau_amp"), *one = sw_test_forced_column (ref, "S.tau_amp");
  const double *rpm = sw_trajectory_get_times (tr);

  for (guint i = 0; i < 60; i++)
    {
      double n = rpm[i], a = n <= 1000 ? 50 : n <= 3000 ? 50 + 150 * (n - 1000) / 2000
                                       : n <= 5000 ? 200 - 80 * (n - 3000) / 2000 : 120;

      g_assert_cmpfloat_with_epsilon (got[i], a / 100 * one[i], 1e-11 * a / 100 * one[i]);
    }
}

/* An amplitude against the mean torque, the mean torque against the
 * speed: the two tables composed. */
static void
test_table_against_mean_torque (void)
{
  g_autoptr (SwModel) model =
    load (TWO_INERTIA ("[{\"at\": \"J1\", \"mean_torque\": {\"rpm\": [300, 6000], \"values\": [0, 1000]},"
                       " \"orders\": [{\"order\": 2, \"amplitude\": {\"mean_torque\": [0, 1000],"
                       " \"values\": [10, 110]}}]}]"));
  g_autoptr (SwTrajectory) tr = respond (model, NULL, 0, 60);
  g_autoptr (SwTrajectory) ref = one_cylinder (2);
  const double *got = sw_test_forced_column (tr, "S.tau_amp"), *one = sw_test_forced_column (ref, "S.tau_amp");
  const double *rpm = sw_trajectory_get_times (tr);

  for (guint i = 0; i < 60; i++)
    {
      double load = 1000 * (rpm[i] - 300) / 5700, a = 10 + 100 * load / 1000;

      g_assert_cmpfloat_with_epsilon (got[i], a / 100 * one[i], 1e-10 * a / 100 * one[i]);
    }
}

static void
test_round_trip (void)
{
  g_autoptr (SwModel) model =
    load (TWO_INERTIA ("[{\"at\": \"J1\", \"orders\": [{\"order\": 2, \"amplitude\": 150, \"phase\": 30}]},"
                       " {\"cranks\": [\"J1\", \"J2\"], \"strokes\": 2, \"firing_order\": [2, 1],"
                       "  \"mean_torque\": 400, \"orders\": [{\"order\": 1, \"amplitude\":"
                       "  {\"mean_torque\": [0, 500], \"values\": [20, 60.5]}}]}]"));
  g_autoptr (GError) error = NULL;
  g_autofree char *text = sw_model_to_data (model, NULL);
  g_autoptr (SwModel) again = sw_model_new_from_data (text, -1, "again.shaft", &error);
  g_autofree char *text2 = NULL;
  const SwExcitationEntry *a, *b;
  guint na, nb;

  g_assert_no_error (error);
  text2 = sw_model_to_data (again, NULL);
  g_assert_cmpstr (text, ==, text2);
  g_assert_nonnull (strstr (text, "\"excitation\""));
  a = sw_model_get_excitation (model, &na);
  b = sw_model_get_excitation (again, &nb);
  g_assert_cmpuint (na, ==, 2);
  g_assert_cmpuint (nb, ==, 2);
  g_assert_cmpstr (b[0].at, ==, "J1");
  g_assert_cmpfloat (b[0].orders[0].phase_deg, ==, 30);
  g_assert_cmpuint (b[1].n_cylinders, ==, 2);
  /* Two strokes, cylinder 2 first: cylinder 1 fires at 180 degrees. */
  g_assert_cmpfloat (b[1].firing_deg[0], ==, 180);
  g_assert_cmpfloat (b[1].firing_deg[1], ==, 0);
  g_assert_cmpint (b[1].orders[0].table, ==, SW_EXCITATION_AGAINST_MEAN_TORQUE);
  g_assert_cmpfloat (b[1].orders[0].y[1], ==, a[1].orders[0].y[1]);
  g_assert_cmpfloat (b[1].mean_torque_nm, ==, 400);
}

/* Each error names the file and line, the entry, and the key. */
static void
check_error (const char *excitation, const char *line, const char *expected)
{
  g_autofree char *json = g_strdup_printf (TWO_INERTIA ("%s"), excitation);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_data (json, -1, "forced.shaft", &error);

  g_assert_null (model);
  g_assert_nonnull (error);
  if (strstr (error->message, line) == NULL || strstr (error->message, expected) == NULL)
    g_error ("expected “%s” and “%s” in: %s", line, expected, error->message);
}

static void
test_errors (void)
{
  check_error ("[{\"at\": \"nobody\", \"orders\": []}]", "forced.shaft:2:", "“at”: there is no component");
  check_error ("[{\"at\": \"J1\", \"orders\": [{\"order\": -1, \"amplitude\": 5}]}]", "forced.shaft:2:",
               "excitation 1 (at “J1”): order 1: “order” = -1 is out of range");
  check_error ("[{\"cranks\": [\"J1\", \"J1\", \"J1\"], \"firing_order\": [1, 1, 3], \"orders\": []}]",
               "forced.shaft:2:", "“firing_order” must name each cylinder");
  check_error ("[{\"at\": \"J1\", \"orders\": [{\"order\": 2, \"amplitude\": {\"rpm\": [2, 1], \"values\": [1, 2]}}]}]",
               "forced.shaft:2:", "strictly ascending");
  check_error ("[{\"at\": \"J1\", \"orders\": [{\"order\": 2, \"amplitude\": {\"mean_torque\": [0, 1],"
               " \"values\": [1, 2]}}]}]",
               "forced.shaft:2:", "needs “mean_torque”");
  check_error ("[{\"at\": \"J1\", \"speed\": 3, \"orders\": []}]", "forced.shaft:2:", "speed");
  check_error ("[{\"engine\": \"S\"}]", "forced.shaft:2:", "valid: a rotational.engine");
  check_error ("{}", "forced.shaft:2:", "“excitation” must be an array");
}

/* ---- A cylinder's harmonics against the slider-crank's closed forms ---- */

static SwEngineGeometry
geometry (double lambda, const SwTable *pressure)
{
  return (SwEngineGeometry) { .bore_m = 0.1, .crank_radius_m = 0.05, .conrod_length_m = 0.05 / lambda,
                              .reciprocating_mass_kg = 1.5, .strokes = 4, .pressure = pressure };
}

/* To first orders in lambda, T_inertia = m r^2 W^2 (lambda/4 sin t - 1/2
 * sin 2t - 3 lambda/4 sin 3t - lambda^2/4 sin 4t) (Den Hartog, Mechanical
 * Vibrations, §5.6): c = A e^{i phase} with A sin t = A cos (t - 90°), so
 * c_1 = -i lambda/4 m r^2 and so on; the next terms are O(lambda^2)
 * smaller. The half orders of a four-stroke cycle are 0. */
static void
test_inertia_closed_form (void)
{
  const double lambdas[] = { 1e-3, 1e-2, 0.05 };

  for (guint l = 0; l < G_N_ELEMENTS (lambdas); l++)
    {
      double lambda = lambdas[l], mr2 = 1.5 * 0.05 * 0.05, orders[24];
      double complex gas[24], inertia[24];
      SwEngineGeometry g = geometry (lambda, NULL);
      guint n = sw_engine_harmonics (&g, 12, orders, gas, inertia);
      double complex expected[5] = { 0, I * -lambda / 4 * mr2, I * 0.5 * mr2, I * 3 * lambda / 4 * mr2,
                                     I * lambda * lambda / 4 * mr2 };

      g_assert_cmpuint (n, ==, 24);
      for (guint k = 0; k < n; k++)
        {
          g_assert_cmpfloat (orders[k], ==, (k + 1) * 0.5);
          g_assert_cmpfloat (cabs (gas[k]), ==, 0);
          if (k % 2 == 0)
            g_assert_cmpfloat (cabs (inertia[k]), <, 1e-15 * mr2);
        }
      for (guint o = 1; o <= 4; o++)
        {
          double complex c = inertia[2 * o - 1];
          /* Relative error O(lambda^2) for each term. */
          double tol = 2 * lambda * lambda * cabs (expected[o]) + 1e-15 * mr2;

          g_assert_cmpfloat_with_epsilon (creal (c), creal (expected[o]), tol);
          g_assert_cmpfloat_with_epsilon (cimag (c), cimag (expected[o]), tol);
        }
    }
}

/* A constant pressure p over the whole cycle: T_gas = p A r g (t), whose
 * first harmonic is p A r sin t up to O(lambda^2) and its second p A r
 * lambda/2 sin 2t up to O(lambda^3). */
static void
test_gas_constant_pressure (void)
{
  const double rows[] = { -360, 2e6, 360, 2e6 };
  g_autoptr (SwTable) pressure = sw_table_new (2, 2, rows);
  double lambda = 0.01, orders[24], par = 2e6 * G_PI * 0.1 * 0.1 / 4 * 0.05;
  double complex gas[24], inertia[24];
  SwEngineGeometry g = geometry (lambda, pressure);
  guint n = sw_engine_harmonics (&g, 12, orders, gas, inertia);

  g_assert_cmpuint (n, ==, 24);
  g_assert_cmpfloat_with_epsilon (creal (gas[1]), 0, 1e-9 * par);
  g_assert_cmpfloat_with_epsilon (cimag (gas[1]), -par, 2 * lambda * lambda * par);
  g_assert_cmpfloat_with_epsilon (cimag (gas[3]), -par * lambda / 2, 2 * lambda * lambda * lambda * par);
  g_assert_cmpfloat (cabs (gas[0]), <, 1e-12 * par);
}

/* An engine's own excitation: its inertia harmonics grow with the speed
 * squared; one cylinder's order 2 at J1 against the unit response scaled
 * by A_w2 (2 pi n / 60)^2. */
static void
test_engine_inertia_response (void)
{
  static const char json[] =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
    " {\"id\": \"eng\", \"kind\": \"rotational.engine\", \"params\": {\"j\": 2, \"cylinders\": 1,"
    "  \"m_rec\": 1.5, \"crank_radius\": 0.05, \"conrod_length\": 5, \"max_order\": 2}},"
    " {\"id\": \"S\", \"kind\": \"rotational.spring_damper\", \"params\": {\"c\": 40000, \"d\": 6}},"
    " {\"id\": \"J2\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.5}}],"
    " \"connections\": [{\"from\": \"eng.rot2\", \"to\": \"S.flange_a\"},"
    "  {\"from\": \"S.flange_b\", \"to\": \"J2.flange_a\"}],"
    " \"excitation\": [{\"engine\": \"eng\", \"gas\": false}]}";
  g_autoptr (SwModel) model = load (json);
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) ex = sw_forced_excitations_from_model (model, &error);
  const SwForcedExcitation *e;
  double a2 = -1;

  g_assert_no_error (error);
  /* Orders 1 and 2 (no half orders, no gas). */
  g_assert_cmpuint (ex->len, ==, 2);
  e = (const SwForcedExcitation *) ex->data;
  for (guint k = 0; k < ex->len; k++)
    {
      g_assert_cmpstr (e[k].part, ==, "eng");
      g_assert_cmpfloat (e[k].amplitude, ==, 0);
      if (e[k].order == 2)
        a2 = e[k].amplitude_w2;
    }
  /* lambda = 0.01: the second harmonic is m r^2 / 2 to O(lambda^2). */
  g_assert_cmpfloat_with_epsilon (a2, 1.5 * 0.05 * 0.05 / 2, 1e-3 * a2);
  g_assert_cmpfloat_with_epsilon (sw_forced_excitation_amplitude (&e[1], 600), a2 * pow (2 * G_PI * 10, 2),
                                  1e-12 * a2 * pow (2 * G_PI * 10, 2));
}

/* An engine's gas harmonics from the user's "orders" instead of its
 * pressure, without inertia: per cylinder (at the engine, three of them,
 * two strokes) each order with its phase less order × firing angle. */
static void
test_engine_user_orders (void)
{
  static const char json[] =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
    " {\"id\": \"eng\", \"kind\": \"rotational.engine\", \"params\": {\"cylinders\": 3, \"strokes\": 2}}],"
    " \"excitation\": [{\"engine\": \"eng\", \"inertia\": false,"
    "  \"orders\": [{\"order\": 3, \"amplitude\": 70, \"phase\": 5}]}]}";
  g_autoptr (SwModel) model = load (json);
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) ex = sw_forced_excitations_from_model (model, &error);
  const SwForcedExcitation *e;

  g_assert_no_error (error);
  g_assert_cmpuint (ex->len, ==, 3);
  e = (const SwForcedExcitation *) ex->data;
  for (guint c = 0; c < 3; c++)
    {
      g_assert_cmpstr (e[c].part, ==, "eng");
      g_assert_cmpfloat (e[c].order, ==, 3);
      g_assert_cmpfloat (e[c].amplitude, ==, 70);
      g_assert_cmpfloat (e[c].amplitude_w2, ==, 0);
      /* Equal intervals of 120 degrees: order 3 is a major order, every
       * phase the same modulo 360. */
      g_assert_cmpfloat (e[c].phase_deg, ==, 5 - 3 * 120.0 * c);
      g_assert_cmpfloat_with_epsilon (fmod (e[c].phase_deg - 5, 360), 0, 1e-12);
    }
}

/* tests/data/subsystem/NAME with an "excitation" member added (its last
 * closing brace replaced). */
static char *
subsystem_model_json (const char *name, const char *excitation)
{
  g_autofree char *path = g_build_filename (g_getenv ("SW_SOURCE_ROOT"), "tests", "data", "subsystem", name, NULL);
  g_autofree char *text = NULL;
  char *end;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  end = strrchr (text, '}');
  g_assert_nonnull (end);
  *end = '\0';
  return g_strdup_printf ("%s, \"excitation\": %s}", text, excitation);
}

/* Entries naming bodies inside subsystem instances ("engine1.crank", as
 * the flattened system and the outputs name them): twin-inline.shaft's
 * response equals twin-flat.shaft's, the same drive written out by hand
 * (ids engine1_crank …), column by column; the ids are written back as
 * read; an id inside a subsystem that does not exist, and an engine inside
 * one, are errors at FILE:LINE naming the entry. */
static void
test_inside_subsystem (void)
{
  static const char *const excitation =
    "[{\"at\": \"engine1.crank\", \"orders\": [{\"order\": 2, \"amplitude\": 150, \"phase\": 30}]},"
    " {\"cranks\": [\"%1$scrank\", \"%2$scrank\"], \"strokes\": 4, \"firing_order\": [2, 1],"
    "  \"orders\": [{\"order\": 0.5, \"amplitude\": 80}, {\"order\": 1.5, \"amplitude\": 40}]}]";
  g_autofree char *ex_nested = g_strdup_printf (excitation, "engine1.", "engine2.");
  g_autofree char *ex_flat = g_strdup_printf (excitation, "engine1_", "engine2_");
  g_autofree char *nested_json = NULL, *flat_json = NULL, *text = NULL;
  g_autoptr (SwModel) nested = NULL, flat = NULL, again = NULL;
  g_autoptr (SwTrajectory) a = NULL, b = NULL;
  g_autoptr (GError) error = NULL;
  const SwExcitationEntry *e;
  guint n, compared = 0;

  /* The flat model's first entry names its own crank. */
  {
    char *at = strstr (ex_flat, "engine1.crank");

    g_assert_nonnull (at);
    at[strlen ("engine1")] = '_';
  }
  nested_json = subsystem_model_json ("twin-inline.shaft", ex_nested);
  flat_json = subsystem_model_json ("twin-flat.shaft", ex_flat);
  nested = load (nested_json);
  flat = load (flat_json);
  a = respond (nested, NULL, 0, 60);
  b = respond (flat, NULL, 0, 60);
  g_assert_cmpuint (sw_trajectory_get_n_rows (a), ==, sw_trajectory_get_n_rows (b));
  g_assert_cmpuint (sw_trajectory_get_n_columns (a), ==, sw_trajectory_get_n_columns (b));
  for (guint c = 0; c < sw_trajectory_get_n_columns (a); c++)
    {
      g_autofree char *name = g_strdup (sw_trajectory_get_column_name (a, c));
      int other;
      const double *x, *y;

      /* engine1.shaft.tau_amp is engine1_shaft.tau_amp there. */
      if (g_str_has_prefix (name, "engine1.") || g_str_has_prefix (name, "engine2."))
        name[strlen ("engine1")] = '_';
      other = sw_trajectory_find_column (b, name);
      g_assert_cmpint (other, >=, 0);
      x = sw_trajectory_get_column (a, c);
      y = sw_trajectory_get_column (b, (guint) other);
      for (guint i = 0; i < sw_trajectory_get_n_rows (a); i++)
        {
          g_assert_true (isfinite (x[i]));
          g_assert_cmpfloat_with_epsilon (x[i], y[i], 1e-9 * MAX (fabs (y[i]), 1e-12));
        }
      compared++;
    }
  g_assert_cmpuint (compared, >, 20);
  /* Something was excited inside: the crank's own section responds. */
  {
    int c = sw_trajectory_find_column (a, "engine1.shaft.tau_amp");

    g_assert_cmpint (c, >=, 0);
    g_assert_cmpfloat (sw_trajectory_get_column (a, (guint) c)[0], >, 0);
  }

  /* Written back as read. */
  text = sw_model_to_data (nested, NULL);
  again = sw_model_new_from_data (text, -1, "again.shaft", &error);
  g_assert_no_error (error);
  e = sw_model_get_excitation (again, &n);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpstr (e[0].at, ==, "engine1.crank");
  g_assert_cmpstr (e[1].cranks[1], ==, "engine2.crank");

  /* Errors: the file, the line and the entry. */
  {
    static const char *const wrong[][2] = {
      { "[{\"at\": \"engine1.nothing\", \"orders\": []}]", "“at”: there is no component “engine1.nothing”" },
      { "[{\"cranks\": [\"engine1.crank\", \"engine3.crank\"], \"firing_order\": [1, 2], \"orders\": []}]",
        "“cranks” element 2: there is no component “engine3.crank”" },
      { "[{\"engine\": \"engine1.crank\"}]", "is inside a subsystem" },
    };

    for (guint k = 0; k < G_N_ELEMENTS (wrong); k++)
      {
        g_autofree char *json = subsystem_model_json ("twin-inline.shaft", wrong[k][0]);
        g_autoptr (GError) err = NULL;
        g_autoptr (SwModel) m = sw_model_new_from_data (json, -1, "twin.shaft", &err);

        g_assert_null (m);
        g_assert_nonnull (err);
        g_test_message ("%s", err->message);
        g_assert_true (g_str_has_prefix (err->message, "twin.shaft:"));
        g_assert_nonnull (strstr (err->message, "excitation 1"));
        g_assert_nonnull (strstr (err->message, wrong[k][1]));
      }
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/forced-model/firing-order-inline4", test_firing_order_inline4);
  g_test_add_func ("/core/forced-model/firing-order-inline6", test_firing_order_inline6);
  g_test_add_func ("/core/forced-model/firing-angles-phases", test_firing_angles_phases);
  g_test_add_func ("/core/forced-model/table-against-speed", test_table_against_speed);
  g_test_add_func ("/core/forced-model/table-against-mean-torque", test_table_against_mean_torque);
  g_test_add_func ("/core/forced-model/round-trip", test_round_trip);
  g_test_add_func ("/core/forced-model/errors", test_errors);
  g_test_add_func ("/core/forced-model/inside-subsystem", test_inside_subsystem);
  g_test_add_func ("/core/engine-harmonics/inertia-closed-form", test_inertia_closed_form);
  g_test_add_func ("/core/engine-harmonics/gas-constant-pressure", test_gas_constant_pressure);
  g_test_add_func ("/core/forced-model/engine-inertia", test_engine_inertia_response);
  g_test_add_func ("/core/forced-model/engine-user-orders", test_engine_user_orders);
  return g_test_run ();
}
