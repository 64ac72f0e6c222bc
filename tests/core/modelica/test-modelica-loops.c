/* test-modelica-loops.c: for loops of connect() equations, as the MSL's
 * examples and users write chains of components (`for i in 1:n - 1 loop
 * connect(inertia[i].flange_b, spring[i].flange_a); … end for;`), and
 * subscripts of the parameters outside loops (inertia[n]).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "test-modelica-helpers.h"

#define HEAD                                                                                         \
  "within Modelica.Mechanics.Rotational.Examples;\n"                                                 \
  "model InertiaChain \"n inertias and n - 1 springs in a row, driven by a constant torque\"\n"      \
  "  extends Modelica.Icons.Example;\n"                                                               \
  "  parameter Integer n = 4 \"Number of inertias\";\n"                                               \
  "  Modelica.Mechanics.Rotational.Components.Inertia inertia[n](each J=1.5,\n"                      \
  "    each phi(start=0, fixed=true), each w(start=0, fixed=true));\n"                               \
  "  Modelica.Mechanics.Rotational.Components.Spring spring[n - 1](c={1e4, 2e4, 3e4});\n"             \
  "  Modelica.Mechanics.Rotational.Sources.ConstantTorque torque(tau_constant=3);\n"                 \
  "equation\n"

#define TAIL "  annotation (experiment(StopTime=1, Interval=0.01));\nend InertiaChain;\n"

static const char chain_loop[] = HEAD
  "  connect(torque.flange, inertia[1].flange_a);\n"
  "  for i in 1:n - 1 loop\n"
  "    connect(inertia[i].flange_b, spring[i].flange_a);\n"
  "    connect(spring[i].flange_b, inertia[i + 1].flange_a);\n"
  "  end for;\n"
  TAIL;

static const char chain_written_out[] = HEAD
  "  connect(torque.flange, inertia[1].flange_a);\n"
  "  connect(inertia[1].flange_b, spring[1].flange_a);\n"
  "  connect(spring[1].flange_b, inertia[2].flange_a);\n"
  "  connect(inertia[2].flange_b, spring[2].flange_a);\n"
  "  connect(spring[2].flange_b, inertia[3].flange_a);\n"
  "  connect(inertia[3].flange_b, spring[3].flange_a);\n"
  "  connect(spring[3].flange_b, inertia[4].flange_a);\n"
  TAIL;

/* The loop is the connect()s written out, bit for bit; the torque's
 * momentum: sum J w = 3 t (the springs' torques cancel in pairs). */
static void
test_chain (void)
{
  g_autoptr (SwModel) looped = import_ok (chain_loop);
  g_autoptr (SwModel) written = import_ok (chain_written_out);
  g_autoptr (SwTrajectory) a = sw_test_run_model (looped, 0, 0);
  g_autoptr (SwTrajectory) b = sw_test_run_model (written, 0, 0);
  const double *t = sw_trajectory_get_times (a);
  const double *w[4];
  double worst = 0;

  g_assert_cmpuint (sw_model_get_n_connections (looped), ==, sw_model_get_n_connections (written));
  g_assert_cmpfloat (sw_test_assert_same_run (a, b, NULL, 0, 0), ==, 0);
  for (guint k = 0; k < 4; k++)
    {
      g_autofree char *name = g_strdup_printf ("inertia_%u.w", k + 1);

      w[k] = sw_test_column (a, name);
    }
  for (guint r = 0; r < sw_trajectory_get_n_rows (a); r++)
    worst = MAX (worst, fabs (1.5 * (w[0][r] + w[1][r] + w[2][r] + w[3][r]) - 3 * t[r]));
  g_test_message ("momentum off by %.3g", worst);
  g_assert_cmpfloat (worst, <=, 1e-6);
  g_assert_cmpfloat (fabs (w[3][sw_trajectory_get_n_rows (a) - 1] - w[0][sw_trajectory_get_n_rows (a) - 1]), >, 1e-3);
  assert_round_trip (looped);
}

