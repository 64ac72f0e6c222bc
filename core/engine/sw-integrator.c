/* sw-integrator.c: what the steppers share (see sw-integrator-private.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-integrator-private.h"

#include <float.h>
#include <math.h>
#include <string.h>
#ifdef SW_AVX2_LOOPS
#include <immintrin.h>
#endif
#include <glib/gi18n-lib.h>
#include <nvector/nvector_serial.h>
#include "sw-error.h"

/* The run's cancellable is read every this many evaluations. */
#define CANCEL_CHECK_EVALS 256

/* A state without a nominal value of its own is measured against at least
 * a fraction of the largest magnitude in its class. The classes: positions
 * (angles, first-order coordinates, sources' angles) and speeds; a
 * position's floor also counts the distance the largest speed covers in the
 * model's stop time, a speed's the largest position over it, so that a
 * class at rest (a mass leaving a contact at 0) does not measure noise.
 *
 * Once a state has turned (fallen to half the largest magnitude it has had),
 * it is a signal of its own, however small beside the rest (a bearing's
 * housing beside its shaft): SW_SCALE_FLOOR, far above round-off, far below
 * any signal worth plotting. Until then it may be the leading edge of a wave
 * that has not reached it yet, growing by orders of magnitude per step:
 * held to its own size there, it sets the steps of the whole run (3x those
 * of a plain absolute tolerance on a chain of 1 000 bodies) for an error
 * nobody sees, so it is measured against SW_SCALE_FLOOR_ARRIVING of its
 * class (1e-2: a housing's first swing is still held well enough). */
#define SW_SCALE_FLOOR          1e-8
#define SW_SCALE_FLOOR_ARRIVING 1e-2

/* Nor is a state held finer than this many round-offs of its class's
 * magnitude (tolerance x scale above SW_ROUNDOFF_ULPS eps x floor): below
 * that, its error estimate and BDF's Newton corrections are noise, and a
 * run at a tight tolerance steps without end (PreLoad at 1e-10: 9.4 M BDF
 * steps, 26 s; with this floor 13 800, 0.08 s). Above SW_SCALE_FLOOR at
 * tolerances below 3e-6. */
#define SW_ROUNDOFF_ULPS        100

/* A step's estimated error is held to this fraction of the tolerance, so
 * that a run's error stays near its tolerance: in an undamped chain the
 * local errors add up (a phase error) over its 6 000-8 000 steps (N =
 * 1 000, 12 s). The chain's error is proportional to the margin, its steps
 * to margin^-0.2 (bench-accuracy, each speed's largest error over its own
 * range at the default 1e-6: 0.05 2.3e-5, 0.025 1.15e-5, 0.02 9.2e-6 for
 * 1.2 x the steps of 0.05): 0.02 holds the long chain within 10 x the
 * tolerance of each signal's range (issue 19) and N = 100 within 1.5e-6. */
#define SW_TOLERANCE_MARGIN     0.02

/* Dormand-Prince 8(5,3)'s (issue 24, bench-accuracy chain-rk853): at 0.02
 * its undamped step chain ends 1.8e-5 of the signals' ranges off (N = 100,
 * issue 19 asks 1e-5), at 0.01 1.1e-6 (N = 1 000: 4.2e-6 -> 1.1e-6), for
 * 1.08 x the steps: an 8th-order method's steps grow as margin^-1/8. */
#define SW_TOLERANCE_MARGIN_853 0.01

/* Nor tighter than this (or the tolerance, below it): at 1e-11 a state at
 * rest beside moving ones is held to round-off, and the steps shrink to
 * nothing (MSL's OneWayClutch at 1e-10). */
#define SW_TOLERANCE_TIGHTEST   1e-10

enum { SCALE_POSITION, SCALE_SPEED, SCALE_FIXED };

/* The classes and given nominals in the system's order; every other scale
 * starts at 1 (Modelica's default nominal) until its class moves: a state
 * that starts at 0 where its law has a kink (friction at speed 0 after a
 * break-away) would otherwise be measured against nothing but its own
 * growth, and no step would do. */
