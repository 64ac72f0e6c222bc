/* sw-system-parts.c: a system's parts, made from the model's components
 * in the order of their ids: their ids, numbers, signals, tables and
 * compiled formulas, and room for their nodes and sensor inputs, each
 * kind of data in one block of the system (a part is 96 bytes; a
 * 100 000-body chain has 200 000); parts of a kind with the same numbers
 * share them (the chain's 9.6 MB of numbers are two lists).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-assembly-private.h"
#include "sw-expression-private.h"

#include <stdlib.h>
#include <string.h>
#include <glib/gi18n-lib.h>

/* The sizes that a large model's memory counts on (64-bit). */
G_STATIC_ASSERT (sizeof (gpointer) != 8 || sizeof (SwPart) == 88);
G_STATIC_ASSERT (sizeof (gpointer) != 8 || sizeof (SwRow) == 56);

/* A part's per-parameter arrays: one block, sized by its kind. A part
 * with no signal, table or formula (most of a large model's) has only its
 * numbers, taken in turn from the system's block of them at *numbers: its
 * three pointer arrays are the system's shared array of NULLs (of a
 * 100 000-body chain's parameters, 24 of 32 bytes each). */
static gsize
part_params_bytes (const SwPart *p, gboolean with_refs)
{
  return MAX (p->kind->n_params, 1) * (sizeof (double) + (with_refs ? 3 * sizeof (gpointer) : 0));
}

void
_sw_part_alloc_params (SwSystem *sys, SwPart *p, gboolean with_refs, double **numbers)
{
  gsize n = MAX (p->kind->n_params, 1);
  char *block;

  if (!with_refs)
    {
      g_assert (n <= sys->n_no_refs);
      p->param = *numbers;
      *numbers += n;
      p->signal = (SwSignal **) sys->no_refs;
      p->table = (SwTable **) sys->no_refs;
      p->function = (SwFunction **) sys->no_refs;
      return;
    }
  block = g_malloc0 (part_params_bytes (p, with_refs));
  p->param = (double *) block;
  p->signal = (SwSignal **) (block + n * sizeof (double));
  p->table = (SwTable **) (block + n * (sizeof (double) + sizeof (gpointer)));
  p->function = (SwFunction **) (block + n * (sizeof (double) + 2 * sizeof (gpointer)));
}

/* The longest parameter list of the parts: the shared NULLs' length. */
void
_sw_system_alloc_no_refs (SwSystem *sys)
{
  guint n = 1;

  for (guint i = 0; i < sys->n_parts; i++)
    n = MAX (n, sys->parts[i].kind->n_params);
  sys->no_refs = g_new0 (gpointer, n);
  sys->n_no_refs = n;
}

static gboolean
component_has_refs (const SwComponent *c)
{
  for (guint k = 0; k < c->kind->n_params; k++)
    if (c->signal[k] != NULL || c->table[k] != NULL || c->expression[k] != NULL)
      return TRUE;
  return FALSE;
}

/* Whether a component's signals read sensor outputs (sw-feedback.c gives
 * its part their nodes and inputs). */
static gboolean
component_reads_sensors (const SwComponent *c)
{
  for (guint k = 0; k < c->kind->n_params; k++)
    if (c->signal[k] != NULL && sw_signal_get_n_inputs (c->signal[k]) > 0)
      return TRUE;
  return FALSE;
}

/* Room in the system's blocks of nodes and inputs for a part: its kind's
 * nodes, and for one that reads sensors the most it may read. */
static guint
part_node_room (const SwKind *kind, gboolean reads)
{
  return reads ? SW_PART_MAX_NODES : sw_kind_n_nodes (kind);
}

static void
part_place_nodes (SwSystem *sys, SwPart *p, gboolean reads, gsize *node_at, gsize *input_at)
{
  p->node = sys->part_nodes + *node_at;
  *node_at += part_node_room (p->kind, reads);
  g_assert (*node_at <= sys->n_part_nodes);
  p->input = NULL;
  if (reads)
    {
      p->input = sys->part_inputs + *input_at;
      *input_at += SW_PART_MAX_INPUTS;
      g_assert (*input_at <= sys->n_part_inputs);
    }
}

/* A component's id beside its index, for sorting by id (without a look
 * into the model per comparison: a third of the parts' time). */
typedef struct {
  const char *id;
  guint       index;
} IdOrder;

static int
compare_ids (gconstpointer a, gconstpointer b)
{
  return strcmp (((const IdOrder *) a)->id, ((const IdOrder *) b)->id);
}

/* Parts of a kind with the same numbers (a long chain's bodies, its
 * springs) share one copy of them: a system's numbers are never written
 * once it is made. At most this many different lists are looked for. */
#define SHARED_NUMBERS_MAX 4096

/* A number at a time, each mixed into every bit (a byte at a time was a
 * tenth of the parts' time). */
static guint
part_numbers_hash (gconstpointer key)
{
  const SwPart *p = key;
  guint64 h = (guint64) GPOINTER_TO_SIZE (p->kind);

  for (guint i = 0; i < p->kind->n_params; i++)
    {
      guint64 bits;

      memcpy (&bits, &p->param[i], sizeof bits);
      h = (h ^ bits) * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15);
    }
  return (guint) (h >> 32);
}

static gboolean
part_numbers_equal (gconstpointer a, gconstpointer b)
{
  const SwPart *p = a, *q = b;

  return p->kind == q->kind && memcmp (p->param, q->param, p->kind->n_params * sizeof (double)) == 0;
}

/* p's numbers just taken from *numbers: those of an earlier part instead
 * when they are the same, the room given back. */
