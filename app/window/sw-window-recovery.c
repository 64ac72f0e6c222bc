/* sw-window-recovery.c: the window's recovery copies: while there are
 * unsaved changes the document is written every autosave interval to a
 * copy (sw-recovery.h), removed after a save or a clean close; and the
 * dialog that offers a copy left by a crash.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-window-private.h"

#include <glib/gi18n.h>

#include "sw-recovery.h"

/* ---- Recovery copies ------------------------------------------------------ */

void
_sw_window_remove_recovery (SwWindow *self)
{
  g_clear_handle_id (&self->autosave_source, g_source_remove);
  if (self->recovery_path != NULL)
    {
      sw_recovery_remove (self->recovery_path);
      g_clear_pointer (&self->recovery_path, g_free);
    }
}

static gboolean
autosave_cb (gpointer data)
{
  SwWindow *self = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *uri = NULL;
  gsize length = 0;

  if (self->history == NULL || !sw_history_get_modified (self->history))
    {
      self->autosave_source = 0;
      _sw_window_remove_recovery (self);
      return G_SOURCE_REMOVE;
    }

  if (self->recovery_path == NULL)
    self->recovery_path = sw_recovery_new_path ();
  text = sw_model_to_data (self->model, &length);
  uri = self->file != NULL ? g_file_get_uri (self->file) : NULL;
  if (!sw_recovery_write (self->recovery_path, text, length, uri, self->title_text, &error))
    g_debug ("Recovery copy %s: %s", self->recovery_path, error->message);
  return G_SOURCE_CONTINUE;
}

void
_sw_window_update_autosave (SwWindow *self)
{
  gboolean modified = self->history != NULL && sw_history_get_modified (self->history);

  if (modified && self->autosave_source == 0)
    {
      guint interval = self->settings != NULL
                       ? (guint) g_settings_get_int (self->settings, "autosave-interval")
                       : 60;

      self->autosave_source = g_timeout_add_seconds (interval, autosave_cb, self);
      g_source_set_name_by_id (self->autosave_source, "[shaftwork] autosave");
    }
  else if (!modified)
    _sw_window_remove_recovery (self);
}

/* ---- Offering a copy left by a crash ------------------------------------- */

/* The window a recovered model goes into: this one while it holds
 * nothing (the empty window at startup), else a new one, so that a
 * recovered model never replaces another document. */
static SwWindow *
recovery_target (SwWindow *self)
{
  SwWindow *window;

  if (_sw_window_document_is_empty (self))
    return self;
  window = sw_window_new (gtk_window_get_application (GTK_WINDOW (self)));
  gtk_window_present (GTK_WINDOW (window));
  return window;
}

static void
recovery_response_cb (AdwMessageDialog *dialog,
                      const char       *response,
                      SwWindow         *self)
{
  const char *path = g_object_get_data (G_OBJECT (dialog), "path");
  const char *uri = g_object_get_data (G_OBJECT (dialog), "uri");

  if (self->n_recovery_offers > 0)
    self->n_recovery_offers--;
  if (g_strcmp0 (response, "recover") == 0)
    {
      g_autofree char *data = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(GFile) file = uri != NULL ? g_file_new_for_uri (uri) : NULL;
      SwModel *base = NULL;
      SwWindow *target;
      gsize length = 0;

      if (!g_file_get_contents (path, &data, &length, &error))
        {
          _sw_window_show_error_dialog (self, _("Could Not Recover the Model"), error->message);
          return;
        }
      /* The saved file (when there is one) becomes the state to undo back
       * to; the copy is applied on top of it as one unsaved change. */
      if (file != NULL)
        base = _sw_window_read_model (file, NULL);
      if (base == NULL)
        base = sw_model_new ();
      target = recovery_target (self);
      _sw_window_set_document (target, base, file, FALSE);
      if (!sw_model_restore (target->model, data, (gssize) length, &error))
        {
          /* The copy is kept for another try. */
          _sw_window_show_error_dialog (target, _("Could Not Recover the Model"), error->message);
          return;
        }
      /* Only now that the model is in its window. */
      sw_recovery_remove (path);
      /* The window's own autosave takes over from here. */
      _sw_window_update_autosave (target);
      _sw_window_show_toast (target, _("Unsaved changes recovered"));
    }
  else if (g_strcmp0 (response, "discard") == 0)
    sw_recovery_remove (path);
}

void
sw_window_offer_recovery (SwWindow   *self,
                          const char *path)
{
  g_autofree char *uri = NULL;
  g_autofree char *title = NULL;
  g_autoptr(GDateTime) saved = NULL;
  g_autoptr(GDateTime) local = NULL;
  g_autofree char *when = NULL;
  GtkWidget *dialog;

  g_return_if_fail (SW_IS_WINDOW (self));
  g_return_if_fail (path != NULL);

  sw_recovery_read_info (path, &uri, &title, &saved);
  if (title == NULL || *title == '\0')
    {
      g_free (title);
      title = g_strdup (_("Untitled Model"));
    }
  if (saved != NULL)
    {
      local = g_date_time_to_local (saved);
      when = g_date_time_format (local, "%x %X");
    }

  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Recover Unsaved Changes?"), NULL);
  if (when != NULL)
    adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (dialog),
                                    _("Shaftwork was closed while “%s” had unsaved changes. "
                                      "A copy from %s was kept."), title, when);
  else
    adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (dialog),
                                    _("Shaftwork was closed while “%s” had unsaved changes. "
                                      "A copy was kept."), title);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "later", _("_Later"),
                                    "discard", _("_Discard"),
                                    "recover", _("_Recover"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "recover",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "recover");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "later");
  g_object_set_data_full (G_OBJECT (dialog), "path", g_strdup (path), g_free);
  g_object_set_data_full (G_OBJECT (dialog), "uri", g_steal_pointer (&uri), g_free);
  g_signal_connect_object (dialog, "response", G_CALLBACK (recovery_response_cb), self, 0);
  /* Kept for this copy until it is answered (sw_window_is_pristine). */
  self->n_recovery_offers++;
  gtk_window_present (GTK_WINDOW (dialog));
}
