/* sw-excitation.h: a model's harmonic excitation, as its file's top-level
 * "excitation" defines it (data/FORMAT.md, section Excitation): per entry
 * harmonic torques by engine order at one body, or at the cranks of a
 * multi-cylinder engine with their firing angles, or a rotational.engine's
 * own gas and inertia harmonics. The forced response
 * (../modal/sw-forced-model.c) expands the entries into one harmonic
 * torque per body and order with its phase.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* What an order's amplitude is: a number, or a table against the speed or
 * against the mean (load) torque. */
typedef enum {
  SW_EXCITATION_CONSTANT,
  SW_EXCITATION_AGAINST_SPEED,        /* x in rpm */
  SW_EXCITATION_AGAINST_MEAN_TORQUE,  /* x in N.m */
} SwExcitationTable;

typedef struct {
  double            order;       /* per revolution, > 0 */
  double            amplitude;   /* N.m, >= 0 (CONSTANT) */
  double            phase_deg;   /* A cos (o theta + phase), theta from the cylinder's firing */
  SwExcitationTable table;
  double           *x, *y;       /* n rows, x strictly ascending, y >= 0 */
  guint             n;
} SwExcitationOrder;

typedef struct {
  char   *at;              /* a body's id (no cylinders), or NULL */
  char   *engine;          /* a rotational.engine's id: its own harmonics, or NULL */
  char  **cranks;          /* per cylinder the body it acts on, or NULL */
  double *firing_deg;      /* per cylinder the crank angle it fires at, or NULL: from the engine */
  guint   n_cylinders;     /* 0: at a single body */
  gboolean gas, inertia;   /* an engine's: which of its harmonics (default both) */
  double  mean_torque_nm;  /* the mean torque, for tables against it */
  double *load_rpm, *load_nm;
  guint   n_load;          /* 0: mean_torque_nm at every speed */
  SwExcitationOrder *orders;
  guint   n_orders;
  guint   line;            /* in the file it was read from (0: none) */
} SwExcitationEntry;

void  sw_excitation_entry_clear (SwExcitationEntry *entry);

/* Equal firing intervals: cylinder firing_order[k] (1-based) fires at
 * k 360 (strokes / 2) / n degrees; firing_deg in cylinder order. FALSE
 * when firing_order is not a permutation of 1 … n. */
gboolean sw_excitation_firing_angles (const guint *firing_order,
                                      guint        n,
                                      guint        strokes,
                                      double      *firing_deg);

G_END_DECLS
