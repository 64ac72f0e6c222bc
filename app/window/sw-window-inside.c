/* sw-window-inside.c: a subsystem opened in place (double-click, Enter),
 * with a breadcrumb path back above the canvas (a crumb, Alt+Up).
 *
 * Each level opened is a definition or a file:
 * - A definition (of the document, or of a file opened above it: its
 *   owner) is shown as a model of its own (self->inner); each of its
 *   changes is written into the owner (sw_model_set_definition), so runs,
 *   undo and saving stay the owner's, and each change of the owner (undo,
 *   redo) is read back into the definition shown.
 * - A subsystem that is a file is that file's model, edited with an undo
 *   history of its own; each edit is the models' above at once (live runs
 *   see it), and the file is written when the level is left, the document
 *   saved, or the window goes (see "A file's edits").
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-window-private.h"

#include <glib/gi18n.h>
#include <string.h>

struct _SwLevel {
  char      *path;      /* the component opened ("engine1", "engine1.unit") */
  char      *name;      /* a definition: its name; else NULL */
  char      *file;      /* a file: its path; else NULL */
  SwModel   *model;     /* a file's model */
  SwHistory *history;   /* and its undo */
};

static void
level_clear (SwLevel *level)
{
  g_free (level->path);
  g_free (level->name);
  g_free (level->file);
  g_clear_object (&level->model);
  g_clear_object (&level->history);
}

static guint
depth_of (SwWindow *self)
{
  return self->levels != NULL ? self->levels->len : 0;
}

static SwLevel *
level_at (SwWindow *self, guint index)
{
  return &g_array_index (self->levels, SwLevel, index);
}

/* The model definitions at level index belong to: the nearest file above
 * it, else the document. */
static SwModel *
owner_of (SwWindow *self, guint index)
{
  for (guint k = index; k-- > 0;)
    if (level_at (self, k)->file != NULL)
      return level_at (self, k)->model;
  return self->model;
}

gboolean
_sw_window_inside_subsystem (SwWindow *self)
{
  return self->inner != NULL;
}

SwModel *
_sw_window_get_shown_model (SwWindow *self)
{
  return self->inner != NULL ? self->inner : self->model;
}

SwHistory *
_sw_window_get_shown_history (SwWindow *self)
{
  for (guint k = depth_of (self); k-- > 0;)
    if (level_at (self, k)->file != NULL)
      return level_at (self, k)->history;
  return self->history;
}

char *
_sw_window_dup_component_path (SwWindow *self, guint index)
{
  SwModel *shown = _sw_window_get_shown_model (self);
  const char *id;

  if (shown == NULL || index >= sw_model_get_n_components (shown))
    return NULL;
  id = sw_model_get_component (shown, index)->id;
  if (depth_of (self) == 0)
    return g_strdup (id);
  return g_strdup_printf ("%s.%s", level_at (self, depth_of (self) - 1)->path, id);
}

/* ---- Breadcrumb ------------------------------------------------------------ */

static void leave_to (SwWindow *self, guint depth);

static void
crumb_clicked_cb (GtkButton *button, SwWindow *self)
{
  leave_to (self, GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "sw-depth")));
}

