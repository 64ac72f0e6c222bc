/* test-modelica-hostile.c: the Modelica reader under hostile input
 * (issue 21): every file is a model or an error at FILE:LINE:COL that says
 * what would be valid; never a crash, a stack overflow or a message that is
 * not UTF-8.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "sw-error.h"
#include "sw-kind.h"
#include "sw-model.h"
#include "sw-modelica.h"
#include "sw-test-files.h"
#include "sw-test-run.h"

#define INERTIA_OPEN "  Modelica.Mechanics.Rotational.Components.Inertia j"
#define INERTIA INERTIA_OPEN "(J=1)"

/* text's import fails with needle in its message, a message that is UTF-8. */
static void
assert_refused (const char *text, const char *needle)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_modelica_import (text, -1, "m.mo", &error);

  g_assert_null (model);
  g_assert_error (error, SW_ERROR, error->code);
  g_assert_true (g_utf8_validate (error->message, -1, NULL));
  sw_test_assert_error_says (error, needle);
}

/* A model whose parameter p is the expression made of count repeats of
 * piece between head and tail. */
static char *
model_with_parameter (const char *head, const char *piece, guint count, const char *tail)
{
  GString *s = g_string_new ("model M\n  parameter Real p = ");

  g_string_append (s, head);
  for (guint k = 0; k < count; k++)
    g_string_append (s, piece);
  g_string_append (s, tail);
  g_string_append (s, ";\nend M;\n");
  return g_string_free (s, FALSE);
}

/* Deep recursion has limits, each an error at its place naming the limit:
 * a sum of 50 000 terms (evaluated by recursion over its tree), not not …
 * 100 000 deep (parsed by recursion), a sum of a million terms in an
 * annotation (freed by recursion). A long chain below the limit imports. */
static void
test_depth_limits (void)
{
  g_autofree char *sum = model_with_parameter ("1", "+1", 50000, "");
  g_autofree char *nots = model_with_parameter ("", "not ", 100000, "true");
  g_autofree char *parens = model_with_parameter ("", "(", 100000, "1");
  g_autofree char *ok = model_with_parameter ("1", "+1", 500, "");
  g_autoptr (GString) annotation = g_string_new ("model M\n  annotation(x = 1");
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = NULL;

  assert_refused (sum, "m.mo:2:22: error: the expression is too long or nests too deep: more than 1000 operators");
  assert_refused (nots, "m.mo:2:");
  assert_refused (nots, "nest deeper than 200 levels");
  assert_refused (parens, "nest deeper than 200 levels");
  for (guint k = 0; k < 1000000; k++)
    g_string_append (annotation, "+1");
  g_string_append (annotation, ");\nend M;\n");
  assert_refused (annotation->str, "more than 1000 operators");

  model = sw_modelica_import (ok, -1, "m.mo", &error);
  g_assert_no_error (error);
  g_assert_nonnull (model);
}

/* Names and numbers are echoed in messages: one of 10 MB made a message of
 * 10 MB (hos26). A number past 1024 characters is refused; a name is not
 * (the export writes a .shaft model's ids, of any length), but a message
 * quoting it is cut past 4 kB. */
