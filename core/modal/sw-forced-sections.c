/* sw-forced-sections.c: the sections of a forced response
 * (sw-forced-private.h): which parts are compliant sections and the gains
 * of their torques, and the diameters and allowable stresses given for
 * them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-forced-private.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include "sw-error.h"
#include "sw-frf-output-private.h"

int
_sw_forced_find_part (const SwSystem *sys, const char *id)
{
  for (guint i = 0; i < sys->n_parts; i++)
    if (strcmp (sys->parts[i].id, id) == 0)
      return (int) i;
  return -1;
}

static int
compare_parts (gconstpointer a, gconstpointer b, gpointer data)
{
  const SwSystem *sys = data;
  guint x = sys->parts[((const SwForcedSection *) a)->part].component;
  guint y = sys->parts[((const SwForcedSection *) b)->part].component;

  return x < y ? -1 : x > y;
}

/* p's torque variable if it is a compliant section, else -1: as the modes'
 * sections, with the dampers: an element between its own nodes that
 * carries a torque ("tau", or "f" on a translational one). */
static int
section_var (const SwPart *p)
{
  int var = sw_kind_find_var (p->kind, "tau");

  if (var < 0)
    var = sw_kind_find_var (p->kind, "f");
  if (!(p->force_flags & (SW_FORCE_STIFFNESS | SW_FORCE_DAMPING)) || p->n_read != 0 || var < 0
      || sw_kind_n_nodes (p->kind) < 2)
    return -1;
  return var;
}

/* A friction element stuck at the operating point (a clutch engaged, a
 * brake holding) is a rigid joint there: its torque is a constraint's
 * reaction, not a section's. */
static gboolean
is_locked (const SwLinear *lin, guint part)
{
  return lin->mode != NULL && lin->sys->parts[part].kind->friction != NULL && lin->mode[part] == SW_FRICTION_STUCK;
}

/* The compliant sections (file order), each with the gains of its torque;
 * none for a locked friction element. */
GArray *
_sw_forced_find_sections (SwLinear *lin, GError **error)
{
  const SwSystem *sys = lin->sys;
  g_autoptr (GArray) sections = g_array_new (FALSE, TRUE, sizeof (SwForcedSection));

  for (guint k = 0; k < sys->n_force_parts; k++)
    {
      const SwPart *p = &sys->parts[sys->force_parts[k]];
      int var = section_var (p);
      SwForcedSection s = { .part = sys->force_parts[k] };

      if (var < 0 || is_locked (lin, s.part))
        continue;
      if (!_sw_frf_output_gradient (lin, p, (guint) var, s.nodes, &s.n, s.gx, s.gv, s.ga, s.gj, error))
        return NULL;
      g_array_append_val (sections, s);
    }
  g_array_sort_with_data (sections, compare_parts, (gpointer) sys);
  return g_steal_pointer (&sections);
}

GPtrArray *
sw_forced_section_ids (const SwSystem *system){
  g_autoptr (GArray) sections = g_array_new (FALSE, TRUE, sizeof (SwForcedSection));
  GPtrArray *ids;

  g_return_val_if_fail (system != NULL, NULL);
  /* The same parts in the same (stable) order as _sw_forced_find_sections(). */
  for (guint k = 0; k < system->n_force_parts; k++)
    if (section_var (&system->parts[system->force_parts[k]]) >= 0)
      {
        SwForcedSection s = { .part = system->force_parts[k] };

        g_array_append_val (sections, s);
      }
  g_array_sort_with_data (sections, compare_parts, (gpointer) system);
  ids = g_ptr_array_new_full (sections->len, g_free);
  for (guint k = 0; k < sections->len; k++)
    g_ptr_array_add (ids, g_strdup (system->parts[g_array_index (sections, SwForcedSection, k).part].id));
  return ids;
}


