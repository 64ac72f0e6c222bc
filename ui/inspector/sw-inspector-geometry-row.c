/* sw-inspector-geometry-row.c: J and c from a part's dimensions.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-inspector-geometry-row.h"

#include <math.h>

#include <glib/gi18n.h>

#include "sw-geometry.h"
#include "sw-inspector-number-row.h"

struct _SwInspectorGeometryRow
{
  AdwExpanderRow              parent_instance;

  SwInspectorGeometryResults  results;
  GtkWidget                  *material_row;
  GtkWidget                  *outer_row;
  GtkWidget                  *inner_row;
  GtkWidget                  *length_row;
  GtkWidget                  *density_row;    /* NULL unless INERTIA */
  GtkWidget                  *shear_row;      /* NULL unless STIFFNESS */
  GtkWidget                  *result_row;
  GtkWidget                  *apply_button;

  double                      inertia;
  double                      stiffness;
  gboolean                    syncing;
};

G_DEFINE_FINAL_TYPE (SwInspectorGeometryRow, sw_inspector_geometry_row, ADW_TYPE_EXPANDER_ROW)

enum {
  APPLY,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static double
row_value (GtkWidget *row)
{
  return row != NULL ? sw_inspector_number_row_get_value (SW_INSPECTOR_NUMBER_ROW (row)) : NAN;
}

static char *
dup_quantity (const char *symbol,
              double      value,
              const char *unit)
{
  g_autofree char *number = sw_inspector_format_number (value);
  g_autofree char *u = sw_inspector_dup_unit_text (unit);

  return g_strdup_printf ("%s = %s %s", symbol, number, u);
}

static void
update_result (SwInspectorGeometryRow *self)
{
  g_autoptr(GError) error = NULL;
  double d_o = row_value (self->outer_row);
  double d_i = row_value (self->inner_row);
  double l = row_value (self->length_row);
  double rho = row_value (self->density_row);
  double G = row_value (self->shear_row);
  gboolean ok;

  self->inertia = NAN;
  self->stiffness = NAN;

  ok = sw_inspector_number_row_get_valid (SW_INSPECTOR_NUMBER_ROW (self->outer_row)) &&
       sw_inspector_number_row_get_valid (SW_INSPECTOR_NUMBER_ROW (self->inner_row)) &&
       sw_inspector_number_row_get_valid (SW_INSPECTOR_NUMBER_ROW (self->length_row)) &&
       (self->density_row == NULL || !isnan (rho)) &&
       (self->shear_row == NULL || !isnan (G));

  if (ok && sw_geometry_check_cylinder (d_o, d_i, l, &error))
    {
      g_autofree char *first = NULL;
      g_autofree char *second = NULL;

      if (self->results & SW_INSPECTOR_GEOMETRY_STIFFNESS)
        self->stiffness = sw_geometry_shaft_stiffness (d_o, d_i, l, G);
      if (self->results & SW_INSPECTOR_GEOMETRY_INERTIA)
        self->inertia = sw_geometry_cylinder_inertia (d_o, d_i, l, rho);

      if (!isnan (self->stiffness))
        first = dup_quantity ("c", self->stiffness, "N.m/rad");
      if (!isnan (self->inertia))
        {
          if (first == NULL)
            first = dup_quantity ("J", self->inertia, "kg.m2");
          else
            second = dup_quantity ("J", self->inertia, "kg.m2");
        }

      gtk_widget_remove_css_class (self->result_row, "error");
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->result_row), first);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self->result_row), second != NULL ? second : "");
      gtk_widget_set_sensitive (self->apply_button, TRUE);
    }
  else
    {
      gtk_widget_add_css_class (self->result_row, "error");
      if (error != NULL)
        {
          /* The core's message starts in lower case, inside a sentence. */
          g_autofree char *message = g_strdup (error->message);

          message[0] = g_ascii_toupper (message[0]);
          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->result_row), message);
        }
      else
        adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->result_row),
                                       _("Complete the values above"));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self->result_row), "");
      gtk_widget_set_sensitive (self->apply_button, FALSE);
    }
}

