/* sw-modes-solve.c: the matrix work behind the modes (sw-modes-private.h):
 * massless coordinates condensed statically, and the damped eigenvalues of
 * the state-space equations (symmetric or not), balanced dgeevx.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
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

void
_sw_condensed_clear (Condensed *c)
{
  sw_sparse_clear (&c->K);
  sw_sparse_clear (&c->rec);
}

/* Each connected group C of s (through K_ss) is eliminated alone:
 * x_C = -K_CC^-1 K_CB q_B over the kept coordinates B it touches, and
 * K_BB += K_BC x_C. A chain's massless nodes cost O(1) each. */
gboolean
_sw_condense (const SwSparse *K, const guint *p, guint np, const guint *s, guint ns, Condensed *out)
{
  guint n_all = K->n;
  g_autofree guint *pos_p = g_new (guint, MAX (n_all, 1));
  g_autofree guint *pos_s = g_new (guint, MAX (n_all, 1));
  g_autofree guint *group = g_new (guint, MAX (ns, 1));
  g_autofree guint *local = g_new (guint, MAX (MAX (ns, np), 1));
  g_autofree guint *bmark = g_new (guint, MAX (np, 1));
  g_autoptr (GArray) kr = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) kc = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) kv = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) rr = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) rc = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) rv = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) members = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) bound = g_array_new (FALSE, FALSE, sizeof (guint));
  gboolean ok = TRUE;

  for (guint j = 0; j < n_all; j++)
    pos_p[j] = pos_s[j] = G_MAXUINT;
  for (guint c = 0; c < np; c++)
    pos_p[p[c]] = c;
  for (guint c = 0; c < ns; c++)
    pos_s[s[c]] = c, group[c] = G_MAXUINT;
  for (guint c = 0; c < np; c++)
    bmark[c] = G_MAXUINT;
  for (guint c = 0; c < np; c++)
    for (guint k = K->start[p[c]]; k < K->start[p[c] + 1]; k++)
      if (pos_p[K->row[k]] != G_MAXUINT)
        {
          g_array_append_val (kr, pos_p[K->row[k]]);
          g_array_append_val (kc, c);
          g_array_append_val (kv, K->value[k]);
        }

  for (guint first = 0; first < ns && ok; first++)
    {
      guint nc, nb;

      if (group[first] != G_MAXUINT)
        continue;
      g_array_set_size (members, 0);
      g_array_set_size (bound, 0);
      group[first] = first;
      g_array_append_val (members, first);
      for (guint h = 0; h < members->len; h++)
        {
          guint i = g_array_index (members, guint, h);

          for (guint k = K->start[s[i]]; k < K->start[s[i] + 1]; k++)
            {
              guint r = K->row[k];

              if (pos_s[r] != G_MAXUINT && group[pos_s[r]] == G_MAXUINT)
                {
                  group[pos_s[r]] = first;
                  g_array_append_val (members, pos_s[r]);
                }
              else if (pos_p[r] != G_MAXUINT && bmark[pos_p[r]] != first)
                {
                  bmark[pos_p[r]] = first;
                  g_array_append_val (bound, pos_p[r]);
                }
            }
        }
      nc = members->len;
      nb = bound->len;
      for (guint h = 0; h < nc; h++)
        local[g_array_index (members, guint, h)] = h;
      {
        g_autoptr (gsl_matrix) acc = gsl_matrix_calloc (nc, nc);
        g_autoptr (gsl_matrix) x = gsl_matrix_calloc (nc, MAX (nb, 1));
        g_autoptr (gsl_matrix) kbc = gsl_matrix_calloc (MAX (nb, 1), nc);
        g_autoptr (gsl_permutation) perm = gsl_permutation_alloc (nc);
        g_autofree guint *blocal = g_new (guint, MAX (np, 1));
        int sign;

        for (guint b = 0; b < nb; b++)
          blocal[g_array_index (bound, guint, b)] = b;
        for (guint h = 0; h < nc; h++)
          {
            guint i = g_array_index (members, guint, h);

            /* Column s_i: K_CC and K_BC. */
            for (guint k = K->start[s[i]]; k < K->start[s[i] + 1]; k++)
              {
                guint r = K->row[k];

                if (pos_s[r] != G_MAXUINT && group[pos_s[r]] == first)
                  gsl_matrix_set (acc, local[pos_s[r]], h, K->value[k]);
                else if (pos_p[r] != G_MAXUINT)
                  gsl_matrix_set (kbc, blocal[pos_p[r]], h, K->value[k]);
              }
          }
        /* K_CB from the columns of B. */
        for (guint b = 0; b < nb; b++)
          {
            guint j = p[g_array_index (bound, guint, b)];

            for (guint k = K->start[j]; k < K->start[j + 1]; k++)
              {
                guint r = K->row[k];

                if (pos_s[r] != G_MAXUINT && group[pos_s[r]] == first)
                  gsl_matrix_set (x, local[pos_s[r]], b, -K->value[k]);
              }
          }
        if (gsl_linalg_LU_decomp (acc, perm, &sign) != GSL_SUCCESS || gsl_linalg_LU_det (acc, sign) == 0)
          {
            ok = FALSE;
            break;
          }
        for (guint b = 0; b < nb; b++)
          {
            gsl_vector_view col = gsl_matrix_column (x, b);
            gsl_linalg_LU_svx (acc, perm, &col.vector);
          }
        for (guint h = 0; h < nc; h++)
          for (guint b = 0; b < nb; b++)
            {
              guint row = g_array_index (bound, guint, b), col = g_array_index (members, guint, h);
              double v = gsl_matrix_get (x, h, b);

              g_array_append_val (rr, row);
              g_array_append_val (rc, col);
              g_array_append_val (rv, v);
            }
        for (guint b1 = 0; b1 < nb; b1++)
          for (guint b2 = 0; b2 < nb; b2++)
            {
              double v = 0;
              guint row = g_array_index (bound, guint, b1), col = g_array_index (bound, guint, b2);

              for (guint h = 0; h < nc; h++)
                v += gsl_matrix_get (kbc, b1, h) * gsl_matrix_get (x, h, b2);
              g_array_append_val (kr, row);
              g_array_append_val (kc, col);
              g_array_append_val (kv, v);
            }
      }
    }
  if (!ok)
    return FALSE;
  sw_sparse_init_from_triplets (&out->K, np, (guint *) kr->data, (guint *) kc->data, (double *) kv->data, kr->len);
  sw_sparse_init_from_triplets (&out->rec, MAX (np, ns), (guint *) rr->data, (guint *) rc->data,
                                (double *) rv->data, rr->len);
  return TRUE;
}

