/* test-model-edit-common.c: what the model editing tests (test-model-edit-*.c)
 * share: new models, components added and connected, connections described,
 * chains.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "test-model-edit-common.h"


SwModel *
new_model (guint *changed)
{
  SwModel *model = sw_model_new ();

  g_signal_connect (model, "changed", G_CALLBACK (sw_test_count_changed), changed);
  return model;
}

SwModel *
load (const char *text)
{
  g_autoptr(GError) error = NULL;
  SwModel *model = sw_model_new_from_data (text, -1, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (model);
  return model;
}


void
connect_ports (SwModel    *model,
               const char *from,
               const char *to)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (sw_model_connect (model, from, to, &error));
  g_assert_no_error (error);
}

const char *
component_id (SwModel *model,
              guint    index)
{
  return sw_model_get_component (model, index)->id;
}

/* "a.flange_b>b.flange_a" */
static char *
describe_connection (SwModel *model,
                     guint    index)
{
  const SwConnection *c = sw_model_get_connection (model, index);
  const SwComponent *from = sw_model_get_component (model, c->from_component);
  const SwComponent *to = sw_model_get_component (model, c->to_component);

  return g_strdup_printf ("%s.%s>%s.%s",
                          from->id, from->kind->ports[c->from_port].name,
                          to->id, to->kind->ports[c->to_port].name);
}

char *
describe_connections (SwModel *model)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < sw_model_get_n_connections (model); i++)
    {
      g_autofree char *one = describe_connection (model, i);

      if (i > 0)
        g_string_append_c (out, '|');
      g_string_append (out, one);
    }
  return g_string_free (out, FALSE);
}

SwModel *
new_chain (guint *changed)
{
  SwModel *model = new_model (changed);

  sw_test_add_component (model, "rotational.inertia", "a");
  sw_test_add_component (model, "rotational.inertia", "b");
  sw_test_add_component (model, "rotational.inertia", "c");
  sw_test_add_component (model, "rotational.inertia", "d");
  sw_test_add_component (model, "rotational.fixed", "ground");
  connect_ports (model, "a.flange_b", "b.flange_a");
  connect_ports (model, "b.flange_b", "c.flange_a");
  connect_ports (model, "c.flange_b", "d.flange_a");
  connect_ports (model, "ground.flange", "b.flange_b");
  connect_ports (model, "a.flange_a", "d.flange_b");
  *changed = 0;
  return model;
}
