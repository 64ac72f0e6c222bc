/* sw-inspector-geometry-row.h: an inertia or a torsional stiffness worked
 * out from the dimensions of a round part and its material.
 *
 * An expander row "From geometry": material (steel, cast iron, aluminium,
 * or custom values), outer and inner diameter (0: solid), length, density
 * and/or shear modulus, the result as you type, and an Apply button that
 * emits "apply". The formulas are in core/model/sw-geometry.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

typedef enum {
  SW_INSPECTOR_GEOMETRY_INERTIA   = 1 << 0,  /* J from the density */
  SW_INSPECTOR_GEOMETRY_STIFFNESS = 1 << 1,  /* c from the shear modulus */
} SwInspectorGeometryResults;

#define SW_TYPE_INSPECTOR_GEOMETRY_ROW (sw_inspector_geometry_row_get_type ())
G_DECLARE_FINAL_TYPE (SwInspectorGeometryRow, sw_inspector_geometry_row, SW, INSPECTOR_GEOMETRY_ROW, AdwExpanderRow)

/* Signal "apply" (double inertia_kg_m2, double stiffness_n_m_rad), NAN for
 * a result not asked for. Child rows are named "geometry.material",
 * "geometry.outer_diameter", "geometry.inner_diameter", "geometry.length",
 * "geometry.density", "geometry.shear_modulus", "geometry.result" and the
 * button "geometry.apply". */
GtkWidget *sw_inspector_geometry_row_new           (SwInspectorGeometryResults  results);
/* The results for the values shown, NAN while they are not valid. */
double     sw_inspector_geometry_row_get_inertia   (SwInspectorGeometryRow     *self);
double     sw_inspector_geometry_row_get_stiffness (SwInspectorGeometryRow     *self);
/* The dimensions shown, as kept in a component's "ui" under "geometry":
 * {"material": "steel" or "custom", "outer_diameter": …, "inner_diameter": …,
 * "length": …, "density": …, "shear_modulus": …} (SI). */
JsonNode  *sw_inspector_geometry_row_dup_geometry  (SwInspectorGeometryRow     *self);
/* Shows geometry saved that way (unknown members are ignored). */
void       sw_inspector_geometry_row_set_geometry  (SwInspectorGeometryRow     *self,
                                                    JsonNode                   *geometry);

G_END_DECLS
