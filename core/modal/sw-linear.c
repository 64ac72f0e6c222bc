/* sw-linear.c: linearisation of the reduced equations at an operating point.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-linear-private.h"
#include "sw-error.h"
#include <glib/gi18n-lib.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_linalg.h>
#include "sw-gsl-private.h"
#include "sw-equations-private.h"
#include "sw-friction-private.h"

/* Node -> force parts touching it (CSR). */
typedef struct {
  guint *start;
  guint *parts;
} Adjacency;

static void
adjacency_init (Adjacency *adj, const SwSystem *sys)
{
  guint total = 0;
  g_autofree guint *fill = NULL;

  adj->start = g_new0 (guint, sys->n_nodes + 1);
  for (guint k = 0; k < sys->n_force_parts; k++)
    {
      const SwPart *p = &sys->parts[sys->force_parts[k]];
      for (guint port = 0; port < sw_part_n_nodes (p); port++)
        adj->start[p->node[port] + 1]++, total++;
    }
  for (guint i = 0; i < sys->n_nodes; i++)
    adj->start[i + 1] += adj->start[i];
  adj->parts = g_new (guint, MAX (total, 1));
  fill = g_memdup2 (adj->start, (sys->n_nodes + 1) * sizeof (guint));
  for (guint k = 0; k < sys->n_force_parts; k++)
    {
      const SwPart *p = &sys->parts[sys->force_parts[k]];
      for (guint port = 0; port < sw_part_n_nodes (p); port++)
        adj->parts[fill[p->node[port]]++] = sys->force_parts[k];
    }
}

static void
adjacency_clear (Adjacency *adj)
{
  g_free (adj->start);
  g_free (adj->parts);
}

typedef struct {
  SwLinear   *lin;
  SwEquations *eq;
  Adjacency   adj;
  GArray     *parts;      /* scratch: the parts a coordinate touches */
  GArray     *coords;     /* scratch: the coordinates those parts reach */
  guint      *part_mark, *coord_mark;
  guint       stamp;
  double     *Q0, *Q1;    /* per coordinate */
  double     *dots0, *dots1;  /* per rolling lossy part: Lambda f */
  gboolean   *held;       /* per coordinate: a kind's linear_held node's */
  double     *held_d;     /* its own damping */
} Work;

/* Q of the reached coordinates from the listed parts, into Q; with
 * rolling lossy parts, Lambda f over the nodes into dots. */
static void
local_Q (Work *w, double *Q, double *dots)
{
  guint nl = w->lin->n_loss, nn = w->lin->sys->n_nodes;

  const SwSystem *sys = w->lin->sys;
  SwEquations *eq = w->eq;
  SwState state;

  sw_equations_get_state (eq, w->lin->t, FALSE, &state);
  for (guint k = 0; k < w->parts->len; k++)
    {
      const SwPart *p = &sys->parts[g_array_index (w->parts, guint, k)];
      for (guint port = 0; port < sw_part_n_nodes (p); port++)
        eq->f[p->node[port]] = 0;
    }
  for (guint k = 0; k < w->parts->len; k++)
    {
      const SwPart *p = &sys->parts[g_array_index (w->parts, guint, k)];
      const SwFrictionDesc *fd = p->kind->friction;
      gint8 mode = w->lin->mode != NULL ? w->lin->mode[p->index] : SW_FRICTION_FREE;
      double *vb = NULL, saved = 0;

      /* Sliding friction at a relative speed within the differences' steps
       * (released at rest): its law is read on its sliding side only, where
       * its slope is (a central difference across 0 would halve it). */
      if (fd != NULL && fd->loss == NULL && (mode == SW_FRICTION_FORWARD || mode == SW_FRICTION_BACKWARD))
        {
          const double *v0 = w->lin->v;
          guint na = p->node[fd->port_a], nb = p->node[fd->port_b];
          double margin = 1e-4 * (1 + fabs (v0[na]) + fabs (v0[nb])), w0 = mode * (v0[nb] - v0[na]);

          vb = &eq->v[nb];
          saved = *vb;
          /* The same shift for every difference around the operating point. */
          if (w0 < margin)
            *vb += mode * (margin - w0);
        }
      /* A periodic law (a gear mesh) is linearised by its mean. */
      (p->kind->mean_forces != NULL ? p->kind->mean_forces : p->kind->forces) (p, &state, eq->f);
      if (vb != NULL)
        *vb = saved;
    }
  for (guint k = 0; k < w->coords->len; k++)
    Q[g_array_index (w->coords, guint, k)] = 0;
  for (guint l = 0; l < nl; l++)
    dots[l] = 0;
  for (guint k = 0; k < w->parts->len; k++)
    {
      const SwPart *p = &sys->parts[g_array_index (w->parts, guint, k)];

      for (guint port = 0; port < sw_part_n_nodes (p); port++)
        {
          guint i = p->node[port];

          /* Each node once: ports of several parts may share it. */
          if (eq->f[i] == 0)
            continue;
          for (guint t = sys->t_start[i]; t < sys->t_start[i + 1]; t++)
            Q[sys->t_terms[t].index] += sys->t_terms[t].coeff * eq->f[i];
          for (guint l = 0; l < nl; l++)
            dots[l] += w->lin->loss_lambda[(gsize) l * nn + i] * eq->f[i];
          eq->f[i] = 0;
        }
    }
}

