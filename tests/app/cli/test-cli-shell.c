/* test-cli-shell.c: shaftwork-cli shell read from a pipe (scripted
 * sessions), checked against the CLI's own commands: the modes table
 * against `modal`, a set then run against `simulate` of the edited file,
 * undo and redo, saving, units, errors that leave the session going, and
 * stale results.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "sw-model.h"
#include "sw-test-files.h"
#include "test-cli-common.h"

/* The frequency column (second word) of the lines of a table that start
 * with a mode number, as text: %.6g in both tables. */
static GPtrArray *
mode_frequencies (const char *text, gboolean stop_at_blank_after_table)
{
  GPtrArray *f = g_ptr_array_new_with_free_func (g_free);
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  gboolean in_table = FALSE;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto (GStrv) w = g_strsplit_set (g_strstrip (lines[i]), " ", -1);
      guint n = 0;
      char *words[3] = { 0 };

      for (guint k = 0; w[k] != NULL && n < 3; k++)
        if (w[k][0] != '\0')
          words[n++] = w[k];
      if (n >= 2 && g_ascii_isdigit (words[0][0]) && strspn (words[0], "0123456789") == strlen (words[0])
          && (g_ascii_isdigit (words[1][0]) || words[1][0] == '-'))
        {
          in_table = TRUE;
          g_ptr_array_add (f, g_strdup (words[1]));
        }
      else if (in_table && stop_at_blank_after_table)
        break;
    }
  return f;
}

static void
test_modes_equal_modal (void)
{
  g_autofree char *model = sw_test_example_path ("fourbody.shaft");
  g_auto (Run) shell = { 0 }, modal = { 0 };
  g_autoptr (GPtrArray) fs = NULL, fm = NULL;

  cli_with_input (&shell, "modes\n", "shell", model, NULL);
  g_assert_cmpint (shell.status, ==, 0);
  g_assert_cmpstr (shell.err, ==, "");
  cli (&modal, "modal", model, NULL);
  g_assert_cmpint (modal.status, ==, 0);
  fs = mode_frequencies (shell.out, TRUE);
  fm = mode_frequencies (modal.out, TRUE);
  /* Four bodies: a rigid-body mode and three elastic ones. */
  g_assert_cmpuint (fs->len, ==, 4);
  g_assert_cmpuint (fm->len, ==, fs->len);
  for (guint i = 0; i < fs->len; i++)
    g_assert_cmpstr (fs->pdata[i], ==, fm->pdata[i]);
  /* The most excitable sections are modal's. */
  g_assert_nonnull (strstr (shell.out, "rigid-body mode"));
  for (const char *id = "coupling"; id != NULL; id = NULL)
    {
      g_assert_nonnull (strstr (shell.out, id));
      g_assert_nonnull (strstr (modal.out, id));
    }
  /* The bars: block characters on a UTF-8 terminal. */
  g_assert_nonnull (strstr (shell.out, "█"));
}