static void
scales_new (SwIntegrator *it, SwErrorControl error_control)
{
  const SwSystem *sys = it->sys;
  guint nm = sys->n_massive;

  it->scale = g_new (double, it->n);
  it->scale_class = g_new (guint8, it->n);
  it->peak = g_new0 (double, it->n);
  it->turned = g_new0 (guint8, it->n);
  for (guint i = 0; i < it->n; i++)
    {
      it->scale_class[i] = i >= nm && i < 2 * nm ? SCALE_SPEED : SCALE_POSITION;
      it->scale[i] = 1;
    }
  for (guint k = 0; k < sys->n_drivers; k++)
    if (_sw_driver_n_states (&sys->drivers[k]) == 2)
      it->scale_class[sys->drivers[k].state + 1] = SCALE_SPEED;
  for (guint i = 0; i < it->n; i++)
    if (error_control == SW_ERROR_CONTROL_UNIT_RMS || sys->nominal[i] > 0)
      {
        it->scale_class[i] = SCALE_FIXED;
        it->scale[i] = error_control == SW_ERROR_CONTROL_UNIT_RMS ? 1 : sys->nominal[i];
      }
  /* The runs of one class: two or three in a chain (its angles, its
   * speeds). */
  it->runs = g_new (guint, 3 * it->n);
  it->n_runs = 0;
  for (guint i = 0; i < it->n; i++)
    if (it->n_runs > 0 && it->runs[3 * it->n_runs - 1] == it->scale_class[i])
      it->runs[3 * it->n_runs - 2] = i + 1;
    else
      {
        guint *r = it->runs + 3 * it->n_runs++;

        r[0] = i, r[1] = i + 1, r[2] = it->scale_class[i];
      }
  it->class_max[SCALE_POSITION] = it->class_max[SCALE_SPEED] = 0;
  it->time_scale = sys->settings.stop_time_s > 0 ? sys->settings.stop_time_s : 1;
  it->rms_norm = error_control == SW_ERROR_CONTROL_UNIT_RMS;
}

static void
scale_floors (const SwIntegrator *it, const double max[2], double floor[2])
{
  double covered = max[SCALE_SPEED] * it->time_scale, over = max[SCALE_POSITION] / it->time_scale;

  /* (Not past the classes' own where those overflow: a run of 1e100 s.) */
  floor[SCALE_POSITION] = MAX (max[SCALE_POSITION], isfinite (covered) ? covered : 0);
  floor[SCALE_SPEED] = MAX (max[SCALE_SPEED], isfinite (over) ? over : 0);
}

/* State s's scale, fl[2 c] the floor of its class c before it has turned,
 * fl[2 c + 1] after (an index, not a branch: this runs over every state on
 * every step). Never above Modelica's default nominal 1: a large state that
 * swings through 0 is measured as before, not against its largest swing. */
static inline double
scale_of (const SwIntegrator *it, guint s, guint c, const double fl[4])
{
  return MIN (MAX (it->peak[s], fl[2 * c + it->turned[s]]), 1.0);
}

static void
class_floors (const SwIntegrator *it, const double max[2], double fl[4])
{
  double floor[2];

  scale_floors (it, max, floor);
  for (guint c = 0; c < 2; c++)
    {
      /* (A class still at 0 keeps 1.) */
      fl[2 * c] = max[c] == 0 ? 1 : SW_SCALE_FLOOR_ARRIVING * floor[c];
      fl[2 * c + 1] = max[c] == 0 ? 1 : it->turned_floor * floor[c];
    }
}

/* The arrays a scale update reads and writes, apart (no aliasing: the
 * compiler keeps them in registers). */
typedef struct {
  const guint8 *restrict scale_class;
  double *restrict       peak;
  double *restrict       scale;
  guint8 *restrict       turned;
} ScaleArrays;

/* One state's peak, turn and scale after a step that ended at |y| = a.
 * (Branch-free selections: this runs over every state on every accepted
 * step.) */
static inline void
update_one (const ScaleArrays *x, guint s, double a, const double fl[4], double max[2])
{
  guint c = x->scale_class[s], t;
  double p = x->peak[s], f, v;

  if (c == SCALE_FIXED)
    return;
  t = x->turned[s] | (a < 0.5 * p);
  x->turned[s] = t;
  /* (The class's largest can only grow with a peak: most steps touch
   * neither, and the loop carries nothing from one state to the next.) */
  if (a > p)
    {
      x->peak[s] = p = a;
      max[c] = MAX (max[c], a);
    }
  f = fl[2 * c + t];
  v = p > f ? p : f;
  v = v < 1.0 ? v : 1.0;
  x->scale[s] = v;
}

/* The states first … end - 1 of one class (not fixed), |y| = |z|, with
 * the class's floors f0 before they have turned and f1 after: update_one's
 * in a loop without branches. */
