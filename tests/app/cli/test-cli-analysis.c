/* test-cli-analysis.c: shaftwork-cli plot, modal, frf and campbell as a user
 * runs them, and the friction option.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#define _GNU_SOURCE  /* posix_openpt(), ptsname() */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <locale.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "sw-kind.h"
#include "sw-test-clutch.h"
#include "sw-test-files.h"
#include "test-cli-common.h"

static void
test_plot (void)
{
  g_autofree char *model = sw_test_example_path ("first.shaft");
  g_autofree char *dir = g_dir_make_tmp ("cli-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "first.png", NULL);
  g_autofree char *bad = g_build_filename (dir, "first.bmp", NULL);
  g_autofree char *data = NULL;
  gsize len = 0;
  g_auto (Run) r = { 0 }, r_bad = { 0 }, r_missing = { 0 };

  cli (&r, "plot", model, "-o", png, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_true (g_file_get_contents (png, &data, &len, NULL));
  g_assert_cmpuint (len, >, 1000);
  g_assert_cmpint (memcmp (data, "\x89PNG", 4), ==, 0);
  cli (&r_bad, "plot", model, "-o", bad, NULL);
  g_assert_cmpint (r_bad.status, ==, 2);
  cli (&r_missing, "plot", model, NULL);
  g_assert_cmpint (r_missing.status, ==, 2);
  g_unlink (png);
  g_rmdir (dir);
}

static void
test_modal (void)
{
  g_autofree char *model = sw_test_example_path ("first.shaft");
  g_auto (Run) table = { 0 }, json = { 0 }, at = { 0 }, bad = { 0 };
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  JsonObject *root, *elastic;
  JsonArray *modes;

  cli (&table, "modal", model, NULL);
  g_assert_cmpint (table.status, ==, 0);
  g_assert_nonnull (strstr (table.out, "12.1557"));
  g_assert_nonnull (strstr (table.out, "most excitable"));

  cli (&json, "modal", model, "--json", NULL);
  g_assert_cmpint (json.status, ==, 0);
  json_parser_load_from_data (parser, json.out, -1, &error);
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpstr (json_object_get_string_member (root, "model"), ==, "First");
  g_assert_cmpfloat (json_object_get_double_member (root, "at_time"), ==, 0);
  modes = json_object_get_array_member (root, "modes");
  g_assert_cmpuint (json_array_get_length (modes), ==, 2);
  g_assert_true (json_object_get_boolean_member (json_array_get_object_element (modes, 0), "rigid_body"));
  g_assert_true (json_object_get_null_member (json_array_get_object_element (modes, 0), "most_excitable_section"));
  elastic = json_array_get_object_element (modes, 1);
  g_assert_cmpint (json_object_get_int_member (elastic, "index"), ==, 2);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (elastic, "frequency_hz"), 12.15566, 1e-4);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (elastic, "omega_rad_s"), 76.3763, 1e-3);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (elastic, "damping_ratio"), 7.8e-4, 1e-5);
  g_assert_cmpstr (json_object_get_string_member (elastic, "most_excitable_section"), ==, "spring");
  g_assert_cmpfloat_with_epsilon (
      json_object_get_double_member (json_object_get_object_member (elastic, "shape"), "inertia3"), -0.6, 1e-6);
  g_assert_cmpfloat_with_epsilon (
      json_object_get_double_member (json_object_get_object_member (elastic, "potential_energy_percent"), "spring"),
      100, 1e-6);
  g_assert_true (json_object_has_member (json_object_get_object_member (elastic, "kinetic_energy_percent"), "inertia1"));

  cli (&at, "modal", model, "--at", "0.5", "--json", NULL);
  g_assert_cmpint (at.status, ==, 0);
  g_assert_nonnull (strstr (at.out, "\"at_time\" : 0.5"));
  cli (&bad, "modal", model, "--at", "-1", NULL);
  g_assert_cmpint (bad.status, ==, 2);
}

/* The clutch drivetrain of sw-test-clutch.h with Coulomb friction. */
#define CLUTCH_MODEL(f_normalized) SW_TEST_CLUTCH_MODEL (f_normalized, SW_TEST_COULOMB)

