/* test-model-file-fast.c: a common component or connection is read straight
 * from the text (core/model/sw-model-file-fast.c), anything else through
 * json-glib's tree. The same text with a comment after the model is not
 * plain JSON and is read by json-glib's parser from start to end: both
 * must give the same model, bit for bit and at the same lines and columns,
 * or the same message.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-model-private.h"
#include "test-model-file-common.h"

/* Read as plain JSON (the fast path where it applies) and through the
 * parser; the two results compared. */
static void
assert_read_alike (const char *text)
{
  g_autofree char *commented = g_strconcat (text, "\n/* read by json-glib's parser */\n", NULL);
  g_autoptr(GError) fast_error = NULL;
  g_autoptr(GError) tree_error = NULL;
  g_autoptr(SwModel) fast = sw_model_new_from_data (text, -1, "m.shaft", &fast_error);
  g_autoptr(SwModel) tree = sw_model_new_from_data (commented, -1, "m.shaft", &tree_error);

  if (tree == NULL)
    {
      g_assert_nonnull (fast_error);
      g_assert_cmpstr (fast_error->message, ==, tree_error->message);
      g_assert_cmpint (fast_error->code, ==, tree_error->code);
      g_assert_null (fast);
      return;
    }
  g_assert_no_error (fast_error);
  assert_models_equal (fast, tree);
  for (guint i = 0; i < sw_model_get_n_components (fast); i++)
    {
      const SwComponent *a = sw_model_get_component (fast, i);
      const SwComponent *b = sw_model_get_component (tree, i);

      g_assert_cmpmem (a->param, a->kind->n_params * sizeof (double), b->param, b->kind->n_params * sizeof (double));
      g_assert_cmpuint (a->line, ==, b->line);
      g_assert_cmpuint (a->column, ==, b->column);
      for (guint p = 0; p < a->kind->n_params; p++)
        g_assert_cmpstr (a->signal_ref[p], ==, b->signal_ref[p]);
    }
  for (guint i = 0; i < sw_model_get_n_connections (fast); i++)
    {
      g_assert_cmpuint (sw_model_get_connection (fast, i)->line, ==, sw_model_get_connection (tree, i)->line);
      g_assert_cmpuint (sw_model_get_connection (fast, i)->column, ==, sw_model_get_connection (tree, i)->column);
    }
}

/* A value for parameter desc that its range takes, written as style asks. */
static void
append_value (GString *s, const SwParamDesc *desc, guint style)
{
  double v = desc->default_value;

  if (desc->type == SW_PARAM_BOOLEAN)
    {
      g_string_append (s, (isnan (v) || v == 0) == (style % 2 == 0) ? "true" : "false");
      return;
    }
  if (desc->type == SW_PARAM_INITIAL)
    v = desc->min_exclusive ? 0.25 : (style == 1 ? -0.0 : -1.5);
  else if (isnan (v))
    v = isfinite (desc->min) ? desc->min + (desc->min_exclusive ? 0.5 : 0) : 1;
  if (isfinite (desc->max) && v > desc->max)
    v = desc->max;
  switch (style)
    {
    case 0:   /* shortest, an integer where it is one */
      g_string_append_printf (s, v == floor (v) && fabs (v) < 1e15 ? "%.0f" : "%.17g", v);
      break;
    case 1:   /* with an exponent */
      g_string_append_printf (s, "%.6e", v);
      break;
    default:  /* "-0" for 0, else with a fraction */
      if (v == 0)
        g_string_append (s, "-0");
      else
        g_string_append_printf (s, "%.3f", v);
      break;
    }
}

/* One component of every kind in the catalogue, every parameter of a type
 * read straight given, in three spellings of their numbers; a chain of
 * connections between their first ports of one domain. */
