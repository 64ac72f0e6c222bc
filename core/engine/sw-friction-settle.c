/* sw-friction-settle.c: the modes of a run with friction settled at an
 * event (sw-friction-private.h, sw-friction-run-private.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-friction-run-private.h"

#include <string.h>
#include <glib/gi18n-lib.h>

/* ---- Settling the modes ------------------------------------------------- */

/* Node positions and velocities of the current configuration at (t, y)
 * (after sw_equations_complete) into the new system's state: every
 * coordinate read off a node that follows it alone. */
static gboolean
map_state (const SwSystem *from, const double *y_from, SwEquations *eq_from, const SwSystem *to, double *y_to,
           double *q_guess, GError **error)
{
  memset (y_to, 0, MAX (to->n_states, 1) * sizeof (double));
  for (guint j = 0; j < to->n_coords; j++)
    {
      gboolean found = FALSE;

      for (guint k = to->c_start[j]; k < to->c_start[j + 1] && !found; k++)
        {
          guint i = to->c_terms[k].index;
          double coeff = to->c_terms[k].coeff, q, qd;

          if (to->t_start[i + 1] - to->t_start[i] != 1 || to->p_start[i + 1] != to->p_start[i])
            continue;
          q = (eq_from->x[i] - to->x_const[i]) / coeff;
          qd = eq_from->v[i] / coeff;
          switch (to->coord_class[j])
            {
            case SW_COORD_MASSIVE:
              y_to[to->coord_state[j]] = q;
              y_to[to->coord_state[j] + to->n_massive] = qd;
              break;
            case SW_COORD_FIRST_ORDER:
              y_to[to->coord_state[j]] = q;
              break;
            case SW_COORD_ALGEBRAIC:
              q_guess[j] = q;
              break;
            }
          found = TRUE;
        }
      if (!found)
        {
          g_set_error_literal (error, SW_ERROR, SW_ERROR_NOT_CONVERGED,
                               _("the state could not be carried over to the new friction modes"));
          return FALSE;
        }
    }
  /* Speed and acceleration sources keep their own states, in the same
   * order in every configuration. */
  for (guint d = 0; d < to->n_drivers; d++)
    {
      const SwDriver *dt = &to->drivers[d], *df = &from->drivers[d];

      if (dt->motion == SW_MOTION_SPEED)
        y_to[dt->state] = y_from[df->state];
      else if (_sw_driver_n_states (dt) == 2)
        {
          y_to[dt->state] = y_from[df->state];
          y_to[dt->state + 1] = y_from[df->state + 1];
        }
    }
  return TRUE;
}

gboolean
_sw_friction_run_base_state (SwFrictionRun *run, double t, const double *y, double *y_base, GError **error)
{
  g_autofree double *guess = g_new0 (double, MAX (run->base->n_coords, 1));

  if (run->sys == run->base)
    {
      memcpy (y_base, y, run->base->n_states * sizeof (double));
      return TRUE;
    }
  if (!sw_equations_complete (run->eq, t, y, t >= run->eq->left_from))
    return _sw_friction_equations_error (run, error);
  return map_state (run->sys, y, run->eq, run->base, y_base, guess, error);
}

/* The velocities of a new configuration (its state y_to at t, its
 * equations eq_to) made to keep the momentum of the old one (eq_from, after
 * complete): T^T M (v_new - v_old) = 0 over the massive coordinates, v_new =
 * T q' + P p'. Where a lock was added at a relative speed (a hard stop, a
 * latch, a stick band) this is the inelastic impact (the limit of a stiff
 * spring and damper): the bodies joined share their momentum; otherwise
 * the old velocities are already the new system's and nothing changes. */