/* --friction on modal, frf and campbell: J1 (2) - clutch (engaged) - J2
 * (3) - spring c = 600 - ground. Operating, locked and engaged: one body of 5,
 * sqrt (600 / 5) / 2 pi = 1.74346 Hz; open: J1 free and J2 alone, 2.25079
 * Hz. Before, frf and campbell refused any clutch. */
static void
test_friction_option (void)
{
  g_autofree char *model = write_temp_model (CLUTCH_MODEL ("1"));
  g_auto (Run) plain = { 0 }, locked = { 0 }, open = { 0 }, engaged = { 0 }, json = { 0 }, bad = { 0 }, help = { 0 };
  g_auto (Run) frf = { 0 }, frf_open = { 0 }, camp = { 0 }, camp_open = { 0 }, camp_help = { 0 };
  g_auto (GStrv) rows = NULL;
  double f, magnitude;

  cli (&plain, "modal", model, NULL);
  g_assert_cmpint (plain.status, ==, 0);
  g_assert_nonnull (strstr (plain.out, ": 1 mode\n"));
  g_assert_nonnull (strstr (plain.out, "1.74346"));
  g_assert_null (strstr (plain.out, "Friction elements"));
  cli (&locked, "modal", model, "--friction=locked", NULL);
  g_assert_cmpint (locked.status, ==, 0);
  g_assert_nonnull (strstr (locked.out, "Friction elements locked"));
  g_assert_nonnull (strstr (locked.out, "1.74346"));
  cli (&open, "modal", model, "--friction", "open", NULL);
  g_assert_cmpint (open.status, ==, 0);
  g_assert_nonnull (strstr (open.out, "Friction elements open"));
  g_assert_nonnull (strstr (open.out, ": 2 modes\n"));
  g_assert_nonnull (strstr (open.out, "2.25079"));
  g_assert_nonnull (strstr (open.out, "rigid-body mode"));
  cli (&json, "modal", model, "--friction=open", "--json", NULL);
  g_assert_cmpint (json.status, ==, 0);
  g_assert_nonnull (strstr (json.out, "\"friction\" : \"open\""));
  g_assert_nonnull (strstr (json.out, "\"note\" : null"));
  cli (&engaged, "modal", model, "--friction=engaged", NULL);
  g_assert_cmpint (engaged.status, ==, 0);
  g_assert_nonnull (strstr (engaged.out, "Clutches engaged"));
  g_assert_nonnull (strstr (engaged.out, ": 1 mode\n"));
  g_assert_nonnull (strstr (engaged.out, "1.74346"));
  cli (&bad, "modal", model, "--friction=stuck", NULL);
  g_assert_cmpint (bad.status, ==, 2);
  g_assert_nonnull (strstr (bad.err, "--friction must be operating, locked, open or engaged"));
  cli (&help, "modal", "--help", NULL);
  g_assert_nonnull (strstr (help.out, "--friction=operating|locked|open|engaged"));

  /* J2.phi per torque on J1: locked 1 / (600 - 5 w^2); open, J2 does not feel it. */
  cli (&frf, "frf", model, "--input", "drive", "--output", "J2.phi", "--from", "0.5", "--to", "1",
       "--points", "2", NULL);
  g_assert_cmpint (frf.status, ==, 0);
  rows = g_strsplit (frf.out, "\n", -1);
  g_assert_cmpint (sscanf (rows[1], "%lf,%lf", &f, &magnitude), ==, 2);
  g_assert_cmpfloat_with_epsilon (f, 0.5, 1e-12);
  g_assert_cmpfloat_with_epsilon (magnitude, 1 / (600 - 5 * G_PI * G_PI), 1e-9 / 600);
  cli (&frf_open, "frf", model, "--input", "drive", "--output", "J2.phi", "--from", "0.5", "--to", "1",
       "--points", "2", "--friction=open", NULL);
  g_assert_cmpint (frf_open.status, ==, 0);
  g_assert_nonnull (strstr (frf_open.out, "\n0.5,0,"));

  /* 60 × 1.74346 Hz = 104.607 rpm at order 1; open 135.047 rpm. */
  cli (&camp, "campbell", model, "--shaft", "J1", "--speed-range", "0:600", NULL);
  g_assert_cmpint (camp.status, ==, 0);
  g_assert_nonnull (strstr (camp.out, "104.607"));
  cli (&camp_open, "campbell", model, "--shaft", "J1", "--speed-range", "0:600", "--friction=open", NULL);
  g_assert_cmpint (camp_open.status, ==, 0);
  g_assert_nonnull (strstr (camp_open.out, "135.047"));
  cli (&camp_help, "frf", "--help", NULL);
  g_assert_nonnull (strstr (camp_help.out, "--friction=operating|locked|open"));
  g_unlink (model);
}

