/* test-msl-reference.c: Modelica examples against the MSL reference results.
 *
 * Each simulated comparison signal, interpolated at the reference time stamps
 * (right limit at an event), must stay within 2e-3 * max|ref| of the
 * reference, the tolerance of the MSL regression itself; models whose
 * reference is known to be near-exact get a tighter bound.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>
#include <gio/gio.h>

#include "sw-model.h"
#include "sw-simulate.h"
#include "sw-system.h"

typedef struct {
  GStrv   names;      /* header, without quotes */
  GArray *rows;       /* doubles, row-major */
  guint   n_columns;
} Reference;

static void
reference_free (Reference *ref)
{
  g_strfreev (ref->names);
  g_array_unref (ref->rows);
  g_free (ref);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Reference, reference_free)

static char *
data_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "msl", name, NULL);
}

static Reference *
reference_load (const char *name)
{
  g_autofree char *file = g_strdup_printf ("%s.csv.gz", name);
  g_autofree char *path = data_path (file);
  g_autoptr (GFile) gfile = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  g_autoptr (GFileInputStream) raw = g_file_read (gfile, NULL, &error);
  g_autoptr (GZlibDecompressor) gz = NULL;
  g_autoptr (GInputStream) in = NULL;
  g_autoptr (GDataInputStream) data = NULL;
  Reference *ref = g_new0 (Reference, 1);
  char *line;

  g_assert_no_error (error);
  gz = g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP);
  in = g_converter_input_stream_new (G_INPUT_STREAM (raw), G_CONVERTER (gz));
  data = g_data_input_stream_new (in);
  ref->rows = g_array_new (FALSE, FALSE, sizeof (double));

  line = g_data_input_stream_read_line (data, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (line);
  g_strdelimit (line, "\"", ' ');
  ref->names = g_strsplit (line, ",", -1);
  for (guint k = 0; ref->names[k] != NULL; k++)
    g_strstrip (ref->names[k]);
  ref->n_columns = g_strv_length (ref->names);
  g_free (line);

  while ((line = g_data_input_stream_read_line (data, NULL, NULL, &error)) != NULL)
    {
      g_auto (GStrv) cells = g_strsplit (line, ",", -1);

      g_assert_cmpuint (g_strv_length (cells), ==, ref->n_columns);
      for (guint k = 0; k < ref->n_columns; k++)
        {
          double v = g_ascii_strtod (cells[k], NULL);
          g_array_append_val (ref->rows, v);
        }
      g_free (line);
    }
  g_assert_no_error (error);
  return ref;
}

static SwTrajectory *
simulate_example_tolerance (const char *name, double interval, double tolerance)
{
  g_autofree char *file = g_strdup_printf ("%s.shaft", name);
  g_autofree char *path = data_path (file);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_file (path, &error);
  g_autoptr (SwSystem) sys = NULL;
  SwSimulateOptions o;
  SwTrajectory *tr;

  g_assert_no_error (error);
  sys = sw_model_assemble (model, &error);
  g_assert_no_error (error);
  o = sw_simulate_options_from_system (sys);
  o.output_interval_s = interval;
  if (tolerance > 0)
    o.tolerance = tolerance;
  tr = sw_simulate (sys, &o, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return tr;
}

/* The instants with two rows (an event's left and right limit) before the
 * last time (where the reference repeats its final row). */
static GArray *
event_times (const double *times, guint n, guint stride)
{
  GArray *events = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint k = 1; k + 1 < n; k++)
    if (times[k * stride] == times[(k - 1) * stride] && times[k * stride] < times[(n - 1) * stride])
      g_array_append_val (events, times[k * stride]);
  return events;
}

static gboolean
near_event (const GArray *events, double t, double window)
{
  for (guint k = 0; k < events->len; k++)
    if (fabs (g_array_index (events, double, k) - t) <= window)
      return TRUE;
  return FALSE;
}

/* A friction element's mode and break-away marks: compared away from the
 * events only (an event a microsecond earlier or later flips them). */
static gboolean
is_discrete (const char *name)
{
  return g_str_has_suffix (name, ".mode") || g_str_has_suffix (name, ".startForward") ||
         g_str_has_suffix (name, ".startBackward") || g_str_has_suffix (name, ".locked");
}

