/* sw-cli-draw-load.c: shaftwork-cli-draw.so loaded the first time a
 * command draws (sw-cli-draw.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-cli-draw.h"
#include "sw-error.h"

#include <gmodule.h>
#include <glib/gi18n.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#define MODULE_NAME "shaftwork-cli-draw.so"

/* ui/plot exempts fontconfig's patterns, which live as long as the process,
 * from LeakSanitizer's report (sw-plot-file.c), but LeakSanitizer asks the
 * program at its start, before the module is loaded: the program says it
 * (exported, shaftwork-cli.dynamic). */
#if defined(__SANITIZE_ADDRESS__)
#define SW_LSAN_HOOK 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SW_LSAN_HOOK 1
#endif
#endif
#ifdef SW_LSAN_HOOK
const char *__lsan_default_suppressions (void);
const char *
__lsan_default_suppressions (void)
{
  return "leak:libfontconfig.so\n";
}
#endif

static const SwCliDraw *calls;
static char *load_error;   /* why loading failed, or NULL */

/* Where the module lies: beside the program in the build tree; installed,
 * at its place relative to the program (an installation moved as a whole
 * still finds it), else where it was installed. */
static char *
module_path (void)
{
  g_autofree char *program = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *dir = program != NULL ? g_path_get_dirname (program) : NULL;
  /* The build folder as the program's path says it: symbolic links
   * resolved. */
  g_autofree char *built = realpath (SW_CLI_DRAW_BUILD_DIR, NULL);
  g_autofree char *relative = NULL;

  if (dir != NULL && built != NULL && strcmp (dir, built) == 0)
    return g_build_filename (built, MODULE_NAME, NULL);
  if (dir != NULL && SW_CLI_DRAW_FROM_BINDIR[0] != '\0')
    {
      g_autofree char *joined = g_build_filename (dir, SW_CLI_DRAW_FROM_BINDIR, MODULE_NAME, NULL);

      relative = g_canonicalize_filename (joined, NULL);
      if (g_file_test (relative, G_FILE_TEST_EXISTS))
        return g_steal_pointer (&relative);
    }
  return g_build_filename (SW_CLI_DRAW_INSTALLED_DIR, MODULE_NAME, NULL);
}

static void
load (void)
{
  g_autofree char *path = module_path ();
  /* Every symbol bound now: a core function the program does not export
   * fails here, with its name, not at a later call. */
  GModule *module = g_module_open (path, G_MODULE_BIND_LOCAL);
  SwCliDrawModuleGet get = NULL;
  const SwCliDraw *got;

  if (module == NULL)
    {
      load_error = g_strdup (g_module_error ());
      return;
    }
  /* Never closed: PLplot's state lives as long as the process. */
  g_module_make_resident (module);
  if (!g_module_symbol (module, SW_CLI_DRAW_MODULE_ENTRY, (gpointer *) &get) || get == NULL)
    load_error = g_strdup_printf ("%s has no %s", path, SW_CLI_DRAW_MODULE_ENTRY);
  else if ((got = get ())->size != sizeof (SwCliDraw) || strcmp (got->version, SW_VERSION) != 0)
    load_error = g_strdup_printf ("%s is of version %s, the program of %s", path, got->version, SW_VERSION);
  else
    calls = got;
}

const SwCliDraw *
sw_cli_draw (GError **error)
{
  static gsize loaded = 0;

  if (g_once_init_enter (&loaded))
    {
      load ();
      g_once_init_leave (&loaded, 1);
    }
  if (calls == NULL)
    g_set_error (error, SW_ERROR, SW_ERROR_IO, _("drawing cannot be loaded (%s): reinstall Shaftwork"), load_error);
  return calls;
}

char *
sw_cli_draw_dup_unit_text (const char *unit)
{
  const SwCliDraw *draw = sw_cli_draw (NULL);

  if (draw == NULL)
    return g_strdup (unit != NULL ? unit : "");
  return draw->dup_unit_text (unit);
}