/* The parts touching coordinate j, and the coordinates they reach. */
static void
gather (Work *w, guint j)
{
  const SwSystem *sys = w->lin->sys;

  w->stamp++;
  g_array_set_size (w->parts, 0);
  g_array_set_size (w->coords, 0);
  for (guint c = sys->c_start[j]; c < sys->c_start[j + 1]; c++)
    {
      guint i = sys->c_terms[c].index;

      for (guint a = w->adj.start[i]; a < w->adj.start[i + 1]; a++)
        {
          guint part = w->adj.parts[a];

          if (w->part_mark[part] == w->stamp)
            continue;
          w->part_mark[part] = w->stamp;
          g_array_append_val (w->parts, part);
          for (guint port = 0; port < sw_part_n_nodes (&sys->parts[part]); port++)
            {
              guint node = sys->parts[part].node[port];

              for (guint t = sys->t_start[node]; t < sys->t_start[node + 1]; t++)
                {
                  guint k = sys->t_terms[t].index;

                  if (w->coord_mark[k] != w->stamp)
                    {
                      w->coord_mark[k] = w->stamp;
                      g_array_append_val (w->coords, k);
                    }
                }
            }
        }
    }
}

/* Moves coordinate j (its position, or its velocity) by dz in the nodes. */
static void
shift (Work *w, guint j, double dz, gboolean velocity)
{
  const SwSystem *sys = w->lin->sys;
  double *target = velocity ? w->eq->v : w->eq->x;

  for (guint c = sys->c_start[j]; c < sys->c_start[j + 1]; c++)
    target[sys->c_terms[c].index] += sys->c_terms[c].coeff * dz;
}

/* Triplets of a sparse matrix being built. */
typedef struct {
  GArray *rows, *cols, *values;
} Triplets;

static void
triplets_init (Triplets *t)
{
  t->rows = g_array_new (FALSE, FALSE, sizeof (guint));
  t->cols = g_array_new (FALSE, FALSE, sizeof (guint));
  t->values = g_array_new (FALSE, FALSE, sizeof (double));
}

static void
triplets_add (Triplets *t, guint r, guint c, double v)
{
  g_array_append_val (t->rows, r);
  g_array_append_val (t->cols, c);
  g_array_append_val (t->values, v);
}

static void
triplets_finish (Triplets *t, SwSparse *a, guint n)
{
  sw_sparse_init_from_triplets (a, n, (guint *) t->rows->data, (guint *) t->cols->data,
                                (double *) t->values->data, t->rows->len);
  g_array_unref (t->rows);
  g_array_unref (t->cols);
  g_array_unref (t->values);
}

static void
column (Work *w, guint j, gboolean velocity, gsl_matrix *out, Triplets *sparse)
{
  double z = velocity ? w->lin->qd[j] : w->lin->q[j];
  double h = 1e-6 * (1 + fabs (z));

  gather (w, j);
  if (w->parts->len == 0)
    return;
  shift (w, j, h, velocity);
  local_Q (w, w->Q1, w->dots1);
  shift (w, j, -2 * h, velocity);
  local_Q (w, w->Q0, w->dots0);
  shift (w, j, h, velocity);
  /* Lambda K_n T and Lambda D_n T, column j. */
  for (guint l = 0; l < w->lin->n_loss; l++)
    (velocity ? w->lin->loss_wd : w->lin->loss_wk)[(gsize) l * w->lin->n + j]
      = -(w->dots1[l] - w->dots0[l]) / (2 * h);
  for (guint k = 0; k < w->coords->len; k++)
    {
      guint r = g_array_index (w->coords, guint, k);
      double v = -(w->Q1[r] - w->Q0[r]) / (2 * h);

      /* A held coordinate (a temperature) keeps its own damping only. */
      if ((w->held[r] || w->held[j]) && !(velocity && r == j))
        continue;
      if (w->held[r])
        w->held_d[r] = v;

      if (out != NULL)
        gsl_matrix_set (out, r, j, v);
      triplets_add (sparse, r, j, v);
    }
}

/* ---- Rolling lossy parts ------------------------------------------------ */

static gboolean
rolls_with_loss (const SwPart *p, const gint8 *modes)
{
  return modes != NULL && p->kind->friction != NULL && p->kind->friction->loss != NULL
         && (modes[p->index] == SW_FRICTION_FORWARD || modes[p->index] == SW_FRICTION_BACKWARD);
}