static void
value_cb (SwInspectorNumberRow   *row,
          GParamSpec             *pspec,
          SwInspectorGeometryRow *self)
{
  update_result (self);
}

/* Typing a density or a modulus of one's own makes the material custom,
 * unless it is still the material's value. */
static void
property_cb (SwInspectorNumberRow   *row,
             GParamSpec             *pspec,
             SwInspectorGeometryRow *self)
{
  guint n = 0, selected;
  const SwMaterial *materials = sw_geometry_get_materials (&n);
  const SwMaterial *m;

  if (self->syncing)
    return;

  selected = adw_combo_row_get_selected (ADW_COMBO_ROW (self->material_row));
  if (selected >= n)
    return;
  m = &materials[selected];
  if ((self->density_row == NULL || row_value (self->density_row) == m->density_kg_m3) &&
      (self->shear_row == NULL || row_value (self->shear_row) == m->shear_modulus_pa))
    return;

  self->syncing = TRUE;
  adw_combo_row_set_selected (ADW_COMBO_ROW (self->material_row), n);
  self->syncing = FALSE;
}

static void
show_material (SwInspectorGeometryRow *self)
{
  guint n = 0, selected = adw_combo_row_get_selected (ADW_COMBO_ROW (self->material_row));
  const SwMaterial *materials = sw_geometry_get_materials (&n);

  if (selected >= n)
    return;

  self->syncing = TRUE;
  if (self->density_row != NULL)
    {
      sw_inspector_number_row_clear_pending (SW_INSPECTOR_NUMBER_ROW (self->density_row));
      sw_inspector_number_row_show_value (SW_INSPECTOR_NUMBER_ROW (self->density_row),
                                          materials[selected].density_kg_m3);
    }
  if (self->shear_row != NULL)
    {
      sw_inspector_number_row_clear_pending (SW_INSPECTOR_NUMBER_ROW (self->shear_row));
      sw_inspector_number_row_show_value (SW_INSPECTOR_NUMBER_ROW (self->shear_row),
                                          materials[selected].shear_modulus_pa);
    }
  self->syncing = FALSE;
}

static void
material_cb (AdwComboRow            *row,
             GParamSpec             *pspec,
             SwInspectorGeometryRow *self)
{
  if (!self->syncing)
    show_material (self);
}

static void
apply_cb (GtkButton              *button,
          SwInspectorGeometryRow *self)
{
  update_result (self);
  if (isnan (self->inertia) && isnan (self->stiffness))
    return;
  g_signal_emit (self, signals[APPLY], 0, self->inertia, self->stiffness);
}

static GtkWidget *
add_number (SwInspectorGeometryRow *self,
            const char             *name,
            const char             *title,
            const char             *symbol,
            const char             *unit,
            double                  value,
            gboolean                positive,
            const char             *help)
{
  GtkWidget *row = sw_inspector_number_row_new (title, symbol, unit);

  gtk_widget_set_name (row, name);
  sw_inspector_number_row_set_range (SW_INSPECTOR_NUMBER_ROW (row), 0, INFINITY, positive, FALSE);
  sw_inspector_number_row_set_help (SW_INSPECTOR_NUMBER_ROW (row), help);
  sw_inspector_number_row_show_value (SW_INSPECTOR_NUMBER_ROW (row), value);
  g_signal_connect (row, "notify::value", G_CALLBACK (value_cb), self);
  adw_expander_row_add_row (ADW_EXPANDER_ROW (self), row);
  return row;
}

static void
sw_inspector_geometry_row_class_init (SwInspectorGeometryRowClass *klass)
{
  /**
   * SwInspectorGeometryRow::apply:
   * @inertia_kg_m2: J, or NAN
   * @stiffness_n_m_rad: c, or NAN
   *
   * The Apply button was pressed on valid values.
   */
  signals[APPLY] =
    g_signal_new ("apply",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0,
                  NULL, NULL,
                  NULL,
                  G_TYPE_NONE, 2, G_TYPE_DOUBLE, G_TYPE_DOUBLE);
}