static void
update_run_plain (const ScaleArrays *x, guint first, guint end, const double *restrict z, double f0, double f1,
                  double *max)
{
  double *restrict peak = x->peak, *restrict scale = x->scale, m = *max;
  guint8 *restrict turned = x->turned;

  for (guint s = first; s < end; s++)
    {
      double a = fabs (z[s]), p = peak[s], f, v;
      guint8 t = turned[s] | (a < 0.5 * p);

      turned[s] = t;
      p = a > p ? a : p;
      peak[s] = p;
      m = p > m ? p : m;
      f = t ? f1 : f0;
      v = p > f ? p : f;
      v = v < 1.0 ? v : 1.0;
      scale[s] = v;
    }
  *max = m;
}

#ifdef SW_AVX2_LOOPS
/* The same four states at a time (the compiler left the loop above one at
 * a time: its bytes beside doubles). maxpd (a, b) is a > b ? a : b and
 * minpd (a, b) a < b ? a : b, the selections above: the same values. */
__attribute__ ((target ("avx2"))) static void
update_run_avx2 (const ScaleArrays *x, guint first, guint end, const double *restrict z, double f0, double f1,
                 double *max)
{
  /* Four flags as four bytes, by the mask's bits. */
  static const guint32 bytes[16] = {
    0x00000000, 0x00000001, 0x00000100, 0x00000101, 0x00010000, 0x00010001, 0x00010100, 0x00010101,
    0x01000000, 0x01000001, 0x01000100, 0x01000101, 0x01010000, 0x01010001, 0x01010100, 0x01010101,
  };
  const __m256d magnitude = _mm256_castsi256_pd (_mm256_set1_epi64x (0x7fffffffffffffffLL));
  const __m256d half = _mm256_set1_pd (0.5), one = _mm256_set1_pd (1.0);
  const __m256d floor0 = _mm256_set1_pd (f0), floor1 = _mm256_set1_pd (f1);
  double *restrict peak = x->peak, *restrict scale = x->scale, m = *max, lanes[4];
  guint8 *restrict turned = x->turned;
  __m256d largest = _mm256_set1_pd (m);
  guint s = first;

  for (; s + 4 <= end; s += 4)
    {
      __m256d a = _mm256_and_pd (_mm256_loadu_pd (z + s), magnitude), p = _mm256_loadu_pd (peak + s), t;
      guint32 flags;

      memcpy (&flags, turned + s, sizeof flags);
      t = _mm256_castsi256_pd (_mm256_cmpgt_epi64 (_mm256_cvtepu8_epi64 (_mm_cvtsi32_si128 ((int) flags)),
                                                   _mm256_setzero_si256 ()));
      t = _mm256_or_pd (t, _mm256_cmp_pd (a, _mm256_mul_pd (half, p), _CMP_LT_OQ));
      memcpy (turned + s, &bytes[_mm256_movemask_pd (t)], sizeof flags);
      p = _mm256_max_pd (a, p);
      _mm256_storeu_pd (peak + s, p);
      largest = _mm256_max_pd (p, largest);
      _mm256_storeu_pd (scale + s, _mm256_min_pd (_mm256_max_pd (p, _mm256_blendv_pd (floor0, floor1, t)), one));
    }
  _mm256_storeu_pd (lanes, largest);
  for (guint k = 0; k < 4; k++)
    m = lanes[k] > m ? lanes[k] : m;
  *max = m;
  update_run_plain (x, s, end, z, f0, f1, max);
}
#endif

static void
update_run (const ScaleArrays *x, guint first, guint end, const double *restrict z, double f0, double f1,
            double *max)
{
#ifdef SW_AVX2_LOOPS
  static gsize avx2 = 0;   /* 1 + whether */

  if (g_once_init_enter (&avx2))
    g_once_init_leave (&avx2, 1 + (__builtin_cpu_supports ("avx2") != 0));
  if (avx2 == 2)
    {
      update_run_avx2 (x, first, end, z, f0, f1, max);
      return;
    }
#endif
  update_run_plain (x, first, end, z, f0, f1, max);
}

