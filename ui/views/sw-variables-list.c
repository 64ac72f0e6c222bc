/* sw-variables-list.c: component → variable, with check boxes.
 *
 * Data: a GListStore of component items (SwVariablesItem with var = -1),
 * each holding a GListStore of its variable items. A GtkFilterListModel
 * filters the components (one matches when its id matches the search, or
 * one of its variables does), a GtkTreeListModel expands each into a
 * GtkFilterListModel of its variables (same search), a GtkSingleSelection
 * and a GtkListView show them. One check box per variable, bound both ways
 * to the item's "checked" property; the checked names are kept in a set by
 * "id.var", so they do not depend on rows that exist.
 *
 * The model's "changed" comes on every edit (a drag on the canvas sends
 * many): the items are made anew only when the components' ids or kinds
 * changed, keeping which components are expanded.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-variables-list.h"

#include <string.h>

#include <glib/gi18n.h>

#include "sw-inspector-number-row.h"

/* Items */

#define SW_TYPE_VARIABLES_ITEM (sw_variables_item_get_type ())
G_DECLARE_FINAL_TYPE (SwVariablesItem, sw_variables_item, SW, VARIABLES_ITEM, GObject)

struct _SwVariablesItem
{
  GObject          parent_instance;

  char            *id;          /* the component's */
  const SwKind    *kind;
  int              var;         /* index in kind->vars (past them: a port's), -1 for the component */
  char            *var_name;    /* "w", "flange_a.tau"; NULL for the component */
  const char      *unit;        /* the variable's */
  char            *help;        /* the variable's, translated */
  char            *name;        /* "id.var", or the id */
  char            *key;         /* what the search looks in, casefolded */
  GListStore      *children;    /* a component's variables (a subsystem's: its components), else NULL */
  gboolean         checked;
};

G_DEFINE_FINAL_TYPE (SwVariablesItem, sw_variables_item, G_TYPE_OBJECT)

enum {
  ITEM_PROP_0,
  ITEM_PROP_CHECKED,
  N_ITEM_PROPS
};

static GParamSpec *item_properties[N_ITEM_PROPS];

static void
sw_variables_item_finalize (GObject *object)
{
  SwVariablesItem *self = SW_VARIABLES_ITEM (object);

  g_free (self->id);
  g_free (self->var_name);
  g_free (self->help);
  g_free (self->name);
  g_free (self->key);
  g_clear_object (&self->children);

  G_OBJECT_CLASS (sw_variables_item_parent_class)->finalize (object);
}

static void
sw_variables_item_set_checked (SwVariablesItem *self,
                               gboolean         checked)
{
  checked = !!checked;
  if (self->checked == checked)
    return;
  self->checked = checked;
  g_object_notify_by_pspec (G_OBJECT (self), item_properties[ITEM_PROP_CHECKED]);
}

