/* sw-cli.c: shaftwork-cli, everything headless: the command dispatch and what the
 * commands share (sw-cli-private.h).
 *
 * Exit status: 0 success, 1 a model or data error, 2 a usage error.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <errno.h>
#include <locale.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#include "sw-cli-private.h"
#include "sw-modelica.h"
#include "sw-error.h"
#include "sw-output-file.h"
#include "sw-campbell.h"
#include "sw-frf.h"
#include "sw-modes.h"
#include "sw-simulate.h"
#include "sw-cli-draw.h"

static int
run_simulate (int argc, char **argv)
{
  return sw_cli_run (argc, argv, FALSE);
}

static int
run_plot (int argc, char **argv)
{
  return sw_cli_run (argc, argv, TRUE);
}

/* The commands, and the overview (shaftwork-cli --help): the commands and
 * the program's own options, each with its help, the help aligned by
 * characters, not bytes, so that a translation lines up too. */
static const struct {
  const char *name;
  const char *args;   /* translatable, or NULL */
  const char *help;
  int       (*run) (int argc, char **argv);
} commands[] = {
  { "simulate", N_("MODEL"), N_("integrate the model and write its trajectories as CSV"), run_simulate },
  { "plot", N_("MODEL"), N_("integrate the model and draw trajectories to PNG, SVG or PDF"), run_plot },
  { "modal", N_("MODEL"), N_("natural frequencies, mode shapes, energy of every body and section"), sw_cli_modal },
  { "frf", N_("MODEL"), N_("frequency response from a source or body to a variable"), sw_cli_frf },
  { "campbell", N_("MODEL"), N_("natural frequencies against shaft speed, with order lines and critical speeds"), sw_cli_campbell },
  { "forced", N_("MODEL"), N_("forced response to engine orders over a speed range: vibratory torque and stress"), sw_cli_forced },
  { "study", N_("MODEL"), N_("a parameter study: a grid or sample of runs, a few numbers of each as one CSV table (also on Slurm)"), sw_cli_study },
  { "check", N_("MODEL"), N_("report every error in a model, or a summary when it is valid"), sw_cli_check },
  { "list", NULL, N_("the catalogue of component kinds, ports and parameters"), sw_cli_list },
  { "import", N_("MODEL.mo"), N_("a Modelica model (Rotational, Translational, Blocks.Sources) as a .shaft model"), sw_cli_import },
  { "export", N_("MODEL"), N_("the model as a Modelica model"), sw_cli_export },
  { "shell", N_("[MODEL]"), N_("a terminal workbench: edit, run, plot and see the modes in one session"), sw_cli_shell },
}, options[] = {
  { "-h, --help", NULL, N_("show this help (COMMAND --help for a command’s options)"), NULL },
  { "--version", NULL, N_("show the version"), NULL },
};

static char *
dup_term (const char *name, const char *args)
{
  return args != NULL ? g_strdup_printf ("%s %s", name, _(args)) : g_strdup (name);
}

static void
append_terms (GString *text, const char *heading, guint n, const char *const *terms, const char *const *helps,
              int width)
{
  g_string_append_printf (text, "\n%s\n", heading);
  for (guint i = 0; i < n; i++)
    {
      g_string_append (text, "  ");
      sw_cli_append_cell (text, terms[i], -width);
      g_string_append_printf (text, "   %s\n", helps[i]);
    }
}

static char *
dup_overview (void)
{
  GString *text = g_string_new (NULL);
  const char *terms[G_N_ELEMENTS (commands) + G_N_ELEMENTS (options)];
  const char *helps[G_N_ELEMENTS (commands) + G_N_ELEMENTS (options)];
  char *owned[G_N_ELEMENTS (commands)];
  int width = 0;

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      terms[i] = owned[i] = dup_term (commands[i].name, commands[i].args);
      helps[i] = _(commands[i].help);
    }
  for (guint i = 0; i < G_N_ELEMENTS (options); i++)
    {
      terms[G_N_ELEMENTS (commands) + i] = options[i].name;
      helps[G_N_ELEMENTS (commands) + i] = _(options[i].help);
    }
  for (guint i = 0; i < G_N_ELEMENTS (terms); i++)
    width = MAX (width, (int) g_utf8_strlen (terms[i], -1));

  g_string_append_printf (text, "%s\n\n%s\n", _("Usage: shaftwork-cli COMMAND [OPTION…]"),
                          _("Simulate and analyse drivetrain models (*.shaft) without a window."));
  append_terms (text, _("Commands:"), G_N_ELEMENTS (commands), terms, helps, width);
  append_terms (text, _("Options:"), G_N_ELEMENTS (options), terms + G_N_ELEMENTS (commands),
                helps + G_N_ELEMENTS (commands), width);
  g_string_append_printf (text, "\n%s\n", _("Exit status: 0 success, 1 model or data error, 2 usage error."));
  for (guint i = 0; i < G_N_ELEMENTS (owned); i++)
    g_free (owned[i]);
  return g_string_free (text, FALSE);
}

