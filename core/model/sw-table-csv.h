/* sw-table-csv.h: a table parameter read from a CSV file, as Twin Builder's
 * "file" characteristics are given: a row of the table a line.
 *
 * Values are separated by commas, semicolons or tabs (the first line says
 * which: a tab if it holds one, else a semicolon, else a comma); numbers
 * are in the C locale (a decimal point), optionally in double quotes.
 * The first line may be a header (a line none of whose values is a number,
 * such as "w,tau"); blank lines are skipped, CRLF line ends and a UTF-8
 * byte-order mark accepted. Each line has as many values as the table has
 * columns, each in its column's range, the first column strictly
 * increasing (sw-kind.h, SwTableDesc).
 *
 * Errors are SW_ERROR_IO (the file cannot be read) or SW_ERROR_INVALID,
 * one line per problem (at most ten, then how many more), each
 * "FILE:LINE:COL: error: column J (name) …; valid: …" with COL the
 * character where the value starts.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>
#include "sw-kind.h"

G_BEGIN_DECLS

SwTable *sw_table_from_csv_file (const char         *path,
                                 const SwTableDesc  *desc,
                                 GError            **error);
/* The same from text in memory (length -1: NUL-terminated); display_name
 * stands for the file in messages. */
SwTable *sw_table_from_csv_data (const char         *data,
                                 gssize              length,
                                 const char         *display_name,
                                 const SwTableDesc  *desc,
                                 GError            **error);

G_END_DECLS
