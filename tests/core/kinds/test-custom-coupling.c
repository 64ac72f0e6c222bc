/* test-custom-coupling.c: rotational and translational custom couplings, a
 * torque (force) typed as a formula (sw-expression.h): against the linear
 * spring-damper kinds, a closed form of quadratic drag, the modal analysis's
 * sqrt(c/J), the exact derivatives, the messages' positions, saving and
 * loading, undo, and evaluation from several threads at once.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include <glib.h>

#include "sw-error.h"
#include "sw-expression-private.h"
#include "sw-history.h"
#include "sw-model.h"
#include "sw-modes.h"
#include "sw-system.h"
#include "sw-test-run.h"
#include "sw-trajectory.h"

#define MODEL(components, connections, stop) \
  "{'format': 'shaftwork-model', 'version': 1, 'name': 'custom', " \
  "'components': [" components "], 'connections': [" connections "], " \
  "'simulation': {'stop_time': " stop ", 'output_interval': 0.01, 'tolerance': 1e-6}}"
#define WIRE(from, to) "{'from': '" from "', 'to': '" to "'}"

static char *
json (const char *text)
{
  return g_strdelimit (g_strdup (text), "'", '"');
}

static SwModel *
model_new (const char *text)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *data = json (text);
  SwModel *model = sw_model_new_from_data (data, -1, "custom.shaft", &error);

  g_assert_no_error (error);
  g_assert_nonnull (model);
  return model;
}

static SwTrajectory *
run (const char *text, double tolerance)
{
  g_autofree char *data = json (text);

  return sw_test_run_text (data, 0.01, tolerance);
}

/* An inertia J = 2 on a coupling to the ground, started away from rest. */
#define ROT_ON(coupling_kind, params) \
  MODEL ("{'id': 'fixed', 'kind': 'rotational.fixed'}, " \
         "{'id': 'body', 'kind': 'rotational.inertia', 'params': {'J': 2, 'phi0': 0.1, 'w0': 3}}, " \
         "{'id': 'k', 'kind': '" coupling_kind "', 'params': {" params "}}", \
         WIRE ("fixed.flange", "k.flange_a") ", " WIRE ("k.flange_b", "body.flange_a"), "2")
#define TRANS_ON(coupling_kind, params) \
  MODEL ("{'id': 'fixed', 'kind': 'translational.fixed'}, " \
         "{'id': 'body', 'kind': 'translational.mass', 'params': {'m': 0.5, 's0': 0.02, 'v0': -1}}, " \
         "{'id': 'k', 'kind': '" coupling_kind "', 'params': {" params "}}", \
         WIRE ("fixed.flange", "k.flange_a") ", " WIRE ("k.flange_b", "body.flange_a"), "2")

static void
assert_same_columns (SwTrajectory *a, SwTrajectory *b, const char *const *names, double tol)
{
  guint n = sw_trajectory_get_n_rows (a);

  g_assert_cmpuint (n, ==, sw_trajectory_get_n_rows (b));
  g_assert_cmpuint (n, ==, 201);
  for (guint k = 0; names[k] != NULL; k++)
    {
      const double *x = sw_test_column (a, names[k]);
      const double *y = sw_test_column (b, names[k]);
      double largest = 0;

      for (guint i = 0; i < n; i++)
        {
          g_assert_cmpfloat_with_epsilon (x[i], y[i], tol * (1 + fabs (y[i])));
          largest = MAX (largest, fabs (y[i]));
        }
      /* The motion is not trivial. */
      g_assert_cmpfloat (largest, >, 0.01);
    }
}

/* c*phi_rel + d*w_rel is rotational.spring_damper. */
static void
test_linear_rotational (void)
{
  const char *const names[] = { "body.phi", "body.w", "k.tau", "k.phi_rel", "k.w_rel", NULL };
  g_autoptr (SwTrajectory) custom = run (ROT_ON ("rotational.custom_coupling",
                                                 "'tau': {'expression': 'c*phi_rel + d*w_rel', "
                                                 "'constants': {'c': 1e4, 'd': 10}}"), 1e-10);
  g_autoptr (SwTrajectory) reference = run (ROT_ON ("rotational.spring_damper", "'c': 1e4, 'd': 10"), 1e-10);

  assert_same_columns (custom, reference, names, 1e-10);
}

