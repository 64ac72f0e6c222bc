/* sw-csv.h: tables as CSV: a header "x,name,…", then a row a line, numbers
 * as sw_format_number() writes them (the shortest text that reads back).
 * Written in pieces of about a megabyte, so that a table of any length
 * (a run streamed row by row) never sits in memory.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>
#include "sw-output-file.h"

G_BEGIN_DECLS

typedef struct _SwCsvWriter SwCsvWriter;

/* Rows of n_names values go to output, or to standard output when output is
 * NULL; the header is written with the first piece. */
SwCsvWriter *sw_csv_writer_new     (SwOutputFile       *output,
                                    const char         *x_name,
                                    const char *const  *names,
                                    guint               n_names);
/* Appends the name of column k (0 .. n_names - 1) to into. */
typedef void (*SwCsvNameFunc) (guint    k,
                               GString *into,
                               gpointer data);
/* The same, the header's names formatted by name_func as the header is
 * written, in pieces: a table of a million columns never holds them all
 * as text. data is destroyed once the header is written, or with the
 * writer. */
SwCsvWriter *sw_csv_writer_new_named (SwOutputFile       *output,
                                      const char         *x_name,
                                      guint               n_names,
                                      SwCsvNameFunc       name_func,
                                      gpointer            data,
                                      GDestroyNotify      destroy);
gboolean     sw_csv_writer_add_row (SwCsvWriter        *writer,
                                    double              x,
                                    const double       *values,
                                    GError            **error);
/* A row in pieces, in order: values from first on, n of them (first 0
 * begins the row at x); the same text as sw_csv_writer_add_row(). */
gboolean     sw_csv_writer_add_piece (SwCsvWriter      *writer,
                                      double            x,
                                      guint             first,
                                      const double     *values,
                                      guint             n,
                                      GError          **error);
/* Writes what is left (and flushes standard output). */
gboolean     sw_csv_writer_finish  (SwCsvWriter        *writer,
                                    GError            **error);
void         sw_csv_writer_free    (SwCsvWriter        *writer);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SwCsvWriter, sw_csv_writer_free)

G_END_DECLS