/* Worst |ours - ref| / max|ref| over the comparison signals (only those
 * in columns, when it is not NULL), at the tolerance given (0: the
 * model's). */
static void
compare_columns (const char *name, const char *const *columns, double interval, double tolerance, double bound)
{
  g_autoptr (Reference) ref = reference_load (name);
  g_autoptr (SwTrajectory) tr = simulate_example_tolerance (name, interval, tolerance);
  guint n_rows = ref->rows->len / ref->n_columns;
  const double *r = (const double *) ref->rows->data;
  g_autoptr (GArray) ref_events = event_times (r, n_rows, ref->n_columns);
  g_autoptr (GArray) our_events = event_times (sw_trajectory_get_times (tr), sw_trajectory_get_n_rows (tr), 1);
  double worst = 0;

  g_assert_cmpstr (ref->names[0], ==, "time");
  for (guint c = 1; c < ref->n_columns; c++)
    {
      int col = sw_trajectory_find_column (tr, ref->names[c]);
      gboolean discrete = is_discrete (ref->names[c]);
      double max_ref = 0, max_err = 0;

      if (columns != NULL && !g_strv_contains (columns, ref->names[c]))
        continue;
      if (col < 0)
        g_error ("%s: the simulation has no column %s", name, ref->names[c]);
      for (guint k = 0; k < n_rows; k++)
        max_ref = MAX (max_ref, fabs (r[k * ref->n_columns + c]));
      for (guint k = 0; k < n_rows; k++)
        {
          double t = r[k * ref->n_columns];
          double ours = sw_trajectory_interpolate (tr, col, t);

          /* A discrete signal flips, and a speed may jump (a hard stop), at
           * an event: compared away from the events only (1e-6 s, the
           * agreement the reference itself can give). */
          if (near_event (ref_events, t, discrete ? 1e-5 : 1e-6) || near_event (our_events, t, discrete ? 1e-5 : 1e-6))
            continue;
          max_err = MAX (max_err, fabs (ours - r[k * ref->n_columns + c]));
        }
      g_test_message ("%s %s: max error %.3g = %.3g of max|ref| %.6g", name, ref->names[c], max_err,
                      max_err / MAX (max_ref, 1e-300), max_ref);
      worst = MAX (worst, max_err / MAX (max_ref, 1e-300));
      g_assert_cmpfloat (max_err, <=, (discrete ? 0 : bound) * max_ref);
    }
  g_test_message ("%s: worst relative error %.3g (bound %.3g)", name, worst, bound);
}

static void
compare (const char *name, double interval, double bound)
{
  compare_columns (name, NULL, interval, 0, bound);
}

/* Every event of the reference is one of ours within window, and every one
 * of ours one of the reference's. */
static void
compare_events (const char *name, double interval, double tolerance, double window)
{
  g_autoptr (Reference) ref = reference_load (name);
  g_autoptr (SwTrajectory) tr = simulate_example_tolerance (name, interval, tolerance);
  guint n_rows = ref->rows->len / ref->n_columns;
  g_autoptr (GArray) ref_events = event_times ((const double *) ref->rows->data, n_rows, ref->n_columns);
  g_autoptr (GArray) our_events = event_times (sw_trajectory_get_times (tr), sw_trajectory_get_n_rows (tr), 1);

  for (guint k = 0; k < ref_events->len; k++)
    {
      double t = g_array_index (ref_events, double, k);

      g_test_message ("%s: reference event at %.10g s", name, t);
      /* Dymola breaks away in two events (start, then the sliding mode once
       * the speed has left 0): the second, microseconds later, is the same
       * event here. */
      if (k > 0 && t - g_array_index (ref_events, double, k - 1) < 1e-5)
        continue;
      /* Dymola starts a lossy gear stuck and breaks it away at its first
       * step (4.75e-11 s in LossyGearDemo1); ours settles its modes at
       * t = 0 itself. */
      if (t < 1e-9)
        continue;
      if (!near_event (our_events, t, window))
        g_error ("%s: no event within %g s of the reference's at %.10g s", name, window, t);
    }
  for (guint k = 0; k < our_events->len; k++)
    {
      double t = g_array_index (our_events, double, k);

      g_test_message ("%s: event at %.10g s", name, t);
      if (!near_event (ref_events, t, window))
        g_error ("%s: an event at %.10g s that the reference does not have", name, t);
    }
}

