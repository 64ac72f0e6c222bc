/* sw-csv.c: tables as CSV, written in pieces.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-csv.h"

#include <errno.h>
#include <stdio.h>
#include <glib/gi18n-lib.h>
#include "sw-error.h"
#include "sw-number.h"

#define CSV_CHUNK (1u << 20)

struct _SwCsvWriter {
  SwOutputFile *output;   /* NULL: standard output */
  GString      *text;
  guint         n;
};

SwCsvWriter *
sw_csv_writer_new (SwOutputFile *output, const char *x_name, const char *const *names, guint n_names)
{
  SwCsvWriter *w = g_new0 (SwCsvWriter, 1);

  w->output = output;
  w->n = n_names;
  w->text = g_string_sized_new (CSV_CHUNK + 4096);
  g_string_append (w->text, x_name);
  for (guint c = 0; c < n_names; c++)
    {
      g_string_append_c (w->text, ',');
      g_string_append (w->text, names[c]);
    }
  g_string_append_c (w->text, '\n');
  return w;
}

static gboolean
emit (SwCsvWriter *w, GError **error)
{
  if (w->output != NULL)
    {
      if (!sw_output_file_write (w->output, w->text->str, w->text->len, error))
        return FALSE;
    }
  else if (fwrite (w->text->str, 1, w->text->len, stdout) != w->text->len)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_IO, _("could not write the CSV to standard output: %s"),
                   g_strerror (errno));
      return FALSE;
    }
  g_string_truncate (w->text, 0);
  return TRUE;
}

static void
append_number (GString *s, double v)
{
  char buf[SW_NUMBER_BUF_SIZE];

  g_string_append (s, sw_format_number (buf, v));
}

gboolean
sw_csv_writer_add_row (SwCsvWriter *w, double x, const double *values, GError **error)
{
  append_number (w->text, x);
  for (guint c = 0; c < w->n; c++)
    {
      g_string_append_c (w->text, ',');
      append_number (w->text, values[c]);
    }
  g_string_append_c (w->text, '\n');
  return w->text->len < CSV_CHUNK || emit (w, error);
}

gboolean
sw_csv_writer_finish (SwCsvWriter *w, GError **error)
{
  if (w->text->len > 0 && !emit (w, error))
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
  g_string_free (w->text, TRUE);
  g_free (w);
}
