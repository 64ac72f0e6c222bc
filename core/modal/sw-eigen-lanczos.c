/* sw-eigen-lanczos.c: the lowest eigenpairs of K v = lambda M v for large
 * banded K and M (issue 24), by shift-invert Lanczos.
 *
 * With a shift sigma below every eigenvalue, K - sigma M is positive
 * definite: its band Cholesky factor (LAPACK dpbtrf, in the Cuthill-McKee
 * order sw-eigen.c found) gives the operator (K - sigma M)^-1 M, symmetric
 * in the M inner product, whose largest eigenvalues theta = 1 / (lambda -
 * sigma) are the lowest lambda, well apart. Lanczos in the M inner product
 * with full reorthogonalisation (classical Gram-Schmidt twice) builds the
 * tridiagonal T; its eigenpairs (dstevr) are the Ritz pairs, converged when
 * beta |y_m| is round-off next to the largest theta. The basis (blocked,
 * sw-eigen-basis.c) is touched as the run needs: memory (band + steps)
 * times n, work O(n (band^2 + steps^2)).
 *
 * The shift: rigid-body modes (lambda = 0) need sigma < 0, and the accuracy
 * of lambda = sigma + 1 / theta is about eps |sigma| / lambda relative: a
 * first run at a tiny shift finds the spectrum's scale, a second runs at
 * half the lowest elastic eigenvalue below the lowest one, unless the first
 * shift was within a factor 4 of that (each then within a few eps
 * lambda_K / lambda_1 of the exact eigenvalues of the rounded matrices). A factorisation
 * that fails (an eigenvalue below the shift: a negative stiffness) moves the
 * shift down tenfold until it holds.
 *
 * Repeated eigenvalues (identical branches) are found once per Lanczos
 * start only by round-off; a breakdown restarts on a fresh vector, which
 * finds the next copy.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-eigen-private.h"

#include <math.h>
#include <string.h>
#include "sw-lapack-private.h"

/* Ritz pairs converged: residual <= TOL times the largest Ritz value. */
#define TOL 1e-14
/* The same, checked on each Ritz vector at the end (its own round-off). */
#define CHECK_TOL 1e-11
/* Eigenvalues below this times the largest are rigid-body modes (as in
 * sw-modes.c). */
#define RIGID 1e-12
/* Steps: at least this many beyond the modes wanted before the first check. */
#define EXTRA_STEPS 20

typedef struct {
  guint           n, kd;
  const SwSparse *K, *M;
  const guint    *pos;
  double         *mdiag;  /* M's diagonal in the band order, NULL: M is not diagonal */
  double         *ab;     /* Cholesky factor of K - sigma M, upper band storage */
  double          sigma;
} Shifted;

/* y = M x, both in the band order. */
static void
m_times (const Shifted *s, const double *x, double *y)
{
  if (s->mdiag != NULL)
    {
      for (guint r = 0; r < s->n; r++)
        y[r] = s->mdiag[r] * x[r];
      return;
    }
  memset (y, 0, s->n * sizeof (double));
  for (guint j = 0; j < s->n; j++)
    for (guint k = s->M->start[j]; k < s->M->start[j + 1]; k++)
      y[s->pos[s->M->row[k]]] += s->M->value[k] * x[s->pos[j]];
}

static gboolean
factorise (Shifted *s, double sigma)
{
  guint ld = s->kd + 1;
  const SwSparse *mats[] = { s->K, s->M };
  const double factor[] = { 1, -sigma };

  memset (s->ab, 0, (gsize) ld * s->n * sizeof (double));
  for (guint m = 0; m < 2; m++)
    for (guint j = 0; j < s->n; j++)
      for (guint k = mats[m]->start[j]; k < mats[m]->start[j + 1]; k++)
        {
          guint r = s->pos[mats[m]->row[k]], c = s->pos[j];

          if (r <= c)
            s->ab[(gsize) c * ld + s->kd + r - c] += factor[m] * mats[m]->value[k];
        }
  s->sigma = sigma;
  if (_sw_lapack ()->dpbtrf (LAPACK_COL_MAJOR, 'U', s->n, s->kd, s->ab, ld) != 0)
    return FALSE;
  /* apply () multiplies by the inverse diagonal. */
  for (guint j = 0; j < s->n; j++)
    s->ab[(gsize) j * ld + s->kd] = 1 / s->ab[(gsize) j * ld + s->kd];
  return TRUE;
}

