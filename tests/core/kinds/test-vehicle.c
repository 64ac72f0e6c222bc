/* test-vehicle.c: a vehicle launch (data/examples/vehicle-launch.shaft:
 * engine, clutch, lossy gear, propeller shaft, final drive, brake, wheel,
 * 1500 kg), the drivetrain the product is for, with a lossy gear and with a
 * gearbox (lossy gear and elasto-backlash): the order of the file changes
 * nothing, every tolerance runs through, and the energy balances.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>
#include <json-glib/json-glib.h>

#include "sw-model.h"
#include "sw-simulate.h"
#include "sw-system.h"
#include "sw-test-files.h"
#include "sw-test-run.h"

/* The example's text; with_gearbox: its lossy gear a gearbox with an
 * elastic output and play. */
static JsonNode *
vehicle_json (gboolean with_gearbox)
{
  g_autofree char *path = sw_test_example_path ("vehicle-launch.shaft");
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  JsonArray *components;

  json_parser_load_from_file (parser, path, &error);
  g_assert_no_error (error);
  components = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)), "components");
  for (guint i = 0; with_gearbox && i < json_array_get_length (components); i++)
    {
      JsonObject *c = json_array_get_object_element (components, i), *params;

      if (!g_str_equal (json_object_get_string_member (c, "id"), "gearbox"))
        continue;
      params = json_object_get_object_member (c, "params");
      json_object_set_string_member (c, "kind", "rotational.gearbox");
      json_object_set_double_member (params, "c", 1e5);
      json_object_set_double_member (params, "d", 50);
      json_object_set_double_member (params, "b", 0.01);
    }
  return json_node_copy (json_parser_get_root (parser));
}

/* Fisher-Yates over a JSON array, in place. */
static void
shuffle (JsonArray *array, GRand *rand)
{
  guint n = json_array_get_length (array);
  g_autoptr (GPtrArray) nodes = g_ptr_array_new_with_free_func ((GDestroyNotify) json_node_unref);

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (nodes, json_array_dup_element (array, i));
  for (guint i = n; i > 1; i--)
    {
      guint j = g_rand_int_range (rand, 0, (gint32) i);
      gpointer tmp = nodes->pdata[i - 1];

      nodes->pdata[i - 1] = nodes->pdata[j];
      nodes->pdata[j] = tmp;
    }
  for (guint i = n; i-- > 0;)
    json_array_remove_element (array, i);
  for (guint i = 0; i < n; i++)
    json_array_add_element (array, json_node_ref (nodes->pdata[i]));
}

/* The model's text with its components and connections in a random order
 * and each connection's ends swapped at random (seed 0: as it is). */
static char *
permuted_text (JsonNode *root, guint32 seed)
{
  g_autoptr (JsonNode) copy = json_node_copy (root);
  JsonObject *model = json_node_get_object (copy);
  JsonArray *connections = json_object_get_array_member (model, "connections");
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);

  if (seed > 0)
    {
      shuffle (json_object_get_array_member (model, "components"), rand);
      shuffle (connections, rand);
      for (guint i = 0; i < json_array_get_length (connections); i++)
        if (g_rand_boolean (rand))
          {
            JsonObject *c = json_array_get_object_element (connections, i);
            g_autofree char *from = g_strdup (json_object_get_string_member (c, "from"));

            json_object_set_string_member (c, "from", json_object_get_string_member (c, "to"));
            json_object_set_string_member (c, "to", from);
          }
    }
  return json_to_string (copy, FALSE);
}

static void
log_change (double t, const char *id, int old_mode, int new_mode, gpointer data)
{
  g_string_append_printf (data, "%.17g %s %d %d\n", t, id, old_mode, new_mode);
}

/* A run of text (its own settings, or this output interval and
 * tolerance), its event log into events. (Not the tolerance in the text:
 * json-glib 1.6 writes 1e-10 as "1e-10.0", which it cannot read.) */
