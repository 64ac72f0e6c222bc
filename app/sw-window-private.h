/* sw-window-private.h: what the window's files share: the instance
 * struct, its property ids, and the _sw_window_ functions one file
 * defines and another calls.
 *
 *   sw-window.c           the type, template, layout, title and unsaved
 *                         mark, the document's signals, GSettings state
 *   sw-window-files.c     open, save, save as, the unsaved-changes prompt,
 *                         examples, recent files
 *   sw-window-jobs.c      simulation and modal analysis in GTask workers
 *   sw-window-problems.c  the debounced check and its problems popover
 *   sw-window-recovery.c  recovery copies while there are unsaved changes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sw-canvas.h"
#include "sw-inspector.h"
#include "sw-palette.h"
#include "sw-window.h"

G_BEGIN_DECLS

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

/* Runs after the unsaved changes were saved or discarded. */
typedef void (*SwWindowProceedFunc) (SwWindow *self,
                                     gpointer  data);

/* sw-window.c */
void     _sw_window_notify                (SwWindow             *self,
                                           guint                 prop_id);
void     _sw_window_show_toast            (SwWindow             *self,
                                           const char           *text);
void     _sw_window_show_error_dialog     (SwWindow             *self,
                                           const char           *heading,
                                           const char           *body);
char    *_sw_window_file_get_display_name (GFile                *file);
void     _sw_window_update_actions        (SwWindow             *self);
void     _sw_window_update_title          (SwWindow             *self);
void     _sw_window_set_document          (SwWindow             *self,
                                           SwModel              *model,
                                           GFile                *file,
                                           gboolean              is_example);

/* sw-window-files.c */
void     _sw_window_class_files_init      (GtkWidgetClass       *widget_class);
SwModel *_sw_window_read_model            (GFile                *file,
                                           GError              **error);
void     _sw_window_confirm_unsaved_then  (SwWindow             *self,
                                           SwWindowProceedFunc   func,
                                           gpointer              data,
                                           GDestroyNotify        destroy);
void     _sw_window_update_recent_menu    (SwWindow             *self);

/* sw-window-jobs.c */
void     _sw_window_class_jobs_init       (GtkWidgetClass       *widget_class);
void     _sw_window_cancel_jobs           (SwWindow             *self);

/* sw-window-problems.c */
void     _sw_window_class_problems_init   (GtkWidgetClass       *widget_class);
void     _sw_window_run_check             (SwWindow             *self);
void     _sw_window_schedule_check        (SwWindow             *self);

/* sw-window-recovery.c */
void     _sw_window_remove_recovery       (SwWindow             *self);
void     _sw_window_update_autosave       (SwWindow             *self);

G_END_DECLS
