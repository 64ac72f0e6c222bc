/* sw-window-private.h: what the window's files share: the instance
 * struct, its property ids, and the _sw_window_ functions one file
 * defines and another calls.
 *
 *   sw-window.c           the type, template, layout, title and unsaved
 *                         mark, the document's signals, GSettings state
 *   sw-window-files.c     open, save, save as, the unsaved-changes prompt,
 *                         examples, recent files
 *   sw-window-jobs.c      simulation and modal analysis in GTask workers,
 *                         run and stop, progress
 *   sw-window-live.c      live tuning: every edit runs again, coalesced
 *   sw-window-results.c   the results area: plotted variables, runs
 *                         overlaid and pinned, the "ui" member
 *   sw-window-export.c    export of the plot and of the variables
 *   sw-window-events.c    the last run's event log (friction mode
 *                         changes) below the variables list
 *   sw-window-modes.c     the analysis pages: modes, frequency response,
 *                         Campbell diagram
 *   sw-window-problems.c  the debounced check, its problems popover, and
 *                         the marks of a failed run
 *   sw-window-recovery.c  recovery copies while there are unsaved changes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sw-campbell-view.h"
#include "sw-canvas.h"
#include "sw-frf-view.h"
#include "sw-forced-view.h"
#include "sw-study-view.h"
#include "sw-inspector.h"
#include "sw-modes.h"
#include "sw-modes-view.h"
#include "sw-palette.h"
#include "sw-plot-view.h"
#include "sw-variables-list.h"
#include "sw-window.h"

G_BEGIN_DECLS

typedef struct _SwWindowJob SwWindowJob;  /* sw-window-jobs.c */

struct _SwWindow
{
  AdwApplicationWindow  parent_instance;

  /* Template widgets */
  AdwHeaderBar         *header_bar;
  GtkLabel             *modified_mark;
  AdwWindowTitle       *window_title;
  GtkMenuButton        *primary_menu_button;
  GtkButton            *run_button;
  AdwButtonContent     *run_content;
  GtkToggleButton      *live_button;
  GtkButton            *modes_button;
  GtkMenuButton        *problems_button;
  GtkImage             *problems_image;
  GtkLabel             *problems_count;
  GtkPopover           *problems_popover;
  GtkLabel             *problems_status;
  GtkListBox           *problems_list;
  AdwToastOverlay      *toast_overlay;
  AdwFlap              *palette_flap;
  AdwFlap              *inspector_flap;
  GtkScrolledWindow    *inspector_scroller;
  GtkPaned             *results_paned;
  SwPalette            *palette;
  SwCanvas             *canvas;
  SwInspector          *inspector;
  GtkProgressBar       *progress_bar;
  GtkLabel             *run_status;
  GtkRevealer          *error_revealer;
  GtkLabel             *error_label;
  AdwViewStack         *results_stack;
  AdwViewSwitcher      *results_switcher;
  GtkStack             *trajectories_stack;
  AdwStatusPage        *empty_status;
  SwVariablesList      *variables_list;
  SwPlotView           *plot_view;
  AdwFlap              *variables_flap;
  GtkPaned             *events_paned;
  GtkBox               *events_box;
  GtkLabel             *events_heading;
  GtkLabel             *events_starts;
  GtkColumnView        *events_view;
  GtkBox               *modes_page;
  GtkLabel             *modes_summary;
  SwModesView          *modes_view;
  SwFrfView            *frf_view;
  SwCampbellView       *campbell_view;
  SwForcedView         *forced_view;
  SwStudyView          *study_view;
  GMenu                *recent_section;

  GSettings            *settings;   /* NULL when the schema is missing */

  /* The document */
  SwModel              *model;
  SwHistory            *history;
  /* Inside a subsystem (sw-window-subsystems.c): the definition shown on
   * the canvas, and per level its definition's name and the path opened. */
  SwModel              *inner;
  gulong                inner_changed_id;
  SwModel              *owner;            /* the model the definition shown belongs to */
  gulong                owner_changed_id;
  GArray               *levels;           /* SwLevel (sw-window-inside.c), outermost first */
  gboolean              syncing;
  GtkBox               *breadcrumb_bar;
  GFileMonitor         *library_monitor;  /* the library folder, for the palette */
  GFile                *file;       /* NULL: untitled */
  gboolean              is_example;
  char                 *title_text;
  gulong                model_changed_id;
  gulong                model_changed_after_id;
  gulong                model_name_id;
  gulong                modified_id;
  gulong                can_undo_id;
  gulong                can_redo_id;

