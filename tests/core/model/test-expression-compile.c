/* test-expression-compile.c: formulas compiled to straight-line code
 * (sw-expression-compile.c) against libmatheval, which evaluated them
 * before (issue 24): every function, the grammar's grouping, libmatheval's
 * simplifications and the constants, at random inputs; the derivatives
 * against libmatheval's and central differences; the constants folded;
 * several threads evaluating the same functions at once; which laws are
 * linear elements; a chain of custom couplings (the linear law and the
 * compiled code) against the same chain of spring-dampers.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <float.h>
#include <math.h>
#include <string.h>

#include <glib.h>
#include <matheval.h>

#include "sw-equations-private.h"
#include "sw-expression-private.h"
#include "sw-model.h"
#include "sw-simulate.h"

static const char *const variables[] = { "phi_rel", "w_rel", "t", NULL };
static const char *const constant_names[] = { "c", "d", "w0" };
static const double constant_values[] = { 1.2345678901234567e4, -0.37, 2.5 };

/* Formulas over phi_rel and w_rel in (-1, 1) and t in (0, 1). */
static const char *const formulas[] = {
  "c*phi_rel + d*w_rel",
  "c*phi_rel + d*w_rel*abs(w_rel) + sin(w0*t)^2 - pi",
  "abs(phi_rel) + sqrt(t + 0.1) + exp(w_rel) + log(t + 0.2)",
  "sin(phi_rel) + cos(w_rel) + tan(phi_rel/2) + cot(t + 0.3)",
  "sec(phi_rel) + csc(t + 0.2) + asin(phi_rel*0.9) + acos(w_rel*0.9) + atan(3*w_rel)",
  "acot(w_rel + 2) + asec(t + 1.5) + acsc(phi_rel + 2.5)",
  "sinh(phi_rel) + cosh(w_rel) + tanh(3*w_rel) + coth(t + 0.4) + sech(phi_rel) + csch(t + 0.5)",
  "asinh(phi_rel*5) + acosh(t + 1.5) + atanh(w_rel*0.9) + acoth(t + 1.2)",
  "asech(t*0.8 + 0.1) + acsch(phi_rel + 2)",
  "step(w_rel)*c + erf(phi_rel*2) - step(-phi_rel)",
  "phi_rel^2^3 + -w_rel^2 + 2^-w_rel^2 + 2^-w_rel*3",
  "phi_rel - w_rel - t + phi_rel/w_rel/(t + 1)",
  "-phi_rel*w_rel + --t - -2^2 + phi_rel*-w_rel^2",
  "(t + 0.5)^(phi_rel + 1.5) + (w_rel + 2)^0.5 + w0^t",
  "0^phi_rel + (1 - 1)^w_rel + phi_rel^0 + 1^w_rel + w_rel^1 + t*1 + 1*t + t/1 + t + 0 + 0 + t - 0",
  "e^phi_rel + pi_2*pi_4 + ln2*ln10 + log2e*log10e + sqrt2*sqrt1_2*w_rel",
  "1e4*phi_rel + 0.1*w_rel + 1/3*t + 1.5e-3 + .5 + 2.E1*phi_rel",
  "c*(phi_rel - 0.01*sin(2*pi*t))^3 + d*w_rel*(1 + tanh(w_rel/0.01))",
  "sqrt(phi_rel^2 + w_rel^2 + 1e-6)*log(1 + exp(-abs(w_rel)))",
  "2*3*phi_rel + phi_rel*2*3 + sin(1)*w_rel + (c*d)*t + c*d*t",
  "((((phi_rel + w_rel)*(phi_rel - w_rel))/(t + 1))^2)",
  "phi_rel*w_rel*t*c*d*w0*phi_rel*w_rel*t",
  NULL
};

static void *
matheval_new (const char *text)
{
  g_autofree char *copy = g_strdup (text);
  void *f = evaluator_create (copy);

  g_assert_nonnull (f);
  return f;
}