/* The reaction of row r per unit of M a - f on the nodes: lambda_r =
 * out . (M a - f), out = G^T (G G^T)^-1 e_r over its row block; scaled and
 * added into out. Nothing for a redundant row (its multiplier is 0). */
static void
row_influence (const SwSystem *sys, guint r, double scale, double *out)
{
  if (sys->rows[r].redundant)
    return;
  for (guint b = 0; b < sys->n_row_blocks; b++)
    {
      const SwRowBlock *blk = &sys->row_blocks[b];

      for (guint k = 0; k < blk->n; k++)
        {
          g_autofree double *z = NULL;

          if (blk->rows[k] != r)
            continue;
          if (blk->factor == NULL)
            return;
          z = g_new0 (double, blk->n);
          z[k] = 1;
          _sw_row_block_solve (blk, z);
          for (guint k2 = 0; k2 < blk->n; k2++)
            {
              const SwRow *row = &sys->rows[blk->rows[k2]];

              for (guint c = 0; c < row->n; c++)
                out[row->nodes[c]] += scale * z[k2] * row->coeffs[c];
            }
          return;
        }
    }
}

/* A rolling lossy part's loss torque, L = alpha(w) + beta(w) (T + L) with
 * the transmitted torque T a function of the nodes' x and v and of the
 * part's reactions, which are R (M a - f - sum_j g_j L_j) over the nodes.
 * Linearised at the operating point (eq, after complete) and solved for all
 * rolling parts together: L = Lambda (M a - f) + X x + V v, where f is
 * every other force (the lossy parts' own forces carry no loss here).
 * Fills lin's loss arrays but the columns of Lambda K_n T and Lambda D_n T,
 * which the differences of the forces make; *X and *V: n_loss x n_nodes. */
