/* sw-cli-draw-linked.c: sw_cli_draw() for a program that links ui/plot
 * itself (the shell's tests and bench-shell), no module (sw-cli-draw.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-cli-draw.h"

const SwCliDraw *
sw_cli_draw (GError **error)
{
  static const SwCliDraw calls = SW_CLI_DRAW_CALLS;

  return &calls;
}

char *
sw_cli_draw_dup_unit_text (const char *unit)
{
  return sw_plot_dup_unit_text (unit);
}