static void
sw_variables_item_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  SwVariablesItem *self = SW_VARIABLES_ITEM (object);

  switch (prop_id)
    {
    case ITEM_PROP_CHECKED:
      g_value_set_boolean (value, self->checked);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
sw_variables_item_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  SwVariablesItem *self = SW_VARIABLES_ITEM (object);

  switch (prop_id)
    {
    case ITEM_PROP_CHECKED:
      sw_variables_item_set_checked (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
sw_variables_item_class_init (SwVariablesItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = sw_variables_item_finalize;
  object_class->get_property = sw_variables_item_get_property;
  object_class->set_property = sw_variables_item_set_property;

  item_properties[ITEM_PROP_CHECKED] =
    g_param_spec_boolean ("checked", NULL, NULL, FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_ITEM_PROPS, item_properties);
}

static void
sw_variables_item_init (SwVariablesItem *self)
{
  self->var = -1;
}

/* A component's variables: its kind's, then two per port (position and
 * the torque or force on the component there, as the engine names them:
 * flange_a.phi, flange_a.tau; s and f translational). A subsystem's ports
 * are its parts'. */
static guint
n_variable_slots (const SwKind *kind)
{
  return kind->n_vars + (sw_kind_get_subsystem_model (kind) == NULL ? 2 * kind->n_ports : 0);
}

/* Variable v's name, unit and help; FALSE for a port variable the kind has
 * itself (a body's flange_a.tau), which the engine leaves to the kind. */
static gboolean
variable_info (const SwKind *kind, guint v, char **name, const char **unit, char **help)
{
  guint k = v - kind->n_vars, port = k / 2;
  gboolean rot;
  char buf[64];

  if (v < kind->n_vars)
    {
      *name = g_strdup (kind->vars[v].name);
      *unit = kind->vars[v].unit;
      *help = g_strdup (kind->vars[v].help != NULL ? _(kind->vars[v].help) : "");
      return TRUE;
    }
  if (sw_kind_find_var (kind, sw_kind_port_variable (kind, k, buf, sizeof buf, unit)) >= 0)
    return FALSE;
  *name = g_strdup (buf);
  rot = kind->ports[port].domain == SW_DOMAIN_ROTATIONAL;
  *help = k % 2 ? g_strdup_printf (rot ? _("Torque on the component at %s") : _("Force on the component at %s"),
                                   kind->ports[port].name)
                : g_strdup_printf (rot ? _("Angle of %s") : _("Position of %s"), kind->ports[port].name);
  return TRUE;
}

static SwVariablesItem *
item_new (const char   *id,
          const SwKind *kind,
          int           var)
{
  SwVariablesItem *self = g_object_new (SW_TYPE_VARIABLES_ITEM, NULL);

  self->id = g_strdup (id);
  self->kind = kind;
  self->var = var;
  if (var < 0)
    {
      g_autofree char *key = g_strjoin ("\n", id, _(kind->label), NULL);

      self->name = g_strdup (id);
      self->key = g_utf8_casefold (key, -1);
      self->children = g_list_store_new (SW_TYPE_VARIABLES_ITEM);
    }
  else
    {
      if (!variable_info (kind, (guint) var, &self->var_name, &self->unit, &self->help))
        {
          g_object_unref (self);
          return NULL;
        }
      self->name = g_strdup_printf ("%s.%s", id, self->var_name);
      self->key = g_utf8_casefold (self->name, -1);
    }
  return self;
}

/* The list */

struct _SwVariablesList
{
  GtkWidget           parent_instance;

  SwModel            *model;
  SwPlotUnits         units;

  GtkWidget          *search_entry;
  GtkWidget          *empty_label;
  GtkWidget          *scroller;
  GtkWidget          *list_view;

  GListStore         *components;     /* SwVariablesItem, as shown */
  GtkCustomFilter    *root_filter;
  GtkCustomFilter    *child_filter;
  GtkFilterListModel *root_model;
  GtkTreeListModel   *tree;
  GtkSingleSelection *selection;

  GHashTable         *items;          /* "id.var" → SwVariablesItem (borrowed) */
  GHashTable         *checked;        /* "id.var" set */
  char               *signature;      /* ids and kinds of the items made */
  char               *raised;         /* id of the component shown first, or NULL */
  char               *search_text;    /* never NULL */
  char              **search_words;   /* casefolded, never NULL */
  GHashTable         *expanded_before_search;  /* ids, or NULL */
  guint               quiet;          /* checks set by the API, not the user */
  guint               n_panels;       /* the plot's panels, for the menu */
  char               *x_variable;     /* the X–Y plot's x axis, or NULL */
  GtkWidget          *menu;           /* a variable's context menu, or NULL */
  gboolean            syncing_entry;  /* the entry's text is being set from search_text */
};

G_DEFINE_FINAL_TYPE (SwVariablesList, sw_variables_list, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_MODEL,
  PROP_DISPLAY_UNITS,
  PROP_SEARCH_TEXT,
  PROP_N_PANELS,
  PROP_X_VARIABLE,
  N_PROPS
};

enum {
  CHECKED_CHANGED,
  MOVE_TO_PANEL,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* The unit of a variable as shown: "rad/s" as "rpm", "rad" as "°" under
 * SW_PLOT_UNITS_RPM_DEGREES, then spelt for display ("kg·m²"). */
static char *
dup_unit_text (SwVariablesList *self,
               const char      *unit)
{
  if (self->units == SW_PLOT_UNITS_RPM_DEGREES && unit != NULL)
    unit = sw_inspector_display_unit (unit, "rpm", "deg", NULL);
  return sw_inspector_dup_unit_text (unit);
}

static char *
dup_row_text (SwVariablesList *self,
              SwVariablesItem *item)
{
  g_autofree char *unit = NULL;

  /* Inside a subsystem, the path is the parent's row. */
  if (item->var < 0)
    return g_strdup (strrchr (item->id, '.') != NULL ? strrchr (item->id, '.') + 1 : item->id);
  unit = dup_unit_text (self, item->unit);
  if (unit[0] == '\0')
    return g_strdup_printf ("%s", item->var_name);
  return g_strdup_printf ("%s [%s]", item->var_name, unit);
}

/* Search */

static gboolean
key_matches (const char *key,
             char      **words)
{
  for (guint i = 0; words[i] != NULL; i++)
    if (strstr (key, words[i]) == NULL)
      return FALSE;
  return TRUE;
}

/* An item matches when its key does, or one of its children (at any
 * depth: the parts inside a subsystem) does. */
static gboolean
item_matches (SwVariablesItem *item,
              char           **words)
{
  guint n;

  if (words[0] == NULL || key_matches (item->key, words))
    return TRUE;
  n = item->children != NULL ? g_list_model_get_n_items (G_LIST_MODEL (item->children)) : 0;
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(SwVariablesItem) child = g_list_model_get_item (G_LIST_MODEL (item->children), i);

      if (item_matches (child, words))
        return TRUE;
    }
  return FALSE;
}

static gboolean
child_filter_func (gpointer object,
                   gpointer user_data)
{
  SwVariablesList *self = user_data;

  return item_matches (SW_VARIABLES_ITEM (object), self->search_words);
}

static gboolean
root_filter_func (gpointer object,
                  gpointer user_data)
{
  SwVariablesList *self = user_data;

  return item_matches (SW_VARIABLES_ITEM (object), self->search_words);
}

static GListModel *
create_children_cb (gpointer object,
                    gpointer user_data)
{
  SwVariablesList *self = user_data;
  SwVariablesItem *item = SW_VARIABLES_ITEM (object);

  if (item->children == NULL)
    return NULL;
  return G_LIST_MODEL (gtk_filter_list_model_new (g_object_ref (G_LIST_MODEL (item->children)),
                                                  g_object_ref (GTK_FILTER (self->child_filter))));
}

/* Rows of the tree */

/* The top-level rows (GtkTreeListRow), each with a reference. */
static GPtrArray *
dup_component_rows (SwVariablesList *self)
{
  GPtrArray *rows = g_ptr_array_new_with_free_func (g_object_unref);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->tree));

  for (guint i = 0; i < n; i++)
    {
      GtkTreeListRow *row = g_list_model_get_item (G_LIST_MODEL (self->tree), i);

      if (gtk_tree_list_row_get_depth (row) == 0)
        g_ptr_array_add (rows, row);
      else
        g_object_unref (row);
    }
  return rows;
}

static SwVariablesItem *
row_get_item (GtkTreeListRow *row)
{
  g_autoptr(GObject) object = gtk_tree_list_row_get_item (row);

  /* The stores hold the items. */
  return SW_VARIABLES_ITEM (object);
}

static GHashTable *
dup_expanded_ids (SwVariablesList *self)
{
  g_autoptr(GPtrArray) rows = dup_component_rows (self);
  GHashTable *ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; i < rows->len; i++)
    if (gtk_tree_list_row_get_expanded (rows->pdata[i]))
      g_hash_table_add (ids, g_strdup (row_get_item (rows->pdata[i])->id));
  return ids;
}

/* Expands the listed components and collapses the others (all when ids is
 * NULL and expand is TRUE). */
static void
set_expanded_ids (SwVariablesList *self,
                  GHashTable      *ids,
                  gboolean         others)
{
  g_autoptr(GPtrArray) rows = dup_component_rows (self);

  for (guint i = 0; i < rows->len; i++)
    {
      gboolean expand = ids != NULL ? g_hash_table_contains (ids, row_get_item (rows->pdata[i])->id) : others;

      gtk_tree_list_row_set_expanded (rows->pdata[i], expand);
    }
}

static void
update_empty (SwVariablesList *self)
{
  gboolean empty = g_list_model_get_n_items (G_LIST_MODEL (self->root_model)) == 0;

  if (empty)
    gtk_label_set_text (GTK_LABEL (self->empty_label),
                        g_list_model_get_n_items (G_LIST_MODEL (self->components)) == 0
                        ? _("No components") : _("No matching variables"));
  gtk_widget_set_visible (self->empty_label, empty);
  gtk_widget_set_visible (self->scroller, !empty);
}

/* Checks */

static void
emit_checked_changed (SwVariablesList *self)
{
  g_signal_emit (self, signals[CHECKED_CHANGED], 0);
}

static void
item_checked_cb (SwVariablesItem *item,
                 GParamSpec      *pspec,
                 SwVariablesList *self)
{
  gboolean changed;

  if (item->checked)
    changed = g_hash_table_add (self->checked, g_strdup (item->name));
  else
    changed = g_hash_table_remove (self->checked, item->name);
  if (changed && self->quiet == 0)
    emit_checked_changed (self);
}

/* Building the items */

