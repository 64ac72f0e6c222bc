/* sw-history.c: unlimited undo and redo for a model.
 *
 * The history keeps the model's file text as it was after the last change
 * it saw ("current"). On every "changed" it pushes current onto the undo
 * stack, forgets the redo stack and takes the new text as current. Undo
 * pops a text, restores it into the model (with the handler blocked, so
 * that the restore is not recorded) and pushes current onto the redo
 * stack; redo is the mirror image.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-history.h"

#include <string.h>

struct _SwHistory
{
  GObject    parent_instance;

  SwModel   *model;
  gulong     changed_id;

  char      *current;       /* the model's text as last seen */
  char      *saved;         /* the text at sw_history_mark_saved () */
  GPtrArray *undo;          /* char *, oldest first */
  GPtrArray *redo;          /* char *, the next redo last */

  guint      group_depth;
  gboolean   group_has_step;/* the open group already pushed its step */

  /* The values last notified. */
  gboolean   can_undo;
  gboolean   can_redo;
  gboolean   modified;
};

G_DEFINE_FINAL_TYPE (SwHistory, sw_history, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_MODEL,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_MODIFIED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
update_state (SwHistory *self)
{
  gboolean can_undo = self->undo->len > 0;
  gboolean can_redo = self->redo->len > 0;
  gboolean modified = g_strcmp0 (self->current, self->saved) != 0;

  g_object_freeze_notify (G_OBJECT (self));
  if (can_undo != self->can_undo)
    {
      self->can_undo = can_undo;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
    }
  if (can_redo != self->can_redo)
    {
      self->can_redo = can_redo;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
    }
  if (modified != self->modified)
    {
      self->modified = modified;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
    }
  g_object_thaw_notify (G_OBJECT (self));
}

static const char *
top (GPtrArray *stack)
{
  return stack->len > 0 ? g_ptr_array_index (stack, stack->len - 1) : NULL;
}

static char *
pop (GPtrArray *stack)
{
  g_assert (stack->len > 0);
  return g_ptr_array_steal_index (stack, stack->len - 1);
}

static void
on_model_changed (SwModel   *model,
                  SwHistory *self)
{
  g_autofree char *text = sw_model_to_data (model, NULL);

  /* A "changed" that changed nothing the file holds is not a step. */
  if (g_strcmp0 (text, self->current) == 0)
    return;

  if (self->group_depth == 0 || !self->group_has_step)
    {
      g_ptr_array_add (self->undo, g_steal_pointer (&self->current));
      self->group_has_step = self->group_depth > 0;
    }
  g_ptr_array_set_size (self->redo, 0);
  g_free (self->current);
  self->current = g_steal_pointer (&text);

  update_state (self);
}

/* Replaces the model's content by text (taken) without recording it, and
 * moves current onto to. */
static gboolean
travel (SwHistory *self,
        GPtrArray *from,
        GPtrArray *to)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  gboolean ok;

  if (from->len == 0)
    return FALSE;

  text = pop (from);
  g_signal_handler_block (self->model, self->changed_id);
  ok = sw_model_restore (self->model, text, -1, &error);
  g_signal_handler_unblock (self->model, self->changed_id);

  if (!ok)
    {
      /* The texts come from the writer: the reader always takes them. */
      g_critical ("Cannot restore a model snapshot: %s", error->message);
      g_ptr_array_add (from, g_steal_pointer (&text));
      return FALSE;
    }

  g_ptr_array_add (to, g_steal_pointer (&self->current));
  self->current = g_steal_pointer (&text);
  update_state (self);
  return TRUE;
}

static void
sw_history_constructed (GObject *object)
{
  SwHistory *self = (SwHistory *) object;

  G_OBJECT_CLASS (sw_history_parent_class)->constructed (object);

  g_assert (SW_IS_MODEL (self->model));

  self->current = sw_model_to_data (self->model, NULL);
  self->saved = g_strdup (self->current);
  self->changed_id = g_signal_connect (self->model, "changed",
                                       G_CALLBACK (on_model_changed), self);
}

static void
sw_history_dispose (GObject *object)
{
  SwHistory *self = (SwHistory *) object;

  if (self->model != NULL)
    g_clear_signal_handler (&self->changed_id, self->model);
  g_clear_object (&self->model);

  G_OBJECT_CLASS (sw_history_parent_class)->dispose (object);
}

static void
sw_history_finalize (GObject *object)
{
  SwHistory *self = (SwHistory *) object;

  g_clear_pointer (&self->current, g_free);
  g_clear_pointer (&self->saved, g_free);
  g_clear_pointer (&self->undo, g_ptr_array_unref);
  g_clear_pointer (&self->redo, g_ptr_array_unref);

  G_OBJECT_CLASS (sw_history_parent_class)->finalize (object);
}