static SwTrajectory *
run (const char *text, double interval, double tolerance, GString *events)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_data (text, -1, "vehicle.shaft", &error);
  g_autoptr (SwSystem) sys = NULL;
  SwSimulateOptions o;
  SwTrajectory *tr;

  g_assert_no_error (error);
  sys = sw_model_assemble (model, &error);
  g_assert_no_error (error);
  o = sw_simulate_options_from_system (sys);
  if (interval > 0)
    o.output_interval_s = interval;
  if (tolerance > 0)
    o.tolerance = tolerance;
  o.on_mode_change = log_change;
  o.on_mode_change_data = events;
  tr = sw_simulate (sys, &o, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return tr;
}

static int
compare_lines (gconstpointer a, gconstpointer b, gpointer unused)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* A log's lines sorted: the changes at one instant are listed in the
 * file's order. */
static char *
sorted_lines (const char *log)
{
  g_auto (GStrv) lines = g_strsplit (log, "\n", -1);

  g_qsort_with_data (lines, (gint) g_strv_length (lines), sizeof (char *), compare_lines, NULL);
  return g_strjoinv ("\n", lines);
}

/* Components, connections and their ends in n random orders: the same
 * events at the same instants and the same trajectories, bit for bit (the
 * parts are assembled in the order of their ids). */
static void
check_permutations (gboolean with_gearbox, guint32 n)
{
  g_autoptr (JsonNode) root = vehicle_json (with_gearbox);
  g_autofree char *text = permuted_text (root, 0);
  g_autoptr (GString) events = g_string_new (NULL);
  g_autoptr (SwTrajectory) reference = run (text, 0, 0, events);
  g_autofree char *sorted = sorted_lines (events->str);

  g_assert_nonnull (strstr (events->str, " clutch 2 -1\n"));   /* free → backward: it slips */
  g_assert_nonnull (strstr (events->str, " clutch -1 0\n"));   /* and locks */
  g_assert_nonnull (strstr (events->str, " brake 1 0\n"));     /* the brake holds the car */
  for (guint32 seed = 1; seed <= n; seed++)
    {
      g_autofree char *permuted = permuted_text (root, seed);
      g_autoptr (GString) permuted_events = g_string_new (NULL);
      g_autoptr (SwTrajectory) tr = run (permuted, 0, 0, permuted_events);
      g_autofree char *permuted_sorted = sorted_lines (permuted_events->str);

      g_assert_cmpstr (permuted_sorted, ==, sorted);
      g_assert_cmpuint (sw_trajectory_get_n_rows (tr), ==, sw_trajectory_get_n_rows (reference));
      g_assert_cmpmem (sw_trajectory_get_times (tr), sw_trajectory_get_n_rows (tr) * sizeof (double),
                       sw_trajectory_get_times (reference), sw_trajectory_get_n_rows (tr) * sizeof (double));
      sw_test_assert_same_run (tr, reference, NULL, 0, 0);
    }
}

static void
test_permutations_lossy_gear (void)
{
  check_permutations (FALSE, 24);
}

static void
test_permutations_gearbox (void)
{
  check_permutations (TRUE, 8);
}

/* The mode changes of a log, without their instants, sorted (the brake
 * holding and the gear turning back as the car stops are 4e-7 s apart,
 * in an order that depends on the tolerance). */
static char *
changes_of (const char *log)
{
  g_auto (GStrv) lines = g_strsplit (log, "\n", -1);
  GString *s = g_string_new (NULL);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *space = strchr (lines[i], ' ');

      if (space != NULL)
        g_string_append_printf (s, "%s\n", space + 1);
    }
  {
    g_autofree char *lines_only = g_string_free (s, FALSE);

    return sorted_lines (lines_only);
  }
}

/* Tolerances 1e-4 … 1e-10 all run to the end, through the same mode
 * changes down to 1e-6, and the car's speed approaches the tightest
 * run's. */