void
sw_cli_append_cell (GString *line, const char *text, int width)
{
  glong pad = ABS (width) - g_utf8_strlen (text, -1);

  if (width > 0)
    for (glong i = 0; i < pad; i++)
      g_string_append_c (line, ' ');
  g_string_append (line, text);
  if (width < 0)
    for (glong i = 0; i < pad; i++)
      g_string_append_c (line, ' ');
}

int
sw_cli_column_width (const char *heading, int min_width)
{
  return MAX (min_width, (int) g_utf8_strlen (heading, -1));
}

/* --model NAME: which model of a .mo file of several (a package of
 * examples) every command takes. */
static char *modelica_model;

void
sw_cli_init_context (GOptionContext *ctx, const char *summary, const GOptionEntry *entries)
{
  static const GOptionEntry modelica_entries[] = {
    { "model", 0, 0, G_OPTION_ARG_STRING, &modelica_model,
      N_("Of a Modelica file of several models (a package of examples), the model NAME (First, Examples.First)"),
      N_("NAME") },
    G_OPTION_ENTRY_NULL
  };

  g_option_context_set_translation_domain (ctx, GETTEXT_PACKAGE);
  g_option_context_set_summary (ctx, summary);
  if (entries != NULL)
    g_option_context_add_main_entries (ctx, entries, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (ctx, modelica_entries, GETTEXT_PACKAGE);
}

int
sw_cli_usage_error (GOptionContext *ctx, const char *message)
{
  g_autofree char *help = ctx != NULL ? g_option_context_get_help (ctx, TRUE, NULL) : dup_overview ();

  g_printerr ("shaftwork-cli: %s\n\n%s", message, help);
  return EXIT_USAGE;
}

int
sw_cli_model_error (const GError *error)
{
  g_printerr ("%s\n", error->message);
  return EXIT_MODEL;
}

/* One command a process, one model: what the loaded model reads (its
 * subsystems' files), and the output the command checked before loading
 * it, so that the output is checked against those too once they are
 * known. */
static char **model_inputs;
static struct {
  char     *option, *path, *input;
  gboolean  force;
} checked_output;

/* input and the files the loaded model reads (free the array, not the
 * strings). */
static const char **
all_inputs (const char *input)
{
  guint n = model_inputs != NULL ? g_strv_length (model_inputs) : 0;
  const char **inputs = g_new0 (const char *, n + 2);

  inputs[0] = input;
  for (guint k = 0; k < n; k++)
    inputs[k + 1] = model_inputs[k];
  return inputs;
}

SwModel *
sw_cli_load_model (const char *path, int *status)
{
  g_autoptr (GError) error = NULL;
  gboolean modelica = g_str_has_suffix (path, ".mo");
  SwModel *model;

  if (!modelica && modelica_model != NULL)
    {
      g_autofree char *msg = g_strdup_printf (_("--model chooses a model of a Modelica file (*.mo); “%s” holds one "
                                                "model"), path);

      *status = sw_cli_usage_error (NULL, msg);
      return NULL;
    }
  /* A Modelica model is imported (sw-modelica.h): every command takes one. */
  model = modelica ? sw_modelica_import_file_model (path, modelica_model, &error) : sw_model_new_from_file (path, &error);
  if (model == NULL)
    *status = sw_cli_model_error (error);
  else if (sw_model_get_name (model) == NULL || *sw_model_get_name (model) == '\0')
    {
      /* Titles and headings name a model without a name by its file. */
      g_autofree char *base = g_path_get_basename (path);
      char *dot = strrchr (base, '.');

      if (dot != NULL && dot != base)
        *dot = '\0';
      sw_model_set_name (model, base);
    }
  if (model != NULL)
    {
      g_strfreev (model_inputs);
      model_inputs = sw_model_dup_input_files (model);
      /* -o onto a subsystem's file: refused before any work, as -o onto
       * the model itself is. */
      if (checked_output.path != NULL && model_inputs[0] != NULL
          && g_strcmp0 (checked_output.input, path) == 0)
        {
          g_autofree const char **inputs = all_inputs (path);
          g_autoptr (GError) error = NULL;

          if (!sw_output_file_check (checked_output.path, inputs, checked_output.force ? SW_OUTPUT_FILE_FORCE : 0,
                                     &error))
            {
              g_autofree char *msg = g_strdup_printf ("%s: %s", checked_output.option, error->message);

              *status = sw_cli_usage_error (NULL, msg);
              g_clear_object (&model);
            }
        }
    }
  return model;
}

gboolean
sw_cli_parse_range (const char *text, double *a, double *b)
{
  g_auto (GStrv) parts = text ? g_strsplit (text, ":", 2) : NULL;
  char *end;

  if (parts == NULL || g_strv_length (parts) != 2)
    return FALSE;
  *a = g_ascii_strtod (parts[0], &end);
  if (*end != '\0' || end == parts[0])
    return FALSE;
  *b = g_ascii_strtod (parts[1], &end);
  return *end == '\0' && end != parts[1];
}

gboolean
sw_cli_is_image (const char *path)
{
  g_autofree char *lower = path != NULL ? g_ascii_strdown (path, -1) : NULL;

  return lower != NULL && (g_str_has_suffix (lower, ".png") || g_str_has_suffix (lower, ".svg")
                           || g_str_has_suffix (lower, ".pdf"));
}

int
sw_cli_check_output (GOptionContext *ctx, const char *option, const char *path, const char *input,
                     gboolean force, gboolean image)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *msg = NULL;
  const char *inputs[] = { input, NULL };

  if (path == NULL)
    return EXIT_OK;
  g_free (checked_output.option);
  g_free (checked_output.path);
  g_free (checked_output.input);
  checked_output.option = g_strdup (option);
  checked_output.path = g_strdup (path);
  checked_output.input = g_strdup (input);
  checked_output.force = force;
  if (image && !sw_cli_is_image (path))
    msg = g_strdup_printf (_("%s %s: unknown image type; the name must end in .png, .svg or .pdf"), option, path);
  else if (!sw_output_file_check (path, inputs, force ? SW_OUTPUT_FILE_FORCE : 0, &error))
    {
      /* Refused only for being read-only: say what would write it anyway. */
      if (!force && sw_output_file_check (path, inputs, SW_OUTPUT_FILE_FORCE, NULL))
        msg = g_strdup_printf (_("%s: %s; --force replaces it"), option, error->message);
      else
        msg = g_strdup_printf ("%s: %s", option, error->message);
    }
  return msg != NULL ? sw_cli_usage_error (ctx, msg) : EXIT_OK;
}

