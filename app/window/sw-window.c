/* sw-window.c: the document window.
 *
 * The window owns the document (SwModel) and its history (SwHistory) and
 * hands them to the canvas and the inspector. It checks the model after
 * each change (debounced), runs simulations and modal analyses in GTask
 * workers on an immutable snapshot (SwSystem), keeps recovery copies while
 * there are unsaved changes, and asks before unsaved changes are lost.
 *
 * This file: the type and its template, the layout and its saved state,
 * the title with the unsaved-changes mark, and the document's signals.
 * The rest is in sw-window-{files,jobs,live,results,modes,problems,recovery}.c (see
 * sw-window-private.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-window.h"
#include "sw-window-private.h"

#include <glib/gi18n.h>
#include <string.h>

#include "sw-error.h"
#include "sw-settings.h"
#include "shaftwork-resources.h"

/* The longest error message a dialog shows whole, in bytes. */
#define MAX_ERROR_BYTES 4000

G_DEFINE_FINAL_TYPE (SwWindow, sw_window, ADW_TYPE_APPLICATION_WINDOW)

static GParamSpec *properties[N_PROPS];

void
_sw_window_notify (SwWindow *self,
                   guint     prop_id)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
}

/* ---- Small helpers ------------------------------------------------------- */

void
_sw_window_show_toast (SwWindow   *self,
                       const char *text)
{
  AdwToast *toast = adw_toast_new (text);

  adw_toast_set_timeout (toast, 4);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

void
_sw_window_show_error_dialog (SwWindow   *self,
                              const char *heading,
                              const char *body)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, NULL);
  g_autofree char *shown = NULL;
  GtkWidget *label;

  /* A hostile file can make a message of megabytes (every error of a huge
   * model): the label lays out the first lines only, so that the window
   * stays responsive; the CLI's check prints them all. Cut at a character. */
  if (strlen (body) > MAX_ERROR_BYTES)
    {
      const char *cut = g_utf8_find_prev_char (body, body + MAX_ERROR_BYTES);

      shown = g_strdup_printf ("%.*s\n%s", (int) (cut - body), body,
                               _("… (more: shaftwork-cli check FILE lists every error)"));
      body = shown;
    }
  label = gtk_label_new (body);

  /* The message names file, line and column: keep it selectable and in
   * a monospace font so locations line up. */
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 60);
  gtk_widget_add_css_class (label, "monospace");
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), label);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "close");
  gtk_window_present (GTK_WINDOW (dialog));
}

char *
_sw_window_file_get_display_name (GFile *file)
{
  g_autoptr(GFileInfo) info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_DISPLAY_NAME,
                                                 G_FILE_QUERY_INFO_NONE, NULL, NULL);

  if (info != NULL)
    return g_strdup (g_file_info_get_display_name (info));
  return g_file_get_basename (file);
}

/* "~/models/first.shaft" for a file in the home folder. */
static char *
file_get_display_path (GFile *file)
{
  g_autofree char *path = g_file_get_path (file);
  const char *home = g_get_home_dir ();
  gsize home_len = strlen (home);

  if (path == NULL)
    return g_file_get_uri (file);
  if (home_len > 1 && g_str_has_prefix (path, home) && path[home_len] == G_DIR_SEPARATOR)
    return g_strconcat ("~", path + home_len, NULL);
  return g_steal_pointer (&path);
}

/* ---- The document -------------------------------------------------------- */

void
_sw_window_update_actions (SwWindow *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  gboolean modified = sw_window_get_modified (self);

  SwHistory *history = _sw_window_get_shown_history (self);

  gtk_widget_action_set_enabled (widget, "win.undo", history != NULL && sw_history_get_can_undo (history));
  gtk_widget_action_set_enabled (widget, "win.redo", history != NULL && sw_history_get_can_redo (history));
  gtk_widget_action_set_enabled (widget, "win.save", modified || self->file == NULL);
  gtk_widget_action_set_enabled (widget, "win.run-simulation", self->check_ok);
  gtk_widget_action_set_enabled (widget, "win.modal-analysis", self->check_ok);
  _sw_window_subsystems_update_actions (self);
  _sw_window_update_run_button (self);
}

