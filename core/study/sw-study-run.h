/* sw-study-run.h: one run of a parameter study, as the same run done alone.
 *
 * A runner owns a model (its thread's: a worker thread loads its own copy,
 * since an SwModel belongs to one thread) and sets the varied parameters of
 * each run on it, assembles it, simulates it with the model's settings when
 * an output needs a trajectory (recording only the variables the outputs
 * read), computes the modes when an output needs them (at the initial state,
 * or at the state of a simulation at modes_at_s), and evaluates the
 * outputs. Every varied parameter is set in every run, so a run's result
 * does not depend on which runs the runner did before.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sw-model.h"
#include "sw-study-design.h"
#include "sw-study-outputs.h"

G_BEGIN_DECLS

typedef struct _SwStudyRunner SwStudyRunner;

/* Checks that every varied component and parameter exists in model (the
 * message names them and what is valid) and that the outputs' variables
 * exist in the model as it is. design and outputs must outlive the
 * runner; model is referenced. */
SwStudyRunner *sw_study_runner_new  (SwModel              *model,
                                     const SwStudyDesign  *design,
                                     const SwStudyOutputs *outputs,
                                     double                modes_at_s,
                                     GError              **error);
void           sw_study_runner_free (SwStudyRunner        *runner);

/* Run number run of the design: its outputs into values
 * (sw_study_outputs_get_n() of them). FALSE with the error that ended the
 * run (a value out of range, a model that cannot be assembled, a run that
 * fails); the row's parameters say what the run set. */
gboolean       sw_study_runner_run  (SwStudyRunner        *runner,
                                     guint64               run,
                                     double               *values,
                                     GError              **error);

/* Sets run's values on the runner's model, as a run does before it
 * assembles it (the window's "Use Run" on the document, in one edit). */
gboolean       sw_study_runner_apply (SwStudyRunner       *runner,
                                      guint64              run,
                                      GError             **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SwStudyRunner, sw_study_runner_free)

G_END_DECLS
