/* sw-window.c: the document window.
 *
 * The window owns the document (SwModel) and its history (SwHistory) and
 * hands them to the canvas and the inspector. It checks the model after
 * each change (debounced), runs simulations and modal analyses in GTask
 * workers on an immutable snapshot (SwSystem), keeps recovery copies while
 * there are unsaved changes, and asks before unsaved changes are lost.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-window.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "sw-canvas.h"
#include "sw-error.h"
#include "sw-inspector.h"
#include "sw-modes.h"
#include "sw-palette.h"
#include "sw-recovery.h"
#include "sw-settings.h"
#include "sw-simulate.h"
#include "sw-system.h"
#include "shaftwork-resources.h"

#define CHECK_DELAY_MS       300
#define PROGRESS_INTERVAL_US (50 * 1000)
#define MAX_PROBLEM_ROWS     8
#define RESOURCE_EXAMPLES    "/io/github/shaftwork/Shaftwork/examples/"

struct _SwWindow
{
  AdwApplicationWindow  parent_instance;

  /* Template widgets */
  AdwHeaderBar         *header_bar;
  GtkLabel             *modified_mark;
  AdwWindowTitle       *window_title;
  GtkMenuButton        *primary_menu_button;
  GtkButton            *run_button;
  GtkButton            *modes_button;
  GtkMenuButton        *problems_button;
  GtkImage             *problems_image;
  GtkLabel             *problems_count;
  GtkPopover           *problems_popover;
  GtkLabel             *problems_status;
  GtkListBox           *problems_list;
  AdwToastOverlay      *toast_overlay;
  GtkPaned             *outer_paned;
  GtkPaned             *inner_paned;
  SwPalette            *palette;
  SwCanvas             *canvas;
  SwInspector          *inspector;
  GtkProgressBar       *progress_bar;
  GMenu                *recent_section;

  GSettings            *settings;   /* NULL when the schema is missing */

  /* The document */
  SwModel              *model;
  SwHistory            *history;
  GFile                *file;       /* NULL: untitled */
  gboolean              is_example;
  char                 *title_text;
  gulong                model_changed_id;
  gulong                model_name_id;
  gulong                modified_id;
  gulong                can_undo_id;
  gulong                can_redo_id;

  /* The check */
  guint                 check_source;
  guint                 n_problems;
  gboolean              check_ok;

  /* Jobs: the current one's cancellable; a finished or stale job whose
   * cancellable is not this one is ignored. */
  GCancellable         *run_cancellable;
  GCancellable         *modes_cancellable;
  SwTrajectory         *trajectory;

  /* Recovery copies */
  guint                 autosave_source;
  char                 *recovery_path;

  GtkNativeDialog      *file_chooser;
  gboolean              close_confirmed;
  gboolean              inspector_width_applied;
};

G_DEFINE_FINAL_TYPE (SwWindow, sw_window, ADW_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_MODEL,
  PROP_HISTORY,
  PROP_FILE,
  PROP_MODIFIED,
  PROP_TITLE_TEXT,
  PROP_RUNNING,
  PROP_N_PROBLEMS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void schedule_check (SwWindow *self);
static void run_check (SwWindow *self);
static void update_actions (SwWindow *self);
static void update_title (SwWindow *self);
static void update_recent_menu (SwWindow *self);

/* ---- Small helpers ------------------------------------------------------- */

static void
show_toast (SwWindow   *self,
            const char *text)
{
  AdwToast *toast = adw_toast_new (text);

  adw_toast_set_timeout (toast, 4);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static void
show_error_dialog (SwWindow   *self,
                   const char *heading,
                   const char *body)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, NULL);
  GtkWidget *label = gtk_label_new (body);

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

static char *
file_get_display_name (GFile *file)
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

static void
add_to_recent (GFile *file)
{
  g_autofree char *uri = g_file_get_uri (file);

  gtk_recent_manager_add_item (gtk_recent_manager_get_default (), uri);
}

/* ---- Recovery copies ------------------------------------------------------ */

static void
remove_recovery (SwWindow *self)
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
      remove_recovery (self);
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

static void
update_autosave (SwWindow *self)
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
    remove_recovery (self);
}

/* ---- Jobs ---------------------------------------------------------------- */

typedef struct {
  GWeakRef           window;
  GCancellable      *cancellable;
  GMainContext      *context;
  SwSystem          *system;
  SwSimulateOptions  options;
  gint64             last_progress_us;  /* worker only */
  double             elapsed_s;         /* written by the worker before it returns */
} Job;

static void
job_clear (gpointer data)
{
  Job *job = data;

  g_weak_ref_clear (&job->window);
  g_clear_object (&job->cancellable);
  g_clear_pointer (&job->context, g_main_context_unref);
  g_clear_pointer (&job->system, sw_system_unref);
}

static Job *
job_new (SwWindow     *self,
         SwSystem     *system,
         GCancellable *cancellable)
{
  Job *job = g_atomic_rc_box_new0 (Job);

  g_weak_ref_init (&job->window, self);
  job->cancellable = g_object_ref (cancellable);
  job->context = g_main_context_ref_thread_default ();
  job->system = sw_system_ref (system);
  job->options = sw_simulate_options_from_system (system);
  return job;
}

static Job *
job_ref (Job *job)
{
  return g_atomic_rc_box_acquire (job);
}

static void
job_unref (gpointer job)
{
  g_atomic_rc_box_release_full (job, job_clear);
}

