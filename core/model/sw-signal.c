/* sw-signal.c: time signals that drive sources (Modelica.Blocks.Sources semantics).
 *
 * Each signal type is a row of a descriptor table (name, fields with defaults
 * and ranges); the reader, the writer and the error messages are generated
 * from it.
 *
 * Discontinuities are handled by exact comparisons: every instant where a
 * signal jumps is computed by one function (ramp_end, table breaks stored at
 * construction, corner_time() for periodic signals), sw_signal_next_event()
 * returns those very doubles, and sw_signal_eval() classifies t against the
 * same doubles. So when the integrator steps exactly onto an event time,
 * left = TRUE gives the limit from before and left = FALSE the limit from
 * after, without any tolerance.
 *
 * Periodic signals (pulse, sawtooth, trapezoid, a periodic table) place
 * period k at origin + k·cycle (never by accumulating periods, so there is
 * no drift) and corner j of period k at that start plus corners[j], clamped
 * to the start of period k + 1.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-signal.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "sw-error.h"
#include "sw-number.h"

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
  SW_SIGNAL_SENSOR,
} SwSignalKind;

typedef enum {
  SW_INTERPOLATION_LINEAR,
  SW_INTERPOLATION_HOLD,
} SwInterpolation;

typedef enum {
  SW_EXTRAPOLATION_HOLD,
  SW_EXTRAPOLATION_LINEAR,
  SW_EXTRAPOLATION_PERIODIC,
} SwExtrapolation;

static const char *const interpolation_names[] = { "linear", "hold" };
static const char *const extrapolation_names[] = { "hold", "linear", "periodic" };

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

  /* sum, product */
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

  /* Periodic signals: see the comment at the top. */
  gboolean  is_periodic;
  double    origin;
  double    cycle;
  guint     n_corners;
  double   *corners;
  guint8   *corner_event; /* something jumps at corner j (of periods after the first) */
  gboolean  any_corner_event;
  gboolean  off_event;    /* something jumps when the last of nperiod periods ends */
};