/* The named temporary file being written, if any, for the signal handler to
 * remove (an unnamed O_TMPFILE vanishes by itself). */
static char pending_temporary[4096];
static volatile sig_atomic_t have_pending_temporary;

static void
remove_temporary_and_die (int sig)
{
  if (have_pending_temporary)
    unlink (pending_temporary);
  signal (sig, SIG_DFL);
  raise (sig);
}

static void
set_pending_temporary (SwOutputFile *output)
{
  const char *tmp = output != NULL ? sw_output_file_get_temporary_path (output) : NULL;

  have_pending_temporary = 0;
  if (tmp != NULL && strlen (tmp) < sizeof pending_temporary)
    {
      strcpy (pending_temporary, tmp);
      have_pending_temporary = 1;
    }
}

SwOutputFile *
sw_cli_open_output (const char *path, const char *input, gboolean force, GError **error)
{
  g_autofree const char **inputs = all_inputs (input);
  SwOutputFile *output;
  sigset_t block, old;

  /* A Ctrl+C between making the named temporary file and telling the
   * handler its name would leave it: it waits until the handler knows. */
  sigemptyset (&block);
  sigaddset (&block, SIGINT);
  sigaddset (&block, SIGTERM);
  sigaddset (&block, SIGHUP);
  sigprocmask (SIG_BLOCK, &block, &old);
  output = sw_output_file_open (path, inputs, force ? SW_OUTPUT_FILE_FORCE : 0, error);
  if (output != NULL)
    set_pending_temporary (output);
  sigprocmask (SIG_SETMASK, &old, NULL);
  return output;
}

gboolean
sw_cli_close_output (SwOutputFile *output, gboolean keep, GError **error)
{
  gboolean ok = FALSE;

  if (keep)
    ok = sw_output_file_commit (output, error);
  else
    sw_output_file_abort (output);
  set_pending_temporary (NULL);
  return ok;
}

