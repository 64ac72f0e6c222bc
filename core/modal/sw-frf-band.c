/* sw-frf-band.c: (K - w^2 M + i w D) x = f as a complex band system
 * (sw-frf-private.h).
 *
 * The coordinates are put in a Cuthill-McKee order of the graph of K, D and
 * M together (../engine/sw-band-order.c, as sw-eigen.c orders K and M; the
 * graph is made symmetric, so the non-symmetric equations of rolling lossy
 * gears are ordered too); in that order the matrix has lower and upper
 * half-widths kl and ku (a chain of bodies: 1 and 1). Each frequency fills
 * the band in LAPACK's layout (zgbtrf: ldab = 2 kl + ku + 1, the top kl rows
 * for the fill-in of the row exchanges) and factors it by Gaussian
 * elimination with partial pivoting, the right-hand side carried along (one
 * right-hand side: no separate forward solve), then solves with U: O(n kl
 * (kl + ku)) per frequency against O(n^3) for the dense LU.
 *
 * The rule: the band is used while max (kl, ku) <= max (n / 4, 2). Wider, the
 * dense path runs (an order that leaves a band that wide means a graph far
 * from a chain or a tree, where the band gains little and its storage
 * approaches the dense matrix's).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-frf-private.h"
#include "sw-band-order-private.h"

#include <math.h>
#include <string.h>

struct _SwFrfBand {
  guint   n, kl, ku;
  guint  *order;           /* order[k]: the coordinate at position k */
  /* K, D and M in band storage in the order: entry (i, j) at
   * [j * ldb + ku + i - j], ldb = kl + ku + 1. */
  double *k, *d, *m;
  double complex *ab;      /* the factors, ldab = 2 kl + ku + 1 */
  double complex *b;       /* the right-hand side and solution, in the order */
  /* A tridiagonal band: its pivots' reciprocals, lower and upper
   * diagonals and right-hand sides, entry k of frequency l at
   * [k SW_FRF_BAND_LANES + l]. */
  double complex *td, *tdl, *tdu, *tb;
  /* A tridiagonal band for _sw_frf_band_solve_entries(), read only there
   * (threads share it): [0] K, D and M as k, d and m, [1] the same
   * reversed (entry (i, j) that of (n - 1 - i, n - 1 - j)), each with three
   * zeros after the last column (the row past the end); sorder[1] the
   * order reversed; pos[coordinate]: its position in the order. */
  double *sk[2], *sd[2], *sm[2];
  guint *sorder[2], *pos;
};

void
_sw_frf_band_free (SwFrfBand *band)
{
  if (band == NULL)
    return;
  g_free (band->order);
  g_free (band->k);
  g_free (band->d);
  g_free (band->m);
  g_free (band->ab);
  g_free (band->b);
  g_free (band->td);
  g_free (band->tdl);
  g_free (band->tdu);
  g_free (band->tb);
  for (int side = 0; side < 2; side++)
    {
      g_free (band->sk[side]);
      g_free (band->sd[side]);
      g_free (band->sm[side]);
    }
  g_free (band->sorder[1]);
  g_free (band->pos);
  g_free (band);
}

/* Read directly, not by gsl_matrix_get (a call each): the graph reads n^2
 * entries of each. */
static gboolean
any_nonzero (const gsl_matrix *K, const gsl_matrix *D, const gsl_matrix *M, guint r, guint c)
{
  return K->data[(gsize) r * K->tda + c] != 0 || D->data[(gsize) r * D->tda + c] != 0
         || M->data[(gsize) r * M->tda + c] != 0;
}