static gboolean
loss_terms (SwLinear *lin, SwEquations *eq, double **X, double **V, GError **error)
{
  const SwSystem *sys = lin->sys;
  guint nn = MAX (sys->n_nodes, 1), n = lin->n, m = 0, k = 0;
  g_autofree guint *parts = NULL;
  g_autofree double *xs = g_memdup2 (eq->x, nn * sizeof (double));
  g_autofree double *vs = g_memdup2 (eq->v, nn * sizeof (double));
  g_autofree double *ls = g_memdup2 (eq->lambda, MAX (sys->n_rows, 1) * sizeof (double));
  g_autofree double *Rr = NULL, *tx = NULL, *tv = NULL, *E = NULL, *g = NULL, *c = NULL;
  g_autoptr (gsl_matrix) A = NULL;
  g_autoptr (gsl_permutation) perm = NULL;
  g_autoptr (gsl_vector) col = NULL;
  SwState state;
  int sign;

  for (guint i = 0; i < sys->n_parts; i++)
    m += rolls_with_loss (&sys->parts[i], lin->mode);
  if (m == 0)
    return TRUE;
  parts = g_new (guint, m);
  for (guint i = 0; i < sys->n_parts; i++)
    if (rolls_with_loss (&sys->parts[i], lin->mode))
      parts[k++] = i;
  Rr = g_new0 (double, (gsize) m * nn);
  tx = g_new0 (double, (gsize) m * nn);
  tv = g_new0 (double, (gsize) m * nn);
  E = g_new0 (double, (gsize) m * nn);
  g = g_new0 (double, (gsize) m * nn);
  c = g_new0 (double, m);
  sw_equations_get_state (eq, lin->t, FALSE, &state);
  state.x = xs;
  state.v = vs;
  state.lambda = ls;
  for (k = 0; k < m; k++)
    {
      const SwPart *p = &sys->parts[parts[k]];
      const SwFrictionDesc *f = p->kind->friction;
      int dir = lin->mode[parts[k]];
      gboolean positive = lin->quadrant[parts[k]] > 0;
      guint na = p->node[f->port_a], nb = p->node[f->port_b];
      double alpha, beta, tau_t, ap, bp, am, bm, h;
      double *fields[2] = { xs, vs }, *grads[2] = { tx + (gsize) k * nn, tv + (gsize) k * nn };

      f->loss (p, &state, dir, positive, &alpha, &beta);
      tau_t = f->transmitted (p, &state) + eq->loss[parts[k]];
      if (!(beta < 1))
        {
          g_set_error (error, SW_ERROR, SW_ERROR_SINGULAR,
                       _("component “%s”: its loss takes all the torque it transmits (efficiency 0): it "
                         "cannot be linearised rolling"), p->id);
          return FALSE;
        }
      c[k] = beta / (1 - beta);
      /* Its loss acts +L on port_a's node and -L on port_b's. */
      g[(gsize) k * nn + na] += 1;
      g[(gsize) k * nn + nb] -= 1;
      /* dT/dx and dT/dv over its nodes (a gearbox's backlash). */
      for (guint port = 0; port < sw_part_n_nodes (p); port++)
        for (int which = 0; which < 2; which++)
          {
            guint i = p->node[port];
            double z = fields[which][i], hi, lo;

            if (grads[which][i] != 0)
              continue;   /* a node seen at an earlier port */
            h = 1e-6 * (1 + fabs (z));
            fields[which][i] = z + h;
            hi = f->transmitted (p, &state);
            fields[which][i] = z - h;
            lo = f->transmitted (p, &state);
            fields[which][i] = z;
            grads[which][i] = (hi - lo) / (2 * h);
          }
      /* dT/dlambda over its rows, through the reactions (a lossy gear's). */
      for (guint r = 0; r < p->n_rows; r++)
        {
          double *l = &ls[p->first_row + r], z = *l, hi, lo;

          h = 1e-6 * (1 + fabs (z));
          *l = z + h;
          hi = f->transmitted (p, &state);
          *l = z - h;
          lo = f->transmitted (p, &state);
          *l = z;
          if (hi != lo)
            row_influence (sys, p->first_row + r, (hi - lo) / (2 * h), Rr + (gsize) k * nn);
        }
      /* Efficiencies and bearing friction that change with the speed
       * w = v_b - v_a: dL/dw = (alpha' + beta' tau_t) / (1 - beta). */
      h = 1e-6 * (1 + fabs (vs[nb]));
      vs[nb] += h;
      f->loss (p, &state, dir, positive, &ap, &bp);
      vs[nb] -= 2 * h;
      f->loss (p, &state, dir, positive, &am, &bm);
      vs[nb] += h;
      {
        double dLdw = ((ap - am) + (bp - bm) * tau_t) / (2 * h) / (1 - beta);

        E[(gsize) k * nn + nb] += dLdw;
        E[(gsize) k * nn + na] -= dLdw;
      }
    }
  /* (I + C Rg) L = C (Rr (M a - f) + tx x + tv v) + E v, Rg_kj = Rr_k . g_j. */
  A = gsl_matrix_alloc (m, m);
  perm = gsl_permutation_alloc (m);
  col = gsl_vector_alloc (m);
  for (guint r = 0; r < m; r++)
    for (guint j = 0; j < m; j++)
      {
        double dot = 0;

        for (guint i = 0; i < sys->n_nodes; i++)
          dot += Rr[(gsize) r * nn + i] * g[(gsize) j * nn + i];
        gsl_matrix_set (A, r, j, (r == j) + c[r] * dot);
      }
  if (gsl_linalg_LU_decomp (A, perm, &sign) != GSL_SUCCESS || gsl_linalg_LU_det (A, sign) == 0)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_SINGULAR,
                   _("component “%s”: the losses of the rolling gears cannot be solved with the torques they "
                     "transmit"), sys->parts[parts[0]].id);
      return FALSE;
    }
  lin->n_loss = m;
  lin->loss_lambda = g_new0 (double, (gsize) m * nn);
  *X = g_new0 (double, (gsize) m * nn);
  *V = g_new0 (double, (gsize) m * nn);
  for (guint i = 0; i < sys->n_nodes; i++)
    {
      double *out[3] = { lin->loss_lambda, *X, *V };

      for (int which = 0; which < 3; which++)
        {
          for (guint r = 0; r < m; r++)
            {
              gsize at = (gsize) r * nn + i;
              gsl_vector_set (col, r, which == 0 ? c[r] * Rr[at] : which == 1 ? c[r] * tx[at] : c[r] * tv[at] + E[at]);
            }
          gsl_linalg_LU_svx (A, perm, col);
          for (guint r = 0; r < m; r++)
            out[which][(gsize) r * nn + i] = gsl_vector_get (col, r);
        }
    }
  /* U = T^T g, Wm = Lambda M T; Wk and Wd get their force columns later. */
  lin->loss_u = g_new0 (double, (gsize) n * m);
  lin->loss_wk = g_new0 (double, (gsize) m * MAX (n, 1));
  lin->loss_wd = g_new0 (double, (gsize) m * MAX (n, 1));
  lin->loss_wm = g_new0 (double, (gsize) m * MAX (n, 1));
  for (k = 0; k < m; k++)
    {
      g_autofree double *mu = g_new0 (double, nn);

      _sw_system_apply_mass (sys, lin->loss_lambda + (gsize) k * nn, mu);
      for (guint i = 0; i < sys->n_nodes; i++)
        if (g[(gsize) k * nn + i] != 0)
          for (guint t = sys->t_start[i]; t < sys->t_start[i + 1]; t++)
            lin->loss_u[(gsize) k * n + sys->t_terms[t].index] += sys->t_terms[t].coeff * g[(gsize) k * nn + i];
      for (guint j = 0; j < n; j++)
        for (guint t = sys->c_start[j]; t < sys->c_start[j + 1]; t++)
          lin->loss_wm[(gsize) k * n + j] += sys->c_terms[t].coeff * mu[sys->c_terms[t].index];
    }
  return TRUE;
}

