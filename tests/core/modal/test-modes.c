/* test-modes.c: modal analysis (sw-modes.c), each case against something
 * independent of the engine:
 *
 * 1. published torsional benchmarks (Friswell et al., as asserted by
 *    openTorsion) and closed forms, copied from
 *    /work/shared/reference/modal/benchmarks.json;
 * 2. the derived cases of the Twin Builder digest (spec seed-000 §5.9);
 * 3. closed forms (uniform chains, gears, springs in series) and eigen-solves
 *    of K and M assembled by hand in this file;
 * 4. invariants checked on every model: kinetic = potential energy, percents,
 *    q^T M q = 1 with M from the inertias, rigid-body modes;
 * 5. damped eigenvalues against the characteristic polynomial;
 * 6. the operating point of a linear model;
 * 7. the JSON of `shaftwork-cli modal`.
 *
 * Models are JSON written with single quotes (turned into double quotes
 * before reading); the Friswell geared models are fixtures in
 * tests/data/modes/, the four-body drive train is data/examples/fourbody.shaft.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <stdarg.h>
#include <string.h>

#include <glib.h>
#include <gsl/gsl_eigen.h>
#include <gsl/gsl_matrix.h>
#include <gsl/gsl_vector.h>
#include <json-glib/json-glib.h>

#include "sw-error.h"
#include "sw-model.h"
#include "sw-modes.h"
#include "sw-simulate.h"
#include "sw-system.h"

G_DEFINE_AUTOPTR_CLEANUP_FUNC (gsl_matrix, gsl_matrix_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (gsl_vector, gsl_vector_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (gsl_eigen_gensymmv_workspace, gsl_eigen_gensymmv_free)

/* ---- Assertions --------------------------------------------------------- */

/* |a - b| <= tol·|b| (g_assert_cmpfloat_with_epsilon compares strictly:
 * the smallest double keeps a == b == 0 passing). */
#define assert_rel(a, b, tol) \
  G_STMT_START { \
    double a_ = (a), b_ = (b); \
    g_assert_cmpfloat_with_epsilon (a_, b_, (tol) * fabs (b_) + G_MINDOUBLE); \
  } G_STMT_END

/* A printed reference value: within tol·|b|, or within half a unit of its
 * last printed digit when the print is coarser than that. */
#define assert_printed(a, b, tol, half_unit) \
  G_STMT_START { \
    double a_ = (a), b_ = (b); \
    g_assert_cmpfloat_with_epsilon (a_, b_, MAX ((tol) * fabs (b_), (half_unit))); \
  } G_STMT_END

/* ---- Model text --------------------------------------------------------- */

typedef struct {
  GString *components;
  GString *connections;
} ModelText;

static void
text_init (ModelText *t)
{
  t->components = g_string_new (NULL);
  t->connections = g_string_new (NULL);
}

/* One component; params_format gives the members of "params" (single
 * quotes allowed). */
static void G_GNUC_PRINTF (4, 5)
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

static void
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

static SwModel *
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

static SwModel *
model_new_from_path (const char *path)
{
  g_autoptr(GError) error = NULL;
  SwModel *model = sw_model_new_from_file (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (model);
  return model;
}

static SwModel *
model_new_from_fixture (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "modes", name, NULL);

  return model_new_from_path (path);
}

static SwModel *
model_new_from_example (const char *name)
{
  const char *root = g_getenv ("SW_SOURCE_ROOT");
  g_autofree char *path = NULL;

  g_assert_nonnull (root);
  path = g_build_filename (root, "data", "examples", name, NULL);
  return model_new_from_path (path);
}

static SwSystem *
assemble (SwModel *model)
{
  g_autoptr(GError) error = NULL;
  SwSystem *sys = sw_model_assemble (model, &error);

  g_assert_no_error (error);
  g_assert_nonnull (sys);
  return sys;
}

static SwModes *
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

static SwModes *
modes_of_model (SwModel *model)
{
  g_autoptr(SwSystem) sys = assemble (model);

  return modes_at (sys, 0, NULL);
}

/* ---- Lookups ------------------------------------------------------------ */

static int
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

static int
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

static const char *
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

static double
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

/* Elastic modes only: the frequencies in Hz, in order. */
static guint
elastic_frequencies (const SwModes *modes,
                     double        *out)
{
  guint n = 0;

  for (guint i = 0; i < sw_modes_get_n_modes (modes); i++)
    if (!sw_modes_get_mode (modes, i)->rigid_body)
      out[n++] = sw_modes_get_mode (modes, i)->frequency_hz;
  return n;
}

/* ---- Shapes ------------------------------------------------------------- */

/* got and want (indexed like the bodies) point the same way or opposite
 * ways; each normalised to unit length, they agree to tol up to sign. */
static void
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

/* want scaled so that its largest |entry| is +1; FALSE when two entries of
 * opposite sign share the largest magnitude (the sign is then a choice). */
static gboolean
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

/* The max-normalised shape of a mode equals want scaled the same way (or,
 * when the sign is a choice, is parallel to it). */
static void
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

/* ---- 4. Invariants of every analysis ------------------------------------ */

/* undamped: the model has no dampers, so every elastic mode must have
 * damping ratio 0 and its damped frequency equal to the undamped one. */
static void
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

/* ---- Chains: models and their hand-assembled eigenproblem --------------- */

typedef struct {
  guint               n_bodies;
  const char *const  *body;   /* ids */
  const double       *J;
  guint               n_springs;
  const char *const  *spring; /* ids */
  const int          *a, *b;  /* body index at each end, -1: ground */
  const double       *c;
} Chain;

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

/* Every mode against the hand-assembled eigenproblem: frequency, shape,
 * kinetic energy of every body, potential energy of every spring. The
 * eigenvalues must be distinct (else the shapes are not unique). */
static void
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

static SwModes *
chain_modes (const Chain *ch,
             const char  *name)
{
  g_autoptr(SwModel) model = chain_model (ch, name);
  SwModes *modes = modes_of_model (model);

  check_invariants (modes, TRUE);
  return modes;
}

/* ---- 1. Published benchmarks -------------------------------------------- */

/* benchmarks.json "two_inertia_shaft" (openTorsion tests.py test_shaft):
 * 211.4 and 8.3 kg.m2 on a 9.775e6 N.m/rad shaft; published 176.1 Hz (0.1 Hz),
 * derived exact 176.07674675 Hz. */
static void
test_benchmark_two_inertia (void)
{
  static const char *const body[] = { "disk1", "disk2" };
  static const double J[] = { 211.4, 8.3 };
  static const char *const spring[] = { "shaft" };
  static const int a[] = { 0 }, b[] = { 1 };
  static const double c[] = { 9.775e6 };
  const Chain ch = { 2, body, J, 1, spring, a, b, c };
  g_autoptr(SwModes) modes = chain_modes (&ch, "two_inertia_shaft");
  const SwMode *m;

  g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 2);
  g_assert_true (sw_modes_get_mode (modes, 0)->rigid_body);
  m = sw_modes_get_mode (modes, 1);
  g_assert_false (m->rigid_body);
  assert_rel (m->frequency_hz, 176.07674675, 1e-6);
  g_assert_cmpfloat_with_epsilon (m->frequency_hz, 176.1, 0.05);
  g_assert_cmpstr (most_excitable_id (modes, m), ==, "shaft");
  check_chain_oracle (modes, &ch);
}

/* benchmarks.json "friswell_ex_9_7_1_five_disks" (openTorsion tests.py
 * test_friswell_ex971, Friswell et al. example 9.7.1): published frequencies
 * to 0.01 Hz; strain-energy fractions per spring derived in the note. */
static void
test_benchmark_five_disks (void)
{
  static const char *const body[] = { "d0", "d1", "d2", "d3", "d4" };
  static const double J[] = { 3.5e-3, 3.5e-3, 3.5e-3, 0.15, 0.05 };
  static const char *const spring[] = { "k01", "k12", "k23", "k34" };
  static const int a[] = { 0, 1, 2, 3 }, b[] = { 1, 2, 3, 4 };
  static const double c[] = { 12e3, 12e3, 14e3, 10e3 };
  static const double published_hz[] = { 81.21, 141.21, 378.95, 536.36 };
  static const double fraction[4][4] = {
    { 0.0010, 0.0038, 0.0063, 0.9889 },   /* 81.2076 Hz */
    { 0.1230, 0.3856, 0.4803, 0.0110 },   /* 141.2141 Hz */
    { 0.5606, 0.0673, 0.3721, 0.0001 },   /* 378.9530 Hz */
    { 0.3154, 0.5434, 0.1412, 0.0000 },   /* 536.3633 Hz */
  };
  const Chain ch = { 5, body, J, 4, spring, a, b, c };
  g_autoptr(SwModes) modes = chain_modes (&ch, "friswell_ex_9_7_1");

  g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 5);
  g_assert_true (sw_modes_get_mode (modes, 0)->rigid_body);
  for (guint i = 0; i < 4; i++)
    {
      const SwMode *m = sw_modes_get_mode (modes, i + 1);

      g_assert_false (m->rigid_body);
      g_assert_cmpfloat_with_epsilon (m->frequency_hz, published_hz[i], 0.005);
      for (guint k = 0; k < 4; k++)
        g_assert_cmpfloat_with_epsilon (m->potential_energy_percent[section_index (modes, spring[k])] / 100,
                                        fraction[i][k], 1e-3);
    }
  check_chain_oracle (modes, &ch);
}