SwFrfBand *
_sw_frf_band_new (const gsl_matrix *K, const gsl_matrix *D, const gsl_matrix *M)
{
  guint n = K->size1, kl = 0, ku = 0, len = 0, ldb;
  g_autofree guint *start = g_new (guint, n + 1);
  g_autofree guint *pos = g_new (guint, MAX (n, 1));
  g_autofree guint *roots = g_new (guint, MAX (n, 1));
  g_autoptr (GArray) adj = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (SwFrfBand) band = g_new0 (SwFrfBand, 1);

  g_return_val_if_fail (n > 0 && K->size2 == n && D->size1 == n && D->size2 == n && M->size1 == n
                        && M->size2 == n, NULL);
  /* The graph of the three matrices, made symmetric: c is a neighbour of
   * r when (r, c) or (c, r) is a nonzero of any of them. */
  for (guint r = 0; r < n; r++)
    {
      start[r] = adj->len;
      for (guint c = 0; c < n; c++)
        if (c != r && (any_nonzero (K, D, M, r, c) || any_nonzero (K, D, M, c, r)))
          g_array_append_val (adj, c);
      roots[r] = r;
    }
  start[n] = adj->len;
  band->n = n;
  band->order = g_new (guint, n);
  /* Each connected group from a coordinate of least degree (a chain's end). */
  _sw_band_sort_by_degree (start, roots, n);
  len = _sw_band_order (n, start, (const guint *) adj->data, roots, n, FALSE, FALSE, NULL, 0, band->order);
  g_assert (len == n);
  for (guint k = 0; k < n; k++)
    pos[band->order[k]] = k;
  for (guint r = 0; r < n; r++)
    for (guint a = start[r]; a < start[r + 1]; a++)
      {
        guint c = g_array_index (adj, guint, a), i = pos[r], j = pos[c];

        if (i > j)
          kl = MAX (kl, i - j);
        else
          ku = MAX (ku, j - i);
      }
  if (MAX (kl, ku) > MAX (n / 4, 2))
    return NULL;
  band->kl = kl;
  band->ku = ku;
  ldb = kl + ku + 1;
  band->k = g_new0 (double, (gsize) ldb * n);
  band->d = g_new0 (double, (gsize) ldb * n);
  band->m = g_new0 (double, (gsize) ldb * n);
  band->ab = g_new0 (double complex, (gsize) (2 * kl + ku + 1) * n);
  band->b = g_new0 (double complex, n);
  if (kl == 1 && ku == 1)
    {
      band->td = g_new0 (double complex, (gsize) n * SW_FRF_BAND_LANES);
      band->tdl = g_new0 (double complex, (gsize) n * SW_FRF_BAND_LANES);
      band->tdu = g_new0 (double complex, (gsize) n * SW_FRF_BAND_LANES);
      band->tb = g_new0 (double complex, (gsize) n * SW_FRF_BAND_LANES);
    }
  for (guint j = 0; j < n; j++)
    for (guint i = j > ku ? j - ku : 0; i <= MIN (n - 1, j + kl); i++)
      {
        guint r = band->order[i], c = band->order[j];
        gsize at = (gsize) j * ldb + ku + i - j;

        band->k[at] = gsl_matrix_get (K, r, c);
        band->d[at] = gsl_matrix_get (D, r, c);
        band->m[at] = gsl_matrix_get (M, r, c);
      }
  band->pos = g_memdup2 (pos, (gsize) n * sizeof (guint));
  if (kl == 1 && ku == 1)
    {
      const double *from[3] = { band->k, band->d, band->m };
      double **to[3] = { band->sk, band->sd, band->sm };

      band->sorder[0] = band->order;
      band->sorder[1] = g_new (guint, n);
      for (guint k = 0; k < n; k++)
        band->sorder[1][k] = band->order[n - 1 - k];
      for (int which = 0; which < 3; which++)
        {
          double *fwd = to[which][0] = g_new0 (double, (gsize) 3 * n + 3);
          double *rev = to[which][1] = g_new0 (double, (gsize) 3 * n + 3);

          memcpy (fwd, from[which], (gsize) 3 * n * sizeof (double));
          /* (i, j) reversed is (n - 1 - i, n - 1 - j): at 3 (n - 1 - j) + 1 + j - i. */
          for (guint j = 0; j < n; j++)
            for (guint i = j > 0 ? j - 1 : 0; i <= MIN (n - 1, j + 1); i++)
              rev[(gsize) 3 * j + 1 + i - j] = from[which][(gsize) 3 * (n - 1 - j) + 1 + j - i];
        }
    }
  return g_steal_pointer (&band);
}

void
_sw_frf_band_get_widths (const SwFrfBand *band, guint *kl, guint *ku)
{
  *kl = band->kl;
  *ku = band->ku;
}

void
_sw_frf_band_get_size (const SwFrfBand *band, guint *n)
{
  *n = band->n;
}

/* Products and quotients written out: the compiler's complex ones guard
 * against infinities with a library call on every operation. */
static inline double complex
cmul (double complex a, double complex b)
{
  double ar = creal (a), ai = cimag (a), br = creal (b), bi = cimag (b);

  return CMPLX (ar * br - ai * bi, ar * bi + ai * br);
}

/* 1 / z, z != 0: conj (z) / |z|^2 where |z|^2 is a normal number, else
 * Smith's scaling (as LAPACK's zladiv) against overflow and underflow. */
static inline double complex
crecip (double complex z)
{
  double zr = creal (z), zi = cimag (z), t, s = zr * zr + zi * zi;

  if (s > 1e-290 && s < 1e290)
    {
      s = 1 / s;
      return CMPLX (zr * s, -zi * s);
    }
  if (fabs (zr) >= fabs (zi))
    {
      t = zi / zr;
      s = 1 / (zr + zi * t);
      return CMPLX (s, -t * s);
    }
  t = zr / zi;
  s = 1 / (zr * t + zi);
  return CMPLX (t * s, -s);
}

/* a / b, b != 0, each part rounded once where b is real (Smith's
 * algorithm, as LAPACK's zladiv): near an undamped resonance the solution
 * amplifies every rounding, and a reciprocal and a product round twice. */
static inline double complex
cdiv (double complex a, double complex b)
{
  double ar = creal (a), ai = cimag (a), br = creal (b), bi = cimag (b), r, den;

  if (fabs (br) >= fabs (bi))
    {
      r = bi / br;
      den = br + bi * r;
      return CMPLX ((ar + ai * r) / den, (ai - ar * r) / den);
    }
  r = br / bi;
  den = bi + br * r;
  return CMPLX ((ar * r + ai) / den, (ai * r - ar) / den);
}

static inline double
cabs1 (double complex z)
{
  return fabs (creal (z)) + fabs (cimag (z));
}

/* The right-hand side's entry i: real f shared by every frequency, or
 * complex fc[l] for frequency l. */
static inline double complex
rhs (const double *f, const double complex *const *fc, guint l, guint i)
{
  return fc != NULL ? fc[l][i] : f[i];
}

/* One frequency on any band (LAPACK's zgbtf2 and zgbtrs, one right-hand
 * side): f real, or fc complex (frequency l's). */