/* modes: the friction parts' modes to linearise in (sys then locks the
 * stuck ones), or NULL for a system without friction. */
static SwLinear *
linear_new (const SwSystem *sys, double t, const double *y, const gint8 *modes, const gint8 *quadrant,
            gboolean dense, GError **error)
{
  g_autoptr (SwLinear) lin = g_new0 (SwLinear, 1);
  g_autoptr (SwEquations) eq = sw_equations_new (sys);
  guint n = sys->n_coords, nn = MAX (n, 1);
  Work w = { 0 };
  Triplets tk, td, tm;
  g_autofree double *loss_x = NULL, *loss_v = NULL;
  g_autofree gboolean *held = NULL;
  g_autofree double *held_d = NULL;
  gboolean held_any;

  lin->sys = sys;
  lin->t = t;
  lin->n = n;
  /* A friction part's equations depend on its mode (stuck: another
   * configuration, sw-linear-friction.c): without one they would be wrong. */
  g_return_val_if_fail (modes != NULL || !_sw_system_has_friction (sys), NULL);
  if (modes != NULL)
    memcpy (eq->mode, modes, MAX (sys->n_parts, 1));
  if (quadrant != NULL)
    memcpy (eq->quadrant, quadrant, MAX (sys->n_parts, 1));
  if (!sw_equations_complete (eq, t, y != NULL ? y : sys->y0, FALSE))
    {
      g_propagate_error (error, g_steal_pointer (&eq->error));
      return NULL;
    }
  /* Held values and contacts' regions as a run starting here has them,
   * and the state with them. */
  if (sys->n_held > 0 || _sw_system_has_contacts (sys))
    {
      _sw_equations_start_held (eq, t);
      if (!sw_equations_complete (eq, t, y != NULL ? y : sys->y0, FALSE))
        {
          g_propagate_error (error, g_steal_pointer (&eq->error));
          return NULL;
        }
    }
  lin->q = g_memdup2 (eq->q, nn * sizeof (double));
  lin->qd = g_memdup2 (eq->qd, nn * sizeof (double));
  lin->x = g_memdup2 (eq->x, MAX (sys->n_nodes, 1) * sizeof (double));
  lin->mode = g_memdup2 (eq->mode, MAX (sys->n_parts, 1));
  lin->start = g_new0 (gint8, MAX (sys->n_parts, 1));
  lin->quadrant = g_memdup2 (eq->quadrant, MAX (sys->n_parts, 1));
  lin->loss = g_new0 (double, MAX (sys->n_parts, 1));
  lin->impact = g_new0 (double, MAX (sys->n_parts, 1));
  lin->region = g_memdup2 (eq->region, MAX (sys->n_parts, 1));
  lin->held = g_memdup2 (eq->held, MAX (sys->n_held, 1) * sizeof (double));
  lin->v = g_memdup2 (eq->v, MAX (sys->n_nodes, 1) * sizeof (double));
  /* Rolling lossy parts: their loss as a function of the motion. */
  if (!loss_terms (lin, eq, &loss_x, &loss_v, error))
    return NULL;
  if (dense)
    {
      lin->K = gsl_matrix_calloc (nn, nn);
      lin->D = gsl_matrix_calloc (nn, nn);
      lin->M = gsl_matrix_calloc (nn, nn);
    }
  triplets_init (&tk);
  triplets_init (&td);
  triplets_init (&tm);

  w.lin = lin;
  w.eq = eq;
  adjacency_init (&w.adj, sys);
  w.parts = g_array_new (FALSE, FALSE, sizeof (guint));
  w.coords = g_array_new (FALSE, FALSE, sizeof (guint));
  w.part_mark = g_new0 (guint, MAX (sys->n_parts, 1));
  w.coord_mark = g_new0 (guint, nn);
  w.Q0 = g_new0 (double, nn);
  w.Q1 = g_new0 (double, nn);
  w.dots0 = g_new0 (double, MAX (lin->n_loss, 1));
  w.dots1 = g_new0 (double, MAX (lin->n_loss, 1));
  w.held = g_new0 (gboolean, nn);
  held_any = FALSE;
  for (guint i = 0; i < sys->n_parts; i++)
    for (guint k = 0; k < sys->parts[i].kind->n_internal; k++)
      if (sys->parts[i].kind->linear_held & (1u << k))
        {
          guint node = sys->parts[i].node[sys->parts[i].kind->n_ports + k];

          for (guint t = sys->t_start[node]; t < sys->t_start[node + 1]; t++)
            w.held[sys->t_terms[t].index] = held_any = TRUE;
        }
  w.held_d = g_new0 (double, nn);
  memset (eq->f, 0, sys->n_nodes * sizeof (double));
  for (guint j = 0; j < n; j++)
    {
      column (&w, j, FALSE, lin->K, &tk);
      column (&w, j, TRUE, lin->D, &td);
    }
  adjacency_clear (&w.adj);
  g_array_unref (w.parts);
  g_array_unref (w.coords);
  g_free (w.part_mark);
  g_free (w.coord_mark);
  g_free (w.Q0);
  g_free (w.Q1);
  g_free (w.dots0);
  g_free (w.dots1);
  held = g_steal_pointer (&w.held);
  held_d = g_steal_pointer (&w.held_d);
  /* The loss's own dependence on the nodes' positions and speeds. */
  for (guint l = 0; l < lin->n_loss; l++)
    for (guint j = 0; j < n; j++)
      for (guint c = sys->c_start[j]; c < sys->c_start[j + 1]; c++)
        {
          gsize at = (gsize) l * MAX (sys->n_nodes, 1) + sys->c_terms[c].index;

          lin->loss_wk[(gsize) l * n + j] += sys->c_terms[c].coeff * loss_x[at];
          lin->loss_wd[(gsize) l * n + j] += sys->c_terms[c].coeff * loss_v[at];
        }

  /* M = T^T diag(m) T, nonzero in the massive blocks only. */
  for (guint i = 0; i < sys->n_nodes; i++)
    if (sys->mass[i] != 0)
      for (guint a = sys->t_start[i]; a < sys->t_start[i + 1]; a++)
        for (guint b = sys->t_start[i]; b < sys->t_start[i + 1]; b++)
          {
            double v = sys->mass[i] * sys->t_terms[a].coeff * sys->t_terms[b].coeff;

            if (dense)
              *gsl_matrix_ptr (lin->M, sys->t_terms[a].index, sys->t_terms[b].index) += v;
            triplets_add (&tm, sys->t_terms[a].index, sys->t_terms[b].index, v);
          }
  for (guint k = 0; k < sys->n_couplings; k++)
    {
      const SwMassCoupling *c = &sys->couplings[k];

      for (guint a = sys->t_start[c->a]; a < sys->t_start[c->a + 1]; a++)
        for (guint b = sys->t_start[c->b]; b < sys->t_start[c->b + 1]; b++)
          {
            double v = c->m * sys->t_terms[a].coeff * sys->t_terms[b].coeff;

            if (dense)
              {
                *gsl_matrix_ptr (lin->M, sys->t_terms[a].index, sys->t_terms[b].index) += v;
                *gsl_matrix_ptr (lin->M, sys->t_terms[b].index, sys->t_terms[a].index) += v;
              }
            triplets_add (&tm, sys->t_terms[a].index, sys->t_terms[b].index, v);
            triplets_add (&tm, sys->t_terms[b].index, sys->t_terms[a].index, v);
          }
    }
  /* A held coordinate returns to its operating value ten times faster
   * than the fastest of the motion (K = 10 rate D, the rate from the
   * diagonals: sqrt(K/M), D/M, K/D): an eigenvalue no mode pairs with
   * (sw-modes.c), which leaves the others' scale, and a response of 0. */
  {
    double rate = 1;
    g_autofree double *kd = g_new0 (double, nn), *dd = g_new0 (double, nn), *md = g_new0 (double, nn);
    Triplets *all[] = { &tk, &td, &tm };
    double *diag[] = { kd, dd, md };

    for (guint a = 0; a < G_N_ELEMENTS (all) && held_any; a++)
      for (guint e = 0; e < all[a]->rows->len; e++)
        if (g_array_index (all[a]->rows, guint, e) == g_array_index (all[a]->cols, guint, e))
          diag[a][g_array_index (all[a]->rows, guint, e)] += g_array_index (all[a]->values, double, e);
    for (guint j = 0; j < n && held_any; j++)
      if (!held[j] && md[j] > 0)
        rate = MAX (rate, MAX (sqrt (fabs (kd[j]) / md[j]), fabs (dd[j]) / md[j]));
      else if (!held[j] && dd[j] != 0)
        rate = MAX (rate, fabs (kd[j] / dd[j]));
    for (guint j = 0; j < n && held_any; j++)
      if (held[j] && held_d[j] != 0)
        {
          if (dense)
            gsl_matrix_set (lin->K, j, j, 10 * rate * held_d[j]);
          triplets_add (&tk, j, j, 10 * rate * held_d[j]);
        }
  }
  triplets_finish (&tk, &lin->Ks, n);
  triplets_finish (&td, &lin->Ds, n);
  triplets_finish (&tm, &lin->Ms, n);
  return g_steal_pointer (&lin);
}