static void
check_tolerances (gboolean with_gearbox)
{
  static const double tolerances[] = { 1e-10, 1e-8, 1e-6, 1e-4 };
  g_autoptr (JsonNode) root = vehicle_json (with_gearbox);
  g_autoptr (SwTrajectory) tight = NULL;
  g_autofree char *tight_changes = NULL;
  double last_error = 0;

  for (guint k = 0; k < G_N_ELEMENTS (tolerances); k++)
    {
      g_autofree char *text = permuted_text (root, 0);
      g_autoptr (GString) events = g_string_new (NULL);
      g_autoptr (SwTrajectory) tr = run (text, 0, tolerances[k], events);
      g_autofree char *changes = changes_of (events->str);
      const double *v = sw_test_column (tr, "car.v");
      guint n = sw_trajectory_get_n_rows (tr);
      double error = 0;

      g_assert_cmpfloat (sw_trajectory_get_times (tr)[n - 1], ==, 8);
      if (k == 0)
        {
          tight = sw_trajectory_ref (tr);
          tight_changes = g_steal_pointer (&changes);
          continue;
        }
      /* (At 1e-4 the gearbox's play, unwinding as the car stops, may stick
       * and slip back a few times more.) */
      if (tolerances[k] <= 1e-6)
        g_assert_cmpstr (changes, ==, tight_changes);
      /* At the output times away from events (both runs have them). */
      for (guint r = 0, s = 0; r < n; r++)
        {
          double t = sw_trajectory_get_times (tr)[r];

          if (fabs (t / 0.01 - round (t / 0.01)) > 1e-9)
            continue;
          while (s < sw_trajectory_get_n_rows (tight) && sw_trajectory_get_times (tight)[s] < t)
            s++;
          if (sw_trajectory_get_times (tight)[s] == t)
            error = MAX (error, fabs (v[r] - sw_test_column (tight, "car.v")[s]));
        }
      g_test_message ("%s, tolerance %g: max |car.v - tight| = %.3g m/s", with_gearbox ? "gearbox" : "lossy gear",
                      tolerances[k], error);
      g_assert_cmpfloat (error, <, 1e3 * tolerances[k] * 10);
      g_assert_cmpfloat (error, >=, last_error);
      last_error = error;
    }
}

static void
test_tolerances_lossy_gear (void)
{
  check_tolerances (FALSE);
}

static void
test_tolerances_gearbox (void)
{
  check_tolerances (TRUE);
}

/* ∫ p dt by the trapezoidal rule over the rows (an event's two rows make
 * a jump exact). */
static double
integral (SwTrajectory *tr, const char *name)
{
  const double *t = sw_trajectory_get_times (tr), *p = sw_test_column (tr, name);
  double sum = 0;

  for (guint r = 1; r < sw_trajectory_get_n_rows (tr); r++)
    sum += 0.5 * (p[r] + p[r - 1]) * (t[r] - t[r - 1]);
  return sum;
}

/* The work the engine's combustion does is the kinetic and potential
 * energy gained and what the engine's own losses, the clutch, the gear,
 * the propeller shaft's damping and the brake turn into heat. */
static void
check_energy (gboolean with_gearbox)
{
  static const char *const stored[] = { "engine.energy", "input.energy", "wheel.energy", "car.energy",
                                        "propshaft.energy", NULL, NULL };
  static const char *const lost[] = { "engine.lossPower", "clutch.lossPower", "gearbox.lossPower",
                                      "propshaft.lossPower", "brake.lossPower" };
  g_autoptr (JsonNode) root = vehicle_json (with_gearbox);
  g_autofree char *text = permuted_text (root, 0);
  g_autoptr (GString) events = g_string_new (NULL);
  g_autoptr (SwTrajectory) tr = run (text, 2e-4, 1e-9, events);
  guint n = sw_trajectory_get_n_rows (tr);
  double work = integral (tr, "engine.power"), heat = 0, gained = 0, balance;

  for (guint k = 0; stored[k] != NULL; k++)
    gained += sw_test_column (tr, stored[k])[n - 1] - sw_test_column (tr, stored[k])[0];
  /* The gearbox's spring stores energy too. */
  if (with_gearbox)
    gained += sw_test_column (tr, "gearbox.energy")[n - 1] - sw_test_column (tr, "gearbox.energy")[0];
  for (guint k = 0; k < G_N_ELEMENTS (lost); k++)
    heat += integral (tr, lost[k]);
  balance = work - gained - heat;
  g_test_message ("%s: work %.9g J, gained %.9g J, heat %.9g J, balance %.3g J", with_gearbox ? "gearbox" : "lossy gear",
                  work, gained, heat, balance);
  g_assert_cmpfloat (work, >, 1e4);
  g_assert_cmpfloat (fabs (balance), <=, 1e-5 * work);
}