/* benchmarks.json "friswell_geared_page_x" (openTorsion tests.py
 * test_friswell_pagex): published 0, 425.4, 634.1, 3247.2 Hz (0.1 Hz);
 * derived exact 0, 425.3595, 634.0728, 3247.1924 Hz. */
static void
test_benchmark_geared_page_x (void)
{
  static const double published_hz[] = { 425.4, 634.1, 3247.2 };
  static const double exact_hz[] = { 425.3595, 634.0728, 3247.1924 };
  g_autoptr(SwModel) model = model_new_from_fixture ("friswell-geared-page-x.shaft");
  g_autoptr(SwModes) modes = modes_of_model (model);
  double f[8];

  check_invariants (modes, TRUE);
  g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 4);
  g_assert_cmpuint (sw_modes_get_n_bodies (modes), ==, 5);
  g_assert_true (sw_modes_get_mode (modes, 0)->rigid_body);
  g_assert_cmpuint (elastic_frequencies (modes, f), ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      g_assert_cmpfloat_with_epsilon (f[i], published_hz[i], 0.05);
      assert_rel (f[i], exact_hz[i], 1e-4);
    }
  /* The mesh of ratio -1: the two gears turn opposite ways, equally. */
  for (guint i = 0; i < 4; i++)
    {
      const SwMode *m = sw_modes_get_mode (modes, i);

      g_assert_cmpfloat_with_epsilon (m->shape[body_index (modes, "gear2")],
                                      -m->shape[body_index (modes, "gear1")], 1e-12);
    }
}

/* benchmarks.json "friswell_9_6_3_geared_shafts" (openTorsion tests.py,
 * inside test_friswell_ex971): published 0, 10.304, 20.479, 24.423 Hz
 * (0.001 Hz). Shafts k = G pi D^4 / (32 L). */
static void
test_benchmark_geared_shafts (void)
{
  static const double published_hz[] = { 10.304, 20.479, 24.423 };
  const double G = 68e9;
  g_autoptr(SwModel) model = model_new_from_fixture ("friswell-9-6-3.shaft");
  g_autoptr(SwModes) modes = NULL;
  double f[8];

  /* The fixture's stiffnesses are the formula's. */
  assert_rel (component_param (model, "shaft1", "c"), G * G_PI * pow (0.2, 4) / (32 * 2.5), 1e-15);
  assert_rel (component_param (model, "shaft2", "c"), G * G_PI * pow (0.25, 4) / (32 * 3.5), 1e-15);
  assert_rel (component_param (model, "shaft3", "c"), G * G_PI * pow (0.25, 4) / (32 * 3.5), 1e-15);
  /* External meshes: ratio = -r_b / r_a. */
  assert_rel (component_param (model, "mesh21", "ratio"), -0.5 / 0.5, 1e-15);
  assert_rel (component_param (model, "mesh31", "ratio"), -0.5 / 0.8, 1e-15);
  assert_rel (component_param (model, "mesh42", "ratio"), -0.5 / 0.8, 1e-15);

  modes = modes_of_model (model);
  check_invariants (modes, TRUE);
  g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 4);
  g_assert_true (sw_modes_get_mode (modes, 0)->rigid_body);
  g_assert_cmpuint (elastic_frequencies (modes, f), ==, 3);
  for (guint i = 0; i < 3; i++)
    g_assert_cmpfloat_with_epsilon (f[i], published_hz[i], 0.0005);
}

/* Fixed-free uniform chain: inertia 0 tied to ground by "kg", the last end
 * free. */
static void
fixed_free_chain (guint   n,
                  double  J_value,
                  double  c_value,
                  Chain  *ch,
                  char ***ids)
{
  char **names = g_new0 (char *, 2 * n + 1);
  double *J = g_new (double, n), *c = g_new (double, n);
  int *a = g_new (int, n), *b = g_new (int, n);

  for (guint k = 0; k < n; k++)
    {
      names[k] = g_strdup_printf ("j%u", k + 1);
      names[n + k] = k == 0 ? g_strdup ("kg") : g_strdup_printf ("k%u%u", k, k + 1);
      J[k] = J_value, c[k] = c_value;
      a[k] = (int) k - 1, b[k] = (int) k;
    }
  ch->n_bodies = ch->n_springs = n;
  ch->body = (const char *const *) names;
  ch->spring = (const char *const *) names + n;
  ch->J = J, ch->c = c, ch->a = a, ch->b = b;
  *ids = names;
}

static void
chain_free (Chain  *ch,
            char  **ids)
{
  g_strfreev (ids);
  g_free ((double *) ch->J);
  g_free ((double *) ch->c);
  g_free ((int *) ch->a);
  g_free ((int *) ch->b);
}

/* benchmarks.json "uniform_fixed_free_chain" (derived, closed form):
 * omega_j = 2 sqrt(k/J) sin((2j-1) pi / (2 (2N+1))), J = 1, k = 1e4. */
static void
test_benchmark_fixed_free_chain (void)
{
  static const double n3_hz[] = { 7.083061, 19.846297, 28.678730 };
  static const double n3_fraction[3][3] = {   /* [kground, k12, k23] */
    { 0.5431, 0.3493, 0.1076 },
    { 0.3493, 0.1076, 0.5431 },
    { 0.1076, 0.5431, 0.3493 },
  };
  static const double n10_hz[] = { 2.37873, 7.08306, 11.62917, 15.91549, 19.8463,
                                   23.33377, 26.3, 28.67873, 30.41683, 31.47546 };
  static const guint sizes[] = { 3, 10 };

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      guint n = sizes[s];
      Chain ch;
      char **ids;
      g_autoptr(SwModes) modes = NULL;

      fixed_free_chain (n, 1, 1e4, &ch, &ids);
      modes = chain_modes (&ch, "uniform_fixed_free_chain");
      g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, n);
      for (guint j = 1; j <= n; j++)
        {
          const SwMode *m = sw_modes_get_mode (modes, j - 1);
          double omega = 2 * sqrt (1e4 / 1) * sin ((2.0 * j - 1) * G_PI / (2 * (2.0 * n + 1)));

          g_assert_false (m->rigid_body);
          assert_rel (m->omega_rad_s, omega, 1e-9);
          assert_rel (m->frequency_hz, n == 3 ? n3_hz[j - 1] : n10_hz[j - 1], 1e-5);
          if (n == 3)
            for (guint k = 0; k < 3; k++)
              g_assert_cmpfloat_with_epsilon (m->potential_energy_percent[section_index (modes, ch.spring[k])] / 100,
                                              n3_fraction[j - 1][k], 1e-3);
        }
      check_chain_oracle (modes, &ch);
      chain_free (&ch, ids);
    }
}

/* benchmarks.json "msl_rotational_first_linear" (derived from the
 * parameters of Modelica.Mechanics.Rotational.Examples.First): undamped
 * 0, 12.15566 Hz; damped -0.059519 +/- 76.375682j (zeta 7.8e-4),
 * -0.714296 (real), 0. */
static gboolean
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

static void
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

static void
test_benchmark_msl_first (void)
{
  g_autoptr(SwModel) model = model_new_from_example ("first.shaft");
  g_autoptr(SwModes) modes = modes_of_model (model);
  const SwMode *m;

  check_first (modes);
  /* Closed form: the gear reflects inertia1 as J1 r^2 = 0.1 * 100 onto
   * inertia2: omega^2 = c (1/12 + 1/2); shape inertia1 : inertia2 :
   * inertia3 = 10 : 1 : -6. */
  m = sw_modes_get_mode (modes, 1);
  assert_rel (m->omega_rad_s, sqrt (1e4 * (1.0 / 12 + 1.0 / 2)), 1e-12);
  g_assert_cmpfloat_with_epsilon (m->shape[body_index (modes, "inertia1")], 1.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (m->shape[body_index (modes, "inertia2")], 0.1, 1e-12);
  g_assert_cmpfloat_with_epsilon (m->shape[body_index (modes, "inertia3")], -0.6, 1e-12);
}

/* benchmarks.json "friswell_9_9_drill_string_fe" (shaft elements with
 * distributed mass) is checked in test-shaft.c. */

/* ---- 2. Twin Builder digest cases (spec seed-000 §5.9) ------------------ */

/* (A) m = [1, 3], c = [300]: lambda = 400, f = 3.18310 Hz, q = [0.866025,
 * -0.288675], max-normalised [1, -1/3], W_kin = [150, 50], W_pot = [200]. */
static void
test_twinbuilder_a (void)
{
  static const char *const body[] = { "m1", "m2" };
  static const double J[] = { 1, 3 };
  static const char *const spring[] = { "c1" };
  static const int a[] = { 0 }, b[] = { 1 };
  static const double c[] = { 300 };
  const Chain ch = { 2, body, J, 1, spring, a, b, c };
  g_autoptr(SwModes) modes = chain_modes (&ch, "twinbuilder A");
  const SwMode *m;
  int m1, m2;

  g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 2);
  g_assert_true (sw_modes_get_mode (modes, 0)->rigid_body);
  m = sw_modes_get_mode (modes, 1);
  m1 = body_index (modes, "m1"), m2 = body_index (modes, "m2");
  assert_rel (m->omega_rad_s, 20, 1e-12);
  assert_printed (m->frequency_hz, 3.18310, 1e-6, 5e-6);
  g_assert_cmpfloat_with_epsilon (m->shape[m1], 1, 1e-12);
  g_assert_cmpfloat_with_epsilon (m->shape[m2], -1.0 / 3, 1e-12);
  g_assert_cmpstr (most_excitable_id (modes, m), ==, "c1");
  g_assert_false (m->most_excitable_is_tie);
  g_assert_cmpfloat_with_epsilon (m->shape_mass_normalised[m1], 0.866025, 5e-7);
  g_assert_cmpfloat_with_epsilon (m->shape_mass_normalised[m2], -0.288675, 5e-7);
  assert_rel (m->kinetic_energy[m1], 150, 1e-10);
  assert_rel (m->kinetic_energy[m2], 50, 1e-10);
  assert_rel (m->potential_energy[0], 200, 1e-10);
}