static void
test_every_kind (void)
{
  guint n_kinds;
  const SwKind *const *kinds = sw_catalog_get_kinds (&n_kinds);

  for (guint style = 0; style < 3; style++)
    for (guint k = 0; k < n_kinds; k++)
      {
        const SwKind *kind = kinds[k];
        g_autoptr(GString) s = g_string_new (HEADER "\"components\": [\n");

        for (guint copy = 0; copy < 2; copy++)
          {
            g_string_append_printf (s, "%s  {\"id\": \"c%u\", \"kind\": \"%s\", \"params\": {", copy > 0 ? ",\n" : "",
                                    copy, kind->name);
            for (guint p = 0, n = 0; p < kind->n_params; p++)
              {
                const SwParamDesc *desc = &kind->params[p];

                if (desc->type == SW_PARAM_TABLE || desc->type == SW_PARAM_EXPRESSION)
                  continue;
                g_string_append_printf (s, "%s\"%s\": ", n++ > 0 ? ", " : "", desc->name);
                append_value (s, desc, style);
              }
            g_string_append (s, "}");
            if (copy == 1)
              g_string_append (s, ", \"position\": [120, -4.5e1], \"ui\": {\"rotation\": 90, \"label\": [1, true, null]}");
            g_string_append (s, "}");
          }
        g_string_append (s, "\n],\n\"connections\": [");
        if (kind->n_ports > 0)
          g_string_append_printf (s, "{\"from\": \"c0.%s\", \"to\": \"c1.%s\"}", kind->ports[0].name,
                                  kind->ports[0].name);
        g_string_append (s, "]}\n");
        assert_read_alike (s->str);
      }
}

/* Common elements around uncommon ones and mistakes: the reader's path
 * reports them as before, the common ones around are read alike. */
static void
test_mixed (void)
{
  static const char *const bodies[] = {
    /* A key the fast path leaves: a signal object, a table, a model. */
    "{\"id\": \"t\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": {\"step\": {\"height\": 2}}}}",
    /* Mistakes of every member. */
    "{\"id\": \"9x\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1}}",
    "{\"id\": \"j0\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": -1}}",
    "{\"id\": \"j0\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1, \"J\": 2}}",
    "{\"id\": \"j0\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": true}}",
    "{\"id\": \"j0\", \"kind\": \"rotational.inertia\", \"params\": {\"K\": 1}}",
    "{\"id\": \"j0\", \"kind\": \"rotational.inertiaa\", \"params\": {\"J\": 1}}",
    "{\"id\": \"j0\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1}, \"colour\": 1}",
    "{\"id\": \"j0\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1}, \"position\": [1]}",
    "{\"id\": \"j0\", \"kind\": \"rotational.spring\", \"params\": {}}",
    "{\"id\": \"j0\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1e-320}}",
    "{\"id\": \"j\\u0030\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1}}",
    "{\"kind\": \"rotational.inertia\"}",
    "[1, 2]",
  };
  static const char *const links[] = {
    "{\"from\": \"a.flange_b\", \"to\": \"j0.flange_a\"}",
    "{\"from\": \"a.flange_b\", \"to\": \"j0.flange_c\"}",
    "{\"from\": \"a.flange_b\", \"to\": \"a.flange_b\"}",
    "{\"from\": \"a.flange_b\", \"to\": \"nobody.flange_a\"}",
    "{\"from\": \"a.flange_b\", \"to\": \"j0.flange_a\", \"ui\": {\"points\": [[1, 2]]}}",
    "{\"from\": \"a.flange_b\"}",
  };

  for (guint b = 0; b < G_N_ELEMENTS (bodies); b++)
    for (guint l = 0; l < G_N_ELEMENTS (links); l++)
      {
        g_autofree char *text =
          g_strdup_printf (HEADER "\"components\": [\n"
                           "  {\"id\": \"a\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.5, \"w0\": 3}},\n"
                           "  %s,\n"
                           "  {\"id\": \"z\", \"kind\": \"rotational.spring_damper\", \"params\": {\"c\": 1e4, \"d\": 1}}\n"
                           "],\n\"connections\": [\n  {\"from\": \"a.flange_a\", \"to\": \"z.flange_b\"},\n  %s,\n"
                           "  {\"from\": \"z.flange_a\", \"to\": \"a.flange_b\"}\n]}",
                           bodies[b], links[l]);

        assert_read_alike (text);
      }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/model/file/fast/every-kind", test_every_kind);
  g_test_add_func ("/core/model/file/fast/mixed", test_mixed);
  return g_test_run ();
}
