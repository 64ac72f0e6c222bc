/* sw-study-outputs.h: what a parameter study keeps of each run.
 *
 * Each output is one number per run, named by its text (the CSV column):
 *   ID.VAR@T                 the variable at time T (linear interpolation;
 *                            at an event the right limit)
 *   max(ID.VAR), min(…), mean(…), rms(…)
 *                            over the run's rows, or over T0 <= t <= T1 with
 *                            max(ID.VAR,T0:T1); mean and rms are time
 *                            averages by the trapezoidal rule
 *   cross(ID.VAR,LEVEL)      the first time the variable reaches LEVEL from
 *                            the side it starts on (linear between rows;
 *                            nan when it never does)
 *   mode(K).frequency_hz, mode(K).damping_ratio
 *                            of the K-th mode (1: the lowest), as `modal`
 *                            numbers them
 *   mode(K).energy(ID)       the share in percent of body or section ID in
 *                            the mode's energy
 *   frf(IN,ID.VAR).peak_hz, frf(IN,ID.VAR).peak
 *                            the frequency and magnitude of the highest
 *                            peak of the response of ID.VAR to a unit
 *                            harmonic torque or force at IN (sw-frf.h, its
 *                            default grid, refined near every mode)
 *   events                   the events the integrator stopped at
 * Several outputs may share one text, separated by commas outside
 * parentheses.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sw-modes.h"
#include "sw-study-design.h"
#include "sw-simulate.h"
#include "sw-trajectory.h"

G_BEGIN_DECLS

typedef struct _SwStudyOutputs SwStudyOutputs;

/* texts: NULL-terminated; SW_ERROR_INVALID names the text and what is
 * valid. */
SwStudyOutputs     *sw_study_outputs_new           (const char *const *texts,
                                                    GError           **error);
void                sw_study_outputs_free          (SwStudyOutputs    *outputs);

guint               sw_study_outputs_get_n         (const SwStudyOutputs *outputs);
const char         *sw_study_outputs_get_name      (const SwStudyOutputs *outputs,
                                                    guint                 index);
/* The "ID.VAR" names a run must record, NULL-terminated (empty when no
 * output needs a simulation). */
const char *const  *sw_study_outputs_get_variables (const SwStudyOutputs *outputs);
gboolean            sw_study_outputs_need_simulation (const SwStudyOutputs *outputs);
gboolean            sw_study_outputs_need_modes    (const SwStudyOutputs *outputs);
/* The latest time an output reads (@T, a window's end): a run must reach
 * it. 0 when none. */
double              sw_study_outputs_get_latest_time (const SwStudyOutputs *outputs);

/* Every output of a run of system into values (n of them): tr and stats
 * when a simulation was needed, modes when modes were. FALSE with the error
 * of the first output that cannot be computed (a mode the model does not
 * have, a body that is not in it). */
gboolean            sw_study_outputs_evaluate      (const SwStudyOutputs  *outputs,
                                                    const SwSystem        *system,
                                                    const SwTrajectory    *tr,
                                                    const SwSimulateStats *stats,
                                                    const SwModes         *modes,
                                                    double                *values,
                                                    GError               **error);

/* Splits text at commas outside parentheses (NULL-terminated, stripped). */
GStrv               sw_study_split_outputs         (const char *text);

/* A study table's CSV (shaftwork-cli study, the window's Study page): a
 * cell quoted when it holds a comma, a quote or a carriage return, line
 * breaks made "; " so that every row is one line (merge reads lines); the
 * header row "run,PARAM…,OUTPUT…,error". */
void                sw_study_csv_append_cell       (GString              *line,
                                                    const char           *text);
void                sw_study_csv_append_header     (GString              *line,
                                                    const SwStudyDesign  *design,
                                                    const SwStudyOutputs *outputs);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SwStudyOutputs, sw_study_outputs_free)

G_END_DECLS
