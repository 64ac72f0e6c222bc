/* sw-cli-study-private.h: what the files of the study command share
 * (sw-cli-study*.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>
#include "sw-study-design.h"
#include "sw-study-outputs.h"

G_BEGIN_DECLS

/* The study's options as given (the Slurm script repeats them). */
typedef struct {
  char   *model_path;
  char  **vary;
  char  **outputs_given;
  char   *sample;
  gint64  seed;
  int     jobs;              /* 0: every core */
  char   *shard;             /* "K/N" as given */
  guint   shard_k, shard_n;  /* 0/1 without --shard */
  char   *at;
  double  modes_at_s;
  char   *output;
  gboolean force, quiet, progress;
  /* Slurm */
  char   *slurm_dir;
  int     shards;
  char   *partition, *time, *mem;
  int     cpus_per_task;
  gboolean submit;
} SwCliStudyArgs;

/* The runs of shard k of n (0 <= k < n): [*first, *end). */
void  sw_cli_study_shard_range   (guint64 n_runs, guint k, guint n, guint64 *first, guint64 *end);
/* Runs the shard of a->shard_k / a->shard_n and writes its table to
 * a->output (stdout when NULL). */
int   sw_cli_study_run_table     (const SwCliStudyArgs *a, const SwStudyDesign *design,
                                  const SwStudyOutputs *outputs);
/* study --slurm DIR: the job array, the merge job, submit.sh. */
int   sw_cli_study_write_slurm   (const SwCliStudyArgs *a, const SwStudyDesign *design);
int   sw_cli_study_merge         (int argc, char **argv);
int   sw_cli_study_status        (int argc, char **argv);

G_END_DECLS