static void
update_breadcrumb (SwWindow *self)
{
  GtkWidget *child;
  guint depth = depth_of (self);

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->breadcrumb_bar))) != NULL)
    gtk_box_remove (self->breadcrumb_bar, child);
  gtk_widget_set_visible (GTK_WIDGET (self->breadcrumb_bar), depth > 0);
  for (guint level = 0; level <= depth; level++)
    {
      g_autofree char *text = NULL, *base = NULL;
      GtkWidget *crumb;

      if (level == 0)
        text = g_strdup (self->title_text != NULL ? self->title_text : _("Model"));
      else
        {
          SwLevel *l = level_at (self, level - 1);

          base = l->file != NULL ? g_path_get_basename (l->file) : NULL;
          /* "engine1 (EngineUnit)": the component opened and its definition or file. */
          text = g_strdup_printf (_("%s (%s)"), l->path, l->file != NULL ? base : l->name);
        }
      if (level > 0)
        gtk_box_append (self->breadcrumb_bar, gtk_image_new_from_icon_name ("go-next-symbolic"));
      if (level < depth)
        {
          crumb = gtk_button_new_with_label (text);
          gtk_widget_add_css_class (crumb, "flat");
          gtk_widget_set_tooltip_text (crumb, level == 0 ? _("Back to the model") : _("Back to this subsystem"));
          g_object_set_data (G_OBJECT (crumb), "sw-depth", GUINT_TO_POINTER (level));
          g_signal_connect (crumb, "clicked", G_CALLBACK (crumb_clicked_cb), self);
        }
      else
        {
          crumb = gtk_label_new (text);
          gtk_widget_add_css_class (crumb, "heading");
          gtk_widget_set_margin_start (crumb, 8);
        }
      gtk_box_append (self->breadcrumb_bar, crumb);
    }
}

/* ---- Keeping a definition and its owner in step ------------------------------ */

static void
inner_changed_cb (SwWindow *self)
{
  SwLevel *top = level_at (self, depth_of (self) - 1);
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;

  if (self->syncing || top->name == NULL)
    return;
  text = sw_model_to_data (self->inner, NULL);
  self->syncing = TRUE;
  if (!sw_model_set_definition (self->owner, top->name, text, &error))
    {
      /* Kept on the canvas; written back once it reads again. */
      g_autofree char *message = g_strdup_printf (_("Not applied to the model yet: %s"), error->message);

      _sw_window_show_toast (self, message);
    }
  self->syncing = FALSE;
}

static void
owner_changed_cb (SwWindow *self)
{
  SwLevel *top;
  g_autofree char *text = NULL;

  if (self->syncing || depth_of (self) == 0)
    return;
  top = level_at (self, depth_of (self) - 1);
  text = sw_model_dup_definition (self->owner, top->name);
  /* Undone past its making: back to where it was made. */
  if (text == NULL)
    {
      leave_to (self, depth_of (self) - 1);
      return;
    }
  self->syncing = TRUE;
  sw_model_restore (self->inner, text, -1, NULL);
  self->syncing = FALSE;
}

static void
history_changed_cb (SwWindow *self)
{
  _sw_window_update_actions (self);
}

static void
disconnect_level (SwWindow *self)
{
  if (self->inner != NULL)
    g_clear_signal_handler (&self->inner_changed_id, self->inner);
  if (self->owner != NULL)
    g_clear_signal_handler (&self->owner_changed_id, self->owner);
  g_clear_object (&self->inner);
  g_clear_object (&self->owner);
}

static gboolean
zoom_fit_idle (gpointer canvas)
{
  gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.zoom-fit", NULL);
  return G_SOURCE_REMOVE;
}

/* The inspector shows the values the block of the subsystem shown gives
 * its own parameters: the block is found from the document down its path
 * ("engine1.unit": unit in engine1's subsystem). */
static void
set_inspector_outer (SwWindow *self)
{
  g_auto (GStrv) ids = NULL;
  SwModel *outer = self->model;
  guint n;

  if (depth_of (self) == 0)
    {
      sw_inspector_set_outer (self->inspector, NULL, NULL);
      return;
    }
  ids = g_strsplit (level_at (self, depth_of (self) - 1)->path, ".", -1);
  n = g_strv_length (ids);
  for (guint k = 0; outer != NULL && k + 1 < n; k++)
    {
      int c = sw_model_find_component (outer, ids[k]);

      outer = c >= 0 ? sw_kind_get_subsystem_model (sw_model_get_component (outer, (guint) c)->kind) : NULL;
    }
  sw_inspector_set_outer (self->inspector, outer, outer != NULL ? ids[n - 1] : NULL);
}

