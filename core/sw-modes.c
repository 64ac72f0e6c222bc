/* sw-modes.c: natural frequencies, mode shapes and energies.
 *
 * Coordinates of the linearisation (sw-linear.c) are split into massive
 * ones (m), massless ones with damping that stay first-order unknowns of
 * the damped problem (f), and massless ones condensed statically (s).
 * Undamped: K_c = K_mm - K_ms K_ss^-1 K_sm over m (every massless coordinate
 * with stiffness condensed), K_c v = lambda M v (GSL, generalized symmetric).
 * Damped: the state-space matrix over [q_m, q_f, q_m'] (GSL, nonsymmetric).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-modes.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <gsl/gsl_eigen.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>
#include "sw-error.h"
#include "sw-gsl-private.h"
#include "sw-eigen-private.h"
#include "sw-linear-private.h"
#include "sw-modes-private.h"

struct _SwModes {
  gatomicrefcount ref_count;
  SwSystem *system;
  double    t;
  guint     n_modes;
  SwMode   *modes;
  double   *storage;          /* all per-mode arrays */
  guint     n_bodies, n_sections;
  guint    *body_part, *section_part;
  guint     n_eigenvalues;
  double   *eig_re, *eig_im;
  guint     n_coords;
  double   *coord_shapes;     /* per mode: mass-normalised shape over all coordinates */
};

/* ---- Small dense helpers ------------------------------------------------ */

static gsl_matrix *
submatrix (const gsl_matrix *a, const guint *rows, guint nr, const guint *cols, guint nc)
{
  gsl_matrix *s = gsl_matrix_alloc (MAX (nr, 1), MAX (nc, 1));

  gsl_matrix_set_zero (s);
  for (guint r = 0; r < nr; r++)
    for (guint c = 0; c < nc; c++)
      gsl_matrix_set (s, r, c, gsl_matrix_get (a, rows[r], cols[c]));
  return s;
}

/* a_pp - a_ps a_ss^-1 a_sp, and x_s = -a_ss^-1 a_sp (to recover shapes). */
static gboolean
condense (const gsl_matrix *a, const guint *p, guint np, const guint *s, guint ns,
          gsl_matrix **out, gsl_matrix **recover)
{
  g_autoptr (gsl_matrix) app = submatrix (a, p, np, p, np);
  gsl_matrix *x = NULL;

  if (ns > 0)
    {
      g_autoptr (gsl_matrix) ass = submatrix (a, s, ns, s, ns);
      g_autoptr (gsl_matrix) asp = submatrix (a, s, ns, p, np);
      g_autoptr (gsl_matrix) aps = submatrix (a, p, np, s, ns);
      g_autoptr (gsl_permutation) perm = gsl_permutation_alloc (ns);
      int sign;

      x = gsl_matrix_alloc (ns, MAX (np, 1));
      if (gsl_linalg_LU_decomp (ass, perm, &sign) != GSL_SUCCESS
          || gsl_linalg_LU_det (ass, sign) == 0)
        {
          gsl_matrix_free (x);
          return FALSE;
        }
      for (guint c = 0; c < np; c++)
        {
          gsl_vector_view col = gsl_matrix_column (asp, c);
          gsl_vector_view xc = gsl_matrix_column (x, c);

          gsl_linalg_LU_solve (ass, perm, &col.vector, &xc.vector);
          gsl_vector_scale (&xc.vector, -1);
        }
      if (np > 0)
        gsl_blas_dgemm (CblasNoTrans, CblasNoTrans, 1, aps, x, 1, app);
    }
  *out = g_steal_pointer (&app);
  *recover = x;
  return TRUE;
}

/* ---- Damped eigenvalues ------------------------------------------------- */

static gboolean
matrix_is_zero (const gsl_matrix *a, guint n)
{
  for (guint r = 0; r < n; r++)
    for (guint c = 0; c < n; c++)
      if (gsl_matrix_get (a, r, c) != 0)
        return FALSE;
  return TRUE;
}

