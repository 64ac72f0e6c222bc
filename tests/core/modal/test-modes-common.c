/* test-modes-common.c: what the modal analysis tests (test-modes-*.c) share:
 * models from text, files and examples, modes and lookups in them, shapes, the
 * invariants of every analysis, the chain oracle.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "test-modes-common.h"

void
text_init (ModelText *t)
{
  t->components = g_string_new (NULL);
  t->connections = g_string_new (NULL);
}

void G_GNUC_PRINTF (4, 5)
text_add (ModelText  *t,
          const char *id,
          const char *kind,
          const char *params_format,
          ...)
{
  g_autofree char *params = NULL;
  va_list ap;

  va_start (ap, params_format);
  params = g_strdup_vprintf (params_format, ap);
  va_end (ap);
  g_string_append_printf (t->components, "%s\n  {'id': '%s', 'kind': '%s', 'params': {%s}}",
                          t->components->len > 0 ? "," : "", id, kind, params);
}

void
text_wire (ModelText  *t,
           const char *from,
           const char *to)
{
  g_string_append_printf (t->connections, "%s\n  {'from': '%s', 'to': '%s'}",
                          t->connections->len > 0 ? "," : "", from, to);
}

/* Reads a model written with single quotes. */
static SwModel *
model_new (const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *json = g_strdelimit (g_strdup (text), "'", '"');
  SwModel *model = sw_model_new_from_data (json, -1, "modes.shaft", &error);

  g_assert_no_error (error);
  g_assert_nonnull (model);
  return model;
}

SwModel *
text_finish (ModelText  *t,
             const char *name)
{
  g_autofree char *components = g_string_free (t->components, FALSE);
  g_autofree char *connections = g_string_free (t->connections, FALSE);
  g_autofree char *text = g_strdup_printf ("{'format': 'shaftwork-model', 'version': 1, 'name': '%s', "
                                           "'components': [%s], 'connections': [%s]}",
                                           name, components, connections);

  t->components = t->connections = NULL;
  return model_new (text);
}