static char *
dup_signature (SwModel *model)
{
  GString *s = g_string_new (NULL);
  guint n = model != NULL ? sw_model_get_n_components (model) : 0;

  for (guint i = 0; i < n; i++)
    {
      const SwComponent *c = sw_model_get_component (model, i);

      g_string_append_printf (s, "%s\t%s\n", c->id, c->kind->name);
    }
  return g_string_free (s, FALSE);
}

/* A component's item; a subsystem's holds its components', whose ids
 * and variables name the path ("engine1.crank.w"), as a run's columns do. */
static SwVariablesItem *
make_component (SwVariablesList   *self,
                const SwComponent *c,
                const char        *prefix)
{
  g_autofree char *id = g_strconcat (prefix, c->id, NULL);
  SwVariablesItem *item = item_new (id, c->kind, -1);
  SwModel *inner = sw_kind_get_subsystem_model (c->kind);

  for (guint i = 0; inner != NULL && i < sw_model_get_n_components (inner); i++)
    {
      g_autofree char *inner_prefix = g_strconcat (id, ".", NULL);
      g_autoptr(SwVariablesItem) child = make_component (self, sw_model_get_component (inner, i), inner_prefix);

      g_list_store_append (item->children, child);
    }
  for (guint v = 0; v < n_variable_slots (c->kind); v++)
    {
      g_autoptr(SwVariablesItem) child = item_new (id, c->kind, (int) v);

      if (child == NULL)
        continue;
      child->checked = g_hash_table_contains (self->checked, child->name);
      g_signal_connect_object (child, "notify::checked", G_CALLBACK (item_checked_cb), self, 0);
      g_hash_table_insert (self->items, child->name, child);
      g_list_store_append (item->children, child);
    }
  return item;
}

/* Makes the items anew from the model, keeping what is expanded; drops
 * checked names that went away. */
static void
rebuild (SwVariablesList *self)
{
  g_autoptr(GHashTable) expanded = dup_expanded_ids (self);
  g_autoptr(GPtrArray) made = g_ptr_array_new_with_free_func (g_object_unref);
  GHashTableIter iter;
  gpointer key;
  gboolean dropped = FALSE;
  guint n = self->model != NULL ? sw_model_get_n_components (self->model) : 0;

  g_free (self->signature);
  self->signature = dup_signature (self->model);
  g_hash_table_remove_all (self->items);

  if (self->raised != NULL && (self->model == NULL || sw_model_find_component (self->model, self->raised) < 0))
    g_clear_pointer (&self->raised, g_free);
  g_clear_pointer (&self->x_variable, g_free);
  if (self->raised != NULL)
    g_ptr_array_add (made, make_component (self,
                                           sw_model_get_component (self->model,
                                                                   sw_model_find_component (self->model, self->raised)),
                                           ""));
  for (guint i = 0; i < n; i++)
    {
      const SwComponent *c = sw_model_get_component (self->model, i);

      if (g_strcmp0 (c->id, self->raised) != 0)
        g_ptr_array_add (made, make_component (self, c, ""));
    }

  g_list_store_splice (self->components, 0, g_list_model_get_n_items (G_LIST_MODEL (self->components)),
                       made->pdata, made->len);
  set_expanded_ids (self, expanded, FALSE);

  g_hash_table_iter_init (&iter, self->checked);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (!g_hash_table_contains (self->items, key))
      {
        g_hash_table_iter_remove (&iter);
        dropped = TRUE;
      }
  update_empty (self);
  if (dropped)
    emit_checked_changed (self);
}

static void
model_changed_cb (SwVariablesList *self,
                  SwModel         *model)
{
  g_autofree char *signature = dup_signature (model);

  if (g_strcmp0 (signature, self->signature) != 0)
    rebuild (self);
}

/* The rows */

