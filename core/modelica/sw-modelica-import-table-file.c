/* sw-modelica-import-table-file.c: a CombiTimeTable's table read from a
 * file (tableOnFile = true, tableName, fileName) in the Modelica Standard
 * Tables' text format:
 *
 *   #1
 *   double tab1(3, 2)   # a comment
 *     0  0
 *     1  1, 2  4
 *
 * A header "double|float NAME(ROWS, COLS)" is followed by ROWS × COLS
 * numbers, row after row, separated by blanks, commas or semicolons, over
 * as many lines as they take; '#' starts a comment to the end of the line.
 * A relative fileName is taken from the .mo file's folder. What the
 * format's readers also take and this does not (.mat and .csv files,
 * modelica:// resources) is an error naming the modifier's line and
 * column and what is valid.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-modelica-import-private.h"

#include <inttypes.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#define MAX_FILE_BYTES (256 << 20)

/* The string of modifier name (a string literal, or
 * Modelica.Utilities.Files.loadResource of one), or NULL with an error. */
static char *
string_mod (Import *im, const MoElement *block, const char *name)
{
  MoMod *m = _sw_mo_find (block->mods, name);
  const MoExpr *e = m != NULL ? m->value : NULL;

  if (e != NULL && e->kind == MO_CALL && g_str_has_suffix (e->text, "loadResource") && e->items != NULL
      && e->items->len == 1)
    e = g_ptr_array_index (e->items, 0);
  if (e == NULL || e->kind != MO_STRING)
    {
      _sw_mo_fail (im, m != NULL ? m->line : block->line, m != NULL ? m->column : block->column,
                   _("%s.%s: give a string (%s = \"…\") for a table read from a file"), block->name, name, name);
      return NULL;
    }
  return g_strdup (e->text);
}

/* The text after a '#' to the end of its line, blanked. */
static void
strip_comments (char *text)
{
  for (char *c = text; *c != '\0'; c++)
    if (*c == '#')
      for (; *c != '\0' && *c != '\n'; c++)
        *c = ' ';
}

/* A header "double NAME(ROWS, COLS)" at p: its name's length and its
 * sizes, p moved past it; FALSE (p untouched) when p holds none. */
static gboolean
header (const char **p, const char **name, gsize *name_len, gint64 *rows, gint64 *cols)
{
  const char *s = *p;
  char *end;

  while (*s == ' ' || *s == '\t' || *s == '\r')
    s++;
  if (strncmp (s, "double", 6) == 0 && g_ascii_isspace (s[6]))
    s += 6;
  else if (strncmp (s, "float", 5) == 0 && g_ascii_isspace (s[5]))
    s += 5;
  else
    return FALSE;
  while (g_ascii_isspace (*s))
    s++;
  *name = s;
  while (g_ascii_isalnum (*s) || *s == '_')
    s++;
  *name_len = s - *name;
  while (*s == ' ' || *s == '\t')
    s++;
  if (*name_len == 0 || *s++ != '(')
    return FALSE;
  /* Signed: "-1" is a size out of range, not 2^64 - 1. */
  *rows = g_ascii_strtoll (s, &end, 10);
  if (end == s)
    return FALSE;
  for (s = end; *s == ' ' || *s == '\t'; s++)
    ;
  if (*s++ != ',')
    return FALSE;
  *cols = g_ascii_strtoll (s, &end, 10);
  if (end == s)
    return FALSE;
  for (s = end; *s == ' ' || *s == '\t'; s++)
    ;
  if (*s++ != ')')
    return FALSE;
  *p = s;
  return TRUE;
}

static guint
line_of (const char *text, const char *p)
{
  guint line = 1;

  for (const char *c = text; c < p; c++)
    line += *c == '\n';
  return line;
}

