/* sw-window-files.c: the window's files: open, save and save as, the
 * prompt before unsaved changes are lost, the bundled examples and the
 * recent files menu. A file that cannot be read leaves the document as it
 * was and is reported in a dialog.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-window-private.h"

#include <errno.h>
#include "sw-modelica.h"
#include "sw-output-file.h"

#include <glib/gi18n.h>
#include <string.h>

#define RESOURCE_EXAMPLES "/io/github/shaftwork/Shaftwork/examples/"

/* ---- Reading and saving -------------------------------------------------- */

static void
add_to_recent (GFile *file)
{
  g_autofree char *uri = g_file_get_uri (file);

  gtk_recent_manager_add_item (gtk_recent_manager_get_default (), uri);
}

/* A Modelica model: imported, and saved elsewhere as a .shaft model (it is
 * never written over). */
static gboolean
is_modelica (GFile *file)
{
  g_autofree char *name = g_file_get_basename (file);

  return name != NULL && g_str_has_suffix (name, ".mo");
}

/* A folder of bundled examples (data/examples in the source tree,
 * share/shaftwork/examples installed) or one the user cannot write to: not
 * where the user's own models go. */
static gboolean
is_foreign_folder (GFile *folder)
{
  g_autofree char *path = g_file_get_path (folder);
  g_autofree char *slashed = NULL;
  g_autoptr(GFileInfo) info = NULL;

  if (path == NULL)
    return TRUE;
  slashed = g_strconcat (path, G_DIR_SEPARATOR_S, NULL);
  if (strstr (slashed, G_DIR_SEPARATOR_S "data" G_DIR_SEPARATOR_S "examples" G_DIR_SEPARATOR_S) != NULL ||
      strstr (slashed, G_DIR_SEPARATOR_S "shaftwork" G_DIR_SEPARATOR_S "examples" G_DIR_SEPARATOR_S) != NULL)
    return TRUE;
  info = g_file_query_info (folder, G_FILE_ATTRIBUTE_ACCESS_CAN_WRITE, G_FILE_QUERY_INFO_NONE, NULL, NULL);
  return info != NULL && g_file_info_has_attribute (info, G_FILE_ATTRIBUTE_ACCESS_CAN_WRITE) &&
         !g_file_info_get_attribute_boolean (info, G_FILE_ATTRIBUTE_ACCESS_CAN_WRITE);
}

/* A file of the user's own was opened or saved: its folder is where the
 * next Save As starts. */
static void
remember_folder (SwWindow *self,
                 GFile    *file)
{
  g_autoptr(GFile) folder = g_file_get_parent (file);
  g_autofree char *path = folder != NULL ? g_file_get_path (folder) : NULL;

  if (path == NULL || self->settings == NULL || is_foreign_folder (folder))
    return;
  g_settings_set_string (self->settings, "last-folder", path);
}

/* Where Save As starts when the document has no file of the user's own:
 * the folder last used for the user's models, else the documents folder,
 * else home. */
static GFile *
dup_start_folder (SwWindow *self)
{
  g_autofree char *last = self->settings != NULL
                          ? g_settings_get_string (self->settings, "last-folder") : NULL;
  const char *documents = g_get_user_special_dir (G_USER_DIRECTORY_DOCUMENTS);

  if (last != NULL && *last != '\0' && g_file_test (last, G_FILE_TEST_IS_DIR))
    return g_file_new_for_path (last);
  if (documents != NULL && g_file_test (documents, G_FILE_TEST_IS_DIR))
    return g_file_new_for_path (documents);
  return g_file_new_for_path (g_get_home_dir ());
}

/* The model of file; of a Modelica file of several models, the one named
 * model_name (NULL: its one model or example). */