static void
setup_cb (GtkSignalListItemFactory *factory,
          GtkListItem              *list_item,
          SwVariablesList          *self)
{
  GtkWidget *expander = gtk_tree_expander_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *check = gtk_check_button_new ();
  GtkWidget *title = gtk_label_new (NULL);
  GtkWidget *detail = gtk_label_new (NULL);

  /* One stop per row for the keyboard: Enter and Space toggle. */
  gtk_widget_set_focusable (check, FALSE);
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_label_set_xalign (GTK_LABEL (detail), 0);
  gtk_label_set_ellipsize (GTK_LABEL (detail), PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (detail, TRUE);
  gtk_widget_add_css_class (detail, "dim-label");
  gtk_box_append (GTK_BOX (box), check);
  gtk_box_append (GTK_BOX (box), title);
  gtk_box_append (GTK_BOX (box), detail);
  gtk_tree_expander_set_child (GTK_TREE_EXPANDER (expander), box);
  gtk_list_item_set_child (list_item, expander);
}

static void
bind_cb (GtkSignalListItemFactory *factory,
         GtkListItem              *list_item,
         SwVariablesList          *self)
{
  GtkWidget *expander = gtk_list_item_get_child (list_item);
  GtkWidget *box = gtk_tree_expander_get_child (GTK_TREE_EXPANDER (expander));
  GtkWidget *check = gtk_widget_get_first_child (box);
  GtkWidget *title = gtk_widget_get_next_sibling (check);
  GtkWidget *detail = gtk_widget_get_next_sibling (title);
  GtkTreeListRow *row = gtk_list_item_get_item (list_item);
  SwVariablesItem *item = row_get_item (row);
  g_autofree char *text = dup_row_text (self, item);

  gtk_tree_expander_set_list_row (GTK_TREE_EXPANDER (expander), row);
  gtk_widget_set_name (box, item->name);
  gtk_label_set_text (GTK_LABEL (title), text);

  if (item->var < 0)
    {
      gtk_widget_set_visible (check, FALSE);
      gtk_widget_add_css_class (title, "heading");
      gtk_label_set_text (GTK_LABEL (detail), _(item->kind->label));
      gtk_widget_set_tooltip_text (box, item->kind->help != NULL ? _(item->kind->help) : NULL);
    }
  else
    {
      GBinding *binding;

      gtk_widget_set_visible (check, TRUE);
      gtk_widget_remove_css_class (title, "heading");
      gtk_label_set_text (GTK_LABEL (detail), item->help);
      gtk_widget_set_tooltip_text (box, item->help[0] != '\0' ? item->help : NULL);
      binding = g_object_bind_property (item, "checked", check, "active",
                                        G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
      /* A reference: the item may go (a rebuild) before the row unbinds. */
      g_object_set_data_full (G_OBJECT (list_item), "sw-binding", g_object_ref (binding), g_object_unref);
      gtk_accessible_update_property (GTK_ACCESSIBLE (check),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, item->name,
                                      -1);
    }
}

static void
unbind_cb (GtkSignalListItemFactory *factory,
           GtkListItem              *list_item,
           SwVariablesList          *self)
{
  GBinding *binding = g_object_steal_data (G_OBJECT (list_item), "sw-binding");
  GtkWidget *expander = gtk_list_item_get_child (list_item);

  if (binding != NULL)
    {
      g_binding_unbind (binding);
      g_object_unref (binding);
    }
  gtk_tree_expander_set_list_row (GTK_TREE_EXPANDER (expander), NULL);
}

/* Enter or Space on a row (or a double-click): a variable's check box
 * toggles, a component expands or collapses. */
static void
toggle_position (SwVariablesList *self,
                 guint            position)
{
  g_autoptr(GtkTreeListRow) row = g_list_model_get_item (G_LIST_MODEL (self->selection), position);
  SwVariablesItem *item;

  if (row == NULL)
    return;
  item = row_get_item (row);
  if (item->var < 0)
    gtk_tree_list_row_set_expanded (row, !gtk_tree_list_row_get_expanded (row));
  else
    sw_variables_item_set_checked (item, !item->checked);
}

static void
activate_cb (GtkListView     *list_view,
             guint            position,
             SwVariablesList *self)
{
  toggle_position (self, position);
}

static gboolean
list_key_pressed_cb (SwVariablesList       *self,
                     guint                  keyval,
                     guint                  keycode,
                     GdkModifierType        state,
                     GtkEventControllerKey *controller)
{
  guint position = gtk_single_selection_get_selected (self->selection);
  g_autoptr(GtkTreeListRow) row = NULL;

  if (position == GTK_INVALID_LIST_POSITION)
    return FALSE;
  if (keyval == GDK_KEY_space || keyval == GDK_KEY_KP_Space)
    {
      toggle_position (self, position);
      return TRUE;
    }
  row = g_list_model_get_item (G_LIST_MODEL (self->selection), position);
  if (row == NULL || !gtk_tree_list_row_is_expandable (row))
    return FALSE;
  if (keyval == GDK_KEY_plus || keyval == GDK_KEY_KP_Add || keyval == GDK_KEY_Right)
    {
      gtk_tree_list_row_set_expanded (row, TRUE);
      return TRUE;
    }
  if (keyval == GDK_KEY_minus || keyval == GDK_KEY_KP_Subtract || keyval == GDK_KEY_Left)
    {
      gtk_tree_list_row_set_expanded (row, FALSE);
      return TRUE;
    }
  return FALSE;
}

static void
search_changed_cb (GtkSearchEntry  *entry,
                   SwVariablesList *self)
{
  /* Setting the text deletes the old one first, which reports an empty
   * search right away: not what was asked for. */
  if (self->syncing_entry)
    return;
  sw_variables_list_set_search_text (self, gtk_editable_get_text (GTK_EDITABLE (entry)));
}

static void
stop_search_cb (GtkSearchEntry  *entry,
                SwVariablesList *self)
{
  sw_variables_list_set_search_text (self, "");
}

/* Enter or Down in the search field: into the list. */
static void
focus_list (SwVariablesList *self)
{
  if (g_list_model_get_n_items (G_LIST_MODEL (self->selection)) == 0)
    return;
  if (gtk_single_selection_get_selected (self->selection) == GTK_INVALID_LIST_POSITION)
    gtk_single_selection_set_selected (self->selection, 0);
  gtk_widget_child_focus (self->list_view, GTK_DIR_TAB_FORWARD);
}

static gboolean
search_key_pressed_cb (SwVariablesList       *self,
                       guint                  keyval,
                       guint                  keycode,
                       GdkModifierType        state,
                       GtkEventControllerKey *controller)
{
  if (keyval == GDK_KEY_Down || keyval == GDK_KEY_KP_Down)
    {
      focus_list (self);
      return TRUE;
    }
  return FALSE;
}

/* The context menu of a variable: right-click, long-press, Menu or
 * Shift+F10 on its row. */

GMenuModel *
sw_variables_list_dup_menu (SwVariablesList *self,
                            const char      *name)
{
  g_autoptr(GMenu) menu = NULL;
  g_autoptr(GMenu) panels = NULL;
  g_autoptr(GMenu) axis = NULL;
  g_autoptr(GMenuItem) item = NULL;

  g_return_val_if_fail (SW_IS_VARIABLES_LIST (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  menu = g_menu_new ();
  panels = g_menu_new ();
  for (guint i = 0; i <= self->n_panels; i++)
    {
      g_autofree char *label = i < self->n_panels
                               ? g_strdup_printf (_("Move to Panel %u"), i + 1)
                               : g_strdup (_("Move to a New Panel"));

      item = g_menu_item_new (label, NULL);
      g_menu_item_set_action_and_target_value (item, "variables.move-to-panel",
                                               g_variant_new ("(su)", name, i));
      g_menu_append_item (panels, item);
      g_clear_object (&item);
    }
  g_menu_append_section (menu, NULL, G_MENU_MODEL (panels));

  axis = g_menu_new ();
  if (g_strcmp0 (self->x_variable, name) != 0)
    {
      item = g_menu_item_new (_("Use as X Axis"), NULL);
      g_menu_item_set_action_and_target_value (item, "variables.use-as-x", g_variant_new_string (name));
      g_menu_append_item (axis, item);
    }
  if (self->x_variable != NULL)
    g_menu_append (axis, _("Plot Against Time"), "variables.plot-against-time");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (axis));
  return G_MENU_MODEL (g_steal_pointer (&menu));
}

/* The variable of a row's widget (or of one inside it), or NULL. */
static SwVariablesItem *
widget_get_variable (GtkWidget *widget)
{
  for (; widget != NULL; widget = gtk_widget_get_parent (widget))
    if (GTK_IS_TREE_EXPANDER (widget))
      {
        GtkTreeListRow *row = gtk_tree_expander_get_list_row (GTK_TREE_EXPANDER (widget));
        SwVariablesItem *item = row != NULL ? row_get_item (row) : NULL;

        return item != NULL && item->var >= 0 ? item : NULL;
      }
  return NULL;
}

static gboolean
popup_menu (SwVariablesList *self,
            const char      *name,
            GtkWidget       *anchor)
{
  g_autoptr(GMenuModel) model = NULL;
  graphene_point_t point = GRAPHENE_POINT_INIT (0, 0);
  graphene_point_t at;
  GdkRectangle rect = { 0, 0, 1, 1 };

  if (self->items == NULL || g_hash_table_lookup (self->items, name) == NULL)
    return FALSE;
  model = sw_variables_list_dup_menu (self, name);
  if (self->menu == NULL)
    {
      self->menu = gtk_popover_menu_new_from_model (NULL);
      gtk_popover_set_position (GTK_POPOVER (self->menu), GTK_POS_BOTTOM);
      gtk_popover_set_has_arrow (GTK_POPOVER (self->menu), FALSE);
      gtk_widget_set_halign (self->menu, GTK_ALIGN_START);
      gtk_widget_set_parent (self->menu, GTK_WIDGET (self));
    }
  gtk_popover_menu_set_menu_model (GTK_POPOVER_MENU (self->menu), model);
  if (anchor != NULL && gtk_widget_compute_point (anchor, GTK_WIDGET (self), &point, &at))
    {
      rect.x = (int) at.x;
      rect.y = (int) at.y;
      if (GTK_IS_TREE_EXPANDER (anchor))
        {
          rect.width = gtk_widget_get_width (anchor);
          rect.height = gtk_widget_get_height (anchor);
        }
    }
  gtk_popover_set_pointing_to (GTK_POPOVER (self->menu), &rect);
  g_object_set_data_full (G_OBJECT (self->menu), "sw-variable", g_strdup (name), g_free);
  gtk_popover_popup (GTK_POPOVER (self->menu));
  return TRUE;
}

static void
pointer_menu (SwVariablesList *self,
              double           x,
              double           y)
{
  GtkWidget *picked = gtk_widget_pick (self->list_view, x, y, GTK_PICK_DEFAULT);
  SwVariablesItem *item = widget_get_variable (picked);
  GtkWidget *anchor = picked;

  if (item == NULL)
    return;
  while (anchor != NULL && !GTK_IS_TREE_EXPANDER (anchor))
    anchor = gtk_widget_get_parent (anchor);
  popup_menu (self, item->name, anchor);
}

static void
secondary_pressed_cb (SwVariablesList *self,
                      int              n_press,
                      double           x,
                      double           y,
                      GtkGesture      *gesture)
{
  pointer_menu (self, x, y);
  gtk_gesture_set_state (gesture, GTK_EVENT_SEQUENCE_CLAIMED);
}

static void
long_pressed_cb (SwVariablesList *self,
                 double           x,
                 double           y,
                 GtkGesture      *gesture)
{
  pointer_menu (self, x, y);
}

/* Menu or Shift+F10: the menu of the selected variable, under its row. */
static void
show_menu_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  SwVariablesList *self = SW_VARIABLES_LIST (widget);
  guint position = gtk_single_selection_get_selected (self->selection);
  g_autoptr(GtkTreeListRow) row = NULL;
  SwVariablesItem *item;
  GtkWidget *anchor = NULL;

  if (position == GTK_INVALID_LIST_POSITION)
    return;
  row = g_list_model_get_item (G_LIST_MODEL (self->selection), position);
  item = row != NULL ? row_get_item (row) : NULL;
  if (item == NULL || item->var < 0)
    return;
  /* The focused row, when it is the selected one. */
  anchor = gtk_root_get_focus (gtk_widget_get_root (widget));
  if (widget_get_variable (anchor) != item)
    anchor = NULL;
  while (anchor != NULL && !GTK_IS_TREE_EXPANDER (anchor))
    anchor = gtk_widget_get_parent (anchor);
  if (anchor == NULL)
    for (GtkWidget *c = gtk_widget_get_first_child (self->list_view); c != NULL; c = gtk_widget_get_next_sibling (c))
      {
        GtkWidget *e = gtk_widget_get_first_child (c);

        if (e != NULL && widget_get_variable (e) == item)
          {
            anchor = e;
            break;
          }
      }
  popup_menu (self, item->name, anchor);
}

static void
move_to_panel_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  const char *name;
  guint panel;

  g_variant_get (parameter, "(&su)", &name, &panel);
  g_signal_emit (widget, signals[MOVE_TO_PANEL], 0, name, MIN (panel, SW_VARIABLES_LIST (widget)->n_panels));
}

static void
use_as_x_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  sw_variables_list_set_x_variable (SW_VARIABLES_LIST (widget), g_variant_get_string (parameter, NULL));
}