static void
set_running_changed (SwWindow *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), self->run_cancellable != NULL);
  if (self->run_cancellable != NULL)
    gtk_progress_bar_set_fraction (self->progress_bar, 0);
  gtk_widget_set_sensitive (GTK_WIDGET (self->modes_button), self->modes_cancellable == NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

static void
cancel_jobs (SwWindow *self)
{
  gboolean had_jobs = self->run_cancellable != NULL || self->modes_cancellable != NULL;

  if (self->run_cancellable != NULL)
    g_cancellable_cancel (self->run_cancellable);
  if (self->modes_cancellable != NULL)
    g_cancellable_cancel (self->modes_cancellable);
  g_clear_object (&self->run_cancellable);
  g_clear_object (&self->modes_cancellable);
  if (had_jobs && !gtk_widget_in_destruction (GTK_WIDGET (self)))
    set_running_changed (self);
}

/* Simulation */

typedef struct {
  Job    *job;
  double  fraction;
} Progress;

static gboolean
progress_apply (gpointer data)
{
  Progress *progress = data;
  g_autoptr(SwWindow) self = g_weak_ref_get (&progress->job->window);

  if (self != NULL && progress->job->cancellable == self->run_cancellable)
    gtk_progress_bar_set_fraction (self->progress_bar, progress->fraction);
  return G_SOURCE_REMOVE;
}

static void
progress_free (gpointer data)
{
  Progress *progress = data;

  job_unref (progress->job);
  g_free (progress);
}

/* In the worker: hand the progress to the main context, at most every 50 ms. */
static void
run_progress (double   t,
              double   stop_time_s,
              gpointer data)
{
  Job *job = data;
  gint64 now = g_get_monotonic_time ();
  Progress *progress;

  if (now - job->last_progress_us < PROGRESS_INTERVAL_US)
    return;
  job->last_progress_us = now;
  progress = g_new (Progress, 1);
  progress->job = job_ref (job);
  progress->fraction = stop_time_s > 0 ? CLAMP (t / stop_time_s, 0.0, 1.0) : 0.0;
  g_main_context_invoke_full (job->context, G_PRIORITY_DEFAULT, progress_apply, progress,
                              progress_free);
}

static void
run_worker (GTask        *task,
            gpointer      source_object,
            gpointer      task_data,
            GCancellable *cancellable)
{
  Job *job = task_data;
  GError *error = NULL;
  gint64 start = g_get_monotonic_time ();
  SwTrajectory *trajectory;

  job->last_progress_us = start;
  trajectory = sw_simulate (job->system, &job->options, run_progress, job, cancellable, &error);
  job->elapsed_s = (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;
  if (trajectory == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, trajectory, (GDestroyNotify) sw_trajectory_unref);
}

static void
run_done (GObject      *source_object,
          GAsyncResult *result,
          gpointer      data)
{
  Job *job = data;
  g_autoptr(SwWindow) self = g_weak_ref_get (&job->window);
  g_autoptr(GError) error = NULL;
  g_autoptr(SwTrajectory) trajectory = g_task_propagate_pointer (G_TASK (result), &error);

  /* A result is applied only when its window is alive and its job is
   * still the current one. */
  if (self == NULL || job->cancellable != self->run_cancellable)
    {
      job_unref (job);
      return;
    }

  g_clear_object (&self->run_cancellable);
  set_running_changed (self);

  if (trajectory == NULL)
    {
      if (!g_cancellable_is_cancelled (job->cancellable))
        show_error_dialog (self, _("Simulation Failed"), error->message);
    }
  else
    {
      guint n_rows = sw_trajectory_get_n_rows (trajectory);
      g_autofree char *text = NULL;

      g_clear_pointer (&self->trajectory, sw_trajectory_unref);
      self->trajectory = g_steal_pointer (&trajectory);
      text = g_strdup_printf (ngettext ("Simulated %u row in %.2f s",
                                        "Simulated %u rows in %.2f s", n_rows),
                              n_rows, job->elapsed_s);
      show_toast (self, text);
    }
  job_unref (job);
}

/* The snapshot is taken here, on the main thread; NULL after showing why
 * there is none. */
static SwSystem *
assemble_for_job (SwWindow   *self,
                  const char *heading)
{
  g_autoptr(GError) error = NULL;
  SwSystem *system;

  if (sw_model_get_n_components (self->model) == 0)
    {
      show_toast (self, _("The model is empty: add components from the palette first"));
      return NULL;
    }
  system = sw_model_assemble (self->model, &error);
  if (system == NULL)
    {
      run_check (self);
      show_error_dialog (self, heading, error->message);
    }
  return system;
}

static void
sw_window_run_simulation (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *param)
{
  SwWindow *self = SW_WINDOW (widget);
  g_autoptr(SwSystem) system = NULL;
  g_autoptr(GTask) task = NULL;
  Job *job;

  system = assemble_for_job (self, _("Cannot Simulate the Model"));
  if (system == NULL)
    return;

  /* A new run cancels the previous one. */
  if (self->run_cancellable != NULL)
    g_cancellable_cancel (self->run_cancellable);
  g_clear_object (&self->run_cancellable);
  self->run_cancellable = g_cancellable_new ();

  job = job_new (self, system, self->run_cancellable);
  task = g_task_new (NULL, self->run_cancellable, run_done, job_ref (job));
  g_task_set_source_tag (task, sw_window_run_simulation);
  g_task_set_name (task, "[shaftwork] simulate");
  g_task_set_task_data (task, job, job_unref);
  g_task_run_in_thread (task, run_worker);
  set_running_changed (self);
}

/* Modal analysis */

static void
modes_worker (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  Job *job = task_data;
  GError *error = NULL;
  SwModes *modes = sw_modes_compute (job->system, 0.0, NULL, &error);

  if (modes == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, modes, (GDestroyNotify) sw_modes_unref);
}

static GtkWidget *
grid_label (const char *text,
            float       xalign,
            const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

static void
show_modes_window (SwWindow *self,
                   SwModes  *modes)
{
  GtkWidget *dialog = adw_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *title = adw_window_title_new (_("Natural Frequencies"), self->title_text);
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkWidget *content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *grid = gtk_grid_new ();
  GtkEventController *escape;
  guint n_modes = sw_modes_get_n_modes (modes);
  g_autofree char *summary = NULL;
  const char *headings[] = {
    N_("Mode"), N_("Frequency"), N_("Damped frequency"), N_("Damping ratio"),
    N_("Most excitable section"),
  };

  gtk_window_set_title (GTK_WINDOW (dialog), _("Natural Frequencies"));
  gtk_window_set_modal (GTK_WINDOW (dialog), TRUE);
  gtk_window_set_transient_for (GTK_WINDOW (dialog), GTK_WINDOW (self));
  gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
  gtk_window_set_default_size (GTK_WINDOW (dialog), -1, 440);
  escape = gtk_shortcut_controller_new ();
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (escape),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Escape, 0),
                                                          gtk_named_action_new ("window.close")));
  gtk_widget_add_controller (dialog, escape);

  adw_header_bar_set_title_widget (ADW_HEADER_BAR (header), title);
  gtk_box_append (GTK_BOX (box), header);

  summary = g_strdup_printf (ngettext ("%u mode, linearised at the initial state (t = %g s).",
                                       "%u modes, linearised at the initial state (t = %g s).",
                                       n_modes),
                             n_modes, sw_modes_get_time (modes));
  gtk_box_append (GTK_BOX (content), grid_label (summary, 0, "dim-label"));

  gtk_grid_set_column_spacing (GTK_GRID (grid), 24);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  for (guint c = 0; c < G_N_ELEMENTS (headings); c++)
    gtk_grid_attach (GTK_GRID (grid), grid_label (_(headings[c]), c == 0 || c == 4 ? 0 : 1,
                                                  "heading"), (int) c, 0, 1, 1);
  for (guint i = 0; i < n_modes; i++)
    {
      const SwMode *mode = sw_modes_get_mode (modes, i);
      g_autofree char *index = g_strdup_printf ("%u", i + 1);
      g_autofree char *frequency = NULL;
      g_autofree char *damped = NULL;
      g_autofree char *ratio = NULL;
      const char *section = "—";
      int row = (int) i + 1;

      if (mode->rigid_body)
        frequency = g_strdup (_("rigid body"));
      else
        frequency = g_strdup_printf (_("%.4g Hz"), mode->frequency_hz);
      if (mode->has_damped && mode->damped_frequency_hz > 0)
        damped = g_strdup_printf (_("%.4g Hz"), mode->damped_frequency_hz);
      else
        damped = g_strdup ("—");
      if (mode->has_damped && !isnan (mode->damping_ratio))
        ratio = g_strdup_printf ("%.3g", mode->damping_ratio);
      else
        ratio = g_strdup ("—");
      if (mode->most_excitable_section >= 0)
        section = sw_modes_get_section_part (modes, (guint) mode->most_excitable_section)->id;

      gtk_grid_attach (GTK_GRID (grid), grid_label (index, 0, "numeric"), 0, row, 1, 1);
      gtk_grid_attach (GTK_GRID (grid), grid_label (frequency, 1, "numeric"), 1, row, 1, 1);
      gtk_grid_attach (GTK_GRID (grid), grid_label (damped, 1, "numeric"), 2, row, 1, 1);
      gtk_grid_attach (GTK_GRID (grid), grid_label (ratio, 1, "numeric"), 3, row, 1, 1);
      gtk_grid_attach (GTK_GRID (grid), grid_label (section, 0, NULL), 4, row, 1, 1);
    }
  gtk_box_append (GTK_BOX (content), grid);

  gtk_widget_set_margin_top (content, 18);
  gtk_widget_set_margin_bottom (content, 18);
  gtk_widget_set_margin_start (content, 18);
  gtk_widget_set_margin_end (content, 18);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), content);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (scroller, TRUE);
  gtk_box_append (GTK_BOX (box), scroller);
  adw_window_set_content (ADW_WINDOW (dialog), box);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
