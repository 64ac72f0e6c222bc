/* test-forced-view.c: the forced response view over
 * data/examples/fourbody.shaft: the body list and properties, the plotted
 * curves (the bold sum and the thin orders) against sw_forced_compute()'s
 * columns, the critical speeds against sw_campbell_compute(), the most
 * loaded section at the cursor against the table, the stress scale of a
 * diameter, another system and none, and the widget in a window in light and dark
 * styles with a drag that moves the cursor.
 *
 * Needs a display (xvfb-run); GSK_RENDERER=cairo. SW_SCREENSHOTS=DIR keeps
 * the window's pictures there (forced-light.png, forced-dark.png).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include <adwaita.h>
#include <glib/gstdio.h>

#include "sw-forced.h"
#include "sw-forced-view.h"
#include "sw-forced-view-private.h"
#include "sw-model.h"
#include "sw-simulate.h"
#include "sw-ui-test.h"
#include "sw-test-forced.h"

/* The view's speeds over the range (sw-forced-view.c). */
#define VIEW_SPEEDS 400

static void
wait_computed (SwForcedView *view)
{
  g_assert_cmpuint (sw_ui_test_wait_signal (view, "computed", 30), ==, 1);
  g_assert_false (sw_forced_view_get_busy (view));
}

/* What the view should show: the same response computed here, with the
 * diameters and limits of o_in (NULL: none). */
static SwTrajectory *
expected_response_with (SwSystem *system, const char *body, const double *orders, guint n, double amplitude,
                        double from, double to, const SwForcedOptions *o)
{
  g_autofree SwForcedExcitation *ex = g_new0 (SwForcedExcitation, n);

  for (guint k = 0; k < n; k++)
    ex[k] = (SwForcedExcitation) { .part = body, .order = orders[k], .amplitude = amplitude };
  return sw_test_forced_compute (system, ex, n, from, to, VIEW_SPEEDS, o);
}

static SwTrajectory *
expected_response (SwSystem *system, const char *body, const double *orders, guint n, double amplitude,
                   double from, double to)
{
  return expected_response_with (system, body, orders, n, amplitude, from, to, NULL);
}

static void
test_properties (void)
{
  g_autoptr (SwSystem) system = sw_ui_test_load_system ("fourbody.shaft");
  SwForcedView *view = g_object_ref_sink (SW_FORCED_VIEW (sw_forced_view_new ()));
  static const double orders[] = { 0.5, 3 };
  const double *got;
  guint n;
  int notes = 0;

  g_assert_cmpfloat (sw_forced_view_get_from_rpm (view), ==, 100);
  g_assert_cmpfloat (sw_forced_view_get_to_rpm (view), ==, 3000);
  g_assert_cmpfloat (sw_forced_view_get_amplitude (view), ==, 100);
  g_assert_cmpfloat (sw_forced_view_get_diameter (view), ==, 0);
  got = sw_forced_view_get_orders (view, &n);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpfloat (got[0], ==, 1);
  g_assert_cmpfloat (got[1], ==, 2);
  g_assert_null (sw_forced_view_get_section (view));
  g_assert_true (isnan (sw_forced_view_get_cursor (view)));
  /* No system: nothing to compute. */
  g_assert_false (sw_forced_view_get_busy (view));
  g_assert_null (sw_forced_view_get_response (view));

  sw_forced_view_set_system (view, system);
  g_assert_cmpstr (sw_forced_view_get_body (view), ==, "rotor");
  g_signal_connect (view, "notify::body", G_CALLBACK (sw_ui_test_count_notify), &notes);
  sw_forced_view_set_body (view, "load");
  sw_forced_view_set_body (view, "load");
  g_assert_cmpint (notes, ==, 1);
  g_assert_cmpstr (sw_forced_view_get_body (view), ==, "load");
  sw_forced_view_set_excitation (view, orders, 2, 5);
  got = sw_forced_view_get_orders (view, &n);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpfloat (got[1], ==, 3);
  g_assert_cmpfloat (sw_forced_view_get_amplitude (view), ==, 5);
  wait_computed (view);
  g_assert_null (sw_forced_view_get_error (view));
  g_assert_nonnull (sw_forced_view_get_response (view));
  g_assert_finalize_object (view);
}