static gboolean
band_solve (SwFrfBand *band, double w, const double *f, const double complex *const *fc, guint l,
            double complex *x)
{
  guint n = band->n, kl = band->kl, ku = band->ku, kv = kl + ku, ldab = 2 * kl + ku + 1, ldb = kl + ku + 1;
  double complex *ab = band->ab, *b = band->b;
  double w2 = w * w;
  guint ju = 0;

  /* A(i, j) is ab[j * ldab + kv + i - j]: the band below the kl rows of
   * fill-in, which start at 0. */
  for (guint j = 0; j < n; j++)
    {
      double complex *col = ab + (gsize) j * ldab;
      gsize from = (gsize) j * ldb;

      for (guint r = 0; r < kl; r++)
        col[r] = 0;
      for (guint r = 0; r < ldb; r++)
        col[kl + r] = CMPLX (band->k[from + r] - w2 * band->m[from + r], w * band->d[from + r]);
      b[j] = rhs (f, fc, l, band->order[j]);
    }
#define A(i, j) ab[(gsize) (j) * ldab + kv + (i) - (j)]
  for (guint j = 0; j < n; j++)
    {
      guint km = MIN (kl, n - 1 - j), p = 0;
      double big = cabs1 (A (j, j));
      double complex r;

      for (guint i = 1; i <= km; i++)
        if (cabs1 (A (j + i, j)) > big)
          big = cabs1 (A (j + i, j)), p = i;
      if (big == 0)
        return FALSE;
      ju = MAX (ju, MIN (j + ku + p, n - 1));
      if (p != 0)
        {
          double complex t = b[j];

          b[j] = b[j + p], b[j + p] = t;
          for (guint c = j; c <= ju; c++)
            {
              t = A (j, c);
              A (j, c) = A (j + p, c);
              A (j + p, c) = t;
            }
        }
      if (km == 0)
        continue;
      r = crecip (A (j, j));
      for (guint i = 1; i <= km; i++)
        {
          A (j + i, j) = cmul (A (j + i, j), r);
          b[j + i] -= cmul (A (j + i, j), b[j]);
        }
      for (guint c = j + 1; c <= ju; c++)
        {
          double complex t = A (j, c);

          if (t != 0)
            for (guint i = 1; i <= km; i++)
              A (j + i, c) -= cmul (A (j + i, j), t);
        }
    }
  /* U x = b: U has kv diagonals above its own. */
  for (guint j = n; j-- > 0;)
    {
      double complex xj = cdiv (b[j], A (j, j));

      b[j] = xj;
      for (guint i = j > kv ? j - kv : 0; i < j; i++)
        b[i] -= cmul (A (i, j), xj);
    }
#undef A
  for (guint k = 0; k < n; k++)
    x[band->order[k]] = b[k];
  return TRUE;
}

/* A tridiagonal band (kl = ku = 1: a chain), SW_FRF_BAND_LANES frequencies
 * at a time: LAPACK's zgtsv (partial pivoting, the second superdiagonal of
 * the row exchanges in dl), written out for each frequency in the inner
 * loop, so that the processor overlaps their chains of dependent
 * operations (each step of one frequency waits for the step before). Row
 * k + 1 is filled when step k reaches it (no pass of its own), and each
 * pivot's reciprocal is taken once, for the elimination's multiplier and
 * again in the back substitution: one division a row instead of six (the
 * divisions bound the solve's speed). A reciprocal then a product round
 * twice where a quotient rounds once: the solution differs by an ulp or
 * two times the condition number, as any solve in a different order. */