SwModel *
model_new_from_path (const char *path)
{
  g_autoptr(GError) error = NULL;
  SwModel *model = sw_model_new_from_file (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (model);
  return model;
}

SwModel *
model_new_from_example (const char *name)
{
  const char *root = g_getenv ("SW_SOURCE_ROOT");
  g_autofree char *path = NULL;

  g_assert_nonnull (root);
  path = g_build_filename (root, "data", "examples", name, NULL);
  return model_new_from_path (path);
}

SwSystem *
assemble (SwModel *model)
{
  g_autoptr(GError) error = NULL;
  SwSystem *sys = sw_model_assemble (model, &error);

  g_assert_no_error (error);
  g_assert_nonnull (sys);
  return sys;
}

SwModes *
modes_at (const SwSystem *sys,
          double          t,
          const double   *state)
{
  g_autoptr(GError) error = NULL;
  SwModes *modes = sw_modes_compute (sys, t, state, &error);

  g_assert_no_error (error);
  g_assert_nonnull (modes);
  return modes;
}

SwModes *
modes_with (const SwSystem *sys,
            SwModesSolver   solver,
            guint           n_lowest)
{
  SwModesOptions o = sw_modes_options_default ();
  g_autoptr(GError) error = NULL;
  SwModes *modes;

  o.solver = solver;
  o.n_lowest = n_lowest;
  modes = sw_modes_compute_with_options (sys, 0, NULL, &o, &error);
  g_assert_no_error (error);
  g_assert_nonnull (modes);
  return modes;
}

SwModes *
modes_of_model (SwModel *model)
{
  g_autoptr(SwSystem) sys = assemble (model);

  return modes_at (sys, 0, NULL);
}

int
body_index (const SwModes *modes,
            const char    *id)
{
  for (guint b = 0; b < sw_modes_get_n_bodies (modes); b++)
    if (g_str_equal (sw_modes_get_body_part (modes, b)->id, id))
      return (int) b;
  g_test_message ("no body “%s”", id);
  g_assert_not_reached ();
  return -1;
}

int
section_index (const SwModes *modes,
               const char    *id)
{
  for (guint s = 0; s < sw_modes_get_n_sections (modes); s++)
    if (g_str_equal (sw_modes_get_section_part (modes, s)->id, id))
      return (int) s;
  g_test_message ("no section “%s”", id);
  g_assert_not_reached ();
  return -1;
}

const char *
most_excitable_id (const SwModes *modes,
                   const SwMode  *mode)
{
  g_assert_cmpint (mode->most_excitable_section, >=, 0);
  g_assert_cmpint (mode->most_excitable_section, <, (int) sw_modes_get_n_sections (modes));
  return sw_modes_get_section_part (modes, mode->most_excitable_section)->id;
}

/* The inertia J of a body, as given in the model (the mass matrix by hand:
 * in the bodies' own coordinates it is diagonal). */
static double
body_inertia (const SwModes *modes,
              guint          body)
{
  const SwPart *part = sw_modes_get_body_part (modes, body);
  int j = sw_kind_find_param (part->kind, "J");

  g_assert_cmpint (j, >=, 0);
  return part->param[j];
}

double
component_param (SwModel    *model,
                 const char *id,
                 const char *param)
{
  int c = sw_model_find_component (model, id);
  const SwComponent *comp;
  int p;

  g_assert_cmpint (c, >=, 0);
  comp = sw_model_get_component (model, c);
  p = sw_kind_find_param (comp->kind, param);
  g_assert_cmpint (p, >=, 0);
  return comp->param[p];
}

void
assert_parallel (const double *got,
                 const double *want,
                 guint         n,
                 double        tol)
{
  double ng = 0, nw = 0, dot = 0, sign;

  for (guint k = 0; k < n; k++)
    ng += got[k] * got[k], nw += want[k] * want[k], dot += got[k] * want[k];
  g_assert_cmpfloat (ng, >, 0);
  g_assert_cmpfloat (nw, >, 0);
  sign = dot < 0 ? -1 : 1;
  for (guint k = 0; k < n; k++)
    g_assert_cmpfloat_with_epsilon (got[k] / sqrt (ng), sign * want[k] / sqrt (nw), tol);
}

gboolean
max_normalise (const double *want,
               guint         n,
               double       *out)
{
  double peak = 0;

  for (guint k = 0; k < n; k++)
    if (fabs (want[k]) > fabs (peak))
      peak = want[k];
  g_assert_cmpfloat (fabs (peak), >, 0);
  for (guint k = 0; k < n; k++)
    {
      out[k] = want[k] / peak;
      if (out[k] < 0 && fabs (out[k] + 1) < 1e-9)
        return FALSE;
    }
  return TRUE;
}

void
assert_shape (const SwMode *mode,
              const double *want,
              guint         n,
              double        tol)
{
  g_autofree double *norm = g_new (double, n);

  if (max_normalise (want, n, norm))
    for (guint k = 0; k < n; k++)
      g_assert_cmpfloat_with_epsilon (mode->shape[k], norm[k], tol);
  else
    assert_parallel (mode->shape, want, n, tol);
}

void
check_invariants (const SwModes *modes,
                  gboolean       undamped)
{
  guint nb = sw_modes_get_n_bodies (modes), ns = sw_modes_get_n_sections (modes);

  g_assert_cmpuint (sw_modes_get_n_modes (modes), >, 0);
  for (guint i = 0; i < sw_modes_get_n_modes (modes); i++)
    {
      const SwMode *m = sw_modes_get_mode (modes, i);
      double ke = 0, pe = 0, kp = 0, pp = 0, qmq = 0, peak = 0, peak_mn = 0, pe_max = 0;
      int first_max = -1, n_max = 0;

      /* Sorted by frequency. */
      if (i > 0)
        g_assert_cmpfloat (m->omega_rad_s, >=, sw_modes_get_mode (modes, i - 1)->omega_rad_s);

      /* Max-normalised: the largest |entry| is +1; and the same vector as
       * the mass-normalised one. */
      for (guint b = 0; b < nb; b++)
        {
          peak = MAX (peak, fabs (m->shape[b]));
          if (m->shape[b] >= 1 - 1e-12)
            peak_mn = m->shape_mass_normalised[b];
        }
      g_assert_cmpfloat_with_epsilon (peak, 1.0, 1e-12);
      g_assert_cmpfloat (peak_mn, >, 0);
      for (guint b = 0; b < nb; b++)
        g_assert_cmpfloat_with_epsilon (m->shape[b] * peak_mn, m->shape_mass_normalised[b],
                                        1e-12 * fabs (peak_mn));

      /* q^T M q = 1: M is diagonal in the bodies' own coordinates. */
      for (guint b = 0; b < nb; b++)
        {
          double x = m->shape_mass_normalised[b];

          qmq += body_inertia (modes, b) * x * x;
          ke += m->kinetic_energy[b];
          kp += m->kinetic_energy_percent[b];
        }
      g_assert_cmpfloat_with_epsilon (qmq, 1.0, 1e-8);
      /* The built-in check agrees. */
      g_assert_cmpfloat (m->energy_balance_error, <, 1e-8);
      g_assert_cmpfloat_with_epsilon (kp, 100.0, 1e-8);
      for (guint s = 0; s < ns; s++)
        {
          pe += m->potential_energy[s];
          pp += m->potential_energy_percent[s];
          pe_max = MAX (pe_max, m->potential_energy[s]);
        }
      /* Each section's energy is a quadratic form of a positive element
       * stiffness: not negative, beyond round-off. */
      for (guint s = 0; s < ns; s++)
        g_assert_cmpfloat (m->potential_energy[s], >=, -1e-12 * pe_max);

      if (m->rigid_body)
        {
          g_assert_cmpfloat (m->omega_rad_s, ==, 0);
          g_assert_cmpfloat (m->frequency_hz, ==, 0);
          g_assert_cmpint (m->most_excitable_section, ==, -1);
          g_assert_false (m->most_excitable_is_tie);
          g_assert_cmpfloat (pe, ==, 0);
          continue;
        }

      g_assert_cmpfloat (m->omega_rad_s, >, 0);
      assert_rel (m->frequency_hz, m->omega_rad_s / (2 * G_PI), 1e-14);
      /* Energy balance of a mass-normalised mode: both equal omega^2 / 2. */
      assert_rel (ke, pe, 1e-8);
      assert_rel (ke, 0.5 * m->omega_rad_s * m->omega_rad_s, 1e-8);
      g_assert_cmpfloat_with_epsilon (pp, 100.0, 1e-8);
      for (guint b = 0; b < nb; b++)
        {
          double x = m->shape_mass_normalised[b];

          g_assert_cmpfloat_with_epsilon (m->kinetic_energy[b],
                                          0.5 * body_inertia (modes, b) * x * x * m->omega_rad_s * m->omega_rad_s,
                                          1e-10 * ke);
          g_assert_cmpfloat_with_epsilon (m->kinetic_energy_percent[b], 100 * m->kinetic_energy[b] / ke, 1e-8);
        }
      for (guint s = 0; s < ns; s++)
        g_assert_cmpfloat_with_epsilon (m->potential_energy_percent[s], 100 * m->potential_energy[s] / pe, 1e-8);

      /* Most excitable: the largest potential energy, on a tie the first in
       * the file. */
      for (guint s = 0; s < ns; s++)
        if (m->potential_energy[s] >= pe_max * (1 - 1e-6))
          {
            if (first_max < 0 || sw_modes_get_section_part (modes, s)->component
                                   < sw_modes_get_section_part (modes, (guint) first_max)->component)
              first_max = (int) s;
            n_max++;
          }
      g_assert_cmpint (m->most_excitable_section, ==, first_max);
      g_assert_cmpint (m->most_excitable_is_tie, ==, n_max > 1);

      if (undamped)
        {
          g_assert_true (m->has_damped);
          g_assert_cmpfloat (m->damping_ratio, ==, 0);
          g_assert_cmpfloat (m->decay_rate_per_s, ==, 0);
          assert_rel (m->damped_frequency_hz, m->frequency_hz, 1e-12);
        }
    }
}

/* Bodies first, then the springs, in the order given. */
static SwModel *
chain_model (const Chain *ch,
             const char  *name)
{
  ModelText t;
  gboolean grounded = FALSE;

  text_init (&t);
  for (guint k = 0; k < ch->n_bodies; k++)
    text_add (&t, ch->body[k], "rotational.inertia", "'J': %.17g", ch->J[k]);
  for (guint k = 0; k < ch->n_springs; k++)
    {
      g_autofree char *fa = g_strdup_printf ("%s.flange_a", ch->spring[k]);
      g_autofree char *fb = g_strdup_printf ("%s.flange_b", ch->spring[k]);
      g_autofree char *ba = ch->a[k] >= 0 ? g_strdup_printf ("%s.flange_b", ch->body[ch->a[k]])
                                          : g_strdup ("ground.flange");
      g_autofree char *bb = ch->b[k] >= 0 ? g_strdup_printf ("%s.flange_a", ch->body[ch->b[k]])
                                          : g_strdup ("ground.flange");

      text_add (&t, ch->spring[k], "rotational.spring", "'c': %.17g", ch->c[k]);
      text_wire (&t, fa, ba);
      text_wire (&t, fb, bb);
      grounded |= ch->a[k] < 0 || ch->b[k] < 0;
    }
  if (grounded)
    text_add (&t, "ground", "rotational.fixed", " ");
  return text_finish (&t, name);
}

/* K v = lambda M v with K and M written out from the chain's data; the
 * eigenvectors (columns, ascending lambda) scaled to v^T M v = 1. */
static void
chain_oracle (const Chain *ch,
              gsl_vector **eval_out,
              gsl_matrix **evec_out)
{
  guint n = ch->n_bodies;
  g_autoptr(gsl_matrix) K = gsl_matrix_calloc (n, n);
  g_autoptr(gsl_matrix) M = gsl_matrix_calloc (n, n);
  g_autoptr(gsl_eigen_gensymmv_workspace) ws = gsl_eigen_gensymmv_alloc (n);
  gsl_vector *eval = gsl_vector_alloc (n);
  gsl_matrix *evec = gsl_matrix_alloc (n, n);

  for (guint k = 0; k < n; k++)
    gsl_matrix_set (M, k, k, ch->J[k]);
  for (guint k = 0; k < ch->n_springs; k++)
    {
      int a = ch->a[k], b = ch->b[k];
      double c = ch->c[k];

      if (a >= 0)
        *gsl_matrix_ptr (K, a, a) += c;
      if (b >= 0)
        *gsl_matrix_ptr (K, b, b) += c;
      if (a >= 0 && b >= 0)
        {
          *gsl_matrix_ptr (K, a, b) -= c;
          *gsl_matrix_ptr (K, b, a) -= c;
        }
    }
  g_assert_cmpint (gsl_eigen_gensymmv (K, M, eval, evec, ws), ==, GSL_SUCCESS);
  g_assert_cmpint (gsl_eigen_gensymmv_sort (eval, evec, GSL_EIGEN_SORT_VAL_ASC), ==, GSL_SUCCESS);
  for (guint i = 0; i < n; i++)
    {
      double qmq = 0;

      for (guint k = 0; k < n; k++)
        qmq += ch->J[k] * gsl_matrix_get (evec, k, i) * gsl_matrix_get (evec, k, i);
      for (guint k = 0; k < n; k++)
        gsl_matrix_set (evec, k, i, gsl_matrix_get (evec, k, i) / sqrt (qmq));
    }
  *eval_out = eval;
  *evec_out = evec;
}

void
check_chain_oracle (const SwModes *modes,
                    const Chain   *ch)
{
  g_autoptr(gsl_vector) eval = NULL;
  g_autoptr(gsl_matrix) evec = NULL;
  guint n = ch->n_bodies;
  g_autofree double *want = g_new (double, n);
  g_autofree double *got_ke = g_new (double, n);
  double lambda_max;

  chain_oracle (ch, &eval, &evec);
  lambda_max = gsl_vector_get (eval, n - 1);
  g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, n);
  g_assert_cmpuint (sw_modes_get_n_bodies (modes), ==, n);
  g_assert_cmpuint (sw_modes_get_n_sections (modes), ==, ch->n_springs);
  for (guint i = 0; i < n; i++)
    {
      const SwMode *m = sw_modes_get_mode (modes, i);
      double lambda = gsl_vector_get (eval, i);
      g_autofree double *shape = g_new (double, n);

      if (lambda < 1e-9 * lambda_max)
        {
          g_assert_true (m->rigid_body);
          continue;
        }
      g_assert_false (m->rigid_body);
      assert_rel (m->omega_rad_s, sqrt (lambda), 1e-9);

      /* Shapes in the chain's body order. */
      for (guint k = 0; k < n; k++)
        {
          int b = body_index (modes, ch->body[k]);

          want[k] = gsl_matrix_get (evec, k, i);
          shape[k] = m->shape[b];
          got_ke[k] = m->kinetic_energy[b];
        }
      {
        SwMode reordered = *m;

        reordered.shape = shape;
        assert_shape (&reordered, want, n, 1e-8);
      }
      for (guint k = 0; k < n; k++)
        g_assert_cmpfloat_with_epsilon (got_ke[k], 0.5 * ch->J[k] * want[k] * want[k] * lambda, 1e-9 * lambda);
      for (guint k = 0; k < ch->n_springs; k++)
        {
          double xa = ch->a[k] >= 0 ? gsl_matrix_get (evec, ch->a[k], i) : 0;
          double xb = ch->b[k] >= 0 ? gsl_matrix_get (evec, ch->b[k], i) : 0;

          g_assert_cmpfloat_with_epsilon (m->potential_energy[section_index (modes, ch->spring[k])],
                                          0.5 * ch->c[k] * (xa - xb) * (xa - xb), 1e-9 * lambda);
        }
    }
}

