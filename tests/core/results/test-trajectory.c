/* test-trajectory.c: column storage: growth, sized trajectories read while
 * they are written; trajectories that keep states and derive their columns
 * (bit for bit a run's recording, read while a run appends, the cache).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "sw-csv.h"
#include "sw-model.h"
#include "sw-number.h"
#include "sw-simulate.h"
#include "sw-system.h"
#include "sw-test-files.h"
#include "sw-trajectory.h"
#include "sw-trajectory-private.h"

static SwTrajectory *
two_columns (guint capacity)
{
  return sw_trajectory_new_sized (g_strsplit ("a.x,b.y", ",", -1), g_strsplit ("m,N", ",", -1), capacity);
}

/* Rows appended past any initial size keep every value. */
static void
test_growth (void)
{
  g_autoptr (SwTrajectory) tr = sw_trajectory_new (g_strsplit ("a.x,b.y", ",", -1), g_strsplit ("m,N", ",", -1));

  for (guint r = 0; r < 100000; r++)
    {
      double v[2] = { r * 0.5, -(double) r };
      sw_trajectory_append_row (tr, r * 1e-3, v);
    }
  g_assert_cmpuint (sw_trajectory_get_n_rows (tr), ==, 100000);
  for (guint r = 0; r < 100000; r += 997)
    {
      g_assert_cmpfloat (sw_trajectory_get_times (tr)[r], ==, r * 1e-3);
      g_assert_cmpfloat (sw_trajectory_get_column (tr, 0)[r], ==, r * 0.5);
      g_assert_cmpfloat (sw_trajectory_get_column (tr, 1)[r], ==, -(double) r);
    }
}

/* A growable trajectory holds no column memory before its first row (a run
 * whose rows go elsewhere), and reads as empty. */
static void
test_empty_growable (void)
{
  g_autoptr (SwTrajectory) tr = sw_trajectory_new (g_strsplit ("a.x,b.y", ",", -1), g_strsplit ("m,N", ",", -1));
  guint64 stored;
  double v[2] = { 1.5, -2 };

  sw_trajectory_get_memory (tr, &stored, NULL, NULL);
  g_assert_cmpuint (stored, ==, 0);
  g_assert_cmpuint (sw_trajectory_get_n_rows (tr), ==, 0);
  g_assert_nonnull (sw_trajectory_get_column (tr, 1));
  sw_trajectory_append_row (tr, 0.25, v);
  g_assert_cmpuint (sw_trajectory_get_n_rows (tr), ==, 1);
  g_assert_cmpfloat (sw_trajectory_get_column (tr, 1)[0], ==, -2);
}

/* Rows wider than the CSV writer's batch (16 384 values) are cut across
 * batches: the text is still each row's values in order, "," between and
 * a line end after the last; built here value by value with
 * sw_format_number. */