static void
tridiagonal_solve (const SwFrfBand *band, double complex *const work[4], guint nw, const double *w, const double *f,
                   const double complex *const *fc, double complex *x, gboolean *ok)
{
  const guint L = SW_FRF_BAND_LANES;
  guint n = band->n;
  double complex *rd = work[0], *dl = work[1], *du = work[2], *b = work[3];
  const double *K = band->k, *D = band->d, *M = band->m;
  double complex d[SW_FRF_BAND_LANES];
  double w2[SW_FRF_BAND_LANES];

  /* Band storage with ldb = 3: (j, j) at 3 j + 1, (j + 1, j) at 3 j + 2,
   * (j, j + 1) at 3 (j + 1). d[l]: the pivot row's diagonal of frequency
   * l, not stored until its reciprocal rd is. */
#define ENTRY(at, l) CMPLX (K[at] - w2[l] * M[at], w[l] * D[at])
  for (guint l = 0; l < nw; l++)
    {
      w2[l] = w[l] * w[l];
      ok[l] = TRUE;
      d[l] = ENTRY (1, l);
      b[l] = rhs (f, fc, l, band->order[0]);
      if (n > 1)
        du[l] = ENTRY (3, l);
    }
  for (guint k = 0; k + 1 < n; k++)
    for (guint l = 0; l < nw; l++)
      {
        gsize a = (gsize) k * L + l, a1 = a + L, at = (gsize) 3 * k;
        double complex low = ENTRY (at + 2, l), d1 = ENTRY (at + 4, l), b1 = rhs (f, fc, l, band->order[k + 1]);
        double complex mult, r, t;

        if (k + 2 < n)
          du[a1] = ENTRY (at + 6, l);
        dl[a] = 0;
        if (low == 0)
          {
            /* Nothing to eliminate (and no fill-in). */
            if (d[l] == 0)
              ok[l] = FALSE;
            rd[a] = d[l] != 0 ? crecip (d[l]) : NAN;
          }
        else if (cabs1 (d[l]) >= cabs1 (low))
          {
            rd[a] = r = crecip (d[l]);
            mult = cmul (low, r);
            d1 -= cmul (mult, du[a]);
            b1 -= cmul (mult, b[a]);
          }
        else
          {
            /* Rows k and k + 1 exchanged. */
            rd[a] = r = crecip (low);
            mult = cmul (d[l], r);
            t = d1;
            d1 = du[a] - cmul (mult, t);
            if (k + 2 < n)
              {
                dl[a] = du[a1];
                du[a1] = -cmul (mult, dl[a]);
              }
            du[a] = t;
            t = b[a];
            b[a] = b1;
            b1 = t - cmul (mult, b1);
          }
        d[l] = d1;
        b[a1] = b1;
      }
#undef ENTRY
  for (guint l = 0; l < nw; l++)
    {
      gsize last = (gsize) (n - 1) * L + l;

      if (d[l] == 0)
        ok[l] = FALSE;
      b[last] = cdiv (b[last], d[l]);
      if (n > 1)
        b[last - L] = cmul (b[last - L] - cmul (du[last - L], b[last]), rd[last - L]);
    }
  for (guint k = n > 2 ? n - 2 : 0; k-- > 0;)
    for (guint l = 0; l < nw; l++)
      {
        gsize a = (gsize) k * L + l;

        b[a] = cmul (b[a] - cmul (du[a], b[a + L]) - cmul (dl[a], b[a + 2 * L]), rd[a]);
      }
  for (guint l = 0; l < nw; l++)
    for (guint k = 0; k < n; k++)
      x[(gsize) l * n + band->order[k]] = b[(gsize) k * L + l];
}

/* The same elimination for four frequencies as vectors of four (GNU C;
 * AVX where the processor has it, chosen when the library loads): the
 * row exchange chosen per frequency by selects, not branches (which
 * frequency exchanges is unpredictable), the operations those of
 * tridiagonal_solve() in the same order and without fused multiply-adds,
 * so the solutions are the same bit for bit (up to the sign of a zero). The
 * arrays are those of tridiagonal_solve() taken as real parts then
 * imaginary parts. FALSE, having changed nothing the caller keeps, where a
 * pivot's |z|^2 is not a normal number (a zero pivot, or one that needs
 * Smith's scaling): tridiagonal_solve() then solves. */
#if defined(__x86_64__) && defined(__GNUC__) && defined(__has_attribute)
#if __has_attribute(target_clones)
#define TRIDIAGONAL_CLONES __attribute__ ((target_clones ("avx2", "default")))
#endif
#endif
#ifndef TRIDIAGONAL_CLONES
#define TRIDIAGONAL_CLONES
#endif

typedef double v4d __attribute__ ((vector_size (32)));
typedef gint64 v4l __attribute__ ((vector_size (32)));

/* Macros, not functions: a vector argument or result of a function
 * compiled without AVX changes the ABI (GCC warns). A comparison gives -1
 * (all bits) or 0 per element: the selects are bit masks. */
#define LOAD4(p) ({ v4d v_; memcpy (&v_, (p), sizeof v_); v_; })
#define STORE4(p, v) do { v4d v_ = (v); memcpy ((p), &v_, sizeof v_); } while (0)
#define SELECT4(mask, yes, no) ((v4d) (((v4l) (yes) & (mask)) | ((v4l) (no) & ~(mask))))
#define ABS4(v) ((v4d) ((v4l) (v) & (v4l) { G_MAXINT64, G_MAXINT64, G_MAXINT64, G_MAXINT64 }))