  /* The check: problems, and hints (parts not connected yet), which
   * are not problems but still keep the model from running. */
  guint                 check_source;
  guint                 n_problems;
  guint                 n_hints;
  gboolean              check_ok;
  GArray               *check_problems;   /* the check's problems and hints, or NULL */
  char                 *run_error;        /* the last run's error, or NULL */
  char                 *run_disabled_reason;

  /* Jobs: the current one's cancellable; a finished or stale job whose
   * cancellable is not this one is ignored. */
  GCancellable         *run_cancellable;
  SwWindowJob          *run_job;          /* the current run, referenced */
  gint64                last_run_us;      /* the last run applied: its worker's processor time */
  guint                 n_run_workers_done; /* run workers returned, current or not (bench-live) */
  GCancellable         *modes_cancellable;
  gint64                run_started_us;
  guint                 busy_source;      /* Run turns into Stop after a moment */
  gboolean              busy_shown;
  guint                 run_look;         /* the run button's look set last: 1 Run, 2 Stop, 0 none yet */
  gboolean              run_is_live;
  guint                 n_runs;           /* runs applied, for tests */

  /* Results: the last run, what the model was for it ("parameter
   * text", see sw-window-results.c), the pinned runs, the plotted
   * variables (NULL: every body's speed) and their panels. */
  SwTrajectory         *trajectory;
  char                 *trajectory_params;
  SwTrajectory         *previous_trajectory;  /* the run before it, drawn faintly */
  SwTrajectory         *partial;          /* a run filling in, shown while it goes */
  gint64                partial_shown_us;
  GPtrArray            *pinned;           /* SwPinnedRun */
  GStrv                 plotted;
  GHashTable           *panels;           /* name -> panel + 1 */
  gboolean              syncing_variables; /* the list is being set from the plot */
  GHashTable           *component_paths;  /* "index/index" -> "path\tkind", as last seen */
  gboolean              following_renames; /* plotted names renamed, the list not yet */
  GArray               *events;           /* the last run's event log (SwEventLogEntry), or NULL */
  GListStore           *event_items;      /* its rows in the event list */
  gboolean              events_place_pending; /* to size the list once the pane has a height */
  SwModes              *modes;
  gboolean              modes_at_cursor;
  SwLinearFriction      modes_friction;   /* the friction elements' state for the modes */
  /* Chosen in the list: else the operating point's, engaged where that
   * gives no mode (a vehicle at rest with its clutch open). */
  gboolean              modes_friction_chosen;
  gboolean              modes_friction_syncing;
  GtkDropDown          *modes_friction_drop;
  guint                 pending_mode;     /* to select when modes arrive, or G_MAXUINT */
  char                 *study_outputs;    /* the Study page's outputs as last suggested from the modes */
  /* The last good snapshot for the frequency response and Campbell
   * pages, handed to them when they show; the model as text, so that an
   * equal snapshot is not computed again. */
  SwSystem             *analysis_system;
  char                 *analysis_params;
  gboolean              analysis_frf_fresh;
  gboolean              analysis_campbell_fresh;
  gboolean              analysis_forced_fresh;

  /* Live tuning */
  guint                 live_source;
  gboolean              live_pending;     /* an edit arrived while a live run ran */
  char                 *live_params;      /* the parameter text of the last live start */
  guint                 live_tick;        /* waits in the next frame for a short live run */
  guint                 live_modes;       /* starts the modes after that frame */
  gint64                live_wait_us;     /* how long at most (tests raise it) */
  guint                 n_live_waits;     /* frames that waited for a live run (tests) */
  guint                 n_live_waits_met; /* … and had its result in time */

  /* The palette folded away below PALETTE_FOLD_WIDTH (sw-window.c) */
  guint                 fold_source;

  /* Recovery copies */
  guint                 autosave_source;
  char                 *recovery_path;
  /* Crash copies offered here and not answered yet: the window is kept
   * for them (not pristine), so that each copy gets a window. */
  guint                 n_recovery_offers;