static void
plot_against_time_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  sw_variables_list_set_x_variable (SW_VARIABLES_LIST (widget), NULL);
}

/* GObject */

static void
sw_variables_list_dispose (GObject *object)
{
  SwVariablesList *self = SW_VARIABLES_LIST (object);
  GtkWidget *child;

  if (self->model != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->model, self);
      g_clear_object (&self->model);
    }
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  self->search_entry = self->empty_label = self->scroller = self->list_view = self->menu = NULL;
  g_clear_object (&self->selection);
  g_clear_object (&self->tree);
  g_clear_object (&self->root_model);
  g_clear_object (&self->root_filter);
  g_clear_object (&self->child_filter);
  g_clear_object (&self->components);

  G_OBJECT_CLASS (sw_variables_list_parent_class)->dispose (object);
}

static void
sw_variables_list_finalize (GObject *object)
{
  SwVariablesList *self = SW_VARIABLES_LIST (object);

  g_clear_pointer (&self->items, g_hash_table_unref);
  g_clear_pointer (&self->checked, g_hash_table_unref);
  g_clear_pointer (&self->expanded_before_search, g_hash_table_unref);
  g_clear_pointer (&self->signature, g_free);
  g_clear_pointer (&self->raised, g_free);
  g_clear_pointer (&self->search_text, g_free);
  g_clear_pointer (&self->search_words, g_strfreev);
  g_clear_pointer (&self->x_variable, g_free);

  G_OBJECT_CLASS (sw_variables_list_parent_class)->finalize (object);
}