void
_sw_window_update_title (SwWindow *self)
{
  const char *name = self->model != NULL ? sw_model_get_name (self->model) : NULL;
  gboolean modified = sw_window_get_modified (self);
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *window_title = NULL;

  if (name != NULL && *name != '\0')
    title = g_strdup (name);
  else if (self->file != NULL)
    {
      g_autofree char *display = _sw_window_file_get_display_name (self->file);

      if (g_str_has_suffix (display, ".shaft"))
        display[strlen (display) - strlen (".shaft")] = '\0';
      title = g_steal_pointer (&display);
    }
  else
    title = g_strdup (_("Untitled Model"));

  if (self->file != NULL)
    subtitle = file_get_display_path (self->file);
  else if (self->is_example)
    subtitle = g_strdup (_("Example — not saved"));
  else
    subtitle = g_strdup (_("Not saved"));

  /* Messages name an unsaved model by its title, not "<memory>". */
  if (self->model != NULL && self->file == NULL && !self->is_example)
    sw_model_set_display_name (self->model, title);

  adw_window_title_set_title (self->window_title, title);
  adw_window_title_set_subtitle (self->window_title, subtitle);
  gtk_widget_set_visible (GTK_WIDGET (self->modified_mark), modified);

  window_title = modified ? g_strdup_printf ("• %s", title) : g_strdup (title);
  gtk_window_set_title (GTK_WINDOW (self), window_title);

  if (g_strcmp0 (title, self->title_text) != 0)
    {
      g_free (self->title_text);
      self->title_text = g_steal_pointer (&title);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TITLE_TEXT]);
    }
}

static void
model_changed_cb (SwWindow *self)
{
  _sw_window_results_model_changed (self);
  _sw_window_subsystems_document_changed (self);
  _sw_window_schedule_check (self);
  _sw_window_live_model_changed (self);
}

/* After every other handler (the variables list's among them). */
static void
model_changed_after_cb (SwWindow *self)
{
  _sw_window_results_model_changed_after (self);
}

static void
model_notify_name_cb (SwWindow *self)
{
  _sw_window_update_title (self);
}