#define FIELD(member, def, range) \
  { #member, G_STRUCT_OFFSET (SwSignal, member), def, range, { NULL, NULL } }
#define FIELD_AS(name, member, def, range, alias1, alias2) \
  { name, G_STRUCT_OFFSET (SwSignal, member), def, range, { alias1, alias2 } }
#define FIELDS_END \
  FIELD (offset, 0.0, SW_FIELD_ANY), \
  FIELD_AS ("startTime", start_time, 0.0, SW_FIELD_ANY, "start_time", NULL), \
  { NULL, 0, 0.0, SW_FIELD_ANY, { NULL, NULL } }

static const SwSignalField constant_fields[] = {
  FIELD (k, 1.0, SW_FIELD_ANY),
  { NULL, 0, 0.0, SW_FIELD_ANY, { NULL, NULL } }
};

static const SwSignalField step_fields[] = {
  FIELD (height, 1.0, SW_FIELD_ANY),
  FIELDS_END
};

static const SwSignalField ramp_fields[] = {
  FIELD (height, 1.0, SW_FIELD_ANY),
  FIELD (duration, 2.0, SW_FIELD_POSITIVE),
  FIELDS_END
};

static const SwSignalField sine_fields[] = {
  FIELD (amplitude, 1.0, SW_FIELD_ANY),
  FIELD_AS ("f", freq_hz, 1.0, SW_FIELD_NONNEGATIVE, "freq_hz", "freqHz"),
  FIELD (phase, 0.0, SW_FIELD_ANY),
  FIELDS_END
};

static const SwSignalField exp_sine_fields[] = {
  FIELD (amplitude, 1.0, SW_FIELD_ANY),
  FIELD_AS ("f", freq_hz, 2.0, SW_FIELD_NONNEGATIVE, "freq_hz", "freqHz"),
  FIELD (phase, 0.0, SW_FIELD_ANY),
  FIELD (damping, 1.0, SW_FIELD_ANY),
  FIELDS_END
};

static const SwSignalField pulse_fields[] = {
  FIELD (amplitude, 1.0, SW_FIELD_ANY),
  FIELD (width, 50.0, SW_FIELD_PERCENT),
  FIELD (period, 1.0, SW_FIELD_POSITIVE),
  FIELD (nperiod, -1.0, SW_FIELD_INTEGER),
  FIELDS_END
};

static const SwSignalField sawtooth_fields[] = {
  FIELD (amplitude, 1.0, SW_FIELD_ANY),
  FIELD (period, 1.0, SW_FIELD_POSITIVE),
  FIELDS_END
};

static const SwSignalField trapezoid_fields[] = {
  FIELD (amplitude, 1.0, SW_FIELD_ANY),
  FIELD (rising, 0.0, SW_FIELD_NONNEGATIVE),
  FIELD (width, 0.5, SW_FIELD_NONNEGATIVE),
  FIELD (falling, 0.0, SW_FIELD_NONNEGATIVE),
  FIELD (period, 1.0, SW_FIELD_POSITIVE),
  FIELD (nperiod, -1.0, SW_FIELD_INTEGER),
  FIELDS_END
};

static const SwSignalField table_fields[] = {
  { "points", 0, 0.0, SW_FIELD_CUSTOM, { NULL, NULL } },
  { "interpolation", 0, 0.0, SW_FIELD_CUSTOM, { NULL, NULL } },
  { "extrapolation", 0, 0.0, SW_FIELD_CUSTOM, { NULL, NULL } },
  FIELDS_END
};

#undef FIELDS_END
#undef FIELD_AS
#undef FIELD

/* In the order of sw_signal_type_names. */
static const SwSignalType signal_types[] = {
  { "constant",  SW_SIGNAL_CONSTANT,  FALSE, FALSE, constant_fields },
  { "step",      SW_SIGNAL_STEP,      TRUE,  FALSE, step_fields },
  { "ramp",      SW_SIGNAL_RAMP,      TRUE,  FALSE, ramp_fields },
  { "sine",      SW_SIGNAL_SINE,      TRUE,  FALSE, sine_fields },
  { "exp_sine",  SW_SIGNAL_EXP_SINE,  TRUE,  FALSE, exp_sine_fields },
  { "pulse",     SW_SIGNAL_PULSE,     TRUE,  TRUE,  pulse_fields },
  { "sawtooth",  SW_SIGNAL_SAWTOOTH,  TRUE,  TRUE,  sawtooth_fields },
  { "trapezoid", SW_SIGNAL_TRAPEZOID, TRUE,  TRUE,  trapezoid_fields },
  { "table",     SW_SIGNAL_TABLE,     TRUE,  FALSE, table_fields },
  { "sum",       SW_SIGNAL_SUM,       FALSE, FALSE, NULL },
  { "product",   SW_SIGNAL_PRODUCT,   FALSE, FALSE, NULL },
};

/* Not in the list of types a signal may take everywhere: it is valid only
 * where the engine can feed a measured value back (a torque or force). */
static const SwSignalField sensor_fields[] = {
  { "of", 0, 0.0, SW_FIELD_CUSTOM, { NULL, NULL } },
  { NULL, 0, 0.0, SW_FIELD_ANY, { NULL, NULL } }
};
static const SwSignalType sensor_type = { "sensor", SW_SIGNAL_SENSOR, FALSE, FALSE, sensor_fields };

const char *const sw_signal_type_names[] = {
  "constant", "step", "ramp", "sine", "exp_sine", "pulse", "sawtooth",
  "trapezoid", "table", "sum", "product",
  NULL
};

G_STATIC_ASSERT (G_N_ELEMENTS (signal_types) + 1 == G_N_ELEMENTS (sw_signal_type_names));

static double *
field_ptr (SwSignal            *signal,
           const SwSignalField *field)
{
  return (double *) (gpointer) ((guint8 *) signal + field->member);
}

static double
field_get (const SwSignal      *signal,
           const SwSignalField *field)
{
  return *(const double *) (gconstpointer) ((const guint8 *) signal + field->member);
}

static SwSignal *
signal_alloc (const SwSignalType *type)
{
  SwSignal *signal = g_new0 (SwSignal, 1);

  g_atomic_ref_count_init (&signal->ref_count);
  signal->type = type;
  signal->nperiod = -1.0;

  if (type->fields != NULL)
    {
      for (const SwSignalField *f = type->fields; f->name != NULL; f++)
        if (f->range != SW_FIELD_CUSTOM)
          *field_ptr (signal, f) = f->default_value;
    }

  return signal;
}

SwSignal *
sw_signal_ref (SwSignal *signal)
{
  g_return_val_if_fail (signal != NULL, NULL);

  g_atomic_ref_count_inc (&signal->ref_count);
  return signal;
}

void
sw_signal_unref (SwSignal *signal)
{
  g_return_if_fail (signal != NULL);

  if (!g_atomic_ref_count_dec (&signal->ref_count))
    return;

  for (guint i = 0; i < signal->n_children; i++)
    sw_signal_unref (signal->children[i]);
  g_free (signal->children);
  g_free (signal->of);
  g_free (signal->times);
  g_free (signal->values);
  g_free (signal->breaks);
  g_free (signal->break_event);
  g_free (signal->corners);
  g_free (signal->corner_event);
  g_free (signal);
}

gboolean
sw_signal_is_constant (const SwSignal *signal)
{
  g_return_val_if_fail (signal != NULL, FALSE);

  return signal->type->kind == SW_SIGNAL_CONSTANT;
}

const char *
sw_signal_get_type_name (const SwSignal *signal)
{
  g_return_val_if_fail (signal != NULL, NULL);

  return signal->type->name;
}

/* ------------------------------------------------------------------------ */
/* Periods                                                                  */
/* ------------------------------------------------------------------------ */

/* The start of period k. Not inlined, so that the same (origin, cycle, k)
 * always gives the same double, whatever the compiler contracts elsewhere. */
static G_NO_INLINE double
period_start (const SwSignal *signal,
              double          k)
{
  return signal->origin + k * signal->cycle;
}

/* Corner j of period k; j == n_corners is the start of period k + 1. */
static G_NO_INLINE double
corner_time (const SwSignal *signal,
             double          k,
             guint           j)
{
  double next = period_start (signal, k + 1.0);
  double c;

  if (j >= signal->n_corners)
    return next;

  c = period_start (signal, k) + signal->corners[j];
  return MIN (c, next);
}

typedef struct {
  double k;      /* period index (an integer) */
  guint  j;      /* segment: from corner j to corner j + 1 */
  double a, b;   /* the segment's start and end times */
} SwPeriodPos;

/* With left = FALSE finds the segment with a <= t < b, with left = TRUE the
 * one with a < t <= b. */
static void
periodic_locate (const SwSignal *signal,
                 double          t,
                 gboolean        left,
                 SwPeriodPos    *pos)
{
  double k = floor ((t - signal->origin) / signal->cycle);
  guint lo, hi;

  if (!isfinite (k))
    k = 0.0;

  /* The division may round across a period boundary: settle k by comparing
   * with the period starts themselves. Bounded, so that a k beyond 2^53
   * (where k + 1 == k) cannot loop forever. */
  for (guint i = 0; i < 8; i++)
    {
      double a = period_start (signal, k);
      double b = period_start (signal, k + 1.0);

      if (left ? a >= t : a > t)
        k -= 1.0;
      else if (left ? b < t : b <= t)
        k += 1.0;
      else
        break;
    }

  /* The last corner j with corner_time (k, j) <= t (< t from the left);
   * corner 0 qualifies by the choice of k. */
  lo = 1;
  hi = signal->n_corners;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      double c = corner_time (signal, k, mid);

      if (left ? c < t : c <= t)
        lo = mid + 1;
      else
        hi = mid;
    }

  pos->k = k;
  pos->j = lo - 1;
  pos->a = corner_time (signal, k, pos->j);
  pos->b = corner_time (signal, k, pos->j + 1);
}

/* Where t lies between a and b, 0 at a and exactly 1 at b. */
static double
segment_fraction (double a,
                  double b,
                  double t)
{
  if (t >= b)
    return 1.0;
  if (!(b > a) || t <= a)
    return 0.0;
  return (t - a) / (b - a);
}

static double
lerp (double y0,
      double y1,
      double w)
{
  if (w >= 1.0)
    return y1;
  return y0 + w * (y1 - y0);
}

/* Slope of table segment i (rows i and i + 1), 0 for a repeated time. */
static double
table_slope (const SwSignal *signal,
             guint           i)
{
  double dt = signal->times[i + 1] - signal->times[i];

  if (!(dt > 0.0))
    return 0.0;
  return (signal->values[i + 1] - signal->values[i]) / dt;
}

