/* sw-plot-view-menu.c: SwPlotView's right-click menu (also Menu and
 * Shift+F10) and the analyser's actions: time plot, spectrum, order
 * spectrum and its shaft, the window, the second cursor, statistics,
 * logarithmic axes, reset zoom.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-plot-view-private.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#define MAX_SHAFTS 40

/* A shaft's own variable ("engine.phi"), not a port's ("x.flange_a.phi")
 * nor a relative one ("clutch.phi_rel"). */
static gboolean
is_shaft_variable (const char *name)
{
  g_auto(GStrv) parts = g_strsplit (name, ".", -1);
  guint n = g_strv_length (parts);

  if (n < 2 || g_str_has_suffix (parts[n - 1], "_rel"))
    return FALSE;
  for (guint i = 0; i + 1 < n; i++)
    if (g_str_has_prefix (parts[i], "flange") || g_str_has_prefix (parts[i], "support"))
      return FALSE;
  return TRUE;
}

/* "starter_torque.phi" as a menu label, whose "_" would mark a mnemonic. */
static char *
dup_menu_label (const char *name)
{
  g_auto(GStrv) parts = g_strsplit (name, "_", -1);

  return g_strjoinv ("__", parts);
}

/* The shafts an order spectrum can use: the run's angles, or its speeds
 * when it records no angle. */
static GMenu *
shafts_menu (SwPlotView *self)
{
  GMenu *menu = g_menu_new ();
  SwTrajectory *tr = self->trajectory;
  const char *units[] = { "rad", "rad/s", "rpm" };

  for (guint u = 0; tr != NULL && u < G_N_ELEMENTS (units) && g_menu_model_get_n_items (G_MENU_MODEL (menu)) == 0; u++)
    for (guint c = 0; c < sw_trajectory_get_n_columns (tr) && g_menu_model_get_n_items (G_MENU_MODEL (menu)) < MAX_SHAFTS; c++)
      if (g_strcmp0 (sw_trajectory_get_column_unit (tr, c), units[u]) == 0 &&
          is_shaft_variable (sw_trajectory_get_column_name (tr, c)))
        {
          const char *name = sw_trajectory_get_column_name (tr, c);
          g_autofree char *label = dup_menu_label (name);
          g_autoptr(GMenuItem) item = g_menu_item_new (label, NULL);

          g_menu_item_set_action_and_target (item, "plot.order-spectrum", "s", name);
          g_menu_append_item (menu, item);
        }
  return menu;
}

static GMenuModel *
build_menu (SwPlotView *self)
{
  GMenu *menu = g_menu_new ();
  g_autoptr(GMenu) views = g_menu_new ();
  g_autoptr(GMenu) windows = g_menu_new ();
  g_autoptr(GMenu) shafts = shafts_menu (self);
  g_autoptr(GMenu) tools = g_menu_new ();
  g_autoptr(GMenu) axes = g_menu_new ();

  g_menu_append (views, _("_Time Plot"), "plot.analysis::time");
  g_menu_append (views, _("_Spectrum"), "plot.analysis::spectrum");
  if (self->order_shaft != NULL)
    g_menu_append (views, _("_Order Spectrum"), "plot.analysis::orders");
  if (g_menu_model_get_n_items (G_MENU_MODEL (shafts)) > 0)
    g_menu_append_submenu (views, _("Order Spectrum _Against"), G_MENU_MODEL (shafts));
  g_menu_append (windows, _("_Rectangular"), "plot.spectrum-window::rectangular");
  g_menu_append (windows, _("_Hann"), "plot.spectrum-window::hann");
  g_menu_append (windows, _("_Flat Top (True Amplitudes)"), "plot.spectrum-window::flat-top");
  g_menu_append_submenu (views, _("Spectrum _Window"), G_MENU_MODEL (windows));
  g_menu_append_section (menu, NULL, G_MENU_MODEL (views));

  g_menu_append (tools, _("Second _Cursor Here"), "plot.reference-here");
  g_menu_append (tools, _("_Hide Second Cursor"), "plot.hide-reference");
  g_menu_append (tools, _("S_tatistics"), "plot.statistics");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (tools));

  g_menu_append (axes, _("Logarithmic _X Axis"), "plot.log-x");
  g_menu_append (axes, _("Logarithmic _Y Axis"), "plot.log-y");
  g_menu_append (axes, _("_Reset Zoom"), "plot.reset");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (axes));
  return G_MENU_MODEL (menu);
}