modes_done (GObject      *source_object,
            GAsyncResult *result,
            gpointer      data)
{
  Job *job = data;
  g_autoptr(SwWindow) self = g_weak_ref_get (&job->window);
  g_autoptr(GError) error = NULL;
  g_autoptr(SwModes) modes = g_task_propagate_pointer (G_TASK (result), &error);

  if (self == NULL || job->cancellable != self->modes_cancellable)
    {
      job_unref (job);
      return;
    }

  g_clear_object (&self->modes_cancellable);
  set_running_changed (self);
  if (modes == NULL)
    {
      if (!g_cancellable_is_cancelled (job->cancellable))
        show_error_dialog (self, _("Modal Analysis Failed"), error->message);
    }
  else
    show_modes_window (self, modes);
  job_unref (job);
}

static void
sw_window_modal_analysis (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *param)
{
  SwWindow *self = SW_WINDOW (widget);
  g_autoptr(SwSystem) system = NULL;
  g_autoptr(GTask) task = NULL;
  Job *job;

  system = assemble_for_job (self, _("Cannot Analyse the Model"));
  if (system == NULL)
    return;

  if (self->modes_cancellable != NULL)
    g_cancellable_cancel (self->modes_cancellable);
  g_clear_object (&self->modes_cancellable);
  self->modes_cancellable = g_cancellable_new ();

  job = job_new (self, system, self->modes_cancellable);
  task = g_task_new (NULL, self->modes_cancellable, modes_done, job_ref (job));
  g_task_set_source_tag (task, sw_window_modal_analysis);
  g_task_set_name (task, "[shaftwork] modes");
  g_task_set_task_data (task, job, job_unref);
  g_task_run_in_thread (task, modes_worker);
  set_running_changed (self);
}