static void
sw_variables_list_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  SwVariablesList *self = SW_VARIABLES_LIST (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      g_value_set_object (value, self->model);
      break;
    case PROP_DISPLAY_UNITS:
      g_value_set_enum (value, self->units);
      break;
    case PROP_SEARCH_TEXT:
      g_value_set_string (value, self->search_text);
      break;
    case PROP_N_PANELS:
      g_value_set_uint (value, self->n_panels);
      break;
    case PROP_X_VARIABLE:
      g_value_set_string (value, self->x_variable);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
sw_variables_list_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  SwVariablesList *self = SW_VARIABLES_LIST (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      sw_variables_list_set_model (self, g_value_get_object (value));
      break;
    case PROP_DISPLAY_UNITS:
      sw_variables_list_set_display_units (self, g_value_get_enum (value));
      break;
    case PROP_SEARCH_TEXT:
      sw_variables_list_set_search_text (self, g_value_get_string (value));
      break;
    case PROP_N_PANELS:
      sw_variables_list_set_n_panels (self, g_value_get_uint (value));
      break;
    case PROP_X_VARIABLE:
      sw_variables_list_set_x_variable (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
sw_variables_list_class_init (SwVariablesListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = sw_variables_list_dispose;
  object_class->finalize = sw_variables_list_finalize;
  object_class->get_property = sw_variables_list_get_property;
  object_class->set_property = sw_variables_list_set_property;

  /**
   * SwVariablesList:model:
   *
   * The model whose components are listed, or %NULL.
   */
  properties[PROP_MODEL] =
    g_param_spec_object ("model", NULL, NULL, SW_TYPE_MODEL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * SwVariablesList:display-units:
   *
   * How units of speeds and angles are shown (as in the plots).
   */
  properties[PROP_DISPLAY_UNITS] =
    g_param_spec_enum ("display-units", NULL, NULL, SW_TYPE_PLOT_UNITS, SW_PLOT_UNITS_SI,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * SwVariablesList:search-text:
   *
   * What the rows are filtered by; "" shows them all.
   */
  properties[PROP_SEARCH_TEXT] =
    g_param_spec_string ("search-text", NULL, NULL, "",
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * SwVariablesList:n-panels:
   *
   * How many panels the plot has: the context menu offers to move a
   * variable into each of them or into a new one.
   */
  properties[PROP_N_PANELS] =
    g_param_spec_uint ("n-panels", NULL, NULL, 0, G_MAXUINT, 1,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * SwVariablesList:x-variable:
   *
   * The variable ("id.var") the checked ones are plotted against, or %NULL
   * for time. Set from the context menu ("Use as X Axis", "Plot Against
   * Time") or by the window.
   */
  properties[PROP_X_VARIABLE] =
    g_param_spec_string ("x-variable", NULL, NULL, NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * SwVariablesList::checked-changed:
   *
   * The checked variables changed: see sw_variables_list_dup_checked().
   */
  signals[CHECKED_CHANGED] =
    g_signal_new ("checked-changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  /**
   * SwVariablesList::move-to-panel:
   * @name: the variable, "id.var"
   * @panel: the panel (0 is the top one), or n-panels for a new one
   *
   * The user asked for a variable to go into another panel of the plot
   * (the context menu's "Move to Panel …", "New Panel").
   */
  signals[MOVE_TO_PANEL] =
    g_signal_new ("move-to-panel",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_UINT);

  gtk_widget_class_install_action (widget_class, "variables.move-to-panel", "(su)", move_to_panel_action);
  gtk_widget_class_install_action (widget_class, "variables.use-as-x", "s", use_as_x_action);
  gtk_widget_class_install_action (widget_class, "variables.plot-against-time", NULL, plot_against_time_action);
  gtk_widget_class_install_action (widget_class, "variables.show-menu", NULL, show_menu_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F10, GDK_SHIFT_MASK, "variables.show-menu", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Menu, 0, "variables.show-menu", NULL);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "swvariableslist");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
sw_variables_list_init (SwVariablesList *self)
{
  GtkListItemFactory *factory;
  GtkEventController *controller;

  self->units = SW_PLOT_UNITS_SI;
  self->search_text = g_strdup ("");
  self->search_words = g_new0 (char *, 1);
  self->items = g_hash_table_new (g_str_hash, g_str_equal);
  self->checked = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->signature = g_strdup ("");
  self->n_panels = 1;

  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                                  GTK_ORIENTATION_VERTICAL);

  self->search_entry = gtk_search_entry_new ();
  g_object_set (self->search_entry, "placeholder-text", _("Search variables"), NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->search_entry),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Search variables"),
                                  -1);
  gtk_widget_set_margin_start (self->search_entry, 6);
  gtk_widget_set_margin_end (self->search_entry, 6);
  gtk_widget_set_margin_top (self->search_entry, 6);
  gtk_widget_set_margin_bottom (self->search_entry, 6);
  gtk_widget_set_parent (self->search_entry, GTK_WIDGET (self));
  g_signal_connect (self->search_entry, "search-changed", G_CALLBACK (search_changed_cb), self);
  g_signal_connect (self->search_entry, "stop-search", G_CALLBACK (stop_search_cb), self);
  g_signal_connect_swapped (self->search_entry, "activate", G_CALLBACK (focus_list), self);
  controller = gtk_event_controller_key_new ();
  g_signal_connect_swapped (controller, "key-pressed", G_CALLBACK (search_key_pressed_cb), self);
  gtk_widget_add_controller (self->search_entry, controller);

  self->empty_label = gtk_label_new (_("No components"));
  gtk_widget_add_css_class (self->empty_label, "dim-label");
  gtk_widget_set_margin_top (self->empty_label, 24);
  gtk_widget_set_margin_bottom (self->empty_label, 24);
  gtk_widget_set_vexpand (self->empty_label, TRUE);
  gtk_widget_set_valign (self->empty_label, GTK_ALIGN_START);
  gtk_label_set_wrap (GTK_LABEL (self->empty_label), TRUE);
  gtk_widget_set_parent (self->empty_label, GTK_WIDGET (self));

  self->components = g_list_store_new (SW_TYPE_VARIABLES_ITEM);
  self->root_filter = gtk_custom_filter_new (root_filter_func, self, NULL);
  self->child_filter = gtk_custom_filter_new (child_filter_func, self, NULL);
  self->root_model = gtk_filter_list_model_new (g_object_ref (G_LIST_MODEL (self->components)),
                                                g_object_ref (GTK_FILTER (self->root_filter)));
  self->tree = gtk_tree_list_model_new (g_object_ref (G_LIST_MODEL (self->root_model)), FALSE, FALSE,
                                        create_children_cb, self, NULL);
  self->selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->tree)));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);

  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (setup_cb), self);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cb), self);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_cb), self);
  self->list_view = gtk_list_view_new (GTK_SELECTION_MODEL (g_object_ref (self->selection)), factory);
  gtk_widget_add_css_class (self->list_view, "navigation-sidebar");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list_view),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Variables"),
                                  -1);
  g_signal_connect (self->list_view, "activate", G_CALLBACK (activate_cb), self);
  controller = gtk_event_controller_key_new ();
  g_signal_connect_swapped (controller, "key-pressed", G_CALLBACK (list_key_pressed_cb), self);
  gtk_widget_add_controller (self->list_view, controller);
  controller = GTK_EVENT_CONTROLLER (gtk_gesture_click_new ());
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (controller), GDK_BUTTON_SECONDARY);
  g_signal_connect_swapped (controller, "pressed", G_CALLBACK (secondary_pressed_cb), self);
  gtk_widget_add_controller (self->list_view, controller);
  controller = GTK_EVENT_CONTROLLER (gtk_gesture_long_press_new ());
  gtk_gesture_single_set_touch_only (GTK_GESTURE_SINGLE (controller), TRUE);
  g_signal_connect_swapped (controller, "pressed", G_CALLBACK (long_pressed_cb), self);
  gtk_widget_add_controller (self->list_view, controller);

  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (self->scroller, TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), self->list_view);
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));

  gtk_search_entry_set_key_capture_widget (GTK_SEARCH_ENTRY (self->search_entry), GTK_WIDGET (self));
  update_empty (self);
}