/* Opens path (refusing the input, and a read-only file unless force), has
 * write fill it, commits it. */
typedef gboolean (*WriteFunc) (SwOutputFile *output, gconstpointer data, GError **error);

static int
write_output (const char *path, const char *input, gboolean force, WriteFunc write, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  SwOutputFile *output = sw_cli_open_output (path, input, force, &error);

  if (output == NULL)
    return sw_cli_model_error (error);
  return sw_cli_close_output (output, write (output, data, &error), &error) ? EXIT_OK : sw_cli_model_error (error);
}

static gboolean
write_csv (SwOutputFile *output, gconstpointer data, GError **error)
{
  return sw_trajectory_write_csv_to_output (data, output, error);
}

int
sw_cli_write_csv (SwTrajectory *tr, const char *path, const char *input, gboolean force)
{
  g_autoptr (GError) error = NULL;

  if (path == NULL)
    return sw_trajectory_write_csv (tr, NULL, &error) ? EXIT_OK : sw_cli_model_error (error);
  return write_output (path, input, force, write_csv, tr);
}

typedef struct {
  SwTrajectory          *tr;
  const guint           *cols;
  guint                  n;
  const SwPlotFileStyle *style;
  const char            *title;
} PlotJob;

static gboolean
write_plot (SwOutputFile *output, gconstpointer data, GError **error)
{
  const PlotJob *job = data;
  const SwCliDraw *draw = sw_cli_draw (error);

  return draw != NULL
         && draw->write_to_output (job->tr, job->cols, job->n, job->title, job->style, output, 1200, 800, error);
}

int
sw_cli_write_plot (SwTrajectory *tr, const guint *cols, guint n, const SwPlotFileStyle *style, const char *title,
                   const char *path, const char *input, gboolean force)
{
  PlotJob job = { tr, cols, n, style, title };

  return write_output (path, input, force, write_plot, &job);
}

/* The columns of tr worth drawing, and how: a frequency response as a Bode
 * plot (magnitude on log-log axes, phase over log frequency), anything else
 * every column on linear axes. Returns how many went into cols. */
static guint
plot_columns (const SwTrajectory *tr, guint *cols, SwPlotFileStyle *style)
{
  guint n = MIN (sw_trajectory_get_n_columns (tr), SW_PLOT_FILE_MAX_COLUMNS);
  int magnitude = sw_trajectory_find_column (tr, "magnitude");
  int phase = sw_trajectory_find_column (tr, "phase_deg");

  *style = (SwPlotFileStyle) { FALSE, 0 };
  if (strcmp (sw_trajectory_get_x_name (tr), "frequency_hz") == 0 && magnitude >= 0 && phase >= 0)
    {
      cols[0] = (guint) magnitude;
      cols[1] = (guint) phase;
      *style = (SwPlotFileStyle) { .log_x = TRUE, .log_y_columns = 1u << 0 };
      return 2;
    }
  for (guint c = 0; c < n; c++)
    cols[c] = c;
  return n;
}

/* CSV to a file or stdout, or the columns drawn into an image. */
int
sw_cli_write_table (SwTrajectory *tr, const char *path, const char *title, const char *input, gboolean force)
{
  if (sw_cli_is_image (path))
    {
      guint cols[SW_PLOT_FILE_MAX_COLUMNS];
      SwPlotFileStyle style;
      guint n = plot_columns (tr, cols, &style);

      return sw_cli_write_plot (tr, cols, n, &style, title, path, input, force);
    }
  return sw_cli_write_csv (tr, path, input, force);
}

SwSystem *
sw_cli_load_system (const char *path, int *status)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_cli_load_model (path, status);
  SwSystem *sys;

  if (model == NULL)
    return NULL;
  if (!(sys = sw_model_assemble (model, &error)))
    *status = sw_cli_model_error (error);
  return sys;
}


/* Where the translations are: LOCALEDIR, the installed ones, unless
 * SW_LOCALEDIR names another directory (the tests point it at the build's
 * compiled catalogues to run the program uninstalled). */
static const char *
locale_dir (void)
{
  const char *dir = g_getenv ("SW_LOCALEDIR");

  return dir != NULL && dir[0] != '\0' ? dir : LOCALEDIR;
}

/* What a command printed must have arrived: a full disk or a closed pipe
 * behind standard output is an error (exit 1), not a silent success. */