static void
sw_history_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  SwHistory *self = SW_HISTORY (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      g_value_set_object (value, self->model);
      break;

    case PROP_CAN_UNDO:
      g_value_set_boolean (value, sw_history_get_can_undo (self));
      break;

    case PROP_CAN_REDO:
      g_value_set_boolean (value, sw_history_get_can_redo (self));
      break;

    case PROP_MODIFIED:
      g_value_set_boolean (value, sw_history_get_modified (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
sw_history_set_property (GObject      *object,
                         guint         prop_id,
                         const GValue *value,
                         GParamSpec   *pspec)
{
  SwHistory *self = SW_HISTORY (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      self->model = g_value_dup_object (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
sw_history_class_init (SwHistoryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = sw_history_constructed;
  object_class->dispose = sw_history_dispose;
  object_class->finalize = sw_history_finalize;
  object_class->get_property = sw_history_get_property;
  object_class->set_property = sw_history_set_property;

  /**
   * SwHistory:model:
   *
   * The model whose edits are recorded.
   */
  properties[PROP_MODEL] =
    g_param_spec_object ("model", NULL, NULL,
                         SW_TYPE_MODEL,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  /**
   * SwHistory:can-undo:
   *
   * Whether there is a step to undo.
   */
  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL,
                          FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * SwHistory:can-redo:
   *
   * Whether there is an undone step to redo.
   */
  properties[PROP_CAN_REDO] =
    g_param_spec_boolean ("can-redo", NULL, NULL,
                          FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * SwHistory:modified:
   *
   * Whether the model differs from what it was at the last
   * sw_history_mark_saved() (or at the start, or the last reset).
   */
  properties[PROP_MODIFIED] =
    g_param_spec_boolean ("modified", NULL, NULL,
                          FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
sw_history_init (SwHistory *self)
{
  self->undo = g_ptr_array_new_with_free_func (g_free);
  self->redo = g_ptr_array_new_with_free_func (g_free);
}

SwHistory *
sw_history_new (SwModel *model)
{
  g_return_val_if_fail (SW_IS_MODEL (model), NULL);

  return g_object_new (SW_TYPE_HISTORY, "model", model, NULL);
}

SwModel *
sw_history_get_model (SwHistory *history)
{
  g_return_val_if_fail (SW_IS_HISTORY (history), NULL);

  return history->model;
}

gboolean
sw_history_get_can_undo (SwHistory *history)
{
  g_return_val_if_fail (SW_IS_HISTORY (history), FALSE);

  return history->can_undo;
}

gboolean
sw_history_get_can_redo (SwHistory *history)
{
  g_return_val_if_fail (SW_IS_HISTORY (history), FALSE);

  return history->can_redo;
}

gboolean
sw_history_get_modified (SwHistory *history)
{
  g_return_val_if_fail (SW_IS_HISTORY (history), FALSE);

  return history->modified;
}

void
sw_history_mark_saved (SwHistory *history)
{
  g_return_if_fail (SW_IS_HISTORY (history));

  /* What the file holds is the model now, with what changes it without a
   * step (the view member written just before saving): else the next
   * "changed" that changes nothing else (a subsystem's file read anew)
   * would look like an edit. */
  g_free (history->current);
  history->current = sw_model_to_data (history->model, NULL);
  g_free (history->saved);
  history->saved = g_strdup (history->current);
  update_state (history);
}

gboolean
sw_history_undo (SwHistory *history)
{
  g_return_val_if_fail (SW_IS_HISTORY (history), FALSE);
  g_return_val_if_fail (history->group_depth == 0, FALSE);

  return travel (history, history->undo, history->redo);
}

gboolean
sw_history_redo (SwHistory *history)
{
  g_return_val_if_fail (SW_IS_HISTORY (history), FALSE);
  g_return_val_if_fail (history->group_depth == 0, FALSE);

  return travel (history, history->redo, history->undo);
}

void
sw_history_begin_group (SwHistory *history)
{
  g_return_if_fail (SW_IS_HISTORY (history));

  if (history->group_depth++ == 0)
    history->group_has_step = FALSE;
}

void
sw_history_end_group (SwHistory *history)
{
  g_return_if_fail (SW_IS_HISTORY (history));
  g_return_if_fail (history->group_depth > 0);

  if (--history->group_depth > 0)
    return;

  /* A gesture that ends where it started (a drag back to the start) is
   * no step. */
  if (history->group_has_step && g_strcmp0 (top (history->undo), history->current) == 0)
    {
      g_free (pop (history->undo));
      update_state (history);
    }
  history->group_has_step = FALSE;
}

void
sw_history_reset (SwHistory *history)
{
  g_return_if_fail (SW_IS_HISTORY (history));

  g_ptr_array_set_size (history->undo, 0);
  g_ptr_array_set_size (history->redo, 0);
  g_free (history->current);
  history->current = sw_model_to_data (history->model, NULL);
  g_free (history->saved);
  history->saved = g_strdup (history->current);
  history->group_has_step = FALSE;
  update_state (history);
}