/* The curves are the response's columns: the section's sum bold first,
 * then its orders thin, then the synthesised peak; every value as
 * sw_forced_compute() gives it. The critical speeds are the Campbell
 * diagram's crossings of the excited orders. */
static void
test_curves (void)
{
  g_autoptr (SwSystem) system = sw_ui_test_load_system ("fourbody.shaft");
  SwForcedView *view = g_object_ref_sink (SW_FORCED_VIEW (sw_forced_view_new ()));
  static const double orders[] = { 1, 2 };
  g_autoptr (SwTrajectory) expected = NULL;
  SwTrajectory *got;
  const char *section;
  guint n_rows;

  sw_forced_view_set_system (view, system);
  sw_forced_view_set_body (view, "rotor");
  sw_forced_view_set_speed_range (view, 100, 12000);
  sw_forced_view_set_excitation (view, orders, 2, 250);
  wait_computed (view);
  g_assert_null (sw_forced_view_get_error (view));
  got = sw_forced_view_get_response (view);
  expected = expected_response (system, "rotor", orders, 2, 250, 100, 12000);
  n_rows = sw_trajectory_get_n_rows (expected);
  g_assert_cmpuint (sw_trajectory_get_n_rows (got), ==, n_rows);
  g_assert_cmpuint (sw_trajectory_get_n_columns (got), ==, sw_trajectory_get_n_columns (expected));

  section = sw_forced_view_get_shown_section (view);
  g_assert_nonnull (section);
  g_assert_cmpuint (_sw_forced_view_get_n_curves (view), ==, 4);
  for (guint k = 0; k < 4; k++)
    {
      const char *names[] = { "%s.tau_amp", "%s.tau_amp@1", "%s.tau_amp@2", "%s.tau_peak" };
      g_autofree char *want = g_strdup_printf (names[k], section);
      guint column;
      gboolean sum;
      double factor;
      int e;

      g_assert_true (_sw_forced_view_get_curve (view, k, &column, &sum, &factor));
      g_assert_cmpfloat (factor, ==, 1);
      g_assert_cmpstr (sw_trajectory_get_column_name (got, column), ==, want);
      g_assert_true (sum == (k == 0));
      e = sw_trajectory_find_column (expected, want);
      g_assert_cmpint (e, >=, 0);
      for (guint i = 0; i < n_rows; i++)
        {
          double a = sw_trajectory_get_column (got, column)[i], b = sw_trajectory_get_column (expected, (guint) e)[i];

          g_assert_cmpfloat (sw_trajectory_get_times (got)[i], ==, sw_trajectory_get_times (expected)[i]);
          g_assert_true ((isnan (a) && isnan (b)) || a == b);
        }
    }
  /* The sum is the orders' sum, each order's amplitude linear in the torque. */
  {
    g_autoptr (SwTrajectory) half = expected_response (system, "rotor", orders, 2, 125, 100, 12000);
    g_autofree char *name = g_strdup_printf ("%s.tau_amp", section);
    g_autofree char *o1 = g_strdup_printf ("%s.tau_amp@1", section);
    g_autofree char *o2 = g_strdup_printf ("%s.tau_amp@2", section);
    const double *s = sw_test_forced_column (got, name);
    const double *a = sw_test_forced_column (got, o1);
    const double *b = sw_test_forced_column (got, o2);
    const double *h = sw_test_forced_column (half, name);

    for (guint i = 0; i < n_rows; i++)
      if (isfinite (s[i]))
        {
          g_assert_cmpfloat_with_epsilon (s[i], a[i] + b[i], 1e-12 * s[i]);
          g_assert_cmpfloat_with_epsilon (h[i], s[i] / 2, 1e-9 * s[i]);
        }
  }
  /* The default section is the one with the largest amplitude anywhere. */
  {
    double best = -1;
    g_autofree char *best_id = NULL;

    for (guint c = 0; c < sw_trajectory_get_n_columns (expected); c++)
      {
        const char *name = sw_trajectory_get_column_name (expected, c);

        if (!g_str_has_suffix (name, ".tau_amp"))
          continue;
        for (guint i = 0; i < n_rows; i++)
          if (isfinite (sw_trajectory_get_column (expected, c)[i]) && sw_trajectory_get_column (expected, c)[i] > best)
            {
              best = sw_trajectory_get_column (expected, c)[i];
              g_free (best_id);
              best_id = g_strndup (name, strlen (name) - strlen (".tau_amp"));
            }
      }
    g_assert_cmpstr (section, ==, best_id);
  }

  /* The critical speeds: the Campbell crossings of orders 1 and 2 (5 below
   * 12000 rpm, as test-campbell-view finds over 0 … 12000). */
  g_assert_nonnull (sw_forced_view_get_campbell (view));
  g_assert_cmpuint (sw_campbell_get_n_crossings (sw_forced_view_get_campbell (view)), ==, 5);

  /* Another section: its columns. */
  sw_forced_view_set_section (view, "shaft");
  g_assert_cmpstr (sw_forced_view_get_shown_section (view), ==, "shaft");
  {
    guint column;
    gboolean sum;
    double factor;

    g_assert_true (_sw_forced_view_get_curve (view, 0, &column, &sum, &factor));
    g_assert_cmpstr (sw_trajectory_get_column_name (got, column), ==, "shaft.tau_amp");
  }

  /* A 40 mm solid shaft: the curves drawn are the stress amplitudes that
   * sw_forced_compute() gives with that diameter (16 T / (pi d^3)). */
  sw_forced_view_set_diameter (view, 0.04);
  {
    SwForcedDiameter d = { .part = "shaft", .outer_diameter_m = 0.04 };
    SwForcedOptions o = sw_forced_options_default ();
    g_autoptr (SwTrajectory) stress = NULL;
    guint column;
    gboolean sum;
    double factor;
    const double *want, *tau;

    o.diameters = &d;
    o.n_diameters = 1;
    stress = expected_response_with (system, "rotor", orders, 2, 250, 100, 12000, &o);
    want = sw_test_forced_column (stress, "shaft.stress_amp");
    g_assert_true (_sw_forced_view_get_curve (view, 0, &column, &sum, &factor));
    g_assert_true (sum);
    tau = sw_trajectory_get_column (got, column);
    for (guint i = 0; i < n_rows; i++)
      if (isfinite (want[i]))
        g_assert_cmpfloat_with_epsilon (tau[i] * factor, want[i], 1e-12 * want[i]);
  }
  g_assert_finalize_object (view);
}