/* (B) three equal bodies, c = [1, 1]: lambda = 0, 1, 3; both modes tie, and
 * the tie goes to the first section in file order. */
static void
test_twinbuilder_b_tie (void)
{
  static const char *const body[] = { "m1", "m2", "m3" };
  static const double J[] = { 1, 1, 1 };
  static const char *const spring[] = { "c1", "c2" };
  static const int a[] = { 0, 1 }, b[] = { 1, 2 };
  static const double c[] = { 1, 1 };
  static const double shape1[] = { -1, 0, 1 }, shape3[] = { -0.5, 1, -0.5 };
  const Chain ch = { 3, body, J, 2, spring, a, b, c };
  g_autoptr(SwModes) modes = chain_modes (&ch, "twinbuilder B");
  const SwMode *m;
  double s[3];

  g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 3);
  g_assert_true (sw_modes_get_mode (modes, 0)->rigid_body);
  g_assert_cmpint (sw_modes_get_mode (modes, 0)->most_excitable_section, ==, -1);
  /* File order is section order here; the tie rule names "c1". */
  g_assert_cmpstr (sw_modes_get_section_part (modes, 0)->id, ==, "c1");

  m = sw_modes_get_mode (modes, 1);
  assert_rel (m->omega_rad_s * m->omega_rad_s, 1, 1e-12);
  for (guint k = 0; k < 3; k++)
    s[k] = m->shape[body_index (modes, body[k])];
  assert_parallel (s, shape1, 3, 1e-12);
  g_assert_cmpfloat_with_epsilon (m->potential_energy[section_index (modes, "c1")], 0.25, 1e-12);
  g_assert_cmpfloat_with_epsilon (m->potential_energy[section_index (modes, "c2")], 0.25, 1e-12);
  g_assert_cmpfloat_with_epsilon (m->kinetic_energy[body_index (modes, "m1")], 0.25, 1e-12);
  g_assert_cmpfloat_with_epsilon (m->kinetic_energy[body_index (modes, "m2")], 0, 1e-12);
  g_assert_cmpfloat_with_epsilon (m->kinetic_energy[body_index (modes, "m3")], 0.25, 1e-12);
  g_assert_true (m->most_excitable_is_tie);
  g_assert_cmpint (m->most_excitable_section, ==, 0);
  g_assert_cmpstr (most_excitable_id (modes, m), ==, "c1");

  m = sw_modes_get_mode (modes, 2);
  assert_rel (m->omega_rad_s * m->omega_rad_s, 3, 1e-12);
  for (guint k = 0; k < 3; k++)
    s[k] = m->shape[body_index (modes, body[k])];
  for (guint k = 0; k < 3; k++)
    g_assert_cmpfloat_with_epsilon (s[k], shape3[k], 1e-12);
  g_assert_cmpfloat_with_epsilon (m->kinetic_energy[body_index (modes, "m1")], 0.25, 1e-12);
  g_assert_cmpfloat_with_epsilon (m->kinetic_energy[body_index (modes, "m2")], 1.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (m->kinetic_energy[body_index (modes, "m3")], 0.25, 1e-12);
  g_assert_cmpfloat_with_epsilon (m->potential_energy[section_index (modes, "c1")], 0.75, 1e-12);
  g_assert_cmpfloat_with_epsilon (m->potential_energy[section_index (modes, "c2")], 0.75, 1e-12);
  g_assert_true (m->most_excitable_is_tie);
  g_assert_cmpstr (most_excitable_id (modes, m), ==, "c1");
}

/* The same three bodies with the springs listed the other way round: the
 * tie then goes to "c2", the first in this file. */
static void
test_twinbuilder_b_tie_file_order (void)
{
  static const char *const body[] = { "m1", "m2", "m3" };
  static const double J[] = { 1, 1, 1 };
  static const char *const spring[] = { "c2", "c1" };
  static const int a[] = { 1, 0 }, b[] = { 2, 1 };
  static const double c[] = { 1, 1 };
  const Chain ch = { 3, body, J, 2, spring, a, b, c };
  g_autoptr(SwModes) modes = chain_modes (&ch, "twinbuilder B reversed");

  for (guint i = 1; i < 3; i++)
    {
      const SwMode *m = sw_modes_get_mode (modes, i);

      g_assert_true (m->most_excitable_is_tie);
      g_assert_cmpstr (most_excitable_id (modes, m), ==, "c2");
    }
}

/* (C) m = [2, 1, 1], c = [100, 300]. The digest numbers its sections from 1:
 * "most excitable 1" is c1, "2" is c2. */
static void
test_twinbuilder_c (void)
{
  static const char *const body[] = { "m1", "m2", "m3" };
  static const double J[] = { 2, 1, 1 };
  static const char *const spring[] = { "c1", "c2" };
  static const int a[] = { 0, 1 }, b[] = { 1, 2 };
  static const double c[] = { 100, 300 };
  static const struct {
    double lambda, omega, f, q[3], w_kin[3], w_pot[2];
    const char *most;
  } want[] = {
    { 91.0546, 9.54225, 1.51870, { -0.496046, 0.407300, 0.584793 },
      { 22.405073, 7.552655, 15.569564 }, { 40.801691, 4.725600 }, "c1" },
    { 658.945, 25.6699, 4.08550, { -0.062753, 0.764269, -0.638762 },
      { 2.594927, 192.447345, 134.430436 }, { 34.198309, 295.274400 }, "c2" },
  };
  const Chain ch = { 3, body, J, 2, spring, a, b, c };
  g_autoptr(SwModes) modes = chain_modes (&ch, "twinbuilder C");

  g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 3);
  g_assert_true (sw_modes_get_mode (modes, 0)->rigid_body);
  for (guint i = 0; i < 2; i++)
    {
      const SwMode *m = sw_modes_get_mode (modes, i + 1);

      assert_printed (m->omega_rad_s * m->omega_rad_s, want[i].lambda, 1e-6, 5e-4);
      assert_printed (m->omega_rad_s, want[i].omega, 1e-6, 5e-5);
      assert_printed (m->frequency_hz, want[i].f, 1e-6, 5e-6);
      for (guint k = 0; k < 3; k++)
        {
          int bi = body_index (modes, body[k]);

          g_assert_cmpfloat_with_epsilon (m->shape_mass_normalised[bi], want[i].q[k], 5e-7);
          g_assert_cmpfloat_with_epsilon (m->kinetic_energy[bi], want[i].w_kin[k], 5e-6);
        }
      for (guint k = 0; k < 2; k++)
        g_assert_cmpfloat_with_epsilon (m->potential_energy[section_index (modes, spring[k])], want[i].w_pot[k], 5e-6);
      g_assert_cmpstr (most_excitable_id (modes, m), ==, want[i].most);
      g_assert_false (m->most_excitable_is_tie);
    }
  check_chain_oracle (modes, &ch);
}

/* (D) the four-body drive train, data/examples/fourbody.shaft: m = [0.5,
 * 0.05, 0.05, 2], c = [5e4, 2e3, 1e5]. */
static void
test_twinbuilder_d_fourbody (void)
{
  static const char *const body[] = { "rotor", "hub1", "hub2", "load" };
  static const char *const section[] = { "shaft", "coupling", "load_shaft" };
  static const struct {
    double lambda, omega, f, shape[4], w_pot[3], w_pot_half_unit;
    const char *most;
  } want[] = {
    { 4382.89, 66.2034, 10.5366, { 1, 0.956171, -0.244322, -0.267796 },
      { 69.39, 2082.25, 39.81 }, 0.005, "coupling" },
    { 1.13501e6, 1065.37, 169.559, { -0.096617, 1, 0.040114, -0.001849 },
      { 549070.9, 16827.4, 1608.0 }, 0.05, "shaft" },
    { 2.0906e6, 1445.89, 230.121, { 0.002009, -0.039985, 1, -0.024503 },
      { 859.7, 21090.3, 1023352.2 }, 0.05, "load_shaft" },
  };
  static const double J[] = { 0.5, 0.05, 0.05, 2 };
  static const int a[] = { 0, 1, 2 }, b[] = { 1, 2, 3 };
  static const double c[] = { 5e4, 2e3, 1e5 };
  const Chain ch = { 4, body, J, 3, section, a, b, c };
  g_autoptr(SwModel) model = model_new_from_example ("fourbody.shaft");
  g_autoptr(SwModes) modes = modes_of_model (model);

  g_assert_cmpstr (sw_model_get_name (model), ==, "fourbody");
  /* The file says what the digest says. */
  for (guint k = 0; k < 4; k++)
    assert_rel (component_param (model, body[k], "J"), J[k], 1e-15);
  for (guint k = 0; k < 3; k++)
    assert_rel (component_param (model, section[k], "c"), c[k], 1e-15);

  check_invariants (modes, TRUE);
  g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 4);
  g_assert_cmpuint (sw_modes_get_n_bodies (modes), ==, 4);
  g_assert_cmpuint (sw_modes_get_n_sections (modes), ==, 3);
  g_assert_true (sw_modes_get_mode (modes, 0)->rigid_body);
  for (guint i = 0; i < 3; i++)
    {
      const SwMode *m = sw_modes_get_mode (modes, i + 1);

      g_assert_false (m->rigid_body);
      assert_rel (m->omega_rad_s * m->omega_rad_s, want[i].lambda, 1e-4);
      assert_rel (m->omega_rad_s, want[i].omega, 1e-4);
      assert_rel (m->frequency_hz, want[i].f, 1e-4);
      /* Printed to 6 decimals: the smallest entries are known to 5e-7. */
      for (guint k = 0; k < 4; k++)
        assert_printed (m->shape[body_index (modes, body[k])], want[i].shape[k], 1e-4, 5e-7);
      for (guint k = 0; k < 3; k++)
        assert_printed (m->potential_energy[section_index (modes, section[k])], want[i].w_pot[k], 1e-4,
                        want[i].w_pot_half_unit);
      g_assert_cmpstr (most_excitable_id (modes, m), ==, want[i].most);
      g_assert_false (m->most_excitable_is_tie);
    }
  check_chain_oracle (modes, &ch);
}

