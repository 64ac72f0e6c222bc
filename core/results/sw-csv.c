/* sw-csv.c: tables as CSV, written in pieces.
 *
 * Turning doubles into their shortest text costs about ten times what
 * computing them does (a four-body run: 3 ms of simulation, 15 ms of
 * text). Rows are therefore collected in batches, and batches are turned
 * into text by a pool of threads while the caller computes the next rows;
 * the caller writes the finished texts, in order. A batch is a run of the
 * table's values (x, then the row's, then the next row's x …) cut at a
 * fixed count, not at the end of a row: a few batches in flight bound the
 * memory, whatever the length and the width of the table (a 100 000-body
 * chain's rows of 1.3 million values took 250 MB as whole rows).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-csv.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include "sw-error.h"
#include "sw-number.h"
#include "sw-number-private.h"

#define BATCH_VALUES 16384   /* doubles a batch holds */
#define N_BATCHES    4       /* batches in flight at most */

typedef struct {
  double   *values;    /* BATCH_VALUES: x, then the row's values, then the next row's … */
  guint     n_values;
  guint     first;     /* where values[0] is in its row: 0 for x, 1 … n for the row's */
  char     *text;
  gsize     length;
  gsize     capacity;
  gboolean  submitted; /* handed to the pool, text not written yet */
  gboolean  done;      /* text ready (under the writer's lock) */
} Batch;

struct _SwCsvWriter {
  SwOutputFile *output;   /* NULL: standard output */
  char         *header;
  /* Or the header still to write from its names (sw_csv_writer_new_named). */
  char         *x_name;
  SwCsvNameFunc name_func;
  gpointer      name_data;
  GDestroyNotify name_destroy;
  guint         n;        /* values a row, after x */
  guint         next;     /* where the next value added is in its row */
  Batch         batches[N_BATCHES];
  guint         filling;  /* the batch rows go into */
  guint         oldest;   /* the submitted batch to write next */
  GThreadPool  *pool;     /* made at the first full batch */
  GMutex        lock;
  GCond         finished;
  gboolean      failed;   /* a write failed: nothing more is written */
};

SwCsvWriter *
sw_csv_writer_new (SwOutputFile *output, const char *x_name, const char *const *names, guint n_names)
{
  SwCsvWriter *w = g_new0 (SwCsvWriter, 1);
  GString *header = g_string_new (x_name);

  for (guint c = 0; c < n_names; c++)
    {
      g_string_append_c (header, ',');
      g_string_append (header, names[c]);
    }
  g_string_append_c (header, '\n');
  /* Kept until the first batch is written: its exact length, not a
   * GString's doubled room (16 MB for a 100 000-body chain's names). */
  {
    gsize length = header->len + 1;

    w->header = g_realloc (g_string_free (header, FALSE), length);
  }
  w->output = output;
  w->n = n_names;
  for (guint b = 0; b < N_BATCHES; b++)
    w->batches[b].values = g_new (double, BATCH_VALUES);
  g_mutex_init (&w->lock);
  g_cond_init (&w->finished);
  return w;
}

SwCsvWriter *
sw_csv_writer_new_named (SwOutputFile *output, const char *x_name, guint n_names, SwCsvNameFunc name_func,
                         gpointer data, GDestroyNotify destroy)
{
  SwCsvWriter *w;

  g_return_val_if_fail (x_name != NULL && name_func != NULL, NULL);
  w = sw_csv_writer_new (output, x_name, NULL, 0);
  g_clear_pointer (&w->header, g_free);
  w->n = n_names;
  w->x_name = g_strdup (x_name);
  w->name_func = name_func;
  w->name_data = data;
  w->name_destroy = destroy;
  return w;
}

static void
drop_names (SwCsvWriter *w)
{
  if (w->name_destroy != NULL)
    w->name_destroy (w->name_data);
  w->name_func = NULL;
  w->name_destroy = NULL;
  w->name_data = NULL;
  g_clear_pointer (&w->x_name, g_free);
}

/* Text */

static void
format_batch (Batch *batch,
              guint  n)
{
  /* The longest number ("-1.2345678901234567e-308") and its separator. */
  const gsize per_value = SW_NUMBER_BUF_SIZE;
  gsize needed = (gsize) batch->n_values * per_value;
  const double *v = batch->values;
  guint at = batch->first;
  char *p;

  if (batch->capacity < needed)
    {
      g_free (batch->text);
      batch->text = g_malloc (needed);
      batch->capacity = needed;
    }
  p = batch->text;
  for (guint k = 0; k < batch->n_values; k++)
    {
      if (at > 0)
        *p++ = ',';
      p += _sw_format_number_to (p, v[k]);
      if (at == n)
        {
          *p++ = '\n';
          at = 0;
        }
      else
        at++;
    }
  batch->length = p - batch->text;
}

static void
format_in_pool (gpointer data,
                gpointer user_data)
{
  Batch *batch = data;
  SwCsvWriter *w = user_data;

  format_batch (batch, w->n);
  g_mutex_lock (&w->lock);
  batch->done = TRUE;
  g_cond_broadcast (&w->finished);
  g_mutex_unlock (&w->lock);
}

/* Writing */

static gboolean
write_text (SwCsvWriter *w, const char *text, gsize length, GError **error)
{
  if (w->output != NULL)
    return sw_output_file_write (w->output, text, length, error);
  if (fwrite (text, 1, length, stdout) != length)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_IO, _("could not write the CSV to standard output: %s"),
                   g_strerror (errno));
      return FALSE;
    }
  return TRUE;
}