/* Shows the deepest level (or the document at depth 0) on the canvas and
 * in the inspector. */
static void
show_level (SwWindow *self)
{
  guint depth = depth_of (self);

  disconnect_level (self);
  if (depth > 0 && level_at (self, depth - 1)->file != NULL)
    self->inner = g_object_ref (level_at (self, depth - 1)->model);
  else if (depth > 0)
    {
      SwLevel *top = level_at (self, depth - 1);
      SwModel *owner = owner_of (self, depth - 1);
      g_autofree char *text = sw_model_dup_definition (owner, top->name);
      g_autofree char *display = g_strdup_printf ("%s › %s", sw_model_get_display_name (owner), top->path);
      g_autoptr (GError) error = NULL;

      self->inner = text != NULL ? sw_model_new_from_data_in (text, -1, display, sw_model_get_folder (owner), &error)
                                 : NULL;
      if (self->inner == NULL)
        {
          _sw_window_show_toast (self, error != NULL ? error->message : _("The subsystem is no longer defined"));
          leave_to (self, depth - 1);
          return;
        }
      self->owner = g_object_ref (owner);
      self->inner_changed_id = g_signal_connect_swapped (self->inner, "changed", G_CALLBACK (inner_changed_cb), self);
      /* The document's own changes come through the window (model_changed_cb). */
      if (owner != self->model)
        self->owner_changed_id = g_signal_connect_swapped (owner, "changed", G_CALLBACK (owner_changed_cb), self);
    }
  sw_inspector_set_component (self->inspector, -1);
  sw_inspector_set_model (self->inspector, _sw_window_get_shown_model (self));
  set_inspector_outer (self);
  sw_inspector_set_history (self->inspector, _sw_window_get_shown_history (self));
  sw_canvas_set_history (self->canvas, _sw_window_get_shown_history (self));
  sw_canvas_set_model (self->canvas, _sw_window_get_shown_model (self));
  {
    g_autofree char *prefix = depth > 0 ? g_strconcat (level_at (self, depth - 1)->path, ".", NULL) : NULL;

    sw_canvas_set_path_prefix (self->canvas, prefix);
  }
  sw_canvas_select_component (self->canvas, -1);
  /* Once the canvas has made its items for the model. */
  g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, zoom_fit_idle, g_object_ref (self->canvas), g_object_unref);
  update_breadcrumb (self);
  _sw_window_update_problems_marks (self);
  _sw_window_update_actions (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->canvas));
}

void
_sw_window_subsystems_document_changed (SwWindow *self)
{
  if (self->owner == self->model)
    owner_changed_cb (self);
}

/* ---- A file's edits ---------------------------------------------------------
 *
 * A file level's edits are the document's as soon as they are made: its
 * text stands for the file (sw_kind_set_subsystem_unsaved) and the model
 * above reads it anew, so a live run sees an edit inside as one outside.
 * The file is written (a temporary file renamed over it) when the level is
 * left, when the document is saved and as the window goes; until then the
 * window shows unsaved changes. Discard gives the edits up: the file, as
 * it was saved, is what runs again. */

typedef enum {
  POP_SAVE,         /* written; on failure, said, and the level stays open */
  POP_SAVE_QUIETLY, /* the window is going: written, a failure only logged */
  POP_DISCARD,      /* the edits given up */
} PopMode;

static int
file_level_of (SwWindow *self, SwModel *model)
{
  for (guint k = 0; k < depth_of (self); k++)
    if (level_at (self, k)->model == model)
      return (int) k;
  return -1;
}

static void
file_model_changed_cb (SwModel *model, SwWindow *self)
{
  int k = file_level_of (self, model);
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;

  if (k < 0)
    return;
  text = sw_model_to_data (model, NULL);
  sw_kind_set_subsystem_unsaved (level_at (self, (guint) k)->file, text);
  if (!sw_model_refresh_subsystems (owner_of (self, (guint) k), &error))
    _sw_window_show_toast (self, error->message);
}