/* Our events within window of t: the left row of the first (right
 * FALSE) or the right row of the last (ours may be two events a
 * picosecond apart, as Dymola's are microseconds); -1 when there is none. */
static int
our_event_row (const double *times, guint n, double t, double window, gboolean right)
{
  int found = -1;

  for (guint k = 1; k < n; k++)
    if (times[k] == times[k - 1] && fabs (times[k] - t) <= window)
      {
        if (!right)
          return (int) k - 1;
        while (k + 1 < n && times[k + 1] == times[k])
          k++;
        found = (int) k;
      }
  return found;
}

static gboolean
same_component (const char *a, const char *b)
{
  const char *dot = strrchr (a, '.');

  return dot != NULL && strncmp (a, b, dot - a + 1) == 0 && strchr (b + (dot - a) + 1, '.') == NULL;
}

/* The mode columns (mode, startForward, startBackward, locked) on the
 * event rows against the reference's, value for value. Dymola takes some
 * changes in two events microseconds apart (a break-away: the start at
 * w_rel = 0, then the sliding mode once w_rel has left 0; a reversal
 * through 0, unless round-off has already given w_rel the new sign): ours
 * is one event. So over a cluster of the reference's events (less than
 * 1e-5 s apart): our left row is its first left limit, our right row one of
 * its right limits (all of an element's mode columns from the same row),
 * and our next row its last right limit. */
static void
compare_event_rows (const char *name, double interval, double tolerance, double window)
{
  g_autoptr (Reference) ref = reference_load (name);
  g_autoptr (SwTrajectory) tr = simulate_example_tolerance (name, interval, tolerance);
  guint n_rows = ref->rows->len / ref->n_columns, n_ours = sw_trajectory_get_n_rows (tr), n_compared = 0;
  guint nc = ref->n_columns;
  const double *r = (const double *) ref->rows->data, *times = sw_trajectory_get_times (tr);
  double stop = r[(n_rows - 1) * nc];
  g_autoptr (GArray) rights = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint k = 1; k < n_rows; k++)
    {
      double t = r[k * nc];
      guint first = k - 1, last = k;
      int left, right;

      if (t != r[(k - 1) * nc] || t == stop)
        continue;
      /* The cluster: each event's last row (its right limit). */
      g_array_set_size (rights, 0);
      for (;;)
        {
          guint next;

          while (last + 1 < n_rows && r[(last + 1) * nc] == r[last * nc])
            last++;
          g_array_append_val (rights, last);
          for (next = last + 1; next + 1 < n_rows && r[(next + 1) * nc] != r[next * nc]
                                && r[next * nc] - r[last * nc] < 1e-5;)
            next++;
          if (next + 1 >= n_rows || r[(next + 1) * nc] != r[next * nc] || r[next * nc] - r[last * nc] >= 1e-5
              || r[next * nc] == stop)
            break;
          last = next + 1;
        }
      k = last;
      /* Dymola's lossy gear breaks away at its first step (see above). */
      if (t < 1e-9)
        continue;
      left = our_event_row (times, n_ours, t, window, FALSE);
      right = our_event_row (times, n_ours, t, window, TRUE);
      if (left < 0)
        g_error ("%s: no event within %g s of the reference's at %.10g s", name, window, t);
      for (guint c = 1; c < nc; c++)
        {
          int col = sw_trajectory_find_column (tr, ref->names[c]);
          const double *ours;
          gboolean found = FALSE;

          if (!is_discrete (ref->names[c]))
            continue;
          g_assert_cmpint (col, >=, 0);
          ours = sw_trajectory_get_column (tr, col);
          if (ours[left] != r[first * nc + c])
            g_error ("%s: %s at the event at %.10g s: left limit %g, the reference's %g", name, ref->names[c], t,
                     ours[left], r[first * nc + c]);
          /* One right limit for all of the element's mode columns. */
          for (guint j = 0; j < rights->len && !found; j++)
            {
              guint row = g_array_index (rights, guint, j);

              found = TRUE;
              for (guint d = 1; d < nc; d++)
                if (is_discrete (ref->names[d]) && same_component (ref->names[c], ref->names[d]))
                  found &= sw_trajectory_get_column (tr, sw_trajectory_find_column (tr, ref->names[d]))[right]
                           == r[row * nc + d];
            }
          if (!found)
            g_error ("%s: %s at the event at %.10g s: right limit %g; the element's mode columns match none of "
                     "the reference's right limits there (its last: %g)", name, ref->names[c], t, ours[right],
                     r[last * nc + c]);
          if (right + 1 < (int) n_ours && ours[right + 1] != r[last * nc + c])
            g_error ("%s: %s after the event at %.10g s: %g, the reference's %g", name, ref->names[c], t,
                     ours[right + 1], r[last * nc + c]);
          n_compared += 3;
        }
    }
  g_test_message ("%s: %u mode values compared on and after event rows", name, n_compared);
  g_assert_cmpuint (n_compared, >, 0);
}