/* What libmatheval computes at vars (the variables, then the constants). */
static double
matheval_at (void *f, const double *vars)
{
  char *names[6] = { "phi_rel", "w_rel", "t", "c", "d", "w0" };
  double values[6];

  memcpy (values, vars, 3 * sizeof (double));
  memcpy (values + 3, constant_values, 3 * sizeof (double));
  return evaluator_evaluate (f, 6, names, values);
}

static SwFunction *
compile (const char *text)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SwExpression) e = sw_expression_new (text, 3, constant_names, constant_values);
  SwFunction *f = _sw_function_new (e, variables, &error);

  g_assert_no_error (error);
  g_assert_nonnull (f);
  return f;
}

static void
random_point (GRand *rand, double *vars)
{
  vars[0] = g_rand_double_range (rand, -1, 1);
  vars[1] = g_rand_double_range (rand, -1, 1);
  vars[2] = g_rand_double_range (rand, 0, 1);
}

static void
assert_close (double a, double b, double relative, const char *what, const double *vars)
{
  if ((isnan (a) && isnan (b)) || a == b)
    return;
  if (!(fabs (a - b) <= relative * MAX (fabs (a), fabs (b))))
    g_error ("%s at (%.17g, %.17g, %.17g): %.17g, expected %.17g", what, vars[0], vars[1], vars[2], a, b);
}

/* The value is libmatheval's to the bit (the same operations, libm's pow
 * for x^2), within 1e-14 the test's bound. */
static void
test_values (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (24);
  guint identical = 0, total = 0;

  for (guint i = 0; formulas[i] != NULL; i++)
    {
      SwFunction *f = compile (formulas[i]);
      void *m = matheval_new (formulas[i]);

      for (guint k = 0; k < 2000; k++)
        {
          double vars[3], a, b;

          random_point (rand, vars);
          a = _sw_function_eval (f, vars, NULL);
          b = matheval_at (m, vars);
          assert_close (a, b, 1e-14, formulas[i], vars);
          identical += a == b || (isnan (a) && isnan (b));
          total++;
        }
      evaluator_destroy (m);
      _sw_function_unref (f);
    }
  g_assert_cmpuint (identical, ==, total);
}

/* Each function alone over its domain, and at the edges libmatheval
 * defines (step(0) = 1, abs(-0)). */
static void
test_functions (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  const double edges[] = { 0, -0.0, 1, -1, 0.5, -0.5, 1e-300, 2, -2, 1e3 };

  for (guint i = 0; sw_expression_functions[i] != NULL; i++)
    {
      g_autofree char *text = g_strdup_printf ("%s(phi_rel)", sw_expression_functions[i]);
      SwFunction *f = compile (text);
      void *m = matheval_new (text);

      for (guint k = 0; k < 500 + G_N_ELEMENTS (edges); k++)
        {
          double vars[3] = { k < G_N_ELEMENTS (edges) ? edges[k] : g_rand_double_range (rand, -3, 3), 0, 0 };

          assert_close (_sw_function_eval (f, vars, NULL), matheval_at (m, vars), 1e-14, text, vars);
        }
      evaluator_destroy (m);
      _sw_function_unref (f);
    }
}

static double
central_difference (SwFunction *f, const double *vars, guint v, double h)
{
  double up[3], down[3];

  memcpy (up, vars, sizeof up);
  memcpy (down, vars, sizeof down);
  up[v] += h;
  down[v] -= h;
  return (_sw_function_eval (f, up, NULL) - _sw_function_eval (f, down, NULL)) / (2 * h);
}

/* The derivatives: against libmatheval's where it has them right (it gives
 * asinh and acoth wrong ones), and against central differences. */