/* Into its file, when it has edits; from then the file stands for itself. */
static gboolean
write_file_level (SwLevel *level, GError **error)
{
  if (level->file == NULL)
    return TRUE;
  if (sw_history_get_modified (level->history))
    {
      if (!sw_model_save_to_file (level->model, level->file, error))
        return FALSE;
      sw_history_mark_saved (level->history);
    }
  sw_kind_set_subsystem_unsaved (level->file, NULL);
  return TRUE;
}

gboolean
_sw_window_inside_files_modified (SwWindow *self)
{
  for (guint k = 0; k < depth_of (self); k++)
    if (level_at (self, k)->file != NULL && sw_history_get_modified (level_at (self, k)->history))
      return TRUE;
  return FALSE;
}

gboolean
_sw_window_inside_save_files (SwWindow *self, GError **error)
{
  for (guint k = depth_of (self); k-- > 0;)
    {
      if (level_at (self, k)->file == NULL)
        continue;
      if (!write_file_level (level_at (self, k), error))
        return FALSE;
      /* Read from the file now (the same text). */
      if (!sw_model_refresh_subsystems (owner_of (self, k), error))
        return FALSE;
    }
  return TRUE;
}

/* Leaves the level index, its file written or its edits given up; FALSE
 * (the level kept) when it could not be written. */
static gboolean
pop_file_level (SwWindow *self, guint index, PopMode mode)
{
  SwLevel *level = level_at (self, index);
  g_autoptr (GError) error = NULL;
  g_autofree char *base = NULL, *message = NULL;
  gboolean was_modified;

  if (level->file == NULL)
    return TRUE;
  was_modified = sw_history_get_modified (level->history);
  if (mode == POP_DISCARD)
    sw_kind_set_subsystem_unsaved (level->file, NULL);
  else if (!write_file_level (level, &error))
    {
      if (mode == POP_SAVE)
        {
          _sw_window_show_error_dialog (self, _("Could Not Save the Subsystem"), error->message);
          return FALSE;
        }
      g_warning ("%s", error->message);
      sw_kind_set_subsystem_unsaved (level->file, NULL);
    }
  /* The window is going: nothing to show or refresh. */
  if (mode == POP_SAVE_QUIETLY)
    return TRUE;
  if (was_modified && mode == POP_SAVE)
    {
      base = g_path_get_basename (level->file);
      message = g_strdup_printf (_("Saved %s"), base);
      _sw_window_show_toast (self, message);
    }
  g_clear_error (&error);
  if (!sw_model_refresh_subsystems (owner_of (self, index), &error))
    _sw_window_show_toast (self, error->message);
  return TRUE;
}

/* FALSE when a level stays (its file could not be written). */
static gboolean
pop_levels (SwWindow *self, guint depth, PopMode mode)
{
  while (depth_of (self) > depth)
    {
      guint top = depth_of (self) - 1;

      if (!pop_file_level (self, top, mode))
        return FALSE;
      disconnect_level (self);
      g_array_set_size (self->levels, top);
      if (mode != POP_SAVE_QUIETLY)
        _sw_window_modified_changed (self);
    }
  return TRUE;
}

static void
leave_to (SwWindow *self, guint depth)
{
  if (depth >= depth_of (self))
    return;
  pop_levels (self, depth, POP_SAVE);
  show_level (self);
}

void
_sw_window_inside_discard_files (SwWindow *self)
{
  if (!_sw_window_inside_files_modified (self))
    return;
  pop_levels (self, 0, POP_DISCARD);
  show_level (self);
}