/* Public API */

/**
 * sw_variables_list_new:
 *
 * Returns: (transfer floating): an empty list; give it a model.
 */
GtkWidget *
sw_variables_list_new (void)
{
  return g_object_new (SW_TYPE_VARIABLES_LIST, NULL);
}

void
sw_variables_list_set_model (SwVariablesList *self,
                             SwModel         *model)
{
  g_return_if_fail (SW_IS_VARIABLES_LIST (self));
  g_return_if_fail (model == NULL || SW_IS_MODEL (model));

  if (self->model == model)
    return;

  if (self->model != NULL)
    g_signal_handlers_disconnect_by_data (self->model, self);
  g_set_object (&self->model, model);
  if (model != NULL)
    g_signal_connect_object (model, "changed", G_CALLBACK (model_changed_cb), self, G_CONNECT_SWAPPED);

  /* Another document: nothing raised or expanded carries over. */
  g_clear_pointer (&self->raised, g_free);
  g_list_store_remove_all (self->components);
  rebuild (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODEL]);
}

SwModel *
sw_variables_list_get_model (SwVariablesList *self)
{
  g_return_val_if_fail (SW_IS_VARIABLES_LIST (self), NULL);

  return self->model;
}

void
sw_variables_list_set_display_units (SwVariablesList *self,
                                     SwPlotUnits      units)
{
  g_return_if_fail (SW_IS_VARIABLES_LIST (self));
  g_return_if_fail (units == SW_PLOT_UNITS_SI || units == SW_PLOT_UNITS_RPM_DEGREES);

  if (self->units == units)
    return;
  self->units = units;
  /* The rows show units when bound: bind them again. */
  rebuild (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DISPLAY_UNITS]);
}

SwPlotUnits
sw_variables_list_get_display_units (SwVariablesList *self)
{
  g_return_val_if_fail (SW_IS_VARIABLES_LIST (self), SW_PLOT_UNITS_SI);

  return self->units;
}

const char *
sw_variables_list_get_search_text (SwVariablesList *self)
{
  g_return_val_if_fail (SW_IS_VARIABLES_LIST (self), NULL);

  return self->search_text;
}

void
sw_variables_list_set_search_text (SwVariablesList *self,
                                   const char      *text)
{
  g_autofree char *folded = NULL;
  g_auto(GStrv) parts = NULL;
  g_autoptr(GStrvBuilder) words = g_strv_builder_new ();
  gboolean was_searching;

  g_return_if_fail (SW_IS_VARIABLES_LIST (self));

  if (text == NULL)
    text = "";
  if (strcmp (self->search_text, text) == 0)
    return;

  was_searching = self->search_words[0] != NULL;
  g_free (self->search_text);
  self->search_text = g_strdup (text);
  folded = g_utf8_casefold (text, -1);
  parts = g_strsplit_set (folded, " \t\n", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    if (parts[i][0] != '\0')
      g_strv_builder_add (words, parts[i]);
  g_strfreev (self->search_words);
  self->search_words = g_strv_builder_end (words);

  if (strcmp (gtk_editable_get_text (GTK_EDITABLE (self->search_entry)), text) != 0)
    {
      self->syncing_entry = TRUE;
      gtk_editable_set_text (GTK_EDITABLE (self->search_entry), text);
      self->syncing_entry = FALSE;
    }

  /* What was expanded before a search comes back after it. */
  if (!was_searching && self->search_words[0] != NULL)
    {
      g_clear_pointer (&self->expanded_before_search, g_hash_table_unref);
      self->expanded_before_search = dup_expanded_ids (self);
    }

  gtk_filter_changed (GTK_FILTER (self->child_filter), GTK_FILTER_CHANGE_DIFFERENT);
  gtk_filter_changed (GTK_FILTER (self->root_filter), GTK_FILTER_CHANGE_DIFFERENT);

  if (self->search_words[0] != NULL)
    set_expanded_ids (self, NULL, TRUE);
  else if (was_searching && self->expanded_before_search != NULL)
    {
      set_expanded_ids (self, self->expanded_before_search, FALSE);
      g_clear_pointer (&self->expanded_before_search, g_hash_table_unref);
    }
  update_empty (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SEARCH_TEXT]);
}

/* The checked variables of model's components (inside prefix), in the
 * model's order, those inside subsystems at their place. */
static void
add_checked (SwVariablesList *self,
             GStrvBuilder    *names,
             SwModel         *model,
             const char      *prefix)
{
  for (guint i = 0; i < sw_model_get_n_components (model); i++)
    {
      const SwComponent *c = sw_model_get_component (model, i);
      SwModel *inner = sw_kind_get_subsystem_model (c->kind);

      if (inner != NULL)
        {
          g_autofree char *inner_prefix = g_strconcat (prefix, c->id, ".", NULL);

          add_checked (self, names, inner, inner_prefix);
        }
      for (guint v = 0; v < n_variable_slots (c->kind); v++)
        {
          g_autofree char *var = NULL, *help = NULL, *name = NULL;
          const char *unit;

          if (!variable_info (c->kind, v, &var, &unit, &help))
            continue;
          name = g_strdup_printf ("%s%s.%s", prefix, c->id, var);
          if (g_hash_table_contains (self->checked, name))
            g_strv_builder_add (names, name);
        }
    }
}

char **
sw_variables_list_dup_checked (SwVariablesList *self)
{
  g_autoptr(GStrvBuilder) names = g_strv_builder_new ();

  g_return_val_if_fail (SW_IS_VARIABLES_LIST (self), NULL);

  if (self->model != NULL)
    add_checked (self, names, self->model, "");
  return g_strv_builder_end (names);
}

void
sw_variables_list_set_checked (SwVariablesList   *self,
                               const char *const *names)
{
  g_autoptr(GHashTable) wanted = g_hash_table_new (g_str_hash, g_str_equal);
  GHashTableIter iter;
  gpointer key, value;
  gboolean changed = FALSE;

  g_return_if_fail (SW_IS_VARIABLES_LIST (self));

  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    if (g_hash_table_contains (self->items, names[i]))
      g_hash_table_add (wanted, (gpointer) names[i]);

  self->quiet++;
  g_hash_table_iter_init (&iter, self->items);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      SwVariablesItem *item = value;
      gboolean checked = g_hash_table_contains (wanted, key);

      if (item->checked != checked)
        {
          changed = TRUE;
          sw_variables_item_set_checked (item, checked);
        }
    }
  self->quiet--;

  if (changed)
    emit_checked_changed (self);
}