static void
test_long_tokens (void)
{
  g_autofree char *name = g_strnfill (10 * 1024 * 1024, 'x');
  g_autofree char *digits = g_strnfill (1000000, '1');
  g_autofree char *longest = g_strnfill (100000, 'y');
  g_autofree char *named = g_strdup_printf ("model %s\nend x;\n", name);
  g_autofree char *number = model_with_parameter (digits, "", 0, ".5.5");
  g_autofree char *ok = g_strdup_printf ("model M\n" INERTIA_OPEN "%s(J=1);\nend M;\n", longest);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = NULL;

  for (guint i = 0; i < 2; i++)
    {
      g_autoptr (SwModel) refused = sw_modelica_import (i == 0 ? named : number, -1, "m.mo", &error);

      g_assert_null (refused);
      g_assert_error (error, SW_ERROR, SW_ERROR_PARSE);
      g_assert_cmpuint (strlen (error->message), <, 4200);
      sw_test_assert_error_says (error, i == 0 ? "error: “end x;” closes “xxxxxxxx"
                                               : "m.mo:2:22: error: a number of more than 1024 characters");
      g_assert_true (i == 1 || g_str_has_suffix (error->message, "xxx…"));
      g_clear_error (&error);
    }
  model = sw_modelica_import (ok, -1, "m.mo", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (sw_model_get_n_components (model), ==, 1);
}

/* A block's output connected to what is no component (a variable of a
 * basic type, a Real or an SI type) or to a component without naming its
 * input: an error at the connect(), not a crash. */
static void
test_block_to_variable (void)
{
  assert_refused ("model M\n  Real x;\n  Modelica.Blocks.Sources.Constant k;\nequation\n  connect(k.y, x.u);\nend M;\n",
                  "m.mo:5:3: error: connect (k.y, x.u): x is not a component");
  assert_refused ("model M\n  Modelica.SIunits.Torque tau;\n  Modelica.Blocks.Sources.Constant k;\n"
                  "equation\n  connect(tau, k.y);\nend M;\n",
                  "m.mo:5:3: error: connect (tau, k.y): tau is not a component");
  assert_refused ("model M\n  Modelica.Mechanics.Rotational.Sources.Torque t;\n  Modelica.Blocks.Sources.Constant k;\n"
                  "equation\n  connect(k.y, t);\nend M;\n",
                  "m.mo:5:3: error: connect (k.y, t): a block's output goes to an input of a component, t.NAME");
}

/* Names are ASCII in Modelica: a character beyond is refused, quoted whole
 * (the message is valid UTF-8), wherever it stands. */
static void
test_non_ascii (void)
{
  assert_refused ("model Ä\nend Ä;\n",
                  "m.mo:1:7: error: “Ä” is not allowed here: Modelica names are ASCII letters, digits and “_”");
  assert_refused ("model M\n  Modelica.Mechanics.Rotational.Components.Inertia jÄ(J=1);\nend M;\n", "m.mo:2:53: error: “Ä”");
  assert_refused ("model M\n  Modelica.Mechanics.Rotational.Components.Inertia j(J=1) \"ok\" annotation(€=1);\nend M;\n",
                  "“€”");
  assert_refused ("model M\n  parameter Real p = 1 𝄞 2;\nend M;\n", "m.mo:2:24: error: “𝄞”");
}

/* Messages that say what is wrong (issue 21, item 17): an unclosed
 * comment is one, not a model without its end. */
static void
test_messages (void)
{
  assert_refused ("model M\n  /* a comment\nend M;\n", "m.mo:2:3: error: the comment “/*” is not closed: “*/” is missing");
  assert_refused ("model M\n  /* a comment *", "m.mo:2:3: error: the comment “/*” is not closed");
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (SwModel) model = sw_modelica_import ("model M\n  Ä\0\nend M;\n", 17, "m.mo", &error);

    g_assert_null (model);
    sw_test_assert_error_says (error, "m.mo:2:4: error: a NUL byte is not allowed; a Modelica model is text");
  }
  /* A parameter used before its declaration is valid Modelica (it was
   * "unknown name b: not a parameter"); parameters in a circle are not. */
  {
    g_autoptr (GError) error = NULL;
    const char *text = "model M\n  parameter Real a = 2 * b;\n  parameter Real b = c + 1;\n  parameter Real c = 2;\n"
                       INERTIA_OPEN "(J = a);\nend M;\n";
    g_autoptr (SwModel) model = sw_modelica_import (text, -1, "m.mo", &error);

    g_assert_no_error (error);
    g_assert_cmpfloat (sw_model_get_component (model, 0)->param[0], ==, 6);
  }
  assert_refused ("model M\n  parameter Real a = b;\n  parameter Real b = a;\n" INERTIA_OPEN "(J = a);\nend M;\n",
                  "error: b: the parameters lead to each other in a circle");
  /* One that uses itself, deep inside a long sum (the fuzzer's: it went
   * round 1 000 times, 200 levels each, and ran out of stack). */
  {
    g_autoptr (GString) text = g_string_new ("model M\n  parameter Real p = 1");

    for (guint k = 0; k < 190; k++)
      g_string_append (text, k == 3 ? "+p" : "+1");
    g_string_append (text, ";\n" INERTIA_OPEN "(J = p);\nend M;\n");
    assert_refused (text->str, "error: p: the parameters lead to each other in a circle");
  }
  assert_refused ("model M\n  parameter Real a = b;\n  parameter Real b;\n" INERTIA_OPEN "(J = a);\nend M;\n",
                  "m.mo:2:22: error: parameter b has no value");
}

/* Every value read takes effect or is refused (issue 21, item 16): a
 * modification given twice, a name declared twice, fixed = 2. */
