/* sw-port-variables.c: every port's position and cut torque or force as
 * variables, with Modelica's names and signs: flange_a.phi (rotational) or
 * flange_a.s (translational), and flange_a.tau or flange_a.f, the torque or
 * force acting on the component through that flange.
 *
 * A part's variable index v counts its kind's variables first, then two
 * per port: 2 k (position of port k) and 2 k + 1 (its cut torque); after
 * those, 2 n_ports + k, port k's speed (flange_a.w, flange_a.v): asked for by
 * name (a formula's der(flange_a.phi)), not listed. A name
 * the kind has already (a body's flange_a.tau) stays the kind's; the port's
 * own is hidden.
 *
 * The cut torque at port k on node n is minus what the part exerts on n:
 * its forces there, its constraint rows' multipliers (coefficient times
 * lambda) and its inertia (-M a over its bodies). The nodes' equations of
 * motion say these sum to zero over the ports on a node. A support pinned
 * to the ground because it is not connected takes the ground's reaction
 * (its pin row is not the part's). Two ports of one part on one node share
 * a value: the first carries it, the others read 0.
 *
 * Made for output rows only (they need the reactions): never per step.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-system-private.h"

#include <string.h>

guint
_sw_part_n_variables (const SwPart *p)
{
  return p->kind->n_vars + 2 * p->kind->n_ports;
}

guint
_sw_part_n_named_variables (const SwPart *p)
{
  return p->kind->n_vars + 3 * p->kind->n_ports;
}

/* The port variable's name, written into buf (at least 64 bytes). */
static const char *
port_name (const SwPart *p, guint v, char *buf, gsize size)
{
  return sw_kind_port_variable (p->kind, v - p->kind->n_vars, buf, size, NULL);
}

gboolean
_sw_part_variable_hidden (const SwPart *p, guint v)
{
  char buf[64];

  return v >= p->kind->n_vars && sw_kind_find_var (p->kind, port_name (p, v, buf, sizeof buf)) >= 0;
}

char *
_sw_part_dup_variable_name (const SwPart *p, guint v)
{
  char buf[64];

  g_return_val_if_fail (v < _sw_part_n_named_variables (p), NULL);
  return g_strdup (v < p->kind->n_vars ? p->kind->vars[v].name : port_name (p, v, buf, sizeof buf));
}

const char *
_sw_part_variable_unit (const SwPart *p, guint v)
{
  const char *unit;
  char buf[64];

  g_return_val_if_fail (v < _sw_part_n_named_variables (p), NULL);
  if (v < p->kind->n_vars)
    return p->kind->vars[v].unit;
  sw_kind_port_variable (p->kind, v - p->kind->n_vars, buf, sizeof buf, &unit);
  return unit;
}

int
_sw_part_find_variable (const SwPart *p, const char *name)
{
  int v = sw_kind_find_var (p->kind, name);
  char buf[64];

  if (v >= 0)
    return v;
  for (guint w = p->kind->n_vars; w < _sw_part_n_named_variables (p); w++)
    if (strcmp (port_name (p, w, buf, sizeof buf), name) == 0)
      return (int) w;
  return -1;
}

gboolean
_sw_part_variable_is_state (const SwPart *p, guint v)
{
  if (v < p->kind->n_vars)
    return (p->kind->state_vars & (1u << v)) != 0;
  return v >= p->kind->n_vars + 2 * p->kind->n_ports || (v - p->kind->n_vars) % 2 == 0;
}

/* What the part exerts on node (see the top), f a scratch array of zeros
 * over the nodes, left zero. */
static double
exerted (const SwSystem *sys, const SwPart *p, guint node, const SwState *state, double *f)
{
  double sum = 0;
  guint part = p - sys->parts;

  if (p->kind->forces != NULL)
    {
      p->kind->forces (p, state, f);
      sum += f[node];
      for (guint k = 0; k < sw_part_n_nodes (p); k++)
        f[p->node[k]] = 0;
    }
  for (guint r = p->first_row; r < p->first_row + p->n_rows; r++)
    for (guint k = 0; k < sys->rows[r].n; k++)
      if (sys->rows[r].nodes[k] == node)
        sum += sys->rows[r].coeffs[k] * state->lambda[r];
  for (guint b = 0; b < sys->n_bodies; b++)
    {
      const SwBody *body = &sys->bodies[b];

      if (body->part != part)
        continue;
      if (body->n_nodes == 1)
        sum -= body->nodes[0] == node ? body->m_aa * state->a[node] : 0;
      else if (body->nodes[0] == node)
        sum -= body->m_aa * state->a[node] + body->m_ab * state->a[body->nodes[1]];
      else if (body->nodes[1] == node)
        sum -= body->m_ab * state->a[body->nodes[0]] + body->m_bb * state->a[node];
    }
  return sum;
}

double
_sw_part_port_value (const SwSystem *sys, const SwPart *p, guint v, const SwState *state, double *f)
{
  guint k = v - p->kind->n_vars, port = k / 2, node;

  if (k >= 2 * p->kind->n_ports)
    return state->v[p->node[k - 2 * p->kind->n_ports]];
  node = p->node[port];
  if (k % 2 == 0)
    return state->x[node];
  /* An earlier port of the part on the same node carries the value. */
  for (guint q = 0; q < port; q++)
    if (p->node[q] == node)
      return 0;
  return -exerted (sys, p, node, state, f);
}