static void
test_derivatives (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (5);

  for (guint i = 0; formulas[i] != NULL; i++)
    {
      SwFunction *f = compile (formulas[i]);
      void *m = matheval_new (formulas[i]);
      gboolean wrong_in_matheval = strstr (formulas[i], "asinh") != NULL || strstr (formulas[i], "acoth") != NULL;
      void *dm[3];

      for (guint v = 0; v < 3; v++)
        dm[v] = evaluator_derivative (m, (char *) variables[v]);
      for (guint k = 0; k < 300; k++)
        {
          double vars[3], d[3], value;

          random_point (rand, vars);
          value = _sw_function_eval (f, vars, d);
          g_assert_true (value == _sw_function_eval (f, vars, NULL) || isnan (value));
          for (guint v = 0; v < 3; v++)
            {
              double h = 1e-4 * MAX (1, fabs (vars[v])), fd1, fd2, fd, scale;

              fd1 = central_difference (f, vars, v, h);
              fd2 = central_difference (f, vars, v, h / 2);
              fd = (4 * fd2 - fd1) / 3;
              scale = 1 + fabs (d[v]) + fabs (value);
              /* Near a pole the differences are no derivative: skipped. */
              if (fabs (fd1 - fd2) > 1e-4 * scale)
                continue;
              /* Steps and the kinks of abs: differences straddling them are not derivatives. */
              if ((strstr (formulas[i], "step") != NULL || strstr (formulas[i], "abs") != NULL) &&
                  fabs (fd - d[v]) > 1e-3 * (1 + fabs (d[v])))
                continue;
              if (!(fabs (fd - d[v]) <= 1e-7 * scale))
                g_error ("d/d%s %s at (%g, %g, %g): %.12g, differences %.12g", variables[v], formulas[i],
                         vars[0], vars[1], vars[2], d[v], fd);
              if (!wrong_in_matheval)
                {
                  double expected = matheval_at (dm[v], vars);

                  if (!(fabs (expected - d[v]) <= 1e-12 * (fabs (expected) + fabs (value) + 1)))
                    g_error ("d/d%s %s at (%g, %g, %g): %.17g, libmatheval %.17g", variables[v], formulas[i],
                             vars[0], vars[1], vars[2], d[v], expected);
                }
            }
        }
      for (guint v = 0; v < 3; v++)
        evaluator_destroy (dm[v]);
      evaluator_destroy (m);
      _sw_function_unref (f);
    }
}

/* asinh' = 1 / sqrt(x^2 + 1), acoth' = 1 / (1 - x^2) (libmatheval's are not). */
static void
test_derivatives_inverse_hyperbolic (void)
{
  SwFunction *asinh_f = compile ("asinh(phi_rel)");
  SwFunction *acoth_f = compile ("acoth(phi_rel)");

  for (double x = -3; x <= 3; x += 0.25)
    {
      double vars[3] = { x, 0, 0 }, d[3];

      _sw_function_eval (asinh_f, vars, d);
      g_assert_cmpfloat_with_epsilon (d[0], 1 / sqrt (x * x + 1), 1e-15);
      if (fabs (x) > 1)
        {
          _sw_function_eval (acoth_f, vars, d);
          g_assert_cmpfloat_with_epsilon (d[0], 1 / (1 - x * x), 1e-15);
        }
    }
  _sw_function_unref (asinh_f);
  _sw_function_unref (acoth_f);
}

/* Constants are folded: the chain's law is two products and a sum, its
 * derivatives constants; numbers and named constants alike. */