/* MPa per N.m of each section a diameter is given for. */
gboolean
_sw_forced_apply_diameters (const SwLinear *lin, GArray *sections, const SwForcedOptions *o, GError **error)
{
  const SwSystem *sys = lin->sys;

  for (guint k = 0; k < o->n_diameters; k++)
    {
      const SwForcedDiameter *d = &o->diameters[k];
      int part = d->part != NULL ? _sw_forced_find_part (sys, d->part) : -1;
      SwForcedSection *s = NULL;
      double ip;

      for (guint j = 0; j < sections->len && part >= 0 && s == NULL; j++)
        if (g_array_index (sections, SwForcedSection, j).part == (guint) part)
          s = &g_array_index (sections, SwForcedSection, j);
      /* (A locked clutch has no columns to give a stress.) */
      if (s == NULL && part >= 0 && is_locked (lin, (guint) part))
        continue;
      if (s == NULL)
        {
          g_set_error (error, SW_ERROR, part < 0 ? SW_ERROR_UNKNOWN_PARAMETER : SW_ERROR_INVALID,
                       part < 0 ? _("diameter %u: unknown component “%s”: give the id of a compliant section (a "
                                    "spring, a shaft)")
                                : _("diameter %u: component “%s” is not a compliant section (a spring, a damper, "
                                    "a shaft that carries a torque)"),
                       k + 1, d->part != NULL ? d->part : "");
          return FALSE;
        }
      if (!(isfinite (d->outer_diameter_m) && d->outer_diameter_m > 0 && isfinite (d->inner_diameter_m)
            && d->inner_diameter_m >= 0 && d->inner_diameter_m < d->outer_diameter_m))
        {
          g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                       _("diameter of “%s”: d_o = %g m, d_i = %g m; valid: d_o > 0 and 0 <= d_i < d_o (0 for a "
                         "solid shaft)"),
                       d->part, d->outer_diameter_m, d->inner_diameter_m);
          return FALSE;
        }
      /* tau = T r / Ip, in MPa. */
      ip = G_PI * (pow (d->outer_diameter_m, 4) - pow (d->inner_diameter_m, 4)) / 32;
      s->stress_per_torque = d->outer_diameter_m / 2 / ip * 1e-6;
      s->outer_diameter_m = d->outer_diameter_m;
    }
  return TRUE;
}

/* The allowable stresses of the sections they are given for. */
gboolean
_sw_forced_apply_limits (const SwLinear *lin, GArray *sections, const SwForcedOptions *o, GError **error)
{
  const SwSystem *sys = lin->sys;

  if (o->n_limits > 0 && !(isfinite (o->rated_rpm) && o->rated_rpm > 0))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("allowable stresses need the rated speed: %g rpm; valid: above 0"), o->rated_rpm);
      return FALSE;
    }
  for (guint k = 0; k < o->n_limits; k++)
    {
      const SwForcedLimit *l = &o->limits[k];
      int part = l->part != NULL ? _sw_forced_find_part (sys, l->part) : -1;
      SwForcedSection *s = NULL;

      for (guint j = 0; j < sections->len && part >= 0 && s == NULL; j++)
        if (g_array_index (sections, SwForcedSection, j).part == (guint) part)
          s = &g_array_index (sections, SwForcedSection, j);
      if (s == NULL && part >= 0 && is_locked (lin, (guint) part))
        continue;
      if (s == NULL || s->stress_per_torque == 0)
        {
          g_set_error (error, SW_ERROR, part < 0 ? SW_ERROR_UNKNOWN_PARAMETER : SW_ERROR_INVALID,
                       s == NULL ? _("limit %u: “%s” is not a compliant section; give the id of a shaft, spring or "
                                     "damper that carries a torque")
                                 : _("limit %u: section “%s” has no diameter; its stress (and so its limit) needs "
                                     "one"),
                       k + 1, l->part != NULL ? l->part : "");
          return FALSE;
        }
      if (!(l->tensile_strength_mpa > 0 && l->tensile_strength_mpa <= SW_FORCED_MAX_UTS_MPA && l->ck > 0
            && l->ck <= 1))
        {
          g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                       _("limit of “%s”: tensile strength %g MPa and C_K %g; valid: 0 < strength <= %d MPa and "
                         "0 < C_K <= 1 (1 a plain shaft, 0.6 a keyway)"),
                       l->part, l->tensile_strength_mpa, l->ck, SW_FORCED_MAX_UTS_MPA);
          return FALSE;
        }
      s->has_limit = TRUE;
      s->uts_mpa = l->tensile_strength_mpa;
      s->ck = l->ck;
    }
  return TRUE;
}