/* y - offset and dy/dt of a periodic signal, t > start_time. */
static double
periodic_eval (const SwSignal *signal,
               double          t,
               gboolean        left,
               double         *y1)
{
  SwPeriodPos pos;
  double w;
  double a = signal->amplitude;

  *y1 = 0.0;
  periodic_locate (signal, t, left, &pos);

  if (signal->nperiod >= 0.0 && pos.k >= signal->nperiod)
    return 0.0;

  w = segment_fraction (pos.a, pos.b, t);

  switch (signal->type->kind)
    {
    case SW_SIGNAL_PULSE:
      return pos.j == 0 ? a : 0.0;

    case SW_SIGNAL_SAWTOOTH:
      *y1 = a / signal->period;
      return a * w;

    case SW_SIGNAL_TRAPEZOID:
      switch (pos.j)
        {
        case 0:
          *y1 = signal->rising > 0.0 ? a / signal->rising : 0.0;
          return a * w;
        case 1:
          return a;
        case 2:
          *y1 = signal->falling > 0.0 ? -a / signal->falling : 0.0;
          return w >= 1.0 ? 0.0 : a * (1.0 - w);
        default:
          return 0.0;
        }

    case SW_SIGNAL_TABLE:
      if (signal->interpolation == SW_INTERPOLATION_HOLD)
        return signal->values[pos.j];
      *y1 = table_slope (signal, pos.j);
      return lerp (signal->values[pos.j], signal->values[pos.j + 1], w);

    case SW_SIGNAL_CONSTANT:
    case SW_SIGNAL_STEP:
    case SW_SIGNAL_RAMP:
    case SW_SIGNAL_SINE:
    case SW_SIGNAL_EXP_SINE:
    case SW_SIGNAL_SUM:
    case SW_SIGNAL_PRODUCT:
    default:
      g_assert_not_reached ();
    }

  return 0.0;
}

static gboolean
periodic_next_event (const SwSignal *signal,
                     double          t,
                     double         *t_event)
{
  SwPeriodPos pos;
  double k;
  guint j;

  if (!signal->any_corner_event)
    {
      if (signal->off_event)
        {
          double c = period_start (signal, signal->nperiod);

          if (c > t)
            {
              *t_event = c;
              return TRUE;
            }
        }
      return FALSE;
    }

  periodic_locate (signal, t, FALSE, &pos);
  k = pos.k;
  j = pos.j;

  /* A full period holds an event, so this loop ends early unless the
   * signal has switched off or the arithmetic has run out of digits. */
  for (guint step = 0; step < 2 * signal->n_corners + 2; step++)
    {
      double c;

      if (++j >= signal->n_corners)
        {
          j = 0;
          k += 1.0;
        }

      if (signal->nperiod >= 0.0 && k >= signal->nperiod)
        {
          if (signal->off_event && k == signal->nperiod && j == 0)
            {
              c = period_start (signal, k);
              if (c > t)
                {
                  *t_event = c;
                  return TRUE;
                }
            }
          return FALSE;
        }

      if (!signal->corner_event[j])
        continue;

      c = corner_time (signal, k, j);
      if (c > t)
        {
          *t_event = c;
          return TRUE;
        }
    }

  return FALSE;
}

/* ------------------------------------------------------------------------ */
/* Tables that are not periodic                                             */
/* ------------------------------------------------------------------------ */

/* y - offset and dy/dt from the breaks alone (start_time not applied). */
static double
table_eval (const SwSignal *signal,
            double          t,
            gboolean        left,
            double         *y1)
{
  const double *bk = signal->breaks;
  guint n = signal->n_points;
  guint lo = 0, hi = n;
  guint i;
  double w;

  *y1 = 0.0;

  /* lo = the number of breaks before t (at or before t from the right). */
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (left ? bk[mid] < t : bk[mid] <= t)
        lo = mid + 1;
      else
        hi = mid;
    }

  if (lo == 0)
    {
      if (signal->extrapolation != SW_EXTRAPOLATION_LINEAR)
        return signal->values[0];
      *y1 = signal->slope_first;
      return t == bk[0] ? signal->values[0]
                        : signal->values[0] + signal->slope_first * (t - bk[0]);
    }

  if (lo == n)
    {
      if (signal->extrapolation != SW_EXTRAPOLATION_LINEAR)
        return signal->values[n - 1];
      *y1 = signal->slope_last;
      return t == bk[n - 1] ? signal->values[n - 1]
                            : signal->values[n - 1] + signal->slope_last * (t - bk[n - 1]);
    }

  i = lo - 1;
  if (signal->interpolation == SW_INTERPOLATION_HOLD)
    return signal->values[i];

  w = segment_fraction (bk[i], bk[i + 1], t);
  *y1 = table_slope (signal, i);
  return lerp (signal->values[i], signal->values[i + 1], w);
}

static gboolean
table_next_event (const SwSignal *signal,
                  double          t,
                  double         *t_event)
{
  guint lo = 0, hi = signal->n_points;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (signal->breaks[mid] <= t)
        lo = mid + 1;
      else
        hi = mid;
    }

  for (guint i = lo; i < signal->n_points; i++)
    if (signal->break_event[i])
      {
        *t_event = signal->breaks[i];
        return TRUE;
      }

  return FALSE;
}

/* ------------------------------------------------------------------------ */
/* Evaluation                                                               */
/* ------------------------------------------------------------------------ */

/* y - offset and two derivatives of a signal with a start time, once it has
 * started (t > start_time, or t == start_time from the right). Without
 * derivatives (forces ask for none) a sine costs one sin, not a sincos. */
static double
eval_started (const SwSignal *signal,
              double          t,
              gboolean        left,
              gboolean        derivatives,
              double         *y1,
              double         *y2)
{
  double tau = t - signal->start_time;

  *y1 = 0.0;
  *y2 = 0.0;

  switch (signal->type->kind)
    {
    case SW_SIGNAL_STEP:
      return signal->height;

    case SW_SIGNAL_RAMP:
      if (t < signal->ramp_end || (left && t == signal->ramp_end))
        {
          *y1 = signal->height / signal->duration;
          if (t == signal->ramp_end)
            return signal->height;
          return MIN (tau / signal->duration, 1.0) * signal->height;
        }
      return signal->height;

    case SW_SIGNAL_SINE:
      {
        double arg = signal->omega * tau + signal->phase;
        double s, c, a = signal->amplitude, w = signal->omega;

        if (!derivatives)
          return a * sin (arg);
        s = sin (arg), c = cos (arg);

        *y1 = a * w * c;
        *y2 = -a * w * w * s;
        return a * s;
      }

    case SW_SIGNAL_EXP_SINE:
      {
        double arg = signal->omega * tau + signal->phase;
        double s = sin (arg), c = cos (arg);
        double w = signal->omega, d = signal->damping;
        double ae = signal->amplitude * exp (-d * tau);

        *y1 = ae * (w * c - d * s);
        *y2 = ae * ((d * d - w * w) * s - 2.0 * d * w * c);
        return ae * s;
      }

    case SW_SIGNAL_PULSE:
    case SW_SIGNAL_SAWTOOTH:
    case SW_SIGNAL_TRAPEZOID:
      return periodic_eval (signal, t, left, y1);

    case SW_SIGNAL_TABLE:
      if (signal->is_periodic)
        return periodic_eval (signal, t, left, y1);
      return table_eval (signal, t, left, y1);

    case SW_SIGNAL_CONSTANT:
    case SW_SIGNAL_SUM:
    case SW_SIGNAL_PRODUCT:
    default:
      g_assert_not_reached ();
    }

  return 0.0;
}

