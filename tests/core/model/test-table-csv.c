/* test-table-csv.c: table parameters read from CSV files (sw-table-csv.h):
 * each separator, headers, CRLF and a byte-order mark, and every problem
 * with the file, line and character it is at and what would be valid.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "sw-error.h"
#include "sw-table-csv.h"
#include "sw-test-files.h"
#include "sw-test-model.h"

/* w >= 0 in rad/s, 0 <= tau <= 100 in N.m. */
static const SwColumnDesc two_columns[] = {
  { "w", "rad/s", 0, INFINITY, FALSE },
  { "tau", "N.m", 0, 100, FALSE },
};
static const double two_default[] = { 0, 1 };
static const SwTableDesc two = { two_columns, 2, two_default, 1 };

/* A lossy gear's table: w >= 0, 0 < eta <= 1 (twice), tau_bf >= 0 (twice). */
static const SwColumnDesc five_columns[] = {
  { "w", "rad/s", 0, INFINITY, FALSE },
  { "eta_mf1", "", 0, 1, TRUE },
  { "eta_mf2", "", 0, 1, TRUE },
  { "tau_bf1", "N.m", 0, INFINITY, FALSE },
  { "tau_bf2", "N.m", 0, INFINITY, FALSE },
};
static const double five_default[] = { 0, 1, 1, 0, 0 };
static const SwTableDesc five = { five_columns, 5, five_default, 1 };

static SwTable *
read_text (const char        *text,
           const SwTableDesc *desc,
           GError           **error)
{
  return sw_table_from_csv_data (text, -1, "t.csv", desc, error);
}


/* The reading fails with code and a message holding each of the
 * NULL-terminated parts. */
static void
assert_fails (const char        *text,
              const SwTableDesc *desc,
              int                code,
              ...)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SwTable) table = read_text (text, desc, &error);
  const char *part;
  va_list args;

  g_assert_null (table);
  g_assert_error (error, SW_ERROR, code);
  va_start (args, code);
  while ((part = va_arg (args, const char *)) != NULL)
    {
      if (strstr (error->message, part) == NULL)
        g_error ("“%s” not in the message “%s”", part, error->message);
    }
  va_end (args);
}

static const double expected_two[] = { 0, 1.5, 10, 2.25, 100.5, 3 };

static void
test_separators (void)
{
  static const char *const texts[] = {
    "0,1.5\n10,2.25\n100.5,3\n",
    "0;1.5\n10;2.25\n100.5;3\n",
    "0\t1.5\n10\t2.25\n100.5\t3\n",
    "0, 1.5\n 10 ,2.25\n100.5,   3",         /* spaces, no final newline */
    "0 ;1.5\n10; 2.25\n100.5 ; 3\n",
  };

  for (guint k = 0; k < G_N_ELEMENTS (texts); k++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(SwTable) table = read_text (texts[k], &two, &error);

      g_assert_no_error (error);
      sw_test_assert_table (table, 3, 2, expected_two);
    }
}

static void
test_header (void)
{
  static const char *const texts[] = {
    "w,tau\n0,1.5\n10,2.25\n100.5,3\n",
    "w [rad/s];tau [N.m]\n0;1.5\n10;2.25\n100.5;3\n",
    "\"speed, rad/s\",\"torque\"\n0,1.5\n10,2.25\n100.5,3\n",   /* a separator inside quotes */
    "w\ttau\n\"0\"\t\"1.5\"\n10\t2.25\n100.5\t3\n",              /* quoted numbers */
    "\n\n  \nw,tau\n\n0,1.5\n10,2.25\n\n100.5,3\n\n",              /* blank lines */
    "\xef\xbb\xbfw,tau\r\n0,1.5\r\n10,2.25\r\n100.5,3\r\n",       /* BOM and CRLF */
    "0,1.5\r\n10,2.25\r\n100.5,3",                                /* CRLF, no header */
  };

  for (guint k = 0; k < G_N_ELEMENTS (texts); k++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(SwTable) table = read_text (texts[k], &two, &error);

      g_assert_no_error (error);
      sw_test_assert_table (table, 3, 2, expected_two);
    }
}

