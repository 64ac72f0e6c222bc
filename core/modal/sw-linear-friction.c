/* sw-linear-friction.c: the friction configuration a linear analysis
 * linearises in (sw-linear-friction.h).
 *
 * The operating point's modes are those a run starting there settles in
 * (the run's own iteration, _sw_friction_run_settle). Locked, open and
 * engaged override them for every friction part but lossy gears; stuck parts are
 * locked where they are (_sw_system_assemble_locked, the lock row a run
 * adds), never linearised through their friction law's tangent: a stuck
 * clutch is rigid, not a stiff spring. The state is carried into the
 * configuration through the nodes, as a run carries it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-linear-private.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include "sw-error.h"
#include "sw-friction-private.h"

static const char *const names[] = { "operating", "locked", "open", "engaged" };

gboolean
sw_linear_friction_from_string (const char *text, SwLinearFriction *friction)
{
  g_return_val_if_fail (friction != NULL, FALSE);
  for (guint k = 0; text != NULL && k < G_N_ELEMENTS (names); k++)
    if (strcmp (text, names[k]) == 0)
      {
        *friction = (SwLinearFriction) k;
        return TRUE;
      }
  return FALSE;
}

const char *
sw_linear_friction_to_string (SwLinearFriction friction)
{
  g_return_val_if_fail ((guint) friction < G_N_ELEMENTS (names), NULL);
  return names[friction];
}

static gboolean
is_lossy (const SwPart *p)
{
  return p->kind->friction != NULL && p->kind->friction->loss != NULL;
}

/* The state of base (its nodes' x and v in eq, after complete) in the
 * system to's order: every coordinate read off a node that follows it
 * alone; speed and acceleration sources keep their states. */
static gboolean
map_state (const SwSystem *base, const double *y_base, const SwEquations *eq, const SwSystem *to, double *y_to,
           GError **error)
{
  memset (y_to, 0, MAX (to->n_states, 1) * sizeof (double));
  for (guint j = 0; j < to->n_coords; j++)
    {
      gboolean found = FALSE;

      for (guint k = to->c_start[j]; k < to->c_start[j + 1] && !found; k++)
        {
          guint i = to->c_terms[k].index;
          double coeff = to->c_terms[k].coeff;

          if (to->t_start[i + 1] - to->t_start[i] != 1 || to->p_start[i + 1] != to->p_start[i])
            continue;
          found = TRUE;
          if (to->coord_class[j] == SW_COORD_ALGEBRAIC)
            continue;
          y_to[to->coord_state[j]] = (eq->x[i] - to->x_const[i]) / coeff;
          if (to->coord_class[j] == SW_COORD_MASSIVE)
            y_to[to->coord_state[j] + to->n_massive] = eq->v[i] / coeff;
        }
      if (!found)
        {
          g_set_error_literal (error, SW_ERROR, SW_ERROR_NOT_CONVERGED,
                               _("the operating state could not be carried over to the chosen friction state"));
          return FALSE;
        }
    }
  for (guint d = 0; d < to->n_drivers; d++)
    for (guint s = 0; s < _sw_driver_n_states (&to->drivers[d]); s++)
      y_to[to->drivers[d].state + s] = y_base[base->drivers[d].state + s];
  return TRUE;
}

/* Between two shafts (a clutch), not to the housing (a brake): neither of
 * the ports it acts between is a support. */
static gboolean
is_coupling (const SwPart *p)
{
  const SwFrictionDesc *f = p->kind->friction;

  return !p->kind->ports[f->port_a].is_support && !p->kind->ports[f->port_b].is_support;
}

/* Locked, open or engaged: every friction part but lossy gears forced, the lossy
 * gears as the operating point has them (modes, quadrants), except that a
 * lossy gear at rest there rolls without losses: locked or open is asked of
 * the clutches and brakes, and a gearbox held by its own friction at a
 * standstill would hold the whole drivetrain still (a vehicle at rest had
 * no modes when locked). At rest it has no direction of power flow to take
 * an efficiency from, so it is ideal; the note says so. */