static void
sw_inspector_geometry_row_init (SwInspectorGeometryRow *self)
{
  self->inertia = NAN;
  self->stiffness = NAN;
}

GtkWidget *
sw_inspector_geometry_row_new (SwInspectorGeometryResults results)
{
  SwInspectorGeometryRow *self;
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  guint n = 0;
  const SwMaterial *materials = sw_geometry_get_materials (&n);
  gboolean shaft = (results & SW_INSPECTOR_GEOMETRY_STIFFNESS) != 0;

  g_return_val_if_fail (results != 0, NULL);

  self = g_object_new (SW_TYPE_INSPECTOR_GEOMETRY_ROW,
                       "use-markup", FALSE,
                       "title", _("From geometry"),
                       "subtitle", shaft ? _("Round shaft, solid or hollow")
                                         : _("Cylinder, solid or hollow"),
                       NULL);
  self->results = results;

  for (guint i = 0; i < n; i++)
    gtk_string_list_append (names, _(materials[i].label));
  gtk_string_list_append (names, _("Custom"));
  self->material_row = adw_combo_row_new ();
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (self->material_row), FALSE);
  gtk_widget_set_name (self->material_row, "geometry.material");
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->material_row), _("Material"));
  adw_combo_row_set_model (ADW_COMBO_ROW (self->material_row), G_LIST_MODEL (names));
  adw_combo_row_set_selected (ADW_COMBO_ROW (self->material_row), 0);
  g_signal_connect (self->material_row, "notify::selected", G_CALLBACK (material_cb), self);
  adw_expander_row_add_row (ADW_EXPANDER_ROW (self), self->material_row);

  self->outer_row = add_number (self, "geometry.outer_diameter", _("Outer diameter"), "d_o", "m",
                                shaft ? 0.05 : 0.1, TRUE, _("Outside diameter of the part"));
  self->inner_row = add_number (self, "geometry.inner_diameter", _("Inner diameter"), "d_i", "m",
                                0, FALSE, _("Diameter of the bore; 0 for a solid part"));
  self->length_row = add_number (self, "geometry.length", _("Length"), "l", "m",
                                 shaft ? 1 : 0.05, TRUE, _("Length along the axis"));
  if (results & SW_INSPECTOR_GEOMETRY_INERTIA)
    {
      self->density_row = add_number (self, "geometry.density", _("Density"), "ρ", "kg/m3",
                                      materials[0].density_kg_m3, TRUE, _("Mass per volume of the material"));
      g_signal_connect (self->density_row, "notify::value", G_CALLBACK (property_cb), self);
    }
  if (results & SW_INSPECTOR_GEOMETRY_STIFFNESS)
    {
      self->shear_row = add_number (self, "geometry.shear_modulus", _("Shear modulus"), "G", "Pa",
                                    materials[0].shear_modulus_pa, TRUE, _("Modulus of rigidity of the material"));
      g_signal_connect (self->shear_row, "notify::value", G_CALLBACK (property_cb), self);
    }

  self->result_row = adw_action_row_new ();
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (self->result_row), FALSE);
  gtk_widget_set_name (self->result_row, "geometry.result");
  adw_action_row_set_title_lines (ADW_ACTION_ROW (self->result_row), 0);
  self->apply_button = gtk_button_new_with_mnemonic (_("_Apply"));
  gtk_widget_set_name (self->apply_button, "geometry.apply");
  gtk_widget_set_valign (self->apply_button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (self->apply_button,
                               shaft && (results & SW_INSPECTOR_GEOMETRY_INERTIA)
                               ? _("Set the stiffness and the inertia to these values")
                               : shaft ? _("Set the stiffness to this value")
                                       : _("Set the inertia to this value"));
  g_signal_connect (self->apply_button, "clicked", G_CALLBACK (apply_cb), self);
  adw_action_row_add_suffix (ADW_ACTION_ROW (self->result_row), self->apply_button);
  adw_expander_row_add_row (ADW_EXPANDER_ROW (self), self->result_row);

  update_result (self);
  return GTK_WIDGET (self);
}