/* Nested loops, the inner ranges of the outer index (the dampers below
 * the diagonal couple j[a] to the hub, those above have both ends on it),
 * and a subscript of a parameter outside any loop (j[n]). */
static void
test_nested_and_parameter_subscript (void)
{
  static const char text[] =
    "model Triangle\n"
    "  parameter Integer n = 3;\n"
    "  Modelica.Mechanics.Rotational.Components.Inertia hub(J=1, phi(start=0, fixed=true), w(start=0, fixed=true));\n"
    "  Modelica.Mechanics.Rotational.Components.Inertia j[n](each J=1);\n"
    "  Modelica.Mechanics.Rotational.Components.Damper d[n, n](each d=2);\n"
    "  Modelica.Mechanics.Rotational.Sources.ConstantTorque torque(tau_constant=1);\n"
    "equation\n"
    "  connect(torque.flange, j[n].flange_a);\n"
    "  for a in 1:n loop\n"
    "    for b in 1:a loop\n"
    "      connect(hub.flange_b, d[a, b].flange_a);\n"
    "      connect(d[a, b].flange_b, j[a].flange_b);\n"
    "    end for;\n"
    "    for b in a + 1:n loop\n"
    "      connect(hub.flange_b, d[a, b].flange_a);\n"
    "      connect(hub.flange_b, d[a, b].flange_b);\n"
    "    end for;\n"
    "  end for;\n"
    "  annotation (experiment(StopTime=1));\n"
    "end Triangle;\n";
  g_autoptr (SwModel) model = import_ok (text);

  /* 1 + 2 (1 + 2 + 3) + 2 (2 + 1 + 0) connect()s. */
  g_assert_cmpuint (sw_model_get_n_connections (model), ==, 19);
  g_assert_cmpint (sw_model_find_component (model, "d_3_3"), >=, 0);
  assert_round_trip (model);
}

/* What a loop may not be names its line and column. */
static void
test_errors (void)
{
  static const struct {
    const char *equations, *needle;
  } cases[] = {
    { "  for i in 1:2.5 loop\n    connect(inertia[i].flange_b, spring[i].flange_a);\n  end for;\n",
      "m.mo:10:14: error: i = 2.5 is not an integer" },
    { "  for n in 1:2 loop\n    connect(inertia[n].flange_b, spring[n].flange_a);\n  end for;\n",
      "m.mo:10:3: error: for n: a parameter of the model or an outer loop's index has that name; valid: another name" },
    { "  for i in 0:1 loop\n    connect(inertia[i + 1].flange_b, spring[i].flange_a);\n  end for;\n",
      "m.mo:11:45: error: the subscript is 0; valid: an index 1, 2, …" },
    { "  for i in 1:200000 loop\n    connect(inertia[1].flange_b, spring[1].flange_a);\n  end for;\n",
      "m.mo:11:5: error: the for loops make more than 100000 connect() equations" },
    { "  for i in 1, 2 loop\n  end for;\n",
      "m.mo:10:13: error: for i: expected the range as from:to (for i in 1:n loop), not “,”" },
    { "  for i in 1:2 loop\n    connect(inertia[i].flange_b, spring[i].flange_a);\n",
      "m.mo:12:5: error: expected “for”, not “InertiaChain”" },
    { "  connect(inertia[k].flange_b, spring[1].flange_a);\n",
      "m.mo:10:19: error: unknown name k" },
    { "  for i in 1:2 loop\n    inertia[i].phi = 0;\n  end for;\n",
      "m.mo:11:5: error: only connect() equations and for loops of them are supported here" },
  };

  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      g_autofree char *text = g_strconcat (HEAD, cases[k].equations, "end InertiaChain;\n", NULL);

      assert_import_fails (text, cases[k].needle);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/modelica/loops/chain", test_chain);
  g_test_add_func ("/modelica/loops/nested-and-parameter-subscript", test_nested_and_parameter_subscript);
  g_test_add_func ("/modelica/loops/errors", test_errors);
  return g_test_run ();
}
