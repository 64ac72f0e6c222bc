/* sw-system.c: from a model to the assembled, reduced equations.
 *
 * 1. Ports joined by connections become nodes (union-find); an unconnected
 *    support becomes a node pinned to ground.
 * 2. Each part declares masses, constraint rows and prescribed motions
 *    (the builder, sw-builder.c).
 * 3. The rows are eliminated one by one (sparse Gauss with a pivot in the
 *    smallest group), leaving every node coordinate affine in independent
 *    coordinates q and the prescribed motions: x = T q + P p(t) + c. A row
 *    whose coordinates cancel is redundant or a contradiction.
 * 4. Coordinates are classed (massive, first order, algebraic) and grouped
 *    into the small dense blocks the solver factors once.
 * 5. Initial values propagate through T.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-assembly-private.h"
#include "sw-subsystem-private.h"
#include "sw-model-private.h"
#include "sw-friction-private.h"
#include "sw-equations-private.h"
#include "sw-expression-private.h"
#include "sw-zeros-private.h"
#include "sw-band-order-private.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>
#include "sw-error.h"

/* ---- A part's signals -------------------------------------------------- */

/* The sensor outputs param's signal reads, in its leaves' order, into in. */
static void
part_inputs (const SwPart *part, guint param, const SwState *state, double *in)
{
  guint n = 0;

  for (guint k = 0; k < part->n_inputs; k++)
    {
      const SwPartInput *input = &part->input[k];
      const double *u = input->speed ? state->v : state->x;

      if (input->param != param)
        continue;
      in[n++] = u[part->node[input->slot_b]]
                - (input->slot_a != SW_PART_NO_SLOT ? u[part->node[input->slot_a]] : 0);
    }
}

double
sw_part_signal (const SwPart *part, guint param, const SwState *state, double *d1, double *d2)
{
  double in[SW_PART_MAX_INPUTS];

  if (part->n_inputs == 0)
    return sw_signal_eval (part->signal[param], state->t, state->left, d1, d2);
  part_inputs (part, param, state, in);
  return sw_signal_eval_inputs (part->signal[param], state->t, state->left, in, d1, d2);
}

gboolean
sw_part_signal_in_range (const SwPart *part, guint param, const SwState *state, double *x, double *lo, double *hi)
{
  double in[SW_PART_MAX_INPUTS];

  part_inputs (part, param, state, in);
  return sw_signal_check_range (part->signal[param], state->t, state->left, part->n_inputs > 0 ? in : NULL, x, lo, hi);
}

/* ---- Small helpers ------------------------------------------------------ */

