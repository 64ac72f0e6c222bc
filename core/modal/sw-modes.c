/* sw-modes.c: natural frequencies, mode shapes and energies.
 *
 * Coordinates of the linearisation (sw-linear.c, compressed columns) are
 * split into massive ones (m), massless ones with damping that stay
 * first-order unknowns of the damped problem (f), and massless ones
 * condensed statically (s), one connected group of them at a time.
 * Undamped: K_c = K_mm - K_ms K_ss^-1 K_sm over m, K_c v = lambda M v
 * (sw-eigen.c picks the solver by structure).
 * Damped: no damping gives +-i omega; damping that every mode diagonalises
 * (D v = delta M v, e.g. Rayleigh damping) gives each mode's pair from
 * lambda^2 + delta lambda + omega^2 = 0; otherwise the eigenvalues of the
 * state-space matrix over [q_m, q_f, q_m'] (LAPACK dgeevx, balanced), or,
 * for the lowest modes of a large model, those nearest the low end by
 * shift-invert Arnoldi on the band (sw-eigen-arnoldi.c), paired the same way.
 * Only the coordinate shapes (modes x coordinates) and a few numbers per
 * mode are kept; per-body and per-section values are recomputed from them
 * in linear work (sw_modes_get_mode_values), unless options ask to keep them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-modes.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>
#include "sw-lapack-private.h"
#include "sw-friction-private.h"
#include "sw-error.h"
#include "sw-gsl-private.h"
#include "sw-eigen-private.h"
#include "sw-linear-private.h"
#include "sw-modes-private.h"

/* A real damped eigenvalue slower than this (a time constant of 11.6
 * days) counts as 0: it is what differencing leaves of a force whose
 * derivative is 0 (quadratic drag at rest). */
#define MIN_DECAY_PER_S 1e-6

SwModesOptions
sw_modes_options_default (void)
{
  return (SwModesOptions) { .n_lowest = 0, .solver = SW_MODES_SOLVER_AUTO, .keep_values = TRUE };
}

/* ---- Static condensation ------------------------------------------------ */

/* Parts (indices) in the order of the model's components. */
static int
compare_components (gconstpointer a, gconstpointer b, gpointer sys)
{
  guint ca = ((const SwSystem *) sys)->parts[*(const guint *) a].component;
  guint cb = ((const SwSystem *) sys)->parts[*(const guint *) b].component;

  return (ca > cb) - (ca < cb);
}

/* ---- Mass normalisation ------------------------------------------------- */

/* x = T q over the nodes, q a mode's massive coordinates (m[r] is the r-th). */
static void
mode_nodes (const SwSystem *sys, const double *q, const guint *m, guint nm, double *x)
{
  memset (x, 0, sys->n_nodes * sizeof (double));
  for (guint r = 0; r < nm; r++)
    for (guint c = sys->c_start[m[r]]; c < sys->c_start[m[r] + 1]; c++)
      x[sys->c_terms[c].index] += sys->c_terms[c].coeff * q[r];
}

/* Each mode's x^T M x where M is diagonal over the nodes (no couplings),
 * two modes at a time: each sum adds in its own order, as a mode alone
 * would (the same bits), and the two chains of additions overlap (their
 * latency was half of the normalisation's time). q: the modes' massive
 * coordinates, ld apart. */
static void
mass_norms_squared (const SwSystem *sys, const double *q, gsize ld, const guint *m, guint nm, guint n_modes,
                    double *norm2)
{
  g_autofree double *xa = g_new0 (double, MAX (sys->n_nodes, 1));
  g_autofree double *xb = g_new0 (double, MAX (sys->n_nodes, 1));

  g_assert (sys->n_couplings == 0);
  for (guint i = 0; i < n_modes; i += 2)
    {
      gboolean pair = i + 1 < n_modes;
      double sa = 0, sb = 0;

      mode_nodes (sys, q + i * ld, m, nm, xa);
      if (pair)
        mode_nodes (sys, q + (i + 1) * ld, m, nm, xb);
      else
        memset (xb, 0, sys->n_nodes * sizeof (double));
      for (guint nd = 0; nd < sys->n_nodes; nd++)
        {
          sa += xa[nd] * (sys->mass[nd] * xa[nd]);
          sb += xb[nd] * (sys->mass[nd] * xb[nd]);
        }
      norm2[i] = sa;
      if (pair)
        norm2[i + 1] = sb;
    }
}

/* The same where each node is one massive coordinate times 1 (a chain's
 * flanges; the massive coordinates first, in order): x = 0 + q taken as
 * each term is added, and four modes at a time (four chains of additions
 * side by side, each in its own order: the same bits). */
static void
mass_norms_squared_gathered (const SwSystem *sys, const guint *node_coord, const double *q, gsize ld, guint n_modes,
                             double *norm2)
{
  guint i = 0;

  for (; i + 4 <= n_modes; i += 4)
    {
      const double *q0 = q + i * ld, *q1 = q0 + ld, *q2 = q1 + ld, *q3 = q2 + ld;
      double s0 = 0, s1 = 0, s2 = 0, s3 = 0;

      for (guint nd = 0; nd < sys->n_nodes; nd++)
        {
          guint c = node_coord[nd];
          double m = sys->mass[nd], x0 = 0.0 + q0[c], x1 = 0.0 + q1[c], x2 = 0.0 + q2[c], x3 = 0.0 + q3[c];

          s0 += x0 * (m * x0), s1 += x1 * (m * x1), s2 += x2 * (m * x2), s3 += x3 * (m * x3);
        }
      norm2[i] = s0, norm2[i + 1] = s1, norm2[i + 2] = s2, norm2[i + 3] = s3;
    }
  for (; i < n_modes; i++)
    {
      const double *q0 = q + i * ld;
      double s0 = 0;

      for (guint nd = 0; nd < sys->n_nodes; nd++)
        {
          double x0 = 0.0 + q0[node_coord[nd]];

          s0 += x0 * (sys->mass[nd] * x0);
        }
      norm2[i] = s0;
    }
}