/* The orders entry takes an order's own amplitude and phase as --excite
 * does: the response is sw_forced_compute()'s with those excitations. */
static void
test_order_amplitudes (void)
{
  g_autoptr (SwSystem) system = sw_ui_test_load_system ("fourbody.shaft");
  SwForcedView *view = g_object_ref_sink (SW_FORCED_VIEW (sw_forced_view_new ()));
  SwForcedExcitation ex[] = {
    { .part = "hub2", .order = 1, .amplitude = 50 },
    { .part = "hub2", .order = 2, .amplitude = 200, .phase_deg = 90 },
    { .part = "hub2", .order = 3, .amplitude = 100 },   /* the common amplitude */
  };
  g_autoptr (SwTrajectory) want = NULL;
  SwTrajectory *got;

  sw_forced_view_set_system (view, system);
  sw_forced_view_set_body (view, "hub2");
  wait_computed (view);
  gtk_editable_set_text (GTK_EDITABLE (view->orders_entry), "1:50, 2:200:90 3");
  g_signal_emit_by_name (view->orders_entry, "activate");
  g_assert_true (sw_forced_view_get_busy (view));
  wait_computed (view);
  want = sw_test_forced_compute (system, ex, 3, 100, 3000, VIEW_SPEEDS, NULL);
  got = sw_forced_view_get_response (view);
  sw_test_forced_assert_same (got, want);
  /* A negative amplitude is marked and changes nothing. */
  gtk_editable_set_text (GTK_EDITABLE (view->orders_entry), "1:-5");
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (view->orders_entry), "error"));
  g_signal_emit_by_name (view->orders_entry, "activate");
  g_assert_false (sw_forced_view_get_busy (view));
  g_assert_finalize_object (view);
}