/* Rotational First: the reference itself drifts 4e-4 in inertia3.w. */
static void
test_first (void)
{
  compare ("First", 0.0005, 1e-3);
}

/* Oscillator: the reference's mass1.v is 3.6e-4 of max off the closed form
 * (checked below), so the bound here is the MSL one. */
static void
test_oscillator (void)
{
  compare ("Oscillator", 0.0005, 2e-3);
}

/* Undamped mass1 forced near resonance: x = F/(m (wn^2 - w^2)) (sin wt - w/wn sin wn t).
 * The integrator's error follows its tolerance (the model's 1e-6 gives
 * about 1e-6), so this check asks for the tolerance its bounds need. */
static void
test_oscillator_closed_form (void)
{
  g_autoptr (SwTrajectory) tr = simulate_example_tolerance ("Oscillator", 0.001, 1e-11);
  int s = sw_trajectory_find_column (tr, "mass1.s"), v = sw_trajectory_find_column (tr, "mass1.v");
  const double *t = sw_trajectory_get_times (tr);
  double w = 2 * G_PI * 15.9155, wn = 100, k = 1 / (wn * wn - w * w);

  g_assert_cmpint (s, >=, 0);
  g_assert_cmpint (v, >=, 0);
  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    {
      double x = k * (sin (w * t[r]) - w / wn * sin (wn * t[r]));
      double xd = k * w * (cos (w * t[r]) - cos (wn * t[r]));

      g_assert_cmpfloat_with_epsilon (sw_trajectory_get_column (tr, s)[r], -0.5 + x, 1e-9);
      g_assert_cmpfloat_with_epsilon (sw_trajectory_get_column (tr, v)[r], xd, 1e-8);
    }
}

static void
test_damper (void)
{
  compare ("Damper", 0.0005, 1e-4);
}

/* damper1.s_rel = 1 - 0.4 (1 - exp(-25 t)), v_rel = -10 exp(-25 t); the
 * spring+damper pair and the spring_damper are the same element. At the
 * tolerance these bounds need (the error follows the tolerance). */
static void
test_damper_closed_form (void)
{
  g_autoptr (SwTrajectory) tr = simulate_example_tolerance ("Damper", 0.001, 1e-11);
  int s = sw_trajectory_find_column (tr, "damper1.s_rel"), v = sw_trajectory_find_column (tr, "damper1.v_rel");
  int s2 = sw_trajectory_find_column (tr, "damper2.s_rel"), s3 = sw_trajectory_find_column (tr, "springDamper3.s_rel");
  const double *t = sw_trajectory_get_times (tr);

  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    {
      g_assert_cmpfloat_with_epsilon (sw_trajectory_get_column (tr, s)[r], 1 - 0.4 * (1 - exp (-25 * t[r])), 1e-8);
      g_assert_cmpfloat_with_epsilon (sw_trajectory_get_column (tr, v)[r], -10 * exp (-25 * t[r]), 1e-7);
      g_assert_cmpfloat_with_epsilon (sw_trajectory_get_column (tr, s2)[r], sw_trajectory_get_column (tr, s3)[r], 1e-12);
    }
}