static gboolean
keep_momentum (SwEquations *eq_from, const SwSystem *to, SwEquations *eq_to, double t, double *y_to,
               GError **error)
{
  guint nm = to->n_massive;
  g_autofree double *dv = NULL, *mdv = NULL, *q = NULL, *rhs = NULL;

  if (nm == 0)
    return TRUE;
  if (!sw_equations_complete (eq_to, t, y_to, t >= eq_to->left_from))
    {
      if (eq_to->error != NULL)
        g_propagate_error (error, g_steal_pointer (&eq_to->error));
      else
        g_set_error_literal (error, SW_ERROR, SW_ERROR_NOT_CONVERGED, _("the equations could not be evaluated"));
      return FALSE;
    }
  dv = g_new (double, MAX (to->n_nodes, 1));
  mdv = g_new (double, MAX (to->n_nodes, 1));
  q = g_new0 (double, nm);
  rhs = g_new (double, nm);
  for (guint i = 0; i < to->n_nodes; i++)
    dv[i] = eq_from->v[i] - eq_to->v[i];
  _sw_system_apply_mass (to, dv, mdv);
  for (guint j = 0; j < nm; j++)
    for (guint k = to->c_start[j]; k < to->c_start[j + 1]; k++)
      q[j] += to->c_terms[k].coeff * mdv[to->c_terms[k].index];
  /* (T^T M T)^-1 over the massive blocks, as the accelerations are solved. */
  for (guint j = 0; j < nm; j++)
    y_to[nm + j] += q[j] * to->mass_inverse[j];
  for (guint b = 0; b < to->n_banded; b++)
    {
      const SwBlock *blk = &to->massive_blocks[to->banded_blocks[b]];

      for (guint k = 0; k < blk->n; k++)
        rhs[k] = q[blk->coords[k]];
      _sw_band_solve (blk->n, blk->band, blk->factor, blk->diag_inverse, rhs);
      for (guint k = 0; k < blk->n; k++)
        y_to[nm + blk->coords[k]] += rhs[k];
    }
  return TRUE;
}

/* A new configuration for the locks in run->locked, the state carried
 * over from the current one at (t, y). */
static gboolean
reconfigure (SwFrictionRun *run, double t, const double *y, double **y_new, GError **error)
{
  g_autoptr (GError) local = NULL;
  SwSystem *sys = NULL;
  SwEquations *eq;
  double *state;
  gboolean any = FALSE;

  g_autofree double *strength = g_new0 (double, MAX (run->sys->n_parts, 1));
  SwState now;

  /* What each lock holds now: at a hard stop anything toward it, a
   * one-way clutch anything backward (the joint decision's bounds). */
  sw_equations_get_state (run->eq, t, t >= run->eq->left_from, &now);
  for (guint k = 0; k < run->n; k++)
    {
      guint i = run->parts[k];

      if (isnan (run->locked[i]))
        continue;
      any = TRUE;
      strength[i] = run->at_stop[i] || run->sys->parts[i].kind->friction->one_way
                    ? INFINITY : _sw_friction_lock_scale (&run->sys->parts[i], &now);
    }
  sys = any ? _sw_system_assemble_locked (run->base, run->locked, strength, &local) : sw_system_ref (run->base);
  if (sys == NULL)
    {
      g_set_error (error, SW_ERROR, local->code, _("at t = %.9g s, locking the stuck friction elements: %s"), t,
                   local->message);
      return FALSE;
    }
  if (any)
    sys->lock_loops = _sw_lock_loops_new (sys, run->locked, strength);
  eq = sw_equations_new (sys);
  state = g_new0 (double, MAX (sys->n_states, 1));
  if (!map_state (run->sys, y, run->eq, sys, state, eq->q_guess, error))
    {
      g_free (state);
      sw_equations_free (eq);
      sw_system_unref (sys);
      return FALSE;
    }
  memcpy (eq->mode, run->mode, sys->n_parts);
  memcpy (eq->quadrant, run->quadrant, sys->n_parts);
  memcpy (eq->impact, run->impact, sys->n_parts * sizeof (double));
  memcpy (eq->start, run->eq->start, sys->n_parts);
  memcpy (eq->region, run->eq->region, sys->n_parts);
  memcpy (eq->held, run->eq->held, MAX (sys->n_held, 1) * sizeof (double));
  eq->left_from = run->eq->left_from;
  eq->event_end = run->eq->event_end;
  if (!keep_momentum (run->eq, sys, eq, t, state, error))
    {
      g_free (state);
      sw_equations_free (eq);
      sw_system_unref (sys);
      return FALSE;
    }
  sw_equations_free (run->eq);
  sw_system_unref (run->sys);
  run->sys = sys;
  run->eq = eq;
  g_free (*y_new);
  *y_new = state;
  return TRUE;
}