void
_sw_window_modified_changed (SwWindow *self)
{
  _sw_window_update_title (self);
  _sw_window_update_actions (self);
  _sw_window_update_autosave (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
}

static void
history_notify_can_cb (SwWindow *self)
{
  _sw_window_update_actions (self);
}

static void
disconnect_document (SwWindow *self)
{
  if (self->model != NULL)
    {
      g_clear_signal_handler (&self->model_changed_id, self->model);
      g_clear_signal_handler (&self->model_changed_after_id, self->model);
      g_clear_signal_handler (&self->model_name_id, self->model);
    }
  if (self->history != NULL)
    {
      g_clear_signal_handler (&self->modified_id, self->history);
      g_clear_signal_handler (&self->can_undo_id, self->history);
      g_clear_signal_handler (&self->can_redo_id, self->history);
    }
}

/* Takes model; file may be NULL (untitled). */
void
_sw_window_set_document (SwWindow *self,
                         SwModel  *model,
                         GFile    *file,
                         gboolean  is_example)
{
  g_autoptr(SwModel) old_model = NULL;
  g_autoptr(SwHistory) old_history = NULL;

  g_assert (SW_IS_MODEL (model));

  /* Whatever ran on the old document no longer applies. */
  _sw_window_cancel_jobs (self);
  _sw_window_live_clear (self);
  _sw_window_results_clear (self);
  g_clear_handle_id (&self->check_source, g_source_remove);
  _sw_window_remove_recovery (self);
  disconnect_document (self);

  old_model = g_steal_pointer (&self->model);
  old_history = g_steal_pointer (&self->history);
  self->model = model;
  self->history = sw_history_new (model);
  g_set_object (&self->file, file);
  self->is_example = is_example;

  self->model_changed_id = g_signal_connect_swapped (model, "changed",
                                                     G_CALLBACK (model_changed_cb), self);
  self->model_changed_after_id = g_signal_connect_data (model, "changed",
                                                        G_CALLBACK (model_changed_after_cb), self, NULL,
                                                        G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  self->model_name_id = g_signal_connect_swapped (model, "notify::name",
                                                  G_CALLBACK (model_notify_name_cb), self);
  self->modified_id = g_signal_connect_swapped (self->history, "notify::modified",
                                                G_CALLBACK (_sw_window_modified_changed), self);
  self->can_undo_id = g_signal_connect_swapped (self->history, "notify::can-undo",
                                                G_CALLBACK (history_notify_can_cb), self);
  self->can_redo_id = g_signal_connect_swapped (self->history, "notify::can-redo",
                                                G_CALLBACK (history_notify_can_cb), self);

  _sw_window_subsystems_reset (self);
  sw_inspector_set_component (self->inspector, -1);
  sw_inspector_set_model (self->inspector, model);
  sw_inspector_set_history (self->inspector, self->history);
  sw_canvas_set_history (self->canvas, self->history);
  sw_canvas_set_model (self->canvas, model);
  sw_study_view_set_model (self->study_view, model);

  _sw_window_update_title (self);
  _sw_window_results_snapshot_components (self);
  _sw_window_results_load_view (self);
  _sw_window_run_check (self);
  _sw_window_update_actions (self);
  _sw_window_results_update_state (self);
  /* Live: an opened model shows its results at once. */
  _sw_window_live_model_changed (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODEL]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HISTORY]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
}

/* ---- Undo ---------------------------------------------------------------- */

static void
sw_window_undo (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  SwWindow *self = SW_WINDOW (widget);

  sw_history_undo (_sw_window_get_shown_history (self));
}

static void
sw_window_redo (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  SwWindow *self = SW_WINDOW (widget);

  sw_history_redo (_sw_window_get_shown_history (self));
}

/* ---- Layout ---------------------------------------------------------------- */

static void
results_paned_notify_max_position_cb (SwWindow *self)
{
  int max_position = 0;

  g_object_get (self->results_paned, "max-position", &max_position, NULL);
  if (max_position <= 0 || self->results_paned_applied)
    return;
  /* The canvas gets a little less than half, or what the results leave it
   * (their minimum height takes most of a small window); again at each
   * change of height until the divider is dragged: the first height the
   * paned knows is often not the window's yet, and the paned keeps the
   * share it was given. */
  gtk_paned_set_position (self->results_paned,
                          MIN (max_position, gtk_widget_get_height (GTK_WIDGET (self->results_paned)) * 9 / 20));
}

/* A press on the divider (below the canvas's pane, above the results'):
 * the user places it from now on. */
static void
results_paned_pressed_cb (GtkGestureClick *gesture,
                          int              n_press,
                          double           x,
                          double           y,
                          SwWindow        *self)
{
  GtkWidget *start = gtk_paned_get_start_child (self->results_paned);
  GtkWidget *end = gtk_paned_get_end_child (self->results_paned);
  graphene_rect_t a, b;

  if (start != NULL && end != NULL &&
      gtk_widget_compute_bounds (start, GTK_WIDGET (self->results_paned), &a) &&
      gtk_widget_compute_bounds (end, GTK_WIDGET (self->results_paned), &b) &&
      y >= a.origin.y + a.size.height - 1 && y <= b.origin.y + 1)
    self->results_paned_applied = TRUE;
}

static void
save_window_state (SwWindow *self)
{
  int width = 0, height = 0;

  if (self->settings == NULL)
    return;
  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  g_settings_delay (self->settings);
  if (!gtk_window_is_maximized (GTK_WINDOW (self)) && width > 0 && height > 0)
    {
      g_settings_set_int (self->settings, "window-width", MAX (width, 360));
      g_settings_set_int (self->settings, "window-height", MAX (height, 294));
    }
  g_settings_set_boolean (self->settings, "window-maximized",
                          gtk_window_is_maximized (GTK_WINDOW (self)));
  g_settings_apply (self->settings);
}

static void
restore_window_state (SwWindow *self)
{
  int inspector_width;

  if (self->settings == NULL)
    return;
  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
  /* The palette and the inspector are as wide as they were last left
   * (they fold away over the canvas when the window is narrower). */
  gtk_widget_set_size_request (GTK_WIDGET (self->palette),
                               CLAMP (g_settings_get_int (self->settings, "palette-width"), 160, 400),
                               -1);
  inspector_width = CLAMP (g_settings_get_int (self->settings, "inspector-width"), 280, 480);
  gtk_widget_set_size_request (GTK_WIDGET (self->inspector), inspector_width, -1);
  gtk_scrolled_window_set_max_content_width (self->inspector_scroller, -1);
  gtk_scrolled_window_set_min_content_width (self->inspector_scroller, inspector_width);
  gtk_scrolled_window_set_max_content_width (self->inspector_scroller, inspector_width);
}

/* ---- Signal handlers from the template ----------------------------------- */

static void
palette_kind_activated_cb (SwWindow   *self,
                           const char *kind_name)
{
  /* A library's subsystem: placed at once, in the view's centre. */
  if (g_str_has_prefix (kind_name, "subsystem:"))
    sw_canvas_place_subsystem_at_center (self->canvas, kind_name + strlen ("subsystem:"));
  else
    sw_canvas_begin_place (self->canvas, kind_name);
  gtk_widget_grab_focus (GTK_WIDGET (self->canvas));
}

/* Enter in the palette's search: the first match placed at once, and the
 * search emptied and kept in focus, so that the next part is typed afresh:
 * "engine", Enter, "inertia", Enter (a click back in the field kept
 * "engine" and typing made "engineinertia"; typing with the canvas in
 * focus rotated the engine with R and flipped it with F). */
static void
palette_place_kind_cb (SwWindow   *self,
                       const char *kind_name)
{
  if ((g_str_has_prefix (kind_name, "subsystem:")
         ? sw_canvas_place_subsystem_at_center (self->canvas, kind_name + strlen ("subsystem:"))
         : sw_canvas_place_kind_at_center (self->canvas, kind_name)) >= 0)
    {
      sw_palette_set_search_text (self->palette, "");
      sw_palette_focus_search (self->palette);
    }
}

static void
canvas_selection_changed_cb (SwWindow *self)
{
  /* Nothing to show once the window is being torn down. */
  if (self->canvas == NULL || self->inspector == NULL)
    return;
  sw_inspector_set_component (self->inspector, sw_canvas_get_selected_component (self->canvas));
  _sw_window_results_selection_changed (self);
  _sw_window_subsystems_update_actions (self);
}

/* ---- GObject ------------------------------------------------------------- */

static void
close_now (SwWindow *self,
           gpointer  data)
{
  self->close_confirmed = TRUE;
  gtk_window_close (GTK_WINDOW (self));
}

static gboolean
sw_window_close_request (GtkWindow *window)
{
  SwWindow *self = SW_WINDOW (window);

  if (!self->close_confirmed && sw_window_get_modified (self))
    {
      _sw_window_confirm_unsaved_then (self, close_now, NULL, NULL);
      return TRUE;
    }
  save_window_state (self);
  _sw_window_cancel_jobs (self);
  /* A clean close: nothing is left to recover. */
  _sw_window_remove_recovery (self);
  return GTK_WINDOW_CLASS (sw_window_parent_class)->close_request (window);
}

static void
sw_window_dispose (GObject *object)
{
  SwWindow *self = SW_WINDOW (object);

  _sw_window_cancel_jobs (self);
  g_clear_handle_id (&self->check_source, g_source_remove);
  g_clear_handle_id (&self->autosave_source, g_source_remove);
  g_clear_handle_id (&self->fold_source, g_source_remove);
  if (self->file_chooser != NULL)
    {
      gtk_native_dialog_destroy (self->file_chooser);
      g_clear_object (&self->file_chooser);
    }
  _sw_window_live_clear (self);
  disconnect_document (self);
  _sw_window_results_dispose (self);
  _sw_window_events_dispose (self);
  /* The template's children may emit while they are torn down (the
   * canvas its selection, as its model goes): nothing of this window
   * may run then. */
  if (self->canvas != NULL)
    g_signal_handlers_disconnect_by_data (self->canvas, self);
  if (self->palette != NULL)
    g_signal_handlers_disconnect_by_data (self->palette, self);
  if (self->plot_view != NULL)
    g_signal_handlers_disconnect_by_data (self->plot_view, self);
  if (self->variables_list != NULL)
    g_signal_handlers_disconnect_by_data (self->variables_list, self);
  if (self->campbell_view != NULL)
    g_signal_handlers_disconnect_by_data (self->campbell_view, self);
  if (self->results_stack != NULL)
    g_signal_handlers_disconnect_by_data (self->results_stack, self);

  /* A subsystem file being edited is saved while the window still is. */
  _sw_window_subsystems_dispose (self);
  _sw_window_library_dispose (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), SW_TYPE_WINDOW);
  _sw_window_modes_dispose (self);

  g_clear_object (&self->history);
  g_clear_object (&self->model);
  g_clear_object (&self->file);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (sw_window_parent_class)->dispose (object);
}