static void
test_five_columns (void)
{
  static const double expected[] = { 0, 0.98, 0.97, 0, 0.5, 100, 0.95, 0.9, 1e-3, 2 };
  const SwKind *kind;
  int param;
  g_autoptr(GError) error = NULL;
  g_autoptr(SwTable) table = read_text ("w;eta_mf1;eta_mf2;tau_bf1;tau_bf2\n"
                                        "0;0.98;0.97;0;0.5\n"
                                        "100;0.95;0.9;1e-3;2\n", &five, &error);

  g_assert_no_error (error);
  sw_test_assert_table (table, 2, 5, expected);
  g_clear_pointer (&table, sw_table_unref);

  /* The lossy gear's own table. */
  kind = sw_catalog_lookup ("rotational.lossy_gear");
  g_assert_nonnull (kind);
  param = sw_kind_find_param (kind, "lossTable");
  g_assert_cmpint (param, >=, 0);
  table = read_text ("0,0.98,0.97,0,0.5\n100,0.95,0.9,1e-3,2\n", kind->params[param].table, &error);
  g_assert_no_error (error);
  sw_test_assert_table (table, 2, 5, expected);

  /* A two-column file for a five-column table. */
  assert_fails ("0,1\n1,2\n", &five, SW_ERROR_INVALID,
                "t.csv:1:1: error: 2 values; valid: 5 values a line, [w, eta_mf1, eta_mf2, tau_bf1, tau_bf2], "
                "separated by commas as on line 1",
                "t.csv:2:1: error: 2 values", NULL);
  /* eta > 0 exclusive. */
  assert_fails ("0,0,1,0,0\n", &five, SW_ERROR_INVALID,
                "t.csv:1:3: error: column 2 (eta_mf1) = 0 is out of range; valid: 0 < eta_mf1 <= 1", NULL);
}

static void
test_empty (void)
{
  static const char *const texts[] = { "", "\n\n", "  \r\n\t\r\n", "w,tau\n", "w,tau\n\n\n" };

  for (guint k = 0; k < G_N_ELEMENTS (texts); k++)
    assert_fails (texts[k], &two, SW_ERROR_INVALID,
                  "t.csv: error: no rows of numbers; valid: lines of 2 numbers [w, tau] separated by commas, "
                  "semicolons or tabs, after an optional header line", NULL);
}

static void
test_not_a_number (void)
{
  assert_fails ("0,1\n1,abc\n", &two, SW_ERROR_PARSE,
                "t.csv:2:3: error: column 2 (tau): “abc” is not a number; valid: a number with a decimal point "
                "(C locale), such as 0.25 or 1e-3", NULL);
  /* A decimal comma in a file separated by semicolons. */
  assert_fails ("w;tau\n0;1,5\n", &two, SW_ERROR_PARSE,
                "t.csv:2:3: error: column 2 (tau): “1,5” is not a number; valid: a number with a decimal point", NULL);
  /* An empty value, and text after a number. */
  assert_fails ("0,\n1,2x\n", &two, SW_ERROR_PARSE,
                "t.csv:1:3: error: column 2 (tau): “” is not a number",
                "t.csv:2:3: error: column 2 (tau): “2x” is not a number", NULL);
  /* A header is a first line without numbers: "0,tau" is a row gone wrong. */
  assert_fails ("0,tau\n1,2\n", &two, SW_ERROR_PARSE,
                "t.csv:1:3: error: column 2 (tau): “tau” is not a number", NULL);
  /* A second header. */
  assert_fails ("w,tau\nw,tau\n0,1\n", &two, SW_ERROR_PARSE,
                "t.csv:2:1: error: column 1 (w): “w” is not a number",
                "t.csv:2:3: error: column 2 (tau): “tau” is not a number", NULL);
}

static void
test_not_finite (void)
{
  assert_fails ("0,1\n1,nan\n", &two, SW_ERROR_INVALID,
                "t.csv:2:3: error: column 2 (tau) = nan is not a finite number; valid: 0 <= tau <= 100", NULL);
  assert_fails ("0,1\ninf,2\n", &two, SW_ERROR_INVALID,
                "t.csv:2:1: error: column 1 (w) = inf is not a finite number; valid: w >= 0", NULL);
  assert_fails ("0;1\n1;-Infinity\n", &two, SW_ERROR_INVALID,
                "t.csv:2:3: error: column 2 (tau) = -inf is not a finite number", NULL);
  assert_fails ("0,1\n1,NAN\n", &two, SW_ERROR_INVALID, "t.csv:2:3: error: column 2 (tau) = nan", NULL);
}

static void
test_range (void)
{
  assert_fails ("0,1\n1,100.5\n", &two, SW_ERROR_INVALID,
                "t.csv:2:3: error: column 2 (tau) = 100.5 N.m is out of range; valid: 0 <= tau <= 100", NULL);
  assert_fails ("-1\t1\n", &two, SW_ERROR_INVALID,
                "t.csv:1:1: error: column 1 (w) = -1 rad/s is out of range; valid: w >= 0", NULL);
  assert_fails ("0,1\n1e200,2\n", &two, SW_ERROR_INVALID,
                "t.csv:2:1: error: column 1 (w) = 1e200 rad/s is too large for the equations to stay finite; "
                "valid: 0 or 1e-100 <= |w| <= 1e+100", NULL);
  assert_fails ("0,1e-200\n", &two, SW_ERROR_INVALID,
                "t.csv:1:3: error: column 2 (tau) = 1e-200 N.m is too small", NULL);
}