/* Where part i locks: its relative position now, or the hard stop it is
 * at (after complete). */
static double
lock_position (const Contact *c)
{
  if (c->room_forward <= _sw_friction_stop_tolerance (c))
    return c->upper;
  if (c->room_backward <= _sw_friction_stop_tolerance (c))
    return c->lower;
  return c->rel;
}

/* The next mode of part i by Modelica's rules, from where it is now. A
 * relative speed this small counts as 0 (the event was located to 1e-12 s;
 * stuck, it is exactly 0). */
/* A one-way clutch: sliding forward, or locked by its freewheel. */
static gint8
next_one_way_mode (gint8 mode, gint8 start, const Contact *c, double w_zero)
{
  if (c->w > w_zero)
    return SW_FRICTION_FORWARD;
  if (mode == SW_FRICTION_STUCK)
    return c->tau > c->tau_hi ? SW_FRICTION_FORWARD : SW_FRICTION_STUCK;
  if (mode == SW_FRICTION_FORWARD && start > 0)
    return c->a >= -c->a_zero ? SW_FRICTION_FORWARD : SW_FRICTION_STUCK;
  return SW_FRICTION_STUCK;
}

static gint8
next_mode (gint8 mode, gint8 start, const Contact *c, double w_zero)
{
  gboolean at_zero = fabs (c->w) <= c->w_stick + w_zero;
  gboolean at_upper = c->room_forward <= _sw_friction_stop_tolerance (c), at_lower = c->room_backward <= _sw_friction_stop_tolerance (c);

  /* Moving into a hard stop: it stops there. */
  if ((at_upper && c->w > w_zero && mode != SW_FRICTION_STUCK) ||
      (at_lower && c->w < -w_zero && mode != SW_FRICTION_STUCK))
    return SW_FRICTION_STUCK;
  if (mode == SW_FRICTION_STUCK && (at_upper || at_lower))
    {
      /* At a stop it leaves only away from it. */
      if (at_upper && c->tau < c->tau_lo)
        return SW_FRICTION_BACKWARD;
      if (at_lower && c->tau > c->tau_hi)
        return SW_FRICTION_FORWARD;
      return SW_FRICTION_STUCK;
    }
  if (c->free)
    return SW_FRICTION_FREE;
  if (mode == SW_FRICTION_FREE || (!at_zero && mode != SW_FRICTION_STUCK))
    return at_zero ? SW_FRICTION_STUCK : c->w > 0 ? SW_FRICTION_FORWARD : SW_FRICTION_BACKWARD;
  switch (mode)
    {
    case SW_FRICTION_STUCK:
      if (c->tau > c->tau_hi)
        return SW_FRICTION_FORWARD;
      if (c->tau < c->tau_lo)
        return SW_FRICTION_BACKWARD;
      return SW_FRICTION_STUCK;
    case SW_FRICTION_FORWARD:
      /* Just broken away: it slides on unless it accelerates backward (at
       * peak = 1 it starts with no acceleration at all). */
      return start > 0 && c->a >= -c->a_zero ? SW_FRICTION_FORWARD : SW_FRICTION_STUCK;
    case SW_FRICTION_BACKWARD:
      return start < 0 && c->a <= c->a_zero ? SW_FRICTION_BACKWARD : SW_FRICTION_STUCK;
    default:
      return mode;
    }
}

/* A lossy part going to slide in mode next: the sign of its transmitted
 * torque that its law assumes. Starting to slide, the present one; sliding
 * on, the other one when the present one contradicts it, once per event
 * (where neither sign is consistent, as where the bearing friction of
 * the two directions differs at tau_t = 0, the second one stays). TRUE
 * when it changed. */
static gboolean
settle_quadrant (SwFrictionRun *run, guint i, gint8 next, const Contact *c, guint8 *tried)
{
  gint8 q = run->quadrant[i];

  if (next != SW_FRICTION_FORWARD && next != SW_FRICTION_BACKWARD)
    return FALSE;
  if (next != run->mode[i])
    q = c->tau_t - (next == SW_FRICTION_FORWARD ? 1 : -1) * c->bearing >= 0 ? 1 : -1;
  else if (_sw_friction_quadrant_value (c, q) < 0 && !(tried[i] & 4))
    {
      q = -q;
      tried[i] |= 4;
    }
  if (q == run->quadrant[i])
    return FALSE;
  run->quadrant[i] = q;
  return TRUE;
}