static void
test_duplicates (void)
{
  assert_refused ("model M\n" INERTIA_OPEN "(J = 1, J = 2);\nend M;\n",
                  "m.mo:2:61: error: “J” is modified twice here (first at 2:54); give it once");
  assert_refused ("model M\n  parameter Real a = 1;\n  parameter Real a = 2;\nend M;\n",
                  "m.mo:3:18: error: “a” is declared twice (first at 2:18)");
  assert_refused ("model M\n" INERTIA_OPEN "(J = 1, phi(start = 1, fixed = 2));\nend M;\n",
                  "m.mo:2:76: error: j.phi: fixed = 2; valid: true or false");
}


/* Every value read takes effect or is refused (issue 21, item 15):
 * experiment values out of range, a rotation of 1e300 (a whole number of
 * turns, no integer overflow), a number past the doubles, an index of
 * infinity. */
static void
test_out_of_range (void)
{
  static const struct {
    const char *annotation, *needle;
  } experiments[] = {
    { "StopTime=-1", "m.mo:3:25: error: experiment: StopTime = -1 is out of range; valid: StopTime > 0" },
    { "StopTime=0", "experiment: StopTime = 0 is out of range; valid: StopTime > 0" },
    { "StopTime=0/0", "m.mo:3:34: error: division by zero" },
    { "StopTime=1, Interval=0", "m.mo:3:37: error: experiment: Interval = 0 is out of range; valid: Interval > 0" },
    { "Tolerance=7", "m.mo:3:25: error: experiment: Tolerance = 7 is out of range; valid: 0 < Tolerance < 1" },
    { "Tolerance=1e-300",
      "m.mo:3:25: error: experiment: Tolerance = 1e-300 is finer than a double can follow; valid: 1e-14 <= Tolerance < 1" },
    /* A denormal: the .shaft it made could not be read back (fuzz25). */
    { "StopTime=1e-320",
      "m.mo:3:25: error: experiment: StopTime = 1e-320 s is too short; valid: StopTime >= 2.2250738585072014e-308 s" },
  };

  for (guint k = 0; k < G_N_ELEMENTS (experiments); k++)
    {
      g_autofree char *text = g_strdup_printf ("model M\n" INERTIA ";\n  annotation(experiment(%s));\nend M;\n",
                                               experiments[k].annotation);

      assert_refused (text, experiments[k].needle);
    }
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (SwModel) model = NULL;

    model = sw_modelica_import ("model M\n" INERTIA " annotation(Placement(transformation(extent={{-10,-10},{10,10}}, "
                                "rotation=1e300)));\n  annotation(experiment(StopTime=2, Tolerance=1e-7));\nend M;\n",
                                -1, "m.mo", &error);
    g_assert_no_error (error);
    /* 1e300 / 90 rounds to a multiple of 4 quarter turns... or not: any
     * of the four is a valid rotation. */
    g_assert_cmpint (sw_model_get_rotation (model, 0) % 90, ==, 0);
    g_assert_cmpfloat (sw_model_get_simulation (model)->stop_time_s, ==, 2);
    g_assert_cmpfloat (sw_model_get_simulation (model)->tolerance, ==, 1e-7);
  }
  assert_refused ("model M\n  parameter Real p = 1e400;\nend M;\n",
                  "m.mo:2:22: error: “1e400” is too large for a number (at most about 1.8e308)");
  /* Read as 0 it would be a massless inertia, silently. */
  assert_refused ("model M\n  parameter Real p = 1e-400;\n  parameter Real q = 0e-400;\nend M;\n",
                  "m.mo:2:22: error: “1e-400” is too small for a number and would read as 0; "
                  "valid: 0, or magnitudes from 2.3e-308");
  assert_refused ("model M\n" INERTIA ";\nequation\n  connect(j.flange_a[1e6], j.flange_b);\n"
                  "  connect(j.flange_a[1e300], j.flange_b);\nend M;\n",
                  "m.mo:5:22: error: expected an index 1, 2, … after “[”, not “a number”");
}

/* text with every "from" replaced by "to". */
static char *
replace_all (const char *text, const char *from, const char *to)
{
  g_auto (GStrv) parts = g_strsplit (text, from, -1);

  return g_strjoinv (to, parts);
}

/* The export writes only names its own import reads back (issue 21, items
 * 3 and 17): a subsystem's port and parameter named beyond ASCII become
 * identifiers, their names kept in the annotation; so do ids Modelica
 * reserves (end, Modelica); a model titled Modelica is not a class called
 * Modelica. */