void
_sw_integrator_update_scales (SwIntegrator *it, const double *z)
{
  const ScaleArrays x = { it->scale_class, it->peak, it->scale, it->turned };
  const guint *order = it->order;
  double max[2] = { it->class_max[0], it->class_max[1] }, fl[4];
  gboolean fresh[2];

  class_floors (it, max, fl);
  if (order == NULL)
    for (guint k = 0; k < it->n_runs; k++)
      {
        const guint *r = it->runs + 3 * k;

        if (r[2] != SCALE_FIXED)
          update_run (&x, r[0], r[1], z, fl[2 * r[2]], fl[2 * r[2] + 1], &max[r[2]]);
      }
  else
    /* (BDF in its band order.) */
    for (guint i = 0, n = it->n; i < n; i++)
      update_one (&x, order[i], fabs (z[i]), fl, max);
  /* A class that was all at 0 has moved: its scales were 1. */
  for (guint c = 0; c < 2; c++)
    fresh[c] = it->class_max[c] == 0 && max[c] > 0;
  it->class_max[0] = max[0], it->class_max[1] = max[1];
  if (fresh[0] || fresh[1])
    {
      class_floors (it, max, fl);
      for (guint i = 0; i < it->n; i++)
        {
          guint s = it->order != NULL ? it->order[i] : i, c = it->scale_class[s];

          if (c != SCALE_FIXED && fresh[c])
            it->scale[s] = scale_of (it, s, c, fl);
        }
    }
}

int
_sw_integrator_weights (N_Vector y, N_Vector ewt, void *data)
{
  SwIntegrator *it = data;
  const double *z = N_VGetArrayPointer (y);
  double *w = N_VGetArrayPointer (ewt);

  for (guint i = 0; i < it->n; i++)
    w[i] = 1 / (it->tolerance * (it->scale[it->order != NULL ? it->order[i] : i] + fabs (z[i])));
  return 0;
}

void
_sw_integrator_to_system (SwIntegrator *it, const double *z, double *y)
{
  if (it->order == NULL)
    memcpy (y, z, it->n * sizeof (double));
  else
    for (guint i = 0; i < it->n; i++)
      y[it->order[i]] = z[i];
}

void
_sw_integrator_from_system (SwIntegrator *it, const double *y, double *z)
{
  if (it->order == NULL)
    memcpy (z, y, it->n * sizeof (double));
  else
    for (guint i = 0; i < it->n; i++)
      z[i] = y[it->order[i]];
}

int
_sw_integrator_rhs (SwIntegrator *it, double t, const double *z, double *zdot)
{
  const double *y = z;
  double *ydot = zdot;
  gboolean finite = TRUE;

  it->n_rhs_evals++;
  if (it->n_rhs_evals % CANCEL_CHECK_EVALS == 0 && g_cancellable_is_cancelled (it->cancellable))
    return -1;
  if (it->order != NULL)
    {
      _sw_integrator_to_system (it, z, it->y_sys);
      y = it->y_sys;
      ydot = it->ydot_sys;
    }
  if (!sw_equations_eval (it->eq, t, y, ydot))
    return -1;
  if (it->check_finite)
    {
      for (guint i = 0; i < it->n; i++)
        finite &= isfinite (ydot[i]) && isfinite (y[i]);
      if (!finite)
        {
          _sw_integrator_note_not_finite (it, t, y);
          return -1;
        }
    }
  if (it->order != NULL)
    _sw_integrator_from_system (it, ydot, zdot);
  return 0;
}

void
_sw_integrator_note_not_finite (SwIntegrator *it, double t, const double *y)
{
  if (it->not_finite)
    return;
  it->not_finite = TRUE;
  it->not_finite_t = t;
  it->not_finite_y = g_memdup2 (y, it->n * sizeof (double));
}

void
_sw_integrator_clear_not_finite (SwIntegrator *it)
{
  it->not_finite = FALSE;
  g_clear_pointer (&it->not_finite_y, g_free);
}

void
_sw_integrator_on_message (int code, const char *module, const char *function, char *message, void *user_data)
{
  SwIntegrator *it = user_data;

  g_free (it->message);
  it->message = g_strdup_printf ("%s: %s", function, message);
}