/* ---- Problems ---------------------------------------------------------- */

typedef struct {
  int   component;    /* -1: not tied to one component */
  char *location;     /* "first.shaft:12:5" */
  char *message;
} Problem;

static void
problem_clear (gpointer data)
{
  Problem *problem = data;

  g_free (problem->location);
  g_free (problem->message);
}

static gboolean
is_id_char (char c)
{
  return g_ascii_isalnum (c) || c == '_';
}

/* "first.shaft:12:5" -> 12, 5 */
static gboolean
parse_line_column (const char *location,
                   guint64    *line,
                   guint64    *column)
{
  const char *last = strrchr (location, ':');
  const char *before;
  g_autofree char *line_text = NULL;

  if (last == NULL || last == location)
    return FALSE;
  for (before = last - 1; before > location && *before != ':'; before--)
    ;
  if (*before != ':')
    return FALSE;
  line_text = g_strndup (before + 1, (gsize) (last - before - 1));
  return g_ascii_string_to_unsigned (line_text, 10, 1, G_MAXUINT, line, NULL) &&
         g_ascii_string_to_unsigned (last + 1, 10, 1, G_MAXUINT, column, NULL);
}

/* The component an error line is about: by the line and column of the
 * location, else the component whose id appears first as a whole word. */
static int
find_problem_component (SwModel    *model,
                        const char *location,
                        const char *message)
{
  guint n = sw_model_get_n_components (model);
  guint64 line = 0, column = 0;
  int best = -1;
  const char *best_at = NULL;
  gsize best_len = 0;

  if (parse_line_column (location, &line, &column))
    for (guint i = 0; i < n; i++)
      {
        const SwComponent *c = sw_model_get_component (model, i);

        if (c->line == line && c->column == column)
          return (int) i;
      }

  for (guint i = 0; i < n; i++)
    {
      const char *id = sw_model_get_component (model, i)->id;
      gsize len = strlen (id);

      for (const char *at = strstr (message, id); at != NULL; at = strstr (at + 1, id))
        if ((at == message || !is_id_char (at[-1])) && !is_id_char (at[len]))
          {
            if (best_at == NULL || at < best_at || (at == best_at && len > best_len))
              {
                best = (int) i;
                best_at = at;
                best_len = len;
              }
            break;
          }
    }
  return best;
}

static GArray *
parse_problems (SwModel    *model,
                const char *text)
{
  GArray *problems = g_array_new (FALSE, TRUE, sizeof (Problem));
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);

  g_array_set_clear_func (problems, problem_clear);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = lines[i];
      const char *mark = strstr (line, "error: ");
      Problem problem = { -1, NULL, NULL };

      if (*line == '\0')
        continue;
      if (mark != NULL)
        {
          const char *end = mark;

          while (end > line && (end[-1] == ' ' || end[-1] == ':'))
            end--;
          problem.location = g_strndup (line, (gsize) (end - line));
          problem.message = g_strdup (mark + strlen ("error: "));
        }
      else
        {
          problem.location = g_strdup ("");
          problem.message = g_strdup (line);
        }
      problem.component = find_problem_component (model, problem.location, problem.message);
      g_array_append_val (problems, problem);
    }
  return problems;
}

static void
problems_row_activated_cb (SwWindow      *self,
                           GtkListBoxRow *row)
{
  int component = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (row), "component")) - 1;

  if (component < 0)
    return;
  gtk_popover_popdown (self->problems_popover);
  sw_canvas_select_component (self->canvas, component);
  gtk_widget_grab_focus (GTK_WIDGET (self->canvas));
}

/* A row of the problems list: the message wraps at about 60 characters,
 * the location below it. */
static GtkWidget *
problem_row_new (const char *icon_name,
                 const char *message,
                 const char *location)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *texts = gtk_box_new (GTK_ORIENTATION_VERTICAL, 3);
  GtkWidget *label = gtk_label_new (message);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 60);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_box_append (GTK_BOX (texts), label);
  if (location != NULL && *location != '\0')
    {
      GtkWidget *where = gtk_label_new (location);

      gtk_label_set_xalign (GTK_LABEL (where), 0);
      gtk_label_set_ellipsize (GTK_LABEL (where), PANGO_ELLIPSIZE_MIDDLE);
      gtk_widget_add_css_class (where, "dim-label");
      gtk_widget_add_css_class (where, "caption");
      gtk_box_append (GTK_BOX (texts), where);
    }
  if (icon_name != NULL)
    {
      GtkWidget *icon = gtk_image_new_from_icon_name (icon_name);

      gtk_widget_set_valign (icon, GTK_ALIGN_START);
      gtk_widget_add_css_class (icon, "warning");
      gtk_box_append (GTK_BOX (box), icon);
    }
  gtk_widget_set_hexpand (texts, TRUE);
  gtk_box_append (GTK_BOX (box), texts);
  gtk_widget_set_margin_top (box, 9);
  gtk_widget_set_margin_bottom (box, 9);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  return row;
}

