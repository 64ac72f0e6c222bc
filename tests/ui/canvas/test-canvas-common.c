/* test-canvas-common.c: what the schematic canvas tests (test-canvas-*.c)
 * share: models from text, a canvas alone with a model, clicks and drags
 * through its handlers, ports and connections, actions.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "test-canvas-common.h"

const char model_text[] =
  "{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"Canvas test\",\n"
  " \"components\": [\n"
  "  {\"id\": \"torque\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": 1}, \"position\": [60, 100]},\n"
  "  {\"id\": \"inertia1\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.1}, \"position\": [180, 100]},\n"
  "  {\"id\": \"spring\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 1e4}, \"position\": [300, 100]},\n"
  "  {\"id\": \"inertia2\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 2}, \"position\": [420, 100]},\n"
  "  {\"id\": \"mass\", \"kind\": \"translational.mass\", \"params\": {\"m\": 1}, \"position\": [180, 260]},\n"
  "  {\"id\": \"fixed\", \"kind\": \"rotational.fixed\", \"position\": [60, 220]}\n"
  " ],\n"
  " \"connections\": [\n"
  "  {\"from\": \"torque.flange\", \"to\": \"inertia1.flange_a\"},\n"
  "  {\"from\": \"inertia1.flange_b\", \"to\": \"spring.flange_a\"},\n"
  "  {\"from\": \"spring.flange_b\", \"to\": \"inertia2.flange_a\"},\n"
  "  {\"from\": \"torque.support\", \"to\": \"fixed.flange\"}\n"
  " ]}\n";

SwModel *
new_model (void)
{
  g_autoptr(GError) error = NULL;
  SwModel *model = sw_model_new_from_data (model_text, -1, "canvas-test.shaft", &error);

  g_assert_no_error (error);
  g_assert_nonnull (model);
  return model;
}

void
count_signal_cb (gpointer  object,
                 guint    *counter)
{
  (*counter)++;
}

SwCanvas *
new_canvas (SwModel *model)
{
  SwCanvas *canvas = g_object_ref_sink (SW_CANVAS (sw_canvas_new ()));
  SwCanvasView view = { 1, 0, 0 };

  sw_canvas_set_model (canvas, model);
  _sw_canvas_set_view (canvas, &view);
  return canvas;
}

void
click (SwCanvas        *canvas,
       double           x,
       double           y,
       GdkModifierType  state)
{
  _sw_canvas_pointer_press (canvas, x, y, state);
  _sw_canvas_pointer_release (canvas, x, y);
}

void
drag (SwCanvas *canvas,
      double    x1,
      double    y1,
      double    x2,
      double    y2)
{
  _sw_canvas_pointer_press (canvas, x1, y1, 0);
  for (guint i = 1; i <= 4; i++)
    _sw_canvas_pointer_motion (canvas, x1 + (x2 - x1) * i / 4, y1 + (y2 - y1) * i / 4);
  _sw_canvas_pointer_release (canvas, x2, y2);
}

gboolean
has_connection (SwModel    *model,
                const char *from,
                const char *to)
{
  for (guint i = 0; i < sw_model_get_n_connections (model); i++)
    {
      const SwConnection *c = sw_model_get_connection (model, i);
      const SwComponent *a = sw_model_get_component (model, c->from_component);
      const SwComponent *b = sw_model_get_component (model, c->to_component);
      g_autofree char *f = g_strdup_printf ("%s.%s", a->id, a->kind->ports[c->from_port].name);
      g_autofree char *t = g_strdup_printf ("%s.%s", b->id, b->kind->ports[c->to_port].name);

      if ((strcmp (f, from) == 0 && strcmp (t, to) == 0) || (strcmp (f, to) == 0 && strcmp (t, from) == 0))
        return TRUE;
    }
  return FALSE;
}

gboolean
action_enabled (SwCanvas   *canvas,
                const char *action)
{
  GtkWidget *widget = GTK_WIDGET (canvas);
  gboolean enabled = FALSE;
  GType owner;
  const char *name;
  const GVariantType *parameter;
  const char *property;

  for (guint i = 0; gtk_widget_class_query_action (GTK_WIDGET_GET_CLASS (widget), i, &owner, &name,
                                                   &parameter, &property); i++)
    if (strcmp (name, action) == 0)
      enabled = TRUE;
  g_assert_true (enabled);   /* installed */

  return _sw_canvas_action_enabled (canvas, action);
}

gboolean
wait_for (GSourceFunc condition,
          gpointer    data)
{
  gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  while (!condition (data) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  return condition (data);
}

gboolean
canvas_test_init (int    *argc,
                    char ***argv)
{
  g_test_init (argc, argv, NULL);
  return sw_ui_test_init ("/ui/canvas/no-display");
}