SwIntegrator *
_sw_integrator_new (const SwSystem *sys, SwEquations *eq, SwMethod method, double tolerance,
                    SwErrorControl error_control, GCancellable *cancellable, double t0, const double *y0,
                    const SwIntegrator *previous, GError **error)
{
  SwIntegrator *it = g_new0 (SwIntegrator, 1);

  g_return_val_if_fail (method != SW_METHOD_AUTO && sys->n_states > 0, NULL);
  it->type = method == SW_METHOD_ADAMS || method == SW_METHOD_BDF ? &sw_integrator_cvode
             : method == SW_METHOD_RK853                          ? &sw_integrator_dop853
             : method != SW_METHOD_RK45                           ? &sw_integrator_erk
             /* Positions and velocities alone: Nystrom form. */
             : sys->n_coords == sys->n_massive && sys->n_states == 2 * sys->n_massive ? &sw_integrator_nystrom
                                                                                        : &sw_integrator_dopri;
  it->sys = sys;
  it->eq = eq;
  it->method = method;
  it->tolerance = error_control == SW_ERROR_CONTROL_UNIT_RMS
                    ? tolerance
                    : MAX ((method == SW_METHOD_RK853 ? SW_TOLERANCE_MARGIN_853 : SW_TOLERANCE_MARGIN) * tolerance,
                           MIN (tolerance, SW_TOLERANCE_TIGHTEST));
  it->turned_floor = MAX (SW_SCALE_FLOOR, SW_ROUNDOFF_ULPS * DBL_EPSILON / it->tolerance);
  it->cancellable = cancellable;
  it->n = sys->n_states;
  /* The system's order beside the integrator's: CVODE's alone. */
  if (it->type == &sw_integrator_cvode)
    {
      it->y_sys = g_new (double, it->n);
      it->ydot_sys = g_new (double, it->n);
    }
  it->check_finite = it->type != &sw_integrator_dopri && it->type != &sw_integrator_nystrom
                     && it->type != &sw_integrator_dop853;
  scales_new (it, error_control);
  /* The classes' magnitudes go on across a change of the system (a clutch
   * locking): its bodies may all sit at 0 there, their speeds round-off
   * noise that would otherwise be taken for the class's size (a step of
   * 1e-20 s at a one-way clutch's locking). The states' own peaks start
   * afresh, since the states are not the same: each is held to its own
   * size around the event, where the error is made. (Carrying the peaks
   * through the nodes was measured: PreLoad's error rose from 4.6e-6 to
   * 1.1e-4 of its range for half the steps.) */
  if (previous != NULL)
    memcpy (it->class_max, previous->class_max, sizeof it->class_max);
  if (!it->type->init (it, t0, y0, error))
    {
      _sw_integrator_free (it);
      return NULL;
    }
  return it;
}

gboolean
_sw_integrator_sundials_start (SwIntegrator *it, GError **error)
{
  if (SUNContext_Create (NULL, &it->ctx) != 0)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_NOT_CONVERGED, _("the integrator (SUNDIALS) could not start"));
      return FALSE;
    }
  it->y = N_VNew_Serial (it->n, it->ctx);
  it->scratch = N_VNew_Serial (it->n, it->ctx);
  return it->y != NULL && it->scratch != NULL;
}

void
_sw_integrator_free (SwIntegrator *it)
{
  if (it == NULL)
    return;
  if (it->type != NULL && it->type->free != NULL)
    it->type->free (it);
  if (it->y != NULL)
    N_VDestroy (it->y);
  if (it->scratch != NULL)
    N_VDestroy (it->scratch);
  if (it->ctx != NULL)
    SUNContext_Free (&it->ctx);
  _sw_jacobian_pattern_free (it->pattern);
  g_free (it->order);
  g_free (it->y_sys);
  g_free (it->ydot_sys);
  g_free (it->scale);
  g_free (it->scale_class);
  g_free (it->peak);
  g_free (it->turned);
  g_free (it->runs);
  g_free (it->not_finite_y);
  g_free (it->message);
  g_free (it);
}

gboolean
_sw_integrator_restart (SwIntegrator *it, double t, const double *y, GError **error)
{
  guint64 before[SW_N_COUNTERS] = { 0 }, after[SW_N_COUNTERS] = { 0 };
  gboolean ok;

  /* Whether the library starts its counters afresh or not. */
  it->type->counters (it, before);
  ok = it->type->restart (it, t, y, error);
  it->type->counters (it, after);
  for (guint k = 0; k < SW_N_COUNTERS; k++)
    if (after[k] < before[k])
      it->counted[k] += before[k];
  return ok;
}

void
_sw_integrator_get_stats (SwIntegrator *it, SwSimulateStats *stats)
{
  guint64 c[SW_N_COUNTERS] = { 0 };

  it->type->counters (it, c);
  stats->n_steps = it->counted[SW_COUNT_STEPS] + c[SW_COUNT_STEPS];
  stats->n_rejected = it->counted[SW_COUNT_REJECTED] + c[SW_COUNT_REJECTED];
  stats->n_jacobians = it->counted[SW_COUNT_JACOBIANS] + c[SW_COUNT_JACOBIANS];
  stats->n_jac_rhs_evals = it->counted[SW_COUNT_JAC_EVALS] + c[SW_COUNT_JAC_EVALS];
  stats->n_rhs_evals = it->n_rhs_evals;
}
