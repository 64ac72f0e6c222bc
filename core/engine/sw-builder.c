/* sw-builder.c: what each part declares while a model is assembled (the
 * SwBuilder of sw-part.h): masses and mass couplings, constraint rows,
 * prescribed motions, time events, initial values and nominals. The
 * assembly (sw-system.c) reads them back from the builder's arrays.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-assembly-private.h"

#include <math.h>
#include <string.h>

void
sw_builder_add_mass (SwBuilder *b, const SwPart *part, guint node, double mass)
{
  SwBody body = { .part = part - b->system->parts, .n_nodes = 1, .nodes = { node }, .m_aa = mass };

  g_return_if_fail (node < b->system->n_nodes);
  b->system->mass[node] += mass;
  g_array_append_val (b->bodies, body);
}

void
sw_builder_add_mass_matrix (SwBuilder *b, const SwPart *part, guint node_a, guint node_b, double m_aa,
                            double m_ab, double m_bb)
{
  SwBody body = { .part = part - b->system->parts, .n_nodes = 2, .nodes = { node_a, node_b },
                  .m_aa = m_aa, .m_ab = m_ab, .m_bb = m_bb };
  SwMassCoupling coupling = { node_a, node_b, m_ab };

  g_return_if_fail (node_a < b->system->n_nodes && node_b < b->system->n_nodes);
  if (node_a == node_b)
    {
      /* Both ends on one node: the body moves as one. */
      sw_builder_add_mass (b, part, node_a, m_aa + 2 * m_ab + m_bb);
      return;
    }
  b->system->mass[node_a] += m_aa;
  b->system->mass[node_b] += m_bb;
  g_array_append_val (b->bodies, body);
  if (m_ab != 0)
    g_array_append_val (b->couplings, coupling);
}

void
_sw_system_apply_mass (const SwSystem *sys, const double *x, double *out)
{
  for (guint i = 0; i < sys->n_nodes; i++)
    out[i] = sys->mass[i] * x[i];
  for (guint k = 0; k < sys->n_couplings; k++)
    {
      const SwMassCoupling *c = &sys->couplings[k];
      out[c->a] += c->m * x[c->b];
      out[c->b] += c->m * x[c->a];
    }
}

void
sw_builder_add_constraint (SwBuilder    *b,
                           const SwPart *part,
                           guint         n,
                           const guint  *nodes,
                           const double *coeffs,
                           double        offset)
{
  RawRow row = { .part = part - b->system->parts, .n = n, .offset = offset, .driver = -1 };

  g_return_if_fail (n >= 1 && n <= 4);
  memcpy (row.nodes, nodes, n * sizeof (guint));
  memcpy (row.coeffs, coeffs, n * sizeof (double));
  g_array_append_val (b->rows, row);
}

void
sw_builder_add_motion (SwBuilder    *b,
                       const SwPart *part,
                       guint         node,
                       guint         support,
                       SwMotion      motion,
                       SwSignal     *signal)
{
  SwDriver driver = { .motion = motion, .signal = sw_signal_ref (signal),
                      .part = part - b->system->parts };
  guint nodes[2] = { node, support };
  double coeffs[2] = { 1, -1 };

  sw_builder_add_constraint (b, part, 2, nodes, coeffs, 0);
  g_array_index (b->rows, RawRow, b->rows->len - 1).driver = b->drivers->len;
  g_array_append_val (b->drivers, driver);
}

void
sw_builder_add_filtered_motion (SwBuilder    *b,
                                const SwPart *part,
                                guint         node,
                                guint         support,
                                SwMotion      motion,
                                SwSignal     *signal,
                                double        w_crit)
{
  g_return_if_fail (motion == SW_MOTION_FILTERED_POSITION || motion == SW_MOTION_FILTERED_SPEED);
  g_return_if_fail (w_crit > 0);

  sw_builder_add_motion (b, part, node, support, motion, signal);
  g_array_index (b->drivers, SwDriver, b->drivers->len - 1).w_crit = w_crit;
}

void
sw_builder_add_move (SwBuilder    *b,
                     const SwPart *part,
                     guint         node,
                     guint         support,
                     SwSignal     *position,
                     SwSignal     *speed,
                     SwSignal     *acceleration)
{
  SwDriver *d;

  sw_builder_add_motion (b, part, node, support, SW_MOTION_MOVE, position);
  d = &g_array_index (b->drivers, SwDriver, b->drivers->len - 1);
  d->speed = sw_signal_ref (speed);
  d->acceleration = sw_signal_ref (acceleration);
}