static gboolean
write_header (SwCsvWriter *w, GError **error)
{
  gboolean ok = TRUE;

  if (w->header != NULL)
    ok = write_text (w, w->header, strlen (w->header), error);
  g_clear_pointer (&w->header, g_free);
  if (w->name_func != NULL)
    {
      /* In pieces of about a megabyte. */
      g_autoptr (GString) piece = g_string_sized_new (1 << 20);

      g_string_append (piece, w->x_name);
      for (guint k = 0; ok && k < w->n; k++)
        {
          g_string_append_c (piece, ',');
          w->name_func (k, piece, w->name_data);
          if (piece->len >= 1 << 20)
            {
              ok = write_text (w, piece->str, piece->len, error);
              g_string_truncate (piece, 0);
            }
        }
      g_string_append_c (piece, '\n');
      if (ok)
        ok = write_text (w, piece->str, piece->len, error);
      drop_names (w);
    }
  return ok;
}

/* Waits for the oldest submitted batch and writes it (with the header,
 * before the first); the batch is then free for rows again. */
static gboolean
write_oldest (SwCsvWriter *w, GError **error)
{
  Batch *batch = &w->batches[w->oldest];
  gboolean ok = !w->failed;

  g_mutex_lock (&w->lock);
  while (!batch->done)
    g_cond_wait (&w->finished, &w->lock);
  g_mutex_unlock (&w->lock);

  if (ok && (w->header != NULL || w->name_func != NULL))
    ok = write_header (w, error);
  if (ok)
    ok = write_text (w, batch->text, batch->length, error);
  w->failed = !ok;

  batch->submitted = batch->done = FALSE;
  batch->n_values = 0;
  w->oldest = (w->oldest + 1) % N_BATCHES;
  return ok;
}

/* Hands the batch being filled to the pool and moves on to the next one,
 * writing that one's text first if it is still out. */
static gboolean
submit (SwCsvWriter *w, GError **error)
{
  Batch *batch = &w->batches[w->filling];

  if (w->pool == NULL)
    w->pool = g_thread_pool_new (format_in_pool, w, (int) MIN (g_get_num_processors (), N_BATCHES), FALSE, NULL);
  batch->submitted = TRUE;
  g_thread_pool_push (w->pool, batch, NULL);
  w->filling = (w->filling + 1) % N_BATCHES;
  return !w->batches[w->filling].submitted || write_oldest (w, error);
}

/* count values of the table into the batches, each full one submitted. */
static gboolean
add_values (SwCsvWriter *w, const double *values, gsize count, GError **error)
{
  while (count > 0)
    {
      Batch *batch = &w->batches[w->filling];
      guint k = (guint) MIN (count, (gsize) (BATCH_VALUES - batch->n_values));

      if (batch->n_values == 0)
        batch->first = w->next;
      memcpy (batch->values + batch->n_values, values, k * sizeof (double));
      batch->n_values += k;
      values += k;
      count -= k;
      w->next = (guint) ((w->next + (gsize) k) % ((gsize) w->n + 1));
      if (batch->n_values == BATCH_VALUES && !submit (w, error))
        return FALSE;
    }
  return TRUE;
}

gboolean
sw_csv_writer_add_row (SwCsvWriter *w, double x, const double *values, GError **error)
{
  if (w->failed)
    {
      g_set_error_literal (error, SW_ERROR, SW_ERROR_IO, _("the CSV could not be written"));
      return FALSE;
    }
  return add_values (w, &x, 1, error) && add_values (w, values, w->n, error);
}

gboolean
sw_csv_writer_add_piece (SwCsvWriter *w, double x, guint first, const double *values, guint n, GError **error)
{
  g_return_val_if_fail (first + (gsize) n <= w->n && (first == 0) == (w->next == 0) && (first == 0 || w->next == first + 1),
                        FALSE);
  if (w->failed)
    {
      g_set_error_literal (error, SW_ERROR, SW_ERROR_IO, _("the CSV could not be written"));
      return FALSE;
    }
  return (first > 0 || add_values (w, &x, 1, error)) && add_values (w, values, n, error);
}

gboolean
sw_csv_writer_finish (SwCsvWriter *w, GError **error)
{
  Batch *last = &w->batches[w->filling];
  gboolean ok = TRUE;

  /* What is left, formatted here: a short table needs no thread. */
  if (last->n_values > 0 || w->header != NULL || w->name_func != NULL)
    {
      format_batch (last, w->n);
      last->submitted = last->done = TRUE;
    }
  while (ok && w->batches[w->oldest].submitted)
    ok = write_oldest (w, error);
  if (!ok)
    return FALSE;

  if (w->output == NULL && fflush (stdout) != 0)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_IO, _("could not write the CSV to standard output: %s"),
                   g_strerror (errno));
      return FALSE;
    }
  return TRUE;
}

void
sw_csv_writer_free (SwCsvWriter *w)
{
  if (w == NULL)
    return;
  /* Batches still out are finished before their memory goes. */
  if (w->pool != NULL)
    g_thread_pool_free (w->pool, FALSE, TRUE);
  for (guint b = 0; b < N_BATCHES; b++)
    {
      g_free (w->batches[b].values);
      g_free (w->batches[b].text);
    }
  g_mutex_clear (&w->lock);
  g_cond_clear (&w->finished);
  g_free (w->header);
  drop_names (w);
  g_free (w);
}
