/* sw-cli-study.c: study, a parameter study as one CSV table.
 *
 * Worker threads each own a copy of the model (an SwModel belongs to one
 * thread) and take the next run; the main thread writes the rows in the
 * order of the runs as they complete, so the table is the same whatever
 * --jobs. A worker waits when it is more than a window of runs ahead of the
 * writer, so memory does not grow with the number of runs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <inttypes.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <glib/gi18n.h>

#include "sw-cli-private.h"
#include "sw-cli-study-private.h"
#include "sw-error.h"
#include "sw-number.h"
#include "sw-output-file.h"
#include "sw-study-run.h"

/* A finished run waiting to be written. */
typedef struct {
  gboolean done;
  double  *values;
  char    *error;
} Row;

typedef struct {
  GMutex  lock;
  GCond   cond;
  guint64 next, end;       /* runs handed out, and the shard's end */
  guint64 written;         /* the next run to write */
  guint   window;          /* rows that may wait: ring[run % window] */
  Row    *ring;
  guint   n_outputs;
  gboolean stop;
} Queue;

typedef struct {
  Queue         *queue;
  SwStudyRunner *runner;
} Worker;

static gpointer
work (gpointer data)
{
  Worker *w = data;
  Queue *q = w->queue;

  for (;;)
    {
      guint64 run;
      Row *row;
      g_autoptr (GError) error = NULL;
      double *values;

      g_mutex_lock (&q->lock);
      while (!q->stop && q->next < q->end && q->next - q->written >= q->window)
        g_cond_wait (&q->cond, &q->lock);
      if (q->stop || q->next >= q->end)
        {
          g_mutex_unlock (&q->lock);
          return NULL;
        }
      run = q->next++;
      row = &q->ring[run % q->window];
      values = row->values;
      g_mutex_unlock (&q->lock);

      /* The slot is this worker's until done is set. */
      if (!sw_study_runner_run (w->runner, run, values, &error))
        row->error = g_strdup (error->message);
      g_mutex_lock (&q->lock);
      row->done = TRUE;
      g_cond_broadcast (&q->cond);
      g_mutex_unlock (&q->lock);
    }
}

static void
append_row (GString *line, const SwStudyDesign *design, guint n_outputs, guint64 run, const Row *row)
{
  char buf[SW_NUMBER_BUF_SIZE];

  g_string_append_printf (line, "%" G_GUINT64_FORMAT, run);
  for (guint k = 0; k < sw_study_design_get_n_params (design); k++)
    g_string_append_printf (line, ",%s", sw_format_number (buf, sw_study_design_get_value (design, run, k)));
  for (guint i = 0; i < n_outputs; i++)
    {
      g_string_append_c (line, ',');
      if (row->error == NULL)
        g_string_append (line, sw_format_number (buf, row->values[i]));
    }
  g_string_append_c (line, ',');
  if (row->error != NULL)
    sw_study_csv_append_cell (line, row->error);
  g_string_append_c (line, '\n');
}

/* The runs of shard k of n: a contiguous slice, the same for every
 * machine. */
void
sw_cli_study_shard_range (guint64 n_runs, guint k, guint n, guint64 *first, guint64 *end)
{
  *first = n_runs * k / n;
  *end = n_runs * (k + 1) / n;
}

/* "N of M runs": redrawn in place on a terminal (cleared at the end), a
 * line a second for a log. */
static void
show_progress (guint64 done, guint64 total, gboolean terminal, gint64 *last_us, gboolean final)
{
  gint64 now = g_get_monotonic_time ();

  if (!final && now - *last_us < (terminal ? 100000 : 1000000))
    return;
  *last_us = now;
  if (terminal)
    g_printerr ("\r\033[K");
  if (!(final && terminal))
    g_printerr (_("%" PRIu64 " of %" PRIu64 " runs"), done, total);
  if (!terminal)
    g_printerr ("\n");
}