gboolean
sw_variables_list_get_name_checked (SwVariablesList *self,
                                    const char      *name)
{
  g_return_val_if_fail (SW_IS_VARIABLES_LIST (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  return g_hash_table_contains (self->checked, name);
}

gboolean
sw_variables_list_set_name_checked (SwVariablesList *self,
                                    const char      *name,
                                    gboolean         checked)
{
  SwVariablesItem *item;

  g_return_val_if_fail (SW_IS_VARIABLES_LIST (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  item = g_hash_table_lookup (self->items, name);
  if (item == NULL)
    return FALSE;
  /* Emits through item_checked_cb when it changes. */
  sw_variables_item_set_checked (item, checked);
  return TRUE;
}

static int
find_shown_component (SwVariablesList *self,
                      const char      *id)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->components));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(SwVariablesItem) item = g_list_model_get_item (G_LIST_MODEL (self->components), i);

      if (strcmp (item->id, id) == 0)
        return (int) i;
    }
  return -1;
}

void
sw_variables_list_raise_component (SwVariablesList *self,
                                   const char      *id)
{
  int index;

  g_return_if_fail (SW_IS_VARIABLES_LIST (self));
  g_return_if_fail (id != NULL);

  index = find_shown_component (self, id);
  if (index < 0)
    return;

  g_free (self->raised);
  self->raised = g_strdup (id);
  if (index > 0)
    {
      g_autoptr(SwVariablesItem) item = g_list_model_get_item (G_LIST_MODEL (self->components), index);
      g_autoptr(GHashTable) expanded = dup_expanded_ids (self);

      g_list_store_remove (self->components, index);
      g_list_store_insert (self->components, 0, item);
      g_hash_table_add (expanded, g_strdup (id));
      set_expanded_ids (self, expanded, FALSE);
    }
  else
    sw_variables_list_set_expanded (self, id, TRUE);

  /* To the top; the view keeps its place by an item, so it is told which
   * (setting the adjustment would be undone by the next layout). */
  if (g_list_model_get_n_items (G_LIST_MODEL (self->root_model)) > 0)
    gtk_widget_activate_action (self->list_view, "list.scroll-to-item", "u", 0);
}

char *
sw_variables_list_check_main_variable (SwVariablesList *self,
                                       const char      *id)
{
  g_auto(GStrv) steps = NULL;
  const SwKind *kind = NULL;
  SwModel *model;
  const char *var;
  char *name;

  g_return_val_if_fail (SW_IS_VARIABLES_LIST (self), NULL);
  g_return_val_if_fail (id != NULL, NULL);

  /* A part inside a subsystem by its path: "engine1.crank". */
  steps = g_strsplit (id, ".", -1);
  model = self->model;
  for (guint k = 0; steps[k] != NULL; k++)
    {
      int index = model != NULL ? sw_model_find_component (model, steps[k]) : -1;

      if (index < 0)
        return NULL;
      kind = sw_model_get_component (model, (guint) index)->kind;
      model = sw_kind_get_subsystem_model (kind);
    }
  if (kind == NULL)
    return NULL;
  var = sw_kind_main_variable (kind);
  if (var == NULL)
    return NULL;
  name = g_strdup_printf ("%s.%s", id, var);
  sw_variables_list_set_name_checked (self, name, TRUE);
  sw_variables_list_raise_component (self, id);
  return name;
}

char **
sw_variables_list_dup_shown_components (SwVariablesList *self)
{
  g_autoptr(GStrvBuilder) ids = g_strv_builder_new ();
  guint n;

  g_return_val_if_fail (SW_IS_VARIABLES_LIST (self), NULL);

  n = g_list_model_get_n_items (G_LIST_MODEL (self->root_model));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(SwVariablesItem) item = g_list_model_get_item (G_LIST_MODEL (self->root_model), i);

      g_strv_builder_add (ids, item->id);
    }
  return g_strv_builder_end (ids);
}

char **
sw_variables_list_dup_shown_rows (SwVariablesList *self)
{
  g_autoptr(GStrvBuilder) rows = g_strv_builder_new ();
  guint n;

  g_return_val_if_fail (SW_IS_VARIABLES_LIST (self), NULL);

  n = g_list_model_get_n_items (G_LIST_MODEL (self->tree));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GtkTreeListRow) row = g_list_model_get_item (G_LIST_MODEL (self->tree), i);
      SwVariablesItem *item = row_get_item (row);
      g_autofree char *text = dup_row_text (self, item);

      if (item->var < 0)
        g_strv_builder_add (rows, item->id);
      else
        {
          g_autofree char *line = g_strdup_printf ("  %s.%s", item->id, text);

          g_strv_builder_add (rows, line);
        }
    }
  return g_strv_builder_end (rows);
}

void
sw_variables_list_set_expanded (SwVariablesList *self,
                                const char      *id,
                                gboolean         expanded)
{
  guint n;

  g_return_if_fail (SW_IS_VARIABLES_LIST (self));
  g_return_if_fail (id != NULL);

  /* Any shown component's row: one inside a subsystem too ("engine1.crank"). */
  n = g_list_model_get_n_items (G_LIST_MODEL (self->tree));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GtkTreeListRow) row = g_list_model_get_item (G_LIST_MODEL (self->tree), i);
      SwVariablesItem *item = row_get_item (row);

      if (item->var < 0 && strcmp (item->id, id) == 0)
        {
          gtk_tree_list_row_set_expanded (row, expanded);
          return;
        }
    }
}

void
sw_variables_list_set_n_panels (SwVariablesList *self,
                                guint            n_panels)
{
  g_return_if_fail (SW_IS_VARIABLES_LIST (self));

  if (self->n_panels == n_panels)
    return;
  self->n_panels = n_panels;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_PANELS]);
}

guint
sw_variables_list_get_n_panels (SwVariablesList *self)
{
  g_return_val_if_fail (SW_IS_VARIABLES_LIST (self), 0);

  return self->n_panels;
}

void
sw_variables_list_set_x_variable (SwVariablesList *self,
                                  const char      *name)
{
  g_return_if_fail (SW_IS_VARIABLES_LIST (self));

  if (g_strcmp0 (self->x_variable, name) == 0)
    return;
  g_free (self->x_variable);
  self->x_variable = g_strdup (name);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_X_VARIABLE]);
}

const char *
sw_variables_list_get_x_variable (SwVariablesList *self)
{
  g_return_val_if_fail (SW_IS_VARIABLES_LIST (self), NULL);

  return self->x_variable;
}

gboolean
sw_variables_list_popup_menu (SwVariablesList *self,
                              const char      *name)
{
  g_return_val_if_fail (SW_IS_VARIABLES_LIST (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  return popup_menu (self, name, NULL);
}

GtkWidget *
sw_variables_list_get_menu (SwVariablesList *self)
{
  g_return_val_if_fail (SW_IS_VARIABLES_LIST (self), NULL);

  return self->menu;
}