/* The rigid drivetrain excited at its engine: at t = 0 only the slipping
 * clutch is a section, and it carries nothing; engaged there is none. The
 * page says there is nothing to load, not that it shows the clutches
 * engaged (it showed nothing under that note). */
static void
test_rigid (void)
{
  g_autoptr (SwSystem) system = sw_ui_test_rigid_drivetrain ();
  SwForcedView *view = g_object_ref_sink (SW_FORCED_VIEW (sw_forced_view_new ()));

  sw_forced_view_set_system (view, system);
  sw_forced_view_set_body (view, "engine1");
  wait_computed (view);
  g_assert_nonnull (sw_forced_view_get_note (view));
  g_assert_nonnull (strstr (sw_forced_view_get_note (view), "Nothing to load"));
  g_assert_null (strstr (sw_forced_view_get_note (view), "shown with the clutches engaged"));
  g_assert_finalize_object (view);
}

/* The vehicle launch excited at its engine: the clutch is open at t = 0,
 * so no section responds there: the page shows the response with the
 * clutches engaged and the brakes released (sw_forced_compute()'s, value
 * for value) and says so; at 2 s (the plot's cursor
 * there) it is engaged, and the response is sw_forced_compute()'s in the
 * friction state of a run's state at 2 s, value for value. */
static void
test_operating_point (void)
{
  g_autoptr (SwSystem) system = sw_ui_test_load_system ("vehicle-launch.shaft");
  SwForcedView *view = g_object_ref_sink (SW_FORCED_VIEW (sw_forced_view_new ()));
  SwSimulateOptions so = sw_simulate_options_from_system (system);
  SwForcedExcitation ex[] = { { .part = "engine", .order = 1, .amplitude = 100 } };
  SwForcedOptions o = sw_forced_options_default ();
  g_autoptr (GError) error = NULL;
  g_autoptr (SwTrajectory) want = NULL;
  g_autofree double *state = NULL;
  static const double orders[] = { 1 };

  sw_forced_view_set_system (view, system);
  sw_forced_view_set_body (view, "engine");
  sw_forced_view_set_excitation (view, orders, 1, 100);
  wait_computed (view);
  g_assert_nonnull (sw_forced_view_get_note (view));
  g_assert_nonnull (strstr (sw_forced_view_get_note (view), "No section responds"));
  g_assert_nonnull (strstr (sw_forced_view_get_note (view), "clutches engaged"));
  o.friction = SW_LINEAR_FRICTION_ENGAGED;
  want = sw_test_forced_compute (system, ex, 1, 100, 3000, VIEW_SPEEDS, &o);
  sw_test_forced_assert_same (sw_forced_view_get_response (view), want);
  g_clear_pointer (&want, sw_trajectory_unref);
  o = sw_forced_options_default ();

  sw_forced_view_set_at_cursor (view, TRUE);
  g_assert_true (sw_forced_view_get_at_cursor (view));
  sw_forced_view_set_operating_time (view, 2);
  wait_computed (view);
  g_assert_null (sw_forced_view_get_note (view));
  so.stop_time_s = 2;
  state = sw_simulate_final_state (system, &so, &error);
  g_assert_no_error (error);
  o.at_s = 2;
  o.at_state = state;
  want = sw_test_forced_compute (system, ex, 1, 100, 3000, VIEW_SPEEDS, &o);
  sw_test_forced_assert_same (sw_forced_view_get_response (view), want);
  g_assert_finalize_object (view);
}

/* The model's excitation (its file's "excitation") is added to the
 * page's: the response is sw_forced_compute()'s over both, value for value;
 * setting the same again starts nothing, none goes back. */