int
sw_cli_study_run_table (const SwCliStudyArgs *a, const SwStudyDesign *design, const SwStudyOutputs *outputs)
{
  g_autoptr (GError) error = NULL;
  guint jobs = a->jobs > 0 ? (guint) a->jobs : MAX (g_get_num_processors (), 1);
  guint n_outputs = sw_study_outputs_get_n (outputs);
  guint64 first, end;
  Queue q = { 0 };
  Worker *workers;
  GThread **threads;
  SwOutputFile *output = NULL;
  GString *line = g_string_new (NULL);
  gboolean terminal = isatty (STDERR_FILENO), show = !a->quiet && (a->progress || terminal);
  gint64 last_us = g_get_monotonic_time ();
  int status = EXIT_OK;

  sw_cli_study_shard_range (sw_study_design_get_n_runs (design), a->shard_k, a->shard_n, &first, &end);
  jobs = (guint) MIN ((guint64) jobs, MAX (end - first, 1));
  workers = g_new0 (Worker, jobs);
  threads = g_new0 (GThread *, jobs);
  /* A model per worker, each checked against the design and outputs. */
  for (guint j = 0; j < jobs; j++)
    {
      g_autoptr (SwModel) model = sw_cli_load_model (a->model_path, &status);

      if (model == NULL)
        goto out;
      workers[j].queue = &q;
      if (!(workers[j].runner = sw_study_runner_new (model, design, outputs, a->modes_at_s, &error)))
        {
          status = sw_cli_usage_error (NULL, error->message);
          goto out;
        }
    }
  if (a->output != NULL && !(output = sw_cli_open_output (a->output, a->model_path, a->force, &error)))
    {
      status = sw_cli_model_error (error);
      goto out;
    }
  sw_study_csv_append_header (line, design, outputs);

  g_mutex_init (&q.lock);
  g_cond_init (&q.cond);
  q.next = q.written = first;
  q.end = end;
  q.window = 4 * jobs + 4;
  q.n_outputs = n_outputs;
  q.ring = g_new0 (Row, q.window);
  for (guint i = 0; i < q.window; i++)
    q.ring[i].values = g_new0 (double, MAX (n_outputs, 1));
  for (guint j = 0; j < jobs; j++)
    threads[j] = g_thread_new ("study", work, &workers[j]);

  g_mutex_lock (&q.lock);
  while (q.written < end)
    {
      Row *row = &q.ring[q.written % q.window];

      while (!row->done)
        g_cond_wait (&q.cond, &q.lock);
      g_mutex_unlock (&q.lock);
      append_row (line, design, n_outputs, q.written, row);
      g_clear_pointer (&row->error, g_free);
      /* Written as runs finish, in pieces of about 64 KiB. */
      if (line->len > 65536 || q.written + 1 == end)
        {
          gboolean ok = output != NULL ? sw_output_file_write (output, line->str, line->len, &error)
                                       : fwrite (line->str, 1, line->len, stdout) == line->len;

          if (!ok && error == NULL)
            g_set_error (&error, SW_ERROR, SW_ERROR_IO, _("Cannot write to standard output: %s"), g_strerror (errno));

          g_string_truncate (line, 0);
          if (!ok)
            {
              g_mutex_lock (&q.lock);
              q.stop = TRUE;
              g_cond_broadcast (&q.cond);
              break;
            }
        }
      if (show)
        show_progress (q.written + 1 - first, end - first, terminal, &last_us, FALSE);
      g_mutex_lock (&q.lock);
      row->done = FALSE;
      q.written++;
      g_cond_broadcast (&q.cond);
    }
  g_mutex_unlock (&q.lock);
  for (guint j = 0; j < jobs; j++)
    g_thread_join (threads[j]);
  if (show)
    show_progress (end - first, end - first, terminal, &last_us, TRUE);
  if (end == first)  /* an empty shard: the header alone */
    {
      if (output != NULL)
        sw_output_file_write (output, line->str, line->len, &error);
      else
        fwrite (line->str, 1, line->len, stdout);
    }
  if (q.stop || error != NULL)
    {
      sw_cli_close_output (output, FALSE, NULL);
      status = error != NULL ? sw_cli_model_error (error) : EXIT_MODEL;
    }
  else if (output != NULL && !sw_cli_close_output (output, TRUE, &error))
    status = sw_cli_model_error (error);
  for (guint i = 0; i < q.window; i++)
    {
      g_free (q.ring[i].values);
      g_free (q.ring[i].error);
    }
  g_free (q.ring);
  g_mutex_clear (&q.lock);
  g_cond_clear (&q.cond);
out:
  for (guint j = 0; j < jobs; j++)
    sw_study_runner_free (workers[j].runner);
  g_free (workers);
  g_free (threads);
  g_string_free (line, TRUE);
  return status;
}