double
sw_inspector_geometry_row_get_inertia (SwInspectorGeometryRow *self)
{
  g_return_val_if_fail (SW_IS_INSPECTOR_GEOMETRY_ROW (self), NAN);

  return self->inertia;
}

double
sw_inspector_geometry_row_get_stiffness (SwInspectorGeometryRow *self)
{
  g_return_val_if_fail (SW_IS_INSPECTOR_GEOMETRY_ROW (self), NAN);

  return self->stiffness;
}

static const struct {
  const char *member;
  gsize       offset;
} geometry_fields[] = {
  { "outer_diameter", G_STRUCT_OFFSET (SwInspectorGeometryRow, outer_row) },
  { "inner_diameter", G_STRUCT_OFFSET (SwInspectorGeometryRow, inner_row) },
  { "length", G_STRUCT_OFFSET (SwInspectorGeometryRow, length_row) },
  { "density", G_STRUCT_OFFSET (SwInspectorGeometryRow, density_row) },
  { "shear_modulus", G_STRUCT_OFFSET (SwInspectorGeometryRow, shear_row) },
};

JsonNode *
sw_inspector_geometry_row_dup_geometry (SwInspectorGeometryRow *self)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  guint n = 0, selected;
  const SwMaterial *materials = sw_geometry_get_materials (&n);

  g_return_val_if_fail (SW_IS_INSPECTOR_GEOMETRY_ROW (self), NULL);

  selected = adw_combo_row_get_selected (ADW_COMBO_ROW (self->material_row));
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "material");
  json_builder_add_string_value (b, selected < n ? materials[selected].name : "custom");
  for (guint k = 0; k < G_N_ELEMENTS (geometry_fields); k++)
    {
      GtkWidget *row = G_STRUCT_MEMBER (GtkWidget *, self, geometry_fields[k].offset);
      double v = row_value (row);

      if (row == NULL || isnan (v))
        continue;
      json_builder_set_member_name (b, geometry_fields[k].member);
      json_builder_add_double_value (b, v);
    }
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

void
sw_inspector_geometry_row_set_geometry (SwInspectorGeometryRow *self,
                                        JsonNode               *geometry)
{
  JsonObject *o;
  guint n = 0;
  const SwMaterial *materials = sw_geometry_get_materials (&n);
  const char *material;

  g_return_if_fail (SW_IS_INSPECTOR_GEOMETRY_ROW (self));
  if (geometry == NULL || !JSON_NODE_HOLDS_OBJECT (geometry))
    return;
  o = json_node_get_object (geometry);
  material = json_object_get_string_member_with_default (o, "material", "custom");

  self->syncing = TRUE;
  adw_combo_row_set_selected (ADW_COMBO_ROW (self->material_row), n);
  for (guint k = 0; k < n; k++)
    if (g_strcmp0 (materials[k].name, material) == 0)
      adw_combo_row_set_selected (ADW_COMBO_ROW (self->material_row), k);
  for (guint k = 0; k < G_N_ELEMENTS (geometry_fields); k++)
    {
      GtkWidget *row = G_STRUCT_MEMBER (GtkWidget *, self, geometry_fields[k].offset);
      JsonNode *v = json_object_get_member (o, geometry_fields[k].member);

      if (row == NULL || v == NULL || !JSON_NODE_HOLDS_VALUE (v))
        continue;
      sw_inspector_number_row_clear_pending (SW_INSPECTOR_NUMBER_ROW (row));
      sw_inspector_number_row_show_value (SW_INSPECTOR_NUMBER_ROW (row), json_node_get_double (v));
    }
  self->syncing = FALSE;
  update_result (self);
}