/* The block of a over the coordinates idx (compressed, n_idx square). */
void
_sw_sparse_block (const SwSparse *a, const guint *idx, guint n_idx, SwSparse *out)
{
  g_autofree guint *pos = g_new (guint, MAX (a->n, 1));
  g_autoptr (GArray) r = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) c = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) v = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint j = 0; j < a->n; j++)
    pos[j] = G_MAXUINT;
  for (guint k = 0; k < n_idx; k++)
    pos[idx[k]] = k;
  for (guint k = 0; k < n_idx; k++)
    for (guint e = a->start[idx[k]]; e < a->start[idx[k] + 1]; e++)
      if (pos[a->row[e]] != G_MAXUINT)
        {
          g_array_append_val (r, pos[a->row[e]]);
          g_array_append_val (c, k);
          g_array_append_val (v, a->value[e]);
        }
  sw_sparse_init_from_triplets (out, n_idx, (guint *) r->data, (guint *) c->data, (double *) v->data, r->len);
}

/* Eigenvalues of the first-order system over [q_m, q_f, q_m'] (balanced
 * dgeevx). FALSE when the damping of the first-order coordinates or the
 * mass matrix is singular. */
gboolean
_sw_damped_eigenvalues (SwLinear *lin, const guint *m, guint nm, const guint *f, guint nf, const guint *s, guint ns,
                    double **re, double **im, guint *n_out)
{
  const SwSparse *D = &lin->Ds;
  guint np = nm + nf, n = 2 * nm + nf;
  g_autofree guint *p = g_new (guint, MAX (np, 1));
  g_autofree guint *pos = g_new (guint, MAX (lin->n, 1));
  g_autofree double *A = NULL;
  Condensed kc = { 0 };
  gboolean ok = TRUE;

  if (n == 0)
    return FALSE;
  if (nm > 0)
    memcpy (p, m, nm * sizeof (guint));
  if (nf > 0)
    memcpy (p + nm, f, nf * sizeof (guint));
  for (guint j = 0; j < lin->n; j++)
    pos[j] = G_MAXUINT;
  for (guint k = 0; k < np; k++)
    pos[p[k]] = k;
  if (!_sw_condense (&lin->Ks, p, np, s, ns, &kc))
    return FALSE;
  A = g_new0 (double, (gsize) n * n);
#define AT(r, c) A[(gsize) (c) * n + (r)]

  /* Rows of q_f' = -Dff^-1 (Kfp q_p + Dfm q_m'); columns: [q_m q_f | q_m']. */
  if (nf > 0)
    {
      g_autoptr (gsl_matrix) Dff = gsl_matrix_alloc (nf, nf);
      g_autoptr (gsl_permutation) perm = gsl_permutation_alloc (nf);
      g_autoptr (gsl_vector) col = gsl_vector_alloc (nf);
      int sign;

      for (guint r = 0; r < nf; r++)
        for (guint c = 0; c < nf; c++)
          gsl_matrix_set (Dff, r, c, sw_sparse_get (D, f[r], f[c]));
      if (gsl_linalg_LU_decomp (Dff, perm, &sign) != GSL_SUCCESS || gsl_linalg_LU_det (Dff, sign) == 0)
        ok = FALSE;
      for (guint c = 0; c < n && ok; c++)
        {
          for (guint r = 0; r < nf; r++)
            gsl_vector_set (col, r, c < np ? sw_sparse_get (&kc.K, nm + r, c) : sw_sparse_get (D, f[r], m[c - np]));
          gsl_linalg_LU_svx (Dff, perm, col);
          for (guint r = 0; r < nf; r++)
            AT (nm + r, c) = -gsl_vector_get (col, r);
        }
    }
  /* Rows of M q_m'' = -(Kmp q_p + Dmm q_m' + Dmf q_f'), then M^-1. */
  if (nm > 0 && ok)
    {
      SwSparse Mmm = { 0 };
      gboolean diagonal = TRUE;

      for (guint r = 0; r < nm; r++)
        AT (r, np + r) = 1;
      for (guint c = 0; c < np; c++)
        for (guint k = kc.K.start[c]; k < kc.K.start[c + 1]; k++)
          if (kc.K.row[k] < nm)
            AT (np + kc.K.row[k], c) -= kc.K.value[k];
      for (guint c = 0; c < nm; c++)
        for (guint k = D->start[m[c]]; k < D->start[m[c] + 1]; k++)
          if (pos[D->row[k]] < nm)
            AT (np + pos[D->row[k]], np + c) -= D->value[k];
      for (guint h = 0; h < nf; h++)
        for (guint k = D->start[f[h]]; k < D->start[f[h] + 1]; k++)
          if (pos[D->row[k]] < nm)
            for (guint c = 0; c < n; c++)
              AT (np + pos[D->row[k]], c) -= D->value[k] * AT (nm + h, c);
      _sw_sparse_block (&lin->Ms, m, nm, &Mmm);
      for (guint j = 0; j < nm && diagonal; j++)
        diagonal = Mmm.start[j + 1] - Mmm.start[j] == 1 && Mmm.row[Mmm.start[j]] == j && Mmm.value[Mmm.start[j]] > 0;
      if (diagonal)
        {
          for (guint r = 0; r < nm; r++)
            for (guint c = 0; c < n; c++)
              AT (np + r, c) /= Mmm.value[Mmm.start[r]];
        }
      else
        {
          g_autofree double *L = g_new0 (double, (gsize) nm * nm);

          for (guint j = 0; j < nm; j++)
            for (guint k = Mmm.start[j]; k < Mmm.start[j + 1]; k++)
              L[(gsize) j * nm + Mmm.row[k]] = Mmm.value[k];
          ok = _sw_lapack ()->dpotrf (LAPACK_COL_MAJOR, 'L', nm, L, nm) == 0
               && _sw_lapack ()->dpotrs (LAPACK_COL_MAJOR, 'L', nm, n, L, nm, A + np, n) == 0;
        }
      sw_sparse_clear (&Mmm);
    }
#undef AT
  _sw_condensed_clear (&kc);
  if (!ok)
    return FALSE;
  *re = g_new (double, n);
  *im = g_new (double, n);
  if (!_sw_eigen_general (A, n, *re, *im))
    {
      g_clear_pointer (re, g_free);
      g_clear_pointer (im, g_free);
      return FALSE;
    }
  *n_out = n;
  return TRUE;
}