/* The contacts' regions and held values at the settled state (after
 * complete): TRUE when one changed. Changes that show in the log (open
 * and pressing, say) go to it. */
static gboolean
settle_contacts (SwFrictionRun *run, double t)
{
  SwState state;
  gboolean changed = FALSE;

  sw_equations_get_state (run->eq, t, t >= run->eq->left_from, &state);
  for (guint k = 0; k < run->n_contacts; k++)
    {
      guint i = run->contacts[k];
      const SwPart *p = &run->sys->parts[i];
      const SwContactDesc *cd = p->kind->contact;
      double *held = run->eq->held + p->first_held;
      gint8 old = run->eq->region[i], region;
      int old_log, new_log;

      if (!run->settled && cd->start != NULL)
        cd->start (p, &state, held);
      region = (gint8) cd->region (p, &state);
      if (run->settled && region == old)
        continue;
      if (run->settled && cd->update != NULL)
        cd->update (p, &state, old, region, held);
      old_log = run->settled ? _sw_friction_contact_mode (p, old) : SW_FRICTION_START;
      new_log = _sw_friction_contact_mode (p, region);
      if (new_log >= 0 && old_log != new_log)
        g_array_append_val (run->changes, ((Change) { i, old_log, new_log }));
      changed = changed || run->settled;
      run->eq->region[i] = region;
    }
  return changed;
}

static int
compare_changes (gconstpointer a, gconstpointer b, gpointer sys)
{
  guint ca = ((const SwSystem *) sys)->parts[((const Change *) a)->part].component;
  guint cb = ((const SwSystem *) sys)->parts[((const Change *) b)->part].component;

  return (ca > cb) - (ca < cb);
}

/* A relative speed of part i this small counts as 0 (after complete):
 * round-off of the flanges' speeds and what the located instant (to 1e-12
 * s relative) leaves. */
static double
zero_speed (SwFrictionRun *run, guint i, const Contact *c, double t)
{
  const SwPart *p = &run->sys->parts[i];
  double w_scale = fabs (run->eq->v[p->node[p->kind->friction->port_a]])
                   + fabs (run->eq->v[p->node[p->kind->friction->port_b]]);

  return 1e-9 * MAX (w_scale, 1) + 1e-10 * fabs (c->a) * MAX (fabs (t), 1);
}

/* The modes of the parts at relative speed 0 (stuck ones included) decided
 * together (sw-friction-decide.c), per part (G_MININT8: not decided so),
 * and the quadrants of lossy ones; NULL where some such part is beyond
 * the joint decision (a massless side) or it
 * finds no consistent assignment: the rounds decide alone then. After
 * complete at (t, y). */