  GtkNativeDialog      *file_chooser;
  GtkNativeDialog      *export_chooser;
  gboolean              close_confirmed;
  gboolean              results_paned_applied; /* the divider dragged: no longer placed by the window */
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
gboolean _sw_window_document_is_empty     (SwWindow             *self);
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
/* What a choice of file in the open file chooser (Open or Save As) does,
 * as if the user had chosen it there; the chooser goes. */
void     _sw_window_file_chooser_accept   (SwWindow             *self,
                                           GFile                *file);

/* sw-window-jobs.c */
void     _sw_window_class_jobs_init       (GtkWidgetClass       *widget_class);
void     _sw_window_cancel_jobs           (SwWindow             *self);
/* Starts a run (live: started by an edit) and, with modes, a modal
 * analysis; FALSE when the model cannot run (the reason is shown). */
gboolean _sw_window_start_run             (SwWindow             *self,
                                           gboolean              live);
gboolean _sw_window_start_modes           (SwWindow             *self);
/* Waits up to timeout_us for the current run's worker and applies its
 * result at once: TRUE when it did. */
gboolean _sw_window_wait_live_run         (SwWindow             *self,
                                           gint64                timeout_us);
void     _sw_window_update_run_button     (SwWindow             *self);

/* sw-window-live.c */
void     _sw_window_live_init             (SwWindow             *self);
void     _sw_window_live_model_changed    (SwWindow             *self);
/* A run finished (or failed, or was stopped). */
void     _sw_window_live_run_done         (SwWindow             *self);
void     _sw_window_live_clear            (SwWindow             *self);

/* sw-window-results.c */
void     _sw_window_class_results_init    (GtkWidgetClass       *widget_class);
void     _sw_window_results_init         (SwWindow             *self);
void     _sw_window_results_dispose      (SwWindow             *self);
/* The model's parameters, connections and settings as text, one
 * "key = value unit" a line: equal texts simulate the same. */
char    *_sw_window_dup_params_text       (SwModel              *model);
/* What differed from the run "before" to the run "after", for the key:
 * "inertia2.J = 2 → 4 kg·m²". */
char    *_sw_window_dup_difference_text   (const char           *before,
                                           const char           *after);
/* A pinned run's name: "Pinned: load.J = 2 kg·m² (now 4)", the pinned
 * run's values with the current run's after them. */
char    *_sw_window_dup_pinned_text       (const char           *current,
                                           const char           *pinned);
void     _sw_window_results_set_run       (SwWindow             *self,
                                           SwTrajectory         *trajectory,
                                           const char           *params_text);
void     _sw_window_results_clear         (SwWindow             *self);
void     _sw_window_results_update_state  (SwWindow             *self);
void     _sw_window_results_selection_changed (SwWindow         *self);
/* Around the model's "changed" (before and after everyone else's
 * handlers): the plotted variables follow renamed and grouped components
 * ("gear.w" -> "gearbox.gear.w"). */
void     _sw_window_results_model_changed (SwWindow             *self);
void     _sw_window_results_model_changed_after (SwWindow       *self);
/* The components as they are now, for the next change (a new document). */
void     _sw_window_results_snapshot_components (SwWindow       *self);
/* A run filling in (a trajectory another thread appends to): the plot
 * shows it, at most every 100 ms. */
void     _sw_window_results_show_partial  (SwWindow             *self,
                                           SwTrajectory         *partial);
/* A run failed (trajectory: its rows up to the failure, may be NULL or
 * empty; NULL also when the model could not run at all): the plot shows
 * the failed run as far as it went, else nothing, never an older run as
 * the current one; the status says which. */
void     _sw_window_results_set_failed_run (SwWindow            *self,
                                           SwTrajectory         *trajectory,
                                           const char           *params_text);
/* The run stopped or failed: the plot shows the last finished run again. */
void     _sw_window_results_end_partial   (SwWindow             *self);
/* The "ui" member: read after opening, written before saving. */
void     _sw_window_results_load_view     (SwWindow             *self);
void     _sw_window_results_save_view     (SwWindow             *self);
/* Export after the file chooser: what is "plot" (PNG, SVG or PDF by the
 * extension, PNG without one), "plotted" or "all" (CSV). Returns the path
 * written, or NULL and an error. */
char    *_sw_window_export_to_path        (SwWindow             *self,
                                           const char           *what,
                                           const char           *path,
                                           GError              **error);

/* sw-window-export.c: the actions win.export-plot and win.export-csv. */
void     _sw_window_export_plot           (GtkWidget            *widget,
                                           const char           *action_name,
                                           GVariant             *param);
void     _sw_window_export_csv            (GtkWidget            *widget,
                                           const char           *action_name,
                                           GVariant             *param);

/* sw-window-events.c */
void     _sw_window_events_init           (SwWindow             *self);
void     _sw_window_events_dispose        (SwWindow             *self);
/* The event log of the run shown (SwEventLogEntry; NULL or empty: the list
 * hides). */
void     _sw_window_events_set            (SwWindow             *self,
                                           GArray               *events);
guint    _sw_window_events_get_n          (SwWindow             *self);

/* sw-window-modes.c */
void     _sw_window_modes_init            (SwWindow             *self);
void     _sw_window_modes_set             (SwWindow             *self,
                                           SwModes              *modes);
void     _sw_window_modes_set_error       (SwWindow             *self,
                                           const char           *message);
void     _sw_window_modes_dispose         (SwWindow             *self);
/* A good snapshot of the model (after a check or at a run's start): the
 * frequency response and Campbell pages compute with it when shown. NULL
 * forgets it (a new document). */
void     _sw_window_analysis_operating_changed (SwWindow        *self);
void     _sw_window_analysis_set_system   (SwWindow             *self,
                                           SwSystem             *system);

/* sw-window-problems.c */
void     _sw_window_class_problems_init   (GtkWidgetClass       *widget_class);
void     _sw_window_update_problems_marks (SwWindow             *self);
void     _sw_window_run_check             (SwWindow             *self);
void     _sw_window_schedule_check        (SwWindow             *self);
/* The ports (supports aside) of parts without mass that nothing is
 * connected to: a model being drawn, which Live does not run. */
guint    _sw_window_count_unconnected     (SwModel              *model);
/* A failed run's message (NULL clears): shown above the results, its
 * components marked on the canvas. */
void     _sw_window_set_run_error         (SwWindow             *self,
                                           const char           *message);
/* A core message for people: "file:12:5: error: at t = 0 s …" as
 * "At t = 0 s … (file:12:5)", line by line. */
char    *_sw_window_dup_readable_error    (const char           *message);

/* sw-window-recovery.c */
/* sw-window-inside.c: a subsystem opened in place. */
typedef struct _SwLevel SwLevel;
void     _sw_window_inside_class_init     (GtkWidgetClass       *widget_class);
/* The window's Alt+Up (a capture-phase shortcut): leaves the subsystem
 * shown; FALSE at the top level, where the canvas selects upward. */
gboolean _sw_window_leave_key_cb          (GtkWidget            *widget,
                                           GVariant             *args,
                                           gpointer              data);
/* The undo history of what the canvas shows: a file subsystem's own, else
 * the document's. */
SwHistory *_sw_window_get_shown_history   (SwWindow             *self);
/* sw-window-subsystems.c */
void     _sw_window_subsystems_class_init (GtkWidgetClass       *widget_class);
void     _sw_window_subsystems_init       (SwWindow             *self);
/* sw-window-inside.c: levels left (a file's edits saved) for a new
 * document, or as the window goes. */
void     _sw_window_subsystems_reset      (SwWindow             *self);
void     _sw_window_subsystems_dispose    (SwWindow             *self);
/* The files of the subsystems opened in place: whether one has edits not
 * saved; each saved (on the document's Save), or its edits given up (the
 * user chose Discard). */
gboolean _sw_window_inside_files_modified (SwWindow             *self);
gboolean _sw_window_inside_save_files     (SwWindow             *self,
                                           GError              **error);
void     _sw_window_inside_discard_files  (SwWindow             *self);
/* sw-window.c: the document or a subsystem's file became modified or saved. */
void     _sw_window_modified_changed      (SwWindow             *self);
/* The palette's "Subsystem library" from the settings' folder, kept up to
 * date as files come and go. */
void     _sw_window_library_init          (SwWindow             *self);
void     _sw_window_library_dispose       (SwWindow             *self);
void     _sw_window_subsystems_document_changed (SwWindow       *self);
void     _sw_window_subsystems_update_actions (SwWindow         *self);
void     _sw_window_inside_init           (SwWindow             *self);
gboolean _sw_window_inside_subsystem      (SwWindow             *self);
SwModel *_sw_window_get_shown_model       (SwWindow             *self);
/* The id of the canvas's component index, its path when inside a
 * subsystem ("engine1.crank"); NULL when there is none. */
char    *_sw_window_dup_component_path    (SwWindow             *self,
                                           guint                 index);
/* A subsystem double-clicked: opened in place or in its own window;
 * FALSE when the component is no subsystem. */
gboolean _sw_window_open_subsystem        (SwWindow             *self,
                                           guint                 component);
void     _sw_window_remove_recovery       (SwWindow             *self);
void     _sw_window_update_autosave       (SwWindow             *self);

G_END_DECLS