SwModes *
chain_modes (const Chain *ch,
             const char  *name)
{
  g_autoptr(SwModel) model = chain_model (ch, name);
  SwModes *modes = modes_of_model (model);

  check_invariants (modes, TRUE);
  return modes;
}

gboolean
find_eigenvalue (const SwModes *modes,
                 double         re,
                 double         im,
                 double         tol)
{
  for (guint k = 0; k < sw_modes_get_n_eigenvalues (modes); k++)
    {
      double r, i;

      sw_modes_get_eigenvalue (modes, k, &r, &i);
      if (hypot (r - re, i - im) <= tol * MAX (hypot (re, im), 1.0))
        return TRUE;
    }
  return FALSE;
}

void
check_first (const SwModes *modes)
{
  const SwMode *m;
  double zeta = 0.059519 / hypot (0.059519, 76.375682);

  check_invariants (modes, FALSE);
  g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 2);
  g_assert_true (sw_modes_get_mode (modes, 0)->rigid_body);
  m = sw_modes_get_mode (modes, 1);
  g_assert_false (m->rigid_body);
  assert_rel (m->frequency_hz, 12.15566, 1e-6);
  g_assert_true (m->has_damped);
  assert_rel (m->decay_rate_per_s, 0.059519, 1e-4);
  assert_rel (m->damped_frequency_hz, 76.375682 / (2 * G_PI), 1e-4);
  assert_rel (m->damping_ratio, zeta, 1e-4);
  g_assert_cmpfloat_with_epsilon (m->damping_ratio, 7.8e-4, 0.05e-4);
  /* All potential energy in the one spring. */
  g_assert_cmpuint (sw_modes_get_n_sections (modes), ==, 1);
  g_assert_cmpstr (most_excitable_id (modes, m), ==, "spring");
  g_assert_cmpfloat_with_epsilon (m->potential_energy_percent[section_index (modes, "spring")], 100, 1e-9);

  g_assert_cmpuint (sw_modes_get_n_eigenvalues (modes), ==, 4);
  g_assert_true (find_eigenvalue (modes, -0.059519, 76.375682, 1e-6));
  g_assert_true (find_eigenvalue (modes, -0.059519, -76.375682, 1e-6));
  g_assert_true (find_eigenvalue (modes, -0.714296, 0, 1e-6));
  g_assert_true (find_eigenvalue (modes, 0, 0, 1e-9));
}