TRIDIAGONAL_CLONES static gboolean
tridiagonal_solve4 (SwFrfBand *band, const double *wv, const double *f, const double complex *const *fc,
                    double complex *x, gboolean *ok)
{
  const guint L = SW_FRF_BAND_LANES;
  guint n = band->n;
  gsize half = (gsize) n * L;
  double *rr = (double *) band->td, *ri = rr + half, *lr = (double *) band->tdl, *li = lr + half;
  double *ur = (double *) band->tdu, *ui = ur + half, *br = (double *) band->tb, *bi = br + half;
  const double *K = band->k, *D = band->d, *M = band->m;
  v4d w = LOAD4 (wv), w2 = w * w, dr, di, zero = { 0, 0, 0, 0 };
  v4l bad = { 0, 0, 0, 0 };

  G_STATIC_ASSERT (SW_FRF_BAND_LANES == 4);
#define ENTRY_RE(at) (K[at] - w2 * M[at])
#define ENTRY_IM(at) (w * D[at])
  dr = ENTRY_RE (1);
  di = ENTRY_IM (1);
  {
    v4d b0r, b0i;

    for (guint l = 0; l < L; l++)
      {
        double complex v = rhs (f, fc, l, band->order[0]);

        b0r[l] = creal (v);
        b0i[l] = cimag (v);
      }
    STORE4 (br, b0r);
    STORE4 (bi, b0i);
  }
  if (n > 1)
    {
      STORE4 (ur, ENTRY_RE (3));
      STORE4 (ui, ENTRY_IM (3));
    }
  for (guint k = 0; k + 1 < n; k++)
    {
      gsize a = (gsize) k * L, a1 = a + L, at = (gsize) 3 * k;
      v4d lowr = ENTRY_RE (at + 2), lowi = ENTRY_IM (at + 2), d1r = ENTRY_RE (at + 4), d1i = ENTRY_IM (at + 4);
      v4d nur = zero, nui = zero, b1r, b1i, ua_r = LOAD4 (ur + a), ua_i = LOAD4 (ui + a);
      v4d ba_r = LOAD4 (br + a), ba_i = LOAD4 (bi + a);
      v4d pr, pi, qr, qi, p1r, p1i, p2r, p2i, pbr, pbi, q1r, q1i, qbr, qbi, s, rcr, rci, mr, mi;
      v4l xch;

      for (guint l = 0; l < L; l++)
        {
          double complex v = rhs (f, fc, l, band->order[k + 1]);

          b1r[l] = creal (v);
          b1i[l] = cimag (v);
        }
      if (k + 2 < n)
        {
          nur = ENTRY_RE (at + 6);
          nui = ENTRY_IM (at + 6);
        }
      /* Rows k and k + 1 exchanged where |low| > |d| (cabs1), as
       * !(cabs1 (d) >= cabs1 (low)). */
      xch = ~(ABS4 (dr) + ABS4 (di) >= ABS4 (lowr) + ABS4 (lowi));
      pr = SELECT4 (xch, lowr, dr);
      pi = SELECT4 (xch, lowi, di);
      qr = SELECT4 (xch, dr, lowr);
      qi = SELECT4 (xch, di, lowi);
      p1r = SELECT4 (xch, d1r, ua_r);
      p1i = SELECT4 (xch, d1i, ua_i);
      q1r = SELECT4 (xch, ua_r, d1r);
      q1i = SELECT4 (xch, ua_i, d1i);
      p2r = SELECT4 (xch, nur, zero);
      p2i = SELECT4 (xch, nui, zero);
      pbr = SELECT4 (xch, b1r, ba_r);
      pbi = SELECT4 (xch, b1i, ba_i);
      qbr = SELECT4 (xch, ba_r, b1r);
      qbi = SELECT4 (xch, ba_i, b1i);
      /* crecip's common case. */
      s = pr * pr + pi * pi;
      bad |= ~(s > 1e-290) | ~(s < 1e290);
      s = 1 / s;
      rcr = pr * s;
      rci = -pi * s;
      mr = qr * rcr - qi * rci;
      mi = qr * rci + qi * rcr;
      STORE4 (rr + a, rcr);
      STORE4 (ri + a, rci);
      STORE4 (ur + a, p1r);
      STORE4 (ui + a, p1i);
      STORE4 (lr + a, p2r);
      STORE4 (li + a, p2i);
      STORE4 (br + a, pbr);
      STORE4 (bi + a, pbi);
      dr = q1r - (mr * p1r - mi * p1i);
      di = q1i - (mr * p1i + mi * p1r);
      if (k + 2 < n)
        {
          STORE4 (ur + a1, SELECT4 (xch, -(mr * p2r - mi * p2i), nur));
          STORE4 (ui + a1, SELECT4 (xch, -(mr * p2i + mi * p2r), nui));
        }
      STORE4 (br + a1, qbr - (mr * pbr - mi * pbi));
      STORE4 (bi + a1, qbi - (mr * pbi + mi * pbr));
    }
#undef ENTRY_RE
#undef ENTRY_IM
  for (guint l = 0; l < L; l++)
    if (bad[l])
      return FALSE;
  /* The last two rows frequency by frequency (Smith's quotient). */
  for (guint l = 0; l < L; l++)
    {
      gsize last = (gsize) (n - 1) * L + l;
      double complex d = CMPLX (dr[l], di[l]), bl = cdiv (CMPLX (br[last], bi[last]), d);

      ok[l] = d != 0;
      br[last] = creal (bl);
      bi[last] = cimag (bl);
      if (n > 1)
        {
          double complex v = cmul (CMPLX (br[last - L], bi[last - L]) - cmul (CMPLX (ur[last - L], ui[last - L]), bl),
                                   CMPLX (rr[last - L], ri[last - L]));

          br[last - L] = creal (v);
          bi[last - L] = cimag (v);
        }
    }
  for (guint k = n > 2 ? n - 2 : 0; k-- > 0;)
    {
      gsize a = (gsize) k * L;
      v4d xr = LOAD4 (br + a), xi = LOAD4 (bi + a), yr = LOAD4 (br + a + L), yi = LOAD4 (bi + a + L);
      v4d zr = LOAD4 (br + a + 2 * L), zi = LOAD4 (bi + a + 2 * L), u_r = LOAD4 (ur + a), u_i = LOAD4 (ui + a);
      v4d l_r = LOAD4 (lr + a), l_i = LOAD4 (li + a), r_r = LOAD4 (rr + a), r_i = LOAD4 (ri + a), tr_, ti_;

      /* (x - u y - l z) r, each product as cmul(). */
      tr_ = xr - (u_r * yr - u_i * yi) - (l_r * zr - l_i * zi);
      ti_ = xi - (u_r * yi + u_i * yr) - (l_r * zi + l_i * zr);
      STORE4 (br + a, tr_ * r_r - ti_ * r_i);
      STORE4 (bi + a, tr_ * r_i + ti_ * r_r);
    }
  for (guint l = 0; l < L; l++)
    for (guint k = 0; k < n; k++)
      x[(gsize) l * n + band->order[k]] = CMPLX (br[(gsize) k * L + l], bi[(gsize) k * L + l]);
  return TRUE;
}