/* The shift at sigma or, when K - sigma M is not positive definite, lower:
 * tenfold, then a bound below every eigenvalue (Gershgorin, scaled). */
static gboolean
factorise_below (Shifted *s, double sigma, double bound)
{
  for (guint tries = 0; tries < 8; tries++, sigma *= 10)
    if (factorise (s, sigma))
      return TRUE;
  return factorise (s, -2 * bound - 1);
}

/* w -= V h, h = V^T M w over the first m basis vectors, twice (classical
 * Gram-Schmidt); adds the first pass's and second pass's h[m - 1] into
 * *diag. With M diagonal, the second pass's subtraction and the third
 * pass's products share one read of V (sw-eigen-basis.c). */
static void
reorthogonalise (const Shifted *s, const SwBasis *V, guint m, double *w, double *u, double *h, double *h2,
                 double *diag)
{
  m_times (s, w, u);
  _sw_basis_dot (V, m, u, h);
  if (s->mdiag != NULL)
    _sw_basis_sub_dot (V, m, h, w, s->mdiag, h2);
  else
    {
      _sw_basis_combine (V, m, h, w, NULL, NULL, NULL, NULL);
      m_times (s, w, u);
      _sw_basis_dot (V, m, u, h2);
    }
  _sw_basis_combine (V, m, h2, w, NULL, NULL, NULL, NULL);
  if (diag != NULL)
    *diag += h[m - 1] + h2[m - 1];
}

/* w = (K - sigma M)^-1 M v: U^T U w = M v by the band factor U (dpbtrs
 * written out: a narrow band's arithmetic costs less than its calls). */
static gboolean
apply (const Shifted *s, const double *v, double *w)
{
  guint n = s->n, kd = s->kd, ld = kd + 1;

  m_times (s, v, w);
  /* U^T y = w: column j of the band holds U (j - kd .. j, j). */
  for (guint j = 0; j < n; j++)
    {
      const double *u = s->ab + (gsize) j * ld + kd;
      guint um = MIN (kd, j);
      double sum = w[j];

      for (guint i = 1; i <= um; i++)
        sum -= u[-(int) i] * w[j - i];
      w[j] = sum * u[0];
    }
  /* U w = y. */
  for (guint j = n; j-- > 0;)
    {
      const double *u = s->ab + (gsize) j * ld + kd;
      guint um = MIN (kd, j);
      double wj = w[j] * u[0];

      w[j] = wj;
      for (guint i = 1; i <= um; i++)
        w[j - i] -= u[-(int) i] * wj;
    }
  for (guint j = 0; j < n; j++)
    if (!isfinite (w[j]))
      return FALSE;
  return TRUE;
}

static double
m_norm (const Shifted *s, const double *w, double *u)
{
  double sum = 0;

  m_times (s, w, u);
  for (guint r = 0; r < s->n; r++)
    sum += w[r] * u[r];
  return sqrt (MAX (sum, 0));
}

static void
random_vector (GRand *rand, double *v, guint n)
{
  for (guint r = 0; r < n; r++)
    v[r] = g_rand_double_range (rand, -1, 1);
}

/* One Lanczos run at the factorised shift: the n_want largest Ritz values
 * (descending) into theta and, when x is not NULL, their vectors
 * (M-orthonormal, band order, row i at x + i n). *converged says whether
 * every pair met TOL; FALSE only when LAPACK fails. */
