/* sw-modelica-import-conditions.c: conditional components,
 * `Constant c(k = 1) if useC;`, as Modelica has them: the condition
 * evaluated with the parameters; where it is false the component is not
 * there, and its connections are left out with it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-modelica-import-private.h"

#include <string.h>
#include <glib/gi18n-lib.h>

/* Whether the connector path names component id: "id", "id.port",
 * "id[2].port". */
static gboolean
names_component (const char *path, const char *id)
{
  gsize n = strlen (id);

  return strncmp (path, id, n) == 0 && (path[n] == '\0' || path[n] == '.' || path[n] == '[');
}

void
_sw_mo_drop_conditional (Import *im)
{
  MoClass *klass = im->klass;

  for (guint k = 0; k < klass->elements->len && im->error == NULL;)
    {
      MoElement *el = g_ptr_array_index (klass->elements, k);
      double on;

      if (el->condition == NULL)
        {
          k++;
          continue;
        }
      if (el->parameter)
        {
          _sw_mo_import_fail (im, el->line, el->column, _("parameter %s: a condition (if …) is for components only"),
                              el->name);
          return;
        }
      if (!_sw_mo_eval_number (im, el->condition, &on))
        return;
      if (on != 0)
        {
          k++;
          continue;
        }
      for (guint c = klass->connects->len; c-- > 0;)
        {
          MoConnect *mc = &g_array_index (klass->connects, MoConnect, c);

          if (names_component (mc->a, el->name) || names_component (mc->b, el->name))
            {
              g_free (mc->a);
              g_free (mc->b);
              g_array_remove_index (klass->connects, c);
            }
        }
      g_hash_table_remove (im->elements, el->name);
      if (klass->names != NULL)
        g_hash_table_remove (klass->names, el->name);
      g_ptr_array_remove_index (klass->elements, k);
    }
}