gboolean
_sw_mo_read_table_file (Import *im, const MoElement *block, Value *table)
{
  g_autofree char *file = string_mod (im, block, "fileName");
  g_autofree char *name = file != NULL ? string_mod (im, block, "tableName") : NULL;
  g_autofree char *dir = NULL, *path = NULL, *text = NULL, *display = NULL;
  g_autoptr (GString) found = g_string_new (NULL);
  g_autoptr (GError) local = NULL;
  GStatBuf st;
  const MoMod *m;
  const char *p;

  if (name == NULL)
    return FALSE;
  m = _sw_mo_find (block->mods, "fileName");
  if (g_str_has_prefix (file, "modelica://") || g_str_has_prefix (file, "file://"))
    {
      _sw_mo_fail (im, m->line, m->column,
                   _("%s.fileName = \"%s\": a URI is not read; valid: the file's path, absolute or relative to the "
                     ".mo file"), block->name, file);
      return FALSE;
    }
  if (g_str_has_suffix (file, ".mat") || g_str_has_suffix (file, ".csv"))
    {
      _sw_mo_fail (im, m->line, m->column,
                   _("%s.fileName = \"%s\": only the text format (a file starting with #1) is read, not MATLAB or "
                     "CSV files; valid: give the table in the model, or as text"), block->name, file);
      return FALSE;
    }
  dir = im->folder != NULL ? g_strdup (im->folder) : g_path_get_dirname (im->file);
  path = g_path_is_absolute (file) ? g_strdup (file) : g_build_filename (dir, file, NULL);
  display = g_filename_display_name (path);
  /* Hostile names: a device (/dev/zero) never ends, a huge file is no table. */
  if (g_stat (path, &st) == 0 && (!S_ISREG (st.st_mode) || st.st_size > MAX_FILE_BYTES))
    {
      _sw_mo_fail (im, m->line, m->column, _("%s.fileName: %s is not a regular file of at most %d MB"),
                   block->name, display, MAX_FILE_BYTES >> 20);
      return FALSE;
    }
  if (!g_file_get_contents (path, &text, NULL, &local))
    {
      _sw_mo_fail (im, m->line, m->column, _("%s.fileName: cannot read %s: %s"), block->name, display,
                   local->message);
      return FALSE;
    }
  /* An input of the model: no output may replace it. */
  if (im->read_files != NULL)
    g_ptr_array_add (im->read_files, g_strdup (path));
  if (!g_str_has_prefix (text, "#1"))
    {
      _sw_mo_fail (im, m->line, m->column,
                   _("%s.fileName: %s does not start with #1, the text format of Modelica's tables; valid: a line "
                     "#1, then “double NAME(ROWS, COLS)” and the numbers"), block->name, display);
      return FALSE;
    }
  strip_comments (text);
  for (p = text; *p != '\0'; p = strchr (p, '\n') != NULL ? strchr (p, '\n') + 1 : p + strlen (p))
    {
      const char *start = p, *table_name;
      gsize len;
      gint64 rows, cols;

      if (!header (&p, &table_name, &len, &rows, &cols))
        {
          p = start;
          continue;
        }
      g_string_append_printf (found, "%s%.*s", found->len ? ", " : "", (int) len, table_name);
      if (strlen (name) != len || strncmp (table_name, name, len) != 0)
        continue;
      if (rows <= 0 || cols <= 0 || rows > 1000000 || cols > 1000 || rows * cols > 10000000)
        {
          _sw_mo_fail (im, m->line, m->column,
                       _("%s: table “%s” in %s (line %u) is %" PRId64 " × %" PRId64
                         "; valid: 1 to 1 000 000 rows, 1 to 1 000 columns, 10 000 000 numbers at most"),
                       block->name, name, display, line_of (text, start), rows, cols);
          return FALSE;
        }
      table->kind = V_MATRIX;
      table->rows = rows;
      table->cols = cols;
      table->cells = g_new (double, (gsize) (rows * cols));
      for (gint64 k = 0; k < rows * cols; k++)
        {
          char *end;

          while (g_ascii_isspace (*p) || *p == ',' || *p == ';')
            p++;
          errno = 0;
          table->cells[k] = g_ascii_strtod (p, &end);
          if (end == p || errno == ERANGE || (*end != '\0' && !g_ascii_isspace (*end) && *end != ','
                                             && *end != ';'))
            {
              _sw_mo_fail (im, m->line, m->column,
                           _("%s: table “%s” in %s: number %" PRId64 " of %" PRId64
                             " (line %u) is missing or not a number"), block->name, name, display, k + 1,
                           rows * cols, line_of (text, p));
              return FALSE;
            }
          p = end;
        }
      return TRUE;
    }
  m = _sw_mo_find (block->mods, "tableName");
  _sw_mo_fail (im, m != NULL ? m->line : block->line, m != NULL ? m->column : block->column,
               _("%s.tableName = \"%s\": %s has no such table; valid: %s"), block->name, name, display,
               found->len ? found->str : _("(none: a table starts with “double NAME(ROWS, COLS)”)"));
  return FALSE;
}