void
_sw_frf_band_solve (SwFrfBand *band, guint n_w, const double *w, const double *f, double complex *x,
                    gboolean *ok)
{
  g_return_if_fail (n_w >= 1 && n_w <= SW_FRF_BAND_LANES);
  if (band->kl == 1 && band->ku == 1)
    {
      if (n_w < SW_FRF_BAND_LANES || !tridiagonal_solve4 (band, w, f, NULL, x, ok))
        tridiagonal_solve (band, (double complex *[4]) { band->td, band->tdl, band->tdu, band->tb }, n_w, w, f, NULL, x,
                           ok);
      return;
    }
  for (guint l = 0; l < n_w; l++)
    ok[l] = band_solve (band, w[l], f, NULL, 0, x + (gsize) l * band->n);
}

void
_sw_frf_band_solve_complex (SwFrfBand *band, guint n_w, const double *w, const double complex *const *f,
                            double complex *x, gboolean *ok)
{
  g_return_if_fail (n_w >= 1 && n_w <= SW_FRF_BAND_LANES);
  if (band->kl == 1 && band->ku == 1)
    {
      if (n_w < SW_FRF_BAND_LANES || !tridiagonal_solve4 (band, w, NULL, f, x, ok))
        tridiagonal_solve (band, (double complex *[4]) { band->td, band->tdl, band->tdu, band->tb }, n_w, w, NULL, f, x,
                           ok);
      return;
    }
  for (guint l = 0; l < n_w; l++)
    ok[l] = band_solve (band, w[l], NULL, f, l, x + (gsize) l * band->n);
}

/* Entries of the solution alone, at many frequencies, on a tridiagonal
 * band (a chain): a frequency response needs the output's one or two
 * coordinates, not all n. With the positions wanted in p..q of the order,
 * the elimination runs from both ends towards row q: from the top over
 * columns 0..q-2 as tridiagonal_solve4() does, from the bottom over columns
 * n-1..q+1 (the same steps on the band reversed), the two independent
 * (the processor may overlap them); the row q the bottom sweep leaves
 * (columns q-1 and q) then meets the top's active row in column q-1, and
 * back substitution runs from q down to p only. This is Gaussian
 * elimination with partial pivoting on the rows and columns taken in the
 * order 0..q-2, n-1..q+1, q-1, q, each step combining two rows as on the
 * tridiagonal itself (test-frf-band checks each entry against a
 * quadruple-precision solve: within a rounding times its condition, as the
 * whole solution). About n steps per frequency and nothing stored outside
 * p..q, against 2 n steps and n stored for the whole solution.
 * TWISTED_GROUPS groups of four frequencies at a time (measured: one, two
 * and four groups as fast; the step's operations, not their latency,
 * bound it). */
#define TWISTED_GROUPS 2
#define TWISTED_LANES  (4 * TWISTED_GROUPS)
G_STATIC_ASSERT (TWISTED_LANES == SW_FRF_BAND_GROUP);
/* What a step stores for the back substitution, per group: the pivot's
 * reciprocal, the pivot row's entries right of the pivot (two), its
 * right-hand side; real then imaginary parts of four frequencies each. */
#define TWISTED_STORE 32

typedef struct {
  /* The active row: d at its diagonal, u the next entry away from it. */
  v4d dr, di, ur, ui, br, bi;
} Active4;

/* One step of tridiagonal_solve4()'s elimination with the next row
 * next[]: low (under the active row's d), d1, u1 and b1, real then
 * imaginary parts of each; the same operations in the same order. */
static inline __attribute__ ((always_inline)) void
twisted_step (Active4 *s, const v4d *next, double *st, v4l *bad)
{
  v4d zero = { 0, 0, 0, 0 };
  v4l xch = ~(ABS4 (s->dr) + ABS4 (s->di) >= ABS4 (next[0]) + ABS4 (next[1]));
  v4d pr = SELECT4 (xch, next[0], s->dr), pi = SELECT4 (xch, next[1], s->di);
  v4d qr = SELECT4 (xch, s->dr, next[0]), qi = SELECT4 (xch, s->di, next[1]);
  v4d p1r = SELECT4 (xch, next[2], s->ur), p1i = SELECT4 (xch, next[3], s->ui);
  v4d q1r = SELECT4 (xch, s->ur, next[2]), q1i = SELECT4 (xch, s->ui, next[3]);
  v4d pbr = SELECT4 (xch, next[6], s->br), pbi = SELECT4 (xch, next[7], s->bi);
  v4d qbr = SELECT4 (xch, s->br, next[6]), qbi = SELECT4 (xch, s->bi, next[7]);
  v4d sq = pr * pr + pi * pi, rcr, rci, mr, mi;

  *bad |= ~(sq > 1e-290) | ~(sq < 1e290);
  sq = 1 / sq;
  rcr = pr * sq;
  rci = -pi * sq;
  mr = qr * rcr - qi * rci;
  mi = qr * rci + qi * rcr;
  s->dr = q1r - (mr * p1r - mi * p1i);
  s->di = q1i - (mr * p1i + mi * p1r);
  /* (The pivot row's second entry right of the pivot, p2, is u1 where
   * the rows were exchanged, else 0.) */
  s->ur = SELECT4 (xch, -(mr * next[4] - mi * next[5]), next[4]);
  s->ui = SELECT4 (xch, -(mr * next[5] + mi * next[4]), next[5]);
  s->br = qbr - (mr * pbr - mi * pbi);
  s->bi = qbi - (mr * pbi + mi * pbr);
  if (st != NULL)
    {
      STORE4 (st, rcr);
      STORE4 (st + 4, rci);
      STORE4 (st + 8, p1r);
      STORE4 (st + 12, p1i);
      STORE4 (st + 16, SELECT4 (xch, next[4], zero));
      STORE4 (st + 20, SELECT4 (xch, next[5], zero));
      STORE4 (st + 24, pbr);
      STORE4 (st + 28, pbi);
    }
}