void
_sw_window_subsystems_reset (SwWindow *self)
{
  if (self->levels == NULL)
    {
      self->levels = g_array_new (FALSE, TRUE, sizeof (SwLevel));
      g_array_set_clear_func (self->levels, (GDestroyNotify) level_clear);
    }
  /* A file that cannot be written stays open (its error said): the new
   * document comes all the same, so its edits go. */
  if (!pop_levels (self, 0, POP_SAVE))
    pop_levels (self, 0, POP_DISCARD);
  disconnect_level (self);
  sw_inspector_set_outer (self->inspector, NULL, NULL);
  update_breadcrumb (self);
}

void
_sw_window_subsystems_dispose (SwWindow *self)
{
  if (self->levels != NULL)
    pop_levels (self, 0, POP_SAVE_QUIETLY);
  disconnect_level (self);
  g_clear_pointer (&self->levels, g_array_unref);
}

gboolean
_sw_window_open_subsystem (SwWindow *self, guint component)
{
  SwModel *shown = _sw_window_get_shown_model (self);
  SwLevel level = { 0 };
  const SwComponent *c;

  if (shown == NULL || component >= sw_model_get_n_components (shown))
    return FALSE;
  c = sw_model_get_component (shown, component);
  if (c->definition == NULL && c->model_ref == NULL)
    return FALSE;
  if (c->model_ref != NULL)
    {
      g_autoptr (GError) error = NULL;

      level.file = g_canonicalize_filename (c->model_ref, sw_model_get_folder (shown));
      level.model = sw_model_new_from_file (level.file, &error);
      if (level.model == NULL)
        {
          _sw_window_show_error_dialog (self, _("Could Not Open the Subsystem"), error->message);
          g_free (level.file);
          return TRUE;
        }
      level.history = sw_history_new (level.model);
      g_signal_connect_object (level.history, "notify::can-undo", G_CALLBACK (history_changed_cb), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (level.history, "notify::can-redo", G_CALLBACK (history_changed_cb), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (level.history, "notify::modified", G_CALLBACK (_sw_window_modified_changed), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (level.model, "changed", G_CALLBACK (file_model_changed_cb), self, 0);
    }
  level.name = g_strdup (c->definition);
  level.path = _sw_window_dup_component_path (self, component);
  g_array_append_val (self->levels, level);
  show_level (self);
  return TRUE;
}

static void
sw_window_leave_subsystem (GtkWidget *widget, const char *action_name, GVariant *param)
{
  SwWindow *self = SW_WINDOW (widget);

  if (depth_of (self) > 0)
    leave_to (self, depth_of (self) - 1);
}

/* Alt+Up inside a subsystem: back out of it, before the canvas sees the
 * key (which selects upward with it, as it still does at the top level). */
gboolean
_sw_window_leave_key_cb (GtkWidget *widget,
                         GVariant  *args,
                         gpointer   data)
{
  SwWindow *self = SW_WINDOW (widget);

  if (depth_of (self) == 0)
    return FALSE;
  leave_to (self, depth_of (self) - 1);
  return TRUE;
}

/* The inspector asks for the subsystem's parameter that sets one inside:
 * back out to the block, selected, the parameter's row focused. */
static void
outer_requested_cb (SwWindow *self, const char *param)
{
  g_autofree char *path = NULL;
  const char *id;
  int block;

  if (depth_of (self) == 0)
    return;
  path = g_strdup (level_at (self, depth_of (self) - 1)->path);
  id = strrchr (path, '.') != NULL ? strrchr (path, '.') + 1 : path;
  leave_to (self, depth_of (self) - 1);
  block = sw_model_find_component (_sw_window_get_shown_model (self), id);
  if (block < 0)
    return;
  sw_canvas_select_component (self->canvas, block);
  sw_inspector_focus_param (self->inspector, param);
}

void
_sw_window_inside_init (SwWindow *self)
{
  g_signal_connect_object (self->inspector, "outer-requested", G_CALLBACK (outer_requested_cb), self,
                           G_CONNECT_SWAPPED);
}

void
_sw_window_inside_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.leave-subsystem", NULL, sw_window_leave_subsystem);
}