/* ---- Damped eigenvalues ------------------------------------------------- */

static void
set_damped (SwMode *mode, double re, double im, gboolean real_pair, double tiny)
{
  mode->has_damped = TRUE;
  mode->damped_frequency_hz = fabs (im) / (2 * G_PI);
  mode->decay_rate_per_s = -re;
  mode->damping_ratio = im != 0 ? -re / hypot (re, im) : NAN;
  mode->overdamped = real_pair && fabs (re) > tiny;
  /* Growing (a negative damping, feedback of a speed): unstable, not
   * overdamped, its growth the eigenvalue's real part. */
  if (re > tiny)
    {
      mode->overdamped = FALSE;
      mode->unstable = TRUE;
      mode->growth_rate_per_s = MAX (mode->growth_rate_per_s, re);
    }
  if (im == 0 && !mode->overdamped && !(re > tiny))
    mode->decay_rate_per_s = 0;
  if (mode->rigid_body && !mode->overdamped)
    mode->damping_ratio = NAN;
}

typedef enum {
  NEAR_ZERO,        /* real, nearest 0 */
  NEAR_OMEGA,       /* Im > 0, |lambda| nearest omega */
  NEAR_DECAY,       /* real < 0, -lambda nearest target on a log scale */
} Nearness;

static int
nearest (const SwModes *modes, const gboolean *used, Nearness how, double target)
{
  int best = -1;
  double best_d = INFINITY;

  /* No decay is nearest omega = 0 on a log scale (log(x/0)). */
  if (how == NEAR_DECAY && !(target > 0))
    return -1;
  for (guint k = 0; k < modes->n_eigenvalues; k++)
    {
      double re = modes->eig_re[k], im = modes->eig_im[k], d;

      if (used[k])
        continue;
      if (how == NEAR_ZERO && im == 0)
        d = fabs (re);
      else if (how == NEAR_OMEGA && im > 0)
        d = fabs (hypot (re, im) - target);
      else if (how == NEAR_DECAY && im == 0 && re < 0)
        d = fabs (log (-re / target));
      else
        continue;
      if (d < best_d)
        best_d = d, best = k;
    }
  return best;
}

/* Pairs each mode with damped eigenvalues: a rigid-body mode has one ~0
 * (its position) and another, ~0 or a decay; an elastic one a complex pair,
 * or two real ones when overdamped (the slower decay is reported). */
static void
pair_damped (SwModes *modes, double tiny, gboolean *promoted)
{
  g_autofree gboolean *used = g_new0 (gboolean, MAX (modes->n_eigenvalues, 1));
  const double *re = modes->eig_re, *im = modes->eig_im;
  int k, k2;

  for (guint i = 0; i < modes->n_modes; i++)
    if (modes->modes[i].rigid_body && (k = nearest (modes, used, NEAR_ZERO, 0)) >= 0)
      used[k] = TRUE;
  for (guint i = 0; i < modes->n_modes; i++)
    {
      SwMode *mode = &modes->modes[i];

      if (!mode->rigid_body && (k = nearest (modes, used, NEAR_OMEGA, mode->omega_rad_s)) >= 0)
        {
          used[k] = TRUE;
          set_damped (mode, re[k], im[k], FALSE, tiny);
        }
    }
  for (guint i = 0; i < modes->n_modes; i++)
    {
      SwMode *mode = &modes->modes[i];
      double w = mode->omega_rad_s;

      if (mode->rigid_body || mode->has_damped || (k = nearest (modes, used, NEAR_DECAY, w)) < 0)
        continue;
      used[k] = TRUE;
      /* Its partner: the product of the pair is omega^2. */
      if ((k2 = nearest (modes, used, NEAR_DECAY, w * w / -re[k])) >= 0)
        {
          used[k2] = TRUE;
          if (re[k2] > re[k])
            k = k2;
        }
      set_damped (mode, re[k], 0, TRUE, tiny);
    }
  for (guint i = 0; i < modes->n_modes; i++)
    if (modes->modes[i].rigid_body && (k = nearest (modes, used, NEAR_ZERO, 0)) >= 0)
      {
        used[k] = TRUE;
        set_damped (&modes->modes[i], re[k], 0, TRUE, tiny);
      }
  /* A rigid-body mode whose second eigenvalue is a complex pair: a body
   * that only a damper in series holds (a Maxwell element) is free without
   * damping, yet oscillates with it. It is that oscillation, at |lambda|. */
  for (guint i = 0; i < modes->n_modes; i++)
    {
      SwMode *mode = &modes->modes[i];

      if (!mode->rigid_body || mode->has_damped || (k = nearest (modes, used, NEAR_OMEGA, 0)) < 0)
        continue;
      used[k] = TRUE;
      promoted[i] = TRUE;
      mode->rigid_body = FALSE;
      mode->omega_rad_s = hypot (re[k], im[k]);
      mode->frequency_hz = mode->omega_rad_s / (2 * G_PI);
      modes->lambda[i] = mode->omega_rad_s * mode->omega_rad_s;
      /* Its energies as with the damper locked: the spring's |lambda|^2 M. */
      for (guint j = 0; j < modes->n_coords; j++)
        if (modes->system->coord_class[j] == SW_COORD_FIRST_ORDER)
          modes->coord_shapes[(gsize) i * modes->n_coords + j] = 0;
      set_damped (mode, re[k], im[k], FALSE, tiny);
    }
}