static void
test_linear_translational (void)
{
  const char *const names[] = { "body.s", "body.v", "k.f", "k.s_rel", "k.v_rel", NULL };
  g_autoptr (SwTrajectory) custom = run (TRANS_ON ("translational.custom_coupling",
                                                   "'f': {'expression': 'c*s_rel + d*v_rel', "
                                                   "'constants': {'c': 2e3, 'd': 3}}"), 1e-10);
  g_autoptr (SwTrajectory) reference = run (TRANS_ON ("translational.spring_damper", "'c': 2e3, 'd': 3"), 1e-10);

  assert_same_columns (custom, reference, names, 1e-10);
}

/* Quadratic drag J w' = -d w |w|: w = w0 / (1 + d w0 t / J), phi = phi0 +
 * (J / d) ln (1 + d w0 t / J); and the same law written with a sign
 * function of the library's (step) instead of abs. */
static void
test_quadratic_drag (void)
{
  const char *const formulas[] = {
    "'tau': {'expression': 'd*w_rel*abs(w_rel)', 'constants': {'d': 0.8}}",
    "'tau': {'expression': 'd*w_rel^2*(2*step(w_rel) - 1)', 'constants': {'d': 0.8}}",
  };
  const double J = 2, d = 0.8, phi0 = 0.1, w0 = 3;

  for (guint f = 0; f < G_N_ELEMENTS (formulas); f++)
    {
      g_autofree char *text = NULL;
      g_autoptr (SwTrajectory) tr = NULL;
      const double *t, *phi, *w, *tau, *power;
      guint n;

      text = g_strdup_printf (MODEL ("{'id': 'fixed', 'kind': 'rotational.fixed'}, "
                                     "{'id': 'body', 'kind': 'rotational.inertia', "
                                     "'params': {'J': 2, 'phi0': 0.1, 'w0': 3}}, "
                                     "{'id': 'k', 'kind': 'rotational.custom_coupling', 'params': {%s}}",
                                     WIRE ("fixed.flange", "k.flange_a") ", " WIRE ("k.flange_b", "body.flange_a"),
                                     "2"),
                              formulas[f]);
      tr = run (text, 1e-10);
      t = sw_trajectory_get_times (tr);
      phi = sw_test_column (tr, "body.phi");
      w = sw_test_column (tr, "body.w");
      tau = sw_test_column (tr, "k.tau");
      power = sw_test_column (tr, "k.power");
      n = sw_trajectory_get_n_rows (tr);
      g_assert_cmpuint (n, ==, 201);
      for (guint i = 0; i < n; i++)
        {
          double s = 1 + d * w0 * t[i] / J;

          g_assert_cmpfloat_with_epsilon (w[i], w0 / s, 1e-8);
          g_assert_cmpfloat_with_epsilon (phi[i], phi0 + J / d * log (s), 1e-8);
          g_assert_cmpfloat_with_epsilon (tau[i], d * w[i] * fabs (w[i]), 1e-12 * (1 + fabs (tau[i])));
          g_assert_cmpfloat (power[i], >=, 0);
        }
      /* It slowed down from 3 to 3 / 3.4 rad/s. */
      g_assert_cmpfloat_with_epsilon (w[n - 1], 3 / 3.4, 1e-8);
    }
}

static SwModes *
modes_of (const char *text)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = model_new (text);
  g_autoptr (SwSystem) sys = sw_model_assemble (model, &error);
  SwModes *modes;

  g_assert_no_error (error);
  modes = sw_modes_compute (sys, 0, NULL, &error);
  g_assert_no_error (error);
  return modes;
}

/* An inertia on c*phi_rel: sqrt(c/J); with d*w_rel*abs(w_rel) added, no
 * damping at rest (its tangent d 2|w| is 0 there). A mass likewise. */