static void
test_increasing (void)
{
  assert_fails ("w,tau\n0,1\n10,2\n10,3\n", &two, SW_ERROR_INVALID,
                "t.csv:4:1: error: column 1 (w) = 10 must be larger than on line 3 (10); "
                "valid: w strictly increasing from line to line", NULL);
  assert_fails ("0,1\n\n5,2\n2,3\n", &two, SW_ERROR_INVALID,
                "t.csv:4:1: error: column 1 (w) = 2 must be larger than on line 3 (5)", NULL);
  /* Against the last line whose w could be read. */
  assert_fails ("0,1\n5,x\nabc,2\n4,3\n", &two, SW_ERROR_PARSE,
                "t.csv:2:3: error: column 2 (tau): “x” is not a number",
                "t.csv:3:1: error: column 1 (w): “abc” is not a number",
                "t.csv:4:1: error: column 1 (w) = 4 must be larger than on line 2 (5)", NULL);
}

static void
test_column_count (void)
{
  assert_fails ("0,1\n1,2,3\n", &two, SW_ERROR_INVALID,
                "t.csv:2:1: error: 3 values; valid: 2 values a line, [w, tau], separated by commas as on line 1",
                NULL);
  assert_fails ("w;tau\n0;1\n1\n", &two, SW_ERROR_INVALID,
                "t.csv:3:1: error: 1 value; valid: 2 values a line, [w, tau], separated by semicolons as on line 1",
                NULL);
  /* A file separated by tabs with a line separated by commas. */
  assert_fails ("\n0\t1\n1,2\n", &two, SW_ERROR_INVALID,
                "t.csv:3:1: error: 1 value; valid: 2 values a line, [w, tau], separated by tabs as on line 2", NULL);
}

static void
test_many_problems (void)
{
  GString *text = g_string_new ("w,tau\n");

  for (guint i = 0; i < 12; i++)
    g_string_append_printf (text, "%u,-1\n", i);
  assert_fails (text->str, &two, SW_ERROR_INVALID,
                "t.csv:2:3: error: column 2 (tau) = -1 N.m is out of range",
                "t.csv:11:3: error: column 2 (tau)",
                "\nt.csv: … and 2 more problems", NULL);
  g_string_free (text, TRUE);
}

static void
test_file (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("sw-table-csv-XXXXXX", &error);
  g_autofree char *path = NULL, *missing = NULL;
  g_autoptr(SwTable) table = NULL;

  g_assert_no_error (error);
  path = g_build_filename (dir, "friction.csv", NULL);
  g_assert_true (g_file_set_contents (path, "w;tau\r\n0;1.5\r\n10;2.25\r\n100.5;3\r\n", -1, &error));
  g_assert_no_error (error);
  table = sw_table_from_csv_file (path, &two, &error);
  g_assert_no_error (error);
  sw_test_assert_table (table, 3, 2, expected_two);
  g_clear_pointer (&table, sw_table_unref);

  /* The file's name in messages. */
  g_assert_true (g_file_set_contents (path, "0,1\n0,2\n", -1, &error));
  table = sw_table_from_csv_file (path, &two, &error);
  g_assert_null (table);
  g_assert_error (error, SW_ERROR, SW_ERROR_INVALID);
  g_assert_true (g_str_has_prefix (error->message, path));
  g_assert_nonnull (strstr (error->message, "friction.csv:2:1: error: column 1 (w) = 0 must be larger"));
  g_clear_error (&error);

  missing = g_build_filename (dir, "missing.csv", NULL);
  table = sw_table_from_csv_file (missing, &two, &error);
  g_assert_null (table);
  g_assert_error (error, SW_ERROR, SW_ERROR_IO);
  g_assert_true (g_str_has_prefix (error->message, missing));
  g_clear_error (&error);

  sw_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/table-csv/separators", test_separators);
  g_test_add_func ("/core/table-csv/header", test_header);
  g_test_add_func ("/core/table-csv/five-columns", test_five_columns);
  g_test_add_func ("/core/table-csv/empty", test_empty);
  g_test_add_func ("/core/table-csv/not-a-number", test_not_a_number);
  g_test_add_func ("/core/table-csv/not-finite", test_not_finite);
  g_test_add_func ("/core/table-csv/range", test_range);
  g_test_add_func ("/core/table-csv/increasing", test_increasing);
  g_test_add_func ("/core/table-csv/column-count", test_column_count);
  g_test_add_func ("/core/table-csv/many-problems", test_many_problems);
  g_test_add_func ("/core/table-csv/file", test_file);

  return g_test_run ();
}