static int
compare_eigenvalues (gconstpointer a, gconstpointer b, gpointer data)
{
  const SwModes *m = data;
  guint i = *(const guint *) a, j = *(const guint *) b;
  double ai = fabs (m->eig_im[i]), aj = fabs (m->eig_im[j]);

  if (ai != aj)
    return ai < aj ? -1 : 1;
  if (m->eig_re[i] != m->eig_re[j])
    return m->eig_re[i] > m->eig_re[j] ? -1 : 1;
  return m->eig_im[i] > m->eig_im[j] ? -1 : m->eig_im[i] < m->eig_im[j];
}

static void
sort_eigenvalues (SwModes *modes)
{
  guint n = modes->n_eigenvalues;
  g_autofree guint *order = g_new (guint, MAX (n, 1));
  g_autofree double *re = g_memdup2 (modes->eig_re, MAX (n, 1) * sizeof (double));
  g_autofree double *im = g_memdup2 (modes->eig_im, MAX (n, 1) * sizeof (double));

  for (guint k = 0; k < n; k++)
    order[k] = k;
  g_qsort_with_data (order, n, sizeof (guint), compare_eigenvalues, modes);
  for (guint k = 0; k < n; k++)
    modes->eig_re[k] = re[order[k]], modes->eig_im[k] = im[order[k]];
}

/* A mode's per-body and per-section values and scalars again (after
 * pair_damped() made a rigid-body mode elastic). */
static void
refresh_mode_values (SwModes *modes, guint i)
{
  SwMode *mode = &modes->modes[i];
  guint nb = modes->n_bodies, ns = modes->n_sections;
  g_autofree double *node_shape = g_new (double, MAX (modes->system->n_nodes, 1));
  g_autofree double *ke = g_new (double, MAX (nb, 1));
  g_autofree double *pe = g_new (double, MAX (ns, 1));
  double *base = (double *) mode->shape;

  _sw_modes_node_shape (modes, i, node_shape);
  if (base != NULL)
    _sw_modes_values (modes, i, node_shape, base, base + nb, base + 2 * nb, base + 3 * nb, base + 4 * nb,
                      base + 4 * nb + ns, mode);
  else
    _sw_modes_values (modes, i, node_shape, NULL, NULL, ke, NULL, pe, NULL, mode);
}

/* Damped eigenvalues found (modes->eig_*): round-off zeroed, sorted, paired
 * with the modes. The scale of "0": the largest |lambda| (with_found: of
 * the eigenvalues too, all of them in the dense path). */
static void
use_damped (SwModes *modes, double lambda_max, gboolean with_found)
{
  double scale = sqrt (lambda_max), tiny;
  g_autofree gboolean *promoted = g_new0 (gboolean, MAX (modes->n_modes, 1));

  for (guint k = 0; k < modes->n_eigenvalues && with_found; k++)
    scale = MAX (scale, hypot (modes->eig_re[k], modes->eig_im[k]));
  /* A double zero (a free rigid-body mode) splits by about sqrt(eps)
   * |A|^1/2; round-off leaves tiny imaginary parts on real eigenvalues. */
  tiny = 1e-6 * scale;
  for (guint k = 0; k < modes->n_eigenvalues; k++)
    if (hypot (modes->eig_re[k], modes->eig_im[k]) <= tiny
        || fabs (modes->eig_im[k]) <= 1e-9 * (fabs (modes->eig_re[k]) + sqrt (lambda_max)))
      modes->eig_im[k] = 0;
  sort_eigenvalues (modes);
  pair_damped (modes, MAX (tiny, MIN_DECAY_PER_S), promoted);
  for (guint i = 0; i < modes->n_modes && !modes->scalars_with_values; i++)
    if (promoted[i])
      refresh_mode_values (modes, i);
}

/* The damped eigenvalues of the lowest modes of a large model (issue 24):
 * those nearest a real shift below the lowest elastic frequency, by
 * shift-invert Arnoldi on the band (sw-eigen-arnoldi.c), over the same
 * coordinates as the dense state space. Enough of them that every mode's
 * pairing is the dense path's: its eigenvalue and every other candidate
 * nearer its frequency lie inside the radius searched (else once more with twice
 * as many). FALSE, modes unchanged, when that fails. */