/* The largest |a_rc - a_cr| against the largest |a_rc|. */
static double
asymmetry (const SwSparse *a, double *scale)
{
  double worst = 0;

  *scale = 0;
  for (guint c = 0; c < a->n; c++)
    for (guint k = a->start[c]; k < a->start[c + 1]; k++)
      {
        *scale = MAX (*scale, fabs (a->value[k]));
        worst = MAX (worst, fabs (a->value[k] - sw_sparse_get (a, c, a->row[k])));
      }
  return worst;
}

gboolean
_sw_linear_check_symmetric (const SwLinear *lin, GError **error)
{
  const SwSystem *sys = lin->sys;
  double scale, worst = asymmetry (&lin->Ks, &scale);

  /* Central differences of exact laws agree to about 1e-8 relative. */
  if (worst <= 1e-6 * scale)
    return TRUE;
  for (guint i = 0; i < sys->n_parts; i++)
    for (guint k = 0; k < sys->parts[i].n_inputs; k++)
      if (!sys->parts[i].input[k].speed)
        {
          const SwPart *p = &sys->parts[i];

          g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                       _("component “%s” feeds back the position “%s” measured away from where it acts, so the "
                         "stiffness matrix is not symmetric (by %.3g of its largest entry): undamped modes and "
                         "a Campbell diagram are not defined for such a control loop; its simulation and "
                         "frequency responses are"),
                       p->id, sw_signal_get_input (p->signal[p->input[k].param], 0), worst / scale);
          return FALSE;
        }
  g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
               _("the stiffness matrix is not symmetric (by %.3g of its largest entry): undamped modes are not "
                 "defined"), worst / scale);
  return FALSE;
}