/* inputs: the values of the sensor leaves (NULL: none known, NAN). */
static double
eval_full (const SwSignal *signal,
           double          t,
           gboolean        left,
           const double   *inputs,
           double         *d1,
           double         *d2)
{
  double y = 0.0, y1 = 0.0, y2 = 0.0;
  guint base = 0;

  switch (signal->type->kind)
    {
    case SW_SIGNAL_CONSTANT:
      y = signal->k;
      break;

    case SW_SIGNAL_SENSOR:
      /* A measured value has no time derivatives of its own. */
      y = inputs != NULL ? inputs[0] : NAN;
      y1 = y2 = NAN;
      break;

    case SW_SIGNAL_SUM:
      for (guint i = 0; i < signal->n_children; i++)
        {
          double c1 = 0, c2 = 0;
          const double *in = inputs != NULL ? inputs + base : NULL;

          y += d1 != NULL || d2 != NULL ? eval_full (signal->children[i], t, left, in, &c1, &c2)
                                        : eval_full (signal->children[i], t, left, in, NULL, NULL);
          y1 += c1;
          y2 += c2;
          base += signal->children[i]->n_inputs;
        }
      break;

    case SW_SIGNAL_PRODUCT:
      /* (p u)' = p' u + p u', (p u)'' = p'' u + 2 p' u' + p u''. */
      y = 1.0;
      for (guint i = 0; i < signal->n_children; i++)
        {
          double c1 = 0, c2 = 0;
          const double *in = inputs != NULL ? inputs + base : NULL;
          double u = d1 != NULL || d2 != NULL ? eval_full (signal->children[i], t, left, in, &c1, &c2)
                                              : eval_full (signal->children[i], t, left, in, NULL, NULL);
          double p2 = y2 * u + 2.0 * y1 * c1 + y * c2;
          double p1 = y1 * u + y * c1;

          y *= u;
          y1 = p1;
          y2 = p2;
          base += signal->children[i]->n_inputs;
        }
      break;

    case SW_SIGNAL_STEP:
    case SW_SIGNAL_RAMP:
    case SW_SIGNAL_SINE:
    case SW_SIGNAL_EXP_SINE:
    case SW_SIGNAL_PULSE:
    case SW_SIGNAL_SAWTOOTH:
    case SW_SIGNAL_TRAPEZOID:
    case SW_SIGNAL_TABLE:
    default:
      if (t < signal->start_time || (left && t == signal->start_time))
        y = signal->offset;
      else
        y = signal->offset + eval_started (signal, t, left, d1 != NULL || d2 != NULL, &y1, &y2);
      break;
    }

  if (d1 != NULL)
    *d1 = y1;
  if (d2 != NULL)
    *d2 = y2;
  return y;
}

double
sw_signal_eval (const SwSignal *signal,
                double          t,
                gboolean        left,
                double         *d1,
                double         *d2)
{
  g_return_val_if_fail (signal != NULL, 0.0);

  return eval_full (signal, t, left, NULL, d1, d2);
}

double
sw_signal_eval_inputs (const SwSignal *signal,
                       double          t,
                       gboolean        left,
                       const double   *inputs,
                       double         *d1,
                       double         *d2)
{
  return eval_full (signal, t, left, inputs, d1, d2);
}

guint
sw_signal_get_n_inputs (const SwSignal *signal)
{
  g_return_val_if_fail (signal != NULL, 0);

  return signal->n_inputs;
}

const char *
sw_signal_get_input (const SwSignal *signal,
                     guint           index)
{
  g_return_val_if_fail (signal != NULL, NULL);
  g_return_val_if_fail (index < signal->n_inputs, NULL);

  if (signal->type->kind == SW_SIGNAL_SENSOR)
    return signal->of;
  for (guint i = 0; i < signal->n_children; i++)
    {
      if (index < signal->children[i]->n_inputs)
        return sw_signal_get_input (signal->children[i], index);
      index -= signal->children[i]->n_inputs;
    }
  g_return_val_if_reached (NULL);
}

SwSignal *
sw_signal_new_sensor (const char *of)
{
  SwSignal *signal;

  g_return_val_if_fail (of != NULL, NULL);

  signal = signal_alloc (&sensor_type);
  signal->of = g_strdup (of);
  signal->n_inputs = 1;
  return signal;
}

SwSignal *
sw_signal_new_combination (const char *type,
                           SwSignal  **children,
                           guint       n_children)
{
  SwSignal *signal;

  g_return_val_if_fail (g_strcmp0 (type, "sum") == 0 || g_strcmp0 (type, "product") == 0, NULL);
  g_return_val_if_fail (n_children > 0, NULL);

  signal = signal_alloc (&signal_types[g_str_equal (type, "sum") ? SW_SIGNAL_SUM : SW_SIGNAL_PRODUCT]);
  signal->children = g_new0 (SwSignal *, n_children);
  for (guint i = 0; i < n_children; i++)
    {
      signal->children[i] = sw_signal_ref (children[i]);
      signal->n_inputs += children[i]->n_inputs;
    }
  signal->n_children = n_children;
  return signal;
}

SwSignal *
sw_signal_dup_prefixed (SwSignal   *signal,
                        const char *prefix)
{
  g_autofree SwSignal **children = NULL;
  SwSignal *copy;

  g_return_val_if_fail (signal != NULL && prefix != NULL, NULL);

  if (signal->n_inputs == 0)
    return sw_signal_ref (signal);
  if (signal->type->kind == SW_SIGNAL_SENSOR)
    {
      g_autofree char *of = g_strconcat (prefix, signal->of, NULL);

      return sw_signal_new_sensor (of);
    }
  children = g_new (SwSignal *, signal->n_children);
  for (guint i = 0; i < signal->n_children; i++)
    children[i] = sw_signal_dup_prefixed (signal->children[i], prefix);
  copy = sw_signal_new_combination (signal->type->name, children, signal->n_children);
  for (guint i = 0; i < signal->n_children; i++)
    sw_signal_unref (children[i]);
  return copy;
}