static void
set_problems (SwWindow *self,
              GArray   *problems)
{
  g_autofree int *components = NULL;
  g_autofree const char **messages = NULL;
  guint n_marked = 0;
  GtkWidget *child;
  guint n = problems != NULL ? problems->len : 0;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->problems_list))) != NULL)
    gtk_list_box_remove (self->problems_list, child);

  components = g_new0 (int, n + 1);
  messages = g_new0 (const char *, n + 1);
  for (guint i = 0; i < n; i++)
    {
      Problem *problem = &g_array_index (problems, Problem, i);
      GtkWidget *row;
      g_autofree char *subtitle = NULL;

      if (i == MAX_PROBLEM_ROWS)
        {
          g_autofree char *more = g_strdup_printf (ngettext ("and %u more problem",
                                                             "and %u more problems",
                                                             n - MAX_PROBLEM_ROWS),
                                                   n - MAX_PROBLEM_ROWS);

          row = problem_row_new (NULL, more, NULL);
          gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
          gtk_list_box_append (self->problems_list, row);
        }
      if (i >= MAX_PROBLEM_ROWS)
        {
          if (problem->component >= 0)
            {
              components[n_marked] = problem->component;
              messages[n_marked] = problem->message;
              n_marked++;
            }
          continue;
        }
      if (problem->component >= 0)
        {
          const char *id = sw_model_get_component (self->model, (guint) problem->component)->id;

          /* Translators: a problem's location: the file position, then the component id */
          subtitle = *problem->location != '\0'
                     ? g_strdup_printf (_("%s — component %s"), problem->location, id)
                     : g_strdup_printf (_("Component %s"), id);
          components[n_marked] = problem->component;
          messages[n_marked] = problem->message;
          n_marked++;
        }
      else
        subtitle = g_strdup (problem->location);
      row = problem_row_new ("dialog-warning-symbolic", problem->message, subtitle);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), problem->component >= 0);
      g_object_set_data (G_OBJECT (row), "component", GINT_TO_POINTER (problem->component + 1));
      gtk_list_box_append (self->problems_list, row);
    }

  sw_canvas_set_problems (self->canvas, n_marked > 0 ? components : NULL,
                          n_marked > 0 ? messages : NULL, n_marked);

  gtk_widget_set_visible (GTK_WIDGET (self->problems_list), n > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->problems_count), n > 0);
  if (n > 0)
    {
      g_autofree char *count = g_strdup_printf ("%u", n);
      g_autofree char *tooltip = g_strdup_printf (ngettext ("%u problem (F8)", "%u problems (F8)", n), n);

      gtk_label_set_label (self->problems_count, count);
      gtk_image_set_from_icon_name (self->problems_image, "dialog-warning-symbolic");
      gtk_widget_add_css_class (GTK_WIDGET (self->problems_button), "warning");
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->problems_button), tooltip);
      gtk_widget_set_visible (GTK_WIDGET (self->problems_status), FALSE);
    }
  else
    {
      gtk_image_set_from_icon_name (self->problems_image, "emblem-ok-symbolic");
      gtk_widget_remove_css_class (GTK_WIDGET (self->problems_button), "warning");
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->problems_button), _("No Problems (F8)"));
      gtk_label_set_label (self->problems_status,
                           sw_model_get_n_components (self->model) == 0
                           ? _("The model is empty. Add components from the palette.")
                           : _("The model checks out: no problems found."));
      gtk_widget_set_visible (GTK_WIDGET (self->problems_status), TRUE);
    }

  if (self->n_problems != n)
    {
      self->n_problems = n;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_PROBLEMS]);
    }
}

static void
run_check (SwWindow *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SwSystem) system = NULL;
  g_autoptr(GArray) problems = NULL;

  g_clear_handle_id (&self->check_source, g_source_remove);
  if (self->model == NULL)
    return;

  if (sw_model_get_n_components (self->model) > 0)
    {
      system = sw_model_assemble (self->model, &error);
      if (system == NULL)
        problems = parse_problems (self->model, error->message);
    }
  self->check_ok = system != NULL;
  set_problems (self, problems);
  update_actions (self);
}

static gboolean
check_timeout_cb (gpointer data)
{
  SwWindow *self = data;

  self->check_source = 0;
  run_check (self);
  return G_SOURCE_REMOVE;
}

static void
schedule_check (SwWindow *self)
{
  g_clear_handle_id (&self->check_source, g_source_remove);
  self->check_source = g_timeout_add (CHECK_DELAY_MS, check_timeout_cb, self);
  g_source_set_name_by_id (self->check_source, "[shaftwork] check");
}

void
sw_window_check_now (SwWindow *self)
{
  g_return_if_fail (SW_IS_WINDOW (self));

  run_check (self);
}

/* ---- The document -------------------------------------------------------- */

static void
update_actions (SwWindow *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  gboolean modified = sw_window_get_modified (self);

  gtk_widget_action_set_enabled (widget, "win.undo",
                                 self->history != NULL && sw_history_get_can_undo (self->history));
  gtk_widget_action_set_enabled (widget, "win.redo",
                                 self->history != NULL && sw_history_get_can_redo (self->history));
  gtk_widget_action_set_enabled (widget, "win.save", modified || self->file == NULL);
  gtk_widget_action_set_enabled (widget, "win.run-simulation", self->check_ok);
  gtk_widget_action_set_enabled (widget, "win.modal-analysis", self->check_ok);
}

static void
update_title (SwWindow *self)
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
      g_autofree char *display = file_get_display_name (self->file);

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
  schedule_check (self);
}

static void
model_notify_name_cb (SwWindow *self)
{
  update_title (self);
}

