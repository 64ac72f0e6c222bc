/* sw-shell-private.h: shaftwork-cli shell, the terminal workbench.
 *
 * One session holds one model (with its undo history), the results of its
 * last good run (trajectory, modes, event log) and the variables plotted.
 * Commands (sw-shell-commands.c) edit the model and print into the
 * session's output; the results are brought up to date when a command needs
 * them (sw-shell.c), and a run that fails keeps the last good results,
 * marked stale. Read from a file or a pipe, the output is plain text; on a
 * terminal, the screen (sw-shell-screen.c) redraws the tree, the plot and
 * the last output after every command.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>
#include "sw-history.h"
#include "sw-model.h"
#include "sw-modes.h"
#include "sw-system.h"
#include "sw-trajectory.h"

G_BEGIN_DECLS

/* At most this many curves in one terminal plot. */
#define SW_SHELL_MAX_PLOT 6

typedef struct {
  SwModel      *model;         /* NULL until a model is open */
  SwHistory    *history;
  char         *path;          /* the file it was read from or saved to, or NULL */
  /* The last good results and what they are of. */
  SwTrajectory *trajectory;
  SwModes      *modes;
  GArray       *events;        /* SwEventLogEntry */
  char         *modes_error;   /* why the modes of the last good run failed, or NULL */
  gboolean      stale;         /* the model changed since, or its last run failed */
  char         *stale_reason;  /* the failed run's message, or NULL */
  gboolean      dirty;         /* edited since the last run was tried */
  char        **plot_vars;     /* the variables plotted (NULL-terminated) */
  /* Output: text for the user, and whether the plot is drawn with Unicode
   * braille (else ASCII) and colour (ANSI escapes). */
  GString      *out;
  gboolean      unicode, color, interactive;
  guint         plot_width, plot_height;   /* in character cells */
  gboolean      quit;
  gboolean      quit_asked;    /* quit was refused once for unsaved edits */
  guint         n_failed;      /* commands that failed (exit status of a script) */
} SwShell;

/* sw-shell.c */
void      sw_shell_init            (SwShell *shell);
void      sw_shell_clear           (SwShell *shell);
/* Replaces the session's model by the file at path (.shaft or .mo). */
gboolean  sw_shell_open            (SwShell *shell, const char *path, GError **error);
/* Runs the model when it changed since the last run; FALSE (results kept,
 * marked stale) when the run fails. */
gboolean  sw_shell_update_results  (SwShell *shell, GError **error);
/* The same in three steps, for a worker thread: the snapshot of the model
 * (on the thread that owns it; the model counts as run from then on), the
 * run and the modes (any thread; cancellable may be NULL), and the results
 * put into the session (on the owner's thread: FALSE with the error, the
 * last good results then kept and marked stale). */
typedef struct _SwShellRun SwShellRun;
SwShellRun *sw_shell_run_new       (SwShell *shell);
void      sw_shell_run_compute     (SwShellRun *run, GCancellable *cancellable);
gboolean  sw_shell_run_apply       (SwShell *shell, SwShellRun *run, GError **error);
void      sw_shell_run_free        (SwShellRun *run);
/* Reads one command line and carries it out; FALSE when it failed (the
 * message is in the output). */
gboolean  sw_shell_execute         (SwShell *shell, const char *line);
/* Appends printf-style text to the output. */
void      sw_shell_print           (SwShell *shell, const char *format, ...) G_GNUC_PRINTF (2, 3);

/* sw-shell-commands.c */
/* The plotted variables of the last good results, into the output. */
void      sw_shell_append_plot     (SwShell *shell);
typedef gboolean (*SwShellCommandFunc) (SwShell *shell, int argc, char **argv, GError **error);
typedef struct {
  const char        *name;
  const char        *args;      /* N_(), or NULL */
  const char        *help;      /* N_() */
  SwShellCommandFunc func;
} SwShellCommand;

const SwShellCommand *sw_shell_get_commands (guint *n);
const SwShellCommand *sw_shell_find_command (const char *name);

/* sw-shell-analysis.c: frf and campbell (argv[0] is which). */
gboolean  sw_shell_cmd_analysis    (SwShell *shell, int argc, char **argv, GError **error);

/* sw-shell-parse.c */
/* The component and parameter of "ID.PARAM" in the model; FALSE with an
 * error saying what is valid. */
gboolean  sw_shell_parse_target    (SwModel *model, const char *text, guint *component, int *param,
                                    GError **error);
/* A number as the inspector reads it (space around ignored, a comma is a
 * decimal point, "−" a minus), with an optional unit: the parameter's
 * own, as displayed ("N·m/rad"), or a scaled one (rpm for rad/s, deg or °
 * for rad); the value in the parameter's unit. */
gboolean  sw_shell_parse_value     (const SwParamDesc *desc, const char *number, const char *unit,
                                    double *value, GError **error);
/* A line split into words (quotes group words, as in a shell). */
char    **sw_shell_split_line      (const char *line, GError **error);
/* %g with a short exponent, and the unit as the plots write it. */
char     *sw_shell_dup_quantity    (double value, const char *unit);

/* sw-shell-plot.c */
typedef struct {
  guint    width, height;   /* the whole plot, in character cells */
  gboolean unicode;         /* braille cells; else ASCII characters */
  gboolean color;           /* ANSI colours per curve */
  gboolean log_x;           /* a logarithmic x axis (positive x only) */
} SwShellPlotStyle;

/* Appends the columns of tr against time to out: one panel per unit, with
 * axes, tick values, units and a legend. */
void      sw_shell_plot_append     (GString *out, const SwTrajectory *tr, const guint *columns, guint n,
                                    const SwShellPlotStyle *style, gboolean stale);
/* The modes table: frequencies, damping and the most excitable section with
 * a bar of its share of the potential energy. */
void      sw_shell_modes_append    (GString *out, SwModes *modes, gboolean unicode, gboolean stale);

/* One mode: the shape and kinetic energy of every body, the potential
 * energy of every section, each share with a bar. */
void      sw_shell_mode_append     (GString *out, SwModes *modes, guint index, gboolean unicode);

/* sw-shell-screen.c: the full-screen session on a terminal. */
int       sw_shell_run_interactive (SwShell *shell);

G_END_DECLS