static SwModel *
read_model_named (GFile      *file,
                  const char *model_name,
                  GError    **error)
{
  g_autofree char *data = NULL;
  g_autofree char *display = _sw_window_file_get_display_name (file);
  gsize length = 0;

  if (!g_file_load_contents (file, NULL, &data, &length, NULL, error))
    return NULL;
  if (is_modelica (file))
    {
      /* Table files are found beside the model, not in the working folder. */
      g_autoptr (GFile) parent = g_file_get_parent (file);
      g_autofree char *folder = parent != NULL ? g_file_get_path (parent) : NULL;
      g_autofree char *path = g_file_get_path (file);
      g_auto (GStrv) beside = model_name != NULL && path != NULL ? sw_modelica_list_folder_models (path) : NULL;

      /* MSL 4's Examples/package.mo: the model chosen is a file beside it. */
      if (beside != NULL && g_strv_contains ((const char *const *) beside, model_name))
        {
          g_autofree char *name = g_strconcat (model_name, ".mo", NULL);
          g_autoptr (GFile) model_file = g_file_get_child (parent, name);

          return read_model_named (model_file, NULL, error);
        }
      return sw_modelica_import_model (data, (gssize) length, display, folder, model_name, error);
    }
  {
    /* Subsystems' files are found beside the model. */
    g_autoptr (GFile) parent = g_file_get_parent (file);
    g_autofree char *folder = parent != NULL ? g_file_get_path (parent) : NULL;

    return sw_model_new_from_data_in (data, (gssize) length, display, folder, error);
  }
}

SwModel *
_sw_window_read_model (GFile   *file,
                       GError **error)
{
  return read_model_named (file, NULL, error);
}

gboolean
sw_window_load_file (SwWindow  *self,
                     GFile     *file,
                     GError   **error)
{
  SwModel *model;

  g_return_val_if_fail (SW_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  model = _sw_window_read_model (file, error);
  if (model == NULL)
    return FALSE;
  _sw_window_set_document (self, model, is_modelica (file) ? NULL : file, FALSE);
  add_to_recent (file);
  remember_folder (self, file);
  return TRUE;
}

/* A bundled example's model. One in a folder of its own ("marine/…")
 * uses subsystems from files beside it: the folder is copied out of the
 * resources into the cache (afresh each time) and the model read from
 * there, so that its subsystems' files are found and can be opened. */
static SwModel *
load_example_model (const char  *name,
                    GError     **error)
{
  g_autofree char *path = g_strconcat (RESOURCE_EXAMPLES, name, ".shaft", NULL);
  g_autofree char *display = g_path_get_basename (path);
  g_autofree char *folder = NULL;
  g_autoptr(GBytes) bytes = NULL;
  const char *slash = strrchr (name, '/');

  bytes = g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, error);
  if (bytes == NULL)
    return NULL;
  if (slash != NULL)
    {
      g_autofree char *sub = g_strndup (name, (gsize) (slash - name));
      g_autofree char *resource_dir = g_strconcat (RESOURCE_EXAMPLES, sub, "/", NULL);
      g_auto(GStrv) children = g_resources_enumerate_children (resource_dir, G_RESOURCE_LOOKUP_FLAGS_NONE, error);

      if (children == NULL)
        return NULL;
      folder = g_build_filename (g_get_user_cache_dir (), "shaftwork", "examples", sub, NULL);
      if (g_mkdir_with_parents (folder, 0700) != 0)
        {
          int saved = errno;

          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), "%s: %s", folder, g_strerror (saved));
          return NULL;
        }
      for (guint i = 0; children[i] != NULL; i++)
        {
          g_autofree char *child = g_strconcat (resource_dir, children[i], NULL);
          g_autofree char *target = g_build_filename (folder, children[i], NULL);
          g_autoptr(GBytes) data = g_resources_lookup_data (child, G_RESOURCE_LOOKUP_FLAGS_NONE, error);

          if (data == NULL ||
              !g_file_set_contents (target, g_bytes_get_data (data, NULL), (gssize) g_bytes_get_size (data), error))
            return NULL;
        }
    }
  return sw_model_new_from_data_in (g_bytes_get_data (bytes, NULL), (gssize) g_bytes_get_size (bytes),
                                    display, folder, error);
}

