/* sw-signal-private.h: what the files of time signals share (sw-signal*.c):
 * the signal's fields, its type's descriptor, and the helpers between its
 * construction, evaluation and reading.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sw-signal.h"

G_BEGIN_DECLS

/* Deeper nesting of sum and product is refused, so that no input can exhaust
 * the stack. */
#define SW_SIGNAL_MAX_DEPTH 32

/* Largest nperiod that is still an exact integer in a double. */
#define SW_SIGNAL_MAX_NPERIOD 9007199254740992.0

/* Relative slack when comparing rising + width + falling with the period,
 * and when snapping a corner that lies at the period's end onto it. */
#define SW_SIGNAL_PERIOD_SLACK 1e-12

typedef enum {
  SW_SIGNAL_CONSTANT,
  SW_SIGNAL_STEP,
  SW_SIGNAL_RAMP,
  SW_SIGNAL_SINE,
  SW_SIGNAL_EXP_SINE,
  SW_SIGNAL_PULSE,
  SW_SIGNAL_SAWTOOTH,
  SW_SIGNAL_TRAPEZOID,
  SW_SIGNAL_TABLE,
  SW_SIGNAL_SUM,
  SW_SIGNAL_PRODUCT,
  /* A table looked up at another signal's value (Modelica's
   * Blocks.Tables.CombiTable1Ds): its one child is the input. */
  SW_SIGNAL_LOOKUP,
  SW_SIGNAL_SENSOR,
} SwSignalKind;

typedef enum {
  SW_INTERPOLATION_LINEAR,
  SW_INTERPOLATION_HOLD,
  /* Cubic Hermite, the slopes by sw-signal-spline.c (Modelica's
   * ContinuousDerivative, MonotoneContinuousDerivative1 and 2). */
  SW_INTERPOLATION_AKIMA,
  SW_INTERPOLATION_FRITSCH_BUTLAND,
  SW_INTERPOLATION_STEFFEN,
} SwInterpolation;

typedef enum {
  SW_EXTRAPOLATION_HOLD,
  SW_EXTRAPOLATION_LINEAR,
  SW_EXTRAPOLATION_PERIODIC,
  /* Modelica's NoExtrapolation: read outside its points the table holds
   * the end's value, and the run stops at the next output with an error
   * (sw_signal_check_range). */
  SW_EXTRAPOLATION_NONE,
} SwExtrapolation;


typedef enum {
  SW_FIELD_ANY,          /* any finite number */
  SW_FIELD_NONNEGATIVE,  /* >= 0 */
  SW_FIELD_POSITIVE,     /* > 0 */
  SW_FIELD_PERCENT,      /* in (0, 100] */
  SW_FIELD_INTEGER,      /* an integer; negative allowed */
  SW_FIELD_CUSTOM,       /* not a number: read by the type's own code */
} SwFieldRange;

typedef struct {
  const char   *name;    /* Modelica's (Blocks.Sources) */
  gsize         member;  /* offset of the double in SwSignal */
  double        default_value;
  SwFieldRange  range;
  const char   *aliases[2];  /* other spellings read (older files, MSL 3), or NULL */
} SwSignalField;

typedef struct {
  const char          *name;
  SwSignalKind         kind;
  gboolean             has_start;  /* offset and start_time apply */
  gboolean             periodic;   /* evaluated through the period machinery */
  const SwSignalField *fields;     /* ends with a NULL name; NULL for sum, product */
} SwSignalType;

struct _SwSignal
{
  gatomicrefcount     ref_count;
  const SwSignalType *type;

  /* Parameters as read; the field tables point into these. */
  double k;
  double offset;
  double start_time;
  double height;
  double duration;
  double amplitude;
  double freq_hz;
  double phase;
  double damping;
  double width;       /* pulse: percent of the period; trapezoid: seconds */
  double rising;
  double falling;
  double period;
  double nperiod;     /* an integer; < 0: infinitely many periods */

  /* table */
  guint            n_points;
  double          *times;
  double          *values;
  SwInterpolation  interpolation;
  SwExtrapolation  extrapolation;
  double          *slopes;  /* a smooth interpolation of 3 points or more: dy/dt at each */

  /* sum, product; a lookup's input (one child) */
  SwSignal **children;
  guint      n_children;

  /* sensor: the output read, "speed1.w"; and the sensor leaves below this
   * signal (depth first), each reading its own entry of the inputs. */
  char      *of;
  guint      n_inputs;

  /* Derived at construction. */
  double    omega;        /* 2π freq_hz */
  double    ramp_end;     /* start_time + duration */
  gboolean  start_event;  /* y or a derivative jumps at start_time */

  /* A table that is not periodic: breaks[i] = start_time + times[i]. */
  double   *breaks;
  guint8   *break_event;
  double    slope_first;  /* slopes of the linear extrapolation */
  double    slope_last;

  /* Periodic signals: see the comment at the top of sw-signal.c. */
  gboolean  is_periodic;
  double    origin;
  double    cycle;
  guint     n_corners;
  double   *corners;
  guint8   *corner_event; /* something jumps at corner j (of periods after the first) */
  gboolean  any_corner_event;
  gboolean  off_event;    /* something jumps when the last of nperiod periods ends */
};

/* The names of the choices, in the order of their enums. */
extern const char *const _sw_signal_interpolation_names[SW_INTERPOLATION_STEFFEN + 1];
extern const char *const _sw_signal_extrapolation_names[SW_EXTRAPOLATION_NONE + 1];

/* Every type but the sensor, in the order of SwSignalKind and of
 * sw_signal_type_names (sized here, so that its files can count them). */
extern const SwSignalType _sw_signal_types[SW_SIGNAL_SENSOR];
extern const char *const sw_signal_type_names[SW_SIGNAL_SENSOR + 1];

double *
_sw_signal_field_ptr (SwSignal            *signal,
                      const SwSignalField *field);

double
_sw_signal_field_get (const SwSignal      *signal,
                      const SwSignalField *field);

SwSignal *
_sw_signal_alloc (const SwSignalType *type);

G_NO_INLINE double
_sw_signal_period_start (const SwSignal *signal,
                         double          k);

double
_sw_signal_table_slope (const SwSignal *signal,
                        guint           i);

double
_sw_signal_table_eval (const SwSignal *signal,
                       double          t,
                       gboolean        left,
                       double         *y1,
                       double         *y2);

gboolean
_sw_signal_interpolation_is_smooth (SwInterpolation interpolation);

void
_sw_signal_spline_slopes (SwInterpolation  rule,
                          const double    *t,
                          const double    *y,
                          guint            n,
                          double          *slopes);

/* Segment i (breaks i to i + 1) of a table with slopes at t. */
double
_sw_signal_spline_eval (const SwSignal *signal,
                        guint           i,
                        double          t,
                        double         *y1,
                        double         *y2);

void
_sw_signal_prepare (SwSignal *signal);

/* A lookup of lookup's table at input (referenced); prepared. */
SwSignal *
_sw_signal_lookup_with_input (const SwSignal *lookup,
                              SwSignal       *input);

G_END_DECLS