SwLinear *
_sw_linear_new_in_modes (const SwSystem *sys, double t, const double *y, const gint8 *modes, const gint8 *quadrant,
                         gboolean dense, GError **error)
{
  return linear_new (sys, t, y, modes, quadrant, dense, error);
}

static void
effective_one (const SwLinear *lin, const SwSparse *a, const double *w, double *out)
{
  guint n = lin->n;

  if (out == NULL)
    return;
  memset (out, 0, (gsize) n * n * sizeof (double));
  for (guint c = 0; c < n; c++)
    for (guint k = a->start[c]; k < a->start[c + 1]; k++)
      out[(gsize) c * n + a->row[k]] = a->value[k];
  for (guint l = 0; l < lin->n_loss; l++)
    for (guint c = 0; c < n; c++)
      {
        double wc = w[(gsize) l * n + c];

        if (wc != 0)
          for (guint r = 0; r < n; r++)
            out[(gsize) c * n + r] -= lin->loss_u[(gsize) l * n + r] * wc;
      }
}

void
_sw_linear_effective (const SwLinear *lin, double *K, double *D, double *M)
{
  effective_one (lin, &lin->Ks, lin->loss_wk, K);
  effective_one (lin, &lin->Ds, lin->loss_wd, D);
  effective_one (lin, &lin->Ms, lin->loss_wm, M);
}

void
_sw_linear_effective_load (const SwLinear *lin, const double *b, double *F)
{
  const SwSystem *sys = lin->sys;
  guint nn = MAX (sys->n_nodes, 1);

  memset (F, 0, lin->n * sizeof (double));
  for (guint i = 0; i < sys->n_nodes; i++)
    if (b[i] != 0)
      for (guint t = sys->t_start[i]; t < sys->t_start[i + 1]; t++)
        F[sys->t_terms[t].index] += sys->t_terms[t].coeff * b[i];
  for (guint l = 0; l < lin->n_loss; l++)
    {
      double lb = 0;

      for (guint i = 0; i < sys->n_nodes; i++)
        lb += lin->loss_lambda[(gsize) l * nn + i] * b[i];
      for (guint r = 0; r < lin->n; r++)
        F[r] -= lin->loss_u[(gsize) l * lin->n + r] * lb;
    }
}

/* ---- Compressed columns -------------------------------------------------- */

typedef struct {
  guint  row;
  double value;
} Entry;

static int
compare_entries (gconstpointer a, gconstpointer b)
{
  guint x = ((const Entry *) a)->row, y = ((const Entry *) b)->row;
  return x < y ? -1 : x > y;
}

void
sw_sparse_init_from_triplets (SwSparse *a, guint n, const guint *rows, const guint *cols, const double *values,
                              gsize n_entries)
{
  g_autofree guint *fill = NULL;
  g_autofree Entry *e = g_new (Entry, MAX (n_entries, 1));
  gsize out = 0;

  a->n = n;
  a->start = g_new0 (guint, n + 1);
  for (gsize k = 0; k < n_entries; k++)
    {
      g_assert (rows[k] < n && cols[k] < n);
      a->start[cols[k] + 1]++;
    }
  for (guint j = 0; j < n; j++)
    a->start[j + 1] += a->start[j];
  fill = g_memdup2 (a->start, (n + 1) * sizeof (guint));
  for (gsize k = 0; k < n_entries; k++)
    e[fill[cols[k]]++] = (Entry) { rows[k], values[k] };
  a->row = g_new (guint, MAX (n_entries, 1));
  a->value = g_new (double, MAX (n_entries, 1));
  for (guint j = 0; j < n; j++)
    {
      guint from = a->start[j], to = a->start[j + 1];

      qsort (e + from, to - from, sizeof (Entry), compare_entries);
      a->start[j] = out;
      for (guint k = from; k < to; k++)
        {
          double v = e[k].value;

          while (k + 1 < to && e[k + 1].row == e[k].row)
            v += e[++k].value;
          if (v != 0)
            {
              a->row[out] = e[k].row;
              a->value[out++] = v;
            }
        }
    }
  a->start[n] = out;
}