/* ---- 3. Closed forms and hand-assembled eigenproblems ------------------- */

/* Free-free uniform chain of N inertias J and N-1 springs c:
 * omega_k = 2 sqrt(c/J) sin(k pi / (2N)), shape x_n = cos((n + 1/2) k pi / N),
 * and spring n (between bodies n and n+1) holds
 * sin^2((n+1) k pi / N) / (N/2) of the potential energy. */
static void
test_closed_form_free_free_chain (void)
{
  enum { N = 8 };
  const double J_value = 2, c_value = 5e3;
  char *names[2 * N] = { NULL };
  double J[N], c[N - 1];
  int a[N - 1], b[N - 1];
  Chain ch = { N, (const char *const *) names, J, N - 1, (const char *const *) names + N, a, b, c };
  g_autoptr(SwModes) modes = NULL;

  for (guint k = 0; k < N; k++)
    {
      names[k] = g_strdup_printf ("j%u", k);
      J[k] = J_value;
      if (k + 1 < N)
        {
          names[N + k] = g_strdup_printf ("c%u", k);
          c[k] = c_value, a[k] = (int) k, b[k] = (int) k + 1;
        }
    }
  modes = chain_modes (&ch, "free-free chain");
  g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, N);
  for (guint k = 0; k < N; k++)
    {
      const SwMode *m = sw_modes_get_mode (modes, k);
      double omega = 2 * sqrt (c_value / J_value) * sin (k * G_PI / (2 * N));
      double want[N], got[N];

      g_assert_cmpint (m->rigid_body, ==, k == 0);
      if (k == 0)
        {
          for (guint n = 0; n < N; n++)
            g_assert_cmpfloat_with_epsilon (m->shape[n], 1, 1e-9);
          continue;
        }
      assert_rel (m->omega_rad_s, omega, 1e-10);
      for (guint n = 0; n < N; n++)
        {
          want[n] = cos ((n + 0.5) * k * G_PI / N);
          got[n] = m->shape[body_index (modes, names[n])];
        }
      assert_parallel (got, want, N, 1e-8);
      for (guint n = 0; n + 1 < N; n++)
        {
          double s = sin ((n + 1) * k * G_PI / N);

          g_assert_cmpfloat_with_epsilon (m->potential_energy_percent[section_index (modes, names[N + n])],
                                          100 * s * s / (N / 2.0), 1e-8);
        }
    }
  for (guint k = 0; k < 2 * N; k++)
    g_free (names[k]);
}

/* inertia1 (J1) -- ideal gear, ratio r (phi1 = r phi2) -- inertia2 (J2), and
 * a spring c to ground on one side. On phi2: kinetic energy
 * 1/2 (J2 + J1 r^2) phi2'^2. Spring on inertia2: omega^2 = c / (J2 + J1 r^2);
 * spring on inertia1, potential 1/2 c r^2 phi2^2: omega^2 = c r^2 /
 * (J2 + J1 r^2) = c / (J1 + J2 / r^2). The shape is inertia1 : inertia2 =
 * r : 1; inertia1 carries J1 r^2 / (J1 r^2 + J2) of the kinetic energy. */
static void
test_closed_form_gear (void)
{
  static const double ratios[] = { -3, 2.5, 0.4, -0.25 };
  const double J1 = 0.3, J2 = 1.5, c = 2e4;

  for (guint i = 0; i < G_N_ELEMENTS (ratios); i++)
    for (guint side = 1; side <= 2; side++)
      {
        double r = ratios[i];
        ModelText t;
        g_autoptr(SwModel) model = NULL;
        g_autoptr(SwModes) modes = NULL;
        const SwMode *m;
        double want[2] = { r, 1 }, got[2], omega2;

        g_test_message ("ratio %g, spring on inertia%u", r, side);
        text_init (&t);
        text_add (&t, "inertia1", "rotational.inertia", "'J': %.17g", J1);
        text_add (&t, "gear", "rotational.ideal_gear", "'ratio': %.17g", r);
        text_add (&t, "inertia2", "rotational.inertia", "'J': %.17g", J2);
        text_add (&t, "spring", "rotational.spring", "'c': %.17g", c);
        text_add (&t, "fixed", "rotational.fixed", " ");
        text_wire (&t, "inertia1.flange_b", "gear.flange_a");
        text_wire (&t, "gear.flange_b", "inertia2.flange_a");
        text_wire (&t, side == 1 ? "inertia1.flange_a" : "inertia2.flange_b", "spring.flange_a");
        text_wire (&t, "spring.flange_b", "fixed.flange");
        model = text_finish (&t, "gear closed form");
        modes = modes_of_model (model);
        check_invariants (modes, TRUE);

        g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 1);
        m = sw_modes_get_mode (modes, 0);
        g_assert_false (m->rigid_body);
        omega2 = side == 2 ? c / (J2 + J1 * r * r) : c / (J1 + J2 / (r * r));
        assert_rel (m->omega_rad_s, sqrt (omega2), 1e-12);
        got[0] = m->shape[body_index (modes, "inertia1")];
        got[1] = m->shape[body_index (modes, "inertia2")];
        {
          double norm[2];

          g_assert_true (max_normalise (want, 2, norm));
          g_assert_cmpfloat_with_epsilon (got[0], norm[0], 1e-12);
          g_assert_cmpfloat_with_epsilon (got[1], norm[1], 1e-12);
        }
        g_assert_cmpfloat_with_epsilon (m->kinetic_energy_percent[body_index (modes, "inertia1")],
                                        100 * J1 * r * r / (J1 * r * r + J2), 1e-10);
        g_assert_cmpfloat_with_epsilon (m->potential_energy_percent[0], 100, 1e-10);
      }
}

/* Two degrees of freedom through a gear: inertia1 (J1) -c1- inertia2 (J2)
 * -gear r- inertia3 (J3) -c2- ground. In (phi1, phi3), phi2 = r phi3:
 * M = diag(J1, J2 r^2 + J3), K = [[c1, -c1 r], [-c1 r, c1 r^2 + c2]]. */
static void
test_oracle_gear_two_dof (void)
{
  const double J1 = 0.8, J2 = 0.1, J3 = 1.2, c1 = 3e4, c2 = 5e4, r = -2.5;
  g_autoptr(gsl_matrix) K = gsl_matrix_alloc (2, 2);
  g_autoptr(gsl_matrix) M = gsl_matrix_calloc (2, 2);
  g_autoptr(gsl_vector) eval = gsl_vector_alloc (2);
  g_autoptr(gsl_matrix) evec = gsl_matrix_alloc (2, 2);
  g_autoptr(gsl_eigen_gensymmv_workspace) ws = gsl_eigen_gensymmv_alloc (2);
  g_autoptr(SwModel) model = NULL;
  g_autoptr(SwModes) modes = NULL;
  ModelText t;

  gsl_matrix_set (M, 0, 0, J1);
  gsl_matrix_set (M, 1, 1, J2 * r * r + J3);
  gsl_matrix_set (K, 0, 0, c1);
  gsl_matrix_set (K, 0, 1, -c1 * r);
  gsl_matrix_set (K, 1, 0, -c1 * r);
  gsl_matrix_set (K, 1, 1, c1 * r * r + c2);
  g_assert_cmpint (gsl_eigen_gensymmv (K, M, eval, evec, ws), ==, GSL_SUCCESS);
  gsl_eigen_gensymmv_sort (eval, evec, GSL_EIGEN_SORT_VAL_ASC);

  text_init (&t);
  text_add (&t, "inertia1", "rotational.inertia", "'J': %.17g", J1);
  text_add (&t, "c1", "rotational.spring", "'c': %.17g", c1);
  text_add (&t, "inertia2", "rotational.inertia", "'J': %.17g", J2);
  text_add (&t, "gear", "rotational.ideal_gear", "'ratio': %.17g", r);
  text_add (&t, "inertia3", "rotational.inertia", "'J': %.17g", J3);
  text_add (&t, "c2", "rotational.spring", "'c': %.17g", c2);
  text_add (&t, "fixed", "rotational.fixed", " ");
  text_wire (&t, "inertia1.flange_b", "c1.flange_a");
  text_wire (&t, "c1.flange_b", "inertia2.flange_a");
  text_wire (&t, "inertia2.flange_b", "gear.flange_a");
  text_wire (&t, "gear.flange_b", "inertia3.flange_a");
  text_wire (&t, "inertia3.flange_b", "c2.flange_a");
  text_wire (&t, "c2.flange_b", "fixed.flange");
  model = text_finish (&t, "gear two dof");
  modes = modes_of_model (model);
  check_invariants (modes, TRUE);

  g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      const SwMode *m = sw_modes_get_mode (modes, i);
      double lambda = gsl_vector_get (eval, i);
      double p1 = gsl_matrix_get (evec, 0, i), p3 = gsl_matrix_get (evec, 1, i);
      double qmq = J1 * p1 * p1 + (J2 * r * r + J3) * p3 * p3;
      double want[3], got[3];
      SwMode reordered = *m;

      p1 /= sqrt (qmq), p3 /= sqrt (qmq);
      want[0] = p1, want[1] = r * p3, want[2] = p3;
      assert_rel (m->omega_rad_s, sqrt (lambda), 1e-10);
      got[0] = m->shape[body_index (modes, "inertia1")];
      got[1] = m->shape[body_index (modes, "inertia2")];
      got[2] = m->shape[body_index (modes, "inertia3")];
      reordered.shape = got;
      assert_shape (&reordered, want, 3, 1e-9);
      g_assert_cmpfloat_with_epsilon (m->potential_energy[section_index (modes, "c1")],
                                      0.5 * c1 * (p1 - r * p3) * (p1 - r * p3), 1e-9 * lambda);
      g_assert_cmpfloat_with_epsilon (m->potential_energy[section_index (modes, "c2")],
                                      0.5 * c2 * p3 * p3, 1e-9 * lambda);
      g_assert_cmpfloat_with_epsilon (m->kinetic_energy[body_index (modes, "inertia2")],
                                      0.5 * J2 * r * r * p3 * p3 * lambda, 1e-9 * lambda);
    }
}

