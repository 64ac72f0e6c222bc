/* sw-frf.c: frequency response functions.
 *
 * Each point of the grid solves (K - w^2 M + i w D) Q = F: on the band of
 * K, D and M in a Cuthill-McKee order where it is narrow (sw-frf-band.c,
 * O(n b^2) per point), else by a dense complex LU (O(n^3) per point). On
 * the band only the coordinates the output reads are asked for (a chain
 * then solves for them alone, about half the work), the grid split over
 * two threads where a chain's is large enough to pay.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-frf.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <gsl/gsl_complex_math.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>
#include "sw-error.h"
#include "sw-frf-private.h"
#include "sw-frf-output-private.h"
#include "sw-gsl-private.h"
#include "sw-linear-private.h"
#include "sw-modes-private.h"

G_DEFINE_AUTOPTR_CLEANUP_FUNC (gsl_matrix_complex, gsl_matrix_complex_free)

SwFrfOptions
sw_frf_options_default (void)
{
  SwFrfOptions o = { .from_hz = 0, .to_hz = 0, .n_points = 400 };
  return o;
}

static const SwPart *
find_part (const SwSystem *sys, const char *id)
{
  for (guint i = 0; i < sys->n_parts; i++)
    if (strcmp (sys->parts[i].id, id) == 0)
      return &sys->parts[i];
  return NULL;
}

/* The unit load of the input on the nodes: b[node] (at most two nodes). */
static gboolean
input_load (const SwSystem *sys, const char *input, guint *nodes, double *b, guint *n, const char **unit,
            GError **error)
{
  const SwPart *p = find_part (sys, input);

  if (p == NULL)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_UNKNOWN_PARAMETER, _("unknown input “%s”: there is no such component"),
                   input);
      return FALSE;
    }
  for (guint k = 0; k < sys->n_bodies; k++)
    if (&sys->parts[sys->bodies[k].part] == p)
      {
        nodes[0] = sys->bodies[k].nodes[0], b[0] = 1, *n = 1;
        *unit = p->kind->ports[0].domain == SW_DOMAIN_ROTATIONAL ? "N.m" : "N";
        return TRUE;
      }
  if (g_str_equal (p->kind->group, "Sources") && p->kind->forces != NULL)
    {
      nodes[0] = p->node[0], b[0] = 1;
      nodes[1] = p->node[1], b[1] = -1;
      *n = 2;
      *unit = p->kind->ports[0].domain == SW_DOMAIN_ROTATIONAL ? "N.m" : "N";
      return TRUE;
    }
  g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
               _("component “%s” (%s) cannot be an input: choose a torque or force source or a body "
                 "(inertia, mass)"),
               input, p->kind->name);
  return FALSE;
}

/* dy/dx, dy/dv, dy/da, dy/djerk of output variable var of part p over its port nodes,
 * by central differences at the operating point. */
gboolean
_sw_frf_output_gradient (SwLinear *lin, const SwPart *p, guint var, guint *nodes, guint *n, double *gx, double *gv,
                 double *ga, double *gj, GError **error)
{
  const SwSystem *sys = lin->sys;
  guint nn = MAX (sys->n_nodes, 1);
  g_autofree double *x = g_memdup2 (lin->x, nn * sizeof (double));
  g_autofree double *v = g_memdup2 (lin->v, nn * sizeof (double));
  g_autofree double *a = g_new0 (double, nn);
  g_autofree double *jerk = g_new0 (double, nn);
  g_autofree double *lambda = g_new0 (double, MAX (sys->n_rows, 1));
  double out[32], base;
  SwState state;

  _sw_linear_state (lin, x, v, a, lambda, &state);
  state.jerk = jerk;
  g_assert (p->kind->n_vars <= G_N_ELEMENTS (out));
  *n = 0;
  for (guint port = 0; port < sw_kind_n_nodes (p->kind); port++)
    {
      gboolean seen = FALSE;
      for (guint k = 0; k < *n && !seen; k++)
        seen = nodes[k] == p->node[port];
      if (!seen)
        nodes[(*n)++] = p->node[port];
    }
  p->kind->variables (p, &state, out);
  base = out[var];
  /* Reactions need the full dynamics: not a linear output here. */
  for (guint r = 0; r < p->n_rows; r++)
    {
      lambda[p->first_row + r] = 1;
      p->kind->variables (p, &state, out);
      lambda[p->first_row + r] = 0;
      if (out[var] != base)
        {
          g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                       _("“%s.%s” is a reaction of an ideal constraint; a frequency response needs an output "
                         "that follows from the motion (an angle, speed, acceleration or a section's torque)"),
                       p->id, p->kind->vars[var].name);
          return FALSE;
        }
    }
  for (guint k = 0; k < *n; k++)
    {
      double *fields[4] = { x, v, a, jerk }, *grads[4] = { gx, gv, ga, gj };

      for (int which = 0; which < 4; which++)
        {
          double *field = fields[which], z = field[nodes[k]], h = 1e-6 * (1 + fabs (z)), hi, lo;

          field[nodes[k]] = z + h;
          p->kind->variables (p, &state, out);
          hi = out[var];
          field[nodes[k]] = z - h;
          p->kind->variables (p, &state, out);
          lo = out[var];
          field[nodes[k]] = z;
          grads[which][k] = (hi - lo) / (2 * h);
        }
    }
  return TRUE;
}