static gint8 *
decide_together (SwFrictionRun *run, double t, const double *y, gint8 **quadrants)
{
  g_autoptr (GArray) parts = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) blocked = g_array_new (FALSE, FALSE, sizeof (guint8));
  g_autofree double *y_base = NULL;
  g_autofree gint8 *modes = NULL, *q = NULL;
  gint8 *decided;

  for (guint k = 0; k < run->n; k++)
    {
      guint i = run->parts[k];
      Contact c;

      _sw_friction_read_contact (run, i, t, &c);
      /* Free, sliding at speed, or sliding on from a break-away (it keeps
       * its kinetic torque, Modelica's pre(startForward)): not at rest. */
      if (c.free || (run->mode[i] != SW_FRICTION_STUCK
                     && (fabs (c.w) > zero_speed (run, i, &c, t) || run->band[k] > 0)))
        continue;
      if (!_sw_friction_decide_supports (run->base, i))
        return NULL;
      g_array_append_val (parts, i);
      {
        guint8 b = (c.room_forward <= _sw_friction_stop_tolerance (&c) ? SW_BLOCKED_FORWARD : 0)
                   | (c.room_backward <= _sw_friction_stop_tolerance (&c) ? SW_BLOCKED_BACKWARD : 0);

        g_array_append_val (blocked, b);
      }
    }
  if (parts->len == 0)
    return NULL;
  y_base = g_new (double, MAX (run->base->n_states, 1));
  if (!_sw_friction_run_base_state (run, t, y, y_base, NULL) || !sw_equations_complete (run->eq, t, y, t >= run->eq->left_from))
    return NULL;
  if (run->decide == NULL)
    run->decide = _sw_friction_decide_new (run->base);
  modes = g_new (gint8, parts->len);
  q = g_new (gint8, parts->len);
  if (!_sw_friction_decide (run->decide, t, y_base, run->eq, (const guint *) parts->data,
                            (const guint8 *) blocked->data, parts->len, modes, q))
    return NULL;
  decided = g_new (gint8, run->sys->n_parts);
  memset (decided, G_MININT8, run->sys->n_parts);
  *quadrants = g_new0 (gint8, run->sys->n_parts);
  for (guint k = 0; k < parts->len; k++)
    {
      guint i = g_array_index (parts, guint, k);

      decided[i] = modes[k] == 0 ? SW_FRICTION_STUCK : modes[k] > 0 ? SW_FRICTION_FORWARD : SW_FRICTION_BACKWARD;
      (*quadrants)[i] = q[k];
    }
  return decided;
}

/* The kinetic energy (after sw_equations_complete). */
static double
kinetic_energy (SwFrictionRun *run, double *scratch)
{
  double e = 0;

  _sw_system_apply_mass (run->sys, run->eq->v, scratch);
  for (guint i = 0; i < run->sys->n_nodes; i++)
    e += 0.5 * run->eq->v[i] * scratch[i];
  return e;
}