static void
test_frf_and_campbell (void)
{
  g_autofree char *model = sw_test_example_path ("first.shaft");
  g_auto (Run) frf = { 0 }, frf_usage = { 0 }, frf_bad = { 0 }, camp = { 0 }, camp_usage = { 0 }, camp_range = { 0 };
  g_auto (GStrv) lines = NULL;

  cli (&frf, "frf", model, "--input", "torque", "--output", "inertia3.w", "--points", "20", NULL);
  g_assert_cmpint (frf.status, ==, 0);
  lines = g_strsplit (frf.out, "\n", -1);
  g_assert_cmpstr (lines[0], ==, "frequency_hz,magnitude,phase_deg,real,imag");
  g_assert_cmpuint (g_strv_length (lines), >, 20);
  cli (&frf_usage, "frf", model, "--input", "torque", NULL);
  g_assert_cmpint (frf_usage.status, ==, 2);
  cli (&frf_bad, "frf", model, "--input", "torque", "--output", "inertia3.omega", NULL);
  g_assert_cmpint (frf_bad.status, ==, 1);
  g_assert_nonnull (strstr (frf_bad.err, "inertia3.omega"));

  /* 60 * 12.1557 Hz / order on inertia1: 729.34 rpm at order 1. */
  cli (&camp, "campbell", model, "--shaft", "inertia1", "--speed-range", "0:3000", "--orders", "0.5,1,2", NULL);
  g_assert_cmpint (camp.status, ==, 0);
  g_assert_nonnull (strstr (camp.out, "729.34"));
  g_assert_nonnull (strstr (camp.out, "1458.68"));
  g_assert_nonnull (strstr (camp.out, "spring"));
  cli (&camp_usage, "campbell", model, "--speed-range", "0:3000", NULL);
  g_assert_cmpint (camp_usage.status, ==, 2);
  cli (&camp_range, "campbell", model, "--shaft", "inertia1", "--speed-range", "3000", NULL);
  g_assert_cmpint (camp_range.status, ==, 2);
}

/* A gear pair's varying mesh stiffness is an order line of its own: 20
 * teeth on the motor's pinion cross the mesh mode (1172.28 Hz) at 60 f /
 * 20 = 3516.84 rpm; the CSV has its column. */
/* --at on frf, campbell and forced: the clutch of test_friction_option
 * open until 0.5 s. At 0, J2 does not respond to a torque on J1 and a note
 * says what to try; at 1 s it is engaged: 1 / (600 - 5 w^2) as locked.
 * Campbell and forced take their friction state there: open at 0 (J2
 * alone, 2.25079 Hz = 135.047 rpm), engaged at 1 s (104.607 rpm). */