/* Row k + 1 of side's band (0 from the top, 1 reversed) at frequencies
 * w (w2 = w^2) as twisted_step()'s next[], the right-hand side f real. */
#define TWISTED_ROW(side, k, w, w2, next)                                                                         \
  do                                                                                                              \
    {                                                                                                             \
      gsize at_ = (gsize) 3 * (k);                                                                                \
      double b_ = f[band->sorder[side][(k) + 1]];                                                                 \
                                                                                                                  \
      (next)[0] = K[side][at_ + 2] - (w2) * M[side][at_ + 2];                                                     \
      (next)[1] = (w) * D[side][at_ + 2];                                                                         \
      (next)[2] = K[side][at_ + 4] - (w2) * M[side][at_ + 4];                                                     \
      (next)[3] = (w) * D[side][at_ + 4];                                                                         \
      (next)[4] = K[side][at_ + 6] - (w2) * M[side][at_ + 6];                                                     \
      (next)[5] = (w) * D[side][at_ + 6];                                                                         \
      (next)[6] = zero + b_;                                                                                      \
      (next)[7] = zero;                                                                                           \
    }                                                                                                             \
  while (0)

/* TWISTED_LANES frequencies wv: x's real parts at xr[(k - p) L + l], the
 * imaginary at xi[...], for positions k = p..q (L = TWISTED_LANES; xr and xi
 * hold q - p + 2 rows, the last set to 0), st (q - p) TWISTED_GROUPS
 * TWISTED_STORE doubles of work. FALSE, x not set, where a pivot's |z|^2 is
 * not a normal number (as tridiagonal_solve4()). */
TRIDIAGONAL_CLONES static gboolean
twisted_solve (const SwFrfBand *band, const double *wv, const double *f, guint p, guint q, double *st, double *xr,
               double *xi, gboolean *ok)
{
  const guint G = TWISTED_GROUPS, L = TWISTED_LANES;
  guint n = band->n, n_top = q >= 1 ? q - 1 : 0, n_bottom = n - 1 - q, both = MIN (n_top, n_bottom);
  const double *K[2] = { band->sk[0], band->sk[1] }, *D[2] = { band->sd[0], band->sd[1] };
  const double *M[2] = { band->sm[0], band->sm[1] };
  v4d zero = { 0, 0, 0, 0 }, w[TWISTED_GROUPS], w2[TWISTED_GROUPS], next[8];
  Active4 top[TWISTED_GROUPS], bottom[TWISTED_GROUPS], *last;
  v4l bad = { 0, 0, 0, 0 };

  for (guint g = 0; g < G; g++)
    {
      Active4 *a[2] = { &top[g], &bottom[g] };

      w[g] = LOAD4 (wv + 4 * g);
      w2[g] = w[g] * w[g];
      for (int side = 0; side < 2; side++)
        {
          double b0 = f[band->sorder[side][0]];

          a[side]->dr = K[side][1] - w2[g] * M[side][1];
          a[side]->di = w[g] * D[side][1];
          a[side]->ur = K[side][3] - w2[g] * M[side][3];
          a[side]->ui = w[g] * D[side][3];
          a[side]->br = zero + b0;
          a[side]->bi = zero;
        }
    }
  for (guint k = 0; k < both; k++)
    for (guint g = 0; g < G; g++)
      {
        TWISTED_ROW (0, k, w[g], w2[g], next);
        twisted_step (&top[g], next, k >= p ? st + ((gsize) (k - p) * G + g) * TWISTED_STORE : NULL, &bad);
        TWISTED_ROW (1, k, w[g], w2[g], next);
        twisted_step (&bottom[g], next, NULL, &bad);
      }
  for (guint k = both; k < n_top; k++)
    for (guint g = 0; g < G; g++)
      {
        TWISTED_ROW (0, k, w[g], w2[g], next);
        twisted_step (&top[g], next, k >= p ? st + ((gsize) (k - p) * G + g) * TWISTED_STORE : NULL, &bad);
      }
  for (guint k = both; k < n_bottom; k++)
    for (guint g = 0; g < G; g++)
      {
        TWISTED_ROW (1, k, w[g], w2[g], next);
        twisted_step (&bottom[g], next, NULL, &bad);
      }
  /* Row q as the bottom sweep left it: u in column q - 1, nothing in
   * q + 1. */
  last = bottom;
  if (q >= 1)
    {
      for (guint g = 0; g < G; g++)
        {
          v4d row[8] = { bottom[g].ur, bottom[g].ui, bottom[g].dr, bottom[g].di,
                         zero,         zero,         bottom[g].br, bottom[g].bi };

          twisted_step (&top[g], row, q - 1 >= p ? st + ((gsize) (q - 1 - p) * G + g) * TWISTED_STORE : NULL, &bad);
        }
      last = top;
    }
  for (guint l = 0; l < 4; l++)
    if (bad[l])
      return FALSE;
  /* x_q (Smith's quotient), then up to p. */
  for (guint g = 0; g < G; g++)
    for (guint l = 0; l < 4; l++)
      {
        gsize at = (gsize) (q - p) * L + 4 * g + l;
        double complex d = CMPLX (last[g].dr[l], last[g].di[l]), v = cdiv (CMPLX (last[g].br[l], last[g].bi[l]), d);

        ok[4 * g + l] = d != 0;
        xr[at] = creal (v);
        xi[at] = cimag (v);
        xr[at + L] = xi[at + L] = 0;
      }
  for (guint k = q; k-- > p;)
    for (guint g = 0; g < G; g++)
      {
        const double *s = st + ((gsize) (k - p) * G + g) * TWISTED_STORE;
        gsize a = (gsize) (k - p) * L + 4 * g;
        v4d yr = LOAD4 (xr + a + L), yi = LOAD4 (xi + a + L), zr = LOAD4 (xr + a + 2 * L), zi = LOAD4 (xi + a + 2 * L);
        v4d r_r = LOAD4 (s), r_i = LOAD4 (s + 4), u_r = LOAD4 (s + 8), u_i = LOAD4 (s + 12), l_r = LOAD4 (s + 16);
        v4d l_i = LOAD4 (s + 20), tr_ = LOAD4 (s + 24), ti_ = LOAD4 (s + 28);

        /* (b - u y - l z) r, as tridiagonal_solve4(). */
        tr_ = tr_ - (u_r * yr - u_i * yi) - (l_r * zr - l_i * zi);
        ti_ = ti_ - (u_r * yi + u_i * yr) - (l_r * zi + l_i * zr);
        STORE4 (xr + a, tr_ * r_r - ti_ * r_i);
        STORE4 (xi + a, tr_ * r_i + ti_ * r_r);
      }
  return TRUE;
}
#undef TWISTED_ROW