gboolean
sw_signal_next_event (const SwSignal *signal,
                      double          t,
                      double         *t_event)
{
  double te = 0.0;
  gboolean found = FALSE;

  g_return_val_if_fail (signal != NULL, FALSE);

  switch (signal->type->kind)
    {
    case SW_SIGNAL_CONSTANT:
    case SW_SIGNAL_SENSOR:
      break;

    case SW_SIGNAL_SUM:
    case SW_SIGNAL_PRODUCT:
      for (guint i = 0; i < signal->n_children; i++)
        {
          double c;

          if (sw_signal_next_event (signal->children[i], t, &c) && (!found || c < te))
            {
              te = c;
              found = TRUE;
            }
        }
      break;

    case SW_SIGNAL_STEP:
    case SW_SIGNAL_RAMP:
    case SW_SIGNAL_SINE:
    case SW_SIGNAL_EXP_SINE:
    case SW_SIGNAL_PULSE:
    case SW_SIGNAL_SAWTOOTH:
    case SW_SIGNAL_TRAPEZOID:
    case SW_SIGNAL_TABLE:
    default:
      if (t < signal->start_time)
        {
          if (signal->start_event)
            {
              te = signal->start_time;
              found = TRUE;
              break;
            }
          /* Nothing happens at start_time: look strictly after it. */
          t = signal->start_time;
        }

      switch (signal->type->kind)
        {
        case SW_SIGNAL_RAMP:
          if (signal->height != 0.0 && signal->ramp_end > t)
            {
              te = signal->ramp_end;
              found = TRUE;
            }
          break;

        case SW_SIGNAL_PULSE:
        case SW_SIGNAL_SAWTOOTH:
        case SW_SIGNAL_TRAPEZOID:
          found = periodic_next_event (signal, t, &te);
          break;

        case SW_SIGNAL_TABLE:
          if (signal->is_periodic)
            found = periodic_next_event (signal, t, &te);
          else
            found = table_next_event (signal, t, &te);
          break;

        case SW_SIGNAL_CONSTANT:
        case SW_SIGNAL_STEP:
        case SW_SIGNAL_SINE:
        case SW_SIGNAL_EXP_SINE:
        case SW_SIGNAL_SUM:
        case SW_SIGNAL_PRODUCT:
        default:
          break;
        }
      break;
    }

  if (found && t_event != NULL)
    *t_event = te;
  return found;
}

/* ------------------------------------------------------------------------ */
/* Construction                                                             */
/* ------------------------------------------------------------------------ */

static gboolean
jumps_at (const SwSignal *signal,
          double          t)
{
  double l1, l2, r1, r2;
  double l = sw_signal_eval (signal, t, TRUE, &l1, &l2);
  double r = sw_signal_eval (signal, t, FALSE, &r1, &r2);

  return l != r || l1 != r1 || l2 != r2;
}

static void
prepare_corners (SwSignal *signal,
                 guint     n)
{
  signal->is_periodic = TRUE;
  signal->n_corners = n;
  signal->corners = g_new0 (double, n);
  signal->corner_event = g_new0 (guint8, n);
}

/* A corner that lies at the end of the period (up to round-off) is moved
 * exactly there, so that it coincides with the next period's start. */
static double
snap_to_cycle (const SwSignal *signal,
               double          c)
{
  if (c >= signal->cycle * (1.0 - SW_SIGNAL_PERIOD_SLACK))
    return signal->cycle;
  return c;
}

static void
prepare_periodic_table (SwSignal *signal)
{
  guint n = signal->n_points;
  const double *tt = signal->times;
  const double *yy = signal->values;
  gboolean hold = signal->interpolation == SW_INTERPOLATION_HOLD;

  signal->origin = signal->start_time + tt[0];
  signal->cycle = tt[n - 1] - tt[0];
  prepare_corners (signal, n - 1);

  for (guint j = 0; j < n - 1; j++)
    {
      gboolean jump;

      signal->corners[j] = tt[j] - tt[0];

      if (j == 0)
        /* The wrap from the last row to the first. */
        jump = tt[1] == tt[0] || tt[n - 1] == tt[n - 2] || yy[n - 1] != yy[0] ||
               table_slope (signal, n - 2) != table_slope (signal, 0);
      else
        jump = tt[j - 1] == tt[j] || tt[j] == tt[j + 1] ||
               table_slope (signal, j - 1) != table_slope (signal, j);

      signal->corner_event[j] = hold || jump;
      signal->any_corner_event |= signal->corner_event[j];
    }
}

static void
prepare_table (SwSignal *signal)
{
  guint n = signal->n_points;

  if (signal->extrapolation == SW_EXTRAPOLATION_PERIODIC && n >= 2)
    {
      prepare_periodic_table (signal);
      return;
    }

  signal->breaks = g_new (double, n);
  signal->break_event = g_new0 (guint8, n);
  for (guint i = 0; i < n; i++)
    signal->breaks[i] = signal->start_time + signal->times[i];

  if (n >= 2)
    {
      signal->slope_first = table_slope (signal, 0);
      signal->slope_last = table_slope (signal, n - 2);
    }

  for (guint i = 0; i < n; i++)
    {
      double l1, r1;
      double l = table_eval (signal, signal->breaks[i], TRUE, &l1);
      double r = table_eval (signal, signal->breaks[i], FALSE, &r1);

      signal->break_event[i] = l != r || l1 != r1;
    }
}

static void
prepare (SwSignal *signal)
{
  switch (signal->type->kind)
    {
    case SW_SIGNAL_RAMP:
      signal->ramp_end = signal->start_time + signal->duration;
      break;

    case SW_SIGNAL_SINE:
    case SW_SIGNAL_EXP_SINE:
      signal->omega = 2.0 * G_PI * signal->freq_hz;
      break;

    case SW_SIGNAL_PULSE:
      {
        gboolean edges;

        signal->origin = signal->start_time;
        signal->cycle = signal->period;
        prepare_corners (signal, 2);
        signal->corners[1] = snap_to_cycle (signal, signal->period * (signal->width / 100.0));
        /* At width 100 % the pulse stays up from one period into the next. */
        edges = signal->amplitude != 0.0 && signal->corners[1] < signal->cycle;
        signal->corner_event[0] = edges;
        signal->corner_event[1] = edges;
        signal->any_corner_event = edges;
      }
      break;

    case SW_SIGNAL_SAWTOOTH:
      signal->origin = signal->start_time;
      signal->cycle = signal->period;
      prepare_corners (signal, 1);
      signal->corner_event[0] = signal->amplitude != 0.0;
      signal->any_corner_event = signal->corner_event[0];
      break;

    case SW_SIGNAL_TRAPEZOID:
      signal->origin = signal->start_time;
      signal->cycle = signal->period;
      prepare_corners (signal, 4);
      signal->corners[1] = snap_to_cycle (signal, signal->rising);
      signal->corners[2] = snap_to_cycle (signal, signal->rising + signal->width);
      signal->corners[3] = snap_to_cycle (signal, signal->rising + signal->width + signal->falling);
      for (guint j = 0; j < 4; j++)
        signal->corner_event[j] = signal->amplitude != 0.0;
      signal->any_corner_event = signal->amplitude != 0.0;
      break;

    case SW_SIGNAL_TABLE:
      prepare_table (signal);
      break;

    case SW_SIGNAL_CONSTANT:
    case SW_SIGNAL_STEP:
    case SW_SIGNAL_SUM:
    case SW_SIGNAL_PRODUCT:
    default:
      break;
    }

  if (signal->type->has_start)
    signal->start_event = jumps_at (signal, signal->start_time);

  if (signal->is_periodic && signal->nperiod >= 1.0)
    signal->off_event = jumps_at (signal, period_start (signal, signal->nperiod));
}

