/* bench-shell.c: an edit in shaftwork-cli shell to a redrawn terminal plot,
 * on the four-body example (data/examples/fourbody.shaft, 2 s, 4 001 rows):
 * `set coupling.c …` parsed and applied, the model assembled and simulated,
 * its modes computed, and the plot of the four speeds drawn as braille
 * text at 80 × 24 (what the screen shows after every edit). Issue 27's
 * target: at most 50 ms an edit.
 *
 * On a terminal that shows sixel images the plot is one instead: PLplot's
 * drawing at the pane's size (530 × 420 pixels at 80 × 24 with cells of
 * 10 × 20), without anti-aliasing (the palette's few colours, sent
 * exactly), encoded as sixel; timed too, with its size in bytes, and the
 * CPU time of the edit and the image together (the machine's load makes
 * wall time noisy).
 *
 * Against a baseline in the same process: the same edit made through the
 * model API (sw_model_set_param), assembled, simulated and its modes
 * computed, nothing drawn; the ratio is what the shell adds (parsing,
 * history snapshot, the event log, the plot).
 *
 * Run: meson test -C build --benchmark bench-shell --verbose
 *      or SW_SOURCE_ROOT=. build/tests/bench-shell [EDITS]
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <glib.h>

#include "sw-error.h"
#include "sw-plot-file.h"
#include "sw-model.h"
#include "sw-modes.h"
#include "sw-shell-private.h"
#include "sw-simulate.h"
#include "sw-system.h"

/* This thread's CPU time in µs: on a loaded machine (2 cores shared by
 * several jobs) wall time measures the load more than the work. */
static gint64
cpu_time_us (void)
{
  struct timespec t;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &t);
  return (gint64) t.tv_sec * G_USEC_PER_SEC + t.tv_nsec / 1000;
}

/* The process's CPU time in µs: the edit's run may use worker threads. */
static gint64
process_cpu_time_us (void)
{
  struct timespec t;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &t);
  return (gint64) t.tv_sec * G_USEC_PER_SEC + t.tv_nsec / 1000;
}

