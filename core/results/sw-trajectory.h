/* sw-trajectory.h: simulated time series, one column per variable.
 *
 * Built by sw_simulate(), immutable afterwards and reference counted, so it
 * can be handed from a worker to the main thread. An event instant has two
 * rows with the same time: the left and the right limit.
 *
 * A trajectory of a run made by sw_simulate_new_trajectory() keeps only
 * each row's time and state and makes a column the first time it is asked
 * for (the same values, bit for bit, as a run that records them), keeping
 * the columns made in a cache with a memory budget. Readers see no
 * difference: sw_trajectory_get_column() returns the column's values of
 * every row below sw_trajectory_get_n_rows().
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>
#include "sw-output-file.h"

G_BEGIN_DECLS

typedef struct _SwTrajectory SwTrajectory;

/* Takes the column names ("inertia1.w") and units. Values cost 8 bytes
 * each; the columns grow by half when full. */
SwTrajectory *sw_trajectory_new            (GStrv          names,
                                            GStrv          units);
/* The memory a trajectory that derives its columns keeps made columns in
 * (sw_trajectory_set_cache_budget()): ten columns of a 600 000-row run. */
#define SW_TRAJECTORY_CACHE_BYTES ((gsize) 48 << 20)

/* The same with room for exactly capacity_rows rows, which it never
 * exceeds: the columns never move, so another thread may read the rows
 * published so far (sw_trajectory_get_n_rows, then any row below it) while
 * the owner appends. Appending beyond the capacity is a programming error. */
SwTrajectory *sw_trajectory_new_sized      (GStrv          names,
                                            GStrv          units,
                                            guint          capacity_rows);
void          sw_trajectory_append_row     (SwTrajectory  *trajectory,
                                            double         t,
                                            const double  *values);
/* n_rows rows at once: t[r] and the row-major values[r n_columns + c].
 * Stored column by column: a table thousands of columns wide then writes a
 * cache line per column and block, not one per value. */
void          sw_trajectory_append_rows    (SwTrajectory  *trajectory,
                                            guint          n_rows,
                                            const double  *t,
                                            const double  *values);
/* The independent variable: "time" in "s" unless set (before sharing). */
void          sw_trajectory_set_x_axis     (SwTrajectory  *trajectory,
                                            const char    *name,
                                            const char    *unit);
const char   *sw_trajectory_get_x_name     (const SwTrajectory *trajectory);
const char   *sw_trajectory_get_x_unit     (const SwTrajectory *trajectory);
SwTrajectory *sw_trajectory_ref            (SwTrajectory  *trajectory);
void          sw_trajectory_unref          (SwTrajectory  *trajectory);

guint         sw_trajectory_get_n_rows     (const SwTrajectory *trajectory);
guint         sw_trajectory_get_n_columns  (const SwTrajectory *trajectory);
const char   *sw_trajectory_get_column_name(const SwTrajectory *trajectory,
                                            guint               column);
const char   *sw_trajectory_get_column_unit(const SwTrajectory *trajectory,
                                            guint               column);
/* -1 when there is no such column. */
int           sw_trajectory_find_column    (const SwTrajectory *trajectory,
                                            const char         *name);
const double *sw_trajectory_get_times      (const SwTrajectory *trajectory);
/* The column's values: sw_trajectory_get_n_rows() of them (a trajectory
 * still growing may have more when asked again: the array stays where it
 * is and grows). Of a trajectory that derives its columns, the values stay
 * until the trajectory is freed or the cache drops the column: only when
 * a column is made beyond the budget, and never one asked for in the last
 * second. */
const double *sw_trajectory_get_column     (const SwTrajectory *trajectory,
                                            guint               column);
/* Of a trajectory that derives its columns, the columns given made now in
 * one pass over the rows (a plot's curves: each row's equations completed
 * once, not once a column), so that sw_trajectory_get_column() finds them;
 * else nothing. */
void          sw_trajectory_prepare_columns (const SwTrajectory *trajectory,
                                             const guint        *columns,
                                             guint               n);
/* Linear interpolation at t; at an event instant the right limit. */
double        sw_trajectory_interpolate    (const SwTrajectory *trajectory,
                                            guint               column,
                                            double              t);

/* Of a trajectory that derives its columns: the memory its made columns
 * may take (default SW_TRAJECTORY_CACHE_BYTES); columns beyond it are
 * dropped, those used longest ago first. No effect on other trajectories. */
void          sw_trajectory_set_cache_budget (SwTrajectory       *trajectory,
                                              gsize               bytes);
/* The memory the trajectory holds: stored (times and columns, or times and
 * states) and cached (made columns), in bytes, and the values a row stores
 * (1 + columns, or 1 + states). */
void          sw_trajectory_get_memory     (const SwTrajectory *trajectory,
                                            guint64            *stored_bytes,
                                            guint64            *cached_bytes,
                                            guint              *values_per_row);

/* CSV: header "<x name>,<name>,...", numbers as the shortest text that
 * reads back to the same double (0 for -0). path NULL: stdout.
 * A file is written as sw-output-file.h describes (links followed, mode
 * kept, read-only files refused, every write checked). */
gboolean      sw_trajectory_write_csv      (const SwTrajectory *trajectory,
                                            const char         *path,
                                            GError            **error);
/* The same CSV into an output file opened by the caller, who commits it
 * (sw-output-file.h); the file is written in pieces as it is formatted. */
gboolean      sw_trajectory_write_csv_to_output (const SwTrajectory *trajectory,
                                                 SwOutputFile       *output,
                                                 GError            **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SwTrajectory, sw_trajectory_unref)

G_END_DECLS