static void
history_notify_modified_cb (SwWindow *self)
{
  update_title (self);
  update_actions (self);
  update_autosave (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
}

static void
history_notify_can_cb (SwWindow *self)
{
  update_actions (self);
}

static void
disconnect_document (SwWindow *self)
{
  if (self->model != NULL)
    {
      g_clear_signal_handler (&self->model_changed_id, self->model);
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
static void
set_document (SwWindow *self,
              SwModel  *model,
              GFile    *file,
              gboolean  is_example)
{
  g_autoptr(SwModel) old_model = NULL;
  g_autoptr(SwHistory) old_history = NULL;

  g_assert (SW_IS_MODEL (model));

  /* Whatever ran on the old document no longer applies. */
  cancel_jobs (self);
  g_clear_pointer (&self->trajectory, sw_trajectory_unref);
  g_clear_handle_id (&self->check_source, g_source_remove);
  remove_recovery (self);
  disconnect_document (self);

  old_model = g_steal_pointer (&self->model);
  old_history = g_steal_pointer (&self->history);
  self->model = model;
  self->history = sw_history_new (model);
  g_set_object (&self->file, file);
  self->is_example = is_example;

  self->model_changed_id = g_signal_connect_swapped (model, "changed",
                                                     G_CALLBACK (model_changed_cb), self);
  self->model_name_id = g_signal_connect_swapped (model, "notify::name",
                                                  G_CALLBACK (model_notify_name_cb), self);
  self->modified_id = g_signal_connect_swapped (self->history, "notify::modified",
                                                G_CALLBACK (history_notify_modified_cb), self);
  self->can_undo_id = g_signal_connect_swapped (self->history, "notify::can-undo",
                                                G_CALLBACK (history_notify_can_cb), self);
  self->can_redo_id = g_signal_connect_swapped (self->history, "notify::can-redo",
                                                G_CALLBACK (history_notify_can_cb), self);

  sw_inspector_set_component (self->inspector, -1);
  sw_inspector_set_model (self->inspector, model);
  sw_canvas_set_history (self->canvas, self->history);
  sw_canvas_set_model (self->canvas, model);

  update_title (self);
  run_check (self);
  update_actions (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODEL]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HISTORY]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
}

static SwModel *
read_model (GFile   *file,
            GError **error)
{
  g_autofree char *data = NULL;
  g_autofree char *display = file_get_display_name (file);
  gsize length = 0;

  if (!g_file_load_contents (file, NULL, &data, &length, NULL, error))
    return NULL;
  return sw_model_new_from_data (data, (gssize) length, display, error);
}

gboolean
sw_window_load_file (SwWindow  *self,
                     GFile     *file,
                     GError   **error)
{
  SwModel *model;

  g_return_val_if_fail (SW_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  model = read_model (file, error);
  if (model == NULL)
    return FALSE;
  set_document (self, model, file, FALSE);
  add_to_recent (file);
  return TRUE;
}

gboolean
sw_window_load_example (SwWindow    *self,
                        const char  *name,
                        GError     **error)
{
  g_autofree char *path = NULL;
  g_autofree char *display = NULL;
  g_autoptr(GBytes) bytes = NULL;
  SwModel *model;

  g_return_val_if_fail (SW_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  path = g_strconcat (RESOURCE_EXAMPLES, name, ".shaft", NULL);
  bytes = g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, error);
  if (bytes == NULL)
    return FALSE;
  display = g_strconcat (name, ".shaft", NULL);
  model = sw_model_new_from_data (g_bytes_get_data (bytes, NULL), (gssize) g_bytes_get_size (bytes),
                                  display, error);
  if (model == NULL)
    return FALSE;
  set_document (self, model, NULL, TRUE);
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
  if (!sw_model_save_to_file (self->model, path, error))
    return FALSE;

  display = file_get_display_name (file);
  sw_model_set_display_name (self->model, display);
  if (self->file == NULL || !g_file_equal (self->file, file))
    {
      g_set_object (&self->file, file);
      self->is_example = FALSE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
    }
  sw_history_mark_saved (self->history);
  remove_recovery (self);
  add_to_recent (file);
  update_title (self);
  update_actions (self);
  return TRUE;
}

/* ---- Asking before unsaved changes are lost ------------------------------ */

typedef void (*ProceedFunc) (SwWindow *self,
                             gpointer  data);

typedef struct {
  ProceedFunc    func;
  gpointer       data;
  GDestroyNotify destroy;
} Pending;

static Pending *
pending_new (ProceedFunc    func,
             gpointer       data,
             GDestroyNotify destroy)
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

  gtk_file_filter_set_name (filter, _("Shaftwork Models"));
  gtk_file_filter_add_pattern (filter, "*.shaft");
  gtk_file_filter_add_mime_type (filter, "application/x-shaftwork");
  return filter;
}

static void
save_as_response_cb (GtkNativeDialog *chooser,
                     int              response,
                     SwWindow        *self)
{
  Pending *pending = g_object_get_data (G_OBJECT (chooser), "pending");

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *basename = g_file_get_basename (file);
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

      if (sw_window_save_to_file (self, file, &error))
        pending_run (self, pending);
      else
        show_error_dialog (self, _("Could Not Save the Model"), error->message);
    }
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

  chooser = gtk_file_chooser_native_new (_("Save Model"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), shaft_filter_new ());
  if (self->file != NULL)
    {
      g_autoptr(GError) error = NULL;

      if (!gtk_file_chooser_set_file (GTK_FILE_CHOOSER (chooser), self->file, &error))
        g_debug ("Save as: %s", error->message);
    }
  else
    {
      name = g_strconcat (self->title_text, ".shaft", NULL);
      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
    }
  g_object_set_data_full (G_OBJECT (chooser), "pending", pending, pending_free);
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
    show_error_dialog (self, _("Could Not Save the Model"), error->message);
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
    pending_run (self, pending);
  pending_free (pending);
}

/* Runs func now when nothing would be lost, else after the user chose to
 * save or discard; cancel drops it. */
static void
confirm_unsaved_then (SwWindow      *self,
                      ProceedFunc    func,
                      gpointer       data,
                      GDestroyNotify destroy)
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

  set_document (self, g_steal_pointer (&replacement->model), replacement->file,
                replacement->is_example);
  if (replacement->file != NULL)
    add_to_recent (replacement->file);
}