/* ---- The command ---------------------------------------------------------- */

static void
args_clear (SwCliStudyArgs *a)
{
  g_free (a->model_path);
  g_strfreev (a->vary);
  g_strfreev (a->outputs_given);
  g_free (a->sample);
  g_free (a->shard);
  g_free (a->at);
  g_free (a->output);
  g_free (a->slurm_dir);
  g_free (a->partition);
  g_free (a->time);
  g_free (a->mem);
}

static gboolean
parse_shard (const char *text, guint *k, guint *n)
{
  guint64 kk, nn;
  char *end = NULL;

  *k = 0;
  *n = 1;
  if (text == NULL)
    return TRUE;
  if (!g_ascii_isdigit (text[0]))
    return FALSE;
  kk = g_ascii_strtoull (text, &end, 10);
  if (*end != '/' || !g_ascii_isdigit (end[1]))
    return FALSE;
  nn = g_ascii_strtoull (end + 1, &end, 10);
  if (*end != '\0' || nn < 1 || nn > 1000000 || kk >= nn)
    return FALSE;
  *k = (guint) kk;
  *n = (guint) nn;
  return TRUE;
}

/* What --slurm writes into the job scripts: --partition, --time and --mem
 * on #SBATCH lines as they are, the folder there too, the folder and -o in
 * study.ini. A newline in one started a line of its own: --partition
 * $'x\nrm -rf ~' ran rm on the node (hos26). */
static int
check_slurm_words (GOptionContext *ctx, const SwCliStudyArgs *a)
{
  const char *const names[] = { "--partition", "--time", "--mem" };
  const char *const values[] = { a->partition, a->time, a->mem };
  const char *const paths[] = { a->slurm_dir, a->output };

  for (guint k = 0; k < G_N_ELEMENTS (values); k++)
    {
      const char *p = values[k];

      for (; p != NULL && *p != '\0'; p++)
        if (!g_ascii_isalnum (*p) && strchr ("_.,:+-", *p) == NULL)
          break;
      if (values[k] != NULL && (*p != '\0' || values[k][0] == '\0'))
        {
          g_autofree char *shown = g_strescape (values[k], NULL);
          g_autofree char *msg = g_strdup_printf (_("%s “%s” is not valid; valid: letters, digits and _ . , : + - "
                                                    "(it is written on an #SBATCH line)"), names[k], shown);

          return sw_cli_usage_error (ctx, msg);
        }
    }
  for (guint k = 0; k < G_N_ELEMENTS (paths); k++)
    for (const char *p = paths[k]; p != NULL && *p != '\0'; p++)
      if ((guchar) *p < 0x20 || *p == 0x7f)
        return sw_cli_usage_error (ctx, _("--slurm DIR and -o FILE may not hold control characters such as a newline "
                                          "(they are written into the job scripts)"));
  return EXIT_OK;
}