static int
finish_stdout (int status)
{
  if ((fflush (stdout) != 0 || ferror (stdout)) && status == EXIT_OK)
    {
      g_printerr (_("shaftwork-cli: cannot write to standard output: %s\n"), g_strerror (errno));
      return EXIT_MODEL;
    }
  return status;
}

/* "unknown command", with the closest command when one is a few edits
 * away (a third of its letters, rounded up) or starts with what was
 * written. */
static char *
dup_unknown_command (const char *command)
{
  const char *closest = NULL;
  guint best = G_MAXUINT;

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      const char *name = commands[i].name;
      guint d = strlen (command) >= 2 && g_str_has_prefix (name, command) ? 0 : sw_edit_distance (command, name);

      if (d < best && d <= (strlen (name) + 2) / 3)
        best = d, closest = name;
    }
  if (closest != NULL)
    return g_strdup_printf (_("unknown command “%s”; did you mean “%s”?"), command, closest);
  return g_strdup_printf (_("unknown command “%s”"), command);
}

/* Text goes out in the locale's charset, as GLib's own handlers write it,
 * less the soft hyphens that German labels carry for the window's narrow
 * palette: a terminal shows each as a hyphen. */
static void
put_text (FILE *stream, GString *text)
{
  g_autofree char *converted = NULL;
  const char *charset;

  g_string_replace (text, "\u00AD", "", 0);
  if (!g_get_charset (&charset))
    converted = g_convert_with_fallback (text->str, -1, charset, "UTF-8", "?", NULL, NULL, NULL);
  fputs (converted != NULL ? converted : text->str, stream);
  fflush (stream);
}

static void
print_out (const char *text)
{
  g_autoptr (GString) out = g_string_new (text);

  put_text (stdout, out);
}

/* Messages quote file names, ids and options as given: their control
 * characters are shown as \xNN (a file named with an escape sequence
 * recoloured or retitled the terminal, hos26). The progress line's own
 * "\r\033[K" passes. */
static void
print_err_printable (const char *text)
{
  g_autoptr (GString) out = NULL;

  if (strcmp (text, "\r\033[K") == 0)
    {
      fputs (text, stderr);
      return;
    }
  out = g_string_sized_new (strlen (text));
  for (const char *p = text; *p != '\0'; p++)
    {
      guchar c = (guchar) *p;

      if ((c < 0x20 && c != '\n' && c != '\t' && c != '\r') || c == 0x7f)
        g_string_append_printf (out, "\\x%02x", c);
      else if (c == 0xc2 && (guchar) p[1] >= 0x80 && (guchar) p[1] <= 0x9f)   /* U+0080 … U+009F */
        g_string_append_printf (out, "\\u%04x", (guchar) *++p);
      else
        g_string_append_c (out, (char) c);
    }
  put_text (stderr, out);
}

int
main (int argc, char **argv)
{
  const char *command;

  setlocale (LC_ALL, "");
  /* Numbers with a decimal point in every locale, as the CSV, the JSON and
   * the window write them: a table of the modes had 10,5366 beside 1.0000. */
  setlocale (LC_NUMERIC, "C");
  bindtextdomain (GETTEXT_PACKAGE, locale_dir ());
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_set_print_handler (print_out);
  g_set_printerr_handler (print_err_printable);
  sw_init_program ();
  /* Ctrl+C or a kill while a file is written leaves no temporary file. */
  signal (SIGINT, remove_temporary_and_die);
  signal (SIGTERM, remove_temporary_and_die);
  signal (SIGHUP, remove_temporary_and_die);
  if (argc < 2)
    {
      g_autofree char *overview = dup_overview ();

      g_printerr ("%s", overview);
      return EXIT_USAGE;
    }
  command = argv[1];
  /* Help and usage lines read "shaftwork-cli simulate [OPTION…] MODEL". */
  {
    g_autofree char *prgname = g_strdup_printf ("shaftwork-cli %s", command);
    g_set_prgname (prgname);
  }
  if (g_str_equal (command, "--help") || g_str_equal (command, "-h") || g_str_equal (command, "help"))
    {
      g_autofree char *overview = dup_overview ();

      g_print ("%s", overview);
      return EXIT_OK;
    }
  if (g_str_equal (command, "--version"))
    {
      g_print ("shaftwork-cli %s\n", SW_VERSION);
      return EXIT_OK;
    }
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_str_equal (command, commands[i].name))
      return finish_stdout (commands[i].run (argc - 1, argv + 1));
  {
    g_autofree char *msg = dup_unknown_command (command);

    return sw_cli_usage_error (NULL, msg);
  }
}