void
sw_window_open_file (SwWindow *self,
                     GFile    *file)
{
  g_autoptr(GError) error = NULL;
  SwModel *model;

  g_return_if_fail (SW_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  model = read_model (file, &error);
  if (model == NULL)
    {
      g_autofree char *display = file_get_display_name (file);
      g_autofree char *heading = g_strdup_printf (_("Could Not Open “%s”"), display);

      show_error_dialog (self, heading, error->message);
      return;
    }
  confirm_unsaved_then (self, replace_with_model, replacement_new (model, file, FALSE),
                        replacement_free);
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
  GtkFileFilter *all = gtk_file_filter_new ();

  chooser = gtk_file_chooser_native_new (_("Open Model"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), shaft_filter_new ());
  gtk_file_filter_set_name (all, _("All Files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), all);
  if (self->file != NULL)
    {
      g_autoptr(GFile) folder = g_file_get_parent (self->file);

      if (folder != NULL)
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
  g_autofree char *path = g_strconcat (RESOURCE_EXAMPLES, name, ".shaft", NULL);
  g_autofree char *display = g_strconcat (name, ".shaft", NULL);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  SwModel *model = NULL;

  bytes = g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, &error);
  if (bytes != NULL)
    model = sw_model_new_from_data (g_bytes_get_data (bytes, NULL),
                                    (gssize) g_bytes_get_size (bytes), display, &error);
  if (model == NULL)
    {
      g_autofree char *heading = g_strdup_printf (_("Could Not Open “%s”"), display);

      show_error_dialog (self, heading, error->message);
      return;
    }
  confirm_unsaved_then (self, replace_with_model, replacement_new (model, NULL, TRUE),
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
  set_document (self, sw_model_new (), NULL, FALSE);
}

static void
sw_window_new_document (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *param)
{
  confirm_unsaved_then (SW_WINDOW (widget), new_document, NULL, NULL);
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

static void
sw_window_undo (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  SwWindow *self = SW_WINDOW (widget);

  sw_history_undo (self->history);
}

static void
sw_window_redo (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  SwWindow *self = SW_WINDOW (widget);

  sw_history_redo (self->history);
}

static void
sw_window_show_problems (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *param)
{
  SwWindow *self = SW_WINDOW (widget);

  run_check (self);
  gtk_menu_button_popup (self->problems_button);
}

/* ---- Recovery ------------------------------------------------------------ */

static void
recovery_response_cb (AdwMessageDialog *dialog,
                      const char       *response,
                      SwWindow         *self)
{
  const char *path = g_object_get_data (G_OBJECT (dialog), "path");
  const char *uri = g_object_get_data (G_OBJECT (dialog), "uri");

  if (g_strcmp0 (response, "recover") == 0)
    {
      g_autofree char *data = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(GFile) file = uri != NULL ? g_file_new_for_uri (uri) : NULL;
      SwModel *base = NULL;
      gsize length = 0;

      if (!g_file_get_contents (path, &data, &length, &error))
        {
          show_error_dialog (self, _("Could Not Recover the Model"), error->message);
          return;
        }
      /* The saved file (when there is one) becomes the state to undo back
       * to; the copy is applied on top of it as one unsaved change. */
      if (file != NULL)
        base = read_model (file, NULL);
      if (base == NULL)
        base = sw_model_new ();
      set_document (self, base, file, FALSE);
      if (!sw_model_restore (self->model, data, (gssize) length, &error))
        {
          show_error_dialog (self, _("Could Not Recover the Model"), error->message);
          return;
        }
      sw_recovery_remove (path);
      /* The window's own autosave takes over from here. */
      update_autosave (self);
      show_toast (self, _("Unsaved changes recovered"));
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
  g_signal_connect (dialog, "response", G_CALLBACK (recovery_response_cb), self);
  gtk_window_present (GTK_WINDOW (dialog));
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

static void
update_recent_menu (SwWindow *self)
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

/* ---- Layout ---------------------------------------------------------------- */

static void
inner_paned_notify_max_position_cb (SwWindow *self)
{
  int max_position = 0;
  int inspector_width;
  int inspector_min = 0;

  g_object_get (self->inner_paned, "max-position", &max_position, NULL);

  if (self->inspector_width_applied || max_position <= 0)
    return;
  /* The inspector keeps its width when the window resizes, so its saved
   * width is applied once, when the paned first knows its size. */
  inspector_width = self->settings != NULL
                    ? g_settings_get_int (self->settings, "inspector-width") : 340;
  self->inspector_width_applied = TRUE;
  /* max-position leaves the inspector its minimum width. */
  gtk_widget_measure (GTK_WIDGET (self->inspector), GTK_ORIENTATION_HORIZONTAL, -1,
                      &inspector_min, NULL, NULL, NULL);
  gtk_paned_set_position (self->inner_paned,
                          MAX (0, max_position + inspector_min - MAX (inspector_width, inspector_min)));
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
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      int palette = gtk_paned_get_position (self->outer_paned);
      int inspector = gtk_widget_get_width (GTK_WIDGET (self->inspector));

      if (palette > 0)
        g_settings_set_int (self->settings, "palette-width", CLAMP (palette, 120, 1000));
      if (inspector > 0)
        g_settings_set_int (self->settings, "inspector-width", CLAMP (inspector, 200, 1200));
    }
  g_settings_apply (self->settings);
}

static void
restore_window_state (SwWindow *self)
{
  if (self->settings == NULL)
    return;
  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
  gtk_paned_set_position (self->outer_paned, g_settings_get_int (self->settings, "palette-width"));
}

/* ---- Signal handlers from the template ----------------------------------- */

static void
palette_kind_activated_cb (SwWindow   *self,
                           const char *kind_name)
{
  sw_canvas_begin_place (self->canvas, kind_name);
  gtk_widget_grab_focus (GTK_WIDGET (self->canvas));
}

static void
canvas_selection_changed_cb (SwWindow *self)
{
  sw_inspector_set_component (self->inspector, sw_canvas_get_selected_component (self->canvas));
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
      confirm_unsaved_then (self, close_now, NULL, NULL);
      return TRUE;
    }
  save_window_state (self);
  cancel_jobs (self);
  /* A clean close: nothing is left to recover. */
  remove_recovery (self);
  return GTK_WINDOW_CLASS (sw_window_parent_class)->close_request (window);
}

static void
sw_window_dispose (GObject *object)
{
  SwWindow *self = SW_WINDOW (object);

  cancel_jobs (self);
  g_clear_handle_id (&self->check_source, g_source_remove);
  g_clear_handle_id (&self->autosave_source, g_source_remove);
  if (self->file_chooser != NULL)
    {
      gtk_native_dialog_destroy (self->file_chooser);
      g_clear_object (&self->file_chooser);
    }
  disconnect_document (self);

  gtk_widget_dispose_template (GTK_WIDGET (self), SW_TYPE_WINDOW);

  g_clear_object (&self->history);
  g_clear_object (&self->model);
  g_clear_object (&self->file);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->trajectory, sw_trajectory_unref);

  G_OBJECT_CLASS (sw_window_parent_class)->dispose (object);
}

static void
sw_window_finalize (GObject *object)
{
  SwWindow *self = SW_WINDOW (object);

  g_free (self->title_text);
  g_free (self->recovery_path);

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

static void
sw_window_class_init (SwWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = sw_window_dispose;
  object_class->finalize = sw_window_finalize;
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

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/shaftwork/Shaftwork/sw-window.ui");
  gtk_widget_class_bind_template_child (widget_class, SwWindow, header_bar);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, modified_mark);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, primary_menu_button);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, run_button);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, modes_button);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, problems_button);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, problems_image);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, problems_count);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, problems_popover);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, problems_status);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, problems_list);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, outer_paned);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, inner_paned);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, palette);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, canvas);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, inspector);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, SwWindow, recent_section);
  gtk_widget_class_bind_template_callback (widget_class, palette_kind_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, canvas_selection_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, problems_row_activated_cb);

  gtk_widget_class_install_action (widget_class, "win.new", NULL, sw_window_new_document);
  gtk_widget_class_install_action (widget_class, "win.open", NULL, sw_window_open);
  gtk_widget_class_install_action (widget_class, "win.open-example", "s", sw_window_open_example);
  gtk_widget_class_install_action (widget_class, "win.open-recent", "s", sw_window_open_recent);
  gtk_widget_class_install_action (widget_class, "win.no-recent", NULL, NULL);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, sw_window_save);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, sw_window_save_as);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, sw_window_undo);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, sw_window_redo);
  gtk_widget_class_install_action (widget_class, "win.run-simulation", NULL, sw_window_run_simulation);
  gtk_widget_class_install_action (widget_class, "win.modal-analysis", NULL, sw_window_modal_analysis);
  gtk_widget_class_install_action (widget_class, "win.show-problems", NULL, sw_window_show_problems);
}

