/* test-window-hostile.c: hostile files opened through the window's own open
 * path (sw_window_open_file, what File ▸ Open and the recent menu call):
 * a file the reader refuses shows its error in a dialog, as valid UTF-8,
 * and leaves the document as it was; a file it accepts becomes the document
 * and the window draws it. Never a crash (issue 21, item 5).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <adwaita.h>
#include <string.h>

#include "sw-window.h"
#include "sw-window-private.h"
#include "sw-test-files.h"
#include "test-window-common.h"

/* text repeated count times between head and tail. */
static char *
repeated (const char *head, const char *piece, guint count, const char *tail)
{
  GString *s = g_string_new (head);

  for (guint k = 0; k < count; k++)
    g_string_append (s, piece);
  g_string_append (s, tail);
  return g_string_free (s, FALSE);
}

/* A .shaft model with a custom coupling whose formula is formula. */
static char *
coupling_model (const char *formula)
{
  return g_strdup_printf ("{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": [\n"
                          "  {\"id\": \"j\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1}},\n"
                          "  {\"id\": \"k\", \"kind\": \"rotational.custom_coupling\", "
                          "\"params\": {\"tau\": {\"expression\": \"%s\"}}}],\n"
                          " \"connections\": [{\"from\": \"j.flange_b\", \"to\": \"k.flange_a\"}]}\n", formula);
}

/* Subsystem definitions L0 (an inertia) ... L<levels - 1>, each uses of the
 * one below in a row; the model one use of the last. */
static char *
levels_model (guint levels, guint uses)
{
  GString *s = g_string_new ("{\"format\": \"shaftwork-model\", \"version\": 1, \"subsystems\": {\n"
                             "\"L0\": {\"interface\": {\"ports\": {\"a\": \"j.flange_a\", \"b\": \"j.flange_b\"}}, "
                             "\"components\": [{\"id\": \"j\", \"kind\": \"rotational.inertia\"}]}");

  for (guint level = 1; level < levels; level++)
    {
      g_string_append_printf (s, ",\n\"L%u\": {\"interface\": {\"ports\": {\"a\": \"u0.a\", \"b\": \"u%u.b\"}}, "
                              "\"components\": [", level, uses - 1);
      for (guint u = 0; u < uses; u++)
        g_string_append_printf (s, "%s{\"id\": \"u%u\", \"kind\": \"subsystem\", \"subsystem\": \"L%u\"}",
                                u > 0 ? ", " : "", u, level - 1);
      g_string_append (s, "], \"connections\": [");
      for (guint u = 0; u + 1 < uses; u++)
        g_string_append_printf (s, "%s{\"from\": \"u%u.b\", \"to\": \"u%u.a\"}", u > 0 ? ", " : "", u, u + 1);
      g_string_append (s, "]}");
    }
  g_string_append_printf (s, "},\n\"components\": [{\"id\": \"t\", \"kind\": \"subsystem\", \"subsystem\": \"L%u\"}]}",
                          levels - 1);
  return g_string_free (s, FALSE);
}

#define NUL_TEXT "{\"format\": \"shaftwork-model\",\0 \"version\": 1}"
#define INERTIA "  Modelica.Mechanics.Rotational.Components.Inertia j(J=1)"

typedef struct {
  const char *name;     /* the file's name */
  char       *text;     /* its contents */
  gssize      length;   /* -1: text is a string */
  const char *needle;   /* in the error; NULL: the file opens */
} Hostile;

/* The files of issue 21 the CLI refuses (and the ones it reads): each
 * through the open path, one after the other in one window. */
static void
test_open_hostile (void)
{
  Hostile files[] = {
    { "deep-sum.mo", repeated ("model M\n  parameter Real p = 1", "+1", 50000, ";\nend M;\n"), -1,
      "more than 1000 operators" },
    { "not-not.mo", repeated ("model M\n  parameter Boolean p = ", "not ", 100000, "true;\nend M;\n"), -1,
      "nest deeper than 200 levels" },
    { "annotation-sum.mo", repeated ("model M\n  annotation(x = 1", "+1", 1000000, ");\nend M;\n"), -1,
      "more than 1000 operators" },
    { "block-to-real.mo",
      g_strdup ("model M\n  Real x;\n  Modelica.Blocks.Sources.Constant k;\nequation\n  connect(k.y, x.u);\nend M;\n"),
      -1, "x is not a component" },
    { "si-torque.mo",
      g_strdup ("model M\n  import SI = Modelica.SIunits;\n  SI.Torque tau;\n  Modelica.Blocks.Sources.Constant k;\n"
                "equation\n  connect(k.y, tau);\nend M;\n"), -1, "tau is not a component" },
    { "non-ascii.mo", g_strdup ("model Ä\n" INERTIA ";\nend Ä;\n"), -1, "“Ä” is not allowed here" },
    { "non-ascii-inside.mo", g_strdup ("model M\n  Modelica.Mechanics.Rotational.Components.Inertia 𝄞(J=1);\nend M;\n"),
      -1, "“𝄞” is not allowed here" },
    { "experiment.mo", g_strdup ("model M\n" INERTIA ";\n  annotation(experiment(StopTime=0/0));\nend M;\n"), -1,
      "division by zero" },
    { "tolerance.mo", g_strdup ("model M\n" INERTIA ";\n  annotation(experiment(Tolerance=7));\nend M;\n"), -1,
      "Tolerance = 7 is out of range" },
    { "index.mo", g_strdup ("model M\n" INERTIA ";\nequation\n  connect(j.flange_a[1e400], j.flange_b);\nend M;\n"), -1,
      "too large for a number" },
    { "unclosed-comment.mo", g_strdup ("model M\n" INERTIA ";\n/* open\nend M;\n"), -1,
      "unclosed-comment.mo:3:1: error: the comment “/*” is not closed" },
    { "not-utf8.mo", g_strdup ("model M\n  \xff\xfe\nend M;\n"), -1, "not UTF-8" },
    { "formula-sum.shaft", NULL, -1, "more than 5000 numbers, names and operators" },
    { "formula-product.shaft", NULL, -1, "its derivative would have more than" },
    { "not-utf8.shaft", g_strdup ("{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"\xc3\x28\"}"), -1, "" },
    /* (g_memdup2: the text goes on past its NUL.) */
    { "nul.shaft", g_memdup2 (NUL_TEXT, sizeof NUL_TEXT - 1), sizeof NUL_TEXT - 1, "" },
    { "deep-json.shaft", repeated ("{\"format\": \"shaftwork-model\", \"version\": 1, \"x\": ", "[", 100000, ""), -1,
      "" },
    { "truncated.shaft", g_strdup ("{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": [{\"id\": \"j"),
      -1, "" },
    /* Items 7, 8, 16, 17: subsystems and duplicates. */
    { "flat-limit.shaft", NULL, -1, "holds more than 2000000 components once its subsystems are expanded" },
    { "nest-limit.shaft", NULL, -1, "levels deep; at most 16" },
    { "cycle.shaft",
      g_strdup ("{\"format\": \"shaftwork-model\", \"version\": 1, \"subsystems\": {\n"
                "\"A\": {\"interface\": {}, \"components\": [{\"id\": \"b\", \"kind\": \"subsystem\", \"subsystem\": \"B\"}]},\n"
                "\"B\": {\"interface\": {}, \"components\": [{\"id\": \"a\", \"kind\": \"subsystem\", \"subsystem\": \"A\"}]}},\n"
                "\"components\": [{\"id\": \"s\", \"kind\": \"subsystem\", \"subsystem\": \"A\"}]}"), -1, "uses itself" },
    { "interface-default.shaft",
      g_strdup ("{\"format\": \"shaftwork-model\", \"version\": 1, \"subsystems\": {\"A\": {\"interface\": "
                "{\"parameters\": {\"J\": {\"to\": [\"j.J\"], \"default\": -5}}},\n"
                "\"components\": [{\"id\": \"j\", \"kind\": \"rotational.inertia\"}]}},\n"
                "\"components\": [{\"id\": \"s\", \"kind\": \"rotational.inertia\"}]}"), -1,
      "its default, given to “j.J”" },
    { "modified-twice.mo",
      g_strdup ("model M\n  Modelica.Mechanics.Rotational.Components.Inertia j(J=1, J=2);\nend M;\n"), -1,
      "“J” is modified twice here" },
    { "fixed.mo",
      g_strdup ("model M\n  Modelica.Mechanics.Rotational.Components.Inertia j(J=1, phi(start=1, fixed=2));\nend M;\n"),
      -1, "fixed = 2; valid: true or false" },
    { "missing-table.mo",
      g_strdup ("model M\n  Modelica.Blocks.Sources.CombiTimeTable t(tableOnFile=true, tableName=\"t\", "
                "fileName=\"none.txt\");\n  Modelica.Mechanics.Rotational.Sources.Torque torque;\n" INERTIA ";\n"
                "equation\n  connect(t.y[1], torque.tau);\n  connect(torque.flange, j.flange_a);\nend M;\n"), -1,
      "missing-table.mo:2:77: error: t.fileName: cannot read /" },
    /* Read: a table file beside the model, not in the working folder. */
    { "table-beside.mo",
      g_strdup ("model M\n  Modelica.Blocks.Sources.CombiTimeTable t(tableOnFile=true, tableName=\"t\", "
                "fileName=\"beside.txt\");\n  Modelica.Mechanics.Rotational.Sources.Torque torque;\n" INERTIA ";\n"
                "equation\n  connect(t.y[1], torque.tau);\n  connect(torque.flange, j.flange_a);\nend M;\n"), -1,
      NULL },
    /* Read, and run live: a formula of functions nested 199 deep (it
     * compiled in 2^199 steps), a feedback gain of 1e50 (the run stops
     * saying the motion is unstable, in the window, not a dialog). */
    { "nested-functions.shaft", NULL, -1, NULL },
    { "gain-1e50.shaft",
      g_strdup ("{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": [\n"
                " {\"id\": \"j\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1, \"w0\": 1}},\n"
                " {\"id\": \"sensor\", \"kind\": \"rotational.speed_sensor\"},\n"
                " {\"id\": \"tq\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": "
                "{\"product\": [1e50, {\"sensor\": {\"of\": \"sensor.w\"}}]}}}],\n"
                " \"connections\": [{\"from\": \"sensor.flange\", \"to\": \"j.flange_a\"},\n"
                "  {\"from\": \"tq.flange\", \"to\": \"j.flange_b\"}]}"), -1, NULL },
    /* Read: the rotation of 1e300 is a whole number of turns, the
     * position far away is drawn (or not) without harm. */
    { "placement.mo",
      g_strdup ("model M\n" INERTIA " annotation(Placement(transformation(extent={{-10,-10},{10,10}}, "
                "origin={1e300, -1e300}, rotation=1e300)));\nend M;\n"), -1, NULL },
  };
  g_autofree char *dir = g_dir_make_tmp ("sw-window-hostile-XXXXXX", NULL);
  g_autofree char *sum = repeated ("phi_rel", "+phi_rel", 200000, "");
  g_autofree char *product = repeated ("w_rel", "*w_rel", 5000, "");
  g_autofree char *nested_open = repeated ("", "sin(", 199, "phi_rel");
  g_autofree char *nested = repeated (nested_open, ")", 199, "");
  g_autofree char *first = sw_test_example_path ("first.shaft");
  SwWindow *window = window_with_file (first);

  for (guint k = 0; k < G_N_ELEMENTS (files); k++)
    if (strcmp (files[k].name, "formula-sum.shaft") == 0)
      files[k].text = coupling_model (sum);
    else if (strcmp (files[k].name, "formula-product.shaft") == 0)
      files[k].text = coupling_model (product);
    else if (strcmp (files[k].name, "nested-functions.shaft") == 0)
      files[k].text = coupling_model (nested);
    else if (strcmp (files[k].name, "flat-limit.shaft") == 0)
      files[k].text = levels_model (9, 10);
    else if (strcmp (files[k].name, "nest-limit.shaft") == 0)
      files[k].text = levels_model (20, 1);

  {
    g_autofree char *table = g_build_filename (dir, "beside.txt", NULL);

    g_assert_true (g_file_set_contents (table, "#1\ndouble t(2,2)\n0 0\n1 2\n", -1, NULL));
  }
  for (guint k = 0; k < G_N_ELEMENTS (files); k++)
    {
      g_autofree char *path = g_build_filename (dir, files[k].name, NULL);
      g_autoptr (GFile) file = g_file_new_for_path (path);
      SwModel *before = sw_window_get_model (window);
      AdwMessageDialog *dialog = NULL;
      GListModel *toplevels = gtk_window_get_toplevels ();

      g_test_message ("%s", files[k].name);
      g_assert_true (g_file_set_contents (path, files[k].text, files[k].length, NULL));
      sw_window_open_file (window, file);
      iterate ();
      for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
        {
          g_autoptr (GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

          if (ADW_IS_MESSAGE_DIALOG (toplevel) && gtk_window_get_transient_for (toplevel) == GTK_WINDOW (window))
            dialog = ADW_MESSAGE_DIALOG (toplevel);
        }
      if (files[k].needle == NULL)
        {
          g_assert_null (dialog);
          g_assert_true (sw_window_get_model (window) != before);
          g_assert_true (wait_until_idle (window, 30));
          /* Drawn as it is. */
          gtk_widget_queue_draw (GTK_WIDGET (window));
          iterate ();
          continue;
        }
      g_assert_nonnull (dialog);
      g_assert_true (sw_window_get_model (window) == before);
      {
        GtkWidget *label = adw_message_dialog_get_extra_child (dialog);
        const char *body = gtk_label_get_text (GTK_LABEL (label));

        g_test_message ("  %s", body);
        g_assert_true (g_utf8_validate (body, -1, NULL));
        g_assert_nonnull (strstr (body, files[k].name));
        g_assert_nonnull (strstr (body, files[k].needle));
      }
      gtk_window_destroy (GTK_WINDOW (dialog));
      iterate ();
    }
  for (guint k = 0; k < G_N_ELEMENTS (files); k++)
    g_free (files[k].text);
  window_destroy_and_check (window);
  sw_test_remove_tree (dir);
}

/* A run's progress reaches the window through a source on its main
 * context, applied on the main thread even while that thread does not
 * iterate the context (issue 21, item 19): before, the worker called
 * g_main_context_invoke_full, which ran the progress, GTK calls and all,
 * in the worker whenever it could acquire the context (the progress
 * asserts its thread). */
static void
test_progress_thread (void)
{
  g_autofree char *path = sw_test_example_path ("fourbody.shaft");
  SwWindow *window = window_new ();
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  SwSimulationSettings settings;
  g_autofree char *before = NULL;
  gint64 end;

  sw_window_set_live (window, FALSE);
  g_assert_true (sw_window_load_file (window, file, &error));
  g_assert_no_error (error);
  settings = *sw_model_get_simulation (sw_window_get_model (window));
  settings.stop_time_s = 500;
  sw_model_set_simulation (sw_window_get_model (window), &settings);
  sw_window_check_now (window);
  before = g_strdup (gtk_progress_bar_get_text (window->progress_bar));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.run-simulation", NULL));
  /* The main thread away from its context: the worker's progress waits. */
  for (guint k = 0; k < 5; k++)
    g_usleep (100000);
  g_assert_true (sw_window_get_running (window));
  end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (g_strcmp0 (gtk_progress_bar_get_text (window->progress_bar), before) == 0 && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  g_test_message ("progress: %s", gtk_progress_bar_get_text (window->progress_bar));
  g_assert_cmpstr (gtk_progress_bar_get_text (window->progress_bar), !=, before);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.stop", NULL));
  g_assert_true (wait_until_idle (window, 30));
  window_destroy_and_check (window);
}

static void
add_tests (void)
{
  g_test_add_func ("/app/window-hostile/open", test_open_hostile);
  g_test_add_func ("/app/window-hostile/progress-thread", test_progress_thread);
}

int
main (int   argc,
      char *argv[])
{
  return test_window_run (argc, argv, "test-window-hostile", add_tests);
}
