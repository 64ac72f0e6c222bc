/* sw-cli-draw-module.c: the module shaftwork-cli-draw.so, ui/plot for the
 * terminal program (sw-cli-draw.h). Linked without core: the program's is
 * used.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <gmodule.h>

#include "sw-cli-draw.h"

G_MODULE_EXPORT const SwCliDraw *sw_cli_draw_module_get (void);

G_MODULE_EXPORT const SwCliDraw *
sw_cli_draw_module_get (void)
{
  static const SwCliDraw calls = SW_CLI_DRAW_CALLS;

  return &calls;
}