static gboolean
sparse_damped (SwModes *modes, SwLinear *lin, GArray *m, GArray *f, GArray *s, double lambda_max)
{
  static const char *const solvers[2][2] = {
    { "shift-invert Arnoldi (TOAR, LAPACK dgbtrf, lowest modes)",
      "shift-invert Arnoldi (ARPACK, LAPACK dgbtrf, lowest modes)" },
    { "shift-invert Arnoldi, not symmetric (TOAR, LAPACK dgbtrf, lowest modes)",
      "shift-invert Arnoldi, not symmetric (ARPACK, LAPACK dgbtrf, lowest modes)" } };
  gboolean arpack_ran = FALSE;
  /* Rolling lossy gears: over every coordinate, as the dense path. */
  gboolean lossy = lin->n_loss > 0;
  SwLowRank lr = { lin->n_loss, lin->loss_u, lin->loss_wk, lin->loss_wd, lin->loss_wm };
  guint nm = m->len, n = lossy ? lin->n : nm + f->len + s->len, n_want = 2 * modes->n_modes + 4;
  g_autofree guint *idx = g_new (guint, MAX (n, 1));
  g_autofree gboolean *massive = g_new0 (gboolean, MAX (n, 1));
  g_autofree SwMode *saved = g_memdup2 (modes->modes, MAX (modes->n_modes, 1) * sizeof (SwMode));
  g_autofree double *saved_lambda = g_memdup2 (modes->lambda, MAX (modes->n_modes, 1) * sizeof (double));
  SwSparse K = { 0 }, D = { 0 }, M = { 0 };
  double low = INFINITY, sigma;
  gboolean ok = FALSE;

  /* (An empty array's data may be NULL, which memcpy must not get.) */
  if (nm > 0)
    memcpy (idx, m->data, nm * sizeof (guint));
  if (f->len > 0)
    memcpy (idx + nm, f->data, f->len * sizeof (guint));
  if (s->len > 0)
    memcpy (idx + nm + f->len, s->data, s->len * sizeof (guint));
  for (guint k = 0; k < nm; k++)
    massive[k] = TRUE;
  for (guint j = 0; j < n && lossy; j++)
    idx[j] = j, massive[j] = lin->sys->coord_class[j] == SW_COORD_MASSIVE;
  for (guint i = 0; i < modes->n_modes; i++)
    if (modes->modes[i].omega_rad_s > 0)
      low = MIN (low, modes->modes[i].omega_rad_s);
  sigma = -0.5 * (isfinite (low) ? low : 1e-3 * sqrt (lambda_max) + 1e-300);
  _sw_sparse_block (&lin->Ks, idx, n, &K);
  _sw_sparse_block (&lin->Ds, idx, n, &D);
  _sw_sparse_block (&lin->Ms, idx, n, &M);
  for (guint tries = 0; tries < 2 && !ok; tries++, n_want *= 2)
    {
      double radius = 0;

      /* Each try starts from the undamped modes (pairing may make a
       * rigid-body mode elastic). */
      memcpy (modes->modes, saved, modes->n_modes * sizeof (SwMode));
      memcpy (modes->lambda, saved_lambda, modes->n_modes * sizeof (double));
      g_clear_pointer (&modes->eig_re, g_free);
      g_clear_pointer (&modes->eig_im, g_free);
      modes->n_eigenvalues = 0;
      if (!_sw_damped_eigenvalues_near (&K, &D, &M, lossy ? &lr : NULL, massive, &sigma, n_want, &modes->eig_re, &modes->eig_im,
                                        &modes->n_eigenvalues, &radius, &arpack_ran))
        break;
      modes->damped_solver = solvers[lossy][arpack_ran];
      /* Pairing as the dense path does, on the eigenvalues found: each
       * mode's choice is certain where nothing unfound could be nearer. */
      use_damped (modes, lambda_max, FALSE);
      ok = TRUE;
      for (guint i = 0; i < modes->n_modes && ok; i++)
        ok = _sw_modes_pairing_certain (&modes->modes[i], radius, -sigma);
    }
  sw_sparse_clear (&K);
  sw_sparse_clear (&D);
  sw_sparse_clear (&M);
  if (!ok)
    {
      g_clear_pointer (&modes->eig_re, g_free);
      g_clear_pointer (&modes->eig_im, g_free);
      modes->n_eigenvalues = 0;
      memcpy (modes->modes, saved, modes->n_modes * sizeof (SwMode));
      memcpy (modes->lambda, saved_lambda, modes->n_modes * sizeof (double));
      modes->damped_solver = "";
    }
  return ok;
}

/* ---- The analysis ------------------------------------------------------- */

/* Why a large model's damped eigenvalues are missing. */
static char *
large_damped_note (guint nc)
{
  /* Translators: said of a modal analysis of a large model with damping. */
  return g_strdup_printf (_("the damped eigenvalues are not computed: the damping is not proportional (the modes "
                            "do not diagonalise it), and the state-space matrix of %u coordinates (more than %u) "
                            "is too large for the dense solver; the undamped modes, shapes and energies are "
                            "complete"), nc, SW_MODES_MAX_COORDS);
}

SwModes *
sw_modes_compute (const SwSystem *sys, double t, const double *state, GError **error)
{
  SwModesOptions o = sw_modes_options_default ();

  return _sw_modes_compute_timed (sys, t, state, &o, NULL, error);
}

SwModes *
sw_modes_compute_with_options (const SwSystem *sys, double t, const double *state, const SwModesOptions *options,
                               GError **error)
{
  return _sw_modes_compute_timed (sys, t, state, options, NULL, error);
}

SwModes *
_sw_modes_compute_timed (const SwSystem *sys, double t, const double *state, const SwModesOptions *options,
                         SwModesTiming *timing, GError **error)
{
  SwModesOptions defaults = sw_modes_options_default ();
  g_auto (SwLinearConfig) config = { 0 };

  g_return_val_if_fail (sys != NULL, NULL);
  if (options == NULL)
    options = &defaults;
  /* With friction: the configuration chosen at (t, state), stuck parts
   * locked. */
  if (!_sw_linear_config_init (&config, sys, t, state, options->friction, error))
    return NULL;
  return _sw_modes_compute_in_config (&config, t, NULL, options, timing, error);
}