static void
test_folding (void)
{
  const struct {
    const char *text;
    guint value, d_phi, d_w, d_t;
  } cases[] = {
    { "c*phi_rel + d*w_rel", 3, 0, 0, 0 },
    { "2*pi*c*d*phi_rel", 1, 0, 0, 0 },
    { "sin(w0)*cos(2)/sqrt(c) + t*1 + 0", 1, 0, 0, 0 },
    { "c*phi_rel^3", 2, 3, 0, 0 },
    { "w0^2", 0, 0, 0, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      SwFunction *f = compile (cases[i].text);

      g_assert_cmpuint (_sw_function_get_n_instructions (f, -1), ==, cases[i].value);
      g_assert_cmpuint (_sw_function_get_n_instructions (f, 0), ==, cases[i].d_phi);
      g_assert_cmpuint (_sw_function_get_n_instructions (f, 1), ==, cases[i].d_w);
      g_assert_cmpuint (_sw_function_get_n_instructions (f, 2), ==, cases[i].d_t);
      _sw_function_unref (f);
    }
}

/* Threads evaluating the same compiled functions at once get what one
 * thread gets, to the bit. */
typedef struct {
  SwFunction **functions;
  guint        n_functions;
  const double *points;   /* 3 per point */
  const double *expected; /* value and 3 derivatives per function and point */
  guint         n_points;
} ThreadsData;

static gpointer
evaluate_all (gpointer data)
{
  const ThreadsData *td = data;

  for (guint round = 0; round < 20; round++)
    for (guint i = 0; i < td->n_functions; i++)
      for (guint k = 0; k < td->n_points; k++)
        {
          const double *e = td->expected + 4 * (i * td->n_points + k);
          double d[3], v = _sw_function_eval (td->functions[i], td->points + 3 * k, d);

          if (memcmp (&v, e, sizeof v) != 0 || memcmp (d, e + 1, sizeof d) != 0)
            return GINT_TO_POINTER (1);
        }
  return NULL;
}

static void
test_threads (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (11);
  guint n = g_strv_length ((char **) formulas), n_points = 200;
  g_autofree SwFunction **functions = g_new (SwFunction *, n);
  g_autofree double *points = g_new (double, 3 * n_points);
  g_autofree double *expected = g_new (double, 4 * n * n_points);
  ThreadsData td = { functions, n, points, expected, n_points };
  GThread *threads[6];

  for (guint k = 0; k < n_points; k++)
    random_point (rand, points + 3 * k);
  for (guint i = 0; i < n; i++)
    {
      functions[i] = compile (formulas[i]);
      for (guint k = 0; k < n_points; k++)
        {
          double *e = expected + 4 * (i * n_points + k);

          e[0] = _sw_function_eval (functions[i], points + 3 * k, e + 1);
        }
    }
  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    threads[i] = g_thread_new ("evaluate", evaluate_all, &td);
  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    g_assert_null (g_thread_join (threads[i]));
  for (guint i = 0; i < n; i++)
    _sw_function_unref (functions[i]);
}

/* A chain of 1 000 inertias on custom couplings "c*phi_rel + d*w_rel"
 * (a linear law: the engine's flat loop of linear elements) and on
 * "c*phi_rel + d*w_rel + 0*t" (the compiled code, called per part) against
 * the same chain on spring-dampers: the same right-hand side to 1e-12 at
 * random states. */
static SwSystem *
chain_system (guint n, const char *formula)
{
  GString *s = g_string_new ("{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": [\n"
                             "{\"id\": \"tau\", \"kind\": \"rotational.constant_torque\", "
                             "\"params\": {\"tau_constant\": 10}}");
  GString *c = g_string_new ("\"connections\": [{\"from\": \"tau.flange\", \"to\": \"J0.flange_a\"}");
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = NULL;
  SwSystem *sys;

  for (guint i = 0; i < n; i++)
    {
      g_string_append_printf (s, ",\n{\"id\": \"J%u\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": %g}}",
                              i, 0.01 * (1 + i % 7));
      if (i + 1 == n)
        break;
      if (formula != NULL)
        g_string_append_printf (s, ",\n{\"id\": \"S%u\", \"kind\": \"rotational.custom_coupling\", \"params\": "
                                   "{\"tau\": {\"expression\": \"%s\", "
                                   "\"constants\": {\"c\": %.17g, \"d\": %.17g}}}}", i, formula, 1e4 + 37 * i,
                                1 + 0.1 * i);
      else
        g_string_append_printf (s, ",\n{\"id\": \"S%u\", \"kind\": \"rotational.spring_damper\", "
                                   "\"params\": {\"c\": %.17g, \"d\": %.17g}}", i, 1e4 + 37 * i, 1 + 0.1 * i);
      g_string_append_printf (c, ",{\"from\": \"J%u.flange_b\", \"to\": \"S%u.flange_a\"}", i, i);
      g_string_append_printf (c, ",{\"from\": \"S%u.flange_b\", \"to\": \"J%u.flange_a\"}", i, i + 1);
    }
  g_string_append_printf (s, "],\n%s]}", c->str);
  g_string_free (c, TRUE);
  model = sw_model_new_from_data (s->str, -1, "chain.shaft", &error);
  g_string_free (s, TRUE);
  g_assert_no_error (error);
  sys = sw_model_assemble (model, &error);
  g_assert_no_error (error);
  return sys;
}

