/* sw-table-csv.c: a table parameter read from a CSV file (sw-table-csv.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-table-csv.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "sw-error.h"
#include "sw-model-private.h"
#include "sw-number.h"

#define MAX_MESSAGES 10

typedef struct {
  const char        *name;         /* the file, for messages */
  const SwTableDesc *desc;
  char               separator;
  GString           *messages;
  guint              n_problems;
  int                code;         /* of the first problem */
} Reader;

/* A value of a line: its text without the spaces and quotes around it,
 * and the character (1-based) where it starts. */
typedef struct {
  const char *text;
  gsize       length;
  guint       column;
} Cell;

static void add_problem (Reader     *r,
                         int         code,
                         guint       line,
                         guint       column,
                         const char *format,
                         ...) G_GNUC_PRINTF (5, 6);

static void
add_problem (Reader     *r,
             int         code,
             guint       line,
             guint       column,
             const char *format,
             ...)
{
  g_autofree char *message = NULL;
  va_list args;

  if (r->n_problems++ == 0)
    r->code = code;
  if (r->n_problems > MAX_MESSAGES)
    return;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  if (r->messages->len > 0)
    g_string_append_c (r->messages, '\n');
  if (line > 0)
    g_string_append_printf (r->messages, "%s:%u:%u: ", r->name, line, column);
  else
    g_string_append_printf (r->messages, "%s: ", r->name);
  g_string_append_printf (r->messages, _("error: %s"), message);
}

static const char *
describe_separator (char separator)
{
  switch (separator)
    {
    case '\t':
      return _("tabs");
    case ';':
      return _("semicolons");
    default:
      return _("commas");
    }
}

/* The separator the first line uses: a tab if it holds one, else a
 * semicolon (the comma may then be a decimal comma, reported as such),
 * else a comma. */
static char
guess_separator (const char *line,
                 gsize       length)
{
  if (memchr (line, '\t', length) != NULL)
    return '\t';
  if (memchr (line, ';', length) != NULL)
    return ';';
  return ',';
}

/* Splits a line at the separator (not inside double quotes). */
static GArray *
split_line (const char *line,
            gsize       length,
            char        separator)
{
  GArray *cells = g_array_new (FALSE, FALSE, sizeof (Cell));
  gsize start = 0;
  gboolean quoted = FALSE;

  for (gsize i = 0; i <= length; i++)
    {
      Cell cell;
      gsize a, b;

      if (i < length && line[i] == '"')
        quoted = !quoted;
      if (i < length && (quoted || line[i] != separator))
        continue;

      a = start, b = i;
      while (a < b && (line[a] == ' ' || line[a] == '\t'))
        a++;
      while (b > a && (line[b - 1] == ' ' || line[b - 1] == '\t'))
        b--;
      cell.column = (guint) g_utf8_pointer_to_offset (line, line + a) + 1;
      if (b - a >= 2 && line[a] == '"' && line[b - 1] == '"')
        a++, b--;
      cell.text = line + a;
      cell.length = b - a;
      g_array_append_val (cells, cell);
      start = i + 1;
    }
  return cells;
}

static gboolean
parse_number (const Cell *cell,
              double     *value)
{
  g_autofree char *text = g_strndup (cell->text, cell->length);
  char *end;

  if (text[0] == '\0' || g_ascii_isspace (text[0]))
    return FALSE;
  *value = g_ascii_strtod (text, &end);
  return end != text && *end == '\0';
}

static gboolean
is_header (GArray *cells)
{
  for (guint j = 0; j < cells->len; j++)
    {
      double value;

      if (parse_number (&g_array_index (cells, Cell, j), &value))
        return FALSE;
    }
  return TRUE;
}

/* One value: a number, finite, in its column's range and the number
 * scale; *value is NAN when it is not usable. */
static gboolean
read_value (Reader     *r,
            guint       line,
            guint       j,
            const Cell *cell,
            double     *value)
{
  const SwColumnDesc *col = &r->desc->columns[j];
  const char *unit = col->unit != NULL ? col->unit : "";
  const char *space = unit[0] != '\0' ? " " : "";
  g_autofree char *range = _sw_describe_range_of (col->name, col->min, col->max, col->min_exclusive);
  char text[SW_NUMBER_BUF_SIZE];

  if (!parse_number (cell, value))
    {
      g_autofree char *quoted = g_strndup (cell->text, cell->length);

      *value = NAN;
      add_problem (r, SW_ERROR_PARSE, line, cell->column,
                   /* Translators: “column 2 (mue): “0,3” is not a number; valid: …” */
                   _("column %u (%s): “%s” is not a number; valid: a number with a decimal point "
                     "(C locale), such as 0.25 or 1e-3"),
                   j + 1, col->name, quoted);
      return FALSE;
    }

  sw_format_number (text, *value);
  if (!isfinite (*value))
    {
      *value = NAN;
      add_problem (r, SW_ERROR_INVALID, line, cell->column,
                   _("column %u (%s) = %s is not a finite number; valid: %s"),
                   j + 1, col->name, text, range);
      return FALSE;
    }
  if ((col->min_exclusive ? *value <= col->min : *value < col->min) || *value > col->max)
    {
      *value = NAN;
      add_problem (r, SW_ERROR_INVALID, line, cell->column,
                   _("column %u (%s) = %s%s%s is out of range; valid: %s"),
                   j + 1, col->name, text, space, unit, range);
      return FALSE;
    }
  if (!sw_number_in_scale (*value))
    {
      add_problem (r, SW_ERROR_INVALID, line, cell->column,
                   _("column %u (%s) = %s%s%s is too %s for the equations to stay finite; "
                     "valid: 0 or %g <= |%s| <= %g"),
                   j + 1, col->name, text, space, unit,
                   fabs (*value) < 1 ? _("small") : _("large"),
                   SW_NUMBER_MIN_MAGNITUDE, col->name, SW_NUMBER_MAX_MAGNITUDE);
      *value = NAN;
      return FALSE;
    }
  return TRUE;
}