static void
test_sign_convention (void)
{
  compare ("SignConvention", 0.0005, 1e-6);
}

/* Rotational Friction: a clutch and a brake sticking and slipping. */
static void
test_friction (void)
{
  compare ("Friction", 0.0005, 1e-3);
}

/* Its events: the clutch slips, sticks, breaks away, sticks; the brake
 * engages at 0.5 s and sticks; the clutch finally sticks. The converged
 * solution (tolerance 1e-10; 1e-8 gives the same instants to 1e-8 s) puts
 * the last one 1.7e-6 s after the reference's, whose own tolerance is 1e-6:
 * hence the window of 2e-6 s. */
static void
test_friction_events (void)
{
  compare_events ("Friction", 0.0005, 1e-10, 2e-6);
}

/* The modes on the event rows: Modelica's left and right limits. */
static void
test_friction_event_rows (void)
{
  compare_event_rows ("Friction", 0.0005, 1e-10, 2e-6);
}

/* Stuck is a rigid lock: the relative speed is exactly 0 on every row of a
 * stuck phase (an event's left limit still belongs to the phase before). */
static void
test_friction_stuck_exact (void)
{
  g_autoptr (SwTrajectory) tr = simulate_example_tolerance ("Friction", 0.0005, 0);
  const char *const parts[][2] = { { "clutch.mode", "clutch.w_rel" }, { "brake.mode", "brake.w" } };
  const double *t = sw_trajectory_get_times (tr);
  guint n = sw_trajectory_get_n_rows (tr);

  for (guint p = 0; p < G_N_ELEMENTS (parts); p++)
    {
      const double *mode = sw_trajectory_get_column (tr, sw_trajectory_find_column (tr, parts[p][0]));
      const double *w = sw_trajectory_get_column (tr, sw_trajectory_find_column (tr, parts[p][1]));
      guint stuck_rows = 0;

      for (guint r = 0; r < n; r++)
        {
          gboolean left = r + 1 < n && t[r + 1] == t[r];

          if (mode[r] == 0 && !left)
            {
              g_assert_cmpfloat (w[r], ==, 0);
              stuck_rows++;
            }
        }
      g_assert_cmpuint (stuck_rows, >, 1000);
    }
}

/* Rotational Backlash: a spring-damper and an elasto-backlash, each on an
 * inertia swinging from pi/2. */
static void
test_backlash (void)
{
  compare ("Backlash", 0.0005, 1e-3);
}

/* The backlash never pulls (its torque has the sign of the stretch beyond
 * the play, or is 0) and never gives energy back through its damping. */
static void
test_backlash_laws (void)
{
  g_autoptr (SwTrajectory) tr = simulate_example_tolerance ("Backlash", 0.0005, 0);
  const double *rel = sw_trajectory_get_column (tr, sw_trajectory_find_column (tr, "elastoBacklash.phi_rel"));
  const double *tau = sw_trajectory_get_column (tr, sw_trajectory_find_column (tr, "elastoBacklash.tau"));
  const double *loss = sw_trajectory_get_column (tr, sw_trajectory_find_column (tr, "elastoBacklash.lossPower"));
  guint pressing = 0;

  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    {
      double beyond = fabs (rel[r]) - G_PI / 8;

      g_assert_cmpfloat (tau[r] * rel[r], >=, 0);
      g_assert_cmpfloat (loss[r], >=, 0);
      if (beyond <= 0)
        g_assert_cmpfloat (tau[r], ==, 0);
      else if (tau[r] != 0)
        pressing++;
    }
  g_assert_cmpuint (pressing, >, 100);
}

/* Its events. Where the teeth meet or part (phi_rel = +-b/2) the
 * reference's events are ours within 2e-6 s (its own drift: ours converge
 * to 5e-9 s at tolerance 1e-8 and 1e-10). Where the damping would pull
 * (tau_c + tau_d = 0, the contact goes free before the teeth part) the
 * reference's instants do not follow its own trajectory (its torque is
 * already 0 there, 1.6e-4 s after ours), so ours are checked against the
 * law instead: the torque is 0 on both sides of each such event. */