static void
assert_same_rhs (SwSystem *formula, SwSystem *spring)
{
  g_autoptr (SwEquations) ef = sw_equations_new (formula);
  g_autoptr (SwEquations) es = sw_equations_new (spring);
  g_autoptr (GRand) rand = g_rand_new_with_seed (3);
  guint n_states = sw_system_get_n_states (spring);
  g_autofree double *y = g_new (double, n_states);
  g_autofree double *yf = g_new (double, n_states);
  g_autofree double *ys = g_new (double, n_states);

  g_assert_cmpuint (sw_system_get_n_states (formula), ==, n_states);
  for (guint round = 0; round < 20; round++)
    {
      double largest = 0;

      for (guint k = 0; k < n_states; k++)
        y[k] = g_rand_double_range (rand, -1, 1);
      g_assert_true (sw_equations_eval (ef, 0.1 * round, y, yf));
      g_assert_true (sw_equations_eval (es, 0.1 * round, y, ys));
      for (guint k = 0; k < n_states; k++)
        largest = MAX (largest, fabs (ys[k]));
      g_assert_cmpfloat (largest, >, 1e3);
      /* An acceleration is a difference of torques over the inertia, each
       * as large as the largest: where they cancel, their rounding (a few
       * units in the last place of the largest) is all a different order
       * of additions may change (8e-11 at 1.2e7). */
      for (guint k = 0; k < n_states; k++)
        g_assert_cmpfloat_with_epsilon (yf[k], ys[k], 1e-12 * fabs (ys[k]) + 16 * DBL_EPSILON * largest);
    }
}

static void
test_chain (void)
{
  const guint n = 1000;
  g_autoptr (SwSystem) spring = chain_system (n, NULL);
  g_autoptr (SwSystem) linear = chain_system (n, "c*phi_rel + d*w_rel");
  g_autoptr (SwSystem) compiled = chain_system (n, "c*phi_rel + d*w_rel + 0*t");

  g_assert_cmpuint (sw_system_get_n_states (spring), ==, 2 * n);
  assert_same_rhs (linear, spring);
  assert_same_rhs (compiled, spring);
}

/* Runs of a short chain: the linear law is the spring-damper's flat loop,
 * so the runs are the same; the compiled law to the tolerance's scale. */