static void
sw_window_finalize (GObject *object)
{
  SwWindow *self = SW_WINDOW (object);

  g_free (self->title_text);
  g_free (self->recovery_path);
  g_clear_pointer (&self->check_problems, g_array_unref);
  g_free (self->run_error);
  g_free (self->study_outputs);
  g_free (self->run_disabled_reason);

  G_OBJECT_CLASS (sw_window_parent_class)->finalize (object);
}

static void
sw_window_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  SwWindow *self = SW_WINDOW (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      g_value_set_object (value, self->model);
      break;

    case PROP_HISTORY:
      g_value_set_object (value, self->history);
      break;

    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;

    case PROP_MODIFIED:
      g_value_set_boolean (value, sw_window_get_modified (self));
      break;

    case PROP_TITLE_TEXT:
      g_value_set_string (value, self->title_text);
      break;

    case PROP_RUNNING:
      g_value_set_boolean (value, sw_window_get_running (self));
      break;

    case PROP_N_PROBLEMS:
      g_value_set_uint (value, self->n_problems);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static gboolean
escape_cb (GtkWidget *widget,
           GVariant  *args,
           gpointer   data)
{
  SwWindow *self = SW_WINDOW (widget);

  if (self->run_cancellable == NULL && self->modes_cancellable == NULL)
    return FALSE;
  return gtk_widget_activate_action (widget, "win.stop", NULL);
}

static gboolean
toggle_flap (GtkWidget *widget,
             GVariant  *args,
             gpointer   data)
{
  SwWindow *self = SW_WINDOW (widget);
  AdwFlap *flap = g_str_equal (g_variant_get_string (args, NULL), "palette")
                  ? self->palette_flap : self->inspector_flap;

  adw_flap_set_reveal_flap (flap, !adw_flap_get_reveal_flap (flap));
  return TRUE;
}

/* Ctrl+F: the palette's search, the palette shown when it is folded away. */
static void
sw_window_find_component (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *param)
{
  SwWindow *self = SW_WINDOW (widget);

  if (!adw_flap_get_reveal_flap (self->palette_flap))
    adw_flap_set_reveal_flap (self->palette_flap, TRUE);
  sw_palette_focus_search (self->palette);
}

/* Narrower than this, the palette and the inspector fold over the canvas
 * (the header's buttons show them): at 800 px the canvas and the plot keep
 * the palette's 200 px. Their own minimums would fold the palette only
 * below about 520 px, and the inspector beside the canvas once the palette
 * folded. */
#define PALETTE_FOLD_WIDTH 960

static AdwFlapFoldPolicy
palette_fold_policy (int width)
{
  return width < PALETTE_FOLD_WIDTH ? ADW_FLAP_FOLD_POLICY_ALWAYS : ADW_FLAP_FOLD_POLICY_AUTO;
}

static gboolean
fold_palette_cb (gpointer data)
{
  SwWindow *self = data;
  AdwFlapFoldPolicy policy = palette_fold_policy (gtk_widget_get_width (GTK_WIDGET (self)));

  self->fold_source = 0;
  adw_flap_set_fold_policy (self->palette_flap, policy);
  adw_flap_set_fold_policy (self->inspector_flap, policy);
  return G_SOURCE_REMOVE;
}

static void
sw_window_size_allocate (GtkWidget *widget,
                         int        width,
                         int        height,
                         int        baseline)
{
  SwWindow *self = SW_WINDOW (widget);

  GTK_WIDGET_CLASS (sw_window_parent_class)->size_allocate (widget, width, height, baseline);
  /* Not while allocating: the flap's new policy lays the window out again. */
  if (self->palette_flap != NULL && self->fold_source == 0 &&
      adw_flap_get_fold_policy (self->palette_flap) != palette_fold_policy (width))
    {
      self->fold_source = g_idle_add (fold_palette_cb, self);
      g_source_set_name_by_id (self->fold_source, "[shaftwork] palette fold");
    }
}

static void
sw_window_class_init (SwWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = sw_window_dispose;
  object_class->finalize = sw_window_finalize;
  widget_class->size_allocate = sw_window_size_allocate;
  object_class->get_property = sw_window_get_property;
  window_class->close_request = sw_window_close_request;

  properties[PROP_MODEL] =
    g_param_spec_object ("model", NULL, NULL, SW_TYPE_MODEL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_HISTORY] =
    g_param_spec_object ("history", NULL, NULL, SW_TYPE_HISTORY,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_FILE] =
    g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_MODIFIED] =
    g_param_spec_boolean ("modified", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_TITLE_TEXT] =
    g_param_spec_string ("title-text", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_N_PROBLEMS] =
    g_param_spec_uint ("n-problems", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The resources live in a static library: referencing them keeps the
   * linker from dropping them (they register themselves at load time). */
  (void) shaftwork_get_resource ();

  g_type_ensure (SW_TYPE_CANVAS);
  g_type_ensure (SW_TYPE_PALETTE);
  g_type_ensure (SW_TYPE_INSPECTOR);
  g_type_ensure (SW_TYPE_PLOT_VIEW);
  g_type_ensure (SW_TYPE_VARIABLES_LIST);
  g_type_ensure (SW_TYPE_MODES_VIEW);
  g_type_ensure (SW_TYPE_FRF_VIEW);
  g_type_ensure (SW_TYPE_CAMPBELL_VIEW);
  g_type_ensure (SW_TYPE_FORCED_VIEW);
  g_type_ensure (SW_TYPE_STUDY_VIEW);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/shaftwork/Shaftwork/sw-window.ui");
  gtk_widget_class_bind_template_child (widget_class, SwWindow, header_bar);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, modified_mark);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, variables_flap);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, primary_menu_button);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, run_button);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, run_content);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, live_button);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, modes_button);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, problems_button);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, problems_image);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, problems_count);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, problems_popover);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, problems_status);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, problems_list);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, palette_flap);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, inspector_flap);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, inspector_scroller);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, results_paned);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, palette);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, canvas);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, breadcrumb_bar);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, inspector);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, run_status);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, error_revealer);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, error_label);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, results_stack);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, results_switcher);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, trajectories_stack);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, empty_status);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, variables_list);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, plot_view);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, events_paned);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, events_box);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, events_heading);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, events_starts);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, events_view);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, modes_page);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, modes_summary);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, modes_view);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, frf_view);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, campbell_view);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, forced_view);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, study_view);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, recent_section);
  gtk_widget_class_bind_template_callback (widget_class, palette_kind_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, palette_place_kind_cb);
  gtk_widget_class_bind_template_callback (widget_class, canvas_selection_changed_cb);

  _sw_window_class_files_init (widget_class);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, sw_window_undo);
  _sw_window_subsystems_class_init (widget_class);
  _sw_window_inside_class_init (widget_class);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, sw_window_redo);
  _sw_window_class_jobs_init (widget_class);
  _sw_window_class_problems_init (widget_class);
  _sw_window_class_results_init (widget_class);

  gtk_widget_class_install_action (widget_class, "win.find-component", NULL, sw_window_find_component);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, GDK_CONTROL_MASK, "win.find-component", NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_F9, 0, toggle_flap, "s", "palette");
  gtk_widget_class_add_binding (widget_class, GDK_KEY_F9, GDK_SHIFT_MASK, toggle_flap, "s", "inspector");
}