static void
test_backlash_events (void)
{
  g_autoptr (Reference) ref = reference_load ("Backlash");
  g_autoptr (SwTrajectory) tr = simulate_example_tolerance ("Backlash", 0.0005, 1e-10);
  guint n_rows = ref->rows->len / ref->n_columns, n = sw_trajectory_get_n_rows (tr), geometric = 0;
  g_autoptr (GArray) ref_events = event_times ((const double *) ref->rows->data, n_rows, ref->n_columns);
  g_autoptr (GArray) our_events = event_times (sw_trajectory_get_times (tr), n, 1);
  const double *rows = (const double *) ref->rows->data, *t = sw_trajectory_get_times (tr);
  const double *phi = sw_trajectory_get_column (tr, sw_trajectory_find_column (tr, "elastoBacklash.phi_rel"));
  const double *tau = sw_trajectory_get_column (tr, sw_trajectory_find_column (tr, "elastoBacklash.tau"));
  guint c_phi = 0;
  double half = G_PI / 8, scale = 0;

  while (g_strcmp0 (ref->names[c_phi], "elastoBacklash.phi_rel") != 0)
    c_phi++;
  for (guint r = 1; r < n_rows; r++)
    if (rows[r * ref->n_columns] == rows[(r - 1) * ref->n_columns]
        && fabs (fabs (rows[r * ref->n_columns + c_phi]) - half) < 1e-6
        && rows[r * ref->n_columns] < rows[(n_rows - 1) * ref->n_columns])
      {
        double te = rows[r * ref->n_columns];

        g_test_message ("Backlash: reference event at %.10g s, teeth at the play's end", te);
        if (!near_event (our_events, te, 2e-6))
          g_error ("Backlash: no event within 2e-6 s of the reference's at %.10g s", te);
        geometric++;
      }
  g_assert_cmpuint (geometric, >=, 20);
  for (guint r = 0; r < n; r++)
    scale = MAX (scale, fabs (tau[r]));
  for (guint r = 1; r + 1 < n; r++)
    if (t[r] == t[r - 1] && fabs (fabs (phi[r]) - half) > 1e-9)
      {
        g_test_message ("Backlash: event at %.10g s, the damping cancels the spring", t[r]);
        g_assert_cmpfloat (fabs (tau[r - 1]), <=, 1e-9 * scale);
        g_assert_cmpfloat (fabs (tau[r]), <=, 1e-9 * scale);
      }
  g_assert_cmpuint (our_events->len, >=, geometric);
}

/* Translational Friction: masses with hard stops and Stribeck friction
 * (stop2 hits its stop at 0.0606 s, bounces on its spring and sticks at
 * s = -0.2475158) and a mass on support friction with a 50-point Stribeck
 * table. */
static void
test_translational_friction (void)
{
  compare ("TranslationalFriction", 0.0005, 1e-3);
}

/* Its events. Ours converge (tolerance 1e-10 and 1e-12 agree to 3e-9 s);
 * the reference's reversals after 2.4 s lie up to 4.5e-6 s before them
 * (its own tolerance 1e-6 over 2.4 s of sliding): a window of 5e-6 s. */
static void
test_translational_friction_events (void)
{
  compare_events ("TranslationalFriction", 0.0005, 1e-10, 5e-6);
}

static void
test_translational_friction_event_rows (void)
{
  compare_event_rows ("TranslationalFriction", 0.0005, 1e-10, 5e-6);
}

static void
test_lossy_gear_event_rows (void)
{
  compare_event_rows ("LossyGearDemo1", 0.0005, 1e-10, 1e-6);
}

/* LossyGearDemo1: a gear of efficiency 0.5 rolls backward, sticks, rolls
 * forward, sticks and rolls backward again. */
static void
test_lossy_gear (void)
{
  compare ("LossyGearDemo1", 0.0005, 1e-3);
}

/* Its events: tolerance 1e-8 and 1e-10 put them within 3e-8 s of the
 * reference's. */
