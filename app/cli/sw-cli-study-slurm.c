/* sw-cli-study-slurm.c: a study as a Slurm job array (study --slurm DIR),
 * what it has finished (study status DIR), and joining shards (study merge).
 *
 * DIR holds:
 *   study.ini      what status reads: the number of shards and runs, the table
 *   study.sbatch   the job array, task K runs --shard K/N into shard-K.csv
 *   merge.sbatch   study merge of every shard into the table
 *   submit.sh      submits the array, then the merge with afterok on it
 *   logs/          Slurm's output of each task
 * A shard's file appears only when its task has written it whole (the CSV
 * goes through a temporary file), so status counts finished shards.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <inttypes.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "sw-cli-private.h"
#include "sw-cli-study-private.h"
#include "sw-error.h"
#include "sw-output-file.h"

static char *
dup_absolute (const char *path)
{
  g_autofree char *cwd = g_get_current_dir ();

  return g_path_is_absolute (path) ? g_canonicalize_filename (path, NULL) : g_canonicalize_filename (path, cwd);
}

static void
append_option (GString *s, const char *name, const char *value)
{
  g_autofree char *quoted = g_shell_quote (value);

  g_string_append_printf (s, " %s %s", name, quoted);
}

static gboolean
write_file (const char *path, const char *text, int mode, GError **error)
{
  if (!g_file_set_contents (path, text, -1, error))
    return FALSE;
  if (g_chmod (path, mode) != 0)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_IO, _("Cannot make “%s” executable: %s"), path, g_strerror (errno));
      return FALSE;
    }
  return TRUE;
}

/* The program itself, to run on the nodes (a shared file system is
 * assumed, as for the model). */
static char *
dup_self (void)
{
  char *self = g_file_read_link ("/proc/self/exe", NULL);

  return self != NULL ? self : g_strdup ("shaftwork-cli");
}

int
sw_cli_study_write_slurm (const SwCliStudyArgs *a, const SwStudyDesign *design)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = dup_absolute (a->slurm_dir);
  g_autofree char *model = dup_absolute (a->model_path);
  g_autofree char *self = dup_self ();
  g_autofree char *q_self = g_shell_quote (self);
  g_autofree char *q_dir = g_shell_quote (dir);
  g_autofree char *logs = g_build_filename (dir, "logs", NULL);
  g_autofree char *table = a->output != NULL ? dup_absolute (a->output) : g_build_filename (dir, "study.csv", NULL);
  g_autofree char *q_table = g_shell_quote (table);
  guint n = a->shards > 0 ? (guint) a->shards : 10;
  guint64 n_runs = sw_study_design_get_n_runs (design);
  GString *array = g_string_new ("#!/bin/sh\n");
  GString *merge = g_string_new ("#!/bin/sh\n");
  g_autofree char *submit = NULL, *ini = NULL;
  g_autofree char *array_path = g_build_filename (dir, "study.sbatch", NULL);
  g_autofree char *merge_path = g_build_filename (dir, "merge.sbatch", NULL);
  g_autofree char *submit_path = g_build_filename (dir, "submit.sh", NULL);
  g_autofree char *ini_path = g_build_filename (dir, "study.ini", NULL);
  int status = EXIT_OK;

  if (n > n_runs)
    n = (guint) MAX (n_runs, 1);
  if (g_mkdir_with_parents (logs, 0777) != 0)
    {
      g_printerr (_("Cannot make the folder “%s”: %s\n"), logs, g_strerror (errno));
      status = EXIT_MODEL;
      goto out;
    }
  /* The job array: one shard per task. */
  g_string_append_printf (array, "#SBATCH --job-name=shaftwork-study\n#SBATCH --array=0-%u\n", n - 1);
  g_string_append_printf (array, "#SBATCH --output=%s/shard-%%a.log\n", logs);
  g_string_append_printf (array, "#SBATCH --cpus-per-task=%d\n", a->cpus_per_task);
  if (a->partition != NULL)
    g_string_append_printf (array, "#SBATCH --partition=%s\n", a->partition);
  if (a->time != NULL)
    g_string_append_printf (array, "#SBATCH --time=%s\n", a->time);
  if (a->mem != NULL)
    g_string_append_printf (array, "#SBATCH --mem=%s\n", a->mem);
  g_string_append_printf (array, "\ncd %s || exit 1\nexec %s study", q_dir, q_self);
  {
    g_autofree char *q_model = g_shell_quote (model);

    g_string_append_printf (array, " %s", q_model);
  }
  for (guint k = 0; a->vary != NULL && a->vary[k] != NULL; k++)
    append_option (array, "--vary", a->vary[k]);
  for (guint k = 0; a->outputs_given != NULL && a->outputs_given[k] != NULL; k++)
    append_option (array, "--outputs", a->outputs_given[k]);
  if (a->sample != NULL)
    append_option (array, "--sample", a->sample);
  g_string_append_printf (array, " --seed %" G_GINT64_FORMAT, a->seed);
  if (a->at != NULL)
    append_option (array, "--at", a->at);
  g_string_append_printf (array, " --quiet --jobs \"${SLURM_CPUS_PER_TASK:-1}\" --shard \"${SLURM_ARRAY_TASK_ID}/%u\""
                                 " -o \"shard-${SLURM_ARRAY_TASK_ID}.csv\"\n", n);
  /* The merge: every shard, named, so that a missing one is an error. */
  g_string_append (merge, "#SBATCH --job-name=shaftwork-study-merge\n");
  g_string_append_printf (merge, "#SBATCH --output=%s/merge.log\n", logs);
  if (a->partition != NULL)
    g_string_append_printf (merge, "#SBATCH --partition=%s\n", a->partition);
  g_string_append_printf (merge, "\ncd %s || exit 1\nexec %s study merge", q_dir, q_self);
  for (guint k = 0; k < n; k++)
    g_string_append_printf (merge, " shard-%u.csv", k);
  g_string_append_printf (merge, " -o %s\n", q_table);
  submit = g_strdup_printf ("#!/bin/sh\n# Submits the job array, then the merge once every task has succeeded.\n"
                            "cd %s || exit 1\n"
                            "array=$(sbatch --parsable study.sbatch) || exit 1\n"
                            "merge=$(sbatch --parsable --dependency=afterok:\"${array%%%%;*}\" merge.sbatch) || exit 1\n"
                            "echo \"${array%%%%;*} ${merge%%%%;*}\"\n", q_dir);
  ini = g_strdup_printf ("[study]\nshards=%u\nruns=%" G_GUINT64_FORMAT "\ntable=%s\n", n, n_runs, table);
  if (!write_file (array_path, array->str, 0755, &error) || !write_file (merge_path, merge->str, 0755, &error)
      || !write_file (submit_path, submit, 0755, &error) || !write_file (ini_path, ini, 0644, &error))
    {
      status = sw_cli_model_error (error);
      goto out;
    }
  if (a->submit)
    {
      const char *args[] = { "/bin/sh", submit_path, NULL };
      g_autofree char *out = NULL, *err = NULL;
      int wait_status = 0;

      if (!g_spawn_sync (dir, (char **) args, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &wait_status, &error)
          || !g_spawn_check_wait_status (wait_status, &error))
        {
          g_printerr (_("sbatch failed: %s\n%s"), error->message, err != NULL ? err : "");
          status = EXIT_MODEL;
          goto out;
        }
      g_print (_("Submitted: job array and merge job %s"), out);
    }
  else
    g_print (_("%u shards of %" PRIu64 " runs in %s; submit with: sh %s\n"), n, n_runs, dir, submit_path);