static void
share_numbers (GHashTable *shared, SwPart *p, double **numbers)
{
  const SwPart *same = g_hash_table_lookup (shared, p);

  if (same != NULL)
    {
      g_assert (p->param + MAX (p->kind->n_params, 1) == *numbers);
      *numbers = p->param;
      p->param = same->param;
    }
  else if (g_hash_table_size (shared) < SHARED_NUMBERS_MAX)
    g_hash_table_add (shared, p);
}

/* A formula compiled for one part, for the next part with the same one. */
typedef struct {
  const SwExpression *expression;
  const char *const  *variables;
  SwFunction         *function;
} CompiledFormula;

/* FALSE (and a message naming the component) when a formula does not
 * compile, which the model's checks should have made impossible. The
 * parts are in the order of their ids (ids are unique), and so are the
 * nodes made from their ports: the equations, the order of every
 * computation and so the results are the same whatever the order of the
 * components and connections in the file. */
gboolean
_sw_assembly_build_parts (SwAssembly *ctx, GError **error)
{
  gboolean ok = TRUE;
  SwSystem *sys = ctx->system;
  guint n = sw_model_get_n_components (ctx->model);
  g_autofree guint *order = g_new (guint, MAX (n, 1));
  g_autoptr (GArray) compiled = g_array_new (FALSE, FALSE, sizeof (CompiledFormula));
  g_autoptr (GHashTable) shared = g_hash_table_new (part_numbers_hash, part_numbers_equal);
  gsize n_numbers = 0, node_at = 0, input_at = 0;
  char *id_at;
  double *numbers;

  for (guint i = 0; i < n; i++)
    {
      const SwComponent *c = sw_model_get_component (ctx->model, i);
      gboolean reads = component_reads_sensors (c);

      sys->part_ids_size += strlen (c->id) + 1;
      if (!component_has_refs (c))
        n_numbers += MAX (c->kind->n_params, 1);
      sys->n_part_nodes += part_node_room (c->kind, reads);
      sys->n_part_inputs += reads ? SW_PART_MAX_INPUTS : 0;
    }
  sys->part_ids = id_at = g_malloc (MAX (sys->part_ids_size, 1));
  sys->part_numbers = numbers = g_new0 (double, MAX (n_numbers, 1));
  sys->part_nodes = g_new0 (guint, MAX (sys->n_part_nodes, 1));
  sys->part_inputs = g_new0 (SwPartInput, MAX (sys->n_part_inputs, 1));
  {
    g_autofree IdOrder *by_id = g_new (IdOrder, MAX (n, 1));

    for (guint i = 0; i < n; i++)
      by_id[i] = (IdOrder) { sw_model_get_component (ctx->model, i)->id, i };
    qsort (by_id, n, sizeof (IdOrder), compare_ids);
    for (guint i = 0; i < n; i++)
      order[i] = by_id[i].index;
  }
  sys->n_parts = n;
  sys->parts = g_new0 (SwPart, MAX (n, 1));
  sys->model_order = g_new (guint, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    sys->parts[i].kind = sw_model_get_component (ctx->model, i)->kind;
  _sw_system_alloc_no_refs (sys);
  ctx->port_base = g_new (guint, n + 1);
  ctx->port_base[0] = 0;
  for (guint i = 0; i < n; i++)
    {
      const SwComponent *c = sw_model_get_component (ctx->model, order[i]);
      SwPart *p = &sys->parts[i];

      sys->model_order[order[i]] = i;
      p->kind = c->kind;
      p->force_flags = c->kind->force_flags;
      p->id = id_at;
      id_at = g_stpcpy (id_at, c->id) + 1;
      p->component = order[i];
      p->index = i;
      p->first_held = sys->n_held;
      if (c->kind->contact != NULL)
        sys->n_held += c->kind->contact->n_held;
      _sw_part_alloc_params (sys, p, component_has_refs (c), &numbers);
      part_place_nodes (sys, p, component_reads_sensors (c), &node_at, &input_at);
      memcpy (p->param, c->param, c->kind->n_params * sizeof (double));
      if (p->signal == (SwSignal **) sys->no_refs)
        share_numbers (shared, p, &numbers);
      for (guint k = 0; k < c->kind->n_params; k++)
        {
          if (c->signal[k] != NULL)
            p->signal[k] = sw_signal_ref (c->signal[k]);
          if (c->table[k] != NULL)
            p->table[k] = sw_table_ref (c->table[k]);
          if (c->expression[k] != NULL && ok)
            {
              const char *const *variables = c->kind->params[k].expression->variables;

              /* Parts with the same formula share its compiled code (immutable):
               * compiled once, and read from one place by every evaluation. */
              for (guint m = 0; m < compiled->len && p->function[k] == NULL; m++)
                {
                  const CompiledFormula *cf = &g_array_index (compiled, CompiledFormula, m);

                  if (cf->variables == variables && sw_expression_equal (cf->expression, c->expression[k]))
                    p->function[k] = _sw_function_ref (cf->function);
                }
              if (p->function[k] == NULL)
                {
                  p->function[k] = _sw_function_new (c->expression[k], variables, error);
                  if (p->function[k] != NULL && compiled->len < 64)
                    g_array_append_val (compiled, ((CompiledFormula) { c->expression[k], variables,
                                                                      p->function[k] }));
                }
              if (p->function[k] == NULL)
                {
                  g_autofree char *where = _sw_assembly_dup_location (ctx, order[i]);

                  g_prefix_error (error, _("%scomponent “%s”: parameter “%s”: "), where, c->id,
                                  c->kind->params[k].name);
                  ok = FALSE;
                }
            }
        }
      ctx->port_base[i + 1] = ctx->port_base[i] + sw_kind_n_nodes (c->kind);
    }
  return ok;
}