void
sw_builder_add_time_event (SwBuilder *b, double t)
{
  g_array_append_val (b->system->time_events, t);
}

/* An initial value that gives nothing (no position, speed nor
 * acceleration: a spring's relative start left out) is not kept: a
 * 100 000-body chain's springs' took 13 MB. more: what it has besides
 * (copied), or NULL. */
static void
add_initial (SwBuilder *b, Initial *init, const InitialMore *more)
{
  if (isnan (init->x0) && isnan (init->v0) && (more == NULL || !more->has_a0))
    return;
  if (more != NULL)
    {
      g_array_append_val (b->initial_more, *more);
      init->more = b->initial_more->len;
    }
  g_array_append_val (b->initials, *init);
}

void
sw_builder_set_initial (SwBuilder    *b,
                        const SwPart *part,
                        guint         node,
                        double        x0,
                        double        x0_shift,
                        double        v0)
{
  Initial init = { .part = part - b->system->parts, .node = node, .node_a = -1, .x0 = x0 + x0_shift,
                   .x0_shift = x0_shift, .v0 = v0 };

  add_initial (b, &init, NULL);
}

void
sw_builder_set_initial_named (SwBuilder    *b,
                              const SwPart *part,
                              guint         node,
                              double        x0,
                              double        v0,
                              const char   *x_name,
                              const char   *v_name)
{
  Initial init = { .part = part - b->system->parts, .node = node, .node_a = -1, .x0 = x0, .v0 = v0 };
  InitialMore more = { .names = { x_name, v_name } };

  add_initial (b, &init, &more);
}

void
sw_builder_set_nominal (SwBuilder    *b,
                        const SwPart *part,
                        guint         node,
                        double        x_nominal,
                        double        v_nominal)
{
  Nominal nominal = { .node = node, .x = x_nominal, .v = v_nominal };

  if (!isnan (x_nominal) || !isnan (v_nominal))
    g_array_append_val (b->nominals, nominal);
}

void
sw_builder_set_initial_acceleration (SwBuilder    *b,
                                     const SwPart *part,
                                     guint         node,
                                     double        a0,
                                     const char   *name)
{
  Initial init = { .part = part - b->system->parts, .node = node, .node_a = -1, .x0 = NAN, .v0 = NAN };
  InitialMore more = { .has_a0 = TRUE, .a0 = a0, .a_name = name };

  add_initial (b, &init, &more);
}

void
sw_builder_set_initial_combination (SwBuilder    *b,
                                    const SwPart *part,
                                    guint         n,
                                    const guint  *nodes,
                                    const double *coeffs,
                                    double        x,
                                    double        v,
                                    const char   *x_name,
                                    const char   *v_name)
{
  Initial init = { .part = part - b->system->parts, .node = nodes[0], .node_a = -1, .x0 = x, .v0 = v };
  InitialMore more = { .names = { x_name, v_name }, .n_comb = MIN (n, 3) };

  g_return_if_fail (n >= 1 && n <= 3);
  for (guint k = 0; k < more.n_comb; k++)
    {
      more.comb_node[k] = nodes[k];
      more.comb_coeff[k] = coeffs[k];
    }
  add_initial (b, &init, &more);
}

void
sw_builder_set_initial_relative_acceleration (SwBuilder    *b,
                                              const SwPart *part,
                                              guint         node_a,
                                              guint         node_b,
                                              double        a_rel,
                                              const char   *name)
{
  Initial init = { .part = part - b->system->parts, .node = node_b, .node_a = (int) node_a, .x0 = NAN, .v0 = NAN };
  InitialMore more = { .has_a0 = TRUE, .a0 = a_rel, .a_name = name };

  add_initial (b, &init, &more);
}

void
sw_builder_set_initial_relative (SwBuilder    *b,
                                 const SwPart *part,
                                 guint         node_a,
                                 guint         node_b,
                                 double        x_rel,
                                 double        v_rel,
                                 const char   *x_name,
                                 const char   *v_name)
{
  Initial init = { .part = part - b->system->parts, .node = node_b, .node_a = (int) node_a, .x0 = x_rel,
                   .v0 = v_rel };
  InitialMore more = { .names = { x_name, v_name } };

  add_initial (b, &init, &more);
}