static void
sw_window_init (SwWindow *self)
{
  GtkIconTheme *icons = gtk_icon_theme_get_for_display (gdk_display_get_default ());

  /* The application adds its icons to the theme; a window made without
   * one (tests) finds them too. */
  if (!gtk_icon_theme_has_icon (icons, "sw-trajectories-symbolic"))
    gtk_icon_theme_add_resource_path (icons, "/io/github/shaftwork/Shaftwork/icons");

  gtk_widget_init_template (GTK_WIDGET (self));
  /* The Study page's own outputs: replaced from the modes until edited. */
  self->study_outputs = g_strdup (sw_study_view_get_outputs (self->study_view));

  self->settings = sw_settings_new ();
  restore_window_state (self);
  /* The preferences' units, in the inspector as they change. */
  if (self->settings != NULL)
    {
      g_settings_bind (self->settings, "speed-unit", self->inspector, "speed-unit", G_SETTINGS_BIND_GET);
      g_settings_bind (self->settings, "angle-unit", self->inspector, "angle-unit", G_SETTINGS_BIND_GET);
    }
  g_signal_connect_object (self->results_paned, "notify::max-position",
                           G_CALLBACK (results_paned_notify_max_position_cb), self,
                           G_CONNECT_SWAPPED);
  {
    GtkGesture *press = gtk_gesture_click_new ();

    gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (press), GTK_PHASE_CAPTURE);
    g_signal_connect_object (press, "pressed", G_CALLBACK (results_paned_pressed_cb), self, 0);
    gtk_widget_add_controller (GTK_WIDGET (self->results_paned), GTK_EVENT_CONTROLLER (press));
  }
  _sw_window_results_init (self);
  _sw_window_subsystems_init (self);
  _sw_window_events_init (self);
  _sw_window_modes_init (self);
  _sw_window_live_init (self);
  _sw_window_inside_init (self);
  {
    /* Escape stops a run before the canvas or the plot sees it (they use
     * it too), and only while one is under way. */
    GtkEventController *controller = gtk_shortcut_controller_new ();

    gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                          gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Escape, 0),
                                                            gtk_callback_action_new (escape_cb, NULL, NULL)));
    /* Alt+Up leaves a subsystem, before the canvas takes it. */
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                          gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Up, GDK_ALT_MASK),
                                                            gtk_callback_action_new (_sw_window_leave_key_cb,
                                                                                     NULL, NULL)));
    gtk_widget_add_controller (GTK_WIDGET (self), controller);
  }

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.no-recent", FALSE);
  g_signal_connect_object (gtk_recent_manager_get_default (), "changed",
                           G_CALLBACK (_sw_window_update_recent_menu), self, G_CONNECT_SWAPPED);
  if (self->settings != NULL)
    g_signal_connect_object (self->settings, "changed::recent-limit",
                             G_CALLBACK (_sw_window_update_recent_menu), self, G_CONNECT_SWAPPED);
  _sw_window_update_recent_menu (self);

  _sw_window_set_document (self, sw_model_new (), NULL, FALSE);
}