static int
compare (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median (double *v, guint n)
{
  qsort (v, n, sizeof *v, compare);
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

int
main (int argc, char **argv)
{
  guint edits = argc > 1 ? (guint) atoi (argv[1]) : 40;
  const char *root = g_getenv ("SW_SOURCE_ROOT");
  g_autofree char *path = g_build_filename (root != NULL ? root : ".", "data", "examples", "fourbody.shaft", NULL);
  g_autofree double *shell_ms = g_new (double, edits), *base_ms = g_new (double, edits);
  g_autofree double *plot_ms = g_new (double, edits), *sixel_ms = g_new (double, edits);
  g_autofree double *sixel_cpu_ms = g_new (double, edits), *plot_cpu_ms = g_new (double, edits);
  g_autofree double *edit_cpu_ms = g_new (double, edits), *total_cpu_ms = g_new (double, edits);
  g_autofree double *smooth_cpu_ms = g_new (double, edits);
  gsize smooth_bytes = 0;
  gsize sixel_bytes = 0;
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = NULL;
  SwShell shell;
  gsize chars = 0;

  sw_init ();
  sw_shell_init (&shell);
  shell.plot_width = 80 - 27;   /* the screen at 80 × 24: the tree beside the plot */
  shell.plot_height = 21;
  shell.unicode = TRUE;
  if (!sw_shell_open (&shell, path, &error) || !sw_shell_update_results (&shell, &error))
    g_error ("%s", error->message);
  model = sw_model_new_from_file (path, &error);
  g_assert_no_error (error);

  for (guint k = 0; k < edits; k++)
    {
      double c = 2e3 + 100 * (k % 10 + 1);
      g_autofree char *line = g_strdup_printf ("set coupling.c %g N.m/rad", c);
      gint64 t0, t1, t2, e0;

      /* The shell: the edit, the run, the plot. */
      t0 = g_get_monotonic_time ();
      e0 = process_cpu_time_us ();
      if (!sw_shell_execute (&shell, line) || !sw_shell_update_results (&shell, &error))
        g_error ("%s%s", shell.out->str, error != NULL ? error->message : "");
      edit_cpu_ms[k] = (process_cpu_time_us () - e0) / 1e3;
      t1 = g_get_monotonic_time ();
      {
        gint64 c0 = cpu_time_us ();

        sw_shell_append_plot (&shell);
        plot_cpu_ms[k] = (cpu_time_us () - c0) / 1e3;
      }
      t2 = g_get_monotonic_time ();
      chars = g_utf8_strlen (shell.out->str, -1);
      g_string_truncate (shell.out, 0);
      {
        guint cols[SW_SHELL_MAX_PLOT], n = sw_shell_get_plot_columns (&shell, cols);
        gint64 t3 = g_get_monotonic_time (), c3 = cpu_time_us ();

        if (!sw_shell_plot_sixel_append (shell.out, shell.trajectory, cols, n, 530, 420, FALSE, FALSE, &error))
          g_error ("%s", error->message);
        sixel_ms[k] = (g_get_monotonic_time () - t3) / 1e3;
        sixel_cpu_ms[k] = (cpu_time_us () - c3) / 1e3;
        total_cpu_ms[k] = edit_cpu_ms[k] + sixel_cpu_ms[k];
        sixel_bytes = shell.out->len;
        g_string_truncate (shell.out, 0);
      }
      {
        /* The baseline of the image: the same drawing anti-aliased, as the
         * PNG files have it (thousands of shades quantised to 256). */
        guint cols[SW_SHELL_MAX_PLOT], n = sw_shell_get_plot_columns (&shell, cols);
        gint64 c0 = cpu_time_us ();
        cairo_surface_t *image = sw_plot_file_draw_image (shell.trajectory, cols, n, NULL, NULL,
                                                          SW_PLOT_IMAGE_DEFAULT, "the bench", 530, 420, &error);

        if (image == NULL)
          g_error ("%s", error->message);
        sw_shell_sixel_append (shell.out, (const guint32 *) cairo_image_surface_get_data (image), 530, 420,
                               (gsize) cairo_image_surface_get_stride (image) / 4);
        cairo_surface_destroy (image);
        smooth_cpu_ms[k] = (cpu_time_us () - c0) / 1e3;
        smooth_bytes = shell.out->len;
        g_string_truncate (shell.out, 0);
      }
      shell_ms[k] = (t2 - t0) / 1e3;
      plot_ms[k] = (t2 - t1) / 1e3;

      /* The baseline: the same through the model API, nothing drawn. */
      t0 = g_get_monotonic_time ();
      {
        g_autoptr (SwSystem) sys = NULL;
        g_autoptr (SwTrajectory) tr = NULL;
        g_autoptr (SwModes) modes = NULL;
        SwSimulateOptions o;
        SwModesOptions mo = sw_modes_options_default ();

        if (!sw_model_set_param (model, sw_model_find_component (model, "coupling"), "c", c, &error)
            || !(sys = sw_model_assemble (model, &error)))
          g_error ("%s", error->message);
        o = sw_simulate_options_from_system (sys);
        if (!(tr = sw_simulate (sys, &o, NULL, NULL, NULL, &error)))
          g_error ("%s", error->message);
        mo.keep_values = FALSE;
        if (!(modes = sw_modes_compute_with_options (sys, 0, NULL, &mo, &error)))
          g_error ("%s", error->message);
      }
      base_ms[k] = (g_get_monotonic_time () - t0) / 1e3;
    }
  {
    double s = median (shell_ms, edits), b = median (base_ms, edits), p = median (plot_ms, edits);
    double x = median (sixel_ms, edits), xc = median (sixel_cpu_ms, edits), pc = median (plot_cpu_ms, edits);
    double ec = median (edit_cpu_ms, edits), tc = median (total_cpu_ms, edits), sc = median (smooth_cpu_ms, edits);

    printf ("four-body example, %u edits (median): edit to redrawn plot %.2f ms (target <= 50 ms), "
            "of which the plot %.3f ms (%zu characters); baseline set + assemble + simulate + modes %.2f ms; "
            "ratio %.2f\n", edits, s, p, chars, b, s / b);
    printf ("sixel: the plot as a 530 × 420 image %.2f ms (%zu bytes), %.1f × the braille plot; "
            "edit to redrawn image %.2f ms, ratio to the baseline %.2f\n",
            x, sixel_bytes, x / p, s - p + x, (s - p + x) / b);
    printf ("CPU time of this thread: the braille plot %.3f ms, the sixel image %.2f ms (PLplot's drawing without "
            "anti-aliasing and the encoding), ratio %.1f\n", pc, xc, xc / pc);
    printf ("CPU time of an edit on a sixel terminal: set + assemble + simulate + modes %.2f ms (all threads), "
            "+ the image = %.2f ms (target <= 50 ms)\n", ec, tc);
    printf ("the image anti-aliased instead (the PNG's drawing, quantised): %.2f ms CPU, %zu bytes; "
            "ratio of the image without anti-aliasing to it: time %.2f, bytes %.2f\n",
            sc, smooth_bytes, xc / sc, (double) sixel_bytes / (double) smooth_bytes);
  }
  sw_shell_clear (&shell);
  return 0;
}