static void
test_model_excitation (void)
{
  g_autoptr (SwSystem) system = sw_ui_test_load_system ("fourbody.shaft");
  SwForcedView *view = g_object_ref_sink (SW_FORCED_VIEW (sw_forced_view_new ()));
  static const double speed_rpm[] = { 100, 3000 }, speed_amp[] = { 10, 300 };
  SwForcedExcitation model_ex[] = {
    { .part = "hub2", .order = 1.5, .amplitude = 0, .phase_deg = 40, .against = SW_FORCED_AGAINST_SPEED,
      .table_x = speed_rpm, .table_y = speed_amp, .n_table = 2 },
    { .part = "hub2", .order = 2, .amplitude = 0, .amplitude_w2 = 1e-3 },
  };
  SwForcedExcitation all[4] = {
    { .part = "hub2", .order = 1, .amplitude = 100 }, { .part = "hub2", .order = 2, .amplitude = 100 },
  };
  g_autoptr (SwTrajectory) want = NULL;
  SwTrajectory *got;

  sw_forced_view_set_system (view, system);
  sw_forced_view_set_body (view, "hub2");
  wait_computed (view);
  sw_forced_view_set_model_excitation (view, model_ex, G_N_ELEMENTS (model_ex));
  g_assert_cmpuint (sw_forced_view_get_n_model_excitations (view), ==, 2);
  g_assert_true (sw_forced_view_get_busy (view));
  wait_computed (view);
  memcpy (all + 2, model_ex, sizeof model_ex);
  want = sw_test_forced_compute (system, all, 4, 100, 3000, VIEW_SPEEDS, NULL);
  got = sw_forced_view_get_response (view);
  sw_test_forced_assert_same (got, want);
  g_assert_nonnull (strstr (sw_trajectory_get_column_name (got, 3), "@1.5"));
  sw_forced_view_set_model_excitation (view, model_ex, G_N_ELEMENTS (model_ex));
  g_assert_false (sw_forced_view_get_busy (view));
  sw_forced_view_set_model_excitation (view, NULL, 0);
  g_assert_cmpuint (sw_forced_view_get_n_model_excitations (view), ==, 0);
  wait_computed (view);
  g_assert_cmpint (sw_trajectory_find_column (sw_forced_view_get_response (view), "hub2.tau_amp@1.5"), <, 0);
  g_assert_finalize_object (view);
}

/* At the cursor the most loaded section is the largest interpolated
 * amplitude of the table. */
static void
test_cursor (void)
{
  g_autoptr (SwSystem) system = sw_ui_test_load_system ("fourbody.shaft");
  SwForcedView *view = g_object_ref_sink (SW_FORCED_VIEW (sw_forced_view_new ()));
  static const double rpms[] = { 150, 1234.5, 2999 };

  sw_forced_view_set_system (view, system);
  wait_computed (view);
  /* A first result puts the cursor where the section plotted peaks. */
  {
    SwTrajectory *tr = sw_forced_view_get_response (view);
    g_autofree char *name = g_strdup_printf ("%s.tau_amp", sw_forced_view_get_shown_section (view));
    int c = sw_trajectory_find_column (tr, name);
    double top = 0, at = NAN;

    g_assert_cmpint (c, >=, 0);
    for (guint i = 0; i < sw_trajectory_get_n_rows (tr); i++)
      if (sw_trajectory_get_column (tr, (guint) c)[i] > top)
        top = sw_trajectory_get_column (tr, (guint) c)[i], at = sw_trajectory_get_times (tr)[i];
    g_assert_cmpfloat (sw_forced_view_get_cursor (view), ==, at);
    g_assert_nonnull (sw_forced_view_get_most_loaded (view));
  }
  for (guint r = 0; r < G_N_ELEMENTS (rpms); r++)
    {
      SwTrajectory *tr = sw_forced_view_get_response (view);
      const char *best = NULL;
      double top = -1;

      sw_forced_view_set_cursor (view, rpms[r]);
      g_assert_cmpfloat (sw_forced_view_get_cursor (view), ==, rpms[r]);
      for (guint c = 0; c < sw_trajectory_get_n_columns (tr); c++)
        if (g_str_has_suffix (sw_trajectory_get_column_name (tr, c), ".tau_amp") &&
            sw_trajectory_interpolate (tr, c, rpms[r]) > top)
          {
            top = sw_trajectory_interpolate (tr, c, rpms[r]);
            best = sw_trajectory_get_column_name (tr, c);
          }
      g_assert_nonnull (best);
      g_assert_true (g_str_has_prefix (best, sw_forced_view_get_most_loaded (view)));
      g_assert_cmpuint (strlen (best), ==, strlen (sw_forced_view_get_most_loaded (view)) + strlen (".tau_amp"));
    }
  /* Clamped to the range. */
  sw_forced_view_set_cursor (view, 1e6);
  g_assert_cmpfloat (sw_forced_view_get_cursor (view), ==, 3000);
  g_assert_finalize_object (view);
}