static gboolean
lanczos (const Shifted *s, guint n_want, guint max_steps, double *theta, double *x, gboolean *converged)
{
  guint n = s->n, m = 0;
  gsize np = _sw_basis_padded (n);
  g_auto (SwBasis) V = { 0 };
  g_autofree double *v = g_new0 (double, np);
  g_autofree double *alpha = g_new0 (double, max_steps);
  g_autofree double *beta = g_new0 (double, max_steps);
  g_autofree double *d = g_new (double, max_steps);
  g_autofree double *e = g_new (double, max_steps);
  g_autofree double *ritz = g_new (double, max_steps);
  g_autofree double *Y = NULL;
  g_autofree double *w = g_new0 (double, np);
  g_autofree double *u = g_new0 (double, np);
  g_autofree double *h = g_new (double, max_steps), *h2 = g_new (double, max_steps);
  g_autofree lapack_int *support = g_new (lapack_int, 2 * max_steps);
  g_autoptr (GRand) rand = g_rand_new_with_seed (24);
  double norm, before;

  *converged = FALSE;
  if (!_sw_basis_init (&V, n, max_steps))
    return FALSE;
  random_vector (rand, v, n);
  norm = m_norm (s, v, u);
  for (guint r = 0; r < n; r++)
    v[r] /= norm;
  _sw_basis_set_column (&V, 0, v, 1);
  for (m = 1;; m++)
    {
      lapack_int found = 0;
      gboolean check;

      /* w = (K - sigma M)^-1 M v, orthogonal to the basis so far. */
      if (!apply (s, v, w))
        return FALSE;
      before = m_norm (s, w, u);
      alpha[m - 1] = 0;
      reorthogonalise (s, &V, m, w, u, h, h2, &alpha[m - 1]);
      beta[m - 1] = m_norm (s, w, u);
      /* An invariant subspace (what is left of w is round-off): go on from
       * a fresh vector, T splits. Against |w| itself: the operator's
       * eigenvalues span many decades, so no global scale tells. */
      if (beta[m - 1] <= 1e-10 * before && m < n)
        {
          random_vector (rand, w, n);
          reorthogonalise (s, &V, m, w, u, h, h2, NULL);
          beta[m - 1] = 0;
        }
      check = m == n || m == max_steps || (m >= n_want + EXTRA_STEPS && m % 5 == 0);
      if (check)
        {
          /* The Ritz pairs of T_m. */
          g_free (Y);
          Y = g_new (double, (gsize) m * m);
          memcpy (d, alpha, m * sizeof (double));
          memcpy (e, beta, m * sizeof (double));
          if (_sw_lapack ()->dstevr (LAPACK_COL_MAJOR, 'V', 'A', m, d, e, 0, 0, 0, 0, 0, &found, ritz, Y, m,
                                     support) != 0
              || found != (lapack_int) m)
            return FALSE;
          *converged = m >= n_want;
          for (guint i = 0; i < MIN (n_want, m) && *converged; i++)
            *converged = (m == n ? 0 : beta[m - 1]) * fabs (Y[(gsize) (m - 1 - i) * m + m - 1])
                         <= TOL * fabs (ritz[m - 1]);
          if (*converged || m == n || m == max_steps)
            break;
        }
      /* The next basis vector. */
      norm = beta[m - 1] > 0 ? beta[m - 1] : m_norm (s, w, u);
      for (guint r = 0; r < n; r++)
        v[r] = w[r] / norm;
      _sw_basis_set_column (&V, m, v, 1);
    }
  if (m < n_want)
    return FALSE;
  if (x != NULL)
    {
      /* The Ritz vectors, descending, in one product (one read of V). */
      g_autofree double *Yd = g_new (double, (gsize) m * n_want);

      for (guint i = 0; i < n_want; i++)
        memcpy (Yd + (gsize) i * m, Y + (gsize) (m - 1 - i) * m, m * sizeof (double));
      _sw_basis_times (&V, m, Yd, n_want, x, n);
    }
  for (guint i = 0; i < n_want; i++)
    {
      theta[i] = ritz[m - 1 - i];
      if (x != NULL)
        {
          /* Each pair checked on the operator itself, not on the
           * recurrence: |Op x - theta x|_M, one more solve. */
          if (*converged)
            {
              const double *xi = x + (gsize) i * n;

              if (!apply (s, xi, w))
                return FALSE;
              for (guint r = 0; r < n; r++)
                w[r] -= theta[i] * xi[r];
*converged = m_norm (s, w, u) <= CHECK_TOL * fabs (ritz[m - 1]);
            }
        }
    }
  return TRUE;
}

/* max over rows of sum |K_rc| / sqrt (M_rr M_cc): the largest eigenvalue
 * when M is diagonal, its scale otherwise. */