SwModes *
_sw_modes_compute_in_config (const SwLinearConfig *config, double t, const double *state,
                             const SwModesOptions *options, SwModesTiming *timing, GError **error)
{
  const SwSystem *sys = config->sys;
  g_autoptr (GTimer) timer = g_timer_new ();
  SwModesTiming dummy;
  SwModesOptions defaults = sw_modes_options_default ();
  g_autoptr (SwLinear) lin = NULL;
  g_autoptr (SwModes) modes = g_new0 (SwModes, 1);
  g_autoptr (GArray) m = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) f = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) s = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) s_damped = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) sections = g_array_new (FALSE, FALSE, sizeof (guint));
  Condensed kc = { 0 };
  SwSparse Mmm = { 0 };
  g_autofree double *eval = NULL;
  g_autofree double *node_shape = NULL;
  g_autofree double *mass_shape = NULL;
  g_autofree double *tmp = NULL;
  g_autofree double *norm2 = NULL;   /* each mode's x^T M x, where made beforehand */
  g_autofree double *ke = NULL;
  g_autofree double *pe = NULL;
  guint nm, nb, ns, nc, n_modes, per_mode;
  double lambda_max = 0, lambda_abs = 0;
  gboolean in_place;   /* coordinate r is the r-th massive one, none condensed */
  gboolean gathered;   /* and each node is one of them times 1 */
  SwEigenMethod method;

  if (_sw_lapack_load (error) == NULL)
    return NULL;

  g_return_val_if_fail (sys != NULL, NULL);
  if (options == NULL)
    options = &defaults;
  method = options->solver == SW_MODES_SOLVER_DENSE    ? SW_EIGEN_DENSE
           : options->solver == SW_MODES_SOLVER_SPARSE ? SW_EIGEN_LANCZOS
                                                       : SW_EIGEN_AUTO;
  sw_init ();
  g_atomic_ref_count_init (&modes->ref_count);
  modes->system = sw_system_ref ((SwSystem *) sys);
  modes->t = t;
  modes->solver = "";
  modes->damped_solver = "";

  if (timing == NULL)
    timing = &dummy;
  /* Every mode's shape grows as n^2; a few of them (Lanczos) linearly. */
  if (sys->n_coords > SW_MODES_MAX_COORDS
      && (options->n_lowest == 0 || (gsize) options->n_lowest * 8 > sys->n_coords))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("the model has %u independent coordinates; a modal analysis of all modes handles at most %u "
                     "(its matrices and the energies of every mode grow with the square): ask for the lowest "
                     "modes alone, at most %u of them (--modes K)"),
                   sys->n_coords, SW_MODES_MAX_COORDS, sys->n_coords / 8);
      return NULL;
    }
  modes->friction = options->friction;
  if (!(lin = _sw_linear_new_config (config, t, state, FALSE, error)))
    return NULL;
  if (!_sw_linear_check_symmetric (lin, error))
    return NULL;
  nc = sys->n_coords;

  /* Partition the coordinates. */
  for (guint j = 0; j < nc; j++)
    {
      gboolean stiff = sw_sparse_get (&lin->Ks, j, j) != 0;
      gboolean damped = sw_sparse_get (&lin->Ds, j, j) > 0;

      if (sys->coord_class[j] == SW_COORD_MASSIVE)
        g_array_append_val (m, j);
      else
        {
          if (stiff)
            g_array_append_val (s, j);
          if (damped)
            g_array_append_val (f, j);
          else if (stiff)
            g_array_append_val (s_damped, j);
        }
    }
  nm = m->len;
  timing->linearise_s = g_timer_elapsed (timer, NULL);
  g_timer_start (timer);
  if (!_sw_condense (&lin->Ks, (guint *) m->data, nm, (guint *) s->data, s->len, &kc))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_SINGULAR,
                   _("the massless shaft sections cannot be condensed: their stiffness matrix is singular"));
      return NULL;
    }
  _sw_sparse_block (&lin->Ms, (guint *) m->data, nm, &Mmm);

  /* K v = lambda M v, the eigenvectors straight into the coordinate shapes. */
  n_modes = options->n_lowest > 0 ? MIN (options->n_lowest, nm) : nm;
  modes->n_coords = nc;
  {
    gboolean one_term = TRUE;

    for (guint n = 0; n < sys->n_nodes && one_term; n++)
      one_term = sys->t_start[n + 1] == n + 1 && sys->t_terms[n].coeff == 1;
    if (one_term)
      {
        modes->node_coord = g_new (guint, MAX (sys->n_nodes, 1));
        for (guint n = 0; n < sys->n_nodes; n++)
          modes->node_coord[n] = sys->t_terms[n].index;
      }
  }
  modes->coord_shapes_n = (gsize) n_modes * nc;
  modes->coord_shapes = _sw_modes_array_new0 (modes->coord_shapes_n);
  eval = g_new0 (double, MAX (n_modes, 1));
  if (n_modes > 0
      && !_sw_eigen_gensym (&kc.K, &Mmm, n_modes, method, eval, modes->coord_shapes, nc, &lambda_max, &modes->solver))
    {
      _sw_condensed_clear (&kc);
      sw_sparse_clear (&Mmm);
      if (method == SW_EIGEN_LANCZOS || nm > SW_EIGEN_LARGE)
        g_set_error (error, SW_ERROR, SW_ERROR_NOT_CONVERGED,
                     _("the lowest %u modes of %u coordinates were not found: shift-invert Lanczos did not "
                       "converge, or the band of the stiffness matrix is too wide to fit in memory (a model "
                       "far from a chain or a tree); ask for fewer modes"), n_modes, nm);
      else
        g_set_error (error, SW_ERROR, SW_ERROR_NOT_CONVERGED, _("the eigenvalue problem did not converge"));
      return NULL;
    }
  sw_sparse_clear (&Mmm);
  for (guint i = 0; i < n_modes; i++)
    lambda_abs = MAX (lambda_abs, fabs (eval[i]));
  lambda_max = MAX (0, lambda_max);
  timing->eigen_s = g_timer_elapsed (timer, NULL);
  g_timer_start (timer);

  /* Bodies and sections. */
  nb = sys->n_bodies;
  for (guint k = 0; k < sys->n_force_parts; k++)
    {
      const SwPart *p = &sys->parts[sys->force_parts[k]];

      /* A position fed back from a node of its own is a spring there; from
       * elsewhere, not a section over its kind's nodes. */
      if ((p->force_flags & SW_FORCE_STIFFNESS) && p->n_read == 0)
        g_array_append_val (sections, sys->force_parts[k]);
    }
  /* Listed in the file's order (parts are in the order of their ids). */
  g_array_sort_with_data (sections, compare_components, (gpointer) sys);
  ns = sections->len;
  modes->n_bodies = nb;
  modes->n_sections = ns;
  modes->body_part = g_new (guint, MAX (nb, 1));
  modes->section_part = g_new (guint, MAX (ns, 1));
  for (guint b = 0; b < nb; b++)
    modes->body_part[b] = sys->bodies[b].part;
  if (ns > 0)
    memcpy (modes->section_part, sections->data, ns * sizeof (guint));
  modes->sec_k = g_new0 (double, MAX (ns, 1) * SW_KIND_MAX_PORTS * SW_KIND_MAX_PORTS);
  modes->sec_nodes = g_new0 (guint, MAX (ns, 1) * SW_KIND_MAX_PORTS);
  modes->sec_n = g_new0 (guint, MAX (ns, 1));
  {
    g_autofree double *x = g_memdup2 (lin->x, MAX (sys->n_nodes, 1) * sizeof (double));
    g_autofree double *f = g_new0 (double, MAX (sys->n_nodes, 1));
    g_autofree double *a = g_new0 (double, MAX (sys->n_nodes, 1));

    for (guint k = 0; k < ns; k++)
      modes->sec_n[k] = _sw_linear_element_stiffness_in (lin, &sys->parts[modes->section_part[k]],
                                                         modes->sec_nodes + k * SW_KIND_MAX_PORTS,
                                                         modes->sec_k + k * SW_KIND_MAX_PORTS * SW_KIND_MAX_PORTS,
                                                         x, f, a);
  }

  /* Modes. */
  modes->n_modes = n_modes;
  modes->modes = g_new0 (SwMode, MAX (n_modes, 1));
  modes->lambda = g_new0 (double, MAX (n_modes, 1));
  per_mode = 2 * nb + 2 * nb + 2 * ns;
  modes->scalars_with_values = options->scalars_with_values && !options->keep_values;
  if (options->keep_values)
    modes->storage = g_new0 (double, MAX ((gsize) n_modes * per_mode, 1));
  node_shape = g_new0 (double, MAX (sys->n_nodes, 1));
  mass_shape = g_new0 (double, MAX (sys->n_nodes, 1));
  tmp = g_new0 (double, MAX (nm, 1));
  ke = g_new0 (double, MAX (nb, 1));
  pe = g_new0 (double, MAX (ns, 1));
  in_place = s->len == 0;
  for (guint r = 0; r < nm && in_place; r++)
    in_place = g_array_index (m, guint, r) == r;
  gathered = in_place && modes->node_coord != NULL;
  for (guint nd = 0; nd < sys->n_nodes && gathered; nd++)
    gathered = modes->node_coord[nd] < nm;
  if (sys->n_couplings == 0)
    {
      norm2 = g_new (double, MAX (n_modes, 1));
      if (gathered)
        mass_norms_squared_gathered (sys, modes->node_coord, modes->coord_shapes, nc, n_modes, norm2);
      else
        mass_norms_squared (sys, modes->coord_shapes, nc, (const guint *) m->data, nm, n_modes, norm2);
    }
  for (guint i = 0; i < n_modes; i++)
    {
      SwMode *mode = &modes->modes[i];
      double *base = modes->storage != NULL ? modes->storage + (gsize) i * per_mode : NULL;
      double *coord_shape = modes->coord_shapes + (gsize) i * nc;
      double lambda = eval[i], norm = 0;

      /* Against the largest |lambda| computed, and against the largest
       * of all (K's entries round to eps of it: with few modes of a
       * large model the first is not enough): a negative stiffness (a torque
       * that grows with the angle) is lambda < 0, not a rigid-body mode.
       * Its motion grows as exp (sqrt (-lambda) t): no frequency, an
       * imaginary one. */
      mode->rigid_body = fabs (lambda) <= 1e-8 * lambda_abs || fabs (lambda) <= 1e-12 * lambda_max || lambda_abs == 0;
      mode->unstable = !mode->rigid_body && lambda < 0;
      mode->growth_rate_per_s = mode->unstable ? sqrt (-lambda) : 0;
      mode->omega_rad_s = mode->rigid_body || mode->unstable ? 0 : sqrt (lambda);
      mode->frequency_hz = mode->omega_rad_s / (2 * G_PI);
      mode->damping_ratio = NAN;
      modes->lambda[i] = mode->rigid_body ? 0 : lambda;

      /* Mass-normalise: v^T M v = x^T M x over the nodes = 1. */
      if (norm2 != NULL && in_place)
        {
          /* The massive coordinates first and alone: scaled where they are
           * (the same products, without the copy and the scatter). */
          norm = 1 / sqrt (norm2[i]);
          for (guint r = 0; r < nm; r++)
            coord_shape[r] = coord_shape[r] * norm;
          memset (coord_shape + nm, 0, (nc - nm) * sizeof (double));
        }
      else
        {
          memcpy (tmp, coord_shape, nm * sizeof (double));
          if (nm + s->len < nc)   /* else each is written below */
            memset (coord_shape, 0, nc * sizeof (double));
          if (norm2 != NULL)   /* no couplings: M diagonal, made beforehand */
            norm = norm2[i];
          else
            {
              mode_nodes (sys, tmp, (const guint *) m->data, nm, node_shape);
              _sw_system_apply_mass (sys, node_shape, mass_shape);
              for (guint nd = 0; nd < sys->n_nodes; nd++)
                norm += node_shape[nd] * mass_shape[nd];
            }
          norm = 1 / sqrt (norm);

          /* Coordinates, then nodes: x = T q with the condensed ones recovered. */
          for (guint r = 0; r < nm; r++)
            coord_shape[g_array_index (m, guint, r)] = tmp[r] * norm;
          for (guint r = 0; r < s->len; r++)
            {
              double sum = 0;

              for (guint k = kc.rec.start[r]; k < kc.rec.start[r + 1]; k++)
                sum += kc.rec.value[k] * tmp[kc.rec.row[k]];
              coord_shape[g_array_index (s, guint, r)] = sum * norm;
            }
        }
      if (modes->scalars_with_values)
        {
          mode->most_excitable_section = -1;
          continue;
        }
      _sw_modes_node_shape (modes, i, node_shape);
      if (base != NULL)
        {
          mode->shape = base;
          mode->shape_mass_normalised = base + nb;
          mode->kinetic_energy = base + 2 * nb;
          mode->kinetic_energy_percent = base + 3 * nb;
          mode->potential_energy = base + 4 * nb;
          mode->potential_energy_percent = base + 4 * nb + ns;
          _sw_modes_values (modes, i, node_shape, base, base + nb, base + 2 * nb, base + 3 * nb, base + 4 * nb,
                            base + 4 * nb + ns, mode);
        }
      else
        _sw_modes_values (modes, i, node_shape, NULL, NULL, ke, NULL, pe, NULL, mode);
    }
  _sw_condensed_clear (&kc);

  timing->energies_s = g_timer_elapsed (timer, NULL);
  g_timer_start (timer);

  /* Damped eigenvalues. */
  {
    g_autofree double *delta = g_new (double, MAX (n_modes, 1));
    double tiny;

    if (lin->n_loss > 0)
      {
        /* Rolling lossy gears: the damped problem has their efficiencies,
         * the undamped modes above the gears ideal (the symmetric part). */
        for (guint l = 0; l < sys->n_parts; l++)
          if (lin->mode != NULL && sys->parts[l].kind->friction != NULL && sys->parts[l].kind->friction->loss != NULL
              && (lin->mode[l] == SW_FRICTION_FORWARD || lin->mode[l] == SW_FRICTION_BACKWARD))
            {
              /* Translators: said of a modal analysis in which a lossy gear rolls. */
              modes->note = g_strdup_printf (_("“%s” rolls with losses, so the equations are not symmetric: the "
                                               "damped frequencies include its efficiency; the undamped modes and "
                                               "energies are those of the symmetric part (the gears without "
                                               "losses)"), sys->parts[l].id);
              break;
            }
        if ((method == SW_EIGEN_LANCZOS || nc > SW_MODES_MAX_COORDS) && n_modes > 0
            && sparse_damped (modes, lin, m, f, s_damped, lambda_max))
          {
            /* modes->damped_solver says which Arnoldi ran. */
          }
        else if (nc > SW_MODES_MAX_COORDS)
          {
            g_autofree char *rolls = g_steal_pointer (&modes->note);
            g_autofree char *large = large_damped_note (nc);

            modes->note = rolls != NULL ? g_strdup_printf ("%s; %s", rolls, large) : g_steal_pointer (&large);
          }
        else if (_sw_general_damped_eigenvalues (lin, &modes->eig_re, &modes->eig_im, &modes->n_eigenvalues))
          {
            modes->damped_solver = "state space, not symmetric (LAPACK dgeevx, balanced)";
            use_damped (modes, lambda_max, TRUE);
          }
      }
    else if (lin->Ds.start[nc] == 0)
      {
        /* No damping at all: +-i omega. */
        for (guint i = 0; i < n_modes; i++)
          {
            SwMode *mode = &modes->modes[i];

            mode->has_damped = TRUE;
            mode->damped_frequency_hz = mode->frequency_hz;
            mode->damping_ratio = mode->rigid_body ? NAN : 0;
            mode->decay_rate_per_s = 0;
          }
        modes->n_eigenvalues = 2 * n_modes;
        modes->eig_re = g_new0 (double, MAX (2 * n_modes, 1));
        modes->eig_im = g_new0 (double, MAX (2 * n_modes, 1));
        for (guint i = 0; i < n_modes; i++)
          modes->eig_im[2 * i] = modes->modes[i].omega_rad_s, modes->eig_im[2 * i + 1] = -modes->modes[i].omega_rad_s;
        sort_eigenvalues (modes);
      }
    else if (method != SW_EIGEN_DENSE && n_modes > 0 && _sw_proportional_damping (lin, modes->coord_shapes, modes->n_modes, delta))
      {
        /* lambda^2 + delta lambda + omega^2 = 0, mode by mode. */
        double dmax = 0;

        modes->damped_solver = "proportional damping (per mode)";
        for (guint i = 0; i < n_modes; i++)
          dmax = MAX (dmax, fabs (delta[i]));
        tiny = MAX (1e-12 * (sqrt (lambda_max) + dmax), MIN_DECAY_PER_S);
        modes->n_eigenvalues = 2 * n_modes;
        modes->eig_re = g_new0 (double, MAX (2 * n_modes, 1));
        modes->eig_im = g_new0 (double, MAX (2 * n_modes, 1));
        for (guint i = 0; i < n_modes; i++)
          {
            SwMode *mode = &modes->modes[i];
            double w2 = modes->lambda[i], d = fabs (delta[i]) <= tiny ? 0 : delta[i], disc = d * d - 4 * w2;
            double *re = modes->eig_re + 2 * i, *im = modes->eig_im + 2 * i;

            if (disc < 0)
              {
                re[0] = re[1] = -d / 2;
                im[0] = sqrt (-disc) / 2, im[1] = -im[0];
                set_damped (mode, re[0], im[0], FALSE, tiny);
              }
            else
              {
                /* Real pair, the root of larger magnitude first (no
                 * cancellation, whatever the sign of d: a negative damping
                 * grows). A rigid-body mode reports its root that is not
                 * 0, an elastic one the root of larger real part (the
                 * slower decay, or the growth). */
                re[0] = -(d + copysign (sqrt (disc), d)) / 2;
                re[1] = re[0] != 0 ? w2 / re[0] : 0;
                if (mode->rigid_body)
                  set_damped (mode, re[0], 0, TRUE, tiny);
                else
                  set_damped (mode, MAX (re[0], re[1]), 0, TRUE, tiny);
              }
          }
        sort_eigenvalues (modes);
      }
    else if ((method == SW_EIGEN_LANCZOS || nc > SW_MODES_MAX_COORDS) && n_modes > 0
             && sparse_damped (modes, lin, m, f, s_damped, lambda_max))
      {
        /* modes->damped_solver says which Arnoldi ran. */
      }
    else if (nc > SW_MODES_MAX_COORDS)
      modes->note = large_damped_note (nc);
    else if (_sw_damped_eigenvalues (lin, (guint *) m->data, nm, (guint *) f->data, f->len, (guint *) s_damped->data,
                                 s_damped->len, &modes->eig_re, &modes->eig_im, &modes->n_eigenvalues))
      {
        modes->damped_solver = "state space (LAPACK dgeevx, balanced)";
        use_damped (modes, lambda_max, TRUE);
      }
  }
  timing->damped_s = g_timer_elapsed (timer, NULL);
  if (modes->n_modes == 0 && modes->note == NULL)
    modes->note = g_strdup (config->mode != NULL && options->friction != SW_LINEAR_FRICTION_OPEN
                              /* Translators: why a modal analysis found no modes. */
                              ? _("no body can move: each is held by a fixed support, a prescribed motion or a "
                                  "stuck friction element (with the friction elements open, those they hold move)")
                              : _("no body can move: each is held by a fixed support or a prescribed motion"));
  if (config->note != NULL)
    {
      g_autofree char *rest = g_steal_pointer (&modes->note);

      modes->note = rest != NULL ? g_strdup_printf ("%s; %s", config->note, rest) : g_strdup (config->note);
    }
  return g_steal_pointer (&modes);
}