double
sw_sparse_get (const SwSparse *a, guint r, guint c)
{
  guint lo = a->start[c], hi = a->start[c + 1];

  while (lo < hi)
    {
      guint mid = (lo + hi) / 2;

      if (a->row[mid] == r)
        return a->value[mid];
      if (a->row[mid] < r)
        lo = mid + 1;
      else
        hi = mid;
    }
  return 0;
}

void
sw_sparse_clear (SwSparse *a)
{
  g_clear_pointer (&a->start, g_free);
  g_clear_pointer (&a->row, g_free);
  g_clear_pointer (&a->value, g_free);
}

void
sw_linear_free (SwLinear *lin)
{
  if (lin == NULL)
    return;
  g_free (lin->q);
  g_free (lin->qd);
  g_free (lin->x);
  g_free (lin->v);
  if (lin->K) gsl_matrix_free (lin->K);
  if (lin->D) gsl_matrix_free (lin->D);
  if (lin->M) gsl_matrix_free (lin->M);
  g_free (lin->mode);
  g_free (lin->start);
  g_free (lin->quadrant);
  g_free (lin->loss);
  g_free (lin->impact);
  g_free (lin->region);
  g_free (lin->held);
  g_free (lin->loss_u);
  g_free (lin->loss_wk);
  g_free (lin->loss_wd);
  g_free (lin->loss_wm);
  g_free (lin->loss_lambda);
  sw_sparse_clear (&lin->Ks);
  sw_sparse_clear (&lin->Ds);
  sw_sparse_clear (&lin->Ms);
  g_free (lin);
}

void
_sw_linear_state (const SwLinear *lin, double *x, double *v, double *a, double *lambda, SwState *state)
{
  *state = (SwState) { .t = lin->t, .x = x, .v = v, .a = a, .lambda = lambda, .mode = lin->mode,
                       .start = lin->start, .loss = lin->loss, .quadrant = lin->quadrant,
                       .impact = lin->impact, .region = lin->region, .held = lin->held };
}

guint
sw_linear_element_stiffness (SwLinear *lin, const SwPart *part, guint *nodes, double *ke)
{
  const SwSystem *sys = lin->sys;
  g_autofree double *x = g_memdup2 (lin->x, MAX (sys->n_nodes, 1) * sizeof (double));
  g_autofree double *f = g_new0 (double, MAX (sys->n_nodes, 1));
  g_autofree double *a = g_new0 (double, MAX (sys->n_nodes, 1));

  return _sw_linear_element_stiffness_in (lin, part, nodes, ke, x, f, a);
}

guint
_sw_linear_element_stiffness_in (SwLinear *lin, const SwPart *part, guint *nodes, double *ke, double *x, double *f,
                                 double *a)
{
  guint n = 0;
  SwState state;

  _sw_linear_state (lin, x, lin->v, a, NULL, &state);
  for (guint port = 0; port < sw_kind_n_nodes (part->kind); port++)
    {
      gboolean seen = FALSE;

      for (guint k = 0; k < n && !seen; k++)
        seen = nodes[k] == part->node[port];
      if (!seen)
        nodes[n++] = part->node[port];
    }
  for (guint c = 0; c < n; c++)
    {
      double h = 1e-6 * (1 + fabs (x[nodes[c]]));
      double fp[SW_KIND_MAX_PORTS], fm[SW_KIND_MAX_PORTS];

      for (int side = 0; side < 2; side++)
        {
          double *out = side == 0 ? fp : fm;

          x[nodes[c]] = lin->x[nodes[c]] + (side == 0 ? h : -h);
          for (guint r = 0; r < n; r++)
            f[nodes[r]] = 0;
          (part->kind->mean_forces != NULL ? part->kind->mean_forces : part->kind->forces) (part, &state, f);
          for (guint r = 0; r < n; r++)
            out[r] = f[nodes[r]];
        }
      x[nodes[c]] = lin->x[nodes[c]];
      for (guint r = 0; r < n; r++)
        ke[r * n + c] = -(fp[r] - fm[r]) / (2 * h);
    }
  for (guint r = 0; r < n; r++)
    f[nodes[r]] = 0;
  return n;
}