static void
test_chain_runs (void)
{
  static const char *const columns[] = { "J0.w", "J5.phi", "J19.w", "S3.tau", NULL };
  g_autoptr (SwSystem) spring = chain_system (20, NULL);
  g_autoptr (SwSystem) linear = chain_system (20, "c*phi_rel + d*w_rel");
  g_autoptr (SwSystem) compiled = chain_system (20, "c*phi_rel + d*w_rel + 0*t");
  SwSimulateOptions o = sw_simulate_options_default ();
  g_autoptr (GError) error = NULL;
  g_autoptr (SwTrajectory) ts = NULL;
  g_autoptr (SwTrajectory) tl = NULL;
  g_autoptr (SwTrajectory) tc = NULL;

  o.stop_time_s = 0.2;
  o.output_interval_s = 0.01;
  o.tolerance = 1e-10;
  o.variables = columns;
  ts = sw_simulate (spring, &o, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  tl = sw_simulate (linear, &o, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  tc = sw_simulate (compiled, &o, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (sw_trajectory_get_n_rows (tl), ==, sw_trajectory_get_n_rows (ts));
  g_assert_cmpuint (sw_trajectory_get_n_rows (tc), ==, sw_trajectory_get_n_rows (ts));
  for (guint k = 0; columns[k] != NULL; k++)
    {
      const double *x = sw_trajectory_get_column (ts, sw_trajectory_find_column (ts, columns[k]));
      const double *y = sw_trajectory_get_column (tl, sw_trajectory_find_column (tl, columns[k]));
      const double *z = sw_trajectory_get_column (tc, sw_trajectory_find_column (tc, columns[k]));
      double largest = 0;

      for (guint i = 0; i < sw_trajectory_get_n_rows (ts); i++)
        largest = MAX (largest, fabs (x[i]));
      g_assert_cmpfloat (largest, >, 0);
      for (guint i = 0; i < sw_trajectory_get_n_rows (ts); i++)
        {
          g_assert_cmpfloat_with_epsilon (y[i], x[i], 1e-12 * largest);
          g_assert_cmpfloat_with_epsilon (z[i], x[i], 1e-7 * largest);
        }
    }
}

/* Which laws are a linear element's (and so go to the flat loop). */
static void
test_linear_laws (void)
{
  const struct {
    const char *text;
    gboolean    linear;
    double      c, d, offset;
  } cases[] = {
    { "c*phi_rel + d*w_rel", TRUE, 1.2345678901234567e4, -0.37, 0 },
    { "d*w_rel + c*phi_rel", TRUE, 1.2345678901234567e4, -0.37, 0 },
    { "phi_rel*c + w_rel*d", TRUE, 1.2345678901234567e4, -0.37, 0 },
    { "c*(phi_rel - 0.1)", TRUE, 1.2345678901234567e4, 0, 0.1 },
    { "2*c*phi_rel + w_rel", TRUE, 2 * 1.2345678901234567e4, 1, 0 },
    { "phi_rel", TRUE, 1, 0, 0 },
    { "d*w_rel^1", TRUE, 0, -0.37, 0 },
    { "c*phi_rel + d*w_rel + 0*t", FALSE, 0, 0, 0 },
    { "c*phi_rel + d*phi_rel", FALSE, 0, 0, 0 },
    { "c*(w_rel - 1)", FALSE, 0, 0, 0 },
    { "c*phi_rel*phi_rel", FALSE, 0, 0, 0 },
    { "c*t", FALSE, 0, 0, 0 },
    { "c", FALSE, 0, 0, 0 },
    { "c*phi_rel - d*w_rel", FALSE, 0, 0, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      SwFunction *f = compile (cases[i].text);
      double c, d, offset;
      gboolean linear = _sw_function_get_linear (f, &c, &d, &offset);

      if (linear != cases[i].linear)
        g_error ("%s: linear %d, expected %d", cases[i].text, linear, cases[i].linear);
      if (linear)
        {
          g_assert_cmpfloat (c, ==, cases[i].c);
          g_assert_cmpfloat (d, ==, cases[i].d);
          g_assert_cmpfloat (offset, ==, cases[i].offset);
        }
      _sw_function_unref (f);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/expression/compile/values", test_values);
  g_test_add_func ("/core/expression/compile/functions", test_functions);
  g_test_add_func ("/core/expression/compile/derivatives", test_derivatives);
  g_test_add_func ("/core/expression/compile/derivatives-inverse-hyperbolic", test_derivatives_inverse_hyperbolic);
  g_test_add_func ("/core/expression/compile/folding", test_folding);
  g_test_add_func ("/core/expression/compile/threads", test_threads);
  g_test_add_func ("/core/expression/compile/linear-laws", test_linear_laws);
  g_test_add_func ("/core/expression/compile/chain", test_chain);
  g_test_add_func ("/core/expression/compile/chain-runs", test_chain_runs);
  return g_test_run ();
}
