/* sw-cli-private.h: what the commands of shaftwork-cli share.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>
#include "sw-model.h"
#include "sw-modes.h"
#include "sw-system.h"
#include "sw-trajectory.h"
#include "sw-plot-file.h"

G_BEGIN_DECLS

/* Exit status: success, a model or data error, a usage error. */
enum { EXIT_OK = 0, EXIT_MODEL = 1, EXIT_USAGE = 2 };

/* Prints the message and the command's help (the overview when ctx is
 * NULL) to stderr; returns EXIT_USAGE. */
int       sw_cli_usage_error  (GOptionContext *ctx, const char *message);
/* Prints the error; returns EXIT_MODEL. */
int       sw_cli_model_error  (const GError *error);
/* Sets the translation domain (for the summary, the option descriptions and
 * their arguments), the summary, and the entries when not NULL. */
void      sw_cli_init_context (GOptionContext *ctx, const char *summary, const GOptionEntry *entries);
/* Appends text padded with spaces to |width| characters (not bytes), right-
 * aligned when width > 0, left-aligned when width < 0. */
void      sw_cli_append_cell  (GString *line, const char *text, int width);
/* The wider of min_width and the heading, in characters. */
int       sw_cli_column_width (const char *heading, int min_width);
/* NULL with *status set (and the error printed) when it fails. */
SwModel  *sw_cli_load_model   (const char *path, int *status);
SwSystem *sw_cli_load_system  (const char *path, int *status);
/* Whether path ends in .png, .svg or .pdf (any case). */
gboolean  sw_cli_is_image     (const char *path);
/* Before any work: whether path (NULL: nothing to check) can be written as
 * an output of input with or without --force, and is an image when image is
 * TRUE; otherwise prints a usage error naming option and returns EXIT_USAGE. */
int       sw_cli_check_output (GOptionContext *ctx, const char *option, const char *path, const char *input,
                               gboolean force, gboolean image);
/* The writers: never onto input, a read-only file only when force, every
 * write checked (sw-output-file.h); EXIT_OK or EXIT_MODEL with the error
 * printed. CSV to a file or stdout (path NULL): */
int       sw_cli_write_csv    (SwTrajectory *tr, const char *path, const char *input, gboolean force);
/* The columns drawn into an image (style may be NULL): */
int       sw_cli_write_plot   (SwTrajectory *tr, const guint *cols, guint n, const SwPlotFileStyle *style,
                               const char *title, const char *path, const char *input, gboolean force);
/* An image of the columns worth drawing when path names one, CSV otherwise. */
int       sw_cli_write_table  (SwTrajectory *tr, const char *path, const char *title, const char *input,
                               gboolean force);

/* An output file for a command (refusing the input, and a read-only file
 * unless force), whose temporary file Ctrl+C removes; closed by committing
 * it when keep, else dropping it (then FALSE). */
SwOutputFile *sw_cli_open_output  (const char *path, const char *input, gboolean force, GError **error);
gboolean      sw_cli_close_output (SwOutputFile *output, gboolean keep, GError **error);

/* Reads the number an option was given as text (nothing when text is NULL):
 * TRUE when it is finite with above < value < below; otherwise prints a usage
 * error naming the option and what is valid, sets *status and returns FALSE. */
gboolean  sw_cli_parse_number (GOptionContext *ctx, const char *option, const char *text, double above,
                               double below, const char *valid, double *value, int *status);

/* "N0:N1": two numbers separated by a colon. */
gboolean  sw_cli_parse_range  (const char *text, double *a, double *b);

/* The --friction option of the linear analyses (modal, frf, campbell,
 * forced); its text goes to sw_linear_friction_from_string(). */
#define FRICTION_ENTRY(var)                                                                                   \
  { "friction", 0, 0, G_OPTION_ARG_STRING, &(var),                                                            \
    N_("Friction elements (clutches, brakes, bearing friction): as at the operating point (default), all "  \
       "locked, all open (released), or engaged (clutches locked, brakes released)"),                        \
    N_("operating|locked|open|engaged") }

/* The --at option of the linear analyses: the operating point's time. */
#define AT_ENTRY(var)                                                                                         \
  { "at", 0, 0, G_OPTION_ARG_DOUBLE, &(var),                                                                  \
    N_("Operating point: the state of a simulation at time T (default 0: the initial state)"), N_("T") }

/* The state at time at (>= 0, finite: checked before) of a run of sys, in
 * *state; NULL there for 0 (the initial state). FALSE after printing the
 * run's error naming path. */
gboolean  sw_cli_operating_state (SwSystem *sys, double at, const char *path, double **state);

/* The progress line of a long run: simulated time / stop time and rate, on
 * a terminal (redrawn in place) once a run has taken a second; when forced,
 * from the start, as lines for a log if not a terminal; none when quiet. */
typedef struct {
  gboolean enabled, terminal, shown;
  double   after_s;
  gint64   start_us, last_us;
} SwCliProgress;

void      sw_cli_progress_init   (SwCliProgress *progress, gboolean quiet, gboolean forced);
/* An SwProgressFunc; data is the SwCliProgress. */
void      sw_cli_progress_update (double t, double stop_time_s, gpointer data);
/* Clears the line if one was shown. */
void      sw_cli_progress_end    (SwCliProgress *progress);

/* The commands: argv[0] is the command's name. */
/* `modal --json` of modes to stdout (sw-cli-modal-json.c); utf8: the
 * locale's charset is UTF-8 (else g_print converts). */
gboolean  sw_cli_modal_json   (SwModes *modes, const char *name, gboolean utf8);
/* `modal` as text, the same way (sw-cli-modal-text.c). */
void      sw_cli_modal_text   (SwModes *modes, const char *name, gboolean utf8);

int       sw_cli_run          (int argc, char **argv, gboolean plot);
int       sw_cli_check        (int argc, char **argv);
int       sw_cli_list         (int argc, char **argv);
int       sw_cli_import       (int argc, char **argv);
int       sw_cli_export       (int argc, char **argv);
int       sw_cli_modal        (int argc, char **argv);
int       sw_cli_frf          (int argc, char **argv);
int       sw_cli_campbell     (int argc, char **argv);
int       sw_cli_forced       (int argc, char **argv);
int       sw_cli_study        (int argc, char **argv);
int       sw_cli_shell        (int argc, char **argv);

G_END_DECLS