static void
test_at_option (void)
{
  g_autofree char *model = write_temp_model (CLUTCH_MODEL ("{\"table\": {\"points\": [[0, 0], [0.5, 0], [0.6, 1]]}}"));
  g_auto (Run) open = { 0 }, engaged = { 0 }, camp0 = { 0 }, camp1 = { 0 }, forced = { 0 }, bad = { 0 };
  g_auto (GStrv) rows = NULL;
  double f, magnitude;

  cli (&open, "frf", model, "--input", "drive", "--output", "J2.phi", "--from", "0.5", "--to", "1", "--points", "2",
       NULL);
  g_assert_cmpint (open.status, ==, 0);
  g_assert_nonnull (strstr (open.out, "\n0.5,0,"));
  g_assert_nonnull (strstr (open.err, "note: J2.phi does not respond to drive"));
  g_assert_nonnull (strstr (open.err, "--at a time when the drivetrain is engaged"));
  cli (&engaged, "frf", model, "--input", "drive", "--output", "J2.phi", "--from", "0.5", "--to", "1", "--points",
       "2", "--at", "1", NULL);
  g_assert_cmpint (engaged.status, ==, 0);
  g_assert_cmpstr (engaged.err, ==, "");
  rows = g_strsplit (engaged.out, "\n", -1);
  g_assert_cmpint (sscanf (rows[1], "%lf,%lf", &f, &magnitude), ==, 2);
  g_assert_cmpfloat_with_epsilon (magnitude, 1 / (600 - 5 * G_PI * G_PI), 1e-9 / 600);
  cli (&camp0, "campbell", model, "--shaft", "J1", "--speed-range", "0:600", NULL);
  g_assert_cmpint (camp0.status, ==, 0);
  g_assert_nonnull (strstr (camp0.out, "135.047"));
  cli (&camp1, "campbell", model, "--shaft", "J1", "--speed-range", "0:600", "--at", "1", NULL);
  g_assert_cmpint (camp1.status, ==, 0);
  g_assert_nonnull (strstr (camp1.out, "104.607"));
  /* Engaged, the clutch is a rigid joint, not a section: the spring
   * carries 600 / (600 - 5 w^2) of the unit torque on J1 at 10 rpm. */
  cli (&forced, "forced", model, "--speed-range", "10:100", "--speeds", "2", "--excite", "J1=1:1", "--at", "1", NULL);
  g_assert_cmpint (forced.status, ==, 0);
  g_strfreev (rows);
  rows = g_strsplit (forced.out, "\n", -1);
  g_assert_true (g_str_has_prefix (rows[0], "rpm,spring.tau_amp,"));
  g_assert_cmpint (sscanf (rows[1], "%lf,%lf", &f, &magnitude), ==, 2);
  {
    double w = 2 * G_PI * 10 / 60;

    g_assert_cmpfloat_with_epsilon (magnitude, 600 / (600 - 5 * w * w), 1e-9);
  }
  cli (&bad, "frf", model, "--input", "drive", "--output", "J2.phi", "--at", "-1", NULL);
  g_assert_cmpint (bad.status, ==, 2);
  g_assert_nonnull (strstr (bad.err, "--at must be a time >= 0"));
}

/* --modes 0 asks for no mode: a usage error like --modes -1, not all the
 * modes (it was taken for the default). */
static void
test_modes_zero (void)
{
  g_autofree char *model = sw_test_example_path ("backlash.shaft");
  g_auto (Run) zero = { 0 }, negative = { 0 }, one = { 0 };

  cli (&zero, "modal", model, "--modes", "0", NULL);
  g_assert_cmpint (zero.status, ==, 2);
  g_assert_nonnull (strstr (zero.err, "--modes must be a number of modes >= 1"));
  cli (&negative, "modal", model, "--modes", "-1", NULL);
  g_assert_cmpint (negative.status, ==, 2);
  g_assert_nonnull (strstr (negative.err, "--modes must be a number of modes >= 1"));
  cli (&one, "modal", model, "--modes", "1", NULL);
  g_assert_cmpint (one.status, ==, 0);
  g_assert_nonnull (strstr (one.out, ": 1 mode"));
}