/* ---- Public API ---------------------------------------------------------- */

SwWindow *
sw_window_new (GtkApplication *application)
{
  g_return_val_if_fail (application == NULL || GTK_IS_APPLICATION (application), NULL);

  return g_object_new (SW_TYPE_WINDOW, "application", application, NULL);
}

SwModel *
sw_window_get_model (SwWindow *self)
{
  g_return_val_if_fail (SW_IS_WINDOW (self), NULL);

  return self->model;
}

SwHistory *
sw_window_get_history (SwWindow *self)
{
  g_return_val_if_fail (SW_IS_WINDOW (self), NULL);

  return self->history;
}

GFile *
sw_window_get_file (SwWindow *self)
{
  g_return_val_if_fail (SW_IS_WINDOW (self), NULL);

  return self->file;
}

gboolean
sw_window_get_modified (SwWindow *self)
{
  g_return_val_if_fail (SW_IS_WINDOW (self), FALSE);

  return (self->history != NULL && sw_history_get_modified (self->history)) || _sw_window_inside_files_modified (self);
}

const char *
sw_window_get_title_text (SwWindow *self)
{
  g_return_val_if_fail (SW_IS_WINDOW (self), NULL);

  return self->title_text;
}

gboolean
sw_window_get_running (SwWindow *self)
{
  g_return_val_if_fail (SW_IS_WINDOW (self), FALSE);

  return self->run_cancellable != NULL || self->modes_cancellable != NULL;
}