void
_sw_frf_band_solve_entries (SwFrfBand *band, guint n_w, const double *w, const double *f, guint n_want,
                            const guint *want, double complex *y, gboolean *ok)
{
  guint n = band->n, p = n, q = 0;

  g_return_if_fail (n_want >= 1);
  for (guint k = 0; k < n_want; k++)
    {
      g_return_if_fail (want[k] < n);
      p = MIN (p, band->pos[want[k]]);
      q = MAX (q, band->pos[want[k]]);
    }
  if (band->kl == 1 && band->ku == 1)
    {
      const guint L = TWISTED_LANES;
      guint rows = q - p + 2;
      g_autofree double *st = g_new (double, (gsize) MAX (q - p, 1) * TWISTED_GROUPS * TWISTED_STORE);
      g_autofree double *xr = g_new (double, (gsize) 2 * rows * L);
      g_autofree double complex *work = NULL;
      double *xi = xr + (gsize) rows * L;

      for (guint g = 0; g < n_w; g += L)
        {
          guint nw = MIN (L, n_w - g);
          double wl[TWISTED_LANES];
          gboolean okl[TWISTED_LANES];

          /* A short last group: its last frequency again, not kept. */
          for (guint l = 0; l < L; l++)
            wl[l] = w[g + MIN (l, nw - 1)];
          if (twisted_solve (band, wl, f, p, q, st, xr, xi, okl))
            {
              for (guint l = 0; l < nw; l++)
                {
                  ok[g + l] = okl[l];
                  for (guint k = 0; k < n_want; k++)
                    {
                      gsize at = (gsize) (band->pos[want[k]] - p) * L + l;

                      y[(gsize) (g + l) * n_want + k] = CMPLX (xr[at], xi[at]);
                    }
                }
              continue;
            }
          /* A pivot that needs Smith's scaling, or 0: the whole solution,
           * four at a time (work of its own, the band shared). */
          if (work == NULL)
            work = g_new (double complex, (gsize) 5 * n * SW_FRF_BAND_LANES);
          for (guint h = 0; h < nw; h += SW_FRF_BAND_LANES)
            {
              guint nh = MIN (SW_FRF_BAND_LANES, nw - h);
              gsize part = (gsize) n * SW_FRF_BAND_LANES;
              double complex *x = work + 4 * part;

              tridiagonal_solve (band, (double complex *[4]) { work, work + part, work + 2 * part, work + 3 * part },
                                 nh, w + g + h, f, NULL, x, ok + g + h);
              for (guint l = 0; l < nh; l++)
                for (guint k = 0; k < n_want; k++)
                  y[(gsize) (g + h + l) * n_want + k] = x[(gsize) l * n + want[k]];
            }
        }
      return;
    }
  {
    g_autofree double complex *x = g_new (double complex, n);

    for (guint l = 0; l < n_w; l++)
      {
        ok[l] = band_solve (band, w[l], f, NULL, 0, x);
        for (guint k = 0; k < n_want; k++)
          y[(gsize) l * n_want + k] = x[want[k]];
      }
  }
}
