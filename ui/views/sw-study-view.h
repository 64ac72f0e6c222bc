/* sw-study-view.h: the parameter study view.
 *
 * Takes the model (its text is copied for each study: the worker loads its
 * own SwModel, as a model belongs to one thread) and runs a study of it
 * (core/study: what varies as "ID.PARAM=SPEC" texts, a grid or a sample,
 * the outputs as shaftwork-cli study names them) in a GTask worker, with
 * progress and Stop; then plots any output against any varied parameter
 * (lines for a grid, one per value of the other parameters; points for a
 * sample), or every natural frequency at once, and sets a run's values on
 * the model as one undoable edit ("Use Run"). "finished" says when a study
 * ends (done, stopped or failed).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "sw-model.h"
#include "sw-study-design.h"

G_BEGIN_DECLS

#define SW_TYPE_STUDY_VIEW (sw_study_view_get_type ())
G_DECLARE_FINAL_TYPE (SwStudyView, sw_study_view, SW, STUDY_VIEW, GtkWidget)

GtkWidget    *sw_study_view_new            (void);

void          sw_study_view_set_model      (SwStudyView *self,
                                            SwModel     *model);
/* Adds "ID.PARAM=SPEC" to what varies (replacing one of the same
 * ID.PARAM). */
void          sw_study_view_add_vary       (SwStudyView *self,
                                            const char  *vary);
/* Adds ID.PARAM varied around value: from a half to twice it, five values
 * on a log range ("Vary…" in the inspector). */
void          sw_study_view_vary_param     (SwStudyView *self,
                                            const char  *id,
                                            const char  *param,
                                            double       value);
void          sw_study_view_clear_vary     (SwStudyView *self);
/* NULL-terminated; owned by the view. */
const char *const *sw_study_view_get_vary  (SwStudyView *self);
/* The outputs, as shaftwork-cli study --outputs takes them. */
void          sw_study_view_set_outputs    (SwStudyView *self,
                                            const char  *outputs);
const char   *sw_study_view_get_outputs    (SwStudyView *self);
/* Grid (default) or a sample of n runs from seed. */
void          sw_study_view_set_sample     (SwStudyView  *self,
                                            SwStudySample sample,
                                            guint64       n,
                                            guint64       seed);

/* Starts the study (Run); FALSE with the reason (also shown) when the
 * design, the outputs or the model are not valid. */
gboolean      sw_study_view_run            (SwStudyView *self,
                                            GError     **error);
void          sw_study_view_stop           (SwStudyView *self);
/* Property "running". */
gboolean      sw_study_view_get_running    (SwStudyView *self);
guint64       sw_study_view_get_n_done     (SwStudyView *self);
guint64       sw_study_view_get_n_runs     (SwStudyView *self);

/* The table of the runs done, as shaftwork-cli study writes it (a
 * column run, the varied parameters, the outputs, error). */
char         *sw_study_view_dup_csv        (SwStudyView *self);
/* Sets run's values on the model as one edit (an undo step). */
gboolean      sw_study_view_use_run        (SwStudyView *self,
                                            guint64      run,
                                            GError     **error);

/* The plot's axes: parameter index and output index (G_MAXUINT: every
 * mode(K).frequency_hz output). */
void          sw_study_view_set_axes       (SwStudyView *self,
                                            guint        param,
                                            guint        output);

/* The plot as a colour map of the y axis's output over the grid's two
 * parameters (the x axis's one across), with a colour bar; lines
 * otherwise. get_map says whether the map is shown: only a grid of two
 * parameters and one output can be. */
void          sw_study_view_set_map        (SwStudyView *self,
                                            gboolean     map);
gboolean      sw_study_view_get_map        (SwStudyView *self);

/* The plot (the colour map when it is shown) into a PNG, SVG or PDF file. */
gboolean      sw_study_view_export         (SwStudyView *self,
                                            const char  *path,
                                            int          width_px,
                                            int          height_px,
                                            GError     **error);

G_END_DECLS