SwSignal *
sw_signal_new_constant (double value)
{
  SwSignal *signal;

  g_return_val_if_fail (isfinite (value), NULL);

  signal = signal_alloc (&signal_types[SW_SIGNAL_CONSTANT]);
  signal->k = value;
  return signal;
}

/* ------------------------------------------------------------------------ */
/* Reading                                                                  */
/* ------------------------------------------------------------------------ */

static const char *
article (const char *word)
{
  return strchr ("aeiou", word[0]) != NULL ? "an" : "a";
}

static const char *
describe_node (JsonNode *node)
{
  switch (json_node_get_node_type (node))
    {
    case JSON_NODE_OBJECT:
      return _("an object");
    case JSON_NODE_ARRAY:
      return _("an array");
    case JSON_NODE_NULL:
      return _("null");
    case JSON_NODE_VALUE:
    default:
      switch (json_node_get_value_type (node))
        {
        case G_TYPE_BOOLEAN:
          return _("a boolean");
        case G_TYPE_STRING:
          return _("a string");
        case G_TYPE_INT64:
        case G_TYPE_DOUBLE:
          return _("a number");
        default:
          return _("a value of unknown type");
        }
    }
}

static gboolean
node_get_number (JsonNode *node,
                 double   *value)
{
  if (!JSON_NODE_HOLDS_VALUE (node))
    return FALSE;

  switch (json_node_get_value_type (node))
    {
    case G_TYPE_INT64:
      *value = (double) json_node_get_int (node);
      return TRUE;
    case G_TYPE_DOUBLE:
      *value = json_node_get_double (node);
      return TRUE;
    default:
      return FALSE;
    }
}

static char *
join_strings (const char *const *names,
              gsize              n)
{
  GString *s = g_string_new (NULL);

  for (gsize i = 0; i < n && names[i] != NULL; i++)
    {
      if (i > 0)
        g_string_append (s, ", ");
      g_string_append (s, names[i]);
    }
  return g_string_free (s, FALSE);
}

static char *
valid_fields (const SwSignalType *type)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  for (const SwSignalField *f = type->fields; f->name != NULL; f++)
    g_ptr_array_add (names, (gpointer) f->name);
  return join_strings ((const char *const *) names->pdata, names->len);
}

static char *
valid_types (void)
{
  return join_strings (sw_signal_type_names, G_N_ELEMENTS (sw_signal_type_names));
}

static gboolean
read_field (SwSignal            *signal,
            const SwSignalField *field,
            const char          *name,
            JsonNode            *node,
            GError             **error)
{
  const char *type = signal->type->name;
  double x;

  if (!node_get_number (node, &x))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_PARSE,
                   _("field “%s” of %s %s signal must be a number, not %s"),
                   name, article (type), type, describe_node (node));
      return FALSE;
    }

  if (!isfinite (x))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("field “%s” of %s %s signal must be a finite number"),
                   name, article (type), type);
      return FALSE;
    }
  if (!sw_number_in_scale (x))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("field “%s” of %s %s signal = %g is too %s for the equations to stay finite; "
                     "valid: 0 or %g <= |%s| <= %g"),
                   name, article (type), type, x, fabs (x) < 1 ? _("small") : _("large"),
                   SW_NUMBER_MIN_MAGNITUDE, name, SW_NUMBER_MAX_MAGNITUDE);
      return FALSE;
    }

  switch (field->range)
    {
    case SW_FIELD_NONNEGATIVE:
      if (!(x >= 0.0))
        {
          g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                       _("field “%s” of %s %s signal must be ≥ 0, not %g"),
                       name, article (type), type, x);
          return FALSE;
        }
      break;

    case SW_FIELD_POSITIVE:
      if (!(x > 0.0))
        {
          g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                       _("field “%s” of %s %s signal must be > 0, not %g"),
                       name, article (type), type, x);
          return FALSE;
        }
      break;

    case SW_FIELD_PERCENT:
      if (!(x > 0.0 && x <= 100.0))
        {
          g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                       _("field “%s” of %s %s signal is a percentage of the period "
                         "and must be > 0 and ≤ 100, not %g"),
                       name, article (type), type, x);
          return FALSE;
        }
      break;

    case SW_FIELD_INTEGER:
      if (x != floor (x) || fabs (x) > SW_SIGNAL_MAX_NPERIOD)
        {
          g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                       _("field “%s” of %s %s signal must be a whole number "
                         "(negative for no limit), not %g"),
                       name, article (type), type, x);
          return FALSE;
        }
      break;

    case SW_FIELD_ANY:
    case SW_FIELD_CUSTOM:
    default:
      break;
    }

  *field_ptr (signal, field) = x;
  return TRUE;
}

static gboolean
read_choice (JsonObject         *object,
             const char         *member,
             const char *const  *choices,
             guint               n_choices,
             guint              *choice,
             GError            **error)
{
  JsonNode *node = json_object_get_member (object, member);
  const char *value;

  if (node == NULL)
    return TRUE;

  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_PARSE,
                   _("field “%s” of a table signal must be a string, not %s"),
                   member, describe_node (node));
      return FALSE;
    }

  value = json_node_get_string (node);
  for (guint i = 0; i < n_choices; i++)
    if (g_strcmp0 (value, choices[i]) == 0)
      {
        *choice = i;
        return TRUE;
      }

  {
    g_autofree char *valid = join_strings (choices, n_choices);

    g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                 _("field “%s” of a table signal cannot be “%s”; valid values: %s"),
                 member, value, valid);
  }
  return FALSE;
}