/* Another system: its own bodies, computed again; none: an empty view. */
static void
test_error (void)
{
  g_autoptr (SwSystem) system = sw_ui_test_load_system ("fourbody.shaft");
  g_autoptr (SwSystem) other = sw_ui_test_load_system ("first.shaft");
  SwForcedView *view = g_object_ref_sink (SW_FORCED_VIEW (sw_forced_view_new ()));

  sw_forced_view_set_system (view, system);
  wait_computed (view);
  g_assert_nonnull (sw_forced_view_get_response (view));
  sw_forced_view_set_system (view, other);
  g_assert_cmpstr (sw_forced_view_get_body (view), !=, "rotor");
  wait_computed (view);
  sw_forced_view_set_system (view, NULL);
  g_assert_false (sw_forced_view_get_busy (view));
  g_assert_null (sw_forced_view_get_response (view));
  g_assert_null (sw_forced_view_get_error (view));
  g_assert_finalize_object (view);
}

/* Limits: with a diameter and a tensile strength, every section's
 * allowable stresses come with the response, and the bands shaded for the
 * section plotted are the barred and not-allowed ranges that
 * sw_forced_find_ranges() finds in sw_forced_compute()'s table with the
 * same diameters and limits (C_K 1, the rated speed given); the band is
 * drawn (an amber pixel inside it) and exported. */