guint
_sw_uf_find (guint *parent, guint i)
{
  while (parent[i] != i)
    {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
  return i;
}

void
_sw_uf_union (guint *parent, guint a, guint b)
{
  a = _sw_uf_find (parent, a);
  b = _sw_uf_find (parent, b);
  if (a != b)
    parent[MAX (a, b)] = MIN (a, b);
}



/* "inertia1.flange_b, spring.flange_a" */
char *
_sw_assembly_describe_node (SwAssembly *ctx, guint node)
{
  GString *s = g_string_new (NULL);

  for (guint k = ctx->node_port_start[node]; k < ctx->node_port_start[node + 1]; k++)
    {
      guint gp = ctx->node_ports[k];
      guint part = 0;

      while (part + 1 < ctx->system->n_parts && ctx->port_base[part + 1] <= gp)
        part++;
      if (s->len > 0)
        g_string_append (s, ", ");
      if (gp - ctx->port_base[part] < ctx->system->parts[part].kind->n_ports)
        g_string_append_printf (s, "%s.%s", ctx->system->parts[part].id,
                                ctx->system->parts[part].kind->ports[gp - ctx->port_base[part]].name);
      else
        /* TRANSLATORS: an internal node of a component, named by its id. */
        g_string_append_printf (s, _("inside %s"), ctx->system->parts[part].id);
    }
  return g_string_free (s, FALSE);
}

/* "FILE:LINE:COL: " of a component, as sw_model_dup_location() gives it,
 * also once the model has given up its components. */
char *
_sw_assembly_dup_location (SwAssembly *ctx, guint component)
{
  const guint *at = ctx->locations != NULL ? &ctx->locations[2 * component] : NULL;

  if (at == NULL)
    return sw_model_dup_location (ctx->model, component);
  if (at[0] == 0)
    return g_strdup_printf ("%s: ", sw_model_get_display_name (ctx->model));
  return g_strdup_printf ("%s:%u:%u: ", sw_model_get_display_name (ctx->model), at[0], at[1]);
}

void
_sw_assembly_set_error (SwAssembly *ctx, GError **error, SwErrorCode code, guint part, const char *message)
{
  g_autofree char *loc = ctx->model != NULL ? _sw_assembly_dup_location (ctx, ctx->system->parts[part].component)
                                             : g_strdup_printf ("%s: ", ctx->system->name != NULL
                                                                        ? ctx->system->name : _("the model"));

  g_set_error (error, SW_ERROR, code, "%serror: %s", loc, message);
}

/* ---- Assembly ----------------------------------------------------------- */

/* The coordinates in Cuthill-McKee order over the parts that join them
 * (each part's coordinates in a path): a chain's along the chain, whatever
 * the order of its components' ids (J0, J1, J10, J100, J1000, J1001 …
 * split a 10 000-body chain into 901 runs of flat elements and 1 898
 * scattered ones; in order it is one run, streamed once an evaluation). */
static gboolean
coords_in_band_order (const SwSystem *sys, guint *order)
{
  guint n = sys->n_coords, n_edges = 0;
  g_autofree guint *start = g_new0 (guint, n + 1);
  g_autofree guint *fill = NULL, *adj = NULL, *roots = g_new (guint, MAX (n, 1));
  g_autofree guint *last = g_new (guint, sys->n_parts > 0 ? sys->n_parts : 1);

  /* Each part's coordinates joined in a path: its pairs (a, b) counted,
   * then listed both ways. */
  for (int pass = 0; pass < 2; pass++)
    {
      for (guint k = 0; k < sys->n_parts; k++)
        {
          const SwPart *p = &sys->parts[k];
          guint prev = G_MAXUINT;

          for (guint port = 0; port < sw_part_n_nodes (p); port++)
            for (guint t = sys->t_start[p->node[port]]; t < sys->t_start[p->node[port] + 1]; t++)
              {
                guint j = sys->t_terms[t].index;

                if (prev != G_MAXUINT && j != prev)
                  {
                    if (pass == 0)
                      start[j + 1]++, start[prev + 1]++, n_edges += 2;
                    else
                      adj[fill[j]++] = prev, adj[fill[prev]++] = j;
                  }
                prev = j;
              }
        }
      if (pass == 0)
        {
          for (guint j = 0; j < n; j++)
            start[j + 1] += start[j];
          fill = g_memdup2 (start, (n + 1) * sizeof (guint));
          adj = g_new (guint, MAX (n_edges, 1));
        }
    }
  for (guint j = 0; j < n; j++)
    roots[j] = j;
  _sw_band_sort_by_degree (start, roots, n);
  _sw_band_order (n, start, adj, roots, n, FALSE, FALSE, NULL, 0, order);
  /* Taken only when it joins more neighbours than the order of the ids
   * (a model whose ids already follow its shafts keeps its numbering). */
  {
    g_autofree guint *at = g_new (guint, MAX (n, 1));
    guint64 old_next = 0, new_next = 0;

    for (guint k = 0; k < n; k++)
      at[order[k]] = k;
    for (guint j = 0; j < n; j++)
      for (guint e = start[j]; e < start[j + 1]; e++)
        {
          old_next += adj[e] == j + 1;
          new_next += at[adj[e]] == at[j] + 1;
        }
    return new_next > old_next;
  }
}

/* Coordinates renumbered by class, massive first, then first order, then
 * algebraic (all massive: in coords_in_band_order() where that joins more
 * neighbours; else each class in its old order): the states
 * are then the massive coordinates in order, and an evaluation copies them
 * as they are. */
static void
renumber_coords (SwSystem *sys, guint n_massive, guint n_first)
{
  guint n = sys->n_coords, next[3] = { 0, n_massive, n_massive + n_first };
  g_autofree guint *new_index = g_new (guint, MAX (n, 1));
  g_autofree guint *order = g_new (guint, MAX (n, 1));
  g_autofree SwCoordClass *cls = g_memdup2 (sys->coord_class, MAX (n, 1) * sizeof (SwCoordClass));
  g_autofree guint *c_start = g_memdup2 (sys->c_start, (n + 1) * sizeof (guint));
  g_autofree SwTerm *c_terms = g_memdup2 (sys->c_terms, MAX (c_start[n], 1) * sizeof (SwTerm));
  guint nnz = 0;

  /* (Only where every coordinate is massive, the plan of flat runs'
   * (sw-system-blocks.c): elsewhere the ids' order is kept, which the
   * friction's decisions and the massless sections' follow.) */
  sys->coords_band_ordered = n_massive == n && coords_in_band_order (sys, order);
  if (!sys->coords_band_ordered)
    for (guint j = 0; j < n; j++)
      order[j] = j;
  for (guint k = 0; k < n; k++)
    new_index[order[k]] = next[cls[order[k]]]++;
  for (guint k = 0; k < sys->t_start[sys->n_nodes]; k++)
    sys->t_terms[k].index = new_index[sys->t_terms[k].index];
  for (guint j = 0; j < n; j++)
    sys->coord_class[new_index[j]] = cls[j];
  /* Columns in the new order: the old column j becomes new_index[j]. */
  {
    g_autofree guint *old_of = g_new (guint, MAX (n, 1));

    for (guint j = 0; j < n; j++)
      old_of[new_index[j]] = j;
    for (guint j = 0; j < n; j++)
      {
        guint o = old_of[j];

        sys->c_start[j] = nnz;
        for (guint c = c_start[o]; c < c_start[o + 1]; c++)
          sys->c_terms[nnz++] = c_terms[c];
      }
    sys->c_start[n] = nnz;
  }
}

static gboolean
classify_coords (SwAssembly *ctx, GError **error)
{
  SwSystem *sys = ctx->system;
  g_autofree guint *flags = g_new0 (guint, sys->n_coords);
  g_autofree double *m = g_new0 (double, sys->n_coords);
  g_autofree int *forcer = g_new (int, sys->n_coords);
  guint n_massive = 0, n_first = 0, n_alg = 0;

  for (guint j = 0; j < sys->n_coords; j++)
    forcer[j] = -1;
  for (guint i = 0; i < sys->n_nodes; i++)
    for (guint t = sys->t_start[i]; t < sys->t_start[i + 1]; t++)
      m[sys->t_terms[t].index] += sys->mass[i] * sys->t_terms[t].coeff * sys->t_terms[t].coeff;
  for (guint k = 0; k < sys->n_couplings; k++)
    {
      const SwMassCoupling *c = &sys->couplings[k];

      for (guint ta = sys->t_start[c->a]; ta < sys->t_start[c->a + 1]; ta++)
        for (guint tb = sys->t_start[c->b]; tb < sys->t_start[c->b + 1]; tb++)
          if (sys->t_terms[ta].index == sys->t_terms[tb].index)
            m[sys->t_terms[ta].index] += 2 * c->m * sys->t_terms[ta].coeff * sys->t_terms[tb].coeff;
    }
  for (guint fp = 0; fp < sys->n_force_parts; fp++)
    {
      const SwPart *p = &sys->parts[sys->force_parts[fp]];

      for (guint port = 0; port < sw_part_n_nodes (p); port++)
        for (guint t = sys->t_start[p->node[port]]; t < sys->t_start[p->node[port] + 1]; t++)
          {
            guint j = sys->t_terms[t].index;
            flags[j] |= p->force_flags;
            if (forcer[j] < 0)
              forcer[j] = sys->force_parts[fp];
          }
    }

  sys->coord_class = g_new (SwCoordClass, MAX (sys->n_coords, 1));
  sys->coord_state = g_new (guint, MAX (sys->n_coords, 1));
  for (guint j = 0; j < sys->n_coords; j++)
    {
      if (m[j] > 0)
        sys->coord_class[j] = SW_COORD_MASSIVE;
      else if (flags[j] & SW_FORCE_DAMPING)
        sys->coord_class[j] = SW_COORD_FIRST_ORDER;
      else if (flags[j] & SW_FORCE_STIFFNESS)
        sys->coord_class[j] = SW_COORD_ALGEBRAIC;
      else
        {
          guint node = sys->c_terms[sys->c_start[j]].index;
          g_autofree char *where = _sw_assembly_describe_node (ctx, node);
          g_autofree char *msg = NULL;

          if (forcer[j] >= 0)
            msg = g_strdup_printf (_("component “%s” has no inertia to accelerate: the shaft at %s has no "
                                     "inertia, stiffness or damping; connect it to an inertia or mass"),
                                   sys->parts[forcer[j]].id, where);
          else
            msg = g_strdup_printf (_("nothing determines the motion of the shaft at %s: it has no inertia, "
                                     "stiffness or damping; connect it to an inertia, a spring or a ground"),
                                   where);
          {
            guint gp = ctx->node_ports[ctx->node_port_start[node]];
            guint part = forcer[j] >= 0 ? (guint) forcer[j] : 0;

            if (forcer[j] < 0)
              while (part + 1 < sys->n_parts && ctx->port_base[part + 1] <= gp)
                part++;
            _sw_assembly_set_error (ctx, error, SW_ERROR_SINGULAR, part, msg);
          }
          return FALSE;
        }
    }
  for (guint j = 0; j < sys->n_coords; j++)
    switch (sys->coord_class[j])
      {
      case SW_COORD_MASSIVE: n_massive++; break;
      case SW_COORD_FIRST_ORDER: n_first++; break;
      case SW_COORD_ALGEBRAIC: n_alg++; break;
      }
  renumber_coords (sys, n_massive, n_first);
  /* Coordinate j is in state slot j (massive: velocity j + n_massive), or
   * after the velocities (first order). */
  for (guint j = 0; j < sys->n_coords; j++)
    sys->coord_state[j] = j < n_massive ? j : j < n_massive + n_first ? j + n_massive : j - n_massive - n_first;
  sys->n_massive = n_massive;
  sys->n_first_order = n_first;
  sys->n_algebraic = n_alg;
  sys->n_states = 2 * n_massive + n_first;
  for (guint k = 0; k < sys->n_drivers; k++)
    {
      SwDriver *d = &sys->drivers[k];

      d->state = sys->n_states;
      sys->n_states += _sw_driver_n_states (d);
    }
  return TRUE;
}

/* The nodes' nominal positions and speeds onto the states: a node
 * x = sum_j k_j q_j + ... (n terms) gives each of its coordinates the
 * nominal x / (n |k_j|), so that errors within the coordinates' nominals
 * keep the node's within its own; the smallest of those a state gets. A
 * velocity is a state of a massive coordinate only. */
static void
state_nominals (SwSystem *sys, GArray *nominals)
{
  /* Pages only where a nominal is given (sw-zeros-private.h). */
  sys->nominal = _sw_zeros (double, MAX (sys->n_states, 1));
  for (guint k = 0; k < nominals->len; k++)
    {
      const Nominal *nm = &g_array_index (nominals, Nominal, k);
      guint n = sys->t_start[nm->node + 1] - sys->t_start[nm->node];

      for (guint t = sys->t_start[nm->node]; t < sys->t_start[nm->node + 1]; t++)
        {
          guint j = sys->t_terms[t].index;
          double weight = n * fabs (sys->t_terms[t].coeff);
          double values[2] = { nm->x / weight, nm->v / weight };
          guint slots[2] = { sys->coord_state[j], sys->coord_state[j] + sys->n_massive };

          if (sys->coord_class[j] == SW_COORD_ALGEBRAIC || !(weight > 0))
            continue;
          for (guint w = 0; w < (sys->coord_class[j] == SW_COORD_MASSIVE ? 2u : 1u); w++)
            if (values[w] > 0 && (sys->nominal[slots[w]] == 0 || values[w] < sys->nominal[slots[w]]))
              sys->nominal[slots[w]] = values[w];
        }
    }
}

/* Per node, its ports (ctx->node_port_start, ctx->node_ports) from
 * ctx->port_node, in increasing order. */
static void
index_node_ports (SwAssembly *ctx, guint n_ports)
{
  guint n_nodes = ctx->system->n_nodes;
  guint *start = g_new0 (guint, n_nodes + 2);
  guint *ports = g_new (guint, MAX (n_ports, 1));

  for (guint p = 0; p < n_ports; p++)
    start[ctx->port_node[p] + 2]++;
  for (guint n = 0; n < n_nodes; n++)
    start[n + 2] += start[n + 1];
  /* start[n + 1] is now where node n's ports begin: filled in order. */
  for (guint p = 0; p < n_ports; p++)
    ports[start[ctx->port_node[p] + 1]++] = p;
  ctx->node_port_start = start;
  ctx->node_ports = ports;
}

/* Nodes from connections; unconnected supports stay alone. */
static void
build_nodes (SwAssembly *ctx)
{
  SwSystem *sys = ctx->system;
  SwModel *model = ctx->model;
  guint n_ports = ctx->port_base[sys->n_parts];
  guint *parent = g_new (guint, MAX (n_ports, 1));

  for (guint p = 0; p < n_ports; p++)
    parent[p] = p;
  for (guint c = 0; c < sw_model_get_n_connections (model); c++)
    {
      const SwConnection *conn = sw_model_get_connection (model, c);

      _sw_uf_union (parent, ctx->port_base[sys->model_order[conn->from_component]] + conn->from_port,
                    ctx->port_base[sys->model_order[conn->to_component]] + conn->to_port);
    }
  /* Each port straight to its root, its set's smallest port
   * (_sw_uf_union); then in place, in the order of the ports, a root's
   * entry becomes its node (numbered in the order of their first ports)
   * and every other port's the node of its root, numbered before it: no
   * second array of the ports. */
  for (guint p = 0; p < n_ports; p++)
    parent[p] = _sw_uf_find (parent, p);
  sys->n_nodes = 0;
  for (guint p = 0; p < n_ports; p++)
    parent[p] = parent[p] == p ? sys->n_nodes++ : parent[parent[p]];
  ctx->port_node = parent;
  index_node_ports (ctx, n_ports);
  /* Pages as the masses are added (sw-zeros-private.h). */
  sys->mass = _sw_zeros (double, MAX (sys->n_nodes, 1));
}

/* Per node, the global ports on it, from the parts' nodes (a system built
 * from another's parts has no connections to read). */
static void
nodes_from_parts (SwAssembly *ctx)
{
  SwSystem *sys = ctx->system;

  ctx->port_base = g_new (guint, sys->n_parts + 1);
  ctx->port_base[0] = 0;
  for (guint i = 0; i < sys->n_parts; i++)
    ctx->port_base[i + 1] = ctx->port_base[i] + sw_kind_n_nodes (sys->parts[i].kind);
  ctx->port_node = g_new (guint, MAX (ctx->port_base[sys->n_parts], 1));
  for (guint i = 0; i < sys->n_parts; i++)
    for (guint port = 0; port < sw_kind_n_nodes (sys->parts[i].kind); port++)
      ctx->port_node[ctx->port_base[i] + port] = sys->parts[i].node[port];
  index_node_ports (ctx, ctx->port_base[sys->n_parts]);
}

/* The equations of parts whose nodes are known: the parts' rows, masses
 * and motions (with a lock row for each part locked[i] is not NAN for),
 * lone supports pinned, the elimination, classes, blocks and the plan.
 * with_initial: the initial state from the parameters, checked by one
 * evaluation; else y0 is 0 (the caller maps a state in). */
static int
compare_body_components (gconstpointer a, gconstpointer b, gpointer sys)
{
  guint ca = ((const SwSystem *) sys)->parts[((const SwBody *) a)->part].component;
  guint cb = ((const SwSystem *) sys)->parts[((const SwBody *) b)->part].component;

  return (ca > cb) - (ca < cb);
}

/* What a step of a large model's assembly freed, given back. */
static void
assembly_trim (const SwSystem *sys)
{
  _sw_trim_heap (sys->n_nodes);
}

static gboolean
assemble_parts (SwAssembly *ctx, const double *locked, const double *strength, gboolean with_initial,
                GError **error)
{
  SwSystem *sys = ctx->system;
  g_autoptr (GArray) rows = g_array_new (FALSE, FALSE, sizeof (RawRow));
  g_autoptr (GArray) initials = g_array_new (FALSE, FALSE, sizeof (Initial));
  g_autoptr (GArray) drivers = g_array_new (FALSE, FALSE, sizeof (SwDriver));
  g_autoptr (GArray) bodies = g_array_new (FALSE, FALSE, sizeof (SwBody));
  g_autoptr (GArray) couplings = g_array_new (FALSE, FALSE, sizeof (SwMassCoupling));
  g_autoptr (GArray) nominals = g_array_new (FALSE, FALSE, sizeof (Nominal));
  g_autoptr (GArray) initial_more = g_array_new (FALSE, FALSE, sizeof (InitialMore));
  SwBuilder builder = { .system = sys, .rows = rows, .drivers = drivers, .initials = initials,
                        .initial_more = initial_more, .bodies = bodies,
                        .couplings = couplings, .nominals = nominals };
  gboolean ok;

  sys->time_events = g_array_new (FALSE, FALSE, sizeof (double));
  for (guint i = 0; i < sys->n_parts; i++)
    {
      SwPart *p = &sys->parts[i];

      p->first_row = rows->len;
      if (p->kind->build != NULL)
        p->kind->build (p, &builder);
      if (locked != NULL && !isnan (locked[i]))
        _sw_friction_add_lock (p, &builder, locked[i], strength != NULL ? strength[i] : 0);
      g_assert (rows->len - p->first_row <= G_MAXUINT16);   /* a kind's few rows and a lock */
      p->n_rows = rows->len - p->first_row;
    }
  /* An unconnected support is fixed to ground. */
  for (guint i = 0; i < sys->n_parts; i++)
    {
      SwPart *p = &sys->parts[i];

      for (guint port = 0; port < p->kind->n_ports; port++)
        {
          guint n_on_node = ctx->node_port_start[p->node[port] + 1] - ctx->node_port_start[p->node[port]];
          RawRow pin = { .part = i, .n = 1, .nodes = { p->node[port] }, .coeffs = { 1 }, .driver = -1 };

          if (p->kind->ports[port].is_support && n_on_node == 1)
            g_array_append_val (rows, pin);
        }
    }
  sys->n_couplings = couplings->len;
  sys->couplings = g_memdup2 (couplings->data, MAX (couplings->len, 1) * sizeof (SwMassCoupling));
  /* Bodies in the file's order, for the lists of the modes (nothing in
   * the equations sums over them). */
  g_array_sort_with_data (bodies, compare_body_components, sys);
  sys->n_bodies = bodies->len;
  sys->bodies = g_memdup2 (bodies->data, MAX (bodies->len, 1) * sizeof (SwBody));
  sys->n_drivers = drivers->len;
  sys->drivers = g_memdup2 (drivers->data, MAX (drivers->len, 1) * sizeof (SwDriver));
  ctx->drivers = sys->drivers;
  {
    GArray *fp = g_array_new (FALSE, FALSE, sizeof (guint));
    for (guint i = 0; i < sys->n_parts; i++)
      if (sys->parts[i].kind->forces != NULL)
        g_array_append_val (fp, i);
    sys->n_force_parts = fp->len;
    sys->force_parts = (guint *) g_array_free (fp, FALSE);
  }
  /* Each temporary goes once copied or used: the largest models' peak is
   * the sum of what is alive at once. */
  g_clear_pointer (&couplings, g_array_unref);
  g_clear_pointer (&bodies, g_array_unref);
  g_clear_pointer (&drivers, g_array_unref);

  ok = _sw_assembly_eliminate (ctx, rows, error);
  g_clear_pointer (&rows, g_array_unref);
  assembly_trim (sys);
  ok = ok && classify_coords (ctx, error) && _sw_assembly_build_massive_blocks (ctx, error);
  if (ok)
    {
      state_nominals (sys, nominals);
      g_clear_pointer (&nominals, g_array_unref);
      _sw_assembly_build_massless_blocks (sys);
      _sw_assembly_build_row_blocks (sys);
      _sw_assembly_build_plan (sys);
      assembly_trim (sys);
      if (!with_initial)
        {
          g_array_set_size (initials, 0);
          g_array_set_size (initial_more, 0);
        }
      ok = _sw_assembly_initial_values (ctx, initials, initial_more, error);
    }
  g_clear_pointer (&initials, g_array_unref);
  g_clear_pointer (&initial_more, g_array_unref);
  /* One evaluation at the start finds massless sections nothing holds,
   * and values that overflow with the initial state. Nodes are no longer
   * described from here. */
  g_clear_pointer (&ctx->node_port_start, g_free);
  g_clear_pointer (&ctx->node_ports, g_free);
  /* Before the evaluation's arrays take pages of their own
   * (sw-zeros-private.h). */
  if (ok && with_initial)
    assembly_trim (sys);
  if (ok && with_initial)
    {
      g_autoptr (SwEquations) eq = sw_equations_new (sys);

      if (!sw_equations_eval (eq, 0, sys->y0, NULL) || !sw_equations_complete (eq, 0, sys->y0, FALSE)
          || !sw_equations_check_finite (eq, 0, FALSE))
        {
          g_set_error (error, SW_ERROR, eq->error->code, "%s: error: %s",
                       ctx->model != NULL ? sw_model_get_display_name (ctx->model) : _("the model"),
                       eq->error->message);
          ok = FALSE;
        }
    }
  return ok;
}

static void
assembly_clear (SwAssembly *ctx)
{
  g_free (ctx->port_base);
  g_free (ctx->port_node);
  g_free (ctx->node_port_start);
  g_free (ctx->node_ports);
  g_free (ctx->locations);
}

static SwSystem *
system_new (const char *name, const SwSimulationSettings *settings)
{
  SwSystem *sys = g_new0 (SwSystem, 1);

  g_atomic_ref_count_init (&sys->ref_count);
  sys->name = g_strdup (name);
  sys->settings = *settings;
  sys->settings.method = g_strdup (settings->method);
  return sys;
}

static SwSystem *
assemble (SwModel *model, gboolean emptying, GError **error)
{
  g_autoptr (SwSystem) sys = NULL;
  SwAssembly ctx = { .model = model };
  guint n_components;
  gboolean ok;

  /* Subsystems are copied in first: the equations see one plain model. */
  if (_sw_model_has_subsystems (model))
    {
      g_autoptr (SwModel) flat = _sw_subsystem_flatten (model, error);

      if (emptying)
        {
          g_free (_sw_model_take_locations (model));
          _sw_model_drop_connections (model);
        }
      return flat != NULL ? assemble (flat, emptying, error) : NULL;
    }
  sw_init ();
  n_components = sw_model_get_n_components (model);
  /* What reading left in the heap (the id index's keys, once dropped)
   * given back before the parts are made beside the components. */
  if (emptying)
    {
      sw_model_drop_caches (model);
      _sw_trim_heap (n_components);
    }
  sys = system_new (sw_model_get_name (model), sw_model_get_simulation (model));
  ctx.system = sys;
  ok = _sw_assembly_build_parts (&ctx, error);
  /* The parts have the components' numbers and signals: of the model the
   * rest needs only its connections (for the nodes), its name, observed
   * variables and the components' places in the file. The components go
   * before the nodes' arrays are made (the peak of a large model's check
   * was the two side by side). */
  if (emptying)
    {
      ctx.locations = _sw_model_take_locations (model);
      _sw_trim_heap (n_components);
    }
  build_nodes (&ctx);
  if (emptying)
    _sw_model_drop_connections (model);
  for (guint i = 0; i < sys->n_parts; i++)
    for (guint port = 0; port < sw_kind_n_nodes (sys->parts[i].kind); port++)
      sys->parts[i].node[port] = ctx.port_node[ctx.port_base[i] + port];
  ok = ok && _sw_assembly_resolve_feedback (&ctx, error) && assemble_parts (&ctx, NULL, NULL, TRUE, error)
       && _sw_system_add_observed (sys, model, error);
  if (ok)
    _sw_friction_find_groups (sys);
  assembly_clear (&ctx);
  return ok ? g_steal_pointer (&sys) : NULL;
}

SwSystem *
sw_model_assemble (SwModel *model, GError **error)
{
  g_return_val_if_fail (SW_IS_MODEL (model), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return assemble (model, FALSE, error);
}

SwSystem *
sw_model_assemble_emptying (SwModel *model, GError **error)
{
  g_return_val_if_fail (SW_IS_MODEL (model), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return assemble (model, TRUE, error);
}

SwSystem *
_sw_system_assemble_locked (const SwSystem *base, const double *locked, const double *strength, GError **error)
{
  g_autoptr (SwSystem) sys = system_new (base->name, &base->settings);
  SwAssembly ctx = { .system = sys };
  gboolean ok;

  sys->n_parts = base->n_parts;
  sys->n_held = base->n_held;
  sys->parts = g_memdup2 (base->parts, MAX (base->n_parts, 1) * sizeof (SwPart));
  sys->model_order = g_memdup2 (base->model_order, MAX (base->n_parts, 1) * sizeof (guint));
  _sw_system_alloc_no_refs (sys);
  {
    gsize n_numbers = 0;

    for (guint i = 0; i < sys->n_parts; i++)
      if (base->parts[i].signal == (SwSignal **) base->no_refs)
        n_numbers += MAX (base->parts[i].kind->n_params, 1);
    sys->part_numbers = g_new0 (double, MAX (n_numbers, 1));
  }
  sys->part_ids_size = base->part_ids_size;
  sys->part_ids = g_memdup2 (base->part_ids, MAX (base->part_ids_size, 1));
  sys->n_part_nodes = base->n_part_nodes;
  sys->part_nodes = g_memdup2 (base->part_nodes, MAX (base->n_part_nodes, 1) * sizeof (guint));
  sys->n_part_inputs = base->n_part_inputs;
  sys->part_inputs = g_memdup2 (base->part_inputs, MAX (base->n_part_inputs, 1) * sizeof (SwPartInput));
  for (guint i = 0, numbers_at = 0; i < sys->n_parts; i++)
    {
      SwPart *p = &sys->parts[i];
      const SwPart *from = &base->parts[i];
      gboolean with_refs = from->signal != (SwSignal **) base->no_refs;
      double *numbers = sys->part_numbers + numbers_at;

      p->id = sys->part_ids + (from->id - base->part_ids);
      p->node = sys->part_nodes + (from->node - base->part_nodes);
      p->input = from->input != NULL ? sys->part_inputs + (from->input - base->part_inputs) : NULL;
      _sw_part_alloc_params (sys, p, with_refs, &numbers);
      numbers_at = numbers - sys->part_numbers;
      memcpy (p->param, from->param, from->kind->n_params * sizeof (double));
      for (guint k = 0; with_refs && k < p->kind->n_params; k++)
        {
          p->signal[k] = from->signal[k];
          p->table[k] = from->table[k];
          p->function[k] = from->function[k];
        }
      for (guint k = 0; k < p->kind->n_params; k++)
        {
          if (p->signal[k] != NULL)
            sw_signal_ref (p->signal[k]);
          if (p->table[k] != NULL)
            sw_table_ref (p->table[k]);
          if (p->function[k] != NULL)
            _sw_function_ref (p->function[k]);
        }
    }
  sys->n_nodes = base->n_nodes;
  sys->mass = _sw_zeros (double, MAX (sys->n_nodes, 1));
  if (base->observed != NULL)
    sys->observed = _sw_system_observed_ref (base->observed);
  nodes_from_parts (&ctx);
  ok = assemble_parts (&ctx, locked, strength, FALSE, error);
  /* Parallel in the model's own coordinates, whatever is locked now. */
  if (base->friction_group != NULL)
    {
      sys->friction_group = g_memdup2 (base->friction_group, base->n_parts * sizeof (guint));
      sys->friction_sign = g_memdup2 (base->friction_sign, base->n_parts);
    }
  assembly_clear (&ctx);
  return ok ? g_steal_pointer (&sys) : NULL;
}

/* ---- Accessors and lifetime --------------------------------------------- */

SwSystem *
sw_system_ref (SwSystem *system)
{
  g_return_val_if_fail (system != NULL, NULL);
  g_atomic_ref_count_inc (&system->ref_count);
  return system;
}

/* An array of a block, unless it is in the system's packed ones. */
static void
free_block_array (const SwSystem *sys, gpointer p)
{
  if (!_sw_system_owns_single (sys, p))
    g_free (p);
}

static void
free_blocks (const SwSystem *sys, SwBlock *blocks, guint n)
{
  for (guint b = 0; b < n; b++)
    {
      free_block_array (sys, blocks[b].coords);
      g_free (blocks[b].parts);
      g_free (blocks[b].nodes);
      free_block_array (sys, blocks[b].factor);
      free_block_array (sys, blocks[b].diag_inverse);
    }
  g_free (blocks);
}

void
sw_system_unref (SwSystem *sys)
{
  g_return_if_fail (sys != NULL);
  if (!g_atomic_ref_count_dec (&sys->ref_count))
    return;
  _sw_lock_loops_free (sys->lock_loops);

  for (guint i = 0; i < sys->n_parts; i++)
    {
      /* A part without refs has its numbers in sys->part_numbers. */
      if (sys->parts[i].param == NULL || sys->parts[i].signal == (SwSignal **) sys->no_refs)
        continue;
      for (guint k = 0; k < sys->parts[i].kind->n_params; k++)
        {
          g_clear_pointer (&sys->parts[i].signal[k], sw_signal_unref);
          g_clear_pointer (&sys->parts[i].table[k], sw_table_unref);
          g_clear_pointer (&sys->parts[i].function[k], _sw_function_unref);
        }
      g_free (sys->parts[i].param);
    }
  g_free (sys->part_ids);
  g_free (sys->part_numbers);
  g_free (sys->part_nodes);
  g_free (sys->part_inputs);
  g_free (sys->no_refs);
  g_clear_pointer (&sys->observed, _sw_system_observed_unref);
  for (guint k = 0; k < sys->n_drivers; k++)
    {
      sw_signal_unref (sys->drivers[k].signal);
      g_clear_pointer (&sys->drivers[k].speed, sw_signal_unref);
      g_clear_pointer (&sys->drivers[k].acceleration, sw_signal_unref);
    }
  free_blocks (sys, sys->massive_blocks, sys->n_massive_blocks);
  free_blocks (sys, sys->first_order_blocks, sys->n_first_order_blocks);
  free_blocks (sys, sys->algebraic_blocks, sys->n_algebraic_blocks);
  for (guint b = 0; b < sys->n_row_blocks; b++)
    {
      free_block_array (sys, sys->row_blocks[b].rows);
      free_block_array (sys, sys->row_blocks[b].factor);
      free_block_array (sys, sys->row_blocks[b].diag_inverse);
      g_free (sys->row_blocks[b].hubs);
    }
  g_free (sys->row_blocks);
  g_free (sys->single_ints);
  g_free (sys->single_doubles);
  g_free (sys->linear_from);
  g_free (sys->plain);
  g_free (sys->plain_runs);
  g_free (sys->inverse_runs);
  g_free (sys->zero_ranges);
  g_free (sys->general);
  g_free (sys->called_parts);
  g_free (sys->needed_nodes);
  g_free (sys->mass_inverse);
  g_free (sys->banded_blocks);
  g_free (sys->driven_nodes);
  g_free (sys->inertial_nodes);
  g_free (sys->driven_couplings);
  g_free (sys->parts);
  g_free (sys->model_order);
  g_free (sys->name);
  g_free (sys->settings.method);
  _sw_zeros_free (sys->mass);
  g_free (sys->t_start);
  g_free (sys->t_terms);
  g_free (sys->p_start);
  g_free (sys->p_terms);
  _sw_zeros_free (sys->x_const);
  g_free (sys->c_start);
  g_free (sys->c_terms);
  g_free (sys->coord_class);
  g_free (sys->coord_state);
  g_free (sys->drivers);
  g_free (sys->bodies);
  g_free (sys->couplings);
  g_free (sys->rows);
  g_free (sys->y0);
  _sw_zeros_free (sys->nominal);
  _sw_zeros_free (sys->q_guess);
  g_free (sys->force_parts);
  if (sys->time_events != NULL)
    g_array_unref (sys->time_events);
  g_free (sys->friction_group);
  g_free (sys->friction_sign);
  g_free (sys);
}

const char *sw_system_get_name (const SwSystem *s) { return s->name; }
guint sw_system_get_n_parts (const SwSystem *s) { return s->n_parts; }
guint sw_system_get_n_nodes (const SwSystem *s) { return s->n_nodes; }
guint sw_system_get_n_dofs (const SwSystem *s) { return s->n_massive; }
guint sw_system_get_n_massless (const SwSystem *s) { return s->n_first_order + s->n_algebraic; }
guint sw_system_get_n_states (const SwSystem *s) { return s->n_states; }
const SwSimulationSettings *sw_system_get_settings (const SwSystem *s) { return &s->settings; }

const SwPart *
sw_system_get_part (const SwSystem *s, guint index)
{
  g_return_val_if_fail (index < s->n_parts, NULL);
  return &s->parts[index];
}

const SwPart *
sw_system_get_model_part (const SwSystem *s, guint k)
{
  g_return_val_if_fail (k < s->n_parts, NULL);
  return &s->parts[s->model_order[k]];
}

int
_sw_system_find_variable_part (const SwSystem *sys, const char *name, const char **var)
{
  gsize longest = 0;
  int part = -1;

  for (guint i = 0; i < sys->n_parts; i++)
    {
      gsize len = strlen (sys->parts[i].id);

      if (len > longest && strncmp (name, sys->parts[i].id, len) == 0 && name[len] == '.')
        {
          part = (int) i;
          longest = len;
        }
    }
  if (var != NULL)
    *var = part >= 0 ? name + longest + 1 : NULL;
  return part;
}