SwModes *
sw_modes_ref (SwModes *modes)
{
  g_atomic_ref_count_inc (&modes->ref_count);
  return modes;
}

void
sw_modes_unref (SwModes *modes)
{
  if (modes == NULL || !g_atomic_ref_count_dec (&modes->ref_count))
    return;
  g_clear_pointer (&modes->system, sw_system_unref);
  g_free (modes->modes);
  g_free (modes->storage);
  g_free (modes->body_part);
  g_free (modes->section_part);
  g_free (modes->eig_re);
  g_free (modes->eig_im);
  _sw_modes_array_free (modes->coord_shapes, modes->coord_shapes_n);
  g_free (modes->lambda);
  g_free (modes->sec_k);
  g_free (modes->sec_nodes);
  g_free (modes->sec_n);
  g_free (modes->node_coord);
  g_free (modes->note);
  g_free (modes);
}

double sw_modes_get_time (const SwModes *m) { return m->t; }
const SwSystem *sw_modes_get_system (const SwModes *m) { return m->system; }
guint sw_modes_get_n_modes (const SwModes *m) { return m->n_modes; }
guint sw_modes_get_n_bodies (const SwModes *m) { return m->n_bodies; }
guint sw_modes_get_n_sections (const SwModes *m) { return m->n_sections; }
guint sw_modes_get_n_eigenvalues (const SwModes *m) { return m->n_eigenvalues; }