out:
  g_string_free (array, TRUE);
  g_string_free (merge, TRUE);
  return status;
}

/* ---- study merge ---------------------------------------------------------- */

typedef struct {
  guint64 run;
  char   *line;   /* with its newline */
} Line;

static int
compare_lines (gconstpointer a, gconstpointer b)
{
  const Line *x = a, *y = b;

  return x->run < y->run ? -1 : x->run > y->run;
}

static void
clear_line (gpointer data)
{
  g_free (((Line *) data)->line);
}

/* The rows of one shard's table, checking its header against the first. */
static gboolean
read_shard (const char *path, char **header, GArray *lines, GError **error)
{
  g_autofree char *text = NULL;
  gsize length;
  char *p, *nl;
  guint line_no = 1;

  if (!g_file_get_contents (path, &text, &length, error))
    return FALSE;
  if ((nl = strchr (text, '\n')) == NULL || !g_str_has_prefix (text, "run,"))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_PARSE, _("%s:1: not a study table (its first line must start with "
                                                      "“run,”)"), path);
      return FALSE;
    }
  if (*header == NULL)
    *header = g_strndup (text, (gsize) (nl + 1 - text));
  else if (strncmp (*header, text, (gsize) (nl + 1 - text)) != 0 || strlen (*header) != (gsize) (nl + 1 - text))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_PARSE, _("%s:1: the columns differ from the first table’s"), path);
      return FALSE;
    }
  for (p = nl + 1; *p != '\0'; p = nl + 1)
    {
      Line l;
      char *end = NULL;

      line_no++;
      if ((nl = strchr (p, '\n')) == NULL)
        {
          g_set_error (error, SW_ERROR, SW_ERROR_PARSE, _("%s:%u: the last row is cut short (no line end)"), path,
                       line_no);
          return FALSE;
        }
      l.run = g_ascii_strtoull (p, &end, 10);
      if (end == p || *end != ',')
        {
          g_set_error (error, SW_ERROR, SW_ERROR_PARSE, _("%s:%u: a row must start with its run number"), path,
                       line_no);
          return FALSE;
        }
      l.line = g_strndup (p, (gsize) (nl + 1 - p));
      g_array_append_val (lines, l);
    }
  return TRUE;
}