static void
test_set_run_equals_simulate (void)
{
  g_autofree char *dir = g_dir_make_tmp ("shell-XXXXXX", NULL);
  g_autofree char *model = sw_test_copy_example (dir, "fourbody.shaft");
  g_autofree char *edited = g_build_filename (dir, "edited.shaft", NULL);
  g_autofree char *csv = g_build_filename (dir, "shell.csv", NULL);
  g_autofree char *script = g_strdup_printf ("set coupling.c 3e3 N.m/rad\nrun\ncsv %s\nsave %s\nquit\n", csv, edited);
  g_autofree char *shell_csv = NULL;
  g_auto (Run) shell = { 0 }, sim = { 0 };
  g_autoptr (SwModel) m = NULL;
  g_autoptr (GError) error = NULL;

  cli_with_input (&shell, script, "shell", model, NULL);
  g_assert_cmpstr (shell.err, ==, "");
  g_assert_cmpint (shell.status, ==, 0);
  g_assert_nonnull (strstr (shell.out, "coupling.c = 3000 N·m/rad"));
  g_assert_nonnull (strstr (shell.out, "ran to t = 2 s"));
  /* The saved file loads and holds the edit. */
  m = sw_model_new_from_file (edited, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (sw_model_get_component (m, sw_model_find_component (m, "coupling"))->param[0], ==, 3e3);
  /* The run is simulate's of that file, to the byte. */
  cli (&sim, "simulate", edited, NULL);
  g_assert_cmpint (sim.status, ==, 0);
  g_assert_true (g_file_get_contents (csv, &shell_csv, NULL, NULL));
  g_assert_cmpuint (strlen (shell_csv), >, 1000);
  g_assert_cmpstr (shell_csv, ==, sim.out);
  sw_test_remove_tree (dir);
}

static void
test_units (void)
{
  g_autofree char *model = sw_test_example_path ("fourbody.shaft");
  g_auto (Run) r = { 0 };

  /* 60 rpm is 2π rad/s, 180 deg π rad; the unit as shown is accepted too. */
  cli_with_input (&r, "set rotor.w0 60 rpm\nget rotor.w0\nset rotor.phi0 180 deg\nget rotor.phi0\n"
                      "set hub1.J 0.07 kg·m²\nget hub1.J\nset rotor.w0 free\nget rotor.w0\n", "shell", model, NULL);
  g_assert_cmpstr (r.err, ==, "");
  g_assert_nonnull (strstr (r.out, "rotor.w0 = 6.28319 rad/s"));
  g_assert_nonnull (strstr (r.out, "rotor.phi0 = 3.14159 rad"));
  g_assert_nonnull (strstr (r.out, "hub1.J = 0.07 kg·m²"));
  g_assert_nonnull (strstr (r.out, "rotor.w0 = free"));
}

static void
test_undo_redo_save (void)
{
  g_autofree char *dir = g_dir_make_tmp ("shell-XXXXXX", NULL);
  g_autofree char *model = sw_test_copy_example (dir, "fourbody.shaft");
  g_autofree char *original = NULL, *saved = NULL;
  g_auto (Run) r = { 0 };
  g_autoptr (SwModel) m = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_true (g_file_get_contents (model, &original, NULL, NULL));
  cli_with_input (&r, "set shaft.c 4e4\nadd rotational.inertia extra\nconnect load.flange_b extra.flange_a\n"
                      "undo\nundo\nget shaft.c\nundo\nget shaft.c\nredo\nget shaft.c\nsave\n", "shell", model, NULL);
  g_assert_cmpstr (r.err, ==, "");
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "added extra (rotational.inertia)"));
  g_assert_nonnull (strstr (r.out, "shaft.c = 40000 N·m/rad\nundone\nshaft.c = 50000 N·m/rad\nredone\n"
                                   "shaft.c = 40000 N·m/rad\nsaved"));
  /* Saved in place through a temporary file: the model reads, with the
   * edit and without the undone ones; no temporary file is left. */
  m = sw_model_new_from_file (model, &error);
  g_assert_no_error (error);
  g_assert_cmpint (sw_model_find_component (m, "extra"), ==, -1);
  g_assert_cmpfloat (sw_model_get_component (m, sw_model_find_component (m, "shaft"))->param[0], ==, 4e4);
  g_assert_cmpuint (sw_test_count_entries (dir), ==, 1);
  g_assert_true (g_file_get_contents (model, &saved, NULL, NULL));
  g_assert_cmpstr (saved, !=, original);
  sw_test_remove_tree (dir);
}