static gboolean
read_table (SwSignal    *signal,
            JsonObject  *object,
            GError     **error)
{
  JsonNode *points = json_object_get_member (object, "points");
  JsonArray *rows;
  guint n, choice;

  if (points == NULL)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("field “points” of a table signal is required: "
                     "a list of [time, value] rows"));
      return FALSE;
    }

  if (!JSON_NODE_HOLDS_ARRAY (points))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_PARSE,
                   _("field “points” of a table signal must be a list of [time, value] rows, not %s"),
                   describe_node (points));
      return FALSE;
    }

  rows = json_node_get_array (points);
  n = json_array_get_length (rows);
  if (n == 0)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("field “points” of a table signal is empty; it needs at least one "
                     "[time, value] row"));
      return FALSE;
    }

  signal->n_points = n;
  signal->times = g_new (double, n);
  signal->values = g_new (double, n);

  for (guint i = 0; i < n; i++)
    {
      JsonNode *row = json_array_get_element (rows, i);
      JsonArray *pair = JSON_NODE_HOLDS_ARRAY (row) ? json_node_get_array (row) : NULL;
      double x[2];

      if (pair == NULL || json_array_get_length (pair) != 2)
        {
          g_set_error (error, SW_ERROR, SW_ERROR_PARSE,
                       _("row %u of field “points” of a table signal must be a [time, value] pair"),
                       i + 1);
          return FALSE;
        }

      for (guint c = 0; c < 2; c++)
        {
          JsonNode *cell = json_array_get_element (pair, c);

          if (!node_get_number (cell, &x[c]))
            {
              g_set_error (error, SW_ERROR, SW_ERROR_PARSE,
                           _("row %u of field “points” of a table signal: the %s must be "
                             "a number, not %s"),
                           i + 1, c == 0 ? _("time") : _("value"), describe_node (cell));
              return FALSE;
            }
          if (!isfinite (x[c]) || !sw_number_in_scale (x[c]))
            {
              g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                           _("row %u of field “points” of a table signal: the %s must be "
                             "0 or a finite number of magnitude 1e-100 … 1e100"),
                           i + 1, c == 0 ? _("time") : _("value"));
              return FALSE;
            }
        }

      if (i > 0 && x[0] < signal->times[i - 1])
        {
          g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                       _("row %u of field “points” of a table signal: time %g comes before "
                         "time %g of the row above; the time column must be nondecreasing "
                         "(a repeated time makes a jump)"),
                       i + 1, x[0], signal->times[i - 1]);
          return FALSE;
        }

      signal->times[i] = x[0];
      signal->values[i] = x[1];
    }

  choice = signal->interpolation;
  if (!read_choice (object, "interpolation", interpolation_names,
                    G_N_ELEMENTS (interpolation_names), &choice, error))
    return FALSE;
  signal->interpolation = choice;

  choice = signal->extrapolation;
  if (!read_choice (object, "extrapolation", extrapolation_names,
                    G_N_ELEMENTS (extrapolation_names), &choice, error))
    return FALSE;
  signal->extrapolation = choice;

  if (signal->extrapolation == SW_EXTRAPOLATION_PERIODIC && n >= 2 &&
      !(signal->times[n - 1] > signal->times[0]))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("field “points” of a periodic table signal must span a positive time "
                     "(its period is the last time minus the first)"));
      return FALSE;
    }

  return TRUE;
}

static gboolean
check_parameters (SwSignal  *signal,
                  GError   **error)
{
  if (signal->type->kind == SW_SIGNAL_TRAPEZOID)
    {
      double busy = signal->rising + signal->width + signal->falling;

      if (busy > signal->period * (1.0 + SW_SIGNAL_PERIOD_SLACK))
        {
          g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                       _("fields “rising” + “width” + “falling” of a trapezoid signal "
                         "(%g) must not exceed field “period” (%g)"),
                       busy, signal->period);
          return FALSE;
        }
    }

  return TRUE;
}

static SwSignal *signal_read (JsonNode  *node,
                              guint      depth,
                              GError   **error);

static SwSignal *
read_combination (const SwSignalType  *type,
                  JsonNode            *node,
                  guint                depth,
                  GError             **error)
{
  g_autoptr(SwSignal) signal = NULL;
  JsonArray *array;
  guint n;

  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_PARSE,
                   _("%s %s signal must be a list of signals, not %s"),
                   article (type->name), type->name, describe_node (node));
      return NULL;
    }

  array = json_node_get_array (node);
  n = json_array_get_length (array);
  if (n == 0)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("%s %s signal needs at least one signal in its list"),
                   article (type->name), type->name);
      return NULL;
    }

  signal = signal_alloc (type);
  signal->children = g_new0 (SwSignal *, n);

  for (guint i = 0; i < n; i++)
    {
      SwSignal *child = signal_read (json_array_get_element (array, i), depth + 1, error);

      if (child == NULL)
        {
          g_prefix_error (error, _("element %u of %s %s signal: "),
                          i + 1, article (type->name), type->name);
          return NULL;
        }
      signal->children[signal->n_children++] = child;
      signal->n_inputs += child->n_inputs;
    }

  return g_steal_pointer (&signal);
}

static SwSignal *
read_typed (const SwSignalType  *type,
            JsonNode            *node,
            GError             **error)
{
  g_autoptr(SwSignal) signal = NULL;
  g_autoptr(GList) members = NULL;
  const char *given_as[32] = { NULL };   /* the spelling of each field given */
  JsonObject *object;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      g_autofree char *fields = valid_fields (type);

      g_set_error (error, SW_ERROR, SW_ERROR_PARSE,
                   _("%s %s signal must be an object of fields (%s), not %s"),
                   article (type->name), type->name, fields, describe_node (node));
      return NULL;
    }

  signal = signal_alloc (type);
  object = json_node_get_object (node);
  members = json_object_get_members (object);

  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *name = l->data;
      const SwSignalField *field = NULL;

      for (const SwSignalField *f = type->fields; f->name != NULL && field == NULL; f++)
        if (g_strcmp0 (f->name, name) == 0 || g_strcmp0 (f->aliases[0], name) == 0
            || g_strcmp0 (f->aliases[1], name) == 0)
          field = f;
      if (field != NULL && given_as[field - type->fields] != NULL)
        {
          g_set_error (error, SW_ERROR, SW_ERROR_PARSE,
                       _("field “%s” of %s %s signal is given twice, as “%s” and as “%s”; give one of them"),
                       field->name, article (type->name), type->name, given_as[field - type->fields], name);
          return NULL;
        }
      if (field != NULL)
        given_as[field - type->fields] = name;

      if (field == NULL)
        {
          g_autofree char *fields = valid_fields (type);

          g_set_error (error, SW_ERROR, SW_ERROR_UNKNOWN_PARAMETER,
                       _("unknown field “%s” in %s %s signal; valid fields: %s"),
                       name, article (type->name), type->name, fields);
          return NULL;
        }

      if (field->range != SW_FIELD_CUSTOM &&
          !read_field (signal, field, name, json_object_get_member (object, name), error))
        return NULL;
    }

  if (type->kind == SW_SIGNAL_TABLE && !read_table (signal, object, error))
    return NULL;

  if (!check_parameters (signal, error))
    return NULL;

  prepare (signal);
  return g_steal_pointer (&signal);
}

/* {"sensor": {"of": "speed1.w"}}: the output of a sensor component,
 * checked against the model when it is assembled. */
