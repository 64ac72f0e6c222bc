/* sw-modelica-import-kinds.c: which kind a Modelica class path stands
 * for (sw-modelica-import-private.h): the path through the class's import
 * clauses, whether it can be the Standard Library's, its domain and its
 * last part in snake case.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-modelica-import-private.h"

#include <string.h>

#include "sw-kind.h"

/* "IdealGearR2T" -> "ideal_gear_r2t". */
char *
_sw_mo_import_snake_case (const char *name)
{
  GString *s = g_string_new (NULL);

  for (const char *p = name; *p != '\0'; p++)
    {
      /* R2T stays r2t. */
      if (g_ascii_isupper (*p) && p != name && g_ascii_islower (p[-1]))
        g_string_append_c (s, '_');
      g_string_append_c (s, g_ascii_tolower (*p));
    }
  return g_string_free (s, FALSE);
}

gboolean
_sw_mo_has_part (const char *path, const char *part)
{
  g_auto (GStrv) parts = g_strsplit (path, ".", -1);

  for (guint k = 0; parts[k] != NULL; k++)
    if (strcmp (parts[k], part) == 0)
      return TRUE;
  return FALSE;
}

/* type with its first part replaced by what an import clause of the
 * class or an enclosing one names ("Rot.Components.Inertia" with import
 * Rot = Modelica.Mechanics.Rotational), or a short name prefixed with a
 * wildcard import's path; NULL when no clause names it. */
static char *
expand_import (Import *im, const char *type)
{
  const char *dot = strchr (type, '.');
  gsize first = dot != NULL ? (gsize) (dot - type) : strlen (type);

  for (Import *i = im; i != NULL; i = i->parent)
    for (guint k = 0; i->klass != NULL && i->klass->imports != NULL && k < i->klass->imports->len; k++)
      {
        const char *clause = g_ptr_array_index (i->klass->imports, k), *eq = strchr (clause, '=');

        if (eq == NULL)
          continue;
        if ((gsize) (eq - clause) == first && strncmp (clause, type, first) == 0)
          return g_strconcat (eq + 1, type + first, NULL);
        if (dot == NULL && clause[0] == '*' && (_sw_mo_has_part (eq + 1, "Rotational") || _sw_mo_has_part (eq + 1, "Translational")))
          return g_strconcat (eq + 1, ".", type, NULL);
      }
  return NULL;
}

/* Whether a class path not of the file can be the Standard Library's (or
 * this project's own, Shaftwork.Rotational.GearPair, as the export writes
 * the kinds the library has not): a
 * short name, a path from Modelica or through an import of it, or (in a
 * file within the library, or within none) one that starts at one of the
 * library's mechanical packages, as its own examples write them
 * (Rotational.Components.Inertia, Components.Mass). Any other path is a
 * class this importer does not know, however its last part is named
 * (Foo.Bar.Inertia is not an inertia). */
static gboolean
names_msl (Import *im, const char *type, const char *expanded)
{
  static const char *const packages[] = { "Mechanics", "Rotational", "Translational", "Components", "Sources",
                                          "Sensors", NULL };
  g_autofree char *first = NULL;

  if (strchr (type, '.') == NULL || g_str_has_prefix (type, "Modelica.") || g_str_has_prefix (type, "Shaftwork."))
    return TRUE;
  if (expanded != NULL)
    return g_str_has_prefix (expanded, "Modelica.");
  first = g_strndup (type, (gsize) (strchr (type, '.') - type));
  return g_strv_contains (packages, first) && (im->within == NULL || g_str_has_prefix (im->within, "Modelica"));
}

/* The kind of a mechanical class, or NULL. */
const SwKind *
_sw_mo_kind_of (Import *im, const char *given)
{
  g_autofree char *expanded = expand_import (im, given);
  const char *type = expanded != NULL ? expanded : given;
  g_autofree char *snake = _sw_mo_import_snake_case (_sw_mo_last_part (type));
  g_autofree char *name = NULL;
  const char *domain;

  if (!names_msl (im, given, expanded))
    return NULL;
  if (_sw_mo_has_part (type, "Rotational"))
    domain = "rotational";
  else if (_sw_mo_has_part (type, "Translational"))
    domain = "translational";
  else if (im->within != NULL && _sw_mo_has_part (im->within, "Translational"))
    domain = "translational";
  else
    domain = "rotational";
  /* Translational.Components.IdealLever has IdealGear's equations. */
  if (strcmp (domain, "translational") == 0 && strcmp (snake, "ideal_lever") == 0)
    return sw_catalog_lookup ("translational.ideal_gear");
  name = g_strdup_printf ("%s.%s", domain, snake);
  return sw_catalog_lookup (name);
}
