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
  /* Sixel images: whether the terminal said it shows them (asked, never
   * assumed; only ever on a terminal), whether set-option turned them off,
   * and the size of a character cell in pixels. */
  gboolean      sixel_supported, sixel_off;
  guint         cell_width_px, cell_height_px;
  gboolean      dark_background;   /* the terminal said so (OSC 11): a dark sixel plot */
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
/* The plotted variables that the last good results hold, as columns (at
 * most SW_SHELL_MAX_PLOT); how many. */
guint     sw_shell_get_plot_columns (SwShell *shell, guint *cols);
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

/* sw-shell-sixel.c */
/* Appends an image (pixels as cairo's RGB24/ARGB32, opaque, stride in
 * pixels) as a sixel DCS string: ESC P 0;1;0 q "1;1;W;H, the palette (the
 * colours exactly when there are at most 256, else the 256 most frequent
 * and the nearest of them), bands of six rows, ESC \. */
void      sw_shell_sixel_append    (GString *out, const guint32 *pixels, guint width, guint height, gsize stride);

/* What a terminal said about itself. */
typedef struct {
  gboolean sixel;                            /* DA1's parameters hold 4 */
  guint    cell_width_px, cell_height_px;    /* 0 when not said */
  gboolean background_known;                 /* OSC 11 answered */
  gboolean background_dark;                  /* its luminance under half */
} SwShellTerminal;

/* Reads a terminal's answers (DA1: ESC [ ? Ps;… c; XTWINOPS 16: ESC [ 6 ;
 * H ; W t; OSC 11: ESC ] 11 ; rgb:R/G/B ended by BEL or ESC \, each of 1
 * to 4 hex digits) among anything else; TRUE when the DA1 answer is
 * complete. */
gboolean  sw_shell_terminal_parse_reply (const char *reply, gsize len, SwShellTerminal *terminal);
/* Asks the terminal on out_fd (cell size, background colour, then DA1) and reads the answer
 * from in_fd (a terminal: raw mode meanwhile, restored afterwards) for at
 * most timeout_ms; FALSE (terminal all zero) when no DA1 answer came. */
gboolean  sw_shell_terminal_query  (int in_fd, int out_fd, guint timeout_ms, SwShellTerminal *terminal);
/* The columns of tr drawn by PLplot (as simulate -o x.png draws them:
 * axes, units, legend, but without anti-aliasing, so that the image has
 * only the palette's few colours) into width_px × height_px, in the dark
 * palette when dark, and appended as sixel. */
gboolean  sw_shell_plot_sixel_append (GString *out, const SwTrajectory *tr, const guint *columns, guint n,
                                      guint width_px, guint height_px, gboolean stale, gboolean dark,
                                      GError **error);

/* sw-shell-layout.c */
typedef enum { SW_SHELL_PAGE_PLOT, SW_SHELL_PAGE_MODES, SW_SHELL_PAGE_TEXT } SwShellPage;

/* What the full screen shows. */
typedef struct {
  SwShellPage page;
  const char *page_text;   /* SW_SHELL_PAGE_TEXT's */
  const char *message;     /* the message line's (wrapped), or NULL */
  gboolean    failed;      /* the message is an error */
  guint       scroll;      /* the text page's first line shown (kept in range) */
  /* Set by sw_shell_layout_compose(): */
  gboolean    more;        /* the message did not fit whole */
  guint       page_lines, page_rows;   /* the text page's lines, and how many show */
} SwShellView;

/* The escapes that draw the whole screen of width × height cells (the last
 * row left to the prompt) into screen. */
void      sw_shell_layout_compose  (SwShell *shell, SwShellView *view, guint width, guint height, GString *screen);

/* sw-shell-screen.c: the full-screen session on a terminal. */
int       sw_shell_run_interactive (SwShell *shell);

G_END_DECLS
