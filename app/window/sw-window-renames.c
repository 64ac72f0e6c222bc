/* sw-window-renames.c: the plotted variables follow renamed and grouped
 * components (moved out of sw-window-results.c): the components' paths
 * before and after an edit give the renames ("load" -> "drum", "hub1" ->
 * "hub.hub1"), applied to the plotted variables and their panels.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-window-private.h"

#include <string.h>

/* ---- Following renamed and grouped components ------------------------- */

/* Every component, inside subsystems too, by its place ("2/0": the first
 * of the third's definition) -> "path\tkind" ("gearbox.gear\trotational.
 * ideal_gear"). */
static void
add_component_paths (GHashTable *table,
                     SwModel    *model,
                     const char *place_prefix,
                     const char *path_prefix,
                     guint       depth)
{
  for (guint i = 0; i < sw_model_get_n_components (model) && depth < 16; i++)
    {
      const SwComponent *c = sw_model_get_component (model, i);
      SwModel *inner = sw_kind_get_subsystem_model (c->kind);
      g_autofree char *place = g_strdup_printf ("%s%u", place_prefix, i);
      g_autofree char *path = g_strconcat (path_prefix, c->id, NULL);

      g_hash_table_insert (table, g_strdup (place), g_strdup_printf ("%s\t%s", path, c->kind->name));
      if (inner != NULL)
        {
          g_autofree char *inner_place = g_strconcat (place, "/", NULL);
          g_autofree char *inner_path = g_strconcat (path, ".", NULL);

          add_component_paths (table, inner, inner_place, inner_path, depth + 1);
        }
    }
}

static GHashTable *
dup_component_paths (SwModel *model)
{
  GHashTable *table = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  if (model != NULL)
    add_component_paths (table, model, "", "", 0);
  return table;
}

void
_sw_window_results_snapshot_components (SwWindow *self)
{
  g_clear_pointer (&self->component_paths, g_hash_table_unref);
  self->component_paths = dup_component_paths (self->model);
}

/* How many components a model at place has (its places "place/i"). */
static guint
count_children (GHashTable *table,
                const char *place)
{
  guint n = 0;

  for (;; n++)
    {
      g_autofree char *child = place != NULL ? g_strdup_printf ("%s/%u", place, n)
                                             : g_strdup_printf ("%u", n);

      if (!g_hash_table_contains (table, child))
        return n;
    }
}

/* "path\tkind" -> "path" (a new string), kind into *kind. */
static char *
split_entry (const char  *entry,
             const char **kind)
{
  const char *tab = strchr (entry, '\t');

  *kind = tab + 1;
  return g_strndup (entry, (gsize) (tab - entry));
}

/* Renames: at a place whose model has as many components, of the same
 * kinds in the same order, as before, a component whose path changed. */
static void
find_renames (GHashTable *before,
              GHashTable *after,
              const char *place,
              GHashTable *renames)
{
  guint n = count_children (before, place);

  if (n != count_children (after, place))
    return;
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *child = place != NULL ? g_strdup_printf ("%s/%u", place, i) : g_strdup_printf ("%u", i);
      const char *kind_a, *kind_b;
      g_autofree char *a = split_entry (g_hash_table_lookup (before, child), &kind_a);
      g_autofree char *b = split_entry (g_hash_table_lookup (after, child), &kind_b);

      if (strcmp (kind_a, kind_b) != 0)
        return;
    }
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *child = place != NULL ? g_strdup_printf ("%s/%u", place, i) : g_strdup_printf ("%u", i);
      const char *kind_a, *kind_b;
      char *a = split_entry (g_hash_table_lookup (before, child), &kind_a);
      char *b = split_entry (g_hash_table_lookup (after, child), &kind_b);

      if (strcmp (a, b) != 0)
        {
          g_hash_table_insert (renames, a, b);
          a = b = NULL;
        }
      g_free (a);
      g_free (b);
      find_renames (before, after, child, renames);
    }
}

/* The paths of a table's entries, as a set. */
static GHashTable *
dup_path_set (GHashTable *table)
{
  GHashTable *set = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GHashTableIter iter;
  gpointer value;

  g_hash_table_iter_init (&iter, table);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      const char *kind;

      g_hash_table_add (set, split_entry (value, &kind));
    }
  return set;
}

/* Grouped (Make Subsystem) or taken out again: a path gone and one new
 * with the same id, one inside a component on the other's level
 * ("gear" -> "gearbox.gear", "gearbox.gear" -> "gear"); only when that is
 * the one such path. */
