/* sw-linear.c: linearisation of the reduced equations at an operating point.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-linear-private.h"
#include "sw-error.h"
#include <glib/gi18n-lib.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>
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
} Work;

/* Q of the reached coordinates from the listed parts, into Q. */
static void
local_Q (Work *w, double *Q)
{
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
      /* A periodic law (a gear mesh) is linearised by its mean. */
      (p->kind->mean_forces != NULL ? p->kind->mean_forces : p->kind->forces) (p, &state, eq->f);
    }
  for (guint k = 0; k < w->coords->len; k++)
    Q[g_array_index (w->coords, guint, k)] = 0;
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
  local_Q (w, w->Q1);
  shift (w, j, -2 * h, velocity);
  local_Q (w, w->Q0);
  shift (w, j, h, velocity);
  for (guint k = 0; k < w->coords->len; k++)
    {
      guint r = g_array_index (w->coords, guint, k);
      double v = -(w->Q1[r] - w->Q0[r]) / (2 * h);

      if (out != NULL)
        gsl_matrix_set (out, r, j, v);
      triplets_add (sparse, r, j, v);
    }
}

/* modes: the friction parts' modes to linearise in (sys then locks the
 * stuck ones), or NULL for a system without friction. */
static SwLinear *
linear_new (const SwSystem *sys, double t, const double *y, const gint8 *modes, gboolean dense, GError **error)
{
  g_autoptr (SwLinear) lin = g_new0 (SwLinear, 1);
  g_autoptr (SwEquations) eq = sw_equations_new (sys);
  guint n = sys->n_coords, nn = MAX (n, 1);
  Work w = { 0 };
  Triplets tk, td, tm;

  lin->sys = sys;
  lin->t = t;
  lin->n = n;
  /* A friction part's equations depend on its mode (stuck: another
   * configuration): linearising without it would give wrong numbers. */
  for (guint i = 0; i < sys->n_parts && modes == NULL; i++)
    if (sys->parts[i].kind->friction != NULL)
      {
        g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                     _("component “%s”: frequency responses of models with friction elements (stuck or sliding) "
                       "are not available yet"),
                     sys->parts[i].id);
        return NULL;
      }
  /* Rolling, a lossy gear passes power one way only: its equations are
   * not symmetric. */
  for (guint i = 0; i < sys->n_parts && modes != NULL; i++)
    if (sys->parts[i].kind->friction != NULL && sys->parts[i].kind->friction->loss != NULL
        && (modes[i] == SW_FRICTION_FORWARD || modes[i] == SW_FRICTION_BACKWARD))
      {
        g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                     _("component “%s”: at t = %g s it rolls with losses, which pass power one way only: the "
                       "equations are not symmetric, so there are no modes; valid: an instant where it is stuck "
                       "(modal --at), or a lossTable of [[0, 1, 1, 0, 0]]"),
                     sys->parts[i].id, t);
        return NULL;
      }
  if (modes != NULL)
    memcpy (eq->mode, modes, MAX (sys->n_parts, 1));
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
sw_linear_new (const SwSystem *sys, double t, const double *y, GError **error)
{
  return linear_new (sys, t, y, NULL, TRUE, error);
}

SwLinear *
sw_linear_new_sparse (const SwSystem *sys, double t, const double *y, GError **error)
{
  return linear_new (sys, t, y, NULL, FALSE, error);
}

SwLinear *
_sw_linear_new_in_modes (const SwSystem *sys, double t, const double *y, const gint8 *modes, GError **error)
{
  return linear_new (sys, t, y, modes, FALSE, error);
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
  guint n = 0;
  g_autofree double *x = g_memdup2 (lin->x, MAX (sys->n_nodes, 1) * sizeof (double));
  g_autofree double *f = g_new0 (double, MAX (sys->n_nodes, 1));
  g_autofree double *a = g_new0 (double, MAX (sys->n_nodes, 1));
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
  return n;
}
