/* sw-cli-plot.c: shaftwork-plot.so loaded the first time a command draws
 * (sw-cli-plot.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-cli-plot.h"
#include "sw-error.h"

#include <gmodule.h>
#include <glib/gi18n.h>

static const SwCliPlot *plot;
static char *load_error;   /* why loading failed, or NULL */

/* Run from the build tree (the program or a test lies there), the module
 * built beside it; else the installed one. */
static const char *
module_path (void)
{
  g_autofree char *program = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *root = g_canonicalize_filename (SW_BUILD_ROOT, NULL);

  if (program != NULL && g_str_has_prefix (program, root) && program[strlen (root)] == G_DIR_SEPARATOR)
    return SW_PLOT_MODULE_BUILT;
  return SW_PLOT_MODULE_INSTALLED;
}

static void
load (void)
{
  const char *path = module_path ();
  GModule *module = g_module_open (path, G_MODULE_BIND_LOCAL);
  SwCliPlotModuleGet get = NULL;

  if (module == NULL)
    {
      load_error = g_strdup (g_module_error ());
      return;
    }
  /* Never closed: PLplot's state lives as long as the process. */
  g_module_make_resident (module);
  if (!g_module_symbol (module, SW_CLI_PLOT_MODULE_ENTRY, (gpointer *) &get) || get == NULL)
    load_error = g_strdup_printf ("%s has no %s", path, SW_CLI_PLOT_MODULE_ENTRY);
  else
    plot = get ();
}

const SwCliPlot *
sw_cli_plot (GError **error)
{
  static gsize loaded = 0;

  if (g_once_init_enter (&loaded))
    {
      load ();
      g_once_init_leave (&loaded, 1);
    }
  if (plot == NULL)
    g_set_error (error, SW_ERROR, SW_ERROR_IO, _("plotting cannot be loaded (%s): reinstall Shaftwork"), load_error);
  return plot;
}

char *
sw_cli_plot_dup_unit_text (const char *unit)
{
  const SwCliPlot *p = sw_cli_plot (NULL);

  if (p == NULL)
    return g_strdup (unit != NULL ? unit : "");
  return p->dup_unit_text (unit);
}
