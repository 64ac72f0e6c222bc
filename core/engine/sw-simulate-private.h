/* sw-simulate-private.h: inside a run (sw-simulate.c and its files).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sw-simulate.h"
#include "sw-system-private.h"
#include "sw-trajectory-private.h"

G_BEGIN_DECLS

/* sw-simulate-columns.c: the columns o asks for into cols (SwColumnSource),
 * and their names and units when names is non-NULL; FALSE naming what is
 * not a variable. */
gboolean _sw_simulate_select_columns (const SwSystem *sys, const SwSimulateOptions *o, GArray *cols,
                                      SwColumnNames **names, GError **error);

G_END_DECLS
