/* sw-modes-view-private.h: what the tests look at inside SwModesView.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sw-modes-plot.h"
#include "sw-modes-view.h"

G_BEGIN_DECLS

typedef enum {
  SW_MODES_VIEW_PLOT_SHAPE,
  SW_MODES_VIEW_PLOT_KINETIC,
  SW_MODES_VIEW_PLOT_POTENTIAL,
} SwModesViewPlot;

/* The table's rows (SwModeRow) and its selection model. */
GtkSelectionModel *_sw_modes_view_get_selection (SwModesView     *view);
GtkColumnView     *_sw_modes_view_get_table     (SwModesView     *view);
SwModesPlot       *_sw_modes_view_get_plot      (SwModesView     *view,
                                                 SwModesViewPlot  plot);
/* The operating point's text, and which page shows ("empty", "modes"). */
const char        *_sw_modes_view_get_time_text (SwModesView     *view);
const char        *_sw_modes_view_get_page      (SwModesView     *view);
/* The table's height: the divider's position. */
int                _sw_modes_view_get_table_height (SwModesView  *view);

G_END_DECLS