/* Opens the menu pointing at (x, y), or at the cursor or the middle. */
static void
popup_at (SwPlotView *self, double x, double y)
{
  g_autoptr(GMenuModel) model = build_menu (self);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "plot.hide-reference", self->reference_visible);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "plot.reference-here", !_sw_plot_view_is_xy (self));

  if (self->menu == NULL)
    {
      self->menu = gtk_popover_menu_new_from_model (model);
      gtk_widget_set_parent (self->menu, GTK_WIDGET (self));
      gtk_popover_set_has_arrow (GTK_POPOVER (self->menu), FALSE);
      gtk_widget_set_halign (self->menu, GTK_ALIGN_START);
    }
  else
    gtk_popover_menu_set_menu_model (GTK_POPOVER_MENU (self->menu), model);
  gtk_popover_set_pointing_to (GTK_POPOVER (self->menu), &(GdkRectangle) { (int) x, (int) y, 1, 1 });
  gtk_popover_popup (GTK_POPOVER (self->menu));
}

static void
on_secondary (GtkGestureClick *click, int n_press, double x, double y, SwPlotView *self)
{
  const SwPlotGeometry *g = &self->geometry;

  /* The cursor stays where the menu was asked for ("Second Cursor Here"). */
  if (self->has_geometry && g->n_panels > 0 && !_sw_plot_view_is_xy (self) &&
      x >= g->panels[0].left && x <= g->panels[0].left + g->panels[0].width)
    {
      double v = g->x_min + (x - g->panels[0].left) / g->panels[0].width * (g->x_max - g->x_min);

      _sw_plot_view_set_cursor_internal (self, g->log_x ? pow (10.0, v) : v, TRUE);
      self->cursor_kept = TRUE;
    }
  gtk_gesture_set_state (GTK_GESTURE (click), GTK_EVENT_SEQUENCE_CLAIMED);
  popup_at (self, x, y);
}

/* ---- Actions ------------------------------------------------------------- */

static void
menu_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SwPlotView *self = SW_PLOT_VIEW (widget);
  const SwPlotGeometry *g = &self->geometry;
  double x = gtk_widget_get_width (widget) / 2.0, y = gtk_widget_get_height (widget) / 2.0;

  if (self->has_geometry && g->n_panels > 0)
    {
      double t = self->cursor_visible ? self->cursor_t : 0.5 * (g->x_min + g->x_max);
      double shown = g->log_x ? (t > 0 ? log10 (t) : g->x_min) : t;

      x = g->panels[0].left + (shown - g->x_min) / (g->x_max - g->x_min) * g->panels[0].width;
      y = g->panels[0].top + g->panels[0].height / 2.0;
    }
  popup_at (self, x, y);
}

static void
order_spectrum_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SwPlotView *self = SW_PLOT_VIEW (widget);

  sw_plot_view_set_order_shaft (self, g_variant_get_string (parameter, NULL));
  sw_plot_view_set_analysis (self, SW_PLOT_ANALYSIS_ORDERS);
}

static void
reference_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SwPlotView *self = SW_PLOT_VIEW (widget);
  double t0, t1;

  if (strcmp (action_name, "plot.hide-reference") == 0)
    {
      sw_plot_view_hide_reference (self);
      return;
    }
  if (self->cursor_visible)
    sw_plot_view_set_reference (self, self->cursor_t);
  else
    {
      sw_plot_view_get_range (self, &t0, &t1);
      sw_plot_view_set_reference (self, 0.5 * (t0 + t1));
    }
  /* The cursor stays, for the differences to read. */
  if (self->cursor_visible)
    self->cursor_kept = TRUE;
}

void
_sw_plot_view_class_init_menu (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_property_action (widget_class, "plot.analysis", "analysis");
  gtk_widget_class_install_property_action (widget_class, "plot.spectrum-window", "spectrum-window");
  gtk_widget_class_install_property_action (widget_class, "plot.statistics", "statistics");
  gtk_widget_class_install_property_action (widget_class, "plot.log-x", "log-x");
  gtk_widget_class_install_property_action (widget_class, "plot.log-y", "log-y");
  gtk_widget_class_install_action (widget_class, "plot.order-spectrum", "s", order_spectrum_action);
  gtk_widget_class_install_action (widget_class, "plot.reference-here", NULL, reference_action);
  gtk_widget_class_install_action (widget_class, "plot.hide-reference", NULL, reference_action);
  gtk_widget_class_install_action (widget_class, "plot.menu", NULL, menu_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Menu, 0, "plot.menu", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F10, GDK_SHIFT_MASK, "plot.menu", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, 0, "plot.reference-here", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, 0, "plot.statistics", NULL);
}

void
_sw_plot_view_init_menu (SwPlotView *self)
{
  GtkGesture *secondary = gtk_gesture_click_new ();

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (secondary), GDK_BUTTON_SECONDARY);
  g_signal_connect (secondary, "pressed", G_CALLBACK (on_secondary), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (secondary));
}