guint
sw_window_get_n_problems (SwWindow *self)
{
  g_return_val_if_fail (SW_IS_WINDOW (self), 0);

  return self->n_problems;
}

SwTrajectory *
sw_window_get_trajectory (SwWindow *self)
{
  g_return_val_if_fail (SW_IS_WINDOW (self), NULL);

  return self->trajectory;
}

/* Untitled, unchanged and empty: nothing would be lost by replacing it. */
gboolean
_sw_window_document_is_empty (SwWindow *self)
{
  return self->file == NULL && !self->is_example && !sw_window_get_modified (self) &&
         sw_model_get_n_components (self->model) == 0;
}

gboolean
sw_window_is_pristine (SwWindow *self)
{
  g_return_val_if_fail (SW_IS_WINDOW (self), FALSE);

  return self->n_recovery_offers == 0 && _sw_window_document_is_empty (self);
}

GtkWidget *
sw_window_get_plot_view (SwWindow *self)
{
  g_return_val_if_fail (SW_IS_WINDOW (self), NULL);

  return GTK_WIDGET (self->plot_view);
}

gboolean
sw_window_get_live (SwWindow *self)
{
  g_return_val_if_fail (SW_IS_WINDOW (self), FALSE);

  return gtk_toggle_button_get_active (self->live_button);
}

void
sw_window_set_live (SwWindow *self,
                    gboolean  live)
{
  g_return_if_fail (SW_IS_WINDOW (self));

  gtk_toggle_button_set_active (self->live_button, live);
}

SwModes *
sw_window_get_modes (SwWindow *self)
{
  g_return_val_if_fail (SW_IS_WINDOW (self), NULL);

  return self->modes;
}

const char *
sw_window_get_run_error (SwWindow *self)
{
  g_return_val_if_fail (SW_IS_WINDOW (self), NULL);

  return self->run_error;
}

guint
sw_window_get_n_hints (SwWindow *self)
{
  g_return_val_if_fail (SW_IS_WINDOW (self), 0);

  return self->n_hints;
}

guint
sw_window_get_n_runs (SwWindow *self)
{
  g_return_val_if_fail (SW_IS_WINDOW (self), 0);

  return self->n_runs;
}