static void
test_modes (void)
{
  g_autoptr (SwModes) rot = modes_of (ROT_ON ("rotational.custom_coupling",
                                              "'tau': {'expression': 'c*phi_rel', 'constants': {'c': 1e4}}"));
  g_autoptr (SwModes) drag = modes_of (MODEL ("{'id': 'fixed', 'kind': 'rotational.fixed'}, "
                                              "{'id': 'body', 'kind': 'rotational.inertia', 'params': {'J': 2}}, "
                                              "{'id': 'k', 'kind': 'rotational.custom_coupling', 'params': "
                                              "{'tau': {'expression': 'c*phi_rel + d*w_rel*abs(w_rel)', "
                                              "'constants': {'c': 1e4, 'd': 5}}}}",
                                              WIRE ("fixed.flange", "k.flange_a") ", "
                                              WIRE ("k.flange_b", "body.flange_a"), "1"));
  g_autoptr (SwModes) trans = modes_of (TRANS_ON ("translational.custom_coupling",
                                                  "'f': {'expression': 'c*s_rel + c*s_rel^3', "
                                                  "'constants': {'c': 2e3}}"));
  const SwMode *m;

  g_assert_cmpuint (sw_modes_get_n_modes (rot), ==, 1);
  m = sw_modes_get_mode (rot, 0);
  g_assert_cmpfloat_with_epsilon (m->omega_rad_s, sqrt (1e4 / 2), 1e-7 * sqrt (1e4 / 2));
  g_assert_cmpuint (sw_modes_get_n_sections (rot), ==, 1);

  m = sw_modes_get_mode (drag, 0);
  g_assert_cmpfloat_with_epsilon (m->omega_rad_s, sqrt (1e4 / 2), 1e-7 * sqrt (1e4 / 2));
  g_assert_true (m->has_damped);
  g_assert_cmpfloat (fabs (m->damping_ratio), <, 1e-6);

  /* At s_rel = 0.02 (s0): the tangent c (1 + 3 s^2) = 2002.4. */
  m = sw_modes_get_mode (trans, 0);
  g_assert_cmpfloat_with_epsilon (m->omega_rad_s, sqrt (2e3 * (1 + 3 * 0.02 * 0.02) / 0.5),
                                  1e-7 * sqrt (2e3 / 0.5));
}

/* The compiled formula and its exact derivatives. */
static void
test_derivatives (void)
{
  const char *const variables[] = { "phi_rel", "w_rel", "t", NULL };
  const char *const names[] = { "c", "d", "w0" };
  const double values[] = { 1e4, 2, 5 };
  g_autoptr (GError) error = NULL;
  g_autoptr (SwExpression) e = sw_expression_new ("c*phi_rel + d*w_rel*abs(w_rel) + sin(w0*t)^2 - pi", 3, names,
                                                  values);
  SwFunction *f = _sw_function_new (e, variables, &error);
  double vars[] = { 0.1, -3, 0.25 }, d[3];
  double v;

  g_assert_no_error (error);
  g_assert_nonnull (f);
  v = _sw_function_eval (f, vars, d);
  g_assert_cmpfloat_with_epsilon (v, 1e4 * 0.1 - 2 * 9 + pow (sin (1.25), 2) - G_PI, 1e-12 * 1e3);
  g_assert_cmpfloat_with_epsilon (d[0], 1e4, 1e-12);
  g_assert_cmpfloat_with_epsilon (d[1], 2 * 2 * 3, 1e-12);
  g_assert_cmpfloat_with_epsilon (d[2], 2 * sin (1.25) * cos (1.25) * 5, 1e-12);
  g_assert_cmpfloat (_sw_function_eval (f, vars, NULL), ==, v);
  _sw_function_unref (f);
}

/* Threads evaluating one compiled formula at once each get their own
 * values (evaluation writes into libmatheval's symbol table). */
static gpointer
evaluate_many (gpointer data)
{
  SwFunction *f = data;
  double id = g_random_double ();

  for (guint i = 0; i < 20000; i++)
    {
      double vars[] = { id + i, -id, 0 }, d[3];
      double v = _sw_function_eval (f, vars, d);

      if (v != 3 * (id + i) + id * id || d[0] != 3 || d[1] != -2 * id)
        return GINT_TO_POINTER (1);
    }
  return NULL;
}

static void
test_threads (void)
{
  const char *const variables[] = { "phi_rel", "w_rel", "t", NULL };
  const double three = 3;
  const char *const names[] = { "c" };
  g_autoptr (GError) error = NULL;
  g_autoptr (SwExpression) e = sw_expression_new ("c*phi_rel + w_rel^2", 1, names, &three);
  SwFunction *f = _sw_function_new (e, variables, &error);
  GThread *threads[6];

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    threads[i] = g_thread_new ("evaluate", evaluate_many, f);
  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    g_assert_null (g_thread_join (threads[i]));
  _sw_function_unref (f);
}

/* Messages: the file's line and column of the character that is wrong,
 * the component, the parameter and what is valid. */
static void
assert_read_error (const char *text, const char *const *expected)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *data = json (text);
  g_autoptr (SwModel) model = sw_model_new_from_data (data, -1, "bad.shaft", &error);

  g_assert_null (model);
  g_assert_nonnull (error);
  for (guint i = 0; expected[i] != NULL; i++)
    if (strstr (error->message, expected[i]) == NULL)
      g_error ("“%s” not in “%s”", expected[i], error->message);
}

