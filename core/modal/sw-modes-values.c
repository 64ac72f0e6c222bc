/* sw-modes-values.c: a mode's values per body and per section (shape,
 * kinetic and potential energy, their shares) and the numbers that come
 * from them (the most excitable section, the energy balance), from its
 * shape over the coordinates, in linear work.
 *
 * sw-modes.c makes them as it computes the modes, kept or not
 * (SwModesOptions.keep_values); sw_modes_get_mode_values() makes them
 * again for one mode; with SwModesOptions.scalars_with_values the modes
 * leave them all to sw_modes_get_mode_with_values(), which makes each
 * mode's once (modal --json: a fifth of its time was the energies of every
 * mode twice; issue 24).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-modes-private.h"

#include <math.h>
#include <string.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define HAVE_AVX2 1
#include <immintrin.h>
#endif

/* out[k] = (in[k] * mul) / div (in place too): a product and a quotient,
 * correctly rounded however many lanes make them, so the same bits four at
 * a time where the processor has AVX2; the build's baseline (SSE2) divides
 * two at a time, and `modal --json` of a chain of 1 000 makes 3 million
 * quotients (1 ms less; issue 24). */
#ifdef HAVE_AVX2
__attribute__ ((target ("avx2"))) static void
scale_divide_avx2 (double *out, const double *in, double mul, double div, guint n)
{
  __m256d m = _mm256_set1_pd (mul), d = _mm256_set1_pd (div);
  guint k = 0;

  for (; k + 4 <= n; k += 4)
    _mm256_storeu_pd (out + k, _mm256_div_pd (_mm256_mul_pd (_mm256_loadu_pd (in + k), m), d));
  for (; k < n; k++)
    out[k] = (in[k] * mul) / div;
}
#endif

static void
scale_divide (double *out, const double *in, double mul, double div, guint n)
{
#ifdef HAVE_AVX2
  if (__builtin_cpu_supports ("avx2"))
    {
      scale_divide_avx2 (out, in, mul, div, n);
      return;
    }
#endif
  for (guint k = 0; k < n; k++)
    out[k] = (in[k] * mul) / div;
}

void
_sw_modes_node_shape (const SwModes *modes, guint i, double *node_shape)
{
  const SwSystem *sys = modes->system;
  const double *coord = modes->coord_shapes + (gsize) i * modes->n_coords;

  if (modes->node_coord != NULL)
    {
      /* The sum below of its one term: 0 + 1 x (-0 becomes +0, as there). */
      for (guint n = 0; n < sys->n_nodes; n++)
        node_shape[n] = 0.0 + coord[modes->node_coord[n]];
      return;
    }
  for (guint n = 0; n < sys->n_nodes; n++)
    {
      double sum = 0;

      for (guint k = sys->t_start[n]; k < sys->t_start[n + 1]; k++)
        sum += sys->t_terms[k].coeff * coord[sys->t_terms[k].index];
      node_shape[n] = sum;
    }
}

/* Each value's percent of sum (none when sum is not > 0), into share when
 * it is not NULL. */
static void
shares (double *share, const double *value, guint n, double sum)
{
  if (share == NULL)
    return;
  if (sum > 0)
    scale_divide (share, value, 100, sum, n);
  else
    memset (share, 0, n * sizeof (double));
}

/* Section s's potential energy over the nodes (twice it). */
static inline double
section_energy (const SwModes *modes, guint s, const double *node_shape)
{
  const double *k = modes->sec_k + s * SW_KIND_MAX_PORTS * SW_KIND_MAX_PORTS;
  const guint *nodes = modes->sec_nodes + s * SW_KIND_MAX_PORTS;
  guint n = modes->sec_n[s];
  double e = 0;

  if (n == 2) /* two nodes (most sections): the loop below written out */
    {
      double a = node_shape[nodes[0]], b = node_shape[nodes[1]];
      e += a * k[0] * a, e += a * k[1] * b, e += b * k[2] * a, e += b * k[3] * b;
    }
  else
    for (guint r = 0; r < n; r++)
      for (guint c = 0; c < n; c++)
        e += node_shape[nodes[r]] * k[r * n + c] * node_shape[nodes[c]];
  return e;
}