static void
test_limits (void)
{
  g_autoptr (SwSystem) system = sw_ui_test_load_system ("fourbody.shaft");
  SwForcedView *view = g_object_ref_sink (SW_FORCED_VIEW (sw_forced_view_new ()));
  static const double orders[] = { 1, 2 };
  g_autoptr (SwTrajectory) plain = expected_response (system, "rotor", orders, 2, 250, 100, 12000);
  g_autoptr (GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  g_autofree SwForcedDiameter *d = NULL;
  g_autofree SwForcedLimit *l = NULL;
  g_autoptr (SwTrajectory) table = NULL;
  g_autoptr (GArray) ranges = NULL;
  g_autoptr (GError) error = NULL;
  SwForcedOptions o = sw_forced_options_default ();
  const char *section;
  guint n = 0;

  sw_forced_view_set_system (view, system);
  sw_forced_view_set_body (view, "rotor");
  sw_forced_view_set_speed_range (view, 100, 12000);
  sw_forced_view_set_excitation (view, orders, 2, 250);
  wait_computed (view);
  g_assert_cmpuint (_sw_forced_view_get_n_bands (view), ==, 0);
  sw_forced_view_set_diameter (view, 0.012);
  sw_forced_view_set_limits (view, 400, 8000);
  g_assert_cmpfloat (sw_forced_view_get_tensile_strength (view), ==, 400);
  g_assert_cmpfloat (sw_forced_view_get_rated_rpm (view), ==, 8000);
  wait_computed (view);
  g_assert_null (sw_forced_view_get_error (view));
  section = sw_forced_view_get_shown_section (view);
  g_assert_nonnull (section);

  /* The core's ranges, every section given the same shaft. */
  for (guint c = 0; c < sw_trajectory_get_n_columns (plain); c++)
    {
      const char *name = sw_trajectory_get_column_name (plain, c);

      if (g_str_has_suffix (name, ".tau_amp"))
        g_ptr_array_add (ids, g_strndup (name, strlen (name) - strlen (".tau_amp")));
    }
  d = g_new0 (SwForcedDiameter, ids->len);
  l = g_new0 (SwForcedLimit, ids->len);
  for (guint k = 0; k < ids->len; k++)
    {
      d[k] = (SwForcedDiameter) { .part = g_ptr_array_index (ids, k), .outer_diameter_m = 0.012 };
      l[k] = (SwForcedLimit) { .part = g_ptr_array_index (ids, k), .tensile_strength_mpa = 400, .ck = 1 };
    }
  o.diameters = d;
  o.n_diameters = ids->len;
  o.limits = l;
  o.n_limits = ids->len;
  o.rated_rpm = 8000;
  table = expected_response_with (system, "rotor", orders, 2, 250, 100, 12000, &o);
  ranges = sw_forced_find_ranges (table);
  for (guint k = 0; k < ranges->len; k++)
    {
      const SwForcedRange *r = &g_array_index (ranges, SwForcedRange, k);
      double from, to;
      SwForcedRangeKind kind;

      if (g_strcmp0 (r->part, section) != 0)
        continue;
      g_assert_true (_sw_forced_view_get_band (view, n, &from, &to, &kind));
      g_assert_cmpfloat (from, ==, r->from_rpm);
      g_assert_cmpfloat (to, ==, r->to_rpm);
      g_assert_cmpint (kind, ==, r->kind);
      n++;
    }
  g_assert_cmpuint (n, >, 0);
  g_assert_cmpuint (_sw_forced_view_get_n_bands (view), ==, n);
  /* The limit curves are drawn: two more than without. */
  g_assert_cmpuint (_sw_forced_view_get_n_curves (view), ==, 6);

  /* Drawn: a pixel in the first band, near the plot's top (above the
   * curves), is amber (red well above blue), or red where not allowed. */
  {
    cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 800, 500);
    cairo_t *cr = cairo_create (surface);
    double from, to, x;
    SwForcedRangeKind kind;
    const guint8 *px;
    int stride;

    g_assert_true (_sw_forced_view_render (view, cr, 800, 500));
    cairo_destroy (cr);
    cairo_surface_flush (surface);
    g_assert_true (_sw_forced_view_get_band (view, 0, &from, &to, &kind));
    g_assert_true (_sw_forced_view_speed_position (view, 0.5 * (from + to), &x));
    stride = cairo_image_surface_get_stride (surface);
    px = cairo_image_surface_get_data (surface) + (gsize) (view->geometry.panels[0].top + 4) * stride + 4 * (int) x;
    /* BGRX */
    g_assert_cmpint (px[2], >, px[0] + 40);
    cairo_surface_destroy (surface);
  }
  {
    g_autofree char *dir = g_dir_make_tmp ("sw-forced-XXXXXX", NULL);
    g_autofree char *path = g_build_filename (dir, "limits.svg", NULL);
    g_autofree char *svg = NULL;

    g_assert_true (sw_forced_view_export (view, path, 800, 500, &error));
    g_assert_no_error (error);
    g_assert_true (g_file_get_contents (path, &svg, NULL, NULL));
    g_assert_nonnull (strstr (svg, "<svg"));
    g_remove (path);
    g_rmdir (dir);
  }
  /* The cursor in the first band: the read-out names the range. */
  {
    double from, to;
    SwForcedRangeKind kind;

    g_assert_true (_sw_forced_view_get_band (view, 0, &from, &to, &kind));
    sw_forced_view_set_cursor (view, 0.5 * (from + to));
    g_assert_nonnull (strstr (gtk_label_get_text (view->readout),
                              kind == SW_FORCED_RANGE_BARRED ? "barred" : "not allowed"));
  }
  /* No tensile strength: no bands, no limit curves. */
  sw_forced_view_set_limits (view, 0, 0);
  wait_computed (view);
  g_assert_cmpuint (_sw_forced_view_get_n_bands (view), ==, 0);
  g_assert_cmpuint (_sw_forced_view_get_n_curves (view), ==, 4);
  g_assert_finalize_object (view);
}