/* The damped eigenvalues of equations that are not symmetric (rolling
 * lossy gears): M q'' + D q' + K q = 0 with the effective matrices, dense.
 * Per state [q_m, q_f, q_m'] the unknowns [q_m'', q_f', q_s] solve
 * [M_:m | D_:f | K_:s] u = -(K_:m q_m + K_:f q_f + D_:m q_m') (LU), which
 * gives the state-space matrix for dgeevx. FALSE when that is singular. */
gboolean
_sw_general_damped_eigenvalues (SwLinear *lin, double **re, double **im, guint *n_out)
{
  const SwSystem *sys = lin->sys;
  guint n = lin->n, nm = 0, nf = 0, N;
  g_autofree double *K = g_new (double, MAX ((gsize) n * n, 1));
  g_autofree double *D = g_new (double, MAX ((gsize) n * n, 1));
  g_autofree double *M = g_new (double, MAX ((gsize) n * n, 1));
  g_autofree guint *m = g_new (guint, MAX (n, 1));
  g_autofree guint *f = g_new (guint, MAX (n, 1));
  g_autofree guint *s = g_new (guint, MAX (n, 1));
  g_autofree double *A = NULL;
  g_autoptr (gsl_matrix) S = NULL;
  g_autoptr (gsl_permutation) perm = NULL;
  g_autoptr (gsl_vector) col = NULL;
  guint ns = 0;
  int sign;

  if (n == 0)
    return FALSE;
  _sw_linear_effective (lin, K, D, M);
  for (guint j = 0; j < n; j++)
    {
      if (sys->coord_class[j] == SW_COORD_MASSIVE)
        m[nm++] = j;
      else if (sys->coord_class[j] == SW_COORD_FIRST_ORDER)
        f[nf++] = j;
      else
        s[ns++] = j;
    }
  N = 2 * nm + nf;
  if (N == 0)
    return FALSE;
  S = gsl_matrix_alloc (n, n);
  perm = gsl_permutation_alloc (n);
  col = gsl_vector_alloc (n);
#define AT(a, r, c) (a)[(gsize) (c) * n + (r)]
  for (guint r = 0; r < n; r++)
    {
      for (guint c = 0; c < nm; c++)
        gsl_matrix_set (S, r, c, AT (M, r, m[c]));
      for (guint c = 0; c < nf; c++)
        gsl_matrix_set (S, r, nm + c, AT (D, r, f[c]));
      for (guint c = 0; c < ns; c++)
        gsl_matrix_set (S, r, nm + nf + c, AT (K, r, s[c]));
    }
  if (gsl_linalg_LU_decomp (S, perm, &sign) != GSL_SUCCESS || gsl_linalg_LU_det (S, sign) == 0)
    return FALSE;
  A = g_new0 (double, (gsize) N * N);
  for (guint r = 0; r < nm; r++)
    A[(gsize) (nm + nf + r) * N + r] = 1;
  for (guint c = 0; c < N; c++)
    {
      for (guint r = 0; r < n; r++)
        gsl_vector_set (col, r, -(c < nm ? AT (K, r, m[c]) : c < nm + nf ? AT (K, r, f[c - nm])
                                                          : AT (D, r, m[c - nm - nf])));
      if (gsl_linalg_LU_svx (S, perm, col) != GSL_SUCCESS)
        return FALSE;
      /* Rows: q_m' (above), q_f' then q_m''. */
      for (guint r = 0; r < nf; r++)
        A[(gsize) c * N + nm + r] = gsl_vector_get (col, nm + r);
      for (guint r = 0; r < nm; r++)
        A[(gsize) c * N + nm + nf + r] = gsl_vector_get (col, r);
    }
#undef AT
  *re = g_new (double, N);
  *im = g_new (double, N);
  if (!_sw_eigen_general (A, N, *re, *im))
    {
      g_clear_pointer (re, g_free);
      g_clear_pointer (im, g_free);
      return FALSE;
    }
  *n_out = N;
  return TRUE;
}