static void
test_csv_wide_rows (void)
{
  const guint n_cols = 40000, n_rows = 5;
  g_autoptr (GStrvBuilder) nb = g_strv_builder_new ();
  g_autoptr (GStrvBuilder) ub = g_strv_builder_new ();
  g_autoptr (SwTrajectory) tr = NULL;
  g_autoptr (GString) want = g_string_new ("time");
  g_autofree double *row = g_new (double, n_cols);
  g_autofree char *dir = g_dir_make_tmp ("test-trajectory-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "wide.csv", NULL);
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  gsize length;
  char buf[SW_NUMBER_BUF_SIZE];

  for (guint c = 0; c < n_cols; c++)
    {
      g_autofree char *name = g_strdup_printf ("c%u.x", c);

      g_strv_builder_add (nb, name);
      g_strv_builder_add (ub, "m");
      g_string_append_printf (want, ",%s", name);
    }
  g_string_append_c (want, '\n');
  tr = sw_trajectory_new (g_strv_builder_end (nb), g_strv_builder_end (ub));
  for (guint r = 0; r < n_rows; r++)
    {
      double t = r / 3.0;

      g_string_append (want, sw_format_number (buf, t));
      for (guint c = 0; c < n_cols; c++)
        {
          row[c] = (c % 7 == 0) ? -(double) c / (r + 1) : c * 1e-3 + r;
          g_string_append_c (want, ',');
          g_string_append (want, sw_format_number (buf, row[c]));
        }
      g_string_append_c (want, '\n');
      sw_trajectory_append_row (tr, t, row);
    }
  g_assert_true (sw_trajectory_write_csv (tr, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &text, &length, NULL));
  g_assert_cmpmem (text, length, want->str, want->len);
  g_unlink (path);
  g_rmdir (dir);
}

static void
append_name (guint k, GString *into, gpointer data)
{
  g_string_append_printf (into, "part%u.var", k);
}

static void
count_destroy (gpointer data)
{
  (*(guint *) data)++;
}

/* A header whose names are formatted as it is written (in pieces of a
 * megabyte: 200 000 names are 2.6 MB) is the same text as one built from
 * the names beforehand; the names' data is destroyed once, when the header
 * is out. */
static void
test_csv_named_header (void)
{
  const guint n_cols = 200000;
  g_autoptr (GString) want = g_string_new ("x");
  g_autofree double *row = g_new0 (double, n_cols);
  g_autofree char *dir = g_dir_make_tmp ("test-trajectory-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "named.csv", NULL);
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (SwOutputFile) output = NULL;
  SwCsvWriter *w;
  guint destroyed = 0;
  gsize length;

  for (guint c = 0; c < n_cols; c++)
    {
      g_string_append_printf (want, ",part%u.var", c);
      row[c] = c % 3 == 0 ? -0.5 * c : 1e-3 * c;
    }
  g_string_append_c (want, '\n');
  for (guint r = 0; r < 3; r++)
    {
      char buf[SW_NUMBER_BUF_SIZE];

      g_string_append (want, sw_format_number (buf, r));
      for (guint c = 0; c < n_cols; c++)
        {
          g_string_append_c (want, ',');
          g_string_append (want, sw_format_number (buf, row[c] + r));
        }
      g_string_append_c (want, '\n');
    }
  output = sw_output_file_open (path, NULL, SW_OUTPUT_FILE_DEFAULT, &error);
  g_assert_no_error (error);
  w = sw_csv_writer_new_named (output, "x", n_cols, append_name, &destroyed, count_destroy);
  for (guint r = 0; r < 3; r++)
    {
      g_autofree double *values = g_new (double, n_cols);

      for (guint c = 0; c < n_cols; c++)
        values[c] = row[c] + r;
      g_assert_true (sw_csv_writer_add_row (w, r, values, &error));
      g_assert_no_error (error);
    }
  g_assert_true (sw_csv_writer_finish (w, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (destroyed, ==, 1);
  sw_csv_writer_free (w);
  g_assert_cmpuint (destroyed, ==, 1);
  g_assert_true (sw_output_file_commit (g_steal_pointer (&output), &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &text, &length, NULL));
  g_assert_cmpmem (text, length, want->str, want->len);
  g_unlink (path);
  g_rmdir (dir);

  /* A writer freed before its header is written destroys the data too. */
  destroyed = 0;
  w = sw_csv_writer_new_named (NULL, "x", 2, append_name, &destroyed, count_destroy);
  sw_csv_writer_free (w);
  g_assert_cmpuint (destroyed, ==, 1);
}

typedef struct {
  SwTrajectory *tr;
  guint         n;
} Writer;

static gpointer
write_rows (gpointer data)
{
  Writer *w = data;

  for (guint r = 0; r < w->n; r++)
    {
      double v[2] = { 2.0 * r, 3.0 * r };
      sw_trajectory_append_row (w->tr, r, v);
    }
  return NULL;
}

/* A sized trajectory is read by one thread while another appends: every
 * row below the published count is complete, and the columns never move. */
static void
test_read_while_written (void)
{
  const guint n = 2000000;
  g_autoptr (SwTrajectory) tr = two_columns (n);
  Writer w = { tr, n };
  const double *times = sw_trajectory_get_times (tr);
  const double *x = sw_trajectory_get_column (tr, 0);
  GThread *thread = g_thread_new ("writer", write_rows, &w);
  guint seen = 0, checks = 0;

  while (seen < n)
    {
      guint rows = sw_trajectory_get_n_rows (tr);

      g_assert_cmpuint (rows, >=, seen);
      if (rows > 0)
        {
          guint r = rows - 1;

          g_assert_cmpfloat (times[r], ==, r);
          g_assert_cmpfloat (x[r], ==, 2.0 * r);
          g_assert_cmpfloat (sw_trajectory_get_column (tr, 1)[r], ==, 3.0 * r);
          checks++;
        }
      seen = rows;
    }
  g_thread_join (thread);
  g_test_message ("%u reads while writing", checks);
  g_assert_true (sw_trajectory_get_times (tr) == times);
  g_assert_true (sw_trajectory_get_column (tr, 0) == x);
  g_assert_cmpfloat (sw_trajectory_interpolate (tr, 0, 10.5), ==, 21);
}

/* ---- Columns derived from states ---------------------------------------- */

#define MODEL(components, connections) \
  "{'format': 'shaftwork-model', 'version': 1, 'name': 'derived', 'components': [" components "], " \
  "'connections': [" connections "], 'simulation': {'stop_time': 1, 'output_interval': 0.004, 'tolerance': 1e-7}}"
#define COMP(id, kind, params) "{'id': '" id "', 'kind': '" kind "', 'params': {" params "}}"
#define WIRE(from, to) "{'from': '" from "', 'to': '" to "'}"

/* Massless nodes (an algebraic one between two springs, a first-order one
 * between a spring and a damper) with signal steps and pulses (events). */
static const char massless_events[] = MODEL (
  COMP ("torque", "rotational.torque",
        "'tau': {'pulse': {'amplitude': 30, 'width': 40, 'period': 0.17, 'offset': -5}}") ", "
  COMP ("inertia", "rotational.inertia", "'J': 0.2, 'phi0': 0.1, 'w0': 1") ", "
  COMP ("spring1", "rotational.spring", "'c': 100") ", "
  COMP ("spring2", "rotational.spring", "'c': 300") ", "
  COMP ("inertia2", "rotational.inertia", "'J': 0.5") ", "
  COMP ("spring3", "rotational.spring", "'c': 80") ", "
  COMP ("damper", "rotational.damper", "'d': 5") ", "
  COMP ("fixed", "rotational.fixed", "") ", "
  COMP ("step", "rotational.torque", "'tau': {'step': {'height': -4, 'offset': 1, 'start_time': 0.3}}"),
  WIRE ("torque.flange", "inertia.flange_a") ", "
  WIRE ("inertia.flange_b", "spring1.flange_a") ", "
  WIRE ("spring1.flange_b", "spring2.flange_a") ", "
  WIRE ("spring2.flange_b", "inertia2.flange_a") ", "
  WIRE ("inertia2.flange_b", "spring3.flange_a") ", "
  WIRE ("spring3.flange_b", "damper.flange_a") ", "
  WIRE ("damper.flange_b", "fixed.flange") ", "
  WIRE ("step.flange", "inertia2.flange_b"));

/* A nonlinear massless node: a quadratic drag on a node held by a damper. */
static const char massless_nonlinear[] = MODEL (
  COMP ("torque", "rotational.torque", "'tau': {'sine': {'amplitude': 5, 'freq_hz': 3}}") ", "
  COMP ("inertia", "rotational.inertia", "'J': 0.3, 'w0': 20") ", "
  COMP ("damper", "rotational.damper", "'d': 2") ", "
  COMP ("drag", "rotational.quadratic_speed_dependent_torque", "'tau_nominal': -3, 'w_nominal': 4, 'TorqueDirection': false"),
  WIRE ("torque.flange", "inertia.flange_a") ", "
  WIRE ("inertia.flange_b", "damper.flange_a") ", "
  WIRE ("damper.flange_b", "drag.flange"));

static SwSystem *
system_from_json (const char *json)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_data (json, -1, "test", &error);
  SwSystem *sys;

  g_assert_no_error (error);
  sys = sw_model_assemble (model, &error);
  g_assert_no_error (error);
  return sys;
}

static SwSystem *
system_from_file (const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_file (path, &error);
  SwSystem *sys;

  g_assert_no_error (error);
  sys = sw_model_assemble (model, &error);
  g_assert_no_error (error);
  return sys;
}

/* Every model the derived trajectories are checked on: the bundled
 * examples, the MSL references, and the two above. */
static GPtrArray *
test_systems (GPtrArray *names)
{
  GPtrArray *systems = g_ptr_array_new_with_free_func ((GDestroyNotify) sw_system_unref);
  const char *examples[] = { "fourbody.shaft", "first.shaft", "elastic-bearing.shaft", "rolling-wheel.shaft" };
  const char *msl[] = { "Damper.shaft", "First.shaft", "Oscillator.shaft", "SignConvention.shaft" };

  for (guint i = 0; i < G_N_ELEMENTS (examples); i++)
    {
      g_autofree char *path = sw_test_example_path (examples[i]);

      g_ptr_array_add (systems, system_from_file (path));
      g_ptr_array_add (names, g_strdup (examples[i]));
    }
  for (guint i = 0; i < G_N_ELEMENTS (msl); i++)
    {
      g_autofree char *path = g_build_filename (g_getenv ("SW_SOURCE_ROOT"), "tests", "data", "msl", msl[i], NULL);

      g_ptr_array_add (systems, system_from_file (path));
      g_ptr_array_add (names, g_strdup (msl[i]));
    }
  g_ptr_array_add (systems, system_from_json (massless_events));
  g_ptr_array_add (names, g_strdup ("massless with events"));
  g_ptr_array_add (systems, system_from_json (massless_nonlinear));
  g_ptr_array_add (names, g_strdup ("massless nonlinear"));
  return systems;
}

static gboolean
same_bits (double a, double b)
{
  return memcmp (&a, &b, sizeof a) == 0;
}

static void
assert_same_column (const double *a, const double *b, guint n, const char *what)
{
  for (guint r = 0; r < n; r++)
    if (!same_bits (a[r], b[r]))
      g_error ("%s, row %u: %.17g recorded, %.17g derived", what, r, a[r], b[r]);
}

/* A run recorded both ways: every column (and the times) the same bits,
 * made in an order unlike the run's; so is a second run that records
 * values only. */
static void
test_derived_exact (void)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) systems = test_systems (names);
  guint n_massless = 0, n_with_events = 0;

  for (guint i = 0; i < systems->len; i++)
    {
      SwSystem *sys = g_ptr_array_index (systems, i);
      SwSimulateOptions o = sw_simulate_options_from_system (sys);
      g_autoptr (GError) error = NULL;
      g_autoptr (SwTrajectory) derived = sw_simulate_new_trajectory (sys, &o, &error);
      g_autoptr (SwTrajectory) recorded = NULL;
      g_autoptr (SwTrajectory) alone = NULL;
      const char *name = g_ptr_array_index (names, i);
      guint n, n_cols, events = 0;

      g_assert_no_error (error);
      o.record_into = derived;
      recorded = sw_simulate (sys, &o, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      o.record_into = NULL;
      alone = sw_simulate (sys, &o, NULL, NULL, NULL, &error);
      g_assert_no_error (error);

      n = sw_trajectory_get_n_rows (recorded);
      n_cols = sw_trajectory_get_n_columns (recorded);
      g_assert_cmpuint (n, >, 10);
      g_assert_cmpuint (sw_trajectory_get_n_rows (derived), ==, n);
      g_assert_cmpuint (sw_trajectory_get_n_rows (alone), ==, n);
      g_assert_cmpuint (sw_trajectory_get_n_columns (derived), ==, n_cols);
      assert_same_column (sw_trajectory_get_times (recorded), sw_trajectory_get_times (derived), n, name);
      for (guint r = 1; r < n; r++)
        events += sw_trajectory_get_times (recorded)[r] == sw_trajectory_get_times (recorded)[r - 1];
      n_with_events += events > 0;
      n_massless += sw_system_get_n_massless (sys) > 0;
      /* Last column first: its own replay, then the others from the cursor
       * or their own. */
      for (guint k = 0; k < n_cols; k++)
        {
          guint c = (k * 7 + n_cols - 1) % n_cols;
          g_autofree char *what = g_strdup_printf ("%s: %s", name, sw_trajectory_get_column_name (recorded, c));

          g_assert_cmpstr (sw_trajectory_get_column_name (derived, c), ==,
                           sw_trajectory_get_column_name (recorded, c));
          g_assert_cmpstr (sw_trajectory_get_column_unit (derived, c), ==,
                           sw_trajectory_get_column_unit (recorded, c));
          assert_same_column (sw_trajectory_get_column (recorded, c), sw_trajectory_get_column (derived, c), n, what);
          assert_same_column (sw_trajectory_get_column (alone, c), sw_trajectory_get_column (derived, c), n, what);
        }
      g_test_message ("%s: %u rows, %u columns, %u events, %u massless coordinates, all the same bits", name, n,
                      n_cols, events, sw_system_get_n_massless (sys));
    }
  /* The checks covered what makes rows depend on more than their state. */
  g_assert_cmpuint (n_massless, >=, 2);
  g_assert_cmpuint (n_with_events, >=, 2);
}

/* Interpolation and CSV read the same from both. */
static void
test_derived_interpolate_csv (void)
{
  g_autoptr (SwSystem) sys = system_from_json (massless_events);
  SwSimulateOptions o = sw_simulate_options_from_system (sys);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwTrajectory) derived = sw_simulate_new_trajectory (sys, &o, &error);
  g_autoptr (SwTrajectory) recorded = NULL;
  g_autofree char *dir = g_dir_make_tmp ("sw-trajectory-XXXXXX", &error);
  g_autofree char *a = g_build_filename (dir, "recorded.csv", NULL);
  g_autofree char *b = g_build_filename (dir, "derived.csv", NULL);
  g_autofree char *text_a = NULL;
  g_autofree char *text_b = NULL;
  gsize len_a, len_b;
  const double ts[] = { 0, 0.0011, 0.3, 0.17 * 0.4, 0.17, 0.51, 0.73337, 0.999, 1, 2 };

  g_assert_no_error (error);
  o.record_into = derived;
  recorded = sw_simulate (sys, &o, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  for (guint c = 0; c < sw_trajectory_get_n_columns (recorded); c++)
    for (guint k = 0; k < G_N_ELEMENTS (ts); k++)
      g_assert_true (same_bits (sw_trajectory_interpolate (recorded, c, ts[k]),
                                sw_trajectory_interpolate (derived, c, ts[k])));
  /* The CSV of a trajectory nobody asked a column of, then of one whose
   * columns are all made. */
  g_assert_true (sw_trajectory_write_csv (recorded, a, &error));
  g_assert_no_error (error);
  sw_trajectory_set_cache_budget (derived, 0);
  g_assert_true (sw_trajectory_write_csv (derived, b, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (a, &text_a, &len_a, NULL));
  g_assert_true (g_file_get_contents (b, &text_b, &len_b, NULL));
  g_assert_cmpuint (len_a, >, 1000);
  g_assert_cmpmem (text_a, len_a, text_b, len_b);
  sw_test_remove_tree (dir);
}

/* Columns made together in one pass (a plot's curves) are those made one
 * at a time, to the bit: every other column, states and reactions mixed,
 * then all; once made, made again by nobody; of a trajectory that keeps
 * values, nothing to do. */
static void
test_derived_prepare (void)
{
  g_autoptr (SwSystem) sys = system_from_json (massless_events);
  SwSimulateOptions o = sw_simulate_options_from_system (sys);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwTrajectory) derived = sw_simulate_new_trajectory (sys, &o, &error);
  g_autoptr (SwTrajectory) recorded = NULL;
  guint n_cols, n = 0;
  g_autofree guint *columns = NULL;
  guint64 cached, cached_again;

  g_assert_no_error (error);
  o.record_into = derived;
  recorded = sw_simulate (sys, &o, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  n_cols = sw_trajectory_get_n_columns (recorded);
  g_assert_cmpuint (n_cols, >, 4);
  columns = g_new (guint, n_cols);
  for (guint c = 0; c < n_cols; c += 2)
    columns[n++] = c;
  sw_trajectory_prepare_columns (derived, columns, n);
  sw_trajectory_get_memory (derived, NULL, &cached, NULL);
  /* n columns of room for every row the run could make. */
  g_assert_cmpuint (cached % n, ==, 0);
  g_assert_cmpuint (cached / n, >=, (guint64) sw_trajectory_get_n_rows (recorded) * sizeof (double));
  for (guint k = 0; k < n; k++)
    {
      const double *made = sw_trajectory_get_column (derived, columns[k]);
      const double *kept = sw_trajectory_get_column (recorded, columns[k]);

      for (guint r = 0; r < sw_trajectory_get_n_rows (recorded); r++)
        g_assert_true (same_bits (made[r], kept[r]));
    }
  /* Again: nothing more made. */
  sw_trajectory_prepare_columns (derived, columns, n);
  sw_trajectory_get_memory (derived, NULL, &cached_again, NULL);
  g_assert_cmpuint (cached_again, ==, cached);
  /* All of them, those made already among them. */
  for (guint c = 0; c < n_cols; c++)
    columns[c] = c;
  sw_trajectory_prepare_columns (derived, columns, n_cols);
  for (guint c = 0; c < n_cols; c++)
    {
      const double *made = sw_trajectory_get_column (derived, c);
      const double *kept = sw_trajectory_get_column (recorded, c);

      for (guint r = 0; r < sw_trajectory_get_n_rows (recorded); r++)
        g_assert_true (same_bits (made[r], kept[r]));
    }
  sw_trajectory_prepare_columns (recorded, columns, n_cols);
}

typedef struct {
  SwSystem          *sys;
  SwSimulateOptions  o;
  SwTrajectory      *recorded;
  GError            *error;
} Run;

static gpointer
run_thread (gpointer data)
{
  Run *run = data;

  run->recorded = sw_simulate (run->sys, &run->o, NULL, NULL, NULL, &run->error);
  return NULL;
}

/* A run appends in a thread while this one reads the rows published so
 * far of a few columns, as a plot redraws a run filling in: every value
 * read is the reference's, the arrays never move, and the columns made
 * grow with the run. */
static void
test_derived_read_while_running (void)
{
  const char *const models[] = { massless_events, NULL };
  g_autoptr (SwSystem) sys = system_from_json (models[0]);
  g_autoptr (SwTrajectory) reference = NULL;
  g_autoptr (SwTrajectory) derived = NULL;
  g_autoptr (GError) error = NULL;
  SwSimulateOptions o = sw_simulate_options_from_system (sys);
  const char *watched[] = { "inertia.w", "spring2.tau", "damper.w_rel" };
  const double *arrays[G_N_ELEMENTS (watched)] = { NULL };
  int cols[G_N_ELEMENTS (watched)];
  guint reads = 0, growing_reads = 0, n, last = 0;
  Run run;
  GThread *thread;

  /* A longer run, so that reads meet it half way. */
  o.stop_time_s = 5;
  o.output_interval_s = 1e-4;
  reference = sw_simulate (sys, &o, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  n = sw_trajectory_get_n_rows (reference);
  derived = sw_simulate_new_trajectory (sys, &o, &error);
  g_assert_no_error (error);
  for (guint k = 0; k < G_N_ELEMENTS (watched); k++)
    {
      cols[k] = sw_trajectory_find_column (derived, watched[k]);
      g_assert_cmpint (cols[k], >=, 0);
    }
  run = (Run) { .sys = sys, .o = o };
  run.o.record_into = derived;
  run.o.discard_rows = TRUE;
  thread = g_thread_new ("run", run_thread, &run);
  while (last < n)
    {
      for (guint k = 0; k < G_N_ELEMENTS (watched); k++)
        {
          /* The column first, then the count: as the plot asks. */
          const double *y = sw_trajectory_get_column (derived, (guint) cols[k]);
          const double *ref = sw_trajectory_get_column (reference, (guint) cols[k]);
          guint rows = sw_trajectory_get_n_rows (derived);

          g_assert_true (arrays[k] == NULL || arrays[k] == y);
          arrays[k] = y;
          g_assert_cmpuint (rows, >=, last);
          g_assert_cmpuint (rows, <=, n);
          /* Two rows at the end and one in the middle. */
          for (guint r = rows > 2 ? rows - 2 : 0; r < rows; r++)
            g_assert_true (same_bits (y[r], ref[r]));
          if (rows > 0)
            g_assert_true (same_bits (y[rows / 2], ref[rows / 2]));
          /* An event's two rows come together. */
          if (rows > 0 && rows < n)
            g_assert_cmpfloat (sw_trajectory_get_times (reference)[rows], !=,
                               sw_trajectory_get_times (reference)[rows - 1]);
          growing_reads += rows > 0 && rows < n;
          last = rows;
          reads++;
        }
      if (run.recorded != NULL || run.error != NULL)
        {
          /* Ended: the rest is read once more. */
          g_thread_join (thread);
          thread = NULL;
          g_assert_no_error (run.error);
          break;
        }
    }
  if (thread != NULL)
    g_thread_join (thread);
  g_clear_pointer (&run.recorded, sw_trajectory_unref);
  g_assert_cmpuint (sw_trajectory_get_n_rows (derived), ==, n);
  for (guint k = 0; k < G_N_ELEMENTS (watched); k++)
    assert_same_column (sw_trajectory_get_column (reference, (guint) cols[k]),
                        sw_trajectory_get_column (derived, (guint) cols[k]), n, watched[k]);
  /* A column asked for only now is made from row 0. */
  for (guint c = 0; c < sw_trajectory_get_n_columns (derived); c += 5)
    assert_same_column (sw_trajectory_get_column (reference, c), sw_trajectory_get_column (derived, c), n,
                        sw_trajectory_get_column_name (derived, c));
  g_test_message ("%u reads, %u of a run still growing", reads, growing_reads);
  g_assert_cmpuint (growing_reads, >, 0);
}

/* Memory: times and states at 8 bytes a value; columns made
 * stay within the budget, dropping the one used longest ago, and come back
 * the same when asked for again; a column asked for within the keep time
 * is never dropped. */
static void
test_derived_cache (void)
{
  g_autofree char *path = sw_test_example_path ("fourbody.shaft");
  g_autoptr (SwSystem) sys = system_from_file (path);
  SwSimulateOptions o = sw_simulate_options_from_system (sys);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwTrajectory) derived = sw_simulate_new_trajectory (sys, &o, &error);
  g_autoptr (SwTrajectory) recorded = NULL;
  guint64 stored, cached;
  guint per_row, n, column;
  g_autofree double *first = NULL;

  g_assert_no_error (error);
  o.record_into = derived;
  recorded = sw_simulate (sys, &o, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  n = sw_trajectory_get_n_rows (derived);
  sw_trajectory_get_memory (derived, &stored, &cached, &per_row);
  g_assert_cmpuint (per_row, ==, 1 + sw_system_get_n_states (sys));
  g_assert_cmpuint (per_row, <, sw_trajectory_get_n_columns (derived) / 4);
  g_assert_cmpuint (cached, ==, 0);
  /* 8 bytes a value. */
  g_assert_cmpuint (stored, ==, (guint64) n * per_row * 8);
  sw_trajectory_get_memory (recorded, &stored, &cached, &per_row);
  g_assert_cmpuint (per_row, ==, 1 + sw_trajectory_get_n_columns (recorded));

  /* Room for two columns, none kept for its age. */
  _sw_trajectory_set_cache (derived, 2 * n * sizeof (double), 0);
  first = g_memdup2 (sw_trajectory_get_column (derived, 0), n * sizeof (double));
  for (column = 1; column < 6; column++)
    {
      sw_trajectory_get_column (derived, column);
      sw_trajectory_get_memory (derived, NULL, &cached, NULL);
      g_assert_cmpuint (cached, <=, 2 * n * sizeof (double));
      g_assert_cmpuint (cached, >, 0);
    }
  assert_same_column (first, sw_trajectory_get_column (derived, 0), n, "column 0 made again");
  assert_same_column (sw_trajectory_get_column (recorded, 0), first, n, "column 0");
  /* Kept for an hour whatever the budget: all of them stay. */
  _sw_trajectory_set_cache (derived, 0, (gint64) 3600 * G_USEC_PER_SEC);
  for (column = 0; column < 6; column++)
    sw_trajectory_get_column (derived, column);
  sw_trajectory_get_memory (derived, NULL, &cached, NULL);
  g_assert_cmpuint (cached, >=, 6 * n * sizeof (double));
  /* Budget 0, nothing kept: only the column asked for last stays. */
  _sw_trajectory_set_cache (derived, 0, 0);
  sw_trajectory_get_memory (derived, NULL, &cached, NULL);
  g_assert_cmpuint (cached, ==, 0);
  assert_same_column (sw_trajectory_get_column (recorded, 3), sw_trajectory_get_column (derived, 3), n, "column 3");
  sw_trajectory_get_memory (derived, NULL, &cached, NULL);
  g_assert_cmpuint (cached, ==, (guint64) sw_trajectory_get_n_rows (derived) * sizeof (double));
}

/* Rows asking only for state variables (SwKind.state_vars) are made
 * without accelerations and reactions: on every bundled example (friction,
 * stops, lossy gears, sources included) those columns are the bits of a
 * run that asks for every variable. */
static void
test_state_rows (void)
{
  g_autofree char *dir = g_build_filename (g_getenv ("SW_SOURCE_ROOT"), "data", "examples", NULL);
  g_autoptr (GDir) folder = g_dir_open (dir, 0, NULL);
  const char *file;
  guint n_examples = 0;

  g_assert_nonnull (folder);
  /* Examples in folders (marine/) use subsystems: the bundled ones here. */
  while ((file = g_dir_read_name (folder)) != NULL)
    if (g_str_has_suffix (file, ".shaft"))
      {
        g_autofree char *path = g_build_filename (dir, file, NULL);
        g_autoptr (SwSystem) sys = system_from_file (path);
        g_autoptr (GError) error = NULL;
        g_autoptr (SwModel) model = sw_model_new_from_file (path, &error);
        g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
        g_autoptr (SwTrajectory) fast = NULL, full = NULL;
        SwSimulateOptions o = sw_simulate_options_from_system (sys);

        g_assert_no_error (error);
        for (guint c = 0; c < sw_model_get_n_components (model); c++)
          {
            const SwComponent *component = sw_model_get_component (model, c);

            for (guint v = 0; v < component->kind->n_vars; v++)
              if (component->kind->state_vars & (1u << v))
                g_ptr_array_add (names, g_strdup_printf ("%s.%s", component->id, component->kind->vars[v].name));
          }
        g_ptr_array_add (names, NULL);
        o.output_interval_s = MAX (o.output_interval_s, o.stop_time_s / 2000);
        full = sw_simulate (sys, &o, NULL, NULL, NULL, &error);
        g_assert_no_error (error);
        o.variables = (const char *const *) names->pdata;
        fast = sw_simulate (sys, &o, NULL, NULL, NULL, &error);
        g_assert_no_error (error);
        g_assert_cmpuint (sw_trajectory_get_n_rows (fast), ==, sw_trajectory_get_n_rows (full));
        for (guint k = 0; k + 1 < names->len; k++)
          {
            const char *name = g_ptr_array_index (names, k);
            g_autofree char *what = g_strdup_printf ("%s: %s", file, name);

            assert_same_column (sw_trajectory_get_column (full, sw_trajectory_find_column (full, name)),
                                sw_trajectory_get_column (fast, sw_trajectory_find_column (fast, name)),
                                sw_trajectory_get_n_rows (full), what);
          }
        n_examples++;
      }
  g_assert_cmpuint (n_examples, >=, 12);
}

/* A wide trajectory finds its columns through an index: the same answers
 * as a search, the first of two equal names. */
static void
test_find_wide (void)
{
  g_autoptr (GStrvBuilder) names = g_strv_builder_new (), units = g_strv_builder_new ();
  g_autoptr (SwTrajectory) tr = NULL;

  for (guint c = 0; c < 200; c++)
    {
      g_autofree char *name = g_strdup_printf ("J%u.w", c % 150);

      g_strv_builder_add (names, name);
      g_strv_builder_add (units, "rad/s");
    }
  tr = sw_trajectory_new (g_strv_builder_end (names), g_strv_builder_end (units));
  for (guint c = 0; c < 150; c++)
    {
      g_autofree char *name = g_strdup_printf ("J%u.w", c);

      g_assert_cmpint (sw_trajectory_find_column (tr, name), ==, (int) c);
    }
  g_assert_cmpint (sw_trajectory_find_column (tr, "J150.w"), ==, -1);
  g_assert_cmpint (sw_trajectory_find_column (tr, ""), ==, -1);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/trajectory/find-wide", test_find_wide);
  g_test_add_func ("/core/trajectory/growth", test_growth);
  g_test_add_func ("/core/trajectory/empty-growable", test_empty_growable);
  g_test_add_func ("/core/trajectory/csv-wide-rows", test_csv_wide_rows);
  g_test_add_func ("/core/trajectory/csv-named-header", test_csv_named_header);
  g_test_add_func ("/core/trajectory/read-while-written", test_read_while_written);
  g_test_add_func ("/core/trajectory/derived/exact", test_derived_exact);
  g_test_add_func ("/core/trajectory/derived/interpolate-csv", test_derived_interpolate_csv);
  g_test_add_func ("/core/trajectory/derived/read-while-running", test_derived_read_while_running);
  g_test_add_func ("/core/trajectory/derived/cache", test_derived_cache);
  g_test_add_func ("/core/trajectory/derived/prepare", test_derived_prepare);
  g_test_add_func ("/core/trajectory/state-rows", test_state_rows);
  return g_test_run ();
}