static void
test_errors_keep_session (void)
{
  g_autofree char *model = sw_test_example_path ("fourbody.shaft");
  g_auto (Run) r = { 0 };

  cli_with_input (&r, "frobnicate\nset coupling.c lots\nset coupling.c 2e3 rpm\nset nobody.c 1\nset coupling.x 1\n"
                      "set coupling.c -5\nset coupling.c 2500\nundo\nundo\nplot nothing.w\nget coupling.c\n", "shell", model, NULL);
  /* Every error says why and what is valid, with the line it came from;
   * the session went on to the last command. */
  g_assert_cmpint (r.status, ==, 1);
  g_assert_nonnull (strstr (r.err, "<stdin>:1: error: unknown command “frobnicate”; valid: open,"));
  g_assert_nonnull (strstr (r.err, "<stdin>:2: error: coupling.c: “lots” is not a number"));
  g_assert_nonnull (strstr (r.err, "<stdin>:3: error: coupling.c: unknown unit “rpm” for c; valid: N.m/rad, N·m/rad"));
  g_assert_nonnull (strstr (r.err, "<stdin>:4: error: no component “nobody” in the model; valid: torque, rotor,"));
  g_assert_nonnull (strstr (r.err, "<stdin>:5: error: coupling (rotational.spring) has no parameter “x”; valid: c"));
  g_assert_nonnull (strstr (r.err, "<stdin>:6: error: "));
  g_assert_nonnull (strstr (r.err, "<stdin>:9: error: nothing to undo"));
  g_assert_nonnull (strstr (r.err, "<stdin>:10: error: no variable “nothing.w”; valid: "));
  g_assert_null (strstr (r.err, "<stdin>:7:"));
  g_assert_null (strstr (r.err, "<stdin>:8:"));
  g_assert_null (strstr (r.err, "<stdin>:11:"));
  g_assert_nonnull (strstr (r.out, "coupling.c = 2000 N·m/rad"));
  g_assert_null (strstr (r.out, "\033"));
}

/* A message echoes what the script said: an escape sequence is shown as
 * \x1b, not sent to the terminal, and a name of a megabyte is cut, not
 * echoed whole (hos26). */
static void
test_errors_printable (void)
{
  g_autofree char *model = sw_test_example_path ("fourbody.shaft");
  g_autofree char *long_name = g_strnfill (1000000, 'y');
  g_autofree char *script = g_strdup_printf ("get \033]0;title\007\302\233\nget %s\nget coupling.c\n", long_name);
  g_auto (Run) r = { 0 };

  cli_with_input (&r, script, "shell", model, NULL);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_nonnull (strstr (r.err, "<stdin>:1: error: no component “\\x1b]0;title\\x07\\u009b” in the model"));
  g_assert_null (strchr (r.err, '\033'));
  g_assert_null (strchr (r.err, '\007'));
  g_assert_null (strstr (r.err, "\302\233"));
  g_assert_nonnull (strstr (r.err, "<stdin>:2: error: no component “yyyy"));
  g_assert_cmpuint (strlen (r.err), <, 10000);
  g_assert_nonnull (strstr (r.err, "…"));
  g_assert_nonnull (strstr (r.out, "coupling.c = "));
}

static void
test_failed_run_keeps_results (void)
{
  g_autofree char *model = sw_test_example_path ("fourbody.shaft");
  g_auto (Run) r = { 0 };

  /* 2e12 rows are refused before the run: the last good results stay,
   * marked stale, and come back fresh after undo. */
  cli_with_input (&r, "run\nset simulation.output_interval 1e-12\nrun\nplot --ascii load.w\nmodes\nundo\nrun\n"
                      "plot load.w\n", "shell", model, NULL);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_nonnull (strstr (r.err, "<stdin>:3: error: "));
  g_assert_nonnull (strstr (r.err, "last good results are kept"));
  g_assert_nonnull (strstr (r.out, "STALE: the model does not run"));
  g_assert_nonnull (strstr (r.out, "STALE: the model changed or failed to run; these are the last good modes"));
  /* After undo the run succeeds and the plot is fresh: one STALE plot only. */
  {
    const char *last = g_strrstr (r.out, "ran to t = 2 s");

    g_assert_nonnull (last);
    g_assert_null (strstr (last, "STALE"));
  }
}

/* The extremes of a CSV column, for the plot's tick values. */
static void
csv_column_range (const char *csv, const char *name, double *lo, double *hi)
{
  g_auto (GStrv) lines = g_strsplit (csv, "\n", -1);
  g_auto (GStrv) header = g_strsplit (lines[0], ",", -1);
  int col = -1;

  for (int k = 0; header[k] != NULL; k++)
    if (g_str_equal (header[k], name))
      col = k;
  g_assert_cmpint (col, >=, 0);
  *lo = INFINITY, *hi = -INFINITY;
  for (guint i = 1; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      g_auto (GStrv) cells = g_strsplit (lines[i], ",", -1);
      double v = g_ascii_strtod (cells[col], NULL);

      *lo = MIN (*lo, v), *hi = MAX (*hi, v);
    }
}