#define ONE(params) \
  "{'format': 'shaftwork-model', 'version': 1, 'components': [\n" \
  "{'id': 'cc', 'kind': 'rotational.custom_coupling', 'params': " params "}]}"

static void
test_errors (void)
{
  /* Line 2: {"id": "cc", "kind": "rotational.custom_coupling", "params": {"tau": "
   * is 70 characters, so the formula's k-th character is column 70 + k. */
  const char *const syntax[] = {
    "bad.shaft:2:84: error: component “cc”: parameter “tau”: at character 14 of “1e4*phi_rel +* w_rel”: "
    "“*” where a value belongs", "valid: a number, a name", NULL };
  const char *const unknown[] = {
    "bad.shaft:2:90:", "component “cc”: parameter “tau”: at character 5 of “1e4*phi + w_rel”",
    "unknown name “phi”", "valid: the variables phi_rel, w_rel, t", "the functions abs, sqrt", NULL };
  const char *const constant_name[] = {
    "bad.shaft:2:98:", "component “cc”: parameter “tau”: at character 13", "unknown name “d”",
    "the constants c;", NULL };
  const char *const reserved[] = {
    "bad.shaft:2:110:", "constant “w_rel”: the name is taken", NULL };
  const char *const unclosed[] = {
    "bad.shaft:2:100:", "at character 15 of “abs(sin(w_rel)”", "to close the “(” at character 4", NULL };
  const char *const escaped[] = {
    "bad.shaft:2:86:", "at character 11 of “1*phi_rel $ 2”", "“$” where an operator belongs", NULL };
  const char *const function[] = {
    "bad.shaft:2:71:", "unknown function “sign”", "valid: abs, sqrt", NULL };
  const char *const number[] = {
    "bad.shaft:2:70:", "parameter “tau” must be a formula in quotes such as \"c*phi_rel + d*w_rel\"", NULL };
  const char *const key[] = {
    "bad.shaft:2:96:", "unknown key “constant”; valid: “expression” (the formula) and “constants”", NULL };

  assert_read_error (ONE ("{'tau': '1e4*phi_rel +* w_rel'}"), syntax);
  assert_read_error (ONE ("{'tau': {'expression': '1e4*phi + w_rel'}}"), unknown);
  assert_read_error (ONE ("{'tau': {'expression': 'c*phi_rel + d*w_rel', 'constants': {'c': 1}}}"), constant_name);
  assert_read_error (ONE ("{'tau': {'expression': 'phi_rel', 'constants': {'w_rel': 1}}}"), reserved);
  assert_read_error (ONE ("{'tau': {'expression': 'abs(sin(w_rel)'}}"), unclosed);
  /* An escape in the file counts as the one character it stands for. */
  assert_read_error (ONE ("{'tau': '\\u0031*phi_rel $ 2'}"), escaped);
  assert_read_error (ONE ("{'tau': 'sign(w_rel)'}"), function);
  assert_read_error (ONE ("{'tau': 5}"), number);
  assert_read_error (ONE ("{'tau': {'expression': 'phi_rel', 'constant': {}}}"), key);
}

/* Saving writes the formula and its constants, loading reads them back;
 * an edit through the API is one undo step. */