void
_sw_modes_values (const SwModes *modes, guint i, const double *node_shape, double *shape, double *shape_mn,
                  double *ke, double *kep, double *pe, double *pep, SwMode *scalars)
{
  const SwSystem *sys = modes->system;
  const SwMode *mode = &modes->modes[i];
  double lambda = modes->lambda[i], ke_sum = 0, pe_sum = 0, best = -1, peak = 0;
  guint nb = modes->n_bodies, ns = modes->n_sections;
  double *value = shape != NULL ? shape : shape_mn;
  double ke_scale = 0.5 * (mode->rigid_body ? 1 : lambda);
  gboolean rigid = mode->rigid_body;

  /* Largest body entry becomes +1; each body's value and kinetic energy,
   * and each section's potential energy, in one pass (a rigid-body mode
   * has no energy: then ke shows how its motion is shared). The values
   * wait in shape (or shape_mn) to be scaled. Bodies and sections side by
   * side: the two sums' chains of additions overlap (each adds in its own
   * order, the same bits). */
  for (guint j = 0; j < MAX (nb, ns); j++)
    {
      if (j < nb)
        {
          double x = _sw_body_value (&sys->bodies[j], node_shape);

          if (fabs (x) > fabs (peak))
            peak = x;
          if (value != NULL)
            value[j] = x;
          ke[j] = ke_scale * _sw_body_quadratic (&sys->bodies[j], node_shape);
          ke_sum += ke[j];
        }
      if (j < ns)
        {
          double e = section_energy (modes, j, node_shape);

          pe[j] = rigid ? 0 : 0.5 * e;
          pe_sum += pe[j];
        }
    }
  /* Loops of one simple statement each, their conditions outside:
   * the compiler divides two or four at a time (the same bits). */
  if (value != NULL)
    {
      double sign = peak < 0 ? -1 : 1, scale = fabs (peak);

      if (shape_mn != NULL)
        for (guint b = 0; b < nb; b++)
          shape_mn[b] = value[b] * sign;
      if (shape != NULL && peak != 0)
        scale_divide (shape, value, sign, scale, nb);
      else if (shape != NULL)
        memset (shape, 0, nb * sizeof (double));
    }
  shares (kep, ke, nb, ke_sum);
  shares (pep, pe, ns, pe_sum);
  if (scalars != NULL)
    {
      /* The bounds of a tie with the best so far, made when it changes. */
      double above = best * (1 + 1e-9), below = best * (1 - 1e-9);

      scalars->most_excitable_section = -1;
      for (guint s = 0; s < ns && !mode->rigid_body; s++)
        {
          if (pe[s] > above)
            {
              best = pe[s];
              above = best * (1 + 1e-9), below = best * (1 - 1e-9);
              scalars->most_excitable_section = s;
              scalars->most_excitable_is_tie = FALSE;
            }
          else if (pe[s] >= below && pe[s] > 0)
            {
              /* A tie goes to the section first in the file. */
              if (modes->system->parts[modes->section_part[s]].component
                  < modes->system->parts[modes->section_part[scalars->most_excitable_section]].component)
                scalars->most_excitable_section = s;
              scalars->most_excitable_is_tie = TRUE;
            }
        }
      scalars->energy_balance_error = mode->rigid_body || ke_sum == 0 ? 0 : fabs (ke_sum - pe_sum) / ke_sum;
    }
  if (mode->rigid_body)
    for (guint b = 0; b < nb; b++)
      ke[b] = 0;
}

void
sw_modes_get_mode_values (const SwModes *m, guint index, double *shape, double *shape_mass_normalised,
                          double *kinetic_energy, double *kinetic_energy_percent, double *potential_energy,
                          double *potential_energy_percent)
{
  g_autofree double *node_shape = NULL;
  g_autofree double *ke = NULL;
  g_autofree double *pe = NULL;

  g_return_if_fail (index < m->n_modes);
  node_shape = g_new (double, MAX (m->system->n_nodes, 1));
  if (kinetic_energy == NULL)
    kinetic_energy = ke = g_new (double, MAX (m->n_bodies, 1));
  if (potential_energy == NULL)
    potential_energy = pe = g_new (double, MAX (m->n_sections, 1));
  _sw_modes_node_shape (m, index, node_shape);
  _sw_modes_values (m, index, node_shape, shape, shape_mass_normalised, kinetic_energy, kinetic_energy_percent,
                    potential_energy, potential_energy_percent, NULL);
}

void
sw_modes_get_mode_with_values (const SwModes *m, guint index, SwMode *mode, double *shape,
                               double *shape_mass_normalised, double *kinetic_energy,
                               double *kinetic_energy_percent, double *potential_energy,
                               double *potential_energy_percent)
{
  g_autofree double *node_shape = NULL;
  g_autofree double *ke = NULL;
  g_autofree double *pe = NULL;

  g_return_if_fail (index < m->n_modes);
  g_return_if_fail (mode != NULL);
  *mode = m->modes[index];
  /* Kept: copied, with the numbers computed with the modes. */
  if (mode->shape != NULL)
    {
      gsize body = m->n_bodies * sizeof (double), section = m->n_sections * sizeof (double);

      if (shape != NULL)
        memcpy (shape, mode->shape, body);
      if (shape_mass_normalised != NULL)
        memcpy (shape_mass_normalised, mode->shape_mass_normalised, body);
      if (kinetic_energy != NULL)
        memcpy (kinetic_energy, mode->kinetic_energy, body);
      if (kinetic_energy_percent != NULL)
        memcpy (kinetic_energy_percent, mode->kinetic_energy_percent, body);
      if (potential_energy != NULL)
        memcpy (potential_energy, mode->potential_energy, section);
      if (potential_energy_percent != NULL)
        memcpy (potential_energy_percent, mode->potential_energy_percent, section);
      return;
    }
  node_shape = g_new (double, MAX (m->system->n_nodes, 1));
  if (kinetic_energy == NULL)
    kinetic_energy = ke = g_new (double, MAX (m->n_bodies, 1));
  if (potential_energy == NULL)
    potential_energy = pe = g_new (double, MAX (m->n_sections, 1));
  _sw_modes_node_shape (m, index, node_shape);
  _sw_modes_values (m, index, node_shape, shape, shape_mass_normalised, kinetic_energy, kinetic_energy_percent,
                    potential_energy, potential_energy_percent, mode);
}