/* A hub with three spring branches to three inertias, against the
 * hand-assembled K and M. */
static void
test_oracle_branched (void)
{
  static const char *const body[] = { "hub", "fan", "pump", "generator" };
  static const double J[] = { 1.0, 0.5, 0.2, 0.8 };
  static const char *const spring[] = { "to_fan", "to_pump", "to_generator" };
  static const int a[] = { 0, 0, 0 }, b[] = { 1, 2, 3 };
  static const double c[] = { 1e4, 2e4, 3e4 };
  const Chain ch = { 4, body, J, 3, spring, a, b, c };
  g_autoptr(SwModes) modes = chain_modes (&ch, "branched");

  g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 4);
  g_assert_true (sw_modes_get_mode (modes, 0)->rigid_body);
  check_chain_oracle (modes, &ch);
}

/* Springs in series through a massless node: one spring of
 * c_eq = c1 c2 / (c1 + c2); both carry the same torque T, so each holds
 * T^2 / (2 c) of the potential energy: in proportion to 1/c. */
static void
test_closed_form_series_springs (void)
{
  const double c1 = 1e4, c2 = 3e4, J1 = 1, J2 = 2;
  const double c_eq = c1 * c2 / (c1 + c2);

  for (guint grounded = 0; grounded <= 1; grounded++)
    {
      ModelText t;
      g_autoptr(SwModel) model = NULL;
      g_autoptr(SwModes) modes = NULL;
      const SwMode *m;
      double omega2;

      text_init (&t);
      text_add (&t, "inertia1", "rotational.inertia", "'J': %.17g", J1);
      text_add (&t, "spring1", "rotational.spring", "'c': %.17g", c1);
      text_add (&t, "spring2", "rotational.spring", "'c': %.17g", c2);
      text_wire (&t, "inertia1.flange_b", "spring1.flange_a");
      text_wire (&t, "spring1.flange_b", "spring2.flange_a");
      if (grounded)
        {
          text_add (&t, "fixed", "rotational.fixed", " ");
          text_wire (&t, "spring2.flange_b", "fixed.flange");
          omega2 = c_eq / J1;
        }
      else
        {
          text_add (&t, "inertia2", "rotational.inertia", "'J': %.17g", J2);
          text_wire (&t, "spring2.flange_b", "inertia2.flange_a");
          omega2 = c_eq * (1 / J1 + 1 / J2);
        }
      model = text_finish (&t, "series springs");
      modes = modes_of_model (model);
      check_invariants (modes, TRUE);

      g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, grounded ? 1 : 2);
      g_assert_cmpuint (sw_modes_get_n_sections (modes), ==, 2);
      m = sw_modes_get_mode (modes, grounded ? 0 : 1);
      g_assert_false (m->rigid_body);
      assert_rel (m->omega_rad_s, sqrt (omega2), 1e-12);
      assert_rel (m->potential_energy[section_index (modes, "spring1")]
                  / m->potential_energy[section_index (modes, "spring2")], c2 / c1, 1e-10);
      g_assert_cmpfloat_with_epsilon (m->potential_energy_percent[section_index (modes, "spring1")],
                                      100 * (1 / c1) / (1 / c1 + 1 / c2), 1e-10);
      g_assert_cmpstr (most_excitable_id (modes, m), ==, "spring1");
      if (!grounded)
        {
          /* Free-free: the bodies move against each other, J1 x1 = -J2 x2. */
          g_assert_cmpfloat_with_epsilon (m->shape[body_index (modes, "inertia1")], 1, 1e-12);
          g_assert_cmpfloat_with_epsilon (m->shape[body_index (modes, "inertia2")], -J1 / J2, 1e-12);
        }
    }
}

/* ---- 5. Damped ---------------------------------------------------------- */

/* Modelica.Mechanics.Rotational.Examples.Backlash, the spring-damper branch:
 * inertia J = 5 on a spring-damper c = 20e3, d = 50 to the housing.
 * J s^2 + d s + c = 0: s = -d/(2J) +/- i sqrt(c/J - (d/2J)^2) =
 * -5 +/- 63.0476i; zeta = d / (2 sqrt(c J)) = 0.0791. */
static void
test_damped_backlash_branch (void)
{
  const double J = 5, c = 20e3, d = 50;
  const double re = -d / (2 * J), im = sqrt (c / J - re * re);
  ModelText t;
  g_autoptr(SwModel) model = NULL;
  g_autoptr(SwModes) modes = NULL;
  const SwMode *m;
  double r0, i0, r1, i1;

  text_init (&t);
  text_add (&t, "fixed", "rotational.fixed", " ");
  text_add (&t, "springDamper", "rotational.spring_damper", "'c': %.17g, 'd': %.17g", c, d);
  text_add (&t, "inertia", "rotational.inertia", "'J': %.17g", J);
  text_wire (&t, "fixed.flange", "springDamper.flange_a");
  text_wire (&t, "springDamper.flange_b", "inertia.flange_a");
  model = text_finish (&t, "backlash spring-damper branch");
  modes = modes_of_model (model);
  check_invariants (modes, FALSE);

  g_assert_cmpfloat_with_epsilon (im, 63.0476, 1e-4);
  g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 1);
  g_assert_cmpuint (sw_modes_get_n_eigenvalues (modes), ==, 2);
  /* Sorted by |Im|, then Re, then the positive Im first. */
  sw_modes_get_eigenvalue (modes, 0, &r0, &i0);
  sw_modes_get_eigenvalue (modes, 1, &r1, &i1);
  g_assert_cmpfloat_with_epsilon (r0, -5, 1e-4);
  g_assert_cmpfloat_with_epsilon (i0, 63.0476, 1e-4);
  g_assert_cmpfloat_with_epsilon (r1, -5, 1e-4);
  g_assert_cmpfloat_with_epsilon (i1, -63.0476, 1e-4);
  assert_rel (i0, im, 1e-10);

  m = sw_modes_get_mode (modes, 0);
  assert_rel (m->omega_rad_s, sqrt (c / J), 1e-12);
  g_assert_true (m->has_damped);
  g_assert_cmpfloat_with_epsilon (m->damping_ratio, 0.0791, 0.00005);
  assert_rel (m->damping_ratio, d / (2 * sqrt (c * J)), 1e-10);
  assert_rel (m->decay_rate_per_s, 5, 1e-10);
  assert_rel (m->damped_frequency_hz, im / (2 * G_PI), 1e-10);
  g_assert_cmpstr (most_excitable_id (modes, m), ==, "springDamper");
}

/* Without dampers every elastic mode has damping ratio 0 and its damped
 * frequency is the undamped one; the eigenvalues are +/- i omega. */
static void
test_damped_none (void)
{
  g_autoptr(SwModel) model = model_new_from_example ("fourbody.shaft");
  g_autoptr(SwModes) modes = modes_of_model (model);

  check_invariants (modes, TRUE);
  g_assert_cmpuint (sw_modes_get_n_eigenvalues (modes), ==, 8);
  for (guint i = 0; i < sw_modes_get_n_modes (modes); i++)
    {
      const SwMode *m = sw_modes_get_mode (modes, i);

      g_assert_true (find_eigenvalue (modes, 0, m->omega_rad_s, 1e-12));
      g_assert_true (find_eigenvalue (modes, 0, -m->omega_rad_s, 1e-12));
    }
  for (guint k = 0; k < sw_modes_get_n_eigenvalues (modes); k++)
    {
      double re, im;

      sw_modes_get_eigenvalue (modes, k, &re, &im);
      g_assert_cmpfloat (re, ==, 0);
    }
}