/* Proportional (classical) damping: every computed mode satisfies
 * D v = delta M v to round-off, so its damped pair solves
 * lambda^2 + delta lambda + omega^2 = 0. Only when all damping acts on
 * massive coordinates. O(nonzeros) per mode. */
gboolean
_sw_proportional_damping (SwLinear *lin, const double *coord_shapes, guint n_modes, double *delta)
{
  const SwSparse *D = &lin->Ds, *M = &lin->Ms;
  const SwSystem *sys = lin->sys;
  guint n = lin->n;
  g_autofree double *w = g_new (double, MAX (n, 1));
  g_autofree double *u = g_new (double, MAX (n, 1));
  double dnorm = 0;

  for (guint j = 0; j < n; j++)
    {
      double sum = 0;

      for (guint k = D->start[j]; k < D->start[j + 1]; k++)
        {
          if (sys->coord_class[j] != SW_COORD_MASSIVE || sys->coord_class[D->row[k]] != SW_COORD_MASSIVE)
            return FALSE;
          sum += fabs (D->value[k]);
        }
      dnorm = MAX (dnorm, sum);
    }
  for (guint i = 0; i < n_modes; i++)
    {
      const double *v = coord_shapes + (gsize) i * n;
      double d = 0, vmax = 0, resid = 0;

      memset (w, 0, n * sizeof (double));
      memset (u, 0, n * sizeof (double));
      for (guint j = 0; j < n; j++)
        {
          if (sys->coord_class[j] != SW_COORD_MASSIVE)
            continue;
          vmax = MAX (vmax, fabs (v[j]));
          for (guint k = D->start[j]; k < D->start[j + 1]; k++)
            w[D->row[k]] += D->value[k] * v[j];
          for (guint k = M->start[j]; k < M->start[j + 1]; k++)
            u[M->row[k]] += M->value[k] * v[j];
        }
      for (guint j = 0; j < n; j++)
        if (sys->coord_class[j] == SW_COORD_MASSIVE)
          d += v[j] * w[j];
      for (guint j = 0; j < n; j++)
        if (sys->coord_class[j] == SW_COORD_MASSIVE)
          resid = MAX (resid, fabs (w[j] - d * u[j]));
      if (resid > 1e-8 * dnorm * vmax)
        return FALSE;
      delta[i] = d;
    }
  return TRUE;
}

/* Every eigenvalue with |lambda - sigma| < radius (sigma = -s < 0) was
 * found: then nothing unfound could have been nearer the mode's frequency
 * than the one paired with it (pair_damped's measures), nor its partner of
 * an overdamped pair (product omega^2) be missing. */
gboolean
_sw_modes_pairing_certain (const SwMode *mode, double radius, double s)
{
  double w = mode->omega_rad_s, im = 2 * G_PI * mode->damped_frequency_hz, re = -mode->decay_rate_per_s;
  double found = hypot (re, im);

  if (!mode->has_damped)
    return FALSE;
  if (im != 0)
    return w + fabs (found - w) < radius - s;
  if (mode->rigid_body || re >= 0)
    return found < radius - s;
  /* Real and negative: every such lambda with -lambda < radius + s was
   * found; the partner is at omega^2 / -re. */
  return MAX (-re, w * w / -re) < radius + s;
}
