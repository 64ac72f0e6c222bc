/* test-modelica-helpers.h: what the tests of Modelica models in the
 * MSL's style share: an import that must work, a parameter, a column
 * against a closed form, a round trip through the export, an import that
 * must fail saying something.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <math.h>
#include <string.h>

#include "sw-error.h"
#include "sw-kind.h"
#include "sw-model.h"
#include "sw-modelica.h"
#include "sw-test-run.h"

static inline SwModel *
import_ok (const char *text)
{
  g_autoptr (GError) error = NULL;
  SwModel *model = sw_modelica_import (text, -1, "m.mo", &error);

  g_assert_no_error (error);
  g_assert_nonnull (model);
  return model;
}

static inline double
param_of (SwModel *model, const char *id, const char *name)
{
  int index = sw_model_find_component (model, id);
  const SwComponent *c;
  int p;

  g_assert_cmpint (index, >=, 0);
  c = sw_model_get_component (model, (guint) index);
  p = sw_kind_find_param (c->kind, name);
  g_assert_cmpint (p, >=, 0);
  return c->param[p];
}

/* column of a run of model equals f (t) at every row within tol. */
static inline void
assert_column (SwTrajectory *tr, const char *column, double (*f) (double t), double tol)
{
  const double *t = sw_trajectory_get_times (tr), *x = sw_test_column (tr, column);
  double worst = 0;

  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    worst = MAX (worst, fabs (x[r] - f (t[r])));
  g_test_message ("%s: off by %.3g", column, worst);
  g_assert_cmpfloat (worst, <=, tol);
}

/* The run of an exported model imported again (back) against the run of
 * the model: the same, bit for bit, in every column but the names of a
 * block's bodies ("directInertia.inertia.w"), which the export writes as
 * the components they are. */
static inline void
assert_same_run_exported (SwTrajectory *model, SwTrajectory *back)
{
  g_assert_cmpfloat (sw_test_assert_same_run (back, model, NULL, 0, 0), ==, 0);
  for (guint c = 0; c < sw_trajectory_get_n_columns (model); c++)
    {
      const char *name = sw_trajectory_get_column_name (model, c);

      if (sw_trajectory_find_column (back, name) < 0)
        g_assert_nonnull (strchr (strchr (name, '.') + 1, '.'));
    }
}

/* The model exported and imported again runs the same, bit for bit. */
static inline void
assert_round_trip (SwModel *model)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = sw_modelica_export (model, &error);
  g_autoptr (SwModel) back = NULL;
  g_autoptr (SwTrajectory) a = NULL, b = NULL;

  g_assert_no_error (error);
  back = sw_modelica_import (text, -1, "back.mo", &error);
  if (error != NULL)
    g_test_message ("%s", text);
  g_assert_no_error (error);
  a = sw_test_run_model (model, 0, 0);
  b = sw_test_run_model (back, 0, 0);
  assert_same_run_exported (a, b);
}

static inline void
assert_import_fails (const char *text, const char *needle)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_modelica_import (text, -1, "m.mo", &error);

  g_assert_null (model);
  sw_test_assert_error_says (error, needle);
}