int
sw_cli_study (int argc, char **argv)
{
  SwCliStudyArgs a = { .seed = 1, .shards = 0, .cpus_per_task = 1 };
  GOptionEntry entries[] = {
    { "vary", 0, 0, G_OPTION_ARG_STRING_ARRAY, &a.vary,
      N_("A parameter and its values (repeat for more): a list 1e3,2e3,5e3; a range LO:HI:COUNT, LO:HI:COUNT:log; "
         "for --sample also normal:MEAN:SD, uniform:LO:HI, lognormal:MU:SIGMA. ID is a component’s id or "
         "“simulation” (stop_time, output_interval, tolerance); ID.PARAM.FIELD is a number in a signal parameter "
         "(torque.tau.f); signals.NAME.FIELD a number in the shared signal NAME (signals.drive.amplitude), "
         "signals.NAME the shared constant NAME, for every parameter that names it"), N_("ID.PARAM=SPEC") },
    { "outputs", 0, 0, G_OPTION_ARG_STRING_ARRAY, &a.outputs_given,
      N_("What to keep of each run, comma-separated or repeated: ID.VAR@T, max(ID.VAR[,T0:T1]), min, mean, rms, "
         "cross(ID.VAR,LEVEL), mode(K).frequency_hz, mode(K).damping_ratio, mode(K).energy(ID), "
         "frf(IN,ID.VAR).peak_hz, frf(IN,ID.VAR).peak, events"),
      N_("OUTPUT,…") },
    { "sample", 0, 0, G_OPTION_ARG_STRING, &a.sample,
      N_("N samples instead of the full grid: a Latin hypercube (lhs:N) or Monte Carlo (random:N)"),
      N_("lhs:N|random:N") },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &a.seed, N_("Seed of the samples (default 1)"), N_("S") },
    { "jobs", 'j', 0, G_OPTION_ARG_INT, &a.jobs, N_("Runs at once (default: every core)"), N_("J") },
    { "shard", 0, 0, G_OPTION_ARG_STRING, &a.shard,
      N_("Run only slice K of N (K from 0); study merge joins the slices"), N_("K/N") },
    { "at", 0, 0, G_OPTION_ARG_STRING, &a.at,
      N_("Modes at the state of a simulation at time T (default: the initial state)"), N_("T") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &a.output, N_("CSV file to write (default: standard output)"),
      N_("FILE") },
    { "force", 0, 0, G_OPTION_ARG_NONE, &a.force, N_("Replace the output file even if it is read-only"), NULL },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &a.quiet, N_("No progress on a terminal"), NULL },
    { "progress", 0, 0, G_OPTION_ARG_NONE, &a.progress,
      N_("Progress on standard error, as lines when it is not a terminal (for logs)"), NULL },
    { "slurm", 0, 0, G_OPTION_ARG_FILENAME, &a.slurm_dir,
      N_("Write a Slurm job array (one shard per task) and a merge job into DIR instead of running"), N_("DIR") },
    { "shards", 0, 0, G_OPTION_ARG_INT, &a.shards, N_("With --slurm: the number of shards (default 10)"), N_("N") },
    { "partition", 0, 0, G_OPTION_ARG_STRING, &a.partition, N_("With --slurm: the partition"), N_("NAME") },
    { "time", 0, 0, G_OPTION_ARG_STRING, &a.time, N_("With --slurm: each task’s time limit, e.g. 1:00:00"),
      N_("TIME") },
    { "mem", 0, 0, G_OPTION_ARG_STRING, &a.mem, N_("With --slurm: each task’s memory, e.g. 2G"), N_("SIZE") },
    { "cpus-per-task", 0, 0, G_OPTION_ARG_INT, &a.cpus_per_task,
      N_("With --slurm: cores per task, the runs each task does at once (default 1)"), N_("C") },
    { "submit", 0, 0, G_OPTION_ARG_NONE, &a.submit, N_("With --slurm: submit the jobs with sbatch"), NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new (N_("MODEL"));
  g_autoptr (GError) error = NULL;
  g_autoptr (SwStudyDesign) design = NULL;
  g_autoptr (SwStudyOutputs) outputs = NULL;
  g_autoptr (GStrvBuilder) outs = g_strv_builder_new ();
  g_auto (GStrv) out_texts = NULL;
  SwStudySample sample;
  guint64 n_samples;
  int status = EXIT_OK;

  if (argc >= 2 && g_str_equal (argv[1], "merge"))
    return sw_cli_study_merge (argc - 1, argv + 1);
  if (argc >= 2 && g_str_equal (argv[1], "status"))
    return sw_cli_study_status (argc - 1, argv + 1);
  sw_cli_init_context (ctx, N_("Run MODEL once for every point of a grid or a sample of parameters and keep\n"
                               "a few numbers of each run: one CSV row per run (run, the parameters, the\n"
                               "outputs, error). A run that fails is a row with its error.\n\n"
                               "  study merge SHARD.csv… -o ALL.csv   joins shards into one table\n"
                               "  study status DIR                     what a Slurm study has finished"),
                       entries);
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    {
      status = sw_cli_usage_error (ctx, error->message);
      goto out;
    }
  if (argc != 2)
    {
      status = sw_cli_usage_error (ctx, argc < 2 ? _("missing MODEL") : _("more than one MODEL given"));
      goto out;
    }
  a.model_path = g_strdup (argv[1]);
  if (a.outputs_given != NULL)
    for (guint i = 0; a.outputs_given[i] != NULL; i++)
      {
        g_auto (GStrv) parts = sw_study_split_outputs (a.outputs_given[i]);

        g_strv_builder_addv (outs, (const char **) parts);
      }
  out_texts = g_strv_builder_end (outs);
  if (out_texts[0] == NULL)
    {
      status = sw_cli_usage_error (ctx, _("no --outputs: name what to keep of each run, e.g. "
                                          "--outputs 'mode(2).frequency_hz,max(load.w)'"));
      goto out;
    }
  if (!sw_study_sample_parse (a.sample, &sample, &n_samples))
    {
      g_autofree char *msg = g_strdup_printf (_("--sample “%s” is not valid; valid: lhs:N or random:N, N >= 1"),
                                              a.sample);
      status = sw_cli_usage_error (ctx, msg);
      goto out;
    }
  if (a.seed < 0)
    {
      status = sw_cli_usage_error (ctx, _("--seed must be a whole number >= 0"));
      goto out;
    }
  if (a.jobs < 0 || a.jobs > 4096)
    {
      status = sw_cli_usage_error (ctx, _("--jobs must be from 1 to 4096 (0 or none: every core)"));
      goto out;
    }
  if (!parse_shard (a.shard, &a.shard_k, &a.shard_n))
    {
      g_autofree char *msg = g_strdup_printf (_("--shard “%s” is not valid; valid: K/N with 0 <= K < N"), a.shard);
      status = sw_cli_usage_error (ctx, msg);
      goto out;
    }
  if (!sw_cli_parse_number (ctx, "--at", a.at, -1e-300, INFINITY, _("a time in s >= 0"), &a.modes_at_s, &status))
    goto out;
  if (a.slurm_dir == NULL && (a.shards != 0 || a.partition != NULL || a.time != NULL || a.mem != NULL
                              || a.cpus_per_task != 1 || a.submit))
    {
      status = sw_cli_usage_error (ctx, _("--shards, --partition, --time, --mem, --cpus-per-task and --submit "
                                          "go with --slurm DIR"));
      goto out;
    }
  if (a.slurm_dir != NULL && (a.shards < 0 || a.shards > 1000000 || a.cpus_per_task < 1 || a.shard != NULL))
    {
      status = sw_cli_usage_error (ctx, _("with --slurm: --shards from 1 to 1000000, --cpus-per-task >= 1, "
                                          "and no --shard (each task takes its own)"));
      goto out;
    }
  if (a.slurm_dir != NULL && (status = check_slurm_words (ctx, &a)) != EXIT_OK)
    goto out;
  if (!(design = sw_study_design_new ((const char *const *) a.vary, sample, n_samples, (guint64) a.seed, &error))
      || !(outputs = sw_study_outputs_new ((const char *const *) out_texts, &error)))
    {
      status = sw_cli_usage_error (ctx, error->message);
      goto out;
    }
  if (a.slurm_dir != NULL)
    {
      status = sw_cli_study_write_slurm (&a, design);
      goto out;
    }
  if ((status = sw_cli_check_output (ctx, "-o", a.output, a.model_path, a.force, FALSE)) != EXIT_OK)
    goto out;
  status = sw_cli_study_run_table (&a, design, outputs);
out:
  args_clear (&a);
  return status;
}