static SwSignal *
read_sensor (JsonNode  *node,
             GError   **error)
{
  JsonObject *object = node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  g_autoptr(GList) members = object != NULL ? json_object_get_members (object) : NULL;
  JsonNode *of = object != NULL ? json_object_get_member (object, "of") : NULL;
  const char *text;

  for (GList *l = members; l != NULL; l = l->next)
    if (g_strcmp0 (l->data, "of") != 0)
      {
        g_set_error (error, SW_ERROR, SW_ERROR_UNKNOWN_PARAMETER,
                     _("unknown field “%s” in a sensor signal; its one field is “of”, the sensor's output "
                       "such as \"speed1.w\""), (const char *) l->data);
        return NULL;
      }
  if (of == NULL || !JSON_NODE_HOLDS_VALUE (of) || json_node_get_value_type (of) != G_TYPE_STRING)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_PARSE,
                   _("a sensor signal must name the sensor's output as a string, "
                     "such as {\"sensor\": {\"of\": \"speed1.w\"}}"));
      return NULL;
    }
  text = json_node_get_string (of);
  if (strchr (text, '.') == NULL || text[0] == '.' || g_str_has_suffix (text, "."))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("“%s” is not a sensor output: give the sensor's id and its variable, such as \"speed1.w\""),
                   text);
      return NULL;
    }
  return sw_signal_new_sensor (text);
}

static SwSignal *
signal_read (JsonNode  *node,
             guint      depth,
             GError   **error)
{
  g_autofree char *types = NULL;
  g_autoptr(GList) members = NULL;
  JsonObject *object;
  const char *name;
  double value;

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    {
      types = valid_types ();
      g_set_error (error, SW_ERROR, SW_ERROR_PARSE,
                   _("a signal must be a number or an object such as "
                     "{\"sine\": {\"amplitude\": 1}}, not null; valid types: %s"),
                   types);
      return NULL;
    }

  if (depth > SW_SIGNAL_MAX_DEPTH)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("signals are nested more than %d deep"), SW_SIGNAL_MAX_DEPTH);
      return NULL;
    }

  if (node_get_number (node, &value))
    {
      if (!isfinite (value) || !sw_number_in_scale (value))
        {
          g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                       _("a constant signal must be 0 or a finite number of magnitude %g … %g, not %g"),
                       SW_NUMBER_MIN_MAGNITUDE, SW_NUMBER_MAX_MAGNITUDE, value);
          return NULL;
        }
      return sw_signal_new_constant (value);
    }

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      types = valid_types ();
      g_set_error (error, SW_ERROR, SW_ERROR_PARSE,
                   _("a signal must be a number or an object such as "
                     "{\"sine\": {\"amplitude\": 1}}, not %s; valid types: %s"),
                   describe_node (node), types);
      return NULL;
    }

  object = json_node_get_object (node);
  members = json_object_get_members (object);

  if (members == NULL || members->next != NULL)
    {
      g_autofree char *found = NULL;
      GString *s = g_string_new (NULL);

      for (GList *l = members; l != NULL; l = l->next)
        g_string_append_printf (s, "%s“%s”", l == members ? "" : ", ", (const char *) l->data);
      found = g_string_free (s, FALSE);
      types = valid_types ();

      if (members == NULL)
        g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                     _("a signal object needs one member naming its type, "
                       "e.g. {\"sine\": {…}}, but it is empty; valid types: %s"),
                     types);
      else
        g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                     _("a signal object must have exactly one member naming its type, "
                       "but it has %u (%s); valid types: %s"),
                     g_list_length (members), found, types);
      return NULL;
    }

  name = members->data;
  if (g_strcmp0 (name, "sensor") == 0)
    return read_sensor (json_object_get_member (object, name), error);
  for (guint i = 0; i < G_N_ELEMENTS (signal_types); i++)
    {
      const SwSignalType *type = &signal_types[i];

      if (g_strcmp0 (type->name, name) != 0)
        continue;

      if (type->kind == SW_SIGNAL_SUM || type->kind == SW_SIGNAL_PRODUCT)
        return read_combination (type, json_object_get_member (object, name), depth, error);
      return read_typed (type, json_object_get_member (object, name), error);
    }

  types = valid_types ();
  g_set_error (error, SW_ERROR, SW_ERROR_UNKNOWN_PARAMETER,
               _("unknown signal type “%s”; valid types: %s"), name, types);
  return NULL;
}

SwSignal *
sw_signal_new_from_json (JsonNode  *node,
                         GError   **error)
{
  g_return_val_if_fail (node != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return signal_read (node, 0, error);
}

/* ------------------------------------------------------------------------ */
/* Writing                                                                  */
/* ------------------------------------------------------------------------ */

JsonNode *
sw_signal_to_json (const SwSignal *signal)
{
  const SwSignalType *type;
  JsonObject *outer;
  JsonNode *node;

  g_return_val_if_fail (signal != NULL, NULL);

  type = signal->type;
  if (type->kind == SW_SIGNAL_CONSTANT)
    return json_node_init_double (json_node_alloc (), signal->k);

  if (type->kind == SW_SIGNAL_SENSOR)
    {
      JsonObject *fields = json_object_new ();

      json_object_set_string_member (fields, "of", signal->of);
      outer = json_object_new ();
      json_object_set_object_member (outer, type->name, fields);
      node = json_node_alloc ();
      json_node_init_object (node, outer);
      json_object_unref (outer);
      return node;
    }

  if (type->kind == SW_SIGNAL_SUM || type->kind == SW_SIGNAL_PRODUCT)
    {
      JsonArray *array = json_array_sized_new (signal->n_children);

      for (guint i = 0; i < signal->n_children; i++)
        json_array_add_element (array, sw_signal_to_json (signal->children[i]));

      outer = json_object_new ();
      json_object_set_array_member (outer, type->name, array);
    }
  else
    {
      JsonObject *fields = json_object_new ();

      for (const SwSignalField *f = type->fields; f->name != NULL; f++)
        {
          if (f->range == SW_FIELD_CUSTOM)
            continue;
          if (f->range == SW_FIELD_INTEGER)
            json_object_set_int_member (fields, f->name, (gint64) field_get (signal, f));
          else
            json_object_set_double_member (fields, f->name, field_get (signal, f));
        }

      if (type->kind == SW_SIGNAL_TABLE)
        {
          JsonArray *rows = json_array_sized_new (signal->n_points);

          for (guint i = 0; i < signal->n_points; i++)
            {
              JsonArray *row = json_array_sized_new (2);

              json_array_add_double_element (row, signal->times[i]);
              json_array_add_double_element (row, signal->values[i]);
              json_array_add_array_element (rows, row);
            }
          json_object_set_array_member (fields, "points", rows);
          json_object_set_string_member (fields, "interpolation",
                                         interpolation_names[signal->interpolation]);
          json_object_set_string_member (fields, "extrapolation",
                                         extrapolation_names[signal->extrapolation]);
        }

      outer = json_object_new ();
      json_object_set_object_member (outer, type->name, fields);
    }

  node = json_node_alloc ();
  json_node_init_object (node, outer);
  json_object_unref (outer);
  return node;
}