static double
gershgorin (const SwSparse *K, const SwSparse *M)
{
  guint n = K->n;
  g_autofree double *md = g_new0 (double, n);
  g_autofree double *sum = g_new0 (double, n);
  double best = 0;

  for (guint j = 0; j < n; j++)
    md[j] = sw_sparse_get (M, j, j);
  for (guint j = 0; j < n; j++)
    for (guint k = K->start[j]; k < K->start[j + 1]; k++)
      if (md[j] > 0 && md[K->row[k]] > 0)
        sum[K->row[k]] += fabs (K->value[k]) / sqrt (md[j] * md[K->row[k]]);
  for (guint j = 0; j < n; j++)
    best = MAX (best, sum[j]);
  return best;
}

gboolean
_sw_eigen_lanczos (const SwSparse *K, const SwSparse *M, const guint *order, const guint *pos, guint kd,
                   guint n_want, double *eval, double *evec, gsize ldv, double *lambda_max)
{
  guint n = K->n, max_steps = MIN (n, 6 * n_want + 4 * EXTRA_STEPS);
  Shifted s = { .n = n, .kd = kd, .K = K, .M = M, .pos = pos };
  g_autofree double *ab = NULL;
  g_autofree double *mdiag = NULL;
  g_autofree double *theta = g_new (double, n_want);
  g_autofree double *x = NULL;
  double bound = gershgorin (K, M), scale = 0, lowest = INFINITY, low_elastic = INFINITY, sigma;
  gboolean converged = FALSE, diagonal = TRUE;

  /* The band and the basis: refuse what cannot fit (a graph far from a
   * chain or a tree), rather than swap. */
  if ((gsize) (kd + 1) * n > ((gsize) 1 << 28) || (gsize) max_steps * n > ((gsize) 1 << 28))
    return FALSE;
  ab = g_new (double, (gsize) (kd + 1) * n);
  s.ab = ab;
  for (guint j = 0; j < n && diagonal; j++)
    diagonal = M->start[j + 1] - M->start[j] <= 1 && (M->start[j + 1] == M->start[j] || M->row[M->start[j]] == j);
  if (diagonal)
    {
      /* Padded: the basis reads it by blocks of rows. */
      mdiag = g_new0 (double, _sw_basis_padded (n));
      for (guint j = 0; j < n; j++)
        mdiag[pos[j]] = M->start[j + 1] > M->start[j] ? M->value[M->start[j]] : 0;
      s.mdiag = mdiag;
    }
  *lambda_max = bound;

  /* First run: a tiny shift below 0, for the scale of the lowest modes. */
  sigma = bound > 0 ? -1e-10 * bound : -1;
  x = g_new (double, (gsize) n_want * n);
  if (!factorise_below (&s, sigma, bound) || !lanczos (&s, n_want, max_steps, theta, x, &converged))
    return FALSE;
  for (guint i = 0; i < n_want; i++)
    {
      double lambda = s.sigma + 1 / theta[i];

      scale = MAX (scale, fabs (lambda));
      lowest = MIN (lowest, lambda);
    }
  /* Rigid-body modes: 0 to round-off of K's entries, eps lambda_max. */
  for (guint i = 0; i < n_want; i++)
    {
      double lambda = s.sigma + 1 / theta[i];

      if (fabs (lambda) > 1e-8 * scale && fabs (lambda) > RIGID * bound)
        low_elastic = MIN (low_elastic, fabs (lambda));
    }
  /* Second run: half the lowest elastic eigenvalue below the lowest (not
   * closer to 0 than the rigid-body modes' round-off). */
  if (isfinite (low_elastic) && scale > 0)
    sigma = MIN (lowest, 0) - MAX (low_elastic / 2, RIGID * bound);
  else
    sigma = s.sigma;
  /* Within a factor 4 of the first shift, the first run's pairs are as
   * accurate (a few eps lambda_k / lambda_1 at worst). */
  if (!converged || !(fabs (sigma) <= 4 * fabs (s.sigma) && fabs (s.sigma) <= 4 * fabs (sigma)))
    {
      if ((sigma != s.sigma && !factorise_below (&s, sigma, bound))
          || !lanczos (&s, n_want, max_steps, theta, x, &converged) || !converged)
        return FALSE;
    }
  for (guint i = 0; i < n_want; i++)
    {
      double *col = evec + (gsize) i * ldv;

      eval[i] = s.sigma + 1 / theta[i];
      for (guint r = 0; r < n; r++)
        col[order[r]] = x[(gsize) i * n + r];
    }
  *lambda_max = MAX (bound, eval[n_want - 1]);
  return TRUE;
}