static void
test_energy_lossy_gear (void)
{
  check_energy (FALSE);
}

static void
test_energy_gearbox (void)
{
  check_energy (TRUE);
}

/* Without the gearbox's input inertia, the slipping clutch drives a
 * section that nothing holds while the gearbox's play is open: no speed
 * balances it, and the run says so as the gearbox starts to roll (0.3018
 * s). */
static void
test_no_input_inertia (void)
{
  g_autoptr (JsonNode) root = vehicle_json (TRUE);
  JsonObject *model = json_node_get_object (root);
  JsonArray *components = json_object_get_array_member (model, "components");
  JsonArray *connections = json_object_get_array_member (model, "connections");
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) m = NULL;
  g_autoptr (SwSystem) sys = NULL;
  g_autoptr (SwTrajectory) tr = NULL;
  SwSimulateOptions o;

  for (guint i = json_array_get_length (components); i-- > 0;)
    if (g_str_equal (json_object_get_string_member (json_array_get_object_element (components, i), "id"), "input"))
      json_array_remove_element (components, i);
  for (guint i = json_array_get_length (connections); i-- > 0;)
    {
      JsonObject *c = json_array_get_object_element (connections, i);

      if (g_str_equal (json_object_get_string_member (c, "from"), "input.flange_b"))
        json_array_remove_element (connections, i);
      else if (g_str_equal (json_object_get_string_member (c, "to"), "input.flange_a"))
        json_object_set_string_member (c, "to", "gearbox.flange_a");
    }
  text = json_to_string (root, FALSE);
  m = sw_model_new_from_data (text, -1, "vehicle.shaft", &error);
  g_assert_no_error (error);
  sys = sw_model_assemble (m, &error);
  g_assert_no_error (error);
  o = sw_simulate_options_from_system (sys);
  tr = sw_simulate (sys, &o, NULL, NULL, NULL, &error);
  g_assert_null (tr);
  sw_test_assert_error_says (error, "at t = 0.30");
  sw_test_assert_error_says (error, "the torques on the massless section at component “clutch” balance at no "
                                    "speed");
  sw_test_assert_error_says (error, "give the section an inertia");
}

/* The state at 1e8 s (`modal --at 1e8`): the engine's firings in the first
 * seconds are not a pile-up of events because the run is long (chatter
 * was judged by spans of 1e-6 of the run's length: 100 s). */
static void
test_long_run (void)
{
  g_autofree char *path = sw_test_example_path ("vehicle-launch.shaft");
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) m = sw_model_new_from_file (path, &error);
  g_autoptr (SwSystem) sys = NULL;
  g_autofree double *state = NULL;

  g_assert_no_error (error);
  sys = sw_model_assemble (m, &error);
  g_assert_no_error (error);
  g_assert_true (sw_simulate_state_at (sys, 1e8, &state, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < sw_system_get_n_states (sys); i++)
    g_assert_true (isfinite (state[i]));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/vehicle/permutations/lossy-gear", test_permutations_lossy_gear);
  g_test_add_func ("/core/vehicle/permutations/gearbox", test_permutations_gearbox);
  g_test_add_func ("/core/vehicle/tolerances/lossy-gear", test_tolerances_lossy_gear);
  g_test_add_func ("/core/vehicle/tolerances/gearbox", test_tolerances_gearbox);
  g_test_add_func ("/core/vehicle/energy/lossy-gear", test_energy_lossy_gear);
  g_test_add_func ("/core/vehicle/energy/gearbox", test_energy_gearbox);
  g_test_add_func ("/core/vehicle/no-input-inertia", test_no_input_inertia);
  g_test_add_func ("/core/vehicle/long-run", test_long_run);
  return g_test_run ();
}