static int
compare_double (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

/* A logarithmic grid, denser around each natural frequency in range. */
static GArray *
frequency_grid (const SwModes *modes, const SwFrfOptions *o, double *from, double *to)
{
  GArray *grid = g_array_new (FALSE, FALSE, sizeof (double));
  double lo = INFINITY, hi = 0;
  guint n = MAX (o->n_points, 2);

  for (guint i = 0; modes != NULL && i < sw_modes_get_n_modes (modes); i++)
    {
      const SwMode *m = sw_modes_get_mode (modes, i);
      if (!m->rigid_body)
        lo = MIN (lo, m->frequency_hz), hi = MAX (hi, m->frequency_hz);
    }
  *from = o->from_hz > 0 ? o->from_hz : isfinite (lo) ? lo / 10 : 0.1;
  *to = o->to_hz > 0 ? o->to_hz : hi > 0 ? hi * 10 : 1000;
  for (guint k = 0; k < n; k++)
    {
      double f = *from * pow (*to / *from, (double) k / (n - 1));
      g_array_append_val (grid, f);
    }
  for (guint i = 0; modes != NULL && i < sw_modes_get_n_modes (modes); i++)
    {
      const SwMode *m = sw_modes_get_mode (modes, i);
      double zeta = m->has_damped && isfinite (m->damping_ratio) ? m->damping_ratio : 0;
      double f0 = m->has_damped ? m->damped_frequency_hz : m->frequency_hz;
      /* A wide band, and a dense one over the half-power width of the peak. */
      double widths[2] = { MAX (10 * zeta, 0.02), MAX (zeta, 1e-4) };

      if (m->rigid_body || f0 < *from || f0 > *to)
        continue;
      for (int w = 0; w < 2; w++)
        for (int k = -40; k <= 40; k++)
          {
            double f = f0 * pow (1 + widths[w], k / 40.0);
            if (f >= *from && f <= *to && k != 0)
              g_array_append_val (grid, f);
          }
    }
  g_array_sort (grid, compare_double);
  return grid;
}

/* The output's complex amplitude at w from the coordinates' amplitudes Q:
 * x, v = i w x, a = -w^2 x, jerk = -i w^3 x at each of its nodes. */
static double complex
output_response (const SwSystem *sys, double w, const guint *out_nodes, guint n_out, const double *gx,
                 const double *gv, const double *ga, const double *gj, const double complex *Q)
{
  double complex y = 0;

  for (guint k = 0; k < n_out; k++)
    {
      double complex X = 0;
      double complex gain = CMPLX (gx[k] - w * w * ga[k], w * gv[k] - w * w * w * gj[k]);

      for (guint t = sys->t_start[out_nodes[k]]; t < sys->t_start[out_nodes[k] + 1]; t++)
        X += Q[sys->t_terms[t].index] * sys->t_terms[t].coeff;
      y += gain * X;
    }
  return y;
}

/* The same from the entries of Q the output reads: Y[slot[t]] for term t
 * of its nodes (in their order), summed as output_response() sums. */
static double complex
output_response_entries (const SwSystem *sys, double w, const guint *out_nodes, guint n_out, const double *gx,
                         const double *gv, const double *ga, const double *gj, const guint *slot,
                         const double complex *Y)
{
  double complex y = 0;
  guint s = 0;

  for (guint k = 0; k < n_out; k++)
    {
      double complex X = 0;
      double complex gain = CMPLX (gx[k] - w * w * ga[k], w * gv[k] - w * w * w * gj[k]);

      for (guint t = sys->t_start[out_nodes[k]]; t < sys->t_start[out_nodes[k] + 1]; t++)
        X += Y[slot[s++]] * sys->t_terms[t].coeff;
      y += gain * X;
    }
  return y;
}

/* The coordinates the output reads into want (at least one: coordinate 0
 * where it reads none, so that a singular matrix still shows) and each
 * term's slot among them into slot, in output_response_entries()' order. */
static void
output_entries (const SwSystem *sys, const guint *out_nodes, guint n_out, GArray *want, GArray *slot)
{
  for (guint k = 0; k < n_out; k++)
    for (guint t = sys->t_start[out_nodes[k]]; t < sys->t_start[out_nodes[k] + 1]; t++)
      {
        guint index = sys->t_terms[t].index, s = 0;

        while (s < want->len && g_array_index (want, guint, s) != index)
          s++;
        if (s == want->len)
          g_array_append_val (want, index);
        g_array_append_val (slot, s);
      }
  if (want->len == 0)
    g_array_append_val (want, (guint) { 0 });
}

typedef struct {
  SwFrfBand      *band;
  guint           n_w;
  const double   *w;
  const double   *f;
  const GArray   *want;
  double complex *y;
  gboolean       *ok;
} EntriesJob;

static gpointer
entries_run (gpointer data)
{
  EntriesJob *j = data;

  _sw_frf_band_solve_entries (j->band, j->n_w, j->w, j->f, j->want->len, (const guint *) j->want->data, j->y, j->ok);
  return NULL;
}

/* The entries at every frequency of the grid: on two threads where the
 * band is tridiagonal (the solver then only reads it) and the work is
 * worth a thread, split at a multiple of SW_FRF_BAND_GROUP (the same
 * results as on one). */
static void
solve_entries (SwFrfBand *band, const GArray *wgrid, const double *f, const GArray *want, gboolean threads,
               double complex *y, gboolean *ok)
{
  guint n_w = wgrid->len, kl, ku, half = 0;
  const double *w = (const double *) wgrid->data;
  gsize n_want = want->len;

  _sw_frf_band_get_widths (band, &kl, &ku);
  if (threads && kl == 1 && ku == 1 && g_get_num_processors () >= 2)
    {
      guint n;
      guint64 work;

      _sw_frf_band_get_size (band, &n);
      work = (guint64) n * n_w;
      /* Half a millisecond of work and more (a thread costs some 0.1 ms). */
      if (work >= 200000)
        half = n_w / 2 / SW_FRF_BAND_GROUP * SW_FRF_BAND_GROUP;
    }
  if (half > 0)
    {
      EntriesJob second = { band, n_w - half, w + half, f, want, y + half * n_want, ok + half };
      GThread *thread = g_thread_new ("sw-frf", entries_run, &second);
      EntriesJob first = { band, half, w, f, want, y, ok };

      entries_run (&first);
      g_thread_join (thread);
      return;
    }
  {
    EntriesJob all = { band, n_w, w, f, want, y, ok };

    entries_run (&all);
  }
}

/* The reference: a dense complex LU of K - w^2 M + i w D, O(n^3). */
gboolean
_sw_frf_dense_solve (const SwLinear *lin, double w, gsl_matrix_complex *A, gsl_permutation *perm,
             const gsl_vector_complex *F, double complex *Q)
{
  gsl_vector_complex_view q = gsl_vector_complex_view_array ((double *) Q, A->size1);
  guint n = A->size1;
  int sign;

  for (guint r = 0; r < n; r++)
    for (guint c = 0; c < n; c++)
      gsl_matrix_complex_set (A, r, c,
                              gsl_complex_rect (gsl_matrix_get (lin->K, r, c) - w * w * gsl_matrix_get (lin->M, r, c),
                                                w * gsl_matrix_get (lin->D, r, c)));
  return gsl_linalg_complex_LU_decomp (A, perm, &sign) == GSL_SUCCESS
         && gsl_complex_abs (gsl_linalg_complex_LU_det (A, sign)) != 0
         && gsl_linalg_complex_LU_solve (A, perm, F, &q.vector) == GSL_SUCCESS;
}

void
_sw_frf_add_losses (SwLinear *lin)
{
  guint n = lin->n;

  for (guint l = 0; l < lin->n_loss; l++)
    for (guint r = 0; r < n; r++)
      for (guint c = 0; c < n; c++)
        {
          double u = lin->loss_u[(gsize) l * n + r];

          *gsl_matrix_ptr (lin->K, r, c) -= u * lin->loss_wk[(gsize) l * n + c];
          *gsl_matrix_ptr (lin->D, r, c) -= u * lin->loss_wd[(gsize) l * n + c];
          *gsl_matrix_ptr (lin->M, r, c) -= u * lin->loss_wm[(gsize) l * n + c];
        }
}

SwTrajectory *
sw_frf_compute (const SwSystem *base, const char *input, const char *output, const SwFrfOptions *o,
                GError **error)
{
  return _sw_frf_compute_with (base, input, output, o, SW_FRF_SOLVER_AUTO, NULL, error);
}

SwTrajectory *
_sw_frf_compute_with (const SwSystem *base, const char *input, const char *output, const SwFrfOptions *o,
                      SwFrfSolver solver, const char **solver_used, GError **error)
{
  g_auto (SwLinearConfig) config = { 0 };
  const SwSystem *sys;
  SwModesOptions mo = sw_modes_options_default ();
  g_autofree double *load = NULL, *F0 = NULL;
  g_autoptr (SwLinear) lin = NULL;
  g_autoptr (SwModes) modes = NULL;
  g_autoptr (GArray) grid = NULL;
  g_autoptr (SwTrajectory) tr = NULL;
  g_autoptr (gsl_matrix_complex) A = NULL;
  g_autoptr (gsl_vector_complex) F = NULL;
  g_autofree double complex *Q = NULL;
  g_autoptr (SwFrfBand) band = NULL;
  g_autoptr (gsl_permutation) perm = NULL;
  g_auto (GStrv) names = NULL;
  g_auto (GStrv) units = NULL;
  const char *dot, *in_unit;
  const SwPart *out_part;
  guint in_nodes[2], n_in, out_nodes[SW_KIND_MAX_PORTS], n_out, n;
  double b[2], gx[SW_KIND_MAX_PORTS], gv[SW_KIND_MAX_PORTS], ga[SW_KIND_MAX_PORTS], gj[SW_KIND_MAX_PORTS];
  double from, to;
  int var;

  g_return_val_if_fail (base != NULL && input != NULL && output != NULL && o != NULL, NULL);
  sw_init ();
  /* The friction elements in the state asked for at the initial state:
   * the stuck ones locked (the same parts and nodes, other coordinates). */
  if (!_sw_linear_config_init (&config, base, o->at_s, o->at_state, o->friction, error))
    return NULL;
  sys = config.sys;
  n = sys->n_coords;
  if (!input_load (sys, input, in_nodes, b, &n_in, &in_unit, error))
    return NULL;
  {
    int part = _sw_system_find_variable_part (sys, output, &dot);

    out_part = part >= 0 ? &sys->parts[part] : NULL;
  }
  var = out_part != NULL ? sw_kind_find_var (out_part->kind, dot) : -1;
  if (var < 0)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_UNKNOWN_PARAMETER,
                   _("unknown output “%s”: give a component id and one of its variables, e.g. inertia1.w"), output);
      return NULL;
    }
  if (n > SW_MODES_MAX_COORDS)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("the model has %u independent coordinates; a frequency response handles at most %u"),
                   n, SW_MODES_MAX_COORDS);
      return NULL;
    }
  if (n == 0)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID, _("the model has no free motion to respond"));
      return NULL;
    }
  if (!(lin = _sw_linear_new_config (&config, o->at_s, NULL, TRUE, error)))
    return NULL;
  if (!_sw_frf_output_gradient (lin, out_part, var, out_nodes, &n_out, gx, gv, ga, gj, error))
    return NULL;
  mo.friction = o->friction;
  /* The grid needs the frequencies and damping alone. */
  mo.keep_values = FALSE;
  modes = _sw_modes_compute_in_config (&config, o->at_s, NULL, &mo, NULL, NULL);
  /* Rolling lossy gears: the equations with their efficiencies. */
  _sw_frf_add_losses (lin);
  if (o->n_points > SW_FRF_MAX_POINTS)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_TOO_LARGE, _("%u points; valid: at most %d"), o->n_points,
                   SW_FRF_MAX_POINTS);
      return NULL;
    }
  grid = frequency_grid (modes, o, &from, &to);
  if (!(from > 0 && to > from && to <= SW_FRF_MAX_HZ))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("invalid frequency range %g … %g Hz; valid: 0 < from < to <= %g"), from, to, SW_FRF_MAX_HZ);
      return NULL;
    }

  {
    const char *u = out_part->kind->vars[var].unit;
    const char *n4[] = { "magnitude", "phase_deg", "real", "imag", NULL };
    g_autofree char *ratio = g_strdup_printf ("%s/(%s)", u, in_unit);
    const char *u4[] = { ratio, "deg", ratio, ratio, NULL };
    names = g_strdupv ((char **) n4);
    units = g_strdupv ((char **) u4);
  }
  tr = sw_trajectory_new (g_steal_pointer (&names), g_steal_pointer (&units));
  sw_trajectory_set_x_axis (tr, "frequency_hz", "Hz");

  /* F = T^T b (and what the lossy gears take of it) */
  load = g_new0 (double, MAX (sys->n_nodes, 1));
  F0 = g_new0 (double, n);
  for (guint k = 0; k < n_in; k++)
    load[in_nodes[k]] += b[k];
  _sw_linear_effective_load (lin, load, F0);
  Q = g_new (double complex, (gsize) n * SW_FRF_BAND_LANES);
  band = solver == SW_FRF_SOLVER_DENSE ? NULL : _sw_frf_band_new (lin->K, lin->D, lin->M);
  if (solver_used != NULL)
    *solver_used = band != NULL ? "band" : "dense";
  if (band == NULL)
    {
      A = gsl_matrix_complex_alloc (n, n);
      F = gsl_vector_complex_calloc (n);
      perm = gsl_permutation_alloc (n);
      for (guint r = 0; r < n; r++)
        gsl_vector_complex_set (F, r, gsl_complex_rect (F0[r], 0));
    }

  if (band != NULL && solver != SW_FRF_SOLVER_FULL)
    {
      /* The output's coordinates alone, at every frequency. */
      g_autoptr (GArray) want = g_array_new (FALSE, FALSE, sizeof (guint));
      g_autoptr (GArray) slot = g_array_new (FALSE, FALSE, sizeof (guint));
      g_autoptr (GArray) wgrid = g_array_sized_new (FALSE, FALSE, sizeof (double), grid->len);
      g_autofree double complex *Y = NULL;
      g_autofree gboolean *ok = g_new (gboolean, MAX (grid->len, 1));

      output_entries (sys, out_nodes, n_out, want, slot);
      for (guint g = 0; g < grid->len; g++)
        {
          double w = 2 * G_PI * g_array_index (grid, double, g);

          g_array_append_val (wgrid, w);
        }
      Y = g_new (double complex, (gsize) MAX (grid->len, 1) * want->len);
      solve_entries (band, wgrid, F0, want, solver != SW_FRF_SOLVER_SERIAL, Y, ok);
      for (guint g = 0; g < grid->len; g++)
        {
          double row[4] = { NAN, NAN, NAN, NAN }, w = g_array_index (wgrid, double, g);

          if (ok[g])
            {
              double complex y = output_response_entries (sys, w, out_nodes, n_out, gx, gv, ga, gj,
                                                          (const guint *) slot->data, Y + (gsize) g * want->len);

              row[0] = cabs (y);
              row[1] = carg (y) * 180 / G_PI;
              row[2] = creal (y);
              row[3] = cimag (y);
            }
          sw_trajectory_append_row (tr, g_array_index (grid, double, g), row);
        }
      return g_steal_pointer (&tr);
    }
  /* SW_FRF_BAND_LANES frequencies at a time (the band path solves them
   * together; the dense one one after another). */
  for (guint g = 0; g < grid->len; g += SW_FRF_BAND_LANES)
    {
      guint nw = MIN (SW_FRF_BAND_LANES, grid->len - g);
      double w[SW_FRF_BAND_LANES];
      gboolean ok[SW_FRF_BAND_LANES];

      for (guint l = 0; l < nw; l++)
        w[l] = 2 * G_PI * g_array_index (grid, double, g + l);
      if (band != NULL)
        _sw_frf_band_solve (band, nw, w, F0, Q, ok);
      else
        for (guint l = 0; l < nw; l++)
          ok[l] = _sw_frf_dense_solve (lin, w[l], A, perm, F, Q + (gsize) l * n);
      for (guint l = 0; l < nw; l++)
        {
          double row[4] = { NAN, NAN, NAN, NAN };

          if (ok[l])
            {
              double complex y = output_response (sys, w[l], out_nodes, n_out, gx, gv, ga, gj, Q + (gsize) l * n);

              row[0] = cabs (y);
              row[1] = carg (y) * 180 / G_PI;
              row[2] = creal (y);
              row[3] = cimag (y);
            }
          sw_trajectory_append_row (tr, g_array_index (grid, double, g + l), row);
        }
    }
  return g_steal_pointer (&tr);
}

