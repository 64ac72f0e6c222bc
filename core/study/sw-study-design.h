/* sw-study-design.h: what a parameter study varies and the runs it makes.
 *
 * Each varied parameter is "ID.PARAM=SPEC" (the component's id, or
 * "simulation" for the simulation settings stop_time, output_interval and
 * tolerance; "ID.PARAM.FIELD" names a number inside a signal parameter,
 * torque.tau.f; "signals.NAME.FIELD" a number of the model's shared signal
 * NAME, "signals.NAME" its shared constant NAME: the runner tells them
 * apart), SPEC one of
 *   a list            1e3,2e3,5e3
 *   a range           LO:HI:COUNT        (COUNT values, LO and HI included)
 *   a log range       LO:HI:COUNT:log    (geometric steps; LO, HI > 0)
 *   a distribution    normal:MEAN:SD, uniform:LO:HI, lognormal:MU:SIGMA
 *                     (MU, SIGMA of the logarithm), for sampling only.
 * Without sampling the runs are the full grid over the lists and ranges,
 * the last parameter varying fastest. With SW_STUDY_SAMPLE_LHS or
 * SW_STUDY_SAMPLE_RANDOM the runs are n samples from a seeded generator
 * (GSL's MT19937): a distribution through its inverse CDF, a range as
 * uniform between LO and HI (log-uniform for a log range), a list as each
 * of its values with the same probability. A Latin hypercube draws one
 * sample from each of n equal-probability strata of every parameter, the
 * strata paired at random.
 *
 * The design is immutable once made; a grid's values are computed from the
 * run's index (no memory per run), a sample's are kept (n x parameters).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  SW_STUDY_SAMPLE_GRID,
  SW_STUDY_SAMPLE_LHS,
  SW_STUDY_SAMPLE_RANDOM
} SwStudySample;

typedef struct _SwStudyDesign SwStudyDesign;

/* At most this many runs in a study (a grid's product, or a sample). */
#define SW_STUDY_MAX_RUNS ((guint64) 1 << 40)

/* vary: NULL-terminated "ID.PARAM=SPEC" texts. n_samples is used with LHS
 * and RANDOM. Errors are SW_ERROR_INVALID naming the text and what would be
 * valid. */
SwStudyDesign *sw_study_design_new           (const char *const *vary,
                                              SwStudySample      sample,
                                              guint64            n_samples,
                                              guint64            seed,
                                              GError           **error);
void           sw_study_design_free          (SwStudyDesign     *design);

guint64        sw_study_design_get_n_runs    (const SwStudyDesign *design);
guint          sw_study_design_get_n_params  (const SwStudyDesign *design);
/* "ID.PARAM" as given, its component id ("simulation" for the settings)
 * and parameter name. */
const char    *sw_study_design_get_name      (const SwStudyDesign *design,
                                              guint                param);
const char    *sw_study_design_get_component (const SwStudyDesign *design,
                                              guint                param);
const char    *sw_study_design_get_param     (const SwStudyDesign *design,
                                              guint                param);
/* The value of param in run (run < n_runs). */
double         sw_study_design_get_value     (const SwStudyDesign *design,
                                              guint64              run,
                                              guint                param);

/* "lhs:N" or "random:N" (NULL: the grid); FALSE for anything else. */
gboolean       sw_study_sample_parse         (const char    *text,
                                              SwStudySample *sample,
                                              guint64       *n_samples);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SwStudyDesign, sw_study_design_free)

G_END_DECLS