gboolean
sw_window_load_example (SwWindow    *self,
                        const char  *name,
                        GError     **error)
{
  SwModel *model;

  g_return_val_if_fail (SW_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  model = load_example_model (name, error);
  if (model == NULL)
    return FALSE;
  _sw_window_set_document (self, model, NULL, TRUE);
  return TRUE;
}

gboolean
sw_window_save_to_file (SwWindow  *self,
                        GFile     *file,
                        GError   **error)
{
  g_autofree char *path = NULL;
  g_autofree char *display = NULL;

  g_return_val_if_fail (SW_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("%s: only local files can be saved"), uri);
      return FALSE;
    }
  /* A Modelica file is an export: the document stays what it was (its
   * own file a .shaft, or untitled), so that Save never writes JSON into
   * a .mo file. */
  if (is_modelica (file))
    {
      g_autofree char *text = sw_modelica_export (self->model, error);
      /* As the CLI's export: a device stays a device, a link a link. */
      g_autoptr (SwOutputFile) out = text != NULL ? sw_output_file_open (path, NULL, SW_OUTPUT_FILE_DEFAULT, error)
                                                  : NULL;

      if (out == NULL || !sw_output_file_write (out, text, strlen (text), error)
          || !sw_output_file_commit (g_steal_pointer (&out), error))
        return FALSE;
      remember_folder (self, file);
      return TRUE;
    }
  /* The subsystems' files edited in place first: the document uses them. */
  if (!_sw_window_inside_save_files (self, error))
    return FALSE;
  /* The view goes into the file's "ui" member. */
  _sw_window_results_save_view (self);
  if (!sw_model_save_to_file (self->model, path, error))
    return FALSE;

  display = _sw_window_file_get_display_name (file);
  sw_model_set_display_name (self->model, display);
  if (self->file == NULL || !g_file_equal (self->file, file))
    {
      g_set_object (&self->file, file);
      self->is_example = FALSE;
      _sw_window_notify (self, PROP_FILE);
    }
  sw_history_mark_saved (self->history);
  _sw_window_remove_recovery (self);
  add_to_recent (file);
  remember_folder (self, file);
  _sw_window_update_title (self);
  _sw_window_update_actions (self);
  return TRUE;
}

/* ---- Asking before unsaved changes are lost ------------------------------ */

typedef struct {
  SwWindowProceedFunc  func;
  gpointer             data;
  GDestroyNotify       destroy;
} Pending;

static Pending *
pending_new (SwWindowProceedFunc func,
             gpointer            data,
             GDestroyNotify      destroy)
{
  Pending *pending = g_new (Pending, 1);

  pending->func = func;
  pending->data = data;
  pending->destroy = destroy;
  return pending;
}

static void
pending_free (gpointer data)
{
  Pending *pending = data;

  if (pending->destroy != NULL)
    pending->destroy (pending->data);
  g_free (pending);
}

static void
pending_run (SwWindow *self,
             Pending  *pending)
{
  if (pending != NULL)
    pending->func (self, pending->data);
}

static GtkFileFilter *
shaft_filter_new (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Shaftwork Models (*.shaft)"));
  gtk_file_filter_add_pattern (filter, "*.shaft");
  gtk_file_filter_add_mime_type (filter, "application/x-shaftwork");
  return filter;
}

static GtkFileFilter *
modelica_filter_new (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Modelica Models (*.mo)"));
  gtk_file_filter_add_pattern (filter, "*.mo");
  return filter;
}

static void
add_filter (GtkFileChooser *chooser,
            GtkFileFilter  *filter)
{
  gtk_file_chooser_add_filter (chooser, filter);
  g_object_unref (filter);
}

/* The file the user chose in Save As (NULL: cancelled). */
static void
save_as_chosen (SwWindow        *self,
                GtkNativeDialog *chooser,
                GFile           *chosen)
{
  Pending *pending = g_object_get_data (G_OBJECT (chooser), "pending");
  g_autoptr(GFile) file = chosen != NULL ? g_object_ref (chosen) : NULL;
  g_autofree char *basename = file != NULL ? g_file_get_basename (file) : NULL;
  g_autoptr(GError) error = NULL;

  /* "model" becomes "model.shaft", unless that would replace a file the
   * chooser did not ask about. */
  if (basename != NULL && strchr (basename, '.') == NULL)
    {
      g_autofree char *name = g_strconcat (basename, ".shaft", NULL);
      g_autoptr(GFile) folder = g_file_get_parent (file);
      g_autoptr(GFile) candidate = folder != NULL ? g_file_get_child (folder, name) : NULL;

      if (candidate != NULL && !g_file_query_exists (candidate, NULL))
        g_set_object (&file, candidate);
    }

  if (file == NULL)
    ;
  else if (is_modelica (file))
    {
      g_autofree char *display = _sw_window_file_get_display_name (file);
      g_autofree char *text = NULL;

      /* Exported, not saved: what was waiting for a save (a close) does
       * not go on, and the model is still to be saved. */
      if (sw_window_save_to_file (self, file, &error))
        {
          text = g_strdup_printf (_("Exported as Modelica to “%s”; the model itself is not "
                                    "saved (save it as a .shaft file to keep it)"), display);
          _sw_window_show_toast (self, text);
        }
      else
        _sw_window_show_error_dialog (self, _("Could Not Export the Model to Modelica"),
                                      error->message);
    }
  else if (sw_window_save_to_file (self, file, &error))
    pending_run (self, pending);
  else
    _sw_window_show_error_dialog (self, _("Could Not Save the Model"), error->message);
}