static void
test_round_trip (void)
{
  g_autoptr (SwModel) model = model_new (ROT_ON ("rotational.custom_coupling",
                                                 "'tau': {'expression': 'c*phi_rel + d*w_rel*abs(w_rel)', "
                                                 "'constants': {'c': 12345.5, 'd': 0.1}}"));
  g_autoptr (SwModel) again = NULL;
  g_autoptr (SwModel) plain = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (SwHistory) history = NULL;
  g_autoptr (SwExpression) edited = NULL;
  g_autofree char *data = NULL;
  g_autofree char *plain_data = NULL;
  int k = sw_model_find_component (model, "k");
  g_autoptr (SwExpression) e = NULL;

  g_assert_cmpint (k, >=, 0);
  e = sw_expression_ref (sw_model_get_component (model, k)->expression[0]);
  g_assert_cmpstr (sw_expression_get_text (e), ==, "c*phi_rel + d*w_rel*abs(w_rel)");
  g_assert_cmpuint (sw_expression_get_n_constants (e), ==, 2);

  data = sw_model_to_data (model, NULL);
  g_assert_nonnull (strstr (data, "\"expression\": \"c*phi_rel + d*w_rel*abs(w_rel)\""));
  again = sw_model_new_from_data (data, -1, "again.shaft", &error);
  g_assert_no_error (error);
  g_assert_true (sw_expression_equal (sw_model_get_component (again, k)->expression[0], e));
  g_assert_cmpfloat (sw_expression_get_constant_value (sw_model_get_component (again, k)->expression[0], 0), ==,
                     12345.5);

  /* Edited through the API, undone, redone; a formula without constants
   * is saved as a plain string. */
  history = sw_history_new (model);
  edited = sw_expression_new ("1e3*phi_rel", 0, NULL, NULL);
  g_assert_true (sw_model_set_param_expression (model, k, "tau", edited, &error));
  g_assert_no_error (error);
  g_assert_true (sw_history_get_can_undo (history));
  plain_data = sw_model_to_data (model, NULL);
  g_assert_nonnull (strstr (plain_data, "\"tau\": \"1e3*phi_rel\""));
  plain = sw_model_new_from_data (plain_data, -1, "plain.shaft", &error);
  g_assert_no_error (error);
  g_assert_true (sw_expression_equal (sw_model_get_component (plain, k)->expression[0], edited));

  g_assert_true (sw_history_undo (history));
  g_assert_true (sw_expression_equal (sw_model_get_component (model, k)->expression[0], e));
  g_assert_true (sw_history_redo (history));
  g_assert_true (sw_expression_equal (sw_model_get_component (model, k)->expression[0], edited));

  /* Refused: a wrong formula (the model keeps the old one), a number. */
  {
    g_autoptr (SwExpression) wrong = sw_expression_new ("phi_rel*", 0, NULL, NULL);
    g_autoptr (GError) wrong_error = NULL;
    g_autoptr (GError) number_error = NULL;

    g_assert_false (sw_model_set_param_expression (model, k, "tau", wrong, &wrong_error));
    g_assert_error (wrong_error, SW_ERROR, SW_ERROR_PARSE);
    g_assert_nonnull (strstr (wrong_error->message, "component “k”: parameter “tau”: at character 9"));
    g_assert_true (sw_expression_equal (sw_model_get_component (model, k)->expression[0], edited));
    g_assert_false (sw_model_set_param (model, k, "tau", 1, &number_error));
    g_assert_error (number_error, SW_ERROR, SW_ERROR_INVALID);
  }
}