static void
find_moves (GHashTable *before,
            GHashTable *after,
            GHashTable *renames)
{
  g_autoptr(GHashTable) paths_before = dup_path_set (before);
  g_autoptr(GHashTable) paths_after = dup_path_set (after);
  g_autoptr(GPtrArray) gone = g_ptr_array_new ();
  g_autoptr(GPtrArray) added = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer key;

  g_hash_table_iter_init (&iter, paths_before);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (!g_hash_table_contains (paths_after, key) && !g_hash_table_contains (renames, key))
      g_ptr_array_add (gone, key);
  g_hash_table_iter_init (&iter, paths_after);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (!g_hash_table_contains (paths_before, key))
      g_ptr_array_add (added, key);
  /* Only a few paths change in an edit: a rename of a model's every
   * component is not searched pairwise. */
  if (gone->len == 0 || added->len == 0 || (guint64) gone->len * added->len > 1000000)
    return;
  for (guint i = 0; i < gone->len; i++)
    {
      const char *p = g_ptr_array_index (gone, i);
      const char *p_id = strrchr (p, '.') != NULL ? strrchr (p, '.') + 1 : p;
      gsize p_level = (gsize) (p_id - p);
      const char *match = NULL;
      guint n_matches = 0;

      for (guint j = 0; j < added->len; j++)
        {
          const char *q = g_ptr_array_index (added, j);
          const char *q_id = strrchr (q, '.') != NULL ? strrchr (q, '.') + 1 : q;
          gsize q_level = (gsize) (q_id - q);

          if (strcmp (p_id, q_id) != 0 || p_level == q_level)
            continue;
          /* One level holds the other: "" and "gearbox.", "a." and "a.b.". */
          if ((p_level < q_level && strncmp (p, q, p_level) == 0) ||
              (q_level < p_level && strncmp (p, q, q_level) == 0))
            {
              match = q;
              n_matches++;
            }
        }
      if (n_matches == 1)
        g_hash_table_insert (renames, g_strdup (p), g_strdup (match));
    }
}

/* "gear.flange_a.tau" with "gear" -> "gearbox.gear": the longest renamed
 * component the name starts with; NULL when none. */
static char *
dup_renamed (GHashTable *renames,
             const char *name)
{
  g_autofree char *prefix = g_strdup (name);

  for (char *dot = strrchr (prefix, '.'); dot != NULL; dot = strrchr (prefix, '.'))
    {
      const char *to;

      *dot = '\0';
      to = g_hash_table_lookup (renames, prefix);
      if (to != NULL)
        return g_strconcat (to, name + (dot - prefix), NULL);
    }
  return NULL;
}

/* Nothing renamed, added or removed (a parameter's edit, a move). */
static gboolean
same_entries (GHashTable *a,
              GHashTable *b)
{
  GHashTableIter iter;
  gpointer key, value;

  if (g_hash_table_size (a) != g_hash_table_size (b))
    return FALSE;
  g_hash_table_iter_init (&iter, a);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (g_strcmp0 (value, g_hash_table_lookup (b, key)) != 0)
      return FALSE;
  return TRUE;
}

void
_sw_window_results_model_changed (SwWindow *self)
{
  g_autoptr(GHashTable) before = g_steal_pointer (&self->component_paths);
  g_autoptr(GHashTable) renames = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  gboolean renamed = FALSE;

  self->component_paths = dup_component_paths (self->model);
  if (before == NULL || self->plotted == NULL || same_entries (before, self->component_paths))
    return;
  find_renames (before, self->component_paths, NULL, renames);
  find_moves (before, self->component_paths, renames);
  if (g_hash_table_size (renames) == 0)
    return;

  for (guint i = 0; self->plotted[i] != NULL; i++)
    {
      char *to = dup_renamed (renames, self->plotted[i]);

      if (to != NULL)
        {
          g_free (self->plotted[i]);
          self->plotted[i] = to;
          renamed = TRUE;
        }
    }
  {
    g_autoptr(GHashTable) panels = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
    GHashTableIter iter;
    gpointer key, value;

    g_hash_table_iter_init (&iter, self->panels);
    while (g_hash_table_iter_next (&iter, &key, &value))
      {
        char *to = dup_renamed (renames, key);

        g_hash_table_insert (panels, to != NULL ? to : g_strdup (key), value);
      }
    g_hash_table_remove_all (self->panels);
    g_hash_table_iter_init (&iter, panels);
    while (g_hash_table_iter_next (&iter, &key, &value))
      g_hash_table_insert (self->panels, g_strdup (key), value);
  }
  /* The list drops the old names as it reads the model (after this):
   * the new ones are checked then (_after). */
  self->following_renames = renamed;
}