static void
test_campbell_mesh_order (void)
{
  g_autofree char *model = sw_test_example_path ("gear-pair.shaft");
  g_autofree char *dir = g_dir_make_tmp ("cli-mesh-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "campbell.csv", NULL);
  g_autofree char *text = NULL;
  g_auto (Run) camp = { 0 }, csv = { 0 };

  cli (&camp, "campbell", model, "--shaft", "motor", "--speed-range", "0:8000", NULL);
  g_assert_cmpint (camp.status, ==, 0);
  g_assert_nonnull (strstr (camp.out, "Order 20× of motor: mesh of gearPair"));
  g_assert_nonnull (strstr (camp.out, "3516.84"));
  cli (&csv, "campbell", model, "--shaft", "load", "--speed-range", "0:2000", "-o", path, NULL);
  g_assert_cmpint (csv.status, ==, 0);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_true (g_str_has_prefix (text, "speed_rpm,mode_2_hz,order_1_hz,order_60_hz\n"));
  g_unlink (path);
  g_rmdir (dir);
}

/* --db: magnitude_db = 20 log10 (magnitude) row by row, the rest as it is;
 * the Bode and Campbell images (legends, quantity axes, marks) are drawn. */
static void
test_frf_db (void)
{
  g_autofree char *model = sw_test_example_path ("first.shaft");
  g_autofree char *dir = g_dir_make_tmp ("sw-cli-db-XXXXXX", NULL);
  g_autofree char *bode = g_build_filename (dir, "bode.png", NULL);
  g_autofree char *campbell = g_build_filename (dir, "campbell.svg", NULL);
  g_auto (Run) linear = { 0 }, db = { 0 }, image = { 0 }, camp = { 0 };
  g_auto (GStrv) lin_lines = NULL, db_lines = NULL;
  g_autofree char *svg = NULL;

  cli (&linear, "frf", model, "--input", "torque", "--output", "inertia3.w", "--points", "20", NULL);
  cli (&db, "frf", model, "--input", "torque", "--output", "inertia3.w", "--points", "20", "--db", NULL);
  g_assert_cmpint (linear.status, ==, 0);
  g_assert_cmpint (db.status, ==, 0);
  lin_lines = g_strsplit (linear.out, "\n", -1);
  db_lines = g_strsplit (db.out, "\n", -1);
  g_assert_cmpstr (db_lines[0], ==, "frequency_hz,magnitude_db,phase_deg,real,imag");
  g_assert_cmpuint (g_strv_length (db_lines), ==, g_strv_length (lin_lines));
  for (guint r = 1; lin_lines[r] != NULL && *lin_lines[r] != '\0'; r++)
    {
      g_auto (GStrv) a = g_strsplit (lin_lines[r], ",", -1);
      g_auto (GStrv) b = g_strsplit (db_lines[r], ",", -1);
      double magnitude = g_ascii_strtod (a[1], NULL), decibels = g_ascii_strtod (b[1], NULL);

      g_assert_cmpstr (a[0], ==, b[0]);
      g_assert_cmpstr (a[2], ==, b[2]);
      g_assert_cmpfloat_with_epsilon (decibels, 20 * log10 (magnitude), 1e-12 * (1 + fabs (decibels)));
    }

  cli (&image, "frf", model, "--input", "torque", "--output", "inertia3.w", "--db", "-o", bode, NULL);
  g_assert_cmpint (image.status, ==, 0);
  g_assert_true (g_file_test (bode, G_FILE_TEST_IS_REGULAR));
  cli (&camp, "campbell", model, "--shaft", "inertia1", "--speed-range", "0:3000", "--orders", "1,2", "-o", campbell,
       NULL);
  g_assert_cmpint (camp.status, ==, 0);
  g_assert_true (g_file_get_contents (campbell, &svg, NULL, NULL));
  g_assert_cmpuint (strlen (svg), >, 1000);
  g_unlink (bode);
  g_unlink (campbell);
  g_rmdir (dir);
}

/* What the dynamic loader says it loaded (LD_DEBUG=files, on stderr) while
 * program ran command on model, writing out when not NULL. */
static char *
loaded_for (const char *program, const char *command, const char *model, const char *out)
{
  g_auto (GStrv) env = g_environ_setenv (run_environ (FALSE), "LD_DEBUG", "files", TRUE);
  const char *argv[] = { program, command, model, out != NULL ? "-o" : NULL, out, NULL };
  g_autofree char *stdout_text = NULL;
  char *err = NULL;
  int status = 0;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, env, G_SPAWN_DEFAULT, NULL, NULL, &stdout_text, &err, &status,
                               NULL));
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return err;
}

/* PLplot and cairo live in the module shaftwork-cli-draw.so, loaded by the
 * commands that draw (issue 24): modal loads neither, plot loads the module
 * built beside the program. */