/* Eigenvalues of the first-order system over [q_m, q_f, q_m']. FALSE when
 * the damping of the first-order coordinates is singular. */
static gboolean
damped_eigenvalues (SwLinear *lin, const guint *m, guint nm, const guint *f, guint nf,
                    const guint *s, guint ns, double **re, double **im, guint *n_out)
{
  g_autofree guint *p = g_new (guint, MAX (nm + nf, 1));
  g_autoptr (gsl_matrix) Kc = NULL;
  g_autoptr (gsl_matrix) rec = NULL;
  g_autoptr (gsl_matrix) Mmm = submatrix (lin->M, m, nm, m, nm);
  g_autoptr (gsl_matrix) Dpp = NULL;
  guint n = 2 * nm + nf;
  g_autoptr (gsl_matrix) A = NULL;
  g_autoptr (gsl_vector_complex) eval = NULL;
  g_autoptr (gsl_eigen_nonsymm_workspace) ws = NULL;

  if (n == 0)
    return FALSE;
  A = gsl_matrix_calloc (n, n);
  eval = gsl_vector_complex_alloc (n);
  ws = gsl_eigen_nonsymm_alloc (n);

  /* (Empty arrays may come as NULL.) */
  if (nm > 0)
    memcpy (p, m, nm * sizeof (guint));
  if (nf > 0)
    memcpy (p + nm, f, nf * sizeof (guint));
  if (!condense (lin->K, p, nm + nf, s, ns, &Kc, &rec))
    return FALSE;
  Dpp = submatrix (lin->D, p, nm + nf, p, nm + nf);

  /* Rows of q_f' = -Dff^-1 (Kfp q_p + Dfm q_m'); columns: [q_m q_f | q_m']. */
  if (nf > 0)
    {
      g_autoptr (gsl_matrix) Dff = gsl_matrix_alloc (nf, nf);
      g_autoptr (gsl_permutation) perm = gsl_permutation_alloc (nf);
      g_autoptr (gsl_vector) col = gsl_vector_alloc (nf);
      int sign;

      for (guint r = 0; r < nf; r++)
        for (guint c = 0; c < nf; c++)
          gsl_matrix_set (Dff, r, c, gsl_matrix_get (Dpp, nm + r, nm + c));
      if (gsl_linalg_LU_decomp (Dff, perm, &sign) != GSL_SUCCESS || gsl_linalg_LU_det (Dff, sign) == 0)
        return FALSE;
      for (guint c = 0; c < n; c++)
        {
          for (guint r = 0; r < nf; r++)
            {
              double v = c < nm + nf ? gsl_matrix_get (Kc, nm + r, c) : gsl_matrix_get (Dpp, nm + r, c - nm - nf);
              gsl_vector_set (col, r, v);
            }
          gsl_linalg_LU_svx (Dff, perm, col);
          for (guint r = 0; r < nf; r++)
            gsl_matrix_set (A, nm + r, c, -gsl_vector_get (col, r));
        }
    }
  /* Rows of q_m'' = -M^-1 (Kmp q_p + Dmm q_m' + Dmf q_f'). */
  if (nm > 0)
    {
      g_autoptr (gsl_matrix) rhs = gsl_matrix_calloc (nm, n);

      for (guint r = 0; r < nm; r++)
        {
          gsl_matrix_set (A, r, nm + nf + r, 1);
          for (guint c = 0; c < n; c++)
            {
              double v = c < nm + nf ? gsl_matrix_get (Kc, r, c) : gsl_matrix_get (Dpp, r, c - nm - nf);

              for (guint k = 0; k < nf; k++)
                v += gsl_matrix_get (Dpp, r, nm + k) * gsl_matrix_get (A, nm + k, c);
              gsl_matrix_set (rhs, r, c, -v);
            }
        }
      if (gsl_linalg_cholesky_decomp1 (Mmm) != GSL_SUCCESS)
        return FALSE;
      for (guint c = 0; c < n; c++)
        {
          gsl_vector_view col = gsl_matrix_column (rhs, c);
          gsl_linalg_cholesky_svx (Mmm, &col.vector);
          for (guint r = 0; r < nm; r++)
            gsl_matrix_set (A, nm + nf + r, c, gsl_vector_get (&col.vector, r));
        }
    }
  for (guint r = 0; r < n; r++)
    for (guint c = 0; c < n; c++)
      if (!isfinite (gsl_matrix_get (A, r, c)))
        return FALSE;
  if (gsl_eigen_nonsymm (A, eval, ws) != GSL_SUCCESS)
    return FALSE;
  *re = g_new (double, MAX (n, 1));
  *im = g_new (double, MAX (n, 1));
  for (guint k = 0; k < n; k++)
    {
      gsl_complex z = gsl_vector_complex_get (eval, k);
      (*re)[k] = GSL_REAL (z);
      (*im)[k] = GSL_IMAG (z);
    }
  *n_out = n;
  return TRUE;
}

