/* sw-feedback.c: sensor outputs fed back into the signals of torque and
 * force sources ({"sensor": {"of": "speed1.w"}}, alone or in sums and
 * products).
 *
 * At assembly each sensor leaf is resolved to the nodes it reads: an
 * absolute sensor's flange, or a relative sensor's two flanges, and
 * whether it reads their positions or their speeds. Those nodes are added
 * to the source part's own (SwPart.node after the kind's, n_read), so that
 * every place that asks which nodes a part's forces read (the evaluation's
 * plan, massless blocks, the Jacobian's columns, linearisation) sees them,
 * and the part's force_flags gain stiffness or damping. Evaluating the
 * signal (sw_part_signal) then takes the measured values from the state's
 * x and v: no allocation, no lookup per step.
 *
 * Refused, with the reason: a motion source (it follows its signal and its
 * time derivatives exactly, which a measured value does not have), and an
 * acceleration, torque, force or power output (it depends on the source's
 * own torque: an algebraic loop).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-assembly-private.h"

#include <string.h>
#include <glib/gi18n-lib.h>

/* The slot of node in the part's nodes, added when it is not there yet;
 * -1 when the part reads too many. */
static int
slot_of (SwPart *p, guint node)
{
  guint n = sw_part_n_nodes (p);

  for (guint k = 0; k < n; k++)
    if (p->node[k] == node)
      return (int) k;
  if (n >= SW_PART_MAX_NODES)
    return -1;
  p->node[n] = node;
  p->n_read++;
  return (int) n;
}

/* The part whose id is the longest prefix of name before a dot. */
static int
find_part (const SwSystem *sys, const char *name, const char **var)
{
  return _sw_system_find_variable_part (sys, name, var);
}

static gboolean
fail (SwAssembly *ctx, GError **error, guint part, guint param, const char *message)
{
  const SwPart *p = &ctx->system->parts[part];
  g_autofree char *msg = g_strdup_printf (_("component “%s”: parameter “%s”: %s"), p->id,
                                          p->kind->params[param].name, message);

  _sw_assembly_set_error (ctx, error, SW_ERROR_INVALID, part, msg);
  return FALSE;
}

/* One sensor leaf of part i's parameter k. */
static gboolean
resolve_input (SwAssembly *ctx, guint i, guint k, const char *of, GError **error)
{
  SwSystem *sys = ctx->system;
  SwPart *p = &sys->parts[i];
  const char *var = NULL;
  int s = find_part (sys, of, &var);
  const SwPart *sensor;
  const SwVarDesc *desc;
  gboolean relative, speed;
  int v, a = -1, b;
  SwPartInput *in;

  if (s < 0)
    {
      g_autofree char *msg = g_strdup_printf (_("the sensor output “%s” names no component; give a sensor's id "
                                                "and its output, such as \"speed1.w\""), of);
      return fail (ctx, error, i, k, msg);
    }
  sensor = &sys->parts[s];
  if (g_strcmp0 (sensor->kind->group, "Sensors") != 0)
    {
      g_autofree char *msg = g_strdup_printf (_("“%s” (%s) is not a sensor: only the outputs of sensor "
                                                "components can be fed back"), sensor->id, sensor->kind->name);
      return fail (ctx, error, i, k, msg);
    }
  v = sw_kind_find_var (sensor->kind, var);
  if (v < 0)
    {
      GString *names = g_string_new (NULL);
      g_autofree char *msg = NULL;

      for (guint n = 0; n < sensor->kind->n_vars; n++)
        g_string_append_printf (names, "%s“%s”", n > 0 ? ", " : "", sensor->kind->vars[n].name);
      msg = g_strdup_printf (_("sensor “%s” has no output “%s”; it has %s"), sensor->id, var, names->str);
      g_string_free (names, TRUE);
      return fail (ctx, error, i, k, msg);
    }
  desc = &sensor->kind->vars[v];
  /* Outputs that depend on accelerations or forces are not state_vars. */
  if (!(sensor->kind->state_vars & (1u << v)))
    {
      g_autofree char *msg = g_strdup_printf (_("sensor “%s” measures “%s” (%s), which depends on the torque or "
                                                "force of “%s” itself: an algebraic loop, which is not solved; "
                                                "feed back an angle, position or speed instead"),
                                              sensor->id, desc->name, desc->unit, p->id);
      return fail (ctx, error, i, k, msg);
    }
  /* What the sensors' variables read: a _rel output flange_b minus
   * flange_a, any other the first flange; positions in rad or m, speeds
   * in rad/s or m/s. */
  relative = g_str_has_suffix (desc->name, "_rel");
  speed = g_str_has_suffix (desc->unit, "/s");
  if (p->n_inputs >= SW_PART_MAX_INPUTS)
    {
      g_autofree char *msg = g_strdup_printf (_("it reads more than %d sensor outputs"), SW_PART_MAX_INPUTS);
      return fail (ctx, error, i, k, msg);
    }
  b = slot_of (p, sensor->node[relative ? 1 : 0]);
  if (relative)
    a = slot_of (p, sensor->node[0]);
  g_assert (b >= 0 && (!relative || a >= 0));
  in = &p->input[p->n_inputs++];
  in->param = k;
  in->speed = speed;
  in->slot_a = relative ? (guint8) a : SW_PART_NO_SLOT;
  in->slot_b = (guint8) b;
  p->force_flags |= speed ? SW_FORCE_DAMPING : SW_FORCE_STIFFNESS;
  return TRUE;
}

gboolean
_sw_assembly_resolve_feedback (SwAssembly *ctx, GError **error)
{
  SwSystem *sys = ctx->system;

  for (guint i = 0; i < sys->n_parts; i++)
    {
      SwPart *p = &sys->parts[i];

      for (guint k = 0; k < p->kind->n_params; k++)
        {
          SwSignal *signal = p->signal[k];
          guint n = signal != NULL ? sw_signal_get_n_inputs (signal) : 0;

          if (n == 0)
            continue;
          /* A torque or force source's signal is read by its forces alone;
           * motion sources (no forces) differentiate theirs. */
          if (p->kind->forces == NULL || g_strcmp0 (p->kind->group, "Sources") != 0)
            {
              g_autofree char *msg = g_strdup_printf (
                _("the sensor output “%s” cannot drive a %s (%s): only torque and force sources take sensor "
                  "outputs, as a prescribed motion (position, speed, acceleration) follows its signal and its "
                  "time derivatives exactly, which a measured value does not have"),
                sw_signal_get_input (signal, 0), p->kind->name, g_dgettext (GETTEXT_PACKAGE, p->kind->label));
              return fail (ctx, error, i, k, msg);
            }
          for (guint j = 0; j < n; j++)
            if (!resolve_input (ctx, i, k, sw_signal_get_input (signal, j), error))
              return FALSE;
        }
    }
  return TRUE;
}