const SwMode *
sw_modes_get_mode (const SwModes *m, guint index)
{
  g_return_val_if_fail (index < m->n_modes, NULL);
  return &m->modes[index];
}

const SwPart *
sw_modes_get_body_part (const SwModes *m, guint body)
{
  g_return_val_if_fail (body < m->n_bodies, NULL);
  return sw_system_get_part (m->system, m->body_part[body]);
}

const SwPart *
sw_modes_get_section_part (const SwModes *m, guint section)
{
  g_return_val_if_fail (section < m->n_sections, NULL);
  return sw_system_get_part (m->system, m->section_part[section]);
}

const double *
_sw_modes_get_coord_shape (const SwModes *m, guint index)
{
  g_return_val_if_fail (index < m->n_modes, NULL);
  return m->coord_shapes + index * m->n_coords;
}

void
sw_modes_get_eigenvalue (const SwModes *m, guint index, double *re, double *im)
{
  g_return_if_fail (index < m->n_eigenvalues);
  *re = m->eig_re[index];
  *im = m->eig_im[index];
}

const char *
sw_modes_get_solver (const SwModes *m)
{
  return m->solver;
}

const char *
sw_modes_get_damped_solver (const SwModes *m)
{
  return m->damped_solver;
}

const char *
sw_modes_get_note (const SwModes *m)
{
  return m->note;
}

SwLinearFriction
sw_modes_get_friction (const SwModes *m)
{
  return m->friction;
}