GArray *
sw_frf_excitations (const SwSystem *sys, double t, const double *state, GError **error)
{
  g_auto (SwLinearConfig) config = { 0 };
  g_autoptr (SwLinear) lin = NULL;
  GArray *out;

  g_return_val_if_fail (sys != NULL, NULL);
  if (!_sw_linear_config_init (&config, sys, t, state, SW_LINEAR_FRICTION_OPERATING, error)
      || !(lin = _sw_linear_new_config (&config, t, NULL, FALSE, error)))
    return NULL;
  out = g_array_new (FALSE, FALSE, sizeof (SwFrfExcitation));
  for (guint i = 0; i < sys->n_parts; i++)
    {
      const SwPart *p = &sys->parts[i];
      SwExcitation ex[SW_KIND_MAX_EXCITATIONS];
      guint n = p->kind->excitations != NULL ? p->kind->excitations (p, ex) : 0;

      g_assert (n <= SW_KIND_MAX_EXCITATIONS);
      for (guint k = 0; k < n; k++)
        {
          double speed = lin->v[p->node[ex[k].port]], hz;

          if (ex[k].relative_to >= 0)
            speed -= lin->v[p->node[ex[k].relative_to]];
          /* Turns per second on a rotational port. */
          hz = fabs (ex[k].order * speed)
               / (p->kind->ports[ex[k].port].domain == SW_DOMAIN_ROTATIONAL ? 2 * G_PI : 1);
          if (hz > 0)
            g_array_append_val (out, ((SwFrfExcitation) { p->id, ex[k].label, ex[k].order, hz }));
        }
    }
  return out;
}

gboolean
sw_frf_is_zero (SwTrajectory *response)
{
  int column = sw_trajectory_find_column (response, "magnitude");
  const double *magnitude = column >= 0 ? sw_trajectory_get_column (response, (guint) column) : NULL;

  for (guint r = 0; magnitude != NULL && r < sw_trajectory_get_n_rows (response); r++)
    if (magnitude[r] != 0)
      return FALSE;
  return magnitude != NULL;
}

char *
sw_frf_dup_zero_note (const char *input, const char *output)
{
  return g_strdup_printf (_("%s does not respond to %s: in this state of the friction elements nothing carries one "
                            "to the other (an open clutch between them, or a locked brake holding the output)."),
                          output, input);
}

char *
sw_frf_excitation_label (const SwFrfExcitation *e)
{
  /* Translators: an excitation marked on a frequency response: the
   * component, what excites ("firing", "mesh", "runout"), its frequency. */
  return g_strdup_printf (_("%s %s %.4g Hz"), e->part, _(e->label), e->hz);
}