static GtkGesture *
find_drag (GtkWidget *area)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (area);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GObject) c = g_list_model_get_item (controllers, i);

      if (GTK_IS_GESTURE_DRAG (c))
        return GTK_GESTURE (c);
    }
  return NULL;
}

static void
test_window (void)
{
  g_autoptr (SwSystem) system = sw_ui_test_load_system ("fourbody.shaft");
  GtkWidget *window = gtk_window_new ();
  GtkWidget *widget = sw_forced_view_new ();
  SwForcedView *view = SW_FORCED_VIEW (widget);
  static const double orders[] = { 1, 2, 4 };
  cairo_surface_t *light, *dark;
  GtkWidget *area;
  GtkGesture *drag;
  double x;

  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 700);
  gtk_window_set_child (GTK_WINDOW (window), widget);
  sw_forced_view_set_system (view, system);
  sw_forced_view_set_speed_range (view, 100, 12000);
  sw_forced_view_set_excitation (view, orders, 3, 100);
  gtk_window_present (GTK_WINDOW (window));
  wait_computed (view);
  sw_ui_test_set_dark (FALSE);
  sw_ui_test_iterate (300);
  area = sw_ui_test_find_type (widget, GTK_TYPE_DRAWING_AREA);
  g_assert_nonnull (area);
  g_assert_cmpint (sw_ui_test_wait_width (area, 400, 10), >, 400);

  /* A press on the plot puts the cursor at its speed. */
  g_assert_true (_sw_forced_view_speed_position (view, 5000, &x));
  drag = find_drag (area);
  g_assert_nonnull (drag);
  g_signal_emit_by_name (drag, "drag-begin", x, 100.0);
  g_assert_cmpfloat_with_epsilon (sw_forced_view_get_cursor (view), 5000, 1e-6);
  g_assert_nonnull (sw_forced_view_get_most_loaded (view));
  sw_ui_test_iterate (200);

  light = sw_ui_test_snapshot (window);
  sw_ui_test_keep_picture (light, "SW_SCREENSHOTS", "forced-light.png");
  sw_ui_test_set_dark (TRUE);
  sw_ui_test_iterate (300);
  dark = sw_ui_test_snapshot (window);
  sw_ui_test_keep_picture (dark, "SW_SCREENSHOTS", "forced-dark.png");
  /* A diameter: stress in MPa, the same curves scaled by 16 / (pi d^3). */
  sw_forced_view_set_diameter (view, 0.05);
  g_assert_cmpstr (_sw_forced_view_quantity (view), ==, "stress_amp");
  sw_ui_test_iterate (200);
  if (g_getenv ("SW_SCREENSHOTS") != NULL)
    {
      g_autofree char *path = g_build_filename (g_getenv ("SW_SCREENSHOTS"), "forced-export.png", NULL);
      g_autoptr (GError) error = NULL;

      g_assert_true (sw_forced_view_export (view, path, 1000, 650, &error));
      g_assert_no_error (error);
    }
  sw_ui_test_reset_style ();
  cairo_surface_destroy (light);
  cairo_surface_destroy (dark);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  if (!sw_ui_test_init ("/ui/forced-view/no-display"))
    return g_test_run ();

  g_test_add_func ("/ui/forced-view/properties", test_properties);
  g_test_add_func ("/ui/forced-view/rigid", test_rigid);
  g_test_add_func ("/ui/forced-view/curves", test_curves);
  g_test_add_func ("/ui/forced-view/order-amplitudes", test_order_amplitudes);
  g_test_add_func ("/ui/forced-view/model-excitation", test_model_excitation);
  g_test_add_func ("/ui/forced-view/operating-point", test_operating_point);
  g_test_add_func ("/ui/forced-view/cursor", test_cursor);
  g_test_add_func ("/ui/forced-view/limits", test_limits);
  g_test_add_func ("/ui/forced-view/error", test_error);
  g_test_add_func ("/ui/forced-view/window", test_window);
  return g_test_run ();
}