int
sw_cli_study_merge (int argc, char **argv)
{
  g_autofree char *output = NULL;
  gboolean force = FALSE;
  GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("CSV file to write (default: standard output)"),
      N_("FILE") },
    { "force", 0, 0, G_OPTION_ARG_NONE, &force, N_("Replace the output file even if it is read-only"), NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new (N_("SHARD.csv…"));
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) lines = g_array_new (FALSE, FALSE, sizeof (Line));
  g_autofree char *header = NULL;
  SwOutputFile *out = NULL;
  GString *text;
  gboolean ok;

  g_array_set_clear_func (lines, clear_line);
  sw_cli_init_context (ctx, N_("Join the tables of a study’s shards (study --shard K/N) into the table the\n"
                               "whole study gives: every row once, in the order of the runs."), entries);
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    return sw_cli_usage_error (ctx, error->message);
  if (argc < 2)
    return sw_cli_usage_error (ctx, _("missing SHARD.csv"));
  for (int i = 1; i < argc; i++)
    if (!read_shard (argv[i], &header, lines, &error))
      return sw_cli_model_error (error);
  g_array_sort (lines, compare_lines);
  for (guint i = 1; i < lines->len; i++)
    if (g_array_index (lines, Line, i).run == g_array_index (lines, Line, i - 1).run)
      {
        g_printerr (_("run %" PRIu64 " is in more than one table: a shard given twice?\n"),
                    g_array_index (lines, Line, i).run);
        return EXIT_MODEL;
      }
  text = g_string_new (header);
  for (guint i = 0; i < lines->len; i++)
    g_string_append (text, g_array_index (lines, Line, i).line);
  if (output == NULL)
    ok = fwrite (text->str, 1, text->len, stdout) == text->len;
  else if ((out = sw_cli_open_output (output, argv[1], force, &error)) != NULL)
    ok = sw_cli_close_output (out, sw_output_file_write (out, text->str, text->len, &error), &error);
  else
    ok = FALSE;
  g_string_free (text, TRUE);
  if (!ok && error != NULL)
    return sw_cli_model_error (error);
  return ok ? EXIT_OK : EXIT_MODEL;
}

/* ---- study status --------------------------------------------------------- */

int
sw_cli_study_status (int argc, char **argv)
{
  g_autoptr (GOptionContext) ctx = g_option_context_new (N_("DIR"));
  g_autoptr (GError) error = NULL;
  g_autoptr (GKeyFile) ini = g_key_file_new ();
  g_autofree char *ini_path = NULL, *table = NULL;
  guint shards, done = 0;
  guint64 runs, rows = 0;
  g_autoptr (GString) missing = g_string_new (NULL);

  sw_cli_init_context (ctx, N_("What a study written with --slurm DIR has finished: shards, runs, failed runs,\n"
                               "and whether the merged table is there."), NULL);
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    return sw_cli_usage_error (ctx, error->message);
  if (argc != 2)
    return sw_cli_usage_error (ctx, argc < 2 ? _("missing DIR") : _("more than one DIR given"));
  ini_path = g_build_filename (argv[1], "study.ini", NULL);
  if (!g_key_file_load_from_file (ini, ini_path, G_KEY_FILE_NONE, &error))
    {
      g_printerr (_("%s: not a study folder (study --slurm DIR writes one): %s\n"), argv[1], error->message);
      return EXIT_MODEL;
    }
  shards = (guint) g_key_file_get_uint64 (ini, "study", "shards", NULL);
  runs = g_key_file_get_uint64 (ini, "study", "runs", NULL);
  table = g_key_file_get_string (ini, "study", "table", NULL);
  guint64 failed = 0;
  for (guint k = 0; k < shards; k++)
    {
      g_autofree char *name = g_strdup_printf ("shard-%u.csv", k);
      g_autofree char *path = g_build_filename (argv[1], name, NULL);
      g_autofree char *text = NULL;

      if (g_file_get_contents (path, &text, NULL, NULL))
        {
          done++;
          for (char *p = strchr (text, '\n'); p != NULL && p[1] != '\0'; p = strchr (p + 1, '\n'))
            {
              char *end = strchr (p + 1, '\n');

              rows++;
              /* A failed run's row ends in its error, not in an empty cell. */
              if (end != NULL && end[-1] != ',')
                failed++;
            }
        }
      else if (missing->len < 200)
        g_string_append_printf (missing, "%s%u", missing->len > 0 ? " " : "", k);
    }
  g_print (_("shards finished: %u of %u\n"), done, shards);
  g_print (_("runs finished: %" PRIu64 " of %" PRIu64 " (%" PRIu64 " failed)\n"),
           rows, runs, failed);
  if (missing->len > 0)
    g_print (_("shards not finished: %s\n"), missing->str);
  g_print (table != NULL && g_file_test (table, G_FILE_TEST_EXISTS) ? _("table: %s\n") : _("table: not merged yet (%s)\n"),
           table != NULL ? table : "");
  return EXIT_OK;
}