SwTable *
sw_table_from_csv_data (const char         *data,
                        gssize              length,
                        const char         *display_name,
                        const SwTableDesc  *desc,
                        GError            **error)
{
  Reader r = { display_name, desc, 0, NULL, 0, 0 };
  g_autoptr(GArray) values = NULL;
  g_autofree char *shape = NULL;
  g_autofree double *row = NULL;
  const char *p, *end;
  guint line = 0, first_line = 0, n_rows = 0, prev_line = 0;
  double prev_w = NAN;

  g_return_val_if_fail (data != NULL, NULL);
  g_return_val_if_fail (display_name != NULL, NULL);
  g_return_val_if_fail (desc != NULL && desc->n_columns > 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (length < 0)
    length = (gssize) strlen (data);
  p = data, end = data + length;
  if (length >= 3 && memcmp (p, "\xef\xbb\xbf", 3) == 0)
    p += 3;

  r.messages = g_string_new (NULL);
  values = g_array_new (FALSE, FALSE, sizeof (double));
  shape = _sw_table_dup_row_shape (desc);
  row = g_new (double, desc->n_columns);

  while (p < end)
    {
      const char *nl = memchr (p, '\n', (gsize) (end - p));
      const char *stop = nl != NULL ? nl : end;
      gsize n = (gsize) (stop - p);
      g_autoptr(GArray) cells = NULL;
      gboolean blank = TRUE, ok = TRUE;

      line++;
      if (n > 0 && p[n - 1] == '\r')
        n--;
      for (gsize i = 0; i < n && blank; i++)
        blank = g_ascii_isspace (p[i]);
      if (blank)
        {
          p = stop + 1;
          continue;
        }

      if (first_line == 0)
        {
          first_line = line;
          r.separator = guess_separator (p, n);
          cells = split_line (p, n, r.separator);
          if (is_header (cells))
            {
              p = stop + 1;
              continue;
            }
        }
      else
        cells = split_line (p, n, r.separator);

      if (cells->len != desc->n_columns)
        {
          add_problem (&r, SW_ERROR_INVALID, line, 1,
                       /* Translators: “3 values; valid: 2 values a line, [w, mue], separated by commas as on line 1” */
                       g_dngettext (GETTEXT_PACKAGE,
                                    "%u value; valid: %u values a line, %s, separated by %s as on line %u",
                                    "%u values; valid: %u values a line, %s, separated by %s as on line %u",
                                    cells->len),
                       cells->len, desc->n_columns, shape, describe_separator (r.separator), first_line);
          p = stop + 1;
          continue;
        }

      for (guint j = 0; j < desc->n_columns; j++)
        if (!read_value (&r, line, j, &g_array_index (cells, Cell, j), &row[j]))
          ok = FALSE;

      /* Increasing: against the last line whose first value was usable. */
      if (!isnan (row[0]))
        {
          if (prev_line > 0 && !(row[0] > prev_w))
            {
              char text[SW_NUMBER_BUF_SIZE], before[SW_NUMBER_BUF_SIZE];

              sw_format_number (text, row[0]);
              sw_format_number (before, prev_w);
              add_problem (&r, SW_ERROR_INVALID, line, g_array_index (cells, Cell, 0).column,
                           _("column 1 (%s) = %s must be larger than on line %u (%s); "
                             "valid: %s strictly increasing from line to line"),
                           desc->columns[0].name, text, prev_line, before, desc->columns[0].name);
              ok = FALSE;
            }
          prev_w = row[0];
          prev_line = line;
        }

      if (ok)
        {
          g_array_append_vals (values, row, desc->n_columns);
          n_rows++;
        }
      p = stop + 1;
    }

  if (r.n_problems == 0 && n_rows == 0)
    add_problem (&r, SW_ERROR_INVALID, 0, 0,
                 /* Translators: “no rows of numbers; valid: lines of 2 numbers [w, mue], …” */
                 _("no rows of numbers; valid: lines of %u numbers %s separated by commas, semicolons or "
                   "tabs, after an optional header line"),
                 desc->n_columns, shape);

  if (r.n_problems > 0)
    {
      if (r.n_problems > MAX_MESSAGES)
        {
          guint more = r.n_problems - MAX_MESSAGES;

          g_string_append_printf (r.messages, "\n%s: ", r.name);
          g_string_append_printf (r.messages,
                                  g_dngettext (GETTEXT_PACKAGE, "… and %u more problem",
                                               "… and %u more problems", more),
                                  more);
        }
      g_set_error_literal (error, SW_ERROR, r.code, r.messages->str);
      g_string_free (r.messages, TRUE);
      return NULL;
    }

  g_string_free (r.messages, TRUE);
  return sw_table_new (n_rows, desc->n_columns, (const double *) (gpointer) values->data);
}

SwTable *
sw_table_from_csv_file (const char         *path,
                        const SwTableDesc  *desc,
                        GError            **error)
{
  g_autofree char *name = NULL;
  g_autofree char *data = NULL;
  g_autoptr(GError) local_error = NULL;
  gsize length;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (desc != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  name = g_filename_display_name (path);
  if (!g_file_get_contents (path, &data, &length, &local_error))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_IO, _("%s: error: %s"), name, local_error->message);
      return NULL;
    }
  return sw_table_from_csv_data (data, (gssize) length, name, desc, error);
}