gboolean
_sw_friction_run_settle (SwFrictionRun *run, double t, const double *y, gboolean *changed, double **y_new,
                         GError **error)
{
  g_autofree double *state = g_memdup2 (y, MAX (run->sys->n_states, 1) * sizeof (double));
  g_autofree gint8 *start = g_new0 (gint8, run->sys->n_parts);
  g_autofree gint8 *before = g_memdup2 (run->mode, run->sys->n_parts);
  g_autofree gboolean *was_at_stop = g_memdup2 (run->at_stop, run->sys->n_parts * sizeof (gboolean));
  /* Per part, the sliding directions given it in this iteration (1
   * forward, 2 backward): where each one's speed points the other way
   * (a massless side whose speed follows the friction), it sticks. */
  g_autofree guint8 *tried = g_new0 (guint8, run->sys->n_parts);
  /* Parts that hit a hard stop here: the kinetic energy the impact takes
   * is theirs. */
  g_autofree gboolean *hit = g_new0 (gboolean, run->sys->n_parts);
  g_autofree gboolean *hit_stop = g_new0 (gboolean, run->sys->n_parts);
  g_autofree double *scratch = g_new (double, MAX (run->sys->n_nodes, 1));
  g_autofree gint8 *decided = NULL, *decided_q = NULL;
  guint round, n_hit = 0;
  double energy_before;

  *changed = FALSE;
  *y_new = NULL;
  g_array_set_size (run->changes, 0);

  /* Events piling up while time hardly advances: chattering. */
  run->recent[run->n_recent++ % CHATTER_EVENTS] = t;
  run->recent_slow[run->n_recent_slow++ % CHATTER_EVENTS_SLOW] = t;

  /* A part with hard stops cannot be beyond them (only at the start can it
   * be: every later arrival is located). */
  if (!sw_equations_complete (run->eq, t, state, t >= run->eq->left_from))
    return _sw_friction_equations_error (run, error);
  energy_before = kinetic_energy (run, scratch);
  for (guint k = 0; k < run->n; k++)
    {
      Contact c;

      _sw_friction_read_contact (run, run->parts[k], t, &c);
      if (c.room_forward < -_sw_friction_stop_tolerance (&c) || c.room_backward < -_sw_friction_stop_tolerance (&c))
        {
          g_set_error (error, SW_ERROR, SW_ERROR_CONTRADICTION,
                       _("component “%s”: at t = %.9g s it is beyond its hard stops: flange_b - support = %g m; "
                         "valid: %g m to %g m (smin + L to smax)"),
                       run->sys->parts[run->parts[k]].id, t, c.rel, c.lower, c.upper);
          return FALSE;
        }
    }
  decided = decide_together (run, t, state, &decided_q);
  for (round = 0; round < MAX_SETTLE_ROUNDS; round++)
    {
      gboolean round_changed = FALSE, relock = FALSE;

      if (!sw_equations_complete (run->eq, t, state, t >= run->eq->left_from))
        return _sw_friction_equations_error (run, error);
      for (guint k = 0; k < run->n; k++)
        {
          guint i = run->parts[k];
          Contact c;
          double w_zero;
          gint8 next;

          _sw_friction_read_contact (run, i, t, &c);
          w_zero = zero_speed (run, i, &c, t);
          if (run->sys->parts[i].kind->friction->one_way)
            {
              if (c.w < -w_zero)
                {
                  g_set_error (error, SW_ERROR, SW_ERROR_CONTRADICTION,
                               _("component “%s”: the one-way clutch turns backward at t = %.9g s (w_rel = %g "
                                 "rad/s), which its freewheel does not allow; valid: initial speeds with "
                                 "w_rel >= 0"), run->sys->parts[i].id, t, c.w);
                  return FALSE;
                }
              next = round == 0 && decided != NULL && decided[i] != G_MININT8
                     ? decided[i] : next_one_way_mode (run->mode[i], start[i], &c, w_zero);
            }
          else if (round == 0 && decided != NULL && decided[i] != G_MININT8)
            next = decided[i];
          else
            next = next_mode (run->mode[i], start[i], &c, w_zero);
          if ((next == SW_FRICTION_FORWARD || next == SW_FRICTION_BACKWARD) && next != run->mode[i])
            {
              tried[i] |= next == SW_FRICTION_FORWARD ? 1 : 2;
              if ((tried[i] & 3) == 3)
                next = SW_FRICTION_STUCK;
            }
          if (run->sys->parts[i].kind->friction->loss != NULL && settle_quadrant (run, i, next, &c, tried))
            round_changed = TRUE;
          /* The joint decision knows the quadrant the torques will have. */
          if (round == 0 && decided != NULL && decided[i] != G_MININT8 && decided_q[i] != 0
              && (next == SW_FRICTION_FORWARD || next == SW_FRICTION_BACKWARD) && run->quadrant[i] != decided_q[i])
            {
              run->quadrant[i] = decided_q[i];
              round_changed = TRUE;
            }
          if (next == run->mode[i])
            continue;
          /* Stuck at speed: an impact (a hard stop, a stick band). */
          if (next == SW_FRICTION_STUCK && run->mode[i] != SW_FRICTION_STUCK && !hit[i] && fabs (c.w) > w_zero)
            {
              hit[i] = TRUE;
              hit_stop[i] = c.room_forward <= _sw_friction_stop_tolerance (&c) || c.room_backward <= _sw_friction_stop_tolerance (&c);
              n_hit++;
            }
          /* Breaking away from stuck: sliding starts at speed 0. Twice the
           * direction when the part slid into this event (a reversal
           * through 0): its rows show the new sliding mode, as Modelica's
           * do (only the sign counts here). */
          start[i] = run->mode[i] == SW_FRICTION_STUCK && (next == SW_FRICTION_FORWARD || next == SW_FRICTION_BACKWARD)
                     ? next * (before[i] == SW_FRICTION_STUCK ? 1 : 2) : 0;
          run->band[k] = start[i] != 0 ? w_zero : 0;
          run->leaving[i] = start[i] != 0 && _sw_friction_stick_speed (run, i) > 0;
          if ((next == SW_FRICTION_STUCK) != (run->mode[i] == SW_FRICTION_STUCK))
            {
              run->locked[i] = next == SW_FRICTION_STUCK ? lock_position (&c) : NAN;
              run->at_stop[i] = next == SW_FRICTION_STUCK && (c.room_forward <= _sw_friction_stop_tolerance (&c)
                                                             || c.room_backward <= _sw_friction_stop_tolerance (&c));
              relock = TRUE;
            }
          run->mode[i] = next;
          round_changed = TRUE;
        }
      if (!round_changed)
        break;
      *changed = TRUE;
      memcpy (run->eq->mode, run->mode, run->sys->n_parts);
      memcpy (run->eq->quadrant, run->quadrant, run->sys->n_parts);
      memcpy (run->eq->start, start, run->sys->n_parts);
      if (relock)
        {
          double *mapped = NULL;

          if (!reconfigure (run, t, state, &mapped, error))
            return FALSE;
          g_free (state);
          state = mapped;
        }
    }
  if (round == MAX_SETTLE_ROUNDS
      || (run->n_recent >= CHATTER_EVENTS && t - run->recent[run->n_recent % CHATTER_EVENTS] <= run->chatter_span)
      || (run->n_recent_slow >= CHATTER_EVENTS_SLOW
          && t - run->recent_slow[run->n_recent_slow % CHATTER_EVENTS_SLOW] <= run->chatter_span_slow))
    {
      /* The part that changed mode at this event; with contacts alone, the
       * first contact (there is at least one friction part or contact). */
      guint culprit = run->n > 0 ? run->parts[0] : run->contacts[0];

      for (guint k = run->n_contacts; k-- > 0;)
        if (run->g_trial[run->n + k] < 0)
          culprit = run->contacts[k];
      for (guint k = run->n; k-- > 0;)
        if (before[run->parts[k]] != run->mode[run->parts[k]] || start[run->parts[k]] != 0)
          culprit = run->parts[k];
      /* Events that a switching function's crossings make: its part. */
      if (run->crossed < run->n_switch && t == run->crossed_at)
        culprit = run->crossed < run->n ? run->parts[run->crossed] : run->contacts[run->crossed - run->n];
      if (run->sys->parts[culprit].kind->friction != NULL)
        g_set_error (error, SW_ERROR, SW_ERROR_NOT_CONVERGED,
                     _("component “%s”: the friction modes chatter at t = %.9g s (they switch back and forth with "
                       "hardly any time between); check the friction and the driving torques there"),
                     run->sys->parts[culprit].id, t);
      else
        g_set_error (error, SW_ERROR, SW_ERROR_NOT_CONVERGED,
                     _("component “%s”: its events pile up at t = %.9g s (they follow each other with hardly any "
                       "time between); check its parameters and what drives it there"),
                     run->sys->parts[culprit].id, t);
      return FALSE;
    }
  memcpy (run->eq->start, start, run->sys->n_parts);
  if (settle_contacts (run, t))
    *changed = TRUE;
  /* The log has what changed across the whole iteration, not its rounds,
   * and first every part's mode at the start. */
  for (guint k = 0; k < run->n; k++)
    {
      guint i = run->parts[k];

      gint8 old = !run->settled ? SW_FRICTION_START : was_at_stop[i] ? SW_MODE_AT_STOP : before[i];
      gint8 now = run->at_stop[i] ? SW_MODE_AT_STOP : run->mode[i];

      /* A part that hit a stop and left it at once (an impact, then a
       * spring pushes it back): both changes. */
      if (hit_stop[i] && !run->at_stop[i])
        {
          g_array_append_val (run->changes, ((Change) { i, old, SW_MODE_AT_STOP }));
          old = SW_MODE_AT_STOP;
        }
      if (old != now)
        g_array_append_val (run->changes, ((Change) { i, old, now }));
    }
  /* In the file's order (parts are in the order of their ids); the
   * changes of one part keep theirs (a stable sort). */
  g_array_sort_with_data (run->changes, compare_changes, run->sys);
  run->settled = TRUE;
  /* The switching functions' reference: this instant, new modes. */
  if (!_sw_friction_switching (run, t, state, run->g))
    return _sw_friction_equations_error (run, error);
  if (n_hit > 0)
    {
      double lost = MAX (0, energy_before - kinetic_energy (run, scratch));

      for (guint i = 0; i < run->sys->n_parts; i++)
        if (hit[i])
          run->impact[i] += lost / n_hit;
      memcpy (run->eq->impact, run->impact, run->sys->n_parts * sizeof (double));
    }
  for (guint k = 0; k < run->n_switch; k++)
    run->g[k] = MAX (run->g[k], 0);
  if (*changed)
    *y_new = g_steal_pointer (&state);
  return TRUE;
}