static void
test_draw_module (void)
{
  g_autofree char *model = sw_test_example_path ("first.shaft");
  g_autofree char *dir = g_dir_make_tmp ("cli-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "first.png", NULL);
  g_autofree char *modal = loaded_for (g_getenv ("SW_CLI"), "modal", model, NULL);
  g_autofree char *plot = loaded_for (g_getenv ("SW_CLI"), "plot", model, png);
  g_autofree char *module = NULL;

  g_assert_nonnull (g_getenv ("SW_CLI_DRAW"));   /* set by tests/meson.build */
  module = g_strconcat ("file=", g_getenv ("SW_CLI_DRAW"), " ", NULL);
  g_assert_null (strstr (modal, "libplplot"));
  g_assert_null (strstr (modal, "libcairo"));
  g_assert_null (strstr (modal, "shaftwork-cli-draw"));
  g_assert_nonnull (strstr (plot, module));
  g_assert_nonnull (strstr (plot, "libplplot"));
  g_assert_true (g_file_test (png, G_FILE_TEST_IS_REGULAR));
  g_remove (png);
  g_rmdir (dir);
}

/* Installed, the program finds the module at its place relative to its
 * own folder (SW_CLI_DRAW_FROM_BINDIR): both copied into such a tree
 * elsewhere, plot draws with the copy. */
static void
test_draw_module_installed (void)
{
  const char *from_bindir = g_getenv ("SW_CLI_DRAW_FROM_BINDIR");   /* set by tests/meson.build */
  g_autofree char *model = sw_test_example_path ("first.shaft");
  g_autofree char *root = NULL, *bin = NULL, *program = NULL, *module_dir = NULL, *module = NULL, *png = NULL;
  g_autofree char *bytes = NULL, *plot = NULL, *canonical = NULL, *line = NULL;
  gsize len = 0;

  g_assert_nonnull (from_bindir);
  g_assert_nonnull (g_getenv ("SW_CLI_DRAW"));
  if (from_bindir[0] == '\0')
    {
      g_test_skip ("bindir or libdir is absolute: the module is found at its installed path only");
      return;
    }
  root = g_dir_make_tmp ("cli-XXXXXX", NULL);
  bin = g_build_filename (root, "bin", NULL);
  program = g_build_filename (bin, "shaftwork-cli", NULL);
  module_dir = g_build_filename (bin, from_bindir, NULL);
  module = g_build_filename (module_dir, "shaftwork-cli-draw.so", NULL);
  png = g_build_filename (root, "first.png", NULL);
  g_assert_cmpint (g_mkdir_with_parents (bin, 0700), ==, 0);
  g_assert_cmpint (g_mkdir_with_parents (module_dir, 0700), ==, 0);
  g_assert_true (g_file_get_contents (g_getenv ("SW_CLI"), &bytes, &len, NULL));
  g_assert_true (g_file_set_contents_full (program, bytes, (gssize) len, G_FILE_SET_CONTENTS_NONE, 0700, NULL));
  g_clear_pointer (&bytes, g_free);
  g_assert_true (g_file_get_contents (g_getenv ("SW_CLI_DRAW"), &bytes, &len, NULL));
  g_assert_true (g_file_set_contents_full (module, bytes, (gssize) len, G_FILE_SET_CONTENTS_NONE, 0600, NULL));

  plot = loaded_for (program, "plot", model, png);
  canonical = g_canonicalize_filename (module, NULL);
  line = g_strconcat ("file=", canonical, " ", NULL);
  g_assert_nonnull (strstr (plot, line));
  g_assert_null (strstr (plot, g_getenv ("SW_CLI_DRAW")));
  g_assert_true (g_file_test (png, G_FILE_TEST_IS_REGULAR));
  g_remove (png);
  g_remove (module);
  g_remove (program);
  g_rmdir (bin);
  /* The module's folders, up to root (each name longer than its parent's). */
  for (char *d = g_canonicalize_filename (module_dir, NULL); d != NULL;)
    {
      char *up = strlen (d) > strlen (root) ? g_path_get_dirname (d) : NULL;

      g_rmdir (d);
      g_free (d);
      d = up;
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/app/cli/plot", test_plot);
  g_test_add_func ("/app/cli/modal", test_modal);
  g_test_add_func ("/app/cli/friction-option", test_friction_option);
  g_test_add_func ("/app/cli/frf-and-campbell", test_frf_and_campbell);
  g_test_add_func ("/app/cli/at-option", test_at_option);
  g_test_add_func ("/app/cli/modes-zero", test_modes_zero);
  g_test_add_func ("/app/cli/campbell-mesh-order", test_campbell_mesh_order);
  g_test_add_func ("/app/cli/frf-db", test_frf_db);
  g_test_add_func ("/app/cli/draw-module", test_draw_module);
  g_test_add_func ("/app/cli/draw-module-installed", test_draw_module_installed);
  return g_test_run ();
}