static void
test_export_names (void)
{
  g_autofree char *dir = g_dir_make_tmp ("sw-hostile-XXXXXX", NULL);
  g_autofree char *unit_path = g_build_filename (g_getenv ("SW_SOURCE_ROOT"), "data", "examples", "marine",
                                                 "engine-unit.shaft", NULL);
  g_autofree char *twin_path = g_build_filename (g_getenv ("SW_SOURCE_ROOT"), "data", "examples", "marine",
                                                 "twin-engine.shaft", NULL);
  g_autofree char *unit = NULL, *twin = NULL, *unit2 = NULL, *twin2 = NULL, *twin3 = NULL, *text = NULL;
  g_autofree char *unit_copy = g_build_filename (dir, "engine-unit.shaft", NULL);
  g_autofree char *twin_copy = g_build_filename (dir, "twin-engine.shaft", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = NULL, back = NULL;
  int engine;

  g_assert_true (g_file_get_contents (unit_path, &unit, NULL, NULL));
  g_assert_true (g_file_get_contents (twin_path, &twin, NULL, NULL));
  unit2 = replace_all (unit, "\"J_fly\"", "\"J_Schwungrad_ö\"");
  g_free (g_steal_pointer (&unit));
  unit = replace_all (unit2, "\"flange\"", "\"Welle Ä\"");
  twin2 = replace_all (twin, "\"J_fly\"", "\"J_Schwungrad_ö\"");
  twin3 = replace_all (twin2, "engine1.flange\"", "engine1.Welle Ä\"");
  g_free (g_steal_pointer (&twin2));
  twin2 = replace_all (twin3, "engine2.flange\"", "engine2.Welle Ä\"");
  g_assert_true (g_file_set_contents (unit_copy, unit, -1, NULL));
  g_assert_true (g_file_set_contents (twin_copy, twin2, -1, NULL));
  model = sw_model_new_from_file (twin_copy, &error);
  g_assert_no_error (error);

  text = sw_modelica_export (model, &error);
  g_assert_no_error (error);
  g_assert_true (g_utf8_validate (text, -1, NULL));
  g_assert_nonnull (strstr (text, "parameter Real J_Schwungrad__(unit=\"kg.m2\") = 4"));
  g_assert_nonnull (strstr (text, "annotation(__Shaftwork(name=\"J_Schwungrad_ö\"))"));
  g_assert_nonnull (strstr (text, "Flange_b Welle__ annotation(__Shaftwork(name=\"Welle Ä\"))"));
  back = sw_modelica_import (text, -1, "exported.mo", &error);
  if (error != NULL)
    g_test_message ("%s", text);
  g_assert_no_error (error);
  engine = sw_model_find_component (back, "engine2");
  g_assert_cmpint (engine, >=, 0);
  g_assert_cmpfloat (sw_model_get_component (back, (guint) engine)->param
                       [sw_kind_find_param (sw_model_get_component (back, (guint) engine)->kind, "J_Schwungrad_ö")],
                     ==, 5);
  g_assert_cmpint (sw_kind_find_port (sw_model_get_component (back, (guint) engine)->kind, "Welle Ä"), >=, 0);

  /* Ids Modelica reserves (end, input, Modelica) are declared as end_,
   * input_, Modelica_, their ids kept in the annotation and given back by
   * the import; a title Modelica makes the class Modelica_. */
  {
    static const char *const ids[] = { "end", "input", "Modelica", "end_" };
    g_autoptr (SwModel) plain = sw_model_new ();
    g_autoptr (SwModel) read = NULL;
    g_autofree char *exported = NULL;

    for (guint k = 0; k < G_N_ELEMENTS (ids); k++)
      {
        g_assert_cmpint (sw_model_add_component (plain, "rotational.inertia", ids[k], &error), ==, (int) k);
        g_assert_no_error (error);
      }
    g_assert_true (sw_model_connect (plain, "end.flange_b", "input.flange_a", &error));
    g_assert_true (sw_model_connect (plain, "input.flange_b", "Modelica.flange_a", &error));
    g_assert_true (sw_model_connect (plain, "Modelica.flange_b", "end_.flange_a", &error));
    g_assert_no_error (error);
    sw_model_set_position (plain, 1, 100, 100);
    sw_model_set_name (plain, "Modelica");
    exported = sw_modelica_export (plain, &error);
    g_assert_no_error (error);
    g_assert_true (g_str_has_prefix (exported, "model Modelica_ \"Modelica\"\n"));
    g_assert_nonnull (strstr (exported, "Inertia end__ annotation(__Shaftwork(name=\"end\"));"));
    g_assert_nonnull (strstr (exported, "Inertia input_ annotation(__Shaftwork(name=\"input\"), Placement("));
    g_assert_nonnull (strstr (exported, "Inertia end_;"));
    g_assert_nonnull (strstr (exported, "connect(end__.flange_b, input_.flange_a);"));
    read = sw_modelica_import (exported, -1, "exported.mo", &error);
    g_assert_no_error (error);
    for (guint k = 0; k < G_N_ELEMENTS (ids); k++)
      g_assert_cmpstr (sw_model_get_component (read, k)->id, ==, ids[k]);
    g_assert_cmpuint (sw_model_get_n_connections (read), ==, 3);
  }
  sw_test_remove_tree (dir);
}

/* A class path is the library's only when it can be: Foo.Bar.Inertia is
 * not an inertia (it was taken as one by its last part), nor is
 * Components.Spring in a file within a library of the user's. An import
 * alias and a wildcard import are followed, so their classes get the
 * right domain (TR.Components.Mass and a short Mass under import
 * Translational.Components.* were looked for as rotational). */
static void
test_unknown_paths (void)
{
  static const char *const translational[] = {
    "model M\n  import TR = Modelica.Mechanics.Translational;\n  TR.Components.Mass m(m = 2);\n"
    "  TR.Components.Spring s(c = 10);\n  TR.Components.Fixed f;\nequation\n  connect(m.flange_b, s.flange_a);\n"
    "  connect(s.flange_b, f.flange);\nend M;\n",
    "model M\n  import Modelica.Mechanics.Translational.Components.*;\n  Mass m(m = 2);\n  Spring s(c = 10);\n"
    "  Fixed f;\nequation\n  connect(m.flange_b, s.flange_a);\n  connect(s.flange_b, f.flange);\nend M;\n",
  };

  assert_refused ("model M\n  Foo.Bar.Inertia j(J = 1);\nend M;\n",
                  "m.mo:2:19: error: j (Foo.Bar.Inertia) is not supported");
  assert_refused ("within MyLib.Examples;\nmodel M\n  Components.Spring s(c = 1);\nend M;\n",
                  "s (Components.Spring) is not supported");
  for (guint k = 0; k < G_N_ELEMENTS (translational); k++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (SwModel) model = sw_modelica_import (translational[k], -1, "m.mo", &error);

      g_assert_no_error (error);
      g_assert_cmpuint (sw_model_get_n_components (model), ==, 3);
      for (guint c = 0; c < 3; c++)
        g_assert_true (g_str_has_prefix (sw_model_get_component (model, c)->kind->name, "translational."));
    }
}

/* Files that are not Modelica text: /dev/zero read up to its first NUL
 * (it was read for ever), a folder named as one. */
static void
test_not_files (void)
{
  g_autofree char *dir = g_dir_make_tmp ("sw-mo-XXXXXX", NULL);
  g_autofree char *zero = g_build_filename (dir, "zero.mo", NULL);
  g_autofree char *folder = g_build_filename (dir, "folder.mo", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = NULL;

  g_assert_cmpint (symlink ("/dev/zero", zero), ==, 0);
  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
  model = sw_modelica_import_file (zero, &error);
  g_assert_null (model);
  g_assert_nonnull (strstr (error->message, "zero.mo:1:1: error: a NUL byte"));
  g_clear_error (&error);
  model = sw_modelica_import_file (folder, &error);
  g_assert_null (model);
  g_assert_nonnull (strstr (error->message, "a folder, not a model file"));
  g_remove (zero);
  g_rmdir (folder);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  sw_init ();
  g_test_add_func ("/core/modelica-hostile/depth-limits", test_depth_limits);
  g_test_add_func ("/core/modelica-hostile/long-tokens", test_long_tokens);
  g_test_add_func ("/core/modelica-hostile/block-to-variable", test_block_to_variable);
  g_test_add_func ("/core/modelica-hostile/non-ascii", test_non_ascii);
  g_test_add_func ("/core/modelica-hostile/out-of-range", test_out_of_range);
  g_test_add_func ("/core/modelica-hostile/messages", test_messages);
  g_test_add_func ("/core/modelica-hostile/duplicates", test_duplicates);
  g_test_add_func ("/core/modelica-hostile/export-names", test_export_names);
  g_test_add_func ("/core/modelica-hostile/unknown-paths", test_unknown_paths);
  g_test_add_func ("/core/modelica-hostile/not-files", test_not_files);
  return g_test_run ();
}