/* A badly scaled, lightly damped free chain (inertias 0.01 to 10,
 * stiffnesses 3e3 to 1e5, damping ratios 3e-4 to 8e-3) with a damper from
 * its last inertia to the ground. Reference: the eigenvalues of the
 * state-space matrix [0 I; -M^-1 K -M^-1 D] computed with mpmath 1.3 at 50
 * digits (mp.eig), rounded to 25 here; the script:
 *   J = [0.01, 2, 0.5, 10]; c = [1e5, 3e3, 2e4]; d = [0.5, 0.02, 1];
 *   K, D tridiagonal from c, d; D[3][3] += 0.3; E = mp.eig (A, left=False, right=False)
 * An unbalanced solver (GSL nonsymm) misses these damping ratios by 1e-8;
 * a balanced one keeps them to round-off. */
static void
test_damped_high_precision (void)
{
  static const double J[] = { 0.01, 2, 0.5, 10 }, c[] = { 1e5, 3e3, 2e4 }, d[] = { 0.5, 0.02, 1 };
  /* re, im, damping ratio of the elastic modes (im > 0), ascending. */
  static const double ref[3][3] = {
    { -0.01197733012658737517896515, 39.47274449609818722987109, 0.0003034329061255356770221881 },
    { -1.066007361981962177688689, 218.9367060934011046490907, 0.004868963021852340840417511 },
    { -25.1250248993016669259814, 3170.075109740430111694625, 0.007925438651570792015011956 },
  };
  const double decay = 0.02398081717956704230189494;
  SwModesSolver solvers[] = { SW_MODES_SOLVER_AUTO, SW_MODES_SOLVER_DENSE };
  ModelText t;
  g_autoptr(SwModel) model = NULL;
  g_autoptr(SwSystem) sys = NULL;

  text_init (&t);
  for (guint k = 0; k < 4; k++)
    {
      g_autofree char *id = g_strdup_printf ("j%u", k);

      text_add (&t, id, "rotational.inertia", "'J': %.17g", J[k]);
      if (k < 3)
        {
          g_autofree char *sd = g_strdup_printf ("sd%u", k);
          g_autofree char *a = g_strdup_printf ("j%u.flange_b", k);
          g_autofree char *b = g_strdup_printf ("sd%u.flange_a", k);
          g_autofree char *e = g_strdup_printf ("sd%u.flange_b", k);
          g_autofree char *f = g_strdup_printf ("j%u.flange_a", k + 1);

          text_add (&t, sd, "rotational.spring_damper", "'c': %.17g, 'd': %.17g", c[k], d[k]);
          text_wire (&t, a, b);
          text_wire (&t, e, f);
        }
    }
  text_add (&t, "ground", "rotational.fixed", " ");
  text_add (&t, "bearing", "rotational.damper", "'d': 0.3");
  text_wire (&t, "j3.flange_b", "bearing.flange_a");
  text_wire (&t, "bearing.flange_b", "ground.flange");
  model = text_finish (&t, "high-precision damped chain");
  sys = assemble (model);

  for (guint k = 0; k < G_N_ELEMENTS (solvers); k++)
    {
      SwModesOptions o = sw_modes_options_default ();
      g_autoptr(GError) error = NULL;
      g_autoptr(SwModes) modes = NULL;
      const SwMode *rigid;

      o.solver = solvers[k];
      modes = sw_modes_compute_with_options (sys, 0, NULL, &o, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (sw_modes_get_damped_solver (modes), ==, "state space (LAPACK dgeevx, balanced)");
      g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 4);
      check_invariants (modes, FALSE);
      /* The rigid-body mode decays through the bearing: reported so. */
      rigid = sw_modes_get_mode (modes, 0);
      g_assert_true (rigid->rigid_body);
      g_assert_true (rigid->has_damped);
      g_assert_true (rigid->overdamped);
      /* Absolute round-off of an eigenvalue is about eps |A| = 2e-9 here
       * (c / J = 1e7): 0.024 1/s keeps 7 digits. */
      assert_rel (rigid->decay_rate_per_s, decay, 1e-7);
      for (guint i = 0; i < 3; i++)
        {
          const SwMode *m = sw_modes_get_mode (modes, i + 1);

          g_assert_false (m->overdamped);
          g_assert_cmpfloat_with_epsilon (m->damping_ratio, ref[i][2], 1e-12);
          assert_rel (m->decay_rate_per_s, -ref[i][0], 1e-9);
          assert_rel (m->damped_frequency_hz, ref[i][1] / (2 * G_PI), 1e-12);
        }
    }
}

/* Overdamped: J = 1 on a spring c = 1 and a damper d = 5 to the ground.
 * s^2 + 5 s + 1 = 0: s = (-5 +/- sqrt 21) / 2, both real; the slower decay,
 * (5 - sqrt 21) / 2 = 0.2087 1/s, is reported; the damping is proportional
 * (D = 5 M), solved per mode, and the state-space solver agrees. */