/* The default formula, and constants as the inspector edits them. */
static void
test_defaults_and_constants_text (void)
{
  g_autoptr (SwModel) model = sw_model_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (SwExpression) parsed = NULL;
  g_autofree char *text = NULL;
  int k = sw_model_add_component (model, "translational.custom_coupling", "k", &error);
  const SwExpression *e;

  g_assert_no_error (error);
  e = sw_model_get_component (model, k)->expression[0];
  g_assert_cmpstr (sw_expression_get_text (e), ==, "c*s_rel + d*v_rel");
  text = sw_expression_dup_constants_text (e);
  g_assert_cmpstr (text, ==, "c = 10000, d = 100");

  parsed = sw_expression_new_parse_constants ("c*s_rel", " c = 1.5e3 ;d=2\n", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (sw_expression_get_n_constants (parsed), ==, 2);
  g_assert_cmpstr (sw_expression_get_constant_name (parsed, 1), ==, "d");
  g_assert_cmpfloat (sw_expression_get_constant_value (parsed, 0), ==, 1500);
  g_assert_null (sw_expression_new_parse_constants ("c*s_rel", "c = x", &error));
  g_assert_error (error, SW_ERROR, SW_ERROR_PARSE);
}

/* A formula repeat times piece after head, checked for the rotational
 * coupling's variables. */
static gboolean
check_repeated (const char *head, const char *piece, guint repeat, guint *position, GError **error)
{
  static const char *const variables[] = { "phi_rel", "w_rel", "t", NULL };
  g_autoptr (GString) text = g_string_new (head);
  g_autoptr (SwExpression) e = NULL;

  for (guint k = 0; k < repeat; k++)
    g_string_append (text, piece);
  e = sw_expression_new (text->str, 0, NULL, NULL);
  return sw_expression_check (e, variables, position, NULL, error);
}

/* Limits before libmatheval (issue 21): 200 000 terms (its recursion
 * overflowed the stack), a product of 5 000 factors (its derivative took
 * 3.5 GB), a tower of powers 100 000 high (our parser recursed) are
 * refused at the character where the limit is passed, naming it; a product
 * of 300 factors (derivative bound about 90 000 terms) is fine and
 * compiles. */
static void
test_limits (void)
{
  guint position = 0;

  {
    g_autoptr (GError) error = NULL;

    g_assert_false (check_repeated ("phi_rel", "+phi_rel", 200000, &position, &error));
    g_assert_error (error, SW_ERROR, SW_ERROR_PARSE);
    g_assert_nonnull (strstr (error->message, "more than 5000 numbers, names and operators"));
    g_assert_cmpuint (position, ==, 8 + 8 * 2499);
  }
  {
    g_autoptr (GError) error = NULL;

    g_assert_false (check_repeated ("w_rel", "*w_rel", 5000, &position, &error));
    g_assert_error (error, SW_ERROR, SW_ERROR_PARSE);
    g_assert_nonnull (strstr (error->message, "its derivative would have more than 500000 terms"));
    g_assert_cmpuint (position, >, 6 * 500);
    g_assert_cmpuint (position, <, 6 * 1000);
  }
  {
    g_autoptr (GError) error = NULL;

    g_assert_false (check_repeated ("phi_rel", "^phi_rel", 100000, &position, &error));
    g_assert_error (error, SW_ERROR, SW_ERROR_PARSE);
    g_assert_nonnull (strstr (error->message, "too many powers inside each other (at most 200)"));
    g_assert_cmpuint (position, ==, 8 + 8 * 200);
  }
  {
    static const char *const variables[] = { "phi_rel", "w_rel", "t", NULL };
    g_autoptr (GError) error = NULL;
    g_autoptr (GString) text = g_string_new ("w_rel");
    g_autoptr (SwExpression) e = NULL;
    SwFunction *f;

    for (guint k = 0; k < 299; k++)
      g_string_append (text, "*w_rel");
    e = sw_expression_new (text->str, 0, NULL, NULL);
    g_assert_true (sw_expression_check (e, variables, NULL, NULL, &error));
    g_assert_no_error (error);
    f = _sw_function_new (e, variables, &error);
    g_assert_no_error (error);
    g_assert_nonnull (f);
    _sw_function_unref (f);
  }
  /* Functions nested to the limit compile in time linear in the depth
   * (counting a nested call's registers took 2^depth calls: 40 levels of
   * sin( ran for hours), and compute sin applied 199 times, its derivative
   * the product of the cosines along the way (chain rule). */
  {
    static const char *const variables[] = { "phi_rel", "w_rel", "t", NULL };
    const guint depth = 199;
    g_autoptr (GError) error = NULL;
    g_autoptr (GString) text = g_string_new (NULL);
    g_autoptr (SwExpression) e = NULL;
    double vars[3] = { 0.7, 0, 0 }, derivs[3], x = 0.7, slope = 1, value;
    SwFunction *f;

    for (guint k = 0; k < depth; k++)
      g_string_append (text, k % 2 ? "-sin(" : "sin(");
    g_string_append (text, "phi_rel");
    for (guint k = 0; k < depth; k++)
      g_string_append_c (text, ')');
    e = sw_expression_new (text->str, 0, NULL, NULL);
    f = _sw_function_new (e, variables, &error);
    g_assert_no_error (error);
    g_assert_nonnull (f);
    value = _sw_function_eval (f, vars, derivs);
    for (guint k = depth; k-- > 0;)
      {
        double sign = k % 2 ? -1 : 1;

        slope *= sign * cos (x);
        x = sign * sin (x);
      }
    g_assert_cmpfloat (value, ==, x);
    g_assert_cmpfloat_with_epsilon (derivs[0], slope, 1e-12 * fabs (slope));
    g_assert_cmpfloat (derivs[1], ==, 0);
    _sw_function_unref (f);
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/custom-coupling/linear-rotational", test_linear_rotational);
  g_test_add_func ("/core/custom-coupling/linear-translational", test_linear_translational);
  g_test_add_func ("/core/custom-coupling/quadratic-drag", test_quadratic_drag);
  g_test_add_func ("/core/custom-coupling/modes", test_modes);
  g_test_add_func ("/core/custom-coupling/derivatives", test_derivatives);
  g_test_add_func ("/core/custom-coupling/threads", test_threads);
  g_test_add_func ("/core/custom-coupling/errors", test_errors);
  g_test_add_func ("/core/custom-coupling/round-trip", test_round_trip);
  g_test_add_func ("/core/custom-coupling/defaults", test_defaults_and_constants_text);
  g_test_add_func ("/core/custom-coupling/limits", test_limits);
  return g_test_run ();
}