static void
test_plot_text (void)
{
  g_autofree char *model = sw_test_example_path ("fourbody.shaft");
  g_auto (Run) r = { 0 }, a = { 0 }, sim = { 0 };
  double lo, hi;
  char top[64], bottom[64];

  cli_with_input (&r, "plot hub1.w coupling.tau\n", "shell", model, NULL);
  g_assert_cmpint (r.status, ==, 0);
  /* Braille curves, both units, the time axis and a legend. */
  g_assert_nonnull (strstr (r.out, "⠀") != NULL ? r.out : strstr (r.out, "⠁") != NULL ? r.out : NULL);
  g_assert_nonnull (strstr (r.out, "[rad/s]"));
  g_assert_nonnull (strstr (r.out, "[N·m]"));
  g_assert_nonnull (strstr (r.out, "time [s]"));
  g_assert_nonnull (strstr (r.out, "1 hub1.w [rad/s]"));
  g_assert_nonnull (strstr (r.out, "2 coupling.tau [N·m]"));
  g_assert_null (strstr (r.out, "\033"));
  /* The tick values at top and bottom are the extremes of the curve as
   * simulate writes it. */
  cli (&sim, "simulate", model, "--variables", "hub1.w", NULL);
  csv_column_range (sim.out, "hub1.w", &lo, &hi);
  g_ascii_formatd (top, sizeof top, "%.4g", hi);
  g_ascii_formatd (bottom, sizeof bottom, "%.4g", lo);
  g_assert_nonnull (strstr (r.out, top));
  g_assert_nonnull (strstr (r.out, bottom));
  /* ASCII: nothing but ASCII. */
  cli_with_input (&a, "plot --ascii hub1.w load.w\n", "shell", model, NULL);
  g_assert_cmpint (a.status, ==, 0);
  for (const char *p = a.out; *p != '\0'; p++)
    g_assert_cmpint ((guchar) *p, <, 128);
  g_assert_nonnull (strstr (a.out, "* hub1.w [rad/s]   + load.w [rad/s]"));
  /* A pattern: every speed (the torque source's too), the legend wrapped
   * to the width. */
  {
    g_auto (Run) p = { 0 };

    cli_with_input (&p, "plot --ascii '*.w'\nplot '*.nothing'\n", "shell", model, NULL);
    g_assert_nonnull (strstr (p.out, "* torque.w [rad/s]   + rotor.w [rad/s]   o hub1.w [rad/s]   x hub2.w [rad/s]\n"
                                     "# load.w [rad/s]\n"));
    g_assert_nonnull (strstr (p.err, "<stdin>:2: error: no variable matches “*.nothing”"));
  }
}

static void
test_help_events_export (void)
{
  g_autofree char *model = sw_test_example_path ("coupled-clutches.shaft");
  g_autofree char *dir = g_dir_make_tmp ("shell-XXXXXX", NULL);
  g_autofree char *mo = g_build_filename (dir, "cc.mo", NULL);
  g_autofree char *script = g_strdup_printf ("help\nhelp set\nevents\nexport %s\nimport %s\ntree\n", mo, mo);
  g_auto (Run) r = { 0 }, sim = { 0 };

  cli_with_input (&r, script, "shell", model, NULL);
  g_assert_cmpstr (r.err, ==, "");
  g_assert_nonnull (strstr (r.out, "set ID.PARAM VALUE [UNIT]"));
  g_assert_nonnull (strstr (r.out, "rpm for rad/s"));
  /* The event log is simulate --events's. */
  cli (&sim, "simulate", model, "--events", "--variables", "J1.w", NULL);
  g_assert_cmpint (sim.status, ==, 0);
  {
    g_auto (GStrv) lines = g_strsplit (sim.err, "\n", -1);

    g_assert_nonnull (lines[0]);
    g_assert_cmpstr (lines[0], !=, "");
    for (guint i = 0; lines[i] != NULL; i++)
      if (lines[i][0] != '\0')
        g_assert_nonnull (strstr (r.out, lines[i]));
  }
  g_assert_true (g_file_test (mo, G_FILE_TEST_IS_REGULAR));
  /* The file is `export`'s text of the same model. */
  {
    g_auto (Run) e = { 0 };
    g_autofree char *text = NULL;

    cli (&e, "export", model, NULL);
    g_assert_cmpint (e.status, ==, 0);
    g_assert_true (g_file_get_contents (mo, &text, NULL, NULL));
    g_assert_cmpstr (text, ==, e.out);
  }
  g_assert_nonnull (strstr (r.out, "imported"));
  g_assert_nonnull (strstr (r.out, "└"));
  sw_test_remove_tree (dir);
}

