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
 * Here the descriptor tables and the construction; the evaluation is in
 * sw-signal-eval.c, reading and writing in sw-signal-read.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-signal.h"
#include "sw-signal-private.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "sw-error.h"
#include "sw-number.h"

const char *const _sw_signal_interpolation_names[] = { "linear", "hold", "akima", "fritsch-butland", "steffen" };
const char *const _sw_signal_extrapolation_names[] = { "hold", "linear", "periodic", "none" };

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

/* No offset or startTime: a lookup has no time of its own. */
static const SwSignalField lookup_fields[] = {
  { "input", 0, 0.0, SW_FIELD_CUSTOM, { NULL, NULL } },
  { "points", 0, 0.0, SW_FIELD_CUSTOM, { NULL, NULL } },
  { "interpolation", 0, 0.0, SW_FIELD_CUSTOM, { NULL, NULL } },
  { "extrapolation", 0, 0.0, SW_FIELD_CUSTOM, { NULL, NULL } },
  { NULL, 0, 0.0, SW_FIELD_ANY, { NULL, NULL } }
};

#undef FIELDS_END
#undef FIELD_AS
#undef FIELD

/* In the order of sw_signal_type_names. */
const SwSignalType _sw_signal_types[] = {
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
  { "lookup",    SW_SIGNAL_LOOKUP,    FALSE, FALSE, lookup_fields },
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
  "trapezoid", "table", "sum", "product", "lookup",
  NULL
};

G_STATIC_ASSERT (G_N_ELEMENTS (_sw_signal_types) + 1 == G_N_ELEMENTS (sw_signal_type_names));

double *
_sw_signal_field_ptr (SwSignal            *signal,
                      const SwSignalField *field)
{
  return (double *) (gpointer) ((guint8 *) signal + field->member);
}

double
_sw_signal_field_get (const SwSignal      *signal,
                      const SwSignalField *field)
{
  return *(const double *) (gconstpointer) ((const guint8 *) signal + field->member);
}

SwSignal *
_sw_signal_alloc (const SwSignalType *type)
{
  SwSignal *signal = g_new0 (SwSignal, 1);

  g_atomic_ref_count_init (&signal->ref_count);
  signal->type = type;
  signal->nperiod = -1.0;

  if (type->fields != NULL)
    {
      for (const SwSignalField *f = type->fields; f->name != NULL; f++)
        if (f->range != SW_FIELD_CUSTOM)
          *_sw_signal_field_ptr (signal, f) = f->default_value;
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
  g_free (signal->slopes);
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


SwSignal *
sw_signal_new_sensor (const char *of)
{
  SwSignal *signal;

  g_return_val_if_fail (of != NULL, NULL);

  signal = _sw_signal_alloc (&sensor_type);
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

  signal = _sw_signal_alloc (&_sw_signal_types[g_str_equal (type, "sum") ? SW_SIGNAL_SUM : SW_SIGNAL_PRODUCT]);
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
  if (signal->type->kind == SW_SIGNAL_LOOKUP)
    {
      g_autoptr (SwSignal) input = sw_signal_dup_prefixed (signal->children[0], prefix);

      return _sw_signal_lookup_with_input (signal, input);
    }
  children = g_new (SwSignal *, signal->n_children);
  for (guint i = 0; i < signal->n_children; i++)
    children[i] = sw_signal_dup_prefixed (signal->children[i], prefix);
  copy = sw_signal_new_combination (signal->type->name, children, signal->n_children);
  for (guint i = 0; i < signal->n_children; i++)
    sw_signal_unref (children[i]);
  return copy;
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
               _sw_signal_table_slope (signal, n - 2) != _sw_signal_table_slope (signal, 0);
      else
        jump = tt[j - 1] == tt[j] || tt[j] == tt[j + 1] ||
               _sw_signal_table_slope (signal, j - 1) != _sw_signal_table_slope (signal, j);

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

  /* With 2 points a smooth table is the straight line, as in Modelica. */
  if (_sw_signal_interpolation_is_smooth (signal->interpolation) && n >= 3)
    {
      signal->slopes = g_new (double, n);
      _sw_signal_spline_slopes (signal->interpolation, signal->times, signal->values, n, signal->slopes);
      signal->slope_first = signal->slopes[0];
      signal->slope_last = signal->slopes[n - 1];
    }
  else if (n >= 2)
    {
      signal->slope_first = _sw_signal_table_slope (signal, 0);
      signal->slope_last = _sw_signal_table_slope (signal, n - 2);
    }

  /* A smooth table's second derivative jumps at its points: events too. */
  for (guint i = 0; i < n; i++)
    {
      double l1, r1, l2, r2;
      double l = _sw_signal_table_eval (signal, signal->breaks[i], TRUE, &l1, &l2);
      double r = _sw_signal_table_eval (signal, signal->breaks[i], FALSE, &r1, &r2);

      signal->break_event[i] = l != r || l1 != r1 || l2 != r2;
    }
}

gboolean
_sw_signal_interpolation_is_smooth (SwInterpolation interpolation)
{
  return interpolation == SW_INTERPOLATION_AKIMA || interpolation == SW_INTERPOLATION_FRITSCH_BUTLAND
         || interpolation == SW_INTERPOLATION_STEFFEN;
}

void
_sw_signal_prepare (SwSignal *signal)
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
    case SW_SIGNAL_LOOKUP:
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
    signal->off_event = jumps_at (signal, _sw_signal_period_start (signal, signal->nperiod));
}

SwSignal *
_sw_signal_lookup_with_input (const SwSignal *lookup,
                              SwSignal       *input)
{
  SwSignal *signal = _sw_signal_alloc (lookup->type);

  signal->n_points = lookup->n_points;
  signal->times = g_memdup2 (lookup->times, lookup->n_points * sizeof (double));
  signal->values = g_memdup2 (lookup->values, lookup->n_points * sizeof (double));
  signal->interpolation = lookup->interpolation;
  signal->extrapolation = lookup->extrapolation;
  signal->children = g_new (SwSignal *, 1);
  signal->children[0] = sw_signal_ref (input);
  signal->n_children = 1;
  signal->n_inputs = input->n_inputs;
  _sw_signal_prepare (signal);
  return signal;
}

SwSignal *
sw_signal_new_constant (double value)
{
  SwSignal *signal;

  g_return_val_if_fail (isfinite (value), NULL);

  signal = _sw_signal_alloc (&_sw_signal_types[SW_SIGNAL_CONSTANT]);
  signal->k = value;
  return signal;
}