static void
test_lossy_gear_events (void)
{
  compare_events ("LossyGearDemo1", 0.0005, 1e-10, 1e-6);
}

/* Its laws: the power going in is never negative and is all lost; stuck,
 * the gear does not turn; rolling, tauLoss follows the quadrant's law
 * (efficiency 0.5 both ways, no bearing friction: tauLoss = 0.5
 * flange_a.tau with the input driving, -flange_a.tau with the output). */
static void
test_lossy_gear_laws (void)
{
  g_autoptr (SwTrajectory) tr = simulate_example_tolerance ("LossyGearDemo1", 0.0005, 0);
  const double *t = sw_trajectory_get_times (tr);
  const double *mode = sw_trajectory_get_column (tr, sw_trajectory_find_column (tr, "gear.mode"));
  const double *w = sw_trajectory_get_column (tr, sw_trajectory_find_column (tr, "gear.w_a"));
  const double *tau_a = sw_trajectory_get_column (tr, sw_trajectory_find_column (tr, "gear.flange_a.tau"));
  const double *loss = sw_trajectory_get_column (tr, sw_trajectory_find_column (tr, "gear.tauLoss"));
  const double *power = sw_trajectory_get_column (tr, sw_trajectory_find_column (tr, "gear.power"));
  guint n = sw_trajectory_get_n_rows (tr), rolling = 0, stuck = 0;

  for (guint r = 0; r < n; r++)
    {
      gboolean left = r + 1 < n && t[r + 1] == t[r];

      g_assert_cmpfloat (power[r], >=, -1e-12);
      if (left)
        continue;
      if (mode[r] == 0)
        {
          g_assert_cmpfloat (w[r], ==, 0);
          stuck++;
        }
      else
        {
          double law = tau_a[r] * mode[r] >= 0 ? 0.5 * tau_a[r] : -tau_a[r];

          g_assert_cmpfloat (fabs (loss[r] - law), <=, 1e-12 * (1 + fabs (tau_a[r])));
          g_assert_cmpfloat (w[r] * mode[r], >=, 0);
          rolling++;
        }
    }
  g_assert_cmpuint (stuck, >, 300);
  g_assert_cmpuint (rolling, >, 300);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/msl-reference/rotational/first", test_first);
  g_test_add_func ("/core/msl-reference/rotational/backlash", test_backlash);
  g_test_add_func ("/core/msl-reference/rotational/backlash-laws", test_backlash_laws);
  g_test_add_func ("/core/msl-reference/rotational/backlash-events", test_backlash_events);
  g_test_add_func ("/core/msl-reference/rotational/friction", test_friction);
  g_test_add_func ("/core/msl-reference/rotational/friction-events", test_friction_events);
  g_test_add_func ("/core/msl-reference/rotational/friction-stuck-exact", test_friction_stuck_exact);
  g_test_add_func ("/core/msl-reference/rotational/friction-event-rows", test_friction_event_rows);
  g_test_add_func ("/core/msl-reference/rotational/lossy-gear", test_lossy_gear);
  g_test_add_func ("/core/msl-reference/rotational/lossy-gear-events", test_lossy_gear_events);
  g_test_add_func ("/core/msl-reference/rotational/lossy-gear-laws", test_lossy_gear_laws);
  g_test_add_func ("/core/msl-reference/rotational/lossy-gear-event-rows", test_lossy_gear_event_rows);
  g_test_add_func ("/core/msl-reference/translational/friction", test_translational_friction);
  g_test_add_func ("/core/msl-reference/translational/friction-events", test_translational_friction_events);
  g_test_add_func ("/core/msl-reference/translational/friction-event-rows", test_translational_friction_event_rows);
  g_test_add_func ("/core/msl-reference/translational/oscillator", test_oscillator);
  g_test_add_func ("/core/msl-reference/translational/oscillator-closed-form", test_oscillator_closed_form);
  g_test_add_func ("/core/msl-reference/translational/damper", test_damper);
  g_test_add_func ("/core/msl-reference/translational/damper-closed-form", test_damper_closed_form);
  g_test_add_func ("/core/msl-reference/translational/sign-convention", test_sign_convention);
  return g_test_run ();
}