static void
sw_window_init (SwWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = sw_settings_new ();
  restore_window_state (self);
  /* The preferences' units, in the inspector as they change. */
  if (self->settings != NULL)
    {
      g_settings_bind (self->settings, "speed-unit", self->inspector, "speed-unit", G_SETTINGS_BIND_GET);
      g_settings_bind (self->settings, "angle-unit", self->inspector, "angle-unit", G_SETTINGS_BIND_GET);
    }
  g_signal_connect_object (self->inner_paned, "notify::max-position",
                           G_CALLBACK (inner_paned_notify_max_position_cb), self,
                           G_CONNECT_SWAPPED);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.no-recent", FALSE);
  g_signal_connect_object (gtk_recent_manager_get_default (), "changed",
                           G_CALLBACK (update_recent_menu), self, G_CONNECT_SWAPPED);
  if (self->settings != NULL)
    g_signal_connect_object (self->settings, "changed::recent-limit",
                             G_CALLBACK (update_recent_menu), self, G_CONNECT_SWAPPED);
  update_recent_menu (self);

  set_document (self, sw_model_new (), NULL, FALSE);
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

  return self->history != NULL && sw_history_get_modified (self->history);
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

gboolean
sw_window_is_pristine (SwWindow *self)
{
  g_return_val_if_fail (SW_IS_WINDOW (self), FALSE);

  return self->file == NULL && !self->is_example && !sw_window_get_modified (self) &&
         sw_model_get_n_components (self->model) == 0;
}