static void
save_as_response_cb (GtkNativeDialog *chooser,
                     int              response,
                     SwWindow        *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      save_as_chosen (self, chooser, file);
    }
  gtk_native_dialog_destroy (chooser);
  if (self->file_chooser == chooser)
    g_clear_object (&self->file_chooser);
}

void
_sw_window_file_chooser_accept (SwWindow *self,
                                GFile    *file)
{
  g_autoptr(GtkNativeDialog) chooser = NULL;

  g_return_if_fail (self->file_chooser != NULL);

  chooser = g_object_ref (self->file_chooser);
  if (g_object_get_data (G_OBJECT (chooser), "pending-kind") != NULL)
    save_as_chosen (self, chooser, file);
  else
    sw_window_open_file (self, file);
  gtk_native_dialog_destroy (chooser);
  if (self->file_chooser == chooser)
    g_clear_object (&self->file_chooser);
}

static void
save_as_then (SwWindow *self,
              Pending  *pending)
{
  GtkFileChooserNative *chooser;
  g_autofree char *name = NULL;
  g_autoptr(GFile) parent = NULL;

  chooser = gtk_file_chooser_native_new (_("Save Model"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  add_filter (GTK_FILE_CHOOSER (chooser), shaft_filter_new ());
  /* A .mo name exports (sw_window_save_to_file). */
  add_filter (GTK_FILE_CHOOSER (chooser), modelica_filter_new ());
  if (self->file != NULL && !is_foreign_folder (parent = g_file_get_parent (self->file)))
    {
      g_autoptr(GError) error = NULL;

      if (!gtk_file_chooser_set_file (GTK_FILE_CHOOSER (chooser), self->file, &error))
        g_debug ("Save as: %s", error->message);
    }
  else
    {
      /* Never into the examples: the user's own folder, the same name. */
      g_autoptr(GFile) folder = dup_start_folder (self);
      g_autoptr(GError) error = NULL;

      if (self->file != NULL)
        name = g_file_get_basename (self->file);
      else
        name = g_strconcat (self->title_text, ".shaft", NULL);
      if (!gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder, &error))
        g_debug ("Save as: %s", error->message);
      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
    }
  g_object_set_data_full (G_OBJECT (chooser), "pending", pending, pending_free);
  g_object_set_data (G_OBJECT (chooser), "pending-kind", (gpointer) "save-as");
  g_signal_connect (chooser, "response", G_CALLBACK (save_as_response_cb), self);
  if (self->file_chooser != NULL)
    gtk_native_dialog_destroy (self->file_chooser);
  g_set_object (&self->file_chooser, GTK_NATIVE_DIALOG (chooser));
  g_object_unref (chooser);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* Saves to the current file, or asks for one; runs pending after a save. */
static void
save_then (SwWindow *self,
           Pending  *pending)
{
  g_autoptr(GError) error = NULL;

  if (self->file == NULL)
    {
      save_as_then (self, pending);
      return;
    }
  if (sw_window_save_to_file (self, self->file, &error))
    pending_run (self, pending);
  else
    _sw_window_show_error_dialog (self, _("Could Not Save the Model"), error->message);
  if (pending != NULL)
    pending_free (pending);
}

static void
unsaved_response_cb (AdwMessageDialog *dialog,
                     const char       *response,
                     SwWindow         *self)
{
  Pending *pending = g_object_steal_data (G_OBJECT (dialog), "pending");

  if (pending == NULL)
    return;
  if (g_strcmp0 (response, "save") == 0)
    {
      save_then (self, pending);
      return;
    }
  if (g_strcmp0 (response, "discard") == 0)
    {
      /* The subsystems' files too: left as they were saved. */
      _sw_window_inside_discard_files (self);
      pending_run (self, pending);
    }
  pending_free (pending);
}

/* Runs func now when nothing would be lost, else after the user chose to
 * save or discard; cancel drops it. */
void
_sw_window_confirm_unsaved_then (SwWindow            *self,
                                 SwWindowProceedFunc  func,
                                 gpointer             data,
                                 GDestroyNotify       destroy)
{
  Pending *pending = pending_new (func, data, destroy);
  GtkWidget *dialog;

  if (!sw_window_get_modified (self))
    {
      pending_run (self, pending);
      pending_free (pending);
      return;
    }

  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Save Changes?"), NULL);
  adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (dialog),
                                  _("“%s” has unsaved changes. Changes which are not saved will be "
                                    "permanently lost."),
                                  self->title_text);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "discard", _("_Discard"),
                                    "save", _("_Save"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "pending", pending, pending_free);
  g_signal_connect (dialog, "response", G_CALLBACK (unsaved_response_cb), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Opening: the file is read first, so an error leaves everything as it
 * was and asks nothing; then unsaved changes are confirmed. */

typedef struct {
  SwModel  *model;
  GFile    *file;
  gboolean  is_example;
} Replacement;

static Replacement *
replacement_new (SwModel  *model,
                 GFile    *file,
                 gboolean  is_example)
{
  Replacement *replacement = g_new0 (Replacement, 1);

  replacement->model = model;
  replacement->file = file != NULL ? g_object_ref (file) : NULL;
  replacement->is_example = is_example;
  return replacement;
}

static void
replacement_free (gpointer data)
{
  Replacement *replacement = data;

  g_clear_object (&replacement->model);
  g_clear_object (&replacement->file);
  g_free (replacement);
}

static void
replace_with_model (SwWindow *self,
                    gpointer  data)
{
  Replacement *replacement = data;

  _sw_window_set_document (self, g_steal_pointer (&replacement->model), replacement->file,
                           replacement->is_example);
  if (replacement->file != NULL)
    {
      add_to_recent (replacement->file);
      remember_folder (self, replacement->file);
    }
}

/* The models a Modelica file holds (a package of examples, models saved
 * together) or, of MSL 4's package.mo of none, its folder holds (*beside
 * set); NULL when it cannot be read or followed. */
static char **
modelica_choices (GFile    *file,
                  gboolean *beside)
{
  g_autofree char *data = NULL;
  g_autofree char *path = g_file_get_path (file);
  char **folder = path != NULL ? sw_modelica_list_folder_models (path) : NULL;
  gsize length = 0;

  *beside = folder != NULL;
  if (folder != NULL)
    return folder;
  if (!g_file_load_contents (file, NULL, &data, &length, NULL, NULL))
    return NULL;
  return sw_modelica_list_models (data, (gssize) length);
}

static void
model_chosen_cb (AdwMessageDialog *dialog,
                 const char       *response,
                 SwWindow         *self)
{
  GFile *file = g_object_get_data (G_OBJECT (dialog), "file");
  GtkDropDown *models = GTK_DROP_DOWN (adw_message_dialog_get_extra_child (dialog));
  GtkStringObject *chosen = gtk_drop_down_get_selected_item (models);
  g_autoptr (GError) error = NULL;
  SwModel *model;

  if (g_strcmp0 (response, "open") != 0 || chosen == NULL)
    return;
  model = read_model_named (file, gtk_string_object_get_string (chosen), &error);
  if (model == NULL)
    {
      g_autofree char *display = _sw_window_file_get_display_name (file);
      g_autofree char *heading = g_strdup_printf (_("Could Not Open “%s”"), display);

      _sw_window_show_error_dialog (self, heading, error->message);
      return;
    }
  _sw_window_confirm_unsaved_then (self, replace_with_model, replacement_new (model, NULL, FALSE), replacement_free);
}

/* A file of several models (the MSL's examples in one package, say):
 * the user picks the one to open, as --model NAME does for the CLI. */
static void
choose_modelica_model (SwWindow    *self,
                       GFile       *file,
                       char *const *choices,
                       gboolean     beside)
{
  g_autofree char *display = _sw_window_file_get_display_name (file);
  guint n = g_strv_length ((char **) choices);
  g_autofree char *body = beside ? g_strdup_printf (_("“%s” holds no model itself; its folder holds %u, each a file "
                                                      "of its own. Choose the one to open."), display, n)
                                 : g_strdup_printf (_("“%s” holds %u models. Choose the one to open."), display, n);
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Open Which Model?"), body);
  GtkWidget *models = gtk_drop_down_new_from_strings ((const char *const *) choices);

  gtk_drop_down_set_enable_search (GTK_DROP_DOWN (models), TRUE);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), models);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"), "open", _("_Open"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "open", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "open");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "file", g_object_ref (file), g_object_unref);
  g_signal_connect_object (dialog, "response", G_CALLBACK (model_chosen_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
sw_window_open_file (SwWindow *self,
                     GFile    *file)
{
  g_autoptr(GError) error = NULL;
  SwModel *model;

  g_return_if_fail (SW_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  model = _sw_window_read_model (file, &error);
  if (model == NULL)
    {
      g_autofree char *display = _sw_window_file_get_display_name (file);
      g_autofree char *heading = g_strdup_printf (_("Could Not Open “%s”"), display);
      gboolean beside = FALSE;
      g_auto (GStrv) choices = is_modelica (file) ? modelica_choices (file, &beside) : NULL;

      /* One model of its own failed for a reason of its own (said);
       * one model beside a package.mo is still to be chosen. */
      if (choices != NULL && g_strv_length (choices) >= (beside ? 1u : 2u))
        choose_modelica_model (self, file, choices, beside);
      else
        _sw_window_show_error_dialog (self, heading, error->message);
      return;
    }
  _sw_window_confirm_unsaved_then (self, replace_with_model,
                                   replacement_new (model, is_modelica (file) ? NULL : file, FALSE), replacement_free);
}

static void
open_response_cb (GtkNativeDialog *chooser,
                  int              response,
                  SwWindow        *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      sw_window_open_file (self, file);
    }
  gtk_native_dialog_destroy (chooser);
  if (self->file_chooser == chooser)
    g_clear_object (&self->file_chooser);
}

static void
sw_window_open (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  SwWindow *self = SW_WINDOW (widget);
  GtkFileChooserNative *chooser;
  GtkFileFilter *models = gtk_file_filter_new ();
  GtkFileFilter *all = gtk_file_filter_new ();

  chooser = gtk_file_chooser_native_new (_("Open Model"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  /* Both kinds of model first (the one shown), then each alone. */
  gtk_file_filter_set_name (models, _("Models (*.shaft, *.mo)"));
  gtk_file_filter_add_pattern (models, "*.shaft");
  gtk_file_filter_add_mime_type (models, "application/x-shaftwork");
  gtk_file_filter_add_pattern (models, "*.mo");
  add_filter (GTK_FILE_CHOOSER (chooser), models);
  add_filter (GTK_FILE_CHOOSER (chooser), shaft_filter_new ());
  add_filter (GTK_FILE_CHOOSER (chooser), modelica_filter_new ());
  gtk_file_filter_set_name (all, _("All Files"));
  gtk_file_filter_add_pattern (all, "*");
  add_filter (GTK_FILE_CHOOSER (chooser), all);
  gtk_file_chooser_set_filter (GTK_FILE_CHOOSER (chooser), models);
  {
    g_autoptr(GFile) folder = self->file != NULL ? g_file_get_parent (self->file) : NULL;

    if (folder == NULL || is_foreign_folder (folder))
      {
        g_clear_object (&folder);
        folder = dup_start_folder (self);
      }
    gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder, NULL);
  }
  g_signal_connect (chooser, "response", G_CALLBACK (open_response_cb), self);
  if (self->file_chooser != NULL)
    gtk_native_dialog_destroy (self->file_chooser);
  g_set_object (&self->file_chooser, GTK_NATIVE_DIALOG (chooser));
  g_object_unref (chooser);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
sw_window_open_example (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *param)
{
  SwWindow *self = SW_WINDOW (widget);
  const char *name = g_variant_get_string (param, NULL);
  g_autoptr(GError) error = NULL;
  SwModel *model = load_example_model (name, &error);

  if (model == NULL)
    {
      g_autofree char *base = g_path_get_basename (name);
      g_autofree char *display = g_strconcat (base, ".shaft", NULL);
      g_autofree char *heading = g_strdup_printf (_("Could Not Open “%s”"), display);

      _sw_window_show_error_dialog (self, heading, error->message);
      return;
    }
  _sw_window_confirm_unsaved_then (self, replace_with_model, replacement_new (model, NULL, TRUE),
                                   replacement_free);
}

static void
sw_window_open_recent (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *param)
{
  g_autoptr(GFile) file = g_file_new_for_uri (g_variant_get_string (param, NULL));

  sw_window_open_file (SW_WINDOW (widget), file);
}

static void
new_document (SwWindow *self,
              gpointer  data)
{
  _sw_window_set_document (self, sw_model_new (), NULL, FALSE);
}

static void
sw_window_new_document (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *param)
{
  _sw_window_confirm_unsaved_then (SW_WINDOW (widget), new_document, NULL, NULL);
}

static void
sw_window_save (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  save_then (SW_WINDOW (widget), NULL);
}

static void
sw_window_save_as (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *param)
{
  save_as_then (SW_WINDOW (widget), NULL);
}

/* ---- Recent files -------------------------------------------------------- */

static int
compare_recent (gconstpointer a,
                gconstpointer b)
{
  GtkRecentInfo *ia = *(GtkRecentInfo *const *) a;
  GtkRecentInfo *ib = *(GtkRecentInfo *const *) b;

  /* Newest first. */
  return g_date_time_compare (gtk_recent_info_get_modified (ib), gtk_recent_info_get_modified (ia));
}

/* Underscores would be read as mnemonics in a menu label. */
static char *
escape_mnemonics (const char *text)
{
  GString *s = g_string_new (NULL);

  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '_')
        g_string_append_c (s, '_');
      g_string_append_c (s, *p);
    }
  return g_string_free (s, FALSE);
}

void
_sw_window_update_recent_menu (SwWindow *self)
{
  GtkRecentManager *manager = gtk_recent_manager_get_default ();
  GList *items = gtk_recent_manager_get_items (manager);
  g_autoptr(GPtrArray) shown = g_ptr_array_new ();
  guint limit = self->settings != NULL ? (guint) g_settings_get_int (self->settings, "recent-limit") : 8;

  for (GList *l = items; l != NULL; l = l->next)
    {
      GtkRecentInfo *info = l->data;
      const char *uri = gtk_recent_info_get_uri (info);

      if (g_str_has_suffix (uri, ".shaft") &&
          (!gtk_recent_info_is_local (info) || gtk_recent_info_exists (info)))
        g_ptr_array_add (shown, info);
    }
  g_ptr_array_sort (shown, compare_recent);

  g_menu_remove_all (self->recent_section);
  for (guint i = 0; i < shown->len && i < limit; i++)
    {
      GtkRecentInfo *info = g_ptr_array_index (shown, i);
      g_autofree char *label = escape_mnemonics (gtk_recent_info_get_display_name (info));
      g_autoptr(GMenuItem) item = g_menu_item_new (label, NULL);

      g_menu_item_set_action_and_target_value (item, "win.open-recent",
                                               g_variant_new_string (gtk_recent_info_get_uri (info)));
      g_menu_append_item (self->recent_section, item);
    }
  if (shown->len == 0 || limit == 0)
    g_menu_append (self->recent_section, _("No Recent Models"), "win.no-recent");

  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
}

void
_sw_window_class_files_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.new", NULL, sw_window_new_document);
  gtk_widget_class_install_action (widget_class, "win.open", NULL, sw_window_open);
  gtk_widget_class_install_action (widget_class, "win.open-example", "s", sw_window_open_example);
  /* An example in a folder of its own, with the subsystems' files it
   * uses ("marine/twin-engine"): the folder is copied to the cache. */
  gtk_widget_class_install_action (widget_class, "win.open-folder-example", "s", sw_window_open_example);
  gtk_widget_class_install_action (widget_class, "win.open-recent", "s", sw_window_open_recent);
  gtk_widget_class_install_action (widget_class, "win.no-recent", NULL, NULL);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, sw_window_save);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, sw_window_save_as);
}