/* Pairs each mode with the unused eigenvalue nearest to it: complex ones
 * (Im > 0) for elastic modes, real ones for rigid-body modes. */
static void
pair_damped (SwModes *modes)
{
  g_autofree gboolean *used = g_new0 (gboolean, MAX (modes->n_eigenvalues, 1));

  for (guint i = 0; i < modes->n_modes; i++)
    {
      SwMode *mode = &modes->modes[i];
      int best = -1;
      double best_d = INFINITY;

      for (guint k = 0; k < modes->n_eigenvalues; k++)
        {
          double re = modes->eig_re[k], im = modes->eig_im[k], d;

          if (used[k] || im < 0 || (mode->rigid_body != (im == 0)))
            continue;
          d = fabs (hypot (re, im) - mode->omega_rad_s);
          if (d < best_d)
            best_d = d, best = k;
        }
      if (best < 0)
        continue;
      used[best] = TRUE;
      mode->has_damped = TRUE;
      mode->damped_frequency_hz = modes->eig_im[best] / (2 * G_PI);
      mode->decay_rate_per_s = -modes->eig_re[best];
      mode->damping_ratio = modes->eig_im[best] != 0
                              ? -modes->eig_re[best] / hypot (modes->eig_re[best], modes->eig_im[best])
                              : NAN;
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

/* ---- Energies ----------------------------------------------------------- */

static void
fill_energies (SwModes *modes, SwLinear *lin, const double *node_shape, double lambda, SwMode *mode,
               double *ke, double *pe, const double *section_ke_mats, const guint *section_nodes,
               const guint *section_n)
{
  const SwSystem *sys = modes->system;
  double ke_sum = 0, pe_sum = 0, best = -1;

  for (guint b = 0; b < modes->n_bodies; b++)
    {
      /* A rigid-body mode has no energy: show how its motion is shared. */
      ke[b] = 0.5 * _sw_body_quadratic (&sys->bodies[b], node_shape) * (mode->rigid_body ? 1 : lambda);
      ke_sum += ke[b];
    }
  for (guint s = 0; s < modes->n_sections; s++)
    {
      const double *k = section_ke_mats + s * SW_KIND_MAX_PORTS * SW_KIND_MAX_PORTS;
      const guint *nodes = section_nodes + s * SW_KIND_MAX_PORTS;
      double e = 0;

      for (guint r = 0; r < section_n[s]; r++)
        for (guint c = 0; c < section_n[s]; c++)
          e += node_shape[nodes[r]] * k[r * section_n[s] + c] * node_shape[nodes[c]];
      pe[s] = mode->rigid_body ? 0 : 0.5 * e;
      pe_sum += pe[s];
    }
  for (guint b = 0; b < modes->n_bodies; b++)
    ((double *) mode->kinetic_energy_percent)[b] = ke_sum > 0 ? 100 * ke[b] / ke_sum : 0;
  mode->most_excitable_section = -1;
  for (guint s = 0; s < modes->n_sections; s++)
    {
      ((double *) mode->potential_energy_percent)[s] = pe_sum > 0 ? 100 * pe[s] / pe_sum : 0;
      if (mode->rigid_body)
        continue;
      if (pe[s] > best * (1 + 1e-9))
        {
          best = pe[s];
          mode->most_excitable_section = s;
          mode->most_excitable_is_tie = FALSE;
        }
      else if (pe[s] >= best * (1 - 1e-9) && pe[s] > 0)
        mode->most_excitable_is_tie = TRUE;
    }
  if (mode->rigid_body)
    for (guint b = 0; b < modes->n_bodies; b++)
      ke[b] = 0;
  mode->energy_balance_error = mode->rigid_body || ke_sum == 0 ? 0 : fabs (ke_sum - pe_sum) / ke_sum;
}

/* ---- The analysis ------------------------------------------------------- */

SwModes *
sw_modes_compute (const SwSystem *sys, double t, const double *state, GError **error)
{
  return _sw_modes_compute_timed (sys, t, state, NULL, error);
}

SwModes *
_sw_modes_compute_timed (const SwSystem *sys, double t, const double *state, SwModesTiming *timing,
                         GError **error)
{
  g_autoptr (GTimer) timer = g_timer_new ();
  SwModesTiming dummy;
  g_autoptr (SwLinear) lin = NULL;
  g_autoptr (SwModes) modes = g_new0 (SwModes, 1);
  g_autoptr (GArray) m = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) f = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) s = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) s_damped = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) sections = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (gsl_matrix) Kc = NULL;
  g_autoptr (gsl_matrix) rec = NULL;
  g_autoptr (gsl_matrix) Mmm = NULL;
  g_autoptr (gsl_vector) eval = NULL;
  g_autoptr (gsl_matrix) evec = NULL;
  g_autofree double *node_shape = NULL;
  g_autofree double *mass_shape = NULL;
  double *coord_shape;
  g_autofree double *sec_k = NULL;
  g_autofree guint *sec_nodes = NULL;
  g_autofree guint *sec_n = NULL;
  guint nm, nb, ns, per_mode;
  double lambda_max = 0;

  g_return_val_if_fail (sys != NULL, NULL);
  sw_init ();
  g_atomic_ref_count_init (&modes->ref_count);
  modes->system = sw_system_ref ((SwSystem *) sys);
  modes->t = t;

  if (timing == NULL)
    timing = &dummy;
  /* Dense matrices and every mode's shape and energies grow as n^2. */
  if (sys->n_coords > SW_MODES_MAX_COORDS)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("the model has %u independent coordinates; a modal analysis handles at most %u "
                     "(its matrices and the energies of every mode grow with the square)"),
                   sys->n_coords, SW_MODES_MAX_COORDS);
      return NULL;
    }
  if (!(lin = sw_linear_new (sys, t, state, error)))
    return NULL;

  /* Partition the coordinates. */
  for (guint j = 0; j < sys->n_coords; j++)
    {
      gboolean stiff = gsl_matrix_get (lin->K, j, j) != 0;
      gboolean damped = gsl_matrix_get (lin->D, j, j) > 0;

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
  if (!condense (lin->K, (guint *) m->data, nm, (guint *) s->data, s->len, &Kc, &rec))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_SINGULAR,
                   _("the massless shaft sections cannot be condensed: their stiffness matrix is singular"));
      return NULL;
    }
  Mmm = submatrix (lin->M, (guint *) m->data, nm, (guint *) m->data, nm);

  /* K v = lambda M v. */
  eval = gsl_vector_alloc (MAX (nm, 1));
  evec = gsl_matrix_alloc (MAX (nm, 1), MAX (nm, 1));
  if (nm > 0)
    {
      if (!_sw_eigen_gensym (Kc, Mmm, eval, evec))
        {
          g_set_error (error, SW_ERROR, SW_ERROR_NOT_CONVERGED, _("the eigenvalue problem did not converge"));
          return NULL;
        }
      lambda_max = MAX (0, gsl_vector_get (eval, nm - 1));
    }

  /* Modes as rows: each is then read contiguously. */
  gsl_matrix_transpose (evec);
  timing->eigen_s = g_timer_elapsed (timer, NULL);
  g_timer_start (timer);

  /* Bodies and sections. */
  nb = sys->n_bodies;
  for (guint k = 0; k < sys->n_force_parts; k++)
    if (sys->parts[sys->force_parts[k]].kind->force_flags & SW_FORCE_STIFFNESS)
      g_array_append_val (sections, sys->force_parts[k]);
  ns = sections->len;
  modes->n_bodies = nb;
  modes->n_sections = ns;
  modes->body_part = g_new (guint, MAX (nb, 1));
  modes->section_part = g_new (guint, MAX (ns, 1));
  for (guint b = 0; b < nb; b++)
    modes->body_part[b] = sys->bodies[b].part;
  if (ns > 0)
    memcpy (modes->section_part, sections->data, ns * sizeof (guint));
  sec_k = g_new0 (double, MAX (ns, 1) * SW_KIND_MAX_PORTS * SW_KIND_MAX_PORTS);
  sec_nodes = g_new0 (guint, MAX (ns, 1) * SW_KIND_MAX_PORTS);
  sec_n = g_new0 (guint, MAX (ns, 1));
  for (guint k = 0; k < ns; k++)
    sec_n[k] = sw_linear_element_stiffness (lin, &sys->parts[modes->section_part[k]],
                                            sec_nodes + k * SW_KIND_MAX_PORTS,
                                            sec_k + k * SW_KIND_MAX_PORTS * SW_KIND_MAX_PORTS);

  /* Modes. */
  modes->n_modes = nm;
  modes->modes = g_new0 (SwMode, MAX (nm, 1));
  per_mode = 2 * nb + 2 * nb + 2 * ns;
  modes->storage = g_new0 (double, MAX (nm * per_mode, 1));
  node_shape = g_new0 (double, MAX (sys->n_nodes, 1));
  mass_shape = g_new0 (double, MAX (sys->n_nodes, 1));
  modes->n_coords = sys->n_coords;
  modes->coord_shapes = g_new0 (double, MAX (nm * sys->n_coords, 1));
  for (guint i = 0; i < nm; i++)
    {
      SwMode *mode = &modes->modes[i];
      double *base = modes->storage + i * per_mode;
      double lambda = gsl_vector_get (eval, i), norm = 0, peak = 0;
      double *ke, *pe;
      gsl_vector_view v = gsl_matrix_row (evec, i);

      mode->shape = base;
      mode->shape_mass_normalised = base + nb;
      ke = base + 2 * nb;
      mode->kinetic_energy = ke;
      mode->kinetic_energy_percent = base + 3 * nb;
      pe = base + 4 * nb;
      mode->potential_energy = pe;
      mode->potential_energy_percent = base + 4 * nb + ns;
      mode->rigid_body = lambda <= 1e-8 * lambda_max || lambda_max == 0;
      mode->omega_rad_s = mode->rigid_body ? 0 : sqrt (lambda);
      mode->frequency_hz = mode->omega_rad_s / (2 * G_PI);
      mode->damping_ratio = NAN;
      if (mode->rigid_body)
        lambda = 0;

      /* Mass-normalise: v^T M v = x^T M x over the nodes = 1. */
      memset (node_shape, 0, sys->n_nodes * sizeof (double));
      for (guint r = 0; r < nm; r++)
        {
          guint j = g_array_index (m, guint, r);
          double vj = gsl_vector_get (&v.vector, r);

          for (guint c = sys->c_start[j]; c < sys->c_start[j + 1]; c++)
            node_shape[sys->c_terms[c].index] += sys->c_terms[c].coeff * vj;
        }
      _sw_system_apply_mass (sys, node_shape, mass_shape);
      for (guint nd = 0; nd < sys->n_nodes; nd++)
        norm += node_shape[nd] * mass_shape[nd];
      gsl_vector_scale (&v.vector, 1 / sqrt (norm));

      /* Coordinates, then nodes: x = T q with the condensed ones recovered. */
      coord_shape = modes->coord_shapes + i * sys->n_coords;
      for (guint r = 0; r < nm; r++)
        coord_shape[g_array_index (m, guint, r)] = gsl_vector_get (&v.vector, r);
      for (guint r = 0; r < s->len; r++)
        {
          double sum = 0;
          for (guint c = 0; c < nm; c++)
            sum += gsl_matrix_get (rec, r, c) * gsl_vector_get (&v.vector, c);
          coord_shape[g_array_index (s, guint, r)] = sum;
        }
      for (guint n = 0; n < sys->n_nodes; n++)
        {
          double sum = 0;
          for (guint k = sys->t_start[n]; k < sys->t_start[n + 1]; k++)
            sum += sys->t_terms[k].coeff * coord_shape[sys->t_terms[k].index];
          node_shape[n] = sum;
        }

      /* Largest body entry becomes +1. */
      for (guint b = 0; b < nb; b++)
        if (fabs (_sw_body_value (&sys->bodies[b], node_shape)) > fabs (peak))
          peak = _sw_body_value (&sys->bodies[b], node_shape);
      for (guint b = 0; b < nb; b++)
        {
          double x = _sw_body_value (&sys->bodies[b], node_shape) * (peak < 0 ? -1 : 1);
          ((double *) mode->shape_mass_normalised)[b] = x;
          ((double *) mode->shape)[b] = peak != 0 ? x / fabs (peak) : 0;
        }
      fill_energies (modes, lin, node_shape, lambda, mode, ke, pe, sec_k, sec_nodes, sec_n);
    }

  timing->energies_s = g_timer_elapsed (timer, NULL);
  g_timer_start (timer);

  /* Damped eigenvalues: with no damping at all they are +-i omega. */
  if (matrix_is_zero (lin->D, sys->n_coords))
    {
      for (guint i = 0; i < nm; i++)
        {
          SwMode *mode = &modes->modes[i];

          mode->has_damped = TRUE;
          mode->damped_frequency_hz = mode->frequency_hz;
          mode->damping_ratio = mode->rigid_body ? NAN : 0;
          mode->decay_rate_per_s = 0;
        }
      modes->n_eigenvalues = 2 * nm;
      modes->eig_re = g_new0 (double, MAX (2 * nm, 1));
      modes->eig_im = g_new0 (double, MAX (2 * nm, 1));
      for (guint i = 0; i < nm; i++)
        modes->eig_im[2 * i] = modes->modes[i].omega_rad_s, modes->eig_im[2 * i + 1] = -modes->modes[i].omega_rad_s;
      sort_eigenvalues (modes);
    }
  else if (damped_eigenvalues (lin, (guint *) m->data, nm, (guint *) f->data, f->len, (guint *) s_damped->data,
                               s_damped->len, &modes->eig_re, &modes->eig_im, &modes->n_eigenvalues))
    {
      /* Round-off leaves tiny imaginary parts on real eigenvalues. */
      for (guint k = 0; k < modes->n_eigenvalues; k++)
        if (fabs (modes->eig_im[k]) <= 1e-9 * (fabs (modes->eig_re[k]) + sqrt (lambda_max)))
          modes->eig_im[k] = 0;
      sort_eigenvalues (modes);
      pair_damped (modes);
    }
  timing->damped_s = g_timer_elapsed (timer, NULL);
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
  g_free (modes->coord_shapes);
  g_free (modes);
}

double sw_modes_get_time (const SwModes *m) { return m->t; }
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