static void
test_damped_overdamped (void)
{
  const double slow = (5 - sqrt (21)) / 2;
  SwModesSolver solvers[] = { SW_MODES_SOLVER_AUTO, SW_MODES_SOLVER_DENSE };
  const char *expected[] = { "proportional damping (per mode)", "state space (LAPACK dgeevx, balanced)" };
  ModelText t;
  g_autoptr(SwModel) model = NULL;
  g_autoptr(SwSystem) sys = NULL;

  text_init (&t);
  text_add (&t, "ground", "rotational.fixed", " ");
  text_add (&t, "spring", "rotational.spring", "'c': 1");
  text_add (&t, "damper", "rotational.damper", "'d': 5");
  text_add (&t, "inertia", "rotational.inertia", "'J': 1");
  text_wire (&t, "ground.flange", "spring.flange_a");
  text_wire (&t, "spring.flange_b", "inertia.flange_a");
  text_wire (&t, "inertia.flange_b", "damper.flange_a");
  text_wire (&t, "damper.flange_b", "ground.flange");
  model = text_finish (&t, "overdamped");
  sys = assemble (model);
  for (guint k = 0; k < G_N_ELEMENTS (solvers); k++)
    {
      SwModesOptions o = sw_modes_options_default ();
      g_autoptr(GError) error = NULL;
      g_autoptr(SwModes) modes = NULL;
      const SwMode *m;
      double re, im;

      o.solver = solvers[k];
      modes = sw_modes_compute_with_options (sys, 0, NULL, &o, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (sw_modes_get_damped_solver (modes), ==, expected[k]);
      m = sw_modes_get_mode (modes, 0);
      g_assert_false (m->rigid_body);
      assert_rel (m->omega_rad_s, 1, 1e-10);
      g_assert_true (m->overdamped);
      g_assert_true (isnan (m->damping_ratio));
      g_assert_cmpfloat (m->damped_frequency_hz, ==, 0);
      assert_rel (m->decay_rate_per_s, slow, 1e-10);
      g_assert_cmpuint (sw_modes_get_n_eigenvalues (modes), ==, 2);
      sw_modes_get_eigenvalue (modes, 0, &re, &im);
      g_assert_cmpfloat (im, ==, 0);
      assert_rel (re, -slow, 1e-10);
    }
}

/* A free chain of n inertias (tridiagonal), with Rayleigh damping
 * D = a M + b K when damped (shaft elements give a banded mass matrix: see
 * test-shaft). */
static SwSystem *
chain_system (guint n, gboolean rayleigh, gboolean grounded_shafts)
{
  ModelText t;
  g_autoptr(SwModel) model = NULL;
  const double a = 0.2, b = 1e-5;

  text_init (&t);
  for (guint k = 0; k < n; k++)
    {
      g_autofree char *id = g_strdup_printf ("j%u", k);
      double J = 0.1 + 0.01 * (k % 7);

      text_add (&t, id, "rotational.inertia", "'J': %.17g", J);
      if (rayleigh)
        {
          /* a M: a damper of a J to the ground on every inertia. */
          g_autofree char *dg = g_strdup_printf ("g%u", k);
          g_autofree char *from = g_strdup_printf ("j%u.flange_a", k);
          g_autofree char *to = g_strdup_printf ("g%u.flange_a", k);
          g_autofree char *gnd = g_strdup_printf ("g%u.flange_b", k);

          text_add (&t, dg, "rotational.damper", "'d': %.17g", a * J);
          text_wire (&t, from, to);
          text_wire (&t, gnd, "ground.flange");
        }
      if (k + 1 < n)
        {
          g_autofree char *sd = g_strdup_printf ("s%u", k);
          g_autofree char *w1 = g_strdup_printf ("j%u.flange_b", k);
          g_autofree char *w2 = g_strdup_printf ("s%u.flange_a", k);
          g_autofree char *w3 = g_strdup_printf ("s%u.flange_b", k);
          g_autofree char *w4 = g_strdup_printf ("j%u.flange_a", k + 1);
          double c = 1e4 + 100 * (k % 5);

          text_add (&t, sd, "rotational.spring_damper", "'c': %.17g, 'd': %.17g", c, rayleigh ? b * c : 0);
          text_wire (&t, w1, w2);
          text_wire (&t, w3, w4);
        }
    }
  if (grounded_shafts || rayleigh)
    text_add (&t, "ground", "rotational.fixed", " ");
  if (grounded_shafts)
    {
      text_add (&t, "anchor", "rotational.spring", "'c': 5e3");
      text_wire (&t, "ground.flange", "anchor.flange_a");
      text_wire (&t, "anchor.flange_b", "j0.flange_a");
    }
  model = text_finish (&t, "chain");
  return assemble (model);
}

static SwModes *
modes_with (const SwSystem *sys, SwModesSolver solver, guint n_lowest)
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

/* The solvers picked by structure give LAPACK's dense results: frequencies,
 * shapes (up to sign), energies; the lowest modes alone are the same modes. */
static void
assert_same_modes (SwModes *a, SwModes *b, guint n)
{
  guint nb = sw_modes_get_n_bodies (a);
  g_autofree double *sa = g_new (double, nb), *sb = g_new (double, nb);
  g_autofree double *ka = g_new (double, nb), *kb = g_new (double, nb);

  for (guint i = 0; i < n; i++)
    {
      const SwMode *ma = sw_modes_get_mode (a, i), *mb = sw_modes_get_mode (b, i);

      g_assert_cmpint (ma->rigid_body, ==, mb->rigid_body);
      g_assert_cmpfloat_with_epsilon (ma->frequency_hz, mb->frequency_hz, 1e-9 * (1 + mb->frequency_hz));
      g_assert_cmpint (ma->most_excitable_section, ==, mb->most_excitable_section);
      if (ma->has_damped && mb->has_damped && !ma->rigid_body)
        {
          g_assert_cmpfloat_with_epsilon (ma->damping_ratio, mb->damping_ratio, 1e-9);
          g_assert_cmpfloat_with_epsilon (ma->damped_frequency_hz, mb->damped_frequency_hz,
                                          1e-9 * mb->damped_frequency_hz);
        }
      sw_modes_get_mode_values (a, i, sa, NULL, NULL, ka, NULL, NULL);
      sw_modes_get_mode_values (b, i, sb, NULL, NULL, kb, NULL, NULL);
      for (guint k = 0; k < nb; k++)
        {
          g_assert_cmpfloat_with_epsilon (sa[k], sb[k], 1e-7);
          g_assert_cmpfloat_with_epsilon (ka[k], kb[k], 1e-7);
        }
    }
}

static void
test_solver_tridiagonal (void)
{
  g_autoptr(SwSystem) sys = chain_system (120, FALSE, FALSE);
  g_autoptr(SwModes) fast = modes_with (sys, SW_MODES_SOLVER_AUTO, 0);
  g_autoptr(SwModes) dense = modes_with (sys, SW_MODES_SOLVER_DENSE, 0);
  g_autoptr(SwModes) lowest = modes_with (sys, SW_MODES_SOLVER_AUTO, 7);
  g_autoptr(SwModes) dense_lowest = modes_with (sys, SW_MODES_SOLVER_DENSE, 7);

  g_assert_cmpstr (sw_modes_get_solver (fast), ==, "tridiagonal (LAPACK dstevr)");
  g_assert_cmpstr (sw_modes_get_solver (lowest), ==, "tridiagonal (LAPACK dstevr, lowest modes)");
  g_assert_cmpstr (sw_modes_get_solver (dense), ==, "dense (LAPACK dsyevr)");
  g_assert_cmpuint (sw_modes_get_n_modes (fast), ==, 120);
  g_assert_cmpuint (sw_modes_get_n_modes (lowest), ==, 7);
  check_invariants (fast, TRUE);
  check_invariants (lowest, TRUE);
  assert_same_modes (fast, dense, 120);
  assert_same_modes (lowest, dense, 7);
  assert_same_modes (dense_lowest, dense, 7);
}

/* A chain anchored to the ground through a spring, seen as a band of
 * width 1 with a diagonal M... and a model whose graph is wider: branches. */
static void
test_solver_banded (void)
{
  ModelText t;
  g_autoptr(SwModel) model = NULL;
  g_autoptr(SwSystem) sys = NULL;
  g_autoptr(SwModes) fast = NULL, dense = NULL, lowest = NULL;

  /* A ladder: two chains of 60 joined at every rung: band width 2. */
  text_init (&t);
  for (guint k = 0; k < 120; k++)
    {
      g_autofree char *id = g_strdup_printf ("j%u", k);

      text_add (&t, id, "rotational.inertia", "'J': %.17g", 0.1 + 0.013 * (k % 11));
    }
  for (guint k = 0; k < 120; k++)
    {
      guint to[2] = { k + 2, k % 2 == 0 ? k + 1 : G_MAXUINT };

      for (guint e = 0; e < 2; e++)
        {
          g_autofree char *sid = NULL, *w1 = NULL, *w2 = NULL, *w3 = NULL, *w4 = NULL;

          if (to[e] >= 120)
            continue;
          sid = g_strdup_printf ("s%u_%u", k, to[e]);
          w1 = g_strdup_printf ("j%u.flange_b", k);
          w2 = g_strdup_printf ("%s.flange_a", sid);
          w3 = g_strdup_printf ("%s.flange_b", sid);
          w4 = g_strdup_printf ("j%u.flange_a", to[e]);
          text_add (&t, sid, "rotational.spring", "'c': %.17g", 1e4 + 700 * ((k + e) % 5));
          text_wire (&t, w1, w2);
          text_wire (&t, w3, w4);
        }
    }
  model = text_finish (&t, "ladder");
  sys = assemble (model);
  fast = modes_with (sys, SW_MODES_SOLVER_AUTO, 0);
  dense = modes_with (sys, SW_MODES_SOLVER_DENSE, 0);
  lowest = modes_with (sys, SW_MODES_SOLVER_AUTO, 9);
  g_assert_cmpstr (sw_modes_get_solver (fast), ==, "banded (LAPACK dsbgvd)");
  g_assert_cmpstr (sw_modes_get_solver (lowest), ==, "banded (LAPACK dsbgvx, lowest modes)");
  check_invariants (fast, TRUE);
  check_invariants (lowest, TRUE);
  assert_same_modes (fast, dense, 120);
  assert_same_modes (lowest, dense, 9);
}

/* Rayleigh damping D = a M + b K: every mode's pair from
 * s^2 + (a + b omega^2) s + omega^2 = 0, per mode, equal to dgeevx's. */
static void
test_solver_proportional (void)
{
  g_autoptr(SwSystem) sys = chain_system (80, TRUE, FALSE);
  g_autoptr(SwModes) fast = modes_with (sys, SW_MODES_SOLVER_AUTO, 0);
  g_autoptr(SwModes) dense = modes_with (sys, SW_MODES_SOLVER_DENSE, 0);
  g_autoptr(SwModes) lowest = modes_with (sys, SW_MODES_SOLVER_AUTO, 5);

  g_assert_cmpstr (sw_modes_get_damped_solver (fast), ==, "proportional damping (per mode)");
  g_assert_cmpstr (sw_modes_get_damped_solver (lowest), ==, "proportional damping (per mode)");
  g_assert_cmpstr (sw_modes_get_damped_solver (dense), ==, "state space (LAPACK dgeevx, balanced)");
  /* The rigid-body mode: s (s + a) = 0, a decay of a = 0.2 1/s. */
  g_assert_true (sw_modes_get_mode (fast, 0)->rigid_body);
  g_assert_true (sw_modes_get_mode (fast, 0)->overdamped);
  assert_rel (sw_modes_get_mode (fast, 0)->decay_rate_per_s, 0.2, 1e-9);
  assert_rel (sw_modes_get_mode (dense, 0)->decay_rate_per_s, 0.2, 1e-7);
  for (guint i = 1; i < 80; i++)
    {
      const SwMode *m = sw_modes_get_mode (fast, i);
      double w = m->omega_rad_s, zeta = (0.2 + 1e-5 * w * w) / (2 * w);

      g_assert_true (m->has_damped);
      g_assert_cmpfloat_with_epsilon (m->damping_ratio, zeta, 1e-9 * zeta);
    }
  assert_same_modes (fast, dense, 80);
  assert_same_modes (lowest, dense, 5);
}

/* ---- 6. Operating point ------------------------------------------------- */

/* First is linear: its modes are the same at any state. */
static void
test_operating_point_first (void)
{
  g_autoptr(SwModel) model = model_new_from_example ("first.shaft");
  g_autoptr(SwSystem) sys = assemble (model);
  g_autoptr(GError) error = NULL;
  g_autoptr(SwModes) at0 = modes_at (sys, 0, NULL);
  g_autoptr(SwModes) later = NULL;
  g_autofree double *state = NULL;
  SwSimulateOptions o = sw_simulate_options_from_system (sys);
  double moved = 0;

  o.stop_time_s = 0.5;
  state = sw_simulate_final_state (sys, &o, &error);
  g_assert_no_error (error);
  g_assert_nonnull (state);
  for (guint k = 0; k < sw_system_get_n_states (sys); k++)
    moved = MAX (moved, fabs (state[k]));
  g_assert_cmpfloat (moved, >, 1e-3);   /* the operating point is not the initial one */

  later = modes_at (sys, 0.5, state);
  g_assert_cmpfloat (sw_modes_get_time (later), ==, 0.5);
  check_first (at0);
  check_first (later);
  g_assert_cmpuint (sw_modes_get_n_modes (later), ==, sw_modes_get_n_modes (at0));
  g_assert_cmpuint (sw_modes_get_n_eigenvalues (later), ==, sw_modes_get_n_eigenvalues (at0));
  /* The engine linearises by finite differences (sw-linear.c, step
   * 1e-6 (1 + |x|)): away from x = 0 round-off gives the tangent stiffness
   * a relative error of order 1e-10 |x|, so "the same" is to 1e-7 here. */
  for (guint i = 0; i < sw_modes_get_n_modes (at0); i++)
    {
      const SwMode *a = sw_modes_get_mode (at0, i), *b = sw_modes_get_mode (later, i);
      double d_shape = 0, d_pe = 0;

      g_assert_cmpint (a->rigid_body, ==, b->rigid_body);
      g_test_message ("mode %u: omega %.17g at 0 s, %.17g at 0.5 s", i + 1, a->omega_rad_s, b->omega_rad_s);
      assert_rel (b->omega_rad_s, a->omega_rad_s, 1e-7);
      g_assert_cmpfloat_with_epsilon (b->decay_rate_per_s, a->decay_rate_per_s, 1e-7 * (1 + a->omega_rad_s));
      g_assert_cmpint (b->most_excitable_section, ==, a->most_excitable_section);
      for (guint k = 0; k < sw_modes_get_n_bodies (at0); k++)
        d_shape = MAX (d_shape, fabs (b->shape[k] - a->shape[k]));
      for (guint k = 0; k < sw_modes_get_n_sections (at0); k++)
        d_pe = MAX (d_pe, fabs (b->potential_energy_percent[k] - a->potential_energy_percent[k]));
      g_test_message ("mode %u: largest change of a shape entry %.3g, of a potential energy percent %.3g",
                      i + 1, d_shape, d_pe);
      g_assert_cmpfloat (d_shape, <=, 1e-7);
      g_assert_cmpfloat (d_pe, <=, 1e-5);
    }
  for (guint k = 0; k < sw_modes_get_n_eigenvalues (at0); k++)
    {
      double ra, ia, rb, ib;

      sw_modes_get_eigenvalue (at0, k, &ra, &ia);
      sw_modes_get_eigenvalue (later, k, &rb, &ib);
      g_test_message ("eigenvalue %u: %.17g %+.17gi at 0 s, %.17g %+.17gi at 0.5 s", k, ra, ia, rb, ib);
      g_assert_cmpfloat_with_epsilon (rb, ra, 1e-7 * (1 + hypot (ra, ia)));
      g_assert_cmpfloat_with_epsilon (ib, ia, 1e-7 * (1 + hypot (ra, ia)));
    }
}

/* ---- 7. The CLI's JSON -------------------------------------------------- */

static JsonObject *
member_object (JsonObject *o,
               const char *name)
{
  JsonNode *n = json_object_get_member (o, name);

  g_assert_nonnull (n);
  g_assert_cmpint (JSON_NODE_TYPE (n), ==, JSON_NODE_OBJECT);
  return json_node_get_object (n);
}

static double
member_number (JsonObject *o,
               const char *name)
{
  JsonNode *n = json_object_get_member (o, name);

  g_assert_nonnull (n);
  g_assert_cmpint (JSON_NODE_TYPE (n), ==, JSON_NODE_VALUE);
  return json_node_get_double (n);
}

static void
test_cli_json (void)
{
  static const char *const body[] = { "rotor", "hub1", "hub2", "load" };
  static const char *const section[] = { "shaft", "coupling", "load_shaft" };
  static const char *const most[] = { NULL, "coupling", "shaft", "load_shaft" };
  const char *builddir = g_getenv ("G_TEST_BUILDDIR");
  const char *root = g_getenv ("SW_SOURCE_ROOT");
  g_autofree char *cli = NULL;
  g_autofree char *path = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(SwModel) model = model_new_from_example ("fourbody.shaft");
  g_autoptr(SwModes) modes = modes_of_model (model);
  JsonObject *top;
  JsonArray *arr;
  int status = 0;

  if (builddir == NULL || root == NULL)
    {
      g_test_skip ("G_TEST_BUILDDIR or SW_SOURCE_ROOT is not set: run through meson test");
      return;
    }
  cli = g_build_filename (builddir, "..", "app", "shaftwork-cli", NULL);
  if (!g_file_test (cli, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip ("shaftwork-cli is not built");
      return;
    }
  path = g_build_filename (root, "data", "examples", "fourbody.shaft", NULL);
  {
    const char *argv[] = { cli, "modal", path, "--json", NULL };

    g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &error);
  }
  g_assert_no_error (error);
  g_spawn_check_wait_status (status, &error);
  g_assert_no_error (error);

  json_parser_load_from_data (parser, out, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (JSON_NODE_TYPE (json_parser_get_root (parser)), ==, JSON_NODE_OBJECT);
  top = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpstr (json_object_get_string_member (top, "model"), ==, "fourbody");
  g_assert_cmpfloat (member_number (top, "at_time"), ==, 0);
  arr = json_object_get_array_member (top, "modes");
  g_assert_nonnull (arr);
  g_assert_cmpuint (json_array_get_length (arr), ==, 4);
  for (guint i = 0; i < 4; i++)
    {
      JsonObject *m = json_array_get_object_element (arr, i);
      const SwMode *mode = sw_modes_get_mode (modes, i);
      JsonObject *shape, *kin, *pot;
      JsonNode *ex, *zeta;

      g_assert_nonnull (m);
      g_assert_cmpint (json_object_get_int_member (m, "index"), ==, i + 1);
      g_assert_cmpint (json_object_get_boolean_member (m, "rigid_body"), ==, i == 0);
      assert_rel (member_number (m, "frequency_hz"), mode->frequency_hz, 1e-12);
      assert_rel (member_number (m, "omega_rad_s"), mode->omega_rad_s, 1e-12);
      assert_rel (member_number (m, "frequency_hz"), member_number (m, "omega_rad_s") / (2 * G_PI), 1e-12);
      assert_rel (member_number (m, "damped_frequency_hz"), mode->frequency_hz, 1e-12);
      zeta = json_object_get_member (m, "damping_ratio");
      g_assert_nonnull (zeta);
      if (i == 0)
        g_assert_true (JSON_NODE_HOLDS_NULL (zeta));
      else
        g_assert_cmpfloat (json_node_get_double (zeta), ==, 0);

      shape = member_object (m, "shape");
      kin = member_object (m, "kinetic_energy_percent");
      pot = member_object (m, "potential_energy_percent");
      g_assert_cmpuint (json_object_get_size (shape), ==, 4);
      g_assert_cmpuint (json_object_get_size (kin), ==, 4);
      g_assert_cmpuint (json_object_get_size (pot), ==, 3);
      for (guint k = 0; k < 4; k++)
        {
          int b = body_index (modes, body[k]);

          g_assert_cmpfloat_with_epsilon (member_number (shape, body[k]), mode->shape[b], 1e-12);
          g_assert_cmpfloat_with_epsilon (member_number (kin, body[k]), mode->kinetic_energy_percent[b], 1e-10);
        }
      for (guint k = 0; k < 3; k++)
        g_assert_cmpfloat_with_epsilon (member_number (pot, section[k]),
                                        mode->potential_energy_percent[section_index (modes, section[k])], 1e-10);

      ex = json_object_get_member (m, "most_excitable_section");
      g_assert_nonnull (ex);
      if (most[i] == NULL)
        g_assert_true (JSON_NODE_HOLDS_NULL (ex));
      else
        g_assert_cmpstr (json_node_get_string (ex), ==, most[i]);
    }
}

/* ------------------------------------------------------------------------- */

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  sw_init ();

  g_test_add_func ("/core/modes/benchmark/two-inertia-shaft", test_benchmark_two_inertia);
  g_test_add_func ("/core/modes/benchmark/friswell-9-7-1-five-disks", test_benchmark_five_disks);
  g_test_add_func ("/core/modes/benchmark/friswell-geared-page-x", test_benchmark_geared_page_x);
  g_test_add_func ("/core/modes/benchmark/friswell-9-6-3-geared-shafts", test_benchmark_geared_shafts);
  g_test_add_func ("/core/modes/benchmark/uniform-fixed-free-chain", test_benchmark_fixed_free_chain);
  g_test_add_func ("/core/modes/benchmark/msl-first", test_benchmark_msl_first);
  g_test_add_func ("/core/modes/twinbuilder/a-two-bodies", test_twinbuilder_a);
  g_test_add_func ("/core/modes/twinbuilder/b-tie", test_twinbuilder_b_tie);
  g_test_add_func ("/core/modes/twinbuilder/b-tie-file-order", test_twinbuilder_b_tie_file_order);
  g_test_add_func ("/core/modes/twinbuilder/c-three-bodies", test_twinbuilder_c);
  g_test_add_func ("/core/modes/twinbuilder/d-fourbody", test_twinbuilder_d_fourbody);
  g_test_add_func ("/core/modes/closed-form/free-free-chain", test_closed_form_free_free_chain);
  g_test_add_func ("/core/modes/closed-form/gear", test_closed_form_gear);
  g_test_add_func ("/core/modes/closed-form/series-springs", test_closed_form_series_springs);
  g_test_add_func ("/core/modes/oracle/gear-two-dof", test_oracle_gear_two_dof);
  g_test_add_func ("/core/modes/oracle/branched", test_oracle_branched);
  g_test_add_func ("/core/modes/damped/backlash-spring-damper", test_damped_backlash_branch);
  g_test_add_func ("/core/modes/damped/none", test_damped_none);
  g_test_add_func ("/core/modes/damped/high-precision", test_damped_high_precision);
  g_test_add_func ("/core/modes/damped/overdamped", test_damped_overdamped);
  g_test_add_func ("/core/modes/solver/tridiagonal", test_solver_tridiagonal);
  g_test_add_func ("/core/modes/solver/banded", test_solver_banded);
  g_test_add_func ("/core/modes/solver/proportional", test_solver_proportional);
  g_test_add_func ("/core/modes/operating-point/first", test_operating_point_first);
  g_test_add_func ("/core/modes/cli/json", test_cli_json);

  return g_test_run ();
}