static void
test_frf_peak_at_mode (void)
{
  g_autofree char *model = sw_test_example_path ("fourbody.shaft");
  g_auto (Run) r = { 0 }, modal = { 0 };
  g_autoptr (GPtrArray) f = NULL;
  g_autofree char *peak = NULL;

  /* Undamped: the response to the torque peaks at the first elastic
   * mode's frequency, as modal gives it. */
  cli_with_input (&r, "frf --input torque --output load.w\nopen /nonexistent/x.shaft\nget load.J\n", "shell", model,
                  NULL);
  cli (&modal, "modal", model, NULL);
  f = mode_frequencies (modal.out, TRUE);
  g_assert_cmpuint (f->len, >=, 2);
  peak = g_strdup_printf (" dB at %s Hz", (char *) f->pdata[1]);
  g_assert_nonnull (strstr (r.out, peak));
  g_assert_nonnull (strstr (r.out, "f [Hz], log"));
  g_assert_nonnull (strstr (r.out, "1 magnitude_db [dB]"));
  /* A file that cannot be opened keeps the model that was open. */
  g_assert_nonnull (strstr (r.err, "<stdin>:2: error: "));
  g_assert_nonnull (strstr (r.out, "load.J = 2 kg·m²"));
}

/* Words of a line, empty ones dropped. */
static GPtrArray *
words_of (const char *line)
{
  GPtrArray *w = g_ptr_array_new_with_free_func (g_free);
  g_auto (GStrv) parts = g_strsplit (line, " ", -1);

  for (guint k = 0; parts[k] != NULL; k++)
    if (parts[k][0] != '\0')
      g_ptr_array_add (w, g_strdup (parts[k]));
  return w;
}

static void
test_mode_detail_equals_modal (void)
{
  g_autofree char *model = sw_test_example_path ("fourbody.shaft");
  g_auto (Run) shell = { 0 }, modal = { 0 };
  const char *from, *to;
  g_autofree char *section = NULL;
  g_auto (GStrv) lines = NULL;
  guint checked = 0;

  cli_with_input (&shell, "modes 2\n", "shell", model, NULL);
  cli (&modal, "modal", model, NULL);
  g_assert_cmpint (shell.status, ==, 0);
  /* Every body's shape and kinetic share, every section's potential
   * share of mode 2 as modal prints them, on the shell's line of that id. */
  from = strstr (modal.out, "\nMode 2:");
  to = strstr (modal.out, "\nMode 3:");
  g_assert_nonnull (from);
  g_assert_nonnull (to);
  section = g_strndup (from, to - from);
  lines = g_strsplit (section, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autoptr (GPtrArray) w = words_of (lines[i]);
      g_autofree char *start = NULL;
      const char *row;

      if (w->len < 2 || !g_ascii_isdigit (((char *) w->pdata[w->len - 1])[0]))
        continue;
      if (g_str_equal (w->pdata[0], "Mode") || g_str_equal (w->pdata[w->len - 1], "excitable"))
        continue;
      start = g_strdup_printf ("\n  %s ", (char *) w->pdata[0]);
      row = strstr (shell.out, start);
      g_assert_nonnull (row);
      for (guint k = 1; k < w->len; k++)
        {
          const char *end = strchr (row + 1, '\n');
          const char *hit = strstr (row, w->pdata[k]);

          g_assert_true (hit != NULL && (end == NULL || hit < end));
        }
      checked++;
    }
  /* Four bodies and three sections. */
  g_assert_cmpuint (checked, >=, 6);
  g_assert_nonnull (strstr (shell.out, "95.02 %  <- most excitable"));
}