static gboolean
force_modes (SwLinearConfig *c, const SwSystem *base, double t, const double *y, SwLinearFriction friction,
             GError **error)
{
  g_autoptr (SwEquations) eq = sw_equations_new (base);
  g_autofree double *locked = g_new (double, MAX (base->n_parts, 1));
  g_autoptr (GError) local = NULL;
  g_autoptr (GString) rolling = g_string_new (NULL);
  SwState state;
  gboolean any = FALSE;

  if (!sw_equations_complete (eq, t, y, FALSE))
    {
      g_propagate_error (error, g_steal_pointer (&eq->error));
      return FALSE;
    }
  sw_equations_get_state (eq, t, FALSE, &state);
  for (guint i = 0; i < base->n_parts; i++)
    {
      const SwPart *p = &base->parts[i];
      const SwFrictionDesc *f = p->kind->friction;
      double rel, w, tau0, tau0_max, engaged;

      locked[i] = NAN;
      if (f == NULL)
        continue;
      rel = eq->x[p->node[f->port_b]] - eq->x[p->node[f->port_a]];
      w = eq->v[p->node[f->port_b]] - eq->v[p->node[f->port_a]];
      if (is_lossy (p) && c->mode[i] == SW_FRICTION_STUCK)
        {
          c->mode[i] = SW_FRICTION_FREE;
          g_string_append_printf (rolling, "%s“%s”", rolling->len > 0 ? ", " : "", p->id);
        }
      else if (!is_lossy (p))
        {
          if (friction == SW_LINEAR_FRICTION_LOCKED || (friction == SW_LINEAR_FRICTION_ENGAGED && is_coupling (p)))
            c->mode[i] = SW_FRICTION_STUCK;
          else
            {
              f->limits (p, &state, &tau0, &tau0_max, &engaged);
              /* A freewheel slides forward only. */
              c->mode[i] = engaged <= 0 ? SW_FRICTION_FREE
                           : w < 0 && !f->one_way ? SW_FRICTION_BACKWARD : SW_FRICTION_FORWARD;
            }
        }
      if (c->mode[i] == SW_FRICTION_STUCK)
        {
          locked[i] = rel;
          any = TRUE;
        }
    }
  if (rolling->len > 0)
    /* Translators: said of a modal analysis (or frequency response) with its clutches locked or open; %s: the
     * names of lossy gears, “gearbox”. */
    c->note = g_strdup_printf (_("%s at rest at the operating point: taken as rolling, without losses"), rolling->str);
  g_clear_pointer (&c->sys, sw_system_unref);
  c->sys = any ? _sw_system_assemble_locked (base, locked, NULL, &local) : sw_system_ref ((SwSystem *) base);
  if (c->sys == NULL)
    {
      g_set_error (error, SW_ERROR, local->code, _("locking the friction elements: %s"), local->message);
      return FALSE;
    }
  g_free (c->y);
  c->y = g_new0 (double, MAX (c->sys->n_states, 1));
  return map_state (base, y, eq, c->sys, c->y, error);
}

gboolean
_sw_linear_config_init (SwLinearConfig *c, const SwSystem *base, double t, const double *y,
                        SwLinearFriction friction, GError **error)
{
  SwFrictionRun *run;
  g_autofree double *y_new = NULL;
  gboolean changed, ok = TRUE;

  g_return_val_if_fail (c != NULL && base != NULL, FALSE);
  g_return_val_if_fail ((guint) friction <= SW_LINEAR_FRICTION_LAST, FALSE);
  *c = (SwLinearConfig) { 0 };
  if (y == NULL)
    y = base->y0;
  if (!_sw_system_has_friction (base))
    {
      c->sys = sw_system_ref ((SwSystem *) base);
      c->y = g_memdup2 (y, MAX (base->n_states, 1) * sizeof (double));
      return TRUE;
    }
  /* The operating point's modes, as a run starting there has them. */
  run = _sw_friction_run_new (base);
  if (!_sw_friction_run_settle (run, t, y, &changed, &y_new, error))
    {
      _sw_friction_run_free (run);
      return FALSE;
    }
  c->sys = sw_system_ref ((SwSystem *) _sw_friction_run_get_system (run));
  c->mode = g_memdup2 (_sw_friction_run_get_equations (run)->mode, MAX (base->n_parts, 1));
  c->quadrant = g_memdup2 (_sw_friction_run_get_equations (run)->quadrant, MAX (base->n_parts, 1));
  c->y = y_new != NULL ? g_steal_pointer (&y_new) : g_memdup2 (y, MAX (base->n_states, 1) * sizeof (double));
  _sw_friction_run_free (run);
  if (friction != SW_LINEAR_FRICTION_OPERATING)
    ok = force_modes (c, base, t, y, friction, error);
  if (!ok)
    _sw_linear_config_clear (c);
  return ok;
}

gboolean
_sw_linear_config_is_lossy (const SwLinearConfig *c)
{
  for (guint i = 0; c->mode != NULL && i < c->sys->n_parts; i++)
    if (is_lossy (&c->sys->parts[i]) && (c->mode[i] == SW_FRICTION_FORWARD || c->mode[i] == SW_FRICTION_BACKWARD))
      return TRUE;
  return FALSE;
}

void
_sw_linear_config_clear (SwLinearConfig *c)
{
  g_clear_pointer (&c->sys, sw_system_unref);
  g_clear_pointer (&c->y, g_free);
  g_clear_pointer (&c->mode, g_free);
  g_clear_pointer (&c->quadrant, g_free);
  g_clear_pointer (&c->note, g_free);
}

SwLinear *
_sw_linear_new_config (const SwLinearConfig *c, double t, const double *y, gboolean dense, GError **error)
{
  return _sw_linear_new_in_modes (c->sys, t, y != NULL ? y : c->y, c->mode, c->quadrant, dense, error);
}