static void
test_campbell_page (void)
{
  g_autofree char *model = sw_test_example_path ("fourbody.shaft");
  g_auto (Run) r = { 0 }, c = { 0 };

  /* The diagram over the shaft's speed, then campbell's own table. */
  cli_with_input (&r, "campbell --shaft rotor --speed-range 0:15000\n", "shell", model, NULL);
  cli (&c, "campbell", model, "--shaft", "rotor", "--speed-range", "0:15000", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_cmpint (c.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "speed [rpm]"));
  g_assert_nonnull (strstr (r.out, "4 order_1_hz [Hz]"));
  g_assert_true (g_str_has_suffix (r.out, c.out));
}

/* forced and study: the CLI's own commands on the model as it is now.
 * forced's most loaded section is the largest ID.tau_amp of forced's own
 * table; study's table is study's, for the edited model. */
static void
test_forced_study_pages (void)
{
  g_autofree char *model = sw_test_example_path ("fourbody.shaft");
  g_autofree char *dir = g_dir_make_tmp ("shell-forced-XXXXXX", NULL);
  g_autofree char *edited = g_build_filename (dir, "edited.shaft", NULL);
  g_autofree char *script = g_strdup_printf ("forced --speed-range 100:3000 --speeds 60 --excite rotor=1:100\n"
                                             "set coupling.c 3000\nsave %s\n"
                                             "study --vary load.J=1,3 --outputs mode(2).frequency_hz\n", edited);
  g_auto (Run) r = { 0 }, f = { 0 }, st = { 0 };
  g_auto (GStrv) lines = NULL;
  g_auto (GStrv) header = NULL;
  double best = -1, best_rpm = 0;
  g_autofree char *expect = NULL;

  cli_with_input (&r, script, "shell", model, NULL);
  g_assert_cmpint (r.status, ==, 0);
  cli (&f, "forced", model, "--speed-range", "100:3000", "--speeds", "60", "--excite", "rotor=1:100", NULL);
  g_assert_cmpint (f.status, ==, 0);
  lines = g_strsplit (f.out, "\n", -1);
  header = g_strsplit (lines[0], ",", -1);
  for (guint i = 1; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      g_auto (GStrv) cells = g_strsplit (lines[i], ",", -1);

      for (guint c = 1; header[c] != NULL; c++)
        if (g_str_equal (header[c], "coupling.tau_amp") && g_ascii_strtod (cells[c], NULL) > best)
          best = g_ascii_strtod (cells[c], NULL), best_rpm = g_ascii_strtod (cells[0], NULL);
    }
  expect = g_strdup_printf ("most loaded: coupling, %.6g N·m at %.6g rpm", best, best_rpm);
  g_assert_nonnull (strstr (r.out, expect));
  g_assert_nonnull (strstr (r.out, "coupling.tau_amp [N·m]"));
  cli (&st, "study", edited, "--vary", "load.J=1,3", "--outputs", "mode(2).frequency_hz", NULL);
  g_assert_cmpint (st.status, ==, 0);
  g_assert_true (g_str_has_suffix (r.out, st.out));
  sw_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/shell/modes-equal-modal", test_modes_equal_modal);
  g_test_add_func ("/cli/shell/set-run-equals-simulate", test_set_run_equals_simulate);
  g_test_add_func ("/cli/shell/units", test_units);
  g_test_add_func ("/cli/shell/undo-redo-save", test_undo_redo_save);
  g_test_add_func ("/cli/shell/errors-keep-session", test_errors_keep_session);
  g_test_add_func ("/cli/shell/errors-printable", test_errors_printable);
  g_test_add_func ("/cli/shell/failed-run-keeps-results", test_failed_run_keeps_results);
  g_test_add_func ("/cli/shell/plot-text", test_plot_text);
  g_test_add_func ("/cli/shell/help-events-export", test_help_events_export);
  g_test_add_func ("/cli/shell/frf-peak-at-mode", test_frf_peak_at_mode);
  g_test_add_func ("/cli/shell/mode-detail-equals-modal", test_mode_detail_equals_modal);
  g_test_add_func ("/cli/shell/campbell-page", test_campbell_page);
  g_test_add_func ("/cli/shell/forced-study-pages", test_forced_study_pages);
  return g_test_run ();
}
